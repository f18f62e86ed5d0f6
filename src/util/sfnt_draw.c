/* sfnt_draw.c: what a font's glyphs would cost to draw (sfnt_draw.h): its
 * TrueType outlines measured glyph by glyph, composite glyphs through their
 * parts, and the pictures of its colour glyphs. */
#include "util/sfnt_draw.h"

#include <math.h>
#include <string.h>
#include "util/bytes.h"
#include "util/cff.h"
#include "util/fonts.h"
#include "util/otl.h"
#include "util/picture.h"

/* What drawing one glyph costs, its parts' included. */
typedef struct glyph_cost {
    double outline; /* font units, across plus down */
    long long points, loads;
    unsigned char state; /* 0 not yet measured, 1 being measured, 2 measured */
} glyph_cost;

typedef struct glyf_font {
    const guint8 *glyf, *loca;
    gsize glyf_len;
    bool wide; /* loca of 32-bit offsets */
    unsigned glyphs;
    double upem;
    glyph_cost *cost; /* one a glyph */
} glyf_font;

static gsize loca_at(const glyf_font *f, unsigned g)
{
    return f->wide ? pn_be32(f->loca + 4 * (gsize)g) : 2 * (gsize)pn_be16(f->loca + 2 * (gsize)g);
}

/* One coordinate's move for a point of flags fl: a byte (the flag short,
 * its sign from the flag same), nothing (same), or two bytes, read at *p.
 * false when they run past end. */
static bool delta(guint8 fl, guint8 short_bit, guint8 same_bit, const guint8 **p, const guint8 *end,
                  long *d)
{
    *d = 0;
    if (fl & short_bit) {
        if (*p >= end) return false;
        *d = fl & same_bit ? **p : -(long)**p;
        *p += 1;
    } else if (!(fl & same_bit)) {
        if (*p + 2 > end) return false;
        *d = (gint16)pn_be16(*p);
        *p += 2;
    }
    return true;
}

/* A simple glyph's points and outline (p to end: its bytes, at least the 10
 * of its header). Its coordinates are read as FreeType reads them; where
 * they run short FreeType refuses the glyph, and what was read counts. */
static void simple_cost(const guint8 *p, const guint8 *end, glyph_cost *c)
{
    unsigned contours = pn_be16(p);
    const guint8 *ends = p + 10;
    if (contours == 0 || (gsize)(end - ends) < 2 * (gsize)contours + 2) return;
    unsigned points = pn_be16(ends + 2 * (contours - 1)) + 1u;
    const guint8 *q = ends + 2 * contours;
    q += 2 + pn_be16(q); /* the instructions */
    if (q > end) return;
    /* The flags, then the x and then the y deltas: find where the x start. */
    guint8 *flags = g_malloc(points);
    unsigned n = 0;
    while (n < points && q < end) {
        guint8 fl = *q++;
        unsigned repeat = 1;
        if (fl & 8) {
            if (q >= end) break;
            repeat += *q++;
        }
        while (repeat-- && n < points)
            flags[n++] = fl;
    }
    c->points = n; /* a glyph claiming more fails to load */
    const guint8 *xs = q;
    gsize xlen = 0;
    for (unsigned i = 0; i < n; i++)
        xlen += flags[i] & 2 ? 1 : flags[i] & 16 ? 0 : 2;
    const guint8 *ys = xlen <= (gsize)(end - xs) ? xs + xlen : end;
    long x = 0, y = 0, x0 = 0, y0 = 0;
    unsigned contour = 0, next_end = pn_be16(ends);
    double len = 0;
    for (unsigned i = 0; i < n; i++) {
        long dx, dy;
        if (!delta(flags[i], 2, 16, &xs, end, &dx) || !delta(flags[i], 4, 32, &ys, end, &dy)) break;
        x += dx, y += dy;
        bool first = i == 0 || i == (contour ? pn_be16(ends + 2 * (contour - 1)) + 1u : 0u);
        if (first)
            x0 = x, y0 = y;
        else
            len += labs(dx) + labs(dy);
        if (i == next_end) { /* the edge back to the contour's first point */
            len += labs(x - x0) + labs(y - y0);
            if (++contour >= contours) break;
            next_end = pn_be16(ends + 2 * contour);
        }
    }
    g_free(flags);
    c->outline = len;
}

/* Measures glyph g into f->cost[g], its parts first (depth: how deep in a
 * composite it is). NULL, or why the font is refused. */
static const char *measure(glyf_font *f, unsigned g, int depth)
{
    glyph_cost *c = &f->cost[g];
    if (c->state == 2) return NULL;
    if (c->state == 1) return "a composite glyph of it contains itself";
    if (depth > PN_SFNT_MAX_GLYPH_DEPTH) return "its composite glyphs are nested too deep";
    c->state = 1;
    c->loads = 1;
    gsize at = loca_at(f, g), next = loca_at(f, g + 1); /* in order: pn_sfnt_damage */
    const guint8 *p = f->glyf + at, *end = f->glyf + next;
    if (next - at >= 10 && (gint16)pn_be16(p) < 0) { /* FreeType: any negative count */
        /* Its parts: flags, glyph, two offsets, then a scale, two or four. */
        const guint8 *q = p + 10;
        unsigned flags;
        do {
            if (q + 4 > end) break;
            flags = pn_be16(q);
            unsigned part = pn_be16(q + 2);
            q += 4 + (flags & 1 ? 4 : 2);
            int ns = flags & 8 ? 1 : flags & 64 ? 2 : flags & 128 ? 4 : 0;
            if (q + 2 * ns > end) break;
            double scale = ns ? 0 : 1;
            for (int k = 0; k < ns; k++)
                scale += fabs((gint16)pn_be16(q + 2 * k) / 16384.0);
            q += 2 * ns;
            if (part >= f->glyphs) continue; /* FreeType refuses that part */
            const char *why = measure(f, part, depth + 1);
            if (why) return why;
            const glyph_cost *pc = &f->cost[part];
            c->loads += pc->loads;
            c->points += pc->points;
            c->outline += scale * pc->outline;
            if (c->loads > PN_SFNT_MAX_GLYPH_LOADS)
                return "a composite glyph of it is made of over " G_STRINGIFY(
                    PN_SFNT_MAX_GLYPH_LOADS) " glyphs";
        } while (flags & 32);
    } else if (next - at >= 10) {
        simple_cost(p, end, c);
    }
    c->state = 2;
    if (c->points > PN_SFNT_MAX_GLYPH_POINTS)
        return "a glyph of it has over " G_STRINGIFY(PN_SFNT_MAX_GLYPH_POINTS) " points";
    if (c->outline > PN_SFNT_MAX_GLYPH_OUTLINE * f->upem)
        return "a glyph of it has an outline over 1000 ems long";
    return NULL;
}

/* Every glyph of a TrueType font measured. glyf, loca, head and maxp are
 * whole and loca in order (pn_sfnt_damage with metrics). */
static const char *glyf_damage(const guint8 *d)
{
    gsize len;
    glyf_font f = {0};
    const guint8 *head = pn_sfnt_table(d, "head", &len), *maxp = pn_sfnt_table(d, "maxp", &len);
    f.loca = pn_sfnt_table(d, "loca", &len);
    f.glyf = pn_sfnt_table(d, "glyf", &f.glyf_len);
    if (!f.glyf || !f.loca || !head || !maxp) return NULL;
    f.wide = pn_be16(head + 50) != 0;
    f.glyphs = pn_be16(maxp + 4);
    f.upem = pn_be16(head + 18);
    if (f.upem < 16) f.upem = 16; /* FreeType refuses fewer */
    f.cost = g_new0(glyph_cost, f.glyphs + 1);
    const char *why = NULL;
    for (unsigned g = 0; g < f.glyphs && !why; g++)
        why = measure(&f, g, 0);
    g_free(f.cost);
    return why;
}

/* The pictures of colour glyphs (sbix, CBDT): FreeType hands each PNG to
 * libpng at the size its own header gives, and cairo copies and scales it.
 * Every PNG that libpng would read starts with its signature, so each one
 * in the table is found by it, wherever the table's index puts them. */
static const char *bitmap_damage(const guint8 *d)
{
    static const char *const tags[] = {"sbix", "CBDT"};
    static const guint8 sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    long long pixels = 0;
    for (size_t t = 0; t < G_N_ELEMENTS(tags); t++) {
        gsize len;
        const guint8 *p = pn_sfnt_table(d, tags[t], &len);
        if (!p) continue;
        const guint8 *end = p + len;
        for (; (p = memchr(p, sig[0], (gsize)(end - p))); p++) {
            if (end - p < 8 || memcmp(p, sig, sizeof sig)) continue;
            if (end - p >= 24 && !memcmp(p + 12, "IHDR", 4)) {
                guint32 w = pn_be32(p + 16), h = pn_be32(p + 20);
                if (w > PN_SFNT_MAX_BITMAP_SIDE || h > PN_SFNT_MAX_BITMAP_SIDE)
                    return "a colour glyph of it is a picture over " G_STRINGIFY(
                        PN_SFNT_MAX_BITMAP_SIDE) " pixels a side";
                if ((pixels += (long long)w * h) > PN_SFNT_MAX_BITMAP_PIXELS)
                    return "its colour glyphs' pictures pass 256 million pixels";
            }
            if (pn_picture_refusal(p, (size_t)(end - p)))
                return "a colour glyph of it is a PNG of more text chunks than a picture "
                       "carries";
        }
    }
    return NULL;
}

const char *pn_sfnt_draw_damage(const guint8 *d, gsize n, bool truetype)
{
    gsize len;
    if (n < 12) return "the file is too short for a font";
    if (pn_sfnt_table(d, "CFF2", &len))
        return "a variable font of CFF2 outlines, which pnpkit does not read (give a TrueType "
               "or CFF one)";
    const char *why = truetype ? glyf_damage(d) : NULL;
    const guint8 *cff = pn_sfnt_table(d, "CFF ", &len);
    if (!why && cff) why = pn_cff_damage(cff, len);
    const guint8 *gsub = pn_sfnt_table(d, "GSUB", &len);
    if (!why && gsub) why = pn_otl_damage(gsub, len, false);
    const guint8 *gpos = pn_sfnt_table(d, "GPOS", &len);
    if (!why && gpos) why = pn_otl_damage(gpos, len, true);
    if (!why) why = bitmap_damage(d);
    return why;
}

/* fonts.c: pango font maps over a private fontconfig configuration. */
#include "util/fonts.h"

#include <cairo-pdf.h>
#include <errno.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include "util/bytes.h"
#include "util/resources.h"
#include "util/inputs.h"
#include "util/otl.h"
#include "util/sfnt_draw.h"

/* A font map over the private configuration plus the n files. */
static PangoFontMap *new_map(pn_font_file *const *files, unsigned n, pn_err *err)
{
    /* Made first: pango starts loading the system's default fontconfig set-up
     * (FcInit, once per process) in a thread of its own when the first font map
     * is made, and waits for it before the first font is matched; so that runs
     * while the private configuration below is read. */
    PangoFontMap *map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
    const pn_resource *conf = pn_resource_find("fonts/fonts.conf");
    FcConfig *fc = FcConfigCreate();
    if (!map || !conf || !fc ||
        !FcConfigParseAndLoadFromMemory(fc, (const FcChar8 *)conf->data, FcTrue) ||
        !FcConfigBuildFonts(fc)) {
        if (fc) FcConfigDestroy(fc);
        if (map) g_object_unref(map);
        pn_err_set(err, PN_EIO, "cannot set up fonts from fonts/fonts.conf");
        return NULL;
    }
    FcFontSet *set = FcConfigGetFonts(fc, FcSetSystem);
    if (!set || set->nfont == 0) {
        FcConfigDestroy(fc);
        g_object_unref(map);
        pn_err_set(err, PN_EIO,
                   "no fonts found: install fonts-dejavu-core and fonts-comic-neue "
                   "(scripts/install-deps)");
        return NULL;
    }
    /* The template's own fonts, in this configuration only. */
    for (unsigned i = 0; i < n; i++)
        if (!FcConfigAppFontAddFile(fc, (const FcChar8 *)files[i]->path)) {
            FcConfigDestroy(fc);
            g_object_unref(map);
            pn_err_set(err, PN_EINPUT, "font %s: fontconfig cannot read it", files[i]->path);
            return NULL;
        }
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), fc);
    GHashTable *own = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    for (unsigned i = 0; i < n; i++)
        g_hash_table_add(own, g_strdup(files[i]->path));
    g_object_set_data_full(G_OBJECT(map), "pn-own-files", own, (GDestroyNotify)g_hash_table_unref);
    /* cairo keeps one scaled font per font face, size and options for the
     * whole process, behind a lock every use takes, so two contexts drawing
     * the same text on two threads took turns on it. Font maps made one after
     * another get one of cairo's five subpixel orders each, in turn: the
     * options then differ, so each map has scaled fonts of its own (five
     * contexts at a time never meet). Text is drawn with grey antialiasing,
     * which ignores the subpixel order: the output is the same. This counter
     * is the library's only process-wide state that changes, and it changes
     * no result. (A variation axis set in the options would do the same, but
     * cairo 1.16 leaks the string on every page.) */
    static gint maps;
    g_object_set_data(G_OBJECT(map), "pn-subpixel",
                      GINT_TO_POINTER(g_atomic_int_add(&maps, 1) % 5));
    /* The font map holds its own reference, which pango before 1.54 never
     * gives back (fixed by its commit ceb9689b): each map kept its
     * configuration, the template's font files read, for the life of the
     * process. There, pango's reference is given back for it when the map is
     * finalised, after pango's own finalisation (a GObject's data is cleared
     * last). */
    if (pango_version() < PANGO_VERSION_ENCODE(1, 54, 0))
        g_object_set_data_full(G_OBJECT(map), "pn-fc-config", fc, (GDestroyNotify)FcConfigDestroy);
    FcConfigDestroy(fc); /* ours */
    return map;
}

PangoFontMap *pn_fonts_new_map(pn_err *err)
{
    return new_map(NULL, 0, err);
}

PangoFontMap *pn_fonts_new_map_with(pn_font_file *const *files, unsigned n, pn_err *err)
{
    return new_map(files, n, err);
}

bool pn_fonts_is_own(PangoFontMap *map, PangoFont *font)
{
    GHashTable *own = map ? g_object_get_data(G_OBJECT(map), "pn-own-files") : NULL;
    if (!own || !font || !PANGO_IS_FC_FONT(font)) return false;
    FcPattern *p = pango_fc_font_get_pattern(PANGO_FC_FONT(font));
    FcChar8 *file = NULL;
    return p && FcPatternGetString(p, FC_FILE, 0, &file) == FcResultMatch &&
           g_hash_table_contains(own, file);
}

void pn_font_file_free(pn_font_file *f)
{
    if (!f) return;
    g_free(f->path);
    g_free(f->family);
    g_free(f);
}

/* The first four bytes of path, or -1 with err. */
static int font_magic(const char *path, unsigned char magic[4], pn_err *err)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) return pn_err_set(err, PN_EINPUT, "%s", g_strerror(errno));
    size_t got = fread(magic, 1, 4, fp);
    fclose(fp);
    if (got != 4) return pn_err_set(err, PN_EINPUT, "not a TrueType or OpenType font (too short)");
    return 0;
}

/* See fonts.h. */
const guint8 *pn_sfnt_table(const guint8 *d, const char *tag, gsize *len)
{
    unsigned count = pn_be16(d + 4);
    for (unsigned i = 0; i < count; i++) {
        const guint8 *e = d + 12 + 16 * i;
        if (!memcmp(e, tag, 4)) {
            *len = pn_be32(e + 12);
            return d + pn_be32(e + 8);
        }
    }
    return NULL;
}

/* See fonts.h. A name table whose records run past its end made `render
 * --format pdf` die with SIGSEGV inside cairo 1.16's subsetter (found by the
 * font harness); the format 4 cmap is parsed from the raw table there too.
 * FreeType and fontconfig accept such fonts. Damaged hmtx and loca tables
 * (metrics) crashed libharu, and a loca pointing far past the glyf table
 * made cairo's subsetter ask for 1 GB: a TrueType font's are checked too. */
const char *pn_sfnt_damage(const guint8 *d, gsize n, bool metrics)
{
    if (n < 12) return "the file is too short for a font";
    unsigned count = pn_be16(d + 4);
    if (12 + 16 * (gsize)count > n) return "its table directory runs past the end of the file";
    for (unsigned i = 0; i < count; i++) {
        const guint8 *e = d + 12 + 16 * i;
        if ((gsize)pn_be32(e + 8) + pn_be32(e + 12) > n)
            return "a table runs past the end of the file";
    }
    gsize len;
    const guint8 *t = pn_sfnt_table(d, "name", &len);
    if (t) {
        if (len < 6) return "its name table is damaged";
        unsigned records = pn_be16(t + 2), strings = pn_be16(t + 4);
        if (6 + 12 * (gsize)records > len) return "its name table is damaged";
        for (unsigned i = 0; i < records; i++) {
            const guint8 *r = t + 6 + 12 * i;
            if ((gsize)strings + pn_be16(r + 10) + pn_be16(r + 8) > len)
                return "its name table is damaged";
        }
    }
    if ((t = pn_sfnt_table(d, "cmap", &len))) {
        if (len < 4 || 4 + 8 * (gsize)pn_be16(t + 2) > len) return "its cmap table is damaged";
        for (unsigned i = 0; i < pn_be16(t + 2); i++) {
            gsize off = pn_be32(t + 4 + 8 * i + 4);
            if (off + 4 > len) return "its cmap table is damaged";
            if (pn_be16(t + off) != 4) continue;
            gsize sub = pn_be16(t + off + 2); /* checked before its header is read */
            if (sub < 16 || off + sub > len) return "its cmap table is damaged";
            gsize segs = pn_be16(t + off + 6) / 2;
            if (16 + 8 * segs > sub) return "its cmap table is damaged";
            const guint8 *ends = t + off + 14, *starts = ends + 2 * segs + 2;
            const guint8 *ranges = starts + 4 * segs;
            for (gsize k = 0; k < segs; k++) {
                unsigned start = pn_be16(starts + 2 * k), end = pn_be16(ends + 2 * k);
                unsigned ro = pn_be16(ranges + 2 * k);
                if (!ro || end < start) continue;
                gsize at = (gsize)(ranges + 2 * k - (t + off)) + ro;
                if (at + 2 * (gsize)(end - start + 1) > sub) return "its cmap table is damaged";
            }
        }
    }
    if (!metrics) return NULL;
    gsize hh, hm, mx, hd, lc, gl;
    const guint8 *hhea = pn_sfnt_table(d, "hhea", &hh), *maxp = pn_sfnt_table(d, "maxp", &mx);
    const guint8 *head = pn_sfnt_table(d, "head", &hd), *loca = pn_sfnt_table(d, "loca", &lc);
    if (!pn_sfnt_table(d, "hmtx", &hm)) hm = 0;
    if (!pn_sfnt_table(d, "glyf", &gl)) gl = 0;
    if (!hhea || hh < 36 || !maxp || mx < 6 || !head || hd < 54 || !loca)
        return "a table it needs is missing or too short";
    gsize glyphs = pn_be16(maxp + 4), metrics_n = pn_be16(hhea + 34);
    if (!metrics_n || metrics_n > glyphs || 4 * metrics_n + 2 * (glyphs - metrics_n) > hm)
        return "its hmtx table does not hold the metrics its hhea table says";
    if (pn_be16(head + 50) > 1) return "its head table names no loca format it has";
    bool wide = pn_be16(head + 50) != 0;
    if ((glyphs + 1) * (wide ? 4 : 2) > lc) return "its loca table is shorter than its glyph count";
    gsize prev = 0;
    for (gsize g = 0; g <= glyphs; g++) {
        gsize at = wide ? pn_be32(loca + 4 * g) : 2 * (gsize)pn_be16(loca + 2 * g);
        if (at < prev || at > gl) return "its loca table points outside its glyf table";
        prev = at;
    }
    return NULL;
}

/* A table's place in the file, to find tables that overlap. */
typedef struct {
    guint32 off, len;
} sfnt_span;

static int span_cmp(const void *a, const void *b)
{
    guint32 x = ((const sfnt_span *)a)->off, y = ((const sfnt_span *)b)->off;
    return x < y ? -1 : x > y;
}

/* libharu copies the tables it does not rebuild whole, and every name record's
 * text: tables stretched over one another, or 65 535 names each spelling the
 * first 64 KB of the table, made it copy hundreds of megabytes to gigabytes.
 * The fonts of a system keep their tables apart and their names small. */
static const char *embed_size_damage(const guint8 *d)
{
    unsigned count = pn_be16(d + 4), used = 0;
    sfnt_span *s = g_new(sfnt_span, count + 1);
    for (unsigned i = 0; i < count; i++) {
        const guint8 *e = d + 12 + 16 * i;
        if (pn_be32(e + 12)) s[used++] = (sfnt_span){pn_be32(e + 8), pn_be32(e + 12)};
    }
    qsort(s, used, sizeof *s, span_cmp);
    bool apart = true;
    for (unsigned i = 0; i + 1 < used && apart; i++)
        apart = (gsize)s[i].off + s[i].len <= s[i + 1].off;
    g_free(s);
    if (!apart) return "its tables overlap";
    gsize len, text = 0;
    const guint8 *t = pn_sfnt_table(d, "name", &len);
    for (unsigned i = 0; t && i < pn_be16(t + 2); i++)
        text += pn_be16(t + 6 + 12 * i + 8);
    if (text > PN_SFNT_MAX_NAME_TEXT) return "its names hold over 1 MB of text";
    return NULL;
}

/* libharu keeps widths and the font's box in thousandths of an em in 16 bits:
 * past 32.767 em a width came out negative ("has no glyph for U+0000") and a
 * box failed the save. hmtx and head are whole (pn_sfnt_damage). */
static const char *embed_metric_damage(const guint8 *d, unsigned upem)
{
    gsize len;
    const guint8 *hhea = pn_sfnt_table(d, "hhea", &len), *hmtx = pn_sfnt_table(d, "hmtx", &len);
    const guint8 *head = pn_sfnt_table(d, "head", &len);
    for (unsigned i = 0; i < pn_be16(hhea + 34); i++)
        if (pn_be16(hmtx + 4 * i) * 1000L / upem > 32767) return "a glyph of it is over 32 em wide";
    for (int i = 0; i < 4; i++) {
        long v = (gint16)pn_be16(head + 36 + 2 * i);
        if (labs(v) * 1000 / upem > 32767) return "its bounding box is over 32 em";
    }
    return NULL;
}

/* The components of the composite glyph read at d + at (d + n: the file end)
 * as libharu reads them to find the glyphs it needs (a header of 10 bytes,
 * then components while their flags say more follow): 0 when it is not a
 * composite, -1 when they run past end. */
static long composite_parts(const guint8 *d, gsize n, gsize at, gsize end)
{
    if (at + 2 > n || pn_be16(d + at) != 0xFFFF) return 0;
    gsize p = at + 10;
    long parts = 0;
    unsigned flags;
    do {
        if (p + 4 > end) return -1;
        flags = pn_be16(d + p);
        p += 4 + (flags & 1 ? 4 : 2) + (flags & 8 ? 2 : flags & 64 ? 4 : flags & 128 ? 8 : 0);
        if (p > end) return -1;
        parts++;
    } while (flags & 32);
    return parts;
}

/* libharu reads a used glyph's components from its place in the loca table
 * whatever its length (an empty glyph reads the next one's), until their
 * flags stop, with a file seek for each: a glyph of 5.5 million components
 * (in a 33 MB font) took over 60 s, and 99 empty glyphs before a glyph of a
 * million components took 30 s. Each place is walked once, within the glyph
 * stored there, and the parts all glyphs would read are counted (a system's
 * fonts: at most 8 a glyph, some 6 000 in all). loca and glyf are whole
 * (pn_sfnt_damage). */
static const char *embed_glyph_damage(const guint8 *d, gsize n)
{
    gsize len, gl;
    const guint8 *head = pn_sfnt_table(d, "head", &len), *maxp = pn_sfnt_table(d, "maxp", &len);
    const guint8 *loca = pn_sfnt_table(d, "loca", &len), *glyf = pn_sfnt_table(d, "glyf", &gl);
    if (!glyf) return NULL;
    bool wide = pn_be16(head + 50) != 0;
    gsize glyphs = pn_be16(maxp + 4), base = (gsize)(glyf - d), end = gl;
    long here = 0, all = 0;
#define LOCA(g) (wide ? pn_be32(loca + 4 * (g)) : 2 * (gsize)pn_be16(loca + 2 * (g)))
    for (gsize g = glyphs; g-- > 0;) {
        gsize at = LOCA(g), next = LOCA(g + 1);
        if (next > at) end = next;
        /* else glyph g is empty and reads the glyph stored at its place */
        if ((next > at || g + 1 == glyphs) &&
            (here = composite_parts(d, n, base + at, base + end)) < 0)
            return "a composite glyph of it runs past its end";
        if ((all += here) > PN_SFNT_MAX_GLYPH_PARTS)
            return "its composite glyphs hold over a million parts";
    }
#undef LOCA
    return NULL;
}

/* See fonts.h. libharu 2.3.0 looks a character up in the first segment of
 * the map whose end is at or past it, reading one past the segments when
 * none is (a map must end with a segment ending at U+FFFF), and reads the
 * place of the glyph it finds in its loca table without checking it against
 * the glyph count: a map leading 'H' to a glyph the font lacks made `render
 * --backend haru --ttf` die with SIGSEGV (found by the ttf harness). */
const char *pn_sfnt_embed_damage(const guint8 *d, gsize n)
{
    gsize len, hd, mx;
    const guint8 *head = pn_sfnt_table(d, "head", &hd), *maxp = pn_sfnt_table(d, "maxp", &mx);
    const guint8 *t = pn_sfnt_table(d, "cmap", &len);
    if (!head || hd < 54 || !maxp || mx < 6 || !t || len < 4 || n < 12)
        return "a table it needs is missing or too short";
    unsigned upem = pn_be16(head + 18);
    if (upem < 16 || upem > 16384) return "its units per em are not 16 to 16384";
    const char *why = embed_size_damage(d);
    if (!why) why = embed_metric_damage(d, upem);
    if (!why) why = embed_glyph_damage(d, n);
    if (why) return why;
    gsize glyphs = pn_be16(maxp + 4);
    /* the map libharu uses: the first (3, 1) record whose table is format 4 */
    const guint8 *sub = NULL;
    gsize sublen = 0;
    for (unsigned i = 0; i < pn_be16(t + 2) && !sub; i++) {
        const guint8 *r = t + 4 + 8 * i;
        gsize off = pn_be32(r + 4);
        if (pn_be16(r) == 3 && pn_be16(r + 2) == 1 && pn_be16(t + off) == 4) {
            sub = t + off;
            sublen = pn_be16(sub + 2); /* within the table: pn_sfnt_damage */
        }
    }
    if (!sub) return "it has no Windows Unicode character map in format 4";
    gsize segs = pn_be16(sub + 6) / 2;
    if (!segs || pn_be16(sub + 14 + 2 * (segs - 1)) != 0xFFFF)
        return "its character map does not end at U+FFFF";
    const guint8 *ends = sub + 14, *starts = ends + 2 * segs + 2, *deltas = starts + 2 * segs;
    const guint8 *ranges = deltas + 2 * segs;
    gsize array = 16 + 8 * segs, count = sublen > array ? (sublen - array) / 2 : 0;
    long below = -1; /* the codes up to here belong to earlier segments */
    for (gsize k = 0; k < segs; k++) {
        long start = pn_be16(starts + 2 * k), end = pn_be16(ends + 2 * k);
        unsigned delta = pn_be16(deltas + 2 * k), ro = pn_be16(ranges + 2 * k);
        for (long c = MAX(start, below + 1); c <= end; c++) {
            unsigned gid;
            if (!ro) {
                gid = (unsigned)(c + delta) & 0xFFFF;
            } else {
                /* as libharu counts it, from the start of the glyph array
                 * (below it or past its end: no glyph; at its end: read
                 * past it), and with the delta added even to glyph 0 */
                long idx = (long)ro / 2 + (c - start) - (long)(segs - k);
                if (idx < 0 || (gsize)idx > count) continue;
                if ((gsize)idx == count) return "its character map runs past its end";
                gid = (pn_be16(sub + array + 2 * idx) + delta) & 0xFFFF;
            }
            if (gid >= glyphs) return "its character map names glyphs it does not have";
        }
        below = MAX(below, end);
    }
    return NULL;
}

/* The font d's weight (PN_FONT_SHAPE_UNIT), its tables found whole. */
static unsigned font_shape_weight(const guint8 *d)
{
    guint64 work = 0;
    gsize len;
    const guint8 *t = pn_sfnt_table(d, "GSUB", &len);
    if (t) work += pn_otl_work(t, len, false);
    if ((t = pn_sfnt_table(d, "GPOS", &len))) work += pn_otl_work(t, len, true);
    return (unsigned)MAX(work / PN_FONT_SHAPE_UNIT, 1);
}

pn_font_file *pn_font_file_probe(const char *path, pn_err *err)
{
    GStatBuf st;
    if (g_stat(path, &st) != 0) {
        pn_err_set(err, PN_EINPUT, "%s", g_strerror(errno));
        return NULL;
    }
    if (!S_ISREG(st.st_mode)) {
        pn_err_set(err, PN_EINPUT, "not a regular file");
        return NULL;
    }
    if (st.st_size > PN_FONT_FILE_MAX_BYTES) {
        pn_err_set(err, PN_EINPUT, "larger than %d MB", PN_FONT_FILE_MAX_BYTES >> 20);
        return NULL;
    }
    unsigned char m[4];
    if (font_magic(path, m, err)) return NULL;
    bool ttf = !memcmp(m, "\0\1\0\0", 4) || !memcmp(m, "true", 4);
    bool otf = !memcmp(m, "OTTO", 4);
    if (!memcmp(m, "ttcf", 4)) {
        pn_err_set(err, PN_EINPUT, "a font collection (.ttc): give one font file (.ttf or .otf)");
        return NULL;
    }
    if (!ttf && !otf) {
        pn_err_set(err, PN_EINPUT, "not a TrueType or OpenType font");
        return NULL;
    }
    gchar *bytes = NULL;
    gsize n = 0;
    GError *ge = NULL;
    if (!g_file_get_contents(path, &bytes, &n, &ge)) {
        pn_err_set(err, PN_EINPUT, "%s", ge->message);
        g_error_free(ge);
        return NULL;
    }
    /* A TrueType font's glyph metrics and locations are checked too: a loca
     * table pointing past its glyf table made cairo's subsetter ask for 1 GB
     * (the font harness), and so did a loca table with no glyf table at all
     * (the eighth campaign); a CFF font has neither table. */
    gsize glyf_len, loca_len;
    bool truetype = n >= 12 && !pn_sfnt_damage((const guint8 *)bytes, n, false) &&
                    (pn_sfnt_table((const guint8 *)bytes, "glyf", &glyf_len) ||
                     pn_sfnt_table((const guint8 *)bytes, "loca", &loca_len));
    const char *damage = pn_sfnt_damage((const guint8 *)bytes, n, truetype);
    /* A font whole but costly to draw (sfnt_draw.h). */
    const char *cost = damage ? NULL : pn_sfnt_draw_damage((const guint8 *)bytes, n, truetype);
    unsigned shape_weight = damage || cost ? 1 : font_shape_weight((const guint8 *)bytes);
    g_free(bytes);
    if (damage || cost) {
        pn_err_set(err, PN_EINPUT,
                   damage ? "a damaged font: %s" : "a font pnpkit does not draw: %s",
                   damage ? damage : cost);
        return NULL;
    }
    pn_inputs_note(path);
    int count = 0;
    FcPattern *p = FcFreeTypeQuery((const FcChar8 *)path, 0, NULL, &count);
    FcChar8 *family = NULL, *format = NULL;
    if (!p || FcPatternGetString(p, FC_FAMILY, 0, &family) != FcResultMatch || !family ||
        !*family) {
        if (p) FcPatternDestroy(p);
        pn_err_set(err, PN_EINPUT, "not a font FreeType can read");
        return NULL;
    }
    if (count != 1) {
        FcPatternDestroy(p);
        pn_err_set(err, PN_EINPUT, "holds %d fonts: give a file with one", count);
        return NULL;
    }
    int weight = FC_WEIGHT_REGULAR, slant = FC_SLANT_ROMAN;
    FcPatternGetInteger(p, FC_WEIGHT, 0, &weight);
    FcPatternGetInteger(p, FC_SLANT, 0, &slant);
    FcPatternGetString(p, FC_FONTFORMAT, 0, &format);
    pn_font_file *f = g_new0(pn_font_file, 1);
    f->path = g_strdup(path);
    f->family = g_strdup((const char *)family);
    f->bold = weight >= FC_WEIGHT_DEMIBOLD;
    f->italic = slant != FC_SLANT_ROMAN;
    f->truetype = ttf && format && !strcmp((const char *)format, "TrueType");
    f->size = (long long)st.st_size;
    f->mtime = (long long)st.st_mtime;
    f->shape_weight = shape_weight;
    FcPatternDestroy(p);
    return f;
}

void pn_fonts_setup_context(PangoContext *ctx)
{
    pango_cairo_context_set_resolution(ctx, 72.0);
    cairo_font_options_t *fo = cairo_font_options_create();
    cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
    cairo_font_options_set_subpixel_order(
        fo, (cairo_subpixel_order_t)GPOINTER_TO_INT(
                g_object_get_data(G_OBJECT(pango_context_get_font_map(ctx)), "pn-subpixel")));
    pango_cairo_context_set_font_options(ctx, fo);
    cairo_font_options_destroy(fo);
    pango_context_set_round_glyph_positions(ctx, FALSE);
    /* Add what a vector surface adds to the options (PDF and SVG agree): pango
     * keeps fonts apart by their merged options, so without this the text
     * measured here and the same text drawn into a PDF used two sets of fonts,
     * and every font costs a fontconfig sort and a metrics layout to create. */
    cairo_surface_t *vec = cairo_pdf_surface_create_for_stream(NULL, NULL, 1, 1);
    cairo_t *cr = cairo_create(vec);
    pango_cairo_update_context(cr, ctx);
    cairo_destroy(cr);
    cairo_surface_destroy(vec);
}

PangoLayout *pn_fonts_layout(PangoContext *ctx, const char *family, double size, int bold,
                             int italic, const char *utf8)
{
    PangoFontDescription *fd = pango_font_description_new();
    pango_font_description_set_family(fd, family ? family : PN_FONT_PRINT);
    pango_font_description_set_size(fd, (gint)(size * PANGO_SCALE + 0.5));
    pango_font_description_set_weight(fd, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
    pango_font_description_set_style(fd, italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL);
    PangoLayout *l = pango_layout_new(ctx);
    pango_layout_set_font_description(l, fd);
    pango_layout_set_text(l, utf8, -1);
    pango_font_description_free(fd);
    return l;
}

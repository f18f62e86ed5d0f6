/* cff.c: the CFF table of an OpenType font checked before FreeType and cairo
 * read it (see cff.h). Every read is bounded by the table's length; the
 * charstring walks nest at most FT_MAX_NESTING deep and stop at the work
 * bounds, so any table takes bounded time. */
#include "util/cff.h"
#include "util/bytes.h"

/* The Type 2 charstring limit on nested subroutine calls, which cairo
 * keeps (past it, it embeds the font without subsetting its subroutines). */
#define MAX_NESTING 10
/* FreeType 2.12 follows calls 16 deep (a Japanese font needs more than 10). */
#define FT_MAX_NESTING 16
/* The most operands a DICT or a charstring may hold at once. */
#define MAX_STACK 48
/* FreeType's hint mask holds at most this many hints. */
#define MAX_HINTS 96

static const char *const damaged = "its CFF table is damaged";
static const char *const lacks_subr = "its CFF outlines call a subroutine they lack";
static const char *const computed_subr = "its CFF outlines call a subroutine by a computed number";
static const char *const nests = "its CFF outlines nest subroutines over 16 deep";
static const char *const lacks_fd = "its CFF font dict selection names a dict it lacks";
static const char *const glyph_long = "a glyph of its CFF outlines takes over 64 KB to draw";
static const char *const glyph_points = "a glyph of its CFF outlines has over 8192 points";
static const char *const glyph_outline =
    "a glyph of its CFF outlines has an outline over 1000 ems long";
static const char *const font_long = "its CFF outlines take over 64 MB to draw";

/* An INDEX: count items, item i at data + offset[i] - 1. */
typedef struct cff_index {
    gsize at;    /* where the INDEX starts */
    guint count; /* items */
    guint size;  /* bytes an offset takes */
    gsize data;  /* where the items start */
    gsize end;   /* the byte after the INDEX */
} cff_index;

typedef struct cff_font {
    const guint8 *d;
    gsize n;
    cff_index names, tops, strings, gsubrs, chars;
    cff_index lsubrs;   /* a font that is not CID-keyed: its local subrs */
    gboolean cid;       /* CID-keyed: the subrs are per font dict */
    guint nfds;         /* font dicts in the FDArray */
    cff_index *fdsubrs; /* each font dict's local subrs */
    guint8 *fd_of;      /* each glyph's font dict */
} cff_font;

static guint64 index_offset(const guint8 *d, const cff_index *ix, guint i)
{
    return pn_be(d + ix->at + 3 + (gsize)i * ix->size, (int)ix->size);
}

/* Reads the INDEX at at: the offsets start at 1, never decrease and stay
 * within the table. */
static gboolean read_index(const guint8 *d, gsize n, guint64 at, cff_index *ix)
{
    if (at + 2 > n) return FALSE;
    ix->at = (gsize)at;
    ix->count = pn_be16(d + at);
    ix->size = 0;
    if (ix->count == 0) {
        ix->data = ix->end = (gsize)at + 2;
        return TRUE;
    }
    if (at + 3 > n) return FALSE;
    ix->size = d[at + 2];
    if (ix->size < 1 || ix->size > 4) return FALSE;
    guint64 data = at + 3 + (guint64)(ix->count + 1) * ix->size;
    if (data > n) return FALSE;
    ix->data = (gsize)data;
    guint64 prev = 1;
    for (guint i = 0; i <= ix->count; i++) {
        guint64 off = index_offset(d, ix, i);
        if ((i == 0 && off != 1) || off < prev) return FALSE;
        prev = off;
    }
    if (data + prev - 1 > n) return FALSE;
    ix->end = (gsize)(data + prev - 1);
    return TRUE;
}

/* Item i of an INDEX read by read_index. */
static void index_item(const guint8 *d, const cff_index *ix, guint i, gsize *start, gsize *len)
{
    guint64 a = index_offset(d, ix, i), b = index_offset(d, ix, i + 1);
    *start = ix->data + (gsize)a - 1;
    *len = (gsize)(b - a);
}

/* ---- DICTs ---- */

/* Skips a real operand (30, then nibbles up to the one that is 0xf) at *p;
 * FALSE if it runs past end. */
static gboolean skip_real(const guint8 *d, gsize *p, gsize end)
{
    for (*p += 1; *p < end; *p += 1)
        if ((d[*p] & 0x0f) == 0x0f || (d[*p] >> 4) == 0x0f) {
            *p += 1;
            return TRUE;
        }
    return FALSE;
}

/* Reads one DICT operand at *p into *v (*real when it is a real, whose value
 * does not matter here); FALSE if it is damaged or reserved. */
static gboolean dict_operand(const guint8 *d, gsize *p, gsize end, gint64 *v, gboolean *real)
{
    guint b = d[*p];
    *real = FALSE;
    *v = 0;
    if (b >= 32 && b <= 246) {
        *v = (gint64)b - 139;
        *p += 1;
    } else if (b >= 247 && b <= 254) {
        if (*p + 2 > end) return FALSE;
        gint64 w = (gint64)((b - 247) & 3) * 256 + d[*p + 1] + 108;
        *v = b <= 250 ? w : -w;
        *p += 2;
    } else if (b == 28) {
        if (*p + 3 > end) return FALSE;
        *v = (gint16)pn_be16(d + *p + 1);
        *p += 3;
    } else if (b == 29) {
        if (*p + 5 > end) return FALSE;
        *v = (gint32)pn_be32(d + *p + 1);
        *p += 5;
    } else if (b == 30) {
        *real = TRUE;
        return skip_real(d, p, end);
    } else {
        return FALSE; /* 22..27, 31 and 255 are reserved */
    }
    return TRUE;
}

/* Finds operator op (12 x as 1200 + x) in the DICT d[start..start+len) and
 * its want integer operands. Returns 1 and fills args, 0 if the DICT lacks
 * it, -1 if the DICT is damaged, op comes twice or its operands are not want
 * integers. */
static int dict_get(const guint8 *d, gsize start, gsize len, int op, gint64 *args, int want)
{
    gint64 stack[MAX_STACK];
    int depth = 0, found = 0;
    gboolean any_real = FALSE;
    gsize p = start, end = start + len;
    while (p < end) {
        guint b = d[p];
        if (b > 21) {
            gboolean real;
            if (depth == MAX_STACK || !dict_operand(d, &p, end, &stack[depth], &real)) return -1;
            any_real |= real;
            depth++;
            continue;
        }
        int o = (int)b;
        if (b == 12) {
            if (p + 2 > end) return -1;
            o = 1200 + d[p + 1];
        }
        p += b == 12 ? 2 : 1;
        if (o == op) {
            if (found || depth != want || any_real) return -1;
            for (int i = 0; i < want; i++)
                args[i] = stack[i];
            found = 1;
        }
        depth = 0;
        any_real = FALSE;
    }
    return depth ? -1 : found;
}

/* Reads the Private DICT a Top DICT or font DICT (d[start..start+len))
 * names, and its local Subrs INDEX into *subrs (empty if it has none). */
static gboolean read_private(const cff_font *f, gsize start, gsize len, cff_index *subrs)
{
    gint64 a[2];
    if (dict_get(f->d, start, len, 18, a, 2) != 1) return FALSE;
    gint64 size = a[0], off = a[1];
    if (size < 0 || off < 0 || (guint64)off + (guint64)size > f->n) return FALSE;
    int r = dict_get(f->d, (gsize)off, (gsize)size, 19, a, 1);
    if (r < 0) return FALSE;
    if (r == 0) {
        *subrs = (cff_index){.at = f->n, .data = f->n, .end = f->n};
        return TRUE;
    }
    if (a[0] < 0 && -a[0] > off) return FALSE;
    return read_index(f->d, f->n, (guint64)(off + a[0]), subrs);
}

/* ---- the header, Top DICT and font dicts ---- */

static const char *read_header(cff_font *f)
{
    const guint8 *d = f->d;
    if (f->n < 4 || d[0] != 1 || d[2] < 4 || d[2] > f->n || d[3] < 1 || d[3] > 4) return damaged;
    if (!read_index(d, f->n, d[2], &f->names) || f->names.count != 1 ||
        !read_index(d, f->n, f->names.end, &f->tops) || f->tops.count != 1 ||
        !read_index(d, f->n, f->tops.end, &f->strings) ||
        !read_index(d, f->n, f->strings.end, &f->gsubrs))
        return damaged;
    return NULL;
}

/* Fills f->fd_of from the FDSelect at at: format 0 (a dict per glyph) or 3
 * (ranges from glyph 0 up, then a sentinel at the glyph count). */
static const char *read_fdselect(cff_font *f, gint64 at)
{
    const guint8 *d = f->d;
    guint glyphs = f->chars.count;
    if (at < 0 || (guint64)at + 1 > f->n) return damaged;
    f->fd_of = g_new(guint8, glyphs);
    const guint8 *p = d + at + 1;
    gsize left = f->n - (gsize)at - 1;
    if (d[at] == 0) {
        if (left < glyphs) return damaged;
        for (guint g = 0; g < glyphs; g++)
            f->fd_of[g] = p[g];
    } else if (d[at] == 3) {
        if (left < 2) return damaged;
        guint ranges = pn_be16(p);
        if (ranges == 0 || left < 2 + (gsize)ranges * 3 + 2) return damaged;
        p += 2;
        for (guint r = 0; r < ranges; r++, p += 3) {
            guint first = pn_be16(p), next = pn_be16(p + 3);
            if ((r == 0 && first != 0) || next <= first || next > glyphs) return damaged;
            for (guint g = first; g < next; g++)
                f->fd_of[g] = p[2];
        }
        if (pn_be16(p) != glyphs) return damaged;
    } else {
        return damaged;
    }
    for (guint g = 0; g < glyphs; g++)
        if (f->fd_of[g] >= f->nfds) return lacks_fd;
    return NULL;
}

/* A CID-keyed font: its FDArray of font DICTs, each with its Private DICT
 * and local subrs, and its FDSelect. */
static const char *read_cid(cff_font *f, gsize top, gsize top_len)
{
    gint64 a[1];
    cff_index fds;
    if (dict_get(f->d, top, top_len, 1236, a, 1) != 1 || a[0] < 0 ||
        !read_index(f->d, f->n, (guint64)a[0], &fds) || fds.count == 0)
        return damaged;
    f->nfds = fds.count;
    f->fdsubrs = g_new(cff_index, fds.count);
    for (guint i = 0; i < fds.count; i++) {
        gsize start, len;
        index_item(f->d, &fds, i, &start, &len);
        if (!read_private(f, start, len, &f->fdsubrs[i])) return damaged;
    }
    if (dict_get(f->d, top, top_len, 1237, a, 1) != 1) return damaged;
    return read_fdselect(f, a[0]);
}

static const char *read_top(cff_font *f)
{
    gsize top, len;
    gint64 a[3];
    index_item(f->d, &f->tops, 0, &top, &len);
    int r = dict_get(f->d, top, len, 1206, a, 1);
    if (r < 0 || (r == 1 && a[0] != 2)) return damaged;
    if (dict_get(f->d, top, len, 17, a, 1) != 1 || a[0] < 0 ||
        !read_index(f->d, f->n, (guint64)a[0], &f->chars) || f->chars.count == 0)
        return damaged;
    r = dict_get(f->d, top, len, 1230, a, 3);
    if (r < 0) return damaged;
    f->cid = r == 1;
    if (f->cid) return read_cid(f, top, len);
    return read_private(f, top, len, &f->lsubrs) ? NULL : damaged;
}

/* ---- charstrings ---- */

/* The number a subroutine call adds to the number it pops. */
static int subr_bias(guint count)
{
    return count < 1240 ? 107 : count < 33900 ? 1131 : 32768;
}

/* What one walk of a glyph has used up. */
typedef struct work {
    guint64 bytes;   /* charstring bytes interpreted */
    guint64 points;  /* numbers given to drawing operators */
    guint64 outline; /* their sizes: every one is a step along the outline */
} work;

/* Adds k bytes to the work; the refusal if the glyph's bound is passed. */
static const char *spend(work *w, gsize k)
{
    w->bytes += k;
    return w->bytes > PN_CFF_MAX_GLYPH_BYTES ? glyph_long : NULL;
}

/* A walk of one glyph the way cairo 1.16's subsetter parses it (looking for
 * the subroutines the glyph uses), without its shortcut of parsing a
 * subroutine once: its state is shared by the glyph's charstring and every
 * subroutine it calls. */
typedef struct cairo_walk {
    const cff_font *f;
    const cff_index *lsubrs;
    int stack;         /* numbers pushed since the last hint or move */
    int top;           /* the last number pushed */
    gboolean top_int;  /* the last thing read was that number */
    int hints;         /* hints declared */
    int mask_bytes;    /* bytes a hint mask takes; 0 before the first */
    int nesting;       /* cairo's count, which a failed call leaves raised */
    gboolean no_width; /* no stack-clearing operator yet */
    work w;
    const char *why;
} cairo_walk;

/* cairo's reading of a number at p (which the caller has checked is there):
 * 28 as an unsigned 16-bit value, 255 as the integer part of 16.16. */
static gsize cairo_number(const guint8 *p, int *v)
{
    if (p[0] == 28) {
        *v = p[1] << 8 | p[2];
        return 3;
    }
    if (p[0] <= 246) {
        *v = p[0] - 139;
        return 1;
    }
    if (p[0] <= 250) {
        *v = (p[0] - 247) * 256 + p[1] + 108;
        return 2;
    }
    if (p[0] <= 254) {
        *v = -(p[0] - 251) * 256 - p[1] - 108;
        return 2;
    }
    *v = (gint16)(p[1] << 8 | p[2]);
    return 5;
}

/* The bytes a Type 2 number starting with byte b takes. */
static gsize number_size(guint b)
{
    return b == 28 ? 3 : b <= 246 ? 1 : b <= 254 ? 2 : 5;
}

/* The hint operators: they add half the numbers pushed as hints. */
static void cairo_hints(cairo_walk *c)
{
    c->top_int = FALSE;
    c->hints += c->stack / 2;
    c->stack = 0;
    c->no_width = FALSE;
}

static gboolean cairo_run(cairo_walk *c, gsize start, gsize len);

/* A callsubr or callgsubr: FALSE where cairo gives up on the charstring it
 * is parsing (and goes on with the one that called it). */
static gboolean cairo_call(cairo_walk *c, gboolean global)
{
    if (!c->top_int || ++c->nesting > MAX_NESTING) return FALSE;
    c->top_int = FALSE;
    c->stack--;
    const cff_index *subrs = global ? &c->f->gsubrs : c->lsubrs;
    int num = c->top + subr_bias(subrs->count);
    if (num < 0) {
        /* cairo checks only the upper bound, then aborts on this */
        c->why = lacks_subr;
        return FALSE;
    }
    if (num >= (int)subrs->count) return FALSE;
    gsize start, len;
    index_item(c->f->d, subrs, (guint)num, &start, &len);
    cairo_run(c, start, len);
    c->nesting--;
    return TRUE;
}

/* Walks the charstring d[start..start+len) the way cairo does; FALSE where
 * cairo stops reading it (endchar, or where it gives up) or c->why is set. */
static gboolean cairo_run(cairo_walk *c, gsize start, gsize len)
{
    const guint8 *d = c->f->d;
    gsize p = start, end = start + len;
    while (p < end && !c->why) {
        guint b = d[p];
        gsize was = p;
        if (b == 28 || b >= 32) {
            /* cairo reads a number's bytes without looking for the end */
            if (number_size(b) > end - p) {
                c->why = damaged;
                return FALSE;
            }
            p += cairo_number(d + p, &c->top);
            c->stack++;
            c->top_int = TRUE;
        } else if (b == 1 || b == 3 || b == 18 || b == 23) {
            cairo_hints(c);
            p++;
        } else if (b == 19 || b == 20) {
            /* the first mask also declares hints */
            if (c->mask_bytes == 0) {
                cairo_hints(c);
                c->mask_bytes = (c->hints + 7) / 8;
            }
            p += 1 + MIN((gsize)c->mask_bytes, end - p - 1);
        } else if (b == 4 || b == 21 || b == 22) {
            c->stack = 0;
            c->no_width = FALSE;
            p++;
        } else if (b == 14) {
            c->why = spend(&c->w, 1);
            return FALSE;
        } else if (b == 10 || b == 29) {
            p++;
            if ((c->why = spend(&c->w, 1)) || !cairo_call(c, b == 29)) return FALSE;
            continue;
        } else if (b == 12) {
            if (c->no_width) return FALSE; /* cairo looks for the width first */
            p = MIN(p + 2, end);
            c->top_int = FALSE;
        } else {
            p++;
            c->top_int = FALSE;
        }
        c->why = spend(&c->w, p - was);
    }
    return !c->why;
}

/* A walk of one glyph the way FreeType's CFF interpreter draws it: the
 * numbers it pushes (to follow the subroutine numbers it pops), the hints it
 * declares (which set the length of a hint mask) and the subroutines it
 * calls, frame by frame. */
typedef struct ft_frame {
    gsize p, end;
} ft_frame;

typedef struct ft_walk {
    const cff_font *f;
    const cff_index *lsubrs;
    int stack[MAX_STACK]; /* the numbers, as FreeType rounds them to call */
    int depth;
    gboolean unknown; /* arithmetic has left numbers this walk does not follow */
    int hints;
    gboolean masked; /* a hint mask has been read: no more hints */
    ft_frame frame[FT_MAX_NESTING + 1];
    int level;
    work w;
    const char *why;
} ft_walk;

/* Reads byte i of the current charstring; FreeType reads 0 past its end. */
static guint ft_byte(ft_walk *t)
{
    ft_frame *fr = &t->frame[t->level];
    return fr->p < fr->end ? t->f->d[fr->p++] : 0;
}

/* Pushes the number starting with byte b: FreeType reads 28 as signed and
 * rounds 16.16 to the nearest integer when it calls with it. FALSE when the
 * stack is full (FreeType stops drawing the glyph). */
static gboolean ft_number(ft_walk *t, guint b)
{
    int v;
    if (b == 28) {
        guint hi = ft_byte(t);
        v = (gint16)(hi << 8 | ft_byte(t));
    } else if (b <= 246) {
        v = (int)b - 139;
    } else if (b <= 254) {
        int w = (int)((b - 247) & 3) * 256 + (int)ft_byte(t) + 108;
        v = b <= 250 ? w : -w;
    } else {
        guint32 x = 0;
        for (int i = 0; i < 4; i++)
            x = x << 8 | ft_byte(t);
        v = (gint16)((x + 0x8000u) >> 16);
    }
    if (t->unknown) return TRUE;
    if (t->depth == MAX_STACK) return FALSE;
    t->stack[t->depth++] = v;
    return TRUE;
}

/* A drawing operator: counts its numbers as points, then clears the stack. */
static void ft_draw(ft_walk *t)
{
    t->w.points += t->unknown ? MAX_STACK : (guint64)t->depth;
    if (t->w.points > PN_CFF_MAX_GLYPH_POINTS && !t->why) t->why = glyph_points;
    /* A drawing operator's numbers are all moves along x or y (a glyph's
     * first may be its width): their sizes add up to the length of its
     * outline and its curves' control polygons, across plus down, which is
     * what a rasterizer sweeps. Numbers left by arithmetic count an em. */
    if (t->unknown) t->w.outline += MAX_STACK * 1000;
    for (int i = 0; !t->unknown && i < t->depth; i++)
        t->w.outline += (guint64)(t->stack[i] < 0 ? -(gint64)t->stack[i] : t->stack[i]);
    if (t->w.outline > PN_CFF_MAX_GLYPH_OUTLINE && !t->why) t->why = glyph_outline;
}

static void ft_clear(ft_walk *t)
{
    t->depth = 0;
    t->unknown = FALSE;
}

/* A hint mask operator: a first one declares hints from the stack; the mask
 * then takes a bit per hint. */
static void ft_mask(ft_walk *t)
{
    if (t->unknown) {
        t->why = damaged;
        return;
    }
    if (t->depth > 1 && t->masked) return; /* FreeType ignores it and reads no mask */
    t->hints += t->depth / 2;
    ft_frame *fr = &t->frame[t->level];
    fr->p += MIN((gsize)(t->hints + 7) / 8, fr->end - fr->p);
}

/* A callsubr or callgsubr; FALSE where FreeType stops drawing. */
static gboolean ft_call(ft_walk *t, gboolean global)
{
    if (t->level == FT_MAX_NESTING) {
        t->why = nests;
        return FALSE;
    }
    if (t->unknown) {
        t->why = computed_subr;
        return FALSE;
    }
    if (t->depth == 0) return FALSE;
    const cff_index *subrs = global ? &t->f->gsubrs : t->lsubrs;
    int num = t->stack[--t->depth] + subr_bias(subrs->count);
    if (num < 0 || num >= (int)subrs->count) {
        t->why = lacks_subr;
        return FALSE;
    }
    gsize start, len;
    index_item(t->f->d, subrs, (guint)num, &start, &len);
    t->frame[++t->level] = (ft_frame){start, start + len};
    return TRUE;
}

/* The two-byte operators: flex draws; arithmetic and storage leave numbers
 * on the stack this walk does not follow; the rest clear it. */
static void ft_escape(ft_walk *t, guint op)
{
    static const guint8 arith[] = {3,  4,  5,  9,  10, 11, 12, 14, 15, 18,
                                   20, 21, 22, 23, 24, 26, 27, 28, 29, 30};
    for (gsize i = 0; i < sizeof arith; i++)
        if (op == arith[i]) {
            t->unknown = TRUE;
            return;
        }
    if (op >= 34 && op <= 37) ft_draw(t);
    ft_clear(t);
}

/* One operator b; FALSE when FreeType is done with the glyph. */
static gboolean ft_operator(ft_walk *t, guint b)
{
    switch (b) {
    case 1:
    case 3:
    case 18:
    case 23: /* hstem vstem hstemhm vstemhm */
        if (t->unknown)
            t->why = damaged;
        else if (!t->masked)
            t->hints += t->depth / 2;
        break;
    case 19:
    case 20: /* hintmask cntrmask */
        ft_mask(t);
        t->masked |= b == 19;
        break;
    case 10:
    case 29:
        return ft_call(t, b == 29);
    case 11:
        if (t->level == 0) return FALSE;
        t->level--;
        return TRUE;
    case 14:
        return FALSE;
    case 12:
        ft_escape(t, ft_byte(t));
        return !t->why;
    case 4:
    case 5:
    case 6:
    case 7:
    case 8:
    case 21:
    case 22:
    case 24:
    case 25:
    case 26:
    case 27:
    case 30:
    case 31:
        ft_draw(t);
        break;
    default:
        break;
    }
    ft_clear(t);
    return !t->why;
}

/* Walks the charstring d[start..start+len) the way FreeType draws it. */
static void ft_run(ft_walk *t, gsize start, gsize len)
{
    t->frame[0] = (ft_frame){start, start + len};
    for (;;) {
        ft_frame *fr = &t->frame[t->level];
        if (fr->p >= fr->end) {
            /* the end of a subroutine returns; of the glyph, ends it */
            if (t->level == 0) return;
            t->level--;
            continue;
        }
        gsize was = fr->p;
        guint b = ft_byte(t);
        gboolean go = b == 28 || b >= 32 ? ft_number(t, b) : ft_operator(t, b);
        if (t->why || (t->why = spend(&t->w, fr->p - was)) || !go) return;
    }
}

/* Walks glyph g both ways, adding its work to the font's totals. */
static const char *walk_glyph(const cff_font *f, guint g, guint64 *cairo_total, guint64 *ft_total)
{
    gsize start, len;
    index_item(f->d, &f->chars, g, &start, &len);
    const cff_index *lsubrs = f->cid ? &f->fdsubrs[f->fd_of[g]] : &f->lsubrs;
    cairo_walk c = {.f = f, .lsubrs = lsubrs, .no_width = TRUE};
    cairo_run(&c, start, len);
    if (c.why) return c.why;
    ft_walk t = {.f = f, .lsubrs = lsubrs};
    ft_run(&t, start, len);
    if (t.why) return t.why;
    *cairo_total += c.w.bytes;
    *ft_total += t.w.bytes;
    if (*cairo_total > PN_CFF_MAX_FONT_BYTES || *ft_total > PN_CFF_MAX_FONT_BYTES) return font_long;
    return NULL;
}

const char *pn_cff_damage(const guint8 *d, gsize n)
{
    cff_font f = {.d = d, .n = n};
    const char *why = read_header(&f);
    if (!why) why = read_top(&f);
    guint64 cairo_total = 0, ft_total = 0;
    for (guint g = 0; !why && g < f.chars.count; g++)
        why = walk_glyph(&f, g, &cairo_total, &ft_total);
    g_free(f.fdsubrs);
    g_free(f.fd_of);
    return why;
}

/* cairo.c: the cairo backend: PDF (all pages in one file), SVG and PNG (one file
 * per page: the given path for a single page, else the numbered names of
 * pn_outfile_page_path). Text is laid out with pango on the caller's font map (the one the text was
 * measured with), exactly as it was measured. cairo draws each distinct PDF page once; pdfpack.c
 * builds the document, in which every repeat of a shared page refers to that page's content and
 * resources.
 *
 * With a bleed the page grows by the bleed on every side, a background (a
 * polygon touching the trim edge) reaches into it and crop marks sit outside
 * the trim; a PDF page carries TrimBox and BleedBox. */
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>
#include <glib.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-font.h>
#include <string.h>
#include <time.h>
#include "backend/backend.h"
#include "backend/imgcache.h"
#include "backend/bleed.h"
#include "backend/pdfpack.h"
#include "backend/pngout.h"
#include "scene/measure.h"
#include "util/fonts.h"
#include "util/outfile.h"

/* A PNG page is held in memory at 4 bytes a pixel: 150 million pixels (600 MB)
 * allows A4 at 1200 dpi; larger papers need a lower --dpi. */
#define PN_CAIRO_MAX_PIXELS 150e6
#define PN_CAIRO_MAX_SIDE 32767 /* cairo's image surfaces go no larger */

typedef enum { FMT_PDF, FMT_SVG, FMT_PNG } cairo_fmt;

typedef struct cairo_be {
    cairo_fmt fmt;
    pn_backend_opts opts;
    char *path;
    double dpi;
    GPtrArray *outs;       /* SVG/PNG: pn_outfile*, committed at finish */
    pn_outfile *cur;       /* SVG/PNG: output of the current surface */
    pn_pdfpack *pack;      /* PDF: the document */
    cairo_surface_t *surf; /* PDF: the distinct pages; SVG/PNG: current page */
    cairo_t *cr;
    int drawn;     /* PDF: pages cairo has drawn */
    int shared;    /* PDF: the drawn page repeats show, or -1 */
    double bleed;  /* mm */
    double tw, th; /* trim size of the current page, mm */
    bool clipped;  /* a scene clip is in force (a cairo_save to undo) */
    PangoContext *pctx;
    pn_imgcache *images; /* each image file decoded once, painted by every use */
    int page;
    double scale;         /* device units per mm */
    GString *svg;         /* SVG: the current page, written out when it is complete */
    bool pending;         /* SVG: rectangles in the current path, not yet filled */
    pn_rgba pending_rgba; /* their colour */
} cairo_be;

static bool cairo_supports(const char *f)
{
    return !strcmp(f, "pdf") || !strcmp(f, "svg") || !strcmp(f, "png");
}

static cairo_status_t write_cb(void *closure, const unsigned char *data, unsigned int len)
{
    return pn_outfile_write(closure, data, len) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

static cairo_status_t svg_collect_cb(void *closure, const unsigned char *data, unsigned int len)
{
    g_string_append_len(closure, (const char *)data, len);
    return CAIRO_STATUS_SUCCESS;
}

/* cairo names some of an SVG page's elements after their surface's serial
 * number, counted over the whole process: the page's group and an SVG
 * image's drawing ("surface11" in a fresh process, higher for every later
 * document), an image's pixels ("image15"). The same page would differ from
 * one render to the next in a long-lived process. Each such name, where it is
 * given (id="surface11") and where it is used ("#surface11"), is numbered
 * again in the order the names first appear. */
static void svg_fixed_ids(GString *svg)
{
    static const char *const prefixes[] = {"surface", "image"};
    GHashTable *seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    unsigned next[G_N_ELEMENTS(prefixes)] = {0};
    GString *out = g_string_sized_new(svg->len + 64);
    const char *s = svg->str, *end = svg->str + svg->len;
    while (s < end) {
        const char *q = s;
        while (q < end && *q != '"' && *q != '#')
            q++;
        g_string_append_len(out, s, q - s);
        if (q >= end) break;
        g_string_append_c(out, *q);
        s = q + 1;
        for (size_t k = 0; k < G_N_ELEMENTS(prefixes); k++) {
            size_t n = strlen(prefixes[k]), d = 0;
            if ((size_t)(end - s) <= n || memcmp(s, prefixes[k], n)) continue;
            while (s + n + d < end && g_ascii_isdigit(s[n + d]))
                d++;
            if (!d || s + n + d >= end || (s[n + d] != '"' && s[n + d] != ')')) continue;
            char *name = g_strndup(s, n + d);
            unsigned id = GPOINTER_TO_UINT(g_hash_table_lookup(seen, name));
            if (!id)
                g_hash_table_insert(seen, name, GUINT_TO_POINTER(id = ++next[k]));
            else
                g_free(name);
            g_string_append_printf(out, "%s%u", prefixes[k], id);
            s += n + d;
            break;
        }
    }
    g_hash_table_destroy(seen);
    g_string_assign(svg, out->str);
    g_string_free(out, TRUE);
}

static cairo_status_t pack_cb(void *closure, const unsigned char *data, unsigned int len)
{
    return pn_pdfpack_write(closure, data, len) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

static void *cairo_open(const pn_backend_opts *o, pn_err *err)
{
    bool per_page = strcmp(o->format, "pdf") != 0;
    if (per_page && !o->mem && strcmp(o->path, "-") &&
        pn_outfile_pages_check(o->path, o->pages, strcmp(o->format, "svg") ? "a PNG" : "an SVG",
                               err))
        return NULL;
    cairo_be *b = g_new0(cairo_be, 1);
    b->fmt = !strcmp(o->format, "pdf") ? FMT_PDF : !strcmp(o->format, "svg") ? FMT_SVG : FMT_PNG;
    b->opts = *o;
    b->path = g_strdup(o->path);
    b->dpi = o->dpi > 0 ? o->dpi : PN_BACKEND_PNG_DPI;
    b->outs = g_ptr_array_new();
    b->images = pn_imgcache_new(o->fonts);
    b->shared = -1;
    b->bleed = o->bleed > 0 ? o->bleed : 0;
    PangoFontMap *map = o->fonts;
    if (!map) {
        pn_imgcache_free(b->images);
        pn_err_set(err, PN_EIO, "the cairo backend needs a font map");
        g_ptr_array_free(b->outs, TRUE);
        g_free(b->path);
        g_free(b);
        return NULL;
    }
    b->pctx = pango_font_map_create_context(map);
    pn_fonts_setup_context(b->pctx);
    if (b->fmt == FMT_PDF) {
        b->pack = pn_pdfpack_open(b->path, o->outfile_flags, o->mem, err);
        if (!b->pack) {
            pn_imgcache_free(b->images);
            g_object_unref(b->pctx);
            g_ptr_array_free(b->outs, TRUE);
            g_free(b->path);
            g_free(b);
            return NULL;
        }
        pn_pdfpack_set_bleed(b->pack, b->bleed * PN_MM_TO_PT);
        b->surf = cairo_pdf_surface_create_for_stream(pack_cb, b->pack, 595, 842);
        char date[32];
        time_t t = (time_t)o->epoch;
        struct tm tm;
        gmtime_r(&t, &tm);
        strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%S", &tm);
        cairo_pdf_surface_set_metadata(b->surf, CAIRO_PDF_METADATA_CREATE_DATE, date);
        cairo_pdf_surface_set_metadata(b->surf, CAIRO_PDF_METADATA_MOD_DATE, date);
        cairo_pdf_surface_set_metadata(b->surf, CAIRO_PDF_METADATA_CREATOR, "pnpkit");
        if (o->title) cairo_pdf_surface_set_metadata(b->surf, CAIRO_PDF_METADATA_TITLE, o->title);
        b->scale = PN_MM_TO_PT;
    }
    return b;
}

/* A cairo failure, or the write error behind it ("No space left on device"). */
static int cairo_fail(const cairo_be *b, cairo_status_t st, pn_err *err)
{
    int e = b->pack ? pn_pdfpack_errno(b->pack) : b->cur ? b->cur->error : 0;
    if (e) return pn_err_set(err, PN_EIO, "%s: write failed: %s", b->path, strerror(e));
    /* FreeType gives up on an outline too intricate for its rasterizer at
     * the size asked (a glyph of hundreds of edges each across its em, at
     * 200 pt and 300 dpi): the font's fault, not the output's. */
    if (st == CAIRO_STATUS_FREETYPE_ERROR)
        return pn_err_set(err, PN_EINPUT,
                          "%s: a glyph of the document's fonts is too intricate for FreeType "
                          "to draw at this size: draw it smaller, at a lower resolution, or in "
                          "another font",
                          b->path);
    return pn_err_set(err, PN_EIO, "%s: rendering failed: %s", b->path, cairo_status_to_string(st));
}

static int surface_check(const cairo_be *b, pn_err *err)
{
    cairo_status_t st = cairo_surface_status(b->surf);
    return st == CAIRO_STATUS_SUCCESS ? 0 : cairo_fail(b, st, err);
}

/* Starts a page of w x h mm (trim); keep (PDF only): later pages may repeat it. */
static int begin(cairo_be *b, double w, double h, bool keep, pn_err *err)
{
    b->pending = false;
    b->page++;
    b->tw = w;
    b->th = h;
    w += 2 * b->bleed;
    h += 2 * b->bleed;
    if (b->fmt == FMT_PDF) {
        cairo_pdf_surface_set_size(b->surf, w * PN_MM_TO_PT, h * PN_MM_TO_PT);
        pn_pdfpack_page(b->pack, b->drawn);
        if (keep) b->shared = b->drawn;
        b->drawn++;
    } else {
        if (b->page > 1 && !strcmp(b->path, "-"))
            return pn_err_set(err, PN_EUSAGE,
                              "%s to standard output holds one page; write a PDF for more",
                              b->fmt == FMT_SVG ? "SVG" : "PNG");
        char *p = pn_outfile_page_path(b->path, b->page, b->opts.pages);
        b->cur = pn_outfile_open_to(p, b->opts.outfile_flags, b->opts.mem, err);
        g_free(p);
        if (!b->cur) return -1;
        g_ptr_array_add(b->outs, b->cur);
        if (b->fmt == FMT_SVG) {
            b->svg = g_string_sized_new(1 << 16);
            b->surf = cairo_svg_surface_create_for_stream(svg_collect_cb, b->svg, w * PN_MM_TO_PT,
                                                          h * PN_MM_TO_PT);
            cairo_svg_surface_set_document_unit(b->surf, CAIRO_SVG_UNIT_PT);
            b->scale = PN_MM_TO_PT;
        } else {
            b->scale = b->dpi / 25.4;
            int pw = (int)lround(w * b->scale), ph = (int)lround(h * b->scale);
            if (pw < 1 || ph < 1 || pw > PN_CAIRO_MAX_SIDE || ph > PN_CAIRO_MAX_SIDE ||
                (double)pw * ph > PN_CAIRO_MAX_PIXELS)
                return pn_err_set(err, PN_EINPUT,
                                  "a %dx%d pixel PNG is too large (at most %d pixels a side and "
                                  "%.0f million in all); lower the resolution",
                                  pw, ph, PN_CAIRO_MAX_SIDE, PN_CAIRO_MAX_PIXELS / 1e6);
            b->surf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, pw, ph);
        }
    }
    if (surface_check(b, err)) return -1;
    b->cr = cairo_create(b->surf);
    b->clipped = false;
    if (b->fmt == FMT_PNG) {
        cairo_set_source_rgb(b->cr, 1, 1, 1);
        cairo_paint(b->cr);
    }
    cairo_scale(b->cr, b->scale, b->scale);
    cairo_translate(b->cr, b->bleed, b->bleed);
    return 0;
}

static int cairo_begin_page(void *vb, double w, double h, pn_err *err)
{
    return begin(vb, w, h, false, err);
}

static int cairo_begin_shared(void *vb, double w, double h, pn_err *err)
{
    return begin(vb, w, h, true, err);
}

/* True when the path is made of straight lines that each run across or down
 * (rectangles and their unions). */
static bool axis_aligned(const scene_path *p, const scene_seg *segs)
{
    double px = 0, py = 0;
    for (size_t i = p->first; i < p->first + p->count; i++) {
        const scene_seg *s = &segs[i];
        if (s->op == SEG_CURVE) return false;
        if (s->op == SEG_LINE && fabs(s->x[0] - px) > 1e-9 && fabs(s->y[0] - py) > 1e-9)
            return false;
        if (s->op != SEG_CLOSE) {
            px = s->x[0];
            py = s->y[0];
        }
    }
    return p->count > 0;
}

/* A point moved to the nearest pixel corner. */
static void snap_point(cairo_t *cr, double *x, double *y)
{
    cairo_user_to_device(cr, x, y);
    *x = round(*x);
    *y = round(*y);
    cairo_device_to_user(cr, x, y);
}

/* Sets the path's segments; extend: points on a trim edge move out to the
 * bleed edge; snap: every point moves to the nearest pixel corner (filled
 * rectangles in a PNG: two cards or boxes side by side share a pixel edge,
 * where their antialiased edges would each cover part of a pixel and let
 * the paper show through as a thin light seam). */
static void add_path(cairo_be *b, const scene_path *p, const scene_seg *segs, bool extend,
                     bool snap)
{
    cairo_t *cr = b->cr;
    for (size_t i = p->first; i < p->first + p->count; i++) {
        const scene_seg *s = &segs[i];
        double x[3], y[3];
        for (int q = 0; q < 3; q++) {
            x[q] = extend ? pn_bleed_out(s->x[q], b->tw, b->bleed) : s->x[q];
            y[q] = extend ? pn_bleed_out(s->y[q], b->th, b->bleed) : s->y[q];
            if (snap) snap_point(cr, &x[q], &y[q]);
        }
        switch (s->op) {
        case SEG_MOVE:
            cairo_move_to(cr, x[0], y[0]);
            break;
        case SEG_LINE:
            cairo_line_to(cr, x[0], y[0]);
            break;
        case SEG_CURVE:
            cairo_curve_to(cr, x[0], y[0], x[1], y[1], x[2], y[2]);
            break;
        case SEG_CLOSE:
            cairo_close_path(cr);
            break;
        }
    }
}

static void set_path(cairo_be *b, const scene_path *p, const scene_seg *segs, bool extend,
                     bool snap)
{
    cairo_new_path(b->cr);
    add_path(b, p, segs, extend, snap);
}

/* True for a rectangle (move, three lines across or down, close) wound as
 * scene_rect winds it: right, then down. */
static bool rect_wound(const scene_path *p, const scene_seg *segs)
{
    if (p->count != 5) return false;
    const scene_seg *s = &segs[p->first];
    if (s[0].op != SEG_MOVE || s[1].op != SEG_LINE || s[2].op != SEG_LINE || s[3].op != SEG_LINE ||
        s[4].op != SEG_CLOSE)
        return false;
    /* right, down, back left to the start's column, up to the start */
    return s[1].y[0] == s[0].y[0] && s[1].x[0] > s[0].x[0] && s[2].x[0] == s[1].x[0] &&
           s[2].y[0] > s[1].y[0] && s[3].y[0] == s[2].y[0] && s[3].x[0] == s[0].x[0];
}

/* SVG: paints the rectangles gathered by cairo_draw_path. Every other
 * drawing call and the end of a page call it first. */
static void flush_fill(cairo_be *b)
{
    if (!b->pending) return;
    b->pending = false;
    pn_rgba c = b->pending_rgba;
    cairo_set_source_rgba(b->cr, c.r, c.g, c.b, c.a);
    cairo_fill(b->cr);
}

static void stroke_path(cairo_t *cr, const scene_style *st)
{
    pn_rgba c = st->stroke_color;
    cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a);
    cairo_set_line_width(cr, st->width);
    cairo_set_line_cap(cr, st->round ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT);
    cairo_set_line_join(cr, st->round ? CAIRO_LINE_JOIN_ROUND : CAIRO_LINE_JOIN_MITER);
    if (st->dash[0] > 0)
        cairo_set_dash(cr, st->dash, 2, 0);
    else
        cairo_set_dash(cr, NULL, 0, 0);
    cairo_stroke(cr);
}

static int cairo_draw_path(void *vb, const scene_path *p, const scene_seg *segs, pn_err *err)
{
    cairo_be *b = vb;
    cairo_t *cr = b->cr;
    const scene_style *st = &p->style;
    bool extend = st->fill && b->bleed > 0 && pn_bleed_is_background(p, segs, b->tw, b->th);
    bool snap = st->fill && b->fmt == FMT_PNG && axis_aligned(p, segs);
    /* SVG: opaque filled rectangles in a row, of one colour and wound the
     * same way, become one path, painted once: one element instead of one
     * each (a sheet's scan marks are some 180 squares). Their union is what
     * painting each gives. */
    if (b->fmt == FMT_SVG && st->fill && !st->stroke && st->fill_color.a >= 1 && !extend &&
        rect_wound(p, segs)) {
        pn_rgba c = st->fill_color;
        if (b->pending &&
            (c.r != b->pending_rgba.r || c.g != b->pending_rgba.g || c.b != b->pending_rgba.b))
            flush_fill(b);
        if (!b->pending) cairo_new_path(cr);
        add_path(b, p, segs, false, false);
        b->pending = true;
        b->pending_rgba = c;
        return 0;
    }
    flush_fill(b);
    set_path(b, p, segs, extend, snap);
    if (st->fill) {
        pn_rgba c = st->fill_color;
        cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a);
        if (st->stroke && !extend && !snap)
            cairo_fill_preserve(cr);
        else
            cairo_fill(cr);
    }
    if (st->stroke) {
        /* The outline of a background stays on the trim; an outline is
         * drawn where it is, snapped or not. */
        if (extend || snap) set_path(b, p, segs, false, false);
        stroke_path(cr, st);
    }
    return 0;
}

/* Whether a PDF should draw l's text as outlines: it is set, in part, in a
 * template's own CFF font (an .otf). cairo 1.16's CFF subsetter, which would
 * embed it, trusts its charstrings, and which of them it reads depends on
 * the glyphs the document used before: a crafted font that passes pnpkit's
 * check (src/util/cff.c) still aborted it. Outlines are read by FreeType,
 * whose work the check bounds. */
static bool outline_in_pdf(PangoLayout *l)
{
    PangoFontMap *map = pango_context_get_font_map(pango_layout_get_context(l));
    bool cff = false;
    for (GSList *ln = pango_layout_get_lines_readonly(l); ln && !cff; ln = ln->next)
        for (GSList *r = ((PangoLayoutLine *)ln->data)->runs; r && !cff; r = r->next) {
            PangoFont *f = ((PangoGlyphItem *)r->data)->item->analysis.font;
            if (!pn_fonts_is_own(map, f)) continue;
            FcPattern *p = pango_fc_font_get_pattern(PANGO_FC_FONT(f));
            FcChar8 *format = NULL;
            cff = FcPatternGetString(p, FC_FONTFORMAT, 0, &format) == FcResultMatch &&
                  !strcmp((const char *)format, "CFF");
        }
    return cff;
}

static int cairo_draw_text(void *vb, const scene_text *t, pn_err *err)
{
    cairo_be *b = vb;
    cairo_t *cr = b->cr;
    flush_fill(b);
    cairo_save(cr);
    cairo_translate(cr, t->bx, t->by);
    if (t->angle != 0) cairo_rotate(cr, t->angle * G_PI / 180.0);
    cairo_scale(cr, PN_PT_TO_MM, PN_PT_TO_MM);
    pango_cairo_update_context(cr, b->pctx);
    /* Laid out at the layout size and scaled, as it was measured. */
    double k = t->font.size / PN_FONT_LAYOUT_SIZE;
    cairo_scale(cr, k, k);
    PangoLayout *l = pn_fonts_layout(b->pctx, t->font.family, PN_FONT_LAYOUT_SIZE, t->font.bold,
                                     t->font.italic, t->utf8);
    double base = (double)pango_layout_get_baseline(l) / PANGO_SCALE;
    cairo_set_source_rgba(cr, t->color.r, t->color.g, t->color.b, t->color.a);
    cairo_move_to(cr, 0, -base);
    if (b->fmt == FMT_PDF && outline_in_pdf(l)) {
        pango_cairo_layout_path(cr, l);
        cairo_fill(cr);
    } else {
        pango_cairo_show_layout(cr, l);
    }
    g_object_unref(l);
    cairo_restore(cr);
    return 0;
}

static int cairo_draw_image(void *vb, const scene_image *im, pn_err *err)
{
    cairo_be *b = vb;
    cairo_surface_t *src = pn_imgcache_surface(b->images, im, err);
    if (!src) return -1;
    cairo_t *cr = b->cr;
    flush_fill(b);
    cairo_save(cr);
    cairo_rectangle(cr, im->cx, im->cy, im->cw, im->ch);
    cairo_clip(cr);
    cairo_translate(cr, im->x, im->y);
    cairo_scale(cr, im->w / im->iw, im->h / im->ih);
    cairo_set_source_surface(cr, src, 0, 0);
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD);
    cairo_paint(cr);
    cairo_restore(cr);
    return 0;
}

static int cairo_set_clip(void *vb, const scene_clip *c, pn_err *err)
{
    cairo_be *b = vb;
    flush_fill(b);
    if (b->clipped) cairo_restore(b->cr);
    b->clipped = c->w > 0;
    if (b->clipped) {
        cairo_save(b->cr);
        double x0 = c->x, y0 = c->y, x1 = c->x + c->w, y1 = c->y + c->h;
        if (b->fmt == FMT_PNG) {
            /* On whole pixels, as filled rectangles are (set_path): two
             * cards clipped side by side would each cover part of the pixel
             * they share and leave a light seam. */
            snap_point(b->cr, &x0, &y0);
            snap_point(b->cr, &x1, &y1);
        }
        cairo_rectangle(b->cr, x0, y0, x1 - x0, y1 - y0);
        cairo_clip(b->cr);
    }
    return 0;
}

/* Crop marks outside the trim, black, each its own stroke. */
static void crop_marks(cairo_be *b)
{
    double m[PN_BLEED_MARKS][4];
    pn_bleed_marks(b->tw, b->th, b->bleed, m);
    cairo_t *cr = b->cr;
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, PN_BLEED_MARK_WIDTH_PT * PN_PT_TO_MM);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
    cairo_set_dash(cr, NULL, 0, 0);
    for (int i = 0; i < PN_BLEED_MARKS; i++) {
        cairo_move_to(cr, m[i][0], m[i][1]);
        cairo_line_to(cr, m[i][2], m[i][3]);
        cairo_stroke(cr);
    }
}

static int cairo_end_page(void *vb, pn_err *err)
{
    cairo_be *b = vb;
    int rc = 0;
    flush_fill(b);
    if (b->clipped) cairo_restore(b->cr);
    b->clipped = false;
    if (b->bleed > 0 && b->opts.crop_marks) crop_marks(b);
    cairo_show_page(b->cr);
    cairo_status_t st = cairo_status(b->cr);
    cairo_destroy(b->cr);
    b->cr = NULL;
    if (st != CAIRO_STATUS_SUCCESS) rc = cairo_fail(b, st, err);
    if (b->fmt == FMT_SVG) {
        cairo_surface_finish(b->surf);
        if (!rc) rc = surface_check(b, err);
        cairo_surface_destroy(b->surf);
        b->surf = NULL;
        svg_fixed_ids(b->svg);
        if (!rc) pn_outfile_write(b->cur, b->svg->str, b->svg->len); /* close reports */
        g_string_free(b->svg, TRUE);
        b->svg = NULL;
    } else if (b->fmt == FMT_PNG) {
        cairo_surface_flush(b->surf);
        GByteArray *png = g_byte_array_new();
        st = pn_png_encode(b->surf, b->dpi, png);
        if (st == CAIRO_STATUS_SUCCESS) st = write_cb(b->cur, png->data, png->len);
        g_byte_array_unref(png);
        if (!rc && st != CAIRO_STATUS_SUCCESS) rc = cairo_fail(b, st, err);
        cairo_surface_destroy(b->surf);
        b->surf = NULL;
    }
    /* A page file is complete: close it now (a pad of PNGs would otherwise hold
     * one open file per page); it is renamed into place with the others. */
    if (b->fmt != FMT_PDF && pn_outfile_close(b->cur, rc ? NULL : err) && !rc) rc = -1;
    return rc;
}

/* A PDF page showing the shared page again: only a page in the document. */
static int cairo_repeat_page(void *vb, pn_err *err)
{
    cairo_be *b = vb;
    if (b->fmt != FMT_PDF || b->shared < 0) return 1;
    b->page++;
    pn_pdfpack_page(b->pack, b->shared);
    return 0;
}

static void cairo_free_be(cairo_be *b, bool commit, int *rc, pn_err *err)
{
    if (b->cr) cairo_destroy(b->cr);
    if (b->surf) {
        cairo_surface_finish(b->surf);
        if (commit && *rc == 0) *rc = surface_check(b, err);
        cairo_surface_destroy(b->surf);
    }
    pn_imgcache_free(b->images);
    if (b->svg) g_string_free(b->svg, TRUE);
    if (b->pack) {
        if (commit && *rc == 0)
            *rc = pn_pdfpack_finish(b->pack, err);
        else
            pn_pdfpack_discard(b->pack);
    } else if (commit && *rc == 0) {
        *rc = pn_outfile_commit_all((pn_outfile **)b->outs->pdata, b->outs->len, err);
    } else {
        for (guint i = 0; i < b->outs->len; i++)
            pn_outfile_abort(g_ptr_array_index(b->outs, i));
    }
    g_ptr_array_free(b->outs, TRUE);
    g_object_unref(b->pctx);
    g_free(b->path);
    g_free(b);
}

static int cairo_finish(void *vb, pn_err *err)
{
    cairo_be *b = vb;
    int rc = 0;
    if (b->page == 0) rc = pn_err_set(err, PN_EIO, "%s: no pages to write", b->path);
    cairo_free_be(b, true, &rc, err);
    return rc;
}

static void cairo_discard(void *vb)
{
    int rc = -1;
    cairo_free_be(vb, false, &rc, NULL);
}

const pn_backend pn_backend_cairo = {
    .id = "cairo",
    .help = "PDF, SVG and PNG through cairo and pango (default)",
    .bleed = true,
    .supports = cairo_supports,
    .open = cairo_open,
    .begin_page = cairo_begin_page,
    .set_clip = cairo_set_clip,
    .draw_path = cairo_draw_path,
    .draw_text = cairo_draw_text,
    .draw_image = cairo_draw_image,
    .end_page = cairo_end_page,
    .begin_shared = cairo_begin_shared,
    .repeat_page = cairo_repeat_page,
    .finish = cairo_finish,
    .discard = cairo_discard,
};

/* floor_cairo.c: the benchmark's floor with cairo and pango: draws the circle36
 * or dicrono sheet straight onto a cairo surface, with the fonts pnpkit uses.
 *
 *   bench-floor TEMPLATE -o FILE.pdf|.svg|.png [--pages N] [--share] [--dpi N]
 *
 * Like pnpkit, a PDF holds every page and SVG or PNG pages after the first go to
 * NAME-k.EXT. --share draws the sheet once into a recording surface and paints
 * it on every PDF page, so the PDF holds the page content once (a form
 * XObject): the least a pad of identical pages can cost. */
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <getopt.h>
#include <glib.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "floor.h"

#define FLOOR_MM_TO_PT (72.0 / 25.4)
#define FLOOR_PT_TO_MM (25.4 / 72.0)

typedef struct fc_state {
    cairo_t *cr;
    PangoContext *ctx;
    PangoFontDescription *fd[2]; /* regular, bold */
} fc_state;

static void fc_rgb(cairo_t *cr, uint32_t c)
{
    cairo_set_source_rgb(cr, ((c >> 16) & 0xff) / 255.0, ((c >> 8) & 0xff) / 255.0,
                         (c & 0xff) / 255.0);
}

static void fc_stroke(cairo_t *cr, double width, uint32_t rgb)
{
    fc_rgb(cr, rgb);
    cairo_set_line_width(cr, width);
    cairo_stroke(cr);
}

static void fc_fill_rect(void *u, double x, double y, double w, double h, uint32_t rgb)
{
    cairo_t *cr = ((fc_state *)u)->cr;
    cairo_rectangle(cr, x, y, w, h);
    fc_rgb(cr, rgb);
    cairo_fill(cr);
}

static void fc_stroke_rect(void *u, double x, double y, double w, double h, double width,
                           uint32_t rgb)
{
    cairo_t *cr = ((fc_state *)u)->cr;
    cairo_rectangle(cr, x, y, w, h);
    fc_stroke(cr, width, rgb);
}

static void fc_line(void *u, double x0, double y0, double x1, double y1, double width, uint32_t rgb)
{
    cairo_t *cr = ((fc_state *)u)->cr;
    cairo_move_to(cr, x0, y0);
    cairo_line_to(cr, x1, y1);
    fc_stroke(cr, width, rgb);
}

static void fc_circle(void *u, double cx, double cy, double r, bool fill, uint32_t fill_rgb,
                      bool stroke, uint32_t stroke_rgb, double width)
{
    cairo_t *cr = ((fc_state *)u)->cr;
    cairo_new_path(cr);
    cairo_arc(cr, cx, cy, r, 0, 2 * FLOOR_PI);
    cairo_close_path(cr);
    if (fill) {
        fc_rgb(cr, fill_rgb);
        cairo_fill_preserve(cr);
    }
    if (stroke)
        fc_stroke(cr, width, stroke_rgb);
    else
        cairo_new_path(cr);
}

static void fc_annulus(void *u, double cx, double cy, double r0, double r1, uint32_t rgb)
{
    cairo_t *cr = ((fc_state *)u)->cr;
    cairo_new_path(cr);
    cairo_arc(cr, cx, cy, r1, 0, 2 * FLOOR_PI);
    cairo_close_path(cr);
    cairo_new_sub_path(cr);
    cairo_arc_negative(cr, cx, cy, r0, 2 * FLOOR_PI, 0);
    cairo_close_path(cr);
    fc_rgb(cr, rgb);
    cairo_fill(cr);
}

static double fc_text(void *u, const char *utf8, double size, bool bold, uint32_t rgb, double x,
                      double y, floor_halign h, floor_valign v, double angle)
{
    fc_state *s = u;
    PangoFontDescription *fd = s->fd[bold];
    pango_font_description_set_size(fd, (gint)(size * PANGO_SCALE + 0.5));
    cairo_save(s->cr);
    cairo_translate(s->cr, x, y);
    double a = angle * FLOOR_PI / 180.0;
    if (angle != 0) cairo_rotate(s->cr, a);
    cairo_scale(s->cr, FLOOR_PT_TO_MM, FLOOR_PT_TO_MM);
    pango_cairo_update_context(s->cr, s->ctx);
    PangoLayout *l = pango_layout_new(s->ctx);
    pango_layout_set_font_description(l, fd);
    pango_layout_set_text(l, utf8, -1);
    PangoRectangle logical;
    pango_layout_get_extents(l, NULL, &logical);
    double base = (double)pango_layout_get_baseline(l) / PANGO_SCALE; /* pt */
    double w = (double)logical.width / PANGO_SCALE, asc = base;
    double desc = (double)logical.height / PANGO_SCALE - base;
    double dx = h == FLOOR_LEFT ? 0 : h == FLOOR_CENTER ? -w / 2 : -w;
    double dy = v == FLOOR_BASELINE ? 0
                : v == FLOOR_TOP    ? asc
                : v == FLOOR_BOTTOM ? -desc
                                    : (asc - desc) / 2;
    fc_rgb(s->cr, rgb);
    cairo_move_to(s->cr, dx, dy - base);
    pango_cairo_show_layout(s->cr, l);
    g_object_unref(l);
    cairo_restore(s->cr);
    return w * FLOOR_PT_TO_MM;
}

/* Private fontconfig set-up from pnpkit's fonts.conf, made current so that
 * fontconfig never loads the system configuration. */
static PangoFontMap *fc_font_map(const char *conf)
{
    FcConfig *fc = FcConfigCreate();
    if (!fc || !FcConfigParseAndLoad(fc, (const FcChar8 *)conf, FcTrue) ||
        !FcConfigBuildFonts(fc)) {
        fprintf(stderr, "bench-floor: cannot load %s\n", conf);
        exit(3);
    }
    FcConfigSetCurrent(fc);
    PangoFontMap *map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), fc);
    FcConfigDestroy(fc);
    return map;
}

static PangoContext *fc_context(PangoFontMap *map)
{
    PangoContext *ctx = pango_font_map_create_context(map);
    pango_cairo_context_set_resolution(ctx, 72.0);
    cairo_font_options_t *fo = cairo_font_options_create();
    cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
    pango_cairo_context_set_font_options(ctx, fo);
    cairo_font_options_destroy(fo);
    pango_context_set_round_glyph_positions(ctx, FALSE);
    return ctx;
}

static char *fc_page_path(const char *path, int page)
{
    if (page <= 1) return g_strdup(path);
    const char *dot = strrchr(path, '.');
    return g_strdup_printf("%.*s-%d%s", (int)(dot - path), path, page, dot);
}

/* Draws the sheet on cr, whose unit is the device unit; scale is units per mm. */
static void fc_draw(fc_state *s, cairo_t *cr, double scale, floor_page_fn page)
{
    static const floor_pen pen_ops = {.fill_rect = fc_fill_rect,
                                      .stroke_rect = fc_stroke_rect,
                                      .line = fc_line,
                                      .circle = fc_circle,
                                      .annulus = fc_annulus,
                                      .text = fc_text};
    floor_pen pen = pen_ops;
    pen.u = s;
    s->cr = cr;
    cairo_save(cr);
    cairo_scale(cr, scale, scale);
    page(&pen);
    cairo_restore(cr);
}

static int fc_check(cairo_surface_t *surf, const char *what)
{
    cairo_status_t st = cairo_surface_status(surf);
    if (st == CAIRO_STATUS_SUCCESS) return 0;
    fprintf(stderr, "bench-floor: %s: %s\n", what, cairo_status_to_string(st));
    return 3;
}

int main(int argc, char **argv)
{
    static const struct option opts[] = {{"output", required_argument, 0, 'o'},
                                         {"pages", required_argument, 0, 'p'},
                                         {"dpi", required_argument, 0, 'd'},
                                         {"share", no_argument, 0, 's'},
                                         {0, 0, 0, 0}};
    const char *out = NULL;
    int pages = 1, dpi = 150;
    bool share = false;
    for (int c; (c = getopt_long(argc, argv, "o:", opts, NULL)) != -1;) {
        if (c == 'o')
            out = optarg;
        else if (c == 'p')
            pages = atoi(optarg);
        else if (c == 'd')
            dpi = atoi(optarg);
        else if (c == 's')
            share = true;
        else
            return 2;
    }
    floor_page_fn page = optind == argc - 1 ? floor_find(argv[optind]) : NULL;
    const char *ext = out ? strrchr(out, '.') : NULL;
    if (!page || !ext || pages < 1 || pages > FLOOR_MAX_PAGES || dpi < 10 || dpi > 1200) {
        fputs("usage: bench-floor circle36|dicrono -o FILE.pdf|.svg|.png [--pages N] [--share] "
              "[--dpi N]\n",
              stderr);
        return 2;
    }
    PangoFontMap *map = fc_font_map(BENCH_FONTS_CONF);
    fc_state s = {.ctx = fc_context(map)};
    s.fd[0] = pango_font_description_from_string("DejaVu Sans");
    s.fd[1] = pango_font_description_copy(s.fd[0]);
    pango_font_description_set_weight(s.fd[1], PANGO_WEIGHT_BOLD);
    const double wpt = FLOOR_PAGE_W * FLOOR_MM_TO_PT, hpt = FLOOR_PAGE_H * FLOOR_MM_TO_PT;
    int rc = 0;
    if (!strcmp(ext, ".pdf")) {
        cairo_surface_t *pdf = cairo_pdf_surface_create(out, wpt, hpt);
        cairo_t *cr = cairo_create(pdf);
        cairo_surface_t *rec = NULL;
        if (share) {
            cairo_rectangle_t box = {0, 0, wpt, hpt};
            rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &box);
            cairo_t *rcr = cairo_create(rec);
            fc_draw(&s, rcr, FLOOR_MM_TO_PT, page);
            cairo_destroy(rcr);
        }
        for (int p = 0; p < pages; p++) {
            if (rec) {
                cairo_set_source_surface(cr, rec, 0, 0);
                cairo_paint(cr);
            } else {
                fc_draw(&s, cr, FLOOR_MM_TO_PT, page);
            }
            cairo_show_page(cr);
        }
        cairo_destroy(cr);
        if (rec) cairo_surface_destroy(rec);
        cairo_surface_finish(pdf);
        rc = fc_check(pdf, out);
        cairo_surface_destroy(pdf);
    } else if (!strcmp(ext, ".svg") || !strcmp(ext, ".png")) {
        bool svg = !strcmp(ext, ".svg");
        for (int p = 1; p <= pages && !rc; p++) {
            char *path = fc_page_path(out, p);
            cairo_surface_t *surf;
            double scale;
            if (svg) {
                surf = cairo_svg_surface_create(path, wpt, hpt);
                cairo_svg_surface_set_document_unit(surf, CAIRO_SVG_UNIT_PT);
                scale = FLOOR_MM_TO_PT;
            } else {
                scale = dpi / 25.4;
                surf = cairo_image_surface_create(CAIRO_FORMAT_RGB24,
                                                  (int)lround(FLOOR_PAGE_W * scale),
                                                  (int)lround(FLOOR_PAGE_H * scale));
            }
            cairo_t *cr = cairo_create(surf);
            if (!svg) {
                cairo_set_source_rgb(cr, 1, 1, 1);
                cairo_paint(cr);
            }
            fc_draw(&s, cr, scale, page);
            cairo_destroy(cr);
            if (svg)
                cairo_surface_finish(surf);
            else if (cairo_surface_write_to_png(surf, path) != CAIRO_STATUS_SUCCESS)
                rc = 3;
            if (!rc) rc = fc_check(surf, path);
            cairo_surface_destroy(surf);
            g_free(path);
        }
    } else {
        fprintf(stderr, "bench-floor: %s: write .pdf, .svg or .png\n", out);
        rc = 2;
    }
    pango_font_description_free(s.fd[0]);
    pango_font_description_free(s.fd[1]);
    g_object_unref(s.ctx);
    g_object_unref(map);
    return rc;
}

/* hexgrid.c: a grid of hexagons, flat-topped or pointy-topped, rows of them
 * offset by half a hex; each hex may carry its coordinates (offset: column
 * and row from 1; axial: q and r from 0, as hex-map tools count them) and is a
 * round slot "<prefix>.<col>.<row>". */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "components/comp.h"
#include "scene/measure.h"

static const pv_spec hexgrid_props[] = {
    COMP_X("left edge of the grid"),
    COMP_Y("top edge of the grid"),
    {.name = "size",
     .type = PV_LENGTH,
     .def = "10mm",
     .min = 2,
     .max = 200,
     .help = "centre to corner of a hex"},
    {.name = "cols", .type = PV_INT, .def = "8", .min = 1, .max = 60},
    {.name = "rows", .type = PV_INT, .def = "8", .min = 1, .max = 60},
    {.name = "orient",
     .type = PV_ENUM,
     .def = "pointy",
     .choices = "pointy|flat",
     .help = "pointy: a corner at the top, hexes side by side in rows; flat: a side at the top, "
             "hexes one above the other in columns"},
    {.name = "offset",
     .type = PV_ENUM,
     .def = "odd",
     .choices = "odd|even",
     .help = "which rows (pointy) or columns (flat) are pushed half a hex: odd pushes the "
             "second, fourth...; even the first, third..."},
    {.name = "labels",
     .type = PV_ENUM,
     .def = "none",
     .choices = "none|offset|axial",
     .help = "coordinates printed in every hex: offset col.row from 1, axial q,r from 0"},
    {.name = "label_size",
     .type = PV_NUMBER,
     .def = "0",
     .min = 0,
     .max = 24,
     .help = "points (0: from the size of the hex)"},
    {.name = "prefix",
     .type = PV_STRING,
     .def = "hex",
     .min = 0,
     .max = 32,
     .help = "slot ids are prefix.col.row (empty: no slots)"},
    {.name = "width", .type = PV_LENGTH, .def = "0.3mm", .min = 0, .max = 5},
    {.name = "stroke", .type = PV_COLOR, .def = "black"},
    {.name = "fill",
     .type = PV_COLOR,
     .def = "none",
     .each = true,
     .help = "every hex's fill; an expression may use the hex's col and row (from 1) and q "
             "and r (axial)"},
    {.name = "label_color",
     .type = PV_STRING,
     .def = "auto",
     .min = 0,
     .max = 64,
     .each = true,
     .help = "the labels' colour, per hex like fill; auto: grey on light fills, white on dark "
             "ones"},
    {0},
};

typedef struct hexgrid {
    double x0, y0, r;
    int cols, rows;
    bool flat, odd;
} hexgrid;

/* The centre of the hex at 0-based (col, row). */
static void hex_centre(const hexgrid *g, int col, int row, double *x, double *y)
{
    double s3 = sqrt(3.0);
    if (g->flat) {
        bool pushed = (col % 2 == 1) == g->odd;
        *x = g->x0 + g->r + 1.5 * g->r * col;
        *y = g->y0 + s3 * g->r * (row + 0.5 + (pushed ? 0.5 : 0));
    } else {
        bool pushed = (row % 2 == 1) == g->odd;
        *x = g->x0 + s3 * g->r * (col + 0.5 + (pushed ? 0.5 : 0));
        *y = g->y0 + g->r + 1.5 * g->r * row;
    }
}

/* Adds the outline of the hex at 0-based (col, row) to the current path. */
static void hex_outline(const hexgrid *g, scene *s, int col, int row)
{
    double cx, cy;
    hex_centre(g, col, row, &cx, &cy);
    for (int k = 0; k < 6; k++) {
        double t = (60.0 * k + (g->flat ? 0 : 30)) * G_PI / 180;
        double px = cx + g->r * cos(t), py = cy + g->r * sin(t);
        if (k == 0)
            scene_move(s, px, py);
        else
            scene_line(s, px, py);
    }
    scene_close(s);
}

/* Axial coordinates (q, r) of the hex at 0-based offset (col, row). */
static void hex_axial(const hexgrid *g, int col, int row, int *q, int *r)
{
    if (g->flat) {
        *q = col;
        *r = row - (g->odd ? (col - (col & 1)) / 2 : (col + (col & 1)) / 2);
    } else {
        *q = col - (g->odd ? (row - (row & 1)) / 2 : (row + (row & 1)) / 2);
        *r = row;
    }
}

/* The hexes in the order they are drawn, row by row: col and row from 1,
 * q and r axial (see comp_items_fn). */
int comp_hex_grid_items(const comp_args *a, int k, const char **names, long *vals)
{
    hexgrid g = {.cols = (int)comp_int(a, "cols"),
                 .rows = (int)comp_int(a, "rows"),
                 .flat = !strcmp(comp_str(a, "orient"), "flat"),
                 .odd = !strcmp(comp_str(a, "offset"), "odd")};
    if (k < 0) return g.cols * g.rows;
    int col = k % g.cols, row = k / g.cols, q, r;
    hex_axial(&g, col, row, &q, &r);
    static const char *const item_names[] = {"col", "row", "q", "r"};
    long v[] = {col + 1, row + 1, q, r};
    for (int i = 0; i < 4; i++) {
        names[i] = item_names[i];
        vals[i] = v[i];
    }
    return 4;
}

/* WCAG 2 relative luminance of an sRGB colour. */
static double luminance(pn_rgba c)
{
    double ch[3] = {c.r, c.g, c.b};
    for (int i = 0; i < 3; i++)
        ch[i] = ch[i] <= 0.04045 ? ch[i] / 12.92 : pow((ch[i] + 0.055) / 1.055, 2.4);
    return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2];
}

/* A label colour that keeps contrast on fill: the grid's grey, or white when
 * white stands out more (WCAG contrast ratio) on a dark fill. */
static pn_rgba label_on(pn_rgba fill)
{
    pn_rgba grey = {0.45, 0.45, 0.45, 1};
    if (fill.a <= 0) return grey;
    double lf = luminance(fill), lg = luminance(grey);
    double with_grey = (fmax(lf, lg) + 0.05) / (fmin(lf, lg) + 0.05);
    double with_white = 1.05 / (lf + 0.05);
    return with_white > with_grey ? PN_WHITE : grey;
}

/* Hex k's fill, or -1 with err when its text is not a colour. */
static int hex_fill(const comp_ctx *ctx, const comp_args *a, int k, pn_rgba *out, pn_err *err)
{
    const char *t = comp_each_text(a, "fill", k);
    if (pn_rgba_parse(t, out)) return 0;
    return comp_prop_err(ctx, err, "fill", "hex-grid: fill: '%s' is not a colour", t);
}

static int hexgrid_layout(const comp_ctx *ctx, const comp_args *a, scene *s, pn_err *err)
{
    hexgrid g = {.x0 = comp_x(ctx, a, "x"),
                 .y0 = comp_y(ctx, a, "y"),
                 .r = comp_len(ctx, a, "size"),
                 .cols = (int)comp_int(a, "cols"),
                 .rows = (int)comp_int(a, "rows"),
                 .flat = !strcmp(comp_str(a, "orient"), "flat"),
                 .odd = !strcmp(comp_str(a, "offset"), "odd")};
    pn_rgba fill = comp_color(a, "fill"), stroke = comp_color(a, "stroke");
    double w = comp_len(ctx, a, "width");
    int n = g.cols * g.rows;
    bool per_hex = comp_val(a, "fill")->strs != NULL;
    pn_rgba *fills = g_new(pn_rgba, (size_t)n);
    for (int k = 0; k < n; k++)
        if (!per_hex)
            fills[k] = fill;
        else if (hex_fill(ctx, a, k, &fills[k], err)) {
            g_free(fills);
            return -1;
        }
    if (per_hex) {
        /* One path per fill colour, in the order the colours first appear. */
        bool *done = g_new0(bool, (size_t)n);
        for (int k = 0; k < n; k++) {
            if (done[k] || fills[k].a <= 0) continue;
            scene_begin(s);
            for (int j = k; j < n; j++) {
                if (done[j] || memcmp(&fills[j], &fills[k], sizeof fills[k])) continue;
                done[j] = true;
                hex_outline(&g, s, j % g.cols, j / g.cols);
            }
            scene_end(s, &(scene_style){.fill = true, .fill_color = fills[k]});
        }
        g_free(done);
    }
    scene_style st = scene_fill_stroke_style(fill, stroke, w);
    st.fill = !per_hex && fill.a > 0;
    st.stroke = stroke.a > 0 && w > 0;
    /* Every outline in one path: one item for the whole grid. */
    scene_begin(s);
    for (int row = 0; row < g.rows; row++)
        for (int col = 0; col < g.cols; col++)
            hex_outline(&g, s, col, row);
    scene_end(s, &st);
    const char *prefix = comp_str(a, "prefix"), *labels = comp_str(a, "labels");
    double ri = g.r * sqrt(3.0) / 2; /* centre to side */
    double size = comp_num(a, "label_size");
    if (size <= 0) size = g.r * 0.3 * PN_MM_TO_PT;
    if (size < 4) size = 4;
    scene_font f = comp_font(size, false);
    char id[96], label[48];
    for (int row = 0; row < g.rows; row++)
        for (int col = 0; col < g.cols; col++) {
            double cx, cy;
            hex_centre(&g, col, row, &cx, &cy);
            if (*prefix) {
                snprintf(id, sizeof id, "%s.%d.%d", prefix, col + 1, row + 1);
                if (scene_slot_add(s, id, cx - ri, cy - ri, 2 * ri, 2 * ri, SLOT_ROUND, err)) {
                    g_free(fills);
                    return comp_err(ctx, err, "hex-grid: %s", err->msg);
                }
            }
            if (!strcmp(labels, "none")) continue;
            if (!strcmp(labels, "offset")) {
                snprintf(label, sizeof label, "%02d%02d", col + 1, row + 1);
            } else {
                int q, r;
                hex_axial(&g, col, row, &q, &r);
                snprintf(label, sizeof label, "%d,%d", q, r);
            }
            int k = row * g.cols + col;
            const char *lc = comp_each_text(a, "label_color", k);
            pn_rgba ink;
            if (!strcmp(lc, "auto"))
                ink = label_on(fills[k]);
            else if (!pn_rgba_parse(lc, &ink)) {
                g_free(fills);
                return comp_prop_err(ctx, err, "label_color",
                                     "hex-grid: label_color: '%s' is not a colour (or auto)", lc);
            }
            if (!scene_text_add(s, label, &f, ink, cx, cy - ri * 0.5, TEXT_CENTER, TEXT_MIDDLE, 0,
                                err)) {
                g_free(fills);
                return comp_err(ctx, err, "hex-grid: %s", err->msg);
            }
        }
    g_free(fills);
    return 0;
}

const comp_type comp_hex_grid = {"hex-grid",
                                 "rows x cols hexagons, flat or pointy, with offset or axial "
                                 "coordinates; round slots prefix.col.row",
                                 hexgrid_props, hexgrid_layout};

/* tilesheet.c: Cirplexed tiles to cut out (tile-sheet). The full set (every
 * tile of four different colours, up to rotation: 90 for six colours, from
 * games/cpx_tile.h) is laid edge to edge in a grid with cut lines running out
 * into the margin, as many sheets as the set needs. A legend names the
 * colours. In mono, and with patterns: true, every colour also carries its own
 * pattern, drawn as paths, so tiles can be told apart without colour. */
#include <math.h>
#include <stdio.h>
#include "components/comp.h"
#include "components/draw.h"
#include "games/cpx_tile.h"
#include "scene/measure.h"

#define TILE_MAX_COLORS 8
#define TILE_LEGEND_ROW 10.0  /* mm: a row of the legend */
#define TILE_LEGEND_CELL 25.0 /* mm: one colour in the legend */
#define TILE_NOTE_W 40.0      /* mm kept for "tiles 1-48 of 90" */
#define TILE_CUT_RUN 4.0      /* cut lines run this far past the tiles */
#define TILE_TITLE_H 9.0      /* mm above the tiles when there is a title */

static const pv_spec tile_props[] = {
    COMP_X(NULL),
    COMP_Y(NULL),
    {.name = "w", .type = PV_LENGTH, .def = "100%", .min = 20, .max = 1000, .axis = 'x'},
    {.name = "h", .type = PV_LENGTH, .def = "100%", .min = 20, .max = 1000, .axis = 'y'},
    {.name = "tile", .type = PV_LENGTH, .def = "30mm", .min = 15, .max = 80, .help = "tile side"},
    {.name = "radius",
     .type = PV_NUMBER,
     .def = "0.42",
     .min = 0.2,
     .max = 0.5,
     .help = "corner quarter circles' radius, as a fraction of the side"},
    {.name = "colors",
     .type = PV_STRLIST,
     .def = "#d7301f,#f28e2b,#f7d52a,#2e9e44,#2d6cc0,#8e44ad",
     .min = 4,
     .max = TILE_MAX_COLORS},
    {.name = "names",
     .type = PV_STRLIST,
     .def = "red,orange,yellow,green,blue,purple",
     .min = 4,
     .max = TILE_MAX_COLORS,
     .help = "colour names for the legend, one per colour"},
    {.name = "patterns",
     .type = PV_BOOL,
     .def = "false",
     .help = "patterns in colour printing too (always on in mono)"},
    {.name = "background", .type = PV_COLOR, .def = "#ffffff"},
    {.name = "legend", .type = PV_BOOL, .def = "true"},
    {.name = "title", .type = PV_STRING, .def = "", .help = "printed above the tiles"},
    {0},
};

typedef struct tile_grid {
    int cols, rows, per_sheet, total;
    double side;
} tile_grid;

/* Colours per legend row and the legend's height, for a box w wide. */
static int legend_per_row(double w)
{
    int per = (int)((w - TILE_NOTE_W) / TILE_LEGEND_CELL);
    return per < 1 ? 1 : per;
}

static double legend_height(double w, int n)
{
    int per = legend_per_row(w);
    return TILE_CUT_RUN + 2 + ((n + per - 1) / per) * TILE_LEGEND_ROW;
}

static int grid_of(const comp_ctx *ctx, const comp_args *a, tile_grid *g)
{
    g->side = comp_len(ctx, a, "tile");
    double w = comp_len(ctx, a, "w"), h = comp_len(ctx, a, "h");
    if (comp_bool(a, "legend")) h -= legend_height(w, (int)comp_val(a, "colors")->n);
    if (*comp_str(a, "title")) h -= TILE_TITLE_H;
    g->cols = (int)floor(w / g->side + 1e-9);
    g->rows = (int)floor(h / g->side + 1e-9);
    g->per_sheet = g->cols * g->rows;
    cpx_tile all[CPX_FULL_SET * 25];
    g->total = cpx_tile_set((int)comp_val(a, "colors")->n, all, (int)G_N_ELEMENTS(all));
    return g->per_sheet > 0 && g->total > 0 ? 0 : -1;
}

int comp_tile_sheet_sheets(const comp_ctx *ctx, const comp_args *a)
{
    tile_grid g;
    if (grid_of(ctx, a, &g)) return 1;
    return (g.total + g.per_sheet - 1) / g.per_sheet;
}

static int legend(const comp_ctx *ctx, scene *s, const pn_rgba *cols, const pv_value *names, int n,
                  bool pats, double x, double y, double w, const char *note, pn_err *err)
{
    int per = legend_per_row(w);
    double r = 3.8;
    pn_rgba light = {0.92, 0.92, 0.92, 1};
    for (int i = 0; i < n; i++) {
        double cx = x + (i % per) * TILE_LEGEND_CELL + r + 0.5;
        double cy = y + (i / per + 0.5) * TILE_LEGEND_ROW;
        /* A whole circle, as four corners make it on the table. */
        scene_style f = scene_fill_style(ctx->mono ? light : cols[i]);
        scene_circle(s, cx, cy, r, &f);
        if (pats)
            for (int q = 0; q < 4; q++)
                draw_sector_pattern(s, cx, cy, r, q * 90, q * 90 + 90, draw_colour_pattern(i),
                                    draw_pattern_ink(cols[i], draw_colour_pattern(i), ctx->mono));
        scene_style o = scene_stroke_style(PN_BLACK, 0.3);
        scene_circle(s, cx, cy, r, &o);
        if (!draw_text_left(s, names->strs[i], 8, false, PN_BLACK, cx + r + 1.5, cy,
                            TILE_LEGEND_CELL - 2 * r - 3, err))
            return -1;
    }
    scene_font f = comp_font(7, false);
    return scene_text_add(s, note, &f, (pn_rgba){0.35, 0.35, 0.35, 1}, x + w,
                          y + TILE_LEGEND_ROW / 2, TEXT_RIGHT, TEXT_MIDDLE, 0, err)
               ? 0
               : -1;
}

static int tile_layout(const comp_ctx *ctx, const comp_args *a, scene *s, pn_err *err)
{
    const pv_value *cv = comp_val(a, "colors"), *nv = comp_val(a, "names");
    int n = (int)cv->n;
    if (nv->n != cv->n)
        return comp_err(ctx, err, "tile-sheet: %zu names for %zu colours", nv->n, cv->n);
    pn_rgba cols[TILE_MAX_COLORS];
    for (int i = 0; i < n; i++)
        if (!pn_rgba_parse(cv->strs[i], &cols[i]))
            return comp_err(ctx, err, "tile-sheet: '%s' is not a colour", cv->strs[i]);
    tile_grid g;
    if (grid_of(ctx, a, &g))
        return comp_err(ctx, err, "tile-sheet: a %.0fmm tile does not fit the box",
                        comp_len(ctx, a, "tile"));
    cpx_tile *set = g_new(cpx_tile, g.total);
    cpx_tile_set(n, set, g.total);
    double x0 = comp_x(ctx, a, "x"), y0 = comp_y(ctx, a, "y"), w = comp_len(ctx, a, "w");
    double side = g.side, r = side * comp_num(a, "radius");
    const char *title = comp_str(a, "title");
    if (*title) {
        if (!draw_text_left(s, title, 9, true, PN_BLACK, x0, y0 + 2, w, err)) {
            g_free(set);
            return -1;
        }
        y0 += TILE_TITLE_H;
    }
    /* Centre the grid across the box. */
    x0 += (w - g.cols * side) / 2;
    bool pats = ctx->mono || comp_bool(a, "patterns");
    pn_rgba bg = comp_color(a, "background"), light = {0.92, 0.92, 0.92, 1};
    /* Sheet k of a set holds the next tiles; the set's last sheet may be
     * partly empty, and a longer pad starts another set on a fresh sheet. */
    int sheets = (g.total + g.per_sheet - 1) / g.per_sheet;
    int first = (ctx->page % sheets) * g.per_sheet, copy = ctx->page / sheets + 1;
    int shown = g.total - first < g.per_sheet ? g.total - first : g.per_sheet;
    for (int k = 0; k < shown; k++) {
        const cpx_tile *t = &set[first + k];
        pn_rgba corners[4], inks[4];
        draw_pattern p[4];
        for (int c = 0; c < 4; c++) {
            corners[c] = ctx->mono ? light : cols[t->c[c]];
            p[c] = draw_colour_pattern(t->c[c]);
            inks[c] = draw_pattern_ink(cols[t->c[c]], p[c], ctx->mono);
        }
        double tx = x0 + (k % g.cols) * side, ty = y0 + (k / g.cols) * side;
        draw_tile_patterned(s, tx, ty, side, r, corners, pats ? p : NULL, pats ? inks : NULL, bg, 0,
                            ctx->mono ? 0.3 : 0);
    }
    g_free(set);
    /* Cut lines along every tile edge, running out past the tiles. Only the
     * last row may be short. */
    scene_style cut = scene_stroke_style((pn_rgba){0.25, 0.25, 0.25, 1}, 0.2);
    int rows = (shown + g.cols - 1) / g.cols, last = shown - (rows - 1) * g.cols;
    double gh = rows * side;
    for (int c = 0; c <= g.cols; c++) {
        int down = c <= last ? rows : rows - 1;
        double len = down * side;
        if (len > 0)
            scene_segment(s, x0 + c * side, y0 - TILE_CUT_RUN, x0 + c * side,
                          y0 + len + TILE_CUT_RUN, &cut);
    }
    for (int rr = 0; rr <= rows; rr++) {
        int across = rr < rows ? g.cols : last;
        scene_segment(s, x0 - TILE_CUT_RUN, y0 + rr * side, x0 + across * side + TILE_CUT_RUN,
                      y0 + rr * side, &cut);
    }
    if (!comp_bool(a, "legend")) return 0;
    char note[96];
    if (copy > 1)
        snprintf(note, sizeof note, "set %d: tiles %d\u2013%d of %d", copy, first + 1,
                 first + shown, g.total);
    else
        snprintf(note, sizeof note, "tiles %d\u2013%d of %d", first + 1, first + shown, g.total);
    return legend(ctx, s, cols, nv, n, pats, comp_x(ctx, a, "x"), y0 + gh + TILE_CUT_RUN + 2, w,
                  note, err);
}

const comp_type comp_tile_sheet = {"tile-sheet",
                                   "Cirplexed tiles: the full set with cut lines, sheet by sheet",
                                   tile_props, tile_layout};

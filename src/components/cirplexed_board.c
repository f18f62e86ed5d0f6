/* cirplexed_board.c: one player's Cirplexed board as it lies on the table: the
 * placed tiles (draw_tile), scaled to fit this board's share of the area, with
 * a header for the player's name and score. Several boards share one area:
 * board `index` of `players` takes its cell (one column for up to two boards,
 * two columns for more), and a
 * board whose index is above `players` draws nothing.
 *
 * tiles lists six numbers per tile: x, y (x to the right, y downwards) and the
 * palette indices of the corners tl, tr, br, bl as the tile lies.
 * Slots (P = b<index>): P.name, P.circles, P.three_quarter, P.half, P.rank, and
 * P.pt.<x>.<y> (round, at every grid point where a placed tile has a corner) for
 * marking the circles formed there. */
#include <math.h>
#include <stdio.h>
#include "components/comp.h"
#include "components/draw.h"

#define CPX_BOARD_MAX_NUMS 1200 /* 200 tiles */

static const pv_spec cpx_props[] = {
    COMP_X(NULL),
    COMP_Y(NULL),
    {.name = "w",
     .type = PV_LENGTH,
     .def = "100%",
     .min = 40,
     .max = 1000,
     .axis = 'x',
     .help = "width of the area all boards share"},
    {.name = "h", .type = PV_LENGTH, .def = "100%", .min = 40, .max = 1000, .axis = 'y'},
    {.name = "index", .type = PV_INT, .def = "1", .min = 1, .max = 12, .help = "this board"},
    {.name = "players",
     .type = PV_INT,
     .def = "1",
     .min = 1,
     .max = 12,
     .help = "boards sharing the area"},
    {.name = "tiles",
     .type = PV_NUMLIST,
     .def = "",
     .min = 0,
     .max = CPX_BOARD_MAX_NUMS,
     .help = "x, y, tl, tr, br, bl per tile (corners are palette indices)"},
    {.name = "palette",
     .type = PV_STRLIST,
     .def = "#d62828,#f08a24,#f2c500,#2a9d3f,#1f5fbf,#7b3fa0",
     .min = 1,
     .max = 12,
     .help = "tile colours"},
    {.name = "tile",
     .type = PV_LENGTH,
     .def = "16mm",
     .min = 4,
     .max = 60,
     .help = "largest tile side; tiles shrink to fit"},
    {0},
};

typedef struct board_box {
    double x, y, w, h;
} board_box;

/* This board's cell of the shared area. */
static board_box cell_of(const comp_ctx *ctx, const comp_args *a, int index, int players)
{
    int cols = players <= 2 ? 1 : 2, rows = (players + cols - 1) / cols;
    double X = comp_x(ctx, a, "x"), Y = comp_y(ctx, a, "y");
    double W = comp_len(ctx, a, "w"), H = comp_len(ctx, a, "h"), gap = 4;
    double cw = (W - gap * (cols - 1)) / cols, ch = (H - gap * (rows - 1)) / rows;
    int c = (index - 1) % cols, r = (index - 1) / cols;
    return (board_box){X + c * (cw + gap), Y + r * (ch + gap), cw, ch};
}

static int slot(const comp_ctx *ctx, scene *s, const char *id, double x, double y, double w,
                double h, scene_slot_shape shape, pn_err *err)
{
    if (scene_slot_add(s, id, x, y, w, h, shape, err))
        return comp_err(ctx, err, "cirplexed-board: %s", err->msg);
    return 0;
}

/* The header: the name line and the four score boxes, side by side on a wide
 * board or on two lines on a narrow one. Sets *used to its height. */
static int header(const comp_ctx *ctx, scene *s, int index, const board_box *b, double *used,
                  pn_err *err)
{
    bool wide = b->w >= 130;
    double lh = 9, hh = wide ? lh : 2 * lh, y = b->y;
    char id[32];
    scene_style fill = scene_fill_style((pn_rgba){0.94, 0.94, 0.94, 1});
    scene_rect(s, b->x, y, b->w, hh, &fill);
    if (!draw_text_left(s, "Player", 8, true, PN_BLACK, b->x + 2, y + lh / 2, 14, err)) return -1;
    double nx = b->x + 15, nw = (wide ? b->w * 0.45 : b->w - 2) - 15;
    scene_style ul = scene_stroke_style(PN_BLACK, 0.3);
    scene_segment(s, nx, y + lh - 1.5, nx + nw, y + lh - 1.5, &ul);
    snprintf(id, sizeof id, "b%d.name", index);
    if (slot(ctx, s, id, nx, y + 1, nw, lh - 2.5, SLOT_BOX, err)) return -1;
    static const char *const labels[4] = {"Circles", "\xc2\xbe", "\xc2\xbd", "Rank"};
    static const char *const ids[4] = {"circles", "three_quarter", "half", "rank"};
    static const double share[4] = {0.3, 0.22, 0.22, 0.26};
    double fx = wide ? b->x + b->w * 0.47 : b->x + 1, fy = wide ? y : y + lh;
    double fw = b->x + b->w - 1 - fx, bw = 10;
    scene_style box = scene_fill_stroke_style(PN_WHITE, PN_BLACK, 0.3);
    for (int i = 0; i < 4; i++) {
        double lw = fw * share[i] - bw - 1.5;
        if (!draw_label(s, labels[i], i == 0 || i == 3 ? 7.5 : 10, true, PN_BLACK, fx, fy, lw, lh,
                        err))
            return -1;
        scene_rect(s, fx + lw, fy + 1.2, bw, lh - 2.4, &box);
        snprintf(id, sizeof id, "b%d.%s", index, ids[i]);
        if (slot(ctx, s, id, fx + lw, fy + 1.2, bw, lh - 2.4, SLOT_BOX, err)) return -1;
        fx += fw * share[i];
    }
    *used = hh;
    return 0;
}

static int board_layout(const comp_ctx *ctx, const comp_args *a, scene *s, pn_err *err)
{
    int index = (int)comp_int(a, "index"), players = (int)comp_int(a, "players");
    if (index > players) return 0;
    const pv_value *tiles = comp_val(a, "tiles"), *pal = comp_val(a, "palette");
    if (tiles->n % 6)
        return comp_prop_err(ctx, err, "tiles",
                             "cirplexed-board: tiles holds %zu numbers, not six per tile",
                             tiles->n);
    pn_rgba colors[12];
    for (size_t i = 0; i < pal->n; i++)
        if (!pn_rgba_parse(pal->strs[i], &colors[i]))
            return comp_prop_err(ctx, err, "palette",
                                 "cirplexed-board: palette: '%s' is not a colour", pal->strs[i]);
    int n = (int)(tiles->n / 6);
    int minx = 0, maxx = 0, miny = 0, maxy = 0;
    for (int i = 0; i < n; i++) {
        const double *t = tiles->nums + 6 * i;
        for (int k = 0; k < 6; k++)
            if (t[k] != floor(t[k]) || fabs(t[k]) > 1000 ||
                (k >= 2 && (t[k] < 0 || t[k] >= (double)pal->n)))
                return comp_prop_err(
                    ctx, err, "tiles",
                    "cirplexed-board: tiles: tile %d: %g is not a place or a palette index", i + 1,
                    t[k]);
        int x = (int)t[0], y = (int)t[1];
        if (i == 0 || x < minx) minx = x;
        if (i == 0 || x > maxx) maxx = x;
        if (i == 0 || y < miny) miny = y;
        if (i == 0 || y > maxy) maxy = y;
    }
    board_box b = cell_of(ctx, a, index, players);
    double used;
    if (header(ctx, s, index, &b, &used, err)) return -1;
    scene_style frame = scene_stroke_style(PN_BLACK, 0.5);
    scene_rect(s, b.x, b.y, b.w, b.h, &frame);
    scene_segment(s, b.x, b.y + used, b.x + b.w, b.y + used, &frame);
    if (n == 0) return 0;
    /* Fit the tiles into the area under the header, with a margin for the marks. */
    double ax = b.x + 4, ay = b.y + used + 4, aw = b.w - 8, ah = b.h - used - 8;
    int cols = maxx - minx + 1, rows = maxy - miny + 1;
    double side = comp_len(ctx, a, "tile");
    if (aw / cols < side) side = aw / cols;
    if (ah / rows < side) side = ah / rows;
    if (side < 1)
        return comp_err(ctx, err, "cirplexed-board: %dx%d tiles do not fit the board", cols, rows);
    double ox = ax + (aw - cols * side) / 2, oy = ay + (ah - rows * side) / 2;
    double r = side * 0.42;
    pn_rgba bg = {0.96, 0.93, 0.86, 1}; /* wood */
    for (int i = 0; i < n; i++) {
        const double *t = tiles->nums + 6 * i;
        pn_rgba c[4], inks[4];
        draw_pattern p[4];
        for (int k = 0; k < 4; k++) {
            int ci = (int)t[2 + k];
            /* in mono every colour is a light grey with its own pattern, as
             * on the tile sheet, so a circle of one colour still shows */
            c[k] = ctx->mono ? (pn_rgba){0.92, 0.92, 0.92, 1} : colors[ci];
            p[k] = draw_colour_pattern(ci);
            inks[k] = draw_pattern_ink(colors[ci], p[k], true);
        }
        double tx = ox + ((int)t[0] - minx) * side, ty = oy + ((int)t[1] - miny) * side;
        if (ctx->mono)
            draw_tile_patterned(s, tx, ty, side, r, c, p, inks, bg, 0.25, 0.3);
        else
            draw_tile(s, tx, ty, side, r, c, bg, 0.25);
    }
    /* A slot at every grid point a tile's corner touches (each once). */
    char id[48];
    for (int i = 0; i < n; i++) {
        const double *t = tiles->nums + 6 * i;
        for (int k = 0; k < 4; k++) {
            int px = (int)t[0] + (k == 1 || k == 2), py = (int)t[1] + (k >= 2);
            snprintf(id, sizeof id, "b%d.pt.%d.%d", index, px, py);
            if (scene_slot_find(s, id)) continue;
            double cx = ox + (px - minx) * side, cy = oy + (py - miny) * side;
            double m = r * 1.2; /* a mark drawn around the slot clears the circle */
            if (slot(ctx, s, id, cx - m, cy - m, 2 * m, 2 * m, SLOT_ROUND, err)) return -1;
        }
    }
    return 0;
}

const comp_type comp_cirplexed_board = {
    "cirplexed-board",
    "one player's Cirplexed board: placed tiles, name and score; slots b<i>.pt.<x>.<y>", cpx_props,
    board_layout};

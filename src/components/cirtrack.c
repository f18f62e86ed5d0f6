/* cirtrack.c: Circular Numbers printables. circular-track: N spaces around a
 * loop, the start space at 12 o'clock showing a snake swallowing its tail,
 * spaces counted in the direction tokens move (counterclockwise) and marked
 * spaces carrying their number. tally: a score pad of player lines with
 * numbered boxes to cross off (slots <prefix><r>.name and <prefix><r>.<k>);
 * more boxes than fit a line wrap into several lines a player. */
#include <math.h>
#include <stdio.h>
#include "components/comp.h"
#include "components/draw.h"
#include "games/cirnum.h"
#include "scene/measure.h"

static const pv_spec track_props[] = {
    {.name = "x", .type = PV_LENGTH, .def = "50%", .min = -1000, .max = 1000, .axis = 'x'},
    {.name = "y", .type = PV_LENGTH, .def = "50%", .min = -1000, .max = 1000, .axis = 'y'},
    {.name = "radius", .type = PV_LENGTH, .def = "90mm", .min = 30, .max = 300},
    {.name = "width",
     .type = PV_LENGTH,
     .def = "24mm",
     .min = 8,
     .max = 80,
     .help = "depth of the track"},
    {.name = "spaces",
     .type = PV_INT,
     .def = "24",
     .min = CIRNUM_MIN_SPACES,
     .max = CIRNUM_MAX_SPACES,
     .help = "spaces around the loop, the start included"},
    {.name = "marks",
     .type = PV_STRLIST,
     .def = "4:2,8:3,12:4,16:7,20:10",
     .min = 0,
     .max = CIRNUM_MAX_MARKS,
     .help = "marked spaces as SPACE:NUMBER"},
    {.name = "color", .type = PV_COLOR, .def = "#f3ead8", .help = "colour of the spaces"},
    {.name = "mark_color", .type = PV_COLOR, .def = "#f2b33d"},
    {.name = "snake_color", .type = PV_COLOR, .def = "#3f8f3a"},
    {.name = "legend", .type = PV_BOOL, .def = "true", .help = "moves and rules in the middle"},
    {0},
};

/* A point on an ellipse centred at (cx, cy) with semi-axes a (along the unit
 * vector (ux, uy)) and b (across it), at parameter t. */
static void ellipse_pt(double cx, double cy, double ux, double uy, double a, double b, double t,
                       double *x, double *y)
{
    *x = cx + a * cos(t) * ux - b * sin(t) * uy;
    *y = cy + a * cos(t) * uy + b * sin(t) * ux;
}

static void ellipse(scene *s, double cx, double cy, double ux, double uy, double a, double b,
                    const scene_style *st)
{
    const double k = 0.5522847498;
    scene_begin(s);
    double x, y;
    ellipse_pt(cx, cy, ux, uy, a, b, 0, &x, &y);
    scene_move(s, x, y);
    for (int q = 0; q < 4; q++) {
        double t0 = q * G_PI / 2, t1 = t0 + G_PI / 2;
        double x0, y0, x1, y1, d0x, d0y, d1x, d1y;
        ellipse_pt(cx, cy, ux, uy, a, b, t0, &x0, &y0);
        ellipse_pt(cx, cy, ux, uy, a, b, t1, &x1, &y1);
        /* Tangents: derivative of the ellipse at t0 and t1. */
        d0x = -a * sin(t0) * ux - b * cos(t0) * uy;
        d0y = -a * sin(t0) * uy + b * cos(t0) * ux;
        d1x = -a * sin(t1) * ux - b * cos(t1) * uy;
        d1y = -a * sin(t1) * uy + b * cos(t1) * ux;
        scene_curve(s, x0 + k * d0x, y0 + k * d0y, x1 - k * d1x, y1 - k * d1y, x1, y1);
    }
    scene_close(s);
    scene_end(s, st);
}

/* A snake coiled into a ring, its head (at clock angle 40) biting its tail. */
static void ouroboros(scene *s, double cx, double cy, double rs, pn_rgba body)
{
    pn_rgba dark = {body.r * 0.45, body.g * 0.45, body.b * 0.45, 1};
    pn_rgba light = draw_tint(body, 0.45);
    const double rb = rs * 0.66, W = rs * 0.3, head = 40;
    const double neck = head - 14, tail = head + 14 - 360; /* the body runs back from the neck */
    const int n = 96;
    scene_style fill = scene_fill_stroke_style(body, dark, rs * 0.025 + 0.1);
    fill.round = true;
    scene_begin(s);
    for (int side = 0; side < 2; side++)
        for (int i = 0; i <= n; i++) {
            int j = side ? n - i : i;
            double t = (double)j / n, a = neck + (tail - neck) * t;
            double w = W * (1 - 0.85 * t * t), r = rb + (side ? -w / 2 : w / 2), x, y;
            draw_polar(cx, cy, r, a, &x, &y);
            scene_line(s, x, y);
        }
    scene_close(s);
    scene_end(s, &fill);
    /* Scales: diamonds along the back, smaller towards the tail. */
    scene_style sc = scene_fill_style(light);
    for (double a = neck - 16; a > tail + 24; a -= 17) {
        double t = (a - neck) / (tail - neck), w = W * (1 - 0.85 * t * t) * 0.32;
        double da = w / rb * 180 / G_PI, p[4][2];
        draw_polar(cx, cy, rb, a - da, &p[0][0], &p[0][1]);
        draw_polar(cx, cy, rb + w * 0.7, a, &p[1][0], &p[1][1]);
        draw_polar(cx, cy, rb, a + da, &p[2][0], &p[2][1]);
        draw_polar(cx, cy, rb - w * 0.7, a, &p[3][0], &p[3][1]);
        scene_begin(s);
        for (int k = 0; k < 4; k++)
            scene_line(s, p[k][0], p[k][1]);
        scene_close(s);
        scene_end(s, &sc);
    }
    /* The head points clockwise, its jaws over the tail's tip. */
    double hx, hy, fx, fy;
    draw_polar(cx, cy, rb, head, &hx, &hy);
    draw_polar(cx, cy, rb, head + 10, &fx, &fy);
    double ux = fx - hx, uy = fy - hy, len = sqrt(ux * ux + uy * uy);
    ux /= len;
    uy /= len;
    ellipse(s, hx, hy, ux, uy, rs * 0.27, rs * 0.19, &fill);
    /* Outward normal (away from the centre of the coil). */
    double nx = hx - cx, ny = hy - cy, nl = sqrt(nx * nx + ny * ny);
    nx /= nl;
    ny /= nl;
    scene_style mouth = scene_stroke_style(dark, rs * 0.03 + 0.1);
    mouth.round = true;
    scene_segment(s, hx + ux * rs * 0.27, hy + uy * rs * 0.27, hx + ux * rs * 0.04,
                  hy + uy * rs * 0.04, &mouth);
    scene_style white = scene_fill_stroke_style(PN_WHITE, dark, rs * 0.015 + 0.05),
                black = scene_fill_style(PN_BLACK);
    double ex = hx + ux * rs * 0.06 + nx * rs * 0.09, ey = hy + uy * rs * 0.06 + ny * rs * 0.09;
    scene_circle(s, ex, ey, rs * 0.06, &white);
    scene_circle(s, ex + ux * rs * 0.015, ey + uy * rs * 0.015, rs * 0.03, &black);
    scene_circle(s, hx + ux * rs * 0.22 + nx * rs * 0.06, hy + uy * rs * 0.22 + ny * rs * 0.06,
                 rs * 0.015, &black);
}

static int track_layout(const comp_ctx *ctx, const comp_args *a, scene *s, pn_err *err)
{
    double cx = comp_x(ctx, a, "x"), cy = comp_y(ctx, a, "y");
    double R = comp_len(ctx, a, "radius"), tw = comp_len(ctx, a, "width");
    int N = (int)comp_int(a, "spaces");
    const pv_value *mv = comp_val(a, "marks");
    cirnum_mark marks[CIRNUM_MAX_MARKS];
    char why[256];
    int nm = cirnum_parse_marks(mv->strs, mv->n, N, marks, why, sizeof why);
    if (nm < 0) return comp_prop_err(ctx, err, "marks", "circular-track: marks: %s", why);
    if (tw > R * 0.6)
        return comp_err(ctx, err, "circular-track: the track is wider than 60%% of its radius");
    /* The start is two spaces wide, and at least as wide as the track is
     * deep so the snake stays large on long tracks; half of it each side
     * of 12 o'clock. */
    double r0 = R - tw, half = 360.0 / (N + 1);
    double min_half = tw * 0.6 / (R - tw / 2) * 180 / G_PI;
    if (half < min_half) half = min_half;
    double unit = (360.0 - 2 * half) / (N - 1);
    pn_rgba base = comp_color(a, "color"), mc = comp_color(a, "mark_color");
    scene_style edge = scene_stroke_style(PN_BLACK, 0.45);
    char txt[32];
    /* Space k (1..N-1) is the k-th space counterclockwise of the start. */
    for (int k = 1; k < N; k++) {
        double a1 = -half - (k - 1) * unit, a0 = a1 - unit;
        int m = cirnum_mark_at(marks, nm, k);
        pn_rgba f = m ? draw_tint(mc, 0.55) : k % 2 ? base : draw_tint(base, 0.6);
        scene_style st = scene_fill_style(f);
        draw_sector(s, cx, cy, r0, R, a0, a1, &st);
        draw_sector(s, cx, cy, r0, R, a0, a1, &edge);
        double mid = (a0 + a1) / 2, px, py;
        draw_polar(cx, cy, R - tw * 0.16, mid, &px, &py);
        snprintf(txt, sizeof txt, "%d", k);
        scene_font nf = comp_font(tw * 0.2 * PN_MM_TO_PT > 7 ? 7 : tw * 0.2 * PN_MM_TO_PT, false);
        if (!scene_text_add(s, txt, &nf, (pn_rgba){0.35, 0.35, 0.35, 1}, px, py, TEXT_CENTER,
                            TEXT_MIDDLE, 0, err))
            return -1;
        if (m) {
            double arc = (R - tw * 0.55) * unit * G_PI / 180, d = fmin(arc, tw * 0.62) * 0.42;
            draw_polar(cx, cy, R - tw * 0.56, mid, &px, &py);
            scene_style ring = scene_fill_stroke_style(PN_WHITE, PN_BLACK, 0.5);
            scene_circle(s, px, py, d, &ring);
            snprintf(txt, sizeof txt, "%d", m);
            if (!draw_label(s, txt, d * 1.1 * PN_MM_TO_PT, true, PN_BLACK, px - d, py - d, 2 * d,
                            2 * d, err))
                return -1;
        }
    }
    /* The start at 12 o'clock, with the snake. */
    scene_style st = scene_fill_style(draw_tint(comp_color(a, "snake_color"), 0.15));
    draw_sector(s, cx, cy, r0, R, -half, half, &st);
    scene_style thick = scene_stroke_style(PN_BLACK, 0.9);
    draw_sector(s, cx, cy, r0, R, -half, half, &thick);
    double sx, sy, arc = (R - tw / 2) * 2 * half * G_PI / 180;
    double rs = fmin(tw * 0.5, arc * 0.42);
    draw_polar(cx, cy, R - tw / 2 - tw * 0.05, 0, &sx, &sy);
    ouroboros(s, sx, sy, rs, comp_color(a, "snake_color"));
    scene_font sf = comp_font(fmin(8, tw * 0.22 * PN_MM_TO_PT), true);
    if (!scene_text_add(s, "START", &sf, PN_BLACK, sx, cy - R - 1.2, TEXT_CENTER, TEXT_BOTTOM, 0,
                        err))
        return -1;
    scene_style rim = scene_stroke_style(PN_BLACK, 0.8);
    scene_circle(s, cx, cy, R, &rim);
    scene_circle(s, cx, cy, r0, &rim);
    if (!comp_bool(a, "legend")) return 0;
    /* Direction of play and the moves, inside the loop. */
    double ri = r0 - 5;
    draw_arc_arrow(s, cx, cy, ri, -12, -70, 0.9, (pn_rgba){0.3, 0.3, 0.3, 1});
    draw_arc_arrow(s, cx, cy, ri, 70, 12, 0.9, (pn_rgba){0.3, 0.3, 0.3, 1});
    /* Sizes follow the inner radius so the legend fits any track. */
    double q = r0, y = cy - q * 0.44;
    scene_font tf = comp_font(q * 0.24, true), sm = comp_font(q * 0.1, false);
    pn_rgba grey = {0.35, 0.35, 0.35, 1};
    if (!scene_text_add(s, "Circular Numbers", &tf, PN_BLACK, cx, y, TEXT_CENTER, TEXT_MIDDLE, 0,
                        err) ||
        !scene_text_add(s,
                        "1\u00b2 = 1   5\u00b2 = 25   6\u00b2 = 36   25\u00b2 = 625   "
                        "76\u00b2 = 5776",
                        &sm, grey, cx, y + q * 0.13, TEXT_CENTER, TEXT_MIDDLE, 0, err))
        return -1;
    double colw = q * 0.3, bh = q * 0.24, x0 = cx - colw * 2.5, by = cy - q * 0.2;
    scene_font vf = comp_font(q * 0.22, true), hf = comp_font(q * 0.095, false);
    scene_style box = scene_stroke_style(PN_BLACK, 0.35);
    for (int i = 0; i < CIRNUM_TARGETS; i++) {
        double bx = x0 + i * colw;
        scene_rect(s, bx + 0.6, by, colw - 1.2, bh, &box);
        snprintf(txt, sizeof txt, "%d", cirnum_targets[i]);
        if (!scene_text_add(s, txt, &vf, PN_BLACK, bx + colw / 2, by + bh * 0.38, TEXT_CENTER,
                            TEXT_MIDDLE, 0, err))
            return -1;
        snprintf(txt, sizeof txt, "%d space%s", i + 1, i ? "s" : "");
        if (!scene_text_add(s, txt, &hf, grey, bx + colw / 2, by + bh * 0.78, TEXT_CENTER,
                            TEXT_MIDDLE, 0, err))
            return -1;
    }
    /* The rule of marked spaces is told only on a track that has some. */
    const char *lines[3] = {"Move counterclockwise. End on the snake: 1 point."};
    int nl = 1;
    if (nm > 0) lines[nl++] = "On a marked space, add any multiple of its number.";
    lines[nl++] = "A + 5 + 6: send an opponent back to the start instead.";
    scene_font lf = comp_font(q * 0.105, false);
    for (int i = 0; i < nl; i++)
        if (!scene_text_add(s, lines[i], &lf, PN_BLACK, cx, cy + q * (0.2 + 0.13 * i), TEXT_CENTER,
                            TEXT_MIDDLE, 0, err))
            return -1;
    return 0;
}

static const pv_spec tally_props[] = {
    COMP_X(NULL),
    COMP_Y(NULL),
    {.name = "w", .type = PV_LENGTH, .def = "100%", .min = 40, .max = 1000, .axis = 'x'},
    {.name = "rows", .type = PV_INT, .def = "6", .min = 1, .max = 12, .help = "players"},
    {.name = "boxes",
     .type = PV_INT,
     .def = "6",
     .min = 1,
     .max = 100,
     .help = "points to reach (many wrap into several lines a player)"},
    {.name = "row_h", .type = PV_LENGTH, .def = "9mm", .min = 5, .max = 30},
    {.name = "h",
     .type = PV_LENGTH,
     .def = "0",
     .min = 0,
     .max = 1000,
     .axis = 'y',
     .help = "the most height the tally may take, title included (0: any)"},
    {.name = "title", .type = PV_STRING, .def = ""},
    {.name = "prefix", .type = PV_STRING, .def = "p", .min = 1, .max = 16},
    {0},
};

/* Boxes narrower than this (pitch, mm) are too small to cross off: a long
 * tally (76 points) wraps into several lines of boxes per player instead. */
#define TALLY_MIN_PITCH 4.0
/* The height of one line of wrapped boxes, mm. */
#define TALLY_MIN_LINE_H 4.3

static int tally_layout(const comp_ctx *ctx, const comp_args *a, scene *s, pn_err *err)
{
    double x = comp_x(ctx, a, "x"), y = comp_y(ctx, a, "y"), w = comp_len(ctx, a, "w");
    int rows = (int)comp_int(a, "rows"), boxes = (int)comp_int(a, "boxes");
    double rh = comp_len(ctx, a, "row_h");
    const char *title = comp_str(a, "title"), *prefix = comp_str(a, "prefix");
    if (*title) {
        if (!draw_text_left(s, title, 10, true, PN_BLACK, x, y + 3, w, err)) return -1;
        y += 7;
    }
    double nw = w * 0.3, bw = (w - nw - 2) / boxes;
    int per_line = boxes, lines = 1;
    if (bw < TALLY_MIN_PITCH) {
        /* Wrap: a narrower name column, lines of boxes at least the smallest
         * pitch, each line at least TALLY_MIN_LINE_H high. */
        nw = w * 0.18;
        int fit = (int)((w - nw - 2) / TALLY_MIN_PITCH);
        if (fit < 1) fit = 1; /* w's bounds keep it at 7 or more; never divide by 0 */
        lines = (boxes + fit - 1) / fit;
        per_line = (boxes + lines - 1) / lines;
        bw = (w - nw - 2) / per_line;
        if (rh < lines * TALLY_MIN_LINE_H) rh = lines * TALLY_MIN_LINE_H;
    }
    double room = comp_len(ctx, a, "h"), need = (*title ? 7 : 0) + rows * rh;
    if (room > 0 && need > room + 0.01)
        return comp_err(ctx, err,
                        "tally: %d players with %d boxes need %.0fmm, more than the %.0fmm there "
                        "is room for (fewer players or points)",
                        rows, boxes, need, room);
    double lh = rh / lines, side = fmin(bw - 1, lh - 2.5 / lines);
    if (side < 3) return comp_err(ctx, err, "tally: %d boxes do not fit %.0fmm", boxes, w - nw);
    scene_style line = scene_stroke_style(PN_BLACK, 0.3), frame = scene_stroke_style(PN_BLACK, 0.6);
    scene_style bs = scene_stroke_style((pn_rgba){0.3, 0.3, 0.3, 1}, 0.3);
    scene_style goal = scene_fill_stroke_style((pn_rgba){0.93, 0.93, 0.93, 1}, PN_BLACK, 0.6);
    char id[64], num[16];
    for (int r = 0; r < rows; r++) {
        double ry = y + r * rh;
        if (r) scene_segment(s, x, ry, x + w, ry, &line);
        snprintf(id, sizeof id, "%s%d.name", prefix, r + 1);
        if (scene_slot_add(s, id, x + 1, ry + 1, nw - 2, rh - 2, SLOT_BOX, err))
            return comp_err(ctx, err, "tally: %s", err->msg);
        scene_segment(s, x + 2, ry + rh - 1.8, x + nw - 2, ry + rh - 1.8, &bs);
        for (int k = 0; k < boxes; k++) {
            int col = k % per_line, ln = k / per_line;
            double bx = x + nw + 1 + col * bw + (bw - side) / 2,
                   by = ry + ln * lh + (lh - side) / 2;
            scene_rect(s, bx, by, side, side, k == boxes - 1 ? &goal : &bs);
            snprintf(num, sizeof num, "%d", k + 1);
            if (!draw_label(s, num, side * 0.5 * PN_MM_TO_PT, k == boxes - 1,
                            (pn_rgba){0.6, 0.6, 0.6, 1}, bx, by, side, side, err))
                return -1;
            snprintf(id, sizeof id, "%s%d.%d", prefix, r + 1, k + 1);
            if (scene_slot_add(s, id, bx, by, side, side, SLOT_BOX, err))
                return comp_err(ctx, err, "tally: %s", err->msg);
        }
    }
    scene_segment(s, x + nw, y, x + nw, y + rows * rh, &line);
    scene_rect(s, x, y, w, rows * rh, &frame);
    return 0;
}

const comp_type comp_circular_track = {
    "circular-track",
    "a loop of spaces with a start (a snake swallowing its tail) and marked spaces", track_props,
    track_layout};
const comp_type comp_tally = {"tally",
                              "score pad: a line per player with numbered boxes to cross off",
                              tally_props, tally_layout};

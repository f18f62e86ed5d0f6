/* ringboard.c: Circle 36's board: concentric rings of sectors around a centre
 * circle. Sectors are numbered 1..S clockwise from the one starting at 12
 * o'clock; ring i's spaces are slots <prefix><k> (R1..R8, B1.., G1..) and the
 * centre is slot Y. Row letters mark where each row (a sector and its opposite
 * through the centre) meets the rim. A board whose spaces would be too small
 * to write a number in is refused. */
#include <math.h>
#include <stdio.h>
#include "components/comp.h"
#include "components/draw.h"
#include "games/c36_chart.h"
#include "scene/measure.h"

/* The smallest depth and width of a space, mm: a handwritten number (about
 * 6mm) and the lines around it. */
#define RING_MIN_SPACE 7.0

static const pv_spec ring_props[] = {
    {.name = "x",
     .type = PV_LENGTH,
     .def = "50%",
     .min = -1000,
     .max = 1000,
     .axis = 'x',
     .help = "centre"},
    {.name = "y", .type = PV_LENGTH, .def = "50%", .min = -1000, .max = 1000, .axis = 'y'},
    {.name = "radius", .type = PV_LENGTH, .def = "65mm", .min = 20, .max = 300},
    {.name = "center",
     .type = PV_LENGTH,
     .def = "15mm",
     .min = 5,
     .max = 100,
     .help = "radius of the centre circle"},
    {.name = "rings", .type = PV_INT, .def = "3", .min = 1, .max = C36_MAX_RINGS},
    {.name = "sectors",
     .type = PV_INT,
     .def = "8",
     .min = C36_MIN_SECTORS,
     .max = C36_MAX_SECTORS,
     .step = 2},
    {.name = "colors",
     .type = PV_STRLIST,
     .def = "#d62828,#1f5fbf,#2a9d3f,#f08a24,#7b3fa0,#6b6b6b",
     .min = 1,
     .max = 6,
     .help = "ring colours, outer first"},
    {.name = "center_color", .type = PV_COLOR, .def = "#f2c500"},
    {.name = "tint",
     .type = PV_NUMBER,
     .def = "0.3",
     .min = 0,
     .max = 1,
     .help = "strength of the ring colour behind the writing"},
    {.name = "row_letters", .type = PV_BOOL, .def = "true"},
    {.name = "numbers", .type = PV_BOOL, .def = "true", .help = "print sector numbers"},
    {0},
};

static int ring_layout(const comp_ctx *ctx, const comp_args *a, scene *s, pn_err *err)
{
    double cx = comp_x(ctx, a, "x"), cy = comp_y(ctx, a, "y");
    double R = comp_len(ctx, a, "radius"), rc = comp_len(ctx, a, "center");
    int rings = (int)comp_int(a, "rings"), S = (int)comp_int(a, "sectors");
    const pv_value *cols = comp_val(a, "colors");
    double tint = comp_num(a, "tint");
    if (ctx->mono) tint *= 0.5; /* ink saving: rings are told apart by place and name */
    if (S % 2)
        return comp_prop_err(
            ctx, err, "sectors",
            "ring-board: sectors must be even (a row joins a sector and its opposite)");
    if (rc >= R) return comp_err(ctx, err, "ring-board: the centre is larger than the board");
    double rw = (R - rc) / rings, step = 360.0 / S;
    /* Every space takes a handwritten number: refuse rings too shallow or
     * inner spaces too narrow for one rather than print them (a sheet
     * printed before this bound is still laid out, to be read). */
    if (rw < RING_MIN_SPACE - 0.005 && !ctx->printed) {
        int most = (int)((R - rc) / RING_MIN_SPACE + 0.005);
        char fewer[48] = "";
        if (most >= 1)
            snprintf(fewer, sizeof fewer, "at most %d ring%s, or ", most, most > 1 ? "s" : "");
        return comp_prop_err(ctx, err, "rings",
                             "ring-board: %d ring%s in a %.0fmm radius %s %.1fmm deep, too "
                             "shallow to write a number in (%.0fmm or more): %sa radius of "
                             "%.0fmm or more",
                             rings, rings > 1 ? "s" : "", R, rings > 1 ? "are" : "is", rw,
                             RING_MIN_SPACE, fewer, ceil(rc + rings * RING_MIN_SPACE));
    }
    double inner = (rc + rw / 2) * step * G_PI / 180.0;
    if (inner < RING_MIN_SPACE - 0.005 && !ctx->printed)
        return comp_prop_err(ctx, err, "sectors",
                             "ring-board: %d sectors make the inner ring's spaces %.1fmm wide, too "
                             "narrow to write a number in (%.0fmm or more): fewer sectors or a "
                             "larger centre",
                             S, inner, RING_MIN_SPACE);
    char id[16];
    for (int i = 0; i < rings; i++) {
        pn_rgba c;
        if (!pn_rgba_parse(cols->strs[i % cols->n], &c))
            return comp_prop_err(ctx, err, "colors", "ring-board: colors: '%s' is not a colour",
                                 cols->strs[i % cols->n]);
        double r1 = R - i * rw, r0 = r1 - rw;
        scene_style fill = scene_fill_style(draw_tint(c, tint));
        draw_sector(s, cx, cy, r0, r1, 0, 360, &fill);
        for (int k = 0; k < S; k++) {
            double mid = (k + 0.5) * step, rm = (r0 + r1) / 2, px, py;
            draw_polar(cx, cy, rm, mid, &px, &py);
            double arc = rm * step * G_PI / 180.0;
            double side = (rw < arc ? rw : arc) * 0.8;
            snprintf(id, sizeof id, "%c%d", c36_ring_prefix(i), k + 1);
            if (scene_slot_add(s, id, px - side / 2, py - side / 2, side, side, SLOT_BOX, err))
                return comp_err(ctx, err, "ring-board: %s", err->msg);
        }
        scene_style edge = scene_stroke_style(c, 0.9);
        scene_circle(s, cx, cy, r1 - 0.45, &edge);
    }
    pn_rgba yc = comp_color(a, "center_color");
    scene_style cf =
        scene_fill_stroke_style(draw_tint(yc, tint + 0.15 > 1 ? 1 : tint + 0.15), yc, 0.9);
    scene_circle(s, cx, cy, rc, &cf);
    double side = rc * 1.2;
    if (scene_slot_add(s, "Y", cx - side / 2, cy - side / 2, side, side, SLOT_BOX, err))
        return comp_err(ctx, err, "ring-board: %s", err->msg);
    /* Sector lines and ring boundaries in black over the colours. */
    scene_style line = scene_stroke_style(PN_BLACK, 0.5);
    for (int k = 0; k < S; k++) {
        double x0, y0, x1, y1;
        draw_polar(cx, cy, rc, k * step, &x0, &y0);
        draw_polar(cx, cy, R, k * step, &x1, &y1);
        scene_segment(s, x0, y0, x1, y1, &line);
    }
    scene_style thin = scene_stroke_style(PN_BLACK, 0.35);
    for (int i = 1; i < rings; i++)
        scene_circle(s, cx, cy, R - i * rw, &thin);
    scene_style rim = scene_stroke_style(PN_BLACK, 0.8);
    scene_circle(s, cx, cy, R, &rim);
    scene_circle(s, cx, cy, rc, &rim);
    char txt[16];
    if (comp_bool(a, "numbers")) {
        scene_font f = comp_font(6, false);
        for (int k = 0; k < S; k++) {
            double px, py;
            draw_polar(cx, cy, R + 2.6, (k + 0.5) * step, &px, &py);
            snprintf(txt, sizeof txt, "%d", k + 1);
            if (!scene_text_add(s, txt, &f, (pn_rgba){0.4, 0.4, 0.4, 1}, px, py, TEXT_CENTER,
                                TEXT_MIDDLE, 0, err))
                return -1;
        }
    }
    if (comp_bool(a, "row_letters")) {
        scene_font f = comp_font(10, true);
        scene_style ring = scene_fill_stroke_style(PN_WHITE, PN_BLACK, 0.4);
        for (int k = 0; k < S; k++) {
            double px, py;
            draw_polar(cx, cy, R + 8.5, (k + 0.5) * step, &px, &py);
            scene_circle(s, px, py, 3.3, &ring);
            snprintf(txt, sizeof txt, "%c", c36_row_letter(k % (S / 2)));
            if (!scene_text_add(s, txt, &f, PN_BLACK, px, py, TEXT_CENTER, TEXT_MIDDLE, 0, err))
                return -1;
        }
    }
    return 0;
}

const comp_type comp_ring_board = {
    "ring-board", "rings x sectors around a centre (Circle 36); slots R1.., B1.., G1.., Y",
    ring_props, ring_layout};

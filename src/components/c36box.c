/* c36box.c: Circle 36's Scoring Box. Left: area totals and points earned for
 * every ring and row, the bonus (a printed 3 to circle or cross out), Total
 * Points Earned, Penalty Points and TOTAL POINTS. Middle: the points chart
 * around the target. Right: the numbered dice-roll boxes and the ComboCircles
 * line (for variants with many rounds, compact split boxes, and the line moves
 * under the chart). Slots: total.<area>, points.<area> (areas red, blue, green, ..., A, B,
 * ...), red_upper, bonus, earned, penalty, total, roll<k> with roll<k>.a and
 * roll<k>.b, combos, combo_penalty. */
#include <stdio.h>
#include "components/comp.h"
#include "components/draw.h"
#include "games/c36_chart.h"
#include "scene/measure.h"

static const pv_spec box_props[] = {
    COMP_X(NULL),
    COMP_Y(NULL),
    {.name = "w", .type = PV_LENGTH, .def = "100%", .min = 100, .max = 1000, .axis = 'x'},
    {.name = "h", .type = PV_LENGTH, .def = "95mm", .min = 60, .max = 1000, .axis = 'y'},
    {.name = "rings", .type = PV_INT, .def = "3", .min = 1, .max = C36_MAX_RINGS},
    {.name = "sectors",
     .type = PV_INT,
     .def = "8",
     .min = C36_MIN_SECTORS,
     .max = C36_MAX_SECTORS,
     .step = 2},
    {.name = "target", .type = PV_INT, .def = "36", .min = 10, .max = 200},
    {.name = "colors",
     .type = PV_STRLIST,
     .def = "#d62828,#1f5fbf,#2a9d3f,#f08a24,#7b3fa0,#6b6b6b",
     .min = 1,
     .max = 6},
    {.name = "center_color", .type = PV_COLOR, .def = "#f2c500"},
    {0},
};

typedef struct box {
    const comp_ctx *ctx;
    scene *s;
    pn_err *err;
    c36_variant v;
    pn_rgba ring[C36_MAX_RINGS], yellow;
} box;

static scene_style line_st(double w)
{
    return scene_stroke_style(PN_BLACK, w);
}

static int slot(box *b, const char *id, double x, double y, double w, double h)
{
    if (scene_slot_add(b->s, id, x, y, w, h, SLOT_BOX, b->err))
        return comp_err(b->ctx, b->err, "c36-scorebox: %s", b->err->msg);
    return 0;
}

/* The left table; returns its height through *used. */
static int left_table(box *b, double x, double y, double w, double h)
{
    int rows_n = b->v.sectors / 2, n = b->v.rings + rows_n + 4;
    double hh = 8, rh = (h - hh) / n;
    if (rh > 8.5) rh = 8.5;
    double lw = w * 0.5, cw = (w - lw) / 2;
    scene *s = b->s;
    scene_style hf = scene_fill_style((pn_rgba){0.9, 0.9, 0.9, 1});
    scene_rect(s, x, y, w, hh, &hf);
    /* Each heading on two lines, so that it keeps a legible size in its column. */
    static const char *const heads[2][2] = {{"Area", "Totals"}, {"Points", "Earned"}};
    for (int k = 0; k < 2; k++)
        for (int l = 0; l < 2; l++)
            if (!draw_label(s, heads[k][l], 8, true, PN_BLACK, x + lw + k * cw,
                            y + 0.4 + l * (hh / 2 - 0.8), cw, hh / 2, b->err))
                return -1;
    char label[64], id[96];
    double yy = y + hh;
    scene_style thin = line_st(0.25);
    for (int r = 0; r < n; r++, yy += rh) {
        int area = r; /* rings, then rows, then the four summary lines */
        bool ring = area < b->v.rings, row = !ring && area < b->v.rings + rows_n;
        int summary = area - b->v.rings - rows_n;
        if (ring) {
            scene_style sw = scene_fill_style(draw_tint(b->ring[area], 0.35));
            scene_rect(s, x, yy, lw, rh, &sw);
            snprintf(label, sizeof label, "%s Ring", c36_ring_label(area));
        } else if (row) {
            scene_style sw = scene_fill_style(draw_tint(b->yellow, 0.3));
            scene_rect(s, x, yy, lw, rh, &sw);
            snprintf(label, sizeof label, "Row %c", c36_row_letter(area - b->v.rings));
        } else if (summary == 0) {
            snprintf(label, sizeof label, "%s Circle %d Bonus", c36_ring_label(0), b->v.target / 2);
        } else {
            snprintf(label, sizeof label, "%s",
                     summary == 1   ? "Total Points Earned"
                     : summary == 2 ? "Penalty Points"
                                    : "TOTAL POINTS");
        }
        if (!draw_text_left(s, label, 8.5, summary == 3, PN_BLACK, x + 1.5, yy + rh / 2, lw - 3,
                            b->err))
            return -1;
        double ax = x + lw, px = x + lw + cw;
        const char *name = ring ? c36_ring_name(area) : NULL;
        if (ring || row) {
            if (row) snprintf(label, sizeof label, "%c", c36_row_letter(area - b->v.rings));
            snprintf(id, sizeof id, "total.%s", ring ? name : label);
            if (slot(b, id, ax + 0.8, yy + 0.5, cw - 1.6, rh - 1)) return -1;
            snprintf(id, sizeof id, "points.%s", ring ? name : label);
            if (slot(b, id, px + 0.8, yy + 0.5, cw - 1.6, rh - 1)) return -1;
        } else if (summary == 0) {
            /* The printed bonus: a 3 the player circles or crosses out. */
            scene_style grey = scene_fill_style((pn_rgba){0.93, 0.93, 0.93, 1});
            scene_rect(s, ax, yy, cw, rh, &grey);
            if (slot(b, "red_upper", ax + 0.8, yy + 0.5, cw - 1.6, rh - 1)) return -1;
            if (!draw_label(s, "3", 10, true, PN_BLACK, px, yy, cw, rh, b->err)) return -1;
            double side = rh * 0.8;
            if (slot(b, "bonus", px + cw / 2 - side / 2, yy + rh / 2 - side / 2, side, side))
                return -1;
        } else {
            scene_style grey = scene_fill_style((pn_rgba){0.93, 0.93, 0.93, 1});
            scene_rect(s, ax, yy, cw, rh, &grey);
            const char *ids[] = {"", "earned", "penalty", "total"};
            if (slot(b, ids[summary], px + 0.8, yy + 0.5, cw - 1.6, rh - 1)) return -1;
            if (summary == 2 &&
                !draw_label(s, "\xe2\x88\x92", 9, true, PN_BLACK, px, yy, 4, rh, b->err))
                return -1;
        }
        scene_segment(s, x, yy, x + w, yy, &thin);
    }
    double bottom = y + hh + n * rh;
    scene_style frame = line_st(0.6);
    scene_segment(s, x + lw, y, x + lw, bottom, &thin);
    scene_segment(s, x + lw + cw, y, x + lw + cw, bottom, &thin);
    scene_segment(s, x, bottom - rh, x + w, bottom - rh, &frame);
    scene_rect(s, x, y, w, bottom - y, &frame);
    return 0;
}

/* The colour chart: totals target+4 at the top down to target-4. */
static int chart(box *b, double x, double y, double w, double h, double *used)
{
    int cols = b->v.rings + 2, n = 2 * C36_CHART_SPAN + 1;
    double hh = 8, rh = (h - hh) / n;
    if (rh > 8.5) rh = 8.5;
    double tw = w / cols * 1.25, cw = (w - tw) / (cols - 1);
    scene *s = b->s;
    char txt[16];
    if (!draw_label(s, "Total", 7.5, true, PN_BLACK, x, y, tw, hh, b->err)) return -1;
    for (int c = 0; c < cols - 1; c++) {
        pn_rgba col = c < b->v.rings ? b->ring[c] : b->yellow;
        scene_style hs = scene_fill_style(col);
        scene_rect(s, x + tw + c * cw, y, cw, hh, &hs);
        const char *lab = c < b->v.rings ? c36_ring_label(c) : "Rows";
        if (!draw_label(s, lab, 6.5, true, c < b->v.rings ? PN_WHITE : PN_BLACK, x + tw + c * cw, y,
                        cw, hh, b->err))
            return -1;
    }
    for (int r = 0; r < n; r++) {
        int total = b->v.target + C36_CHART_SPAN - r;
        double yy = y + hh + r * rh;
        snprintf(txt, sizeof txt, "%d", total);
        if (!draw_label(s, txt, 9, total == b->v.target, PN_BLACK, x, yy, tw, rh, b->err))
            return -1;
        for (int c = 0; c < cols - 1; c++) {
            pn_rgba col = c < b->v.rings ? b->ring[c] : b->yellow;
            scene_style cs = scene_fill_style(draw_tint(col, total == b->v.target ? 0.55 : 0.3));
            scene_rect(s, x + tw + c * cw, yy, cw, rh, &cs);
            int p =
                c < b->v.rings ? c36_ring_points(&b->v, c, total) : c36_row_points(&b->v, total);
            snprintf(txt, sizeof txt, "%d", p);
            if (!draw_label(s, txt, 9, total == b->v.target, PN_BLACK, x + tw + c * cw, yy, cw, rh,
                            b->err))
                return -1;
        }
    }
    scene_style thin = line_st(0.25);
    double bottom = y + hh + n * rh;
    for (int r = 0; r <= n; r++)
        scene_segment(s, x, y + hh + r * rh, x + w, y + hh + r * rh, &thin);
    for (int c = 0; c < cols; c++)
        scene_segment(s, x + tw + c * cw, y, x + tw + c * cw, bottom, &thin);
    scene_style frame = line_st(0.6);
    scene_rect(s, x, y, w, bottom - y, &frame);
    *used = bottom - y;
    return 0;
}

/* "Total ComboCircles ___ - 1 = ___ Penalty Points", on two lines from y. */
static int combos_line(box *b, double x, double y, double w)
{
    scene *s = b->s;
    double ly = y + 5, sw = 11, sh = 7;
    scene_style box_st = line_st(0.3);
    const scene_text *t =
        draw_text_left(s, "Total ComboCircles", 8, true, PN_BLACK, x, ly, w * 0.6, b->err);
    if (!t) return -1;
    double cx = x + t->width + 1.5;
    scene_style ul = line_st(0.35);
    scene_segment(s, cx, ly + sh / 2, cx + sw, ly + sh / 2, &ul);
    if (slot(b, "combos", cx, ly - sh / 2, sw, sh)) return -1;
    cx += sw + 1.5;
    if (!draw_text_left(s, "\xe2\x88\x92 1 =", 8, true, PN_BLACK, cx, ly, 0, b->err)) return -1;
    ly += sh + 1.5;
    scene_rect(s, x + 1, ly - sh / 2, sw, sh, &box_st);
    if (slot(b, "combo_penalty", x + 1, ly - sh / 2, sw, sh)) return -1;
    if (!draw_text_left(s, "Penalty Points", 8, true, PN_BLACK, x + sw + 3, ly, w - sw - 3, b->err))
        return -1;
    return 0;
}

#define RECORD_TITLE_H 6.0
#define COMBOS_H 18.0

/* The classic record: cols columns of a numbered line per round with a box
 * for each die, the ComboCircles line below. Returns the dice boxes' side. */
static double classic_plan(int n, double w, double h, int *cols, double *bh)
{
    int per = (n + 2) / 3;
    *cols = 3;
    *bh = (h - RECORD_TITLE_H - COMBOS_H) / per;
    while (*bh < 6 && *cols < 8) {
        (*cols)++;
        per = (n + *cols - 1) / *cols;
        *bh = (h - RECORD_TITLE_H - COMBOS_H) / per;
    }
    if (*bh > 8.5) *bh = 8.5;
    double colw = w / *cols, dw = (colw - 1.6 - colw * 0.3) / 2;
    return dw - 1.2 < *bh - 1.6 ? dw - 1.2 : *bh - 1.6;
}

/* Dice boxes smaller than this are too small to write in: the record turns
 * compact (large variants). */
#define RECORD_MIN_DICE 4.0

/* The dice-roll record. Classic: a numbered line per round with a box for
 * each die, the ComboCircles line below. Compact (when the rounds are too
 * many for that): one numbered box per round, split for the two dice; the
 * caller places the ComboCircles line. */
static int record(box *b, double x, double y, double w, double h, bool compact)
{
    int n = b->v.rings * b->v.sectors + 1, cols;
    scene *s = b->s;
    if (!draw_label(s, "Dice Rolls", 8, true, PN_BLACK, x, y, w, RECORD_TITLE_H, b->err)) return -1;
    scene_style box_st = line_st(0.3),
                dice_st = scene_stroke_style((pn_rgba){0.45, 0.45, 0.45, 1}, 0.25);
    char id[32], num[16];
    double top = y + RECORD_TITLE_H, bh;
    if (!compact) {
        double side = classic_plan(n, w, h, &cols, &bh);
        int per = (n + cols - 1) / cols;
        double colw = w / cols;
        for (int k = 0; k < n; k++) {
            int c = k / per, r = k % per;
            double bx = x + c * colw + 0.8, by = top + r * bh;
            double nw = colw * 0.3, dw = (colw - 1.6 - nw) / 2;
            snprintf(num, sizeof num, "%d", k + 1);
            if (!draw_label(s, num, 7.5, false, PN_BLACK, bx, by, nw, bh, b->err)) return -1;
            for (int d = 0; d < 2; d++) {
                double dx = bx + nw + d * dw + (dw - side) / 2, dy = by + (bh - side) / 2;
                scene_rect(s, dx, dy, side, side, &dice_st);
                snprintf(id, sizeof id, "roll%d.%c", k + 1, d ? 'b' : 'a');
                if (slot(b, id, dx, dy, side, side)) return -1;
            }
            snprintf(id, sizeof id, "roll%d", k + 1);
            if (slot(b, id, bx + nw, by + 0.3, 2 * dw, bh - 0.6)) return -1;
            scene_rect(s, bx, by, colw - 1.6, bh, &box_st);
        }
        return combos_line(b, x, top + per * bh, w);
    }
    double cw = 0, ch = 0, score = -1;
    cols = 3;
    for (int c = 3; c <= 12; c++) {
        int per = (n + c - 1) / c;
        double wc = w / c, hc = (h - RECORD_TITLE_H) / per > 8.5 ? 8.5 : (h - RECORD_TITLE_H) / per;
        double sc = wc / 2.2 < hc ? wc / 2.2 : hc;
        if (sc > score + 0.05) {
            score = sc;
            cols = c;
            cw = wc;
            ch = hc;
        }
    }
    int per = (n + cols - 1) / cols;
    scene_style mid = scene_stroke_style((pn_rgba){0.6, 0.6, 0.6, 1}, 0.2);
    scene_font nf = comp_font(ch * 0.3 * PN_MM_TO_PT, false);
    for (int k = 0; k < n; k++) {
        int c = k / per, r = k % per;
        double bx = x + c * cw + 0.4, by = top + r * ch + 0.3, bw = cw - 0.8, bhh = ch - 0.6;
        scene_rect(s, bx, by, bw, bhh, &box_st);
        scene_segment(s, bx + bw / 2, by + bhh * 0.3, bx + bw / 2, by + bhh - 0.5, &mid);
        snprintf(num, sizeof num, "%d", k + 1);
        if (!scene_text_add(s, num, &nf, (pn_rgba){0.4, 0.4, 0.4, 1}, bx + 0.5, by + 0.3, TEXT_LEFT,
                            TEXT_TOP, 0, b->err))
            return -1;
        snprintf(id, sizeof id, "roll%d", k + 1);
        if (slot(b, id, bx, by, bw, bhh)) return -1;
        for (int d = 0; d < 2; d++) {
            snprintf(id, sizeof id, "roll%d.%c", k + 1, d ? 'b' : 'a');
            if (slot(b, id, bx + d * bw / 2, by + bhh * 0.25, bw / 2, bhh * 0.75)) return -1;
        }
    }
    return 0;
}

static int box_layout(const comp_ctx *ctx, const comp_args *a, scene *s, pn_err *err)
{
    box b = {.ctx = ctx, .s = s, .err = err};
    /* The box looks the same whatever dice are rolled. */
    b.v = (c36_variant){(int)comp_int(a, "rings"), (int)comp_int(a, "sectors"),
                        (int)comp_int(a, "target"), C36_DEFAULT_DICE};
    const char *why = c36_variant_check(&b.v);
    if (why) return comp_err(ctx, err, "c36-scorebox: %s", why);
    const pv_value *cols = comp_val(a, "colors");
    for (int i = 0; i < b.v.rings; i++)
        if (!pn_rgba_parse(cols->strs[i % cols->n], &b.ring[i]))
            return comp_prop_err(ctx, err, "colors", "c36-scorebox: colors: '%s' is not a colour",
                                 cols->strs[i % cols->n]);
    b.yellow = comp_color(a, "center_color");
    double x = comp_x(ctx, a, "x"), y = comp_y(ctx, a, "y");
    double w = comp_len(ctx, a, "w"), h = comp_len(ctx, a, "h");
    double gap = 4, lw = w * 0.37, cw = w * 0.27, rw = w - lw - cw - 2 * gap;
    if (left_table(&b, x, y, lw, h)) return -1;
    int rec_cols;
    double rec_bh;
    bool compact =
        classic_plan(b.v.rings * b.v.sectors + 1, rw, h, &rec_cols, &rec_bh) < RECORD_MIN_DICE;
    /* Compact: the ComboCircles line goes under the chart. */
    double chart_h, ch = compact ? h - COMBOS_H - 2 : h;
    if (chart(&b, x + lw + gap, y, cw, ch, &chart_h)) return -1;
    if (record(&b, x + lw + cw + 2 * gap, y, rw, h, compact)) return -1;
    return compact ? combos_line(&b, x + lw + gap, y + chart_h + 2, cw) : 0;
}

const comp_type comp_c36_scorebox = {"c36-scorebox",
                                     "Circle 36's Scoring Box: totals, points, chart, dice rolls",
                                     box_props, box_layout};

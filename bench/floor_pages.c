/* floor_pages.c: the circle36 and dicrono sheets drawn by hand for the
 * benchmark's floor, with the geometry the built-in templates produce at their
 * default parameters (A4, 10 mm margins). Font sizes that pnpkit shrinks to fit
 * a box are written here as the sizes it arrives at. */
#include "floor.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define FLOOR_BLACK 0x000000u
#define FLOOR_WHITE 0xffffffu

static const uint32_t floor_rings[3] = {0xd62828, 0x1f5fbf, 0x2a9d3f};
static const uint32_t floor_yellow = 0xf2c500;
static const char *const floor_ring_labels[3] = {"Red", "Blue", "Green"};

/* Points chart, totals 40 down to 32: Red, Blue, Green ring, each row. */
static const int floor_chart[9][4] = {{2, 1, 0, 0}, {3, 2, 1, 0}, {4, 3, 2, 1},
                                      {5, 4, 3, 2}, {8, 7, 6, 3}, {5, 4, 3, 2},
                                      {4, 3, 2, 1}, {3, 2, 1, 0}, {2, 1, 0, 0}};

/* A colour washed towards white: t = 1 keeps it, t = 0 gives white. */
static uint32_t floor_tint(uint32_t c, double t)
{
    uint32_t out = 0;
    for (int shift = 16; shift >= 0; shift -= 8) {
        double v = ((c >> shift) & 0xff) / 255.0;
        v = 1 - t + t * v;
        out |= (uint32_t)lround(v * 255) << shift;
    }
    return out;
}

/* Clock angle (0 at 12 o'clock, clockwise) to a point. */
static void floor_polar(double cx, double cy, double r, double deg, double *x, double *y)
{
    double t = deg * FLOOR_PI / 180.0;
    *x = cx + r * sin(t);
    *y = cy - r * cos(t);
}

/* A named box's printed part: the label left of it and the line or frame. */
static void floor_slot(const floor_pen *p, double x, double y, double w, double h, bool line,
                       const char *label, double size)
{
    p->text(p->u, label, size, true, FLOOR_BLACK, x - 1.5, y + h * 0.65, FLOOR_RIGHT,
            FLOOR_BASELINE, 0);
    if (line)
        p->line(p->u, x, y + h, x + w, y + h, 0.3, FLOOR_BLACK);
    else
        p->stroke_rect(p->u, x, y, w, h, 0.3, FLOOR_BLACK);
}

/* Text centred in a box. */
static void floor_label(const floor_pen *p, const char *s, double size, bool bold, uint32_t rgb,
                        double x, double y, double w, double h)
{
    p->text(p->u, s, size, bold, rgb, x + w / 2, y + h / 2, FLOOR_CENTER, FLOOR_MIDDLE, 0);
}

static void floor_c36_board(const floor_pen *p)
{
    const double cx = 105, cy = 94, R = 60, rc = 15, rw = 15, step = 45;
    for (int i = 0; i < 3; i++) {
        double r1 = R - i * rw;
        p->annulus(p->u, cx, cy, r1 - rw, r1, floor_tint(floor_rings[i], 0.3));
        p->circle(p->u, cx, cy, r1 - 0.45, false, 0, true, floor_rings[i], 0.9);
    }
    p->circle(p->u, cx, cy, rc, true, floor_tint(floor_yellow, 0.45), true, floor_yellow, 0.9);
    for (int k = 0; k < 8; k++) {
        double x0, y0, x1, y1;
        floor_polar(cx, cy, rc, k * step, &x0, &y0);
        floor_polar(cx, cy, R, k * step, &x1, &y1);
        p->line(p->u, x0, y0, x1, y1, 0.5, FLOOR_BLACK);
    }
    for (int i = 1; i < 3; i++)
        p->circle(p->u, cx, cy, R - i * rw, false, 0, true, FLOOR_BLACK, 0.35);
    p->circle(p->u, cx, cy, R, false, 0, true, FLOOR_BLACK, 0.8);
    p->circle(p->u, cx, cy, rc, false, 0, true, FLOOR_BLACK, 0.8);
    char txt[8];
    for (int k = 0; k < 8; k++) {
        double x, y;
        floor_polar(cx, cy, R + 2.6, (k + 0.5) * step, &x, &y);
        snprintf(txt, sizeof txt, "%d", k + 1);
        p->text(p->u, txt, 6, false, 0x666666, x, y, FLOOR_CENTER, FLOOR_MIDDLE, 0);
    }
    for (int k = 0; k < 8; k++) {
        double x, y;
        floor_polar(cx, cy, R + 8.5, (k + 0.5) * step, &x, &y);
        p->circle(p->u, x, y, 3.3, true, FLOOR_WHITE, true, FLOOR_BLACK, 0.4);
        snprintf(txt, sizeof txt, "%c", 'A' + k % 4);
        p->text(p->u, txt, 10, true, FLOOR_BLACK, x, y, FLOOR_CENTER, FLOOR_MIDDLE, 0);
    }
}

/* The scoring box's left table: area totals and points earned. */
static void floor_c36_table(const floor_pen *p, double x, double y, double w)
{
    const int n = 11;
    const double hh = 8, rh = 87.0 / 11, lw = w * 0.5, cw = (w - lw) / 2;
    static const char *const summary[4] = {"Red Circle 18 Bonus", "Total Points Earned",
                                           "Penalty Points", "TOTAL POINTS"};
    p->fill_rect(p->u, x, y, w, hh, 0xe6e6e6);
    floor_label(p, "Area Totals", 7.1931, true, FLOOR_BLACK, x + lw, y, cw, hh);
    floor_label(p, "Points Earned", 5.7664, true, FLOOR_BLACK, x + lw + cw, y, cw, hh);
    char label[32];
    double yy = y + hh;
    for (int r = 0; r < n; r++, yy += rh) {
        const char *text = label;
        if (r < 3) {
            p->fill_rect(p->u, x, yy, lw, rh, floor_tint(floor_rings[r], 0.35));
            snprintf(label, sizeof label, "%s Ring", floor_ring_labels[r]);
        } else if (r < 7) {
            p->fill_rect(p->u, x, yy, lw, rh, floor_tint(floor_yellow, 0.3));
            snprintf(label, sizeof label, "Row %c", 'A' + r - 3);
        } else {
            text = summary[r - 7];
        }
        p->text(p->u, text, 8.5, r == 10, FLOOR_BLACK, x + 1.5, yy + rh / 2, FLOOR_LEFT,
                FLOOR_MIDDLE, 0);
        double ax = x + lw, px = x + lw + cw;
        if (r >= 7) p->fill_rect(p->u, ax, yy, cw, rh, 0xededed);
        if (r == 7) floor_label(p, "3", 10, true, FLOOR_BLACK, px, yy, cw, rh);
        if (r == 9) floor_label(p, "\xe2\x88\x92", 8.1194, true, FLOOR_BLACK, px, yy, 4, rh);
        p->line(p->u, x, yy, x + w, yy, 0.25, FLOOR_BLACK);
    }
    double bottom = y + hh + n * rh;
    p->line(p->u, x + lw, y, x + lw, bottom, 0.25, FLOOR_BLACK);
    p->line(p->u, x + lw + cw, y, x + lw + cw, bottom, 0.25, FLOOR_BLACK);
    p->line(p->u, x, bottom - rh, x + w, bottom - rh, 0.6, FLOOR_BLACK);
    p->stroke_rect(p->u, x, y, w, bottom - y, 0.6, FLOOR_BLACK);
}

/* The points chart around 36. */
static void floor_c36_chart(const floor_pen *p, double x, double y, double w)
{
    const int cols = 5, n = 9;
    const double hh = 8, rh = 8.5, tw = w / cols * 1.25, cw = (w - tw) / (cols - 1);
    char txt[8];
    floor_label(p, "Total", 7.5, true, FLOOR_BLACK, x, y, tw, hh);
    for (int c = 0; c < cols - 1; c++) {
        uint32_t col = c < 3 ? floor_rings[c] : floor_yellow;
        p->fill_rect(p->u, x + tw + c * cw, y, cw, hh, col);
        floor_label(p, c < 3 ? floor_ring_labels[c] : "Rows", 6.5, true,
                    c < 3 ? FLOOR_WHITE : FLOOR_BLACK, x + tw + c * cw, y, cw, hh);
    }
    for (int r = 0; r < n; r++) {
        int total = 40 - r;
        bool target = total == 36;
        double yy = y + hh + r * rh;
        snprintf(txt, sizeof txt, "%d", total);
        floor_label(p, txt, 9, target, FLOOR_BLACK, x, yy, tw, rh);
        for (int c = 0; c < cols - 1; c++) {
            uint32_t col = c < 3 ? floor_rings[c] : floor_yellow;
            p->fill_rect(p->u, x + tw + c * cw, yy, cw, rh, floor_tint(col, target ? 0.55 : 0.3));
            snprintf(txt, sizeof txt, "%d", floor_chart[r][c]);
            floor_label(p, txt, 9, target, FLOOR_BLACK, x + tw + c * cw, yy, cw, rh);
        }
    }
    double bottom = y + hh + n * rh;
    for (int r = 0; r <= n; r++)
        p->line(p->u, x, y + hh + r * rh, x + w, y + hh + r * rh, 0.25, FLOOR_BLACK);
    for (int c = 0; c < cols; c++)
        p->line(p->u, x + tw + c * cw, y, x + tw + c * cw, bottom, 0.25, FLOOR_BLACK);
    p->stroke_rect(p->u, x, y, w, bottom - y, 0.6, FLOOR_BLACK);
}

/* The 25 dice-roll boxes and the ComboCircles line. */
static void floor_c36_record(const floor_pen *p, double x, double y, double w)
{
    const int n = 25, per = 9;
    const double th = 6, bh = 71.0 / 9, colw = w / 3;
    char num[8];
    floor_label(p, "Dice Rolls", 8, true, FLOOR_BLACK, x, y, w, th);
    for (int k = 0; k < n; k++) {
        double bx = x + (k / per) * colw + 0.8, by = y + th + (k % per) * bh;
        double nw = colw * 0.3, dw = (colw - 1.6 - nw) / 2;
        snprintf(num, sizeof num, "%d", k + 1);
        floor_label(p, num, 7.5, false, FLOOR_BLACK, bx, by, nw, bh);
        double dside = dw - 1.2 < bh - 1.6 ? dw - 1.2 : bh - 1.6;
        for (int d = 0; d < 2; d++)
            p->stroke_rect(p->u, bx + nw + d * dw + (dw - dside) / 2, by + (bh - dside) / 2, dside,
                           dside, 0.25, 0x737373);
        p->stroke_rect(p->u, bx, by, colw - 1.6, bh, 0.3, FLOOR_BLACK);
    }
    double ly = y + th + per * bh + 5, sw = 11, sh = 7;
    double tw = p->text(p->u, "Total ComboCircles", 8, true, FLOOR_BLACK, x, ly, FLOOR_LEFT,
                        FLOOR_MIDDLE, 0);
    double cx = x + tw + 1.5;
    p->line(p->u, cx, ly + sh / 2, cx + sw, ly + sh / 2, 0.35, FLOOR_BLACK);
    cx += sw + 1.5;
    p->text(p->u, "\xe2\x88\x92 1 =", 8, true, FLOOR_BLACK, cx, ly, FLOOR_LEFT, FLOOR_MIDDLE, 0);
    ly += sh + 1.5;
    p->stroke_rect(p->u, x + 1, ly - sh / 2, sw, sh, 0.3, FLOOR_BLACK);
    p->text(p->u, "Penalty Points", 8, true, FLOOR_BLACK, x + sw + 3, ly, FLOOR_LEFT, FLOOR_MIDDLE,
            0);
}

void floor_circle36(const floor_pen *p)
{
    p->text(p->u, "Circle 36", 22, true, FLOOR_BLACK, 105, 10, FLOOR_CENTER, FLOOR_TOP, 0);
    floor_slot(p, 27, 12, 45, 7, true, "Player", 9);
    floor_slot(p, 155, 12, 40, 7, true, "Date", 9);
    floor_c36_board(p);
    const double x = 10, y = 171, w = 190, gap = 4, lw = w * 0.37, cw = w * 0.27;
    floor_c36_table(p, x, y, lw);
    floor_c36_chart(p, x + lw + gap, y, cw);
    floor_c36_record(p, x + lw + cw + 2 * gap, y, w - lw - cw - 2 * gap);
}

/* DiCroNo's 6x6 grid with its axis numbers and titles. */
static void floor_dc_grid(const floor_pen *p)
{
    const int n = 6;
    const double c = 17, x0 = 105 - c * n / 2, y0 = 52;
    for (int r = 0; r < n; r++)
        for (int k = 0; k < n; k++)
            if ((r + k) % 2) p->fill_rect(p->u, x0 + k * c, y0 + r * c, c, c, 0xf3f3f3);
    for (int r = 1; r < n; r++)
        p->line(p->u, x0, y0 + r * c, x0 + n * c, y0 + r * c, 0.3, FLOOR_BLACK);
    for (int k = 1; k < n; k++)
        p->line(p->u, x0 + k * c, y0, x0 + k * c, y0 + n * c, 0.3, FLOOR_BLACK);
    p->stroke_rect(p->u, x0, y0, n * c, n * c, 0.5, FLOOR_BLACK);
    const double size = 16, gap = c * 0.12 + 1, label_h = size * 25.4 / 72;
    char num[8];
    for (int k = 0; k < n; k++) {
        snprintf(num, sizeof num, "%d", k + 1);
        p->text(p->u, num, size, true, FLOOR_BLACK, x0 + (k + 0.5) * c, y0 - gap, FLOOR_CENTER,
                FLOOR_BOTTOM, 0);
    }
    for (int r = 0; r < n; r++) {
        snprintf(num, sizeof num, "%d", r + 1);
        p->text(p->u, num, size, true, FLOOR_BLACK, x0 - gap, y0 + (r + 0.5) * c, FLOOR_RIGHT,
                FLOOR_MIDDLE, 0);
    }
    p->text(p->u, "Column: the WHITE die", size * 0.7, false, FLOOR_BLACK, x0 + n * c / 2,
            y0 - gap - label_h - 1.5, FLOOR_CENTER, FLOOR_BOTTOM, 0);
    p->text(p->u, "Row: the BLACK die", size * 0.7, false, FLOOR_BLACK, x0 - gap - label_h - 2,
            y0 + n * c / 2, FLOOR_CENTER, FLOOR_BOTTOM, -90);
}

/* The score table for a set of eight games. */
static void floor_dc_table(const floor_pen *p)
{
    static const char *const cols[8] = {"Game",     "X points",    "X penalties", "X subtotal",
                                        "O points", "O penalties", "O subtotal",  "Next first"};
    static const double widths[8] = {0.7, 1, 1.3, 1, 1, 1.3, 1, 0.9};
    const double x0 = 10, y0 = 167, w = 190, rh = 9, hh = 8;
    const int rows = 8;
    double cx[9] = {x0};
    for (int i = 0; i < 8; i++)
        cx[i + 1] = cx[i] + w * widths[i] / 8.2;
    p->fill_rect(p->u, x0, y0, w, hh, 0xe6e6e6);
    for (int i = 0; i < 8; i++)
        p->text(p->u, cols[i], 8.5, true, FLOOR_BLACK, (cx[i] + cx[i + 1]) / 2, y0 + hh / 2,
                FLOOR_CENTER, FLOOR_MIDDLE, 0);
    char num[8];
    for (int r = 0; r < rows; r++) {
        double y = y0 + hh + r * rh;
        snprintf(num, sizeof num, "%d", r + 1);
        p->text(p->u, num, 8.5, false, FLOOR_BLACK, cx[0] + 1.5, y + rh / 2, FLOOR_LEFT,
                FLOOR_MIDDLE, 0);
        for (int i = 2; i < 8; i += 3) { /* the two penalty columns: three tick boxes */
            double cw = cx[i + 1] - cx[i], b = rh * 0.62, gap = (cw - 3 * b) / 4;
            for (int t = 0; t < 3; t++)
                p->stroke_rect(p->u, cx[i] + gap + t * (b + gap), y + (rh - b) / 2, b, b, 0.25,
                               0x595959);
        }
    }
    double bottom = y0 + hh + rows * rh;
    for (int r = 0; r <= rows; r++)
        p->line(p->u, x0, y0 + hh + r * rh, x0 + w, y0 + hh + r * rh, 0.25, FLOOR_BLACK);
    for (int i = 1; i < 8; i++)
        p->line(p->u, cx[i], y0, cx[i], bottom, 0.25, FLOOR_BLACK);
    p->stroke_rect(p->u, x0, y0, w, bottom - y0, 0.5, FLOOR_BLACK);
}

void floor_dicrono(const floor_pen *p)
{
    p->text(p->u, "DiCroNo", 24, true, FLOOR_BLACK, 105, 10, FLOOR_CENTER, FLOOR_TOP, 0);
    p->text(p->u, "Tic-tac-toe with two dice \xc2\xb7 by AK\xe2\x98\x89KA", 9, false, 0x555555, 105,
            20, FLOOR_CENTER, FLOOR_TOP, 0);
    floor_slot(p, 32, 26, 55, 8, true, "X", 14);
    floor_slot(p, 135, 26, 55, 8, true, "O", 14);
    floor_dc_grid(p);
    p->text(p->u,
            "Roll both dice: the white die names the column, the black die the row. Three in a "
            "line ends the game.",
            8, false, 0x444444, 105, 160, FLOOR_CENTER, FLOOR_TOP, 0);
    floor_dc_table(p);
    floor_slot(p, 130, 256, 22, 9, false, "Set total   X", 10);
    floor_slot(p, 170, 256, 22, 9, false, "O", 10);
}

floor_page_fn floor_find(const char *name)
{
    if (!strcmp(name, "circle36")) return floor_circle36;
    if (!strcmp(name, "dicrono")) return floor_dicrono;
    return NULL;
}

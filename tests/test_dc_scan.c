/* test_dc_scan.c: reading the marks of a photographed DiCroNo sheet
 * (scan/dc_scan.h): drawn squares (nothing, a speck, an X, an X off the
 * middle, an O, an O not quite closed, an O wide open, an oval O; and under a
 * shadow's edge) read as what they are, and the
 * game read written as the set `pnpkit score dicrono` loads. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <glib.h>
#include <math.h>
#include <string.h>
#include "scan/dc_scan.h"
#include "scoring/games.h"

#define W 84 /* a 17 mm square less a tenth each side, at 6 pixels a mm */

static uint8_t crop[W * W];

static void blank(void)
{
    memset(crop, 255, sizeof crop);
}

/* Ink within half a width of the segment (x0, y0)-(x1, y1). */
static void stroke(double x0, double y0, double x1, double y1, double width)
{
    for (int j = 0; j < W; j++)
        for (int i = 0; i < W; i++) {
            double dx = x1 - x0, dy = y1 - y0,
                   t = ((i - x0) * dx + (j - y0) * dy) / (dx * dx + dy * dy);
            t = t < 0 ? 0 : t > 1 ? 1 : t;
            double ex = i - x0 - t * dx, ey = j - y0 - t * dy;
            if (ex * ex + ey * ey <= width * width / 4) crop[j * W + i] = 40;
        }
}

/* An ellipse drawn from angle a0 to a1 (radians) in short strokes. */
static void oval(double cx, double cy, double rx, double ry, double a0, double a1, double width)
{
    int n = 48;
    for (int k = 0; k < n; k++) {
        double s = a0 + (a1 - a0) * k / n, t = a0 + (a1 - a0) * (k + 1) / n;
        stroke(cx + rx * cos(s), cy + ry * sin(s), cx + rx * cos(t), cy + ry * sin(t), width);
    }
}

/* The reading of the crop: which of empty, X, O, and with what probability. */
static int reading(double *p)
{
    double q[3];
    scan_dc_square(crop, W, W, q);
    assert_true(fabs(q[0] + q[1] + q[2] - 1) < 1e-9);
    int best = q[1] > q[0] ? 1 : 0;
    if (q[2] > q[best]) best = 2;
    *p = q[best];
    return best;
}

static void test_squares(void **state)
{
    (void)state;
    double p;
    blank();
    assert_int_equal(reading(&p), DC_NONE);
    assert_true(p > 0.999);
    blank(); /* a speck of dirt or the tip of a neighbour's stroke */
    stroke(3, 40, 8, 42, 3);
    assert_int_equal(reading(&p), DC_NONE);
    assert_true(p > 0.99);
    blank();
    stroke(18, 18, 66, 66, 3);
    stroke(66, 18, 18, 66, 3);
    assert_int_equal(reading(&p), DC_X);
    assert_true(p > 0.999);
    blank(); /* an X drawn small, a little low and to the right */
    stroke(30, 30, 64, 66, 2.5);
    stroke(64, 30, 30, 66, 2.5);
    assert_int_equal(reading(&p), DC_X);
    assert_true(p > 0.99);
    blank();
    oval(42, 42, 24, 24, 0, 2 * G_PI, 3);
    assert_int_equal(reading(&p), DC_O);
    assert_true(p > 0.999);
    blank(); /* an O whose ends do not quite meet */
    oval(42, 42, 24, 24, 0.08, 2 * G_PI - 0.08, 3);
    assert_int_equal(reading(&p), DC_O);
    assert_true(p > 0.99);
    blank(); /* an O left wide open: nothing enclosed, but its middle blank */
    oval(42, 42, 24, 24, 0.5, 2 * G_PI - 0.5, 3);
    assert_int_equal(reading(&p), DC_O);
    assert_true(p > 0.99);
    blank(); /* a flat oval O */
    oval(42, 44, 27, 17, 0, 2 * G_PI, 2.5);
    assert_int_equal(reading(&p), DC_O);
    assert_true(p > 0.99);
}

/* A shadow whose edge crosses the square: the left part a third darker,
 * the change over a fifth of the square, as in a photo whose light is cut by
 * the phone. */
static void shade(void)
{
    for (int j = 0; j < W; j++)
        for (int i = 0; i < W; i++) {
            double dark = 0.35 / (1 + exp((i - W / 2.0) / (W / 20.0)));
            crop[j * W + i] = (uint8_t)(crop[j * W + i] * (1 - dark));
        }
}

static void test_shadow(void **state)
{
    (void)state;
    double p;
    blank(); /* read as an O, sure, with the paper taken as one grey */
    shade();
    assert_int_equal(reading(&p), DC_NONE);
    assert_true(p > 0.99);
    blank();
    oval(42, 42, 24, 24, 0, 2 * G_PI, 3);
    shade();
    assert_int_equal(reading(&p), DC_O);
    assert_true(p > 0.99);
    blank();
    stroke(18, 18, 66, 66, 3);
    stroke(66, 18, 18, 66, 3);
    shade();
    assert_int_equal(reading(&p), DC_X);
    assert_true(p > 0.99);
}

static void test_sheet(void **state)
{
    (void)state;
    dc_game g = {.size = 4, .first = DC_PO, .penalties = {1, 2}};
    const char *rows[4] = {"XOX.", "OXO.", "..X.", "...."};
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 4; c++)
            g.cell[r][c] = rows[r][c] == 'X' ? DC_X : rows[r][c] == 'O' ? DC_O : DC_NONE;
    char *text = scan_dc_sheet(&g);
    assert_string_equal(text, "game: dicrono\ngames:\n  - first: O\n    grid: |\n"
                              "      X O X .\n      O X O .\n      . . X .\n      . . . .\n"
                              "    penalties: {X: 1, O: 2}\n");
    static dc_input set;
    yml_doc d = {.text = text, .len = strlen(text), .line0 = 0, .file = "read"};
    pn_err err = {0};
    assert_int_equal(dc_load(&d, &set, &err), 0);
    assert_int_equal(set.ngames, 1);
    assert_memory_equal(set.games[0].cell, g.cell, sizeof g.cell);
    assert_int_equal(set.games[0].first, DC_PO);
    assert_int_equal(set.games[0].penalties[1], 2);
    g_free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_squares),
                                       cmocka_unit_test(test_shadow), cmocka_unit_test(test_sheet)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test_c36_read.c: reading a Circle 36 sheet with the rules (scan/c36_read.h):
 * the assignment solver against brute force, clean readings of the played
 * sheets, a misread digit the dice record corrects, readings the rules cannot
 * tell apart, a misread ComboCircles count, a half-played sheet, and random
 * legal games read with noise (how often the sheet is right, how often a
 * wrong field is marked sure). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <float.h>
#include <stdlib.h>
#include <glib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "c36_sim.h"
#include "scan/assign.h"
#include "scoring/games.h"

static const c36_variant deflt = {3, 8, 36, 8};

/* Big structs live here, not on the stack. */
static c36r_input in;
static c36r_output out;
static sim_truth truth;

static void load_sheet(const char *name, sim_truth *t)
{
    char *path = g_build_filename(PNPKIT_SOURCE_DIR, "tests", "data", name, NULL), *text;
    if (!g_file_get_contents(path, &text, NULL, NULL)) fail_msg("cannot read %s", path);
    static c36_input ci;
    yml_doc d = {.text = text, .len = strlen(text), .line0 = 0, .file = name};
    pn_err err = {0};
    if (c36_load(&d, &deflt, &ci, &err)) fail_msg("%s: %s", name, err.msg);
    assert_true(ci.sheet.nrounds > 0);
    sim_truth_of_sheet(&ci.sheet, t);
    g_free(text);
    g_free(path);
}

static int cell_named(const char *name)
{
    char buf[8];
    for (int c = 0; c < c36_cells(&deflt); c++)
        if (!strcmp(c36_cell_name(&deflt, c, buf), name)) return c;
    fail_msg("no cell %s", name);
    return -1;
}

/* The round that filled a cell in the truth. */
static int round_of_cell(const sim_truth *t, int cell, const c36_sheet *s)
{
    for (int r = 0; r < s->nrounds; r++)
        if (s->rounds[r].cell == cell) return r;
    (void)t;
    return -1;
}

/* The chosen sheet passes the scorer's own check of the rounds. */
static void assert_scorer_agrees(const c36r_output *o, int spaces)
{
    static c36_sheet sh;
    char why[200];
    int bad_round, bad_cell;
    c36_variant v = deflt;
    if (spaces != 25) v.rings = 1, v.sectors = spaces - 1;
    assert_int_equal(c36r_sheet(o, spaces, &v, &sh), 0);
    if (c36_check_rounds(&sh, why, sizeof why, &bad_round, &bad_cell)) fail_msg("%s", why);
}

static void assert_all_right(const sim_truth *t, const c36r_output *o)
{
    assert_scorer_agrees(o, t->spaces);
    int ws, n, us;
    int wrong = sim_compare(t, o, &ws, &n, &us);
    assert_int_equal(wrong, 0);
    assert_int_equal(o->played, t->played);
}

/* ---- the assignment solver ---- */

static double brute(int n, int m, const double *c, const double *tail, int k, int row,
                    unsigned used, double acc)
{
    if (row == k) return acc + tail[k];
    double best = DBL_MAX;
    for (int j = 0; j < m; j++) {
        if (used & (1u << j)) continue;
        double v = brute(n, m, c, tail, k, row + 1, used | (1u << j), acc + c[row * 8 + j]);
        if (v < best) best = v;
    }
    return best;
}

static void test_assign_matches_brute_force(void **state)
{
    (void)state;
    GRand *g = g_rand_new_with_seed(7);
    static scan_assign_ws ws;
    for (int trial = 0; trial < 400; trial++) {
        int n = g_rand_int_range(g, 1, 7), m = g_rand_int_range(g, 1, 7);
        double c[8 * 8], tail[8];
        for (int i = 0; i < n * 8; i++)
            c[i] = g_rand_double_range(g, -5, 5);
        for (int k = 0; k <= n; k++)
            tail[k] = g_rand_double_range(g, -3, 3);
        double want = DBL_MAX;
        for (int k = 0; k <= (n < m ? n : m); k++) {
            double b = brute(n, m, c, tail, k, 0, 0, 0);
            if (b < want) want = b;
        }
        int col[8], k;
        double prefix[8], du[8], dv[8];
        scan_assign_extra x = {prefix, du, dv};
        double got = scan_assign_prefix(n, m, c, 8, tail, col, &k, &ws, &x);
        /* Every prefix's minimum, and the duals of the best one. */
        for (int kk = 0; kk <= n; kk++) {
            double b = kk <= m ? brute(n, m, c, tail, kk, 0, 0, 0) : DBL_MAX;
            assert_true(kk > m ? prefix[kk] == DBL_MAX : fabs(prefix[kk] - b) < 1e-9);
        }
        double dual = tail[k];
        for (int i = 0; i < k; i++)
            dual += du[i];
        for (int j = 0; j < m; j++) {
            dual += dv[j];
            assert_true(dv[j] <= 1e-12);
            for (int i = 0; i < k; i++)
                assert_true(du[i] + dv[j] <= c[i * 8 + j] + 1e-9);
        }
        assert_true(fabs(dual - got) < 1e-9);
        assert_true(got - want < 1e-9 && want - got < 1e-9);
        double sum = tail[k];
        unsigned used = 0;
        for (int i = 0; i < n; i++) {
            if (i >= k) {
                assert_int_equal(col[i], -1);
                continue;
            }
            assert_true(col[i] >= 0 && col[i] < m && !(used & (1u << col[i])));
            used |= 1u << col[i];
            sum += c[i * 8 + col[i]];
        }
        assert_true(sum - got < 1e-9 && got - sum < 1e-9);
    }
    g_rand_free(g);
}

static void test_assign_resolve_after_one_change(void **state)
{
    (void)state;
    GRand *g = g_rand_new_with_seed(11);
    static scan_assign_ws ws;
    static scan_assign_sq st;
    for (int trial = 0; trial < 400; trial++) {
        int n = g_rand_int_range(g, 1, 7), col[8];
        double c[8 * 8], zero[8] = {0};
        for (int i = 0; i < n * 8; i++)
            c[i] = g_rand_double_range(g, -5, 5);
        double got = scan_assign_square(n, c, 8, &st, &ws);
        assert_true(fabs(got - brute(n, n, c, zero, n, 0, 0, 0)) < 1e-9);
        /* One row or one column changes, up or down. */
        int row = g_rand_boolean(g) ? g_rand_int_range(g, 0, n) : -1,
            cl = row < 0 ? g_rand_int_range(g, 0, n) : -1;
        for (int k = 0; k < n; k++)
            c[row >= 0 ? row * 8 + k : k * 8 + cl] += g_rand_double_range(g, -4, 12);
        got = scan_assign_resolve(c, 8, &st, row, cl, col, &ws);
        assert_true(fabs(got - brute(n, n, c, zero, n, 0, 0, 0)) < 1e-9);
        double sum = 0;
        unsigned used = 0;
        for (int i = 0; i < n; i++) {
            assert_true(col[i] >= 0 && col[i] < n && !(used & (1u << col[i])));
            used |= 1u << col[i], sum += c[i * 8 + col[i]];
        }
        assert_true(fabs(sum - got) < 1e-9);
    }
    g_rand_free(g);
}

/* ---- sheets ---- */

static void test_clean_played_sheets(void **state)
{
    (void)state;
    const char *names[] = {"circle36-game1-played.yaml", "circle36-game2-played.yaml",
                           "circle36-game3-played.yaml", "circle36-game3-perfect.yaml"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        load_sheet(names[i], &truth);
        sim_read_clean(&truth, 0.995, &in);
        assert_int_equal(c36r_choose(&in, &out), 0);
        assert_all_right(&truth, &out);
        for (int s = 0; s < truth.spaces; s++)
            assert_true(out.space_sure[s]);
        assert_true(out.combos_sure);
        assert_int_equal(out.overruled, 0);
    }
}

static c36_input sheet1;

static void load_game1(void)
{
    load_sheet("circle36-game1-played.yaml", &truth);
    char *path = g_build_filename(PNPKIT_SOURCE_DIR, "tests", "data", "circle36-game1-played.yaml",
                                  NULL),
         *text;
    if (!g_file_get_contents(path, &text, NULL, NULL)) fail_msg("cannot read %s", path);
    yml_doc d = {.text = text, .len = strlen(text), .line0 = 0, .file = "game1"};
    pn_err err = {0};
    if (c36_load(&d, &deflt, &sheet1, &err)) fail_msg("%s", err.msg);
    g_free(text);
    g_free(path);
}

/* Game 1's last roll is 1 and 8, added for the 9 in G3. */
static void test_misread_digit_corrected_by_the_dice(void **state)
{
    (void)state;
    load_game1();
    int g3 = cell_named("G3"), r = round_of_cell(&truth, g3, &sheet1.sheet);
    assert_int_equal(r, 24);
    assert_int_equal(truth.space[g3], 9);
    sim_read_clean(&truth, 0.999, &in);
    /* The reader sees no 7 there (8 - 1 would be legal too). */
    in.space[g3] = (scan_field){2, {{4, 0.8}, {9, 0.1999}}};
    assert_int_equal(c36r_choose(&in, &out), 0);
    assert_all_right(&truth, &out);
    assert_int_equal(out.space[g3], 9);
    assert_true(out.space_sure[g3]); /* no round could have made a 4 there */
    assert_int_equal(out.overruled, 0);

    /* The 9 is not even a candidate: the rules still overrule the reader. */
    in.space[g3] = (scan_field){1, {{4, 0.9}}};
    assert_int_equal(c36r_choose(&in, &out), 0);
    assert_int_equal(out.space[g3], 9);
    assert_int_equal(out.overruled, 1);

    /* Weak evidence: the second die may be a 3, and 1 + 3 is 4. Then the
     * reading 4 wins, and neither it nor the die is sure. */
    in.space[g3] = (scan_field){2, {{4, 0.8}, {9, 0.15}}};
    in.die[r][1] = (scan_field){2, {{8, 0.5}, {3, 0.45}}};
    assert_int_equal(c36r_choose(&in, &out), 0);
    assert_int_equal(out.space[g3], 4);
    assert_int_equal(out.die[r][1], 3);
    assert_false(out.space_sure[g3]);
    assert_false(out.die_sure[r][1]);
    assert_true(out.die_sure[r][0]);
    assert_true(out.space_conf[g3] < 0.9);
}

static void test_readings_the_rules_cannot_tell_apart(void **state)
{
    (void)state;
    load_game1();
    int g3 = cell_named("G3");
    sim_read_clean(&truth, 0.999, &in);
    /* 1 + 8 = 9 and 8 - 1 = 7 are both legal in a ComboCircle. */
    in.space[g3] = (scan_field){2, {{9, 0.5}, {7, 0.49}}};
    /* Round 2 (1 and 4) put its 4 in B4: its first die is not used. */
    in.die[1][0] = (scan_field){2, {{1, 0.5}, {7, 0.49}}};
    /* Round 3 (2 and 3) made the 5 in Y: a 9 is no die of eight sides (an 8
     * would do, 8 - 3, but nobody read one). */
    in.die[2][0] = (scan_field){2, {{9, 0.6}, {2, 0.3999}}};
    assert_int_equal(c36r_choose(&in, &out), 0);
    assert_int_equal(out.space[g3], 9);
    assert_false(out.space_sure[g3]);
    assert_true(out.space_conf[g3] > 0.5 && out.space_conf[g3] < 0.6);
    assert_int_equal(out.die[1][0], 1);
    assert_false(out.die_sure[1][0]);
    assert_int_equal(out.die[2][0], 2);
    assert_true(out.die_sure[2][0]);
    /* Everything else is still sure. */
    int unsure = 0;
    for (int s = 0; s < 25; s++)
        unsure += !out.space_sure[s];
    for (int k = 0; k < 25; k++)
        unsure += !out.die_sure[k][0] + !out.die_sure[k][1];
    assert_int_equal(unsure, 2);
}

static void test_combos_count_fixed_by_the_circles(void **state)
{
    (void)state;
    load_game1();
    assert_int_equal(truth.combos, 2);
    sim_read_clean(&truth, 0.995, &in);
    in.combos = (scan_field){2, {{3, 0.9}, {2, 0.0999}}};
    assert_int_equal(c36r_choose(&in, &out), 0);
    assert_all_right(&truth, &out);
    assert_int_equal(out.combos, 2);
    assert_true(out.combos_sure);

    /* The last ComboCircle looks more like a circle round the 1, G3 like a 1
     * as much as a 9, and its circle is faint: the count brings it back. */
    int g3 = cell_named("G3");
    sim_read_clean(&truth, 0.995, &in);
    in.circ[24][0] = 0.02, in.circ[24][1] = 0.55, in.circ[24][2] = 0.03, in.circ[24][3] = 0.40;
    in.space[g3] = (scan_field){2, {{9, 0.5}, {1, 0.48}}};
    in.space_circled[g3] = 0.5;
    assert_int_equal(c36r_choose(&in, &out), 0);
    assert_all_right(&truth, &out);
    assert_int_equal(out.circled[24], C36R_CIRC_BOTH);
    assert_int_equal(out.space[g3], 9);
    /* Without the count, the single circle and the 1 win. */
    in.combos = (scan_field){1, {{SCAN_EMPTY, 0.995}}};
    assert_int_equal(c36r_choose(&in, &out), 0);
    assert_int_equal(out.circled[24], C36R_CIRC_A);
    assert_int_equal(out.space[g3], 1);
    assert_false(out.space_sure[g3]);
    assert_false(out.circled_sure[24]);
}

static void test_half_played_sheet(void **state)
{
    (void)state;
    load_game1();
    /* The first ten rounds only; the count not written yet. */
    for (int r = 10; r < 25; r++) {
        int c = sheet1.sheet.rounds[r].cell;
        truth.space[c] = SCAN_EMPTY, truth.space_circled[c] = 0;
        truth.die[r][0] = truth.die[r][1] = SCAN_EMPTY, truth.circled[r] = C36R_CIRC_NONE;
    }
    truth.played = 10, truth.combos = SCAN_EMPTY;
    sim_read_clean(&truth, 0.99, &in);
    assert_int_equal(c36r_choose(&in, &out), 0);
    assert_all_right(&truth, &out);
    for (int r = 10; r < 25; r++)
        assert_int_equal(out.cell_of_round[r], -1);
    /* Rounds 1 and 9 both rolled 5 and 6 and used the 5: they may swap. */
    unsigned long long seen = 0;
    for (int r = 0; r < 10; r++) {
        int c = out.cell_of_round[r];
        assert_true(c >= 0 && !(seen >> c & 1));
        seen |= 1ull << c;
        assert_int_equal(out.space[c], truth.space[sheet1.sheet.rounds[r].cell]);
    }
    /* A smudge read as a faint 3 in round 12: nothing was placed for it. */
    in.die[11][0] = (scan_field){2, {{3, 0.45}, {SCAN_EMPTY, 0.5}}};
    assert_int_equal(c36r_choose(&in, &out), 0);
    assert_all_right(&truth, &out);
    assert_true(out.die_sure[11][0]);
}

static void test_bad_input(void **state)
{
    (void)state;
    memset(&in, 0, sizeof in);
    in.spaces = 25, in.rounds = 25, in.dice_sides = 3;
    assert_int_equal(c36r_choose(&in, &out), -1);
    assert_non_null(strstr(out.why, "dice"));
    assert_int_equal(c36r_sheet(&out, 24, &deflt, &(c36_sheet){0}), -1);
    in.dice_sides = 8, in.spaces = C36R_MAX_SPACES + 1;
    assert_int_equal(c36r_choose(&in, &out), -1);
    in.spaces = 25, in.rounds = 0;
    assert_int_equal(c36r_choose(&in, &out), -1);
    /* Readings far from any legal sheet: every die read as 0 (never legal)
     * and every space as 15, with nothing else. */
    in.rounds = 25;
    for (int s = 0; s < 25; s++)
        in.space[s] = (scan_field){1, {{15, 0.99}}};
    for (int r = 0; r < 25; r++) {
        in.die[r][0] = in.die[r][1] = (scan_field){1, {{1, 0.99}}};
        in.circ[r][1] = 1;
    }
    assert_int_equal(c36r_choose(&in, &out), -1);
    assert_non_null(strstr(out.why, "no legal sheet"));
}

/* Readings no reader should give: NaN, infinities, negative and huge
 * probabilities, values out of range, candidate counts out of range. The
 * answer is still a legal sheet, or a refusal. */
static void test_hostile_readings(void **state)
{
    (void)state;
    GRand *g = g_rand_new_with_seed(99);
    const double odd[] = {NAN, INFINITY, -INFINITY, -1, 0, 1e300, 2, 0.5};
    const int vals[] = {SCAN_EMPTY, -7, 0, 1, 8, 16, 17, 1000000, -2147483647 - 1};
    int chosen = 0;
    for (int trial = 0; trial < 60; trial++) {
        /* Odd trials: a clean reading of a played game with a few fields
         * spoilt; even ones: every field spoilt. */
        int spoil = trial % 2 ? 6 : 1000;
        if (trial % 2) {
            sim_random_game(g, 25, 8, g_rand_int_range(g, 0, 26), &truth);
            sim_read_clean(&truth, 0.99, &in);
        } else {
            memset(&in, 0, sizeof in);
            in.spaces = 25, in.rounds = 25, in.dice_sides = 8;
        }
        scan_field *fs[25 * 3 + 1];
        int nf = 0;
        for (int s = 0; s < 25; s++)
            fs[nf++] = &in.space[s];
        for (int r = 0; r < 25; r++)
            fs[nf++] = &in.die[r][0], fs[nf++] = &in.die[r][1];
        fs[nf++] = &in.combos;
        for (int k = 0; k < spoil && k < nf; k++) {
            scan_field *f = fs[spoil < nf ? g_rand_int_range(g, 0, nf) : k];
            f->n = g_rand_int_range(g, -2, SCAN_MAX_CANDS + 3);
            for (int c = 0; c < SCAN_MAX_CANDS; c++)
                f->c[c] =
                    (scan_cand){vals[g_rand_int_range(g, 0, 9)], odd[g_rand_int_range(g, 0, 8)]};
            in.space_circled[g_rand_int_range(g, 0, 25)] = odd[g_rand_int_range(g, 0, 8)];
            in.circ[g_rand_int_range(g, 0, 25)][g_rand_int_range(g, 0, 4)] =
                odd[g_rand_int_range(g, 0, 8)];
        }
        if (c36r_choose(&in, &out)) {
            assert_true(out.why[0] != 0);
            continue;
        }
        chosen++;
        assert_scorer_agrees(&out, 25);
        /* Legal: the played rounds are a prefix and each made its space's number. */
        for (int r = 0; r < 25; r++) {
            int c = out.cell_of_round[r];
            assert_int_equal(c >= 0, r < out.played);
            if (c < 0) {
                assert_int_equal(out.die[r][0], SCAN_EMPTY);
                continue;
            }
            int a = out.die[r][0], b = out.die[r][1], v = out.space[c];
            assert_true(a >= 1 && a <= 8 && b >= 1 && b <= 8);
            assert_true(out.circled[r] == C36R_CIRC_A   ? v == a
                        : out.circled[r] == C36R_CIRC_B ? v == b
                                                        : v == a + b || v == abs(a - b));
        }
        assert_true(isfinite(out.cost));
    }
    printf("# hostile readings: %d of the trials gave a sheet\n", chosen);
    assert_true(chosen > 0);
    g_rand_free(g);
}

/* Random legal games and the played sheets, read with noise. */
static void test_noisy_games(void **state)
{
    (void)state;
    const sim_noise nz = {0.01, 0.7, 0.01};
    GRand *g = g_rand_new_with_seed(36);
    long fields = 0, wrong = 0, wrong_sure = 0, unsure = 0;
    int sheets = 0, sheets_right = 0;
    const char *names[] = {"circle36-game1-played.yaml", "circle36-game2-played.yaml",
                           "circle36-game3-played.yaml", "circle36-game3-perfect.yaml"};
    for (int i = 0; i < 240; i++) {
        if (i < 40)
            load_sheet(names[i % 4], &truth);
        else
            sim_random_game(g, 25, i % 3 ? 8 : 6, i % 5 ? 25 : g_rand_int_range(g, 0, 25), &truth);
        sim_read(g, &nz, &truth, &in);
        if (c36r_choose(&in, &out)) fail_msg("game %d: %s", i, out.why);
        assert_scorer_agrees(&out, truth.spaces);
        int ws, n, us, wr = sim_compare(&truth, &out, &ws, &n, &us);
        fields += n, wrong += wr, wrong_sure += ws, unsure += us;
        sheets++, sheets_right += wr == 0;
    }
    g_rand_free(g);
    printf("# noisy games: %d sheets, %.1f%% all right; %ld fields, %.3f%% wrong, %.4f%% wrong "
           "and sure, %.1f%% not sure\n",
           sheets, 100.0 * sheets_right / sheets, fields, 100.0 * wrong / fields,
           100.0 * wrong_sure / fields, 100.0 * unsure / fields);
    assert_true(wrong_sure * 1000 <= fields);
    assert_true(wrong * 200 <= fields);
}

/* ---- against every legal sheet of a tiny board ---- */

/* The documented cost of one field's value (docs/scanning.md). */
static double field_cost(const scan_field *f, int lo, int hi, int v)
{
    int K = hi - lo + 2, nl = 0;
    double p[16] = {0}, sum = 0, all = 0;
    int listed[16] = {0};
    if (f->n == 0) return log(K);
    for (int c = 0; c < f->n; c++) {
        int x = f->c[c].value, i = x == SCAN_EMPTY ? 0 : (x >= lo && x <= hi ? x - lo + 1 : -1);
        all += f->c[c].p;
        if (i < 0 || !(f->c[c].p > 0)) continue;
        nl += !listed[i], listed[i] = 1, p[i] += f->c[c].p, sum += f->c[c].p;
    }
    double rest = 1 - all < C36R_FLOOR ? C36R_FLOOR : 1 - all, total = sum + rest;
    double other = rest / total / (K - nl);
    int i = v == SCAN_EMPTY ? 0 : v - lo + 1;
    double q = listed[i] ? p[i] / total : other;
    return -log(q < other ? other : q);
}

static double p_cost(double p)
{
    p = p < C36R_PMIN ? C36R_PMIN : p > 1 - C36R_PMIN ? 1 - C36R_PMIN : p;
    return -log(p);
}

/* Fields of the tiny board: 2 spaces (value, circle), 3 rounds (2 dice,
 * circles), the count; values stored + 1 so that empty is 0. */
#define TS 2
#define TR 3
#define TD 4
#define TF (2 * TS + 3 * TR + 1)
static double tiny_best[TF][16];
static int tiny_val[TF];

static void tiny_sheet(const c36r_input *ti)
{
    double c = 0;
    int m = 0;
    for (int s = 0; s < TS; s++) {
        c += field_cost(&ti->space[s], 0, 2 * TD, tiny_val[s] - 1);
        c += p_cost(tiny_val[TS + s] ? ti->space_circled[s] : 1 - ti->space_circled[s]);
    }
    for (int r = 0; r < TR; r++) {
        for (int j = 0; j < 2; j++)
            c += field_cost(&ti->die[r][j], 1, TD, tiny_val[2 * TS + 3 * r + j] - 1);
        int k = tiny_val[2 * TS + 3 * r + 2];
        double t = 0;
        for (int q = 0; q < 4; q++)
            t += ti->circ[r][q];
        c += p_cost(ti->circ[r][k] / t);
        m += k == C36R_CIRC_BOTH;
    }
    for (int w = 0; w < 2; w++) {
        int v = w ? m : SCAN_EMPTY;
        tiny_val[TF - 1] = v + 1;
        double cw = c + field_cost(&ti->combos, 0, TR, v);
        for (int f = 0; f < TF; f++)
            if (cw < tiny_best[f][tiny_val[f]]) tiny_best[f][tiny_val[f]] = cw;
    }
}

/* Every legal sheet from round r on (used: spaces already filled). */
static void tiny_rounds(const c36r_input *ti, int r, int used, int playing)
{
    if (r >= TR || !playing) {
        for (int q = r; q < TR; q++)
            tiny_val[2 * TS + 3 * q] = tiny_val[2 * TS + 3 * q + 1] = 0,
                                  tiny_val[2 * TS + 3 * q + 2] = C36R_CIRC_NONE;
        for (int s = 0; s < TS; s++)
            if (!(used >> s & 1)) tiny_val[s] = 0, tiny_val[TS + s] = 0;
        tiny_sheet(ti);
        return;
    }
    tiny_rounds(ti, r, used, 0);
    for (int s = 0; s < TS; s++) {
        if (used >> s & 1) continue;
        for (int a = 1; a <= TD; a++)
            for (int b = 1; b <= TD; b++)
                for (int u = 0; u < 4; u++)
                    for (int ring = 0; ring < 2; ring++) {
                        int v = u == 0 ? a : u == 1 ? b : u == 2 ? a + b : abs(a - b);
                        int circ = u < 2 ? u + 1 : C36R_CIRC_BOTH;
                        if (u < 2 ? ring : (s != TS - 1 && !ring)) continue;
                        if (u == 3 && a + b == abs(a - b)) continue;
                        tiny_val[s] = v + 1, tiny_val[TS + s] = ring;
                        tiny_val[2 * TS + 3 * r] = a + 1, tiny_val[2 * TS + 3 * r + 1] = b + 1;
                        tiny_val[2 * TS + 3 * r + 2] = circ;
                        tiny_rounds(ti, r + 1, used | 1 << s, 1);
                    }
    }
}

static void random_field(GRand *g, int lo, int hi, scan_field *f)
{
    f->n = g_rand_int_range(g, 0, SCAN_MAX_CANDS + 1);
    double left = 1;
    for (int c = 0; c < f->n; c++) {
        int v = g_rand_int_range(g, lo - 1, hi + 2); /* one out of range now and then */
        f->c[c] = (scan_cand){v == lo - 1 ? SCAN_EMPTY : v, left * g_rand_double(g)};
        left -= f->c[c].p;
    }
}

static void test_tiny_boards_against_every_sheet(void **state)
{
    (void)state;
    GRand *g = g_rand_new_with_seed(2);
    static c36r_input ti;
    long sure = 0, unsure_far = 0, fields = 0;
    for (int trial = 0; trial < 150; trial++) {
        memset(&ti, 0, sizeof ti);
        ti.spaces = TS, ti.rounds = TR, ti.dice_sides = TD;
        for (int s = 0; s < TS; s++) {
            random_field(g, 0, 2 * TD, &ti.space[s]);
            ti.space_circled[s] = g_rand_double(g);
        }
        for (int r = 0; r < TR; r++) {
            random_field(g, 1, TD, &ti.die[r][0]);
            random_field(g, 1, TD, &ti.die[r][1]);
            for (int k = 0; k < 4; k++)
                ti.circ[r][k] = g_rand_double(g);
        }
        random_field(g, 0, TR, &ti.combos);
        for (int f = 0; f < TF; f++)
            for (int v = 0; v < 16; v++)
                tiny_best[f][v] = DBL_MAX;
        tiny_rounds(&ti, 0, 0, 1);
        if (c36r_choose(&ti, &out)) continue; /* far from every sheet: nothing to compare */
        double j = DBL_MAX;
        for (int v = 0; v < 16; v++)
            if (tiny_best[0][v] < j) j = tiny_best[0][v];
        assert_true(fabs(out.cost - j) < 1e-6);
        int got[TF], sureflag[TF];
        for (int s = 0; s < TS; s++) {
            got[s] = out.space[s] + 1, sureflag[s] = out.space_sure[s];
            got[TS + s] = out.space_circled[s], sureflag[TS + s] = out.space_circled_sure[s];
        }
        for (int r = 0; r < TR; r++) {
            for (int k = 0; k < 2; k++)
                got[2 * TS + 3 * r + k] = out.die[r][k] + 1,
                                     sureflag[2 * TS + 3 * r + k] = out.die_sure[r][k];
            got[2 * TS + 3 * r + 2] = out.circled[r],
                                 sureflag[2 * TS + 3 * r + 2] = out.circled_sure[r];
        }
        got[TF - 1] = out.combos + 1, sureflag[TF - 1] = out.combos_sure;
        for (int f = 0; f < TF; f++) {
            /* The chosen sheet holds this value; any other is at least the margin away. */
            assert_true(fabs(tiny_best[f][got[f]] - j) < 1e-6);
            double alt = DBL_MAX;
            for (int v = 0; v < 16; v++)
                if (v != got[f] && tiny_best[f][v] < alt) alt = tiny_best[f][v];
            if (sureflag[f]) assert_true(alt - j >= log(C36R_SURE_RATIO) - 1e-9);
            fields++, sure += sureflag[f];
            unsure_far += !sureflag[f] && alt - j >= log(C36R_SURE_RATIO);
        }
    }
    g_rand_free(g);
    printf("# tiny boards: %ld fields, %ld sure, %ld not sure though they could be\n", fields, sure,
           unsure_far);
    assert_true(sure > fields / 10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_assign_matches_brute_force),
        cmocka_unit_test(test_assign_resolve_after_one_change),
        cmocka_unit_test(test_clean_played_sheets),
        cmocka_unit_test(test_misread_digit_corrected_by_the_dice),
        cmocka_unit_test(test_readings_the_rules_cannot_tell_apart),
        cmocka_unit_test(test_combos_count_fixed_by_the_circles),
        cmocka_unit_test(test_half_played_sheet),
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_tiny_boards_against_every_sheet),
        cmocka_unit_test(test_hostile_readings),
        cmocka_unit_test(test_noisy_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

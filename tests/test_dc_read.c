/* test_dc_read.c: reading a DiCroNo grid with the rules (scan/dc_read.h):
 * clean readings of the played games in tests/data, a misread square and a
 * misread penalty count the rules correct, squares the rules cannot tell
 * apart, and random games played out and read with noise. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <glib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "scan/dc_read.h"
#include "scoring/games.h"

static dc_input sets;
static dcr_input in;
static dcr_output out;

static void load_set(const char *name)
{
    char *path = g_build_filename(PNPKIT_SOURCE_DIR, "tests", "data", name, NULL), *text;
    if (!g_file_get_contents(path, &text, NULL, NULL)) fail_msg("cannot read %s", path);
    yml_doc d = {.text = text, .len = strlen(text), .line0 = 0, .file = name};
    pn_err err = {0};
    if (dc_load(&d, &sets, &err)) fail_msg("%s: %s", name, err.msg);
    g_free(text);
    g_free(path);
}

/* Every field read right with probability p. */
static void read_clean(const dc_game *g, double p, dcr_input *o)
{
    memset(o, 0, sizeof *o);
    o->size = g->size;
    for (int r = 0; r < g->size; r++)
        for (int c = 0; c < g->size; c++)
            for (int v = 0; v < 3; v++)
                o->cell[r][c][v] = v == g->cell[r][c] ? p : (1 - p) / 2;
    for (int pl = 0; pl < 2; pl++)
        o->penalties[pl] = (scan_field){1, {{g->penalties[pl], p}}};
    o->first[g->first] = p, o->first[!g->first] = 1 - p;
}

static int same_game(const dc_game *a, const dc_game *b)
{
    if (a->first != b->first || a->penalties[0] != b->penalties[0] ||
        a->penalties[1] != b->penalties[1])
        return 0;
    for (int r = 0; r < a->size; r++)
        for (int c = 0; c < a->size; c++)
            if (a->cell[r][c] != b->cell[r][c]) return 0;
    return 1;
}

static void test_clean_games(void **state)
{
    (void)state;
    const char *names[] = {"dicrono-one-game.yaml", "dicrono-example2.yaml"};
    for (int i = 0; i < 2; i++) {
        load_set(names[i]);
        for (int k = 0; k < sets.ngames; k++) {
            read_clean(&sets.games[k], 0.999, &in);
            assert_int_equal(dcr_choose(&in, &out), 0);
            assert_true(same_game(&out.game, &sets.games[k]));
            assert_int_equal(out.changed, 0);
            for (int r = 0; r < in.size; r++)
                for (int c = 0; c < in.size; c++)
                    assert_true(out.cell_sure[r][c]);
            assert_true(out.penalties_sure[0] && out.penalties_sure[1]);
        }
    }
}

static void test_misreads_the_rules_correct(void **state)
{
    (void)state;
    load_set("dicrono-one-game.yaml");
    const dc_game *g = &sets.games[0];
    /* Row 5's X (column 1) read rather as an O: X and O would no longer have
     * rolled equally often. (Read as an O at 0.69 against 0.3 it would not be
     * sure: an O read as an X elsewhere, at 1 in 2000, would balance it.) */
    assert_int_equal(g->cell[4][0], DC_X);
    read_clean(g, 0.999, &in);
    in.cell[4][0][DC_X] = 0.45, in.cell[4][0][DC_O] = 0.54, in.cell[4][0][DC_NONE] = 0.01;
    assert_int_equal(dcr_choose(&in, &out), 0);
    assert_true(same_game(&out.game, g));
    assert_int_equal(out.changed, 1);
    assert_true(out.cell_sure[4][0]);

    /* O's three penalty ticks read as two: O would have rolled once less.
     * (Sure because every square is read at 0.9999: else an O read where
     * nothing is, at 1 in 2000, would make it up.) */
    read_clean(g, 0.9999, &in);
    in.penalties[1] = (scan_field){2, {{2, 0.7}, {3, 0.2999}}};
    assert_int_equal(dcr_choose(&in, &out), 0);
    assert_true(same_game(&out.game, g));
    assert_true(out.penalties_sure[1]);
}

static void test_squares_the_rules_cannot_tell_apart(void **state)
{
    (void)state;
    load_set("dicrono-one-game.yaml");
    const dc_game *g = &sets.games[0];
    /* An O in row 2, column 6, or in row 6, column 6 instead: either grid can
     * end the game, and the reader cannot tell. */
    assert_int_equal(g->cell[1][5], DC_O);
    assert_int_equal(g->cell[5][5], DC_NONE);
    read_clean(g, 0.999, &in);
    in.cell[1][5][DC_O] = 0.55, in.cell[1][5][DC_NONE] = 0.45, in.cell[1][5][DC_X] = 0;
    in.cell[5][5][DC_O] = 0.45, in.cell[5][5][DC_NONE] = 0.55, in.cell[5][5][DC_X] = 0;
    assert_int_equal(dcr_choose(&in, &out), 0);
    assert_true(same_game(&out.game, g));
    assert_false(out.cell_sure[1][5]);
    assert_false(out.cell_sure[5][5]);
    assert_true(out.cell_conf[1][5] > 0.5 && out.cell_conf[1][5] < 0.7);
    int unsure = 0;
    for (int r = 0; r < 6; r++)
        for (int c = 0; c < 6; c++)
            unsure += !out.cell_sure[r][c];
    assert_int_equal(unsure, 2);
}

static void test_bad_input(void **state)
{
    (void)state;
    memset(&in, 0, sizeof in);
    in.size = 3;
    assert_int_equal(dcr_choose(&in, &out), -1);
    in.size = DC_MAX_SIZE + 1;
    assert_int_equal(dcr_choose(&in, &out), -1);
    /* Every square surely an X: nothing near is a game. */
    in.size = 6;
    for (int r = 0; r < 6; r++)
        for (int c = 0; c < 6; c++)
            in.cell[r][c][DC_X] = 1;
    in.penalties[0] = in.penalties[1] = (scan_field){1, {{0, 1}}};
    in.first[0] = 1;
    assert_int_equal(dcr_choose(&in, &out), -1);
    assert_non_null(strstr(out.why, "no game"));
}

/* Readings no reader should give, and a grid nobody could read: a legal
 * game or a refusal, within the search's limit. */
static void test_hostile_readings(void **state)
{
    (void)state;
    GRand *g = g_rand_new_with_seed(98);
    const double odd[] = {NAN, INFINITY, -1, 0, 1e300, 0.5, 1.0 / 3};
    char why[160];
    int chosen = 0;
    for (int trial = 0; trial < 20; trial++) {
        memset(&in, 0, sizeof in);
        in.size = g_rand_int_range(g, DC_MIN_SIZE, DC_MAX_SIZE + 1);
        for (int r = 0; r < in.size; r++)
            for (int c = 0; c < in.size; c++)
                for (int v = 0; v < 3; v++)
                    in.cell[r][c][v] = trial < 5 ? 1.0 / 3 : odd[g_rand_int_range(g, 0, 7)];
        for (int p = 0; p < 2; p++) {
            in.penalties[p].n = g_rand_int_range(g, -1, SCAN_MAX_CANDS + 2);
            for (int c = 0; c < SCAN_MAX_CANDS; c++)
                in.penalties[p].c[c] =
                    (scan_cand){g_rand_int_range(g, -3, 7), odd[g_rand_int_range(g, 0, 7)]};
            in.first[p] = odd[g_rand_int_range(g, 0, 7)];
        }
        if (dcr_choose(&in, &out)) {
            assert_true(out.why[0] != 0);
            continue;
        }
        chosen++;
        assert_null(dc_game_check(&out.game, why, sizeof why));
        assert_true(out.tries <= DCR_MAX_TRIES);
    }
    printf("# hostile readings: %d of the trials gave a sheet\n", chosen);
    assert_true(chosen > 0);
    g_rand_free(g);
}

/* A game played out with random rolls. */
static void play(GRand *gr, int size, dc_game *g)
{
    memset(g, 0, sizeof *g);
    g->size = size;
    g->first = g_rand_int_range(gr, 0, 2);
    for (int turn = 0;; turn++) {
        int p = (g->first + turn) % 2, r = g_rand_int_range(gr, 0, size),
            c = g_rand_int_range(gr, 0, size);
        if (g->cell[r][c])
            g->penalties[p]++;
        else
            g->cell[r][c] = (unsigned char)(p == DC_PX ? DC_X : DC_O);
        int over = g->penalties[p] == DC_MAX_PENALTIES || dc_points(g, p) > 0;
        if (over) {
            if (p == g->first) { /* the other player's equalising roll */
                int q = !p;
                r = g_rand_int_range(gr, 0, size), c = g_rand_int_range(gr, 0, size);
                if (g->cell[r][c])
                    g->penalties[q] += g->penalties[q] < DC_MAX_PENALTIES;
                else
                    g->cell[r][c] = (unsigned char)(q == DC_PX ? DC_X : DC_O);
            }
            return;
        }
    }
}

static void test_noisy_games(void **state)
{
    (void)state;
    GRand *gr = g_rand_new_with_seed(6);
    long fields = 0, wrong = 0, wrong_sure = 0, unsure = 0, alone = 0;
    int games = 0, right = 0;
    char why[160];
    static dc_game g;
    while (games < 150) {
        play(gr, 6, &g);
        if (dc_game_check(&g, why, sizeof why)) continue; /* e.g. two lines at once */
        games++;
        read_clean(&g, 0.999, &in);
        for (int r = 0; r < 6; r++)
            for (int c = 0; c < 6; c++) {
                double e = pow(10, g_rand_double_range(gr, -4, -1)), *p = in.cell[r][c];
                int t = g.cell[r][c], o = (t + g_rand_int_range(gr, 1, 3)) % 3;
                if (g_rand_double(gr) < 0.01) /* a confident misread */
                    e = g_rand_double_range(gr, 0.5, 0.9);
                p[t] = 1 - e, p[o] = e * 0.9, p[3 - t - o] = e * 0.1;
                alone += (p[o] > p[t]);
            }
        dcr_choose(&in, &out);
        int w = 0;
        for (int r = 0; r < 6; r++)
            for (int c = 0; c < 6; c++) {
                int bad = out.game.cell[r][c] != g.cell[r][c];
                w += bad, wrong_sure += bad && out.cell_sure[r][c], unsure += !out.cell_sure[r][c];
            }
        fields += 36, wrong += w, right += w == 0;
    }
    g_rand_free(gr);
    printf("# noisy grids: %d games, %d right; %ld squares, %ld wrong (%ld read alone), %ld wrong "
           "and sure, %ld not sure\n",
           games, right, fields, wrong, alone, wrong_sure, unsure);
    assert_true(wrong_sure * 1000 <= fields);
    assert_true(wrong * 2 <= alone);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_clean_games),
        cmocka_unit_test(test_misreads_the_rules_correct),
        cmocka_unit_test(test_squares_the_rules_cannot_tell_apart),
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_hostile_readings),
        cmocka_unit_test(test_noisy_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

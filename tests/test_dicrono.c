/* test_dicrono.c: DiCroNo runs and points, the set's subtotals and who starts
 * next (the rule sheet's Example 2), the ending-rule checks, the grid reader's
 * error places, the completed sheet, and the maximum-points search checked
 * against a brute force over every 4x4 board. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include "measurer.h"
#include <glib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "games/dicrono.h"
#include "render/render.h"
#include "scene/fill.h"
#include "scoring/games.h"
#include "util/fonts.h"

/* A grid from rows of "X", "O" and "." separated by spaces (row 1 first). */
static dc_game grid(const char *const *rows, int first, int pen_x, int pen_o)
{
    dc_game g = {0};
    g.size = (int)(strlen(rows[0]) + 1) / 2;
    for (int r = 0; r < g.size; r++)
        for (int c = 0; c < g.size; c++) {
            char ch = rows[r][2 * c];
            g.cell[r][c] = ch == 'X' ? DC_X : ch == 'O' ? DC_O : DC_NONE;
        }
    g.first = first;
    g.penalties[DC_PX] = pen_x;
    g.penalties[DC_PO] = pen_o;
    return g;
}

static void test_runs_score_length_minus_two(void **state)
{
    (void)state;
    const char *rows[] = {"X X X . . .", "O O O O . .", "X X X X X .",
                          "O O O O O O", ". . . . . .", ". . . . . ."};
    dc_game g = grid(rows, DC_PX, 0, 0);
    dc_run runs[DC_MAX_RUNS];
    int n = dc_runs(&g, runs, DC_MAX_RUNS);
    assert_int_equal(n, 4);
    assert_int_equal(dc_points(&g, DC_PX), 1 + 3);
    assert_int_equal(dc_points(&g, DC_PO), 2 + 4);
    assert_int_equal(runs[0].len, 3);
    assert_int_equal(runs[0].c0, 0);
    assert_int_equal(runs[0].c1, 2);
    /* Two in a line, or three broken by a gap, score nothing. */
    const char *none[] = {"X X . X . .", "X . . . . .", ". X . . . .",
                          ". . O . . .", ". . . O . .", ". . . . . O"};
    g = grid(none, DC_PX, 0, 0);
    assert_int_equal(dc_runs(&g, runs, DC_MAX_RUNS), 0);
}

static void test_crossing_runs_both_count(void **state)
{
    (void)state;
    /* A plus and a diagonal cross through the same square. */
    const char *plus[] = {". . X . . .", ". . X . . .", "X X X X X .",
                          ". . X . . .", ". . . . . .", ". . . . . ."};
    dc_game g = grid(plus, DC_PX, 0, 0);
    assert_int_equal(dc_points(&g, DC_PX), 3 + 2); /* row of 5, column of 4 */
    const char *cross[] = {"X . . . X .", ". X . X . .", ". . X . . .",
                           ". X . X . .", "X . . . X .", ". . . . . ."};
    g = grid(cross, DC_PX, 0, 0);
    assert_int_equal(dc_points(&g, DC_PX), 3 + 3);
    dc_run runs[DC_MAX_RUNS];
    assert_int_equal(dc_runs(&g, runs, DC_MAX_RUNS), 2);
    /* Both diagonal directions are found, from their upper end. */
    assert_int_equal(runs[0].c0, 0);
    assert_int_equal(runs[0].r0, 0);
    assert_int_equal(runs[1].c0, 4);
    assert_int_equal(runs[1].r1, 4);
    assert_int_equal(runs[1].c1, 0);
}

static dc_input *load_file(const char *name)
{
    char *path = g_build_filename(PNPKIT_SOURCE_DIR, "tests", "data", name, NULL), *text;
    gsize len;
    if (!g_file_get_contents(path, &text, &len, NULL)) fail_msg("cannot read %s", path);
    yml_doc d = {.text = text, .len = len, .file = "set.yaml"};
    dc_input *in = g_new0(dc_input, 1);
    pn_err err = {0};
    if (dc_load(&d, in, &err)) fail_msg("%s", err.msg);
    g_free(text);
    g_free(path);
    return in;
}

static void test_example_2(void **state)
{
    (void)state;
    dc_input *in = load_file("dicrono-example2.yaml");
    assert_int_equal(in->ngames, 3);
    assert_string_equal(in->names[DC_PX], "Anna");
    dc_game_score s[3];
    dc_score_set(in->games, 3, s);
    /* Game 1: X's last roll 3:4 makes two lines of 3 and one of 4: 4 points.
     * O's third penalty takes nothing from 0. O lost, O starts. */
    assert_int_equal(s[0].points[DC_PX], 4);
    assert_int_equal(s[0].nruns, 3);
    assert_int_equal(s[0].deducted[DC_PO], 0);
    assert_int_equal(s[0].next_first, DC_PO);
    /* Game 2: O's line of 3; X's third penalty costs a point: 4 - 1 = 3. */
    assert_int_equal(s[1].points[DC_PO], 1);
    assert_int_equal(s[1].deducted[DC_PX], 1);
    assert_int_equal(s[1].next_first, DC_PX);
    /* Game 3: O's line of 3 again; X lost and starts. */
    assert_int_equal(s[2].next_first, DC_PX);
    const int x[3] = {4, 3, 3}, o[3] = {0, 1, 2};
    for (int g = 0; g < 3; g++) {
        assert_int_equal(s[g].subtotal[DC_PX], x[g]);
        assert_int_equal(s[g].subtotal[DC_PO], o[g]);
    }
    /* Every run of game 1 passes through X's last symbol, column 3 row 4. */
    for (int k = 0; k < s[0].nruns; k++) {
        const dc_run *r = &s[0].runs[k];
        bool through = false;
        for (int i = 0; i < r->len; i++) {
            int dc = (r->c1 > r->c0) - (r->c1 < r->c0), dr = (r->r1 > r->r0) - (r->r1 < r->r0);
            if (r->c0 + i * dc == 2 && r->r0 + i * dr == 3) through = true;
        }
        assert_true(through);
    }
    g_free(in);
}

static void test_penalties_and_next_first(void **state)
{
    (void)state;
    /* Equal points, only O with three penalties: O loses and starts. A
     * subtotal never goes below 0. */
    const char *a[] = {"X X X . . .", "O O O . . .", ". . . . . .",
                       ". . . . . .", ". . . . . .", ". . . . . ."};
    dc_game games[3];
    games[0] = grid(a, DC_PX, 0, 0); /* 1 : 1, a draw: X starts again */
    const char *b[] = {"X . . . . .", ". . . . . .", ". . . . . .",
                       ". . . . . .", ". . . . . .", ". . . . . ."};
    games[1] = grid(b, DC_PO, 3, 2); /* both 0 points, X has three penalties */
    games[2] = grid(b, DC_PO, 3, 3); /* both three penalties: a draw */
    dc_game_score s[3];
    dc_score_set(games, 3, s);
    assert_int_equal(s[0].next_first, DC_PX);
    assert_int_equal(s[0].subtotal[DC_PX], 1);
    assert_int_equal(s[1].next_first, DC_PX);
    assert_int_equal(s[1].subtotal[DC_PX], 0);
    assert_int_equal(s[1].deducted[DC_PX], 1);
    assert_int_equal(s[2].subtotal[DC_PX], 0);
    assert_int_equal(s[2].deducted[DC_PX], 0);
    assert_int_equal(s[2].next_first, DC_PO);
}

static void test_ending_rule_checks(void **state)
{
    (void)state;
    char why[256];
    /* Two separate lines: the game would have ended at the first. */
    const char *two[] = {"X X X . . .", ". . . . . .", "X X X . . .",
                         "O O . O O .", ". . . . . .", "O O . . . ."};
    dc_game g = grid(two, DC_PX, 0, 0);
    assert_non_null(dc_game_check(&g, why, sizeof why));
    assert_non_null(strstr(why, "X had a line before its last symbol"));
    /* A line of six: whichever X came last, five in a line were there. */
    const char *six[] = {"X X X X X X", "O . O . . .", ". O . O . .",
                         ". . . . . .", ". . . . . .", ". . . . . ."};
    g = grid(six, DC_PX, 0, 2);
    assert_non_null(dc_game_check(&g, why, sizeof why));
    assert_non_null(strstr(why, "X had a line before its last symbol"));
    /* Rolls must be equal. */
    const char *one[] = {"X X X . . .", "O . . . . .", "O . . . . .",
                         ". . . . . .", ". . . . . .", ". . . . . ."};
    g = grid(one, DC_PX, 0, 0);
    assert_non_null(dc_game_check(&g, why, sizeof why));
    assert_string_equal(why, "X rolled 3 times (3 symbols, 0 penalties) but O 2 times (2 "
                             "symbols, 0 penalties); a game ends when both have rolled equally "
                             "often");
    g.penalties[DC_PO] = 1;
    assert_null(dc_game_check(&g, why, sizeof why));
    /* Not over yet. */
    const char *open[] = {"X X . . . .", "O O . . . .", ". . . . . .",
                          ". . . . . .", ". . . . . .", ". . . . . ."};
    g = grid(open, DC_PX, 0, 0);
    assert_non_null(dc_game_check(&g, why, sizeof why));
    /* A line and three penalties cannot both happen to one player. */
    const char *lp2[] = {"X X X . . .", "O . . . . .", "O . . . . .",
                         "O . O . . .", ". . . . . .", ". . . . . ."};
    g = grid(lp2, DC_PX, 3, 2);
    assert_non_null(dc_game_check(&g, why, sizeof why));
    assert_non_null(strstr(why, "X has a line and three penalties"));
    /* The first roll of a game finds the board empty, so the player who
     * rolled first has a symbol: O's three penalties cannot come first. */
    const char *pen_first[] = {"X X X . . .", ". . . . . .", ". . . . . .",
                               ". . . . . .", ". . . . . .", ". . . . . ."};
    g = grid(pen_first, DC_PO, 0, 3);
    assert_non_null(dc_game_check(&g, why, sizeof why));
    assert_string_equal(why, "O rolled first but has no symbol, only penalties; the first roll "
                             "of a game lands on an empty square");
    /* With X first the same grid is a game: X's line, O's three penalties. */
    g.first = DC_PX;
    assert_null(dc_game_check(&g, why, sizeof why));
}

static const char *load_error(const char *text)
{
    static pn_err err;
    static dc_input in;
    yml_doc d = {.text = text, .len = strlen(text), .file = "t.yaml"};
    pn_err_clear(&err);
    if (!dc_load(&d, &in, &err)) fail_msg("accepted: %s", text);
    return err.msg;
}

static void test_error_places(void **state)
{
    (void)state;
    const char *head = "game: dicrono\ngames:\n  - first: X\n    grid: |\n";
    char buf[512];
    /* A bad square: its row's line and its column. */
    snprintf(buf, sizeof buf, "%s      X . O\n      . X . . O .\n", head);
    assert_string_equal(load_error(buf),
                        "t.yaml:5:7: game 1, row 1 has 3 squares; a grid is 4 to 10 wide");
    snprintf(buf, sizeof buf,
             "%s      X . O . . .\n      . X . . O .\n      O . X . Q .\n      . . . . . .\n",
             head);
    assert_string_equal(load_error(buf),
                        "t.yaml:7:15: game 1, row 3: 'Q' is not X, O or . (empty)");
    snprintf(buf, sizeof buf,
             "%s      X . O . . .\n      . X . . O .\n      O . X . . . X\n      . . . . . .\n",
             head);
    assert_string_equal(load_error(buf), "t.yaml:7:19: game 1, row 3 has more than 6 squares");
    snprintf(buf, sizeof buf, "%s      X . O . . .\n      . X . . O .\n      O . X . .\n", head);
    assert_string_equal(load_error(buf), "t.yaml:7:7: game 1, row 3 has 5 squares; expected 6");
    snprintf(buf, sizeof buf, "%s      X . O . . .\n      . X . . O .\n      O . X . . .\n", head);
    assert_string_equal(load_error(buf), "t.yaml:4:5: game 1: the grid has 3 rows and 6 columns");
    /* A grid that cannot end a game: at its key. */
    snprintf(buf, sizeof buf,
             "%s      X . . . . .\n      . X . . . .\n      . . X . . .\n      . . . . . .\n"
             "      . . . . . .\n      . . . . . .\n",
             head);
    assert_string_equal(load_error(buf),
                        "t.yaml:4:5: game 1: X rolled 3 times (3 symbols, 0 penalties) but O 0 "
                        "times (0 symbols, 0 penalties); a game ends when both have rolled "
                        "equally often");
    assert_string_equal(
        load_error("games:\n  - first: O\n    grid: |\n      X X X .\n      . . . .\n"
                   "      . . . .\n      . . . .\n    penalties: {X: 0, O: 3}\n"),
        "t.yaml:3:5: game 1: O rolled first but has no symbol, only penalties; the first roll "
        "of a game lands on an empty square");
    assert_string_equal(load_error("games:\n  - first: Y\n"),
                        "t.yaml:2:12: game 1: first is X or O");
    assert_string_equal(
        load_error("games:\n  - first: X\n    grid: |\n      X X X O\n      O O X "
                   "O\n      . . . .\n      . . . .\n    penalties: {X: 0, O: 4}\n"),
        "t.yaml:8:26: game 1: O's penalties: 4 is out of range (0 to 3)");
    assert_string_equal(load_error("players: {X: Ann, Z: Bob}\ngames: []\n"),
                        "t.yaml:1:19: unknown key 'Z' (expected one of: X, O)");
    assert_string_equal(load_error("games: []\n"),
                        "t.yaml:1:8: games has 0 items; expected 1 to 100");
}

/* The text drawn in the player's pen inside a slot. */
static const char *pen_text(const scene *s, const char *id)
{
    const scene_slot *sl = scene_slot_find(s, id);
    if (!sl) fail_msg("no slot %s", id);
    for (size_t i = 0; i < scene_count(s); i++) {
        const scene_item *it = scene_item_at(s, i);
        if (it->kind != SCENE_TEXT || strcmp(it->u.text.font.family, PN_FONT_HAND)) continue;
        const scene_text *t = &it->u.text;
        if (t->x >= sl->x && t->x <= sl->x + sl->w && t->y >= sl->y && t->y <= sl->y + sl->h)
            return t->utf8;
    }
    return NULL;
}

static void test_completed_sheet(void **state)
{
    (void)state;
    dc_input *in = load_file("dicrono-example2.yaml");
    dc_game_score s[3];
    dc_score_set(in->games, 3, s);
    pn_err err = {0};
    tmpl *t = tmpl_open("dicrono", &err);
    assert_int_equal(dc_template_params(t, in, &err), 0);
    render_opts o = {.measure = test_measurer(), .landscape = -1, .seed = 1};
    scene *sc = render_sheet(t, &o, 0, &err);
    assert_non_null(sc);
    assert_int_equal(dc_fill(sc, in, s, 0, &err), 0);
    assert_string_equal(pen_text(sc, "cell.3.4"), "X");
    assert_string_equal(pen_text(sc, "cell.6.6"), "O");
    assert_null(pen_text(sc, "cell.5.4"));
    assert_string_equal(pen_text(sc, "g1.X.points"), "4");
    assert_string_equal(pen_text(sc, "g1.next"), "O");
    assert_string_equal(pen_text(sc, "total.X"), "4");
    assert_string_equal(pen_text(sc, "player.O"), "Bohdan");
    assert_null(pen_text(sc, "g2.X.points")); /* page 1 shows the set up to game 1 */
    /* Each run is struck through in the computed colour; the line of four runs
     * along row 4 from the centre of column 1 past the centre of column 4. */
    int strikes = 0, row4 = 0;
    const scene_slot *a = scene_slot_find(sc, "cell.1.4"), *b = scene_slot_find(sc, "cell.4.4");
    for (size_t i = 0; i < scene_count(sc); i++) {
        const scene_item *it = scene_item_at(sc, i);
        if (it->kind != SCENE_PATH || it->u.path.count != 2) continue;
        if (memcmp(&it->u.path.style.stroke_color, &FILL_COMPUTED, sizeof(pn_rgba))) continue;
        strikes++;
        const scene_seg *g = &scene_segs(sc)[it->u.path.first];
        double ay = a->y + a->h / 2;
        if (fabs(g[0].y[0] - ay) < 0.01 && fabs(g[1].y[0] - ay) < 0.01 &&
            g[0].x[0] < a->x + a->w / 2 && g[1].x[0] > b->x + b->w / 2)
            row4++;
    }
    assert_int_equal(strikes, 3);
    assert_int_equal(row4, 1);
    scene_free(sc);
    /* Page 3: the whole table. */
    sc = render_sheet(t, &o, 2, &err);
    assert_int_equal(dc_fill(sc, in, s, 2, &err), 0);
    assert_string_equal(pen_text(sc, "g2.X.subtotal"), "3");
    assert_string_equal(pen_text(sc, "g3.O.subtotal"), "2");
    assert_string_equal(pen_text(sc, "total.O"), "2");
    scene_free(sc);
    tmpl_free(t);
    g_free(in);
}

/* ---- the maximum, by brute force over every 4x4 board ---- */

static int bits_points(uint32_t mine, int n)
{
    dc_game g = {.size = n};
    for (int i = 0; i < n * n; i++)
        g.cell[i / n][i % n] = mine >> i & 1 ? DC_X : DC_NONE;
    return dc_points(&g, DC_PX);
}

static void test_max_matches_brute_force_on_4x4(void **state)
{
    (void)state;
    const int n = 4, cells = 16;
    /* points[m] for every set of X squares, and whether it has any line. */
    int *points = g_new(int, 1 << cells);
    for (uint32_t m = 0; m < 1u << cells; m++)
        points[m] = bits_points(m, n);
    /* best_free[m]: the most squares within m holding no line (for O). */
    int *best_free = g_new(int, 1 << cells);
    for (uint32_t m = 0; m < 1u << cells; m++) {
        best_free[m] = points[m] == 0 ? __builtin_popcount(m) : 0;
        for (int i = 0; i < cells; i++)
            if (m >> i & 1 && best_free[m & ~(1u << i)] > best_free[m])
                best_free[m] = best_free[m & ~(1u << i)];
    }
    int best_alone = 0, best = 0;
    for (uint32_t m = 1; m < 1u << cells; m++) {
        if (points[m] <= best_alone && points[m] <= best) continue;
        bool ends = false; /* some last square before which X had no line */
        for (int i = 0; i < cells && !ends; i++)
            if (m >> i & 1 && points[m & ~(1u << i)] == 0) ends = true;
        if (!ends) continue;
        if (points[m] > best_alone) best_alone = points[m];
        int k = __builtin_popcount(m);
        if (points[m] > best && best_free[~m & 0xffff] >= k - 3) best = points[m];
    }
    dc_max_result r;
    assert_int_equal(dc_max_search(n, &r), 0);
    assert_int_equal(r.points_alone, best_alone);
    assert_int_equal(r.points, best);
    g_free(points);
    g_free(best_free);
}

static void test_max_witness_is_a_legal_game(void **state)
{
    (void)state;
    dc_max_result r5, r6;
    assert_int_equal(dc_max_search(5, &r5), 0);
    assert_int_equal(dc_max_search(6, &r6), 0);
    char why[256];
    assert_null(dc_game_check(&r6.witness, why, sizeof why));
    assert_int_equal(dc_points(&r6.witness, DC_PX), r6.points);
    assert_int_equal(dc_points(&r6.witness, DC_PO), 0);
    assert_int_equal(r6.witness.cell[r6.last_row][r6.last_col], DC_X);
    /* Every line of X passes through X's last square. */
    dc_game g = r6.witness;
    g.cell[r6.last_row][r6.last_col] = DC_NONE;
    assert_int_equal(dc_points(&g, DC_PX), 0);
    /* Lines hold at most five of the player's symbols, so four lines score at
     * most 12; the whole answer fits a 5x5 board around the last square. */
    assert_true(r6.points <= 12);
    assert_int_equal(r6.points, r5.points);
    assert_true(r6.points <= r6.points_alone);
    assert_int_equal(dc_max_search(3, &r5), -1);
    assert_int_equal(dc_max_search(11, &r5), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_runs_score_length_minus_two),
        cmocka_unit_test(test_crossing_runs_both_count),
        cmocka_unit_test(test_example_2),
        cmocka_unit_test(test_penalties_and_next_first),
        cmocka_unit_test(test_ending_rule_checks),
        cmocka_unit_test(test_error_places),
        cmocka_unit_test(test_completed_sheet),
        cmocka_unit_test(test_max_matches_brute_force_on_4x4),
        cmocka_unit_test(test_max_witness_is_a_legal_game),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    test_measurer_free();
    return rc;
}

/* test_c36.c: Circle 36 scoring: the chart against the rule sheet, the variant
 * rules, the worked example, properties of totals, rounds, the sheet reader's
 * two paths and its error places, and the completed sheet's slots. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include "measurer.h"
#include <glib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "games/c36.h"
#include "render/render.h"
#include "scene/fill.h"
#include "scoring/games.h"
#include "util/fonts.h"

static const c36_variant deflt = {3, 8, 36, 8};

static yml_doc doc_of(const char *text)
{
    return (yml_doc){.text = text, .len = strlen(text), .line0 = 0, .file = "t.yaml"};
}

static void load_ok(const char *text, const c36_variant *v, c36_input *in)
{
    yml_doc d = doc_of(text);
    pn_err err = {0};
    if (c36_load(&d, v, in, &err)) fail_msg("%s", err.msg);
}

static const char *load_error(const char *text)
{
    static pn_err err;
    static c36_input in;
    yml_doc d = doc_of(text);
    pn_err_clear(&err);
    if (!c36_load(&d, &deflt, &in, &err)) fail_msg("accepted: %s", text);
    assert_int_equal(err.status, PN_EINPUT);
    return err.msg;
}

static char *read_data(const char *name)
{
    char *path = g_build_filename(PNPKIT_SOURCE_DIR, "tests", "data", name, NULL), *text;
    if (!g_file_get_contents(path, &text, NULL, NULL)) fail_msg("cannot read %s", path);
    g_free(path);
    return text;
}

static void score_file(const char *name, c36_input *in, c36_score *sc)
{
    char *text = read_data(name);
    load_ok(text, &deflt, in);
    c36_score_sheet(&in->sheet, sc);
    g_free(text);
}

/* The rule sheet's chart (seeds/circle36-points.tsv) (total, red, blue, green, row). */
static const int rule_chart[9][5] = {
    {32, 2, 1, 0, 0}, {33, 3, 2, 1, 0}, {34, 4, 3, 2, 1}, {35, 5, 4, 3, 2}, {36, 8, 7, 6, 3},
    {37, 5, 4, 3, 2}, {38, 4, 3, 2, 1}, {39, 3, 2, 1, 0}, {40, 2, 1, 0, 0},
};

static void test_default_chart_is_the_rule_sheets(void **state)
{
    (void)state;
    for (int total = 0; total <= 100; total++) {
        int want[4] = {0, 0, 0, 0};
        for (int i = 0; i < 9; i++)
            if (rule_chart[i][0] == total) memcpy(want, &rule_chart[i][1], sizeof want);
        for (int r = 0; r < 3; r++)
            assert_int_equal(c36_ring_points(&deflt, r, total), want[r]);
        assert_int_equal(c36_row_points(&deflt, total), want[3]);
    }
}

static void test_variant_chart_centres_on_target(void **state)
{
    (void)state;
    c36_variant v = {5, 12, 48, 8};
    for (int d = -6; d <= 6; d++) {
        for (int r = 0; r < 3; r++)
            assert_int_equal(c36_ring_points(&v, r, 48 + d), c36_ring_points(&deflt, r, 36 + d));
        assert_int_equal(c36_row_points(&v, 48 + d), c36_row_points(&deflt, 36 + d));
        /* Rings past the third: one point less than Green per ring, never below 0. */
        int green = c36_ring_points(&deflt, 2, 36 + d);
        assert_int_equal(c36_ring_points(&v, 3, 48 + d), green > 1 ? green - 1 : 0);
        assert_int_equal(c36_ring_points(&v, 4, 48 + d), green > 2 ? green - 2 : 0);
    }
}

static void names(const c36_variant *v, const int *cells, int n, char *out)
{
    char name[8];
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        strcat(out, c36_cell_name(v, cells[i], name));
        if (i + 1 < n) strcat(out, " ");
    }
}

static void test_rows_and_upper_half(void **state)
{
    (void)state;
    int cells[2 * C36_MAX_RINGS + 1];
    char buf[256];
    /* SPEC: row A holds sectors 1 and 5 of every ring plus the centre, ... D 4 and 8. */
    const char *rows[4] = {"R1 R5 B1 B5 G1 G5 Y", "R2 R6 B2 B6 G2 G6 Y", "R3 R7 B3 B7 G3 G7 Y",
                           "R4 R8 B4 B8 G4 G8 Y"};
    assert_int_equal(c36_rows(&deflt), 4);
    for (int r = 0; r < 4; r++) {
        int n = c36_row_cells(&deflt, r, cells);
        assert_int_equal(n, 7);
        names(&deflt, cells, n, buf);
        assert_string_equal(buf, rows[r]);
    }
    /* The upper half of the Red Ring is sectors 7, 8, 1, 2. */
    int up[C36_MAX_SECTORS / 2];
    assert_int_equal(c36_upper_sectors(&deflt, up), 4);
    const int want8[4] = {6, 7, 0, 1};
    assert_memory_equal(up, want8, sizeof want8);
    /* Twelve sectors: 10, 11, 12, 1, 2, 3; six: 6, 1, 2 (the odd sector on the right). */
    c36_variant v12 = {3, 12, 36, 8}, v6 = {2, 6, 24, 8};
    assert_int_equal(c36_upper_sectors(&v12, up), 6);
    const int want12[6] = {9, 10, 11, 0, 1, 2};
    assert_memory_equal(up, want12, sizeof want12);
    assert_int_equal(c36_upper_sectors(&v6, up), 3);
    const int want6[3] = {5, 0, 1};
    assert_memory_equal(up, want6, sizeof want6);
    /* A variant's row: sector k and k + S/2 of every ring. */
    c36_variant v4 = {4, 12, 48, 8};
    int n = c36_row_cells(&v4, 2, cells);
    names(&v4, cells, n, buf);
    assert_string_equal(buf, "R3 R9 B3 B9 G3 G9 O3 O9 Y");
}

static void test_perfect_sheet_scores_36(void **state)
{
    (void)state;
    c36_input in;
    c36_score sc;
    score_file("circle36-perfect.yaml", &in, &sc);
    assert_string_equal(in.player, "Ada");
    for (int r = 0; r < 3; r++)
        assert_int_equal(sc.ring_total[r], 36);
    for (int r = 0; r < 4; r++) {
        assert_int_equal(sc.row_total[r], 36);
        assert_int_equal(sc.row_points[r], 3);
    }
    assert_int_equal(sc.ring_points[0], 8);
    assert_int_equal(sc.ring_points[1], 7);
    assert_int_equal(sc.ring_points[2], 6);
    assert_int_equal(sc.upper, 18);
    assert_int_equal(sc.bonus, 3);
    assert_int_equal(sc.penalty, 0);
    assert_int_equal(sc.total, 36);
    /* Each ComboCircle after the first costs a point. */
    in.sheet.combos = 4;
    c36_score_sheet(&in.sheet, &sc);
    assert_int_equal(sc.penalty, 3);
    assert_int_equal(sc.earned, 36);
    assert_int_equal(sc.total, 33);
}

static void test_last_roll_choice(void **state)
{
    (void)state;
    c36_input a, b;
    c36_score sa, sb;
    score_file("circle36-last-roll-45.yaml", &a, &sa);
    score_file("circle36-last-roll-37.yaml", &b, &sb);
    /* Sum 9: Green 45 scores nothing, Row C 36 scores 3, a penalty point. */
    assert_int_equal(sa.ring_total[2], 45);
    assert_int_equal(sa.ring_points[2], 0);
    assert_int_equal(sa.row_total[2], 36);
    assert_int_equal(sa.row_points[2], 3);
    assert_int_equal(sa.penalty, 1);
    /* Die 1: Green 37 scores 3, Row C nothing, no penalty: "the score would be 23". */
    assert_int_equal(sb.ring_total[2], 37);
    assert_int_equal(sb.ring_points[2], 3);
    assert_int_equal(sb.row_points[2], 0);
    assert_int_equal(sb.penalty, 0);
    assert_int_equal(sb.total, 23);
    assert_int_equal(sa.total, 22);
}

/* The rule sheet's three example games entered as played, round by round, with
 * the eight-sided dice they were played with: each last roll as the sheet
 * tells it, scored as the sheet says. */
static void test_examples_as_played(void **state)
{
    (void)state;
    c36_input in;
    c36_score sc;
    /* Game 1, roll 25: 1 and 8 added for 9 in the Green Ring on Row C. */
    score_file("circle36-game1-played.yaml", &in, &sc);
    assert_int_equal(in.sheet.nrounds, 25);
    const c36_round *last = &in.sheet.rounds[24];
    assert_int_equal(last->dice[0], 1);
    assert_int_equal(last->dice[1], 8);
    assert_int_equal(sc.used[24], C36_USE_SUM);
    assert_int_equal(sc.ring_total[2], 45);
    assert_int_equal(sc.ring_points[2], 0);
    assert_int_equal(sc.row_total[2], 36);
    assert_int_equal(sc.row_points[2], 3);
    assert_int_equal(sc.combos, 2);
    assert_int_equal(sc.penalty, 1);
    assert_int_equal(sc.total, 22);
    /* The die 1 instead: "the score would be 23". */
    score_file("circle36-game1-die.yaml", &in, &sc);
    assert_int_equal(sc.used[24], C36_USE_DIE);
    assert_int_equal(sc.ring_points[2], 3);
    assert_int_equal(sc.row_points[2], 0);
    assert_int_equal(sc.penalty, 0);
    assert_int_equal(sc.total, 23);
    /* Game 2, roll 25: 6 from 7 gives 1, the only ComboCircle: no penalty. */
    score_file("circle36-game2-played.yaml", &in, &sc);
    last = &in.sheet.rounds[24];
    assert_int_equal(last->dice[0], 7);
    assert_int_equal(last->dice[1], 6);
    assert_int_equal(sc.used[24], C36_USE_DIFF);
    assert_int_equal(in.sheet.cells[last->cell], 1);
    assert_int_equal(last->cell / 8, 2); /* the Green Ring */
    assert_int_equal(sc.combos, 1);
    assert_int_equal(sc.penalty, 0);
    assert_int_equal(sc.row_points[3], 0); /* Row D, the downfall */
    assert_int_equal(sc.total, 33);
    /* Game 3, roll 25: 6 and 2, the 2 in the Green Ring on Row D: 32 with
     * no penalty; a 3 would have made the perfect 36. */
    score_file("circle36-game3-played.yaml", &in, &sc);
    assert_int_equal(sc.used[24], C36_USE_DIE);
    assert_int_equal(in.sheet.cells[in.sheet.rounds[24].cell], 2);
    assert_int_equal(sc.penalty, 0);
    assert_int_equal(sc.total, 32);
    score_file("circle36-game3-perfect.yaml", &in, &sc);
    assert_int_equal(sc.total, 36);
    /* Six-sided dice cannot have rolled the 8 of game 1 or the 7 of game 2. */
    const c36_variant d6 = {3, 8, 36, 6};
    const char *files[2] = {"circle36-game1-played.yaml", "circle36-game2-played.yaml"};
    for (int i = 0; i < 2; i++) {
        char *text = read_data(files[i]);
        yml_doc d = doc_of(text);
        pn_err err = {0};
        assert_int_not_equal(c36_load(&d, &d6, &in, &err), 0);
        assert_non_null(strstr(err.msg, ": dice: "));
        assert_non_null(strstr(err.msg, "is out of range (1 to 6)"));
        g_free(text);
    }
}

/* A random sheet; some spaces empty when holes is set. */
static void random_sheet(GRand *g, const c36_variant *v, c36_sheet *s, bool holes)
{
    memset(s, 0, sizeof *s);
    s->v = *v;
    for (int c = 0; c < c36_cells(v); c++)
        s->cells[c] =
            holes && g_rand_int_range(g, 0, 6) == 0 ? C36_EMPTY : g_rand_int_range(g, 0, 13);
    s->combos = g_rand_int_range(g, 0, 6);
}

static void test_swapping_a_rows_sectors_keeps_totals(void **state)
{
    (void)state;
    GRand *g = g_rand_new_with_seed(36);
    const c36_variant vs[3] = {{3, 8, 36, 8}, {4, 12, 48, 8}, {2, 6, 30, 8}};
    for (int iter = 0; iter < 300; iter++) {
        const c36_variant *v = &vs[iter % 3];
        c36_sheet s;
        random_sheet(g, v, &s, iter % 2);
        c36_score before, after;
        c36_score_sheet(&s, &before);
        int ring = g_rand_int_range(g, 0, v->rings), k = g_rand_int_range(g, 0, v->sectors / 2);
        int a = c36_cell(v, ring, k), b = c36_cell(v, ring, k + v->sectors / 2), t = s.cells[a];
        s.cells[a] = s.cells[b];
        s.cells[b] = t;
        c36_score_sheet(&s, &after);
        assert_memory_equal(before.ring_total, after.ring_total, sizeof before.ring_total);
        assert_memory_equal(before.row_total, after.row_total, sizeof before.row_total);
        assert_memory_equal(before.ring_points, after.ring_points, sizeof before.ring_points);
        assert_memory_equal(before.row_points, after.row_points, sizeof before.row_points);
        assert_int_equal(before.empty, after.empty);
        /* Only the first ring's upper half (the bonus) can tell the two apart. */
        if (ring > 0) assert_int_equal(before.total, after.total);
    }
    g_rand_free(g);
}

static void test_empty_spaces_count_zero(void **state)
{
    (void)state;
    c36_input in;
    load_ok("red: [5, 4, 4, 5, 4, 5, 5, ~]\nblue: [4, 5, 4, 5, 5, 4, 5, 4]\n"
            "green: [5, 5, 4, 4, 4, 4, 5, 5]\nyellow: ~\ncombos: 0\n",
            &deflt, &in);
    c36_score sc;
    c36_score_sheet(&in.sheet, &sc);
    assert_int_equal(sc.empty, 2);
    assert_int_equal(sc.ring_total[0], 32);
    assert_int_equal(sc.row_total[3], 36 - 4 - 9);
    assert_int_equal(sc.upper, 14);
    assert_int_equal(sc.bonus, 0);
    assert_false(in.has_player);
}

/* The rule sheet's other game: "subtracting ... to get 1" in the last space;
 * one ComboCircle in the whole game, no penalty. Rounds fill the perfect sheet. */
static GString *perfect_with_rounds(void)
{
    static const char *const ring[3] = {"R", "B", "G"};
    static const int vals[3][8] = {
        {5, 4, 4, 5, 4, 5, 5, 4}, {4, 5, 4, 5, 5, 4, 5, 4}, {5, 5, 4, 4, 4, 4, 5, 5}};
    GString *s = g_string_new("red: [5, 4, 4, 5, 4, 5, 5, 4]\nblue: [4, 5, 4, 5, 5, 4, 5, 4]\n"
                              "green: [5, 5, 4, 4, 4, 4, 5, 5]\nyellow: 9\nrounds:\n");
    for (int r = 0; r < 3; r++)
        for (int k = 0; k < 8; k++)
            g_string_append_printf(s, "  - {dice: [%d, 6], cell: %s%d}\n", vals[r][k], ring[r],
                                   k + 1);
    g_string_append(s, "  - {dice: [4, 5], cell: Y, use: sum}\n");
    return s;
}

static void test_rounds(void **state)
{
    (void)state;
    GString *s = perfect_with_rounds();
    c36_input in;
    load_ok(s->str, &deflt, &in);
    assert_int_equal(in.sheet.nrounds, 25);
    c36_score sc;
    c36_score_sheet(&in.sheet, &sc);
    assert_int_equal(sc.combos, 1);
    assert_int_equal(sc.total, 36);
    assert_int_equal(sc.used[0], C36_USE_DIE);
    assert_int_equal(sc.die[0], 0);
    assert_int_equal(sc.used[24], C36_USE_SUM);
    g_string_free(s, TRUE);
    /* use may be omitted: a die when the value is one, else the sum, else the difference. */
    c36_round r = {{2, 4}, 0, C36_USE_AUTO};
    int die;
    assert_int_equal(c36_round_use(&r, 4, &die), C36_USE_DIE);
    assert_int_equal(die, 1);
    assert_int_equal(c36_round_use(&r, 6, &die), C36_USE_SUM);
    assert_int_equal(c36_round_use(&r, 2, &die), C36_USE_DIE);
    r.use = C36_USE_DIFF;
    assert_int_equal(c36_round_use(&r, 2, &die), C36_USE_DIFF);
    r = (c36_round){{3, 3}, 0, C36_USE_AUTO};
    assert_int_equal(c36_round_use(&r, 0, &die), C36_USE_DIFF); /* doubles make a zero */
    assert_int_equal(c36_round_use(&r, 5, &die), C36_USE_AUTO);
}

#define SHEET_HEAD                                                                                 \
    "player: Ada\n"                                                                                \
    "red:    [5, ~, ~, ~, ~, ~, ~, ~]\n"                                                           \
    "blue:   [~, ~, ~, ~, ~, ~, ~, ~]\n"                                                           \
    "green:  [~, ~, ~, ~, ~, ~, ~, ~]\n"                                                           \
    "yellow: 9\n"

static void test_error_places(void **state)
{
    (void)state;
    /* SPEC's own example: the list's place (its '[' on the key's line). */
    assert_string_equal(load_error("player: Ada\nred:    [5, 4, 4, 5, 4, 5, 5]\n"),
                        "t.yaml:2:9: red has 7 numbers; a ring has 8 spaces");
    /* A block list: the line of its key. */
    assert_string_equal(load_error("red:\n  - 5\n  - 4\n"),
                        "t.yaml:1:1: red has 2 numbers; a ring has 8 spaces");
    assert_string_equal(load_error("red: [5, 4, 4, 5, 4, 5, 5, 4]\nblue: [4, 5, 4, 5, 5, 4, 5, 4]\n"
                                   "green: [5, 5, 4, 4, 4, 4, 5, 5]\nyellow: 17\ncombos: 1\n"),
                        "t.yaml:4:9: yellow: 17 is out of range (0 to 16)");
    /* Numbers no single die shows need their ComboCircles. */
    assert_string_equal(load_error("red: [5, 4, 4, 5, 4, 5, 5, 4]\nblue: [4, 5, 4, 5, 5, 4, 5, 4]\n"
                                   "green: [0, 5, 4, 4, 4, 4, 9, 5]\nyellow: 16\ncombos: 2\n"),
                        "t.yaml:5:9: combos is 2, but 3 spaces hold 0 or more than 8, which only "
                        "a difference or a sum of the dice makes: at least 3 ComboCircles");
    assert_string_equal(
        load_error("red: [5, 4, 4, 5, 4, 5, 5, 4]\nblue: [4, 5, 4, 5, x, 4, 5, 4]\n"),
        "t.yaml:2:20: blue, sector 5: 'x' is not a whole number");
    assert_string_equal(load_error("red: [5, 4, 4, 5, 4, 5, 5, 4]\nblue: [4, 5, 4, 5, 5, 4, 5, 4]\n"
                                   "green: [5, 5, 4, 4, 4, 4, 5, 5]\nyellow: 9\n"),
                        "t.yaml:1:1: combos is missing: the number of ComboCircles (or give the "
                        "rounds)");
    assert_string_equal(load_error("game: dicrono\n"), "t.yaml:1:7: this sheet is for 'dicrono', "
                                                       "not circle36");
    assert_string_equal(load_error("red: [5, 4, 4, 5, 4, 5, 5, 4]\nblack: 3\n"),
                        "t.yaml:2:1: unknown key 'black' (expected one of: game, player, date, "
                        "red, blue, green, yellow, combos, rounds)");
    assert_string_equal(load_error("orange: [1]\n"),
                        "t.yaml:1:1: orange: this board has 3 rings (a variant with more rings is "
                        "scored with its own template or the setting rings=N)");
    assert_string_equal(load_error("# nothing\n"), "t.yaml:1:1: the sheet is empty");
    /* Illegal rounds name the round. */
    assert_string_equal(load_error(SHEET_HEAD "rounds:\n  - {dice: [5, 2], cell: R1}\n"
                                              "  - {dice: [4, 5], cell: Y, use: diff}\n"),
                        "t.yaml:8:6: round 2: the diff of 4 and 5 is 1, but Y holds 9");
    assert_string_equal(load_error(SHEET_HEAD "rounds:\n  - {dice: [5, 2], cell: R1}\n"
                                              "  - {dice: [4, 5], cell: R1}\n"),
                        "t.yaml:8:6: round 2: R1 was already filled in round 1");
    assert_string_equal(load_error(SHEET_HEAD "rounds:\n  - {dice: [5, 2], cell: R1}\n"
                                              "  - {dice: [1, 2], cell: Y}\n"),
                        "t.yaml:8:6: round 2: Y holds 9, which dice 1 and 2 cannot make (a die, "
                        "the sum 3 or the difference 1)");
    assert_string_equal(load_error(SHEET_HEAD "rounds:\n  - {dice: [5, 2], cell: R1}\n"
                                              "  - {dice: [4, 5], cell: B2}\n"),
                        "t.yaml:8:6: round 2: B2 is empty on the sheet");
    assert_string_equal(load_error(SHEET_HEAD "rounds:\n  - {dice: [5, 2], cell: R1}\n"),
                        "t.yaml:5:9: Y holds 9, but no round filled it");
    assert_string_equal(load_error(SHEET_HEAD "combos: 0\nrounds:\n  - {dice: [5, 2], cell: R1}\n"
                                              "  - {dice: [4, 5], cell: Y}\n"),
                        "t.yaml:6:9: combos is 0, but the rounds used a sum or difference 1 time");
    assert_string_equal(load_error(SHEET_HEAD "rounds:\n  - {dice: [5, 9], cell: R1}\n"),
                        "t.yaml:7:16: round 1: dice: 9 is out of range (1 to 8)");
    assert_string_equal(load_error(SHEET_HEAD "rounds:\n  - {dice: [5, 2], cell: R9}\n"),
                        "t.yaml:7:26: round 1: 'R9' is not a space (R1 .. G8, or Y)");
}

static void test_stream_lines_count_from_the_start(void **state)
{
    (void)state;
    char *path = g_build_filename(g_get_tmp_dir(), "pnpkit-test-c36-stream.yaml", NULL);
    const char *text = "# two sheets\n---\nred: [5, 4, 4, 5, 4, 5, 5, 4]\n"
                       "blue: [4, 5, 4, 5, 5, 4, 5, 4]\ngreen: [5, 5, 4, 4, 4, 4, 5, 5]\n"
                       "yellow: 9\ncombos: 1\n---\nred: [5, 4, 4, 5, 4, 5, 5, 4]\n"
                       "blue: [4, 5, 4, 5, 5, 4, 5]\n";
    assert_true(g_file_set_contents(path, text, -1, NULL));
    pn_err err = {0};
    yml_docs *r = yml_docs_open(path, &err);
    assert_non_null(r);
    yml_doc d;
    c36_input in;
    assert_int_equal(yml_docs_next(r, &d, &err), 1);
    assert_int_equal(d.line0, 0);
    assert_int_equal(c36_load(&d, &deflt, &in, &err), 0);
    assert_int_equal(yml_docs_next(r, &d, &err), 1);
    assert_int_equal(d.line0, 7);
    assert_int_equal(d.index, 1);
    assert_int_equal(c36_load(&d, &deflt, &in, &err), -1);
    char *want = g_strdup_printf("%s:10:7: blue has 7 numbers; a ring has 8 spaces", path);
    assert_string_equal(err.msg, want);
    assert_int_equal(yml_docs_next(r, &d, &err), 0);
    yml_docs_close(r);
    g_free(want);
    remove(path);
    g_free(path);
}

static void assert_same_input(const c36_input *a, const c36_input *b)
{
    const c36_sheet *x = &a->sheet, *y = &b->sheet;
    assert_memory_equal(x->cells, y->cells, sizeof(int) * (size_t)c36_cells(&x->v));
    assert_int_equal(x->combos, y->combos);
    assert_int_equal(x->nrounds, y->nrounds);
    assert_memory_equal(x->rounds, y->rounds, sizeof(c36_round) * (size_t)x->nrounds);
    assert_int_equal(a->has_player, b->has_player);
    assert_string_equal(a->player, b->player);
    assert_string_equal(a->date, b->date);
}

/* Sheets in many spellings, some broken: whenever the direct parser reads one,
 * libfyaml reads the same values; the direct parser takes the usual ones. */
static void test_direct_parser_agrees_with_libfyaml(void **state)
{
    (void)state;
    GRand *g = g_rand_new_with_seed(7);
    static const char *const junk[] = {"\t", "#",  "'",    "\"", ":",  "-",    "[",
                                       "]",  "{",  "}",    ",",  "~",  " ",    "\n",
                                       "x",  "99", "null", "&a", "*a", "!!int"};
    int fast_taken = 0;
    /* Every tenth sheet is for twenty-sided dice: dice of two digits. */
    const c36_variant d20 = {3, 8, 36, 20};
    for (int iter = 0; iter < 3000; iter++) {
        const c36_variant *var = iter % 10 == 9 ? &d20 : &deflt;
        int forced = 0;
        GString *s = g_string_new(iter % 3 == 0 ? "---\n" : "");
        const char *rings[3] = {"red", "blue", "green"}, prefix[3] = {'R', 'B', 'G'};
        int vals[25];
        if (iter % 5 == 0) g_string_append(s, "game: circle36\n");
        if (iter % 5 != 1) g_string_append_printf(s, "player: Player %d\n", iter);
        for (int r = 0; r < 3; r++) {
            g_string_append_printf(s, "%s:%s[", rings[r], iter % 7 == 0 ? "   " : " ");
            for (int k = 0; k < 8; k++) {
                int v = vals[r * 8 + k] = g_rand_int_range(g, -1, 17);
                forced += v == 0 || v > var->dice;
                if (v < 0)
                    g_string_append(s, "~");
                else
                    g_string_append_printf(s, "%d", v);
                if (k < 7) g_string_append(s, iter % 6 == 0 ? "," : ", ");
            }
            g_string_append(s, iter % 8 == 0 ? "]   # ring\n" : "]\n");
        }
        vals[24] = g_rand_int_range(g, 0, 17);
        forced += vals[24] == 0 || vals[24] > var->dice;
        g_string_append_printf(s, "yellow: %d\n", vals[24]);
        if (iter % 2 == 0) {
            /* At least the ComboCircles the numbers force. */
            g_string_append_printf(s, "combos: %d\n", forced + g_rand_int_range(g, 0, 5));
        } else {
            /* Rounds that make the sheet as it stands, in a shuffled order. */
            int order[25];
            for (int i = 0; i < 25; i++)
                order[i] = i;
            for (int i = 24; i > 0; i--) {
                int j = g_rand_int_range(g, 0, i + 1), t = order[i];
                order[i] = order[j];
                order[j] = t;
            }
            g_string_append(s, iter % 3 == 1 ? "rounds:   # the game\n" : "rounds:\n");
            const char *indent = iter % 4 == 1 ? "" : "  ";
            for (int i = 0; i < 25; i++) {
                int c = order[i], v = vals[c];
                if (v < 0) continue;
                char name[4];
                snprintf(name, sizeof name, c == 24 ? "Y" : "%c%d", prefix[c / 8 % 3], c % 8 + 1);
                int top = var->dice;
                int a = v >= 1 && v <= top ? v
                        : v > top          ? top
                                           : 3,
                    b = v >= 1 && v <= top ? 1
                        : v > top          ? v - top
                                           : 3;
                const char *use = v == 0 ? ", use: diff" : v > top && i % 2 ? ", use: sum" : "";
                if (i % 3 == 0)
                    g_string_append_printf(s, "%s- {cell: %s, dice: [%d,%d]%s}\n", indent, name, a,
                                           b, use);
                else
                    g_string_append_printf(s, "%s- {dice: [%d, %d], cell: %s%s}\n", indent, a, b,
                                           name, use);
            }
        }
        /* Break every other pair with a stray piece somewhere. */
        bool broken = iter % 4 >= 2;
        if (broken) {
            int at = g_rand_int_range(g, 0, (gint32)s->len);
            g_string_insert(s, at, junk[g_rand_int_range(g, 0, G_N_ELEMENTS(junk))]);
        }
        yml_doc d = doc_of(s->str);
        c36_input fast, slow;
        pn_err err = {0};
        if (c36_load_fast(&d, var, &fast)) {
            fast_taken += !broken;
            if (c36_load_slow(&d, var, &slow, &err))
                fail_msg("direct parser took a sheet libfyaml refuses (%s):\n%s", err.msg, s->str);
            assert_same_input(&fast, &slow);
        }
        g_string_free(s, TRUE);
    }
    /* Every unbroken sheet took the direct path (else it would not be fast). */
    assert_int_equal(fast_taken, 1500);
    GString *r = perfect_with_rounds();
    c36_input in;
    yml_doc d = doc_of(r->str);
    assert_int_equal(c36_load_fast(&d, &deflt, &in), 1);
    g_string_free(r, TRUE);
    g_rand_free(g);
}

/* The text drawn inside a slot in the player's or the computed colour. */
static const char *text_in(const scene *s, const char *id, pn_rgba pen)
{
    const scene_slot *sl = scene_slot_find(s, id);
    if (!sl) fail_msg("no slot %s", id);
    for (size_t i = 0; i < scene_count(s); i++) {
        const scene_item *it = scene_item_at(s, i);
        if (it->kind != SCENE_TEXT) continue;
        const scene_text *t = &it->u.text;
        if (t->x >= sl->x && t->x <= sl->x + sl->w && t->y >= sl->y && t->y <= sl->y + sl->h &&
            !memcmp(&t->color, &pen, sizeof pen) && !strcmp(t->font.family, PN_FONT_HAND))
            return t->utf8;
    }
    return NULL;
}

/* Paths drawn in a colour whose points all lie around a slot: within 0.7 of its
 * width and height from its centre (marks: circles, crosses). */
static int marks_on(const scene *s, const char *id, pn_rgba pen)
{
    const scene_slot *sl = scene_slot_find(s, id);
    if (!sl) fail_msg("no slot %s", id);
    double cx = sl->x + sl->w / 2, cy = sl->y + sl->h / 2;
    double dx = 0.7 * sl->w + 0.3, dy = 0.7 * sl->h + 0.3;
    int n = 0;
    for (size_t i = 0; i < scene_count(s); i++) {
        const scene_item *it = scene_item_at(s, i);
        if (it->kind != SCENE_PATH || !it->u.path.style.stroke) continue;
        if (memcmp(&it->u.path.style.stroke_color, &pen, sizeof pen)) continue;
        bool near = true;
        for (size_t k = 0; k < it->u.path.count; k++) {
            const scene_seg *g = &scene_segs(s)[it->u.path.first + k];
            if (g->op != SEG_CLOSE && (fabs(g->x[0] - cx) > dx || fabs(g->y[0] - cy) > dy))
                near = false;
        }
        n += near;
    }
    return n;
}

static void test_completed_sheet(void **state)
{
    (void)state;
    GString *text = perfect_with_rounds();
    g_string_prepend(text, "player: Ada\n");
    /* Make round 3 a difference: R3 holds 4 = 6 - 2. */
    char *p = strstr(text->str, "{dice: [4, 6], cell: R3}");
    assert_non_null(p);
    memcpy(p, "{dice: [2, 6], cell: R3}", 24);
    c36_input in;
    load_ok(text->str, &deflt, &in);
    c36_score sc;
    c36_score_sheet(&in.sheet, &sc);
    assert_int_equal(sc.combos, 2);
    assert_int_equal(sc.total, 35);
    pn_err err = {0};
    tmpl *t = tmpl_open("circle36", &err);
    assert_non_null(t);
    render_opts o = {.measure = test_measurer(), .landscape = -1, .seed = 1};
    scene *s = render_sheet(t, &o, 0, &err);
    assert_non_null(s);
    assert_int_equal(c36_fill(s, &in, &sc, &err), 0);
    assert_string_equal(text_in(s, "player", FILL_PEN), "Ada");
    assert_string_equal(text_in(s, "R1", FILL_PEN), "5");
    assert_string_equal(text_in(s, "G8", FILL_PEN), "5");
    assert_string_equal(text_in(s, "Y", FILL_PEN), "9");
    assert_string_equal(text_in(s, "total.red", FILL_COMPUTED), "36");
    assert_string_equal(text_in(s, "points.green", FILL_COMPUTED), "6");
    assert_string_equal(text_in(s, "total.C", FILL_COMPUTED), "36");
    assert_string_equal(text_in(s, "points.D", FILL_COMPUTED), "3");
    assert_string_equal(text_in(s, "red_upper", FILL_COMPUTED), "18");
    assert_string_equal(text_in(s, "earned", FILL_COMPUTED), "36");
    assert_string_equal(text_in(s, "penalty", FILL_COMPUTED), "1");
    assert_string_equal(text_in(s, "total", FILL_COMPUTED), "35");
    assert_string_equal(text_in(s, "combos", FILL_COMPUTED), "2");
    assert_string_equal(text_in(s, "roll3.a", FILL_PEN), "2");
    assert_string_equal(text_in(s, "roll3.b", FILL_PEN), "6");
    assert_string_equal(text_in(s, "roll25.b", FILL_PEN), "5");
    assert_null(text_in(s, "B4", FILL_COMPUTED));
    /* The bonus 3 is circled; ComboCircles around rolls 3 and 25 and around
     * R3 (not around the centre); the die used in round 1 is circled. */
    assert_int_equal(marks_on(s, "bonus", FILL_COMPUTED), 1);
    assert_int_equal(marks_on(s, "roll3", FILL_PEN), 1);
    assert_int_equal(marks_on(s, "roll25", FILL_PEN), 1);
    assert_int_equal(marks_on(s, "roll1.a", FILL_PEN), 1);
    assert_int_equal(marks_on(s, "roll1.b", FILL_PEN), 0);
    assert_int_equal(marks_on(s, "R3", FILL_PEN), 1);
    assert_int_equal(marks_on(s, "Y", FILL_PEN), 0);
    scene_free(s);
    /* Without the bonus the 3 is crossed out: two strokes. */
    in.sheet.cells[c36_cell(&deflt, 0, 0)] = 6;
    c36_score_sheet(&in.sheet, &sc);
    s = render_sheet(t, &o, 0, &err);
    assert_int_equal(c36_fill(s, &in, &sc, &err), 0);
    assert_int_equal(marks_on(s, "bonus", FILL_COMPUTED), 2);
    scene_free(s);
    tmpl_free(t);
    g_string_free(text, TRUE);
}

static void test_template_variant(void **state)
{
    (void)state;
    pn_err err = {0};
    tmpl *t = tmpl_open("circle36", &err);
    c36_variant v;
    assert_int_equal(c36_template_variant(t, &v, &err), 0);
    assert_memory_equal(&v, &deflt, sizeof v);
    assert_int_equal(tmpl_set(t, "rings=4", &err), 0);
    assert_int_equal(tmpl_set(t, "sectors=12", &err), 0);
    assert_int_equal(tmpl_set(t, "target=48", &err), 0);
    assert_int_equal(tmpl_set(t, "dice=6", &err), 0);
    assert_int_equal(c36_template_variant(t, &v, &err), 0);
    assert_int_equal(v.dice, 6);
    assert_int_equal(tmpl_set(t, "dice=8", &err), 0);
    assert_int_equal(c36_template_variant(t, &v, &err), 0);
    assert_int_equal(v.rings, 4);
    assert_int_equal(v.sectors, 12);
    assert_int_equal(v.target, 48);
    tmpl_free(t);
    /* A 4x12 sheet of fours: rings 48, rows 8 * 4 + centre. */
    c36_input in;
    GString *s = g_string_new(NULL);
    const char *rings[4] = {"red", "blue", "green", "orange"};
    for (int r = 0; r < 4; r++)
        g_string_append_printf(s, "%s: [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]\n", rings[r]);
    g_string_append(s, "yellow: 12\ncombos: 1\n");
    load_ok(s->str, &v, &in);
    c36_score sc;
    c36_score_sheet(&in.sheet, &sc);
    assert_int_equal(sc.ring_points[3], 5);
    assert_int_equal(sc.row_total[5], 44);
    assert_int_equal(sc.row_points[5], 0);
    assert_int_equal(sc.upper, 24);
    assert_int_equal(sc.bonus, 3);
    assert_int_equal(sc.total, 8 + 7 + 6 + 5 + 3);
    g_string_free(s, TRUE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_default_chart_is_the_rule_sheets),
        cmocka_unit_test(test_variant_chart_centres_on_target),
        cmocka_unit_test(test_rows_and_upper_half),
        cmocka_unit_test(test_perfect_sheet_scores_36),
        cmocka_unit_test(test_last_roll_choice),
        cmocka_unit_test(test_swapping_a_rows_sectors_keeps_totals),
        cmocka_unit_test(test_empty_spaces_count_zero),
        cmocka_unit_test(test_rounds),
        cmocka_unit_test(test_examples_as_played),
        cmocka_unit_test(test_error_places),
        cmocka_unit_test(test_stream_lines_count_from_the_start),
        cmocka_unit_test(test_direct_parser_agrees_with_libfyaml),
        cmocka_unit_test(test_completed_sheet),
        cmocka_unit_test(test_template_variant),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    test_measurer_free();
    return rc;
}

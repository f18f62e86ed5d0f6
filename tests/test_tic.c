/* test_tic.c: Thinking In Circles boards: balance and determinism over many
 * seeds, no starting position that is already a win, adjacency by layout, and
 * wins by colour and by goal read either way. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include <glib.h>
#include "games/tic.h"

#define SEEDS 300

static const tic_params variants[] = {
    {5, 9, 2, TIC_ROW},  {5, 9, 2, TIC_RING},  {3, 5, 0, TIC_ROW}, {3, 5, 2, TIC_RING},
    {9, 16, 3, TIC_ROW}, {7, 12, 0, TIC_RING}, {4, 7, 4, TIC_ROW}, {6, 10, 1, TIC_RING},
};

static void test_balanced(void **state)
{
    (void)state;
    for (size_t pi = 0; pi < G_N_ELEMENTS(variants); pi++) {
        const tic_params *p = &variants[pi];
        int shaped = p->spaces - 1;
        /* Neutral spaces as asked, one more when black and white could not be equal. */
        int neutral = p->neutral + (shaped - p->neutral) % 2;
        for (unsigned long seed = 0; seed < SEEDS; seed++) {
            tic_board b;
            assert_int_equal(tic_generate(p, seed, &b), 0);
            assert_int_equal(b.circles, p->circles);
            assert_int_equal(b.spaces, p->spaces);
            int board_shapes[TIC_SHAPES] = {0};
            for (int c = 0; c < b.circles; c++) {
                /* The blank start. */
                assert_int_equal(b.sp[c][0].shape, TIC_NO_SHAPE);
                assert_int_equal(b.sp[c][0].color, TIC_NEUTRAL);
                int shapes[TIC_SHAPES] = {0}, colors[3] = {0};
                for (int k = 1; k < b.spaces; k++) {
                    assert_true(b.sp[c][k].shape < TIC_SHAPES);
                    shapes[b.sp[c][k].shape]++;
                    colors[b.sp[c][k].color]++;
                }
                for (int s = 0; s < TIC_SHAPES; s++) {
                    assert_true(shapes[s] == shaped / 4 || shapes[s] == (shaped + 3) / 4);
                    board_shapes[s] += shapes[s];
                }
                assert_int_equal(colors[TIC_BLACK], colors[TIC_WHITE]);
                assert_int_equal(colors[TIC_NEUTRAL], neutral);
                assert_true(colors[TIC_BLACK] >= 1);
            }
            /* The whole board is even too. */
            int lo = board_shapes[0], hi = board_shapes[0];
            for (int s = 1; s < TIC_SHAPES; s++) {
                lo = board_shapes[s] < lo ? board_shapes[s] : lo;
                hi = board_shapes[s] > hi ? board_shapes[s] : hi;
            }
            assert_true(hi - lo <= 1);
        }
    }
}

/* No circle shows the same shape on two neighbouring spaces: with the shapes
 * as even as they are, such an order always exists, for every size. */
static void test_no_equal_neighbours(void **state)
{
    (void)state;
    for (int spaces = TIC_MIN_SPACES; spaces <= TIC_MAX_SPACES; spaces++) {
        tic_params p = {9, spaces, 0, TIC_RING};
        for (unsigned long seed = 0; seed < 400; seed++) {
            tic_board b;
            assert_int_equal(tic_generate(&p, seed, &b), 0);
            for (int c = 0; c < b.circles; c++)
                for (int k = 2; k < b.spaces; k++)
                    if (b.sp[c][k].shape == b.sp[c][k - 1].shape)
                        fail_msg("spaces %d, seed %lu, circle %d: spaces %d and %d are both %s",
                                 spaces, seed, c + 1, k - 1, k, tic_shape_name(b.sp[c][k].shape));
        }
    }
}

static void test_deterministic(void **state)
{
    (void)state;
    tic_params p = {5, 9, 2, TIC_ROW};
    tic_board first;
    tic_generate(&p, 0, &first);
    int differ = 0;
    for (unsigned long seed = 0; seed < SEEDS; seed++) {
        tic_board a, b;
        tic_generate(&p, seed, &a);
        tic_generate(&p, seed, &b);
        assert_memory_equal(&a, &b, sizeof a);
        if (seed && memcmp(a.sp, first.sp, sizeof a.sp)) differ++;
    }
    /* Different seeds give different boards. */
    assert_int_equal(differ, SEEDS - 1);
}

/* Every goal of three shapes, for both colours: none wins at the start. */
static void test_no_starting_win(void **state)
{
    (void)state;
    int tokens[TIC_MAX_CIRCLES] = {0};
    for (size_t pi = 0; pi < G_N_ELEMENTS(variants); pi++)
        for (unsigned long seed = 0; seed < SEEDS; seed += 7) {
            tic_board b;
            tic_generate(&variants[pi], seed, &b);
            for (int col = TIC_BLACK; col <= TIC_WHITE; col++)
                for (int g = 0; g < 64; g++) {
                    tic_player p = {.color = (tic_color)col, .ngoals = 1};
                    p.goals[0] = (tic_goal){{g % 4, g / 4 % 4, g / 16}};
                    tic_win w[8];
                    assert_int_equal(tic_wins(&b, tokens, &p, w, 8), 0);
                }
        }
}

static void test_params_check(void **state)
{
    (void)state;
    assert_null(tic_params_check(&(tic_params){5, 9, 2, TIC_ROW}));
    assert_non_null(tic_params_check(&(tic_params){2, 9, 2, TIC_ROW}));
    assert_non_null(tic_params_check(&(tic_params){10, 9, 2, TIC_ROW}));
    assert_non_null(tic_params_check(&(tic_params){5, 4, 0, TIC_ROW}));
    assert_non_null(tic_params_check(&(tic_params){5, 17, 2, TIC_ROW}));
    assert_null(tic_params_check(&(tic_params){5, 9, 6, TIC_ROW}));
    assert_non_null(tic_params_check(&(tic_params){5, 9, 7, TIC_ROW}));
    assert_non_null(tic_params_check(&(tic_params){5, 9, -1, TIC_ROW}));
    tic_board b;
    assert_int_equal(tic_generate(&(tic_params){5, 9, 7, TIC_ROW}, 1, &b), -1);
}

/* A board drawn by hand: circle c's space 1 is (shapes[c], colors[c]). */
static void hand_board(tic_board *b, int n, tic_layout layout, const char *shapes,
                       const char *colors)
{
    memset(b, 0, sizeof *b);
    b->circles = n;
    b->spaces = 3;
    b->layout = layout;
    for (int c = 0; c < n; c++) {
        b->sp[c][0] = (tic_space){TIC_NO_SHAPE, TIC_NEUTRAL};
        b->sp[c][1] = (tic_space){(unsigned char)(strchr("ctsp", shapes[c]) - "ctsp"),
                                  (unsigned char)(strchr("bwn", colors[c]) - "bwn")};
        b->sp[c][2] = (tic_space){TIC_CIRCLE, TIC_NEUTRAL};
    }
}

static void test_triples(void **state)
{
    (void)state;
    tic_board b;
    hand_board(&b, 5, TIC_ROW, "ccccc", "nnnnn");
    assert_int_equal(tic_triple_count(&b), 3);
    int t[3];
    tic_triple(&b, 2, t);
    assert_int_equal(t[0], 2);
    assert_int_equal(t[2], 4);
    b.layout = TIC_RING;
    assert_int_equal(tic_triple_count(&b), 5);
    tic_triple(&b, 4, t); /* 5-1-2 wraps round */
    assert_int_equal(t[0], 4);
    assert_int_equal(t[1], 0);
    assert_int_equal(t[2], 1);
}

static void test_color_win(void **state)
{
    (void)state;
    tic_board b;
    /* Circles 5, 1 and 2 are black: adjacent only in a ring. */
    hand_board(&b, 5, TIC_ROW, "ctspc", "bbwwb");
    int on[5] = {1, 1, 1, 1, 1};
    tic_player black = {
        .color = TIC_BLACK, .ngoals = 1, .goals = {{{TIC_PENTAGON, TIC_PENTAGON, TIC_PENTAGON}}}};
    tic_player white = {
        .color = TIC_WHITE, .ngoals = 1, .goals = {{{TIC_PENTAGON, TIC_PENTAGON, TIC_PENTAGON}}}};
    tic_win w[8];
    assert_int_equal(tic_wins(&b, on, &black, w, 8), 0);
    b.layout = TIC_RING;
    assert_int_equal(tic_wins(&b, on, &black, w, 8), 1);
    assert_int_equal(w[0].goal, -1);
    assert_int_equal(w[0].circles[0], 4);
    assert_int_equal(w[0].circles[2], 1);
    assert_int_equal(tic_wins(&b, on, &white, w, 8), 0);
    /* A token moved off the black space ends the win. */
    on[0] = 2;
    assert_int_equal(tic_wins(&b, on, &black, w, 8), 0);
}

static void test_goal_win(void **state)
{
    (void)state;
    tic_board b;
    hand_board(&b, 5, TIC_ROW, "tcspt", "nnnnn");
    int on[5] = {1, 1, 1, 1, 1}; /* triangle circle square pentagon triangle */
    tic_player p = {.color = TIC_WHITE, .ngoals = 2};
    /* circle, square, pentagon forwards on circles 2-3-4. */
    p.goals[0] = (tic_goal){{TIC_PENTAGON, TIC_PENTAGON, TIC_PENTAGON}};
    p.goals[1] = (tic_goal){{TIC_CIRCLE, TIC_SQUARE, TIC_PENTAGON}};
    tic_win w[8];
    assert_int_equal(tic_wins(&b, on, &p, w, 8), 1);
    assert_int_equal(w[0].goal, 1);
    assert_false(w[0].reversed);
    assert_int_equal(w[0].circles[0], 1);
    /* Read backwards: pentagon, square, circle matches circles 4-3-2. */
    p.ngoals = 1;
    p.goals[0] = (tic_goal){{TIC_PENTAGON, TIC_SQUARE, TIC_CIRCLE}};
    assert_int_equal(tic_wins(&b, on, &p, w, 8), 1);
    assert_true(w[0].reversed);
    assert_int_equal(w[0].circles[0], 3);
    assert_int_equal(w[0].circles[2], 1);
    /* Order matters: circle, pentagon, square is not on the board. */
    p.goals[0] = (tic_goal){{TIC_CIRCLE, TIC_PENTAGON, TIC_SQUARE}};
    assert_int_equal(tic_wins(&b, on, &p, w, 8), 0);
    /* In a ring circles 4, 5, 1 read pentagon, triangle, triangle. */
    b.layout = TIC_RING;
    p.goals[0] = (tic_goal){{TIC_PENTAGON, TIC_TRIANGLE, TIC_TRIANGLE}};
    assert_int_equal(tic_wins(&b, on, &p, w, 8), 1);
    b.layout = TIC_ROW;
    assert_int_equal(tic_wins(&b, on, &p, w, 8), 0);
    /* The start space has no shape: tokens there match no goal. */
    on[1] = on[2] = on[3] = 0;
    p.goals[0] = (tic_goal){{TIC_CIRCLE, TIC_SQUARE, TIC_PENTAGON}};
    assert_int_equal(tic_wins(&b, on, &p, w, 8), 0);
}

static void test_ring_of_three(void **state)
{
    (void)state;
    tic_board b;
    hand_board(&b, 3, TIC_RING, "cst", "bbb");
    int on[3] = {1, 1, 1};
    tic_player p = {.color = TIC_BLACK, .ngoals = 1};
    /* Any order of the three circles is a chain; the colour win is one. */
    p.goals[0] = (tic_goal){{TIC_SQUARE, TIC_CIRCLE, TIC_TRIANGLE}};
    tic_win w[8];
    int n = tic_wins(&b, on, &p, w, 8), colors = 0, goals = 0;
    for (int i = 0; i < n; i++)
        w[i].goal < 0 ? colors++ : goals++;
    assert_int_equal(colors, 1);
    assert_int_equal(goals, 1);
}

static void test_names_and_cloned(void **state)
{
    (void)state;
    tic_shape s;
    assert_true(tic_shape_parse("Pentagon", &s));
    assert_int_equal(s, TIC_PENTAGON);
    assert_false(tic_shape_parse("hexagon", &s));
    tic_color c;
    assert_true(tic_color_parse("white", &c));
    assert_int_equal(c, TIC_WHITE);
    assert_false(tic_color_parse("grey", &c));
    assert_true(tic_goal_cloned(&(tic_goal){{TIC_SQUARE, TIC_SQUARE, TIC_CIRCLE}}));
    assert_true(tic_goal_cloned(&(tic_goal){{TIC_CIRCLE, TIC_SQUARE, TIC_SQUARE}}));
    assert_false(tic_goal_cloned(&(tic_goal){{TIC_SQUARE, TIC_CIRCLE, TIC_SQUARE}}));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_balanced),      cmocka_unit_test(test_no_equal_neighbours),
        cmocka_unit_test(test_deterministic), cmocka_unit_test(test_no_starting_win),
        cmocka_unit_test(test_params_check),  cmocka_unit_test(test_triples),
        cmocka_unit_test(test_color_win),     cmocka_unit_test(test_goal_win),
        cmocka_unit_test(test_ring_of_three), cmocka_unit_test(test_names_and_cloned),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

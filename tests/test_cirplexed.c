/* test_cirplexed.c: circles, three-quarter and half circles where tile corners
 * meet, ranking with shared ranks, the board checks with their error places,
 * and the board component's geometry and slots. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include "measurer.h"
#include <glib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "games/cirplexed.h"
#include "render/render.h"
#include "scoring/games.h"
#include "util/fonts.h"

enum { RED, ORANGE, YELLOW, GREEN, BLUE, PURPLE };

static cpx_placed tile(int x, int y, int tl, int tr, int br, int bl)
{
    return (cpx_placed){
        x, y, {{(unsigned char)tl, (unsigned char)tr, (unsigned char)br, (unsigned char)bl}}};
}

static void test_circles(void **state)
{
    (void)state;
    /* Four tiles whose inner corners are all red: one circle at point (1, 1). */
    cpx_placed b[4] = {tile(0, 0, BLUE, GREEN, RED, YELLOW), tile(1, 0, ORANGE, PURPLE, BLUE, RED),
                       tile(0, 1, GREEN, RED, PURPLE, BLUE),
                       tile(1, 1, RED, YELLOW, GREEN, ORANGE)};
    cpx_points p;
    cpx_point at[4];
    assert_int_equal(cpx_score_board(b, 4, &p, at, 4), 0);
    assert_int_equal(p.circles, 1);
    assert_int_equal(at[0].x, 1);
    assert_int_equal(at[0].y, 1);
    assert_int_equal(p.three_quarter, 0);
    assert_int_equal(p.half, 0);
    /* Take the lower right tile away: a single-colour three-quarter circle. */
    assert_int_equal(cpx_score_board(b, 3, &p, NULL, 0), 0);
    assert_int_equal(p.circles, 0);
    assert_int_equal(p.three_quarter, 1);
    /* One corner of another colour spoils it. */
    b[3].t.c[0] = GREEN;
    assert_int_equal(cpx_score_board(b, 4, &p, NULL, 0), 0);
    assert_int_equal(p.circles + p.three_quarter + p.half, 0);
}

static void test_half_circles_need_a_shared_side(void **state)
{
    (void)state;
    /* Side by side: the blue corners at (1, 0) and the yellow ones at (1, 1). */
    cpx_placed b[2] = {tile(0, 0, RED, BLUE, YELLOW, PURPLE),
                       tile(1, 0, BLUE, GREEN, ORANGE, YELLOW)};
    cpx_points p;
    cpx_score_board(b, 2, &p, NULL, 0);
    assert_int_equal(p.half, 2);
    /* Stacked: the tiles meet along a horizontal side. */
    cpx_placed c[2] = {tile(0, 0, RED, BLUE, YELLOW, PURPLE),
                       tile(0, 1, PURPLE, YELLOW, GREEN, ORANGE)};
    cpx_score_board(c, 2, &p, NULL, 0);
    assert_int_equal(p.half, 2);
    /* Two tiles touching only at a corner form no half circle (and are not a
     * legal board either). */
    cpx_placed d[2] = {tile(0, 0, RED, BLUE, YELLOW, PURPLE),
                       tile(1, 1, YELLOW, GREEN, ORANGE, BLUE)};
    cpx_score_board(d, 2, &p, NULL, 0);
    assert_int_equal(p.half, 0);
    int bad, other;
    assert_int_equal(cpx_check_board(d, 2, &bad, &other), CPX_BAD_GAP);
    assert_int_equal(bad, 1);
    /* An L of three: the diagonal pair around the corner point is not a half,
     * and the point has three corners (not one colour). */
    cpx_placed e[3] = {tile(0, 0, RED, BLUE, YELLOW, PURPLE), tile(1, 0, BLUE, GREEN, RED, ORANGE),
                       tile(0, 1, GREEN, ORANGE, PURPLE, RED)};
    cpx_score_board(e, 3, &p, NULL, 0);
    assert_int_equal(p.three_quarter, 0);
    assert_int_equal(cpx_check_board(e, 3, &bad, &other), CPX_OK);
}

static void test_ranks_share_and_skip(void **state)
{
    (void)state;
    cpx_points p[5] = {{2, 0, 1, 0}, {3, 1, 0, 0}, {3, 1, 0, 0}, {2, 0, 1, 0}, {2, 1, 0, 0}};
    cpx_rank(p, 5);
    const int want[5] = {4, 1, 1, 4, 3};
    for (int i = 0; i < 5; i++)
        assert_int_equal(p[i].rank, want[i]);
}

static const char *load_error(const char *text)
{
    static pn_err err;
    cpx_input in;
    yml_doc d = {.text = text, .len = strlen(text), .file = "t.yaml"};
    pn_err_clear(&err);
    if (!cpx_load(&d, &in, &err)) fail_msg("accepted: %s", text);
    return err.msg;
}

static void test_board_errors(void **state)
{
    (void)state;
    assert_string_equal(
        load_error("boards:\n  Ann:\n    - {at: [0, 0], corners: [blue, green, red, yellow]}\n"
                   "    - {at: [2, 0], corners: [orange, purple, blue, red]}\n"),
        "t.yaml:4:12: Ann's tile at [2, 0] is not joined to the board along a full side (the "
        "board grows from the first tile)");
    assert_string_equal(
        load_error("boards:\n  Ann:\n    - {at: [0, 0], corners: [blue, green, red, yellow]}\n"
                   "  Ben:\n    - {at: [0, 0], corners: [red, yellow, blue, green]}\n"),
        "t.yaml:5:29: Ben's tile at [0, 0] is the tile Ann has at [0, 0] (turned); the set "
        "holds each tile once");
    assert_string_equal(
        load_error("boards:\n  Ann:\n    - {at: [0, 0], corners: [blue, green, red, pink]}\n"),
        "t.yaml:3:48: Ann's tile at [0, 0]: corners: 'pink' is not one of the colours (red, "
        "orange, yellow, green, blue, purple)");
    assert_string_equal(
        load_error("boards:\n  Ann:\n    - {at: [0, 0], corners: [blue, green, red, red]}\n"),
        "t.yaml:3:48: Ann's tile at [0, 0]: corners: red appears twice; every tile shows four "
        "different colours");
    assert_string_equal(
        load_error("boards:\n  Ann:\n    - {at: [0, 0], corners: [blue, green, red, yellow]}\n"
                   "    - {at: [0, 0], corners: [orange, purple, blue, red]}\n"),
        "t.yaml:4:12: Ann's tile 2 is at [0, 0], where tile 1 already lies");
    assert_string_equal(
        load_error(
            "colors: [a, b, c]\nboards:\n  Ann:\n    - {at: [0, 0], corners: [a, b, c, a]}\n"),
        "t.yaml:1:9: colors has 3 items; expected 4 to 12");
    assert_string_equal(load_error("boards:\n  Ann:\n    - {at: [0], corners: [a]}\n"),
                        "t.yaml:3:12: Ann's tile 1: at has 1 item; expected 2");
    /* The whole set of 90 tiles fits one board; a 91st tile cannot be in the box. */
    GString *s = g_string_new("boards:\n  Ann:\n");
    cpx_tile set[CPX_FULL_SET];
    assert_int_equal(cpx_tile_set(6, set, CPX_FULL_SET), CPX_FULL_SET);
    static const char *const names[6] = {"red", "orange", "yellow", "green", "blue", "purple"};
    for (int i = 0; i < CPX_FULL_SET; i++) {
        cpx_tile t = cpx_tile_rotate(set[i % CPX_FULL_SET], i);
        g_string_append_printf(s, "    - {at: [%d, 0], corners: [%s, %s, %s, %s]}\n", i,
                               names[t.c[0]], names[t.c[1]], names[t.c[2]], names[t.c[3]]);
    }
    /* All 90 make a legal (long) board; one more is too many. */
    yml_doc d = {.text = s->str, .len = s->len, .file = "t.yaml"};
    cpx_input in;
    pn_err err = {0};
    assert_int_equal(cpx_load(&d, &in, &err), 0);
    assert_int_equal(in.ntiles[0], CPX_FULL_SET);
    cpx_input_clear(&in);
    g_string_append(s, "    - {at: [90, 0], corners: [red, orange, yellow, green]}\n");
    assert_non_null(
        strstr(load_error(s->str), "t.yaml:2:3: Ann has 91 tiles; the whole set has 90"));
    g_string_free(s, TRUE);
}

static void test_load_and_rank(void **state)
{
    (void)state;
    char *path = g_build_filename(PNPKIT_SOURCE_DIR, "tests", "data", "cirplexed-three.yaml", NULL),
         *text;
    gsize len;
    assert_true(g_file_get_contents(path, &text, &len, NULL));
    yml_doc d = {.text = text, .len = len, .file = "t.yaml"};
    cpx_input in;
    pn_err err = {0};
    assert_int_equal(cpx_load(&d, &in, &err), 0);
    assert_int_equal(in.nplayers, 3);
    assert_string_equal(in.names[1], "Ben");
    cpx_points p[3];
    for (int i = 0; i < 3; i++)
        cpx_score_board(in.tiles[i], in.ntiles[i], &p[i], NULL, 0);
    cpx_rank(p, 3);
    assert_int_equal(p[0].circles, 1);
    assert_int_equal(p[1].half, 2);
    assert_int_equal(p[0].rank, 1);
    assert_int_equal(p[1].rank, 2);
    assert_int_equal(p[2].rank, 3);

    /* The board sheet: each board's tiles drawn; a slot at every corner point. */
    tmpl *t = tmpl_open("cirplexed-board", &err);
    assert_non_null(t);
    assert_int_equal(cpx_template_params(t, &in, &err), 0);
    render_opts o = {.measure = test_measurer(), .landscape = -1, .seed = 1};
    scene *s = render_sheet(t, &o, 0, &err);
    assert_non_null(s);
    assert_int_equal(cpx_fill(s, &in, p, &err), 0);
    /* Ann's 2x2 board has 9 corner points, Ben's 1x2 six, Cat's one tile four;
     * there is no fourth board. */
    const scene_slot *c = scene_slot_find(s, "b1.pt.1.1"), *tl = scene_slot_find(s, "b1.pt.0.0");
    assert_non_null(c);
    assert_non_null(scene_slot_find(s, "b1.pt.2.2"));
    assert_null(scene_slot_find(s, "b1.pt.3.0"));
    assert_non_null(scene_slot_find(s, "b2.pt.2.1"));
    assert_null(scene_slot_find(s, "b2.pt.1.2"));
    assert_non_null(scene_slot_find(s, "b3.pt.1.1"));
    assert_null(scene_slot_find(s, "b4.name"));
    /* Grid points one tile apart, round slots centred on them. */
    double side = (c->x + c->w / 2) - (tl->x + tl->w / 2);
    assert_true(side > 5 && side <= 16.0001);
    assert_true(fabs((c->y + c->h / 2) - (tl->y + tl->h / 2) - side) < 1e-9);
    assert_int_equal(c->shape, SLOT_ROUND);
    /* The circle at (1, 1) is marked: a ring in the computed colour around it. */
    int rings = 0;
    for (size_t i = 0; i < scene_count(s); i++) {
        const scene_item *it = scene_item_at(s, i);
        if (it->kind != SCENE_PATH || it->u.path.count < 40) continue;
        const scene_seg *g = &scene_segs(s)[it->u.path.first];
        double dist = hypot(g->x[0] - (c->x + c->w / 2), g->y[0] - (c->y + c->h / 2));
        if (dist > c->w / 2 && dist < c->w) rings++;
    }
    assert_int_equal(rings, 1);
    scene_free(s);
    tmpl_free(t);
    cpx_input_clear(&in);
    g_free(text);
    g_free(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_circles),
        cmocka_unit_test(test_half_circles_need_a_shared_side),
        cmocka_unit_test(test_ranks_share_and_skip),
        cmocka_unit_test(test_board_errors),
        cmocka_unit_test(test_load_and_rank),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    test_measurer_free();
    return rc;
}

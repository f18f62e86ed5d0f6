/* test_printables.c: the printed sheets as scenes: the 90-tile set and its
 * sheets, mono patterns that stay inside their quarter circles, every
 * built-in template on every paper kept out of the unprintable border, the
 * Circle 36 variants' slots in place and not overlapping, goal slip slots,
 * and the seeded footer. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include "measurer.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "components/draw.h"
#include "games/cpx_tile.h"
#include "render/paper.h"
#include "render/render.h"
#include "util/fonts.h"

static void test_tile_set(void **state)
{
    (void)state;
    cpx_tile set[200];
    int n = cpx_tile_set(6, set, 200);
    assert_int_equal(n, 90);
    GHashTable *keys = g_hash_table_new(g_direct_hash, g_direct_equal);
    for (int i = 0; i < n; i++) {
        assert_true(cpx_tile_valid(set[i]));
        for (int c = 0; c < 4; c++)
            assert_true(set[i].c[c] < 6);
        unsigned k = cpx_tile_key(set[i]);
        assert_false(g_hash_table_contains(keys, GUINT_TO_POINTER(k + 1)));
        g_hash_table_add(keys, GUINT_TO_POINTER(k + 1));
    }
    /* Every arrangement of four different colours is one of them, turned. */
    int arrangements = 0;
    for (int a = 0; a < 6; a++)
        for (int b = 0; b < 6; b++)
            for (int c = 0; c < 6; c++)
                for (int d = 0; d < 6; d++) {
                    cpx_tile t = {{a, b, c, d}};
                    if (!cpx_tile_valid(t)) continue;
                    arrangements++;
                    assert_true(g_hash_table_contains(keys, GUINT_TO_POINTER(cpx_tile_key(t) + 1)));
                }
    assert_int_equal(arrangements, 360);
    g_hash_table_destroy(keys);
}

static tmpl *open_with(const char *name, const char *const *sets)
{
    pn_err err = {0};
    tmpl *t = tmpl_open(name, &err);
    if (!t) fail_msg("%s", err.msg);
    for (; sets && *sets; sets++)
        if (tmpl_set(t, *sets, &err)) fail_msg("%s", err.msg);
    if (tmpl_resolve(t, &err)) fail_msg("%s", err.msg);
    return t;
}

static scene *sheet(tmpl *t, const render_opts *o, int page)
{
    pn_err err = {0};
    scene *s = render_sheet(t, o, page, &err);
    if (!s) fail_msg("%s", err.msg);
    return s;
}

static bool has_text(const scene *s, const char *needle)
{
    for (size_t i = 0; i < scene_count(s); i++) {
        const scene_item *it = scene_item_at(s, i);
        if (it->kind == SCENE_TEXT && strstr(it->u.text.utf8, needle)) return true;
    }
    return false;
}

static void test_tile_sheets(void **state)
{
    (void)state;
    tmpl *t = open_with("cirplexed-tiles", NULL);
    pn_err err = {0};
    render_opts o = {.measure = test_measurer(), .landscape = -1, .seed = 1};
    /* 30mm tiles: 6 x 8 on A4, so the set takes two sheets; A3 holds it all. */
    assert_int_equal(render_sheet_count(t, &o, &err), 2);
    scene *s = sheet(t, &o, 0);
    assert_true(has_text(s, "tiles 1\u201348 of 90"));
    scene_free(s);
    s = sheet(t, &o, 1);
    assert_true(has_text(s, "tiles 49\u201390 of 90"));
    scene_free(s);
    s = sheet(t, &o, 2);
    assert_true(has_text(s, "set 2: tiles 1\u201348 of 90"));
    scene_free(s);
    o.paper = "a3";
    assert_int_equal(render_sheet_count(t, &o, &err), 1);
    o.paper = "a5";
    assert_int_equal(render_sheet_count(t, &o, &err), 5);
    tmpl_free(t);
    /* Larger tiles need more sheets. */
    const char *big[] = {"tile=60mm", NULL};
    t = open_with("cirplexed-tiles", big);
    o.paper = NULL;
    assert_int_equal(render_sheet_count(t, &o, &err), 8); /* 3 x 4 a sheet */
    tmpl_free(t);
}

/* Mono adds the patterns: more paths than the colour sheet. */
static void test_tile_mono_patterns(void **state)
{
    (void)state;
    tmpl *t = open_with("cirplexed-tiles", NULL);
    render_opts o = {.measure = test_measurer(), .landscape = -1, .seed = 1};
    scene *colour = sheet(t, &o, 0);
    o.mono = true;
    scene *mono = sheet(t, &o, 0);
    assert_true(scene_count(mono) > scene_count(colour) + 48 * 4);
    scene_free(colour);
    scene_free(mono);
    tmpl_free(t);
}

/* Every pattern stays inside its quarter circle. */
static void test_patterns_inside(void **state)
{
    (void)state;
    const double cx = 50, cy = 60, r = 12;
    for (int p = 0; p < DRAW_PAT_COUNT; p++)
        for (int q = 0; q < 4; q++) {
            scene *s = scene_new(200, 200, false, test_measurer());
            double a0 = q * 90;
            draw_sector_pattern(s, cx, cy, r, a0, a0 + 90, (draw_pattern)p, PN_BLACK);
            const scene_seg *segs = scene_segs(s);
            for (size_t i = 0; i < scene_count(s); i++) {
                const scene_item *it = scene_item_at(s, i);
                assert_int_equal(it->kind, SCENE_PATH);
                for (size_t j = it->u.path.first; j < it->u.path.first + it->u.path.count; j++) {
                    if (segs[j].op == SEG_CLOSE) continue;
                    int e = segs[j].op == SEG_CURVE ? 2 : 0;
                    double dx = segs[j].x[e] - cx, dy = segs[j].y[e] - cy;
                    double d = sqrt(dx * dx + dy * dy);
                    assert_true(d <= r + 1e-6);
                    if (d < 1e-6) continue;
                    /* Clock angle of the point. */
                    double a = atan2(dx, -dy) * 180 / G_PI;
                    if (a < a0 - 1e-6) a += 360;
                    if (a > a0 + 90 + 1e-6) a -= 360;
                    assert_true(a >= a0 - 1e-6 && a <= a0 + 90 + 1e-6);
                }
            }
            scene_free(s);
        }
}

/* Every point drawn on the page lies inside the printable area. */
static void assert_printable(const scene *s, const char *what)
{
    double w = scene_width(s), h = scene_height(s), m = PAPER_UNPRINTABLE_MM - 1e-6;
    const scene_seg *segs = scene_segs(s);
    for (size_t i = 0; i < scene_count(s); i++) {
        const scene_item *it = scene_item_at(s, i);
        if (it->kind == SCENE_PATH) {
            double hw = it->u.path.style.stroke ? it->u.path.style.width / 2 : 0;
            for (size_t j = it->u.path.first; j < it->u.path.first + it->u.path.count; j++) {
                if (segs[j].op == SEG_CLOSE) continue;
                int e = segs[j].op == SEG_CURVE ? 2 : 0;
                double x = segs[j].x[e], y = segs[j].y[e];
                if (x - hw < m || x + hw > w - m || y - hw < m || y + hw > h - m)
                    fail_msg("%s: a path reaches (%.2f, %.2f) on a %.1fx%.1f page", what, x, y, w,
                             h);
            }
        } else if (it->kind == SCENE_TEXT) {
            const scene_text *t = &it->u.text;
            double a = t->angle * G_PI / 180, c = cos(a), sn = sin(a);
            double px[4] = {0, t->width, t->width, 0},
                   py[4] = {-t->ascent, -t->ascent, t->descent, t->descent};
            for (int k = 0; k < 4; k++) {
                double x = t->bx + px[k] * c - py[k] * sn, y = t->by + px[k] * sn + py[k] * c;
                if (x < m || x > w - m || y < m || y > h - m)
                    fail_msg("%s: text '%s' reaches (%.2f, %.2f) on a %.1fx%.1f page", what,
                             t->utf8, x, y, w, h);
            }
        }
    }
}

static void test_printable_everywhere(void **state)
{
    (void)state;
    char **names = tmpl_builtin_names();
    const char *papers[] = {"a4", "a5", "a3", "letter", "legal", "200x150mm"};
    for (char **n = names; *n; n++) {
        tmpl *t = open_with(*n, NULL);
        for (size_t p = 0; p < G_N_ELEMENTS(papers); p++)
            for (int land = 0; land < 2; land++) {
                render_opts o = {
                    .measure = test_measurer(), .paper = papers[p], .landscape = land, .seed = 3};
                scene *s = sheet(t, &o, 0);
                char what[96];
                snprintf(what, sizeof what, "%s on %s%s", *n, papers[p], land ? " landscape" : "");
                assert_printable(s, what);
                scene_free(s);
            }
        tmpl_free(t);
    }
    g_strfreev(names);
}

static bool inside(const scene_slot *sl, double x0, double y0, double x1, double y1)
{
    return sl->x >= x0 - 1e-6 && sl->y >= y0 - 1e-6 && sl->x + sl->w <= x1 + 1e-6 &&
           sl->y + sl->h <= y1 + 1e-6;
}

static bool overlap(const scene_slot *a, const scene_slot *b)
{
    return a->x < b->x + b->w - 1e-6 && b->x < a->x + a->w - 1e-6 && a->y < b->y + b->h - 1e-6 &&
           b->y < a->y + a->h - 1e-6;
}

/* circle36 with every rings x sectors: the slots scorers fill are all there,
 * inside the page's content box, and the dice boxes do not overlap. */
static void test_circle36_variants(void **state)
{
    (void)state;
    const char prefix[] = "RBGOPK"; /* Red, Blue, Green, Orange, Purple, grey */
    for (int rings = 1; rings <= 6; rings++)
        for (int sectors = 4; sectors <= 16; sectors += 2) {
            char rs[32], ss[32];
            snprintf(rs, sizeof rs, "rings=%d", rings);
            snprintf(ss, sizeof ss, "sectors=%d", sectors);
            const char *sets[] = {rs, ss, NULL};
            tmpl *t = open_with("circle36", sets);
            render_opts o = {.measure = test_measurer(), .landscape = -1, .seed = 1};
            scene *s = sheet(t, &o, 0);
            char id[32];
            for (int r = 0; r < rings; r++)
                for (int k = 1; k <= sectors; k++) {
                    snprintf(id, sizeof id, "%c%d", prefix[r], k);
                    const scene_slot *sl = scene_slot_find(s, id);
                    if (!sl) fail_msg("%s missing with %s %s", id, rs, ss);
                    assert_true(inside(sl, 10, 10, 200, 287));
                }
            snprintf(id, sizeof id, "%c%d", prefix[0], sectors + 1);
            assert_null(scene_slot_find(s, id));
            for (int row = 0; row < sectors / 2; row++) {
                snprintf(id, sizeof id, "points.%c", 'A' + row);
                assert_non_null(scene_slot_find(s, id));
            }
            const char *fixed[] = {"Y",     "bonus",  "earned",       "penalty",
                                   "total", "combos", "combo_penalty"};
            for (size_t i = 0; i < G_N_ELEMENTS(fixed); i++) {
                const scene_slot *sl = scene_slot_find(s, fixed[i]);
                if (!sl) fail_msg("%s missing with %s %s", fixed[i], rs, ss);
                assert_true(inside(sl, 10, 10, 200, 287));
            }
            int n = rings * sectors + 1;
            const scene_slot *rolls[100];
            for (int k = 1; k <= n; k++) {
                snprintf(id, sizeof id, "roll%d", k);
                rolls[k - 1] = scene_slot_find(s, id);
                if (!rolls[k - 1]) fail_msg("%s missing with %s %s", id, rs, ss);
                assert_true(inside(rolls[k - 1], 10, 10, 200, 287));
                /* Rolls are boxes of a size one can write in. */
                assert_true(rolls[k - 1]->h >= 4.5);
                for (int d = 0; d < 2; d++) {
                    snprintf(id, sizeof id, "roll%d.%c", k, 'a' + d);
                    const scene_slot *dice = scene_slot_find(s, id);
                    assert_non_null(dice);
                    assert_true(dice->w >= 3.5);
                }
                for (int j = 0; j < k - 1; j++)
                    if (overlap(rolls[j], rolls[k - 1]))
                        fail_msg("roll%d and roll%d overlap with %s %s", j + 1, k, rs, ss);
            }
            snprintf(id, sizeof id, "roll%d", n + 1);
            assert_null(scene_slot_find(s, id));
            scene_free(s);
            tmpl_free(t);
        }
}

static void test_goal_slips(void **state)
{
    (void)state;
    for (int slips = 1; slips <= 2; slips++) {
        char set[32];
        snprintf(set, sizeof set, "slips=%d", slips);
        const char *sets[] = {set, NULL};
        tmpl *t = open_with("thinking-in-circles", sets);
        render_opts o = {.measure = test_measurer(), .landscape = -1, .seed = 1};
        scene *s = sheet(t, &o, 0);
        char id[48];
        for (int k = 1; k <= slips + 1; k++) {
            for (int g = 1; g <= 3; g++)
                for (int i = 1; i <= 3; i++) {
                    snprintf(id, sizeof id, "slip%d.goal%d.%d", k, g, i);
                    const scene_slot *sl = scene_slot_find(s, id);
                    if (k > slips) {
                        assert_null(sl);
                        continue;
                    }
                    assert_non_null(sl);
                    assert_true(sl->w >= 8 && fabs(sl->w - sl->h) < 1e-6);
                    assert_true(inside(sl, 10, 10, 200, 287));
                }
            snprintf(id, sizeof id, "slip%d.black", k);
            assert_true((scene_slot_find(s, id) != NULL) == (k <= slips));
        }
        scene_free(s);
        tmpl_free(t);
    }
}

/* A seeded sheet names its own seed; page k of a pad uses seed + k. */
static void test_footer(void **state)
{
    (void)state;
    const char *sets[] = {"seed=7", "layout=ring", NULL};
    tmpl *t = open_with("thinking-in-circles", sets);
    render_opts o = {.measure = test_measurer(), .landscape = -1, .seed = 1};
    scene *s = sheet(t, &o, 0);
    assert_true(has_text(s, "pnpkit render thinking-in-circles --set layout=ring --seed 7"));
    scene_free(s);
    s = sheet(t, &o, 3);
    assert_true(has_text(s, "--seed 10"));
    scene_free(s);
    tmpl_free(t);
    /* A template without a seed draws no footer. */
    t = open_with("circle36", NULL);
    s = sheet(t, &o, 0);
    assert_false(has_text(s, "pnpkit render"));
    scene_free(s);
    tmpl_free(t);
}

/* The same seed gives the same board; the next seed another. */
static void test_board_by_seed(void **state)
{
    (void)state;
    tmpl *t = open_with("thinking-in-circles", NULL);
    render_opts o = {.measure = test_measurer(), .landscape = -1, .seed = 1};
    scene *a = sheet(t, &o, 1), *b = sheet(t, &o, 1), *c = sheet(t, &o, 2);
    assert_int_equal(scene_count(a), scene_count(b));
    size_t n = 0;
    for (size_t i = 0; i < scene_count(a); i++) {
        const scene_item *x = scene_item_at(a, i), *y = scene_item_at(b, i);
        assert_int_equal(x->kind, y->kind);
        if (x->kind == SCENE_PATH) n += x->u.path.count;
    }
    assert_memory_equal(scene_segs(a), scene_segs(b), n * sizeof(scene_seg));
    bool differ = scene_count(a) != scene_count(c);
    for (size_t i = 0; !differ && i < scene_count(a); i++) {
        const scene_item *x = scene_item_at(a, i), *y = scene_item_at(c, i);
        differ = x->kind != y->kind ||
                 (x->kind == SCENE_PATH &&
                  memcmp(&x->u.path.style, &y->u.path.style, sizeof x->u.path.style));
    }
    assert_true(differ);
    scene_free(a);
    scene_free(b);
    scene_free(c);
    tmpl_free(t);
}

static int teardown(void **state)
{
    (void)state;
    test_measurer_free();
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tile_set),
        cmocka_unit_test(test_tile_sheets),
        cmocka_unit_test(test_tile_mono_patterns),
        cmocka_unit_test(test_patterns_inside),
        cmocka_unit_test(test_printable_everywhere),
        cmocka_unit_test(test_circle36_variants),
        cmocka_unit_test(test_goal_slips),
        cmocka_unit_test(test_footer),
        cmocka_unit_test(test_board_by_seed),
    };
    return cmocka_run_group_tests(tests, NULL, teardown);
}

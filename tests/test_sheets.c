/* test_sheets.c: the scene geometry of the built-in circle36 and dicrono sheets,
 * in mm: board centre, sector angles, ring bands, grid cell corners, slot ids
 * (laid out without scan marks); and with the marks, everything else kept
 * clear of them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include "measurer.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "games/c36_chart.h"
#include "render/marks.h"
#include "render/render.h"

static scene *sheet_marked(const char *name, const char *paper, const char *const *sets, bool marks)
{
    pn_err err = {0};
    tmpl *t = tmpl_open(name, &err);
    if (!t) fail_msg("%s", err.msg);
    for (; sets && *sets; sets++)
        if (tmpl_set(t, *sets, &err)) fail_msg("%s", err.msg);
    if (tmpl_resolve(t, &err)) fail_msg("%s", err.msg);
    render_opts o = {.measure = test_measurer(),
                     .paper = paper,
                     .landscape = -1,
                     .seed = 1,
                     .no_scan_marks = !marks};
    scene *s = render_sheet(t, &o, 0, &err);
    if (!s) fail_msg("%s", err.msg);
    tmpl_free(t);
    return s;
}

static scene *sheet(const char *name, const char *paper, const char *const *sets)
{
    return sheet_marked(name, paper, sets, false);
}

static const scene_slot *slot(const scene *s, const char *id)
{
    const scene_slot *sl = scene_slot_find(s, id);
    if (!sl) fail_msg("slot %s missing", id);
    return sl;
}

/* Clock angle (0 at 12 o'clock, clockwise) and distance of a slot's centre from (cx, cy). */
static void polar(const scene_slot *sl, double cx, double cy, double *angle, double *r)
{
    double x = sl->x + sl->w / 2 - cx, y = sl->y + sl->h / 2 - cy;
    *r = hypot(x, y);
    *angle = fmod(atan2(x, -y) * 180 / G_PI + 360, 360);
}

static void check_board(const char *paper, double page_w, int rings, int sectors)
{
    char r[32], s[32];
    snprintf(r, sizeof r, "rings=%d", rings);
    snprintf(s, sizeof s, "sectors=%d", sectors);
    const char *sets[] = {r, s, NULL};
    scene *sc = sheet("circle36", paper, sets);
    /* The template puts the centre at 50% of the content box width, 84 mm below
     * its top; margins are 10 mm; radius 60 mm, centre circle 15 mm. */
    double cx = 10 + (page_w - 20) / 2, cy = 10 + 84, R = 60, rc = 15;
    double rw = (R - rc) / rings, step = 360.0 / sectors;
    for (int i = 0; i < rings; i++)
        for (int k = 1; k <= sectors; k++) {
            char id[16];
            snprintf(id, sizeof id, "%c%d", c36_ring_prefix(i), k);
            double a, d;
            polar(slot(sc, id), cx, cy, &a, &d);
            /* sector k is centred (k - 0.5) steps clockwise from 12 o'clock */
            assert_float_equal(a, (k - 0.5) * step, 1e-6);
            /* ring i lies in its band, outer ring first */
            assert_true(d > R - (i + 1) * rw && d < R - i * rw);
            assert_float_equal(d, R - (i + 0.5) * rw, 1e-6);
            /* big enough for two handwritten digits */
            assert_true(slot(sc, id)->w >= (rings <= 3 ? 10 : 5));
        }
    const scene_slot *y = slot(sc, "Y");
    assert_float_equal(y->x + y->w / 2, cx, 1e-6);
    assert_float_equal(y->y + y->h / 2, cy, 1e-6);
    assert_true(y->w < 2 * rc);
    /* The scoring box: an area total and points for every ring and row. */
    char id[32];
    for (int i = 0; i < rings; i++) {
        snprintf(id, sizeof id, "total.%s", c36_ring_name(i));
        slot(sc, id);
        snprintf(id, sizeof id, "points.%s", c36_ring_name(i));
        slot(sc, id);
    }
    for (int row = 0; row < sectors / 2; row++) {
        snprintf(id, sizeof id, "total.%c", 'A' + row);
        slot(sc, id);
        snprintf(id, sizeof id, "points.%c", 'A' + row);
        slot(sc, id);
    }
    snprintf(id, sizeof id, "total.%c", 'A' + sectors / 2);
    assert_null(scene_slot_find(sc, id));
    const char *fixed[] = {"red_upper", "bonus",         "earned", "penalty", "total",
                           "combos",    "combo_penalty", "player", NULL};
    for (const char *const *f = fixed; *f; f++)
        slot(sc, *f);
    int spaces = rings * sectors + 1;
    for (int k = 1; k <= spaces; k++) {
        snprintf(id, sizeof id, "roll%d", k);
        slot(sc, id);
        snprintf(id, sizeof id, "roll%d.a", k);
        slot(sc, id);
        snprintf(id, sizeof id, "roll%d.b", k);
        slot(sc, id);
    }
    snprintf(id, sizeof id, "roll%d", spaces + 1);
    assert_null(scene_slot_find(sc, id));
    /* Everything stays on the page. */
    for (size_t i = 0; i < scene_count(sc); i++) {
        const scene_item *it = scene_item_at(sc, i);
        if (it->kind != SCENE_SLOT) continue;
        assert_true(it->u.slot.x >= 5 && it->u.slot.x + it->u.slot.w <= scene_width(sc) - 5);
        assert_true(it->u.slot.y >= 5 && it->u.slot.y + it->u.slot.h <= scene_height(sc) - 5);
    }
    scene_free(sc);
}

static void test_circle36_board(void **state)
{
    check_board("a4", 210, 3, 8);
    check_board("letter", 215.9, 3, 8);
}

static void test_circle36_variants(void **state)
{
    check_board("a4", 210, 1, 4);
    check_board("a4", 210, 6, 16);
    check_board("letter", 215.9, 4, 12);
}

static void test_circle36_upper_half_bonus_label(void **state)
{
    /* The rule sheet's slot set: the 25 spaces and the scoring box fields. */
    scene *sc = sheet("circle36", "a4", NULL);
    int spaces = 0;
    for (size_t i = 0; i < scene_count(sc); i++) {
        const scene_item *it = scene_item_at(sc, i);
        if (it->kind == SCENE_SLOT && strlen(it->u.slot.id) <= 2 &&
            strchr("RBGY", it->u.slot.id[0]))
            spaces++;
    }
    assert_int_equal(spaces, 25);
    bool found = false;
    for (size_t i = 0; i < scene_count(sc); i++) {
        const scene_item *it = scene_item_at(sc, i);
        if (it->kind == SCENE_TEXT && !strcmp(it->u.text.utf8, "Red Circle 18 Bonus")) found = true;
    }
    assert_true(found);
    scene_free(sc);
}

static void check_grid(const char *paper, double page_w, int size)
{
    char set[32];
    snprintf(set, sizeof set, "size=%d", size);
    const char *sets[] = {set, NULL};
    scene *sc = sheet("dicrono", paper, sets);
    /* Cells of 17 mm (shrunk to fit 102 mm), centred, 42 mm below the content top. */
    double cell = size * 17 > 102 ? 102.0 / size : 17;
    double x0 = 10 + (page_w - 20) / 2 - cell * size / 2, y0 = 10 + 42;
    for (int c = 1; c <= size; c++)
        for (int r = 1; r <= size; r++) {
            char id[32];
            snprintf(id, sizeof id, "cell.%d.%d", c, r);
            const scene_slot *sl = slot(sc, id);
            assert_float_equal(sl->x, x0 + (c - 1) * cell, 1e-6);
            assert_float_equal(sl->y, y0 + (r - 1) * cell, 1e-6);
            assert_float_equal(sl->w, cell, 1e-6);
        }
    char id[32];
    snprintf(id, sizeof id, "cell.%d.1", size + 1);
    assert_null(scene_slot_find(sc, id));
    scene_free(sc);
}

static void test_dicrono_grid(void **state)
{
    check_grid("a4", 210, 6);
    check_grid("letter", 215.9, 6);
    check_grid("a4", 210, 10);
    check_grid("a4", 210, 4);
}

static void test_dicrono_score_table(void **state)
{
    scene *sc = sheet("dicrono", "a4", NULL);
    const char *players[] = {"X", "O"};
    for (int g = 1; g <= 8; g++)
        for (int p = 0; p < 2; p++) {
            char id[32];
            snprintf(id, sizeof id, "g%d.%s.points", g, players[p]);
            slot(sc, id);
            snprintf(id, sizeof id, "g%d.%s.subtotal", g, players[p]);
            slot(sc, id);
            for (int k = 1; k <= 3; k++) {
                snprintf(id, sizeof id, "g%d.%s.pen%d", g, players[p], k);
                slot(sc, id);
            }
            snprintf(id, sizeof id, "g%d.%s.pen4", g, players[p]);
            assert_null(scene_slot_find(sc, id));
        }
    slot(sc, "player.X");
    slot(sc, "player.O");
    slot(sc, "total.X");
    slot(sc, "total.O");
    assert_null(scene_slot_find(sc, "g9.X.points"));
    /* The sheet says which die is the column. */
    bool col = false;
    for (size_t i = 0; i < scene_count(sc); i++) {
        const scene_item *it = scene_item_at(sc, i);
        if (it->kind == SCENE_TEXT && strstr(it->u.text.utf8, "Column: the WHITE die")) col = true;
    }
    assert_true(col);
    scene_free(sc);
}

static void test_page_sizes(void **state)
{
    scene *a4 = sheet("dicrono", "a4", NULL);
    assert_float_equal(scene_width(a4), 210, 1e-9);
    assert_float_equal(scene_height(a4), 297, 1e-9);
    scene_free(a4);
    scene *lt = sheet("circle36", "letter", NULL);
    assert_float_equal(scene_width(lt), 215.9, 1e-9);
    assert_float_equal(scene_height(lt), 279.4, 1e-9);
    scene_free(lt);
}

/* With scan marks, every path but a white background ends above the band
 * the marks keep, and the bottom tags and the QR code lie in it; on A4 the slots
 * are where they are without marks, on letter the sheet is shrunk to keep
 * clear of the QR code. */
static void check_clear(const char *name, const char *paper, const char *id, bool same_slots)
{
    scene *m = sheet_marked(name, paper, NULL, true), *plain = sheet(name, paper, NULL);
    double limit = scene_height(m) - MARKS_RESERVE_MM;
    const scene_seg *segs = scene_segs(m);
    int marks = 0;
    for (size_t i = 0; i < scene_count(m); i++) {
        const scene_item *it = scene_item_at(m, i);
        if (it->kind == SCENE_CELLS) { /* a tag or the QR code, with its white square */
            const scene_cells *c = &it->u.cells;
            if (c->y - c->quiet * c->cell >= limit) marks++;
            continue;
        }
        if (it->kind != SCENE_PATH) continue;
        const scene_style *st = &it->u.path.style;
        bool white = st->fill && !st->stroke && st->fill_color.r == 1 && st->fill_color.g == 1 &&
                     st->fill_color.b == 1;
        double lowest = 0;
        for (size_t j = it->u.path.first; j < it->u.path.first + it->u.path.count; j++)
            if (segs[j].op != SEG_CLOSE && segs[j].y[0] > lowest) lowest = segs[j].y[0];
        if (!white && lowest > limit)
            fail_msg("%s on %s: a path reaches %.1f mm, below %.1f", name, paper, lowest, limit);
    }
    assert_int_equal(marks, 3); /* the bottom tags and the QR code */
    const scene_slot *a = slot(m, id), *b = slot(plain, id);
    assert_int_equal(fabs(a->x - b->x) < 1e-9 && fabs(a->y - b->y) < 1e-9, same_slots);
    scene_free(m);
    scene_free(plain);
}

static void test_marks_clear(void **state)
{
    (void)state;
    check_clear("circle36", "a4", "R1", true);
    check_clear("dicrono", "a4", "cell.1.1", true);
    check_clear("circle36", "letter", "R1", false);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_circle36_board),
        cmocka_unit_test(test_circle36_variants),
        cmocka_unit_test(test_circle36_upper_half_bonus_label),
        cmocka_unit_test(test_dicrono_grid),
        cmocka_unit_test(test_dicrono_score_table),
        cmocka_unit_test(test_page_sizes),
        cmocka_unit_test(test_marks_clear),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test_template.c: parameter values, units, and template errors with their exact place. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <string.h>
#include "template/tmpl.h"
#include "util/value.h"

static void test_lengths(void **state)
{
    double mm;
    assert_true(pv_length_mm("12", &mm));
    assert_float_equal(mm, 12.0, 1e-9);
    assert_true(pv_length_mm("1.5cm", &mm));
    assert_float_equal(mm, 15.0, 1e-9);
    assert_true(pv_length_mm("2in", &mm));
    assert_float_equal(mm, 50.8, 1e-9);
    assert_true(pv_length_mm("72pt", &mm));
    assert_float_equal(mm, 25.4, 1e-9);
    assert_false(pv_length_mm("12furlongs", &mm));
    assert_false(pv_length_mm("mm", &mm));
    assert_false(pv_length_mm("1e999mm", &mm));
}

static void test_values(void **state)
{
    pv_pool *pool = pv_pool_new();
    char why[256];
    pv_value v;
    pv_spec i = {.name = "n", .type = PV_INT, .min = 1, .max = 6};
    assert_int_equal(pv_parse(&i, "6", pool, &v, why, sizeof why), 0);
    assert_int_equal(v.i, 6);
    assert_int_equal(pv_parse(&i, "7", pool, &v, why, sizeof why), -1);
    assert_string_equal(why, "7 is out of range (1 to 6)");
    assert_int_equal(pv_parse(&i, "3.5", pool, &v, why, sizeof why), -1);
    assert_int_equal(pv_parse(&i, "99999999999999999999", pool, &v, why, sizeof why), -1);
    assert_string_equal(why, "99999999999999999999 is out of range (1 to 6)"); /* as written */
    pv_spec num = {.name = "x", .type = PV_NUMBER, .min = 0, .max = 1};
    assert_int_equal(pv_parse(&num, "99999999999999999999", pool, &v, why, sizeof why), -1);
    assert_string_equal(why, "99999999999999999999 is out of range (0 to 1)");
    pv_spec c = {.name = "c", .type = PV_COLOR};
    assert_int_equal(pv_parse(&c, "#ff8000", pool, &v, why, sizeof why), 0);
    assert_float_equal(v.color.r, 1.0, 1e-9);
    assert_float_equal(v.color.g, 128 / 255.0, 1e-9);
    assert_int_equal(pv_parse(&c, "#ff800", pool, &v, why, sizeof why), -1);
    assert_int_equal(pv_parse(&c, "#f80", pool, &v, why, sizeof why), 0); /* CSS #rgb */
    assert_float_equal(v.color.g, 0x88 / 255.0, 1e-9);
    assert_int_equal(pv_parse(&c, "#f808", pool, &v, why, sizeof why), 0);
    assert_float_equal(v.color.a, 0x88 / 255.0, 1e-9);
    pv_spec e = {.name = "e", .type = PV_ENUM, .choices = "row|ring"};
    assert_int_equal(pv_parse(&e, "ring", pool, &v, why, sizeof why), 0);
    assert_int_equal(v.i, 1);
    assert_int_equal(pv_parse(&e, "star", pool, &v, why, sizeof why), -1);
    assert_string_equal(why, "'star' is not one of: row, ring");
    pv_spec l = {.name = "l", .type = PV_LENGTH, .min = 10, .max = 20, .axis = 'x'};
    assert_int_equal(pv_parse(&l, "1.2cm", pool, &v, why, sizeof why), 0);
    assert_float_equal(v.num, 12, 1e-9);
    assert_int_equal(pv_parse(&l, "25mm", pool, &v, why, sizeof why), -1);
    assert_int_equal(pv_parse(&l, "50%", pool, &v, why, sizeof why), 0);
    assert_true(v.pct);
    pv_spec nl = {.name = "nl", .type = PV_NUMLIST, .min = 1, .max = 3};
    assert_int_equal(pv_parse(&nl, "1, 2.5,3", pool, &v, why, sizeof why), 0);
    assert_int_equal(v.n, 3);
    assert_float_equal(v.nums[1], 2.5, 1e-9);
    assert_int_equal(pv_parse(&nl, "1,2,3,4", pool, &v, why, sizeof why), -1);
    pv_pool_free(pool);
}

/* Loads text as a template and returns the error message ("" on success). */
static const char *load_error(const char *yaml)
{
    static pn_err err;
    pn_err_clear(&err);
    tmpl *t = tmpl_load_buffer("t.yaml", yaml, strlen(yaml), &err);
    tmpl_free(t);
    return err.msg;
}

static const char *good = "name: demo\n"
                          "params:\n"
                          "  n: {type: int, default: 3, min: 1, max: 6}\n"
                          "  gap: {type: length, default: 2cm}\n"
                          "components:\n"
                          "  - {type: rect, x: $gap, y: 0, w: 10mm, h: 10mm}\n"
                          "  - {type: text, x: 0, y: 0, text: \"n is ${n}\"}\n";

static void test_load_and_set(void **state)
{
    pn_err err = {0};
    tmpl *t = tmpl_load_buffer("t.yaml", good, strlen(good), &err);
    assert_non_null(t);
    assert_string_equal(t->name, "demo");
    tmpl_comp *r = g_ptr_array_index(t->comps, 0);
    assert_float_equal(r->vals[0].num, 20, 1e-9); /* x: $gap = 2cm */
    tmpl_comp *tx = g_ptr_array_index(t->comps, 1);
    assert_string_equal(tx->vals[2].str, "n is 3");
    assert_int_equal(tmpl_set(t, "n=5", &err), 0);
    assert_int_equal(tmpl_resolve(t, &err), 0);
    assert_string_equal(tx->vals[2].str, "n is 5");
    assert_int_equal(tmpl_set(t, "n=9", &err), -1);
    assert_string_equal(err.msg, "setting n=9: 9 is out of range (1 to 6)");
    assert_int_equal(tmpl_set(t, "m=1", &err), -1);
    assert_string_equal(err.msg, "setting m=1: template demo has no parameter 'm' (it has: n, gap)");
    assert_int_equal(tmpl_set(t, "gap=3parsecs", &err), -1);
    assert_int_equal(err.status, PN_EINPUT);
    tmpl_free(t);
}

static void test_errors_have_places(void **state)
{
    assert_string_equal(load_error("name: x\ncomponents:\n  - {type: rect, colour: red}\n"),
                        "t.yaml:3:18: unknown key 'colour' (expected one of: type, when, x, y, "
                        "w, h, width, stroke, fill, radius)");
    assert_string_equal(load_error("name: x\ncomponents:\n  - type: hexagon\n"),
                        "t.yaml:3:11: unknown component type 'hexagon' (known: text, line, rect, "
                        "circle, slot, grid, table, ring-board, c36-scorebox, tic-board, "
                        "tic-goals, tic-blockers, circular-track, tally, tile-sheet, shape, "
                        "cirplexed-board, polygon, star, arc, sector, path, hex-grid, image)");
    assert_string_equal(load_error("name: x\ncomponents:\n  - type: grid\n    rows: 99\n"),
                        "t.yaml:4:11: rows: 99 is out of range (1 to 30)");
    assert_string_equal(load_error("name: x\ncomponents:\n  - type: grid\n    rows: lots\n"),
                        "t.yaml:4:11: rows: 'lots' is not a whole number");
    assert_string_equal(
        load_error(
            "name: x\nparams:\n  n: {type: int, default: 9, max: 6, min: 1}\ncomponents: []\n"),
        "t.yaml:3:27: default of 'n': 9 is out of range (1 to 6)");
    assert_string_equal(load_error("name: x\ncomponents:\n  - {type: grid, rows: $nope}\n"),
                        "t.yaml:3:24: unknown parameter 'nope'");
    assert_string_equal(
        load_error("name: x\nsize: 3\ncomponents: []\n"),
        "t.yaml:2:1: unknown key 'size' (expected one of: name, title, "
        "description, game, seeded, params, page, components, data, fonts, styles, scan)");
    /* A template given as text (tmpl_load_buffer) has no folder: it reads no
     * font or data file. */
    assert_string_equal(load_error("name: x\nfonts: [fonts/Title.ttf]\ncomponents: []\n"),
                        "t.yaml:2:9: fonts: a template given as text reads no files (save it in "
                        "the template folder and use it by name)");
    assert_string_equal(load_error("name: x\ndata: cards.csv\ncomponents: []\n"),
                        "t.yaml:2:7: data: a template given as text reads no files (save it in "
                        "the template folder and use it by name)");
    /* Malformed YAML names the place the parser stopped. */
    const char *m = load_error("name: x\ncomponents: [\n  - {type: rect\n");
    assert_true(strncmp(m, "t.yaml:", 7) == 0);
    assert_non_null(strstr(m, "invalid YAML"));
    /* Aliases expand; merge keys take a style's keys, written keys win. */
    assert_string_equal(load_error("name: &a x\ntitle: *a\ncomponents: []\n"), "");
    assert_string_equal(load_error("name: x\nstyles: [1]\ncomponents: []\n"),
                        "t.yaml:2:1: expected a mapping of named styles");
    assert_string_equal(load_error("name: x\ncomponents:\n  - {<<: 5, type: rect}\n"),
                        "t.yaml:3:10: <<: expected a mapping to merge (an alias *name of one, or "
                        "a list of them)");
    assert_string_equal(load_error("components: []\n"), "t.yaml:1:1: a template needs a name");
}

static void test_builtins_load(void **state)
{
    char **names = tmpl_builtin_names();
    int n = 0;
    for (char **p = names; *p; p++, n++) {
        pn_err err = {0};
        tmpl *t = tmpl_open(*p, &err);
        if (!t) fail_msg("%s: %s", *p, err.msg);
        assert_string_equal(t->name, *p);
        assert_true(t->params->len > 0);
        tmpl_free(t);
    }
    assert_true(n >= 2);
    g_strfreev(names);
    pn_err err = {0};
    assert_null(tmpl_open("no-such-template", &err));
    assert_string_equal(err.msg, "no-such-template: no such template (see 'pnpkit list')");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lengths),       cmocka_unit_test(test_values),
        cmocka_unit_test(test_load_and_set),  cmocka_unit_test(test_errors_have_places),
        cmocka_unit_test(test_builtins_load),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

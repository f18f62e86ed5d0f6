/* test_expr.c: the expression language (values, precedence, errors with their
 * offsets, limits), and repeats and expressions in templates: the components
 * they make, where they are, and errors at the template's line and column. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include "template/expr.h"
#include "template/tmpl.h"

/* Names for the evaluator: n = 4, w = 2.5, on = true, s = 'hex', l is not usable. */
static int names(void *user, const char *name, expr_val *out, char *why, size_t whylen)
{
    (void)user;
    memset(out, 0, sizeof *out);
    if (!strcmp(name, "n")) {
        out->num = 4;
    } else if (!strcmp(name, "w")) {
        out->num = 2.5;
    } else if (!strcmp(name, "on")) {
        out->kind = EXPR_BOOL;
        out->b = true;
    } else if (!strcmp(name, "s")) {
        out->kind = EXPR_STR;
        out->str = g_strdup("hex");
    } else if (!strcmp(name, "num")) {
        out->kind = EXPR_STR;
        out->str = g_strdup("12");
    } else {
        snprintf(why, whylen, "unknown name '%s'", name);
        return -1;
    }
    return 0;
}

/* The value of src as text, or "error@POS: why". */
static const char *eval(const char *src)
{
    static char buf[600];
    expr_val v;
    size_t pos;
    char why[512];
    if (expr_eval(src, strlen(src), names, NULL, &v, &pos, why, sizeof why)) {
        snprintf(buf, sizeof buf, "error@%zu: %s", pos, why);
        return buf;
    }
    char *f = expr_format(&v);
    snprintf(buf, sizeof buf, "%s", f);
    g_free(f);
    expr_val_clear(&v);
    return buf;
}

static void test_values(void **state)
{
    (void)state;
    assert_string_equal(eval("(n - 1) * 20"), "60");
    assert_string_equal(eval("1 + 2 * 3"), "7");
    assert_string_equal(eval("-n + 10 / 4"), "-1.5");
    assert_string_equal(eval("$n * w"), "10");
    assert_string_equal(eval("7 % 3"), "1");
    assert_string_equal(eval("1 / 3"), "0.333333");
    assert_string_equal(eval("2e3 + 0.5"), "2000.5");
    assert_string_equal(eval("num * 2"), "24"); /* a text that reads as a number */
    assert_string_equal(eval("n > 3 and not (w == 2.5)"), "false");
    assert_string_equal(eval("n >= 4 && on || false"), "true");
    assert_string_equal(eval("!on"), "false");
    assert_string_equal(eval("s == 'hex'"), "true");
    assert_string_equal(eval("s != \"square\""), "true");
    assert_string_equal(eval("n > 2 ? 'big' : 'small'"), "big");
    assert_string_equal(eval("min(3, n, 1.5) + max(n, 9)"), "10.5");
    assert_string_equal(eval("abs(-2) + floor(2.7) + ceil(2.1) + round(2.5) + sqrt(16)"), "14");
    assert_string_equal(eval("round(cos(60) * 100)"), "50");
    /* pick: the value after the first key equal to the first argument, else
     * the default; char: one character, from 1 (UTF-8 aware) */
    assert_string_equal(eval("pick(s, 'sq', 1, 'hex', 2, 3)"), "2");
    assert_string_equal(eval("pick(n, 1, 'a', 4, 'b')"), "b");
    assert_string_equal(eval("pick(num, 12, 'twelve', 'other')"), "twelve"); /* '12' as a number */
    assert_string_equal(eval("pick('z', 'x', 1, 'y', 2, 'none')"), "none");
    assert_string_equal(eval("char(s, 2) + char('é€x', 2)"),
                        "error@0: expected a number, not a text");
    assert_string_equal(eval("char('é€x', 2)"), "€");
    assert_string_equal(eval("pick(char(s, 1), 'h', 'hex!', '?')"), "hex!");
    /* Branches not taken are not evaluated. */
    assert_string_equal(eval("n > 9 ? 1 / 0 : 2"), "2");
    assert_string_equal(eval("false and 1 / 0 > 1"), "false");
    assert_string_equal(eval("true or 1 / 0 > 1"), "true");
}

static void test_errors(void **state)
{
    (void)state;
    assert_string_equal(eval("(n - 1 * 20"), "error@11: ')' expected at the end");
    assert_string_equal(eval("n / 0"), "error@2: division by zero");
    assert_string_equal(eval("n + nope"), "error@4: unknown name 'nope'");
    assert_string_equal(eval("s * 2"), "error@0: expected a number, not a text");
    assert_string_equal(eval("1 < n < 9"), "error@6: comparisons do not chain; use 'and'");
    assert_string_equal(eval("on and 3"), "error@7: expected true or false, not a number");
    assert_string_equal(eval("n 2"), "error@2: an operator expected");
    assert_string_equal(eval("n)"), "error@1: ')' without its '('");
    assert_string_equal(eval("2n"),
                        "error@1: 'n' right after a number (write an operator between)");
    assert_string_equal(eval("'abc"), "error@0: a text without its closing '");
    assert_string_equal(eval("n # 2"), "error@2: unexpected '#'");
    assert_string_equal(eval("pow(2, 3)"),
                        "error@0: unknown function 'pow' (abs, min, max, floor, ceil, round, "
                        "sqrt, sin, cos, pick, char)");
    assert_string_equal(eval("pick(n, 1, 'a')"), "error@5: pick: no choice for '4' and no default");
    assert_string_equal(eval("pick(s, 1)"), "error@9: pick needs 3 arguments");
    assert_string_equal(eval("pick(on, 1, 'a', 'b')"),
                        "error@9: cannot compare true or false with a number");
    assert_string_equal(eval("char(s, 4)"),
                        "error@8: char: 4 is not a place in a text of 3 characters");
    assert_string_equal(eval("char(s, 1.5)"),
                        "error@8: char: 1.5 is not a place in a text of 3 characters");
    assert_string_equal(eval("abs(1, 2)"), "error@7: abs takes at most 1 argument");
    assert_string_equal(eval("sqrt(-1)"), "error@0: sqrt of a negative number");
    assert_string_equal(eval(""), "error@0: an empty expression");
    assert_string_equal(eval("1e13"), "error@0: 1e13 is out of range (at most 1e+12)");
    assert_string_equal(eval("999999 * 999999 * 999999"),
                        "error@16: the result is out of range (at most 1e+12)");
    assert_string_equal(eval("s < 3"), "error@2: cannot compare a text with a number");
    /* Depth and length are bounded. */
    char deep[200];
    memset(deep, '(', 40);
    strcpy(deep + 40, "1");
    assert_string_equal(eval(deep), "error@32: nested more than 32 levels deep");
    char *longer = g_strnfill(EXPR_MAX_LEN + 1, '1');
    assert_string_equal(eval(longer), "error@0: an expression longer than 1024 bytes");
    g_free(longer);
}

static void test_ranges(void **state)
{
    (void)state;
    char *var, why[256];
    long a, b;
    size_t pos;
    const char *r = "i in 1..$n";
    assert_int_equal(expr_range(r, strlen(r), names, NULL, &var, &a, &b, &pos, why, sizeof why), 0);
    assert_string_equal(var, "i");
    assert_int_equal(a, 1);
    assert_int_equal(b, 4);
    g_free(var);
    r = "row in n - 2..n * 2";
    assert_int_equal(expr_range(r, strlen(r), names, NULL, &var, &a, &b, &pos, why, sizeof why), 0);
    assert_int_equal(a, 2);
    assert_int_equal(b, 8);
    g_free(var);
    r = "i in 1..w";
    assert_int_equal(expr_range(r, strlen(r), names, NULL, &var, &a, &b, &pos, why, sizeof why),
                     -1);
    assert_string_equal(why, "a range needs whole numbers, not 2.5");
    assert_int_equal(pos, 8);
    assert_null(var);
    r = "i 1..3";
    assert_int_equal(expr_range(r, strlen(r), names, NULL, &var, &a, &b, &pos, why, sizeof why),
                     -1);
    assert_string_equal(why, "'in' expected after the name");
    assert_int_equal(pos, 2);
}

/* Loads text as a template: NULL and the message in msg on failure. */
static tmpl *load(const char *yaml, char *msg, size_t len)
{
    pn_err err = {0};
    tmpl *t = tmpl_load_buffer("t.yaml", yaml, strlen(yaml), &err);
    snprintf(msg, len, "%s", t ? "" : err.msg);
    return t;
}

static const char *board = "name: rep\n"
                           "params:\n"
                           "  n: {type: int, default: 3, min: 0, max: 20}\n"
                           "  gap: {type: length, default: 5mm}\n"
                           "components:\n"
                           "  - for: i in 1..$n\n"
                           "    components:\n"
                           "      - {type: rect, x: \"${(i - 1) * 20}mm\", w: \"${gap * 2}\"}\n"
                           "      - for: j in 1..${n * 2}\n"
                           "        when: i > 1\n"
                           "        components:\n"
                           "          - {type: circle, y: \"${j * 10}mm\", when: j % 2 == 0}\n"
                           "  - {type: text, text: \"${n} of ${n * 2}\"}\n";

static void test_repeats(void **state)
{
    (void)state;
    char msg[1024];
    tmpl *t = load(board, msg, sizeof msg);
    assert_string_equal(msg, "");
    /* 3 rects, 2 x 6 circles (rounds 2 and 3 of i), 1 text. */
    assert_int_equal(t->comps->len, 3 + 12 + 1);
    tmpl_comp *c = g_ptr_array_index(t->comps, 0);
    assert_string_equal(c->type->name, "rect");
    assert_float_equal(c->vals[0].num, 0, 1e-9);
    assert_float_equal(c->vals[2].num, 10, 1e-9); /* w = gap * 2 */
    c = g_ptr_array_index(t->comps, 1);
    assert_string_equal(c->type->name, "rect");
    assert_float_equal(c->vals[0].num, 20, 1e-9);
    int on = 0;
    for (guint k = 0; k < t->comps->len; k++) {
        c = g_ptr_array_index(t->comps, k);
        if (!strcmp(c->type->name, "circle") && c->enabled) {
            on++;
            assert_int_equal((int)c->vals[1].num % 20, 0); /* only even j */
        }
    }
    assert_int_equal(on, 6);
    c = g_ptr_array_index(t->comps, t->comps->len - 1);
    assert_string_equal(c->vals[2].str, "3 of 6");
    /* A new value of n changes the rounds. */
    pn_err err = {0};
    assert_int_equal(tmpl_set(t, "n=1", &err), 0);
    assert_int_equal(tmpl_resolve(t, &err), 0);
    assert_int_equal(t->comps->len, 2);
    assert_int_equal(tmpl_set(t, "n=0", &err), 0);
    assert_int_equal(tmpl_resolve(t, &err), 0);
    assert_int_equal(t->comps->len, 1);
    tmpl_free(t);
}

static void expect_error(const char *comps, const char *want)
{
    char yaml[2048], msg[1024];
    snprintf(yaml, sizeof yaml,
             "name: e\nparams:\n  n: {type: int, default: 3}\n  s: {type: string, default: "
             "hi}\ncomponents:\n%s",
             comps);
    tmpl *t = load(yaml, msg, sizeof msg);
    tmpl_free(t);
    assert_string_equal(msg, want);
}

static void test_template_errors(void **state)
{
    (void)state;
    expect_error("  - {type: rect, x: \"${(n - 1 * 20}mm\"}\n",
                 "t.yaml:6:35: ')' expected at the end");
    expect_error("  - {type: rect, x: \"${n / 0}mm\"}\n", "t.yaml:6:26: division by zero");
    expect_error("  - {type: rect, x: \"${nn + 1}mm\"}\n", "t.yaml:6:24: unknown parameter 'nn'");
    expect_error("  - {type: rect, when: n > 2 > 1}\n",
                 "t.yaml:6:30: when: comparisons do not chain; use 'and'");
    expect_error("  - {type: rect, when: n + 1}\n",
                 "t.yaml:6:24: when: expected true or false, not 4");
    expect_error("  - {type: rect, when: \"${n} + 1\"}\n",
                 "t.yaml:6:25: when: expected true or false, not 4");
    expect_error("  - for: i in 1..1000000\n    components: [{type: rect}]\n",
                 "t.yaml:6:10: for: 1..1000000 is more than 10000 rounds");
    expect_error("  - for: i in 1..200\n    components:\n      - for: j in 1..200\n"
                 "        components: [{type: rect, when: \"false\"}]\n",
                 "t.yaml:8:14: the repeats make more than 20000 components and rounds; make the "
                 "sheet simpler (where i = 50, j = 176)");
    expect_error("  - for: n in 1..2\n    components: [{type: rect}]\n",
                 "t.yaml:6:10: for: 'n' is a parameter; choose another name");
    expect_error("  - for: i in 1..2\n    components:\n      - for: i in 1..2\n"
                 "        components: []\n",
                 "t.yaml:8:14: for: 'i' is already the variable of a repeat around (where i = 1)");
    expect_error("  - for: i in 1..3\n    components: [{type: rect, x: \"${i * 400}mm\"}]\n",
                 "t.yaml:7:35: x: 1200mm is out of range (-1000mm to 1000mm) (where i = 3)");
    expect_error("  - for: i 1..3\n    components: []\n",
                 "t.yaml:6:12: for: 'in' expected after the name");
    expect_error("  - for: i in 1..3\n", "t.yaml:6:5: a repeat needs its list of components");
    expect_error("  - for: i in 1..3\n    type: rect\n    components: []\n",
                 "t.yaml:7:5: unknown key 'type' (expected one of: for, when, components)");
    /* Nine repeats inside each other are one too many. */
    char deep[2048] = "";
    for (int k = 0; k < 9; k++) {
        char line[160];
        snprintf(line, sizeof line, "%*s- for: v%d in 1..1\n%*scomponents:\n", 2 + 4 * k, "", k,
                 4 + 4 * k, "");
        strcat(deep, line);
    }
    strcat(deep, "                                        - {type: rect}\n");
    expect_error(deep, "t.yaml:22:42: repeats nested more than 8 deep");
}

/* when: takes "$flag", true/false, an expression, or "${...}" and an expression. */
static void test_when(void **state)
{
    (void)state;
    char msg[1024];
    tmpl *t = load("name: w\nparams:\n  n: {type: int, default: 3}\n"
                   "  on: {type: bool, default: false}\ncomponents:\n"
                   "  - {type: rect, when: \"${n} > 2\"}\n"
                   "  - {type: rect, when: \"${n > 5}\"}\n"
                   "  - {type: rect, when: n >= 3 and not on}\n"
                   "  - {type: rect, when: $on}\n"
                   "  - {type: rect, when: \"yes\"}\n",
                   msg, sizeof msg);
    assert_string_equal(msg, "");
    const bool want[] = {true, false, true, false, true};
    for (int k = 0; k < 5; k++)
        assert_int_equal(((tmpl_comp *)g_ptr_array_index(t->comps, k))->enabled, want[k]);
    tmpl_free(t);
}

/* "$name" and "${name}" keep giving the values they always gave. */
static void test_names_as_before(void **state)
{
    (void)state;
    char msg[1024];
    tmpl *t = load("name: x\nparams:\n  gap: {type: length, default: 2cm}\n"
                   "  my-label: {type: string, default: 'a b'}\n"
                   "components:\n  - {type: rect, x: $gap}\n"
                   "  - {type: text, text: \"${my-label}/${gap}\"}\n",
                   msg, sizeof msg);
    assert_string_equal(msg, "");
    tmpl_comp *c = g_ptr_array_index(t->comps, 0);
    assert_float_equal(c->vals[0].num, 20, 1e-9);
    c = g_ptr_array_index(t->comps, 1);
    assert_string_equal(c->vals[2].str, "a b/20mm");
    tmpl_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_values),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_ranges),
        cmocka_unit_test(test_repeats),
        cmocka_unit_test(test_template_errors),
        cmocka_unit_test(test_names_as_before),
        cmocka_unit_test(test_when),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* fuzz_expr.c: libFuzzer harness for the expression language on its own
 * (template/expr.c): the input is one expression, evaluated with expr_eval and
 * read as a repeat's range with expr_range, with a few names defined as a
 * template would define them (numbers, a bool, texts, a number held in a text,
 * a name whose lookup fails). Checks: an error is one line of valid UTF-8 with
 * its place inside the expression; a number is finite and within
 * EXPR_MAX_NUM; a range's bounds are within it too; a value prints as text. */
#include <math.h>
#include "fuzz/fuzz_util.h"
#include "template/expr.h"

static int lookup(void *user, const char *name, expr_val *out, char *why, size_t whylen)
{
    (void)user;
    memset(out, 0, sizeof *out);
    static const struct {
        const char *name;
        double num;
    } nums[] = {{"n", 3},      {"i", 0},       {"j", -7},      {"gap", 4.5},
                {"big", 1e12}, {"tiny", 1e-9}, {"neg", -1e12}, {"zero", 0}};
    for (size_t k = 0; k < G_N_ELEMENTS(nums); k++)
        if (!strcmp(name, nums[k].name)) {
            out->num = nums[k].num;
            return 0;
        }
    if (!strcmp(name, "on") || !strcmp(name, "off")) {
        out->kind = EXPR_BOOL;
        out->b = name[1] == 'n';
        return 0;
    }
    if (!strcmp(name, "who") || !strcmp(name, "count") || !strcmp(name, "empty")) {
        out->kind = EXPR_STR;
        out->str = g_strdup(name[0] == 'w' ? "Ann <b>&" : name[0] == 'c' ? "12.5" : "");
        return 0;
    }
    snprintf(why, whylen, "unknown parameter '%s'", name);
    return -1;
}

static void check_why(const char *why, size_t pos, size_t len)
{
    if (!why[0] || strchr(why, '\n') || !g_utf8_validate(why, -1, NULL) || pos > len) {
        fprintf(stderr, "fuzz: bad expression error at %zu of %zu: '%s'\n", pos, len, why);
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *src = (const char *)data;
    char why[512];
    size_t pos = 0;
    expr_val v = {0};
    why[0] = '\0';
    if (expr_eval(src, size, lookup, NULL, &v, &pos, why, sizeof why)) {
        check_why(why, pos, size);
    } else {
        if (v.kind == EXPR_NUM && (!isfinite(v.num) || fabs(v.num) > EXPR_MAX_NUM)) {
            fprintf(stderr, "fuzz: expression gives %g\n", v.num);
            abort();
        }
        if (v.kind == EXPR_STR && (!v.str || strlen(v.str) > EXPR_MAX_TEXT)) {
            fprintf(stderr, "fuzz: expression gives a text of %zu bytes\n",
                    v.str ? strlen(v.str) : 0);
            abort();
        }
        char *text = expr_format(&v);
        if (!text) abort();
        g_free(text);
    }
    expr_val_clear(&v);

    char *var = NULL;
    long from = 0, to = 0;
    pos = 0;
    why[0] = '\0';
    if (expr_range(src, size, lookup, NULL, &var, &from, &to, &pos, why, sizeof why)) {
        check_why(why, pos, size);
    } else if (!var || !*var || labs(from) > (long)EXPR_MAX_NUM || labs(to) > (long)EXPR_MAX_NUM) {
        fprintf(stderr, "fuzz: range '%s' %ld..%ld\n", var ? var : "(null)", from, to);
        abort();
    }
    g_free(var);
    return 0;
}

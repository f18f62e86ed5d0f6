/* fuzz_template.c: libFuzzer harness for the template loader, --set and resolve.
 * The input is a template; comment lines "#set NAME=VALUE" are applied with
 * tmpl_set before resolving. Checks: errors are well-formed and every parameter
 * value prints as text that --set reads back as the same value (the footer of
 * a seeded sheet relies on it). */
#include <math.h>
#include "fuzz/fuzz_util.h"
#include "template/tmpl.h"

#define FUZZ_FILE "fuzz.yaml"

/* The same value, as far as --set can tell: numbers to 12 significant digits. */
static bool same_value(const pv_value *a, const pv_value *b)
{
    switch (a->type) {
    case PV_NUMBER:
    case PV_LENGTH:
        return a->pct == b->pct && fabs(a->num - b->num) <= 1e-12 * fmax(1, fabs(a->num));
    case PV_NUMLIST:
        if (a->n != b->n) return false;
        for (size_t i = 0; i < a->n; i++)
            if (fabs(a->nums[i] - b->nums[i]) > 1e-12 * fmax(1, fabs(a->nums[i]))) return false;
        return true;
    case PV_STRLIST:
        /* Items with commas or edge spaces have no --set spelling; only parsing is checked. */
        return true;
    case PV_COLOR:
    case PV_STRING:
        return !strcmp(a->str ? a->str : "", b->str ? b->str : "");
    default:
        return a->i == b->i;
    }
}

/* Every parameter's value, printed as the footer of a seeded sheet prints it,
 * must read back through --set as the same value. */
static void check_round_trip(tmpl *t)
{
    for (guint i = 0; i < t->params->len; i++) {
        tmpl_param *p = g_ptr_array_index(t->params, i);
        char *text = pv_format(&p->value);
        char why[512];
        pv_value v;
        if (pv_parse(&p->spec, text, t->pool, &v, why, sizeof why)) {
            fprintf(stderr, "fuzz: parameter %s=%s does not read back: %s\n", p->spec.name, text,
                    why);
            abort();
        }
        if (!same_value(&p->value, &v)) {
            char *again = pv_format(&v);
            fprintf(stderr, "fuzz: parameter %s: '%s' reads back as '%s'\n", p->spec.name, text,
                    again);
            abort();
        }
        g_free(text);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pn_err err = {0};
    tmpl *t = tmpl_load_buffer(FUZZ_FILE, (const char *)data, size, &err);
    if (!t) {
        fuzz_check_err(&err, FUZZ_FILE);
        return 0;
    }
    check_round_trip(t);
    char *text = fuzz_text(data, size);
    char **sets = fuzz_directives(text, "set", 8);
    for (char **s = sets; *s; s++) {
        pn_err_clear(&err);
        if (tmpl_set(t, *s, &err)) fuzz_check_err(&err, "setting ");
    }
    pn_err_clear(&err);
    if (tmpl_resolve(t, &err))
        fuzz_check_err(&err, FUZZ_FILE);
    else
        check_round_trip(t);
    g_strfreev(sets);
    g_free(text);
    tmpl_free(t);
    return 0;
}

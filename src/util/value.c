/* value.c: parsing and formatting typed values with bounds. */
#include "util/value.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"

pv_pool *pv_pool_new(void)
{
    pv_pool *p = g_new0(pv_pool, 1);
    p->strings = g_string_chunk_new(1024);
    p->blocks = g_ptr_array_new_with_free_func(g_free);
    return p;
}

void pv_pool_free(pv_pool *p)
{
    if (!p) return;
    g_string_chunk_free(p->strings);
    g_ptr_array_free(p->blocks, TRUE);
    g_free(p);
}

const char *pv_pool_str(pv_pool *p, const char *s)
{
    return g_string_chunk_insert_const(p->strings, s); /* one copy of each text */
}

static const char *const type_names[] = {"int",  "number", "length", "colour", "string",
                                         "enum", "bool",   "list",   "numbers"};

const char *pv_type_name(pv_type t)
{
    return type_names[t];
}

bool pv_type_from_name(const char *name, pv_type *out)
{
    for (int i = 0; i < (int)G_N_ELEMENTS(type_names); i++)
        if (!strcmp(name, type_names[i])) {
            *out = (pv_type)i;
            return true;
        }
    if (!strcmp(name, "color")) {
        *out = PV_COLOR;
        return true;
    }
    return false;
}

void pv_bounds(const pv_spec *spec, double *min, double *max)
{
    *min = spec->min;
    *max = spec->max;
    if (spec->min != 0 || spec->max != 0) return;
    switch (spec->type) {
    case PV_INT:
        *min = -1000000, *max = 1000000;
        break;
    case PV_NUMBER:
        *min = -1e6, *max = 1e6;
        break;
    case PV_LENGTH:
        *min = 0, *max = 2000;
        break;
    case PV_STRING:
        *min = 0, *max = 4096;
        break;
    case PV_STRLIST:
    case PV_NUMLIST:
        *min = 0, *max = 1000;
        break;
    default:
        *min = *max = 0;
    }
}

/* A number as written. One too small for a double (1e-320, 1e-999) is a
 * number, read as the nearest double; one too large (1e999) is a number too,
 * read as an infinity that every range refuses, so the message is "out of
 * range", not "not a number". "inf" and "nan" written as such are refused. */
static bool parse_double(const char *s, double *out, const char **rest)
{
    char *end;
    errno = 0;
    double v = g_ascii_strtod(s, &end);
    if (end == s || (errno && errno != ERANGE)) return false;
    if (!isfinite(v) && errno != ERANGE) return false;
    *out = v;
    *rest = end;
    return true;
}

bool pv_length_mm(const char *text, double *mm)
{
    const char *rest;
    double v;
    if (!parse_double(text, &v, &rest)) return false;
    while (*rest == ' ')
        rest++;
    double f;
    if (!*rest || !strcmp(rest, "mm"))
        f = 1;
    else if (!strcmp(rest, "cm"))
        f = 10;
    else if (!strcmp(rest, "in"))
        f = 25.4;
    else if (!strcmp(rest, "pt"))
        f = 25.4 / 72.0;
    else
        return false;
    *mm = v * f;
    return isfinite(*mm); /* 1e999mm is no length */
}

static int fail(char *why, size_t len, const char *fmt, ...) PN_PRINTF(3, 4);
static int fail(char *why, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *text = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    pn_err_shorten(why, len, text); /* a long value quoted keeps the reason after it */
    g_free(text);
    return -1;
}

static int parse_enum(const pv_spec *spec, const char *text, pv_value *out, char *why, size_t wl)
{
    char **choices = g_strsplit(spec->choices ? spec->choices : "", "|", -1);
    int found = -1;
    for (int i = 0; choices[i]; i++)
        if (!strcmp(choices[i], text)) found = i;
    if (found < 0) {
        char *list = g_strjoinv(", ", choices);
        fail(why, wl, "'%s' is not one of: %s", text, list);
        g_free(list);
        g_strfreev(choices);
        return -1;
    }
    g_strfreev(choices);
    out->i = found;
    return 0;
}

int pv_parse(const pv_spec *spec, const char *text, pv_pool *pool, pv_value *out, char *why,
             size_t wl)
{
    double min, max, v;
    const char *rest;
    pv_bounds(spec, &min, &max);
    memset(out, 0, sizeof *out);
    out->type = spec->type;
    out->set = true;
    switch (spec->type) {
    case PV_INT: {
        char *end;
        errno = 0;
        long i = strtol(text, &end, 10);
        if (!*text || *end || (errno && errno != ERANGE))
            return fail(why, wl, "'%s' is not a whole number", text);
        /* reported as written, also when too large for a long */
        if (errno == ERANGE || i < min || i > max)
            return fail(why, wl, "%s is out of range (%.0f to %.0f)", text, min, max);
        if (spec->step >= 2 && (i - (long)min) % (long)spec->step != 0)
            return fail(why, wl, "%ld is not allowed (%.0f to %.0f in steps of %.0f)", i, min, max,
                        spec->step);
        out->i = i;
        out->num = (double)i;
        return 0;
    }
    case PV_NUMBER:
        if (!parse_double(text, &v, &rest) || *rest)
            return fail(why, wl, "'%s' is not a number", text);
        if (v < min || v > max)
            return fail(why, wl, "%s is out of range (%g to %g)", text, min, max);
        out->num = v;
        return 0;
    case PV_LENGTH: {
        size_t n = strlen(text);
        if (n > 1 && text[n - 1] == '%') {
            if (!spec->axis) return fail(why, wl, "'%s': a percentage is not allowed here", text);
            if (!parse_double(text, &v, &rest) || *rest != '%' || v < -100 || v > 200)
                return fail(why, wl, "'%s' is not a percentage from -100%% to 200%%", text);
            out->pct = true;
            out->num = v;
            return 0;
        }
        if (!pv_length_mm(text, &v))
            return fail(why, wl, "'%s' is not a length (a number with mm, cm, in or pt)", text);
        if (v < min || v > max)
            return fail(why, wl, "%s is out of range (%gmm to %gmm)", text, min, max);
        out->num = v;
        return 0;
    }
    case PV_COLOR:
        if (!pn_rgba_parse(text, &out->color))
            return fail(why, wl, "'%s' is not a colour (#rrggbb or a name such as red)", text);
        out->str = pv_pool_str(pool, text);
        return 0;
    case PV_STRING:
        if (!g_utf8_validate(text, -1, NULL)) return fail(why, wl, "text is not valid UTF-8");
        if ((double)strlen(text) > max) return fail(why, wl, "text longer than %.0f bytes", max);
        if ((double)strlen(text) < min)
            return min <= 1 ? fail(why, wl, "must not be empty")
                            : fail(why, wl, "text shorter than %.0f bytes", min);
        out->str = pv_pool_str(pool, text);
        return 0;
    case PV_ENUM:
        if (parse_enum(spec, text, out, why, wl)) return -1;
        out->str = pv_pool_str(pool, text);
        return 0;
    case PV_BOOL:
        if (!strcmp(text, "true") || !strcmp(text, "yes") || !strcmp(text, "on") ||
            !strcmp(text, "1"))
            out->i = 1;
        else if (!strcmp(text, "false") || !strcmp(text, "no") || !strcmp(text, "off") ||
                 !strcmp(text, "0"))
            out->i = 0;
        else
            return fail(why, wl, "'%s' is not true or false", text);
        return 0;
    case PV_STRLIST:
    case PV_NUMLIST: {
        /* A comma-separated list on one line (as --set gives it). */
        char **items = g_strsplit(text, ",", -1);
        for (char **p = items; *p; p++)
            g_strstrip(*p);
        size_t n = *text ? g_strv_length(items) : 0;
        int rc = pv_parse_list(spec, (const char *const *)items, n, pool, out, why, wl);
        g_strfreev(items);
        return rc;
    }
    }
    return fail(why, wl, "unknown type");
}

int pv_parse_list(const pv_spec *spec, const char *const *items, size_t n, pv_pool *pool,
                  pv_value *out, char *why, size_t wl)
{
    double min, max;
    pv_bounds(spec, &min, &max);
    memset(out, 0, sizeof *out);
    out->type = spec->type;
    out->set = true;
    if ((double)n < min || (double)n > max)
        return fail(why, wl, "a list of %zu items; expected %.0f to %.0f", n, min, max);
    out->n = n;
    if (spec->type == PV_NUMLIST) {
        double *tmp = g_new0(double, n + 1);
        for (size_t i = 0; i < n; i++) {
            const char *rest;
            if (!parse_double(items[i], &tmp[i], &rest) || *rest) {
                g_free(tmp);
                return fail(why, wl, "item %zu: '%s' is not a number", i + 1, items[i]);
            }
            if (fabs(tmp[i]) > 1e6) {
                g_free(tmp);
                return fail(why, wl, "item %zu: %s is out of range (-1000000 to 1000000)", i + 1,
                            items[i]);
            }
        }
        g_ptr_array_add(pool->blocks, tmp);
        out->nums = tmp;
        return 0;
    }
    if (spec->type != PV_STRLIST) return fail(why, wl, "a single value is expected, not a list");
    const char **strs = g_new0(const char *, n + 1);
    for (size_t i = 0; i < n; i++) {
        if (!g_utf8_validate(items[i], -1, NULL) || strlen(items[i]) > 1024) {
            g_free(strs);
            return fail(why, wl, "item %zu is not valid text", i + 1);
        }
        strs[i] = pv_pool_str(pool, items[i]);
    }
    g_ptr_array_add(pool->blocks, strs);
    out->strs = strs;
    return 0;
}

char *pv_format(const pv_value *v)
{
    char buf[G_ASCII_DTOSTR_BUF_SIZE];
    switch (v->type) {
    case PV_INT:
        return g_strdup_printf("%ld", v->i);
    case PV_NUMBER:
        return g_strdup(g_ascii_formatd(buf, sizeof buf, "%.15g", v->num));
    case PV_LENGTH:
        return v->pct ? g_strdup_printf("%s%%", g_ascii_formatd(buf, sizeof buf, "%.15g", v->num))
                      : g_strdup_printf("%smm", g_ascii_formatd(buf, sizeof buf, "%.15g", v->num));
    case PV_COLOR:
    case PV_STRING:
    case PV_ENUM:
        return g_strdup(v->str ? v->str : "");
    case PV_BOOL:
        return g_strdup(v->i ? "true" : "false");
    case PV_STRLIST:
        return g_strjoinv(",", (char **)v->strs);
    case PV_NUMLIST: {
        GString *s = g_string_new(NULL);
        for (size_t i = 0; i < v->n; i++)
            g_string_append_printf(s, "%s%s", i ? "," : "",
                                   g_ascii_formatd(buf, sizeof buf, "%.15g", v->nums[i]));
        return g_string_free(s, FALSE);
    }
    }
    return g_strdup("");
}

char *pv_describe(const pv_spec *spec)
{
    double min, max;
    pv_bounds(spec, &min, &max);
    GString *s = g_string_new(pv_type_name(spec->type));
    switch (spec->type) {
    case PV_INT:
        g_string_append_printf(s, " %.0f..%.0f", min, max);
        if (spec->step >= 2) g_string_append_printf(s, " step %.0f", spec->step);
        break;
    case PV_NUMBER:
        g_string_append_printf(s, " %g..%g", min, max);
        break;
    case PV_LENGTH:
        g_string_append_printf(s, " %gmm..%gmm", min, max);
        break;
    case PV_ENUM:
        g_string_append_printf(s, " %s", spec->choices ? spec->choices : "");
        break;
    case PV_STRING:
        g_string_append_printf(s, " of %.0f..%.0f bytes", min, max);
        break;
    case PV_STRLIST:
    case PV_NUMLIST:
        g_string_append_printf(s, " of %.0f..%.0f items", min, max);
        break;
    default:
        break;
    }
    if (spec->def) g_string_append_printf(s, ", default %s", *spec->def ? spec->def : "\"\"");
    return g_string_free(s, FALSE);
}

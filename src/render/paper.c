/* paper.c: paper names and custom sizes. */
#include "render/paper.h"

#include <glib.h>
#include <string.h>
#include "util/value.h"

/* Portrait sizes, mm: ISO 216 A and B series (B0, 1000x1414 mm, is past
 * PAPER_MAX_MM), the North American papers, and the usual card sizes. */
static const struct {
    const char *name;
    double w, h;
} papers[] = {
    {"a0", 841, 1189},  {"a1", 594, 841},         {"a2", 420, 594},        {"a3", 297, 420},
    {"a4", 210, 297},   {"a5", 148, 210},         {"a6", 105, 148},        {"b1", 707, 1000},
    {"b2", 500, 707},   {"b3", 353, 500},         {"b4", 250, 353},        {"b5", 176, 250},
    {"b6", 125, 176},   {"letter", 215.9, 279.4}, {"legal", 215.9, 355.6}, {"poker", 63, 88},
    {"bridge", 57, 89}, {"tarot", 70, 120},       {"mini", 44, 63},
};

const char *const paper_names[] = {"a0",    "a1",    "a2",     "a3",    "a4",   "a5", "a6",
                                   "b1",    "b2",    "b3",     "b4",    "b5",   "b6", "letter",
                                   "legal", "poker", "bridge", "tarot", "mini", NULL};

bool paper_is_named(const char *name)
{
    for (size_t i = 0; i < G_N_ELEMENTS(papers); i++)
        if (!g_ascii_strcasecmp(name, papers[i].name)) return true;
    return false;
}

int paper_size(const char *name, double *w, double *h, pn_err *err)
{
    for (size_t i = 0; i < G_N_ELEMENTS(papers); i++)
        if (!g_ascii_strcasecmp(name, papers[i].name)) {
            *w = papers[i].w;
            *h = papers[i].h;
            return 0;
        }
    /* WxH: the unit may follow each number or only the last ("200x150mm"). */
    const char *x = strchr(name, 'x');
    if (!x) x = strchr(name, 'X');
    if (!x)
        return pn_err_set(err, PN_EINPUT,
                          "unknown paper '%s' (a0 to a6, b1 to b6, letter, legal, the cards "
                          "poker, bridge, tarot, mini, or WxH such as 200x150mm)",
                          name);
    char *first = g_strndup(name, (gsize)(x - name));
    const char *second = x + 1;
    const char *unit = second;
    while (*unit && (g_ascii_isdigit(*unit) || *unit == '.'))
        unit++;
    char *a = g_strdup_printf(
        "%s%s", first, g_ascii_isdigit(first[strlen(first) ? strlen(first) - 1 : 0]) ? unit : "");
    bool ok = pv_length_mm(a, w) && pv_length_mm(second, h);
    g_free(first);
    g_free(a);
    if (!ok)
        return pn_err_set(err, PN_EINPUT, "paper '%s': expected WxH with units, e.g. 200x150mm",
                          name);
    if (*w < PAPER_MIN_MM || *h < PAPER_MIN_MM || *w > PAPER_MAX_MM || *h > PAPER_MAX_MM)
        return pn_err_set(err, PN_EINPUT, "paper '%s': each side must be %g to %g mm", name,
                          PAPER_MIN_MM, PAPER_MAX_MM);
    return 0;
}

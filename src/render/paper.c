/* paper.c: paper names and custom sizes. */
#include "render/paper.h"

#include <glib.h>
#include <string.h>
#include "util/value.h"

static const struct {
    const char *name;
    double w, h;
} papers[] = {
    {"a3", 297, 420},         {"a4", 210, 297},        {"a5", 148, 210},
    {"letter", 215.9, 279.4}, {"legal", 215.9, 355.6},
};

const char *const paper_names[] = {"a3", "a4", "a5", "letter", "legal", NULL};

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
                          "unknown paper '%s' (a3, a4, a5, letter, legal, or WxH such as "
                          "200x150mm)",
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

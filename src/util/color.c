/* color.c: reading colours written in templates and parameters. */
#include "util/color.h"

#include <glib.h>
#include <string.h>

static const struct {
    const char *name;
    pn_rgba c;
} named_colors[] = {
    {"black", {0, 0, 0, 1}},          {"white", {1, 1, 1, 1}},
    {"red", {0.85, 0.12, 0.12, 1}},   {"blue", {0.12, 0.35, 0.8, 1}},
    {"green", {0.1, 0.6, 0.25, 1}},   {"yellow", {0.98, 0.82, 0.1, 1}},
    {"orange", {0.96, 0.52, 0.1, 1}}, {"purple", {0.5, 0.2, 0.65, 1}},
    {"grey", {0.5, 0.5, 0.5, 1}},     {"gray", {0.5, 0.5, 0.5, 1}},
    {"none", {0, 0, 0, 0}},
};

bool pn_rgba_parse(const char *str, pn_rgba *out)
{
    for (size_t i = 0; i < G_N_ELEMENTS(named_colors); i++)
        if (g_ascii_strcasecmp(str, named_colors[i].name) == 0) {
            *out = named_colors[i].c;
            return true;
        }
    size_t n = strlen(str);
    if (str[0] != '#' || (n != 7 && n != 9)) return false;
    unsigned v[4] = {0, 0, 0, 255};
    for (size_t i = 0; i < (n - 1) / 2; i++) {
        int hi = g_ascii_xdigit_value(str[1 + 2 * i]), lo = g_ascii_xdigit_value(str[2 + 2 * i]);
        if (hi < 0 || lo < 0) return false;
        v[i] = (unsigned)(hi * 16 + lo);
    }
    *out = (pn_rgba){v[0] / 255.0, v[1] / 255.0, v[2] / 255.0, v[3] / 255.0};
    return true;
}

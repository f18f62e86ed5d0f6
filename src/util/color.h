/* color.h: an RGBA colour (components 0..1) and reading one from text. Shared
 * by scenes, typed values and templates, so it lives below all of them. */
#ifndef PN_COLOR_H
#define PN_COLOR_H

#include <stdbool.h>
#include <stddef.h>

typedef struct pn_rgba {
    double r, g, b, a;
} pn_rgba;

#define PN_BLACK ((pn_rgba){0, 0, 0, 1})
#define PN_WHITE ((pn_rgba){1, 1, 1, 1})

/* Parses "#rgb", "#rgba", "#rrggbb", "#rrggbbaa", one of the 148 CSS colour
 * names (any case, "grey" and "gray" both) with the CSS values, or "none" /
 * "transparent" (alpha 0). */
bool pn_rgba_parse(const char *s, pn_rgba *out);
/* The CSS colour names in order: fills names[0..max-1] and returns how many
 * there are (148). The strings are static. */
size_t pn_color_names(const char **names, size_t max);

#endif

/* color.h: an RGBA colour (components 0..1) and reading one from text. Shared
 * by scenes, typed values and templates, so it lives below all of them. */
#ifndef PN_COLOR_H
#define PN_COLOR_H

#include <stdbool.h>

typedef struct pn_rgba {
    double r, g, b, a;
} pn_rgba;

#define PN_BLACK ((pn_rgba){0, 0, 0, 1})
#define PN_WHITE ((pn_rgba){1, 1, 1, 1})

/* Parses "#rrggbb", "#rrggbbaa" or a few names (black, white, red, ...). */
bool pn_rgba_parse(const char *s, pn_rgba *out);

#endif

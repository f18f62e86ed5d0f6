/* preflight.h: lint for a whole template: every sheet laid out as it will
 * print, then walked by scene_lint (scene/lint.h). */
#ifndef PN_PREFLIGHT_H
#define PN_PREFLIGHT_H

#include "render/render.h"
#include "scene/lint.h"

/* A sheet smaller than this on a side is a card, cut out of a grid
 * (--grid): only its own edges matter, not the printer's border. */
#define PREFLIGHT_CARD_MM 100.0

/* The border a w x h mm sheet must keep clear. */
double preflight_border(double w, double h);

/* Lints every sheet of t (resolved) as o would render it; sheet numbers
 * (1-based) go to report through *sheet when given. Returns the number of
 * findings or -1 with err (a sheet that cannot be laid out). */
int render_preflight(tmpl *t, const render_opts *o, lint_checks checks, lint_report report,
                     void *user, int *sheet, pn_err *err);

#endif

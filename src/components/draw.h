/* draw.h: small drawing helpers shared by components. */
#ifndef PN_DRAW_H
#define PN_DRAW_H

#include "components/comp.h"

/* c mixed with white: t = 1 keeps c, t = 0 gives white. */
pn_rgba draw_tint(pn_rgba c, double t);
/* Centred text in a box; the size shrinks to fit the width. NULL on error. */
const scene_text *draw_label(scene *s, const char *text, double size, bool bold, pn_rgba c,
                             double x, double y, double w, double h, pn_err *err);
/* Left-aligned text, vertically centred on y. */
const scene_text *draw_text_left(scene *s, const char *text, double size, bool bold, pn_rgba c,
                                 double x, double y, double max_w, pn_err *err);
/* An annulus sector between radii r0 < r1 and clock angles a0 < a1 (degrees). */
void draw_sector(scene *s, double cx, double cy, double r0, double r1, double a0, double a1,
                 const scene_style *st);
/* Point at clock angle a (degrees) and radius r. */
void draw_polar(double cx, double cy, double r, double a, double *x, double *y);

/* A square tile with a quarter circle of radius r in each corner, coloured
 * corners[0..3] = top-left, top-right, bottom-right, bottom-left, on background bg;
 * edge is the outline width (0: none). */
void draw_tile(scene *s, double x, double y, double side, double r, const pn_rgba corners[4],
               pn_rgba bg, double edge);

#endif

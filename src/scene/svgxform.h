/* svgxform.h: reading an SVG's numbers, transforms and viewBoxes for the
 * checks made before librsvg draws it (svgcheck.c). A transform is reduced
 * to an upper bound of how much it can enlarge a length, which is all the
 * bound on pattern tiles needs. Pure functions on strings. */
#ifndef PN_SVGXFORM_H
#define PN_SVGXFORM_H

#include <stdbool.h>

/* An SVG or CSS number at *s (sign, digits, point, exponent; "1." and ".5"
 * as strtod reads them; no hex, inf or nan); advances *s. false when there
 * is none. */
bool svgx_number(const char **s, double *v);

/* An upper bound of the factor by which the transform list v (the transform
 * attribute, or the CSS transform property up to ; or }) can enlarge a
 * length: the product of each function's largest singular value. Angles in
 * deg, rad, grad or turn; translations count 1; a function librsvg does not
 * know counts as a matrix of its numbers. 1 for none; HUGE_VAL when a number
 * is not finite. */
double svgx_transform_scale(const char *v);

/* Whether the transform list v may turn a rectangle off the axes (a
 * rotation not by a right angle, a skew, a matrix that does either); read
 * generously: any rotate, skew or matrix with a non-zero b or c counts. */
bool svgx_transform_turns(const char *v);

/* A viewBox's width and height: true when v holds four numbers and both are
 * above zero (librsvg draws nothing for any other). */
bool svgx_viewbox(const char *v, double *w, double *h);

#endif

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

/* Patterns that tell fills apart without colour (mono printing). All are polar
 * about the sector's centre, so they look the same however a tile is turned
 * and join into whole circles where four tile corners meet. */
typedef enum {
    DRAW_PAT_NONE,    /* plain */
    DRAW_PAT_SPOKES,  /* lines out from the centre */
    DRAW_PAT_DOTS,    /* dots on arcs */
    DRAW_PAT_RINGS,   /* concentric arcs */
    DRAW_PAT_CHECKER, /* alternate cells of rings x slices filled */
    DRAW_PAT_SOLID,   /* filled with the ink */
    DRAW_PAT_BAND,    /* the outer band filled */
    DRAW_PAT_CORE,    /* the inner part filled */
    DRAW_PAT_COUNT
} draw_pattern;

/* Draws pattern p in ink inside the disc sector of radius r about (cx, cy)
 * between clock angles a0 < a1 (a1 - a0 a multiple of 90 keeps the checker
 * continuous across sectors). Nothing is drawn outside the sector. */
void draw_sector_pattern(scene *s, double cx, double cy, double r, double a0, double a1,
                         draw_pattern p, pn_rgba ink);

/* The pattern of a palette's colour k, so tiles read without colour: the
 * first DRAW_COLOUR_PATTERNS all distinct and unchanged by a quarter turn,
 * then none. */
#define DRAW_COLOUR_PATTERNS 8
draw_pattern draw_colour_pattern(int k);
/* The ink pattern p is drawn in over colour c: black in mono (grey for the
 * patterns that cover an area), a dark shade of c in colour. */
pn_rgba draw_pattern_ink(pn_rgba c, draw_pattern p, bool mono);

/* draw_tile with a pattern over each corner: patterns[i] in inks[i]. patterns
 * (and inks) may be NULL for none; outline > 0 also strokes each quarter
 * circle's edge in inks[i] (or black). */
void draw_tile_patterned(scene *s, double x, double y, double side, double r,
                         const pn_rgba corners[4], const draw_pattern patterns[4],
                         const pn_rgba inks[4], pn_rgba bg, double edge, double outline);

/* Shape glyphs (Thinking In Circles); same order as tic_shape. */
typedef enum {
    DRAW_CIRCLE,
    DRAW_TRIANGLE,
    DRAW_SQUARE,
    DRAW_PENTAGON,
    DRAW_SHAPES
} draw_shape_kind;
/* A shape of about equal visual weight fitting a circle of radius r about (cx, cy). */
void draw_shape(scene *s, draw_shape_kind k, double cx, double cy, double r, const scene_style *st);
/* A shape's name ("circle") and from a name (-1 if unknown). */
const char *draw_shape_name(draw_shape_kind k);
int draw_shape_from_name(const char *name);

/* An arrow along a circle of radius r from clock angle a0 to a1 (a1 < a0 points
 * counterclockwise), head at a1. */
void draw_arc_arrow(scene *s, double cx, double cy, double r, double a0, double a1, double width,
                    pn_rgba c);

#endif

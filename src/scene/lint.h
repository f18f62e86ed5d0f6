/* lint.h: preflight of a laid-out page. One walk over a scene finds what will
 * print badly: items off the page or in the border printers cannot print,
 * overlapping text, text too small to read, lines too thin to print, adjacent
 * fills that look alike in greyscale or to red-green colour-blind players, and
 * characters no font has. Each finding goes to a callback with the template
 * place of the item (scene_origin); the library prints nothing. */
#ifndef PN_LINT_H
#define PN_LINT_H

#include "scene/scene.h"

#define LINT_MIN_TEXT_PT 6.0       /* smaller text is hard to read */
#define LINT_MIN_LINE_MM 0.1       /* thinner lines may not print */
#define LINT_MIN_DELTA_E 10.0      /* CIE76 colour difference two adjacent fills keep */
#define LINT_ADJACENT_MM 0.5       /* fills whose shapes come this close are adjacent */
#define LINT_MASK_PX_MM 4.0        /* shapes are compared as masks of this many pixels a mm, */
#define LINT_MASK_MAX_PX 256.0     /* at most this many on a side, */
#define LINT_MAX_SHAPE_TESTS 20000 /* and at most this many pairs on a page (then boxes decide) */
/* and at most this many path segments traced for them on a page: 20 000
 * tests of two rings of 3600 segments each took 55 s */
#define LINT_MAX_SHAPE_SEGS 2000000
/* a curve counts as this many segments where cairo flattens it to find
 * whether points lie in a shape (what a translucent fill lies on) */
#define LINT_CURVE_SEGS 16
/* a page background this light (CIELAB L*) prints like the paper: fills are
 * not compared with it */
#define LINT_PAPER_L 95.0
/* and at most this many pixels of masks drawn for them (the two fills and
 * the later fills over them, each over the window the test looks at, an
 * upright rectangle's a sixteenth: cairo fills it row by row): 4000 circles
 * of 150 mm on one another take about half a second */
#define LINT_MAX_SHAPE_PX 100000000
#define LINT_MAX_FILLS 4000      /* fills compared pairwise on one page (the first ones) */
#define LINT_TEXT_OVERLAP_MM 0.3 /* text boxes overlapping less than this are fine */
#define LINT_MAX_MARKS 256       /* printed codes a page is checked against */

/* Findings listed for one page; past it they are counted in one finding of
 * kind "sheet-limit" (line 0), and fills are no longer compared for colours. */
#define LINT_MAX_PAGE_FINDINGS 1000

typedef enum {
    LINT_CHEAP = 1, /* bounds, small text, thin lines */
    LINT_TEXT = 2,  /* overlapping text */
    LINT_COLOR = 4, /* fills alike in mono or to colour-blind eyes */
    LINT_GLYPHS = 8,
    LINT_ALL = 15,
} lint_checks;

/* One finding: kind is a short word ("off-page", "runs-off", "border",
 * "scan-mark", "text-size", "line-width", "overlap", "colour", "glyphs",
 * "sheet-limit", "colour-limit"); line and col the item's origin (0: none). */
typedef void (*lint_report)(void *user, int line, int col, const char *kind, const char *msg);

/* Walks s. border: mm along each edge printers cannot print (0 for a card,
 * which is cut out); bleed: mm past each edge that print and are cut off (a
 * card's bleed), which items may reach into. Returns the number of findings,
 * or -1 with err when the fonts cannot be loaded. */
int scene_lint(const scene *s, double border, double bleed, lint_checks checks, lint_report report,
               void *user, pn_err *err);

/* The colour seen with protanopia (which 0) or deuteranopia (1), full severity. */
pn_rgba lint_simulate_cvd(pn_rgba c, int which);
/* CIE76 difference of two colours (sRGB, D65). */
double lint_delta_e(pn_rgba a, pn_rgba b);

#endif

/* svgcheck.h: bounding the work of drawing an SVG image before librsvg draws
 * it. cairo builds every dash of a dashed stroke when librsvg asks for the
 * stroke's extents, all at once and without a limit: a path running to the
 * edge of cairo's range with a fine stroke-dasharray takes a gigabyte and
 * seconds, and a file may hold thousands of them. The check reads the
 * document with libxml2 (as librsvg does: entities expanded, no network),
 * finds every dash pattern (attributes, style attributes, style sheets) and
 * bounds the dashes every shape could draw: its outline length in its own
 * units over the finest pattern's mean dash, times how often it is drawn
 * (use, markers, masks, patterns, a group's properties for what it and its
 * uses draw), plus the SVG documents it draws as images. Lengths and dashes
 * are in the same user units, so transforms do not matter. It also bounds
 * the pixels of pattern tiles, which librsvg draws whole at the scale a
 * shape is drawn at: there every transform counts. What cannot be counted
 * is refused: relative dash units, style or elements from another file, an
 * element drawn inside itself. docs/robustness.md lists the limits. */
#ifndef PN_SVGCHECK_H
#define PN_SVGCHECK_H

#include <stddef.h>
#include "util/err.h"

/* Dashes one SVG image may draw, counted over every shape as if every shape
 * used the finest dash pattern of the document. */
#define SCENE_SVG_MAX_DASHES 2e6
/* Shapes one SVG image may draw, each as often as it is drawn (uses,
 * markers, a pattern's content for every shape the pattern fills). */
#define SCENE_SVG_MAX_DRAWS 1e6

/* Filters and masks (librsvg draws each on an image the SVG's own size):
 * pixels of those images kept, and steps of the filters' work. */
#define SCENE_SVG_MAX_FILTER_PIXELS 100e6
#define SCENE_SVG_MAX_FILTER_WORK 1.5e9
/* How much the transforms above a filtered element may enlarge it. */
#define SCENE_SVG_MAX_FILTER_SCALE 1e12

/* Characters of text drawn (pango's layout takes some 500 bytes for each),
 * and pieces of one text (librsvg lays each piece out with the whole text:
 * time in the square of their number). */
#define SCENE_SVG_MAX_CHARS 200e3
#define SCENE_SVG_MAX_TEXT_PIECES 5000

/* Vertices of paths drawn, each as often as it is drawn and weighted by
 * the widest stroke (1 + width / 50: a round join of a wide stroke takes
 * many segments). */
#define SCENE_SVG_MAX_STROKE_WORK 4e6

/* Gradient stops drawn: each fill records all its gradient's stops. */
#define SCENE_SVG_MAX_STOPS 10e6

/* SVG documents drawn as images inside an SVG image, one inside another. */
#define SCENE_SVG_MAX_NESTING 3

/* Pixels of the pictures an SVG draws inside it (PNG, JPEG, ..., and SVGs,
 * which librsvg draws as pixels at their own size), all together: librsvg
 * decodes each whole. */
#define SCENE_SVG_MAX_INNER_PIXELS 40000000.0

/* Attributes of one element: libxml2 2.9 (librsvg's parser) reads a tag in
 * time that grows with the square of its attributes. */
#define SCENE_SVG_MAX_ATTRIBUTES 10000u

/* Checks, on the bytes alone and before any parser reads them, that no
 * element of the SVG (entities' included) has more than
 * SCENE_SVG_MAX_ATTRIBUTES attributes: 0, or -1 with err (PN_EINPUT). */
int scene_svg_check_tags(const char *path, const char *bytes, size_t len, pn_err *err);

/* A pattern's tile, as pixels at the scale the SVG is drawn at, over the
 * pixels of the SVG itself: librsvg draws a whole tile however little of it
 * shows, each time it fills a shape. A tile may be this large: */
#define SCENE_SVG_MAX_TILE 2
/* and all the tiles drawn, added up: */
#define SCENE_SVG_MAX_TILES 100

/* The pattern tiles of an SVG, over its own area (as above), bounded. */
typedef struct scene_svg_tiles {
    double tile;  /* the largest */
    double tiles; /* all drawn */
} scene_svg_tiles;

/* Checks the SVG document of len bytes read from path (relative references
 * are resolved from its folder). 0 when it may be drawn, with *tiles (when
 * not NULL); -1 with err (PN_EINPUT, "PATH: line N: ...") when it would draw
 * too many dashes or too large pattern tiles, takes its style or elements
 * from another file, draws an element inside itself, or cannot be read the
 * way librsvg reads it; PN_EIO when libxml2 cannot be loaded. */
int scene_svg_check(const char *path, const char *bytes, size_t len, scene_svg_tiles *tiles,
                    pn_err *err);

#endif

/* textpath.h: a text run as glyph outlines, for a backend whose own fonts
 * cannot set it. pango lays the run out exactly as the cairo backend draws it
 * (same font map, same font, same place) and the outlines come back as a
 * cairo path in the scene's coordinates (mm, y down), to be filled with the
 * text's colour. */
#ifndef PN_TEXTPATH_H
#define PN_TEXTPATH_H

#include <cairo.h>
#include <pango/pango.h>
#include "scene/scene.h"
#include "util/err.h"

typedef struct pn_textpath pn_textpath;

/* A layout context on map (borrowed: the font map the text was measured with,
 * which must outlive it). NULL with err. Free with pn_textpath_free. */
pn_textpath *pn_textpath_new(PangoFontMap *map, pn_err *err);
/* The outlines of t's glyphs; the caller frees them with cairo_path_destroy.
 * NULL when cairo failed. */
cairo_path_t *pn_textpath_get(pn_textpath *tp, const scene_text *t);
/* Where bytes [start, end) of t's text fall along its baseline, in mm from
 * the start of the run (before its angle): *x0 to *x1. */
void pn_textpath_span(pn_textpath *tp, const scene_text *t, size_t start, size_t end, double *x0,
                      double *x1);
/* The outlines of only bytes [start, end) of t's text, placed where they fall
 * in the whole run. Freed like pn_textpath_get's; NULL when cairo failed. */
cairo_path_t *pn_textpath_get_part(pn_textpath *tp, const scene_text *t, size_t start, size_t end);
void pn_textpath_free(pn_textpath *tp);

#endif

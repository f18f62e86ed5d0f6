/* measure.h: text measurement with pango, done while laying out so that every
 * backend places text that already has a size. A measurer owns its font map
 * (fonts.h), a pango context and a cache of measurements; it is used by one
 * thread at a time (each library context owns one), and every scene that gets
 * text borrows one (scene_new). */
#ifndef PN_MEASURE_H
#define PN_MEASURE_H

#include <pango/pango.h>
#include "scene/scene.h"
#include "util/fonts.h"

/* A new measurer on a new private font map. NULL + err when the fonts are
 * missing. Caller frees with scene_measurer_free. */
scene_measurer *scene_measurer_new(pn_err *err);
void scene_measurer_free(scene_measurer *m);

/* The measurer for text in m's fonts plus the n font files of a template
 * (fonts.h), kept in m and made on first use: a font map of its own over a
 * fontconfig configuration of its own. m itself when n is 0. Borrowed: it
 * lives as long as m, or until m has been asked for more than 8 other sets
 * of files. NULL + err when fontconfig cannot read a file. */
scene_measurer *scene_measurer_with_fonts(scene_measurer *m, pn_font_file *const *files, unsigned n,
                                          pn_err *err);

/* With ok, text with characters no font has is measured (as pango would draw
 * it, with boxes) instead of being an error, for lint to report; the setting
 * holds for m and every measurer made from it. Off by default. */
void scene_measurer_allow_missing(scene_measurer *m, bool ok);

/* What one character of text costs to set with m's fonts, in characters of
 * the system's fonts: 1, or with a template's own fonts the heaviest one's
 * weight (fonts.h, PN_FONT_SHAPE_UNIT). Every character counts so, whichever
 * font sets it: pango may fall back to an own font for a character the
 * family asked for lacks. NULL counts 1. */
unsigned scene_measurer_weight(const scene_measurer *m);

/* The measurer's font map, for a backend drawing what it measured (borrowed:
 * lives as long as the measurer). */
PangoFontMap *scene_measurer_fonts(const scene_measurer *m);

/* The pango context text is measured with (borrowed: lives as long as m), for
 * laying out blocks of text (wrap.h) with the same fonts and options. */
PangoContext *scene_measurer_context(const scene_measurer *m);

/* Width, ascent and descent in mm of utf8 set in font. 0, or -1 with err. */
int scene_measure(scene_measurer *m, const scene_font *font, const char *utf8, double *width,
                  double *ascent, double *descent, pn_err *err);

/* The box of the ink of utf8 set in font, in mm from the start of its
 * baseline (x0, y0, x1, y1; y0 above the baseline, so negative): where its
 * glyphs draw, not the font's line height. False when it draws nothing (no
 * measurer, blanks only). */
bool scene_measure_ink(scene_measurer *m, const scene_font *font, const char *utf8, double ink[4]);

/* The largest size (pt, at most font->size, at least min_size) at which utf8 fits
 * into max_width mm, measured with s's measurer. */
double scene_fit_size(const scene *s, const scene_font *font, const char *utf8, double max_width,
                      double min_size);

#define PN_PT_TO_MM (25.4 / 72.0)
#define PN_MM_TO_PT (72.0 / 25.4)

#endif

/* measure.h: text measurement with pango, done while laying out so that every
 * backend places text that already has a size. */
#ifndef PN_MEASURE_H
#define PN_MEASURE_H

#include <pango/pango.h>
#include "scene/scene.h"

/* The pango context text is measured with (borrowed), for laying out blocks of
 * text (wrap.h) with the same fonts and options. NULL + err without fonts. */
PangoContext *scene_measure_context(pn_err *err);

/* Width, ascent and descent in mm of utf8 set in font. 0, or -1 with err. */
int scene_measure(const scene_font *font, const char *utf8, double *width, double *ascent,
                  double *descent, pn_err *err);

/* The largest size (pt, at most font->size, at least min_size) at which utf8 fits
 * into max_width mm. */
double scene_fit_size(const scene_font *font, const char *utf8, double max_width, double min_size);

#define PN_PT_TO_MM (25.4 / 72.0)
#define PN_MM_TO_PT (72.0 / 25.4)

#endif

/* fonts.h: the process-wide font set. pnpkit builds a private fontconfig
 * configuration from the embedded fonts/fonts.conf (Debian's DejaVu and Comic
 * Neue only) and one pango font map over it, so every run measures and draws
 * with exactly the same fonts. Not thread-safe; created on first use. */
#ifndef PN_FONTS_H
#define PN_FONTS_H

#include <pango/pango.h>
#include "util/err.h"

#define PN_FONT_PRINT "DejaVu Sans"
#define PN_FONT_HAND "Comic Neue"

/* The shared font map (borrowed; lives until pn_fonts_shutdown). NULL + err when
 * the configured fonts are missing. */
PangoFontMap *pn_fonts_map(pn_err *err);

/* Applies the options every layout uses: 72 units per inch (1 unit = 1 pt),
 * no hinting and no glyph-position rounding, so sizes do not depend on the device. */
void pn_fonts_setup_context(PangoContext *ctx);

/* Text is laid out at this size (pt) and scaled to the size wanted. pango makes
 * a font for every size (a fontconfig sort and a metrics layout, far dearer
 * than laying out a line), while outlines without hinting scale exactly: so
 * all sizes of a face share one font. */
#define PN_FONT_LAYOUT_SIZE 100.0

/* A new layout of utf8 in family/size (pt)/bold/italic on ctx. Caller unrefs. */
PangoLayout *pn_fonts_layout(PangoContext *ctx, const char *family, double size, int bold,
                             int italic, const char *utf8);

/* Releases the font map (for leak checkers). */
void pn_fonts_shutdown(void);

#endif

/* glyphs.h: text the fonts cannot draw. When pango has no glyph for some
 * characters of a text, glyph_missing_err names them and the Debian font
 * package that has them (a small table of scripts), so that pnpkit never
 * draws a hex box silently. */
#ifndef PN_GLYPHS_H
#define PN_GLYPHS_H

#include <pango/pango.h>
#include "scene/scene.h"

/* The Debian package with fonts for character c that pnpkit's font
 * configuration (fonts/fonts.conf) uses when it is installed, or NULL. */
const char *glyph_package(gunichar c);

/* Finds the characters of utf8 (valid UTF-8) that no font of ctx draws in
 * font, and sets err to say which and where to get them. Returns -1 when
 * there are such characters, 0 when each character alone has a glyph. */
int glyph_missing_err(PangoContext *ctx, const scene_font *font, const char *utf8, pn_err *err);

#endif

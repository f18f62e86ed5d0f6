/* sfnt_draw.h: what a template's font file would cost to draw, read from its
 * tables before FreeType, HarfBuzz or cairo see it. Those libraries bound
 * what a damaged font may make them read, not what a well-formed one may make
 * them do: a composite glyph built of two copies of a glyph built of two
 * copies of ... (1.7 KB, 24 levels) took a minute and 1.6 GB to draw; a glyph
 * of 32 000 points zig-zagging across its em took a PNG 37 s; a colour glyph
 * whose PNG claims 16000x16000 pixels (a 1 MB font) took 50 s and 2.3 GB.
 * Nothing here allocates what the caller frees. */
#ifndef PN_SFNT_DRAW_H
#define PN_SFNT_DRAW_H

#include <glib.h>
#include <stdbool.h>

/* Glyphs a composite glyph may load, counting the glyphs its parts load:
 * 1 + the parts' own loads. A system's fonts load at most a handful. */
#define PN_SFNT_MAX_GLYPH_LOADS 1024
/* Composite glyphs nested deeper than this are refused. */
#define PN_SFNT_MAX_GLYPH_DEPTH 16
/* The points of one glyph, its parts' included. */
#define PN_SFNT_MAX_GLYPH_POINTS 32768
/* The length of one glyph's outline (its line and curve control polygon
 * edges, across plus down, parts scaled as they are placed), in ems: what
 * a rasterizer sweeps. A letter is 3 to 10, the busiest symbol of the
 * system's fonts some 30. */
#define PN_SFNT_MAX_GLYPH_OUTLINE 1000.0
/* A colour glyph's picture (sbix and CBDT tables), a side and in all. */
#define PN_SFNT_MAX_BITMAP_SIDE 1024
#define PN_SFNT_MAX_BITMAP_PIXELS (256LL * 1000 * 1000)

/* The first thing in the font d (n bytes) that would make drawing its glyphs
 * slow or greedy, in words for a message, or NULL. d must have passed
 * pn_sfnt_damage(d, n, truetype), truetype when it has glyf outlines. */
const char *pn_sfnt_draw_damage(const guint8 *d, gsize n, bool truetype);

#endif

/* cff.h: the CFF table of an OpenType font ('OTTO', table 'CFF ') checked
 * before FreeType draws it and cairo's PDF subsetter embeds it. cairo 1.16
 * trusts the table: a negative subroutine number aborts it and a font dict
 * index past the FDArray crashes it. FreeType stops a glyph only after 20
 * million operators and cairo walks subroutine calls again and again, so a
 * few hundred bytes of nested calls can take a minute to embed. The check
 * reads the header, the INDEXes and DICTs the two libraries use, the
 * FDSelect of a CID-keyed font, and walks every glyph's charstring both the
 * way cairo does and the way FreeType does, counting the work. It allocates
 * nothing the caller frees. */
#ifndef PN_CFF_H
#define PN_CFF_H

#include <glib.h>

/* The most charstring bytes one glyph may take to interpret, every
 * subroutine call expanded (the bound on FreeType's and cairo's work for it).
 * The largest glyph of the six Comic Neue fonts takes 251 bytes; 64 KB leaves
 * room for the most complex real glyphs while a subroutine bomb stops here. */
#define PN_CFF_MAX_GLYPH_BYTES (64 * 1024)
/* The most all glyphs of a font may take together, each expanded: Comic Neue
 * takes under 40 KB; 64 MB is some tens of milliseconds to walk. */
#define PN_CFF_MAX_FONT_BYTES (64 * 1024 * 1024)
/* The most numbers one glyph may give its drawing operators (a line segment
 * takes one or two, a curve four to six): a few bytes a segment can give a
 * glyph 30000 segments within 64 KB, which FreeType's rasterizer takes
 * seconds or more to fill at large sizes. Comic Neue's largest gives 176. */
#define PN_CFF_MAX_GLYPH_POINTS 8192
/* The length of one glyph's outline, across plus down, in the font's units
 * (1000 an em in a CFF font but for a rare FontMatrix): 1000 ems, as for a
 * TrueType glyph (sfnt_draw.h). Long edges each across the em are what a
 * rasterizer is slowest to fill: 8000 of them took a PNG 6.5 s at 200 pt. */
#define PN_CFF_MAX_GLYPH_OUTLINE (1000 * 1000)

/* The first thing wrong with the CFF table d (n bytes) of an OpenType font, in
 * words for a message ("its CFF outlines call a subroutine they lack"), or NULL. */
const char *pn_cff_damage(const guint8 *d, gsize n);

#endif

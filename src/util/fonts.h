/* fonts.h: pnpkit's font set. Every font map is built over a private fontconfig
 * configuration from the embedded fonts/fonts.conf (Debian's DejaVu and Comic
 * Neue only), so every run measures and draws with exactly the same fonts. The
 * process's current fontconfig configuration is never changed. A font map is
 * used by one thread at a time (pango's font maps are not thread-safe); each
 * library context owns one. */
#ifndef PN_FONTS_H
#define PN_FONTS_H

#include <pango/pango.h>
#include <stdbool.h>
#include "util/err.h"

#define PN_FONT_PRINT "DejaVu Sans"
#define PN_FONT_HAND "Comic Neue"

/* A new font map over the private configuration (caller unrefs). NULL + err
 * when the configured fonts are missing. */
PangoFontMap *pn_fonts_new_map(pn_err *err);

/* Font files a template ships beside it (`fonts:`): at most this many, each
 * at most this large, each one TrueType or OpenType font (not a collection). */
#define PN_FONT_FILES_MAX 8
#define PN_FONT_FILE_MAX_BYTES (16 << 20)
#define PN_SFNT_MAX_NAME_TEXT (1 << 20) /* bytes of name text libharu may copy */
#define PN_SFNT_MAX_GLYPH_PARTS 1000000 /* composite parts libharu may walk */

/* One font file, as fontconfig reads it. */
typedef struct pn_font_file {
    char *path;   /* owned */
    char *family; /* its (first) family name, owned */
    bool bold, italic;
    bool truetype; /* glyf outlines (a PDF can embed it as TrueType); else CFF */
    long long size, mtime;
    unsigned shape_weight; /* what one character set in it may cost (PN_FONT_SHAPE_UNIT) */
} pn_font_file;

/* A template's own font is weighed by the work its GSUB and GPOS rules may
 * make HarfBuzz do per character (otl.h), against what a character of the
 * system's fonts costs: a font made to be slow just under the bound of 25 000
 * took 0.5 ms a character, some 20 ns per unit, where DejaVu Sans takes about
 * 1 microsecond. So a character set in an own font counts as
 * max(1, work / PN_FONT_SHAPE_UNIT) characters against the page's and the
 * document's budgets of text to shape (scene.h, render.h). The work is a
 * bound, not a measure: Comic Neue's is 2 406 (weight 48) though it sets
 * text as fast as DejaVu, so the budgets leave room for that. */
#define PN_FONT_SHAPE_UNIT 50

/* The table tag ("glyf") of the font d, or NULL; *len gets its length. The
 * table directory must have been found whole by pn_sfnt_damage, which also
 * checks that every table lies within the file. */
const guint8 *pn_sfnt_table(const guint8 *d, const char *tag, gsize *len);

/* What is damaged in the TrueType or OpenType file d (n bytes), in words
 * for a message, or NULL: its table directory, name table and format 4 cmap
 * (which cairo's subsetter reads unchecked); with metrics, also its hmtx
 * and loca tables against its glyph count (which libharu reads unchecked,
 * for a font it embeds whole). */
const char *pn_sfnt_damage(const guint8 *d, gsize n, bool metrics);

/* What libharu's TrueType reader (which embeds the --ttf font) would trip on
 * in a font pn_sfnt_damage(d, n, true) finds whole, in words, or NULL: the
 * head table's units per em (it divides by them); tables that overlap, or
 * names of over PN_SFNT_MAX_NAME_TEXT bytes (it copies them whole); widths or
 * a bounding box over 32 em (it keeps them in 16 bits); a composite glyph
 * whose components run past it, or over PN_SFNT_MAX_GLYPH_PARTS components
 * in all glyphs (it walks them with a seek for each); and
 * the character map it uses, the first Windows Unicode one in format 4, whose
 * every character must lead to a glyph the font has (it reads each glyph's
 * place unchecked). */
const char *pn_sfnt_embed_damage(const guint8 *d, gsize n);

/* Reads path: a regular file of at most PN_FONT_FILE_MAX_BYTES holding one
 * TrueType or OpenType font FreeType can read. Returns a new pn_font_file
 * (free with pn_font_file_free), or NULL + err (a message without the path). */
pn_font_file *pn_font_file_probe(const char *path, pn_err *err);
void pn_font_file_free(pn_font_file *f);

/* A new font map like pn_fonts_new_map's, with the n files added to its own
 * fontconfig configuration (nothing process-wide changes). Caller unrefs. */
PangoFontMap *pn_fonts_new_map_with(pn_font_file *const *files, unsigned n, pn_err *err);

/* Whether font (one a layout of map's chose) was read from one of the files
 * map was made with: a template's own font, from anyone. */
bool pn_fonts_is_own(PangoFontMap *map, PangoFont *font);

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

#endif

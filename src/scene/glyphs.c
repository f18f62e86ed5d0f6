/* glyphs.c: naming the characters a text's fonts lack, and the package that
 * has them. */
#include "scene/glyphs.h"

#include <string.h>
#include "util/fonts.h"

/* Scripts and symbols no font pnpkit ships covers, and the Debian package with
 * fonts for them that fonts/fonts.conf reads when it is installed (Symbola has
 * every character of its ranges here; emoji newer than Unicode 9 are in no
 * outline font Debian packages). */
static const struct {
    gunichar first, last;
    const char *package;
} packages[] = {
    {0x1100, 0x11FF, "fonts-noto-cjk"},   /* Hangul Jamo */
    {0x2600, 0x27BF, "fonts-symbola"},    /* miscellaneous symbols, dingbats */
    {0x2E80, 0x2FDF, "fonts-noto-cjk"},   /* CJK radicals, Kangxi radicals */
    {0x2FF0, 0x31FF, "fonts-noto-cjk"},   /* CJK symbols, kana, Bopomofo, Hangul compat. */
    {0x3200, 0x4DBF, "fonts-noto-cjk"},   /* enclosed CJK, compatibility, extension A */
    {0x4E00, 0x9FFF, "fonts-noto-cjk"},   /* CJK unified ideographs */
    {0xA960, 0xA97F, "fonts-noto-cjk"},   /* Hangul Jamo extended A */
    {0xAC00, 0xD7FF, "fonts-noto-cjk"},   /* Hangul syllables, Jamo extended B */
    {0xF900, 0xFAFF, "fonts-noto-cjk"},   /* CJK compatibility ideographs */
    {0xFE30, 0xFE4F, "fonts-noto-cjk"},   /* CJK compatibility forms */
    {0xFF00, 0xFFEF, "fonts-noto-cjk"},   /* half- and full-width forms */
    {0x1F000, 0x1F02F, "fonts-symbola"},  /* mahjong tiles */
    {0x1F0A0, 0x1F0FF, "fonts-symbola"},  /* playing cards */
    {0x1F300, 0x1F64F, "fonts-symbola"},  /* pictographs (the dice U+1F3B2), emoticons */
    {0x20000, 0x3134F, "fonts-noto-cjk"}, /* CJK extensions B to G */
};

#define GLYPH_SHOWN_MAX 8 /* characters named in a message */

const char *glyph_package(gunichar c)
{
    for (size_t i = 0; i < G_N_ELEMENTS(packages); i++)
        if (c >= packages[i].first && c <= packages[i].last) return packages[i].package;
    return NULL;
}

/* True when pango draws c in font with a real glyph. */
static bool has_glyph(PangoContext *ctx, const scene_font *font, gunichar c)
{
    char one[8] = {0};
    g_unichar_to_utf8(c, one);
    PangoLayout *l =
        pn_fonts_layout(ctx, font->family, PN_FONT_LAYOUT_SIZE, font->bold, font->italic, one);
    bool ok = pango_layout_get_unknown_glyphs_count(l) == 0;
    g_object_unref(l);
    return ok;
}

int glyph_missing_err(PangoContext *ctx, const scene_font *font, const char *utf8, pn_err *err)
{
    GString *chars = g_string_new(NULL), *codes = g_string_new(NULL);
    const char *package = NULL;
    bool other = false; /* a character no known package has */
    int missing = 0;
    GHashTable *seen = g_hash_table_new(NULL, NULL);
    /* Control characters but line ends and tabs: pango draws them as boxes. */
    GString *controls = g_string_new(NULL);
    int ncontrols = 0;
    for (const char *p = utf8; *p; p = g_utf8_next_char(p)) {
        gunichar c = g_utf8_get_char(p);
        if (g_unichar_iscntrl(c) && c != '\n' && c != '\r' && c != '\t' &&
            g_hash_table_add(seen, GUINT_TO_POINTER(c)) && ncontrols++ < GLYPH_SHOWN_MAX)
            g_string_append_printf(controls, "%sU+%04X", ncontrols > 1 ? ", " : "", (unsigned)c);
    }
    if (ncontrols) {
        pn_err_set(err, PN_EINPUT,
                   "the control character%s %s%s would print as %s: take %s out of the text",
                   ncontrols == 1 ? "" : "s", controls->str,
                   ncontrols > GLYPH_SHOWN_MAX ? ", ..." : "", ncontrols == 1 ? "a box" : "boxes",
                   ncontrols == 1 ? "it" : "them");
        g_string_free(controls, TRUE);
        g_string_free(chars, TRUE);
        g_string_free(codes, TRUE);
        g_hash_table_destroy(seen);
        return -1;
    }
    g_string_free(controls, TRUE);
    for (const char *p = utf8; *p; p = g_utf8_next_char(p)) {
        gunichar c = g_utf8_get_char(p);
        if (g_unichar_iscntrl(c) || g_unichar_isspace(c) || g_unichar_type(c) == G_UNICODE_FORMAT ||
            !g_hash_table_add(seen, GUINT_TO_POINTER(c)) || has_glyph(ctx, font, c))
            continue;
        if (missing < GLYPH_SHOWN_MAX) {
            g_string_append(chars, missing ? ", " : "");
            g_string_append_unichar(chars, c);
            g_string_append_printf(codes, "%sU+%04X", missing ? ", " : "", (unsigned)c);
        }
        missing++;
        const char *pk = glyph_package(c);
        if (pk && !package) package = pk;
        if (!pk) other = true;
    }
    g_hash_table_destroy(seen);
    if (missing) {
        const char *more = missing > GLYPH_SHOWN_MAX ? ", ..." : "";
        if (package && !other)
            pn_err_set(err, PN_EINPUT,
                       "no font pnpkit uses has %s (%s%s); the Debian package %s has them "
                       "(install it and pnpkit uses it)",
                       chars->str, codes->str, more, package);
        else if (package)
            pn_err_set(err, PN_EINPUT,
                       "no font pnpkit uses has %s (%s%s); the Debian package %s has some of "
                       "them, and no package pnpkit knows of has the others",
                       chars->str, codes->str, more, package);
        else
            pn_err_set(err, PN_EINPUT,
                       "no font pnpkit uses has %s (%s%s), and no Debian font package pnpkit "
                       "knows of has %s",
                       chars->str, codes->str, more, missing == 1 ? "it" : "them");
    }
    g_string_free(chars, TRUE);
    g_string_free(codes, TRUE);
    return missing ? -1 : 0;
}

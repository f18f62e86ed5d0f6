/* fuzz_sfnt.c: libFuzzer harness for pnpkit's own reading of a TrueType or
 * OpenType file's tables (pn_sfnt_damage in src/util/fonts.c): the table
 * directory, the name table, the format 4 cmap and, with metrics, hmtx and
 * loca against the glyph count, for a font whole with them what libharu
 * reads of it besides (pn_sfnt_embed_damage), and for a whole font what
 * drawing it would cost (pn_sfnt_draw_damage: glyf outlines and composites,
 * the CFF table's charstrings, colour glyphs' PNGs, GSUB and GPOS rules).
 * The font harness reaches it behind fontconfig and a whole render, under a
 * hundred inputs a second; this one reads the bytes alone. Checks: a verdict
 * is a short line of plain ASCII, and a font whole with its metrics is whole
 * without them (the metrics only add checks). */
#include "fuzz/fuzz_util.h"
#include "util/fonts.h"
#include "util/sfnt_draw.h"

static void check_words(const char *why)
{
    if (!why) return;
    size_t n = strlen(why);
    bool ok = n > 0 && n < 200;
    for (size_t i = 0; ok && i < n; i++)
        ok = why[i] >= 0x20 && why[i] < 0x7f;
    if (!ok) {
        fprintf(stderr, "fuzz: a bad verdict: '%s'\n", why);
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* A copy of exactly size bytes, so reading past the end is caught. */
    guint8 *d = g_memdup2(data, size);
    const char *plain = pn_sfnt_damage(d, size, false);
    const char *metrics = pn_sfnt_damage(d, size, true);
    check_words(plain);
    check_words(metrics);
    if (plain && !metrics) {
        fprintf(stderr, "fuzz: damaged without metrics (%s) but whole with them\n", plain);
        abort();
    }
    if (!metrics) check_words(pn_sfnt_embed_damage(d, size));
    /* as a template's font is read: with metrics when it has glyf outlines */
    gsize len;
    bool truetype = !plain && (pn_sfnt_table(d, "glyf", &len) || pn_sfnt_table(d, "loca", &len));
    if (!(truetype ? metrics : plain)) check_words(pn_sfnt_draw_damage(d, size, truetype));
    g_free(d);
    return 0;
}

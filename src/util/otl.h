/* otl.h: a bound on the work a font's GSUB or GPOS table may make HarfBuzz
 * do per glyph of text. HarfBuzz bounds the lookups it applies, not the glyphs
 * one contextual rule compares: a font whose rules are long or many (one
 * lookahead of thousands of glyphs, shared by a thousand lookups) kept one
 * text shaping for minutes. So a template's own font is refused when its
 * lookups' rules, summed, would compare more than PN_OTL_MAX_WORK glyphs at
 * one text position. Nothing here allocates what the caller frees. */
#ifndef PN_UTIL_OTL_H
#define PN_UTIL_OTL_H

#include <glib.h>
#include <stdbool.h>

/* Glyph comparisons (and lookups and subtables tried) one character of text
 * may cost: summed over all lookups of one table, times the glyphs a
 * character may grow to (GSUB's multiple substitutions; 64 for GPOS, which
 * cannot see them), plus nested lookups (below). The fonts pnpkit uses and the
 * fuzz seeds come to at most 2,432 (DejaVu Sans's GPOS; its GSUB 2,162);
 * fonts made to be slow at 40,000 took pnpkit 1.5 to 5 s on one text of 4096
 * characters (where one past it took minutes), and a page holds many texts:
 * 25,000 leaves ordinary fonts a tenfold margin. */
#define PN_OTL_MAX_WORK 25000

/* HarfBuzz (HB_BUFFER_MAX_OPS_FACTOR in 6.0) lets a text of n glyphs make
 * 1024 n nested lookup calls, from contextual rules' lookup records, all of
 * which may fall at one position: a lookup so named may be applied this many
 * times per glyph of text. */
#define PN_OTL_NESTED_CALLS 1024

/* Structures (lookups, subtables, rule sets, rules, lookup records) the
 * check walks at most; subtables shared by many lookups are walked once for
 * each, and a table past this is refused as too complex to check. DejaVu
 * Sans walks 179; 2^24 took 0.17 s under AddressSanitizer for a 7 KB table
 * the fuzzer made. */
#define PN_OTL_MAX_STEPS (1u << 20)

/* The first thing in the GSUB (gpos false) or GPOS table d (n bytes) that
 * would make shaping text slow, in words for a message, or NULL. Parts of the
 * table that point outside it are skipped, as HarfBuzz's sanitizer would drop
 * them; a table whose header HarfBuzz would not read is NULL. */
const char *pn_otl_damage(const guint8 *d, gsize n, bool gpos);

/* The work pn_otl_damage compares with PN_OTL_MAX_WORK (for tests and
 * measurements); counting stops soon after the bound is passed. */
guint64 pn_otl_work(const guint8 *d, gsize n, bool gpos);

#endif

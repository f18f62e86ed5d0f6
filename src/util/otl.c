/* otl.c: estimates the work HarfBuzz may do per text position with a font's
 * GSUB or GPOS table, so that a template's own font whose contextual rules
 * would keep pango shaping for hours is refused before it is used. */
#include "util/otl.h"
#include "util/bytes.h"

/* HarfBuzz (6.0, HB_MAX_CONTEXT_LENGTH) refuses a rule whose input sequence
 * is longer than this before comparing any glyph; backtrack and lookahead
 * have no such limit, so they are counted whole. */
#define OTL_MAX_INPUT 64

/* HarfBuzz (6.0, HB_BUFFER_MAX_LEN_FACTOR) grows a text to at most this many
 * glyphs per character. */
#define OTL_MAX_GROWTH 64

typedef struct otl {
    const guint8 *d;
    gsize n;
    bool gpos;
    guint64 steps;      /* structures walked, against PN_OTL_MAX_STEPS */
    bool nested;        /* some rule names a lookup to apply */
    unsigned longest;   /* the longest sequence a multiple substitution puts for one glyph */
    guint8 named[8192]; /* which lookups (of 65536) rules name, one bit each */
} otl;

/* Whether len bytes at at lie in the table. */
static bool fits(const otl *t, gsize at, gsize len)
{
    return at <= t->n && len <= t->n - at;
}

/* The 16-bit number at at, or 0 past the table's end (a count of nothing, a
 * null offset). */
static unsigned u16(const otl *t, gsize at)
{
    return fits(t, at, 2) ? pn_be16(t->d + at) : 0;
}

/* Where the 16-bit offset at field (from base) points, or 0 for a null
 * offset: position 0 is the table's header, never a subtable. */
static gsize at16(const otl *t, gsize base, gsize field)
{
    unsigned off = u16(t, field);
    return off ? base + off : 0;
}

/* Counts one more structure walked; false once there were too many. */
static bool step(otl *t)
{
    return ++t->steps <= PN_OTL_MAX_STEPS;
}

/* Notes the lookups named by the count lookup records at at (4 bytes each:
 * a sequence index, then a lookup index). */
static void name_lookups(otl *t, gsize at, unsigned count)
{
    if (!fits(t, at, 4 * (gsize)count)) return;
    for (unsigned i = 0; i < count && step(t); i++) {
        unsigned lookup = pn_be16(t->d + at + 4 * i + 2);
        t->named[lookup >> 3] |= (guint8)(1u << (lookup & 7));
        t->nested = true;
    }
}

/* The glyphs a rule compares at one position, at least 1 (trying it at all);
 * the input counted up to OTL_MAX_INPUT (see there). */
static guint64 rule_glyphs(unsigned backtrack, unsigned input, unsigned lookahead)
{
    guint64 sum = (guint64)backtrack + MIN(input, OTL_MAX_INPUT) + lookahead;
    return MAX(sum, 1);
}

/* A chained rule at r: backtrack, input and lookahead arrays of 16-bit items,
 * each after its count, then lookup records. The input array of formats 1 and
 * 2 leaves out the first glyph (skip 1); format 3's has it (skip 0). 0 when
 * the rule runs past the table (HarfBuzz drops it). */
static guint64 chain_rule(otl *t, gsize r, unsigned skip)
{
    if (!r || !step(t)) return 0;
    unsigned bt = u16(t, r);
    gsize at = r + 2 + 2 * (gsize)bt;
    unsigned in = u16(t, at);
    if (in < skip) return 0;
    at += 2 + 2 * (gsize)(in - skip);
    unsigned la = u16(t, at);
    at += 2 + 2 * (gsize)la;
    if (!fits(t, at, 2)) return 0;
    name_lookups(t, at + 2, u16(t, at));
    return rule_glyphs(bt, in, la);
}

/* A (non-chained) rule of format 1 or 2 at r: glyph count, record count, the
 * input after its first glyph, then the records. */
static guint64 context_rule(otl *t, gsize r)
{
    if (!r || !step(t)) return 0;
    unsigned in = u16(t, r), records = u16(t, r + 2);
    if (!in || !fits(t, r + 4, 2 * (gsize)(in - 1))) return 0;
    name_lookups(t, r + 4 + 2 * (gsize)(in - 1), records);
    return rule_glyphs(0, in, 0);
}

/* The dearest rule set of a format 1 or 2 subtable whose set count is at
 * field (offsets after it, from s): a text position picks one set, by its
 * glyph or its glyph's class, and tries every rule of it until one matches. */
static guint64 rule_sets(otl *t, gsize s, gsize field, bool chained)
{
    unsigned sets = u16(t, field);
    if (!fits(t, field + 2, 2 * (gsize)sets)) return 0;
    guint64 dearest = 0;
    for (unsigned i = 0; i < sets && step(t); i++) {
        gsize set = at16(t, s, field + 2 + 2 * (gsize)i);
        unsigned rules = u16(t, set);
        if (!set || !fits(t, set + 2, 2 * (gsize)rules)) continue;
        guint64 sum = 0;
        for (unsigned k = 0; k < rules; k++) {
            gsize r = at16(t, set, set + 2 + 2 * (gsize)k);
            sum += chained ? chain_rule(t, r, 1) : context_rule(t, r);
        }
        dearest = MAX(dearest, sum);
    }
    return dearest;
}

/* A contextual subtable (GSUB 5, GPOS 7) at s. */
static guint64 context_cost(otl *t, gsize s)
{
    switch (u16(t, s)) {
    case 1:
        return rule_sets(t, s, s + 4, false);
    case 2:
        return rule_sets(t, s, s + 6, false);
    case 3: {
        unsigned in = u16(t, s + 2), records = u16(t, s + 4);
        if (!fits(t, s + 6, 2 * (gsize)in)) return 0;
        name_lookups(t, s + 6 + 2 * (gsize)in, records);
        return rule_glyphs(0, in, 0);
    }
    }
    return 0;
}

/* A chained contextual subtable (GSUB 6, GPOS 8) at s. */
static guint64 chain_cost(otl *t, gsize s)
{
    switch (u16(t, s)) {
    case 1:
        return rule_sets(t, s, s + 4, true);
    case 2:
        return rule_sets(t, s, s + 10, true);
    case 3:
        return chain_rule(t, s + 2, 0);
    }
    return 0;
}

/* A reverse chained single substitution (GSUB 8) at s: it too compares its
 * backtrack and lookahead at every position its coverage has. */
static guint64 reverse_cost(otl *t, gsize s)
{
    if (u16(t, s) != 1) return 0;
    unsigned bt = u16(t, s + 4);
    gsize at = s + 6 + 2 * (gsize)bt;
    if (!fits(t, at, 2)) return 0;
    return rule_glyphs(bt, 1, u16(t, at));
}

/* A multiple substitution (GSUB 2) at s: notes the most glyphs it puts in
 * place of one, as text so grown is shaped by every later lookup. */
static void multiple_growth(otl *t, gsize s)
{
    unsigned sequences = u16(t, s + 4);
    if (u16(t, s) != 1 || !fits(t, s + 6, 2 * (gsize)sequences)) return;
    for (unsigned i = 0; i < sequences && step(t); i++) {
        gsize seq = at16(t, s, s + 6 + 2 * (gsize)i);
        if (seq && fits(t, seq + 2, 2 * (gsize)u16(t, seq)))
            t->longest = MAX(t->longest, u16(t, seq));
    }
}

/* The glyphs the subtable at s of a lookup of type type compares at one
 * position, at least 1 (its coverage is looked at). An extension (GSUB 7, GPOS
 * 9) is followed once: one naming another extension is skipped, as
 * HarfBuzz's sanitizer refuses it. */
static guint64 subtable_cost(otl *t, unsigned type, gsize s, bool extension_ok)
{
    if (!s || !fits(t, s, 2)) return 0;
    unsigned extension = t->gpos ? 9 : 7, context = t->gpos ? 7 : 5;
    if (type == extension) {
        gsize off = fits(t, s + 4, 4) ? pn_be32(t->d + s + 4) : 0;
        if (!extension_ok || u16(t, s) != 1 || !off || off >= t->n - s) return 0;
        return subtable_cost(t, u16(t, s + 2), s + off, false);
    }
    guint64 glyphs = 0;
    if (type == context)
        glyphs = context_cost(t, s);
    else if (type == context + 1)
        glyphs = chain_cost(t, s);
    else if (type == 8 && !t->gpos)
        glyphs = reverse_cost(t, s);
    else if (type == 2 && !t->gpos)
        multiple_growth(t, s);
    return MAX(glyphs, 1);
}

/* The work of one lookup at one position: 1 for trying it, and each
 * subtable's, as HarfBuzz tries them in turn until one applies. */
static guint64 lookup_cost(otl *t, gsize l)
{
    if (!l || !fits(t, l, 6) || !step(t)) return 0;
    unsigned type = u16(t, l), subtables = u16(t, l + 4);
    if (!fits(t, l + 6, 2 * (gsize)subtables)) return 0;
    guint64 sum = 1;
    for (unsigned i = 0; i < subtables && step(t); i++)
        sum += subtable_cost(t, type, at16(t, l, l + 6 + 2 * (gsize)i), true);
    return sum;
}

/* How many glyphs HarfBuzz may shape per character of text: a multiple
 * substitution grows the text its later lookups see (a lookup, once per
 * glyph, by its longest sequence), up to HarfBuzz's own limit. Applied by a
 * rule, one may be applied any number of times; GPOS is shaped after GSUB,
 * whose growth it cannot see here. */
static guint64 growth(const otl *t, const guint16 *longest, unsigned lookups)
{
    if (t->gpos) return OTL_MAX_GROWTH;
    guint64 g = 1;
    for (unsigned i = 0; i < lookups; i++) {
        if (longest[i] > 1 && t->named[i >> 3] & (1u << (i & 7))) return OTL_MAX_GROWTH;
        g = MIN(g * MAX(longest[i], 1), OTL_MAX_GROWTH); /* 0: not walked */
    }
    return g;
}

/* The work estimate (see otl.h), or G_MAXUINT64 when there was too much to
 * walk. Each lookup may be applied at every glyph (all are counted, in a
 * feature or not), of which there may be growth() per character; a lookup
 * that rules name may be applied PN_OTL_NESTED_CALLS times more per
 * character, so the dearest of those is counted so many times again. */
static guint64 work(otl *t)
{
    if (t->n < 10 || u16(t, 0) != 1 || u16(t, 2) > 1) return 0;
    gsize list = at16(t, 0, 8);
    unsigned lookups = u16(t, list);
    if (!list || !lookups || !fits(t, list + 2, 2 * (gsize)lookups)) return 0;
    guint64 *cost = g_new0(guint64, lookups), sum = 0, named = 0;
    guint16 *longest = g_new0(guint16, lookups);
    for (unsigned i = 0; i < lookups && sum <= PN_OTL_MAX_WORK; i++) {
        t->longest = 1;
        cost[i] = lookup_cost(t, at16(t, list, list + 2 + 2 * (gsize)i));
        longest[i] = (guint16)t->longest;
        sum += cost[i];
    }
    for (unsigned i = 0; i < lookups && t->nested; i++)
        if (t->named[i >> 3] & (1u << (i & 7))) named = MAX(named, cost[i]);
    guint64 g = growth(t, longest, lookups);
    g_free(cost);
    g_free(longest);
    if (t->steps > PN_OTL_MAX_STEPS) return G_MAXUINT64;
    return g * sum + PN_OTL_NESTED_CALLS * named;
}

guint64 pn_otl_work(const guint8 *d, gsize n, bool gpos)
{
    otl *t = g_new0(otl, 1);
    t->d = d;
    t->n = n;
    t->gpos = gpos;
    guint64 w = work(t);
    g_free(t);
    return w;
}

/* See otl.h. */
const char *pn_otl_damage(const guint8 *d, gsize n, bool gpos)
{
    guint64 w = pn_otl_work(d, n, gpos);
    if (w == G_MAXUINT64)
        return gpos ? "its GPOS table has too many rules to check"
                    : "its GSUB table has too many rules to check";
    if (w > PN_OTL_MAX_WORK)
        return gpos ? "its GPOS table would make shaping text slow (contextual rules too long or "
                      "too many)"
                    : "its GSUB table would make shaping text slow (contextual rules too long or "
                      "too many)";
    return NULL;
}

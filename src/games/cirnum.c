/* cirnum.c: Circular Numbers: hands, sums, moves and marked spaces. */
#include "games/cirnum.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const int cirnum_targets[CIRNUM_TARGETS] = {1, 5, 6, 25, 76};

int cirnum_moves(int sum)
{
    for (int i = 0; i < CIRNUM_TARGETS; i++)
        if (cirnum_targets[i] == sum) return i + 1;
    return 0;
}

bool cirnum_is_circular(unsigned long n)
{
    if (n == 0 || n > 4000000000UL) return false;
    unsigned long long m = 10;
    while (m <= n)
        m *= 10;
    return ((unsigned long long)n * n) % m == n;
}

static int fail(char *why, size_t len, const char *fmt, ...) G_GNUC_PRINTF(3, 4);
static int fail(char *why, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, len, fmt, ap);
    va_end(ap);
    return -1;
}

static bool parse_card(const char *t, cirnum_card *c)
{
    static const char *const ranks[] = {"A", "2", "3",  "4", "5", "6", "7",
                                        "8", "9", "10", "J", "Q", "K", NULL};
    const char *r = !g_ascii_strcasecmp(t, "T") ? "10" : t;
    for (int i = 0; ranks[i]; i++)
        if (!g_ascii_strcasecmp(r, ranks[i])) {
            snprintf(c->rank, sizeof c->rank, "%s", ranks[i]);
            c->value = i < 10 ? i + 1 : 10;
            return true;
        }
    return false;
}

int cirnum_parse_hand(const char *text, cirnum_card *out, char *why, size_t wl)
{
    char **tok = g_strsplit_set(text, " ,\t", -1);
    int n = 0, rc = 0;
    for (char **p = tok; *p && !rc; p++) {
        if (!**p) continue;
        if (n == CIRNUM_MAX_HAND)
            rc = fail(why, wl, "more than %d cards in the hand", CIRNUM_MAX_HAND);
        else if (!parse_card(*p, &out[n]))
            rc = fail(why, wl, "'%.16s' is not a card (A, 2-10, J, Q, K)", *p);
        else
            n++;
    }
    g_strfreev(tok);
    if (!rc && n == 0) rc = fail(why, wl, "the hand holds no cards");
    return rc ? -1 : n;
}

static int sum_cmp(gconstpointer a, gconstpointer b)
{
    const cirnum_sum *x = a, *y = b;
    if (x->target != y->target) return x->target - y->target;
    if (x->ncards != y->ncards) return x->ncards - y->ncards;
    if (x->mask != y->mask) {
        /* The hand's order: the lowest differing card comes first. */
        unsigned d = x->mask ^ y->mask, low = d & -d;
        return (x->mask & low) ? -1 : 1;
    }
    return x->multiple - y->multiple;
}

GArray *cirnum_sums(const cirnum_card *hand, int n, int mark)
{
    GArray *out = g_array_new(FALSE, FALSE, sizeof(cirnum_sum));
    if (n < 1 || n > CIRNUM_MAX_HAND) return out;
    for (unsigned mask = 1; mask < (1u << n); mask++) {
        /* Of equal cards, the earlier one is always used first. */
        bool canonical = true;
        int total = 0, count = 0;
        for (int i = 0; i < n && canonical; i++) {
            if (!(mask >> i & 1)) continue;
            total += hand[i].value;
            count++;
            for (int j = 0; j < i; j++)
                if (!(mask >> j & 1) && !strcmp(hand[j].rank, hand[i].rank)) canonical = false;
        }
        if (!canonical) continue;
        for (int t = 0; t < CIRNUM_TARGETS; t++) {
            int target = cirnum_targets[t], rest = target - total;
            if (rest < 0 || (rest > 0 && (mark < 2 || rest % mark))) continue;
            cirnum_sum s = {.mask = mask,
                            .ncards = count,
                            .cards = total,
                            .multiple = rest,
                            .target = target,
                            .moves = t + 1};
            g_array_append_val(out, s);
        }
    }
    g_array_sort(out, sum_cmp);
    return out;
}

bool cirnum_move_back(const cirnum_card *hand, int n, unsigned *mask)
{
    static const char *const need[] = {"A", "5", "6"};
    unsigned m = 0;
    for (int k = 0; k < 3; k++) {
        int found = -1;
        for (int i = 0; i < n && found < 0; i++)
            if (!(m >> i & 1) && !strcmp(hand[i].rank, need[k])) found = i;
        if (found < 0) return false;
        m |= 1u << found;
    }
    if (mask) *mask = m;
    return true;
}

static bool parse_int(const char *s, long min, long max, int *out)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (!*s || *end || v < min || v > max) return false;
    *out = (int)v;
    return true;
}

int cirnum_parse_marks(const char *const *items, size_t n, int spaces, cirnum_mark *out, char *why,
                       size_t wl)
{
    if (n > CIRNUM_MAX_MARKS) return fail(why, wl, "at most %d marked spaces", CIRNUM_MAX_MARKS);
    for (size_t i = 0; i < n; i++) {
        const char *colon = strchr(items[i], ':');
        char *space = colon ? g_strndup(items[i], (gsize)(colon - items[i])) : NULL;
        bool ok = colon && parse_int(space, 1, spaces - 1, &out[i].space) &&
                  parse_int(colon + 1, CIRNUM_MIN_MARK, CIRNUM_MAX_MARK, &out[i].number);
        int past = 0;
        if (!ok && colon && parse_int(space ? space : "", spaces, 1000000, &past))
            ok = false; /* a mark of a longer track: said so below */
        g_free(space);
        if (past)
            return fail(why, wl,
                        "mark '%.32s' is past the track's last space, %d: a track of %d spaces "
                        "needs marks of its own (spaces 1 to %d)",
                        items[i], spaces - 1, spaces, spaces - 1);
        if (!ok)
            return fail(why, wl,
                        "mark '%.32s': expected SPACE:NUMBER with SPACE 1 to %d and NUMBER "
                        "%d to %d",
                        items[i], spaces - 1, CIRNUM_MIN_MARK, CIRNUM_MAX_MARK);
        for (size_t j = 0; j < i; j++)
            if (out[j].space == out[i].space)
                return fail(why, wl, "space %d is marked twice", out[i].space);
    }
    return (int)n;
}

int cirnum_mark_at(const cirnum_mark *marks, int n, int space)
{
    for (int i = 0; i < n; i++)
        if (marks[i].space == space) return marks[i].number;
    return 0;
}

/* tic.c: Thinking In Circles boards, the balanced board generator and wins. */
#include "games/tic.h"

#include <glib.h>
#include <string.h>

static const char *const shape_names[] = {"circle", "triangle", "square", "pentagon", "start"};
static const char *const color_names[] = {"black", "white", "neutral"};

const char *tic_shape_name(tic_shape s)
{
    return s <= TIC_NO_SHAPE ? shape_names[s] : "?";
}

const char *tic_color_name(tic_color c)
{
    return c <= TIC_NEUTRAL ? color_names[c] : "?";
}

bool tic_shape_parse(const char *name, tic_shape *out)
{
    for (int i = 0; i < TIC_SHAPES; i++)
        if (!g_ascii_strcasecmp(name, shape_names[i])) {
            *out = (tic_shape)i;
            return true;
        }
    return false;
}

bool tic_color_parse(const char *name, tic_color *out)
{
    for (int i = 0; i <= TIC_NEUTRAL; i++)
        if (!g_ascii_strcasecmp(name, color_names[i])) {
            *out = (tic_color)i;
            return true;
        }
    return false;
}

const char *tic_params_check(const tic_params *p)
{
    if (p->circles < TIC_MIN_CIRCLES || p->circles > TIC_MAX_CIRCLES)
        return "circles must be 3 to 9";
    if (p->spaces < TIC_MIN_SPACES || p->spaces > TIC_MAX_SPACES)
        return "spaces must be 5 to 16 (the start and at least one of each shape)";
    if (p->neutral < 0 || p->neutral > p->spaces - 3)
        return "neutral must leave at least one black and one white space (0 to spaces-3)";
    if (p->layout != TIC_ROW && p->layout != TIC_RING) return "layout must be row or ring";
    return NULL;
}

static void shuffle(GRand *r, unsigned char *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = g_rand_int_range(r, 0, i + 1);
        unsigned char t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

/* Neighbouring shaped spaces with the same shape (the start separates the ends). */
static int repeats(const unsigned char *shapes, int n)
{
    int k = 0;
    for (int i = 1; i < n; i++)
        k += shapes[i] == shapes[i - 1];
    return k;
}

/* Places the shapes still counted in left[] into out[at..n-1], none equal to
 * its neighbour, trying the candidates in a random order; prev is the shape at
 * at-1 (TIC_NO_SHAPE at the start). Returns true when it succeeded. */
static bool arrange(GRand *r, int *left, int at, int n, int prev, unsigned char *out)
{
    if (at == n) return true;
    /* The most frequent remaining shape must still fit between the others:
     * at most ceil(rest / 2) of rest, and when exactly that many, it must be
     * free to come first. */
    int rest = n - at;
    for (int s = 0; s < TIC_SHAPES; s++)
        if (left[s] > (rest + 1) / 2 || (left[s] == (rest + 1) / 2 && rest % 2 && s == prev))
            return false;
    unsigned char order[TIC_SHAPES] = {0, 1, 2, 3};
    shuffle(r, order, TIC_SHAPES);
    for (int i = 0; i < TIC_SHAPES; i++) {
        int s = order[i];
        if (!left[s] || s == prev) continue;
        left[s]--;
        out[at] = (unsigned char)s;
        if (arrange(r, left, at + 1, n, s, out)) return true;
        left[s]++;
    }
    return false;
}

int tic_generate(const tic_params *p, unsigned long seed, tic_board *b)
{
    if (tic_params_check(p)) return -1;
    memset(b, 0, sizeof *b);
    b->circles = p->circles;
    b->spaces = p->spaces;
    b->layout = p->layout;
    guint64 s64 = seed;
    GRand *r = g_rand_new_with_seed((guint32)(s64 ^ (s64 >> 32)));
    int shaped = p->spaces - 1, base = shaped / TIC_SHAPES, extra = shaped % TIC_SHAPES;
    int neutral = p->neutral + (shaped - p->neutral) % 2, sides = (shaped - neutral) / 2;
    int board_total[TIC_SHAPES] = {0};
    for (int c = 0; c < p->circles; c++) {
        /* The shapes that get one more space: the rarest on the board so far,
         * ties broken at random, so the whole board stays even too. */
        unsigned char order[TIC_SHAPES] = {0, 1, 2, 3};
        shuffle(r, order, TIC_SHAPES);
        for (int i = 1; i < TIC_SHAPES; i++)
            for (int j = i; j > 0 && board_total[order[j]] < board_total[order[j - 1]]; j--) {
                unsigned char t = order[j];
                order[j] = order[j - 1];
                order[j - 1] = t;
            }
        unsigned char shapes[TIC_MAX_SPACES], colors[TIC_MAX_SPACES];
        int n = 0;
        for (int s = 0; s < TIC_SHAPES; s++) {
            int count = base;
            for (int e = 0; e < extra; e++)
                if (order[e] == s) count++;
            board_total[s] += count;
            for (int k = 0; k < count; k++)
                shapes[n++] = (unsigned char)s;
        }
        for (int i = 0; i < shaped; i++)
            colors[i] = i < sides ? TIC_BLACK : i < 2 * sides ? TIC_WHITE : TIC_NEUTRAL;
        /* Shuffle until no two neighbours share a shape (or keep the best try). */
        unsigned char best[TIC_MAX_SPACES];
        int best_rep = shaped + 1;
        for (int attempt = 0; attempt < 64 && best_rep > 0; attempt++) {
            shuffle(r, shapes, shaped);
            int rep = repeats(shapes, shaped);
            if (rep < best_rep) {
                best_rep = rep;
                memcpy(best, shapes, (size_t)shaped);
            }
        }
        /* On long circles few shuffles have no repeat (16 spaces: 4, 4, 4 and
         * 3 of the shapes in 15 spaces), and 64 tries can all miss: then build
         * such an order directly, at random, whenever one exists. */
        if (best_rep > 0) {
            int left[TIC_SHAPES] = {0};
            unsigned char built[TIC_MAX_SPACES];
            for (int i = 0; i < shaped; i++)
                left[shapes[i]]++;
            if (arrange(r, left, 0, shaped, TIC_NO_SHAPE, built))
                memcpy(best, built, (size_t)shaped);
        }
        shuffle(r, colors, shaped);
        b->sp[c][0] = (tic_space){TIC_NO_SHAPE, TIC_NEUTRAL};
        for (int i = 0; i < shaped; i++)
            b->sp[c][i + 1] = (tic_space){best[i], colors[i]};
    }
    g_rand_free(r);
    return 0;
}

int tic_triple_count(const tic_board *b)
{
    return b->layout == TIC_RING ? b->circles : b->circles - 2;
}

void tic_triple(const tic_board *b, int t, int out[3])
{
    for (int i = 0; i < 3; i++)
        out[i] = (t + i) % b->circles;
}

bool tic_goal_cloned(const tic_goal *g)
{
    return g->s[0] == g->s[1] || g->s[1] == g->s[2];
}

int tic_wins(const tic_board *b, const int *tokens, const tic_player *p, tic_win *wins, int max)
{
    int n = 0, tc = tic_triple_count(b);
    for (int t = 0; t < tc; t++) {
        int c[3];
        tic_triple(b, t, c);
        tic_space s[3];
        for (int i = 0; i < 3; i++)
            s[i] = b->sp[c[i]][tokens[c[i]]];
        /* A colour win is about the set of circles: in a ring of three every
         * triple is the same set, reported once. */
        bool seen = b->layout == TIC_RING && b->circles == 3 && t > 0;
        if (!seen && s[0].color == p->color && s[1].color == p->color && s[2].color == p->color &&
            n < max)
            wins[n++] = (tic_win){.goal = -1, .circles = {c[0], c[1], c[2]}};
        for (int g = 0; g < p->ngoals; g++) {
            const unsigned char *want = p->goals[g].s;
            bool fwd = true, back = true;
            for (int i = 0; i < 3; i++) {
                fwd = fwd && s[i].shape == want[i];
                back = back && s[2 - i].shape == want[i];
            }
            if ((fwd || back) && n < max)
                wins[n++] =
                    fwd ? (tic_win){.goal = g, .circles = {c[0], c[1], c[2]}}
                        : (tic_win){.goal = g, .circles = {c[2], c[1], c[0]}, .reversed = true};
        }
    }
    return n;
}

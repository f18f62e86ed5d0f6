/* dicrono_max.c: the most points one player can score in a single DiCroNo game,
 * by exhaustive search (the reasoning is in seeds/dicrono.md).
 *
 * The scorer P's last symbol L ends the game (or is P's extra roll after the
 * opponent ended it), and before L P had no run. So every run of P passes
 * through L, one per direction, and holds at most two of P's symbols on each
 * side of L (three in a row before L would have ended the game). The search
 * tries every square L and every arm length 0..2 on both sides of L in the four
 * directions, keeps the shapes in which P's other symbols hold no run, and
 * scores them. Both players roll equally often and a player stops at three
 * penalties, so the opponent O placed at least |P| - 3 symbols, none forming a
 * run (or one run through O's own last symbol, which gives nothing more), on
 * squares P left free. The best shape for which such a placement exists is the
 * answer; shapes are tried from the most points down. */
#include "games/dicrono.h"

#include <glib.h>
#include <stdint.h>
#include <string.h>

#define MAX_CELLS 64

typedef struct search {
    int n, cells;
    int nwin;
    uint64_t win[4 * MAX_CELLS]; /* every three squares in a line */
    int cell_nwin[MAX_CELLS];
    uint64_t cell_win[MAX_CELLS][12]; /* the lines of three through a square */
} search;

typedef struct shape {
    uint64_t mine;
    int points, count, last;
} shape;

static bool run_free(const search *s, uint64_t m)
{
    for (int i = 0; i < s->nwin; i++)
        if ((m & s->win[i]) == s->win[i]) return false;
    return true;
}

static void windows(search *s)
{
    static const int dc[4] = {1, 0, 1, -1}, dr[4] = {0, 1, 1, 1};
    int n = s->n;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            for (int d = 0; d < 4; d++) {
                int c2 = c + 2 * dc[d], r2 = r + 2 * dr[d];
                if (c2 < 0 || c2 >= n || r2 >= n) continue;
                uint64_t w = 0;
                for (int k = 0; k < 3; k++) {
                    int i = (r + k * dr[d]) * n + c + k * dc[d];
                    w |= UINT64_C(1) << i;
                }
                s->win[s->nwin++] = w;
                for (int k = 0; k < 3; k++) {
                    int i = (r + k * dr[d]) * n + c + k * dc[d];
                    s->cell_win[i][s->cell_nwin[i]++] = w;
                }
            }
}

/* Depth-first search for `need` squares among free[from..] with no three in a
 * line; the chosen set is built in *chosen. */
static bool place(const search *s, const int *free_cells, int nfree, int from, int need,
                  uint64_t *chosen)
{
    if (need <= 0) return true;
    if (nfree - from < need) return false;
    int i = free_cells[from];
    uint64_t with = *chosen | UINT64_C(1) << i;
    bool ok = true;
    for (int k = 0; k < s->cell_nwin[i] && ok; k++)
        if ((with & s->cell_win[i][k]) == s->cell_win[i][k]) ok = false;
    if (ok) {
        *chosen = with;
        if (place(s, free_cells, nfree, from + 1, need - 1, chosen)) return true;
        *chosen &= ~(UINT64_C(1) << i);
    }
    return place(s, free_cells, nfree, from + 1, need, chosen);
}

static int by_points(const void *a, const void *b)
{
    const shape *x = a, *y = b;
    if (x->points != y->points) return y->points - x->points;
    if (x->count != y->count) return x->count - y->count;
    if (x->last != y->last) return x->last - y->last;
    return x->mine < y->mine ? -1 : x->mine > y->mine;
}

/* Every shape: square L plus arms of 0..2 symbols on both sides in 4 directions. */
static void shapes(const search *s, GArray *out)
{
    static const int dc[4] = {1, 0, 1, -1}, dr[4] = {0, 1, 1, 1};
    int n = s->n;
    for (int last = 0; last < s->cells; last++) {
        int lc = last % n, lr = last / n;
        int reach[8]; /* squares available before and after L in each direction */
        for (int d = 0; d < 4; d++)
            for (int side = 0; side < 2; side++) {
                int sg = side ? 1 : -1, k = 0;
                while (k < 2) {
                    int c = lc + sg * dc[d] * (k + 1), r = lr + sg * dr[d] * (k + 1);
                    if (c < 0 || c >= n || r < 0 || r >= n) break;
                    k++;
                }
                reach[2 * d + side] = k;
            }
        int arm[8] = {0};
        for (;;) {
            uint64_t m = UINT64_C(1) << last;
            int points = 0;
            for (int d = 0; d < 4; d++) {
                for (int side = 0; side < 2; side++) {
                    int sg = side ? 1 : -1;
                    for (int k = 1; k <= arm[2 * d + side]; k++)
                        m |= UINT64_C(1) << ((lr + sg * dr[d] * k) * n + lc + sg * dc[d] * k);
                }
                int len = arm[2 * d] + arm[2 * d + 1] + 1;
                if (len >= 3) points += len - 2;
            }
            if (points > 0 && run_free(s, m & ~(UINT64_C(1) << last))) {
                shape sh = {m, points, __builtin_popcountll(m), last};
                g_array_append_val(out, sh);
            }
            int i = 0;
            while (i < 8 && arm[i] == reach[i])
                arm[i++] = 0;
            if (i == 8) break;
            arm[i]++;
        }
    }
}

int dc_max_search(int size, dc_max_result *out)
{
    if (size < DC_MIN_SIZE || size * size > MAX_CELLS) return -1;
    memset(out, 0, sizeof *out);
    search *s = g_new0(search, 1);
    s->n = size;
    s->cells = size * size;
    windows(s);
    GArray *all = g_array_new(FALSE, FALSE, sizeof(shape));
    shapes(s, all);
    g_array_sort(all, by_points);
    out->shapes = (long)all->len;
    if (all->len) out->points_alone = g_array_index(all, shape, 0).points;
    int free_cells[MAX_CELLS];
    for (guint k = 0; k < all->len; k++) {
        const shape *sh = &g_array_index(all, shape, k);
        int nfree = 0;
        for (int i = 0; i < s->cells; i++)
            if (!(sh->mine >> i & 1)) free_cells[nfree++] = i;
        uint64_t theirs = 0;
        out->checked++;
        /* P rolled |P| times, O as often: at most 3 of them penalties, and O
         * (rolling first in the witness) has at least its first symbol. */
        int need = sh->count - DC_MAX_PENALTIES > 1 ? sh->count - DC_MAX_PENALTIES : 1;
        if (!place(s, free_cells, nfree, 0, need, &theirs)) continue;
        out->points = sh->points;
        dc_game *g = &out->witness;
        g->size = size;
        g->first = DC_PO;
        g->penalties[DC_PX] = 0;
        g->penalties[DC_PO] = sh->count - __builtin_popcountll(theirs);
        for (int i = 0; i < s->cells; i++)
            g->cell[i / size][i % size] = sh->mine >> i & 1 ? DC_X
                                          : theirs >> i & 1 ? DC_O
                                                            : DC_NONE;
        out->last_col = sh->last % size;
        out->last_row = sh->last / size;
        break;
    }
    g_array_free(all, TRUE);
    g_free(s);
    return 0;
}

/* cirplexed.c: Cirplexed board checks, circles where corners meet, ranking. */
#include "games/cirplexed.h"

#include <glib.h>

/* A place as a hash key (coordinates are bounded by CPX_MAX_COORD). */
static gpointer key(int x, int y)
{
    return GINT_TO_POINTER((x + 2 * CPX_MAX_COORD) * 8192 + (y + 2 * CPX_MAX_COORD) + 1);
}

/* Map from place to 1 + tile index. */
static GHashTable *index_places(const cpx_placed *tiles, int n, int *bad, int *other)
{
    GHashTable *h = g_hash_table_new(g_direct_hash, g_direct_equal);
    for (int i = 0; i < n; i++) {
        gpointer k = key(tiles[i].x, tiles[i].y), prev = g_hash_table_lookup(h, k);
        if (prev) {
            *bad = i;
            *other = GPOINTER_TO_INT(prev) - 1;
            g_hash_table_destroy(h);
            return NULL;
        }
        g_hash_table_insert(h, k, GINT_TO_POINTER(i + 1));
    }
    return h;
}

static int at(GHashTable *h, int x, int y)
{
    return GPOINTER_TO_INT(g_hash_table_lookup(h, key(x, y))) - 1;
}

cpx_problem cpx_check_board(const cpx_placed *tiles, int n, int *bad, int *other)
{
    *bad = *other = -1;
    for (int i = 0; i < n; i++)
        if (!cpx_tile_valid(tiles[i].t)) {
            *bad = i;
            return CPX_BAD_COLOURS;
        }
    GHashTable *h = index_places(tiles, n, bad, other);
    if (!h) return CPX_BAD_PLACE;
    /* Flood from the first tile through shared sides. */
    bool *seen = g_new0(bool, (gsize)n + 1);
    int *stack = g_new(int, (gsize)n + 1), top = 0;
    static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
    if (n > 0) {
        seen[0] = true;
        stack[top++] = 0;
    }
    while (top > 0) {
        int i = stack[--top];
        for (int d = 0; d < 4; d++) {
            int j = at(h, tiles[i].x + dx[d], tiles[i].y + dy[d]);
            if (j >= 0 && !seen[j]) {
                seen[j] = true;
                stack[top++] = j;
            }
        }
    }
    cpx_problem p = CPX_OK;
    for (int i = 0; i < n && p == CPX_OK; i++)
        if (!seen[i]) {
            *bad = i;
            p = CPX_BAD_GAP;
        }
    g_free(seen);
    g_free(stack);
    g_hash_table_destroy(h);
    return p;
}

int cpx_score_board(const cpx_placed *tiles, int n, cpx_points *out, cpx_point *circles, int max)
{
    int b, o;
    out->circles = out->three_quarter = out->half = 0;
    GHashTable *h = index_places(tiles, n, &b, &o);
    if (!h) return -1;
    GHashTable *done = g_hash_table_new(g_direct_hash, g_direct_equal);
    /* The tiles around grid point (px, py), clockwise from the upper left, and
     * the corner of each that touches the point: br, bl, tl, tr. */
    static const int ox[4] = {-1, 0, 0, -1}, oy[4] = {-1, -1, 0, 0}, corner[4] = {2, 3, 0, 1};
    for (int i = 0; i < n; i++)
        for (int c = 0; c < 4; c++) {
            int px = tiles[i].x + (c == 1 || c == 2), py = tiles[i].y + (c >= 2);
            if (!g_hash_table_add(done, key(px, py))) continue;
            int colour[4], present = 0;
            for (int q = 0; q < 4; q++) {
                int j = at(h, px + ox[q], py + oy[q]);
                colour[q] = j >= 0 ? tiles[j].t.c[corner[q]] : -1;
                present += j >= 0;
            }
            int first = -1;
            bool one = true;
            for (int q = 0; q < 4; q++) {
                if (colour[q] < 0) continue;
                if (first < 0) first = colour[q];
                if (colour[q] != first) one = false;
            }
            if (!one) continue;
            if (present == 4) {
                if (circles && out->circles < max) circles[out->circles] = (cpx_point){px, py};
                out->circles++;
            } else if (present == 3) {
                out->three_quarter++;
            } else if (present == 2) {
                /* Neighbours around the point share a side; opposite ones do not. */
                bool diagonal =
                    (colour[0] >= 0 && colour[2] >= 0) || (colour[1] >= 0 && colour[3] >= 0);
                if (!diagonal) out->half++;
            }
        }
    g_hash_table_destroy(done);
    g_hash_table_destroy(h);
    return 0;
}

static int better(const cpx_points *a, const cpx_points *b)
{
    if (a->circles != b->circles) return a->circles > b->circles ? 1 : -1;
    if (a->three_quarter != b->three_quarter) return a->three_quarter > b->three_quarter ? 1 : -1;
    if (a->half != b->half) return a->half > b->half ? 1 : -1;
    return 0;
}

void cpx_rank(cpx_points *players, int n)
{
    for (int i = 0; i < n; i++) {
        int r = 1;
        for (int j = 0; j < n; j++)
            if (better(&players[j], &players[i]) > 0) r++;
        players[i].rank = r;
    }
}

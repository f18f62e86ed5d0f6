/* assign.c: the Hungarian method row by row, keeping the best prefix (assign.h). */
#include "scan/assign.h"

#include <float.h>

static void keep_duals(const scan_assign_extra *x, const scan_assign_ws *ws, int k, int m)
{
    if (!x) return;
    if (x->row)
        for (int i = 0; i < k; i++)
            x->row[i] = ws->u[i + 1];
    if (x->col)
        for (int j = 0; j < m; j++)
            x->col[j] = ws->v[j + 1];
}

double scan_assign_prefix(int n, int m, const double *cost, int stride, const double *tail,
                          int *col_of_row, int *k_out, scan_assign_ws *ws,
                          const scan_assign_extra *extra)
{
    int kmax = n < m ? n : m;
    double *u = ws->u, *v = ws->v, *minv = ws->minv;
    int *p = ws->p, *way = ws->way;
    for (int j = 0; j <= m; j++)
        u[j] = v[j] = 0, p[j] = 0;
    for (int i = 0; i < n; i++)
        col_of_row[i] = -1;
    double best = tail[0], sum = 0;
    int bestk = 0;
    if (extra && extra->prefix) {
        extra->prefix[0] = tail[0];
        for (int k = 1; k <= n; k++)
            extra->prefix[k] = DBL_MAX;
    }
    keep_duals(extra, ws, 0, m);
    /* Rows and columns are 1-based below; column 0 is the augmenting path's root. */
    for (int i = 1; i <= kmax; i++) {
        p[0] = i;
        int j0 = 0;
        for (int j = 0; j <= m; j++)
            minv[j] = DBL_MAX, ws->used[j] = 0;
        do {
            ws->used[j0] = 1;
            int i0 = p[j0], j1 = 0;
            double delta = DBL_MAX;
            const double *row = cost + (long)(i0 - 1) * stride;
            for (int j = 1; j <= m; j++) {
                if (ws->used[j]) continue;
                double cur = row[j - 1] - u[i0] - v[j];
                if (cur < minv[j]) minv[j] = cur, way[j] = j0;
                if (minv[j] < delta) delta = minv[j], j1 = j;
            }
            for (int j = 0; j <= m; j++) {
                if (ws->used[j])
                    u[p[j]] += delta, v[j] -= delta;
                else
                    minv[j] -= delta;
            }
            j0 = j1;
        } while (p[j0] != 0);
        do {
            int j1 = way[j0];
            p[j0] = p[j1];
            j0 = j1;
        } while (j0);
        sum = 0;
        for (int j = 1; j <= m; j++)
            if (p[j]) sum += cost[(long)(p[j] - 1) * stride + j - 1];
        if (extra && extra->prefix) extra->prefix[i] = sum + tail[i];
        if (sum + tail[i] < best) {
            best = sum + tail[i];
            bestk = i;
            keep_duals(extra, ws, i, m);
            for (int r = 0; r < n; r++)
                col_of_row[r] = -1;
            for (int j = 1; j <= m; j++)
                if (p[j]) col_of_row[p[j] - 1] = j - 1;
        }
    }
    *k_out = bestk;
    return best;
}

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

/* Inserts free row i0 (1-based) into the state of ws: a shortest augmenting
 * path over reduced costs to a free column, keeping the duals feasible. */
static void phase(int m, const double *cost, int stride, int i0, scan_assign_ws *ws)
{
    double *u = ws->u, *v = ws->v, *minv = ws->minv;
    int *p = ws->p, *way = ws->way;
    p[0] = i0;
    int j0 = 0;
    for (int j = 0; j <= m; j++)
        minv[j] = DBL_MAX, ws->used[j] = 0;
    do {
        ws->used[j0] = 1;
        int i1 = p[j0], j1 = 0;
        double delta = DBL_MAX;
        const double *row = cost + (long)(i1 - 1) * stride;
        for (int j = 1; j <= m; j++) {
            if (ws->used[j]) continue;
            double cur = row[j - 1] - u[i1] - v[j];
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
}

static double assigned_cost(int m, const double *cost, int stride, const int *p)
{
    double sum = 0;
    for (int j = 1; j <= m; j++)
        if (p[j]) sum += cost[(long)(p[j] - 1) * stride + j - 1];
    return sum;
}

double scan_assign_prefix(int n, int m, const double *cost, int stride, const double *tail,
                          int *col_of_row, int *k_out, scan_assign_ws *ws,
                          const scan_assign_extra *extra)
{
    int kmax = n < m ? n : m;
    double *u = ws->u, *v = ws->v;
    int *p = ws->p;
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
        phase(m, cost, stride, i, ws);
        sum = assigned_cost(m, cost, stride, p);
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

double scan_assign_square(int n, const double *cost, int stride, scan_assign_sq *st,
                          scan_assign_ws *ws)
{
    for (int j = 0; j <= n; j++)
        ws->u[j] = ws->v[j] = 0, ws->p[j] = 0;
    for (int i = 1; i <= n; i++)
        phase(n, cost, stride, i, ws);
    st->n = n;
    for (int j = 0; j <= n; j++)
        st->u[j] = ws->u[j], st->v[j] = ws->v[j], st->p[j] = ws->p[j];
    return assigned_cost(n, cost, stride, ws->p);
}

double scan_assign_resolve(const double *cost, int stride, const scan_assign_sq *st, int row,
                           int col, int *col_of_row, scan_assign_ws *ws)
{
    int n = st->n, i0 = 0;
    for (int j = 0; j <= n; j++)
        ws->u[j] = st->u[j], ws->v[j] = st->v[j], ws->p[j] = st->p[j];
    if (row >= 0) {
        i0 = row + 1;
        for (int j = 1; j <= n; j++)
            if (ws->p[j] == i0) ws->p[j] = 0;
    } else {
        int j0 = col + 1;
        i0 = ws->p[j0];
        ws->p[j0] = 0;
        double v = DBL_MAX;
        for (int i = 1; i <= n; i++) {
            if (i == i0) continue;
            double x = cost[(long)(i - 1) * stride + col] - ws->u[i];
            if (x < v) v = x;
        }
        ws->v[j0] = v;
    }
    phase(n, cost, stride, i0, ws);
    if (col_of_row)
        for (int j = 1; j <= n; j++)
            col_of_row[ws->p[j] - 1] = j - 1;
    return assigned_cost(n, cost, stride, ws->p);
}

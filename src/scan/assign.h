/* assign.h: minimum-cost assignment of the first k rows of a cost matrix into
 * distinct columns, for the best k (the Hungarian method by shortest
 * augmenting paths, one row at a time, so every prefix of rows is solved on
 * the way). Used by the rule-aware readers: rows are the rounds of a dice
 * record, which are played in order, and columns the spaces they fill. */
#ifndef PNPKIT_SCAN_ASSIGN_H
#define PNPKIT_SCAN_ASSIGN_H

/* Rows and columns at most. */
#define SCAN_ASSIGN_MAX 128

/* Work space of one solve (about 6 KB); the caller owns it. */
typedef struct scan_assign_ws {
    double u[SCAN_ASSIGN_MAX + 1], v[SCAN_ASSIGN_MAX + 1], minv[SCAN_ASSIGN_MAX + 1];
    int p[SCAN_ASSIGN_MAX + 1], way[SCAN_ASSIGN_MAX + 1];
    unsigned char used[SCAN_ASSIGN_MAX + 1];
} scan_assign_ws;

/* What a solve can give besides the assignment (any pointer may be NULL). */
typedef struct scan_assign_extra {
    double *prefix; /* n + 1 entries: the minimum for each k (DBL_MAX past min(n, m)) */
    /* Dual values of the best k's assignment: row[i] for i < k, col[j] for
     * all m columns, with row[i] + col[j] <= cost(i, j), col[j] <= 0, equal
     * on the assigned pairs, and col[j] == 0 on the free columns; so their
     * sum is the assigned cost, and a lower bound of it after costs rise. */
    double *row, *col;
} scan_assign_extra;

/* Rows 0..n-1 and columns 0..m-1, cost[i * stride + j] finite (any sign).
 * Chooses k in 0..min(n, m) and an assignment of rows 0..k-1 to distinct
 * columns minimising tail[k] + the assigned costs; tail has n + 1 entries
 * (what leaving rows k..n-1 out costs). Writes col_of_row[i] (-1 for i >= k)
 * and *k_out; returns the minimum. Ties go to the smallest k. */
double scan_assign_prefix(int n, int m, const double *cost, int stride, const double *tail,
                          int *col_of_row, int *k_out, scan_assign_ws *ws,
                          const scan_assign_extra *extra);

/* A square problem's optimum kept for re-solving it after one row's or one
 * column's costs change: duals and the row of each column (1-based). */
typedef struct scan_assign_sq {
    int n;
    double u[SCAN_ASSIGN_MAX + 1], v[SCAN_ASSIGN_MAX + 1];
    int p[SCAN_ASSIGN_MAX + 1];
} scan_assign_sq;

/* Solves the n x n problem (every row to its own column), keeps it in st and
 * returns the minimum. */
double scan_assign_square(int n, const double *cost, int stride, scan_assign_sq *st,
                          scan_assign_ws *ws);
/* The minimum of st's problem after the costs of row `row` (or, with row -1,
 * of column `col`) changed to those in cost, the rest as st solved them: one
 * augmenting path, O(n^2). col_of_row (may be NULL) gets the assignment. */
double scan_assign_resolve(const double *cost, int stride, const scan_assign_sq *st, int row,
                           int col, int *col_of_row, scan_assign_ws *ws);

#endif

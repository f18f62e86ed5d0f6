/* c36_model.h: the inside of the rule-aware Circle 36 reader (c36_read.h),
 * shared by its three files: the readings as costs (c36_model.c), the best
 * legal sheet (c36_model.c) and the sure flags (c36_sure.c). Costs are
 * -log probabilities; a space's value v is stored at v + 1, empty at 0. */
#ifndef PNPKIT_SCAN_C36_MODEL_H
#define PNPKIT_SCAN_C36_MODEL_H

#include "scan/assign.h"
#include "scan/c36_read.h"

#define C36M_MAXS C36R_MAX_SPACES
#define C36M_NVAL (2 * C36_MAX_DICE + 2) /* a space's value indices: 0 empty, v + 1 */
#define C36M_INF 1e9                     /* the cost of a forbidden reading */

/* The best reading of one (round, space) pair: dice, circles, the number. */
typedef struct c36m_pick {
    int a, b, circ, value, circled;
} c36m_pick;

/* A sheet as an assignment: the space of each round (-1 unplayed) and
 * whether it used a ComboCircle. */
typedef struct c36m_sol {
    double M; /* cost of the sheet without the written count */
    int k, m; /* rounds played, ComboCircles */
    int col[C36M_MAXS];
    unsigned char combo[C36M_MAXS];
} c36m_sol;

/* Everything one call works on (about 0.4 MB, allocated by c36r_choose). */
typedef struct c36m_work {
    int S, R, D, centre;
    double sv[C36M_MAXS][C36M_NVAL];           /* space value */
    double sc[C36M_MAXS][2];                   /* space circled */
    double dc[C36M_MAXS][2][C36_MAX_DICE + 1]; /* die: 0 empty, 1..D */
    double cc[C36M_MAXS][4];                   /* round circles */
    double wc[C36M_MAXS + 2];                  /* written count: 0 empty, t + 1 */
    double wfloor;                             /* cost of a count nobody read */
    double es[C36M_MAXS], ur[C36M_MAXS];       /* empty space, unplayed round */
    double pnc[C36M_MAXS * C36M_MAXS], pc[C36M_MAXS * C36M_MAXS];
    double cost[C36M_MAXS * C36M_MAXS], tail[C36M_MAXS + 1];
    unsigned char cmb[C36M_MAXS * C36M_MAXS];
    scan_assign_ws ws;
    /* The free optimum (no price on ComboCircles) as a square problem for
     * re-solving after one field changes, and its minimum for every number
     * of played rounds. */
    int want_prefix;
    scan_assign_extra extra;
    double prefix[C36M_MAXS + 1];
    int kfree;
    long solves, budget; /* solves done, and the limit (0: none) */
    double sq[C36M_MAXS * C36M_MAXS], sqcost;
    scan_assign_sq st;
    c36m_sol a, b, c, d; /* scratch solutions */
} c36m_work;

/* Loads in's readings as costs, and every pair's best reading. */
void c36m_load(c36m_work *w, const c36r_input *in);
/* The best reading of round r filling space s, with or without a
 * ComboCircle; *pick gets it when not NULL. */
double c36m_pair(const c36m_work *w, int r, int s, int combo, c36m_pick *pick);
/* Recomputes round r's (space s's) pair costs after its readings' costs changed. */
void c36m_fill_round(c36m_work *w, int r);
void c36m_fill_space(c36m_work *w, int s);
/* The best sheet when each ComboCircle costs lam more; o->M excludes lam. */
void c36m_solve(c36m_work *w, double lam, c36m_sol *o);
/* The best sheet with exactly t ComboCircles (or a close one) in *o, and a
 * lower bound of its cost, which it returns. */
double c36m_best_with(c36m_work *w, int t, c36m_sol *o);
/* The written count's cost for a sheet of m ComboCircles (blank or m), and
 * the least it can be for any. */
double c36m_g(const c36m_work *w, int m);
double c36m_g_min(const c36m_work *w);
/* 1 when v is among f's candidates. */
int c36m_listed(const scan_field *f, int v);
/* 1 when the solve budget (w->budget, 0 for none) is spent. */
int c36m_spent(const c36m_work *w);
/* The best legal sheet in *o, the count tied in; returns its cost. */
double c36m_choose(c36m_work *w, const scan_field *combos, c36m_sol *o);
/* Sure flags and confidences of the chosen sheet (cost jstar) in out. */
void c36m_sure(c36m_work *w, const c36r_input *in, double jstar, c36r_output *out);

#endif

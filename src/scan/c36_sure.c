/* c36_sure.c: whether each field of the chosen Circle 36 sheet is sure
 * (c36_model.h): the best legal sheet once that field's reading is
 * forbidden, by one augmenting path when that settles it, else by a full
 * solve within a budget, with bounds always on the side of "not sure". */
#include "scan/c36_model.h"

#include <math.h>
#include <string.h>

/* Work for settling borderline fields, in cells of the cost matrix times rows
 * (one solve of an n-space sheet is about n^3): past it, fields still
 * borderline take their lower bound, so they are not sure. */
#define SURE_WORK 3e7
#define SURE_MIN_SOLVES 50

static double conf_of(double margin)
{
    return 1 / (1 + exp(-margin));
}

/* A lower bound (tight when it can be) of the best legal sheet's cost with
 * the current costs (one field's chosen reading forbidden), given the sure
 * threshold: refining stops once the answer is clear. */
static double alternative(c36m_work *w, const scan_field *combos, double jstar, double thr)
{
    c36m_sol *s0 = &w->b;
    c36m_solve(w, 0, s0);
    double ub = s0->M + c36m_g(w, s0->m), lb = s0->M + c36m_g_min(w);
    if (lb - jstar >= thr || ub - jstar < thr) return lb - jstar >= thr ? lb : ub;
    /* Between: the written count decides. Bound each count it may hold. */
    double m0 = s0->M, best = ub, g0 = c36m_g(w, s0->m);
    double rest = w->wc[0] < w->wfloor ? w->wc[0] : w->wfloor; /* unread counts */
    if (m0 + rest < best) best = m0 + rest;
    for (int c = 0; c < combos->n && c < SCAN_MAX_CANDS; c++) {
        int t = combos->c[c].value;
        if (t < 0 || t > w->R || t == s0->m || c36m_g(w, t) >= g0) continue;
        double b = (c36m_spent(w) ? m0 : c36m_best_with(w, t, &w->c)) + c36m_g(w, t);
        if (b < best) best = b;
    }
    return best;
}

static double sq_cost(const c36m_work *w, int r, int s)
{
    if (r >= w->kfree) return 0; /* a row standing for a space left empty */
    double nc = w->pnc[r * C36M_MAXS + s], c = w->pc[r * C36M_MAXS + s];
    return (c < nc ? c : nc) - w->es[s];
}

/* The free optimum's rounds played, as a square problem: rows 0..k-1 the
 * played rounds, the others one per space left empty. */
static void square_up(c36m_work *w)
{
    for (int r = 0; r < w->S; r++)
        for (int s = 0; s < w->S; s++)
            w->sq[r * C36M_MAXS + s] = sq_cost(w, r, s);
    w->sqcost = scan_assign_square(w->S, w->sq, C36M_MAXS, &w->st, &w->ws);
}

/* After the costs of round r or space s (the other -1) rose: the best sheet
 * with as many rounds played as the free optimum, exactly (one augmenting
 * path), in *ub with the written count's cost; the return value is a lower
 * bound of the best sheet with any number of rounds (costs only rose, so
 * the other numbers keep their minimum as a bound). */
static double quick(c36m_work *w, int r, int s, double *ub)
{
    int k = w->kfree, col[C36M_MAXS];
    double t = 0, a;
    for (int i = 0; i < w->S; i++)
        t += w->es[i];
    for (int i = k; i < w->R; i++)
        t += w->ur[i];
    if ((r >= 0 && r < k) || s >= 0) {
        double keep[C36M_MAXS];
        for (int x = 0; x < w->S; x++) {
            double *c = r >= 0 ? &w->sq[r * C36M_MAXS + x] : &w->sq[x * C36M_MAXS + s];
            keep[x] = *c;
            *c = r >= 0 ? sq_cost(w, r, x) : sq_cost(w, x, s);
        }
        a = scan_assign_resolve(w->sq, C36M_MAXS, &w->st, r >= 0 ? r : -1, r >= 0 ? -1 : s, col,
                                &w->ws);
        for (int x = 0; x < w->S; x++)
            *(r >= 0 ? &w->sq[r * C36M_MAXS + x] : &w->sq[x * C36M_MAXS + s]) = keep[x];
    } else {
        a = w->sqcost;
        for (int j = 1; j <= w->S; j++)
            col[w->st.p[j] - 1] = j - 1;
    }
    int m = 0;
    for (int i = 0; i < k; i++)
        m += w->pc[i * C36M_MAXS + col[i]] < w->pnc[i * C36M_MAXS + col[i]];
    double lb = t + a;
    *ub = lb + c36m_g(w, m);
    for (int i = 0; i <= w->R && i <= w->S; i++)
        if (i != k && w->prefix[i] < lb) lb = w->prefix[i];
    return lb;
}

/* The cost of the best sheet left after one field's reading was forbidden:
 * the quick answer when it settles sure or not sure, else a full solve. */
static double after_change(c36m_work *w, const c36r_input *in, int r, int s, double jstar,
                           double thr)
{
    double ub, lb = quick(w, r, s, &ub) + c36m_g_min(w);
    if (lb - jstar >= thr || c36m_spent(w)) return lb;
    if (ub - jstar < thr) return ub;
    return alternative(w, &in->combos, jstar, thr);
}

/* Margin of one field: forbids its chosen reading (*slot), solves, restores. */
static double margin_round(c36m_work *w, const c36r_input *in, double *slot, int r, double jstar,
                           double thr)
{
    double keep = *slot, ur = w->ur[r], nc[C36M_MAXS], c[C36M_MAXS];
    memcpy(nc, &w->pnc[r * C36M_MAXS], sizeof(double) * (size_t)w->S);
    memcpy(c, &w->pc[r * C36M_MAXS], sizeof(double) * (size_t)w->S);
    *slot = C36M_INF;
    c36m_fill_round(w, r);
    double alt = after_change(w, in, r, -1, jstar, thr);
    *slot = keep;
    w->ur[r] = ur;
    memcpy(&w->pnc[r * C36M_MAXS], nc, sizeof(double) * (size_t)w->S);
    memcpy(&w->pc[r * C36M_MAXS], c, sizeof(double) * (size_t)w->S);
    return alt - jstar;
}

static double margin_space(c36m_work *w, const c36r_input *in, double *slot, int s, double jstar,
                           double thr)
{
    double keep = *slot, es = w->es[s], nc[C36M_MAXS], c[C36M_MAXS];
    for (int r = 0; r < w->R; r++)
        nc[r] = w->pnc[r * C36M_MAXS + s], c[r] = w->pc[r * C36M_MAXS + s];
    *slot = C36M_INF;
    c36m_fill_space(w, s);
    double alt = after_change(w, in, -1, s, jstar, thr);
    *slot = keep;
    w->es[s] = es;
    for (int r = 0; r < w->R; r++)
        w->pnc[r * C36M_MAXS + s] = nc[r], w->pc[r * C36M_MAXS + s] = c[r];
    return alt - jstar;
}

/* The written count's margin: the best sheet with any other count. */
static double margin_combos(c36m_work *w, const c36r_input *in, const c36m_sol *fr, int wstar,
                            double jstar)
{
    double best = C36M_INF;
    if (wstar != SCAN_EMPTY) best = fr->M + w->wc[0];
    for (int t = 0; t <= w->R; t++) {
        if (t == wstar) continue;
        double c = w->wc[t + 1];
        if (t == fr->m) {
            if (fr->M + c < best) best = fr->M + c;
        } else if (c36m_listed(&in->combos, t)) {
            double b = c36m_best_with(w, t, &w->c) + c;
            if (b < best) best = b;
        } else if (fr->M + c < best) {
            best = fr->M + c; /* a lower bound: M(t) >= fr->M */
        }
    }
    return best - jstar;
}

/* Sets every field's sure flag and confidence in out, which holds the
 * chosen sheet of cost jstar. */
void c36m_sure(c36m_work *w, const c36r_input *in, double jstar, c36r_output *out)
{
    double thr = log(C36R_SURE_RATIO);
    int S = w->S, R = w->R;
    c36m_sol fr;
    w->extra = (scan_assign_extra){w->prefix, NULL, NULL};
    w->want_prefix = 1;
    c36m_solve(w, 0, &fr);
    w->want_prefix = 0;
    w->kfree = fr.k;
    double n3 = (double)S * S * S, extra = SURE_WORK / n3;
    w->budget = w->solves + (long)(extra > SURE_MIN_SOLVES ? extra : SURE_MIN_SOLVES);
    square_up(w);
    double mg;
    for (int s = 0; s < S; s++) {
        int v = out->space[s];
        mg = margin_space(w, in, &w->sv[s][v == SCAN_EMPTY ? 0 : v + 1], s, jstar, thr);
        out->space_sure[s] = mg >= thr, out->space_conf[s] = conf_of(mg);
        mg = margin_space(w, in, &w->sc[s][out->space_circled[s]], s, jstar, thr);
        out->space_circled_sure[s] = mg >= thr;
    }
    for (int r = 0; r < R; r++) {
        for (int j = 0; j < 2; j++) {
            int v = out->die[r][j];
            mg = margin_round(w, in, &w->dc[r][j][v == SCAN_EMPTY ? 0 : v], r, jstar, thr);
            out->die_sure[r][j] = mg >= thr, out->die_conf[r][j] = conf_of(mg);
        }
        mg = margin_round(w, in, &w->cc[r][out->circled[r]], r, jstar, thr);
        out->circled_sure[r] = mg >= thr, out->circled_conf[r] = conf_of(mg);
    }
    mg = margin_combos(w, in, &fr, out->combos, jstar);
    out->combos_sure = mg >= thr, out->combos_conf = conf_of(mg);
}

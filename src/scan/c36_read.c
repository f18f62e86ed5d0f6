/* c36_read.c: the most probable Circle 36 sheet the rules allow (c36_read.h).
 *
 * Every field's readings become costs (-log probabilities). Given which space
 * each round filled, the best reading of one (round, space) pair depends on
 * nothing else but the ComboCircles count, so the best sheet is a minimum
 * cost assignment of the played rounds (a prefix of the record) to the
 * written spaces (scan/assign.h). The written count is tied to the number of
 * ComboCircles in the assignment by a Lagrangian price per ComboCircle.
 * Whether a field is sure comes from its min-marginal: the best legal sheet
 * in which that field reads otherwise, or a lower bound of its cost. */
#include "scan/c36_read.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "scan/assign.h"

#define MAXS C36R_MAX_SPACES
#define NVAL (2 * C36_MAX_DICE + 2) /* a space's value indices: 0 empty, v + 1 */
#define INF 1e9
#define LAMBDA_SPAN 200.0 /* the Lagrangian price searched in [-span, span] */
#define LAMBDA_STEPS 40
#define LAMBDA_EPS 1e-3 /* the price is searched to this precision */

typedef struct pair_pick {
    int a, b, circ, value, circled;
} pair_pick;

typedef struct sol {
    double M; /* cost of the sheet without the written count */
    int k, m; /* rounds played, ComboCircles */
    int col[MAXS];
    unsigned char combo[MAXS];
} sol;

typedef struct work {
    int S, R, D, centre;
    double sv[MAXS][NVAL];                /* space value */
    double sc[MAXS][2];                   /* space circled */
    double dc[MAXS][2][C36_MAX_DICE + 1]; /* die: 0 empty, 1..D */
    double cc[MAXS][4];                   /* round circles */
    double wc[MAXS + 2];                  /* written count: 0 empty, t + 1 */
    double wfloor;                        /* cost of a count nobody read */
    double es[MAXS], ur[MAXS];            /* empty space, unplayed round */
    double pnc[MAXS * MAXS], pc[MAXS * MAXS];
    double cost[MAXS * MAXS], tail[MAXS + 1];
    unsigned char cmb[MAXS * MAXS];
    scan_assign_ws ws;
    /* The free optimum's duals and per-prefix minima, for quick bounds. */
    int want_duals;
    scan_assign_extra extra;
    double prefix[MAXS + 1], du[MAXS], dv[MAXS];
    int kfree;
    sol a, b, c, d; /* scratch solutions */
} work;

/* Costs of one field over values lo..hi and empty (out[0]; v at v - lo + 1). */
static double field_costs(const scan_field *f, int lo, int hi, double *out)
{
    int K = hi - lo + 2;
    double p[NVAL > MAXS + 2 ? NVAL : MAXS + 2];
    unsigned char listed[sizeof p / sizeof p[0]];
    memset(listed, 0, sizeof listed);
    double sum = 0, all = 0; /* listed mass in the domain, and in all */
    int nl = 0;
    if (f->n <= 0) {
        for (int i = 0; i < K; i++)
            out[i] = log((double)K);
        return log((double)K);
    }
    for (int i = 0; i < K; i++)
        p[i] = 0;
    for (int c = 0; c < f->n && c < SCAN_MAX_CANDS; c++) {
        int v = f->c[c].value;
        int i = v == SCAN_EMPTY ? 0 : (v >= lo && v <= hi ? v - lo + 1 : -1);
        double q = f->c[c].p;
        if (!(q > 0)) continue;
        if (q > 1) q = 1;
        all += q;
        if (i < 0) continue; /* a value the rules never allow: its mass is dropped */
        if (!listed[i]) nl++;
        listed[i] = 1;
        p[i] += q;
        sum += q;
    }
    double rest = 1 - all;
    if (rest < C36R_FLOOR) rest = C36R_FLOOR;
    double total = sum + rest, other = nl < K ? rest / total / (K - nl) : 0;
    for (int i = 0; i < K; i++) {
        double q = listed[i] ? p[i] / total : other;
        if (q < other) q = other;
        if (q < 1e-300) q = 1e-300;
        out[i] = -log(q);
    }
    return other > 0 ? -log(other) : INF;
}

static double prob_cost(double p)
{
    if (!(p >= C36R_PMIN)) p = C36R_PMIN;
    if (p > 1 - C36R_PMIN) p = 1 - C36R_PMIN;
    return -log(p);
}

/* The best reading of round r filling space s, with or without a
 * ComboCircle; *pick gets it when not NULL. */
static double pair_eval(const work *w, int r, int s, int combo, pair_pick *pick)
{
    const double *da = w->dc[r][0], *db = w->dc[r][1], *sv = w->sv[s];
    int D = w->D;
    pair_pick best = {0};
    double bc = INF * 4;
    if (!combo) {
        for (int k = 1; k <= 2; k++) {
            const double *dd = k == 1 ? da : db, *do_ = k == 1 ? db : da;
            int bu = 1, bo = 1;
            for (int x = 2; x <= D; x++) {
                if (dd[x] + sv[x + 1] < dd[bu] + sv[bu + 1]) bu = x;
                if (do_[x] < do_[bo]) bo = x;
            }
            double c = dd[bu] + sv[bu + 1] + do_[bo] + w->cc[r][k] + w->sc[s][0];
            if (c < bc) {
                bc = c;
                best = (pair_pick){k == 1 ? bu : bo, k == 1 ? bo : bu, k, bu, 0};
            }
        }
    } else {
        int circ = 1;
        if (s == w->centre && w->sc[s][0] < w->sc[s][1]) circ = 0;
        double base = w->cc[r][C36R_CIRC_BOTH] + w->sc[s][circ];
        for (int a = 1; a <= D; a++)
            for (int b = 1; b <= D; b++) {
                int sum = a + b, dif = a > b ? a - b : b - a;
                int v = sv[dif + 1] < sv[sum + 1] ? dif : sum;
                double c = base + da[a] + db[b] + sv[v + 1];
                if (c < bc) {
                    bc = c;
                    best = (pair_pick){a, b, C36R_CIRC_BOTH, v, circ};
                }
            }
    }
    if (pick) *pick = best;
    return bc;
}

static void fill_round(work *w, int r)
{
    w->ur[r] = w->dc[r][0][0] + w->dc[r][1][0] + w->cc[r][C36R_CIRC_NONE];
    for (int s = 0; s < w->S; s++) {
        w->pnc[r * MAXS + s] = pair_eval(w, r, s, 0, NULL);
        w->pc[r * MAXS + s] = pair_eval(w, r, s, 1, NULL);
    }
}

static void fill_space(work *w, int s)
{
    w->es[s] = w->sv[s][0] + w->sc[s][0];
    for (int r = 0; r < w->R; r++) {
        w->pnc[r * MAXS + s] = pair_eval(w, r, s, 0, NULL);
        w->pc[r * MAXS + s] = pair_eval(w, r, s, 1, NULL);
    }
}

/* The best sheet when each ComboCircle costs lam more; o->M excludes lam. */
static void solve(work *w, double lam, sol *o)
{
    double es_all = 0;
    for (int s = 0; s < w->S; s++)
        es_all += w->es[s];
    w->tail[w->R] = es_all;
    for (int r = w->R - 1; r >= 0; r--)
        w->tail[r] = w->tail[r + 1] + w->ur[r];
    for (int r = 0; r < w->R; r++)
        for (int s = 0; s < w->S; s++) {
            double nc = w->pnc[r * MAXS + s], c = w->pc[r * MAXS + s] + lam;
            w->cmb[r * MAXS + s] = c < nc;
            w->cost[r * MAXS + s] = (c < nc ? c : nc) - w->es[s];
        }
    double tot = scan_assign_prefix(w->R, w->S, w->cost, MAXS, w->tail, o->col, &o->k, &w->ws,
                                    w->want_duals ? &w->extra : NULL);
    o->m = 0;
    for (int r = 0; r < w->R; r++) {
        o->combo[r] = o->col[r] >= 0 && w->cmb[r * MAXS + o->col[r]];
        o->m += o->combo[r];
    }
    o->M = tot - lam * o->m;
}

/* Turns ComboCircles on or off in o's cheapest pairs until it has t of them;
 * 0 when it cannot. */
static int flip_to(const work *w, sol *o, int t)
{
    while (o->m != t) {
        int on = o->m < t, br = -1;
        double bd = INF;
        for (int r = 0; r < w->R; r++) {
            if (o->col[r] < 0 || o->combo[r] == on) continue;
            int i = r * MAXS + o->col[r];
            double d = on ? w->pc[i] - w->pnc[i] : w->pnc[i] - w->pc[i];
            if (d < bd) bd = d, br = r;
        }
        if (br < 0) return 0;
        o->combo[br] = (unsigned char)on;
        o->M += bd;
        o->m += on ? 1 : -1;
    }
    return 1;
}

/* The best sheet with exactly t ComboCircles (or a close one) in *o, and a
 * lower bound of its cost (the Lagrangian dual); returns that bound. o->M is
 * INF when no sheet with t was found. */
static double best_with(work *w, int t, sol *o)
{
    double lo = -LAMBDA_SPAN, hi = LAMBDA_SPAN, lb = -INF;
    sol *s = &w->d;
    int have_lo = 0, have_hi = 0;
    sol slo = {0}, shi = {0};
    o->M = INF;
    for (int it = 0; it < LAMBDA_STEPS && hi - lo > LAMBDA_EPS; it++) {
        double mid = it == 0 ? 0 : (lo + hi) / 2;
        solve(w, mid, s);
        double dual = s->M + mid * (s->m - t);
        if (dual > lb) lb = dual;
        if (s->m == t) {
            *o = *s;
            return s->M;
        }
        if (s->m > t)
            lo = mid, slo = *s, have_lo = 1;
        else
            hi = mid, shi = *s, have_hi = 1;
    }
    if (have_lo && flip_to(w, &slo, t) && slo.M < o->M) *o = slo;
    if (have_hi && flip_to(w, &shi, t) && shi.M < o->M) *o = shi;
    return lb < o->M ? lb : o->M;
}

static double g_of(const work *w, int m)
{
    double e = w->wc[0], v = m >= 0 && m <= w->R ? w->wc[m + 1] : INF;
    return e < v ? e : v;
}

/* The cheapest any count can be: what the written count's reading allows. */
static double g_min(const work *w)
{
    double g = w->wc[0];
    for (int t = 0; t <= w->R; t++)
        if (w->wc[t + 1] < g) g = w->wc[t + 1];
    return g;
}

/* Best legal sheet cost overall, in *o (the ComboCircles count tied). */
static double choose(work *w, const scan_field *combos, sol *o)
{
    solve(w, 0, o);
    double m0 = o->M, best = o->M + g_of(w, o->m);
    int t0 = o->m;
    for (int c = 0; c < combos->n && c < SCAN_MAX_CANDS; c++) {
        int t = combos->c[c].value;
        if (t < 0 || t > w->R || t == t0 || m0 + g_of(w, t) >= best) continue;
        best_with(w, t, &w->c);
        if (w->c.M + g_of(w, t) < best) {
            best = w->c.M + g_of(w, t);
            *o = w->c;
        }
    }
    return best;
}

/* A lower bound (tight when it can be) of the best legal sheet's cost with
 * the current costs (one field's chosen reading forbidden), given the sure
 * threshold: refining stops once the answer is clear. */
static double alternative(work *w, const scan_field *combos, double jstar, double thr)
{
    sol *s0 = &w->b;
    solve(w, 0, s0);
    double ub = s0->M + g_of(w, s0->m), lb = s0->M + g_min(w);
    if (lb - jstar >= thr || ub - jstar < thr) return lb - jstar >= thr ? lb : ub;
    /* Between: the written count decides. Bound each count it may hold. */
    double m0 = s0->M, best = ub, g0 = g_of(w, s0->m);
    double rest = w->wc[0] < w->wfloor ? w->wc[0] : w->wfloor; /* unread counts */
    if (m0 + rest < best) best = m0 + rest;
    for (int c = 0; c < combos->n && c < SCAN_MAX_CANDS; c++) {
        int t = combos->c[c].value;
        if (t < 0 || t > w->R || t == s0->m || g_of(w, t) >= g0) continue;
        double b = best_with(w, t, &w->c) + g_of(w, t);
        if (b < best) best = b;
    }
    return best;
}

static double conf_of(double margin)
{
    return 1 / (1 + exp(-margin));
}

static int listed(const scan_field *f, int v)
{
    for (int c = 0; c < f->n && c < SCAN_MAX_CANDS; c++)
        if (f->c[c].value == v) return 1;
    return 0;
}

static const char *check_input(const c36r_input *in)
{
    if (in->dice_sides < C36_MIN_DICE || in->dice_sides > C36_MAX_DICE)
        return "dice_sides out of bounds";
    if (in->spaces < 2 || in->spaces > MAXS) return "spaces out of bounds";
    if (in->rounds < 1 || in->rounds > MAXS) return "rounds out of bounds";
    return NULL;
}

static void load_costs(work *w, const c36r_input *in)
{
    w->S = in->spaces, w->R = in->rounds, w->D = in->dice_sides, w->centre = in->spaces - 1;
    for (int s = 0; s < w->S; s++) {
        field_costs(&in->space[s], 0, 2 * w->D, w->sv[s]);
        w->sc[s][1] = prob_cost(in->space_circled[s]);
        w->sc[s][0] = prob_cost(1 - in->space_circled[s]);
    }
    for (int r = 0; r < w->R; r++) {
        for (int j = 0; j < 2; j++)
            field_costs(&in->die[r][j], 1, w->D, w->dc[r][j]);
        double t = 0;
        for (int k = 0; k < 4; k++)
            t += in->circ[r][k] > 0 ? in->circ[r][k] : 0;
        for (int k = 0; k < 4; k++)
            w->cc[r][k] = prob_cost(t > 0 && in->circ[r][k] > 0 ? in->circ[r][k] / t : 0);
    }
    w->wfloor = field_costs(&in->combos, 0, w->R, w->wc);
    for (int s = 0; s < w->S; s++)
        w->es[s] = w->sv[s][0] + w->sc[s][0];
    for (int r = 0; r < w->R; r++)
        fill_round(w, r);
}

/* A lower bound of the best sheet's cost (without the written count) after
 * costs rose in round r or space s (the other -1), from the free optimum's
 * duals: no solve. Costs only rise, so every other prefix keeps its bound. */
static double quick_bound(const work *w, int r, int s)
{
    int k = w->kfree;
    double lb = 0;
    for (int i = 0; i < w->S; i++)
        lb += w->es[i];
    for (int i = k; i < w->R; i++)
        lb += w->ur[i];
    for (int i = 0; i < k; i++) {
        double u = w->du[i];
        if (i == r) {
            u = INF * 4;
            for (int j = 0; j < w->S; j++) {
                double nc = w->pnc[i * MAXS + j], c = w->pc[i * MAXS + j];
                double x = (c < nc ? c : nc) - w->es[j] - w->dv[j];
                if (x < u) u = x;
            }
        }
        lb += u;
    }
    for (int j = 0; j < w->S; j++) {
        double v = w->dv[j];
        if (j == s) {
            v = 0;
            for (int i = 0; i < k; i++) {
                double nc = w->pnc[i * MAXS + j], c = w->pc[i * MAXS + j];
                double x = (c < nc ? c : nc) - w->es[j] - w->du[i];
                if (x < v) v = x;
            }
        }
        lb += v;
    }
    for (int i = 0; i <= w->R && i <= w->S; i++)
        if (i != k && w->prefix[i] < lb) lb = w->prefix[i];
    return lb;
}

/* Margin of one field: forbids its chosen reading (*slot), solves, restores. */
static double margin_round(work *w, const c36r_input *in, double *slot, int r, double jstar,
                           double thr)
{
    double keep = *slot, ur = w->ur[r], nc[MAXS], c[MAXS];
    memcpy(nc, &w->pnc[r * MAXS], sizeof(double) * (size_t)w->S);
    memcpy(c, &w->pc[r * MAXS], sizeof(double) * (size_t)w->S);
    *slot = INF;
    fill_round(w, r);
    double alt = quick_bound(w, r, -1) + g_min(w);
    if (alt - jstar < thr) alt = alternative(w, &in->combos, jstar, thr);
    *slot = keep;
    w->ur[r] = ur;
    memcpy(&w->pnc[r * MAXS], nc, sizeof(double) * (size_t)w->S);
    memcpy(&w->pc[r * MAXS], c, sizeof(double) * (size_t)w->S);
    return alt - jstar;
}

static double margin_space(work *w, const c36r_input *in, double *slot, int s, double jstar,
                           double thr)
{
    double keep = *slot, es = w->es[s], nc[MAXS], c[MAXS];
    for (int r = 0; r < w->R; r++)
        nc[r] = w->pnc[r * MAXS + s], c[r] = w->pc[r * MAXS + s];
    *slot = INF;
    fill_space(w, s);
    double alt = quick_bound(w, -1, s) + g_min(w);
    if (alt - jstar < thr) alt = alternative(w, &in->combos, jstar, thr);
    *slot = keep;
    w->es[s] = es;
    for (int r = 0; r < w->R; r++)
        w->pnc[r * MAXS + s] = nc[r], w->pc[r * MAXS + s] = c[r];
    return alt - jstar;
}

/* The written count's margin: the best sheet with any other count. */
static double margin_combos(work *w, const c36r_input *in, const sol *fr, int wstar, double jstar)
{
    double best = INF;
    if (wstar != SCAN_EMPTY) best = fr->M + w->wc[0];
    for (int t = 0; t <= w->R; t++) {
        if (t == wstar) continue;
        double c = w->wc[t + 1];
        if (t == fr->m) {
            if (fr->M + c < best) best = fr->M + c;
        } else if (listed(&in->combos, t)) {
            double b = best_with(w, t, &w->c) + c;
            if (b < best) best = b;
        } else if (fr->M + c < best) {
            best = fr->M + c; /* a lower bound: M(t) >= fr->M */
        }
    }
    return best - jstar;
}

int c36r_choose(const c36r_input *in, c36r_output *out)
{
    memset(out, 0, sizeof *out);
    const char *bad = check_input(in);
    if (bad) {
        snprintf(out->why, sizeof out->why, "%s", bad);
        return -1;
    }
    work *w = calloc(1, sizeof *w);
    if (!w) {
        snprintf(out->why, sizeof out->why, "out of memory");
        return -1;
    }
    load_costs(w, in);
    sol best;
    double jstar = choose(w, &in->combos, &best);
    double thr = log(C36R_SURE_RATIO);
    int S = w->S, R = w->R;

    /* The chosen sheet. */
    int round_of[MAXS];
    for (int s = 0; s < S; s++)
        round_of[s] = -1;
    for (int r = 0; r < R; r++) {
        out->cell_of_round[r] = best.col[r];
        out->die[r][0] = out->die[r][1] = SCAN_EMPTY;
        out->circled[r] = C36R_CIRC_NONE;
        if (best.col[r] < 0) continue;
        pair_pick pk;
        pair_eval(w, r, best.col[r], best.combo[r], &pk);
        round_of[best.col[r]] = r;
        out->die[r][0] = pk.a, out->die[r][1] = pk.b, out->circled[r] = pk.circ;
        out->space[best.col[r]] = pk.value;
        out->space_circled[best.col[r]] = pk.circled;
    }
    for (int s = 0; s < S; s++)
        if (round_of[s] < 0) out->space[s] = SCAN_EMPTY, out->space_circled[s] = 0;
    out->played = best.k;
    out->combos = w->wc[0] < w->wc[best.m + 1] ? SCAN_EMPTY : best.m;
    out->cost = jstar;

    /* How sure each field is. */
    sol fr;
    w->extra = (scan_assign_extra){w->prefix, w->du, w->dv};
    w->want_duals = 1;
    solve(w, 0, &fr);
    w->want_duals = 0;
    w->kfree = fr.k;
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

    /* Overruled fields: read, yet the chosen value is none of the readings. */
    int nread = 0;
    for (int s = 0; s < S; s++)
        if (in->space[s].n > 0) nread++, out->overruled += !listed(&in->space[s], out->space[s]);
    for (int r = 0; r < R; r++)
        for (int j = 0; j < 2; j++)
            if (in->die[r][j].n > 0)
                nread++, out->overruled += !listed(&in->die[r][j], out->die[r][j]);
    if (in->combos.n > 0) nread++, out->overruled += !listed(&in->combos, out->combos);
    free(w);
    if (out->overruled > 2 && out->overruled > nread * C36R_MAX_OVERRULED_FRAC) {
        snprintf(out->why, sizeof out->why,
                 "no legal sheet is near the readings: %d of %d read fields would change",
                 out->overruled, nread);
        return -1;
    }
    return 0;
}

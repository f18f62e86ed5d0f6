/* c36_model.c: Circle 36 readings as costs, and the best legal sheet under
 * them (c36_model.h): the assignment of played rounds to written spaces, and
 * the ComboCircles count tied in by a Lagrangian price. */
#include "scan/c36_model.h"

#include <math.h>
#include <string.h>

#define LAMBDA_SPAN 200.0 /* the Lagrangian price searched in [-span, span] */
#define LAMBDA_STEPS 40
#define LAMBDA_EPS 1e-3 /* the price is searched to this precision */

/* Costs of one field over values lo..hi and empty (out[0]; v at v - lo + 1). */
static double field_costs(const scan_field *f, int lo, int hi, double *out)
{
    int K = hi - lo + 2;
    double p[C36M_NVAL > C36M_MAXS + 2 ? C36M_NVAL : C36M_MAXS + 2];
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
    return other > 0 ? -log(other) : C36M_INF;
}

static double prob_cost(double p)
{
    if (!(p >= C36R_PMIN)) p = C36R_PMIN;
    if (p > 1 - C36R_PMIN) p = 1 - C36R_PMIN;
    return -log(p);
}

/* The best reading of round r filling space s, with or without a
 * ComboCircle; *pick gets it when not NULL. */
double c36m_pair(const c36m_work *w, int r, int s, int combo, c36m_pick *pick)
{
    const double *da = w->dc[r][0], *db = w->dc[r][1], *sv = w->sv[s];
    int D = w->D;
    c36m_pick best = {0};
    double bc = C36M_INF * 4;
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
                best = (c36m_pick){k == 1 ? bu : bo, k == 1 ? bo : bu, k, bu, 0};
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
                    best = (c36m_pick){a, b, C36R_CIRC_BOTH, v, circ};
                }
            }
    }
    if (pick) *pick = best;
    return bc;
}

void c36m_fill_round(c36m_work *w, int r)
{
    w->ur[r] = w->dc[r][0][0] + w->dc[r][1][0] + w->cc[r][C36R_CIRC_NONE];
    for (int s = 0; s < w->S; s++) {
        w->pnc[r * C36M_MAXS + s] = c36m_pair(w, r, s, 0, NULL);
        w->pc[r * C36M_MAXS + s] = c36m_pair(w, r, s, 1, NULL);
    }
}

void c36m_fill_space(c36m_work *w, int s)
{
    w->es[s] = w->sv[s][0] + w->sc[s][0];
    for (int r = 0; r < w->R; r++) {
        w->pnc[r * C36M_MAXS + s] = c36m_pair(w, r, s, 0, NULL);
        w->pc[r * C36M_MAXS + s] = c36m_pair(w, r, s, 1, NULL);
    }
}

void c36m_load(c36m_work *w, const c36r_input *in)
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
        c36m_fill_round(w, r);
}

/* The best sheet when each ComboCircle costs lam more; o->M excludes lam. */
int c36m_spent(const c36m_work *w)
{
    return w->budget > 0 && w->solves >= w->budget;
}

void c36m_solve(c36m_work *w, double lam, c36m_sol *o)
{
    w->solves++;
    double es_all = 0;
    for (int s = 0; s < w->S; s++)
        es_all += w->es[s];
    w->tail[w->R] = es_all;
    for (int r = w->R - 1; r >= 0; r--)
        w->tail[r] = w->tail[r + 1] + w->ur[r];
    for (int r = 0; r < w->R; r++)
        for (int s = 0; s < w->S; s++) {
            double nc = w->pnc[r * C36M_MAXS + s], c = w->pc[r * C36M_MAXS + s] + lam;
            w->cmb[r * C36M_MAXS + s] = c < nc;
            w->cost[r * C36M_MAXS + s] = (c < nc ? c : nc) - w->es[s];
        }
    double tot = scan_assign_prefix(w->R, w->S, w->cost, C36M_MAXS, w->tail, o->col, &o->k, &w->ws,
                                    w->want_prefix ? &w->extra : NULL);
    o->m = 0;
    for (int r = 0; r < w->R; r++) {
        o->combo[r] = o->col[r] >= 0 && w->cmb[r * C36M_MAXS + o->col[r]];
        o->m += o->combo[r];
    }
    o->M = tot - lam * o->m;
}

/* Turns ComboCircles on or off in o's cheapest pairs until it has t of them;
 * 0 when it cannot. */
static int flip_to(const c36m_work *w, c36m_sol *o, int t)
{
    while (o->m != t) {
        int on = o->m < t, br = -1;
        double bd = C36M_INF;
        for (int r = 0; r < w->R; r++) {
            if (o->col[r] < 0 || o->combo[r] == on) continue;
            int i = r * C36M_MAXS + o->col[r];
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
 * C36M_INF when no sheet with t was found. */
double c36m_best_with(c36m_work *w, int t, c36m_sol *o)
{
    double lo = -LAMBDA_SPAN, hi = LAMBDA_SPAN, lb = -C36M_INF;
    c36m_sol *s = &w->d;
    int have_lo = 0, have_hi = 0;
    c36m_sol slo = {0}, shi = {0};
    o->M = C36M_INF;
    for (int it = 0; it < LAMBDA_STEPS && hi - lo > LAMBDA_EPS && (it == 0 || !c36m_spent(w));
         it++) {
        double mid = it == 0 ? 0 : (lo + hi) / 2;
        c36m_solve(w, mid, s);
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

double c36m_g(const c36m_work *w, int m)
{
    double e = w->wc[0], v = m >= 0 && m <= w->R ? w->wc[m + 1] : C36M_INF;
    return e < v ? e : v;
}

/* The cheapest any count can be: what the written count's reading allows. */
double c36m_g_min(const c36m_work *w)
{
    double g = w->wc[0];
    for (int t = 0; t <= w->R; t++)
        if (w->wc[t + 1] < g) g = w->wc[t + 1];
    return g;
}

/* Best legal sheet cost overall, in *o (the ComboCircles count tied). */
double c36m_choose(c36m_work *w, const scan_field *combos, c36m_sol *o)
{
    c36m_solve(w, 0, o);
    double m0 = o->M, best = o->M + c36m_g(w, o->m);
    int t0 = o->m;
    for (int c = 0; c < combos->n && c < SCAN_MAX_CANDS; c++) {
        int t = combos->c[c].value;
        if (t < 0 || t > w->R || t == t0 || m0 + c36m_g(w, t) >= best) continue;
        c36m_best_with(w, t, &w->c);
        if (w->c.M + c36m_g(w, t) < best) {
            best = w->c.M + c36m_g(w, t);
            *o = w->c;
        }
    }
    return best;
}

int c36m_listed(const scan_field *f, int v)
{
    for (int c = 0; c < f->n && c < SCAN_MAX_CANDS; c++)
        if (f->c[c].value == v) return 1;
    return 0;
}

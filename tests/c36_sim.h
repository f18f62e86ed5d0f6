/* c36_sim.h: played Circle 36 sheets and simulated readings of them, for the
 * rule-aware reader's tests and benchmark: random legal games from a seeded
 * GRand, the truth as the reader's fields, and noisy candidate lists. */
#ifndef PNPKIT_TESTS_C36_SIM_H
#define PNPKIT_TESTS_C36_SIM_H

#include <glib.h>
#include <math.h>
#include <string.h>
#include "games/c36.h"
#include "scan/c36_read.h"

/* A played sheet as the fields on paper. */
typedef struct sim_truth {
    int spaces, rounds, dice, played;
    int space[C36R_MAX_SPACES], space_circled[C36R_MAX_SPACES];
    int die[C36R_MAX_SPACES][2], circled[C36R_MAX_SPACES];
    int combos; /* SCAN_EMPTY when the player left it blank */
} sim_truth;

/* A sheet's rounds (checked by the scorer's loader) as fields on paper. */
static inline void sim_truth_of_sheet(const c36_sheet *s, sim_truth *t)
{
    memset(t, 0, sizeof *t);
    t->spaces = c36_cells(&s->v), t->rounds = t->spaces, t->dice = s->v.dice;
    t->played = s->nrounds;
    for (int c = 0; c < t->spaces; c++)
        t->space[c] = s->cells[c];
    for (int r = 0; r < t->rounds; r++)
        t->die[r][0] = t->die[r][1] = SCAN_EMPTY;
    int m = 0;
    for (int r = 0; r < s->nrounds; r++) {
        const c36_round *rd = &s->rounds[r];
        int die = 0;
        c36_use u = c36_round_use(rd, s->cells[rd->cell], &die);
        t->die[r][0] = rd->dice[0], t->die[r][1] = rd->dice[1];
        if (u == C36_USE_DIE) {
            t->circled[r] = die ? C36R_CIRC_B : C36R_CIRC_A;
        } else {
            t->circled[r] = C36R_CIRC_BOTH, m++;
            t->space_circled[rd->cell] = rd->cell != t->spaces - 1;
        }
    }
    t->combos = s->nrounds == t->rounds ? m : SCAN_EMPTY;
}

/* A random legal game of `played` rounds on a board of `spaces` spaces (the
 * last the centre) with D-sided dice: a die 70% of the time, else the sum or
 * the difference. */
static inline void sim_random_game(GRand *g, int spaces, int D, int played, sim_truth *t)
{
    memset(t, 0, sizeof *t);
    t->spaces = t->rounds = spaces, t->dice = D, t->played = played;
    for (int c = 0; c < t->spaces; c++)
        t->space[c] = SCAN_EMPTY;
    for (int r = 0; r < t->rounds; r++)
        t->die[r][0] = t->die[r][1] = SCAN_EMPTY;
    int m = 0;
    for (int r = 0; r < played; r++) {
        int a = g_rand_int_range(g, 1, D + 1), b = g_rand_int_range(g, 1, D + 1), cell;
        do
            cell = g_rand_int_range(g, 0, t->spaces);
        while (t->space[cell] != SCAN_EMPTY);
        double u = g_rand_double(g);
        t->die[r][0] = a, t->die[r][1] = b;
        if (u < 0.35) {
            t->space[cell] = a, t->circled[r] = C36R_CIRC_A;
        } else if (u < 0.7) {
            t->space[cell] = b, t->circled[r] = C36R_CIRC_B;
        } else {
            t->space[cell] = u < 0.85 ? a + b : (a > b ? a - b : b - a);
            t->circled[r] = C36R_CIRC_BOTH, m++;
            t->space_circled[cell] = cell == t->spaces - 1 ? g_rand_boolean(g) : 1;
        }
    }
    t->combos = played == t->rounds || g_rand_boolean(g) ? m : SCAN_EMPTY;
}

/* Noise of the simulated readers. A right reading has probability 1 - e with
 * e log-uniform in [1e-4, 0.1], the rest mostly on one other value; a wrong
 * one has 0.5..0.97 and leaves the truth second or out. */
typedef struct sim_noise {
    double digit_err;  /* a digit field's top reading is wrong */
    double truth_kept; /* ... and the truth is still among its candidates */
    double circle_err; /* a circle reading is wrong */
} sim_noise;

static inline void sim_field(GRand *g, const sim_noise *nz, int truth, int lo, int hi,
                             scan_field *f)
{
    int K = hi - lo + 2; /* values and empty */
#define SIM_VAL(i) ((i) == 0 ? SCAN_EMPTY : lo + (i)-1)
    int other;
    do
        other = SIM_VAL(g_rand_int_range(g, 0, K));
    while (other == truth);
    memset(f, 0, sizeof *f);
    if (g_rand_double(g) < nz->digit_err) {
        double p = g_rand_double_range(g, 0.5, 0.97);
        f->c[0] = (scan_cand){other, p};
        f->n = 1;
        if (g_rand_double(g) < nz->truth_kept)
            f->c[f->n++] = (scan_cand){truth, (1 - p) * g_rand_double_range(g, 0.3, 0.9)};
    } else {
        double p = 1 - pow(10, g_rand_double_range(g, -4, -1));
        f->c[0] = (scan_cand){truth, p};
        f->c[1] = (scan_cand){other, (1 - p) * g_rand_double_range(g, 0.3, 0.9)};
        f->n = 2;
    }
#undef SIM_VAL
}

static inline void sim_probs(GRand *g, const sim_noise *nz, int truth, int n, double *p)
{
    int top = truth;
    if (g_rand_double(g) < nz->circle_err) {
        do
            top = g_rand_int_range(g, 0, n);
        while (top == truth);
    }
    double hi = top == truth ? 1 - pow(10, g_rand_double_range(g, -4, -1))
                             : g_rand_double_range(g, 0.5, 0.97),
           left = 1 - hi;
    for (int i = 0; i < n; i++)
        p[i] = left / (n - 1);
    p[top] = hi;
    if (top != truth)
        p[truth] = left * 0.7,
        p[(truth + 1) % n == top ? (truth + 2) % n : (truth + 1) % n] = left * 0.3;
}

/* Readings of a played sheet with noise nz. */
static inline void sim_read(GRand *g, const sim_noise *nz, const sim_truth *t, c36r_input *in)
{
    memset(in, 0, sizeof *in);
    in->spaces = t->spaces, in->rounds = t->rounds, in->dice_sides = t->dice;
    for (int s = 0; s < t->spaces; s++) {
        sim_field(g, nz, t->space[s], 0, 2 * t->dice, &in->space[s]);
        double p[2];
        sim_probs(g, nz, t->space_circled[s], 2, p);
        in->space_circled[s] = p[1];
    }
    for (int r = 0; r < t->rounds; r++) {
        for (int j = 0; j < 2; j++)
            sim_field(g, nz, t->die[r][j], 1, t->dice, &in->die[r][j]);
        sim_probs(g, nz, t->circled[r], 4, in->circ[r]);
    }
    sim_field(g, nz, t->combos, 0, t->rounds, &in->combos);
}

/* Clean readings: every field read right with probability p. */
static inline void sim_read_clean(const sim_truth *t, double p, c36r_input *in)
{
    memset(in, 0, sizeof *in);
    in->spaces = t->spaces, in->rounds = t->rounds, in->dice_sides = t->dice;
    for (int s = 0; s < t->spaces; s++) {
        in->space[s] = (scan_field){1, {{t->space[s], p}}};
        in->space_circled[s] = t->space_circled[s] ? p : 1 - p;
    }
    for (int r = 0; r < t->rounds; r++) {
        for (int j = 0; j < 2; j++)
            in->die[r][j] = (scan_field){1, {{t->die[r][j], p}}};
        for (int k = 0; k < 4; k++)
            in->circ[r][k] = k == t->circled[r] ? p : (1 - p) / 3;
    }
    in->combos = (scan_field){1, {{t->combos, p}}};
}

/* Fields of the output that differ from the truth, and those of them marked
 * sure; *fields gets the number of fields compared. */
static inline int sim_compare(const sim_truth *t, const c36r_output *o, int *wrong_sure,
                              int *fields, int *unsure)
{
    int wrong = 0, ws = 0, n = 0, us = 0;
#define SIM_CMP(a, b, sure)                                                                        \
    do {                                                                                           \
        n++;                                                                                       \
        us += !(sure);                                                                             \
        if ((a) != (b)) wrong++, ws += (sure) ? 1 : 0;                                             \
    } while (0)
    for (int s = 0; s < t->spaces; s++) {
        SIM_CMP(o->space[s], t->space[s], o->space_sure[s]);
        SIM_CMP(o->space_circled[s], t->space_circled[s], o->space_circled_sure[s]);
    }
    for (int r = 0; r < t->rounds; r++) {
        SIM_CMP(o->die[r][0], t->die[r][0], o->die_sure[r][0]);
        SIM_CMP(o->die[r][1], t->die[r][1], o->die_sure[r][1]);
        SIM_CMP(o->circled[r], t->circled[r], o->circled_sure[r]);
    }
    SIM_CMP(o->combos, t->combos, o->combos_sure);
#undef SIM_CMP
    *wrong_sure = ws, *fields = n, *unsure = us;
    return wrong;
}

#endif

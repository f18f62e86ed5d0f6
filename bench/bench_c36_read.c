/* bench_c36_read.c: the rule-aware Circle 36 reader (scan/c36_read.h) on
 * random legal games read with simulated noise: how often each kind of field
 * comes out right, how often a wrong one is marked sure, how many are marked
 * not sure, and the CPU time of one choice (the thread's own, so that other
 * load on the machine counts little).
 *
 *   bench-c36-read [GAMES [SEED [DIGIT_ERR [CIRCLE_ERR [SPACES [DICE]]]]]]
 *
 * SPACES is rings x sectors + 1 (default 25), DICE the sides of a die (8).
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "../tests/c36_sim.h"

static c36r_input in;
static c36r_output out;
static sim_truth t;

enum { K_SPACE, K_RING, K_DIE_USED, K_DIE_FREE, K_CIRC, K_COMBOS, K_N };
static const char *kname[K_N] = {"space",      "space circle", "die used",
                                 "die unused", "dice circle",  "combos"};
static long n[K_N], wrong[K_N], wsure[K_N], unsure[K_N], alone[K_N];

/* The reading a reader alone would give: its top candidate. */
static int top_of(const scan_field *f)
{
    return f->n > 0 ? f->c[0].value : SCAN_EMPTY;
}

static int top_prob(const double *p, int np)
{
    int b = 0;
    for (int i = 1; i < np; i++)
        if (p[i] > p[b]) b = i;
    return b;
}

static void count(int k, int got, int want, int sure, int top)
{
    n[k]++;
    alone[k] += top != want;
    wrong[k] += got != want;
    wsure[k] += got != want && sure;
    unsure[k] += !sure;
}

static void line(const char *name, long nf, long w, long a, long ws, long us)
{
    printf("  %-13s %6ld fields %7.3f%% wrong (%.3f%% without the rules) %7.4f%% wrong+sure "
           "%5.1f%% not sure\n",
           name, nf, 100.0 * w / nf, 100.0 * a / nf, 100.0 * ws / nf, 100.0 * us / nf);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    int games = argc > 1 ? atoi(argv[1]) : 200;
    unsigned seed = argc > 2 ? (unsigned)atoi(argv[2]) : 1;
    sim_noise nz = {argc > 3 ? atof(argv[3]) : 0.03, 0.7, argc > 4 ? atof(argv[4]) : 0.02};
    int spaces = argc > 5 ? atoi(argv[5]) : 25, dice = argc > 6 ? atoi(argv[6]) : 8;
    if (games < 1 || games > 100000 || spaces < 2 || spaces > C36R_MAX_SPACES ||
        dice < C36_MIN_DICE || dice > C36_MAX_DICE)
        return 2;
    GRand *g = g_rand_new_with_seed(seed);
    double *ms = malloc(sizeof(double) * (size_t)games);
    int right = 0, failed = 0;
    for (int i = 0; i < games; i++) {
        sim_random_game(g, spaces, dice, i % 5 ? spaces : g_rand_int_range(g, 0, spaces), &t);
        sim_read(g, &nz, &t, &in);
        struct timespec a, b;
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a);
        int rc = c36r_choose(&in, &out);
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &b);
        ms[i] = (b.tv_sec - a.tv_sec) * 1e3 + (b.tv_nsec - a.tv_nsec) / 1e6;
        if (rc) {
            failed++;
            continue;
        }
        int w = 0;
        for (int s = 0; s < t.spaces; s++) {
            count(K_SPACE, out.space[s], t.space[s], out.space_sure[s], top_of(&in.space[s]));
            count(K_RING, out.space_circled[s], t.space_circled[s], out.space_circled_sure[s],
                  in.space_circled[s] > 0.5);
            w += out.space[s] != t.space[s] || out.space_circled[s] != t.space_circled[s];
        }
        for (int r = 0; r < t.rounds; r++) {
            for (int j = 0; j < 2; j++) {
                int used = t.circled[r] == C36R_CIRC_BOTH || t.circled[r] == j + 1;
                count(used ? K_DIE_USED : K_DIE_FREE, out.die[r][j], t.die[r][j],
                      out.die_sure[r][j], top_of(&in.die[r][j]));
                w += out.die[r][j] != t.die[r][j];
            }
            count(K_CIRC, out.circled[r], t.circled[r], out.circled_sure[r],
                  top_prob(in.circ[r], 4));
            w += out.circled[r] != t.circled[r];
        }
        count(K_COMBOS, out.combos, t.combos, out.combos_sure, top_of(&in.combos));
        w += out.combos != t.combos;
        right += w == 0;
    }
    qsort(ms, (size_t)games, sizeof *ms, cmp_double);
    printf("games %d (%d spaces, %d-sided dice, seed %u, digit error %.3f, circle error %.3f): "
           "%d refused, %.1f%% entirely right\n",
           games, spaces, dice, seed, nz.digit_err, nz.circle_err, failed, 100.0 * right / games);
    long tn = 0, tw = 0, ts = 0, tu = 0, ta = 0;
    for (int k = 0; k < K_N; k++) {
        line(kname[k], n[k], wrong[k], alone[k], wsure[k], unsure[k]);
        tn += n[k], tw += wrong[k], ts += wsure[k], tu += unsure[k], ta += alone[k];
    }
    line("all", tn, tw, ta, ts, tu);
    printf("CPU time per sheet: median %.2f ms, 90%% %.2f ms, max %.2f ms\n", ms[games / 2],
           ms[games * 9 / 10], ms[games - 1]);
    free(ms);
    g_rand_free(g);
    return 0;
}

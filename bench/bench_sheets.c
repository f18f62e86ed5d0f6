/* bench_sheets.c: writes a stream of random but valid Circle 36 score sheets
 * (YAML documents separated by "---") for the scoring benchmark.
 *
 *   bench-sheets N [--rounds] [--seed S]
 *
 * Like a player's sheet, most spaces hold a die (1..6) and some the sum of two
 * dice (2..12), so areas total near 36; --rounds adds the 25 rounds that filled
 * the board, each with two dice that give the value (a die up to 6, a sum
 * above), and combos agrees with them. The same N and seed give the same bytes. */
#include <getopt.h>
#include <glib.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#define SHEETS_MAX 10000000

/* Two dice that give v (1..12) and how: a die when v <= 6, else their sum. */
static void sheets_dice(GRand *r, int v, int *a, int *b, const char **use)
{
    if (v <= 6) {
        *a = v;
        *b = g_rand_int_range(r, 1, 7);
        *use = "die";
    } else {
        *a = g_rand_int_range(r, v - 6, 7);
        *b = v - *a;
        *use = "sum";
    }
}

int main(int argc, char **argv)
{
    static const struct option opts[] = {
        {"rounds", no_argument, 0, 'r'}, {"seed", required_argument, 0, 's'}, {0, 0, 0, 0}};
    bool rounds = false;
    guint32 seed = 36;
    for (int c; (c = getopt_long(argc, argv, "", opts, NULL)) != -1;) {
        if (c == 'r')
            rounds = true;
        else if (c == 's')
            seed = (guint32)strtoul(optarg, NULL, 10);
        else
            return 2;
    }
    long n = optind == argc - 1 ? strtol(argv[optind], NULL, 10) : 0;
    if (n < 1 || n > SHEETS_MAX) {
        fputs("usage: bench-sheets N [--rounds] [--seed S]\n", stderr);
        return 2;
    }
    static const char *const rings[3] = {"red", "blue", "green"};
    static const char prefix[3] = {'R', 'B', 'G'};
    GRand *r = g_rand_new_with_seed(seed);
    for (long k = 0; k < n; k++) {
        int v[25];
        for (int i = 0; i < 25; i++)
            v[i] = g_rand_int_range(r, 0, 10) < 7
                       ? g_rand_int_range(r, 1, 7)
                       : g_rand_int_range(r, 1, 7) + g_rand_int_range(r, 1, 7);
        printf("%sgame: circle36\nplayer: Player %ld\n", k ? "---\n" : "", k + 1);
        for (int ring = 0; ring < 3; ring++) {
            printf("%s: [", rings[ring]);
            for (int s = 0; s < 8; s++)
                printf(s ? ", %d" : "%d", v[ring * 8 + s]);
            printf("]\n");
        }
        printf("yellow: %d\n", v[24]);
        int combos = 0;
        for (int i = 0; i < 25; i++)
            combos += v[i] > 6;
        printf("combos: %d\n", combos);
        if (!rounds) continue;
        printf("rounds:\n");
        for (int i = 0; i < 25; i++) {
            int a, b;
            const char *use;
            sheets_dice(r, v[i], &a, &b, &use);
            if (i < 24)
                printf("  - {dice: [%d, %d], cell: %c%d, use: %s}\n", a, b, prefix[i / 8],
                       i % 8 + 1, use);
            else
                printf("  - {dice: [%d, %d], cell: Y, use: %s}\n", a, b, use);
        }
    }
    g_rand_free(r);
    return ferror(stdout) ? 3 : 0;
}

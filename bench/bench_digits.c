/* bench_digits.c: the handwriting reader's figures (make bench-digits). Prints
 * the C classifier's accuracy on the 2,000 held-out MNIST digits (target
 * 99.3%) with the digits it gets wrong, the time per digit, and
 * scan_read_number on synthesized fields (tests/digits_synth.h: held-out
 * digits pasted at random scale and place, a printed line at the border,
 * noise; then the same at half the resolution): how often the first reading is right for one digit,
 * two digits and nothing written, how many first readings given a probability of 0.95 or 0.99 are
 * wrong, and the time per field. Times are CPU time of the thread (the wall time of the classifier
 * is printed beside it).
 *
 *   bench-digits SOURCE_DIR [FIELDS]
 *
 * Timing never decides the exit status (0 unless the data cannot be read). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <glib.h>
#include <stdio.h>
#include <time.h>
#include <stdlib.h>
#include "../tests/digits_synth.h"
#include "scan/digits.h"

/* CPU time of this thread, microseconds: other load on the machine changes it
 * far less than the wall time. */
static double cpu_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: bench-digits SOURCE_DIR [FIELDS]\n");
        return 2;
    }
    int fields = argc == 3 ? atoi(argv[2]) : 1000;
    if (fields < 1 || fields > 100000) {
        fprintf(stderr, "bench-digits: FIELDS must be 1..100000\n");
        return 2;
    }
    char *path = g_build_filename(argv[1], "tests", "data", "digits-heldout.png", NULL);
    ds_set *set = ds_load(path);
    if (!set) {
        fprintf(stderr, "bench-digits: cannot read %s\n", path);
        return 1;
    }
    g_free(path);

    int right = 0, confusion[10][10] = {{0}};
    double rounds[5], walls[5];
    for (int round = 0; round < 5; round++) {
        gint64 t0 = g_get_monotonic_time();
        double c0 = cpu_us();
        right = 0;
        for (int k = 0; k < DS_COUNT; k++) {
            float img[SCAN_DIGIT_SIDE * SCAN_DIGIT_SIDE], p[10];
            ds_image(set, k, img);
            scan_digit_classify(img, p);
            int got = ds_argmax(p);
            right += got == ds_label(k);
            if (!round) confusion[ds_label(k)][got]++;
        }
        rounds[round] = (cpu_us() - c0) / DS_COUNT;
        walls[round] = (double)(g_get_monotonic_time() - t0) / DS_COUNT;
    }
    qsort(rounds, 5, sizeof rounds[0], cmp_double);
    qsort(walls, 5, sizeof walls[0], cmp_double);
    printf("held-out MNIST digits: %d of %d right, %.2f%% (target 99.30%%): %s\n", right, DS_COUNT,
           100.0 * right / DS_COUNT, right * 1000 >= DS_COUNT * 993 ? "PASS" : "FAIL");
    printf("  wrong (true -> read, times):");
    for (int a = 0; a < 10; a++)
        for (int b = 0; b < 10; b++)
            if (a != b && confusion[a][b]) printf(" %d->%d x%d", a, b, confusion[a][b]);
    printf("\ntime per digit: %.0f us CPU, %.0f us wall (medians of 5 rounds of %d)\n", rounds[2],
           walls[2], DS_COUNT);

    static uint8_t grey[DS_MAX_W * DS_MAX_H];
    const char *what[3] = {"nothing written", "one digit", "two digits"};
    for (int run = 0; run < 6; run++) {
        int n = run % 3, halve = run >= 3;
        GRand *r = g_rand_new_with_seed(100 + run);
        int first = 0, listed = 0, sure95 = 0, wrong95 = 0, sure99 = 0, wrong99 = 0;
        double spent = 0.0;
        for (int i = 0; i < fields; i++) {
            int ks[2], w, h;
            ks[0] = g_rand_int_range(r, n == 2 ? DS_PER_CLASS : 0, DS_COUNT);
            ks[1] = g_rand_int_range(r, 0, DS_COUNT);
            int want = ds_field(set, r, ks, n, grey, &w, &h);
            if (halve) ds_halve(grey, &w, &h);
            scan_field f;
            double c0 = cpu_us();
            int rc = scan_read_number(grey, w, h, w, 2, &f);
            spent += cpu_us() - c0;
            if (rc) continue;
            first += f.n && f.c[0].value == want;
            if (f.n && f.c[0].p >= 0.95) {
                sure95++;
                wrong95 += f.c[0].value != want;
            }
            if (f.n && f.c[0].p >= 0.99) {
                sure99++;
                wrong99 += f.c[0].value != want;
            }
            for (int c = 0; c < f.n; c++)
                listed += f.c[c].value == want;
        }
        printf("%s, %s: %.2f%% read right first, %.2f%% among the candidates, %.0f us a "
               "field (%d fields)\n",
               halve ? "small fields" : "fields", what[n], 100.0 * first / fields,
               100.0 * listed / fields, (double)spent / fields, fields);
        printf("  first reading at p >= 0.95: %d fields, %d of them wrong; at p >= 0.99: %d, %d "
               "wrong\n",
               sure95, wrong95, sure99, wrong99);
        g_rand_free(r);
    }
    ds_free(set);
    return 0;
}

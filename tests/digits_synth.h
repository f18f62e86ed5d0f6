/* digits_synth.h: the held-out MNIST digits (tests/data/digits-heldout.png)
 * and fields written with them, for test_digits and bench/bench_digits.
 * A synthesized field is a grey crop like the photo reader cuts out: paper of
 * some grey, one or two held-out digits pasted at a random scale and place in
 * ink of some darkness (two digits may touch), a bit of a printed ring line along one border (which
 * the digit may touch), and noise. Header-only; the caller frees what
 * ds_load gives with ds_free. Deterministic for a seed. */
#ifndef PNPKIT_TESTS_DIGITS_SYNTH_H
#define PNPKIT_TESTS_DIGITS_SYNTH_H

#include <cairo.h>
#include <glib.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "scan/digits.h"

#define DS_COUNT 2000    /* held-out digits */
#define DS_PER_CLASS 200 /* in order: 200 zeros, 200 ones, ... */
#define DS_COLS 40       /* digits a row of the sprite */
#define DS_MAX_W 200
#define DS_MAX_H 100

typedef struct ds_set {
    uint8_t px[DS_COUNT][SCAN_DIGIT_SIDE * SCAN_DIGIT_SIDE]; /* 0 paper, 255 ink */
} ds_set;

static inline int ds_label(int k)
{
    return k / DS_PER_CLASS;
}

/* The held-out digits, or NULL when the file cannot be read. */
static inline ds_set *ds_load(const char *path)
{
    cairo_surface_t *s = cairo_image_surface_create_from_png(path);
    if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(s);
        return NULL;
    }
    int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
    if (w != DS_COLS * SCAN_DIGIT_SIDE || h != DS_COUNT / DS_COLS * SCAN_DIGIT_SIDE ||
        cairo_image_surface_get_format(s) == CAIRO_FORMAT_A1) {
        cairo_surface_destroy(s);
        return NULL;
    }
    cairo_surface_flush(s);
    const unsigned char *data = cairo_image_surface_get_data(s);
    int stride = cairo_image_surface_get_stride(s);
    int bpp = cairo_image_surface_get_format(s) == CAIRO_FORMAT_A8 ? 1 : 4;
    ds_set *set = g_new(ds_set, 1);
    for (int k = 0; k < DS_COUNT; k++) {
        int ox = k % DS_COLS * SCAN_DIGIT_SIDE, oy = k / DS_COLS * SCAN_DIGIT_SIDE;
        for (int y = 0; y < SCAN_DIGIT_SIDE; y++)
            for (int x = 0; x < SCAN_DIGIT_SIDE; x++)
                set->px[k][y * SCAN_DIGIT_SIDE + x] =
                    data[(size_t)(oy + y) * stride + (size_t)(ox + x) * bpp];
    }
    cairo_surface_destroy(s);
    return set;
}

static inline void ds_free(ds_set *set)
{
    g_free(set);
}

static inline void ds_image(const ds_set *set, int k, float img[SCAN_DIGIT_SIDE * SCAN_DIGIT_SIDE])
{
    for (int i = 0; i < SCAN_DIGIT_SIDE * SCAN_DIGIT_SIDE; i++)
        img[i] = set->px[k][i] / 255.0f;
}

static inline int ds_argmax(const float p[10])
{
    int best = 0;
    for (int i = 1; i < 10; i++)
        if (p[i] > p[best]) best = i;
    return best;
}

/* Ink of held-out digit k at (u, v) in its own 28x28 pixels, bilinear, 0..1. */
static inline double ds_sample(const ds_set *set, int k, double u, double v)
{
    int x0 = (int)floor(u), y0 = (int)floor(v);
    double fx = u - x0, fy = v - y0, s = 0.0;
    for (int dy = 0; dy < 2; dy++)
        for (int dx = 0; dx < 2; dx++) {
            int x = x0 + dx, y = y0 + dy;
            if (x < 0 || y < 0 || x >= SCAN_DIGIT_SIDE || y >= SCAN_DIGIT_SIDE) continue;
            s += (dx ? fx : 1 - fx) * (dy ? fy : 1 - fy) * set->px[k][y * SCAN_DIGIT_SIDE + x];
        }
    return s / 255.0;
}

/* A field: w x h grey (stride w) written with the digits ks[0..n-1] (n 0, 1
 * or 2) by rand r. Returns the number written, or SCAN_EMPTY. */
static inline int ds_field(const ds_set *set, GRand *r, const int *ks, int n, uint8_t *grey,
                           int *pw, int *ph)
{
    int h = g_rand_int_range(r, 44, DS_MAX_H - 20);
    double paper = g_rand_double_range(r, 170, 245);
    double ink = g_rand_double_range(r, 15, paper - 90);
    /* the digits: their 20-pixel box (pixels 4..24 of the 28-pixel frame)
     * scaled to 45..80% of the height, inside the crop; two digits 1 pixel
     * (of the 20) into each other to 4 apart */
    double scale = h * g_rand_double_range(r, 0.45, 0.8) / 20.0; /* crop pixels per MNIST pixel */
    double gap = g_rand_double_range(r, -1.0, 4.0) * scale;
    double total = n == 2 ? 40 * scale + gap : 20 * scale;
    int w = (int)ceil(total) + g_rand_int_range(r, 4, 40);
    if (w < 56) w = 56;
    double left = g_rand_double_range(r, 0, w - total);
    double top = g_rand_double_range(r, -4 * scale, h - 24 * scale);
    static double dark[DS_MAX_W * DS_MAX_H];
    memset(dark, 0, sizeof dark);
    for (int d = 0; d < n; d++) {
        double ox = left + d * (20 * scale + gap) - 4 * scale;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                double v = ds_sample(set, ks[d], (x - ox) / scale, (y - top) / scale);
                if (v > dark[y * w + x]) dark[y * w + x] = v;
            }
    }
    /* a printed ring line along one side, 0..3 pixels in, a little bent */
    int side = g_rand_int_range(r, 0, 4);
    double depth = g_rand_double_range(r, 0.5, 3.5), th = g_rand_double_range(r, 1.0, 3.0);
    double bend = g_rand_double_range(r, -0.004, 0.004), tilt = g_rand_double_range(r, -0.04, 0.04);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            double along = side < 2 ? x - w / 2.0 : y - h / 2.0;
            double across = side == 0 ? y : side == 1 ? h - 1 - y : side == 2 ? x : w - 1 - x;
            double d = fabs(across - depth - tilt * along - bend * along * along);
            double v = fmin(1.0, fmax(0.0, th / 2 + 0.5 - d));
            if (v > dark[y * w + x]) dark[y * w + x] = v;
        }
    for (int i = 0; i < w * h; i++) {
        double g = paper - dark[i] * (paper - ink) + g_rand_double_range(r, -8, 8);
        grey[i] = (uint8_t)fmin(255.0, fmax(0.0, g));
    }
    *pw = w;
    *ph = h;
    if (n == 0) return SCAN_EMPTY;
    return n == 1 ? ds_label(ks[0]) : 10 * ds_label(ks[0]) + ds_label(ks[1]);
}

/* The field at half its resolution (2x2 pixels averaged), in place: a small
 * crop, the digits 10 to 32 pixels high and the line under 2 pixels wide. */
static inline void ds_halve(uint8_t *grey, int *pw, int *ph)
{
    int w = *pw, w2 = *pw / 2, h2 = *ph / 2;
    for (int y = 0; y < h2; y++)
        for (int x = 0; x < w2; x++) {
            const uint8_t *p = grey + 2 * y * w + 2 * x;
            grey[y * w2 + x] = (uint8_t)((p[0] + p[1] + p[w] + p[w + 1] + 2) / 4);
        }
    *pw = w2;
    *ph = h2;
}

#endif

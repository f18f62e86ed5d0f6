/* digits_norm.c: one digit's strokes made into an image as MNIST's digits
 * were made: the box scaled to fit 20x20 pixels keeping its proportions (area
 * averaging), placed in 28x28 with the centre of mass at the middle, the
 * strongest ink 1 (digits_ink.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "scan/digits_ink.h"

#define NM_BOX 20 /* MNIST fits a digit in 20x20 and centres it in 28x28 */

/* Resamples n samples (sstride apart) to m (dstride apart): shrinking, target
 * j is the mean of source [j*n/m, (j+1)*n/m); enlarging, linear
 * interpolation at its centre. */
static void nm_resample_1d(const float *src, int n, float *dst, int m, int sstride, int dstride)
{
    double step = (double)n / m;
    for (int j = 0; j < m; j++) {
        double a = j * step, bnd = a + step, sum = 0.0;
        if (step < 1.0) { /* enlarging: linear interpolation at the centre */
            double c = a + step / 2 - 0.5;
            int i0 = (int)floor(c);
            double f = c - i0;
            int ia = i0 < 0 ? 0 : i0, ib = i0 + 1 >= n ? n - 1 : i0 + 1;
            if (ia > n - 1) ia = n - 1;
            dst[j * dstride] = (float)((1 - f) * src[ia * sstride] + f * src[ib * sstride]);
            continue;
        }
        for (int i = (int)floor(a); i < n && i < bnd; i++) {
            double lo = fmax(a, i), hi = fmin(bnd, i + 1.0);
            if (hi > lo) sum += (hi - lo) * src[i * sstride];
        }
        dst[j * dstride] = (float)(sum / step);
    }
}

/* Pixels of piece: those whose component is in group g and whose column is in
 * [xa, xb). The faint rim of the strokes (below the ink threshold, next to a
 * piece pixel) comes along. Fills out (28x28, 0 paper .. 1 ink); returns -1
 * when the piece is empty. */
int scan_ink_mnist(const scan_ink *im, int g, int xa, int xb,
                   float out[SCAN_DIGIT_SIDE * SCAN_DIGIT_SIDE])
{
    int w = im->w, h = im->h;
    int x0 = w, y0 = h, x1 = -1, y1 = -1;
#define NM_IN(i, x) (im->label[i] && im->comp[im->label[i]].group == g && (x) >= xa && (x) < xb)
    for (int y = 0; y < h; y++)
        for (int x = xa; x < xb; x++)
            if (NM_IN(y * w + x, x)) {
                if (x < x0) x0 = x;
                if (x > x1) x1 = x;
                if (y < y0) y0 = y;
                if (y > y1) y1 = y;
            }
    if (x1 < 0) return -1;
    x0 = x0 > xa ? x0 - 1 : x0;
    x1 = x1 < xb - 1 ? x1 + 1 : x1;
    y0 = y0 > 0 ? y0 - 1 : y0;
    y1 = y1 < h - 1 ? y1 + 1 : y1;
    int bw = x1 - x0 + 1, bh = y1 - y0 + 1;
    /* the patch, then room for it resized across (NM_BOX columns at most) */
    float *patch = malloc(sizeof(float) * ((size_t)bw * bh + (size_t)NM_BOX * bh));
    if (!patch) return -1;
    float top = 0.0f;
    for (int y = y0; y <= y1; y++) {
        for (int x = x0; x <= x1; x++) {
            int i = y * w + x;
            float v = 0.0f;
            if (NM_IN(i, x)) {
                v = im->dark[i];
            } else if (!im->label[i] && im->dark[i] > 0.0f) {
                for (int dy = -1; dy <= 1 && v == 0.0f; dy++)
                    for (int dx = -1; dx <= 1; dx++) {
                        int xx = x + dx, yy = y + dy;
                        if (xx >= x0 && xx <= x1 && yy >= y0 && yy <= y1 &&
                            NM_IN(yy * w + xx, xx)) {
                            v = im->dark[i];
                            break;
                        }
                    }
            }
            v = v > 1.0f ? 1.0f : v;
            patch[(y - y0) * bw + (x - x0)] = v;
            if (v > top) top = v;
        }
    }
#undef NM_IN
    int tw, th;
    if (bw >= bh) {
        tw = NM_BOX;
        th = (int)lround((double)NM_BOX * bh / bw);
    } else {
        th = NM_BOX;
        tw = (int)lround((double)NM_BOX * bw / bh);
    }
    tw = tw < 1 ? 1 : tw;
    th = th < 1 ? 1 : th;
    /* rows first (bw -> tw), then columns (bh -> th) */
    float *rows = patch + (size_t)bw * bh;
    for (int y = 0; y < bh; y++)
        nm_resample_1d(patch + y * bw, bw, rows + y * tw, tw, 1, 1);
    float small[NM_BOX * NM_BOX];
    for (int x = 0; x < tw; x++)
        nm_resample_1d(rows + x, bh, small + x, th, tw, tw);
    free(patch);
    double m = 0.0, mx = 0.0, my = 0.0;
    float peak = 0.0f;
    for (int y = 0; y < th; y++)
        for (int x = 0; x < tw; x++) {
            float v = small[y * tw + x];
            m += v;
            mx += v * x;
            my += v * y;
            if (v > peak) peak = v;
        }
    if (m <= 0.0 || peak <= 0.0f) return -1;
    int ox = (int)lround(14.0 - mx / m), oy = (int)lround(14.0 - my / m);
    if (ox < 0) ox = 0;
    if (oy < 0) oy = 0;
    if (ox + tw > SCAN_DIGIT_SIDE) ox = SCAN_DIGIT_SIDE - tw;
    if (oy + th > SCAN_DIGIT_SIDE) oy = SCAN_DIGIT_SIDE - th;
    memset(out, 0, sizeof(float) * SCAN_DIGIT_SIDE * SCAN_DIGIT_SIDE);
    for (int y = 0; y < th; y++)
        for (int x = 0; x < tw; x++) {
            float v = small[y * tw + x] / peak;
            out[(y + oy) * SCAN_DIGIT_SIDE + x + ox] = v > 1.0f ? 1.0f : v;
        }
    return 0;
}

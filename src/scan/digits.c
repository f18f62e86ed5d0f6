/* digits.c: reading a handwritten whole number from the grey crop of one
 * field (scan_read_number in digits.h). The steps: paper and ink levels from
 * the crop's histogram; an ink mask; its connected components; printed line
 * fragments at the border taken away; specks dropped; the "nothing written"
 * decision; strokes grouped into digits; the ways of cutting the ink into one
 * or two digits (between groups, or through touching digits at the thinnest
 * column); each piece normalised as MNIST digits are and classified; the
 * readings of every cut weighed and summed per value. All working memory is
 * allocated here and freed before returning. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "scan/digits.h"

#define RN_MIN_SIDE 8
#define RN_MAX_SIDE 2048
#define RN_MAX_DIGITS 2
#define RN_MIN_CONTRAST 35 /* grey levels: fainter marks are paper */
#define RN_MIN_SPAN 80     /* the darkness scale never stretches less than this */
#define RN_BOX 20          /* MNIST fits a digit in 20x20 and centres it in 28x28 */
#define RN_MAX_HYP 6       /* ways of cutting the ink into digits */
#define RN_P_EMPTY 0.995   /* how sure a blank field is blank */
#define RN_MAX_PIECES 64   /* pieces of ink looked at in one field */

typedef struct rn_comp {
    int area, x0, y0, x1, y1; /* bounding box, inclusive */
    int sides;                /* bit 0 top, 1 bottom, 2 left, 3 right: touches the border */
    int inner;                /* pixels outside the border band */
    int group;                /* digit group, -1 when erased */
} rn_comp;

typedef struct rn_img {
    int w, h;
    float *dark; /* 0 paper .. 1 ink */
    int *label;  /* 0 background, 1..n components */
    rn_comp *comp;
    int n;
    int band;   /* width of the border band printed lines are looked for in */
    int *stack; /* work space for labelling */
} rn_img;

/* ------------------------------------------------------------ levels and mask */

static void rn_levels(const uint8_t *grey, int w, int h, int stride, int *paper, int *ink)
{
    long hist[256] = {0};
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            hist[grey[(size_t)y * stride + x]]++;
    long total = (long)w * h, acc = 0;
    int p01 = -1, p60 = 255;
    for (int v = 0; v < 256; v++) {
        acc += hist[v];
        if (p01 < 0 && acc * 100 >= total)
            p01 = v;
        if (acc * 100 >= total * 60) {
            p60 = v;
            break;
        }
    }
    *paper = p60;
    *ink = p01 < 0 ? 0 : p01;
}

/* Labels the 8-connected components of dark >= thr (outside erased pixels,
 * whose dark is negative) and gathers their statistics. */
static int rn_label(rn_img *im, float thr)
{
    int w = im->w, h = im->h, n = 0;
    memset(im->label, 0, sizeof(int) * (size_t)w * h);
    for (int start = 0; start < w * h; start++) {
        if (im->label[start] || im->dark[start] < thr)
            continue;
        n++;
        int top = 0;
        im->stack[top++] = start;
        im->label[start] = n;
        while (top) {
            int i = im->stack[--top], x = i % w, y = i / w;
            for (int dy = -1; dy <= 1; dy++) {
                for (int dx = -1; dx <= 1; dx++) {
                    int xx = x + dx, yy = y + dy;
                    if (xx < 0 || yy < 0 || xx >= w || yy >= h)
                        continue;
                    int j = yy * w + xx;
                    if (!im->label[j] && im->dark[j] >= thr) {
                        im->label[j] = n;
                        im->stack[top++] = j;
                    }
                }
            }
        }
    }
    free(im->comp);
    im->comp = calloc((size_t)n + 1, sizeof(rn_comp));
    if (!im->comp)
        return -1;
    im->n = n;
    for (int c = 1; c <= n; c++)
        im->comp[c] = (rn_comp){0, w, h, -1, -1, 0, 0, 0};
    int b = im->band;
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            int l = im->label[y * w + x];
            if (!l)
                continue;
            rn_comp *c = &im->comp[l];
            c->area++;
            if (x < c->x0) c->x0 = x;
            if (x > c->x1) c->x1 = x;
            if (y < c->y0) c->y0 = y;
            if (y > c->y1) c->y1 = y;
            c->sides |= (y == 0) | (y == h - 1) << 1 | (x == 0) << 2 | (x == w - 1) << 3;
            if (x >= b && y >= b && x < w - b && y < h - b)
                c->inner++;
        }
    }
    return 0;
}

static void rn_erase(rn_img *im, int l)
{
    rn_comp *c = &im->comp[l];
    for (int y = c->y0; y <= c->y1; y++)
        for (int x = c->x0; x <= c->x1; x++)
            if (im->label[y * im->w + x] == l) {
                im->label[y * im->w + x] = 0;
                im->dark[y * im->w + x] = -1.0f;
            }
    c->group = -1;
}

/* Printed lines at the border: a component nearly all inside the border band;
 * a thin one that enters and leaves through two sides; and, in a component
 * that reaches inside (a digit written over a line), the long runs parallel to
 * the side it touches, inside the band. Returns 1 when it erased pixels of a
 * component it kept (so the caller labels again). */
static int rn_strip_lines(rn_img *im, float thr)
{
    int w = im->w, h = im->h, b = im->band, peeled = 0;
    int minside = w < h ? w : h;
    for (int l = 1; l <= im->n; l++) {
        rn_comp *c = &im->comp[l];
        if (!c->sides)
            continue;
        if (c->inner * 20 <= c->area || c->inner < 3) {
            rn_erase(im, l);
            continue;
        }
        int nsides = __builtin_popcount((unsigned)c->sides);
        double bw = c->x1 - c->x0 + 1, bh = c->y1 - c->y0 + 1, diag = sqrt(bw * bw + bh * bh);
        double thin = fmax(2.5, 0.05 * minside);
        if (nsides >= 2 && diag >= 0.5 * minside && c->area <= thin * diag) {
            rn_erase(im, l);
            continue;
        }
        /* peel long runs in the band */
        for (int y = 0; y < h; y++) {
            int in_tb = y < b || y >= h - b;
            for (int x = 0; x < w; x++) {
                int in_lr = x < b || x >= w - b;
                if (!in_tb && !in_lr)
                    continue;
                if (im->label[y * w + x] != l)
                    continue;
                int run_h = 0, run_v = 0;
                if (in_tb) {
                    int x0 = x, x1 = x;
                    while (x0 > 0 && im->dark[y * w + x0 - 1] >= thr) x0--;
                    while (x1 < w - 1 && im->dark[y * w + x1 + 1] >= thr) x1++;
                    run_h = x1 - x0 + 1;
                }
                if (in_lr) {
                    int y0 = y, y1 = y;
                    while (y0 > 0 && im->dark[(y0 - 1) * w + x] >= thr) y0--;
                    while (y1 < h - 1 && im->dark[(y1 + 1) * w + x] >= thr) y1++;
                    run_v = y1 - y0 + 1;
                }
                if ((in_tb && run_h * 10 >= w * 3) || (in_lr && run_v * 10 >= h * 3)) {
                    im->label[y * w + x] = 0;
                    im->dark[y * w + x] = -1.0f;
                    peeled = 1;
                }
            }
        }
    }
    return peeled;
}

/* ------------------------------------------------------------ MNIST normalising */

/* Weights of a box filter from n source samples to m target samples: target j
 * covers source [j*n/m, (j+1)*n/m). */
static void rn_resample_1d(const float *src, int n, float *dst, int m, int sstride, int dstride)
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
            if (hi > lo)
                sum += (hi - lo) * src[i * sstride];
        }
        dst[j * dstride] = (float)(sum / step);
    }
}

/* Pixels of piece: those whose component is in group g and whose column is in
 * [xa, xb). The faint rim of the strokes (below the ink threshold, next to a
 * piece pixel) comes along. Fills out (28x28, 0 paper .. 1 ink); returns -1
 * when the piece is empty. */
static int rn_mnist(const rn_img *im, int g, int xa, int xb, float out[SCAN_DIGIT_SIDE * SCAN_DIGIT_SIDE])
{
    int w = im->w, h = im->h;
    int x0 = w, y0 = h, x1 = -1, y1 = -1;
#define RN_IN(i, x) (im->label[i] && im->comp[im->label[i]].group == g && (x) >= xa && (x) < xb)
    for (int y = 0; y < h; y++)
        for (int x = xa; x < xb; x++)
            if (RN_IN(y * w + x, x)) {
                if (x < x0) x0 = x;
                if (x > x1) x1 = x;
                if (y < y0) y0 = y;
                if (y > y1) y1 = y;
            }
    if (x1 < 0)
        return -1;
    x0 = x0 > xa ? x0 - 1 : x0;
    x1 = x1 < xb - 1 ? x1 + 1 : x1;
    y0 = y0 > 0 ? y0 - 1 : y0;
    y1 = y1 < h - 1 ? y1 + 1 : y1;
    int bw = x1 - x0 + 1, bh = y1 - y0 + 1;
    /* the patch, then room for it resized across (RN_BOX columns at most) */
    float *patch = malloc(sizeof(float) * ((size_t)bw * bh + (size_t)RN_BOX * bh));
    if (!patch)
        return -1;
    float top = 0.0f;
    for (int y = y0; y <= y1; y++) {
        for (int x = x0; x <= x1; x++) {
            int i = y * w + x;
            float v = 0.0f;
            if (RN_IN(i, x)) {
                v = im->dark[i];
            } else if (!im->label[i] && im->dark[i] > 0.0f) {
                for (int dy = -1; dy <= 1 && v == 0.0f; dy++)
                    for (int dx = -1; dx <= 1; dx++) {
                        int xx = x + dx, yy = y + dy;
                        if (xx >= x0 && xx <= x1 && yy >= y0 && yy <= y1 && RN_IN(yy * w + xx, xx)) {
                            v = im->dark[i];
                            break;
                        }
                    }
            }
            v = v > 1.0f ? 1.0f : v;
            patch[(y - y0) * bw + (x - x0)] = v;
            if (v > top)
                top = v;
        }
    }
#undef RN_IN
    int tw, th;
    if (bw >= bh) {
        tw = RN_BOX;
        th = (int)lround((double)RN_BOX * bh / bw);
    } else {
        th = RN_BOX;
        tw = (int)lround((double)RN_BOX * bw / bh);
    }
    tw = tw < 1 ? 1 : tw;
    th = th < 1 ? 1 : th;
    /* rows first (bw -> tw), then columns (bh -> th) */
    float *rows = patch + (size_t)bw * bh;
    for (int y = 0; y < bh; y++)
        rn_resample_1d(patch + y * bw, bw, rows + y * tw, tw, 1, 1);
    float small[RN_BOX * RN_BOX];
    for (int x = 0; x < tw; x++)
        rn_resample_1d(rows + x, bh, small + x, th, tw, tw);
    free(patch);
    double m = 0.0, mx = 0.0, my = 0.0;
    float peak = 0.0f;
    for (int y = 0; y < th; y++)
        for (int x = 0; x < tw; x++) {
            float v = small[y * tw + x];
            m += v;
            mx += v * x;
            my += v * y;
            if (v > peak)
                peak = v;
        }
    if (m <= 0.0 || peak <= 0.0f)
        return -1;
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

/* ------------------------------------------------------------ readings */

typedef struct rn_hyp {
    int ndig;
    double weight;
    float p[RN_MAX_DIGITS][10];
} rn_hyp;

static double rn_maxp(const float *p)
{
    float m = p[0];
    for (int i = 1; i < 10; i++)
        m = p[i] > m ? p[i] : m;
    return m;
}

/* Classifies the piece (group g, columns [xa, xb)); returns -1 when empty. */
static int rn_piece(const rn_img *im, int g, int xa, int xb, float p[10])
{
    float img[SCAN_DIGIT_SIDE * SCAN_DIGIT_SIDE];
    if (rn_mnist(im, g, xa, xb, img))
        return -1;
    scan_digit_classify(img, p);
    return 0;
}

static void rn_add(scan_cand *c, int *n, int cap, int value, double p)
{
    for (int i = 0; i < *n; i++)
        if (c[i].value == value) {
            c[i].p += p;
            return;
        }
    if (*n < cap)
        c[(*n)++] = (scan_cand){value, p};
}

static int rn_cmp_cand(const void *a, const void *b)
{
    const scan_cand *x = a, *y = b;
    if (x->p != y->p)
        return x->p > y->p ? -1 : 1;
    return x->value - y->value;
}

static void rn_empty(scan_field *out)
{
    out->n = 1;
    out->c[0] = (scan_cand){SCAN_EMPTY, RN_P_EMPTY};
}

/* The readings once the ink is cleaned: groups and cuts weighed. */
static int rn_read(rn_img *im, int max_digits, scan_field *out)
{
    int w = im->w, h = im->h;
    /* what is left, and the ink's extent */
    int ix0 = w, iy0 = h, ix1 = -1, iy1 = -1, area = 0;
    for (int l = 1; l <= im->n; l++) {
        rn_comp *c = &im->comp[l];
        if (c->group < 0)
            continue;
        area += c->area;
        if (c->x0 < ix0) ix0 = c->x0;
        if (c->y0 < iy0) iy0 = c->y0;
        if (c->x1 > ix1) ix1 = c->x1;
        if (c->y1 > iy1) iy1 = c->y1;
    }
    int inkh = iy1 - iy0 + 1, inkw = ix1 - ix0 + 1;
    if (ix1 < 0 || inkh * 100 < h * 12 || area * 1000 < (long)w * h * 3) {
        rn_empty(out);
        return 0;
    }
    double p_empty = inkh * 100 < h * 22 ? 0.5 : 0.002;

    /* groups: components sorted by left edge, merged when their columns
     * overlap (strokes of one digit) or when one is small beside the others */
    int ng = 0, order[RN_MAX_PIECES];
    for (;;) { /* more than RN_MAX_PIECES pieces of ink: the smallest are noise */
        int alive = 0, smallest = 0;
        for (int l = 1; l <= im->n; l++)
            if (im->comp[l].group >= 0) {
                alive++;
                if (!smallest || im->comp[l].area < im->comp[smallest].area)
                    smallest = l;
            }
        if (alive <= RN_MAX_PIECES)
            break;
        rn_erase(im, smallest);
    }
    for (int l = 1; l <= im->n; l++)
        if (im->comp[l].group >= 0)
            order[ng++] = l;
    for (int i = 1; i < ng; i++) /* insertion sort by x0 */
        for (int j = i; j > 0 && im->comp[order[j]].x0 < im->comp[order[j - 1]].x0; j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    int gx0[RN_MAX_PIECES], gx1[RN_MAX_PIECES], gy0[RN_MAX_PIECES], gy1[RN_MAX_PIECES], ngr = 0;
    for (int i = 0; i < ng; i++) {
        rn_comp *c = &im->comp[order[i]];
        int cw = c->x1 - c->x0 + 1;
        int g = -1;
        if (ngr) {
            int k = ngr - 1;
            int ov = (c->x1 < gx1[k] ? c->x1 : gx1[k]) - (c->x0 > gx0[k] ? c->x0 : gx0[k]) + 1;
            int gw = gx1[k] - gx0[k] + 1;
            int narrow = cw < gw ? cw : gw;
            int small = (c->y1 - c->y0 + 1) * 100 < inkh * 35;
            if (ov * 10 >= narrow * 6 || small)
                g = k;
        }
        if (g < 0) {
            g = ngr++;
            gx0[g] = c->x0, gx1[g] = c->x1, gy0[g] = c->y0, gy1[g] = c->y1;
        } else {
            if (c->x0 < gx0[g]) gx0[g] = c->x0;
            if (c->x1 > gx1[g]) gx1[g] = c->x1;
            if (c->y0 < gy0[g]) gy0[g] = c->y0;
            if (c->y1 > gy1[g]) gy1[g] = c->y1;
        }
        c->group = g;
    }
    /* a small group at either end joins its neighbour */
    for (int g = 0; g < ngr && ngr > 1; g++) {
        if ((gy1[g] - gy0[g] + 1) * 100 >= inkh * 35)
            continue;
        int to = g == 0 ? 1 : g - 1, final = to > g ? to - 1 : to;
        for (int i = 0; i < ng; i++) {
            rn_comp *c = &im->comp[order[i]];
            if (c->group == g)
                c->group = final;
            else if (c->group > g)
                c->group--;
        }
        if (gx0[g] < gx0[to]) gx0[to] = gx0[g];
        if (gx1[g] > gx1[to]) gx1[to] = gx1[g];
        if (gy0[g] < gy0[to]) gy0[to] = gy0[g];
        if (gy1[g] > gy1[to]) gy1[to] = gy1[g];
        memmove(gx0 + g, gx0 + g + 1, sizeof(int) * (size_t)(ngr - g - 1));
        memmove(gx1 + g, gx1 + g + 1, sizeof(int) * (size_t)(ngr - g - 1));
        memmove(gy0 + g, gy0 + g + 1, sizeof(int) * (size_t)(ngr - g - 1));
        memmove(gy1 + g, gy1 + g + 1, sizeof(int) * (size_t)(ngr - g - 1));
        ngr--;
        g = -1;
    }

    rn_hyp hyp[RN_MAX_HYP];
    int nh = 0;
    double aspect = (double)inkw / inkh;
    /* all the ink one digit: every group renamed 0 (groups kept in comp_group) */
    int comp_group[RN_MAX_PIECES];
    for (int i = 0; i < ng; i++) {
        comp_group[i] = im->comp[order[i]].group;
        im->comp[order[i]].group = 0;
    }
    double prior1 = aspect < 0.75 ? 1.0 : aspect > 1.3 ? 0.05 : 1.0 - 0.95 * (aspect - 0.75) / 0.55;
    if (ngr >= 2 && max_digits >= 2)
        prior1 *= 0.15;
    if (!rn_piece(im, 0, 0, w, hyp[nh].p[0])) {
        hyp[nh].ndig = 1;
        hyp[nh].weight = prior1 * rn_maxp(hyp[nh].p[0]);
        nh++;
    }
    if (max_digits >= 2 && ngr >= 2) {
        /* cut between groups k-1 and k: left part group 0, right part group 1 */
        for (int k = 1; k < ngr && nh < RN_MAX_HYP; k++) {
            int lh_y0 = h, lh_y1 = -1, rh_y0 = h, rh_y1 = -1;
            for (int i = 0; i < ng; i++) {
                int right = comp_group[i] >= k;
                rn_comp *c = &im->comp[order[i]];
                c->group = right;
                int *a0 = right ? &rh_y0 : &lh_y0, *a1 = right ? &rh_y1 : &lh_y1;
                if (c->y0 < *a0) *a0 = c->y0;
                if (c->y1 > *a1) *a1 = c->y1;
            }
            rn_hyp *hp = &hyp[nh];
            if (rn_piece(im, 0, 0, w, hp->p[0]) || rn_piece(im, 1, 0, w, hp->p[1]))
                continue;
            double prior = 1.0;
            if ((lh_y1 - lh_y0 + 1) * 2 < inkh || (rh_y1 - rh_y0 + 1) * 2 < inkh)
                prior = 0.2;
            hp->ndig = 2;
            hp->weight = prior * rn_maxp(hp->p[0]) * rn_maxp(hp->p[1]);
            nh++;
        }
    } else if (max_digits >= 2 && aspect >= 0.7) {
        /* one piece of ink, wide: touching digits, cut at the thinnest columns */
        for (int i = 0; i < ng; i++)
            im->comp[order[i]].group = 0;
        int cols[RN_MAX_SIDE];
        for (int x = ix0; x <= ix1; x++) {
            int s = 0;
            for (int y = iy0; y <= iy1; y++)
                s += im->label[y * w + x] && im->comp[im->label[y * w + x]].group == 0;
            cols[x - ix0] = s;
        }
        int best[2] = {-1, -1};
        int lo = ix0 + inkw / 4, hi = ix1 - inkw / 4;
        for (int pass = 0; pass < 2; pass++) {
            int bx = -1;
            for (int x = lo; x <= hi; x++) {
                if (pass && abs(x - best[0]) * 10 < inkw)
                    continue;
                if (bx < 0 || cols[x - ix0] < cols[bx - ix0])
                    bx = x;
            }
            best[pass] = bx;
        }
        double prior = fmin(1.0, fmax(0.02, (aspect - 0.7) / 0.6)) * 0.8;
        for (int pass = 0; pass < 2 && nh < RN_MAX_HYP; pass++) {
            int cx = best[pass];
            if (cx < 0)
                continue;
            rn_hyp *hp = &hyp[nh];
            if (rn_piece(im, 0, 0, cx, hp->p[0]) || rn_piece(im, 0, cx, w, hp->p[1]))
                continue;
            hp->ndig = 2;
            hp->weight = prior * (pass ? 0.5 : 1.0) * rn_maxp(hp->p[0]) * rn_maxp(hp->p[1]);
            nh++;
        }
    }
    double total = 0.0;
    for (int i = 0; i < nh; i++)
        total += hyp[i].weight;
    if (nh == 0 || total <= 0.0) {
        rn_empty(out);
        return 0;
    }
    scan_cand all[111];
    int na = 0;
    for (int i = 0; i < nh; i++) {
        double m = (1.0 - p_empty) * hyp[i].weight / total;
        if (hyp[i].ndig == 1) {
            for (int d = 0; d < 10; d++)
                rn_add(all, &na, 111, d, m * hyp[i].p[0][d]);
        } else {
            for (int a = 1; a < 10; a++)
                for (int b = 0; b < 10; b++)
                    rn_add(all, &na, 111, 10 * a + b, m * hyp[i].p[0][a] * hyp[i].p[1][b]);
        }
    }
    rn_add(all, &na, 111, SCAN_EMPTY, p_empty);
    qsort(all, (size_t)na, sizeof all[0], rn_cmp_cand);
    out->n = na < SCAN_MAX_CANDS ? na : SCAN_MAX_CANDS;
    double sum = 0.0;
    for (int i = 0; i < out->n; i++) {
        out->c[i] = all[i];
        sum += all[i].p;
    }
    if (sum > 1.0) /* rounding */
        for (int i = 0; i < out->n; i++)
            out->c[i].p /= sum;
    return 0;
}

int scan_read_number(const uint8_t *grey, int w, int h, int stride, int max_digits,
                     scan_field *out)
{
    if (!out)
        return -1;
    out->n = 0;
    if (!grey || w < RN_MIN_SIDE || h < RN_MIN_SIDE || w > RN_MAX_SIDE || h > RN_MAX_SIDE ||
        stride < w || max_digits < 1 || max_digits > RN_MAX_DIGITS)
        return -1;
    int paper, ink;
    rn_levels(grey, w, h, stride, &paper, &ink);
    if (paper - ink < RN_MIN_CONTRAST) {
        rn_empty(out);
        return 0;
    }
    double span = paper - ink > RN_MIN_SPAN ? paper - ink : RN_MIN_SPAN;
    size_t npx = (size_t)w * h;
    rn_img im = {.w = w, .h = h};
    im.dark = malloc(sizeof(float) * npx);
    im.label = malloc(sizeof(int) * npx);
    im.stack = malloc(sizeof(int) * npx);
    int rc = -1;
    if (!im.dark || !im.label || !im.stack)
        goto done;
    float thr = 0.0f;
    for (size_t i = 0; i < npx; i++) {
        int g = grey[(i / (size_t)w) * (size_t)stride + i % (size_t)w];
        im.dark[i] = (float)((paper - g) / span);
    }
    /* ink: darker than paper by 40% of the ink's contrast and by RN_MIN_CONTRAST */
    thr = (float)fmax(0.4 * (paper - ink) / span, RN_MIN_CONTRAST / span);
    int minside = w < h ? w : h;
    im.band = minside * 12 / 100 > 2 ? minside * 12 / 100 : 2;
    if (rn_label(&im, thr))
        goto done;
    if (rn_strip_lines(&im, thr) && rn_label(&im, thr))
        goto done;
    /* a second look: a peeled digit may have left a line piece of its own */
    for (int l = 1; l <= im.n; l++) {
        rn_comp *c = &im.comp[l];
        if (c->sides && (c->inner * 20 <= c->area || c->inner < 3))
            rn_erase(&im, l);
    }
    int speck = (int)fmax(4.0, 0.0015 * (double)npx);
    for (int l = 1; l <= im.n; l++)
        if (im.comp[l].group >= 0 && im.comp[l].area < speck)
            rn_erase(&im, l);
    rc = rn_read(&im, max_digits, out);
done:
    free(im.dark);
    free(im.label);
    free(im.stack);
    free(im.comp);
    return rc;
}

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
#include "scan/digits_ink.h"

#define RN_MIN_SIDE SCAN_CROP_MIN
#define RN_MAX_SIDE SCAN_CROP_MAX
#define RN_MAX_DIGITS SCAN_MAX_NUMBER_DIGITS
#define RN_MIN_CONTRAST 35  /* grey levels: fainter marks are paper */
#define RN_MIN_SPAN 80      /* the darkness scale never stretches less than this */
#define RN_MAX_HYP 6        /* ways of cutting the ink into digits */
#define RN_P_EMPTY 0.995    /* how sure a blank field is blank */
#define RN_MAX_PIECES 64    /* pieces of ink looked at in one field */
#define RN_WIDE1 1.15       /* width / height of the ink: one digit up to here, */
#define RN_WIDE2 1.8        /* two digits from here; */
#define RN_SPLIT 0.7        /* one piece of ink wider than this may be two touching digits */
#define RN_SHIFTS 4         /* a doubtful piece is classified again moved a pixel each way */
#define RN_SURE_PIECE 0.999 /* a piece read at least this surely is read once */

static _Thread_local scan_digit_tap_fn rn_tap;
static _Thread_local void *rn_tap_user;
static _Thread_local int rn_tap_field;

void scan_digit_set_tap(scan_digit_tap_fn fn, void *user)
{
    rn_tap = fn;
    rn_tap_user = user;
    rn_tap_field = -1;
}

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
        if (p01 < 0 && acc * 100 >= total) p01 = v;
        if (acc * 100 >= total * 60) {
            p60 = v;
            break;
        }
    }
    *paper = p60;
    *ink = p01 < 0 ? 0 : p01;
}

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

/* img moved by (dx, dy) pixels into out (bilinear; paper comes in at the
 * edges). */
static void rn_shift(const float *img, double dx, double dy, float *out)
{
    const int n = SCAN_DIGIT_SIDE;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            double sx = x - dx, sy = y - dy, v = 0;
            int x0 = (int)floor(sx), y0 = (int)floor(sy);
            double fx = sx - x0, fy = sy - y0;
            for (int j = 0; j < 2; j++)
                for (int i = 0; i < 2; i++) {
                    int xi = x0 + i, yj = y0 + j;
                    if (xi < 0 || yj < 0 || xi >= n || yj >= n) continue;
                    v += img[yj * n + xi] * (i ? fx : 1 - fx) * (j ? fy : 1 - fy);
                }
            out[y * n + x] = (float)v;
        }
}

/* Classifies the piece (group g, columns [xa, xb)); returns -1 when empty.
 * A digit the classifier is not quite sure of (a blurred die's blob, most
 * often) is classified again moved by a pixel each way, and the five
 * readings averaged: a reading that holds only at one exact placing loses
 * weight. On the tuning photos, 6 sheets of 120 more were read whole. */
static int rn_piece(const scan_ink *im, int g, int xa, int xb, float p[10])
{
    static const double shift[RN_SHIFTS][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    float img[SCAN_DIGIT_SIDE * SCAN_DIGIT_SIDE], moved[SCAN_DIGIT_SIDE * SCAN_DIGIT_SIDE];
    if (scan_ink_mnist(im, g, xa, xb, img)) return -1;
    scan_digit_classify(img, p);
    if (rn_tap) rn_tap(rn_tap_user, rn_tap_field, img, p);
    if (rn_maxp(p) >= RN_SURE_PIECE) return 0;
    float sum[10], q[10];
    memcpy(sum, p, sizeof sum);
    for (int k = 0; k < RN_SHIFTS; k++) {
        rn_shift(img, shift[k][0], shift[k][1], moved);
        scan_digit_classify(moved, q);
        for (int d = 0; d < 10; d++)
            sum[d] += q[d];
    }
    for (int d = 0; d < 10; d++)
        p[d] = sum[d] / (RN_SHIFTS + 1);
    return 0;
}

static void rn_add(scan_cand *c, int *n, int cap, int value, double p)
{
    for (int i = 0; i < *n; i++)
        if (c[i].value == value) {
            c[i].p += p;
            return;
        }
    if (*n < cap) c[(*n)++] = (scan_cand){value, p};
}

static int rn_cmp_cand(const void *a, const void *b)
{
    const scan_cand *x = a, *y = b;
    if (x->p != y->p) return x->p > y->p ? -1 : 1;
    return x->value - y->value;
}

static void rn_empty(scan_field *out)
{
    out->n = 1;
    out->c[0] = (scan_cand){SCAN_EMPTY, RN_P_EMPTY};
}

/* The readings once the ink is cleaned: groups and cuts weighed. */
static int rn_read(scan_ink *im, int max_digits, scan_field *out)
{
    int w = im->w, h = im->h;
    /* what is left, and the ink's extent */
    int ix0 = w, iy0 = h, ix1 = -1, iy1 = -1, area = 0;
    for (int l = 1; l <= im->n; l++) {
        scan_ink_comp *c = &im->comp[l];
        if (c->group < 0) continue;
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
                if (!smallest || im->comp[l].area < im->comp[smallest].area) smallest = l;
            }
        if (alive <= RN_MAX_PIECES) break;
        scan_ink_erase(im, smallest);
    }
    for (int l = 1; l <= im->n; l++)
        if (im->comp[l].group >= 0) order[ng++] = l;
    for (int i = 1; i < ng; i++) /* insertion sort by x0 */
        for (int j = i; j > 0 && im->comp[order[j]].x0 < im->comp[order[j - 1]].x0; j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    int gx0[RN_MAX_PIECES], gx1[RN_MAX_PIECES], gy0[RN_MAX_PIECES], gy1[RN_MAX_PIECES], ngr = 0;
    for (int i = 0; i < ng; i++) {
        scan_ink_comp *c = &im->comp[order[i]];
        int cw = c->x1 - c->x0 + 1;
        int g = -1;
        if (ngr) {
            int k = ngr - 1;
            int ov = (c->x1 < gx1[k] ? c->x1 : gx1[k]) - (c->x0 > gx0[k] ? c->x0 : gx0[k]) + 1;
            int gw = gx1[k] - gx0[k] + 1;
            int narrow = cw < gw ? cw : gw;
            int small = (c->y1 - c->y0 + 1) * 100 < inkh * 35;
            if (ov * 10 >= narrow * 6 || small) g = k;
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
        if ((gy1[g] - gy0[g] + 1) * 100 >= inkh * 35) continue;
        int to = g == 0 ? 1 : g - 1, final = to > g ? to - 1 : to;
        for (int i = 0; i < ng; i++) {
            scan_ink_comp *c = &im->comp[order[i]];
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
    /* one digit is rarely wider than RN_WIDE1 times its height (a 5 or a 7
     * with a long bar reaches it), two seldom narrower than RN_WIDE2 */
    double prior1 = aspect <= RN_WIDE1   ? 1.0
                    : aspect >= RN_WIDE2 ? 0.1
                                         : 1.0 - 0.9 * (aspect - RN_WIDE1) / (RN_WIDE2 - RN_WIDE1);
    if (ngr >= 2 && max_digits >= 2) {
        /* groups apart: two digits, the more so the wider the widest gap */
        int gap = 0;
        for (int g = 1; g < ngr; g++)
            if (gx0[g] - gx1[g - 1] > gap) gap = gx0[g] - gx1[g - 1];
        prior1 *= gap * 100 >= inkh * 15 ? 0.03 : 0.15;
    }
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
                scan_ink_comp *c = &im->comp[order[i]];
                c->group = right;
                int *a0 = right ? &rh_y0 : &lh_y0, *a1 = right ? &rh_y1 : &lh_y1;
                if (c->y0 < *a0) *a0 = c->y0;
                if (c->y1 > *a1) *a1 = c->y1;
            }
            rn_hyp *hp = &hyp[nh];
            if (rn_piece(im, 0, 0, w, hp->p[0]) || rn_piece(im, 1, 0, w, hp->p[1])) continue;
            double prior = 1.0;
            if ((lh_y1 - lh_y0 + 1) * 2 < inkh || (rh_y1 - rh_y0 + 1) * 2 < inkh) prior = 0.2;
            hp->ndig = 2;
            hp->weight = prior * rn_maxp(hp->p[0]) * rn_maxp(hp->p[1]);
            nh++;
        }
    } else if (max_digits >= 2 && aspect >= RN_SPLIT) {
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
                if (pass && abs(x - best[0]) * 10 < inkw) continue;
                if (bx < 0 || cols[x - ix0] < cols[bx - ix0]) bx = x;
            }
            best[pass] = bx;
        }
        /* digits written touching are less usual than digits apart */
        double prior = 0.25 * fmin(1.0, (aspect - RN_SPLIT) / (RN_WIDE2 - RN_SPLIT));
        for (int pass = 0; pass < 2 && nh < RN_MAX_HYP; pass++) {
            int cx = best[pass];
            if (cx < 0) continue;
            rn_hyp *hp = &hyp[nh];
            if (rn_piece(im, 0, 0, cx, hp->p[0]) || rn_piece(im, 0, cx, w, hp->p[1])) continue;
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

int scan_read_number(const uint8_t *grey, int w, int h, int stride, int max_digits, scan_field *out)
{
    if (!out) return -1;
    out->n = 0;
    if (rn_tap) rn_tap_field++;
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
    scan_ink im = {.w = w, .h = h};
    im.dark = malloc(sizeof(float) * npx);
    im.label = malloc(sizeof(int) * npx);
    im.stack = malloc(sizeof(int) * npx);
    im.from = malloc(sizeof(int) * npx);
    int rc = -1;
    if (!im.dark || !im.label || !im.stack || !im.from) goto done;
    float thr = 0.0f;
    for (size_t i = 0; i < npx; i++) {
        int g = grey[(i / (size_t)w) * (size_t)stride + i % (size_t)w];
        im.dark[i] = (float)((paper - g) / span);
    }
    /* ink: darker than paper by 40% of the ink's contrast and by RN_MIN_CONTRAST */
    thr = (float)fmax(0.4 * (paper - ink) / span, RN_MIN_CONTRAST / span);
    int minside = w < h ? w : h;
    im.band = minside * 12 / 100 > 3 ? minside * 12 / 100 : 3;
    if (scan_ink_label(&im, thr)) goto done;
    if (scan_ink_strip_lines(&im, thr)) goto done;
    int speck = (int)fmax(4.0, 0.0015 * (double)npx);
    for (int l = 1; l <= im.n; l++)
        if (im.comp[l].group >= 0 && im.comp[l].area < speck) scan_ink_erase(&im, l);
    scan_ink_sweep(&im);
    rc = rn_read(&im, max_digits, out);
done:
    free(im.dark);
    free(im.label);
    free(im.stack);
    free(im.from);
    free(im.comp);
    return rc;
}

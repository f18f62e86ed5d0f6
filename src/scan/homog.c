/* homog.c: fitting and applying the sheet-to-photo projective map. */
#include "scan/homog.h"

#include <glib.h>
#include <math.h>

/* Moves points to their centroid and scales them to a mean distance of
 * sqrt(2) (Hartley), so the least squares are well conditioned: t maps
 * original to normalised coordinates (x' = s x + tx). */
static void normaliser(const double *p, int n, double t[3])
{
    double cx = 0, cy = 0, d = 0;
    for (int i = 0; i < n; i++) {
        cx += p[2 * i];
        cy += p[2 * i + 1];
    }
    cx /= n;
    cy /= n;
    for (int i = 0; i < n; i++)
        d += hypot(p[2 * i] - cx, p[2 * i + 1] - cy);
    double s = d > 0 ? sqrt(2.0) * n / d : 1;
    t[0] = s;
    t[1] = -s * cx;
    t[2] = -s * cy;
}

/* Solves the n x n system a x = b in place (partial pivoting). -1 if singular. */
static int solve(double *a, double *b, int n)
{
    for (int c = 0; c < n; c++) {
        int piv = c;
        for (int r = c + 1; r < n; r++)
            if (fabs(a[r * n + c]) > fabs(a[piv * n + c])) piv = r;
        if (fabs(a[piv * n + c]) < 1e-12) return -1;
        if (piv != c) {
            for (int k = 0; k < n; k++) {
                double t = a[c * n + k];
                a[c * n + k] = a[piv * n + k];
                a[piv * n + k] = t;
            }
            double t = b[c];
            b[c] = b[piv];
            b[piv] = t;
        }
        for (int r = c + 1; r < n; r++) {
            double f = a[r * n + c] / a[c * n + c];
            for (int k = c; k < n; k++)
                a[r * n + k] -= f * a[c * n + k];
            b[r] -= f * b[c];
        }
    }
    for (int c = n - 1; c >= 0; c--) {
        for (int k = c + 1; k < n; k++)
            b[c] -= a[c * n + k] * b[k];
        b[c] /= a[c * n + c];
    }
    return 0;
}

static void mul3(const double *a, const double *b, double *out)
{
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            out[i * 3 + j] = a[i * 3] * b[j] + a[i * 3 + 1] * b[3 + j] + a[i * 3 + 2] * b[6 + j];
}

int scan_homog_fit(const double *src, const double *dst, int n, scan_homog *h)
{
    if (n < 4) return -1;
    double ts[3], td[3];
    normaliser(src, n, ts);
    normaliser(dst, n, td);
    /* Normal equations of the 2n linear equations in h11..h32 (h33 = 1). */
    double ata[64] = {0}, atb[8] = {0};
    for (int i = 0; i < n; i++) {
        double x = ts[0] * src[2 * i] + ts[1], y = ts[0] * src[2 * i + 1] + ts[2];
        double u = td[0] * dst[2 * i] + td[1], v = td[0] * dst[2 * i + 1] + td[2];
        double r[2][8] = {{x, y, 1, 0, 0, 0, -u * x, -u * y}, {0, 0, 0, x, y, 1, -v * x, -v * y}};
        double rhs[2] = {u, v};
        for (int e = 0; e < 2; e++)
            for (int j = 0; j < 8; j++) {
                atb[j] += r[e][j] * rhs[e];
                for (int k = 0; k < 8; k++)
                    ata[j * 8 + k] += r[e][j] * r[e][k];
            }
    }
    if (solve(ata, atb, 8)) return -1;
    double hn[9] = {atb[0], atb[1], atb[2], atb[3], atb[4], atb[5], atb[6], atb[7], 1};
    /* h = Td^-1 hn Ts */
    double tsm[9] = {ts[0], 0, ts[1], 0, ts[0], ts[2], 0, 0, 1};
    double tdi[9] = {1 / td[0], 0, -td[1] / td[0], 0, 1 / td[0], -td[2] / td[0], 0, 0, 1};
    double tmp[9];
    mul3(hn, tsm, tmp);
    mul3(tdi, tmp, h->m);
    return 0;
}

void scan_homog_apply(const scan_homog *h, double x, double y, double *u, double *v)
{
    const double *m = h->m;
    double w = m[6] * x + m[7] * y + m[8];
    if (fabs(w) < 1e-12) w = 1e-12;
    *u = (m[0] * x + m[1] * y + m[2]) / w;
    *v = (m[3] * x + m[4] * y + m[5]) / w;
}

int scan_homog_invert(const scan_homog *h, scan_homog *inv)
{
    const double *m = h->m;
    double c[9] = {m[4] * m[8] - m[5] * m[7], m[2] * m[7] - m[1] * m[8], m[1] * m[5] - m[2] * m[4],
                   m[5] * m[6] - m[3] * m[8], m[0] * m[8] - m[2] * m[6], m[2] * m[3] - m[0] * m[5],
                   m[3] * m[7] - m[4] * m[6], m[1] * m[6] - m[0] * m[7], m[0] * m[4] - m[1] * m[3]};
    double det = m[0] * c[0] + m[1] * c[3] + m[2] * c[6];
    if (fabs(det) < 1e-15) return -1;
    for (int i = 0; i < 9; i++)
        inv->m[i] = c[i] / det;
    return 0;
}

uint8_t *scan_homog_crop(const scan_photo *p, const scan_homog *h, double x, double y, double w,
                         double hh, double ppmm, int *ow, int *oh)
{
    int cw = (int)lround(w * ppmm), ch = (int)lround(hh * ppmm);
    if (cw < 1) cw = 1;
    if (ch < 1) ch = 1;
    uint8_t *out = g_malloc((size_t)cw * ch);
    for (int j = 0; j < ch; j++)
        for (int i = 0; i < cw; i++) {
            double u, v;
            scan_homog_apply(h, x + (i + 0.5) / ppmm, y + (j + 0.5) / ppmm, &u, &v);
            double g = scan_photo_at(p, u, v);
            out[(size_t)j * cw + i] = (uint8_t)(g < 0 ? 0 : g > 255 ? 255 : g + 0.5);
        }
    *ow = cw;
    *oh = ch;
    return out;
}

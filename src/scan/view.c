/* view.c: the player's ink: the photo against the printed sheet. */
#include "scan/view.h"

#include <glib.h>
#include <math.h>
#include <stdbool.h>
#include <string.h>

/* The printed sheet at a sheet point: the darkest reference pixel within
 * 0.3 mm, so a small error of the map seldom turns a printed line into ink. */
static double ref_at(const scan_view *v, double x, double y)
{
    if (!v->ref) return 255;
    int r = (int)lround(0.3 * v->ref_ppmm);
    int cx = (int)(x * v->ref_ppmm), cy = (int)(y * v->ref_ppmm);
    int best = 255;
    for (int j = cy - r; j <= cy + r; j++) {
        if (j < 0 || j >= v->ref->h) continue;
        const uint8_t *row = v->ref->px + (size_t)j * v->ref->stride;
        for (int i = cx - r; i <= cx + r; i++)
            if (i >= 0 && i < v->ref->w && row[i] < best) best = row[i];
    }
    return best;
}

void scan_view_map(const scan_view *v, double x, double y, double *u, double *s)
{
    scan_homog_apply(&v->map, x, y, u, s);
}

/* The paper's white around a box: a high percentile of the photo there. */
static double paper_white(const scan_view *v, double x, double y, double w, double h)
{
    int hist[256] = {0}, n = 0;
    for (int j = 0; j < 12; j++)
        for (int i = 0; i < 12; i++) {
            double u, s;
            scan_view_map(v, x - 2 + (w + 4) * (i + 0.5) / 12, y - 2 + (h + 4) * (j + 0.5) / 12, &u,
                          &s);
            int g = (int)scan_photo_at(v->photo, u, s);
            hist[g < 0 ? 0 : g > 255 ? 255 : g]++;
            n++;
        }
    int want = n / 10, seen = 0, g = 255;
    for (; g > 0 && seen + hist[g] <= want; g--)
        seen += hist[g];
    return g < 40 ? 40 : g;
}

/* Ink at a sheet point (0..1) given the paper white there; -1 where the
 * print is dark, so nothing can be told apart. */
static double ink_at(const scan_view *v, double x, double y, double white)
{
    double u, s;
    scan_view_map(v, x, y, &u, &s);
    double p = scan_photo_at(v->photo, u, s) * 255 / white;
    double r = ref_at(v, x, y);
    double ink = (r - p) / 255;
    if (r < 90) return -1;
    return ink < 0 ? 0 : ink > 1 ? 1 : ink * 255 / r;
}

uint8_t *scan_view_ink(const scan_view *v, double x, double y, double w, double h, double ppmm,
                       int *ow, int *oh)
{
    int cw = (int)lround(w * ppmm), ch = (int)lround(h * ppmm);
    if (cw < 1) cw = 1;
    if (ch < 1) ch = 1;
    double white = paper_white(v, x, y, w, h);
    uint8_t *out = g_malloc((size_t)cw * ch);
    for (int j = 0; j < ch; j++)
        for (int i = 0; i < cw; i++) {
            double k = ink_at(v, x + (i + 0.5) / ppmm, y + (j + 0.5) / ppmm, white);
            if (k < 0) k = 0;                          /* under the print: paper */
            double g = 255 * (1 - (k < 0.12 ? 0 : k)); /* faint differences are paper */
            out[(size_t)j * cw + i] = (uint8_t)(g + 0.5);
        }
    *ow = cw;
    *oh = ch;
    return out;
}

double scan_view_ring(const scan_view *v, double cx, double cy, double rx, double ry, double band)
{
    const int arcs = 32, steps = 6, across = 5;
    double white = paper_white(v, cx - rx - band, cy - ry - band, 2 * (rx + band), 2 * (ry + band));
    int inked = 0, seen = 0;
    for (int a = 0; a < arcs; a++) {
        bool hit = false, visible = false;
        for (int s = 0; s < steps && !hit; s++) {
            double t = 2 * G_PI * (a + (s + 0.5) / steps) / arcs;
            for (int k = 0; k < across && !hit; k++) {
                double d = -band + 2 * band * k / (across - 1);
                double x = cx + (rx + d) * sin(t), y = cy - (ry + d) * cos(t);
                double ink = ink_at(v, x, y, white);
                visible |= ink >= 0;
                hit = ink > 0.1;
            }
        }
        inked += hit;
        seen += visible;
    }
    return seen >= arcs / 4 ? (double)inked / seen : 0;
}

double scan_view_ink_mean(const uint8_t *ink, int w, int h)
{
    double sum = 0;
    for (int i = 0; i < w * h; i++)
        sum += 255 - ink[i];
    return w > 0 && h > 0 ? sum / (255.0 * w * h) : 0;
}

static bool in_boxes(double x, double y, const double (*b)[4], int n)
{
    for (int i = 0; i < n; i++)
        if (x >= b[i][0] && x <= b[i][0] + b[i][2] && y >= b[i][1] && y <= b[i][1] + b[i][3])
            return true;
    return false;
}

/* The darkness (0..1) of the photo at a sheet point: its darkest sample
 * within 0.3 mm (the map may be that far out) against white. */
static double dark_at(const scan_view *v, double x, double y, double white)
{
    double best = 255;
    for (int j = -1; j <= 1; j++)
        for (int i = -1; i <= 1; i++) {
            double u, s;
            scan_view_map(v, x + 0.3 * i, y + 0.3 * j, &u, &s);
            double g = scan_photo_at(v->photo, u, s);
            if (g < best) best = g;
        }
    double d = 1 - best / white;
    return d < 0 ? 0 : d > 1 ? 1 : d;
}

double scan_view_print_match(const scan_view *v, double w, double h, const double (*skip)[4], int n)
{
    if (!v->ref) return -1;
    const double cell = 10; /* mm: the paper's white is taken cell by cell */
    double line = 0, paper = 0;
    long n_line = 0, n_paper = 0;
    int step = (int)fmax(1, lround(v->ref_ppmm / 2)); /* a line point every 1/2 mm */
    for (double cy = 0; cy < h; cy += cell)
        for (double cx = 0; cx < w; cx += cell) {
            double cw = fmin(cell, w - cx), ch = fmin(cell, h - cy);
            double white = -1;
            int x0 = (int)(cx * v->ref_ppmm), y0 = (int)(cy * v->ref_ppmm);
            int x1 = (int)((cx + cw) * v->ref_ppmm), y1 = (int)((cy + ch) * v->ref_ppmm);
            for (int j = y0; j < y1 && j < v->ref->h; j += step)
                for (int i = x0; i < x1 && i < v->ref->w; i += step) {
                    double x = (i + 0.5) / v->ref_ppmm, y = (j + 0.5) / v->ref_ppmm;
                    int r = v->ref->px[(size_t)j * v->ref->stride + i];
                    bool is_line = r < 100;
                    /* paper: every 2 mm, nothing printed within 1 mm */
                    bool is_paper =
                        !is_line && (i - x0) % (4 * step) == 0 && (j - y0) % (4 * step) == 0;
                    if (!is_line && !is_paper) continue;
                    if (in_boxes(x, y, skip, n)) continue;
                    if (is_paper) {
                        int rr = (int)lround(v->ref_ppmm);
                        for (int b = -rr; b <= rr && is_paper; b += 2)
                            for (int a = -rr; a <= rr && is_paper; a += 2) {
                                int ii = i + a, jj = j + b;
                                if (ii >= 0 && jj >= 0 && ii < v->ref->w && jj < v->ref->h &&
                                    v->ref->px[(size_t)jj * v->ref->stride + ii] < 245)
                                    is_paper = false;
                            }
                        if (!is_paper) continue;
                    }
                    if (white < 0) white = paper_white(v, cx, cy, cw, ch);
                    double d = dark_at(v, x, y, white);
                    if (is_line) {
                        line += d;
                        n_line++;
                    } else {
                        paper += d;
                        n_paper++;
                    }
                }
        }
    if (n_line < 200 || n_paper < 200) return -1;
    return line / n_line - paper / n_paper;
}

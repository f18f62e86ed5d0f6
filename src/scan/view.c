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

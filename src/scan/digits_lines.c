/* digits_lines.c: taking the printed lines at the border of a field's crop
 * (the field's box, a ring line) away from the handwriting (digits_ink.h). */
#include <math.h>
#include <stdlib.h>
#include "scan/digits_ink.h"

/* Where border pixel (x, y) lies along the border, clockwise from the top left. */
static int ln_perimeter(int w, int h, int x, int y)
{
    if (y == 0) return x;
    if (x == w - 1) return w + y;
    if (y == h - 1) return w + h + (w - 1 - x);
    return 2 * w + h + (h - 1 - y);
}

/* The border pixel at place t (taken modulo the perimeter), as an index. */
static int ln_border_pixel(int w, int h, int t)
{
    int per = 2 * (w + h);
    t = ((t % per) + per) % per;
    if (t < w) return t;
    if (t < w + h) return (t - w) * w + w - 1;
    if (t < 2 * w + h) return (h - 1) * w + (w - 1 - (t - w - h));
    return (h - 1 - (t - 2 * w - h)) * w;
}

typedef struct ln_contact {
    int t0, t1; /* first and last place along the border */
    int x, y;   /* its middle pixel */
} ln_contact;

/* The places where component l meets the border, as runs along it; returns how
 * many (at most cap). A run crossing the top left corner is joined up. */
static int ln_contacts(const scan_ink *im, int l, ln_contact *out, int cap)
{
    int w = im->w, h = im->h, per = 2 * (w + h), n = 0;
    int prev = -10, first = -1;
    for (int t = 0; t < per; t++) {
        int p = ln_border_pixel(w, h, t), x = p % w, y = p / w;
        if (im->label[p] != l) continue;
        if (t - prev > 2) {
            if (n == cap) break;
            out[n++] = (ln_contact){t, t, x, y};
            if (first < 0) first = t;
        }
        out[n - 1].t1 = t;
        prev = t;
    }
    if (n >= 2 && first <= 1 && out[n - 1].t1 >= per - 2) { /* around the corner */
        out[0].t0 = out[n - 1].t0 - per;
        n--;
    }
    for (int i = 0; i < n; i++) { /* the middle pixel of each run */
        int p = ln_border_pixel(w, h, (out[i].t0 + out[i].t1) / 2);
        out[i].x = p % w;
        out[i].y = p / w;
    }
    return n;
}

static int ln_in_contact(const scan_ink *im, const ln_contact *c, int x, int y)
{
    int w = im->w, h = im->h, per = 2 * (w + h);
    if (x != 0 && y != 0 && x != w - 1 && y != h - 1) return 0;
    int t = ln_perimeter(w, h, x, y);
    return (t >= c->t0 && t <= c->t1) || (t - per >= c->t0 && t - per <= c->t1);
}

/* A printed line crosses the crop: it enters through the border at one place
 * and leaves at another. In a component meeting the border at two places far
 * apart, the shortest way through its pixels from one to the other follows the
 * line; the pixels within the line's half width of that way are erased (all
 * of a lone line fragment, the line's part of a digit written over it).
 * Returns 1 when it erased anything. */
static int ln_carve(scan_ink *im, int l)
{
    int w = im->w, h = im->h, minside = w < h ? w : h;
    ln_contact c[8];
    int n = ln_contacts(im, l, c, 8);
    if (n < 2) return 0;
    int a = 0, b = 1;
    double far = -1.0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            double d = hypot(c[i].x - c[j].x, c[i].y - c[j].y);
            if (d > far) far = d, a = i, b = j;
        }
    if (far < 0.3 * minside) return 0;
    /* breadth first from contact a through the component's pixels (whose
     * from[] the caller set to -2) */
    int *from = im->from, head = 0, tail = 0, end = -1;
    for (int t = c[a].t0; t <= c[a].t1; t++) {
        int p = ln_border_pixel(w, h, t);
        if (im->label[p] == l && from[p] == -2) {
            from[p] = -1;
            im->stack[tail++] = p;
        }
    }
    while (head < tail && end < 0) {
        int i = im->stack[head++], x = i % w, y = i / w;
        for (int k = 0; k < 8 && end < 0; k++) {
            static const int dxs[8] = {1, -1, 0, 0, 1, 1, -1, -1};
            static const int dys[8] = {0, 0, 1, -1, 1, -1, 1, -1};
            int xx = x + dxs[k], yy = y + dys[k];
            if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
            int j = yy * w + xx;
            if (im->label[j] != l || from[j] != -2) continue;
            from[j] = i;
            im->stack[tail++] = j;
            if (ln_in_contact(im, &c[b], xx, yy)) end = j;
        }
    }
    if (end < 0) return 0;
    int thick =
        c[a].t1 - c[a].t0 < c[b].t1 - c[b].t0 ? c[a].t1 - c[a].t0 + 1 : c[b].t1 - c[b].t0 + 1;
    int r = (thick + 2) / 2;
    r = r < 1 ? 1 : r > im->band ? im->band : r;
    for (int i = end; i >= 0; i = from[i]) {
        int x = i % w, y = i / w;
        for (int dy = -r; dy <= r; dy++)
            for (int dx = -r; dx <= r; dx++) {
                int xx = x + dx, yy = y + dy;
                if (xx < 0 || yy < 0 || xx >= w || yy >= h || dx * dx + dy * dy > r * r + 1)
                    continue;
                int j = yy * w + xx;
                if (im->label[j] == l) {
                    im->label[j] = 0;
                    im->dark[j] = -1.0f;
                }
            }
        if (from[i] == -1) break;
    }
    return 1;
}

/* Printed lines at the border: lines crossing the crop carved away
 * (ln_carve), then what is left nearly all inside the border band erased when
 * it touches the border (a stub of a line, the rim of a box) or is long and
 * thin (a dash of a faint line); a thin piece along a side that meets the
 * border at its end goes too. Labels again as needed. */
int scan_ink_strip_lines(scan_ink *im, float thr)
{
    int minside = im->w < im->h ? im->w : im->h;
    for (int round = 0; round < 4; round++) {
        int carved = 0;
        for (int i = 0; i < im->w * im->h; i++)
            im->from[i] = -2;
        for (int l = 1; l <= im->n; l++)
            if (im->comp[l].sides) carved |= ln_carve(im, l);
        if (!carved) break;
        if (scan_ink_label(im, thr)) return -1;
    }
    for (int l = 1; l <= im->n; l++) {
        scan_ink_comp *c = &im->comp[l];
        int bw = c->x1 - c->x0 + 1, bh = c->y1 - c->y0 + 1;
        int longer = bw > bh ? bw : bh, shorter = bw > bh ? bh : bw;
        int banded = c->inner * 20 <= c->area || c->inner < 3;
        /* a faint line breaks into dashes that need not reach the border */
        if (banded && (c->sides || longer * 2 >= shorter * 5)) scan_ink_erase(im, l);
        /* or into pieces that reach it at one end: thin, running along a side
         * close to it, from the border across it */
        int b2 = 2 * im->band, thin = shorter <= (minside * 8 / 100 > 3 ? minside * 8 / 100 : 3);
        int along_lr = bh >= 4 * bw && (c->x0 < b2 || c->x1 >= im->w - b2) && (c->sides & 3);
        int along_tb = bw >= 4 * bh && (c->y0 < b2 || c->y1 >= im->h - b2) && (c->sides & 12);
        if (thin && (along_lr || along_tb)) scan_ink_erase(im, l);
    }
    scan_ink_sweep(im);
    return 0;
}

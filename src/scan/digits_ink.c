/* digits_ink.c: the connected components of a field's ink, and erasing some
 * of them (digits_ink.h). */
#include <stdlib.h>
#include <string.h>
#include "scan/digits_ink.h"

int scan_ink_label(scan_ink *im, float thr)
{
    int w = im->w, h = im->h, n = 0;
    memset(im->label, 0, sizeof(int) * (size_t)w * h);
    for (int start = 0; start < w * h; start++) {
        if (im->label[start] || im->dark[start] < thr) continue;
        n++;
        int top = 0;
        im->stack[top++] = start;
        im->label[start] = n;
        while (top) {
            int i = im->stack[--top], x = i % w, y = i / w;
            for (int dy = -1; dy <= 1; dy++) {
                for (int dx = -1; dx <= 1; dx++) {
                    int xx = x + dx, yy = y + dy;
                    if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
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
    im->comp = calloc((size_t)n + 1, sizeof(scan_ink_comp));
    if (!im->comp) return -1;
    im->n = n;
    for (int c = 1; c <= n; c++)
        im->comp[c] = (scan_ink_comp){0, w, h, -1, -1, 0, 0, 0};
    int b = im->band;
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            int l = im->label[y * w + x];
            if (!l) continue;
            scan_ink_comp *c = &im->comp[l];
            c->area++;
            if (x < c->x0) c->x0 = x;
            if (x > c->x1) c->x1 = x;
            if (y < c->y0) c->y0 = y;
            if (y > c->y1) c->y1 = y;
            c->sides |= (y == 0) | (y == h - 1) << 1 | (x == 0) << 2 | (x == w - 1) << 3;
            if (x >= b && y >= b && x < w - b && y < h - b) c->inner++;
        }
    }
    return 0;
}

/* Component l is no longer ink; rn_sweep clears its pixels. */
void scan_ink_erase(scan_ink *im, int l)
{
    im->comp[l].group = -1;
}

void scan_ink_sweep(scan_ink *im)
{
    for (int i = 0; i < im->w * im->h; i++) {
        int l = im->label[i];
        if (l && im->comp[l].group < 0) {
            im->label[i] = 0;
            im->dark[i] = -1.0f;
        }
    }
}

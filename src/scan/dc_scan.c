/* dc_scan.c: measuring a DiCroNo sheet's squares and penalty ticks and
 * writing the game read (dc_scan.h). */
#include "scan/dc_scan.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* A crop pixel counts as ink when it is this many grey levels darker than
 * the paper around it. */
#define DC_INK_STEP 35

static const scan_box *find(const scan_box *b, size_t n, const char *id)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(b[i].id, id)) return &b[i];
    return NULL;
}

/* One pass of a running maximum (or minimum) of radius r along the rows
 * (or the columns), from src into dst. */
static void run_extreme(const uint8_t *src, uint8_t *dst, int w, int h, int r, bool rows, bool max)
{
    int n = rows ? w : h, lines = rows ? h : w;
    for (int l = 0; l < lines; l++)
        for (int i = 0; i < n; i++) {
            int a = i - r < 0 ? 0 : i - r, b = i + r >= n ? n - 1 : i + r;
            uint8_t v = max ? 0 : 255;
            for (int k = a; k <= b; k++) {
                uint8_t x = rows ? src[l * w + k] : src[k * w + l];
                v = max ? (x > v ? x : v) : (x < v ? x : v);
            }
            dst[rows ? l * w + i : i * w + l] = v;
        }
}

/* Turns the crop into ink (0) and paper (255). The paper's grey is taken
 * around each pixel: the crop closed (the brightest within a seventh of its
 * side, then the darkest of those), which keeps a pen's strokes out of the
 * paper and follows a shadow whose edge crosses the square: measured against
 * one grey for the whole crop, the shadowed half of an empty square read as
 * an O. */
static void binarise(uint8_t *ink, int w, int h)
{
    size_t n = (size_t)w * h;
    int r = (w < h ? w : h) / 7;
    if (r < 2) r = 2;
    uint8_t *a = g_malloc(n), *b = g_malloc(n);
    run_extreme(ink, a, w, h, r, true, true);
    run_extreme(a, b, w, h, r, false, true);
    run_extreme(b, a, w, h, r, true, false);
    run_extreme(a, b, w, h, r, false, false);
    for (size_t i = 0; i < n; i++)
        ink[i] = ink[i] + DC_INK_STEP < b[i] ? 0 : 255;
    g_free(a);
    g_free(b);
}

static double sigmoid(double x)
{
    return 1 / (1 + exp(-x));
}

/* The paper a mark leaves enclosed: the ink is thickened by r pixels (a
 * hand-drawn O seldom closes exactly), the paper reachable from the crop's
 * border flooded, and the share of the crop's middle half (each way) that
 * stays unreached is returned. */
static double enclosed(const uint8_t *ink, int w, int h, int r)
{
    uint8_t *wall = g_malloc0((size_t)w * h), *seen = g_malloc0((size_t)w * h);
    int *stack = g_malloc(sizeof *stack * (size_t)w * h), top = 0;
    for (int j = 0; j < h; j++)
        for (int i = 0; i < w; i++) {
            if (ink[j * w + i]) continue;
            for (int y = j - r; y <= j + r; y++)
                for (int x = i - r; x <= i + r; x++)
                    if (x >= 0 && y >= 0 && x < w && y < h) wall[y * w + x] = 1;
        }
    for (int j = 0; j < h; j++)
        for (int i = 0; i < w; i++)
            if ((i == 0 || j == 0 || i == w - 1 || j == h - 1) && !wall[j * w + i] &&
                !seen[j * w + i]) {
                seen[j * w + i] = 1;
                stack[top++] = j * w + i;
            }
    while (top > 0) {
        int p = stack[--top], x = p % w, y = p / w;
        static const int d[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
        for (int k = 0; k < 4; k++) {
            int u = x + d[k][0], s = y + d[k][1];
            if (u < 0 || s < 0 || u >= w || s >= h) continue;
            int q = s * w + u;
            if (wall[q] || seen[q]) continue;
            seen[q] = 1;
            stack[top++] = q;
        }
    }
    long inner = 0, area = 0;
    for (int j = h / 4; j < h - h / 4; j++)
        for (int i = w / 4; i < w - w / 4; i++, area++)
            inner += !wall[j * w + i] && !seen[j * w + i];
    g_free(wall);
    g_free(seen);
    g_free(stack);
    return area ? (double)inner / area : 0;
}

/* The share of ink pixels in the box [x0, x1) x [y0, y1) of the crop. */
static double ink_share(const uint8_t *ink, int w, int x0, int y0, int x1, int y1)
{
    long n = 0, k = 0;
    for (int j = y0; j < y1; j++)
        for (int i = x0; i < x1; i++, n++)
            k += !ink[j * w + i];
    return n ? (double)k / n : 0;
}

void scan_dc_square(const uint8_t *grey, int w, int h, double p[3])
{
    uint8_t *ink = g_memdup2(grey, (gsize)w * h);
    binarise(ink, w, h);
    double all = ink_share(ink, w, 0, 0, w, h);
    /* The middle third: where the strokes of an X cross and an O, even one
     * left open, leaves paper. */
    double mid = ink_share(ink, w, w / 3, h / 3, w - w / 3, h - h / 3);
    int r = (w < h ? w : h) / 40 + 1;
    double hole = enclosed(ink, w, h, r);
    /* Something written: a mark covers a few percent of the square, a speck
     * or a stroke of the neighbour's mark reaching in much less. */
    double marked = sigmoid((all - 0.015) * 600);
    /* An X inks the middle and encloses nothing; an O leaves the middle
     * blank and, closed, encloses paper around it. */
    double o = sigmoid(-(mid - 0.08) * 120 + (hole - 0.3) * 15);
    g_free(ink);
    p[0] = 1 - marked;
    p[1] = marked * (1 - o);
    p[2] = marked * o;
}

/* The inked share of a box's middle (inset by a fifth each side): a tick. */
static double tick_p(const scan_view *v, const scan_box *b)
{
    int w, h;
    uint8_t *ink = scan_view_ink(v, b->x, b->y, b->w, b->h, SCAN_CROP_PPMM, &w, &h);
    binarise(ink, w, h);
    double s = ink_share(ink, w, w / 5, h / 5, w - w / 5, h - h / 5);
    g_free(ink);
    return sigmoid((s - 0.04) * 150);
}

/* Whether a points box of the table has anything written in it. */
static bool written(const scan_view *v, const scan_box *b)
{
    int w, h;
    uint8_t *ink =
        scan_view_ink(v, b->x + 0.8, b->y + 0.8, b->w - 1.6, b->h - 1.6, SCAN_CROP_PPMM, &w, &h);
    binarise(ink, w, h);
    double s = ink_share(ink, w, 0, 0, w, h);
    g_free(ink);
    return s > 0.01;
}

/* The distribution of the number of ticks from each box's probability. */
static void tick_count(const double *t, scan_field *f)
{
    double p[DC_MAX_PENALTIES + 1] = {1};
    for (int k = 0; k < DC_MAX_PENALTIES; k++) {
        for (int c = k + 1; c > 0; c--)
            p[c] = p[c] * (1 - t[k]) + p[c - 1] * t[k];
        p[0] *= 1 - t[k];
    }
    f->n = 0;
    for (int c = 0; c <= DC_MAX_PENALTIES && f->n < SCAN_MAX_CANDS; c++)
        f->c[f->n++] = (scan_cand){c, p[c]};
    for (int i = 1; i < f->n; i++) /* most probable first */
        for (int j = i; j > 0 && f->c[j].p > f->c[j - 1].p; j--) {
            scan_cand c = f->c[j];
            f->c[j] = f->c[j - 1];
            f->c[j - 1] = c;
        }
}

int scan_dc_read(const scan_view *v, const scan_box *boxes, size_t n, int size, scan_dc_marks *m,
                 pn_err *err)
{
    memset(m, 0, sizeof *m);
    if (size < DC_MIN_SIZE || size > DC_MAX_SIZE)
        return pn_err_set(err, PN_EINPUT, "a grid of %d squares a side cannot be read", size);
    m->in.size = size;
    for (int r = 0; r < size; r++)
        for (int c = 0; c < size; c++) {
            char id[32];
            snprintf(id, sizeof id, "cell.%d.%d", c + 1, r + 1);
            const scan_box *b = find(boxes, n, id);
            if (!b) return pn_err_set(err, PN_EINPUT, "the sheet has no square %s", id);
            double in = b->w * 0.1; /* clear of the grid lines and the neighbours */
            int w, h;
            uint8_t *ink = scan_view_ink(v, b->x + in, b->y + in, b->w - 2 * in, b->h - 2 * in,
                                         SCAN_CROP_PPMM, &w, &h);
            scan_dc_square(ink, w, h, m->in.cell[r][c]);
            g_free(ink);
        }
    int rows = 0;
    for (;; rows++) {
        char id[32];
        snprintf(id, sizeof id, "g%d.X.points", rows + 1);
        if (!find(boxes, n, id)) break;
    }
    if (rows == 0) return pn_err_set(err, PN_EINPUT, "the sheet has no score table");
    m->row = rows;
    for (int k = 1; k <= rows; k++) {
        char ix[32], io[32];
        snprintf(ix, sizeof ix, "g%d.X.points", k);
        snprintf(io, sizeof io, "g%d.O.points", k);
        const scan_box *bo = find(boxes, n, io);
        if (!bo) return pn_err_set(err, PN_EINPUT, "the sheet has no box %s", io);
        if (!written(v, find(boxes, n, ix)) && !written(v, bo)) {
            m->row = k;
            break;
        }
    }
    for (int pl = 0; pl < 2; pl++) {
        for (int t = 0; t < DC_MAX_PENALTIES; t++) {
            char id[32];
            snprintf(id, sizeof id, "g%d.%c.pen%d", m->row, dc_symbol(pl), t + 1);
            const scan_box *b = find(boxes, n, id);
            if (!b) return pn_err_set(err, PN_EINPUT, "the sheet has no penalty box %s", id);
            m->tick[pl][t] = tick_p(v, b);
        }
        tick_count(m->tick[pl], &m->in.penalties[pl]);
    }
    m->in.first[0] = m->in.first[1] = 0.5; /* the sheet has no place for it */
    return 0;
}

char *scan_dc_sheet(const dc_game *g)
{
    GString *s = g_string_new("game: dicrono\ngames:\n");
    g_string_append_printf(s, "  - first: %c\n    grid: |\n", dc_symbol(g->first));
    for (int r = 0; r < g->size; r++) {
        g_string_append(s, "      ");
        for (int c = 0; c < g->size; c++)
            g_string_append_printf(s, "%s%c", c ? " " : "",
                                   g->cell[r][c] == DC_X   ? 'X'
                                   : g->cell[r][c] == DC_O ? 'O'
                                                           : '.');
        g_string_append_c(s, '\n');
    }
    g_string_append_printf(s, "    penalties: {X: %d, O: %d}\n", g->penalties[0], g->penalties[1]);
    return g_string_free(s, FALSE);
}

/* c36_scan.c: measuring a Circle 36 sheet's fields and writing the sheet read. */
#include "scan/c36_scan.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "games/c36_chart.h"
#include "scan/digits.h"

/* Grey level under which a crop's outer pixel is ink that may go on beyond
 * the crop. */
#define SCAN_EDGE_INK 160

static const scan_box *find(const scan_box *b, size_t n, const char *id)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(b[i].id, id)) return &b[i];
    return NULL;
}

/* True when strong ink reaches the crop's outer pixels in more than a
 * speck: writing that goes on beyond the crop (a number written wider than
 * its box), so a digit of it may be missing from what is read. */
static bool ink_at_edge(const uint8_t *ink, int w, int h)
{
    int n = 0;
    for (int j = 0; j < h; j++)
        n += (ink[j * w] < SCAN_EDGE_INK) + (ink[j * w + w - 1] < SCAN_EDGE_INK);
    for (int i = 1; i < w - 1; i++)
        n += (ink[i] < SCAN_EDGE_INK) + (ink[(h - 1) * w + i] < SCAN_EDGE_INK);
    return n >= 3;
}

/* A number written in box b (grown by `grow` mm), at most max_digits long,
 * cut out at ppmm pixels a mm.
 * With round > 0, only ink within that radius (mm) of the box's centre is
 * kept: a ring drawn around the number crosses the crop's corners, and its
 * arcs would pass for a 1. */
static void read_number(const scan_view *v, const scan_box *b, double grow, double round,
                        int max_digits, double ppmm, scan_field *f)
{
    int w, h;
    uint8_t *ink =
        scan_view_ink(v, b->x - grow, b->y - grow, b->w + 2 * grow, b->h + 2 * grow, ppmm, &w, &h);
    double r2 = round * ppmm * round * ppmm;
    for (int j = 0; j < h && round > 0; j++)
        for (int i = 0; i < w; i++) {
            double dx = i + 0.5 - w / 2.0, dy = j + 0.5 - h / 2.0;
            if (dx * dx + dy * dy > r2) ink[j * w + i] = 255;
        }
    if (scan_read_number(ink, w, h, w, max_digits, f)) f->n = 0;
    /* A number that may go on beyond the crop: its readings keep half their
     * weight, the rest going to every other value, so the rules can choose
     * another and the field is not sure (a 12 whose 1 lies outside the box
     * would otherwise be a sure 2). */
    if (max_digits > 1 && ink_at_edge(ink, w, h))
        for (int i = 0; i < f->n; i++)
            f->c[i].p *= 0.5;
    g_free(ink);
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Where the inked shares of one kind of ring split into drawn and not
 * drawn on this photo: Otsu's split of the n shares, when the two groups
 * stand clearly apart; else a fixed half. A blurred photo smears printed
 * lines into every ring a little, a sharp one not at all, so the split is
 * learnt from the sheet itself. */
static double ring_split(const double *share, int n)
{
    double v[C36R_MAX_SPACES * 2];
    memcpy(v, share, sizeof *v * (size_t)n);
    qsort(v, (size_t)n, sizeof *v, by_value);
    double best = 0, split = 0.5, total = 0;
    for (int i = 0; i < n; i++)
        total += v[i];
    double low = 0;
    for (int i = 1; i < n; i++) {
        low += v[i - 1];
        double m0 = low / i, m1 = (total - low) / (n - i);
        double between = (double)i * (n - i) * (m1 - m0) * (m1 - m0);
        if (between > best && m1 - m0 > 0.2 && m1 > 0.45 && v[i] - v[i - 1] > 0.04) {
            best = between;
            split = (v[i - 1] + v[i]) / 2;
        }
    }
    return split;
}

/* The probability that a ring was drawn, from the share of it inked and
 * the photo's split. */
static double ring_p(double share, double split)
{
    return 1 / (1 + exp(-(share - split) * 25));
}

int scan_c36_read(const scan_view *v, const scan_box *boxes, size_t n, const c36_variant *var,
                  c36r_input *in, pn_err *err)
{
    memset(in, 0, sizeof *in);
    /* the board comes from the template (--template FILE may name any), and
     * every array below is sized for the largest board pnpkit scores */
    const char *bad = c36_variant_check(var);
    if (bad || c36_cells(var) > C36R_MAX_SPACES)
        return pn_err_set(err, PN_EINPUT, "the template's Circle 36 board cannot be read: %s",
                          bad ? bad : "too many spaces");
    double sc[C36R_MAX_SPACES], sd[C36R_MAX_SPACES * 2], sb[C36R_MAX_SPACES];
    in->spaces = c36_cells(var);
    in->rounds = in->spaces;
    in->dice_sides = var->dice;
    for (int c = 0; c < in->spaces; c++) {
        char name[8];
        const scan_box *b = find(boxes, n, c36_cell_name(var, c, name));
        if (!b) return pn_err_set(err, PN_EINPUT, "the sheet has no space %s", name);
        read_number(v, b, 0.5, b->w / 2 + 0.6, 2, SCAN_CROP_PPMM, &in->space[c]);
        double r = b->w / 2 + 1.2;
        sc[c] = scan_view_ring(v, b->x + b->w / 2, b->y + b->h / 2, r, r, 1.4);
    }
    double split = ring_split(sc, in->spaces);
    for (int c = 0; c < in->spaces; c++)
        in->space_circled[c] = ring_p(sc[c], split);
    for (int k = 0; k < in->rounds; k++) {
        char id[32];
        const scan_box *d[2], *roll;
        snprintf(id, sizeof id, "roll%d", k + 1);
        roll = find(boxes, n, id);
        for (int j = 0; j < 2; j++) {
            snprintf(id, sizeof id, "roll%d.%c", k + 1, 'a' + j);
            d[j] = find(boxes, n, id);
        }
        if (!roll || !d[0] || !d[1])
            return pn_err_set(err, PN_EINPUT, "the sheet has no dice record for round %d", k + 1);
        for (int j = 0; j < 2; j++) {
            read_number(v, d[j], 0.3, 3.0, 1, SCAN_DIE_PPMM, &in->die[k][j]);
            sd[2 * k + j] =
                scan_view_ring(v, d[j]->x + d[j]->w / 2, d[j]->y + d[j]->h / 2, 3.3, 3.3, 0.9);
        }
        sb[k] = scan_view_ring(v, roll->x + roll->w / 2, roll->y + roll->h / 2, roll->w / 2 + 1.6,
                               roll->h / 2 + 1.6, 1.0);
    }
    double split_die = ring_split(sd, 2 * in->rounds), split_both = ring_split(sb, in->rounds);
    for (int k = 0; k < in->rounds; k++) {
        double p[3] = {ring_p(sd[2 * k], split_die), ring_p(sd[2 * k + 1], split_die),
                       ring_p(sb[k], split_both)};
        in->circ[k][C36R_CIRC_NONE] = (1 - p[0]) * (1 - p[1]) * (1 - p[2]);
        in->circ[k][C36R_CIRC_A] = p[0] * (1 - p[1]) * (1 - p[2]);
        in->circ[k][C36R_CIRC_B] = (1 - p[0]) * p[1] * (1 - p[2]);
        in->circ[k][C36R_CIRC_BOTH] = p[2];
    }
    const scan_box *cb = find(boxes, n, "combos");
    if (!cb) return pn_err_set(err, PN_EINPUT, "the sheet has no ComboCircles box");
    read_number(v, cb, 0.3, 0, 2, SCAN_CROP_PPMM, &in->combos);
    return 0;
}

int scan_c36_top(const scan_field *f, double *p)
{
    *p = f->n ? f->c[0].p : 0;
    return f->n ? f->c[0].value : SCAN_EMPTY;
}

static void put_value(GString *s, int v)
{
    if (v == SCAN_EMPTY)
        g_string_append(s, "~");
    else
        g_string_append_printf(s, "%d", v);
}

char *scan_c36_sheet(const c36_variant *var, const c36r_input *in, const c36r_output *out, bool ok,
                     GPtrArray *problems)
{
    GString *s = g_string_new("game: circle36\n");
    int cells = c36_cells(var);
    int value[C36_MAX_CELLS];
    for (int c = 0; c < cells; c++) {
        double p;
        value[c] = ok ? out->space[c] : scan_c36_top(&in->space[c], &p);
        if (!ok && in->space[c].n == 0) {
            char name[8];
            g_ptr_array_add(problems,
                            g_strdup_printf("space %s could not be read: written as empty",
                                            c36_cell_name(var, c, name)));
        }
    }
    for (int r = 0; r < var->rings; r++) {
        g_string_append_printf(s, "%s: [", c36_ring_name(r));
        for (int k = 0; k < var->sectors; k++) {
            if (k) g_string_append(s, ", ");
            put_value(s, value[c36_cell(var, r, k)]);
        }
        g_string_append(s, "]\n");
    }
    g_string_append(s, "yellow: ");
    put_value(s, value[c36_centre(var)]);
    g_string_append_c(s, '\n');
    if (!ok) {
        double p;
        int combos = scan_c36_top(&in->combos, &p);
        g_string_append_printf(s, "combos: %d\n", combos < 0 ? 0 : combos);
        return g_string_free(s, FALSE);
    }
    int both = 0;
    for (int k = 0; k < out->played; k++)
        both += out->circled[k] == C36R_CIRC_BOTH;
    g_string_append_printf(s, "combos: %d\n", out->combos >= 0 ? out->combos : both);
    if (out->played > 0) g_string_append(s, "rounds:\n");
    for (int k = 0; k < out->played; k++) {
        int a = out->die[k][0], b = out->die[k][1], c = out->cell_of_round[k];
        char name[8];
        const char *use = "die";
        if (out->circled[k] == C36R_CIRC_BOTH) use = c >= 0 && value[c] == a + b ? "sum" : "diff";
        g_string_append_printf(s, "  - {dice: [%d, %d], cell: %s, use: %s}\n", a, b,
                               c >= 0 ? c36_cell_name(var, c, name) : "Y", use);
    }
    return g_string_free(s, FALSE);
}

/* c36_scan.c: measuring a Circle 36 sheet's fields and writing the sheet read. */
#include "scan/c36_scan.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include "scan/digits.h"

static const scan_box *find(const scan_box *b, size_t n, const char *id)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(b[i].id, id)) return &b[i];
    return NULL;
}

/* A number written in box b (grown by `grow` mm), at most max_digits long. */
static void read_number(const scan_view *v, const scan_box *b, double grow, int max_digits,
                        scan_field *f)
{
    int w, h;
    uint8_t *ink = scan_view_ink(v, b->x - grow, b->y - grow, b->w + 2 * grow, b->h + 2 * grow,
                                 SCAN_CROP_PPMM, &w, &h);
    if (scan_read_number(ink, w, h, w, max_digits, f)) f->n = 0;
    g_free(ink);
}

/* The probability that a ring was drawn, from the share of it inked. */
static double ring_p(double share)
{
    return 1 / (1 + exp(-(share - 0.5) * 14));
}

int scan_c36_read(const scan_view *v, const scan_box *boxes, size_t n, const c36_variant *var,
                  c36r_input *in, pn_err *err)
{
    memset(in, 0, sizeof *in);
    in->spaces = c36_cells(var);
    in->rounds = in->spaces;
    in->dice_sides = var->dice;
    for (int c = 0; c < in->spaces; c++) {
        char name[8];
        const scan_box *b = find(boxes, n, c36_cell_name(var, c, name));
        if (!b) return pn_err_set(err, PN_EINPUT, "the sheet has no space %s", name);
        read_number(v, b, 0.5, 2, &in->space[c]);
        double r = b->w / 2 + 1.2;
        in->space_circled[c] = ring_p(scan_view_ring(v, b->x + b->w / 2, b->y + b->h / 2, r, r, 1.4));
    }
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
        double p[3];
        for (int j = 0; j < 2; j++) {
            read_number(v, d[j], 0.3, 1, &in->die[k][j]);
            p[j] = ring_p(scan_view_ring(v, d[j]->x + d[j]->w / 2, d[j]->y + d[j]->h / 2, 3.3, 3.3,
                                         0.9));
        }
        p[2] = ring_p(scan_view_ring(v, roll->x + roll->w / 2, roll->y + roll->h / 2,
                                     roll->w / 2 + 1.6, roll->h / 2 + 1.6, 1.0));
        in->circ[k][C36R_CIRC_NONE] = (1 - p[0]) * (1 - p[1]) * (1 - p[2]);
        in->circ[k][C36R_CIRC_A] = p[0] * (1 - p[1]) * (1 - p[2]);
        in->circ[k][C36R_CIRC_B] = (1 - p[0]) * p[1] * (1 - p[2]);
        in->circ[k][C36R_CIRC_BOTH] = p[2];
    }
    const scan_box *cb = find(boxes, n, "combos");
    if (!cb) return pn_err_set(err, PN_EINPUT, "the sheet has no ComboCircles box");
    read_number(v, cb, 0.3, 2, &in->combos);
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

char *scan_c36_sheet(const c36_variant *var, const c36r_input *in, const c36r_output *out,
                     bool ok, GPtrArray *problems)
{
    GString *s = g_string_new("game: circle36\n");
    int cells = c36_cells(var);
    int value[C36_MAX_CELLS];
    for (int c = 0; c < cells; c++) {
        double p;
        value[c] = ok ? out->space[c] : scan_c36_top(&in->space[c], &p);
        if (!ok && in->space[c].n == 0) {
            char name[8];
            g_ptr_array_add(problems, g_strdup_printf("space %s could not be read: written as empty",
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

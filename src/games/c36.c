/* c36.c: Circle 36's scorer: totals, chart points, bonus, penalty, rounds. */
#include "games/c36.h"

#include <stdio.h>
#include <string.h>

int c36_max_value(const c36_variant *v)
{
    return 2 * v->dice;
}

int c36_forced_combos(const c36_sheet *s)
{
    int n = c36_cells(&s->v), forced = 0;
    for (int c = 0; c < n; c++)
        if (s->cells[c] == 0 || s->cells[c] > s->v.dice) forced++;
    return forced;
}

int c36_written_cells(const c36_sheet *s)
{
    int n = c36_cells(&s->v), written = 0;
    for (int c = 0; c < n; c++)
        written += s->cells[c] != C36_EMPTY;
    return written;
}

int c36_cells(const c36_variant *v)
{
    return v->rings * v->sectors + 1;
}

int c36_rows(const c36_variant *v)
{
    return v->sectors / 2;
}

int c36_cell(const c36_variant *v, int ring, int sector)
{
    return ring * v->sectors + sector;
}

int c36_centre(const c36_variant *v)
{
    return v->rings * v->sectors;
}

int c36_row_cells(const c36_variant *v, int row, int *out)
{
    int n = 0, half = v->sectors / 2;
    for (int r = 0; r < v->rings; r++) {
        out[n++] = c36_cell(v, r, row);
        out[n++] = c36_cell(v, r, row + half);
    }
    out[n++] = c36_centre(v);
    return n;
}

int c36_upper_sectors(const c36_variant *v, int *out)
{
    int S = v->sectors, first = S - S / 4;
    for (int i = 0; i < S / 2; i++)
        out[i] = (first + i) % S;
    return S / 2;
}

char *c36_cell_name(const c36_variant *v, int cell, char *buf)
{
    if (cell == c36_centre(v))
        snprintf(buf, 8, "Y");
    else
        snprintf(buf, 8, "%c%d", c36_ring_prefix(cell / v->sectors),
                 (cell % v->sectors + 1) & 0xff);
    return buf;
}

int c36_round_value(const c36_round *r, c36_use use)
{
    int a = r->dice[0], b = r->dice[1];
    switch (use) {
    case C36_USE_DIE:
        return a;
    case C36_USE_SUM:
        return a + b;
    case C36_USE_DIFF:
        return a > b ? a - b : b - a;
    case C36_USE_AUTO:
        break;
    }
    return -1;
}

c36_use c36_round_use(const c36_round *r, int value, int *die)
{
    *die = 0;
    switch (r->use) {
    case C36_USE_DIE:
        if (value == r->dice[0]) return C36_USE_DIE;
        if (value == r->dice[1]) {
            *die = 1;
            return C36_USE_DIE;
        }
        return C36_USE_AUTO;
    case C36_USE_SUM:
    case C36_USE_DIFF:
        return c36_round_value(r, r->use) == value ? r->use : C36_USE_AUTO;
    case C36_USE_AUTO:
        break;
    }
    if (value == r->dice[0]) return C36_USE_DIE;
    if (value == r->dice[1]) {
        *die = 1;
        return C36_USE_DIE;
    }
    if (value == c36_round_value(r, C36_USE_SUM)) return C36_USE_SUM;
    if (value == c36_round_value(r, C36_USE_DIFF)) return C36_USE_DIFF;
    return C36_USE_AUTO;
}

static const char *use_name(c36_use u)
{
    return u == C36_USE_DIE ? "die" : u == C36_USE_SUM ? "sum" : "diff";
}

int c36_check_rounds(const c36_sheet *s, char *why, int whylen, int *bad_round, int *bad_cell)
{
    const c36_variant *v = &s->v;
    int n = c36_cells(v), filled_by[C36_MAX_CELLS], combos = 0;
    char name[8];
    *bad_round = *bad_cell = -1;
    for (int i = 0; i < n; i++)
        filled_by[i] = -1;
    for (int k = 0; k < s->nrounds; k++) {
        const c36_round *r = &s->rounds[k];
        int c = r->cell;
        *bad_round = k;
        if (filled_by[c] >= 0 || s->cells[c] == C36_EMPTY) c36_cell_name(v, c, name);
        if (filled_by[c] >= 0) {
            snprintf(why, (size_t)whylen, "round %d: %s was already filled in round %d", k + 1,
                     name, filled_by[c] + 1);
            return -1;
        }
        filled_by[c] = k;
        int value = s->cells[c];
        if (value == C36_EMPTY) {
            snprintf(why, (size_t)whylen, "round %d: %s is empty on the sheet", k + 1, name);
            return -1;
        }
        int die;
        c36_use u = c36_round_use(r, value, &die);
        if (u == C36_USE_AUTO) c36_cell_name(v, c, name);
        if (u == C36_USE_AUTO && r->use != C36_USE_AUTO) {
            if (r->use == C36_USE_DIE)
                snprintf(why, (size_t)whylen,
                         "round %d: %s holds %d, which is neither die of %d and %d", k + 1, name,
                         value, r->dice[0], r->dice[1]);
            else
                snprintf(why, (size_t)whylen,
                         "round %d: the %s of %d and %d is %d, but %s holds %d", k + 1,
                         use_name(r->use), r->dice[0], r->dice[1], c36_round_value(r, r->use), name,
                         value);
            return -1;
        }
        if (u == C36_USE_AUTO) {
            snprintf(why, (size_t)whylen,
                     "round %d: %s holds %d, which dice %d and %d cannot make (a die, the sum %d "
                     "or the difference %d)",
                     k + 1, name, value, r->dice[0], r->dice[1], c36_round_value(r, C36_USE_SUM),
                     c36_round_value(r, C36_USE_DIFF));
            return -1;
        }
        if (u != C36_USE_DIE) combos++;
    }
    *bad_round = -1;
    for (int c = 0; c < n; c++)
        if (s->cells[c] != C36_EMPTY && filled_by[c] < 0) {
            *bad_cell = c;
            snprintf(why, (size_t)whylen, "%s holds %d, but no round filled it",
                     c36_cell_name(v, c, name), s->cells[c]);
            return -1;
        }
    if (s->combos >= 0 && s->combos != combos) {
        *bad_round = -2;
        snprintf(why, (size_t)whylen,
                 "combos is %d, but the rounds used a sum or difference %d time%s", s->combos,
                 combos, combos == 1 ? "" : "s");
        return -1;
    }
    return 0;
}

void c36_score_sheet(const c36_sheet *s, c36_score *out)
{
    const c36_variant *v = &s->v;
    memset(out, 0, sizeof *out);
    int n = c36_cells(v);
    for (int c = 0; c < n; c++)
        if (s->cells[c] == C36_EMPTY) out->empty++;
#define VAL(c) (s->cells[c] == C36_EMPTY ? 0 : s->cells[c])
    int points = 0;
    for (int r = 0; r < v->rings; r++) {
        int t = 0;
        for (int k = 0; k < v->sectors; k++)
            t += VAL(c36_cell(v, r, k));
        out->ring_total[r] = t;
        out->ring_points[r] = c36_ring_points(v, r, t);
        points += out->ring_points[r];
    }
    int cells[2 * C36_MAX_RINGS + 1];
    for (int row = 0; row < c36_rows(v); row++) {
        int m = c36_row_cells(v, row, cells), t = 0;
        for (int i = 0; i < m; i++)
            t += VAL(cells[i]);
        out->row_total[row] = t;
        out->row_points[row] = c36_row_points(v, t);
        points += out->row_points[row];
    }
    int upper[C36_MAX_SECTORS / 2];
    int m = c36_upper_sectors(v, upper);
    for (int i = 0; i < m; i++)
        out->upper += VAL(c36_cell(v, 0, upper[i]));
    out->bonus = out->upper == v->target / 2 ? C36_BONUS : 0;
    if (s->nrounds > 0) {
        for (int k = 0; k < s->nrounds; k++) {
            const c36_round *r = &s->rounds[k];
            out->used[k] = c36_round_use(r, VAL(r->cell), &out->die[k]);
            if (out->used[k] == C36_USE_SUM || out->used[k] == C36_USE_DIFF) out->combos++;
        }
    } else {
        out->combos = s->combos > 0 ? s->combos : 0;
    }
#undef VAL
    out->penalty = out->combos > 1 ? out->combos - 1 : 0;
    out->earned = points + out->bonus;
    out->total = out->earned - out->penalty;
}

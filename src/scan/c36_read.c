/* c36_read.c: the most probable Circle 36 sheet the rules allow (c36_read.h).
 *
 * Every field's readings become costs (-log probabilities). Given which space
 * each round filled, the best reading of one (round, space) pair depends on
 * nothing else but the ComboCircles count, so the best sheet is a minimum
 * cost assignment of the played rounds (a prefix of the record) to the
 * written spaces (scan/assign.h). The written count is tied to the number of
 * ComboCircles in the assignment by a Lagrangian price per ComboCircle
 * (c36_model.c). Whether a field is sure comes from its min-marginal: the
 * best legal sheet in which that field reads otherwise, or a lower bound of
 * its cost (c36_sure.c). */
#include "scan/c36_read.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "scan/c36_model.h"

static const char *check_input(const c36r_input *in)
{
    if (in->dice_sides < C36_MIN_DICE || in->dice_sides > C36_MAX_DICE)
        return "dice_sides out of bounds";
    if (in->spaces < 2 || in->spaces > C36M_MAXS) return "spaces out of bounds";
    if (in->rounds < 1 || in->rounds > C36M_MAXS) return "rounds out of bounds";
    return NULL;
}

int c36r_choose(const c36r_input *in, c36r_output *out)
{
    memset(out, 0, sizeof *out);
    const char *bad = check_input(in);
    if (bad) {
        snprintf(out->why, sizeof out->why, "%s", bad);
        return -1;
    }
    c36m_work *w = calloc(1, sizeof *w);
    if (!w) {
        snprintf(out->why, sizeof out->why, "out of memory");
        return -1;
    }
    c36m_load(w, in);
    c36m_sol best;
    double jstar = c36m_choose(w, &in->combos, &best);
    int S = w->S, R = w->R;

    /* The chosen sheet. */
    int round_of[C36M_MAXS];
    for (int s = 0; s < S; s++)
        round_of[s] = -1;
    for (int r = 0; r < R; r++) {
        out->cell_of_round[r] = best.col[r];
        out->die[r][0] = out->die[r][1] = SCAN_EMPTY;
        out->circled[r] = C36R_CIRC_NONE;
        if (best.col[r] < 0) continue;
        c36m_pick pk;
        c36m_pair(w, r, best.col[r], best.combo[r], &pk);
        round_of[best.col[r]] = r;
        out->die[r][0] = pk.a, out->die[r][1] = pk.b, out->circled[r] = pk.circ;
        out->space[best.col[r]] = pk.value;
        out->space_circled[best.col[r]] = pk.circled;
    }
    for (int s = 0; s < S; s++)
        if (round_of[s] < 0) out->space[s] = SCAN_EMPTY, out->space_circled[s] = 0;
    out->played = best.k;
    out->combos = w->wc[0] < w->wc[best.m + 1] ? SCAN_EMPTY : best.m;
    out->cost = jstar;

    c36m_sure(w, in, jstar, out);

    /* Overruled fields: read, yet the chosen value is none of the readings;
     * or a number read beyond doubt, chosen empty (a sheet whose dice record
     * holds no roll: the rules allow no number, yet numbers are written). */
    int nread = 0;
    for (int s = 0; s < S; s++)
        if (in->space[s].n > 0)
            nread++, out->overruled +=
                     !c36m_listed(&in->space[s], out->space[s]) ||
                     (out->space[s] == SCAN_EMPTY && in->space[s].c[0].value != SCAN_EMPTY &&
                      in->space[s].c[0].p >= C36R_ERASED_P);
    for (int r = 0; r < R; r++)
        for (int j = 0; j < 2; j++)
            if (in->die[r][j].n > 0)
                nread++, out->overruled += !c36m_listed(&in->die[r][j], out->die[r][j]);
    if (in->combos.n > 0) nread++, out->overruled += !c36m_listed(&in->combos, out->combos);
    free(w);
    if (out->overruled > 2 && out->overruled > nread * C36R_MAX_OVERRULED_FRAC) {
        snprintf(out->why, sizeof out->why,
                 "no legal sheet is near the readings: %d of %d read fields would change",
                 out->overruled, nread);
        return -1;
    }
    return 0;
}

int c36r_sheet(const c36r_output *out, int spaces, const c36_variant *v, c36_sheet *sheet)
{
    if (c36_cells(v) != spaces || spaces > C36M_MAXS) return -1;
    memset(sheet, 0, sizeof *sheet);
    sheet->v = *v;
    for (int c = 0; c < spaces; c++)
        sheet->cells[c] = out->space[c];
    sheet->combos = out->combos;
    sheet->nrounds = out->played;
    for (int r = 0; r < out->played; r++) {
        c36_round *rd = &sheet->rounds[r];
        rd->dice[0] = out->die[r][0], rd->dice[1] = out->die[r][1];
        rd->cell = out->cell_of_round[r];
        rd->use = C36_USE_DIE;
        if (out->circled[r] == C36R_CIRC_BOTH)
            rd->use =
                out->space[rd->cell] == rd->dice[0] + rd->dice[1] ? C36_USE_SUM : C36_USE_DIFF;
    }
    return 0;
}

/* dicrono.c: DiCroNo runs, the ending-rule check, and a set's subtotals. */
#include "games/dicrono.h"

#include <stdio.h>
#include <string.h>

/* The four line directions: along a row, down a column, and both diagonals. */
static const int dir_dc[4] = {1, 0, 1, -1}, dir_dr[4] = {0, 1, 1, 1};

char dc_symbol(int player)
{
    return player == DC_PX ? 'X' : 'O';
}

static bool inside(const dc_game *g, int c, int r)
{
    return c >= 0 && r >= 0 && c < g->size && r < g->size;
}

int dc_runs(const dc_game *g, dc_run *out, int max)
{
    int n = 0;
    for (int d = 0; d < 4; d++)
        for (int r = 0; r < g->size; r++)
            for (int c = 0; c < g->size; c++) {
                int v = g->cell[r][c];
                if (v == DC_NONE) continue;
                int pc = c - dir_dc[d], pr = r - dir_dr[d];
                if (inside(g, pc, pr) && g->cell[pr][pc] == v) continue; /* not a start */
                int len = 1, ec = c, er = r;
                while (inside(g, ec + dir_dc[d], er + dir_dr[d]) &&
                       g->cell[er + dir_dr[d]][ec + dir_dc[d]] == v) {
                    ec += dir_dc[d];
                    er += dir_dr[d];
                    len++;
                }
                if (len < 3) continue;
                if (n < max) out[n] = (dc_run){v == DC_X ? DC_PX : DC_PO, c, r, ec, er, len};
                n++;
            }
    return n < max ? n : max;
}

int dc_points(const dc_game *g, int player)
{
    dc_run runs[DC_MAX_RUNS];
    int n = dc_runs(g, runs, DC_MAX_RUNS), p = 0;
    for (int i = 0; i < n; i++)
        if (runs[i].player == player) p += runs[i].len - 2;
    return p;
}

static bool has_run(const dc_game *g, int player)
{
    return dc_points(g, player) > 0;
}

/* True when removing one of the player's symbols leaves it without a run. */
static bool runs_share_a_square(const dc_game *g, int player)
{
    dc_game t = *g;
    int sym = player == DC_PX ? DC_X : DC_O;
    for (int r = 0; r < g->size; r++)
        for (int c = 0; c < g->size; c++) {
            if (t.cell[r][c] != sym) continue;
            t.cell[r][c] = DC_NONE;
            bool none = !has_run(&t, player);
            t.cell[r][c] = (unsigned char)sym;
            if (none) return true;
        }
    return false;
}

const char *dc_game_check(const dc_game *g, char *why, int whylen)
{
    int count[2] = {0, 0};
    for (int r = 0; r < g->size; r++)
        for (int c = 0; c < g->size; c++)
            if (g->cell[r][c] != DC_NONE) count[g->cell[r][c] == DC_X ? DC_PX : DC_PO]++;
    int rolls[2] = {count[0] + g->penalties[0], count[1] + g->penalties[1]};
    if (rolls[0] != rolls[1]) {
        snprintf(why, (size_t)whylen,
                 "X rolled %d times (%d symbol%s, %d penalt%s) but O %d times (%d symbol%s, %d "
                 "penalt%s); a game ends when both have rolled equally often",
                 rolls[0], count[0], count[0] == 1 ? "" : "s", g->penalties[0],
                 g->penalties[0] == 1 ? "y" : "ies", rolls[1], count[1], count[1] == 1 ? "" : "s",
                 g->penalties[1], g->penalties[1] == 1 ? "y" : "ies");
        return why;
    }
    if (count[0] + count[1] == 0 && g->penalties[0] + g->penalties[1] > 0) {
        snprintf(why, (size_t)whylen, "a penalty needs an occupied square, but the grid is empty");
        return why;
    }
    if (count[g->first] == 0 && g->penalties[g->first] > 0) {
        snprintf(why, (size_t)whylen,
                 "%c rolled first but has no symbol, only penalties; the first roll of a game "
                 "lands on an empty square",
                 dc_symbol(g->first));
        return why;
    }
    bool run[2] = {has_run(g, DC_PX), has_run(g, DC_PO)};
    if (!run[0] && !run[1] && g->penalties[0] < DC_MAX_PENALTIES &&
        g->penalties[1] < DC_MAX_PENALTIES) {
        snprintf(why, (size_t)whylen,
                 "the game is not over: nobody has three in a line or three penalties");
        return why;
    }
    for (int p = 0; p < 2; p++) {
        if (run[p] && g->penalties[p] == DC_MAX_PENALTIES) {
            snprintf(why, (size_t)whylen,
                     "%c has a line and three penalties; the game ends at whichever comes first",
                     dc_symbol(p));
            return why;
        }
        if (run[p] && !runs_share_a_square(g, p)) {
            snprintf(why, (size_t)whylen,
                     "%c had a line before its last symbol, whichever square that was (taking "
                     "away any one of %c's symbols still leaves a line of three); the game "
                     "would have ended at that line",
                     dc_symbol(p), dc_symbol(p));
            return why;
        }
    }
    return NULL;
}

void dc_score_set(const dc_game *games, int n, dc_game_score *out)
{
    int prev[2] = {0, 0};
    for (int i = 0; i < n; i++) {
        const dc_game *g = &games[i];
        dc_game_score *s = &out[i];
        memset(s, 0, sizeof *s);
        s->nruns = dc_runs(g, s->runs, DC_MAX_RUNS);
        for (int k = 0; k < s->nruns; k++)
            s->points[s->runs[k].player] += s->runs[k].len - 2;
        for (int p = 0; p < 2; p++) {
            int sum = prev[p] + s->points[p];
            if (g->penalties[p] >= DC_MAX_PENALTIES && sum > 0) {
                s->deducted[p] = 1;
                sum--;
            }
            s->subtotal[p] = prev[p] = sum;
        }
        /* The loser starts the next game: fewer points, or on equal points the
         * only player with three penalties; otherwise the same player again. */
        bool pen_x = g->penalties[DC_PX] >= DC_MAX_PENALTIES,
             pen_o = g->penalties[DC_PO] >= DC_MAX_PENALTIES;
        if (s->points[DC_PX] != s->points[DC_PO])
            s->next_first = s->points[DC_PX] < s->points[DC_PO] ? DC_PX : DC_PO;
        else if (pen_x != pen_o)
            s->next_first = pen_x ? DC_PX : DC_PO;
        else
            s->next_first = g->first;
    }
}

/* dicrono.h: DiCroNo's rules over plain structs: the scoring runs of a grid,
 * the check that a finished grid can come from one game under the ending rule,
 * a set's subtotals with the penalty rule and who starts next, and the search
 * for the most points one player can score in a single game (dicrono_max.c).
 * Rules and decisions: seeds/dicrono.md. Nothing here allocates except
 * dc_max_search's working memory, which it frees. */
#ifndef PN_DICRONO_H
#define PN_DICRONO_H

#include <stdbool.h>

#define DC_MIN_SIZE 4
#define DC_MAX_SIZE 10
#define DC_MAX_GAMES 100 /* games in one set */
#define DC_MAX_RUNS 256  /* runs of three or more on a 10x10 grid fit easily */
#define DC_MAX_PENALTIES 3

enum { DC_NONE = 0, DC_X = 1, DC_O = 2 }; /* cell contents */
enum { DC_PX = 0, DC_PO = 1 };            /* player index: X, O */

typedef struct dc_game {
    int size;                                     /* rows = columns */
    unsigned char cell[DC_MAX_SIZE][DC_MAX_SIZE]; /* [row][col], 0-based */
    int first;                                    /* DC_PX or DC_PO: who rolled first */
    int penalties[2];                             /* 0..3 */
} dc_game;

/* A maximal line of one player's symbols, from (c0, r0) to (c1, r1), 0-based. */
typedef struct dc_run {
    int player;
    int c0, r0, c1, r1;
    int len;
} dc_run;

typedef struct dc_game_score {
    int points[2];   /* game points */
    int deducted[2]; /* what three penalties took off the subtotal (0 or 1) */
    int subtotal[2];
    int next_first; /* who starts the next game */
    int nruns;
    dc_run runs[DC_MAX_RUNS];
} dc_game_score;

/* Player index for a cell value (DC_X -> DC_PX), and the symbol of a player. */
char dc_symbol(int player);

/* Every maximal run of 3 or more (both players; rows, columns, then the two
 * diagonal directions), written to out (room for max). Returns the count. */
int dc_runs(const dc_game *g, dc_run *out, int max);
/* Points of a player: the sum of length - 2 over its runs. */
int dc_points(const dc_game *g, int player);

/* Checks that g can be the final grid of one game: both players rolled equally
 * often (symbols + penalties), the game is over (a run of three or a third
 * penalty), every run of a player passes through one square (its last symbol:
 * before it the player had no run), a player with three penalties has no run,
 * no penalty was rolled on an empty board, and the player who rolled first has
 * a symbol (the first roll finds the board empty). Returns NULL or the reason. */
const char *dc_game_check(const dc_game *g, char *why, int whylen);

/* Scores a set of n games in order (subtotals carry over). */
void dc_score_set(const dc_game *games, int n, dc_game_score *out);

/* The most points one player can score in a single game on a size x size grid
 * (DC_MIN_SIZE..8), by exhaustive search; see seeds/dicrono.md. */
typedef struct dc_max_result {
    int points;             /* the answer */
    int points_alone;       /* the best when the opponent's symbols are not counted */
    long shapes;            /* scoring shapes examined */
    long checked;           /* shapes whose opponent placement was searched */
    dc_game witness;        /* X scores `points`; O first, three penalties */
    int last_col, last_row; /* X's last symbol, 0-based */
} dc_max_result;
/* Returns 0, or -1 when size is out of range or memory runs out. */
int dc_max_search(int size, dc_max_result *out);

#endif

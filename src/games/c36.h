/* c36.h: Circle 36's scorer over plain structs: area totals, points from the
 * chart, the bonus on the upper half of the first ring, ComboCircles and the
 * penalty, and the check of a game's rounds (which dice made which number).
 *
 * Variants (seeds/circle36.md): R rings of S sectors (S even) and a target T.
 * Row r (0-based, r < S/2) joins sector r+1 and its opposite r+1+S/2 in every
 * ring, plus the centre. The upper half of the first ring is the S/2 sectors
 * starting at sector S - S/4 + 1 (integer division) and running clockwise: for
 * 8 sectors 7, 8, 1, 2. Its bonus is C36_BONUS points when it totals T/2
 * (integer division, as the Scoring Box prints it).
 *
 * Cells are numbered ring * S + sector (both 0-based); the centre is R * S.
 * Nothing here allocates. */
#ifndef PN_C36_H
#define PN_C36_H

#include <stdbool.h>
#include "games/c36_chart.h"

#define C36_MAX_CELLS (C36_MAX_RINGS * C36_MAX_SECTORS + 1)
#define C36_MAX_ROWS (C36_MAX_SECTORS / 2)
#define C36_MAX_VALUE (2 * C36_MAX_DICE) /* a sum of two of the largest dice */
#define C36_EMPTY (-1)                   /* a space nobody wrote in */
#define C36_BONUS 3

typedef enum { C36_USE_AUTO, C36_USE_DIE, C36_USE_SUM, C36_USE_DIFF } c36_use;

typedef struct c36_round {
    int dice[2]; /* 1..v.dice */
    int cell;    /* index of the cell the number went to */
    c36_use use; /* C36_USE_AUTO: inferred from the value */
} c36_round;

typedef struct c36_sheet {
    c36_variant v;
    int cells[C36_MAX_CELLS]; /* 0..c36_max_value or C36_EMPTY */
    int combos;               /* ComboCircles as written; -1 when not given */
    int nrounds;              /* 0: no rounds given */
    c36_round rounds[C36_MAX_CELLS];
} c36_sheet;

typedef struct c36_score {
    int ring_total[C36_MAX_RINGS], ring_points[C36_MAX_RINGS];
    int row_total[C36_MAX_ROWS], row_points[C36_MAX_ROWS];
    int upper;                   /* total of the first ring's upper half */
    int bonus;                   /* C36_BONUS or 0 */
    int combos;                  /* ComboCircles (from the rounds when given) */
    int penalty;                 /* max(0, combos - 1) */
    int earned;                  /* points plus bonus */
    int total;                   /* earned - penalty (may be negative) */
    int empty;                   /* spaces left empty */
    c36_use used[C36_MAX_CELLS]; /* per round: how its number was made (with rounds) */
    int die[C36_MAX_CELLS];      /* per round: 0 or 1, the die used (C36_USE_DIE) */
} c36_score;

/* The largest number a space can hold: the sum of two dice (2 * v->dice). */
int c36_max_value(const c36_variant *v);
/* The ComboCircles a board needs whatever the rolls were: one for every
 * written space holding 0 (only doubles subtracted make it) or more than a
 * die shows (only a sum makes it). */
int c36_forced_combos(const c36_sheet *s);
/* The spaces a number is written in: the most ComboCircles a sheet can have,
 * since each goes with the number it made. */
int c36_written_cells(const c36_sheet *s);

/* Number of cells (R * S + 1) and of rows (S / 2). */
int c36_cells(const c36_variant *v);
int c36_rows(const c36_variant *v);
/* Cell index of sector k (0-based) of ring r; the centre. */
int c36_cell(const c36_variant *v, int ring, int sector);
int c36_centre(const c36_variant *v);
/* The 2R + 1 cells of row r, written to out; returns the count. */
int c36_row_cells(const c36_variant *v, int row, int *out);
/* The S/2 sectors (0-based) of the first ring's upper half; returns the count. */
int c36_upper_sectors(const c36_variant *v, int *out);
/* Slot id of a cell ("R1", "G8", "Y"); buf needs 8 bytes. Returns buf. */
char *c36_cell_name(const c36_variant *v, int cell, char *buf);

/* Scores a sheet. With rounds (checked by c36_check_rounds first), combos and
 * each round's use come from the rounds; otherwise from s->combos. */
void c36_score_sheet(const c36_sheet *s, c36_score *out);

/* The value a round makes with a use (DIE means the first die); -1 for AUTO. */
int c36_round_value(const c36_round *r, c36_use use);
/* How a round made value: its explicit use, else a die when the value equals one
 * of the dice, else the sum, else the difference. *die is the die used (0 or 1).
 * Returns C36_USE_AUTO when the value cannot be made that way. */
c36_use c36_round_use(const c36_round *r, int value, int *die);
/* Checks the rounds against the cells: every written cell is filled by exactly
 * one round, no round names an empty cell, every value can be made from its
 * round's dice (die, sum or larger minus smaller), an explicit use gives the
 * value, and a written combos count agrees. Returns 0, or -1 with the problem
 * in why (naming the round, 1-based) and where it lies: *bad_round is the
 * round's index, or -1 for a written cell no round filled (*bad_cell), or -2
 * for the combos count. */
int c36_check_rounds(const c36_sheet *s, char *why, int whylen, int *bad_round, int *bad_cell);

#endif

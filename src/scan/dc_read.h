/* dc_read.h: reading a photographed DiCroNo grid with the rules. Given what
 * the mark reader saw in every square (empty, X or O, with probabilities),
 * the penalty ticks of each player and who rolled first, picks the most
 * probable grid that can end one game (dc_game_check) and says, field by
 * field, whether that reading is sure. Pure: no I/O, no globals; its search
 * space (at most a few MB) is allocated and freed inside each call. */
#ifndef PNPKIT_SCAN_DC_READ_H
#define PNPKIT_SCAN_DC_READ_H

#include "games/dicrono.h"
#include "scan/cand.h"

/* A field is sure when every legal game reading it otherwise is at least
 * this many times less probable than the chosen one (as for Circle 36). */
#define DCR_SURE_RATIO 1000.0
/* Probabilities are held within [DCR_PMIN, 1 - DCR_PMIN]. */
#define DCR_PMIN 1e-4
/* Sets of changed readings the search examines at most: past it, fields not
 * yet settled are not sure, and with no legal game found the call fails. */
#define DCR_MAX_TRIES 20000

typedef struct dcr_input {
    int size;                                 /* DC_MIN_SIZE..DC_MAX_SIZE */
    double cell[DC_MAX_SIZE][DC_MAX_SIZE][3]; /* [row][col]: P(empty), P(X), P(O) */
    scan_field penalties[2];                  /* ticks of X and O, 0..3 */
    double first[2];                          /* P(X rolled first), P(O rolled first) */
} dcr_input;

typedef struct dcr_output {
    dc_game game; /* the chosen grid, penalties and first player */
    int cell_sure[DC_MAX_SIZE][DC_MAX_SIZE];
    double cell_conf[DC_MAX_SIZE][DC_MAX_SIZE];
    int penalties_sure[2];
    double penalties_conf[2];
    int first_sure;
    double first_conf;
    int changed;   /* fields whose chosen value was not the reader's first */
    double cost;   /* -log P of the chosen game under the readings */
    long tries;    /* sets of changes examined */
    char why[128]; /* when dcr_choose fails: why */
} dcr_output;

/* Chooses the most probable legal game. Returns 0, or -1 (with out->why) when
 * the input is out of bounds or no legal game was found within the search. */
int dcr_choose(const dcr_input *in, dcr_output *out);

#endif

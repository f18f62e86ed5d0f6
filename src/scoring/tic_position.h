/* tic_position.h: reading a Thinking In Circles position from one YAML
 * document and saying who wins it (the check command's engine). The format:
 * seeds/thinking-in-circles.md and `pnpkit help check`. */
#ifndef PN_SCORING_TIC_POSITION_H
#define PN_SCORING_TIC_POSITION_H

#include <glib.h>
#include <stdbool.h>
#include "games/tic.h"
#include "util/err.h"
#include "util/yml.h"

#define TIC_MAX_TOKEN_STEPS 10000 /* steps a token may be written as */
#define TIC_MAX_NAME 200          /* bytes in a player's name, as on a score sheet */

typedef struct tic_position {
    tic_board board;
    bool generated; /* the board came from a seed */
    long seed;
    int tokens[TIC_MAX_CIRCLES]; /* the space each token rests on */
    tic_player players[2];
    char names[2][TIC_MAX_NAME + 1]; /* as written, or "Player 1" and "Player 2" */
} tic_position;

/* Reads and checks the document y into d; errors are placed at y's nodes. */
int tic_position_read(const pn_yml *y, tic_position *d, pn_err *err);
/* Who wins, appended to o: a JSON object and a newline, or readable lines. */
void tic_position_report(const tic_position *d, bool json, GString *o);

#endif

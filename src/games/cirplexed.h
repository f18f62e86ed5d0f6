/* cirplexed.h: Cirplexed boards over plain structs: the checks a board must
 * pass, the circles formed where tile corners meet, and the ranking.
 *
 * A tile placed at (x, y) covers the unit square from (x, y) to (x+1, y+1), x to
 * the right and y downwards; its corners tl, tr, br, bl lie on the grid points
 * (x, y), (x+1, y), (x+1, y+1), (x, y+1). At a grid point up to four corners
 * meet: a circle when four are present in one colour, a three-quarter circle
 * when exactly three are present in one colour, a half circle when exactly two
 * are present, of tiles that share a side, in one colour. Rules and decisions:
 * seeds/cirplexed.md. */
#ifndef PN_CIRPLEXED_H
#define PN_CIRPLEXED_H

#include "games/cpx_tile.h"

#define CPX_MAX_PLAYERS 12
#define CPX_MAX_COORD 1000 /* |x| and |y| */

typedef struct cpx_placed {
    int x, y;
    cpx_tile t; /* colour indices, as the tile lies */
} cpx_placed;

typedef struct cpx_point {
    int x, y;
} cpx_point;

typedef struct cpx_points {
    int circles, three_quarter, half;
    int rank; /* 1-based; equal players share a rank */
} cpx_points;

/* What is wrong with a board (cpx_check_board). */
typedef enum {
    CPX_OK,
    CPX_BAD_PLACE,   /* a second tile on a place taken */
    CPX_BAD_COLOURS, /* a tile repeats a colour */
    CPX_BAD_GAP,     /* a tile not joined to the first through full sides */
} cpx_problem;

/* Checks one board of n tiles; on a problem, *bad is the offending tile and
 * *other the earlier tile it clashes with (CPX_BAD_PLACE), else -1. */
cpx_problem cpx_check_board(const cpx_placed *tiles, int n, int *bad, int *other);

/* Scores a board. The grid points of complete circles are written to circles
 * (room for max; may be NULL). Returns 0, or -1 when memory runs out. */
int cpx_score_board(const cpx_placed *tiles, int n, cpx_points *out, cpx_point *circles, int max);

/* Ranks players: by circles, then three-quarter circles, then half circles;
 * equal players share a rank and the next rank skips (1, 1, 3). */
void cpx_rank(cpx_points *players, int n);

#endif

/* cpx_tile.h: Cirplexed tiles. A tile has four corner colours (indices into the
 * game's colour list) listed clockwise from the top-left: tl, tr, br, bl. Two
 * tiles are the same tile when one is a rotation of the other. With six
 * colours and four different colours on every tile there are exactly 90 tiles. */
#ifndef PN_CPX_TILE_H
#define PN_CPX_TILE_H

#include <stdbool.h>

#define CPX_MAX_COLORS 12
#define CPX_FULL_SET 90

typedef struct cpx_tile {
    unsigned char c[4]; /* tl, tr, br, bl */
} cpx_tile;

/* The tile turned clockwise by quarter turns (0..3). */
cpx_tile cpx_tile_rotate(cpx_tile t, int quarter_turns);
/* The smallest rotation (lexicographically): equal for tiles that are the same. */
cpx_tile cpx_tile_canonical(cpx_tile t);
/* A number identifying the tile up to rotation (for hash sets). */
unsigned cpx_tile_key(cpx_tile t);
/* True when the four corners have four different colours. */
bool cpx_tile_valid(cpx_tile t);

/* Every distinct tile for ncolors colours (four different colours each), in a
 * fixed order, written to out (room for max). Returns the count, or -1 when it
 * does not fit. For 6 colours the count is CPX_FULL_SET. */
int cpx_tile_set(int ncolors, cpx_tile *out, int max);

#endif

/* tic.h: Thinking In Circles: boards (circles of spaces carrying a shape and a
 * colour), the seeded generator of balanced boards, and the win check. Pure
 * logic: no I/O, no drawing.
 *
 * A board has `circles` circles of `spaces` spaces each. Space 0 of every
 * circle is the blank start space (no shape, neutral colour) where the circle's
 * token begins; the others follow clockwise. Circles are adjacent in a row
 * (1-2, 2-3, ...) or, in the ring layout, also last-first. Three adjacent
 * circles are a chain a-b-c of neighbours (seeds/thinking-in-circles.md). */
#ifndef PN_TIC_H
#define PN_TIC_H

#include <stdbool.h>

#define TIC_MIN_CIRCLES 3
#define TIC_MAX_CIRCLES 9
#define TIC_MIN_SPACES 5
#define TIC_MAX_SPACES 16
#define TIC_MAX_GOALS 3 /* Spin Cycle: up to three secret goals */
#define TIC_MAX_TRIPLES TIC_MAX_CIRCLES

/* Same order as the shape glyphs in components/draw.h. */
typedef enum { TIC_CIRCLE, TIC_TRIANGLE, TIC_SQUARE, TIC_PENTAGON, TIC_NO_SHAPE } tic_shape;
typedef enum { TIC_BLACK, TIC_WHITE, TIC_NEUTRAL } tic_color;
typedef enum { TIC_ROW, TIC_RING } tic_layout;

#define TIC_SHAPES 4

typedef struct tic_space {
    unsigned char shape; /* tic_shape */
    unsigned char color; /* tic_color */
} tic_space;

typedef struct tic_board {
    int circles, spaces;
    tic_layout layout;
    tic_space sp[TIC_MAX_CIRCLES][TIC_MAX_SPACES]; /* [circle][space], space 0 = start */
} tic_board;

/* What the generator is asked for. neutral: shaped neutral spaces per circle
 * (the start space is neutral too); one more is added when the rest would not
 * split evenly into black and white. */
typedef struct tic_params {
    int circles, spaces, neutral;
    tic_layout layout;
} tic_params;

/* NULL when the parameters are in bounds, else a reason ("spaces must be ..."). */
const char *tic_params_check(const tic_params *p);

/* Fills b with the board for seed: every circle holds each shape floor or ceil
 * of (spaces-1)/4 times, equally many black and white spaces, the blank start
 * at space 0. The same parameters and seed always give the same board.
 * Returns 0, or -1 when tic_params_check fails. */
int tic_generate(const tic_params *p, unsigned long seed, tic_board *b);

/* Names ("circle", "black", "row") and parsing them back (false if unknown). */
const char *tic_shape_name(tic_shape s);
const char *tic_color_name(tic_color c);
bool tic_shape_parse(const char *name, tic_shape *out);
bool tic_color_parse(const char *name, tic_color *out);

/* Adjacent triples: a row of N circles has N-2, a ring N. Triple t is the
 * circles out[0], out[1], out[2] (0-based), a chain of neighbours. */
int tic_triple_count(const tic_board *b);
void tic_triple(const tic_board *b, int t, int out[3]);

typedef struct tic_goal {
    unsigned char s[3]; /* tic_shape */
} tic_goal;

typedef struct tic_player {
    tic_color color; /* TIC_BLACK or TIC_WHITE */
    int ngoals;      /* 1..TIC_MAX_GOALS */
    tic_goal goals[TIC_MAX_GOALS];
} tic_player;

/* How a player wins: by colour (goal == -1) or by goal index; the triple's
 * circles in the order they match the goal (reversed when read backwards). */
typedef struct tic_win {
    int goal;
    int circles[3];
    bool reversed;
} tic_win;

/* tokens[c]: the space (0..spaces-1) circle c's token rests on. Returns the
 * number of wins found for p (written to wins, up to max), 0 when p has not
 * won. Every triple and goal is reported (a colour win once per set of three
 * circles); a colour win comes first per triple. */
int tic_wins(const tic_board *b, const int *tokens, const tic_player *p, tic_win *wins, int max);

/* True when the goal holds two identical shapes next to each other (the
 * UnCloned variant forbids such goals). */
bool tic_goal_cloned(const tic_goal *g);

#endif

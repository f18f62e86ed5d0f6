/* c36_read.h: reading a photographed Circle 36 sheet with the rules. Given
 * every field's candidate readings (from the handwriting and mark readers),
 * picks the most probable sheet the rules allow and says, field by field,
 * whether that reading is sure. Pure: no I/O, no globals; its scratch space
 * (about 0.4 MB) is allocated and freed inside each call. The caller owns
 * both structs (25 KB and 8 KB: keep them off small stacks).
 *
 * The rules used (seeds/circle36.md, docs/scanning.md "Reading with the
 * rules"): a space holds 0..2D or nothing; the played rounds are the first k
 * of the dice record and each fills exactly one of the k written spaces (a
 * matching); a round's number is one die (that die circled alone, the space
 * not circled) or the sum or larger-minus-smaller (both dice in one
 * ComboCircle and the space circled, except in the Yellow centre where that
 * circle is optional); an unplayed round has no dice and no circle; the
 * written ComboCircles count is empty or equals the rounds whose two dice
 * share a ComboCircle.
 *
 * Refinements of the first draft of this interface: C36R_MAX_SPACES follows
 * the variants' bound (C36_MAX_CELLS); the output gives the board circles it
 * chose, a confidence per field, the number of overruled fields and a reason
 * when it fails. */
#ifndef PNPKIT_SCAN_C36_READ_H
#define PNPKIT_SCAN_C36_READ_H

#include "games/c36.h"
#include "scan/cand.h"

/* Spaces (rings x sectors + 1) and rounds of the largest variant. */
#define C36R_MAX_SPACES C36_MAX_CELLS

/* The least probability mass a field's readings leave to the values no
 * reader listed (spread evenly over them), so that the rules may overrule a
 * reading when everything else agrees. */
#define C36R_FLOOR 1e-4
/* Circle probabilities are held within [C36R_PMIN, 1 - C36R_PMIN]. */
#define C36R_PMIN 1e-4
/* A field is sure when every legal sheet reading it otherwise is at least
 * this many times less probable than the chosen one. */
#define C36R_SURE_RATIO 1000.0
/* More overruled fields than this share of the read ones (and more than two):
 * no legal sheet is near the readings. */
#define C36R_MAX_OVERRULED_FRAC 0.25
/* A space whose best reading is a number this likely, chosen empty, counts
 * as overruled too. */
#define C36R_ERASED_P 0.9

/* circ[] and circled[] states of a round in the dice record. */
enum { C36R_CIRC_NONE = 0, C36R_CIRC_A = 1, C36R_CIRC_B = 2, C36R_CIRC_BOTH = 3 };

typedef struct c36r_input {
    int spaces;     /* rings * sectors + 1; the last one is the Yellow centre */
    int rounds;     /* rounds of the dice record, 1..C36R_MAX_SPACES */
    int dice_sides; /* D: each die shows 1..D (C36_MIN_DICE..C36_MAX_DICE) */
    /* Value written in each space, slot order of the scene (R1..R8, B1..,
     * G1.., Y); SCAN_EMPTY for "nothing written". n == 0: unread. */
    scan_field space[C36R_MAX_SPACES];
    double space_circled[C36R_MAX_SPACES]; /* P(the space's number is circled) */
    /* Each round's two dice (round k is the scene's roll<k+1>.a and .b);
     * SCAN_EMPTY: blank. */
    scan_field die[C36R_MAX_SPACES][2];
    /* Each round: P(no circle), P(die a circled alone), P(die b circled
     * alone), P(both dice in one ComboCircle). Normalised by the chooser. */
    double circ[C36R_MAX_SPACES][4];
    scan_field combos; /* the written Total ComboCircles; SCAN_EMPTY: blank */
} c36r_input;

typedef struct c36r_output {
    int space[C36R_MAX_SPACES]; /* 0..2D or SCAN_EMPTY */
    int space_sure[C36R_MAX_SPACES];
    double space_conf[C36R_MAX_SPACES];
    int space_circled[C36R_MAX_SPACES]; /* 0 or 1 */
    int space_circled_sure[C36R_MAX_SPACES];
    int die[C36R_MAX_SPACES][2]; /* 1..D or SCAN_EMPTY */
    int die_sure[C36R_MAX_SPACES][2];
    double die_conf[C36R_MAX_SPACES][2];
    int circled[C36R_MAX_SPACES]; /* C36R_CIRC_* */
    int circled_sure[C36R_MAX_SPACES];
    double circled_conf[C36R_MAX_SPACES];
    int cell_of_round[C36R_MAX_SPACES]; /* the space each round filled, -1 none */
    int played;                         /* rounds played (the first `played`) */
    int combos;                         /* the written count: SCAN_EMPTY or 0..rounds */
    int combos_sure;
    double combos_conf;
    int overruled; /* read fields whose chosen value was none of their candidates */
    double cost;   /* -log P of the chosen sheet under the readings */
    char why[128]; /* when c36r_choose fails: why */
} c36r_output;

/* Chooses the most probable legal sheet. Returns 0, or -1 (with out->why)
 * when the input is out of bounds or no legal sheet is near the readings
 * (more than C36R_MAX_OVERRULED_FRAC of the read fields overruled). */
int c36r_choose(const c36r_input *in, c36r_output *out);

/* The chosen sheet as the scorer takes it (what `pnpkit score circle36`
 * reads): the spaces, the written count (-1 when blank) and the played
 * rounds with their dice, space and use. v must have out's number of
 * spaces. Returns 0, or -1 when it does not. */
int c36r_sheet(const c36r_output *out, int spaces, const c36_variant *v, c36_sheet *sheet);

#endif

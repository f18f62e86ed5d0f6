/* c36_chart.h: Circle 36's points chart and board naming, shared by the board
 * and scoring box components and the scorer. The chart itself is data:
 * seeds/circle36-points.tsv, embedded at build time and read once.
 *
 * Variants (seeds/circle36.md): with R rings, S sectors and target T, an area
 * total T+d scores like 36+d on the rule sheet's chart; ring i (0-based) uses the
 * Red, Blue, Green columns for i < 3 and max(0, Green - (i - 2)) beyond. */
#ifndef PN_C36_CHART_H
#define PN_C36_CHART_H

#include <stdbool.h>

#define C36_MAX_RINGS 6
#define C36_MIN_SECTORS 4
#define C36_MAX_SECTORS 16
#define C36_CHART_SPAN 4 /* the chart lists target-4 .. target+4 */
#define C36_MIN_DICE 4   /* sides of each die */
#define C36_MAX_DICE 20
#define C36_DEFAULT_DICE 8

/* dice: the sides of each of the two dice; a space holds 0 to 2 * dice. */
typedef struct c36_variant {
    int rings, sectors, target, dice;
} c36_variant;

#define C36_DEFAULT_VARIANT ((c36_variant){3, 8, 36, C36_DEFAULT_DICE})

/* Colour name used in slot ids and JSON ("red", "blue", "green", "orange", ...). */
const char *c36_ring_name(int ring);
/* Capitalised, for printed labels ("Red"). */
const char *c36_ring_label(int ring);
/* Slot id prefix of the ring's spaces ('R' for R1..R8). */
char c36_ring_prefix(int ring);
/* Row letter ('A' + row). */
char c36_row_letter(int row);

/* Points for an area total. ring: 0-based ring index; rows use c36_row_points. */
int c36_ring_points(const c36_variant *v, int ring, int total);
int c36_row_points(const c36_variant *v, int total);

/* Checks that a variant is in bounds; returns NULL or a reason. */
const char *c36_variant_check(const c36_variant *v);

#endif

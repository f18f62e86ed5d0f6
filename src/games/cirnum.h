/* cirnum.h: Circular Numbers: cards, the circular numbers a hand can form (with
 * a marked space's multiples), how far each sum moves a token, the ace-five-six
 * move-back, and the marked spaces of a track. Pure logic: no I/O.
 * Decisions where the rule sheet is silent are in seeds/circular-numbers.md. */
#ifndef PN_CIRNUM_H
#define PN_CIRNUM_H

#include <glib.h>
#include <stdbool.h>
#include <stddef.h>

#define CIRNUM_MAX_HAND 12 /* cards in one hand (subsets are enumerated) */
#define CIRNUM_TARGETS 5
#define CIRNUM_MIN_SPACES 8
#define CIRNUM_MAX_SPACES 60
#define CIRNUM_MAX_MARKS 20
#define CIRNUM_MIN_MARK 2
#define CIRNUM_MAX_MARK 76

/* The circular numbers a sum may reach on the track: 1, 5, 6, 25, 76. */
extern const int cirnum_targets[CIRNUM_TARGETS];

/* Spaces a token moves for a sum: 1:1, 5:2, 6:3, 25:4, 76:5; 0 for any other. */
int cirnum_moves(int sum);

/* True for the circular (automorphic) numbers: n > 0 whose square ends in n. */
bool cirnum_is_circular(unsigned long n);

typedef struct cirnum_card {
    char rank[3]; /* "A", "2".."10", "J", "Q", "K" */
    int value;    /* Ace 1, number cards their number, face cards 10 */
} cirnum_card;

/* Parses a hand such as "A 5 6 K" (blanks or commas between cards; T stands
 * for 10; case does not matter). Returns the number of cards, or -1 with a
 * reason in why. At most CIRNUM_MAX_HAND cards. */
int cirnum_parse_hand(const char *text, cirnum_card *out, char *why, size_t whylen);

/* One way to reach a circular number: the cards used (bits of the hand's
 * indices), their total, the multiple of the marked number added (0: none). */
typedef struct cirnum_sum {
    unsigned mask;
    int ncards;
    int cards;
    int multiple;
    int target;
    int moves;
} cirnum_sum;

/* Every way the hand can form a circular number, using at least one card;
 * mark > 1 lets a positive multiple of mark be added. Hands that differ only
 * by which of two equal cards is used are listed once. Sorted by target, then
 * by fewer cards, then by the hand's order. Returns a new array of cirnum_sum
 * (caller frees with g_array_free(a, TRUE)). */
GArray *cirnum_sums(const cirnum_card *hand, int n, int mark);

/* True when the hand holds an ace, a five and a six: advancing those three
 * cards lets the player send one opponent's token back to the start. *mask
 * (may be NULL) receives the three cards chosen. */
bool cirnum_move_back(const cirnum_card *hand, int n, unsigned *mask);

/* A marked space of the track: spaces are counted from the start (0) in the
 * direction tokens move (counterclockwise). */
typedef struct cirnum_mark {
    int space, number;
} cirnum_mark;

/* Parses marks written "SPACE:NUMBER" for a track of `spaces` spaces: space 1
 * to spaces-1, each at most once, number CIRNUM_MIN_MARK..CIRNUM_MAX_MARK.
 * Returns the count or -1 with a reason in why. out holds CIRNUM_MAX_MARKS. */
int cirnum_parse_marks(const char *const *items, size_t n, int spaces, cirnum_mark *out, char *why,
                       size_t whylen);

/* The number marked on space, or 0 when it is not marked. */
int cirnum_mark_at(const cirnum_mark *marks, int n, int space);

#endif

/* paper.h: paper sizes by name (a0 to a6, b1 to b6, letter, legal, and the
 * card sizes poker, bridge, tarot and mini) or as WxH with units
 * ("200x150mm", "8.5x11in"), and the printable margin pnpkit never draws into. */
#ifndef PN_PAPER_H
#define PN_PAPER_H

#include <stdbool.h>
#include "util/err.h"

#define PAPER_MIN_MM 20.0 /* a card (cards.h CARDS_MIN_MM) */
#define PAPER_MAX_MM 1200.0
/* Most printers cannot print the outer few millimetres of a sheet. */
#define PAPER_UNPRINTABLE_MM 5.0

/* Portrait size in mm of a paper name or WxH. 0, or -1 with err. */
int paper_size(const char *name, double *w, double *h, pn_err *err);

/* True when name is one of the standard papers (not WxH). */
bool paper_is_named(const char *name);

/* Names of the standard papers, NULL-terminated. */
extern const char *const paper_names[];

#endif

/* fill_sheet.h: what the scored games share to draw a completed sheet into a
 * laid-out template page through its slots (scene/fill.h): what the player
 * wrote in pen (computed false), what pnpkit computed in the second colour
 * (computed true). Private to src/scoring. */
#ifndef PN_SCORING_FILL_SHEET_H
#define PN_SCORING_FILL_SHEET_H

#include <stdbool.h>
#include "scene/fill.h"
#include "scene/scene.h"
#include "util/err.h"

/* Draws into the slot; a missing slot is an error naming it. */
int score_put(scene *s, fill_kind kind, const char *slot, const char *text, bool computed,
              pn_err *err);
/* The same for a slot a template may leave out. */
int score_put_opt(scene *s, fill_kind kind, const char *slot, const char *text, bool computed,
                  pn_err *err);
/* A whole number as text. */
int score_put_int(scene *s, const char *slot, int v, bool computed, pn_err *err);

#endif

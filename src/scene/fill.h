/* fill.h: writing values into a page's slots, as a player would with a pen.
 * What the player wrote is drawn in a handwriting font and pen blue; what was
 * computed (totals, points) in a second, red-brown pen. Marks circle or cross
 * out a slot, and a strike joins two slots (a scoring run). */
#ifndef PN_FILL_H
#define PN_FILL_H

#include <stdbool.h>
#include "scene/scene.h"

typedef enum {
    FILL_TEXT,   /* write text in the slot */
    FILL_CIRCLE, /* draw a ring around the slot */
    FILL_CROSS,  /* cross the slot out */
    FILL_STRIKE, /* a line from the centre of slot to the centre of slot2 */
} fill_kind;

typedef struct fill_item {
    fill_kind kind;
    const char *slot;
    const char *slot2; /* FILL_STRIKE */
    const char *text;  /* FILL_TEXT */
    bool computed;     /* drawn in the computed colour */
} fill_item;

#define FILL_PEN ((pn_rgba){0.08, 0.2, 0.62, 1})
#define FILL_COMPUTED ((pn_rgba){0.72, 0.16, 0.1, 1})

/* Draws one item into s. An unknown slot is an error naming it. */
/* How scene_fill's error for a slot the template lacks begins. */
#define FILL_NO_SLOT "the template has no slot"

int scene_fill(scene *s, const fill_item *item, pn_err *err);

#endif

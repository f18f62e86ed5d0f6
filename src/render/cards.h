/* cards.h: card grids, one card a page, and printer correction. A card grid
 * (render_opts grid_cols x grid_rows) lays every sheet out at the card size
 * and imposes the cards at that very size on the paper, centred, with gutters
 * and cut marks at every trim line outside the block. With a bleed each card
 * is drawn into its trim plus the bleed and clipped there (fills touching the
 * trim reach out to the bleed's edge); the gutter is twice the bleed, or 0
 * for shared cut lines. With backs, every paper of fronts is followed by a
 * paper of backs placed for turning the paper over on its long edge (columns
 * mirrored) or its short edge (rows mirrored). card_single instead puts each
 * card on a page of its own, trim plus bleed with the print-shop boxes, its
 * back on the next. Printer correction scales and moves every paper of a
 * document (render_adjust). */
#ifndef PN_CARDS_H
#define PN_CARDS_H

#include "backend/backend.h"
#include "render/render.h"

#define CARDS_MAX_SIDE 10 /* cards across or down a paper */
#define CARDS_MIN_MM 20.0 /* a card's side */
#define CARDS_MAX_MM 300.0
#define CARDS_MAX_GUTTER 20.0 /* mm */
#define CARDS_MAX_OFFSET 20.0 /* mm, each way */
#define CARDS_MIN_SCALE 0.8
#define CARDS_MAX_SCALE 1.2

/* Renders t's cards with be (checked by the caller) as o says. */
int render_cards(tmpl *t, const render_opts *o, const pn_backend *be, pn_err *err);

/* Pages the card document will have: papers of fronts, each followed by one
 * of backs when o->backs is set. -1 with err. */
int render_cards_papers(tmpl *t, const render_opts *o, pn_err *err);

/* s scaled and moved by o's printer correction; s itself when there is none.
 * s is freed when a new scene is returned; NULL with err. */
scene *render_adjust(const render_opts *o, scene *s, pn_err *err);

/* (render.c) Opens backend be for o's output (format, paper, fonts of t and o->backs)
 * to take `pages` pages like first (its size: a PNG document is refused when
 * its pixels would pass RENDER_MAX_DOC_PIXELS). The backend's handle, or NULL
 * with err. */
void *render_open(const pn_backend *be, const tmpl *t, const render_opts *o, const scene *first,
                  int pages, pn_err *err);

#endif

/* fill_sheet.h: drawing a scored sheet into a laid-out template page through
 * its slots (scene/fill.h): what the player wrote in pen, what pnpkit computed
 * in the second colour. Slots the games need are listed with each function;
 * a template without one of the required slots is an error naming it. */
#ifndef PN_SHEETS_FILL_H
#define PN_SHEETS_FILL_H

#include "sheets/sheets.h"
#include "template/tmpl.h"

/* Circle 36: every written number in its space (R1.., B1.., G1.., Y), area
 * totals and points (total.<area>, points.<area>), red_upper, the printed bonus
 * 3 circled or crossed out (bonus), earned, penalty, total; optional slots:
 * player, date, combos and combo_penalty, and with rounds the dice in
 * roll<k>.a / roll<k>.b, the die used circled, and a ComboCircle around
 * roll<k> (and around the space it filled, except the centre). */
int c36_fill(scene *s, const c36_input *in, const c36_score *sc, pn_err *err);

/* The circle36 variant a template draws: its rings, sectors and target
 * parameters (the rule sheet's 3, 8, 36 where a parameter is missing). */
int c36_template_variant(const tmpl *t, c36_variant *v, pn_err *err);

/* DiCroNo, game g of a set: X and O in cell.<col>.<row>, each run struck
 * through, the score table up to game g (g<r>.X.points, g<r>.X.pen1..3 crossed
 * for penalties, g<r>.X.subtotal, the same for O, g<r>.next), total.X and
 * total.O after game g, and player.X / player.O when named. */
int dc_fill(scene *s, const dc_input *in, const dc_game_score *scores, int g, pn_err *err);
/* Sets the template's size and games parameters for the set. */
int dc_template_params(tmpl *t, const dc_input *in, pn_err *err);

/* Cirplexed: the tiles go in as template parameters (players, palette,
 * tiles1..); the fill writes names and scores (b<i>.name, .circles,
 * .three_quarter, .half, .rank) and circles every complete single-colour
 * circle (b<i>.pt.<x>.<y>). */
int cpx_template_params(tmpl *t, const cpx_input *in, pn_err *err);
int cpx_fill(scene *s, const cpx_input *in, const cpx_points *points, pn_err *err);

#endif

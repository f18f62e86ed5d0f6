/* games.h: each scored game's own functions, for the registry entries
 * (scoring.h) and for tests and tools that want one game directly: reading a
 * player's sheet (YAML) into the game's plain struct, the JSON and table
 * reports, and drawing the completed sheet into a template page.
 *
 * The loaders check everything the rules require (docs/formats.md and the
 * games' notes in seeds/) and report the offending node as
 * "file:line:col: message" counted from the start of the stream: a scalar at
 * its first character, a list or mapping at its key's line (at the '[' or '{'
 * when it starts there), a row of a DiCroNo grid block at that row's line.
 *
 * Circle 36 sheets of the usual shape (keys with plain numbers or flow lists on
 * one line each) are read by a small direct parser; any other document, and
 * any document that parser does not accept, goes through libfyaml, which alone
 * writes error messages. Both give the same struct for the same document.
 *
 * Reports: the JSON object of docs/formats.md (keys in its order, one line, no
 * trailing newline) and a readable table like the sheet's own score box (lines
 * ending in '\n'), appended to a caller-owned GString.
 *
 * Completed sheets: what the player wrote in pen, what pnpkit computed in the
 * second colour; a template without one of the required slots is an error
 * naming it. */
#ifndef PN_SCORING_GAMES_H
#define PN_SCORING_GAMES_H

#include <glib.h>
#include <stdbool.h>
#include <stddef.h>
#include "games/c36.h"
#include "games/cirplexed.h"
#include "games/dicrono.h"
#include "scene/scene.h"
#include "template/tmpl.h"
#include "util/err.h"
#include "util/yml_docs.h"

#define SHEET_MAX_NAME 200 /* bytes in a player's name */

/* ---- Circle 36 ---- */

typedef struct c36_input {
    c36_sheet sheet;
    char player[SHEET_MAX_NAME + 1]; /* "" when not given */
    char date[SHEET_MAX_NAME + 1];
    bool has_player;
} c36_input;

/* Reads and checks one Circle 36 sheet for variant v (rings must match). */
int c36_load(const yml_doc *d, const c36_variant *v, c36_input *out, pn_err *err);
/* The same through libfyaml only (for tests comparing the two readers). */
int c36_load_slow(const yml_doc *d, const c36_variant *v, c36_input *out, pn_err *err);
/* The direct parser alone: 1 when it read the document (out filled), 0 when
 * the document is left to libfyaml. Never sets an error. */
int c36_load_fast(const yml_doc *d, const c36_variant *v, c36_input *out);
void c36_report_json(GString *out, const c36_input *in, const c36_score *sc);
void c36_report_table(GString *out, const c36_input *in, const c36_score *sc);
/* The sheet as read, in its file's keys (sheet_json.c); empty spaces null. */
void c36_sheet_json(GString *out, const c36_input *in);
/* Every written number in its space (R1.., B1.., G1.., Y), area totals and
 * points (total.<area>, points.<area>), red_upper, the printed bonus 3 circled
 * or crossed out (bonus), earned, penalty, total; optional slots: player, date,
 * combos and combo_penalty, and with rounds the dice in roll<k>.a / roll<k>.b,
 * the die used circled, and a ComboCircle around roll<k> (and around the space
 * it filled, except the centre). */
int c36_fill(scene *s, const c36_input *in, const c36_score *sc, pn_err *err);
/* The circle36 variant a template draws: its rings, sectors and target
 * parameters (the rule sheet's 3, 8, 36 where a parameter is missing). */
int c36_template_variant(const tmpl *t, c36_variant *v, pn_err *err);

/* ---- DiCroNo ---- */

typedef struct dc_input {
    int ngames;
    dc_game games[DC_MAX_GAMES];
    char names[2][SHEET_MAX_NAME + 1]; /* "" when not given */
} dc_input;

int dc_load(const yml_doc *d, dc_input *out, pn_err *err);
/* scores: one per game of in (dc_score_set). */
void dc_report_json(GString *out, const dc_input *in, const dc_game_score *scores);
void dc_report_table(GString *out, const dc_input *in, const dc_game_score *scores);
/* The set as read: names, and each game's first, grid rows and penalties. */
void dc_sheet_json(GString *out, const dc_input *in);
/* Game g of a set: X and O in cell.<col>.<row>, each run struck through, the
 * score table up to game g (g<r>.X.points, g<r>.X.pen1..3 crossed for
 * penalties, g<r>.X.subtotal, the same for O, g<r>.next), total.X and total.O
 * after game g, and player.X / player.O when named. */
int dc_fill(scene *s, const dc_input *in, const dc_game_score *scores, int g, pn_err *err);
/* Sets the template's size and games parameters for the set. */
int dc_template_params(tmpl *t, const dc_input *in, pn_err *err);

/* ---- Cirplexed ---- */

typedef struct cpx_input {
    int ncolors;
    char colors[CPX_MAX_COLORS][64];
    int nplayers;
    char names[CPX_MAX_PLAYERS][SHEET_MAX_NAME + 1];
    int ntiles[CPX_MAX_PLAYERS];
    cpx_placed *tiles[CPX_MAX_PLAYERS]; /* owned: cpx_input_clear frees */
} cpx_input;

int cpx_load(const yml_doc *d, cpx_input *out, pn_err *err);
void cpx_input_clear(cpx_input *in);
/* points: one per player of in, ranked (cpx_rank). */
void cpx_report_json(GString *out, const cpx_input *in, const cpx_points *points);
void cpx_report_table(GString *out, const cpx_input *in, const cpx_points *points);
/* The boards as read: colours, and each player's tiles by colour name. */
void cpx_sheet_json(GString *out, const cpx_input *in);
/* The tiles go in as template parameters (players, palette, tiles1..); the
 * fill writes names and scores (b<i>.name, .circles, .three_quarter, .half,
 * .rank) and circles every complete single-colour circle (b<i>.pt.<x>.<y>). */
int cpx_template_params(tmpl *t, const cpx_input *in, pn_err *err);
int cpx_fill(scene *s, const cpx_input *in, const cpx_points *points, pn_err *err);

#endif

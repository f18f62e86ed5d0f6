/* report.h: a scored sheet as text: the JSON object SPEC.md defines (keys in
 * its order, extra keys after them, one line, no trailing newline) and a
 * readable table like the sheet's own score box (lines ending in '\n').
 * Everything is appended to a caller-owned GString. */
#ifndef PN_SHEETS_REPORT_H
#define PN_SHEETS_REPORT_H

#include <glib.h>
#include "sheets/sheets.h"

/* A JSON string literal for UTF-8 text (quotes included). */
void report_json_string(GString *out, const char *s);

void c36_report_json(GString *out, const c36_input *in, const c36_score *sc);
void c36_report_table(GString *out, const c36_input *in, const c36_score *sc);

/* scores: one per game of in (dc_score_set). */
void dc_report_json(GString *out, const dc_input *in, const dc_game_score *scores);
void dc_report_table(GString *out, const dc_input *in, const dc_game_score *scores);

/* points: one per player of in, ranked (cpx_rank). */
void cpx_report_json(GString *out, const cpx_input *in, const cpx_points *points);
void cpx_report_table(GString *out, const cpx_input *in, const cpx_points *points);

#endif

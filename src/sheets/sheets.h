/* sheets.h: reading players' sheets (YAML) into the games' plain structs.
 *
 * A sheet file is a stream of YAML documents separated by "---"; the reader
 * hands out one document at a time with the number of lines before it, so any
 * problem is reported as "file:line:col: message" counted from the start of the
 * stream, whatever document it is in. Memory stays flat however long the
 * stream is. The loaders check everything the rules require (SPEC.md and
 * the games' notes in seeds/) and report the offending node: a scalar at its first character,
 * a list or mapping at its key's line (at the '[' or '{' when it starts there),
 * a row of a DiCroNo grid block at that row's line.
 *
 * Circle 36 sheets of the usual shape (keys with plain numbers or flow lists on
 * one line each) are read by a small direct parser; any other document, and
 * any document that parser does not accept, goes through libfyaml, which alone
 * writes error messages. Both give the same struct for the same document. */
#ifndef PN_SHEETS_H
#define PN_SHEETS_H

#include <stdbool.h>
#include <stddef.h>
#include "games/c36.h"
#include "games/cirplexed.h"
#include "games/dicrono.h"
#include "util/err.h"

#define SHEET_MAX_NAME 200 /* bytes in a player's name */

/* ---- documents ---- */

typedef struct sheet_reader sheet_reader;

/* One document of a stream: text (not NUL-terminated inside the stream, but
 * text[len] is '\0'), the number of lines before it, and the file name used in
 * messages ("<stdin>" for "-"). Borrowed until the next call or close. */
typedef struct sheet_doc {
    const char *text;
    size_t len;
    int line0;
    const char *file;
    int index; /* 0-based document number */
} sheet_doc;

/* Opens path ("-" reads standard input). NULL with err (PN_EIO) on failure. */
sheet_reader *sheet_reader_open(const char *path, pn_err *err);
/* 1: *doc holds the next document; 0: end of stream; -1: err is set. */
int sheet_reader_next(sheet_reader *r, sheet_doc *doc, pn_err *err);
void sheet_reader_close(sheet_reader *r);

/* ---- Circle 36 ---- */

typedef struct c36_input {
    c36_sheet sheet;
    char player[SHEET_MAX_NAME + 1]; /* "" when not given */
    char date[SHEET_MAX_NAME + 1];
    bool has_player;
} c36_input;

/* Reads and checks one Circle 36 sheet for variant v (rings must match). */
int c36_load(const sheet_doc *d, const c36_variant *v, c36_input *out, pn_err *err);
/* The same through libfyaml only (for tests comparing the two readers). */
int c36_load_slow(const sheet_doc *d, const c36_variant *v, c36_input *out, pn_err *err);
/* The direct parser alone: 1 when it read the document (out filled), 0 when
 * the document is left to libfyaml. Never sets an error. */
int c36_load_fast(const sheet_doc *d, const c36_variant *v, c36_input *out);

/* ---- DiCroNo ---- */

typedef struct dc_input {
    int ngames;
    dc_game games[DC_MAX_GAMES];
    char names[2][SHEET_MAX_NAME + 1]; /* "" when not given */
} dc_input;

int dc_load(const sheet_doc *d, dc_input *out, pn_err *err);

/* ---- Cirplexed ---- */

typedef struct cpx_input {
    int ncolors;
    char colors[CPX_MAX_COLORS][64];
    int nplayers;
    char names[CPX_MAX_PLAYERS][SHEET_MAX_NAME + 1];
    int ntiles[CPX_MAX_PLAYERS];
    cpx_placed *tiles[CPX_MAX_PLAYERS]; /* owned: cpx_input_clear frees */
} cpx_input;

int cpx_load(const sheet_doc *d, cpx_input *out, pn_err *err);
void cpx_input_clear(cpx_input *in);

#endif

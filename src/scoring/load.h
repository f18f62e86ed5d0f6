/* load.h: what the sheet loaders share (private to src/scoring) beyond the
 * typed node readers and positioned errors of util/yml.h. */
#ifndef PN_SCORING_LOAD_H
#define PN_SCORING_LOAD_H

#include "scoring/games.h"
#include "util/yml.h"

typedef struct sheet_ctx {
    const yml_doc *d;
    pn_yml *y; /* owned by the loader that made the context */
} sheet_ctx;

/* The root mapping, checked against the allowed keys (NULL-terminated). */
struct fy_node *sheet_root(const sheet_ctx *cx, const char *const *keys, pn_err *err);
/* A "game:" value, when present, must be `game`. */
int sheet_game(const sheet_ctx *cx, struct fy_node *root, const char *game, pn_err *err);
/* The text of line `line` (1-based) of the document, and its length without
 * the line break; NULL past the end. */
const char *sheet_line(const sheet_ctx *cx, int line, size_t *len);

#endif

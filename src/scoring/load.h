/* load.h: helpers the sheet loaders share (private to src/scoring): placing
 * errors at nodes, counted from the start of the stream the document came
 * from. */
#ifndef PN_SCORING_LOAD_H
#define PN_SCORING_LOAD_H

#include "scoring/games.h"
#include "util/yml.h"

typedef struct sheet_ctx {
    const yml_doc *d;
    pn_yml *y; /* owned by the loader that made the context */
} sheet_ctx;

/* 1-based line and column of n within the document (see games.h for where
 * lists and mappings are placed). */
void sheet_pos(const sheet_ctx *cx, struct fy_node *n, int *line, int *col);
/* "file:line:col: message" at n; returns -1. */
int sheet_err(const sheet_ctx *cx, pn_err *err, struct fy_node *n, const char *fmt, ...)
    PN_PRINTF(4, 5);
/* The same at a line and column of the document (1-based). */
int sheet_err_at(const sheet_ctx *cx, pn_err *err, int line, int col, const char *fmt, ...)
    PN_PRINTF(5, 6);

/* Every key of mapping m is one of keys (NULL-terminated) and appears once. */
int sheet_check_keys(const sheet_ctx *cx, struct fy_node *m, const char *const *keys, pn_err *err);
/* The root mapping, checked against the allowed keys (NULL-terminated). */
struct fy_node *sheet_root(const sheet_ctx *cx, const char *const *keys, pn_err *err);
/* A whole number in min..max, named `what` in messages. */
int sheet_int(const sheet_ctx *cx, struct fy_node *n, long min, long max, const char *what,
              long *out, pn_err *err);
/* A text value of at most SHEET_MAX_NAME bytes copied into buf. */
int sheet_text(const sheet_ctx *cx, struct fy_node *n, const char *what, char *buf, pn_err *err);
/* A "game:" value, when present, must be `game`. */
int sheet_game(const sheet_ctx *cx, struct fy_node *root, const char *game, pn_err *err);
/* n must be a list; its item count must be in min..max. Returns the count or -1. */
int sheet_list(const sheet_ctx *cx, struct fy_node *n, int min, int max, const char *what,
               pn_err *err);

/* The text of line `line` (1-based) of the document, and its length without
 * the line break; NULL past the end. */
const char *sheet_line(const sheet_ctx *cx, int line, size_t *len);

#endif

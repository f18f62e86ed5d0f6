/* yml.h: reading YAML through libfyaml with the limits and the error style
 * pnpkit needs: every problem is reported as "file:line:col: message" (1-based),
 * and sizes are bounded. Anchors (&name), aliases (*name) and merge keys
 * ("<<: *name") are expanded when the document is built, after the first
 * pass has counted what they expand to against the node and nesting limits
 * (so an alias bomb is refused before anything is expanded).
 *
 * Limits are checked before a document is built, so hostile input costs little:
 * the bytes first (size, NUL, UTF-8, line length, tabs), then a pass over the
 * parser's events (syntax, nodes, nesting, scalar length), and only then the
 * tree. The first pass runs in a helper process (yml_scan.h) because libfyaml
 * 0.7 can crash on some malformed input; a text that passed it has no syntax
 * error left for the build to stumble on. */
#ifndef PN_YML_H
#define PN_YML_H

#include <libfyaml.h>
#include <stdbool.h>
#include <stddef.h>
#include "util/err.h"

#define PN_YML_MAX_BYTES (16u << 20) /* a file or a stream of documents */
#define PN_YML_MAX_LINE 16384        /* bytes in one line */
#define PN_YML_MAX_SCALAR 65536      /* bytes in one scalar, as written */
#define PN_YML_MAX_NODES 50000       /* nodes (scalars and collections) in one document */
#define PN_YML_MAX_DEPTH 32          /* nesting of collections */
#define PN_YML_MAX_KEYS 1000         /* keys in one mapping */
#define PN_YML_MAX_DOCS 10000        /* documents in one stream */

/* One parsed document. Created by the loaders below, freed by pn_yml_free. */
typedef struct pn_yml {
    struct fy_document *fyd;
    char *file;       /* name used in messages; owned */
    char *buf;        /* the text the document points into; owned */
    int line0;        /* lines before the document in its file (pn_yml_err adds them) */
    bool in_stream;   /* one document of a stream: an unknown place is its start */
    bool at_brackets; /* place a flow collection on its key's line at its [ or { */
} pn_yml;

/* Loads the single document in a file ("-" reads standard input) or in a buffer
 * (copied: buf need not outlive the call). name is used in messages. Returns
 * NULL and sets err on failure. Caller frees. */
pn_yml *pn_yml_load_file(const char *path, pn_err *err);

/* Reads a whole file (or stdin for "-") of at most max bytes, stopping at the
 * first byte past them ("file too large"). Caller g_free()s; the text is
 * NUL-terminated. NULL with err. */
char *pn_yml_read_file(const char *path, size_t max, size_t *len, pn_err *err);
pn_yml *pn_yml_load_buffer(const char *name, const char *buf, size_t len, pn_err *err);
/* The same for text built into pnpkit (an embedded template): checked when
 * pnpkit was built, so its first pass runs in this process, not the helper. */
pn_yml *pn_yml_load_builtin(const char *name, const char *buf, size_t len, pn_err *err);
void pn_yml_free(pn_yml *y);

/* The root node (may be NULL for an empty document). Borrowed from y. */
struct fy_node *pn_yml_root(const pn_yml *y);

/* 1-based line and column of a node's start (0, 0 for NULL). */
void pn_yml_mark(struct fy_node *n, int *line, int *col);
/* Where an error at n is placed (1-based, within the document): a scalar at
 * its first character, a collection at its key (with at_brackets, at its '['
 * or '{' when it opens on the key's line), any other collection at its first
 * item. */
void pn_yml_place(const pn_yml *y, struct fy_node *n, int *line, int *col);
/* Sets err to "file:line:col: message" at node n (lines counted from the
 * start of the file, see line0); returns -1. */
int pn_yml_err(pn_err *err, const pn_yml *y, struct fy_node *n, const char *fmt, ...)
    PN_PRINTF(4, 5);
/* The same at a line and column of the document (1-based). */
int pn_yml_err_at(pn_err *err, const pn_yml *y, int line, int col, const char *fmt, ...)
    PN_PRINTF(5, 6);

/* When n is an empty value whose line goes on with a comment right after its
 * key ("fill: #ff0000": YAML reads a '#' after a space as a comment), true
 * with the comment's first word in word and its place (1-based, in the file). */
bool pn_yml_comment_value(const pn_yml *y, struct fy_node *n, char *word, size_t size, int *line,
                          int *col);

/* Scalar text of n (NUL-terminated, borrowed), or NULL when n is not a scalar. */
const char *pn_yml_scalar(struct fy_node *n);
/* True for a missing node, an empty plain scalar, "~" or "null". */
bool pn_yml_is_null(struct fy_node *n);
/* Value of key in mapping m, or NULL. */
struct fy_node *pn_yml_get(struct fy_node *m, const char *key);

/* Typed readers: on failure they set err at the node and return -1. `what`
 * (may be NULL) names the value at the start of the message ("rows: ..."). */
/* A plain whole number in min..max (a quoted "5" is text). */
int pn_yml_int(const pn_yml *y, struct fy_node *n, long min, long max, long *out, pn_err *err);
int pn_yml_int_named(const pn_yml *y, struct fy_node *n, long min, long max, const char *what,
                     long *out, pn_err *err);
/* Text of fewer than size bytes, valid UTF-8 without control characters
 * (C0, DEL, C1, NUL, nor the marks that reorder text on a screen), copied
 * into buf. */
int pn_yml_text(const pn_yml *y, struct fy_node *n, const char *what, char *buf, size_t size,
                pn_err *err);
/* A list of min..max items: returns the count, or -1. */
int pn_yml_list(const pn_yml *y, struct fy_node *n, int min, int max, const char *what,
                pn_err *err);
int pn_yml_bool(const pn_yml *y, struct fy_node *n, bool *out, pn_err *err);
int pn_yml_str(const pn_yml *y, struct fy_node *n, const char **out, pn_err *err);
int pn_yml_expect(const pn_yml *y, struct fy_node *n, enum fy_node_type type, const char *what,
                  pn_err *err);
/* Every key of mapping m must be in allowed (NULL-terminated) and appear once. */
int pn_yml_check_keys(const pn_yml *y, struct fy_node *m, const char *const *allowed, pn_err *err);

#endif

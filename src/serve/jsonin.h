/* jsonin.h: the strict JSON reader of 'pnpkit serve' request bodies
 * (RFC 8259, nothing more): one value, then only white space; no comments,
 * no single quotes, no duplicate keys in an object, no NUL in a string
 * (written as \u0000), no unpaired surrogate, valid UTF-8. Nesting is
 * counted before each level is entered, so no body can drive the reader
 * deeper than SERVE_JSON_MAX_DEPTH, and the work is linear in the body's size.
 * The tree is json-glib's (JsonNode); numbers keep the text the client wrote
 * (serve_json_number_text), so a value out of range is reported as sent. */
#ifndef PN_SERVE_JSONIN_H
#define PN_SERVE_JSONIN_H

#include <json-glib/json-glib.h>
#include <stddef.h>

#define SERVE_JSON_MAX_DEPTH 32 /* arrays and objects inside each other */
/* Values in one body (every number, string, array ... counts): each is a
 * node of some 170 bytes, so a 1 MiB body of 524 000 numbers took 88 MB, and
 * sixteen of them waiting for the engine 1.5 GB. A list parameter holds at
 * most 1000 items; the largest request pnpkit's page sends holds a few
 * hundred values. */
#define SERVE_JSON_MAX_VALUES 20000

typedef struct serve_json serve_json;

/* Reads len bytes of text. Returns the document (free with serve_json_free),
 * or NULL with a message "line L, column C: what is wrong" in msg. */
serve_json *serve_json_read(const char *text, size_t len, char *msg, size_t size);
void serve_json_free(serve_json *j);
/* The root value. Borrowed from j. */
JsonNode *serve_json_root(const serve_json *j);
/* The number n as the client wrote it ("1e-320", "99999999999999999999"), or
 * NULL when n is not a number of j. Borrowed from j. A whole number that
 * fits in 64 bits is a G_TYPE_INT64 value; any other number a G_TYPE_DOUBLE. */
const char *serve_json_number_text(const serve_json *j, JsonNode *n);

#endif

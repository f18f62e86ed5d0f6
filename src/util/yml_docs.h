/* yml_docs.h: the one reader of multi-document YAML streams (players' sheets,
 * Thinking In Circles positions): a stream of documents separated by "---",
 * handed out one document at a time with the number of lines before it, so a
 * problem is reported as "file:line:col: message" counted from the start of
 * the stream, whatever document it is in. Memory stays flat however long the
 * stream is; each document is at most PN_YML_MAX_BYTES. */
#ifndef PN_YML_DOCS_H
#define PN_YML_DOCS_H

#include <stddef.h>
#include "util/err.h"
#include "util/yml.h"

typedef struct yml_docs yml_docs;

/* One document of a stream: text (text[len] is '\0'), the number of lines
 * before it, and the name used in messages ("<stdin>" for "-"). Borrowed
 * until the next call or close. */
typedef struct yml_doc {
    const char *text;
    size_t len;
    int line0;
    const char *file;
    int index; /* 0-based document number */
} yml_doc;

/* Opens path ("-" reads standard input). NULL with err (PN_EIO) on failure.
 * Close with yml_docs_close. */
yml_docs *yml_docs_open(const char *path, pn_err *err);
/* The same over text in memory (borrowed: it must outlive the reader); name
 * is used in messages. */
yml_docs *yml_docs_open_text(const char *name, const char *text, size_t len, pn_err *err);
/* 1: *doc holds the next document; 0: end of stream; -1: err is set. */
int yml_docs_next(yml_docs *r, yml_doc *doc, pn_err *err);
void yml_docs_close(yml_docs *r);
/* The name used in messages. Borrowed from r. */
const char *yml_docs_name(const yml_docs *r);

/* Parses one document with libfyaml; NULL with err, its place counted from
 * the stream's start. A document of only blank lines, comments and markers is
 * "the WHAT is empty" at its first line. The caller frees with pn_yml_free. */
pn_yml *yml_doc_parse(const yml_doc *d, const char *what, pn_err *err);

#endif

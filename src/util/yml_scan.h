/* yml_scan.h: the first pass over YAML text nobody has checked yet (private to
 * src/util/yml.c). It refuses what the limits in yml.h forbid before libfyaml
 * builds anything, and it finds syntax errors in a helper process.
 *
 * Why a helper process: libfyaml 0.7 (the Debian 12 version) can crash while it
 * reports or cleans up after some syntax errors in malformed input, for
 * instance reading past a buffer when it displays an error's source line. The
 * first pass therefore runs in a child process forked once and reused for every
 * later text; it reports the first error with its place, or, when the parser
 * dies, the last place it got to. Text that passed it has no syntax error, so
 * building it in pnpkit's own process never enters those paths. When no child
 * can be made, the pass runs in-process. */
#ifndef PN_YML_SCAN_H
#define PN_YML_SCAN_H

#include <libfyaml.h>
#include <stdbool.h>
#include <stddef.h>
#include "util/err.h"

/* The first error a libfyaml parser reports, taken from its text output. */
typedef struct yml_first_error {
    bool got;
    int line, col; /* 1-based; 0 when unknown */
    char msg[256];
} yml_first_error;

/* A diagnostic object that records the first error in f (which must outlive
 * it). Release with fy_diag_unref. */
struct fy_diag *yml_diag_new(yml_first_error *f);
/* Sets err to "file:line:col: invalid YAML: message"; returns -1. */
int yml_diag_err(const yml_first_error *f, const char *file, pn_err *err);

/* Where the first pass stopped. */
typedef struct yml_scan_stop {
    int doc;    /* 0-based index of the document with the problem */
    size_t pos; /* byte offset where that document starts */
} yml_scan_stop;

/* The whole first pass over text: bytes, then events. 0 when every document
 * is free of syntax errors and within the limits; otherwise -1 with err and
 * *stop saying which document. */
int yml_scan(const char *file, const char *text, size_t len, yml_scan_stop *stop, pn_err *err);

/* The same pass in this process, for text built into pnpkit: its templates
 * were checked when pnpkit was built and tested, and starting the helper
 * (a fork, a round trip and a wait at exit) took a quarter of the time of
 * rendering a built-in sheet. */
int yml_scan_here(const char *file, const char *text, size_t len, yml_scan_stop *stop, pn_err *err);

/* Ends the helper process, if one runs (for tests; it also ends by itself
 * when pnpkit exits). */
void yml_scan_shutdown(void);

#endif

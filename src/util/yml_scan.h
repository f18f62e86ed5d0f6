/* yml_scan.h: the first pass over YAML text nobody has checked yet (private to
 * src/util/yml.c). It refuses what the limits in yml.h forbid before libfyaml
 * builds anything, and it refuses every syntax error before libfyaml sees it.
 *
 * Why: libfyaml 0.7 (the Debian 12 version) can crash while it reports or
 * cleans up after some syntax errors in malformed input, for instance reading
 * past a buffer when it displays an error's source line. So untrusted text is
 * first parsed by libyaml (long fuzzed under OSS-Fuzz; it keeps line and
 * column marks), in this process, with nothing built: a syntax error is
 * reported with libyaml's place and message, and libfyaml only ever reads text
 * libyaml accepted. The library never starts a process for this. */
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

/* The whole first pass over untrusted text: bytes, libyaml's syntax check,
 * then libfyaml's events against the limits. 0 when every document is free of
 * syntax errors and within the limits; otherwise -1 with err and *stop saying
 * which document. Reentrant: no state outside the call. */
int yml_scan(const char *file, const char *text, size_t len, yml_scan_stop *stop, pn_err *err);

/* The same without libyaml, for text built into pnpkit: its templates were
 * checked when pnpkit was built and tested. */
int yml_scan_builtin(const char *file, const char *text, size_t len, yml_scan_stop *stop,
                     pn_err *err);

#endif

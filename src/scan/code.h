/* code.h: reading the text of a sheet's QR code, "pnpkit:1/NAME?k=v&k=v"
 * (render/marks.h writes it): the template (a name, or "@" and a hash of a
 * template file's text) and the settings that rebuild the sheet.
 *
 * Ownership: scan_code_parse returns a struct the caller frees with
 * scan_code_free; its strings belong to it. */
#ifndef PNPKIT_SCAN_CODE_H
#define PNPKIT_SCAN_CODE_H

#include "util/err.h"

#define SCAN_CODE_MAX_PAIRS 64

typedef struct scan_code {
    char *name; /* a template name, or NULL for a template file */
    char *hash; /* the file's hash (16 hex digits), or NULL */
    int n;
    char *key[SCAN_CODE_MAX_PAIRS];
    char *value[SCAN_CODE_MAX_PAIRS];
} scan_code;

/* NULL with err (PN_EINPUT) when text is not a pnpkit sheet's code. */
scan_code *scan_code_parse(const char *text, pn_err *err);
/* The value of key, or NULL. */
const char *scan_code_get(const scan_code *c, const char *key);
void scan_code_free(scan_code *c);

#endif

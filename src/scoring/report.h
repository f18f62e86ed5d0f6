/* report.h: what the scored games' reports share (private to src/scoring):
 * JSON numbers and strings appended to a caller-owned GString. */
#ifndef PN_SCORING_REPORT_H
#define PN_SCORING_REPORT_H

#include <glib.h>
#include <stdbool.h>

/* A whole number, without printf (this runs for every sheet). */
void report_add_int(GString *out, int v);
/* "key":value, with a leading comma unless first. */
void report_key_int(GString *out, const char *key, int v, bool first);
/* A JSON string literal for UTF-8 text (quotes included). */
void report_json_string(GString *out, const char *s);

#endif

/* report.h: what the scored games' reports share (private to src/scoring):
 * JSON numbers appended to a caller-owned GString; strings go through
 * pn_json_string (util/json.h). */
#ifndef PN_SCORING_REPORT_H
#define PN_SCORING_REPORT_H

#include <glib.h>
#include <stdbool.h>
#include "util/json.h"

/* A whole number, without printf (this runs for every sheet). */
void report_add_int(GString *out, int v);
/* "key":value, with a leading comma unless first. */
void report_key_int(GString *out, const char *key, int v, bool first);

#endif

/* json.h: JSON text for pnpkit's machine-readable output. Strings are
 * escaped by json-glib (never by hand); the callers write the fixed keys and
 * whole numbers of their objects themselves, in the documented order. */
#ifndef PN_JSON_H
#define PN_JSON_H

#include <glib.h>

/* Appends s (UTF-8) as a JSON string literal, quotes included: '"', '\\' and
 * every control character escaped. */
void pn_json_string(GString *out, const char *s);

#endif

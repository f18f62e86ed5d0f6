/* report.c: what the games' reports share: JSON numbers (strings: util/json.h). */
#include "scoring/report.h"

#include <stdio.h>
#include <string.h>

/* Appends a whole number without printf (this runs for every sheet). */
void report_add_int(GString *out, int v)
{
    char buf[16];
    int n = 0;
    unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
    do {
        buf[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0) g_string_append_c(out, '-');
    while (n)
        g_string_append_c(out, buf[--n]);
}

/* "key":value with a leading comma unless first. */
void report_key_int(GString *out, const char *key, int v, bool first)
{
    if (!first) g_string_append_c(out, ',');
    g_string_append_c(out, '"');
    g_string_append(out, key);
    g_string_append(out, "\":");
    report_add_int(out, v);
}

/* report.c: what the games' reports share: JSON numbers and strings. */
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

void report_json_string(GString *out, const char *s)
{
    g_string_append_c(out, '"');
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"':
            g_string_append(out, "\\\"");
            break;
        case '\\':
            g_string_append(out, "\\\\");
            break;
        case '\n':
            g_string_append(out, "\\n");
            break;
        case '\t':
            g_string_append(out, "\\t");
            break;
        case '\r':
            g_string_append(out, "\\r");
            break;
        default:
            if (*p < 0x20)
                g_string_append_printf(out, "\\u%04x", *p);
            else
                g_string_append_c(out, (char)*p);
        }
    }
    g_string_append_c(out, '"');
}

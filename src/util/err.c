/* err.c: filling in pn_err values. */
#include "util/err.h"

#include <glib.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* A message is one line of valid UTF-8 whatever the input held: control
 * characters (a value with a newline in it) and bytes that are not UTF-8 (an
 * argument in Latin-1) are written as escapes, and a message cut short by the
 * buffer ends at a whole character. */
static void tidy(pn_err *err)
{
    char out[sizeof err->msg];
    size_t o = 0, len = strlen(err->msg);
    for (const char *p = err->msg; *p;) {
        unsigned char c = (unsigned char)*p;
        gunichar u = g_utf8_get_char_validated(p, (gssize)(len - (size_t)(p - err->msg)));
        size_t n = u < 0x80 ? 1 : u < 0x110000 ? (size_t)(g_utf8_next_char(p) - p) : 0;
        if (n && u >= 0x20 && u != 0x7f) { /* a whole, printable character */
            if (o + n >= sizeof out) break;
            memcpy(out + o, p, n);
            o += n;
            p += n;
            continue;
        }
        if (o + 4 >= sizeof out) break;
        if (c == '\n' || c == '\t' || c == '\r')
            o += (size_t)snprintf(out + o, sizeof out - o, "\\%c",
                                  c == '\n'   ? 'n'
                                  : c == '\t' ? 't'
                                              : 'r');
        else
            o += (size_t)snprintf(out + o, sizeof out - o, "\\x%02x", c);
        p++;
    }
    out[o] = '\0';
    memcpy(err->msg, out, o + 1);
}

int pn_err_set(pn_err *err, pn_status status, const char *fmt, ...)
{
    if (!err) return -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    err->status = status;
    tidy(err);
    return -1;
}

int pn_err_at(pn_err *err, const char *file, int line, int col, const char *fmt, ...)
{
    if (!err) return -1;
    int n;
    if (line > 0)
        n = snprintf(err->msg, sizeof err->msg, "%s:%d:%d: ", file ? file : "<input>", line,
                     col > 0 ? col : 1);
    else
        n = snprintf(err->msg, sizeof err->msg, "%s: ", file ? file : "<input>");
    if (n < 0 || (size_t)n >= sizeof err->msg) n = 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg + n, sizeof err->msg - (size_t)n, fmt, ap);
    va_end(ap);
    err->status = PN_EINPUT;
    tidy(err);
    return -1;
}

void pn_err_clear(pn_err *err)
{
    if (!err) return;
    err->status = PN_OK;
    err->msg[0] = '\0';
}

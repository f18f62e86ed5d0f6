/* err.c: filling in pn_err values. */
#include "util/err.h"

#include <glib.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

void pn_err_shorten(char *dst, size_t size, const char *text)
{
    size_t len = strlen(text);
    if (len < size) {
        memcpy(dst, text, len + 1);
        return;
    }
    size_t keep = (size - 4) / 2; /* each side of the 3-byte ellipsis */
    const char *head = text + keep, *tail = text + len - keep;
    while (head > text && ((unsigned char)*head & 0xC0) == 0x80)
        head--;
    while (((unsigned char)*tail & 0xC0) == 0x80)
        tail++;
    snprintf(dst, size, "%.*s\xe2\x80\xa6%s", (int)(head - text), text, tail);
}

/* Characters a message shows as \uXXXX: C1 controls, the line and paragraph
 * separators (a line break to some readers), and the marks and overrides
 * that turn text right to left, with which a quoted value could make the
 * rest of its line read backwards in a terminal. */
static bool shown_escaped(gunichar u)
{
    return (u >= 0x80 && u <= 0x9f) || u == 0x2028 || u == 0x2029 || u == 0x200e || u == 0x200f ||
           u == 0x061c || (u >= 0x202a && u <= 0x202e) || (u >= 0x2066 && u <= 0x2069);
}

char *pn_err_escape(const char *text)
{
    GString *o = g_string_new(NULL);
    size_t len = strlen(text);
    for (const char *p = text; *p;) {
        unsigned char c = (unsigned char)*p;
        gunichar u = g_utf8_get_char_validated(p, (gssize)(len - (size_t)(p - text)));
        size_t n = u < 0x80 ? 1 : u < 0x110000 ? (size_t)(g_utf8_next_char(p) - p) : 0;
        if (n && shown_escaped(u)) {
            g_string_append_printf(o, "\\u%04x", (unsigned)u);
            p += n;
            continue;
        }
        if (n && u >= 0x20 && u != 0x7f) { /* a whole, printable character */
            g_string_append_len(o, p, (gssize)n);
            p += n;
            continue;
        }
        if (c == '\n' || c == '\t' || c == '\r')
            g_string_append_printf(o, "\\%c", c == '\n' ? 'n' : c == '\t' ? 't' : 'r');
        else
            g_string_append_printf(o, "\\x%02x", c);
        p++;
    }
    return g_string_free(o, FALSE);
}

/* Puts text into err->msg as one line of valid UTF-8 whatever the input held
 * (pn_err_escape). A message too long for the buffer loses its middle, at
 * whole characters, not its end: the place comes first and what is wrong
 * last, and a long value quoted between them had left only "--set
 * s=aaaa..." of a message. */
static void put(pn_err *err, const char *text)
{
    char *o = pn_err_escape(text);
    pn_err_shorten(err->msg, sizeof err->msg, o);
    g_free(o);
}

int pn_err_set(pn_err *err, pn_status status, const char *fmt, ...)
{
    if (!err) return -1;
    va_list ap;
    va_start(ap, fmt);
    char *text = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    put(err, text);
    g_free(text);
    err->status = status;
    return -1;
}

int pn_err_at(pn_err *err, const char *file, int line, int col, const char *fmt, ...)
{
    if (!err) return -1;
    char *where =
        line > 0 ? g_strdup_printf("%s:%d:%d: ", file ? file : "<input>", line, col > 0 ? col : 1)
                 : g_strdup_printf("%s: ", file ? file : "<input>");
    va_list ap;
    va_start(ap, fmt);
    char *what = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    char *text = g_strconcat(where, what, NULL);
    put(err, text);
    g_free(text);
    g_free(what);
    g_free(where);
    err->status = PN_EINPUT;
    return -1;
}

void pn_err_clear(pn_err *err)
{
    if (!err) return;
    err->status = PN_OK;
    err->msg[0] = '\0';
}

void pn_err_drop_dir(char *msg, const char *dir)
{
    char *prefix = g_strconcat(dir, "/", NULL);
    size_t n = strlen(prefix);
    for (char *at = strstr(msg, prefix); at; at = strstr(at, prefix))
        memmove(at, at + n, strlen(at + n) + 1);
    g_free(prefix);
}

/* err.c: filling in pn_err values. */
#include "util/err.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int pn_err_set(pn_err *err, pn_status status, const char *fmt, ...)
{
    if (!err) return -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    err->status = status;
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
    return -1;
}

void pn_err_clear(pn_err *err)
{
    if (!err) return;
    err->status = PN_OK;
    err->msg[0] = '\0';
}

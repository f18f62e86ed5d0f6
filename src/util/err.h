/* err.h: the error value every library function fills in instead of printing.
 * A message reads "file:line:col: what is wrong" (or "context: what is wrong");
 * the status says which exit code the command line should use. */
#ifndef PN_ERR_H
#define PN_ERR_H

#include <stddef.h>

typedef enum pn_status {
    PN_OK = 0,
    PN_EINPUT = 1, /* the input is invalid: template, sheet, parameter */
    PN_EUSAGE = 2, /* wrong use of the command line */
    PN_EIO = 3,    /* reading, writing or rendering failed */
} pn_status;

typedef struct pn_err {
    pn_status status;
    char msg[1024];
} pn_err;

#if defined(__GNUC__)
#define PN_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define PN_PRINTF(a, b)
#endif

/* Sets err (if not NULL) and returns -1, so callers can write
 * "return pn_err_set(err, PN_EINPUT, ...);". */
int pn_err_set(pn_err *err, pn_status status, const char *fmt, ...) PN_PRINTF(3, 4);
/* Copies text into dst (size bytes, size >= 8); when it does not fit, its
 * middle goes, at whole UTF-8 characters, for an ellipsis: a message's start
 * (where) and end (what is wrong) both stay. */
void pn_err_shorten(char *dst, size_t size, const char *text);

/* Same, prefixed with "file:line:col: " (line and col are 1-based; 0 omits them). */
int pn_err_at(pn_err *err, const char *file, int line, int col, const char *fmt, ...)
    PN_PRINTF(5, 6);

/* text as one line of valid UTF-8, as messages show it: control characters
 * (a value with a newline in it), bytes that are not UTF-8 (an argument in
 * Latin-1), C1 controls, line separators and the marks that turn text right
 * to left written as escapes (a newline as \n, an escape as \x1b). Caller
 * frees (g_free). */
char *pn_err_escape(const char *text);

/* Cuts every "DIR/" out of msg, in place: files named within dir instead
 * of by its path (a message for a browser names no server folder). */
void pn_err_drop_dir(char *msg, const char *dir);

/* Clears err to PN_OK and an empty message. */
void pn_err_clear(pn_err *err);

#endif

/* lazylib.h: a shared library loaded the first time it is needed instead of
 * at start-up. librsvg (SVG images) and libmicrohttpd (the web front end) pull
 * in some twenty further libraries whose loading and relocation cost every
 * pnpkit process more than a third of a one-sheet render, although most runs
 * never draw an SVG image or serve a page. Such a library is opened with
 * GModule on first use and its functions looked up by name; the table is
 * filled once (thread-safe) and immutable after, and the library is never
 * unloaded. */
#ifndef PN_LAZYLIB_H
#define PN_LAZYLIB_H

#include <glib.h>
#include "util/err.h"

typedef struct pn_lazylib {
    const char *soname;       /* e.g. "librsvg-2.so.2" */
    const char *package;      /* the Debian package that ships it, for the message */
    const char *const *names; /* the functions to look up, NULL-terminated */
    void **fns;               /* filled with one pointer per name */
    GOnce once;               /* G_ONCE_INIT */
    char why[256];            /* what failed, when loading failed */
} pn_lazylib;

/* Loads lib on the first call (any thread); later calls only read. 0 when
 * every function was found, else -1 with err ("cannot load ...: ..."). */
int pn_lazylib_load(pn_lazylib *lib, pn_err *err);

#endif

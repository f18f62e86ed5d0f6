/* readfile.h: a whole regular file read into memory within a size bound. A
 * FIFO, a device or a directory is refused before it is read (opening a FIFO
 * for reading waits for a writer; /dev/zero never ends), and so is a file
 * that is or grows larger than the bound. */
#ifndef PN_READFILE_H
#define PN_READFILE_H

#include <glib.h>
#include "util/err.h"

/* Reads the regular file path, at most max bytes, into *data (NUL-terminated,
 * caller g_free()s) and *len. Returns 0, or -1 with err: the message names
 * what is wrong without the path ("not a regular file (a FIFO, a device or a
 * directory)", "larger than N bytes", or the system's reason). */
int pn_read_regular(const char *path, gsize max, char **data, gsize *len, pn_err *err);

#endif

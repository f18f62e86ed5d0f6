/* data.h: rows of data merged into a template, one sheet per row: a CSV file
 * (RFC 4180, read with libcsv; the first row names the columns) or rows
 * written in the template. A column is used like a parameter ($name,
 * ${name}); its value is text, which counts as a number in arithmetic when it
 * reads as one.
 *
 * Ownership: a tmpl_data owns everything in it; tmpl_data_free frees it. */
#ifndef PN_TMPL_DATA_H
#define PN_TMPL_DATA_H

#include <glib.h>
#include "util/err.h"

#define TMPL_DATA_MAX_BYTES (16u << 20) /* a CSV file */
#define TMPL_DATA_MAX_ROWS 10000        /* rows after the header */
#define TMPL_DATA_MAX_COLS 64
#define TMPL_DATA_MAX_FIELD 4096 /* bytes of one field */

typedef struct tmpl_data {
    char *file;      /* shown in messages */
    GPtrArray *cols; /* char*: column names */
    GPtrArray *rows; /* char**: cols->len values each */
    GArray *lines;   /* int: the line of the file each row starts on */
    int header_line; /* the line naming the columns (0: not known) */
} tmpl_data;

/* Reads a CSV file: NULL + err (PN_EIO when it cannot be read, PN_EINPUT
 * with "file:line:col: ..." for bad content). */
tmpl_data *tmpl_data_read_csv(const char *path, pn_err *err);
/* The same from text; file is used in messages. */
tmpl_data *tmpl_data_parse_csv(const char *file, const char *buf, size_t len, pn_err *err);

/* An empty table with these columns (NULL-terminated), for rows added with
 * tmpl_data_add_row (values are copied). */
tmpl_data *tmpl_data_new(const char *file, const char *const *cols);
void tmpl_data_add_row(tmpl_data *d, const char *const *values, int line);

/* The column's index, or -1. */
int tmpl_data_col(const tmpl_data *d, const char *name);

void tmpl_data_free(tmpl_data *d);

#endif

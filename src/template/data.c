/* data.c: reading merge data (data.h). libcsv does the RFC 4180 parsing
 * (quotes, doubled quotes, separators and line breaks inside quotes); the text
 * is fed to it a line at a time so that every row knows the line it starts on
 * (lines end with LF, CR LF or a lone CR, as libcsv's rows do). */
#include "template/data.h"

#include <csv.h>
#include <glib/gstdio.h>
#include <stdarg.h>
#include <stdbool.h>
#include <string.h>
#include "util/readfile.h"
#include "util/inputs.h"

typedef struct csv_state {
    tmpl_data *d;
    GPtrArray *fields; /* char*: the row being read */
    int line;          /* the line being fed */
    int row_line;      /* the line the current row started on */
    int row_start;     /* the first line fed with something after the last row */
    bool between_rows; /* no row begun since the last one ended */
    bool header_done;
    pn_err *err;
    bool failed;
} csv_state;

static bool valid_col(const char *s)
{
    if (!*s || strlen(s) > 40 || !(g_ascii_isalpha(s[0]) || s[0] == '_')) return false;
    for (const char *p = s; *p; p++)
        if (!g_ascii_isalnum(*p) && *p != '_') return false;
    return true;
}

static void fail(csv_state *st, int line, const char *fmt, ...) G_GNUC_PRINTF(3, 4);
static void fail(csv_state *st, int line, const char *fmt, ...)
{
    if (st->failed) return;
    st->failed = true;
    char text[600];
    va_list ap;
    va_start(ap, fmt);
    g_vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    pn_err_at(st->err, st->d->file, line, 1, "%s", text);
}

static void on_field(void *s, size_t len, void *user)
{
    csv_state *st = user;
    if (st->failed) return;
    if (!st->fields->len) st->row_line = st->row_start;
    /* A field may run over lines: its row's first line is where to look. */
    if (len > TMPL_DATA_MAX_FIELD)
        return fail(st, st->row_line, "a field longer than %d bytes", TMPL_DATA_MAX_FIELD);
    if (st->fields->len >= TMPL_DATA_MAX_COLS)
        return fail(st, st->row_line, "more than %d fields in a row", TMPL_DATA_MAX_COLS);
    const char *text = s ? s : "";
    if (!g_utf8_validate(text, (gssize)len, NULL) || memchr(text, 0, len))
        return fail(st, st->row_line, "a field that is not UTF-8 text (save the file as UTF-8)");
    g_ptr_array_add(st->fields, g_strndup(text, len));
}

static void on_row(int c, void *user)
{
    csv_state *st = user;
    (void)c;
    st->between_rows = true;
    if (st->failed) return;
    tmpl_data *d = st->d;
    GPtrArray *f = st->fields;
    if (!st->header_done) {
        for (guint i = 0; i < f->len; i++) {
            const char *name = g_ptr_array_index(f, i);
            if (!valid_col(name))
                return fail(st, st->row_line,
                            "column %u: '%s' is not a column name (letters, digits and _, "
                            "starting with a letter)",
                            i + 1, name);
            if (tmpl_data_col(d, name) >= 0)
                return fail(st, st->row_line, "column '%s' is named twice", name);
            g_ptr_array_add(d->cols, g_strdup(name));
        }
        d->header_line = st->row_line;
        st->header_done = true;
    } else {
        if (f->len != d->cols->len)
            return fail(st, st->row_line, "this row has %u field%s, the header names %u columns",
                        f->len, f->len == 1 ? "" : "s", d->cols->len);
        if (d->rows->len >= TMPL_DATA_MAX_ROWS)
            return fail(st, st->row_line, "more than %d rows", TMPL_DATA_MAX_ROWS);
        tmpl_data_add_row(d, (const char *const *)f->pdata, st->row_line);
    }
    g_ptr_array_set_size(f, 0);
}

/* The bytes of the line at s, its end included: "\n", "\r\n" or a lone "\r"
 * (libcsv ends a row at each; so does counting lines). */
static size_t line_length(const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        if (s[i] == '\n') return i + 1;
        if (s[i] == '\r') return i + 1 < len && s[i + 1] == '\n' ? i + 2 : i + 1;
    }
    return len;
}

tmpl_data *tmpl_data_parse_csv(const char *file, const char *buf, size_t len, pn_err *err)
{
    static const char *const none[] = {NULL};
    csv_state st = {.d = tmpl_data_new(file, none),
                    .fields = g_ptr_array_new_with_free_func(g_free),
                    .err = err};
    struct csv_parser p;
    csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL);
    if (len > TMPL_DATA_MAX_BYTES)
        fail(&st, 0, "file too large (more than %u bytes)", TMPL_DATA_MAX_BYTES);
    if (len >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3)) { /* a byte order mark */
        buf += 3;
        len -= 3;
    }
    size_t at = 0;
    st.between_rows = true;
    while (at < len && !st.failed) {
        size_t n = line_length(buf + at, len - at);
        st.line++;
        /* libcsv skips lines of nothing but spaces, tabs and the line end
         * between rows: the next row starts on the first other line. */
        for (size_t i = 0; st.between_rows && i < n; i++)
            if (!strchr(" \t\r\n", buf[at + i]) || !buf[at + i])
                st.row_start = st.line, st.between_rows = false;
        if (csv_parse(&p, buf + at, n, on_field, on_row, &st) != n && !st.failed)
            fail(&st, st.line,
                 "not valid CSV (%s): a quote inside a field that is not quoted, "
                 "or text after a closing quote",
                 csv_strerror(csv_error(&p)));
        at += n;
    }
    if (!st.failed && csv_fini(&p, on_field, on_row, &st) != 0 && !st.failed)
        fail(&st, !st.between_rows ? st.row_start : st.line, /* where the open row began */
             "a quoted field is never closed");
    csv_free(&p);
    if (!st.failed && !st.d->cols->len) fail(&st, 1, "no header row naming the columns");
    if (!st.failed && !st.d->rows->len) fail(&st, 1, "no rows after the header");
    g_ptr_array_free(st.fields, TRUE);
    if (st.failed) {
        tmpl_data_free(st.d);
        return NULL;
    }
    return st.d;
}

tmpl_data *tmpl_data_read_csv(const char *path, pn_err *err)
{
    char *buf = NULL;
    gsize len = 0;
    pn_err why = {0};
    /* a regular file only: /dev/zero took 1 GB, a FIFO waited forever */
    if (pn_read_regular(path, TMPL_DATA_MAX_BYTES, &buf, &len, &why)) {
        pn_err_set(err, PN_EIO, "cannot read %s: %s", path, why.msg);
        return NULL;
    }
    pn_inputs_note(path);
    tmpl_data *d = tmpl_data_parse_csv(path, buf, len, err);
    g_free(buf);
    return d;
}

tmpl_data *tmpl_data_new(const char *file, const char *const *cols)
{
    tmpl_data *d = g_new0(tmpl_data, 1);
    d->file = g_strdup(file);
    d->cols = g_ptr_array_new_with_free_func(g_free);
    d->rows = g_ptr_array_new_with_free_func((GDestroyNotify)g_strfreev);
    d->lines = g_array_new(FALSE, FALSE, sizeof(int));
    for (const char *const *c = cols; *c; c++)
        g_ptr_array_add(d->cols, g_strdup(*c));
    return d;
}

void tmpl_data_add_row(tmpl_data *d, const char *const *values, int line)
{
    char **row = g_new0(char *, d->cols->len + 1);
    for (guint i = 0; i < d->cols->len; i++)
        row[i] = g_strdup(values[i] ? values[i] : "");
    g_ptr_array_add(d->rows, row);
    g_array_append_val(d->lines, line);
}

int tmpl_data_col(const tmpl_data *d, const char *name)
{
    for (guint i = 0; i < d->cols->len; i++)
        if (!strcmp(g_ptr_array_index(d->cols, i), name)) return (int)i;
    return -1;
}

void tmpl_data_free(tmpl_data *d)
{
    if (!d) return;
    g_free(d->file);
    g_ptr_array_free(d->cols, TRUE);
    g_ptr_array_free(d->rows, TRUE);
    g_array_free(d->lines, TRUE);
    g_free(d);
}

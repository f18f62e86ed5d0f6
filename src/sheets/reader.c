/* reader.c: splits a YAML stream into its documents, line by line.
 *
 * A document starts at a "---" line (unless only comments and directives came
 * before it in the current piece) or at the first content line after a "..."
 * line; it ends where the next starts. YAML forbids both markers at the start of
 * a line inside any value, so splitting here agrees with a YAML parser. */
#include <errno.h>
#include <glib.h>
#include <stdio.h>
#include <string.h>
#include "sheets/sheets.h"
#include "util/yml.h"

struct sheet_reader {
    FILE *fp;
    bool own;
    char *file;
    GString *doc;   /* the document being gathered */
    GString *carry; /* a "---" line that starts the next document */
    GString *tmp;   /* a line that crosses the end of the read buffer */
    int doc_line0;  /* lines before doc */
    int lines;      /* lines read so far */
    int index;
    bool content; /* doc has a marker or a content line */
    bool eof;
    char buf[1 << 16];
    size_t pos, len;
};

sheet_reader *sheet_reader_open(const char *path, pn_err *err)
{
    bool std = strcmp(path, "-") == 0;
    FILE *fp = std ? stdin : fopen(path, "rb");
    if (!fp) {
        pn_err_set(err, PN_EIO, "%s: %s", path, strerror(errno));
        return NULL;
    }
    sheet_reader *r = g_new0(sheet_reader, 1);
    r->fp = fp;
    r->own = !std;
    r->file = g_strdup(std ? "<stdin>" : path);
    r->doc = g_string_sized_new(1024);
    r->carry = g_string_new(NULL);
    r->tmp = g_string_new(NULL);
    return r;
}

void sheet_reader_close(sheet_reader *r)
{
    if (!r) return;
    if (r->own) fclose(r->fp);
    g_string_free(r->doc, TRUE);
    g_string_free(r->carry, TRUE);
    g_string_free(r->tmp, TRUE);
    g_free(r->file);
    g_free(r);
}

/* The next line (with its '\n'): *line points into the read buffer when the
 * line lies whole in it, else into r->tmp. 1, 0 at the end, -1 on error. */
static int read_line(sheet_reader *r, const char **line, size_t *len, pn_err *err)
{
    g_string_truncate(r->tmp, 0);
    for (;;) {
        if (r->pos == r->len) {
            if (r->eof) break;
            r->len = fread(r->buf, 1, sizeof r->buf, r->fp);
            r->pos = 0;
            if (r->len == 0) {
                if (ferror(r->fp)) return pn_err_set(err, PN_EIO, "%s: read error", r->file);
                r->eof = true;
                break;
            }
        }
        char *start = r->buf + r->pos, *nl = memchr(start, '\n', r->len - r->pos);
        size_t n = nl ? (size_t)(nl - start) + 1 : r->len - r->pos;
        r->pos += n;
        if (nl && r->tmp->len == 0) {
            *line = start;
            *len = n;
            return 1;
        }
        g_string_append_len(r->tmp, start, (gssize)n);
        if (r->tmp->len > PN_YML_MAX_BYTES)
            return pn_err_at(err, r->file, r->lines + 1, 1, "line longer than %u bytes",
                             PN_YML_MAX_BYTES);
        if (nl) break;
    }
    *line = r->tmp->str;
    *len = r->tmp->len;
    return r->tmp->len > 0;
}

static bool marker(const char *s, size_t len, char c)
{
    if (len < 3 || s[0] != c || s[1] != c || s[2] != c) return false;
    return len == 3 || s[3] == ' ' || s[3] == '\t' || s[3] == '\r' || s[3] == '\n';
}

static bool content_line(const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        if (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n') continue;
        return s[i] != '#';
    }
    return false;
}

static void start(sheet_reader *r)
{
    g_string_truncate(r->doc, 0);
    r->doc_line0 = r->lines;
    r->content = false;
}

static int emit(sheet_reader *r, sheet_doc *doc)
{
    doc->text = r->doc->str;
    doc->len = r->doc->len;
    doc->line0 = r->doc_line0;
    doc->file = r->file;
    doc->index = r->index++;
    return 1;
}

int sheet_reader_next(sheet_reader *r, sheet_doc *doc, pn_err *err)
{
    start(r);
    if (r->carry->len) {
        g_string_append_len(r->doc, r->carry->str, (gssize)r->carry->len);
        r->doc_line0 = r->lines - 1;
        r->content = true;
        g_string_truncate(r->carry, 0);
    }
    const char *s = NULL;
    size_t n = 0;
    int rc;
    while ((rc = read_line(r, &s, &n, err)) == 1) {
        r->lines++;
        if (marker(s, n, '-')) {
            if (r->content) {
                g_string_append_len(r->carry, s, (gssize)n);
                return emit(r, doc);
            }
            r->content = true;
        } else if (marker(s, n, '.')) {
            if (r->content) {
                g_string_append_len(r->doc, s, (gssize)n);
                return emit(r, doc);
            }
            start(r); /* "..." after nothing: no document */
            continue;
        } else if (!r->content && s[0] != '%' && content_line(s, n)) {
            r->content = true;
        }
        g_string_append_len(r->doc, s, (gssize)n);
        if (r->doc->len > PN_YML_MAX_BYTES)
            return pn_err_at(err, r->file, r->doc_line0 + 1, 1,
                             "document too large (more than %u bytes)", PN_YML_MAX_BYTES);
    }
    if (rc < 0) return -1;
    return r->content ? emit(r, doc) : 0;
}

/* yml_docs.c: splits a YAML stream into its documents, line by line, so a
 * stream of any length is read with flat memory.
 *
 * A document starts at a "---" line (unless only comments and directives came
 * before it in the current piece) or at the first content line after a "..."
 * line; it ends where the next starts. YAML forbids both markers at the start of
 * a line inside any value, so splitting here agrees with a YAML parser. */
#include <errno.h>
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/yml.h"
#include "util/yml_docs.h"

struct yml_docs {
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

static yml_docs *make(FILE *fp, bool own, const char *name)
{
    yml_docs *r = g_new0(yml_docs, 1);
    r->fp = fp;
    r->own = own;
    r->eof = fp == NULL;
    r->file = g_strdup(name);
    r->doc = g_string_sized_new(1024);
    r->carry = g_string_new(NULL);
    r->tmp = g_string_new(NULL);
    return r;
}

yml_docs *yml_docs_open(const char *path, pn_err *err)
{
    bool std = strcmp(path, "-") == 0;
    FILE *fp = std ? stdin : fopen(path, "rb");
    if (!fp) {
        pn_err_set(err, PN_EIO, "%s: %s", path, strerror(errno));
        return NULL;
    }
    return make(fp, !std, std ? "<stdin>" : path);
}

yml_docs *yml_docs_open_text(const char *name, const char *text, size_t len, pn_err *err)
{
    if (len == 0) return make(NULL, false, name);
    FILE *fp = fmemopen((void *)text, len, "rb");
    if (!fp) {
        pn_err_set(err, PN_EIO, "%s: %s", name, strerror(errno));
        return NULL;
    }
    return make(fp, true, name);
}

void yml_docs_close(yml_docs *r)
{
    if (!r) return;
    if (r->own) fclose(r->fp);
    g_string_free(r->doc, TRUE);
    g_string_free(r->carry, TRUE);
    g_string_free(r->tmp, TRUE);
    g_free(r->file);
    g_free(r);
}

const char *yml_docs_name(const yml_docs *r)
{
    return r->file;
}

/* The next line (with its '\n'): *line points into the read buffer when the
 * line lies whole in it, else into r->tmp. 1, 0 at the end, -1 on error. */
static int read_line(yml_docs *r, const char **line, size_t *len, pn_err *err)
{
    g_string_truncate(r->tmp, 0);
    for (;;) {
        if (r->pos == r->len) {
            if (r->eof) break;
            r->len = fread(r->buf, 1, sizeof r->buf, r->fp);
            r->pos = 0;
            if (r->len == 0) {
                if (ferror(r->fp))
                    return pn_err_set(err, PN_EIO, "%s: %s", r->file,
                                      errno == EISDIR ? "is a directory, not a file"
                                                      : g_strerror(errno));
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
        /* Every document's lines are bounded (yml_scan.c); refusing here too,
         * with the same words, keeps a stream from gathering a huge line. */
        if (r->tmp->len - (nl ? 1 : 0) > PN_YML_MAX_LINE)
            return pn_err_at(err, r->file, r->lines + 1, PN_YML_MAX_LINE + 1,
                             "line longer than %d bytes", PN_YML_MAX_LINE);
        if (nl) break;
    }
    *line = r->tmp->str;
    *len = r->tmp->len;
    return r->tmp->len > 0;
}

/* A YAML parser takes a carriage return alone for a line end, as old Mac
 * files have them; this splitter does not, so a second document after one
 * would be lost. Such a line (a CR not before LF, and not the file's last
 * byte) is refused at the CR: 1, or 0. */
static int lone_cr(yml_docs *r, const char *s, size_t n, pn_err *err)
{
    for (const char *p = s, *end = s + n; (p = memchr(p, '\r', (size_t)(end - p))); p++)
        if (p + 1 < end && p[1] != '\n')
            return pn_err_at(err, r->file, r->lines, (int)(p - s) + 1,
                             "a line ends in a carriage return alone (old Mac line ends): "
                             "save the file with LF or CR LF line ends") != 0;
    return 0;
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

static void start(yml_docs *r)
{
    g_string_truncate(r->doc, 0);
    r->doc_line0 = r->lines;
    r->content = false;
}

static int emit(yml_docs *r, yml_doc *doc)
{
    doc->text = r->doc->str;
    doc->len = r->doc->len;
    doc->line0 = r->doc_line0;
    doc->file = r->file;
    doc->index = r->index++;
    return 1;
}

/* Whether text holds more than blank lines, comments and document markers. */
static bool has_content(const char *text, size_t len)
{
    bool content = false;
    for (const char *p = text, *end = text + len; p < end && !content;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *le = nl ? nl : end, *q = p;
        while (q < le && (*q == ' ' || *q == '\t' || *q == '\r'))
            q++;
        bool marker = le - p >= 3 && (!strncmp(p, "---", 3) || !strncmp(p, "...", 3)) &&
                      (le - p == 3 || p[3] == ' ' || p[3] == '\t' || p[3] == '\r');
        if (marker) /* what follows a marker on its line: "--- {red: [...]}" */
            for (q = p + 3; q < le && (*q == ' ' || *q == '\t' || *q == '\r');)
                q++;
        content = q < le && *q != '#';
        p = nl ? nl + 1 : end;
    }
    return content;
}

int yml_docs_next(yml_docs *r, yml_doc *doc, pn_err *err)
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
        if (lone_cr(r, s, n, err)) return -1;
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
    /* a "---" ending a file after its documents starts none */
    if (r->content && r->index > 0 && !has_content(r->doc->str, r->doc->len)) return 0;
    return r->content ? emit(r, doc) : 0;
}

/* libfyaml counts lines from the start of the text it was given, which is one
 * document of a stream: move the place in a "file:line:col: " message down by
 * the lines that came before the document. */
static void rebase(const yml_doc *d, pn_err *err)
{
    if (!err || d->line0 == 0) return;
    size_t fl = strlen(d->file);
    if (strncmp(err->msg, d->file, fl) || err->msg[fl] != ':') return;
    char *end;
    long line = strtol(err->msg + fl + 1, &end, 10);
    if (end == err->msg + fl + 1 || *end != ':' || line < 1) return;
    GString *s = g_string_new(NULL);
    g_string_append_printf(s, "%s:%ld%s", d->file, line + d->line0, end);
    g_strlcpy(err->msg, s->str, sizeof err->msg);
    g_string_free(s, TRUE);
}

pn_yml *yml_doc_parse(const yml_doc *d, const char *what, pn_err *err)
{
    if (!has_content(d->text, d->len)) { /* only blanks, comments and markers */
        pn_err_at(err, d->file, d->line0 + 1, 1, "the %s is empty", what);
        return NULL;
    }
    pn_yml *y = pn_yml_load_buffer(d->file, d->text, d->len, err);
    if (!y) rebase(d, err);
    if (y) {
        y->line0 = d->line0;
        y->in_stream = true;
    }
    return y;
}

/* load.c: libfyaml parsing and node-placed errors for the sheet loaders. */
#include "scoring/load.h"

#include <glib.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *sheet_line(const sheet_ctx *cx, int line, size_t *len)
{
    const char *p = cx->d->text, *end = p + cx->d->len;
    for (int l = 1; l < line && p < end; l++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl) return NULL;
        p = nl + 1;
    }
    if (p >= end && line > 1) return NULL;
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
    if (n && p[n - 1] == '\r') n--;
    *len = n;
    return p;
}

void sheet_pos(const sheet_ctx *cx, struct fy_node *n, int *line, int *col)
{
    pn_yml_mark(n, line, col);
    if (!n || fy_node_get_type(n) == FYNT_SCALAR) return;
    /* A collection that is the value of a key: pn_yml_mark placed it at the key.
     * When the collection opens on the key's line ("red: [..."), use its '['. */
    struct fy_node *parent = fy_node_get_document_parent(n);
    if (!parent || fy_node_get_type(parent) != FYNT_MAPPING) return;
    struct fy_node *key = NULL;
    void *it = NULL;
    for (struct fy_node_pair *p; (p = fy_node_mapping_iterate(parent, &it));)
        if (fy_node_pair_value(p) == n) key = fy_node_pair_key(p);
    struct fy_token *t = key ? fy_node_get_scalar_token(key) : NULL;
    const struct fy_mark *m = t ? fy_token_end_mark(t) : NULL;
    if (!m || m->input_pos >= cx->d->len) return;
    const char *s = cx->d->text + m->input_pos;
    int c = m->column + 1;
    /* A quoted key ends at its closing quote; the mark is already past it. */
    while (*s == ' ' || *s == '\t') {
        s++;
        c++;
    }
    if (*s != ':') return;
    s++;
    c++;
    while (*s == ' ' || *s == '\t') {
        s++;
        c++;
    }
    if (*s == '[' || *s == '{') {
        *line = m->line + 1;
        *col = c;
    }
}

static int verr(const sheet_ctx *cx, pn_err *err, int line, int col, const char *fmt, va_list ap)
    PN_PRINTF(5, 0);
static int verr(const sheet_ctx *cx, pn_err *err, int line, int col, const char *fmt, va_list ap)
{
    char text[768];
    vsnprintf(text, sizeof text, fmt, ap);
    if (line <= 0) line = 1, col = 1;
    return pn_err_at(err, cx->d->file, line + cx->d->line0, col, "%s", text);
}

int sheet_err(const sheet_ctx *cx, pn_err *err, struct fy_node *n, const char *fmt, ...)
{
    int line, col;
    sheet_pos(cx, n, &line, &col);
    va_list ap;
    va_start(ap, fmt);
    verr(cx, err, line, col, fmt, ap);
    va_end(ap);
    return -1;
}

int sheet_err_at(const sheet_ctx *cx, pn_err *err, int line, int col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verr(cx, err, line, col, fmt, ap);
    va_end(ap);
    return -1;
}

int sheet_check_keys(const sheet_ctx *cx, struct fy_node *m, const char *const *keys, pn_err *err)
{
    void *it = NULL;
    for (struct fy_node_pair *p; (p = fy_node_mapping_iterate(m, &it));) {
        struct fy_node *kn = fy_node_pair_key(p);
        const char *k = pn_yml_scalar(kn);
        if (!k) return sheet_err(cx, err, kn ? kn : m, "a key must be a plain word");
        bool ok = false;
        for (const char *const *a = keys; *a && !ok; a++)
            ok = !strcmp(*a, k);
        if (!ok) {
            GString *list = g_string_new(NULL);
            for (const char *const *a = keys; *a; a++)
                g_string_append_printf(list, "%s%s", a == keys ? "" : ", ", *a);
            sheet_err(cx, err, kn, "unknown key '%s' (expected one of: %s)", k, list->str);
            g_string_free(list, TRUE);
            return -1;
        }
        void *it2 = NULL;
        for (struct fy_node_pair *q; (q = fy_node_mapping_iterate(m, &it2)) != p;)
            if (!strcmp(pn_yml_scalar(fy_node_pair_key(q)), k))
                return sheet_err(cx, err, kn, "duplicate key '%s'", k);
    }
    return 0;
}

struct fy_node *sheet_root(const sheet_ctx *cx, const char *const *keys, pn_err *err)
{
    struct fy_node *root = pn_yml_root(cx->y);
    if (!root || pn_yml_is_null(root)) {
        /* Point at the first line that is not blank, a comment or "---". */
        int line = 1;
        for (size_t len; sheet_line(cx, line, &len); line++) {
            const char *s = sheet_line(cx, line, &len);
            size_t i = 0;
            while (i < len && (s[i] == ' ' || s[i] == '\t'))
                i++;
            if (i < len && s[i] != '#' && !(len >= 3 && !strncmp(s, "---", 3))) break;
        }
        if (!sheet_line(cx, line, &(size_t){0})) line = 1;
        sheet_err_at(cx, err, line, 1, "the sheet is empty");
        return NULL;
    }
    if (fy_node_get_type(root) != FYNT_MAPPING) {
        sheet_err(cx, err, root, "a sheet is a mapping of key: value lines");
        return NULL;
    }
    if (sheet_check_keys(cx, root, keys, err)) return NULL;
    return root;
}

int sheet_int(const sheet_ctx *cx, struct fy_node *n, long min, long max, const char *what,
              long *out, pn_err *err)
{
    const char *s = pn_yml_scalar(n);
    if (!s || !*s || fy_node_get_style(n) != FYNS_PLAIN)
        return sheet_err(cx, err, n, "%s: expected a whole number from %ld to %ld", what, min, max);
    char *end;
    long v = strtol(s, &end, 10);
    if (*end || end == s || s[0] == ' ')
        return sheet_err(cx, err, n, "%s: '%s' is not a whole number", what, s);
    if (v < min || v > max)
        return sheet_err(cx, err, n, "%s: %ld is out of range (%ld to %ld)", what, v, min, max);
    *out = v;
    return 0;
}

int sheet_text(const sheet_ctx *cx, struct fy_node *n, const char *what, char *buf, pn_err *err)
{
    const char *s = pn_yml_scalar(n);
    if (!s) return sheet_err(cx, err, n, "%s: expected a text value", what);
    size_t len = strlen(s);
    if (len > SHEET_MAX_NAME)
        return sheet_err(cx, err, n, "%s: longer than %d bytes", what, SHEET_MAX_NAME);
    if (!g_utf8_validate(s, (gssize)len, NULL))
        return sheet_err(cx, err, n, "%s: not valid UTF-8", what);
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)s[i] < 0x20)
            return sheet_err(cx, err, n, "%s: control characters are not allowed", what);
    memcpy(buf, s, len + 1);
    return 0;
}

int sheet_game(const sheet_ctx *cx, struct fy_node *root, const char *game, pn_err *err)
{
    struct fy_node *g = pn_yml_get(root, "game");
    if (!g) return 0;
    const char *s = pn_yml_scalar(g);
    if (!s) return sheet_err(cx, err, g, "game: expected a game name");
    if (strcmp(s, game)) return sheet_err(cx, err, g, "this sheet is for '%s', not %s", s, game);
    return 0;
}

int sheet_list(const sheet_ctx *cx, struct fy_node *n, int min, int max, const char *what,
               pn_err *err)
{
    if (!n || fy_node_get_type(n) != FYNT_SEQUENCE) {
        if (min == max) return sheet_err(cx, err, n, "%s: expected a list of %d items", what, min);
        return sheet_err(cx, err, n, "%s: expected a list", what);
    }
    int count = fy_node_sequence_item_count(n);
    if (count < min || count > max) {
        if (min == max)
            return sheet_err(cx, err, n, "%s has %d item%s; expected %d", what, count,
                             count == 1 ? "" : "s", min);
        return sheet_err(cx, err, n, "%s has %d item%s; expected %d to %d", what, count,
                         count == 1 ? "" : "s", min, max);
    }
    return count;
}

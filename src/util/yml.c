/* yml.c: libfyaml wrapper with bounded input, no aliases and positioned errors. */
#include "util/yml.h"

#include <errno.h>
#include <glib.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct pn_yml_stream {
    struct fy_parser *fyp;
    struct fy_diag *diag;
    FILE *fp;
    char *file;
    bool done;
};

/* The start of a scalar's token. */
static bool scalar_mark(struct fy_node *n, int *line, int *col)
{
    struct fy_token *t = fy_node_get_scalar_token(n);
    const struct fy_mark *m = t ? fy_token_start_mark(t) : NULL;
    if (!m) return false;
    *line = m->line + 1;
    *col = m->column + 1;
    if (fy_node_is_alias(n) && *col > 1) (*col)--; /* the token starts after the '*' */
    return true;
}

/* libfyaml 0.7 has no public start mark for collections: a collection that is
 * the value of a key is placed at its key (so "red has 7 numbers" points at
 * "red:"), any other at its first item. */
void pn_yml_mark(struct fy_node *n, int *line, int *col)
{
    *line = *col = 0;
    for (int depth = 0; n && depth < 2 * PN_YML_MAX_DEPTH + 4; depth++) {
        if (fy_node_get_type(n) == FYNT_SCALAR) {
            scalar_mark(n, line, col);
            return;
        }
        struct fy_node *parent = fy_node_get_document_parent(n);
        if (parent && fy_node_get_type(parent) == FYNT_MAPPING) {
            void *it = NULL;
            for (struct fy_node_pair *p; (p = fy_node_mapping_iterate(parent, &it));)
                if (fy_node_pair_value(p) == n && fy_node_pair_key(p) &&
                    scalar_mark(fy_node_pair_key(p), line, col))
                    return;
        }
        void *it = NULL;
        struct fy_node *first = NULL;
        if (fy_node_get_type(n) == FYNT_SEQUENCE) {
            first = fy_node_sequence_iterate(n, &it);
        } else {
            struct fy_node_pair *p = fy_node_mapping_iterate(n, &it);
            first = p ? fy_node_pair_key(p) : NULL;
        }
        if (!first) {
            n = parent; /* an empty collection: fall back to where it sits */
            continue;
        }
        n = first;
    }
}

int pn_yml_err(pn_err *err, const pn_yml *y, struct fy_node *n, const char *fmt, ...)
{
    if (!err) return -1;
    int line, col;
    pn_yml_mark(n, &line, &col);
    char text[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    return pn_err_at(err, y ? y->file : NULL, line, col, "%s", text);
}

static struct fy_diag *diag_new(void)
{
    struct fy_diag_cfg cfg;
    fy_diag_cfg_default(&cfg);
    cfg.fp = NULL;
    cfg.colorize = false;
    struct fy_diag *d = fy_diag_create(&cfg);
    if (d) fy_diag_set_collect_errors(d, true);
    return d;
}

/* The first collected parse error, as "file:line:col: message". */
static int diag_to_err(struct fy_diag *d, const char *file, pn_err *err)
{
    void *it = NULL;
    struct fy_diag_error *e = d ? fy_diag_errors_iterate(d, &it) : NULL;
    if (!e) return pn_err_at(err, file, 0, 0, "not valid YAML");
    const char *msg = e->msg ? e->msg : "syntax error";
    return pn_err_at(err, file, e->line + 1, e->column + 1, "invalid YAML: %s", msg);
}

/* Refuses aliases, merge keys and documents too deep or too large. */
static int check_tree(const pn_yml *y, struct fy_node *n, int depth, long *count, pn_err *err)
{
    if (!n) return 0;
    if (++*count > PN_YML_MAX_NODES)
        return pn_yml_err(err, y, n, "document too large: more than %d nodes", PN_YML_MAX_NODES);
    if (depth > PN_YML_MAX_DEPTH)
        return pn_yml_err(err, y, n, "nesting deeper than %d levels", PN_YML_MAX_DEPTH);
    if (fy_node_is_alias(n))
        return pn_yml_err(err, y, n, "aliases (*name) are not supported; write the value out");
    void *it = NULL;
    switch (fy_node_get_type(n)) {
    case FYNT_SEQUENCE:
        for (struct fy_node *c; (c = fy_node_sequence_iterate(n, &it));)
            if (check_tree(y, c, depth + 1, count, err)) return -1;
        break;
    case FYNT_MAPPING:
        for (struct fy_node_pair *p; (p = fy_node_mapping_iterate(n, &it));) {
            struct fy_node *k = fy_node_pair_key(p);
            if (k && fy_node_get_type(k) != FYNT_SCALAR)
                return pn_yml_err(err, y, k, "a key must be a plain word");
            if (k && fy_node_is_alias(k))
                return pn_yml_err(err, y, k, "aliases (*name) are not supported");
            if (check_tree(y, fy_node_pair_value(p), depth + 1, count, err)) return -1;
        }
        break;
    default:
        break;
    }
    return 0;
}

static pn_yml *wrap(struct fy_document *fyd, struct fy_parser *fyp, const char *file, pn_err *err)
{
    pn_yml *y = g_new0(pn_yml, 1);
    y->fyd = fyd;
    y->fyp = fyp;
    y->file = g_strdup(file);
    long count = 0;
    if (check_tree(y, fy_document_root(fyd), 0, &count, err)) {
        pn_yml_free(y);
        return NULL;
    }
    return y;
}

pn_yml *pn_yml_load_buffer(const char *name, const char *buf, size_t len, pn_err *err)
{
    if (len > PN_YML_MAX_BYTES) {
        pn_err_at(err, name, 0, 0, "file too large (%zu bytes; at most %u)", len, PN_YML_MAX_BYTES);
        return NULL;
    }
    struct fy_diag *d = diag_new();
    struct fy_parse_cfg cfg = {.flags = FYPCF_QUIET, .diag = d};
    struct fy_document *fyd = fy_document_build_from_string(&cfg, buf, len);
    if (!fyd) {
        diag_to_err(d, name, err);
        fy_diag_unref(d);
        return NULL;
    }
    fy_diag_unref(d);
    return wrap(fyd, NULL, name, err);
}

/* Reads a whole file (or stdin for "-") with a size bound. Caller g_free()s. */
static char *slurp(const char *path, size_t max, size_t *len, pn_err *err)
{
    FILE *fp = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!fp) {
        pn_err_set(err, PN_EIO, "%s: %s", path, strerror(errno));
        return NULL;
    }
    GString *s = g_string_sized_new(4096);
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, fp)) > 0) {
        if (s->len + n > max) {
            pn_err_at(err, strcmp(path, "-") == 0 ? "<stdin>" : path, 0, 0,
                      "file too large (more than %zu bytes)", max);
            if (fp != stdin) fclose(fp);
            g_string_free(s, TRUE);
            return NULL;
        }
        g_string_append_len(s, chunk, (gssize)n);
    }
    int bad = ferror(fp);
    if (fp != stdin) fclose(fp);
    if (bad) {
        pn_err_set(err, PN_EIO, "%s: read error", path);
        g_string_free(s, TRUE);
        return NULL;
    }
    *len = s->len;
    return g_string_free(s, FALSE);
}

pn_yml *pn_yml_load_file(const char *path, pn_err *err)
{
    size_t len = 0;
    char *buf = slurp(path, PN_YML_MAX_BYTES, &len, err);
    if (!buf) return NULL;
    /* libfyaml keeps pointing into the text: the document owns it from here. */
    pn_yml *y = pn_yml_load_buffer(strcmp(path, "-") == 0 ? "<stdin>" : path, buf, len, err);
    if (y)
        y->buf = buf;
    else
        g_free(buf);
    return y;
}

void pn_yml_free(pn_yml *y)
{
    if (!y) return;
    if (y->fyp)
        fy_parse_document_destroy(y->fyp, y->fyd);
    else
        fy_document_destroy(y->fyd);
    g_free(y->file);
    g_free(y->buf);
    g_free(y);
}

struct fy_node *pn_yml_root(const pn_yml *y)
{
    return y ? fy_document_root(y->fyd) : NULL;
}

pn_yml_stream *pn_yml_stream_open(const char *path, pn_err *err)
{
    bool std = strcmp(path, "-") == 0;
    FILE *fp = std ? stdin : fopen(path, "rb");
    if (!fp) {
        pn_err_set(err, PN_EIO, "%s: %s", path, strerror(errno));
        return NULL;
    }
    pn_yml_stream *s = g_new0(pn_yml_stream, 1);
    s->fp = fp;
    s->file = g_strdup(std ? "<stdin>" : path);
    s->diag = diag_new();
    struct fy_parse_cfg cfg = {.flags = FYPCF_QUIET, .diag = s->diag};
    s->fyp = fy_parser_create(&cfg);
    if (!s->fyp || fy_parser_set_input_fp(s->fyp, s->file, fp) != 0) {
        pn_err_set(err, PN_EIO, "%s: cannot start the YAML parser", s->file);
        pn_yml_stream_close(s);
        return NULL;
    }
    return s;
}

int pn_yml_stream_next(pn_yml_stream *s, pn_yml **out, pn_err *err)
{
    *out = NULL;
    if (s->done) return 0;
    struct fy_document *fyd = fy_parse_load_document(s->fyp);
    if (!fyd) {
        s->done = true;
        if (fy_parser_get_stream_error(s->fyp)) return diag_to_err(s->diag, s->file, err);
        return 0;
    }
    *out = wrap(fyd, s->fyp, s->file, err);
    return *out ? 1 : -1;
}

void pn_yml_stream_close(pn_yml_stream *s)
{
    if (!s) return;
    if (s->fyp) fy_parser_destroy(s->fyp);
    if (s->diag) fy_diag_unref(s->diag);
    if (s->fp && s->fp != stdin) fclose(s->fp);
    g_free(s->file);
    g_free(s);
}

const char *pn_yml_scalar(struct fy_node *n)
{
    if (!n || fy_node_get_type(n) != FYNT_SCALAR) return NULL;
    return fy_node_get_scalar0(n);
}

bool pn_yml_is_null(struct fy_node *n)
{
    if (!n) return true;
    if (fy_node_get_type(n) != FYNT_SCALAR) return false;
    if (fy_node_get_style(n) != FYNS_PLAIN) return false;
    const char *s = fy_node_get_scalar0(n);
    return !s || !*s || strcmp(s, "~") == 0 || strcmp(s, "null") == 0 || strcmp(s, "Null") == 0 ||
           strcmp(s, "NULL") == 0;
}

struct fy_node *pn_yml_get(struct fy_node *m, const char *key)
{
    if (!m || fy_node_get_type(m) != FYNT_MAPPING) return NULL;
    return fy_node_mapping_lookup_by_string(m, key, FY_NT);
}

int pn_yml_expect(const pn_yml *y, struct fy_node *n, enum fy_node_type type, const char *what,
                  pn_err *err)
{
    if (n && fy_node_get_type(n) == type) return 0;
    return pn_yml_err(err, y, n, "expected %s", what);
}

int pn_yml_int(const pn_yml *y, struct fy_node *n, long min, long max, long *out, pn_err *err)
{
    const char *s = pn_yml_scalar(n);
    if (!s || !*s)
        return pn_yml_err(err, y, n, "expected a whole number from %ld to %ld", min, max);
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (*end || errno)
        return pn_yml_err(err, y, n, "'%s' is not a whole number (expected %ld to %ld)", s, min,
                          max);
    if (v < min || v > max)
        return pn_yml_err(err, y, n, "%ld is out of range (expected %ld to %ld)", v, min, max);
    *out = v;
    return 0;
}

int pn_yml_bool(const pn_yml *y, struct fy_node *n, bool *out, pn_err *err)
{
    const char *s = pn_yml_scalar(n);
    if (s && (!strcmp(s, "true") || !strcmp(s, "yes") || !strcmp(s, "on"))) {
        *out = true;
        return 0;
    }
    if (s && (!strcmp(s, "false") || !strcmp(s, "no") || !strcmp(s, "off"))) {
        *out = false;
        return 0;
    }
    return pn_yml_err(err, y, n, "expected true or false");
}

int pn_yml_str(const pn_yml *y, struct fy_node *n, const char **out, pn_err *err)
{
    const char *s = pn_yml_scalar(n);
    if (!s) return pn_yml_err(err, y, n, "expected a text value");
    *out = s;
    return 0;
}

int pn_yml_check_keys(const pn_yml *y, struct fy_node *m, const char *const *allowed, pn_err *err)
{
    if (pn_yml_expect(y, m, FYNT_MAPPING, "a mapping of key: value", err)) return -1;
    void *it = NULL;
    GHashTable *seen = g_hash_table_new(g_str_hash, g_str_equal);
    int rc = 0;
    for (struct fy_node_pair *p; (p = fy_node_mapping_iterate(m, &it));) {
        struct fy_node *k = fy_node_pair_key(p);
        const char *ks = pn_yml_scalar(k);
        if (!ks) {
            rc = pn_yml_err(err, y, k ? k : m, "a key must be a plain word");
            break;
        }
        bool ok = false;
        for (const char *const *a = allowed; *a; a++)
            if (strcmp(*a, ks) == 0) ok = true;
        if (!ok) {
            GString *list = g_string_new(NULL);
            for (const char *const *a = allowed; *a; a++)
                g_string_append_printf(list, "%s%s", a == allowed ? "" : ", ", *a);
            rc = pn_yml_err(err, y, k, "unknown key '%s' (expected one of: %s)", ks, list->str);
            g_string_free(list, TRUE);
            break;
        }
        if (g_hash_table_contains(seen, ks)) {
            rc = pn_yml_err(err, y, k, "duplicate key '%s'", ks);
            break;
        }
        g_hash_table_add(seen, (gpointer)ks);
    }
    g_hash_table_destroy(seen);
    return rc;
}

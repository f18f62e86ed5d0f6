/* yml.c: libfyaml wrapper with bounded input, bounded anchors, aliases and
 * merge keys, and positioned errors. */
#include "util/yml.h"

#include "util/yml_scan.h"
#include "util/inputs.h"

#include <errno.h>
#include <fcntl.h>
#include <glib.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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
        struct fy_node *parent = fy_node_get_document_parent(n);
        if (fy_node_get_type(n) == FYNT_SCALAR) {
            if (scalar_mark(n, line, col)) return;
            /* An empty value ("fill:" then nothing, or a comment) has no
             * token: fall back to its key. */
            if (!parent || fy_node_get_type(parent) != FYNT_MAPPING) return;
        }
        if (parent && fy_node_get_type(parent) == FYNT_MAPPING) {
            void *it = NULL;
            for (struct fy_node_pair *p; (p = fy_node_mapping_iterate(parent, &it));)
                if (fy_node_pair_value(p) == n && fy_node_pair_key(p) &&
                    scalar_mark(fy_node_pair_key(p), line, col))
                    return;
        }
        if (fy_node_get_type(n) == FYNT_SCALAR) return;
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

void pn_yml_place(const pn_yml *y, struct fy_node *n, int *line, int *col)
{
    pn_yml_mark(n, line, col);
    if (!y || !y->at_brackets || !y->buf || !n || fy_node_get_type(n) == FYNT_SCALAR) return;
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
    if (!m || m->input_pos >= strlen(y->buf)) return;
    const char *s = y->buf + m->input_pos;
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

/* The key n is the value of in a mapping, or NULL. */
static struct fy_node *key_of(struct fy_node *n)
{
    struct fy_node *parent = n ? fy_node_get_document_parent(n) : NULL;
    if (!parent || fy_node_get_type(parent) != FYNT_MAPPING) return NULL;
    void *it = NULL;
    for (struct fy_node_pair *p; (p = fy_node_mapping_iterate(parent, &it));)
        if (fy_node_pair_value(p) == n) return fy_node_pair_key(p);
    return NULL;
}

bool pn_yml_comment_value(const pn_yml *y, struct fy_node *n, char *word, size_t size, int *line,
                          int *col)
{
    if (!y || !y->buf || !pn_yml_is_null(n) || size < 2) return false;
    struct fy_node *key = key_of(n);
    struct fy_token *t = key ? fy_node_get_scalar_token(key) : NULL;
    const struct fy_mark *m = t ? fy_token_end_mark(t) : NULL;
    if (!m || m->input_pos >= strlen(y->buf)) return false;
    const char *s = y->buf + m->input_pos;
    int c = m->column + 1;
    while (*s == ' ' || *s == '\t' || *s == '"' || *s == '\'') { /* a quoted key's end */
        s++;
        c++;
    }
    if (*s != ':') return false;
    do {
        s++;
        c++;
    } while (*s == ' ');
    if (*s != '#' || s[-1] != ' ') return false;
    size_t n_word = 0;
    while (s[n_word] && !strchr(" \t\r\n,}]", s[n_word]) && n_word + 1 < size)
        n_word++;
    memcpy(word, s, n_word);
    word[n_word] = '\0';
    *line = m->line + 1 + y->line0;
    *col = c;
    return true;
}

static int verr(pn_err *err, const pn_yml *y, int line, int col, const char *fmt, va_list ap)
    PN_PRINTF(5, 0);
static int verr(pn_err *err, const pn_yml *y, int line, int col, const char *fmt, va_list ap)
{
    if (!err) return -1;
    char text[768];
    vsnprintf(text, sizeof text, fmt, ap);
    if (y && y->in_stream && line <= 0) line = col = 1; /* the document's start */
    if (y && line > 0) line += y->line0;
    return pn_err_at(err, y ? y->file : NULL, line, col, "%s", text);
}

int pn_yml_err(pn_err *err, const pn_yml *y, struct fy_node *n, const char *fmt, ...)
{
    int line, col;
    pn_yml_place(y, n, &line, &col);
    va_list ap;
    va_start(ap, fmt);
    verr(err, y, line, col, fmt, ap);
    va_end(ap);
    return -1;
}

int pn_yml_err_at(pn_err *err, const pn_yml *y, int line, int col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verr(err, y, line, col, fmt, ap);
    va_end(ap);
    return -1;
}

/* True when n carries a tag pnpkit does not read (anything but the core
 * schema's str, int, float, bool, null, seq and map: !!binary, !local, ...);
 * shown gets the tag as written ("!!binary"). */
static bool tag_unsupported(struct fy_node *n, char *shown, size_t size)
{
    static const char *const core[] = {"str", "int", "float", "bool", "null", "seq", "map"};
    static const char prefix[] = "tag:yaml.org,2002:";
    const size_t plen = sizeof prefix - 1;
    size_t len = 0;
    const char *tag = fy_node_get_tag(n, &len);
    if (!tag || !len) return false;
    bool yaml = len > plen && !strncmp(tag, prefix, plen);
    if (yaml)
        for (size_t i = 0; i < G_N_ELEMENTS(core); i++)
            if (strlen(core[i]) == len - plen && !strncmp(tag + plen, core[i], len - plen))
                return false;
    snprintf(shown, size, "%s%.*s", yaml ? "!!" : "", (int)(yaml ? len - plen : len),
             yaml ? tag + plen : tag);
    return true;
}

/* Refuses complex and duplicate keys (libfyaml's own duplicate check is
 * quadratic, so it is turned off) and, as a second line, the prescan limits.
 * Before merge keys and aliases are expanded (aliases true), an alias is a
 * node like another; after, none may be left. */
typedef struct {
    long nodes, aliases;
} tree_count;

#define NUL_REFUSED "a NUL character (U+0000) is not allowed: it would cut the text short"

/* True when scalar n holds a NUL ("a\0b" in double quotes): C strings of
 * it would end there. */
static bool has_nul(struct fy_node *n)
{
    size_t len = 0;
    const char *s = fy_node_get_type(n) == FYNT_SCALAR ? fy_node_get_scalar(n, &len) : NULL;
    return s && memchr(s, '\0', len);
}

static int check_tree(const pn_yml *y, struct fy_node *n, int depth, bool aliases, tree_count *tc,
                      pn_err *err)
{
    if (!n) return 0;
    if (++tc->nodes > PN_YML_MAX_NODES)
        return pn_yml_err(err, y, n, "document too large: more than %d nodes", PN_YML_MAX_NODES);
    if (depth > PN_YML_MAX_DEPTH)
        return pn_yml_err(err, y, n, "nesting deeper than %d levels", PN_YML_MAX_DEPTH);
    if (fy_node_is_alias(n)) {
        tc->aliases++;
        if (aliases) return 0;
        return pn_yml_err(err, y, n, "an alias (*name) that could not be expanded");
    }
    char tag[64];
    if (tag_unsupported(n, tag, sizeof tag)) {
        /* at the tag itself: an empty value has no place of its own */
        struct fy_token *t = fy_node_get_tag_token(n);
        const struct fy_mark *m = t ? fy_token_start_mark(t) : NULL;
        int line, col;
        if (m)
            line = m->line + 1, col = m->column + 1;
        else
            pn_yml_place(y, n, &line, &col);
        return pn_yml_err_at(err, y, line, col,
                             "the tag '%s' is not supported; write the value plainly", tag);
    }
    void *it = NULL;
    switch (fy_node_get_type(n)) {
    case FYNT_SEQUENCE:
        for (struct fy_node *c; (c = fy_node_sequence_iterate(n, &it));)
            if (check_tree(y, c, depth + 1, aliases, tc, err)) return -1;
        break;
    case FYNT_MAPPING: {
        if (fy_node_mapping_item_count(n) > PN_YML_MAX_KEYS)
            return pn_yml_err(err, y, n, "a mapping of more than %d keys", PN_YML_MAX_KEYS);
        GHashTable *seen = g_hash_table_new(g_str_hash, g_str_equal);
        int rc = 0;
        for (struct fy_node_pair *p; !rc && (p = fy_node_mapping_iterate(n, &it));) {
            struct fy_node *k = fy_node_pair_key(p);
            const char *ks = k && fy_node_get_type(k) == FYNT_SCALAR && !fy_node_is_alias(k)
                                 ? fy_node_get_scalar0(k)
                                 : NULL;
            if (k && !ks)
                rc = pn_yml_err(err, y, k, "a key must be a plain word");
            else if (ks && has_nul(k))
                rc = pn_yml_err(err, y, k, NUL_REFUSED);
            else if (ks && !g_hash_table_add(seen, (gpointer)ks))
                rc = pn_yml_err(err, y, k, "duplicate key '%s'", ks);
            else
                rc = check_tree(y, fy_node_pair_value(p), depth + 1, aliases, tc, err);
        }
        g_hash_table_destroy(seen);
        return rc;
    }
    default:
        if (has_nul(n)) return pn_yml_err(err, y, n, NUL_REFUSED);
        break;
    }
    return 0;
}

static bool is_merge_key(struct fy_node *k)
{
    const char *s = pn_yml_scalar(k);
    return s && !strcmp(s, "<<") && fy_node_get_style(k) == FYNS_PLAIN;
}

/* A key's text: a scalar written as such (not an alias), else NULL. Keys are
 * compared as text, never with libfyaml's lookup by string, which parses the
 * string it is given as YAML (and prints that parse's errors on stderr). */
static const char *key_text(struct fy_node *k)
{
    return k && !fy_node_is_alias(k) ? pn_yml_scalar(k) : NULL;
}

static int merge_keys(const pn_yml *y, struct fy_node *n, int depth, pn_err *err);

/* Merges source (a mapping, or an alias of one) into map: every key of it
 * that map has not got yet, copied. */
static int merge_from(const pn_yml *y, struct fy_node *map, struct fy_node *src, int depth,
                      pn_err *err)
{
    struct fy_node *m = fy_node_is_alias(src) ? fy_node_resolve_alias(src) : src;
    if (!m || fy_node_get_type(m) != FYNT_MAPPING)
        return pn_yml_err(err, y, src,
                          "<<: expected a mapping to merge (an alias *name of one, or a list "
                          "of them)");
    if (!fy_node_is_alias(src) && merge_keys(y, m, depth + 1, err)) return -1;
    /* map's keys as text (a set): libfyaml's lookup by string would parse
     * each key as YAML, printing that parse's errors on stderr */
    GHashTable *have = g_hash_table_new(g_str_hash, g_str_equal);
    void *it = NULL;
    for (struct fy_node_pair *p; (p = fy_node_mapping_iterate(map, &it));) {
        const char *k = key_text(fy_node_pair_key(p));
        if (k) g_hash_table_add(have, (gpointer)k);
    }
    int rc = 0;
    it = NULL;
    for (struct fy_node_pair *p; !rc && (p = fy_node_mapping_iterate(m, &it));) {
        const char *k = key_text(fy_node_pair_key(p));
        if (!k || is_merge_key(fy_node_pair_key(p)) || g_hash_table_contains(have, k)) continue;
        struct fy_node *kc = fy_node_copy(fy_node_document(map), fy_node_pair_key(p));
        struct fy_node *vc = fy_node_copy(fy_node_document(map), fy_node_pair_value(p));
        if (!kc || !vc || fy_node_mapping_append(map, kc, vc)) {
            if (kc) fy_node_free(kc);
            if (vc) fy_node_free(vc);
            rc = pn_err_set(err, PN_EIO, "%s: out of memory merging keys", y->file);
        }
        g_hash_table_add(have, (gpointer)k);
    }
    g_hash_table_destroy(have);
    return rc;
}

/* YAML merge keys, "<<: *style" or "<<: [*a, *b]" in a mapping: the keys of
 * the mappings named are added, those written in the mapping itself win,
 * and an earlier mapping of the list wins over a later one. The document is
 * walked in order, so an anchored mapping has its own merges done before an
 * alias copies it. */
static int merge_keys(const pn_yml *y, struct fy_node *n, int depth, pn_err *err)
{
    if (!n || fy_node_is_alias(n) || depth > PN_YML_MAX_DEPTH) return 0;
    void *it = NULL;
    if (fy_node_get_type(n) == FYNT_SEQUENCE) {
        for (struct fy_node *c; (c = fy_node_sequence_iterate(n, &it));)
            if (merge_keys(y, c, depth + 1, err)) return -1;
        return 0;
    }
    if (fy_node_get_type(n) != FYNT_MAPPING) return 0;
    struct fy_node *mk = NULL;
    for (struct fy_node_pair *p; (p = fy_node_mapping_iterate(n, &it));)
        if (is_merge_key(fy_node_pair_key(p))) mk = fy_node_pair_key(p);
    if (mk) {
        struct fy_node *v = fy_node_mapping_lookup_value_by_key(n, mk);
        if (v && fy_node_get_type(v) == FYNT_SEQUENCE) {
            void *si = NULL;
            for (struct fy_node *c; (c = fy_node_sequence_iterate(v, &si));)
                if (merge_from(y, n, c, depth, err)) return -1;
        } else if (merge_from(y, n, v, depth, err)) {
            return -1;
        }
        struct fy_node *gone = fy_node_mapping_remove_by_key(n, mk);
        if (gone) fy_node_free(gone);
    }
    it = NULL;
    for (struct fy_node_pair *p; (p = fy_node_mapping_iterate(n, &it));)
        if (merge_keys(y, fy_node_pair_value(p), depth + 1, err)) return -1;
    return 0;
}

/* Checks the tree as written, expands merge keys and aliases (the first pass
 * bounded what they expand to), and checks the result. */
static pn_yml *wrap(struct fy_document *fyd, const char *file, char *text,
                    const yml_first_error *first, pn_err *err)
{
    pn_yml *y = g_new0(pn_yml, 1);
    y->fyd = fyd;
    y->file = g_strdup(file);
    y->buf = text;
    tree_count written = {0}, expanded = {0};
    int rc = check_tree(y, fy_document_root(fyd), 0, true, &written, err);
    if (!rc) rc = merge_keys(y, fy_document_root(fyd), 0, err);
    /* libfyaml's resolving compares the keys of every mapping pairwise (a
     * mapping of 25 000 keys took 20 to 76 s): only aliases need it */
    if (!rc && written.aliases && fy_document_resolve(fyd)) rc = yml_diag_err(first, file, err);
    if (!rc) rc = check_tree(y, fy_document_root(fyd), 0, false, &expanded, err);
    if (rc) {
        pn_yml_free(y);
        return NULL;
    }
    return y;
}

/* Loads from text, which the document keeps (and frees) on success. Text built
 * into pnpkit skips the syntax check (yml_scan.h). */
static pn_yml *load_owned(const char *name, char *text, size_t len, bool builtin, pn_err *err)
{
    yml_scan_stop stop;
    if (builtin ? yml_scan_builtin(name, text, len, &stop, err)
                : yml_scan(name, text, len, &stop, err)) {
        g_free(text);
        return NULL;
    }
    yml_first_error first = {0};
    struct fy_diag *d = yml_diag_new(&first);
    struct fy_parse_cfg cfg = {.flags = FYPCF_QUIET | FYPCF_ALLOW_DUPLICATE_KEYS, .diag = d};
    struct fy_document *fyd = fy_document_build_from_string(&cfg, text, len);
    if (!fyd) {
        yml_diag_err(&first, name, err);
        fy_diag_unref(d);
        g_free(text);
        return NULL;
    }
    pn_yml *y = wrap(fyd, name, text, &first, err);
    fy_diag_unref(d);
    return y;
}

static pn_yml *load_copy(const char *name, const char *buf, size_t len, bool builtin, pn_err *err)
{
    if (len > PN_YML_MAX_BYTES) {
        pn_err_at(err, name, 0, 0, "file too large (%zu bytes; at most %u)", len, PN_YML_MAX_BYTES);
        return NULL;
    }
    char *copy = g_malloc(len + 1);
    memcpy(copy, buf, len);
    copy[len] = '\0';
    return load_owned(name, copy, len, builtin, err);
}

pn_yml *pn_yml_load_buffer(const char *name, const char *buf, size_t len, pn_err *err)
{
    return load_copy(name, buf, len, false, err);
}

pn_yml *pn_yml_load_builtin(const char *name, const char *buf, size_t len, pn_err *err)
{
    return load_copy(name, buf, len, true, err);
}

/* A file named by path, opened for reading: a regular file or a directory
 * (refused as it is read). A FIFO or a device is refused, not waited on or
 * read without end (standard input is given as "-"). NULL with err. */
static FILE *open_file(const char *path, pn_err *err)
{
    struct stat st;
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        pn_err_set(err, PN_EIO, "%s: %s", path, strerror(errno));
        return NULL;
    }
    if (fstat(fd, &st) != 0 || !(S_ISREG(st.st_mode) || S_ISDIR(st.st_mode))) {
        close(fd);
        pn_err_set(err, PN_EINPUT, "%s: not a regular file (a FIFO or a device)", path);
        return NULL;
    }
    FILE *fp = fdopen(fd, "rb");
    if (!fp) {
        pn_err_set(err, PN_EIO, "%s: %s", path, strerror(errno));
        close(fd);
    }
    return fp;
}

char *pn_yml_read_file(const char *path, size_t max, size_t *len, pn_err *err)
{
    bool std = strcmp(path, "-") == 0;
    FILE *fp = std ? stdin : open_file(path, err);
    if (!fp) {
        if (std) pn_err_set(err, PN_EIO, "%s: %s", path, strerror(errno));
        return NULL;
    }
    GString *s = g_string_sized_new(4096);
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, fp)) > 0) {
        if (s->len + n > max) {
            pn_err_at(err, std ? "<stdin>" : path, 0, 0, "file too large (more than %zu bytes)",
                      max);
            if (!std) fclose(fp);
            g_string_free(s, TRUE);
            return NULL;
        }
        g_string_append_len(s, chunk, (gssize)n);
    }
    int bad = ferror(fp) ? errno : 0;
    if (!std) fclose(fp);
    if (bad) {
        pn_err_set(err, PN_EIO, "%s: %s", path,
                   bad == EISDIR ? "is a directory, not a file" : g_strerror(bad));
        g_string_free(s, TRUE);
        return NULL;
    }
    *len = s->len;
    return g_string_free(s, FALSE);
}

/* What text with no YAML in it holds: "empty" (nothing or blanks), "comments"
 * (comment lines and blanks), or NULL when it holds something else. */
static const char *yml_nothing(const char *text, size_t len)
{
    bool comment = false, in_comment = false;
    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        if (c == '\n')
            in_comment = false;
        else if (in_comment || c == ' ' || c == '\t' || c == '\r')
            continue;
        else if (c == '#')
            comment = in_comment = true;
        else
            return NULL;
    }
    return comment ? "comments" : "empty";
}

pn_yml *pn_yml_load_file(const char *path, pn_err *err)
{
    size_t len = 0;
    char *buf = pn_yml_read_file(path, PN_YML_MAX_BYTES, &len, err);
    if (!buf) return NULL;
    pn_inputs_note(path);
    const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
    const char *nothing = yml_nothing(buf, len);
    if (nothing) {
        g_free(buf);
        pn_err_at(err, name, 0, 0,
                  !strcmp(nothing, "empty") ? "the file is empty" : "the file holds only comments");
        return NULL;
    }
    return load_owned(name, buf, len, false, err);
}

void pn_yml_free(pn_yml *y)
{
    if (!y) return;
    fy_document_destroy(y->fyd);
    g_free(y->file);
    g_free(y->buf);
    g_free(y);
}

struct fy_node *pn_yml_root(const pn_yml *y)
{
    return y ? fy_document_root(y->fyd) : NULL;
}

/* True when n is written plainly and not tagged !!str: only such a scalar
 * may be read as a number or a null ("4", '4' and !!str 4 are texts). */
static bool plain_untyped(struct fy_node *n)
{
    if (fy_node_get_style(n) != FYNS_PLAIN) return false;
    size_t len = 0;
    const char *tag = fy_node_get_tag(n, &len);
    static const char str[] = "tag:yaml.org,2002:str";
    return !(tag && len == sizeof str - 1 && !memcmp(tag, str, len));
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
    if (!plain_untyped(n)) return false;
    const char *s = fy_node_get_scalar0(n);
    return !s || !*s || strcmp(s, "~") == 0 || strcmp(s, "null") == 0 || strcmp(s, "Null") == 0 ||
           strcmp(s, "NULL") == 0;
}

struct fy_node *pn_yml_get(struct fy_node *m, const char *key)
{
    if (!m || fy_node_get_type(m) != FYNT_MAPPING) return NULL;
    void *it = NULL;
    for (struct fy_node_pair *p; (p = fy_node_mapping_iterate(m, &it));) {
        const char *k = key_text(fy_node_pair_key(p));
        if (k && !strcmp(k, key)) return fy_node_pair_value(p);
    }
    return NULL;
}

int pn_yml_expect(const pn_yml *y, struct fy_node *n, enum fy_node_type type, const char *what,
                  pn_err *err)
{
    if (n && fy_node_get_type(n) == type) return 0;
    return pn_yml_err(err, y, n, "expected %s", what);
}

/* "what: " before a message, when what is given. */
#define WHAT(w) (w) ? (w) : "", (w) ? ": " : ""

int pn_yml_int(const pn_yml *y, struct fy_node *n, long min, long max, long *out, pn_err *err)
{
    return pn_yml_int_named(y, n, min, max, NULL, out, err);
}

int pn_yml_int_named(const pn_yml *y, struct fy_node *n, long min, long max, const char *what,
                     long *out, pn_err *err)
{
    const char *s = pn_yml_scalar(n);
    if (!s || !*s || !plain_untyped(n))
        return pn_yml_err(err, y, n, "%s%sexpected a whole number from %ld to %ld", WHAT(what), min,
                          max);
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (*end || end == s || s[0] == ' ' || (errno && errno != ERANGE))
        return pn_yml_err(err, y, n, "%s%s'%s' is not a whole number", WHAT(what), s);
    /* reported as written, also when too large for a long */
    if (errno == ERANGE || v < min || v > max)
        return pn_yml_err(err, y, n, "%s%s%s is out of range (%ld to %ld)", WHAT(what), s, min,
                          max);
    *out = v;
    return 0;
}

int pn_yml_text(const pn_yml *y, struct fy_node *n, const char *what, char *buf, size_t size,
                pn_err *err)
{
    const char *s = pn_yml_scalar(n);
    if (!s) return pn_yml_err(err, y, n, "%s%sexpected a text value", WHAT(what));
    size_t len = strlen(s), full = 0;
    fy_node_get_scalar(n, &full);
    if (len >= size)
        return pn_yml_err(err, y, n, "%s%slonger than %zu bytes", WHAT(what), size - 1);
    if (full != len) /* "a\0b" would lose its end */
        return pn_yml_err(err, y, n, "%s%scontrol characters are not allowed", WHAT(what));
    if (!g_utf8_validate(s, (gssize)len, NULL))
        return pn_yml_err(err, y, n, "%s%snot valid UTF-8", WHAT(what));
    for (const char *p = s; *p; p = g_utf8_next_char(p)) {
        gunichar c = g_utf8_get_char(p);
        /* C0, DEL and C1 controls, and the marks that reorder text on a screen */
        if (g_unichar_iscntrl(c) || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069))
            return pn_yml_err(err, y, n, "%s%scontrol characters are not allowed", WHAT(what));
    }
    memcpy(buf, s, len + 1);
    return 0;
}

int pn_yml_list(const pn_yml *y, struct fy_node *n, int min, int max, const char *what, pn_err *err)
{
    if (!n || fy_node_get_type(n) != FYNT_SEQUENCE) {
        if (min == max)
            return pn_yml_err(err, y, n, "%s%sexpected a list of %d items", WHAT(what), min);
        return pn_yml_err(err, y, n, "%s%sexpected a list", WHAT(what));
    }
    int count = fy_node_sequence_item_count(n);
    if (count < min || count > max) {
        const char *w = what ? what : "the list";
        if (min == max)
            return pn_yml_err(err, y, n, "%s has %d item%s; expected %d", w, count,
                              count == 1 ? "" : "s", min);
        return pn_yml_err(err, y, n, "%s has %d item%s; expected %d to %d", w, count,
                          count == 1 ? "" : "s", min, max);
    }
    return count;
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

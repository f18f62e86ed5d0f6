/* yml_scan.c: the first pass over untrusted YAML: byte checks, libyaml's
 * syntax check, then libfyaml's events counted against the limits. */
#include "util/yml_scan.h"

#include <glib.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>
#include "util/yml.h"

/* ---- libfyaml's error output ---- */

static void diag_output(struct fy_diag *d, void *user, const char *buf, size_t len);

struct fy_diag *yml_diag_new(yml_first_error *f)
{
    struct fy_diag_cfg cfg;
    fy_diag_cfg_default(&cfg);
    cfg.fp = NULL;
    cfg.output_fn = diag_output;
    cfg.user = f;
    cfg.colorize = false;
    cfg.show_source = false;
    return fy_diag_create(&cfg);
}

int yml_diag_err(const yml_first_error *f, const char *file, pn_err *err)
{
    if (!f->got) return pn_err_at(err, file, 0, 0, "not valid YAML");
    return pn_err_at(err, file, f->line, f->col, "invalid YAML: %s",
                     f->msg[0] ? f->msg : "syntax error");
}

/* Errors are captured from libfyaml's text output ("NAME:LINE:COL: error:
 * MESSAGE"): collecting them with fy_diag_set_collect_errors leaks every record
 * in libfyaml 0.7. */
static void diag_output(struct fy_diag *d, void *user, const char *buf, size_t len)
{
    yml_first_error *f = user;
    const char *tag = g_strstr_len(buf, (gssize)len, ": error: ");
    if (f->got || !tag) return;
    f->got = true;
    const char *msg = tag + 9, *end = buf + len;
    size_t n = 0;
    while (msg + n < end && msg[n] != '\n' && n + 1 < sizeof f->msg)
        n++;
    memcpy(f->msg, msg, n);
    f->msg[n] = '\0';
    /* ":LINE:COL" just before the tag. */
    const char *p = tag;
    long num[2] = {0, 0};
    bool placed = true;
    for (int k = 1; k >= 0 && placed; k--) {
        const char *digits = p;
        while (digits > buf && g_ascii_isdigit(digits[-1]))
            digits--;
        if (digits == p || digits == buf || digits[-1] != ':') {
            placed = false;
            break;
        }
        num[k] = strtol(digits, NULL, 10);
        p = digits - 1;
    }
    if (placed && num[0] > 0 && num[0] < INT_MAX && num[1] > 0 && num[1] < INT_MAX) {
        f->line = (int)num[0];
        f->col = (int)num[1];
    }
}

/* ---- the first pass itself ---- */

/* The bytes before any parsing: no NUL, valid UTF-8, no line longer than
 * PN_YML_MAX_LINE (libfyaml holds every token of a line in memory), and no tab
 * outside a comment. YAML never indents with tabs, and libfyaml 0.7 crashes on
 * some tabs used as separators (for instance "? a:<tab>:"), so a tab is refused
 * with its place instead; a comment, from a '#' at the start of a line or after
 * a space, may hold anything. */
static int check_bytes(const char *file, const char *buf, size_t len, pn_err *err)
{
    const char *end = NULL;
    bool valid = g_utf8_validate_len(buf, len, &end);
    size_t stop = valid ? len : (size_t)(end - buf);
    int line = 1;
    size_t start = 0;
    bool comment = false;
    for (size_t i = 0; i <= stop; i++) {
        if (i - start > PN_YML_MAX_LINE)
            return pn_err_at(err, file, line, PN_YML_MAX_LINE + 1, "line longer than %d bytes",
                             PN_YML_MAX_LINE);
        if (i == stop) break;
        if (buf[i] == '\n') {
            line++;
            start = i + 1;
            comment = false;
        } else if (buf[i] == '#' && (i == start || buf[i - 1] == ' ')) {
            comment = true;
        } else if (buf[i] == '\t' && !comment) {
            int col = (int)g_utf8_strlen(buf + start, (gssize)(i - start)) + 1;
            return pn_err_at(err, file, line, col,
                             "a tab character; YAML is indented and separated with spaces "
                             "(in a quoted text, write \\t)");
        }
    }
    if (valid) return 0;
    int col = (int)g_utf8_strlen(buf + start, (gssize)(stop - start)) + 1;
    if (*end == '\0') return pn_err_at(err, file, line, col, "NUL byte in the text");
    return pn_err_at(err, file, line, col, "not valid UTF-8 (save the file as UTF-8)");
}

/* What an anchor (&name) stands for: the nodes an alias (*name) to it adds
 * when expanded, and how deep it nests below itself. */
typedef struct anchor_size {
    long nodes;
    int depth;
} anchor_size;

/* An open collection: the nodes counted before it, the deepest nesting met
 * inside it, and its anchor (owned) or NULL. */
typedef struct open_coll {
    long nodes0;
    int depth0, deepest;
    char *anchor;
} open_coll;

static char *token_text(struct fy_token *t)
{
    size_t n = 0;
    const char *s = t ? fy_token_get_text(t, &n) : NULL;
    return s ? g_strndup(s, n) : NULL;
}

/* libfyaml's events against the limits, without building anything. Aliases
 * count as what they expand to: each adds the nodes and the nesting of the
 * anchored value (itself counted with its own aliases expanded), so a "billion
 * laughs" of aliases of aliases passes the node limit after a few levels and
 * is refused here, before anything is built or expanded. A syntax error or a
 * limit stops the scan with -1 and the document it is in. */
static int scan_events(const char *file, const char *buf, size_t len, yml_scan_stop *stop,
                       pn_err *err)
{
    struct fy_parse_cfg cfg = {.flags = FYPCF_QUIET | FYPCF_ALLOW_DUPLICATE_KEYS};
    yml_first_error first = {0};
    struct fy_diag *d = yml_diag_new(&first);
    cfg.diag = d;
    struct fy_parser *fyp = fy_parser_create(&cfg);
    int rc = 0, doc = -1, depth = 0;
    long nodes = 0;
    size_t doc_pos = 0;
    GHashTable *anchors = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    GArray *open = g_array_new(FALSE, FALSE, sizeof(open_coll));
    stop->doc = 0;
    stop->pos = 0;
    if (!fyp || fy_parser_set_string(fyp, buf, len) != 0)
        rc = pn_err_set(err, PN_EIO, "%s: cannot start the YAML parser", file);
    for (struct fy_event *e; !rc && (e = fy_parser_parse(fyp));) {
        const struct fy_mark *m = fy_event_start_mark(e);
        int line = m ? m->line + 1 : 0, col = m ? m->column + 1 : 0;
        switch (e->type) {
        case FYET_DOCUMENT_START:
            doc_pos = m ? m->input_pos : 0;
            if (++doc >= PN_YML_MAX_DOCS)
                rc = pn_err_at(err, file, line, col, "more than %d documents", PN_YML_MAX_DOCS);
            nodes = 0;
            depth = 0;
            g_hash_table_remove_all(anchors); /* anchors belong to their document */
            break;
        case FYET_SEQUENCE_START:
        case FYET_MAPPING_START: {
            struct fy_token *a =
                e->type == FYET_SEQUENCE_START ? e->sequence_start.anchor : e->mapping_start.anchor;
            open_coll o = {nodes, depth, depth + 1, token_text(a)};
            g_array_append_val(open, o);
            if (++depth > PN_YML_MAX_DEPTH)
                rc = pn_err_at(err, file, line, col, "nesting deeper than %d levels",
                               PN_YML_MAX_DEPTH);
            else if (++nodes > PN_YML_MAX_NODES)
                rc = pn_err_at(err, file, line, col, "document too large: more than %d nodes",
                               PN_YML_MAX_NODES);
            break;
        }
        case FYET_SEQUENCE_END:
        case FYET_MAPPING_END:
            depth--;
            if (open->len) {
                open_coll o = g_array_index(open, open_coll, open->len - 1);
                g_array_set_size(open, open->len - 1);
                if (open->len) {
                    open_coll *up = &g_array_index(open, open_coll, open->len - 1);
                    up->deepest = MAX(up->deepest, o.deepest);
                }
                if (o.anchor) {
                    anchor_size *sz = g_new(anchor_size, 1);
                    *sz = (anchor_size){nodes - o.nodes0, o.deepest - o.depth0};
                    g_hash_table_replace(anchors, o.anchor, sz);
                }
            }
            break;
        case FYET_SCALAR: {
            const struct fy_mark *me = fy_event_end_mark(e);
            char *a = token_text(e->scalar.anchor);
            if (a) {
                anchor_size *sz = g_new(anchor_size, 1);
                *sz = (anchor_size){1, 0};
                g_hash_table_replace(anchors, a, sz);
            }
            if (++nodes > PN_YML_MAX_NODES)
                rc = pn_err_at(err, file, line, col, "document too large: more than %d nodes",
                               PN_YML_MAX_NODES);
            else if (m && me && me->input_pos - m->input_pos > PN_YML_MAX_SCALAR)
                rc = pn_err_at(err, file, line, col, "a value longer than %d bytes",
                               PN_YML_MAX_SCALAR);
            break;
        }
        case FYET_ALIAS: {
            char *a = token_text(e->alias.anchor);
            if (col > 1) col--; /* the token starts after the '*' */
            const anchor_size *sz = a ? g_hash_table_lookup(anchors, a) : NULL;
            if (!sz) {
                rc = pn_err_at(err, file, line, col,
                               "*%s: no anchor &%s stands before it (or it is still open)",
                               a ? a : "", a ? a : "");
            } else if (depth + sz->depth > PN_YML_MAX_DEPTH) {
                rc =
                    pn_err_at(err, file, line, col,
                              "nesting deeper than %d levels (aliases expanded)", PN_YML_MAX_DEPTH);
            } else if ((nodes += sz->nodes) > PN_YML_MAX_NODES) {
                rc = pn_err_at(err, file, line, col,
                               "document too large: more than %d nodes (aliases expanded)",
                               PN_YML_MAX_NODES);
            } else if (open->len) {
                open_coll *up = &g_array_index(open, open_coll, open->len - 1);
                up->deepest = MAX(up->deepest, depth + sz->depth);
            }
            g_free(a);
            break;
        }
        default:
            break;
        }
        fy_parser_event_free(fyp, e);
    }
    if (!rc && fyp && fy_parser_get_stream_error(fyp)) rc = yml_diag_err(&first, file, err);
    for (guint i = 0; i < open->len; i++)
        g_free(g_array_index(open, open_coll, i).anchor);
    g_array_free(open, TRUE);
    g_hash_table_destroy(anchors);
    if (fyp) fy_parser_destroy(fyp);
    fy_diag_unref(d);
    if (rc) {
        stop->doc = doc < 0 ? 0 : doc;
        stop->pos = doc < 0 ? 0 : doc_pos;
    }
    return rc;
}

/* 1-based line and column (in characters) of byte offset off in buf. */
static void place_offset(const char *buf, size_t len, size_t off, int *line, int *col)
{
    if (off > len) off = len;
    int l = 1;
    size_t start = 0;
    for (size_t i = 0; i < off; i++)
        if (buf[i] == '\n') {
            l++;
            start = i + 1;
        }
    *line = l;
    *col = (int)g_utf8_strlen(buf + start, (gssize)(off - start)) + 1;
}

/* The last "#rgb".."#rrggbbaa" on lines 1..upto that YAML reads as a
 * comment: after a space that follows a ':', ',', '[', '{' or '-'. A colour
 * left unquoted in a flow mapping ("{fill: #ff0000}") hides the rest of the
 * line, so libyaml's error comes later, often past the end of the file. */
static bool hidden_colour(const char *buf, size_t len, int upto, int *line, int *col, char *word,
                          size_t size)
{
    bool found = false;
    int l = 1;
    size_t start = 0;
    for (size_t i = 0; i < len && l <= upto; i++) {
        if (buf[i] == '\n') {
            l++;
            start = i + 1;
            continue;
        }
        if (buf[i] != '#' || i < start + 2 || buf[i - 1] != ' ') continue;
        size_t k = i - 1;
        while (k > start && buf[k] == ' ')
            k--;
        if (!strchr(":,[{-", buf[k])) continue;
        size_t n = 0;
        while (i + 1 + n < len && g_ascii_isxdigit(buf[i + 1 + n]))
            n++;
        char after = i + 1 + n < len ? buf[i + 1 + n] : '\n';
        if ((n != 3 && n != 4 && n != 6 && n != 8) || g_ascii_isalnum(after) || n + 2 > size)
            continue;
        memcpy(word, buf + i, n + 1);
        word[n + 1] = '\0';
        *line = l;
        *col = (int)g_utf8_strlen(buf + start, (gssize)(i - start)) + 1;
        found = true;
    }
    return found;
}

/* libyaml's parser over the whole text: syntax only. It stops at the first
 * error with its place; the document it is in is counted from the document
 * starts before it. */
static int check_syntax(const char *file, const char *buf, size_t len, yml_scan_stop *stop,
                        pn_err *err)
{
    yaml_parser_t p;
    if (!yaml_parser_initialize(&p))
        return pn_err_set(err, PN_EIO, "%s: cannot start the YAML parser", file);
    yaml_parser_set_input_string(&p, (const unsigned char *)buf, len);
    int rc = 0, doc = -1, depth = 0;
    size_t doc_pos = 0;
    for (;;) {
        yaml_event_t e;
        if (!yaml_parser_parse(&p, &e)) {
            /* marks are 0-based; a reader error (a character YAML does not
             * allow) has only a byte offset */
            int line = (int)p.problem_mark.line + 1, col = (int)p.problem_mark.column + 1;
            if (p.error == YAML_READER_ERROR) place_offset(buf, len, p.problem_offset, &line, &col);
            const char *what = p.problem ? p.problem : "syntax error";
            int hl, hc;
            char word[16];
            if (p.error == YAML_MEMORY_ERROR)
                rc = pn_err_set(err, PN_EIO, "%s: out of memory reading YAML", file);
            else if (hidden_colour(buf, len, line, &hl, &hc, word, sizeof word))
                rc = pn_err_at(err, file, hl, hc,
                               "invalid YAML: %s: a '#' after a space starts a comment, so the "
                               "rest of this line is not read; quote colours: '%s'",
                               what, word);
            else {
                /* libyaml may place an error at the end of the stream, on a
                 * line after the last one: name the last line's end. */
                int last, end_col;
                place_offset(buf, len, len, &last, &end_col);
                if (len && buf[len - 1] == '\n' && last > 1) {
                    last--;
                    size_t k = len - 1, start = k;
                    while (start > 0 && buf[start - 1] != '\n')
                        start--;
                    end_col = (int)g_utf8_strlen(buf + start, (gssize)(k - start)) + 1;
                }
                if (line > last) {
                    line = last;
                    col = end_col;
                }
                rc = pn_err_at(err, file, line, col, "invalid YAML: %s", what);
            }
            break;
        }
        yaml_event_type_t type = e.type;
        if (type == YAML_DOCUMENT_START_EVENT) {
            doc++;
            doc_pos = e.start_mark.index;
            depth = 0;
        }
        /* The nesting is bounded here, as the events come: libyaml's scanner
         * does work in proportion to the open collections for every token,
         * so 100,000 nested '[' would cost it minutes before the event
         * count below could refuse them. */
        if ((type == YAML_SEQUENCE_START_EVENT || type == YAML_MAPPING_START_EVENT) &&
            ++depth > PN_YML_MAX_DEPTH)
            rc = pn_err_at(err, file, (int)e.start_mark.line + 1, (int)e.start_mark.column + 1,
                           "nesting deeper than %d levels", PN_YML_MAX_DEPTH);
        if (type == YAML_SEQUENCE_END_EVENT || type == YAML_MAPPING_END_EVENT) depth--;
        yaml_event_delete(&e);
        if (rc || type == YAML_STREAM_END_EVENT) break;
    }
    yaml_parser_delete(&p);
    if (rc) {
        stop->doc = doc < 0 ? 0 : doc;
        stop->pos = doc < 0 ? 0 : doc_pos;
    }
    return rc;
}

int yml_scan(const char *file, const char *text, size_t len, yml_scan_stop *stop, pn_err *err)
{
    stop->doc = 0;
    stop->pos = 0;
    if (check_bytes(file, text, len, err)) return -1;
    if (check_syntax(file, text, len, stop, err)) return -1;
    return scan_events(file, text, len, stop, err);
}

int yml_scan_builtin(const char *file, const char *text, size_t len, yml_scan_stop *stop,
                     pn_err *err)
{
    stop->doc = 0;
    stop->pos = 0;
    if (check_bytes(file, text, len, err)) return -1;
    return scan_events(file, text, len, stop, err);
}

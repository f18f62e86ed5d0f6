/* jsonin.c: a strict RFC 8259 reader into json-glib nodes, for request
 * bodies. json-glib's own parser recurses once per nesting level without a
 * limit and accepts comments, single quotes, duplicate keys and text after
 * the value; this one refuses all of them, and refuses a level beyond
 * SERVE_JSON_MAX_DEPTH before entering it. */
#include "serve/jsonin.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

struct serve_json {
    JsonNode *root;
    GHashTable *numbers; /* JsonNode* -> char*: the text of each number */
};

typedef struct reader {
    const char *s;
    size_t len, pos;
    serve_json *j;
    char *msg;
    size_t size;
    bool failed;
    long values; /* read so far, against SERVE_JSON_MAX_VALUES */
} reader;

static void fail_at(reader *r, size_t pos, const char *fmt, ...) G_GNUC_PRINTF(3, 4);

/* Records the first problem with its line and column (in characters). */
static void fail_at(reader *r, size_t pos, const char *fmt, ...)
{
    if (r->failed) return;
    r->failed = true;
    if (pos > r->len) pos = r->len;
    int line = 1;
    size_t start = 0;
    for (size_t i = 0; i < pos; i++)
        if (r->s[i] == '\n') {
            line++;
            start = i + 1;
        }
    long col = 1;
    for (size_t i = start; i < pos; i++)
        if (((unsigned char)r->s[i] & 0xC0) != 0x80) col++;
    char what[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    /* The message goes into a JSON answer: valid UTF-8 whatever it quotes
     * (a cut at the buffer's end or a byte of the request's body). */
    if (!g_utf8_validate(what, -1, NULL)) {
        char *valid = g_utf8_make_valid(what, -1);
        g_strlcpy(what, valid, sizeof what);
        g_free(valid);
    }
    snprintf(r->msg, r->size, "line %d, column %ld: %s", line, col, what);
}

static void skip_space(reader *r)
{
    while (r->pos < r->len) {
        char c = r->s[r->pos];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r') break;
        r->pos++;
    }
}

static int hex4(const char *p)
{
    int v = 0;
    for (int i = 0; i < 4; i++) {
        int d = g_ascii_xdigit_value(p[i]);
        if (d < 0) return -1;
        v = v * 16 + d;
    }
    return v;
}

/* A string at r->pos (its opening quote), decoded into out. */
static bool read_string(reader *r, GString *out)
{
    size_t open = r->pos++;
    g_string_truncate(out, 0);
    while (r->pos < r->len) {
        unsigned char c = (unsigned char)r->s[r->pos];
        if (c == '"') {
            r->pos++;
            return true;
        }
        if (c < 0x20) {
            if (c)
                fail_at(r, r->pos, "a control character inside a string (write it as \\u%04x)", c);
            else
                fail_at(r, r->pos, "a NUL byte inside a string");
            return false;
        }
        if (c == '\\') {
            if (r->pos + 1 >= r->len) break;
            char e = r->s[r->pos + 1];
            const char *plain = strchr("\"\\/bfnrt", e);
            if (e && plain) {
                static const char to[] = "\"\\/\b\f\n\r\t";
                g_string_append_c(out, to[plain - "\"\\/bfnrt"]);
                r->pos += 2;
                continue;
            }
            if (e != 'u') {
                unsigned char ue = (unsigned char)e;
                gunichar ch = ue >= 0x80 ? g_utf8_get_char_validated(r->s + r->pos + 1,
                                                                     (gssize)(r->len - r->pos - 1))
                                         : ue;
                char shown[8] = {0};
                if (ch < 0x20 || ch == 0x7f || ch >= 0xfffffffe) /* a control or not UTF-8 */
                    fail_at(r, r->pos,
                            "a backslash before the byte 0x%02x is not an escape of JSON", ue);
                else
                    fail_at(r, r->pos, "'\\%.*s' is not an escape of JSON",
                            g_unichar_to_utf8(ch, shown), shown);
                return false;
            }
            int u = r->pos + 6 <= r->len ? hex4(r->s + r->pos + 2) : -1;
            if (u < 0) {
                fail_at(r, r->pos, "\\u takes four hexadecimal digits");
                return false;
            }
            size_t at = r->pos;
            r->pos += 6;
            gunichar ch = (gunichar)u;
            if (u >= 0xD800 && u <= 0xDBFF) {
                int lo = r->pos + 6 <= r->len && r->s[r->pos] == '\\' && r->s[r->pos + 1] == 'u'
                             ? hex4(r->s + r->pos + 2)
                             : -1;
                if (lo < 0xDC00 || lo > 0xDFFF) {
                    fail_at(r, at, "\\u%04X is half of a surrogate pair without its other half",
                            (unsigned)u);
                    return false;
                }
                r->pos += 6;
                ch = 0x10000 + (((gunichar)u - 0xD800) << 10) + ((gunichar)lo - 0xDC00);
            } else if (u >= 0xDC00 && u <= 0xDFFF) {
                fail_at(r, at, "\\u%04X is half of a surrogate pair without its other half",
                        (unsigned)u);
                return false;
            } else if (u == 0) {
                fail_at(r, at, "a NUL character (\\u0000) inside a string");
                return false;
            }
            g_string_append_unichar(out, ch);
            continue;
        }
        /* the whole text is valid UTF-8 (checked first): copy the byte */
        g_string_append_c(out, (char)c);
        r->pos++;
    }
    fail_at(r, open, "a string without its closing quote");
    return false;
}

static size_t digits(reader *r)
{
    size_t n = 0;
    while (r->pos < r->len && g_ascii_isdigit(r->s[r->pos])) {
        r->pos++;
        n++;
    }
    return n;
}

/* A number at r->pos: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? */
static JsonNode *read_number(reader *r)
{
    size_t start = r->pos;
    bool whole = true;
    if (r->s[r->pos] == '-') r->pos++;
    if (r->pos < r->len && r->s[r->pos] == '0') {
        r->pos++;
    } else if (!digits(r)) {
        fail_at(r, start, "not a JSON value");
        return NULL;
    }
    if (r->pos < r->len && r->s[r->pos] == '.') {
        r->pos++;
        whole = false;
        if (!digits(r)) {
            fail_at(r, r->pos, "a digit must follow the decimal point");
            return NULL;
        }
    }
    if (r->pos < r->len && (r->s[r->pos] == 'e' || r->s[r->pos] == 'E')) {
        r->pos++;
        whole = false;
        if (r->pos < r->len && (r->s[r->pos] == '+' || r->s[r->pos] == '-')) r->pos++;
        if (!digits(r)) {
            fail_at(r, r->pos, "a digit must follow the exponent's 'e'");
            return NULL;
        }
    }
    char *text = g_strndup(r->s + start, r->pos - start);
    JsonNode *n = json_node_new(JSON_NODE_VALUE);
    char *end;
    errno = 0;
    gint64 v = whole ? g_ascii_strtoll(text, &end, 10) : 0;
    if (whole && errno == 0 && !*end)
        json_node_set_int(n, v);
    else
        json_node_set_double(n, g_ascii_strtod(text, NULL));
    g_hash_table_insert(r->j->numbers, n, text);
    return n;
}

static bool word(reader *r, const char *w)
{
    size_t n = strlen(w);
    if (r->len - r->pos < n || memcmp(r->s + r->pos, w, n)) return false;
    r->pos += n;
    return true;
}

static JsonNode *read_value(reader *r, int depth, GString *buf);

/* An array at r->pos (its '['), whose items are at depth + 1. */
static JsonNode *read_array(reader *r, int depth, GString *buf)
{
    JsonArray *a = json_array_new();
    JsonNode *node = json_node_init_array(json_node_alloc(), a);
    json_array_unref(a);
    r->pos++;
    skip_space(r);
    if (r->pos < r->len && r->s[r->pos] == ']') {
        r->pos++;
        return node;
    }
    for (;;) {
        JsonNode *item = read_value(r, depth + 1, buf);
        if (!item) break;
        json_array_add_element(a, item);
        skip_space(r);
        if (r->pos < r->len && r->s[r->pos] == ',') {
            r->pos++;
            continue;
        }
        if (r->pos < r->len && r->s[r->pos] == ']') {
            r->pos++;
            return node;
        }
        fail_at(r, r->pos, "expected ',' or ']' in an array");
        break;
    }
    json_node_unref(node);
    return NULL;
}

static JsonNode *read_object(reader *r, int depth, GString *buf)
{
    JsonObject *o = json_object_new();
    JsonNode *node = json_node_init_object(json_node_alloc(), o);
    json_object_unref(o);
    r->pos++;
    skip_space(r);
    if (r->pos < r->len && r->s[r->pos] == '}') {
        r->pos++;
        return node;
    }
    for (;;) {
        skip_space(r);
        if (r->pos >= r->len || r->s[r->pos] != '"') {
            fail_at(r, r->pos, "expected a key in double quotes");
            break;
        }
        size_t at = r->pos;
        if (!read_string(r, buf)) break;
        if (json_object_has_member(o, buf->str)) {
            fail_at(r, at, "the key '%.80s' appears twice in one object", buf->str);
            break;
        }
        char *key = g_strdup(buf->str);
        skip_space(r);
        if (r->pos >= r->len || r->s[r->pos] != ':') {
            fail_at(r, r->pos, "expected ':' after a key");
            g_free(key);
            break;
        }
        r->pos++;
        JsonNode *v = read_value(r, depth + 1, buf);
        if (!v) {
            g_free(key);
            break;
        }
        json_object_set_member(o, key, v);
        g_free(key);
        skip_space(r);
        if (r->pos < r->len && r->s[r->pos] == ',') {
            r->pos++;
            continue;
        }
        if (r->pos < r->len && r->s[r->pos] == '}') {
            r->pos++;
            return node;
        }
        fail_at(r, r->pos, "expected ',' or '}' in an object");
        break;
    }
    json_node_unref(node);
    return NULL;
}

/* One value at depth (the root is at 1). An array or object is refused
 * before it is entered when it would be deeper than the limit, so the
 * recursion never goes past SERVE_JSON_MAX_DEPTH frames. */
static JsonNode *read_value(reader *r, int depth, GString *buf)
{
    skip_space(r);
    if (r->pos >= r->len) {
        fail_at(r, r->pos, "the text ends where a value was expected");
        return NULL;
    }
    char c = r->s[r->pos];
    if (++r->values > SERVE_JSON_MAX_VALUES) {
        fail_at(r, r->pos, "more than %d values in one body", SERVE_JSON_MAX_VALUES);
        return NULL;
    }
    if ((c == '[' || c == '{') && depth > SERVE_JSON_MAX_DEPTH) {
        fail_at(r, r->pos, "nesting deeper than %d levels", SERVE_JSON_MAX_DEPTH);
        return NULL;
    }
    if (c == '[') return read_array(r, depth, buf);
    if (c == '{') return read_object(r, depth, buf);
    if (c == '"') {
        if (!read_string(r, buf)) return NULL;
        JsonNode *n = json_node_new(JSON_NODE_VALUE);
        json_node_set_string(n, buf->str);
        return n;
    }
    if (c == '-' || g_ascii_isdigit(c)) return read_number(r);
    bool yes = word(r, "true");
    if (yes || word(r, "false")) {
        JsonNode *n = json_node_new(JSON_NODE_VALUE);
        json_node_set_boolean(n, yes);
        return n;
    }
    if (word(r, "null")) return json_node_new(JSON_NODE_NULL);
    if (c == '\'')
        fail_at(r, r->pos, "strings are written in double quotes");
    else if (c == '/')
        fail_at(r, r->pos, "JSON has no comments");
    else
        fail_at(r, r->pos, "not a JSON value");
    return NULL;
}

serve_json *serve_json_read(const char *text, size_t len, char *msg, size_t size)
{
    serve_json *j = g_new0(serve_json, 1);
    j->numbers = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, g_free);
    reader r = {.s = text, .len = len, .j = j, .msg = msg, .size = size};
    const char *bad = NULL;
    if (!g_utf8_validate_len(text, len, &bad)) {
        fail_at(&r, (size_t)(bad - text), *bad ? "not valid UTF-8" : "a NUL byte");
        serve_json_free(j);
        return NULL;
    }
    GString *buf = g_string_new(NULL);
    j->root = read_value(&r, 1, buf);
    g_string_free(buf, TRUE);
    if (j->root) {
        skip_space(&r);
        if (r.pos < r.len)
            fail_at(&r, r.pos,
                    r.s[r.pos] == '/' ? "JSON has no comments" : "more text after the value");
    }
    if (r.failed) {
        serve_json_free(j);
        return NULL;
    }
    return j;
}

void serve_json_free(serve_json *j)
{
    if (!j) return;
    if (j->root) json_node_unref(j->root);
    g_hash_table_destroy(j->numbers);
    g_free(j);
}

JsonNode *serve_json_root(const serve_json *j)
{
    return j->root;
}

const char *serve_json_number_text(const serve_json *j, JsonNode *n)
{
    return g_hash_table_lookup(j->numbers, n);
}

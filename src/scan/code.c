/* code.c: parsing a sheet's QR code text. */
#include "scan/code.h"

#include <glib.h>
#include <stdbool.h>
#include <string.h>

#define PREFIX "pnpkit:"

static bool word_ok(const char *s, size_t n, const char *extra)
{
    if (n == 0 || n > 64) return false;
    for (size_t i = 0; i < n; i++)
        if (!g_ascii_isalnum(s[i]) && !strchr(extra, s[i])) return false;
    return true;
}

static scan_code *fail(scan_code *c, pn_err *err, const char *text, const char *why)
{
    scan_code_free(c);
    pn_err_set(err, PN_EINPUT, "the QR code '%.80s' is not a pnpkit sheet's: %s", text, why);
    return NULL;
}

static scan_code *scan_code_read(const char *text, pn_err *err)
{
    scan_code *c = g_new0(scan_code, 1);
    if (strncmp(text, PREFIX, strlen(PREFIX)))
        return fail(c, err, text, "it does not start with 'pnpkit:'");
    const char *p = text + strlen(PREFIX);
    if (strncmp(p, "1/", 2)) return fail(c, err, text, "an unknown version (this reads 1)");
    p += 2;
    const char *q = strchr(p, '?');
    size_t n = q ? (size_t)(q - p) : strlen(p);
    if (*p == '@') {
        if (n != 17 || !word_ok(p + 1, 16, "")) return fail(c, err, text, "a bad template hash");
        c->hash = g_strndup(p + 1, 16);
    } else {
        if (!word_ok(p, n, "_-")) return fail(c, err, text, "a bad template name");
        c->name = g_strndup(p, n);
    }
    if (!q) return c;
    char **pairs = g_strsplit(q + 1, "&", 0);
    for (int i = 0; pairs[i]; i++) {
        char *eq = strchr(pairs[i], '=');
        if (!eq || c->n == SCAN_CODE_MAX_PAIRS ||
            !word_ok(pairs[i], (size_t)(eq - pairs[i]), "_-")) {
            g_strfreev(pairs);
            return fail(c, err, text, "a bad setting");
        }
        char *v = g_uri_unescape_string(eq + 1, NULL);
        if (!v || strlen(v) > 200 || strchr(v, '\n')) {
            g_free(v);
            g_strfreev(pairs);
            return fail(c, err, text, "a bad value");
        }
        c->key[c->n] = g_strndup(pairs[i], (gsize)(eq - pairs[i]));
        c->value[c->n++] = v;
        if (scan_code_get(c, c->key[c->n - 1]) != c->value[c->n - 1]) { /* the first of the key */
            g_strfreev(pairs);
            return fail(c, err, text, "a setting given twice");
        }
    }
    g_strfreev(pairs);
    return c;
}

/* A code written in capitals (see render/marks.c) had no capital letters. */
static char *code_text(const char *text)
{
    if (strncmp(text, "PNPKIT:", 7)) return g_strdup(text);
    return g_ascii_strdown(text, -1);
}

scan_code *scan_code_parse(const char *raw, pn_err *err)
{
    char *text = code_text(raw);
    scan_code *c = scan_code_read(text, err);
    g_free(text);
    return c;
}

const char *scan_code_get(const scan_code *c, const char *key)
{
    for (int i = 0; i < c->n; i++)
        if (!strcmp(c->key[i], key)) return c->value[i];
    return NULL;
}

void scan_code_free(scan_code *c)
{
    if (!c) return;
    for (int i = 0; i < c->n; i++) {
        g_free(c->key[i]);
        g_free(c->value[i]);
    }
    g_free(c->name);
    g_free(c->hash);
    g_free(c);
}

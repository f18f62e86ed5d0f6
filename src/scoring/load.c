/* load.c: what the sheet loaders share beyond util/yml.h: the root mapping,
 * the "game:" key, the lines of a document. */
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
        pn_yml_err_at(err, cx->y, line, 1, "the sheet is empty");
        return NULL;
    }
    if (fy_node_get_type(root) != FYNT_MAPPING) {
        pn_yml_err(err, cx->y, root, "a sheet is a mapping of key: value lines");
        return NULL;
    }
    if (pn_yml_check_keys(cx->y, root, keys, err)) return NULL;
    return root;
}

int sheet_game(const sheet_ctx *cx, struct fy_node *root, const char *game, pn_err *err)
{
    struct fy_node *g = pn_yml_get(root, "game");
    if (!g) return 0;
    const char *s = pn_yml_scalar(g);
    if (!s) return pn_yml_err(err, cx->y, g, "game: expected a game name");
    if (strcmp(s, game))
        return pn_yml_err(err, cx->y, g, "this sheet is for '%s', not %s", s, game);
    return 0;
}

/* dc_sheet.c: reading a DiCroNo set: players, and per game who rolled first,
 * the grid (a literal block or a list of rows) and the penalties. */
#include <glib.h>
#include <stdio.h>
#include <string.h>
#include "sheets/load.h"

/* The key node whose value is n in its parent mapping, or n itself. */
static struct fy_node *key_of(struct fy_node *n)
{
    struct fy_node *parent = n ? fy_node_get_document_parent(n) : NULL;
    if (!parent || fy_node_get_type(parent) != FYNT_MAPPING) return n;
    void *it = NULL;
    for (struct fy_node_pair *p; (p = fy_node_mapping_iterate(parent, &it));)
        if (fy_node_pair_value(p) == n) return fy_node_pair_key(p);
    return n;
}

static int player_of(const char *s)
{
    if (!s) return -1;
    if (!strcmp(s, "X") || !strcmp(s, "x")) return DC_PX;
    if (!strcmp(s, "O") || !strcmp(s, "o")) return DC_PO;
    return -1;
}

/* One row of text into the grid. line/col0: where the row's first character
 * is in the document (1-based). */
static int grid_row(const sheet_ctx *cx, int g, const char *row, size_t len, int r, int line,
                    int col0, dc_game *game, int *size, pn_err *err)
{
    int n = 0;
    for (size_t i = 0; i < len; i++) {
        char c = row[i];
        if (c == ' ' || c == '\t' || c == '\r') continue;
        int v;
        if (c == 'X' || c == 'x')
            v = DC_X;
        else if (c == 'O' || c == 'o' || c == '0')
            v = DC_O;
        else if (c == '.' || c == '-' || c == '_')
            v = DC_NONE;
        else
            return sheet_err_at(cx, err, line, col0 + (int)i,
                                "game %d, row %d: '%c' is not X, O or . (empty)", g + 1, r + 1,
                                g_ascii_isprint(c) ? c : '?');
        if (n >= DC_MAX_SIZE || (*size && n >= *size))
            return sheet_err_at(cx, err, line, col0 + (int)i,
                                "game %d, row %d has more than %d squares", g + 1, r + 1,
                                *size ? *size : DC_MAX_SIZE);
        game->cell[r][n++] = (unsigned char)v;
    }
    if (!*size) {
        if (n < DC_MIN_SIZE)
            return sheet_err_at(cx, err, line, col0,
                                "game %d, row %d has %d squares; a grid is %d to %d wide", g + 1,
                                r + 1, n, DC_MIN_SIZE, DC_MAX_SIZE);
        *size = n;
    } else if (n != *size) {
        return sheet_err_at(cx, err, line, col0, "game %d, row %d has %d squares; expected %d",
                            g + 1, r + 1, n, *size);
    }
    return 0;
}

static int load_grid(const sheet_ctx *cx, struct fy_node *gn, int g, dc_game *game, int want,
                     pn_err *err)
{
    int size = want, rows = 0, line, col;
    if (fy_node_get_type(gn) == FYNT_SEQUENCE) {
        void *it = NULL;
        for (struct fy_node *rn; (rn = fy_node_sequence_iterate(gn, &it));) {
            const char *s = pn_yml_scalar(rn);
            sheet_pos(cx, rn, &line, &col);
            if (!s) return sheet_err(cx, err, rn, "game %d: a row is a line of text", g + 1);
            if (rows >= DC_MAX_SIZE)
                return sheet_err(cx, err, rn, "game %d: more than %d rows", g + 1, DC_MAX_SIZE);
            /* libfyaml marks a quoted scalar at its first character inside the quotes. */
            if (grid_row(cx, g, s, strlen(s), rows, line, col, game, &size, err)) return -1;
            rows++;
        }
    } else if (fy_node_get_type(gn) == FYNT_SCALAR && fy_node_get_style(gn) == FYNS_LITERAL) {
        /* The block's text starts on the line after "grid: |", where libfyaml
         * marks it; row i of the text is i lines further down. */
        const char *s = pn_yml_scalar(gn);
        sheet_pos(cx, gn, &line, &col);
        const char *p = s;
        int last_line = line;
        while (*p) {
            const char *nl = strchr(p, '\n');
            size_t len = nl ? (size_t)(nl - p) : strlen(p);
            size_t raw_len = 0;
            const char *raw = sheet_line(cx, last_line, &raw_len);
            int indent = raw && raw_len >= len ? (int)(raw_len - len) : 0;
            if (rows >= DC_MAX_SIZE)
                return sheet_err_at(cx, err, last_line, indent + 1, "game %d: more than %d rows",
                                    g + 1, DC_MAX_SIZE);
            if (len == 0 || strspn(p, " \t") == len)
                return sheet_err_at(cx, err, last_line, 1, "game %d, row %d is empty", g + 1,
                                    rows + 1);
            if (grid_row(cx, g, p, len, rows, last_line, indent + 1, game, &size, err)) return -1;
            rows++;
            last_line++;
            p = nl ? nl + 1 : p + len;
        }
    } else {
        return sheet_err(cx, err, key_of(gn),
                         "game %d: write the grid as a literal block (grid: |) or a list of rows",
                         g + 1);
    }
    if (rows != size) {
        if (want && rows != want)
            return sheet_err(cx, err, key_of(gn),
                             "game %d: the grid has %d rows; the set's grids are %dx%d", g + 1,
                             rows, want, want);
        return sheet_err(cx, err, key_of(gn), "game %d: the grid has %d rows and %d columns", g + 1,
                         rows, size);
    }
    game->size = size;
    return 0;
}

static int load_game(const sheet_ctx *cx, struct fy_node *n, int g, dc_input *out, pn_err *err)
{
    static const char *const keys[] = {"first", "grid", "penalties", NULL};
    dc_game *game = &out->games[g];
    memset(game, 0, sizeof *game);
    if (!n || fy_node_get_type(n) != FYNT_MAPPING)
        return sheet_err(cx, err, n, "game %d: expected first, grid and penalties", g + 1);
    if (sheet_check_keys(cx, n, keys, err)) return -1;
    struct fy_node *fn = pn_yml_get(n, "first"), *gn = pn_yml_get(n, "grid"),
                   *pn = pn_yml_get(n, "penalties");
    if (!fn) return sheet_err(cx, err, n, "game %d: first is missing (X or O)", g + 1);
    game->first = player_of(pn_yml_scalar(fn));
    if (game->first < 0) return sheet_err(cx, err, fn, "game %d: first is X or O", g + 1);
    if (!gn) return sheet_err(cx, err, n, "game %d: grid is missing", g + 1);
    if (load_grid(cx, gn, g, game, g > 0 ? out->games[0].size : 0, err)) return -1;
    if (pn && !pn_yml_is_null(pn)) {
        static const char *const pkeys[] = {"X", "O", NULL};
        if (fy_node_get_type(pn) != FYNT_MAPPING)
            return sheet_err(cx, err, pn, "game %d: penalties are {X: n, O: n}", g + 1);
        if (sheet_check_keys(cx, pn, pkeys, err)) return -1;
        char what[48];
        for (int p = 0; p < 2; p++) {
            struct fy_node *v = pn_yml_get(pn, p == DC_PX ? "X" : "O");
            long k;
            snprintf(what, sizeof what, "game %d: %c's penalties", g + 1, dc_symbol(p));
            if (v && sheet_int(cx, v, 0, DC_MAX_PENALTIES, what, &k, err)) return -1;
            game->penalties[p] = v ? (int)k : 0;
        }
    }
    char why[256];
    if (dc_game_check(game, why, sizeof why))
        return sheet_err(cx, err, key_of(gn), "game %d: %s", g + 1, why);
    return 0;
}

static int load_tree(const sheet_ctx *cx, dc_input *out, pn_err *err)
{
    static const char *const keys[] = {"game", "players", "games", NULL};
    struct fy_node *root = sheet_root(cx, keys, err);
    if (!root || sheet_game(cx, root, "dicrono", err)) return -1;
    struct fy_node *pl = pn_yml_get(root, "players");
    if (pl && !pn_yml_is_null(pl)) {
        static const char *const pkeys[] = {"X", "O", NULL};
        if (fy_node_get_type(pl) != FYNT_MAPPING)
            return sheet_err(cx, err, pl, "players: expected {X: name, O: name}");
        if (sheet_check_keys(cx, pl, pkeys, err)) return -1;
        for (int p = 0; p < 2; p++) {
            struct fy_node *v = pn_yml_get(pl, p == DC_PX ? "X" : "O");
            if (v && !pn_yml_is_null(v) && sheet_text(cx, v, "players", out->names[p], err))
                return -1;
        }
    }
    struct fy_node *gs = pn_yml_get(root, "games");
    if (!gs) return sheet_err(cx, err, root, "games is missing: the list of games in the set");
    int n = sheet_list(cx, gs, 1, DC_MAX_GAMES, "games", err);
    if (n < 0) return -1;
    for (int g = 0; g < n; g++) {
        if (load_game(cx, fy_node_sequence_get_by_index(gs, g), g, out, err)) return -1;
        out->ngames = g + 1;
    }
    return 0;
}

int dc_load(const sheet_doc *d, dc_input *out, pn_err *err)
{
    out->ngames = 0;
    out->names[0][0] = out->names[1][0] = '\0';
    sheet_ctx cx = {.d = d};
    cx.y = sheet_parse(d, err);
    if (!cx.y) return -1;
    int rc = load_tree(&cx, out, err);
    pn_yml_free(cx.y);
    return rc;
}

/* dicrono.c: DiCroNo as a scored game: reading a set (players, and per game
 * who rolled first, the grid as a literal block or a list of rows, and the
 * penalties), the reports, the completed sheets and the registry entry. */
#include <glib.h>
#include <stdio.h>
#include <string.h>
#include "scene/fill.h"
#include "scoring/fill_sheet.h"
#include "scoring/load.h"
#include "scoring/report.h"
#include "scoring/scoring.h"

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
            return pn_yml_err_at(err, cx->y, line, col0 + (int)i,
                                 "game %d, row %d: '%c' is not X, O or . (empty)", g + 1, r + 1,
                                 g_ascii_isprint(c) ? c : '?');
        if (n >= DC_MAX_SIZE || (*size && n >= *size))
            return pn_yml_err_at(err, cx->y, line, col0 + (int)i,
                                 "game %d, row %d has more than %d squares", g + 1, r + 1,
                                 *size ? *size : DC_MAX_SIZE);
        game->cell[r][n++] = (unsigned char)v;
    }
    if (!*size) {
        if (n < DC_MIN_SIZE)
            return pn_yml_err_at(err, cx->y, line, col0,
                                 "game %d, row %d has %d squares; a grid is %d to %d wide", g + 1,
                                 r + 1, n, DC_MIN_SIZE, DC_MAX_SIZE);
        *size = n;
    } else if (n != *size) {
        return pn_yml_err_at(err, cx->y, line, col0, "game %d, row %d has %d squares; expected %d",
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
            pn_yml_place(cx->y, rn, &line, &col);
            if (!s) return pn_yml_err(err, cx->y, rn, "game %d: a row is a line of text", g + 1);
            if (rows >= DC_MAX_SIZE)
                return pn_yml_err(err, cx->y, rn, "game %d: more than %d rows", g + 1, DC_MAX_SIZE);
            /* libfyaml marks a quoted scalar at its first character inside the quotes. */
            if (grid_row(cx, g, s, strlen(s), rows, line, col, game, &size, err)) return -1;
            rows++;
        }
    } else if (fy_node_get_type(gn) == FYNT_SCALAR && fy_node_get_style(gn) == FYNS_LITERAL) {
        /* The block's text starts on the line after "grid: |", where libfyaml
         * marks it; row i of the text is i lines further down. */
        const char *s = pn_yml_scalar(gn);
        pn_yml_place(cx->y, gn, &line, &col);
        const char *p = s;
        int last_line = line;
        while (*p) {
            const char *nl = strchr(p, '\n');
            size_t len = nl ? (size_t)(nl - p) : strlen(p);
            size_t raw_len = 0;
            const char *raw = sheet_line(cx, last_line, &raw_len);
            int indent = raw && raw_len >= len ? (int)(raw_len - len) : 0;
            if (rows >= DC_MAX_SIZE)
                return pn_yml_err_at(err, cx->y, last_line, indent + 1,
                                     "game %d: more than %d rows", g + 1, DC_MAX_SIZE);
            if (len == 0 || strspn(p, " \t") == len)
                return pn_yml_err_at(err, cx->y, last_line, 1, "game %d, row %d is empty", g + 1,
                                     rows + 1);
            if (grid_row(cx, g, p, len, rows, last_line, indent + 1, game, &size, err)) return -1;
            rows++;
            last_line++;
            p = nl ? nl + 1 : p + len;
        }
    } else {
        return pn_yml_err(err, cx->y, key_of(gn),
                          "game %d: write the grid as a literal block (grid: |) or a list of rows",
                          g + 1);
    }
    if (rows != size) {
        if (want && rows != want)
            return pn_yml_err(err, cx->y, key_of(gn),
                              "game %d: the grid has %d rows; the set's grids are %dx%d", g + 1,
                              rows, want, want);
        return pn_yml_err(err, cx->y, key_of(gn), "game %d: the grid has %d rows and %d columns",
                          g + 1, rows, size);
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
        return pn_yml_err(err, cx->y, n, "game %d: expected first, grid and penalties", g + 1);
    if (pn_yml_check_keys(cx->y, n, keys, err)) return -1;
    struct fy_node *fn = pn_yml_get(n, "first"), *gn = pn_yml_get(n, "grid"),
                   *pn = pn_yml_get(n, "penalties");
    if (!fn) return pn_yml_err(err, cx->y, n, "game %d: first is missing (X or O)", g + 1);
    game->first = player_of(pn_yml_scalar(fn));
    if (game->first < 0) return pn_yml_err(err, cx->y, fn, "game %d: first is X or O", g + 1);
    if (!gn) return pn_yml_err(err, cx->y, n, "game %d: grid is missing", g + 1);
    if (load_grid(cx, gn, g, game, g > 0 ? out->games[0].size : 0, err)) return -1;
    if (pn && !pn_yml_is_null(pn)) {
        static const char *const pkeys[] = {"X", "O", NULL};
        if (fy_node_get_type(pn) != FYNT_MAPPING)
            return pn_yml_err(err, cx->y, pn, "game %d: penalties are {X: n, O: n}", g + 1);
        if (pn_yml_check_keys(cx->y, pn, pkeys, err)) return -1;
        char what[48];
        for (int p = 0; p < 2; p++) {
            struct fy_node *v = pn_yml_get(pn, p == DC_PX ? "X" : "O");
            long k;
            snprintf(what, sizeof what, "game %d: %c's penalties", g + 1, dc_symbol(p));
            if (v && pn_yml_int_named(cx->y, v, 0, DC_MAX_PENALTIES, what, &k, err)) return -1;
            game->penalties[p] = v ? (int)k : 0;
        }
    }
    char why[256];
    if (dc_game_check(game, why, sizeof why))
        return pn_yml_err(err, cx->y, key_of(gn), "game %d: %s", g + 1, why);
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
            return pn_yml_err(err, cx->y, pl, "players: expected {X: name, O: name}");
        if (pn_yml_check_keys(cx->y, pl, pkeys, err)) return -1;
        for (int p = 0; p < 2; p++) {
            struct fy_node *v = pn_yml_get(pl, p == DC_PX ? "X" : "O");
            if (v && !pn_yml_is_null(v) &&
                pn_yml_text(cx->y, v, "players", out->names[p], SHEET_MAX_NAME + 1, err))
                return -1;
        }
    }
    struct fy_node *gs = pn_yml_get(root, "games");
    if (!gs) return pn_yml_err(err, cx->y, root, "games is missing: the list of games in the set");
    int n = pn_yml_list(cx->y, gs, 1, DC_MAX_GAMES, "games", err);
    if (n < 0) return -1;
    for (int g = 0; g < n; g++) {
        if (load_game(cx, fy_node_sequence_get_by_index(gs, g), g, out, err)) return -1;
        out->ngames = g + 1;
    }
    return 0;
}

int dc_load(const yml_doc *d, dc_input *out, pn_err *err)
{
    out->ngames = 0;
    out->names[0][0] = out->names[1][0] = '\0';
    sheet_ctx cx = {.d = d};
    cx.y = yml_doc_parse(d, "sheet", err);
    if (!cx.y) return -1;
    cx.y->at_brackets = true;
    int rc = load_tree(&cx, out, err);
    pn_yml_free(cx.y);
    return rc;
}

/* ---- reports ---- */

static void pair(GString *out, const char *key, const int v[2])
{
    g_string_append_printf(out, ",\"%s\":{\"X\":%d,\"O\":%d}", key, v[0], v[1]);
}

void dc_report_json(GString *out, const dc_input *in, const dc_game_score *scores)
{
    g_string_append(out, "{\"game\":\"dicrono\",\"games\":[");
    for (int g = 0; g < in->ngames; g++) {
        const dc_game_score *s = &scores[g];
        const dc_game *game = &in->games[g];
        g_string_append_printf(out, "%s{\"first\":\"%c\"", g ? "," : "", dc_symbol(game->first));
        pair(out, "points", s->points);
        pair(out, "penalty_deducted", s->deducted);
        pair(out, "subtotal", s->subtotal);
        g_string_append_printf(out, ",\"next_first\":\"%c\"", dc_symbol(s->next_first));
        pair(out, "penalties", game->penalties);
        g_string_append(out, ",\"runs\":[");
        for (int k = 0; k < s->nruns; k++) {
            const dc_run *r = &s->runs[k];
            g_string_append_printf(out,
                                   "%s{\"player\":\"%c\",\"from\":[%d,%d],\"to\":[%d,%d],"
                                   "\"length\":%d,\"points\":%d}",
                                   k ? "," : "", dc_symbol(r->player), r->c0 + 1, r->r0 + 1,
                                   r->c1 + 1, r->r1 + 1, r->len, r->len - 2);
        }
        g_string_append(out, "]}");
    }
    g_string_append(out, "]");
    int zero[2] = {0, 0};
    pair(out, "total", in->ngames ? scores[in->ngames - 1].subtotal : zero);
    g_string_append(out, ",\"players\":{\"X\":");
    for (int p = 0; p < 2; p++) {
        if (p) g_string_append(out, ",\"O\":");
        pn_json_string(out, in->names[p]); /* "" when not named */
    }
    g_string_append(out, "}}");
}

void dc_report_table(GString *out, const dc_input *in, const dc_game_score *scores)
{
    g_string_append(out, "DiCroNo set");
    if (in->names[0][0] || in->names[1][0])
        g_string_append_printf(out, ": X %s, O %s", in->names[0][0] ? in->names[0] : "-",
                               in->names[1][0] ? in->names[1] : "-");
    g_string_append(out, "\n  Game  First  X points  X penalties  X subtotal  O points  "
                         "O penalties  O subtotal  Next first\n");
    for (int g = 0; g < in->ngames; g++) {
        const dc_game_score *s = &scores[g];
        const dc_game *game = &in->games[g];
        char pen[2][16];
        for (int p = 0; p < 2; p++)
            snprintf(pen[p], sizeof pen[p], "%d%s", game->penalties[p],
                     s->deducted[p] ? " (-1)" : "");
        g_string_append_printf(out, "  %4d  %5c  %8d  %11s  %10d  %8d  %11s  %10d  %10c\n", g + 1,
                               dc_symbol(game->first), s->points[0], pen[0], s->subtotal[0],
                               s->points[1], pen[1], s->subtotal[1], dc_symbol(s->next_first));
        for (int k = 0; k < s->nruns; k++) {
            const dc_run *r = &s->runs[k];
            g_string_append_printf(out,
                                   "        %c: %d in a line from %d:%d to %d:%d, %d point%s\n",
                                   dc_symbol(r->player), r->len, r->c0 + 1, r->r0 + 1, r->c1 + 1,
                                   r->r1 + 1, r->len - 2, r->len == 3 ? "" : "s");
        }
    }
    const int *t = scores[in->ngames - 1].subtotal;
    g_string_append_printf(out, "  Set total: X %d, O %d\n", t[0], t[1]);
}

/* ---- the completed sheet ---- */

int dc_template_params(tmpl *t, const dc_input *in, pn_err *err)
{
    char v[16];
    tmpl_param *size = tmpl_param_find(t, "size"), *games = tmpl_param_find(t, "games");
    if (size) {
        snprintf(v, sizeof v, "%d", in->games[0].size);
        if (tmpl_set_if_present(t, "size", v, err)) return -1;
    }
    if (games) {
        int want = in->ngames > (int)games->value.i ? in->ngames : (int)games->value.i;
        double lo, hi;
        pv_bounds(&games->spec, &lo, &hi);
        if (want > hi)
            return pn_err_set(err, PN_EINPUT,
                              "the score table of %s holds at most %.0f games; the set has %d: "
                              "it is scored without a drawing, or drawn as sets of %.0f",
                              t->name, hi, in->ngames, hi);
        snprintf(v, sizeof v, "%d", want);
        if (tmpl_set_if_present(t, "games", v, err)) return -1;
    }
    return tmpl_resolve(t, err);
}

int dc_fill(scene *s, const dc_input *in, const dc_game_score *scores, int g, pn_err *err)
{
    char id[48], id2[48];
    for (int p = 0; p < 2; p++) {
        snprintf(id, sizeof id, "player.%c", dc_symbol(p));
        if (in->names[p][0] && score_put_opt(s, FILL_TEXT, id, in->names[p], false, err)) return -1;
    }
    const dc_game *game = &in->games[g];
    for (int r = 0; r < game->size; r++)
        for (int c = 0; c < game->size; c++) {
            if (game->cell[r][c] == DC_NONE) continue;
            snprintf(id, sizeof id, "cell.%d.%d", c + 1, r + 1);
            if (score_put(s, FILL_TEXT, id, game->cell[r][c] == DC_X ? "X" : "O", false, err))
                return -1;
        }
    const dc_game_score *sc = &scores[g];
    for (int k = 0; k < sc->nruns; k++) {
        const dc_run *r = &sc->runs[k];
        snprintf(id, sizeof id, "cell.%d.%d", r->c0 + 1, r->r0 + 1);
        snprintf(id2, sizeof id2, "cell.%d.%d", r->c1 + 1, r->r1 + 1);
        fill_item it = {.kind = FILL_STRIKE, .slot = id, .slot2 = id2, .computed = true};
        if (scene_fill(s, &it, err)) return -1;
    }
    for (int k = 0; k <= g; k++) {
        const dc_game_score *ks = &scores[k];
        for (int p = 0; p < 2; p++) {
            char sym = dc_symbol(p);
            snprintf(id, sizeof id, "g%d.%c.points", k + 1, sym);
            if (score_put_int(s, id, ks->points[p], true, err)) return -1;
            for (int i = 0; i < in->games[k].penalties[p]; i++) {
                snprintf(id, sizeof id, "g%d.%c.pen%d", k + 1, sym, i + 1);
                if (score_put(s, FILL_CROSS, id, NULL, false, err)) return -1;
            }
            snprintf(id, sizeof id, "g%d.%c.subtotal", k + 1, sym);
            if (score_put_int(s, id, ks->subtotal[p], true, err)) return -1;
        }
        snprintf(id, sizeof id, "g%d.next", k + 1);
        char next[2] = {dc_symbol(ks->next_first), 0};
        if (score_put(s, FILL_TEXT, id, next, true, err)) return -1;
    }
    for (int p = 0; p < 2; p++) {
        snprintf(id, sizeof id, "total.%c", dc_symbol(p));
        if (score_put_int(s, id, sc->subtotal[p], true, err)) return -1;
    }
    return 0;
}

/* ---- the registry entry ---- */

typedef struct dc_scored {
    dc_input in;
    dc_game_score scores[DC_MAX_GAMES];
} dc_scored;

static int entry_load(const void *config, const yml_doc *d, void *sheet, pn_err *err)
{
    return dc_load(d, &((dc_scored *)sheet)->in, err);
}

static void entry_score(void *sheet)
{
    dc_scored *s = sheet;
    dc_score_set(s->in.games, s->in.ngames, s->scores);
}

static void entry_json(GString *out, const void *sheet)
{
    const dc_scored *s = sheet;
    dc_report_json(out, &s->in, s->scores);
}

static void entry_read(GString *out, const void *sheet)
{
    dc_sheet_json(out, &((const dc_scored *)sheet)->in);
}

static void entry_table(GString *out, const void *sheet)
{
    const dc_scored *s = sheet;
    dc_report_table(out, &s->in, s->scores);
}

static int entry_pages(const void *sheet)
{
    return ((const dc_scored *)sheet)->in.ngames;
}

static int entry_prepare(tmpl *t, const void *sheet, pn_err *err)
{
    return dc_template_params(t, &((const dc_scored *)sheet)->in, err);
}

static int entry_fill(scene *sc, const void *sheet, int page, pn_err *err)
{
    const dc_scored *s = sheet;
    return dc_fill(sc, &s->in, s->scores, page, err);
}

const score_game score_dicrono = {
    .name = "dicrono",
    .template_name = "dicrono",
    .sheet_size = sizeof(dc_scored),
    .load = entry_load,
    .score = entry_score,
    .report_json = entry_json,
    .report_table = entry_table,
    .sheet_json = entry_read,
    .pages = entry_pages,
    .prepare = entry_prepare,
    .fill = entry_fill,
};

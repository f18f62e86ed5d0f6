/* cirplexed.c: Cirplexed as a scored game: reading the colours and every
 * player's board of placed tiles (with the checks the set and the rules
 * impose), the reports, the completed sheet and the registry entry. */
#include <glib.h>
#include <stdio.h>
#include <string.h>
#include "scene/fill.h"
#include "scoring/fill_sheet.h"
#include "scoring/load.h"
#include "scoring/report.h"
#include "scoring/scoring.h"

static const char *const default_colors[] = {"red", "orange", "yellow", "green", "blue", "purple"};

void cpx_input_clear(cpx_input *in)
{
    for (int p = 0; p < CPX_MAX_PLAYERS; p++) {
        g_free(in->tiles[p]);
        in->tiles[p] = NULL;
        in->ntiles[p] = 0;
    }
    in->nplayers = 0;
}

static int load_colors(const sheet_ctx *cx, struct fy_node *cn, cpx_input *out, pn_err *err)
{
    if (!cn || pn_yml_is_null(cn)) {
        out->ncolors = (int)G_N_ELEMENTS(default_colors);
        for (int i = 0; i < out->ncolors; i++)
            g_strlcpy(out->colors[i], default_colors[i], sizeof out->colors[i]);
        return 0;
    }
    int n = pn_yml_list(cx->y, cn, 4, CPX_MAX_COLORS, "colors", err);
    if (n < 0) return -1;
    for (int i = 0; i < n; i++) {
        struct fy_node *it = fy_node_sequence_get_by_index(cn, i);
        const char *s = pn_yml_scalar(it);
        if (!s || !*s || strlen(s) >= sizeof out->colors[i])
            return pn_yml_err(err, cx->y, it, "colors: a colour is a name of up to %zu bytes",
                              sizeof out->colors[i] - 1);
        for (int j = 0; j < i; j++)
            if (!strcmp(out->colors[j], s))
                return pn_yml_err(err, cx->y, it, "colors: %s is listed twice", s);
        g_strlcpy(out->colors[i], s, sizeof out->colors[i]);
    }
    out->ncolors = n;
    return 0;
}

static int color_index(const cpx_input *in, const char *s)
{
    for (int i = 0; s && i < in->ncolors; i++)
        if (!strcmp(in->colors[i], s)) return i;
    return -1;
}

static int load_tile(const sheet_ctx *cx, struct fy_node *n, const char *who, int k, cpx_input *out,
                     cpx_placed *t, pn_err *err)
{
    static const char *const keys[] = {"at", "corners", NULL};
    if (!n || fy_node_get_type(n) != FYNT_MAPPING)
        return pn_yml_err(err, cx->y, n,
                          "%s's tile %d: expected {at: [x, y], corners: [tl, tr, br, bl]}", who,
                          k + 1);
    if (pn_yml_check_keys(cx->y, n, keys, err)) return -1;
    struct fy_node *an = pn_yml_get(n, "at"), *cn = pn_yml_get(n, "corners");
    char what[SHEET_MAX_NAME + 48];
    if (!an) return pn_yml_err(err, cx->y, n, "%s's tile %d: at is missing", who, k + 1);
    if (!cn) return pn_yml_err(err, cx->y, n, "%s's tile %d: corners are missing", who, k + 1);
    snprintf(what, sizeof what, "%s's tile %d: at", who, k + 1);
    if (pn_yml_list(cx->y, an, 2, 2, what, err) < 0) return -1;
    long xy[2];
    for (int i = 0; i < 2; i++)
        if (pn_yml_int_named(cx->y, fy_node_sequence_get_by_index(an, i), -CPX_MAX_COORD,
                             CPX_MAX_COORD, what, &xy[i], err))
            return -1;
    t->x = (int)xy[0];
    t->y = (int)xy[1];
    snprintf(what, sizeof what, "%s's tile at [%d, %d]: corners", who, t->x, t->y);
    if (pn_yml_list(cx->y, cn, 4, 4, what, err) < 0) return -1;
    for (int i = 0; i < 4; i++) {
        struct fy_node *c = fy_node_sequence_get_by_index(cn, i);
        const char *s = pn_yml_scalar(c);
        int ci = color_index(out, s);
        if (ci < 0) {
            GString *list = g_string_new(NULL);
            for (int j = 0; j < out->ncolors; j++)
                g_string_append_printf(list, "%s%s", j ? ", " : "", out->colors[j]);
            pn_yml_err(err, cx->y, c, "%s: '%s' is not one of the colours (%s)", what, s ? s : "",
                       list->str);
            g_string_free(list, TRUE);
            return -1;
        }
        for (int j = 0; j < i; j++)
            if (t->t.c[j] == ci)
                return pn_yml_err(err, cx->y, c,
                                  "%s: %s appears twice; every tile shows four different colours",
                                  what, s);
        t->t.c[i] = (unsigned char)ci;
    }
    return 0;
}

static int load_tree(const sheet_ctx *cx, cpx_input *out, pn_err *err)
{
    static const char *const keys[] = {"game", "colors", "boards", NULL};
    struct fy_node *root = sheet_root(cx, keys, err);
    if (!root || sheet_game(cx, root, "cirplexed", err)) return -1;
    if (load_colors(cx, pn_yml_get(root, "colors"), out, err)) return -1;
    int set = out->ncolors * (out->ncolors - 1) * (out->ncolors - 2) * (out->ncolors - 3) / 4;
    struct fy_node *bn = pn_yml_get(root, "boards");
    if (!bn) return pn_yml_err(err, cx->y, root, "boards is missing: each player's placed tiles");
    if (fy_node_get_type(bn) != FYNT_MAPPING)
        return pn_yml_err(err, cx->y, bn, "boards: expected a mapping of player: list of tiles");
    int players = fy_node_mapping_item_count(bn);
    if (players < 1 || players > CPX_MAX_PLAYERS)
        return pn_yml_err(err, cx->y, bn, "boards has %d players; expected 1 to %d", players,
                          CPX_MAX_PLAYERS);
    /* Every tile of the set appears at most once in a game: where it was seen. */
    GHashTable *seen = g_hash_table_new(g_direct_hash, g_direct_equal);
    int rc = 0, p = 0;
    void *it = NULL;
    for (struct fy_node_pair *pair; !rc && (pair = fy_node_mapping_iterate(bn, &it)); p++) {
        struct fy_node *kn = fy_node_pair_key(pair), *list = fy_node_pair_value(pair);
        if ((rc = pn_yml_text(cx->y, kn, "player", out->names[p], SHEET_MAX_NAME + 1, err))) break;
        for (int q = 0; q < p && !rc; q++)
            if (!strcmp(out->names[q], out->names[p]))
                rc = pn_yml_err(err, cx->y, kn, "player %s has two boards", out->names[p]);
        if (rc) break;
        const char *who = out->names[p];
        if (list && fy_node_get_type(list) == FYNT_SEQUENCE &&
            fy_node_sequence_item_count(list) > set) {
            rc = pn_yml_err(err, cx->y, list, "%s has %d tiles; the whole set has %d", who,
                            fy_node_sequence_item_count(list), set);
            break;
        }
        int n = pn_yml_list(cx->y, list, 1, set, who, err);
        if (n < 0) {
            rc = -1;
            break;
        }
        out->nplayers = p + 1;
        out->tiles[p] = g_new0(cpx_placed, (gsize)n);
        for (int k = 0; k < n && !rc; k++) {
            struct fy_node *tn = fy_node_sequence_get_by_index(list, k);
            cpx_placed *t = &out->tiles[p][k];
            if ((rc = load_tile(cx, tn, who, k, out, t, err))) break;
            out->ntiles[p] = k + 1;
            gpointer key = GUINT_TO_POINTER(cpx_tile_key(t->t) + 1);
            gpointer prev = g_hash_table_lookup(seen, key);
            if (prev) {
                int where = GPOINTER_TO_INT(prev) - 1, pp = where >> 16, pk = where & 0xffff;
                const cpx_placed *o = &out->tiles[pp][pk];
                rc = pn_yml_err(err, cx->y, pn_yml_get(tn, "corners"),
                                "%s's tile at [%d, %d] is the tile %s has at [%d, %d] (turned); "
                                "the set holds each tile once",
                                who, t->x, t->y, out->names[pp], o->x, o->y);
                break;
            }
            g_hash_table_insert(seen, key, GINT_TO_POINTER((p << 16 | k) + 1));
        }
        if (rc) break;
        int bad, other;
        cpx_problem pr = cpx_check_board(out->tiles[p], n, &bad, &other);
        if (pr == CPX_BAD_PLACE) {
            const cpx_placed *t = &out->tiles[p][bad];
            rc = pn_yml_err(err, cx->y, pn_yml_get(fy_node_sequence_get_by_index(list, bad), "at"),
                            "%s's tile %d is at [%d, %d], where tile %d already lies", who, bad + 1,
                            t->x, t->y, other + 1);
        } else if (pr == CPX_BAD_GAP) {
            const cpx_placed *t = &out->tiles[p][bad];
            rc = pn_yml_err(err, cx->y, pn_yml_get(fy_node_sequence_get_by_index(list, bad), "at"),
                            "%s's tile at [%d, %d] is not joined to the board along a full side "
                            "(the board grows from the first tile)",
                            who, t->x, t->y);
        } else if (pr == CPX_BAD_COLOURS) {
            rc = pn_yml_err(err, cx->y, fy_node_sequence_get_by_index(list, bad),
                            "%s's tile %d repeats a colour", who, bad + 1);
        }
    }
    g_hash_table_destroy(seen);
    return rc;
}

int cpx_load(const yml_doc *d, cpx_input *out, pn_err *err)
{
    memset(out, 0, sizeof *out);
    sheet_ctx cx = {.d = d};
    cx.y = yml_doc_parse(d, "sheet", err);
    if (!cx.y) return -1;
    cx.y->at_brackets = true;
    int rc = load_tree(&cx, out, err);
    pn_yml_free(cx.y);
    if (rc) cpx_input_clear(out);
    return rc;
}

/* ---- reports ---- */

void cpx_report_json(GString *out, const cpx_input *in, const cpx_points *points)
{
    g_string_append(out, "{\"game\":\"cirplexed\",\"players\":[");
    for (int p = 0; p < in->nplayers; p++) {
        g_string_append(out, p ? ",{\"name\":" : "{\"name\":");
        pn_json_string(out, in->names[p]);
        report_key_int(out, "circles", points[p].circles, false);
        report_key_int(out, "three_quarter", points[p].three_quarter, false);
        report_key_int(out, "half", points[p].half, false);
        report_key_int(out, "rank", points[p].rank, false);
        report_key_int(out, "tiles", in->ntiles[p], false);
        g_string_append_c(out, '}');
    }
    g_string_append(out, "]}");
}

void cpx_report_table(GString *out, const cpx_input *in, const cpx_points *points)
{
    g_string_append(out, "Cirplexed\n  Rank  Player                Circles  3/4 circles  "
                         "1/2 circles  Tiles\n");
    for (int p = 0; p < in->nplayers; p++)
        g_string_append_printf(out, "  %4d  %-20s  %7d  %11d  %11d  %5d\n", points[p].rank,
                               in->names[p], points[p].circles, points[p].three_quarter,
                               points[p].half, in->ntiles[p]);
}

/* ---- the completed sheet ---- */

/* Printable colours for the usual colour names; others are read as colours
 * (#rrggbb or a name pnpkit knows) or take the next of a few spare ones. */
static const char *colour_value(const char *name, int index)
{
    static const struct {
        const char *name, *value;
    } known[] = {{"red", "#d62828"},   {"orange", "#f08a24"}, {"yellow", "#f2c500"},
                 {"green", "#2a9d3f"}, {"blue", "#1f5fbf"},   {"purple", "#7b3fa0"}};
    static const char *const spare[] = {"#8c564b", "#e377c2", "#7f7f7f",
                                        "#17becf", "#bcbd22", "#222222"};
    for (size_t i = 0; i < G_N_ELEMENTS(known); i++)
        if (!g_ascii_strcasecmp(name, known[i].name)) return known[i].value;
    pn_rgba c;
    if (pn_rgba_parse(name, &c)) return name;
    return spare[index % (int)G_N_ELEMENTS(spare)];
}

int cpx_template_params(tmpl *t, const cpx_input *in, pn_err *err)
{
    int boards = 0;
    char pname[16];
    while (boards < CPX_MAX_PLAYERS) {
        snprintf(pname, sizeof pname, "tiles%d", boards + 1);
        if (!tmpl_param_find(t, pname)) break;
        boards++;
    }
    if (in->nplayers > boards)
        return pn_err_set(err, PN_EINPUT,
                          "template %s draws %d boards; the game has %d players: it is scored "
                          "without a drawing",
                          t->name, boards, in->nplayers);
    for (int p = 0; p < in->nplayers; p++) {
        double lo, hi;
        snprintf(pname, sizeof pname, "tiles%d", p + 1);
        pv_bounds(&tmpl_param_find(t, pname)->spec, &lo, &hi);
        if (in->ntiles[p] * 6.0 > hi)
            return pn_err_set(err, PN_EINPUT,
                              "template %s draws at most %.0f tiles per board; %s "
                              "has %d",
                              t->name, hi / 6, in->names[p], in->ntiles[p]);
    }
    GString *v = g_string_new(NULL);
    int rc = 0;
    g_string_printf(v, "%d", in->nplayers);
    if (tmpl_set_if_present(t, "players", v->str, err)) rc = -1;
    g_string_truncate(v, 0);
    for (int i = 0; i < in->ncolors && !rc; i++)
        g_string_append_printf(v, "%s%s", i ? "," : "", colour_value(in->colors[i], i));
    if (!rc && tmpl_set_if_present(t, "palette", v->str, err)) rc = -1;
    for (int b = 0; b < boards && !rc; b++) {
        g_string_truncate(v, 0);
        for (int k = 0; b < in->nplayers && k < in->ntiles[b]; k++) {
            const cpx_placed *p = &in->tiles[b][k];
            g_string_append_printf(v, "%s%d,%d,%d,%d,%d,%d", k ? "," : "", p->x, p->y, p->t.c[0],
                                   p->t.c[1], p->t.c[2], p->t.c[3]);
        }
        snprintf(pname, sizeof pname, "tiles%d", b + 1);
        if (tmpl_set_if_present(t, pname, v->str, err)) rc = -1;
    }
    g_string_free(v, TRUE);
    return rc ? -1 : tmpl_resolve(t, err);
}

int cpx_fill(scene *s, const cpx_input *in, const cpx_points *points, pn_err *err)
{
    char id[64];
    for (int p = 0; p < in->nplayers; p++) {
        int b = p + 1;
        snprintf(id, sizeof id, "b%d.name", b);
        if (score_put(s, FILL_TEXT, id, in->names[p], false, err)) return -1;
        const int vals[4] = {points[p].circles, points[p].three_quarter, points[p].half,
                             points[p].rank};
        static const char *const keys[4] = {"circles", "three_quarter", "half", "rank"};
        for (int i = 0; i < 4; i++) {
            snprintf(id, sizeof id, "b%d.%s", b, keys[i]);
            if (score_put_int(s, id, vals[i], true, err)) return -1;
        }
        int n = points[p].circles;
        cpx_point *pts = g_new(cpx_point, (gsize)n + 1);
        cpx_points again;
        int rc = cpx_score_board(in->tiles[p], in->ntiles[p], &again, pts, n);
        for (int i = 0; i < n && !rc; i++) {
            snprintf(id, sizeof id, "b%d.pt.%d.%d", b, pts[i].x, pts[i].y);
            rc = score_put(s, FILL_CIRCLE, id, NULL, true, err);
        }
        g_free(pts);
        if (rc) return -1;
    }
    return 0;
}

/* ---- the registry entry ---- */

typedef struct cpx_scored {
    cpx_input in;
    cpx_points points[CPX_MAX_PLAYERS];
} cpx_scored;

static int entry_load(const void *config, const yml_doc *d, void *sheet, pn_err *err)
{
    return cpx_load(d, &((cpx_scored *)sheet)->in, err);
}

static void entry_score(void *sheet)
{
    cpx_scored *s = sheet;
    for (int p = 0; p < s->in.nplayers; p++)
        cpx_score_board(s->in.tiles[p], s->in.ntiles[p], &s->points[p], NULL, 0);
    cpx_rank(s->points, s->in.nplayers);
}

static void entry_json(GString *out, const void *sheet)
{
    const cpx_scored *s = sheet;
    cpx_report_json(out, &s->in, s->points);
}

static void entry_read(GString *out, const void *sheet)
{
    cpx_sheet_json(out, &((const cpx_scored *)sheet)->in);
}

static void entry_table(GString *out, const void *sheet)
{
    const cpx_scored *s = sheet;
    cpx_report_table(out, &s->in, s->points);
}

static int entry_pages(const void *sheet)
{
    return 1;
}

static int entry_prepare(tmpl *t, const void *sheet, pn_err *err)
{
    return cpx_template_params(t, &((const cpx_scored *)sheet)->in, err);
}

static int entry_fill(scene *sc, const void *sheet, int page, pn_err *err)
{
    const cpx_scored *s = sheet;
    return cpx_fill(sc, &s->in, s->points, err);
}

static void entry_clear(void *sheet)
{
    cpx_input_clear(&((cpx_scored *)sheet)->in);
}

const score_game score_cirplexed = {
    .name = "cirplexed",
    .template_name = "cirplexed-board",
    .sheet_size = sizeof(cpx_scored),
    .load = entry_load,
    .score = entry_score,
    .report_json = entry_json,
    .report_table = entry_table,
    .sheet_json = entry_read,
    .pages = entry_pages,
    .prepare = entry_prepare,
    .fill = entry_fill,
    .clear = entry_clear,
};

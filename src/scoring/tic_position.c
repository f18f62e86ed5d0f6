/* tic_position.c: a Thinking In Circles position (a board drawn out, or a
 * seed and the template's parameters; where the tokens rest; each player's
 * colour and goals) read from YAML, and who wins it, as text or JSON. The
 * format is described in seeds/thinking-in-circles.md. */
#include <stdio.h>
#include <string.h>
#include "scoring/tic_position.h"
#include "template/tmpl.h"
#include "util/json.h"

/* The template's defaults for a generated board. The template may be the
 * user's own (it hides the built-in one), so each value is checked as a
 * position's would be, and a problem names the template. */
static int template_params(tic_params *p, pn_err *err)
{
    tmpl *t = tmpl_open("thinking-in-circles", err);
    if (!t) return -1;
    static const char *const names[] = {"circles", "spaces", "neutral", "layout"};
    static const int lo[] = {TIC_MIN_CIRCLES, TIC_MIN_SPACES, 0},
                     hi[] = {TIC_MAX_CIRCLES, TIC_MAX_SPACES, TIC_MAX_SPACES};
    int rc = 0;
    for (int i = 0; i < 4 && !rc; i++) {
        tmpl_param *prm = tmpl_param_find(t, names[i]);
        const pv_value *v = prm ? &prm->value : NULL;
        bool ok = i < 3 ? v && v->type == PV_INT && v->i >= lo[i] && v->i <= hi[i]
                        : v && (v->type == PV_ENUM || v->type == PV_STRING) && v->str &&
                              (!strcmp(v->str, "row") || !strcmp(v->str, "ring"));
        if (!ok) {
            rc = i < 3 ? pn_err_set(err, PN_EINPUT,
                                    "%s: a thinking-in-circles template needs the parameter %s, "
                                    "a whole number from %d to %d",
                                    t->file, names[i], lo[i], hi[i])
                       : pn_err_set(err, PN_EINPUT,
                                    "%s: a thinking-in-circles template needs the parameter "
                                    "layout, row or ring",
                                    t->file);
            break;
        }
        if (i == 0) p->circles = (int)v->i;
        if (i == 1) p->spaces = (int)v->i;
        if (i == 2) p->neutral = (int)v->i;
        if (i == 3) p->layout = strcmp(v->str, "ring") ? TIC_ROW : TIC_RING;
    }
    tmpl_free(t);
    return rc;
}

static int read_layout(const pn_yml *y, struct fy_node *n, tic_layout *out, pn_err *err)
{
    const char *s;
    if (pn_yml_str(y, n, &s, err)) return -1;
    if (!strcmp(s, "row"))
        *out = TIC_ROW;
    else if (!strcmp(s, "ring"))
        *out = TIC_RING;
    else
        return pn_yml_err(err, y, n, "layout '%s': expected row or ring", s);
    return 0;
}

/* One circle written as "* bc wt ns ...". */
static int read_circle(const pn_yml *y, struct fy_node *n, tic_board *b, int c, pn_err *err)
{
    const char *s;
    if (pn_yml_str(y, n, &s, err)) return -1;
    char **tok = g_strsplit_set(s, " \t,", -1);
    int k = 0, rc = 0;
    for (char **p = tok; *p && !rc; p++) {
        if (!**p) continue;
        if (k == TIC_MAX_SPACES) {
            rc = pn_yml_err(err, y, n, "circle %d has more than %d spaces", c + 1, TIC_MAX_SPACES);
            break;
        }
        tic_space sp = {TIC_NO_SHAPE, TIC_NEUTRAL};
        const char *cols = "bwn", *shapes = "ctsp";
        const char *ci = strlen(*p) == 2 ? strchr(cols, g_ascii_tolower((*p)[0])) : NULL;
        const char *si = strlen(*p) == 2 ? strchr(shapes, g_ascii_tolower((*p)[1])) : NULL;
        if (!strcmp(*p, "*") != (k == 0)) {
            rc = pn_yml_err(err, y, n,
                            k ? "circle %d, space %d: '*' marks the start, which is space 1 "
                                "alone"
                              : "circle %d, space %d: a circle starts at its blank start space, "
                                "written *",
                            c + 1, k + 1);
            break;
        } else if (k == 0) {
            /* the blank start space */
        } else if (ci && si && *ci && *si) {
            sp.color = (unsigned char)(ci - cols);
            sp.shape = (unsigned char)(si - shapes);
        } else {
            rc = pn_yml_err(err, y, n,
                            "circle %d, space %d: '%.8s' is not a space (* for the start, or "
                            "colour b/w/n and shape c/t/s/p, e.g. bc)",
                            c + 1, k + 1, *p);
            break;
        }
        b->sp[c][k++] = sp;
    }
    g_strfreev(tok);
    if (rc) return -1;
    if (c > 0 && k != b->spaces)
        return pn_yml_err(err, y, n, "circle %d has %d spaces; circle 1 has %d", c + 1, k,
                          b->spaces);
    if (k < 3) return pn_yml_err(err, y, n, "circle %d has %d spaces; at least 3", c + 1, k);
    b->spaces = k;
    return 0;
}

static int read_board(const pn_yml *y, struct fy_node *bn, tic_position *d, pn_err *err)
{
    static const char *const keys[] = {"seed", "circles", "spaces", "layout", "neutral", NULL};
    if (pn_yml_check_keys(y, bn, keys, err)) return -1;
    struct fy_node *cn = pn_yml_get(bn, "circles"), *ln = pn_yml_get(bn, "layout");
    tic_board *b = &d->board;
    if (cn && fy_node_get_type(cn) == FYNT_SEQUENCE) {
        static const char *const drawn[] = {"seed", "spaces", "neutral"};
        for (int i = 0; i < 3; i++)
            if (pn_yml_get(bn, drawn[i]))
                return pn_yml_err(err, y, pn_yml_get(bn, drawn[i]),
                                  "'%s' is for a generated board, not one drawn out in 'circles'",
                                  drawn[i]);
        int n = fy_node_sequence_item_count(cn);
        if (n < TIC_MIN_CIRCLES || n > TIC_MAX_CIRCLES)
            return pn_yml_err(err, y, cn, "%d circles; a board has %d to %d", n, TIC_MIN_CIRCLES,
                              TIC_MAX_CIRCLES);
        memset(b, 0, sizeof *b);
        b->circles = n;
        b->layout = TIC_ROW;
        if (ln && read_layout(y, ln, &b->layout, err)) return -1;
        void *it = NULL;
        int c = 0;
        for (struct fy_node *item; (item = fy_node_sequence_iterate(cn, &it)); c++)
            if (read_circle(y, item, b, c, err)) return -1;
        return 0;
    }
    tic_params p;
    if (template_params(&p, err)) return -1;
    long v;
    if (cn) {
        if (pn_yml_int(y, cn, TIC_MIN_CIRCLES, TIC_MAX_CIRCLES, &v, err)) return -1;
        p.circles = (int)v;
    }
    struct fy_node *n;
    if ((n = pn_yml_get(bn, "spaces"))) {
        if (pn_yml_int(y, n, TIC_MIN_SPACES, TIC_MAX_SPACES, &v, err)) return -1;
        p.spaces = (int)v;
    }
    if ((n = pn_yml_get(bn, "neutral"))) {
        if (pn_yml_int(y, n, 0, TIC_MAX_SPACES, &v, err)) return -1;
        p.neutral = (int)v;
    }
    if (ln && read_layout(y, ln, &p.layout, err)) return -1;
    n = pn_yml_get(bn, "seed");
    if (!n) return pn_yml_err(err, y, bn, "a board needs a seed (or its circles drawn out)");
    if (pn_yml_int(y, n, 0, TMPL_SEED_MAX, &v, err)) return -1;
    const char *why = tic_params_check(&p);
    if (why) {
        /* Point at the key the problem is about when it was given. */
        struct fy_node *at = NULL;
        static const char *const keys_of[] = {"neutral", "spaces", "circles", "layout"};
        for (size_t i = 0; i < G_N_ELEMENTS(keys_of) && !at; i++)
            if (g_str_has_prefix(why, keys_of[i])) at = pn_yml_get(bn, keys_of[i]);
        return pn_yml_err(err, y, at ? at : bn, "%s", why);
    }
    d->generated = true;
    d->seed = v;
    tic_generate(&p, (unsigned long)v, b);
    return 0;
}

static int read_goal(const pn_yml *y, struct fy_node *n, bool uncloned, tic_goal *g, pn_err *err)
{
    if (pn_yml_expect(y, n, FYNT_SEQUENCE, "a goal: a list of three shapes", err)) return -1;
    if (fy_node_sequence_item_count(n) != 3)
        return pn_yml_err(err, y, n, "a goal has %d shapes; it needs 3",
                          fy_node_sequence_item_count(n));
    void *it = NULL;
    int i = 0;
    for (struct fy_node *s; (s = fy_node_sequence_iterate(n, &it)); i++) {
        const char *name;
        tic_shape shape;
        if (pn_yml_str(y, s, &name, err)) return -1;
        if (!tic_shape_parse(name, &shape))
            return pn_yml_err(err, y, s, "'%s' is not a shape (circle, triangle, square, pentagon)",
                              name);
        g->s[i] = (unsigned char)shape;
    }
    if (uncloned && tic_goal_cloned(g))
        return pn_yml_err(err, y, n, "UnCloned: a goal may not hold the same shape twice in a row");
    return 0;
}

static int read_player(const pn_yml *y, struct fy_node *n, bool uncloned, tic_position *d, int k,
                       pn_err *err)
{
    static const char *const keys[] = {"name", "color", "goals", NULL};
    if (pn_yml_check_keys(y, n, keys, err)) return -1;
    tic_player *p = &d->players[k];
    struct fy_node *nn = pn_yml_get(n, "name"), *cn = pn_yml_get(n, "color");
    g_strlcpy(d->names[k], k ? "Player 2" : "Player 1", sizeof d->names[k]);
    if (nn && pn_yml_text(y, nn, "name", d->names[k], sizeof d->names[k], err)) return -1;
    const char *c;
    if (!cn) return pn_yml_err(err, y, n, "%s needs a color (black or white)", d->names[k]);
    if (pn_yml_str(y, cn, &c, err)) return -1;
    tic_color col;
    if (!tic_color_parse(c, &col) || col == TIC_NEUTRAL)
        return pn_yml_err(err, y, cn, "color '%s': a player is black or white", c);
    p->color = col;
    struct fy_node *gn = pn_yml_get(n, "goals");
    if (!gn) return pn_yml_err(err, y, n, "%s needs goals: a list of 1 to 3 goals", d->names[k]);
    if (pn_yml_expect(y, gn, FYNT_SEQUENCE, "a list of goals", err)) return -1;
    int ng = fy_node_sequence_item_count(gn);
    if (ng < 1 || ng > TIC_MAX_GOALS)
        return pn_yml_err(err, y, gn, "%d goals; a player has 1 (Spin Cycle: 2 or 3)", ng);
    p->ngoals = ng;
    void *it = NULL;
    int i = 0;
    for (struct fy_node *g; (g = fy_node_sequence_iterate(gn, &it)); i++)
        if (read_goal(y, g, uncloned, &p->goals[i], err)) return -1;
    return 0;
}

int tic_position_read(const pn_yml *y, tic_position *d, pn_err *err)
{
    static const char *const keys[] = {"game", "board", "tokens", "uncloned", "players", NULL};
    struct fy_node *root = pn_yml_root(y);
    if (!root) return pn_err_at(err, y->file, 1, 1, "the document is empty");
    if (pn_yml_check_keys(y, root, keys, err)) return -1;
    struct fy_node *n = pn_yml_get(root, "game");
    const char *game;
    if (n) {
        if (pn_yml_str(y, n, &game, err)) return -1;
        if (strcmp(game, "thinking-in-circles"))
            return pn_yml_err(err, y, n, "game '%s': this checks thinking-in-circles", game);
    }
    memset(d, 0, sizeof *d);
    n = pn_yml_get(root, "board");
    if (!n) return pn_yml_err(err, y, root, "missing 'board'");
    if (read_board(y, n, d, err)) return -1;
    bool uncloned = false;
    if ((n = pn_yml_get(root, "uncloned")) && pn_yml_bool(y, n, &uncloned, err)) return -1;
    n = pn_yml_get(root, "tokens");
    if (!n) return pn_yml_err(err, y, root, "missing 'tokens' (one per circle)");
    if (pn_yml_expect(y, n, FYNT_SEQUENCE, "a list of token positions", err)) return -1;
    int nt = fy_node_sequence_item_count(n);
    if (nt != d->board.circles)
        return pn_yml_err(err, y, n, "tokens has %d entries; the board has %d circles", nt,
                          d->board.circles);
    void *it = NULL;
    int i = 0;
    for (struct fy_node *t; (t = fy_node_sequence_iterate(n, &it)); i++) {
        long v;
        if (pn_yml_int(y, t, -TIC_MAX_TOKEN_STEPS, TIC_MAX_TOKEN_STEPS, &v, err)) return -1;
        int S = d->board.spaces;
        d->tokens[i] = (int)(((v % S) + S) % S);
    }
    n = pn_yml_get(root, "players");
    if (!n) return pn_yml_err(err, y, root, "missing 'players' (two: black and white)");
    if (pn_yml_expect(y, n, FYNT_SEQUENCE, "a list of two players", err)) return -1;
    if (fy_node_sequence_item_count(n) != 2)
        return pn_yml_err(err, y, n, "%d players; the game has 2", fy_node_sequence_item_count(n));
    it = NULL;
    i = 0;
    for (struct fy_node *p; (p = fy_node_sequence_iterate(n, &it)); i++)
        if (read_player(y, p, uncloned, d, i, err)) return -1;
    if (d->players[0].color == d->players[1].color)
        return pn_yml_err(err, y, n, "both players are %s; one is black, the other white",
                          tic_color_name(d->players[0].color));
    return 0;
}

void tic_position_report(const tic_position *d, bool json, GString *o)
{
    const tic_board *b = &d->board;
    tic_win wins[2][TIC_MAX_TRIPLES * (TIC_MAX_GOALS + 1)];
    int nw[2];
    for (int k = 0; k < 2; k++)
        nw[k] = tic_wins(b, d->tokens, &d->players[k], wins[k], (int)G_N_ELEMENTS(wins[k]));
    if (json) {
        g_string_append(o, "{\"game\":\"thinking-in-circles\",");
        if (d->generated) g_string_append_printf(o, "\"seed\":%ld,", d->seed);
        g_string_append_printf(o, "\"circles\":%d,\"spaces\":%d,\"layout\":\"%s\",\"tokens\":[",
                               b->circles, b->spaces, b->layout == TIC_RING ? "ring" : "row");
        for (int c = 0; c < b->circles; c++) {
            const tic_space *sp = &b->sp[c][d->tokens[c]];
            g_string_append_printf(
                o, "%s{\"circle\":%d,\"space\":%d,\"shape\":\"%s\",\"color\":\"%s\"}", c ? "," : "",
                c + 1, d->tokens[c], tic_shape_name((tic_shape)sp->shape),
                tic_color_name((tic_color)sp->color));
        }
        g_string_append(o, "],\"players\":[");
        for (int k = 0; k < 2; k++) {
            g_string_append_printf(o, "%s{\"name\":", k ? "," : "");
            pn_json_string(o, d->names[k]);
            g_string_append_printf(o, ",\"color\":\"%s\",\"wins\":[",
                                   tic_color_name(d->players[k].color));
            for (int i = 0; i < nw[k]; i++) {
                const tic_win *w = &wins[k][i];
                if (w->goal < 0)
                    g_string_append_printf(o, "%s{\"by\":\"color\"", i ? "," : "");
                else
                    g_string_append_printf(o, "%s{\"by\":\"goal\",\"goal\":%d,\"reversed\":%s",
                                           i ? "," : "", w->goal + 1,
                                           w->reversed ? "true" : "false");
                g_string_append_printf(o, ",\"circles\":[%d,%d,%d]}", w->circles[0] + 1,
                                       w->circles[1] + 1, w->circles[2] + 1);
            }
            g_string_append(o, "]}");
        }
        g_string_append(o, "],\"winners\":[");
        bool first = true;
        for (int k = 0; k < 2; k++)
            if (nw[k]) {
                if (!first) g_string_append_c(o, ',');
                pn_json_string(o, d->names[k]);
                first = false;
            }
        g_string_append(o, "]}\n");
        return;
    }
    if (d->generated)
        g_string_append_printf(o, "Board: seed %ld, ", d->seed);
    else
        g_string_append(o, "Board: ");
    g_string_append_printf(o, "%d circles of %d spaces in a %s\n", b->circles, b->spaces,
                           b->layout == TIC_RING ? "ring" : "row");
    g_string_append(o, "Tokens:");
    for (int c = 0; c < b->circles; c++) {
        const tic_space *sp = &b->sp[c][d->tokens[c]];
        if (sp->shape == TIC_NO_SHAPE)
            g_string_append_printf(o, " %d start%s", c + 1, c + 1 < b->circles ? "," : "\n");
        else
            g_string_append_printf(o, " %d %s %s%s", c + 1, tic_color_name((tic_color)sp->color),
                                   tic_shape_name((tic_shape)sp->shape),
                                   c + 1 < b->circles ? "," : "\n");
    }
    for (int k = 0; k < 2; k++) {
        g_string_append_printf(o, "%s (%s): ", d->names[k], tic_color_name(d->players[k].color));
        if (!nw[k]) g_string_append(o, "no win\n");
        for (int i = 0; i < nw[k]; i++) {
            const tic_win *w = &wins[k][i];
            g_string_append_printf(o, "%s", i ? "; " : "wins with ");
            if (w->goal < 0) {
                g_string_append_printf(o, "three %s spaces", tic_color_name(d->players[k].color));
            } else {
                const tic_goal *g = &d->players[k].goals[w->goal];
                g_string_append_printf(
                    o, "goal %d (%s, %s, %s%s)", w->goal + 1, tic_shape_name((tic_shape)g->s[0]),
                    tic_shape_name((tic_shape)g->s[1]), tic_shape_name((tic_shape)g->s[2]),
                    w->reversed ? ", read backwards" : "");
            }
            g_string_append_printf(o, " on circles %d-%d-%d", w->circles[0] + 1, w->circles[1] + 1,
                                   w->circles[2] + 1);
        }
        if (nw[k]) g_string_append_c(o, '\n');
    }
    if (nw[0] && nw[1]) g_string_append(o, "Both players win at once.\n");
}

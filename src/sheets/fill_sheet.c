/* fill_sheet.c: a scored sheet drawn into a template page's slots. */
#include "sheets/fill_sheet.h"

#include <stdio.h>
#include <string.h>
#include "scene/fill.h"

static int put(scene *s, fill_kind kind, const char *slot, const char *text, bool computed,
               pn_err *err)
{
    fill_item it = {.kind = kind, .slot = slot, .text = text, .computed = computed};
    return scene_fill(s, &it, err);
}

/* The same for a slot a template may leave out. */
static int put_opt(scene *s, fill_kind kind, const char *slot, const char *text, bool computed,
                   pn_err *err)
{
    if (!scene_slot_find(s, slot)) return 0;
    return put(s, kind, slot, text, computed, err);
}

static int put_int(scene *s, const char *slot, int v, bool computed, pn_err *err)
{
    char buf[16];
    snprintf(buf, sizeof buf, "%d", v);
    return put(s, FILL_TEXT, slot, buf, computed, err);
}

/* ---- Circle 36 ---- */

int c36_template_variant(const tmpl *t, c36_variant *v, pn_err *err)
{
    *v = C36_DEFAULT_VARIANT;
    const char *names[3] = {"rings", "sectors", "target"};
    int *fields[3] = {&v->rings, &v->sectors, &v->target};
    for (int i = 0; i < 3; i++) {
        tmpl_param *p = tmpl_param_find(t, names[i]);
        if (!p) continue;
        if (p->spec.type != PV_INT)
            return pn_err_set(err, PN_EINPUT, "%s: the parameter %s must be an int", t->file,
                              names[i]);
        *fields[i] = (int)p->value.i;
    }
    const char *why = c36_variant_check(v);
    if (why) return pn_err_set(err, PN_EINPUT, "%s: %s", t->file, why);
    return 0;
}

int c36_fill(scene *s, const c36_input *in, const c36_score *sc, pn_err *err)
{
    const c36_sheet *sh = &in->sheet;
    const c36_variant *v = &sh->v;
    char id[48], name[8];
    if (in->has_player && put_opt(s, FILL_TEXT, "player", in->player, false, err)) return -1;
    if (in->date[0] && put_opt(s, FILL_TEXT, "date", in->date, false, err)) return -1;
    for (int c = 0; c < c36_cells(v); c++)
        if (sh->cells[c] != C36_EMPTY &&
            put_int(s, c36_cell_name(v, c, name), sh->cells[c], false, err))
            return -1;
    for (int k = 0; k < sh->nrounds; k++) {
        const c36_round *r = &sh->rounds[k];
        for (int d = 0; d < 2; d++) {
            snprintf(id, sizeof id, "roll%d.%c", k + 1, d ? 'b' : 'a');
            char die[4] = {(char)('0' + r->dice[d]), 0};
            if (put_opt(s, FILL_TEXT, id, die, false, err)) return -1;
        }
        if (sc->used[k] == C36_USE_DIE) {
            snprintf(id, sizeof id, "roll%d.%c", k + 1, sc->die[k] ? 'b' : 'a');
            if (put_opt(s, FILL_CIRCLE, id, NULL, false, err)) return -1;
        } else {
            snprintf(id, sizeof id, "roll%d", k + 1);
            if (put_opt(s, FILL_CIRCLE, id, NULL, false, err)) return -1;
            if (r->cell != c36_centre(v) &&
                put(s, FILL_CIRCLE, c36_cell_name(v, r->cell, name), NULL, false, err))
                return -1;
        }
    }
    for (int r = 0; r < v->rings; r++) {
        snprintf(id, sizeof id, "total.%s", c36_ring_name(r));
        if (put_int(s, id, sc->ring_total[r], true, err)) return -1;
        snprintf(id, sizeof id, "points.%s", c36_ring_name(r));
        if (put_int(s, id, sc->ring_points[r], true, err)) return -1;
    }
    for (int row = 0; row < c36_rows(v); row++) {
        snprintf(id, sizeof id, "total.%c", c36_row_letter(row));
        if (put_int(s, id, sc->row_total[row], true, err)) return -1;
        snprintf(id, sizeof id, "points.%c", c36_row_letter(row));
        if (put_int(s, id, sc->row_points[row], true, err)) return -1;
    }
    if (scene_slot_find(s, "red_upper") && put_int(s, "red_upper", sc->upper, true, err)) return -1;
    if (put(s, sc->bonus ? FILL_CIRCLE : FILL_CROSS, "bonus", NULL, true, err)) return -1;
    if (put_int(s, "earned", sc->earned, true, err)) return -1;
    if (put_int(s, "penalty", sc->penalty, true, err)) return -1;
    if (put_int(s, "total", sc->total, true, err)) return -1;
    if (scene_slot_find(s, "combos") && put_int(s, "combos", sc->combos, true, err)) return -1;
    if (scene_slot_find(s, "combo_penalty") && put_int(s, "combo_penalty", sc->penalty, true, err))
        return -1;
    return 0;
}

/* ---- DiCroNo ---- */

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
                              "the score table of %s holds at most %.0f games; the set has %d",
                              t->name, hi, in->ngames);
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
        if (in->names[p][0] && put_opt(s, FILL_TEXT, id, in->names[p], false, err)) return -1;
    }
    const dc_game *game = &in->games[g];
    for (int r = 0; r < game->size; r++)
        for (int c = 0; c < game->size; c++) {
            if (game->cell[r][c] == DC_NONE) continue;
            snprintf(id, sizeof id, "cell.%d.%d", c + 1, r + 1);
            if (put(s, FILL_TEXT, id, game->cell[r][c] == DC_X ? "X" : "O", false, err)) return -1;
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
            if (put_int(s, id, ks->points[p], true, err)) return -1;
            for (int i = 0; i < in->games[k].penalties[p]; i++) {
                snprintf(id, sizeof id, "g%d.%c.pen%d", k + 1, sym, i + 1);
                if (put(s, FILL_CROSS, id, NULL, false, err)) return -1;
            }
            snprintf(id, sizeof id, "g%d.%c.subtotal", k + 1, sym);
            if (put_int(s, id, ks->subtotal[p], true, err)) return -1;
        }
        snprintf(id, sizeof id, "g%d.next", k + 1);
        char next[2] = {dc_symbol(ks->next_first), 0};
        if (put(s, FILL_TEXT, id, next, true, err)) return -1;
    }
    for (int p = 0; p < 2; p++) {
        snprintf(id, sizeof id, "total.%c", dc_symbol(p));
        if (put_int(s, id, sc->subtotal[p], true, err)) return -1;
    }
    return 0;
}

/* ---- Cirplexed ---- */

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
        return pn_err_set(err, PN_EINPUT, "template %s draws %d boards; the game has %d players",
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
        if (put(s, FILL_TEXT, id, in->names[p], false, err)) return -1;
        const int vals[4] = {points[p].circles, points[p].three_quarter, points[p].half,
                             points[p].rank};
        static const char *const keys[4] = {"circles", "three_quarter", "half", "rank"};
        for (int i = 0; i < 4; i++) {
            snprintf(id, sizeof id, "b%d.%s", b, keys[i]);
            if (put_int(s, id, vals[i], true, err)) return -1;
        }
        int n = points[p].circles;
        cpx_point *pts = g_new(cpx_point, (gsize)n + 1);
        cpx_points again;
        int rc = cpx_score_board(in->tiles[p], in->ntiles[p], &again, pts, n);
        for (int i = 0; i < n && !rc; i++) {
            snprintf(id, sizeof id, "b%d.pt.%d.%d", b, pts[i].x, pts[i].y);
            rc = put(s, FILL_CIRCLE, id, NULL, true, err);
        }
        g_free(pts);
        if (rc) return -1;
    }
    return 0;
}

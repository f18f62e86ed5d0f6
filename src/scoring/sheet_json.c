/* sheet_json.c: a loaded sheet as JSON, in the keys of its own YAML format
 * (docs/formats.md): what the reader understood, before any scoring. A front
 * end that shows a sheet for editing fills its fields from this, so that a
 * file is read once, by the same reader and with the same errors as
 * `pnpkit score`. One object per sheet, on one line, no newline. */
#include "scoring/games.h"
#include "scoring/report.h"

/* A space's value: a number, or null for an empty space (~). */
static void c36_value(GString *out, int v)
{
    if (v == C36_EMPTY)
        g_string_append(out, "null");
    else
        report_add_int(out, v);
}

void c36_sheet_json(GString *out, const c36_input *in)
{
    const c36_sheet *s = &in->sheet;
    const c36_variant *v = &s->v;
    g_string_append(out, "{\"game\":\"circle36\",\"player\":");
    pn_json_string(out, in->player);
    g_string_append(out, ",\"date\":");
    pn_json_string(out, in->date);
    report_key_int(out, "rings", v->rings, false);
    report_key_int(out, "sectors", v->sectors, false);
    report_key_int(out, "dice", v->dice, false);
    report_key_int(out, "target", v->target, false);
    for (int r = 0; r < v->rings; r++) {
        g_string_append_printf(out, ",\"%s\":[", c36_ring_name(r));
        for (int k = 0; k < v->sectors; k++) {
            if (k) g_string_append_c(out, ',');
            c36_value(out, s->cells[c36_cell(v, r, k)]);
        }
        g_string_append_c(out, ']');
    }
    g_string_append(out, ",\"yellow\":");
    c36_value(out, s->cells[c36_centre(v)]);
    g_string_append(out, ",\"combos\":");
    c36_value(out, s->combos < 0 ? C36_EMPTY : s->combos);
    g_string_append(out, ",\"rounds\":[");
    static const char *const uses[] = {[C36_USE_AUTO] = NULL,
                                       [C36_USE_DIE] = "die",
                                       [C36_USE_SUM] = "sum",
                                       [C36_USE_DIFF] = "diff"};
    for (int k = 0; k < s->nrounds; k++) {
        const c36_round *r = &s->rounds[k];
        char cell[16];
        if (k) g_string_append_c(out, ',');
        g_string_append(out, "{\"dice\":[");
        report_add_int(out, r->dice[0]);
        g_string_append_c(out, ',');
        report_add_int(out, r->dice[1]);
        g_string_append(out, "],\"cell\":");
        pn_json_string(out, c36_cell_name(v, r->cell, cell));
        g_string_append(out, ",\"use\":");
        if (uses[r->use])
            pn_json_string(out, uses[r->use]);
        else
            g_string_append(out, "null");
        g_string_append_c(out, '}');
    }
    g_string_append(out, "]}");
}

void dc_sheet_json(GString *out, const dc_input *in)
{
    g_string_append(out, "{\"game\":\"dicrono\",\"players\":{\"X\":");
    pn_json_string(out, in->names[DC_PX]);
    g_string_append(out, ",\"O\":");
    pn_json_string(out, in->names[DC_PO]);
    g_string_append(out, "},\"games\":[");
    for (int i = 0; i < in->ngames; i++) {
        const dc_game *g = &in->games[i];
        if (i) g_string_append_c(out, ',');
        g_string_append(out, "{\"first\":");
        pn_json_string(out, g->first == DC_PO ? "O" : "X");
        g_string_append(out, ",\"grid\":[");
        for (int r = 0; r < g->size; r++) {
            g_string_append(out, r ? ",\"" : "\"");
            for (int c = 0; c < g->size; c++)
                g_string_append_c(out, g->cell[r][c] == DC_X   ? 'X'
                                       : g->cell[r][c] == DC_O ? 'O'
                                                               : '.');
            g_string_append_c(out, '"');
        }
        g_string_append(out, "],\"penalties\":{");
        report_key_int(out, "X", g->penalties[DC_PX], true);
        report_key_int(out, "O", g->penalties[DC_PO], false);
        g_string_append(out, "}}");
    }
    g_string_append(out, "]}");
}

void cpx_sheet_json(GString *out, const cpx_input *in)
{
    g_string_append(out, "{\"game\":\"cirplexed\",\"colors\":[");
    for (int c = 0; c < in->ncolors; c++) {
        if (c) g_string_append_c(out, ',');
        pn_json_string(out, in->colors[c]);
    }
    g_string_append(out, "],\"boards\":[");
    for (int p = 0; p < in->nplayers; p++) {
        if (p) g_string_append_c(out, ',');
        g_string_append(out, "{\"name\":");
        pn_json_string(out, in->names[p]);
        g_string_append(out, ",\"tiles\":[");
        for (int k = 0; k < in->ntiles[p]; k++) {
            const cpx_placed *t = &in->tiles[p][k];
            if (k) g_string_append_c(out, ',');
            g_string_append(out, "{\"at\":[");
            report_add_int(out, t->x);
            g_string_append_c(out, ',');
            report_add_int(out, t->y);
            g_string_append(out, "],\"corners\":[");
            for (int i = 0; i < 4; i++) {
                if (i) g_string_append_c(out, ',');
                pn_json_string(out, in->colors[t->t.c[i]]);
            }
            g_string_append(out, "]}");
        }
        g_string_append(out, "]}");
    }
    g_string_append(out, "]}");
}

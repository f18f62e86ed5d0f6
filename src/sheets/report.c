/* report.c: scored sheets as JSON and as readable tables. */
#include "sheets/report.h"

#include <stdio.h>
#include <string.h>

/* Appends a whole number without printf (this runs for every sheet). */
static void add_int(GString *out, int v)
{
    char buf[16];
    int n = 0;
    unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
    do {
        buf[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0) g_string_append_c(out, '-');
    while (n)
        g_string_append_c(out, buf[--n]);
}

/* "key":value with a leading comma unless first. */
static void key_int(GString *out, const char *key, int v, bool first)
{
    if (!first) g_string_append_c(out, ',');
    g_string_append_c(out, '"');
    g_string_append(out, key);
    g_string_append(out, "\":");
    add_int(out, v);
}

void report_json_string(GString *out, const char *s)
{
    g_string_append_c(out, '"');
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"':
            g_string_append(out, "\\\"");
            break;
        case '\\':
            g_string_append(out, "\\\\");
            break;
        case '\n':
            g_string_append(out, "\\n");
            break;
        case '\t':
            g_string_append(out, "\\t");
            break;
        case '\r':
            g_string_append(out, "\\r");
            break;
        default:
            if (*p < 0x20)
                g_string_append_printf(out, "\\u%04x", *p);
            else
                g_string_append_c(out, (char)*p);
        }
    }
    g_string_append_c(out, '"');
}

/* ---- Circle 36 ---- */

void c36_report_json(GString *out, const c36_input *in, const c36_score *sc)
{
    const c36_variant *v = &in->sheet.v;
    g_string_append(out, "{\"game\":\"circle36\",\"player\":");
    if (in->has_player)
        report_json_string(out, in->player);
    else
        g_string_append(out, "null");
    key_int(out, "empty", sc->empty, false);
    for (int pass = 0; pass < 2; pass++) {
        g_string_append(out, pass ? ",\"points\":{" : ",\"totals\":{");
        for (int r = 0; r < v->rings; r++)
            key_int(out, c36_ring_name(r), pass ? sc->ring_points[r] : sc->ring_total[r], r == 0);
        for (int row = 0; row < c36_rows(v); row++) {
            char name[2] = {c36_row_letter(row), 0};
            key_int(out, name, pass ? sc->row_points[row] : sc->row_total[row], false);
        }
        g_string_append_c(out, '}');
    }
    key_int(out, "red_upper", sc->upper, false);
    key_int(out, "bonus", sc->bonus, false);
    key_int(out, "combos", sc->combos, false);
    key_int(out, "penalty", sc->penalty, false);
    key_int(out, "earned", sc->earned, false);
    key_int(out, "total", sc->total, false);
    g_string_append_c(out, '}');
}

void c36_report_table(GString *out, const c36_input *in, const c36_score *sc)
{
    const c36_variant *v = &in->sheet.v;
    g_string_append_printf(out, "Circle %d", v->target);
    if (in->has_player) g_string_append_printf(out, ": %s", in->player);
    if (in->date[0]) g_string_append_printf(out, " (%s)", in->date);
    g_string_append(out, "\n                         Area total  Points earned\n");
    char label[64];
    for (int r = 0; r < v->rings; r++) {
        snprintf(label, sizeof label, "%s Ring", c36_ring_label(r));
        g_string_append_printf(out, "  %-24s %9d  %13d\n", label, sc->ring_total[r],
                               sc->ring_points[r]);
    }
    for (int row = 0; row < c36_rows(v); row++) {
        snprintf(label, sizeof label, "Row %c", c36_row_letter(row));
        g_string_append_printf(out, "  %-24s %9d  %13d\n", label, sc->row_total[row],
                               sc->row_points[row]);
    }
    snprintf(label, sizeof label, "%s Circle %d Bonus", c36_ring_label(0), v->target / 2);
    g_string_append_printf(out, "  %-24s %9d  %13s\n", label, sc->upper,
                           sc->bonus ? "3" : "0 (3 crossed)");
    g_string_append_printf(out, "  %-24s %9s  %13d\n", "Total Points Earned", "", sc->earned);
    g_string_append_printf(out, "  %-24s %9d\n", "Total ComboCircles", sc->combos);
    g_string_append_printf(out, "  %-24s %9s  %13d\n", "Penalty Points", "", sc->penalty);
    g_string_append_printf(out, "  %-24s %9s  %13d\n", "TOTAL POINTS", "", sc->total);
    if (sc->empty)
        g_string_append_printf(out, "  (%d space%s left empty)\n", sc->empty,
                               sc->empty == 1 ? "" : "s");
}

/* ---- DiCroNo ---- */

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
        if (in->names[p][0])
            report_json_string(out, in->names[p]);
        else
            g_string_append(out, "null");
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

/* ---- Cirplexed ---- */

void cpx_report_json(GString *out, const cpx_input *in, const cpx_points *points)
{
    g_string_append(out, "{\"game\":\"cirplexed\",\"players\":[");
    for (int p = 0; p < in->nplayers; p++) {
        g_string_append(out, p ? ",{\"name\":" : "{\"name\":");
        report_json_string(out, in->names[p]);
        key_int(out, "circles", points[p].circles, false);
        key_int(out, "three_quarter", points[p].three_quarter, false);
        key_int(out, "half", points[p].half, false);
        key_int(out, "rank", points[p].rank, false);
        key_int(out, "tiles", in->ntiles[p], false);
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

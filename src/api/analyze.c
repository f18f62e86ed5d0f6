/* analyze.c: the public interface's analyses (pnpkit_analyze): dicrono-max,
 * the most points one player can score in a single DiCroNo game, found by
 * search (src/games/dicrono_max.c), told in one of three forms, and its
 * witness drawn on the DiCroNo sheet. */
#include <glib.h>
#include <string.h>
#include "api/api.h"
#include "pnpkit.h"
#include "render/render.h"
#include "scoring/games.h"
#include "template/tmpl.h"

G_STATIC_ASSERT(PNPKIT_DICRONO_SIZE_MIN == DC_MIN_SIZE && PNPKIT_DICRONO_SIZE_MAX == DC_MAX_SIZE);
G_STATIC_ASSERT(PNPKIT_DPI_MIN == RENDER_MIN_DPI && PNPKIT_DPI_MAX == RENDER_MAX_DPI);

void pnpkit_analyze_opts_init(pnpkit_analyze_opts *o)
{
    *o = (pnpkit_analyze_opts){
        .size = 6, .form = PNPKIT_ANALYSIS_TEXT, .format = "pdf", .dpi = 150, .epoch = 946684800};
}

typedef struct witness_fill {
    dc_input *in;
    dc_game_score *scores;
} witness_fill;

static int witness_page(void *user, int page, scene *s, pn_err *err)
{
    witness_fill *w = user;
    return dc_fill(s, w->in, w->scores, page, err);
}

static void grid_rows(GString *out, const dc_game *g, const char *indent, const char *sep)
{
    for (int r = 0; r < g->size; r++) {
        g_string_append(out, indent);
        for (int c = 0; c < g->size; c++)
            g_string_append_printf(out, "%s%c", c ? sep : "", ".XO"[g->cell[r][c]]);
        g_string_append_c(out, '\n');
    }
}

static void answer_json(GString *out, const dc_max_result *res, int size)
{
    const dc_game *g = &res->witness;
    g_string_append_printf(out,
                           "{\"analysis\":\"dicrono-max\",\"size\":%d,\"points\":%d,"
                           "\"points_without_opponent\":%d,\"shapes\":%ld,\"checked\":%ld,"
                           "\"witness\":{\"first\":\"O\",\"penalties\":{\"X\":%d,\"O\":%d},"
                           "\"last\":[%d,%d],\"grid\":[",
                           size, res->points, res->points_alone, res->shapes, res->checked,
                           g->penalties[0], g->penalties[1], res->last_col + 1, res->last_row + 1);
    for (int r = 0; r < size; r++) {
        g_string_append_printf(out, "%s\"", r ? "," : "");
        for (int c = 0; c < size; c++)
            g_string_append_c(out, ".XO"[g->cell[r][c]]);
        g_string_append_c(out, '"');
    }
    g_string_append(out, "]}}\n");
}

static void answer_sheet(GString *out, const dc_max_result *res, int size)
{
    const dc_game *g = &res->witness;
    g_string_append_printf(out,
                           "# pnpkit analyze dicrono-max --size %d: X scores %d points.\n"
                           "game: dicrono\ngames:\n  - first: O\n    grid: |\n",
                           size, res->points);
    grid_rows(out, g, "      ", " ");
    g_string_append_printf(out, "    penalties: {X: %d, O: %d}\n", g->penalties[0],
                           g->penalties[1]);
}

static void answer_text(GString *out, const dc_max_result *res, int size,
                        const dc_game_score *scores)
{
    const dc_game *g = &res->witness;
    g_string_append_printf(out,
                           "DiCroNo on a %dx%d grid: the most points one player can score "
                           "in a single game is %d.\n\n",
                           size, size, res->points);
    g_string_append_printf(
        out,
        "Every line the player scores passes through their last symbol, with at most two\n"
        "of their symbols on either side of it (three in a row earlier would have ended\n"
        "the game), so at most four lines of up to five. %ld shapes of that kind keep\n"
        "the player's other symbols free of lines; the best scores %d. The opponent must\n"
        "have rolled as often, with at most three penalties: for the best shape the\n"
        "search found room for their symbols without a line of theirs (%ld shape%s\n"
        "checked).\n\n",
        res->shapes, res->points_alone, res->checked, res->checked == 1 ? "" : "s");
    g_string_append_printf(out,
                           "A game that reaches it: O rolled first and ended the game with "
                           "a third penalty;\nX's extra roll %d:%d (column %d, row %d) "
                           "completed these lines:\n\n",
                           res->last_col + 1, res->last_row + 1, res->last_col + 1,
                           res->last_row + 1);
    int w = size >= 10 ? 2 : 1; /* columns as wide as their number */
    g_string_append(out, "      ");
    for (int c = 0; c < size; c++)
        g_string_append_printf(out, "%s%*d", c ? " " : "", w, c + 1);
    g_string_append_c(out, '\n');
    for (int r = 0; r < size; r++) {
        g_string_append_printf(out, "  %*d  ", 2, r + 1);
        for (int c = 0; c < size; c++)
            g_string_append_printf(out, "%s%*c", c ? " " : "", w, ".XO"[g->cell[r][c]]);
        g_string_append_c(out, '\n');
    }
    g_string_append_c(out, '\n');
    for (int k = 0; k < scores->nruns; k++) {
        const dc_run *r = &scores->runs[k];
        g_string_append_printf(out, "   %c: %d in a line from %d:%d to %d:%d = %d point%s\n",
                               dc_symbol(r->player), r->len, r->c0 + 1, r->r0 + 1, r->c1 + 1,
                               r->r1 + 1, r->len - 2, r->len == 3 ? "" : "s");
    }
}

/* Draws the witness on the DiCroNo sheet into o->output. */
static int draw_witness(pnpkit_ctx *ctx, dc_input *in, dc_game_score *scores,
                        const pnpkit_analyze_opts *o, pn_err *err)
{
    tmpl *t = tmpl_open("dicrono", err);
    if (!t) return -1;
    witness_fill w = {in, scores};
    int rc = dc_template_params(t, in, err);
    if (!rc) {
        render_opts ro = {.measure = api_ctx_measurer(ctx),
                          .output = o->output,
                          .format = o->format ? o->format : "pdf",
                          .landscape = -1,
                          .dpi = o->dpi > 0 ? o->dpi : 150,
                          .seed = 1,
                          .pages = 1,
                          .nup = 1,
                          .epoch = o->epoch,
                          .hook = witness_page,
                          .hook_user = &w};
        rc = render_template(t, &ro, err);
    }
    tmpl_free(t);
    return rc;
}

int pnpkit_analyze(pnpkit_ctx *ctx, const char *question, const pnpkit_analyze_opts *o,
                   pnpkit_error *err)
{
    pn_err e = {0};
    int size = o->size ? o->size : 6;
    const char *format = o->format ? o->format : "pdf";
    double dpi = o->dpi > 0 ? o->dpi : 150;
    if (!question || strcmp(question, "dicrono-max"))
        pn_err_set(&e, PN_EUSAGE, "unknown question '%s' (dicrono-max)", question ? question : "");
    else if (size < DC_MIN_SIZE || size > DC_MAX_SIZE)
        pn_err_set(&e, PN_EUSAGE, "the grid size must be from %d to %d", DC_MIN_SIZE, DC_MAX_SIZE);
    else if (o->output && !ctx)
        pn_err_set(&e, PN_EUSAGE, "drawing the witness needs a context");
    else if (!o->report)
        pn_err_set(&e, PN_EUSAGE, "no report function to hand the answer to");
    else if (o->output)
        api_check_drawing(format, dpi, o->epoch, &e);
    if (e.status) {
        api_error_from(&e, err);
        return -1;
    }
    dc_max_result res;
    if (dc_max_search(size, &res)) {
        pn_err_set(&e, PN_EINPUT, "dicrono-max: cannot search a %dx%d grid", size, size);
        api_error_from(&e, err);
        return -1;
    }
    dc_input *in = g_new0(dc_input, 1);
    dc_game_score *scores = g_new0(dc_game_score, 1);
    in->ngames = 1;
    in->games[0] = res.witness;
    dc_score_set(in->games, 1, scores);
    GString *out = g_string_new(NULL);
    if (o->form == PNPKIT_ANALYSIS_JSON)
        answer_json(out, &res, size);
    else if (o->form == PNPKIT_ANALYSIS_SHEET)
        answer_sheet(out, &res, size);
    else
        answer_text(out, &res, size, scores);
    int rc = 0;
    if (o->output) { /* drawn first: a drawing that fails reports nothing */
        pnpkit_analyze_opts oo = *o;
        oo.format = format;
        oo.dpi = dpi;
        rc = draw_witness(ctx, in, scores, &oo, &e);
    }
    if (!rc && o->report(o->user, out->str, out->len))
        rc = pn_err_set(&e, PN_EIO, "writing the answer failed");
    g_string_free(out, TRUE);
    g_free(in);
    g_free(scores);
    if (rc) api_error_from(&e, err);
    return rc ? -1 : 0;
}

/* score_file.c: the public interface's scoring of a file of sheets
 * (pnpkit_score_file): every document of a YAML stream scored in turn, each
 * report handed over as soon as it is made, and the completed sheets drawn
 * into a file. */
#include <glib.h>
#include <string.h>
#include "api/api.h"
#include "pnpkit.h"
#include "render/render.h"
#include "scoring/scoring.h"
#include "util/inputs.h"
#include "util/yml_docs.h"

void pnpkit_score_file_opts_init(pnpkit_score_file_opts *o)
{
    *o = (pnpkit_score_file_opts){.path = "-", .format = "pdf", .dpi = 150, .epoch = 946684800};
}

/* Hands one sheet's report to the caller (score_run_stream empties out after). */
static int hand_over(void *user, GString *out, pn_err *err)
{
    const pnpkit_score_file_opts *o = user;
    if (o->report && o->report(o->user, out->str, out->len))
        return pn_err_set(err, PN_EIO, "handing over a report failed");
    return 0;
}

int pnpkit_score_file(pnpkit_ctx *ctx, const char *game, const pnpkit_score_file_opts *o,
                      pnpkit_error *err)
{
    pn_err e = {0};
    const score_game *g = api_score_game(game, &e);
    if (!g ||
        (o->output && api_check_drawing(o->format ? o->format : "pdf", o->dpi, o->epoch, &e))) {
        api_error_from(&e, err);
        return -1;
    }
    if (o->output && !ctx) {
        pn_err_set(&e, PN_EUSAGE, "drawing the completed sheets needs a context");
        api_error_from(&e, err);
        return -1;
    }
    size_t nsets = 0;
    while (o->set && o->set[nsets])
        nsets++;
    /* the files the template reads (its data, images, fonts) are noted, so
     * the drawing never replaces one of them */
    pn_inputs *inputs = pn_inputs_new(), *was = pn_inputs_use(inputs);
    score_run_opts so = {.template_path = o->template_path,
                         .sets = o->set,
                         .nsets = nsets,
                         .keep = o->output != NULL,
                         .json = o->json != 0};
    score_run *run = score_run_new(g, &so, &e);
    yml_docs *docs = run ? yml_docs_open(o->path ? o->path : "-", &e) : NULL;
    /* Without output each report goes as soon as its sheet is scored (flat
     * memory however long the stream); with output they are held until the
     * completed sheets are written (at most SCORE_MAX_PAGES sheets are kept). */
    GString *out = g_string_sized_new(4096);
    int n =
        docs ? score_run_stream(run, docs, out, o->output ? NULL : hand_over, (void *)o, &e) : -1;
    yml_docs_close(docs);
    if (n >= 0 && o->output) {
        render_opts ro = {.measure = api_ctx_measurer(ctx),
                          .output = o->output,
                          .format = o->format ? o->format : "pdf",
                          .landscape = -1,
                          .dpi = o->dpi,
                          .seed = 1,
                          .nup = 1,
                          .epoch = o->epoch};
        if (score_run_render(run, &ro, &e) || hand_over((void *)o, out, &e)) n = -1;
    }
    g_string_free(out, TRUE);
    score_run_free(run);
    pn_inputs_use(was);
    pn_inputs_free(inputs);
    if (n < 0) api_error_from(&e, err);
    return n;
}

/* cmd_score.c: "pnpkit score": scores players' sheets (a YAML stream, one
 * document per sheet), prints each result as a table or a JSON line, and with
 * -o draws the completed sheets through the game's template. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cli.h"
#include "render/render.h"
#include "sheets/fill_sheet.h"
#include "sheets/report.h"

#define SCORE_MAX_PAGES 1000 /* pages of one completed-sheet document */

#define SCORE_USAGE                                                                                \
    "Usage: pnpkit score GAME [FILE|-] [options]\n\n"                                              \
    "GAME is circle36, dicrono or cirplexed. FILE holds one sheet, or several as a\n"              \
    "YAML stream separated by '---'; '-' or no FILE reads standard input. Each sheet\n"            \
    "is scored in turn; the first invalid one stops with its file:line:col.\n\n"                   \
    "  --json               one JSON object per sheet, one per line\n"                             \
    "  -o, --output FILE    also draw the completed sheets (.pdf .svg .png; '-' with\n"            \
    "                       --format, then no report): one page per sheet (per game\n"             \
    "                       of a DiCroNo set)\n"                                                   \
    "  -f, --format FMT     pdf | svg | png for -o\n"                                              \
    "      --template FILE  score and draw on this template (a circle36 variant's\n"               \
    "                       rings, sectors and target come from its parameters)\n"                 \
    "  -s, --set NAME=VALUE set a template parameter (repeatable)\n"                               \
    "      --dpi N          PNG resolution (default 150)\n\n"                                      \
    "Sheet formats are described in SPEC.md and seeds/*.md. Exit status: 0 scored,\n"              \
    "1 invalid sheet or template, 2 wrong usage, 3 reading or writing failed.\n"

typedef enum { GAME_C36, GAME_DC, GAME_CPX } score_game;

typedef struct c36_page {
    c36_input in;
    c36_score sc;
} c36_page;

typedef struct dc_doc {
    dc_input in;
    dc_game_score scores[DC_MAX_GAMES];
} dc_doc;

typedef struct cpx_doc {
    cpx_input in;
    cpx_points points[CPX_MAX_PLAYERS];
} cpx_doc;

typedef struct page_ref {
    int doc, game;
} page_ref;

typedef struct score_run {
    score_game game;
    const char *game_name;
    bool json, keep; /* keep: -o needs every sheet afterwards */
    bool quiet;      /* the completed sheet goes to standard output: no report */
    tmpl *t;
    c36_variant v;
    GArray *c36;    /* c36_page, with -o */
    GPtrArray *dc;  /* dc_doc*, with -o */
    GPtrArray *cpx; /* cpx_doc*, with -o */
    GArray *pages;  /* page_ref: which document (and game) each page shows */
    GString *out;
    int prepared; /* the page the template's parameters are set for, or -1 */
} score_run;

static void free_cpx_doc(gpointer p)
{
    cpx_doc *d = p;
    cpx_input_clear(&d->in);
    g_free(d);
}

static int add_page(score_run *run, int doc, int game, const char *file, pn_err *err)
{
    if (run->pages->len >= SCORE_MAX_PAGES)
        return pn_err_set(err, PN_EINPUT, "%s: -o draws at most %d pages", file, SCORE_MAX_PAGES);
    page_ref ref = {doc, game};
    g_array_append_val(run->pages, ref);
    return 0;
}

static int score_c36(score_run *run, const sheet_doc *d, pn_err *err)
{
    c36_page pg;
    if (c36_load(d, &run->v, &pg.in, err)) return -1;
    c36_score_sheet(&pg.in.sheet, &pg.sc);
    if (run->json)
        c36_report_json(run->out, &pg.in, &pg.sc);
    else
        c36_report_table(run->out, &pg.in, &pg.sc);
    if (run->keep) {
        if (add_page(run, (int)run->c36->len, 0, d->file, err)) return -1;
        g_array_append_val(run->c36, pg);
    }
    return 0;
}

static int score_dc(score_run *run, const sheet_doc *d, pn_err *err)
{
    dc_doc *doc = g_new(dc_doc, 1);
    if (dc_load(d, &doc->in, err)) {
        g_free(doc);
        return -1;
    }
    dc_score_set(doc->in.games, doc->in.ngames, doc->scores);
    if (run->json)
        dc_report_json(run->out, &doc->in, doc->scores);
    else
        dc_report_table(run->out, &doc->in, doc->scores);
    if (!run->keep) {
        g_free(doc);
        return 0;
    }
    g_ptr_array_add(run->dc, doc);
    for (int g = 0; g < doc->in.ngames; g++)
        if (add_page(run, (int)run->dc->len - 1, g, d->file, err)) return -1;
    return 0;
}

static int score_cpx(score_run *run, const sheet_doc *d, pn_err *err)
{
    cpx_doc *doc = g_new0(cpx_doc, 1);
    if (cpx_load(d, &doc->in, err)) {
        g_free(doc);
        return -1;
    }
    for (int p = 0; p < doc->in.nplayers; p++)
        cpx_score_board(doc->in.tiles[p], doc->in.ntiles[p], &doc->points[p], NULL, 0);
    cpx_rank(doc->points, doc->in.nplayers);
    if (run->json)
        cpx_report_json(run->out, &doc->in, doc->points);
    else
        cpx_report_table(run->out, &doc->in, doc->points);
    if (!run->keep) {
        free_cpx_doc(doc);
        return 0;
    }
    g_ptr_array_add(run->cpx, doc);
    return add_page(run, (int)run->cpx->len - 1, 0, d->file, err);
}

/* render hooks: set the template up for a page, then fill it. */
static int prepare_page(void *user, tmpl *t, int page, pn_err *err)
{
    score_run *run = user;
    if (run->prepared == page) return 0;
    run->prepared = page;
    page_ref ref = g_array_index(run->pages, page_ref, page);
    if (run->game == GAME_DC)
        return dc_template_params(t, g_ptr_array_index(run->dc, ref.doc), err);
    if (run->game == GAME_CPX)
        return cpx_template_params(t, &((cpx_doc *)g_ptr_array_index(run->cpx, ref.doc))->in, err);
    return 0;
}

static int fill_page(void *user, int page, scene *s, pn_err *err)
{
    score_run *run = user;
    page_ref ref = g_array_index(run->pages, page_ref, page);
    switch (run->game) {
    case GAME_C36: {
        c36_page *pg = &g_array_index(run->c36, c36_page, ref.doc);
        return c36_fill(s, &pg->in, &pg->sc, err);
    }
    case GAME_DC: {
        dc_doc *doc = g_ptr_array_index(run->dc, ref.doc);
        return dc_fill(s, &doc->in, doc->scores, ref.game, err);
    }
    case GAME_CPX: {
        cpx_doc *doc = g_ptr_array_index(run->cpx, ref.doc);
        return cpx_fill(s, &doc->in, doc->points, err);
    }
    }
    return 0;
}

static const char *ext_format(const char *path)
{
    const char *dot = strrchr(path, '.');
    if (!dot) return NULL;
    if (!g_ascii_strcasecmp(dot, ".pdf")) return "pdf";
    if (!g_ascii_strcasecmp(dot, ".svg")) return "svg";
    if (!g_ascii_strcasecmp(dot, ".png")) return "png";
    return NULL;
}

/* Scores every document of file; prints as it goes. */
static int score_stream(score_run *run, const char *file, pn_err *err)
{
    sheet_reader *r = sheet_reader_open(file, err);
    if (!r) return -1;
    sheet_doc d;
    int rc, n = 0;
    while ((rc = sheet_reader_next(r, &d, err)) == 1) {
        g_string_truncate(run->out, 0);
        int bad = run->game == GAME_C36  ? score_c36(run, &d, err)
                  : run->game == GAME_DC ? score_dc(run, &d, err)
                                         : score_cpx(run, &d, err);
        if (bad) {
            rc = -1;
            break;
        }
        if (run->json) g_string_append_c(run->out, '\n');
        if (!run->quiet) {
            if (!run->json && n > 0) fputc('\n', stdout);
            fwrite(run->out->str, 1, run->out->len, stdout);
        }
        n++;
    }
    const char *name = strcmp(file, "-") ? file : "<stdin>";
    sheet_reader_close(r);
    if (rc < 0) return -1;
    if (n == 0) return pn_err_at(err, name, 1, 1, "no sheet in the file");
    if (fflush(stdout) || ferror(stdout))
        return pn_err_set(err, PN_EIO, "writing the scores to standard output failed");
    return 0;
}

enum { OPT_TEMPLATE = 256, OPT_JSON, OPT_DPI };

static int score_run_cmd(int argc, char **argv)
{
    static const struct option opts[] = {
        {"json", no_argument, 0, OPT_JSON},    {"output", required_argument, 0, 'o'},
        {"format", required_argument, 0, 'f'}, {"template", required_argument, 0, OPT_TEMPLATE},
        {"set", required_argument, 0, 's'},    {"dpi", required_argument, 0, OPT_DPI},
        {"help", no_argument, 0, 'h'},         {0, 0, 0, 0}};
    score_run run = {.prepared = -1};
    const char *output = NULL, *format = NULL, *template_path = NULL;
    GPtrArray *sets = g_ptr_array_new();
    double dpi = 150;
    int rc = 0;
    optind = 1;
    for (int c; (c = getopt_long(argc, argv, ":o:f:s:h", opts, NULL)) != -1;) {
        switch (c) {
        case OPT_JSON:
            run.json = true;
            break;
        case 'o':
            output = optarg;
            break;
        case 'f':
            format = optarg;
            break;
        case OPT_TEMPLATE:
            template_path = optarg;
            break;
        case 's':
            g_ptr_array_add(sets, optarg);
            break;
        case OPT_DPI: {
            char *end;
            long v = strtol(optarg, &end, 10);
            if (!*optarg || *end || v < RENDER_MIN_DPI || v > RENDER_MAX_DPI) {
                rc = cli_usage_error("score", "--dpi takes a number from %d to %d", RENDER_MIN_DPI,
                                     RENDER_MAX_DPI);
                goto out;
            }
            dpi = (double)v;
            break;
        }
        case 'h':
            fputs(SCORE_USAGE, stdout);
            goto out;
        default:
            rc = cli_bad_option("score", c, argv);
            goto out;
        }
    }
    if (optind >= argc) {
        rc = cli_usage_error("score", "which game? circle36, dicrono or cirplexed");
        goto out;
    }
    if (argc - optind > 2) {
        rc = cli_usage_error("score", "one sheet file at a time (a file may hold many sheets)");
        goto out;
    }
    run.game_name = argv[optind];
    if (!strcmp(run.game_name, "circle36"))
        run.game = GAME_C36;
    else if (!strcmp(run.game_name, "dicrono"))
        run.game = GAME_DC;
    else if (!strcmp(run.game_name, "cirplexed"))
        run.game = GAME_CPX;
    else {
        rc = cli_usage_error("score", "unknown game '%s' (circle36, dicrono or cirplexed)",
                             run.game_name);
        goto out;
    }
    const char *file = optind + 1 < argc ? argv[optind + 1] : "-";
    if (format && strcmp(format, "pdf") && strcmp(format, "svg") && strcmp(format, "png")) {
        rc = cli_usage_error("score", "--format must be pdf, svg or png");
        goto out;
    }
    if (format && !output) {
        rc = cli_usage_error("score", "--format goes with -o");
        goto out;
    }
    if (output && strcmp(output, "-")) {
        const char *ef = ext_format(output);
        if (!ef && !format) {
            rc = cli_usage_error("score", "%s: cannot tell the format; use .pdf, .svg or .png",
                                 output);
            goto out;
        }
        if (ef && format && strcmp(ef, format)) {
            rc = cli_usage_error("score", "%s does not match --format %s", output, format);
            goto out;
        }
        if (!format) format = ef;
    } else if (output && !format) {
        rc = cli_usage_error("score", "-o - needs --format");
        goto out;
    }
    if (output && !strcmp(output, "-") && !strcmp(file, "-")) {
        rc = cli_usage_error("score", "the sheets and -o cannot both use standard input/output");
        goto out;
    }
    pn_err err = {0};
    run.v = C36_DEFAULT_VARIANT;
    run.keep = output != NULL;
    run.quiet = output && !strcmp(output, "-");
    if (template_path || output || sets->len) {
        static const char *const builtin[] = {"circle36", "dicrono", "cirplexed-board"};
        run.t = tmpl_open(template_path ? template_path : builtin[run.game], &err);
        if (!run.t) {
            rc = cli_fail(&err);
            goto out;
        }
        if (run.t->game && strcmp(run.t->game, run.game_name)) {
            pn_err_set(&err, PN_EINPUT, "%s: the template is for %s, not %s", run.t->file,
                       run.t->game, run.game_name);
            rc = cli_fail(&err);
            goto out;
        }
        for (guint i = 0; i < sets->len && !rc; i++)
            if (tmpl_set(run.t, g_ptr_array_index(sets, i), &err)) rc = cli_fail(&err);
        if (!rc && tmpl_resolve(run.t, &err)) rc = cli_fail(&err);
        if (!rc && run.game == GAME_C36 && c36_template_variant(run.t, &run.v, &err))
            rc = cli_fail(&err);
        if (rc) goto out;
    }
    run.out = g_string_sized_new(4096);
    run.c36 = g_array_new(FALSE, FALSE, sizeof(c36_page));
    run.dc = g_ptr_array_new_with_free_func(g_free);
    run.cpx = g_ptr_array_new_with_free_func(free_cpx_doc);
    run.pages = g_array_new(FALSE, FALSE, sizeof(page_ref));
    static char outbuf[1 << 16];
    setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
    if (score_stream(&run, file, &err)) {
        fflush(stdout);
        rc = cli_fail(&err);
    } else if (output) {
        render_opts o = {.measure = cli_measurer(&err),
                         .output = output,
                         .format = format,
                         .landscape = -1,
                         .dpi = dpi,
                         .seed = 1,
                         .pages = (int)run.pages->len,
                         .nup = 1,
                         .epoch = cli_epoch(),
                         .prepare = prepare_page,
                         .hook = fill_page,
                         .hook_user = &run};
        if (!o.measure || render_template(run.t, &o, &err)) rc = cli_fail(&err);
    }
    fflush(stdout);
    g_string_free(run.out, TRUE);
    g_array_free(run.c36, TRUE);
    g_ptr_array_free(run.dc, TRUE);
    g_ptr_array_free(run.cpx, TRUE);
    g_array_free(run.pages, TRUE);
out:
    tmpl_free(run.t);
    g_ptr_array_free(sets, TRUE);
    return rc;
}

const cli_command cli_score = {"score", "score players' sheets; draw the completed sheets",
                               SCORE_USAGE, score_run_cmd};

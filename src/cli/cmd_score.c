/* cmd_score.c: "pnpkit score": scores players' sheets (a YAML stream, one
 * document per sheet), prints each result as a table or a JSON line, and with
 * -o draws the completed sheets through the game's template. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli/cli.h"
#include "render/render.h"
#include "scoring/scoring.h"

#define SCORE_USAGE                                                                                \
    "Usage: pnpkit score GAME [FILE|-] [options]\n\n"                                              \
    "GAME is the game the sheets are for ('pnpkit score' alone names them). FILE\n"                \
    "holds one sheet, or several as a YAML stream separated by '---'; '-' or no\n"                 \
    "FILE reads standard input. Each sheet\n"                                                      \
    "is scored in turn; the first invalid one stops with its file:line:col.\n\n"                   \
    "  --json               one JSON object per sheet, one per line\n"                             \
    "  -o, --output FILE    also draw the completed sheets (.pdf .svg .png; '-' is\n"              \
    "                       standard output, PDF unless --format, and no report):\n"               \
    "                       one page per sheet (per game of a DiCroNo set); the\n"                 \
    "                       report is printed once the file is written, and not\n"                 \
    "                       at all when it cannot be\n"                                            \
    "  -f, --format FMT     pdf | svg | png for -o\n"                                              \
    "      --template FILE  score and draw on this template (a circle36 variant's\n"               \
    "                       rings, sectors and target come from its parameters)\n"                 \
    "  -s, --set NAME=VALUE set a template parameter (repeatable)\n"                               \
    "      --dpi N          PNG resolution (default 150)\n\n"                                      \
    "Sheet formats and JSON keys: docs/formats.md (installed in share/doc/pnpkit).\n"              \
    "Exit status: 0 scored, 1 invalid sheet or template, 2 wrong usage, 3 reading\n"               \
    "or writing failed.\n"

/* Prints one sheet's report as soon as it is scored. */
static int print_sheet(void *user, GString *out, pn_err *err)
{
    fwrite(out->str, 1, out->len, stdout);
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

/* Scores every document of file. Without held, prints as it goes (flat
 * memory however long the stream); with held, the reports gather there and
 * are printed by the caller once the completed sheets are written, so a
 * failed -o prints no report (at most SCORE_MAX_PAGES sheets are held). */
static int score_stream(score_run *run, const char *file, GString *held, pn_err *err)
{
    yml_docs *docs = yml_docs_open(file, err);
    if (!docs) return -1;
    GString *out = held ? held : g_string_sized_new(4096);
    int n = score_run_stream(run, docs, out, held ? NULL : print_sheet, NULL, err);
    if (!held) g_string_free(out, TRUE);
    yml_docs_close(docs);
    if (n < 0) return -1;
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
    score_run_opts so = {0};
    score_run *run = NULL;
    const score_game *game = NULL;
    const char *output = NULL, *format = NULL, *template_path = NULL;
    GPtrArray *sets = g_ptr_array_new();
    double dpi = 150;
    int rc = 0;
    optind = 1;
    for (int c; (c = getopt_long(argc, argv, ":o:f:s:h", opts, NULL)) != -1;) {
        switch (c) {
        case OPT_JSON:
            so.json = true;
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
        GString *names = g_string_new(NULL);
        score_game_names(names, " or ");
        rc = cli_usage_error("score", "which game? %s", names->str);
        g_string_free(names, TRUE);
        goto out;
    }
    if (argc - optind > 2) {
        rc = cli_usage_error("score", "one sheet file at a time (a file may hold many sheets)");
        goto out;
    }
    game = score_game_find(argv[optind]);
    if (!game) {
        GString *names = g_string_new(NULL);
        score_game_names(names, " or ");
        rc = cli_usage_error("score", "unknown game '%s' (%s)", argv[optind], names->str);
        g_string_free(names, TRUE);
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
        struct stat st; /* /dev/null, a FIFO: no name to read a format from; PDF */
        if (!ef && !format && stat(output, &st) == 0 && !S_ISREG(st.st_mode) &&
            !S_ISDIR(st.st_mode))
            format = "pdf";
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
        format = "pdf"; /* -o -: the default format, as for render */
    }
    if (output && !strcmp(output, "-") && !strcmp(file, "-")) {
        rc = cli_usage_error("score", "the sheets and -o cannot both use standard input/output");
        goto out;
    }
    pn_err err = {0};
    so.template_path = template_path;
    so.sets = (const char *const *)sets->pdata;
    so.nsets = sets->len;
    so.keep = output != NULL;
    run = score_run_new(game, &so, &err);
    if (!run) {
        rc = cli_fail(&err);
        goto out;
    }
    static char outbuf[1 << 16];
    setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
    if (!strcmp(file, "-") && isatty(STDIN_FILENO))
        fprintf(stderr, "pnpkit score: reading %s sheets from standard input (Ctrl-D ends)\n",
                argv[optind]);
    GString *held = output ? g_string_new(NULL) : NULL;
    if (score_stream(run, file, held, &err)) {
        fflush(stdout);
        rc = cli_fail(&err);
    } else if (output) {
        render_opts o = {.measure = cli_measurer(&err),
                         .output = output,
                         .format = format,
                         .landscape = -1,
                         .dpi = dpi,
                         .seed = 1,
                         .nup = 1,
                         .epoch = cli_epoch()};
        if (!o.measure || score_run_render(run, &o, &err))
            rc = cli_fail(&err);
        else if (strcmp(output, "-"))
            fwrite(held->str, 1, held->len, stdout);
    }
    if (held) g_string_free(held, TRUE);
    if (!rc && (fflush(stdout) || ferror(stdout))) {
        pn_err_set(&err, PN_EIO, "writing the scores to standard output failed");
        rc = cli_fail(&err);
    }
out:
    score_run_free(run);
    g_ptr_array_free(sets, TRUE);
    return rc;
}

const cli_command cli_score = {"score", "score players' sheets; draw the completed sheets",
                               SCORE_USAGE, score_run_cmd};

/* cmd_score.c: "pnpkit score": scores players' sheets (a YAML stream, one
 * document per sheet), prints each result as a table or a JSON line, and with
 * -o draws the completed sheets through the game's template; all through the
 * public interface (pnpkit_score_file). */
#include <errno.h>
#include <glib.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli/cli.h"
#include "pnpkit.h"

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

/* Where reports go: standard output, unless the completed sheets do. */
typedef struct score_print {
    bool quiet; /* -o -: the completed sheets are standard output */
} score_print;

static int print_report(void *user, const char *text, size_t len)
{
    const score_print *sp = user;
    if (!sp->quiet) fwrite(text, 1, len, stdout);
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
    bool json = false;
    const char *output = NULL, *format = NULL, *template_path = NULL;
    GPtrArray *sets = g_ptr_array_new();
    double dpi = 150;
    int rc = 0;
    optind = 1;
    for (int c; (c = getopt_long(argc, argv, ":o:f:s:h", opts, NULL)) != -1;) {
        switch (c) {
        case OPT_JSON:
            json = true;
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
            if (!*optarg || *end || v < PNPKIT_DPI_MIN || v > PNPKIT_DPI_MAX) {
                rc = cli_usage_error("score", "--dpi takes a number from %d to %d", PNPKIT_DPI_MIN,
                                     PNPKIT_DPI_MAX);
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
        char *names = cli_game_names();
        rc = cli_usage_error("score", "which game? %s", names);
        g_free(names);
        goto out;
    }
    if (argc - optind > 2) {
        rc = cli_usage_error("score", "one sheet file at a time (a file may hold many sheets)");
        goto out;
    }
    if (!cli_game_known(argv[optind])) {
        char *names = cli_game_names();
        rc = cli_usage_error("score", "unknown game '%s' (%s)", argv[optind], names);
        g_free(names);
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
        const char *ef = cli_format_of(output, 0);
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
    if (cli_same_file(output, file) || cli_same_file(output, template_path)) {
        rc = cli_usage_error("score", "-o %s is the %s itself: writing it would lose it", output,
                             cli_same_file(output, file) ? "sheet file" : "template");
        goto out;
    }
    if (output && !strcmp(output, "-") && !strcmp(file, "-")) {
        rc = cli_usage_error("score", "the sheets and -o cannot both use standard input/output");
        goto out;
    }
    pnpkit_error err;
    pnpkit_ctx *ctx = output ? cli_ctx(&err) : NULL;
    if (output && !ctx) {
        rc = cli_fail_api(&err);
        goto out;
    }
    g_ptr_array_add(sets, NULL);
    score_print sp = {.quiet = output && !strcmp(output, "-")};
    pnpkit_score_file_opts so;
    pnpkit_score_file_opts_init(&so);
    so.path = file;
    so.template_path = template_path;
    so.set = (const char *const *)sets->pdata;
    so.json = json;
    so.output = output;
    so.format = format;
    so.dpi = dpi;
    so.epoch = cli_epoch();
    so.report = print_report;
    so.user = &sp;
    static char outbuf[1 << 16];
    setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
    if (!strcmp(file, "-") && isatty(STDIN_FILENO))
        fprintf(stderr, "pnpkit score: reading %s sheets from standard input (Ctrl-D ends)\n",
                argv[optind]);
    if (pnpkit_score_file(ctx, argv[optind], &so, &err) < 0) {
        fflush(stdout);
        rc = cli_fail_usage_api("score", &err);
    } else if ((errno = 0, fflush(stdout)) || ferror(stdout)) {
        fprintf(stderr, "pnpkit score: standard output: write failed%s%s\n", errno ? ": " : "",
                errno ? strerror(errno) : "");
        rc = 3;
    }
out:
    g_ptr_array_free(sets, TRUE);
    return rc;
}

const cli_command cli_score = {"score", "score players' sheets; draw the completed sheets",
                               SCORE_USAGE, score_run_cmd};

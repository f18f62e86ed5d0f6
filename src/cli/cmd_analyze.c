/* cmd_analyze.c: "pnpkit analyze": questions about the games answered by
 * search, through the public interface (pnpkit_analyze). dicrono-max: the
 * most points one player can score in a single DiCroNo game, with a board
 * that reaches it. */
#include <glib.h>
#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cli.h"
#include "pnpkit.h"

#define ANALYZE_USAGE                                                                              \
    "Usage: pnpkit analyze dicrono-max [options]\n\n"                                              \
    "dicrono-max answers the question at the end of the DiCroNo rule sheet: the most\n"            \
    "points one player can score in a single game. It searches every shape the\n"                  \
    "ending rule allows (all of a player's lines pass through the last symbol) and\n"              \
    "checks that the opponent can have rolled as often; seeds/dicrono.md explains it.\n\n"         \
    "  --size N             grid size, 4 to 10 as the dicrono template (default 6)\n"              \
    "  --json               the answer as one JSON object\n"                                       \
    "  --sheet              print the witness as a DiCroNo set (input of 'pnpkit score')\n"        \
    "  -o, --output FILE    draw the witness on the DiCroNo sheet (.pdf .svg .png)\n"              \
    "      --dpi N          PNG resolution (default 150)\n"

/* Prints the answer; a failed write is noted for the message. */
static int print_answer(void *user, const char *text, size_t len)
{
    int *failed = user; /* errno of the failure, or -1 without one */
    errno = 0;
    fwrite(text, 1, len, stdout);
    if (fflush(stdout) != 0 || ferror(stdout)) *failed = errno ? errno : -1;
    return *failed != 0;
}

static int analyze_run(int argc, char **argv)
{
    static const struct option opts[] = {{"size", required_argument, 0, 'n'},
                                         {"json", no_argument, 0, 'j'},
                                         {"sheet", no_argument, 0, 'y'},
                                         {"output", required_argument, 0, 'o'},
                                         {"dpi", required_argument, 0, 'd'},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    int size = 6;
    bool json = false, sheet = false;
    const char *output = NULL;
    double dpi = 150;
    optind = 1;
    for (int c; (c = getopt_long(argc, argv, ":o:h", opts, NULL)) != -1;) {
        char *end;
        long v;
        switch (c) {
        case 'n':
            v = strtol(optarg, &end, 10);
            if (!*optarg || *end || v < PNPKIT_DICRONO_SIZE_MIN || v > PNPKIT_DICRONO_SIZE_MAX)
                return cli_usage_error("analyze", "--size takes a number from %d to %d",
                                       PNPKIT_DICRONO_SIZE_MIN, PNPKIT_DICRONO_SIZE_MAX);
            size = (int)v;
            break;
        case 'j':
            json = true;
            break;
        case 'y':
            sheet = true;
            break;
        case 'o':
            output = optarg;
            break;
        case 'd':
            v = strtol(optarg, &end, 10);
            if (!*optarg || *end || v < PNPKIT_DPI_MIN || v > PNPKIT_DPI_MAX)
                return cli_usage_error("analyze", "--dpi takes a number from %d to %d",
                                       PNPKIT_DPI_MIN, PNPKIT_DPI_MAX);
            dpi = (double)v;
            break;
        case 'h':
            fputs(ANALYZE_USAGE, stdout);
            return 0;
        default:
            return cli_bad_option("analyze", c, argv);
        }
    }
    if (json && sheet)
        return cli_usage_error("analyze", "--json or --sheet: the answer has one form");
    if (optind >= argc) return cli_usage_error("analyze", "what? (dicrono-max)");
    if (optind + 1 < argc) return cli_usage_error("analyze", "one question at a time");
    if (strcmp(argv[optind], "dicrono-max"))
        return cli_usage_error("analyze", "unknown question '%s' (dicrono-max)", argv[optind]);
    const char *format = output ? cli_format_of(output, 0) : NULL;
    if (output) {
        if (!format) return cli_usage_error("analyze", "%s: use .pdf, .svg or .png", output);
    }
    pnpkit_error err;
    pnpkit_ctx *ctx = output ? cli_ctx(&err) : NULL;
    if (output && !ctx) return cli_fail_api(&err);
    int failed = 0;
    pnpkit_analyze_opts o;
    pnpkit_analyze_opts_init(&o);
    o.size = size;
    o.form = json ? PNPKIT_ANALYSIS_JSON : sheet ? PNPKIT_ANALYSIS_SHEET : PNPKIT_ANALYSIS_TEXT;
    o.output = output;
    o.format = format;
    o.dpi = dpi;
    o.epoch = cli_epoch();
    o.report = print_answer;
    o.user = &failed;
    if (pnpkit_analyze(ctx, argv[optind], &o, &err)) {
        if (failed) {
            fprintf(stderr, "pnpkit analyze: standard output: write failed%s%s\n",
                    failed > 0 ? ": " : "", failed > 0 ? strerror(failed) : "");
            return 3;
        }
        return cli_fail_api(&err);
    }
    return 0;
}

const cli_command cli_analyze = {"analyze", "answer a question about a game by search",
                                 ANALYZE_USAGE, analyze_run};

/* cmd_check.c: "pnpkit check thinking-in-circles": reads positions (a YAML
 * stream) and says who wins each (src/scoring/tic_position.h). */
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "cli/cli.h"
#include "scoring/tic_position.h"
#include "util/yml_docs.h"

#define CHECK_USAGE                                                                                \
    "Usage: pnpkit check thinking-in-circles [FILE|-] [--json]\n\n"                                \
    "Says who wins a position of Thinking In Circles. FILE (default: standard input)\n"            \
    "is YAML; several documents separated by --- are checked one after another.\n\n"               \
    "  game: thinking-in-circles      # optional\n"                                                \
    "  board: {seed: 7}               # the board printed with --seed 7; circles,\n"               \
    "                                 # spaces, layout and neutral default to the\n"               \
    "                                 # template's (5, 9, row, 2)\n"                               \
    "  # or drawn out, one string per circle, spaces clockwise from the start:\n"                  \
    "  # board: {layout: ring, circles: [\"* bc wt ns bp\", ...]}\n"                               \
    "  #   * blank start space; otherwise colour b/w/n + shape c/t/s/p\n"                          \
    "  tokens: [0, 3, -2, 4, 1]       # per circle: steps clockwise from the start\n"              \
    "                                 # (any whole number; the sum of its moves)\n"                \
    "  uncloned: false                # true: refuse goals with two equal shapes in a row\n"       \
    "  players:\n"                                                                                 \
    "    - {name: Ann, color: black, goals: [[circle, square, pentagon]]}\n"                       \
    "    - {name: Bob, color: white, goals: [[triangle, triangle, square]]}\n\n"                   \
    "A player wins with three adjacent circles on their colour, or on the shapes\n"                \
    "of one of their goals read forwards or backwards (Spin Cycle: 2 or 3 goals).\n"               \
    "  --json   one JSON object per document on standard output\n"                                 \
    "Exit status: 0 checked (whether or not anyone wins), 1 invalid input,\n"                      \
    "2 wrong usage, 3 the file cannot be read.\n"

static int check_run(int argc, char **argv)
{
    static const struct option opts[] = {
        {"json", no_argument, 0, 'j'}, {"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
    bool json = false;
    optind = 1;
    for (int c; (c = getopt_long(argc, argv, ":h", opts, NULL)) != -1;) {
        if (c == 'j') {
            json = true;
        } else if (c == 'h') {
            fputs(CHECK_USAGE, stdout);
            return 0;
        } else {
            return cli_bad_option("check", c, argv);
        }
    }
    if (optind >= argc) return cli_usage_error("check", "which game? (thinking-in-circles)");
    if (strcmp(argv[optind], "thinking-in-circles"))
        return cli_usage_error("check", "'%s': only thinking-in-circles can be checked",
                               argv[optind]);
    if (argc - optind > 2) return cli_usage_error("check", "one file at a time");
    const char *path = argc - optind == 2 ? argv[optind + 1] : "-";
    pn_err err = {0};
    if (!strcmp(path, "-") && isatty(STDIN_FILENO))
        fputs("pnpkit check: reading the position from standard input (Ctrl-D ends)\n", stderr);
    yml_docs *st = yml_docs_open(path, &err);
    if (!st) return cli_fail(&err);
    int rc = 0;
    GString *out = g_string_new(NULL);
    for (int docs = 0;; docs++) {
        yml_doc doc;
        int r = yml_docs_next(st, &doc, &err);
        if (r < 0) {
            rc = cli_fail(&err);
            break;
        }
        if (r == 0) {
            if (docs == 0) {
                pn_err_set(&err, PN_EINPUT, "%s: no document to check",
                           strcmp(path, "-") ? path : "<stdin>");
                rc = cli_fail(&err);
            }
            break;
        }
        pn_yml *y = yml_doc_parse(&doc, "document", &err);
        tic_position d;
        if (!y || tic_position_read(y, &d, &err)) {
            rc = cli_fail(&err);
            pn_yml_free(y);
            break;
        }
        if (docs > 0 && !json) g_string_append_c(out, '\n');
        tic_position_report(&d, json, out);
        pn_yml_free(y);
    }
    yml_docs_close(st);
    /* Nothing is printed for a stream that holds an invalid document. */
    if (!rc) fputs(out->str, stdout);
    g_string_free(out, TRUE);
    return rc;
}

const cli_command cli_check = {"check", "say who wins a Thinking In Circles position", CHECK_USAGE,
                               check_run};

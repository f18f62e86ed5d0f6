/* cmd_check.c: "pnpkit check thinking-in-circles": reads positions (a YAML
 * stream) and says who wins each, through the public interface (pnpkit_check). */
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "cli/cli.h"
#include "pnpkit.h"

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
    "                                 # (-10000 to 10000; the sum of its moves)\n"                 \
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
    if (!strcmp(path, "-") && isatty(STDIN_FILENO))
        fputs("pnpkit check: reading the position from standard input (Ctrl-D ends)\n", stderr);
    pnpkit_error err;
    pnpkit_check_opts o = {.path = path, .json = json};
    pnpkit_buffer *out = pnpkit_check(NULL, argv[optind], NULL, 0, &o, &err);
    /* Nothing is printed for a stream that holds an invalid document. */
    if (!out) return cli_fail_api(&err);
    fwrite(out->data, 1, out->len, stdout);
    pnpkit_buffer_free(out);
    return 0;
}

const cli_command cli_check = {"check", "say who wins a Thinking In Circles position", CHECK_USAGE,
                               check_run};

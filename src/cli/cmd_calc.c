/* cmd_calc.c: "pnpkit calc circular-numbers": every circular-number sum a hand
 * can form on a given space of the track, how far each moves, and whether the
 * ace-five-six move-back is available. The track (its spaces and marked
 * numbers) comes from the circular-numbers template, so calc and the printed
 * board always agree; --set changes it as it changes the board. */
#include <glib.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cli.h"
#include "pnpkit.h"

#define CALC_USAGE                                                                                 \
    "Usage: pnpkit calc circular-numbers --hand \"A 5 6 K\" [--space N] [options]\n\n"             \
    "Lists every way the hand forms a circular number (1, 5, 6, 25, 76) and how many\n"            \
    "spaces each moves a token (1:1, 5:2, 6:3, 25:4, 76:5). On a marked space any\n"               \
    "multiple of its number may be added to the cards. Also says whether the hand\n"               \
    "holds the ace, five and six that send an opponent back to the start.\n\n"                     \
    "  --hand CARDS         the cards: A, 2-10 (or T), J, Q, K; blanks or commas between\n"        \
    "  --space N            the space the token rests on: 0 is the start (the snake),\n"           \
    "                       then counted in the direction tokens move (default 0)\n"               \
    "  -s, --set NAME=VALUE a board parameter (spaces, marks) as given to render\n"                \
    "      --template FILE  a custom circular-numbers template\n"                                  \
    "      --json           machine output\n"

static int calc_run(int argc, char **argv)
{
    static const struct option opts[] = {{"hand", required_argument, 0, 'H'},
                                         {"space", required_argument, 0, 'S'},
                                         {"set", required_argument, 0, 's'},
                                         {"template", required_argument, 0, 'T'},
                                         {"json", no_argument, 0, 'j'},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    const char *hand_text = NULL, *space_text = "0", *tpath = "circular-numbers";
    bool json = false;
    GPtrArray *sets = g_ptr_array_new();
    int rc = 0;
    optind = 1;
    for (int c; (c = getopt_long(argc, argv, ":s:h", opts, NULL)) != -1;) {
        switch (c) {
        case 'H':
            hand_text = optarg;
            break;
        case 'S':
            space_text = optarg;
            break;
        case 's':
            g_ptr_array_add(sets, optarg);
            break;
        case 'T':
            tpath = optarg;
            break;
        case 'j':
            json = true;
            break;
        case 'h':
            fputs(CALC_USAGE, stdout);
            goto out;
        default:
            rc = cli_bad_option("calc", c, argv);
            goto out;
        }
    }
    if (optind >= argc) {
        rc = cli_usage_error("calc", "which game? (circular-numbers)");
        goto out;
    }
    if (strcmp(argv[optind], "circular-numbers") || argc - optind > 1) {
        rc = cli_usage_error("calc", "only 'calc circular-numbers' is known");
        goto out;
    }
    if (!hand_text) {
        rc = cli_usage_error("calc", "--hand is required, e.g. --hand \"A 5 6 K\"");
        goto out;
    }
    g_ptr_array_add(sets, NULL);
    char *end;
    long space = strtol(space_text, &end, 10);
    pnpkit_calc_opts co = {.hand = hand_text,
                           .space = !*space_text || *end ? -1 : space,
                           .template_name = tpath,
                           .set = (const char *const *)sets->pdata,
                           .json = json};
    pnpkit_error err;
    pnpkit_buffer *b = pnpkit_calc(NULL, &co, &err);
    static const char space_err[] = "the space must be ";
    if (!b && g_str_has_prefix(err.message, space_err)) {
        /* the space as written: a number too large reads as LONG_MAX */
        rc = cli_usage_error("calc", "--space %s: must be %s", space_text,
                             err.message + strlen(space_err));
        goto out;
    }
    if (!b) {
        rc = cli_fail_usage_api("calc", &err);
        goto out;
    }
    fputs((const char *)b->data, stdout);
    pnpkit_buffer_free(b);
out:
    g_ptr_array_free(sets, TRUE);
    return rc;
}

const cli_command cli_calc = {"calc", "Circular Numbers: the sums a hand can form", CALC_USAGE,
                              calc_run};

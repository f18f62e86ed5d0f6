/* cmd_lint.c: "pnpkit lint TEMPLATE": what will print badly, as warnings
 * with the template's line and column; --strict makes any an error. The
 * findings come from the public interface (pnpkit_lint). */
#include <glib.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include "cli/cli.h"
#include "cli/warnings.h"
#include "pnpkit.h"

#define LINT_USAGE                                                                                 \
    "Usage: pnpkit lint TEMPLATE [options]\n"                                                      \
    "\n"                                                                                           \
    "Lays out every sheet of TEMPLATE as 'render' would and lists what will print\n"               \
    "badly: items off the page or in the 5 mm border printers cannot print (a card,\n"             \
    "under 100 mm on a side, only its own edge), overlapping text, text under 6 pt,\n"             \
    "lines under 0.1 mm, adjacent fills that look alike in greyscale or with\n"                    \
    "protanopia or deuteranopia (CIE76 difference under 10), and characters no\n"                  \
    "font has. One line per finding: FILE:LINE:COL: warning: ...\n"                                \
    "\n"                                                                                           \
    "  -s, --set NAME=VALUE set a template parameter (repeatable)\n"                               \
    "      --paper PAPER    lint for this paper (as render --paper)\n"                             \
    "      --landscape      turn the paper\n"                                                      \
    "      --mono           lint the greyscale rendering\n"                                        \
    "      --data FILE      merge this CSV, as render --data (a deck from data)\n"                 \
    "      --bleed LEN      items may reach LEN (0 to 10mm) past the edge, as render\n"            \
    "                       --bleed prints them\n"                                                 \
    "      --backs TEMPLATE lint the cards' backs too, a back for each card\n"                     \
    "      --strict         exit 1 when anything is found\n"                                       \
    "\nExit status: 0 (warnings or none), 1 with --strict and warnings or on an\n"                 \
    "invalid template, 2 wrong usage, 3 a file cannot be read or written.\n"

enum { OPT_PAPER = 256, OPT_LANDSCAPE, OPT_MONO, OPT_STRICT, OPT_DATA, OPT_BLEED, OPT_BACKS };

static const struct option lint_options[] = {{"set", required_argument, 0, 's'},
                                             {"paper", required_argument, 0, OPT_PAPER},
                                             {"landscape", no_argument, 0, OPT_LANDSCAPE},
                                             {"mono", no_argument, 0, OPT_MONO},
                                             {"strict", no_argument, 0, OPT_STRICT},
                                             {"data", required_argument, 0, OPT_DATA},
                                             {"bleed", required_argument, 0, OPT_BLEED},
                                             {"backs", required_argument, 0, OPT_BACKS},
                                             {"help", no_argument, 0, 'h'},
                                             {0, 0, 0, 0}};

static int lint_run_cmd(int argc, char **argv)
{
    GPtrArray *sets = g_ptr_array_new();
    pnpkit_lint_opts lo;
    pnpkit_lint_opts_init(&lo);
    bool strict = false;
    int rc = 0;
    optind = 0;
    for (int c; (c = getopt_long(argc, argv, ":s:h", lint_options, NULL)) != -1;) {
        switch (c) {
        case 's':
            g_ptr_array_add(sets, optarg);
            break;
        case OPT_PAPER: {
            /* a paper from the command line is checked here, as render does */
            pnpkit_error perr;
            if (pnpkit_paper_size(optarg, NULL, NULL, &perr)) {
                g_ptr_array_free(sets, TRUE);
                return cli_usage_error("lint", "%s", perr.message);
            }
            lo.paper = optarg;
            break;
        }
        case OPT_LANDSCAPE:
            lo.landscape = 1;
            break;
        case OPT_MONO:
            lo.mono = 1;
            break;
        case OPT_STRICT:
            strict = true;
            break;
        case OPT_DATA:
            lo.data = optarg;
            break;
        case OPT_BLEED:
            if (!pnpkit_length_mm(optarg, &lo.bleed) || lo.bleed < 0 ||
                lo.bleed > PNPKIT_BLEED_MAX_MM) {
                g_ptr_array_free(sets, TRUE);
                return cli_usage_error("lint", "--bleed takes a length from 0 to 10mm");
            }
            break;
        case OPT_BACKS:
            lo.backs = optarg;
            break;
        case 'h':
            fputs(LINT_USAGE, stdout);
            g_ptr_array_free(sets, TRUE);
            return 0;
        default:
            g_ptr_array_free(sets, TRUE);
            return cli_bad_option("lint", c, argv);
        }
    }
    if (optind != argc - 1) {
        g_ptr_array_free(sets, TRUE);
        return cli_usage_error("lint", "give one template");
    }
    g_ptr_array_add(sets, NULL);
    lo.set = (const char *const *)sets->pdata;
    pnpkit_error err;
    pnpkit_ctx *ctx = cli_ctx(&err);
    pnpkit_finding_list *l = ctx ? pnpkit_lint(ctx, argv[optind], &lo, &err) : NULL;
    if (!l) {
        rc = cli_fail_api(&err);
    } else {
        cli_warnings *w = cli_warnings_new();
        for (size_t i = 0; i < l->n; i++)
            cli_warnings_collect(w, &l->items[i]);
        cli_warnings_print(w, l->file, stdout);
        if (l->n == 0) printf("%s: no problems found\n", l->file);
        rc = strict && l->n > 0 ? 1 : 0;
        cli_warnings_free(w);
        pnpkit_finding_list_free(l);
    }
    g_ptr_array_free(sets, TRUE);
    return rc;
}

const cli_command cli_lint = {"lint", "list what will print badly in a template", LINT_USAGE,
                              lint_run_cmd};

/* cmd_lint.c: "pnpkit lint TEMPLATE": what will print badly, as warnings
 * with the template's line and column; --strict makes any an error. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include "cli/cli.h"
#include "cli/warnings.h"
#include "render/preflight.h"
#include "template/tmpl.h"

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
    "      --strict         exit 1 when anything is found\n"                                       \
    "\nExit status: 0 (warnings or none), 1 with --strict and warnings or on an\n"                 \
    "invalid template, 2 wrong usage.\n"

enum { OPT_PAPER = 256, OPT_LANDSCAPE, OPT_MONO, OPT_STRICT };

static const struct option lint_options[] = {{"set", required_argument, 0, 's'},
                                             {"paper", required_argument, 0, OPT_PAPER},
                                             {"landscape", no_argument, 0, OPT_LANDSCAPE},
                                             {"mono", no_argument, 0, OPT_MONO},
                                             {"strict", no_argument, 0, OPT_STRICT},
                                             {"help", no_argument, 0, 'h'},
                                             {0, 0, 0, 0}};

static int lint_run_cmd(int argc, char **argv)
{
    GPtrArray *sets = g_ptr_array_new();
    render_opts ro = {.landscape = -1, .seed = 1, .nup = 1};
    bool strict = false;
    int rc = 0;
    optind = 0;
    for (int c; (c = getopt_long(argc, argv, ":s:h", lint_options, NULL)) != -1;) {
        switch (c) {
        case 's':
            g_ptr_array_add(sets, optarg);
            break;
        case OPT_PAPER:
            ro.paper = optarg;
            break;
        case OPT_LANDSCAPE:
            ro.landscape = 1;
            break;
        case OPT_MONO:
            ro.mono = true;
            break;
        case OPT_STRICT:
            strict = true;
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
    pn_err err = {0};
    tmpl *t = tmpl_open(argv[optind], &err);
    for (guint i = 0; t && i < sets->len && !rc; i++)
        rc = tmpl_set(t, g_ptr_array_index(sets, i), &err);
    if (t && !rc) rc = tmpl_resolve(t, &err);
    if (t && !rc && !(ro.measure = cli_measurer(&err))) rc = -1;
    cli_warnings *w = t ? cli_warnings_new(t->file) : NULL;
    int found = 0;
    if (!t || rc ||
        (found = render_preflight(t, &ro, LINT_ALL, cli_warnings_collect, w, cli_warnings_sheet(w),
                                  &err)) < 0) {
        rc = cli_fail(&err);
    } else {
        cli_warnings_print(w, stdout);
        if (found == 0) printf("%s: no problems found\n", t->file);
        rc = strict && found > 0 ? 1 : 0;
    }
    cli_warnings_free(w);
    tmpl_free(t);
    g_ptr_array_free(sets, TRUE);
    return rc;
}

const cli_command cli_lint = {"lint", "list what will print badly in a template", LINT_USAGE,
                              lint_run_cmd};

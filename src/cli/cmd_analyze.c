/* cmd_analyze.c: "pnpkit analyze": questions about the games answered by
 * search. dicrono-max: the most points one player can score in a single
 * DiCroNo game, with a board that reaches it. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cli.h"
#include "render/render.h"
#include "scoring/games.h"

#define ANALYZE_USAGE                                                                              \
    "Usage: pnpkit analyze dicrono-max [options]\n\n"                                              \
    "dicrono-max answers the question at the end of the DiCroNo rule sheet: the most\n"            \
    "points one player can score in a single game. It searches every shape the\n"                  \
    "ending rule allows (all of a player's lines pass through the last symbol) and\n"              \
    "checks that the opponent can have rolled as often; seeds/dicrono.md explains it.\n\n"         \
    "  --size N             grid size, 4 to 8 (default 6)\n"                                       \
    "  --json               the answer as one JSON object\n"                                       \
    "  --sheet              print the witness as a DiCroNo set (input of 'pnpkit score')\n"        \
    "  -o, --output FILE    draw the witness on the DiCroNo sheet (.pdf .svg .png)\n"              \
    "      --dpi N          PNG resolution (default 150)\n"

typedef struct witness_fill {
    dc_input *in;
    dc_game_score *scores;
} witness_fill;

static int witness_page(void *user, int page, scene *s, pn_err *err)
{
    witness_fill *w = user;
    return dc_fill(s, w->in, w->scores, page, err);
}

static void grid_rows(GString *out, const dc_game *g, const char *indent, const char *sep)
{
    for (int r = 0; r < g->size; r++) {
        g_string_append(out, indent);
        for (int c = 0; c < g->size; c++)
            g_string_append_printf(out, "%s%c", c ? sep : "", ".XO"[g->cell[r][c]]);
        g_string_append_c(out, '\n');
    }
}

static int render_witness(dc_input *in, dc_game_score *scores, const char *output,
                          const char *format, double dpi, pn_err *err)
{
    tmpl *t = tmpl_open("dicrono", err);
    if (!t) return -1;
    witness_fill w = {in, scores};
    int rc = dc_template_params(t, in, err);
    if (!rc) {
        render_opts o = {.measure = cli_measurer(err),
                         .output = output,
                         .format = format,
                         .landscape = -1,
                         .dpi = dpi,
                         .seed = 1,
                         .pages = 1,
                         .nup = 1,
                         .epoch = cli_epoch(),
                         .hook = witness_page,
                         .hook_user = &w};
        rc = o.measure ? render_template(t, &o, err) : -1;
    }
    tmpl_free(t);
    return rc;
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
            if (!*optarg || *end || v < DC_MIN_SIZE || v > 8)
                return cli_usage_error("analyze", "--size takes a number from %d to 8",
                                       DC_MIN_SIZE);
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
            if (!*optarg || *end || v < RENDER_MIN_DPI || v > RENDER_MAX_DPI)
                return cli_usage_error("analyze", "--dpi takes a number from %d to %d",
                                       RENDER_MIN_DPI, RENDER_MAX_DPI);
            dpi = (double)v;
            break;
        case 'h':
            fputs(ANALYZE_USAGE, stdout);
            return 0;
        default:
            return cli_bad_option("analyze", c, argv);
        }
    }
    if (optind >= argc) return cli_usage_error("analyze", "what? (dicrono-max)");
    if (optind + 1 < argc) return cli_usage_error("analyze", "one question at a time");
    if (strcmp(argv[optind], "dicrono-max"))
        return cli_usage_error("analyze", "unknown question '%s' (dicrono-max)", argv[optind]);
    const char *format = NULL;
    if (output) {
        const char *dot = strrchr(output, '.');
        format = !dot                               ? NULL
                 : !g_ascii_strcasecmp(dot, ".pdf") ? "pdf"
                 : !g_ascii_strcasecmp(dot, ".svg") ? "svg"
                 : !g_ascii_strcasecmp(dot, ".png") ? "png"
                                                    : NULL;
        if (!format) return cli_usage_error("analyze", "%s: use .pdf, .svg or .png", output);
    }
    dc_max_result res;
    pn_err err = {0};
    if (dc_max_search(size, &res)) {
        pn_err_set(&err, PN_EINPUT, "dicrono-max: cannot search a %dx%d grid", size, size);
        return cli_fail(&err);
    }
    dc_input *in = g_new0(dc_input, 1);
    dc_game_score *scores = g_new0(dc_game_score, 1);
    in->ngames = 1;
    in->games[0] = res.witness;
    dc_score_set(in->games, 1, scores);
    GString *out = g_string_new(NULL);
    const dc_game *g = &res.witness;
    if (json) {
        g_string_append_printf(out,
                               "{\"analysis\":\"dicrono-max\",\"size\":%d,\"points\":%d,"
                               "\"points_without_opponent\":%d,\"shapes\":%ld,\"checked\":%ld,"
                               "\"witness\":{\"first\":\"O\",\"penalties\":{\"X\":%d,\"O\":%d},"
                               "\"last\":[%d,%d],\"grid\":[",
                               size, res.points, res.points_alone, res.shapes, res.checked,
                               g->penalties[0], g->penalties[1], res.last_col + 1,
                               res.last_row + 1);
        for (int r = 0; r < size; r++) {
            g_string_append_printf(out, "%s\"", r ? "," : "");
            for (int c = 0; c < size; c++)
                g_string_append_c(out, ".XO"[g->cell[r][c]]);
            g_string_append_c(out, '"');
        }
        g_string_append(out, "]}}\n");
    } else if (sheet) {
        g_string_append_printf(out,
                               "# pnpkit analyze dicrono-max --size %d: X scores %d points.\n"
                               "game: dicrono\ngames:\n  - first: O\n    grid: |\n",
                               size, res.points);
        grid_rows(out, g, "      ", " ");
        g_string_append_printf(out, "    penalties: {X: %d, O: %d}\n", g->penalties[0],
                               g->penalties[1]);
    } else {
        g_string_append_printf(out,
                               "DiCroNo on a %dx%d grid: the most points one player can score "
                               "in a single game is %d.\n\n",
                               size, size, res.points);
        g_string_append_printf(
            out,
            "Every line the player scores passes through their last symbol, with at most two\n"
            "of their symbols on either side of it (three in a row earlier would have ended\n"
            "the game), so at most four lines of up to five. %ld shapes of that kind keep\n"
            "the player's other symbols free of lines; the best scores %d. The opponent must\n"
            "have rolled as often, with at most three penalties: for the best shape the\n"
            "search found room for their symbols without a line of theirs (%ld shape%s\n"
            "checked).\n\n",
            res.shapes, res.points_alone, res.checked, res.checked == 1 ? "" : "s");
        g_string_append_printf(out,
                               "A game that reaches it: O rolled first and ended the game with "
                               "a third penalty;\nX's extra roll %d:%d (column %d, row %d) "
                               "completed these lines:\n\n",
                               res.last_col + 1, res.last_row + 1, res.last_col + 1,
                               res.last_row + 1);
        g_string_append(out, "      ");
        for (int c = 0; c < size; c++)
            g_string_append_printf(out, "%s%d", c ? " " : "", c + 1);
        g_string_append_c(out, '\n');
        for (int r = 0; r < size; r++) {
            g_string_append_printf(out, "   %d  ", r + 1);
            for (int c = 0; c < size; c++)
                g_string_append_printf(out, "%s%c", c ? " " : "", ".XO"[g->cell[r][c]]);
            g_string_append_c(out, '\n');
        }
        g_string_append_c(out, '\n');
        for (int k = 0; k < scores->nruns; k++) {
            const dc_run *r = &scores->runs[k];
            g_string_append_printf(out, "   %c: %d in a line from %d:%d to %d:%d = %d point%s\n",
                                   dc_symbol(r->player), r->len, r->c0 + 1, r->r0 + 1, r->c1 + 1,
                                   r->r1 + 1, r->len - 2, r->len == 3 ? "" : "s");
        }
    }
    fwrite(out->str, 1, out->len, stdout);
    g_string_free(out, TRUE);
    int rc = 0;
    if (fflush(stdout)) {
        pn_err_set(&err, PN_EIO, "writing to standard output failed");
        rc = cli_fail(&err);
    }
    if (!rc && output && render_witness(in, scores, output, format, dpi, &err)) rc = cli_fail(&err);
    g_free(in);
    g_free(scores);
    return rc;
}

const cli_command cli_analyze = {"analyze", "answer a question about a game by search",
                                 ANALYZE_USAGE, analyze_run};

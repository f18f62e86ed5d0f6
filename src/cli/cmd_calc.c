/* cmd_calc.c: "pnpkit calc circular-numbers": every circular-number sum a hand
 * can form on a given space of the track, how far each moves, and whether the
 * ace-five-six move-back is available. The track (its spaces and marked
 * numbers) comes from the circular-numbers template, so calc and the printed
 * board always agree; --set changes it as it changes the board. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cli.h"
#include "games/cirnum.h"
#include "template/tmpl.h"
#include "util/json.h"

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

/* The track the template describes: its spaces and marks. */
static int track(tmpl *t, int *spaces, cirnum_mark *marks, int *nmarks, pn_err *err)
{
    tmpl_param *sp = tmpl_param_find(t, "spaces"), *mp = tmpl_param_find(t, "marks");
    if (!sp || sp->value.type != PV_INT || !mp || mp->value.type != PV_STRLIST)
        return pn_err_set(err, PN_EINPUT,
                          "%s: a circular-numbers template needs the parameters spaces (int) and "
                          "marks (list)",
                          t->file);
    *spaces = (int)sp->value.i;
    char why[256];
    *nmarks = cirnum_parse_marks(mp->value.strs, mp->value.n, *spaces, marks, why, sizeof why);
    if (*nmarks < 0) return pn_err_set(err, PN_EINPUT, "%s: marks: %s", t->file, why);
    return 0;
}

static void cards_text(GString *o, const cirnum_card *hand, int n, unsigned mask, bool json)
{
    bool first = true;
    for (int i = 0; i < n; i++) {
        if (!(mask >> i & 1)) continue;
        if (json) {
            if (!first) g_string_append_c(o, ',');
            pn_json_string(o, hand[i].rank);
        } else {
            g_string_append_printf(o, "%s%s", first ? "" : " + ", hand[i].rank);
        }
        first = false;
    }
}

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
    for (int c; (c = getopt_long(argc, argv, "s:h", opts, NULL)) != -1;) {
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
            rc = cli_usage_error("calc", "unknown option");
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
    cirnum_card hand[CIRNUM_MAX_HAND];
    char why[256];
    int n = cirnum_parse_hand(hand_text, hand, why, sizeof why);
    pn_err err = {0};
    if (n < 0) {
        pn_err_set(&err, PN_EINPUT, "--hand \"%s\": %s", hand_text, why);
        rc = cli_fail(&err);
        goto out;
    }
    tmpl *t = tmpl_open(tpath, &err);
    if (!t) {
        rc = cli_fail(&err);
        goto out;
    }
    for (guint i = 0; i < sets->len && !rc; i++)
        if (tmpl_set(t, g_ptr_array_index(sets, i), &err)) rc = cli_fail(&err);
    int spaces = 0, nmarks = 0;
    cirnum_mark marks[CIRNUM_MAX_MARKS];
    if (!rc && track(t, &spaces, marks, &nmarks, &err)) rc = cli_fail(&err);
    tmpl_free(t);
    if (rc) goto out;
    char *end;
    long space = strtol(space_text, &end, 10);
    if (!*space_text || *end || space < 0 || space >= spaces) {
        rc = cli_usage_error("calc", "--space takes a space of the track, 0 (the start) to %d",
                             spaces - 1);
        goto out;
    }
    int mark = cirnum_mark_at(marks, nmarks, (int)space);
    GArray *sums = cirnum_sums(hand, n, mark);
    unsigned back_mask = 0;
    bool back = cirnum_move_back(hand, n, &back_mask);
    GString *o = g_string_new(NULL);
    if (json) {
        g_string_append(o, "{\"game\":\"circular-numbers\",\"hand\":[");
        cards_text(o, hand, n, (1u << n) - 1, true);
        g_string_append_printf(o, "],\"space\":%ld,\"mark\":%d,\"sums\":[", space, mark);
        for (guint i = 0; i < sums->len; i++) {
            const cirnum_sum *s = &g_array_index(sums, cirnum_sum, i);
            g_string_append_printf(o, "%s{\"sum\":%d,\"moves\":%d,\"cards\":[", i ? "," : "",
                                   s->target, s->moves);
            cards_text(o, hand, n, s->mask, true);
            g_string_append_printf(o, "],\"cards_total\":%d,\"multiple\":%d}", s->cards,
                                   s->multiple);
        }
        g_string_append_printf(o, "],\"move_back\":%s}\n", back ? "true" : "false");
    } else {
        g_string_append(o, "Hand: ");
        for (int i = 0; i < n; i++)
            g_string_append_printf(o, "%s%s", i ? " " : "", hand[i].rank);
        if (space == 0)
            g_string_append(o, " on the start space\n");
        else if (mark)
            g_string_append_printf(o, " on space %ld, marked %d: any multiple of %d may be added\n",
                                   space, mark, mark);
        else
            g_string_append_printf(o, " on space %ld (not marked)\n", space);
        if (sums->len == 0)
            g_string_append(o, "No circular number: draw a card from the stock.\n");
        else
            g_string_append(o, "sum  moves  cards\n");
        for (guint i = 0; i < sums->len; i++) {
            const cirnum_sum *s = &g_array_index(sums, cirnum_sum, i);
            g_string_append_printf(o, "%3d  %5d  ", s->target, s->moves);
            cards_text(o, hand, n, s->mask, false);
            if (s->multiple)
                g_string_append_printf(o, " + %d (%d x %d)", s->multiple, s->multiple / mark, mark);
            g_string_append_c(o, '\n');
        }
        if (back)
            g_string_append(o, "Ace-five-six move-back: available (advance A + 5 + 6 and send one "
                               "opponent's token back to the start instead of moving)\n");
        else
            g_string_append(o, "Ace-five-six move-back: not available\n");
    }
    fputs(o->str, stdout);
    g_string_free(o, TRUE);
    g_array_free(sums, TRUE);
out:
    g_ptr_array_free(sets, TRUE);
    return rc;
}

const cli_command cli_calc = {"calc", "Circular Numbers: the sums a hand can form", CALC_USAGE,
                              calc_run};

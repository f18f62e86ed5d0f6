/* calc.c: the public interface's Circular Numbers calculator (pnpkit_calc):
 * the sums a hand can form on a space of the track a circular-numbers
 * template describes (src/games/cirnum.h), as the report `pnpkit calc`
 * prints. */
#include <glib.h>
#include <stdbool.h>
#include <string.h>
#include "api/api.h"
#include "games/cirnum.h"
#include "pnpkit.h"
#include "template/tmpl.h"
#include "util/json.h"

/* The track the template describes: its spaces and marks. */
static int track(tmpl *t, int *spaces, cirnum_mark *marks, int *nmarks, pn_err *err)
{
    tmpl_param *sp = tmpl_param_find(t, "spaces"), *mp = tmpl_param_find(t, "marks");
    if (!sp || sp->value.type != PV_INT || !mp || mp->value.type != PV_STRLIST)
        return pn_err_set(err, PN_EINPUT,
                          "%s: a circular-numbers template needs the parameters spaces (int) and "
                          "marks (list)",
                          t->file);
    if (sp->value.i < CIRNUM_MIN_SPACES || sp->value.i > CIRNUM_MAX_SPACES) {
        char text[96];
        snprintf(text, sizeof text, "spaces: a track has %d to %d spaces, not %ld",
                 CIRNUM_MIN_SPACES, CIRNUM_MAX_SPACES, sp->value.i);
        return tmpl_param_err(t, sp, text, err);
    }
    *spaces = (int)sp->value.i;
    char why[256];
    *nmarks = cirnum_parse_marks(mp->value.strs, mp->value.n, *spaces, marks, why, sizeof why);
    if (*nmarks >= 0) return 0;
    char text[300];
    snprintf(text, sizeof text, "marks: %s", why);
    return tmpl_param_err(t, mp, text, err); /* the --set, or the parameter's default */
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

static void report_json(GString *o, const cirnum_card *hand, int n, long space, int mark,
                        const GArray *sums, bool back)
{
    g_string_append(o, "{\"game\":\"circular-numbers\",\"hand\":[");
    cards_text(o, hand, n, (1u << n) - 1, true);
    g_string_append_printf(o, "],\"space\":%ld,\"mark\":%d,\"sums\":[", space, mark);
    for (guint i = 0; i < sums->len; i++) {
        const cirnum_sum *s = &g_array_index(sums, cirnum_sum, i);
        g_string_append_printf(o, "%s{\"sum\":%d,\"moves\":%d,\"cards\":[", i ? "," : "", s->target,
                               s->moves);
        cards_text(o, hand, n, s->mask, true);
        g_string_append_printf(o, "],\"cards_total\":%d,\"multiple\":%d}", s->cards, s->multiple);
    }
    g_string_append_printf(o, "],\"move_back\":%s}\n", back ? "true" : "false");
}

static void report_text(GString *o, const cirnum_card *hand, int n, long space, int mark,
                        const GArray *sums, bool back)
{
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

/* The report into out. 0, or -1 with err. */
static int calc(const pnpkit_calc_opts *o, GString *out, pn_err *err)
{
    if (!o->hand) return pn_err_set(err, PN_EUSAGE, "a hand is required, e.g. \"A 5 6 K\"");
    cirnum_card hand[CIRNUM_MAX_HAND];
    char why[256];
    int n = cirnum_parse_hand(o->hand, hand, why, sizeof why);
    if (n < 0) return pn_err_set(err, PN_EINPUT, "hand \"%s\": %s", o->hand, why);
    tmpl *t = tmpl_open(o->template_name ? o->template_name : "circular-numbers", err);
    if (!t) return -1;
    int rc = 0, spaces = 0, nmarks = 0;
    for (const char *const *s = o->set; s && *s && !rc; s++)
        rc = tmpl_set(t, *s, err);
    cirnum_mark marks[CIRNUM_MAX_MARKS];
    if (!rc) rc = track(t, &spaces, marks, &nmarks, err);
    tmpl_free(t);
    if (rc) return -1;
    if (o->space < 0 || o->space >= spaces)
        return pn_err_set(err, PN_EUSAGE,
                          "the space must be a space of the track, 0 (the start) to %d",
                          spaces - 1);
    int mark = cirnum_mark_at(marks, nmarks, (int)o->space);
    GArray *sums = cirnum_sums(hand, n, mark);
    unsigned back_mask = 0;
    bool back = cirnum_move_back(hand, n, &back_mask);
    if (o->json)
        report_json(out, hand, n, o->space, mark, sums, back);
    else
        report_text(out, hand, n, o->space, mark, sums, back);
    g_array_free(sums, TRUE);
    return 0;
}

pnpkit_buffer *pnpkit_calc(pnpkit_ctx *ctx, const pnpkit_calc_opts *o, pnpkit_error *err)
{
    (void)ctx;
    pn_err e = {0};
    GString *out = g_string_new(NULL);
    if (calc(o, out, &e)) {
        g_string_free(out, TRUE);
        api_error_from(&e, err);
        return NULL;
    }
    return api_buffer_of_string(out);
}

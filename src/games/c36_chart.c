/* c36_chart.c: the points chart, read once from the embedded seeds table
 * (g_once: thread-safe, and never written again afterwards). */
#include "games/c36_chart.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glib.h>
#include "util/resources.h"

static const char *const names[C36_MAX_RINGS] = {"red",    "blue",   "green",
                                                 "orange", "purple", "grey"};
static const char *const labels[C36_MAX_RINGS] = {"Red",    "Blue",   "Green",
                                                  "Orange", "Purple", "Grey"};
static const char prefixes[C36_MAX_RINGS] = {'R', 'B', 'G', 'O', 'P', 'K'};

/* chart[d + SPAN][col]: col 0..2 rings Red, Blue, Green; col 3 rows. Filled
 * once by parse_chart (through g_once in load), read-only afterwards. */
static int chart[2 * C36_CHART_SPAN + 1][4];

static gpointer parse_chart(gpointer unused)
{
    const pn_resource *r = pn_resource_find("seeds/circle36-points.tsv");
    if (!r) abort(); /* embedded at build time; its absence is a build error */
    const char *p = r->data;
    while (*p) {
        const char *eol = strchr(p, '\n');
        size_t len = eol ? (size_t)(eol - p) : strlen(p);
        int t, a, b, c, d;
        char line[128];
        if (len < sizeof line) {
            memcpy(line, p, len);
            line[len] = 0;
            if (line[0] != '#' && sscanf(line, "%d %d %d %d %d", &t, &a, &b, &c, &d) == 5) {
                int i = t - 36 + C36_CHART_SPAN;
                if (i >= 0 && i <= 2 * C36_CHART_SPAN) {
                    chart[i][0] = a;
                    chart[i][1] = b;
                    chart[i][2] = c;
                    chart[i][3] = d;
                }
            }
        }
        p += len + (eol ? 1 : 0);
    }
    return NULL;
}

static void load(void)
{
    static GOnce once = G_ONCE_INIT;
    g_once(&once, parse_chart, NULL);
}

const char *c36_ring_name(int ring)
{
    return ring >= 0 && ring < C36_MAX_RINGS ? names[ring] : "?";
}

const char *c36_ring_label(int ring)
{
    return ring >= 0 && ring < C36_MAX_RINGS ? labels[ring] : "?";
}

char c36_ring_prefix(int ring)
{
    return ring >= 0 && ring < C36_MAX_RINGS ? prefixes[ring] : '?';
}

char c36_row_letter(int row)
{
    return (char)('A' + row);
}

static int offset(const c36_variant *v, int total)
{
    int d = total - v->target;
    return d < -C36_CHART_SPAN || d > C36_CHART_SPAN ? -1 : d + C36_CHART_SPAN;
}

int c36_ring_points(const c36_variant *v, int ring, int total)
{
    load();
    int i = offset(v, total);
    if (i < 0 || ring < 0) return 0;
    if (ring < 3) return chart[i][ring];
    int p = chart[i][2] - (ring - 2);
    return p > 0 ? p : 0;
}

int c36_row_points(const c36_variant *v, int total)
{
    load();
    int i = offset(v, total);
    return i < 0 ? 0 : chart[i][3];
}

const char *c36_variant_check(const c36_variant *v)
{
    if (v->rings < 1 || v->rings > C36_MAX_RINGS) return "rings must be 1 to 6";
    if (v->sectors < C36_MIN_SECTORS || v->sectors > C36_MAX_SECTORS || v->sectors % 2)
        return "sectors must be an even number from 4 to 16";
    if (v->target < 10 || v->target > 200) return "target must be 10 to 200";
    if (v->dice < C36_MIN_DICE || v->dice > C36_MAX_DICE) return "dice must be 4 to 20 sides";
    return NULL;
}

/* progress.c: a progress bar on standard error for long renders. It appears only
 * when standard error is a terminal, --quiet was not given, and the work has
 * already run for a while (so quick runs print nothing), and it is redrawn at
 * most ten times a second. */
#include "cli/progress.h"

#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PROGRESS_WIDTH 30           /* cells in the bar */
#define PROGRESS_REDRAW_US 100000   /* between redraws */
#define PROGRESS_DELAY_MS 1000      /* quiet before this */
#define PROGRESS_MAX_DELAY_MS 60000 /* bound on PNPKIT_PROGRESS_DELAY_MS */

struct cli_progress {
    char *label;
    gint64 start, last; /* monotonic µs; last = 0: nothing drawn yet */
    gint64 delay;       /* µs */
    FILE *fp;
};

bool cli_progress_wanted(bool quiet)
{
    if (quiet || !isatty(STDERR_FILENO)) return false;
    const char *term = getenv("TERM");
    return !term || strcmp(term, "dumb") != 0;
}

cli_progress *cli_progress_new(const char *label, bool enabled)
{
    if (!enabled) return NULL;
    cli_progress *p = g_new0(cli_progress, 1);
    p->label = g_strdup(label);
    p->start = g_get_monotonic_time();
    p->fp = stderr;
    long ms = PROGRESS_DELAY_MS;
    const char *env = getenv("PNPKIT_PROGRESS_DELAY_MS");
    if (env && *env) {
        char *end;
        long v = strtol(env, &end, 10);
        if (!*end && v >= 0 && v <= PROGRESS_MAX_DELAY_MS) ms = v;
    }
    p->delay = (gint64)ms * 1000;
    return p;
}

void cli_progress_update(void *user, int done, int total)
{
    cli_progress *p = user;
    if (!p || total <= 0) return;
    gint64 now = g_get_monotonic_time();
    if (now - p->start < p->delay) return;
    if (p->last && done < total && now - p->last < PROGRESS_REDRAW_US) return;
    p->last = now;
    int cells = (int)((gint64)done * PROGRESS_WIDTH / total);
    char bar[PROGRESS_WIDTH + 1];
    memset(bar, '#', (size_t)cells);
    memset(bar + cells, '.', (size_t)(PROGRESS_WIDTH - cells));
    bar[PROGRESS_WIDTH] = 0;
    fprintf(p->fp, "\r%s [%s] %d/%d pages %3d%%", p->label, bar, done, total,
            (int)((gint64)done * 100 / total));
    fflush(p->fp);
}

void cli_progress_free(cli_progress *p)
{
    if (!p) return;
    if (p->last) {
        fputc('\n', p->fp);
        fflush(p->fp);
    }
    g_free(p->label);
    g_free(p);
}

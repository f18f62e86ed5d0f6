/* progress.h: the progress bar long renders show on standard error. */
#ifndef PN_PROGRESS_H
#define PN_PROGRESS_H

#include <stdbool.h>

typedef struct cli_progress cli_progress;

/* True when a bar may be shown: standard error is a terminal (not TERM=dumb)
 * and the user did not ask for quiet. */
bool cli_progress_wanted(bool quiet);

/* A bar labelled label, or NULL when !enabled (every function accepts NULL).
 * It stays hidden for the first second of work ($PNPKIT_PROGRESS_DELAY_MS, 0 to
 * 60000, changes the delay). Free with cli_progress_free. */
cli_progress *cli_progress_new(const char *label, bool enabled);

/* Reports done of total pages; the signature of render_opts.progress, with the
 * bar as user data. */
void cli_progress_update(void *p, int done, int total);

/* Ends the bar's line if it was drawn, and frees it. */
void cli_progress_free(cli_progress *p);

#endif

/* warnings.h: lint findings gathered while laying sheets out, one line per
 * template place and kind ("FILE:LINE:COL: warning: ..."), the first message
 * of each with a count of the others, printed in the order found. */
#ifndef PN_CLI_WARNINGS_H
#define PN_CLI_WARNINGS_H

#include <stdio.h>
#include "pnpkit.h"

typedef struct cli_warnings cli_warnings;

/* An empty collector. Caller frees. */
cli_warnings *cli_warnings_new(void);
void cli_warnings_free(cli_warnings *w);
/* Takes one finding (the signature of pnpkit_render_opts.warn): user is the
 * collector. A finding of sheet 2 or later names its sheet. */
void cli_warnings_collect(void *user, const pnpkit_finding *f);
/* The same for a built-in template, whose own layout is tested: only what
 * the paper asked for causes (scan marks that do not fit it). */
void cli_warnings_collect_paper(void *user, const pnpkit_finding *f);
/* Prints every finding to fp, placed in file; returns how many were
 * collected in all. */
int cli_warnings_print(const cli_warnings *w, const char *file, FILE *fp);

#endif

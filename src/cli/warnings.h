/* warnings.h: lint findings gathered while laying sheets out, one line per
 * template place and kind ("FILE:LINE:COL: warning: ..."), the first message
 * of each with a count of the others, printed in the order found. */
#ifndef PN_CLI_WARNINGS_H
#define PN_CLI_WARNINGS_H

#include <stdio.h>

typedef struct cli_warnings cli_warnings;

/* file is borrowed and must outlive the collector. Caller frees. */
cli_warnings *cli_warnings_new(const char *file);
void cli_warnings_free(cli_warnings *w);
/* A lint_report (scene/lint.h): user is the collector. */
void cli_warnings_collect(void *user, int line, int col, const char *kind, const char *msg);
/* The sheet (1-based) findings from now on belong to; 0 or 1: not shown. */
int *cli_warnings_sheet(cli_warnings *w);
/* Prints every finding to fp; returns how many were collected in all. */
int cli_warnings_print(const cli_warnings *w, FILE *fp);

#endif

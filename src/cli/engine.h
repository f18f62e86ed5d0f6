/* engine.h: for the web front end's serve command, which still reports
 * errors in the engine's own form (pn_err); the commands over the public
 * interface include cli/cli.h only. */
#ifndef PN_CLI_ENGINE_H
#define PN_CLI_ENGINE_H

#include "cli/cli.h"
#include "util/err.h"

/* Prints err's message (in option names) as one line on stderr; returns its
 * exit status. */
int cli_fail(const pn_err *err);

#endif

/* engine.h: what the commands that still call the engine directly (render,
 * and the web front end's serve command) share: errors in the engine's form
 * and the engine's text measurer of this run's library context. The commands
 * over the public interface include cli/cli.h only. */
#ifndef PN_CLI_ENGINE_H
#define PN_CLI_ENGINE_H

#include "cli/cli.h"
#include "scene/measure.h"
#include "util/err.h"

/* Prints err's message (in option names) as one line on stderr; returns its
 * exit status. */
int cli_fail(const pn_err *err);

/* The text measurer (and font map) of cli_ctx's context, made on first use.
 * NULL + err when the fonts are missing. */
scene_measurer *cli_measurer(pn_err *err);

#endif

/* engine.c: an error in the engine's own form (pn_err) printed as the
 * command line prints errors; for the serve command (cli/engine.h). */
#include "cli/engine.h"

#include <glib.h>
#include <stdio.h>

int cli_fail(const pn_err *err)
{
    char msg[sizeof err->msg];
    g_strlcpy(msg, err->msg[0] ? err->msg : "pnpkit: failed", sizeof msg);
    cli_option_words(msg, sizeof msg);
    fprintf(stderr, "%s\n", msg);
    return err->status ? (int)err->status : 1;
}

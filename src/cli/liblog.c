/* liblog.c: the libraries' log messages, kept off standard error (see
 * liblog.h). */
#include "cli/liblog.h"

#include <glib.h>
#include <stdlib.h>
#include <string.h>

static GLogWriterOutput quiet_writer(GLogLevelFlags level, const GLogField *fields, gsize n_fields,
                                     gpointer user)
{
    (void)user;
    if (level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL))
        return g_log_writer_standard_streams(level, fields, n_fields, NULL);
    return G_LOG_WRITER_HANDLED;
}

void cli_liblog_install(void)
{
    const char *all = getenv("PNPKIT_LIBRARY_LOG");
    if (all && !strcmp(all, "1")) return;
    g_log_set_writer_func(quiet_writer, NULL, NULL);
}

/* games.c: the scored games' names as the front ends' messages give them
 * (pnpkit score, pnpkit serve), from the library's list of games. */
#include <glib.h>
#include <string.h>
#include "cli/cli.h"

char *cli_game_names(void)
{
    GString *names = g_string_new(NULL);
    size_t n = pnpkit_game_count();
    for (size_t i = 0; i < n; i++) {
        if (i) g_string_append(names, i + 1 == n ? " or " : ", ");
        g_string_append(names, pnpkit_game_name(i));
    }
    return g_string_free(names, FALSE);
}

int cli_game_known(const char *name)
{
    for (size_t i = 0; name && i < pnpkit_game_count(); i++)
        if (!strcmp(pnpkit_game_name(i), name)) return 1;
    return 0;
}

/* registry.c: the table of scored games. Adding a game is one line here and
 * one file, src/scoring/<game>.c, that defines its entry (docs/hacking.md). */
#include <string.h>
#include "scoring/scoring.h"

/* Defined in each game's file. */
extern const score_game score_circle36, score_dicrono, score_cirplexed;

static const score_game *const games[] = {&score_circle36, &score_dicrono, &score_cirplexed};

const score_game *score_game_find(const char *name)
{
    for (size_t i = 0; i < G_N_ELEMENTS(games); i++)
        if (!strcmp(games[i]->name, name)) return games[i];
    return NULL;
}

const score_game *score_game_at(int i)
{
    return i >= 0 && (size_t)i < G_N_ELEMENTS(games) ? games[i] : NULL;
}

void score_game_names(GString *out, const char *last_sep)
{
    for (size_t i = 0; i < G_N_ELEMENTS(games); i++) {
        if (i) g_string_append(out, i + 1 == G_N_ELEMENTS(games) ? last_sep : ", ");
        g_string_append(out, games[i]->name);
    }
}

/* words.c: the library's words for render settings turned into the command
 * line's option names ("bleed needs the haru backend" -> "--bleed needs
 * --backend haru"): the library speaks of what a setting is, only the command
 * line knows what its options are called. */
#include <glib.h>
#include <stdbool.h>
#include <string.h>
#include "cli/cli.h"

typedef struct cli_word {
    const char *library, *option;
    bool lead; /* only at the start of the message or of a part after ": " */
} cli_word;

static const cli_word words[] = {
    {"setting ", "--set ", true},
    {"hand \"", "--hand \"", true},
    {"the space must be ", "--space takes ", true},
    {"TrueType font ", "--ttf ", true},
    {"pages: ", "--pages: ", true},
    {"sheets per paper: ", "--nup: ", true},
    {"resolution (dpi): ", "--dpi: ", true},
    {"the seed ", "--seed ", true},
    {" and the setting ", " and --set ", false},
    {"the file is read-only; forcing replaces it", "the file is read-only; --force replaces it",
     false},
    {"give fewer pages or use the cairo backend", "give fewer --pages or use --backend cairo",
     false},
    {"bleed needs the haru backend", "--bleed needs --backend haru", false},
    {"a TrueType font to embed needs the haru backend", "--ttf is for --backend haru", false},
    {"lower the resolution", "lower --dpi", false},
    {"cairo backend or fewer pages", "cairo backend or fewer --pages", false},
    {"the card grid", "--grid", true},
    {"; make the gutter at least ", "; give --gutter ", false},
    {", or 0 for shared cut lines", " or more, or --gutter 0 for shared cut lines", false},
    {"(with a gutter of 0, cards sharing", "(with --gutter 0, cards sharing", false},
    {"printer correction (offset, scale) is for papers printed at home, not for one card a page",
     "--offset and --scale are for papers printed at home, not for --layout single", false},
    {"sheets at their own size need 2 or 4 sheets per paper", "--actual-size is for --nup 2 or 4",
     false},
    {"scored with its own template or the setting rings=N",
     "scored with --template FILE or --set rings=N", false},
    {" (the mono setting)", " (--mono)", false},
    {"; embed a TrueType font that has it",
     "; give --ttf FILE to embed a TrueType font that has it", false},
    {"the paper asked for ", "--paper ", true},
    {"or leave the scan marks off", "or --no-scan-marks", false},
};

void cli_option_words(char *msg, size_t size)
{
    GString *s = g_string_new(msg);
    for (size_t i = 0; i < G_N_ELEMENTS(words); i++) {
        const cli_word *w = &words[i];
        size_t n = strlen(w->library);
        for (const char *at = strstr(s->str, w->library); at; at = strstr(at, w->library)) {
            size_t pos = (size_t)(at - s->str);
            bool lead = pos == 0 || (pos >= 2 && !memcmp(at - 2, ": ", 2));
            if (w->lead && !lead) {
                at += n;
                continue;
            }
            g_string_erase(s, (gssize)pos, (gssize)n);
            g_string_insert(s, (gssize)pos, w->option);
            at = s->str + pos + strlen(w->option);
        }
    }
    g_strlcpy(msg, s->str, size);
    g_string_free(s, TRUE);
}

/* fuzz_score.c: libFuzzer harness for "pnpkit score" as a whole, sheets on
 * standard input. Comment lines choose "#game circle36|dicrono|cirplexed"
 * (default circle36), "#json", and "#fill" (also draw the completed sheets, as
 * PNGs at 10 dpi, into the harness's private directory, emptied after each
 * input: one PNG a page, so not to /dev/null, beside which the pages once
 * landed as /dev/null-01.png ...). Checks the command-line contract. */
#include "fuzz/fuzz_cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    char **game = fuzz_directives(text, "game", 1);
    const char *g = "circle36";
    if (game[0] && (!strcmp(game[0], "dicrono") || !strcmp(game[0], "cirplexed"))) g = game[0];
    char *argv[12] = {"score", (char *)g, "-"};
    int argc = 3;
    if (fuzz_flag(text, "json")) argv[argc++] = "--json";
    char *out = NULL;
    if (fuzz_flag(text, "fill")) {
        out = g_build_filename(fuzz_tmpdir(), "fill.png", NULL);
        const char *fill[] = {"-o", out, "--format", "png", "--dpi", "10"};
        for (int i = 0; i < 6; i++)
            argv[argc++] = (char *)fill[i];
    }
    argv[argc] = NULL;
    fuzz_cli_run(argc, argv, data, size, false);
    if (out) fuzz_tmpdir_empty();
    g_free(out);
    g_strfreev(game);
    g_free(text);
    return 0;
}

/* fuzz_check.c: libFuzzer harness for "pnpkit check thinking-in-circles": the
 * input is the position file, read from standard input by the real command. A
 * comment line "#json" adds --json. */
#include "fuzz/fuzz_cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    char *argv[] = {"check", "thinking-in-circles", "-", "--json", NULL};
    int argc = fuzz_flag(text, "json") ? 4 : 3;
    fuzz_cli_run(argc, argv, data, size, true);
    g_free(text);
    return 0;
}

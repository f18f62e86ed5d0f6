/* replay.c: runs a fuzz harness over files given on the command line, so the
 * seeds and every crash reproducer in fuzz/regressions/ are replayed by ctest
 * in the ordinary (and the sanitizer) build, without libFuzzer. */
#include <glib.h>
#include <stdint.h>
#include <stdio.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

int main(int argc, char **argv)
{
    if (LLVMFuzzerInitialize) LLVMFuzzerInitialize(&argc, &argv);
    int n = 0;
    for (int i = 1; i < argc; i++) {
        gchar *data;
        gsize len;
        GError *e = NULL;
        if (!g_file_get_contents(argv[i], &data, &len, &e)) {
            fprintf(stderr, "replay: %s\n", e->message);
            g_error_free(e);
            return 1;
        }
        fprintf(stderr, "replay: %s\n", argv[i]);
        LLVMFuzzerTestOneInput((const uint8_t *)data, len);
        g_free(data);
        n++;
    }
    fprintf(stderr, "replay: %d inputs, no failure\n", n);
    return 0;
}

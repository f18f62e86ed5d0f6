/* main.c: pnpkit's entry point: sets up the process, then dispatches to the
 * commands (the rest of src/cli is a library the tests and harnesses link). */
#include <errno.h>
#include <fontconfig/fontconfig.h>
#include <locale.h>
#include <malloc.h>
#include <stdio.h>
#include <string.h>
#include <glib.h>
#include "cli/cli.h"
#include "cli/liblog.h"
#include "cli/signals.h"

int main(int argc, char **argv)
{
    setlocale(LC_ALL, "C.UTF-8");
#ifdef M_TRIM_THRESHOLD
    /* Keep up to 4 MB of freed heap instead of handing it back at once: a pad
     * takes and frees the same few hundred KB every page (scenes, the zlib
     * state of each PDF page), and giving it back made the next page fault it
     * in again, some 20 page faults a page. Setting it turns off glibc's
     * own raising of the mmap threshold, so blocks up to 32 MB (an SVG page
     * is written into a buffer of a few hundred KB) come from the heap too,
     * instead of a fresh mapping faulted in page by page on every render:
     * that made a warm render in 'pnpkit serve' a third slower, and threads
     * fault in one address space one at a time. */
    mallopt(M_TRIM_THRESHOLD, 4 << 20);
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
#endif
    /* The first pango font map starts fontconfig's default set-up in a
     * thread: every system configuration file parsed and every system font
     * listed, about a quarter of a one-sheet render, although the library
     * gives each of its font maps a configuration of its own and never uses
     * the default. The process belongs to the front end, so the default is
     * made an empty configuration here, which costs nothing to set up. */
    FcConfig *unused = FcConfigCreate();
    if (unused) {
        FcConfigSetCurrent(unused);
        FcConfigDestroy(unused);
    }
    cli_signals_install();
    cli_liblog_install();
    if (argc < 2) {
        cli_usage(stderr);
        return PNPKIT_EUSAGE;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        cli_usage(stdout);
        return 0;
    }
    if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V")) {
        printf("pnpkit %s\n", PNPKIT_VERSION);
        return 0;
    }
    const cli_command *c = cli_find(argv[1]);
    if (!c) {
        char *name = cli_tidy(argv[1]);
        fprintf(stderr, "pnpkit: unknown command '%s'\nTry 'pnpkit --help'.\n", name);
        g_free(name);
        return PNPKIT_EUSAGE;
    }
    int rc = c->run(argc - 1, argv + 1);
    cli_ctx_free();
    /* What a command printed must have reached its file (a full disk, a
     * closed pipe): success is not claimed for output that was lost. */
    errno = 0;
    int flushed = fflush(stdout), e = flushed ? errno : 0; /* an earlier errno says nothing */
    if (flushed != 0 || ferror(stdout)) {
        if (rc == 0) {
            fprintf(stderr, "pnpkit %s: standard output: write failed%s%s\n", c->name,
                    e ? ": " : "", e ? strerror(e) : "");
            rc = PNPKIT_EIO;
        }
    }
    return rc;
}

/* signals.c: what the command line does about signals. The library never
 * touches them; the front end removes the hidden temporary files of outputs
 * still being written when a signal ends the process, and turns the file size
 * limit into an ordinary write error. */
#include "cli/signals.h"

#include <glib.h>
#include <signal.h>
#include "pnpkit.h"

/* Every signal whose default action ends the process and that can come from
 * outside or from a write (SIGPIPE), plus the crashes: the temporary files go
 * in every case. (SIGKILL cannot be caught: then ".NAME.XXXXXX" stays.) */
static const int cli_fatal_signals[] = {
    SIGHUP,  SIGINT,  SIGQUIT, SIGTERM, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU, SIGVTALRM,
    SIGPROF, SIGPOLL, SIGSYS,  SIGTRAP, SIGILL,  SIGABRT, SIGFPE,  SIGSEGV, SIGBUS,
};

static void cli_on_fatal_signal(int sig)
{
    pnpkit_remove_pending_outputs(); /* async-signal-safe: unlink only */
    /* SA_RESETHAND restored the default action: end the way the signal would
     * have, so the parent sees "killed by SIGxxx". */
    raise(sig);
}

void cli_signals_install(void)
{
    for (size_t i = 0; i < G_N_ELEMENTS(cli_fatal_signals); i++) {
        struct sigaction old, sa = {0};
        /* Leave alone a signal that is ignored (nohup, a shell that ignores
         * SIGPIPE) or handled already (a sanitizer's crash report). */
        if (sigaction(cli_fatal_signals[i], NULL, &old) != 0 || old.sa_handler != SIG_DFL) continue;
        sa.sa_handler = cli_on_fatal_signal;
        sa.sa_flags = (int)SA_RESETHAND;
        sigemptyset(&sa.sa_mask);
        sigaction(cli_fatal_signals[i], &sa, NULL);
    }
    /* Writes past `ulimit -f` then fail with EFBIG ("File too large"), reported
     * like a full disk, instead of ending the process. */
    signal(SIGXFSZ, SIG_IGN);
}

/* signals.h: signal handling of the command-line program (never the library's). */
#ifndef PN_CLI_SIGNALS_H
#define PN_CLI_SIGNALS_H

/* Makes every fatal signal first remove the temporary files of outputs still
 * being written (pnpkit_remove_pending_outputs), then end the process as the
 * signal would have; makes SIGXFSZ an ordinary write error. Signals already
 * ignored or handled are left alone. Call once at start-up. */
void cli_signals_install(void);

#endif

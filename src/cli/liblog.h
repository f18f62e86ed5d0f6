/* liblog.h: what the command-line program does with the log messages of the
 * libraries beneath pnpkit (gdk-pixbuf's loaders, librsvg, pango, ...). */
#ifndef PN_CLI_LIBLOG_H
#define PN_CLI_LIBLOG_H

/* Keeps the libraries' warnings, messages and debugging output off standard
 * error: pnpkit reports what is wrong with an input in its own one-line
 * error, and a loader's "WARNING **: Invalid input: No 'pitm' box" before it
 * only confused that line. Criticals and errors (a library's assertion, which
 * is pnpkit's bug) are still printed, as is everything when the environment
 * sets PNPKIT_LIBRARY_LOG=1. Call once at start-up. */
void cli_liblog_install(void);

#endif

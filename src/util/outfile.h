/* outfile.h: output that appears only when complete. Data goes to a temporary
 * file beside the target ("dir/.name.XXXXXX"), which is renamed over the target
 * on commit and removed on abort, so a failure never leaves a partial file and
 * never harms an existing one. Nothing is written anywhere else: not in the
 * current directory, not in a shared temporary directory.
 *
 * Targets that are not regular files (a terminal, a pipe, /dev/null) cannot be
 * replaced by a rename and are written directly. The path "-" writes to
 * standard output. */
#ifndef PN_OUTFILE_H
#define PN_OUTFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>
#include "util/err.h"

typedef struct pn_outfile {
    FILE *fp;     /* where to write; NULL once closed */
    char *target; /* final path; owned */
    char *tmp;    /* temporary path, NULL when writing directly; owned */
    bool direct;  /* standard output or a special file: no temporary */
    mode_t mode;  /* permissions the committed file gets */
    int error;    /* errno of the first failed pn_outfile_write, or 0 */
} pn_outfile;

/* Opens a temporary file for target. Returns NULL with err set (PN_EIO) when the
 * directory is missing or not writable, or target is a directory. Release with
 * commit or abort. */
pn_outfile *pn_outfile_open(const char *target, pn_err *err);
/* Writes n bytes to o->fp and remembers why a write failed, so the error can
 * say "No space left on device". Returns true when all were written. */
bool pn_outfile_write(pn_outfile *o, const void *data, size_t n);
/* Flushes and closes the data, starting to write it to disk (the temporary
 * file stays until commit or abort, and commit waits until it is on disk), so
 * a document of many files need not keep them all open. 0 or -1 with err (for
 * instance a full disk). Closing twice is harmless. */
int pn_outfile_close(pn_outfile *o, pn_err *err);
/* Closes and renames into place; frees o. Returns 0 or -1 with err (and the
 * temporary file removed). */
int pn_outfile_commit(pn_outfile *o, pn_err *err);
/* Commits n files together: all are closed and synced first and renamed only
 * if every one was written completely; otherwise all are removed. Frees them
 * all. */
int pn_outfile_commit_all(pn_outfile **o, size_t n, pn_err *err);
/* Removes the temporary file and frees o. Safe with NULL. */
void pn_outfile_abort(pn_outfile *o);

/* Makes SIGINT, SIGTERM and SIGHUP remove the temporary files of outputs still
 * open before the process ends, and turns SIGXFSZ (file size limit) into an
 * ordinary write error. For programs; call once at start-up. */
void pn_outfile_install_signal_cleanup(void);

/* Creates directory dir (one level) if it is missing. 0 or -1 with err. */
int pn_ensure_dir(const char *dir, pn_err *err);

#endif

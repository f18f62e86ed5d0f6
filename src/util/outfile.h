/* outfile.h: output that appears only when complete. Data goes to a temporary
 * file beside the target ("dir/.name.XXXXXX"), which is renamed over the target
 * on commit and removed on abort, so a failure never leaves a partial file and
 * never harms an existing one. Nothing is written anywhere else: not in the
 * current directory, not in a shared temporary directory.
 *
 * A target that is a symbolic link (dangling or not) is written through: the
 * temporary file goes beside the file the link points to and replaces it; the
 * link stays. Targets that are not regular files (a terminal, a pipe,
 * /dev/null) cannot be replaced by a rename and are written directly. The path
 * "-" writes to standard output.
 *
 * This module never installs signal handlers: a program that wants the
 * temporary files gone when a signal ends it calls pn_outfile_remove_pending
 * from its own handler. */
#ifndef PN_OUTFILE_H
#define PN_OUTFILE_H

#include <glib.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>
#include "util/err.h"

/* Flags of pn_outfile_open_flags. */
enum {
    PN_OUTFILE_FORCE = 1, /* replace a target its owner made read-only */
};

typedef struct pn_outfile {
    FILE *fp;        /* where to write; NULL once closed */
    char *target;    /* path as given, for messages; owned */
    char *real;      /* the file replaced: target with its symbolic links followed; owned */
    char *tmp;       /* temporary path, NULL when writing directly; owned */
    bool direct;     /* standard output or a special file: no temporary */
    mode_t mode;     /* permissions the committed file gets */
    int error;       /* errno of the first failed pn_outfile_write, or 0 */
    GPtrArray *sink; /* memory output: where commit puts the bytes; borrowed */
    char *mem;       /* memory output: the bytes (open_memstream's buffer); owned */
    size_t mem_len;
} pn_outfile;

/* Opens a temporary file for target. Returns NULL with err set (PN_EIO) when the
 * directory is missing or not writable, target is a directory, its name is too
 * long, or target is a read-only file (unless flags has PN_OUTFILE_FORCE).
 * Release with commit or abort. */
pn_outfile *pn_outfile_open_flags(const char *target, unsigned flags, pn_err *err);
/* pn_outfile_open_flags with no flags: a read-only target is refused. */
pn_outfile *pn_outfile_open(const char *target, pn_err *err);
/* An output held in memory instead of a file (no file is made, no process
 * setting is read): on commit its bytes are appended to sink as one GBytes
 * (the sink frees them: make it with g_ptr_array_new_with_free_func(
 * (GDestroyNotify)g_bytes_unref)); an aborted output adds nothing. Outputs
 * committed together (pn_outfile_commit_all) are appended in their order.
 * target only names the output in messages. NULL with err when memory runs
 * out. */
pn_outfile *pn_outfile_open_mem(const char *target, GPtrArray *sink, pn_err *err);
/* pn_outfile_open_mem when sink is not NULL, else pn_outfile_open_flags. */
pn_outfile *pn_outfile_open_to(const char *target, unsigned flags, GPtrArray *sink, pn_err *err);
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

/* Removes the temporary files of every output still open, in any thread.
 * Async-signal-safe (it only calls unlink), for a program's handler of a
 * signal that ends the process. The outputs stay open; the program is
 * expected to end. */
void pn_outfile_remove_pending(void);

/* True when path (its symbolic links followed) is an existing regular file
 * that nobody may write (no write permission bit, even for root) or this
 * process may not write: the case pn_outfile_open refuses without
 * PN_OUTFILE_FORCE. */
bool pn_outfile_is_read_only(const char *path);

/* The file of page `page` (1-based) of a document of `pages` pages written one
 * page per file (SVG, PNG): path itself when pages is 1, otherwise
 * "dir/name-K.ext" with K zero-padded to the width of `pages`, so the files
 * sort in page order (x-01.png ... x-12.png). Caller frees. */
char *pn_outfile_page_path(const char *path, int page, int pages);

/* 0 when a document of `pages` pages, one a file, may be named after path;
 * -1 with err (PN_EUSAGE) when it has more than one page and path is a
 * directory, a device or a pipe: its pages would be files beside it
 * ("/dev/stdout-1.png"), not written to it. */
int pn_outfile_pages_check(const char *path, int pages, const char *what, pn_err *err);

/* Page files beside path that a run of `pages` pages did not write: names of
 * the form "name-K.ext" (K digits), and path itself when pages > 1, left by an
 * earlier run with more pages or another width. Returns their paths, sorted
 * (free with g_ptr_array_unref); empty when there are none or the directory
 * cannot be read. */
GPtrArray *pn_outfile_stale_pages(const char *path, int pages);

/* Creates directory dir (one level) if it is missing. 0 or -1 with err. */
int pn_ensure_dir(const char *dir, pn_err *err);

#endif

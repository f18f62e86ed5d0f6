/* outfile.h: output that appears only when complete. Data goes to a temporary
 * file beside the target ("dir/.name.XXXXXX"), which is renamed over the target
 * on commit and removed on abort, so a failure never leaves a partial file and
 * never harms an existing one. The path "-" writes to standard output. */
#ifndef PN_OUTFILE_H
#define PN_OUTFILE_H

#include <stdbool.h>
#include <stdio.h>
#include "util/err.h"

typedef struct pn_outfile {
    FILE *fp;     /* where to write; NULL once closed */
    char *target; /* final path; owned */
    char *tmp;    /* temporary path, NULL for stdout; owned */
    bool placed;  /* renamed to target */
} pn_outfile;

/* Opens a temporary file for target. Returns NULL with err set (PN_EIO) when the
 * directory is missing or not writable. Release with commit or abort. */
pn_outfile *pn_outfile_open(const char *target, pn_err *err);
/* Ends writing without placing the file: flushes, starts writing it to disk and
 * closes it (standard output is only flushed), so that a document of many
 * files (a pad of SVG or PNG pages) does not keep them all open. o stays
 * valid for commit or abort. Returns 0 or -1 with err. */
int pn_outfile_close(pn_outfile *o, pn_err *err);
/* Closes (if still open), syncs and renames into place; frees o. Returns 0 or
 * -1 with err. */
int pn_outfile_commit(pn_outfile *o, pn_err *err);
/* Commits n outputs together: syncs them all, then renames them all; when one
 * fails, none is renamed after it and the rest are removed. Frees every one.
 * Returns 0 or -1 with err. */
int pn_outfile_commit_all(pn_outfile **outs, size_t n, pn_err *err);
/* Removes the temporary file and frees o. Safe with NULL. */
void pn_outfile_abort(pn_outfile *o);

/* Creates directory dir (one level) if it is missing. 0 or -1 with err. */
int pn_ensure_dir(const char *dir, pn_err *err);

#endif

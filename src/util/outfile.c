/* outfile.c: temporary file + rename, so outputs appear whole or not at all. */
#define _GNU_SOURCE /* sync_file_range */
#include "util/outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <glib.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

pn_outfile *pn_outfile_open(const char *target, pn_err *err)
{
    pn_outfile *o = g_new0(pn_outfile, 1);
    o->target = g_strdup(target);
    if (strcmp(target, "-") == 0) {
        o->fp = stdout;
        return o;
    }
    char *dir = g_path_get_dirname(target);
    char *base = g_path_get_basename(target);
    o->tmp = g_strdup_printf("%s/.%s.XXXXXX", dir, base);
    g_free(base);
    int fd = g_mkstemp_full(o->tmp, O_WRONLY, 0644);
    if (fd < 0) {
        struct stat st;
        if (stat(dir, &st) != 0)
            pn_err_set(err, PN_EIO, "%s: the directory %s does not exist", target, dir);
        else
            pn_err_set(err, PN_EIO, "%s: cannot write here: %s", target, strerror(errno));
        g_free(dir);
        g_free(o->tmp);
        o->tmp = NULL;
        g_free(o->target);
        g_free(o);
        return NULL;
    }
    g_free(dir);
    o->fp = fdopen(fd, "wb");
    if (!o->fp) {
        close(fd);
        unlink(o->tmp);
        pn_err_set(err, PN_EIO, "%s: %s", target, strerror(errno));
        g_free(o->tmp);
        g_free(o->target);
        g_free(o);
        return NULL;
    }
    return o;
}

static void outfile_free(pn_outfile *o)
{
    g_free(o->target);
    g_free(o->tmp);
    g_free(o);
}

int pn_outfile_close(pn_outfile *o, pn_err *err)
{
    if (!o->fp || !o->tmp) {
        if (o->fp && (fflush(o->fp) != 0 || ferror(o->fp)))
            return pn_err_set(err, PN_EIO, "writing to standard output failed");
        return 0;
    }
    errno = 0;
    int e = fflush(o->fp) != 0 || ferror(o->fp) ? (errno ? errno : EIO) : 0;
#ifdef SYNC_FILE_RANGE_WRITE
    /* Start writing to disk now; pn_outfile_commit_all waits for it. */
    if (!e) sync_file_range(fileno(o->fp), 0, 0, SYNC_FILE_RANGE_WRITE);
#endif
    if (fclose(o->fp) != 0 && !e) e = errno ? errno : EIO;
    o->fp = NULL;
    return e ? pn_err_set(err, PN_EIO, "%s: write failed: %s", o->target, strerror(e)) : 0;
}

/* Waits until o's closed temporary file is on disk. 0, or errno. */
static int outfile_sync(const pn_outfile *o)
{
    int fd = open(o->tmp, O_WRONLY);
    if (fd < 0) return errno;
    int e = fsync(fd) != 0 ? errno : 0;
    close(fd);
    return e;
}

int pn_outfile_commit_all(pn_outfile **outs, size_t n, pn_err *err)
{
    /* Every file is written out before any is synced, and synced before any is
     * renamed: a sync then finds the others' data already on its way, and no
     * rename has dirtied the directory, so the file system does not wait for
     * a journal commit per file (some ms each, for every page of a pad). */
    int rc = 0;
    for (size_t i = 0; i < n && !rc; i++)
        rc = pn_outfile_close(outs[i], err);
    for (size_t i = 0; i < n && !rc; i++) {
        int e = outs[i]->tmp ? outfile_sync(outs[i]) : 0;
        if (e) rc = pn_err_set(err, PN_EIO, "%s: write failed: %s", outs[i]->target, strerror(e));
    }
    mode_t mask = umask(0);
    umask(mask);
    for (size_t i = 0; i < n; i++) {
        pn_outfile *o = outs[i];
        if (!rc && o->tmp) {
            /* mkstemp makes 0600; give the file the usual permissions. */
            chmod(o->tmp, 0666 & ~mask);
            if (rename(o->tmp, o->target) != 0)
                rc = pn_err_set(err, PN_EIO, "%s: write failed: %s", o->target, strerror(errno));
            else
                o->placed = true;
        }
        pn_outfile_abort(o);
    }
    return rc;
}

int pn_outfile_commit(pn_outfile *o, pn_err *err)
{
    return pn_outfile_commit_all(&o, 1, err);
}

void pn_outfile_abort(pn_outfile *o)
{
    if (!o) return;
    if (o->tmp) {
        if (o->fp) fclose(o->fp);
        if (!o->placed) unlink(o->tmp);
    }
    outfile_free(o);
}

int pn_ensure_dir(const char *dir, pn_err *err)
{
    if (mkdir(dir, 0777) == 0 || errno == EEXIST) return 0;
    return pn_err_set(err, PN_EIO, "cannot create directory %s: %s", dir, strerror(errno));
}

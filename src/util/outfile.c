/* outfile.c: temporary file + rename, so outputs appear whole or not at all. */
#define _GNU_SOURCE /* sync_file_range */
#include "util/outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <glib.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Temporary files in use, for the signal handler. A fixed table, so the handler
 * never sees memory that is being reallocated; a path is published only once it
 * is complete and withdrawn before it is freed. When the table is full a file
 * simply is not cleaned up after a signal. */
#define OUTFILE_SLOTS 2048
static char *volatile live[OUTFILE_SLOTS];

static void live_add(char *path)
{
    for (size_t i = 0; i < OUTFILE_SLOTS; i++)
        if (!live[i]) {
            live[i] = path;
            return;
        }
}

static void live_remove(const char *path)
{
    for (size_t i = 0; i < OUTFILE_SLOTS; i++)
        if (live[i] == path) live[i] = NULL;
}

static void on_signal(int sig)
{
    for (size_t i = 0; i < OUTFILE_SLOTS; i++)
        if (live[i]) unlink(live[i]);
    signal(sig, SIG_DFL);
    raise(sig);
}

void pn_outfile_install_signal_cleanup(void)
{
    const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t i = 0; i < G_N_ELEMENTS(sigs); i++) {
        struct sigaction old, sa = {0};
        /* Leave alone a signal the caller ignores (nohup) or handles itself. */
        if (sigaction(sigs[i], NULL, &old) != 0 || old.sa_handler != SIG_DFL) continue;
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        sigaction(sigs[i], &sa, NULL);
    }
    signal(SIGXFSZ, SIG_IGN); /* writes past `ulimit -f` then fail with EFBIG */
}

static void outfile_free(pn_outfile *o)
{
    if (o->tmp) live_remove(o->tmp);
    g_free(o->target);
    g_free(o->tmp);
    g_free(o);
}

/* Writes straight to a target that a rename cannot replace. */
static pn_outfile *open_direct(pn_outfile *o, pn_err *err)
{
    o->direct = true;
    if (strcmp(o->target, "-") == 0) {
        o->fp = stdout;
        return o;
    }
    o->fp = fopen(o->target, "wb");
    if (!o->fp) {
        pn_err_set(err, PN_EIO, "%s: %s", o->target, strerror(errno));
        outfile_free(o);
        return NULL;
    }
    return o;
}

pn_outfile *pn_outfile_open(const char *target, pn_err *err)
{
    pn_outfile *o = g_new0(pn_outfile, 1);
    o->target = g_strdup(target);
    mode_t mask = umask(0);
    umask(mask);
    o->mode = 0666 & ~mask;
    if (strcmp(target, "-") == 0) return open_direct(o, err);
    struct stat st;
    if (stat(target, &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            pn_err_set(err, PN_EIO, "%s: is a directory", target);
            outfile_free(o);
            return NULL;
        }
        if (!S_ISREG(st.st_mode)) return open_direct(o, err);
        o->mode = st.st_mode & 07777; /* a replaced file keeps its permissions */
    }
    char *dir = g_path_get_dirname(target);
    char *base = g_path_get_basename(target);
    char *tmp = g_strdup_printf("%s/.%s.XXXXXX", dir, base);
    g_free(base);
    int fd = g_mkstemp_full(tmp, O_WRONLY, 0600);
    if (fd < 0) {
        int e = errno;
        if (stat(dir, &st) != 0)
            pn_err_set(err, PN_EIO, "%s: the directory %s does not exist", target, dir);
        else
            pn_err_set(err, PN_EIO, "%s: cannot write here: %s", target, strerror(e));
        g_free(dir);
        g_free(tmp);
        outfile_free(o);
        return NULL;
    }
    g_free(dir);
    o->tmp = tmp;
    live_add(o->tmp);
    o->fp = fdopen(fd, "wb");
    if (!o->fp) {
        pn_err_set(err, PN_EIO, "%s: %s", target, strerror(errno));
        close(fd);
        unlink(o->tmp);
        outfile_free(o);
        return NULL;
    }
    return o;
}

bool pn_outfile_write(pn_outfile *o, const void *data, size_t n)
{
    errno = 0;
    if (fwrite(data, 1, n, o->fp) == n) return true;
    if (!o->error) o->error = errno ? errno : EIO;
    return false;
}

int pn_outfile_close(pn_outfile *o, pn_err *err)
{
    if (!o->fp) return 0;
    const char *what = strcmp(o->target, "-") == 0 ? "standard output" : o->target;
    errno = 0;
    bool bad = fflush(o->fp) != 0 || ferror(o->fp);
    int saved = o->error ? o->error : errno;
#ifdef SYNC_FILE_RANGE_WRITE
    /* Start writing to disk; pn_outfile_commit_all waits for it (syncing each
     * page of a pad here made every page wait for a journal commit of its own). */
    if (!o->direct && !bad) sync_file_range(fileno(o->fp), 0, 0, SYNC_FILE_RANGE_WRITE);
#else
    if (!o->direct && !bad && fsync(fileno(o->fp)) != 0) {
        bad = true;
        saved = errno;
    }
#endif
    if (o->fp != stdout) {
        if (fclose(o->fp) != 0 && !bad) {
            bad = true;
            saved = errno;
        }
    }
    o->fp = NULL;
    if (!bad) return 0;
    if (saved) return pn_err_set(err, PN_EIO, "%s: write failed: %s", what, strerror(saved));
    return pn_err_set(err, PN_EIO, "%s: write failed", what);
}

/* Renames a closed temporary file into place; on failure removes it. */
static int outfile_rename(pn_outfile *o, pn_err *err)
{
    if (o->direct) return 0;
    chmod(o->tmp, o->mode); /* mkstemp made it 0600 */
    if (rename(o->tmp, o->target) == 0) return 0;
    int saved = errno;
    unlink(o->tmp);
    return pn_err_set(err, PN_EIO, "%s: cannot replace the file: %s", o->target, strerror(saved));
}

int pn_outfile_commit(pn_outfile *o, pn_err *err)
{
    return pn_outfile_commit_all(&o, 1, err);
}

/* Waits until a closed temporary file is on disk. 0, or -1 with err. */
static int outfile_sync(const pn_outfile *o, pn_err *err)
{
#ifdef SYNC_FILE_RANGE_WRITE
    if (o->direct) return 0;
    int fd = open(o->tmp, O_WRONLY);
    int e = fd < 0 ? errno : fsync(fd) != 0 ? errno : 0;
    if (fd >= 0) close(fd);
    if (e) return pn_err_set(err, PN_EIO, "%s: write failed: %s", o->target, strerror(e));
#else
    (void)o;
    (void)err;
#endif
    return 0;
}

int pn_outfile_commit_all(pn_outfile **o, size_t n, pn_err *err)
{
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++)
        rc = pn_outfile_close(o[i], err);
    /* Every file is on its way to disk before any sync waits, and no rename has
     * touched the directory yet: the syncs then share the file system's work. */
    for (size_t i = 0; i < n && rc == 0; i++)
        rc = outfile_sync(o[i], err);
    for (size_t i = 0; i < n; i++) {
        if (rc == 0)
            rc = outfile_rename(o[i], err);
        else if (o[i]->tmp)
            unlink(o[i]->tmp);
        if (o[i]->fp && o[i]->fp != stdout) fclose(o[i]->fp);
        outfile_free(o[i]);
    }
    return rc;
}

void pn_outfile_abort(pn_outfile *o)
{
    if (!o) return;
    if (o->fp && o->fp != stdout) fclose(o->fp);
    if (o->tmp) unlink(o->tmp);
    outfile_free(o);
}

int pn_ensure_dir(const char *dir, pn_err *err)
{
    if (mkdir(dir, 0777) == 0 || errno == EEXIST) return 0;
    return pn_err_set(err, PN_EIO, "cannot create directory %s: %s", dir, strerror(errno));
}

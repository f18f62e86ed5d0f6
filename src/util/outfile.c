/* outfile.c: temporary file + rename, so outputs appear whole or not at all. */
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

int pn_outfile_commit(pn_outfile *o, pn_err *err)
{
    if (!o->tmp) {
        int bad = fflush(o->fp) != 0 || ferror(o->fp);
        outfile_free(o);
        return bad ? pn_err_set(err, PN_EIO, "writing to standard output failed") : 0;
    }
    int bad = fflush(o->fp) != 0 || ferror(o->fp) || fsync(fileno(o->fp)) != 0;
    int saved = errno;
    if (fclose(o->fp) != 0) bad = 1;
    o->fp = NULL;
    if (!bad) {
        /* mkstemp makes 0600; give the file the usual permissions. */
        mode_t mask = umask(0);
        umask(mask);
        chmod(o->tmp, 0666 & ~mask);
        if (rename(o->tmp, o->target) == 0) {
            outfile_free(o);
            return 0;
        }
        saved = errno;
    }
    unlink(o->tmp);
    pn_err_set(err, PN_EIO, "%s: write failed: %s", o->target, strerror(saved));
    outfile_free(o);
    return -1;
}

void pn_outfile_abort(pn_outfile *o)
{
    if (!o) return;
    if (o->tmp) {
        if (o->fp) fclose(o->fp);
        unlink(o->tmp);
    }
    outfile_free(o);
}

int pn_ensure_dir(const char *dir, pn_err *err)
{
    if (mkdir(dir, 0777) == 0 || errno == EEXIST) return 0;
    return pn_err_set(err, PN_EIO, "cannot create directory %s: %s", dir, strerror(errno));
}

/* readfile.c: whole files read within a size bound (see readfile.h). */
#include "util/readfile.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int too_large(gsize max, pn_err *err)
{
    return pn_err_set(err, PN_EINPUT, "larger than %" G_GSIZE_FORMAT " bytes", max);
}

/* Reads the stream f to its end, at most max bytes. */
static int read_stream(FILE *f, gsize max, char **data, gsize *len, pn_err *err)
{
    GString *s = g_string_sized_new(MIN(max, 65536) + 1);
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
        if (s->len + n > max) {
            g_string_free(s, TRUE);
            return too_large(max, err);
        }
        g_string_append_len(s, buf, (gssize)n);
    }
    if (ferror(f)) {
        int e = errno;
        g_string_free(s, TRUE);
        return pn_err_set(err, PN_EIO, "%s",
                          e == EISDIR ? "is a directory, not a file" : g_strerror(e));
    }
    *len = s->len;
    *data = g_string_free(s, FALSE);
    return 0;
}

int pn_read_regular(const char *path, gsize max, char **data, gsize *len, pn_err *err)
{
    *data = NULL;
    *len = 0;
    struct stat st;
    if (stat(path, &st) != 0) return pn_err_set(err, PN_EINPUT, "%s", g_strerror(errno));
    if (!S_ISREG(st.st_mode))
        return pn_err_set(err, PN_EINPUT,
                          S_ISDIR(st.st_mode) ? "is a directory, not a file"
                                              : "not a regular file (a FIFO or a device)");
    if ((gsize)st.st_size > max) return too_large(max, err);
    /* O_NONBLOCK: were it swapped for a FIFO since, opening would not wait */
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return pn_err_set(err, PN_EIO, "%s", g_strerror(errno));
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        return pn_err_set(err, PN_EINPUT, "not a regular file (a FIFO or a device)");
    }
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        close(fd);
        return pn_err_set(err, PN_EIO, "%s", g_strerror(errno));
    }
    int rc = read_stream(f, max, data, len, err);
    fclose(f);
    return rc;
}

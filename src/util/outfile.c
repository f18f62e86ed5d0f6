/* outfile.c: temporary file + rename, so outputs appear whole or not at all. */
#define _GNU_SOURCE /* sync_file_range */
#include "util/outfile.h"
#include "util/inputs.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef NAME_MAX
#define NAME_MAX 255
#endif
#define OUTFILE_MAX_LINKS 40     /* symbolic links followed, as the kernel does */
#define OUTFILE_SUFFIX ".XXXXXX" /* mkstemp's part of a temporary name */

/* Temporary files in use, for pn_outfile_remove_pending. A fixed table, so a
 * signal handler never sees memory that is being reallocated; slots are taken
 * and given back atomically, so outputs may be opened in several threads. A
 * path is published only once it is complete and withdrawn before it is freed.
 * When the table is full a file simply is not removed after a signal. */
#define OUTFILE_SLOTS 2048
static gpointer live[OUTFILE_SLOTS];

static void live_add(char *path)
{
    for (size_t i = 0; i < OUTFILE_SLOTS; i++)
        if (g_atomic_pointer_compare_and_exchange(&live[i], NULL, path)) return;
}

static void live_remove(const char *path)
{
    for (size_t i = 0; i < OUTFILE_SLOTS; i++)
        if (g_atomic_pointer_compare_and_exchange(&live[i], (gpointer)path, NULL)) return;
}

void pn_outfile_remove_pending(void)
{
    for (size_t i = 0; i < OUTFILE_SLOTS; i++) {
        const char *p = g_atomic_pointer_get(&live[i]);
        if (p) unlink(p);
    }
}

static void outfile_free(pn_outfile *o)
{
    if (o->tmp) live_remove(o->tmp);
    g_free(o->target);
    g_free(o->real);
    g_free(o->tmp);
    free(o->mem); /* open_memstream's, from malloc */
    g_free(o);
}

/* path with its symbolic links followed as far as they go: the file a write
 * through path lands in, which need not exist (a dangling link). NULL with
 * errno ELOOP for a loop. Only the last component is followed; the directories
 * on the way stay as written, and a rename in them works all the same. */
static char *follow_links(const char *path)
{
    char *p = g_strdup(path);
    for (int n = 0; n <= OUTFILE_MAX_LINKS; n++) {
        struct stat st;
        if (lstat(p, &st) != 0 || !S_ISLNK(st.st_mode)) return p;
        char *to = g_file_read_link(p, NULL);
        if (!to) return p;
        if (!g_path_is_absolute(to)) {
            char *dir = g_path_get_dirname(p);
            char *joined = g_build_filename(dir, to, NULL);
            g_free(dir);
            g_free(to);
            to = joined;
        }
        g_free(p);
        p = to;
    }
    g_free(p);
    errno = ELOOP;
    return NULL;
}

/* A regular file nobody may write (chmod a-w: also for root, whom access()
 * lets write anything), or this process may not. */
static bool read_only(const char *real, const struct stat *st)
{
    return S_ISREG(st->st_mode) &&
           ((st->st_mode & 0222) == 0 || (access(real, W_OK) != 0 && errno == EACCES));
}

bool pn_outfile_is_read_only(const char *path)
{
    char *real = follow_links(path);
    struct stat st;
    bool ro = real && stat(real, &st) == 0 && read_only(real, &st);
    g_free(real);
    return ro;
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

/* "dir/.name.XXXXXX" for real, the name cut (at a whole UTF-8 character) so the
 * temporary name stays within the directory's longest name. */
static char *temp_template(const char *real)
{
    char *dir = g_path_get_dirname(real);
    char *base = g_path_get_basename(real);
    long max = pathconf(dir, _PC_NAME_MAX);
    if (max <= 0 || max > 4096) max = NAME_MAX;
    size_t keep = strlen(base), room = (size_t)max - 1 - strlen(OUTFILE_SUFFIX);
    if (keep > room) {
        keep = room;
        while (keep > 0 && ((unsigned char)base[keep] & 0xC0) == 0x80)
            keep--;
    }
    char *tmp = g_strdup_printf("%s/.%.*s%s", dir, (int)keep, base, OUTFILE_SUFFIX);
    g_free(dir);
    g_free(base);
    return tmp;
}

/* Fails with err (and frees o) for targets a temporary file cannot replace:
 * a name too long for its directory. */
static bool name_fits(pn_outfile *o, pn_err *err)
{
    char *dir = g_path_get_dirname(o->real);
    char *base = g_path_get_basename(o->real);
    long max = pathconf(dir, _PC_NAME_MAX);
    if (max <= 0 || max > 4096) max = NAME_MAX;
    bool fits = strlen(base) <= (size_t)max;
    if (!fits) pn_err_set(err, PN_EIO, "%s: the name is longer than %ld bytes", o->target, max);
    g_free(dir);
    g_free(base);
    return fits;
}

/* 0, or -1 with err when o would replace a file the job reads. */
static int replaces_input(const pn_outfile *o, pn_err *err)
{
    const char *in = o->sink || o->direct ? NULL : pn_inputs_find(o->real);
    if (!in) return 0;
    return pn_err_set(err, PN_EUSAGE,
                      "%s would replace %s, which this command reads: give another output name",
                      o->target, in);
}

pn_outfile *pn_outfile_open_mem(const char *target, GPtrArray *sink, pn_err *err)
{
    pn_outfile *o = g_new0(pn_outfile, 1);
    o->target = g_strdup(target);
    o->direct = true;
    o->sink = sink;
    o->fp = open_memstream(&o->mem, &o->mem_len);
    if (!o->fp) {
        pn_err_set(err, PN_EIO, "%s: %s", target, strerror(errno));
        outfile_free(o);
        return NULL;
    }
    return o;
}

pn_outfile *pn_outfile_open_to(const char *target, unsigned flags, GPtrArray *sink, pn_err *err)
{
    return sink ? pn_outfile_open_mem(target, sink, err)
                : pn_outfile_open_flags(target, flags, err);
}

pn_outfile *pn_outfile_open(const char *target, pn_err *err)
{
    return pn_outfile_open_flags(target, 0, err);
}

pn_outfile *pn_outfile_open_flags(const char *target, unsigned flags, pn_err *err)
{
    pn_outfile *o = g_new0(pn_outfile, 1);
    o->target = g_strdup(target);
    mode_t mask = umask(0);
    umask(mask);
    o->mode = 0666 & ~mask;
    if (strcmp(target, "-") == 0) return open_direct(o, err);
    o->real = follow_links(target);
    if (!o->real) {
        pn_err_set(err, PN_EIO, "%s: %s", target, strerror(errno));
        outfile_free(o);
        return NULL;
    }
    struct stat st;
    if (stat(o->real, &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            pn_err_set(err, PN_EIO, "%s: is a directory", target);
            outfile_free(o);
            return NULL;
        }
        if (!S_ISREG(st.st_mode)) return open_direct(o, err);
        if (replaces_input(o, err)) {
            outfile_free(o);
            return NULL;
        }
        if (!(flags & PN_OUTFILE_FORCE) && read_only(o->real, &st)) {
            pn_err_set(err, PN_EIO, "%s: the file is read-only; it was left as it is", target);
            outfile_free(o);
            return NULL;
        }
        o->mode = st.st_mode & 07777; /* a replaced file keeps its permissions */
    }
    if (!name_fits(o, err)) {
        outfile_free(o);
        return NULL;
    }
    char *tmp = temp_template(o->real);
    int fd = g_mkstemp_full(tmp, O_WRONLY, 0600);
    if (fd < 0) {
        int e = errno;
        char *dir = g_path_get_dirname(o->real);
        if (stat(dir, &st) != 0)
            pn_err_set(err, PN_EIO, "%s: the directory %s does not exist", target, dir);
        else
            pn_err_set(err, PN_EIO, "%s: cannot write here: %s", target, strerror(e));
        g_free(dir);
        g_free(tmp);
        outfile_free(o);
        return NULL;
    }
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
    if (o->sink) {
        /* glib's allocator is malloc (glib >= 2.46): the GBytes frees it */
        g_ptr_array_add(o->sink, g_bytes_new_take(o->mem, o->mem_len));
        o->mem = NULL;
        return 0;
    }
    if (o->direct) return 0;
    chmod(o->tmp, o->mode); /* mkstemp made it 0600 */
    if (rename(o->tmp, o->real) == 0) return 0;
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
    /* the files the job read, images among them, are all known by now */
    for (size_t i = 0; i < n && rc == 0; i++)
        rc = replaces_input(o[i], err);
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

/* Splits path into its part before the extension and the extension (with its
 * dot, or ""): "out/x.png" -> "out/x", ".png". */
static void split_ext(const char *path, char **stem, const char **ext)
{
    const char *dot = strrchr(path, '.');
    const char *slash = strrchr(path, '/');
    if (!dot || (slash && dot < slash) || dot == (slash ? slash + 1 : path))
        dot = path + strlen(path);
    *stem = g_strndup(path, (gsize)(dot - path));
    *ext = dot;
}

static int digits(int n)
{
    int d = 1;
    while (n >= 10) {
        n /= 10;
        d++;
    }
    return d;
}

int pn_outfile_pages_check(const char *path, int pages, const char *what, pn_err *err)
{
    struct stat st;
    if (pages < 2 || !path || stat(path, &st) != 0 || S_ISREG(st.st_mode)) return 0;
    char *first = pn_outfile_page_path(path, 1, pages);
    pn_err_set(err, PN_EUSAGE,
               "%s is %s, and the %d pages of %s are files of their own named after it (%s, "
               "...): give a file name",
               path, S_ISDIR(st.st_mode) ? "a directory" : "not a regular file", pages, what,
               first);
    g_free(first);
    return -1;
}

char *pn_outfile_page_path(const char *path, int page, int pages)
{
    if (pages <= 1) return g_strdup(path);
    char *stem;
    const char *ext;
    split_ext(path, &stem, &ext);
    char *p = g_strdup_printf("%s-%0*d%s", stem, digits(pages), page, ext);
    g_free(stem);
    return p;
}

static int by_name(gconstpointer a, gconstpointer b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

GPtrArray *pn_outfile_stale_pages(const char *path, int pages)
{
    GPtrArray *stale = g_ptr_array_new_with_free_func(g_free);
    if (!strcmp(path, "-")) return stale;
    char *stem;
    const char *ext;
    split_ext(path, &stem, &ext);
    char *dir = g_path_get_dirname(path);
    const char *slash = strrchr(stem, '/');
    char *prefix = g_strndup(path, slash ? (gsize)(slash + 1 - stem) : 0); /* "out/" */
    char *name = g_strdup(slash ? slash + 1 : stem);                       /* "x" */
    size_t nlen = strlen(name), elen = strlen(ext);
    int width = digits(pages);
    GDir *d = g_dir_open(dir, 0, NULL);
    for (const char *n; d && (n = g_dir_read_name(d));) {
        size_t len = strlen(n);
        if (pages > 1 && len == nlen + elen && !strncmp(n, name, nlen) && !strcmp(n + nlen, ext)) {
            g_ptr_array_add(stale, g_strconcat(prefix, n, NULL));
            continue;
        }
        /* name-K.ext with K digits */
        if (len < nlen + 2 + elen || strncmp(n, name, nlen) || n[nlen] != '-' ||
            strcmp(n + len - elen, ext))
            continue;
        const char *k = n + nlen + 1, *kend = n + len - elen;
        bool all_digits = true;
        for (const char *c = k; c < kend; c++)
            all_digits = all_digits && g_ascii_isdigit(*c);
        if (!all_digits) continue;
        int kw = (int)(kend - k);
        long kv = kw <= 9 ? strtol(k, NULL, 10) : LONG_MAX;
        bool ours = pages > 1 && kw == width && kv >= 1 && kv <= pages;
        if (!ours) g_ptr_array_add(stale, g_strconcat(prefix, n, NULL));
    }
    if (d) g_dir_close(d);
    g_ptr_array_sort(stale, by_name);
    g_free(stem);
    g_free(dir);
    g_free(prefix);
    g_free(name);
    return stale;
}

int pn_ensure_dir(const char *dir, pn_err *err)
{
    if (mkdir(dir, 0777) == 0 || errno == EEXIST) return 0;
    return pn_err_set(err, PN_EIO, "cannot create directory %s: %s", dir, strerror(errno));
}

/* fuzz_util.h: helpers shared by the libFuzzer harnesses: directives carried in
 * YAML comment lines of the input, and the checks every error message must pass
 * (a failure here aborts, which the fuzzer reports as a crash). */
#ifndef PN_FUZZ_UTIL_H
#define PN_FUZZ_UTIL_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"

/* Harnesses define this; fuzz/replay.c and libFuzzer call it. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input as a NUL-terminated string (the YAML loaders take a length, but
 * the directives are read with string functions). Caller g_free()s. */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
    char *s = g_malloc(size + 1);
    memcpy(s, data, size);
    s[size] = '\0';
    return s;
}

/* Makes data the process's standard input (the readers take "-"); returns the
 * stream to give back to fuzz_stdin_pop. fmemopen refuses an empty buffer, so
 * an empty input is /dev/null. */
static inline FILE *fuzz_stdin_push(const uint8_t *data, size_t size)
{
    FILE *saved = stdin;
    stdin = size ? fmemopen((void *)data, size, "rb") : fopen("/dev/null", "rb");
    if (!stdin) abort();
    return saved;
}

static inline void fuzz_stdin_pop(FILE *saved)
{
    fclose(stdin);
    stdin = saved;
}

/* Lines "#NAME VALUE" (YAML comments, so the input stays a valid template) are
 * directives to the harness. Returns the values of every "#name " line, at most
 * max of them (NULL-terminated, caller g_strfreev()s). Stops at the first NUL. */
static inline char **fuzz_directives(const char *text, const char *name, int max)
{
    GPtrArray *out = g_ptr_array_new();
    size_t nl = strlen(name);
    for (const char *p = text; p && *p && (int)out->len < max;) {
        const char *end = strchr(p, '\n');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len > nl + 1 && p[0] == '#' && !strncmp(p + 1, name, nl) && p[nl + 1] == ' ')
            g_ptr_array_add(out, g_strndup(p + nl + 2, len - nl - 2));
        p = end ? end + 1 : NULL;
    }
    g_ptr_array_add(out, NULL);
    return (char **)g_ptr_array_free(out, FALSE);
}

/* True when a "#name" line (with or without a value) is present. */
static inline bool fuzz_flag(const char *text, const char *name)
{
    char **v = fuzz_directives(text, name, 1);
    bool found = v[0] != NULL;
    g_strfreev(v);
    if (found) return true;
    size_t nl = strlen(name);
    for (const char *p = text; p && *p;) {
        if (p[0] == '#' && !strncmp(p + 1, name, nl) && (p[nl + 1] == '\n' || !p[nl + 1]))
            return true;
        p = strchr(p, '\n');
        if (p) p++;
    }
    return false;
}

/* An error message must be one non-empty line of valid UTF-8 that starts with
 * prefix (a file name, "setting ", ...; NULL: any), and the status must be one of
 * the documented exit codes. Anything else is a bug worth a crash report. */
static inline void fuzz_check_err(const pn_err *err, const char *prefix)
{
    const char *m = err->msg;
    bool ok = err->status >= PN_EINPUT && err->status <= PN_EIO && m[0] && !strchr(m, '\n') &&
              g_utf8_validate(m, -1, NULL) && (!prefix || g_str_has_prefix(m, prefix));
    if (!ok) {
        fprintf(stderr, "fuzz: bad error (status %d): '%s'\n", (int)err->status, m);
        abort();
    }
}

/* A private directory for the files a harness must write (an image, a font
 * and the template naming it), made on first use and removed with whatever
 * is left in it when the process exits. Inputs never choose a path: the
 * harness names every file it writes there. */
static char *fuzz_tmpdir_path;

/* Removes the files in the private directory, which stays. */
static inline void fuzz_tmpdir_empty(void)
{
    GDir *d = fuzz_tmpdir_path ? g_dir_open(fuzz_tmpdir_path, 0, NULL) : NULL;
    for (const char *n; d && (n = g_dir_read_name(d));) {
        char *p = g_build_filename(fuzz_tmpdir_path, n, NULL);
        remove(p);
        g_free(p);
    }
    if (d) g_dir_close(d);
}

static inline void fuzz_tmpdir_remove(void)
{
    fuzz_tmpdir_empty();
    remove(fuzz_tmpdir_path);
}

static inline const char *fuzz_tmpdir(void)
{
    if (!fuzz_tmpdir_path) {
        if (!(fuzz_tmpdir_path = g_dir_make_tmp("pnpkit-fuzz-XXXXXX", NULL))) abort();
        atexit(fuzz_tmpdir_remove);
    }
    return fuzz_tmpdir_path;
}

/* Writes size bytes of data to the file name in fuzz_tmpdir(); returns its
 * path (caller g_free()s). */
static inline char *fuzz_write_file(const char *name, const void *data, size_t size)
{
    char *path = g_build_filename(fuzz_tmpdir(), name, NULL);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f)) abort();
    return path;
}

/* The threads this process has now (the entries of /proc/self/task). */
static inline int fuzz_thread_count(void)
{
    GDir *d = g_dir_open("/proc/self/task", 0, NULL);
    int n = 0;
    while (d && g_dir_read_name(d))
        n++;
    if (d) g_dir_close(d);
    return n;
}

/* Waits, for at most a second, until the process is back to n threads.
 * pango 1.50 matches and sorts fonts in threads it starts for each new font
 * map and pattern (g_thread_new), which end on their own just after the
 * match is used. A leak search that runs while one of them is ending does
 * not see the block glib keeps for that thread's slices (2 032 bytes, freed
 * by the thread's exit) and reports it lost; libFuzzer searches right after
 * an input returns, so the harnesses that set text wait here. A thread a
 * library keeps for good (librsvg's pool for SVG filters) costs one wait of
 * a second; the inputs after it count from the higher number. */
static inline void fuzz_wait_for_threads(int n)
{
    gint64 end = g_get_monotonic_time() + G_USEC_PER_SEC;
    while (fuzz_thread_count() > n && g_get_monotonic_time() < end)
        g_usleep(100);
}

#endif

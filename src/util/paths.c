/* paths.c: the installed data directory (relative to the binary), the user's
 * template directory, and the files a confined template may read. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "util/paths.h"

#include <errno.h>
#include <stdbool.h>
#include <glib.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* PREFIX/share/pnpkit when the running binary is PREFIX/bin/pnpkit and that
 * directory exists; NULL otherwise. */
static char *datadir_from_exe(void)
{
    char *exe = g_file_read_link("/proc/self/exe", NULL);
    if (!exe) return NULL;
    char *bin = g_path_get_dirname(exe);
    char *base = g_path_get_basename(bin);
    char *dir = NULL;
    if (g_str_equal(base, "bin")) {
        char *prefix = g_path_get_dirname(bin);
        dir = g_build_filename(prefix, "share", "pnpkit", NULL);
        g_free(prefix);
        if (!g_file_test(dir, G_FILE_TEST_IS_DIR)) {
            g_free(dir);
            dir = NULL;
        }
    }
    g_free(base);
    g_free(bin);
    g_free(exe);
    return dir;
}

/* Each directory is worked out once (g_once_init: thread-safe) and never
 * changes afterwards. */
const char *pn_paths_datadir(void)
{
    static char *dir;
    if (g_once_init_enter(&dir)) {
        const char *env = getenv("PNPKIT_DATADIR");
        char *d;
        if (env && *env)
            d = g_strdup(env);
        else if (!(d = datadir_from_exe()))
            d = g_strdup(PNPKIT_DATADIR);
        g_once_init_leave(&dir, d);
    }
    return dir;
}

const char *pn_paths_installed_templates(void)
{
    static char *dir;
    if (g_once_init_enter(&dir))
        g_once_init_leave(&dir, g_build_filename(pn_paths_datadir(), "templates", NULL));
    return dir;
}

const char *pn_paths_user_templates(void)
{
    static char *dir;
    if (g_once_init_enter(&dir))
        g_once_init_leave(&dir,
                          g_build_filename(g_get_user_data_dir(), "pnpkit", "templates", NULL));
    return dir;
}

char *pn_paths_beside(const char *dir, const char *name, const char **why)
{
    static const char refused[] =
        "a saved template reads only files beside it in its folder (no absolute path, "
        "no '..', no symbolic link)";
    *why = refused;
    if (!*name || g_path_is_absolute(name) || name[0] == '~') return NULL;
    char **parts = g_strsplit(name, "/", -1);
    char *path = g_strdup(dir);
    bool ok = true;
    for (char **p = parts; ok && *p; p++) {
        if (!**p || !strcmp(*p, "..") || !strcmp(*p, ".")) {
            ok = false;
            break;
        }
        char *next = g_build_filename(path, *p, NULL);
        g_free(path);
        path = next;
        struct stat st;
        /* a missing file is left for the reader to report */
        if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) ok = false;
    }
    g_strfreev(parts);
    if (!ok) {
        g_free(path);
        return NULL;
    }
    *why = NULL;
    return path;
}

char *pn_paths_inside(const char *dir, const char *name, const char **why)
{
    static const char refused[] = "a template reads only files in its own folder and the "
                                  "folders below it (no absolute path, no '..', no link "
                                  "leading out)";
    *why = refused;
    if (!*name || g_path_is_absolute(name) || name[0] == '~') return NULL;
    char **parts = g_strsplit(name, "/", -1);
    bool ok = true;
    for (char **p = parts; ok && *p; p++)
        ok = strcmp(*p, "..") != 0;
    g_strfreev(parts);
    if (!ok) return NULL;
    char *path = strcmp(dir, ".") ? g_build_filename(dir, name, NULL) : g_strdup(name);
    /* A missing file is left for the reader to report; any other failure
     * to resolve refuses the name: glibc's realpath gives up on a path that
     * grows past PATH_MAX through links, where open() still follows them. */
    errno = 0;
    char *real = realpath(path, NULL);
    int why_real = errno;
    char *base = realpath(dir, NULL);
    if (!real) {
        ok = why_real == ENOENT;
    } else if (!base) {
        ok = false;
    } else {
        size_t n = strlen(base);
        ok = !strcmp(base, "/") || (!strncmp(real, base, n) && real[n] == '/');
    }
    free(real);
    free(base);
    if (!ok) {
        g_free(path);
        return NULL;
    }
    *why = NULL;
    return path;
}

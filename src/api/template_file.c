/* template_file.c: templates as files through the public interface: the
 * names a user may pick from, a listed template's text, and saving a
 * template into the user's template directory (pnpkit_template_names,
 * pnpkit_template_source, pnpkit_template_save). Only names from the list
 * are read: a name is never taken as a path here. */
#include <errno.h>
#include <fcntl.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "api/api.h"
#include "pnpkit.h"
#include "template/tmpl.h"
#include "util/paths.h"
#include "util/resources.h"
#include "util/yml.h"

#define SAVE_NAME_MAX 64

char **pnpkit_template_names(pnpkit_ctx *ctx)
{
    (void)ctx;
    GPtrArray *list = tmpl_list();
    GPtrArray *v = g_ptr_array_new();
    for (guint i = 0; i < list->len; i++)
        g_ptr_array_add(v, g_strdup(((const tmpl_entry *)g_ptr_array_index(list, i))->name));
    g_ptr_array_add(v, NULL);
    g_ptr_array_unref(list);
    return (char **)g_ptr_array_free(v, FALSE);
}

/* The list's entry called name, or NULL. The entry belongs to list. */
static const tmpl_entry *find_entry(GPtrArray *list, const char *name)
{
    for (guint i = 0; name && i < list->len; i++) {
        const tmpl_entry *e = g_ptr_array_index(list, i);
        if (!strcmp(e->name, name)) return e;
    }
    return NULL;
}

pnpkit_buffer *pnpkit_template_source(pnpkit_ctx *ctx, const char *name, pnpkit_error *err)
{
    (void)ctx;
    pn_err e = {0};
    pnpkit_buffer *b = NULL;
    GPtrArray *list = tmpl_list();
    const tmpl_entry *found = find_entry(list, name);
    if (!found) {
        pn_err_set(&e, PN_EINPUT, "%s: no such template", name ? name : "");
    } else if (!strcmp(found->origin, "built-in")) {
        const pn_resource *res = pn_resource_find(found->path);
        if (res)
            b = api_buffer_of_string(g_string_new_len((const char *)res->data, (gssize)res->len));
        else
            pn_err_set(&e, PN_EIO, "%s: missing from the program", found->path);
    } else {
        char *data;
        gsize len;
        GError *ge = NULL;
        GStatBuf sb;
        if (g_stat(found->path, &sb) == 0 && sb.st_size > (goffset)PN_YML_MAX_BYTES) {
            pn_err_set(&e, PN_EINPUT, "%s: file too large (more than %u bytes)", found->path,
                       PN_YML_MAX_BYTES);
        } else if (g_file_get_contents(found->path, &data, &len, &ge)) {
            b = api_buffer_take(data, len); /* GLib adds the NUL */
        } else {
            pn_err_set(&e, PN_EIO, "%s", ge->message);
            g_error_free(ge);
        }
    }
    g_ptr_array_unref(list);
    if (!b) api_error_from(&e, err);
    return b;
}

/* A name the user may save under: letters, digits, '-' and '_', not first. */
static bool save_name_ok(const char *name)
{
    size_t n = name ? strlen(name) : 0;
    if (n == 0 || n > SAVE_NAME_MAX || !g_ascii_isalnum(name[0])) return false;
    for (const char *p = name; *p; p++)
        if (!g_ascii_isalnum(*p) && *p != '-' && *p != '_') return false;
    return true;
}

static int check_save_name(const char *name, pn_err *err)
{
    if (!save_name_ok(name))
        return pn_err_set(err, PN_EUSAGE,
                          "'%s' is not a template name (letters, digits, '-' and '_', at most %d)",
                          name ? name : "", SAVE_NAME_MAX);
    /* by case too: CIRCLE36.yaml and circle36.yaml are one file where
     * names ignore case */
    char **builtins = tmpl_builtin_names();
    const char *builtin = NULL;
    for (char **b = builtins; *b && !builtin; b++)
        if (!g_ascii_strcasecmp(*b, name)) builtin = *b;
    int rc =
        builtin ? pn_err_set(err, PN_EUSAGE,
                             "%s is a built-in template; save the copy under another name", builtin)
                : 0;
    g_strfreev(builtins);
    if (rc) return rc;
    return 0;
}

/* Writes len bytes of text as `file` in the directory dir, never through
 * a symbolic link: the directory is opened once and everything is done
 * relative to it (openat, renameat), an existing `file` that is not a
 * regular file (a symbolic link, dangling or not) is refused, and the text
 * goes to a new temporary file (O_EXCL | O_NOFOLLOW) that is synced and
 * renamed over `file`, so the file is replaced whole or not at all. */
static int save_beside(const char *dir, const char *file, const char *text, size_t len, pn_err *err)
{
    int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd < 0) return pn_err_set(err, PN_EIO, "%s: %s", dir, strerror(errno));
    struct stat st;
    if (fstatat(dfd, file, &st, AT_SYMLINK_NOFOLLOW) == 0 && !S_ISREG(st.st_mode)) {
        close(dfd);
        return pn_err_set(
            err, PN_EUSAGE, "%s/%s is %s, not a template file; remove it to save under this name",
            dir, file, S_ISLNK(st.st_mode) ? "a symbolic link" : "not a regular file");
    }
    char tmp[SAVE_NAME_MAX + 32];
    int fd = -1;
    for (int i = 0; fd < 0 && i < 100; i++) {
        snprintf(tmp, sizeof tmp, ".%s.%08x", file, g_random_int());
        fd = openat(dfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST) break;
    }
    if (fd < 0) {
        int e = errno;
        close(dfd);
        return pn_err_set(err, PN_EIO, "%s: %s", dir, strerror(e));
    }
    int rc = 0;
    for (size_t done = 0; !rc && done < len;) {
        ssize_t n = write(fd, text + done, len - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0)
            rc = pn_err_set(err, PN_EIO, "%s/%s: %s", dir, file, strerror(n < 0 ? errno : EIO));
        else
            done += (size_t)n;
    }
    if (!rc && fsync(fd) != 0)
        rc = pn_err_set(err, PN_EIO, "%s/%s: %s", dir, file, strerror(errno));
    if (close(fd) != 0 && !rc)
        rc = pn_err_set(err, PN_EIO, "%s/%s: %s", dir, file, strerror(errno));
    if (!rc && renameat(dfd, tmp, dfd, file) != 0)
        rc = pn_err_set(err, PN_EIO, "%s/%s: %s", dir, file, strerror(errno));
    if (rc) unlinkat(dfd, tmp, 0);
    close(dfd);
    return rc;
}

int pnpkit_template_save(pnpkit_ctx *ctx, const char *name, const char *text, size_t len,
                         pnpkit_error *err)
{
    (void)ctx;
    pn_err e = {0};
    int rc = check_save_name(name, &e);
    if (!rc && !text) rc = pn_err_set(&e, PN_EUSAGE, "no template text given");
    if (!rc && memchr(text, '\0', len))
        rc = pn_err_set(&e, PN_EUSAGE, "the template text holds a NUL byte");
    const char *dir = pn_paths_user_templates();
    char *file = g_strdup_printf("%s.yaml", name ? name : "");
    if (!rc && g_mkdir_with_parents(dir, 0777) != 0)
        rc = pn_err_set(&e, PN_EIO, "cannot create %s: %s", dir, strerror(errno));
    /* checked as the saved template it becomes: it may read the files
     * beside it in the folder (data, fonts, images), and nothing else */
    tmpl *t = rc ? NULL : tmpl_load_buffer_saved("template.yaml", dir, text, len, &e);
    if (!rc && !t) {
        /* the files it reads are named within the folder, as the text
         * names them ("data: cannot read missing.csv: ..."), never by the
         * folder's path: the text may come from a browser on another
         * machine */
        pn_err_drop_dir(e.msg, dir);
        rc = -1;
    }
    tmpl_free(t);
    if (!rc) rc = save_beside(dir, file, text, len, &e);
    g_free(file);
    if (rc) api_error_from(&e, err);
    return rc;
}

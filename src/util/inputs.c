/* inputs.c: the files a job reads, kept by device and inode (see inputs.h). */
#include "util/inputs.h"
#include <glib.h>
#include <stdint.h>
#include <sys/stat.h>

struct pn_inputs {
    GHashTable *names; /* "dev:ino" -> the path it was read by */
};

static _Thread_local pn_inputs *current;

pn_inputs *pn_inputs_new(void)
{
    pn_inputs *in = g_new0(pn_inputs, 1);
    in->names = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    return in;
}

void pn_inputs_free(pn_inputs *in)
{
    if (!in) return;
    if (current == in) current = NULL;
    g_hash_table_destroy(in->names);
    g_free(in);
}

pn_inputs *pn_inputs_use(pn_inputs *in)
{
    pn_inputs *was = current;
    current = in;
    return was;
}

/* The key of a regular file, or NULL. Caller frees. */
static char *file_key(const char *path)
{
    struct stat st;
    if (!path || stat(path, &st) != 0 || !S_ISREG(st.st_mode)) return NULL;
    return g_strdup_printf("%ju:%ju", (uintmax_t)st.st_dev, (uintmax_t)st.st_ino);
}

void pn_inputs_note(const char *path)
{
    if (!current) return;
    char *key = file_key(path);
    if (!key) return;
    if (g_hash_table_contains(current->names, key))
        g_free(key);
    else
        g_hash_table_insert(current->names, key, g_strdup(path));
}

char **pn_inputs_paths(const pn_inputs *in)
{
    GPtrArray *a = g_ptr_array_new();
    GHashTableIter it;
    gpointer path;
    g_hash_table_iter_init(&it, in->names);
    while (g_hash_table_iter_next(&it, NULL, &path))
        g_ptr_array_add(a, g_strdup(path));
    g_ptr_array_sort(a, (GCompareFunc)(void (*)(void))g_strcmp0);
    g_ptr_array_add(a, NULL);
    return (char **)g_ptr_array_free(a, FALSE);
}

const char *pn_inputs_find(const char *path)
{
    if (!current) return NULL;
    char *key = file_key(path);
    const char *name = key ? g_hash_table_lookup(current->names, key) : NULL;
    g_free(key);
    return name;
}

/* warnings.c: gathering and printing lint findings (see warnings.h). */
#include "cli/warnings.h"

#include <glib.h>

struct cli_warnings {
    const char *file;
    int sheet;
    int total;
    GHashTable *seen; /* "line:col:kind" -> index */
    GPtrArray *lines; /* char*: the first message of each */
    GArray *counts;   /* int */
};

cli_warnings *cli_warnings_new(const char *file)
{
    cli_warnings *w = g_new0(cli_warnings, 1);
    w->file = file;
    w->seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    w->lines = g_ptr_array_new_with_free_func(g_free);
    w->counts = g_array_new(FALSE, FALSE, sizeof(int));
    return w;
}

void cli_warnings_free(cli_warnings *w)
{
    if (!w) return;
    g_hash_table_destroy(w->seen);
    g_ptr_array_free(w->lines, TRUE);
    g_array_free(w->counts, TRUE);
    g_free(w);
}

int *cli_warnings_sheet(cli_warnings *w)
{
    return &w->sheet;
}

void cli_warnings_collect(void *user, int line, int col, const char *kind, const char *msg)
{
    cli_warnings *w = user;
    w->total++;
    char *key = g_strdup_printf("%d:%d:%s", line, col, kind);
    gpointer idx;
    if (g_hash_table_lookup_extended(w->seen, key, NULL, &idx)) {
        g_array_index(w->counts, int, GPOINTER_TO_INT(idx))++;
        g_free(key);
        return;
    }
    g_hash_table_insert(w->seen, key, GINT_TO_POINTER((int)w->lines->len));
    char *where = line > 0 ? g_strdup_printf("%s:%d:%d", w->file, line, col) : g_strdup(w->file);
    char *sheet = w->sheet > 1 ? g_strdup_printf(" (sheet %d)", w->sheet) : g_strdup("");
    g_ptr_array_add(w->lines, g_strdup_printf("%s: warning: %s%s%s", where, msg, sheet,
                                              line > 0 ? "" : " (the page, not a component)"));
    g_free(where);
    g_free(sheet);
    int one = 1;
    g_array_append_val(w->counts, one);
}

int cli_warnings_print(const cli_warnings *w, FILE *fp)
{
    for (guint i = 0; i < w->lines->len; i++) {
        int n = g_array_index(w->counts, int, i);
        if (n > 1)
            fprintf(fp, "%s (and %d more like it)\n", (char *)g_ptr_array_index(w->lines, i),
                    n - 1);
        else
            fprintf(fp, "%s\n", (char *)g_ptr_array_index(w->lines, i));
    }
    return w->total;
}

/* warnings.c: gathering and printing lint findings (see warnings.h). */
#include "cli/warnings.h"
#include "cli/cli.h"

#include <glib.h>
#include <string.h>

/* The first finding of a place and kind. */
typedef struct warning {
    char *file; /* the place's file when not the document's, or NULL */
    int line, col;
    char *text; /* the message with its sheet */
    int count;
} warning;

struct cli_warnings {
    int total;
    GHashTable *seen; /* "line:col:kind" -> index */
    GArray *items;    /* warning */
};

static void warning_clear(void *p)
{
    g_free(((warning *)p)->text);
    g_free(((warning *)p)->file);
}

cli_warnings *cli_warnings_new(void)
{
    cli_warnings *w = g_new0(cli_warnings, 1);
    w->seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    w->items = g_array_new(FALSE, FALSE, sizeof(warning));
    g_array_set_clear_func(w->items, warning_clear);
    return w;
}

void cli_warnings_free(cli_warnings *w)
{
    if (!w) return;
    g_hash_table_destroy(w->seen);
    g_array_free(w->items, TRUE);
    g_free(w);
}

void cli_warnings_collect(void *user, const pnpkit_finding *f)
{
    cli_warnings *w = user;
    w->total++;
    char *key = g_strdup_printf("%s:%d:%d:%s", f->file ? f->file : "", f->line, f->col, f->kind);
    gpointer idx;
    if (g_hash_table_lookup_extended(w->seen, key, NULL, &idx)) {
        g_array_index(w->items, warning, GPOINTER_TO_INT(idx)).count++;
        g_free(key);
        return;
    }
    g_hash_table_insert(w->seen, key, GINT_TO_POINTER((int)w->items->len));
    char *sheet = f->sheet > 1 ? g_strdup_printf(" (sheet %d)", f->sheet) : g_strdup("");
    char msg[1024]; /* in the command line's words ("--mono") */
    g_strlcpy(msg, f->message, sizeof msg);
    cli_option_words(msg, sizeof msg);
    warning one = {.file = g_strdup(f->file),
                   .line = f->line,
                   .col = f->col,
                   .text = g_strdup_printf("%s%s%s", msg, sheet,
                                           f->line > 0 || g_str_has_suffix(f->kind, "-limit")
                                               ? ""
                                               : " (the page, not a component)"),
                   .count = 1};
    g_free(sheet);
    g_array_append_val(w->items, one);
}

int cli_warnings_print(const cli_warnings *w, const char *file, FILE *fp)
{
    for (guint i = 0; i < w->items->len; i++) {
        const warning *x = &g_array_index(w->items, warning, i);
        const char *in = x->file ? x->file : file;
        if (x->line > 0)
            fprintf(fp, "%s:%d:%d: warning: %s", in, x->line, x->col, x->text);
        else
            fprintf(fp, "%s: warning: %s", in, x->text);
        if (x->count > 1)
            fprintf(fp, " (and %d more like it)\n", x->count - 1);
        else
            fputc('\n', fp);
    }
    return w->total;
}

void cli_warnings_collect_paper(void *user, const pnpkit_finding *f)
{
    if (!strcmp(f->kind, "no scan marks")) cli_warnings_collect(user, f);
}

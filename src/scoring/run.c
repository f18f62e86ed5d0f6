/* run.c: scoring a stream of sheets for one game and drawing the completed
 * sheets through the game's registry entry (scoring.h). */
#include <string.h>
#include "scene/fill.h"
#include "scoring/scoring.h"

typedef struct page_ref {
    int sheet, page; /* which kept sheet, which of its pages */
} page_ref;

struct score_run {
    const score_game *g;
    bool keep, json, as_read;
    tmpl *t;
    void *config;
    void *scratch;    /* the sheet block reused when sheets are not kept */
    GPtrArray *kept;  /* sheet blocks, with keep */
    GPtrArray *where; /* "FILE:LINE:1" of each kept sheet's first line */
    GArray *pages;    /* page_ref: which sheet (and page of it) each page shows */
    int nsheets;      /* sheets scored so far */
    int prepared;     /* the page the template's parameters are set for, or -1 */
};

static void free_sheet(const score_game *g, void *sheet)
{
    if (!sheet) return;
    if (g->clear) g->clear(sheet);
    g_free(sheet);
}

void score_run_free(score_run *r)
{
    if (!r) return;
    if (r->kept) {
        for (guint i = 0; i < r->kept->len; i++)
            free_sheet(r->g, g_ptr_array_index(r->kept, i));
        g_ptr_array_free(r->kept, TRUE);
    }
    if (r->where) g_ptr_array_free(r->where, TRUE);
    free_sheet(r->g, r->scratch);
    if (r->pages) g_array_free(r->pages, TRUE);
    tmpl_free(r->t);
    g_free(r->config);
    g_free(r);
}

static int open_template(score_run *r, const score_run_opts *o, pn_err *err)
{
    const score_game *g = r->g;
    if (o->template_text)
        r->t = tmpl_load_buffer(o->template_path ? o->template_path : "template.yaml",
                                o->template_text, o->template_len, err);
    else
        r->t = tmpl_open(o->template_path ? o->template_path : g->template_name, err);
    if (!r->t) return -1;
    if (r->t->game && strcmp(r->t->game, g->name))
        return pn_err_set(err, PN_EINPUT, "%s: the template is for %s, not %s", r->t->file,
                          r->t->game, g->name);
    for (size_t i = 0; i < o->nsets; i++)
        if (tmpl_set(r->t, o->sets[i], err)) return -1;
    return tmpl_resolve(r->t, err);
}

score_run *score_run_new(const score_game *g, const score_run_opts *o, pn_err *err)
{
    score_run *r = g_new0(score_run, 1);
    r->g = g;
    r->keep = o->keep;
    r->json = o->json;
    r->as_read = o->as_read;
    r->prepared = -1;
    r->config = g_malloc0(g->config_size ? g->config_size : 1);
    r->kept = g_ptr_array_new();
    r->where = g_ptr_array_new_with_free_func(g_free);
    r->pages = g_array_new(FALSE, FALSE, sizeof(page_ref));
    bool use = o->template_path || o->template_text || o->nsets || o->use_template || o->keep;
    if ((use && open_template(r, o, err)) || (g->configure && g->configure(r->t, r->config, err))) {
        score_run_free(r);
        return NULL;
    }
    return r;
}

int score_run_sheet(score_run *r, const yml_doc *d, GString *out, pn_err *err)
{
    const score_game *g = r->g;
    void *sheet = r->keep ? g_malloc0(g->sheet_size) : r->scratch;
    if (!sheet)
        sheet = r->scratch = g_malloc0(g->sheet_size);
    else if (!r->keep && g->clear)
        g->clear(sheet);
    if (g->load(r->config, d, sheet, err)) {
        if (r->keep) free_sheet(g, sheet);
        return -1;
    }
    g->score(sheet);
    if (!r->json && r->nsheets > 0) g_string_append_c(out, '\n');
    if (r->json) {
        (r->as_read ? g->sheet_json : g->report_json)(out, sheet);
        g_string_append_c(out, '\n');
    } else {
        g->report_table(out, sheet);
    }
    r->nsheets++;
    if (!r->keep) return 0;
    g_ptr_array_add(r->kept, sheet);
    g_ptr_array_add(r->where, g_strdup_printf("%s:%d:1", d->file, d->line0 + 1));
    int n = g->pages(sheet);
    for (int p = 0; p < n; p++) {
        if (r->pages->len >= SCORE_MAX_PAGES)
            return pn_err_at(err, d->file, d->line0 + 1, 1,
                             "the completed sheets would take more than %d pages: complete "
                             "them in several files",
                             SCORE_MAX_PAGES);
        page_ref ref = {(int)r->kept->len - 1, p};
        g_array_append_val(r->pages, ref);
    }
    return 0;
}

int score_run_stream(score_run *r, yml_docs *docs, GString *out,
                     int (*each_sheet)(void *user, GString *out, pn_err *err), void *user,
                     pn_err *err)
{
    yml_doc d;
    int rc, n = 0;
    while ((rc = yml_docs_next(docs, &d, err)) == 1) {
        if (score_run_sheet(r, &d, out, err)) return -1;
        if (each_sheet) {
            if (each_sheet(user, out, err)) return -1;
            g_string_truncate(out, 0);
        }
        n++;
    }
    if (rc < 0) return -1;
    if (n == 0) return pn_err_at(err, yml_docs_name(docs), 1, 1, "no sheet in the file");
    return n;
}

int score_run_pages(const score_run *r)
{
    return (int)r->pages->len;
}

tmpl *score_run_template(score_run *r)
{
    return r->t;
}

/* An error while the template is set up for a sheet or filled with it,
 * given its place: a slot the template lacks is the template's fault;
 * anything else (a set too long for the score table, a player's name no
 * font can draw) comes from the sheet, named by its file and first line.
 * A message that names the template's file already is left. Returns -1. */
static int placed(score_run *r, int sheet, pn_err *err)
{
    if (err->status != PN_EINPUT || !strncmp(err->msg, r->t->file, strlen(r->t->file))) return -1;
    bool slot = !strncmp(err->msg, FILL_NO_SLOT, strlen(FILL_NO_SLOT));
    const char *at = slot ? r->t->file : g_ptr_array_index(r->where, sheet);
    pn_err why = *err;
    pn_err_set(err, PN_EINPUT, "%s: %s", at, why.msg);
    return -1;
}

/* render hooks: set the template up for a page, then fill it. */
static int prepare_page(void *user, tmpl *t, int page, pn_err *err)
{
    score_run *r = user;
    if (r->prepared == page) return 0;
    r->prepared = page;
    if (!r->g->prepare) return 0;
    page_ref ref = g_array_index(r->pages, page_ref, page);
    if (!r->g->prepare(t, g_ptr_array_index(r->kept, ref.sheet), err)) return 0;
    return placed(r, ref.sheet, err); /* a set too long for the score table */
}

static int fill_page(void *user, int page, scene *s, pn_err *err)
{
    score_run *r = user;
    page_ref ref = g_array_index(r->pages, page_ref, page);
    if (!r->g->fill(s, g_ptr_array_index(r->kept, ref.sheet), ref.page, err)) return 0;
    return placed(r, ref.sheet, err);
}

int score_run_render(score_run *r, const render_opts *o, pn_err *err)
{
    render_opts ro = *o;
    ro.pages = (int)r->pages->len;
    ro.prepare = prepare_page;
    ro.hook = fill_page;
    ro.hook_user = r;
    r->prepared = -1;
    return render_template(r->t, &ro, err);
}

int score_text(const score_game *g, const score_run_opts *o, const char *name, const char *text,
               size_t len, GString *out, pn_err *err)
{
    score_run *r = score_run_new(g, o, err);
    if (!r) return -1;
    yml_docs *docs = yml_docs_open_text(name, text, len, err);
    int rc = docs ? score_run_stream(r, docs, out, NULL, NULL, err) : -1;
    yml_docs_close(docs);
    score_run_free(r);
    return rc < 0 ? -1 : 0;
}

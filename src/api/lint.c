/* lint.c: the public interface's lint (pnpkit_lint): every sheet of a
 * template laid out as it will print and every finding listed
 * (src/render/preflight.h). */
#include <glib.h>
#include <stdio.h>
#include <string.h>
#include "api/api.h"
#include "pnpkit.h"
#include "render/preflight.h"
#include "template/tmpl.h"

typedef struct finding_list {
    pnpkit_finding_list pub; /* first: the caller holds a pointer to it */
    GStringChunk *strings;
    GArray *items;    /* pnpkit_finding */
    int sheet;        /* the sheet being laid out (render_preflight sets it) */
    long unlisted;    /* findings past LINT_MAX_RUN_FINDINGS, counted only */
    const char *file; /* the backs' file (in strings) while they are linted, else NULL */
} finding_list;

/* Findings kept for one template (a page keeps at most LINT_MAX_PAGE_FINDINGS):
 * the rest are counted in one last finding of kind "run-limit". */
#define LINT_MAX_RUN_FINDINGS 10000

/* Keeps one finding (a lint_report), or counts it past the cap. */
static void collect(void *user, int line, int col, const char *kind, const char *msg)
{
    finding_list *l = user;
    if (l->items->len >= LINT_MAX_RUN_FINDINGS) {
        l->unlisted++;
        return;
    }
    pnpkit_finding f = {.line = line,
                        .col = col,
                        .sheet = l->sheet > 0 ? l->sheet : 1,
                        .kind = g_string_chunk_insert_const(l->strings, kind),
                        .message = g_string_chunk_insert(l->strings, msg),
                        .file = l->file};
    g_array_append_val(l->items, f);
}

/* Adds the finding that counts those past the cap, if any. */
static void collect_unlisted(finding_list *l)
{
    if (!l->unlisted) return;
    char msg[160];
    snprintf(msg, sizeof msg, "%ld more finding%s not listed (at most %d are for one template)",
             l->unlisted, l->unlisted == 1 ? "" : "s", LINT_MAX_RUN_FINDINGS);
    pnpkit_finding f = {.sheet = 1, /* the whole run's, not one sheet's */
                        .kind = g_string_chunk_insert_const(l->strings, "run-limit"),
                        .message = g_string_chunk_insert(l->strings, msg)};
    g_array_append_val(l->items, f);
}

void pnpkit_lint_opts_init(pnpkit_lint_opts *o)
{
    *o = (pnpkit_lint_opts){.landscape = -1};
}

/* The template, with its data and settings (a setting only the backs have
 * is theirs), resolved. NULL with err. */
static tmpl *open_front(const char *name, const pnpkit_lint_opts *o, pn_err *err)
{
    tmpl *t = tmpl_open_data(name ? name : "", o->data, err);
    int rc = t ? 0 : -1;
    for (const char *const *s = o->set; s && *s && !rc; s++)
        if (!o->backs || api_set_is_fronts(t, *s)) rc = tmpl_set(t, *s, err);
    if (!rc) rc = tmpl_resolve(t, err);
    if (rc) {
        tmpl_free(t);
        return NULL;
    }
    return t;
}

/* Lints the backs of the front's cards, one a card, their findings naming
 * the backs' file. 0, or -1 with err. */
static int lint_backs(tmpl *front, const pnpkit_lint_opts *o, render_opts *ro, finding_list *l,
                      pn_err *err)
{
    int cards = render_sheet_count(front, ro, err);
    if (cards < 0) return -1;
    tmpl *b = api_open_backs(o->backs, o->set, front, err);
    if (!b) return -1;
    char *shown = pn_err_escape(b->file);
    l->file = g_string_chunk_insert(l->strings, shown);
    g_free(shown);
    ro->pages = cards;
    int rc = render_preflight(b, ro, LINT_ALL, collect, l, &l->sheet, err) < 0 ? -1 : 0;
    l->file = NULL;
    tmpl_free(b);
    return rc;
}

pnpkit_finding_list *pnpkit_lint(pnpkit_ctx *ctx, const char *template_name,
                                 const pnpkit_lint_opts *o, pnpkit_error *err)
{
    pn_err e = {0};
    pnpkit_lint_opts none;
    if (!o) {
        pnpkit_lint_opts_init(&none);
        o = &none;
    }
    tmpl *t = NULL;
    int rc = 0;
    if (o->landscape < -1 || o->landscape > 1)
        rc = pn_err_set(&e, PN_EINPUT, "landscape must be -1, 0 or 1");
    else if (!(o->bleed >= 0 && o->bleed <= PNPKIT_BLEED_MAX_MM))
        rc = pn_err_set(&e, PN_EINPUT, "bleed must be 0 to %gmm", PNPKIT_BLEED_MAX_MM);
    else if (!(t = open_front(template_name, o, &e)))
        rc = -1;
    finding_list *l = g_new0(finding_list, 1);
    l->strings = g_string_chunk_new(1024);
    l->items = g_array_new(FALSE, TRUE, sizeof(pnpkit_finding));
    if (!rc) {
        render_opts ro = {.measure = api_ctx_measurer(ctx),
                          .paper = o->paper,
                          .landscape = o->landscape,
                          .mono = o->mono != 0,
                          .bleed = o->bleed,
                          .seed = 1,
                          .nup = 1};
        char *shown = pn_err_escape(t->file); /* as errors show it */
        l->pub.file = g_string_chunk_insert(l->strings, shown);
        g_free(shown);
        if (render_preflight(t, &ro, LINT_ALL, collect, l, &l->sheet, &e) < 0) rc = -1;
        if (!rc && o->backs) rc = lint_backs(t, o, &ro, l, &e);
        collect_unlisted(l);
    }
    tmpl_free(t);
    l->pub.n = l->items->len;
    l->pub.items = (const pnpkit_finding *)(void *)l->items->data;
    if (rc) {
        api_error_from(&e, err);
        pnpkit_finding_list_free(&l->pub);
        return NULL;
    }
    return &l->pub;
}

void pnpkit_finding_list_free(pnpkit_finding_list *list)
{
    if (!list) return;
    finding_list *l = (finding_list *)list;
    g_string_chunk_free(l->strings);
    g_array_free(l->items, TRUE);
    g_free(l);
}

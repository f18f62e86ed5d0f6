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
    GArray *items; /* pnpkit_finding */
    int sheet;     /* the sheet being laid out (render_preflight sets it) */
    long unlisted; /* findings past LINT_MAX_RUN_FINDINGS, counted only */
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
                        .message = g_string_chunk_insert(l->strings, msg)};
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

pnpkit_finding_list *pnpkit_lint(pnpkit_ctx *ctx, const char *template_name,
                                 const pnpkit_lint_opts *o, pnpkit_error *err)
{
    pn_err e = {0};
    pnpkit_lint_opts none;
    if (!o) {
        pnpkit_lint_opts_init(&none);
        o = &none;
    }
    tmpl *t = tmpl_open(template_name ? template_name : "", &e);
    int rc = t ? 0 : -1;
    for (const char *const *s = o->set; s && *s && !rc; s++)
        rc = tmpl_set(t, *s, &e);
    if (!rc) rc = tmpl_resolve(t, &e);
    if (!rc && (o->landscape < -1 || o->landscape > 1))
        rc = pn_err_set(&e, PN_EINPUT, "landscape must be -1, 0 or 1");
    finding_list *l = g_new0(finding_list, 1);
    l->strings = g_string_chunk_new(1024);
    l->items = g_array_new(FALSE, TRUE, sizeof(pnpkit_finding));
    if (!rc) {
        render_opts ro = {.measure = api_ctx_measurer(ctx),
                          .paper = o->paper,
                          .landscape = o->landscape,
                          .mono = o->mono != 0,
                          .seed = 1,
                          .nup = 1};
        char *shown = pn_err_escape(t->file); /* as errors show it */
        l->pub.file = g_string_chunk_insert(l->strings, shown);
        g_free(shown);
        if (render_preflight(t, &ro, LINT_ALL, collect, l, &l->sheet, &e) < 0) rc = -1;
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

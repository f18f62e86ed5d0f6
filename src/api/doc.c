/* doc.c: rendering through the public interface (include/pnpkit.h): the
 * render options checked against their bounds, a document prepared (its
 * template opened, parameters set, pages counted) and then written to a file
 * or into memory, and pnpkit_render_file / pnpkit_render_mem over it; the
 * slots of one of its sheets (pnpkit_doc_slots). */
#include "pnpkit.h"

#include <glib.h>
#include <math.h>
#include <string.h>
#include "api/api.h"
#include "backend/backend.h"
#include "render/cards.h"
#include "render/paper.h"
#include "render/render.h"
#include "template/tmpl.h"
#include "util/outfile.h"
#include "util/value.h"
#include "util/inputs.h"

/* The public bounds are the engine's. */
_Static_assert(PNPKIT_PAGES_MAX == RENDER_MAX_PAGES, "pages bound");
_Static_assert(PNPKIT_SEED_MAX == TMPL_SEED_MAX, "seed bound");
_Static_assert(PNPKIT_GRID_MAX == CARDS_MAX_SIDE, "grid bound");
_Static_assert(PNPKIT_DPI_MIN == RENDER_MIN_DPI && PNPKIT_DPI_MAX == RENDER_MAX_DPI, "dpi bounds");

struct pnpkit_doc {
    const pnpkit_render_opts *po; /* the caller's, borrowed; or &defaults */
    pnpkit_render_opts defaults;  /* when the caller gave none */
    render_opts o;                /* the engine's, filled from po */
    tmpl *t, *backs;
    int sheet;             /* the sheet findings belong to (o.warn_sheet) */
    const char *warn_file; /* the file of their template (o.warn_file) */
    bool written;
    pnpkit_doc_info info;
    char *shown_file;  /* info.file: t's file as messages show it */
    pn_inputs *inputs; /* the files it reads: never replaced by what it writes */
};

const struct tmpl *api_doc_tmpl(const pnpkit_doc *doc)
{
    return doc->t;
}

void pnpkit_render_opts_init(pnpkit_render_opts *o)
{
    *o = (pnpkit_render_opts){.format = "pdf",
                              .landscape = -1,
                              .dpi = 150,
                              .seed = PNPKIT_SEED_TEMPLATE,
                              .nup = 1,
                              .gutter = PNPKIT_GUTTER_AUTO,
                              .epoch = 946684800 /* 2000-01-01 */};
}

void pnpkit_free(void *p)
{
    g_free(p);
}

void pnpkit_strv_free(char **v)
{
    g_strfreev(v);
}

int pnpkit_paper_size(const char *paper, double *w_mm, double *h_mm, pnpkit_error *err)
{
    pn_err e = {0};
    double w, h;
    if (!paper || paper_size(paper, &w, &h, &e)) {
        if (!paper) pn_err_set(&e, PN_EINPUT, "no paper named");
        if (e.status == PN_OK) e.status = PN_EINPUT;
        api_error_from(&e, err);
        return -1;
    }
    if (w_mm) *w_mm = w;
    if (h_mm) *h_mm = h;
    return 0;
}

int pnpkit_length_mm(const char *text, double *mm)
{
    double v;
    if (!text || !pv_length_mm(text, &v)) return 0;
    if (mm) *mm = v;
    return 1;
}

/* A finding of lint's cheap checks handed to the caller's function in the
 * public form. */
static void warn_finding(void *user, int line, int col, const char *kind, const char *msg)
{
    pnpkit_doc *d = user;
    pnpkit_finding f = {.line = line,
                        .col = col,
                        .sheet = d->sheet > 0 ? d->sheet : 1,
                        .kind = kind,
                        .message = msg};
    /* A back's place is in the backs' file, not the document's. */
    const char *own = d->t ? d->t->file : NULL;
    char *shown = NULL; /* as messages show it: no control characters */
    if (d->warn_file && (!own || strcmp(d->warn_file, own)))
        f.file = shown = pn_err_escape(d->warn_file);
    d->po->warn(d->po->warn_user, &f);
    g_free(shown);
}

/* The card options against their bounds. */
static int check_cards(const pnpkit_render_opts *po, pn_err *err)
{
    if (po->grid_cols < 0 || po->grid_rows < 0 || po->grid_cols > CARDS_MAX_SIDE ||
        po->grid_rows > CARDS_MAX_SIDE || (po->grid_cols == 0) != (po->grid_rows == 0))
        return pn_err_set(err, PN_EINPUT, "the card grid must be 1 to %d each way (or 0 by 0)",
                          CARDS_MAX_SIDE);
    bool card = po->card_w != 0 || po->card_h != 0;
    if (card && !(po->card_w >= CARDS_MIN_MM && po->card_w <= CARDS_MAX_MM &&
                  po->card_h >= CARDS_MIN_MM && po->card_h <= CARDS_MAX_MM))
        return pn_err_set(err, PN_EINPUT, "a card's sides must be %g to %g mm", CARDS_MIN_MM,
                          CARDS_MAX_MM);
    if (!(po->gutter == PNPKIT_GUTTER_AUTO || (po->gutter >= 0 && po->gutter <= CARDS_MAX_GUTTER)))
        return pn_err_set(err, PN_EINPUT, "the gutter must be 0 to %gmm", CARDS_MAX_GUTTER);
    if (po->card_layout != PNPKIT_CARDS_SHEETS && po->card_layout != PNPKIT_CARDS_SINGLE)
        return pn_err_set(err, PN_EINPUT, "the card layout must be sheets or single");
    if (po->duplex != PNPKIT_DUPLEX_LONG && po->duplex != PNPKIT_DUPLEX_SHORT)
        return pn_err_set(err, PN_EINPUT, "duplex must be long or short");
    bool single = po->card_layout == PNPKIT_CARDS_SINGLE;
    if (po->grid_cols == 0 && !single && (card || po->gutter > 0 || po->backs))
        return pn_err_set(err, PN_EUSAGE, "a card size, a gutter and backs need a card grid");
    if (single && (po->offset_x != 0 || po->offset_y != 0 || (po->scale != 0 && po->scale != 1)))
        return pn_err_set(err, PN_EUSAGE,
                          "printer correction (offset, scale) is for papers printed at home, not "
                          "for one card a page");
    if (single && po->nup > 1)
        return pn_err_set(err, PN_EUSAGE,
                          "one card per page and several sheets per paper exclude "
                          "each other");
    if (po->grid_cols > 0 && po->nup > 1)
        return pn_err_set(err, PN_EUSAGE,
                          "a card grid and several sheets per paper exclude "
                          "each other");
    if (!(fabs(po->offset_x) <= CARDS_MAX_OFFSET && fabs(po->offset_y) <= CARDS_MAX_OFFSET))
        return pn_err_set(err, PN_EINPUT, "the offset must be -%g to %gmm each way",
                          CARDS_MAX_OFFSET, CARDS_MAX_OFFSET);
    if (po->scale != 0 && !(po->scale >= CARDS_MIN_SCALE && po->scale <= CARDS_MAX_SCALE))
        return pn_err_set(err, PN_EINPUT, "the scale must be %g to %g (or 0: none)",
                          CARDS_MIN_SCALE, CARDS_MAX_SCALE);
    return 0;
}

/* Checks the options against their bounds (in the library's words) and fills
 * the engine's options of d. */
static int engine_opts(pnpkit_ctx *ctx, pnpkit_doc *d, pn_err *err)
{
    const pnpkit_render_opts *po = d->po;
    const char *f = po->format ? po->format : "pdf";
    if (strcmp(f, "pdf") && strcmp(f, "svg") && strcmp(f, "png") && strcmp(f, "scene"))
        return pn_err_set(err, PN_EINPUT, "format must be pdf, svg, png or scene, not '%s'", f);
    if (po->backend && strcmp(po->backend, "cairo") && strcmp(po->backend, "haru"))
        return pn_err_set(err, PN_EINPUT, "unknown backend '%s' (cairo or haru)", po->backend);
    if (po->dpi < RENDER_MIN_DPI || po->dpi > RENDER_MAX_DPI)
        return pn_err_set(err, PN_EINPUT, "dpi must be %d to %d", RENDER_MIN_DPI, RENDER_MAX_DPI);
    if (po->pages < 0 || po->pages > RENDER_MAX_PAGES)
        return pn_err_set(err, PN_EINPUT, "pages must be 0 (as many as needed) to %d",
                          RENDER_MAX_PAGES);
    if (po->nup != 1 && po->nup != 2 && po->nup != 4)
        return pn_err_set(err, PN_EINPUT, "sheets per paper must be 1, 2 or 4");
    if (po->actual_size && po->nup < 2)
        return pn_err_set(err, PN_EUSAGE, "sheets at their own size need 2 or 4 sheets per paper");
    if (po->fill && po->nup < 2 && po->grid_cols == 0)
        return pn_err_set(err, PN_EUSAGE, "filling the last paper needs 2 or 4 sheets per paper");
    if (!(po->bleed >= 0 && po->bleed <= PNPKIT_BLEED_MAX_MM))
        return pn_err_set(err, PN_EINPUT, "bleed must be 0 to %gmm", PNPKIT_BLEED_MAX_MM);
    if (po->landscape < -1 || po->landscape > 1)
        return pn_err_set(err, PN_EINPUT, "landscape must be -1, 0 or 1");
    if (api_check_epoch(po->epoch, err)) return -1;
    if (po->seed != PNPKIT_SEED_TEMPLATE && po->seed > (unsigned long)TMPL_SEED_MAX)
        return pn_err_set(err, PN_EINPUT, "the seed must be 0 to %ld", TMPL_SEED_MAX);
    if (check_cards(po, err)) return -1;
    d->o = (render_opts){.measure = api_ctx_measurer(ctx),
                         .format = f,
                         .backend = po->backend,
                         .paper = po->paper,
                         .landscape = po->landscape,
                         .dpi = po->dpi,
                         .seed = po->seed == PNPKIT_SEED_TEMPLATE ? 1 : po->seed,
                         .pages = po->pages,
                         .nup = po->nup,
                         .fill = po->fill != 0,
                         .mono = po->mono != 0,
                         .no_scan_marks = po->no_scan_marks != 0,
                         .bleed = po->bleed,
                         .ttf = po->ttf,
                         .force = po->force != 0,
                         .epoch = po->epoch,
                         .grid_cols = po->grid_cols,
                         .grid_rows = po->grid_rows,
                         .card_w = po->card_w,
                         .card_h = po->card_h,
                         .gutter = po->gutter,
                         .card_single = po->card_layout == PNPKIT_CARDS_SINGLE,
                         .duplex_short = po->duplex == PNPKIT_DUPLEX_SHORT,
                         .actual_size = po->actual_size != 0,
                         .scale = po->scale,
                         .offset_x = po->offset_x,
                         .offset_y = po->offset_y};
    if (!strcmp(f, "scene") && !d->o.backend) d->o.backend = "dump";
    /* One card per page is a deck of cards without a grid of its own. */
    if (d->o.card_single) d->o.grid_cols = d->o.grid_rows = 1;
    return 0;
}

/* Sets the seed a document starts from on t: po->seed, unless it is
 * PNPKIT_SEED_TEMPLATE, on a template with a seed parameter; `set` naming
 * another seed (last_set) is an error. */
static int apply_seed(tmpl *t, const pnpkit_render_opts *po, const char *last_set, pn_err *err)
{
    tmpl_param *p = tmpl_param_find(t, "seed");
    if (po->seed == PNPKIT_SEED_TEMPLATE || !p) return 0;
    if (last_set) {
        if (p->value.type == PV_INT && p->value.i == (long)po->seed) return 0;
        return pn_err_set(err, PN_EUSAGE,
                          "the seed %lu and the setting %s disagree; give one of them", po->seed,
                          last_set);
    }
    char buf[32];
    g_snprintf(buf, sizeof buf, "%lu", po->seed);
    return tmpl_set_if_present(t, "seed", buf, err);
}

/* The template, its parameters set and resolved. NULL with err. */
static tmpl *open_template(const char *name, const pnpkit_render_opts *po, pn_err *err)
{
    if (!name) name = po->template_text ? "template.yaml" : "";
    tmpl *t = NULL;
    if (po->template_text) {
        if (po->data)
            pn_err_set(err, PN_EINPUT, "%s: a template given as text reads no data file", name);
        else
            t = tmpl_load_buffer(name, po->template_text, po->template_len, err);
    } else {
        t = tmpl_open_data(name, po->data, err);
    }
    if (!t) return NULL;
    const char *last_seed = NULL; /* the last "seed=N" of set */
    int rc = 0;
    for (const char *const *s = po->set; s && *s && !rc; s++) {
        if (po->backs && !api_set_is_fronts(t, *s)) continue; /* perhaps the backs' */
        rc = tmpl_set(t, *s, err);
        if (g_str_has_prefix(*s, "seed=")) last_seed = *s;
    }
    if (!rc) rc = apply_seed(t, po, last_seed, err);
    if (!rc) rc = tmpl_resolve(t, err);
    if (rc) {
        tmpl_free(t);
        return NULL;
    }
    return t;
}

/* Counts the document's pages into d->info. */
static int count_papers(pnpkit_doc *d, pn_err *err)
{
    render_opts co = d->o;
    co.backs = d->backs;
    int pages = d->o.grid_cols > 0 ? render_cards_papers(d->t, &co, err)
                                   : render_page_total(d->t, &d->o, err);
    if (pages < 0) return -1;
    int nup = d->o.nup > 1 ? d->o.nup : 1;
    int papers = d->o.grid_cols > 0 ? pages : (pages + nup - 1) / nup;
    const pn_backend *be = pn_backend_find(d->o.backend ? d->o.backend : "cairo");
    if (be && be->max_pages && papers > be->max_pages)
        return pn_err_set(err, PN_EUSAGE,
                          "the %s backend holds at most %d pages in one document; give fewer "
                          "pages or use the cairo backend",
                          be->id, be->max_pages);
    d->info.papers = papers;
    bool per_page = !strcmp(d->o.format, "svg") || !strcmp(d->o.format, "png");
    d->info.files = per_page ? papers : 1;
    return 0;
}

/* pnpkit_doc_open; printed: the sheet was printed before (render_opts). */
static pnpkit_doc *doc_open(pnpkit_ctx *ctx, const char *template_name,
                            const pnpkit_render_opts *po, bool printed, pnpkit_error *err)
{
    pn_err e = {0};
    pnpkit_doc *d = g_new0(pnpkit_doc, 1);
    pnpkit_render_opts_init(&d->defaults);
    d->po = po ? po : &d->defaults;
    d->inputs = pn_inputs_new();
    pn_inputs *was = pn_inputs_use(d->inputs);
    int rc = ctx ? engine_opts(ctx, d, &e) : pn_err_set(&e, PN_EUSAGE, "no library context given");
    d->o.printed = printed;
    if (!rc && !(d->t = open_template(template_name, d->po, &e))) rc = -1;
    if (!rc && d->po->backs && !(d->backs = api_open_backs(d->po->backs, d->po->set, d->t, &e)))
        rc = -1;
    if (!rc) rc = count_papers(d, &e);
    pn_inputs_use(was);
    if (rc) {
        api_error_from(&e, err);
        pnpkit_doc_free(d);
        return NULL;
    }
    d->o.backs = d->backs;
    d->info.name = d->t->name;
    d->info.file = d->shown_file = pn_err_escape(d->t->file);
    d->info.origin = d->t->origin;
    d->info.format = d->o.format;
    d->info.has_seed = d->t->seeded || tmpl_param_find(d->t, "seed") != NULL;
    return d;
}

pnpkit_doc *pnpkit_doc_open(pnpkit_ctx *ctx, const char *template_name,
                            const pnpkit_render_opts *po, pnpkit_error *err)
{
    return doc_open(ctx, template_name, po, false, err);
}

char **api_doc_inputs(const pnpkit_doc *d)
{
    return pn_inputs_paths(d->inputs);
}

pnpkit_doc *api_doc_open_printed(pnpkit_ctx *ctx, const char *template_name,
                                 const pnpkit_render_opts *po, pnpkit_error *err)
{
    return doc_open(ctx, template_name, po, true, err);
}

const pnpkit_doc_info *pnpkit_doc_get_info(const pnpkit_doc *d)
{
    return &d->info;
}

void pnpkit_doc_free(pnpkit_doc *d)
{
    if (!d) return;
    tmpl_free(d->backs);
    tmpl_free(d->t);
    pn_inputs_free(d->inputs);
    g_free(d->shown_file);
    g_free(d);
}

char *pnpkit_doc_file_path(const pnpkit_doc *d, const char *path, int k)
{
    if (!path || k < 1 || k > d->info.files) return NULL;
    return pn_outfile_page_path(path, k, d->info.files);
}

char **pnpkit_doc_stale_files(const pnpkit_doc *d, const char *path, size_t *n)
{
    bool per_page = !strcmp(d->info.format, "svg") || !strcmp(d->info.format, "png");
    GPtrArray *stale =
        per_page && path ? pn_outfile_stale_pages(path, d->info.papers) : g_ptr_array_new();
    GPtrArray *v = g_ptr_array_new();
    for (guint i = 0; i < stale->len; i++)
        g_ptr_array_add(v, g_strdup(g_ptr_array_index(stale, i)));
    g_ptr_array_unref(stale);
    if (n) *n = v->len;
    g_ptr_array_add(v, NULL);
    return (char **)g_ptr_array_free(v, FALSE);
}

/* The engine's options for writing d to output: the caller's hooks are
 * read now, so that they may be set after the document is opened. */
static render_opts write_opts(pnpkit_doc *d, const char *output)
{
    const pnpkit_render_opts *po = d->po;
    render_opts o = d->o;
    o.output = output;
    o.progress = po->progress;
    o.progress_user = po->progress_user;
    o.cancel = po->cancel;
    if (po->warn) {
        o.warn = warn_finding;
        o.warn_user = d;
        o.warn_sheet = &d->sheet;
        o.warn_file = &d->warn_file;
    }
    return o;
}

/* A document is drawn once (a template with merge data moves through its
 * rows). */
static int take_once(pnpkit_doc *d, pn_err *err)
{
    if (d->written) return pn_err_set(err, PN_EUSAGE, "a document is written once");
    d->written = true;
    return 0;
}

int pnpkit_doc_write(pnpkit_doc *d, const char *path, pnpkit_error *err)
{
    pn_err e = {0};
    int rc = take_once(d, &e);
    if (!rc && (!path || !*path || !strcmp(path, "-")))
        rc = pn_err_set(&e, PN_EUSAGE, "no output file named");
    /* a read-only file among the outputs: refused before anything is drawn */
    for (int k = 1; !rc && !d->o.force && k <= d->info.files; k++) {
        char *p = pn_outfile_page_path(path, k, d->info.files);
        if (pn_outfile_is_read_only(p))
            rc = pn_err_set(&e, PN_EIO, "%s: the file is read-only; forcing replaces it", p);
        g_free(p);
    }
    if (!rc) {
        render_opts o = write_opts(d, path);
        pn_inputs *was = pn_inputs_use(d->inputs);
        rc = render_template(d->t, &o, &e);
        pn_inputs_use(was);
    }
    if (rc) api_error_from(&e, err);
    return rc;
}

/* The k-th file (1-based) of d drawn into memory; k 0: the one file. */
static pnpkit_buffer *write_mem(pnpkit_doc *d, int k, pn_err *e)
{
    pnpkit_buffer *b = NULL;
    int rc = 0;
    if (k < 0 || k > d->info.files)
        rc = pn_err_set(e, PN_EUSAGE, "there is no page %d: this document makes %d %s", k,
                        d->info.files, d->info.files == 1 ? "file" : "files");
    if (!rc) rc = take_once(d, e);
    if (!rc && k == 0 && d->info.files > 1)
        rc = pn_err_set(e, PN_EUSAGE,
                        "%s holds one page; this template makes %d: ask for one page or a PDF",
                        !strcmp(d->o.format, "svg") ? "an SVG" : "a PNG", d->info.files);
    /* The engine writes into memory: no file, no temporary directory. */
    GPtrArray *sink = api_mem_sink();
    char *name = NULL;
    if (!rc) {
        name = g_strdup_printf("out.%s", d->o.format);
        render_opts o = write_opts(d, name);
        o.mem = sink;
        rc = render_template(d->t, &o, e);
        if (!rc && k > 0 && sink->len == (guint)d->info.files) {
            /* keep the k-th file only */
            GBytes *page = g_ptr_array_steal_index(sink, (guint)k - 1);
            g_ptr_array_set_size(sink, 0);
            g_ptr_array_add(sink, page);
        }
        if (!rc && !(b = api_sink_take(sink, e))) rc = -1;
    }
    g_ptr_array_unref(sink);
    g_free(name);
    return b;
}

pnpkit_buffer *pnpkit_doc_write_mem(pnpkit_doc *d, pnpkit_error *err)
{
    pn_err e = {0};
    pnpkit_buffer *b = write_mem(d, 0, &e);
    if (!b) api_error_from(&e, err);
    return b;
}

pnpkit_buffer *pnpkit_doc_write_page_mem(pnpkit_doc *d, int k, pnpkit_error *err)
{
    pn_err e = {0};
    pnpkit_buffer *b =
        k < 1 ? (pn_err_set(&e, PN_EUSAGE, "pages are counted from 1"), NULL) : write_mem(d, k, &e);
    if (!b) api_error_from(&e, err);
    return b;
}

int pnpkit_render_file(pnpkit_ctx *ctx, const char *template_name, const pnpkit_render_opts *po,
                       const char *path, pnpkit_error *err)
{
    pnpkit_doc *d = pnpkit_doc_open(ctx, template_name, po, err);
    int rc = d ? pnpkit_doc_write(d, path, err) : -1;
    pnpkit_doc_free(d);
    return rc;
}

pnpkit_buffer *pnpkit_render_mem(pnpkit_ctx *ctx, const char *template_name,
                                 const pnpkit_render_opts *po, pnpkit_error *err)
{
    pnpkit_doc *d = pnpkit_doc_open(ctx, template_name, po, err);
    pnpkit_buffer *b = d ? pnpkit_doc_write_mem(d, err) : NULL;
    pnpkit_doc_free(d);
    return b;
}

/* ---- slots ---- */

typedef struct slot_list {
    pnpkit_slot_list pub; /* first: the caller holds a pointer to it */
    GStringChunk *ids;
    GArray *items; /* pnpkit_slot */
} slot_list;

void pnpkit_slot_list_free(pnpkit_slot_list *list)
{
    if (!list) return;
    slot_list *l = (slot_list *)list;
    g_string_chunk_free(l->ids);
    g_array_free(l->items, TRUE);
    g_free(l);
}

/* The slots of a laid-out sheet in the public form. */
static pnpkit_slot_list *slots_of(const scene *s)
{
    slot_list *l = g_new0(slot_list, 1);
    l->ids = g_string_chunk_new(1024);
    l->items = g_array_new(FALSE, TRUE, sizeof(pnpkit_slot));
    for (size_t i = 0; i < scene_count(s); i++) {
        const scene_item *it = scene_item_at(s, i);
        if (it->kind != SCENE_SLOT) continue;
        const scene_slot *sl = &it->u.slot;
        pnpkit_slot p = {.id = g_string_chunk_insert_const(l->ids, sl->id ? sl->id : ""),
                         .x = sl->x,
                         .y = sl->y,
                         .w = sl->w,
                         .h = sl->h,
                         .round = sl->shape == SLOT_ROUND};
        g_array_append_val(l->items, p);
    }
    l->pub.width = scene_width(s);
    l->pub.height = scene_height(s);
    l->pub.n = l->items->len;
    l->pub.items = (const pnpkit_slot *)(void *)l->items->data;
    return &l->pub;
}

pnpkit_slot_list *pnpkit_doc_slots(pnpkit_doc *d, int sheet, pnpkit_error *err)
{
    pn_err e = {0};
    int sheets = d ? render_page_total(d->t, &d->o, &e) : -1;
    if (!d) pn_err_set(&e, PN_EUSAGE, "no document given");
    if (sheets >= 0 && (sheet < 1 || sheet > sheets))
        pn_err_set(&e, PN_EUSAGE, "sheet %d asked for; the document has sheets 1 to %d", sheet,
                   sheets);
    pn_inputs *was = d ? pn_inputs_use(d->inputs) : NULL;
    scene *s = e.status == PN_OK && sheets >= 0 ? render_sheet(d->t, &d->o, sheet - 1, &e) : NULL;
    if (d) pn_inputs_use(was);
    pnpkit_slot_list *l = s ? slots_of(s) : NULL;
    scene_free(s);
    if (!l) {
        if (e.status == PN_OK) e.status = PN_EIO;
        api_error_from(&e, err);
    }
    return l;
}

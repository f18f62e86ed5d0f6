/* render.c: template -> scenes (one sheet at a time) -> backend. */
#include "render/render.h"

#include <glib.h>
#include <string.h>
#include "backend/backend.h"
#include "render/paper.h"
#include "scene/measure.h"

int render_sheet_size(const tmpl *t, const render_opts *o, double *w, double *h, pn_err *err)
{
    if (paper_size(o->paper ? o->paper : t->paper, w, h, err)) return -1;
    bool landscape = o->landscape < 0 ? t->landscape : o->landscape == 1;
    if (landscape != (*w > *h)) {
        double tmp = *w;
        *w = *h;
        *h = tmp;
    }
    return 0;
}

/* "template circle36 · rings=3 sectors=8 · seed 7": enough to print the board again. */
static int add_footer(tmpl *t, const render_opts *o, scene *s, double w, double h,
                      unsigned long seed, pn_err *err)
{
    GString *f = g_string_new(NULL);
    g_string_append_printf(f, "pnpkit render %s", t->name);
    for (guint i = 0; i < t->params->len; i++) {
        tmpl_param *p = g_ptr_array_index(t->params, i);
        if (!strcmp(p->spec.name, "seed")) continue;
        char *v = pv_format(&p->value);
        if (!p->spec.def || strcmp(v, p->spec.def))
            g_string_append_printf(f, " --set %s=%s", p->spec.name, v);
        g_free(v);
    }
    g_string_append_printf(f, " --seed %lu", seed);
    scene_font font = {.family = "DejaVu Sans", .size = 6};
    const scene_text *tx =
        scene_text_add(s, f->str, &font, (pn_rgba){0.45, 0.45, 0.45, 1}, w / 2,
                       h - PAPER_UNPRINTABLE_MM + 1.2, TEXT_CENTER, TEXT_BASELINE, 0, err);
    g_string_free(f, TRUE);
    (void)o;
    return tx ? 0 : -1;
}

scene *render_sheet(tmpl *t, const render_opts *o, int page, pn_err *err)
{
    double w, h;
    if (render_sheet_size(t, o, &w, &h, err)) return NULL;
    double m = t->margin < PAPER_UNPRINTABLE_MM ? PAPER_UNPRINTABLE_MM : t->margin;
    if (2 * m >= w || 2 * m >= h) {
        pn_err_set(err, PN_EINPUT, "the margins leave no room on a %gx%gmm page", w, h);
        return NULL;
    }
    scene *s = scene_new(w, h, o->mono);
    unsigned long seed = o->seed + (unsigned long)page;
    for (guint i = 0; i < t->comps->len; i++) {
        tmpl_comp *c = g_ptr_array_index(t->comps, i);
        if (!c->enabled) continue;
        comp_ctx ctx = {.x = m,
                        .y = m,
                        .w = w - 2 * m,
                        .h = h - 2 * m,
                        .page_w = w,
                        .page_h = h,
                        .seed = seed,
                        .page = page,
                        .mono = o->mono,
                        .file = t->file,
                        .line = c->line,
                        .col = c->col};
        size_t n = 0;
        while (c->type->props[n].name)
            n++;
        comp_args a = {.specs = c->type->props, .vals = c->vals, .n = n};
        int rc = c->type->layout(&ctx, &a, s, err);
        pn_err over;
        if (scene_check(s, &over))
            rc = pn_err_at(err, t->file, c->line, c->col, "%s: %s", c->type->name, over.msg);
        if (rc) {
            scene_free(s);
            return NULL;
        }
    }
    if (t->seeded && add_footer(t, o, s, w, h, seed, err)) {
        pn_err why = *err;
        pn_err_at(err, t->file, 0, 0, "the footer: %s", why.msg);
        scene_free(s);
        return NULL;
    }
    if (o->hook && o->hook(o->hook_user, page, s, err)) {
        scene_free(s);
        return NULL;
    }
    return s;
}

/* Short marks at the corners of each imposed sheet, in its gutter. */
static void cut_marks(scene *s, double x, double y, double w, double h)
{
    scene_style st = scene_stroke_style((pn_rgba){0.3, 0.3, 0.3, 1}, 0.15);
    const double len = 3, gap = 1;
    double xs[2] = {x, x + w}, ys[2] = {y, y + h};
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
            double sx = i ? 1 : -1, sy = j ? 1 : -1;
            scene_segment(s, xs[i] + sx * gap, ys[j], xs[i] + sx * (gap + len), ys[j], &st);
            scene_segment(s, xs[i], ys[j] + sy * gap, xs[i], ys[j] + sy * (gap + len), &st);
        }
}

/* Lays sheets first..first+nup-1 onto one paper. */
static scene *impose(tmpl *t, const render_opts *o, int first, int count, pn_err *err)
{
    double sw, sh;
    if (render_sheet_size(t, o, &sw, &sh, err)) return NULL;
    /* 2-up turns the paper so two sheets stand side by side; 4-up keeps it. */
    double pw = o->nup == 2 ? sh : sw, ph = o->nup == 2 ? sw : sh;
    int cols = 2, rows = o->nup == 2 ? 1 : 2;
    const double gutter = 8;
    double cw = (pw - gutter * (cols + 1)) / cols, ch = (ph - gutter * (rows + 1)) / rows;
    double k = cw / sw < ch / sh ? cw / sw : ch / sh;
    scene *paper = scene_new(pw, ph, o->mono);
    for (int i = 0; i < count; i++) {
        scene *s = render_sheet(t, o, first + i, err);
        if (!s) {
            scene_free(paper);
            return NULL;
        }
        int c = i % cols, r = i / cols;
        double x = gutter + c * (cw + gutter) + (cw - sw * k) / 2;
        double y = gutter + r * (ch + gutter) + (ch - sh * k) / 2;
        char prefix[16];
        snprintf(prefix, sizeof prefix, "%d:", i + 1);
        int rc = scene_append(paper, s, k, x, y, prefix, err);
        scene_free(s);
        if (rc) {
            scene_free(paper);
            return NULL;
        }
        cut_marks(paper, x, y, sw * k, sh * k);
    }
    return paper;
}

int render_template(tmpl *t, const render_opts *o, pn_err *err)
{
    const pn_backend *be = pn_backend_find(o->backend ? o->backend : "cairo");
    if (!be) return pn_err_set(err, PN_EUSAGE, "unknown backend '%s'", o->backend);
    if (!be->supports(o->format))
        return pn_err_set(err, PN_EUSAGE, "the %s backend cannot write %s", be->id, o->format);
    int pages = o->pages > 0 ? o->pages : 1;
    int nup = o->nup > 1 ? o->nup : 1;
    if (pages > RENDER_MAX_PAGES)
        return pn_err_set(err, PN_EUSAGE, "--pages: at most %d", RENDER_MAX_PAGES);
    if (nup != 1 && nup != 2 && nup != 4) return pn_err_set(err, PN_EUSAGE, "--nup: 2 or 4");
    if (o->dpi != 0 && (o->dpi < RENDER_MIN_DPI || o->dpi > RENDER_MAX_DPI))
        return pn_err_set(err, PN_EUSAGE, "--dpi: %d to %d", RENDER_MIN_DPI, RENDER_MAX_DPI);
    /* Check the page size and every component before creating any output. */
    scene *first = nup == 1 ? render_sheet(t, o, 0, err) : impose(t, o, 0, MIN(nup, pages), err);
    if (!first) return -1;
    int papers = (pages + nup - 1) / nup;
    size_t items = scene_count(first);
    if (items * (size_t)papers > RENDER_MAX_DOC_ITEMS) {
        scene_free(first);
        return pn_err_set(err, PN_EINPUT,
                          "%d pages of about %zu items each would pass the limit of %d items in "
                          "one document; render fewer pages",
                          papers, items, RENDER_MAX_DOC_ITEMS);
    }
    pn_backend_opts bo = {.path = o->output,
                          .format = o->format,
                          .dpi = o->dpi,
                          .title = t->title,
                          .epoch = o->epoch,
                          .bleed = o->bleed,
                          .ttf = o->ttf};
    void *b = be->open(&bo, err);
    if (!b) {
        scene_free(first);
        return -1;
    }
    for (int p = 0; p < papers; p++) {
        scene *s = first;
        if (p > 0)
            s = nup == 1 ? render_sheet(t, o, p, err)
                         : impose(t, o, p * nup, MIN(nup, pages - p * nup), err);
        if (s && p > 0 && (items += scene_count(s)) > RENDER_MAX_DOC_ITEMS) {
            pn_err_set(err, PN_EINPUT,
                       "the document would hold more than %d items; render fewer pages",
                       RENDER_MAX_DOC_ITEMS);
            scene_free(s);
            s = NULL;
        }
        if (!s || pn_backend_draw_page(be, b, s, err)) {
            scene_free(s);
            be->discard(b);
            return -1;
        }
        scene_free(s);
        if (o->progress) o->progress(o->progress_user, p + 1, papers);
    }
    return be->finish(b, err);
}

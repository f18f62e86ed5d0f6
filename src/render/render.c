/* render.c: template -> scenes (one sheet at a time) -> backend. */
#include "render/render.h"

#include <glib.h>
#include <math.h>
#include <string.h>
#include "backend/backend.h"
#include "render/cards.h"
#include "render/marks.h"
#include "render/paper.h"
#include "render/preflight.h"
#include "scene/measure.h"
#include "util/outfile.h"

int render_sheet_size(const tmpl *t, const render_opts *o, double *w, double *h, pn_err *err)
{
    if (o->card_w > 0) { /* a card of a card grid: its size as given */
        *w = o->card_w;
        *h = o->card_h;
        return 0;
    }
    if (o->paper) {
        if (paper_size(o->paper, w, h, err)) return -1;
    } else if (paper_size(t->paper, w, h, err)) {
        if (!t->paper_line) return -1;
        /* The template's own page.paper: an error at its place in the file. */
        pn_err why = *err;
        return pn_err_at(err, t->file, t->paper_line, t->paper_col, "%s", why.msg);
    }
    /* WxH, given for the print or in the template, is width and height as
     * written; --landscape and --portrait (or the template's orientation)
     * turn it (the long side across or down). */
    const char *paper = o->paper ? o->paper : t->paper;
    if (!paper_is_named(paper) && o->landscape < 0 && (o->paper || !t->oriented)) return 0;
    bool landscape = o->landscape < 0 ? t->landscape : o->landscape == 1;
    if (landscape != (*w > *h)) {
        double tmp = *w;
        *w = *h;
        *h = tmp;
    }
    return 0;
}

/* The seed a document starts from: the template's "seed" parameter when it
 * has one (--seed sets it too, so --seed N and --set seed=N agree), else --seed. */
static unsigned long base_seed(const tmpl *t, const render_opts *o)
{
    tmpl_param *p = tmpl_param_find(t, "seed");
    if (p && p->value.type == PV_INT && p->value.i >= 0) return (unsigned long)p->value.i;
    return o->seed;
}

/* The seed of sheet `page`: the document's seed + page, wrapping round to 0
 * after TMPL_SEED_MAX so that every footer names a seed --seed accepts. */
static unsigned long sheet_seed(const tmpl *t, const render_opts *o, int page)
{
    return (base_seed(t, o) + (unsigned long)page) % ((unsigned long)TMPL_SEED_MAX + 1);
}

/* Room kept free under the content of a seeded sheet for its footer. */
#define FOOTER_MM 3.5

/* The page box components are laid out in on a w x h page: inside the
 * template's margin and never inside the border printers cannot print; above
 * the footer of a seeded sheet. */
static int content_box(const tmpl *t, const render_opts *o, double w, double h, comp_ctx *ctx,
                       pn_err *err)
{
    /* A card (preflight.h) is cut out of a grid: its margin is its own. */
    double edge = preflight_border(w, h);
    double m = t->margin < edge ? edge : t->margin;
    double bottom = m;
    if (t->seeded && bottom < edge + FOOTER_MM) bottom = edge + FOOTER_MM;
    if (t->scan && !o->no_scan_marks && bottom < MARKS_RESERVE_MM) bottom = MARKS_RESERVE_MM;
    if (2 * m >= w || m + bottom >= h) { /* at the paper's place: given, or written */
        if (o->paper)
            return pn_err_set(err, PN_EINPUT,
                              "the paper asked for %s: the margins leave no room on a %gx%gmm page",
                              o->paper, w, h);
        if (t->paper_line)
            return pn_err_at(err, t->file, t->paper_line, t->paper_col,
                             "the margins leave no room on a %gx%gmm page", w, h);
        return pn_err_set(err, PN_EINPUT, "the margins leave no room on a %gx%gmm page", w, h);
    }
    *ctx = (comp_ctx){.x = m,
                      .y = m,
                      .w = w - 2 * m,
                      .h = h - m - bottom,
                      .page_w = w,
                      .page_h = h,
                      .mono = o->mono,
                      .printed = o->printed,
                      .file = t->file,
                      .fonts = t->fonts,
                      .no_files = tmpl_no_files(t),
                      .confined = tmpl_confined(t),
                      .data_row = t->row_where[0] ? t->row_where : NULL};
    return 0;
}

/* The template's own paper, in the template's orientation. */
static int design_size(const tmpl *t, double *w, double *h, pn_err *err)
{
    render_opts design = {.landscape = -1}; /* no paper: the template's, as it says */
    return render_sheet_size(t, &design, w, h, err);
}

/* The page the components are first laid out on: the paper printed on,
 * unless the template always scales from its own paper. */
static int layout_size(const tmpl *t, const render_opts *o, double *w, double *h, pn_err *err)
{
    if (t->fit == TMPL_FIT_SCALE) return design_size(t, w, h, err);
    return render_sheet_size(t, o, w, h, err);
}

/* Appends " word" to f, quoted for a POSIX shell unless it is made only of
 * characters no shell treats specially, so that the line runs as printed. */
static void shell_word(GString *f, const char *word)
{
    bool plain = *word != '\0';
    for (const char *c = word; *c && plain; c++)
        plain = g_ascii_isalnum(*c) || strchr("-_./:=,+@%", *c);
    g_string_append_c(f, ' ');
    if (plain) {
        g_string_append(f, word);
    } else {
        char *q = g_shell_quote(word);
        g_string_append(f, q);
        g_free(q);
    }
}

/* "pnpkit render thinking-in-circles --set layout=ring --seed 7": the command
 * that prints this very sheet again, small at the foot of the page, inside
 * the printable area. */
static int add_footer(tmpl *t, scene *s, double x, double w, double bottom, double size,
                      unsigned long seed, pn_err *err)
{
    GString *f = g_string_new("pnpkit render");
    /* A template file by the path it was given as, a named one by its name. */
    shell_word(f, strcmp(t->origin, "file") ? t->name : t->file);
    for (guint i = 0; i < t->params->len; i++) {
        tmpl_param *p = g_ptr_array_index(t->params, i);
        if (!strcmp(p->spec.name, "seed")) continue;
        char *v = pv_format(&p->value);
        if (!p->spec.def || strcmp(v, p->spec.def)) {
            char *set = g_strdup_printf("%s=%s", p->spec.name, v);
            g_string_append(f, " --set");
            shell_word(f, set);
            g_free(set);
        }
        g_free(v);
    }
    g_string_append_printf(f, " --seed %lu", seed);
    scene_font font = {.family = "DejaVu Sans", .size = size};
    font.size = scene_fit_size(s, &font, f->str, w, 3);
    const scene_text *tx = scene_text_add(s, f->str, &font, (pn_rgba){0.45, 0.45, 0.45, 1},
                                          x + w / 2, bottom, TEXT_CENTER, TEXT_BOTTOM, 0, err);
    g_string_free(f, TRUE);
    return tx ? 0 : -1;
}

static comp_args args_of(const tmpl_comp *c)
{
    size_t n = 0;
    while (c->type->props[n].name)
        n++;
    return (comp_args){.specs = c->type->props, .vals = c->vals, .n = n};
}

/* What place_prop needs: the component being laid out. */
typedef struct prop_where {
    const tmpl *t;
    const tmpl_comp *c;
} prop_where;

/* comp_ctx.place: an error about a property goes where its value came from.
 * A value that is one parameter ("$marks") set on the command line is the
 * option's fault ("setting marks=4:1: ..."); any other is the template's, at
 * the line and column of the value (of the component when the property is
 * not written), naming the merge data row when the value reads one. */
static int place_prop(const comp_ctx *ctx, const char *prop, const char *text, pn_err *err)
{
    const prop_where *w = ctx->place_arg;
    struct fy_node *n = pn_yml_get(w->c->node, prop);
    const char *v = n ? pn_yml_scalar(n) : NULL;
    const tmpl_param *p = v && v[0] == '$' && v[1] != '{' ? tmpl_param_find(w->t, v + 1) : NULL;
    if (p && p->set) return tmpl_param_err(w->t, p, text, err);
    int line = ctx->line, col = ctx->col;
    if (n) pn_yml_mark(n, &line, &col);
    /* a value worked out from merge data differs by row: say which */
    if (v && strchr(v, '$') && !p && ctx->data_row)
        return pn_err_at(err, ctx->file, line, col, "%s (%s)", text, ctx->data_row);
    return pn_err_at(err, ctx->file, line, col, "%s", text);
}

/* Points ctx (the page's) at component c, and its property errors at where. */
static void place_at(comp_ctx *ctx, const tmpl_comp *c, prop_where *where)
{
    ctx->line = c->line;
    ctx->col = c->col;
    ctx->place = place_prop;
    ctx->place_arg = where;
}

/* Every length of c given as a percentage within its property's bounds on
 * this content box; the error points at the property's value (ctx->place). */
static int check_lengths(const tmpl_comp *c, const comp_ctx *ctx, const comp_args *a, pn_err *err)
{
    char why[256];
    int k = comp_check_lengths(ctx, a, why, sizeof why);
    if (k < 0) return 0;
    const char *name = a->specs[k].name;
    struct fy_node *n = pn_yml_get(c->node, name);
    /* The value as written; one made by a parameter or an expression as it came out. */
    const char *written = n ? pn_yml_scalar(n) : NULL;
    char *value = pv_format(&a->vals[k]);
    int rc = written && !strchr(written, '$')
                 ? comp_prop_err(ctx, err, name, "%s: %s: %s %s", c->type->name, name, written, why)
                 : comp_prop_err(ctx, err, name, "%s: %s: %s (%s) %s", c->type->name, name,
                                 written ? written : "the default", value, why);
    g_free(value);
    return rc;
}

int render_sheet_count(tmpl *t, const render_opts *o, pn_err *err)
{
    comp_ctx ctx;
    double w, h;
    if (layout_size(t, o, &w, &h, err) || content_box(t, o, w, h, &ctx, err)) return -1;
    /* a sheet per card of merge data (its count); more than a document
     * holds is refused, not cut short */
    if (tmpl_cards_within(t, RENDER_MAX_PAGES, err)) return -1;
    int most = tmpl_cards(t);
    for (guint i = 0; i < t->comps->len; i++) {
        tmpl_comp *c = g_ptr_array_index(t->comps, i);
        comp_sheets_fn sheets = comp_sheets_of(c->type);
        if (!c->enabled || !sheets) continue;
        comp_args a = args_of(c);
        prop_where where = {t, c};
        place_at(&ctx, c, &where);
        if (check_lengths(c, &ctx, &a, err)) return -1;
        int k = sheets(&ctx, &a);
        if (k > RENDER_MAX_PAGES)
            return pn_err_at(err, t->file, c->line, c->col,
                             "%s: needs %d sheets, more than a document holds (%d)", c->type->name,
                             k, RENDER_MAX_PAGES);
        if (k > most) most = k;
    }
    return most;
}

int render_page_total(tmpl *t, const render_opts *o, pn_err *err)
{
    int nup = o->nup > 1 ? o->nup : 1;
    int pages = o->pages > 0 ? o->pages : render_sheet_count(t, o, err);
    if (pages < 0) return -1;
    /* A player who asks for n sheets a paper without counting them wants full
     * papers; with --pages, only when asked to fill. */
    if (nup > 1 && (o->pages <= 0 || o->fill)) pages = (pages + nup - 1) / nup * nup;
    return pages;
}

/* How far (mm) the sheet's content reaches down into the boxes of the two
 * top corner tags the marks will add (white border and 0.5 mm more); 0 when
 * it keeps clear or the sheet gets no marks. */
static double into_top_tags(const tmpl *t, const render_opts *o, const scene *s)
{
    if (!t->scan || o->no_scan_marks) return 0;
    double w = scene_width(s), h = scene_height(s), reach = 0;
    double half = marks_tag_side() / 2 + MARKS_TAG_CELL_MM + 0.5;
    for (int corner = 0; corner < 2; corner++) {
        double cx, cy;
        marks_tag_centre(w, h, corner, &cx, &cy);
        for (size_t i = 0; i < scene_count(s); i++) {
            double e[4];
            if (!scene_item_box(s, scene_item_at(s, i), e)) continue;
            if (e[2] > cx - half && e[0] < cx + half && e[3] > cy - half && e[1] < cy + half)
                reach = fmax(reach, cy + half - e[1]);
        }
    }
    return reach;
}

/* Scales a sheet laid out on another paper so its content box fills the
 * paper's content box, centred. Returns the new scene (s is freed). */
static scene *fit_to_paper(const tmpl *t, const render_opts *o, scene *s, const comp_ctx *laid,
                           double pw, double ph, pn_err *err)
{
    comp_ctx pc = {0}; /* content_box fills it; gcc -O3 cannot see that on failure it is unused */
    scene *p = NULL;
    /* With scan marks, content that the shrinking brings into a top corner
     * tag is moved down and shrunk a little more (a few tries). */
    double top = 0;
    for (int tries = 0; tries < 4 && !content_box(t, o, pw, ph, &pc, err); tries++) {
        double full = pc.h;
        pc.y += top;
        pc.h -= top;
        double k = pc.w / laid->w < pc.h / laid->h ? pc.w / laid->w : pc.h / laid->h;
        double dx = pc.x + (pc.w - laid->w * k) / 2 - laid->x * k;
        double dy = pc.y + (pc.h - laid->h * k) / 2 - laid->y * k;
        p = scene_new(pw, ph, o->mono, o->measure);
        if (scene_append(p, s, k, dx, dy, "", err)) {
            scene_free(p);
            p = NULL;
            break;
        }
        double reach = into_top_tags(t, o, p);
        if (reach <= 0 || tries == 3 || top + reach > full / 4) break;
        top += reach;
        scene_free(p);
        p = NULL;
    }
    scene_free(s);
    return p;
}

/* One sheet; footer: whether a seeded sheet gets its footer here (imposed
 * sheets get theirs from impose, legible at the paper's scale). */
/* Lays every component out on a w x h page. NULL with err on failure. */
static scene *lay_out(tmpl *t, const render_opts *o, int page, double w, double h, comp_ctx *base,
                      pn_err *err)
{
    if (content_box(t, o, w, h, base, err)) return NULL;
    scene *s = scene_new(w, h, o->mono, o->measure);
    scene_set_source(s, t->file);
    for (guint i = 0; i < t->comps->len; i++) {
        tmpl_comp *c = g_ptr_array_index(t->comps, i);
        if (!c->enabled) continue;
        comp_ctx ctx = *base;
        ctx.seed = sheet_seed(t, o, page);
        ctx.page = page;
        prop_where where = {t, c};
        place_at(&ctx, c, &where);
        comp_args a = args_of(c);
        scene_mark(s, c->line, c->col);
        int rc = check_lengths(c, &ctx, &a, err);
        if (!rc) rc = c->type->layout(&ctx, &a, s, err);
        pn_err over;
        if (scene_check(s, &over))
            rc = pn_err_at(err, t->file, c->line, c->col, "%s: %s", c->type->name, over.msg);
        if (rc) {
            scene_free(s);
            return NULL;
        }
    }
    scene_mark(s, 0, 0); /* what follows (background, footer) is no component's */
    return s;
}

/* True when everything drawn stays out of the unprintable border and, on a
 * seeded sheet, above the footer; with scan marks, above their band and
 * clear of the top corner tags. */
static bool fits_paper(const tmpl *t, const render_opts *o, const scene *s)
{
    double w = scene_width(s), h = scene_height(s), m = PAPER_UNPRINTABLE_MM;
    double bottom = h - m - (t->seeded ? FOOTER_MM : 0);
    if (t->scan && !o->no_scan_marks && bottom > h - MARKS_RESERVE_MM)
        bottom = h - MARKS_RESERVE_MM;
    for (size_t i = 0; i < scene_count(s); i++) {
        double e[4];
        if (!scene_item_box(s, scene_item_at(s, i), e)) continue;
        if (e[0] < m || e[2] > w - m || e[1] < m || e[3] > bottom) return false;
    }
    return into_top_tags(t, o, s) == 0;
}

/* The page background under everything, to the paper's edge (a backend with
 * bleed extends it past the trim). Returns the new scene (s is freed). */
static scene *with_background(const tmpl *t, scene *s, pn_err *err)
{
    scene *p = scene_new(scene_width(s), scene_height(s), scene_mono(s), scene_measurer_of(s));
    scene_style bg = scene_fill_style(t->background);
    scene_rect(p, 0, 0, scene_width(s), scene_height(s), &bg);
    if (scene_append(p, s, 1, 0, 0, "", err)) {
        scene_free(p);
        p = NULL;
    }
    scene_free(s);
    return p;
}

/* The scan marks on sheet `page` (the template asks for them); *left is
 * moved past the bottom-left corner they take. s, or NULL with err (s is
 * then freed). */
static scene *with_marks(const tmpl *t, const render_opts *o, scene *s, unsigned long seed,
                         int page, double *left, pn_err *err)
{
    char *code = marks_code(t, o, seed, page);
    double need_w, need_h;
    int modules = marks_modules(code);
    if (modules && !marks_fit(scene_width(s), scene_height(s), modules, &need_w, &need_h)) {
        /* A paper asked for that cannot hold them (a mini card): the sheet
         * prints without them, and says so at `scan:`. */
        char *msg = g_strdup_printf("a %gx%gmm sheet is too small for its scan marks (they need "
                                    "%gx%gmm): printed without them, it cannot be scanned",
                                    scene_width(s), scene_height(s), need_w, need_h);
        scene_mark(s, t->scan_line, t->scan_col);
        scene_note_add(s, "no scan marks", msg);
        g_free(msg);
        g_free(code);
        return s;
    }
    int rc = marks_draw(s, code, err);
    /* Only a seeded sheet has a footer to keep beside the QR code. */
    double reach = t->seeded && !rc ? marks_bottom_reach(code) : 0;
    g_free(code);
    if (rc) {
        scene_free(s);
        return NULL;
    }
    if (*left < reach + 1) *left = reach + 1;
    return s;
}

/* One sheet; footer: whether a seeded sheet gets its footer here (imposed
 * sheets get theirs from impose, legible at the paper's scale). */
static scene *build_sheet(tmpl *t, const render_opts *o, int page, bool footer, pn_err *err)
{
    if (tmpl_select_card(t, page, err)) return NULL;
    if (o->prepare && o->prepare(o->hook_user, t, page, err)) return NULL;
    comp_ctx base;
    double pw, ph, lw, lh, dw, dh;
    if (render_sheet_size(t, o, &pw, &ph, err) || layout_size(t, o, &lw, &lh, err) ||
        design_size(t, &dw, &dh, err))
        return NULL;
    bool own_paper = fabs(pw - dw) < 0.01 && fabs(ph - dh) < 0.01;
    bool larger = !own_paper && pw > dw - 0.01 && ph > dh - 0.01;
    pn_err first = {0};
    scene *s = NULL;
    if (t->fit != TMPL_FIT_AUTO || !larger)
        s = lay_out(t, o, page, lw, lh, &base, own_paper ? err : &first);
    /* Another paper: a larger one gets the sheet scaled up; a smaller or
     * differently shaped one keeps the sizes if the sheet fits it, else
     * gets the sheet as laid out on its own paper, shrunk. */
    if (t->fit == TMPL_FIT_AUTO && !own_paper && (!s || !fits_paper(t, o, s))) {
        scene_free(s);
        lw = dw;
        lh = dh;
        s = lay_out(t, o, page, lw, lh, &base, err);
    } else if (!s && !own_paper) {
        *err = first;
    }
    if (!s) return NULL;
    unsigned long seed = sheet_seed(t, o, page);
    if ((fabs(pw - lw) > 0.01 || fabs(ph - lh) > 0.01) &&
        !(s = fit_to_paper(t, o, s, &base, pw, ph, err)))
        return NULL;
    if (t->background.a > 0 && !(s = with_background(t, s, err))) return NULL;
    double left = PAPER_UNPRINTABLE_MM + 1; /* where a footer may start */
    if (t->scan && !o->no_scan_marks && !(s = with_marks(t, o, s, seed, page, &left, err)))
        return NULL;
    if (footer && t->seeded &&
        add_footer(t, s, left, pw - 2 * left, ph - PAPER_UNPRINTABLE_MM - 0.3, 6, seed, err)) {
        pn_err why = *err;
        pn_err_at(err, t->file, 0, 0, "the footer: %s", why.msg);
        scene_free(s);
        return NULL;
    }
    if (o->warn) {
        if (o->warn_sheet) *o->warn_sheet = page + 1;
        if (o->warn_file) *o->warn_file = t->file;
        scene_lint(s, preflight_border(pw, ph), o->bleed > 0 ? o->bleed : 0, LINT_CHEAP, o->warn,
                   o->warn_user, NULL);
    }
    if (o->hook && o->hook(o->hook_user, page, s, err)) {
        scene_free(s);
        return NULL;
    }
    return s;
}

/* A PNG page costs its pixels (some 20 million a second to draw and encode),
 * whatever it holds: a document of them is bounded before any output exists. */
static int check_pixels(const render_opts *o, const scene *first, int pages, pn_err *err)
{
    if (!o->format || strcmp(o->format, "png")) return 0;
    double ppmm = (o->dpi > 0 ? o->dpi : PN_BACKEND_PNG_DPI) / 25.4,
           bleed = o->bleed > 0 ? o->bleed : 0;
    double each =
        (scene_width(first) + 2 * bleed) * ppmm * (scene_height(first) + 2 * bleed) * ppmm;
    if (each * pages <= RENDER_MAX_DOC_PIXELS) return 0;
    return pn_err_set(err, PN_EINPUT,
                      "%d PNG pages of %.1f million pixels each would pass the limit of %.0f "
                      "million pixels in one document; lower the resolution or render fewer pages",
                      pages, each / 1e6, RENDER_MAX_DOC_PIXELS / 1e6);
}

void *render_open(const pn_backend *be, const tmpl *t, const render_opts *o, const scene *first,
                  int pages, pn_err *err)
{
    if (check_pixels(o, first, pages, err)) return NULL;
    pn_backend_opts bo = {.path = o->output,
                          .format = o->format,
                          .dpi = o->dpi,
                          .title = t->title,
                          .epoch = o->epoch,
                          .bleed = o->bleed,
                          .crop_marks = !o->card_single,
                          .ttf = o->ttf,
                          .fonts = o->measure ? scene_measurer_fonts(o->measure) : NULL,
                          .font_files = render_font_files(t, o),
                          .pages = pages,
                          .outfile_flags = o->force ? PN_OUTFILE_FORCE : 0,
                          .mem = o->mem};
    void *b = be->open(&bo, err);
    g_ptr_array_free((GPtrArray *)bo.font_files, TRUE);
    return b;
}

GPtrArray *render_font_files(const tmpl *t, const render_opts *o)
{
    GPtrArray *all = g_ptr_array_new();
    const tmpl *from[2] = {t, o->backs};
    for (int k = 0; k < 2; k++)
        for (guint i = 0; from[k] && from[k]->fonts && i < from[k]->fonts->len; i++) {
            pn_font_file *f = g_ptr_array_index(from[k]->fonts, i);
            bool seen = false;
            for (guint j = 0; j < all->len && !seen; j++)
                seen = !strcmp(((pn_font_file *)g_ptr_array_index(all, j))->path, f->path);
            if (!seen) g_ptr_array_add(all, f);
        }
    return all;
}

const render_opts *render_with_fonts(const tmpl *t, const render_opts *o, render_opts *tmp,
                                     pn_err *err)
{
    if (!o->measure) return o;
    GPtrArray *files = render_font_files(t, o);
    scene_measurer *m =
        scene_measurer_with_fonts(o->measure, (pn_font_file *const *)files->pdata, files->len, err);
    g_ptr_array_free(files, TRUE);
    if (!m) return NULL;
    if (m == o->measure) return o;
    *tmp = *o;
    tmp->measure = m;
    return tmp;
}

scene *render_sheet(tmpl *t, const render_opts *o, int page, pn_err *err)
{
    render_opts tmp;
    if (!(o = render_with_fonts(t, o, &tmp, err))) return NULL;
    return build_sheet(t, o, page, true, err);
}

#define CUT_REACH 4.0 /* mm: how far cut marks reach out from a sheet */
/* Sheets imposed smaller than a tenth of their size would print text of
 * under a point: the paper is refused instead. */
#define RENDER_MIN_NUP_SCALE 0.1

/* Short marks at the corners of each imposed sheet, in its gutter. */
static void cut_marks(scene *s, double x, double y, double w, double h)
{
    scene_style st = scene_stroke_style((pn_rgba){0.3, 0.3, 0.3, 1}, 0.15);
    const double gap = 1, len = CUT_REACH - gap;
    double xs[2] = {x, x + w}, ys[2] = {y, y + h};
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
            double sx = i ? 1 : -1, sy = j ? 1 : -1;
            scene_segment(s, xs[i] + sx * gap, ys[j], xs[i] + sx * (gap + len), ys[j], &st);
            scene_segment(s, xs[i], ys[j] + sy * gap, xs[i], ys[j] + sy * (gap + len), &st);
        }
}

/* The corners' cut marks of sheet i of n (rects r[i] = x, y, w, h) that fit:
 * outside every sheet and inside the printable area of the pw x ph paper. */
static void actual_marks(scene *s, const double (*r)[4], int n, int i, double pw, double ph)
{
    scene_style st = scene_stroke_style((pn_rgba){0.3, 0.3, 0.3, 1}, 0.15);
    const double gap = 1, len = CUT_REACH - gap, m = PAPER_UNPRINTABLE_MM;
    double xs[2] = {r[i][0], r[i][0] + r[i][2]}, ys[2] = {r[i][1], r[i][1] + r[i][3]};
    for (int a = 0; a < 2; a++)
        for (int b = 0; b < 2; b++)
            for (int dir = 0; dir < 2; dir++) {
                double sx = a ? 1 : -1, sy = b ? 1 : -1;
                double x0 = xs[a], y0 = ys[b], x1 = xs[a], y1 = ys[b];
                if (dir == 0) {
                    x0 += sx * gap;
                    x1 += sx * (gap + len);
                } else {
                    y0 += sy * gap;
                    y1 += sy * (gap + len);
                }
                bool fits = fmin(x0, x1) >= m && fmax(x0, x1) <= pw - m && fmin(y0, y1) >= m &&
                            fmax(y0, y1) <= ph - m;
                for (int j = 0; j < n && fits; j++)
                    fits = fmax(x0, x1) <= r[j][0] || fmin(x0, x1) >= r[j][0] + r[j][2] ||
                           fmax(y0, y1) <= r[j][1] || fmin(y0, y1) >= r[j][1] + r[j][3];
                if (fits) scene_segment(s, x0, y0, x1, y1, &st);
            }
}

/* impose() at 100%: each sheet at its template's own size, centred in its
 * part of the paper (its own margins keep it clear of the paper's border),
 * with the cut marks there is room for. */
static scene *impose_actual(tmpl *t, const render_opts *o, double pw, double ph, int cols, int rows,
                            int first, int count, pn_err *err)
{
    render_opts ao = *o;
    ao.paper = NULL; /* the template's own paper and orientation */
    ao.landscape = -1;
    double sw, sh;
    if (render_sheet_size(t, &ao, &sw, &sh, err)) return NULL;
    double cw = pw / cols, ch = ph / rows;
    if (sw > cw + 0.01 || sh > ch + 0.01) {
        pn_err_set(err, PN_EUSAGE,
                   "%d sheets of %gx%gmm at their own size need a paper of %gx%gmm; the paper "
                   "is %gx%gmm",
                   o->nup, sw, sh, sw * cols, sh * rows, pw, ph);
        return NULL;
    }
    scene *paper = scene_new(pw, ph, o->mono, o->measure);
    double r[4][4];
    for (int i = 0; i < count; i++) {
        int c = i % cols, row = i / cols;
        r[i][0] = c * cw + (cw - sw) / 2;
        r[i][1] = row * ch + (ch - sh) / 2;
        r[i][2] = sw;
        r[i][3] = sh;
    }
    for (int i = 0; i < count; i++) {
        scene *s = build_sheet(t, &ao, first + i, false, err);
        char prefix[16];
        snprintf(prefix, sizeof prefix, "%d:", i + 1);
        int rc = s ? scene_append(paper, s, 1, r[i][0], r[i][1], prefix, err) : -1;
        scene_free(s);
        if (!rc && t->seeded)
            rc = add_footer(t, paper, r[i][0] + 1, sw - 2, r[i][1] + sh - 0.8, 6,
                            sheet_seed(t, o, first + i), err);
        if (rc) {
            scene_free(paper);
            return NULL;
        }
    }
    for (int i = 0; i < count; i++)
        actual_marks(paper, (const double(*)[4])r, count, i, pw, ph);
    return paper;
}

/* Lays sheets first..first+nup-1 onto one paper. */
static scene *impose(tmpl *t, const render_opts *o, int first, int count, pn_err *err)
{
    double sw, sh;
    render_opts so = *o;
    if (o->nup == 2 && o->paper && !paper_is_named(o->paper) && o->landscape < 0) {
        /* WxH as written is the paper: each sheet takes half of it, turned. */
        double w, h;
        if (paper_size(o->paper, &w, &h, err)) return NULL;
        so.landscape = w > h ? 0 : 1;
    }
    o = &so;
    if (render_sheet_size(t, o, &sw, &sh, err)) return NULL;
    /* 2-up turns the paper so two sheets stand side by side (one above the
     * other when the paper is upright); 4-up keeps it. */
    double pw = o->nup == 2 ? sh : sw, ph = o->nup == 2 ? sw : sh;
    int cols = o->nup == 2 && pw < ph ? 1 : 2, rows = o->nup == 2 ? 3 - cols : 2;
    if (o->actual_size) return impose_actual(t, o, pw, ph, cols, rows, first, count, err);
    /* The cut marks reach CUT_REACH past each sheet: the outer gutter keeps
     * them out of the border printers cannot print. */
    const double gutter = 2 * CUT_REACH, outer = PAPER_UNPRINTABLE_MM + CUT_REACH + 1;
    double cw = (pw - 2 * outer - gutter * (cols - 1)) / cols,
           ch = (ph - 2 * outer - gutter * (rows - 1)) / rows;
    double k = cw / sw < ch / sh ? cw / sw : ch / sh;
    /* A small paper leaves no room once its border and the cut marks are
     * kept: the scale came to 0 (a cairo error reported as a write failure)
     * or below it (every sheet drawn upside down). */
    if (!(k >= RENDER_MIN_NUP_SCALE)) {
        pn_err_set(err, PN_EUSAGE,
                   "a %gx%gmm paper leaves no room for %d sheets with their cut marks (%gmm at "
                   "its border, %gmm between sheets); give a larger --paper",
                   pw, ph, o->nup, outer, gutter);
        if (!o->paper && t->paper_line) { /* the template's own page.paper */
            pn_err why = *err;
            pn_err_at(err, t->file, t->paper_line, t->paper_col, "%s", why.msg);
        }
        return NULL;
    }
    scene *paper = scene_new(pw, ph, o->mono, o->measure);
    for (int i = 0; i < count; i++) {
        scene *s = build_sheet(t, o, first + i, false, err);
        if (!s) {
            scene_free(paper);
            return NULL;
        }
        int c = i % cols, r = i / cols;
        double x = outer + c * (cw + gutter) + (cw - sw * k) / 2;
        double y = outer + r * (ch + gutter) + (ch - sh * k) / 2;
        char prefix[16];
        snprintf(prefix, sizeof prefix, "%d:", i + 1);
        int rc = scene_append(paper, s, k, x, y, prefix, err);
        scene_free(s);
        if (rc) {
            scene_free(paper);
            return NULL;
        }
        cut_marks(paper, x, y, sw * k, sh * k);
        /* The footer in the sheet's bottom margin, at a size still legible. */
        double size = 6 * k < 4.5 ? 4.5 : 6 * k, left = 1;
        if (t->seeded && t->scan && !o->no_scan_marks) {
            char *code = marks_code(t, o, sheet_seed(t, o, first + i), first + i);
            left = (marks_bottom_reach(code) + 1) * k;
            g_free(code);
        }
        if (t->seeded && add_footer(t, paper, x + left, sw * k - 2 * left, y + sh * k - 0.8, size,
                                    sheet_seed(t, o, first + i), err)) {
            scene_free(paper);
            return NULL;
        }
    }
    return paper;
}

/* Paper p (0-based) of the document: one sheet, or nup sheets imposed. */
static scene *render_paper(tmpl *t, const render_opts *o, int p, int pages, int nup, pn_err *err)
{
    scene *s = nup == 1 ? render_sheet(t, o, p, err)
                        : impose(t, o, p * nup, MIN(nup, pages - p * nup), err);
    return s ? render_adjust(o, s, err) : NULL;
}

int render_budget_add(render_budget *bu, const scene *s, bool repeated, const char *what,
                      pn_err *err)
{
    size_t n = scene_count(s), k = scene_seg_count(s), x = scene_shaped(s);
    bu->items += repeated ? n / 4 : n;
    bu->segs += repeated ? k / 4 : k;
    bu->shaped += repeated ? 0 : x; /* shown again, its text is not set again */
    if (bu->items > RENDER_MAX_DOC_ITEMS)
        return pn_err_set(err, PN_EINPUT,
                          "the document would hold more than %d items; render fewer %s",
                          RENDER_MAX_DOC_ITEMS, what);
    if (bu->segs > RENDER_MAX_DOC_SEGS)
        return pn_err_set(err, PN_EINPUT,
                          "the document would hold more than %d path segments; render fewer %s",
                          RENDER_MAX_DOC_SEGS, what);
    if (bu->shaped > RENDER_MAX_DOC_SHAPED)
        return pn_err_set(err, PN_EINPUT,
                          "the document would set more than %zu bytes of text (a template's own "
                          "fonts count each byte several times); render fewer %s",
                          RENDER_MAX_DOC_SHAPED, what);
    return 0;
}

/* Draws s again as a new page: through the backend's shared content when it
 * kept it, else in full. */
static int draw_again(const pn_backend *be, void *b, const scene *s, render_budget *bu, pn_err *err)
{
    int rc = be->repeat_page ? be->repeat_page(b, err) : 1;
    if (rc < 0) return -1;
    if (render_budget_add(bu, s, rc == 0, "pages", err)) return -1;
    return rc > 0 ? pn_backend_draw_page(be, b, s, err) : 0;
}

/* Draws cur: a repeat of the page the backend shares when it is the same, a
 * new shared page when the next paper (NULL: none or not laid out) is the same
 * as cur, else a page in full. cur becomes *shared or is freed. */
static int draw_paper(const pn_backend *be, void *b, scene *cur, const scene *next, scene **shared,
                      render_budget *bu, pn_err *err)
{
    int rc;
    if (*shared && scene_equal(cur, *shared)) {
        rc = draw_again(be, b, cur, bu, err);
    } else if (next && scene_equal(cur, next)) {
        rc = render_budget_add(bu, cur, false, "pages", err)
                 ? -1
                 : pn_backend_draw_shared(be, b, cur, err);
        scene_free(*shared);
        *shared = cur;
        return rc;
    } else {
        rc = render_budget_add(bu, cur, false, "pages", err)
                 ? -1
                 : pn_backend_draw_page(be, b, cur, err);
    }
    scene_free(cur);
    return rc;
}

/* True when every sheet of the document is the same as the first: nothing
 * differs by page (no seed, no page hooks, only components that are the same
 * on every page), so the first sheet's layout serves them all. */
static bool sheets_alike(const tmpl *t, const render_opts *o)
{
    if (t->seeded || o->hook || o->prepare || tmpl_data_of(t)) return false;
    for (guint i = 0; i < t->comps->len; i++) {
        const tmpl_comp *c = g_ptr_array_index(t->comps, i);
        if (c->enabled && !comp_same_every_page(c->type)) return false;
    }
    return true;
}

int render_page_done(const render_opts *o, int done, int total, pn_err *err)
{
    if (o->progress) o->progress(o->progress_user, done, total);
    if (o->cancel && __atomic_load_n(o->cancel, __ATOMIC_RELAXED))
        return pn_err_set(err, PN_EIO, "the render was cancelled");
    return 0;
}

/* Draws a document whose papers are all the first (but perhaps the last, which
 * holds fewer sheets): it is drawn once, shared when the backend can, and
 * repeated; first is freed. */
static int draw_alike(tmpl *t, const render_opts *o, const pn_backend *be, void *b, scene *first,
                      int pages, int nup, render_budget *bu, pn_err *err)
{
    int papers = (pages + nup - 1) / nup, same = pages / nup > 0 ? pages / nup : 1;
    bool share = same > 1 && be->begin_shared && be->repeat_page;
    int rc = render_budget_add(bu, first, false, "pages", err);
    if (!rc)
        rc = share ? pn_backend_draw_shared(be, b, first, err)
                   : pn_backend_draw_page(be, b, first, err);
    if (!rc) rc = render_page_done(o, 1, papers, err);
    for (int p = 2; p <= same && !rc; p++) {
        rc = draw_again(be, b, first, bu, err);
        if (!rc) rc = render_page_done(o, p, papers, err);
    }
    scene_free(first);
    if (!rc && same < papers) {
        scene *last = render_paper(t, o, papers - 1, pages, nup, err);
        rc = !last || render_budget_add(bu, last, false, "pages", err)
                 ? -1
                 : pn_backend_draw_page(be, b, last, err);
        scene_free(last);
        if (!rc) rc = render_page_done(o, papers, papers, err);
    }
    return rc;
}

static int render_all(tmpl *t, const render_opts *o, pn_err *err);

int render_template(tmpl *t, const render_opts *o, pn_err *err)
{
    /* the backends look at o->cancel between the items of a page too, so a
     * page that takes long to draw stops in the middle */
    const volatile sig_atomic_t *was = pn_backend_cancel_use(o->cancel);
    int rc = render_all(t, o, err);
    pn_backend_cancel_use(was);
    return rc;
}

static int render_all(tmpl *t, const render_opts *o, pn_err *err)
{
    const pn_backend *be = pn_backend_find(o->backend ? o->backend : "cairo");
    if (!be) return pn_err_set(err, PN_EUSAGE, "unknown backend '%s'", o->backend);
    if (!be->supports(o->format))
        return pn_err_set(err, PN_EUSAGE, "the %s backend cannot write %s", be->id, o->format);
    /* On papers of cards the bleed is each card's, drawn by clipping: any
     * backend; elsewhere the page grows and carries the print-shop boxes. */
    bool card_bleed = o->grid_cols > 0 && !o->card_single;
    if (o->bleed > 0 && !be->bleed && !card_bleed)
        return pn_err_set(err, PN_EUSAGE,
                          "bleed needs the haru backend (the %s backend cannot write the trim and "
                          "bleed boxes a print shop reads)",
                          be->id);
    if (o->ttf && !be->ttf)
        return pn_err_set(err, PN_EUSAGE,
                          "a TrueType font to embed needs the haru backend (the %s backend draws "
                          "every character with "
                          "its own fonts)",
                          be->id);
    render_opts with_fonts;
    if (!(o = render_with_fonts(t, o, &with_fonts, err))) return -1;
    if (o->grid_cols > 0) return render_cards(t, o, be, err);
    int pages = render_page_total(t, o, err);
    if (pages < 0) return -1;
    int nup = o->nup > 1 ? o->nup : 1;
    if (pages > RENDER_MAX_PAGES)
        return pn_err_set(err, PN_EUSAGE, "pages: at most %d", RENDER_MAX_PAGES);
    if (nup != 1 && nup != 2 && nup != 4)
        return pn_err_set(err, PN_EUSAGE, "sheets per paper: 2 or 4");
    if (o->dpi != 0 && (o->dpi < RENDER_MIN_DPI || o->dpi > RENDER_MAX_DPI))
        return pn_err_set(err, PN_EUSAGE, "resolution (dpi): %d to %d", RENDER_MIN_DPI,
                          RENDER_MAX_DPI);
    /* Check the page size and every component before creating any output. */
    scene *cur = render_paper(t, o, 0, pages, nup, err);
    if (!cur) return -1;
    int papers = (pages + nup - 1) / nup;
    bool share = be->begin_shared && be->repeat_page, alike = sheets_alike(t, o);
    /* A pad of one sheet the backend repeats costs a quarter a page (only a PDF
     * holds shared content: SVG and PNG pages are files of their own). */
    bool cheap = alike && share && !strcmp(o->format, "pdf");
    /* The first paper stands for the others: a document of many pages is
     * refused before its first minute of work, not at its limit. */
    static const char *const whats[] = {"items", "path segments", "bytes of text to set"};
    const size_t limits[] = {RENDER_MAX_DOC_ITEMS, RENDER_MAX_DOC_SEGS, RENDER_MAX_DOC_SHAPED};
    const size_t first[] = {scene_count(cur), scene_seg_count(cur), scene_shaped(cur)};
    for (int i = 0; i < 3; i++) {
        size_t x = first[i], again = i == 2 ? 0 : x / 4, /* text is not set again */
            estimate = cheap ? x + again * (size_t)(papers - 1) : x * (size_t)papers;
        if (estimate <= limits[i]) continue;
        scene_free(cur);
        return pn_err_set(err, PN_EINPUT,
                          "%d pages of about %zu %s each would pass the limit of %zu %s in one "
                          "document; render fewer pages",
                          papers, x, whats[i], limits[i], whats[i]);
    }
    void *b = render_open(be, t, o, cur, papers, err);
    if (!b) {
        scene_free(cur);
        return -1;
    }
    render_budget budget = {0};
    int rc;
    if (alike) {
        rc = draw_alike(t, o, be, b, cur, pages, nup, &budget, err);
    } else {
        /* Papers are laid out one ahead, so that a run of identical papers is
         * still drawn once and repeated: memory stays at three scenes whatever
         * the number of pages. */
        scene *shared = NULL;
        rc = 0;
        for (int p = 0; p < papers && !rc; p++) {
            if (!cur && !(cur = render_paper(t, o, p, pages, nup, err))) {
                rc = -1;
                break;
            }
            scene *next = NULL;
            if (share && p + 1 < papers) {
                next = render_paper(t, o, p + 1, pages, nup, err);
                if (!next) {
                    rc = -1;
                    break;
                }
            }
            rc = draw_paper(be, b, cur, next, &shared, &budget, err);
            cur = next;
            if (!rc) rc = render_page_done(o, p + 1, papers, err);
        }
        scene_free(cur);
        scene_free(shared);
    }
    if (rc) {
        be->discard(b);
        return -1;
    }
    return be->finish(b, err);
}

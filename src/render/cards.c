/* cards.c: card grids with cut marks and mirrored backs, and printer
 * correction (see cards.h). */
#include "render/cards.h"

#include <glib.h>
#include <math.h>
#include "render/paper.h"
#include "scene/measure.h"
#include "util/outfile.h"

#define CUT_GAP 1.0 /* mm between the card block and its cut marks */
#define CUT_LEN 5.0 /* mm, at most */

scene *render_adjust(const render_opts *o, scene *s, pn_err *err)
{
    double k = o->scale > 0 ? o->scale : 1;
    if (k == 1 && o->offset_x == 0 && o->offset_y == 0) return s;
    double w = scene_width(s), h = scene_height(s);
    scene *p = scene_new(w, h, scene_mono(s), scene_measurer_of(s));
    int rc = scene_append(p, s, k, w / 2 * (1 - k) + o->offset_x, h / 2 * (1 - k) + o->offset_y, "",
                          err);
    scene_free(s);
    if (rc) {
        scene_free(p);
        return NULL;
    }
    return p;
}

/* The grid on its paper. */
typedef struct cards_layout {
    double pw, ph; /* paper, mm */
    double cw, ch; /* card, mm */
    double x0, y0; /* top-left corner of the block */
    int cols, rows;
    double gutter;
} cards_layout;

static double cell_x(const cards_layout *l, int c)
{
    return l->x0 + c * (l->cw + l->gutter);
}

static double cell_y(const cards_layout *l, int r)
{
    return l->y0 + r * (l->ch + l->gutter);
}

/* Cut marks: every card edge carried on past the block, in the paper's
 * margin, stopping short of the border printers cannot print. */
static void cut_marks(scene *s, const cards_layout *l)
{
    scene_style st = scene_stroke_style((pn_rgba){0, 0, 0, 1}, 0.15);
    double bw = cell_x(l, l->cols - 1) + l->cw - l->x0, bh = cell_y(l, l->rows - 1) + l->ch - l->y0;
    double vlen = fmin(CUT_LEN, l->y0 - CUT_GAP - PAPER_UNPRINTABLE_MM);
    double hlen = fmin(CUT_LEN, l->x0 - CUT_GAP - PAPER_UNPRINTABLE_MM);
    for (int c = 0; c < l->cols && vlen >= 1; c++)
        for (int e = 0; e < 2; e++) {
            if (e == 0 && c > 0 && l->gutter == 0) continue; /* the same line as the last */
            double x = cell_x(l, c) + e * l->cw;
            scene_segment(s, x, l->y0 - CUT_GAP - vlen, x, l->y0 - CUT_GAP, &st);
            scene_segment(s, x, l->y0 + bh + CUT_GAP, x, l->y0 + bh + CUT_GAP + vlen, &st);
        }
    for (int r = 0; r < l->rows && hlen >= 1; r++)
        for (int e = 0; e < 2; e++) {
            if (e == 0 && r > 0 && l->gutter == 0) continue;
            double y = cell_y(l, r) + e * l->ch;
            scene_segment(s, l->x0 - CUT_GAP - hlen, y, l->x0 - CUT_GAP, y, &st);
            scene_segment(s, l->x0 + bw + CUT_GAP, y, l->x0 + bw + CUT_GAP + hlen, y, &st);
        }
}

/* One paper: cards first..first+count-1 of t, mirrored for backs. */
static scene *cards_paper(tmpl *t, const render_opts *co, const cards_layout *l, int first,
                          int count, bool back, pn_err *err)
{
    scene *paper = scene_new(l->pw, l->ph, co->mono, co->measure);
    for (int i = 0; i < count; i++) {
        scene *s = render_sheet(t, co, first + i, err);
        if (!s) {
            scene_free(paper);
            return NULL;
        }
        int c = i % l->cols, r = i / l->cols;
        if (back) c = l->cols - 1 - c;
        char prefix[24];
        g_snprintf(prefix, sizeof prefix, "%d:", first + i + 1);
        int rc = scene_append(paper, s, 1, cell_x(l, c), cell_y(l, r), prefix, err);
        scene_free(s);
        if (rc) {
            scene_free(paper);
            return NULL;
        }
    }
    if (!back) cut_marks(paper, l);
    return paper;
}

static int layout_of(tmpl *t, const render_opts *o, const render_opts *co, cards_layout *l,
                     pn_err *err)
{
    *l = (cards_layout){.cols = o->grid_cols, .rows = o->grid_rows, .gutter = o->gutter};
    if (l->cols < 1 || l->rows < 1 || l->cols > CARDS_MAX_SIDE || l->rows > CARDS_MAX_SIDE)
        return pn_err_set(err, PN_EUSAGE, "the card grid: 1 to %d cards across and down",
                          CARDS_MAX_SIDE);
    if (render_sheet_size(t, co, &l->cw, &l->ch, err)) return -1;
    if (l->cw < CARDS_MIN_MM || l->ch < CARDS_MIN_MM || l->cw > CARDS_MAX_MM ||
        l->ch > CARDS_MAX_MM)
        return pn_err_set(err, PN_EUSAGE, "a card of %gx%gmm: each side must be %g to %g mm", l->cw,
                          l->ch, CARDS_MIN_MM, CARDS_MAX_MM);
    if (paper_size(o->paper ? o->paper : "a4", &l->pw, &l->ph, err)) return -1;
    if ((o->landscape == 1) != (l->pw > l->ph)) {
        double tmp = l->pw;
        l->pw = l->ph;
        l->ph = tmp;
    }
    double bw = l->cols * l->cw + (l->cols - 1) * l->gutter;
    double bh = l->rows * l->ch + (l->rows - 1) * l->gutter;
    double aw = l->pw - 2 * PAPER_UNPRINTABLE_MM, ah = l->ph - 2 * PAPER_UNPRINTABLE_MM;
    if (bw > aw + 1e-9 || bh > ah + 1e-9)
        return pn_err_set(
            err, PN_EUSAGE,
            "the card grid %dx%d of %gx%gmm cards with %gmm gutters takes %gx%gmm; the "
            "%gx%gmm paper has %gx%gmm inside its unprintable border",
            l->cols, l->rows, l->cw, l->ch, l->gutter, bw, bh, l->pw, l->ph, aw, ah);
    l->x0 = (l->pw - bw) / 2;
    l->y0 = (l->ph - bh) / 2;
    return 0;
}

/* Draws one paper and frees it; a paper the same as *kept is repeated from the
 * backend's shared copy, and a back is kept to be shared by later backs. */
static int draw(const pn_backend *be, void *b, scene *s, bool keep, scene **kept, size_t *items,
                pn_err *err)
{
    *items += scene_count(s);
    if (*items > RENDER_MAX_DOC_ITEMS) {
        scene_free(s);
        return pn_err_set(err, PN_EINPUT,
                          "the document would hold more than %d items; render fewer cards",
                          RENDER_MAX_DOC_ITEMS);
    }
    int rc;
    if (keep && *kept && scene_equal(s, *kept)) {
        rc = be->repeat_page ? be->repeat_page(b, err) : 1;
        if (rc > 0) rc = pn_backend_draw_page(be, b, s, err);
        scene_free(s);
        return rc;
    }
    if (keep) {
        rc = pn_backend_draw_shared(be, b, s, err);
        scene_free(*kept);
        *kept = s;
        return rc;
    }
    rc = pn_backend_draw_page(be, b, s, err);
    scene_free(s);
    return rc;
}

/* Cards in the document. */
static int card_total(tmpl *t, const render_opts *o, const render_opts *co, int per, pn_err *err)
{
    int pages = o->pages > 0 ? o->pages : render_sheet_count(t, co, err);
    if (pages < 0) return -1;
    /* A single card without --pages fills a paper, as --nup does. */
    if ((o->pages <= 0 && pages == 1) || o->fill) pages = (pages + per - 1) / per * per;
    if (pages > RENDER_MAX_PAGES)
        return pn_err_set(err, PN_EUSAGE, "at most %d cards", RENDER_MAX_PAGES);
    return pages;
}

/* The options a card is laid out with. */
static render_opts card_opts(const render_opts *o)
{
    render_opts co = *o;
    co.paper = NULL;
    co.landscape = -1;
    co.grid_cols = co.grid_rows = 0;
    co.nup = 1;
    co.scale = co.offset_x = co.offset_y = 0;
    return co;
}

int render_cards_papers(tmpl *t, const render_opts *o, pn_err *err)
{
    render_opts co = card_opts(o);
    cards_layout l;
    if (layout_of(t, o, &co, &l, err)) return -1;
    int per = l.cols * l.rows, pages = card_total(t, o, &co, per, err);
    if (pages < 0) return -1;
    return (pages + per - 1) / per * (o->backs ? 2 : 1);
}

int render_cards(tmpl *t, const render_opts *o, const pn_backend *be, pn_err *err)
{
    /* Each card is a sheet of its own size, laid out as a single sheet is. */
    render_opts co = card_opts(o);
    cards_layout l;
    if (layout_of(t, o, &co, &l, err)) return -1;
    render_opts bo_opts = co;
    bo_opts.card_w = l.cw;
    bo_opts.card_h = l.ch;
    bo_opts.prepare = NULL;
    bo_opts.hook = NULL;
    int per = l.cols * l.rows;
    int pages = card_total(t, o, &co, per, err);
    if (pages < 0) return -1;
    int papers = (pages + per - 1) / per, total = papers * (o->backs ? 2 : 1);
    /* The first paper is laid out before any output exists. */
    scene *cur = cards_paper(t, &co, &l, 0, MIN(per, pages), false, err);
    if (cur && !(cur = render_adjust(o, cur, err))) return -1;
    if (!cur) return -1;
    void *b = render_open(be, t, o, total, err);
    if (!b) {
        scene_free(cur);
        return -1;
    }
    scene *kept = NULL;
    size_t items = 0;
    int rc = 0, done = 0;
    for (int p = 0; p < papers && !rc; p++) {
        int first = p * per, n = MIN(per, pages - first);
        if (!cur && (cur = cards_paper(t, &co, &l, first, n, false, err)))
            cur = render_adjust(o, cur, err);
        rc = cur ? draw(be, b, cur, false, &kept, &items, err) : -1;
        cur = NULL;
        if (!rc) rc = render_page_done(o, ++done, total, err);
        if (rc || !o->backs) continue;
        scene *back = cards_paper(o->backs, &bo_opts, &l, first, n, true, err);
        if (!back || !(back = render_adjust(o, back, err)))
            rc = -1;
        else
            rc = draw(be, b, back, true, &kept, &items, err);
        if (!rc) rc = render_page_done(o, ++done, total, err);
    }
    scene_free(cur);
    scene_free(kept);
    if (rc) {
        be->discard(b);
        return -1;
    }
    return be->finish(b, err);
}

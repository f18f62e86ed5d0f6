/* cards.c: card grids with cut marks and mirrored backs, and printer
 * correction (see cards.h). */
#include "render/cards.h"

#include <glib.h>
#include <math.h>
#include "backend/bleed.h"
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
    double cw, ch; /* card (its trim), mm */
    double x0, y0; /* top-left corner of the first card's trim */
    int cols, rows;
    double gutter; /* between neighbouring trims */
    double bleed;  /* each card's, on every side */
    bool shared;   /* no gutter: neighbours share their cut lines */
} cards_layout;

static double cell_x(const cards_layout *l, int c)
{
    return l->x0 + c * (l->cw + l->gutter);
}

static double cell_y(const cards_layout *l, int r)
{
    return l->y0 + r * (l->ch + l->gutter);
}

/* Cut marks: every card's trim lines carried on past the block (and its
 * bleed), in the paper's margin, stopping short of the border printers
 * cannot print. */
static void cut_marks(scene *s, const cards_layout *l)
{
    scene_style st = scene_stroke_style((pn_rgba){0, 0, 0, 1}, 0.15);
    double bw = cell_x(l, l->cols - 1) + l->cw - l->x0, bh = cell_y(l, l->rows - 1) + l->ch - l->y0;
    double gap = l->bleed + CUT_GAP;
    double vlen = fmin(CUT_LEN, l->y0 - gap - PAPER_UNPRINTABLE_MM);
    double hlen = fmin(CUT_LEN, l->x0 - gap - PAPER_UNPRINTABLE_MM);
    for (int c = 0; c < l->cols && vlen >= 1; c++)
        for (int e = 0; e < 2; e++) {
            if (e == 0 && c > 0 && l->shared) continue; /* the same line as the last */
            double x = cell_x(l, c) + e * l->cw;
            scene_segment(s, x, l->y0 - gap - vlen, x, l->y0 - gap, &st);
            scene_segment(s, x, l->y0 + bh + gap, x, l->y0 + bh + gap + vlen, &st);
        }
    for (int r = 0; r < l->rows && hlen >= 1; r++)
        for (int e = 0; e < 2; e++) {
            if (e == 0 && r > 0 && l->shared) continue;
            double y = cell_y(l, r) + e * l->ch;
            scene_segment(s, l->x0 - gap - hlen, y, l->x0 - gap, y, &st);
            scene_segment(s, l->x0 + bw + gap, y, l->x0 + bw + gap + hlen, y, &st);
        }
}

/* Path i of s again into d: its points on the trim's edges moved out by
 * bleed (0: as it is), with style st. */
static void copy_path(scene *d, const scene *s, size_t i, double bleed, const scene_style *st)
{
    const scene_path *p = &scene_item_at(s, i)->u.path;
    const scene_seg *segs = scene_segs(s);
    double w = scene_width(s), h = scene_height(s);
    int line, col;
    scene_origin(s, i, &line, &col);
    scene_mark(d, line, col);
    scene_begin(d);
    for (size_t j = p->first; j < p->first + p->count; j++) {
        double x = pn_bleed_out(segs[j].x[0], w, bleed), y = pn_bleed_out(segs[j].y[0], h, bleed);
        if (segs[j].op == SEG_MOVE)
            scene_move(d, x, y);
        else if (segs[j].op == SEG_LINE)
            scene_line(d, x, y);
        else if (segs[j].op == SEG_CLOSE)
            scene_close(d);
    }
    scene_end(d, st);
}

/* The card s with its bleed: every fill that is a polygon touching the
 * trim's edge (a background, a band along an edge) reaches out to the bleed
 * edge, its outline staying on the trim, as a page's background does with
 * --bleed (backend/bleed.h). NULL with err past the page's limits. */
static scene *with_bleed(const scene *s, double bleed, pn_err *err)
{
    double w = scene_width(s), h = scene_height(s);
    scene *d = scene_new(w, h, scene_mono(s), scene_measurer_of(s));
    const scene_seg *segs = scene_segs(s);
    size_t from = 0, n = scene_count(s);
    int rc = 0;
    for (size_t i = 0; i < n && !rc; i++) {
        const scene_item *it = scene_item_at(s, i);
        if (it->kind != SCENE_PATH || !it->u.path.style.fill ||
            !pn_bleed_is_background(&it->u.path, segs, w, h))
            continue;
        rc = scene_append_items(d, s, from, i, 1, 0, 0, "", err);
        scene_style fill = it->u.path.style, line = fill;
        fill.stroke = false;
        line.fill = false;
        copy_path(d, s, i, bleed, &fill);
        if (line.stroke) copy_path(d, s, i, 0, &line);
        from = i + 1;
    }
    if (!rc) rc = scene_append_items(d, s, from, n, 1, 0, 0, "", err);
    if (!rc) rc = scene_check(d, err);
    if (rc) {
        scene_free(d);
        return NULL;
    }
    return d;
}

/* Card s (freed) on the paper with its trim's top-left corner at (x, y),
 * clipped to its trim plus the bleed; with shared cut lines the bleed is
 * only on the block's outer edges (edges: left, top, right, bottom). */
static int put_card(scene *paper, scene *s, const cards_layout *l, double x, double y,
                    const bool outer[4], const char *prefix, pn_err *err)
{
    double b = l->bleed;
    if (b > 0) {
        scene *bled = with_bleed(s, b, err);
        scene_free(s);
        if (!bled) return -1;
        s = bled;
    }
    double bl = outer[0] ? b : 0, bt = outer[1] ? b : 0, br = outer[2] ? b : 0,
           bb = outer[3] ? b : 0;
    int rc = scene_clip_set(paper, x - bl, y - bt, l->cw + bl + br, l->ch + bt + bb, err);
    if (!rc) rc = scene_append(paper, s, 1, x, y, prefix, err);
    if (!rc) rc = scene_clip_set(paper, 0, 0, 0, 0, err);
    scene_free(s);
    return rc;
}

/* Cards first..first+count-1 of t on one paper: fronts, or backs placed to
 * meet their fronts when the paper is turned over (on its long edge the
 * columns swap, on its short edge the rows). */
static scene *cards_paper(tmpl *t, const render_opts *co, const cards_layout *l, int first,
                          int count, bool back, bool short_edge, pn_err *err)
{
    scene *paper = scene_new(l->pw, l->ph, co->mono, co->measure);
    for (int i = 0; i < count; i++) {
        scene *s = render_sheet(t, co, first + i, err);
        if (!s) {
            scene_free(paper);
            return NULL;
        }
        int c = i % l->cols, r = i / l->cols;
        /* Turned over on the paper's long edge: its sides when it stands
         * upright (columns mirrored), its top and bottom when it lies on its
         * side (rows mirrored); on its short edge, the other way round. */
        bool rows_turn = short_edge != (l->pw > l->ph);
        if (back && !rows_turn) c = l->cols - 1 - c;
        if (back && rows_turn) r = l->rows - 1 - r;
        char prefix[24];
        g_snprintf(prefix, sizeof prefix, "%d:", first + i + 1);
        bool outer[4] = {!l->shared || c == 0, !l->shared || r == 0, !l->shared || c == l->cols - 1,
                         !l->shared || r == l->rows - 1};
        if (put_card(paper, s, l, cell_x(l, c), cell_y(l, r), outer, prefix, err)) {
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
    *l = (cards_layout){.cols = o->grid_cols, .rows = o->grid_rows, .bleed = o->bleed};
    if (l->cols < 1 || l->rows < 1 || l->cols > CARDS_MAX_SIDE || l->rows > CARDS_MAX_SIDE)
        return pn_err_set(err, PN_EUSAGE, "the card grid: 1 to %d cards across and down",
                          CARDS_MAX_SIDE);
    if (render_sheet_size(t, co, &l->cw, &l->ch, err)) return -1;
    if (l->cw < CARDS_MIN_MM || l->ch < CARDS_MIN_MM || l->cw > CARDS_MAX_MM ||
        l->ch > CARDS_MAX_MM)
        return pn_err_set(err, PN_EUSAGE, "a card of %gx%gmm: each side must be %g to %g mm", l->cw,
                          l->ch, CARDS_MIN_MM, CARDS_MAX_MM);
    if (o->card_single) return 0;
    /* Each card's bleed lies in the gutter: two bleeds side by side need
     * twice the bleed, or no gutter at all for shared cut lines. */
    l->gutter = o->gutter < 0 ? 2 * l->bleed : o->gutter;
    l->shared = l->gutter == 0;
    if (l->gutter > 0 && l->gutter < 2 * l->bleed - 1e-9)
        return pn_err_set(err, PN_EUSAGE,
                          "a gutter of %gmm is narrower than two bleeds of %gmm: neighbouring "
                          "cards would print into each other; make the gutter at least %gmm, or "
                          "0 for shared cut lines",
                          l->gutter, l->bleed, 2 * l->bleed);
    if (l->gutter > CARDS_MAX_GUTTER)
        return pn_err_set(err, PN_EUSAGE, "the gutter must be 0 to %gmm", CARDS_MAX_GUTTER);
    const char *paper = o->paper ? o->paper : "a4";
    if (paper_size(paper, &l->pw, &l->ph, err)) return -1;
    /* A WxH paper is width by height as written, unless --landscape or
     * --portrait turns it; a named one stands upright unless --landscape. */
    bool as_written = !paper_is_named(paper) && o->landscape < 0;
    if (!as_written && (o->landscape == 1) != (l->pw > l->ph)) {
        double tmp = l->pw;
        l->pw = l->ph;
        l->ph = tmp;
    }
    double bw = l->cols * l->cw + (l->cols - 1) * l->gutter;
    double bh = l->rows * l->ch + (l->rows - 1) * l->gutter;
    double aw = l->pw - 2 * PAPER_UNPRINTABLE_MM, ah = l->ph - 2 * PAPER_UNPRINTABLE_MM;
    if (bw + 2 * l->bleed > aw + 1e-9 || bh + 2 * l->bleed > ah + 1e-9) {
        double sw = l->cols * l->cw + 2 * l->bleed, sh = l->rows * l->ch + 2 * l->bleed;
        if (!l->shared && sw <= aw + 1e-9 && sh <= ah + 1e-9)
            return pn_err_set(err, PN_EUSAGE,
                              "the card grid %dx%d of %gx%gmm cards with %gmm gutters and %gmm "
                              "bleed takes %gx%gmm; the %gx%gmm paper has %gx%gmm inside its "
                              "unprintable border (with a gutter of 0, cards sharing their cut "
                              "lines, it takes %gx%gmm)",
                              l->cols, l->rows, l->cw, l->ch, l->gutter, l->bleed,
                              bw + 2 * l->bleed, bh + 2 * l->bleed, l->pw, l->ph, aw, ah, sw, sh);
        return pn_err_set(
            err, PN_EUSAGE,
            "the card grid %dx%d of %gx%gmm cards with %gmm gutters and %gmm bleed takes "
            "%gx%gmm; the %gx%gmm paper has %gx%gmm inside its unprintable border",
            l->cols, l->rows, l->cw, l->ch, l->gutter, l->bleed, bw + 2 * l->bleed,
            bh + 2 * l->bleed, l->pw, l->ph, aw, ah);
    }
    l->x0 = (l->pw - bw) / 2;
    l->y0 = (l->ph - bh) / 2;
    return 0;
}

/* Draws one paper and frees it; a paper the same as *kept is repeated from the
 * backend's shared copy, and a back is kept to be shared by later backs. */
static int draw(const pn_backend *be, void *b, scene *s, bool keep, scene **kept, render_budget *bu,
                pn_err *err)
{
    if (render_budget_add(bu, s, false, "cards", err)) {
        scene_free(s);
        return -1;
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
    if (o->pages <= 0 && tmpl_cards_within(t, RENDER_MAX_PAGES, err)) return -1;
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
    int per = o->card_single ? 1 : l.cols * l.rows, pages = card_total(t, o, &co, per, err);
    if (pages < 0) return -1;
    return (pages + per - 1) / per * (o->backs ? 2 : 1);
}

/* One card per page: the page is the card's trim, which the backend grows by
 * the bleed (TrimBox, BleedBox, backgrounds reaching into it) without crop
 * marks; each front is followed by its back. Identical backs are drawn once. */
static int cards_single(tmpl *t, const render_opts *o, const render_opts *co, const render_opts *bo,
                        int pages, const pn_backend *be, pn_err *err)
{
    int total = pages * (o->backs ? 2 : 1);
    /* The first card is laid out before any output exists. */
    scene *cur = render_sheet(t, co, 0, err);
    if (!cur) return -1;
    void *b = render_open(be, t, o, cur, total, err);
    if (!b) {
        scene_free(cur);
        return -1;
    }
    scene *kept = NULL;
    render_budget bu = {0};
    int rc = 0, done = 0;
    for (int k = 0; k < pages && !rc; k++) {
        if (!cur) cur = render_sheet(t, co, k, err);
        rc = cur ? draw(be, b, cur, false, &kept, &bu, err) : -1;
        cur = NULL;
        if (!rc) rc = render_page_done(o, ++done, total, err);
        if (rc || !o->backs) continue;
        scene *back = render_sheet(o->backs, bo, k, err);
        rc = back ? draw(be, b, back, true, &kept, &bu, err) : -1;
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
    int per = o->card_single ? 1 : l.cols * l.rows;
    int pages = card_total(t, o, &co, per, err);
    if (pages < 0) return -1;
    if (o->card_single) return cards_single(t, o, &co, &bo_opts, pages, be, err);
    int papers = (pages + per - 1) / per, total = papers * (o->backs ? 2 : 1);
    /* The bleed is each card's: the paper keeps its size and boxes. */
    render_opts po = *o;
    po.bleed = 0;
    /* The first paper is laid out before any output exists. */
    scene *cur = cards_paper(t, &co, &l, 0, MIN(per, pages), false, false, err);
    if (cur && !(cur = render_adjust(o, cur, err))) return -1;
    if (!cur) return -1;
    void *b = render_open(be, t, &po, cur, total, err);
    if (!b) {
        scene_free(cur);
        return -1;
    }
    scene *kept = NULL;
    render_budget bu = {0};
    int rc = 0, done = 0;
    for (int p = 0; p < papers && !rc; p++) {
        int first = p * per, n = MIN(per, pages - first);
        if (!cur && (cur = cards_paper(t, &co, &l, first, n, false, false, err)))
            cur = render_adjust(o, cur, err);
        rc = cur ? draw(be, b, cur, false, &kept, &bu, err) : -1;
        cur = NULL;
        if (!rc) rc = render_page_done(o, ++done, total, err);
        if (rc || !o->backs) continue;
        scene *back = cards_paper(o->backs, &bo_opts, &l, first, n, true, o->duplex_short, err);
        if (!back || !(back = render_adjust(o, back, err)))
            rc = -1;
        else
            rc = draw(be, b, back, true, &kept, &bu, err);
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

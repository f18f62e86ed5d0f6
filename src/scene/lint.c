/* lint.c: the preflight walk over a scene (see lint.h). Colour-blindness is
 * simulated with the matrices of Machado, Oliveira and Fernandes (2009) at
 * full severity on linear RGB; colour differences are CIE76 in CIELAB (D65). */
#include "scene/lint.h"

#include <cairo.h>
#include <glib.h>
#include <math.h>
#include <pango/pango.h>
#include <stdio.h>
#include <string.h>
#include "scene/glyphs.h"
#include "scene/measure.h"
#include "util/fonts.h"

typedef struct box {
    double x0, y0, x1, y1;
} box;

typedef struct lint_run {
    const scene *s;
    lint_report report;
    void *user;
    int found;
    int unlisted;         /* findings past LINT_MAX_PAGE_FINDINGS, counted only */
    bool colours_cut;     /* the colour comparison stopped at that cap */
    int shape_tests;      /* fills compared by their shapes (fills_touch) */
    size_t shape_segs;    /* the segments those traced */
    size_t shape_px;      /* the pixels of the masks those drew (fills and what covers them) */
    int colours_untested; /* pairs of template places not compared past that budget */
} lint_run;

static void note(lint_run *r, size_t i, const char *kind, const char *fmt, ...) PN_PRINTF(4, 5);
static void note(lint_run *r, size_t i, const char *kind, const char *fmt, ...)
{
    if (r->found >= LINT_MAX_PAGE_FINDINGS) {
        r->unlisted++;
        return;
    }
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    /* One line of UTF-8, as every message: a quoted text may hold newlines. */
    pn_err tidy;
    pn_err_set(&tidy, PN_EINPUT, "%s", msg);
    int line, col;
    scene_origin(r->s, i, &line, &col);
    r->report(r->user, line, col, kind, tidy.msg);
    r->found++;
}

/* True when it leaves no ink: a path whose fill and stroke are both fully
 * transparent (or not there), text in colour none or of alpha 0. Such an
 * item (an answer hidden by a parameter) is never a finding. */
static bool draws_nothing(const scene_item *it)
{
    if (it->kind == SCENE_TEXT) return it->u.text.color.a <= 0;
    if (it->kind != SCENE_PATH) return false;
    const scene_style *st = &it->u.path.style;
    return !(st->fill && st->fill_color.a > 0) &&
           !(st->stroke && st->stroke_color.a > 0 && st->width > 0);
}

/* The box of it in *b; false when it draws nothing. */
static bool item_box(const scene *s, const scene_item *it, box *b)
{
    double e[4];
    bool drawn = scene_item_box(s, it, e) && !draws_nothing(it);
    *b = (box){e[0], e[1], e[2], e[3]};
    return drawn;
}

static const char *what(const scene_item *it)
{
    switch (it->kind) {
    case SCENE_PATH:
        return it->u.path.style.fill ? "a filled shape" : "a line";
    case SCENE_TEXT:
        return "text";
    case SCENE_IMAGE:
        return "an image";
    case SCENE_CELLS:
        return "a printed code";
    default:
        return "a slot";
    }
}

/* A fill covering the whole page: a background, meant to reach the edge. */
static bool is_background(const scene *s, const scene_item *it, const box *b)
{
    const double e = 0.01;
    return it->kind == SCENE_PATH && it->u.path.style.fill && b->x0 <= e && b->y0 <= e &&
           b->x1 >= scene_width(s) - e && b->y1 >= scene_height(s) - e;
}

#define QUOTED_BYTES 60 /* of a text a finding quotes */

/* text as a finding quotes it, in out: its first QUOTED_BYTES bytes at
 * most, cut between two characters (never inside one), "..." when cut. */
static const char *excerpt(char out[QUOTED_BYTES + 4], const char *text)
{
    size_t n = strlen(text);
    if (n <= QUOTED_BYTES) return memcpy(out, text, n + 1);
    n = QUOTED_BYTES;
    while (n > 0 && ((unsigned char)text[n] & 0xC0) == 0x80) /* text[n] continues a character */
        n--;
    memcpy(out, text, n);
    memcpy(out + n, "...", 4);
    return out;
}

/* v in out with `decimals` decimals, or as many more (up to 4) as it takes
 * to show it below lim (side < 0) or above it (side > 0): a figure past a
 * limit is never shown as the limit itself ("6.0 pt, under 6 pt" for
 * 5.99). side 0: no limit. */
static const char *figure(char out[32], double v, int decimals, int side, double lim)
{
    for (int d = decimals;; d++) {
        snprintf(out, 32, "%.*f", d, v);
        double shown = g_ascii_strtod(out, NULL);
        if (d >= 4 || side == 0 || (side < 0 ? shown < lim : shown > lim)) return out;
    }
}

/* b's sides in f (x0, x1, y0, y1, one decimal), each past its limit
 * (x0 under lo[0], y0 under lo[1], x1 over hi[0], y1 over hi[1], by more
 * than e) shown past it. */
static void box_figures(char f[4][32], const box *b, const double lo[2], const double hi[2],
                        double e)
{
    figure(f[0], b->x0, 1, b->x0 < lo[0] - e ? -1 : 0, lo[0]);
    figure(f[1], b->x1, 1, b->x1 > hi[0] + e ? 1 : 0, hi[0]);
    figure(f[2], b->y0, 1, b->y0 < lo[1] - e ? -1 : 0, lo[1]);
    figure(f[3], b->y1, 1, b->y1 > hi[1] + e ? 1 : 0, hi[1]);
}

/* Reports an item off the page ("off-page"), running off it ("runs-off") or
 * into the border printers cannot print ("border"): a kind each, so that
 * findings of one component gathered by place and kind never hide a worse
 * one behind a milder one. */
static void check_bounds(lint_run *r, size_t i, const scene_item *it, const box *b, double border,
                         double bleed)
{
    double w = scene_width(r->s), h = scene_height(r->s), e = 0.01 + bleed;
    char name[QUOTED_BYTES + 8] = "", q[QUOTED_BYTES + 4], f[4][32];
    if (it->kind == SCENE_TEXT) snprintf(name, sizeof name, " \"%s\"", excerpt(q, it->u.text.utf8));
    if (b->x1 < -bleed || b->y1 < -bleed || b->x0 > w + bleed || b->y0 > h + bleed) {
        note(r, i, "off-page", "%s%s is off the page (at %.1f, %.1f mm)", what(it), name, b->x0,
             b->y0);
    } else if (b->x0 < -e || b->y0 < -e || b->x1 > w + e || b->y1 > h + e) {
        box_figures(f, b, (double[2]){-bleed, -bleed}, (double[2]){w + bleed, h + bleed}, e);
        if (bleed > 0)
            note(r, i, "runs-off",
                 "%s%s runs past the %g mm bleed (%s to %s x %s to %s mm on a %gx%gmm page)",
                 what(it), name, bleed, f[0], f[1], f[2], f[3], w, h);
        else
            note(r, i, "runs-off",
                 "%s%s runs off the page (%s to %s x %s to %s mm on a %gx%gmm page)", what(it),
                 name, f[0], f[1], f[2], f[3], w, h);
    } else if (border > 0 && (b->x0 < border - e || b->y0 < border - e || b->x1 > w - border + e ||
                              b->y1 > h - border + e)) {
        box_figures(f, b, (double[2]){border, border}, (double[2]){w - border, h - border}, e);
        note(r, i, "border",
             "%s%s reaches into the %g mm border printers cannot print (%s to %s x %s to %s mm)",
             what(it), name, border, f[0], f[1], f[2], f[3]);
    }
}

/* The thinner side of b: a fill this thin is a hairline, not an area. */
static double thickness(const box *b)
{
    return fmin(b->x1 - b->x0, b->y1 - b->y0);
}

/* True when it is a fill as thin as a line too thin to print (one that
 * leaves any ink, with no stroke that widens it): its colour is not an area's. */
static bool hairline_fill(const scene_item *it, const box *b)
{
    return it->kind == SCENE_PATH && it->u.path.style.fill && it->u.path.style.fill_color.a > 0 &&
           thickness(b) > 1e-6 && thickness(b) < LINT_MIN_LINE_MM - 1e-9;
}

/* Reports text too small to read and lines (and fills as thin as lines) too
 * thin to print; b is its box. */
static void check_cheap(lint_run *r, size_t i, const scene_item *it, const box *b)
{
    char q[QUOTED_BYTES + 4], f[32];
    if (it->kind == SCENE_TEXT && *it->u.text.utf8 &&
        it->u.text.font.size < LINT_MIN_TEXT_PT - 1e-9)
        note(r, i, "text-size", "text \"%s\" is %s pt, under %g pt: hard to read",
             excerpt(q, it->u.text.utf8), figure(f, it->u.text.font.size, 1, -1, LINT_MIN_TEXT_PT),
             LINT_MIN_TEXT_PT);
    if (it->kind == SCENE_PATH && it->u.path.style.stroke && it->u.path.style.width > 0 &&
        it->u.path.style.stroke_color.a > 0 && it->u.path.style.width < LINT_MIN_LINE_MM - 1e-9)
        note(r, i, "line-width", "a line %s mm wide, under %g mm: it may not print",
             figure(f, it->u.path.style.width, 2, -1, LINT_MIN_LINE_MM), LINT_MIN_LINE_MM);
    else if (hairline_fill(it, b))
        note(r, i, "line-width", "a filled shape %s mm wide, under %g mm: it may not print",
             figure(f, thickness(b), 2, -1, LINT_MIN_LINE_MM), LINT_MIN_LINE_MM);
}

static bool overlap(const box *a, const box *b, double by)
{
    return fmin(a->x1, b->x1) - fmax(a->x0, b->x0) > by &&
           fmin(a->y1, b->y1) - fmax(a->y0, b->y0) > by;
}

/* An item that runs into a printed code (a scan mark and its white square),
 * under it or over it, spoils the code or is hidden by it. A shape that holds
 * the whole code (a sheet's background under n-up) is what the white square
 * is for, and is not reported. */
static void check_marks(lint_run *r, size_t i, const scene_item *it, const box *b,
                        const GArray *marks)
{
    const double e = 0.01;
    for (guint k = 0; k < marks->len; k++) {
        const box *m = &g_array_index(marks, box, k);
        bool holds =
            b->x0 <= m->x0 + e && b->y0 <= m->y0 + e && b->x1 >= m->x1 - e && b->y1 >= m->y1 - e;
        if (holds || !overlap(b, m, e)) continue;
        char name[QUOTED_BYTES + 8] = "", q[QUOTED_BYTES + 4];
        if (it->kind == SCENE_TEXT)
            snprintf(name, sizeof name, " \"%s\"", excerpt(q, it->u.text.utf8));
        note(r, i, "scan-mark",
             "%s%s runs into a scan mark (%.1f to %.1f x %.1f to %.1f mm): keep the corners "
             "and the foot of the sheet clear",
             what(it), name, m->x0, m->x1, m->y0, m->y1);
        return;
    }
}

/* --- overlapping text --- */

/* A text run as its glyphs draw: the corners of its ink box, turned with
 * the text, and the upright box around them. */
typedef struct text_run {
    size_t item;
    double x[4], y[4];
    box b;
} text_run;

/* t of item i in *run: its ink (its logical box, b, without fonts); false
 * when it draws nothing. */
static bool text_run_of(const scene *s, size_t i, const box *b, text_run *run)
{
    const scene_text *t = &scene_item_at(s, i)->u.text;
    double ink[4];
    *run = (text_run){.item = i, .b = *b};
    if (!scene_measurer_of(s)) { /* the upright box, as its corners */
        double cx[4] = {b->x0, b->x1, b->x1, b->x0}, cy[4] = {b->y0, b->y0, b->y1, b->y1};
        memcpy(run->x, cx, sizeof cx), memcpy(run->y, cy, sizeof cy);
        return true;
    }
    if (!scene_measure_ink(scene_measurer_of(s), &t->font, t->utf8, ink)) return false;
    double a = t->angle * G_PI / 180, c = cos(a), sn = sin(a);
    double px[4] = {ink[0], ink[2], ink[2], ink[0]}, py[4] = {ink[1], ink[1], ink[3], ink[3]};
    run->b = (box){INFINITY, INFINITY, -INFINITY, -INFINITY};
    for (int k = 0; k < 4; k++) {
        run->x[k] = t->bx + px[k] * c - py[k] * sn;
        run->y[k] = t->by + px[k] * sn + py[k] * c;
        run->b = (box){fmin(run->b.x0, run->x[k]), fmin(run->b.y0, run->y[k]),
                       fmax(run->b.x1, run->x[k]), fmax(run->b.y1, run->y[k])};
    }
    return true;
}

/* True when no side of a or b separates them by less than `by` of overlap:
 * the boxes, each turned with its text, overlap by more than `by` across
 * every one of their four directions (separating axes). */
static bool runs_overlap(const text_run *a, const text_run *b, double by)
{
    if (!overlap(&a->b, &b->b, by)) return false;
    const text_run *side[2] = {a, b};
    for (int q = 0; q < 4; q++) {
        const text_run *o = side[q / 2];
        int k = q % 2;
        double ax = o->x[k + 1] - o->x[k], ay = o->y[k + 1] - o->y[k], l = hypot(ax, ay);
        if (l < 1e-12) continue;
        ax /= l, ay /= l;
        double lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
        for (int w = 0; w < 2; w++)
            for (int v = 0; v < 4; v++) {
                double p = side[w]->x[v] * ax + side[w]->y[v] * ay;
                lo[w] = fmin(lo[w], p), hi[w] = fmax(hi[w], p);
            }
        if (fmin(hi[0], hi[1]) - fmax(lo[0], lo[1]) <= by) return false;
    }
    return true;
}

/* Reports text item i (box b) overlapping one of the texts before it by
 * more than LINT_TEXT_OVERLAP_MM both ways, where their glyphs draw (not the
 * font's line height: lines of one paragraph set solid do not overlap), each
 * turned as it is; then keeps it among them. */
static void check_text(lint_run *r, size_t i, const box *b, GArray *texts)
{
    text_run run;
    if (!text_run_of(r->s, i, b, &run)) return;
    for (guint j = 0; j < texts->len; j++) {
        const text_run *o = &g_array_index(texts, text_run, j);
        if (!runs_overlap(o, &run, LINT_TEXT_OVERLAP_MM)) continue;
        int line, col;
        scene_origin(r->s, o->item, &line, &col);
        char q[QUOTED_BYTES + 4], q2[QUOTED_BYTES + 4];
        note(r, i, "overlap", "text \"%s\" overlaps \"%s\" (line %d)",
             excerpt(q, scene_item_at(r->s, i)->u.text.utf8),
             excerpt(q2, scene_item_at(r->s, o->item)->u.text.utf8), line);
        break;
    }
    if (texts->len < SCENE_MAX_TEXTS) g_array_append_val(texts, run);
}

/* --- colour --- */

static double lin(double v)
{
    return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
}

static double gam(double v)
{
    v = fmin(1, fmax(0, v));
    return v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055;
}

pn_rgba lint_simulate_cvd(pn_rgba c, int which)
{
    static const double m[2][3][3] = {
        {{0.152286, 1.052583, -0.204868},
         {0.114503, 0.786281, 0.099216},
         {-0.003882, -0.048116, 1.051998}},
        {{0.367322, 0.860646, -0.227968},
         {0.280085, 0.672501, 0.047413},
         {-0.011820, 0.042940, 0.968881}},
    };
    double v[3] = {lin(c.r), lin(c.g), lin(c.b)}, o[3];
    for (int i = 0; i < 3; i++)
        o[i] = m[which][i][0] * v[0] + m[which][i][1] * v[1] + m[which][i][2] * v[2];
    return (pn_rgba){gam(o[0]), gam(o[1]), gam(o[2]), c.a};
}

static void to_lab(pn_rgba c, double lab[3])
{
    double r = lin(c.r), g = lin(c.g), b = lin(c.b);
    double xyz[3] = {(0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
                     0.2126 * r + 0.7152 * g + 0.0722 * b,
                     (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883};
    double f[3];
    for (int i = 0; i < 3; i++)
        f[i] = xyz[i] > 216.0 / 24389 ? cbrt(xyz[i]) : (24389.0 / 27 * xyz[i] + 16) / 116;
    lab[0] = 116 * f[1] - 16;
    lab[1] = 500 * (f[0] - f[1]);
    lab[2] = 200 * (f[1] - f[2]);
}

/* CIE76 difference of two CIELAB colours. */
static double lab_distance(const double x[3], const double y[3])
{
    return sqrt((x[0] - y[0]) * (x[0] - y[0]) + (x[1] - y[1]) * (x[1] - y[1]) +
                (x[2] - y[2]) * (x[2] - y[2]));
}

double lint_delta_e(pn_rgba a, pn_rgba b)
{
    double x[3], y[3];
    to_lab(a, x);
    to_lab(b, y);
    return lab_distance(x, y);
}

static unsigned rgb24(pn_rgba c)
{
    return (unsigned)lround(c.r * 255) << 16 | (unsigned)lround(c.g * 255) << 8 |
           (unsigned)lround(c.b * 255);
}

/* A filled shape compared for colours: where it lies, and the colour it
 * prints (a translucent fill over what lies under it) as seen normally, with
 * protanopia, with deuteranopia and in greyscale (CIELAB), computed once. */
typedef struct fill {
    size_t item;
    box b;            /* its ink's box */
    box g;            /* the box of its outline's points: a rectangle's shape */
    pn_rgba c;        /* its colour as given, alpha and all */
    unsigned rgb;     /* the colour it prints, as #rrggbb */
    guint origin;     /* its template place, numbered in the order first met */
    bool rect;        /* an upright rectangle (g is its shape) */
    bool clipped;     /* drawn under a clip: it may show less than its outline */
    bool page;        /* it fills the whole page: a background */
    bool hidden;      /* wholly under a later opaque rectangle */
    bool unsure;      /* translucent, and what lies under it was past the budget */
    double lab[4][3]; /* 0 normal sight, 1 protanopia, 2 deuteranopia, 3 grey */
} fill;

/* Adds p's outline to cr. */
static void trace(cairo_t *cr, const scene *s, const scene_path *p)
{
    const scene_seg *g = scene_segs(s) + p->first;
    cairo_new_path(cr);
    for (size_t k = 0; k < p->count; k++) {
        switch (g[k].op) {
        case SEG_MOVE:
            cairo_move_to(cr, g[k].x[0], g[k].y[0]);
            break;
        case SEG_LINE:
            cairo_line_to(cr, g[k].x[0], g[k].y[0]);
            break;
        case SEG_CURVE:
            cairo_curve_to(cr, g[k].x[0], g[k].y[0], g[k].x[1], g[k].y[1], g[k].x[2], g[k].y[2]);
            break;
        case SEG_CLOSE:
            cairo_close_path(cr);
            break;
        }
    }
}

/* The box of p's points in *g; true when p is an upright rectangle: one
 * move, then lines along the axes through the four corners of that box. */
static bool outline_box(const scene *s, const scene_path *p, box *g)
{
    const scene_seg *sg = scene_segs(s) + p->first;
    *g = (box){INFINITY, INFINITY, -INFINITY, -INFINITY};
    for (size_t k = 0; k < p->count; k++)
        for (int q = 0; q < (sg[k].op == SEG_CURVE ? 3 : sg[k].op == SEG_CLOSE ? 0 : 1); q++)
            *g = (box){fmin(g->x0, sg[k].x[q]), fmin(g->y0, sg[k].y[q]), fmax(g->x1, sg[k].x[q]),
                       fmax(g->y1, sg[k].y[q])};
    if (p->count < 4 || p->count > 6 || sg[0].op != SEG_MOVE || !(g->x1 > g->x0) ||
        !(g->y1 > g->y0))
        return false;
    unsigned corners = 0;
    double px = sg[0].x[0], py = sg[0].y[0];
    for (size_t k = 0; k < p->count; k++) {
        if (sg[k].op == SEG_CLOSE && k == p->count - 1) break;
        if (k > 0 && sg[k].op != SEG_LINE) return false;
        double x = sg[k].x[0], y = sg[k].y[0];
        bool left = x == g->x0, top = y == g->y0;
        if ((!left && x != g->x1) || (!top && y != g->y1) || (x != px && y != py)) return false;
        corners |= 1u << (left * 2 + top);
        px = x, py = y;
    }
    return corners == 15 && (px == sg[0].x[0] || py == sg[0].y[0]);
}

static bool holds(const box *out, const box *in)
{
    const double e = 1e-6;
    return out->x0 <= in->x0 + e && out->y0 <= in->y0 + e && out->x1 >= in->x1 - e &&
           out->y1 >= in->y1 - e;
}

/* The segments of item i when it is a path (0 for anything else). */
static size_t path_segs(const scene *s, size_t i)
{
    const scene_item *it = scene_item_at(s, i);
    return it->kind == SCENE_PATH ? it->u.path.count : 0;
}

/* What tracing item i and asking cairo whether points lie in it costs
 * against the sheet's budget of segments: a curve counts as the
 * LINT_CURVE_SEGS lines cairo flattens it into. */
static size_t path_cost(const scene *s, size_t i)
{
    const scene_item *it = scene_item_at(s, i);
    if (it->kind != SCENE_PATH) return 0;
    const scene_seg *g = scene_segs(s) + it->u.path.first;
    size_t n = 0;
    for (size_t k = 0; k < it->u.path.count; k++)
        n += g[k].op == SEG_CURVE ? LINT_CURVE_SEGS : 1;
    return n;
}

/* Up to 9 points that lie in f's own shape into xs, ys: its box's centre,
 * the middles of its sides (inset) and the points halfway from the centre
 * to its corners, which lie inside a disc or a hexagon where the corners do
 * not. The count (0: none, a thin ring), or -1 past the sheet's budget of
 * segments. */
static int inside_points(lint_run *r, cairo_t *cr, const fill *f, double xs[9], double ys[9])
{
    double e = fmin(0.01, fmin(f->b.x1 - f->b.x0, f->b.y1 - f->b.y0) / 4);
    double gx[3] = {f->b.x0 + e, (f->b.x0 + f->b.x1) / 2, f->b.x1 - e};
    double gy[3] = {f->b.y0 + e, (f->b.y0 + f->b.y1) / 2, f->b.y1 - e};
    if (f->rect) {
        for (int q = 0; q < 9; q++)
            xs[q] = gx[q % 3], ys[q] = gy[q / 3];
        return 9;
    }
    size_t cost = 10 * path_cost(r->s, f->item);
    if (r->shape_segs + cost > LINT_MAX_SHAPE_SEGS) return -1;
    r->shape_segs += cost;
    trace(cr, r->s, &scene_item_at(r->s, f->item)->u.path);
    int n = 0;
    for (int q = 0; q < 9; q++) {
        /* corners pulled halfway to the centre: inside a disc or a hex */
        double x = q % 3 == 1 ? gx[1] : (gx[q % 3] + gx[1]) / 2;
        double y = q / 3 == 1 ? gy[1] : (gy[q / 3] + gy[1]) / 2;
        if (q != 4 && (q % 3 == 1 || q / 3 == 1)) x = gx[q % 3], y = gy[q / 3];
        if (cairo_in_fill(cr, x, y)) xs[n] = x, ys[n] = y, n++;
    }
    return n;
}

/* 1 when the shape of u holds f (its points from inside_points, n of
 * them), 0 when not, -1 when that is past the sheet's budget of segments.
 * A rectangle holds by its box; another shape must hold every point. */
static int lies_on(lint_run *r, cairo_t *cr, const fill *u, const fill *f, const double *xs,
                   const double *ys, int n)
{
    if (u->clipped || !holds(&u->b, &f->b)) return 0;
    if (u->rect) return holds(&u->g, &f->b);
    size_t cost = (size_t)(n + 1) * path_cost(r->s, u->item);
    if (r->shape_segs + cost > LINT_MAX_SHAPE_SEGS) return -1;
    r->shape_segs += cost;
    trace(cr, r->s, &scene_item_at(r->s, u->item)->u.path);
    for (int q = 0; q < n; q++)
        if (!cairo_in_fill(cr, xs[q], ys[q])) return 0;
    return 1;
}

/* f for item i of colour c (as given), whose path's outline box is g; its
 * colours in every sight are set by fill_colours. origin from places
 * (template place -> its number), which it grows. */
static fill fill_of(const scene *s, size_t i, const box *b, pn_rgba c, GHashTable *places)
{
    fill f = {.item = i, .b = *b, .c = c};
    f.rect = outline_box(s, &scene_item_at(s, i)->u.path, &f.g);
    int line, col;
    scene_origin(s, i, &line, &col);
    gint64 key = (gint64)line << 32 | (guint32)col;
    gpointer n;
    if (!g_hash_table_lookup_extended(places, &key, NULL, &n)) {
        n = GUINT_TO_POINTER(g_hash_table_size(places));
        g_hash_table_insert(places, g_memdup2(&key, sizeof key), n);
    }
    f.origin = GPOINTER_TO_UINT(n);
    return f;
}

/* Works out what every fill prints: which lie wholly under a later opaque
 * rectangle (hidden: nothing of them shows; a translucent one shows what is
 * under it), and the colour of each, a translucent one over the topmost
 * fill before it that holds it (or the white paper); then that colour in
 * every sight. A translucent fill whose ground is past the budget is
 * unsure: its pairs are counted as not compared. */
static void fill_colours(lint_run *r, GArray *fills, pn_rgba *printed)
{
    fill *f = (fill *)(void *)fills->data;
    for (guint i = 0; i < fills->len; i++)
        for (guint j = i + 1; j < fills->len && !f[i].hidden; j++)
            f[i].hidden = f[j].rect && !f[j].clipped && f[j].c.a >= 1 && holds(&f[j].g, &f[i].b);
    cairo_surface_t *sf = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1);
    cairo_t *cr = cairo_create(sf);
    for (guint i = 0; i < fills->len; i++) {
        pn_rgba c = f[i].c, under = PN_WHITE;
        double xs[9], ys[9];
        int n = c.a < 1 && !f[i].hidden ? inside_points(r, cr, &f[i], xs, ys) : 0;
        f[i].unsure = n < 0; /* n 0: no point inside, judged over the paper */
        for (guint j = i; n > 0 && j-- > 0;) {
            int on = lies_on(r, cr, &f[j], &f[i], xs, ys, n);
            if (on < 0) f[i].unsure = true;
            if (on) {
                under = on > 0 ? printed[j] : under;
                break;
            }
        }
        printed[i] = (pn_rgba){c.r * c.a + under.r * (1 - c.a), c.g * c.a + under.g * (1 - c.a),
                               c.b * c.a + under.b * (1 - c.a), 1};
        f[i].rgb = rgb24(printed[i]);
        to_lab(printed[i], f[i].lab[0]);
        to_lab(lint_simulate_cvd(printed[i], 0), f[i].lab[1]);
        to_lab(lint_simulate_cvd(printed[i], 1), f[i].lab[2]);
        to_lab(scene_to_grey(printed[i]), f[i].lab[3]);
    }
    cairo_destroy(cr);
    cairo_surface_destroy(sf);
}

/* True when f hides what is under it: opaque, shown (not hidden itself)
 * and not under a clip that may show less of it. A translucent fill shows
 * what is under it, in a colour near its own at a low alpha. */
static bool covers(const fill *f)
{
    return !f->hidden && !f->clipped && f->c.a >= 1;
}

/* Draws item i's fill into cr (its outline traced). */
static void paint(cairo_t *cr, const scene *s, size_t i)
{
    trace(cr, s, &scene_item_at(s, i)->u.path);
    cairo_fill(cr);
}

/* The mask w x h of what is drawn into it, in the window (x0, y0) at kx, ky
 * pixels a mm. */
static cairo_t *mask_of(cairo_surface_t *m, double x0, double y0, double kx, double ky)
{
    cairo_t *cr = cairo_create(m);
    cairo_scale(cr, kx, ky);
    cairo_translate(cr, -x0, -y0);
    return cr;
}

/* 1 when what shows of fill a and of fill b (drawn after it) comes within
 * LINT_ADJACENT_MM, 0 when not, -1 when that is past the page's budget of
 * shape tests and segments. What shows of a fill is its shape less the
 * opaque fills drawn after it (covers); shapes are compared as masks of at
 * most LINT_MASK_PX_MM
 * pixels a mm each way, the window where the boxes meet at most
 * LINT_MASK_MAX_PX pixels a side (a thin fill keeps its pixels across). */
static int fills_touch(lint_run *r, GArray *fills, guint ia, guint ib)
{
    const fill *f = (const fill *)(const void *)fills->data, *a = &f[ia], *b = &f[ib];
    double d = LINT_ADJACENT_MM;
    box win = {fmax(a->b.x0, b->b.x0) - d, fmax(a->b.y0, b->b.y0) - d, fmin(a->b.x1, b->b.x1) + d,
               fmin(a->b.y1, b->b.y1) + d};
    if (win.x1 <= win.x0 || win.y1 <= win.y0) return 0;
    double kx = fmin(LINT_MASK_PX_MM, LINT_MASK_MAX_PX / (win.x1 - win.x0));
    double ky = fmin(LINT_MASK_PX_MM, LINT_MASK_MAX_PX / (win.y1 - win.y0));
    int w = (int)ceil((win.x1 - win.x0) * kx), h = (int)ceil((win.y1 - win.y0) * ky);
    size_t segs = path_segs(r->s, a->item) + path_segs(r->s, b->item), px = 3 * (size_t)w * h;
    bool spent = r->shape_tests >= LINT_MAX_SHAPE_TESTS, covered = false;
    for (guint k = ia + 1; k < fills->len && !spent; k++)
        if (k != ib && covers(&f[k]) && overlap(&f[k].b, &win, 0)) {
            segs += path_segs(r->s, f[k].item);
            px += (size_t)w * h / (f[k].rect ? 16 : 1); /* a rectangle is drawn row by row */
            covered = true;
            spent =
                r->shape_segs + segs > LINT_MAX_SHAPE_SEGS || r->shape_px + px > LINT_MAX_SHAPE_PX;
        }
    if (!spent && !covered && a->rect && b->rect && !a->clipped && !b->clipped)
        return overlap(&a->g, &b->g, -d); /* the boxes are the shapes */
    if (spent || r->shape_segs + segs > LINT_MAX_SHAPE_SEGS ||
        r->shape_px + px > LINT_MAX_SHAPE_PX) {
        r->shape_tests = LINT_MAX_SHAPE_TESTS; /* the budget is spent */
        return -1;
    }
    r->shape_tests++;
    r->shape_segs += segs;
    r->shape_px += px;
    cairo_surface_t *m[3]; /* a, b, and what covers them */
    bool failed = false;
    for (int q = 0; q < 3; q++) {
        m[q] = cairo_image_surface_create(CAIRO_FORMAT_A8, w, h);
        failed |= cairo_surface_status(m[q]) != CAIRO_STATUS_SUCCESS;
    }
    int touch = 1; /* without masks, the boxes (which come close) decide */
    guchar *vis = failed ? NULL : g_malloc((size_t)w * h), *pv[2];
    int *pre = failed ? NULL : g_malloc_n((size_t)h * (w + 1), sizeof *pre);
    if (!failed) {
        cairo_t *cr[3];
        for (int q = 0; q < 3; q++)
            cr[q] = mask_of(m[q], win.x0, win.y0, kx, ky);
        /* Coverings add up: two shapes meeting edge to edge cover a pixel
         * they share between them. */
        cairo_set_operator(cr[2], CAIRO_OPERATOR_ADD);
        paint(cr[0], r->s, a->item);
        paint(cr[1], r->s, b->item);
        for (guint k = ib + 1; k < fills->len; k++)
            if (covers(&f[k]) && overlap(&f[k].b, &win, 0)) paint(cr[2], r->s, f[k].item);
        for (int q = 0; q < 3; q++)
            cairo_surface_flush(m[q]);
        int stride = cairo_image_surface_get_stride(m[0]);
        const guchar *cov = cairo_image_surface_get_data(m[2]);
        pv[0] = cairo_image_surface_get_data(m[0]), pv[1] = cairo_image_surface_get_data(m[1]);
        /* b shows where it covers more of a pixel than what is drawn after it */
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                vis[y * w + x] = pv[1][y * stride + x] > cov[y * stride + x] + 8;
        paint(cr[2], r->s, b->item);
        for (guint k = ia + 1; k < ib; k++)
            if (covers(&f[k]) && overlap(&f[k].b, &win, 0)) paint(cr[2], r->s, f[k].item);
        cairo_surface_flush(m[2]);
        for (int y = 0; y < h; y++) { /* pre: the pixels of a that show, counted along each row */
            pre[y * (w + 1)] = 0;
            for (int x = 0; x < w; x++)
                pre[y * (w + 1) + x + 1] =
                    pre[y * (w + 1) + x] + (pv[0][y * stride + x] > cov[y * stride + x] + 8);
        }
        for (int q = 0; q < 3; q++)
            cairo_destroy(cr[q]);
        /* A pixel of b that shows, with one of a that shows within d. */
        double rx = d * kx, ry = d * ky;
        int ny = (int)floor(ry);
        touch = 0;
        for (int y = 0; y < h && !touch; y++)
            for (int x = 0; x < w && !touch; x++) {
                if (!vis[y * w + x]) continue;
                for (int dy = -ny; dy <= ny && !touch; dy++) {
                    int yy = y + dy;
                    if (yy < 0 || yy >= h) continue;
                    int hx = (int)floor(rx * sqrt(fmax(0, 1 - (dy / ry) * (dy / ry))));
                    int lo = MAX(0, x - hx), hi = MIN(w, x + hx + 1);
                    touch = pre[yy * (w + 1) + hi] > pre[yy * (w + 1) + lo];
                }
            }
    }
    g_free(vis);
    g_free(pre);
    for (int q = 0; q < 3; q++)
        cairo_surface_destroy(m[q]);
    return touch;
}

/* The sight (1 protanopia, 2 deuteranopia, 3 grey) in which a and b, told
 * apart by normal sight, look alike, with their difference in *d; 0 when
 * none (or when they look alike anyway). */
static int alike_in(const lint_run *r, const fill *a, const fill *b, double *d)
{
    if (lab_distance(a->lab[0], b->lab[0]) < LINT_MIN_DELTA_E) return 0; /* alike anyway */
    for (int k = scene_mono(r->s) ? 3 : 1; k <= 3; k++) /* grey ink: colour sight moot */
        if ((*d = lab_distance(a->lab[k], b->lab[k])) < LINT_MIN_DELTA_E) return k;
    return 0;
}

/* True when f is the page's background and as light as paper (L* 95 or
 * more, seen normally and in grey): fills are not compared with the white
 * paper, nor with a background that prints like it. */
static bool paper_like(const fill *f)
{
    return f->page && f->lab[0][0] >= LINT_PAPER_L && f->lab[3][0] >= LINT_PAPER_L;
}

/* f's colour as a finding names it: the colour it prints, and, for a
 * translucent fill, the colour it is given and how much of it covers. */
static const char *colour_name(char out[48], const fill *f)
{
    int n = snprintf(out, 48, "#%06x", f->rgb);
    if (f->c.a < 1)
        snprintf(out + n, 48 - (size_t)n, " (#%06x at %.0f%%)", rgb24(f->c), f->c.a * 100);
    return out;
}

/* Reports adjacent fills told apart by normal sight that look alike in
 * greyscale or to colour-blind eyes, as they print: a fill wholly under
 * others is not seen, a translucent one is seen over what is under it, and
 * a page's background is a fill like any other. Each pair of template
 * places once (the first pair of their fills found), so the cost stays that
 * of comparing the fills' boxes and colours, whatever the number of
 * findings. Stops at the page's cap of findings; pairs past the budget of
 * shape tests are not reported but counted. */
static void check_colors(lint_run *r, GArray *fills, guint places)
{
    static const char *const how[] = {"", "with protanopia (red-blind)",
                                      "with deuteranopia (green-blind)",
                                      "in greyscale (the mono setting)"};
    pn_rgba *printed = g_new(pn_rgba, fills->len ? fills->len : 1);
    fill_colours(r, fills, printed);
    g_free(printed);
    GHashTable *seen = g_hash_table_new(g_direct_hash, g_direct_equal);     /* place pairs */
    GHashTable *untested = g_hash_table_new(g_direct_hash, g_direct_equal); /* and those past
                                                                               the budget */
    for (guint i = 0; i < fills->len && !r->colours_cut; i++)
        for (guint j = i + 1; j < fills->len && !r->colours_cut; j++) {
            const fill *a = &g_array_index(fills, fill, i), *b = &g_array_index(fills, fill, j);
            double d;
            int k, t;
            if (a->hidden || b->hidden || paper_like(a) || paper_like(b) ||
                !overlap(&a->b, &b->b, -LINT_ADJACENT_MM))
                continue;
            /* places < LINT_MAX_FILLS: the pair's number fits a pointer, 0 not used */
            gpointer key = GSIZE_TO_POINTER((gsize)MIN(a->origin, b->origin) * places +
                                            MAX(a->origin, b->origin) + 1);
            if (a->unsure || b->unsure) { /* what it prints is not known */
                if (!g_hash_table_contains(seen, key)) g_hash_table_add(untested, key);
                continue;
            }
            if (a->rgb == b->rgb || !(k = alike_in(r, a, b, &d)) ||
                g_hash_table_contains(seen, key))
                continue;
            if ((t = fills_touch(r, fills, i, j)) < 0) g_hash_table_add(untested, key);
            if (t <= 0) continue;
            if (r->found >= LINT_MAX_PAGE_FINDINGS) {
                r->colours_cut = true;
                break;
            }
            int line, col;
            char f[32], ca[48], cb[48];
            if (a->page) {
                scene_origin(r->s, a->item, &line, &col);
                char at[32] = "";
                if (line > 0) snprintf(at, sizeof at, " (line %d)", line);
                note(r, b->item, "colour",
                     "fill %s on the page background %s%s looks alike %s: colour difference %s, "
                     "under %g (CIE76)",
                     colour_name(cb, b), colour_name(ca, a), at, how[k],
                     figure(f, d, 1, -1, LINT_MIN_DELTA_E), LINT_MIN_DELTA_E);
            } else {
                scene_origin(r->s, b->item, &line, &col);
                note(r, a->item, "colour",
                     "adjacent fills %s and %s (the second from line %d) look alike %s: "
                     "colour difference %s, under %g (CIE76)",
                     colour_name(ca, a), colour_name(cb, b), line, how[k],
                     figure(f, d, 1, -1, LINT_MIN_DELTA_E), LINT_MIN_DELTA_E);
            }
            g_hash_table_add(seen, key);
        }
    GHashTableIter it;
    gpointer key;
    g_hash_table_iter_init(&it, untested);
    while (g_hash_table_iter_next(&it, &key, NULL))
        r->colours_untested += !g_hash_table_contains(seen, key);
    g_hash_table_destroy(untested);
    g_hash_table_destroy(seen);
}

static int check_glyphs(lint_run *r, pn_err *err)
{
    scene_measurer *m = scene_measurer_of(r->s);
    if (!m) return pn_err_set(err, PN_EIO, "lint: the page has no fonts to check its text with");
    PangoContext *ctx = scene_measurer_context(m);
    for (size_t i = 0; i < scene_count(r->s); i++) {
        const scene_item *it = scene_item_at(r->s, i);
        if (it->kind != SCENE_TEXT || !*it->u.text.utf8) continue;
        const scene_text *t = &it->u.text;
        PangoLayout *l = pn_fonts_layout(ctx, t->font.family, PN_FONT_LAYOUT_SIZE, t->font.bold,
                                         t->font.italic, t->utf8);
        int n = pango_layout_get_unknown_glyphs_count(l);
        g_object_unref(l);
        char q[QUOTED_BYTES + 4];
        pn_err why = {0};
        if (n > 0 && glyph_missing_err(ctx, &t->font, t->utf8, &why))
            note(r, i, "glyphs", "text \"%s\": %s", excerpt(q, t->utf8), why.msg);
        else if (n > 0)
            note(r, i, "glyphs", "text \"%s\": %d character%s no font has (%s)",
                 excerpt(q, t->utf8), n, n == 1 ? "" : "s", t->font.family);
    }
    return 0;
}

/* Passes on the page's own notes (scene_note_add), within the cap. */
static void check_notes(lint_run *r)
{
    for (size_t i = 0; i < scene_note_count(r->s); i++) {
        const scene_note *n = scene_note_at(r->s, i);
        if (r->found >= LINT_MAX_PAGE_FINDINGS) {
            r->unlisted++;
            continue;
        }
        r->report(r->user, n->line, n->col, n->kind, n->msg);
        r->found++;
    }
}

/* One finding of the page itself for those past the cap, with their count,
 * and one for the pairs of fills not compared past the budget of shape
 * tests (never reported as alike: which pairs fit the budget is chance). */
static void report_unlisted(lint_run *r)
{
    if (r->colours_untested) {
        char msg[256];
        snprintf(msg, sizeof msg,
                 "fills of %d pair%s of components near each other were not all compared for "
                 "colours: the sheet's budget of comparisons by shape was spent",
                 r->colours_untested, r->colours_untested == 1 ? "" : "s");
        r->report(r->user, 0, 0, "colour-limit", msg);
        r->found++;
    }
    if (!r->unlisted && !r->colours_cut) return;
    char msg[256];
    snprintf(msg, sizeof msg, "%d more finding%s on this sheet not listed (at most %d are)%s",
             r->unlisted, r->unlisted == 1 ? "" : "s", LINT_MAX_PAGE_FINDINGS,
             r->colours_cut ? "; fills were not compared for colours past that" : "");
    r->report(r->user, 0, 0, "sheet-limit", msg);
    r->found++;
}

int scene_lint(const scene *s, double border, double bleed, lint_checks checks, lint_report report,
               void *user, pn_err *err)
{
    lint_run r = {.s = s, .report = report, .user = user};
    GArray *texts = g_array_new(FALSE, FALSE, sizeof(text_run));
    GArray *fills = g_array_new(FALSE, FALSE, sizeof(fill));
    /* template place -> its number */
    GHashTable *places = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, NULL);
    GArray *marks = g_array_new(FALSE, FALSE, sizeof(box)); /* printed codes, quiet zone and all */
    for (size_t i = 0; i < scene_count(s) && (checks & LINT_CHEAP); i++) {
        const scene_item *it = scene_item_at(s, i);
        box b;
        if (it->kind == SCENE_CELLS && marks->len < LINT_MAX_MARKS && item_box(s, it, &b))
            g_array_append_val(marks, b);
    }
    bool clipped = false; /* a clip is on: what follows shows only inside it */
    for (size_t i = 0; i < scene_count(s); i++) {
        const scene_item *it = scene_item_at(s, i);
        if (it->kind == SCENE_CLIP) clipped = it->u.clip.w > 0;
        box b;
        if (!item_box(s, it, &b)) continue;
        bool bg = is_background(s, it, &b);
        if (checks & LINT_CHEAP) {
            if (!bg) check_bounds(&r, i, it, &b, border, bleed);
            check_cheap(&r, i, it, &b);
            if (!bg && it->kind != SCENE_CELLS) check_marks(&r, i, it, &b, marks);
        }
        if (it->kind == SCENE_TEXT && (checks & LINT_TEXT)) check_text(&r, i, &b, texts);
        if (it->kind == SCENE_PATH && it->u.path.style.fill && it->u.path.style.fill_color.a > 0 &&
            !hairline_fill(it, &b) && fills->len < LINT_MAX_FILLS) {
            /* In mono, the colour as written: two fills the template tells
             * apart by colour but mono prints in one grey are a finding. */
            pn_rgba c = it->u.path.style.fill_color;
            if (scene_mono(s))
                c = (pn_rgba){it->u.path.written.r, it->u.path.written.g, it->u.path.written.b,
                              c.a};
            fill f = fill_of(s, i, &b, c, places);
            f.clipped = clipped;
            f.page = bg;
            g_array_append_val(fills, f);
        }
    }
    if (checks & LINT_CHEAP) check_notes(&r);
    if (checks & LINT_COLOR) check_colors(&r, fills, g_hash_table_size(places));
    g_array_free(texts, TRUE);
    g_array_free(fills, TRUE);
    g_array_free(marks, TRUE);
    g_hash_table_destroy(places);
    if ((checks & LINT_GLYPHS) && check_glyphs(&r, err)) return -1;
    report_unlisted(&r);
    return r.found;
}

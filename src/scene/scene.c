/* scene.c: building a page's display list. */
#include "scene/scene.h"

#include <glib.h>
#include <math.h>
#include <string.h>
#include "scene/measure.h"

struct scene {
    double w, h;
    bool mono;
    scene_measurer *measure; /* borrowed; may be NULL */
    GArray *items;           /* scene_item */
    GArray *segs;            /* scene_seg */
    GArray *origins;         /* one pair of ints per item: where in a template it came from */
    int mark_line, mark_col; /* the origin of items added now */
    const char *source;      /* the file of the origins, in strings; NULL: none */
    GStringChunk *strings;
    GArray *notes;     /* scene_note, strings in strings */
    GHashTable *slots; /* id -> index in items */
    size_t path_start;
    bool has_point;
    size_t texts, text_bytes; /* counted against the limits */
    size_t laid_bytes;        /* text given to block layouts (scene_charge_layout) */
    size_t shaped;            /* text runs and block layouts, bytes times the fonts' weight */
    size_t sheets;            /* sheets' worth of limits: 1, more when imposed */
    const char *over;         /* the limit that was passed, or NULL */
    size_t over_max;
};

/* What a byte of text costs to set on s (measure.h). */
static size_t weight(const scene *s)
{
    return scene_measurer_weight(s->measure);
}

#define SHAPED_WHAT "bytes of text to set"

/* True (and the limit noted) when adding `add` to `now` would pass max per sheet. */
static bool full(scene *s, size_t now, size_t add, size_t max, const char *what)
{
    if (now + add <= max * s->sheets) return false;
    if (!s->over) {
        s->over = what;
        s->over_max = max * s->sheets;
    }
    return true;
}

scene *scene_new(double w, double h, bool mono, scene_measurer *m)
{
    scene *s = g_new0(scene, 1);
    s->measure = m;
    s->w = w;
    s->h = h;
    s->mono = mono;
    s->items = g_array_sized_new(FALSE, FALSE, sizeof(scene_item), 256);
    s->origins = g_array_sized_new(FALSE, FALSE, sizeof(int) * 2, 256);
    s->segs = g_array_sized_new(FALSE, FALSE, sizeof(scene_seg), 1024);
    s->strings = g_string_chunk_new(4096);
    s->notes = g_array_new(FALSE, FALSE, sizeof(scene_note));
    s->slots = g_hash_table_new(g_str_hash, g_str_equal);
    s->sheets = 1;
    return s;
}

void scene_free(scene *s)
{
    if (!s) return;
    g_array_free(s->items, TRUE);
    g_array_free(s->origins, TRUE);
    g_array_free(s->segs, TRUE);
    g_string_chunk_free(s->strings);
    g_array_free(s->notes, TRUE);
    g_hash_table_destroy(s->slots);
    g_free(s);
}

double scene_width(const scene *s)
{
    return s->w;
}
double scene_height(const scene *s)
{
    return s->h;
}
bool scene_mono(const scene *s)
{
    return s->mono;
}

scene_measurer *scene_measurer_of(const scene *s)
{
    return s->measure;
}

pn_rgba scene_to_grey(pn_rgba c)
{
    double l = 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
    return (pn_rgba){l, l, l, c.a};
}

static pn_rgba ink(const scene *s, pn_rgba c)
{
    return s->mono ? scene_to_grey(c) : c;
}

/* Appends an item with the current mark as its origin. */
static void push_item(scene *s, const scene_item *it)
{
    int o[2] = {s->mark_line, s->mark_col};
    g_array_append_vals(s->items, it, 1);
    g_array_append_vals(s->origins, o, 1);
}

void scene_mark(scene *s, int line, int col)
{
    s->mark_line = line;
    s->mark_col = col;
}

void scene_set_source(scene *s, const char *file)
{
    s->source = file ? g_string_chunk_insert_const(s->strings, file) : NULL;
}

const char *scene_source(const scene *s)
{
    return s->source;
}

void scene_origin(const scene *s, size_t i, int *line, int *col)
{
    const int *o = &g_array_index(s->origins, int, 2 * i);
    *line = o[0];
    *col = o[1];
}

static void push_seg(scene *s, scene_seg_op op, double x0, double y0, double x1, double y1,
                     double x2, double y2)
{
    if (full(s, s->segs->len, 1, SCENE_MAX_SEGS, "path segments")) return;
    scene_seg g;
    memset(&g, 0, sizeof g); /* no stray padding bytes: equal scenes compare equal */
    g.op = op;
    g.x[0] = x0, g.x[1] = x1, g.x[2] = x2;
    g.y[0] = y0, g.y[1] = y1, g.y[2] = y2;
    g_array_append_val(s->segs, g);
}

void scene_begin(scene *s)
{
    s->path_start = s->segs->len;
    s->has_point = false;
}

void scene_move(scene *s, double x, double y)
{
    push_seg(s, SEG_MOVE, x, y, 0, 0, 0, 0);
    s->has_point = true;
}

void scene_line(scene *s, double x, double y)
{
    push_seg(s, s->has_point ? SEG_LINE : SEG_MOVE, x, y, 0, 0, 0, 0);
    s->has_point = true;
}

void scene_curve(scene *s, double x1, double y1, double x2, double y2, double x3, double y3)
{
    if (!s->has_point) scene_move(s, x1, y1);
    push_seg(s, SEG_CURVE, x1, y1, x2, y2, x3, y3);
}

void scene_arc(scene *s, double cx, double cy, double r, double a0, double a1)
{
    /* clock angles (0 at 12 o'clock, clockwise) to screen angles (0 at 3 o'clock). */
    double t0 = (a0 - 90.0) * G_PI / 180.0, t1 = (a1 - 90.0) * G_PI / 180.0;
    double x = cx + r * cos(t0), y = cy + r * sin(t0);
    if (s->has_point)
        scene_line(s, x, y);
    else
        scene_move(s, x, y);
    int n = (int)ceil(fabs(t1 - t0) / (G_PI / 2) - 1e-9);
    if (n < 1) n = 1;
    double step = (t1 - t0) / n;
    double k = 4.0 / 3.0 * tan(step / 4.0);
    for (int i = 0; i < n; i++) {
        double u0 = t0 + i * step, u1 = u0 + step;
        double c0 = cos(u0), s0 = sin(u0), c1 = cos(u1), s1 = sin(u1);
        push_seg(s, SEG_CURVE, cx + r * (c0 - k * s0), cy + r * (s0 + k * c0),
                 cx + r * (c1 + k * s1), cy + r * (s1 - k * c1), cx + r * c1, cy + r * s1);
    }
}

void scene_close(scene *s)
{
    push_seg(s, SEG_CLOSE, 0, 0, 0, 0, 0, 0);
}

void scene_end(scene *s, const scene_style *style)
{
    if (s->segs->len == s->path_start) return;
    if (full(s, s->items->len, 1, SCENE_MAX_ITEMS, "items")) {
        g_array_set_size(s->segs, s->path_start);
        s->has_point = false;
        return;
    }
    scene_item it = {.kind = SCENE_PATH};
    it.u.path.style = *style;
    it.u.path.style.fill_color = ink(s, style->fill_color);
    it.u.path.written = style->fill_color;
    it.u.path.style.stroke_color = ink(s, style->stroke_color);
    it.u.path.first = s->path_start;
    it.u.path.count = s->segs->len - s->path_start;
    push_item(s, &it);
    s->path_start = s->segs->len;
    s->has_point = false;
}

void scene_rect(scene *s, double x, double y, double w, double h, const scene_style *st)
{
    scene_begin(s);
    scene_move(s, x, y);
    scene_line(s, x + w, y);
    scene_line(s, x + w, y + h);
    scene_line(s, x, y + h);
    scene_close(s);
    scene_end(s, st);
}

void scene_circle(scene *s, double cx, double cy, double r, const scene_style *st)
{
    scene_begin(s);
    scene_arc(s, cx, cy, r, 0, 360);
    scene_close(s);
    scene_end(s, st);
}

void scene_segment(scene *s, double x0, double y0, double x1, double y1, const scene_style *st)
{
    scene_begin(s);
    scene_move(s, x0, y0);
    scene_line(s, x1, y1);
    scene_end(s, st);
}

scene_style scene_stroke_style(pn_rgba c, double width)
{
    return (scene_style){.stroke = true, .stroke_color = c, .width = width};
}

scene_style scene_fill_style(pn_rgba c)
{
    return (scene_style){.fill = true, .fill_color = c};
}

scene_style scene_fill_stroke_style(pn_rgba fill, pn_rgba stroke, double width)
{
    return (scene_style){
        .fill = true, .stroke = true, .fill_color = fill, .stroke_color = stroke, .width = width};
}

const scene_text *scene_text_add(scene *s, const char *utf8, const scene_font *font, pn_rgba c,
                                 double x, double y, scene_halign h, scene_valign v, double angle,
                                 pn_err *err)
{
    size_t len = strlen(utf8);
    if (full(s, s->items->len, 1, SCENE_MAX_ITEMS, "items") ||
        full(s, s->texts, 1, SCENE_MAX_TEXTS, "text runs") ||
        full(s, s->text_bytes, len, SCENE_MAX_TEXT_BYTES, "bytes of text") ||
        full(s, s->shaped, len * weight(s), SCENE_MAX_SHAPED, SHAPED_WHAT)) {
        scene_check(s, err);
        return NULL;
    }
    scene_item it = {.kind = SCENE_TEXT};
    scene_text *t = &it.u.text;
    if (scene_measure(s->measure, font, utf8, &t->width, &t->ascent, &t->descent, err)) return NULL;
    t->utf8 = g_string_chunk_insert(s->strings, utf8);
    t->font = *font;
    t->font.family = g_string_chunk_insert_const(s->strings, font->family);
    t->color = ink(s, c);
    t->x = x;
    t->y = y;
    t->halign = h;
    t->valign = v;
    t->angle = angle;
    /* Baseline start relative to the anchor, before rotation. */
    double dx = h == TEXT_LEFT ? 0 : h == TEXT_CENTER ? -t->width / 2 : -t->width;
    double dy = v == TEXT_BASELINE ? 0
                : v == TEXT_TOP    ? t->ascent
                : v == TEXT_BOTTOM ? -t->descent
                                   : (t->ascent - t->descent) / 2;
    double a = angle * G_PI / 180.0;
    t->bx = x + dx * cos(a) - dy * sin(a);
    t->by = y + dx * sin(a) + dy * cos(a);
    push_item(s, &it);
    s->texts++;
    s->text_bytes += len;
    s->shaped += len * weight(s);
    return &g_array_index(s->items, scene_item, s->items->len - 1).u.text;
}

int scene_slot_add(scene *s, const char *id, double x, double y, double w, double h,
                   scene_slot_shape shape, pn_err *err)
{
    if (g_hash_table_contains(s->slots, id))
        return pn_err_set(err, PN_EINPUT, "slot '%s' is defined twice on the page", id);
    if (full(s, s->items->len, 1, SCENE_MAX_ITEMS, "items")) return scene_check(s, err);
    scene_item it = {.kind = SCENE_SLOT};
    it.u.slot.id = g_string_chunk_insert(s->strings, id);
    it.u.slot.x = x;
    it.u.slot.y = y;
    it.u.slot.w = w;
    it.u.slot.h = h;
    it.u.slot.shape = shape;
    push_item(s, &it);
    g_hash_table_insert(s->slots, (gpointer)it.u.slot.id, GSIZE_TO_POINTER(s->items->len));
    return 0;
}

int scene_image_add(scene *s, const scene_image *im, pn_err *err)
{
    if (full(s, s->items->len, 1, SCENE_MAX_ITEMS, "items")) return scene_check(s, err);
    scene_item it;
    memset(&it, 0, sizeof it);
    it.kind = SCENE_IMAGE;
    it.u.image = *im;
    it.u.image.path = g_string_chunk_insert_const(s->strings, im->path);
    push_item(s, &it);
    return 0;
}

static void grow(double b[4], double x, double y)
{
    b[0] = fmin(b[0], x);
    b[1] = fmin(b[1], y);
    b[2] = fmax(b[2], x);
    b[3] = fmax(b[3], y);
}

/* The value at t of the cubic with coefficients p0..p3 (one axis). */
static double cubic_at(double p0, double p1, double p2, double p3, double t)
{
    double u = 1 - t;
    return u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3;
}

/* Puts in t[] the parameters in (0, 1) where the cubic p0..p3 (one axis) has
 * a turning point, the roots of its derivative; returns how many (0 to 2). */
static int cubic_turns(double p0, double p1, double p2, double p3, double t[2])
{
    double a = p1 - p0, b = p2 - p1, c = p3 - p2;
    double qa = a - 2 * b + c, qb = 2 * (b - a), qc = a, r[2];
    int n = 0, k = 0;
    if (fabs(qa) < 1e-12) {
        if (fabs(qb) > 1e-12) r[n++] = -qc / qb;
    } else {
        double disc = qb * qb - 4 * qa * qc;
        if (disc >= 0) {
            double sq = sqrt(disc);
            r[n++] = (-qb + sq) / (2 * qa);
            r[n++] = (-qb - sq) / (2 * qa);
        }
    }
    for (int i = 0; i < n; i++)
        if (r[i] > 0 && r[i] < 1) t[k++] = r[i];
    return k;
}

/* Grows b by the cubic from (x0, y0) through controls 1, 2 to 3: its ends
 * and its turning points, not its control points (the ink of an arc of 90
 * degrees stops well short of them). */
static void grow_cubic(double b[4], double x0, double y0, const scene_seg *g)
{
    double t[4];
    int n = cubic_turns(x0, g->x[0], g->x[1], g->x[2], t);
    n += cubic_turns(y0, g->y[0], g->y[1], g->y[2], t + n);
    for (int i = 0; i < n; i++)
        grow(b, cubic_at(x0, g->x[0], g->x[1], g->x[2], t[i]),
             cubic_at(y0, g->y[0], g->y[1], g->y[2], t[i]));
    grow(b, g->x[2], g->y[2]);
}

/* A path walked for its box: where the pen is, where its subpath began, and
 * the directions the subpath leaves its start and arrives at the pen with. */
typedef struct path_walk {
    double b[4];      /* the path's points, to grow by hw */
    double tips[4];   /* the tips of its miters, as they are */
    double hw;        /* half the stroke's width */
    bool miter;       /* stroked with miter joins (the backends' default) */
    double x, y;      /* the pen */
    double sx, sy;    /* the subpath's start */
    double fx, fy;    /* the direction it leaves its start */
    double lx, ly;    /* the direction it arrives at the pen */
    bool first, last; /* whether those two are known */
} path_walk;

/* Grows w's box by the tip of a miter join at (x, y), arriving in direction
 * (ix, iy) and leaving in (ox, oy), as cairo draws it: a join sharper than
 * the miter limit (10, cairo's and PDF's default) is bevelled, within half
 * the width of the corner, which the box already holds. */
static void grow_miter(path_walk *w, double x, double y, double ix, double iy, double ox, double oy)
{
    const double limit = SCENE_MITER_LIMIT;
    double il = hypot(ix, iy), ol = hypot(ox, oy);
    if (!w->miter || il <= 0 || ol <= 0) return;
    ix /= il, iy /= il, ox /= ol, oy /= ol;
    double in_dot_out = -(ix * ox + iy * oy); /* the cosine of the angle between the sides */
    if (2 > limit * limit * (1 - in_dot_out)) return; /* bevelled */
    double half_sin = sqrt((1 - in_dot_out) / 2), dx = ix - ox, dy = iy - oy, dl = hypot(dx, dy);
    if (dl < 1e-9 || half_sin <= 0) return; /* straight on: no corner */
    double reach = w->hw / half_sin;
    grow(w->tips, x + dx / dl * reach, y + dy / dl * reach);
}

/* The pen goes on from w's pen in direction (dx, dy) (a segment starting
 * that way): the join with where it came from, and the subpath's first
 * direction. */
static void walk_leave(path_walk *w, double dx, double dy)
{
    if (w->last) grow_miter(w, w->x, w->y, w->lx, w->ly, dx, dy);
    if (!w->first) w->fx = dx, w->fy = dy, w->first = true;
}

/* One segment of a path walked. */
static void walk_seg(path_walk *w, const scene_seg *g)
{
    const double e = 1e-9;
    switch (g->op) {
    case SEG_MOVE:
        w->x = w->sx = g->x[0], w->y = w->sy = g->y[0];
        w->first = w->last = false;
        grow(w->b, w->x, w->y);
        break;
    case SEG_LINE: {
        double dx = g->x[0] - w->x, dy = g->y[0] - w->y;
        if (fabs(dx) < e && fabs(dy) < e) break; /* no direction, no join */
        walk_leave(w, dx, dy);
        w->x = g->x[0], w->y = g->y[0], w->lx = dx, w->ly = dy, w->last = true;
        grow(w->b, w->x, w->y);
        break;
    }
    case SEG_CURVE: {
        double px[4] = {w->x, g->x[0], g->x[1], g->x[2]}, py[4] = {w->y, g->y[0], g->y[1], g->y[2]};
        int a = 1, z = 2; /* the tangents: the first control apart from each end */
        while (a < 3 && fabs(px[a] - px[0]) < e && fabs(py[a] - py[0]) < e)
            a++;
        while (z > 0 && fabs(px[3] - px[z]) < e && fabs(py[3] - py[z]) < e)
            z--;
        grow_cubic(w->b, w->x, w->y, g);
        if (fabs(px[a] - px[0]) < e && fabs(py[a] - py[0]) < e) break; /* a point */
        walk_leave(w, px[a] - px[0], py[a] - py[0]);
        w->x = px[3], w->y = py[3], w->lx = px[3] - px[z], w->ly = py[3] - py[z], w->last = true;
        break;
    }
    case SEG_CLOSE: {
        double dx = w->sx - w->x, dy = w->sy - w->y;
        if (fabs(dx) >= e || fabs(dy) >= e) {
            walk_leave(w, dx, dy);
            w->lx = dx, w->ly = dy, w->last = true;
        }
        if (w->first && w->last) grow_miter(w, w->sx, w->sy, w->lx, w->ly, w->fx, w->fy);
        w->x = w->sx, w->y = w->sy;
        w->first = w->last = false;
        break;
    }
    }
}

/* The box of path p's ink: its segments (curves by their turning points),
 * grown by half its stroke and by the tips of its miter joins. */
static void path_box(const scene *s, const scene_path *p, double b[4])
{
    const scene_seg *segs = (const scene_seg *)s->segs->data;
    path_walk w = {.b = {INFINITY, INFINITY, -INFINITY, -INFINITY},
                   .tips = {INFINITY, INFINITY, -INFINITY, -INFINITY},
                   .hw = p->style.stroke ? p->style.width / 2 : 0,
                   .miter = p->style.stroke && !p->style.round && p->style.width > 0};
    for (size_t j = p->first; j < p->first + p->count; j++)
        walk_seg(&w, &segs[j]);
    b[0] = fmin(w.b[0] - w.hw, w.tips[0]), b[1] = fmin(w.b[1] - w.hw, w.tips[1]);
    b[2] = fmax(w.b[2] + w.hw, w.tips[2]), b[3] = fmax(w.b[3] + w.hw, w.tips[3]);
}

bool scene_item_box(const scene *s, const scene_item *it, double b[4])
{
    b[0] = b[1] = INFINITY;
    b[2] = b[3] = -INFINITY;
    if (it->kind == SCENE_PATH) {
        const scene_path *p = &it->u.path;
        path_box(s, p, b);
        return p->count > 0 && (p->style.fill || p->style.stroke);
    }
    if (it->kind == SCENE_TEXT) {
        const scene_text *t = &it->u.text;
        if (!*t->utf8) return false;
        double a = t->angle * G_PI / 180, c = cos(a), sn = sin(a);
        double px[4] = {0, t->width, t->width, 0};
        double py[4] = {-t->ascent, -t->ascent, t->descent, t->descent};
        for (int k = 0; k < 4; k++)
            grow(b, t->bx + px[k] * c - py[k] * sn, t->by + px[k] * sn + py[k] * c);
        return true;
    }
    if (it->kind == SCENE_IMAGE) {
        const scene_image *im = &it->u.image;
        b[0] = fmax(im->x, im->cx), b[1] = fmax(im->y, im->cy);
        b[2] = fmin(im->x + im->w, im->cx + im->cw), b[3] = fmin(im->y + im->h, im->cy + im->ch);
        return b[2] > b[0] && b[3] > b[1];
    }
    if (it->kind == SCENE_CELLS) {
        scene_cells_box(&it->u.cells, b);
        return true;
    }
    if (it->kind == SCENE_CLIP) return false; /* draws nothing */
    const scene_slot *sl = &it->u.slot;
    b[0] = sl->x, b[1] = sl->y, b[2] = sl->x + sl->w, b[3] = sl->y + sl->h;
    return false; /* slots are not drawn: their frames and labels are items of their own */
}

/* Whether nothing drawn so far comes within 1 mm of box, or overlaps it for
 * another grid, whose box is exact (see scene_cells). */
static bool nothing_near(const scene *s, const double box[4])
{
    for (size_t i = 0; i < s->items->len; i++) {
        const scene_item *it = &g_array_index(s->items, scene_item, i);
        double b[4], m = it->kind == SCENE_CELLS ? 0 : 1;
        if (!scene_item_box(s, it, b)) continue;
        if (b[0] < box[2] + m && b[2] > box[0] - m && b[1] < box[3] + m && b[3] > box[1] - m)
            return false;
    }
    return true;
}

int scene_cells_add(scene *s, double x, double y, double cell, int n, int quiet,
                    const unsigned char *dark, pn_rgba color, pn_err *err)
{
    if (n < 1 || n > SCENE_MAX_CELLS || quiet < 0 || quiet > n || !(cell > 0) || !isfinite(cell) ||
        !isfinite(x) || !isfinite(y))
        return pn_err_set(err, PN_EINPUT, "a grid of %d cells of %g mm cannot be drawn", n, cell);
    if (full(s, s->items->len, 1, SCENE_MAX_ITEMS, "items")) return scene_check(s, err);
    scene_item it;
    memset(&it, 0, sizeof it);
    it.kind = SCENE_CELLS;
    it.u.cells = (scene_cells){x, y, cell, n, quiet, NULL, ink(s, color), false};
    double box[4];
    scene_cells_box(&it.u.cells, box);
    it.u.cells.bare = nothing_near(s, box);
    it.u.cells.dark =
        (const unsigned char *)g_string_chunk_insert_len(s->strings, (const char *)dark, n * n);
    push_item(s, &it);
    return 0;
}

void scene_cells_box(const scene_cells *c, double box[4])
{
    double q = c->quiet * c->cell, side = c->n * c->cell;
    box[0] = c->x - q;
    box[1] = c->y - q;
    box[2] = c->x + side + q;
    box[3] = c->y + side + q;
}

int scene_cells_rects(const scene_cells *c,
                      int (*fn)(void *user, double x, double y, double w, double h), void *user)
{
    int n = c->n, rc = 0;
    bool *used = g_new0(bool, (size_t)n *n);
#define FREE_DARK(r, k) (c->dark[(r)*n + (k)] && !used[(r)*n + (k)])
    for (int r = 0; r < n && !rc; r++)
        for (int k = 0; k < n && !rc; k++) {
            if (!FREE_DARK(r, k)) continue;
            int e = k, b = r + 1;
            while (e < n && FREE_DARK(r, e))
                e++;
            for (bool whole = true; b < n && whole; b += whole) {
                for (int j = k; j < e && whole; j++)
                    whole = FREE_DARK(b, j);
            }
            for (int i = r; i < b; i++)
                for (int j = k; j < e; j++)
                    used[i * n + j] = true;
            rc = fn(user, c->x + k * c->cell, c->y + r * c->cell, (e - k) * c->cell,
                    (b - r) * c->cell);
        }
#undef FREE_DARK
    g_free(used);
    return rc;
}

int scene_clip_set(scene *s, double x, double y, double w, double h, pn_err *err)
{
    if (full(s, s->items->len, 1, SCENE_MAX_ITEMS, "items")) return scene_check(s, err);
    scene_item it;
    memset(&it, 0, sizeof it);
    it.kind = SCENE_CLIP;
    it.u.clip = w > 0 && h > 0 ? (scene_clip){x, y, w, h} : (scene_clip){0, 0, 0, 0};
    push_item(s, &it);
    return 0;
}

const scene_slot *scene_slot_find(const scene *s, const char *id)
{
    gsize i = GPOINTER_TO_SIZE(g_hash_table_lookup(s->slots, id));
    return i ? &g_array_index(s->items, scene_item, i - 1).u.slot : NULL;
}

int scene_charge_layout(scene *s, size_t bytes, pn_err *err)
{
    if (full(s, s->laid_bytes, bytes, SCENE_MAX_LAID_BYTES, "bytes of text laid out") ||
        full(s, s->shaped, bytes * weight(s), SCENE_MAX_SHAPED, SHAPED_WHAT)) {
        scene_check(s, err);
        return -1;
    }
    s->laid_bytes += bytes;
    s->shaped += bytes * weight(s);
    return 0;
}

size_t scene_shaped(const scene *s)
{
    return s->shaped;
}

int scene_check(const scene *s, pn_err *err)
{
    if (!s->over) return 0;
    if (!strcmp(s->over, SHAPED_WHAT))
        return pn_err_set(err, PN_EINPUT,
                          "the page would set more than %zu bytes of text, each counted %zu times "
                          "for the cost of the template's own fonts (their OpenType rules); make "
                          "the sheet's text shorter",
                          s->over_max, weight(s));
    return pn_err_set(err, PN_EINPUT,
                      "the page would hold more than %zu %s; make the sheet simpler", s->over_max,
                      s->over);
}

size_t scene_count(const scene *s)
{
    return s->items->len;
}

size_t scene_seg_count(const scene *s)
{
    return s->segs->len;
}

const scene_item *scene_item_at(const scene *s, size_t i)
{
    return &g_array_index(s->items, scene_item, i);
}

const scene_seg *scene_segs(const scene *s)
{
    return (const scene_seg *)(void *)s->segs->data;
}

static bool rgba_equal(pn_rgba a, pn_rgba b)
{
    return a.r == b.r && a.g == b.g && a.b == b.b && a.a == b.a;
}

static bool path_equal(const scene_path *a, const scene_path *b)
{
    const scene_style *x = &a->style, *y = &b->style;
    return a->first == b->first && a->count == b->count && x->fill == y->fill &&
           x->stroke == y->stroke && rgba_equal(x->fill_color, y->fill_color) &&
           rgba_equal(x->stroke_color, y->stroke_color) && x->width == y->width &&
           x->dash[0] == y->dash[0] && x->dash[1] == y->dash[1] && x->round == y->round;
}

static bool text_equal(const scene_text *a, const scene_text *b)
{
    return !strcmp(a->utf8, b->utf8) && !strcmp(a->font.family, b->font.family) &&
           a->font.size == b->font.size && a->font.bold == b->font.bold &&
           a->font.italic == b->font.italic && rgba_equal(a->color, b->color) && a->x == b->x &&
           a->y == b->y && a->halign == b->halign && a->valign == b->valign &&
           a->angle == b->angle && a->width == b->width && a->ascent == b->ascent &&
           a->descent == b->descent && a->bx == b->bx && a->by == b->by;
}

static bool slot_equal(const scene_slot *a, const scene_slot *b)
{
    return !strcmp(a->id, b->id) && a->x == b->x && a->y == b->y && a->w == b->w && a->h == b->h &&
           a->shape == b->shape;
}

static bool image_equal(const scene_image *a, const scene_image *b)
{
    return !strcmp(a->path, b->path) && a->kind == b->kind && a->iw == b->iw && a->ih == b->ih &&
           a->x == b->x && a->y == b->y && a->w == b->w && a->h == b->h && a->cx == b->cx &&
           a->cy == b->cy && a->cw == b->cw && a->ch == b->ch;
}

static bool cells_equal(const scene_cells *a, const scene_cells *b)
{
    return a->x == b->x && a->y == b->y && a->cell == b->cell && a->n == b->n &&
           a->quiet == b->quiet && !memcmp(a->dark, b->dark, (size_t)a->n * a->n) &&
           a->color.r == b->color.r && a->color.g == b->color.g && a->color.b == b->color.b &&
           a->color.a == b->color.a && a->bare == b->bare;
}

bool scene_equal(const scene *a, const scene *b)
{
    if (a->w != b->w || a->h != b->h || a->mono != b->mono || a->items->len != b->items->len ||
        a->segs->len != b->segs->len)
        return false;
    const scene_seg *sa = scene_segs(a), *sb = scene_segs(b);
    for (guint i = 0; i < a->segs->len; i++) {
        if (sa[i].op != sb[i].op) return false;
        for (int q = 0; q < 3; q++)
            if (sa[i].x[q] != sb[i].x[q] || sa[i].y[q] != sb[i].y[q]) return false;
    }
    for (guint i = 0; i < a->items->len; i++) {
        const scene_item *x = scene_item_at(a, i), *y = scene_item_at(b, i);
        if (x->kind != y->kind) return false;
        const scene_clip *ca = &x->u.clip, *cb = &y->u.clip;
        bool same = x->kind == SCENE_PATH    ? path_equal(&x->u.path, &y->u.path)
                    : x->kind == SCENE_TEXT  ? text_equal(&x->u.text, &y->u.text)
                    : x->kind == SCENE_IMAGE ? image_equal(&x->u.image, &y->u.image)
                    : x->kind == SCENE_CELLS ? cells_equal(&x->u.cells, &y->u.cells)
                    : x->kind == SCENE_CLIP
                        ? ca->x == cb->x && ca->y == cb->y && ca->w == cb->w && ca->h == cb->h
                        : slot_equal(&x->u.slot, &y->u.slot);
        if (!same) return false;
    }
    return true;
}

void scene_note_add(scene *s, const char *kind, const char *msg)
{
    if (s->notes->len >= SCENE_MAX_NOTES) return;
    /* One line of UTF-8, as every message: a note may quote a text that
     * holds line breaks (pn_err_set writes them as escapes). */
    pn_err tidy;
    pn_err_set(&tidy, PN_EINPUT, "%s", msg);
    scene_note n = {s->mark_line, s->mark_col, g_string_chunk_insert_const(s->strings, kind),
                    g_string_chunk_insert(s->strings, tidy.msg)};
    g_array_append_val(s->notes, n);
}

size_t scene_note_count(const scene *s)
{
    return s->notes->len;
}

const scene_note *scene_note_at(const scene *s, size_t i)
{
    return &g_array_index(s->notes, scene_note, i);
}

int scene_append(scene *dst, const scene *src, double k, double dx, double dy, const char *prefix,
                 pn_err *err)
{
    dst->sheets += src->sheets;
    return scene_append_items(dst, src, 0, scene_count(src), k, dx, dy, prefix, err);
}

int scene_append_items(scene *dst, const scene *src, size_t from, size_t to, double k, double dx,
                       double dy, const char *prefix, pn_err *err)
{
    const scene_seg *segs = scene_segs(src);
    int keep_line = dst->mark_line, keep_col = dst->mark_col;
    if (!dst->source && src->source) scene_set_source(dst, src->source);
    for (size_t i = from; i < to && i < scene_count(src); i++) {
        const scene_item *it = scene_item_at(src, i);
        scene_origin(src, i, &dst->mark_line, &dst->mark_col);
        if (it->kind == SCENE_PATH) {
            const scene_path *p = &it->u.path;
            scene_begin(dst);
            for (size_t j = p->first; j < p->first + p->count; j++) {
                scene_seg g = segs[j];
                for (int q = 0; q < 3; q++) {
                    g.x[q] = g.x[q] * k + dx;
                    g.y[q] = g.y[q] * k + dy;
                }
                g_array_append_val(dst->segs, g);
            }
            scene_style st = p->style;
            st.width *= k;
            st.dash[0] *= k;
            st.dash[1] *= k;
            guint before = dst->items->len;
            scene_end(dst, &st);
            if (dst->items->len > before) /* keeps the colour as written, not its grey */
                g_array_index(dst->items, scene_item, before).u.path.written = p->written;
        } else if (it->kind == SCENE_TEXT) {
            scene_item c = *it;
            scene_text *t = &c.u.text;
            t->utf8 = g_string_chunk_insert(dst->strings, t->utf8);
            t->font.family = g_string_chunk_insert_const(dst->strings, t->font.family);
            t->font.size *= k;
            t->x = t->x * k + dx;
            t->y = t->y * k + dy;
            t->bx = t->bx * k + dx;
            t->by = t->by * k + dy;
            t->width *= k;
            t->ascent *= k;
            t->descent *= k;
            push_item(dst, &c);
            dst->texts++;
            dst->text_bytes += strlen(t->utf8);
            dst->shaped += strlen(t->utf8) * weight(src); /* src's fonts draw it */
        } else if (it->kind == SCENE_IMAGE) {
            scene_image im = it->u.image;
            im.x = im.x * k + dx;
            im.y = im.y * k + dy;
            im.w *= k;
            im.h *= k;
            im.cx = im.cx * k + dx;
            im.cy = im.cy * k + dy;
            im.cw *= k;
            im.ch *= k;
            if (scene_image_add(dst, &im, err)) return -1;
        } else if (it->kind == SCENE_CELLS) {
            const scene_cells *c = &it->u.cells;
            if (scene_cells_add(dst, c->x * k + dx, c->y * k + dy, c->cell * k, c->n, c->quiet,
                                c->dark, c->color, err))
                return -1;
        } else if (it->kind == SCENE_CLIP) {
            const scene_clip *c = &it->u.clip;
            if (scene_clip_set(dst, c->x * k + dx, c->y * k + dy, c->w * k, c->h * k, err))
                return -1;
        } else {
            const scene_slot *sl = &it->u.slot;
            char *id = g_strconcat(prefix, sl->id, NULL);
            int rc = scene_slot_add(dst, id, sl->x * k + dx, sl->y * k + dy, sl->w * k, sl->h * k,
                                    sl->shape, err);
            g_free(id);
            if (rc) return -1;
        }
    }
    for (guint i = 0; i < src->notes->len; i++) {
        const scene_note *n = &g_array_index(src->notes, scene_note, i);
        scene_mark(dst, n->line, n->col);
        scene_note_add(dst, n->kind, n->msg);
    }
    /* A whole sheet brings what its blocks cost to lay out, for the
     * document's budget (the limits were kept on the sheet itself). */
    if (from == 0 && to >= scene_count(src)) dst->shaped += src->laid_bytes * weight(src);
    scene_mark(dst, keep_line, keep_col);
    return 0;
}

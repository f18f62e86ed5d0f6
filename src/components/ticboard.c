/* ticboard.c: Thinking In Circles printables: the board of circles (tic-board),
 * generated from the page's seed by games/tic.h; the secret goal slips
 * (tic-goals); and a strip of Blocker tokens for the Lockdown variant
 * (tic-blockers). A long row of circles zigzags, and turns back under itself
 * when its spaces would be small. Goal slip slots: slip<k>.player, slip<k>.black,
 * slip<k>.white, slip<k>.goal<g>.<i> (k, g, i from 1). */
#include <math.h>
#include <stdio.h>
#include "components/comp.h"
#include "components/draw.h"
#include "games/tic.h"
#include "scene/measure.h"

#define BOX_PROPS(hdef)                                                                            \
    COMP_X(NULL), COMP_Y(NULL),                                                                    \
        {.name = "w", .type = PV_LENGTH, .def = "100%", .min = 20, .max = 1000, .axis = 'x'},      \
    {                                                                                              \
        .name = "h", .type = PV_LENGTH, .def = hdef, .min = 10, .max = 1000, .axis = 'y'           \
    }

static const pv_spec board_props[] = {
    BOX_PROPS("150mm"),
    {.name = "circles", .type = PV_INT, .def = "5", .min = TIC_MIN_CIRCLES, .max = TIC_MAX_CIRCLES},
    {.name = "spaces",
     .type = PV_INT,
     .def = "9",
     .min = TIC_MIN_SPACES,
     .max = TIC_MAX_SPACES,
     .help = "spaces per circle, the start included"},
    {.name = "layout", .type = PV_ENUM, .def = "row", .choices = "row|ring"},
    {.name = "neutral",
     .type = PV_INT,
     .def = "2",
     .min = 0,
     .max = TIC_MAX_SPACES,
     .help = "neutral spaces per circle besides the start"},
    {.name = "space",
     .type = PV_LENGTH,
     .def = "20mm",
     .min = 4,
     .max = 40,
     .help = "largest diameter of a space; the board shrinks to fit its box"},
    {0},
};

/* Colours of the three kinds of space and of the glyph drawn on each. */
static const pn_rgba space_fill[3] = {{0.1, 0.1, 0.1, 1}, {1, 1, 1, 1}, {0.78, 0.70, 0.55, 1}};
static const pn_rgba glyph_fill[3] = {{1, 1, 1, 1}, {0.1, 0.1, 0.1, 1}, {0.1, 0.1, 0.1, 1}};

/* One circle's size for spaces of diameter g: track radius and outer radius. */
static void circle_geom(int spaces, double g, double *track, double *outer)
{
    double t = 0.6 * g / sin(G_PI / spaces);
    if (t < g * 1.3) t = g * 1.3;
    *track = t;
    *outer = t + g * 0.62;
}

typedef struct arrangement {
    double ux[TIC_MAX_CIRCLES], uy[TIC_MAX_CIRCLES]; /* centres in units of the pitch */
    double w, h;                                     /* extent in pitches, plus one diameter */
} arrangement;

/* Centres for n circles, in units of the pitch p = D * 1.16 (D: diameter);
 * the extents below are (w, h) * p + D. */
typedef enum { ROW_STRAIGHT, ROW_ZIGZAG, ROW_UTURN } row_shape;

/* The U-turn: the rows UTURN_GAP pitches apart, the turning circle halfway
 * between them and one pitch from its neighbours. */
#define UTURN_GAP 1.4

static void arrange(int n, tic_layout layout, row_shape shape, arrangement *a)
{
    double minx = 1e9, maxx = -1e9, miny = 1e9, maxy = -1e9;
    int k = n / 2; /* U-turn: circles 0..k-1 left to right, k turns, the rest come back */
    double turn = sqrt(1 - UTURN_GAP * UTURN_GAP / 4);
    for (int i = 0; i < n; i++) {
        if (layout == TIC_RING) {
            double rc = 0.5 / sin(G_PI / n), ang = i * 2 * G_PI / n;
            a->ux[i] = rc * sin(ang);
            a->uy[i] = -rc * cos(ang);
        } else if (shape == ROW_UTURN) {
            /* Rows 1.4 pitches apart, so only neighbours look close. */
            a->ux[i] = i < k ? i : i == k ? k - 1 + turn : 2 * k - i;
            a->uy[i] = i < k ? 0 : i == k ? UTURN_GAP / 2 : UTURN_GAP;
        } else if (shape == ROW_ZIGZAG) {
            /* Neighbours one pitch apart, every second circle 1.3 pitches on,
             * so only neighbours look close. */
            a->ux[i] = 0.65 * i;
            a->uy[i] = i % 2 ? sqrt(1 - 0.65 * 0.65) : 0;
        } else {
            a->ux[i] = i;
            a->uy[i] = 0;
        }
        minx = fmin(minx, a->ux[i]);
        maxx = fmax(maxx, a->ux[i]);
        miny = fmin(miny, a->uy[i]);
        maxy = fmax(maxy, a->uy[i]);
    }
    for (int i = 0; i < n; i++) {
        a->ux[i] -= (minx + maxx) / 2;
        a->uy[i] -= (miny + maxy) / 2;
    }
    a->w = maxx - minx;
    a->h = maxy - miny;
}

/* Spaces smaller than this (mm) make a row of circles turn back under itself
 * when that gives larger ones. */
#define ROW_MIN_SPACE 8.0

/* The largest diameter that fits w x h. */
static double fit(const arrangement *a, double w, double h)
{
    const double k = 1.16;
    double dw = w / (a->w * k + 1), dh = h / (a->h * k + 1);
    return dw < dh ? dw : dh;
}

static int draw_space(scene *s, const tic_space *sp, double x, double y, double g, pn_err *err)
{
    int c = sp->color;
    scene_style st = scene_fill_stroke_style(space_fill[c], PN_BLACK, g * 0.035 + 0.15);
    scene_circle(s, x, y, g / 2, &st);
    if (sp->shape == TIC_NO_SHAPE) {
        scene_style d = scene_stroke_style(PN_BLACK, 0.3);
        d.dash[0] = d.dash[1] = g * 0.06;
        scene_circle(s, x, y, g * 0.42, &d);
        /* At least 6 pt where it fits in the dashed ring, the smallest size
         * lint calls legible. */
        scene_font f = comp_font(fmax(g * 0.2 * PN_MM_TO_PT, 6), true);
        f.size = scene_fit_size(s, &f, "START", g * 0.76, 3);
        return scene_text_add(s, "START", &f, PN_BLACK, x, y, TEXT_CENTER, TEXT_MIDDLE, 0, err)
                   ? 0
                   : -1;
    }
    scene_style gs = scene_fill_style(glyph_fill[c]);
    draw_shape(s, (draw_shape_kind)sp->shape, x, y, g * 0.3, &gs);
    return 0;
}

static int board_layout(const comp_ctx *ctx, const comp_args *a, scene *s, pn_err *err)
{
    tic_params p = {.circles = (int)comp_int(a, "circles"),
                    .spaces = (int)comp_int(a, "spaces"),
                    .neutral = (int)comp_int(a, "neutral"),
                    .layout = comp_int(a, "layout") == 1 ? TIC_RING : TIC_ROW};
    const char *why = tic_params_check(&p);
    if (why)
        return comp_err(ctx, err, "tic-board: %s (circles=%d spaces=%d neutral=%d)", why, p.circles,
                        p.spaces, p.neutral);
    tic_board b;
    tic_generate(&p, ctx->seed, &b);
    double x0 = comp_x(ctx, a, "x"), y0 = comp_y(ctx, a, "y");
    double w = comp_len(ctx, a, "w"), h = comp_len(ctx, a, "h");
    /* A row that does not fit straight is drawn as a zigzag: still a chain.
     * A chain whose zigzag leaves spaces under ROW_MIN_SPACE turns back
     * under itself when that makes them larger (7 to 9 circles of 9 spaces
     * on A4). */
    arrangement straight, zig, uturn;
    arrange(p.circles, p.layout, ROW_STRAIGHT, &straight);
    arrange(p.circles, p.layout, ROW_ZIGZAG, &zig);
    arrange(p.circles, p.layout, ROW_UTURN, &uturn);
    const arrangement *ar = &straight;
    double D = fit(&straight, w, h);
    if (p.layout == TIC_ROW && fit(&zig, w, h) > D * 1.05) {
        ar = &zig;
        D = fit(&zig, w, h);
    }
    double track, outer, gmax = comp_len(ctx, a, "space");
    circle_geom(p.spaces, 1, &track, &outer);
    if (p.layout == TIC_ROW && fmin(D / 2 / outer, gmax) < ROW_MIN_SPACE &&
        fit(&uturn, w, h) > D * 1.05) {
        ar = &uturn;
        D = fit(&uturn, w, h);
    }
    double g = D / 2 / outer;
    if (g > gmax) g = gmax;
    if (g < 3)
        return comp_err(ctx, err, "tic-board: %d circles of %d spaces do not fit a %.0fx%.0fmm box",
                        p.circles, p.spaces, w, h);
    circle_geom(p.spaces, g, &track, &outer);
    D = 2 * outer;
    double pitch = D * 1.16, cx = x0 + w / 2, cy = y0 + h / 2;
    double px[TIC_MAX_CIRCLES], py[TIC_MAX_CIRCLES];
    for (int i = 0; i < p.circles; i++) {
        px[i] = cx + ar->ux[i] * pitch;
        py[i] = cy + ar->uy[i] * pitch;
    }
    /* Bridges between adjacent circles, behind them. */
    scene_style bridge = scene_stroke_style((pn_rgba){0.55, 0.55, 0.55, 1}, D * 0.09);
    int nb = p.layout == TIC_RING ? p.circles : p.circles - 1;
    for (int i = 0; i < nb; i++) {
        int j = (i + 1) % p.circles;
        scene_segment(s, px[i], py[i], px[j], py[j], &bridge);
    }
    scene_style disc = scene_fill_stroke_style((pn_rgba){0.96, 0.94, 0.90, 1}, PN_BLACK, 0.6);
    scene_style ring = scene_stroke_style((pn_rgba){0.5, 0.5, 0.5, 1}, g * 0.08);
    char num[16];
    for (int c = 0; c < p.circles; c++) {
        scene_circle(s, px[c], py[c], outer, &disc);
        scene_circle(s, px[c], py[c], track, &ring);
        for (int k = 0; k < p.spaces; k++) {
            double sx, sy;
            draw_polar(px[c], py[c], track, k * 360.0 / p.spaces, &sx, &sy);
            if (draw_space(s, &b.sp[c][k], sx, sy, g, err)) return -1;
        }
        /* The circle's number inside a clockwise arrow ("+" moves this way). */
        double inner = track - g / 2;
        snprintf(num, sizeof num, "%d", c + 1);
        scene_font f = comp_font(inner * 0.75 * PN_MM_TO_PT, true);
        if (!scene_text_add(s, num, &f, PN_BLACK, px[c], py[c], TEXT_CENTER, TEXT_MIDDLE, 0, err))
            return -1;
        double ar_r = inner * 0.72;
        draw_arc_arrow(s, px[c], py[c], ar_r, 200, 340 + 360 * 0, ar_r * 0.1 + 0.2,
                       (pn_rgba){0.35, 0.35, 0.35, 1});
        scene_font pf = comp_font(inner * 0.32 * PN_MM_TO_PT, true);
        double lx, ly;
        draw_polar(px[c], py[c], ar_r, 20, &lx, &ly);
        if (!scene_text_add(s, "+", &pf, (pn_rgba){0.35, 0.35, 0.35, 1}, lx, ly, TEXT_CENTER,
                            TEXT_MIDDLE, 0, err))
            return -1;
    }
    return 0;
}

static const pv_spec goals_props[] = {
    BOX_PROPS("70mm"),
    {.name = "slips", .type = PV_INT, .def = "2", .min = 1, .max = 8, .help = "one per player"},
    {.name = "goals",
     .type = PV_INT,
     .def = "3",
     .min = 1,
     .max = TIC_MAX_GOALS,
     .help = "goal rows per slip (Spin Cycle uses 2 or 3)"},
    {0},
};

static int slot(const comp_ctx *ctx, scene *s, const char *id, double x, double y, double w,
                double h, scene_slot_shape shape, pn_err *err)
{
    if (scene_slot_add(s, id, x, y, w, h, shape, err))
        return comp_err(ctx, err, "tic-goals: %s", err->msg);
    return 0;
}

static int one_slip(const comp_ctx *ctx, scene *s, int k, int goals, double x, double y, double w,
                    double h, pn_err *err)
{
    scene_style cut = scene_stroke_style((pn_rgba){0.4, 0.4, 0.4, 1}, 0.3);
    cut.dash[0] = 2;
    cut.dash[1] = 1.2;
    scene_rect(s, x, y, w, h, &cut);
    pn_rgba grey = {0.4, 0.4, 0.4, 1};
    char id[64];
    double pad = 3, head = 9, row = (h - head - 2 * pad - 6) / goals;
    double bx = x + pad, by = y + pad;
    if (!draw_text_left(s, "Player", 8, true, PN_BLACK, bx, by + 3, 0, err)) return -1;
    scene_style thin = scene_stroke_style(PN_BLACK, 0.3);
    double lx = bx + 12, lw = w * 0.42;
    scene_segment(s, lx, by + 5.5, lx + lw, by + 5.5, &thin);
    snprintf(id, sizeof id, "slip%d.player", k);
    if (slot(ctx, s, id, lx, by, lw, 5.5, SLOT_BOX, err)) return -1;
    /* Colour: two discs to tick. */
    double cx = lx + lw + 5;
    const char *names[2] = {"black", "white"};
    for (int i = 0; i < 2; i++) {
        scene_style d =
            scene_fill_stroke_style(i ? PN_WHITE : (pn_rgba){0.1, 0.1, 0.1, 1}, PN_BLACK, 0.4);
        scene_circle(s, cx + 2, by + 3, 2, &d);
        snprintf(id, sizeof id, "slip%d.%s", k, names[i]);
        if (slot(ctx, s, id, cx, by + 1, 4, 4, SLOT_ROUND, err)) return -1;
        const scene_text *t =
            draw_text_left(s, names[i], 7.5, false, PN_BLACK, cx + 5, by + 3, 0, err);
        if (!t) return -1;
        cx += 5 + t->width + 4;
    }
    double ry = y + pad + head;
    double box = row - 2.5 > 16 ? 16 : row - 2.5;
    if (box < 6) box = 6;
    for (int g = 0; g < goals; g++, ry += row) {
        char label[32];
        snprintf(label, sizeof label, "Goal %d", g + 1);
        if (!draw_text_left(s, label, 8, true, PN_BLACK, bx, ry + box / 2, 0, err)) return -1;
        if (g > 0 &&
            !draw_text_left(s, "Spin Cycle", 6, false, grey, bx, ry + box / 2 + 3.6, 0, err))
            return -1;
        double gx = bx + 16;
        for (int i = 0; i < 3; i++) {
            double qx = gx + i * (box + 5);
            scene_style bs = scene_stroke_style(PN_BLACK, 0.4);
            scene_rect(s, qx, ry, box, box, &bs);
            /* The four shapes, faint, to circle one of them. */
            scene_style faint = scene_stroke_style((pn_rgba){0.55, 0.55, 0.55, 1}, 0.25);
            for (int q = 0; q < DRAW_SHAPES; q++) {
                double sx = qx + box * (q % 2 ? 0.72 : 0.28), sy = ry + box * (q < 2 ? 0.28 : 0.72);
                draw_shape(s, (draw_shape_kind)q, sx, sy, box * 0.14, &faint);
            }
            snprintf(id, sizeof id, "slip%d.goal%d.%d", k, g + 1, i + 1);
            if (slot(ctx, s, id, qx, ry, box, box, SLOT_BOX, err)) return -1;
            if (i < 2) {
                double ax = qx + box + 1, ay = ry + box / 2;
                scene_segment(s, ax, ay, ax + 3, ay, &thin);
            }
        }
    }
    if (!draw_text_left(s, "Three adjacent circles, read either way. Fold to keep it secret.", 6.5,
                        false, grey, bx, y + h - pad - 1.5, w - 2 * pad, err))
        return -1;
    return 0;
}

static int goals_layout(const comp_ctx *ctx, const comp_args *a, scene *s, pn_err *err)
{
    double x = comp_x(ctx, a, "x"), y = comp_y(ctx, a, "y");
    double w = comp_len(ctx, a, "w"), h = comp_len(ctx, a, "h");
    int n = (int)comp_int(a, "slips"), goals = (int)comp_int(a, "goals");
    int cols = n == 1 ? 1 : 2, rows = (n + cols - 1) / cols;
    const double gap = 4;
    double sw = (w - (cols - 1) * gap) / cols, sh = (h - (rows - 1) * gap) / rows;
    if (sw > 110) sw = 110;
    if (sh < 20 + goals * 8 || sw < 70)
        return comp_err(ctx, err, "tic-goals: %d slips of %d goals do not fit a %.0fx%.0fmm box", n,
                        goals, w, h);
    double left = x + (w - cols * sw - (cols - 1) * gap) / 2;
    for (int k = 0; k < n; k++)
        if (one_slip(ctx, s, k + 1, goals, left + (k % cols) * (sw + gap),
                     y + (k / cols) * (sh + gap), sw, sh, err))
            return -1;
    return 0;
}

static const pv_spec blockers_props[] = {
    BOX_PROPS("25mm"),
    {.name = "count", .type = PV_INT, .def = "8", .min = 0, .max = 30},
    {.name = "size",
     .type = PV_LENGTH,
     .def = "21mm",
     .min = 10,
     .max = 40,
     .help = "diameter of a token (a nickel is 21.2mm); smaller, to 10mm, when the box needs"},
    {.name = "color", .type = PV_COLOR, .def = "#c62828"},
    {.name = "title", .type = PV_STRING, .def = "Blocker tokens (Lockdown): cut out"},
    {0},
};

#define BLOCKER_MIN_MM 10.0 /* tokens shrink to fit their box down to this */

/* The largest token diameter, at most d, at which n tokens fit a box of w by
 * h in rows (gap between them); under BLOCKER_MIN_MM when none does. */
static double blockers_fit(int n, double d, double w, double h, double gap)
{
    double best = 0;
    for (int rows = 1; rows <= n; rows++) {
        int per = (n + rows - 1) / rows;
        double by_w = (w + gap) / per - gap, by_h = (h + gap) / rows - gap;
        double f = d < by_w ? d : by_w;
        if (by_h < f) f = by_h;
        if (f > best) best = f;
    }
    return best;
}

static int blockers_layout(const comp_ctx *ctx, const comp_args *a, scene *s, pn_err *err)
{
    double x = comp_x(ctx, a, "x"), y = comp_y(ctx, a, "y");
    double w = comp_len(ctx, a, "w"), h = comp_len(ctx, a, "h");
    int n = (int)comp_int(a, "count");
    double d = comp_len(ctx, a, "size"), gap = 2.5;
    if (n == 0) return 0;
    const char *title = comp_str(a, "title");
    if (*title) {
        if (!draw_text_left(s, title, 8, true, PN_BLACK, x, y + 2, w, err)) return -1;
        y += 4.5;
        h -= 4.5;
    }
    d = blockers_fit(n, d, w, h, gap);
    int per = (int)((w + gap) / (d + gap) + 1e-9);
    if (d < BLOCKER_MIN_MM || per < 1)
        return comp_err(ctx, err,
                        "tic-blockers: %d tokens do not fit a %.0fx%.0fmm box, even at %.0fmm", n,
                        w, h, BLOCKER_MIN_MM);
    int rows = (n + per - 1) / per;
    per = (n + rows - 1) / rows; /* rows as even as they can be */
    pn_rgba c = comp_color(a, "color");
    scene_style cut = scene_stroke_style((pn_rgba){0.4, 0.4, 0.4, 1}, 0.3);
    cut.dash[0] = 1.5;
    cut.dash[1] = 1;
    scene_style oct = scene_fill_stroke_style(ctx->mono ? PN_WHITE : c, PN_BLACK, 0.5);
    scene_style oct_in = scene_stroke_style(ctx->mono ? PN_BLACK : PN_WHITE, 0.5);
    for (int i = 0; i < n; i++) {
        int row = i / per, in_row = n - row * per < per ? n - row * per : per; /* each centred */
        double left = x + (w - in_row * (d + gap) + gap) / 2;
        double cx = left + (i % per) * (d + gap) + d / 2, cy = y + row * (d + gap) + d / 2;
        scene_circle(s, cx, cy, d / 2, &cut);
        /* A stop-sign octagon with BLOCKER across it. */
        for (int pass = 0; pass < 2; pass++) {
            double R = d * (pass ? 0.36 : 0.42);
            scene_begin(s);
            for (int k = 0; k < 8; k++) {
                double px, py;
                draw_polar(cx, cy, R, 22.5 + k * 45, &px, &py);
                if (k == 0)
                    scene_move(s, px, py);
                else
                    scene_line(s, px, py);
            }
            scene_close(s);
            scene_end(s, pass ? &oct_in : &oct);
        }
        if (!draw_label(s, "BLOCKER", d * 0.2 * PN_MM_TO_PT, true, ctx->mono ? PN_BLACK : PN_WHITE,
                        cx - d * 0.32, cy - d / 2, d * 0.64, d, err))
            return -1;
    }
    return 0;
}

const comp_type comp_tic_board = {
    "tic-board", "Thinking In Circles: circles of shaped, coloured spaces (seeded)", board_props,
    board_layout};
const comp_type comp_tic_goals = {
    "tic-goals", "Thinking In Circles: secret goal slips; slots slip<k>.goal<g>.<i>", goals_props,
    goals_layout};
const comp_type comp_tic_blockers = {
    "tic-blockers", "Thinking In Circles: Blocker tokens to cut out (Lockdown variant)",
    blockers_props, blockers_layout};

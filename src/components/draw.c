/* draw.c: drawing helpers shared by components. */
#include "components/draw.h"

#include <math.h>
#include "scene/measure.h"

pn_rgba draw_tint(pn_rgba c, double t)
{
    return (pn_rgba){1 - t + t * c.r, 1 - t + t * c.g, 1 - t + t * c.b, c.a};
}

const scene_text *draw_label(scene *s, const char *text, double size, bool bold, pn_rgba c,
                             double x, double y, double w, double h, pn_err *err)
{
    scene_font f = comp_font(size, bold);
    f.size = scene_fit_size(s, &f, text, w - 1.6 > 1 ? w - 1.6 : w, 3);
    return scene_text_add(s, text, &f, c, x + w / 2, y + h / 2, TEXT_CENTER, TEXT_MIDDLE, 0, err);
}

const scene_text *draw_text_left(scene *s, const char *text, double size, bool bold, pn_rgba c,
                                 double x, double y, double max_w, pn_err *err)
{
    scene_font f = comp_font(size, bold);
    if (max_w > 0) f.size = scene_fit_size(s, &f, text, max_w, 3);
    return scene_text_add(s, text, &f, c, x, y, TEXT_LEFT, TEXT_MIDDLE, 0, err);
}

void draw_polar(double cx, double cy, double r, double a, double *x, double *y)
{
    double t = a * G_PI / 180.0;
    *x = cx + r * sin(t);
    *y = cy - r * cos(t);
}

void draw_sector(scene *s, double cx, double cy, double r0, double r1, double a0, double a1,
                 const scene_style *st)
{
    scene_begin(s);
    scene_arc(s, cx, cy, r1, a0, a1);
    if (r0 > 0)
        scene_arc(s, cx, cy, r0, a1, a0);
    else
        scene_line(s, cx, cy);
    scene_close(s);
    scene_end(s, st);
}

void draw_tile(scene *s, double x, double y, double side, double r, const pn_rgba corners[4],
               pn_rgba bg, double edge)
{
    draw_tile_patterned(s, x, y, side, r, corners, NULL, NULL, bg, edge, 0);
}

void draw_tile_patterned(scene *s, double x, double y, double side, double r,
                         const pn_rgba corners[4], const draw_pattern patterns[4],
                         const pn_rgba inks[4], pn_rgba bg, double edge, double outline)
{
    scene_style back = scene_fill_style(bg);
    scene_rect(s, x, y, side, side, &back);
    /* Corner points and the clock angles each quarter circle spans. */
    const double cx[4] = {x, x + side, x + side, x}, cy[4] = {y, y, y + side, y + side};
    const double a0[4] = {90, 180, 270, 0};
    for (int i = 0; i < 4; i++) {
        scene_style st = scene_fill_style(corners[i]);
        draw_sector(s, cx[i], cy[i], 0, r, a0[i], a0[i] + 90, &st);
        pn_rgba ink = inks ? inks[i] : PN_BLACK;
        if (patterns) draw_sector_pattern(s, cx[i], cy[i], r, a0[i], a0[i] + 90, patterns[i], ink);
        if (outline > 0) {
            scene_style o = scene_stroke_style(ink, outline);
            scene_begin(s);
            scene_arc(s, cx[i], cy[i], r, a0[i], a0[i] + 90);
            scene_end(s, &o);
        }
    }
    if (edge > 0) {
        scene_style e = scene_stroke_style((pn_rgba){0.2, 0.2, 0.2, 1}, edge);
        scene_rect(s, x, y, side, side, &e);
    }
}

void draw_sector_pattern(scene *s, double cx, double cy, double r, double a0, double a1,
                         draw_pattern p, pn_rgba ink)
{
    double lw = r * 0.045 < 0.2 ? 0.2 : r * 0.045;
    scene_style line = scene_stroke_style(ink, lw), fill = scene_fill_style(ink);
    switch (p) {
    case DRAW_PAT_NONE:
    case DRAW_PAT_COUNT:
        break;
    case DRAW_PAT_SOLID:
        draw_sector(s, cx, cy, 0, r, a0, a1, &fill);
        break;
    case DRAW_PAT_BAND:
        draw_sector(s, cx, cy, r * 0.62, r, a0, a1, &fill);
        break;
    case DRAW_PAT_CORE:
        draw_sector(s, cx, cy, 0, r * 0.5, a0, a1, &fill);
        break;
    case DRAW_PAT_RINGS:
        for (int k = 1; k <= 4; k++) {
            scene_begin(s);
            scene_arc(s, cx, cy, r * (k - 0.5) / 4.2, a0, a1);
            scene_end(s, &line);
        }
        break;
    case DRAW_PAT_SPOKES: {
        int n = (int)((a1 - a0) / 15.0 + 0.5);
        for (int k = 0; k < n; k++) {
            double x0, y0, x1, y1, a = a0 + (k + 0.5) * (a1 - a0) / n;
            draw_polar(cx, cy, r * 0.12, a, &x0, &y0);
            draw_polar(cx, cy, r * 0.94, a, &x1, &y1);
            scene_segment(s, x0, y0, x1, y1, &line);
        }
        break;
    }
    case DRAW_PAT_DOTS: {
        double dot = r * 0.065;
        for (int ring = 0; ring < 3; ring++) {
            double rr = r * (0.22 + 0.27 * ring);
            double arc = rr * (a1 - a0) * G_PI / 180.0;
            int n = (int)(arc / (r * 0.25) + 0.5);
            if (n < 1) n = 1;
            for (int k = 0; k < n; k++) {
                double px, py;
                draw_polar(cx, cy, rr, a0 + (k + 0.5) * (a1 - a0) / n, &px, &py);
                scene_circle(s, px, py, dot, &fill);
            }
        }
        break;
    }
    case DRAW_PAT_CHECKER: {
        /* 3 rings x 2 slices per quarter turn: the parity carries on across
         * neighbouring sectors. */
        int slices = (int)((a1 - a0) / 45.0 + 0.5);
        if (slices < 1) slices = 1;
        double step = (a1 - a0) / slices;
        for (int ring = 0; ring < 3; ring++)
            for (int k = 0; k < slices; k++)
                if ((ring + k) % 2 == 0)
                    draw_sector(s, cx, cy, r * ring / 3.0, r * (ring + 1) / 3.0, a0 + k * step,
                                a0 + (k + 1) * step, &fill);
        break;
    }
    }
}

static const char *const shape_names[] = {"circle", "triangle", "square", "pentagon"};

const char *draw_shape_name(draw_shape_kind k)
{
    return k < DRAW_SHAPES ? shape_names[k] : "?";
}

int draw_shape_from_name(const char *name)
{
    for (int i = 0; i < DRAW_SHAPES; i++)
        if (!g_ascii_strcasecmp(name, shape_names[i])) return i;
    return -1;
}

/* A regular polygon of n corners, one at 12 o'clock, circumradius R. */
static void polygon(scene *s, int n, double cx, double cy, double R, const scene_style *st)
{
    scene_begin(s);
    for (int i = 0; i < n; i++) {
        double px, py;
        draw_polar(cx, cy, R, i * 360.0 / n, &px, &py);
        if (i == 0)
            scene_move(s, px, py);
        else
            scene_line(s, px, py);
    }
    scene_close(s);
    scene_end(s, st);
}

void draw_shape(scene *s, draw_shape_kind k, double cx, double cy, double r, const scene_style *st)
{
    switch (k) {
    case DRAW_CIRCLE:
        scene_circle(s, cx, cy, r * 0.78, st);
        break;
    case DRAW_TRIANGLE:
        /* The centroid sits a little low so the triangle looks centred. */
        polygon(s, 3, cx, cy + r * 0.12, r * 1.02, st);
        break;
    case DRAW_SQUARE: {
        double h = r * 0.7;
        scene_rect(s, cx - h, cy - h, 2 * h, 2 * h, st);
        break;
    }
    case DRAW_PENTAGON:
        polygon(s, 5, cx, cy + r * 0.04, r * 0.88, st);
        break;
    case DRAW_SHAPES:
        break;
    }
}

void draw_arc_arrow(scene *s, double cx, double cy, double r, double a0, double a1, double width,
                    pn_rgba c)
{
    scene_style st = scene_stroke_style(c, width);
    st.round = true;
    double dir = a1 > a0 ? 1 : -1;
    /* Stop the shaft short of the head. */
    double head = width * 3.2, back = head / r * 180.0 / G_PI;
    scene_begin(s);
    scene_arc(s, cx, cy, r, a0, a1 - dir * back * 0.6);
    scene_end(s, &st);
    double tx, ty, bx, by;
    draw_polar(cx, cy, r, a1, &tx, &ty);
    draw_polar(cx, cy, r, a1 - dir * back, &bx, &by);
    /* The head: a triangle pointing along the tangent. */
    double ux = tx - bx, uy = ty - by, len = sqrt(ux * ux + uy * uy);
    ux /= len;
    uy /= len;
    double nx = -uy, ny = ux, hw = head * 0.55;
    scene_style f = scene_fill_style(c);
    scene_begin(s);
    scene_move(s, tx, ty);
    scene_line(s, bx + nx * hw, by + ny * hw);
    scene_line(s, bx - nx * hw, by - ny * hw);
    scene_close(s);
    scene_end(s, &f);
}

draw_pattern draw_colour_pattern(int k)
{
    static const draw_pattern p[DRAW_COLOUR_PATTERNS] = {
        DRAW_PAT_SPOKES,  DRAW_PAT_DOTS,  DRAW_PAT_NONE, DRAW_PAT_RINGS,
        DRAW_PAT_CHECKER, DRAW_PAT_SOLID, DRAW_PAT_BAND, DRAW_PAT_CORE,
    };
    return k >= 0 && k < DRAW_COLOUR_PATTERNS ? p[k] : DRAW_PAT_NONE;
}

pn_rgba draw_pattern_ink(pn_rgba c, draw_pattern p, bool mono)
{
    bool area = p == DRAW_PAT_SOLID || p == DRAW_PAT_BAND || p == DRAW_PAT_CORE;
    if (mono) return area ? (pn_rgba){0.35, 0.35, 0.35, 1} : PN_BLACK;
    return (pn_rgba){c.r * 0.45, c.g * 0.45, c.b * 0.45, 1};
}

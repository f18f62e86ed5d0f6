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
    f.size = scene_fit_size(&f, text, w - 1.6 > 1 ? w - 1.6 : w, 3);
    return scene_text_add(s, text, &f, c, x + w / 2, y + h / 2, TEXT_CENTER, TEXT_MIDDLE, 0, err);
}

const scene_text *draw_text_left(scene *s, const char *text, double size, bool bold, pn_rgba c,
                                 double x, double y, double max_w, pn_err *err)
{
    scene_font f = comp_font(size, bold);
    if (max_w > 0) f.size = scene_fit_size(&f, text, max_w, 3);
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
    scene_style back = scene_fill_style(bg);
    scene_rect(s, x, y, side, side, &back);
    /* Corner points and the clock angles each quarter circle spans. */
    const double cx[4] = {x, x + side, x + side, x}, cy[4] = {y, y, y + side, y + side};
    const double a0[4] = {90, 180, 270, 0};
    for (int i = 0; i < 4; i++) {
        scene_style st = scene_fill_style(corners[i]);
        draw_sector(s, cx[i], cy[i], 0, r, a0[i], a0[i] + 90, &st);
    }
    if (edge > 0) {
        scene_style e = scene_stroke_style((pn_rgba){0.2, 0.2, 0.2, 1}, edge);
        scene_rect(s, x, y, side, side, &e);
    }
}

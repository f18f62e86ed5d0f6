/* shapes.c: the geometric shapes of templates: regular polygon, star, arc and
 * sector (a slice of a disc). Angles are in degrees, clockwise from 12
 * o'clock, as everywhere in pnpkit. */
#include <math.h>
#include "components/comp.h"

#define CENTRE(n, ax)                                                                              \
    {                                                                                              \
        .name = n, .type = PV_LENGTH, .def = "0", .min = -1000, .max = 1000, .axis = ax,           \
        .help = "centre"                                                                           \
    }
#define RADIUS(d, h)                                                                               \
    {                                                                                              \
        .name = "r", .type = PV_LENGTH, .def = d, .min = 0, .max = 1000, .help = h                 \
    }
#define STYLE_PROPS                                                                                \
    {.name = "width",                                                                              \
     .type = PV_LENGTH,                                                                            \
     .def = "0.3mm",                                                                               \
     .min = 0,                                                                                     \
     .max = 10,                                                                                    \
     .help = "stroke width"},                                                                      \
        {.name = "stroke", .type = PV_COLOR, .def = "black"},                                      \
    {                                                                                              \
        .name = "fill", .type = PV_COLOR, .def = "none"                                            \
    }
#define ROTATION                                                                                   \
    {                                                                                              \
        .name = "rotation", .type = PV_NUMBER, .def = "0", .min = -360, .max = 360,                \
        .help = "degrees clockwise; 0 puts a corner at 12 o'clock"                                 \
    }

static scene_style style_of(const comp_ctx *ctx, const comp_args *a)
{
    pn_rgba fill = comp_color(a, "fill"), stroke = comp_color(a, "stroke");
    double w = comp_len(ctx, a, "width");
    scene_style st = scene_fill_stroke_style(fill, stroke, w);
    st.fill = fill.a > 0;
    st.stroke = stroke.a > 0 && w > 0;
    return st;
}

/* The point at clock angle deg, distance r from (cx, cy). */
static void clock_point(double cx, double cy, double r, double deg, double *x, double *y)
{
    double t = (deg - 90) * G_PI / 180;
    *x = cx + r * cos(t);
    *y = cy + r * sin(t);
}

/* A closed outline through n points, alternately at radius r0 and r1 (equal
 * for a polygon), starting at clock angle rot. */
static void star_path(scene *s, double cx, double cy, int n, double r0, double r1, double rot,
                      const scene_style *st)
{
    scene_begin(s);
    for (int k = 0; k < n; k++) {
        double x, y;
        clock_point(cx, cy, k % 2 ? r1 : r0, rot + 360.0 * k / n, &x, &y);
        scene_line(s, x, y);
    }
    scene_close(s);
    scene_end(s, st);
}

static const pv_spec polygon_props[] = {
    CENTRE("x", 'x'),
    CENTRE("y", 'y'),
    RADIUS("10", "centre to corner"),
    {.name = "sides", .type = PV_INT, .def = "6", .min = 3, .max = 64},
    ROTATION,
    STYLE_PROPS,
    {0},
};

static int polygon_layout(const comp_ctx *ctx, const comp_args *a, scene *s, pn_err *err)
{
    (void)err;
    scene_style st = style_of(ctx, a);
    double r = comp_len(ctx, a, "r");
    star_path(s, comp_x(ctx, a, "x"), comp_y(ctx, a, "y"), (int)comp_int(a, "sides"), r, r,
              comp_num(a, "rotation"), &st);
    return 0;
}

static const pv_spec star_props[] = {
    CENTRE("x", 'x'),
    CENTRE("y", 'y'),
    RADIUS("10", "centre to the points"),
    {.name = "inner",
     .type = PV_NUMBER,
     .def = "0.5",
     .min = 0.05,
     .max = 1,
     .help = "radius of the inner corners, as a part of r"},
    {.name = "points", .type = PV_INT, .def = "5", .min = 3, .max = 64},
    ROTATION,
    STYLE_PROPS,
    {0},
};

static int star_layout(const comp_ctx *ctx, const comp_args *a, scene *s, pn_err *err)
{
    (void)err;
    scene_style st = style_of(ctx, a);
    double r = comp_len(ctx, a, "r");
    star_path(s, comp_x(ctx, a, "x"), comp_y(ctx, a, "y"), 2 * (int)comp_int(a, "points"), r,
              r * comp_num(a, "inner"), comp_num(a, "rotation"), &st);
    return 0;
}

#define ANGLES                                                                                     \
    {.name = "from",                                                                               \
     .type = PV_NUMBER,                                                                            \
     .def = "0",                                                                                   \
     .min = -720,                                                                                  \
     .max = 720,                                                                                   \
     .help = "start, degrees clockwise from 12 o'clock"},                                          \
    {                                                                                              \
        .name = "to", .type = PV_NUMBER, .def = "90", .min = -720, .max = 720,                     \
        .help = "end, degrees clockwise from 12 o'clock"                                           \
    }

static const pv_spec arc_props[] = {
    CENTRE("x", 'x'), CENTRE("y", 'y'), RADIUS("10", "radius"), ANGLES, STYLE_PROPS, {0},
};

/* The angles of an arc, checked: at most one turn, not empty. */
static int arc_angles(const comp_ctx *ctx, const comp_args *a, const char *what, double *from,
                      double *to, pn_err *err)
{
    *from = comp_num(a, "from");
    *to = comp_num(a, "to");
    if (*to == *from || fabs(*to - *from) > 360)
        return comp_err(ctx, err,
                        "%s: from %g to %g: an arc turns by more than 0 and at most 360 "
                        "degrees",
                        what, *from, *to);
    return 0;
}

static int arc_layout(const comp_ctx *ctx, const comp_args *a, scene *s, pn_err *err)
{
    double from, to;
    if (arc_angles(ctx, a, "arc", &from, &to, err)) return -1;
    scene_style st = style_of(ctx, a);
    scene_begin(s);
    scene_arc(s, comp_x(ctx, a, "x"), comp_y(ctx, a, "y"), comp_len(ctx, a, "r"), from, to);
    scene_end(s, &st);
    return 0;
}

static const pv_spec sector_props[] = {
    CENTRE("x", 'x'),
    CENTRE("y", 'y'),
    RADIUS("10", "outer radius"),
    {.name = "inner",
     .type = PV_LENGTH,
     .def = "0",
     .min = 0,
     .max = 1000,
     .help = "inner radius: more than 0 makes a slice of a ring"},
    ANGLES,
    STYLE_PROPS,
    {0},
};

static int sector_layout(const comp_ctx *ctx, const comp_args *a, scene *s, pn_err *err)
{
    double from, to;
    if (arc_angles(ctx, a, "sector", &from, &to, err)) return -1;
    double cx = comp_x(ctx, a, "x"), cy = comp_y(ctx, a, "y"), r = comp_len(ctx, a, "r");
    double inner = comp_len(ctx, a, "inner");
    if (inner >= r)
        return comp_prop_err(ctx, err, "inner", "sector: inner %gmm is not less than r %gmm", inner,
                             r);
    scene_style st = style_of(ctx, a);
    scene_begin(s);
    scene_arc(s, cx, cy, r, from, to);
    if (inner > 0)
        scene_arc(s, cx, cy, inner, to, from);
    else
        scene_line(s, cx, cy);
    scene_close(s);
    scene_end(s, &st);
    return 0;
}

const comp_type comp_polygon = {"polygon", "a regular polygon", polygon_props, polygon_layout};
const comp_type comp_star = {"star", "a star with points around a centre", star_props, star_layout};
const comp_type comp_arc = {"arc", "an arc of a circle", arc_props, arc_layout};
const comp_type comp_sector = {"sector", "a slice of a disc or of a ring", sector_props,
                               sector_layout};

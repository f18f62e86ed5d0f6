/* shape.c: a shape glyph (circle, triangle, square or pentagon) as a
 * component, drawn like the spaces of a Thinking In Circles board. */
#include "components/comp.h"
#include "components/draw.h"

static const pv_spec shape_props[] = {
    COMP_X("centre"),
    COMP_Y(NULL),
    {.name = "shape",
     .type = PV_ENUM,
     .def = "circle",
     .choices = "circle|triangle|square|pentagon"},
    {.name = "size",
     .type = PV_LENGTH,
     .def = "10mm",
     .min = 1,
     .max = 300,
     .help = "diameter of the circle the shape fits"},
    {.name = "fill", .type = PV_COLOR, .def = "black"},
    {.name = "stroke", .type = PV_COLOR, .def = "none"},
    {.name = "width", .type = PV_LENGTH, .def = "0.3mm", .min = 0, .max = 10},
    {0},
};

static int shape_layout(const comp_ctx *ctx, const comp_args *a, scene *s, pn_err *err)
{
    pn_rgba fill = comp_color(a, "fill"), stroke = comp_color(a, "stroke");
    scene_style st = scene_fill_stroke_style(fill, stroke, comp_len(ctx, a, "width"));
    st.fill = fill.a > 0;
    st.stroke = stroke.a > 0 && st.width > 0;
    draw_shape(s, (draw_shape_kind)comp_int(a, "shape"), comp_x(ctx, a, "x"), comp_y(ctx, a, "y"),
               comp_len(ctx, a, "size") / 2, &st);
    return 0;
}

const comp_type comp_shape = {"shape", "a shape glyph: circle, triangle, square or pentagon",
                              shape_props, shape_layout};

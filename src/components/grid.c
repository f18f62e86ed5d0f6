/* grid.c: a rows x cols grid of square cells with axis labels; every cell is a
 * slot named "<prefix>.<col>.<row>" (1-based), e.g. DiCroNo's 6x6 board. */
#include <stdio.h>
#include "components/comp.h"
#include "scene/measure.h"

static const pv_spec grid_props[] = {
    COMP_X("left edge of the cells"),
    COMP_Y("top edge of the cells"),
    {.name = "cell",
     .type = PV_LENGTH,
     .def = "20mm",
     .min = 4,
     .max = 100,
     .help = "side of a cell"},
    {.name = "rows", .type = PV_INT, .def = "6", .min = 1, .max = 30},
    {.name = "cols", .type = PV_INT, .def = "6", .min = 1, .max = 30},
    {.name = "labels", .type = PV_BOOL, .def = "true", .help = "number the rows and columns"},
    {.name = "col_title", .type = PV_STRING, .def = "", .help = "printed above the column numbers"},
    {.name = "row_title", .type = PV_STRING, .def = "", .help = "printed left of the row numbers"},
    {.name = "prefix",
     .type = PV_STRING,
     .def = "cell",
     .min = 1,
     .max = 32,
     .help = "slot ids are prefix.col.row"},
    {.name = "width", .type = PV_LENGTH, .def = "0.5mm", .min = 0.05, .max = 5},
    {.name = "max",
     .type = PV_LENGTH,
     .def = "0",
     .min = 0,
     .max = 1000,
     .help = "largest width or height of the cells; cells shrink to fit (0: no limit)"},
    {.name = "center", .type = PV_BOOL, .def = "false", .help = "x is the grid's centre"},
    {.name = "fill", .type = PV_COLOR, .def = "none", .help = "colour of alternate cells"},
    {0},
};

static int grid_layout(const comp_ctx *ctx, const comp_args *a, scene *s, pn_err *err)
{
    double x0 = comp_x(ctx, a, "x"), y0 = comp_y(ctx, a, "y"), c = comp_len(ctx, a, "cell");
    int rows = (int)comp_int(a, "rows"), cols = (int)comp_int(a, "cols");
    const char *prefix = comp_str(a, "prefix");
    double max = comp_len(ctx, a, "max");
    int most = rows > cols ? rows : cols;
    if (max > 0 && c * most > max) c = max / most;
    if (comp_bool(a, "center")) x0 -= c * cols / 2;
    pn_rgba fill = comp_color(a, "fill");
    if (fill.a > 0) {
        scene_style fs = scene_fill_style(fill);
        for (int r = 0; r < rows; r++)
            for (int k = 0; k < cols; k++)
                if ((r + k) % 2) scene_rect(s, x0 + k * c, y0 + r * c, c, c, &fs);
    }
    scene_style thin = scene_stroke_style(PN_BLACK, comp_len(ctx, a, "width") * 0.6);
    for (int r = 1; r < rows; r++)
        scene_segment(s, x0, y0 + r * c, x0 + cols * c, y0 + r * c, &thin);
    for (int k = 1; k < cols; k++)
        scene_segment(s, x0 + k * c, y0, x0 + k * c, y0 + rows * c, &thin);
    scene_style frame = scene_stroke_style(PN_BLACK, comp_len(ctx, a, "width"));
    scene_rect(s, x0, y0, cols * c, rows * c, &frame);
    char id[96];
    for (int r = 0; r < rows; r++)
        for (int k = 0; k < cols; k++) {
            snprintf(id, sizeof id, "%s.%d.%d", prefix, k + 1, r + 1);
            if (scene_slot_add(s, id, x0 + k * c, y0 + r * c, c, c, SLOT_BOX, err))
                return comp_err(ctx, err, "grid: %s", err->msg);
        }
    if (!comp_bool(a, "labels")) return 0;
    double size = c * 0.45 * PN_MM_TO_PT;
    if (size > 16) size = 16;
    scene_font f = comp_font(size, true);
    double gap = c * 0.12 + 1;
    char num[16];
    for (int k = 0; k < cols; k++) {
        snprintf(num, sizeof num, "%d", k + 1);
        if (!scene_text_add(s, num, &f, PN_BLACK, x0 + (k + 0.5) * c, y0 - gap, TEXT_CENTER,
                            TEXT_BOTTOM, 0, err))
            return -1;
    }
    for (int r = 0; r < rows; r++) {
        snprintf(num, sizeof num, "%d", r + 1);
        if (!scene_text_add(s, num, &f, PN_BLACK, x0 - gap, y0 + (r + 0.5) * c, TEXT_RIGHT,
                            TEXT_MIDDLE, 0, err))
            return -1;
    }
    scene_font tf = comp_font(size * 0.7 > 12 ? 12 : size * 0.7, false);
    double label_h = size * PN_PT_TO_MM;
    const char *ct = comp_str(a, "col_title"), *rt = comp_str(a, "row_title");
    if (*ct && !scene_text_add(s, ct, &tf, PN_BLACK, x0 + cols * c / 2, y0 - gap - label_h - 1.5,
                               TEXT_CENTER, TEXT_BOTTOM, 0, err))
        return -1;
    if (*rt && !scene_text_add(s, rt, &tf, PN_BLACK, x0 - gap - label_h - 2, y0 + rows * c / 2,
                               TEXT_CENTER, TEXT_BOTTOM, -90, err))
        return -1;
    return 0;
}

const comp_type comp_grid = {"grid", "rows x cols cells with axis labels; slots prefix.col.row",
                             grid_props, grid_layout};

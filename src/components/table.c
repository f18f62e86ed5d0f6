/* table.c: a table with a header row and a column of row labels; a column can
 * hold a slot per row, named from a pattern in which {r} is the row number
 * ("g{r}.X.points"), or N tick boxes with the suffix "*N" ("g{r}.X.pen*3" gives
 * g1.X.pen1 .. g1.X.pen3). The pattern "#" prints the row number. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "components/comp.h"
#include "scene/measure.h"

static const pv_spec table_props[] = {
    COMP_X(NULL),
    COMP_Y(NULL),
    {.name = "w", .type = PV_LENGTH, .def = "100%", .min = 10, .max = 1000, .axis = 'x'},
    {.name = "columns", .type = PV_STRLIST, .min = 1, .max = 20, .help = "header texts"},
    {.name = "widths",
     .type = PV_NUMLIST,
     .def = "",
     .min = 0,
     .max = 20,
     .help = "relative column widths (default equal)"},
    {.name = "slots",
     .type = PV_STRLIST,
     .def = "",
     .min = 0,
     .max = 20,
     .help = "per column: slot id pattern with {r}, '#' for the row number, '' for none"},
    {.name = "row_labels",
     .type = PV_STRLIST,
     .def = "",
     .min = 0,
     .max = 100,
     .help = "first column texts (instead of a pattern)"},
    {.name = "rows",
     .type = PV_INT,
     .def = "0",
     .min = 0,
     .max = 100,
     .help = "number of rows (default: one per row label)"},
    {.name = "row_h", .type = PV_LENGTH, .def = "8mm", .min = 3, .max = 50},
    {.name = "header_h", .type = PV_LENGTH, .def = "9mm", .min = 3, .max = 50},
    {.name = "size", .type = PV_NUMBER, .def = "9", .min = 4, .max = 30, .help = "points"},
    {.name = "header_fill", .type = PV_COLOR, .def = "#e6e6e6"},
    {0},
};

/* Appends the decimal digits of v (>= 0) to out: ids are made for every slot
 * of every sheet, and printf-style formatting cost more than the rest. */
static void append_int(GString *out, int v)
{
    char digits[16];
    int n = 0;
    do {
        digits[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v > 0 && n < (int)sizeof digits);
    while (n > 0)
        g_string_append_c(out, digits[--n]);
}

/* Sets id to pattern's first len bytes with "{r}" replaced by r. */
static void expand(GString *id, const char *pattern, int r, size_t len)
{
    g_string_truncate(id, 0);
    for (size_t i = 0; i < len; i++) {
        if (i + 3 <= len && !strncmp(pattern + i, "{r}", 3)) {
            append_int(id, r);
            i += 2;
        } else {
            g_string_append_c(id, pattern[i]);
        }
    }
}

/* The slots of one cell; id is scratch space for their names. */
static int cell_slots(const comp_ctx *ctx, scene *s, GString *id, const char *pattern, int r,
                      double x, double y, double w, double h, pn_err *err)
{
    const char *star = strrchr(pattern, '*');
    /* "*N" with N from 1 to 10 makes tick boxes; anything else is part of the id. */
    int ticks = 0;
    if (star && g_ascii_isdigit(star[1]) && strlen(star + 1) <= 2) ticks = atoi(star + 1);
    size_t plen = star && ticks > 0 ? (size_t)(star - pattern) : strlen(pattern);
    expand(id, pattern, r, plen);
    int rc = 0;
    if (ticks < 1 || ticks > 10) {
        rc = scene_slot_add(s, id->str, x + 0.8, y + 0.8, w - 1.6, h - 1.6, SLOT_BOX, err);
    } else {
        double b = h * 0.62, gap = (w - ticks * b) / (ticks + 1);
        scene_style st = scene_stroke_style((pn_rgba){0.35, 0.35, 0.35, 1}, 0.25);
        size_t base = id->len;
        for (int i = 0; i < ticks && !rc; i++) {
            double bx = x + gap + i * (b + gap), by = y + (h - b) / 2;
            scene_rect(s, bx, by, b, b, &st);
            g_string_truncate(id, base);
            append_int(id, i + 1);
            rc = scene_slot_add(s, id->str, bx, by, b, b, SLOT_BOX, err);
        }
    }
    return rc ? comp_err(ctx, err, "table: %s", err->msg) : 0;
}

static int table_layout(const comp_ctx *ctx, const comp_args *a, scene *s, pn_err *err)
{
    const pv_value *cols = comp_val(a, "columns"), *widths = comp_val(a, "widths");
    const pv_value *slots = comp_val(a, "slots"), *labels = comp_val(a, "row_labels");
    size_t nc = cols->n;
    int rows = (int)comp_int(a, "rows");
    if (rows == 0) rows = (int)labels->n;
    if (rows == 0) return comp_err(ctx, err, "table: give rows or row_labels");
    if (widths->n && widths->n != nc)
        return comp_prop_err(ctx, err, "widths", "table: %zu widths for %zu columns", widths->n,
                             nc);
    if (slots->n && slots->n != nc)
        return comp_prop_err(ctx, err, "slots", "table: %zu slot patterns for %zu columns",
                             slots->n, nc);
    double x0 = comp_x(ctx, a, "x"), y0 = comp_y(ctx, a, "y"), w = comp_len(ctx, a, "w");
    double rh = comp_len(ctx, a, "row_h"), hh = comp_len(ctx, a, "header_h");
    double total = 0;
    for (size_t i = 0; i < nc; i++)
        total += widths->n ? widths->nums[i] : 1;
    if (total <= 0) return comp_err(ctx, err, "table: widths must be positive");
    double *cx = g_new(double, nc + 1);
    GString *id = g_string_sized_new(64);
    cx[0] = x0;
    for (size_t i = 0; i < nc; i++)
        cx[i + 1] = cx[i] + w * (widths->n ? widths->nums[i] : 1) / total;
    double size = comp_num(a, "size");
    scene_style hf = scene_fill_style(comp_color(a, "header_fill"));
    scene_rect(s, x0, y0, w, hh, &hf);
    scene_style thin = scene_stroke_style(PN_BLACK, 0.25),
                frame = scene_stroke_style(PN_BLACK, 0.5);
    int rc = 0;
    for (size_t i = 0; i < nc && !rc; i++) {
        scene_font f = comp_font(size, true);
        f.size = scene_fit_size(s, &f, cols->strs[i], cx[i + 1] - cx[i] - 1.5, 4);
        if (!scene_text_add(s, cols->strs[i], &f, PN_BLACK, (cx[i] + cx[i + 1]) / 2, y0 + hh / 2,
                            TEXT_CENTER, TEXT_MIDDLE, 0, err))
            rc = -1;
    }
    for (int r = 0; r < rows && !rc; r++) {
        double y = y0 + hh + r * rh;
        for (size_t i = 0; i < nc && !rc; i++) {
            const char *pat = slots->n ? slots->strs[i] : "";
            const char *text = NULL;
            char num[16];
            if (i == 0 && (size_t)r < labels->n) text = labels->strs[r];
            if (!strcmp(pat, "#")) {
                snprintf(num, sizeof num, "%d", r + 1);
                text = num;
            } else if (*pat) {
                rc = cell_slots(ctx, s, id, pat, r + 1, cx[i], y, cx[i + 1] - cx[i], rh, err);
            }
            if (text && *text) {
                scene_font f = comp_font(size, false);
                f.size = scene_fit_size(s, &f, text, cx[i + 1] - cx[i] - 2, 4);
                if (!scene_text_add(s, text, &f, PN_BLACK,
                                    i == 0 ? cx[i] + 1.5 : (cx[i] + cx[i + 1]) / 2, y + rh / 2,
                                    i == 0 ? TEXT_LEFT : TEXT_CENTER, TEXT_MIDDLE, 0, err))
                    rc = -1;
            }
        }
    }
    double bottom = y0 + hh + rows * rh;
    for (int r = 0; r <= rows; r++)
        scene_segment(s, x0, y0 + hh + r * rh, x0 + w, y0 + hh + r * rh, &thin);
    for (size_t i = 1; i < nc; i++)
        scene_segment(s, cx[i], y0, cx[i], bottom, &thin);
    scene_rect(s, x0, y0, w, bottom - y0, &frame);
    g_free(cx);
    g_string_free(id, TRUE);
    return rc;
}

const comp_type comp_table = {"table", "a table with header, row labels and slot columns",
                              table_props, table_layout};

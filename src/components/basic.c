/* basic.c: the plain components: text, line, rect, circle and slot. */
#include <string.h>
#include "components/comp.h"
#include "scene/measure.h"
#include "scene/wrap.h"
#include "util/fonts.h"

#define POS(n, ax, d)                                                                              \
    {                                                                                              \
        .name = n, .type = PV_LENGTH, .def = d, .min = -1000, .max = 1000, .axis = ax              \
    }
#define SIZE(n, ax, d)                                                                             \
    {                                                                                              \
        .name = n, .type = PV_LENGTH, .def = d, .min = 0, .max = 1000, .axis = ax                  \
    }
#define WIDTH                                                                                      \
    {                                                                                              \
        .name = "width", .type = PV_LENGTH, .def = "0.3mm", .min = 0, .max = 10,                   \
        .help = "stroke width"                                                                     \
    }

static scene_halign halign_of(const char *s)
{
    return !strcmp(s, "center") ? TEXT_CENTER : !strcmp(s, "right") ? TEXT_RIGHT : TEXT_LEFT;
}

static scene_valign valign_of(const char *s)
{
    return !strcmp(s, "baseline") ? TEXT_BASELINE
           : !strcmp(s, "middle") ? TEXT_MIDDLE
           : !strcmp(s, "bottom") ? TEXT_BOTTOM
                                  : TEXT_TOP;
}

/* The family `font` names: sans, mono, hand, or the family of one of the
 * template's font files (any case). NULL when it names none of them. */
static const char *family_of(const comp_ctx *ctx, const char *s)
{
    if (!strcmp(s, "sans")) return PN_FONT_PRINT;
    if (!strcmp(s, "mono")) return "DejaVu Sans Mono";
    if (!strcmp(s, "hand")) return PN_FONT_HAND;
    for (guint i = 0; ctx->fonts && i < ctx->fonts->len; i++) {
        const pn_font_file *f = g_ptr_array_index(ctx->fonts, i);
        if (!g_ascii_strcasecmp(f->family, s)) return f->family;
    }
    return NULL;
}

/* The error for a font that names nothing, listing what it may name. */
static int family_err(const comp_ctx *ctx, const char *s, pn_err *err)
{
    GString *fams = g_string_new("sans, mono, hand");
    for (guint i = 0; ctx->fonts && i < ctx->fonts->len; i++) {
        const pn_font_file *f = g_ptr_array_index(ctx->fonts, i);
        if (!strstr(fams->str, f->family)) g_string_append_printf(fams, ", %s", f->family);
    }
    int rc = comp_prop_err(ctx, err, "font",
                           "text: font '%s' is none of %s (a template's own font files are listed "
                           "in fonts:)",
                           s, fams->str);
    g_string_free(fams, TRUE);
    return rc;
}

static const pv_spec text_props[] = {
    POS("x", 'x', "0"),
    POS("y", 'y', "0"),
    {.name = "text",
     .type = PV_STRING,
     .def = "",
     .help = "the text (UTF-8; ${param} is replaced); this or markup"},
    {.name = "markup",
     .type = PV_STRING,
     .def = "",
     .help = "text with <b>bold</b> and <i>italic</i> runs (pango markup; values put in with "
             "${...} are escaped)"},
    {.name = "size", .type = PV_NUMBER, .def = "11", .min = 2, .max = 200, .help = "points"},
    {.name = "bold", .type = PV_BOOL, .def = "false"},
    {.name = "italic", .type = PV_BOOL, .def = "false"},
    {.name = "font",
     .type = PV_STRING,
     .def = "sans",
     .help = "sans, mono, hand, or the family name of a font file in the template's fonts:"},
    {.name = "align", .type = PV_ENUM, .def = "left", .choices = "left|center|right"},
    {.name = "valign", .type = PV_ENUM, .def = "top", .choices = "top|middle|baseline|bottom"},
    {.name = "color", .type = PV_COLOR, .def = "black"},
    {.name = "angle", .type = PV_NUMBER, .def = "0", .min = -360, .max = 360},
    SIZE("max_width", 'x', "0"),
    {.name = "w",
     .type = PV_LENGTH,
     .def = "0",
     .min = 0,
     .max = 1000,
     .axis = 'x',
     .help = "wrap the text in lines this wide (0: one line)"},
    {.name = "max_lines",
     .type = PV_INT,
     .def = "0",
     .min = 0,
     .max = 100,
     .help = "with w: lines past this are cut, the last kept one ends in an ellipsis (0: all)"},
    {.name = "line_spacing",
     .type = PV_NUMBER,
     .def = "1.2",
     .min = 0.8,
     .max = 4,
     .help = "with w: baseline to baseline, times the size"},
    {.name = "min_size",
     .type = PV_NUMBER,
     .def = "6",
     .min = 2,
     .max = 200,
     .help = "the smallest size (pt) max_width or fit: shrink may set the text at; a text that "
             "would need less is set at it and reported"},
    {.name = "h",
     .type = PV_LENGTH,
     .def = "0",
     .min = 0,
     .max = 1000,
     .axis = 'y',
     .help = "with w: the height of the text's box (0: none); text running past it is reported"},
    {.name = "fit",
     .type = PV_ENUM,
     .def = "none",
     .choices = "none|shrink",
     .help = "with w and h: shrink makes the text smaller, down to min_size, until it fits the "
             "box"},
    {0},
};

#define TEXT_FIT_STEP 0.1 /* pt: the precision of fit: shrink */

/* The block b laid out dry at size pt: its info. */
static int block_at(scene *s, const scene_block *b, double pt, scene_block_info *info, pn_err *err)
{
    scene_block d = *b;
    d.font.size = pt;
    d.dry = true;
    return scene_text_block(s, &d, info, err);
}

/* How far the block runs past its box of height h placed by valign about y
 * (0 when it fits). */
static double block_overflow(const scene_block *b, const scene_block_info *info, double h)
{
    double top = b->valign == TEXT_MIDDLE   ? b->y - h / 2
                 : b->valign == TEXT_BOTTOM ? b->y - h
                                            : b->y;
    double over = info->top + info->h - (top + h);
    if (top - info->top > over) over = top - info->top;
    return over > 0.005 ? over : 0;
}

/* Does the block fit its box at pt: its height within h, and no line cut
 * by max_lines? */
static int fits_at(scene *s, const scene_block *b, double pt, double h, bool *fits, pn_err *err)
{
    scene_block_info info;
    if (block_at(s, b, pt, &info, err)) return -1;
    *fits = !info.cut && block_overflow(b, &info, h) == 0;
    return 0;
}

/* fit: shrink: the largest size from b's own down to min_size (in steps of
 * TEXT_FIT_STEP) at which the block fits h; min_size when none does. */
static int shrink_to_fit(scene *s, const scene_block *b, double h, double min_size, double *pt,
                         pn_err *err)
{
    bool fits;
    double hi = b->font.size;
    if (fits_at(s, b, hi, h, &fits, err)) return -1;
    if (fits || hi <= min_size) {
        *pt = hi;
        return 0;
    }
    if (fits_at(s, b, min_size, h, &fits, err)) return -1;
    if (!fits) {
        *pt = min_size;
        return 0;
    }
    /* min_size fits, hi does not: bisect in steps */
    long lo_k = 0, hi_k = (long)((hi - min_size) / TEXT_FIT_STEP);
    while (hi_k - lo_k > 1) {
        long mid = (lo_k + hi_k) / 2;
        if (fits_at(s, b, min_size + mid * TEXT_FIT_STEP, h, &fits, err)) return -1;
        if (fits)
            lo_k = mid;
        else
            hi_k = mid;
    }
    *pt = min_size + lo_k * TEXT_FIT_STEP;
    return 0;
}

/* The start of a text for messages: at most 30 characters, then "...". */
static char *text_head(const char *txt)
{
    if (g_utf8_strlen(txt, -1) <= 30) return g_strdup(txt);
    char *head = g_utf8_substring(txt, 0, 29), *r = g_strconcat(head, "\xe2\x80\xa6", NULL);
    g_free(head);
    return r;
}

static int text_layout(const comp_ctx *ctx, const comp_args *a, scene *s, pn_err *err)
{
    const char *family = family_of(ctx, comp_str(a, "font"));
    if (!family) return family_err(ctx, comp_str(a, "font"), err);
    scene_font f = {.family = family,
                    .size = comp_num(a, "size"),
                    .bold = comp_bool(a, "bold"),
                    .italic = comp_bool(a, "italic")};
    const char *txt = comp_str(a, "text"), *markup = comp_str(a, "markup");
    double mw = comp_len(ctx, a, "max_width"), w = comp_len(ctx, a, "w");
    double min_size = comp_num(a, "min_size"), angle = comp_num(a, "angle");
    if (*txt && *markup) return comp_err(ctx, err, "text: give text or markup, not both");
    if (mw > 0 && w > 0)
        return comp_err(ctx, err, "text: max_width shrinks one line, w wraps lines: give one");
    double bh = comp_len(ctx, a, "h");
    bool shrink = !strcmp(comp_str(a, "fit"), "shrink");
    if ((bh > 0 || shrink) && w <= 0)
        return comp_err(ctx, err, "text: %s is for wrapped text: give w too",
                        shrink ? "fit: shrink" : "h");
    if (shrink && bh <= 0) return comp_err(ctx, err, "text: fit: shrink needs the box's height, h");
    if (w > 0 || *markup) {
        if (angle != 0) return comp_err(ctx, err, "text: angle is only for a single line of text");
        scene_block b = {.text = *markup ? markup : txt,
                         .markup = *markup != 0,
                         .font = f,
                         .color = comp_color(a, "color"),
                         .x = comp_x(ctx, a, "x"),
                         .y = comp_y(ctx, a, "y"),
                         .halign = halign_of(comp_str(a, "align")),
                         .valign = valign_of(comp_str(a, "valign")),
                         .width = w > 0 ? w : 10000,
                         .max_lines = w > 0 ? (int)comp_int(a, "max_lines") : 0,
                         .spacing = comp_num(a, "line_spacing")};
        double pt = f.size;
        if (shrink && shrink_to_fit(s, &b, bh, min_size < f.size ? min_size : f.size, &pt, err))
            return comp_err(ctx, err, "text: %s", err->msg);
        b.font.size = pt;
        scene_block_info info;
        if (scene_text_block(s, &b, &info, err)) return comp_err(ctx, err, "text: %s", err->msg);
        char *head = text_head(*markup ? markup : txt);
        double over = bh > 0 ? block_overflow(&b, &info, bh) : 0;
        if (over > 0)
            comp_note(ctx, s, "text-fit",
                      "text \"%s\" runs %.1f mm past its box (%d lines, %.1f mm high at %.1f pt "
                      "in h %.1f mm%s)",
                      head, over, info.lines, info.h, pt, bh,
                      shrink ? "; fit: shrink stopped at min_size" : "");
        if (info.cut)
            comp_note(ctx, s, "text-fit",
                      "text \"%s\" is cut to max_lines %d with an ellipsis: it needs %d lines",
                      head, info.lines, info.needed);
        g_free(head);
        return 0;
    }
    if (mw > 0) {
        double needed = scene_fit_size(s, &f, txt, mw, 0.01);
        if (needed < min_size) {
            /* Set at min_size and reported: one long title is not the end
             * of the deck. */
            double lw, la, ld;
            scene_font at_min = f;
            at_min.size = min_size;
            if (scene_measure(scene_measurer_of(s), &at_min, txt, &lw, &la, &ld, err))
                return comp_err(ctx, err, "text: %s", err->msg);
            char *head = text_head(txt);
            comp_note(ctx, s, "text-fit",
                      "text \"%s\" would shrink to %.1f pt to fit max_width %.1f mm, below "
                      "min_size %g pt: set at %g pt, it runs %.1f mm past max_width",
                      head, needed, mw, min_size, min_size, lw - mw);
            g_free(head);
            needed = min_size;
        }
        f.size = needed;
    }
    if (!scene_text_add(s, txt, &f, comp_color(a, "color"), comp_x(ctx, a, "x"),
                        comp_y(ctx, a, "y"), halign_of(comp_str(a, "align")),
                        valign_of(comp_str(a, "valign")), angle, err))
        return comp_err(ctx, err, "text: %s", err->msg);
    return 0;
}

static const pv_spec line_props[] = {
    POS("x1", 'x', "0"),
    POS("y1", 'y', "0"),
    POS("x2", 'x', "0"),
    POS("y2", 'y', "0"),
    WIDTH,
    {.name = "color", .type = PV_COLOR, .def = "black"},
    {.name = "dash",
     .type = PV_LENGTH,
     .def = "0",
     .min = 0,
     .max = 50,
     .help = "dash length (0: solid)"},
    {0},
};

static int line_layout(const comp_ctx *ctx, const comp_args *a, scene *s, pn_err *err)
{
    scene_style st = scene_stroke_style(comp_color(a, "color"), comp_len(ctx, a, "width"));
    double d = comp_len(ctx, a, "dash");
    st.dash[0] = st.dash[1] = d;
    scene_segment(s, comp_x(ctx, a, "x1"), comp_y(ctx, a, "y1"), comp_x(ctx, a, "x2"),
                  comp_y(ctx, a, "y2"), &st);
    return 0;
}

static scene_style shape_style(const comp_ctx *ctx, const comp_args *a)
{
    pn_rgba fill = comp_color(a, "fill"), stroke = comp_color(a, "stroke");
    double w = comp_len(ctx, a, "width");
    scene_style st = scene_fill_stroke_style(fill, stroke, w);
    st.fill = fill.a > 0;
    st.stroke = stroke.a > 0 && w > 0;
    return st;
}

static const pv_spec rect_props[] = {
    POS("x", 'x', "0"),
    POS("y", 'y', "0"),
    SIZE("w", 'x', "10"),
    SIZE("h", 'y', "10"),
    WIDTH,
    {.name = "stroke", .type = PV_COLOR, .def = "black"},
    {.name = "fill", .type = PV_COLOR, .def = "none"},
    {.name = "radius",
     .type = PV_LENGTH,
     .def = "0",
     .min = 0,
     .max = 500,
     .help = "rounded corners (at most half the shorter side)"},
    {0},
};

static int rect_layout(const comp_ctx *ctx, const comp_args *a, scene *s, pn_err *err)
{
    scene_style st = shape_style(ctx, a);
    double x = comp_x(ctx, a, "x"), y = comp_y(ctx, a, "y");
    double w = comp_len(ctx, a, "w"), h = comp_len(ctx, a, "h"), r = comp_len(ctx, a, "radius");
    if (r > w / 2) r = w / 2;
    if (r > h / 2) r = h / 2;
    if (r <= 0) {
        scene_rect(s, x, y, w, h, &st);
        return 0;
    }
    /* Clockwise from the top edge; each corner a quarter circle. */
    scene_begin(s);
    scene_arc(s, x + w - r, y + r, r, 0, 90);
    scene_arc(s, x + w - r, y + h - r, r, 90, 180);
    scene_arc(s, x + r, y + h - r, r, 180, 270);
    scene_arc(s, x + r, y + r, r, 270, 360);
    scene_close(s);
    scene_end(s, &st);
    return 0;
}

static const pv_spec circle_props[] = {
    POS("x", 'x', "0"),
    POS("y", 'y', "0"),
    {.name = "r", .type = PV_LENGTH, .def = "10", .min = 0, .max = 1000, .help = "radius"},
    WIDTH,
    {.name = "stroke", .type = PV_COLOR, .def = "black"},
    {.name = "fill", .type = PV_COLOR, .def = "none"},
    {0},
};

static int circle_layout(const comp_ctx *ctx, const comp_args *a, scene *s, pn_err *err)
{
    scene_style st = shape_style(ctx, a);
    scene_circle(s, comp_x(ctx, a, "x"), comp_y(ctx, a, "y"), comp_len(ctx, a, "r"), &st);
    return 0;
}

/* A slot takes handwriting (and a scorer's figures): at least 2 mm each
 * way, or nothing can be written in it. */
static const pv_spec slot_props[] = {
    {.name = "id", .type = PV_STRING, .min = 1, .max = 64, .help = "the slot's name"},
    POS("x", 'x', "0"),
    POS("y", 'y', "0"),
    {.name = "w", .type = PV_LENGTH, .def = "12", .min = 2, .max = 1000, .axis = 'x'},
    {.name = "h", .type = PV_LENGTH, .def = "9", .min = 2, .max = 1000, .axis = 'y'},
    {.name = "shape", .type = PV_ENUM, .def = "box", .choices = "box|round|line"},
    {.name = "label", .type = PV_STRING, .def = "", .help = "printed left of the slot"},
    {.name = "size",
     .type = PV_NUMBER,
     .def = "10",
     .min = 4,
     .max = 48,
     .help = "label size, points"},
    {0},
};

static int slot_layout(const comp_ctx *ctx, const comp_args *a, scene *s, pn_err *err)
{
    double x = comp_x(ctx, a, "x"), y = comp_y(ctx, a, "y");
    double w = comp_len(ctx, a, "w"), h = comp_len(ctx, a, "h");
    const char *shape = comp_str(a, "shape");
    scene_style st = scene_stroke_style(PN_BLACK, 0.3);
    const char *label = comp_str(a, "label");
    if (*label) {
        scene_font f = comp_font(comp_num(a, "size"), true);
        if (!scene_text_add(s, label, &f, PN_BLACK, x - 1.5, y + h * 0.65, TEXT_RIGHT,
                            TEXT_BASELINE, 0, err))
            return comp_err(ctx, err, "slot: %s", err->msg);
    }
    if (!strcmp(shape, "round"))
        scene_circle(s, x + w / 2, y + h / 2, (w < h ? w : h) / 2, &st);
    else if (!strcmp(shape, "line"))
        scene_segment(s, x, y + h, x + w, y + h, &st);
    else
        scene_rect(s, x, y, w, h, &st);
    if (scene_slot_add(s, comp_str(a, "id"), x, y, w, h,
                       !strcmp(shape, "round") ? SLOT_ROUND : SLOT_BOX, err))
        return comp_err(ctx, err, "slot: %s", err->msg);
    return 0;
}

const comp_type comp_text = {"text", "a line of text", text_props, text_layout};
const comp_type comp_line = {"line", "a straight line", line_props, line_layout};
const comp_type comp_rect = {"rect", "a rectangle", rect_props, rect_layout};
const comp_type comp_circle = {"circle", "a circle", circle_props, circle_layout};
const comp_type comp_slot = {"slot", "a named box a player writes in", slot_props, slot_layout};

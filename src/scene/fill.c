/* fill.c: drawing slot values in a handwriting font. */
#include "scene/fill.h"

#include <math.h>
#include "scene/measure.h"
#include "util/fonts.h"

static const scene_slot *need(scene *s, const char *id, pn_err *err)
{
    const scene_slot *sl = scene_slot_find(s, id);
    if (!sl) pn_err_set(err, PN_EINPUT, FILL_NO_SLOT " '%s'", id);
    return sl;
}

int scene_fill(scene *s, const fill_item *it, pn_err *err)
{
    const scene_slot *found = need(s, it->slot, err);
    if (!found) return -1;
    /* Copies: a slot lives in the scene's item array, which each item added
     * below may move (the second stroke of a cross read freed memory). */
    const scene_slot slot = *found, *a = &slot;
    pn_rgba pen = it->computed ? FILL_COMPUTED : FILL_PEN;
    double cx = a->x + a->w / 2, cy = a->y + a->h / 2;
    scene_style st = scene_stroke_style(pen, 0.45);
    st.round = true;
    switch (it->kind) {
    case FILL_TEXT: {
        scene_font f = {.family = PN_FONT_HAND, .size = a->h * 0.72 * PN_MM_TO_PT, .bold = true};
        if (f.size > 22) f.size = 22;
        if (f.size < 3) f.size = 3; /* a slot too flat for writing still gets it, small */
        f.size = scene_fit_size(s, &f, it->text, a->w * 0.92, 3);
        return scene_text_add(s, it->text, &f, pen, cx, cy, TEXT_CENTER, TEXT_MIDDLE, 0, err) ? 0
                                                                                              : -1;
    }
    case FILL_CIRCLE: {
        /* A hand-drawn loop: an ellipse slightly larger than the slot. */
        double rx = a->w * 0.62, ry = a->h * 0.62;
        scene_begin(s);
        for (int i = 0; i <= 48; i++) {
            double t = i * 2 * G_PI / 48 * 1.04;
            scene_line(s, cx + rx * cos(t), cy + ry * sin(t));
        }
        scene_end(s, &st);
        return 0;
    }
    case FILL_CROSS:
        scene_segment(s, a->x, a->y, a->x + a->w, a->y + a->h, &st);
        scene_segment(s, a->x + a->w, a->y, a->x, a->y + a->h, &st);
        return 0;
    case FILL_STRIKE: {
        const scene_slot *to = need(s, it->slot2, err);
        if (!to) return -1;
        const scene_slot slot2 = *to, *b = &slot2;
        double bx = b->x + b->w / 2, by = b->y + b->h / 2;
        double dx = bx - cx, dy = by - cy, len = hypot(dx, dy);
        double ext = len > 0 ? a->w * 0.35 / len : 0;
        st.width = 0.7;
        scene_segment(s, cx - dx * ext, cy - dy * ext, bx + dx * ext, by + dy * ext, &st);
        return 0;
    }
    }
    return 0;
}

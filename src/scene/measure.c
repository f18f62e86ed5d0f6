/* measure.c: pango-based text measurement on the shared font map. */
#include "scene/measure.h"

#include <glib.h>
#include "util/fonts.h"

static PangoContext *measure_ctx;

int scene_measure(const scene_font *font, const char *utf8, double *width, double *ascent,
                  double *descent, pn_err *err)
{
    if (!g_utf8_validate(utf8, -1, NULL))
        return pn_err_set(err, PN_EINPUT, "text is not valid UTF-8");
    if (!measure_ctx) {
        PangoFontMap *map = pn_fonts_map(err);
        if (!map) return -1;
        measure_ctx = pango_font_map_create_context(map);
        pn_fonts_setup_context(measure_ctx);
    }
    PangoLayout *l =
        pn_fonts_layout(measure_ctx, font->family, font->size, font->bold, font->italic, utf8);
    PangoRectangle logical;
    pango_layout_get_extents(l, NULL, &logical);
    double base = (double)pango_layout_get_baseline(l) / PANGO_SCALE;
    *width = (double)logical.width / PANGO_SCALE * PN_PT_TO_MM;
    *ascent = base * PN_PT_TO_MM;
    *descent = ((double)logical.height / PANGO_SCALE - base) * PN_PT_TO_MM;
    g_object_unref(l);
    return 0;
}

double scene_fit_size(const scene_font *font, const char *utf8, double max_width, double min_size)
{
    double w, a, d;
    scene_font f = *font;
    if (scene_measure(&f, utf8, &w, &a, &d, NULL) || w <= max_width || w <= 0) return f.size;
    double size = f.size * max_width / w;
    return size < min_size ? min_size : size;
}

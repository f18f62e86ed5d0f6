/* fonts.c: pango font maps over a private fontconfig configuration. */
#include "util/fonts.h"

#include <cairo-pdf.h>
#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include "util/resources.h"

PangoFontMap *pn_fonts_new_map(pn_err *err)
{
    /* Made first: pango starts loading the system's default fontconfig set-up
     * (FcInit, once per process) in a thread of its own when the first font map
     * is made, and waits for it before the first font is matched; so that runs
     * while the private configuration below is read. */
    PangoFontMap *map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
    const pn_resource *conf = pn_resource_find("fonts/fonts.conf");
    FcConfig *fc = FcConfigCreate();
    if (!map || !conf || !fc ||
        !FcConfigParseAndLoadFromMemory(fc, (const FcChar8 *)conf->data, FcTrue) ||
        !FcConfigBuildFonts(fc)) {
        if (fc) FcConfigDestroy(fc);
        if (map) g_object_unref(map);
        pn_err_set(err, PN_EIO, "cannot set up fonts from fonts/fonts.conf");
        return NULL;
    }
    FcFontSet *set = FcConfigGetFonts(fc, FcSetSystem);
    if (!set || set->nfont == 0) {
        FcConfigDestroy(fc);
        g_object_unref(map);
        pn_err_set(err, PN_EIO,
                   "no fonts found: install fonts-dejavu-core and fonts-comic-neue "
                   "(scripts/install-deps)");
        return NULL;
    }
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), fc);
    FcConfigDestroy(fc); /* the font map holds its own reference */
    return map;
}

void pn_fonts_setup_context(PangoContext *ctx)
{
    pango_cairo_context_set_resolution(ctx, 72.0);
    cairo_font_options_t *fo = cairo_font_options_create();
    cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
    pango_cairo_context_set_font_options(ctx, fo);
    cairo_font_options_destroy(fo);
    pango_context_set_round_glyph_positions(ctx, FALSE);
    /* Add what a vector surface adds to the options (PDF and SVG agree): pango
     * keeps fonts apart by their merged options, so without this the text
     * measured here and the same text drawn into a PDF used two sets of fonts,
     * and every font costs a fontconfig sort and a metrics layout to create. */
    cairo_surface_t *vec = cairo_pdf_surface_create_for_stream(NULL, NULL, 1, 1);
    cairo_t *cr = cairo_create(vec);
    pango_cairo_update_context(cr, ctx);
    cairo_destroy(cr);
    cairo_surface_destroy(vec);
}

PangoLayout *pn_fonts_layout(PangoContext *ctx, const char *family, double size, int bold,
                             int italic, const char *utf8)
{
    PangoFontDescription *fd = pango_font_description_new();
    pango_font_description_set_family(fd, family ? family : PN_FONT_PRINT);
    pango_font_description_set_size(fd, (gint)(size * PANGO_SCALE + 0.5));
    pango_font_description_set_weight(fd, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
    pango_font_description_set_style(fd, italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL);
    PangoLayout *l = pango_layout_new(ctx);
    pango_layout_set_font_description(l, fd);
    pango_layout_set_text(l, utf8, -1);
    pango_font_description_free(fd);
    return l;
}

/* fonts.c: private fontconfig set-up and the shared pango font map. */
#include "util/fonts.h"

#include <cairo-pdf.h>
#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include "util/resources.h"

static PangoFontMap *font_map;

PangoFontMap *pn_fonts_map(pn_err *err)
{
    if (font_map) return font_map;
    const pn_resource *conf = pn_resource_find("fonts/fonts.conf");
    FcConfig *fc = FcConfigCreate();
    if (!conf || !fc || !FcConfigParseAndLoadFromMemory(fc, (const FcChar8 *)conf->data, FcTrue) ||
        !FcConfigBuildFonts(fc)) {
        if (fc) FcConfigDestroy(fc);
        pn_err_set(err, PN_EIO, "cannot set up fonts from fonts/fonts.conf");
        return NULL;
    }
    FcFontSet *set = FcConfigGetFonts(fc, FcSetSystem);
    if (!set || set->nfont == 0) {
        FcConfigDestroy(fc);
        pn_err_set(err, PN_EIO,
                   "no fonts found: install fonts-dejavu-core and fonts-comic-neue "
                   "(scripts/install-deps)");
        return NULL;
    }
    /* Made the process's current configuration before pango sees fontconfig:
     * otherwise creating the font map loads the system configuration (every
     * file in /etc/fonts and the caches of every installed font), which took
     * longer than laying out and writing a whole sheet. */
    if (!FcConfigSetCurrent(fc)) {
        FcConfigDestroy(fc);
        pn_err_set(err, PN_EIO, "cannot set up fonts from fonts/fonts.conf");
        return NULL;
    }
    font_map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(font_map), fc);
    FcConfigDestroy(fc); /* fontconfig and the font map hold their own references */
    return font_map;
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

void pn_fonts_shutdown(void)
{
    if (font_map) g_object_unref(font_map);
    font_map = NULL;
}

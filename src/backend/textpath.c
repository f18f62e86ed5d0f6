/* textpath.c: glyph outlines of a text run through pango and a scratch cairo
 * context (a recording surface, so nothing is rasterised). */
#include "backend/textpath.h"

#include <glib.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>
#include "scene/measure.h"
#include "util/fonts.h"

struct pn_textpath {
    PangoContext *pctx;
    cairo_surface_t *surf;
    cairo_t *cr;
};

pn_textpath *pn_textpath_new(PangoFontMap *map, pn_err *err)
{
    if (!map) {
        pn_err_set(err, PN_EIO, "no font map to draw text outlines with");
        return NULL;
    }
    pn_textpath *tp = g_new0(pn_textpath, 1);
    tp->pctx = pango_font_map_create_context(map);
    pn_fonts_setup_context(tp->pctx);
    tp->surf = cairo_recording_surface_create(CAIRO_CONTENT_ALPHA, NULL);
    tp->cr = cairo_create(tp->surf);
    return tp;
}

cairo_path_t *pn_textpath_get(pn_textpath *tp, const scene_text *t)
{
    cairo_t *cr = tp->cr;
    cairo_new_path(cr);
    cairo_identity_matrix(cr);
    /* The cairo backend's transform: anchor, turn, pt, layout size. */
    cairo_translate(cr, t->bx, t->by);
    if (t->angle != 0) cairo_rotate(cr, t->angle * G_PI / 180.0);
    cairo_scale(cr, PN_PT_TO_MM, PN_PT_TO_MM);
    pango_cairo_update_context(cr, tp->pctx);
    double k = t->font.size / PN_FONT_LAYOUT_SIZE;
    cairo_scale(cr, k, k);
    PangoLayout *l = pn_fonts_layout(tp->pctx, t->font.family, PN_FONT_LAYOUT_SIZE, t->font.bold,
                                     t->font.italic, t->utf8);
    double base = (double)pango_layout_get_baseline(l) / PANGO_SCALE;
    cairo_move_to(cr, 0, -base);
    pango_cairo_layout_path(cr, l);
    g_object_unref(l);
    /* Back to the scene's coordinates (the surface's device space). */
    cairo_identity_matrix(cr);
    cairo_path_t *p = cairo_copy_path(cr);
    cairo_new_path(cr);
    if (p && p->status != CAIRO_STATUS_SUCCESS) {
        cairo_path_destroy(p);
        return NULL;
    }
    return p;
}

void pn_textpath_span(pn_textpath *tp, const scene_text *t, size_t start, size_t end, double *x0,
                      double *x1)
{
    PangoLayout *l = pn_fonts_layout(tp->pctx, t->font.family, PN_FONT_LAYOUT_SIZE, t->font.bold,
                                     t->font.italic, t->utf8);
    PangoRectangle a, b;
    pango_layout_index_to_pos(l, (int)start, &a);
    if (end >= strlen(t->utf8)) {
        PangoRectangle ink, logical;
        pango_layout_get_extents(l, &ink, &logical);
        b.x = logical.x + logical.width;
    } else {
        pango_layout_index_to_pos(l, (int)end, &b);
    }
    g_object_unref(l);
    double k = t->font.size / PN_FONT_LAYOUT_SIZE * PN_PT_TO_MM / PANGO_SCALE;
    *x0 = a.x * k;
    *x1 = b.x * k;
}

cairo_path_t *pn_textpath_get_part(pn_textpath *tp, const scene_text *t, size_t start, size_t end)
{
    double x0, x1;
    pn_textpath_span(tp, t, start, end, &x0, &x1);
    scene_text part = *t;
    char *sub = g_strndup(t->utf8 + start, end - start);
    part.utf8 = sub;
    double a = t->angle * G_PI / 180.0;
    part.bx = t->bx + x0 * cos(a);
    part.by = t->by + x0 * sin(a);
    cairo_path_t *p = pn_textpath_get(tp, &part);
    g_free(sub);
    return p;
}

void pn_textpath_free(pn_textpath *tp)
{
    if (!tp) return;
    cairo_destroy(tp->cr);
    cairo_surface_destroy(tp->surf);
    g_object_unref(tp->pctx);
    g_free(tp);
}

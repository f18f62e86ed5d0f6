/* imgcache.c: decoding image files once per document for the backends. */
#include "backend/imgcache.h"
#include "util/pixbuf.h"
#include "util/rsvg.h"

#include <pango/pangocairo.h>
#include <string.h>

struct pn_imgcache {
    GHashTable *surfaces; /* path -> cairo_surface_t* */
    GHashTable *charged;  /* paths counted in pixels */
    double pixels;        /* decoded so far */
    PangoFontMap *fonts;  /* for text in SVGs (borrowed; may be NULL) */
};

static void surface_unref(gpointer p)
{
    cairo_surface_destroy(p);
}

pn_imgcache *pn_imgcache_new(PangoFontMap *fonts)
{
    pn_imgcache *c = g_new0(pn_imgcache, 1);
    c->fonts = fonts;
    c->surfaces = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, surface_unref);
    c->charged = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    return c;
}

void pn_imgcache_free(pn_imgcache *c)
{
    if (!c) return;
    g_hash_table_destroy(c->surfaces);
    g_hash_table_destroy(c->charged);
    g_free(c);
}

int pn_imgcache_charge(pn_imgcache *c, const char *path, double px, pn_err *err)
{
    if (g_hash_table_contains(c->charged, path)) return 0;
    if (c->pixels + px > SCENE_IMAGE_MAX_DOC_PIXELS)
        return pn_err_set(
            err, PN_EINPUT,
            "image: %s: the document's images would pass %.0f million decoded pixels; use "
            "smaller images",
            path, SCENE_IMAGE_MAX_DOC_PIXELS / 1e6);
    c->pixels += px;
    g_hash_table_add(c->charged, g_strdup(path));
    return 0;
}

static cairo_surface_t *load_png(const char *path, const scene_image_info *info, pn_err *err)
{
    cairo_surface_t *s = cairo_image_surface_create_from_png(path);
    cairo_status_t st = cairo_surface_status(s);
    if (st != CAIRO_STATUS_SUCCESS) {
        /* cairo 1.16 reports every libpng error as running out of memory. */
        pn_err_set(err, PN_EINPUT, "image: %s: cannot decode the PNG: %s", path,
                   st == CAIRO_STATUS_NO_MEMORY
                       ? "the file is damaged (or too large for the memory)"
                       : cairo_status_to_string(st));
        cairo_surface_destroy(s);
        return NULL;
    }
    if (cairo_image_surface_get_width(s) != (int)info->iw ||
        cairo_image_surface_get_height(s) != (int)info->ih) {
        pn_err_set(err, PN_EINPUT, "image: %s: the PNG changed while it was read", path);
        cairo_surface_destroy(s);
        return NULL;
    }
    return s;
}

/* Another format through gdk-pixbuf, into a premultiplied ARGB32 surface.
 * A JPEG keeps its file attached, so cairo's PDF embeds it as it is. */
static cairo_surface_t *load_pixbuf(const char *path, const scene_image_info *info, pn_err *err)
{
    const pn_pixbuf_fns *pb = pn_pixbuf(err);
    if (!pb) return NULL;
    GError *ge = NULL;
    GdkPixbuf *p = pb->new_from_file(path, &ge);
    if (!p) {
        pn_err_set(err, PN_EINPUT, "image: %s: cannot decode the image: %s", path,
                   ge ? g_strchomp(ge->message) : "unknown error");
        g_clear_error(&ge);
        return NULL;
    }
    int w = pb->get_width(p), h = pb->get_height(p), nc = pb->get_n_channels(p);
    int stride = pb->get_rowstride(p);
    bool alpha = pb->get_has_alpha(p);
    if (w != (int)info->iw || h != (int)info->ih || nc < (alpha ? 4 : 3)) {
        pn_err_set(err, PN_EINPUT, "image: %s: the image changed while it was read", path);
        g_object_unref(p);
        return NULL;
    }
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
        pn_err_set(err, PN_EIO, "image: %s: cannot hold a %dx%d image", path, w, h);
        cairo_surface_destroy(s);
        g_object_unref(p);
        return NULL;
    }
    cairo_surface_flush(s);
    const guint8 *src = pb->read_pixels(p);
    unsigned char *dst = cairo_image_surface_get_data(s);
    int dstride = cairo_image_surface_get_stride(s);
    for (int y = 0; y < h; y++) {
        const guint8 *in = src + (size_t)y * (size_t)stride;
        guint32 *out = (guint32 *)(void *)(dst + (size_t)y * (size_t)dstride);
        for (int x = 0; x < w; x++, in += nc) {
            guint32 a = alpha ? in[3] : 255;
            guint32 r = (in[0] * a + 127) / 255, g = (in[1] * a + 127) / 255,
                    b = (in[2] * a + 127) / 255;
            out[x] = a << 24 | r << 16 | g << 8 | b;
        }
    }
    cairo_surface_mark_dirty(s);
    g_object_unref(p);
    gchar *bytes = NULL;
    gsize len = 0;
    if (info->jpeg && g_file_get_contents(path, &bytes, &len, NULL))
        cairo_surface_set_mime_data(s, CAIRO_MIME_TYPE_JPEG, (const unsigned char *)bytes, len,
                                    g_free, bytes);
    return s;
}

static cairo_surface_t *load_svg(pn_imgcache *c, const char *path, const scene_image_info *info,
                                 pn_err *err)
{
    const pn_rsvg_fns *svg = pn_rsvg(err);
    if (!svg) return NULL;
    RsvgHandle *h = pn_rsvg_open(svg, path, err);
    if (!h) return NULL;
    cairo_rectangle_t box = {0, 0, info->iw, info->ih};
    cairo_surface_t *s = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &box);
    cairo_t *cr = cairo_create(s);
    RsvgRectangle vp = {0, 0, info->iw, info->ih};
    GError *ge = NULL;
    /* librsvg sets an SVG's text with the thread's default pango font map,
     * which the command line leaves empty (only documents' own maps are
     * used): its text came out as empty boxes. For the drawing it is the
     * document's map, with pnpkit's fonts and the template's. */
    if (c->fonts && PANGO_IS_CAIRO_FONT_MAP(c->fonts))
        pango_cairo_font_map_set_default(PANGO_CAIRO_FONT_MAP(c->fonts));
    gboolean ok = svg->render_document(h, cr, &vp, &ge);
    if (c->fonts && PANGO_IS_CAIRO_FONT_MAP(c->fonts)) pango_cairo_font_map_set_default(NULL);
    cairo_destroy(cr);
    g_object_unref(h);
    if (!ok) {
        pn_err_set(err, PN_EINPUT, "image: %s: cannot draw the SVG: %s", path,
                   ge ? g_strchomp(ge->message) : "unknown error");
        g_clear_error(&ge);
        cairo_surface_destroy(s);
        return NULL;
    }
    return s;
}

cairo_surface_t *pn_imgcache_surface(pn_imgcache *c, const scene_image *im, pn_err *err)
{
    cairo_surface_t *s = g_hash_table_lookup(c->surfaces, im->path);
    if (s) return s;
    scene_image_info info;
    if (scene_image_probe(im->path, &info, err)) return NULL;
    if (info.kind != im->kind || info.iw != im->iw || info.ih != im->ih) {
        pn_err_set(err, PN_EINPUT, "image: %s: the image changed since it was laid out", im->path);
        return NULL;
    }
    if (info.kind == SCENE_IMAGE_PNG || info.kind == SCENE_IMAGE_PIXBUF) {
        if (pn_imgcache_charge(c, im->path, info.iw * info.ih, err)) return NULL;
        s = info.kind == SCENE_IMAGE_PNG ? load_png(im->path, &info, err)
                                         : load_pixbuf(im->path, &info, err);
    } else {
        s = load_svg(c, im->path, &info, err);
    }
    if (!s) return NULL;
    /* One id per file: cairo's PDF and SVG surfaces write a surface with the
     * same id once, however many times it is painted. */
    char *id = g_strdup(im->path);
    cairo_surface_set_mime_data(s, CAIRO_MIME_TYPE_UNIQUE_ID, (const unsigned char *)id, strlen(id),
                                g_free, id);
    g_hash_table_insert(c->surfaces, g_strdup(im->path), s);
    return s;
}

static cairo_status_t append_cb(void *closure, const unsigned char *data, unsigned int len)
{
    g_byte_array_append(closure, data, len);
    return CAIRO_STATUS_SUCCESS;
}

/* dst written as PNG bytes (cairo's own encoder). */
static GByteArray *png_bytes(cairo_surface_t *dst, const char *path, pn_err *err)
{
    GByteArray *out = g_byte_array_new();
    cairo_status_t st = cairo_surface_write_to_png_stream(dst, append_cb, out);
    if (st != CAIRO_STATUS_SUCCESS) {
        g_byte_array_unref(out);
        pn_err_set(err, PN_EIO, "image: %s: cannot rasterise the image: %s", path,
                   cairo_status_to_string(st));
        return NULL;
    }
    return out;
}

GByteArray *pn_imgcache_png(pn_imgcache *c, const scene_image *im, int wp, int hp, pn_err *err)
{
    cairo_surface_t *src = pn_imgcache_surface(c, im, err);
    if (!src) return NULL;
    if (im->kind == SCENE_IMAGE_PNG && wp == (int)im->iw && hp == (int)im->ih)
        return png_bytes(src, im->path, err); /* decoded by cairo: its pixels as they are */
    if (pn_imgcache_charge(c, im->path, (double)wp * hp, err)) return NULL;
    cairo_surface_t *dst = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, wp, hp);
    if (cairo_surface_status(dst) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(dst);
        pn_err_set(err, PN_EIO, "image: %s: cannot rasterise a %dx%d image", im->path, wp, hp);
        return NULL;
    }
    cairo_t *cr = cairo_create(dst);
    cairo_scale(cr, wp / im->iw, hp / im->ih);
    cairo_set_source_surface(cr, src, 0, 0);
    cairo_paint(cr);
    cairo_destroy(cr);
    GByteArray *out = png_bytes(dst, im->path, err);
    cairo_surface_destroy(dst);
    return out;
}

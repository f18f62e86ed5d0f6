/* image.c: probing image files before they are decoded. A PNG's size is
 * read from its IHDR chunk; an SVG's from librsvg, which parses the document
 * (bounded in bytes) but draws nothing, and scene/svgcheck.c bounds the
 * work drawing it would take; any other format's from the header
 * gdk-pixbuf's loader reads. */
#include "scene/image.h"
#include "util/bytes.h"
#include "util/picture.h"
#include "util/pixbuf.h"
#include "util/rsvg.h"
#include "scene/svgcheck.h"
#include "util/inputs.h"

#include <errno.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

static const unsigned char png_sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

static int check_size(const char *path, double w, double h, pn_err *err)
{
    if (w < 1 || h < 1)
        return pn_err_set(err, PN_EINPUT, "%s: the image has no size (%gx%g)", path, w, h);
    if (w > SCENE_IMAGE_MAX_SIDE || h > SCENE_IMAGE_MAX_SIDE || w * h > SCENE_IMAGE_MAX_PIXELS)
        return pn_err_set(err, PN_EINPUT,
                          "%s: a %.0fx%.0f pixel image is too large (at most %d pixels a side "
                          "and %.0f million pixels)",
                          path, w, h, SCENE_IMAGE_MAX_SIDE, SCENE_IMAGE_MAX_PIXELS / 1e6);
    return 0;
}

static int probe_svg(const char *path, gsize size, scene_image_info *info, pn_err *err)
{
    if (size > SCENE_IMAGE_MAX_SVG_BYTES)
        return pn_err_set(err, PN_EINPUT, "%s: an SVG of %zu bytes is too large (at most %u MB)",
                          path, (size_t)size, SCENE_IMAGE_MAX_SVG_BYTES >> 20);
    gchar *bytes = NULL;
    gsize len = 0;
    GError *ge = NULL;
    if (!g_file_get_contents(path, &bytes, &len, &ge)) {
        pn_err_set(err, PN_EINPUT, "%s: cannot read the image: %s", path, ge->message);
        g_error_free(ge);
        return -1;
    }
    if (len > SCENE_IMAGE_MAX_SVG_BYTES) { /* it grew since it was looked at */
        g_free(bytes);
        return pn_err_set(err, PN_EINPUT, "%s: an SVG of %zu bytes is too large (at most %u MB)",
                          path, (size_t)len, SCENE_IMAGE_MAX_SVG_BYTES >> 20);
    }
    /* checked before librsvg reads it: some documents stop the program
     * while librsvg parses them (a feConvolveMatrix of order 21) */
    scene_svg_tiles tiles;
    int bad = scene_svg_check_tags(path, bytes, len, err) ||
              scene_svg_check(path, bytes, len, &tiles, err);
    g_free(bytes);
    if (bad) return -1;
    const pn_rsvg_fns *svg = pn_rsvg(err);
    RsvgHandle *h = svg ? pn_rsvg_open(svg, path, err) : NULL;
    if (!h) return -1;
    gdouble w = 0, hh = 0;
    if (!svg->get_intrinsic_size_in_pixels(h, &w, &hh)) {
        gboolean has_w, has_h, has_vb;
        RsvgLength lw, lh;
        RsvgRectangle vb;
        svg->get_intrinsic_dimensions(h, &has_w, &lw, &has_h, &lh, &has_vb, &vb);
        if (has_vb) {
            w = vb.width;
            hh = vb.height;
        }
    }
    g_object_unref(h);
    info->kind = SCENE_IMAGE_SVG;
    info->tile = tiles.tile;
    info->tiles = tiles.tiles;
    info->jpeg = false;
    info->iw = w;
    info->ih = hh;
    if (w <= 0 || hh <= 0)
        return pn_err_set(err, PN_EINPUT,
                          "%s: the SVG has no size (give it width and height or "
                          "a viewBox)",
                          path);
    /* Drawn through pixman, whose transforms hold scales up to 32767, a
     * smaller SVG could not be enlarged to a page at a high resolution. */
    if (w < 1 || hh < 1)
        return pn_err_set(err, PN_EINPUT,
                          "%s: the SVG is %gx%g pixels, less than one (give it a width and "
                          "height of 1px or more)",
                          path, w, hh);
    /* librsvg draws masks, filters and groups at the SVG's own size */
    if (w > SCENE_IMAGE_MAX_SIDE || hh > SCENE_IMAGE_MAX_SIDE || w * hh > SCENE_IMAGE_MAX_PIXELS)
        return pn_err_set(err, PN_EINPUT,
                          "%s: an SVG of %.0fx%.0f pixels is too large (at most %d "
                          "a side and %.0f million pixels)",
                          path, w, hh, SCENE_IMAGE_MAX_SIDE, SCENE_IMAGE_MAX_PIXELS / 1e6);
    return 0;
}

/* The pictures pnpkit gives gdk-pixbuf, by their first bytes: JPEG, GIF,
 * BMP, TIFF and WebP. The other loaders (icons, cursors, TGA, XPM, PNM,
 * ...) are not a designer's formats, and each is one more decoder a hostile
 * file could reach. */
static bool pixbuf_kind(const unsigned char *h, size_t n)
{
    return (n >= 3 && !memcmp(h, "\xff\xd8\xff", 3)) || (n >= 4 && !memcmp(h, "GIF8", 4)) ||
           (n >= 2 && !memcmp(h, "BM", 2)) || (n >= 4 && !memcmp(h, "II*\0", 4)) ||
           (n >= 4 && !memcmp(h, "MM\0*", 4)) ||
           (n >= 12 && !memcmp(h, "RIFF", 4) && !memcmp(h + 8, "WEBP", 4));
}

/* The same by the name of the loader gdk-pixbuf picked. */
static bool pixbuf_format(const char *f)
{
    return !strcmp(f, "jpeg") || !strcmp(f, "gif") || !strcmp(f, "bmp") || !strcmp(f, "tiff") ||
           !strcmp(f, "webp");
}

/* Refuses a picture a loader would spend minutes or hundreds of megabytes
 * on, or never finish (util/picture.h), before any loader reads it. */
static int picture_refused(const char *path, pn_err *err)
{
    gchar *bytes = NULL;
    gsize len = 0;
    if (!g_file_get_contents(path, &bytes, &len, NULL))
        return pn_err_set(err, PN_EINPUT, "%s: cannot read the image", path);
    const char *why = pn_picture_refusal((const unsigned char *)bytes, len);
    g_free(bytes);
    return why ? pn_err_set(err, PN_EINPUT, "%s: %s", path, why) : 0;
}

int scene_image_probe(const char *path, scene_image_info *info, pn_err *err)
{
    *info = (scene_image_info){0};
    pn_inputs_note(path);
    GStatBuf st;
    if (g_stat(path, &st) != 0)
        return pn_err_set(err, PN_EINPUT, "%s: cannot read the image: %s", path, g_strerror(errno));
    if (!S_ISREG(st.st_mode)) return pn_err_set(err, PN_EINPUT, "%s: not an image file", path);
    if ((unsigned long long)st.st_size > SCENE_IMAGE_MAX_BYTES)
        return pn_err_set(err, PN_EINPUT, "%s: an image of %lld bytes is too large (at most %u MB)",
                          path, (long long)st.st_size, SCENE_IMAGE_MAX_BYTES >> 20);
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return pn_err_set(err, PN_EINPUT, "%s: cannot read the image: %s", path, g_strerror(errno));
    unsigned char head[33];
    size_t n = fread(head, 1, sizeof head, fp);
    fclose(fp);
    if (n >= 8 && !memcmp(head, png_sig, 8)) {
        if (n < 33 || memcmp(head + 12, "IHDR", 4))
            return pn_err_set(err, PN_EINPUT, "%s: a damaged PNG (no IHDR header)", path);
        if (picture_refused(path, err)) return -1;
        info->kind = SCENE_IMAGE_PNG;
        info->jpeg = false;
        info->iw = (double)pn_be32(head + 16);
        info->ih = (double)pn_be32(head + 20);
        return check_size(path, info->iw, info->ih, err);
    }
    size_t i = 0;
    if (n >= 3 && head[0] == 0xef && head[1] == 0xbb && head[2] == 0xbf) i = 3;
    while (i < n && g_ascii_isspace(head[i]))
        i++;
    if (i < n && head[i] == '<') return probe_svg(path, (gsize)st.st_size, info, err);
    /* no gdk-pixbuf loader reads a file pnpkit does not take by its first
     * bytes, nor one it has not checked (util/picture.h) */
    if (!pixbuf_kind(head, n))
        return pn_err_set(err, PN_EINPUT, "%s: not an image pnpkit can read (%s)", path,
                          SCENE_IMAGE_KINDS);
    if (picture_refused(path, err)) return -1;
    const pn_pixbuf_fns *pb = pn_pixbuf(err);
    if (!pb) return -1;
    int w, h;
    char *format = pn_pixbuf_probe(pb, path, &w, &h);
    if (!format && !memcmp(head, "RIFF", 4))
        return pn_err_set(err, PN_EINPUT,
                          "%s: a WebP image, which this system cannot decode (Debian reads them "
                          "with the webp-pixbuf-loader package; or save it as PNG)",
                          path);
    if (!format || !pixbuf_format(format)) {
        g_free(format);
        return pn_err_set(err, PN_EINPUT, "%s: not an image pnpkit can read (%s)", path,
                          SCENE_IMAGE_KINDS);
    }
    info->kind = SCENE_IMAGE_PIXBUF;
    info->jpeg = !strcmp(format, "jpeg");
    info->iw = w;
    info->ih = h;
    g_free(format);
    return check_size(path, info->iw, info->ih, err);
}

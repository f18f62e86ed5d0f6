/* pixbuf.h: the gdk-pixbuf functions pnpkit uses to read images that are
 * neither PNG nor SVG (JPEG, GIF, BMP, TIFF, WebP, ... whatever loaders the
 * system's gdk-pixbuf has) and to decode scanned photos, loaded on first use through util/lazylib.h
 * so that a run without such images never loads gdk-pixbuf. */
#ifndef PN_PIXBUF_H
#define PN_PIXBUF_H

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <stdbool.h>
#include <stddef.h>
#include "util/err.h"

typedef struct pn_pixbuf_fns {
    GdkPixbufFormat *(*get_file_info)(const gchar *filename, gint *width, gint *height);
    gchar *(*format_get_name)(GdkPixbufFormat *format);
    GdkPixbuf *(*new_from_file)(const char *filename, GError **error);
    int (*get_width)(const GdkPixbuf *pixbuf);
    int (*get_height)(const GdkPixbuf *pixbuf);
    int (*get_rowstride)(const GdkPixbuf *pixbuf);
    int (*get_n_channels)(const GdkPixbuf *pixbuf);
    gboolean (*get_has_alpha)(const GdkPixbuf *pixbuf);
    const guint8 *(*read_pixels)(const GdkPixbuf *pixbuf);
    /* Decoding bytes in memory (a scanned photo), turned upright by its EXIF
     * orientation. */
    GdkPixbufLoader *(*loader_new)(void);
    gboolean (*loader_write)(GdkPixbufLoader *loader, const guchar *buf, gsize count,
                             GError **error);
    gboolean (*loader_close)(GdkPixbufLoader *loader, GError **error);
    GdkPixbuf *(*loader_get_pixbuf)(GdkPixbufLoader *loader);
    GdkPixbuf *(*apply_embedded_orientation)(GdkPixbuf *src);
    void (*loader_set_size)(GdkPixbufLoader *loader, int width, int height);
    GdkPixbufLoader *(*loader_new_with_mime_type)(const char *mime_type, GError **error);
    GdkPixbufFormat *(*loader_get_format)(GdkPixbufLoader *loader);
} pn_pixbuf_fns;

/* The functions, loading gdk-pixbuf on the first call (thread-safe). NULL
 * with err (PN_EIO) when it cannot be loaded. The table is static. */
const pn_pixbuf_fns *pn_pixbuf(pn_err *err);

/* The format gdk-pixbuf reads path as ("jpeg", "gif", ...; caller g_free()s)
 * and its size in pixels from the file's header, without decoding pixels; or
 * NULL when no loader knows the file. */
char *pn_pixbuf_probe(const pn_pixbuf_fns *pb, const char *path, int *w, int *h);

/* The size in pixels of a picture in memory, from its header, as the loader
 * for mime (NULL: the one gdk-pixbuf's sniffing picks) announces it, without
 * decoding pixels: true when it does, with *format the loader's format name
 * (caller frees). */
bool pn_pixbuf_probe_bytes(const pn_pixbuf_fns *pb, const char *mime, const void *bytes, size_t len,
                           int *w, int *h, char **format);

#endif

/* pixbuf.c: gdk-pixbuf's functions, looked up when the first image that is
 * neither PNG nor SVG, or the first photo, is read. */
#include "util/pixbuf.h"

#include "util/lazylib.h"

#ifndef PNPKIT_PIXBUF_SONAME
#define PNPKIT_PIXBUF_SONAME "libgdk_pixbuf-2.0.so.0"
#endif

static const char *const pixbuf_names[] = {
    "gdk_pixbuf_get_file_info",     "gdk_pixbuf_format_get_name",
    "gdk_pixbuf_new_from_file",     "gdk_pixbuf_get_width",
    "gdk_pixbuf_get_height",        "gdk_pixbuf_get_rowstride",
    "gdk_pixbuf_get_n_channels",    "gdk_pixbuf_get_has_alpha",
    "gdk_pixbuf_read_pixels",       "gdk_pixbuf_loader_new",
    "gdk_pixbuf_loader_write",      "gdk_pixbuf_loader_close",
    "gdk_pixbuf_loader_get_pixbuf", "gdk_pixbuf_apply_embedded_orientation",
    "gdk_pixbuf_loader_set_size",   "gdk_pixbuf_loader_new_with_mime_type",
    "gdk_pixbuf_loader_get_format", NULL,
};
static void *pixbuf_ptrs[G_N_ELEMENTS(pixbuf_names) - 1];
static pn_lazylib pixbuf_lib = {PNPKIT_PIXBUF_SONAME, "libgdk-pixbuf-2.0-0", pixbuf_names,
                                pixbuf_ptrs,          G_ONCE_INIT,           ""};
static pn_pixbuf_fns pixbuf_fns;
static GOnce pixbuf_typed = G_ONCE_INIT;

/* POSIX guarantees a looked-up function's address converts to a function
 * pointer of its real type, which is what the table declares. */
static gpointer pixbuf_fill(gpointer unused)
{
    (void)unused;
    pixbuf_fns.get_file_info =
        (GdkPixbufFormat * (*)(const gchar *, gint *, gint *)) pixbuf_ptrs[0];
    pixbuf_fns.format_get_name = (gchar * (*)(GdkPixbufFormat *)) pixbuf_ptrs[1];
    pixbuf_fns.new_from_file = (GdkPixbuf * (*)(const char *, GError **)) pixbuf_ptrs[2];
    pixbuf_fns.get_width = (int (*)(const GdkPixbuf *))pixbuf_ptrs[3];
    pixbuf_fns.get_height = (int (*)(const GdkPixbuf *))pixbuf_ptrs[4];
    pixbuf_fns.get_rowstride = (int (*)(const GdkPixbuf *))pixbuf_ptrs[5];
    pixbuf_fns.get_n_channels = (int (*)(const GdkPixbuf *))pixbuf_ptrs[6];
    pixbuf_fns.get_has_alpha = (gboolean(*)(const GdkPixbuf *))pixbuf_ptrs[7];
    pixbuf_fns.read_pixels = (const guint8 *(*)(const GdkPixbuf *))pixbuf_ptrs[8];
    pixbuf_fns.loader_new = (GdkPixbufLoader * (*)(void)) pixbuf_ptrs[9];
    pixbuf_fns.loader_write =
        (gboolean(*)(GdkPixbufLoader *, const guchar *, gsize, GError **))pixbuf_ptrs[10];
    pixbuf_fns.loader_close = (gboolean(*)(GdkPixbufLoader *, GError **))pixbuf_ptrs[11];
    pixbuf_fns.loader_get_pixbuf = (GdkPixbuf * (*)(GdkPixbufLoader *)) pixbuf_ptrs[12];
    pixbuf_fns.apply_embedded_orientation = (GdkPixbuf * (*)(GdkPixbuf *)) pixbuf_ptrs[13];
    pixbuf_fns.loader_set_size = (void (*)(GdkPixbufLoader *, int, int))pixbuf_ptrs[14];
    pixbuf_fns.loader_new_with_mime_type =
        (GdkPixbufLoader * (*)(const char *, GError **)) pixbuf_ptrs[15];
    pixbuf_fns.loader_get_format = (GdkPixbufFormat * (*)(GdkPixbufLoader *)) pixbuf_ptrs[16];
    return &pixbuf_fns;
}

const pn_pixbuf_fns *pn_pixbuf(pn_err *err)
{
    if (pn_lazylib_load(&pixbuf_lib, err)) return NULL;
    return g_once(&pixbuf_typed, pixbuf_fill, NULL);
}

char *pn_pixbuf_probe(const pn_pixbuf_fns *pb, const char *path, int *w, int *h)
{
    *w = *h = 0;
    GdkPixbufFormat *f = pb->get_file_info(path, w, h);
    return f ? pb->format_get_name(f) : NULL;
}

/* The size a loader announces, and its format; it is then told to decode
 * nothing. */
typedef struct pixbuf_size {
    const pn_pixbuf_fns *pb;
    int w, h;
    bool seen;
    char *format;
} pixbuf_size;

static void pixbuf_size_prepared(GdkPixbufLoader *loader, int w, int h, gpointer data)
{
    pixbuf_size *s = data;
    s->w = w, s->h = h, s->seen = true;
    GdkPixbufFormat *f = s->pb->loader_get_format(loader);
    if (f && !s->format) s->format = s->pb->format_get_name(f);
    s->pb->loader_set_size(loader, 0, 0);
}

bool pn_pixbuf_probe_bytes(const pn_pixbuf_fns *pb, const char *mime, const void *bytes, size_t len,
                           int *w, int *h, char **format)
{
    *w = *h = 0;
    *format = NULL;
    GdkPixbufLoader *loader = mime ? pb->loader_new_with_mime_type(mime, NULL) : pb->loader_new();
    if (!loader) return false;
    pixbuf_size s = {pb, 0, 0, false, NULL};
    g_signal_connect(loader, "size-prepared", G_CALLBACK(pixbuf_size_prepared), &s);
    for (size_t at = 0; at < len && !s.seen; at += 4096)
        if (!pb->loader_write(loader, (const guchar *)bytes + at, MIN(4096, len - at), NULL)) break;
    pb->loader_close(loader, NULL);
    g_object_unref(loader);
    *w = s.w, *h = s.h;
    *format = s.format;
    return s.seen;
}

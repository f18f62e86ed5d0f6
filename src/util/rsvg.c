/* rsvg.c: librsvg's functions, looked up when the first SVG image is read. */
#include "util/rsvg.h"

#include "util/lazylib.h"
#include "util/xml.h"

#ifndef PNPKIT_RSVG_SONAME
#define PNPKIT_RSVG_SONAME "librsvg-2.so.2"
#endif

static const char *const rsvg_names[] = {
    "rsvg_handle_new_from_gfile_sync",
    "rsvg_handle_get_intrinsic_size_in_pixels",
    "rsvg_handle_get_intrinsic_dimensions",
    "rsvg_handle_render_document",
    NULL,
};
static void *rsvg_ptrs[G_N_ELEMENTS(rsvg_names) - 1];
static pn_lazylib rsvg_lib = {PNPKIT_RSVG_SONAME, "librsvg2-2", rsvg_names,
                              rsvg_ptrs,          G_ONCE_INIT,  ""};
static pn_rsvg_fns rsvg_fns;
static GOnce rsvg_typed = G_ONCE_INIT;

/* POSIX guarantees a looked-up function's address converts to a function
 * pointer of its real type, which is what the table declares. */
static gpointer rsvg_fill(gpointer unused)
{
    (void)unused;
    rsvg_fns.new_from_gfile_sync =
        (RsvgHandle * (*)(GFile *, RsvgHandleFlags, GCancellable *, GError **)) rsvg_ptrs[0];
    rsvg_fns.get_intrinsic_size_in_pixels =
        (gboolean(*)(RsvgHandle *, gdouble *, gdouble *))rsvg_ptrs[1];
    rsvg_fns.get_intrinsic_dimensions =
        (void (*)(RsvgHandle *, gboolean *, RsvgLength *, gboolean *, RsvgLength *, gboolean *,
                  RsvgRectangle *))rsvg_ptrs[2];
    rsvg_fns.render_document =
        (gboolean(*)(RsvgHandle *, cairo_t *, const RsvgRectangle *, GError **))rsvg_ptrs[3];
    return &rsvg_fns;
}

const pn_rsvg_fns *pn_rsvg(pn_err *err)
{
    /* libxml2 first: its settings are made before librsvg parses anything */
    if (!pn_xml(err)) return NULL;
    if (pn_lazylib_load(&rsvg_lib, err)) return NULL;
    return g_once(&rsvg_typed, rsvg_fill, NULL);
}

RsvgHandle *pn_rsvg_open(const pn_rsvg_fns *svg, const char *path, pn_err *err)
{
    GError *ge = NULL;
    pn_err quiet_err = {0};
    const pn_xml_fns *xml = pn_xml(&quiet_err); /* loaded already by pn_rsvg */
    if (xml) pn_xml_quiet(xml);
    GFile *f = g_file_new_for_path(path);
    RsvgHandle *h = svg->new_from_gfile_sync(f, RSVG_HANDLE_FLAGS_NONE, NULL, &ge);
    g_object_unref(f);
    if (!h) {
        /* librsvg's parse errors end in a line break: the message is one line */
        char *why = g_strchomp(g_strdup(ge ? ge->message : "unknown error"));
        pn_err_set(err, PN_EINPUT, "%s: not a valid SVG: %s", path, why);
        g_free(why);
        g_clear_error(&ge);
    }
    return h;
}

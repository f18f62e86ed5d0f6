/* rsvg.h: the librsvg functions pnpkit uses (reading an SVG image's size,
 * drawing it), loaded on first use through util/lazylib.h so that a run
 * without SVG images never loads librsvg. */
#ifndef PN_RSVG_H
#define PN_RSVG_H

#include <librsvg/rsvg.h>
#include "util/err.h"

typedef struct pn_rsvg_fns {
    RsvgHandle *(*new_from_gfile_sync)(GFile *file, RsvgHandleFlags flags,
                                       GCancellable *cancellable, GError **error);
    gboolean (*get_intrinsic_size_in_pixels)(RsvgHandle *handle, gdouble *out_width,
                                             gdouble *out_height);
    void (*get_intrinsic_dimensions)(RsvgHandle *handle, gboolean *out_has_width,
                                     RsvgLength *out_width, gboolean *out_has_height,
                                     RsvgLength *out_height, gboolean *out_has_viewbox,
                                     RsvgRectangle *out_viewbox);
    gboolean (*render_document)(RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport,
                                GError **error);
} pn_rsvg_fns;

/* The functions, loading librsvg on the first call (thread-safe). NULL with
 * err (PN_EIO) when it cannot be loaded. The table is static: never freed. */
const pn_rsvg_fns *pn_rsvg(pn_err *err);

/* Reads the SVG at path: its handle (caller unrefs), or NULL with err
 * (PN_EINPUT: "PATH: not a valid SVG: what librsvg said", on one line). */
RsvgHandle *pn_rsvg_open(const pn_rsvg_fns *svg, const char *path, pn_err *err);

#endif

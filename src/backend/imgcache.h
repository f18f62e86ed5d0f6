/* imgcache.h: the images of one document, each decoded once into a cairo
 * surface that every use paints (so a PDF embeds it once), within the
 * document's pixel budget. PNGs become image surfaces; SVGs are drawn by
 * librsvg into recording surfaces and stay vectors. Backends that need pixels
 * (haru) get PNG bytes rasterised from either. */
#ifndef PN_IMGCACHE_H
#define PN_IMGCACHE_H

#include <cairo.h>
#include <glib.h>
#include <pango/pango.h>
#include "scene/scene.h"

typedef struct pn_imgcache pn_imgcache;

/* fonts: the font map an SVG's text is set with (borrowed; may be NULL).
 * While an SVG is drawn it is the calling thread's default pango font map,
 * which librsvg uses; the default is cleared after. */
pn_imgcache *pn_imgcache_new(PangoFontMap *fonts);
void pn_imgcache_free(pn_imgcache *c);

/* The surface of im's file, decoded on first use (probed again first, so a
 * file changed since layout is still checked). Borrowed from the cache; its
 * size in user units is im->iw x im->ih. NULL with err. */
cairo_surface_t *pn_imgcache_surface(pn_imgcache *c, const scene_image *im, pn_err *err);

/* Counts path's px decoded pixels against SCENE_IMAGE_MAX_DOC_PIXELS, once
 * per path however often it is decoded (haru embeds a PNG again in every
 * piece of a long document): 0, or -1 with err when the document would pass
 * it. */
int pn_imgcache_charge(pn_imgcache *c, const char *path, double px, pn_err *err);

/* im rasterised to a wp x hp pixel PNG in memory. Caller g_byte_array_unref()s.
 * NULL with err. A PNG asked for at its own size is the file as cairo decoded
 * it, encoded again: a library that reads PNG files itself (libharu) is only
 * ever given cairo's output, never the file (libharu aborts the process on
 * some damaged files, such as a chunk whose checksum is wrong). */
GByteArray *pn_imgcache_png(pn_imgcache *c, const scene_image *im, int wp, int hp, pn_err *err);

#endif

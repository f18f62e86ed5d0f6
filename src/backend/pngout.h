/* pngout.h: a cairo image surface written as a PNG that says its resolution:
 * a pHYs chunk (pixels per metre, from the dpi it was drawn at) right after
 * the header, so that viewers and print dialogs open the sheet at its real
 * size. cairo's own PNG writer has no such chunk. */
#ifndef PN_PNGOUT_H
#define PN_PNGOUT_H

#include <cairo.h>
#include <glib.h>

/* The PNG of s at dpi (1 to 10000) into out (appended). CAIRO_STATUS_SUCCESS
 * or cairo's error. */
cairo_status_t pn_png_encode(cairo_surface_t *s, double dpi, GByteArray *out);

#endif

/* photo.h: a photo as the scanner reads it: decoded from JPEG or PNG bytes
 * with gdk-pixbuf, turned upright by its EXIF orientation, and kept as one
 * grey byte per pixel. A photo whose header claims more pixels than the
 * budget is refused before any pixel is decoded.
 *
 * Ownership: scan_photo_load returns a photo the caller frees with
 * scan_photo_free. */
#ifndef PNPKIT_SCAN_PHOTO_H
#define PNPKIT_SCAN_PHOTO_H

#include <stddef.h>
#include <stdint.h>
#include "util/err.h"

/* The most pixels a photo may have by default (a 48 MP phone photo). */
#define SCAN_MAX_PIXELS (50LL * 1000 * 1000)
/* The fewest pixels a photo may have on a side: a sheet in less could not
 * be read (its digits would be a pixel or two), and AprilTag's detector
 * crashes on an image two pixels high. */
#define SCAN_MIN_SIDE 100
/* The most pixels a photo may have on a side: AprilTag's detector aborts on
 * an image of 32768 pixels a side (a 3 KB PNG of 32768x100 once ended the
 * server), and no camera makes a side past 16384 (a 200 MP phone photo is
 * 16320 wide). */
#define SCAN_MAX_SIDE 16384
/* The most tiles a HEIF photo's grid may paste: a 200 MP phone photo in
 * tiles of 512x512 has 768. */
#define SCAN_HEIF_MAX_TILES 1024
/* The most bytes a photo file may have. */
#define SCAN_MAX_BYTES (64u << 20)

typedef struct scan_photo {
    int w, h, stride;
    uint8_t *px; /* grey, 0 black to 255 white */
} scan_photo;

/* Decodes len bytes of a JPEG or PNG into grey; max_pixels bounds the width
 * times height its header may claim. NULL with err (PN_EINPUT: not an image,
 * truncated, too large). */
scan_photo *scan_photo_load(const unsigned char *data, size_t len, long long max_pixels,
                            pn_err *err);
void scan_photo_free(scan_photo *p);

/* Turns the picture over left to right, in place. */
void scan_photo_mirror(scan_photo *p);

/* The grey value at (x, y) in pixels, bilinear, white outside the photo. */
double scan_photo_at(const scan_photo *p, double x, double y);

#endif

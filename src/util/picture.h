/* picture.h: the headers pnpkit reads itself before a gdk-pixbuf loader sees
 * a picture's bytes, to refuse the ones a loader would spend minutes or
 * hundreds of megabytes on, or never finish: JPEGs (util/jpeg.h); BMPs,
 * whose loader sized a buffer of 512 MB from the header of an 83-byte file;
 * GIFs whose first frame is far larger than the picture they say they are;
 * TIFFs (util/tiff.h); PNGs of many text chunks, which libpng keeps (each
 * inflated to as much as 8 MB). */
#ifndef PN_PICTURE_H
#define PN_PICTURE_H

#include <stddef.h>

#define PN_PNG_MAX_TEXT 64       /* tEXt, zTXt and iTXt chunks in one PNG */
#define PN_PNG_MAX_PACKED_TEXT 4 /* of them compressed (zTXt, compressed iTXt) */

/* NULL when the len bytes are a picture a loader may be given (or none of
 * PNG, JPEG, BMP, GIF and TIFF); else why not, one phrase, static. */
const char *pn_picture_refusal(const unsigned char *d, size_t len);

#endif

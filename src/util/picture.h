/* picture.h: the headers pnpkit reads itself before a gdk-pixbuf loader sees
 * a picture's bytes, to refuse the ones a loader would spend minutes or
 * hundreds of megabytes on, or never finish: JPEGs (util/jpeg.h); BMPs,
 * whose loader sized a buffer of 512 MB from the header of an 83-byte file;
 * GIFs whose first frame is far larger than the picture they say they are;
 * TIFFs whose tiles are far larger than their picture. */
#ifndef PN_PICTURE_H
#define PN_PICTURE_H

#include <stddef.h>

/* NULL when the len bytes are a picture a loader may be given (or none of
 * JPEG, BMP, GIF and TIFF); else why not, one phrase, static. */
const char *pn_picture_refusal(const unsigned char *d, size_t len);

#endif

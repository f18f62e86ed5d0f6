/* picture.h: the headers pnpkit reads itself before a gdk-pixbuf loader sees
 * a picture's bytes, to refuse the ones a loader would spend minutes or
 * hundreds of megabytes on, or never finish: JPEGs (util/jpeg.h) and BMPs,
 * whose loader sized a buffer of 512 MB from the header of an 83-byte file. */
#ifndef PN_PICTURE_H
#define PN_PICTURE_H

#include <stddef.h>

/* NULL when the len bytes are a picture a loader may be given (or neither a
 * JPEG nor a BMP); else why not, one phrase, static. */
const char *pn_picture_refusal(const unsigned char *d, size_t len);

#endif

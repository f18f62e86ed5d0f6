/* tiff.h: what pnpkit reads of a TIFF's directories itself, before
 * gdk-pixbuf's loader (libtiff) sees the file, to refuse the TIFFs it would
 * spend gigabytes or minutes on, or abort in:
 * - codecs past the common ones: libtiff hands a JBIG strip's own header to
 *   libjbig, which sized a picture of 2^32 x 2^32 from a 206-byte file and
 *   aborted when the allocation failed;
 * - samples a pixel: a strip is decoded whole, and libtiff only asks a
 *   compressed strip to be a thousandth of its size, so 1024x1024 pixels of
 *   1000 samples of 16 bits in one strip took 2 GB from a 2 MB file, and
 *   2048 strips sharing one stream of 64 MB each took 43 s;
 * - progressive JPEG strips: libtiff lets the last strip's JPEG be taller
 *   than the strip, and libjpeg decodes a progressive one whole before its
 *   first row (a 2 KB file of one row took 2 GB, 99 scans 16 s);
 * - tiles far larger than the picture: a tile is held whole (one pixel in a
 *   tile of 16384x16384 took 1.07 GB);
 * - tags: libtiff keeps a copy of every tag it does not know, and eight
 *   bytes for each strip, so tags sharing one 10 MB blob took 5.8 GB, and
 *   31 million one-byte strip offsets 566 MB.
 * libtiff reads a number from any integer type (signed, or eight bytes kept
 * elsewhere in the file), so these are read as it does, each at its worst
 * where a tag is given twice. */
#ifndef PN_TIFF_H
#define PN_TIFF_H

#include <stddef.h>

/* The bytes libtiff may decode for a picture, strips or tiles together
 * (libtiff only asks a compressed strip to be a thousandth of its size): 10
 * a pixel of the picture (five samples of 16 bits, CMYK and alpha), or 256
 * MB whatever the picture (RGB of 16 bits with three more channels, as an
 * image editor saves them, is 12 a pixel). */
#define PN_TIFF_MAX_PIXEL_BYTES 10.0
#define PN_TIFF_MAX_DECODED (256.0 * 1024 * 1024)
#define PN_TIFF_MAX_STRIPS 1048576u /* strips or tiles in one directory */

/* NULL when the len bytes (a classic TIFF, "II*\0" or "MM\0*") may be given
 * to libtiff; else why not, one phrase, static. */
const char *pn_tiff_refusal(const unsigned char *d, size_t len);

#endif

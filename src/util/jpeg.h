/* jpeg.h: what pnpkit reads of a JPEG's markers itself, before a decoder
 * sees the file, to refuse the JPEGs a decoder would spend minutes on or
 * never finish:
 * - many scans: a progressive JPEG is decoded over the whole picture once
 *   for every scan, and a scan can be a dozen bytes: a 220 KB file repeating
 *   one a thousand times took 51 s to decode at 36 million pixels, and a few
 *   megabytes would take hours;
 * - arithmetic coding: gdk-pixbuf's loader, fed bytes in memory (a photo to
 *   scan, a picture inside an SVG through librsvg), never returns from a
 *   damaged arithmetic-coded JPEG of 128 bytes. Cameras, phones and image
 *   editors write Huffman-coded JPEGs. */
#ifndef PN_JPEG_H
#define PN_JPEG_H

#include <stdbool.h>
#include <stddef.h>

/* The most scans pnpkit lets a decoder see. A baseline JPEG has one scan a
 * picture (or one a colour), a progressive one from a camera, a browser or
 * an image editor some 10 to 20. */
#define PN_JPEG_MAX_SCANS 100

/* The number of scans (start-of-scan markers) in the len bytes of a JPEG,
 * counted as a decoder finds them: segments skipped by their length, the
 * coded data after each scan header skipped to the next marker, stray bytes
 * between markers passed over, up to the end of the image. Stops counting
 * past max. *arithmetic (may be NULL) tells whether a frame header or table
 * on the way is arithmetic coding's. -1 when the bytes do not start as a
 * JPEG. */
int pn_jpeg_scans(const unsigned char *d, size_t len, int max, bool *arithmetic);

/* NULL when the len bytes are not a JPEG or one a decoder may be given;
 * else why not, one phrase ("a JPEG of more than 100 scans, ..."), static. */
const char *pn_jpeg_refusal(const unsigned char *d, size_t len);

#endif

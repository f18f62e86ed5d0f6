/* jpeg.h: what pnpkit reads of a JPEG's markers itself, before a decoder
 * sees the file, to refuse the JPEGs a decoder would spend minutes on or
 * never finish:
 * - many scans: a progressive JPEG is decoded over the whole picture once
 *   for every scan, and a scan can be a dozen bytes: a 220 KB file repeating
 *   one a thousand times took 51 s to decode at 36 million pixels, and a few
 *   megabytes would take hours. The work is bounded as scans times pixels
 *   times colour components;
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
/* The most scans times pixels times components: 20 scans of a 48-million
 * pixel colour photo; 80 scans of 36 million grey pixels take 5 s to decode
 * as a photo (bench/jpeg-scans.sh). */
#define PN_JPEG_MAX_WORK 3e9

/* What the markers of a JPEG say. */
typedef struct pn_jpeg_info {
    int scans;       /* start-of-scan markers, up to the max asked for and one more */
    bool arithmetic; /* a frame header or table of arithmetic coding */
    double pixels;   /* width times height of the first frame header (0: none) */
    int components;  /* of the first frame header */
} pn_jpeg_info;

/* Reads the markers of the len bytes of a JPEG as a decoder meets them:
 * segments skipped by their length, the coded data after each scan header
 * skipped to the next marker, stray and fill bytes passed over, a marker a
 * decoder would only step over (below 0xC0, as libjpeg does when it looks
 * for a restart) taken as its two bytes, up to the end of the image. Stops
 * counting scans past max_scans. -1 when the bytes do not start as a JPEG. */
int pn_jpeg_read(const unsigned char *d, size_t len, int max_scans, pn_jpeg_info *out);

/* NULL when the len bytes are not a JPEG or one a decoder may be given;
 * else why not, one phrase ("a JPEG of more than 100 scans, ..."), static. */
const char *pn_jpeg_refusal(const unsigned char *d, size_t len);

#endif

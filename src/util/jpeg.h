/* jpeg.h: what pnpkit reads of a JPEG's markers itself, before a decoder
 * sees the file: how many scans it holds. A progressive JPEG is decoded over
 * the whole picture once for every scan, and a scan can be a few dozen
 * bytes: a 220 KB file repeating one a thousand times took 51 s to decode
 * at 36 million pixels, and a few megabytes would take hours. */
#ifndef PN_JPEG_H
#define PN_JPEG_H

#include <stddef.h>

/* The most scans pnpkit lets a decoder see. A baseline JPEG has one scan a
 * picture (or one a colour), a progressive one from a camera, a browser or
 * an image editor some 10 to 20. */
#define PN_JPEG_MAX_SCANS 100

/* The number of scans (start-of-scan markers) in the len bytes of a JPEG,
 * counted as a decoder finds them: segments skipped by their length, the
 * coded data after each scan header skipped to the next marker, stray bytes
 * between markers passed over. Stops counting past max. -1 when the bytes
 * do not start as a JPEG. */
int pn_jpeg_scans(const unsigned char *d, size_t len, int max);

#endif

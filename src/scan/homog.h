/* homog.h: the projective map from a sheet (mm) to a photo of it (pixels),
 * fitted to matching points, and sampling the photo through it: a field of
 * the sheet cut out upright at a chosen resolution. Plain values, no
 * allocation but the crops scan_homog_crop returns. */
#ifndef PNPKIT_SCAN_HOMOG_H
#define PNPKIT_SCAN_HOMOG_H

#include <stdint.h>
#include "scan/photo.h"

typedef struct scan_homog {
    double m[9]; /* row-major 3x3: (u, v, w) = m (x, y, 1) */
} scan_homog;

/* Fits h to n >= 4 pairs (sheet x, y in src[2i], src[2i+1]; photo in dst)
 * by least squares. -1 when the points are degenerate. */
int scan_homog_fit(const double *src, const double *dst, int n, scan_homog *h);

/* Maps a sheet point to the photo. */
void scan_homog_apply(const scan_homog *h, double x, double y, double *u, double *v);

/* The inverse map (photo to sheet). -1 when h is singular. */
int scan_homog_invert(const scan_homog *h, scan_homog *inv);

/* The sheet box (x, y, w, h mm) cut from the photo at ppmm pixels a mm:
 * *ow x *oh grey pixels (stride *ow), freed with g_free. */
uint8_t *scan_homog_crop(const scan_photo *p, const scan_homog *h, double x, double y, double w,
                         double hh, double ppmm, int *ow, int *oh);

#endif

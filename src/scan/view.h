/* view.h: a photographed sheet seen through its map (homog.h) and compared
 * with the sheet as printed (a reference rendered at ref_ppmm pixels a mm):
 * the player's ink is what the photo has darker than the print, each in its
 * own paper white, so printed lines, tints and uneven light drop out. */
#ifndef PNPKIT_SCAN_VIEW_H
#define PNPKIT_SCAN_VIEW_H

#include <stdint.h>
#include "scan/homog.h"
#include "scan/photo.h"

typedef struct scan_view {
    const scan_photo *photo; /* borrowed */
    scan_homog map;          /* sheet mm to photo pixels */
    const scan_photo *ref;   /* the printed sheet, borrowed; NULL: none */
    double ref_ppmm;
} scan_view;

/* A sheet point in the photo. */
void scan_view_map(const scan_view *v, double x, double y, double *u, double *s);

/* The player's ink in the sheet box (x, y, w, h mm) at ppmm pixels a mm, as
 * a grey crop (255 paper, 0 full ink; stride *ow). Caller g_free()s. */
uint8_t *scan_view_ink(const scan_view *v, double x, double y, double w, double h, double ppmm,
                       int *ow, int *oh);

/* How much of an ellipse (centre cx, cy, half-axes rx, ry mm) is drawn over
 * with the player's ink: the fraction (0..1) of 32 arcs that hold ink within
 * a band of +-band mm of it. */
double scan_view_ring(const scan_view *v, double cx, double cy, double rx, double ry, double band);

/* How well the photo shows the printed sheet: the mean darkness of the photo
 * (1 - grey / the paper's white, the darkest within 0.3 mm) where the
 * reference prints a line, less the same where it prints nothing for 1 mm
 * around, over the sheet (w x h mm) outside the n boxes skip (x, y, w, h
 * mm: the scan marks, which match by construction). 0.47 to 0.9 on photos
 * of the sheet the reference is; 0.13 and 0.16 for another sheet under the
 * same marks; -1 with too few points to tell. */
double scan_view_print_match(const scan_view *v, double w, double h, const double (*skip)[4],
                             int n);

/* The mean ink (0..1) inside the box: how much was written. */
double scan_view_ink_mean(const uint8_t *ink, int w, int h);

#endif

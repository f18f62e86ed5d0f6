/* heif.h: what a HEIF (HEIC) photo says of its size, read from its boxes
 * before a decoder sees it. gdk-pixbuf's HEIF loader decodes the whole
 * picture before it reports a size, so every figure the decoder will act on
 * is read here: the extents the items claim ('ispe'), the output size of a
 * grid or an overlay (its descriptor, through 'iloc'), the tiles a grid
 * pastes ('dimg' references) and the picture size each coded stream's
 * sequence parameter sets give, in 'hvcC' or before its first slice (which a
 * damaged file can set far above its 'ispe'). What the decoder would read
 * and this cannot (a grid's size split over extents, a grid of grids, a
 * second 'iloc', a picture coded in AV1, ...) is named in `refused`, so that
 * nothing unread is passed on. */
#ifndef PN_SCAN_HEIF_H
#define PN_SCAN_HEIF_H

#include <stdbool.h>
#include <stddef.h>

typedef struct scan_heif_info {
    long long w, h;             /* the largest picture claimed: an 'ispe' or a grid's output */
    long long coded_w, coded_h; /* the largest coded picture (an HEVC stream's SPS) */
    long long tiles;            /* the most pictures one grid or overlay pastes ('dimg') */
    const char *refused;        /* a structure pnpkit does not read (static), or NULL */
    bool whole;                 /* the boxes cover the file exactly */
} scan_heif_info;

/* Reads the len bytes of a HEIF file: -1 when they are not one (no 'ftyp'
 * of a HEIF brand), else 0 with out filled (what cannot be read stays 0). */
int scan_heif_read(const unsigned char *d, size_t len, scan_heif_info *out);

#endif

/* image.h: image files placed on a page (PNG, SVG, and JPEG, GIF, BMP, TIFF
 * or WebP through gdk-pixbuf). Probing reads only what is needed to know an
 * image's kind and size (the PNG header, the SVG's intrinsic size, the
 * header gdk-pixbuf reads for other formats) and refuses files too large to decode safely, before
 * any pixel is decoded; backends decode and draw. */
#ifndef PN_IMAGE_H
#define PN_IMAGE_H

#include <stdbool.h>
#include "util/err.h"

/* PIXBUF: JPEG, GIF, BMP, TIFF or WebP, decoded by gdk-pixbuf. */
typedef enum { SCENE_IMAGE_PNG, SCENE_IMAGE_SVG, SCENE_IMAGE_PIXBUF } scene_image_kind;

/* The kinds of image file pnpkit reads, as messages name them. */
#define SCENE_IMAGE_KINDS "PNG, SVG, JPEG, GIF, BMP, TIFF or WebP"

/* Limits on one image file, checked before decoding (docs/robustness.md). */
#define SCENE_IMAGE_MAX_BYTES (32u << 20)    /* a PNG, JPEG, ... file */
#define SCENE_IMAGE_MAX_SVG_BYTES (4u << 20) /* an SVG file */
#define SCENE_IMAGE_MAX_SIDE 16384           /* pixels across or down */
#define SCENE_IMAGE_MAX_PIXELS 40000000.0    /* pixels in one image (160 MB decoded) */
/* Decoded pixels of all the distinct images of one document, which a backend
 * keeps until the document is written (each image is decoded once). */
#define SCENE_IMAGE_MAX_DOC_PIXELS 250000000.0
/* Pixels an SVG is rasterised to where a backend needs pixels (haru). */
#define SCENE_IMAGE_RASTER_DPI 300.0

/* What a probe finds. */
typedef struct scene_image_info {
    scene_image_kind kind;
    double iw, ih; /* intrinsic size: pixels (PNG, JPEG, ...) or CSS pixels (SVG) */
    bool jpeg;     /* a JPEG file (PIXBUF), which a PDF can embed as it is */
    /* an SVG's pattern tiles over its own area: the largest, all drawn
     * (scene/svgcheck.h); 0 for other images */
    double tile, tiles;
} scene_image_info;

/* Probes path: 0 with info, or -1 with err ("PATH: ...") when the file cannot
 * be read, is in no format pnpkit reads, or is over a limit. */
int scene_image_probe(const char *path, scene_image_info *info, pn_err *err);

#endif

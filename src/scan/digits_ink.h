/* digits_ink.h: the ink of one field's crop, as scan_read_number (digits.c)
 * works on it: a darkness per pixel, its connected components, and the steps
 * that take printed lines away (digits_lines.c) and turn a group of strokes
 * into an MNIST-style 28x28 image (digits_norm.c). Internal to src/scan. The
 * caller owns every array of a scan_ink (allocated for w * h pixels) but
 * comp, which scan_ink_label (re)allocates and the caller frees. */
#ifndef PNPKIT_SCAN_DIGITS_INK_H
#define PNPKIT_SCAN_DIGITS_INK_H

#include "scan/digits.h"

typedef struct scan_ink_comp {
    int area, x0, y0, x1, y1; /* bounding box, inclusive */
    int sides;                /* bit 0 top, 1 bottom, 2 left, 3 right: touches the border */
    int inner;                /* pixels outside the border band */
    int group;                /* digit group, -1 when erased */
} scan_ink_comp;

typedef struct scan_ink {
    int w, h;
    float *dark; /* 0 paper .. 1 ink */
    int *label;  /* 0 background, 1..n components */
    scan_ink_comp *comp;
    int n;
    int band;   /* width of the border band printed lines are looked for in */
    int *stack; /* work space for labelling and searching */
    int *from;  /* work space: the way back in ln_carve */
} scan_ink;

/* Labels the 8-connected components of dark >= thr (pixels erased earlier
 * have a negative dark) and gathers their statistics, every group 0. Returns
 * -1 when memory is short. */
int scan_ink_label(scan_ink *im, float thr);

/* Marks component l as no longer ink; scan_ink_sweep clears its pixels. */
void scan_ink_erase(scan_ink *im, int l);

/* Clears the pixels of the components marked erased, in one pass. */
void scan_ink_sweep(scan_ink *im);

/* Takes printed line fragments away (digits_lines.c), labelling again as
 * needed. Returns -1 when memory is short. */
int scan_ink_strip_lines(scan_ink *im, float thr);

/* The pixels of the components in group g whose column is in [xa, xb), with
 * the faint rim of their strokes, scaled to fit 20x20 and centred by their
 * centre of mass in out (28x28, 0 paper .. 1 ink). Returns -1 when there are
 * none (or memory is short). */
int scan_ink_mnist(const scan_ink *im, int g, int xa, int xb,
                   float out[SCAN_DIGIT_SIDE * SCAN_DIGIT_SIDE]);

#endif

/* digits.h: reading handwritten digits. A small convolutional network,
 * trained on MNIST digits and compiled into the library, tells the ten
 * digits apart in one 28x28 image; scan_read_number cuts a field's crop into
 * one or two digits and turns their probabilities into candidate numbers.
 * Nothing here allocates memory that outlives a call, prints or reads files. */
#ifndef PNPKIT_SCAN_DIGITS_H
#define PNPKIT_SCAN_DIGITS_H

#include <stdint.h>
#include "scan/cand.h" /* scan_cand, scan_field, SCAN_EMPTY */

#define SCAN_DIGIT_SIDE 28

/* Bounds of scan_read_number's crops (pixels each way) and numbers. */
#define SCAN_CROP_MIN 8
#define SCAN_CROP_MAX 1024
#define SCAN_MAX_NUMBER_DIGITS 2

/* Probabilities of 0..9 for one 28x28 image (row-major, 0 = paper, 1 = ink),
 * already centred as MNIST digits are (20x20 box, centre of mass at the
 * middle). Pure, reentrant. */
void scan_digit_classify(const float img[SCAN_DIGIT_SIDE * SCAN_DIGIT_SIDE], float probs[10]);

/* Reads a handwritten whole number of 1..max_digits digits, or nothing, from a
 * grey crop of a field (0 = black ink, 255 = white paper; row-major, stride
 * bytes per row). The crop may include bits of printed lines at its border.
 * Fills out with up to SCAN_MAX_CANDS readings, most probable first,
 * probabilities summing to at most 1; value SCAN_EMPTY means nothing written.
 * Returns 0, or -1 when the crop is unusable: grey or out NULL, w or h
 * outside SCAN_CROP_MIN..SCAN_CROP_MAX, stride < w, max_digits outside
 * 1..SCAN_MAX_NUMBER_DIGITS, or memory short (out->n is then 0). Pure,
 * reentrant, no allocation that outlives the call. How it reads:
 * docs/scanning.md. */
int scan_read_number(const uint8_t *grey, int w, int h, int stride, int max_digits,
                     scan_field *out);

/* A tap on the reader for the tools that train the classifier on crops of
 * photographed sheets (bench/scan_crops.c): once set, fn is called with
 * every 28x28 image classified on this thread and its probabilities; field
 * counts the scan_read_number calls made on this thread since the tap was
 * set, from 0. fn NULL removes it. The tap belongs to the calling thread
 * only; the library itself never sets one. */
typedef void (*scan_digit_tap_fn)(void *user, int field,
                                  const float img[SCAN_DIGIT_SIDE * SCAN_DIGIT_SIDE],
                                  const float probs[10]);
void scan_digit_set_tap(scan_digit_tap_fn fn, void *user);

#endif

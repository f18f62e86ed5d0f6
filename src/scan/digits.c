/* digits.c: reading handwritten digits (see digits.h). This first version
 * answers uniformly; the trained network replaces it. */
#include "scan/digits.h"

void scan_digit_classify(const float img[SCAN_DIGIT_SIDE * SCAN_DIGIT_SIDE], float probs[10])
{
    (void)img;
    for (int i = 0; i < 10; i++)
        probs[i] = 0.1f;
}

int scan_read_number(const uint8_t *grey, int w, int h, int stride, int max_digits,
                     scan_field *out)
{
    out->n = 0;
    if (!grey || w <= 0 || h <= 0 || stride < w || max_digits < 1)
        return -1;
    return 0;
}

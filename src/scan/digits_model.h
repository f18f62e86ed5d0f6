/* digits_model.h: the trained weights of the digit classifier (written by
 * scripts/train-digits; do not edit). Layers, in order: a 5x5 convolution
 * 1 -> 24 channels, 3x3 convolutions 24 -> 48 and 48 -> 64 (each with a ReLU
 * and a 2x2 max pool), a fully connected layer 576 -> 128 with a ReLU, and 128
 * -> 10 before the softmax. Weights are int8, one float scale per output
 * channel; the convolutions' weights are [out][in][ky][kx], the fully connected
 * layers' [out][in], the first one's inputs ordered [channel][y][x]. */
#ifndef PNPKIT_SCAN_DIGITS_MODEL_H
#define PNPKIT_SCAN_DIGITS_MODEL_H

#include <stdint.h>

#define SCAN_DM_C1 24
#define SCAN_DM_C2 48
#define SCAN_DM_C3 64
#define SCAN_DM_F1 128

extern const int8_t scan_dm_c1_w[600];
extern const float scan_dm_c1_scale[24];
extern const float scan_dm_c1_bias[24];
extern const int8_t scan_dm_c2_w[10368];
extern const float scan_dm_c2_scale[48];
extern const float scan_dm_c2_bias[48];
extern const int8_t scan_dm_c3_w[27648];
extern const float scan_dm_c3_scale[64];
extern const float scan_dm_c3_bias[64];
extern const int8_t scan_dm_f1_w[73728];
extern const float scan_dm_f1_scale[128];
extern const float scan_dm_f1_bias[128];
extern const int8_t scan_dm_f2_w[1280];
extern const float scan_dm_f2_scale[10];
extern const float scan_dm_f2_bias[10];

#endif

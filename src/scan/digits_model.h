/* digits_model.h: the trained weights of the digit classifier (written by
 * scripts/train-digits; do not edit). Layers, in order: a 5x5 convolution
 * 1 -> 16 channels, 3x3 convolutions 16 -> 32 and 32 -> 64 (each with a ReLU and
 * a 2x2 max pool), a fully connected layer 576 -> 96 with a ReLU, and 96 -> 10
 * before the softmax. Weights are int8, one float scale per output channel;
 * the convolutions' weights are [out][in][ky][kx], the fully connected
 * layers' [out][in], the first one's inputs ordered [channel][y][x]. */
#ifndef PNPKIT_SCAN_DIGITS_MODEL_H
#define PNPKIT_SCAN_DIGITS_MODEL_H

#include <stdint.h>

#define SCAN_DM_C1 16
#define SCAN_DM_C2 32
#define SCAN_DM_C3 64
#define SCAN_DM_F1 96

extern const int8_t scan_dm_c1_w[400];
extern const float scan_dm_c1_scale[16];
extern const float scan_dm_c1_bias[16];
extern const int8_t scan_dm_c2_w[4608];
extern const float scan_dm_c2_scale[32];
extern const float scan_dm_c2_bias[32];
extern const int8_t scan_dm_c3_w[18432];
extern const float scan_dm_c3_scale[64];
extern const float scan_dm_c3_bias[64];
extern const int8_t scan_dm_f1_w[55296];
extern const float scan_dm_f1_scale[96];
extern const float scan_dm_f1_bias[96];
extern const int8_t scan_dm_f2_w[960];
extern const float scan_dm_f2_scale[10];
extern const float scan_dm_f2_bias[10];

#endif

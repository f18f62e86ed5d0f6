/* digits_net.c: the forward pass of the digit classifier (scan_digit_classify
 * in digits.h), written out by hand over the weights scripts/train-digits
 * exports to digits_model.c: three convolutions with ReLU and 2x2 max pooling,
 * two fully connected layers, a softmax. Weights are int8 with one scale per
 * output channel: each output sums input x int8 weight, then multiplies by the
 * channel's scale and adds its bias. Everything lives on the stack (about
 * 25 KB); nothing is shared between calls. */
#include <math.h>
#include "scan/digits.h"
#include "scan/digits_model.h"

#define SIDE SCAN_DIGIT_SIDE

/* A "same" convolution (k x k, zero padding k/2) of cin planes of side x side,
 * each output channel through a ReLU and then a 2x2 max pool (odd last row and
 * column dropped) into out: cout planes of (side/2) x (side/2). */
static void dn_conv_relu_pool(const float *in, int cin, int side, int k, const int8_t *w,
                              const float *scale, const float *bias, int cout, float *out)
{
    float acc[SIDE * SIDE];
    int pad = k / 2, half = side / 2;
    for (int o = 0; o < cout; o++) {
        for (int i = 0; i < side * side; i++)
            acc[i] = 0.0f;
        for (int c = 0; c < cin; c++) {
            const float *plane = in + c * side * side;
            for (int ky = 0; ky < k; ky++) {
                for (int kx = 0; kx < k; kx++) {
                    float wv = (float)w[((o * cin + c) * k + ky) * k + kx];
                    if (wv == 0.0f)
                        continue;
                    int dy = ky - pad, dx = kx - pad;
                    int y0 = dy < 0 ? -dy : 0, y1 = dy > 0 ? side - dy : side;
                    int x0 = dx < 0 ? -dx : 0, x1 = dx > 0 ? side - dx : side;
                    for (int y = y0; y < y1; y++) {
                        float *a = acc + y * side;
                        const float *p = plane + (y + dy) * side + dx;
                        for (int x = x0; x < x1; x++)
                            a[x] += wv * p[x];
                    }
                }
            }
        }
        float s = scale[o], b = bias[o];
        float *dst = out + o * half * half;
        for (int y = 0; y < half; y++) {
            for (int x = 0; x < half; x++) {
                const float *a = acc + 2 * y * side + 2 * x;
                float m = fmaxf(fmaxf(a[0], a[1]), fmaxf(a[side], a[side + 1]));
                float v = m * s + b; /* s > 0: the pool commutes with the scale */
                dst[y * half + x] = v > 0.0f ? v : 0.0f;
            }
        }
    }
}

static void dn_dense(const float *in, int nin, const int8_t *w, const float *scale,
                     const float *bias, int nout, int relu, float *out)
{
    for (int o = 0; o < nout; o++) {
        const int8_t *row = w + o * nin;
        float acc = 0.0f;
        for (int i = 0; i < nin; i++)
            acc += (float)row[i] * in[i];
        float v = acc * scale[o] + bias[o];
        out[o] = relu && v < 0.0f ? 0.0f : v;
    }
}

void scan_digit_classify(const float img[SCAN_DIGIT_SIDE * SCAN_DIGIT_SIDE], float probs[10])
{
    float a1[SCAN_DM_C1 * 14 * 14], a2[SCAN_DM_C2 * 7 * 7], a3[SCAN_DM_C3 * 3 * 3];
    float h[SCAN_DM_F1], z[10];
    dn_conv_relu_pool(img, 1, SIDE, 5, scan_dm_c1_w, scan_dm_c1_scale, scan_dm_c1_bias,
                      SCAN_DM_C1, a1);
    dn_conv_relu_pool(a1, SCAN_DM_C1, 14, 3, scan_dm_c2_w, scan_dm_c2_scale, scan_dm_c2_bias,
                      SCAN_DM_C2, a2);
    dn_conv_relu_pool(a2, SCAN_DM_C2, 7, 3, scan_dm_c3_w, scan_dm_c3_scale, scan_dm_c3_bias,
                      SCAN_DM_C3, a3);
    dn_dense(a3, SCAN_DM_C3 * 9, scan_dm_f1_w, scan_dm_f1_scale, scan_dm_f1_bias, SCAN_DM_F1, 1,
             h);
    dn_dense(h, SCAN_DM_F1, scan_dm_f2_w, scan_dm_f2_scale, scan_dm_f2_bias, 10, 0, z);
    float top = z[0], sum = 0.0f;
    for (int i = 1; i < 10; i++)
        top = fmaxf(top, z[i]);
    for (int i = 0; i < 10; i++) {
        probs[i] = expf(z[i] - top);
        sum += probs[i];
    }
    for (int i = 0; i < 10; i++)
        probs[i] /= sum;
}

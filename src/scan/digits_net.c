/* digits_net.c: the forward pass of the digit classifier (scan_digit_classify
 * in digits.h), written out by hand over the weights scripts/train-digits
 * exports to digits_model.c: three convolutions with ReLU and 2x2 max pooling,
 * two fully connected layers, a softmax. Weights are int8 with one scale per
 * output channel: each output sums input x int8 weight, then multiplies by the
 * channel's scale and adds its bias. Everything lives on the stack (about
 * 40 KB); nothing is shared between calls. */
#include <math.h>
#include "scan/digits.h"
#include "scan/digits_model.h"

#define SIDE SCAN_DIGIT_SIDE

/* A "same" convolution (k x k, zero padding k/2) of cin planes of side x side,
 * each output channel through a ReLU and then a 2x2 max pool (odd last row and
 * column dropped) into out: cout planes of (side/2) x (side/2).
 *
 * The input is first copied into planes with a zero border of k/2 pixels
 * (stride side + 2 * (k/2)); each tap of the kernel is then one long
 * multiply-add over whole rows of that stride, which compilers vectorise.
 * The outputs that fall in the border columns are computed and ignored. */
#define DN_MAX2(a, b) ((a) > (b) ? (a) : (b))
/* floats of the padded input of the largest layer */
#define DN_PADDED                                                                                  \
    DN_MAX2(DN_MAX2((SIDE + 4) * (SIDE + 4), SCAN_DM_C1 * 16 * 16), SCAN_DM_C2 * 9 * 9)
#define DN_LANES 8  /* the multiply-adds go in groups of this many */
#define DN_SLACK 16 /* zeros after the last plane */

static void dn_conv_relu_pool(const float *in, int cin, int side, int k, const int8_t *w,
                              const float *scale, const float *bias, int cout, float *out)
{
    int pad = k / 2, ps = side + 2 * pad, half = side / 2;
    /* the output rows at the padded stride, in whole groups of DN_LANES */
    int span = (side * ps + DN_LANES - 1) / DN_LANES * DN_LANES;
    /* the last rows' taps read up to k - 2 + DN_LANES - 1 floats past the planes */
    float padded[DN_PADDED + DN_SLACK];
    float acc[SIDE * (SIDE + 4) + DN_LANES];
    for (int i = cin * ps * ps; i < cin * ps * ps + DN_SLACK; i++)
        padded[i] = 0.0f;
    for (int c = 0; c < cin; c++) {
        float *pl = padded + c * ps * ps;
        for (int i = 0; i < ps * ps; i++)
            pl[i] = 0.0f;
        for (int y = 0; y < side; y++)
            for (int x = 0; x < side; x++)
                pl[(y + pad) * ps + x + pad] = in[(c * side + y) * side + x];
    }
    for (int o = 0; o < cout; o++) {
        for (int i = 0; i < span; i++)
            acc[i] = 0.0f;
        for (int c = 0; c < cin; c++) {
            const float *pl = padded + c * ps * ps;
            const int8_t *wk = w + (o * cin + c) * k * k;
            for (int ky = 0; ky < k; ky++) {
                for (int kx = 0; kx < k; kx++) {
                    float wv = (float)wk[ky * k + kx];
                    if (wv == 0.0f) continue;
                    const float *restrict src = pl + ky * ps + kx;
                    float *restrict dst = acc;
                    for (int i = 0; i < span; i += DN_LANES)
                        for (int j = 0; j < DN_LANES; j++)
                            dst[i + j] += wv * src[i + j];
                }
            }
        }
        float s = scale[o], b = bias[o];
        float *dst = out + o * half * half;
        for (int y = 0; y < half; y++) {
            for (int x = 0; x < half; x++) {
                const float *a = acc + 2 * y * ps + 2 * x;
                float m = fmaxf(fmaxf(a[0], a[1]), fmaxf(a[ps], a[ps + 1]));
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
    dn_conv_relu_pool(img, 1, SIDE, 5, scan_dm_c1_w, scan_dm_c1_scale, scan_dm_c1_bias, SCAN_DM_C1,
                      a1);
    dn_conv_relu_pool(a1, SCAN_DM_C1, 14, 3, scan_dm_c2_w, scan_dm_c2_scale, scan_dm_c2_bias,
                      SCAN_DM_C2, a2);
    dn_conv_relu_pool(a2, SCAN_DM_C2, 7, 3, scan_dm_c3_w, scan_dm_c3_scale, scan_dm_c3_bias,
                      SCAN_DM_C3, a3);
    dn_dense(a3, SCAN_DM_C3 * 9, scan_dm_f1_w, scan_dm_f1_scale, scan_dm_f1_bias, SCAN_DM_F1, 1, h);
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

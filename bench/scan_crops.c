/* scan_crops.c: the 28x28 images the handwriting reader classifies while
 * reading photographed sheets, for training the classifier on crops as a
 * photo gives them (scripts/train-digits --photos). For each photo it runs
 * pnpkit_scan and writes, per image classified, one record to OUT:
 *   int32 photo (its place among the arguments, from 0), int32 field (the
 *   number of fields read before it on that sheet: Circle 36 reads its
 *   spaces, then the dice a and b of each round, then the ComboCircles
 *   count), int32 piece (its place within the field), 784 bytes of ink
 *   (0..255), 10 float32 probabilities;
 * all little-endian as this machine writes them.
 *
 *   scan-crops OUT PHOTO...
 *
 * Exit status 1 when OUT cannot be written; a photo that cannot be read is
 * reported on standard error and skipped. */
#include <glib.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "pnpkit.h"
#include "scan/digits.h"

typedef struct {
    FILE *out;
    int32_t photo, field, piece;
} crops;

static void tap(void *user, int field, const float img[SCAN_DIGIT_SIDE * SCAN_DIGIT_SIDE],
                const float probs[10])
{
    crops *c = user;
    if (field != c->field) {
        c->field = field;
        c->piece = 0;
    }
    int32_t head[3] = {c->photo, field, c->piece++};
    uint8_t px[SCAN_DIGIT_SIDE * SCAN_DIGIT_SIDE];
    for (int i = 0; i < SCAN_DIGIT_SIDE * SCAN_DIGIT_SIDE; i++)
        px[i] = (uint8_t)(img[i] < 0 ? 0 : img[i] > 1 ? 255 : img[i] * 255 + 0.5f);
    fwrite(head, sizeof head, 1, c->out);
    fwrite(px, sizeof px, 1, c->out);
    fwrite(probs, sizeof(float), 10, c->out);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: scan-crops OUT PHOTO...\n");
        return 2;
    }
    crops c = {.out = fopen(argv[1], "wb")};
    if (!c.out) {
        perror(argv[1]);
        return 1;
    }
    pnpkit_error err = {0};
    pnpkit_ctx *ctx = pnpkit_ctx_new(&err);
    if (!ctx) {
        fprintf(stderr, "scan-crops: %s\n", err.message);
        return 1;
    }
    for (int i = 2; i < argc; i++) {
        gchar *data;
        gsize len;
        if (!g_file_get_contents(argv[i], &data, &len, NULL)) {
            fprintf(stderr, "scan-crops: cannot read %s\n", argv[i]);
            continue;
        }
        c.photo = i - 2;
        c.field = -1;
        scan_digit_set_tap(tap, &c);
        pnpkit_scan_opts o = {.file = argv[i]};
        pnpkit_scan_result *r = pnpkit_scan(ctx, (const unsigned char *)data, len, &o, &err);
        scan_digit_set_tap(NULL, NULL);
        if (!r) fprintf(stderr, "%s\n", err.message);
        pnpkit_scan_result_free(r);
        g_free(data);
    }
    pnpkit_ctx_free(ctx);
    bool failed = ferror(c.out) != 0;
    if (fclose(c.out) || failed) {
        fprintf(stderr, "scan-crops: cannot write %s\n", argv[1]);
        return 1;
    }
    return 0;
}

/* qr.c: zbar over a grey crop, QR codes only. */
#include "scan/qr.h"

#include <glib.h>
#include <zbar.h>

char *scan_qr_decode(const uint8_t *grey, int w, int h)
{
    zbar_image_scanner_t *sc = zbar_image_scanner_create();
    zbar_image_scanner_set_config(sc, ZBAR_NONE, ZBAR_CFG_ENABLE, 0);
    zbar_image_scanner_set_config(sc, ZBAR_QRCODE, ZBAR_CFG_ENABLE, 1);
    zbar_image_t *im = zbar_image_create();
    zbar_image_set_format(im, zbar_fourcc('Y', '8', '0', '0'));
    zbar_image_set_size(im, (unsigned)w, (unsigned)h);
    zbar_image_set_data(im, grey, (unsigned long)w * h, NULL);
    char *text = NULL;
    if (zbar_scan_image(sc, im) > 0) {
        const zbar_symbol_t *s = zbar_image_first_symbol(im);
        for (; s && !text; s = zbar_symbol_next(s))
            if (zbar_symbol_get_type(s) == ZBAR_QRCODE)
                text = g_strndup(zbar_symbol_get_data(s), zbar_symbol_get_data_length(s));
    }
    zbar_image_destroy(im);
    zbar_image_scanner_destroy(sc);
    return text;
}

/* qr.c: zbar over a grey crop, QR codes only (zbar loaded on first use). */
#include "scan/qr.h"

#include <glib.h>
#include "scan/lazy.h"

char *scan_qr_decode(const uint8_t *grey, int w, int h, pn_err *err)
{
    const scan_zbar_fns *z = scan_zbar(err);
    if (!z) return NULL;
    zbar_image_scanner_t *sc = z->scanner_create();
    z->scanner_set_config(sc, ZBAR_NONE, ZBAR_CFG_ENABLE, 0);
    z->scanner_set_config(sc, ZBAR_QRCODE, ZBAR_CFG_ENABLE, 1);
    zbar_image_t *im = z->image_create();
    z->image_set_format(im, zbar_fourcc('Y', '8', '0', '0'));
    z->image_set_size(im, (unsigned)w, (unsigned)h);
    z->image_set_data(im, grey, (unsigned long)w * h, NULL);
    char *text = NULL;
    if (z->scan_image(sc, im) > 0) {
        const zbar_symbol_t *s = z->image_first_symbol(im);
        for (; s && !text; s = z->symbol_next(s))
            if (z->symbol_get_type(s) == ZBAR_QRCODE)
                text = g_strndup(z->symbol_get_data(s), z->symbol_get_data_length(s));
    }
    z->image_destroy(im);
    z->scanner_destroy(sc);
    return text;
}

/* qr.c: zbar over a grey crop, QR codes only (zbar loaded on first use). */
#include "scan/qr.h"

#include <glib.h>
#include <stdbool.h>
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

char *scan_qr_decode_modules(const uint8_t *dark, int modules, pn_err *err)
{
    enum { PX = 4, QUIET = 4 };
    int side = (modules + 2 * QUIET) * PX;
    uint8_t *im = g_malloc((size_t)side * side);
    for (int y = 0; y < side; y++)
        for (int x = 0; x < side; x++) {
            int r = y / PX - QUIET, c = x / PX - QUIET;
            bool in = r >= 0 && r < modules && c >= 0 && c < modules;
            im[(size_t)y * side + x] = in && dark[r * modules + c] ? 0 : 255;
        }
    char *text = scan_qr_decode(im, side, side, err);
    g_free(im);
    return text;
}

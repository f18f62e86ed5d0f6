/* lazy.h: the functions of zbar (QR codes) the scanner uses, loaded the
 * first time a photo is scanned through util/lazylib.h: linked, zbar brings
 * video, D-Bus and systemd libraries that would cost every pnpkit run at
 * start-up. The photo itself is decoded with util/pixbuf.h. */
#ifndef PNPKIT_SCAN_LAZY_H
#define PNPKIT_SCAN_LAZY_H

#include <zbar.h>
#include "util/err.h"

typedef struct scan_zbar_fns {
    zbar_image_scanner_t *(*scanner_create)(void);
    int (*scanner_set_config)(zbar_image_scanner_t *, zbar_symbol_type_t, zbar_config_t, int);
    void (*scanner_destroy)(zbar_image_scanner_t *);
    zbar_image_t *(*image_create)(void);
    void (*image_set_format)(zbar_image_t *, unsigned long);
    void (*image_set_size)(zbar_image_t *, unsigned, unsigned);
    void (*image_set_data)(zbar_image_t *, const void *, unsigned long,
                           zbar_image_cleanup_handler_t *);
    int (*scan_image)(zbar_image_scanner_t *, zbar_image_t *);
    const zbar_symbol_t *(*image_first_symbol)(const zbar_image_t *);
    const zbar_symbol_t *(*symbol_next)(const zbar_symbol_t *);
    zbar_symbol_type_t (*symbol_get_type)(const zbar_symbol_t *);
    const char *(*symbol_get_data)(const zbar_symbol_t *);
    unsigned (*symbol_get_data_length)(const zbar_symbol_t *);
    void (*image_destroy)(zbar_image_t *);
} scan_zbar_fns;

/* The table, loading the library on the first call (thread-safe); NULL
 * with err (PN_EIO) when it cannot be loaded. Static: never freed. */
const scan_zbar_fns *scan_zbar(pn_err *err);

#endif

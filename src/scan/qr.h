/* qr.h: decoding the QR code of a sheet from a grey crop with zbar. */
#ifndef PNPKIT_SCAN_QR_H
#define PNPKIT_SCAN_QR_H

#include <stdint.h>
#include "util/err.h"

/* The text of the first QR code zbar finds in the w x h grey image (stride
 * w), or NULL (with err set only when zbar cannot be loaded). Caller
 * g_free()s. Reentrant: a scanner per call. */
char *scan_qr_decode(const uint8_t *grey, int w, int h, pn_err *err);

#endif

/* qr.h: decoding the QR code of a sheet from a grey crop with zbar. */
#ifndef PNPKIT_SCAN_QR_H
#define PNPKIT_SCAN_QR_H

#include <stdint.h>
#include "util/err.h"

/* The text of the first QR code zbar finds in the w x h grey image (stride
 * w), or NULL (with err set only when zbar cannot be loaded). Caller
 * g_free()s. Reentrant: a scanner per call. */
char *scan_qr_decode(const uint8_t *grey, int w, int h, pn_err *err);

/* The text of a QR code given module by module: dark[r * modules + c] is
 * nonzero for a dark module. It is drawn clean (4 pixels a module, a quiet
 * zone of 4 modules) and read as above. For a code too blurred to read as
 * photographed whose grid is known: each module sampled at its centre. */
char *scan_qr_decode_modules(const uint8_t *dark, int modules, pn_err *err);

#endif

/* jpeg.c: a JPEG's markers read before any decoder sees it (see jpeg.h). */
#include "util/jpeg.h"

#include <string.h>

int pn_jpeg_scans(const unsigned char *d, size_t len, int max, bool *arithmetic)
{
    bool arith = false;
    if (arithmetic) *arithmetic = false;
    if (len < 4 || d[0] != 0xFF || d[1] != 0xD8) return -1;
    int scans = 0;
    size_t at = 2;
    while (at + 1 < len && scans <= max) {
        if (d[at] != 0xFF) { /* coded data, or bytes a decoder skips */
            const unsigned char *ff = memchr(d + at, 0xFF, len - at);
            if (!ff) break;
            at = (size_t)(ff - d);
            continue;
        }
        unsigned m = d[at + 1];
        if (m == 0xFF) { /* fill bytes before a marker */
            at++;
            continue;
        }
        if (m == 0x00 || (m >= 0xD0 && m <= 0xD7) || m == 0x01) { /* stuffing, restarts */
            at += 2;
            continue;
        }
        if (m == 0xD9) break; /* end of image */
        /* SOF9 to SOF15 (not 0xC8, reserved) and DAC, the conditioning table */
        if ((m >= 0xC9 && m <= 0xCF) || m == 0xCC) arith = true;
        if (at + 3 >= len) break;
        size_t seg = (size_t)d[at + 2] << 8 | d[at + 3];
        if (m == 0xDA) scans++;
        /* a length below 2 is an error to a decoder: step over the marker */
        at += 2 + (seg >= 2 ? seg : 0);
    }
    if (arithmetic) *arithmetic = arith;
    return scans;
}

#define JPEG_STR(x) #x
#define JPEG_STRING(x) JPEG_STR(x)

const char *pn_jpeg_refusal(const unsigned char *d, size_t len)
{
    bool arith;
    int scans = pn_jpeg_scans(d, len, PN_JPEG_MAX_SCANS, &arith);
    if (scans > PN_JPEG_MAX_SCANS)
        return "a JPEG of more than " JPEG_STRING(
            PN_JPEG_MAX_SCANS) " scans, each decoded over the whole picture (a camera or "
                               "an editor writes 1 to 20): save it again";
    if (arith)
        return "an arithmetic-coded JPEG, which pnpkit does not read (cameras and editors write "
               "Huffman-coded ones): save it again";
    return NULL;
}

/* jpeg.c: a JPEG's markers read before any decoder sees it (see jpeg.h). */
#include "util/jpeg.h"

#include <string.h>
#include "util/bytes.h"

int pn_jpeg_read(const unsigned char *d, size_t len, int max_scans, pn_jpeg_info *out)
{
    memset(out, 0, sizeof *out);
    if (len < 4 || d[0] != 0xFF || d[1] != 0xD8) return -1;
    size_t at = 2;
    while (at + 1 < len && out->scans <= max_scans) {
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
        /* stuffing, restarts, and the markers libjpeg steps over when it
         * looks for a restart (and refuses anywhere else) */
        if (m < 0xC0 || (m >= 0xD0 && m <= 0xD7)) {
            at += 2;
            continue;
        }
        if (m == 0xD9) break; /* end of image */
        /* SOF9 to SOF15 (not 0xC8, reserved) and DAC, the conditioning table */
        if ((m >= 0xC9 && m <= 0xCF) || m == 0xCC) out->arithmetic = true;
        if (at + 3 >= len) break;
        size_t seg = pn_be16(d + at + 2);
        bool frame = m >= 0xC0 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC;
        if (frame && !out->pixels && seg >= 8 && at + 9 < len) {
            out->pixels = (double)pn_be16(d + at + 5) * pn_be16(d + at + 7);
            out->components = d[at + 9];
        }
        if (m == 0xDA) out->scans++;
        /* a length below 2 is an error to a decoder: step over the marker */
        at += 2 + (seg >= 2 ? seg : 0);
    }
    return out->scans;
}

#define JPEG_STR(x) #x
#define JPEG_STRING(x) JPEG_STR(x)

const char *pn_jpeg_refusal(const unsigned char *d, size_t len)
{
    pn_jpeg_info j;
    if (pn_jpeg_read(d, len, PN_JPEG_MAX_SCANS, &j) < 0) return NULL;
    if (j.scans > PN_JPEG_MAX_SCANS)
        return "a JPEG of more than " JPEG_STRING(
            PN_JPEG_MAX_SCANS) " scans, each decoded over the whole picture (a camera or an "
                               "editor writes 1 to 20): save it again";
    if ((double)j.scans * j.pixels * (j.components > 0 ? j.components : 1) > PN_JPEG_MAX_WORK)
        return "a JPEG of too many scans for its size, each decoded over the whole picture (a "
               "camera or an editor writes 1 to 20): save it again";
    if (j.arithmetic)
        return "an arithmetic-coded JPEG, which pnpkit does not read (cameras and editors write "
               "Huffman-coded ones): save it again";
    return NULL;
}

/* jpeg.c: counting a JPEG's scans from its markers (see jpeg.h). */
#include "util/jpeg.h"

#include <string.h>

int pn_jpeg_scans(const unsigned char *d, size_t len, int max)
{
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
        if (at + 3 >= len) break;
        size_t seg = (size_t)d[at + 2] << 8 | d[at + 3];
        if (m == 0xDA) scans++;
        /* a length below 2 is an error to a decoder: step over the marker */
        at += 2 + (seg >= 2 ? seg : 0);
    }
    return scans;
}

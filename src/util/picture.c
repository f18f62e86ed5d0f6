/* picture.c: pictures' headers checked before a loader sees them (see
 * picture.h). */
#include "util/picture.h"

#include <stdint.h>
#include "util/jpeg.h"

static uint32_t le32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* A BMP: its info header one of the sizes Windows and OS/2 write, at most
 * 256 colours in its palette, and the palette, then the pixels, starting
 * inside the file. */
static const char *bmp_refusal(const unsigned char *d, size_t len)
{
    static const uint32_t sizes[] = {12, 16, 40, 52, 56, 64, 108, 124};
    if (len < 18) return "a BMP cut short";
    uint32_t start = le32(d + 10), head = le32(d + 14);
    size_t i = 0;
    while (i < sizeof sizes / sizeof sizes[0] && sizes[i] != head)
        i++;
    if (i == sizeof sizes / sizeof sizes[0]) return "a damaged BMP (its header has no known size)";
    uint32_t colours = 0;
    if (head >= 40) {
        if (len < 14 + 36) return "a BMP cut short";
        colours = le32(d + 14 + 32);
    }
    if (colours > 256) return "a damaged BMP (a palette of more than 256 colours)";
    uint64_t palette = (uint64_t)colours * (head == 12 ? 3 : 4);
    if (start < 14 + head + palette || start > len)
        return "a damaged BMP (its pixels start outside the file)";
    return NULL;
}

const char *pn_picture_refusal(const unsigned char *d, size_t len)
{
    if (len >= 2 && d[0] == 'B' && d[1] == 'M') return bmp_refusal(d, len);
    return pn_jpeg_refusal(d, len);
}

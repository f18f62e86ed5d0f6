/* picture.c: pictures' headers checked before a loader sees them (see
 * picture.h). */
#include "util/picture.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include "util/bytes.h"
#include "util/jpeg.h"
#include "util/tiff.h"

/* A BMP: its info header one of the sizes Windows and OS/2 write, at most
 * 256 colours in its palette (2 to the bits a pixel when it says 0, as the
 * loader reads it), and the palette, then at least one byte of pixels,
 * inside the file. */
static const char *bmp_refusal(const unsigned char *d, size_t len)
{
    static const uint32_t sizes[] = {12, 16, 40, 52, 56, 64, 108, 124};
    if (len < 18) return "a BMP cut short";
    uint32_t start = pn_le32(d + 10), head = pn_le32(d + 14);
    size_t i = 0;
    while (i < sizeof sizes / sizeof sizes[0] && sizes[i] != head)
        i++;
    if (i == sizeof sizes / sizeof sizes[0]) return "a damaged BMP (its header has no known size)";
    /* the fields read below: the bits a pixel, the colours of the palette */
    if (len < 14 + (head >= 40 ? 36 : head == 12 ? 12 : 16)) return "a BMP cut short";
    uint32_t bits = head == 12 ? pn_le16(d + 14 + 10) : pn_le16(d + 14 + 14);
    uint32_t colours = head >= 40 ? pn_le32(d + 14 + 32) : 0;
    if (colours > 256) return "a damaged BMP (a palette of more than 256 colours)";
    if (!colours && bits >= 1 && bits <= 8) colours = 1u << bits;
    uint64_t palette = (uint64_t)colours * (head == 12 ? 3 : 4);
    if (start < 14 + head + palette || start >= len)
        return "a damaged BMP (its pixels start outside the file)";
    return NULL;
}

/* A GIF: every frame within its picture, or small. gdk-pixbuf decodes the
 * first frame whole, and sizes the picture by its screen: a 197 KB file of
 * a 100x100 screen and a 23000x23000 frame took 6.4 s and 537 MB. The blocks
 * are walked as the loader walks them: between blocks it steps over any byte
 * that starts none (a 117-byte file hid its 12000x12000 frame behind one),
 * and the first sub-block of a graphic-control or application extension is
 * read whatever its length, so an empty one does not end the extension. */
static const char *gif_refusal(const unsigned char *d, size_t len)
{
    if (len < 13) return NULL; /* the loader refuses it */
    uint64_t screen = (uint64_t)pn_le16(d + 6) * pn_le16(d + 8);
    size_t at = 13;
    if (d[10] & 0x80) at += 3u << ((d[10] & 7) + 1);
    while (at < len) {
        unsigned block = d[at++];
        if (block == 0x3B) break; /* the end */
        if (block == 0x21) {      /* an extension: its label, then sub-blocks */
            if (at >= len) break;
            unsigned label = d[at++];
            if ((label == 0xF9 || label == 0xFF) && at < len) at += 1 + (size_t)d[at];
        } else if (block == 0x2C) { /* a frame: its box, colours, code size */
            if (at + 9 > len) break;
            uint64_t frame = (uint64_t)pn_le16(d + at + 4) * pn_le16(d + at + 6);
            if (frame > screen && frame > 1000000)
                return "a damaged GIF (a frame much larger than its picture)";
            unsigned packed = d[at + 8];
            at += 9;
            if (packed & 0x80) at += 3u << ((packed & 7) + 1);
            at++; /* the code size */
        } else {
            continue; /* no block starts here: the loader reads on */
        }
        while (at < len && d[at]) /* sub-blocks, to the empty one */
            at += 1 + (size_t)d[at];
        at++;
    }
    return NULL;
}

#define STR_(x) #x
#define STR(x) STR_(x)

/* A PNG: libpng keeps every text chunk (up to a thousand, each inflated to
 * as much as 8 MB) and gdk-pixbuf copies them, whatever the picture's size:
 * a 7.7 MB file of 999 compressed ones took 48 s and more than 4 GB. Text
 * chunks are counted as the chunks are walked (a damaged chain is left to
 * the decoder); a camera or an editor writes a few. */
static const char *png_refusal(const unsigned char *d, size_t len)
{
    int text = 0, packed = 0;
    for (size_t at = 8; at + 12 <= len;) {
        uint32_t n = pn_be32(d + at);
        const unsigned char *type = d + at + 4, *data = d + at + 8;
        if (n > len - at - 12 || !memcmp(type, "IEND", 4)) break;
        bool t = !memcmp(type, "tEXt", 4), z = !memcmp(type, "zTXt", 4);
        if (!memcmp(type, "iTXt", 4)) {
            /* keyword, NUL, then the compression flag */
            const unsigned char *nul = memchr(data, 0, n < 80 ? n : 80);
            t = true;
            z = nul && nul + 1 < data + n && nul[1] != 0;
        }
        text += t || z;
        packed += z;
        if (text > PN_PNG_MAX_TEXT || packed > PN_PNG_MAX_PACKED_TEXT)
            return "a PNG of more text chunks than a picture carries (at most " STR(
                PN_PNG_MAX_TEXT) ", of them " STR(PN_PNG_MAX_PACKED_TEXT) " compressed)";
        at += 12 + (size_t)n;
    }
    return NULL;
}

const char *pn_picture_refusal(const unsigned char *d, size_t len)
{
    if (len >= 8 && !memcmp(d, "\x89PNG\r\n\x1a\n", 8)) return png_refusal(d, len);
    if (len >= 2 && d[0] == 'B' && d[1] == 'M') return bmp_refusal(d, len);
    if (len >= 4 && !memcmp(d, "GIF8", 4)) return gif_refusal(d, len);
    if (len >= 4 && (!memcmp(d, "II*\0", 4) || !memcmp(d, "MM\0*", 4)))
        return pn_tiff_refusal(d, len);
    return pn_jpeg_refusal(d, len);
}

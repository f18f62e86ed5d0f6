/* picture.c: pictures' headers checked before a loader sees them (see
 * picture.h). */
#include "util/picture.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include "util/bytes.h"
#include "util/jpeg.h"

static uint32_t le16(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}

static uint32_t le32(const unsigned char *p)
{
    return le16(p) | le16(p + 2) << 16;
}

/* A BMP: its info header one of the sizes Windows and OS/2 write, at most
 * 256 colours in its palette (2 to the bits a pixel when it says 0, as the
 * loader reads it), and the palette, then at least one byte of pixels,
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
    /* the fields read below: the bits a pixel, the colours of the palette */
    if (len < 14 + (head >= 40 ? 36 : head == 12 ? 12 : 16)) return "a BMP cut short";
    uint32_t bits = head == 12 ? le16(d + 14 + 10) : le16(d + 14 + 14);
    uint32_t colours = head >= 40 ? le32(d + 14 + 32) : 0;
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
    uint64_t screen = (uint64_t)le16(d + 6) * le16(d + 8);
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
            uint64_t frame = (uint64_t)le16(d + at + 4) * le16(d + at + 6);
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

/* A TIFF: the buffer libtiff takes for one strip or tile of its first
 * image, whatever the image's size, kept near what the picture needs. A
 * 2 MB file of one pixel in a tile of 16384x16384 took 1.07 GB; one of
 * 1024x1024 pixels of 1000 samples of 16 bits each, in one strip, took 2 GB
 * (libtiff only asks a compressed strip to be a thousandth of its size, and
 * a file may have 32 MB). libtiff reads these numbers from any integer type
 * (signed, or 8 bytes kept elsewhere in the file), so each is read as it
 * does; a tag given twice counts at its worst. */
typedef struct {
    const unsigned char *d;
    size_t len;
    bool be;
} tiff_file;

static uint64_t tiff_u16(const tiff_file *f, const unsigned char *p)
{
    return f->be ? pn_be16(p) : le16(p);
}

static uint64_t tiff_u32(const tiff_file *f, const unsigned char *p)
{
    return f->be ? pn_be32(p) : le32(p);
}

/* An entry's number (its first, when each sample has one), or 0 when libtiff
 * would refuse it: a count not 1, a negative value, a value past 32 bits,
 * past the file's end or of a type that is no integer. */
static uint64_t tiff_number(const tiff_file *f, const unsigned char *e, bool per_sample)
{
    uint32_t type = (uint32_t)tiff_u16(f, e + 2);
    uint64_t count = tiff_u32(f, e + 4);
    unsigned size = type == 1 || type == 6                   ? 1
                    : type == 3 || type == 8                 ? 2
                    : type == 4 || type == 9 || type == 13   ? 4
                    : type == 16 || type == 17 || type == 18 ? 8
                                                             : 0;
    if (!size || count < 1 || (count > 1 && !per_sample)) return 0;
    const unsigned char *v = e + 8;
    if (count * size > 4) { /* kept elsewhere */
        uint64_t at = tiff_u32(f, v);
        if (at > f->len || f->len - at < size) return 0;
        v = f->d + at;
    }
    uint64_t x = size == 1 ? v[0] : size == 2 ? tiff_u16(f, v) : tiff_u32(f, v);
    if (size == 8) { /* past 32 bits, or negative: refused */
        if (tiff_u32(f, v + (f->be ? 0 : 4))) return 0;
        x = tiff_u32(f, v + (f->be ? 4 : 0));
    }
    bool is_signed = type == 6 || type == 8 || type == 9;
    if (is_signed && x >> (8 * size - 1)) return 0;
    return x;
}

static const char *tiff_refusal(const unsigned char *d, size_t len)
{
    tiff_file f = {d, len, d[0] == 'M'};
    if (len < 8) return NULL;
    uint64_t ifd = tiff_u32(&f, d + 4);
    if (ifd > len - 2) return NULL; /* the loader refuses it */
    uint64_t n = tiff_u16(&f, d + ifd);
    /* the picture's sides (smallest), the tile's sides, samples a pixel,
     * bits a sample and rows a strip (largest) */
    uint64_t w = UINT32_MAX, h = UINT32_MAX, tw = 0, th = 0, spp = 0, bits = 0, rows = 0;
    for (uint64_t i = 0; i < n && ifd + 2 + 12 * (i + 1) <= len; i++) {
        const unsigned char *e = d + ifd + 2 + 12 * i;
        uint32_t tag = (uint32_t)tiff_u16(&f, e);
        uint64_t v = tiff_number(&f, e, tag == 258);
        if (tag == 256 && v < w) w = v;
        if (tag == 257 && v < h) h = v;
        if (tag == 258 && v > bits) bits = v;
        if (tag == 277 && v > spp) spp = v;
        if (tag == 278 && v > rows) rows = v;
        if (tag == 322 && v > tw) tw = v;
        if (tag == 323 && v > th) th = v;
    }
    if (w == UINT32_MAX) w = 0; /* missing: the loader refuses it, or reads nothing */
    if (h == UINT32_MAX) h = 0;
    if (tw * th / 4 > w * h && tw * th > 1024 * 1024)
        return "a damaged TIFF (tiles much larger than its picture)";
    /* one strip or tile in bytes, at most 10 a pixel of the picture (five
     * samples of 16 bits: CMYK and alpha), or 64 MB */
    double px =
        tw && th ? (double)tw * (double)th : (double)w * (double)(rows && rows < h ? rows : h);
    double bytes = px * (double)(spp ? spp : 1) * (double)(bits ? bits : 1) / 8;
    if (bytes > 10.0 * (double)w * (double)h && bytes > 64.0 * 1024 * 1024)
        return "a damaged TIFF (strips or tiles of many more bytes than its picture needs)";
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
    if (len >= 4 && (!memcmp(d, "II*\0", 4) || !memcmp(d, "MM\0*", 4))) return tiff_refusal(d, len);
    return pn_jpeg_refusal(d, len);
}

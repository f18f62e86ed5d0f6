/* tiff.c: a TIFF's directories checked before libtiff reads them (see
 * tiff.h). */
#include "util/tiff.h"

#include <stdbool.h>
#include <stdint.h>
#include "util/bytes.h"

/* The directories read: gdk-pixbuf's loader reads the first two; the chain
 * is walked further only to see every tag's data. */
#define TIFF_MAX_DIRS 64

typedef struct {
    const unsigned char *d;
    size_t len;
    bool be;
} tiff_file;

/* What the first directory says (the picture's sides at their smallest,
 * the rest at their largest), and what all of them hold. */
typedef struct {
    uint64_t w, h, tw, th, spp, bits;
    uint64_t data;   /* bytes of tag data kept outside the entries */
    uint64_t strips; /* the longest list of strip or tile offsets or sizes */
    bool codec_refused;
} tiff_facts;

static uint64_t tiff_u16(const tiff_file *f, const unsigned char *p)
{
    return f->be ? pn_be16(p) : (uint64_t)p[0] | (uint64_t)p[1] << 8;
}

static uint64_t tiff_u32(const tiff_file *f, const unsigned char *p)
{
    return f->be ? pn_be32(p) : tiff_u16(f, p) | tiff_u16(f, p + 2) << 16;
}

/* Bytes of one value of a type; 0 for a type libtiff does not know (it
 * steps over the entry). */
static unsigned tiff_type_size(uint64_t type)
{
    static const unsigned size[19] = {0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8, 4, 0, 0, 8, 8, 8};
    return type < 19 ? size[type] : 0;
}

/* An entry's number (its first, when each sample has one), or 0 when libtiff
 * would refuse it: a count not 1, a negative value, a value past 32 bits,
 * past the file's end or of a type that is no integer. */
static uint64_t tiff_number(const tiff_file *f, const unsigned char *e, bool per_sample)
{
    uint64_t type = tiff_u16(f, e + 2), count = tiff_u32(f, e + 4);
    bool integer = type == 1 || type == 3 || type == 4 || type == 6 || type == 8 || type == 9 ||
                   type == 13 || type >= 16;
    unsigned size = tiff_type_size(type);
    if (!integer || !size || count < 1 || (count > 1 && !per_sample)) return 0;
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

/* Codecs whose work is bounded by the strip they fill: none, CCITT (RLE,
 * group 3, group 4), LZW, JPEG, Deflate (both codes), PackBits. */
static bool tiff_codec_taken(uint64_t c)
{
    return c == 1 || c == 2 || c == 3 || c == 4 || c == 5 || c == 7 || c == 8 || c == 32946 ||
           c == 32773;
}

/* One directory's entries into t; the next directory's offset, 0 at the
 * end or where the chain leaves the file. */
static uint64_t tiff_directory(const tiff_file *f, uint64_t ifd, bool first, tiff_facts *t)
{
    uint64_t n = tiff_u16(f, f->d + ifd);
    uint64_t i = 0;
    for (; i < n && ifd + 2 + 12 * (i + 1) <= f->len; i++) {
        const unsigned char *e = f->d + ifd + 2 + 12 * i;
        uint64_t tag = tiff_u16(f, e), count = tiff_u32(f, e + 4);
        uint64_t bytes = count * tiff_type_size(tiff_u16(f, e + 2));
        if (bytes > 4) t->data += bytes;
        if ((tag == 273 || tag == 279 || tag == 324 || tag == 325) && count > t->strips)
            t->strips = count;
        if (tag == 259 && !tiff_codec_taken(tiff_number(f, e, false))) t->codec_refused = true;
        if (!first) continue;
        uint64_t v = tiff_number(f, e, tag == 258);
        if (tag == 256 && v < t->w) t->w = v;
        if (tag == 257 && v < t->h) t->h = v;
        if (tag == 258 && v > t->bits) t->bits = v;
        if (tag == 277 && v > t->spp) t->spp = v;
        if (tag == 322 && v > t->tw) t->tw = v;
        if (tag == 323 && v > t->th) t->th = v;
    }
    if (i < n || ifd + 2 + 12 * n + 4 > f->len) return 0;
    uint64_t next = tiff_u32(f, f->d + ifd + 2 + 12 * n);
    return next > f->len - 2 ? 0 : next;
}

/* Pixels of all tiles across and down the picture: its sides rounded up to
 * whole tiles (one tile where a side is missing). */
static double tiff_tiled_pixels(const tiff_facts *t)
{
    double across = t->w ? (double)((t->w + t->tw - 1) / t->tw) : 1;
    double down = t->h ? (double)((t->h + t->th - 1) / t->th) : 1;
    return across * (double)t->tw * down * (double)t->th;
}

const char *pn_tiff_refusal(const unsigned char *d, size_t len)
{
    if (len < 8) return NULL;
    tiff_file f = {d, len, d[0] == 'M'};
    tiff_facts t = {.w = UINT32_MAX, .h = UINT32_MAX};
    uint64_t ifd = tiff_u32(&f, d + 4);
    if (ifd > len - 2) return NULL; /* the loader refuses it */
    for (int k = 0; ifd && k < TIFF_MAX_DIRS; k++)
        ifd = tiff_directory(&f, ifd, k == 0, &t);
    if (t.codec_refused)
        return "a TIFF compressed in a way pnpkit does not read (it reads none, LZW, Deflate, "
               "PackBits, JPEG and CCITT; or save it as PNG)";
    if (t.data > len) return "a damaged TIFF (its tags hold more data than the file)";
    if (t.strips > PN_TIFF_MAX_STRIPS)
        return "a damaged TIFF (more than a million strips or tiles)";
    if (t.w == UINT32_MAX) t.w = 0; /* missing: the loader refuses it */
    if (t.h == UINT32_MAX) t.h = 0;
    double bits = (double)(t.spp ? t.spp : 1) * (double)(t.bits ? t.bits : 1);
    if (bits > PN_TIFF_MAX_BITS)
        return "a TIFF of more than 80 bits a pixel (the most pnpkit reads: five samples of 16 "
               "bits, CMYK and alpha)";
    if (!t.tw || !t.th) return NULL;
    /* one tile, and all across and down the picture, not far past it
     * (a thin picture in tiles of 256x256 pads to a few million) */
    double px = (double)t.w * (double)t.h, tile = (double)t.tw * (double)t.th;
    double all = tiff_tiled_pixels(&t);
    if ((tile > 4 * px && tile > 1024.0 * 1024) || (all > 4 * px && all > 16.0 * 1024 * 1024))
        return "a damaged TIFF (tiles much larger than its picture)";
    if (tile * bits / 8 > 10 * px && tile * bits / 8 > 64.0 * 1024 * 1024)
        return "a damaged TIFF (tiles of many more bytes than its picture needs)";
    return NULL;
}

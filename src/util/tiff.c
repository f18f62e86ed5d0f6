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

/* What the first directory says (the picture's sides at their smallest and
 * their largest, the rest at their largest), and what all of them hold. */
typedef struct {
    uint64_t w, h, w_max, h_max, tw, th, spp, bits;
    uint64_t data;   /* bytes of tag data kept outside the entries */
    uint64_t strips; /* the longest list of strip or tile offsets or sizes */
    bool codec_refused;
    bool jpeg;                       /* the first directory's codec is JPEG */
    const unsigned char *offsets[8]; /* its entries of strip and tile offsets, */
    uint64_t tables[8];              /* where its JPEG tables start, */
    int n_offsets, n_tables;         /* each one a tag given (more than 8: refused) */
} tiff_facts;

static uint64_t tiff_u16(const tiff_file *f, const unsigned char *p)
{
    return f->be ? pn_be16(p) : pn_le16(p);
}

static uint64_t tiff_u32(const tiff_file *f, const unsigned char *p)
{
    return f->be ? pn_be32(p) : pn_le32(p);
}

/* Bytes of one value of a type; 0 for a type libtiff does not know (it
 * steps over the entry). */
static unsigned tiff_type_size(uint64_t type)
{
    static const unsigned size[19] = {0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8, 4, 0, 0, 8, 8, 8};
    return type < 19 ? size[type] : 0;
}

/* Value i of an entry as libtiff reads an integer, or 0 when it would
 * refuse it: a negative value, a value past 32 bits, past the file's end or
 * of a type that is no integer. */
static uint64_t tiff_value(const tiff_file *f, const unsigned char *e, uint64_t i)
{
    uint64_t type = tiff_u16(f, e + 2), count = tiff_u32(f, e + 4);
    bool integer = type == 1 || type == 3 || type == 4 || type == 6 || type == 8 || type == 9 ||
                   type == 13 || type >= 16;
    unsigned size = tiff_type_size(type);
    if (!integer || !size || i >= count) return 0;
    const unsigned char *v = e + 8;
    if (count * size > 4) { /* kept elsewhere */
        uint64_t at = tiff_u32(f, v) + i * size;
        if (at > f->len || f->len - at < size) return 0;
        v = f->d + at;
    } else {
        v += i * size;
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

/* An entry's number (its first, when each sample has one), or 0 when libtiff
 * would refuse it (as tiff_value, or a count not 1). */
static uint64_t tiff_number(const tiff_file *f, const unsigned char *e, bool per_sample)
{
    uint64_t count = tiff_u32(f, e + 4);
    return count == 1 || (count > 1 && per_sample) ? tiff_value(f, e, 0) : 0;
}

/* Whether the JPEG at offset at (a strip's, a tile's, or the shared tables)
 * is one libjpeg should not see: a frame header other than baseline or
 * extended Huffman before its first scan. libtiff lets the last strip's
 * JPEG be taller than the strip, and a progressive one is decoded whole
 * before its first row (a 2 KB file of 16384x65500 took 2 GB). libjpeg
 * steps over stray bytes, fill bytes and markers without a length, which
 * no encoder writes before a scan; here they refuse the JPEG, so the walk
 * takes one step a marker, 64 at most, however the file's strips share
 * their bytes. */
static bool tiff_jpeg_refused(const tiff_file *f, uint64_t at)
{
    if (at >= f->len || f->len - at < 4 || f->d[at] != 0xFF || f->d[at + 1] != 0xD8) return false;
    at += 2;
    for (int k = 0; k < 64; k++) {
        if (at + 4 > f->len) return false; /* cut short: the decoder fails */
        unsigned m = f->d[at + 1];
        if (f->d[at] != 0xFF || m == 0xFF || m < 0xC0 || (m >= 0xD0 && m <= 0xD8)) return true;
        if (m == 0xDA || m == 0xD9) return false; /* the first scan, or the end */
        bool frame = m >= 0xC0 && m <= 0xCF && m != 0xC4 && m != 0xC8;
        if (frame && m != 0xC0 && m != 0xC1) return true; /* DAC included */
        at += 2 + (uint64_t)pn_be16(f->d + at + 2);       /* JPEG's numbers are big-endian */
    }
    return true;
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
        uint64_t v = tiff_number(f, e, tag == 258);
        if (tag == 259 && !tiff_codec_taken(v)) t->codec_refused = true;
        if (!first) continue;
        if (tag == 259 && v == 7) t->jpeg = true;
        if ((tag == 273 || tag == 324) && t->n_offsets++ < 8) t->offsets[t->n_offsets - 1] = e;
        if (tag == 347 && bytes > 4 && t->n_tables++ < 8)
            t->tables[t->n_tables - 1] = tiff_u32(f, e + 8);
        if (tag == 256 && v < t->w) t->w = v;
        if (tag == 257 && v < t->h) t->h = v;
        if (tag == 256 && v > t->w_max) t->w_max = v;
        if (tag == 257 && v > t->h_max) t->h_max = v;
        if (tag == 258 && v > t->bits) t->bits = v;
        if (tag == 277 && v > t->spp) t->spp = v;
        if (tag == 322 && v > t->tw) t->tw = v;
        if (tag == 323 && v > t->th) t->th = v;
    }
    if (i < n || ifd + 2 + 12 * n + 4 > f->len) return 0;
    uint64_t next = tiff_u32(f, f->d + ifd + 2 + 12 * n);
    return next > f->len - 2 ? 0 : next;
}

/* Pixels of all tiles across and down the picture at its largest: its sides
 * rounded up to whole tiles (one tile where a side is missing). */
static double tiff_tiled_pixels(const tiff_facts *t)
{
    double across = t->w_max ? (double)((t->w_max + t->tw - 1) / t->tw) : 1;
    double down = t->h_max ? (double)((t->h_max + t->th - 1) / t->th) : 1;
    return across * (double)t->tw * down * (double)t->th;
}

/* Whether a JPEG of the first directory (its tables, a strip, a tile, in
 * every list of them the directory gives) is one pnpkit does not let
 * libjpeg see. */
static bool tiff_jpegs_refused(const tiff_file *f, const tiff_facts *t)
{
    if (!t->jpeg) return false;
    if (t->n_offsets > 8 || t->n_tables > 8) return true;
    uint64_t all = 0; /* strips in all the lists, a million at most */
    for (int k = 0; k < t->n_offsets; k++)
        all += tiff_u32(f, t->offsets[k] + 4);
    if (all > PN_TIFF_MAX_STRIPS) return true;
    for (int k = 0; k < t->n_tables; k++)
        if (tiff_jpeg_refused(f, t->tables[k])) return true;
    for (int k = 0; k < t->n_offsets; k++) {
        const unsigned char *e = t->offsets[k];
        for (uint64_t i = 0, n = tiff_u32(f, e + 4); i < n; i++)
            if (tiff_jpeg_refused(f, tiff_value(f, e, i))) return true;
    }
    return false;
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
    if (tiff_jpegs_refused(&f, &t))
        return "a TIFF of progressive, arithmetic-coded or damaged JPEG strips, which pnpkit does "
               "not read (a JPEG inside a TIFF is baseline): save it again";
    if (t.w == UINT32_MAX) t.w = 0; /* missing: the loader refuses it */
    if (t.h == UINT32_MAX) t.h = 0;
    /* the picture at its smallest against what is decoded at its largest */
    double px = (double)t.w * (double)t.h, decoded = (double)t.w_max * (double)t.h_max;
    if (t.tw && t.th) {
        /* the tiles across and down the picture, not far past it (a thin
         * picture in tiles of 256x256 pads to a few million pixels, a small
         * one in a tile of 4096x4096 to 16 million) */
        decoded = tiff_tiled_pixels(&t);
        if (decoded > 4 * px && decoded > 16.0 * 1024 * 1024)
            return "a damaged TIFF (tiles much larger than its picture)";
    }
    /* every strip or tile as libtiff decodes it, in bytes */
    decoded *= (double)(t.spp ? t.spp : 1) * (double)(t.bits ? t.bits : 1) / 8;
    if (decoded > PN_TIFF_MAX_PIXEL_BYTES * px && decoded > PN_TIFF_MAX_DECODED)
        return "a TIFF whose strips or tiles hold more than 256 MB, over 10 bytes a pixel of its "
               "picture (its samples a pixel times their bits)";
    return NULL;
}

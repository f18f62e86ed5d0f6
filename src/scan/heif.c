/* heif.c: the sizes a HEIF (HEIC) photo's boxes claim (heif.h). */
#include "scan/heif.h"

#include <glib.h>
#include <stdint.h>
#include <string.h>

#define MAX_DERIVED 64 /* grid and overlay items looked at */

typedef struct walk {
    const unsigned char *d;
    size_t len;
    scan_heif_info *out;
    size_t iloc, iloc_end; /* the 'iloc' box's content, once seen */
    size_t idat, idat_end; /* the 'idat' box's content */
    uint32_t derived[MAX_DERIVED];
    bool overlay[MAX_DERIVED];
    int nderived;
} walk;

static uint64_t be(const unsigned char *p, int n)
{
    uint64_t v = 0;
    for (int i = 0; i < n; i++)
        v = v << 8 | p[i];
    return v;
}

/* One ISO base media file box at d[at..end): its header's length and its
 * whole length (size 0: to the end). false when it does not fit. */
static bool box_at(const unsigned char *d, size_t end, size_t at, size_t *head, size_t *size)
{
    if (at > end || end - at < 8) return false;
    uint64_t n = be(d + at, 4);
    *head = 8;
    if (n == 1) {
        if (end - at < 16) return false;
        n = be(d + at + 8, 8);
        *head = 16;
    } else if (n == 0) {
        n = end - at;
    }
    if (n < *head || n > end - at) return false;
    *size = (size_t)n;
    return true;
}

static void claim(long long *w, long long *h, long long iw, long long ih)
{
    /* compared as doubles: two 32-bit extents multiply past 2^63 */
    if (*w <= 0 || (double)iw * (double)ih > (double)*w * (double)*h) *w = iw, *h = ih;
}

/* ---- an HEVC sequence parameter set ---- */

typedef struct bits {
    const unsigned char *p;
    size_t n, at; /* bytes, bit position */
    bool over;
} bits;

static unsigned bit(bits *b)
{
    if (b->at >= b->n * 8) {
        b->over = true;
        return 0;
    }
    unsigned v = b->p[b->at / 8] >> (7 - b->at % 8) & 1;
    b->at++;
    return v;
}

static uint64_t u(bits *b, int n)
{
    uint64_t v = 0;
    while (n-- > 0)
        v = v << 1 | bit(b);
    return v;
}

/* Exp-Golomb, up to 31 leading zeros (a larger value is marked over). */
static uint64_t ue(bits *b)
{
    int zeros = 0;
    while (!bit(b) && !b->over)
        if (++zeros > 31) {
            b->over = true;
            return 0;
        }
    return ((uint64_t)1 << zeros) - 1 + u(b, zeros);
}

/* The picture size of an SPS NAL unit (header included): false when it
 * cannot be read. The emulation prevention bytes (00 00 03) are dropped. */
static bool sps_size(const unsigned char *nal, size_t n, long long *w, long long *h)
{
    unsigned char rbsp[256];
    size_t k = 0, zeros = 0;
    for (size_t i = 2; i < n && k < sizeof rbsp; i++) {
        if (zeros >= 2 && nal[i] == 3) {
            zeros = 0;
            continue;
        }
        zeros = nal[i] == 0 ? zeros + 1 : 0;
        rbsp[k++] = nal[i];
    }
    bits b = {.p = rbsp, .n = k};
    u(&b, 4); /* sps_video_parameter_set_id */
    int sub = (int)u(&b, 3);
    u(&b, 1);
    /* profile_tier_level: the general profile (88 bits) and level (8) */
    u(&b, 48), u(&b, 48);
    bool prof[8] = {0}, level[8] = {0};
    for (int i = 0; i < sub; i++)
        prof[i] = bit(&b), level[i] = bit(&b);
    if (sub > 0)
        for (int i = sub; i < 8; i++)
            u(&b, 2);
    for (int i = 0; i < sub; i++) {
        if (prof[i]) u(&b, 44), u(&b, 44);
        if (level[i]) u(&b, 8);
    }
    ue(&b);                    /* sps_seq_parameter_set_id */
    if (ue(&b) == 3) u(&b, 1); /* chroma_format_idc, separate_colour_plane_flag */
    *w = (long long)ue(&b);
    *h = (long long)ue(&b);
    return !b.over;
}

/* The SPS units of an 'hvcC' box's content d[at..end). */
static void hvcc_sizes(walk *k, size_t at, size_t end)
{
    const unsigned char *d = k->d;
    if (end - at < 23) return;
    size_t p = at + 23;
    for (unsigned arrays = d[at + 22]; arrays > 0 && p + 3 <= end; arrays--) {
        unsigned type = d[p] & 0x3f, count = (unsigned)be(d + p + 1, 2);
        p += 3;
        for (; count > 0 && p + 2 <= end; count--) {
            size_t n = (size_t)be(d + p, 2);
            if (n > end - p - 2) return;
            long long w = 0, h = 0;
            /* a coded size that cannot be read counts as the largest there is */
            if (type == 33 && !sps_size(d + p + 2, n, &w, &h)) w = h = INT32_MAX;
            if (type == 33) claim(&k->out->coded_w, &k->out->coded_h, w, h);
            p += 2 + n;
        }
    }
}

/* ---- items ---- */

/* 'iinf': the grid and overlay items. */
static void item_infos(walk *k, size_t at, size_t end)
{
    const unsigned char *d = k->d;
    if (end - at < 6) return;
    int v = d[at];
    size_t p = at + 4 + (v ? 4 : 2), head, size;
    for (; box_at(d, end, p, &head, &size); p += size) {
        size_t in = p + head;
        if (memcmp(d + p + 4, "infe", 4) || size < head + 4) continue;
        int iv = d[in];
        size_t idn = iv >= 3 ? 4 : 2;
        if (iv < 2 || in + 4 + idn + 2 + 4 > p + size) continue;
        uint32_t id = (uint32_t)be(d + in + 4, (int)idn);
        const unsigned char *type = d + in + 4 + idn + 2;
        bool grid = !memcmp(type, "grid", 4), iovl = !memcmp(type, "iovl", 4);
        if ((grid || iovl) && k->nderived < MAX_DERIVED) {
            k->overlay[k->nderived] = iovl;
            k->derived[k->nderived++] = id;
        }
    }
}

/* 'iref': the pictures derived items paste ('dimg'), counted. */
static void item_refs(walk *k, size_t at, size_t end)
{
    const unsigned char *d = k->d;
    if (end - at < 4) return;
    size_t idn = d[at] ? 4 : 2, p = at + 4, head, size;
    for (; box_at(d, end, p, &head, &size); p += size)
        if (!memcmp(d + p + 4, "dimg", 4) && size >= head + idn + 2)
            k->out->tiles += (long long)be(d + p + head + idn, 2);
}

/* A field size 'iloc' allows: 0, 4 or 8 bytes. */
static bool field_size(int n)
{
    return n == 0 || n == 4 || n == 8;
}

/* The first extent of item id in 'iloc': its bytes in d. false when absent. */
static bool item_data(const walk *k, uint32_t id, size_t *from, size_t *n)
{
    const unsigned char *d = k->d;
    size_t p = k->iloc, end = k->iloc_end;
    if (!end || end - p < 8) return false;
    int v = d[p], osz = d[p + 4] >> 4, lsz = d[p + 4] & 15, bsz = d[p + 5] >> 4;
    int isz = v == 1 || v == 2 ? d[p + 5] & 15 : 0, idn = v < 2 ? 2 : 4;
    if (v > 2 || !field_size(osz) || !field_size(lsz) || !field_size(bsz) || !field_size(isz))
        return false;
    p += 6;
    if (end - p < (size_t)idn) return false;
    uint64_t items = be(d + p, idn);
    p += (size_t)idn;
    for (uint64_t i = 0; i < items; i++) {
        size_t fixed = (size_t)idn + (v ? 2 : 0) + 2 + (size_t)bsz + 2;
        if (end - p < fixed) return false;
        uint32_t item = (uint32_t)be(d + p, idn);
        int method = v ? (int)(be(d + p + idn, 2) & 15) : 0;
        uint64_t base = be(d + p + idn + (v ? 2 : 0) + 2, bsz);
        uint64_t extents = be(d + p + fixed - 2, 2);
        p += fixed;
        size_t each = (size_t)(isz + osz + lsz);
        if (extents > (end - p) / (each ? each : 1)) return false;
        if (item == id && extents > 0) {
            uint64_t off = base + be(d + p + isz, osz), len = be(d + p + isz + osz, lsz);
            size_t lo = method == 1 ? k->idat : 0, hi = method == 1 ? k->idat_end : k->len;
            if (method > 1 || (method == 1 && !hi) || off > hi - lo) return false;
            *from = lo + (size_t)off;
            *n = (size_t)MIN(len ? len : hi - *from, hi - *from);
            return true;
        }
        p += (size_t)extents * each;
    }
    return false;
}

/* The output sizes of the grid and overlay items, from their descriptors. */
static void derived_sizes(walk *k)
{
    for (int i = 0; i < k->nderived; i++) {
        size_t at, n;
        if (!item_data(k, k->derived[i], &at, &n)) continue;
        const unsigned char *g = k->d + at;
        /* version, flags (bit 0: 32-bit sizes); a grid's rows and columns,
         * an overlay's fill colour */
        size_t skip = k->overlay[i] ? 2 + 8 : 4, wide = n >= 2 && g[1] & 1 ? 4 : 2;
        if (n < skip + 2 * wide) continue;
        claim(&k->out->w, &k->out->h, (long long)be(g + skip, (int)wide),
              (long long)be(g + skip + wide, (int)wide));
    }
}

/* The boxes of d[at..end) that say what the pictures are, looking into the
 * containers that hold them. */
static void boxes(walk *k, size_t at, size_t end, int depth)
{
    const unsigned char *d = k->d;
    size_t head, size;
    for (; at < end && depth < 4 && box_at(d, end, at, &head, &size); at += size) {
        const unsigned char *t = d + at + 4;
        size_t in = at + head, out = at + size;
        if (!memcmp(t, "meta", 4) && size >= head + 4) /* a full box: version, flags */
            boxes(k, in + 4, out, depth + 1);
        else if (!memcmp(t, "iprp", 4) || !memcmp(t, "ipco", 4))
            boxes(k, in, out, depth + 1);
        else if (!memcmp(t, "ispe", 4) && size >= head + 12)
            claim(&k->out->w, &k->out->h, (long long)be(d + in + 4, 4),
                  (long long)be(d + in + 8, 4));
        else if (!memcmp(t, "hvcC", 4))
            hvcc_sizes(k, in, out);
        else if (!memcmp(t, "iinf", 4))
            item_infos(k, in, out);
        else if (!memcmp(t, "iref", 4))
            item_refs(k, in, out);
        else if (!memcmp(t, "iloc", 4) && !k->iloc_end)
            k->iloc = in, k->iloc_end = out;
        else if (!memcmp(t, "idat", 4) && !k->idat_end)
            k->idat = in, k->idat_end = out;
    }
}

int scan_heif_read(const unsigned char *d, size_t len, scan_heif_info *out)
{
    static const char brands[][5] = {"heic", "heix", "heim", "heis", "hevc", "hevx", "mif1"};
    size_t head, size;
    *out = (scan_heif_info){0};
    if (len < 16 || memcmp(d + 4, "ftyp", 4) || !box_at(d, len, 0, &head, &size)) return -1;
    bool heif = false;
    for (size_t b = 8; b + 4 <= size && !heif; b += b == 8 ? 8 : 4) /* major, then compatible */
        for (size_t i = 0; i < G_N_ELEMENTS(brands); i++)
            heif = heif || !memcmp(d + b, brands[i], 4);
    if (!heif) return -1;
    walk k = {.d = d, .len = len, .out = out};
    size_t at = 0;
    while (at < len && box_at(d, len, at, &head, &size)) {
        if (!memcmp(d + at + 4, "meta", 4)) boxes(&k, at, at + size, 0);
        at += size;
    }
    derived_sizes(&k);
    out->whole = at == len;
    return 0;
}

/* heif.c: the sizes a HEIF (HEIC) photo's boxes claim (heif.h). */
#include "scan/heif.h"

#include <glib.h>
#include <stdint.h>
#include <string.h>
#include "util/bytes.h"

#define MAX_DERIVED 64    /* grid and overlay items */
#define MAX_CODED 4096    /* coded pictures (tiles) */
#define MAX_REFS 65536    /* 'dimg' references */
#define MAX_PARAM_NALS 16 /* units before a picture's first slice */

typedef struct ref {
    uint32_t from, to;
} ref;

typedef struct walk {
    const unsigned char *d;
    size_t len;
    scan_heif_info *out;
    size_t iloc, iloc_end; /* the 'iloc' box's content */
    size_t idat, idat_end; /* the 'idat' box's content */
    int ilocs, idats;
    uint32_t derived[MAX_DERIVED];
    bool overlay[MAX_DERIVED];
    int nderived;
    GArray *coded;      /* uint32_t: ids of the 'hvc1' items */
    GArray *refs;       /* ref: the 'dimg' references */
    int nal_len;        /* bytes of a unit's length in the items' data (hvcC) */
    GHashTable *places; /* item id -> place: the grid and coded items */
} walk;

/* Marks the file as one pnpkit does not read, with why (the first reason). */
static void refuse(walk *k, const char *why)
{
    if (!k->out->refused) k->out->refused = why;
}

/* One ISO base media file box at d[at..end): its header's length and its
 * whole length (size 0: to the end). false when it does not fit. */
static bool box_at(const unsigned char *d, size_t end, size_t at, size_t *head, size_t *size)
{
    if (at > end || end - at < 8) return false;
    uint64_t n = pn_be(d + at, 4);
    *head = 8;
    if (n == 1) {
        if (end - at < 16) return false;
        n = pn_be(d + at + 8, 8);
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
    k->nal_len = (d[at + 21] & 3) + 1;
    size_t p = at + 23;
    for (unsigned arrays = d[at + 22]; arrays > 0 && p + 3 <= end; arrays--) {
        unsigned type = d[p] & 0x3f, count = (unsigned)pn_be(d + p + 1, 2);
        p += 3;
        for (; count > 0 && p + 2 <= end; count--) {
            size_t n = (size_t)pn_be(d + p, 2);
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

/* 'iinf': the coded, grid and overlay items. A picture coded otherwise than
 * in HEVC (AVIF's AV1, JPEG, ...) is refused: its sizes are not read here. */
static void item_infos(walk *k, size_t at, size_t end)
{
    static const char other[][5] = {"av01", "avc1", "jpeg", "j2k1", "unci", "vvc1", "mski"};
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
        uint32_t id = (uint32_t)pn_be(d + in + 4, (int)idn);
        const unsigned char *type = d + in + 4 + idn + 2;
        bool grid = !memcmp(type, "grid", 4), iovl = !memcmp(type, "iovl", 4);
        for (size_t i = 0; i < G_N_ELEMENTS(other); i++)
            if (!memcmp(type, other[i], 4)) refuse(k, "a picture not coded in HEVC (HEIC)");
        if (!memcmp(type, "hvc1", 4)) {
            if (k->coded->len >= MAX_CODED)
                refuse(k, "more coded pictures than a photo has");
            else
                g_array_append_val(k->coded, id);
        }
        if (grid || iovl) {
            if (k->nderived >= MAX_DERIVED) {
                refuse(k, "more grids than a photo has");
                continue;
            }
            k->overlay[k->nderived] = iovl;
            k->derived[k->nderived++] = id;
        }
    }
}

/* 'iref': the pictures derived items paste ('dimg'), kept. */
static void item_refs(walk *k, size_t at, size_t end)
{
    const unsigned char *d = k->d;
    if (end - at < 4) return;
    size_t idn = d[at] ? 4 : 2, p = at + 4, head, size;
    for (; box_at(d, end, p, &head, &size); p += size) {
        size_t in = p + head, out = p + size;
        if (memcmp(d + p + 4, "dimg", 4) || size < head + idn + 2) continue;
        ref r = {.from = (uint32_t)pn_be(d + in, (int)idn)};
        uint64_t n = pn_be(d + in + idn, 2);
        in += idn + 2;
        for (; n > 0 && out - in >= idn; n--, in += idn) {
            if (k->refs->len >= MAX_REFS) {
                refuse(k, "more tiles than a photo has");
                return;
            }
            r.to = (uint32_t)pn_be(d + in, (int)idn);
            g_array_append_val(k->refs, r);
        }
    }
}

/* A field size 'iloc' allows: 0, 4 or 8 bytes. */
static bool field_size(int n)
{
    return n == 0 || n == 4 || n == 8;
}

/* Where an item's data is: its first extent in d, and how many extents it
 * has. */
typedef struct place {
    size_t from, n;
    int extents;
} place;

/* One pass over 'iloc' (it may hold millions of items, so one lookup a
 * picture would take minutes): the places of the items in k->places, which
 * holds every grid and coded item, are filled in; an item not found keeps
 * no extent. */
static void locate_items(walk *k)
{
    const unsigned char *d = k->d;
    size_t p = k->iloc, end = k->iloc_end;
    if (!end || end - p < 8) return;
    int v = d[p], osz = d[p + 4] >> 4, lsz = d[p + 4] & 15, bsz = d[p + 5] >> 4;
    int isz = v == 1 || v == 2 ? d[p + 5] & 15 : 0, idn = v < 2 ? 2 : 4;
    if (v > 2 || !field_size(osz) || !field_size(lsz) || !field_size(bsz) || !field_size(isz))
        return;
    p += 6;
    if (end - p < (size_t)idn) return;
    uint64_t items = pn_be(d + p, idn);
    p += (size_t)idn;
    for (uint64_t i = 0; i < items; i++) {
        size_t fixed = (size_t)idn + (v ? 2 : 0) + 2 + (size_t)bsz + 2;
        if (end - p < fixed) return;
        uint32_t item = (uint32_t)pn_be(d + p, idn);
        int method = v ? (int)(pn_be(d + p + idn, 2) & 15) : 0;
        uint64_t base = pn_be(d + p + idn + (v ? 2 : 0) + 2, bsz);
        uint64_t extents = pn_be(d + p + fixed - 2, 2);
        p += fixed;
        size_t each = (size_t)(isz + osz + lsz);
        if (extents > (end - p) / (each ? each : 1)) return;
        place *at = g_hash_table_lookup(k->places, GUINT_TO_POINTER(item));
        if (at && !at->extents && extents > 0) {
            uint64_t off = base + pn_be(d + p + isz, osz), len = pn_be(d + p + isz + osz, lsz);
            size_t lo = method == 1 ? k->idat : 0, hi = method == 1 ? k->idat_end : k->len;
            if (method <= 1 && (method == 0 || hi) && off <= hi - lo) {
                at->from = lo + (size_t)off;
                at->n = (size_t)MIN(len ? len : hi - at->from, hi - at->from);
                at->extents = (int)extents;
            }
        }
        p += (size_t)extents * each;
    }
}

/* The place of item id (no extent when it was not found). */
static place place_of(const walk *k, uint32_t id)
{
    place *at = g_hash_table_lookup(k->places, GUINT_TO_POINTER(id));
    return at ? *at : (place){0};
}

static void want_place(walk *k, uint32_t id)
{
    if (!g_hash_table_contains(k->places, GUINT_TO_POINTER(id)))
        g_hash_table_insert(k->places, GUINT_TO_POINTER(id), g_new0(place, 1));
}

/* The output sizes of the grid and overlay items, from their descriptors,
 * which must be read whole: what cannot be read is refused, not passed. */
static void derived_sizes(walk *k)
{
    for (int i = 0; i < k->nderived; i++) {
        place pl = place_of(k, k->derived[i]);
        size_t n = pl.n;
        int extents = pl.extents;
        const unsigned char *g = k->d + pl.from;
        /* version, flags (bit 0: 32-bit sizes); a grid's rows and columns,
         * an overlay's fill colour */
        size_t skip = k->overlay[i] ? 2 + 8 : 4, wide = n >= 2 && g[1] & 1 ? 4 : 2;
        if (extents != 1 || n < skip + 2 * wide) {
            refuse(k, "a grid whose size cannot be read");
            continue;
        }
        claim(&k->out->w, &k->out->h, (long long)pn_be(g + skip, (int)wide),
              (long long)pn_be(g + skip + wide, (int)wide));
    }
}

static bool is_derived(const walk *k, uint32_t id)
{
    for (int i = 0; i < k->nderived; i++)
        if (k->derived[i] == id) return true;
    return false;
}

/* The tiles each grid pastes: the most of one grid (a grid of grids, which
 * the decoder multiplies out, is refused). */
static void count_tiles(walk *k)
{
    for (int i = 0; i < k->nderived; i++) {
        long long n = 0;
        for (guint j = 0; j < k->refs->len; j++) {
            const ref *r = &g_array_index(k->refs, ref, j);
            if (r->from != k->derived[i]) continue;
            n++;
            if (is_derived(k, r->to)) refuse(k, "a grid of grids");
        }
        if (n > k->out->tiles) k->out->tiles = n;
    }
}

/* Parameter sets may also stand in a picture's own data, before its first
 * slice, where the decoder reads them as it would the 'hvcC' ones: their
 * sizes count too. */
static void coded_streams(walk *k)
{
    const unsigned char *d = k->d;
    size_t ln = (size_t)(k->nal_len ? k->nal_len : 4);
    for (guint i = 0; i < k->coded->len; i++) {
        place pl = place_of(k, g_array_index(k->coded, uint32_t, i));
        size_t at = pl.from, n = pl.n;
        if (!pl.extents) continue;
        for (int units = 0; units < MAX_PARAM_NALS && n >= ln + 2; units++) {
            size_t len = (size_t)pn_be(d + at, (int)ln);
            if (len < 2 || len > n - ln) break;
            unsigned type = d[at + ln] >> 1 & 0x3f;
            if (type < 32) break; /* a slice: the parameters are behind */
            long long w = 0, h = 0;
            if (type == 33 && !sps_size(d + at + ln, len, &w, &h)) w = h = INT32_MAX;
            if (type == 33) claim(&k->out->coded_w, &k->out->coded_h, w, h);
            at += ln + len;
            n -= ln + len;
        }
    }
}

/* The boxes of a 'meta' box d[at..end) that say what the pictures are, as
 * the decoder reads them: the meta's own children, and the item properties
 * in 'iprp'/'ipco' (a 'meta' inside it is not looked into, as the decoder
 * does not; a second 'iloc' or 'idat' is refused). */
static void boxes(walk *k, size_t at, size_t end, int depth)
{
    const unsigned char *d = k->d;
    size_t head, size;
    for (; at < end && depth < 4 && box_at(d, end, at, &head, &size); at += size) {
        const unsigned char *t = d + at + 4;
        size_t in = at + head, out = at + size;
        bool top = depth == 1;
        if (!memcmp(t, "meta", 4) && depth == 0 && size >= head + 4) /* version, flags */
            boxes(k, in + 4, out, depth + 1);
        else if ((top && !memcmp(t, "iprp", 4)) || (depth == 2 && !memcmp(t, "ipco", 4)))
            boxes(k, in, out, depth + 1);
        else if (depth == 3 && !memcmp(t, "ispe", 4) && size >= head + 12)
            claim(&k->out->w, &k->out->h, (long long)pn_be(d + in + 4, 4),
                  (long long)pn_be(d + in + 8, 4));
        else if (depth == 3 && !memcmp(t, "hvcC", 4))
            hvcc_sizes(k, in, out);
        else if (top && !memcmp(t, "iinf", 4))
            item_infos(k, in, out);
        else if (top && !memcmp(t, "iref", 4))
            item_refs(k, in, out);
        else if (top && !memcmp(t, "iloc", 4) && k->ilocs++ == 0)
            k->iloc = in, k->iloc_end = out;
        else if (top && !memcmp(t, "idat", 4) && k->idats++ == 0)
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
    walk k = {.d = d,
              .len = len,
              .out = out,
              .coded = g_array_new(FALSE, FALSE, sizeof(uint32_t)),
              .refs = g_array_new(FALSE, FALSE, sizeof(ref))};
    if (!memcmp(d + 8, "avif", 4) || !memcmp(d + 8, "avis", 4))
        refuse(&k, "a picture not coded in HEVC (HEIC)");
    size_t at = 0;
    int metas = 0;
    while (at < len && box_at(d, len, at, &head, &size)) {
        if (!memcmp(d + at + 4, "meta", 4) && metas++ == 0) boxes(&k, at, at + size, 0);
        at += size;
    }
    if (metas > 1) refuse(&k, "more than one 'meta' box");
    if (k.ilocs > 1 || k.idats > 1) refuse(&k, "more than one 'iloc' or 'idat' box");
    k.places = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, g_free);
    for (int i = 0; i < k.nderived; i++)
        want_place(&k, k.derived[i]);
    for (guint i = 0; i < k.coded->len; i++)
        want_place(&k, g_array_index(k.coded, uint32_t, i));
    locate_items(&k);
    derived_sizes(&k);
    count_tiles(&k);
    coded_streams(&k);
    g_hash_table_destroy(k.places);
    g_array_free(k.coded, TRUE);
    g_array_free(k.refs, TRUE);
    out->whole = at == len;
    return 0;
}

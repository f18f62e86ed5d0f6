/* photo.c: decoding a photo into grey with gdk-pixbuf, bounded before decoding. */
#include "scan/photo.h"

#include "scan/heif.h"
#include "util/bytes.h"
#include "util/picture.h"
#include "util/pixbuf.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

typedef struct budget {
    long long max;
    int w, h;
    bool over;
    bool heif; /* the header is a HEIF (HEIC) one */
} budget;

/* A second guard after the header check: feeding stops at the next chunk. */
static void size_prepared(GdkPixbufLoader *l, int w, int h, gpointer user)
{
    budget *b = user;
    (void)l;
    b->w = w;
    b->h = h;
    if ((long long)w * h > b->max || w <= 0 || h <= 0 || w > SCAN_MAX_SIDE || h > SCAN_MAX_SIDE)
        b->over = true;
}

/* The size a PNG's header claims, and whether the file ends with its IEND
 * chunk. -1 when the header is not a PNG's. */
static int png_header(const unsigned char *d, size_t len, long long *w, long long *h, bool *whole)
{
    if (len < 33 || memcmp(d, "\x89PNG\r\n\x1a\n", 8) || memcmp(d + 12, "IHDR", 4)) return -1;
    *w = (long long)pn_be32(d + 16);
    *h = (long long)pn_be32(d + 20);
    *whole = len >= 45 && !memcmp(d + len - 8, "IEND", 4);
    return 0;
}

/* The size in a JPEG's first frame header (SOFn), and whether the file ends
 * with an end-of-image marker (within the last 4 KB: some cameras append a
 * trailer). -1 when no frame header is found. */
static int jpeg_header(const unsigned char *d, size_t len, long long *w, long long *h, bool *whole)
{
    if (len < 4 || d[0] != 0xFF || d[1] != 0xD8) return -1;
    size_t at = 2;
    while (at + 9 < len) {
        if (d[at] != 0xFF) return -1;
        unsigned m = d[at + 1], seg = pn_be16(d + at + 2);
        if (m >= 0xC0 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC) {
            *h = pn_be16(d + at + 5);
            *w = pn_be16(d + at + 7);
            *whole = false;
            for (size_t k = len - 1; k > 0 && k + 4096 > len && !*whole; k--)
                *whole = d[k - 1] == 0xFF && d[k] == 0xD9;
            return 0;
        }
        if (m == 0xDA || seg < 2) return -1;
        at += 2 + seg;
    }
    return -1;
}

/* What the decoder of a HEIF photo would do beyond the size it claims: paste
 * thousands of tiles (12 100 of 64x64 took 12 s), or decode a stream coded
 * far larger than the file's 'ispe' says (10000x10000 behind 1000x1000:
 * 4.5 s and 695 MB). The coded pictures may come to a quarter more than the
 * budget (a 48 MP phone photo is 192 tiles of 512x512, 50.3 million). */
static int heif_refused(const scan_heif_info *hi, long long max, pn_err *err)
{
    if (hi->refused)
        return pn_err_set(err, PN_EINPUT, "a HEIC photo pnpkit does not read: %s", hi->refused);
    if (hi->tiles > SCAN_HEIF_MAX_TILES)
        return pn_err_set(err, PN_EINPUT, "a HEIC photo of %lld tiles: a photo may have at most %d",
                          hi->tiles, SCAN_HEIF_MAX_TILES);
    double coded = (double)hi->coded_w * (double)hi->coded_h * (double)MAX(hi->tiles, 1);
    bool over = hi->coded_w > SCAN_MAX_SIDE || hi->coded_h > SCAN_MAX_SIDE;
    if (!over && coded <= 1.25 * (double)max) return 0;
    if (hi->tiles > 1)
        return pn_err_set(err, PN_EINPUT,
                          "a HEIC photo of %lld tiles coded %lldx%lld: more than the %lld pixels a "
                          "photo may have",
                          hi->tiles, hi->coded_w, hi->coded_h, max);
    return pn_err_set(err, PN_EINPUT,
                      "a damaged HEIC photo: its picture is coded %lldx%lld, larger than it says "
                      "and than a photo may have",
                      hi->coded_w, hi->coded_h);
    return 0;
}

/* Refuses what is not a whole JPEG, PNG or HEIF photo, or claims more pixels
 * than max, from its header alone. */
static int check_header(const unsigned char *d, size_t len, budget *b, pn_err *err)
{
    long long w = 0, h = 0, max = b->max;
    scan_heif_info hi = {0};
    bool whole = false;
    if (png_header(d, len, &w, &h, &whole) && jpeg_header(d, len, &w, &h, &whole)) {
        if (scan_heif_read(d, len, &hi))
            return pn_err_set(err, PN_EINPUT, "not a JPEG or PNG image");
        b->heif = true;
        w = hi.w, h = hi.h, whole = hi.whole;
    }
    if (w <= 0 || h <= 0 || w > max / h) /* w * h > max, without a product past 2^63 */
        return pn_err_set(err, PN_EINPUT,
                          "the image claims %lldx%lld pixels: a photo may have at most %lld", w, h,
                          max);
    if (w > SCAN_MAX_SIDE || h > SCAN_MAX_SIDE)
        return pn_err_set(
            err, PN_EINPUT,
            "the image claims %lldx%lld pixels: a photo may have at most %d on a side", w, h,
            SCAN_MAX_SIDE);
    if (!whole) return pn_err_set(err, PN_EINPUT, "the image is cut short (a truncated file)");
    if (b->heif && heif_refused(&hi, max, err)) return -1;
    const char *why = pn_picture_refusal(d, len);
    if (why) return pn_err_set(err, PN_EINPUT, "%s", why);
    return 0;
}

/* Feeds the bytes in chunks, stopping as soon as the size is over budget. */
static GdkPixbuf *decode(const pn_pixbuf_fns *px, const unsigned char *data, size_t len, budget *b,
                         pn_err *err)
{
    GdkPixbufLoader *l = px->loader_new();
    g_signal_connect(l, "size-prepared", G_CALLBACK(size_prepared), b);
    GError *ge = NULL;
    const size_t chunk = 16384;
    bool ok = true;
    for (size_t at = 0; at < len && ok && !b->over; at += chunk)
        ok = px->loader_write(l, data + at, len - at < chunk ? len - at : chunk, &ge);
    if (!px->loader_close(l, ok ? &ge : NULL)) ok = false;
    GdkPixbuf *pb = ok && !b->over ? px->loader_get_pixbuf(l) : NULL;
    if (pb) g_object_ref(pb);
    /* a loader took the file: the system reads HEIC, this one is damaged */
    bool known = px->loader_get_format(l) != NULL;
    if (b->over)
        pn_err_set(err, PN_EINPUT,
                   "the image is %dx%d pixels: a photo may have at most %lld, and %d on a side",
                   b->w, b->h, b->max, SCAN_MAX_SIDE);
    else if (!pb && b->heif && known)
        pn_err_set(err, PN_EINPUT, "a damaged HEIC photo: %s",
                   ge ? ge->message : "no picture could be decoded from it");
    else if (!pb && b->heif)
        pn_err_set(err, PN_EINPUT,
                   "a HEIC photo this system cannot decode%s%s (Debian reads them with the "
                   "heif-gdk-pixbuf package; or have the phone save JPEG)",
                   ge ? ": " : "", ge ? ge->message : "");
    else if (!pb)
        pn_err_set(err, PN_EINPUT, "not a JPEG or PNG image that can be read%s%s", ge ? ": " : "",
                   ge ? ge->message : "");
    if (ge) g_error_free(ge);
    g_object_unref(l);
    return pb;
}

scan_photo *scan_photo_load(const unsigned char *data, size_t len, long long max_pixels,
                            pn_err *err)
{
    if (len > SCAN_MAX_BYTES) {
        pn_err_set(err, PN_EINPUT, "more than %u MB, larger than any photo pnpkit reads",
                   SCAN_MAX_BYTES >> 20);
        return NULL;
    }
    if (len < 8) {
        pn_err_set(err, PN_EINPUT, "not a JPEG or PNG image (%zu bytes)", len);
        return NULL;
    }
    budget b = {.max = max_pixels > 0 ? max_pixels : SCAN_MAX_PIXELS};
    if (check_header(data, len, &b, err)) return NULL;
    const pn_pixbuf_fns *px = pn_pixbuf(err);
    if (!px) return NULL;
    GdkPixbuf *raw = decode(px, data, len, &b, err);
    if (!raw) return NULL;
    GdkPixbuf *pb = px->apply_embedded_orientation(raw);
    g_object_unref(raw);
    if (!pb) {
        pn_err_set(err, PN_EIO, "out of memory turning the photo upright");
        return NULL;
    }
    int w = px->get_width(pb), h = px->get_height(pb);
    int n = px->get_n_channels(pb), rs = px->get_rowstride(pb);
    if (w < SCAN_MIN_SIDE || h < SCAN_MIN_SIDE) {
        g_object_unref(pb);
        pn_err_set(
            err, PN_EINPUT,
            "the image is %dx%d pixels, too small to hold a sheet (at least %d on each side)", w, h,
            SCAN_MIN_SIDE);
        return NULL;
    }
    scan_photo *p = g_try_new0(scan_photo, 1);
    uint8_t *grey = p ? g_try_malloc((size_t)w * h) : NULL;
    if (!grey) {
        g_free(p);
        g_object_unref(pb);
        pn_err_set(err, PN_EIO, "out of memory for a %dx%d photo", w, h);
        return NULL;
    }
    const guchar *src = px->read_pixels(pb);
    for (int y = 0; y < h; y++) {
        const guchar *s = src + (size_t)y * rs;
        uint8_t *d = grey + (size_t)y * w;
        if (n < 3) {
            for (int x = 0; x < w; x++)
                d[x] = s[x * n];
        } else {
            for (int x = 0; x < w; x++, s += n) /* 0.299 R + 0.587 G + 0.114 B */
                d[x] = (uint8_t)((77 * s[0] + 150 * s[1] + 29 * s[2] + 128) >> 8);
        }
    }
    g_object_unref(pb);
    *p = (scan_photo){.w = w, .h = h, .stride = w, .px = grey};
    return p;
}

void scan_photo_mirror(scan_photo *p)
{
    for (int y = 0; y < p->h; y++) {
        uint8_t *row = p->px + (size_t)y * p->stride;
        for (int a = 0, b = p->w - 1; a < b; a++, b--) {
            uint8_t t = row[a];
            row[a] = row[b];
            row[b] = t;
        }
    }
}

void scan_photo_free(scan_photo *p)
{
    if (!p) return;
    g_free(p->px);
    g_free(p);
}

double scan_photo_at(const scan_photo *p, double x, double y)
{
    if (!(x >= 0 && y >= 0 && x <= p->w - 1 && y <= p->h - 1)) return 255;
    int x0 = (int)x, y0 = (int)y;
    int x1 = x0 + 1 < p->w ? x0 + 1 : x0, y1 = y0 + 1 < p->h ? y0 + 1 : y0;
    double fx = x - x0, fy = y - y0;
    const uint8_t *r0 = p->px + (size_t)y0 * p->stride, *r1 = p->px + (size_t)y1 * p->stride;
    double a = r0[x0] + (r0[x1] - r0[x0]) * fx, b = r1[x0] + (r1[x1] - r1[x0]) * fx;
    return a + (b - a) * fy;
}

/* fuzz_picture.c: libFuzzer harness for the pictures an SVG may draw inside
 * it (PNG, JPEG, GIF, BMP, WebP: an <image> of a file or a data: URI). The
 * input's first byte picks the type the SVG declares (none: gdk-pixbuf's
 * sniffing picks a loader, as for a file), the rest is the picture. It goes
 * through what pnpkit checks first, as src/scene/svgcheck.c does: its own
 * reading of JPEG markers and BMP headers (pn_picture_refusal), then the
 * loader's header read for the type and size (pn_pixbuf_probe_bytes) and
 * the types allowed; what passes is
 * decoded whole the way librsvg decodes it, bytes written to a gdk-pixbuf
 * loader from memory. The `image` harness reaches these loaders only behind
 * a whole SVG render, at a few hundred inputs a second, and `photo` only for
 * JPEG, PNG and HEIF. A decoder that never returns (a damaged
 * arithmetic-coded JPEG did) is a timeout; one that decodes more pixels than
 * its header announced is a crash. */
#include "fuzz/fuzz_util.h"
#include "util/picture.h"
#include "util/pixbuf.h"

/* Pixels a picture may have here: the SVG check allows 40 million in all,
 * fewer keep each input quick. */
#define FUZZ_PICTURE_MAX_PIXELS (4LL * 1000 * 1000)

/* The types svgcheck.c lets an SVG draw inside it. */
static bool allowed(const char *format)
{
    static const char *const ok[] = {"png", "jpeg", "gif", "bmp", "webp"};
    for (size_t i = 0; i < G_N_ELEMENTS(ok); i++)
        if (!strcmp(format, ok[i])) return true;
    return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const declared[] = {NULL,        "image/png", "image/jpeg",
                                           "image/gif", "image/bmp", "image/webp"};
    if (size < 1) return 0;
    const char *mime = declared[data[0] % G_N_ELEMENTS(declared)];
    const unsigned char *bytes = data + 1;
    size_t len = size - 1;
    pn_err err = {0};
    const pn_pixbuf_fns *pb = pn_pixbuf(&err);
    if (!pb) abort(); /* gdk-pixbuf is installed wherever the fuzzer runs */
    if (pn_picture_refusal(bytes, len)) return 0;
    int w = 0, h = 0;
    char *format = NULL;
    bool known = pn_pixbuf_probe_bytes(pb, mime, bytes, len, &w, &h, &format);
    bool drawn = known && format && allowed(format) && w > 0 && h > 0 &&
                 (long long)w * h <= FUZZ_PICTURE_MAX_PIXELS;
    g_free(format);
    if (!drawn) return 0;
    GdkPixbufLoader *l = mime ? pb->loader_new_with_mime_type(mime, NULL) : pb->loader_new();
    if (!l) return 0;
    bool ok = pb->loader_write(l, bytes, len, NULL);
    ok = pb->loader_close(l, NULL) && ok;
    GdkPixbuf *p = ok ? pb->loader_get_pixbuf(l) : NULL;
    if (p && ((long long)pb->get_width(p) * pb->get_height(p) > FUZZ_PICTURE_MAX_PIXELS ||
              pb->get_width(p) > w || pb->get_height(p) > h)) {
        fprintf(stderr, "fuzz: a picture announced %dx%d decoded as %dx%d\n", w, h,
                pb->get_width(p), pb->get_height(p));
        abort();
    }
    g_object_unref(l);
    return 0;
}

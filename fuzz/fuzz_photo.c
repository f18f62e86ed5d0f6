/* fuzz_photo.c: libFuzzer harness for the first step of `pnpkit scan`: a
 * photo's bytes decoded (src/scan/photo.c: pnpkit's own reading of PNG, JPEG
 * and HEIF headers and its pixel budget, then gdk-pixbuf's loaders and the
 * EXIF orientation), without the corner marks and the reading that make the
 * `scan` harness run a few inputs a second. Checks: an error is one line of
 * the input kind (or, for memory, of the machine's); a photo is at least
 * SCAN_MIN_SIDE pixels a side, within the budget, and every grey value read
 * back (inside, between and outside the pixels, and after mirroring) lies
 * in 0..255. */
#include <math.h>
#include "fuzz/fuzz_util.h"
#include "scan/photo.h"

/* The budget `scan` gives its inputs, so both harnesses stay quick. */
#define FUZZ_PHOTO_MAX_PIXELS (4LL * 1000 * 1000)

static void check_grey(const scan_photo *p, double x, double y)
{
    double g = scan_photo_at(p, x, y);
    if (!(g >= 0 && g <= 255)) {
        fprintf(stderr, "fuzz: grey %g at (%g, %g) of a %dx%d photo\n", g, x, y, p->w, p->h);
        abort();
    }
}

static void check_photo(scan_photo *p)
{
    if (p->w < SCAN_MIN_SIDE || p->h < SCAN_MIN_SIDE || p->stride < p->w ||
        (long long)p->w * p->h > FUZZ_PHOTO_MAX_PIXELS || !p->px) {
        fprintf(stderr, "fuzz: a %dx%d photo (stride %d) passed the checks\n", p->w, p->h,
                p->stride);
        abort();
    }
    const double at[][2] = {
        {0, 0},  {p->w - 1, p->h - 1},     {p->w / 2.0 + 0.5, p->h / 3.0 + 0.25},
        {-3, 5}, {p->w + 7.5, p->h - 0.5}, {1e9, -1e9},
        {NAN, 2}};
    for (int round = 0; round < 2; round++) {
        for (size_t i = 0; i < sizeof at / sizeof at[0]; i++)
            check_grey(p, at[i][0], at[i][1]);
        scan_photo_mirror(p);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pn_err err = {0};
    scan_photo *p = scan_photo_load(data, size, FUZZ_PHOTO_MAX_PIXELS, &err);
    if (p) {
        check_photo(p);
        scan_photo_free(p);
        return 0;
    }
    fuzz_check_err(&err, NULL);
    if (err.status != PN_EINPUT && err.status != PN_EIO) {
        fprintf(stderr, "fuzz: a photo refused with status %d: '%s'\n", (int)err.status, err.msg);
        abort();
    }
    return 0;
}

/* fuzz_scan.c: libFuzzer harness for pnpkit_scan on image bytes: the header
 * checks, gdk-pixbuf's decoders, the marker detector, the QR code reader and
 * the field readers. Checks: a refusal is one line naming the photo, a
 * reading has a sheet and its JSON. Photos are held to 4 million pixels so a
 * run stays fast. */
#include "fuzz/fuzz_util.h"
#include "pnpkit.h"

static pnpkit_ctx *ctx;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!ctx && !(ctx = pnpkit_ctx_new(NULL))) abort();
    pnpkit_scan_opts o = {.file = "photo", .max_pixels = 4000000};
    pnpkit_error err;
    pnpkit_scan_result *r = pnpkit_scan(ctx, data, size, &o, &err);
    if (r) {
        if (!r->sheet || !r->json || !r->n_fields) abort();
        pnpkit_scan_result_free(r);
        return 0;
    }
    if (err.code != PNPKIT_EINPUT && err.code != PNPKIT_EIO) abort();
    if (strncmp(err.message, "photo: ", 7) || !err.message[7] || strchr(err.message, '\n') ||
        strcmp(err.file, "photo")) {
        fprintf(stderr, "fuzz: bad error '%s' (file '%s')\n", err.message, err.file);
        abort();
    }
    return 0;
}

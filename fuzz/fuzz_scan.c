/* fuzz_scan.c: libFuzzer harness for the scan entry: the input is a photo's
 * bytes as `pnpkit scan` and POST /api/scan hand them to pnpkit_scan. The
 * pixels a header may claim are bounded lower than the library's default so
 * each input stays quick. Checks: an error is one well-formed line of the
 * input kind; a result is whole (its JSON parses, every field has a slot id,
 * a value of -1..99, a confidence in 0..1 and a box of positive size). */
#include <json-glib/json-glib.h>
#include "fuzz/fuzz_ctx.h"
#include "fuzz/fuzz_util.h"

#define FUZZ_SCAN_MAX_PIXELS (4LL * 1000 * 1000)

static void check_error(const pnpkit_error *e)
{
    char msg[sizeof e->message + sizeof e->file + 32];
    pnpkit_error_format(e, msg, sizeof msg);
    bool ok = (e->code == PNPKIT_EINPUT || e->code == PNPKIT_EIO) && msg[0] && !strchr(msg, '\n') &&
              g_utf8_validate(msg, -1, NULL) && g_str_has_prefix(msg, "photo");
    if (!ok) {
        fprintf(stderr, "fuzz: bad error (code %d): '%s'\n", (int)e->code, msg);
        abort();
    }
}

static void check_result(const pnpkit_scan_result *r)
{
    if (!r->template_name || !r->game || !r->code || !r->sheet || !r->json) abort();
    JsonParser *p = json_parser_new();
    if (!json_parser_load_from_data(p, r->json, -1, NULL)) abort();
    g_object_unref(p);
    for (size_t i = 0; i < r->n_fields; i++) {
        const pnpkit_scan_field *f = &r->fields[i];
        if (!f->slot || !f->slot[0] || f->value < -1 || f->value > 99 || f->confidence < 0 ||
            f->confidence > 1 || !(f->w > 0) || !(f->h > 0) || f->circled < -1 || f->circled > 1)
            abort();
    }
    for (size_t i = 0; i < r->n_problems; i++)
        if (!r->problems[i] || strchr(r->problems[i], '\n')) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pnpkit_scan_opts o = {.file = "photo", .max_pixels = FUZZ_SCAN_MAX_PIXELS};
    pnpkit_error e;
    pnpkit_scan_result *r = pnpkit_scan(fuzz_ctx(), data, size, &o, &e);
    if (r)
        check_result(r);
    else
        check_error(&e);
    pnpkit_scan_result_free(r);
    return 0;
}

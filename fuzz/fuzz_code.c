/* fuzz_code.c: libFuzzer harness for what a photo's QR code makes pnpkit do
 * (src/api/scan_sheet.c): the code's text parsed, the template it names
 * opened with its settings, the page it names laid out and drawn again. A
 * photo's bytes almost never mutate into another readable QR code, so the
 * scan harness never gets here; yet a code is as much the photo's input as
 * its pixels (anyone can print a sheet with a code of their own). The input,
 * up to its first NUL or line end, is the code's text. The sheet is drawn at
 * 1 pixel a mm rather than a scan's 6, which only makes the picture smaller.
 * Checks: an error is one well-formed line and the input's fault; a sheet
 * rebuilt is a Circle 36 or DiCroNo page of positive size with slots inside
 * it, drawn as a picture of that size. Codes naming a template file by its
 * hash get the built-in Circle 36 template as that file. */
#include <math.h>
#include "api/scan_sheet.h"
#include "fuzz/fuzz_ctx.h"
#include "fuzz/fuzz_util.h"
#include "render/marks.h"
#include "util/resources.h"

static void check_sheet(const scan_sheet *s)
{
    const pnpkit_slot_list *l = s->slots;
    bool ok = (!strcmp(s->game, "circle36") || !strcmp(s->game, "dicrono")) && l->width > 0 &&
              l->height > 0 && s->ref && abs(s->ref->w - (int)lround(l->width)) <= 2 &&
              abs(s->ref->h - (int)lround(l->height)) <= 2;
    for (size_t i = 0; ok && i < l->n; i++) {
        const pnpkit_slot *f = &l->items[i];
        ok = f->id && f->id[0] && f->w >= 0 && f->h >= 0 && f->x >= -1e-6 && f->y >= -1e-6 &&
             f->x + f->w <= l->width + 1e-6 && f->y + f->h <= l->height + 1e-6;
    }
    if (!ok) {
        fprintf(stderr, "fuzz: a rebuilt sheet out of shape (%s, %gx%g mm, %zu slots)\n", s->game,
                l->width, l->height, l->n);
        abort();
    }
}

/* The template file a code may name by its hash: the built-in Circle 36
 * template's text, written once. "pnpkit:1/@file" in the input stands for
 * its hash, so the fuzzer reaches a sheet rebuilt from a file. */
static const char *sheet_file(char hash[17])
{
    static char *path;
    static char h[17];
    if (!path) {
        const pn_resource *r = pn_resource_find("templates/circle36.yaml");
        if (!r) abort();
        path = fuzz_write_file("sheet.yaml", r->data, r->len);
        char *x = marks_text_hash(r->data, r->len);
        g_strlcpy(h, x, sizeof h);
        g_free(x);
    }
    memcpy(hash, h, 17);
    return path;
}

static void check_refusal(const pn_err *err)
{
    fuzz_check_err(err, NULL);
    if (err->status != PN_EINPUT) {
        fprintf(stderr, "fuzz: a code refused as a failure: '%s'\n", err->msg);
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    text[strcspn(text, "\n")] = '\0';
    pnpkit_scan_opts o = {.file = "photo"};
    if (!g_ascii_strncasecmp(text, "pnpkit:1/@", 10)) {
        char hash[17];
        o.template_path = sheet_file(hash);
        if (!strncmp(text + 10, "file", 4)) {
            char *full = g_strconcat("pnpkit:1/@", hash, text + 14, NULL);
            g_free(text);
            text = full;
        }
    }
    scan_sheet s;
    pn_err err = {0};
    if (api_scan_sheet_open(fuzz_ctx(), text, &o, &s, &err)) {
        check_refusal(&err);
    } else if (api_scan_sheet_draw(fuzz_ctx(), &s, 1.0, &err)) {
        check_refusal(&err);
        api_scan_sheet_close(&s);
    } else {
        check_sheet(&s);
        api_scan_sheet_close(&s);
    }
    g_free(text);
    return 0;
}

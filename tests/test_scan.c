/* test_scan.c: the pieces of the photo reader: the sheet-to-photo map
 * recovered from its points, the QR code's text parsed and refused, photo
 * headers refused before decoding; a sheet printed before its board was
 * refused as too small to write in is still read; and pnpkit_scan from 4
 * threads at once,
 * one context each, every result the same as on one thread (run under
 * ThreadSanitizer by make check-tsan). */
#include <glib.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>
#include "api/api.h"
#include "games/c36_chart.h"
#include "pnpkit.h"
#include "scan/code.h"
#include "scan/homog.h"
#include "scan/photo.h"

static void test_homog_fit(void **state)
{
    (void)state;
    scan_homog h = {{2.1, 0.3, 40, -0.2, 1.8, 25, 0.0004, -0.0003, 1}}, fit, inv;
    double src[12], dst[12];
    for (int i = 0; i < 6; i++) {
        src[2 * i] = (i % 3) * 100.0;
        src[2 * i + 1] = (i / 3) * 280.0 + (i == 4) * 13;
        scan_homog_apply(&h, src[2 * i], src[2 * i + 1], &dst[2 * i], &dst[2 * i + 1]);
    }
    assert_int_equal(scan_homog_fit(src, dst, 6, &fit), 0);
    double u, v, x, y;
    scan_homog_apply(&fit, 150, 140, &u, &v);
    scan_homog_apply(&h, 150, 140, &x, &y);
    assert_true(fabs(u - x) < 1e-6 && fabs(v - y) < 1e-6);
    assert_int_equal(scan_homog_invert(&fit, &inv), 0);
    scan_homog_apply(&inv, u, v, &x, &y);
    assert_true(fabs(x - 150) < 1e-6 && fabs(y - 140) < 1e-6);
    /* Four points on one line make no map. */
    double line[8] = {0, 0, 1, 1, 2, 2, 3, 3};
    assert_int_equal(scan_homog_fit(line, line, 4, &fit), -1);
}

static void test_code(void **state)
{
    (void)state;
    pn_err err = {0};
    scan_code *c = scan_code_parse("pnpkit:1/circle36?rings=4&paper=200x150mm&note=a%20b", &err);
    assert_non_null(c);
    assert_string_equal(c->name, "circle36");
    assert_null(c->hash);
    assert_int_equal(c->n, 3);
    assert_string_equal(scan_code_get(c, "rings"), "4");
    assert_string_equal(scan_code_get(c, "paper"), "200x150mm");
    assert_string_equal(scan_code_get(c, "note"), "a b");
    assert_null(scan_code_get(c, "seed"));
    scan_code_free(c);
    /* a code without capitals is printed in capitals (QR's alphanumeric
     * mode): read back in small letters */
    c = scan_code_parse("PNPKIT:1/CIRCLE36?RINGS=4&NOTE=A%20B", &err);
    assert_non_null(c);
    assert_string_equal(c->name, "circle36");
    assert_string_equal(scan_code_get(c, "rings"), "4");
    assert_string_equal(scan_code_get(c, "note"), "a b");
    scan_code_free(c);
    c = scan_code_parse("pnpkit:1/@0123456789abcdef", &err);
    assert_non_null(c);
    assert_string_equal(c->hash, "0123456789abcdef");
    scan_code_free(c);
    const char *bad[] = {"https://example.org/",
                         "pnpkit:2/circle36",
                         "pnpkit:1/@12",
                         "pnpkit:1/circle 36",
                         "pnpkit:1/circle36?rings",
                         "pnpkit:1/x?=3",
                         "pnpkit:1/circle36?rings=4&rings=5"};
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
        assert_null(scan_code_parse(bad[i], &err));
        assert_non_null(strstr(err.msg, "is not a pnpkit sheet's"));
    }
}

/* A PNG header claiming w x h: refused from the header alone. */
static void test_photo_headers(void **state)
{
    (void)state;
    unsigned char png[64] = "\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR";
    png[16] = 0, png[17] = 0, png[18] = 0xEA, png[19] = 0x60; /* 60000 */
    memcpy(png + 20, png + 16, 4);
    pn_err err = {0};
    assert_null(scan_photo_load(png, sizeof png, 0, &err));
    assert_string_equal(err.msg, "the image claims 60000x60000 pixels: a photo may have at most "
                                 "50000000");
    /* 100 x 100 within a budget of 5000 pixels: refused too. */
    png[18] = 0, png[19] = 100, png[22] = 0, png[23] = 100;
    assert_null(scan_photo_load(png, sizeof png, 5000, &err));
    assert_non_null(strstr(err.msg, "claims 100x100 pixels"));
    /* A side past 16384 (AprilTag aborts at 32768): refused, however few
     * pixels in all; 16384 passes to the next check. */
    png[18] = 0x40, png[19] = 0x01, png[22] = 0, png[23] = 100; /* 16385 x 100 */
    assert_null(scan_photo_load(png, sizeof png, 0, &err));
    assert_string_equal(err.msg, "the image claims 16385x100 pixels: a photo may have at most "
                                 "16384 on a side");
    png[18] = 0, png[19] = 100, png[22] = 0x80, png[23] = 0; /* 100 x 32768 */
    assert_null(scan_photo_load(png, sizeof png, 0, &err));
    assert_non_null(strstr(err.msg, "claims 100x32768 pixels: a photo may have at most 16384"));
    png[22] = 0x40, png[23] = 0x00; /* 100 x 16384 */
    assert_null(scan_photo_load(png, sizeof png, 0, &err));
    assert_string_equal(err.msg, "the image is cut short (a truncated file)");
    png[18] = 0, png[19] = 100, png[22] = 0, png[23] = 100;
    /* Within the budget but without its end: cut short. */
    assert_null(scan_photo_load(png, sizeof png, 0, &err));
    assert_string_equal(err.msg, "the image is cut short (a truncated file)");
    const unsigned char text[] = "GIF89a, or anything else";
    assert_null(scan_photo_load(text, sizeof text, 0, &err));
    assert_string_equal(err.msg, "not a JPEG or PNG image");
}

/* A sheet printed with settings gives them back, for scoring it as printed;
 * a sheet at its defaults gives none. */
static void test_settings(void **state)
{
    (void)state;
    pnpkit_error err;
    pnpkit_ctx *ctx = pnpkit_ctx_new(NULL);
    assert_non_null(ctx);
    const char *const set[] = {"dice=12", "target=40", NULL};
    for (int k = 0; k < 2; k++) {
        pnpkit_render_opts o;
        pnpkit_render_opts_init(&o);
        o.format = "png";
        o.dpi = 100;
        o.set = k ? set : NULL;
        pnpkit_buffer *png = pnpkit_render_mem(ctx, "circle36", &o, &err);
        assert_non_null(png);
        pnpkit_scan_result *r =
            pnpkit_scan(ctx, (const unsigned char *)png->data, png->len, NULL, &err);
        pnpkit_buffer_free(png);
        assert_non_null(r);
        assert_non_null(r->set);
        char *got = g_strjoinv(" ", (char **)r->set);
        assert_string_equal(got, k ? "target=40 dice=12" : "");
        g_free(got);
        pnpkit_scan_result_free(r);
    }
    pnpkit_ctx_free(ctx);
}

/* Six rings in a 40mm radius (4.2mm deep) printed before such boards were
 * refused: a new render is refused, a photo of the old sheet is read with
 * all 48 ring spaces where they were printed. */
static void test_printed_before(void **state)
{
    (void)state;
    pnpkit_error err;
    pnpkit_ctx *ctx = pnpkit_ctx_new(NULL);
    assert_non_null(ctx);
    const char *const set[] = {"rings=6", "radius=40mm", NULL};
    pnpkit_render_opts o;
    pnpkit_render_opts_init(&o);
    o.format = "png";
    o.dpi = 100;
    o.set = set;
    assert_null(pnpkit_render_mem(ctx, "circle36", &o, &err));
    assert_non_null(strstr(err.message, "too shallow to write a number in"));
    pnpkit_doc *d = api_doc_open_printed(ctx, "circle36", &o, &err);
    assert_non_null(d);
    pnpkit_buffer *png = pnpkit_doc_write_mem(d, &err);
    pnpkit_doc_free(d);
    assert_non_null(png);
    pnpkit_scan_result *r =
        pnpkit_scan(ctx, (const unsigned char *)png->data, png->len, NULL, &err);
    pnpkit_buffer_free(png);
    if (!r) fail_msg("%s", err.message);
    int ring_spaces = 0;
    for (size_t i = 0; i < r->n_fields; i++)
        for (int ring = 0; ring < 6; ring++)
            if (r->fields[i].slot[0] == c36_ring_prefix(ring) &&
                g_ascii_isdigit(r->fields[i].slot[1]) && r->fields[i].h < 4.2)
                ring_spaces++;
    assert_int_equal(ring_spaces, 6 * 8);
    char *got = g_strjoinv(" ", (char **)r->set);
    assert_string_equal(got, "rings=6 radius=40mm");
    g_free(got);
    pnpkit_scan_result_free(r);
    pnpkit_ctx_free(ctx);
}

#define THREADS 4
static GBytes *photo;
static char *expected;

static char *scan_once(pnpkit_ctx *ctx)
{
    pnpkit_error err;
    gsize len;
    const unsigned char *d = g_bytes_get_data(photo, &len);
    pnpkit_scan_result *r = pnpkit_scan(ctx, d, len, NULL, &err);
    char *json = r ? g_strdup(r->json) : g_strdup_printf("error: %s", err.message);
    pnpkit_scan_result_free(r);
    return json;
}

static gpointer worker(gpointer unused)
{
    (void)unused;
    pnpkit_ctx *ctx = pnpkit_ctx_new(NULL);
    char *got = ctx ? scan_once(ctx) : g_strdup("no context");
    pnpkit_ctx_free(ctx);
    return got;
}

static void test_threads(void **state)
{
    (void)state;
    gchar *data;
    gsize len;
    assert_true(
        g_file_get_contents(PNPKIT_SOURCE_DIR "/tests/data/scan/played-2.jpg", &data, &len, NULL));
    photo = g_bytes_new_take(data, len);
    pnpkit_ctx *ctx = pnpkit_ctx_new(NULL);
    expected = scan_once(ctx);
    pnpkit_ctx_free(ctx);
    assert_non_null(strstr(expected, "\"template\":\"circle36\""));
    GThread *t[THREADS];
    for (int i = 0; i < THREADS; i++)
        t[i] = g_thread_new("scan", worker, NULL);
    for (int i = 0; i < THREADS; i++) {
        char *got = g_thread_join(t[i]);
        assert_string_equal(got, expected);
        g_free(got);
    }
    g_free(expected);
    g_bytes_unref(photo);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_homog_fit),      cmocka_unit_test(test_code),
        cmocka_unit_test(test_photo_headers),  cmocka_unit_test(test_settings),
        cmocka_unit_test(test_printed_before), cmocka_unit_test(test_threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

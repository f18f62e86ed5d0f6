/* test_measure.c: text measurement, which is cached by font and text: every
 * part of the font must tell measurements apart, the cache must stay right when
 * it is emptied, and text too long to cache must still be measured. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include "measurer.h"
#include <malloc.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "scene/measure.h"
#include "util/fonts.h"
#include <pango/pangocairo.h>

static double width(const char *family, double size, bool bold, bool italic, const char *text)
{
    scene_font f = {.family = family, .size = size, .bold = bold, .italic = italic};
    double w, a, d;
    pn_err err = {0};
    if (scene_measure(test_measurer(), &f, text, &w, &a, &d, &err)) fail_msg("%s", err.msg);
    return w;
}

static void test_size_weight_style_family(void **state)
{
    double w10 = width(PN_FONT_PRINT, 10, false, false, "Total Points");
    double w20 = width(PN_FONT_PRINT, 20, false, false, "Total Points");
    /* Unhinted text scales linearly: twice the size, twice the width. */
    assert_true(fabs(w20 - 2 * w10) < 0.01);
    assert_true(width(PN_FONT_PRINT, 10, true, false, "Total Points") > w10 + 0.5);
    double wi = width(PN_FONT_PRINT, 10, false, true, "Total Points");
    assert_true(fabs(wi - w10) > 1e-6);
    assert_true(fabs(width(PN_FONT_HAND, 10, false, false, "Total Points") - w10) > 0.5);
    /* Sizes a hundredth of a point apart are measured apart. */
    assert_true(width(PN_FONT_PRINT, 10.01, false, false, "Total Points") > w10);
    /* NULL family means the print font. */
    assert_true(fabs(width(NULL, 10, false, false, "Total Points") - w10) < 1e-9);
}

static void test_cache_emptied(void **state)
{
    double first = width(PN_FONT_PRINT, 9, false, false, "Circle 36");
    double one = width(PN_FONT_PRINT, 9, false, false, "1");
    char text[32];
    /* More distinct texts than the cache holds: it is emptied on the way. */
    for (int i = 0; i < 10000; i++) {
        snprintf(text, sizeof text, "%d", i);
        double w = width(PN_FONT_PRINT, 9, false, false, text);
        /* DejaVu Sans has equal-width digits. */
        assert_true(fabs(w - one * (double)strlen(text)) < 0.001);
    }
    assert_true(fabs(width(PN_FONT_PRINT, 9, false, false, "Circle 36") - first) < 1e-9);
}

static void test_long_text(void **state)
{
    char text[601];
    memset(text, 'a', 600);
    text[600] = 0;
    double a = width(PN_FONT_PRINT, 8, false, false, "a");
    double w = width(PN_FONT_PRINT, 8, false, false, text);
    assert_true(fabs(w - 600 * a) < 0.01);
    assert_true(fabs(width(PN_FONT_PRINT, 8, false, false, text) - w) < 1e-9);
}

static void test_invalid_utf8(void **state)
{
    scene_font f = {.family = PN_FONT_PRINT, .size = 10};
    double w, a, d;
    pn_err err = {0};
    assert_int_equal(scene_measure(test_measurer(), &f, "bad \xff text", &w, &a, &d, &err), -1);
    assert_int_equal(err.status, PN_EINPUT);
    assert_non_null(strstr(err.msg, "UTF-8"));
}

/* Lint measures text with characters no font has; a render afterwards on the
 * same measurer still refuses it (the lenient measurement is not kept). */
static void test_missing_allowed_for_lint(void **state)
{
    scene_font f = {.family = PN_FONT_PRINT, .size = 10};
    const char *text = "A \xf0\x93\x80\x80 B"; /* U+13000 */
    double w, a, d;
    pn_err err = {0};
    scene_measurer *m = test_measurer();
    assert_int_equal(scene_measure(m, &f, text, &w, &a, &d, &err), -1);
    assert_non_null(strstr(err.msg, "U+13000"));
    scene_measurer_allow_missing(m, true);
    assert_int_equal(scene_measure(m, &f, text, &w, &a, &d, &err), 0);
    assert_true(w > 0);
    scene_measurer_allow_missing(m, false);
    assert_int_equal(scene_measure(m, &f, text, &w, &a, &d, &err), -1);
}

/* The cairo scaled font behind "DejaVu Sans 10" on a new context of map. */
static cairo_scaled_font_t *scaled_font_of(PangoFontMap *map, PangoContext **keep)
{
    PangoContext *ctx = pango_font_map_create_context(map);
    pn_fonts_setup_context(ctx);
    PangoFontDescription *fd = pango_font_description_from_string("DejaVu Sans 10");
    PangoFont *font = pango_font_map_load_font(map, ctx, fd);
    pango_font_description_free(fd);
    assert_non_null(font);
    cairo_scaled_font_t *sf = pango_cairo_font_get_scaled_font(PANGO_CAIRO_FONT(font));
    g_object_unref(font); /* the map keeps its fonts (and so sf) while ctx lives */
    *keep = ctx;
    return sf;
}

/* Two font maps made one after another (two library contexts, maybe on two
 * threads) never share a cairo scaled font, which cairo locks on every use;
 * one map's contexts do. */
static void test_maps_share_no_scaled_font(void **state)
{
    pn_err err = {0};
    PangoFontMap *a = pn_fonts_new_map(&err), *b = pn_fonts_new_map(&err);
    assert_non_null(a);
    assert_non_null(b);
    PangoContext *c1, *c2, *c3;
    cairo_scaled_font_t *s1 = scaled_font_of(a, &c1), *s2 = scaled_font_of(a, &c2),
                        *s3 = scaled_font_of(b, &c3);
    assert_non_null(s1);
    assert_non_null(s3);
    assert_ptr_equal(s1, s2);
    assert_ptr_not_equal(s1, s3);
    g_object_unref(c1);
    g_object_unref(c2);
    g_object_unref(c3);
    g_object_unref(a);
    g_object_unref(b);
}

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define MEASURE_OWN_ALLOCATOR 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define MEASURE_OWN_ALLOCATOR 1
#endif
#endif

/* A font map gives back its fontconfig configuration when it goes: pango
 * before 1.54 kept every one (about 12 KB each, more with a template's
 * fonts) for the life of the process, which a long-lived `pnpkit serve`
 * seeing new font files paid for each time. Measured with glibc's
 * allocator (a sanitizer's keeps freed memory aside). */
static void test_maps_give_back_their_configuration(void **state)
{
    (void)state;
#ifdef MEASURE_OWN_ALLOCATOR
    skip();
#else
    pn_err err = {0};
    for (int i = 0; i < 20; i++) /* caches made once */
        g_object_unref(pn_fonts_new_map(&err));
    size_t before = mallinfo2().uordblks;
    for (int i = 0; i < 200; i++) {
        PangoFontMap *m = pn_fonts_new_map(&err);
        assert_non_null(m);
        g_object_unref(m);
    }
    size_t after = mallinfo2().uordblks;
    /* kept: 2.4 MB before the fix; now nothing but the allocator's slack */
    assert_true(after < before + 400 * 1024);
#endif
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_size_weight_style_family),
        cmocka_unit_test(test_cache_emptied),
        cmocka_unit_test(test_long_text),
        cmocka_unit_test(test_invalid_utf8),
        cmocka_unit_test(test_missing_allowed_for_lint),
        cmocka_unit_test(test_maps_share_no_scaled_font),
        cmocka_unit_test(test_maps_give_back_their_configuration),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    test_measurer_free();
    return rc;
}

/* test_svgtiles.c: the bound on an SVG's pattern tiles (scene/svgcheck.c):
 * the size of a tile over the SVG's own size, through pattern units,
 * transforms (attributes, style sheets by selector), href templates, nested
 * viewports, markers, uses and SVGs drawn as images; what is refused, at
 * which line; and the style sheet reading it needs (scene/svgsheet.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include "scene/svgcheck.h"
#include "scene/svgsheet.h"
#include "scene/svgxform.h"

static char *dir;

/* Checks an SVG of a 40x30 document (head: what comes after the root's
 * viewBox) and body: its tiles, or -1 with the message in msg. */
static double check_doc(const char *head, const char *body, scene_svg_tiles *t, char *msg, size_t n)
{
    char *svg = g_strdup_printf("<svg xmlns=\"http://www.w3.org/2000/svg\" "
                                "xmlns:xlink=\"http://www.w3.org/1999/xlink\" viewBox=\"0 0 40 "
                                "30\"%s>\n%s\n</svg>\n",
                                head, body);
    char *path = g_build_filename(dir, "t.svg", NULL);
    g_file_set_contents(path, svg, -1, NULL);
    pn_err err = {0};
    scene_svg_tiles tiles = {-1, -1};
    int r = scene_svg_check(path, svg, strlen(svg), &tiles, &err);
    if (msg) g_strlcpy(msg, r ? err.msg : "", n);
    if (t) *t = tiles;
    g_free(path);
    g_free(svg);
    return r ? -1 : tiles.tile;
}

static double tile(const char *body)
{
    return check_doc("", body, NULL, NULL, 0);
}

#define USER4                                                                                      \
    "<pattern id=\"p\" width=\"4\" height=\"4\" patternUnits=\"userSpaceOnUse\"><rect "            \
    "width=\"2\" height=\"4\"/></pattern>"

static void finding_refused(void **state)
{
    (void)state;
    char msg[512];
    /* the fuzzer's input: a tile 40x30 times the circle's 16x16 box */
    double t = check_doc("",
                         "<defs><pattern id=\"p\" width=\"40\" height=\"30\" viewBox=\"0 0 40 30\">"
                         "<rect width=\"40\" height=\"30\"/></pattern></defs>\n"
                         "<circle cx=\"10\" cy=\"10\" r=\"8\" fill=\"url(#p)\"/>",
                         NULL, msg, sizeof msg);
    assert_true(t < 0);
    assert_non_null(strstr(msg, "t.svg: line 2: a pattern's tile would measure about 256 times"));
    /* the same tile the circle's own size is allowed: 256 / 1200 */
    assert_float_equal(tile("<pattern id=\"p\" width=\"1\" height=\"1\"><rect width=\"1\" "
                            "height=\"1\"/></pattern><circle cx=\"10\" cy=\"10\" r=\"8\" "
                            "fill=\"url(#p)\"/>"),
                       256.0 / 1200, 1e-9);
}

static void user_units_and_transforms(void **state)
{
    (void)state;
    assert_float_equal(tile(USER4 "<rect width=\"40\" height=\"30\" fill=\"url(#p)\"/>"),
                       16.0 / 1200, 1e-9);
    /* a transform on the shape enlarges the tile with it */
    assert_float_equal(
        tile(USER4 "<rect transform=\"scale(10)\" width=\"4\" height=\"3\" fill=\"url(#p)\"/>"),
        1600.0 / 1200, 1e-9);
    assert_true(
        tile(USER4
             "<g transform=\"scale(4)\"><rect transform=\"scale(5)\" width=\"1\" height=\"1\" "
             "fill=\"url(#p)\"/></g>") < 0);
    /* rotations and translations do not */
    assert_float_equal(tile(USER4 "<rect transform=\"translate(5 5) rotate(30)\" width=\"4\" "
                                  "height=\"3\" fill=\"url(#p)\"/>"),
                       16.0 / 1200, 1e-9);
    /* the pattern's own transform, and its template's width */
    assert_float_equal(
        tile("<pattern id=\"a\" width=\"4\" height=\"4\" "
             "patternUnits=\"userSpaceOnUse\"/><pattern id=\"p\" xlink:href=\"#a\" "
             "patternTransform=\"scale(3)\"><rect width=\"1\" height=\"1\"/></pattern>"
             "<rect width=\"40\" height=\"30\" fill=\"url(#p)\"/>"),
        144.0 / 1200, 1e-9);
    /* a group's fill reaches the shapes below it, each in its own units */
    assert_float_equal(tile(USER4 "<g fill=\"url(#p)\"><rect width=\"1\" height=\"1\"/>"
                                  "<rect transform=\"scale(6)\" width=\"1\" height=\"1\"/></g>"),
                       576.0 / 1200, 1e-9);
}

static void viewports(void **state)
{
    (void)state;
    /* the document's own size does not matter: a tile over the SVG's size */
    scene_svg_tiles t;
    check_doc(" width=\"400\" height=\"300\"",
              USER4 "<rect width=\"40\" height=\"30\" fill=\"url(#p)\"/>", &t, NULL, 0);
    assert_float_equal(t.tile, 16.0 / 1200, 1e-9);
    /* a nested svg whose viewBox enlarges 10 times */
    assert_float_equal(tile(USER4 "<svg width=\"10\" height=\"10\" viewBox=\"0 0 1 1\"><rect "
                                  "width=\"1\" height=\"1\" fill=\"url(#p)\"/></svg>"),
                       1600.0 / 1200, 1e-9);
    /* a symbol sized by the use that draws it */
    assert_float_equal(tile(USER4 "<symbol id=\"s\" viewBox=\"0 0 1 1\"><rect width=\"1\" "
                                  "height=\"1\" fill=\"url(#p)\"/></symbol><use xlink:href=\"#s\" "
                                  "width=\"5\" height=\"5\"/>"),
                       400.0 / 1200, 1e-9);
    /* a use's transform */
    assert_float_equal(tile(USER4 "<defs><rect id=\"r\" width=\"1\" height=\"1\" "
                                  "fill=\"url(#p)\"/></defs><use xlink:href=\"#r\" "
                                  "transform=\"scale(7)\"/>"),
                       784.0 / 1200, 1e-9);
    /* a marker: stroke width 10, 3 stroke widths over a viewBox of 1 */
    assert_float_equal(
        tile("<pattern id=\"p\" width=\"1\" height=\"1\" patternUnits=\"userSpaceOnUse\"/>"
             "<marker id=\"m\" viewBox=\"0 0 1 1\"><rect width=\"1\" height=\"1\" "
             "fill=\"url(#p)\"/></marker><path d=\"M1 1 L9 9\" stroke=\"black\" "
             "stroke-width=\"10\" marker-end=\"url(#m)\"/>"),
        900.0 / 1200, 1e-9);
}

static void style_sheets(void **state)
{
    (void)state;
    /* a rule fills the elements its selector names, not the large rect */
    const char *sheet = "<style>.f { fill: url(#p) } .big { transform: scale(20) }</style>"
                        "<pattern id=\"p\" width=\"1\" height=\"1\"><rect width=\"1\" "
                        "height=\"1\"/></pattern>";
    char *body = g_strconcat(sheet,
                             "<rect width=\"400\" height=\"300\"/><circle class=\"x f\" cx=\"10\" "
                             "cy=\"10\" r=\"8\"/>",
                             NULL);
    assert_float_equal(tile(body), 256.0 / 1200, 1e-9);
    g_free(body);
    /* and a transform the elements its selector names */
    body = g_strconcat(sheet,
                       "<circle class=\"f\" cx=\"10\" cy=\"10\" r=\"2\"/><circle class=\"f big\" "
                       "cx=\"10\" cy=\"10\" r=\"2\"/>",
                       NULL);
    char msg[512];
    assert_true(check_doc("", body, NULL, msg, sizeof msg) < 0);
    assert_non_null(strstr(msg, "about 5.33 times")); /* (4 * 20)^2 / 1200 */
    g_free(body);
    /* a transform in the style attribute */
    assert_true(tile(USER4 "<rect style=\"transform: scale(20)\" width=\"1\" height=\"1\" "
                           "fill=\"url(#p)\"/>") < 0);
}

static void all_tiles(void **state)
{
    (void)state;
    /* each circle draws its own 16x16 tile: 100 of them 21 times the SVG */
    GString *b = g_string_new("<pattern id=\"p\" width=\"1\" height=\"1\"/><g fill=\"url(#p)\">");
    for (int i = 0; i < 100; i++)
        g_string_append(b, "<circle cx=\"10\" cy=\"10\" r=\"8\"/>");
    g_string_append(b, "</g>");
    scene_svg_tiles t;
    char msg[512];
    check_doc("", b->str, &t, msg, sizeof msg);
    assert_float_equal(t.tiles, 100 * 256.0 / 1200, 1e-9);
    g_string_truncate(b, b->len - 4);
    for (int i = 0; i < 100; i++)
        g_string_append(b, "<circle cx=\"10\" cy=\"10\" r=\"8\"/>");
    g_string_append(b, "</g>");
    assert_true(check_doc("", b->str, NULL, msg, sizeof msg) < 0);
    assert_non_null(strstr(msg, "about 42.7 times its own size all together (at most 32)"));
    g_string_free(b, TRUE);
}

static void write_file(const char *name, const char *text)
{
    char *file = g_build_filename(dir, name, NULL);
    g_file_set_contents(file, text, -1, NULL);
    g_free(file);
}

static void nested_documents(void **state)
{
    (void)state;
    /* An SVG drawn inside as an image is drawn as pixels at its own size:
     * its tiles are bounded against it, whatever size it is drawn at. */
    write_file("inner.svg", "<svg xmlns='http://www.w3.org/2000/svg' width='40' height='30'>"
                            "<pattern id='p' width='1' height='1'/><rect width='40' height='30' "
                            "fill='url(#p)'/></svg>");
    assert_float_equal(tile("<image href=\"inner.svg\" width=\"400\" height=\"300\"/>"), 0, 0);
    write_file("inner.svg", "<svg xmlns='http://www.w3.org/2000/svg' width='40' height='30'>"
                            "<pattern id='p' width='40' height='30'/><circle r='8' "
                            "fill='url(#p)'/></svg>");
    char msg[512];
    assert_true(check_doc("", "<image href=\"inner.svg\" width=\"4\" height=\"3\"/>", NULL, msg,
                          sizeof msg) < 0);
    assert_non_null(
        strstr(msg, "line 2: inner.svg: line 1: a pattern's tile would measure about 256"));
    /* Its pixels count as a picture's: one side and the viewBox's
     * proportions give the other (20000 by 10000). */
    write_file("inner.svg", "<svg xmlns='http://www.w3.org/2000/svg' width='20000' "
                            "viewBox='0 0 2 1'/>");
    assert_true(check_doc("", "<image href=\"inner.svg\" width=\"4\" height=\"3\"/>", NULL, msg,
                          sizeof msg) < 0);
    assert_non_null(strstr(msg, "inner.svg: a picture of 20000x10000 pixels drawn inside the SVG"));
    /* three of 4000 by 4000, drawn twice each: 48 million pixels */
    write_file("inner.svg", "<svg xmlns='http://www.w3.org/2000/svg' width='4000' height='4000'/>");
    write_file("a.svg", "<svg xmlns='http://www.w3.org/2000/svg' width='4000' height='4000'/>");
    assert_true(tile("<image href=\"inner.svg\"/><image href=\"a.svg\"/><image "
                     "href=\"inner.svg\"/><image href=\"a.svg\"/>") == 0);
    write_file("b.svg", "<svg xmlns='http://www.w3.org/2000/svg' width='4000' height='4000'/>");
    assert_true(check_doc("",
                          "<image href=\"inner.svg\"/><image href=\"a.svg\"/><image "
                          "href=\"b.svg\"/>",
                          NULL, msg, sizeof msg) < 0);
    assert_non_null(
        strstr(msg, "line 2: the pictures drawn inside the SVG add up to more than 40"));
}

static void transform_bounds(void **state)
{
    (void)state;
    assert_float_equal(svgx_transform_scale(""), 1, 0);
    assert_float_equal(svgx_transform_scale("scale(2 3)"), 3, 1e-12);
    assert_float_equal(svgx_transform_scale("matrix(2,0,0,2,100,100) scale(0.5)"), 1, 1e-12);
    assert_float_equal(svgx_transform_scale("rotate(45) translate(1e6)"), 1, 1e-12);
    /* a shear of 45 degrees, as many units (1 + tan) */
    assert_float_equal(svgx_transform_scale("skewX(45)"), 2, 1e-9);
    assert_float_equal(svgx_transform_scale("skewX(0.785398rad)"), 2, 1e-5);
    assert_true(svgx_transform_scale("scale(1e308) scale(1e308)") == HUGE_VAL);
    double w, h;
    assert_true(svgx_viewbox("0,0 40 30", &w, &h));
    assert_float_equal(w * h, 1200, 0);
    assert_false(svgx_viewbox("0 0 0 30", &w, &h));
}

static void selectors(void **state)
{
    (void)state;
    GPtrArray *k = svgs_subjects("g > rect.a.b:hover, #x [fill], svg|circle , * ,.c\\.d");
    assert_int_equal(k->len, 5);
    svgs_subject *s = k->pdata[0];
    assert_string_equal(s->tag, "rect");
    assert_int_equal(s->cls->len, 2);
    assert_true(svgs_match(s, "rect", NULL, "b x a"));
    assert_false(svgs_match(s, "rect", NULL, "a"));
    s = k->pdata[1]; /* the subject is [fill]: any element */
    assert_null(s->tag);
    assert_null(s->id);
    assert_true(svgs_match(s, "path", NULL, NULL));
    s = k->pdata[2];
    assert_string_equal(s->tag, "circle");
    s = k->pdata[4]; /* an escaped point is part of the class */
    assert_string_equal(s->cls->pdata[0], "c.d");
    g_ptr_array_unref(k);
}

static int count_rule(const char *sel, const char *decls, void *data)
{
    (void)decls;
    g_string_append_printf(data, "[%s]", sel);
    return 0;
}

static void rules(void **state)
{
    (void)state;
    GString *seen = g_string_new(NULL);
    svgs_rules("/* a { } */ a{x:'}'} @media print { b { y: 1 } } @import 'x'; c\\{ {}", count_rule,
               seen);
    assert_string_equal(seen->str, "[a][b][c\\{]");
    g_string_free(seen, TRUE);
}

static int setup(void **state)
{
    (void)state;
    dir = g_dir_make_tmp("svgtiles-XXXXXX", NULL);
    return dir ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    const char *names[] = {"t.svg", "inner.svg", "a.svg", "b.svg"};
    for (size_t i = 0; i < G_N_ELEMENTS(names); i++) {
        char *p = g_build_filename(dir, names[i], NULL);
        g_unlink(p);
        g_free(p);
    }
    g_rmdir(dir);
    g_free(dir);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(finding_refused),
        cmocka_unit_test(user_units_and_transforms),
        cmocka_unit_test(viewports),
        cmocka_unit_test(style_sheets),
        cmocka_unit_test(all_tiles),
        cmocka_unit_test(nested_documents),
        cmocka_unit_test(transform_bounds),
        cmocka_unit_test(selectors),
        cmocka_unit_test(rules),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}

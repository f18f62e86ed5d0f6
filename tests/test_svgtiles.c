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
    /* translations do not; a rotation turns the tile, drawn as the box
     * around it (at most its area plus half its sides squared) */
    assert_float_equal(tile(USER4 "<rect transform=\"translate(5 5) scale(1 1)\" width=\"4\" "
                                  "height=\"3\" fill=\"url(#p)\"/>"),
                       16.0 / 1200, 1e-9);
    assert_float_equal(tile(USER4 "<rect transform=\"translate(5 5) rotate(30)\" width=\"4\" "
                                  "height=\"3\" fill=\"url(#p)\"/>"),
                       32.0 / 1200, 1e-9);
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
    for (int i = 0; i < 400; i++)
        g_string_append(b, "<circle cx=\"10\" cy=\"10\" r=\"8\"/>");
    g_string_append(b, "</g>");
    assert_true(check_doc("", b->str, NULL, msg, sizeof msg) < 0);
    assert_non_null(strstr(msg, "about 107 times its own size all together (at most 100)"));
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

/* Cases two reviews found: SVGs that passed an earlier version of the
 * bound and took 500 MB to 3 GB at 300 dpi, and ordinary ones it refused. */
static const struct {
    const char *what, *svg;
    bool refused;
} review[] = {
    {"a circle's radius in CSS",
     "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 40 30\"><defs><pattern id=\"p\" "
     "width=\"40\" height=\"30\" viewBox=\"0 0 40 30\"><rect width=\"40\" "
     "height=\"30\"/></pattern></defs><circle cx=\"15\" cy=\"15\" style=\"r:15px\" "
     "fill=\"url(#p)\"/></svg>",
     true},
    {"a comment inside a string hides nothing",
     "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 40 30\"><defs><pattern id=\"p\" "
     "width=\"40\" height=\"30\" viewBox=\"0 0 40 30\"><rect width=\"40\" "
     "height=\"30\"/></pattern></defs><circle cx=\"15\" cy=\"15\" r=\"15\" "
     "style='font-family:\"/*\";fill:url(#p);stroke:\"*/\"'/></svg>",
     true},
    {"a brace inside url( does not end the rule",
     "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 40 "
     "30\"><style>circle{stroke:url(}x{);fill:url(#p)}</style><defs><pattern id=\"p\" width=\"40\" "
     "height=\"30\" viewBox=\"0 0 40 30\"><rect width=\"40\" "
     "height=\"30\"/></pattern></defs><circle cx=\"15\" cy=\"15\" r=\"15\"/></svg>",
     true},
    {"a class starting with an escaped digit",
     "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 40 30\"><style>.\\31 "
     "a{fill:url(#p)}</style><defs><pattern id=\"p\" width=\"40\" height=\"30\" viewBox=\"0 0 40 "
     "30\"><rect width=\"40\" height=\"30\"/></pattern></defs><circle class=\"1a\" cx=\"15\" "
     "cy=\"15\" r=\"15\"/></svg>",
     true},
    {"href wins over xlink:href",
     "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
     "viewBox=\"0 0 40 30\"><defs>\n<pattern id=\"big\" width=\"40\" height=\"30\" viewBox=\"0 0 "
     "40 30\"><rect width=\"40\" height=\"30\"/></pattern>\n<pattern id=\"small\" width=\"0.1\" "
     "height=\"0.1\" viewBox=\"0 0 40 30\"><rect width=\"40\" height=\"30\"/></pattern>\n<pattern "
     "id=\"q\" xlink:href=\"#small\" href=\"#big\"/></defs>\n<circle cx=\"15\" cy=\"15\" r=\"15\" "
     "fill=\"url(#q)\"/></svg>",
     true},
    {"an attribute in another namespace is not read",
     "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
     "xmlns:x=\"urn:x\" viewBox=\"0 0 40 30\"><defs>\n<pattern id=\"big\" width=\"40\" "
     "height=\"30\" viewBox=\"0 0 40 30\"><rect width=\"40\" height=\"30\"/></pattern>\n<pattern "
     "id=\"small\" width=\"0.1\" height=\"0.1\" viewBox=\"0 0 40 30\"><rect width=\"40\" "
     "height=\"30\"/></pattern>\n<pattern id=\"q\" x:href=\"#small\" "
     "xlink:href=\"#big\"/></defs>\n<circle cx=\"15\" cy=\"15\" r=\"15\" fill=\"url(#q)\"/></svg>",
     true},
    {"a use follows href, not xlink:href",
     "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
     "viewBox=\"0 0 40 30\"><defs><pattern id=\"p\" width=\"40\" height=\"30\" viewBox=\"0 0 40 "
     "30\"><rect width=\"40\" height=\"30\"/></pattern>\n<circle id=\"big\" cx=\"15\" cy=\"15\" "
     "r=\"15\"/><circle id=\"small\" cx=\"1\" cy=\"1\" r=\"0.1\"/></defs>\n<use href=\"#big\" "
     "xlink:href=\"#small\" fill=\"url(#p)\"/></svg>",
     true},
    {"context-fill draws the path's pattern in the marker",
     "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 40 30\"><defs>\n<pattern id=\"p\" "
     "width=\"3\" height=\"3\" patternUnits=\"userSpaceOnUse\"><rect width=\"3\" "
     "height=\"3\"/></pattern>\n<marker id=\"m\" markerUnits=\"userSpaceOnUse\" markerWidth=\"40\" "
     "markerHeight=\"40\" viewBox=\"0 0 0.1 0.1\"><rect width=\"0.1\" height=\"0.1\" "
     "fill=\"context-fill\"/></marker></defs>\n<path d=\"M1 1L2 2\" fill=\"url(#p)\" "
     "marker-start=\"url(#m)\"/></svg>",
     true},
    {"a turned tile is drawn as its box",
     "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 40 30\"><defs>\n<pattern id=\"p\" "
     "width=\"2000\" height=\"1\" patternUnits=\"userSpaceOnUse\" "
     "patternTransform=\"rotate(45)\"><rect width=\"2000\" "
     "height=\"0.5\"/></pattern></defs>\n<rect width=\"40\" height=\"30\" fill=\"url(#p)\"/></svg>",
     true},
    {"a relative font size in a style sheet grows at each level",
     "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 40 "
     "30\"><style>g{font-size:300%}</style><defs>\n<pattern id=\"p\" width=\"1em\" height=\"1em\" "
     "patternUnits=\"userSpaceOnUse\"><rect width=\"10000\" "
     "height=\"10000\"/></pattern></defs>\n<g><g><g><g><rect width=\"4\" height=\"4\" "
     "fill=\"url(#p)\"/></g></g></g></g></svg>",
     true},
    {"100% of the viewport",
     "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"400\" height=\"300\" viewBox=\"0 0 400 "
     "300\"><defs>\n<pattern id=\"bg\" width=\"100%\" height=\"100%\" "
     "patternUnits=\"userSpaceOnUse\"><rect width=\"400\" height=\"300\" fill=\"#eef\"/><circle "
     "cx=\"200\" cy=\"150\" r=\"100\" fill=\"#ccf\"/></pattern></defs>\n<rect width=\"400\" "
     "height=\"300\" fill=\"url(#bg)\"/></svg>",
     false},
    {"a text's box, line by line",
     "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"400\" height=\"300\" viewBox=\"0 0 400 "
     "300\"><defs>\n<pattern id=\"tex\" width=\"8\" height=\"8\" "
     "patternUnits=\"userSpaceOnUse\"><rect width=\"4\" height=\"8\" "
     "fill=\"#c00\"/></pattern>\n<pattern id=\"grad\" width=\"1\" height=\"1\" viewBox=\"0 0 10 "
     "10\" preserveAspectRatio=\"none\"><rect width=\"10\" height=\"10\" fill=\"#fc0\"/><rect "
     "width=\"10\" height=\"5\" fill=\"#f80\"/></pattern></defs>\n<rect width=\"400\" "
     "height=\"300\" fill=\"#fff\"/>\n<text x=\"200\" y=\"160\" font-size=\"48\" "
     "text-anchor=\"middle\" fill=\"url(#grad)\">Hello World</text></svg>",
     false},
    {"a group drawn at a tenth",
     "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"400\" height=\"300\" viewBox=\"0 0 400 "
     "300\"><defs>\n<pattern id=\"bg\" width=\"4000\" height=\"3000\" "
     "patternUnits=\"userSpaceOnUse\"><rect width=\"4000\" height=\"3000\" fill=\"#eef\"/><circle "
     "cx=\"2000\" cy=\"1500\" r=\"1000\" fill=\"#ccf\"/></pattern></defs>\n<g "
     "transform=\"scale(0.1)\"><rect width=\"4000\" height=\"3000\" fill=\"url(#bg)\"/></g></svg>",
     false},
    {"a paint server from a data: document",
     "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"30\" viewBox=\"0 0 40 "
     "30\"><rect "
     "fill=\"url(data:image/"
     "svg+xml;base64,"
     "PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciPjxwYXR0ZXJuIGlkPSJwIiB3aWR0aD0iMzAiIGhla"
     "WdodD0iMzAiPjxyZWN0IHdpZHRoPSIxMDAwMDAiIGhlaWdodD0iMTAwMDAwIiBmaWxsPSJibHVlIi8+"
     "PC9wYXR0ZXJuPjwvc3ZnPg==#p)\" width=\"40\" height=\"30\"/></svg>",
     true},
    {"an escape inside a quoted url()",
     "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"30\" viewBox=\"0 0 40 "
     "30\"><pattern id=\"p\" width=\"30\" height=\"30\"><rect width=\"100000\" height=\"100000\" "
     "fill=\"blue\"/></pattern><rect fill=\"url('#\\70')\" width=\"40\" height=\"30\"/></svg>",
     true},
    {"an escape inside a quoted url() in a sheet",
     "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"30\" viewBox=\"0 0 40 "
     "30\"><style>.r{fill:url(\"#\\70\")}</style><pattern id=\"p\" width=\"30\" "
     "height=\"30\"><rect width=\"100000\" height=\"100000\" fill=\"blue\"/></pattern><rect "
     "class=\"r\" width=\"40\" height=\"30\"/></svg>",
     true},
    {"a bad url( ends at its first )",
     "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"30\" viewBox=\"0 0 40 "
     "30\"><style>q{a:url(x(); } .r{fill:url(#p)} q{b:)}</style><pattern id=\"p\" width=\"30\" "
     "height=\"30\"><rect width=\"100000\" height=\"100000\" fill=\"blue\"/></pattern><rect "
     "class=\"r\" width=\"40\" height=\"30\"/></svg>",
     true},
    {"a quote inside an unquoted url(",
     "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"30\" viewBox=\"0 0 40 "
     "30\"><style>q{a:url(a'b)} .r{fill:url(#p)}</style><pattern id=\"p\" width=\"30\" "
     "height=\"30\"><rect width=\"100000\" height=\"100000\" fill=\"blue\"/></pattern><rect "
     "class=\"r\" width=\"40\" height=\"30\"/></svg>",
     true},
    {"an id selector with an escaped space",
     "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"30\" viewBox=\"0 0 40 "
     "30\"><style>#a\\ b{fill:url(#p)}</style><pattern id=\"p\" width=\"30\" height=\"30\"><rect "
     "width=\"100000\" height=\"100000\" fill=\"blue\"/></pattern><rect id=\"a b\" width=\"40\" "
     "height=\"30\"/></svg>",
     true},
    {"baseline-shift grows a text's box",
     "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"30\" viewBox=\"0 0 40 "
     "30\"><pattern id=\"p\" width=\"1\" height=\"1\"><rect width=\"100000\" height=\"100000\" "
     "fill=\"blue\"/></pattern><text x=\"0\" y=\"28\" font-size=\"2\" "
     "fill=\"url(#p)\">"
     "MMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMM"
     "MMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMM<tspan "
     "baseline-shift=\"2700\">M</tspan></text></svg>",
     true},
    {"an Inkscape arrow (context-stroke) beside a hatch",
     "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40mm\" height=\"30mm\" viewBox=\"0 0 40 "
     "30\">\n  <defs>\n    <pattern id=\"hatch\" patternUnits=\"userSpaceOnUse\" width=\"2\" "
     "height=\"2\" patternTransform=\"rotate(45)\">\n      <path d=\"M0 0V2\" stroke=\"#333\" "
     "stroke-width=\"0.5\"/>\n    </pattern>\n    <marker style=\"overflow:visible\" "
     "id=\"ArrowWide\" refX=\"0\" refY=\"0\" orient=\"auto-start-reverse\" markerWidth=\"1\" "
     "markerHeight=\"1\" viewBox=\"0 0 1 1\" preserveAspectRatio=\"xMidYMid\">\n      <path "
     "style=\"fill:none;stroke:context-stroke;stroke-width:1;stroke-linecap:butt\" d=\"M 3,-3 0,0 "
     "3,3\" transform=\"rotate(180,0.125,0)\"/>\n    </marker>\n  </defs>\n  <rect x=\"2\" y=\"2\" "
     "width=\"20\" height=\"14\" fill=\"url(#hatch)\" stroke=\"#000\" stroke-width=\"0.3\"/>\n  "
     "<path d=\"M 25,25 H 37\" "
     "style=\"fill:none;stroke:#000;stroke-width:0.5;marker-end:url(#ArrowWide)\"/>\n</svg>",
     false},
};

static int check_svg(const char *svg, char *msg, size_t n)
{
    char *path = g_build_filename(dir, "r.svg", NULL);
    g_file_set_contents(path, svg, -1, NULL);
    pn_err err = {0};
    int r = scene_svg_check(path, svg, strlen(svg), NULL, &err);
    g_strlcpy(msg, r ? err.msg : "", n);
    g_unlink(path);
    g_free(path);
    return r;
}

static void review_cases(void **state)
{
    (void)state;
    char msg[512];
    for (size_t i = 0; i < G_N_ELEMENTS(review); i++) {
        int r = check_svg(review[i].svg, msg, sizeof msg);
        if ((r != 0) != review[i].refused)
            fail_msg("%s: %s (%s)", review[i].what, review[i].refused ? "drawn" : "refused", msg);
    }
    /* a text of 1000 pieces fills 1000 tiles */
    GString *t =
        g_string_new("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 40 30'>"
                     "<pattern id='p' width='40' height='30' patternUnits='userSpaceOnUse'/>"
                     "<text font-size='30' fill='url(#p)'>");
    for (int i = 0; i < 1000; i++)
        g_string_append(t, "<tspan x='5' y='28'>M</tspan>");
    g_string_append(t, "</text></svg>");
    assert_int_equal(check_svg(t->str, msg, sizeof msg), -1);
    assert_non_null(strstr(msg, "pattern tiles would measure about"));
    g_string_free(t, TRUE);
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
        cmocka_unit_test(review_cases),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}

/* test_hardening.c: the limits and safety nets behind hostile input: YAML limits
 * checked before a tree is built, one-line error messages, the page budget of a
 * scene, a JPEG's scans counted before decoding, a --ttf font's character
 * map checked before libharu reads it, and outputs that are committed
 * together or not at all. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include "measurer.h"
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>
#include "scene/fill.h"
#include "scene/scene.h"
#include "util/value.h"
#include "util/err.h"
#include "util/cff.h"
#include "util/fonts.h"
#include "util/jpeg.h"
#include "util/otl.h"
#include "util/picture.h"
#include "util/sfnt_draw.h"
#include "util/tiff.h"
#include "util/outfile.h"
#include "util/yml.h"
#include "util/yml_docs.h"

/* The message of loading text as "t.yaml" (which must fail). */
static const char *yml_error(const char *text, size_t len)
{
    static pn_err err;
    pn_err_clear(&err);
    pn_yml *y = pn_yml_load_buffer("t.yaml", text, len, &err);
    assert_null(y);
    assert_int_equal(err.status, PN_EINPUT);
    return err.msg;
}

static void test_yml_bytes(void **state)
{
    assert_string_equal(yml_error("a: 1\nb: x\0y\n", 12), "t.yaml:2:5: NUL byte in the text");
    assert_string_equal(yml_error("a: 1\nb: \xc3\xa9\xff\n", 11),
                        "t.yaml:2:5: not valid UTF-8 (save the file as UTF-8)");
    /* libfyaml 0.7 crashes on this; the tab is refused before it parses. */
    assert_string_equal(yml_error("a: 1\n? b:\t:\n", 12),
                        "t.yaml:2:5: a tab character; YAML is indented and separated with "
                        "spaces (in a quoted text, write \\t)");
    pn_err ok = {0};
    pn_yml *c = pn_yml_load_buffer("t.yaml", "a: 1 #\tcomment\n#\tmore\n", 22, &ok);
    assert_non_null(c);
    pn_yml_free(c);
    GString *s = g_string_new("a: 1\nb: ");
    for (int i = 0; i < PN_YML_MAX_LINE; i++)
        g_string_append_c(s, 'x');
    g_string_append_c(s, '\n');
    assert_string_equal(yml_error(s->str, s->len), "t.yaml:2:16385: line longer than 16384 bytes");
    /* Exactly at the limit is fine. */
    g_string_truncate(s, 5 + PN_YML_MAX_LINE);
    g_string_append_c(s, '\n');
    pn_err err = {0};
    pn_yml *y = pn_yml_load_buffer("t.yaml", s->str, s->len, &err);
    assert_non_null(y);
    pn_yml_free(y);
    g_string_free(s, TRUE);
}

static void test_yml_structure(void **state)
{
    /* Nodes: a list of 50000 scalars is one node too many with its mapping. */
    GString *s = g_string_new("a:\n");
    for (int i = 0; i < PN_YML_MAX_NODES; i++)
        g_string_append(s, "- 1\n");
    assert_string_equal(yml_error(s->str, s->len),
                        "t.yaml:49999:3: document too large: more than 50000 nodes");
    /* Nesting: 33 levels of block mappings. */
    g_string_truncate(s, 0);
    for (int i = 0; i < 33; i++)
        g_string_append_printf(s, "%*sk:\n", 2 * i, "");
    g_string_append_printf(s, "%*s1\n", 66, "");
    assert_string_equal(yml_error(s->str, s->len), "t.yaml:33:65: nesting deeper than 32 levels");
    /* A scalar longer than the limit, written as a block over many lines. */
    g_string_assign(s, "a: |\n");
    for (int i = 0; i < 700; i++)
        g_string_append_printf(s, "  %0100d\n", i);
    assert_string_equal(yml_error(s->str, s->len), "t.yaml:2:1: a value longer than 65536 bytes");
    g_string_free(s, TRUE);
    /* Duplicate keys are found in linear time and named at the second one. */
    assert_string_equal(yml_error("a: 1\nb: 2\na: 3\n", 15), "t.yaml:3:1: duplicate key 'a'");
    /* Aliases expand; one naming no anchor before it (or its own open
     * collection) is refused at its place, and what aliases expand to counts
     * against the limits before anything is expanded: aliases of aliases of
     * 200 items pass 50 000 nodes on the third level. */
    assert_string_equal(yml_error("a: *x\n", 6),
                        "t.yaml:1:4: *x: no anchor &x stands before it (or it is still open)");
    assert_string_equal(yml_error("a: &x [1, *x]\n", 14),
                        "t.yaml:1:11: *x: no anchor &x stands before it (or it is still open)");
    GString *b = g_string_new("a0: &a0 [");
    for (int i = 0; i < 200; i++)
        g_string_append(b, i ? ", x" : "x");
    g_string_append(b, "]\n");
    for (int lvl = 1; lvl <= 3; lvl++) {
        g_string_append_printf(b, "a%d: &a%d [", lvl, lvl);
        for (int i = 0; i < 200; i++)
            g_string_append_printf(b, "%s*a%d", i ? ", " : "", lvl - 1);
        g_string_append(b, "]\n");
    }
    const char *bomb = yml_error(b->str, b->len);
    assert_non_null(strstr(bomb, "document too large: more than 50000 nodes (aliases expanded)"));
    assert_true(strncmp(bomb, "t.yaml:3:", 9) == 0); /* on a2's line: a1 expands to 40 201 nodes */
    g_string_free(b, TRUE);
    /* Nesting counts what an alias expands to. */
    GString *d = g_string_new("a: &a ");
    for (int i = 0; i < 20; i++)
        g_string_append_c(d, '[');
    for (int i = 0; i < 20; i++)
        g_string_append_c(d, ']');
    g_string_append(d, "\nb: [[[[[[[[[[[[[[*a]]]]]]]]]]]]]]\n");
    assert_non_null(
        strstr(yml_error(d->str, d->len), "nesting deeper than 32 levels (aliases expanded)"));
    g_string_free(d, TRUE);
}

static void test_yml_parser_crash(void **state)
{
    /* libfyaml 0.7 crashes while it reports the error in this file (found by
     * fuzzing); libyaml refuses it first, in this process, with its place. */
    gchar *text;
    gsize len;
    assert_true(g_file_get_contents(PNPKIT_SOURCE_DIR
                                    "/fuzz/regressions/template/libfyaml-crash-error-display.yaml",
                                    &text, &len, NULL));
    assert_string_equal(yml_error(text, len),
                        "t.yaml:2:17: invalid YAML: control characters are not allowed");
    /* The same again, then a good document. */
    assert_string_equal(yml_error(text, len),
                        "t.yaml:2:17: invalid YAML: control characters are not allowed");
    g_free(text);
    pn_err err = {0};
    pn_yml *y = pn_yml_load_buffer("t.yaml", "a: [1, 2]\n", 10, &err);
    assert_non_null(y);
    pn_yml_free(y);
}

static void test_yml_copies_buffer(void **state)
{
    /* The document must not point into the caller's buffer. */
    char *text = g_strdup("name: kept\n");
    pn_err err = {0};
    pn_yml *y = pn_yml_load_buffer("t.yaml", text, strlen(text), &err);
    assert_non_null(y);
    memset(text, 'z', strlen(text));
    g_free(text);
    assert_string_equal(pn_yml_scalar(pn_yml_get(pn_yml_root(y), "name")), "kept");
    pn_yml_free(y);
}

static void test_yml_stream_limits_in_order(void **state)
{
    /* Documents before the one over a limit are returned; then the error. */
    char *path = g_build_filename(g_get_tmp_dir(), "pnpkit-test-stream-XXXXXX", NULL);
    int fd = g_mkstemp(path);
    assert_true(fd >= 0);
    GString *s = g_string_new("a: 1\n---\na: 2\n---\na:\n");
    for (int i = 0; i < 33; i++)
        g_string_append_printf(s, "%*s- k:\n", 2 * i + 2, "");
    g_string_append(s, "---\na: 4\n");
    assert_int_equal(write(fd, s->str, s->len), (ssize_t)s->len);
    close(fd);
    pn_err err = {0};
    yml_docs *st = yml_docs_open(path, &err);
    assert_non_null(st);
    yml_doc d;
    const char *want_a[] = {"1", "2", NULL, "4"};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(yml_docs_next(st, &d, &err), 1);
        pn_yml *y = yml_doc_parse(&d, "document", &err);
        if (!want_a[i]) {
            /* The error is placed counting from the start of the stream. */
            assert_null(y);
            char *want = g_strdup_printf("%s:21:35: nesting deeper than 32 levels", path);
            assert_string_equal(err.msg, want);
            g_free(want);
            continue;
        }
        assert_non_null(y);
        assert_string_equal(pn_yml_scalar(pn_yml_get(pn_yml_root(y), "a")), want_a[i]);
        pn_yml_free(y);
    }
    assert_int_equal(yml_docs_next(st, &d, &err), 0);
    yml_docs_close(st);
    g_unlink(path);
    g_free(path);
    g_string_free(s, TRUE);
}

static void test_messages_are_one_line(void **state)
{
    pn_err err;
    pn_err_at(&err, "t.yaml", 2, 3, "unknown type '%s'", "i\n\nt\tx\x01");
    assert_string_equal(err.msg, "t.yaml:2:3: unknown type 'i\\n\\nt\\tx\\x01'");
    /* Bytes that are not UTF-8 (a Latin-1 argument) are escaped, the rest kept. */
    pn_err_set(&err, PN_EINPUT, "--set title=%s: bad", "caf\xe9 \xe2\x98\x89");
    assert_string_equal(err.msg, "--set title=caf\\xe9 \xe2\x98\x89: bad");
    /* A right-to-left override, a line separator and a C1 control from a
     * data file are escaped; other letters of any script are kept. */
    pn_err_set(&err, PN_EINPUT, "name: '%s'",
               "a\xe2\x80\xae"
               "b\xe2\x80\xa8"
               "c\xc2\x85"
               "d\xd7\x90");
    assert_string_equal(err.msg, "name: 'a\\u202eb\\u2028c\\u0085d\xd7\x90'");
    /* Too long for the buffer: the middle goes, at whole characters, and
     * both the place and the reason stay. */
    GString *s = g_string_new(NULL);
    while (s->len < 100000)
        g_string_append(s, "\xe2\x98\x89"); /* U+2609, three bytes */
    pn_err_at(&err, "t.yaml", 4, 2, "title: '%s' is %s", s->str, "too long");
    assert_true(g_utf8_validate(err.msg, -1, NULL));
    assert_true(strlen(err.msg) < sizeof err.msg && strlen(err.msg) > sizeof err.msg - 8);
    assert_true(g_str_has_prefix(err.msg, "t.yaml:4:2: title: '\xe2\x98\x89"));
    assert_true(g_str_has_suffix(err.msg, "\xe2\x98\x89' is too long"));
    assert_non_null(strstr(err.msg, "\xe2\x98\x89\xe2\x80\xa6\xe2\x98\x89"));
    /* A message may quote the one it replaces. */
    pn_err_set(&err, PN_EIO, "cannot read: %s", err.msg);
    assert_true(g_str_has_prefix(err.msg, "cannot read: t.yaml:4:2: ") && err.status == PN_EIO);
    g_string_free(s, TRUE);
}

static void test_value_bounds(void **state)
{
    /* Found by fuzzing: the message read the list after it was freed. */
    pv_pool *pool = pv_pool_new();
    pv_spec sp = {.name = "w", .type = PV_NUMLIST};
    const char *items[] = {"1", "999999999999999999991"};
    pv_value v;
    char why[128];
    assert_int_equal(pv_parse_list(&sp, items, 2, pool, &v, why, sizeof why), -1);
    assert_string_equal(why, "item 2: 999999999999999999991 is out of range (-1000000 to 1000000)");
    /* Strings have both bounds, and pnpkit list shows them. */
    pv_spec id = {.name = "id", .type = PV_STRING, .min = 1, .max = 4};
    assert_int_equal(pv_parse(&id, "", pool, &v, why, sizeof why), -1);
    assert_string_equal(why, "must not be empty");
    assert_int_equal(pv_parse(&id, "abcde", pool, &v, why, sizeof why), -1);
    assert_string_equal(why, "text longer than 4 bytes");
    assert_int_equal(pv_parse(&id, "abcd", pool, &v, why, sizeof why), 0);
    char *d = pv_describe(&id);
    assert_string_equal(d, "string of 1..4 bytes");
    g_free(d);
    d = pv_describe(&sp);
    assert_string_equal(d, "numbers of 0..1000 items");
    g_free(d);
    pv_pool_free(pool);
}

/* Deep flow nesting is refused as it is read, at the 33rd level: libyaml
 * does work in proportion to the open collections for every token, so
 * 200,000 nested '[' (400 KB) once took minutes. */
static void test_yml_deep_flow_linear(void **state)
{
    (void)state;
    for (int shape = 0; shape < 2; shape++) {
        GString *s = g_string_new("red: ");
        for (int i = 0; i < 200000; i++)
            g_string_append(s, shape ? "{a: \n" : "[\n");
        for (int i = 0; i < 200000; i++)
            g_string_append(s, shape ? "}\n" : "]\n");
        gint64 t0 = g_get_monotonic_time();
        assert_string_equal(yml_error(s->str, s->len),
                            "t.yaml:32:1: nesting deeper than 32 levels");
        assert_true(g_get_monotonic_time() - t0 < 2 * G_USEC_PER_SEC);
        g_string_free(s, TRUE);
    }
}

/* A number too small or too large for a double is still a number: read as
 * the nearest double, or refused as out of range with the text as written. */
static void test_value_extreme_numbers(void **state)
{
    pv_pool *pool = pv_pool_new();
    pv_spec tint = {.name = "tint", .type = PV_NUMBER, .min = 0, .max = 1};
    pv_value v;
    char why[128];
    assert_int_equal(pv_parse(&tint, "1e-320", pool, &v, why, sizeof why), 0);
    assert_true(v.num >= 0 && v.num < 1e-300);
    assert_int_equal(pv_parse(&tint, "1e999", pool, &v, why, sizeof why), -1);
    assert_string_equal(why, "1e999 is out of range (0 to 1)");
    assert_int_equal(pv_parse(&tint, "-1e999", pool, &v, why, sizeof why), -1);
    assert_string_equal(why, "-1e999 is out of range (0 to 1)");
    assert_int_equal(pv_parse(&tint, "nan", pool, &v, why, sizeof why), -1);
    assert_string_equal(why, "'nan' is not a number");
    assert_int_equal(pv_parse(&tint, "inf", pool, &v, why, sizeof why), -1);
    pv_spec list = {.name = "w", .type = PV_NUMLIST};
    const char *items[] = {"1e-320", "1e999"};
    assert_int_equal(pv_parse_list(&list, items, 2, pool, &v, why, sizeof why), -1);
    assert_string_equal(why, "item 2: 1e999 is out of range (-1000000 to 1000000)");
    double mm;
    assert_false(pv_length_mm("1e999mm", &mm)); /* no infinite length */
    pv_pool_free(pool);
}

static void test_scene_budget(void **state)
{
    scene *s = scene_new(210, 297, false, test_measurer());
    scene_style st = scene_stroke_style(PN_BLACK, 0.3);
    pn_err err = {0};
    for (int i = 0; i < SCENE_MAX_ITEMS - 1; i++)
        scene_segment(s, 0, 0, 1, 1, &st);
    assert_int_equal(scene_slot_add(s, "last", 0, 0, 1, 1, SLOT_BOX, &err), 0);
    assert_int_equal(scene_check(s, &err), 0);
    assert_int_equal(scene_count(s), SCENE_MAX_ITEMS);
    /* One more is dropped and reported. */
    scene_segment(s, 0, 0, 2, 2, &st);
    assert_int_equal(scene_count(s), SCENE_MAX_ITEMS);
    assert_int_equal(scene_check(s, &err), -1);
    assert_string_equal(err.msg,
                        "the page would hold more than 100000 items; make the sheet simpler");
    assert_int_equal(scene_slot_add(s, "over", 0, 0, 1, 1, SLOT_BOX, &err), -1);
    assert_null(scene_slot_find(s, "over"));
    /* Imposing four full sheets on one paper is allowed. */
    scene *paper = scene_new(420, 297, false, test_measurer());
    scene *sheet = scene_new(210, 297, false, test_measurer());
    for (int i = 0; i < SCENE_MAX_ITEMS; i++)
        scene_segment(sheet, 0, 0, 1, 1, &st);
    for (int k = 0; k < 4; k++)
        assert_int_equal(scene_append(paper, sheet, 0.5, k * 10, 0, "", &err), 0);
    assert_int_equal(scene_check(paper, &err), 0);
    assert_int_equal(scene_count(paper), 4 * SCENE_MAX_ITEMS);
    scene_free(sheet);
    scene_free(paper);
    scene_free(s);
}

/* A cross drawn in a slot while the scene's item array grows (the first
 * stroke moves it): both strokes from the slot's corners. Under ASan the
 * second stroke read freed memory before the slot was copied. */
static void test_fill_cross_as_items_grow(void **state)
{
    (void)state;
    scene_style st = scene_stroke_style(PN_BLACK, 0.3);
    for (int before = 200; before < 1100; before++) { /* a growth of the array among them */
        scene *s = scene_new(210, 297, false, test_measurer());
        pn_err err = {0};
        assert_int_equal(scene_slot_add(s, "x", 10, 20, 6, 8, SLOT_BOX, &err), 0);
        while ((int)scene_count(s) < before)
            scene_segment(s, 0, 0, 1, 1, &st);
        fill_item it = {.kind = FILL_CROSS, .slot = "x"};
        assert_int_equal(scene_fill(s, &it, &err), 0);
        size_t n = scene_count(s);
        const scene_seg *segs = scene_segs(s);
        const scene_path *p1 = &scene_item_at(s, n - 2)->u.path,
                         *p2 = &scene_item_at(s, n - 1)->u.path;
        assert_true(segs[p1->first].x[0] == 10 && segs[p1->first].y[0] == 20);
        assert_true(segs[p1->first + 1].x[0] == 16 && segs[p1->first + 1].y[0] == 28);
        assert_true(segs[p2->first].x[0] == 16 && segs[p2->first].y[0] == 20);
        assert_true(segs[p2->first + 1].x[0] == 10 && segs[p2->first + 1].y[0] == 28);
        scene_free(s);
    }
}

static void test_scene_text_budget(void **state)
{
    scene *s = scene_new(210, 297, false, test_measurer());
    scene_font f = {.family = "DejaVu Sans", .size = 10};
    pn_err err = {0};
    char *text = g_strnfill(SCENE_MAX_TEXT_BYTES / 4, 'x');
    for (int i = 0; i < 4; i++)
        assert_non_null(scene_text_add(s, text, &f, PN_BLACK, 0, 0, TEXT_LEFT, TEXT_TOP, 0, &err));
    assert_null(scene_text_add(s, "y", &f, PN_BLACK, 0, 0, TEXT_LEFT, TEXT_TOP, 0, &err));
    assert_string_equal(
        err.msg, "the page would hold more than 262144 bytes of text; make the sheet simpler");
    g_free(text);
    scene_free(s);
}

static void test_outfile(void **state)
{
    char *dir = g_dir_make_tmp("pnpkit-test-XXXXXX", NULL);
    assert_non_null(dir);
    char *a = g_build_filename(dir, "a.png", NULL), *b = g_build_filename(dir, "b.png", NULL);
    pn_err err = {0};
    /* A directory is not a target. */
    assert_null(pn_outfile_open(dir, &err));
    assert_int_equal(err.status, PN_EIO);
    /* Two files written together appear together, with nothing else left. */
    pn_outfile *o[2] = {pn_outfile_open(a, &err), pn_outfile_open(b, &err)};
    assert_non_null(o[0]);
    assert_non_null(o[1]);
    assert_true(pn_outfile_write(o[0], "A", 1));
    assert_int_equal(pn_outfile_close(o[0], &err), 0);
    assert_true(pn_outfile_write(o[1], "B", 1));
    assert_false(g_file_test(a, G_FILE_TEST_EXISTS));
    assert_int_equal(pn_outfile_commit_all(o, 2, &err), 0);
    gchar *data;
    assert_true(g_file_get_contents(b, &data, NULL, NULL));
    assert_string_equal(data, "B");
    g_free(data);
    GDir *d = g_dir_open(dir, 0, NULL);
    int n = 0;
    while (g_dir_read_name(d))
        n++;
    g_dir_close(d);
    assert_int_equal(n, 2);
    /* Aborted: the old file stays as it was and the temporary file goes. */
    pn_outfile *x = pn_outfile_open(a, &err);
    assert_true(pn_outfile_write(x, "new", 3));
    pn_outfile_abort(x);
    assert_true(g_file_get_contents(a, &data, NULL, NULL));
    assert_string_equal(data, "A");
    g_free(data);
    d = g_dir_open(dir, 0, NULL);
    n = 0;
    while (g_dir_read_name(d))
        n++;
    g_dir_close(d);
    assert_int_equal(n, 2);
    g_unlink(a);
    g_unlink(b);
    g_rmdir(dir);
    g_free(a);
    g_free(b);
    g_free(dir);
}

static int jpeg_scans(const unsigned char *d, size_t len, int max, bool *arith)
{
    pn_jpeg_info j;
    int n = pn_jpeg_read(d, len, max, &j);
    if (arith) *arith = j.arithmetic;
    return n;
}

/* A JPEG's scans, counted as a decoder meets them: by segment length, past
 * coded data (with its stuffed 0xFF 0x00 and restart markers), fill bytes
 * and stray bytes, up to the end-of-image marker. */
static void test_jpeg_scans(void **state)
{
    (void)state;
    /* SOI, an APP1 whose payload holds the bytes of a scan marker, two scans
     * with coded data, fill bytes, garbage, a third scan, EOI, then a scan
     * after the end that no decoder reads */
    static const unsigned char jpg[] = {0xFF, 0xD8, /* SOI */
                                        0xFF, 0xE1, 0x00, 0x08, 0xFF, 0xDA, 0x00,
                                        0x02, 0xFF, 0xDA,                         /* APP1 */
                                        0xFF, 0xDA, 0x00, 0x04, 0x01, 0x02,       /* scan 1 */
                                        0x11, 0xFF, 0x00, 0x22, 0xFF, 0xD3, 0x33, /* coded data */
                                        0xFF, 0xFF, 0xFF, 0xDA, 0x00, 0x02,       /* fill, scan 2 */
                                        0x44, 0x55,                               /* coded data */
                                        0xFF, 0xC4, 0x00, 0x03, 0xDA,             /* DHT */
                                        0x12, 0x34,                               /* stray bytes */
                                        0xFF, 0xDA, 0x00, 0x02,                   /* scan 3 */
                                        0xFF, 0xD9,                               /* EOI */
                                        0xFF, 0xDA, 0x00, 0x02};
    assert_int_equal(jpeg_scans(jpg, sizeof jpg, 100, NULL), 3);
    assert_int_equal(jpeg_scans(jpg, sizeof jpg, 1, NULL), 2); /* stops past max */
    assert_int_equal(jpeg_scans(jpg, 31, 100, NULL), 2);       /* cut short */
    assert_int_equal(jpeg_scans(jpg, 30, 100, NULL), 1);       /* cut inside a marker's length */
    assert_int_equal(jpeg_scans(jpg + 2, sizeof jpg - 2, 100, NULL), -1);
    /* a thousand scans of four bytes each: all counted, then stopped at max */
    GByteArray *b = g_byte_array_new();
    g_byte_array_append(b, jpg, 2);
    for (int i = 0; i < 1000; i++)
        g_byte_array_append(b, (const guint8 *)"\xFF\xDA\x00\x02", 4);
    assert_int_equal(jpeg_scans(b->data, b->len, 5000, NULL), 1000);
    assert_int_equal(jpeg_scans(b->data, b->len, PN_JPEG_MAX_SCANS, NULL), PN_JPEG_MAX_SCANS + 1);
    assert_non_null(strstr(pn_jpeg_refusal(b->data, b->len), "more than 100 scans"));
    g_byte_array_free(b, TRUE);
    /* the same with a baseline frame header: three scans, Huffman-coded */
    assert_null(pn_jpeg_refusal(jpg, sizeof jpg));
    /* an arithmetic-coded frame header (SOF9), or its conditioning table
     * (DAC), anywhere before the end of the image */
    static const unsigned char sof[] = {0xFF, 0xD8, 0xFF, 0xC9, 0x00, 0x02,
                                        0xFF, 0xDA, 0x00, 0x02, 0xFF, 0xD9};
    bool arith = false;
    assert_int_equal(jpeg_scans(sof, sizeof sof, 100, &arith), 1);
    assert_true(arith);
    assert_non_null(strstr(pn_jpeg_refusal(sof, sizeof sof), "an arithmetic-coded JPEG"));
    unsigned char dac[sizeof sof];
    memcpy(dac, sof, sizeof dac);
    dac[3] = 0xCC;
    assert_non_null(pn_jpeg_refusal(dac, sizeof dac));
    dac[3] = 0xC2; /* progressive, Huffman */
    assert_null(pn_jpeg_refusal(dac, sizeof dac));
    /* a marker below 0xC0 inside coded data: libjpeg, looking for a restart,
     * steps over its two bytes, so the scans its "length" would cover count */
    GByteArray *h = g_byte_array_new();
    g_byte_array_append(h, jpg, 2);
    g_byte_array_append(h, (const guint8 *)"\xFF\xDA\x00\x02\x11\xFF\x02\xFE\xFE", 9);
    for (int i = 0; i < 150; i++)
        g_byte_array_append(h, (const guint8 *)"\xFF\xDA\x00\x02\x22", 5);
    assert_int_equal(jpeg_scans(h->data, h->len, 1000, NULL), 151);
    assert_non_null(pn_jpeg_refusal(h->data, h->len));
    g_byte_array_free(h, TRUE);
    /* the work: scans times pixels times components, at most 3e9 (a frame
     * of 7000 x 7000 in 3 colours: 20 scans pass, 21 do not) */
    static const unsigned char frame[] = {0xFF, 0xD8, 0xFF, 0xC2, 0x00, 0x11, 8,
                                          0x1B, 0x58, 0x1B, 0x58, 3,    1,    0x11,
                                          0,    2,    0x11, 1,    3,    0x11, 1};
    for (int n = 20; n <= 21; n++) {
        GByteArray *f = g_byte_array_new();
        g_byte_array_append(f, frame, sizeof frame);
        for (int i = 0; i < n; i++)
            g_byte_array_append(f, (const guint8 *)"\xFF\xDA\x00\x02\x33", 5);
        const char *why = pn_jpeg_refusal(f->data, f->len);
        if (n == 20)
            assert_null(why);
        else
            assert_non_null(strstr(why, "too many scans for its size"));
        g_byte_array_free(f, TRUE);
    }
    /* after the end of the image, where no decoder reads */
    static const unsigned char after[] = {0xFF, 0xD8, 0xFF, 0xD9, 0xFF, 0xC9, 0x00, 0x02};
    assert_null(pn_jpeg_refusal(after, sizeof after));
    assert_int_equal(jpeg_scans(after + 2, sizeof after - 2, 100, &arith), -1);
}

/* A BMP's header, read before gdk-pixbuf's loader (which sized a 512 MB
 * buffer from the header of an 83-byte file): a known info header size, at
 * most 256 colours, the palette and then the pixels starting in the file. */
static void test_bmp_headers(void **state)
{
    (void)state;
    /* 1 x 1 pixel, 24 bits, the pixel (4 bytes with its padding) at 54 */
    unsigned char bmp[58] = {'B', 'M', 58, 0, 0, 0, 0, 0, 0, 0, 54, 0, 0, 0,  40,
                             0,   0,   0,  1, 0, 0, 0, 1, 0, 0, 0,  1, 0, 24, 0};
    assert_null(pn_picture_refusal(bmp, sizeof bmp));
    assert_non_null(strstr(pn_picture_refusal(bmp, 16), "cut short"));
    bmp[14] = 16; /* an OS/2 header of 16 bytes: its bits a pixel at 28 */
    assert_non_null(strstr(pn_picture_refusal(bmp, 29), "cut short"));
    bmp[14] = 40;
    bmp[14] = 0, bmp[17] = 0x14; /* an info header of 335 MB */
    assert_non_null(strstr(pn_picture_refusal(bmp, sizeof bmp), "no known size"));
    bmp[14] = 40, bmp[17] = 0;
    bmp[10] = 0, bmp[13] = 0x28; /* the pixels at 671 MB */
    assert_non_null(strstr(pn_picture_refusal(bmp, sizeof bmp), "start outside the file"));
    bmp[10] = 54, bmp[13] = 0;
    bmp[46] = 0xE8, bmp[47] = 3; /* 1000 colours */
    assert_non_null(strstr(pn_picture_refusal(bmp, sizeof bmp), "more than 256 colours"));
    bmp[46] = 2, bmp[47] = 0; /* 2 colours: 8 bytes of palette before the pixels */
    assert_non_null(strstr(pn_picture_refusal(bmp, sizeof bmp), "start outside the file"));
    bmp[10] = 58, bmp[46] = 1; /* 1 colour, then the pixels: at the file's end */
    assert_non_null(strstr(pn_picture_refusal(bmp, sizeof bmp), "start outside the file"));
    unsigned char longer[62] = {0};
    memcpy(longer, bmp, sizeof bmp);
    assert_null(pn_picture_refusal(longer, sizeof longer)); /* with its pixel */
    bmp[10] = 54, bmp[46] = 0, bmp[28] = 8;                 /* 8 bits, no count: 256 colours */
    assert_non_null(strstr(pn_picture_refusal(bmp, sizeof bmp), "start outside the file"));
}

/* Where table tag starts in the font d (its directory is whole). */
static guint8 *font_table(guint8 *d, const char *tag)
{
    unsigned count = (unsigned)d[4] << 8 | d[5];
    for (unsigned i = 0; i < count; i++) {
        guint8 *e = d + 12 + 16 * i;
        if (!memcmp(e, tag, 4))
            return d + ((guint32)e[8] << 24 | (guint32)e[9] << 16 | (guint32)e[10] << 8 | e[11]);
    }
    fail_msg("no %s table", tag);
    return NULL;
}

/* The directory entry of table tag (tag, checksum, offset, length). */
static guint8 *font_entry(guint8 *d, const char *tag)
{
    unsigned count = (unsigned)d[4] << 8 | d[5];
    for (unsigned i = 0; i < count; i++)
        if (!memcmp(d + 12 + 16 * i, tag, 4)) return d + 12 + 16 * i;
    fail_msg("no %s table", tag);
    return NULL;
}

static void put16(guint8 *p, unsigned v)
{
    p[0] = (guint8)(v >> 8), p[1] = (guint8)v;
}

static void put32(guint8 *p, guint32 v)
{
    put16(p, v >> 16), put16(p + 2, v & 0xFFFF);
}

static guint32 get32(const guint8 *p)
{
    return (guint32)p[0] << 24 | (guint32)p[1] << 16 | (guint32)p[2] << 8 | p[3];
}

/* The font f with a table of len bytes appended (zeroed, returned in *at)
 * and tag's directory entry moved to it. */
static guint8 *font_with_table(const gchar *f, gsize n, const char *tag, gsize len, guint8 **at,
                               gsize *out_n)
{
    guint8 *d = g_malloc0(n + len);
    memcpy(d, f, n);
    guint8 *e = font_entry(d, tag);
    put32(e + 8, (guint32)n), put32(e + 12, (guint32)len);
    *at = d + n;
    *out_n = n + len;
    return d;
}

/* libharu copies tables and names whole and walks composite glyphs with a
 * seek a part: what a font may hold of them to be embedded. */
static void test_sfnt_embed_sizes(void **state)
{
    (void)state;
    gchar *f;
    gsize n, m;
    assert_true(g_file_get_contents(PNPKIT_SOURCE_DIR "/fuzz/seeds/ttf/small-composite-xy.ttf", &f,
                                    &n, NULL));
    assert_null(pn_sfnt_damage((guint8 *)f, n, true));
    assert_null(pn_sfnt_embed_damage((guint8 *)f, n));
    guint8 *d = g_memdup2(f, n), *t;
    /* the first table stretched one byte over the next one */
    unsigned count = (unsigned)d[4] << 8 | d[5];
    guint8 *first = NULL;
    guint32 next = UINT32_MAX;
    for (unsigned i = 0; i < count; i++)
        if (!first || get32(d + 20 + 16 * i) < get32(first + 8)) first = d + 12 + 16 * i;
    for (unsigned i = 0; i < count; i++)
        if (get32(d + 20 + 16 * i) > get32(first + 8)) next = MIN(next, get32(d + 20 + 16 * i));
    put32(first + 12, next - get32(first + 8));
    assert_null(pn_sfnt_embed_damage(d, n));
    put32(first + 12, next - get32(first + 8) + 1);
    assert_null(pn_sfnt_damage(d, n, true));
    assert_string_equal(pn_sfnt_embed_damage(d, n), "its tables overlap");
    g_free(d);
    /* names: k records of 65 535 bytes each, all the same text; 16 make
     * 1 048 560 bytes (within 1 MB), 17 pass it */
    for (unsigned k = 16; k <= 17; k++) {
        gsize len = 6 + 12 * k + 65535;
        d = font_with_table(f, n, "name", len, &t, &m);
        put16(t + 2, k), put16(t + 4, 6 + 12 * k);
        for (unsigned i = 0; i < k; i++) {
            guint8 *r = t + 6 + 12 * i;
            put16(r, 3), put16(r + 2, 1), put16(r + 4, 0x409), put16(r + 6, i < 2 ? 4 + 2 * i : 1);
            put16(r + 8, 65535);
        }
        assert_null(pn_sfnt_damage(d, m, true));
        if (k == 16)
            assert_null(pn_sfnt_embed_damage(d, m));
        else
            assert_string_equal(pn_sfnt_embed_damage(d, m), "its names hold over 1 MB of text");
        g_free(d);
    }
    /* the 6 glyphs all at the place of one composite glyph of p parts (long
     * loca): libharu walks p parts for each, 6 p in all, at most a million */
    for (gsize p = 166666; p <= 166667; p++) {
        gsize len = 10 + 6 * p;
        d = font_with_table(f, n, "glyf", len, &t, &m);
        put16(t, 0xFFFF);
        for (gsize i = 0; i < p; i++)
            put16(t + 10 + 6 * i, i + 1 < p ? 32 : 0), put16(t + 12 + 6 * i, 1);
        guint8 *loca = d + get32(font_entry(d, "loca") + 8);
        put32(loca + 4 * 6, (guint32)len); /* glyphs 0..5 start at 0 and are empty but the last */
        for (int g = 0; g < 6; g++)
            put32(loca + 4 * g, 0);
        assert_null(pn_sfnt_damage(d, m, true));
        if (p == 166666)
            assert_null(pn_sfnt_embed_damage(d, m));
        else
            assert_string_equal(pn_sfnt_embed_damage(d, m),
                                "its composite glyphs hold over a million parts");
        /* its last part saying more follow: the walk runs past the glyph */
        put16(t + 10 + 6 * (p - 1), 32);
        assert_string_equal(pn_sfnt_embed_damage(d, m),
                            "a composite glyph of it runs past its end");
        g_free(d);
    }
    g_free(f);
}

/* The seed font d (n bytes) with its glyf table replaced by len zeroed
 * bytes (*t), glyph g taking bytes at[g] to at[g + 1] (6 glyphs, long loca). */
static guint8 *font_with_glyphs(const gchar *f, gsize n, gsize len, const gsize at[7], guint8 **t,
                                gsize *m)
{
    guint8 *d = font_with_table(f, n, "glyf", len, t, m);
    guint8 *loca = d + get32(font_entry(d, "loca") + 8);
    for (int g = 0; g < 7; g++)
        put32(loca + 4 * g, (guint32)at[g]);
    return d;
}

/* A composite glyph at t of parts of the glyphs in part[0..n). */
static gsize put_composite(guint8 *t, const unsigned *part, gsize n)
{
    put16(t, 0xFFFF);
    for (gsize i = 0; i < n; i++)
        put16(t + 10 + 6 * i, i + 1 < n ? 32 : 0), put16(t + 12 + 6 * i, part[i]);
    return 10 + 6 * n;
}

/* A simple glyph at t of one contour of k points on one vertical line,
 * going up and down by dy font units in turn (dy 0: all at one place). */
static gsize put_zigzag(guint8 *t, unsigned k, unsigned dy)
{
    put16(t, 1), put16(t + 10, k - 1), put16(t + 12, 0);
    guint8 *fl = t + 14, *ys = fl + k;
    for (unsigned i = 0; i < k; i++) {
        fl[i] = dy ? 0x11 : 0x31; /* on the curve, x as before; y as before when dy is 0 */
        if (dy) put16(ys + 2 * i, i == 0 ? 0 : i % 2 ? dy : (unsigned)-(int)dy);
    }
    return 14 + k + (dy ? 2 * k : 0);
}

/* What a well-formed font may cost to draw (sfnt_draw.h): glyphs built of
 * too many glyphs or of themselves, outlines too long or of too many
 * points, colour glyphs' pictures too large, CFF2 outlines. */
static void test_sfnt_draw_costs(void **state)
{
    (void)state;
    gchar *f;
    gsize n, m;
    assert_true(g_file_get_contents(PNPKIT_SOURCE_DIR "/fuzz/seeds/ttf/small-composite-xy.ttf", &f,
                                    &n, NULL));
    assert_null(pn_sfnt_draw_damage((guint8 *)f, n, true));
    const guint8 *head = font_table((guint8 *)f, "head");
    unsigned upem = (unsigned)head[18] << 8 | head[19];
    guint8 *d, *t;
    /* glyph 1 made of p copies of the empty glyph 0: it loads 1 + p glyphs */
    unsigned *parts = g_new0(unsigned, 1025);
    for (unsigned p = 1023; p <= 1024; p++) {
        gsize len = 10 + 6 * p, at[7] = {0, 0, len, len, len, len, len};
        d = font_with_glyphs(f, n, len, at, &t, &m);
        put_composite(t, parts, p);
        assert_null(pn_sfnt_damage(d, m, true));
        if (p == 1023)
            assert_null(pn_sfnt_draw_damage(d, m, true));
        else
            assert_string_equal(pn_sfnt_draw_damage(d, m, true),
                                "a composite glyph of it is made of over 1024 glyphs");
        put16(t, 0xFFFE); /* any negative count of contours is a composite to FreeType */
        if (p == 1024)
            assert_string_equal(pn_sfnt_draw_damage(d, m, true),
                                "a composite glyph of it is made of over 1024 glyphs");
        g_free(d);
    }
    /* ten parts a level: glyph 3 loads 1111 glyphs, glyph 2 only 111 */
    {
        gsize len = 3 * 70, at[7] = {0, 0, 70, 140, 210, 210, 210};
        d = font_with_glyphs(f, n, len, at, &t, &m);
        for (unsigned g = 1; g <= 3; g++) {
            unsigned ten[10];
            for (int i = 0; i < 10; i++)
                ten[i] = g - 1;
            put_composite(t + 70 * (g - 1), ten, 10);
        }
        assert_string_equal(pn_sfnt_draw_damage(d, m, true),
                            "a composite glyph of it is made of over 1024 glyphs");
        g_free(d);
    }
    /* glyphs 1 and 2 made of each other */
    {
        gsize at[7] = {0, 0, 16, 32, 32, 32, 32};
        d = font_with_glyphs(f, n, 32, at, &t, &m);
        unsigned two = 2, one = 1;
        put_composite(t, &two, 1), put_composite(t + 16, &one, 1);
        assert_string_equal(pn_sfnt_draw_damage(d, m, true),
                            "a composite glyph of it contains itself");
        g_free(d);
    }
    /* k points going up and down an em: k - 1 ems of outline (k odd) */
    for (unsigned k = 1001; k <= 1003; k += 2) {
        gsize len = 14 + 3 * k, at[7] = {0, len, len, len, len, len, len};
        d = font_with_glyphs(f, n, len, at, &t, &m);
        put_zigzag(t, k, upem);
        assert_null(pn_sfnt_damage(d, m, true));
        if (k == 1001)
            assert_null(pn_sfnt_draw_damage(d, m, true));
        else
            assert_string_equal(pn_sfnt_draw_damage(d, m, true),
                                "a glyph of it has an outline over 1000 ems long");
        g_free(d);
    }
    /* 600 ems in glyph 0, drawn once by glyph 1, then twice */
    for (gsize copies = 1; copies <= 2; copies++) {
        gsize one = 14 + 3 * 601, len = one + 10 + 6 * copies;
        gsize at[7] = {0, one, len, len, len, len, len};
        d = font_with_glyphs(f, n, len, at, &t, &m);
        put_zigzag(t, 601, upem);
        unsigned zero[2] = {0, 0};
        put_composite(t + one, zero, copies);
        assert_null(pn_sfnt_damage(d, m, true));
        if (copies == 1)
            assert_null(pn_sfnt_draw_damage(d, m, true));
        else
            assert_string_equal(pn_sfnt_draw_damage(d, m, true),
                                "a glyph of it has an outline over 1000 ems long");
        g_free(d);
    }
    /* points: 32 768 on one spot, then one more */
    for (unsigned k = 32768; k <= 32769; k++) {
        gsize len = 14 + k, at[7] = {0, len, len, len, len, len, len};
        d = font_with_glyphs(f, n, len, at, &t, &m);
        put_zigzag(t, k, 0);
        if (k == 32768)
            assert_null(pn_sfnt_draw_damage(d, m, true));
        else
            assert_string_equal(pn_sfnt_draw_damage(d, m, true),
                                "a glyph of it has over 32768 points");
        g_free(d);
    }
    g_free(parts);
    /* a colour glyph's PNG, found wherever it lies in the sbix table: 1024
     * pixels a side, then 1025; then 65 text chunks */
    static const guint8 png[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n', 0, 0, 0, 13,
                                 'I',  'H', 'D', 'R', 0,    0,    4,    0,    0, 0, 0, 16};
    for (int wide = 1024; wide <= 1025; wide++) {
        d = font_with_table(f, n, "post", 40 + sizeof png, &t, &m);
        memcpy(font_entry(d, "post"), "sbix", 4);
        memcpy(t + 17, png, sizeof png);
        put32(t + 17 + 16, (guint32)wide);
        if (wide == 1024)
            assert_null(pn_sfnt_draw_damage(d, m, true));
        else
            assert_string_equal(pn_sfnt_draw_damage(d, m, true),
                                "a colour glyph of it is a picture over 1024 pixels a side");
        g_free(d);
    }
    gsize chunks = 65 * 12;
    d = font_with_table(f, n, "post", sizeof png + 17 + chunks, &t, &m);
    memcpy(font_entry(d, "post"), "CBDT", 4);
    memcpy(t, png, sizeof png);
    put32(t + 8, 4), put32(t + 16, 64), put32(t + 20, 64); /* IHDR's length 4, 64x64 */
    for (gsize i = 0; i < 65; i++)
        memcpy(t + 24 + 12 * i + 4, "tEXt", 4);
    assert_string_equal(pn_sfnt_draw_damage(d, m, true),
                        "a colour glyph of it is a PNG of more text chunks than a picture carries");
    g_free(d);
    d = g_memdup2(f, n);
    memcpy(font_entry(d, "post"), "CFF2", 4);
    assert_non_null(strstr(pn_sfnt_draw_damage(d, n, true), "CFF2"));
    g_free(d);
    g_free(f);
}

/* The CFF check (cff.h) on the fonts that crashed cairo or would take
 * FreeType and cairo minutes, a CFF font that passes, and every cut of its
 * CFF table (refused, never read past). */
static void test_cff_checks(void **state)
{
    (void)state;
    static const struct {
        const char *file, *why;
    } cases[] = {
        {"fuzz/seeds/font/comic-subset.otf", NULL},
        {"fuzz/regressions/font/cairo-cff-negative-local-subr.otf",
         "its CFF outlines call a subroutine they lack"},
        {"fuzz/regressions/font/cairo-cff-negative-global-subr.otf",
         "its CFF outlines call a subroutine they lack"},
        {"fuzz/regressions/font/cairo-cff-fdselect-past-fdarray.otf",
         "its CFF font dict selection names a dict it lacks"},
        {"fuzz/regressions/font/cff-subr-bomb-16-to-the-10.otf",
         "a glyph of its CFF outlines takes over 64 KB to draw"},
        {"fuzz/regressions/font/cff-8000-edges-across-the-em.otf",
         "a glyph of its CFF outlines has an outline over 1000 ems long"},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        gchar *f, *path = g_build_filename(PNPKIT_SOURCE_DIR, cases[i].file, NULL);
        gsize n, len;
        assert_true(g_file_get_contents(path, &f, &n, NULL));
        assert_null(pn_sfnt_damage((guint8 *)f, n, false));
        const guint8 *cff = pn_sfnt_table((guint8 *)f, "CFF ", &len);
        assert_non_null(cff);
        const char *why = pn_cff_damage(cff, len);
        if (cases[i].why)
            assert_string_equal(why, cases[i].why);
        else
            assert_null(why);
        assert_true(cases[i].why ? pn_sfnt_draw_damage((guint8 *)f, n, false) != NULL
                                 : pn_sfnt_draw_damage((guint8 *)f, n, false) == NULL);
        if (!cases[i].why) /* each cut: a copy of exactly that length */
            for (gsize cut = 0; cut < len; cut++) {
                guint8 *c = g_memdup2(cff, cut);
                assert_non_null(pn_cff_damage(c, cut));
                g_free(c);
            }
        g_free(f);
        g_free(path);
    }
}

/* The GSUB and GPOS bound (otl.h): DejaVu Sans's tables pass with a wide
 * margin, a font of a thousand lookups sharing one rule of 2048 glyphs'
 * lookahead (a text took minutes to shape) is refused, and every cut of its
 * table is read within its length. */
static void test_otl_checks(void **state)
{
    (void)state;
    gchar *f;
    gsize n, len;
    const char *dejavu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"; /* a dependency */
    assert_true(g_file_get_contents(dejavu, &f, &n, NULL));
    {
        for (int gpos = 0; gpos < 2; gpos++) {
            const guint8 *t = pn_sfnt_table((guint8 *)f, gpos ? "GPOS" : "GSUB", &len);
            assert_non_null(t);
            assert_true(pn_otl_work(t, len, gpos) * 5 < PN_OTL_MAX_WORK);
            assert_null(pn_otl_damage(t, len, gpos));
        }
        g_free(f);
    }
    assert_true(g_file_get_contents(
        PNPKIT_SOURCE_DIR
        "/fuzz/regressions/font/harfbuzz-gsub-lookahead-of-2048-in-1000-lookups.ttf",
        &f, &n, NULL));
    assert_null(pn_sfnt_damage((guint8 *)f, n, true));
    const guint8 *t = pn_sfnt_table((guint8 *)f, "GSUB", &len);
    assert_true(pn_otl_work(t, len, false) > PN_OTL_MAX_WORK);
    assert_string_equal(pn_sfnt_draw_damage((guint8 *)f, n, true),
                        "its GSUB table would make shaping text slow (contextual rules too long "
                        "or too many)");
    for (gsize cut = 0; cut < len; cut += 7) {
        guint8 *c = g_memdup2(t, cut);
        pn_otl_damage(c, cut, false);
        g_free(c);
    }
    g_free(f);
}

/* What libharu reads of a --ttf font besides its tables' sizes: the units
 * per em it divides by, and a character map whose every character leads to a
 * glyph the font has and whose last segment ends at U+FFFF. */
static void test_sfnt_embed(void **state)
{
    (void)state;
    gchar *whole;
    gsize n;
    assert_true(g_file_get_contents(PNPKIT_SOURCE_DIR "/fuzz/seeds/ttf/small-short-loca.ttf",
                                    &whole, &n, NULL));
    assert_null(pn_sfnt_damage((guint8 *)whole, n, true));
    assert_null(pn_sfnt_embed_damage((guint8 *)whole, n));
    guint8 *d = g_memdup2(whole, n);
    /* units per em: 0 divides by zero; 16 to 16384 are allowed */
    guint8 *head = font_table(d, "head");
    head[18] = 0, head[19] = 0;
    assert_string_equal(pn_sfnt_embed_damage(d, n), "its units per em are not 16 to 16384");
    head[18] = 0, head[19] = 32;
    assert_null(pn_sfnt_embed_damage(d, n));
    /* at 16 units per em its advances of 600 units are 37.5 em: libharu's
     * 16-bit thousandths of an em would come out negative */
    head[18] = 0, head[19] = 16;
    assert_string_equal(pn_sfnt_embed_damage(d, n), "a glyph of it is over 32 em wide");
    /* the box (0, -200, 700, 800): 800 units at 999 a em pass 32.767 em */
    head[18] = 1000 >> 8, head[19] = 1000 & 0xFF;
    head[42] = 0x7F, head[43] = 0xFF; /* yMax 32767: 32.767 em */
    assert_null(pn_sfnt_embed_damage(d, n));
    head[18] = 999 >> 8, head[19] = 999 & 0xFF;
    assert_string_equal(pn_sfnt_embed_damage(d, n), "its bounding box is over 32 em");
    /* the map: segments of 0x20, 0x41, 0x48, 0x61-0x63, 0x78, 0x3A9, 0xFFFF */
    memcpy(d, whole, n);
    guint8 *sub = font_table(d, "cmap") + 12;
    unsigned segs = ((unsigned)sub[6] << 8 | sub[7]) / 2;
    assert_int_equal(segs, 7);
    guint8 *ends = sub + 14, *deltas = sub + 16 + 4 * segs;
    ends[2 * (segs - 1) + 1] = 0xFE; /* the last segment ends at U+FFFE */
    assert_string_equal(pn_sfnt_embed_damage(d, n), "its character map does not end at U+FFFF");
    memcpy(d, whole, n);
    /* 'H' (segment 2) led to glyph 2 + 198 = 200 of 6 */
    unsigned delta = ((unsigned)deltas[4] << 8 | deltas[5]) + 198;
    deltas[4] = (guint8)(delta >> 8), deltas[5] = (guint8)delta;
    assert_string_equal(pn_sfnt_embed_damage(d, n),
                        "its character map names glyphs it does not have");
    /* a whole font of the system, thousands of characters */
    g_free(whole);
    if (g_file_get_contents("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", &whole, &n, NULL)) {
        assert_null(pn_sfnt_damage((guint8 *)whole, n, true));
        assert_null(pn_sfnt_embed_damage((guint8 *)whole, n));
    }
    g_free(whole);
    g_free(d);
}

/* A GIF's frames within its picture (or under a million pixels), a TIFF's
 * tiles not much larger than its picture. */
static void test_gif_tiff_headers(void **state)
{
    (void)state;
    /* a 100 x 100 GIF, no colour table, a comment, one frame of w x h */
    unsigned char gif[] = {'G',  'I', 'F',  '8',  '9',  'a', 100, 0,   100, 0,
                           0,    0,   0,    0x21, 0xFE, 2,   'h', 'i', 0, /* a comment */
                           0x2C, 0,   0,    0,    0,    100, 0,   100, 0,   0,
                           2,    2,   0x44, 0x01, 0,    0x3B};
    assert_null(pn_picture_refusal(gif, sizeof gif));
    gif[24] = 0xE8, gif[25] = 3, gif[26] = 0xE8, gif[27] = 3; /* 1000 x 1000: a million */
    assert_null(pn_picture_refusal(gif, sizeof gif));
    gif[24] = 0xD8, gif[25] = 0x59; /* 23000 x 1000 */
    assert_non_null(strstr(pn_picture_refusal(gif, sizeof gif), "a frame much larger"));
    /* The same frame after two bytes that start no block (the loader steps
     * over them), or after an application extension whose first sub-block
     * is empty (the loader reads on to the next empty one, past the ';'). */
    unsigned char stray[] = {'G',  'I', 'F', '8', '9',  'a',  100,  0, 100, 0,    0,
                             0,    0,   'e', 's', 0x2C, 0,    0,    0, 0,   0xD8, 0x59,
                             0xE8, 3,   0,   2,   2,    0x44, 0x01, 0, 0x3B};
    assert_non_null(strstr(pn_picture_refusal(stray, sizeof stray), "a frame much larger"));
    stray[13] = 0x3B; /* the end before it: the loader stops there too */
    assert_null(pn_picture_refusal(stray, sizeof stray));
    unsigned char app[] = {'G',  'I',  'F',  '8', '9',  'a',  100,  0,    100,  0, 0,   0, 0,
                           0x21, 0xFF, 0,    3,   0x3B, 0x3B, 0x3B, 0,    0x2C, 0, 0,   0, 0,
                           0xD8, 0x59, 0xE8, 3,   0,    2,    2,    0x44, 0x01, 0, 0x3B};
    assert_non_null(strstr(pn_picture_refusal(app, sizeof app), "a frame much larger"));
    app[14] = 0xFE; /* a comment: its empty first sub-block ends it, and the ';' the file */
    assert_null(pn_picture_refusal(app, sizeof app));
    /* a little-endian TIFF: 1 x 1, tiles of w x w */
    unsigned char tif[] = {'I',  'I', 42, 0, 8, 0, 0, 0, 4, 0,        /* four entries */
                           0,    1,   3,  0, 1, 0, 0, 0, 1, 0, 0, 0,  /* width 1 */
                           1,    1,   3,  0, 1, 0, 0, 0, 1, 0, 0, 0,  /* length 1 */
                           0x42, 1,   4,  0, 1, 0, 0, 0, 0, 4, 0, 0,  /* tile width 1024 */
                           0x43, 1,   4,  0, 1, 0, 0, 0, 0, 4, 0, 0}; /* tile length 1024 */
    assert_null(pn_picture_refusal(tif, sizeof tif));
    tif[43] = 0x40, tif[55] = 0x40; /* 16384 x 16384 */
    assert_non_null(strstr(pn_picture_refusal(tif, sizeof tif), "tiles much larger"));
    /* libtiff reads the tile's sides from signed types too: SSHORT, SLONG */
    tif[36] = 8, tif[48] = 8;
    assert_non_null(strstr(pn_picture_refusal(tif, sizeof tif), "tiles much larger"));
    tif[36] = 9, tif[48] = 9;
    assert_non_null(strstr(pn_picture_refusal(tif, sizeof tif), "tiles much larger"));
    tif[43] = 4, tif[55] = 4; /* 1024 x 1024 again */
    assert_null(pn_picture_refusal(tif, sizeof tif));
    tif[45] = 0x80; /* a negative SLONG: libtiff refuses the file */
    assert_null(pn_picture_refusal(tif, sizeof tif));
    tif[45] = 0;
    /* a count of 2: libtiff refuses the entry */
    tif[38] = 2, tif[50] = 2, tif[43] = 0x40, tif[55] = 0x40;
    assert_null(pn_picture_refusal(tif, sizeof tif));

    /* a big-endian TIFF of 1 x 1 whose tile's sides are LONG8 (8 bytes kept
     * after the directory); the tile length is also given a second time,
     * smaller: it counts at its largest */
    unsigned char mm[] = {'M', 'M',  0, 42, 0, 0, 0,    8, 0, 5,         /* five entries */
                          1,   0,    0, 3,  0, 0, 0,    1, 0, 1,  0, 0,  /* width 1 */
                          1,   1,    0, 3,  0, 0, 0,    1, 0, 1,  0, 0,  /* length 1 */
                          1,   0x42, 0, 16, 0, 0, 0,    1, 0, 0,  0, 74, /* tile width at 74 */
                          1,   0x43, 0, 16, 0, 0, 0,    1, 0, 0,  0, 74, /* tile length at 74 */
                          1,   0x43, 0, 3,  0, 0, 0,    1, 0, 16, 0, 0,  /* tile length 16 */
                          0,   0,    0, 0,                               /* no next directory */
                          0,   0,    0, 0,  0, 0, 0x40, 0};              /* 16384 */
    assert_int_equal(mm[74 + 6], 0x40);
    assert_non_null(strstr(pn_picture_refusal(mm, sizeof mm), "tiles much larger"));
    mm[74 + 6] = 4; /* 1024 */
    assert_null(pn_picture_refusal(mm, sizeof mm));
    mm[74 + 3] = 1; /* past 32 bits: libtiff refuses the file */
    assert_null(pn_picture_refusal(mm, sizeof mm));
    mm[74 + 3] = 0, mm[74 + 6] = 0x40;
    mm[57] = 200; /* the tile length's value past the file's end */
    assert_null(pn_picture_refusal(mm, sizeof mm));
}

/* A little-endian TIFF of one directory of n SHORT entries (tag, value)
 * into buf; its length. */
static size_t short_tiff(unsigned char *buf, const unsigned short (*entries)[2], int n)
{
    const unsigned char head[] = {'I', 'I', 42, 0, 8, 0, 0, 0};
    memset(buf, 0, 8 + 2 + 12 * (size_t)n + 4);
    memcpy(buf, head, sizeof head);
    buf[8] = (unsigned char)n;
    for (int i = 0; i < n; i++) { /* tag, type 3, count 1, value */
        unsigned char *e = buf + 10 + 12 * i;
        e[0] = entries[i][0] & 0xFF, e[1] = entries[i][0] >> 8, e[2] = 3, e[4] = 1;
        e[8] = entries[i][1] & 0xFF, e[9] = entries[i][1] >> 8;
    }
    return 8 + 2 + 12 * (size_t)n + 4;
}

/* A TIFF's directories as libtiff reads them: the bits of a pixel, the codec
 * (in either of the two directories gdk-pixbuf reads), the tags' data and
 * the number of strips. */
static void test_tiff_directories(void **state)
{
    (void)state;
    /* 1024 x 1024 in one strip: 1000 samples of 16 bits (each sample's bits
     * in a list after the directory, at 74): 2 GB for libtiff to hold */
    unsigned char strip[] = {'I',  'I', 42, 0, 8,  0, 0,  0, 5,    0,       /* five entries */
                             0,    1,   3,  0, 1,  0, 0,  0, 0,    4, 0, 0, /* width 1024 */
                             1,    1,   3,  0, 1,  0, 0,  0, 0,    4, 0, 0, /* length 1024 */
                             2,    1,   3,  0, 3,  0, 0,  0, 74,   0, 0, 0, /* bits: 3 at 74 */
                             0x15, 1,   3,  0, 1,  0, 0,  0, 0xE8, 3, 0, 0, /* samples 1000 */
                             0x03, 1,   3,  0, 1,  0, 0,  0, 8,    0, 0, 0, /* Deflate */
                             0,    0,   0,  0, 16, 0, 16, 0, 16,   0}; /* no next; 16, 16, 16 */
    assert_non_null(strstr(pn_picture_refusal(strip, sizeof strip), "more than 256 MB"));
    strip[54] = 5, strip[55] = 0; /* five samples: CMYK and alpha, 10 MB */
    assert_null(pn_picture_refusal(strip, sizeof strip));
    strip[54] = 6; /* RGB and three more channels, as an editor keeps them: 12 MB */
    assert_null(pn_picture_refusal(strip, sizeof strip));
    strip[54] = 200; /* 400 MB */
    assert_non_null(strstr(pn_picture_refusal(strip, sizeof strip), "more than 256 MB"));
    strip[74] = 8; /* the first sample's bits count (libtiff refuses them unequal): 200 MB */
    assert_null(pn_picture_refusal(strip, sizeof strip));
    strip[54] = 5, strip[74] = 16;
    /* codecs: JBIG (34661), whose own header sizes the picture; LZMA */
    strip[66] = 0x65, strip[67] = 0x87;
    assert_non_null(strstr(pn_picture_refusal(strip, sizeof strip), "compressed in a way"));
    strip[66] = 0x6D, strip[67] = 0x88;
    assert_non_null(strstr(pn_picture_refusal(strip, sizeof strip), "compressed in a way"));
    strip[66] = 5, strip[67] = 0; /* LZW */
    assert_null(pn_picture_refusal(strip, sizeof strip));

    /* A second directory (at 80) that names JBIG: libtiff reads it too. */
    unsigned char two[100] = {'I', 'I', 42, 0, 8, 0, 0, 0, 1, 0,       /* one entry */
                              0,   1,   3,  0, 1, 0, 0, 0, 1, 0, 0, 0, /* width 1 */
                              80,  0,   0,  0};                        /* the next at 80 */
    const unsigned char jbig[] = {1, 0, 3, 1, 3, 0, 1, 0, 0, 0, 0x65, 0x87, 0, 0, 0, 0, 0, 0};
    memcpy(two + 80, jbig, sizeof jbig);
    assert_non_null(strstr(pn_picture_refusal(two, sizeof two), "compressed in a way"));
    two[90] = 8, two[91] = 0; /* Deflate */
    assert_null(pn_picture_refusal(two, sizeof two));

    /* Tags' data: two private tags of 70 bytes each at 30, in 128 bytes. */
    unsigned char tags[128] = {'I',  'I',  42, 0, 8,  0, 0,  0, 2,  0, 0x41, 0x9C,
                               7,    0,    70, 0, 0,  0, 30, 0, 0,  0, /* 40001 */
                               0x42, 0x9C, 7,  0, 70, 0, 0,  0, 30, 0, 0,    0};
    assert_non_null(strstr(pn_picture_refusal(tags, sizeof tags), "more data than the file"));
    tags[26] = 30; /* the second of 30 bytes: 100 in all */
    assert_null(pn_picture_refusal(tags, sizeof tags));

    /* 2000 x 2000 in one tile of 4000 x 4000 (four times the picture), of
     * ten samples of 16 bits: 320 MB a tile for 4 million pixels */
    const unsigned short big_tile[][2] = {{256, 2000}, {257, 2000}, {258, 16},
                                          {277, 10},   {322, 4000}, {323, 4000}};
    unsigned char tif[128];
    size_t n = short_tiff(tif, big_tile, 6);
    assert_non_null(strstr(pn_picture_refusal(tif, n), "more than 256 MB"));
    tif[54] = 5; /* five samples: 160 MB */
    assert_null(pn_picture_refusal(tif, n));
    /* a thin picture: 5000 x 3 in tiles of 256 x 256 pads to 1.3 million
     * pixels; 16384 x 1 in tiles of 16 x 65536 to a thousand million */
    const unsigned short thin[][2] = {{256, 5000}, {257, 3}, {322, 256}, {323, 256}};
    assert_null(pn_picture_refusal(tif, short_tiff(tif, thin, 4)));
    const unsigned short tall[][2] = {{256, 16384}, {257, 1}, {322, 16}, {323, 65535}};
    assert_non_null(strstr(pn_picture_refusal(tif, short_tiff(tif, tall, 4)), "tiles much larger"));

    /* The width given twice, 1024 then 1: libtiff keeps the first, so the
     * strip is counted at the largest (1000 samples of 16 bits: 2 GB) */
    const unsigned short twice[][2] = {{256, 1024}, {256, 1}, {257, 1024}, {258, 16}, {277, 1000}};
    assert_non_null(strstr(pn_picture_refusal(tif, short_tiff(tif, twice, 5)), "more than 256 MB"));

    /* JPEG strips: 16 x 1, its one strip's JPEG at 74 a progressive frame
     * of 16 x 65500 (libtiff lets the last strip's JPEG be taller, and
     * libjpeg decodes a progressive one whole first), tables at 99 */
    const unsigned short jpeg_strip[][2] = {{256, 16}, {257, 1}, {259, 7}, {273, 74}, {347, 99}};
    const unsigned char frame[] = {0xFF, 0xD8, 0xFF, 0xC2, 0, 11, 8, 0xFF, 0xDC, 0, 16, 1, 1,
                                   0x11, 0,    0xFF, 0xDA, 0, 8,  1, 1,    0,    0, 63, 0};
    const unsigned char tables[] = {0xFF, 0xD8, 0xFF, 0xD9, 0, 0};
    unsigned char jt[128] = {0};
    size_t jn = short_tiff(jt, jpeg_strip, 5);
    jt[10 + 48 + 2] = 7, jt[10 + 48 + 4] = sizeof tables; /* the tables: UNDEFINED, at 99 */
    memcpy(jt + jn, frame, sizeof frame);
    memcpy(jt + jn + sizeof frame, tables, sizeof tables);
    jn += sizeof frame + sizeof tables;
    assert_int_equal(jn, 105);
    assert_non_null(strstr(pn_picture_refusal(jt, jn), "progressive, arithmetic-coded"));
    jt[74 + 3] = 0xC0; /* baseline: libjpeg decodes the rows asked for */
    assert_null(pn_picture_refusal(jt, jn));
    jt[74 + 3] = 0xC9; /* arithmetic */
    assert_non_null(strstr(pn_picture_refusal(jt, jn), "progressive, arithmetic-coded"));
    /* libjpeg steps over a stray byte, a fill byte or a restart marker
     * before the frame: so does the check, by refusing them */
    memmove(jt + 76, jt + 74, jn - 74);
    jt[74] = 0xFF, jt[75] = 0xD8, jt[76] = 0xFF, jt[77] = 0xFF; /* SOI, a fill byte, then SOF2 */
    jt[79] = 0xC2;
    assert_non_null(strstr(pn_picture_refusal(jt, jn + 2), "progressive, arithmetic-coded"));
    jt[76] = 0x00; /* a stray byte */
    assert_non_null(strstr(pn_picture_refusal(jt, jn + 2), "progressive, arithmetic-coded"));
    jt[76] = 0xFF, jt[77] = 0xD0; /* RST0, which has no length */
    assert_non_null(strstr(pn_picture_refusal(jt, jn + 2), "progressive, arithmetic-coded"));
    memmove(jt + 74, jt + 76, jn - 74);
    jt[74 + 1] = 0xD8, jt[74 + 3] = 0xC0; /* SOI and SOF0 back */
    assert_null(pn_picture_refusal(jt, jn));
    jt[99 + 3] = 0xCC; /* the tables hold an arithmetic conditioning */
    jt[99 + 5] = 2;    /* its length */
    assert_non_null(strstr(pn_picture_refusal(jt, jn), "progressive, arithmetic-coded"));
    /* The strip offsets given twice, the first naming the progressive frame
     * (libtiff keeps the first) and the second a baseline one at 99 */
    const unsigned short offsets_twice[][2] = {{256, 16}, {257, 1}, {259, 7}, {273, 74}, {273, 99}};
    unsigned char ot[128] = {0};
    size_t on = short_tiff(ot, offsets_twice, 5);
    memcpy(ot + on, frame, sizeof frame);
    memcpy(ot + on + sizeof frame, frame, sizeof frame);
    ot[99 + 3] = 0xC0;
    assert_non_null(
        strstr(pn_picture_refusal(ot, on + 2 * sizeof frame), "progressive, arithmetic-coded"));
    ot[74 + 3] = 0xC0;
    assert_null(pn_picture_refusal(ot, on + 2 * sizeof frame));
    jt[8 + 2 + 24 + 8] = 1; /* compression none: the strip is not read as a JPEG */
    assert_null(pn_picture_refusal(jt, jn));

    /* Strips: a million and one offsets and sizes of one byte each. */
    size_t len = 2 * (PN_TIFF_MAX_STRIPS + 1) + 64;
    unsigned char *big = g_malloc0(len);
    unsigned char head[] = {
        'I',  'I', 42, 0, 8,    0, 0,    0, 2, 0, 0x11, 1,
        1,    0,   1,  0, 0x10, 0, 64,   0, 0, 0,           /* offsets at 64 */
        0x17, 1,   1,  0, 1,    0, 0x10, 0, 0, 0, 0,    0}; /* sizes after them */
    memcpy(big, head, sizeof head);
    uint32_t at = 64 + PN_TIFF_MAX_STRIPS + 1;
    big[30] = at & 0xFF, big[31] = at >> 8 & 0xFF, big[32] = at >> 16 & 0xFF;
    assert_non_null(strstr(pn_picture_refusal(big, len), "more than a million strips"));
    big[14] = 0, big[26] = 0; /* a million exactly */
    assert_null(pn_picture_refusal(big, len));
    g_free(big);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_yml_bytes),
        cmocka_unit_test(test_yml_structure),
        cmocka_unit_test(test_yml_parser_crash),
        cmocka_unit_test(test_yml_copies_buffer),
        cmocka_unit_test(test_yml_stream_limits_in_order),
        cmocka_unit_test(test_messages_are_one_line),
        cmocka_unit_test(test_value_bounds),
        cmocka_unit_test(test_value_extreme_numbers),
        cmocka_unit_test(test_yml_deep_flow_linear),
        cmocka_unit_test(test_scene_budget),
        cmocka_unit_test(test_scene_text_budget),
        cmocka_unit_test(test_fill_cross_as_items_grow),
        cmocka_unit_test(test_outfile),
        cmocka_unit_test(test_jpeg_scans),
        cmocka_unit_test(test_bmp_headers),
        cmocka_unit_test(test_gif_tiff_headers),
        cmocka_unit_test(test_tiff_directories),
        cmocka_unit_test(test_sfnt_embed),
        cmocka_unit_test(test_sfnt_embed_sizes),
        cmocka_unit_test(test_sfnt_draw_costs),
        cmocka_unit_test(test_cff_checks),
        cmocka_unit_test(test_otl_checks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test_pages.c: pads of identical pages. scene_equal must tell pages apart by
 * every item, and the driver must store a run of identical pages once in a PDF
 * (every page of the run refers to one content stream and one resources
 * dictionary) while pages that differ are drawn in full. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include "measurer.h"
#include <glib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <errno.h>
#include <sys/wait.h>
#include <qpdf/qpdf-c.h>
#include "render/render.h"
#include "util/fonts.h"
#include "util/yml.h"

static tmpl *open_template(const char *name, const char *set)
{
    pn_err err = {0};
    tmpl *t = tmpl_open(name, &err);
    if (!t) fail_msg("%s", err.msg);
    if (set && tmpl_set(t, set, &err)) fail_msg("%s", err.msg);
    if (tmpl_resolve(t, &err)) fail_msg("%s", err.msg);
    return t;
}

static scene *sheet(const char *name, const char *set, bool mono)
{
    tmpl *t = open_template(name, set);
    render_opts o = {.measure = test_measurer(), .landscape = -1, .seed = 1, .mono = mono};
    pn_err err = {0};
    scene *s = render_sheet(t, &o, 0, &err);
    if (!s) fail_msg("%s", err.msg);
    tmpl_free(t);
    return s;
}

/* The library never starts a process: neither for a built-in template nor for
 * YAML nobody has checked (see yml_scan.h). */
static void test_yaml_without_process(void **state)
{
    tmpl *t = open_template("circle36", NULL);
    tmpl_free(t);
    assert_int_equal(waitpid(-1, NULL, WNOHANG), -1);
    assert_int_equal(errno, ECHILD);
    pn_err err = {0};
    static const char text[] = "name: x\n";
    pn_yml *y = pn_yml_load_buffer("x.yaml", text, sizeof text - 1, &err);
    assert_non_null(y);
    pn_yml_free(y);
    assert_int_equal(waitpid(-1, NULL, WNOHANG), -1);
    assert_int_equal(errno, ECHILD);
}

static void test_scene_equal(void **state)
{
    scene *a = sheet("circle36", NULL, false), *b = sheet("circle36", NULL, false);
    assert_true(scene_equal(a, b));
    assert_true(scene_equal(a, a));
    scene *c = sheet("circle36", "target=37", false);
    assert_false(scene_equal(a, c)); /* only texts differ: the title and the chart */
    scene *d = sheet("circle36", NULL, true);
    assert_false(scene_equal(a, d)); /* the same shapes in grey */
    scene *e = sheet("dicrono", NULL, false);
    assert_false(scene_equal(a, e));
    pn_err err = {0};
    scene_font f = {.family = PN_FONT_PRINT, .size = 9};
    assert_non_null(scene_text_add(b, "x", &f, PN_BLACK, 10, 10, TEXT_LEFT, TEXT_TOP, 0, &err));
    assert_false(scene_equal(a, b));
    /* Same items but a slot moved. */
    scene *g = scene_new(100, 100, false, test_measurer()),
          *h = scene_new(100, 100, false, test_measurer());
    assert_int_equal(scene_slot_add(g, "s", 1, 1, 5, 5, SLOT_BOX, &err), 0);
    assert_int_equal(scene_slot_add(h, "s", 1, 2, 5, 5, SLOT_BOX, &err), 0);
    assert_false(scene_equal(g, h));
    /* Same path but one point moved. */
    scene_style st = scene_stroke_style(PN_BLACK, 1);
    scene_segment(g, 0, 0, 10, 10, &st);
    scene_segment(h, 0, 0, 10, 10.001, &st);
    assert_false(scene_equal(g, h));
    scene *i = scene_new(100, 100, false, test_measurer()),
          *j = scene_new(100, 101, false, test_measurer());
    assert_false(scene_equal(i, j));
    scene_free(a);
    scene_free(b);
    scene_free(c);
    scene_free(d);
    scene_free(e);
    scene_free(g);
    scene_free(h);
    scene_free(i);
    scene_free(j);
}

/* Counts occurrences of needle in the file's bytes. */
static int count_in_file(const char *path, const char *needle)
{
    gchar *data;
    gsize len;
    if (!g_file_get_contents(path, &data, &len, NULL)) fail_msg("cannot read %s", path);
    int n = 0;
    size_t nl = strlen(needle);
    for (gsize i = 0; i + nl <= len; i++)
        if (!memcmp(data + i, needle, nl)) n++;
    g_free(data);
    return n;
}

/* Writes labels[page] on the page (NULL or past n: nothing). */
typedef struct marks {
    int n;
    const char *const *labels;
} marks;

static int mark_pages(void *user, int page, scene *s, pn_err *err)
{
    const marks *m = user;
    if (page >= m->n || !m->labels[page]) return 0;
    scene_font f = {.family = PN_FONT_PRINT, .size = 9};
    return scene_text_add(s, m->labels[page], &f, PN_BLACK, 20, 20, TEXT_LEFT, TEXT_TOP, 0, err)
               ? 0
               : -1;
}

/* The object number of key in page (0 if it is not an indirect object). */
static int ref_of(qpdf_data q, qpdf_oh page, const char *key)
{
    qpdf_oh v = qpdf_oh_get_key(q, page, key);
    int id = qpdf_oh_get_object_id(q, v);
    qpdf_oh_release(q, v);
    return id;
}

/* The PDF's pages as letters, one per page: pages with the same letter refer to
 * the same content stream and resources ("AAB": the first two share). */
static char *page_pattern(const char *path)
{
    qpdf_data q = qpdf_init();
    qpdf_silence_errors(q);
    if (qpdf_read(q, path, NULL) & QPDF_ERRORS) fail_msg("qpdf cannot read %s", path);
    int n = qpdf_get_num_pages(q);
    GString *pat = g_string_new(NULL);
    int *contents = g_new0(int, n), *res = g_new0(int, n), *seen = g_new0(int, n);
    int distinct = 0;
    for (int i = 0; i < n; i++) {
        qpdf_oh page = qpdf_get_page_n(q, (size_t)i);
        contents[i] = ref_of(q, page, "/Contents");
        res[i] = ref_of(q, page, "/Resources");
        assert_true(contents[i] > 0 && res[i] > 0);
        int k = 0;
        while (k < distinct && seen[k] != contents[i])
            k++;
        if (k == distinct) seen[distinct++] = contents[i];
        /* pages that share content share resources */
        for (int j = 0; j < i; j++)
            if (contents[j] == contents[i]) assert_int_equal(res[j], res[i]);
        g_string_append_c(pat, (char)('A' + k));
    }
    g_free(contents);
    g_free(res);
    g_free(seen);
    qpdf_cleanup(&q);
    return g_string_free(pat, FALSE);
}

/* Renders a pad to a PDF and returns its page pattern (see page_pattern). */
static char *pad(const char *name, int pages, int nup, const marks *marked)
{
    char *dir = g_dir_make_tmp("pnpkit-pages-XXXXXX", NULL);
    char *path = g_build_filename(dir, "pad.pdf", NULL);
    tmpl *t = open_template(name, NULL);
    render_opts o = {.measure = test_measurer(),
                     .output = path,
                     .format = "pdf",
                     .landscape = -1,
                     .seed = 1,
                     .pages = pages,
                     .nup = nup,
                     .hook = marked ? mark_pages : NULL,
                     .hook_user = (void *)marked};
    pn_err err = {0};
    if (render_template(t, &o, &err)) fail_msg("%s", err.msg);
    char *pat = page_pattern(path);
    /* Every dictionary is packed into object streams. */
    assert_true(count_in_file(path, "/ObjStm") >= 1);
    assert_int_equal(count_in_file(path, "/Type /Page"), 0);
    tmpl_free(t);
    g_remove(path);
    g_rmdir(dir);
    g_free(path);
    g_free(dir);
    return pat;
}

/* Asserts the pattern of a pad and frees it. */
static void expect_pattern(char *got, const char *want)
{
    assert_string_equal(got, want);
    g_free(got);
}

static void test_identical_pad(void **state)
{
    expect_pattern(pad("circle36", 6, 1, NULL), "AAAAAA");
    expect_pattern(pad("dicrono", 1, 1, NULL), "A");
}

static void test_runs_of_identical_pages(void **state)
{
    /* Runs A A B B C A A A: A is shared, B is shared, C is drawn in full, and
     * the last run is shared anew (only the latest shared page is kept). */
    const char *const runs[] = {NULL, NULL, "B", "B", "C", NULL, NULL, NULL};
    marks m = {8, runs};
    expect_pattern(pad("circle36", 8, 1, &m), "AABBCDDD");
    /* A A B A: the last A repeats the shared A. */
    const char *const back[] = {NULL, NULL, "B", NULL};
    m = (marks){4, back};
    expect_pattern(pad("circle36", 4, 1, &m), "AABA");
    /* Every page different: nothing shared. */
    const char *const all[] = {"1", "2", "3", "4"};
    m = (marks){4, all};
    expect_pattern(pad("circle36", 4, 1, &m), "ABCD");
}

static void test_pages_that_vary(void **state)
{
    /* Components that read the page or its seed are never taken as alike. */
    assert_false(comp_same_every_page(comp_find("tile-sheet")));
    assert_false(comp_same_every_page(comp_find("tic-board")));
    assert_true(comp_same_every_page(comp_find("table")));
    assert_true(comp_same_every_page(comp_find("ring-board")));
    /* The tile sheets of a set differ page by page; so do seeded boards. */
    expect_pattern(pad("cirplexed-tiles", 3, 1, NULL), "ABC");
    expect_pattern(pad("thinking-in-circles", 3, 1, NULL), "ABC");
}

static void test_imposed_pad(void **state)
{
    /* 5 sheets 2-up: two full papers alike, the last holds one sheet. */
    expect_pattern(pad("dicrono", 5, 2, NULL), "AAB");
    /* Three sheets 4-up: one paper. */
    expect_pattern(pad("circle36", 3, 4, NULL), "A");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_yaml_without_process), cmocka_unit_test(test_scene_equal),
        cmocka_unit_test(test_identical_pad),        cmocka_unit_test(test_runs_of_identical_pages),
        cmocka_unit_test(test_pages_that_vary),      cmocka_unit_test(test_imposed_pad),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    test_measurer_free();
    return rc;
}

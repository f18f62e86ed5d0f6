/* test_pages.c: pads of identical pages. scene_equal must tell pages apart by
 * every item, and the driver must store a run of identical pages once in a PDF
 * (one form XObject per run) while pages that differ are drawn in full. */
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

/* Renders a pad to a PDF and returns the number of pages and form XObjects. */
static void pad(const char *name, int pages, int nup, const marks *marked, int *n_pages, int *forms)
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
    *n_pages = count_in_file(path, "/Type /Page %");
    *forms = count_in_file(path, "/Subtype /Form");
    tmpl_free(t);
    g_remove(path);
    g_rmdir(dir);
    g_free(path);
    g_free(dir);
}

static void test_identical_pad(void **state)
{
    int pages, forms;
    pad("circle36", 6, 1, NULL, &pages, &forms);
    assert_int_equal(pages, 6);
    assert_int_equal(forms, 1);
    pad("dicrono", 1, 1, NULL, &pages, &forms);
    assert_int_equal(pages, 1);
    assert_int_equal(forms, 0); /* a single page is drawn directly */
}

static void test_runs_of_identical_pages(void **state)
{
    /* Runs A A B B C A A A: A is shared, B is shared, C is drawn in full, and
     * the last run is shared anew (only the latest shared page is kept). */
    const char *const runs[] = {NULL, NULL, "B", "B", "C", NULL, NULL, NULL};
    marks m = {8, runs};
    int pages, forms;
    pad("circle36", 8, 1, &m, &pages, &forms);
    assert_int_equal(pages, 8);
    assert_int_equal(forms, 3);
    /* A A B A: the last A repeats the shared A. */
    const char *const back[] = {NULL, NULL, "B", NULL};
    m = (marks){4, back};
    pad("circle36", 4, 1, &m, &pages, &forms);
    assert_int_equal(pages, 4);
    assert_int_equal(forms, 1);
    /* Every page different: nothing shared. */
    const char *const all[] = {"1", "2", "3", "4"};
    m = (marks){4, all};
    pad("circle36", 4, 1, &m, &pages, &forms);
    assert_int_equal(pages, 4);
    assert_int_equal(forms, 0);
}

static void test_pages_that_vary(void **state)
{
    /* Components that read the page or its seed are never taken as alike. */
    assert_false(comp_same_every_page(comp_find("tile-sheet")));
    assert_false(comp_same_every_page(comp_find("tic-board")));
    assert_true(comp_same_every_page(comp_find("table")));
    assert_true(comp_same_every_page(comp_find("ring-board")));
    /* The tile sheets of a set differ page by page; so do seeded boards. */
    int pages, forms;
    pad("cirplexed-tiles", 3, 1, NULL, &pages, &forms);
    assert_int_equal(pages, 3);
    assert_int_equal(forms, 0);
    pad("thinking-in-circles", 3, 1, NULL, &pages, &forms);
    assert_int_equal(pages, 3);
    assert_int_equal(forms, 0);
}

static void test_imposed_pad(void **state)
{
    /* 5 sheets 2-up: two full papers alike, the last holds one sheet. */
    int pages, forms;
    pad("dicrono", 5, 2, NULL, &pages, &forms);
    assert_int_equal(pages, 3);
    assert_int_equal(forms, 1);
    /* Three sheets 4-up: one paper, drawn directly. */
    pad("circle36", 3, 4, NULL, &pages, &forms);
    assert_int_equal(pages, 1);
    assert_int_equal(forms, 0);
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

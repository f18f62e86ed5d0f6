/* test_outfile.c: outputs appear whole or not at all, also when several files
 * (the pages of an SVG pad) are committed together. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>
#include "util/outfile.h"

static int by_name(gconstpointer a, gconstpointer b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Names in dir (temporary files included), sorted and joined by spaces. */
static char *listing(const char *dir)
{
    GDir *d = g_dir_open(dir, 0, NULL);
    GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
    for (const char *n; (n = g_dir_read_name(d));)
        g_ptr_array_add(names, g_strdup(n));
    g_dir_close(d);
    g_ptr_array_sort(names, by_name);
    g_ptr_array_add(names, NULL);
    char *s = g_strjoinv(" ", (char **)names->pdata);
    g_ptr_array_free(names, TRUE);
    return s;
}

/* Removes dir and everything in it (files and empty directories). */
static void remove_dir(char *dir)
{
    GDir *d = g_dir_open(dir, 0, NULL);
    for (const char *n; (n = g_dir_read_name(d));) {
        char *p = g_build_filename(dir, n, NULL);
        if (g_remove(p) != 0) g_rmdir(p);
        g_free(p);
    }
    g_dir_close(d);
    g_rmdir(dir);
    g_free(dir);
}

static pn_outfile *open_with(const char *dir, const char *name, const char *text)
{
    char *path = g_build_filename(dir, name, NULL);
    pn_err err = {0};
    pn_outfile *o = pn_outfile_open(path, &err);
    if (!o) fail_msg("%s", err.msg);
    fputs(text, o->fp);
    g_free(path);
    return o;
}

static void expect_file(const char *dir, const char *name, const char *text)
{
    char *path = g_build_filename(dir, name, NULL), *got = NULL;
    assert_true(g_file_get_contents(path, &got, NULL, NULL));
    assert_string_equal(got, text);
    g_free(got);
    g_free(path);
}

static void test_commit_all(void **state)
{
    char *dir = g_dir_make_tmp("pnpkit-out-XXXXXX", NULL);
    pn_outfile *outs[3] = {open_with(dir, "a.svg", "one"), open_with(dir, "a-2.svg", "two"),
                           open_with(dir, "a-3.svg", "three")};
    char *first = g_build_filename(dir, "a.svg", NULL);
    assert_false(g_file_test(first, G_FILE_TEST_EXISTS)); /* only temporary files so far */
    pn_err err = {0};
    assert_int_equal(pn_outfile_commit_all(outs, 3, &err), 0);
    char *after = listing(dir);
    assert_string_equal(after, "a-2.svg a-3.svg a.svg");
    expect_file(dir, "a.svg", "one");
    expect_file(dir, "a-2.svg", "two");
    expect_file(dir, "a-3.svg", "three");
    g_free(first);
    g_free(after);
    remove_dir(dir);
}

static void test_commit_all_fails_midway(void **state)
{
    char *dir = g_dir_make_tmp("pnpkit-out-XXXXXX", NULL);
    pn_outfile *outs[3] = {open_with(dir, "b.svg", "one"), open_with(dir, "b-2.svg", "two"),
                           open_with(dir, "b-3.svg", "three")};
    /* The second target becomes a directory while the pages are written:
     * renaming a file over it fails. */
    char *blocker = g_build_filename(dir, "b-2.svg", NULL);
    assert_int_equal(g_mkdir(blocker, 0755), 0);
    pn_err err = {0};
    assert_int_equal(pn_outfile_commit_all(outs, 3, &err), -1);
    assert_int_equal(err.status, PN_EIO);
    assert_non_null(strstr(err.msg, "b-2.svg: cannot replace the file"));
    /* The first page was placed, the failed one and those after it left no
     * file, temporary or not. */
    char *after = listing(dir);
    assert_string_equal(after, "b-2.svg b.svg");
    assert_true(g_file_test(blocker, G_FILE_TEST_IS_DIR));
    g_free(after);
    g_free(blocker);
    remove_dir(dir);
}

static void test_commit_one_replaces(void **state)
{
    char *dir = g_dir_make_tmp("pnpkit-out-XXXXXX", NULL);
    pn_err err = {0};
    assert_int_equal(pn_outfile_commit(open_with(dir, "c.pdf", "old"), &err), 0);
    pn_outfile *o = open_with(dir, "c.pdf", "new");
    expect_file(dir, "c.pdf", "old"); /* untouched until the commit */
    assert_int_equal(pn_outfile_commit(o, &err), 0);
    expect_file(dir, "c.pdf", "new");
    char *after = listing(dir);
    assert_string_equal(after, "c.pdf");
    g_free(after);
    remove_dir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_commit_all),
        cmocka_unit_test(test_commit_all_fails_midway),
        cmocka_unit_test(test_commit_one_replaces),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

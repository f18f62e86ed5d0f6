/* test_outfile.c: outputs appear whole or not at all, also when several files
 * (the pages of an SVG pad) are committed together. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
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

static void test_page_path(void **state)
{
    char *p;
    assert_string_equal(p = pn_outfile_page_path("out/x.png", 1, 1), "out/x.png");
    g_free(p);
    assert_string_equal(p = pn_outfile_page_path("out/x.png", 1, 9), "out/x-1.png");
    g_free(p);
    assert_string_equal(p = pn_outfile_page_path("out/x.png", 3, 12), "out/x-03.png");
    g_free(p);
    assert_string_equal(p = pn_outfile_page_path("out/x.png", 100, 100), "out/x-100.png");
    g_free(p);
    assert_string_equal(p = pn_outfile_page_path("a.b/x", 2, 2), "a.b/x-2");
    g_free(p);
    assert_string_equal(p = pn_outfile_page_path(".png", 2, 2), ".png-2");
    g_free(p);
}

static void touch(const char *dir, const char *name)
{
    char *p = g_build_filename(dir, name, NULL);
    assert_true(g_file_set_contents(p, "x", 1, NULL));
    g_free(p);
}

static char *joined(GPtrArray *a)
{
    GString *s = g_string_new(NULL);
    for (guint i = 0; i < a->len; i++)
        g_string_append_printf(s, "%s%s", i ? " " : "", (char *)g_ptr_array_index(a, i));
    g_ptr_array_unref(a);
    return g_string_free(s, FALSE);
}

static void test_stale_pages(void **state)
{
    char *dir = g_dir_make_tmp("pnpkit-out-XXXXXX", NULL);
    const char *names[] = {"p.png",    "p-1.png",  "p-2.png", "p-3.png", "p-01.png",
                           "p-12.png", "p-13.png", "p-x.png", "p-.png",  "q-1.png",
                           "p-1.svg",  "p-00.png", "pp-1.png"};
    for (size_t i = 0; i < G_N_ELEMENTS(names); i++)
        touch(dir, names[i]);
    char *path = g_build_filename(dir, "p.png", NULL);
    char *s = joined(pn_outfile_stale_pages(path, 3));
    char *want = g_strdup_printf("%s/p-00.png %s/p-01.png %s/p-12.png %s/p-13.png %s/p.png", dir,
                                 dir, dir, dir, dir);
    assert_string_equal(s, want);
    g_free(s);
    g_free(want);
    s = joined(pn_outfile_stale_pages(path, 12));
    want = g_strdup_printf("%s/p-00.png %s/p-1.png %s/p-13.png %s/p-2.png %s/p-3.png %s/p.png", dir,
                           dir, dir, dir, dir, dir);
    assert_string_equal(s, want);
    g_free(s);
    g_free(want);
    /* One page: every numbered file is of another run, the path itself is ours. */
    s = joined(pn_outfile_stale_pages(path, 1));
    assert_null(strstr(s, "/p.png"));
    assert_non_null(strstr(s, "/p-1.png"));
    g_free(s);
    /* A relative path is named as given. */
    char *cwd = g_get_current_dir();
    assert_int_equal(chdir(dir), 0);
    s = joined(pn_outfile_stale_pages("q.png", 1));
    assert_string_equal(s, "q-1.png");
    g_free(s);
    assert_int_equal(chdir(cwd), 0);
    g_free(cwd);
    g_free(path);
    remove_dir(dir);
}

/* The temporary file of a 255-byte name fits in 255 bytes. */
static void test_long_name(void **state)
{
    char *dir = g_dir_make_tmp("pnpkit-out-XXXXXX", NULL);
    char name[256];
    memset(name, 'n', 251);
    strcpy(name + 251, ".pdf");
    pn_outfile *o = open_with(dir, name, "long");
    assert_non_null(o->tmp);
    char *base = g_path_get_basename(o->tmp);
    assert_int_equal(strlen(base), 255);
    assert_int_equal(base[0], '.');
    g_free(base);
    pn_err err = {0};
    assert_int_equal(pn_outfile_commit(o, &err), 0);
    expect_file(dir, name, "long");
    /* A name cut inside a UTF-8 character keeps whole characters. */
    char utf[256];
    for (int i = 0; i < 125; i++)
        memcpy(utf + 2 * i, "\xc3\xa9", 2);
    strcpy(utf + 250, ".pdf");
    o = open_with(dir, utf, "accents");
    base = g_path_get_basename(o->tmp);
    assert_true(strlen(base) <= 255);
    assert_true(g_utf8_validate(base, -1, NULL));
    g_free(base);
    assert_int_equal(pn_outfile_commit(o, &err), 0);
    expect_file(dir, utf, "accents");
    remove_dir(dir);
}

/* A link is written through; the link stays. */
static void test_symlink(void **state)
{
    char *dir = g_dir_make_tmp("pnpkit-out-XXXXXX", NULL);
    char *link = g_build_filename(dir, "l.pdf", NULL);
    assert_int_equal(symlink("t.pdf", link), 0);
    pn_err err = {0};
    pn_outfile *o = open_with(dir, "l.pdf", "through");
    assert_int_equal(pn_outfile_commit(o, &err), 0);
    assert_true(g_file_test(link, G_FILE_TEST_IS_SYMLINK));
    expect_file(dir, "t.pdf", "through");
    char *after = listing(dir);
    assert_string_equal(after, "l.pdf t.pdf");
    g_free(after);
    g_free(link);
    remove_dir(dir);
}

/* A file nobody may write is refused without PN_OUTFILE_FORCE, even for root. */
static void test_read_only(void **state)
{
    char *dir = g_dir_make_tmp("pnpkit-out-XXXXXX", NULL);
    pn_err err = {0};
    assert_int_equal(pn_outfile_commit(open_with(dir, "r.pdf", "old"), &err), 0);
    char *path = g_build_filename(dir, "r.pdf", NULL);
    assert_false(pn_outfile_is_read_only(path));
    assert_int_equal(chmod(path, 0444), 0);
    assert_true(pn_outfile_is_read_only(path));
    assert_null(pn_outfile_open(path, &err));
    assert_int_equal(err.status, PN_EIO);
    assert_non_null(strstr(err.msg, "read-only"));
    pn_outfile *o = pn_outfile_open_flags(path, PN_OUTFILE_FORCE, &err);
    assert_non_null(o);
    fputs("new", o->fp);
    assert_int_equal(pn_outfile_commit(o, &err), 0);
    expect_file(dir, "r.pdf", "new");
    g_free(path);
    remove_dir(dir);
}

/* What a signal handler calls: every open output's temporary file goes. */
static void test_remove_pending(void **state)
{
    char *dir = g_dir_make_tmp("pnpkit-out-XXXXXX", NULL);
    pn_outfile *a = open_with(dir, "a.pdf", "a"), *b = open_with(dir, "b.pdf", "b");
    char *before = listing(dir);
    assert_int_equal(strlen(before), strlen(".a.pdf.XXXXXX .b.pdf.XXXXXX"));
    g_free(before);
    pn_outfile_remove_pending();
    char *after = listing(dir);
    assert_string_equal(after, "");
    g_free(after);
    pn_outfile_abort(a);
    pn_outfile_abort(b);
    remove_dir(dir);
}

/* Memory outputs: committed together they land in the sink in their order,
 * an aborted one adds nothing, and no file is made in the current directory. */
static void test_memory(void **state)
{
    char *dir = g_dir_make_tmp("outfile-XXXXXX", NULL);
    char *cwd = g_get_current_dir();
    assert_int_equal(chdir(dir), 0);
    GPtrArray *sink = g_ptr_array_new_with_free_func((GDestroyNotify)g_bytes_unref);
    pn_err err = {0};
    pn_outfile *o[2] = {pn_outfile_open_mem("x-1.svg", sink, &err),
                        pn_outfile_open_to("x-2.svg", 0, sink, &err)};
    assert_non_null(o[0]);
    assert_non_null(o[1]);
    assert_true(pn_outfile_write(o[0], "first", 5));
    fputs("second page", o[1]->fp);
    assert_int_equal(pn_outfile_close(o[1], &err), 0);
    assert_int_equal(pn_outfile_commit_all(o, 2, &err), 0);
    assert_int_equal(sink->len, 2);
    gsize n;
    const char *d = g_bytes_get_data(g_ptr_array_index(sink, 0), &n);
    assert_int_equal(n, 5);
    assert_memory_equal(d, "first", 5);
    d = g_bytes_get_data(g_ptr_array_index(sink, 1), &n);
    assert_int_equal(n, 11);
    assert_memory_equal(d, "second page", 11);
    pn_outfile *x = pn_outfile_open_mem("y.pdf", sink, &err);
    fputs("lost", x->fp);
    pn_outfile_abort(x);
    assert_int_equal(sink->len, 2);
    char *names = listing(dir);
    assert_string_equal(names, "");
    g_free(names);
    g_ptr_array_unref(sink);
    assert_int_equal(chdir(cwd), 0);
    g_free(cwd);
    remove_dir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_commit_all),
        cmocka_unit_test(test_commit_all_fails_midway),
        cmocka_unit_test(test_commit_one_replaces),
        cmocka_unit_test(test_page_path),
        cmocka_unit_test(test_stale_pages),
        cmocka_unit_test(test_long_name),
        cmocka_unit_test(test_symlink),
        cmocka_unit_test(test_read_only),
        cmocka_unit_test(test_remove_pending),
        cmocka_unit_test(test_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test_lconv.c: the front ends' localeconv (src/cli/lconv.c) gives what
 * glibc's gives, field for field, in every locale the machine has, and a
 * struct of its own to each thread. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <dlfcn.h>
#include <glib.h>
#include <locale.h>
#include <string.h>

typedef struct lconv *(*lconv_fn)(void);

/* glibc's localeconv, which src/cli/lconv.c hides from the rest of the process. */
static lconv_fn libc_localeconv(void)
{
    lconv_fn f = (lconv_fn)dlsym(RTLD_NEXT, "localeconv");
    assert_non_null(f);
    assert_true(f != localeconv);
    return f;
}

static void assert_same(const struct lconv *a, const struct lconv *b)
{
    assert_string_equal(a->decimal_point, b->decimal_point);
    assert_string_equal(a->thousands_sep, b->thousands_sep);
    assert_string_equal(a->grouping, b->grouping);
    assert_string_equal(a->int_curr_symbol, b->int_curr_symbol);
    assert_string_equal(a->currency_symbol, b->currency_symbol);
    assert_string_equal(a->mon_decimal_point, b->mon_decimal_point);
    assert_string_equal(a->mon_thousands_sep, b->mon_thousands_sep);
    assert_string_equal(a->mon_grouping, b->mon_grouping);
    assert_string_equal(a->positive_sign, b->positive_sign);
    assert_string_equal(a->negative_sign, b->negative_sign);
    assert_int_equal(a->int_frac_digits, b->int_frac_digits);
    assert_int_equal(a->frac_digits, b->frac_digits);
    assert_int_equal(a->p_cs_precedes, b->p_cs_precedes);
    assert_int_equal(a->p_sep_by_space, b->p_sep_by_space);
    assert_int_equal(a->n_cs_precedes, b->n_cs_precedes);
    assert_int_equal(a->n_sep_by_space, b->n_sep_by_space);
    assert_int_equal(a->p_sign_posn, b->p_sign_posn);
    assert_int_equal(a->n_sign_posn, b->n_sign_posn);
    assert_int_equal(a->int_p_cs_precedes, b->int_p_cs_precedes);
    assert_int_equal(a->int_p_sep_by_space, b->int_p_sep_by_space);
    assert_int_equal(a->int_n_cs_precedes, b->int_n_cs_precedes);
    assert_int_equal(a->int_n_sep_by_space, b->int_n_sep_by_space);
    assert_int_equal(a->int_p_sign_posn, b->int_p_sign_posn);
    assert_int_equal(a->int_n_sign_posn, b->int_n_sign_posn);
}

/* Every locale `locale -a` lists (at least C and C.UTF-8 on Debian), and one
 * with a comma for a decimal point when the machine has it. */
static void test_same_as_glibc(void **state)
{
    lconv_fn libc = libc_localeconv();
    const char *fixed[] = {"C", "POSIX", "C.UTF-8", "de_DE.UTF-8", "fr_FR.UTF-8", "en_US.UTF-8"};
    int tried = 0;
    for (size_t i = 0; i < G_N_ELEMENTS(fixed); i++) {
        if (!setlocale(LC_ALL, fixed[i])) continue;
        assert_same(localeconv(), libc());
        tried++;
    }
    gchar *out = NULL;
    const char *argv[] = {"locale", "-a", NULL};
    if (g_spawn_sync(NULL, (gchar **)argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                     NULL, NULL, &out, NULL, NULL, NULL)) {
        gchar **names = g_strsplit(out, "\n", -1);
        for (gchar **n = names; *n; n++)
            if (**n && setlocale(LC_ALL, *n)) {
                assert_same(localeconv(), libc());
                tried++;
            }
        g_strfreev(names);
    }
    g_free(out);
    setlocale(LC_ALL, "C");
    assert_true(tried >= 3);
    /* A thread's own locale is the one that counts (uselocale). */
    locale_t c = newlocale(LC_ALL_MASK, "C", (locale_t)0);
    assert_non_null(c);
    locale_t old = uselocale(c);
    assert_string_equal(localeconv()->decimal_point, ".");
    uselocale(old);
    freelocale(c);
}

/* 1 when this thread's struct is not the caller's (data) and reads right. */
static gpointer thread_lconv(gpointer data)
{
    struct lconv *l = localeconv();
    return GINT_TO_POINTER(l != data && !strcmp(l->decimal_point, "."));
}

/* Two threads get two structs: neither writes what the other reads. */
static void test_one_struct_per_thread(void **state)
{
    struct lconv *mine = localeconv();
    GThread *a = g_thread_new("a", thread_lconv, mine);
    assert_int_equal(GPOINTER_TO_INT(g_thread_join(a)), 1);
    assert_ptr_equal(localeconv(), mine);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_as_glibc),
        cmocka_unit_test(test_one_struct_per_thread),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

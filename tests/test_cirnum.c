/* test_cirnum.c: Circular Numbers: the circular numbers themselves, cards,
 * the sums a hand forms with and without a marked space, moves, the
 * ace-five-six move-back and marked spaces. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include "games/cirnum.h"

static void test_circular(void **state)
{
    (void)state;
    /* The automorphic numbers below 10^6 (OEIS A003226). */
    const unsigned long known[] = {1, 5, 6, 25, 76, 376, 625, 9376, 90625, 109376, 890625};
    size_t k = 0;
    for (unsigned long n = 0; n < 1000000; n++)
        if (cirnum_is_circular(n)) {
            assert_true(k < sizeof known / sizeof known[0]);
            assert_int_equal(n, known[k++]);
        }
    assert_int_equal(k, sizeof known / sizeof known[0]);
}

static void test_moves(void **state)
{
    (void)state;
    assert_int_equal(cirnum_moves(1), 1);
    assert_int_equal(cirnum_moves(5), 2);
    assert_int_equal(cirnum_moves(6), 3);
    assert_int_equal(cirnum_moves(25), 4);
    assert_int_equal(cirnum_moves(76), 5);
    assert_int_equal(cirnum_moves(376), 0);
    assert_int_equal(cirnum_moves(12), 0);
    assert_int_equal(cirnum_moves(0), 0);
}

static void test_parse_hand(void **state)
{
    (void)state;
    cirnum_card h[CIRNUM_MAX_HAND];
    char why[256];
    assert_int_equal(cirnum_parse_hand("A 5 6 K", h, why, sizeof why), 4);
    assert_int_equal(h[0].value, 1);
    assert_int_equal(h[3].value, 10);
    assert_string_equal(h[3].rank, "K");
    assert_int_equal(cirnum_parse_hand("t,j, q 10", h, why, sizeof why), 4);
    for (int i = 0; i < 4; i++)
        assert_int_equal(h[i].value, 10);
    assert_string_equal(h[0].rank, "10");
    assert_int_equal(cirnum_parse_hand("A 11", h, why, sizeof why), -1);
    assert_non_null(strstr(why, "'11' is not a card"));
    assert_int_equal(cirnum_parse_hand("  ", h, why, sizeof why), -1);
    assert_int_equal(cirnum_parse_hand("A 2 3 4 5 6 7 8 9 10 J Q K", h, why, sizeof why), -1);
    assert_non_null(strstr(why, "more than 12"));
}

/* The listing as text lines "target=cards+multiple", for comparing. */
static char *listing(const char *hand, int mark)
{
    cirnum_card h[CIRNUM_MAX_HAND];
    char why[256];
    int n = cirnum_parse_hand(hand, h, why, sizeof why);
    assert_true(n > 0);
    GArray *a = cirnum_sums(h, n, mark);
    GString *s = g_string_new(NULL);
    for (guint i = 0; i < a->len; i++) {
        const cirnum_sum *x = &g_array_index(a, cirnum_sum, i);
        /* Each entry adds up, with a proper multiple of the mark. */
        assert_int_equal(x->cards + x->multiple, x->target);
        assert_int_equal(x->moves, cirnum_moves(x->target));
        if (x->multiple) assert_int_equal(x->multiple % mark, 0);
        g_string_append_printf(s, "%d=", x->target);
        for (int k = 0; k < n; k++)
            if (x->mask >> k & 1) g_string_append_printf(s, "%s.", h[k].rank);
        g_string_append_printf(s, "+%d ", x->multiple);
    }
    g_array_free(a, TRUE);
    return g_string_free(s, FALSE);
}

static void test_sums_plain(void **state)
{
    (void)state;
    char *l = listing("A 5 6 K", 0);
    assert_string_equal(l, "1=A.+0 5=5.+0 6=6.+0 6=A.5.+0 ");
    g_free(l);
    /* 25 from three cards; equal cards are not listed twice. */
    l = listing("10 5 5 K", 0);
    assert_string_equal(l, "5=5.+0 25=10.5.K.+0 ");
    g_free(l);
    l = listing("2 3", 0);
    assert_string_equal(l, "5=2.3.+0 ");
    g_free(l);
    l = listing("2 2", 0);
    assert_string_equal(l, "");
    g_free(l);
}

static void test_sums_marked(void **state)
{
    (void)state;
    /* Marked 10: 25 = 5 + 20 or 5 + K + 10; 76 = 6 + 70 and more. */
    char *l = listing("A 5 6 K", 10);
    assert_string_equal(l, "1=A.+0 5=5.+0 6=6.+0 6=A.5.+0 25=5.+20 25=5.K.+10 76=6.+70 "
                           "76=A.5.+70 76=6.K.+60 76=A.5.K.+60 ");
    g_free(l);
    /* Marked 3: an ace reaches 25 (+24) and 76 (+75); a 2 reaches 5 (+3), A + 2 six. */
    l = listing("A 2", 3);
    assert_string_equal(l, "1=A.+0 5=2.+3 6=A.2.+3 25=A.+24 76=A.+75 ");
    g_free(l);
    /* A mark never forms a sum without cards. */
    l = listing("K", 5);
    assert_string_equal(l, "25=K.+15 ");
    g_free(l);
}

static void test_move_back(void **state)
{
    (void)state;
    cirnum_card h[CIRNUM_MAX_HAND];
    char why[256];
    unsigned mask;
    int n = cirnum_parse_hand("6 2 A 5", h, why, sizeof why);
    assert_true(cirnum_move_back(h, n, &mask));
    assert_int_equal(mask, 0xd); /* the 6, the ace and the 5 */
    n = cirnum_parse_hand("A 5 K", h, why, sizeof why);
    assert_false(cirnum_move_back(h, n, NULL));
    n = cirnum_parse_hand("A 6 6", h, why, sizeof why);
    assert_false(cirnum_move_back(h, n, NULL));
}

static void test_marks(void **state)
{
    (void)state;
    cirnum_mark m[CIRNUM_MAX_MARKS];
    char why[256];
    const char *ok[] = {"4:2", "8:3", "20:10"};
    assert_int_equal(cirnum_parse_marks(ok, 3, 24, m, why, sizeof why), 3);
    assert_int_equal(cirnum_mark_at(m, 3, 8), 3);
    assert_int_equal(cirnum_mark_at(m, 3, 9), 0);
    const char *start[] = {"0:3"};
    assert_int_equal(cirnum_parse_marks(start, 1, 24, m, why, sizeof why), -1);
    assert_non_null(strstr(why, "SPACE 1 to 23"));
    const char *past[] = {"24:3"};
    assert_int_equal(cirnum_parse_marks(past, 1, 24, m, why, sizeof why), -1);
    const char *one[] = {"4:1"};
    assert_int_equal(cirnum_parse_marks(one, 1, 24, m, why, sizeof why), -1);
    const char *twice[] = {"4:2", "4:3"};
    assert_int_equal(cirnum_parse_marks(twice, 2, 24, m, why, sizeof why), -1);
    assert_non_null(strstr(why, "space 4 is marked twice"));
    const char *junk[] = {"4-2"};
    assert_int_equal(cirnum_parse_marks(junk, 1, 24, m, why, sizeof why), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_circular),    cmocka_unit_test(test_moves),
        cmocka_unit_test(test_parse_hand),  cmocka_unit_test(test_sums_plain),
        cmocka_unit_test(test_sums_marked), cmocka_unit_test(test_move_back),
        cmocka_unit_test(test_marks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* lconv.c: a localeconv() with one result per thread, for pnpkit's front ends.
 *
 * glibc's localeconv() fills one static struct on every call. cairo calls it
 * for every number it writes into a PDF or SVG (to find the decimal point), so
 * when `pnpkit serve` renders on two threads, both cores keep writing the same
 * cache line (in a profile of two threads drawing SVG, 15% of the time went
 * to one load from it). Defined in the executable, this function is the one
 * every library of the process calls; it fills a struct of the calling thread
 * from the same locale data (the thread's locale, as nl_langinfo gives it). POSIX lets localeconv() return a pointer
 * that a later call overwrites; here only a later call on the same thread does.
 *
 * The library never defines it (it does not change how the process behaves);
 * a program rendering on several threads may do the same as this file. */
#define _GNU_SOURCE
#include <langinfo.h>
#include <limits.h>
#include <locale.h>

static _Thread_local struct lconv lconv_thread;

/* A one-character numeric item of the current locale; the locale data marks
 * "not given" as '\377', which localeconv reports as CHAR_MAX. */
static char lconv_char(nl_item item)
{
    char c = nl_langinfo(item)[0];
    return c == '\377' ? CHAR_MAX : c;
}

/* A grouping string, with glibc's "no grouping" marks made empty. */
static char *lconv_grouping(nl_item item)
{
    char *g = nl_langinfo(item);
    return (*g == '\177' || *g == '\377') ? (char *)"" : g;
}

struct lconv *localeconv(void)
{
    struct lconv *r = &lconv_thread;
    r->decimal_point = nl_langinfo(RADIXCHAR);
    r->thousands_sep = nl_langinfo(THOUSEP);
    r->grouping = lconv_grouping(GROUPING);
    r->int_curr_symbol = nl_langinfo(INT_CURR_SYMBOL);
    r->currency_symbol = nl_langinfo(CURRENCY_SYMBOL);
    r->mon_decimal_point = nl_langinfo(MON_DECIMAL_POINT);
    r->mon_thousands_sep = nl_langinfo(MON_THOUSANDS_SEP);
    r->mon_grouping = lconv_grouping(MON_GROUPING);
    r->positive_sign = nl_langinfo(POSITIVE_SIGN);
    r->negative_sign = nl_langinfo(NEGATIVE_SIGN);
    r->int_frac_digits = lconv_char(INT_FRAC_DIGITS);
    r->frac_digits = lconv_char(FRAC_DIGITS);
    r->p_cs_precedes = lconv_char(P_CS_PRECEDES);
    r->p_sep_by_space = lconv_char(P_SEP_BY_SPACE);
    r->n_cs_precedes = lconv_char(N_CS_PRECEDES);
    r->n_sep_by_space = lconv_char(N_SEP_BY_SPACE);
    r->p_sign_posn = lconv_char(P_SIGN_POSN);
    r->n_sign_posn = lconv_char(N_SIGN_POSN);
    r->int_p_cs_precedes = lconv_char(INT_P_CS_PRECEDES);
    r->int_p_sep_by_space = lconv_char(INT_P_SEP_BY_SPACE);
    r->int_n_cs_precedes = lconv_char(INT_N_CS_PRECEDES);
    r->int_n_sep_by_space = lconv_char(INT_N_SEP_BY_SPACE);
    r->int_p_sign_posn = lconv_char(INT_P_SIGN_POSN);
    r->int_n_sign_posn = lconv_char(INT_N_SIGN_POSN);
    return r;
}

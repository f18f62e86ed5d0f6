/* test_haru_pieces.c: a long haru pad of different pages, which the haru
 * backend saves in pieces that the packer joins, made in memory through the
 * public interface: the same bytes as the file the same options write, and
 * the same bytes on a second run. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>
#include <string.h>
#include <unistd.h>
#include "pnpkit.h"

/* The whole file at path; *len its size. NULL when it cannot be read. */
static unsigned char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *d = malloc(n > 0 ? (size_t)n : 1);
    *len = fread(d, 1, (size_t)n, f);
    fclose(f);
    return d;
}

static void test_mem_equals_file(void **state)
{
    (void)state;
    pnpkit_error err;
    pnpkit_ctx *ctx = pnpkit_ctx_new(&err);
    assert_non_null(ctx);
    pnpkit_render_opts o;
    pnpkit_render_opts_init(&o);
    o.backend = "haru";
    o.pages = 150; /* three pieces */
    o.seed = 11;
    pnpkit_buffer *a = pnpkit_render_mem(ctx, "thinking-in-circles", &o, &err);
    assert_non_null(a);
    pnpkit_buffer *b = pnpkit_render_mem(ctx, "thinking-in-circles", &o, &err);
    assert_non_null(b);
    assert_int_equal(a->len, b->len);
    assert_memory_equal(a->data, b->data, a->len);
    assert_memory_equal(a->data, "%PDF-1.", 7);

    char dir[] = "/tmp/pnpkit-pieces-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[64];
    snprintf(path, sizeof path, "%s/pad.pdf", dir);
    assert_int_equal(pnpkit_render_file(ctx, "thinking-in-circles", &o, path, &err), 0);
    size_t n = 0;
    unsigned char *f = slurp(path, &n);
    assert_non_null(f);
    assert_int_equal(n, a->len);
    assert_memory_equal(f, a->data, n);
    free(f);
    unlink(path);
    rmdir(dir);

    /* 150 different boards: far more than one board's bytes */
    o.pages = 1;
    pnpkit_buffer *one = pnpkit_render_mem(ctx, "thinking-in-circles", &o, &err);
    assert_non_null(one);
    assert_true(a->len > 100 * one->len);
    pnpkit_buffer_free(one);
    pnpkit_buffer_free(a);
    pnpkit_buffer_free(b);
    pnpkit_ctx_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mem_equals_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test_api_doc.c: a document prepared and then written through the public
 * interface (pnpkit_doc_*): its pages and files for n-up, cards with backs and
 * merge data; the seed against a seeded template's parameter; read-only
 * outputs refused before anything is drawn, stale page files, a document
 * written once; hooks set after opening; the options' bounds and the paper
 * and length helpers. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "pnpkit.h"

static pnpkit_ctx *ctx;

static int setup(void **state)
{
    (void)state;
    pnpkit_error err;
    ctx = pnpkit_ctx_new(&err);
    return ctx ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    pnpkit_ctx_free(ctx);
    return 0;
}

static void write_text(const char *path, const char *text)
{
    FILE *fp = fopen(path, "w");
    assert_non_null(fp);
    fputs(text, fp);
    fclose(fp);
}

static bool exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* The papers and files a document makes, before anything is drawn. */
static void test_doc_info(void **state)
{
    (void)state;
    pnpkit_error err;
    pnpkit_render_opts o;
    pnpkit_render_opts_init(&o);
    o.pages = 5;
    o.nup = 4;
    o.fill = 1; /* 5 sheets fill two papers of 4 */
    pnpkit_doc *d = pnpkit_doc_open(ctx, "circle36", &o, &err);
    assert_non_null(d);
    const pnpkit_doc_info *i = pnpkit_doc_get_info(d);
    assert_string_equal(i->name, "circle36");
    assert_string_equal(i->origin, "built-in");
    assert_string_equal(i->file, "built-in template circle36");
    assert_string_equal(i->format, "pdf");
    assert_int_equal(i->has_seed, 0);
    assert_int_equal(i->papers, 2);
    assert_int_equal(i->files, 1);
    char *p = pnpkit_doc_file_path(d, "x.pdf", 1);
    assert_string_equal(p, "x.pdf");
    pnpkit_free(p);
    assert_null(pnpkit_doc_file_path(d, "x.pdf", 2));
    pnpkit_doc_free(d);

    /* SVG: a file a paper, numbered so that they sort */
    o.format = "svg";
    o.pages = 12;
    o.nup = 1;
    o.fill = 0;
    d = pnpkit_doc_open(ctx, "circle36", &o, &err);
    assert_non_null(d);
    assert_int_equal(pnpkit_doc_get_info(d)->files, 12);
    p = pnpkit_doc_file_path(d, "pad/x.svg", 3);
    assert_string_equal(p, "pad/x-03.svg");
    pnpkit_free(p);
    pnpkit_doc_free(d);

    /* cards: 5 on 2x2 papers, each paper of fronts followed by one of backs */
    pnpkit_render_opts_init(&o);
    o.pages = 5;
    o.grid_cols = o.grid_rows = 2;
    o.card_w = 63;
    o.card_h = 88;
    o.backs = "dicrono";
    d = pnpkit_doc_open(ctx, "circle36", &o, &err);
    assert_non_null(d);
    assert_int_equal(pnpkit_doc_get_info(d)->papers, 4);
    pnpkit_doc_free(d);

    o.backs = NULL;
    o.grid_cols = o.grid_rows = 3;
    d = pnpkit_doc_open(ctx, "circle36", &o, &err);
    assert_non_null(d);
    assert_int_equal(pnpkit_doc_get_info(d)->papers, 1);
    pnpkit_doc_free(d);

    /* one card a page: 5 cards and their backs, no grid needed */
    pnpkit_render_opts_init(&o);
    assert_true(o.gutter == PNPKIT_GUTTER_AUTO);
    o.pages = 5;
    o.card_layout = PNPKIT_CARDS_SINGLE;
    o.card_w = 63;
    o.card_h = 88;
    o.bleed = 3;
    o.backs = "dicrono";
    d = pnpkit_doc_open(ctx, "circle36", &o, &err);
    assert_non_null(d);
    assert_int_equal(pnpkit_doc_get_info(d)->papers, 10);
    pnpkit_doc_free(d);

    pnpkit_render_opts_init(&o);
    d = pnpkit_doc_open(ctx, "thinking-in-circles", &o, &err);
    assert_non_null(d);
    assert_int_equal(pnpkit_doc_get_info(d)->has_seed, 1);
    pnpkit_doc_free(d);
}

/* The scene of one sheet as text (NUL-terminated). */
static char *scene_of(const char *name, pnpkit_render_opts *o, pnpkit_error *err)
{
    o->format = "scene";
    pnpkit_buffer *b = pnpkit_render_mem(ctx, name, o, err);
    if (!b) return NULL;
    char *s = calloc(1, b->len + 1);
    memcpy(s, b->data, b->len);
    pnpkit_buffer_free(b);
    return s;
}

/* The seed sets a seeded template's parameter; the template's own is kept
 * without one; a different seed in `set` is refused. */
static void test_seed(void **state)
{
    (void)state;
    pnpkit_error err;
    pnpkit_render_opts o;
    pnpkit_render_opts_init(&o);
    assert_true(o.seed == PNPKIT_SEED_TEMPLATE);
    const char *set42[] = {"seed=42", NULL};
    o.set = set42;
    char *own = scene_of("thinking-in-circles", &o, &err);
    assert_non_null(own);
    assert_non_null(strstr(own, "--seed 42\""));

    o.set = NULL;
    o.seed = 42;
    char *given = scene_of("thinking-in-circles", &o, &err);
    assert_non_null(given);
    assert_string_equal(given, own); /* seed 42 is --set seed=42 */

    o.seed = 7;
    char *seven = scene_of("thinking-in-circles", &o, &err);
    assert_non_null(seven);
    assert_non_null(strstr(seven, "--seed 7\""));
    assert_string_not_equal(seven, own);

    o.set = set42; /* 7 and 42 */
    assert_null(scene_of("thinking-in-circles", &o, &err));
    assert_int_equal(err.code, PNPKIT_EUSAGE);
    assert_non_null(strstr(err.message, "seed 7"));
    assert_non_null(strstr(err.message, "seed=42"));

    o.seed = PNPKIT_SEED_MAX + 1UL;
    o.set = NULL;
    assert_null(scene_of("thinking-in-circles", &o, &err));
    assert_int_equal(err.code, PNPKIT_EINPUT);
    free(own);
    free(given);
    free(seven);
}

/* Read-only outputs are refused before anything is drawn, unless forced;
 * page files of an earlier, longer run are named; a document is written
 * once. */
static void test_doc_write(void **state)
{
    (void)state;
    char dir[] = "/tmp/test_api_doc-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char out[256], p1[256], p2[256], p9[256];
    snprintf(out, sizeof out, "%s/x.svg", dir);
    snprintf(p1, sizeof p1, "%s/x-1.svg", dir);
    snprintf(p2, sizeof p2, "%s/x-2.svg", dir);
    snprintf(p9, sizeof p9, "%s/x-9.svg", dir);
    write_text(p2, "old");
    assert_int_equal(chmod(p2, 0444), 0);
    write_text(p9, "old");

    pnpkit_error err;
    pnpkit_render_opts o;
    pnpkit_render_opts_init(&o);
    o.format = "svg";
    o.pages = 2;
    pnpkit_doc *d = pnpkit_doc_open(ctx, "circle36", &o, &err);
    assert_non_null(d);
    assert_int_equal(pnpkit_doc_write(d, out, &err), -1);
    assert_int_equal(err.code, PNPKIT_EIO);
    assert_non_null(strstr(err.message, "x-2.svg"));
    assert_non_null(strstr(err.message, "read-only"));
    assert_false(exists(p1)); /* nothing drawn */
    /* written once: even a failed write uses the document up */
    assert_int_equal(pnpkit_doc_write(d, out, &err), -1);
    assert_int_equal(err.code, PNPKIT_EUSAGE);
    pnpkit_doc_free(d);

    o.force = 1;
    d = pnpkit_doc_open(ctx, "circle36", &o, &err);
    assert_non_null(d);
    assert_int_equal(pnpkit_doc_write(d, out, &err), 0);
    assert_true(exists(p1));
    struct stat st;
    assert_int_equal(stat(p2, &st), 0);
    assert_true(st.st_size > 1000); /* replaced by a page */
    size_t n = 0;
    char **stale = pnpkit_doc_stale_files(d, out, &n);
    assert_int_equal(n, 1);
    assert_string_equal(stale[0], p9);
    assert_null(stale[1]);
    pnpkit_strv_free(stale);
    /* two files do not fit one buffer */
    assert_null(pnpkit_doc_write_mem(d, &err));
    assert_int_equal(err.code, PNPKIT_EUSAGE);
    pnpkit_doc_free(d);
    /* standard output is not a file the library writes */
    d = pnpkit_doc_open(ctx, "circle36", &o, &err);
    assert_non_null(d);
    assert_int_equal(pnpkit_doc_write(d, "-", &err), -1);
    pnpkit_doc_free(d);

    chmod(p2, 0644);
    unlink(p1);
    unlink(p2);
    unlink(p9);
    rmdir(dir);
}

typedef struct seen {
    int findings;
} seen;

static void count_finding(void *user, const pnpkit_finding *f)
{
    (void)f;
    ((seen *)user)->findings++;
}

/* The hooks are read when the document is written. */
static void test_hooks_after_open(void **state)
{
    (void)state;
    char dir[] = "/tmp/test_api_doc-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char tiny[256];
    snprintf(tiny, sizeof tiny, "%s/tiny.yaml", dir);
    write_text(tiny, "name: tiny\ncomponents:\n"
                     "  - {type: text, x: 20mm, y: 20mm, text: \"hi\", size: 3}\n");
    pnpkit_error err;
    pnpkit_render_opts o;
    pnpkit_render_opts_init(&o);
    seen s = {0};
    o.warn = count_finding;
    o.warn_user = &s;
    pnpkit_doc *d = pnpkit_doc_open(ctx, tiny, &o, &err);
    assert_non_null(d);
    assert_string_equal(pnpkit_doc_get_info(d)->origin, "file");
    o.warn = NULL; /* cleared after opening: no findings */
    pnpkit_buffer *b = pnpkit_doc_write_mem(d, &err);
    assert_non_null(b);
    pnpkit_buffer_free(b);
    assert_int_equal(s.findings, 0);
    pnpkit_doc_free(d);

    d = pnpkit_doc_open(ctx, tiny, &o, &err);
    assert_non_null(d);
    o.warn = count_finding; /* set after opening */
    b = pnpkit_doc_write_mem(d, &err);
    assert_non_null(b);
    pnpkit_buffer_free(b);
    assert_int_equal(s.findings, 1);
    pnpkit_doc_free(d);
    unlink(tiny);
    rmdir(dir);
}

/* One sheet a row of a CSV file; a template given as text reads none. */
static void test_data(void **state)
{
    (void)state;
    char dir[] = "/tmp/test_api_doc-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char tmpl[256], csv[256];
    snprintf(tmpl, sizeof tmpl, "%s/d.yaml", dir);
    snprintf(csv, sizeof csv, "%s/d.csv", dir);
    const char *text = "name: d\ncomponents:\n"
                       "  - {type: text, x: 20mm, y: 20mm, text: \"w ${word}\", size: 12}\n";
    write_text(tmpl, text);
    write_text(csv, "word\nalpha\nbeta\ngamma\n");
    pnpkit_error err;
    pnpkit_render_opts o;
    pnpkit_render_opts_init(&o);
    o.data = csv;
    o.format = "scene";
    pnpkit_doc *d = pnpkit_doc_open(ctx, tmpl, &o, &err);
    assert_non_null(d);
    assert_int_equal(pnpkit_doc_get_info(d)->papers, 3);
    pnpkit_buffer *b = pnpkit_doc_write_mem(d, &err);
    assert_non_null(b);
    char *s = calloc(1, b->len + 1);
    memcpy(s, b->data, b->len);
    assert_non_null(strstr(s, "\"w alpha\""));
    assert_non_null(strstr(s, "\"w gamma\""));
    free(s);
    pnpkit_buffer_free(b);
    pnpkit_doc_free(d);

    o.template_text = text;
    o.template_len = strlen(text);
    assert_null(pnpkit_doc_open(ctx, "d.yaml", &o, &err));
    assert_int_equal(err.code, PNPKIT_EINPUT);
    unlink(tmpl);
    unlink(csv);
    rmdir(dir);
}

/* Each option out of its bounds: refused before anything is made. */
static void test_bounds(void **state)
{
    (void)state;
    pnpkit_error err;
    pnpkit_render_opts o;
#define REFUSED(code_, ...)                                                                        \
    do {                                                                                           \
        pnpkit_render_opts_init(&o);                                                               \
        __VA_ARGS__;                                                                               \
        assert_null(pnpkit_doc_open(ctx, "circle36", &o, &err));                                   \
        assert_int_equal(err.code, code_);                                                         \
    } while (0)
    REFUSED(PNPKIT_EINPUT, o.grid_cols = o.grid_rows = PNPKIT_GRID_MAX + 1);
    REFUSED(PNPKIT_EINPUT, o.grid_cols = 2); /* no rows */
    REFUSED(PNPKIT_EINPUT, o.grid_cols = o.grid_rows = 2; o.card_w = o.card_h = 10);
    REFUSED(PNPKIT_EINPUT, o.grid_cols = o.grid_rows = 2; o.gutter = PNPKIT_GUTTER_MAX_MM + 1);
    REFUSED(PNPKIT_EUSAGE, o.card_w = o.card_h = 63); /* a card size without a grid */
    REFUSED(PNPKIT_EUSAGE, o.backs = "dicrono");      /* backs without a grid */
    REFUSED(PNPKIT_EUSAGE, o.grid_cols = o.grid_rows = 2; o.nup = 2);
    REFUSED(PNPKIT_EUSAGE, o.fill = 1); /* fill without n-up */
    REFUSED(PNPKIT_EINPUT, o.offset_x = PNPKIT_OFFSET_MAX_MM + 0.5);
    REFUSED(PNPKIT_EINPUT, o.scale = 2);
    REFUSED(PNPKIT_EINPUT, o.backend = "dump");
    REFUSED(PNPKIT_EINPUT, o.bleed = PNPKIT_BLEED_MAX_MM + 1);
    REFUSED(PNPKIT_EINPUT, o.pages = PNPKIT_PAGES_MAX + 1);
    REFUSED(PNPKIT_EUSAGE, o.backend = "haru"; o.pages = 5001);
    assert_non_null(strstr(err.message, "at most 5000 pages"));
    REFUSED(PNPKIT_EINPUT, o.backs = "no-such-template"; o.grid_cols = o.grid_rows = 2);
    REFUSED(PNPKIT_EINPUT, o.grid_cols = o.grid_rows = 2; o.gutter = -0.5);
    REFUSED(PNPKIT_EINPUT, o.card_layout = 2);
    REFUSED(PNPKIT_EINPUT, o.duplex = 2);
    REFUSED(PNPKIT_EUSAGE, o.card_layout = PNPKIT_CARDS_SINGLE; o.nup = 2);
    REFUSED(PNPKIT_EUSAGE, o.card_layout = PNPKIT_CARDS_SINGLE; o.offset_x = 1);
    REFUSED(PNPKIT_EUSAGE, o.actual_size = 1); /* without n-up */
    /* a gutter narrower than two bleeds */
    REFUSED(PNPKIT_EUSAGE, o.grid_cols = o.grid_rows = 2; o.card_w = 63; o.card_h = 88;
            o.bleed = 3; o.gutter = 2);
    assert_non_null(strstr(err.message, "narrower than two bleeds of 3mm"));
}

static void test_helpers(void **state)
{
    (void)state;
    pnpkit_error err;
    double w = 0, h = 0;
    assert_int_equal(pnpkit_paper_size("a4", &w, &h, &err), 0);
    assert_true(w == 210 && h == 297);
    assert_int_equal(pnpkit_paper_size("200x150mm", &w, &h, &err), 0);
    assert_true(w == 200 && h == 150);
    assert_int_equal(pnpkit_paper_size("a9", &w, &h, &err), -1);
    assert_int_equal(err.code, PNPKIT_EINPUT);
    assert_non_null(strstr(err.message, "a9"));
    double mm = 0;
    assert_int_equal(pnpkit_length_mm("1in", &mm), 1);
    assert_true(mm > 25.39 && mm < 25.41);
    assert_int_equal(pnpkit_length_mm("3cm", &mm), 1);
    assert_true(mm > 29.99 && mm < 30.01);
    assert_int_equal(pnpkit_length_mm("lots", &mm), 0);
    assert_int_equal(pnpkit_length_mm(NULL, &mm), 0);

    /* no options: the defaults (a PDF); no context: refused */
    pnpkit_buffer *b = pnpkit_render_mem(ctx, "circle36", NULL, &err);
    assert_non_null(b);
    assert_memory_equal(b->data, "%PDF-", 5);
    pnpkit_buffer_free(b);
    assert_null(pnpkit_doc_open(NULL, "circle36", NULL, &err));
    assert_int_equal(err.code, PNPKIT_EUSAGE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_doc_info),  cmocka_unit_test(test_seed),
        cmocka_unit_test(test_doc_write), cmocka_unit_test(test_hooks_after_open),
        cmocka_unit_test(test_data),      cmocka_unit_test(test_bounds),
        cmocka_unit_test(test_helpers),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}

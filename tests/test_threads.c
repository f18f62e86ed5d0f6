/* test_threads.c: the public interface from 8 threads at once, one context
 * each: every built-in template rendered to PDF, SVG, PNG (low dpi) and the
 * scene dump, in memory, several rounds, every result byte-identical to the
 * same job done first on one thread; and every sheet in tests/data scored
 * (the JSON report and the completed sheet as a PDF). Every rendering in
 * memory is also checked against the same rendering written to a file; and
 * a template showing an SVG with text and dashes. Run under
 * ThreadSanitizer by `make check-tsan`. PNPKIT_THREAD_ROUNDS sets the rounds
 * (default 2). */
#include <glib.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "pnpkit.h"

#define THREADS 8

static const char *const formats[] = {"pdf", "svg", "png", "scene"};
#define NFORMATS G_N_ELEMENTS(formats)

typedef struct job {
    const char *template_name; /* a render, or */
    const char *game;          /* a score of sheet_text (then template_name is NULL) */
    char *sheet_text;
    size_t sheet_len;
    const char *format;
    GBytes *expected; /* from the single-threaded run */
} job;

static GPtrArray *jobs; /* job* */

/* A score job's result: the JSON report, then the completed sheet's PDF. */
static pnpkit_buffer *run_score(pnpkit_ctx *ctx, const job *j, pnpkit_error *err)
{
    pnpkit_buffer *pdf = NULL;
    pnpkit_score_opts so = {.file = "sheet.yaml", .format = "pdf", .completed = &pdf};
    pnpkit_buffer *json = pnpkit_score(ctx, j->game, j->sheet_text, j->sheet_len, &so, err);
    if (!json) return NULL;
    pnpkit_buffer *both = g_new0(pnpkit_buffer, 1);
    both->len = json->len + pdf->len;
    both->data = g_malloc(both->len);
    memcpy(both->data, json->data, json->len);
    memcpy(both->data + json->len, pdf->data, pdf->len);
    pnpkit_buffer_free(json);
    pnpkit_buffer_free(pdf);
    return both;
}

static pnpkit_buffer *run_job(pnpkit_ctx *ctx, const job *j, pnpkit_error *err)
{
    if (j->game) return run_score(ctx, j, err);
    pnpkit_render_opts o;
    pnpkit_render_opts_init(&o);
    o.format = j->format;
    o.pages = 1; /* one page, so SVG, PNG and the scene fit in one buffer */
    o.dpi = 20;
    o.seed = 7;
    return pnpkit_render_mem(ctx, j->template_name, &o, err);
}

/* The jobs, with the single-threaded results to compare against. */
static int setup(void **state)
{
    pnpkit_error err;
    pnpkit_ctx *ctx = pnpkit_ctx_new(&err);
    if (!ctx) return -1;
    pnpkit_template_list *l = pnpkit_templates(ctx, &err);
    if (!l) return -1;
    jobs = g_ptr_array_new();
    for (size_t i = 0; i < l->n; i++) {
        if (strcmp(l->items[i].origin, "built-in")) continue;
        for (size_t f = 0; f < NFORMATS; f++) {
            job *j = g_new0(job, 1);
            j->template_name = g_strdup(l->items[i].name);
            j->format = formats[f];
            pnpkit_buffer *b = run_job(ctx, j, &err);
            if (!b) {
                char m[2048];
                pnpkit_error_format(&err, m, sizeof m);
                fprintf(stderr, "%s %s: %s\n", j->template_name, j->format, m);
                return -1;
            }
            j->expected = g_bytes_new(b->data, b->len);
            pnpkit_buffer_free(b);
            g_ptr_array_add(jobs, j);
        }
    }
    pnpkit_template_list_free(l);
    /* an SVG image with text (librsvg sets it with the thread's default font
     * map, which each render lends it) and dashes (checked with libxml2) */
    for (size_t f = 0; f < NFORMATS; f++) {
        job *j = g_new0(job, 1);
        j->template_name = g_strdup(PNPKIT_SOURCE_DIR "/tests/data/img/svgtext.yaml");
        j->format = formats[f];
        pnpkit_buffer *b = run_job(ctx, j, &err);
        if (!b) {
            char m[2048];
            pnpkit_error_format(&err, m, sizeof m);
            fprintf(stderr, "svgtext %s: %s\n", j->format, m);
            return -1;
        }
        j->expected = g_bytes_new(b->data, b->len);
        pnpkit_buffer_free(b);
        g_ptr_array_add(jobs, j);
    }
    /* the players' sheets of the tests: the game is the start of the name */
    static const char *const games[] = {"circle36", "dicrono", "cirplexed"};
    GDir *d = g_dir_open(PNPKIT_SOURCE_DIR "/tests/data", 0, NULL);
    for (const char *n; d && (n = g_dir_read_name(d));)
        for (size_t g = 0; g < G_N_ELEMENTS(games); g++) {
            if (!g_str_has_prefix(n, games[g]) || !g_str_has_suffix(n, ".yaml")) continue;
            job *j = g_new0(job, 1);
            j->game = games[g];
            j->format = n;
            char *path = g_build_filename(PNPKIT_SOURCE_DIR "/tests/data", n, NULL);
            gsize len;
            if (!g_file_get_contents(path, &j->sheet_text, &len, NULL)) return -1;
            g_free(path);
            j->sheet_len = len;
            j->format = g_intern_string(n);
            pnpkit_buffer *b = run_job(ctx, j, &err);
            if (!b) {
                char m[2048];
                pnpkit_error_format(&err, m, sizeof m);
                fprintf(stderr, "%s: %s\n", n, m);
                return -1;
            }
            j->expected = g_bytes_new(b->data, b->len);
            pnpkit_buffer_free(b);
            g_ptr_array_add(jobs, j);
        }
    if (d) g_dir_close(d);
    pnpkit_ctx_free(ctx);
    return 0;
}

static int teardown(void **state)
{
    for (guint i = 0; jobs && i < jobs->len; i++) {
        job *j = g_ptr_array_index(jobs, i);
        g_free((char *)j->template_name);
        g_free(j->sheet_text);
        g_bytes_unref(j->expected);
        g_free(j);
    }
    if (jobs) g_ptr_array_free(jobs, TRUE);
    return 0;
}

typedef struct worker {
    int index, rounds;
    int done, wrong, failed;
    char first_problem[2048];
} worker;

static gpointer work(gpointer data)
{
    worker *w = data;
    pnpkit_error err;
    pnpkit_ctx *ctx = pnpkit_ctx_new(&err);
    if (!ctx) {
        w->failed++;
        pnpkit_error_format(&err, w->first_problem, sizeof w->first_problem);
        return NULL;
    }
    for (int r = 0; r < w->rounds; r++)
        for (guint k = 0; k < jobs->len; k++) {
            /* each thread starts at a different job, so different templates
             * and formats run at the same time */
            const job *j = g_ptr_array_index(jobs, (k + (guint)w->index * 3) % jobs->len);
            pnpkit_buffer *b = run_job(ctx, j, &err);
            if (!b) {
                if (!w->failed++) pnpkit_error_format(&err, w->first_problem, 2048);
                continue;
            }
            gsize n;
            const void *want = g_bytes_get_data(j->expected, &n);
            if (b->len != n || memcmp(b->data, want, n)) {
                if (!w->wrong++ && !w->failed)
                    g_snprintf(w->first_problem, sizeof w->first_problem,
                               "%s as %s differs from the single-threaded result",
                               j->template_name ? j->template_name : j->game, j->format);
            }
            w->done++;
            pnpkit_buffer_free(b);
        }
    pnpkit_ctx_free(ctx);
    return NULL;
}

static void test_threads_render_identical(void **state)
{
    const char *env = getenv("PNPKIT_THREAD_ROUNDS");
    int rounds = env ? atoi(env) : 2;
    if (rounds < 1) rounds = 1;
    worker w[THREADS] = {{0}};
    GThread *t[THREADS];
    for (int i = 0; i < THREADS; i++) {
        w[i].index = i;
        w[i].rounds = rounds;
        t[i] = g_thread_new("render", work, &w[i]);
    }
    int done = 0;
    for (int i = 0; i < THREADS; i++) {
        g_thread_join(t[i]);
        if (w[i].failed || w[i].wrong) fail_msg("thread %d: %s", i, w[i].first_problem);
        done += w[i].done;
    }
    /* (7 built-in templates x 4 formats + 5 sheets) x rounds x 8 threads */
    assert_int_equal(done, (int)jobs->len * rounds * THREADS);
    assert_true(jobs->len >= 7 * NFORMATS + 5);
    print_message("%d renders on %d threads, all identical\n", done, THREADS);
}

/* pnpkit_render_mem gives the bytes pnpkit_render_file writes, in every
 * format, for every built-in template. */
static void test_mem_equals_file(void **state)
{
    pnpkit_error err;
    pnpkit_ctx *ctx = pnpkit_ctx_new(&err);
    assert_non_null(ctx);
    char *dir = g_dir_make_tmp("pnpkit-test-XXXXXX", NULL);
    assert_non_null(dir);
    int compared = 0;
    for (guint k = 0; k < jobs->len; k++) {
        const job *j = g_ptr_array_index(jobs, k);
        if (j->game) continue;
        pnpkit_render_opts o;
        pnpkit_render_opts_init(&o);
        o.format = j->format;
        o.pages = 1;
        o.dpi = 20;
        o.seed = 7;
        char *leaf = g_strdup_printf("out.%s", j->format);
        char *path = g_build_filename(dir, leaf, NULL);
        if (pnpkit_render_file(ctx, j->template_name, &o, path, &err)) {
            char m[2048];
            pnpkit_error_format(&err, m, sizeof m);
            fail_msg("%s as %s to a file: %s", j->template_name, j->format, m);
        }
        gchar *data;
        gsize len, n;
        assert_true(g_file_get_contents(path, &data, &len, NULL));
        const void *want = g_bytes_get_data(j->expected, &n);
        if (len != n || memcmp(data, want, n))
            fail_msg("%s as %s: memory (%zu bytes) and file (%zu bytes) differ", j->template_name,
                     j->format, (size_t)n, (size_t)len);
        compared++;
        g_free(data);
        remove(path);
        g_free(path);
        g_free(leaf);
    }
    assert_true(compared >= 7 * (int)NFORMATS);
    remove(dir);
    g_free(dir);
    pnpkit_ctx_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mem_equals_file),
        cmocka_unit_test(test_threads_render_identical),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}

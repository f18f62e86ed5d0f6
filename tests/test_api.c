/* test_api.c: the public interface's calls beyond rendering and scoring:
 * positions checked from text, Circular Numbers sums, the listings of
 * templates, components and scored games, lint, a file of sheets scored
 * report by report, the dicrono-max analysis, with their errors in the public
 * form (code, place, message). */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <dirent.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>
#include <string.h>
#include "pnpkit.h"

static const char position[] =
    "board:\n"
    "  layout: row\n"
    "  circles:\n"
    "    - \"* bc wt\"\n"
    "    - \"* bs wc\"\n"
    "    - \"* bp nt\"\n"
    "    - \"* wt bc\"\n"
    "    - \"* bc ns\"\n"
    "tokens: [1, 1, 1, 1, 1]\n"
    "players:\n"
    "  - {name: Ann, color: black, goals: [[pentagon, square, circle]]}\n"
    "  - {name: Bob, color: white, goals: [[circle, pentagon, square]]}\n";

static int count(const char *s, const char *what)
{
    int n = 0;
    for (const char *p = strstr(s, what); p; p = strstr(p + 1, what))
        n++;
    return n;
}

static void test_check_text(void **state)
{
    (void)state;
    char text[2048];
    snprintf(text, sizeof text, "%s---\n%s", position, position);
    pnpkit_error err;
    pnpkit_check_opts o = {.file = "two.yaml"};
    pnpkit_buffer *b = pnpkit_check(NULL, "thinking-in-circles", text, strlen(text), &o, &err);
    assert_non_null(b);
    const char *s = (const char *)b->data;
    assert_int_equal(
        count(s, "Ann (black): wins with three black spaces on circles 1-2-3; goal 1 (pentagon, "
                 "square, circle, read backwards) on circles 3-2-1\n"),
        2);
    assert_int_equal(count(s, "Bob (white): no win\n"), 2);
    assert_non_null(strstr(s, "\n\nBoard: ")); /* a blank line between the reports */
    pnpkit_buffer_free(b);

    o.json = 1;
    b = pnpkit_check(NULL, "thinking-in-circles", text, strlen(text), &o, &err);
    assert_non_null(b);
    assert_int_equal(count((const char *)b->data, "\n"), 2); /* one line a position */
    assert_int_equal(((const char *)b->data)[0], '{');
    pnpkit_buffer_free(b);

    /* the second position's tokens are wrong: placed in the stream */
    snprintf(text, sizeof text, "%s---\n%s", position, position);
    char *t2 = strstr(text + sizeof position, "tokens: [1, 1, 1, 1, 1]");
    assert_non_null(t2);
    memcpy(t2, "tokens: [1, 1, 1, 1]   ", 23);
    assert_null(pnpkit_check(NULL, "thinking-in-circles", text, strlen(text), &o, &err));
    assert_int_equal(err.code, PNPKIT_EINPUT);
    assert_string_equal(err.file, "two.yaml");
    assert_int_equal(err.line, 22); /* 12 lines, "---", then its 9th line */

    assert_null(pnpkit_check(NULL, "circle36", position, strlen(position), NULL, &err));
    assert_int_equal(err.code, PNPKIT_EINPUT);
    assert_null(pnpkit_check(NULL, "thinking-in-circles", "", 0, NULL, &err));
    assert_string_equal(err.message, "position.yaml: no document to check");
}

static void test_calc(void **state)
{
    (void)state;
    pnpkit_error err;
    pnpkit_calc_opts o = {.hand = "A 5 6 K", .space = 0, .json = 1};
    pnpkit_buffer *b = pnpkit_calc(NULL, &o, &err);
    assert_non_null(b);
    const char *s = (const char *)b->data;
    assert_true(
        strncmp(s, "{\"game\":\"circular-numbers\",\"hand\":[\"A\",\"5\",\"6\",\"K\"],", 50) == 0);
    assert_non_null(strstr(s, "{\"sum\":1,\"moves\":1,\"cards\":[\"A\"]"));
    assert_non_null(strstr(s, "\"move_back\":true}\n"));
    pnpkit_buffer_free(b);

    o.space = 24; /* the default track has 24 spaces: 0 to 23 */
    assert_null(pnpkit_calc(NULL, &o, &err));
    assert_int_equal(err.code, PNPKIT_EUSAGE);
    assert_string_equal(err.message, "the space must be a space of the track, 0 (the start) to 23");
    const char *const sets[] = {"spaces=30", "marks=3:2", NULL};
    o.set = sets;
    o.json = 0;
    b = pnpkit_calc(NULL, &o, &err);
    assert_non_null(b);
    assert_non_null(strstr((const char *)b->data, "Hand: A 5 6 K on space 24 (not marked)\n"));
    pnpkit_buffer_free(b);

    o.hand = "A Z";
    assert_null(pnpkit_calc(NULL, &o, &err));
    assert_int_equal(err.code, PNPKIT_EINPUT);
    assert_true(strncmp(err.message, "hand \"A Z\": ", 12) == 0);
}

static void test_listings(void **state)
{
    (void)state;
    pnpkit_template_list *l = pnpkit_templates_all(NULL);
    assert_non_null(l);
    int builtin = 0;
    for (size_t i = 0; i < l->n; i++) {
        const pnpkit_template *t = &l->items[i];
        assert_null(t->error);
        if (!strcmp(t->origin, "built-in")) builtin++;
        if (!strcmp(t->name, "circle36") && !strcmp(t->origin, "built-in")) {
            assert_string_equal(t->path, "templates/circle36.yaml");
            assert_string_equal(t->game, "circle36");
            assert_true(t->n_params >= 5);
        }
    }
    assert_true(builtin >= 8);
    pnpkit_template_list_free(l);

    pnpkit_component_list *c = pnpkit_components();
    bool slot = false;
    for (size_t i = 0; i < c->n; i++)
        if (!strcmp(c->items[i].name, "slot")) {
            slot = true;
            assert_true(c->items[i].n_props > 0);
            for (size_t k = 0; k < c->items[i].n_props; k++)
                assert_non_null(c->items[i].props[k].bounds);
        }
    assert_true(slot);
    assert_true(c->n >= 16);
    pnpkit_component_list_free(c);

    size_t n = pnpkit_game_count();
    assert_true(n >= 3);
    assert_string_equal(pnpkit_game_name(0), "circle36");
    assert_string_equal(pnpkit_game_template(2), "cirplexed-board");
    for (size_t i = 0; i < n; i++)
        assert_non_null(pnpkit_game_template(i));
    assert_null(pnpkit_game_name(n));
    assert_null(pnpkit_game_template((size_t)-1));
}

/* Lint: findings at their template place, with their sheet; errors placed. */
static void test_lint(void **state)
{
    (void)state;
    char dir[] = "/tmp/test_api-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[256];
    snprintf(path, sizeof path, "%s/tiny.yaml", dir);
    FILE *fp = fopen(path, "w");
    assert_non_null(fp);
    fputs("name: tiny\ncomponents:\n  - {type: text, x: 20mm, y: 20mm, text: \"hi\", size: 3}\n",
          fp);
    fclose(fp);
    pnpkit_error err;
    pnpkit_ctx *ctx = pnpkit_ctx_new(&err);
    assert_non_null(ctx);
    pnpkit_lint_opts o;
    pnpkit_lint_opts_init(&o);
    pnpkit_finding_list *l = pnpkit_lint(ctx, path, &o, &err);
    assert_non_null(l);
    assert_string_equal(l->file, path);
    assert_int_equal(l->n, 1);
    assert_int_equal(l->items[0].line, 3);
    assert_int_equal(l->items[0].col, 6);
    assert_int_equal(l->items[0].sheet, 1);
    assert_non_null(strstr(l->items[0].message, "3.0 pt, under 6 pt"));
    pnpkit_finding_list_free(l);
    const char *const sets[] = {"x=1", NULL};
    o.set = sets;
    assert_null(pnpkit_lint(ctx, path, &o, &err));
    assert_int_equal(err.code, PNPKIT_EINPUT);
    assert_null(pnpkit_lint(ctx, "no-such-template", NULL, &err));
    pnpkit_ctx_free(ctx);
    remove(path);
    remove(dir);
}

/* A report function that keeps every report it is handed. */
typedef struct reports {
    int n;
    char *all; /* every report, one after another */
} reports;

static int keep_report(void *user, const char *text, size_t len)
{
    reports *r = user;
    size_t had = r->all ? strlen(r->all) : 0;
    r->all = realloc(r->all, had + len + 1);
    memcpy(r->all + had, text, len);
    r->all[had + len] = 0;
    r->n++;
    return 0;
}

static char *slurp(const char *path)
{
    FILE *fp = fopen(path, "rb");
    assert_non_null(fp);
    char *b = calloc(1, 1 << 20);
    size_t n = fread(b, 1, (1 << 20) - 1, fp);
    fclose(fp);
    b[n] = 0;
    return b;
}

static void write_file(const char *path, const char *a, const char *b)
{
    FILE *fp = fopen(path, "w");
    assert_non_null(fp);
    fputs(a, fp);
    fputs(b, fp);
    fclose(fp);
}

/* A sheet as read (as_read): the reader's understanding in the sheet's own
 * keys, whatever the YAML style (block lists, ~ for an empty space, a round
 * without use), one line per sheet; a variant's rings follow its settings;
 * a sheet the reader refuses gives the same error at the same place. */
static void test_score_as_read(void **state)
{
    (void)state;
    pnpkit_error err;
    pnpkit_ctx *ctx = pnpkit_ctx_new(&err);
    assert_non_null(ctx);
    const char *sheet =
        "player: Ada\nred:\n  - 5\n  - ~\n  - 4\n  - 5\n  - 4\n  - 5\n  - 5\n  - 4\n"
        "blue: [4, 5, 4, 5, 5, 4, 5, 4]\ngreen: [5, 5, 4, 4, 4, 4, 5, 12]\n"
        "yellow: 9\nrounds:\n  - {dice: [5, 2], cell: R1}\n  - dice: [4, 8]\n    cell: g8\n    "
        "use: sum\n"
        "---\nred: [1, 1, 1, 1, 1, 1, 1, 1]\nblue: [1, 1, 1, 1, 1, 1, 1, 1]\n"
        "green: [1, 1, 1, 1, 1, 1, 1, 1]\nyellow: ~\ncombos: 0\n";
    pnpkit_score_opts o = {.file = "s.yaml", .as_read = 1};
    /* the rounds fill only R1 and G8: the 4 written in R3 (line 5) has no
     * round, and the reader refuses it there, as pnpkit score does */
    pnpkit_buffer *b = pnpkit_score(ctx, "circle36", sheet, strlen(sheet), &o, &err);
    assert_null(b);
    assert_int_equal(err.line, 5);
    const char *two = "player: Ada\ndate: 2026-11-23\nred:\n  - 5\n  - ~\n  - ~\n  - ~\n  - ~\n  - "
                      "~\n  - ~\n  - ~\n"
                      "blue: [~, ~, ~, ~, ~, ~, ~, ~]\ngreen: [~, ~, ~, ~, ~, ~, ~, 12]\n"
                      "yellow: ~\nrounds:\n  - {dice: [5, 2], cell: R1}\n  - dice: [4, 8]\n    "
                      "cell: g8\n    use: sum\n"
                      "---\nred: [1, 1, 1, 1, 1, 1, 1, 1]\nblue: [1, 1, 1, 1, 1, 1, 1, 1]\n"
                      "green: [1, 1, 1, 1, 1, 1, 1, 1]\nyellow: ~\ncombos: 0\n";
    b = pnpkit_score(ctx, "circle36", two, strlen(two), &o, &err);
    assert_non_null(b);
    assert_string_equal(
        (const char *)b->data,
        "{\"game\":\"circle36\",\"player\":\"Ada\",\"date\":\"2026-11-23\",\"rings\":3,"
        "\"sectors\":8,\"dice\":8,\"target\":36,"
        "\"red\":[5,null,null,null,null,null,null,null],"
        "\"blue\":[null,null,null,null,null,null,null,null],"
        "\"green\":[null,null,null,null,null,null,null,12],\"yellow\":null,"
        "\"combos\":null,\"rounds\":[{\"dice\":[5,2],\"cell\":\"R1\",\"use\":null},"
        "{\"dice\":[4,8],\"cell\":\"G8\",\"use\":\"sum\"}]}\n"
        "{\"game\":\"circle36\",\"player\":\"\",\"date\":\"\",\"rings\":3,\"sectors\":8,"
        "\"dice\":8,\"target\":36,\"red\":[1,1,1,1,1,1,1,1],\"blue\":[1,1,1,1,1,1,1,1],"
        "\"green\":[1,1,1,1,1,1,1,1],\"yellow\":null,\"combos\":0,\"rounds\":[]}\n");
    pnpkit_buffer_free(b);
    /* a variant: four rings of four sectors, the fourth ring orange */
    const char *sets[] = {"rings=4", "sectors=4", "dice=6", NULL};
    const char *four = "red: [1, 2, 3, 4]\nblue: [1, 2, 3, 4]\ngreen: [1, 2, 3, 4]\n"
                       "orange: [6, 5, 4, 3]\nyellow: 2\ncombos: 0\n";
    pnpkit_score_opts vo = {.file = "v.yaml", .as_read = 1, .set = sets};
    b = pnpkit_score(ctx, "circle36", four, strlen(four), &vo, &err);
    assert_non_null(b);
    assert_non_null(strstr((const char *)b->data, "\"rings\":4,\"sectors\":4,\"dice\":6,"));
    assert_non_null(strstr((const char *)b->data, "\"orange\":[6,5,4,3],\"yellow\":2,"));
    pnpkit_buffer_free(b);
    /* a typo key: the reader's error, at its place, as without as_read */
    const char *typo = "red: [1, 1, 1, 1, 1, 1, 1, 1]\nbleu: [1, 1, 1, 1, 1, 1, 1, 1]\n";
    assert_null(pnpkit_score(ctx, "circle36", typo, strlen(typo), &o, &err));
    assert_int_equal(err.line, 2);
    assert_int_equal(err.col, 1);
    assert_non_null(strstr(err.message, "unknown key 'bleu'"));
    /* DiCroNo and Cirplexed */
    char *set = slurp(PNPKIT_SOURCE_DIR "/tests/data/dicrono-one-game.yaml");
    b = pnpkit_score(ctx, "dicrono", set, strlen(set), &o, &err);
    assert_non_null(b);
    assert_int_equal(strncmp((const char *)b->data, "{\"game\":\"dicrono\",\"players\":{", 26), 0);
    assert_non_null(strstr((const char *)b->data, "\"grid\":[\""));
    pnpkit_buffer_free(b);
    free(set);
    char *cpx = slurp(PNPKIT_SOURCE_DIR "/tests/data/cirplexed-three.yaml");
    b = pnpkit_score(ctx, "cirplexed", cpx, strlen(cpx), &o, &err);
    assert_non_null(b);
    assert_non_null(
        strstr((const char *)b->data, "{\"name\":\"Ann\",\"tiles\":[{\"at\":[0,0],\"corners\":["
                                      "\"blue\",\"green\",\"red\",\"yellow\"]}"));
    pnpkit_buffer_free(b);
    free(cpx);
    pnpkit_ctx_free(ctx);
}

/* A file of two DiCroNo sheets scored report by report: each report is the
 * one pnpkit_score makes of that sheet alone; an invalid second sheet stops
 * at its line after the first report; the completed sheets are written
 * before any report is handed over, and a failed write hands over none. */
static void test_score_file(void **state)
{
    (void)state;
    char *one = slurp(PNPKIT_SOURCE_DIR "/tests/data/dicrono-one-game.yaml");
    pnpkit_error err;
    pnpkit_ctx *ctx = pnpkit_ctx_new(&err);
    assert_non_null(ctx);
    pnpkit_score_opts jo = {.file = "one.yaml"};
    pnpkit_buffer *alone = pnpkit_score(ctx, "dicrono", one, strlen(one), &jo, &err);
    assert_non_null(alone);

    char dir[] = "/tmp/test_api-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[256], out[256], bad[256];
    snprintf(path, sizeof path, "%s/two.yaml", dir);
    snprintf(out, sizeof out, "%s/done.pdf", dir);
    snprintf(bad, sizeof bad, "%s/no/such/dir/done.pdf", dir);
    write_file(path, one, "---\n");
    FILE *fp = fopen(path, "a");
    fputs(one, fp);
    fclose(fp);

    reports r = {0};
    pnpkit_score_file_opts o;
    pnpkit_score_file_opts_init(&o);
    o.path = path;
    o.json = 1;
    o.report = keep_report;
    o.user = &r;
    assert_int_equal(pnpkit_score_file(ctx, "dicrono", &o, &err), 2);
    assert_int_equal(r.n, 2);
    assert_int_equal(strlen(r.all), 2 * alone->len);
    assert_memory_equal(r.all, alone->data, alone->len);
    assert_memory_equal(r.all + alone->len, alone->data, alone->len);
    free(r.all);

    /* the second sheet invalid: one report, then the error at its place */
    write_file(path, one, "---\ngame: dicrono\ngames: 12\n");
    int lines = 0;
    for (const char *p = one; *p; p++)
        lines += *p == '\n';
    r = (reports){0};
    assert_int_equal(pnpkit_score_file(ctx, "dicrono", &o, &err), -1);
    assert_int_equal(err.code, PNPKIT_EINPUT);
    assert_string_equal(err.file, path);
    assert_int_equal(err.line, lines + 3);
    assert_int_equal(r.n, 1);
    free(r.all);

    /* completed sheets: written, then the report */
    write_file(path, one, "");
    r = (reports){0};
    o.output = out;
    assert_int_equal(pnpkit_score_file(ctx, "dicrono", &o, &err), 1);
    assert_int_equal(r.n, 1);
    char *pdf = slurp(out);
    assert_memory_equal(pdf, "%PDF-", 5);
    free(pdf);
    free(r.all);
    r = (reports){0};
    o.output = bad;
    assert_int_equal(pnpkit_score_file(ctx, "dicrono", &o, &err), -1);
    assert_int_equal(err.code, PNPKIT_EIO);
    assert_int_equal(r.n, 0);
    assert_int_equal(pnpkit_score_file(ctx, "chess", &o, &err), -1);
    assert_int_equal(err.code, PNPKIT_EINPUT);
    assert_non_null(strstr(err.message, "no scored game called 'chess'"));

    pnpkit_buffer_free(alone);
    pnpkit_ctx_free(ctx);
    free(one);
    remove(out);
    remove(path);
    remove(dir);
}

/* dicrono-max: the witness, read back as a sheet, scores the points the
 * JSON answer gives; bounds and unknown questions are usage errors; the
 * witness is drawn after the answer is handed over. */
static void test_analyze(void **state)
{
    (void)state;
    pnpkit_error err;
    pnpkit_ctx *ctx = pnpkit_ctx_new(&err);
    assert_non_null(ctx);
    pnpkit_analyze_opts o;
    pnpkit_analyze_opts_init(&o);
    reports json = {0}, sheet = {0};
    o.size = 5;
    o.form = PNPKIT_ANALYSIS_JSON;
    o.report = keep_report;
    o.user = &json;
    assert_int_equal(pnpkit_analyze(NULL, "dicrono-max", &o, &err), 0);
    const char *pts = strstr(json.all, "\"points\":");
    assert_non_null(pts);
    int points = atoi(pts + 9);
    assert_true(points > 0);
    assert_non_null(strstr(json.all, "\"size\":5,"));
    o.form = PNPKIT_ANALYSIS_SHEET;
    o.user = &sheet;
    assert_int_equal(pnpkit_analyze(NULL, "dicrono-max", &o, &err), 0);
    pnpkit_buffer *scored = pnpkit_score(ctx, "dicrono", sheet.all, strlen(sheet.all), NULL, &err);
    assert_non_null(scored);
    char want[64];
    snprintf(want, sizeof want, "\"total\":{\"X\":%d,", points);
    assert_non_null(strstr((const char *)scored->data, want));
    pnpkit_buffer_free(scored);

    o.size = PNPKIT_DICRONO_SIZE_MAX + 1;
    assert_int_equal(pnpkit_analyze(NULL, "dicrono-max", &o, &err), -1);
    assert_int_equal(err.code, PNPKIT_EUSAGE);
    o.size = 5;
    assert_int_equal(pnpkit_analyze(NULL, "dicrono-min", &o, &err), -1);
    assert_int_equal(err.code, PNPKIT_EUSAGE);

    char dir[] = "/tmp/test_api-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char out[256];
    snprintf(out, sizeof out, "%s/w.svg", dir);
    o.output = out;
    o.format = "svg";
    assert_int_equal(pnpkit_analyze(NULL, "dicrono-max", &o, &err), -1); /* no context */
    free(sheet.all);
    sheet = (reports){0};
    assert_int_equal(pnpkit_analyze(ctx, "dicrono-max", &o, &err), 0);
    assert_int_equal(sheet.n, 1);
    char *svg = slurp(out);
    assert_non_null(strstr(svg, "<svg"));
    free(svg);
    remove(out);
    remove(dir);
    free(json.all);
    free(sheet.all);
    pnpkit_ctx_free(ctx);
}

/* What a render reports while it works: progress, warnings, and a cancel
 * flag set half-way (as a signal handler would) that leaves no file. */
typedef struct render_watch {
    int calls, last_done, total, bad_order;
    int cancel_after; /* 0: never */
    volatile sig_atomic_t *cancel;
    int findings, line, col, sheet;
    char kind[32];
} render_watch;

static void watch_progress(void *user, int done, int total)
{
    render_watch *w = user;
    if (done != w->last_done + 1 || (w->total && total != w->total)) w->bad_order++;
    w->calls++;
    w->last_done = done;
    w->total = total;
    if (w->cancel_after && done == w->cancel_after) *w->cancel = 1;
}

static void watch_warn(void *user, const pnpkit_finding *f)
{
    render_watch *w = user;
    w->findings++;
    w->line = f->line;
    w->col = f->col;
    w->sheet = f->sheet;
    snprintf(w->kind, sizeof w->kind, "%s", f->kind);
}

static void test_render_hooks(void **state)
{
    (void)state;
    char dir[] = "/tmp/test_api-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char pdf[256], tiny[256];
    snprintf(pdf, sizeof pdf, "%s/pad.pdf", dir);
    snprintf(tiny, sizeof tiny, "%s/tiny.yaml", dir);
    pnpkit_error err;
    pnpkit_ctx *ctx = pnpkit_ctx_new(&err);
    assert_non_null(ctx);

    /* progress once a page, in order, with the same total */
    pnpkit_render_opts o;
    pnpkit_render_opts_init(&o);
    o.pages = 3;
    render_watch w = {0};
    o.progress = watch_progress;
    o.progress_user = &w;
    assert_int_equal(pnpkit_render_file(ctx, "circle36", &o, pdf, &err), 0);
    assert_int_equal(w.calls, 3);
    assert_int_equal(w.total, 3);
    assert_int_equal(w.last_done, 3);
    assert_int_equal(w.bad_order, 0);
    /* two sheets a paper: progress counts papers */
    memset(&w, 0, sizeof w);
    o.pages = 4;
    o.nup = 2;
    assert_int_equal(pnpkit_render_file(ctx, "circle36", &o, pdf, &err), 0);
    assert_int_equal(w.calls, 2);
    assert_int_equal(w.total, 2);
    assert_int_equal(remove(pdf), 0);

    /* cancelled after the first of three pages: an error, and no file */
    volatile sig_atomic_t cancel = 0;
    memset(&w, 0, sizeof w);
    w.cancel = &cancel;
    w.cancel_after = 1;
    o.pages = 3;
    o.nup = 1;
    o.cancel = &cancel;
    assert_int_equal(pnpkit_render_file(ctx, "circle36", &o, pdf, &err), -1);
    assert_int_equal(err.code, PNPKIT_EIO);
    assert_int_equal(w.calls, 1);
    FILE *fp = fopen(pdf, "rb");
    assert_null(fp);
    /* a flag already set stops an SVG in memory too */
    o.format = "svg";
    o.pages = 1;
    assert_null(pnpkit_render_mem(ctx, "circle36", &o, &err));
    assert_int_equal(err.code, PNPKIT_EIO);

    /* warnings: 3 pt text at its place in the template, on sheet 1 */
    fp = fopen(tiny, "w");
    assert_non_null(fp);
    fputs("name: tiny\ncomponents:\n  - {type: text, x: 20mm, y: 20mm, text: \"hi\", size: 3}\n",
          fp);
    fclose(fp);
    pnpkit_render_opts_init(&o);
    o.format = "svg";
    memset(&w, 0, sizeof w);
    o.warn = watch_warn;
    o.warn_user = &w;
    pnpkit_buffer *b = pnpkit_render_mem(ctx, tiny, &o, &err);
    assert_non_null(b);
    pnpkit_buffer_free(b);
    assert_int_equal(w.findings, 1);
    assert_int_equal(w.line, 3);
    assert_int_equal(w.col, 6);
    assert_int_equal(w.sheet, 1);
    assert_string_equal(w.kind, "text-size");
    pnpkit_ctx_free(ctx);
    remove(tiny);
    remove(dir);
}

/* Hidden files in dir (the temporary files of outputs being written). */
static int hidden_files(const char *dir)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        if (e->d_name[0] == '.' && strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) n++;
    closedir(d);
    return n;
}

typedef struct pending_watch {
    const char *dir;
    int before, after;
} pending_watch;

/* After the first page: the output's temporary file exists; a signal
 * handler's call removes it. */
static void remove_pending(void *user, int done, int total)
{
    (void)total;
    pending_watch *w = user;
    if (done != 1) return;
    w->before = hidden_files(w->dir);
    pnpkit_remove_pending_outputs();
    w->after = hidden_files(w->dir);
}

static void test_remove_pending(void **state)
{
    (void)state;
    char dir[] = "/tmp/test_api-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char pdf[256];
    snprintf(pdf, sizeof pdf, "%s/pad.pdf", dir);
    pnpkit_error err;
    pnpkit_ctx *ctx = pnpkit_ctx_new(&err);
    assert_non_null(ctx);
    pnpkit_render_opts o;
    pnpkit_render_opts_init(&o);
    o.pages = 3;
    pending_watch w = {.dir = dir};
    o.progress = remove_pending;
    o.progress_user = &w;
    /* the output cannot be completed once its temporary file is gone */
    assert_int_equal(pnpkit_render_file(ctx, "circle36", &o, pdf, &err), -1);
    assert_true(w.before >= 1);
    assert_int_equal(w.after, 0);
    assert_null(fopen(pdf, "rb"));
    assert_int_equal(hidden_files(dir), 0);
    pnpkit_ctx_free(ctx);
    assert_int_equal(remove(dir), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_check_text),     cmocka_unit_test(test_calc),
        cmocka_unit_test(test_listings),       cmocka_unit_test(test_lint),
        cmocka_unit_test(test_score_file),     cmocka_unit_test(test_analyze),
        cmocka_unit_test(test_score_as_read),  cmocka_unit_test(test_render_hooks),
        cmocka_unit_test(test_remove_pending),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

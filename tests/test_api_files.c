/* test_api_files.c: what the web front end asks of the public interface
 * (API version 5): template names, a template's text, saving a template into
 * the user's directory (name rules, built-in names, a bad template at its
 * place, never through a symbolic link, files read only beside it), parameters' bounds as numbers,
 * the slots of a sheet checked against the scene dump of the same sheet, and scoring against a
 * template given by name, as text or with parameters, with a creation date; that date's bounds
 * wherever a drawing is made. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, setenv */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <cmocka.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "pnpkit.h"

static pnpkit_ctx *ctx;
static char data_home[64];

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

static char *slurp(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    assert_non_null(fp);
    char *b = calloc(1, 1 << 20);
    *len = fread(b, 1, (1 << 20) - 1, fp);
    fclose(fp);
    return b;
}

static bool has_name(char **names, const char *name)
{
    for (char **n = names; *n; n++)
        if (!strcmp(*n, name)) return true;
    return false;
}

/* Names are the list's, sorted; a template's text is its file's. */
static void test_names_and_source(void **state)
{
    (void)state;
    char **names = pnpkit_template_names(ctx);
    assert_non_null(names);
    assert_true(has_name(names, "circle36"));
    assert_true(has_name(names, "dicrono"));
    for (char **n = names; n[0] && n[1]; n++)
        assert_true(strcmp(n[0], n[1]) < 0);
    pnpkit_strv_free(names);

    size_t len;
    char *file = slurp(PNPKIT_SOURCE_DIR "/templates/circle36.yaml", &len);
    pnpkit_error err;
    pnpkit_buffer *b = pnpkit_template_source(ctx, "circle36", &err);
    assert_non_null(b);
    assert_int_equal(b->len, len);
    assert_memory_equal(b->data, file, len);
    assert_int_equal(b->data[b->len], 0);
    pnpkit_buffer_free(b);
    free(file);

    /* a path, even one to a real template, is not a name */
    assert_null(pnpkit_template_source(ctx, PNPKIT_SOURCE_DIR "/templates/circle36.yaml", &err));
    assert_int_equal(err.code, PNPKIT_EINPUT);
    assert_null(pnpkit_template_source(ctx, "no-such-template", &err));
    assert_int_equal(err.code, PNPKIT_EINPUT);
    assert_non_null(strstr(err.message, "no such template"));
}

static const char small_template[] = "name: mine\n"
                                     "params:\n"
                                     "  n: {type: int, default: 2, min: 1, max: 5}\n"
                                     "components:\n"
                                     "  - {type: slot, id: a, x: 10mm, y: 20mm, w: 30mm, h: 8mm}\n";

/* Saving: the name rules, never over a built-in, a bad template at its
 * place, and a good one found by name afterwards with the same text. */
static void test_save(void **state)
{
    (void)state;
    pnpkit_error err;
    const char *bad_names[] = {"", "../x", "-x", "a b", "x.yaml", "circle36", NULL};
    for (const char **n = bad_names; *n; n++) {
        assert_int_equal(
            pnpkit_template_save(ctx, *n, small_template, strlen(small_template), &err), -1);
        assert_int_equal(err.code, PNPKIT_EUSAGE);
    }
    char long_name[80];
    memset(long_name, 'a', 65);
    long_name[65] = 0;
    assert_int_equal(pnpkit_template_save(ctx, long_name, "x", 1, &err), -1);
    assert_int_equal(err.code, PNPKIT_EUSAGE);

    const char broken[] = "name: mine\ncomponents: [\n";
    assert_int_equal(pnpkit_template_save(ctx, "mine", broken, strlen(broken), &err), -1);
    assert_int_equal(err.code, PNPKIT_EINPUT);
    assert_string_equal(err.file, "template.yaml");
    assert_int_equal(err.line, 2); /* the end of the last line, not a line after it */
    assert_int_equal(err.col, 14);

    char path[128];
    snprintf(path, sizeof path, "%s/pnpkit/templates/mine.yaml", data_home);
    struct stat st;
    assert_int_not_equal(stat(path, &st), 0); /* nothing written for a failure */

    assert_int_equal(
        pnpkit_template_save(ctx, "mine", small_template, strlen(small_template), &err), 0);
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal((size_t)st.st_size, strlen(small_template));
    char **names = pnpkit_template_names(ctx);
    assert_true(has_name(names, "mine"));
    pnpkit_strv_free(names);
    pnpkit_buffer *b = pnpkit_template_source(ctx, "mine", &err);
    assert_non_null(b);
    assert_string_equal((const char *)b->data, small_template);
    pnpkit_buffer_free(b);

    /* the saved template renders by name */
    pnpkit_render_opts o;
    pnpkit_render_opts_init(&o);
    o.format = "svg";
    b = pnpkit_render_mem(ctx, "mine", &o, &err);
    assert_non_null(b);
    pnpkit_buffer_free(b);
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* Saving never writes through a symbolic link in the folder, and a saved
 * template reads files only beside itself: a data: file there can be saved
 * and used; an absolute path, '..' or a link is refused at its place. */
static void test_save_files(void **state)
{
    (void)state;
    pnpkit_error err;
    char dir[128], outside[160], link[160], path[160];
    snprintf(dir, sizeof dir, "%s/pnpkit/templates", data_home);
    snprintf(outside, sizeof outside, "%s/outside.txt", data_home);
    snprintf(link, sizeof link, "%s/linked.yaml", dir);
    write_file(outside, "precious\n");
    assert_int_equal(symlink(outside, link), 0);
    assert_int_equal(
        pnpkit_template_save(ctx, "linked", small_template, strlen(small_template), &err), -1);
    assert_int_equal(err.code, PNPKIT_EUSAGE);
    assert_non_null(strstr(err.message, "is a symbolic link"));
    size_t len;
    char *kept = slurp(outside, &len);
    assert_string_equal(kept, "precious\n");
    free(kept);
    char **names = pnpkit_template_names(ctx);
    assert_false(has_name(names, "linked")); /* a link is never a template */
    pnpkit_strv_free(names);

    snprintf(path, sizeof path, "%s/cards.csv", dir);
    write_file(path, "label\nfire\nwater\n");
    const char deck[] = "name: deck\npage: {paper: a5}\ndata: cards.csv\ncomponents:\n"
                        "  - {type: text, text: \"${label}\", x: 10mm, y: 10mm}\n";
    assert_int_equal(pnpkit_template_save(ctx, "deck", deck, strlen(deck), &err), 0);
    pnpkit_render_opts o;
    pnpkit_render_opts_init(&o);
    pnpkit_buffer *b = pnpkit_render_mem(ctx, "deck", &o, &err);
    assert_non_null(b);
    pnpkit_buffer_free(b);

    const char *refused[] = {"data: /etc/passwd\n", "data: ../outside.txt\n", "data: linked.yaml\n",
                             "fonts: [/usr/share/fonts/x.ttf]\n"};
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
        char text[256];
        snprintf(text, sizeof text, "name: t\npage: {paper: a5}\n%scomponents: []\n", refused[i]);
        assert_int_equal(pnpkit_template_save(ctx, "files", text, strlen(text), &err), -1);
        assert_string_equal(err.file, "template.yaml");
        assert_int_equal(err.line, 3);
        assert_non_null(strstr(err.message, "a saved template reads only files beside it"));
    }
    /* an image is checked when the saved template is drawn */
    const char img[] = "name: img\npage: {paper: a5}\ncomponents:\n"
                       "  - {type: image, src: /etc/hostname, x: 0, y: 0, w: 5mm, h: 5mm}\n";
    assert_int_equal(pnpkit_template_save(ctx, "img", img, strlen(img), &err), 0);
    assert_null(pnpkit_render_mem(ctx, "img", &o, &err));
    assert_int_equal(err.line, 4);
    assert_non_null(strstr(err.message, "a saved template reads only files beside it"));
}

static const pnpkit_param *param(const pnpkit_template *t, const char *name)
{
    for (size_t i = 0; i < t->n_params; i++)
        if (!strcmp(t->params[i].name, name)) return &t->params[i];
    return NULL;
}

static const pnpkit_template *find(const pnpkit_template_list *l, const char *name)
{
    for (size_t i = 0; i < l->n; i++)
        if (!strcmp(l->items[i].name, name)) return &l->items[i];
    return NULL;
}

/* Bounds as numbers (circle36's rings 1..6, sectors stepping by 2, radius
 * 40..62 mm), an enum's choices, a template's seed, paper and orientation. */
static void test_param_bounds(void **state)
{
    (void)state;
    pnpkit_template_list *l = pnpkit_templates_all(ctx);
    assert_non_null(l);
    const pnpkit_template *c36 = find(l, "circle36");
    assert_non_null(c36);
    assert_false(c36->seeded);
    assert_string_equal(c36->paper, "a4");
    assert_false(c36->landscape);
    const pnpkit_param *p = param(c36, "rings");
    assert_true(p->has_range);
    assert_true(p->min == 1 && p->max == 6);
    assert_true(p->step == 0);
    assert_null(p->choices);
    p = param(c36, "sectors");
    assert_true(p->min == 4 && p->max == 16 && p->step == 2);
    p = param(c36, "radius");
    assert_true(p->min == 40 && p->max == 62);

    const pnpkit_template *tic = find(l, "thinking-in-circles");
    assert_non_null(tic);
    p = param(tic, "layout");
    assert_non_null(p);
    assert_false(p->has_range);
    assert_non_null(p->choices);
    assert_string_equal(p->choices[0], "row");
    assert_string_equal(p->choices[1], "ring");
    assert_null(p->choices[2]);
    pnpkit_template_list_free(l);

    /* the components' properties say the same */
    pnpkit_component_list *cl = pnpkit_components();
    bool ranged = false;
    for (size_t i = 0; i < cl->n; i++)
        for (size_t k = 0; k < cl->items[i].n_props; k++)
            ranged |= cl->items[i].props[k].has_range != 0;
    assert_true(ranged);
    pnpkit_component_list_free(cl);
}

/* The slots pnpkit_doc_slots lists are those the scene dump of the same
 * sheet draws, at the same places. */
static void check_slots_against_dump(const char *name, const char *const *set)
{
    pnpkit_render_opts o;
    pnpkit_render_opts_init(&o);
    o.set = set;
    o.format = "scene";
    o.pages = 1;
    pnpkit_error err;
    pnpkit_buffer *dump = pnpkit_render_mem(ctx, name, &o, &err);
    assert_non_null(dump);
    char *text = calloc(1, dump->len + 1);
    memcpy(text, dump->data, dump->len);
    pnpkit_buffer_free(dump);

    pnpkit_doc *doc = pnpkit_doc_open(ctx, name, &o, &err);
    assert_non_null(doc);
    pnpkit_slot_list *l = pnpkit_doc_slots(doc, 1, &err);
    assert_non_null(l);
    size_t k = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        char id[64];
        double x, y, w, h;
        if (sscanf(line, "slot %63s %lf %lf %lf %lf", id, &x, &y, &w, &h) != 5) continue;
        assert_true(k < l->n);
        const pnpkit_slot *s = &l->items[k++];
        assert_string_equal(s->id, id);
        assert_true(fabs(s->x - x) < 0.006 && fabs(s->y - y) < 0.006);
        assert_true(fabs(s->w - w) < 0.006 && fabs(s->h - h) < 0.006);
        assert_int_equal(s->round, strstr(line, " round") != NULL);
    }
    assert_int_equal(k, l->n);
    assert_true(l->n > 0);
    pnpkit_slot_list_free(l);
    /* the document can still be written afterwards */
    pnpkit_buffer *b = pnpkit_doc_write_mem(doc, &err);
    assert_non_null(b);
    pnpkit_buffer_free(b);
    pnpkit_doc_free(doc);
    free(text);
}

static void test_slots(void **state)
{
    (void)state;
    check_slots_against_dump("circle36", NULL);
    const char *const four[] = {"rings=4", NULL};
    check_slots_against_dump("circle36", four);
    check_slots_against_dump("dicrono", NULL);

    /* rings=4 adds a ring of 8 spaces to circle36's sheet */
    pnpkit_error err;
    pnpkit_render_opts o;
    pnpkit_render_opts_init(&o);
    pnpkit_doc *d3 = pnpkit_doc_open(ctx, "circle36", &o, &err);
    o.set = four;
    pnpkit_doc *d4 = pnpkit_doc_open(ctx, "circle36", &o, &err);
    pnpkit_slot_list *l3 = pnpkit_doc_slots(d3, 1, &err), *l4 = pnpkit_doc_slots(d4, 1, &err);
    assert_true(l3 && l4);
    assert_true(l4->n > l3->n);
    assert_true(fabs(l3->width - 210) < 0.01 && fabs(l3->height - 297) < 0.01); /* a4 */

    /* sheets outside the document */
    assert_null(pnpkit_doc_slots(d3, 0, &err));
    assert_int_equal(err.code, PNPKIT_EUSAGE);
    assert_null(pnpkit_doc_slots(d3, 2, &err));
    assert_int_equal(err.code, PNPKIT_EUSAGE);
    pnpkit_slot_list_free(l3);
    pnpkit_slot_list_free(l4);
    pnpkit_doc_free(d3);
    pnpkit_doc_free(d4);
}

/* Scoring against the game's template by name, as text, with parameters;
 * another game's template refused; a setting at fault named; the creation
 * date of the completed PDF. */
static void test_score_template(void **state)
{
    (void)state;
    size_t len, tlen;
    char *sheet = slurp(PNPKIT_SOURCE_DIR "/tests/data/circle36-perfect.yaml", &len);
    char *tmpl = slurp(PNPKIT_SOURCE_DIR "/templates/circle36.yaml", &tlen);
    pnpkit_error err;
    pnpkit_buffer *plain = pnpkit_score(ctx, "circle36", sheet, len, NULL, &err);
    assert_non_null(plain);

    pnpkit_score_opts so = {.template_name = "circle36"};
    pnpkit_buffer *named = pnpkit_score(ctx, "circle36", sheet, len, &so, &err);
    assert_non_null(named);
    assert_string_equal((char *)named->data, (char *)plain->data);
    so = (pnpkit_score_opts){.template_text = tmpl, .template_len = tlen};
    pnpkit_buffer *text = pnpkit_score(ctx, "circle36", sheet, len, &so, &err);
    assert_non_null(text);
    assert_string_equal((char *)text->data, (char *)plain->data);

    /* a template that cannot be read is placed in its text */
    so.template_text = "name: x\ncomponents: [\n";
    so.template_len = strlen(so.template_text);
    assert_null(pnpkit_score(ctx, "circle36", sheet, len, &so, &err));
    assert_string_equal(err.file, "template.yaml");
    assert_int_equal(err.line, 2);

    so = (pnpkit_score_opts){.template_name = "dicrono"};
    assert_null(pnpkit_score(ctx, "circle36", sheet, len, &so, &err));
    assert_non_null(strstr(err.message, "the template is for dicrono"));

    const char *const bad[] = {"rings=2", "zz=1", NULL};
    so = (pnpkit_score_opts){.set = bad};
    assert_null(pnpkit_score(ctx, "circle36", sheet, len, &so, &err));
    assert_int_equal(strncmp(err.message, "setting zz=1: ", 14), 0);

    /* a two-ring sheet does not fit the three-ring template */
    const char *const two[] = {"rings=2", NULL};
    so = (pnpkit_score_opts){.set = two};
    assert_null(pnpkit_score(ctx, "circle36", sheet, len, &so, &err));
    assert_int_equal(err.code, PNPKIT_EINPUT);

    /* the creation date: 0 is 2000-01-01 */
    pnpkit_buffer *pdf[3];
    long long epochs[3] = {0, 946684800, 1700000000};
    for (int i = 0; i < 3; i++) {
        so = (pnpkit_score_opts){.completed = &pdf[i], .epoch = epochs[i]};
        pnpkit_buffer *j = pnpkit_score(ctx, "circle36", sheet, len, &so, &err);
        assert_non_null(j);
        pnpkit_buffer_free(j);
        assert_non_null(pdf[i]);
    }
    assert_int_equal(pdf[0]->len, pdf[1]->len);
    assert_memory_equal(pdf[0]->data, pdf[1]->data, pdf[0]->len);
    assert_true(pdf[2]->len != pdf[1]->len || memcmp(pdf[2]->data, pdf[1]->data, pdf[1]->len));
    so = (pnpkit_score_opts){.epoch = -5};
    assert_null(pnpkit_score(ctx, "circle36", sheet, len, &so, &err));
    for (int i = 0; i < 3; i++)
        pnpkit_buffer_free(pdf[i]);
    pnpkit_buffer_free(plain);
    pnpkit_buffer_free(named);
    pnpkit_buffer_free(text);
    free(sheet);
    free(tmpl);
}

static int ignore_report(void *user, const char *report, size_t len)
{
    (void)user, (void)report, (void)len;
    return 0;
}

/* A creation date out of 1970..9999 is refused wherever a drawing is made,
 * before anything is written. */
static void test_epoch_bounds(void **state)
{
    (void)state;
    char out[128];
    snprintf(out, sizeof out, "%s/completed.pdf", data_home);
    pnpkit_error err;
    pnpkit_score_file_opts sf;
    pnpkit_score_file_opts_init(&sf);
    sf.path = PNPKIT_SOURCE_DIR "/tests/data/circle36-perfect.yaml";
    sf.output = out;
    sf.report = ignore_report;
    sf.epoch = -1;
    assert_int_equal(pnpkit_score_file(ctx, "circle36", &sf, &err), -1);
    assert_int_equal(err.code, PNPKIT_EINPUT);
    assert_non_null(strstr(err.message, "creation date"));
    sf.epoch = 253402300800LL; /* 10000-01-01 */
    assert_int_equal(pnpkit_score_file(ctx, "circle36", &sf, &err), -1);
    sf.epoch = 253402300799LL;
    assert_int_equal(pnpkit_score_file(ctx, "circle36", &sf, &err), 1);

    pnpkit_analyze_opts ao;
    pnpkit_analyze_opts_init(&ao);
    ao.size = 4;
    ao.output = out;
    ao.report = ignore_report;
    ao.epoch = -1;
    assert_int_equal(pnpkit_analyze(ctx, "dicrono-max", &ao, &err), -1);
    assert_non_null(strstr(err.message, "creation date"));

    pnpkit_render_opts o;
    pnpkit_render_opts_init(&o);
    o.epoch = -1;
    assert_null(pnpkit_render_mem(ctx, "circle36", &o, &err));
    assert_non_null(strstr(err.message, "creation date"));
}

int main(void)
{
    /* the user's template directory: set before anything reads it */
    strcpy(data_home, "/tmp/pnpkit-api-files-XXXXXX");
    if (!mkdtemp(data_home)) return 1;
    setenv("XDG_DATA_HOME", data_home, 1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names_and_source), cmocka_unit_test(test_save),
        cmocka_unit_test(test_param_bounds),     cmocka_unit_test(test_slots),
        cmocka_unit_test(test_score_template),   cmocka_unit_test(test_epoch_bounds),
        cmocka_unit_test(test_save_files),
    };
    int rc = cmocka_run_group_tests(tests, setup, teardown);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", data_home);
    if (system(cmd) != 0) rc = rc ? rc : 1;
    return rc;
}

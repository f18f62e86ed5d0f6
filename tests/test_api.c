/* test_api.c: the public interface's calls beyond rendering and scoring:
 * positions checked from text, Circular Numbers sums, the listings of
 * templates, components and scored games, with their errors in the public
 * form (code, place, message). */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <setjmp.h>
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_check_text),
        cmocka_unit_test(test_calc),
        cmocka_unit_test(test_listings),
        cmocka_unit_test(test_lint),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

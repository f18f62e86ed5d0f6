/* test_json.c: JSON output escapes what JSON requires and nothing else: a
 * player's name with a quote, a backslash, a newline and control characters,
 * both through pn_json_string and through a scored sheet's report, parsed
 * back by json-glib to the same text. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <json-glib/json-glib.h>
#include <string.h>
#include "scoring/scoring.h"
#include "util/json.h"

/* The text of a JSON string literal, as json-glib reads it back. */
static char *parse_string(const char *json)
{
    JsonParser *p = json_parser_new();
    GError *e = NULL;
    if (!json_parser_load_from_data(p, json, -1, &e))
        fail_msg("not JSON: %s: %s", json, e->message);
    char *s = g_strdup(json_node_get_string(json_parser_get_root(p)));
    g_object_unref(p);
    return s;
}

static void round_trip(const char *text, const char *want)
{
    GString *o = g_string_new(NULL);
    pn_json_string(o, text);
    assert_string_equal(o->str, want);
    for (const char *c = o->str; *c; c++)
        assert_true((unsigned char)*c >= 0x20); /* no raw control byte */
    char *back = parse_string(o->str);
    assert_string_equal(back, text);
    g_free(back);
    g_string_free(o, TRUE);
}

static void test_escapes(void **state)
{
    round_trip("Ann", "\"Ann\"");
    round_trip("Ann \"the Q\"", "\"Ann \\\"the Q\\\"\"");
    round_trip("back\\slash", "\"back\\\\slash\"");
    round_trip("two\nlines\ttab", "\"two\\nlines\\ttab\"");
    round_trip("bell\x07", "\"bell\\u0007\"");
    round_trip("unit\x1fsep", "\"unit\\u001fsep\""); /* json-glib 1.6 leaves this one raw */
    round_trip("Zoë 日本", "\"Zoë 日本\"");          /* UTF-8 is written as is */
}

static void test_score_report_names(void **state)
{
    const score_game *g = score_game_find("cirplexed");
    assert_non_null(g);
    const char *sheet = "boards:\n"
                        "  'Ann \"Q\" \\ x':\n"
                        "    - {at: [0, 0], corners: [blue, green, red, yellow]}\n"
                        "  Bob:\n"
                        "    - {at: [0, 0], corners: [red, blue, yellow, purple]}\n";
    score_run_opts o = {.json = true};
    GString *out = g_string_new(NULL);
    pn_err err = {0};
    if (score_text(g, &o, "t.yaml", sheet, strlen(sheet), out, &err)) fail_msg("%s", err.msg);
    JsonParser *p = json_parser_new();
    GError *e = NULL;
    if (!json_parser_load_from_data(p, out->str, -1, &e)) fail_msg("%s: %s", out->str, e->message);
    JsonObject *root = json_node_get_object(json_parser_get_root(p));
    JsonArray *players = json_object_get_array_member(root, "players");
    assert_int_equal(json_array_get_length(players), 2);
    JsonObject *ann = json_array_get_object_element(players, 0);
    assert_string_equal(json_object_get_string_member(ann, "name"), "Ann \"Q\" \\ x");
    g_object_unref(p);
    g_string_free(out, TRUE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_escapes),
        cmocka_unit_test(test_score_report_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test_serve_json.c: the server's strict JSON reader (src/serve/jsonin.c):
 * nesting refused before it is entered (depth 10^6 in 1 MiB costs nothing),
 * everything RFC 8259 does not allow refused with its line and column, and
 * numbers kept as the client wrote them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <glib.h>
#include <string.h>
#include "serve/jsonin.h"

/* The message of reading text (which must fail). */
static const char *refused(const char *text, size_t len)
{
    static char msg[256];
    msg[0] = '\0';
    serve_json *j = serve_json_read(text, len, msg, sizeof msg);
    if (j) fail_msg("accepted: %.80s", text);
    return msg;
}

static void expect_refused(const char *text, const char *want)
{
    const char *msg = refused(text, strlen(text));
    if (strcmp(msg, want)) fail_msg("%s: got '%s', want '%s'", text, msg, want);
}

static serve_json *accepted(const char *text)
{
    char msg[256] = "";
    serve_json *j = serve_json_read(text, strlen(text), msg, sizeof msg);
    if (!j) fail_msg("refused %s: %s", text, msg);
    return j;
}

static void test_depth(void **state)
{
    (void)state;
    /* a million brackets in a 1 MiB body: refused at the 33rd */
    size_t n = 1000000;
    GString *s = g_string_new("{\"set\":{\"x\":");
    for (size_t i = 0; i < n; i++)
        g_string_append_c(s, '[');
    assert_string_equal(refused(s->str, s->len),
                        "line 1, column 43: nesting deeper than 32 levels");
    g_string_free(s, TRUE);
    /* exactly 32 levels are read, 33 are not */
    GString *ok = g_string_new(NULL), *deep = g_string_new("[");
    for (int i = 0; i < SERVE_JSON_MAX_DEPTH; i++) {
        g_string_prepend_c(ok, '[');
        g_string_append_c(ok, ']');
    }
    serve_json_free(accepted(ok->str));
    g_string_append(deep, ok->str);
    g_string_append_c(deep, ']');
    assert_string_equal(refused(deep->str, deep->len),
                        "line 1, column 33: nesting deeper than 32 levels");
    g_string_free(ok, TRUE);
    g_string_free(deep, TRUE);
    /* objects count as levels too */
    GString *objs = g_string_new(NULL);
    for (int i = 0; i < 40; i++)
        g_string_append(objs, "{\"a\":");
    assert_string_equal(refused(objs->str, objs->len),
                        "line 1, column 161: nesting deeper than 32 levels");
    g_string_free(objs, TRUE);
}

static void test_strict(void **state)
{
    (void)state;
    expect_refused("{'a': 1}", "line 1, column 2: expected a key in double quotes");
    expect_refused("{\"a\": 'x'}", "line 1, column 7: strings are written in double quotes");
    expect_refused("{\"a\": 1} // note", "line 1, column 10: JSON has no comments");
    expect_refused("{\"a\": /* c */ 1}", "line 1, column 7: JSON has no comments");
    expect_refused("{\"a\": 1}{\"b\": 2}", "line 1, column 9: more text after the value");
    expect_refused("{\"a\": 1,\n \"a\": 2}",
                   "line 2, column 2: the key 'a' appears twice in one object");
    /* the same key written with an escape is the same key */
    expect_refused("{\"a\": 1, \"\\u0061\": 2}",
                   "line 1, column 10: the key 'a' appears twice in one object");
    expect_refused("{\"a\": [1, 2,]}", "line 1, column 13: not a JSON value");
    expect_refused("{\"a\": 01}", "line 1, column 8: expected ',' or '}' in an object");
    expect_refused("{\"a\": 1.}", "line 1, column 9: a digit must follow the decimal point");
    expect_refused("{\"a\": +1}", "line 1, column 7: not a JSON value");
    expect_refused("{\"a\": NaN}", "line 1, column 7: not a JSON value");
    expect_refused("{\"a\": tru}", "line 1, column 7: not a JSON value");
    expect_refused("", "line 1, column 1: the text ends where a value was expected");
    expect_refused("{\"a\": \"x", "line 1, column 7: a string without its closing quote");
    expect_refused("{\"a\": \"\\x\"}", "line 1, column 8: '\\x' is not an escape of JSON");
    expect_refused("{\"a\": \"\\u12\"}", "line 1, column 8: \\u takes four hexadecimal digits");
    expect_refused("{\"a\": \"\\uD800\"}",
                   "line 1, column 8: \\uD800 is half of a surrogate pair without its other half");
    expect_refused("{\"a\": \"\\uDC00x\"}",
                   "line 1, column 8: \\uDC00 is half of a surrogate pair without its other half");
    expect_refused("{\"a\": \"tab\there\"}",
                   "line 1, column 11: a control character inside a string (write it as \\u0009)");
    /* NUL: escaped or raw, never cut */
    expect_refused("{\"template\": \"circle36\\u0000\"}",
                   "line 1, column 23: a NUL character (\\u0000) inside a string");
    assert_string_equal(refused("{\"a\": \"x\0y\"}", 12), "line 1, column 9: a NUL byte");
    assert_string_equal(refused("{\"a\": \"\xc3\x28\"}", 11), "line 1, column 8: not valid UTF-8");
    assert_string_equal(refused("{\"a\": \"\xed\xa0\x80\"}", 12),
                        "line 1, column 8: not valid UTF-8"); /* a surrogate in UTF-8 */
}

static void test_values(void **state)
{
    (void)state;
    serve_json *j =
        accepted(" {\"s\": \"Zo\\u00eb \\ud83c\\udfb2 \\\"q\\\" \\/\", \"t\": true, "
                 "\"f\": false, \"n\": null, \"i\": -12, \"big\": 99999999999999999999, "
                 "\"tiny\": 1e-320, \"d\": 2.50, \"l\": [1, \"a\", []], \"o\": {}}\r\n");
    JsonObject *o = json_node_get_object(serve_json_root(j));
    assert_string_equal(json_object_get_string_member(o, "s"), "Zoë 🎲 \"q\" /");
    assert_true(json_object_get_boolean_member(o, "t"));
    assert_false(json_object_get_boolean_member(o, "f"));
    assert_true(json_object_get_null_member(o, "n"));
    JsonNode *i = json_object_get_member(o, "i");
    assert_int_equal(json_node_get_value_type(i), G_TYPE_INT64);
    assert_int_equal(json_node_get_int(i), -12);
    assert_string_equal(serve_json_number_text(j, i), "-12");
    /* too large for 64 bits: a double, and the text as sent */
    JsonNode *big = json_object_get_member(o, "big");
    assert_int_equal(json_node_get_value_type(big), G_TYPE_DOUBLE);
    assert_string_equal(serve_json_number_text(j, big), "99999999999999999999");
    assert_string_equal(serve_json_number_text(j, json_object_get_member(o, "tiny")), "1e-320");
    assert_string_equal(serve_json_number_text(j, json_object_get_member(o, "d")), "2.50");
    assert_null(serve_json_number_text(j, json_object_get_member(o, "s")));
    assert_int_equal(json_array_get_length(json_object_get_array_member(o, "l")), 3);
    assert_int_equal(json_object_get_size(json_object_get_object_member(o, "o")), 0);
    serve_json_free(j);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_depth),
        cmocka_unit_test(test_strict),
        cmocka_unit_test(test_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

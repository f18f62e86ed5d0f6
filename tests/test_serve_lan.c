/* test_serve_lan.c: what `pnpkit serve --lan` rests on, tested without any
 * traffic off this machine: which peer addresses are this machine
 * (loopback), the random token and its comparison, the head check that
 * refuses a request from another machine without the token (403) and keeps
 * a ?token= as a cookie, the photo's own body limit, and the terminal QR
 * code (drawn, then decoded again with zbar). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <arpa/inet.h>
#include <glib.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/un.h>
#include <zbar.h>
#include "serve/lan.h"
#include "serve/serve.h"

static bool loopback_of(const char *text)
{
    struct sockaddr_in v4 = {.sin_family = AF_INET};
    struct sockaddr_in6 v6 = {.sin6_family = AF_INET6};
    if (inet_pton(AF_INET, text, &v4.sin_addr) == 1)
        return serve_addr_loopback((const struct sockaddr *)&v4);
    if (inet_pton(AF_INET6, text, &v6.sin6_addr) == 1)
        return serve_addr_loopback((const struct sockaddr *)&v6);
    fail_msg("not an address: %s", text);
    return false;
}

static void test_loopback(void **state)
{
    (void)state;
    static const char *const local[] = {"127.0.0.1", "127.255.3.4", "::1", "::ffff:127.0.0.1"};
    static const char *const other[] = {"192.168.1.5",     "10.0.0.1", "0.0.0.0", "128.0.0.1",
                                        "::ffff:10.1.2.3", "fe80::1",  "::",      "2001:db8::127"};
    for (size_t i = 0; i < G_N_ELEMENTS(local); i++)
        if (!loopback_of(local[i])) fail_msg("%s is this machine", local[i]);
    for (size_t i = 0; i < G_N_ELEMENTS(other); i++)
        if (loopback_of(other[i])) fail_msg("%s is another machine", other[i]);
    assert_false(serve_addr_loopback(NULL));
    struct sockaddr_un un = {.sun_family = AF_UNIX};
    assert_false(serve_addr_loopback((const struct sockaddr *)&un));
}

static void test_token(void **state)
{
    (void)state;
    char a[2 * SERVE_TOKEN_BYTES + 1], b[sizeof a], small[8];
    pn_err err = {0};
    assert_int_equal(serve_token_new(a, sizeof a, &err), 0);
    assert_int_equal(serve_token_new(b, sizeof b, &err), 0);
    assert_int_equal(strlen(a), 32);
    assert_int_equal(strspn(a, "0123456789abcdef"), 32);
    assert_string_not_equal(a, b); /* 2^-128 */
    assert_int_equal(serve_token_new(small, sizeof small, &err), -1);
    assert_true(serve_token_equal(a, a));
    assert_false(serve_token_equal(a, b));
    assert_false(serve_token_equal(a, NULL));
    assert_false(serve_token_equal(a, ""));
    char shorter[sizeof a];
    g_strlcpy(shorter, a, 32);
    assert_false(serve_token_equal(a, shorter));
    char longer[40];
    g_snprintf(longer, sizeof longer, "%s0", a);
    assert_false(serve_token_equal(a, longer));
}

/* The head check of a GET / from a peer; the status it answers (0: passed)
 * and whether it keeps the token as a cookie. */
static unsigned head_status(bool remote, const char *arg, const char *cookie, bool *set_cookie)
{
    static const serve_header headers[] = {{"Host", "127.0.0.1:8036"}};
    serve_request q = {.method = "GET",
                       .path = "/",
                       .headers = headers,
                       .n_headers = 1,
                       .port = 8036,
                       .token = "00112233445566778899aabbccddeeff",
                       .token_arg = arg,
                       .token_cookie = cookie,
                       .remote = remote};
    serve_reply r = {0};
    bool ok = serve_request_head_ok(&q, &r);
    if (r.body) {
        gsize n;
        const char *text = g_bytes_get_data(r.body, &n);
        if (!g_str_has_prefix(text, "{\"error\":"))
            fail_msg("not a JSON error: %.*s", (int)n, text);
        g_bytes_unref(r.body);
    }
    *set_cookie = r.set_cookie;
    return ok ? 0 : r.status;
}

static void test_token_check(void **state)
{
    (void)state;
    const char *t = "00112233445566778899aabbccddeeff";
    bool cookie;
    assert_int_equal(head_status(false, NULL, NULL, &cookie), 0); /* this machine */
    assert_false(cookie);
    assert_int_equal(head_status(true, NULL, NULL, &cookie), 403);
    assert_int_equal(head_status(true, t, NULL, &cookie), 0);
    assert_true(cookie);
    assert_int_equal(head_status(true, NULL, t, &cookie), 0);
    assert_false(cookie);
    assert_int_equal(head_status(true, "00112233445566778899aabbccddeefe", NULL, &cookie), 403);
    assert_int_equal(head_status(true, NULL, "00112233445566778899aabbccddeef", &cookie), 403);
    assert_int_equal(head_status(true, "", "", &cookie), 403);
}

static unsigned post_status(const char *path, const char *length)
{
    const serve_header headers[] = {{"Host", "127.0.0.1:8036"}, {"Content-Length", length}};
    serve_request q = {
        .method = "POST", .path = path, .headers = headers, .n_headers = 2, .port = 8036};
    serve_reply r = {0};
    bool ok = serve_request_head_ok(&q, &r);
    if (r.body) g_bytes_unref(r.body);
    return ok ? 0 : r.status;
}

static void test_photo_limit(void **state)
{
    (void)state;
    assert_int_equal(serve_body_limit("POST", "/api/scan"), 25u << 20);
    assert_int_equal(serve_body_limit("POST", "/api/render"), 1u << 20);
    assert_int_equal(serve_body_limit("GET", "/api/scan"), 1u << 20);
    assert_int_equal(post_status("/api/scan", "26214400"), 0);
    assert_int_equal(post_status("/api/scan", "26214401"), 413);
    assert_int_equal(post_status("/api/render", "2000000"), 413);
    assert_int_equal(post_status("/api/render", "1048576"), 0);
}

/* The QR text back as pixels (a module 4 px), read by zbar. */
static char *decode_qr(const char *text)
{
    char **lines = g_strsplit(text, "\n", -1);
    int rows = 0, cols = 0;
    for (char **l = lines; *l && **l; l++, rows++)
        cols = MAX(cols, (int)g_utf8_strlen(*l, -1));
    const int s = 4, w = cols * s, h = rows * 2 * s;
    unsigned char *px = g_malloc(w * h);
    memset(px, 255, w * h);
    for (int y = 0; y < rows; y++) {
        const char *p = lines[y];
        for (int x = 0; *p; x++, p = g_utf8_next_char(p)) {
            gunichar c = g_utf8_get_char(p);
            bool top = c == 0x2588 || c == 0x2580, bottom = c == 0x2588 || c == 0x2584;
            for (int dy = 0; dy < 2 * s; dy++)
                for (int dx = 0; dx < s; dx++)
                    if (dy < s ? top : bottom) px[(y * 2 * s + dy) * w + x * s + dx] = 0;
        }
    }
    g_strfreev(lines);
    zbar_image_scanner_t *sc = zbar_image_scanner_create();
    zbar_image_scanner_set_config(sc, ZBAR_NONE, ZBAR_CFG_ENABLE, 0);
    zbar_image_scanner_set_config(sc, ZBAR_QRCODE, ZBAR_CFG_ENABLE, 1);
    zbar_image_t *img = zbar_image_create();
    zbar_image_set_format(img, zbar_fourcc('Y', '8', '0', '0'));
    zbar_image_set_size(img, (unsigned)w, (unsigned)h);
    zbar_image_set_data(img, px, (unsigned long)w * h, NULL);
    char *found = NULL;
    if (zbar_scan_image(sc, img) > 0) {
        const zbar_symbol_t *sym = zbar_image_first_symbol(img);
        if (sym) found = g_strdup(zbar_symbol_get_data(sym));
    }
    zbar_image_destroy(img);
    zbar_image_scanner_destroy(sc);
    g_free(px);
    return found;
}

static void test_qr(void **state)
{
    (void)state;
    const char *url = "http://192.168.17.201:8036/?token=0f1e2d3c4b5a69788796a5b4c3d2e1f0";
    char *plain = serve_qr_text(url, false);
    assert_non_null(plain);
    assert_null(strstr(plain, "\033"));
    char *back = decode_qr(plain);
    assert_non_null(back);
    assert_string_equal(back, url);
    g_free(back);
    char *ansi = serve_qr_text(url, true);
    assert_true(g_str_has_prefix(ansi, "\033[30;47m"));
    /* the same modules, in colours */
    char **a = g_strsplit(ansi, "\n", -1), **p = g_strsplit(plain, "\n", -1);
    assert_int_equal(g_strv_length(a), g_strv_length(p));
    g_strfreev(a);
    g_strfreev(p);
    g_free(plain);
    g_free(ansi);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_loopback),    cmocka_unit_test(test_token),
        cmocka_unit_test(test_token_check), cmocka_unit_test(test_photo_limit),
        cmocka_unit_test(test_qr),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

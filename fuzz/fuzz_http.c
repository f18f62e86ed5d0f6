/* fuzz_http.c: libFuzzer harness for the request router of 'pnpkit serve'
 * (src/serve/route.c and every endpoint behind it), without sockets. The
 * input is a request as on the wire: "METHOD PATH" on the first line, header
 * lines "Name: value", an empty line, then the body. A Host header for the
 * server's port is added when the input has none, so most inputs get past
 * the Host check to the handlers. Every answer must have a status the API
 * documents, and every error answer must be a JSON object with an "error"
 * string (a failure aborts, which the fuzzer reports as a crash). Saved
 * templates go to a private folder ($XDG_DATA_HOME is set to one). */
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include "fuzz/fuzz_util.h"
#include "serve/engine.h"
#include "serve/serve.h"

#define FUZZ_PORT 8036

static void fuzz_http_setup(void)
{
    static bool done;
    if (done) return;
    done = true;
    char *dir = g_dir_make_tmp("pnpkit-fuzz-http-XXXXXX", NULL);
    if (!dir) abort();
    g_setenv("XDG_DATA_HOME", dir, TRUE);
    g_free(dir);
    pn_err err = {0};
    if (serve_engine_start(1, 0, 5, &err)) {
        fprintf(stderr, "fuzz_http: %s\n", err.msg);
        abort();
    }
}

/* An error answer is {"error": "...", ...}. */
static void check_reply(const serve_reply *r)
{
    static const unsigned known[] = {200, 400, 403, 404, 405, 413, 431, 500, 503};
    bool ok = false;
    for (size_t i = 0; i < G_N_ELEMENTS(known); i++)
        ok = ok || r->status == known[i];
    if (!ok || !r->ctype || !r->body) {
        fprintf(stderr, "fuzz_http: status %u, type %s\n", r->status, r->ctype ? r->ctype : "none");
        abort();
    }
    if (r->status == 200) return;
    gsize len;
    const char *data = g_bytes_get_data(r->body, &len);
    JsonParser *p = json_parser_new();
    bool json = json_parser_load_from_data(p, data, (gssize)len, NULL);
    JsonNode *root = json ? json_parser_get_root(p) : NULL;
    JsonObject *o = root && JSON_NODE_HOLDS_OBJECT(root) ? json_node_get_object(root) : NULL;
    JsonNode *e = o ? json_object_get_member(o, "error") : NULL;
    if (!e || !JSON_NODE_HOLDS_VALUE(e) || json_node_get_value_type(e) != G_TYPE_STRING ||
        strcmp(r->ctype, "application/json")) {
        fprintf(stderr, "fuzz_http: status %u without a JSON error: %.200s\n", r->status, data);
        abort();
    }
    g_object_unref(p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int threads = fuzz_thread_count();
    fuzz_http_setup();
    char *text = fuzz_text(data, size);
    /* the head ends at the first empty line; the body is the rest, NULs and all */
    char *sep = strstr(text, "\n\n");
    const char *body = sep ? sep + 2 : "";
    size_t body_len = sep ? size - (size_t)(body - text) : 0;
    if (sep) *sep = '\0';
    char **lines = g_strsplit(text, "\n", 200);
    char **first = lines[0] ? g_strsplit(lines[0], " ", 2) : NULL;
    if (!first || !first[0] || !first[1]) {
        g_strfreev(first);
        g_strfreev(lines);
        g_free(text);
        return 0;
    }
    GArray *headers = g_array_new(FALSE, FALSE, sizeof(serve_header));
    bool has_host = false;
    for (char **l = lines + 1; *l; l++) {
        char *colon = strchr(*l, ':');
        if (!colon) continue;
        *colon = '\0';
        serve_header h = {*l, g_strstrip(colon + 1)};
        has_host = has_host || !g_ascii_strcasecmp(h.name, "Host");
        g_array_append_val(headers, h);
    }
    if (!has_host) {
        serve_header h = {"Host", "127.0.0.1:" G_STRINGIFY(FUZZ_PORT)};
        g_array_append_val(headers, h);
    }
    /* the path stops at the query, as libmicrohttpd gives it */
    char *path = g_strndup(first[1], strcspn(first[1], "? "));
    serve_request q = {.method = first[0],
                       .path = path,
                       .headers = (const serve_header *)(void *)headers->data,
                       .n_headers = headers->len,
                       .port = FUZZ_PORT};
    serve_reply r = {0};
    if (serve_request_head_ok(&q, &r)) {
        char *copy = g_strndup(body, body_len); /* the server's bodies end with a NUL */
        if (!strcmp(q.method, "POST")) {
            q.body = copy;
            q.len = body_len;
        }
        if (body_len <= SERVE_MAX_BODY) serve_request_answer(&q, &r);
        g_free(copy);
    }
    if (r.status) check_reply(&r);
    if (r.body) g_bytes_unref(r.body);
    g_free(path);
    g_array_free(headers, TRUE);
    g_strfreev(first);
    g_strfreev(lines);
    g_free(text);
    fuzz_wait_for_threads(threads);
    return 0;
}

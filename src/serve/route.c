/* route.c: one HTTP request of 'pnpkit serve', without sockets: the checks
 * on its head (Host against DNS rebinding, Origin, headers that must not be
 * repeated, header size, Content-Length), the strict decoding of its path,
 * and the hand-over to the API (api.c). http.c calls it from libmicrohttpd;
 * the fuzz harness calls it directly. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "serve/lan.h"
#include "serve/serve.h"

/* host is "NAME:PORT" or "[V6]:PORT"; returns the name part (without
 * brackets) in buf, and whether the port matches. */
static bool split_host(const char *host, int port, char *buf, size_t n)
{
    const char *colon;
    if (host[0] == '[') {
        const char *end = strchr(host, ']');
        if (!end) return false;
        size_t len = (size_t)(end - host - 1);
        if (len >= n) return false;
        memcpy(buf, host + 1, len);
        buf[len] = '\0';
        colon = end[1] == ':' ? end + 1 : NULL;
        if (end[1] && !colon) return false;
    } else {
        colon = strrchr(host, ':');
        size_t len = colon ? (size_t)(colon - host) : strlen(host);
        if (len >= n) return false;
        memcpy(buf, host, len);
        buf[len] = '\0';
    }
    if (!colon) return port == 80;
    size_t digits = strspn(colon + 1, "0123456789");
    if (!digits || digits > 5 || colon[1 + digits]) return false;
    return atoi(colon + 1) == port;
}

/* A Host the page may come from: localhost or an address written as digits,
 * with the served port. A name other than localhost could be any site whose
 * name was made to point here (DNS rebinding), so it is refused. */
static bool host_ok(int port, const char *host)
{
    if (!host || strlen(host) > 255) return false;
    char name[256];
    if (!split_host(host, port, name, sizeof name)) return false;
    if (!g_ascii_strcasecmp(name, "localhost")) return true;
    unsigned char addr[sizeof(struct in6_addr)];
    return inet_pton(AF_INET, name, addr) == 1 || inet_pton(AF_INET6, name, addr) == 1;
}

/* An Origin header, when present, must be this server seen through Host. */
static bool origin_ok(const char *origin, const char *host)
{
    if (!origin) return true;
    return g_str_has_prefix(origin, "http://") && !g_ascii_strcasecmp(origin + 7, host);
}

/* The value of header name, and how many times it was sent. */
static const char *header(const serve_request *q, const char *name, int *times)
{
    const char *v = NULL;
    *times = 0;
    for (size_t i = 0; i < q->n_headers; i++)
        if (!g_ascii_strcasecmp(q->headers[i].name, name)) {
            if (!v) v = q->headers[i].value;
            ++*times;
        }
    return v;
}

static bool refuse(serve_reply *r, unsigned status, const char *msg)
{
    serve_api_error(r, status, msg, NULL);
    return false;
}

/* The path with its %XX escapes decoded; NULL with msg when an escape is
 * malformed or stands for a NUL (which would cut the name short). */
static char *decode_path(const char *raw, char *msg, size_t size)
{
    GString *out = g_string_sized_new(strlen(raw));
    for (const char *p = raw; *p; p++) {
        if (*p != '%') {
            g_string_append_c(out, *p);
            continue;
        }
        int hi = g_ascii_xdigit_value(p[1]), lo = hi < 0 ? -1 : g_ascii_xdigit_value(p[2]);
        if (hi < 0 || lo < 0) {
            snprintf(msg, size,
                     "the path has a '%%' that is not followed by two hexadecimal digits");
            g_string_free(out, TRUE);
            return NULL;
        }
        if (hi == 0 && lo == 0) {
            snprintf(msg, size, "the path holds a NUL character (%%00)");
            g_string_free(out, TRUE);
            return NULL;
        }
        g_string_append_c(out, (char)(hi * 16 + lo));
        p += 2;
    }
    if (!g_utf8_validate(out->str, (gssize)out->len, NULL)) {
        snprintf(msg, size, "the path is not valid UTF-8");
        g_string_free(out, TRUE);
        return NULL;
    }
    return g_string_free(out, FALSE);
}

size_t serve_body_limit(const char *method, const char *path)
{
    return !strcmp(method, "POST") && !strcmp(path, "/api/scan") ? SERVE_MAX_PHOTO : SERVE_MAX_BODY;
}

bool serve_request_head_ok(const serve_request *q, serve_reply *r)
{
    static const char *const once[] = {"Host", "Origin", "Content-Length", "Content-Type",
                                       "Transfer-Encoding"};
    size_t bytes = 0;
    for (size_t i = 0; i < q->n_headers; i++)
        bytes += strlen(q->headers[i].name) + strlen(q->headers[i].value) + 4;
    char msg[160];
    if (bytes > SERVE_MAX_HEADERS) {
        snprintf(msg, sizeof msg, "the request's headers are larger than %u bytes",
                 SERVE_MAX_HEADERS);
        return refuse(r, 431, msg);
    }
    int times;
    for (size_t i = 0; i < G_N_ELEMENTS(once); i++) {
        header(q, once[i], &times);
        if (times > 1) {
            snprintf(msg, sizeof msg, "the %s header is sent %d times; send it once", once[i],
                     times);
            return refuse(r, 400, msg);
        }
    }
    const char *host = header(q, "Host", &times);
    if (!host_ok(q->port, host))
        return refuse(r, 403,
                      "this server answers only to localhost or an address as digits, "
                      "with its own port (Host header)");
    if (q->token && q->remote) {
        if (serve_token_equal(q->token, q->token_arg))
            r->set_cookie = true;
        else if (!serve_token_equal(q->token, q->token_cookie))
            return refuse(r, 403,
                          "this server answers other machines only with its token: open the "
                          "address 'pnpkit serve --lan' printed (with its ?token=)");
    }
    char *path = decode_path(q->path, msg, sizeof msg);
    if (!path) return refuse(r, 400, msg);
    const char *origin = header(q, "Origin", &times);
    bool post = !strcmp(q->method, "POST");
    bool saving = post && !strcmp(path, "/api/templates");
    g_free(path);
    if (post && !origin_ok(origin, host))
        return refuse(r, 403, "requests from another site are refused (Origin header)");
    if (saving && !origin) return refuse(r, 403, "saving needs the page's own Origin header");
    /* Bodies come whole or chunked: libmicrohttpd reads no other coding,
     * and a "gzip" body was left waiting for its time-out unanswered. */
    const char *te = header(q, "Transfer-Encoding", &times);
    if (te && (times > 1 || g_ascii_strcasecmp(te, "chunked")))
        return refuse(r, 501,
                      "a body in a transfer coding other than chunked is not read "
                      "(Transfer-Encoding header)");
    const char *cl = header(q, "Content-Length", &times);
    if (cl) {
        size_t digits = strspn(cl, "0123456789");
        if (!digits || cl[digits])
            return refuse(r, 400, "the Content-Length header is not a number of bytes");
        size_t limit = serve_body_limit(q->method, q->path);
        size_t zeros = strspn(cl, "0"); /* "0002" is 2 bytes */
        if (zeros == digits) zeros--;
        if (digits - zeros > 9 || strtoul(cl + zeros, NULL, 10) > limit) {
            snprintf(msg, sizeof msg, "the request body is larger than %zu bytes", limit);
            return refuse(r, 413, msg);
        }
    }
    return true;
}

void serve_request_answer(const serve_request *q, serve_reply *r)
{
    char msg[128];
    char *path = decode_path(q->path, msg, sizeof msg);
    if (!path) {
        serve_api_error(r, 400, msg, NULL);
        return;
    }
    serve_api_answer(q->method, path, q->body ? q->body : "", q->body ? q->len : 0, r);
    g_free(path);
}

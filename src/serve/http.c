/* http.c: the HTTP side of 'pnpkit serve' on libmicrohttpd: one thread per
 * connection, a limit on open connections and on idle time, the Host check
 * against DNS rebinding, the Origin check on POST, the body limit (413), and
 * the hand-over of each complete request to api.c. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "serve/mhd.h"
#include "serve/serve.h"

struct serve_server {
    struct MHD_Daemon *d;
    int port;
};

/* What one request has gathered so far. */
/* libmicrohttpd's functions, loaded by serve_start before the first request. */
static const serve_mhd_fns *mhd;

typedef struct req_state {
    GString *body;
    bool too_big;
} req_state;

static enum MHD_Result send_reply(struct MHD_Connection *c, serve_reply *r)
{
    gsize len = 0;
    const void *data = r->body ? g_bytes_get_data(r->body, &len) : "";
    struct MHD_Response *resp =
        mhd->create_response_from_buffer(len, (void *)data, MHD_RESPMEM_MUST_COPY);
    if (r->body) g_bytes_unref(r->body);
    r->body = NULL;
    if (!resp) return MHD_NO;
    mhd->add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, r->ctype);
    mhd->add_response_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
    mhd->add_response_header(resp, "X-Content-Type-Options", "nosniff");
    mhd->add_response_header(resp, "Content-Security-Policy",
                             "default-src 'self'; img-src 'self' blob: data:; style-src 'self' "
                             "'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'");
    if (r->disposition) mhd->add_response_header(resp, "Content-Disposition", r->disposition);
    enum MHD_Result rc = mhd->queue_response(c, r->status, resp);
    mhd->destroy_response(resp);
    return rc;
}

static enum MHD_Result send_error(struct MHD_Connection *c, unsigned status, const char *msg)
{
    serve_reply r = {0};
    serve_api_error(&r, status, msg, NULL);
    return send_reply(c, &r);
}

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
    char *end;
    long p = strtol(colon + 1, &end, 10);
    return colon[1] && !*end && p == port;
}

/* A Host the page may come from: localhost or an address written as digits,
 * with the served port. A name other than localhost could be any site whose
 * name was made to point here (DNS rebinding), so it is refused. */
static bool host_ok(const serve_server *s, const char *host)
{
    if (!host || strlen(host) > 255) return false;
    char name[256];
    if (!split_host(host, g_atomic_int_get(&s->port), name, sizeof name)) return false;
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

static bool state_changing(const char *method, const char *url)
{
    return !strcmp(method, "POST") && !strcmp(url, "/api/templates");
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url,
                                  const char *method, const char *version, const char *upload,
                                  size_t *upload_size, void **con_cls)
{
    const serve_server *s = cls;
    req_state *st = *con_cls;
    if (!st) {
        st = g_new0(req_state, 1);
        *con_cls = st;
        const char *host = mhd->lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_HOST);
        if (!host_ok(s, host))
            return send_error(c, MHD_HTTP_FORBIDDEN,
                              "this server answers only to localhost or an address as digits, "
                              "with its own port (Host header)");
        const char *origin = mhd->lookup_connection_value(c, MHD_HEADER_KIND, "Origin");
        bool post = !strcmp(method, "POST");
        if (post && (!origin_ok(origin, host) || (!origin && state_changing(method, url))))
            return send_error(c, MHD_HTTP_FORBIDDEN,
                              origin ? "requests from another site are refused (Origin header)"
                                     : "saving needs the page's own Origin header");
        const char *cl =
            mhd->lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
        if (cl && strtoull(cl, NULL, 10) > SERVE_MAX_BODY) {
            char msg[96];
            snprintf(msg, sizeof msg, "the request body is larger than %u bytes", SERVE_MAX_BODY);
            return send_error(c, 413, msg);
        }
        if (post) st->body = g_string_sized_new(cl ? MIN(strtoull(cl, NULL, 10), 65536) : 1024);
        return MHD_YES;
    }
    if (*upload_size) {
        if (st->body && !st->too_big) {
            if (st->body->len + *upload_size > SERVE_MAX_BODY)
                st->too_big = true;
            else
                g_string_append_len(st->body, upload, (gssize)*upload_size);
        }
        *upload_size = 0;
        return MHD_YES;
    }
    if (st->too_big) {
        char msg[96];
        snprintf(msg, sizeof msg, "the request body is larger than %u bytes", SERVE_MAX_BODY);
        return send_error(c, 413, msg);
    }
    serve_reply r = {0};
    serve_api_answer(method, url, st->body ? st->body->str : "", st->body ? st->body->len : 0, &r);
    return send_reply(c, &r);
}

static void on_done(void *cls, struct MHD_Connection *c, void **con_cls,
                    enum MHD_RequestTerminationCode why)
{
    req_state *st = *con_cls;
    if (!st) return;
    if (st->body) g_string_free(st->body, TRUE);
    g_free(st);
    *con_cls = NULL;
}

serve_server *serve_start(const serve_config *cfg, pn_err *err)
{
    struct sockaddr_in v4 = {0};
    struct sockaddr_in6 v6 = {0};
    const struct sockaddr *addr;
    unsigned flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL;
    if (!(mhd = serve_mhd(err))) return NULL;
    if (inet_pton(AF_INET, cfg->bind, &v4.sin_addr) == 1) {
        v4.sin_family = AF_INET;
        v4.sin_port = htons((uint16_t)cfg->port);
        addr = (const struct sockaddr *)&v4;
    } else if (inet_pton(AF_INET6, cfg->bind, &v6.sin6_addr) == 1) {
        v6.sin6_family = AF_INET6;
        v6.sin6_port = htons((uint16_t)cfg->port);
        addr = (const struct sockaddr *)&v6;
        flags |= MHD_USE_IPv6;
    } else {
        pn_err_set(err, PN_EUSAGE, "--bind takes an IP address such as 127.0.0.1, not '%s'",
                   cfg->bind);
        return NULL;
    }
    serve_server *s = g_new0(serve_server, 1);
    s->port = cfg->port;
    s->d = mhd->start_daemon(flags, (uint16_t)cfg->port, NULL, NULL, on_request, s,
                             MHD_OPTION_SOCK_ADDR, addr, MHD_OPTION_CONNECTION_TIMEOUT,
                             (unsigned)SERVE_TIMEOUT_S, MHD_OPTION_CONNECTION_LIMIT,
                             (unsigned)SERVE_MAX_CONNECTIONS, MHD_OPTION_NOTIFY_COMPLETED, on_done,
                             NULL, MHD_OPTION_END);
    if (!s->d) {
        pn_err_set(err, PN_EIO,
                   "cannot listen on %s port %d (in use, or not an address of this "
                   "machine)",
                   cfg->bind, cfg->port);
        g_free(s);
        return NULL;
    }
    const union MHD_DaemonInfo *info = mhd->get_daemon_info(s->d, MHD_DAEMON_INFO_BIND_PORT);
    /* atomic: a request thread may read it; what orders the two is only the
     * client learning the port from our output, which no tool can see */
    if (info && info->port) g_atomic_int_set(&s->port, info->port);
    return s;
}

int serve_port(const serve_server *s)
{
    return g_atomic_int_get(&s->port);
}

void serve_stop(serve_server *s)
{
    if (!s) return;
    mhd->stop_daemon(s->d);
    g_free(s);
}

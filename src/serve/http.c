/* http.c: the HTTP side of 'pnpkit serve' on libmicrohttpd: one thread per
 * connection; hard limits on open connections (in all and per address), on
 * idle time and on a request's headers; the connection table (conns.h) for
 * whole-request deadlines and room for new clients; the body limit (413);
 * and the hand-over of each request's head and then of the whole request to
 * route.c. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "serve/conns.h"
#include "serve/lan.h"
#include "serve/mhd.h"
#include "serve/serve.h"

struct serve_server {
    struct MHD_Daemon *d;
    serve_conns *conns;
    int port;
    char *token; /* NULL: none asked */
    bool all_remote;
    _Atomic size_t buffered; /* bytes held by every request body being read */
};

/* libmicrohttpd's functions, loaded by serve_start before the first request. */
static const serve_mhd_fns *mhd;

/* Memory for one connection's request line and headers (libmicrohttpd
 * answers 431 by itself beyond it): room for SERVE_MAX_HEADERS and more, so
 * that the 431 of a large head is normally this server's JSON one. */
#define SERVE_MHD_MEMORY (4 * SERVE_MAX_HEADERS)

/* What one request has gathered so far. */
typedef struct req_state {
    GString *body;
    size_t limit;   /* the most bytes the body may hold (serve_body_limit) */
    size_t counted; /* of the body's memory, what s->buffered holds for it */
    bool too_big;
    bool crowded;    /* the bodies being read hold SERVE_MAX_BUFFERED already */
    bool answered;   /* refused on its head: the rest is not read */
    bool set_cookie; /* the answer keeps the token as a cookie */
} req_state;

static enum MHD_Result send_reply(const serve_server *s, struct MHD_Connection *c, serve_reply *r)
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
    if (r->set_cookie && s->token) {
        char cookie[128];
        snprintf(cookie, sizeof cookie, "%s=%s; Path=/; HttpOnly; SameSite=Strict",
                 SERVE_TOKEN_COOKIE, s->token);
        mhd->add_response_header(resp, "Set-Cookie", cookie);
    }
    enum MHD_Result rc = mhd->queue_response(c, r->status, resp);
    mhd->destroy_response(resp);
    return rc;
}

/* Every header of the request, in order (pointers into libmicrohttpd's
 * memory, valid while the request lasts). */
static enum MHD_Result add_header(void *cls, enum MHD_ValueKind kind, const char *key,
                                  const char *value)
{
    (void)kind;
    serve_header h = {key ? key : "", value ? value : ""};
    g_array_append_val((GArray *)cls, h);
    return MHD_YES;
}

/* The request as route.c takes it. headers receives the header list. */
static serve_request request_of(const serve_server *s, struct MHD_Connection *c, const char *url,
                                const char *method, GArray *headers)
{
    mhd->get_connection_values(c, MHD_HEADER_KIND, add_header, headers);
    serve_request q = {.method = method,
                       .path = url,
                       .headers = (const serve_header *)(void *)headers->data,
                       .n_headers = headers->len,
                       .port = g_atomic_int_get(&s->port)};
    if (s->token) {
        const union MHD_ConnectionInfo *peer =
            mhd->get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
        q.token = s->token;
        q.remote = s->all_remote || !serve_addr_loopback(peer ? peer->client_addr : NULL);
        q.token_arg = mhd->lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "token");
        q.token_cookie = mhd->lookup_connection_value(c, MHD_COOKIE_KIND, SERVE_TOKEN_COOKIE);
    }
    return q;
}

/* This connection's record in the connection table. */
static serve_conn *conn_of(struct MHD_Connection *c)
{
    const union MHD_ConnectionInfo *i =
        mhd->get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return i ? i->socket_context : NULL;
}

/* The smallest power of 2 at least n: what a GString grows to. */
static size_t pow2_at_least(size_t n)
{
    size_t p = 1;
    while (p < n && p < SIZE_MAX / 2 + 1)
        p <<= 1;
    return p;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url,
                                  const char *method, const char *version, const char *upload,
                                  size_t *upload_size, void **con_cls)
{
    serve_server *s = cls;
    (void)version;
    req_state *st = *con_cls;
    if (st && (st->answered || *upload_size)) {
        /* a piece of the body: kept unless the request was refused or is
         * too large already */
        if (st->body && !st->too_big && !st->crowded && !st->answered) {
            size_t need = st->body->len + *upload_size;
            /* the memory the body will hold (a GString grows by powers of 2) */
            size_t grow = need + 1 > st->body->allocated_len ? pow2_at_least(need + 1) : 0;
            size_t more = grow ? grow - st->counted : 0;
            if (need > st->limit) {
                st->too_big = true;
            } else if (more && atomic_fetch_add(&s->buffered, more) + more > SERVE_MAX_BUFFERED) {
                atomic_fetch_sub(&s->buffered, more);
                st->crowded = true;
            } else {
                st->counted += more;
                g_string_append_len(st->body, upload, (gssize)*upload_size);
            }
            if (st->too_big || st->crowded) {
                /* nothing more is kept: give the memory back at once */
                atomic_fetch_sub(&s->buffered, st->counted);
                st->counted = 0;
                g_string_free(st->body, TRUE);
                st->body = g_string_new(NULL);
            }
        }
        *upload_size = 0;
        return MHD_YES;
    }
    GArray *headers = g_array_new(FALSE, FALSE, sizeof(serve_header));
    serve_request q = request_of(s, c, url, method, headers);
    enum MHD_Result rc = MHD_YES;
    if (!st) {
        st = g_new0(req_state, 1);
        *con_cls = st;
        serve_reply r = {0};
        if (!serve_request_head_ok(&q, &r)) {
            serve_conn_answering(s->conns, conn_of(c));
            st->answered = true;
            rc = send_reply(s, c, &r);
        } else {
            st->set_cookie = r.set_cookie;
        }
        if (!st->answered && !strcmp(method, "POST")) {
            const char *cl =
                mhd->lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
            st->body = g_string_sized_new(cl ? MIN(strtoull(cl, NULL, 10), 65536) : 1024);
            st->counted = st->body->allocated_len;
            atomic_fetch_add(&s->buffered, st->counted);
            st->limit = serve_body_limit(method, url);
            if (st->limit > SERVE_MAX_BODY) serve_conn_photo(s->conns, conn_of(c));
        }
    } else {
        serve_conn_answering(s->conns, conn_of(c));
        serve_reply r = {0};
        if (st->too_big) {
            char msg[96];
            snprintf(msg, sizeof msg, "the request body is larger than %zu bytes", st->limit);
            serve_api_error(&r, 413, msg, NULL);
        } else if (st->crowded) {
            serve_api_error(&r, 503,
                            "the server is receiving too many large requests at once: send it "
                            "again in a moment",
                            NULL);
        } else {
            q.body = st->body ? st->body->str : NULL;
            q.len = st->body ? st->body->len : 0;
            serve_request_answer(&q, &r);
        }
        r.set_cookie = st->set_cookie;
        rc = send_reply(s, c, &r);
    }
    g_array_free(headers, TRUE);
    return rc;
}

static void on_done(void *cls, struct MHD_Connection *c, void **con_cls,
                    enum MHD_RequestTerminationCode why)
{
    serve_server *s = cls;
    (void)why;
    req_state *st = *con_cls;
    serve_conn_waiting(s->conns, conn_of(c));
    if (!st) return;
    atomic_fetch_sub(&s->buffered, st->counted);
    if (st->body) g_string_free(st->body, TRUE);
    g_free(st);
    *con_cls = NULL;
}

/* Each connection is entered in the table when it opens (which may close
 * the oldest slow one to make room) and removed before its socket closes. */
static void on_connection(void *cls, struct MHD_Connection *c, void **socket_context,
                          enum MHD_ConnectionNotificationCode toe)
{
    serve_server *s = cls;
    if (toe == MHD_CONNECTION_NOTIFY_STARTED) {
        const union MHD_ConnectionInfo *fd =
            mhd->get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
        const union MHD_ConnectionInfo *addr =
            mhd->get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
        if (fd)
            *socket_context =
                serve_conns_add(s->conns, fd->connect_fd, addr ? addr->client_addr : NULL);
    } else if (*socket_context) {
        serve_conns_remove(s->conns, *socket_context);
        *socket_context = NULL;
    }
}

/* The path is decoded by route.c, which refuses a malformed escape and %00
 * instead of cutting the name at the NUL as libmicrohttpd would. */
static size_t keep_escaped(void *cls, struct MHD_Connection *c, char *s)
{
    (void)cls;
    (void)c;
    return strlen(s);
}

serve_server *serve_start(const serve_config *cfg, pn_err *err)
{
    struct sockaddr_in v4 = {0};
    struct sockaddr_in6 v6 = {0};
    const struct sockaddr *addr;
    /* MHD_USE_ITC: serve_quiesce can stop the listening thread */
    unsigned flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD |
                     MHD_USE_POLL | MHD_USE_ITC;
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
    s->token = g_strdup(cfg->token);
    s->all_remote = cfg->all_remote;
    s->conns = serve_conns_new();
    s->d = mhd->start_daemon(
        flags, (uint16_t)cfg->port, NULL, NULL, on_request, s, MHD_OPTION_SOCK_ADDR, addr,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)SERVE_IDLE_S, MHD_OPTION_CONNECTION_LIMIT,
        (unsigned)SERVE_MAX_CONNECTIONS, MHD_OPTION_PER_IP_CONNECTION_LIMIT,
        (unsigned)SERVE_MAX_PER_ADDR, MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)SERVE_MHD_MEMORY,
        MHD_OPTION_NOTIFY_COMPLETED, on_done, s, MHD_OPTION_NOTIFY_CONNECTION, on_connection, s,
        MHD_OPTION_UNESCAPE_CALLBACK, keep_escaped, NULL, MHD_OPTION_END);
    if (!s->d) {
        serve_conns_free(s->conns);
        pn_err_set(err, PN_EIO,
                   "cannot listen on %s port %d (in use, or not an address of this "
                   "machine)",
                   cfg->bind, cfg->port);
        g_free(s->token);
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

void serve_quiesce(serve_server *s)
{
    MHD_socket fd = mhd->quiesce_daemon(s->d);
    if (fd != MHD_INVALID_SOCKET) close(fd);
}

bool serve_idle(serve_server *s)
{
    const union MHD_DaemonInfo *i = mhd->get_daemon_info(s->d, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return !i || i->num_connections == 0;
}

void serve_stop(serve_server *s)
{
    if (!s) return;
    mhd->stop_daemon(s->d);
    serve_conns_free(s->conns);
    g_free(s->token);
    g_free(s);
}

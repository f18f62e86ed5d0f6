/* conns.c: deadlines and soft limits on the server's connections (conns.h). */
#include "serve/conns.h"

#include <glib.h>
#include <netinet/in.h>
#include <pthread.h>
#include <string.h>
#include <time.h>

#define REAP_EVERY_MS 200 /* how often deadlines are checked */

struct serve_conn {
    int fd;
    unsigned char addr[16]; /* IPv4 (4 bytes) or IPv6 (16) */
    size_t addr_len;
    gint64 born;     /* when the connection was accepted, monotonic us */
    gint64 since;    /* when this request (or connection) started, monotonic us */
    gint64 replying; /* when its current answer started (answering), monotonic us */
    gint64 deadline; /* monotonic us */
    bool answering;
    bool closed; /* shut down by this table */
};

struct serve_conns {
    pthread_mutex_t lock;
    pthread_cond_t wake; /* on CLOCK_MONOTONIC: the thread's sleep, and its stop */
    GPtrArray *all;      /* serve_conn* */
    bool stop;
    pthread_t thread;
};

static void conn_close(serve_conn *c)
{
    if (c->closed) return;
    c->closed = true;
    shutdown(c->fd, SHUT_RDWR); /* the connection's thread sees the end and closes it */
}

static bool same_addr(const serve_conn *a, const serve_conn *b)
{
    return a->addr_len == b->addr_len && !memcmp(a->addr, b->addr, a->addr_len);
}

/* The oldest connection still reading its request, other than self: of
 * self's address, or of any. Never self: a new connection that found every
 * other one answering evicted itself, and 193 slow readers kept every new
 * client out. */
static serve_conn *oldest_reading(serve_conns *t, const serve_conn *self, bool same_address)
{
    serve_conn *old = NULL;
    for (guint i = 0; i < t->all->len; i++) {
        serve_conn *c = g_ptr_array_index(t->all, i);
        if (c == self || c->answering || c->closed || (same_address && !same_addr(c, self)))
            continue;
        if (!old || c->since < old->since) old = c;
    }
    return old;
}

/* When no connection is reading: the oldest one answering for over
 * EVICT_ANSWERING_US, other than self (of the address of `of`, or of any).
 * Answers are renewed request by request on one connection, so clients that
 * pipelined hundreds of requests and read their answers a little at a time
 * stayed "answering" for good: 96 of them kept every new client of their
 * address out. The oldest connection goes first, so a page's fresh request
 * is not the one cut. */
#define EVICT_ANSWERING_US (2 * G_USEC_PER_SEC)
static serve_conn *oldest_answering(serve_conns *t, const serve_conn *self, const serve_conn *of)
{
    serve_conn *old = NULL;
    gint64 now = g_get_monotonic_time();
    for (guint i = 0; i < t->all->len; i++) {
        serve_conn *c = g_ptr_array_index(t->all, i);
        if (c == self || !c->answering || c->closed || now - c->replying < EVICT_ANSWERING_US ||
            (of && !same_addr(c, of)))
            continue;
        if (!old || c->born < old->born) old = c;
    }
    return old;
}

/* Open connections of c's address (all when c is NULL), those closed here
 * not counted. */
static unsigned open_count(const serve_conns *t, const serve_conn *c)
{
    unsigned n = 0;
    for (guint i = 0; i < t->all->len; i++) {
        const serve_conn *o = g_ptr_array_index(t->all, i);
        if (!o->closed && (!c || same_addr(o, c))) n++;
    }
    return n;
}

/* Keeps the reserve free: connections past the soft limits that answer
 * slowly are closed, oldest first, so that libmicrohttpd's hard limits
 * (which refuse a new connection before this table sees it) are not reached
 * by clients that opened them all at once. */
static void keep_reserve(serve_conns *t)
{
    for (guint i = 0; i < t->all->len; i++) {
        serve_conn *c = g_ptr_array_index(t->all, i);
        while (!c->closed && open_count(t, c) > SERVE_SOFT_PER_ADDR) {
            serve_conn *old = oldest_answering(t, NULL, c);
            if (!old) break;
            conn_close(old);
        }
    }
    while (open_count(t, NULL) > SERVE_SOFT_TOTAL) {
        serve_conn *old = oldest_answering(t, NULL, NULL);
        if (!old) break;
        conn_close(old);
    }
}

static void *reaper(void *arg)
{
    serve_conns *t = arg;
    pthread_mutex_lock(&t->lock);
    while (!t->stop) {
        gint64 now = g_get_monotonic_time();
        for (guint i = 0; i < t->all->len; i++) {
            serve_conn *c = g_ptr_array_index(t->all, i);
            if (!c->closed && now > c->deadline) {
                conn_close(c);
            }
        }
        keep_reserve(t);
        struct timespec until;
        clock_gettime(CLOCK_MONOTONIC, &until);
        until.tv_nsec += REAP_EVERY_MS * 1000000L;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&t->wake, &t->lock, &until);
    }
    pthread_mutex_unlock(&t->lock);
    return NULL;
}

serve_conns *serve_conns_new(void)
{
    serve_conns *t = g_new0(serve_conns, 1);
    pthread_mutex_init(&t->lock, NULL);
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&t->wake, &ca);
    pthread_condattr_destroy(&ca);
    t->all = g_ptr_array_new();
    if (pthread_create(&t->thread, NULL, reaper, t) != 0) g_error("cannot start a thread");
    return t;
}

void serve_conns_free(serve_conns *t)
{
    if (!t) return;
    pthread_mutex_lock(&t->lock);
    t->stop = true;
    pthread_cond_signal(&t->wake);
    pthread_mutex_unlock(&t->lock);
    pthread_join(t->thread, NULL);
    for (guint i = 0; i < t->all->len; i++)
        g_free(g_ptr_array_index(t->all, i));
    g_ptr_array_free(t->all, TRUE);
    pthread_cond_destroy(&t->wake);
    pthread_mutex_destroy(&t->lock);
    g_free(t);
}

serve_conn *serve_conns_add(serve_conns *t, int fd, const struct sockaddr *addr)
{
    serve_conn *c = g_new0(serve_conn, 1);
    c->fd = fd;
    if (addr && addr->sa_family == AF_INET) {
        memcpy(c->addr, &((const struct sockaddr_in *)addr)->sin_addr, 4);
        c->addr_len = 4;
    } else if (addr && addr->sa_family == AF_INET6) {
        memcpy(c->addr, &((const struct sockaddr_in6 *)addr)->sin6_addr, 16);
        c->addr_len = 16;
    }
    c->born = c->since = g_get_monotonic_time();
    c->deadline = c->since + SERVE_REQUEST_S * G_USEC_PER_SEC;
    pthread_mutex_lock(&t->lock);
    g_ptr_array_add(t->all, c);
    unsigned same = 0, open = 0;
    for (guint i = 0; i < t->all->len; i++) {
        serve_conn *o = g_ptr_array_index(t->all, i);
        if (o->closed) continue;
        open++;
        if (same_addr(o, c)) same++;
    }
    serve_conn *old = NULL;
    if (same > SERVE_SOFT_PER_ADDR) {
        old = oldest_reading(t, c, true);
        if (!old) old = oldest_answering(t, c, c);
    } else if (open > SERVE_SOFT_TOTAL) {
        old = oldest_reading(t, c, false);
        if (!old) old = oldest_answering(t, c, NULL);
    }
    if (old) conn_close(old);
    pthread_mutex_unlock(&t->lock);
    return c;
}

void serve_conns_remove(serve_conns *t, serve_conn *c)
{
    if (!c) return;
    pthread_mutex_lock(&t->lock);
    g_ptr_array_remove_fast(t->all, c);
    pthread_mutex_unlock(&t->lock);
    g_free(c);
}

void serve_conn_photo(serve_conns *t, serve_conn *c)
{
    if (!c) return;
    pthread_mutex_lock(&t->lock);
    c->deadline = c->since + SERVE_PHOTO_S * G_USEC_PER_SEC;
    pthread_mutex_unlock(&t->lock);
}

void serve_conn_answering(serve_conns *t, serve_conn *c)
{
    if (!c) return;
    pthread_mutex_lock(&t->lock);
    c->answering = true;
    c->replying = g_get_monotonic_time();
    c->deadline = c->replying + SERVE_ANSWER_S * G_USEC_PER_SEC;
    pthread_mutex_unlock(&t->lock);
}

void serve_conn_waiting(serve_conns *t, serve_conn *c)
{
    if (!c) return;
    pthread_mutex_lock(&t->lock);
    c->answering = false;
    c->since = g_get_monotonic_time();
    c->deadline = c->since + SERVE_REQUEST_S * G_USEC_PER_SEC;
    pthread_mutex_unlock(&t->lock);
}

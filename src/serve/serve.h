/* serve.h: the local web server behind 'pnpkit serve': an HTTP front end
 * (libmicrohttpd) that answers the JSON API (api.c) and the embedded pages
 * (web/), with its own safety rules: Host and Origin checks, a body limit,
 * connection timeouts and a bounded number of engine calls (engine.h). */
#ifndef PN_SERVE_H
#define PN_SERVE_H

#include <glib.h>
#include <json-glib/json-glib.h>
#include <stdbool.h>
#include <stddef.h>
#include "util/err.h"

#define SERVE_MAX_BODY (1u << 20)   /* bytes in a request body */
#define SERVE_MAX_PHOTO (25u << 20) /* bytes in a photo sent to POST /api/scan */
/* Bytes every request body being read may hold at once (some six whole
 * photos): beyond, a body is answered 503. Thirty held uploads from each of
 * three addresses took 3 GB and ended the server. */
#define SERVE_MAX_BUFFERED (160u << 20)
#define SERVE_MAX_HEADERS (64u << 10) /* bytes in a request's headers */
#define SERVE_IDLE_S 10               /* a connection that sends nothing is closed */

typedef struct serve_config {
    const char *bind; /* an IP address; "127.0.0.1" by default */
    int port;         /* 0: any free port */
    /* When not NULL, the token (lan.h) a request from another machine must
     * carry; copied by serve_start. */
    const char *token;
    /* Every peer is taken for another machine, loopback too: how the token
     * check is tested without sending traffic off this machine. */
    bool all_remote;
} serve_config;

typedef struct serve_server serve_server;

/* Starts listening (threads of its own). NULL with err on failure. */
serve_server *serve_start(const serve_config *c, pn_err *err);
/* The port actually bound. */
int serve_port(const serve_server *s);
/* Stops and frees; waits for running requests. Safe with NULL. */
void serve_stop(serve_server *s);
/* Stops listening: a new connection is refused, the open ones are served. */
void serve_quiesce(serve_server *s);
/* True when no connection is open. */
bool serve_idle(serve_server *s);

/* An answer: status, Content-Type (static) and body (owned). */
typedef struct serve_reply {
    unsigned status;
    const char *ctype;
    GBytes *body;
    const char *disposition; /* static; NULL: none */
    bool set_cookie;         /* the token came as ?token=: keep it as a cookie */
} serve_reply;

/* ---- route.c: one request, without sockets ---- */

typedef struct serve_header {
    const char *name, *value;
} serve_header;

/* A request as it arrived. Everything is borrowed. */
typedef struct serve_request {
    const char *method;
    const char *path; /* as sent (percent-encoded), without the query */
    const serve_header *headers;
    size_t n_headers;
    const char *body; /* NUL-terminated; NULL: none */
    size_t len;
    int port; /* the server's own, for the Host check */
    /* The token requests from other machines must carry (NULL: none), and
     * what this one carries: its ?token= argument and its token cookie. */
    const char *token, *token_arg, *token_cookie;
    bool remote; /* the peer is not this machine (or is taken as another) */
} serve_request;

/* The checks a request's head must pass before its body is read: header
 * size, headers sent twice, Host, the token of a request from another
 * machine (sets r->set_cookie when it came as ?token=), the path's escapes,
 * Origin, Content-Length.
 * True, or false with r filled (the JSON error answer). */
bool serve_request_head_ok(const serve_request *q, serve_reply *r);
/* The most bytes the body of a request for path (as sent) may hold:
 * SERVE_MAX_PHOTO for POST /api/scan, SERVE_MAX_BODY for the rest. */
size_t serve_body_limit(const char *method, const char *path);
/* Decodes the path (a malformed escape or %00 is a 400) and answers. */
void serve_request_answer(const serve_request *q, serve_reply *r);

/* ---- api.c ---- */

/* Answers one request of the API or the pages. The body is NUL-terminated. */
void serve_api_answer(const char *method, const char *url, const char *body, size_t len,
                      serve_reply *r);
/* A JSON error reply {"error": msg} (msg and field written as one line,
 * controls escaped; field added when not NULL). Only the engine's faults
 * also get the line and col of a template (api.c). */
void serve_api_error(serve_reply *r, unsigned status, const char *msg, const char *field);
/* The JSON b has built, as bytes (caller unrefs); b is left to the caller. */
GBytes *serve_json_bytes(JsonBuilder *b);

#endif

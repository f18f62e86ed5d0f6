/* conns.h: the server's table of open connections, which keeps slow clients
 * from starving the others. Every connection has a deadline for the whole
 * request it is reading (headers and body: SERVE_REQUEST_S from its start or
 * from the end of the previous answer), and then for its answer
 * (SERVE_ANSWER_S); a thread closes those past it. When an address holds
 * more than SERVE_SOFT_PER_ADDR connections, or the server more than
 * SERVE_SOFT_TOTAL, a new connection closes the oldest one of that address
 * (or of all) that is still reading its request, or when none is, the oldest
 * one that has been answering for over two seconds (clients that pipeline
 * requests and read their answers slowly stay answering): the room between these soft
 * limits and libmicrohttpd's hard ones (SERVE_MAX_PER_ADDR, SERVE_MAX_CONNECTIONS)
 * is the reserve that lets a new client in while others trickle. Closing is
 * shutdown(2) on the socket, under the table's lock, which libmicrohttpd's
 * "connection closed" notice also takes before it closes the socket. */
#ifndef PN_SERVE_CONNS_H
#define PN_SERVE_CONNS_H

#include <stdbool.h>
#include <sys/socket.h>

#define SERVE_REQUEST_S 10        /* seconds to send a whole request */
#define SERVE_PHOTO_S 60          /* ... when it is a photo (POST /api/scan, up to 25 MiB) */
#define SERVE_ANSWER_S 60         /* seconds to work on and send one answer */
#define SERVE_MAX_CONNECTIONS 256 /* open at once: beyond, refused at once */
#define SERVE_SOFT_TOTAL 192      /* beyond: the oldest unfinished request is closed */
#define SERVE_MAX_PER_ADDR 96     /* open from one address: beyond, refused */
#define SERVE_SOFT_PER_ADDR 32    /* beyond: that address's oldest unfinished request is closed */

typedef struct serve_conns serve_conns;
typedef struct serve_conn serve_conn;

/* Starts the table and its deadline thread. */
serve_conns *serve_conns_new(void);
/* Stops the thread and frees the table; every connection must be removed. */
void serve_conns_free(serve_conns *t);

/* A new connection (its socket and peer address): added, and the table made
 * to fit the soft limits by closing others. The record belongs to t. */
serve_conn *serve_conns_add(serve_conns *t, int fd, const struct sockaddr *addr);
/* The connection is closing: forgotten (c is freed). Safe with NULL. */
void serve_conns_remove(serve_conns *t, serve_conn *c);
/* Its request is a photo: SERVE_PHOTO_S from the request's start to send
 * it whole (a phone's upload of a large photo), not SERVE_REQUEST_S. */
void serve_conn_photo(serve_conns *t, serve_conn *c);
/* Its request has arrived whole: the answer's deadline starts. */
void serve_conn_answering(serve_conns *t, serve_conn *c);
/* Its answer is sent: the next request's deadline starts. */
void serve_conn_waiting(serve_conns *t, serve_conn *c);

#endif

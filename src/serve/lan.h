/* lan.h: what `pnpkit serve --lan` needs to let a phone on the local network
 * in, and nobody else: the random token every request from another machine
 * must carry, the check of that token (a ?token= argument or the cookie the
 * server then sets), whether a peer is this machine (loopback), the
 * machine's local network address, and a QR code of the URL drawn as text. */
#ifndef PN_SERVE_LAN_H
#define PN_SERVE_LAN_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/socket.h>
#include "util/err.h"

#define SERVE_TOKEN_BYTES 16 /* 128 random bits */
#define SERVE_TOKEN_COOKIE "pnpkit_token"

/* Fills out (2 * SERVE_TOKEN_BYTES + 1 chars) with a new random token in
 * lower-case hex, read from the kernel's random source. 0, or -1 with err. */
int serve_token_new(char *out, size_t size, pn_err *err);
/* Whether given equals token, in time that does not depend on where they
 * differ. NULL given is false. */
bool serve_token_equal(const char *token, const char *given);
/* Whether a peer address is this machine: 127.0.0.0/8, ::1 or an IPv4
 * loopback address mapped into IPv6. NULL (unknown) is not. */
bool serve_addr_loopback(const struct sockaddr *a);
/* The first IPv4 address of a network interface that is up and not
 * loopback, as text (caller g_free()s); NULL when the machine has none. */
char *serve_lan_address(void);
/* text as a QR code drawn with Unicode half blocks, two modules a character
 * high, with its quiet zone; with ansi, black on white through terminal
 * colours (else dark modules are the printed blocks). Caller g_free()s;
 * NULL when text does not fit a QR code. */
char *serve_qr_text(const char *text, bool ansi);

#endif

/* lan.c: the token, the loopback test, the local address and the terminal QR
 * code of `pnpkit serve --lan` (lan.h). */
#define _DEFAULT_SOURCE /* the interface flags of net/if.h (IFF_UP, IFF_LOOPBACK) */
#include "serve/lan.h"

#include <arpa/inet.h>
#include <errno.h>
#include <glib.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <qrencode.h>
#include <string.h>
#include <sys/random.h>

int serve_token_new(char *out, size_t size, pn_err *err)
{
    unsigned char raw[SERVE_TOKEN_BYTES];
    if (size < 2 * sizeof raw + 1)
        return pn_err_set(err, PN_EIO, "the token's buffer is too small");
    size_t got = 0;
    while (got < sizeof raw) {
        ssize_t n = getrandom(raw + got, sizeof raw - got, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0)
            return pn_err_set(err, PN_EIO, "cannot read random bytes: %s", g_strerror(errno));
        got += (size_t)n;
    }
    for (size_t i = 0; i < sizeof raw; i++)
        g_snprintf(out + 2 * i, 3, "%02x", raw[i]);
    return 0;
}

bool serve_token_equal(const char *token, const char *given)
{
    if (!token || !given) return false;
    size_t n = strlen(token);
    if (strlen(given) != n) return false;
    unsigned char diff = 0;
    for (size_t i = 0; i < n; i++)
        diff |= (unsigned char)(token[i] ^ given[i]);
    return diff == 0;
}

bool serve_addr_loopback(const struct sockaddr *a)
{
    if (!a) return false;
    if (a->sa_family == AF_INET) {
        const struct sockaddr_in *v4 = (const struct sockaddr_in *)(const void *)a;
        return (ntohl(v4->sin_addr.s_addr) >> 24) == 127;
    }
    if (a->sa_family == AF_INET6) {
        const struct in6_addr *v6 = &((const struct sockaddr_in6 *)(const void *)a)->sin6_addr;
        if (IN6_IS_ADDR_LOOPBACK(v6)) return true;
        return IN6_IS_ADDR_V4MAPPED(v6) && v6->s6_addr[12] == 127;
    }
    return false;
}

char *serve_lan_address(void)
{
    struct ifaddrs *all;
    if (getifaddrs(&all)) return NULL;
    char *found = NULL;
    for (struct ifaddrs *i = all; i && !found; i = i->ifa_next) {
        if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET || !(i->ifa_flags & IFF_UP) ||
            (i->ifa_flags & IFF_LOOPBACK) || serve_addr_loopback(i->ifa_addr))
            continue;
        char text[INET_ADDRSTRLEN];
        const struct sockaddr_in *v4 = (const struct sockaddr_in *)(const void *)i->ifa_addr;
        if (inet_ntop(AF_INET, &v4->sin_addr, text, sizeof text)) found = g_strdup(text);
    }
    freeifaddrs(all);
    return found;
}

#define QR_QUIET                                                                                   \
    2 /* light modules around the code (the standard asks 4; terminals are light enough) */

char *serve_qr_text(const char *text, bool ansi)
{
    QRcode *qr = QRcode_encodeString(text, 0, QR_ECLEVEL_L, QR_MODE_8, 1);
    if (!qr) return NULL;
    int w = qr->width, side = w + 2 * QR_QUIET;
    GString *out = g_string_new(NULL);
    /* dark(x, y) in the code with its quiet zone */
#define DARK(x, y)                                                                                 \
    ((x) >= QR_QUIET && (y) >= QR_QUIET && (x) < QR_QUIET + w && (y) < QR_QUIET + w &&             \
     (qr->data[((y)-QR_QUIET) * w + ((x)-QR_QUIET)] & 1))
    for (int y = 0; y < side; y += 2) {
        if (ansi) g_string_append(out, "\033[30;47m");
        for (int x = 0; x < side; x++) {
            bool top = DARK(x, y), bottom = y + 1 < side && DARK(x, y + 1);
            g_string_append(out, top && bottom ? "\u2588"
                                 : top         ? "\u2580"
                                 : bottom      ? "\u2584"
                                               : " ");
        }
        if (ansi) g_string_append(out, "\033[0m");
        g_string_append_c(out, '\n');
    }
#undef DARK
    QRcode_free(qr);
    return g_string_free(out, FALSE);
}

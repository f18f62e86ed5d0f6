/* mhd.h: the libmicrohttpd functions the web server calls, loaded when
 * 'pnpkit serve' starts (util/lazylib.h), so the other commands never load
 * libmicrohttpd and the TLS libraries it brings. */
#ifndef PN_SERVE_MHD_H
#define PN_SERVE_MHD_H

#include <microhttpd.h>
#include "util/err.h"

typedef struct serve_mhd_fns {
    struct MHD_Daemon *(*start_daemon)(unsigned int flags, uint16_t port,
                                       MHD_AcceptPolicyCallback apc, void *apc_cls,
                                       MHD_AccessHandlerCallback dh, void *dh_cls, ...);
    void (*stop_daemon)(struct MHD_Daemon *daemon);
    const union MHD_DaemonInfo *(*get_daemon_info)(struct MHD_Daemon *daemon,
                                                   enum MHD_DaemonInfoType info_type, ...);
    const char *(*lookup_connection_value)(struct MHD_Connection *connection,
                                           enum MHD_ValueKind kind, const char *key);
    struct MHD_Response *(*create_response_from_buffer)(size_t size, void *buffer,
                                                        enum MHD_ResponseMemoryMode mode);
    enum MHD_Result (*add_response_header)(struct MHD_Response *response, const char *header,
                                           const char *content);
    enum MHD_Result (*queue_response)(struct MHD_Connection *connection, unsigned int status_code,
                                      struct MHD_Response *response);
    void (*destroy_response)(struct MHD_Response *response);
    int (*get_connection_values)(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                 MHD_KeyValueIterator iterator, void *iterator_cls);
    const union MHD_ConnectionInfo *(*get_connection_info)(struct MHD_Connection *connection,
                                                           enum MHD_ConnectionInfoType info_type,
                                                           ...);
    MHD_socket (*quiesce_daemon)(struct MHD_Daemon *daemon);
} serve_mhd_fns;

/* The functions, loading libmicrohttpd on the first call (thread-safe).
 * NULL with err (PN_EIO) when it cannot be loaded. Static: never freed. */
const serve_mhd_fns *serve_mhd(pn_err *err);

#endif

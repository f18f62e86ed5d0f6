/* mhd.c: libmicrohttpd's functions, looked up when the server starts. */
#include "serve/mhd.h"

#include "util/lazylib.h"

#ifndef PNPKIT_MHD_SONAME
#define PNPKIT_MHD_SONAME "libmicrohttpd.so.12"
#endif

static const char *const mhd_names[] = {
    "MHD_start_daemon",
    "MHD_stop_daemon",
    "MHD_get_daemon_info",
    "MHD_lookup_connection_value",
    "MHD_create_response_from_buffer",
    "MHD_add_response_header",
    "MHD_queue_response",
    "MHD_destroy_response",
    "MHD_get_connection_values",
    "MHD_get_connection_info",
    "MHD_quiesce_daemon",
    NULL,
};
static void *mhd_ptrs[G_N_ELEMENTS(mhd_names) - 1];
static pn_lazylib mhd_lib = {PNPKIT_MHD_SONAME, "libmicrohttpd12", mhd_names,
                             mhd_ptrs,          G_ONCE_INIT,       ""};
static serve_mhd_fns mhd_fns;
static GOnce mhd_typed = G_ONCE_INIT;

/* POSIX guarantees a looked-up function's address converts to a function
 * pointer of its real type, which is what the table declares. */
static gpointer mhd_fill(gpointer unused)
{
    (void)unused;
    mhd_fns.start_daemon =
        (struct MHD_Daemon * (*)(unsigned int, uint16_t, MHD_AcceptPolicyCallback, void *,
                                 MHD_AccessHandlerCallback, void *, ...)) mhd_ptrs[0];
    mhd_fns.stop_daemon = (void (*)(struct MHD_Daemon *))mhd_ptrs[1];
    mhd_fns.get_daemon_info =
        (const union MHD_DaemonInfo *(*)(struct MHD_Daemon *, enum MHD_DaemonInfoType,
                                         ...))mhd_ptrs[2];
    mhd_fns.lookup_connection_value =
        (const char *(*)(struct MHD_Connection *, enum MHD_ValueKind, const char *))mhd_ptrs[3];
    mhd_fns.create_response_from_buffer =
        (struct MHD_Response * (*)(size_t, void *, enum MHD_ResponseMemoryMode)) mhd_ptrs[4];
    mhd_fns.add_response_header =
        (enum MHD_Result(*)(struct MHD_Response *, const char *, const char *))mhd_ptrs[5];
    mhd_fns.queue_response = (enum MHD_Result(*)(struct MHD_Connection *, unsigned int,
                                                 struct MHD_Response *))mhd_ptrs[6];
    mhd_fns.destroy_response = (void (*)(struct MHD_Response *))mhd_ptrs[7];
    mhd_fns.get_connection_values = (int (*)(struct MHD_Connection *, enum MHD_ValueKind,
                                             MHD_KeyValueIterator, void *))mhd_ptrs[8];
    mhd_fns.get_connection_info =
        (const union MHD_ConnectionInfo *(*)(struct MHD_Connection *, enum MHD_ConnectionInfoType,
                                             ...))mhd_ptrs[9];
    mhd_fns.quiesce_daemon = (MHD_socket(*)(struct MHD_Daemon *))mhd_ptrs[10];
    return &mhd_fns;
}

const serve_mhd_fns *serve_mhd(pn_err *err)
{
    if (pn_lazylib_load(&mhd_lib, err)) return NULL;
    return g_once(&mhd_typed, mhd_fill, NULL);
}

/* lazy.c: zbar's and gdk-pixbuf's functions, looked up on the first scan. */
#include "scan/lazy.h"

#include <string.h>
#include "util/lazylib.h"

#ifndef PNPKIT_ZBAR_SONAME
#define PNPKIT_ZBAR_SONAME "libzbar.so.0"
#endif
#ifndef PNPKIT_PIXBUF_SONAME
#define PNPKIT_PIXBUF_SONAME "libgdk_pixbuf-2.0.so.0"
#endif

static const char *const zbar_names[] = {
    "zbar_image_scanner_create",
    "zbar_image_scanner_set_config",
    "zbar_image_scanner_destroy",
    "zbar_image_create",
    "zbar_image_set_format",
    "zbar_image_set_size",
    "zbar_image_set_data",
    "zbar_scan_image",
    "zbar_image_first_symbol",
    "zbar_symbol_next",
    "zbar_symbol_get_type",
    "zbar_symbol_get_data",
    "zbar_symbol_get_data_length",
    "zbar_image_destroy",
    NULL,
};
static void *zbar_ptrs[G_N_ELEMENTS(zbar_names) - 1];
static pn_lazylib zbar_lib = {PNPKIT_ZBAR_SONAME, "libzbar0",  zbar_names,
                              zbar_ptrs,          G_ONCE_INIT, ""};

static const char *const pixbuf_names[] = {
    "gdk_pixbuf_loader_new",
    "gdk_pixbuf_loader_write",
    "gdk_pixbuf_loader_close",
    "gdk_pixbuf_loader_get_pixbuf",
    "gdk_pixbuf_apply_embedded_orientation",
    "gdk_pixbuf_get_width",
    "gdk_pixbuf_get_height",
    "gdk_pixbuf_get_n_channels",
    "gdk_pixbuf_get_rowstride",
    "gdk_pixbuf_read_pixels",
    NULL,
};
static void *pixbuf_ptrs[G_N_ELEMENTS(pixbuf_names) - 1];
static pn_lazylib pixbuf_lib = {PNPKIT_PIXBUF_SONAME, "libgdk-pixbuf-2.0-0", pixbuf_names,
                                pixbuf_ptrs,          G_ONCE_INIT,           ""};

/* The tables' members are in the order of the names, each a function
 * pointer: POSIX guarantees a looked-up function's address converts to a
 * function pointer of its real type. */
static scan_zbar_fns zbar_fns;
static scan_pixbuf_fns pixbuf_fns;
static GOnce zbar_typed = G_ONCE_INIT, pixbuf_typed = G_ONCE_INIT;

static gpointer fill(void *table, void **ptrs, size_t n)
{
    G_STATIC_ASSERT(sizeof(void (*)(void)) == sizeof(void *));
    memcpy(table, ptrs, n * sizeof(void *));
    return table;
}

static gpointer zbar_fill(gpointer unused)
{
    (void)unused;
    G_STATIC_ASSERT(sizeof zbar_fns == sizeof zbar_ptrs);
    return fill(&zbar_fns, zbar_ptrs, G_N_ELEMENTS(zbar_ptrs));
}

static gpointer pixbuf_fill(gpointer unused)
{
    (void)unused;
    G_STATIC_ASSERT(sizeof pixbuf_fns == sizeof pixbuf_ptrs);
    return fill(&pixbuf_fns, pixbuf_ptrs, G_N_ELEMENTS(pixbuf_ptrs));
}

const scan_zbar_fns *scan_zbar(pn_err *err)
{
    if (pn_lazylib_load(&zbar_lib, err)) return NULL;
    return g_once(&zbar_typed, zbar_fill, NULL);
}

const scan_pixbuf_fns *scan_pixbuf(pn_err *err)
{
    if (pn_lazylib_load(&pixbuf_lib, err)) return NULL;
    return g_once(&pixbuf_typed, pixbuf_fill, NULL);
}

/* lazy.c: zbar's functions, looked up on the first scan (gdk-pixbuf's are
 * util/pixbuf.c's). */
#include "scan/lazy.h"

#include <string.h>
#include "util/lazylib.h"

#ifndef PNPKIT_ZBAR_SONAME
#define PNPKIT_ZBAR_SONAME "libzbar.so.0"
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

/* The table's members are in the order of the names, each a function
 * pointer: POSIX guarantees a looked-up function's address converts to a
 * function pointer of its real type. */
static scan_zbar_fns zbar_fns;
static GOnce zbar_typed = G_ONCE_INIT;

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

const scan_zbar_fns *scan_zbar(pn_err *err)
{
    if (pn_lazylib_load(&zbar_lib, err)) return NULL;
    return g_once(&zbar_typed, zbar_fill, NULL);
}

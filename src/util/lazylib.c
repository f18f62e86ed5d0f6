/* lazylib.c: opens a shared library and looks up its functions on first use. */
#include "util/lazylib.h"

#include <gmodule.h>

static gpointer lazylib_open(gpointer data)
{
    pn_lazylib *lib = data;
    /* LAZY: bind functions as they are called; LOCAL: keep its symbols out
     * of the global namespace, as a library linked at build time would be
     * reached only through the names we look up. */
    GModule *m = g_module_open(lib->soname, G_MODULE_BIND_LAZY | G_MODULE_BIND_LOCAL);
    if (!m) {
        g_snprintf(lib->why, sizeof lib->why, "%s", g_module_error());
        return NULL;
    }
    for (size_t i = 0; lib->names[i]; i++) {
        if (!g_module_symbol(m, lib->names[i], &lib->fns[i]) || !lib->fns[i]) {
            g_snprintf(lib->why, sizeof lib->why, "%s has no function %s", lib->soname,
                       lib->names[i]);
            g_module_close(m);
            return NULL;
        }
    }
    g_module_make_resident(m);
    return m;
}

int pn_lazylib_load(pn_lazylib *lib, pn_err *err)
{
    if (g_once(&lib->once, lazylib_open, lib)) return 0;
    return pn_err_set(err, PN_EIO, "cannot load %s (Debian package %s): %s", lib->soname,
                      lib->package, lib->why);
}

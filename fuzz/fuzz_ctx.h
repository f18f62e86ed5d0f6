/* fuzz_ctx.h: the library context of a harness that calls the public
 * interface, made on first use and kept for the whole run (a fuzzer runs
 * on one thread; a context is built once per process, as a server does). */
#ifndef PN_FUZZ_CTX_H
#define PN_FUZZ_CTX_H

#include <stdlib.h>
#include "pnpkit.h"

static inline pnpkit_ctx *fuzz_ctx(void)
{
    static pnpkit_ctx *ctx;
    pnpkit_error e;
    if (!ctx && !(ctx = pnpkit_ctx_new(&e))) abort();
    return ctx;
}

#endif

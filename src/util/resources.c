/* resources.c: lookup in the embedded resource table. */
#include "util/resources.h"

#include <string.h>

const pn_resource *pn_resource_find(const char *path)
{
    for (const pn_resource *r = pn_resources; r->path; r++)
        if (strcmp(r->path, path) == 0) return r;
    return NULL;
}

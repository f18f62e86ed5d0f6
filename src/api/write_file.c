/* write_file.c: pnpkit_write_file, bytes a front end made (a scanned sheet,
 * a report) written the way the library writes its own outputs. */
#include "api/api.h"
#include "pnpkit.h"
#include "util/outfile.h"

int pnpkit_write_file(const char *path, const void *data, size_t len, int force,
                      pnpkit_error *out)
{
    pn_err err = {0};
    if (!path || (!data && len)) {
        pn_err_set(&err, PN_EUSAGE, "no file to write");
        api_error_from(&err, out);
        return -1;
    }
    pn_outfile *o = pn_outfile_open_flags(path, force ? PN_OUTFILE_FORCE : 0, &err);
    if (!o) {
        api_error_from(&err, out);
        return -1;
    }
    if (len) pn_outfile_write(o, data, len);
    if (pn_outfile_commit(o, &err)) {
        api_error_from(&err, out);
        return -1;
    }
    return 0;
}

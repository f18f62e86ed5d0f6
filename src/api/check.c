/* check.c: the public interface's position checker (pnpkit_check): every
 * Thinking In Circles position of a YAML stream read and reported
 * (src/scoring/tic_position.h). */
#include <glib.h>
#include <string.h>
#include "api/api.h"
#include "pnpkit.h"
#include "scoring/tic_position.h"
#include "util/yml.h"
#include "util/yml_docs.h"

#define CHECK_GAME "thinking-in-circles"

/* Reads and reports every document of st into out. 0, or -1 with err. */
static int check_stream(yml_docs *st, bool json, GString *out, pn_err *err)
{
    size_t bytes = 0;
    for (int docs = 0;; docs++) {
        yml_doc doc;
        int r = yml_docs_next(st, &doc, err);
        if (r < 0) return -1;
        if (r == 0) {
            if (docs == 0)
                return pn_err_set(err, PN_EINPUT, "%s: no document to check", yml_docs_name(st));
            return 0;
        }
        /* the reports are kept until the last position is read: the stream
         * is bounded as a whole (a 160 MB one took 2 GB, then aborted) */
        if (docs == PN_YML_MAX_DOCS)
            return pn_err_at(err, doc.file, doc.line0 + 1, 1,
                             "more than %d positions in one file: check them in several",
                             PN_YML_MAX_DOCS);
        if ((bytes += doc.len) > PN_YML_MAX_BYTES)
            return pn_err_at(err, doc.file, doc.line0 + 1, 1,
                             "the positions pass %u MiB in all: check them in several files",
                             PN_YML_MAX_BYTES >> 20);
        pn_yml *y = yml_doc_parse(&doc, "document", err);
        tic_position d;
        if (!y || tic_position_read(y, &d, err)) {
            pn_yml_free(y);
            return -1;
        }
        if (docs > 0 && !json) g_string_append_c(out, '\n');
        tic_position_report(&d, json, out);
        pn_yml_free(y);
    }
}

pnpkit_buffer *pnpkit_check(pnpkit_ctx *ctx, const char *game, const char *text, size_t len,
                            const pnpkit_check_opts *o, pnpkit_error *err)
{
    (void)ctx;
    pnpkit_check_opts none = {0};
    if (!o) o = &none;
    pn_err e = {0};
    pnpkit_buffer *b = NULL;
    if (!game || strcmp(game, CHECK_GAME)) {
        pn_err_set(&e, PN_EINPUT, "'%s': only " CHECK_GAME " can be checked", game ? game : "");
        api_error_from(&e, err);
        return NULL;
    }
    yml_docs *st = o->path ? yml_docs_open(o->path, &e)
                           : yml_docs_open_text(o->file ? o->file : "position.yaml",
                                                text ? text : "", text ? len : 0, &e);
    GString *out = g_string_new(NULL);
    if (st && !check_stream(st, o->json != 0, out, &e)) {
        b = api_buffer_of_string(out);
        out = NULL;
    }
    if (out) g_string_free(out, TRUE);
    yml_docs_close(st);
    if (!b) api_error_from(&e, err);
    return b;
}

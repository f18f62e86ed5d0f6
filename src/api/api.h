/* api.h: what the public interface (include/pnpkit.h) shares with the rest of
 * pnpkit's own code (the command line, the tests); not installed. */
#ifndef PN_API_H
#define PN_API_H

#include <glib.h>
#include "pnpkit.h"
#include "scene/measure.h"
#include "util/err.h"

/* The context's text measurer (borrowed: lives as long as ctx). */
scene_measurer *api_ctx_measurer(pnpkit_ctx *ctx);

/* err in the public form: the place at the start of its message is taken
 * apart into file, line and column. out may be NULL. */
void api_error_from(const pn_err *err, pnpkit_error *out);

/* A creation date for a PDF, seconds since 1970: 1970 to 9999. 0, or -1
 * with err (PN_EINPUT). */
int api_check_epoch(long long epoch, pn_err *err);

/* The checks of a drawing made beside a report (a completed sheet, a
 * witness): format is pdf, svg or png, dpi and the creation date within
 * their bounds. 0, or -1 with err (PN_EINPUT). */
int api_check_drawing(const char *format, double dpi, long long epoch, pn_err *err);

/* Documents with backs (backs.c). A setting NAME=VALUE is the fronts' when
 * they have the parameter; the others are left to api_open_backs, which
 * opens the backs template at path for the fronts (a back reads its card's
 * row), sets the settings the backs have parameters for and resolves it, or
 * refuses a setting neither template has. NULL with err. */
struct tmpl;
bool api_set_is_fronts(const struct tmpl *front, const char *assignment);
struct tmpl *api_open_backs(const char *path, const char *const *set, const struct tmpl *front,
                            pn_err *err);

/* The scored game called name, or NULL with err (PN_EINPUT) naming the
 * games there are. */
const struct score_game *api_score_game(const char *name, pn_err *err);

/* A buffer that takes data (len bytes, g_malloc()ed; NUL-terminated where
 * the caller promises text) without copying it. */
pnpkit_buffer *api_buffer_take(void *data, size_t len);
/* The same for a GString's text, which it takes (NUL-terminated). */
pnpkit_buffer *api_buffer_of_string(GString *s);

/* A sink for render_opts.mem: GBytes, one per file the engine would write.
 * Free with g_ptr_array_unref. */
GPtrArray *api_mem_sink(void);
/* The one output in sink as a new buffer (its bytes taken, not copied).
 * NULL with err when the engine made none or several. */
pnpkit_buffer *api_sink_take(GPtrArray *sink, pn_err *err);

/* The template a document was opened with, its parameters set (borrowed:
 * lives as long as doc). */
struct tmpl;
const struct tmpl *api_doc_tmpl(const pnpkit_doc *doc);

/* pnpkit_doc_open for a sheet that was printed before and is laid out again
 * to be read (scan): the bounds that keep a new sheet's spaces large enough
 * to write in are not enforced, so a sheet printed before them (a ring board
 * of shallow rings) still has its spaces. */
pnpkit_doc *api_doc_open_printed(pnpkit_ctx *ctx, const char *template_name,
                                 const pnpkit_render_opts *po, pnpkit_error *err);

/* The files doc has read so far (its template, data, fonts, images), by the
 * paths they were read by: sorted, NULL-terminated; free with g_strfreev. */
char **api_doc_inputs(const pnpkit_doc *doc);

#endif

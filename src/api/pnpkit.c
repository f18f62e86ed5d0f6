/* pnpkit.c: the public interface (include/pnpkit.h) over the engine: the
 * context, errors in the public form and scoring (through the game
 * registry, src/scoring/scoring.h); rendering is in doc.c. */
#include "pnpkit.h"

#include <glib.h>
#include <string.h>
#include "api/api.h"
#include "render/render.h"
#include "scene/measure.h"
#include "scoring/scoring.h"
#include "template/tmpl.h"
#include "util/outfile.h"

struct pnpkit_ctx {
    scene_measurer *measure;
};

scene_measurer *api_ctx_measurer(pnpkit_ctx *ctx)
{
    return ctx->measure;
}

const char *pnpkit_version(void)
{
    return PNPKIT_VERSION;
}

/* The place at the start of a message: "FILE:LINE:COL: " with LINE and COL
 * numbers. Returns the length of that prefix (0 when there is none). The
 * search ends at the message's first ": ": what follows is what is wrong,
 * and may quote text that looks like a place ("FILE: the tag '!a:1:2: b'"). */
static size_t place_prefix(const char *msg, size_t *file_len, int *line, int *col)
{
    const char *end = strstr(msg, ": ");
    for (const char *p = strchr(msg, ':'); p && end && p < end; p = strchr(p + 1, ':')) {
        const char *q = p + 1;
        long l = 0, c = 0;
        if (!g_ascii_isdigit(*q)) continue;
        while (g_ascii_isdigit(*q) && l < 100000000)
            l = l * 10 + (*q++ - '0');
        if (*q++ != ':' || !g_ascii_isdigit(*q)) continue;
        while (g_ascii_isdigit(*q) && c < 100000000)
            c = c * 10 + (*q++ - '0');
        if (q[0] != ':' || q[1] != ' ') continue;
        *file_len = (size_t)(p - msg);
        *line = (int)l;
        *col = (int)c;
        return (size_t)(q + 2 - msg);
    }
    return 0;
}

void api_error_from(const pn_err *e, pnpkit_error *out)
{
    if (!out) return;
    memset(out, 0, sizeof *out);
    out->code = (pnpkit_code)e->status;
    if (out->code == PNPKIT_OK) out->code = PNPKIT_EIO;
    size_t flen = 0;
    size_t skip = place_prefix(e->msg, &flen, &out->line, &out->col);
    if (skip && flen < sizeof out->file) {
        memcpy(out->file, e->msg, flen);
        out->file[flen] = '\0';
    } else {
        skip = 0;
        out->line = out->col = 0;
    }
    g_strlcpy(out->message, e->msg + skip, sizeof out->message);
}

void pnpkit_error_format(const pnpkit_error *e, char *buf, size_t size)
{
    if (e->line > 0)
        g_snprintf(buf, size, "%s:%d:%d: %s", e->file, e->line, e->col > 0 ? e->col : 1,
                   e->message);
    else
        g_snprintf(buf, size, "%s", e->message);
}

pnpkit_ctx *pnpkit_ctx_new(pnpkit_error *err)
{
    pn_err e = {0};
    scene_measurer *m = scene_measurer_new(&e);
    if (!m) {
        api_error_from(&e, err);
        return NULL;
    }
    pnpkit_ctx *ctx = g_new0(pnpkit_ctx, 1);
    ctx->measure = m;
    return ctx;
}

void pnpkit_ctx_free(pnpkit_ctx *ctx)
{
    if (!ctx) return;
    scene_measurer_free(ctx->measure);
    g_free(ctx);
}

void pnpkit_remove_pending_outputs(void)
{
    pn_outfile_remove_pending();
}

void pnpkit_buffer_free(pnpkit_buffer *b)
{
    if (!b) return;
    g_free(b->data);
    g_free(b);
}

#define EPOCH_END 253402300800LL /* 10000-01-01 */

int api_check_epoch(long long epoch, pn_err *err)
{
    if (epoch < 0 || epoch >= EPOCH_END)
        return pn_err_set(err, PN_EINPUT, "the creation date must be 1970 to 9999");
    return 0;
}

int api_check_drawing(const char *format, double dpi, long long epoch, pn_err *err)
{
    if (strcmp(format, "pdf") && strcmp(format, "svg") && strcmp(format, "png"))
        return pn_err_set(err, PN_EINPUT, "the drawing's format must be pdf, svg or png, not '%s'",
                          format);
    if (dpi < RENDER_MIN_DPI || dpi > RENDER_MAX_DPI)
        return pn_err_set(err, PN_EINPUT, "dpi must be %d to %d", RENDER_MIN_DPI, RENDER_MAX_DPI);
    return api_check_epoch(epoch, err);
}

const score_game *api_score_game(const char *name, pn_err *err)
{
    const score_game *g = name ? score_game_find(name) : NULL;
    if (!g) {
        GString *names = g_string_new(NULL);
        score_game_names(names, " or ");
        pn_err_set(err, PN_EINPUT, "no scored game called '%s': %s", name ? name : "", names->str);
        g_string_free(names, TRUE);
    }
    return g;
}

/* A sink for render_opts.mem: GBytes, one per file the engine would write. */
GPtrArray *api_mem_sink(void)
{
    return g_ptr_array_new_with_free_func((GDestroyNotify)g_bytes_unref);
}

/* The one output in sink as a new buffer (its bytes taken, not copied).
 * NULL with err when the engine made none or several. */
pnpkit_buffer *api_sink_take(GPtrArray *sink, pn_err *err)
{
    if (sink->len != 1) {
        pn_err_set(err, PN_EIO, "rendering made %u outputs where one was expected", sink->len);
        return NULL;
    }
    GBytes *bytes = g_ptr_array_steal_index(sink, 0);
    gsize len = 0;
    void *data = g_bytes_unref_to_data(bytes, &len);
    return api_buffer_take(data, len);
}

pnpkit_buffer *api_buffer_take(void *data, size_t len)
{
    pnpkit_buffer *b = g_new0(pnpkit_buffer, 1);
    b->data = data;
    b->len = len;
    return b;
}

pnpkit_buffer *api_buffer_of_string(GString *s)
{
    size_t len = s->len;
    return api_buffer_take(g_string_free(s, FALSE), len);
}

/* ---- scoring ---- */

pnpkit_buffer *pnpkit_score(pnpkit_ctx *ctx, const char *game, const char *text, size_t len,
                            const pnpkit_score_opts *so, pnpkit_error *err)
{
    pn_err e = {0};
    pnpkit_score_opts none = {0};
    if (!so) so = &none;
    const char *file = so->file ? so->file : "sheet.yaml";
    const char *format = so->format ? so->format : "pdf";
    double dpi = so->dpi > 0 ? so->dpi : 150;
    if (so->completed) *so->completed = NULL;
    const score_game *g = api_score_game(game, &e);
    long long epoch = so->epoch ? so->epoch : 946684800; /* 0: 2000-01-01 */
    if (!g || api_check_epoch(epoch, &e) ||
        (so->completed && api_check_drawing(format, dpi, epoch, &e))) {
        api_error_from(&e, err);
        return NULL;
    }
    size_t nsets = 0;
    while (so->set && so->set[nsets])
        nsets++;
    score_run_opts ro = {.template_path = so->template_name,
                         .template_text = so->template_text,
                         .template_len = so->template_len,
                         .sets = so->set,
                         .nsets = nsets,
                         .json = !so->table,
                         .as_read = !so->table && so->as_read,
                         .keep = so->completed != NULL,
                         .use_template = so->completed != NULL};
    GString *out = g_string_new(NULL);
    score_run *run = score_run_new(g, &ro, &e);
    yml_docs *docs = run ? yml_docs_open_text(file, text, len, &e) : NULL;
    int rc = docs ? score_run_stream(run, docs, out, NULL, NULL, &e) : -1;
    yml_docs_close(docs);
    pnpkit_buffer *completed = NULL;
    if (rc >= 0 && so->completed) {
        if (strcmp(format, "pdf") && score_run_pages(run) > 1) {
            rc = pn_err_set(&e, PN_EUSAGE,
                            "the completed sheets take %d pages and %s holds one: ask for a PDF",
                            score_run_pages(run), !strcmp(format, "svg") ? "an SVG" : "a PNG");
        } else {
            GPtrArray *sink = api_mem_sink();
            char *name = g_strdup_printf("completed.%s", format);
            render_opts co = {.measure = ctx->measure,
                              .output = name,
                              .mem = sink,
                              .format = format,
                              .landscape = -1,
                              .dpi = dpi,
                              .seed = 1,
                              .nup = 1,
                              .epoch = epoch};
            if (score_run_render(run, &co, &e) || !(completed = api_sink_take(sink, &e))) rc = -1;
            g_ptr_array_unref(sink);
            g_free(name);
        }
    }
    score_run_free(run);
    if (rc < 0) {
        g_string_free(out, TRUE);
        api_error_from(&e, err);
        return NULL;
    }
    if (so->completed) *so->completed = completed;
    return api_buffer_of_string(out);
}

size_t pnpkit_game_count(void)
{
    size_t n = 0;
    while (score_game_at((int)n))
        n++;
    return n;
}

const char *pnpkit_game_name(size_t i)
{
    const score_game *g = i < (size_t)G_MAXINT ? score_game_at((int)i) : NULL;
    return g ? g->name : NULL;
}

const char *pnpkit_game_template(size_t i)
{
    const score_game *g = i < (size_t)G_MAXINT ? score_game_at((int)i) : NULL;
    return g ? g->template_name : NULL;
}

/* pdfpack.c: builds the PDF pnpkit writes from a source PDF of distinct pages,
 * with qpdf's C API (see pdfpack.h). Why qpdf rather than PDF written by hand:
 * it parses what cairo and libharu write, keeps every object it does not touch
 * as it is, and writes object streams, a cross-reference stream and a
 * deterministic ID; pnpkit only edits the page tree and two boxes.
 *
 * libqpdf (C++, with libstdc++ and GnuTLS behind it) is loaded the first time a
 * document needs it: loading it costs a third more than drawing a whole sheet,
 * and scoring, SVG, PNG and single sheets never need it. A document of one
 * page drawn once, without a bleed, has nothing to share and no box to add: it
 * is written as drawn (object streams would save 9% of its bytes). */
#include "backend/pdfpack.h"

#include <dlfcn.h>
#include <glib.h>
#include <qpdf/qpdf-c.h>
#include <string.h>
#include "util/outfile.h"

/* The functions of libqpdf's C API used here, found with dlsym. */
// clang-format off
#define PDFPACK_FUNCS(X) \
    X(qpdf_init) \
    X(qpdf_cleanup) \
    X(qpdf_silence_errors) \
    X(qpdf_set_suppress_warnings) \
    X(qpdf_has_error) \
    X(qpdf_get_error) \
    X(qpdf_get_error_message_detail) \
    X(qpdf_read) \
    X(qpdf_read_memory) \
    X(qpdf_get_num_pages) \
    X(qpdf_get_page_n) \
    X(qpdf_remove_page) \
    X(qpdf_add_page) \
    X(qpdf_init_write) \
    X(qpdf_init_write_memory) \
    X(qpdf_get_buffer) \
    X(qpdf_get_buffer_length) \
    X(qpdf_set_object_stream_mode) \
    X(qpdf_set_decode_level) \
    X(qpdf_set_compress_streams) \
    X(qpdf_set_deterministic_ID) \
    X(qpdf_write) \
    X(qpdf_make_indirect_object) \
    X(qpdf_oh_release) \
    X(qpdf_oh_get_key) \
    X(qpdf_oh_replace_key) \
    X(qpdf_oh_is_array) \
    X(qpdf_oh_is_dictionary) \
    X(qpdf_oh_is_indirect) \
    X(qpdf_oh_get_array_n_items) \
    X(qpdf_oh_get_array_item) \
    X(qpdf_oh_get_numeric_value) \
    X(qpdf_oh_new_array) \
    X(qpdf_oh_append_item) \
    X(qpdf_oh_new_real_from_double)
// clang-format on

typedef struct qpdf_api {
#define PDFPACK_FIELD(f) __typeof__(f) *f;
    PDFPACK_FUNCS(PDFPACK_FIELD)
#undef PDFPACK_FIELD
    const char *error; /* why loading failed, or NULL */
} qpdf_api;

static qpdf_api Q;

static gpointer load_qpdf(gpointer unused)
{
    void *h = dlopen(PNPKIT_QPDF_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        Q.error = "cannot load " PNPKIT_QPDF_SONAME;
        return NULL;
    }
#define PDFPACK_SYM(f)                                                                             \
    if (!(*(void **)&Q.f = dlsym(h, #f))) Q.error = PNPKIT_QPDF_SONAME " lacks " #f;
    PDFPACK_FUNCS(PDFPACK_SYM)
#undef PDFPACK_SYM
    return NULL;
}

/* Loads libqpdf once (from any thread). 0, or -1 with err. */
static int qpdf_load(const char *path, pn_err *err)
{
    static GOnce once = G_ONCE_INIT;
    g_once(&once, load_qpdf, NULL);
    if (Q.error) return pn_err_set(err, PN_EIO, "%s: %s", path, Q.error);
    return 0;
}

struct pn_pdfpack {
    pn_outfile *out;     /* the document */
    pn_outfile *scratch; /* the source, unless it is held in memory */
    GByteArray *mem;     /* the source when the target is written directly */
    GArray *pages;       /* int: source page of each page of the document */
    double bleed_pt;
};

pn_pdfpack *pn_pdfpack_open(const char *path, pn_err *err)
{
    pn_pdfpack *p = g_new0(pn_pdfpack, 1);
    p->out = pn_outfile_open(path, err);
    if (!p->out) {
        g_free(p);
        return NULL;
    }
    if (p->out->direct) {
        p->mem = g_byte_array_new();
    } else {
        p->scratch = pn_outfile_open(path, err);
        if (!p->scratch) {
            pn_outfile_abort(p->out);
            g_free(p);
            return NULL;
        }
    }
    p->pages = g_array_new(FALSE, FALSE, sizeof(int));
    return p;
}

bool pn_pdfpack_write(pn_pdfpack *p, const void *data, size_t n)
{
    if (p->mem) {
        g_byte_array_append(p->mem, data, (guint)n);
        return true;
    }
    return pn_outfile_write(p->scratch, data, n);
}

int pn_pdfpack_errno(const pn_pdfpack *p)
{
    return p->scratch ? p->scratch->error : 0;
}

void pn_pdfpack_page(pn_pdfpack *p, int src)
{
    g_array_append_val(p->pages, src);
}

void pn_pdfpack_set_bleed(pn_pdfpack *p, double bleed_pt)
{
    p->bleed_pt = bleed_pt > 0 ? bleed_pt : 0;
}

static void pack_free(pn_pdfpack *p)
{
    if (p->mem) g_byte_array_free(p->mem, TRUE);
    pn_outfile_abort(p->scratch);
    g_array_free(p->pages, TRUE);
    g_free(p);
}

void pn_pdfpack_discard(pn_pdfpack *p)
{
    if (!p) return;
    pn_outfile_abort(p->out);
    pack_free(p);
}

/* qpdf's last error as err; -1. */
static int pack_fail(qpdf_data q, const char *path, const char *what, pn_err *err)
{
    qpdf_error e = Q.qpdf_has_error(q) ? Q.qpdf_get_error(q) : NULL;
    if (e)
        return pn_err_set(err, PN_EIO, "%s: %s: %s", path, what,
                          Q.qpdf_get_error_message_detail(q, e));
    return pn_err_set(err, PN_EIO, "%s: %s failed", path, what);
}

/* A box [x0 y0 x1 y1] as a new array. */
static qpdf_oh box(qpdf_data q, const double v[4])
{
    qpdf_oh a = Q.qpdf_oh_new_array(q);
    for (int i = 0; i < 4; i++) {
        qpdf_oh n = Q.qpdf_oh_new_real_from_double(q, v[i], 2);
        Q.qpdf_oh_append_item(q, a, n);
        Q.qpdf_oh_release(q, n);
    }
    return a;
}

/* Gives page its TrimBox (inset by the bleed) and BleedBox (its MediaBox). */
static void set_boxes(qpdf_data q, qpdf_oh page, double bleed)
{
    qpdf_oh mb = Q.qpdf_oh_get_key(q, page, "/MediaBox");
    if (Q.qpdf_oh_is_array(q, mb) && Q.qpdf_oh_get_array_n_items(q, mb) == 4) {
        double m[4];
        for (int i = 0; i < 4; i++) {
            qpdf_oh n = Q.qpdf_oh_get_array_item(q, mb, i);
            m[i] = Q.qpdf_oh_get_numeric_value(q, n);
            Q.qpdf_oh_release(q, n);
        }
        double t[4] = {m[0] + bleed, m[1] + bleed, m[2] - bleed, m[3] - bleed};
        qpdf_oh tb = box(q, t), bb = box(q, m);
        Q.qpdf_oh_replace_key(q, page, "/TrimBox", tb);
        Q.qpdf_oh_replace_key(q, page, "/BleedBox", bb);
        Q.qpdf_oh_release(q, tb);
        Q.qpdf_oh_release(q, bb);
    }
    Q.qpdf_oh_release(q, mb);
}

/* A page's resources as an indirect object (libharu writes them into the page
 * dictionary), so that copies of the page refer to them instead of holding
 * copies of their own. */
static void share_resources(qpdf_data q, qpdf_oh page)
{
    qpdf_oh r = Q.qpdf_oh_get_key(q, page, "/Resources");
    if (Q.qpdf_oh_is_dictionary(q, r) && !Q.qpdf_oh_is_indirect(q, r)) {
        qpdf_oh ind = Q.qpdf_make_indirect_object(q, r);
        Q.qpdf_oh_replace_key(q, page, "/Resources", ind);
        Q.qpdf_oh_release(q, ind);
    }
    Q.qpdf_oh_release(q, r);
}

/* Puts the source pages in the document's order: a page that appears again is
 * a shallow copy of its page dictionary (qpdf makes one when a page already in
 * the tree is added), so it shares the content stream and resources. */
static int order_pages(qpdf_data q, const pn_pdfpack *p, int n, const char *path, pn_err *err)
{
    const int *map = (const int *)(const void *)p->pages->data;
    int len = (int)p->pages->len;
    bool same = len == n;
    for (int i = 0; i < len; i++) {
        if (map[i] < 0 || map[i] >= n)
            return pn_err_set(err, PN_EIO, "%s: page %d refers to a page the PDF lacks", path,
                              i + 1);
        same &= map[i] == i;
    }
    qpdf_oh *src = g_new(qpdf_oh, (gsize)n);
    for (int i = 0; i < n; i++)
        src[i] = Q.qpdf_get_page_n(q, (size_t)i);
    int rc = 0;
    for (int i = 0; i < n; i++) {
        if (p->bleed_pt > 0) set_boxes(q, src[i], p->bleed_pt);
        if (!same) share_resources(q, src[i]);
    }
    if (!same) {
        for (int i = n - 1; i >= 0 && !rc; i--)
            if (Q.qpdf_remove_page(q, src[i]) & QPDF_ERRORS) rc = -1;
        for (int i = 0; i < len && !rc; i++)
            if (Q.qpdf_add_page(q, q, src[map[i]], QPDF_FALSE) & QPDF_ERRORS) rc = -1;
    }
    g_free(src);
    return rc ? pack_fail(q, path, "arranging the pages", err) : 0;
}

/* Reads the source, arranges it and writes the document. */
static int pack(qpdf_data q, pn_pdfpack *p, pn_err *err)
{
    const char *path = p->out->target;
    QPDF_ERROR_CODE st;
    if (p->mem)
        st = Q.qpdf_read_memory(q, path, (const char *)p->mem->data, p->mem->len, NULL);
    else
        st = Q.qpdf_read(q, p->scratch->tmp, NULL);
    if (st & QPDF_ERRORS) return pack_fail(q, path, "reading the drawn pages", err);
    int n = Q.qpdf_get_num_pages(q);
    if (n <= 0 || p->pages->len == 0)
        return pn_err_set(err, PN_EIO, "%s: no pages to write", path);
    if (order_pages(q, p, n, path, err)) return -1;
    if (p->mem) {
        st = Q.qpdf_init_write_memory(q);
    } else {
        /* qpdf writes the temporary file itself; commit renames it. */
        if (pn_outfile_close(p->out, err)) return -1;
        st = Q.qpdf_init_write(q, p->out->tmp);
    }
    if (st & QPDF_ERRORS) return pack_fail(q, path, "writing", err);
    Q.qpdf_set_object_stream_mode(q, qpdf_o_generate);
    Q.qpdf_set_decode_level(q, qpdf_dl_none); /* streams are copied as they are */
    Q.qpdf_set_compress_streams(q, QPDF_TRUE);
    Q.qpdf_set_deterministic_ID(q, QPDF_TRUE);
    if (Q.qpdf_write(q) & QPDF_ERRORS) return pack_fail(q, path, "writing", err);
    if (p->mem && !pn_outfile_write(p->out, Q.qpdf_get_buffer(q), Q.qpdf_get_buffer_length(q)))
        return pn_err_set(err, PN_EIO, "%s: write failed: %s", path, strerror(p->out->error));
    return 0;
}

/* Commits the source as the document. */
static int commit_as_drawn(pn_pdfpack *p, pn_err *err)
{
    if (p->mem) {
        if (!pn_outfile_write(p->out, p->mem->data, p->mem->len))
            return pn_err_set(err, PN_EIO, "%s: write failed: %s", p->out->target,
                              strerror(p->out->error));
        pn_outfile *out = p->out;
        p->out = NULL;
        return pn_outfile_commit(out, err);
    }
    /* Both are temporary files beside the target: the source takes its place. */
    pn_outfile_abort(p->out);
    p->out = NULL;
    pn_outfile *src = p->scratch;
    p->scratch = NULL;
    return pn_outfile_commit(src, err);
}

int pn_pdfpack_finish(pn_pdfpack *p, pn_err *err)
{
    int rc = 0;
    if (p->scratch) {
        if (p->scratch->error)
            rc = pn_err_set(err, PN_EIO, "%s: write failed: %s", p->out->target,
                            strerror(p->scratch->error));
        else
            rc = pn_outfile_close(p->scratch, err);
    }
    if (!rc && p->pages->len == 1 && p->bleed_pt <= 0) {
        rc = commit_as_drawn(p, err);
        if (p->out) pn_outfile_abort(p->out);
        pack_free(p);
        return rc;
    }
    if (!rc) rc = qpdf_load(p->out->target, err);
    if (!rc) {
        qpdf_data q = Q.qpdf_init();
        Q.qpdf_silence_errors(q);
        Q.qpdf_set_suppress_warnings(q, QPDF_TRUE);
        rc = pack(q, p, err);
        Q.qpdf_cleanup(&q);
    }
    if (rc)
        pn_outfile_abort(p->out);
    else
        rc = pn_outfile_commit(p->out, err);
    pack_free(p);
    return rc;
}

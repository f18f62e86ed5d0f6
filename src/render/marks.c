/* marks.c: drawing the scan marks (AprilTag corners and the QR code naming the
 * sheet) into a sheet's scene, and the text of that QR code. */
#include "render/marks.h"

#include <apriltag/apriltag.h>
#include <apriltag/tag36h11.h>
#include <glib.h>
#include <math.h>
#include <qrencode.h>
#include <string.h>

int marks_tag_id(int corner)
{
    static const int ids[4] = {0, 1, 2, 3};
    return ids[corner & 3];
}

double marks_tag_side(void)
{
    return 8 * MARKS_TAG_CELL_MM;
}

void marks_tag_centre(double w, double h, int corner, double *x, double *y)
{
    double half = 5 * MARKS_TAG_CELL_MM, in = MARKS_INSET_MM + half;
    *x = corner == 0 || corner == 3 ? in : w - in;
    *y = corner < 2 ? in : h - in;
}

void marks_qr_box(double w, double h, int modules, double *x, double *y, double *side)
{
    double q = MARKS_QR_QUIET * MARKS_QR_MODULE_MM;
    *side = modules * MARKS_QR_MODULE_MM;
    *x = MARKS_INSET_MM + 10 * MARKS_TAG_CELL_MM + 1 + q;
    *y = h - MARKS_INSET_MM - q - *side;
    (void)w;
}

char *marks_text_hash(const char *text, size_t len)
{
    char *full = g_compute_checksum_for_data(G_CHECKSUM_SHA256, (const guchar *)text, len);
    char *h = g_strndup(full, 16);
    g_free(full);
    return h;
}

static void add_pair(GString *s, const char *key, const char *value)
{
    char *v = g_uri_escape_string(value, NULL, FALSE);
    g_string_append_printf(s, "%c%s=%s", strchr(s->str, '?') ? '&' : '?', key, v);
    g_free(v);
}

char *marks_code(const tmpl *t, const render_opts *o, unsigned long seed, int page)
{
    GString *s = g_string_new(MARKS_PREFIX);
    if (!strcmp(t->origin, "built-in") || !strcmp(t->origin, "installed") ||
        !strcmp(t->origin, "user")) {
        g_string_append(s, t->name);
    } else {
        char *h = marks_text_hash(t->doc->buf, strlen(t->doc->buf));
        g_string_append_printf(s, "@%s", h);
        g_free(h);
    }
    for (guint i = 0; i < t->params->len; i++) {
        tmpl_param *p = g_ptr_array_index(t->params, i);
        if (!strcmp(p->spec.name, "seed")) continue;
        char *v = pv_format(&p->value);
        if (!p->spec.def || strcmp(v, p->spec.def)) add_pair(s, p->spec.name, v);
        g_free(v);
    }
    if (o->paper && strcmp(o->paper, t->paper)) add_pair(s, "paper", o->paper);
    if (o->landscape >= 0 && (o->landscape == 1) != t->landscape)
        add_pair(s, "landscape", o->landscape == 1 ? "1" : "0");
    char num[32];
    if (t->seeded) {
        snprintf(num, sizeof num, "%lu", seed);
        add_pair(s, "seed", num);
    }
    if (tmpl_rows(t) > 1) {
        snprintf(num, sizeof num, "%d", page + 1);
        add_pair(s, "page", num);
    }
    return g_string_free(s, FALSE);
}

/* One mark: an n x n grid of cells of side `cell` at (x, y), on a white
 * square reaching `quiet` cells further (a scene_cells). */
typedef struct mark {
    double x, y, cell;
    int n, quiet;
    unsigned char *dark; /* n * n, row by row */
} mark;

static void mark_take(mark *m, bool (*dark)(const void *, int, int), const void *data)
{
    m->dark = g_new(unsigned char, (size_t)m->n * m->n);
    for (int r = 0; r < m->n; r++)
        for (int k = 0; k < m->n; k++)
            m->dark[r * m->n + k] = dark(data, r, k);
}

static bool tag_dark(const void *data, int r, int k)
{
    const image_u8_t *im = data;
    return im->buf[(r + 1) * im->stride + k + 1] == 0;
}

static bool qr_dark(const void *data, int r, int k)
{
    const QRcode *q = data;
    return q->data[r * q->width + k] & 1;
}

/* The QR symbol of a code. A code without capital letters (every built-in
 * sheet's, and most others') is written in capitals: QR's alphanumeric mode
 * packs two of those characters in 11 bits where bytes take 16, and libqrencode
 * mixes it with bytes for '?', '=' and '&', so the default Circle 36 and
 * DiCroNo codes fit a 21 x 21 symbol instead of 25 x 25. The reader turns a
 * code that starts "PNPKIT:" back into small letters (scan/code.c). */
static QRcode *qr_symbol(const char *code)
{
    for (const char *c = code; *c; c++)
        if (g_ascii_isupper(*c)) return QRcode_encodeString8bit(code, 0, QR_ECLEVEL_M);
    char *up = g_ascii_strup(code, -1);
    QRcode *q = QRcode_encodeString(up, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
    g_free(up);
    return q;
}

static QRcode *encode(const char *code, pn_err *err)
{
    QRcode *q = strlen(code) <= MARKS_CODE_MAX ? qr_symbol(code) : NULL;
    if (!q) pn_err_set(err, PN_EINPUT, "the scan code '%.60s...' is too long for a QR code", code);
    return q;
}

double marks_bottom_reach(const char *code)
{
    QRcode *q = qr_symbol(code);
    double x, y, side;
    marks_qr_box(100, 100, q ? q->width : 0, &x, &y, &side);
    if (q) QRcode_free(q);
    return x + side + MARKS_QR_QUIET * MARKS_QR_MODULE_MM;
}

bool marks_fit(double w, double h, int modules, double *need_w, double *need_h)
{
    /* Each mark apart from the others by 1 mm at least: the QR code between
     * the two bottom tags, the top and bottom tags above one another. */
    double qr = (modules + 2 * MARKS_QR_QUIET) * MARKS_QR_MODULE_MM, tag = 10 * MARKS_TAG_CELL_MM;
    *need_w = ceil((2 * (MARKS_INSET_MM + tag + 1) + qr) * 10) / 10;
    *need_h = ceil((MARKS_INSET_MM + tag + 1 + qr + MARKS_INSET_MM) * 10) / 10;
    return w >= *need_w && h >= *need_h;
}

int marks_modules(const char *code)
{
    QRcode *q = strlen(code) <= MARKS_CODE_MAX ? qr_symbol(code) : NULL;
    int n = q ? q->width : 0;
    if (q) QRcode_free(q);
    return n;
}

int marks_draw(scene *s, const char *code, pn_err *err)
{
    double w = scene_width(s), h = scene_height(s);
    QRcode *q = encode(code, err);
    if (!q) return -1;
    double need_w, need_h;
    if (!marks_fit(w, h, q->width, &need_w, &need_h)) {
        pn_err_set(err, PN_EINPUT,
                   "a %gx%gmm sheet is too small for its scan marks: they need %gx%gmm", w, h,
                   need_w, need_h);
        QRcode_free(q);
        return -1;
    }
    /* The family is made for each sheet (a few kilobytes from libapriltag's
     * code table): the library keeps no state outside its contexts. */
    apriltag_family_t *fam = tag36h11_create();
    if (!fam) {
        QRcode_free(q);
        return pn_err_set(err, PN_EIO, "out of memory for the scan marks");
    }
    mark m[5];
    for (int c = 0; c < 4; c++) {
        image_u8_t *im = apriltag_to_image(fam, marks_tag_id(c));
        double cx, cy, half = marks_tag_side() / 2;
        marks_tag_centre(w, h, c, &cx, &cy);
        m[c] = (mark){cx - half, cy - half, MARKS_TAG_CELL_MM, 8, 1, NULL};
        mark_take(&m[c], tag_dark, im);
        image_u8_destroy(im);
    }
    tag36h11_destroy(fam);
    double x, y, side;
    marks_qr_box(w, h, q->width, &x, &y, &side);
    m[4] = (mark){x, y, MARKS_QR_MODULE_MM, q->width, MARKS_QR_QUIET, NULL};
    mark_take(&m[4], qr_dark, q);
    QRcode_free(q);
    int rc = 0;
    for (int i = 0; i < 5; i++) {
        if (!rc)
            rc = scene_cells_add(s, m[i].x, m[i].y, m[i].cell, m[i].n, m[i].quiet, m[i].dark,
                                 (pn_rgba){0, 0, 0, 1}, err);
        g_free(m[i].dark);
    }
    return rc ? -1 : scene_check(s, err);
}

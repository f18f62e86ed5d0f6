/* pdfscan.h: a small reader for the PDFs pnpkit writes, for tests: it finds the
 * first page's MediaBox and content stream (inflating FlateDecode), runs the
 * path and text operators with the graphics state's matrix, and records every
 * painted path (its bounding box) and every text run's origin, in mm with the
 * origin at the top-left and y down, the scene's coordinates.
 *
 * Enough of PDF for cairo's and libharu's output: indirect objects, q/Q/cm, m l c
 * v y re h, the painting operators, BT/ET Tm Td TD T* Tj TJ, and inline image
 * masks in hexadecimal (BI /W /H /IM true /F /AHx ID ... EI: printed codes). pnpkit keeps its
 * dictionaries in object streams: qpdf's library first writes the file out
 * again without them. Header-only; include in one test. Results are freed with pdfscan_free. */
#ifndef PN_PDFSCAN_H
#define PN_PDFSCAN_H

#include <glib.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <qpdf/qpdf-c.h>
#include <zlib.h>

#define PDFSCAN_PT_TO_MM (25.4 / 72.0)

typedef struct pdfscan_path {
    double x0, y0, x1, y1; /* bounding box of every point, control points too */
    int points;
    char op[3]; /* the painting operator: S f B ... */
} pdfscan_path;

typedef struct pdfscan_text {
    double x, y;  /* origin of the run's first glyph (the baseline start) */
    double angle; /* degrees, clockwise on the page */
    double size;  /* effective font size, pt */
} pdfscan_text;

/* An inline image mask: where the unit square lands, and its cells. */
typedef struct pdfscan_mask {
    double x0, y0, x1, y1;
    int w, h;
    guint8 *painted; /* w * h, row by row from the top: 1 where it paints */
} pdfscan_mask;

typedef struct pdfscan {
    double media[4]; /* MediaBox, pt */
    double trim[4];  /* TrimBox, pt (the MediaBox when there is none) */
    double bleed[4]; /* BleedBox, pt (the MediaBox when there is none) */
    GArray *paths;   /* pdfscan_path */
    GArray *texts;   /* pdfscan_text */
    GArray *masks;   /* pdfscan_mask */
} pdfscan;

static void pdfscan_free(pdfscan *p)
{
    if (!p) return;
    g_array_free(p->paths, TRUE);
    g_array_free(p->texts, TRUE);
    for (guint i = 0; i < p->masks->len; i++)
        g_free(g_array_index(p->masks, pdfscan_mask, i).painted);
    g_array_free(p->masks, TRUE);
    g_free(p);
}

/* Finds needle in the len bytes at hay, NUL bytes included; NULL if absent. */
static const char *pdfscan_find(const char *hay, gsize len, const char *needle)
{
    gsize n = strlen(needle);
    for (const char *p = hay; p + n <= hay + len; p++) {
        p = memchr(p, needle[0], (size_t)(hay + len - p));
        if (!p || p + n > hay + len) return NULL;
        if (!memcmp(p, needle, n)) return p;
    }
    return NULL;
}

/* The body of "N 0 obj" (NULL if missing). */
static const char *pdfscan_obj(const char *pdf, gsize len, int num)
{
    char key[32];
    snprintf(key, sizeof key, "\n%d 0 obj", num);
    const char *p = pdfscan_find(pdf, len, key);
    return p ? p + strlen(key) : NULL;
}

/* Reads "/Key [ a b c d ]" inside the object at obj; false if absent. */
static bool pdfscan_box(const char *obj, const char *key, double out[4])
{
    const char *end = strstr(obj, "endobj");
    const char *k = strstr(obj, key);
    if (!k || (end && k > end)) return false;
    const char *b = strchr(k, '[');
    if (!b) return false;
    char *e = (char *)b + 1;
    for (int i = 0; i < 4; i++)
        out[i] = g_ascii_strtod(e, &e);
    return true;
}

/* Inflates the stream of the object at obj. */
static GByteArray *pdfscan_stream(const char *obj, const char *pdf_end)
{
    const char *s = strstr(obj, "stream");
    if (!s) return NULL;
    s += 6;
    if (*s == '\r') s++;
    if (*s == '\n') s++;
    z_stream z = {0};
    if (inflateInit(&z) != Z_OK) return NULL;
    GByteArray *out = g_byte_array_new();
    unsigned char buf[16384];
    z.next_in = (unsigned char *)s;
    z.avail_in = (uInt)(pdf_end - s);
    int rc;
    do {
        z.next_out = buf;
        z.avail_out = sizeof buf;
        rc = inflate(&z, Z_NO_FLUSH);
        g_byte_array_append(out, buf, (guint)(sizeof buf - z.avail_out));
    } while (rc == Z_OK);
    inflateEnd(&z);
    if (rc != Z_STREAM_END) {
        g_byte_array_free(out, TRUE);
        return NULL;
    }
    return out;
}

typedef struct pdfscan_m {
    double a, b, c, d, e, f;
} pdfscan_m;

/* r = m1 then m2 (PDF's row-vector convention: m1 x m2). */
static pdfscan_m pdfscan_mul(pdfscan_m m1, pdfscan_m m2)
{
    return (pdfscan_m){m1.a * m2.a + m1.b * m2.c,        m1.a * m2.b + m1.b * m2.d,
                       m1.c * m2.a + m1.d * m2.c,        m1.c * m2.b + m1.d * m2.d,
                       m1.e * m2.a + m1.f * m2.c + m2.e, m1.e * m2.b + m1.f * m2.d + m2.f};
}

typedef struct pdfscan_run {
    pdfscan *out;
    double page_h;
    pdfscan_m ctm, tm, tlm;
    GArray *stack; /* pdfscan_m */
    double tf_size;
    bool path_open, shown;
    pdfscan_path cur;
} pdfscan_run;

static void pdfscan_point(pdfscan_run *r, double x, double y)
{
    double X = r->ctm.a * x + r->ctm.c * y + r->ctm.e, Y = r->ctm.b * x + r->ctm.d * y + r->ctm.f;
    double mx = X * PDFSCAN_PT_TO_MM, my = (r->page_h - Y) * PDFSCAN_PT_TO_MM;
    if (!r->path_open) {
        r->cur = (pdfscan_path){mx, my, mx, my, 0, ""};
        r->path_open = true;
    }
    r->cur.x0 = fmin(r->cur.x0, mx);
    r->cur.x1 = fmax(r->cur.x1, mx);
    r->cur.y0 = fmin(r->cur.y0, my);
    r->cur.y1 = fmax(r->cur.y1, my);
    r->cur.points++;
}

static void pdfscan_show(pdfscan_run *r)
{
    if (r->shown) return; /* a later show continues the run: not a new origin */
    r->shown = true;
    pdfscan_m m = pdfscan_mul(r->tm, r->ctm);
    pdfscan_text t = {.x = m.e * PDFSCAN_PT_TO_MM,
                      .y = (r->page_h - m.f) * PDFSCAN_PT_TO_MM,
                      .angle = -atan2(m.b, m.a) * 180.0 / G_PI,
                      .size = r->tf_size * hypot(m.a, m.b)};
    g_array_append_val(r->out->texts, t);
}

static bool pdfscan_is_delim(char c)
{
    return strchr("()<>[]{}/% \t\r\n\f", c) != NULL || c == 0;
}

/* Reads an inline image mask from just after "BI" (p) to its "EI"; returns
 * where reading goes on. A mask it cannot read is left out. */
static const char *pdfscan_inline(pdfscan_run *r, const char *p, const char *end)
{
    const char *id = pdfscan_find(p, (gsize)(end - p), " ID");
    if (!id) return end;
    char *dict = g_strndup(p, (gsize)(id - p));
    const char *w = strstr(dict, "/W "), *h = strstr(dict, "/H ");
    pdfscan_mask m = {0};
    m.w = w ? atoi(w + 3) : 0;
    m.h = h ? atoi(h + 3) : 0;
    /* only an upright mask with the default decoding is read */
    bool ok = strstr(dict, "/IM true") && strstr(dict, "/AHx") && !strstr(dict, "/D ") &&
              !strstr(dict, "/Decode") && m.w > 0 && m.h > 0 && m.w <= 1000 && m.h <= 1000 &&
              r->ctm.b == 0 && r->ctm.c == 0;
    g_free(dict);
    p = id + 4; /* " ID" and the one white-space character after it */
    int row = (m.w + 7) / 8, nib = 0, byte = 0, got = 0;
    guint8 *bits = ok ? g_new0(guint8, (gsize)row * m.h) : NULL;
    for (; p < end && *p != '>'; p++) {
        if (!g_ascii_isxdigit(*p)) continue;
        byte = byte << 4 | g_ascii_xdigit_value(*p);
        if (++nib == 2) {
            if (bits && got < row * m.h) bits[got] = (guint8)byte;
            got++;
            nib = byte = 0;
        }
    }
    if (bits && got == row * m.h) {
        /* The image's first row lies at the unit square's top (y = 1) and
         * its first column at the left: with the page's y down, painted[]
         * is stored from the top row on the page and the left column,
         * whichever way the matrix turns the square over. */
        bool flip_y = r->ctm.d < 0, flip_x = r->ctm.a < 0;
        m.painted = g_new0(guint8, (gsize)m.w * m.h);
        for (int y = 0; y < m.h; y++)
            for (int x = 0; x < m.w; x++) { /* a 0 bit paints */
                int py = flip_y ? m.h - 1 - y : y, px = flip_x ? m.w - 1 - x : x;
                m.painted[py * m.w + px] = !(bits[y * row + x / 8] >> (7 - x % 8) & 1);
            }
        double xs[4], ys[4];
        for (int k = 0; k < 4; k++) {
            double u = k & 1, v = k >> 1;
            double X = r->ctm.a * u + r->ctm.c * v + r->ctm.e,
                   Y = r->ctm.b * u + r->ctm.d * v + r->ctm.f;
            xs[k] = X * PDFSCAN_PT_TO_MM;
            ys[k] = (r->page_h - Y) * PDFSCAN_PT_TO_MM;
        }
        m.x0 = fmin(fmin(xs[0], xs[1]), fmin(xs[2], xs[3]));
        m.x1 = fmax(fmax(xs[0], xs[1]), fmax(xs[2], xs[3]));
        m.y0 = fmin(fmin(ys[0], ys[1]), fmin(ys[2], ys[3]));
        m.y1 = fmax(fmax(ys[0], ys[1]), fmax(ys[2], ys[3]));
        g_array_append_val(r->out->masks, m);
    }
    g_free(bits);
    const char *ei = pdfscan_find(p, (gsize)(end - p), "EI");
    return ei ? ei + 2 : end;
}

/* Runs the content stream s (len bytes). */
static void pdfscan_exec(pdfscan_run *r, const char *s, gsize len)
{
    double num[8];
    int n = 0;
    const char *p = s, *end = s + len;
    while (p < end) {
        char c = *p;
        if (g_ascii_isspace(c)) {
            p++;
        } else if (c == '%') {
            while (p < end && *p != '\n')
                p++;
        } else if (c == '(') {
            int depth = 0;
            for (; p < end; p++) {
                if (*p == '\\') {
                    p++;
                    continue;
                }
                if (*p == '(') depth++;
                if (*p == ')' && --depth == 0) break;
            }
            p++;
        } else if (c == '<' && p + 1 < end && p[1] != '<') {
            while (p < end && *p != '>')
                p++;
            p++;
        } else if (c == '[' || c == ']' || c == '<' || c == '>' || c == '/') {
            p++;
            if (c == '/')
                while (p < end && !pdfscan_is_delim(*p))
                    p++;
        } else if (g_ascii_isdigit(c) || c == '-' || c == '+' || c == '.') {
            char *e;
            double v = g_ascii_strtod(p, &e);
            if (n < 8) num[n++] = v;
            p = e > p ? e : p + 1;
        } else {
            const char *o = p;
            while (p < end && !pdfscan_is_delim(*p))
                p++;
            /* The operator's bytes only: a stream's bytes end with no NUL,
             * which g_strlcpy would look for past its end. */
            char op[8] = "";
            memcpy(op, o, MIN((gsize)(p - o), sizeof op - 1));
            if (!strcmp(op, "q")) {
                g_array_append_val(r->stack, r->ctm);
            } else if (!strcmp(op, "Q") && r->stack->len) {
                r->ctm = g_array_index(r->stack, pdfscan_m, r->stack->len - 1);
                g_array_set_size(r->stack, r->stack->len - 1);
            } else if (!strcmp(op, "cm") && n == 6) {
                r->ctm = pdfscan_mul((pdfscan_m){num[0], num[1], num[2], num[3], num[4], num[5]},
                                     r->ctm);
            } else if ((!strcmp(op, "m") || !strcmp(op, "l")) && n == 2) {
                pdfscan_point(r, num[0], num[1]);
            } else if (!strcmp(op, "c") && n == 6) {
                for (int i = 0; i < 6; i += 2)
                    pdfscan_point(r, num[i], num[i + 1]);
            } else if ((!strcmp(op, "v") || !strcmp(op, "y")) && n == 4) {
                pdfscan_point(r, num[0], num[1]);
                pdfscan_point(r, num[2], num[3]);
            } else if (!strcmp(op, "re") && n == 4) {
                pdfscan_point(r, num[0], num[1]);
                pdfscan_point(r, num[0] + num[2], num[1]);
                pdfscan_point(r, num[0] + num[2], num[1] + num[3]);
                pdfscan_point(r, num[0], num[1] + num[3]);
            } else if (strchr("SsfFBbn", op[0]) && (!op[1] || op[1] == '*') && r->path_open) {
                if (op[0] != 'n') {
                    g_strlcpy(r->cur.op, op, sizeof r->cur.op);
                    g_array_append_val(r->out->paths, r->cur);
                }
                r->path_open = false;
            } else if (!strcmp(op, "BI")) {
                p = pdfscan_inline(r, p, end);
            } else if (!strcmp(op, "BT")) {
                r->tm = r->tlm = (pdfscan_m){1, 0, 0, 1, 0, 0};
            } else if (!strcmp(op, "Tf") && n >= 1) {
                r->tf_size = num[n - 1];
            } else if (!strcmp(op, "Tm") && n == 6) {
                r->tm = r->tlm = (pdfscan_m){num[0], num[1], num[2], num[3], num[4], num[5]};
                r->shown = false;
            } else if ((!strcmp(op, "Td") || !strcmp(op, "TD")) && n == 2) {
                r->tm = r->tlm = pdfscan_mul((pdfscan_m){1, 0, 0, 1, num[0], num[1]}, r->tlm);
                r->shown = false;
            } else if (!strcmp(op, "Tj") || !strcmp(op, "TJ") || !strcmp(op, "'") ||
                       !strcmp(op, "\"")) {
                pdfscan_show(r);
            }
            n = 0;
            if (p == o) p++;
        }
    }
}

/* The PDF at path with every object written out plainly (no object streams),
 * in a new buffer; NULL if qpdf cannot read it. */
static gchar *pdfscan_plain(const char *path, gsize *len)
{
    qpdf_data q = qpdf_init();
    qpdf_silence_errors(q);
    qpdf_set_suppress_warnings(q, QPDF_TRUE);
    gchar *out = NULL;
    if (!(qpdf_read(q, path, NULL) & QPDF_ERRORS) && !(qpdf_init_write_memory(q) & QPDF_ERRORS)) {
        qpdf_set_object_stream_mode(q, qpdf_o_disable);
        qpdf_set_decode_level(q, qpdf_dl_none);
        if (!(qpdf_write(q) & QPDF_ERRORS)) {
            *len = qpdf_get_buffer_length(q);
            /* NUL-terminated, so strstr and strncmp stop at its end. */
            out = g_malloc(*len + 1);
            memcpy(out, qpdf_get_buffer(q), *len);
            out[*len] = 0;
        }
    }
    qpdf_cleanup(&q);
    return out;
}

/* Reads the first page of the PDF at path; NULL if it cannot be read. */
static pdfscan *pdfscan_file(const char *path)
{
    gsize len = 0;
    gchar *pdf = pdfscan_plain(path, &len);
    if (!pdf) return NULL;
    pdfscan *out = NULL;
    /* The first page object: "/Type /Page" not followed by "s". */
    const char *pg = pdf;
    while ((pg = pdfscan_find(pg, (gsize)(pdf + len - pg), "/Type /Page")) && pg[11] == 's')
        pg += 11;
    const char *start = pg;
    while (start && start > pdf && strncmp(start, " obj", 4))
        start--;
    const char *contents = start ? strstr(start, "/Contents") : NULL;
    if (contents) {
        int num = atoi(contents + 9);
        const char *obj = pdfscan_obj(pdf, len, num);
        GByteArray *cs = obj ? pdfscan_stream(obj, pdf + len) : NULL;
        if (cs) {
            out = g_new0(pdfscan, 1);
            out->paths = g_array_new(FALSE, FALSE, sizeof(pdfscan_path));
            out->texts = g_array_new(FALSE, FALSE, sizeof(pdfscan_text));
            out->masks = g_array_new(FALSE, FALSE, sizeof(pdfscan_mask));
            if (!pdfscan_box(start, "/MediaBox", out->media)) {
                /* cairo puts the MediaBox on the page tree */
                const char *pages = pdfscan_find(pdf, len, "/Type /Pages");
                if (!pages || !pdfscan_box(pages, "/MediaBox", out->media))
                    out->media[2] = out->media[3] = 0;
            }
            if (!pdfscan_box(start, "/TrimBox", out->trim))
                memcpy(out->trim, out->media, sizeof out->trim);
            if (!pdfscan_box(start, "/BleedBox", out->bleed))
                memcpy(out->bleed, out->media, sizeof out->bleed);
            pdfscan_run r = {.out = out,
                             .page_h = out->media[3],
                             .ctm = {1, 0, 0, 1, 0, 0},
                             .stack = g_array_new(FALSE, FALSE, sizeof(pdfscan_m))};
            pdfscan_exec(&r, (const char *)cs->data, cs->len);
            g_array_free(r.stack, TRUE);
            g_byte_array_free(cs, TRUE);
        }
    }
    g_free(pdf);
    return out;
}

#endif

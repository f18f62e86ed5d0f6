/* test_haru.c: the libharu backend against the cairo backend: the same page size,
 * every painted path in the same place, every text run on the same baseline and
 * anchor (within 0.1 mm) though the fonts differ; glyph outlines, or the embedded
 * TrueType font, for text the base-14 fonts cannot encode; bleed boxes, shifted content, extended
 * backgrounds and crop marks (with both backends); byte-identical repeated runs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include "measurer.h"
#include <glib.h>
#include <glib/gstdio.h>
#include <hpdf.h>
#include <math.h>
#include <string.h>
#include "pdfscan.h"
#include "render/render.h"
#include "scene/measure.h"
#include "template/tmpl.h"
#include "util/fonts.h"

#define TOL_MM 0.1
#define DEJAVU_TTF "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

static char *tmpdir;

static int setup(void **state)
{
    tmpdir = g_dir_make_tmp(NULL, NULL);
    return tmpdir ? 0 : -1;
}

static int teardown(void **state)
{
    GDir *d = g_dir_open(tmpdir, 0, NULL);
    for (const char *n; d && (n = g_dir_read_name(d));) {
        char *p = g_build_filename(tmpdir, n, NULL);
        g_unlink(p);
        g_free(p);
    }
    if (d) g_dir_close(d);
    g_rmdir(tmpdir);
    g_free(tmpdir);
    test_measurer_free();
    return 0;
}

static tmpl *open_template(const char *name)
{
    pn_err err = {0};
    tmpl *t = tmpl_open(name, &err);
    if (!t) fail_msg("%s", err.msg);
    return t;
}

/* Renders t with a backend into tmpdir/file; returns the path (g_free). */
static char *render_to(tmpl *t, const char *backend, double bleed, const char *ttf,
                       const char *file)
{
    char *path = g_build_filename(tmpdir, file, NULL);
    render_opts o = {.measure = test_measurer(),
                     .output = path,
                     .format = "pdf",
                     .backend = backend,
                     .landscape = -1,
                     .seed = 1,
                     .pages = 1,
                     .nup = 1,
                     .bleed = bleed,
                     .ttf = ttf,
                     .epoch = 946684800};
    pn_err err = {0};
    if (render_template(t, &o, &err)) fail_msg("%s", err.msg);
    return path;
}

static pdfscan *scan(const char *path)
{
    pdfscan *p = pdfscan_file(path);
    assert_non_null(p);
    return p;
}

/* Consecutive paintings of the same outline (cairo fills, then strokes, where
 * libharu writes one "B") count once. */
static GArray *merged_paths(const pdfscan *p)
{
    GArray *out = g_array_new(FALSE, FALSE, sizeof(pdfscan_path));
    for (guint i = 0; i < p->paths->len; i++) {
        pdfscan_path q = g_array_index(p->paths, pdfscan_path, i);
        if (out->len) {
            pdfscan_path *l = &g_array_index(out, pdfscan_path, out->len - 1);
            if (fabs(l->x0 - q.x0) < 1e-3 && fabs(l->y0 - q.y0) < 1e-3 &&
                fabs(l->x1 - q.x1) < 1e-3 && fabs(l->y1 - q.y1) < 1e-3)
                continue;
        }
        g_array_append_val(out, q);
    }
    return out;
}

static void assert_near(double got, double want, double tol, const char *what, guint i)
{
    if (fabs(got - want) > tol) fail_msg("%s %u: %.4f, expected %.4f", what, i, got, want);
}

/* Takes out of p the fill that is mask m's white square (a box holding m's,
 * at most 3 mm larger on every side); 1 when there was one, else 0. */
static int strip_square(pdfscan *p, const pdfscan_mask *m)
{
    const double e = 0.05;
    for (guint i = 0; i < p->paths->len; i++) {
        pdfscan_path *q = &g_array_index(p->paths, pdfscan_path, i);
        if (strcmp(q->op, "f") || q->x0 > m->x0 + e || q->y0 > m->y0 + e || q->x1 < m->x1 - e ||
            q->y1 < m->y1 - e || q->x0 < m->x0 - 3 || q->y0 < m->y0 - 3 || q->x1 > m->x1 + 3 ||
            q->y1 > m->y1 + 3)
            continue;
        g_array_remove_index(p->paths, i);
        return 1;
    }
    return 0;
}

/* The scan marks are filled rectangles in cairo's PDF and inline image masks
 * in libharu's. Takes out of c's paths the fills that lie inside one of h's
 * masks, checking that they cover each cell the mask paints exactly once and
 * no other, and each mask's white square out of both (libharu leaves out a
 * square nothing lies under: squares[0] and [1] count cairo's and libharu's);
 * returns the number of masks. */
static guint strip_masks(pdfscan *c, pdfscan *h, int squares[2])
{
    squares[0] = squares[1] = 0;
    const double e = 0.05;
    for (guint k = 0; k < h->masks->len; k++) {
        const pdfscan_mask *m = &g_array_index(h->masks, pdfscan_mask, k);
        double cw = (m->x1 - m->x0) / m->w, ch = (m->y1 - m->y0) / m->h;
        int *covered = g_new0(int, (gsize)m->w * m->h);
        guint taken = 0;
        for (guint i = 0; i < c->paths->len;) {
            pdfscan_path *q = &g_array_index(c->paths, pdfscan_path, i);
            if (strcmp(q->op, "f") || q->x0 < m->x0 - e || q->x1 > m->x1 + e || q->y0 < m->y0 - e ||
                q->y1 > m->y1 + e) {
                i++;
                continue;
            }
            for (int y = 0; y < m->h; y++)
                for (int x = 0; x < m->w; x++) {
                    double mx = m->x0 + (x + 0.5) * cw, my = m->y0 + (y + 0.5) * ch;
                    if (mx < q->x0 || mx > q->x1 || my < q->y0 || my > q->y1) continue;
                    if (!m->painted[y * m->w + x])
                        fail_msg("mask %u: cairo paints cell %d,%d, libharu does not", k, x, y);
                    covered[y * m->w + x]++;
                }
            g_array_remove_index(c->paths, i);
            taken++;
        }
        assert_true(taken > 0);
        for (int i = 0; i < m->w * m->h; i++)
            if (covered[i] != m->painted[i])
                fail_msg("mask %u: cell %d,%d painted %d times by cairo, libharu %d", k, i % m->w,
                         i / m->w, covered[i], m->painted[i]);
        squares[0] += strip_square(c, m);
        squares[1] += strip_square(h, m);
        g_free(covered);
    }
    return h->masks->len;
}

/* Every painted path of a lies where the same path of b lies; shift moves b. */
static void same_paths(const pdfscan *a, const pdfscan *b, double shift)
{
    GArray *pa = merged_paths(a), *pb = merged_paths(b);
    assert_int_equal(pa->len, pb->len);
    assert_true(pa->len >= 3);
    for (guint i = 0; i < pa->len; i++) {
        pdfscan_path *x = &g_array_index(pa, pdfscan_path, i);
        pdfscan_path *y = &g_array_index(pb, pdfscan_path, i);
        assert_near(x->x0, y->x0 + shift, TOL_MM, "path left", i);
        assert_near(x->y0, y->y0 + shift, TOL_MM, "path top", i);
        assert_near(x->x1, y->x1 + shift, TOL_MM, "path right", i);
        assert_near(x->y1, y->y1 + shift, TOL_MM, "path bottom", i);
    }
    g_array_free(pa, TRUE);
    g_array_free(pb, TRUE);
}

/* The text runs of the first sheet of t, in drawing order (borrowed from s). */
static GPtrArray *scene_texts(tmpl *t, scene **s)
{
    render_opts o = {.measure = test_measurer(), .landscape = -1, .seed = 1, .pages = 1, .nup = 1};
    pn_err err = {0};
    *s = render_sheet(t, &o, 0, &err);
    if (!*s) fail_msg("%s", err.msg);
    GPtrArray *v = g_ptr_array_new();
    for (size_t i = 0; i < scene_count(*s); i++) {
        const scene_item *it = scene_item_at(*s, i);
        if (it->kind == SCENE_TEXT && *it->u.text.utf8) g_ptr_array_add(v, (gpointer)&it->u.text);
    }
    return v;
}

/* Advance width in mm of a run as libharu sets it: Helvetica (WinAnsi, the minus
 * sign set as an en dash) or, for text WinAnsi lacks, the TrueType font ttf. */
static double haru_width(HPDF_Doc pdf, const scene_text *t, const char *ttf)
{
    char *s = g_strdup(t->utf8);
    GString *g = g_string_new(NULL);
    for (const char *p = s; *p; p = g_utf8_next_char(p)) {
        gunichar c = g_utf8_get_char(p);
        g_string_append_unichar(g, c == 0x2212 ? 0x2013 : c);
    }
    gsize len;
    char *w = g_convert(g->str, -1, "CP1252", "UTF-8", NULL, &len, NULL);
    double em;
    if (w) {
        bool mono = strstr(t->font.family, "Mono") != NULL;
        bool obl = t->font.italic || strstr(t->font.family, "Comic");
        char *name = g_strdup_printf("%s%s%s%s", mono ? "Courier" : "Helvetica",
                                     t->font.bold || obl ? "-" : "", t->font.bold ? "Bold" : "",
                                     obl ? "Oblique" : "");
        HPDF_Font f = HPDF_GetFont(pdf, name, "WinAnsiEncoding");
        g_free(name);
        em = HPDF_Font_TextWidth(f, (const HPDF_BYTE *)w, (HPDF_UINT)len).width;
    } else {
        assert_non_null(ttf);
        HPDF_UseUTFEncodings(pdf);
        HPDF_Font f = HPDF_GetFont(pdf, HPDF_LoadTTFontFromFile(pdf, ttf, HPDF_TRUE), "UTF-8");
        em = 0;
        for (const char *p = t->utf8; *p; p = g_utf8_next_char(p))
            em += HPDF_Font_GetUnicodeWidth(f, (HPDF_UNICODE)g_utf8_get_char(p));
    }
    g_free(w);
    g_free(s);
    g_string_free(g, TRUE);
    return em * t->font.size / 1000.0 * PN_PT_TO_MM;
}

/* Checks the runs of cairo (c) and libharu (h) against the scene. cairo starts
 * runs where the scene measured them (it may join runs of one font into a
 * single show, so only some starts are visible); libharu keeps each run's
 * baseline and puts its anchor (left end, centre or right end) in the same
 * place as cairo, with its own width. */
static void same_texts(const pdfscan *c, const pdfscan *h, GPtrArray *texts, const char *ttf)
{
    assert_int_equal(h->texts->len, texts->len);
    HPDF_Doc pdf = HPDF_New(NULL, NULL);
    GArray *seen = g_array_new(FALSE, TRUE, sizeof(gboolean));
    g_array_set_size(seen, texts->len);
    guint matched = 0, centred = 0;
    for (guint k = 0; k < c->texts->len; k++) {
        pdfscan_text *tc = &g_array_index(c->texts, pdfscan_text, k);
        guint i = 0;
        for (; i < texts->len; i++) {
            const scene_text *t = g_ptr_array_index(texts, i);
            if (!g_array_index(seen, gboolean, i) && fabs(tc->x - t->bx) < TOL_MM &&
                fabs(tc->y - t->by) < TOL_MM)
                break;
        }
        if (i == texts->len) fail_msg("cairo text at %.2f,%.2f is no run's start", tc->x, tc->y);
        g_array_index(seen, gboolean, i) = TRUE;
        matched++;
        const scene_text *t = g_ptr_array_index(texts, i);
        pdfscan_text *th = &g_array_index(h->texts, pdfscan_text, i);
        assert_near(th->angle, t->angle, 0.01, "haru text angle", i);
        assert_near(th->size, t->font.size, 0.01, "haru text size", i);
        double a = t->angle * G_PI / 180.0, ux = cos(a), uy = sin(a);
        double f = t->halign == TEXT_LEFT ? 0 : t->halign == TEXT_CENTER ? 0.5 : 1;
        /* anchor = start + f * width along the baseline */
        double wc = t->width, wh = haru_width(pdf, t, ttf);
        double acx = tc->x + f * wc * ux, acy = tc->y + f * wc * uy;
        double ahx = th->x + f * wh * ux, ahy = th->y + f * wh * uy;
        assert_near(ahx, acx, TOL_MM, "anchor x", i);
        assert_near(ahy, acy, TOL_MM, "anchor y", i);
        /* the baseline: no offset across the run's direction */
        double across = -(th->x - tc->x) * uy + (th->y - tc->y) * ux;
        assert_near(across, 0, TOL_MM, "baseline offset", i);
        centred += f == 0.5;
    }
    /* most runs are compared, centred ones among them */
    assert_true(matched * 3 >= texts->len * 2);
    assert_true(centred > 0);
    assert_int_equal(h->texts->len, texts->len);
    g_array_free(seen, TRUE);
    HPDF_Free(pdf);
}

static void test_circle36_matches_cairo(void **state)
{
    tmpl *t = open_template("circle36");
    char *pc = render_to(t, "cairo", 0, NULL, "c36-cairo.pdf");
    char *ph = render_to(t, "haru", 0, NULL, "c36-haru.pdf");
    pdfscan *c = scan(pc), *h = scan(ph);
    /* the scan marks: four tags and the QR code, each one bitmap in libharu's
     * PDF; only the top-left tag, which the "Player" line comes within 1 mm
     * of, gets its white square there */
    int squares[2];
    assert_int_equal(strip_masks(c, h, squares), 5);
    assert_int_equal(squares[0], 5);
    assert_int_equal(squares[1], 1);
    /* the default sheet's code, written in capitals, fits the smallest QR
     * symbol (21 x 21; 25 x 25 in bytes) */
    assert_int_equal(g_array_index(h->masks, pdfscan_mask, 4).w, 21);
    assert_int_equal(c->masks->len, 0);
    /* A4 in points, the same in both */
    assert_near(h->media[2], 210 * PN_MM_TO_PT, 0.01, "page width", 0);
    assert_near(h->media[3], 297 * PN_MM_TO_PT, 0.01, "page height", 0);
    assert_near(c->media[2], h->media[2], 0.01, "page width", 0);
    assert_near(c->media[3], h->media[3], 0.01, "page height", 0);
    same_paths(h, c, 0);
    scene *s;
    GPtrArray *texts = scene_texts(t, &s);
    same_texts(c, h, texts, NULL);
    g_ptr_array_free(texts, TRUE);
    scene_free(s);
    /* far smaller than cairo's file */
    GStatBuf sc, sh;
    assert_int_equal(g_stat(pc, &sc), 0);
    assert_int_equal(g_stat(ph, &sh), 0);
    assert_true(sh.st_size * 2 < sc.st_size);
    pdfscan_free(c);
    pdfscan_free(h);
    g_free(pc);
    g_free(ph);
    tmpl_free(t);
}

/* DiCroNo has AK☉KA (no WinAnsi code) and a rotated axis title: outlines
 * without --ttf, text in the embedded font with it. */
static void test_dicrono_with_ttf(void **state)
{
    tmpl *t = open_template("dicrono");
    /* Without --ttf the character the base fonts lack is drawn as glyph
     * outlines, filled, where cairo sets it along the baseline. */
    char *pc = render_to(t, "cairo", 0, NULL, "dc-cairo.pdf");
    char *po = render_to(t, "haru", 0, NULL, "dc-outlines.pdf");
    pdfscan *c = scan(pc), *o = scan(po);
    /* nothing comes near DiCroNo's marks: no white square in libharu's PDF */
    int squares[2];
    assert_int_equal(strip_masks(c, o, squares), 5);
    assert_int_equal(squares[0], 5);
    assert_int_equal(squares[1], 0);
    assert_true(o->paths->len > c->paths->len);
    scene *s;
    GPtrArray *texts = scene_texts(t, &s);
    const scene_text *sun = NULL;
    for (guint i = 0; i < texts->len; i++) {
        const scene_text *x = g_ptr_array_index(texts, i);
        if (strstr(x->utf8, "AK\xe2\x98\x89KA")) sun = x;
    }
    assert_non_null(sun);
    double x0 = 1e9, x1 = -1e9, y0 = 1e9, y1 = -1e9;
    int glyphs = 0;
    for (guint i = 0; i < o->paths->len; i++) {
        pdfscan_path *q = &g_array_index(o->paths, pdfscan_path, i);
        /* the outlines: filled paths on the line's baseline */
        if (strcmp(q->op, "f") || q->y0 > sun->by + 0.5 || q->y1 < sun->by - 3) continue;
        x0 = fmin(x0, q->x0);
        x1 = fmax(x1, q->x1);
        y0 = fmin(y0, q->y0);
        y1 = fmax(y1, q->y1);
        glyphs++;
    }
    /* Only the sun (U+2609) is outlined, where it falls in the run: after
     * "AK", before "KA", one glyph about 2 mm wide at 9 pt; the letters
     * stay text. */
    assert_int_equal(glyphs, 1);
    assert_true(x0 > sun->bx + 2.5 && x1 < sun->bx + sun->width - 2.5);
    assert_true(x1 - x0 > 1.5 && x1 - x0 < 3.5);
    assert_true(y0 < sun->by && y1 > sun->by); /* the circle reaches below the baseline */
    g_ptr_array_free(texts, TRUE);
    scene_free(s);
    pdfscan_free(c);
    pdfscan_free(o);
    g_free(pc);
    g_free(po);

    /* With --ttf the font is embedded and the line is text. */
    pc = render_to(t, "cairo", 0, NULL, "dc-cairo.pdf");
    char *ph = render_to(t, "haru", 0, DEJAVU_TTF, "dc-haru.pdf");
    c = scan(pc);
    pdfscan *h = scan(ph);
    assert_int_equal(strip_masks(c, h, squares), 5);
    assert_int_equal(squares[1], 0);
    same_paths(h, c, 0);
    texts = scene_texts(t, &s);
    bool rotated = false;
    for (guint i = 0; i < texts->len; i++)
        rotated |= ((const scene_text *)g_ptr_array_index(texts, i))->angle != 0;
    assert_true(rotated);
    same_texts(c, h, texts, DEJAVU_TTF);
    g_ptr_array_free(texts, TRUE);
    scene_free(s);
    /* the embedded font's ToUnicode gives the text back */
    gchar *out = NULL;
    char *argv[] = {"pdftotext", ph, "-", NULL};
    assert_true(g_spawn_sync(NULL, argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                             NULL, NULL, &out, NULL, NULL, NULL));
    assert_non_null(strstr(out, "by AK\xe2\x98\x89KA"));
    g_free(out);
    pdfscan_free(c);
    pdfscan_free(h);
    g_free(pc);
    g_free(ph);
    tmpl_free(t);
}

/* Every alignment, rotation, font style, dashes and transparency. */
static void test_styles_match_cairo(void **state)
{
    static const char yaml[] =
        "name: styles\npage: {paper: a5}\ncomponents:\n"
        "  - {type: text, x: 50%, y: 10mm, text: \"Left — “quoted” €5 ½\", size: 12}\n"
        "  - {type: text, x: 50%, y: 20mm, text: \"Centred naïve café\", align: center, italic: "
        "true}\n"
        "  - {type: text, x: 50%, y: 30mm, text: \"Right and bold\", align: right, bold: true}\n"
        "  - {type: text, x: 20mm, y: 80mm, text: \"Turned right\", angle: 90, align: center, "
        "valign: middle}\n"
        "  - {type: text, x: 60mm, y: 80mm, text: \"Turned 30\", angle: -30, align: right, valign: "
        "bottom}\n"
        "  - {type: text, x: 0, y: 120mm, text: \"mono 0123\", font: mono, valign: baseline}\n"
        "  - {type: text, x: 100%, y: 130mm, text: \"hand 42\", font: hand, align: right, color: "
        "\"#0000ff80\"}\n"
        "  - {type: line, x1: 0, y1: 140mm, x2: 100%, y2: 150mm, dash: 2mm, width: 0.5mm}\n"
        "  - {type: rect, x: 10mm, y: 155mm, w: 40mm, h: 20mm, fill: \"#0000ff40\", stroke: "
        "\"#00000080\", width: 1mm}\n"
        "  - {type: circle, x: 80mm, y: 165mm, r: 10mm, fill: \"#00ff0060\"}\n";
    pn_err err = {0};
    tmpl *t = tmpl_load_buffer("styles.yaml", yaml, sizeof yaml - 1, &err);
    if (!t) fail_msg("%s", err.msg);
    char *pc = render_to(t, "cairo", 0, NULL, "st-cairo.pdf");
    char *ph = render_to(t, "haru", 0, NULL, "st-haru.pdf");
    pdfscan *c = scan(pc), *h = scan(ph);
    same_paths(h, c, 0);
    scene *s;
    GPtrArray *texts = scene_texts(t, &s);
    int aligns[3] = {0}, turned = 0;
    for (guint i = 0; i < texts->len; i++) {
        const scene_text *x = g_ptr_array_index(texts, i);
        aligns[x->halign]++;
        turned += x->angle != 0;
    }
    assert_true(aligns[TEXT_LEFT] && aligns[TEXT_CENTER] && aligns[TEXT_RIGHT] && turned == 2);
    same_texts(c, h, texts, NULL);
    g_ptr_array_free(texts, TRUE);
    scene_free(s);
    /* the right fonts, none embedded */
    gchar *out = NULL;
    char *argv[] = {"pdffonts", ph, NULL};
    assert_true(
        g_spawn_sync(NULL, argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, NULL, NULL, NULL));
    /* the fonts expected (the handwriting run is set oblique) */
    for (const char *f = "Helvetica\0Helvetica-Oblique\0Helvetica-Bold\0Courier\0"; *f;
         f += strlen(f) + 1) {
        char *line = g_strdup_printf("\n%s ", f);
        if (!strstr(out, line)) fail_msg("font %s missing:\n%s", f, out);
        g_free(line);
    }
    g_free(out);
    pdfscan_free(c);
    pdfscan_free(h);
    g_free(pc);
    g_free(ph);
    tmpl_free(t);
}

/* Bleed with one backend: boxes, content moved by the bleed, crop marks. */
static void check_bleed(const char *backend)
{
    tmpl *t = open_template("circle36");
    char *p0 = render_to(t, backend, 0, NULL, "b0.pdf");
    char *p3 = render_to(t, backend, 3, NULL, "b3.pdf");
    pdfscan *a = scan(p0), *b = scan(p3);
    double k = PN_MM_TO_PT;
    /* the page grows by 3 mm on every side; the trim is the A4 sheet */
    assert_near(b->media[2], 216 * k, 0.01, "media width", 0);
    assert_near(b->media[3], 303 * k, 0.01, "media height", 0);
    assert_near(b->trim[0], 3 * k, 0.01, "trim left", 0);
    assert_near(b->trim[1], 3 * k, 0.01, "trim bottom", 0);
    assert_near(b->trim[2], 213 * k, 0.01, "trim right", 0);
    assert_near(b->trim[3], 300 * k, 0.01, "trim top", 0);
    for (int i = 0; i < 4; i++)
        assert_near(b->bleed[i], b->media[i], 0.01, "bleed box", (guint)i);
    /* without bleed the page is the trim, and has no boxes of its own */
    for (int i = 0; i < 4; i++)
        assert_near(a->trim[i], a->media[i], 1e-9, "no trim box", (guint)i);
    /* content moves by the bleed; eight crop marks follow it */
    assert_int_equal(b->paths->len, a->paths->len + 8);
    pdfscan tmp = *b;
    GArray *content = g_array_copy(b->paths);
    g_array_set_size(content, a->paths->len);
    tmp.paths = content;
    same_paths(&tmp, a, 3);
    g_array_free(content, TRUE);
    for (guint i = 0; i < a->texts->len; i++) {
        pdfscan_text *x = &g_array_index(a->texts, pdfscan_text, i);
        pdfscan_text *y = &g_array_index(b->texts, pdfscan_text, i);
        assert_near(y->x, x->x + 3, 0.05, "text x", i);
        assert_near(y->y, x->y + 3, 0.05, "text y", i);
    }
    /* each mark lies outside the trim (3..213 x 3..300 mm), reaching the paper's edge */
    for (guint i = a->paths->len; i < b->paths->len; i++) {
        pdfscan_path *m = &g_array_index(b->paths, pdfscan_path, i);
        bool outside =
            m->x1 <= 3 + 1e-3 || m->x0 >= 213 - 1e-3 || m->y1 <= 3 + 1e-3 || m->y0 >= 300 - 1e-3;
        bool edge = m->x0 < 1e-3 || m->x1 > 216 - 1e-3 || m->y0 < 1e-3 || m->y1 > 303 - 1e-3;
        if (!outside || !edge)
            fail_msg("crop mark %u at %.2f,%.2f..%.2f,%.2f", i, m->x0, m->y0, m->x1, m->y1);
        assert_string_equal(m->op, "S");
    }
    pdfscan_free(a);
    pdfscan_free(b);
    g_free(p0);
    g_free(p3);
    tmpl_free(t);
}

static void test_bleed(void **state)
{
    check_bleed("haru");
    check_bleed("cairo");
}

/* A page background reaches into the bleed; content near the trim does not. */
static void test_bleed_background(void **state)
{
    static const char yaml[] = "name: bg\npage: {paper: a5, background: '#ffeecc'}\n"
                               "components:\n  - {type: rect, x: 0, y: 0, w: 20mm, h: 20mm}\n";
    pn_err err = {0};
    tmpl *t = tmpl_load_buffer("bg.yaml", yaml, sizeof yaml - 1, &err);
    if (!t) fail_msg("%s", err.msg);
    char *pc = render_to(t, "cairo", 0, NULL, "bg-cairo.pdf");
    char *ph = render_to(t, "haru", 5, NULL, "bg-haru.pdf");
    char *pcb = render_to(t, "cairo", 5, NULL, "bg-cairo-bleed.pdf");
    pdfscan *c = scan(pc), *h = scan(ph), *cb = scan(pcb);
    /* cairo with the same bleed: the same background */
    pdfscan_path *bcb = &g_array_index(cb->paths, pdfscan_path, 0);
    assert_near(bcb->x0, 0, 0.01, "cairo bleed background", 0);
    assert_near(bcb->y0, 0, 0.01, "cairo bleed background", 1);
    assert_near(bcb->x1, 158, 0.01, "cairo bleed background", 2);
    assert_near(bcb->y1, 220, 0.01, "cairo bleed background", 3);
    pdfscan_path *rcb = &g_array_index(cb->paths, pdfscan_path, 1);
    assert_near(rcb->x0, g_array_index(c->paths, pdfscan_path, 1).x0 + 5, TOL_MM, "cairo rect", 0);
    pdfscan_free(cb);
    g_free(pcb);
    pdfscan_path *bc = &g_array_index(c->paths, pdfscan_path, 0);
    pdfscan_path *bh = &g_array_index(h->paths, pdfscan_path, 0);
    /* cairo: the A5 sheet; haru: the sheet and 5 mm all round */
    assert_near(bc->x0, 0, 0.01, "cairo background", 0);
    assert_near(bc->x1, 148, 0.01, "cairo background", 1);
    assert_near(bc->y1, 210, 0.01, "cairo background", 2);
    assert_near(bh->x0, 0, 0.01, "bleed background", 0);
    assert_near(bh->y0, 0, 0.01, "bleed background", 1);
    assert_near(bh->x1, 158, 0.01, "bleed background", 2);
    assert_near(bh->y1, 220, 0.01, "bleed background", 3);
    assert_string_equal(bh->op, "f");
    /* the rect inside the margin is only moved by the bleed */
    pdfscan_path *rc = &g_array_index(c->paths, pdfscan_path, 1);
    pdfscan_path *rh = &g_array_index(h->paths, pdfscan_path, 1);
    assert_near(rh->x0, rc->x0 + 5, TOL_MM, "rect", 0);
    assert_near(rh->y1, rc->y1 + 5, TOL_MM, "rect", 1);
    pdfscan_free(c);
    pdfscan_free(h);
    g_free(pc);
    g_free(ph);
    tmpl_free(t);
}

static void test_deterministic(void **state)
{
    tmpl *t = open_template("circle36");
    char *a = render_to(t, "haru", 3, NULL, "d1.pdf");
    char *b = render_to(t, "haru", 3, NULL, "d2.pdf");
    gchar *x, *y;
    gsize nx, ny;
    assert_true(g_file_get_contents(a, &x, &nx, NULL));
    assert_true(g_file_get_contents(b, &y, &ny, NULL));
    assert_int_equal(nx, ny);
    assert_memory_equal(x, y, nx);
    g_free(x);
    /* the creation date is the fixed epoch (the /ID is computed from the
     * content, so it is the same too) */
    x = pdfscan_plain(a, &nx);
    assert_non_null(x);
    assert_non_null(pdfscan_find(x, nx, "/CreationDate (D:20000101000000Z"));
    assert_non_null(pdfscan_find(x, nx, "/ID ["));
    g_free(x);
    g_free(y);
    g_free(a);
    g_free(b);
    tmpl_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_circle36_matches_cairo), cmocka_unit_test(test_dicrono_with_ttf),
        cmocka_unit_test(test_styles_match_cairo),     cmocka_unit_test(test_bleed),
        cmocka_unit_test(test_bleed_background),       cmocka_unit_test(test_deterministic),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}

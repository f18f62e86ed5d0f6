/* haru.c: the libharu backend: compact PDF with the PDF base-14 fonts (Helvetica
 * for the scene's print and handwriting fonts), an optional embedded TrueType
 * font for text the base-14 fonts cannot encode, and the print-shop bleed: the
 * page grows by the bleed on every side, backgrounds reach into it, crop marks
 * sit outside the trim and the page carries TrimBox and BleedBox.
 *
 * Text the base-14 fonts cannot encode is drawn as glyph outlines from the font
 * the cairo backend uses (textpath.c), unless --ttf gives a font to embed.
 * Text in the family of one of a template's own font files is drawn as glyph
 * outlines from that file (libharu never reads a template's font: see
 * tfont_load), unless it is the --ttf font.
 *
 * The scene is in mm with y down; PDF is in pt with y up. Text keeps the scene's
 * anchor, alignment and baseline but is re-placed with the base-14 font's own
 * width, so centred text stays centred. libharu builds the distinct pages in
 * memory, saved into pdfpack.c every HARU_CHUNK_PAGES pages; pdfpack.c builds
 * the document from those pieces, in which every repeat of a shared page
 * refers to that page's content and resources, so a pad of identical pages
 * holds one page's drawing in memory and in the file, a pad of different
 * pages at most a piece's, and output appears whole or not at all. */
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#include FT_TRUETYPE_TAGS_H
#include <errno.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <hpdf.h>
#include <hpdf_objects.h>
#include <hpdf_pages.h>
#include <math.h>
#include <string.h>
#include <time.h>
#include "backend/backend.h"
#include "backend/imgcache.h"
#include "backend/bleed.h"
#include "backend/pdfpack.h"
#include "backend/textpath.h"
#include "scene/measure.h"
#include "util/fonts.h"
#include "util/inputs.h"

/* Page content is written in whole units of 1/10 pt (a cm at the start of each
 * page): shorter than libharu's five decimals, within 0.02 mm, and libharu's
 * integer dash lengths fit. libharu refuses numbers above 32767, so a page
 * larger than that many units uses 1/5 pt. */
#define HARU_UNITS 10.0
#define HARU_MAX_NUMBER 32767.0
/* The largest --ttf file read. */
#define HARU_MAX_TTF_BYTES (32 << 20)
/* The most pages of a document (a repeated page is drawn once). */
#define HARU_MAX_PAGES 5000
/* libharu keeps every page of a document in memory until it saves it, so
 * after this many different pages the document drawn so far is saved into
 * the packer and a new one begun; pdfpack.c joins them into one PDF. Memory
 * stays that of this many pages however long the pad (about 45 KB a page for
 * the busiest built-in sheets); each piece repeats only small dictionaries
 * (font files and images are stored once). A document that embeds a
 * TrueType font is not split (see embeds_font). */
#define HARU_CHUNK_PAGES 64

/* A template's font file, embedded on the first text set in it. */
typedef struct haru_tfont {
    const pn_font_file *file; /* borrowed from the caller's options */
    HPDF_Font font;           /* NULL until loaded */
    GHashTable *used;         /* code points set in it */
} haru_tfont;

/* The graphics state last written to the page, so only changes are written. */
typedef struct haru_state {
    pn_rgba fill, stroke;
    double width;
    int cap, join;
    bool dashed;
    HPDF_Font font;
    double size;
} haru_state;

typedef struct haru_be {
    HPDF_Doc pdf;
    pn_pdfpack *pack;
    char *path;
    double bleed;    /* mm */
    bool crop_marks; /* in the bleed */
    double tw, th;   /* trim size of the current page, mm */
    double ph_pt;    /* media height, pt */
    double k;        /* page units per pt */
    HPDF_Page page;
    bool in_text;            /* a BT ... ET object is open */
    haru_state st;           /* valid while a page is open */
    bool clipped;            /* a scene clip is in force (a GSave to undo) */
    haru_state unclipped;    /* st before it */
    HPDF_Font base[2][2][2]; /* [courier][bold][oblique], loaded on first use */
    HPDF_Font ttf;           /* embedded --ttf font or NULL */
    char *ttf_path;
    pn_textpath *outlines;     /* for text no font here can set; made on first use */
    PangoFontMap *fonts;       /* the caller's font map, for outlines (borrowed) */
    GHashTable *ttf_used;      /* code points set in the embedded font */
    GPtrArray *tfonts;         /* haru_tfont*: the template's font files */
    GHashTable *gstates;       /* alpha key -> HPDF_ExtGState */
    int pages;                 /* pages libharu has drawn, in every piece */
    int doc_pages;             /* pages of the libharu document being drawn */
    long long epoch;           /* for every piece's dates */
    char *title;               /* ASCII, or NULL */
    int shared;                /* the drawn page repeats show, or -1 */
    HPDF_STATUS error, detail; /* the first error libharu reported */
    /* Images: each loaded once (a PNG by path, an SVG by path and raster
     * size). */
    pn_imgcache *imgcache;
    GHashTable *images; /* key -> HPDF_Image of this piece */
} haru_be;

static void HPDF_STDCALL haru_on_error(HPDF_STATUS error_no, HPDF_STATUS detail_no, void *user)
{
    haru_be *b = user;
    if (!b->error) {
        b->error = error_no;
        b->detail = detail_no;
    }
}

/* Turns a recorded libharu error into err; 0 when there was none. */
static int haru_check(haru_be *b, const char *what, pn_err *err)
{
    if (!b->error) return 0;
    return pn_err_set(err, PN_EIO, "%s: libharu failed %s (error 0x%04X, detail %u)", b->path, what,
                      (unsigned)b->error, (unsigned)b->detail);
}

static bool haru_supports(const char *f)
{
    return !strcmp(f, "pdf");
}

static void haru_free(haru_be *b)
{
    if (b->pdf) HPDF_Free(b->pdf);
    if (b->gstates) g_hash_table_destroy(b->gstates);
    if (b->ttf_used) g_hash_table_destroy(b->ttf_used);
    if (b->tfonts) g_ptr_array_free(b->tfonts, TRUE);
    if (b->images) g_hash_table_destroy(b->images);
    pn_imgcache_free(b->imgcache);
    g_free(b->path);
    g_free(b->title);
    g_free(b->ttf_path);
    pn_textpath_free(b->outlines);
    g_free(b);
}

static void haru_set_date(haru_be *b, HPDF_InfoType which, long long epoch)
{
    time_t t = (time_t)epoch;
    struct tm tm;
    gmtime_r(&t, &tm);
    HPDF_Date d = {.year = tm.tm_year + 1900,
                   .month = tm.tm_mon + 1,
                   .day = tm.tm_mday,
                   .hour = tm.tm_hour,
                   .minutes = tm.tm_min,
                   .seconds = tm.tm_sec,
                   .ind = 'Z'};
    HPDF_SetInfoDateAttr(b->pdf, which, d);
}

/* libharu 2.3.0 trusts the font file and crashes on a malformed one, so FreeType
 * checks it first: one TrueType face with the tables libharu reads and a
 * Unicode (Windows) character map. */
static int haru_ttf_check(const char *file, pn_err *err)
{
    GStatBuf st;
    if (g_stat(file, &st) != 0)
        return pn_err_set(err, PN_EINPUT, "TrueType font %s: %s", file, g_strerror(errno));
    if (S_ISDIR(st.st_mode))
        return pn_err_set(err, PN_EINPUT, "TrueType font %s: is a directory, not a font file",
                          file);
    if (!S_ISREG(st.st_mode))
        return pn_err_set(err, PN_EINPUT, "TrueType font %s: not a regular file", file);
    if (st.st_size > HARU_MAX_TTF_BYTES)
        return pn_err_set(err, PN_EINPUT, "TrueType font %s: larger than %d MB", file,
                          HARU_MAX_TTF_BYTES >> 20);
    FT_Library lib;
    if (FT_Init_FreeType(&lib)) return pn_err_set(err, PN_EIO, "FreeType could not start");
    FT_Face face;
    const char *why = NULL;
    if (FT_New_Face(lib, file, 0, &face)) {
        why = "not a font";
    } else {
        static const FT_ULong tags[] = {TTAG_head, TTAG_hhea, TTAG_maxp, TTAG_hmtx, TTAG_loca,
                                        TTAG_glyf, TTAG_cmap, TTAG_name, TTAG_post, TTAG_OS2};
        if (!FT_IS_SFNT(face) || face->num_faces != 1) why = "not a single TrueType font";
        for (size_t i = 0; !why && i < G_N_ELEMENTS(tags); i++) {
            FT_ULong len = 0;
            if (FT_Load_Sfnt_Table(face, tags[i], 0, NULL, &len) || len == 0)
                why = "not a TrueType font with glyf outlines";
        }
        bool unicode = false;
        for (int i = 0; i < face->num_charmaps; i++)
            unicode |= face->charmaps[i]->platform_id == 3 && face->charmaps[i]->encoding_id == 1;
        if (!why && !unicode) why = "has no Unicode character map";
        FT_Done_Face(face);
    }
    FT_Done_FreeType(lib);
    if (why) return pn_err_set(err, PN_EINPUT, "TrueType font %s: %s", file, why);
    /* Tables libharu reads without checking them against the file: a hmtx
     * table shorter than its hhea table says, or loca offsets past the glyf
     * table, made it die with SIGSEGV or SIGILL, and so did a character map
     * naming glyphs the font lacks. */
    gchar *bytes = NULL;
    gsize n = 0;
    if (!g_file_get_contents(file, &bytes, &n, NULL))
        return pn_err_set(err, PN_EINPUT, "TrueType font %s: cannot be read", file);
    pn_inputs_note(file);
    const char *damage = pn_sfnt_damage((const guint8 *)bytes, n, true);
    if (!damage) damage = pn_sfnt_embed_damage((const guint8 *)bytes, n);
    g_free(bytes);
    if (damage) return pn_err_set(err, PN_EINPUT, "TrueType font %s: damaged: %s", file, damage);
    return 0;
}

/* Loads the --ttf font into the libharu document being drawn. */
static int haru_embed_ttf(haru_be *b, const char *file, pn_err *err)
{
    HPDF_UseUTFEncodings(b->pdf);
    const char *name = HPDF_LoadTTFontFromFile(b->pdf, file, HPDF_TRUE);
    if (name) b->ttf = HPDF_GetFont(b->pdf, name, "UTF-8");
    if (!name || !b->ttf || b->error)
        return pn_err_set(err, PN_EINPUT,
                          "TrueType font %s: not a TrueType font libharu can embed (error 0x%04X)",
                          file, (unsigned)b->error);
    /* libharu finds fonts by PostScript name: a font called "Helvetica" would
     * be taken for the standard font, and every plain text set in it. */
    static const char *const standard[] = {
        "Courier",     "Courier-Bold",   "Courier-Oblique",   "Courier-BoldOblique",
        "Helvetica",   "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique",
        "Times-Roman", "Times-Bold",     "Times-Italic",      "Times-BoldItalic",
        "Symbol",      "ZapfDingbats"};
    for (size_t i = 0; i < G_N_ELEMENTS(standard); i++)
        if (!strcmp(name, standard[i]))
            return pn_err_set(err, PN_EINPUT,
                              "TrueType font %s: its PostScript name is %s, the name of a PDF "
                              "standard font it would replace: give a font of another name",
                              file, name);
    return 0;
}

static int haru_load_ttf(haru_be *b, const char *file, pn_err *err)
{
    if (haru_ttf_check(file, err) || haru_embed_ttf(b, file, err)) return -1;
    b->ttf_path = g_strdup(file);
    b->ttf_used = g_hash_table_new(g_direct_hash, g_direct_equal);
    return 0;
}

static void tfont_free(gpointer p)
{
    haru_tfont *f = p;
    if (f->used) g_hash_table_destroy(f->used);
    g_free(f);
}

/* The template font file for f: the one of its family whose weight and slant
 * match best, or NULL when the family is not a template font's. */
static haru_tfont *tfont_of(haru_be *b, const scene_font *f)
{
    haru_tfont *best = NULL;
    int best_score = -1;
    for (guint i = 0; f->family && i < b->tfonts->len; i++) {
        haru_tfont *t = g_ptr_array_index(b->tfonts, i);
        if (strcmp(t->file->family, f->family)) continue;
        int score = (t->file->bold == f->bold) * 2 + (t->file->italic == f->italic);
        if (score > best_score) {
            best = t;
            best_score = score;
        }
    }
    return best;
}

/* 1 when t's text can be set in an embedded font, 0 when it is drawn as glyph
 * outlines. A template's font file comes with the template, from anyone: it
 * is never given to libharu, whose TrueType reader crashes, aborts or hangs on
 * damaged files (found by the font fuzzer: a table's offset or length out of
 * the file, a truncated table); FreeType reads it for the outlines instead.
 * Only the --ttf font, which the user names on the command line, is embedded
 * (also when a template lists the same file). */
static int tfont_load(haru_be *b, haru_tfont *t, pn_err *err)
{
    (void)err;
    if (t->font) return 1;
    if (b->ttf && t->file->truetype && !strcmp(b->ttf_path, t->file->path)) {
        t->font = b->ttf; /* the --ttf font: its used codes are b->ttf_used */
        return 1;
    }
    return 0;
}

/* Begins a libharu document (the first piece, or the next one). */
static int haru_doc_open(haru_be *b, pn_err *err)
{
    b->pdf = HPDF_New(haru_on_error, b);
    if (!b->pdf) return pn_err_set(err, PN_EIO, "%s: libharu could not start", b->path);
    HPDF_SetCompressionMode(b->pdf, HPDF_COMP_ALL);
    /* Fixed dates and no /ID (libharu writes one only when encrypting): two runs
     * give the same bytes. */
    haru_set_date(b, HPDF_INFO_CREATION_DATE, b->epoch);
    haru_set_date(b, HPDF_INFO_MOD_DATE, b->epoch);
    HPDF_SetInfoAttr(b->pdf, HPDF_INFO_CREATOR, "pnpkit");
    if (b->title) HPDF_SetInfoAttr(b->pdf, HPDF_INFO_TITLE, b->title);
    b->doc_pages = 0;
    if (haru_check(b, "to set up the document", err)) return -1;
    return b->ttf_path ? haru_embed_ttf(b, b->ttf_path, err) : 0;
}

static void *haru_open(const pn_backend_opts *o, pn_err *err)
{
    haru_be *b = g_new0(haru_be, 1);
    b->path = g_strdup(o->path);
    b->fonts = o->fonts;
    b->bleed = o->bleed > 0 ? o->bleed : 0;
    b->crop_marks = o->crop_marks;
    b->gstates = g_hash_table_new(g_direct_hash, g_direct_equal);
    b->shared = -1;
    b->imgcache = pn_imgcache_new(o->fonts);
    b->images = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    b->tfonts = g_ptr_array_new_with_free_func(tfont_free);
    for (guint i = 0; o->font_files && i < o->font_files->len; i++) {
        haru_tfont *t = g_new0(haru_tfont, 1);
        t->file = g_ptr_array_index(o->font_files, i);
        g_ptr_array_add(b->tfonts, t);
    }
    b->epoch = o->epoch;
    /* Info strings are written as given: keep them ASCII. */
    if (o->title) b->title = g_str_to_ascii(o->title, "C");
    if (haru_doc_open(b, err) || (o->ttf && haru_load_ttf(b, o->ttf, err))) {
        haru_free(b);
        return NULL;
    }
    b->pack = pn_pdfpack_open(b->path, o->outfile_flags, o->mem, err);
    if (!b->pack) {
        haru_free(b);
        return NULL;
    }
    pn_pdfpack_set_bleed(b->pack, b->bleed * PN_MM_TO_PT);
    return b;
}

/* Scene mm (y down) to page units (1/100 pt, y up), with the bleed margin. */
static HPDF_REAL px(const haru_be *b, double x)
{
    return (HPDF_REAL)round((x + b->bleed) * PN_MM_TO_PT * b->k);
}
static HPDF_REAL py(const haru_be *b, double y)
{
    return (HPDF_REAL)round((b->ph_pt - (y + b->bleed) * PN_MM_TO_PT) * b->k);
}
/* A length in mm to page units. */
static HPDF_REAL plen(const haru_be *b, double mm)
{
    return (HPDF_REAL)round(mm * PN_MM_TO_PT * b->k);
}

static void end_text(haru_be *b)
{
    if (!b->in_text) return;
    HPDF_Page_EndText(b->page);
    b->in_text = false;
}

static int haru_doc_save(haru_be *b, pn_err *err);

/* Whether the document being drawn has set text in an embedded TrueType font.
 * libharu embeds only the glyphs a document uses, so each piece would carry a
 * font file of its own: such a document is not split. */
static bool embeds_font(const haru_be *b)
{
    if (b->ttf_used && g_hash_table_size(b->ttf_used)) return true;
    for (guint i = 0; i < b->tfonts->len; i++) {
        const haru_tfont *t = g_ptr_array_index(b->tfonts, i);
        if (t->used && g_hash_table_size(t->used)) return true;
    }
    return false;
}

/* Adds a page of w x h mm (trim) and starts its drawing; share: later pages
 * may repeat it. pdfpack.c gives it its boxes. */
static int start_page(haru_be *b, double w, double h, bool share, pn_err *err)
{
    if (b->pages >= HARU_MAX_PAGES)
        return pn_err_set(err, PN_EINPUT,
                          "the haru backend holds at most %d different pages in one document; "
                          "use the cairo backend or fewer pages",
                          HARU_MAX_PAGES);
    if (b->doc_pages >= HARU_CHUNK_PAGES && !embeds_font(b)) {
        if (haru_doc_save(b, err)) return -1;
        pn_pdfpack_next_source(b->pack);
        if (haru_doc_open(b, err)) return -1;
    }
    pn_pdfpack_page(b->pack, b->pages);
    if (share) b->shared = b->pages;
    b->pages++;
    b->doc_pages++;
    b->tw = w;
    b->th = h;
    double mw = (w + 2 * b->bleed) * PN_MM_TO_PT, mh = (h + 2 * b->bleed) * PN_MM_TO_PT;
    b->ph_pt = mh;
    b->page = HPDF_AddPage(b->pdf);
    if (!b->page) return haru_check(b, "to add a page", err);
    HPDF_Page_SetWidth(b->page, (HPDF_REAL)mw);
    HPDF_Page_SetHeight(b->page, (HPDF_REAL)mh);
    b->k = HARU_UNITS;
    if (fmax(mw, mh) * b->k > HARU_MAX_NUMBER) b->k = HARU_UNITS / 2;
    HPDF_Page_Concat(b->page, (HPDF_REAL)(1 / b->k), 0, 0, (HPDF_REAL)(1 / b->k), 0, 0);
    /* PDF's initial state: black, 1pt, butt caps, miter joins, solid. */
    b->st = (haru_state){.fill = PN_BLACK,
                         .stroke = PN_BLACK,
                         .width = b->k,
                         .cap = HPDF_BUTT_END,
                         .join = HPDF_MITER_JOIN};
    b->in_text = false;
    b->clipped = false;
    return haru_check(b, "to add a page", err);
}

static int haru_begin_page(void *vb, double w, double h, pn_err *err)
{
    return start_page(vb, w, h, false, err);
}

static int haru_begin_shared(void *vb, double w, double h, pn_err *err)
{
    return start_page(vb, w, h, true, err);
}

static bool same_rgb(pn_rgba a, pn_rgba c)
{
    return a.r == c.r && a.g == c.g && a.b == c.b;
}

static void set_fill(haru_be *b, pn_rgba c)
{
    if (same_rgb(b->st.fill, c)) return;
    HPDF_Page_SetRGBFill(b->page, (HPDF_REAL)c.r, (HPDF_REAL)c.g, (HPDF_REAL)c.b);
    b->st.fill = c;
}

static void set_stroke(haru_be *b, pn_rgba c)
{
    if (same_rgb(b->st.stroke, c)) return;
    HPDF_Page_SetRGBStroke(b->page, (HPDF_REAL)c.r, (HPDF_REAL)c.g, (HPDF_REAL)c.b);
    b->st.stroke = c;
}

/* Opens a saved state with the given alphas (an ExtGState shared by every use of
 * the same pair). The caller restores with end_alpha. */
static void begin_alpha(haru_be *b, double fill_a, double stroke_a, haru_state *saved)
{
    *saved = b->st;
    end_text(b);
    HPDF_Page_GSave(b->page);
    int fa = (int)lround(fill_a * 1000), sa = (int)lround(stroke_a * 1000);
    gpointer key = GINT_TO_POINTER(fa * 1001 + sa + 1);
    HPDF_ExtGState gs = g_hash_table_lookup(b->gstates, key);
    if (!gs) {
        gs = HPDF_CreateExtGState(b->pdf);
        if (!gs) return;
        HPDF_ExtGState_SetAlphaFill(gs, (HPDF_REAL)(fa / 1000.0));
        HPDF_ExtGState_SetAlphaStroke(gs, (HPDF_REAL)(sa / 1000.0));
        g_hash_table_insert(b->gstates, key, gs);
    }
    HPDF_Page_SetExtGState(b->page, gs);
}

static void end_alpha(haru_be *b, const haru_state *saved)
{
    end_text(b);
    HPDF_Page_GRestore(b->page);
    b->st = *saved;
}

/* An axis-aligned rectangle (move, three lines, close) is written as one "re". */
static bool as_rect(haru_be *b, const scene_path *p, const scene_seg *segs, bool extend)
{
    if (p->count != 5) return false;
    const scene_seg *s = &segs[p->first];
    if (s[0].op != SEG_MOVE || s[1].op != SEG_LINE || s[2].op != SEG_LINE || s[3].op != SEG_LINE ||
        s[4].op != SEG_CLOSE)
        return false;
    double x[4], y[4];
    for (int i = 0; i < 4; i++) {
        x[i] = extend ? pn_bleed_out(s[i].x[0], b->tw, b->bleed) : s[i].x[0];
        y[i] = extend ? pn_bleed_out(s[i].y[0], b->th, b->bleed) : s[i].y[0];
    }
    bool h0 = y[0] == y[1] && x[1] == x[2] && y[2] == y[3] && x[3] == x[0];
    bool v0 = x[0] == x[1] && y[1] == y[2] && x[2] == x[3] && y[3] == y[0];
    if (!h0 && !v0) return false;
    double x0 = fmin(fmin(x[0], x[1]), x[2]), x1 = fmax(fmax(x[0], x[1]), x[2]);
    double y0 = fmin(fmin(y[0], y[1]), y[2]), y1 = fmax(fmax(y[0], y[1]), y[2]);
    HPDF_Page_Rectangle(b->page, px(b, x0), py(b, y1), px(b, x1) - px(b, x0),
                        py(b, y0) - py(b, y1));
    return true;
}

/* Writes the path's segments. */
static void emit_segments(haru_be *b, const scene_path *p, const scene_seg *segs, bool extend)
{
    for (size_t i = p->first; i < p->first + p->count; i++) {
        const scene_seg *s = &segs[i];
        HPDF_REAL x[3], y[3];
        for (int q = 0; q < 3; q++) {
            double sx = s->x[q], sy = s->y[q];
            if (extend) {
                sx = pn_bleed_out(sx, b->tw, b->bleed);
                sy = pn_bleed_out(sy, b->th, b->bleed);
            }
            x[q] = px(b, sx);
            y[q] = py(b, sy);
        }
        switch (s->op) {
        case SEG_MOVE:
            HPDF_Page_MoveTo(b->page, x[0], y[0]);
            break;
        case SEG_LINE:
            HPDF_Page_LineTo(b->page, x[0], y[0]);
            break;
        case SEG_CURVE:
            HPDF_Page_CurveTo(b->page, x[0], y[0], x[1], y[1], x[2], y[2]);
            break;
        case SEG_CLOSE:
            HPDF_Page_ClosePath(b->page);
            break;
        }
    }
}

static void set_line(haru_be *b, const scene_style *st)
{
    double w = fmax(1, plen(b, st->width));
    if (w != b->st.width) {
        HPDF_Page_SetLineWidth(b->page, (HPDF_REAL)w);
        b->st.width = w;
    }
    int cap = st->round ? HPDF_ROUND_END : HPDF_BUTT_END;
    int join = st->round ? HPDF_ROUND_JOIN : HPDF_MITER_JOIN;
    if (cap != b->st.cap) {
        HPDF_Page_SetLineCap(b->page, (HPDF_LineCap)cap);
        b->st.cap = cap;
    }
    if (join != b->st.join) {
        HPDF_Page_SetLineJoin(b->page, (HPDF_LineJoin)join);
        b->st.join = join;
    }
}

/* One painting of a path: fill and/or stroke as asked. */
static void paint(haru_be *b, const scene_path *p, const scene_seg *segs, bool fill, bool stroke,
                  bool extend)
{
    const scene_style *st = &p->style;
    double fa = fill ? st->fill_color.a : 1, sa = stroke ? st->stroke_color.a : 1;
    bool dashed = stroke && st->dash[0] > 0;
    bool scoped = fa < 1 || sa < 1 || dashed;
    haru_state saved;
    if (scoped) {
        begin_alpha(b, fa, sa, &saved);
    } else {
        end_text(b);
    }
    if (dashed) {
        HPDF_UINT16 pat[2] = {(HPDF_UINT16)fmin(fmax(1, plen(b, st->dash[0])), 65535),
                              (HPDF_UINT16)fmin(fmax(0, plen(b, st->dash[1])), 65535)};
        HPDF_Page_SetDash(b->page, pat, pat[1] ? 2 : 1, 0);
    }
    if (fill) set_fill(b, st->fill_color);
    if (stroke) {
        set_stroke(b, st->stroke_color);
        set_line(b, st);
    }
    if (dashed || !as_rect(b, p, segs, extend)) emit_segments(b, p, segs, extend);
    if (fill && stroke)
        HPDF_Page_FillStroke(b->page);
    else if (fill)
        HPDF_Page_Fill(b->page);
    else
        HPDF_Page_Stroke(b->page);
    if (scoped) end_alpha(b, &saved);
}

static int haru_draw_path(void *vb, const scene_path *p, const scene_seg *segs, pn_err *err)
{
    haru_be *b = vb;
    const scene_style *st = &p->style;
    bool fill = st->fill && st->fill_color.a > 0;
    bool stroke = st->stroke && st->stroke_color.a > 0 && st->width > 0;
    if (!fill && !stroke) return 0;
    if (fill && b->bleed > 0 && pn_bleed_is_background(p, segs, b->tw, b->th)) {
        /* The fill reaches into the bleed; an outline stays on the trim. */
        paint(b, p, segs, true, false, true);
        if (stroke) paint(b, p, segs, false, true, false);
    } else {
        paint(b, p, segs, fill, stroke, false);
    }
    return haru_check(b, "to draw a path", err);
}

/* The base-14 font for a scene font: Courier for a monospaced family, else
 * Helvetica; the handwriting font has no base-14 cousin and is set oblique. */
static HPDF_Font base_font(haru_be *b, const scene_font *f)
{
    bool hand = f->family && strstr(f->family, "Comic");
    int mono = f->family && strstr(f->family, "Mono") ? 1 : 0;
    int bold = f->bold ? 1 : 0, obl = f->italic || hand ? 1 : 0;
    if (!b->base[mono][bold][obl]) {
        static const char *const names[2][2][2] = {
            {{"Helvetica", "Helvetica-Oblique"}, {"Helvetica-Bold", "Helvetica-BoldOblique"}},
            {{"Courier", "Courier-Oblique"}, {"Courier-Bold", "Courier-BoldOblique"}}};
        b->base[mono][bold][obl] = HPDF_GetFont(b->pdf, names[mono][bold][obl], "WinAnsiEncoding");
    }
    return b->base[mono][bold][obl];
}

/* Characters WinAnsiEncoding lacks that have a standard stand-in it has. */
static const struct {
    gunichar from, to;
} winansi_subst[] = {
    {0x2212, 0x2013}, /* minus sign: en dash (the width of a digit) */
    {0x2010, '-'},    /* hyphen */
    {0x2011, '-'},    /* non-breaking hyphen */
    {0x2009, ' '},    /* thin space */
    {0x202F, ' '},    /* narrow no-break space */
    {0x2007, ' '},    /* figure space */
};

/* The text in WinAnsiEncoding (CP1252), or NULL when a character has no code. */
static char *to_winansi(const char *utf8, gsize *len)
{
    GString *s = g_string_sized_new(strlen(utf8));
    for (const char *p = utf8; *p; p = g_utf8_next_char(p)) {
        gunichar c = g_utf8_get_char(p);
        for (size_t i = 0; i < G_N_ELEMENTS(winansi_subst); i++)
            if (c == winansi_subst[i].from) c = winansi_subst[i].to;
        g_string_append_unichar(s, c);
    }
    char *r = g_convert(s->str, (gssize)s->len, "CP1252", "UTF-8", NULL, len, NULL);
    g_string_free(s, TRUE);
    return r;
}

/* Width of utf8 in the embedded font, in 1/1000 em; -1 if a glyph is missing
 * (the first missing character goes to *missing). */
static double ttf_width(HPDF_Font font, GHashTable *used, const char *utf8, gunichar *missing)
{
    HPDF_FontAttr attr = (HPDF_FontAttr)font->attr;
    double w = 0;
    for (const char *p = utf8; *p; p = g_utf8_next_char(p)) {
        gunichar c = g_utf8_get_char(p);
        if (c > 0xFFFF ||
            (c >= 0x20 && !HPDF_TTFontDef_GetGlyphid(attr->fontdef, (HPDF_UINT16)c))) {
            *missing = c;
            return -1;
        }
        w += HPDF_Font_GetUnicodeWidth(font, (HPDF_UNICODE)c);
    }
    for (const char *p = utf8; used && *p; p = g_utf8_next_char(p))
        g_hash_table_add(used, GUINT_TO_POINTER(g_utf8_get_char(p)));
    return w;
}

/* Text the base-14 fonts cannot encode (and no --ttf): its glyph outlines
 * from the font the cairo backend uses, filled in the text's colour; with
 * start < end, only the characters of bytes [start, end), where they fall in
 * the run. */
static int outline_part(haru_be *b, const scene_text *t, size_t start, size_t end, pn_err *err)
{
    if (!b->outlines && !(b->outlines = pn_textpath_new(b->fonts, err))) return -1;
    cairo_path_t *path = start < end ? pn_textpath_get_part(b->outlines, t, start, end)
                                     : pn_textpath_get(b->outlines, t);
    if (!path) return pn_err_set(err, PN_EIO, "%s: cannot outline \"%s\"", b->path, t->utf8);
    haru_state saved;
    bool scoped = t->color.a < 1;
    if (scoped)
        begin_alpha(b, t->color.a, 1, &saved);
    else
        end_text(b);
    set_fill(b, t->color);
    bool any = false;
    for (int i = 0; i < path->num_data; i += path->data[i].header.length) {
        const cairo_path_data_t *d = &path->data[i];
        switch (d->header.type) {
        case CAIRO_PATH_MOVE_TO:
            HPDF_Page_MoveTo(b->page, px(b, d[1].point.x), py(b, d[1].point.y));
            any = true;
            break;
        case CAIRO_PATH_LINE_TO:
            HPDF_Page_LineTo(b->page, px(b, d[1].point.x), py(b, d[1].point.y));
            break;
        case CAIRO_PATH_CURVE_TO:
            HPDF_Page_CurveTo(b->page, px(b, d[1].point.x), py(b, d[1].point.y),
                              px(b, d[2].point.x), py(b, d[2].point.y), px(b, d[3].point.x),
                              py(b, d[3].point.y));
            break;
        case CAIRO_PATH_CLOSE_PATH:
            HPDF_Page_ClosePath(b->page);
            break;
        }
    }
    if (any) HPDF_Page_Fill(b->page);
    cairo_path_destroy(path);
    if (scoped) end_alpha(b, &saved);
    return haru_check(b, "to draw text outlines", err);
}

static int outline_text(haru_be *b, const scene_text *t, pn_err *err)
{
    return outline_part(b, t, 0, 0, err);
}

/* Starts drawing t's text in font: its transparency (true, with the state
 * to restore in saved, when it has some), the text object, the font and its
 * size when they change, and the colour. */
static bool text_begin(haru_be *b, const scene_text *t, HPDF_Font font, haru_state *saved)
{
    bool scoped = t->color.a < 1;
    if (scoped) begin_alpha(b, t->color.a, 1, saved);
    if (!b->in_text) {
        HPDF_Page_BeginText(b->page);
        b->in_text = true;
    }
    if (font != b->st.font || t->font.size != b->st.size) {
        HPDF_Page_SetFontAndSize(b->page, font, (HPDF_REAL)t->font.size);
        b->st.font = font;
        b->st.size = t->font.size;
    }
    set_fill(b, t->color);
    return scoped;
}

/* Shows bytes (in font) with its baseline starting at (bx, by) on the page,
 * turned by t's angle, stretched across by hscale (1: as the font sets it). */
static int show_run(haru_be *b, const scene_text *t, HPDF_Font font, const char *bytes, double bx,
                    double by, double hscale, pn_err *err)
{
    double a = t->angle * G_PI / 180.0, ca = cos(a), sa = sin(a);
    haru_state saved;
    bool scoped = text_begin(b, t, font, &saved);
    HPDF_Page_SetHorizontalScalling(b->page, (HPDF_REAL)(hscale * 100));
    /* Clockwise on the page (y down) is clockwise on paper: a negative turn in PDF. */
    double k = b->k;
    HPDF_Page_SetTextMatrix(b->page, (HPDF_REAL)(ca * k), (HPDF_REAL)(-sa * k), (HPDF_REAL)(sa * k),
                            (HPDF_REAL)(ca * k), px(b, bx), py(b, by));
    HPDF_Page_ShowText(b->page, bytes);
    if (hscale != 1) HPDF_Page_SetHorizontalScalling(b->page, 100);
    if (scoped) end_alpha(b, &saved);
    return haru_check(b, "to draw text", err);
}

/* A run with some characters the base-14 fonts cannot encode: the others
 * stay text (found and copied in the PDF), each piece placed where pango put
 * it in the whole run and stretched to the width it has there, and only the
 * characters that need it are drawn as outlines. */
static int mixed_text(haru_be *b, const scene_text *t, pn_err *err)
{
    HPDF_Font font = base_font(b, &t->font);
    if (!font) return haru_check(b, "to load a base-14 font", err);
    if (!b->outlines && !(b->outlines = pn_textpath_new(b->fonts, err))) return -1;
    const char *s = t->utf8;
    size_t n = strlen(s), start = 0;
    double a = t->angle * G_PI / 180.0;
    int rc = 0;
    while (start < n && !rc) {
        gsize len = 0;
        char one[8] = {0};
        const char *next = g_utf8_next_char(s + start);
        memcpy(one, s + start, (size_t)(next - (s + start)));
        char *enc = to_winansi(one, &len);
        bool text = enc != NULL;
        g_free(enc);
        size_t end = (size_t)(next - s);
        while (end < n) { /* the piece: characters of the same kind */
            const char *nx = g_utf8_next_char(s + end);
            char c[8] = {0};
            memcpy(c, s + end, (size_t)(nx - (s + end)));
            char *e = to_winansi(c, &len);
            bool same = (e != NULL) == text;
            g_free(e);
            if (!same) break;
            end = (size_t)(nx - s);
        }
        if (!text) {
            rc = outline_part(b, t, start, end, err);
        } else {
            char *piece = g_strndup(s + start, end - start);
            char *bytes = to_winansi(piece, &len);
            g_free(piece);
            double x0, x1;
            pn_textpath_span(b->outlines, t, start, end, &x0, &x1);
            double w = HPDF_Font_TextWidth(font, (const HPDF_BYTE *)bytes, (HPDF_UINT)len).width *
                       t->font.size / 1000.0 * PN_PT_TO_MM;
            double hscale = w > 0 && x1 > x0 ? (x1 - x0) / w : 1;
            if (hscale < 0.5 || hscale > 2) hscale = 1;
            rc = show_run(b, t, font, bytes, t->bx + x0 * cos(a), t->by + x0 * sin(a), hscale, err);
            g_free(bytes);
        }
        start = end;
    }
    return rc;
}

static int haru_draw_text(void *vb, const scene_text *t, pn_err *err)
{
    haru_be *b = vb;
    if (!*t->utf8 || t->color.a <= 0) return 0;
    gsize len = 0;
    char *bytes = NULL;
    HPDF_Font font;
    double w1000;
    haru_tfont *tf = tfont_of(b, &t->font);
    if (tf) {
        /* A template's own font: its glyph outlines, unless it is the --ttf font. */
        int loaded = tfont_load(b, tf, err);
        if (loaded < 0) return -1;
        gunichar missing = 0;
        w1000 =
            loaded ? ttf_width(tf->font, tf->used ? tf->used : b->ttf_used, t->utf8, &missing) : -1;
        if (w1000 < 0) return outline_text(b, t, err);
        font = tf->font;
        bytes = g_strdup(t->utf8);
    } else if ((bytes = to_winansi(t->utf8, &len))) {
        font = base_font(b, &t->font);
        if (!font) {
            g_free(bytes);
            return haru_check(b, "to load a base-14 font", err);
        }
        w1000 = HPDF_Font_TextWidth(font, (const HPDF_BYTE *)bytes, (HPDF_UINT)len).width;
    } else if (b->ttf) {
        gunichar missing = 0;
        w1000 = ttf_width(b->ttf, b->ttf_used, t->utf8, &missing);
        if (w1000 < 0)
            return pn_err_set(err, PN_EINPUT, "text \"%s\": the font %s has no glyph for U+%04X",
                              t->utf8, b->ttf_path, (unsigned)missing);
        font = b->ttf;
        bytes = g_strdup(t->utf8);
    } else {
        return mixed_text(b, t, err);
    }
    /* Keep the anchor and the baseline; place the run with this font's width. */
    double wmm = w1000 * t->font.size / 1000.0 * PN_PT_TO_MM;
    double a = t->angle * G_PI / 180.0, ca = cos(a), sa = sin(a);
    double ox = t->bx - t->x, oy = t->by - t->y;
    double dy = -ox * sa + oy * ca;
    double dx = t->halign == TEXT_LEFT ? 0 : t->halign == TEXT_CENTER ? -wmm / 2 : -wmm;
    double bx = t->x + dx * ca - dy * sa, by = t->y + dx * sa + dy * ca;

    haru_state saved;
    bool scoped = text_begin(b, t, font, &saved);
    /* Clockwise on the page (y down) is clockwise on paper: a negative turn in PDF. */
    double k = b->k;
    HPDF_Page_SetTextMatrix(b->page, (HPDF_REAL)(ca * k), (HPDF_REAL)(-sa * k), (HPDF_REAL)(sa * k),
                            (HPDF_REAL)(ca * k), px(b, bx), py(b, by));
    HPDF_Page_ShowText(b->page, bytes);
    g_free(bytes);
    if (scoped) end_alpha(b, &saved);
    return haru_check(b, "to draw text", err);
}

/* The libharu image for im: a PNG as cairo decoded it, an SVG (or a JPEG,
 * GIF, ... read through gdk-pixbuf) rasterised at
 * SCENE_IMAGE_RASTER_DPI for the size it is drawn at; each loaded once. */
static HPDF_Image load_image(haru_be *b, const scene_image *im, pn_err *err)
{
    int wp = 0, hp = 0;
    char *key;
    if (im->kind == SCENE_IMAGE_PNG) {
        key = g_strdup(im->path);
    } else {
        double k = SCENE_IMAGE_RASTER_DPI / 25.4;
        double fw = fmax(1, im->w * k), fh = fmax(1, im->h * k);
        double over = sqrt(fw * fh / SCENE_IMAGE_MAX_PIXELS);
        if (over > 1) fw /= over, fh /= over;
        if (fw > SCENE_IMAGE_MAX_SIDE) fh *= SCENE_IMAGE_MAX_SIDE / fw, fw = SCENE_IMAGE_MAX_SIDE;
        if (fh > SCENE_IMAGE_MAX_SIDE) fw *= SCENE_IMAGE_MAX_SIDE / fh, fh = SCENE_IMAGE_MAX_SIDE;
        wp = (int)fmax(1, lround(fw));
        hp = (int)fmax(1, lround(fh));
        key = g_strdup_printf("%s@%dx%d", im->path, wp, hp);
    }
    HPDF_Image img = g_hash_table_lookup(b->images, key);
    if (img) {
        g_free(key);
        return img;
    }
    if (im->kind == SCENE_IMAGE_PNG) {
        /* Never the file itself: libharu's PNG reader aborts the process on
         * some damaged files; cairo decodes it (or refuses it) first. */
        wp = (int)im->iw;
        hp = (int)im->ih;
    }
    GByteArray *png = pn_imgcache_png(b->imgcache, im, wp, hp, err);
    if (!png) {
        g_free(key);
        return NULL;
    }
    img = HPDF_LoadPngImageFromMem(b->pdf, png->data, png->len);
    g_byte_array_unref(png);
    if (!img) {
        if (!haru_check(b, "to load an image", err))
            pn_err_set(err, PN_EIO, "%s: libharu could not load the image", im->path);
        g_free(key);
        return NULL;
    }
    /* libharu 2.3 deflates a PNG's colours but writes its alpha mask raw
     * (its issue #35): a 2778 x 709 rasterised SVG carried 1.9 MB of mask. */
    HPDF_Dict smask = HPDF_Dict_GetItem(img, "SMask", HPDF_OCLASS_DICT);
    if (smask) smask->filter = HPDF_STREAM_FILTER_FLATE_DECODE;
    g_hash_table_insert(b->images, key, img);
    return img;
}

static int haru_draw_image(void *vb, const scene_image *im, pn_err *err)
{
    haru_be *b = vb;
    HPDF_Image img = load_image(b, im, err);
    if (!img) return -1;
    end_text(b);
    haru_state saved = b->st;
    HPDF_Page_GSave(b->page);
    HPDF_Page_Rectangle(b->page, px(b, im->cx), py(b, im->cy + im->ch), plen(b, im->cw),
                        plen(b, im->ch));
    HPDF_Page_Clip(b->page);
    HPDF_Page_EndPath(b->page);
    HPDF_Page_DrawImage(b->page, img, px(b, im->x), py(b, im->y + im->h), plen(b, im->w),
                        plen(b, im->h));
    HPDF_Page_GRestore(b->page);
    b->st = saved;
    return haru_check(b, "to draw an image", err);
}

static void unclip(haru_be *b)
{
    if (!b->clipped) return;
    HPDF_Page_GRestore(b->page);
    b->st = b->unclipped;
    b->clipped = false;
}

static int haru_set_clip(void *vb, const scene_clip *c, pn_err *err)
{
    haru_be *b = vb;
    end_text(b);
    unclip(b);
    if (c->w > 0) {
        b->unclipped = b->st;
        b->clipped = true;
        HPDF_Page_GSave(b->page);
        HPDF_Page_Rectangle(b->page, px(b, c->x), py(b, c->y + c->h), plen(b, c->w), plen(b, c->h));
        HPDF_Page_Clip(b->page);
        HPDF_Page_EndPath(b->page);
    }
    return haru_check(b, "to clip", err);
}

/* A grid of cells as an inline image mask in the page's content stream (BI
 * ... ID ... EI): one bit a cell, painted in the colour, after its white
 * square drawn in the image's own units (the same text for every tag, which
 * deflates to a few bytes). The scan marks cost some 300 bytes so in a
 * deflated page, against 950 as rectangles. The bits are written in
 * hexadecimal (ASCIIHexDecode, which deflates back to nearly the bits'
 * size), so no byte of the image can look like its end to a reader. libharu
 * has no call for inline images: the text goes into the page's content
 * stream (HPDF_PageAttr, in libharu's installed headers) between two
 * operators, as the CMap of an embedded font does. The colours are set
 * inside q ... Q, so libharu's idea of the current colour stays right. */
/* A number for a content stream: at most four decimals, no trailing zeros,
 * a point whatever the locale. */
static void pdf_num(GString *t, double v)
{
    char buf[G_ASCII_DTOSTR_BUF_SIZE];
    g_ascii_formatd(buf, sizeof buf, "%.4f", fabs(v) < 5e-5 ? 0 : v);
    char *e = buf + strlen(buf);
    while (e > buf && e[-1] == '0')
        *--e = 0;
    if (e > buf && e[-1] == '.') *--e = 0;
    g_string_append(t, buf);
    g_string_append_c(t, ' ');
}

static int haru_draw_cells(void *vb, const scene_cells *c, pn_err *err)
{
    haru_be *b = vb;
    end_text(b);
    /* raw operators are only right between two drawing operations */
    if (HPDF_Page_GetGMode(b->page) != HPDF_GMODE_PAGE_DESCRIPTION)
        return pn_err_set(err, PN_EIO, "libharu is not ready to draw a printed code");
    double side = c->n * c->cell, q0 = -(double)c->quiet / c->n, q1 = 1 - 2 * q0;
    HPDF_REAL x0 = px(b, c->x), x1 = px(b, c->x + side), y0 = py(b, c->y + side), y1 = py(b, c->y);
    /* the grid's square as the unit square: q W 0 0 H X Y cm */
    char place[128];
    snprintf(place, sizeof place, "q %.0f 0 0 %.0f %.0f %.0f cm ", (double)(x1 - x0),
             (double)(y1 - y0), (double)x0, (double)y0);
    GString *t = g_string_sized_new(160 + (gsize)c->n * (c->n + 7) / 4);
    g_string_append(t, place);
    if (!c->bare) { /* on bare paper the square is the paper's own white */
        g_string_append(t, "1 g ");
        pdf_num(t, q0);
        pdf_num(t, q0);
        pdf_num(t, q1);
        pdf_num(t, q1);
        g_string_append(t, "re f ");
    }
    HPDF_Stream out = ((HPDF_PageAttr)b->page->attr)->stream;
    HPDF_STATUS st = HPDF_OK;
    haru_state saved;
    bool scoped = c->color.a > 0 && c->color.a < 1;
    if (scoped) { /* the white square stays opaque; the cells take the alpha */
        g_string_append(t, "Q\n");
        st = HPDF_Stream_WriteStr(out, t->str);
        g_string_assign(t, place);
        begin_alpha(b, c->color.a, 1, &saved);
    }
    if (c->color.a > 0) {
        pn_rgba k = c->color;
        if (k.r == k.g && k.g == k.b) {
            pdf_num(t, k.r);
            g_string_append(t, "g");
        } else {
            pdf_num(t, k.r);
            pdf_num(t, k.g);
            pdf_num(t, k.b);
            g_string_append(t, "rg");
        }
        g_string_append_printf(t, " BI /W %d /H %d /IM true /F /AHx ID ", c->n, c->n);
        for (int r = 0; r < c->n; r++) {
            /* a 0 bit paints (an image mask's default decoding); the row's
             * last byte is padded with 1s */
            for (int x = 0; x < c->n; x += 8) {
                unsigned byte = 0;
                for (int j = 0; j < 8; j++)
                    byte = byte << 1 | (x + j >= c->n || !c->dark[r * c->n + x + j]);
                g_string_append_printf(t, "%02X", byte);
            }
        }
        g_string_append(t, "> EI ");
    }
    g_string_append(t, "Q\n");
    if (st == HPDF_OK) st = HPDF_Stream_WriteStr(out, t->str);
    g_string_free(t, TRUE);
    if (scoped) end_alpha(b, &saved);
    if (st != HPDF_OK) return pn_err_set(err, PN_EIO, "libharu failed to draw a printed code");
    return haru_check(b, "to draw a printed code", err);
}

/* Crop marks outside the trim, black, each its own stroke. */
static void crop_marks(haru_be *b)
{
    double m[PN_BLEED_MARKS][4];
    pn_bleed_marks(b->tw, b->th, b->bleed, m);
    HPDF_Page_SetLineWidth(b->page, (HPDF_REAL)(PN_BLEED_MARK_WIDTH_PT * b->k));
    HPDF_Page_SetLineCap(b->page, HPDF_BUTT_END);
    HPDF_Page_SetRGBStroke(b->page, 0, 0, 0);
    for (int i = 0; i < PN_BLEED_MARKS; i++) {
        HPDF_Page_MoveTo(b->page, px(b, m[i][0]), py(b, m[i][1]));
        HPDF_Page_LineTo(b->page, px(b, m[i][2]), py(b, m[i][3]));
        HPDF_Page_Stroke(b->page);
    }
}

static int haru_end_page(void *vb, pn_err *err)
{
    haru_be *b = vb;
    end_text(b);
    unclip(b);
    if (b->bleed > 0 && b->crop_marks) crop_marks(b);
    b->page = NULL;
    return haru_check(b, "to finish a page", err);
}

/* A page showing the shared page again: only a page in the document. */
static int haru_repeat_page(void *vb, pn_err *err)
{
    haru_be *b = vb;
    if (b->shared < 0) return 1;
    pn_pdfpack_page(b->pack, b->shared);
    return 0;
}

static gint cmp_uint(gconstpointer a, gconstpointer c, gpointer unused)
{
    guint x = GPOINTER_TO_UINT(*(const gpointer *)a), y = GPOINTER_TO_UINT(*(const gpointer *)c);
    return x < y ? -1 : x > y;
}

/* libharu 2.3.0 writes its UTF-8 encoding CMap as the embedded font's ToUnicode,
 * which readers reject. The codes it writes are the characters' UTF-16 values,
 * so the right ToUnicode maps each used code to itself: rewrite the stream. */
static void fix_to_unicode(HPDF_Font font, GHashTable *used)
{
    if (!font || !used || !g_hash_table_size(used)) return;
    HPDF_Dict tu = HPDF_Dict_GetItem(font, "ToUnicode", HPDF_OCLASS_DICT);
    if (!tu || !tu->stream) return;
    static const char *const stale[] = {"Type", "CMapName", "CIDSystemInfo", "WMode"};
    for (size_t i = 0; i < G_N_ELEMENTS(stale); i++)
        HPDF_Dict_RemoveElement(tu, stale[i]);
    guint len = 0;
    gpointer *codes = g_hash_table_get_keys_as_array(used, &len);
    g_qsort_with_data(codes, (gint)len, sizeof *codes, cmp_uint, NULL);
    GString *m = g_string_new("/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
                              "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 "
                              ">> def\n/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
                              "1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n");
    for (guint i = 0; i < len; i += 100) {
        guint n = MIN(100, len - i);
        g_string_append_printf(m, "%u beginbfchar\n", n);
        for (guint k = i; k < i + n; k++) {
            guint c = GPOINTER_TO_UINT(codes[k]);
            g_string_append_printf(m, "<%04X> <%04X>\n", c, c);
        }
        g_string_append(m, "endbfchar\n");
    }
    g_string_append(m, "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n");
    HPDF_MemStream_FreeData(tu->stream);
    HPDF_Stream_WriteStr(tu->stream, m->str);
    g_string_free(m, TRUE);
    g_free(codes);
}

static void tfont_forget(gpointer p, gpointer unused)
{
    haru_tfont *t = p;
    t->font = NULL;
    if (t->used) g_hash_table_destroy(t->used);
    t->used = NULL;
}

/* Saves the libharu document drawn so far into the packer as one source and
 * frees it, with every handle into it (fonts, images, graphics states). */
static int haru_doc_save(haru_be *b, pn_err *err)
{
    int rc = 0;
    fix_to_unicode(b->ttf, b->ttf_used);
    for (guint i = 0; i < b->tfonts->len; i++) {
        haru_tfont *t = g_ptr_array_index(b->tfonts, i);
        fix_to_unicode(t->font, t->used);
    }
    if (HPDF_SaveToStream(b->pdf) != HPDF_OK) rc = haru_check(b, "to save", err);
    if (!rc) {
        HPDF_ResetStream(b->pdf);
        HPDF_BYTE buf[8192];
        for (;;) {
            HPDF_UINT32 n = sizeof buf;
            HPDF_STATUS st = HPDF_ReadFromStream(b->pdf, buf, &n);
            if (n > 0 && !pn_pdfpack_write(b->pack, buf, n)) {
                rc = pn_err_set(err, PN_EIO, "%s: write failed: %s", b->path,
                                strerror(pn_pdfpack_errno(b->pack)));
                break;
            }
            if (st == HPDF_STREAM_EOF) break;
            if (st != HPDF_OK) {
                rc = haru_check(b, "to read the saved document", err);
                if (!rc) rc = pn_err_set(err, PN_EIO, "%s: saving failed", b->path);
                break;
            }
        }
    }
    /* The drawn pages are in the packer's source now. */
    HPDF_Free(b->pdf);
    b->pdf = NULL;
    memset(b->base, 0, sizeof b->base);
    b->ttf = NULL;
    if (b->ttf_used) g_hash_table_remove_all(b->ttf_used);
    g_ptr_array_foreach(b->tfonts, tfont_forget, NULL);
    g_hash_table_remove_all(b->gstates);
    g_hash_table_remove_all(b->images);
    return rc;
}

static int haru_finish(void *vb, pn_err *err)
{
    haru_be *b = vb;
    int rc = 0;
    if (b->pages == 0) rc = pn_err_set(err, PN_EIO, "%s: no pages to write", b->path);
    if (!rc) rc = haru_doc_save(b, err);
    if (rc)
        pn_pdfpack_discard(b->pack);
    else
        rc = pn_pdfpack_finish(b->pack, err);
    haru_free(b);
    return rc;
}

static void haru_discard(void *vb)
{
    haru_be *b = vb;
    pn_pdfpack_discard(b->pack);
    haru_free(b);
}

const pn_backend pn_backend_haru = {
    .id = "haru",
    .help = "compact PDF through libharu with the PDF base-14 fonts; --bleed for print shops",
    .bleed = true,
    .ttf = true,
    .max_pages = HARU_MAX_PAGES,
    .supports = haru_supports,
    .open = haru_open,
    .begin_page = haru_begin_page,
    .set_clip = haru_set_clip,
    .draw_path = haru_draw_path,
    .draw_text = haru_draw_text,
    .end_page = haru_end_page,
    .draw_image = haru_draw_image,
    .draw_cells = haru_draw_cells,
    .begin_shared = haru_begin_shared,
    .repeat_page = haru_repeat_page,
    .finish = haru_finish,
    .discard = haru_discard,
};

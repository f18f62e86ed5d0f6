/* backend.h: the drawing interface every output backend implements. A backend
 * draws primitives (paths and measured text runs, in mm) page by page; it knows
 * nothing of templates, components or games. Backends are const tables of
 * function pointers registered in backend.c and found by id.
 *
 * Life cycle: open -> (begin_page -> draw_path/draw_text... -> end_page)* ->
 * finish (output committed) or discard (nothing left behind). finish and discard
 * free the instance.
 *
 * Identical pages: a backend that can store a page's content once and show it
 * on several pages (a PDF form XObject) offers begin_shared and repeat_page. A
 * page begun with begin_shared is drawn like any other and kept; each
 * repeat_page then adds one more page with that content. */
#ifndef PN_BACKEND_H
#define PN_BACKEND_H

#include <signal.h>
#include <pango/pango.h>
#include <stdbool.h>
#include "scene/scene.h"
#include "util/err.h"

#define PN_BACKEND_PNG_DPI 150 /* a PNG's resolution when none is given */

typedef struct pn_backend_opts {
    const char *path;    /* output path, "-" for standard output */
    const char *format;  /* "pdf", "svg" or "png" */
    double dpi;          /* PNG resolution; 0: PN_BACKEND_PNG_DPI */
    const char *title;   /* document title (PDF metadata) */
    long long epoch;     /* creation date written into PDFs (seconds since 1970) */
    double bleed;        /* mm of bleed around the trim box (backends that support it) */
    bool crop_marks;     /* with a bleed: crop marks in it at the trim's corners */
    const char *ttf;     /* a TrueType font file to embed (haru) or NULL */
    PangoFontMap *fonts; /* the font map text was measured with (cairo; borrowed) */
    /* The template's font files (pn_font_file*, util/fonts.h; borrowed; may be
     * NULL): haru embeds the TrueType ones for text in their families. */
    const GPtrArray *font_files;
    int pages; /* pages the document will have (names the files of SVG and PNG pages) */
    unsigned outfile_flags; /* PN_OUTFILE_* flags for pn_outfile_open_flags */
    /* Not NULL: the output goes to memory, not to path (which then only names
     * it): each file the backend would write is appended to mem as a GBytes
     * (pn_outfile_open_mem), one per SVG or PNG page, in page order. */
    GPtrArray *mem;
} pn_backend_opts;

typedef struct pn_backend {
    const char *id;
    const char *help;
    bool bleed;    /* honours pn_backend_opts.bleed (page boxes, crop marks) */
    bool ttf;      /* honours pn_backend_opts.ttf */
    int max_pages; /* pages one document can hold; 0: no limit of its own */
    /* true when the backend writes this format. */
    bool (*supports)(const char *format);
    void *(*open)(const pn_backend_opts *opts, pn_err *err);
    int (*begin_page)(void *b, double w_mm, double h_mm, pn_err *err);
    int (*draw_path)(void *b, const scene_path *p, const scene_seg *segs, pn_err *err);
    int (*draw_text)(void *b, const scene_text *t, pn_err *err);
    /* Optional (NULL: slots are not drawn): a named place a player writes in. */
    int (*draw_slot)(void *b, const scene_slot *s, pn_err *err);
    /* An image file placed on the page (scene_image). Every backend draws
     * images: decoding each file once per document and embedding it once. */
    int (*draw_image)(void *b, const scene_image *im, pn_err *err);
    /* Clips what follows to a box (scene_clip; w <= 0: no clip). Every
     * backend clips, so that cards never reach past their bleed. */
    int (*set_clip)(void *b, const scene_clip *c, pn_err *err);
    /* Optional (NULL: the dark cells come as filled rectangles through
     * draw_path): a grid of cells (scene_cells), such as a QR code. */
    int (*draw_cells)(void *b, const scene_cells *c, pn_err *err);
    int (*end_page)(void *b, pn_err *err);
    /* Optional, both or neither (NULL: every page is drawn in full). begin_shared
     * is begin_page for a page to be kept. repeat_page returns 0 when it added a
     * page, 1 when the backend kept nothing for this output (the driver then
     * draws the page in full), -1 with err on failure. */
    int (*begin_shared)(void *b, double w_mm, double h_mm, pn_err *err);
    int (*repeat_page)(void *b, pn_err *err);
    int (*finish)(void *b, pn_err *err);
    void (*discard)(void *b);
} pn_backend;

/* Makes cancel (NULL: none) what this thread's drawing of pages reads
 * between items: once it is non-zero, pn_backend_draw_page and
 * pn_backend_draw_shared stop within a few items and fail with PN_EIO.
 * Returns the one it replaces, to be given back. */
const volatile sig_atomic_t *pn_backend_cancel_use(const volatile sig_atomic_t *cancel);

/* NULL-terminated list of the backends, and lookup by id (NULL if unknown). */
extern const pn_backend *const pn_backends[];
const pn_backend *pn_backend_find(const char *id);

/* Draws one page: begin_page, every path and text in order, end_page. */
int pn_backend_draw_page(const pn_backend *be, void *b, const scene *s, pn_err *err);
/* The same with begin_shared (begin_page when the backend has none). */
int pn_backend_draw_shared(const pn_backend *be, void *b, const scene *s, pn_err *err);

#endif

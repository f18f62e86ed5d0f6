/* render.h: the page driver. Lays a template's components out page by page into
 * scenes and streams each scene to a backend, so memory stays flat however many
 * pages are made. */
#ifndef PN_RENDER_H
#define PN_RENDER_H

#include <signal.h>
#include <stdbool.h>
#include "scene/scene.h"
#include "template/tmpl.h"

#define RENDER_MAX_PAGES 10000 /* sheets in one document (--pages) */
#define RENDER_MIN_DPI 10
#define RENDER_MAX_DPI 1200
/* Items (paths, text runs, slots) in a whole document: each page is bounded by
 * scene.h's limits, and this bounds the run time of a long pad of heavy pages.
 * A page the backend repeats from a shared page counts a quarter of its items
 * (render.c), so a long pad of one light sheet fits. */
#define RENDER_MAX_DOC_ITEMS 2000000
/* Path segments in one document: a page at the segment limit takes some 4 s
 * and 5 MB of PDF, and 7000 of them (a 154 KB template) would have run for
 * hours into 37 GB. The built-in sheets draw at most some 2100 a page, so
 * 10 000 pages of any of them fit. */
#define RENDER_MAX_DOC_SEGS 25000000
/* Pixels of all the pages of a PNG document: some twenty minutes of drawing
 * and encoding. 10 000 A4 pages at the default resolution fit (22 000
 * million); 1000 at 1200 dpi (139 000 million, some two hours) do not. */
#define RENDER_MAX_DOC_PIXELS 25e9
/* Text a document sets (scene_shaped: each page's text runs and block
 * layouts, bytes times the weight of the template's own fonts): about a
 * minute of shaping and drawing. A 40 KB CSV of ten rows counted up to
 * 10 000 cards of 64 texts of 4 KB each (2.6 GB of text) ran for over
 * 45 minutes in DejaVu Sans. 10 000 cards of 6 KB of text fit; with an own
 * font of weight 48 (Comic Neue's), some 1.4 million characters. */
#define RENDER_MAX_DOC_SHAPED ((size_t)64 << 20)

/* Called for every page after layout, e.g. to fill slots with a scorer's values. */
typedef int (*render_page_hook)(void *user, int page, scene *s, pn_err *err);
/* Called before a sheet is laid out, with its index: it may change the
 * template's parameters for that sheet (tmpl_set, then tmpl_resolve), e.g. a
 * scorer drawing a different board on every page. */
typedef int (*render_prepare_hook)(void *user, tmpl *t, int page, pn_err *err);
/* Called after every page is written (progress reporting). */
typedef void (*render_progress)(void *user, int done, int total);

typedef struct render_opts {
    scene_measurer *measure; /* measures text; its font map draws it (borrowed; required) */
    const char *output;      /* path or "-" */
    /* Not NULL: render into memory instead of output (which then only names
     * the result in messages): one GBytes per file that would be written (one
     * per page of SVG or PNG) is appended, in page order (pn_backend_opts.mem). */
    GPtrArray *mem;
    const char *format;  /* pdf | svg | png */
    const char *backend; /* cairo (default) | haru */
    const char *paper;   /* NULL: the template's */
    int landscape;       /* -1: the template's, 0 portrait, 1 landscape */
    double dpi;
    unsigned long seed;
    int pages;        /* sheets; 0: as many as the template needs (render_sheet_count),
                       * rounded up to fill the last paper when nup > 1 */
    int nup;          /* 1, 2 or 4 sheets per paper */
    bool fill;        /* nup > 1 and pages given: round pages up to fill the last paper */
    bool actual_size; /* nup > 1: sheets at their own size, not scaled to fit */
    bool mono;
    double bleed; /* mm */
    const char *ttf;
    bool force; /* replace outputs that are read-only files */
    long long epoch;
    render_prepare_hook prepare; /* may be NULL; gets hook_user */
    render_page_hook hook;
    void *hook_user;
    render_progress progress;
    void *progress_user;
    /* Cards (--grid, render/cards.h): cards imposed at their own size. */
    int grid_cols, grid_rows; /* 0: no card grid */
    double card_w, card_h;    /* a sheet's size, mm; 0: the template's paper */
    double gutter;            /* mm between cards; < 0: twice the bleed */
    bool card_single;         /* one card a page: trim + bleed, with its back next */
    bool duplex_short;        /* backs for turning the paper on its short edge */
    tmpl *backs;              /* resolved template of the cards' backs, or NULL; borrowed */
    /* Printer correction, on every paper: sizes times scale about the
     * paper's centre (0: none), then moved by the offset (mm). */
    double scale, offset_x, offset_y;
    /* When set, every sheet laid out gets lint's cheap checks (scene/lint.h:
     * bounds, small text, thin lines); findings go here. */
    void (*warn)(void *user, int line, int col, const char *kind, const char *msg);
    void *warn_user;
    int *warn_sheet;        /* set to each sheet's number (1-based) before its checks */
    const char **warn_file; /* set to the file of the sheet's template before its checks */
    /* When set, read after every page: non-zero stops the render (an error,
     * nothing left at output), e.g. set by a front end's signal handler. */
    const volatile sig_atomic_t *cancel;
    /* Leaves the scan marks (render/marks.h) off the sheets of a template
     * that asks for them (`scan: true`). */
    bool no_scan_marks;
    /* Lays out a sheet that was printed before (comp_ctx.printed): the
     * bounds that keep new sheets' spaces large enough to write in are not
     * enforced, so a sheet printed before them can still be read. */
    bool printed;
} render_opts;

/* After page `done` of `total`: reports progress, then fails with err when
 * o->cancel asks to stop. 0 or -1. */
int render_page_done(const render_opts *o, int done, int total, pn_err *err);

/* Renders t (resolved) to o->output. Nothing is left behind on failure. */
int render_template(tmpl *t, const render_opts *o, pn_err *err);

/* The font files of t and of o->backs (pn_font_file*, borrowed from them;
 * caller frees the array). */
GPtrArray *render_font_files(const tmpl *t, const render_opts *o);

/* o itself, or a copy in *tmp whose measurer also has the font files of t and
 * o->backs (scene_measurer_with_fonts). NULL + err when they cannot be read. */
const render_opts *render_with_fonts(const tmpl *t, const render_opts *o, render_opts *tmp,
                                     pn_err *err);

/* Lays out one sheet (page index `page`) of t into a new scene. Caller frees. */
scene *render_sheet(tmpl *t, const render_opts *o, int page, pn_err *err);

/* How many sheets the template needs to show all it holds (1 for most; the
 * Cirplexed tile sheet needs enough for the whole set), or -1 with err. */
int render_sheet_count(tmpl *t, const render_opts *o, pn_err *err);

/* How many sheets the document holds: pages when given (rounded up to a
 * whole number of papers with fill), else render_sheet_count rounded up so
 * that every paper of an n-up document is full; -1 with err. */
int render_page_total(tmpl *t, const render_opts *o, pn_err *err);

/* The sheet size for the options (paper and orientation), mm. */
int render_sheet_size(const tmpl *t, const render_opts *o, double *w, double *h, pn_err *err);

/* What a document has drawn so far, against RENDER_MAX_DOC_ITEMS,
 * RENDER_MAX_DOC_SEGS and RENDER_MAX_DOC_SHAPED. */
typedef struct render_budget {
    size_t items, segs, shaped;
} render_budget;

/* Adds page s to the budget (a quarter of it when the backend repeats it
 * from shared content: cairo examines the shared page again each time it
 * shows it, libharu only lists it): 0, or -1 with err past a limit; what
 * names what to render fewer of ("pages", "cards"). */
int render_budget_add(render_budget *bu, const scene *s, bool repeated, const char *what,
                      pn_err *err);

#endif

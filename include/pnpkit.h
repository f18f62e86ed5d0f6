/* pnpkit.h: the public interface of libpnpkit, the engine behind the pnpkit
 * command: templates listed with their parameters, rendering to a file or to
 * memory, and scoring filled-in sheets. Link with `pkg-config --libs pnpkit`.
 *
 * Threads. A pnpkit_ctx owns everything that changes while the library works:
 * its pango font map over pnpkit's private fontconfig set-up, the text
 * measurer and its cache. A context is used by ONE thread at a time; to render
 * on several threads at once, make one context per thread (a context costs a
 * few milliseconds and a few megabytes to make). Everything else the library
 * keeps is immutable after a thread-safe one-time initialisation (the embedded
 * templates and data tables), so contexts on different threads never share
 * mutable state (but for the counter below). Results (pnpkit_buffer, the
 * lists, strings and string lists) belong to the caller and may be handed to
 * any thread. A pnpkit_doc draws with the context it was opened with, so it
 * follows that context's rule: one thread at a time, the context's. Contexts
 * made one after another share no cairo font either (cairo would otherwise
 * lock one scaled font for every thread drawing it): each context's fonts take
 * one of cairo's five subpixel orders in turn, which grey antialiasing
 * ignores, so five contexts at a time never meet; that round-robin counter is
 * the one process-wide value the library changes, and it changes no result.
 * One process-wide cost is left to the program: glibc's localeconv() writes a
 * single static struct, and cairo calls it for every number it writes, so two
 * threads drawing PDF or SVG bounce that memory between their cores. pnpkit's
 * own front ends define a thread-local localeconv (src/cli/lconv.c in the
 * sources); a program rendering on several threads may do the same.
 *
 * The library never prints, never forks, never installs signal handlers and
 * never changes process settings (it does not set fontconfig's current
 * configuration, the locale, the umask or the environment). Errors come back
 * as a pnpkit_error in the library's own words; a front end maps them to its
 * own (option names, exit statuses, HTTP codes). An error about one entry
 * of an options struct's `set` list has a message that starts "setting
 * ENTRY: " (the entry as given, "name=value"), so a front end can point at
 * it.
 *
 * Ownership: every pointer the library returns is freed by the caller with the
 * matching pnpkit_*_free function; every pointer the caller passes in is only
 * borrowed for the call (a pnpkit_doc borrows its options until it is freed).
 *
 * Versions. PNPKIT_API_VERSION counts additions; the options structs grow at
 * their end, so fill one with its _init function before setting fields, and
 * build against the header of the library you link (the shared library's
 * version 0 makes no binary promise across API versions yet). */
#ifndef PNPKIT_H
#define PNPKIT_H

#include <signal.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PNPKIT_API_VERSION 10

/* What went wrong, as a front end decides what to do about it. */
typedef enum pnpkit_code {
    PNPKIT_OK = 0,
    PNPKIT_EINPUT = 1, /* the input is invalid: template, sheet, parameter, option value */
    PNPKIT_EUSAGE = 2, /* the call asked for something impossible (e.g. two pages in one SVG) */
    PNPKIT_EIO = 3,    /* reading, writing or rendering failed; fonts missing */
} pnpkit_code;

/* An error: where (file, 1-based line and column; 0 and "" when not known)
 * and what. message never holds the place and is one line. */
typedef struct pnpkit_error {
    pnpkit_code code;
    char file[512];
    int line, col;
    char message[1024];
} pnpkit_error;

/* "file:line:col: message" (the form the pnpkit command prints) into buf. */
void pnpkit_error_format(const pnpkit_error *e, char *buf, size_t size);

/* ---- the context ---- */

typedef struct pnpkit_ctx pnpkit_ctx;

/* A new context; NULL with *err when the fonts pnpkit draws with are missing.
 * err may be NULL. */
pnpkit_ctx *pnpkit_ctx_new(pnpkit_error *err);
void pnpkit_ctx_free(pnpkit_ctx *ctx);

/* The library's version ("0.1.0"). */
const char *pnpkit_version(void);

/* Removes the hidden temporary files of every output still being written,
 * in any thread and context (API version 3). Async-signal-safe (it only
 * calls unlink): for a program's handler of a signal that ends the process,
 * so that a render cut short leaves nothing behind. The outputs stay open
 * and can no longer be completed; the program is expected to end. */
void pnpkit_remove_pending_outputs(void);

/* A block of bytes the library made. Caller frees with pnpkit_buffer_free. */
typedef struct pnpkit_buffer {
    unsigned char *data;
    size_t len;
} pnpkit_buffer;
void pnpkit_buffer_free(pnpkit_buffer *b);

/* Writes len bytes to path as every output of the library is written: into a
 * temporary file beside it, renamed over it only when complete, so a failure
 * leaves no partial file and the old one intact; a path that is not a regular
 * file (a terminal, a pipe, /dev/null) is written directly, "-" is standard
 * output. A read-only file is refused unless force is non-zero. 0, or -1 with
 * err (PNPKIT_EIO). (API version 6.) */
int pnpkit_write_file(const char *path, const void *data, size_t len, int force, pnpkit_error *err);

/* ---- templates ---- */

typedef struct pnpkit_param {
    const char *name;
    const char *type;   /* "int", "number", "length", "bool", "string", "enum", "color", ... */
    const char *def;    /* the default as written, or NULL when the parameter is required */
    const char *bounds; /* a readable summary of the type and bounds, e.g. "int 3..6" */
    const char *help;   /* or NULL */
    /* API version 5: the bounds as numbers, for a form. has_range: min and
     * max hold the least and greatest value (of a number; of a length in mm;
     * of a string or list, its length), 0 for enum, bool and colour; step:
     * an int must be min plus a multiple of it (0: any); choices: an enum's
     * values, NULL-terminated, or NULL. */
    int has_range;
    double min, max;
    double step;
    const char *const *choices;
} pnpkit_param;

typedef struct pnpkit_template {
    const char *name;   /* what pnpkit_render takes */
    const char *origin; /* "built-in", "user" or "installed" */
    const char *title;
    const char *description;
    const char *game; /* the game it belongs to, or "" */
    size_t n_params;
    const pnpkit_param *params;
    /* API version 2: */
    const char *path;  /* its file; "templates/NAME.yaml" for a built-in one */
    const char *hides; /* a user template hides this origin's one ("built-in", ...), or NULL */
    /* pnpkit_templates_all only: why the template could not be read (title,
     * description and game are then "" and there are no params), or NULL. */
    const pnpkit_error *error;
    /* API version 5: its sheets differ by seed; its paper ("a4", "WxHmm")
     * and orientation. */
    int seeded;
    const char *paper;
    int landscape;
} pnpkit_template;

typedef struct pnpkit_template_list {
    size_t n;
    const pnpkit_template *items;
} pnpkit_template_list;

/* Every template a name can reach (user, built-in, installed), with its
 * parameters. NULL with err when one cannot be read. Caller frees. */
pnpkit_template_list *pnpkit_templates(pnpkit_ctx *ctx, pnpkit_error *err);
/* The same, but a template that cannot be read is listed with its error
 * (pnpkit_template.error) instead of failing the list (API version 2). */
pnpkit_template_list *pnpkit_templates_all(pnpkit_ctx *ctx);
void pnpkit_template_list_free(pnpkit_template_list *list);

/* API version 5. The names pnpkit_templates lists, without reading the
 * templates (cheap: for checking that a name from a user is one of them
 * rather than a path). NULL-terminated, sorted; free with pnpkit_strv_free. */
char **pnpkit_template_names(pnpkit_ctx *ctx);
/* The text of the template a listed name reaches (never a path: any other
 * name is PNPKIT_EINPUT), NUL-terminated. NULL with err. */
pnpkit_buffer *pnpkit_template_source(pnpkit_ctx *ctx, const char *name, pnpkit_error *err);
/* Checks text (len bytes) as a template, then writes it into the user's
 * template directory as NAME.yaml (replacing an earlier one; nothing is
 * left half-written), where the template list finds it. name is letters,
 * digits, '-' and '_', starting with a letter or digit, at most 64 bytes,
 * and not a built-in template's (a user template would hide it): otherwise
 * PNPKIT_EUSAGE. A template that cannot be read is PNPKIT_EINPUT, placed in
 * the text (named "template.yaml"). 0, or -1 with err. */
int pnpkit_template_save(pnpkit_ctx *ctx, const char *name, const char *text, size_t len,
                         pnpkit_error *err);

/* ---- components (API version 2) ---- */

/* A component a template can place, and its properties (described as
 * template parameters are: def NULL means the property is required). */
typedef struct pnpkit_component {
    const char *name;
    const char *help;
    size_t n_props;
    const pnpkit_param *props;
} pnpkit_component;

typedef struct pnpkit_component_list {
    size_t n;
    const pnpkit_component *items;
} pnpkit_component_list;

/* Every component, in the order the library keeps them. Caller frees. */
pnpkit_component_list *pnpkit_components(void);
void pnpkit_component_list_free(pnpkit_component_list *list);

/* ---- rendering ---- */

struct pnpkit_finding;

typedef struct pnpkit_render_opts {
    const char *format;  /* "pdf" (default), "svg", "png" or "scene" (the display list as text) */
    const char *backend; /* NULL or "cairo"; "haru" makes compact PDFs */
    const char *paper;   /* NULL: the template's; "a4", "letter", "WxHmm", ... */
    int landscape;       /* -1: the template's orientation; 0 portrait; 1 landscape */
    double dpi;          /* PNG resolution, 10..1200 */
    unsigned long seed;  /* boards that differ by seed */
    int pages;           /* sheets; 0: as many as the template needs */
    int nup;             /* 1, 2 or 4 sheets per paper */
    int mono;            /* non-zero: shades of grey only */
    double bleed;        /* mm of bleed, 0..10: the page (or each card) grows by it */
    const char *ttf;     /* a TrueType font to embed (haru backend) or NULL */
    long long epoch;     /* creation date written into PDFs, seconds since 1970 */
    const char *const *set; /* NULL or a NULL-terminated list of "name=value" */
    /* When set, the template is read from this text (template_len bytes) and
     * the name given to pnpkit_render_* only names it in messages. */
    const char *template_text;
    size_t template_len;
    /* API version 3 (pnpkit_finding is declared with lint, below): */
    /* Called after every page (paper) is written: done of total, total the
     * same on every call, done counting 1..total. NULL: not called. */
    void (*progress)(void *user, int done, int total);
    void *progress_user;
    /* Called for every thing that will print badly, found by lint's cheap
     * checks (bounds, small text, thin lines) as each sheet is laid out
     * (finding borrowed for the call). NULL: the checks are not run. */
    void (*warn)(void *user, const struct pnpkit_finding *finding);
    void *warn_user;
    /* When set, read after every page: once non-zero the render stops and
     * fails with PNPKIT_EIO, and nothing is left at the output. A front end's
     * signal handler may set it (the library touches no signal). */
    const volatile sig_atomic_t *cancel;
    /* API version 4: */
    /* A CSV file (a header row naming the columns) merged into the template
     * in place of its own data: one sheet per row, the columns used like
     * parameters. NULL: none. A template given as text reads no files. */
    const char *data;
    /* With nup 2 or 4 and pages given: more sheets, to fill the last paper. */
    int fill;
    /* Non-zero: an output file its owner made read-only is replaced; else it
     * is refused (PNPKIT_EIO) before anything is drawn. */
    int force;
    /* Cards: grid_cols across and grid_rows down each paper (1 to
     * PNPKIT_GRID_MAX; 0: no grid), each sheet at its own size, centred, with
     * cut marks; the paper is then a4 unless paper says otherwise. card_w and
     * card_h give the sheet's size in mm (0: the template's paper), gutter the
     * space between cards (PNPKIT_GUTTER_AUTO, the default: twice the bleed;
     * 0 with a bleed: neighbours share their cut lines; else at least twice
     * the bleed). With a bleed each card is drawn into its trim plus the
     * bleed and clipped there. backs names a template whose sheets are printed on
     * a paper after each paper of cards, mirrored for printing both sides
     * (it takes the values of `set` it has parameters for). */
    int grid_cols, grid_rows;
    double card_w, card_h;
    double gutter;
    const char *backs;
    /* Printer correction, on every paper: everything scaled by `scale` about
     * the paper's centre (0 or 1: not scaled), then moved offset_x right and
     * offset_y down (mm). */
    double offset_x, offset_y;
    double scale;
    /* API version 6: */
    /* Cards: PNPKIT_CARDS_SHEETS (0) imposes them on papers (grid_cols x
     * grid_rows); PNPKIT_CARDS_SINGLE puts each card on a page of its own
     * (no grid needed), the page the card's trim plus the bleed, with TrimBox
     * and BleedBox and no marks, its back (with backs) on the next page: what
     * print shops ask for. */
    int card_layout;
    /* Backs on papers: placed for turning the paper over on its long edge
     * (PNPKIT_DUPLEX_LONG, 0) or its short edge (PNPKIT_DUPLEX_SHORT). */
    int duplex;
    /* With nup 2 or 4: non-zero keeps every sheet at its template's own size
     * (100%) instead of scaling it to fill its part of the paper; a sheet
     * that does not fit its part at that size is an error. */
    int actual_size;
    /* Non-zero leaves off the scan marks (four corner tags and
     * a QR code naming the sheet, which pnpkit_scan reads) that the sheets
     * of a template with `scan: true` carry. */
    int no_scan_marks;
} pnpkit_render_opts;

#define PNPKIT_GUTTER_AUTO (-1.0)
#define PNPKIT_CARDS_SHEETS 0
#define PNPKIT_CARDS_SINGLE 1
#define PNPKIT_DUPLEX_LONG 0
#define PNPKIT_DUPLEX_SHORT 1

/* Bounds of the render options (API version 4). */
#define PNPKIT_PAGES_MAX 10000      /* sheets in one document */
#define PNPKIT_SEED_MAX 2147483647L /* seeds run from 0 to this */
#define PNPKIT_BLEED_MAX_MM 10.0
#define PNPKIT_GRID_MAX 10 /* cards across or down */
#define PNPKIT_CARD_MIN_MM 20.0
#define PNPKIT_CARD_MAX_MM 300.0
#define PNPKIT_GUTTER_MAX_MM 20.0
#define PNPKIT_OFFSET_MAX_MM 20.0 /* each way */
#define PNPKIT_SCALE_MIN 0.8
#define PNPKIT_SCALE_MAX 1.2
/* pnpkit_render_opts.seed when no seed is asked for: a template with a
 * `seed` parameter keeps its own value, any other starts from 1. Any other
 * seed (0 to PNPKIT_SEED_MAX) sets that parameter too; naming a different
 * seed in `set` is then PNPKIT_EUSAGE. */
#define PNPKIT_SEED_TEMPLATE ((unsigned long)-1)

/* Fills o with the defaults: PDF, the template's paper and orientation, 150 dpi,
 * the template's seed (PNPKIT_SEED_TEMPLATE; it was 1 before API version 4),
 * as many pages as needed, 1-up, colour, no bleed, epoch 2000-01-01, no
 * cards (gutter PNPKIT_GUTTER_AUTO). */
void pnpkit_render_opts_init(pnpkit_render_opts *o);

/* Renders the template (a built-in or installed name, or a path) to path.
 * Nothing is left at path on failure. 0, or -1 with err. */
int pnpkit_render_file(pnpkit_ctx *ctx, const char *template_name, const pnpkit_render_opts *o,
                       const char *path, pnpkit_error *err);

/* The same into memory: the bytes pnpkit_render_file would write, made in
 * memory (no file, not even a temporary one, is written). SVG, PNG and scene
 * output hold one page: asking for more is PNPKIT_EUSAGE (render a PDF, or
 * one page at a time with pages = 1 and a seed per page). NULL with err on
 * failure. */
pnpkit_buffer *pnpkit_render_mem(pnpkit_ctx *ctx, const char *template_name,
                                 const pnpkit_render_opts *o, pnpkit_error *err);

/* ---- a document prepared, then written (API version 4) ---- */

/* What pnpkit_render_file does in steps, for a front end that wants to know
 * the document before it is drawn (its name, its pages and so its files),
 * and to write it to a file or into memory. */
typedef struct pnpkit_doc pnpkit_doc;

typedef struct pnpkit_doc_info {
    const char *name;   /* the template's name: what an output is called by default */
    const char *file;   /* its file as findings and errors name it ("built-in template NAME") */
    const char *origin; /* "built-in", "user", "installed", "file" or "text" */
    const char *format; /* "pdf", "svg", "png" or "scene" */
    int has_seed;       /* `seeded: true` or a seed parameter: its sheets differ by seed */
    int papers;         /* pages of the document: papers after n-up or cards, with backs */
    int files;          /* files a write makes: papers for SVG and PNG (one page each), else 1 */
} pnpkit_doc_info;

/* Opens the template, sets its parameters and counts the document's pages,
 * checking every option; nothing is drawn. o and everything it points to
 * must stay valid until the document is freed; its hooks (progress, warn,
 * cancel) are read when the document is written, so they may be set or
 * cleared in between (e.g. no lint warnings for a built-in template).
 * o NULL: the defaults of pnpkit_render_opts_init. NULL with err. */
pnpkit_doc *pnpkit_doc_open(pnpkit_ctx *ctx, const char *template_name, const pnpkit_render_opts *o,
                            pnpkit_error *err);
/* Borrowed: lives as long as the document. */
const pnpkit_doc_info *pnpkit_doc_get_info(const pnpkit_doc *doc);
/* The path of the k-th file (1 to info->files) a write to path makes: path
 * itself for one file, else NAME-k.EXT with k zero-padded so the files sort
 * (x-01.svg ... x-12.svg). Free with pnpkit_free. */
char *pnpkit_doc_file_path(const pnpkit_doc *doc, const char *path, int k);
/* Page files beside path (NAME-k.EXT, and path itself for several files)
 * that a write of this document to path does not make: left by an earlier
 * render with more pages, they would pass for part of this one. A
 * NULL-terminated list, sorted (*n set to its length when n is not NULL);
 * free with pnpkit_strv_free. */
char **pnpkit_doc_stale_files(const pnpkit_doc *doc, const char *path, size_t *n);
/* Draws the document into path (SVG and PNG: one file a page, see
 * pnpkit_doc_file_path), every file appearing only when all are complete;
 * a read-only file is refused before anything is drawn unless o->force.
 * A document is written once. 0, or -1 with err (nothing left behind). */
int pnpkit_doc_write(pnpkit_doc *doc, const char *path, pnpkit_error *err);
/* The same into memory: the bytes of the one file (files must be 1).
 * NULL with err. */
pnpkit_buffer *pnpkit_doc_write_mem(pnpkit_doc *doc, pnpkit_error *err);
/* API version 7. The bytes of the k-th file (1 to info->files) a write
 * makes: one page of an SVG or PNG document, the same bytes as the file
 * pnpkit_doc_file_path names (k 1 for a PDF). The whole document is
 * drawn (a page may depend on those before it); the others are dropped.
 * The document is then written (a k out of range leaves it unwritten).
 * NULL with err (PNPKIT_EUSAGE for k out of range). */
pnpkit_buffer *pnpkit_doc_write_page_mem(pnpkit_doc *doc, int k, pnpkit_error *err);
void pnpkit_doc_free(pnpkit_doc *doc);

/* The slots of one sheet (API version 5): the places a player writes in,
 * as the template lays them out for this document's options (paper, seed,
 * parameters), in mm from the top left corner of the sheet (the paper, margins included). */
typedef struct pnpkit_slot {
    const char *id; /* what a filled-in sheet calls it ("r3c4", ...) */
    double x, y, w, h;
    int round; /* a circle in the w by h box, else a box */
} pnpkit_slot;

typedef struct pnpkit_slot_list {
    double width, height; /* the sheet, mm */
    size_t n;
    const pnpkit_slot *items; /* in drawing order */
} pnpkit_slot_list;

/* Lays out sheet `sheet` (1 to the sheets the document has before n-up or
 * cards) and lists its slots; the document can still be written after.
 * Caller frees. NULL with err. */
pnpkit_slot_list *pnpkit_doc_slots(pnpkit_doc *doc, int sheet, pnpkit_error *err);
void pnpkit_slot_list_free(pnpkit_slot_list *list);

/* Strings and lists of them the library returns (API version 4). */
void pnpkit_free(void *p);
void pnpkit_strv_free(char **v);

/* A paper as the paper option takes it ("a4", "letter", "WxH" with units:
 * "200x150mm"): its width and height in mm. 0, or -1 with err. */
int pnpkit_paper_size(const char *paper, double *w_mm, double *h_mm, pnpkit_error *err);
/* A length with its unit ("3mm", "0.5in", "1cm", "12pt"): 1 and *mm, or 0
 * when text is not one. */
int pnpkit_length_mm(const char *text, double *mm);

/* ---- scoring ---- */

typedef struct pnpkit_score_opts {
    const char *file; /* names the sheet in messages (default "sheet.yaml") */
    /* When completed is not NULL, the completed sheet (every sheet of the text
     * drawn filled in) is rendered into it in this format: "pdf" (default),
     * "svg" or "png" (one sheet only), at dpi (PNG; 0: 150). */
    const char *format;
    double dpi;
    pnpkit_buffer **completed;
    /* API version 2: non-zero gives the readable tables `pnpkit score`
     * prints (a blank line between sheets) instead of JSON lines. */
    int table;
    /* API version 5: the template the sheets are checked against and the
     * completed sheets drawn on: NULL (the game's own), a listed name or a
     * path; or its text (template_len bytes; template_name then only names
     * it in messages, "template.yaml" when NULL). It must be the game's. */
    const char *template_name;
    const char *template_text;
    size_t template_len;
    const char *const *set; /* NULL or a NULL-terminated list of "name=value" */
    long long epoch;        /* creation date of a completed PDF; 0: 2000-01-01 */
    /* API version 6: non-zero gives, instead of the scores, each sheet as
     * the reader understood it: one JSON line per sheet in the keys of the
     * sheet's own format (docs/formats.md, "Sheets as read"), so that a
     * program showing a sheet for editing reads files exactly as `pnpkit
     * score` does, with its errors. Ignored with table. */
    int as_read;
} pnpkit_score_opts;

/* Scores a filled-in sheet of `game` ("circle36", "dicrono", "cirplexed", ...)
 * given as YAML text (one document or a stream of them): the JSON report the
 * command `pnpkit score --json` prints (or with o->table the tables `pnpkit
 * score` prints), as a NUL-terminated buffer. o may be NULL. NULL with err
 * (placed in the text) on failure. */
pnpkit_buffer *pnpkit_score(pnpkit_ctx *ctx, const char *game, const char *text, size_t len,
                            const pnpkit_score_opts *o, pnpkit_error *err);

/* The scored games pnpkit_score takes, in a fixed order (API version 2):
 * how many there are, and the i-th one's name and the built-in template its
 * completed sheets are drawn on (NULL when i >= pnpkit_game_count()). The
 * strings are static: never freed, the same for every thread and context. */
size_t pnpkit_game_count(void);
const char *pnpkit_game_name(size_t i);
const char *pnpkit_game_template(size_t i);

/* ---- scoring a file of sheets (API version 3) ---- */

/* The resolution a PNG may be drawn at (dots per inch). */
#define PNPKIT_DPI_MIN 10
#define PNPKIT_DPI_MAX 1200

/* Handed one report (len bytes, NUL-terminated, borrowed for the call);
 * non-zero stops the run, which then fails with PNPKIT_EIO. */
typedef int (*pnpkit_report_fn)(void *user, const char *report, size_t len);

typedef struct pnpkit_score_file_opts {
    const char *path;          /* the sheets: a YAML file or stream; "-": standard input */
    const char *template_path; /* NULL: the game's built-in template; or a variant's file */
    const char *const *set;    /* NULL or a NULL-terminated list of "name=value" */
    int json;                  /* non-zero: a JSON line a sheet, else the readable tables */
    /* When output is set, the completed sheets (one page a sheet, a page a
     * game of a DiCroNo set) are drawn into that file ("-": standard output)
     * in format ("pdf", "svg" or "png") at dpi; the reports are then handed
     * over only once the file is written, and not at all when it cannot be.
     * Otherwise each report is handed over as soon as its sheet is scored,
     * so a long stream takes flat memory. */
    const char *output;
    const char *format;
    double dpi;
    long long epoch; /* creation date written into a PDF */
    pnpkit_report_fn report;
    void *user;
} pnpkit_score_file_opts;

/* Fills o with the defaults: standard input, the built-in template, tables,
 * no completed sheets, PDF, 150 dpi, epoch 2000-01-01. */
void pnpkit_score_file_opts_init(pnpkit_score_file_opts *o);

/* Scores every sheet of o->path for `game` in turn (what `pnpkit score`
 * does), handing each report to o->report. The number of sheets, or -1 with
 * err: the first invalid sheet stops the run at its line and column (the
 * reports of the sheets before it have been handed over, unless o->output is
 * set); nothing is left at o->output on failure. */
int pnpkit_score_file(pnpkit_ctx *ctx, const char *game, const pnpkit_score_file_opts *o,
                      pnpkit_error *err);

/* ---- analysis (API version 3) ---- */

/* The grid sizes of DiCroNo. */
#define PNPKIT_DICRONO_SIZE_MIN 4
#define PNPKIT_DICRONO_SIZE_MAX 10

typedef enum pnpkit_analysis_form {
    PNPKIT_ANALYSIS_TEXT = 0, /* the readable answer */
    PNPKIT_ANALYSIS_JSON,     /* one JSON object on one line */
    PNPKIT_ANALYSIS_SHEET,    /* the witness as a sheet `pnpkit score` reads */
} pnpkit_analysis_form;

typedef struct pnpkit_analyze_opts {
    int size; /* DiCroNo grid size (default 6) */
    pnpkit_analysis_form form;
    /* When set, the witness is drawn on the DiCroNo sheet into this file, in
     * format ("pdf", "svg" or "png") at dpi, before the answer is handed over
     * (a drawing that fails hands over nothing). */
    const char *output;
    const char *format;
    double dpi;
    long long epoch;
    pnpkit_report_fn report; /* required: is handed the answer */
    void *user;
} pnpkit_analyze_opts;

/* Fills o with the defaults: size 6, the readable answer, no drawing, PDF,
 * 150 dpi, epoch 2000-01-01. */
void pnpkit_analyze_opts_init(pnpkit_analyze_opts *o);

/* Answers `question` by search. The only question is "dicrono-max": the most
 * points one player can score in a single DiCroNo game, with a game that
 * reaches it (the witness). The answer goes to o->report; 0, or -1 with err
 * (an unknown question or a size out of bounds is PNPKIT_EUSAGE). ctx may be
 * NULL unless o->output is set. */
int pnpkit_analyze(pnpkit_ctx *ctx, const char *question, const pnpkit_analyze_opts *o,
                   pnpkit_error *err);

/* ---- lint (API version 2) ---- */

typedef struct pnpkit_lint_opts {
    const char *const *set; /* NULL or a NULL-terminated list of "name=value" */
    const char *paper;      /* NULL: the template's; "a4", "letter", "WxHmm", ... */
    int landscape;          /* -1: the template's orientation; 0 portrait; 1 landscape */
    int mono;               /* non-zero: lint the greyscale rendering */
    /* API version 9: */
    const char *data;  /* NULL: the template's own data; else a CSV file merged as render's */
    double bleed;      /* mm each card bleeds past its trim (render's --bleed): 0 to 10 */
    const char *backs; /* NULL, or the template of the cards' backs, linted card by card
                        * (its findings name its file); set reaches it as render's does */
} pnpkit_lint_opts;

/* Fills o with the defaults: no parameters set, the template's paper and
 * orientation, colour. */
void pnpkit_lint_opts_init(pnpkit_lint_opts *o);

/* One thing that will print badly, at its place in the template (line 0:
 * the page itself, not a component). kind names the check ("off-page",
 * "runs-off", "border", "text-size", ...); message is one line without the place. Past 1000
 * findings on a sheet or 10 000 in all, one finding of kind "sheet-limit" or
 * "run-limit" (line 0) counts the rest; one of kind "colour-limit" (line 0)
 * counts the pairs of fills a sheet's budget left not compared for colours. */
struct pnpkit_finding {
    int line, col;
    int sheet; /* 1-based: the sheet it was found on */
    const char *kind;
    const char *message;
    /* The template file the place is in when it is not the document's own
     * (a back's, given with backs), else NULL. Borrowed for the call. */
    const char *file;
};
typedef struct pnpkit_finding pnpkit_finding;

typedef struct pnpkit_finding_list {
    const char *file; /* the template's file, as places are given */
    size_t n;
    const pnpkit_finding *items; /* in the order found */
} pnpkit_finding_list;

/* Lays out every sheet of the template as pnpkit_render_file would and lists
 * what will print badly (what `pnpkit lint` prints). An empty list when
 * nothing was found; NULL with err when the template cannot be laid out.
 * Caller frees. */
pnpkit_finding_list *pnpkit_lint(pnpkit_ctx *ctx, const char *template_name,
                                 const pnpkit_lint_opts *o, pnpkit_error *err);
void pnpkit_finding_list_free(pnpkit_finding_list *list);

/* ---- Circular Numbers (API version 2) ---- */

typedef struct pnpkit_calc_opts {
    const char *hand;          /* the cards: A, 2-10 (or T), J, Q, K; blanks or commas between */
    long space;                /* the token's space: 0 the start, then in the direction of play */
    const char *template_name; /* NULL: "circular-numbers"; or a circular-numbers template */
    const char *const *set;    /* NULL or a NULL-terminated list of "name=value" */
    int json;                  /* non-zero: one JSON line, else the readable report */
} pnpkit_calc_opts;

/* Every way the hand forms a circular number on that space of the track the
 * template describes, and whether the ace-five-six move-back is available:
 * the report `pnpkit calc circular-numbers` prints, NUL-terminated. A space
 * off the track is PNPKIT_EUSAGE. ctx may be NULL. NULL with err. */
pnpkit_buffer *pnpkit_calc(pnpkit_ctx *ctx, const pnpkit_calc_opts *o, pnpkit_error *err);

/* ---- checking positions (API version 2) ---- */

typedef struct pnpkit_check_opts {
    const char *file; /* names the text in messages (default "position.yaml") */
    /* When set, the positions are read from this file ("-": standard input)
     * as a stream, document by document, and text is not used; file is then
     * ignored ("<stdin>" names standard input). */
    const char *path;
    int json; /* non-zero: one JSON object a line, else readable reports */
} pnpkit_check_opts;

/* Says who wins each position of `game` ("thinking-in-circles", the only
 * game with positions) given as YAML text (one document or a stream): the
 * reports `pnpkit check` prints (one JSON line each, or readable reports
 * separated by blank lines), NUL-terminated. o may be NULL. NULL with err
 * (placed in the text) when a position is invalid: nothing is reported then.
 * ctx may be NULL (checking measures no text). */
pnpkit_buffer *pnpkit_check(pnpkit_ctx *ctx, const char *game, const char *text, size_t len,
                            const pnpkit_check_opts *o, pnpkit_error *err);

/* ---- scanning a photographed sheet (API version 6) ---- */

/* Bounds of a photo: its bytes and the pixels its header may claim (checked
 * before anything is decoded). */
#define PNPKIT_SCAN_MAX_BYTES (64u << 20)
#define PNPKIT_SCAN_MAX_PIXELS (50LL * 1000 * 1000)

typedef struct pnpkit_scan_opts {
    const char *file; /* names the photo in messages (default "photo") */
    /* The template file the sheet was printed from, when it was printed from
     * a file (its QR code then holds a hash of the file's text, which must
     * match); NULL for the built-in and named templates. */
    const char *template_path;
    long long max_pixels; /* 0: PNPKIT_SCAN_MAX_PIXELS */
} pnpkit_scan_opts;

/* One field read from the photo. */
typedef struct pnpkit_scan_field {
    const char *slot;  /* the scene's slot id: "R1", "Y", "roll7.a", "combos", "cell.3.4" */
    int value;         /* the number read; -1: nothing written. DiCroNo: a square
                        * 0 (empty), 1 (X) or 2 (O); a penalty box 1 ticked, 0 not */
    int sure;          /* non-zero: the reading is certain enough to trust */
    double confidence; /* 0..1 */
    double x, y, w, h; /* the slot's box on the sheet, mm from the top left */
    int circled;       /* a die: 1 when circled (alone or with the other), 0 not; else -1 */
} pnpkit_scan_field;

typedef struct pnpkit_scan_result {
    const char *template_name; /* the template the sheet was printed from */
    const char *game;          /* its scored game ("circle36") */
    const char *code;          /* the text of the sheet's QR code */
    size_t n_fields;
    const pnpkit_scan_field *fields;
    const char *sheet; /* the sheet as `pnpkit score GAME` reads it (YAML) */
    const char *json;  /* all of it as one JSON object (docs/formats.md), one line */
    size_t n_problems;
    const char *const *problems; /* fields left out or doubtful, one line each */
    /* API version 8: the template's settings the sheet was printed with, as
     * its QR code gives them ("target=40", the ones not at their default),
     * NULL-terminated: pnpkit_score_opts.set for scoring the sheet as
     * printed (with template_name, or the template file for one printed
     * from a file). */
    const char *const *set;
    /* API version 10: the files read to rebuild the sheet (a template file
     * and what it reads: data, fonts, images), by the paths they were read
     * by, NULL-terminated (empty for a built-in template): a front end
     * writing the sheets out refuses to write over one of them. */
    const char *const *inputs;
} pnpkit_scan_result;

/* Reads a photo (len bytes of JPEG or PNG) of a sheet printed with scan
 * marks: finds the marks, reads the QR code, rebuilds that sheet, reads
 * every field and picks the most probable reading the game's rules allow.
 * ctx is used as for rendering (one thread at a time). o may be NULL. NULL
 * with err (PNPKIT_EINPUT: not an image, too large, no sheet, a sheet cut
 * off, a foreign QR code, another template, nothing readable; err->file is
 * o->file, and the one-line message starts with it). Caller frees with
 * pnpkit_scan_result_free. */
pnpkit_scan_result *pnpkit_scan(pnpkit_ctx *ctx, const unsigned char *data, size_t len,
                                const pnpkit_scan_opts *o, pnpkit_error *err);
void pnpkit_scan_result_free(pnpkit_scan_result *r);

#ifdef __cplusplus
}
#endif

#endif

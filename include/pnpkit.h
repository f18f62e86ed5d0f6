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
 * mutable state. Results (pnpkit_buffer, pnpkit_template_list) belong to the
 * caller and may be handed to any thread.
 *
 * The library never prints, never forks, never installs signal handlers and
 * never changes process settings (it does not set fontconfig's current
 * configuration, the locale, the umask or the environment). Errors come back
 * as a pnpkit_error in the library's own words; a front end maps them to its
 * own (option names, exit statuses, HTTP codes).
 *
 * Ownership: every pointer the library returns is freed by the caller with the
 * matching pnpkit_*_free function; every pointer the caller passes in is only
 * borrowed for the call. */
#ifndef PNPKIT_H
#define PNPKIT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PNPKIT_API_VERSION 2

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

/* ---- templates ---- */

typedef struct pnpkit_param {
    const char *name;
    const char *type;   /* "int", "number", "length", "bool", "string", "enum", "color", ... */
    const char *def;    /* the default as written, or NULL when the parameter is required */
    const char *bounds; /* a readable summary of the type and bounds, e.g. "int 3..6" */
    const char *help;   /* or NULL */
} pnpkit_param;

typedef struct pnpkit_template {
    const char *name;   /* what pnpkit_render takes */
    const char *origin; /* "built-in", "user" or "installed" */
    const char *title;
    const char *description;
    const char *game; /* the game it belongs to, or "" */
    size_t n_params;
    const pnpkit_param *params;
} pnpkit_template;

typedef struct pnpkit_template_list {
    size_t n;
    const pnpkit_template *items;
} pnpkit_template_list;

/* Every template a name can reach (user, built-in, installed), with its
 * parameters. NULL with err when one cannot be read. Caller frees. */
pnpkit_template_list *pnpkit_templates(pnpkit_ctx *ctx, pnpkit_error *err);
void pnpkit_template_list_free(pnpkit_template_list *list);

/* ---- rendering ---- */

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
    double bleed;        /* mm of bleed (haru backend only), 0..10 */
    const char *ttf;     /* a TrueType font to embed (haru backend) or NULL */
    long long epoch;     /* creation date written into PDFs, seconds since 1970 */
    const char *const *set; /* NULL or a NULL-terminated list of "name=value" */
    /* When set, the template is read from this text (template_len bytes) and
     * the name given to pnpkit_render_* only names it in messages. */
    const char *template_text;
    size_t template_len;
} pnpkit_render_opts;

/* Fills o with the defaults: PDF, the template's paper and orientation, 150 dpi,
 * seed 1, as many pages as needed, 1-up, colour, no bleed, epoch 2000-01-01. */
void pnpkit_render_opts_init(pnpkit_render_opts *o);

/* A block of bytes the library made. Caller frees with pnpkit_buffer_free. */
typedef struct pnpkit_buffer {
    unsigned char *data;
    size_t len;
} pnpkit_buffer;
void pnpkit_buffer_free(pnpkit_buffer *b);

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

#ifdef __cplusplus
}
#endif

#endif

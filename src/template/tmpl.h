/* tmpl.h: templates. A template is a YAML file (built in, installed, or any
 * path) that declares typed parameters and a list of components placed on a
 * page. Loading checks the structure and every key; tmpl_set overrides a
 * parameter (checked against its type and bounds); tmpl_resolve turns every
 * component's properties into typed values, substituting "$name" and "${name}".
 * The result is the page model that render.h lays out.
 *
 * Ownership: tmpl_load* returns a template the caller frees with tmpl_free;
 * everything reachable from it (params, comps, values) is borrowed from it. */
#ifndef PN_TMPL_H
#define PN_TMPL_H

#include "components/comp.h"
#include "template/data.h"
#include "util/fonts.h"
#include "util/value.h"
#include "util/yml.h"

#define TMPL_MAX_PARAMS 64
#define TMPL_MAX_COMPONENTS 500 /* components written in the file, repeats included */
#define TMPL_MAX_REPEAT_DEPTH 8 /* repeats inside repeats */
#define TMPL_MAX_REPEAT 10000   /* rounds of one repeat */
#define TMPL_MAX_EXPANDED 20000 /* components made plus rounds run, all repeats together */
/* Work of the expressions (each `${...}`, `when:` and property worked out per
 * item: 16 plus a step per byte of it, and a step per 64 bytes of every text
 * a name gives it) in one sheet's components, and over all the sheets a
 * template is worked out for (a document, a scoring run). A step is some
 * 0.1 microsecond. An 82 KB template reusing one scalar of 12 000 `${''}`
 * through a YAML alias in 20 000 components made 10^8 expressions before any
 * page: 53 s. A 60 x 60 hex map coloured per hex from a text of 3 600
 * letters costs about 600 000. */
#define TMPL_MAX_SHEET_WORK 10000000L
#define TMPL_MAX_WORK 200000000L
/* Seeds of random boards are 0 to this everywhere: --seed, the footers of a
 * pad (whose seeds wrap round to 0 after it) and the boards `check` reads. */
#define TMPL_SEED_MAX 2147483647L

typedef struct tmpl_param {
    pv_spec spec; /* strings borrowed from the template */
    pv_value value;
    struct fy_node *node;
    const char *set; /* "NAME=VALUE" of the tmpl_set that gave value (in the pool),
                      * or NULL: the default, or a value tmpl_set_if_present gave */
} tmpl_param;

/* A component as laid out: one per component written, or one per round of
 * the repeats around it. Made by tmpl_resolve. */
typedef struct tmpl_comp {
    const comp_type *type;
    struct fy_node *node;
    int line, col;
    pv_value *vals;  /* one per property of type, after tmpl_resolve */
    bool enabled;    /* "when" */
    GPtrArray *each; /* the per-item arrays of vals[k].strs (properties marked
                      * `each`), owned; NULL when there are none */
} tmpl_comp;

/* A component or a repeat as written in the file. A repeat ("for: i in
 * 1..$n" with its own "components") has type NULL and holds its items. */
typedef struct tmpl_item {
    const comp_type *type; /* NULL: a repeat */
    struct fy_node *node;
    int line, col;
    GPtrArray *items; /* a repeat's tmpl_item*, owned */
} tmpl_item;

/* page.fit, for printing on a paper other than the template's own: auto
 * scales the sheet up to a larger paper; on a smaller or differently shaped
 * one it lays the sheet out on that paper, and when the result would reach
 * into the unprintable border, lays it out on its own paper and shrinks it
 * to fit. scale always lays out on the template's paper and scales; flow
 * always lays out on the paper printed on (components that size themselves). */
typedef enum { TMPL_FIT_AUTO, TMPL_FIT_SCALE, TMPL_FIT_FLOW } tmpl_fit;

typedef struct tmpl {
    pn_yml *doc;
    char *file;   /* shown in messages: a path, or "built-in template NAME" */
    char *origin; /* "built-in", "installed", "user", "file" or "text" */
    char *dir;    /* the folder its files are read from; NULL: file's own */
    const char *name, *title, *description, *game;
    bool seeded;               /* boards differ by seed */
    bool scan;                 /* its sheets carry scan marks (render/marks.h) */
    int scan_line, scan_col;   /* where `scan:` is written (0: not written) */
    const char *paper;         /* default paper name or WxH */
    int paper_line, paper_col; /* where `paper:` is written (0: not written) */
    bool landscape;
    bool oriented;                   /* `orientation:` is written: a WxH paper is turned to it */
    double margin;                   /* mm */
    tmpl_fit fit;                    /* how a sheet meets a paper other than `paper` */
    pn_rgba background;              /* page colour to the paper's edge; alpha 0: none */
    struct fy_node *background_node; /* page.background when it holds "$" (a
                                      * parameter, column or expression):
                                      * tmpl_resolve sets background from it */
    GPtrArray *params;               /* tmpl_param* */
    GPtrArray *items;                /* tmpl_item*: what the file says, owned */
    GPtrArray *comps;                /* tmpl_comp*: what tmpl_resolve made of items, owned */
    int written;                     /* components and repeats in items, at every depth */
    long work;                       /* expression work over every tmpl_resolve so far */
    pv_pool *pool;
    tmpl_data *data; /* rows merged one per sheet, or NULL; owned */
    int row;         /* the row tmpl_resolve uses */
    /* Borrowed, or NULL: a template whose merge data this one reads without
     * data of its own (the backs of a deck read their card's row). */
    const struct tmpl *rows_of;
    int card, cards;     /* ${card} (1-based) and ${cards}: see tmpl_select_card */
    char row_where[256]; /* "data row 2, cards.csv line 3" for that row, or "" */
    const char *csv;     /* while loading: the CSV file tmpl_open_data merges */
    GPtrArray *fonts;    /* pn_font_file* (util/fonts.h) of `fonts:`, owned; may be empty */
} tmpl;

/* Loads by built-in name, or from a path (anything containing '/' or ending in
 * .yaml). A name is looked up in the user's directory, the embedded set, then the
 * installed data directory (see util/paths.h). NULL with err on failure. */
tmpl *tmpl_open(const char *name_or_path, pn_err *err);
/* The same, merging the CSV file csv (data.h) instead of the template's own
 * `data:`; its columns are known from the first resolve on. */
tmpl *tmpl_open_data(const char *name_or_path, const char *csv, pn_err *err);
/* The same for the backs of front's cards: without data of its own it reads
 * the row of front's data of the card it is the back of (rows_of = front,
 * borrowed: front must outlive it). */
tmpl *tmpl_open_backs(const char *name_or_path, const tmpl *front, pn_err *err);
tmpl *tmpl_load_file(const char *path, pn_err *err);
/* A template from memory (origin "text"): file only names it in messages.
 * It has no folder, so it may read no files. */
tmpl *tmpl_load_buffer(const char *file, const char *buf, size_t len, pn_err *err);
/* Text that is about to be saved into the folder dir (file names it in
 * messages): loaded as the saved template it becomes, so it reads the files
 * beside it in dir and no others. */
tmpl *tmpl_load_buffer_saved(const char *file, const char *dir, const char *buf, size_t len,
                             pn_err *err);
/* Why t may read no files (images, fonts, data: a built-in template or one
 * given as text), or NULL when it may read those beside it. */
const char *tmpl_no_files(const tmpl *t);
/* True for a template that reads files only beside itself
 * (pn_paths_beside): a saved (user) or installed one. */
bool tmpl_confined(const tmpl *t);
/* The path of the file called name that t reads (data, fonts, images): for a
 * confined template checked by pn_paths_beside (NULL with *why), otherwise
 * relative to the template's folder or absolute. Caller frees. */
char *tmpl_file_path(const tmpl *t, const char *name, const char **why);
void tmpl_free(tmpl *t);

/* Sets a parameter from "NAME=VALUE". Errors read "--set NAME=VALUE: ...". */
int tmpl_set(tmpl *t, const char *assignment, pn_err *err);
/* Sets a parameter by name if the template has it (no error when it does not).
 * The value is taken as the caller's (a sheet's, a seed's), not as a --set:
 * errors it leads to later are placed in the template, not at the option. */
int tmpl_set_if_present(tmpl *t, const char *name, const char *value, pn_err *err);
tmpl_param *tmpl_param_find(const tmpl *t, const char *name);
/* An error (text) about p's value: at the --set that gave it ("setting
 * NAME=VALUE: text"), else at p's declaration in the template. Returns -1. */
int tmpl_param_err(const tmpl *t, const tmpl_param *p, const char *text, pn_err *err);

/* Makes the components to lay out: expands repeats, evaluates `when` and
 * resolves every property against the current parameter values
 * ("$name", "${expression}", see template/expr.h). Replaces t->comps. */
int tmpl_resolve(tmpl *t, pn_err *err);
/* Merge data: one sheet per row, columns used like parameters. tmpl_set_data
 * takes d (also on failure) and replaces the template's own `data:`; a column
 * may not be named like a parameter. tmpl_read_data reads a CSV file
 * (data.h). tmpl_select_row picks the row for the next sheet and resolves
 * again. tmpl_rows is 0 without data. The caller resolves after set/read. */
int tmpl_set_data(tmpl *t, tmpl_data *d, pn_err *err);
int tmpl_read_data(tmpl *t, const char *csv_path, pn_err *err);
int tmpl_select_row(tmpl *t, int row, pn_err *err);
int tmpl_rows(const tmpl *t);

/* Cards: a data column named `count` (a whole number, 0 to TMPL_MAX_COUNT)
 * prints its row that many times. tmpl_cards is how many sheets the merge
 * data makes, counts included (the data of rows_of when t has none; 1
 * without data). tmpl_select_card picks the row of sheet `sheet` (0-based;
 * past the last card the deck starts again), sets card (sheet's place in
 * the deck, 1-based) and cards (tmpl_cards), and resolves again. */
#define TMPL_MAX_COUNT 1000
int tmpl_cards(const tmpl *t);
/* 0 when the data makes at most max cards; else -1 with err at the data's
 * row whose count passes max (file:line:col). */
int tmpl_cards_within(const tmpl *t, int max, pn_err *err);
int tmpl_select_card(tmpl *t, int sheet, pn_err *err);
/* The merge data t reads (its own or rows_of's), or NULL. */
const tmpl_data *tmpl_data_of(const tmpl *t);
/* The error for colour property `what` left empty at n: when its line goes on
 * with a comment ("fill: #ff0000"), placed at the '#' with the hint to quote
 * it. Returns -1. */
int tmpl_colour_missing(const tmpl *t, struct fy_node *n, const char *what, pn_err *err);

/* Frees every tmpl_comp of comps and empties it. */
void tmpl_comps_clear(GPtrArray *comps);

/* Names of the embedded templates (sorted; caller g_strfreev()s). */
char **tmpl_builtin_names(void);

#define TMPL_MAX_LISTED 1000 /* template files read from one directory */

/* A template tmpl_open finds by name, and where it comes from. */
typedef struct tmpl_entry {
    char *name;         /* what to pass to tmpl_open */
    const char *origin; /* "user", "built-in" or "installed" (the one that wins) */
    char *path;         /* its file, or "templates/NAME.yaml" for a built-in */
    const char *hides;  /* a user template hides this origin's copy, or NULL */
} tmpl_entry;

/* Every named template: built-in, the user's ($XDG_DATA_HOME/pnpkit/templates)
 * and installed ones, sorted by name. Caller g_ptr_array_unref()s. */
GPtrArray *tmpl_list(void);

#endif

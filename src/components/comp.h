/* comp.h: the component interface. A component is a C module with a name, a
 * table of typed properties (value.h specs) and a layout function that appends
 * paths, text and slots to a page's scene. Components never draw directly and
 * know nothing of backends. They are registered in registry.c.
 *
 * Every component also accepts the common keys "type" and "when" (a bool,
 * usually "$param", that includes or leaves out the component). A string
 * property named "markup" holds pango markup: values substituted into it are
 * escaped (template/resolve.c). */
#ifndef PN_COMP_H
#define PN_COMP_H

#include "scene/scene.h"
#include "util/value.h"
#include "util/err.h"

/* The position properties most components share: x and y, a length (or a
 * percentage of the content box) within a metre either way of its origin. */
#define COMP_X(help_)                                                                              \
    {                                                                                              \
        .name = "x", .type = PV_LENGTH, .def = "0", .min = -1000, .max = 1000, .axis = 'x',        \
        .help = (help_)                                                                            \
    }
#define COMP_Y(help_)                                                                              \
    {                                                                                              \
        .name = "y", .type = PV_LENGTH, .def = "0", .min = -1000, .max = 1000, .axis = 'y',        \
        .help = (help_)                                                                            \
    }

/* What a component knows about the page it is laid out on. */
typedef struct comp_ctx {
    double x, y, w, h; /* the content box (inside the margins), mm */
    double page_w, page_h;
    unsigned long seed;     /* this page's seed (--seed plus the page index) */
    int page;               /* 0-based page index in the document */
    bool mono;              /* ink-saving greyscale */
    const char *file;       /* template file, for messages */
    int line, col;          /* the component's place in the template */
    const GPtrArray *fonts; /* the template's font files (pn_font_file*), borrowed; may be NULL */
    const char *no_files;   /* why the template may read no files (images), or NULL */
    bool confined;          /* files only beside the template (util/paths.h) */
    const char *data_row;   /* "data row 2, cards.csv line 3": the merge data row of
                             * this sheet, for findings (comp_note); NULL without data */
    /* Where an error about one property goes (comp_prop_err): the caller of
     * the layout sets err from text, placed where the property is written or
     * at the --set that gave its value; returns -1. NULL: at the component. */
    int (*place)(const struct comp_ctx *ctx, const char *prop, const char *text, pn_err *err);
    const void *place_arg; /* the caller's, for place */
    /* The sheet was printed before and is laid out again to be read (scan):
     * bounds that only keep a new sheet writable (a space too small to
     * write in) are not enforced, as the sheet exists already. */
    bool printed;
} comp_ctx;

/* A component's resolved properties, in the order of its spec table. */
typedef struct comp_args {
    const pv_spec *specs;
    const pv_value *vals;
    size_t n;
} comp_args;

/* The items of a component whose properties marked `each` are worked out
 * once per item (the hexes of a grid): with k = -1, returns how many items
 * the resolved properties a make; with k from 0, fills names and vals with
 * item k's own names (col, row, ...; at most COMP_MAX_ITEM_NAMES) and returns
 * how many. Names borrowed: static strings. */
#define COMP_MAX_ITEM_NAMES 4
typedef int (*comp_items_fn)(const comp_args *a, int k, const char **names, long *vals);

typedef struct comp_type {
    const char *name;
    const char *help;
    const pv_spec *props; /* terminated by an entry with name NULL */
    int (*layout)(const comp_ctx *ctx, const comp_args *a, scene *s, pn_err *err);
} comp_type;

/* The items function of a component with properties marked `each`
 * (registry.c lists them), or NULL. */
comp_items_fn comp_items_of(const comp_type *t);
/* The hex grid's (hexgrid.c). */
int comp_hex_grid_items(const comp_args *a, int k, const char **names, long *vals);

/* NULL-terminated list of every component, and lookup by name. */
extern const comp_type *const comp_types[];
const comp_type *comp_find(const char *name);

/* How many sheets a component needs to show all it holds (the tile sheet: the
 * whole set of tiles). Only a few components have one (registry.c lists
 * them); comp_sheets_of returns NULL for the rest. A document rendered
 * without --pages gets the largest count of any of its components. */
typedef int (*comp_sheets_fn)(const comp_ctx *ctx, const comp_args *a);
comp_sheets_fn comp_sheets_of(const comp_type *t);
/* The tile sheet's counter (tilesheet.c). */
int comp_tile_sheet_sheets(const comp_ctx *ctx, const comp_args *a);

/* True when the component's layout never depends on the page (it reads only
 * the page's box, not ctx->page or ctx->seed), so that a pad of a sheet made
 * of such components alone can lay it out once (registry.c lists them). */
bool comp_same_every_page(const comp_type *t);

/* Property access by name. Asking for a name the table lacks is a programming
 * error and aborts. Lengths come back in mm with percentages resolved against
 * the content box: properties of axis 'y' against its height, the others
 * against its width (comp_len_mm). comp_x and comp_y add the content box's origin, giving
 * positions on the page. */
long comp_int(const comp_args *a, const char *name);
double comp_num(const comp_args *a, const char *name);
double comp_len(const comp_ctx *ctx, const comp_args *a, const char *name);
double comp_x(const comp_ctx *ctx, const comp_args *a, const char *name);
double comp_y(const comp_ctx *ctx, const comp_args *a, const char *name);
const char *comp_str(const comp_args *a, const char *name);
bool comp_bool(const comp_args *a, const char *name);
pn_rgba comp_color(const comp_args *a, const char *name);
/* Item k's value of a property marked `each`, as text (its value when it is
 * the same for every item). Borrowed. */
const char *comp_each_text(const comp_args *a, const char *name, int k);
const pv_value *comp_val(const comp_args *a, const char *name);

/* A length property's value in mm: a percentage of the content box's width
 * (axis 'x') or height (axis 'y'), any other length as written. */
double comp_len_mm(const comp_ctx *ctx, const pv_spec *spec, const pv_value *v);

/* pv_parse checks a length in mm against its bounds when the template is
 * read; a percentage can only be checked once the content box is known. Every
 * caller of a layout (or sheet counter) calls this first, so a percentage, or
 * a parameter or expression that gives one, obeys the same bounds as a length
 * in mm. Returns the index of the first property out of bounds, with the
 * reason in why ("is 0mm on this page, out of range (...)"; the caller names
 * the value), or -1 when all are within them. */
int comp_check_lengths(const comp_ctx *ctx, const comp_args *a, char *why, size_t whylen);

/* An error at the component: "file:line:col: <type>: message". Returns -1. */
int comp_err(const comp_ctx *ctx, pn_err *err, const char *fmt, ...) PN_PRINTF(3, 4);
/* An error about property prop's value, written as for comp_err ("<type>:
 * <prop>: what is wrong"): placed by ctx->place (where prop is written, or at
 * the --set that gave it), else at the component as comp_err. Returns -1. */
int comp_prop_err(const comp_ctx *ctx, pn_err *err, const char *prop, const char *fmt, ...)
    PN_PRINTF(4, 5);

/* A finding for lint at the component (scene_note_add), naming the data
 * row when there is one. */
void comp_note(const comp_ctx *ctx, scene *s, const char *kind, const char *fmt, ...)
    PN_PRINTF(4, 5);

/* The fonts components use. */
scene_font comp_font(double size_pt, bool bold);

#endif

/* scene.h: the display list of one page, in millimetres with the origin at the
 * top-left corner and y growing downwards. Components append paths, text runs
 * and named slots; backends draw paths and text; slots are the places a player
 * writes in, which a scorer's values can fill (scene_fill.h).
 *
 * Ownership: a scene owns everything appended to it (strings are copied) and is
 * freed with scene_free. Items are borrowed until then. */
#ifndef PN_SCENE_H
#define PN_SCENE_H

#include <stdbool.h>
#include <stddef.h>
#include "scene/image.h"
#include "util/color.h"
#include "util/err.h"

typedef enum { SEG_MOVE, SEG_LINE, SEG_CURVE, SEG_CLOSE } scene_seg_op;

/* One path segment. SEG_CURVE uses all three points (two controls, then the end);
 * SEG_MOVE and SEG_LINE use the first. */
typedef struct scene_seg {
    scene_seg_op op;
    double x[3], y[3];
} scene_seg;

typedef struct scene_style {
    bool fill, stroke;
    pn_rgba fill_color, stroke_color;
    double width;   /* stroke width, mm */
    double dash[2]; /* on, off in mm; dash[0] == 0 draws solid */
    bool round;     /* round caps and joins */
} scene_style;

typedef struct scene_path {
    scene_style style;
    size_t first, count; /* range in the scene's segment array */
    pn_rgba written;     /* the fill colour as the component gave it: in a mono
                          * scene, style.fill_color is its grey (lint compares
                          * what the template wrote with what prints) */
} scene_path;

typedef enum { TEXT_LEFT, TEXT_CENTER, TEXT_RIGHT } scene_halign;
typedef enum { TEXT_BASELINE, TEXT_MIDDLE, TEXT_TOP, TEXT_BOTTOM } scene_valign;

typedef struct scene_font {
    const char *family; /* fontconfig family, e.g. "DejaVu Sans" */
    double size;        /* points */
    bool bold, italic;
} scene_font;

/* A text run, measured when it was added. (x, y) is the anchor given by the
 * component; (bx, by) is where the baseline starts, computed from the measured
 * size so every backend places the text identically. */
typedef struct scene_text {
    const char *utf8;
    scene_font font;
    pn_rgba color;
    double x, y;
    scene_halign halign;
    scene_valign valign;
    double angle;                  /* degrees, clockwise, about (x, y) */
    double width, ascent, descent; /* measured, mm */
    double bx, by;
} scene_text;

typedef enum { SLOT_BOX, SLOT_ROUND } scene_slot_shape;

/* A named place a player writes in. Not drawn by backends. */
typedef struct scene_slot {
    const char *id;
    double x, y, w, h; /* mm; for SLOT_ROUND the bounding box of the circle */
    scene_slot_shape shape;
} scene_slot;

/* An image file drawn at (x, y, w, h) and clipped to the box (cx, cy, cw, ch),
 * all in mm; the size is the file's as probed when it was added. */
typedef struct scene_image {
    const char *path;
    scene_image_kind kind;
    double iw, ih; /* intrinsic size (scene_image_info) */
    double x, y, w, h;
    double cx, cy, cw, ch;
} scene_image;

/* A clip: what is drawn after it, up to the next clip, shows only inside the
 * box (mm). A box with w <= 0 ends clipping: the whole page shows again.
 * Clips do not nest; each replaces the one before. */
typedef struct scene_clip {
    double x, y, w, h;
} scene_clip;

/* A square grid of n x n cells of side `cell` mm, its top-left corner at
 * (x, y), on a white square reaching `quiet` cells further on every side,
 * whose dark cells are painted in `color`: a printed code such as the scan
 * marks' tags and QR code. A backend may write it as a small bitmap; the
 * others are given the white square and then the dark cells as filled
 * rectangles (scene_cells_rects). */
typedef struct scene_cells {
    double x, y, cell;
    int n, quiet;
    const unsigned char *dark; /* n * n bytes, row by row from the top; nonzero is dark */
    pn_rgba color;
    /* Nothing the scene held when the grid was added comes within 1 mm of
     * its white square: on paper the square is the paper itself, and a
     * backend may leave it out (libharu's does, to keep PDFs small). */
    bool bare;
} scene_cells;

#define SCENE_MAX_CELLS 256 /* cells a side */

typedef enum {
    SCENE_PATH,
    SCENE_TEXT,
    SCENE_SLOT,
    SCENE_IMAGE,
    SCENE_CLIP,
    SCENE_CELLS
} scene_kind;

typedef struct scene_item {
    scene_kind kind;
    union {
        scene_path path;
        scene_text text;
        scene_slot slot;
        scene_image image;
        scene_clip clip;
        scene_cells cells;
    } u;
} scene_item;

typedef struct scene scene;

/* What one page may hold, so a template cannot make rendering take unbounded
 * time or memory (the built-in sheets use well under 1% of it). Past a limit
 * the item is dropped, text and slot functions fail with an error, and
 * scene_check reports it; a sheet over budget is refused, never drawn. */
#define SCENE_MAX_ITEMS 100000            /* paths, text runs, slots and images */
#define SCENE_MAX_SEGS 1000000            /* path segments */
#define SCENE_MAX_TEXTS 10000             /* text runs (each one is laid out by pango) */
#define SCENE_MAX_TEXT_BYTES (256u << 10) /* UTF-8 bytes of all text runs together */
/* UTF-8 bytes laid out as blocks of wrapped text, counted each time a block
 * is laid out (fit: shrink tries several sizes, max_lines may show one line
 * of a long text): ten thousand rounds of a 4000-byte text shrunk to one
 * line drew nothing much but took 90 s of work. */
#define SCENE_MAX_LAID_BYTES (4u << 20)
/* Text runs and block layouts together, each byte counted by the weight of
 * the scene's fonts (measure.h: 1 with the system's fonts, which the limits
 * above keep under this; more with a template's own fonts): some 8 s of
 * shaping in the slowest font pnpkit accepts, where 256 KiB of text in one
 * just under its bound took two minutes. */
#define SCENE_MAX_SHAPED (8u << 20)

typedef struct scene_measurer scene_measurer; /* measure.h */

/* Counts bytes of text about to be laid out as a block against
 * SCENE_MAX_LAID_BYTES: 0, or -1 with err (scene_check's message) past it. */
int scene_charge_layout(scene *s, size_t bytes, pn_err *err);

/* What the page's text costs to set: bytes times the fonts' weight, for a
 * document's budget (render.h). */
size_t scene_shaped(const scene *s);

/* A new empty page of w x h mm. mono converts every colour to grey as it is added.
 * m (borrowed, must outlive the scene) measures its text; NULL for a page that
 * gets no new text (adding text then fails with err). */
scene *scene_new(double w, double h, bool mono, scene_measurer *m);
void scene_free(scene *s);

double scene_width(const scene *s);
double scene_height(const scene *s);
bool scene_mono(const scene *s);
scene_measurer *scene_measurer_of(const scene *s);

/* Path building: begin, add segments, then finish with a style. Arcs are turned
 * into cubic curves here, so backends only see moves, lines and curves. Angles
 * are in degrees, clockwise from 12 o'clock (as on a clock face). */
void scene_begin(scene *s);
void scene_move(scene *s, double x, double y);
void scene_line(scene *s, double x, double y);
void scene_curve(scene *s, double x1, double y1, double x2, double y2, double x3, double y3);
void scene_arc(scene *s, double cx, double cy, double r, double a0, double a1);
void scene_close(scene *s);
void scene_end(scene *s, const scene_style *style);

/* Conveniences that build and end a path in one call. */
void scene_rect(scene *s, double x, double y, double w, double h, const scene_style *st);
void scene_circle(scene *s, double cx, double cy, double r, const scene_style *st);
void scene_segment(scene *s, double x0, double y0, double x1, double y1, const scene_style *st);

/* Styles. */
scene_style scene_stroke_style(pn_rgba c, double width);
scene_style scene_fill_style(pn_rgba c);
scene_style scene_fill_stroke_style(pn_rgba fill, pn_rgba stroke, double width);

/* Adds a measured text run; returns it (borrowed) or NULL if measuring failed
 * (err set). The string is copied. */
const scene_text *scene_text_add(scene *s, const char *utf8, const scene_font *font, pn_rgba c,
                                 double x, double y, scene_halign h, scene_valign v, double angle,
                                 pn_err *err);

/* Adds an image (the path is copied). -1 with err past the item limit. */
int scene_image_add(scene *s, const scene_image *im, pn_err *err);

/* Adds a grid of cells (the n * n bytes of dark are copied; 1 <= n <=
 * SCENE_MAX_CELLS, 0 <= quiet <= n). -1 with err past the item limit or for
 * a bad grid. */
int scene_cells_add(scene *s, double x, double y, double cell, int n, int quiet,
                    const unsigned char *dark, pn_rgba color, pn_err *err);

/* The box c covers with its white square: x0, y0, x1, y1 (mm). */
void scene_cells_box(const scene_cells *c, double box[4]);

/* The miter limit backends stroke with (cairo's and PDF's default): a join
 * whose miter would be longer than this many widths is bevelled. */
#define SCENE_MITER_LIMIT 10.0

/* The box (x0, y0, x1, y1, mm) item it covers on the page: a path's points
 * and its curves' turning points (not their control points), grown by half
 * its stroke and by the tips of its miter joins; a text run's
 * turned box; an image within its clip; a grid of cells with its white
 * square; a slot's box. False for an item that draws nothing (a slot, a
 * clip, an empty text or path, an image clipped away). */
bool scene_item_box(const scene *s, const scene_item *it, double box[4]);

/* Covers c's dark cells with rectangles, each as wide and then as tall as the
 * dark cells allow, and calls fn with each (mm) in order, row by row. Stops
 * at fn's first nonzero return and returns it; 0 when all were given. */
int scene_cells_rects(const scene_cells *c,
                      int (*fn)(void *user, double x, double y, double w, double h), void *user);

/* Starts clipping to the box (x, y, w, h), or with w <= 0 ends it. -1 with
 * err past the item limit. */
int scene_clip_set(scene *s, double x, double y, double w, double h, pn_err *err);

/* Adds a slot. Ids must be unique on the page; a repeat is an error. */
int scene_slot_add(scene *s, const char *id, double x, double y, double w, double h,
                   scene_slot_shape shape, pn_err *err);
/* The slot with that id, or NULL. Borrowed from the item array: any item
 * added to s afterwards may move it, so copy what is needed first. */
const scene_slot *scene_slot_find(const scene *s, const char *id);

/* 0 while s is within the limits above; -1 with err naming the limit once
 * anything had to be dropped. */
int scene_check(const scene *s, pn_err *err);

/* Where the items added from now on come from (a template's line and
 * column; 0 0: nowhere in particular), and where item i came from. Appended
 * items keep their origin. Used to place lint's warnings. */
void scene_mark(scene *s, int line, int col);

/* Notes a component leaves for lint about what it could not do as asked
 * (text that does not fit its box, lines cut off), placed at the current
 * mark; lint reports them as findings of kind `kind`. At most
 * SCENE_MAX_NOTES a page (more are dropped). Strings are copied. */
#define SCENE_MAX_NOTES 1000
typedef struct scene_note {
    int line, col;
    const char *kind, *msg;
} scene_note;
void scene_note_add(scene *s, const char *kind, const char *msg);
size_t scene_note_count(const scene *s);
const scene_note *scene_note_at(const scene *s, size_t i);
void scene_origin(const scene *s, size_t i, int *line, int *col);
/* The file those lines and columns are in (copied; NULL: none). Appending
 * items gives a scene without one the source of the items'. */
void scene_set_source(scene *s, const char *file);
const char *scene_source(const scene *s);

/* All items in drawing order, and the segments paths refer to. Borrowed. */
size_t scene_count(const scene *s);
/* Path segments on the page (every path's together). */
size_t scene_seg_count(const scene *s);
const scene_item *scene_item_at(const scene *s, size_t i);
const scene_seg *scene_segs(const scene *s);

/* True when a and b draw the same page: the same size and the same paths, text
 * and slots in the same order. */
bool scene_equal(const scene *a, const scene *b);

/* Converts a colour to the grey mono printing uses (luminance, kept light). */
pn_rgba scene_to_grey(pn_rgba c);

/* Appends every item of src to dst, scaled by k and moved by (dx, dy): used to
 * impose several sheets on one paper. Slot ids get prefix (may be ""). Each
 * sheet was checked against the limits on its own, so dst may hold as many
 * items as all of them together. */
int scene_append(scene *dst, const scene *src, double k, double dx, double dy, const char *prefix,
                 pn_err *err);
/* The same for items from..to-1 of src only; dst's limits are not raised
 * (src's items are already counted in a scene of dst's budget). */
int scene_append_items(scene *dst, const scene *src, size_t from, size_t to, double k, double dx,
                       double dy, const char *prefix, pn_err *err);
#endif

/* floor.h: the benchmark's floor. The circle36 and dicrono sheets, as the
 * built-in templates lay them out with their default parameters, drawn by hand
 * in immediate mode: no template, no component, no scene. A drawing library
 * (cairo + pango, or libharu) implements the pen; the page functions call it
 * directly with coordinates in mm (origin top-left, y down) and colours as
 * 0xRRGGBB. What pnpkit costs beyond these programs is its own overhead. */
#ifndef BENCH_FLOOR_H
#define BENCH_FLOOR_H

#include <stdbool.h>
#include <stdint.h>

#define FLOOR_PAGE_W 210.0 /* A4, mm */
#define FLOOR_PAGE_H 297.0
#define FLOOR_MAX_PAGES 100000
#define FLOOR_PI 3.14159265358979323846

typedef enum { FLOOR_LEFT, FLOOR_CENTER, FLOOR_RIGHT } floor_halign;
typedef enum { FLOOR_BASELINE, FLOOR_MIDDLE, FLOOR_TOP, FLOOR_BOTTOM } floor_valign;

typedef struct floor_pen {
    void *u; /* the drawing library's state, passed back to every call */
    void (*fill_rect)(void *u, double x, double y, double w, double h, uint32_t rgb);
    void (*stroke_rect)(void *u, double x, double y, double w, double h, double width,
                        uint32_t rgb);
    void (*line)(void *u, double x0, double y0, double x1, double y1, double width, uint32_t rgb);
    /* A circle filled and/or stroked (fill or stroke false leaves that out). */
    void (*circle)(void *u, double cx, double cy, double r, bool fill, uint32_t fill_rgb,
                   bool stroke, uint32_t stroke_rgb, double width);
    /* The ring between radii r0 < r1, filled. */
    void (*annulus)(void *u, double cx, double cy, double r0, double r1, uint32_t rgb);
    /* A line of text (size in pt) anchored at (x, y), turned by angle degrees
     * clockwise about the anchor. Returns its width in mm. */
    double (*text)(void *u, const char *utf8, double size, bool bold, uint32_t rgb, double x,
                   double y, floor_halign h, floor_valign v, double angle);
} floor_pen;

/* Draws one whole sheet. */
void floor_circle36(const floor_pen *p);
void floor_dicrono(const floor_pen *p);

/* The page function for a template name, or NULL. */
typedef void (*floor_page_fn)(const floor_pen *p);
floor_page_fn floor_find(const char *name);

#endif

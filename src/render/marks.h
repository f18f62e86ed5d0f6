/* marks.h: the scan marks of a sheet, which let a photo of it be read back:
 * four AprilTag markers (family tag36h11) in the corners of the printable
 * area and a QR code beside the bottom-left one naming the sheet (template,
 * the parameters that differ from its defaults, paper, seed). Drawn into the
 * scene as grids of cells (scene_cells), which every backend prints; their places are
 * fixed functions of the sheet's size, which the reader uses too. */
#ifndef PN_RENDER_MARKS_H
#define PN_RENDER_MARKS_H

#include "render/render.h"
#include "scene/scene.h"
#include "template/tmpl.h"

/* What the QR code's text starts with; the number is the format's version. */
#define MARKS_PREFIX "pnpkit:1/"
#define MARKS_CODE_MAX 400     /* bytes of the QR code's text */
#define MARKS_INSET_MM 5.0     /* from the sheet's edge to a tag's white border */
#define MARKS_TAG_CELL_MM 0.9  /* one cell of a tag (10 cells with the white border) */
#define MARKS_QR_MODULE_MM 0.6 /* one module of the QR code */
#define MARKS_QR_QUIET 2       /* white modules around the QR code */
/* The band at the foot of a sheet with marks that its content keeps clear
 * of: the QR code of up to 29 modules (version 3, 53 bytes of text at
 * level M) and its quiet zone. */
#define MARKS_RESERVE_MM (MARKS_INSET_MM + (29 + 2 * MARKS_QR_QUIET) * MARKS_QR_MODULE_MM + 0.5)

/* The tag ids, corner by corner: top left, top right, bottom right, bottom left. */
int marks_tag_id(int corner);

/* The centre of the tag in corner (0..3, as above) on a w x h mm sheet, and
 * the side of its black square, mm. */
void marks_tag_centre(double w, double h, int corner, double *x, double *y);
double marks_tag_side(void);

/* Whether a w x h mm sheet holds the marks, with a QR code of `modules`
 * modules, 1 mm apart from each other; *need_w and *need_h get the least
 * size that does (mm, to a tenth). */
bool marks_fit(double w, double h, int modules, double *need_w, double *need_h);

/* The modules a side of the QR code of `code`; 0 when it cannot be made. */
int marks_modules(const char *code);

/* The box (mm) the QR code of `modules` modules takes on a w x h sheet, its
 * quiet zone excluded. */
void marks_qr_box(double w, double h, int modules, double *x, double *y, double *side);

/* The QR code's text for sheet `page` (0-based) of t with options o:
 * "pnpkit:1/NAME?key=value&..." for a named template, or
 * "pnpkit:1/@HASH?..." (the first 16 hex digits of the SHA-256 of the
 * template's text) for a template file. Caller g_free()s. */
char *marks_code(const tmpl *t, const render_opts *o, unsigned long seed, int page);

/* The hash marks_code writes for a template file's text. Caller g_free()s. */
char *marks_text_hash(const char *text, size_t len);

/* Draws the four tags and the QR code holding `code` onto s (a sheet of its
 * own size). -1 with err when the code does not fit a QR code. */
int marks_draw(scene *s, const char *code, pn_err *err);

/* The width of the bottom-left corner the marks take (tag and QR code), mm,
 * for code on a sheet: a footer keeps to the right of it. */
double marks_bottom_reach(const char *code);

#endif

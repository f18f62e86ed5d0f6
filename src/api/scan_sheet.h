/* scan_sheet.h: the sheet a photo's QR code names, rebuilt: the code's text
 * parsed, its template found (a built-in one by name, or the file the user
 * named, checked against the code's hash), the code's settings applied, the
 * page laid out (the fields' slots) and drawn again as grey pixels to be
 * compared with the photo. Everything in a code comes from the photo, so it
 * is bounded like any input (fuzz/fuzz_code.c tries it alone).
 *
 * Ownership: api_scan_sheet_open fills a scan_sheet that api_scan_sheet_close
 * empties; what it points to is its own unless marked borrowed. */
#ifndef PN_API_SCAN_SHEET_H
#define PN_API_SCAN_SHEET_H

#include "pnpkit.h"
#include "scan/code.h"
#include "scan/photo.h"
#include "util/err.h"

typedef struct scan_sheet {
    scan_code *code;
    const char *name;      /* the template's name or file (borrowed: code or options) */
    const struct tmpl *t;  /* the template, its parameters set (borrowed from doc) */
    const char *game;      /* t's game, "" for none (borrowed) */
    pnpkit_render_opts ro; /* the options that rebuild the sheet (set points into set) */
    char **set;            /* "key=value" settings, NULL-terminated */
    int page;              /* the code's page, 1 and up */
    pnpkit_doc *doc;
    pnpkit_slot_list *slots;
    scan_photo *ref; /* the printed sheet as grey pixels, once drawn */
} scan_sheet;

/* Rebuilds the sheet whose code is text, up to its slots; o gives the
 * template file the user named, if any. Only Circle 36 and DiCroNo sheets
 * are read. 0, or -1 with err (PN_EINPUT: the code, its template or its
 * settings are refused) and s emptied. The doc keeps a pointer to s->ro: s
 * stays where it is until closed. */
int api_scan_sheet_open(pnpkit_ctx *ctx, const char *text, const pnpkit_scan_opts *o, scan_sheet *s,
                        pn_err *err);
/* Draws the sheet of an open s into s->ref at ref_ppmm pixels a mm (a scan
 * draws at SCAN_CROP_PPMM); refused when the sheet is larger than a photo
 * may be at SCAN_CROP_PPMM. 0, or -1 with err. */
int api_scan_sheet_draw(pnpkit_ctx *ctx, scan_sheet *s, double ref_ppmm, pn_err *err);
/* Frees what s holds (open or not, drawn or not) and empties it. */
void api_scan_sheet_close(scan_sheet *s);

/* The integer parameter called name of the sheet's template, or def. */
int api_scan_sheet_param(const scan_sheet *s, const char *name, int def);

#endif

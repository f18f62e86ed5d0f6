/* c36_scan.h: a photographed Circle 36 sheet field by field: every space,
 * every die of the dice record, the circles around dice and board numbers
 * and the ComboCircles count are measured on the sheet's view (view.h) and
 * handed to the rule-aware chooser (c36_read.h) as candidates; its choice is
 * written as the sheet `pnpkit score circle36` reads. */
#ifndef PNPKIT_SCAN_C36_SCAN_H
#define PNPKIT_SCAN_C36_SCAN_H

#include <glib.h>
#include "games/c36.h"
#include "scan/c36_read.h"
#include "scan/view.h"

/* A slot of the rebuilt sheet: its id and box (mm). Borrowed strings. */
typedef struct scan_box {
    const char *id;
    double x, y, w, h;
} scan_box;

/* The resolution field crops are cut at, pixels a mm. */
#define SCAN_CROP_PPMM 6.0
/* A die's box (5 mm) is cut finer: its digit is about 3 mm tall, and at 6
 * pixels a mm a sharp photo's strokes are sampled too coarsely to keep the
 * loops of an 8 or the bar of a 7 apart. */
#define SCAN_DIE_PPMM 9.0

/* Reads every field of variant var into in (spaces in the order of
 * c36_cell_name, rounds roll1..). -1 with err (PN_EINPUT) when the variant is
 * not one pnpkit scores (c36_variant_check) or a slot it needs is missing
 * from boxes. */
int scan_c36_read(const scan_view *v, const scan_box *boxes, size_t n, const c36_variant *var,
                  c36r_input *in, pn_err *err);

/* The sheet YAML for the chosen reading (ok: c36r_choose succeeded), or,
 * when it failed, for each field's most probable reading without rounds.
 * Spaces left unread are written ~ and named in problems (char*, appended).
 * var and in are as scan_c36_read accepted and filled them. */
char *scan_c36_sheet(const c36_variant *var, const c36r_input *in, const c36r_output *out, bool ok,
                     GPtrArray *problems);

/* The most probable value of f (SCAN_EMPTY when unread), its probability. */
int scan_c36_top(const scan_field *f, double *p);

#endif

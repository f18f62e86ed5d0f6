/* dc_scan.h: a photographed DiCroNo sheet field by field: the X, O or
 * nothing in every square of the grid and the penalty ticks of the game the
 * photo records are measured on the sheet's view (view.h) and handed to the
 * rule-aware chooser (dc_read.h); its choice is written as one game of the
 * set `pnpkit score dicrono` reads. */
#ifndef PNPKIT_SCAN_DC_SCAN_H
#define PNPKIT_SCAN_DC_SCAN_H

#include <glib.h>
#include "scan/c36_scan.h"
#include "scan/dc_read.h"
#include "scan/view.h"

/* What the photo shows, measured: the chooser's input, the score table's
 * row the game's penalty ticks were read from (1-based) and each tick box's
 * probability of being ticked. */
typedef struct scan_dc_marks {
    dcr_input in;
    int row;
    double tick[2][DC_MAX_PENALTIES]; /* [player][box] */
} scan_dc_marks;

/* The probabilities of empty, X and O (summing to 1) for a square whose
 * player's ink is the grey crop ink (w x h, 255 paper, 0 ink). */
void scan_dc_square(const uint8_t *ink, int w, int h, double p[3]);

/* Reads a size x size grid and the ticks into m. The game's row is the
 * first row of the score table whose two points boxes are empty (the last
 * row when every one holds something). -1 with err when a slot is missing. */
int scan_dc_read(const scan_view *v, const scan_box *boxes, size_t n, int size, scan_dc_marks *m,
                 pn_err *err);

/* The set (one game) as `pnpkit score dicrono` reads it. Caller g_free()s. */
char *scan_dc_sheet(const dc_game *g);

#endif

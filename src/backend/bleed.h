/* bleed.h: the print-shop bleed shared by the backends that honour --bleed. The
 * page grows by the bleed on every side; a background (a polygon of
 * horizontal and vertical edges with a point on a trim edge) reaches out to
 * the bleed edge; crop marks sit in the bleed at
 * each trim corner, clear of the trim. Coordinates are the scene's (mm, y down,
 * origin at the trim's top-left corner). */
#ifndef PN_BLEED_H
#define PN_BLEED_H

#include <stdbool.h>
#include "scene/scene.h"

/* Points this close to a trim edge (mm) are on it. */
#define PN_BLEED_EDGE_EPS 0.01
/* Crop marks: stroke width (pt), gap kept clear of the trim (mm), count. */
#define PN_BLEED_MARK_WIDTH_PT 0.25
#define PN_BLEED_MARK_GAP 1.0
#define PN_BLEED_MARKS 8

/* True when the path is a polygon of horizontal and vertical edges with a
 * point on an edge of the w x h trim. */
bool pn_bleed_is_background(const scene_path *p, const scene_seg *segs, double w, double h);
/* v on the edge at 0 or at `edge` moves out by bleed; any other v stays. */
double pn_bleed_out(double v, double edge, double bleed);
/* The crop marks of a w x h trim: line i from (m[i][0], m[i][1]) to (m[i][2],
 * m[i][3]), two at each corner along the trim's edges. */
void pn_bleed_marks(double w, double h, double bleed, double m[PN_BLEED_MARKS][4]);

#endif

/* bleed.c: background detection and crop marks for the print-shop bleed. */
#include "backend/bleed.h"

#include <math.h>

bool pn_bleed_is_background(const scene_path *p, const scene_seg *segs, double w, double h)
{
    /* Only a polygon of horizontal and vertical edges: moving its points on
     * the trim out to the bleed then moves no edge inside the trim. A
     * triangle in a corner (its slanted edge pulled 3 mm in, leaving a white
     * sliver inside its own outline) or a diamond touching an edge (grown a
     * spike) would change where the card is cut. */
    bool edge = false;
    double x0 = 0, y0 = 0, px = 0, py = 0;
    bool open = false;
    for (size_t i = p->first; i < p->first + p->count; i++) {
        const scene_seg *s = &segs[i];
        if (s->op == SEG_CURVE) return false;
        double x = s->op == SEG_CLOSE ? x0 : s->x[0], y = s->op == SEG_CLOSE ? y0 : s->y[0];
        if (s->op == SEG_MOVE) {
            x0 = x, y0 = y, open = true;
        } else if (open && fabs(x - px) >= PN_BLEED_EDGE_EPS && fabs(y - py) >= PN_BLEED_EDGE_EPS) {
            return false; /* a slanted edge */
        }
        if (fabs(x) < PN_BLEED_EDGE_EPS || fabs(x - w) < PN_BLEED_EDGE_EPS ||
            fabs(y) < PN_BLEED_EDGE_EPS || fabs(y - h) < PN_BLEED_EDGE_EPS)
            edge = true;
        px = x, py = y;
    }
    return edge;
}

double pn_bleed_out(double v, double edge, double bleed)
{
    if (fabs(v) < PN_BLEED_EDGE_EPS) return -bleed;
    if (fabs(v - edge) < PN_BLEED_EDGE_EPS) return edge + bleed;
    return v;
}

void pn_bleed_marks(double w, double h, double bleed, double m[PN_BLEED_MARKS][4])
{
    double gap = fmin(PN_BLEED_MARK_GAP, bleed / 3);
    double xs[2] = {0, w}, ys[2] = {0, h};
    int k = 0;
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
            double sx = i ? 1 : -1, sy = j ? 1 : -1;
            /* horizontal, on the line y = ys[j], outside the trim in x */
            double a[4] = {xs[i] + sx * gap, ys[j], xs[i] + sx * bleed, ys[j]};
            /* vertical, on x = xs[i], outside the trim in y */
            double v[4] = {xs[i], ys[j] + sy * gap, xs[i], ys[j] + sy * bleed};
            for (int q = 0; q < 4; q++) {
                m[k][q] = a[q];
                m[k + 1][q] = v[q];
            }
            k += 2;
        }
}

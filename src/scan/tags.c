/* tags.c: the corner markers found with libapriltag's detector. */
#include "scan/tags.h"

#include <apriltag/apriltag.h>
#include <apriltag/tag36h11.h>
#include <math.h>
#include <string.h>

/* One pass of the detector, quad_decimate as given. */
static int find_pass(const scan_photo *p, scan_tag *tags, int n, float decimate, pn_err *err)
{
    memset(tags, 0, sizeof *tags * (size_t)n);
    apriltag_family_t *fam = tag36h11_create();
    apriltag_detector_t *td = apriltag_detector_create();
    if (!fam || !td) {
        if (td) apriltag_detector_destroy(td);
        if (fam) tag36h11_destroy(fam);
        return pn_err_set(err, PN_EIO, "out of memory for the marker detector");
    }
    /* One bit corrected: printed tags are clean, and the table stays small. */
    apriltag_detector_add_family_bits(td, fam, 1);
    td->quad_decimate = decimate;
    td->quad_sigma = 0.0f;
    td->nthreads = 1;
    td->refine_edges = 1;
    image_u8_t im = {.width = p->w, .height = p->h, .stride = p->stride, .buf = p->px};
    zarray_t *dets = apriltag_detector_detect(td, &im);
    int found = 0;
    for (int i = 0; dets && i < zarray_size(dets); i++) {
        apriltag_detection_t *d;
        zarray_get(dets, i, &d);
        if (d->id < 0 || d->id >= n || d->hamming > 1) continue;
        scan_tag *t = &tags[d->id];
        if (t->found && hypot(d->c[0] - t->cx, d->c[1] - t->cy) > 20) t->copies++;
        if (t->found && t->margin >= d->decision_margin) continue;
        if (!t->found) found++, t->copies = 1;
        t->found = true;
        t->margin = d->decision_margin;
        t->cx = d->c[0];
        t->cy = d->c[1];
        for (int k = 0; k < 9; k++)
            t->local.m[k] = d->H->data[k];
    }
    if (dets) apriltag_detections_destroy(dets);
    apriltag_detector_destroy(td);
    tag36h11_destroy(fam);
    return found;
}

int scan_tags_find(const scan_photo *p, scan_tag *tags, int n, pn_err *err)
{
    /* Quads are looked for on a smaller image first (a 12 MP photo at a
     * third: the tags are still 10 pixels or more across), and again at
     * full size when some tag was missed (small in the frame, blurred). */
    double mp = p->w * (double)p->h / 1e6;
    /* A photo of more than 24 MP (a 48 MP phone's) is looked at as a 24 MP
     * one would be: a sheet's tags are larger in pixels by as much, and the
     * detector's memory (tens of bytes a pixel it looks at) stays bounded.
     * Up to 24 MP the tags of a poster-sized sheet, small in the frame, are
     * still found. */
    /* libapriltag shrinks by a whole factor, or by 1.5, but maps the quads
     * back by the factor given: only those factors may be given. */
    double big = mp > 24 ? sqrt(mp / 24) : 1;
    float first = mp > 4 ? (float)round(3 * big) : mp > 1.5 ? 2.0f : 1.0f;
    float second = first <= 2 ? 1.0f : big > 1 ? (float)fmax(2, round(1.5 * big)) : 1.5f;
    int found = find_pass(p, tags, n, first, err);
    if (found >= 0 && found < n && first > 1) {
        scan_tag again[8];
        int k = find_pass(p, again, n < 8 ? n : 8, second, err);
        if (k > found) {
            memcpy(tags, again, sizeof *tags * (size_t)(n < 8 ? n : 8));
            found = k;
        }
    }
    return found;
}

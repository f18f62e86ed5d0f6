/* tags.h: finding the four AprilTag (tag36h11) corner markers of a sheet in
 * a photo with libapriltag. Reentrant: each call makes its own detector. */
#ifndef PNPKIT_SCAN_TAGS_H
#define PNPKIT_SCAN_TAGS_H

#include <stdbool.h>
#include "scan/homog.h"
#include "scan/photo.h"

/* One marker as found: its centre and its local map from the ideal tag's
 * square (corners at (-1, -1) top left to (1, 1) bottom right, as printed)
 * to the photo. */
typedef struct scan_tag {
    bool found;
    double cx, cy;
    scan_homog local;
    double margin; /* libapriltag's decision margin: how clearly it read */
    int copies;    /* tags of this id found apart from each other: 1, or more
                      when the photo holds several sheets */
} scan_tag;

/* Looks for tags with ids 0..n-1, the best of each id into tags[id]. The
 * number found, or -1 with err when the detector failed. */
int scan_tags_find(const scan_photo *p, scan_tag *tags, int n, pn_err *err);

#endif

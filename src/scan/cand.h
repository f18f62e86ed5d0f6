/* cand.h: how the photo reader hands one field's possible readings from the
 * handwriting and mark readers to the rule-aware chooser. Plain values, no
 * ownership: a scan_field lives wherever its caller puts it. */
#ifndef PNPKIT_SCAN_CAND_H
#define PNPKIT_SCAN_CAND_H

/* A field read as "nothing written" has this value. */
#define SCAN_EMPTY (-1)

/* The most readings kept for one field. */
#define SCAN_MAX_CANDS 4

/* One possible reading of a field and its probability (0..1). */
typedef struct scan_cand {
    int value;
    double p;
} scan_cand;

/* The readings of one field, most probable first; n may be 0 (unread). */
typedef struct scan_field {
    int n;
    scan_cand c[SCAN_MAX_CANDS];
} scan_field;

#endif

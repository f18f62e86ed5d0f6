/* measurer.h: the text measurer a unit test program renders with (one per
 * program: each test program runs on one thread). */
#ifndef PN_TEST_MEASURER_H
#define PN_TEST_MEASURER_H

#include <stdio.h>
#include <stdlib.h>
#include "scene/measure.h"

static scene_measurer *test_measurer_made;

/* The program's measurer, made on first use; aborts when fonts are missing. */
static inline scene_measurer *test_measurer(void)
{
    if (!test_measurer_made) {
        pn_err err = {0};
        test_measurer_made = scene_measurer_new(&err);
        if (!test_measurer_made) {
            fprintf(stderr, "%s\n", err.msg);
            abort();
        }
    }
    return test_measurer_made;
}

static inline void test_measurer_free(void)
{
    scene_measurer_free(test_measurer_made);
    test_measurer_made = NULL;
}

#endif

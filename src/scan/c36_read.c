/* c36_read.c: the most probable Circle 36 sheet the rules allow (c36_read.h). */
#include "scan/c36_read.h"

#include <stdio.h>
#include <string.h>

int c36r_choose(const c36r_input *in, c36r_output *out)
{
    memset(out, 0, sizeof *out);
    snprintf(out->why, sizeof out->why, "%s", in ? "not ready" : "no input");
    return -1;
}

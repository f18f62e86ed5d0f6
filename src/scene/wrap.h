/* wrap.h: a block of text wrapped in a width. pango breaks the text into
 * lines (with the bold and italic runs of pango markup); each line is then
 * added to the scene as one measured text run per style run, so backends only
 * ever draw single runs. Lines past max_lines are cut and the last kept line
 * ends in an ellipsis. */
#ifndef PN_WRAP_H
#define PN_WRAP_H

#include "scene/scene.h"

#define SCENE_BLOCK_MAX_LINES 500 /* lines of one block, before max_lines */
/* Characters between two places a line may break, in a block: pango shapes
 * the rest of an unbroken run again for every line it cuts from it, so one
 * word of 4096 letters in a narrow box took 130 ms, and a deck of them
 * minutes; at 128 a word the cost is that of ordinary text. */
#define SCENE_BLOCK_MAX_WORD 128

typedef struct scene_block {
    const char *text; /* plain UTF-8, or pango markup when markup is set */
    bool markup;      /* only <b>, <i> and spans of weight and style */
    scene_font font;  /* the base style */
    pn_rgba color;
    double x, y;         /* the anchor, mm */
    scene_halign halign; /* of every line about x: left starts at x, center is centred on it */
    scene_valign valign; /* of the whole block about y; baseline: the first line's */
    double width;        /* mm, > 0 */
    int max_lines;       /* 0: no limit */
    double spacing;      /* baseline to baseline, as a multiple of the size */
    bool dry;            /* only measure: fill the info, add nothing */
} scene_block;

/* What was laid out. */
typedef struct scene_block_info {
    int lines;     /* lines drawn */
    int needed;    /* lines the whole text takes (more than lines when cut) */
    bool cut;      /* lines were left out (the last one ends in "…") */
    double top, h; /* the block's top and height, mm */
    double widest; /* the widest line, mm */
} scene_block_info;

/* Adds the block to s. 0, or -1 with err (bad markup, too many lines, the
 * page's budget). info may be NULL. */
int scene_text_block(scene *s, const scene_block *b, scene_block_info *info, pn_err *err);

#endif

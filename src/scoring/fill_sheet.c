/* fill_sheet.c: what the games share to draw a scored sheet into a template
 * page's slots. */
#include "scoring/fill_sheet.h"

#include <stdio.h>
#include <string.h>
#include "scene/fill.h"

int score_put(scene *s, fill_kind kind, const char *slot, const char *text, bool computed,
              pn_err *err)
{
    fill_item it = {.kind = kind, .slot = slot, .text = text, .computed = computed};
    return scene_fill(s, &it, err);
}

/* The same for a slot a template may leave out. */
int score_put_opt(scene *s, fill_kind kind, const char *slot, const char *text, bool computed,
                  pn_err *err)
{
    if (!scene_slot_find(s, slot)) return 0;
    return score_put(s, kind, slot, text, computed, err);
}

int score_put_int(scene *s, const char *slot, int v, bool computed, pn_err *err)
{
    char buf[16];
    snprintf(buf, sizeof buf, "%d", v);
    return score_put(s, FILL_TEXT, slot, buf, computed, err);
}

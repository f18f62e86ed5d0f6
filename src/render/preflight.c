/* preflight.c: laying every sheet out and linting it. */
#include "render/preflight.h"

#include "render/paper.h"
#include "scene/measure.h"

double preflight_border(double w, double h)
{
    return w < PREFLIGHT_CARD_MM || h < PREFLIGHT_CARD_MM ? 0 : PAPER_UNPRINTABLE_MM;
}

int render_preflight(tmpl *t, const render_opts *o, lint_checks checks, lint_report report,
                     void *user, int *sheet, pn_err *err)
{
    int pages = o->pages > 0 ? o->pages : render_sheet_count(t, o, err);
    if (pages < 0) return -1;
    /* A character no font has is a finding here (LINT_GLYPHS), not an error. */
    bool missing_ok = o->measure && (checks & LINT_GLYPHS);
    if (missing_ok) scene_measurer_allow_missing(o->measure, true);
    int found = 0;
    for (int p = 0; p < pages && found >= 0; p++) {
        if (sheet) *sheet = p + 1;
        scene *s = render_sheet(t, o, p, err);
        int n = s ? scene_lint(s, preflight_border(scene_width(s), scene_height(s)),
                               o->bleed > 0 ? o->bleed : 0, checks, report, user, err)
                  : -1;
        scene_free(s);
        found = n < 0 ? -1 : found + n;
    }
    if (missing_ok) scene_measurer_allow_missing(o->measure, false);
    return found;
}

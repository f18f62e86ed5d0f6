/* preflight.c: laying every sheet out and linting it. */
#include "render/preflight.h"

#include "render/paper.h"

double preflight_border(double w, double h)
{
    return w < PREFLIGHT_CARD_MM || h < PREFLIGHT_CARD_MM ? 0 : PAPER_UNPRINTABLE_MM;
}

int render_preflight(tmpl *t, const render_opts *o, lint_checks checks, lint_report report,
                     void *user, int *sheet, pn_err *err)
{
    int pages = o->pages > 0 ? o->pages : render_sheet_count(t, o, err);
    if (pages < 0) return -1;
    int found = 0;
    for (int p = 0; p < pages; p++) {
        if (sheet) *sheet = p + 1;
        scene *s = render_sheet(t, o, p, err);
        if (!s) return -1;
        int n = scene_lint(s, preflight_border(scene_width(s), scene_height(s)), checks, report,
                           user, err);
        scene_free(s);
        if (n < 0) return -1;
        found += n;
    }
    return found;
}

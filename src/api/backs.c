/* backs.c: the settings of a document with backs (render --backs, lint
 * --backs): which template each --set is for, and the backs template opened
 * for a front, with the settings it has parameters for. */
#include <string.h>
#include "api/api.h"
#include "template/tmpl.h"

/* The parameter of t that the setting NAME=VALUE names, or NULL. */
static tmpl_param *set_param(const tmpl *t, const char *assignment)
{
    const char *eq = strchr(assignment, '=');
    if (!eq) return NULL;
    char *name = g_strndup(assignment, (gsize)(eq - assignment));
    tmpl_param *p = tmpl_param_find(t, name);
    g_free(name);
    return p;
}

bool api_set_is_fronts(const tmpl *front, const char *assignment)
{
    return set_param(front, assignment) != NULL;
}

tmpl *api_open_backs(const char *path, const char *const *set, const tmpl *front, pn_err *err)
{
    /* A back reads its card's row of the fronts' data (unless it has its own). */
    tmpl *b = tmpl_open_backs(path, front, err);
    if (!b) return NULL;
    int rc = 0;
    for (const char *const *s = set; s && *s && !rc; s++) {
        if (set_param(b, *s)) {                /* the backs' own, or a setting of both */
            if ((rc = tmpl_set(b, *s, err))) { /* the backs' bounds may not be the fronts' */
                pn_err why = *err;
                pn_err_set(err, why.status, "the backs (%s): %s", b->file, why.msg);
            }
        } else if (!set_param(front, *s)) {
            const char *eq = strchr(*s, '=');
            rc = eq && eq != *s ? pn_err_set(err, PN_EINPUT,
                                             "setting %s: neither template %s nor its backs %s "
                                             "has a parameter '%.*s'",
                                             *s, front->name, b->name, (int)(eq - *s), *s)
                                : tmpl_set(b, *s, err); /* not NAME=VALUE */
        }
    }
    if (!rc) rc = tmpl_resolve(b, err);
    if (rc) {
        tmpl_free(b);
        return NULL;
    }
    return b;
}

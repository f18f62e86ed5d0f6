/* list.c: the public interface's listings: every template a name can reach,
 * with its parameters (pnpkit_templates, pnpkit_templates_all), and every
 * component with its properties (pnpkit_components). */
#include <glib.h>
#include <stdbool.h>
#include <string.h>
#include "api/api.h"
#include "components/comp.h"
#include "pnpkit.h"
#include "template/tmpl.h"
#include "util/value.h"

typedef struct template_list {
    pnpkit_template_list pub; /* first: the caller holds a pointer to it */
    GStringChunk *strings;
    GPtrArray *choices; /* char**: the enums' choices, freed with the list */
    pnpkit_template *items;
    pnpkit_param *params;
    pnpkit_error *errors; /* one per item (pnpkit_templates_all) */
} template_list;

static const char *keep(GStringChunk *c, const char *s)
{
    return s ? g_string_chunk_insert_const(c, s) : NULL;
}

/* The public form of a parameter or property spec, its strings kept in c
 * and its choices in choices. */
static pnpkit_param public_param(GStringChunk *c, GPtrArray *choices, const pv_spec *spec)
{
    char *d = pv_describe(spec);
    pnpkit_param pp = {.name = keep(c, spec->name),
                       .type = keep(c, pv_type_name(spec->type)),
                       .def = keep(c, spec->def),
                       .bounds = keep(c, d),
                       .help = keep(c, spec->help),
                       .step = spec->step};
    g_free(d);
    if (spec->type != PV_ENUM && spec->type != PV_BOOL && spec->type != PV_COLOR) {
        pp.has_range = 1;
        pv_bounds(spec, &pp.min, &pp.max);
    }
    if (spec->choices) {
        char **v = g_strsplit(spec->choices, "|", -1);
        g_ptr_array_add(choices, v);
        pp.choices = (const char *const *)v;
    }
    return pp;
}

/* Every template; all: one that cannot be read is listed with its error,
 * else it stops the list (NULL with err). */
static pnpkit_template_list *list_templates(bool all, pnpkit_error *err)
{
    GPtrArray *entries = tmpl_list();
    template_list *l = g_new0(template_list, 1);
    guint n = entries->len ? entries->len : 1;
    l->strings = g_string_chunk_new(4096);
    l->choices = g_ptr_array_new_with_free_func((GDestroyNotify)g_strfreev);
    l->items = g_new0(pnpkit_template, n);
    if (all) l->errors = g_new0(pnpkit_error, n);
    GArray *params = g_array_new(FALSE, TRUE, sizeof(pnpkit_param));
    GArray *firsts = g_array_new(FALSE, TRUE, sizeof(guint));
    pn_err e = {0};
    int rc = 0;
    for (guint k = 0; k < entries->len && !rc; k++) {
        const tmpl_entry *te = g_ptr_array_index(entries, k);
        pnpkit_template *it = &l->items[k];
        it->name = keep(l->strings, te->name);
        it->origin = keep(l->strings, te->origin);
        it->path = keep(l->strings, te->path);
        it->hides = keep(l->strings, te->hides);
        guint first = params->len;
        g_array_append_val(firsts, first);
        l->pub.n = k + 1;
        tmpl *t = tmpl_open(te->name, &e);
        if (!t) {
            if (!all) {
                rc = -1;
                break;
            }
            api_error_from(&e, &l->errors[k]);
            it->error = &l->errors[k];
            it->title = it->description = it->game = "";
            memset(&e, 0, sizeof e);
            continue;
        }
        it->title = keep(l->strings, t->title ? t->title : "");
        it->description = keep(l->strings, t->description ? t->description : "");
        it->game = keep(l->strings, t->game ? t->game : "");
        it->seeded = t->seeded;
        it->paper = keep(l->strings, t->paper);
        it->landscape = t->landscape;
        it->n_params = t->params->len;
        for (guint i = 0; i < t->params->len; i++) {
            const tmpl_param *p = g_ptr_array_index(t->params, i);
            pnpkit_param pp = public_param(l->strings, l->choices, &p->spec);
            g_array_append_val(params, pp);
        }
        tmpl_free(t);
    }
    l->params = (pnpkit_param *)(void *)g_array_free(params, FALSE);
    for (size_t k = 0; k < l->pub.n; k++)
        l->items[k].params = l->params + g_array_index(firsts, guint, k);
    g_array_free(firsts, TRUE);
    g_ptr_array_unref(entries);
    l->pub.items = l->items;
    if (rc) {
        api_error_from(&e, err);
        pnpkit_template_list_free(&l->pub);
        return NULL;
    }
    return &l->pub;
}

pnpkit_template_list *pnpkit_templates(pnpkit_ctx *ctx, pnpkit_error *err)
{
    (void)ctx;
    return list_templates(false, err);
}

pnpkit_template_list *pnpkit_templates_all(pnpkit_ctx *ctx)
{
    (void)ctx;
    return list_templates(true, NULL);
}

void pnpkit_template_list_free(pnpkit_template_list *list)
{
    if (!list) return;
    template_list *l = (template_list *)list;
    g_string_chunk_free(l->strings);
    g_ptr_array_unref(l->choices);
    g_free(l->items);
    g_free(l->params);
    g_free(l->errors);
    g_free(l);
}

/* ---- components ---- */

typedef struct component_list {
    pnpkit_component_list pub; /* first: the caller holds a pointer to it */
    GStringChunk *strings;
    GPtrArray *choices; /* char**: the enums' choices */
    pnpkit_component *items;
    pnpkit_param *props;
} component_list;

pnpkit_component_list *pnpkit_components(void)
{
    size_t n = 0, nprops = 0;
    for (const comp_type *const *t = comp_types; *t; t++, n++)
        for (const pv_spec *p = (*t)->props; p->name; p++)
            nprops++;
    component_list *l = g_new0(component_list, 1);
    l->strings = g_string_chunk_new(4096);
    l->choices = g_ptr_array_new_with_free_func((GDestroyNotify)g_strfreev);
    l->items = g_new0(pnpkit_component, n ? n : 1);
    l->props = g_new0(pnpkit_param, nprops ? nprops : 1);
    size_t k = 0, j = 0;
    for (const comp_type *const *t = comp_types; *t; t++, k++) {
        pnpkit_component *c = &l->items[k];
        c->name = keep(l->strings, (*t)->name);
        c->help = keep(l->strings, (*t)->help);
        c->props = l->props + j;
        for (const pv_spec *p = (*t)->props; p->name; p++, c->n_props++)
            l->props[j++] = public_param(l->strings, l->choices, p);
    }
    l->pub.n = n;
    l->pub.items = l->items;
    return &l->pub;
}

void pnpkit_component_list_free(pnpkit_component_list *list)
{
    if (!list) return;
    component_list *l = (component_list *)list;
    g_string_chunk_free(l->strings);
    g_ptr_array_unref(l->choices);
    g_free(l->items);
    g_free(l->props);
    g_free(l);
}

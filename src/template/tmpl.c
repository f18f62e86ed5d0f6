/* tmpl.c: loading templates, parameters and --set, and resolving components. */
#include "template/tmpl.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/paths.h"
#include "util/resources.h"

static const char *const top_keys[] = {"name",   "title", "description", "game", "seeded",
                                       "params", "page",  "components",  "data", "fonts",
                                       "styles", "scan",  NULL};
static const char *const param_keys[] = {"type", "default", "min",  "max",
                                         "step", "choices", "help", NULL};
static const char *const page_keys[] = {"paper", "orientation", "margin",
                                        "fit",   "background",  NULL};

static bool valid_name(const char *s)
{
    if (!s || !*s || strlen(s) > 40) return false;
    if (!g_ascii_isalpha(s[0]) && s[0] != '_') return false;
    for (const char *p = s; *p; p++)
        if (!g_ascii_isalnum(*p) && *p != '_' && *p != '-' && *p != '.') return false;
    return true;
}

void tmpl_free(tmpl *t)
{
    if (!t) return;
    if (t->params) {
        for (guint i = 0; i < t->params->len; i++)
            g_free(g_ptr_array_index(t->params, i));
        g_ptr_array_free(t->params, TRUE);
    }
    if (t->comps) tmpl_comps_clear(t->comps);
    if (t->comps) g_ptr_array_free(t->comps, TRUE);
    if (t->items) g_ptr_array_free(t->items, TRUE);
    pv_pool_free(t->pool);
    tmpl_data_free(t->data);
    if (t->fonts) g_ptr_array_free(t->fonts, TRUE);
    pn_yml_free(t->doc);
    g_free(t->file);
    g_free(t->dir);
    g_free(t->origin);
    g_free(t);
}

tmpl_param *tmpl_param_find(const tmpl *t, const char *name)
{
    for (guint i = 0; i < t->params->len; i++) {
        tmpl_param *p = g_ptr_array_index(t->params, i);
        if (!strcmp(p->spec.name, name)) return p;
    }
    return NULL;
}

/* Reads an optional scalar field of a mapping as text. */
static int opt_text(const tmpl *t, struct fy_node *m, const char *key, const char **out,
                    pn_err *err)
{
    struct fy_node *n = pn_yml_get(m, key);
    if (!n) return 0;
    return pn_yml_str(t->doc, n, out, err);
}

static int bound(const tmpl *t, struct fy_node *n, pv_type type, double *out, pn_err *err)
{
    const char *s;
    if (pn_yml_str(t->doc, n, &s, err)) return -1;
    char *end;
    if (type == PV_LENGTH) {
        if (pv_length_mm(s, out)) return 0;
    } else {
        *out = g_ascii_strtod(s, &end);
        if (end != s && !*end && *out > -1e10 && *out < 1e10) return 0;
    }
    return pn_yml_err(err, t->doc, n, "'%s' is not a valid bound", s);
}

static int load_param(tmpl *t, struct fy_node *key, struct fy_node *def, pn_err *err)
{
    const char *name = pn_yml_scalar(key);
    if (!valid_name(name))
        return pn_yml_err(err, t->doc, key,
                          "'%s' is not a valid parameter name (letters, digits, _ and -)",
                          name ? name : "");
    if (tmpl_param_find(t, name))
        return pn_yml_err(err, t->doc, key, "parameter '%s' is declared twice", name);
    if (t->params->len >= TMPL_MAX_PARAMS)
        return pn_yml_err(err, t->doc, key, "more than %d parameters", TMPL_MAX_PARAMS);
    if (pn_yml_check_keys(t->doc, def, param_keys, err)) return -1;
    tmpl_param *p = g_new0(tmpl_param, 1);
    g_ptr_array_add(t->params, p);
    p->node = key;
    p->spec.name = name;
    struct fy_node *tn = pn_yml_get(def, "type");
    const char *type;
    if (!tn) return pn_yml_err(err, t->doc, def, "parameter '%s' needs a type", name);
    if (pn_yml_str(t->doc, tn, &type, err)) return -1;
    if (!pv_type_from_name(type, &p->spec.type))
        return pn_yml_err(err, t->doc, tn,
                          "unknown type '%s' (int, number, length, colour, string, enum, "
                          "bool, list, numbers)",
                          type);
    if (opt_text(t, def, "help", &p->spec.help, err)) return -1;
    struct fy_node *mn = pn_yml_get(def, "min"), *xn = pn_yml_get(def, "max");
    if (mn && bound(t, mn, p->spec.type, &p->spec.min, err)) return -1;
    if (xn && bound(t, xn, p->spec.type, &p->spec.max, err)) return -1;
    if ((mn || xn) && p->spec.min > p->spec.max)
        return pn_yml_err(err, t->doc, mn ? mn : xn, "min is larger than max");
    if (mn && !xn) {
        double lo, hi;
        pv_spec tmp = p->spec;
        tmp.min = tmp.max = 0;
        pv_bounds(&tmp, &lo, &hi);
        p->spec.max = hi;
    }
    struct fy_node *stn = pn_yml_get(def, "step");
    if (stn) {
        long step;
        if (p->spec.type != PV_INT)
            return pn_yml_err(err, t->doc, stn, "step is only for int parameters");
        if (pn_yml_int(t->doc, stn, 1, 1000000, &step, err)) return -1;
        p->spec.step = (double)step;
    }
    struct fy_node *cn = pn_yml_get(def, "choices");
    if (p->spec.type == PV_ENUM) {
        if (!cn || fy_node_get_type(cn) != FYNT_SEQUENCE || fy_node_sequence_item_count(cn) < 1)
            return pn_yml_err(err, t->doc, cn ? cn : def, "an enum needs a list of choices");
        GString *s = g_string_new(NULL);
        void *it = NULL;
        for (struct fy_node *c; (c = fy_node_sequence_iterate(cn, &it));) {
            const char *v = pn_yml_scalar(c);
            if (!v || !*v || strchr(v, '|')) {
                g_string_free(s, TRUE);
                return pn_yml_err(err, t->doc, c, "a choice must be a plain word");
            }
            g_string_append_printf(s, "%s%s", s->len ? "|" : "", v);
        }
        p->spec.choices = pv_pool_str(t->pool, s->str);
        g_string_free(s, TRUE);
    } else if (cn) {
        return pn_yml_err(err, t->doc, cn, "choices are only for enum parameters");
    }
    struct fy_node *dn = pn_yml_get(def, "default");
    if (!dn) return pn_yml_err(err, t->doc, def, "parameter '%s' needs a default", name);
    char why[512];
    if (fy_node_get_type(dn) == FYNT_SEQUENCE) {
        GPtrArray *items = g_ptr_array_new();
        void *it = NULL;
        for (struct fy_node *c; (c = fy_node_sequence_iterate(dn, &it));) {
            const char *v = pn_yml_scalar(c);
            if (!v) {
                g_ptr_array_free(items, TRUE);
                return pn_yml_err(err, t->doc, c, "list items must be plain values");
            }
            g_ptr_array_add(items, (gpointer)v);
        }
        int rc = pv_parse_list(&p->spec, (const char *const *)items->pdata, items->len, t->pool,
                               &p->value, why, sizeof why);
        g_ptr_array_free(items, TRUE);
        if (rc) return pn_yml_err(err, t->doc, dn, "default of '%s': %s", name, why);
    } else {
        const char *v;
        if (pn_yml_str(t->doc, dn, &v, err)) return -1;
        if (pv_parse(&p->spec, v, t->pool, &p->value, why, sizeof why))
            return pn_yml_err(err, t->doc, dn, "default of '%s': %s", name, why);
    }
    char *d = pv_format(&p->value);
    p->spec.def = pv_pool_str(t->pool, d);
    g_free(d);
    return 0;
}

int tmpl_colour_missing(const tmpl *t, struct fy_node *n, const char *what, pn_err *err)
{
    char word[64];
    int line, col;
    if (pn_yml_comment_value(t->doc, n, word, sizeof word, &line, &col))
        return pn_err_at(err, t->file, line, col,
                         "%s: no colour: YAML reads %s as a comment; quote colours: '%s'", what,
                         word, word);
    return pn_yml_err(err, t->doc, n, "%s: expected a colour (#rrggbb or a CSS colour name)", what);
}

static int load_page(tmpl *t, struct fy_node *pg, pn_err *err)
{
    if (pn_yml_check_keys(t->doc, pg, page_keys, err)) return -1;
    if (opt_text(t, pg, "paper", &t->paper, err)) return -1;
    if (pn_yml_get(pg, "paper")) {
        pn_yml_place(t->doc, pn_yml_get(pg, "paper"), &t->paper_line, &t->paper_col);
        t->paper_line += t->doc->line0;
    }
    struct fy_node *on = pn_yml_get(pg, "orientation");
    if (on) {
        const char *o;
        t->oriented = true;
        if (pn_yml_str(t->doc, on, &o, err)) return -1;
        if (!strcmp(o, "landscape"))
            t->landscape = true;
        else if (strcmp(o, "portrait"))
            return pn_yml_err(err, t->doc, on, "orientation must be portrait or landscape");
    }
    struct fy_node *fn = pn_yml_get(pg, "fit");
    if (fn) {
        const char *f;
        if (pn_yml_str(t->doc, fn, &f, err)) return -1;
        if (!strcmp(f, "flow"))
            t->fit = TMPL_FIT_FLOW;
        else if (!strcmp(f, "scale"))
            t->fit = TMPL_FIT_SCALE;
        else if (strcmp(f, "auto"))
            return pn_yml_err(err, t->doc, fn, "fit must be auto, scale or flow");
    }
    struct fy_node *bn = pn_yml_get(pg, "background");
    if (bn) {
        const char *c;
        if (pn_yml_is_null(bn)) return tmpl_colour_missing(t, bn, "background", err);
        if (pn_yml_str(t->doc, bn, &c, err)) return -1;
        if (strchr(c, '$'))
            t->background_node = bn; /* resolved with the parameters and the row */
        else if (!pn_rgba_parse(c, &t->background))
            return pn_yml_err(err, t->doc, bn,
                              "background: '%s' is not a colour (#rrggbb, a CSS colour name, or "
                              "$name of a parameter or column)",
                              c);
    }
    struct fy_node *mn = pn_yml_get(pg, "margin");
    if (mn) {
        const char *m;
        if (pn_yml_str(t->doc, mn, &m, err)) return -1;
        if (!pv_length_mm(m, &t->margin) || t->margin < 0 || t->margin > 50)
            return pn_yml_err(err, t->doc, mn, "margin must be a length from 0 to 50mm");
    }
    return 0;
}

static void item_free(gpointer p)
{
    tmpl_item *it = p;
    if (it->items) g_ptr_array_free(it->items, TRUE);
    g_free(it);
}

static const char *const repeat_keys[] = {"for", "when", "components", NULL};

static int load_items(tmpl *t, struct fy_node *seq, GPtrArray *into, int depth, pn_err *err);

static int load_component(tmpl *t, struct fy_node *n, GPtrArray *into, int depth, pn_err *err)
{
    if (pn_yml_expect(t->doc, n, FYNT_MAPPING, "a component (a mapping with a type)", err))
        return -1;
    if (t->written >= TMPL_MAX_COMPONENTS)
        return pn_yml_err(err, t->doc, n, "more than %d components", TMPL_MAX_COMPONENTS);
    t->written++;
    if (pn_yml_get(n, "for")) {
        if (pn_yml_check_keys(t->doc, n, repeat_keys, err)) return -1;
        if (depth >= TMPL_MAX_REPEAT_DEPTH)
            return pn_yml_err(err, t->doc, pn_yml_get(n, "for"), "repeats nested more than %d deep",
                              TMPL_MAX_REPEAT_DEPTH);
        struct fy_node *cs = pn_yml_get(n, "components");
        if (!cs) return pn_yml_err(err, t->doc, n, "a repeat needs its list of components");
        if (pn_yml_expect(t->doc, cs, FYNT_SEQUENCE, "a list of components", err)) return -1;
        tmpl_item *r = g_new0(tmpl_item, 1);
        r->node = n;
        pn_yml_mark(pn_yml_get(n, "for"), &r->line, &r->col);
        r->items = g_ptr_array_new_with_free_func(item_free);
        g_ptr_array_add(into, r);
        return load_items(t, cs, r->items, depth + 1, err);
    }
    struct fy_node *tn = pn_yml_get(n, "type");
    const char *type;
    if (!tn) return pn_yml_err(err, t->doc, n, "a component needs a type (or a repeat, for:)");
    if (pn_yml_str(t->doc, tn, &type, err)) return -1;
    const comp_type *ct = comp_find(type);
    if (!ct) {
        GString *names = g_string_new(NULL);
        for (const comp_type *const *c = comp_types; *c; c++)
            g_string_append_printf(names, "%s%s", names->len ? ", " : "", (*c)->name);
        pn_yml_err(err, t->doc, tn, "unknown component type '%s' (known: %s)", type, names->str);
        g_string_free(names, TRUE);
        return -1;
    }
    size_t np = 0;
    while (ct->props[np].name)
        np++;
    const char **keys = g_new0(const char *, np + 3);
    keys[0] = "type";
    keys[1] = "when";
    for (size_t i = 0; i < np; i++)
        keys[i + 2] = ct->props[i].name;
    int rc = pn_yml_check_keys(t->doc, n, keys, err);
    g_free(keys);
    if (rc) return -1;
    tmpl_item *c = g_new0(tmpl_item, 1);
    c->type = ct;
    c->node = n;
    pn_yml_mark(n, &c->line, &c->col);
    g_ptr_array_add(into, c);
    return 0;
}

static int load_items(tmpl *t, struct fy_node *seq, GPtrArray *into, int depth, pn_err *err)
{
    void *it = NULL;
    for (struct fy_node *c; (c = fy_node_sequence_iterate(seq, &it));)
        if (load_component(t, c, into, depth, err)) return -1;
    return 0;
}

/* data: a CSV file beside the template, or rows written as a list of
 * mappings (the first one's keys name the columns). */
static int load_data(tmpl *t, struct fy_node *dn, pn_err *err)
{
    const char *path = pn_yml_scalar(dn);
    if (path) {
        const char *denied = tmpl_no_files(t);
        if (denied) return pn_yml_err(err, t->doc, dn, "data: %s", denied);
        const char *refused;
        char *full = tmpl_file_path(t, path, &refused);
        if (!full) return pn_yml_err(err, t->doc, dn, "data: %s: %s", path, refused);
        tmpl_data *d = tmpl_data_read_csv(full, err);
        g_free(full);
        if (!d && err->status == PN_EIO) {
            pn_err why = *err;
            return pn_yml_err(err, t->doc, dn, "data: %s", why.msg);
        }
        return d ? tmpl_set_data(t, d, err) : -1;
    }
    if (pn_yml_expect(t->doc, dn, FYNT_SEQUENCE, "a CSV file name or a list of rows", err))
        return -1;
    tmpl_data *d = NULL;
    void *it = NULL;
    int rc = 0;
    for (struct fy_node *row; !rc && (row = fy_node_sequence_iterate(dn, &it));) {
        if ((rc = pn_yml_expect(t->doc, row, FYNT_MAPPING, "a row (a mapping of columns)", err)))
            break;
        if (!d) {
            GPtrArray *cols = g_ptr_array_new();
            void *ki = NULL;
            for (struct fy_node_pair *p; (p = fy_node_mapping_iterate(row, &ki));)
                g_ptr_array_add(cols, (gpointer)pn_yml_scalar(fy_node_pair_key(p)));
            g_ptr_array_add(cols, NULL);
            d = tmpl_data_new(t->file, (const char *const *)cols->pdata);
            g_ptr_array_free(cols, TRUE);
        }
        if (d->rows->len >= TMPL_DATA_MAX_ROWS) {
            rc = pn_yml_err(err, t->doc, row, "data: more than %d rows", TMPL_DATA_MAX_ROWS);
            break;
        }
        const char **vals = g_new0(const char *, d->cols->len + 1);
        void *ki = NULL;
        for (struct fy_node_pair *p; !rc && (p = fy_node_mapping_iterate(row, &ki));) {
            const char *k = pn_yml_scalar(fy_node_pair_key(p));
            int c = k ? tmpl_data_col(d, k) : -1;
            if (c < 0)
                rc = pn_yml_err(err, t->doc, fy_node_pair_key(p),
                                "data: '%s' is not a column of the first row", k ? k : "");
            else if (!(vals[c] = pn_yml_scalar(fy_node_pair_value(p))))
                rc = pn_yml_err(err, t->doc, fy_node_pair_value(p), "data: expected a value");
        }
        int line, col;
        pn_yml_mark(row, &line, &col);
        if (!rc) tmpl_data_add_row(d, vals, line);
        g_free(vals);
    }
    if (!rc && !d) rc = pn_yml_err(err, t->doc, dn, "data: no rows");
    if (rc) {
        tmpl_data_free(d);
        return -1;
    }
    return tmpl_set_data(t, d, err);
}

/* fonts: font files beside the template, whose families `font:` may name. */
static int load_fonts(tmpl *t, struct fy_node *fn, pn_err *err)
{
    if (pn_yml_is_null(fn)) return 0;
    if (pn_yml_expect(t->doc, fn, FYNT_SEQUENCE, "a list of font files", err)) return -1;
    void *it = NULL;
    for (struct fy_node *c; (c = fy_node_sequence_iterate(fn, &it));) {
        const char *path;
        if (pn_yml_str(t->doc, c, &path, err)) return -1;
        const char *denied = tmpl_no_files(t);
        if (denied) return pn_yml_err(err, t->doc, c, "fonts: %s", denied);
        if (t->fonts->len >= PN_FONT_FILES_MAX)
            return pn_yml_err(err, t->doc, c, "fonts: more than %d font files", PN_FONT_FILES_MAX);
        if (!*path) return pn_yml_err(err, t->doc, c, "fonts: the file name is empty");
        const char *refused;
        char *full = tmpl_file_path(t, path, &refused);
        if (!full) return pn_yml_err(err, t->doc, c, "fonts: %s: %s", path, refused);
        pn_font_file *f = pn_font_file_probe(full, err);
        g_free(full);
        if (!f) {
            pn_err why = *err;
            return pn_yml_err(err, t->doc, c, "fonts: %s: %s", path, why.msg);
        }
        g_ptr_array_add(t->fonts, f);
    }
    return 0;
}

int tmpl_set_data(tmpl *t, tmpl_data *d, pn_err *err)
{
    for (guint i = 0; i < d->cols->len; i++) {
        const char *c = g_ptr_array_index(d->cols, i);
        if (tmpl_param_find(t, c)) {
            /* the header: its line in a CSV file, the first row written in
             * the template */
            int line = d->header_line > 0 ? d->header_line
                       : d->lines->len    ? g_array_index(d->lines, int, 0)
                                          : 1;
            pn_err_at(err, d->file, line, 1, "column '%s' is also a parameter of %s; rename one", c,
                      t->name);
            tmpl_data_free(d);
            return -1;
        }
    }
    int c = tmpl_data_col(d, "count");
    for (guint r = 0; c >= 0 && r < d->rows->len; r++) {
        const char *v = ((char **)g_ptr_array_index(d->rows, r))[c];
        char *end;
        long n = strtol(v, &end, 10);
        if (end == v || *end || n < 0 || n > TMPL_MAX_COUNT) {
            pn_err_at(err, d->file, g_array_index(d->lines, int, r), 0,
                      "count '%s' (row %u): a whole number of copies, 0 to %d", v, r + 1,
                      TMPL_MAX_COUNT);
            tmpl_data_free(d);
            return -1;
        }
    }
    tmpl_data_free(t->data);
    t->data = d;
    t->row = 0;
    t->card = 1;
    t->cards = tmpl_cards(t);
    if (t->cards == 0)
        return pn_err_at(err, d->file, d->header_line, d->header_line ? 1 : 0,
                         "every count is 0: the data makes no cards");
    return 0;
}

const tmpl_data *tmpl_data_of(const tmpl *t)
{
    return t->data ? t->data : t->rows_of ? t->rows_of->data : NULL;
}

/* Copies of row r: its count, or 1 without a count column. */
static int row_count(const tmpl_data *d, int c, guint r)
{
    return c < 0 ? 1 : atoi(((char **)g_ptr_array_index(d->rows, r))[c]);
}

int tmpl_cards(const tmpl *t)
{
    const tmpl_data *d = tmpl_data_of(t);
    if (!d) return 1;
    int c = tmpl_data_col(d, "count");
    long n = 0;
    for (guint r = 0; r < d->rows->len; r++)
        n += row_count(d, c, r);
    return n > INT_MAX ? INT_MAX : (int)n;
}

int tmpl_cards_within(const tmpl *t, int max, pn_err *err)
{
    const tmpl_data *d = tmpl_data_of(t);
    if (!d) return 0;
    int c = tmpl_data_col(d, "count");
    long n = 0;
    for (guint r = 0; r < d->rows->len; r++) {
        n += row_count(d, c, r);
        if (n > max)
            return pn_err_at(err, d->file, g_array_index(d->lines, int, r), 1,
                             "the data makes %d cards (its counts), at most %d: this row passes "
                             "the limit",
                             tmpl_cards(t), max);
    }
    return 0;
}

int tmpl_select_card(tmpl *t, int sheet, pn_err *err)
{
    const tmpl_data *d = tmpl_data_of(t);
    if (!d) return 0;
    int n = tmpl_cards(t), k = n > 0 ? sheet % n : 0, c = tmpl_data_col(d, "count");
    guint r = 0;
    for (int left = k; r < d->rows->len; r++) {
        int m = row_count(d, c, r);
        if (left < m) break;
        left -= m;
    }
    if ((int)r == t->row && t->card == k + 1 && t->cards == n && t->comps->len) return 0;
    t->row = (int)r;
    t->card = k + 1;
    t->cards = n;
    return tmpl_resolve(t, err);
}

int tmpl_read_data(tmpl *t, const char *csv_path, pn_err *err)
{
    tmpl_data *d = tmpl_data_read_csv(csv_path, err);
    return d ? tmpl_set_data(t, d, err) : -1;
}

int tmpl_rows(const tmpl *t)
{
    return t->data ? (int)t->data->rows->len : 0;
}

int tmpl_select_row(tmpl *t, int row, pn_err *err)
{
    if (!t->data || row == t->row) return 0;
    t->row = row;
    return tmpl_resolve(t, err);
}

static int load_root(tmpl *t, pn_err *err)
{
    struct fy_node *root = pn_yml_root(t->doc);
    if (!root) return pn_err_at(err, t->file, 1, 1, "the template is empty");
    if (pn_yml_check_keys(t->doc, root, top_keys, err)) return -1;
    struct fy_node *nn = pn_yml_get(root, "name");
    if (!nn) return pn_yml_err(err, t->doc, root, "a template needs a name");
    if (pn_yml_str(t->doc, nn, &t->name, err)) return -1;
    if (!valid_name(t->name))
        return pn_yml_err(err, t->doc, nn, "'%s' is not a valid template name", t->name);
    if (opt_text(t, root, "title", &t->title, err)) return -1;
    if (opt_text(t, root, "description", &t->description, err)) return -1;
    if (opt_text(t, root, "game", &t->game, err)) return -1;
    if (!t->title) t->title = t->name;
    if (!t->description) t->description = "";
    struct fy_node *sn = pn_yml_get(root, "seeded");
    if (sn && pn_yml_bool(t->doc, sn, &t->seeded, err)) return -1;
    struct fy_node *scn = pn_yml_get(root, "scan");
    if (scn && pn_yml_bool(t->doc, scn, &t->scan, err)) return -1;
    if (scn) {
        pn_yml_place(t->doc, scn, &t->scan_line, &t->scan_col);
        t->scan_line += t->doc->line0;
    }
    struct fy_node *pn = pn_yml_get(root, "params");
    if (pn && !pn_yml_is_null(pn)) {
        if (pn_yml_expect(t->doc, pn, FYNT_MAPPING, "a mapping of parameters", err)) return -1;
        void *it = NULL;
        for (struct fy_node_pair *p; (p = fy_node_mapping_iterate(pn, &it));)
            if (load_param(t, fy_node_pair_key(p), fy_node_pair_value(p), err)) return -1;
    }
    /* styles: a mapping of named values for YAML anchors, reused with
     * "<<: *name" (merged when the file was read); nothing else reads it. */
    struct fy_node *sty = pn_yml_get(root, "styles");
    if (sty && !pn_yml_is_null(sty) &&
        pn_yml_expect(t->doc, sty, FYNT_MAPPING, "a mapping of named styles", err))
        return -1;
    struct fy_node *pg = pn_yml_get(root, "page");
    if (pg && load_page(t, pg, err)) return -1;
    struct fy_node *cs = pn_yml_get(root, "components");
    if (!cs) return pn_yml_err(err, t->doc, root, "a template needs a list of components");
    if (pn_yml_expect(t->doc, cs, FYNT_SEQUENCE, "a list of components", err)) return -1;
    if (load_items(t, cs, t->items, 0, err)) return -1;
    struct fy_node *fn = pn_yml_get(root, "fonts");
    if (fn && load_fonts(t, fn, err)) return -1;
    struct fy_node *dn = pn_yml_get(root, "data");
    if (t->csv) {
        if (tmpl_read_data(t, t->csv, err)) return -1;
    } else if (dn && load_data(t, dn, err)) {
        return -1;
    }
    return tmpl_resolve(t, err);
}

/* A template is one YAML document, but libfyaml reads only the first of a
 * stream. Returns the line (1-based) of the first content after the first
 * document ends (a "---" or "..." at column 0 after content), or 0. Such
 * markers end a document wherever they stand, even inside a block scalar. */
static int second_document(const char *text)
{
    bool content = false, ended = false;
    int line = 0;
    for (const char *p = text; *p;) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        line++;
        const char *rest = p;
        bool marker = n >= 3 && (!strncmp(p, "---", 3) || !strncmp(p, "...", 3)) &&
                      (n == 3 || p[3] == ' ' || p[3] == '\t' || p[3] == '\r');
        if (marker) {
            if (content) ended = true;
            rest = p + 3;
        }
        while (rest < p + n && (*rest == ' ' || *rest == '\t' || *rest == '\r'))
            rest++;
        bool blank = rest == p + n || *rest == '#' || (!content && !marker && *p == '%');
        if (!blank) {
            if (ended) return line;
            content = true;
        }
        p = e ? e + 1 : p + n;
    }
    return 0;
}

/* The CSV file to merge instead of the template's own data (--data), read
 * before the first resolve so that its columns are known. */
static tmpl *from_doc_in(pn_yml *doc, const char *origin, const char *csv, const char *dir,
                         const tmpl *rows_of, pn_err *err);

static tmpl *from_doc(pn_yml *doc, const char *origin, pn_err *err)
{
    return from_doc_in(doc, origin, NULL, NULL, NULL, err);
}

static tmpl *from_doc_data(pn_yml *doc, const char *origin, const char *csv, const tmpl *rows_of,
                           pn_err *err)
{
    return from_doc_in(doc, origin, csv, NULL, rows_of, err);
}

static tmpl *from_doc_in(pn_yml *doc, const char *origin, const char *csv, const char *dir,
                         const tmpl *rows_of, pn_err *err)
{
    if (!doc) return NULL;
    int second = doc->buf ? second_document(doc->buf) : 0;
    if (second) {
        pn_err_at(err, doc->file, second, 1,
                  "a template is one YAML document, but a second one starts here; remove it or "
                  "the '---' before it");
        pn_yml_free(doc);
        return NULL;
    }
    tmpl *t = g_new0(tmpl, 1);
    t->doc = doc;
    t->file = g_strdup(doc->file);
    t->origin = g_strdup(origin);
    t->dir = g_strdup(dir);
    t->pool = pv_pool_new();
    t->params = g_ptr_array_new();
    t->comps = g_ptr_array_new();
    t->items = g_ptr_array_new_with_free_func(item_free);
    t->fonts = g_ptr_array_new_with_free_func((GDestroyNotify)pn_font_file_free);
    t->paper = "a4";
    t->card = t->cards = 1;
    t->margin = 10;
    t->csv = csv;
    t->rows_of = rows_of;
    if (rows_of) t->cards = tmpl_cards(t);
    int rc = load_root(t, err);
    t->csv = NULL;
    if (rc) {
        tmpl_free(t);
        return NULL;
    }
    return t;
}

tmpl *tmpl_load_file(const char *path, pn_err *err)
{
    return from_doc(pn_yml_load_file(path, err), "file", err);
}

tmpl *tmpl_load_buffer(const char *file, const char *buf, size_t len, pn_err *err)
{
    return from_doc(pn_yml_load_buffer(file, buf, len, err), "text", err);
}

tmpl *tmpl_load_buffer_saved(const char *file, const char *dir, const char *buf, size_t len,
                             pn_err *err)
{
    return from_doc_in(pn_yml_load_buffer(file, buf, len, err), "user", NULL, dir, NULL, err);
}

bool tmpl_confined(const tmpl *t)
{
    return !strcmp(t->origin, "user") || !strcmp(t->origin, "installed");
}

char *tmpl_file_path(const tmpl *t, const char *name, const char **why)
{
    *why = NULL;
    char *dir = t->dir ? g_strdup(t->dir) : g_path_get_dirname(t->file);
    if (tmpl_confined(t)) {
        char *full = pn_paths_beside(dir, name, why);
        g_free(dir);
        return full;
    }
    char *full = pn_paths_inside(dir, name, why);
    g_free(dir);
    return full;
}

const char *tmpl_no_files(const tmpl *t)
{
    if (!strcmp(t->origin, "built-in")) return "a built-in template reads no files";
    if (!strcmp(t->origin, "text"))
        return "a template given as text reads no files (save it in the template folder and "
               "use it by name)";
    return NULL;
}

/* Where the template called name lives: its origin and path ("templates/NAME.yaml"
 * for an embedded one, with *res set). false when there is none. */
static bool find_named(const char *name, const char **origin, char **path, const pn_resource **res)
{
    char *file = g_strdup_printf("%s.yaml", name);
    *res = NULL;
    *path = g_build_filename(pn_paths_user_templates(), file, NULL);
    *origin = "user";
    /* a symbolic link in the template folder is not a template: it could
     * point anywhere */
    if (!g_file_test(*path, G_FILE_TEST_IS_REGULAR) || g_file_test(*path, G_FILE_TEST_IS_SYMLINK)) {
        g_free(*path);
        *path = g_strdup_printf("templates/%s", file);
        *origin = "built-in";
        if (!(*res = pn_resource_find(*path))) {
            g_free(*path);
            *path = g_build_filename(pn_paths_installed_templates(), file, NULL);
            *origin = "installed";
            if (!g_file_test(*path, G_FILE_TEST_IS_REGULAR) ||
                g_file_test(*path, G_FILE_TEST_IS_SYMLINK)) {
                g_free(*path);
                *path = NULL;
            }
        }
    }
    g_free(file);
    return *path != NULL;
}

tmpl *tmpl_open(const char *name, pn_err *err)
{
    return tmpl_open_data(name, NULL, err);
}

static tmpl *open_with(const char *name, const char *csv, const tmpl *rows_of, pn_err *err);

tmpl *tmpl_open_data(const char *name, const char *csv, pn_err *err)
{
    return open_with(name, csv, NULL, err);
}

tmpl *tmpl_open_backs(const char *name, const tmpl *front, pn_err *err)
{
    return open_with(name, NULL, front, err);
}

static tmpl *open_with(const char *name, const char *csv, const tmpl *rows_of, pn_err *err)
{
    if (strchr(name, '/') || g_str_has_suffix(name, ".yaml") || g_str_has_suffix(name, ".yml"))
        return from_doc_data(pn_yml_load_file(name, err), "file", csv, rows_of, err);
    if (!valid_name(name)) {
        pn_err_set(err, PN_EINPUT, "%s: not a template name", name);
        return NULL;
    }
    const char *origin;
    char *path;
    const pn_resource *r;
    if (!find_named(name, &origin, &path, &r)) {
        pn_err_set(err, PN_EINPUT, "%s: no such template (see 'pnpkit list')", name);
        return NULL;
    }
    /* A built-in template has no file a user could open: messages name it. */
    char *shown = r ? g_strdup_printf("built-in template %s", name) : NULL;
    tmpl *t = r ? from_doc_data(pn_yml_load_builtin(shown, r->data, r->len, err), "built-in", csv,
                                rows_of, err)
                : from_doc_data(pn_yml_load_file(path, err), origin, csv, rows_of, err);
    g_free(shown);
    g_free(path);
    return t;
}

/* Adds the names of the *.yaml files in dir (at most TMPL_MAX_LISTED). */
static void add_dir_names(GHashTable *names, const char *dir)
{
    GDir *d = g_dir_open(dir, 0, NULL);
    if (!d) return;
    int n = 0;
    for (const char *f; n < TMPL_MAX_LISTED && (f = g_dir_read_name(d));) {
        if (!g_str_has_suffix(f, ".yaml")) continue;
        char *full = g_build_filename(dir, f, NULL);
        bool link = g_file_test(full, G_FILE_TEST_IS_SYMLINK);
        g_free(full);
        if (link) continue; /* never a template: see find_named */
        char *name = g_strndup(f, strlen(f) - 5);
        if (valid_name(name)) {
            g_hash_table_add(names, name);
            n++;
        } else {
            g_free(name);
        }
    }
    g_dir_close(d);
}

static gint cmp_entry(gconstpointer a, gconstpointer b)
{
    const tmpl_entry *x = *(tmpl_entry *const *)a, *y = *(tmpl_entry *const *)b;
    return strcmp(x->name, y->name);
}

static void entry_free(gpointer p)
{
    tmpl_entry *e = p;
    g_free(e->name);
    g_free(e->path);
    g_free(e);
}

GPtrArray *tmpl_list(void)
{
    GHashTable *names = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    char **builtin = tmpl_builtin_names();
    for (char **b = builtin; *b; b++)
        g_hash_table_add(names, g_strdup(*b));
    g_strfreev(builtin);
    add_dir_names(names, pn_paths_user_templates());
    add_dir_names(names, pn_paths_installed_templates());
    GPtrArray *out = g_ptr_array_new_with_free_func(entry_free);
    GHashTableIter it;
    gpointer key;
    g_hash_table_iter_init(&it, names);
    while (g_hash_table_iter_next(&it, &key, NULL)) {
        tmpl_entry *e = g_new0(tmpl_entry, 1);
        const pn_resource *r;
        if (!find_named(key, &e->origin, &e->path, &r)) {
            g_free(e);
            continue;
        }
        e->name = g_strdup(key);
        if (!strcmp(e->origin, "user")) {
            char *p = g_strdup_printf("templates/%s.yaml", e->name);
            char *inst = g_build_filename(pn_paths_installed_templates(), p + 10, NULL);
            e->hides = pn_resource_find(p)                         ? "built-in"
                       : g_file_test(inst, G_FILE_TEST_IS_REGULAR) ? "installed"
                                                                   : NULL;
            g_free(inst);
            g_free(p);
        }
        g_ptr_array_add(out, e);
    }
    g_hash_table_destroy(names);
    g_ptr_array_sort(out, cmp_entry);
    return out;
}

int tmpl_set(tmpl *t, const char *assignment, pn_err *err)
{
    const char *eq = strchr(assignment, '=');
    if (!eq || eq == assignment)
        return pn_err_set(err, PN_EINPUT, "setting %s: expected NAME=VALUE", assignment);
    char *name = g_strndup(assignment, (gsize)(eq - assignment));
    tmpl_param *p = tmpl_param_find(t, name);
    int rc = 0;
    if (!p) {
        GString *names = g_string_new(NULL);
        for (guint i = 0; i < t->params->len; i++)
            g_string_append_printf(names, "%s%s", i ? ", " : "",
                                   ((tmpl_param *)g_ptr_array_index(t->params, i))->spec.name);
        rc =
            pn_err_set(err, PN_EINPUT, "setting %s: template %s has no parameter '%s' (it has: %s)",
                       assignment, t->name, name, names->len ? names->str : "none");
        g_string_free(names, TRUE);
    } else {
        char why[512];
        pv_value v;
        if (pv_parse(&p->spec, eq + 1, t->pool, &v, why, sizeof why))
            rc = pn_err_set(err, PN_EINPUT, "setting %s: %s", assignment, why);
        else {
            p->value = v;
            p->set = pv_pool_str(t->pool, assignment);
        }
    }
    g_free(name);
    return rc;
}

int tmpl_param_err(const tmpl *t, const tmpl_param *p, const char *text, pn_err *err)
{
    if (p->set) return pn_err_set(err, PN_EINPUT, "setting %s: %s", p->set, text);
    int line = 0, col = 0;
    if (p->node) pn_yml_mark(p->node, &line, &col);
    return pn_err_at(err, t->file, line, col, "%s", text);
}

int tmpl_set_if_present(tmpl *t, const char *name, const char *value, pn_err *err)
{
    if (!tmpl_param_find(t, name)) return 0;
    char *a = g_strdup_printf("%s=%s", name, value);
    int rc = tmpl_set(t, a, err);
    g_free(a);
    if (!rc) tmpl_param_find(t, name)->set = NULL;
    return rc;
}

char **tmpl_builtin_names(void)
{
    GPtrArray *names = g_ptr_array_new();
    for (const pn_resource *r = pn_resources; r->path; r++)
        if (g_str_has_prefix(r->path, "templates/") && g_str_has_suffix(r->path, ".yaml"))
            g_ptr_array_add(names, g_strndup(r->path + 10, strlen(r->path) - 15));
    g_ptr_array_add(names, NULL);
    return (char **)g_ptr_array_free(names, FALSE);
}

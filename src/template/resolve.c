/* resolve.c: from the components and repeats written in a template to the
 * components laid out: repeats expanded round by round, `when` evaluated,
 * "$name" and "${expression}" substituted, every property parsed against its
 * spec. Errors point at the template's line and column, inside the value when
 * the problem is in an expression, and name the repeat variables' values. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "template/expr.h"
#include "template/tmpl.h"

#define RESOLVE_MAX_TEXT 65536 /* bytes of one value after substitution */
/* What working out one expression costs before its length counts (tmpl.h):
 * its text copied, parsed and its value written, a few allocations each, the
 * dearest part under AddressSanitizer, where 10^7 of `${''}` took 35 s. */
#define RESOLVE_EVAL_STEPS 16

typedef struct env {
    tmpl *t;
    /* repeat variables, outermost first, then an item's own names while a
     * property marked `each` is worked out (those are not owned) */
    char *var[TMPL_MAX_REPEAT_DEPTH + COMP_MAX_ITEM_NAMES];
    long val[TMPL_MAX_REPEAT_DEPTH + COMP_MAX_ITEM_NAMES];
    int nvars;
    long spent; /* components made plus rounds run */
    long work;  /* expression work in this sheet (TMPL_MAX_SHEET_WORK) */
    guint made; /* components made so far */
} env;

/* Frees the components from index from on. */
static void comps_truncate(GPtrArray *comps, guint from)
{
    for (guint i = from; i < comps->len; i++) {
        tmpl_comp *c = g_ptr_array_index(comps, i);
        g_free(c->vals);
        if (c->each) g_ptr_array_free(c->each, TRUE);
        g_free(c);
    }
    if (from < comps->len) g_ptr_array_set_size(comps, from);
}

void tmpl_comps_clear(GPtrArray *comps)
{
    comps_truncate(comps, 0);
}

static bool var_find(const env *e, const char *name, long *v)
{
    for (int k = e->nvars - 1; k >= 0; k--)
        if (!strcmp(e->var[k], name)) {
            *v = e->val[k];
            return true;
        }
    return false;
}

/* The value of a merge data column in the current row, or NULL. */
static const char *column(const env *e, const char *name)
{
    const tmpl_data *d = tmpl_data_of(e->t);
    int c = d ? tmpl_data_col(d, name) : -1;
    if (c < 0 || e->t->row < 0 || e->t->row >= (int)d->rows->len) return NULL;
    return ((char **)g_ptr_array_index(d->rows, e->t->row))[c];
}

/* A parameter's value as an expression value. */
static int param_value(const tmpl_param *p, expr_val *out, char *why, size_t whylen)
{
    const pv_value *v = &p->value;
    switch (v->type) {
    case PV_INT:
        out->num = (double)v->i;
        return 0;
    case PV_NUMBER:
        out->num = v->num;
        return 0;
    case PV_LENGTH:
        if (v->pct) {
            snprintf(why, whylen, "'%s' is a percentage; only lengths in mm can be computed with",
                     p->spec.name);
            return -1;
        }
        out->num = v->num;
        return 0;
    case PV_BOOL:
        out->kind = EXPR_BOOL;
        out->b = v->i != 0;
        return 0;
    case PV_STRLIST:
    case PV_NUMLIST:
        snprintf(why, whylen, "'%s' is a list, not a single value", p->spec.name);
        return -1;
    default:
        out->kind = EXPR_STR;
        out->str = pv_format(v);
        return 0;
    }
}

/* Adds w steps to the sheet's and the template's expression work. */
static void add_work(env *e, long w)
{
    e->work += w;
    e->t->work += w;
}

static int lookup(void *user, const char *name, expr_val *out, char *why, size_t whylen)
{
    env *e = user;
    long v;
    memset(out, 0, sizeof *out);
    if (var_find(e, name, &v)) {
        out->num = (double)v;
        return 0;
    }
    const char *col = column(e, name);
    tmpl_param *p = col ? NULL : tmpl_param_find(e->t, name);
    if (col || p) {
        if (col) {
            out->kind = EXPR_STR;
            out->str = g_strdup(col);
        } else if (param_value(p, out, why, whylen)) {
            return -1;
        }
        /* A text is copied: its length is work, checked at the next charge. */
        if (out->kind == EXPR_STR) add_work(e, (long)(strlen(out->str) / 64));
        return 0;
    }
    /* The card's place in the deck and the deck's size (tmpl_select_card),
     * unless a repeat, a column or a parameter has the name. */
    if (!strcmp(name, "card") || !strcmp(name, "cards")) {
        out->num = name[4] ? e->t->cards : e->t->card;
        return 0;
    }
    snprintf(why, whylen, "unknown parameter '%s'", name);
    return -1;
}

/* Where in the file byte off of scalar n is (its start when the place
 * cannot be told: block scalars, several lines). A quoted scalar's mark is
 * its first character, after the quote; escapes are not counted back. */
static void place(struct fy_node *n, size_t off, int *line, int *col)
{
    pn_yml_mark(n, line, col);
    const char *s = pn_yml_scalar(n);
    if (!s || !off || off > strlen(s) || memchr(s, '\n', off)) return;
    enum fy_node_style st = fy_node_get_style(n);
    if (st == FYNS_LITERAL || st == FYNS_FOLDED) return;
    *col += (int)g_utf8_strlen(s, (gssize)off);
}

/* An error at byte off of n, naming the repeat variables' values. */
static int err_in(const env *e, struct fy_node *n, size_t off, pn_err *err, const char *fmt, ...)
    PN_PRINTF(5, 6);
static int err_in(const env *e, struct fy_node *n, size_t off, pn_err *err, const char *fmt, ...)
{
    char text[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    GString *where = g_string_new(NULL);
    for (int k = 0; k < e->nvars; k++)
        g_string_append_printf(where, "%s%s = %ld", k ? ", " : " (where ", e->var[k], e->val[k]);
    if (e->nvars) g_string_append_c(where, ')');
    const tmpl_data *d = tmpl_data_of(e->t);
    if (d && e->t->row >= 0 && e->t->row < (int)d->lines->len)
        g_string_append_printf(where, " (data row %d, %s line %d)", e->t->row + 1, d->file,
                               g_array_index(d->lines, int, e->t->row));
    int line, col;
    place(n, off, &line, &col);
    pn_err_at(err, e->t->file, line, col, "%s%s", text, where->str);
    g_string_free(where, TRUE);
    return -1;
}

/* Counts an expression of len bytes, at off in n, against the sheet's and
 * the template's bounds of work (tmpl.h). */
static int charge(env *e, struct fy_node *n, size_t off, size_t len, pn_err *err)
{
    add_work(e, RESOLVE_EVAL_STEPS + (long)len);
    if (e->work > TMPL_MAX_SHEET_WORK)
        return err_in(e, n, off, err,
                      "the expressions make more than %ld steps of work on one sheet (each "
                      "${...}, when and value worked out per item counts); make the sheet simpler",
                      TMPL_MAX_SHEET_WORK);
    if (e->t->work > TMPL_MAX_WORK)
        return err_in(e, n, off, err,
                      "the expressions make more than %ld steps of work over the sheets; render "
                      "fewer sheets or make them simpler",
                      TMPL_MAX_WORK);
    return 0;
}

/* The text of a plain name: a repeat variable or a parameter, as "${name}"
 * and "$name" always gave it. NULL when name is neither. */
static char *name_text(const env *e, const char *name)
{
    long v;
    if (var_find(e, name, &v)) return g_strdup_printf("%ld", v);
    const char *col = column(e, name);
    if (col) return g_strdup(col);
    tmpl_param *p = tmpl_param_find(e->t, name);
    return p ? pv_format(&p->value) : NULL;
}

static bool plain_name(const char *s, size_t n)
{
    if (!n || !(g_ascii_isalpha(s[0]) || s[0] == '_')) return false;
    for (size_t i = 0; i < n; i++)
        if (!g_ascii_isalnum(s[i]) && s[i] != '_' && s[i] != '-' && s[i] != '.') return false;
    return true;
}

/* Replaces every "${...}" in s: a plain name by its value, anything else by
 * the value of the expression. */
static int interpolate(env *e, struct fy_node *n, const char *s, bool escape, char **out,
                       pn_err *err)
{
    GString *r = g_string_new(NULL);
    const char *p = s;
    int rc = 0;
    while (*p && !rc) {
        const char *o = strstr(p, "${");
        if (!o) {
            g_string_append(r, p);
            break;
        }
        g_string_append_len(r, p, o - p);
        const char *body = o + 2, *close = strchr(body, '}');
        if (!close) {
            rc = err_in(e, n, (size_t)(o - s), err, "'${' without a closing '}'");
            break;
        }
        size_t len = (size_t)(close - body);
        if (charge(e, n, (size_t)(o - s), len, err)) {
            rc = -1;
            break;
        }
        char *name = g_strndup(body, len);
        char *v = plain_name(body, len) ? name_text(e, name) : NULL;
        g_free(name);
        if (!v) {
            expr_val x;
            size_t pos;
            char why[512];
            if (expr_eval(body, len, lookup, e, &x, &pos, why, sizeof why))
                rc = err_in(e, n, (size_t)(body - s) + pos, err, "%s", why);
            else
                v = expr_format(&x);
            expr_val_clear(&x);
        }
        if (v && escape) {
            char *x = g_markup_escape_text(v, -1);
            g_free(v);
            v = x;
        }
        if (v) g_string_append(r, v);
        g_free(v);
        if (!rc && r->len > RESOLVE_MAX_TEXT)
            rc = err_in(e, n, (size_t)(o - s), err, "the value grows longer than %d bytes",
                        RESOLVE_MAX_TEXT);
        p = close + 1;
    }
    if (rc) {
        g_string_free(r, TRUE);
        return -1;
    }
    *out = g_string_free(r, FALSE);
    return 0;
}

/* The text a scalar stands for: "$name" gives the variable's or parameter's
 * value, "${...}" inside it is replaced. escape: the scalar is pango markup,
 * and values put into it are escaped (a player's name "<b>" stays text). */
static int scalar_text(env *e, struct fy_node *n, bool escape, char **out, pn_err *err)
{
    const char *s = pn_yml_scalar(n);
    if (!s) return err_in(e, n, 0, err, "expected a single value");
    if (s[0] == '$' && s[1] != '{') {
        *out = name_text(e, s + 1);
        if (!*out) return err_in(e, n, 0, err, "unknown parameter '%s'", s + 1);
        if (escape) {
            char *x = g_markup_escape_text(*out, -1);
            g_free(*out);
            *out = x;
        }
        return 0;
    }
    if (strstr(s, "${")) return interpolate(e, n, s, escape, out, err);
    *out = g_strdup(s);
    return 0;
}

static int resolve_value(env *e, const pv_spec *spec, struct fy_node *n, pv_value *out, pn_err *err)
{
    tmpl *t = e->t;
    char why[512];
    if (n && fy_node_get_type(n) == FYNT_SEQUENCE) {
        if (spec->type != PV_STRLIST && spec->type != PV_NUMLIST)
            return err_in(e, n, 0, err, "%s: expected a single value, not a list", spec->name);
        GPtrArray *items = g_ptr_array_new_with_free_func(g_free);
        void *it = NULL;
        int rc = 0;
        for (struct fy_node *c; (c = fy_node_sequence_iterate(n, &it));) {
            char *v;
            if ((rc = scalar_text(e, c, false, &v, err))) break;
            g_ptr_array_add(items, v);
        }
        if (!rc && pv_parse_list(spec, (const char *const *)items->pdata, items->len, t->pool, out,
                                 why, sizeof why))
            rc = err_in(e, n, 0, err, "%s: %s", spec->name, why);
        g_ptr_array_free(items, TRUE);
        return rc;
    }
    if (n && spec->type == PV_COLOR && pn_yml_is_null(n))
        return tmpl_colour_missing(t, n, spec->name, err);
    char *text;
    if (n) {
        bool markup = spec->type == PV_STRING && !strcmp(spec->name, "markup");
        if (scalar_text(e, n, markup, &text, err)) return -1;
    } else {
        text = g_strdup(spec->def);
    }
    int rc = 0;
    if (pv_parse(spec, text, t->pool, out, why, sizeof why)) {
        const char *s = pn_yml_scalar(n);
        if (s && s[0] == '$' && s[1] != '{')
            rc = err_in(e, n, 0, err, "%s: the value of %s: %s", spec->name, s, why);
        else
            rc = err_in(e, n, 0, err, "%s: %s", spec->name, why);
    }
    g_free(text);
    return rc;
}

/* when: "$flag", a text with "${...}", true/false, or an expression such as
 * "rows > 3 and not compact". */
static int eval_when(env *e, struct fy_node *wn, bool *on, pn_err *err)
{
    static const pv_spec when_spec = {.name = "when", .type = PV_BOOL};
    const char *s = pn_yml_scalar(wn);
    pv_value v;
    char why[512];
    if (!s || (s[0] == '$' && plain_name(s + 1, strlen(s + 1)))) {
        if (resolve_value(e, &when_spec, wn, &v, err)) return -1;
        *on = v.i != 0;
        return 0;
    }
    /* "${n} > 3" works too: substituted first, then read as an expression
     * (places in it are then those of the substituted text). */
    char *text = NULL;
    if (strstr(s, "${") && interpolate(e, wn, s, false, &text, err)) return -1;
    const char *src = text ? text : s;
    int rc = charge(e, wn, 0, strlen(src), err);
    expr_val x = {0};
    size_t pos;
    if (rc) {
        g_free(text);
        return -1;
    }
    if (!pv_parse(&when_spec, src, e->t->pool, &v, why, sizeof why)) {
        *on = v.i != 0;
    } else if (expr_eval(src, strlen(src), lookup, e, &x, &pos, why, sizeof why)) {
        rc = err_in(e, wn, text ? 0 : pos, err, "when: %s", why);
    } else if (x.kind == EXPR_BOOL) {
        *on = x.b;
    } else {
        char *f = expr_format(&x);
        rc = err_in(e, wn, 0, err, "when: expected true or false, not %s%s%s",
                    x.kind == EXPR_STR ? "'" : "", f, x.kind == EXPR_STR ? "'" : "");
        g_free(f);
    }
    expr_val_clear(&x);
    g_free(text);
    return rc;
}

static int resolve_items(env *e, GPtrArray *items, pn_err *err);

static int spend(env *e, struct fy_node *n, pn_err *err)
{
    if (++e->spent <= TMPL_MAX_EXPANDED) return 0;
    return err_in(e, n, 0, err,
                  "the repeats make more than %d components and rounds; make the sheet simpler",
                  TMPL_MAX_EXPANDED);
}

static int repeat(env *e, const tmpl_item *it, pn_err *err)
{
    static const char *const reserved[] = {"in", "and", "or", "not", "true", "false", NULL};
    struct fy_node *wn = pn_yml_get(it->node, "when"), *fn = pn_yml_get(it->node, "for");
    bool on = true;
    if (wn && eval_when(e, wn, &on, err)) return -1;
    if (!on) return 0;
    const char *s = pn_yml_scalar(fn);
    if (!s) return err_in(e, fn, 0, err, "for: expected 'NAME in FIRST..LAST', such as i in 1..$n");
    char *var, why[512], *text = NULL;
    long from, to, dummy;
    size_t pos;
    if (strstr(s, "${") && interpolate(e, fn, s, false, &text, err)) return -1;
    int rc = expr_range(text ? text : s, strlen(text ? text : s), lookup, e, &var, &from, &to, &pos,
                        why, sizeof why);
    g_free(text);
    if (rc) return err_in(e, fn, text ? 0 : pos, err, "for: %s", why);
    for (const char *const *r = reserved; *r && !rc; r++)
        if (!strcmp(var, *r)) rc = err_in(e, fn, 0, err, "for: '%s' cannot be a name", var);
    if (!rc && tmpl_param_find(e->t, var))
        rc = err_in(e, fn, 0, err, "for: '%s' is a parameter; choose another name", var);
    if (!rc && tmpl_data_of(e->t) && tmpl_data_col(tmpl_data_of(e->t), var) >= 0)
        rc = err_in(e, fn, 0, err, "for: '%s' is a data column; choose another name", var);
    if (!rc && var_find(e, var, &dummy))
        rc = err_in(e, fn, 0, err, "for: '%s' is already the variable of a repeat around", var);
    if (!rc && to >= from && to - from >= TMPL_MAX_REPEAT)
        rc = err_in(e, fn, 0, err, "for: %ld..%ld is more than %d rounds", from, to,
                    TMPL_MAX_REPEAT);
    if (rc) {
        g_free(var);
        return -1;
    }
    int k = e->nvars++;
    e->var[k] = var;
    for (long v = from; v <= to && !rc; v++) {
        e->val[k] = v;
        rc = spend(e, fn, err);
        if (!rc) rc = resolve_items(e, it->items, err);
    }
    e->nvars--;
    g_free(var);
    return rc;
}

/* Properties marked `each`: written with "$", worked out once per item of
 * the component with the item's names (col, row, ...) bound like repeat
 * variables; vals[k].strs gets every item's value as text. */
static int resolve_each(env *e, tmpl_comp *c, size_t np, pn_err *err)
{
    comp_args a = {c->type->props, c->vals, np};
    comp_items_fn items_of = comp_items_of(c->type);
    int items = items_of(&a, -1, NULL, NULL);
    if (c->each) g_ptr_array_set_size(c->each, 0);
    for (size_t k = 0; k < np && items > 0; k++) {
        const pv_spec *sp = &c->type->props[k];
        struct fy_node *n = pn_yml_get(c->node, sp->name);
        const char *text = pn_yml_scalar(n);
        if (!sp->each || !text || !strchr(text, '$')) continue;
        if (!c->each) c->each = g_ptr_array_new_with_free_func(g_free);
        const char **strs = g_new0(const char *, (size_t)items + 1);
        g_ptr_array_add(c->each, strs);
        for (int i = 0; i < items; i++) {
            const char *names[COMP_MAX_ITEM_NAMES];
            long vals[COMP_MAX_ITEM_NAMES];
            int nn = items_of(&a, i, names, vals), base = e->nvars;
            for (int j = 0; j < nn && j < COMP_MAX_ITEM_NAMES; j++) {
                e->var[e->nvars] = (char *)names[j];
                e->val[e->nvars++] = vals[j];
            }
            pv_value v;
            int rc = resolve_value(e, sp, n, &v, err);
            e->nvars = base;
            if (rc) return -1;
            strs[i] = v.str ? v.str : "";
        }
        c->vals[k].strs = strs;
        c->vals[k].n = (size_t)items;
    }
    return 0;
}

static int component(env *e, const tmpl_item *it, pn_err *err)
{
    if (spend(e, it->node, err)) return -1;
    size_t np = 0;
    while (it->type->props[np].name)
        np++;
    /* A component made again where it was last time keeps its address. */
    GPtrArray *comps = e->t->comps;
    tmpl_comp *c = e->made < comps->len ? g_ptr_array_index(comps, e->made) : NULL;
    if (c && c->node != it->node) {
        comps_truncate(comps, e->made);
        c = NULL;
    }
    if (!c) {
        c = g_new0(tmpl_comp, 1);
        c->vals = g_new0(pv_value, np);
        g_ptr_array_add(comps, c);
    }
    e->made++;
    c->type = it->type;
    c->node = it->node;
    c->line = it->line;
    c->col = it->col;
    memset(c->vals, 0, np * sizeof *c->vals);
    c->enabled = true;
    struct fy_node *wn = pn_yml_get(c->node, "when");
    if (wn && eval_when(e, wn, &c->enabled, err)) return -1;
    for (size_t k = 0; k < np; k++) {
        const pv_spec *sp = &c->type->props[k];
        struct fy_node *n = pn_yml_get(c->node, sp->name);
        if (!n && !sp->def)
            return err_in(e, c->node, 0, err, "%s: missing required key '%s'", c->type->name,
                          sp->name);
        const char *text = sp->each && comp_items_of(c->type) ? pn_yml_scalar(n) : NULL;
        if (text && strchr(text, '$')) n = NULL; /* per item: resolve_each */
        if (resolve_value(e, sp, n, &c->vals[k], err)) return -1;
    }
    return comp_items_of(c->type) && c->enabled ? resolve_each(e, c, np, err) : 0;
}

static int resolve_items(env *e, GPtrArray *items, pn_err *err)
{
    for (guint i = 0; i < items->len; i++) {
        const tmpl_item *it = g_ptr_array_index(items, i);
        if (it->type ? component(e, it, err) : repeat(e, it, err)) return -1;
    }
    return 0;
}

/* page.background written with "$": a parameter, a column or an expression. */
static int resolve_background(env *e, pn_err *err)
{
    static const pv_spec spec = {.name = "background", .type = PV_COLOR};
    pv_value v;
    if (resolve_value(e, &spec, e->t->background_node, &v, err)) return -1;
    e->t->background = v.color;
    return 0;
}

int tmpl_resolve(tmpl *t, pn_err *err)
{
    env e = {.t = t};
    const tmpl_data *d = t->data;
    t->row_where[0] = '\0';
    if (d && t->row >= 0 && t->row < (int)d->lines->len)
        snprintf(t->row_where, sizeof t->row_where, "data row %d, %s line %d", t->row + 1, d->file,
                 g_array_index(d->lines, int, t->row));
    if (t->background_node && resolve_background(&e, err)) return -1;
    int rc = resolve_items(&e, t->items, err);
    comps_truncate(t->comps, e.made);
    return rc;
}

/* svgtiles.c: the pixels an SVG's pattern tiles take, bounded before librsvg
 * draws it (see svgcheck.h): how much each element's units can measure in
 * the document's pixels, through every transform, nested viewport, marker
 * and pattern above it, and the tile of each pattern each shape it fills
 * draws. Style sheets' references are followed element by element
 * (svgsheet.h) so that a rule's pattern is sized by the shapes it fills. */
#include "scene/svgc.h"
#include "scene/svgcheck.h"
#include "scene/svgsheet.h"
#include "scene/svgxform.h"

#include <math.h>
#include <string.h>

/* ---- style sheets, element by element ----
 * The dash count takes a style sheet's reference as from every element at
 * once; a pattern's tile depends on which element it fills, so each rule's
 * references are also given from every element its selectors may apply to
 * (svgsheet.h). A reference of the sheet that no rule holds (the sheet read
 * another way than its rules) is given from every element. */

#define SVGC_MAX_SHEET_WORK 10000000.0 /* elements looked at for selectors */

typedef struct svgc_sheet {
    svgc *c;
    GHashTable *index;   /* " tag", ".class", "#id" (lower case) -> GPtrArray of svgc_node* */
    char **ids, **cls;   /* each element's id and class text, by its index */
    GHashTable *found;   /* id -> references found in rules */
    unsigned transforms; /* transform properties found in rules */
    double work;
} svgc_sheet;

/* Whether the document has pattern tiles to bound (an SVG drawn inside it
 * as an image is drawn as pixels at its own size, and bounded on its own). */
static bool svgc_has_tiles(const svgc *c)
{
    return c->patterns > 0;
}

static int svgc_sheet_ref(svgc *c, svgc_node *from, const char *id, bool marker)
{
    for (svgc_node *to = g_hash_table_lookup(c->ids, id); to; to = to->same_id) {
        if (c->refs->len >= SVGC_MAX_REFS)
            return svgc_fail(c, from->node,
                             "the SVG has more than %u references between its elements (a style "
                             "sheet's rule applying to many elements?)",
                             SVGC_MAX_REFS);
        svgc_ref *ref = g_new0(svgc_ref, 1);
        ref->from = from;
        ref->marker = marker;
        ref->sheet = true;
        ref->weight = 1;
        ref->next = to->refs;
        to->refs = ref;
        g_ptr_array_add(c->refs, ref);
    }
    return 0;
}

static void svgc_index_put(GHashTable *index, char kind, const char *name, svgc_node *s)
{
    char *low = g_ascii_strdown(name, -1);
    char *key = g_strdup_printf("%c%s", kind, low);
    g_free(low);
    GPtrArray *a = g_hash_table_lookup(index, key);
    if (!a) {
        a = g_ptr_array_new();
        g_hash_table_insert(index, key, a);
    } else {
        g_free(key);
    }
    if (!a->len || a->pdata[a->len - 1] != s) g_ptr_array_add(a, s);
}

/* s under each word of names (and, for an id, the whole of it) */
static void svgc_index_add(GHashTable *index, char kind, const char *names, svgc_node *s)
{
    char **words = g_strsplit_set(names, " \t\r\n\f", -1);
    for (char **w = words; *w; w++)
        if (**w) svgc_index_put(index, kind, *w, s);
    if (kind == '#' && words[0] && words[1]) svgc_index_put(index, kind, names, s);
    g_strfreev(words);
}

/* Indexes the elements by name, id and class, and keeps each one's id
 * and class text (sh->ids, sh->cls). */
static GHashTable *svgc_index(svgc_sheet *sh)
{
    svgc *c = sh->c;
    GHashTable *ix =
        g_hash_table_new_full(g_str_hash, g_str_equal, g_free, (GDestroyNotify)g_ptr_array_unref);
    sh->ids = g_new0(char *, c->nodes->len);
    sh->cls = g_new0(char *, c->nodes->len);
    for (guint i = 0; i < c->nodes->len; i++) {
        svgc_node *s = c->nodes->pdata[i];
        svgc_index_put(ix, ' ', (const char *)s->node->name, s);
        char *id = sh->ids[i] = svgc_prop(s->node, "id");
        char *cls = sh->cls[i] = svgc_prop(s->node, "class");
        if (id) svgc_index_add(ix, '#', id, s);
        if (cls) svgc_index_add(ix, '.', cls, s);
    }
    return ix;
}

/* The elements that may match subject k: those with its id, its first
 * class or its name, or all. */
static GPtrArray *svgc_candidates(svgc_sheet *sh, const svgs_subject *k)
{
    char *key = k->id         ? g_strconcat("#", k->id, NULL)
                : k->cls->len ? g_strconcat(".", (const char *)k->cls->pdata[0], NULL)
                : k->tag      ? g_strconcat(" ", k->tag, NULL)
                              : NULL;
    if (!key) return sh->c->nodes;
    char *low = g_ascii_strdown(key, -1);
    GPtrArray *a = g_hash_table_lookup(sh->index, low);
    g_free(low);
    g_free(key);
    return a;
}

/* The transform properties among CSS declarations: the largest, whether
 * one turns, and how many. */
typedef struct svgc_decls {
    double k;
    bool turns;
    unsigned n;
} svgc_decls;

static int svgc_decl_transform(const char *name, size_t len, const char *value, void *data)
{
    svgc_decls *d = data;
    if (len == 9 && !strncmp(name, "transform", 9)) {
        d->k = fmax(d->k, svgx_transform_scale(value));
        d->turns = d->turns || svgx_transform_turns(value);
        d->n++;
    }
    return 0;
}

/* What a rule gives each element it may apply to: a reference to id, or
 * (id NULL) a transform of scale k. */
typedef struct svgc_give {
    const char *id;
    bool marker;
    double k;
    bool turns;
} svgc_give;

static int svgc_sheet_give(svgc_sheet *sh, GPtrArray *subjects, const svgc_give *g)
{
    svgc *c = sh->c;
    for (guint i = 0; i < subjects->len; i++) {
        const svgs_subject *k = subjects->pdata[i];
        GPtrArray *cand = svgc_candidates(sh, k);
        for (guint j = 0; cand && j < cand->len; j++) {
            svgc_node *s = cand->pdata[j];
            if (++sh->work > SVGC_MAX_SHEET_WORK)
                return svgc_fail(c, NULL,
                                 "the SVG's style sheet applies to too many elements for pnpkit "
                                 "to count");
            if (!svgs_match(k, (const char *)s->node->name, sh->ids[s->index], sh->cls[s->index]))
                continue;
            if (!g->id) {
                svgc_transform_given(s, g->k);
                s->turn_own = s->turn_own || g->turns;
            } else if (svgc_sheet_ref(c, s, g->id, g->marker))
                return -1;
        }
    }
    return 0;
}

static int svgc_sheet_rule(const char *sel, const char *decls, void *data)
{
    svgc_sheet *sh = data;
    svgc *c = sh->c;
    char *text = svgs_unescape(decls), *low = g_ascii_strdown(text, -1);
    const char *end = low + strlen(low);
    GPtrArray *subjects = svgs_subjects(sel);
    int r = 0;
    unsigned nt = sh->transforms;
    svgc_decls d = {0};
    svgc_css_each(low, text, svgc_decl_transform, &d);
    sh->transforms += d.n;
    double k = d.k;
    bool turns = d.turns;
    if (nt < sh->transforms) { /* any transform, a shrinking one too */
        svgc_give g = {NULL, false, k, turns};
        r = svgc_sheet_give(sh, subjects, &g);
    }
    for (const char *p = low; !r && (p = g_strstr_len(p, end - p, "url("));) {
        bool marker = svgc_url_marker(low, p);
        char *uri = svgc_url_text(text, low, &p);
        const char *hash = strchr(uri, '#');
        if (hash && hash[1] && g_hash_table_lookup(c->ids, hash + 1)) {
            gsize n = GPOINTER_TO_SIZE(g_hash_table_lookup(sh->found, hash + 1));
            g_hash_table_insert(sh->found, g_strdup(hash + 1), GSIZE_TO_POINTER(n + 1));
            svgc_give g = {hash + 1, marker, 0, false};
            r = svgc_sheet_give(sh, subjects, &g);
        }
        g_free(uri);
    }
    g_ptr_array_unref(subjects);
    g_free(low);
    g_free(text);
    return r;
}

/* The references of the style sheets, from each element they may apply to.
 * After the pending references are resolved. */
int svgc_sheet_refs(svgc *c)
{
    /* only tiles, filters and masks need them */
    if (!c->styles->len || !(svgc_has_tiles(c) || c->filters)) return 0;
    svgc_sheet sh = {.c = c, .found = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL)};
    sh.index = svgc_index(&sh);
    int r = 0;
    for (guint i = 0; !r && i < c->styles->len; i++) {
        const xmlNode *n = c->styles->pdata[i];
        GString *css = g_string_new(NULL);
        for (xmlNode *t = n->children; t; t = t->next)
            if ((t->type == XML_TEXT_NODE || t->type == XML_CDATA_SECTION_NODE) && t->content)
                g_string_append(css, (const char *)t->content);
        r = svgs_rules(css->str, svgc_sheet_rule, &sh);
        g_string_free(css, TRUE);
    }
    for (guint i = 0; !r && i < c->pending->len; i++) {
        svgc_pending *p = c->pending->pdata[i];
        if (p->from || !g_hash_table_lookup(c->ids, p->id)) continue;
        gsize left = GPOINTER_TO_SIZE(g_hash_table_lookup(sh.found, p->id));
        if (left) {
            g_hash_table_insert(sh.found, g_strdup(p->id), GSIZE_TO_POINTER(left - 1));
            continue;
        }
        for (guint j = 0; !r && j < c->nodes->len; j++)
            r = svgc_sheet_ref(c, c->nodes->pdata[j], p->id, p->marker);
    }
    /* transforms read from the rules apply where their selectors do; if the
     * sheet has any other, the largest applies to every element */
    if (sh.transforms >= c->sheet_T_n) c->sheet_T = 0;
    g_hash_table_destroy(sh.index);
    for (guint i = 0; i < c->nodes->len; i++) {
        g_free(sh.ids[i]);
        g_free(sh.cls[i]);
    }
    g_free(sh.ids);
    g_free(sh.cls);
    g_hash_table_destroy(sh.found);
    return r ? -1 : 0;
}

/* ---- pass 4: pattern tiles ----
 * librsvg draws a pattern's whole tile as pixels, at the scale of the shape
 * it fills, however little of the tile shows (cairo then repeats it): a tile
 * forty times a small shape's box took 700 MB at 300 dpi. A tile's size is
 * bounded from the pattern's width and height, the box of each shape it
 * fills, and how much one unit of that shape can measure in the document's
 * pixels (svgc_scale): every transform above it, the viewBox of a nested
 * viewport, a marker drawn in stroke widths, a pattern's, mask's or clip's
 * content drawn in a shape's box. */

/* Whether attribute a is name, without a namespace: the only one librsvg
 * reads (x:width is not a width). */
static bool svgc_named(const xmlAttr *a, const char *name)
{
    return !a->ns && !strcmp((const char *)a->name, name);
}

/* Whether n has the attribute name (without a namespace). */
static bool svgc_has(const xmlNode *n, const char *name)
{
    for (const xmlAttr *a = n->properties; a; a = a->next)
        if (svgc_named(a, name)) return true;
    return false;
}

/* The pattern that gives p its attribute name: p or the first pattern its
 * href chain names that has it (librsvg takes each attribute that way). */
static const xmlNode *svgc_pattern_with(const svgc_node *p, const char *name)
{
    for (int i = 0; p && i < SVGC_MAX_CHAIN && svgc_is(p->node, "pattern"); i++, p = p->href_target)
        if (svgc_has(p->node, name)) return p->node;
    return NULL;
}

/* Which units an attribute (patternUnits, markerUnits, ...) of n may give:
 * user (userSpaceOnUse) and other (the other keyword, or the default when it
 * is absent or not read). */
static void svgc_units(const xmlNode *n, const char *name, bool *user, bool *other)
{
    *user = false, *other = !n;
    for (const xmlAttr *a = n ? n->properties : NULL; a; a = a->next) {
        if (!svgc_named(a, name)) continue;
        char *v = g_strstrip(svgc_attr_text(a));
        if (!strcmp(v, "userSpaceOnUse"))
            *user = true;
        else
            *other = true;
        g_free(v);
    }
}

/* A pattern's width or height: in user units, and as a fraction of a box;
 * the largest of its attributes. 0 when none (no tile is drawn). */
static void svgc_pattern_len(svgc *c, const svgc_node *p, const char *name, double *user,
                             double *frac)
{
    *user = *frac = 0;
    const xmlNode *n = svgc_pattern_with(p, name);
    for (const xmlAttr *a = n ? n->properties : NULL; a; a = a->next) {
        if (!svgc_named(a, name)) continue;
        char *v = svgc_attr_text(a);
        const char *q = g_strchug(v);
        double x, f;
        if (svgx_number(&q, &x)) {
            svgc_unit u = svgc_unit_at(&q, &f);
            *user = fmax(*user,
                         u == UNIT_PERCENT ? fabs(x) / 100 * c->pct_base : svgc_attr_length(c, v));
            *frac = fmax(*frac, fabs(x) * (u == UNIT_PERCENT ? 0.01
                                           : u == UNIT_FONT  ? svgc_font(c)
                                                             : f));
        }
        g_free(v);
    }
}

/* The largest scale of n's viewBox attributes over a viewport of w by h;
 * 0 when it has no viewBox librsvg reads. */
static double svgc_viewbox_scale(const xmlNode *n, double w, double h)
{
    double k = 0;
    for (const xmlAttr *a = n ? n->properties : NULL; a; a = a->next) {
        if (!svgc_named(a, "viewBox")) continue;
        char *v = svgc_attr_text(a);
        double vw, vh;
        if (svgx_viewbox(v, &vw, &vh)) k = fmax(k, fmax(w / vw, h / vh));
        g_free(v);
    }
    return k;
}

/* The largest transform among n's attributes named name; 1 when none. */
static double svgc_transform_attr(const xmlNode *n, const char *name)
{
    double k = 1;
    for (const xmlAttr *a = n ? n->properties : NULL; a; a = a->next) {
        if (!svgc_named(a, name)) continue;
        char *v = svgc_attr_text(a);
        k = fmax(k, svgx_transform_scale(v));
        g_free(v);
    }
    return k;
}

/* Pattern p filling shapes whose scale is at most sb, and whose box sides
 * times their scale are at most bw and bh: its tile's sides *tw and *th in
 * the document's pixels, and the scale of its content. */
static double svgc_pattern_tile(svgc *c, svgc_node *p, double sb, double bw, double bh, double *tw,
                                double *th)
{
    svgc_pat *a = &p->pat;
    if (!a->done) { /* read once: a pattern may fill a million shapes */
        a->done = true;
        svgc_pattern_len(c, p, "width", &a->uw, &a->fw);
        svgc_pattern_len(c, p, "height", &a->uh, &a->fh);
        svgc_units(svgc_pattern_with(p, "patternUnits"), "patternUnits", &a->user, &a->box);
        const xmlNode *ptn = svgc_pattern_with(p, "patternTransform");
        a->pt = svgc_transform_attr(ptn, "patternTransform");
        for (const xmlAttr *t = ptn ? ptn->properties : NULL; t; t = t->next)
            if (svgc_named(t, "patternTransform")) {
                char *v = svgc_attr_text(t);
                a->pt_turns = a->pt_turns || svgx_transform_turns(v);
                g_free(v);
            }
        a->vb = svgc_pattern_with(p, "viewBox");
        const xmlNode *cn = svgc_pattern_with(p, "patternContentUnits");
        a->cuser = true, a->cbox = false; /* the default: userSpaceOnUse */
        if (cn) svgc_units(cn, "patternContentUnits", &a->cuser, &a->cbox);
    }
    *tw = fmax(a->user ? a->uw * sb : 0, a->box ? a->fw * bw : 0) * a->pt;
    *th = fmax(a->user ? a->uh * sb : 0, a->box ? a->fh * bh : 0) * a->pt;
    double k = a->vb ? svgc_viewbox_scale(a->vb, *tw, *th) : 0;
    if (k > 0) return k;
    return fmax(a->cuser ? sb : 0, a->cbox ? fmax(bw, bh) : 0) * a->pt;
}

static double svgc_scale(svgc *c, svgc_node *s, int chain);

/* The scale of a nested viewport's viewBox (an svg, a symbol), its size
 * given by the use that draws it, or else its own, or else (a percentage,
 * or none) as large as any viewport. */
static double svgc_viewport_scale(svgc *c, const xmlNode *n, const xmlNode *use)
{
    double size[2];
    static const char *const side[2] = {"width", "height"};
    for (int i = 0; i < 2; i++) {
        const xmlNode *by = use && svgc_has(use, side[i]) ? use : svgc_has(n, side[i]) ? n : NULL;
        size[i] = by ? svgc_num_attr(c, by, side[i]) : svgc_big(c) * 1.5;
    }
    double k = svgc_viewbox_scale(n, size[0], size[1]);
    return k > 0 ? k : 1;
}

/* Grows a memoised value; notes that it grew. */
static void svgc_grow(svgc *c, double *at, double v)
{
    if (!(v <= HUGE_VAL)) v = HUGE_VAL; /* NaN: 0 times HUGE_VAL */
    if (v > *at * (1 + 1e-9) || (*at == 0 && v > 0)) c->changed = true;
    if (v > *at) *at = v;
}

/* The largest scale, and box sides times scale, of f and what is drawn with
 * it (its descendants, what its uses draw), memoised in f->below_*. A cycle
 * (an element that names an ancestor's pattern) takes what is found so far;
 * the next round (svgc_tiles) completes it. */
static void svgc_below_scale(svgc *c, svgc_node *f, int chain)
{
    if (f->bs_state) return;
    if (chain > SVGC_MAX_CHAIN) {
        svgc_grow(c, &f->below_s, HUGE_VAL);
        f->bs_state = 2;
        return;
    }
    f->bs_state = 1;
    double S = svgc_scale(c, f, chain + 1);
    svgc_grow(c, &f->below_s, S);
    f->below_turned = f->below_turned || f->turned;
    svgc_grow(c, &f->below_w, f->bw > 0 ? f->bw * S : 0);
    svgc_grow(c, &f->below_h, f->bh > 0 ? f->bh * S : 0);
    for (const xmlNode *ch = f->node->children; ch; ch = ch->next) {
        svgc_node *k = ch->type == XML_ELEMENT_NODE ? ch->_private : NULL;
        /* a pattern, marker, ... inside f is drawn where it is named, at the
         * scale found there (svgc_below_all counts it for f's tiles) */
        if (!k || svgc_container(k->node)) continue;
        svgc_below_scale(c, k, chain + 1);
        f->below_turned = f->below_turned || k->below_turned;
        svgc_grow(c, &f->below_s, k->below_s);
        svgc_grow(c, &f->below_w, k->below_w);
        svgc_grow(c, &f->below_h, k->below_h);
    }
    for (svgc_node *t = f->use_target; t; t = t->same_id) {
        svgc_below_scale(c, t, chain + 1);
        f->below_turned = f->below_turned || t->below_turned;
        svgc_grow(c, &f->below_s, t->below_s);
        svgc_grow(c, &f->below_w, t->below_w);
        svgc_grow(c, &f->below_h, t->below_h);
    }
    f->bs_state = 2;
}

/* As svgc_below_scale, once the scales are found, with the patterns,
 * markers, ... inside f too: their content takes f's paint by inheritance,
 * so f's pattern may fill it, at its own scale. */
static void svgc_below_all(svgc_node *f, int chain)
{
    if (f->ba_state) return;
    f->ba_state = 1;
    f->all_s = f->below_s, f->all_w = f->below_w, f->all_h = f->below_h;
    f->all_turned = f->below_turned;
    if (chain > SVGC_MAX_CHAIN) {
        f->all_s = f->all_w = f->all_h = HUGE_VAL;
        return;
    }
    for (const xmlNode *ch = f->node->children; ch; ch = ch->next) {
        svgc_node *k = ch->type == XML_ELEMENT_NODE ? ch->_private : NULL;
        if (!k) continue;
        svgc_below_all(k, chain + 1);
        f->all_s = fmax(f->all_s, k->all_s), f->all_w = fmax(f->all_w, k->all_w);
        f->all_h = fmax(f->all_h, k->all_h), f->all_turned = f->all_turned || k->all_turned;
    }
    for (svgc_node *t = f->use_target; t; t = t->same_id) {
        svgc_below_all(t, chain + 1);
        f->all_s = fmax(f->all_s, t->all_s), f->all_w = fmax(f->all_w, t->all_w);
        f->all_h = fmax(f->all_h, t->all_h), f->all_turned = f->all_turned || t->all_turned;
    }
}

/* The scale reference r gives the content of s; *turned when it may turn
 * it. */
static double svgc_ref_scale(svgc *c, svgc_node *s, const svgc_ref *r, int chain, bool *turned)
{
    if (r->href) {
        *turned = r->from->turned;
        double k = svgc_is(s->node, "svg") || svgc_is(s->node, "symbol")
                       ? svgc_viewport_scale(c, s->node, r->from ? r->from->node : NULL)
                       : 1;
        double S = svgc_scale(c, r->from, chain) * k;
        *turned = r->from->turned;
        return S;
    }
    svgc_below_scale(c, r->from, chain);
    double sb = r->from->below_s, bw = r->from->below_w, bh = r->from->below_h;
    *turned = r->from->below_turned;
    const xmlNode *n = s->node;
    if (svgc_is(n, "pattern")) {
        double tw, th, k = svgc_pattern_tile(c, s, sb, bw, bh, &tw, &th);
        *turned = *turned || s->pat.pt_turns;
        return k;
    }
    if (svgc_is(n, "marker")) {
        bool user, stroke;
        svgc_units(svgc_has(n, "markerUnits") ? n : NULL, "markerUnits", &user, &stroke);
        double mw = svgc_has(n, "markerWidth") ? svgc_num_attr(c, n, "markerWidth") : 3;
        double mh = svgc_has(n, "markerHeight") ? svgc_num_attr(c, n, "markerHeight") : 3;
        double k = svgc_viewbox_scale(n, mw, mh);
        return sb * (stroke ? c->stroke_max : 1) * (k > 0 ? k : 1);
    }
    /* clips, masks, filters (an feImage of an element): their content in
     * the shape's units or its box */
    static const char *const boxed[][2] = {
        {"clipPath", "clipPathUnits"}, {"mask", "maskContentUnits"}, {"filter", "primitiveUnits"}};
    for (size_t i = 0; i < G_N_ELEMENTS(boxed); i++) {
        if (!svgc_is(n, boxed[i][0])) continue;
        bool user = true, box = false; /* the default: userSpaceOnUse */
        if (svgc_has(n, boxed[i][1])) svgc_units(n, boxed[i][1], &user, &box);
        return fmax(user ? sb : 0, box ? fmax(bw, bh) : 0);
    }
    return sb; /* another element (a gradient): in the shape's units */
}

/* How much one unit of s can measure in the document's pixels, over every
 * way s is drawn (memoised in s->S, grown round after round). */
static double svgc_scale(svgc *c, svgc_node *s, int chain)
{
    if (s->s_state) return s->S; /* found, or a cycle: what is known */
    if (chain > SVGC_MAX_CHAIN) return HUGE_VAL;
    s->s_state = 1;
    /* drawn in place, unless it is drawn only when named (defs, symbol,
     * marker, pattern, ...) */
    double ctx = !s->parent                ? c->root_scale
                 : svgc_container(s->node) ? 0
                                           : svgc_scale(c, s->parent, chain + 1) * s->vbk;
    bool turned = s->turn_own || (c->sheet_T > 0 && c->sheet_turns);
    if (s->parent && !svgc_container(s->node)) turned = turned || s->parent->turned;
    for (svgc_ref *r = s->refs; r; r = r->next) {
        if (!r->from) continue;
        bool t = false;
        ctx = fmax(ctx, svgc_ref_scale(c, s, r, chain + 1, &t));
        turned = turned || t;
    }
    if (turned && !s->turned) c->changed = true;
    s->turned = s->turned || turned;
    svgc_grow(c, &s->S, ctx * s->T);
    s->s_state = 2;
    return s->S;
}

/* The document's own size and the scale of its root viewBox, as the probe
 * reads them (width and height when both are absolute, else the viewBox);
 * and the largest size gdk-pixbuf's loader may give it when it is drawn
 * as an image (one side and the viewBox's proportions). */
static void svgc_root(svgc *c)
{
    svgc_node *root = c->nodes->len ? c->nodes->pdata[0] : NULL;
    const xmlNode *n = root ? root->node : NULL;
    double w = 0, h = 0, vw = 0, vh = 0;
    bool vb = false;
    for (const xmlAttr *a = n ? n->properties : NULL; a; a = a->next) {
        char *v = svgc_attr_text(a);
        const char *p = g_strchug(v);
        double x, f;
        if (a->ns) {
            /* another namespace's: not read */
        } else if (!strcmp((const char *)a->name, "viewBox")) {
            vb = vb || svgx_viewbox(v, &vw, &vh);
        } else if ((!strcmp((const char *)a->name, "width") ||
                    !strcmp((const char *)a->name, "height")) &&
                   svgx_number(&p, &x)) {
            svgc_unit u = svgc_unit_at(&p, &f);
            double len = u == UNIT_ABS ? fabs(x) * f : u == UNIT_FONT ? fabs(x) * svgc_font(c) : 0;
            if (u == UNIT_FONT) c->root_em = true;
            if (a->name[0] == 'w')
                w = fmax(w, len);
            else
                h = fmax(h, len);
        }
        g_free(v);
    }
    bool both = w > 0 && h > 0;
    c->sized = both || vb;
    c->nat_w = both ? w : vb ? vw : 100;
    c->nat_h = both ? h : vb ? vh : 100;
    double k = svgc_viewbox_scale(n, c->nat_w, c->nat_h);
    c->root_scale = k > 0 ? k : 1;
    /* a percentage is of the root's viewport, in its user units, unless
     * another viewport may be nearer */
    c->pct_base = c->nested_vp ? svgc_big(c) * 1.5 : vb ? fmax(vw, vh) : fmax(c->nat_w, c->nat_h);
    c->raster_w = fmax(c->nat_w, fmax(w, vb && h > 0 ? h * vw / vh : 0));
    c->raster_h = fmax(c->nat_h, fmax(h, vb && w > 0 ? w * vh / vw : 0));
}

/* How far a text's positions spread on one axis: its absolute positions
 * (x or y) from the least to the largest, plus every relative one (dx or
 * dy), over the text and every element inside it. */
typedef struct svgc_spread {
    bool any;
    double lo, hi, rel;
} svgc_spread;

static void svgc_spread_list(svgc *c, const char *v, svgc_spread *sp, bool rel)
{
    for (const char *p = v; *p;) {
        double x, f;
        if (!svgx_number(&p, &x)) {
            p++;
            continue;
        }
        svgc_unit u = svgc_unit_at(&p, &f);
        double len = u == UNIT_ABS       ? x * f
                     : u == UNIT_FONT    ? x * svgc_font(c)
                     : u == UNIT_PERCENT ? x / 100 * svgc_big(c) * 1.5
                                         : 0;
        if (rel) {
            sp->rel += fabs(len);
        } else {
            if (!sp->any) sp->any = true, sp->lo = sp->hi = len;
            sp->lo = fmin(sp->lo, len), sp->hi = fmax(sp->hi, len);
        }
    }
}

static void svgc_text_spread(svgc *c, const xmlNode *n, svgc_spread sp[2])
{
    static const char *const names[] = {"x", "y", "dx", "dy"};
    for (const xmlAttr *a = n->properties; a; a = a->next)
        for (int k = 0; k < 4; k++)
            if (!strcmp((const char *)a->name, names[k])) {
                char *v = svgc_attr_text(a);
                svgc_spread_list(c, v, &sp[k % 2], k >= 2);
                g_free(v);
            }
    for (const xmlNode *ch = n->children; ch; ch = ch->next)
        if (ch->type == XML_ELEMENT_NODE) svgc_text_spread(c, ch, sp);
}

/* Sizes each element's scale needs: text boxes, the enlargement of
 * nested viewports. After pass 2. */
static void svgc_scale_prepare(svgc *c)
{
    for (guint i = 0; i < c->nodes->len; i++) {
        svgc_node *s = c->nodes->pdata[i];
        const xmlNode *n = s->node;
        c->shape_max = fmax(c->shape_max, fmax(s->bw, s->bh));
        if (svgc_is(n, "textPath")) c->text_path = true;
        s->T = fmax(s->T, c->sheet_T);
        s->vbk = 1;
        if (svgc_is(n, "svg") && s->parent) s->vbk = svgc_viewport_scale(c, n, NULL);
    }
    for (guint i = 0; i < c->nodes->len; i++) {
        svgc_node *s = c->nodes->pdata[i];
        if (svgc_is(s->node, "text") && !svgc_in_text(s)) {
            svgc_spread sp[2] = {{0}};
            svgc_text_spread(c, s->node, sp);
            /* a glyph's advance is at most 1.5 font sizes, a line 2 high */
            double run = svgc_chars(s->node->children) * (1.5 * svgc_font(c) + c->spacing);
            double on = c->text_path ? c->shape_max : 0;
            double w = run + sp[0].hi - sp[0].lo + sp[0].rel + on + c->shift_max;
            double h = (c->vertical_text ? run : 2 * svgc_font(c)) + sp[1].hi - sp[1].lo +
                       sp[1].rel + on + c->shift_max;
            s->bw = w <= HUGE_VAL ? w : HUGE_VAL;
            s->bh = h <= HUGE_VAL ? h : HUGE_VAL;
        }
    }
}

/* The rounds of svgc_scale. A cycle (a group filled with a pattern defined
 * inside it, whose content the group's fill reaches too) is a reference
 * librsvg does not draw, and is followed with what is known so far; what
 * the first round found before the cycle was complete comes in the next.
 * Values still growing after three rounds grow only through such cycles. */
static void svgc_scale_rounds(svgc *c)
{
    for (int k = 0; k < 3; k++) {
        c->changed = false;
        for (guint i = 0; i < c->nodes->len; i++) {
            svgc_node *s = c->nodes->pdata[i];
            s->s_state = s->bs_state = 0;
        }
        for (guint i = 0; i < c->nodes->len; i++)
            svgc_below_scale(c, c->nodes->pdata[i], 0);
        if (!c->changed) return;
    }
}

/* The work of one filter primitive on each pixel, roughly in the steps a
 * flood takes (feMorphology's window is at most 21 by 21 in librsvg,
 * feConvolveMatrix's kernel at most 400 numbers, feTurbulence works once
 * per octave). */
static double svgc_primitive_work(const svgc_node *p)
{
    const char *name = (const char *)p->node->name;
    if (!strcmp(name, "feMorphology")) return 441;
    if (!strcmp(name, "feConvolveMatrix")) return 400;
    if (!strcmp(name, "feTurbulence")) return 8 * fmax(1, p->octaves);
    return 2;
}

/* Filters and masks: librsvg draws each on an image the SVG's own size,
 * which the drawing keeps until the page is made (filters' named results
 * too, while the filter runs), and a filter's primitives work on every
 * pixel of it. Bounded over every element filtered or masked, as often as
 * it is drawn. */
static int svgc_filters(svgc *c)
{
    double area = c->nat_w * c->nat_h, kept = 0, work = 0;
    const xmlNode *worst_kept = NULL, *worst_work = NULL;
    for (guint i = 0; c->filters && i < c->nodes->len; i++) {
        svgc_node *f = c->nodes->pdata[i];
        bool filter = svgc_is(f->node, "filter"), mask = svgc_is(f->node, "mask");
        if (!filter && !mask) continue;
        double images = 2, steps = 2;
        for (const xmlNode *ch = f->node->children; filter && ch; ch = ch->next) {
            svgc_node *p = ch->type == XML_ELEMENT_NODE ? ch->_private : NULL;
            if (!p || strncmp((const char *)ch->name, "fe", 2)) continue;
            images++;
            steps += svgc_primitive_work(p);
        }
        if (!(images * area <= SCENE_SVG_MAX_FILTER_PIXELS))
            return svgc_fail(c, f->node,
                             "this filter draws %.0f images the SVG's size at once, %.0f million "
                             "pixels (at most %.0f million): give it fewer steps or make the SVG "
                             "smaller",
                             images, images * area / 1e6, SCENE_SVG_MAX_FILTER_PIXELS / 1e6);
        for (svgc_ref *r = f->refs; r; r = r->next) {
            if (!r->from || r->href) continue;
            /* librsvg computes a filter in single precision: under transforms
             * this large its blur's size comes out NaN, and it panics */
            if (filter && !(svgc_scale(c, r->from, 0) <= SCENE_SVG_MAX_FILTER_SCALE))
                return svgc_fail(c, r->from->node,
                                 "a filtered element drawn over %.0g times larger than its own "
                                 "units (through its transforms), which librsvg cannot filter",
                                 SCENE_SVG_MAX_FILTER_SCALE);
            double times = svgc_times(c, r->from, 0);
            kept += times * area;
            work += times * steps * area;
            if (!worst_kept) worst_kept = r->from->node;
            if (!worst_work || steps > 2) worst_work = r->from->node;
        }
    }
    if (!(kept <= SCENE_SVG_MAX_FILTER_PIXELS))
        return svgc_fail(c, worst_kept,
                         "the SVG's filters and masks would keep about %.3g million pixels (at "
                         "most %.0f million): librsvg draws each filtered or masked element on "
                         "an image the SVG's size",
                         kept / 1e6, SCENE_SVG_MAX_FILTER_PIXELS / 1e6);
    if (!(work <= SCENE_SVG_MAX_FILTER_WORK))
        return svgc_fail(c, worst_work,
                         "the SVG's filters would take about %.3g thousand million steps (at most "
                         "%.1f): feMorphology, feConvolveMatrix and feTurbulence work on every "
                         "pixel of an image the SVG's size",
                         work / 1e9, SCENE_SVG_MAX_FILTER_WORK / 1e9);
    return 0;
}

/* Gradients: each fill records all the stops of its gradient (its own, or
 * those of the gradients its href names), so fills times stops are
 * bounded. */
static int svgc_gradients(svgc *c)
{
    double stops = 0;
    const xmlNode *worst = NULL;
    for (guint i = 0; i < c->nodes->len; i++) {
        svgc_node *g = c->nodes->pdata[i];
        if (!svgc_is(g->node, "linearGradient") && !svgc_is(g->node, "radialGradient")) continue;
        double n = 0;
        const svgc_node *at = g;
        for (int k = 0; at && n == 0 && k < SVGC_MAX_CHAIN; k++, at = at->href_target)
            for (const xmlNode *ch = at->node->children; ch; ch = ch->next)
                if (ch->type == XML_ELEMENT_NODE && svgc_is(ch, "stop")) n++;
        for (svgc_ref *r = g->refs; r; r = r->next) {
            if (!r->from || r->href) continue;
            svgc_below(r->from, 0);
            stops += n * svgc_times(c, r->from, 0) * fmax(r->from->shapes_below, 1);
            if (!worst) worst = g->node;
        }
    }
    if (!(stops <= SCENE_SVG_MAX_STOPS))
        return svgc_fail(c, worst,
                         "the SVG's gradients would draw about %.3g million stops, a gradient's "
                         "stops for each shape it fills (at most %.0f million)",
                         stops / 1e6, SCENE_SVG_MAX_STOPS / 1e6);
    return 0;
}

/* "about 3.2 times", or "over a million times". */
static const char *svgc_times_text(char *buf, size_t n, double k)
{
    if (k < 1e6)
        g_snprintf(buf, n, "about %.3g times", k);
    else
        g_strlcpy(buf, "over a million times", n);
    return buf;
}

/* Bounds the pixels of the document's pattern tiles and of those of the
 * documents it draws as images, over its own area: the largest tile in
 * res->tile, all the tiles drawn (a tile each time a shape is filled) in
 * res->tiles. */
int svgc_tiles(svgc *c, svgc_result *res)
{
    svgc_root(c);
    res->nat_w = c->nat_w, res->nat_h = c->nat_h;
    res->raster_w = c->raster_w, res->raster_h = c->raster_h;
    res->sized = c->sized;
    if (svgc_has_tiles(c) || c->filters) {
        svgc_scale_prepare(c);
        svgc_scale_rounds(c);
    }
    if (svgc_filters(c) || svgc_gradients(c)) return -1;
    if (!svgc_has_tiles(c)) return 0;
    if (c->css_geometry)
        return svgc_fail(c, c->css_geometry,
                         "the SVG has patterns and gives a size (width, height, r, rx or ry) in "
                         "CSS: pnpkit bounds a pattern's tile by the sizes of shapes and "
                         "viewports given as attributes, so give them as attributes");
    if (c->odd_paint)
        return svgc_fail(c, c->odd_paint,
                         "the SVG has patterns and paints with a filter's FillPaint or "
                         "StrokePaint, which draws a pattern at a scale pnpkit does not bound: "
                         "paint with a colour");
    if (c->root_em)
        return svgc_fail(c, ((svgc_node *)c->nodes->pdata[0])->node,
                         "the SVG has patterns and its width or height in em or ex: pnpkit bounds "
                         "a pattern's tile against the SVG's size, so give the size in px, mm or "
                         "another absolute unit");
    double area = c->nat_w * c->nat_h, most = 0, sum = 0;
    /* with context-fill or context-stroke, a path's pattern may fill its
     * markers' content too, at their scale */
    double cm_s = 0, cm_w = 0, cm_h = 0, cm_draws = 0;
    bool cm_turned = false;
    for (guint i = 0; c->context_paint && i < c->nodes->len; i++) {
        svgc_node *s = c->nodes->pdata[i];
        bool in_marker = false;
        for (svgc_node *a = s->parent; a && !in_marker; a = a->parent)
            in_marker = svgc_is(a->node, "marker");
        if (!in_marker) continue;
        cm_s = fmax(cm_s, s->S), cm_w = fmax(cm_w, s->bw * s->S), cm_h = fmax(cm_h, s->bh * s->S);
        cm_turned = cm_turned || s->turned;
        if (s->length > 0 || s->vertices > 0 || s->chunks > 0) cm_draws += svgc_times(c, s, 0);
    }
    const xmlNode *worst = NULL, *worst_sum = NULL;
    for (guint i = 0; i < c->nodes->len; i++) {
        svgc_node *p = c->nodes->pdata[i];
        if (!svgc_is(p->node, "pattern")) continue;
        for (svgc_ref *r = p->refs; r; r = r->next) {
            /* a pattern taking p as its template; a style sheet (its rules
             * have a reference from each element they may apply to) */
            if (r->href || !r->from) continue;
            svgc_below_all(r->from, 0);
            double sb = r->from->all_s, bw = r->from->all_w, bh = r->from->all_h;
            svgc_below(r->from, 0);
            double shapes = r->from->shapes_below, times = svgc_times(c, r->from, 0);
            double tw, th;
            svgc_pattern_tile(c, p, sb, bw, bh, &tw, &th);
            /* a tile turned off the axes is drawn as the box around it */
            bool turned = r->from->all_turned || p->pat.pt_turns;
            double a = turned ? tw * th + (tw * tw + th * th) / 2 : tw * th;
            /* each fill builds the tile where the shape samples it: no more
             * than the tile, nor than the box of the largest shape (turned,
             * the box around it) */
            double box = turned ? (bw + bh) * (bw + bh) : bw * bh;
            double all = fmin(a, box) * times * fmax(shapes, 1);
            if (!(a <= HUGE_VAL)) a = HUGE_VAL;
            if (!(all <= HUGE_VAL)) all = HUGE_VAL;
            if (cm_draws > 0) {
                double mw, mh;
                svgc_pattern_tile(c, p, cm_s, cm_w, cm_h, &mw, &mh);
                bool t = cm_turned || p->pat.pt_turns;
                double ma = t ? mw * mh + (mw * mw + mh * mh) / 2 : mw * mh;
                double mbox = t ? (cm_w + cm_h) * (cm_w + cm_h) : cm_w * cm_h;
                a = fmax(a, ma);
                all += fmin(ma, mbox) * cm_draws;
                if (!(a <= HUGE_VAL)) a = HUGE_VAL;
                if (!(all <= HUGE_VAL)) all = HUGE_VAL;
            }
            if (a > most) most = a, worst = p->node;
            if (all > 0 && (!worst_sum || all > sum)) worst_sum = p->node;
            sum += all;
        }
    }
    res->tile = most / area;
    res->tiles = sum / area;
    char how[64];
    if (!(res->tile <= SCENE_SVG_MAX_TILE))
        return svgc_fail(c, worst,
                         "a pattern's tile would measure %s the SVG's own size (at most %d): "
                         "librsvg draws a whole tile as pixels, however little of it shows; give "
                         "the pattern a smaller width and height",
                         svgc_times_text(how, sizeof how, res->tile), SCENE_SVG_MAX_TILE);
    if (!(res->tiles <= SCENE_SVG_MAX_TILES))
        return svgc_fail(c, worst_sum,
                         "the SVG's pattern tiles would measure %s its own size all together (at "
                         "most %d): each shape a pattern fills draws a whole tile as pixels",
                         svgc_times_text(how, sizeof how, res->tiles), SCENE_SVG_MAX_TILES);
    return 0;
}

/* wrap.c: blocks of wrapped text (see wrap.h). pango decides where lines
 * break, at the size the measurer lays text out at, with the width scaled to
 * match; every line is then cut into style runs that scene_text_add measures
 * and places one after another. */
#include "scene/wrap.h"

#include <glib.h>
#include <string.h>
#include "scene/measure.h"
#include "util/fonts.h"

#define ELLIPSIS "\xe2\x80\xa6" /* U+2026 */

typedef struct style_run {
    int start, end; /* bytes of the plain text */
    bool bold, italic;
} style_run;

static int measure_width(scene *s, const scene_font *f, const char *utf8, double *w, pn_err *err)
{
    double a, d;
    return scene_measure(scene_measurer_of(s), f, utf8, w, &a, &d, err);
}

static int measure_height(scene *s, const scene_font *f, double *asc, double *desc, pn_err *err)
{
    double w;
    return scene_measure(scene_measurer_of(s), f, "Hg", &w, asc, desc, err);
}

static PangoContext *block_context(scene *s, pn_err *err)
{
    scene_measurer *m = scene_measurer_of(s);
    if (!m) pn_err_set(err, PN_EINPUT, "text on a page that cannot measure text");
    return m ? scene_measurer_context(m) : NULL;
}

/* Only weight and style may be set by markup: anything else (sizes, colours,
 * fonts) would not be measured as drawn. */
static int check_attrs(PangoAttrList *attrs, pn_err *err)
{
    GSList *all = pango_attr_list_get_attributes(attrs);
    int rc = 0;
    for (GSList *l = all; l && !rc; l = l->next) {
        PangoAttrType t = ((PangoAttribute *)l->data)->klass->type;
        if (t != PANGO_ATTR_WEIGHT && t != PANGO_ATTR_STYLE)
            rc = pn_err_set(err, PN_EINPUT,
                            "markup: only <b>, <i> and spans of weight and style are allowed");
    }
    g_slist_free_full(all, (GDestroyNotify)pango_attribute_destroy);
    return rc;
}

/* The plain text and its style runs, from markup or from plain text. */
static int parse(const scene_block *b, char **plain, PangoAttrList **attrs, GArray *runs,
                 pn_err *err)
{
    if (b->markup) {
        GError *ge = NULL;
        /* pango hands a CDATA section to no one: its text would not print */
        if (strstr(b->text, "<![CDATA["))
            return pn_err_set(
                err, PN_EINPUT,
                "markup: a CDATA section (<![CDATA[...]]>) would print nothing; write "
                "its text with &amp; &lt; &gt; for & < >");
        if (!pango_parse_markup(b->text, -1, 0, attrs, plain, NULL, &ge)) {
            /* pango wraps the text in an element of its own called markup. */
            const char *m = ge ? ge->message : "not valid";
            if (strstr(m, "\xe2\x80\x9cmarkup\xe2\x80\x9d")) m = "a tag is left open";
            pn_err_set(err, PN_EINPUT, "markup: %s", m);
            g_clear_error(&ge);
            return -1;
        }
        if (check_attrs(*attrs, err)) return -1;
    } else {
        *plain = g_strdup(b->text);
        *attrs = pango_attr_list_new();
    }
    int len = (int)strlen(*plain);
    PangoAttrIterator *it = pango_attr_list_get_iterator(*attrs);
    do {
        int s, e;
        pango_attr_iterator_range(it, &s, &e);
        if (s >= len) break;
        if (e > len) e = len;
        PangoAttribute *w = pango_attr_iterator_get(it, PANGO_ATTR_WEIGHT);
        PangoAttribute *st = pango_attr_iterator_get(it, PANGO_ATTR_STYLE);
        style_run r = {
            .start = s,
            .end = e,
            .bold = w ? ((PangoAttrInt *)w)->value >= PANGO_WEIGHT_SEMIBOLD : b->font.bold,
            .italic = st ? ((PangoAttrInt *)st)->value != PANGO_STYLE_NORMAL : b->font.italic,
        };
        if (e > s) g_array_append_val(runs, r);
    } while (pango_attr_iterator_next(it));
    pango_attr_iterator_destroy(it);
    return 0;
}

/* The pieces of plain[a, z) in their styles, plus suffix at the end (in the
 * last piece's style). Adds them to s at baseline y when add, else only
 * measures. *w gets the line's width. */
static int line_pieces(scene *s, const scene_block *b, const char *plain, const GArray *runs, int a,
                       int z, const char *suffix, double x, double y, bool add, double *w,
                       pn_err *err)
{
    double total = 0;
    int pass_end = add ? 2 : 1;
    for (int pass = 0; pass < pass_end; pass++) {
        double x0 = b->halign == TEXT_LEFT     ? x
                    : b->halign == TEXT_CENTER ? x - total / 2
                                               : x - total;
        double acc = 0;
        for (guint k = 0; k < runs->len; k++) {
            const style_run *r = &g_array_index(runs, style_run, k);
            int ps = r->start > a ? r->start : a, pe = r->end < z ? r->end : z;
            bool last = r->end >= z;
            if (pe <= ps && !(last && suffix && ps <= z)) continue;
            GString *piece = g_string_new_len(plain + ps, pe > ps ? pe - ps : 0);
            if (last && suffix) g_string_append(piece, suffix);
            scene_font f = b->font;
            f.bold = r->bold;
            f.italic = r->italic;
            double pw = 0;
            int rc = 0;
            if (piece->len) rc = measure_width(s, &f, piece->str, &pw, err);
            if (!rc && pass == 1 && piece->len &&
                !scene_text_add(s, piece->str, &f, b->color, x0 + acc, y, TEXT_LEFT, TEXT_BASELINE,
                                0, err))
                rc = -1;
            g_string_free(piece, TRUE);
            if (rc) return -1;
            acc += pw;
            if (last) break;
        }
        total = acc;
    }
    *w = total;
    return 0;
}

/* Bytes [a, z) of a line without the spaces and line breaks at its end. */
static int trim_end(const char *plain, int a, int z)
{
    while (z > a && g_ascii_isspace(plain[z - 1]))
        z--;
    return z;
}

/* Refuses a run of more than SCENE_BLOCK_MAX_WORD characters with no place
 * to break a line (Unicode's rules, as pango applies them: spaces, hyphens,
 * between ideographs). */
static int check_words(const char *plain, pn_err *err)
{
    glong chars = g_utf8_strlen(plain, -1), from = 0, longest = 0;
    if (chars <= SCENE_BLOCK_MAX_WORD) return 0;
    PangoLogAttr *la = g_new(PangoLogAttr, chars + 1);
    pango_default_break(plain, (int)strlen(plain), NULL, la, (int)chars + 1);
    for (glong i = 1; i <= chars; i++)
        if (i == chars || la[i].is_line_break) {
            glong end = i; /* the spaces before a break are not drawn at a line's end */
            while (end > from && la[end - 1].is_white)
                end--;
            longest = MAX(longest, end - from);
            from = i;
        }
    g_free(la);
    if (longest <= SCENE_BLOCK_MAX_WORD) return 0;
    return pn_err_set(err, PN_EINPUT,
                      "the text holds a word of %ld characters with no place to break a line (at "
                      "most %d): add spaces or hyphens",
                      longest, SCENE_BLOCK_MAX_WORD);
}

int scene_text_block(scene *s, const scene_block *b, scene_block_info *info, pn_err *err)
{
    scene_block_info dummy;
    if (!info) info = &dummy;
    memset(info, 0, sizeof *info);
    if (!g_utf8_validate(b->text, -1, NULL))
        return pn_err_set(err, PN_EINPUT, "text is not valid UTF-8");
    if (scene_charge_layout(s, strlen(b->text), err)) return -1;
    PangoContext *ctx = block_context(s, err);
    if (!ctx) return -1;
    char *plain = NULL;
    PangoAttrList *attrs = NULL;
    GArray *runs = g_array_new(FALSE, FALSE, sizeof(style_run));
    int rc = parse(b, &plain, &attrs, runs, err);
    PangoLayout *l = NULL;
    int n = 0;
    if (!rc) rc = check_words(plain, err);
    if (!rc) {
        l = pn_fonts_layout(ctx, b->font.family, PN_FONT_LAYOUT_SIZE, b->font.bold, b->font.italic,
                            plain);
        pango_layout_set_attributes(l, attrs);
        double wpt = b->width * PN_MM_TO_PT * PN_FONT_LAYOUT_SIZE / b->font.size;
        pango_layout_set_width(l, (int)(wpt * PANGO_SCALE));
        pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
        n = pango_layout_get_line_count(l);
        if (n > SCENE_BLOCK_MAX_LINES)
            rc = pn_err_set(err, PN_EINPUT, "the text makes %d lines, more than %d", n,
                            SCENE_BLOCK_MAX_LINES);
    }
    double asc = 0, desc = 0;
    if (!rc) rc = measure_height(s, &b->font, &asc, &desc, err);
    if (!rc) {
        int shown = b->max_lines > 0 && n > b->max_lines ? b->max_lines : n;
        double lh = b->font.size * PN_PT_TO_MM * b->spacing;
        double h = asc + (shown - 1) * lh + desc;
        double top = b->valign == TEXT_TOP        ? b->y
                     : b->valign == TEXT_BASELINE ? b->y - asc
                     : b->valign == TEXT_MIDDLE   ? b->y - h / 2
                                                  : b->y - h;
        info->lines = shown;
        info->needed = n;
        info->cut = shown < n;
        info->top = top;
        info->h = h;
        for (int i = 0; i < shown && !rc; i++) {
            PangoLayoutLine *ln = pango_layout_get_line_readonly(l, i);
            int a = ln->start_index, z = trim_end(plain, a, ln->start_index + ln->length);
            double y = top + asc + i * lh, w = 0;
            const char *suffix = NULL;
            if (info->cut && i == shown - 1) {
                /* Drop characters until the line and its ellipsis fit. */
                suffix = ELLIPSIS;
                for (;;) {
                    rc = line_pieces(s, b, plain, runs, a, z, suffix, b->x, y, false, &w, err);
                    if (rc || w <= b->width || z <= a) break;
                    z = (int)(g_utf8_prev_char(plain + z) - plain);
                    z = trim_end(plain, a, z);
                }
                /* Not in the middle of a word when the line has a space to cut at. */
                int sp = z;
                while (sp > a && !g_ascii_isspace(plain[sp]) && !g_ascii_isspace(plain[sp - 1]))
                    sp--;
                if (sp > a && !g_ascii_isspace(plain[z])) z = trim_end(plain, a, sp);
            }
            if (!rc) rc = line_pieces(s, b, plain, runs, a, z, suffix, b->x, y, !b->dry, &w, err);
            if (w > info->widest) info->widest = w;
        }
    }
    if (l) g_object_unref(l);
    if (attrs) pango_attr_list_unref(attrs);
    g_free(plain);
    g_array_free(runs, TRUE);
    return rc;
}

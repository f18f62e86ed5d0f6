/* svgcheck.c: how many dashes an SVG image could draw, bounded before librsvg
 * draws it (see svgcheck.h). Three passes over the document libxml2 reads:
 * collect (ids, dash patterns, font sizes, references), measure (each shape's
 * outline, vertices and box) and count (how often each shape is drawn, by
 * following the references to it and to its ancestors); svgtiles.c then
 * bounds the pattern tiles. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "scene/svgcheck.h"
#include "scene/svgc.h"
#include "scene/svgsheet.h"
#include "scene/svgxform.h"
#include "scene/image.h"
#include "util/picture.h"
#include "util/pixbuf.h"
#include "util/xml.h"
#include "util/inputs.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <limits.h>
#include <sys/stat.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int svgc_doc(svgc_shared *sh, const char *name, GFile *dir, int depth, const char *bytes,
                    size_t len, svgc_result *res, bool *xml, pn_err *err);

static long svgc_line(svgc *c, const xmlNode *n)
{
    return n ? c->sh->xml->get_line_no(n) : 0;
}

int svgc_fail(svgc *c, const xmlNode *n, const char *fmt, ...)
{
    if (c->failed) return -1;
    va_list ap;
    va_start(ap, fmt);
    char *what = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    long line = svgc_line(c, n);
    if (line > 0)
        pn_err_set(c->err, PN_EINPUT, "%s: line %ld: %s", c->name, line, what);
    else
        pn_err_set(c->err, PN_EINPUT, "%s: %s", c->name, what);
    g_free(what);
    c->failed = 1;
    return -1;
}

/* ---- numbers and lengths ---- */

/* The unit after a number: its factor to user units for absolute ones. */
svgc_unit svgc_unit_at(const char **s, double *factor)
{
    const char *p = *s;
    static const struct {
        const char *name;
        double factor;
        svgc_unit kind;
    } units[] = {
        {"px", 1, UNIT_ABS},      {"in", 96, UNIT_ABS},    {"cm", 37.795, UNIT_ABS},
        {"mm", 3.7795, UNIT_ABS}, {"q", 0.9449, UNIT_ABS}, {"pt", 1.3333, UNIT_ABS},
        {"pc", 16, UNIT_ABS},     {"em", 1, UNIT_FONT},    {"rem", 1, UNIT_FONT},
        {"ex", 1, UNIT_FONT},     {"ch", 1, UNIT_FONT},
    };
    *factor = 1;
    if (*p == '%') {
        *s = p + 1;
        return UNIT_PERCENT;
    }
    size_t n = 0;
    while (g_ascii_isalpha(p[n]))
        n++;
    if (!n) return UNIT_ABS;
    for (size_t i = 0; i < G_N_ELEMENTS(units); i++)
        if (strlen(units[i].name) == n && !g_ascii_strncasecmp(p, units[i].name, n)) {
            *factor = units[i].factor;
            *s = p + n;
            return units[i].kind;
        }
    *s = p + n;
    return UNIT_UNKNOWN;
}

/* The font size a relative length is measured against, generously. */
double svgc_font(const svgc *c)
{
    /* the largest size given, or the default (medium, 12px in librsvg; 16 here) */
    double f = (c->font_abs > 0 ? c->font_abs : 16.0) * c->font_rel;
    return isfinite(f) ? f : HUGE_VAL;
}

/* The largest viewport a percentage can be of: the largest size given, grown
 * by every viewport given in % or em (nested ones multiply). */
double svgc_big(const svgc *c)
{
    double b = fmax(c->big, c->big_em * svgc_font(c)) * c->big_rel;
    return isfinite(b) ? b : HUGE_VAL;
}

/* The length at *p (a number and its unit) in user units, generously (its
 * absolute value; a percentage of the largest viewport); *p is moved past
 * it. false when there is no number. */
static bool svgc_length_at(svgc *c, const char **p, double *len)
{
    double x, f;
    if (!svgx_number(p, &x)) return false;
    switch (svgc_unit_at(p, &f)) {
    case UNIT_ABS:
        *len = fabs(x) * f;
        break;
    case UNIT_FONT:
        *len = fabs(x) * svgc_font(c);
        break;
    case UNIT_PERCENT:
        *len = fabs(x) / 100 * svgc_big(c) * 1.5;
        break;
    default:
        *len = 0;
    }
    return true;
}

/* The largest length of a list (x="1 2em 30%"). */
double svgc_list_length(svgc *c, const char *v)
{
    double most = 0, len;
    for (const char *p = v; *p;) {
        if (svgc_length_at(c, &p, &len))
            most = fmax(most, len);
        else
            p++;
    }
    return most;
}

/* An attribute length in user units (absolute value); 0 when absent or not
 * a length. */
double svgc_attr_length(svgc *c, const char *v)
{
    if (!v) return 0;
    while (g_ascii_isspace(*v))
        v++;
    double len;
    return svgc_length_at(c, &v, &len) ? len : 0;
}

/* ---- attributes and style ---- */

/* The text of one attribute (libxml2 keeps it as text children once entities
 * are expanded). Caller frees. */
char *svgc_attr_text(const xmlAttr *a)
{
    GString *s = g_string_new(NULL);
    for (const xmlNode *t = a->children; t; t = t->next)
        if (t->content) g_string_append(s, (const char *)t->content);
    return g_string_free(s, FALSE);
}

/* The text of every attribute named name, whatever its namespace, joined by
 * spaces (librsvg reads one of them: every one is counted); NULL when there
 * is none. Caller frees. */
char *svgc_prop(const xmlNode *n, const char *name)
{
    GString *all = NULL;
    for (const xmlAttr *a = n->properties; a; a = a->next) {
        if (strcmp((const char *)a->name, name)) continue;
        char *v = svgc_attr_text(a);
        if (all)
            g_string_append_c(all, ' ');
        else
            all = g_string_new(NULL);
        g_string_append(all, v);
        g_free(v);
    }
    return all ? g_string_free(all, FALSE) : NULL;
}

/* A dash pattern's value: the mean of a dash and its gap, the finest yet is
 * kept. Relative units are refused: what they measure depends on the font or
 * viewport each shape is in. */
static int svgc_dash_value(svgc *c, const xmlNode *n, const char *v)
{
    while (g_ascii_isspace(*v))
        v++;
    static const char *const none[] = {"none", "inherit", "initial", "unset", "revert"};
    for (size_t i = 0; i < G_N_ELEMENTS(none); i++)
        if (!g_ascii_strncasecmp(v, none[i], strlen(none[i]))) return 0;
    double sum = 0;
    int k = 0;
    const char *p = v;
    for (;;) {
        while (g_ascii_isspace(*p) || *p == ',')
            p++;
        if (!*p || *p == ';' || *p == '}' || *p == '!' || *p == '"' || *p == '\'') break;
        double x, f;
        const char *at = p;
        if (!svgx_number(&p, &x))
            return svgc_fail(c, n, "cannot read the stroke-dasharray '%.40s'", at);
        svgc_unit u = svgc_unit_at(&p, &f);
        if (u != UNIT_ABS)
            return svgc_fail(c, n,
                             "a stroke-dasharray in relative units ('%.40s') is not drawn in an "
                             "image: give its dashes in user units, px or mm",
                             v);
        sum += fabs(x) * f;
        k++;
    }
    if (k == 0 || !(sum > 0)) return 0;
    double mean = 2 * sum / k;
    if (mean < c->dash) {
        c->dash = mean;
        c->dash_line = svgc_line(c, n);
    }
    return 0;
}

/* A font size (or the font shorthand, whose numbers may be a weight, a size
 * and a line height): every number of the value is taken for a size, the
 * largest absolute one kept, and every relative one that grows the font. The
 * value ends at ; } or 256 bytes. */
static void svgc_font_value(svgc *c, const char *v)
{
    size_t seen = 0; /* bytes other than spaces looked at: at most 256 */
    for (const char *p = v; *p && *p != ';' && *p != '}' && seen < 256;) {
        if (g_ascii_isspace(*p)) {
            p++;
            continue;
        }
        seen++;
        if (!g_ascii_strncasecmp(p, "larger", 6)) c->font_rel *= 1.2;
        if (!g_ascii_strncasecmp(p, "large", 5)) c->font_abs = fmax(c->font_abs, 48);
        double x, f;
        if (!svgx_number(&p, &x)) {
            p++;
            continue;
        }
        x = fabs(x);
        switch (svgc_unit_at(&p, &f)) {
        case UNIT_ABS:
            c->font_abs = fmax(c->font_abs, x * f);
            break;
        case UNIT_FONT:
            c->font_rel *= fmax(1, x);
            break;
        case UNIT_PERCENT:
            c->font_rel *= fmax(1, x / 100);
            break;
        default:
            break;
        }
        if (!(c->font_rel < 1e30)) c->font_rel = 1e30;
    }
}

/* letter-spacing or word-spacing: the largest kept (an underline runs across
 * the spaces it makes). */
static void svgc_spacing_value(svgc *c, const char *v)
{
    const char *p = v;
    while (g_ascii_isspace(*p))
        p++;
    double x, f;
    if (!svgx_number(&p, &x)) return;
    svgc_unit u = svgc_unit_at(&p, &f);
    double len = u == UNIT_ABS       ? fabs(x) * f
                 : u == UNIT_PERCENT ? fabs(x) / 100 * svgc_big(c)
                                     : fabs(x) * svgc_font(c);
    c->spacing = fmax(c->spacing, len);
}

/* A stroke-width: the largest kept for each kind of unit (markers are drawn
 * in units of it). */
static void svgc_stroke_value(svgc *c, const char *v)
{
    const char *p = v;
    while (g_ascii_isspace(*p))
        p++;
    double x, f;
    if (!svgx_number(&p, &x)) return;
    switch (svgc_unit_at(&p, &f)) {
    case UNIT_ABS:
        c->stroke_abs = fmax(c->stroke_abs, fabs(x) * f);
        break;
    case UNIT_FONT:
        c->stroke_em = fmax(c->stroke_em, fabs(x));
        break;
    case UNIT_PERCENT:
        c->stroke_pc = fmax(c->stroke_pc, fabs(x));
        break;
    default:
        break;
    }
}

/* A baseline-shift: the largest kept, relative ones as generously as any
 * length (a text's box grows by it). */
static void svgc_shift_value(svgc *c, const char *v)
{
    const char *p = v;
    while (g_ascii_isspace(*p))
        p++;
    double len = 0;
    if (!svgc_length_at(c, &p, &len)) len = svgc_font(c); /* super, sub */
    c->shift_max = fmax(c->shift_max, len);
}

/* A reference as a URL parser reads it: spaces around it and tabs and line
 * breaks inside it dropped, backslashes as slashes. Caller frees. */
static char *svgc_clean_uri(const char *v)
{
    GString *u = g_string_new(NULL);
    for (const char *p = v; *p; p++) {
        if (*p == '\t' || *p == '\n' || *p == '\r') continue;
        g_string_append_c(u, *p == '\\' ? '/' : *p);
    }
    return g_strstrip(g_string_free(u, FALSE));
}

static void svgc_add_pending(svgc *c, svgc_node *from, const char *id, size_t n, bool marker)
{
    svgc_pending *p = g_new0(svgc_pending, 1);
    p->from = from;
    p->id = g_strndup(id, n);
    p->marker = marker;
    g_ptr_array_add(c->pending, p);
}

/* How a document draws another: as an image (a document of its own) or by
 * taking elements from it into its own tree (use, url(file#id), XInclude). */
typedef enum { NEST_IMAGE, NEST_MERGE } svgc_nest;

static int svgc_nested(svgc *c, svgc_node *from, const char *uri, svgc_nest how);

#define SVGC_MAX_URL 4096 /* bytes of one url(...) looked at */

/* A character of a CSS name. */
bool svgc_ident(char ch)
{
    return g_ascii_isalnum(ch) || ch == '-' || ch == '_';
}

/* The reference of the url( at *at (in low, the lower-case copy of text),
 * cleaned (caller frees); *at is moved past it. */
char *svgc_url_text(const char *text, const char *low, const char **at)
{
    const char *p = *at + 4;
    while (g_ascii_isspace(*p) || *p == '"' || *p == '\'')
        p++;
    size_t n = 0;
    while (n < SVGC_MAX_URL && p[n] && !strchr(")\"' \t\r\n", p[n]))
        n++;
    char *raw = g_strndup(text + (p - low), n);
    char *uri = svgc_clean_uri(raw);
    g_free(raw);
    *at = p + n; /* a url( inside this one is part of it */
    return uri;
}

/* Whether the url( at p in CSS text low belongs to a marker property (the
 * name before the nearest colon, looked for a short way back). */
bool svgc_url_marker(const char *low, const char *p)
{
    const char *d = p;
    while (d > low && p - d < 256 && d[-1] != ':' && d[-1] != ';' && d[-1] != '{')
        d--;
    if (d == low || d[-1] != ':') return false;
    const char *e = d - 1, *b = e;
    while (b > low && e - b < 64 && (svgc_ident(b[-1]) || g_ascii_isspace(b[-1])))
        b--;
    while (g_ascii_isspace(*b))
        b++;
    return !strncmp(b, "marker", 6);
}

static int svgc_url_at(svgc *c, svgc_node *from, const char *text, const char *low, const char **at,
                       bool marker)
{
    char *uri = svgc_url_text(text, low, at);
    int r = svgc_nested(c, from, uri, NEST_MERGE);
    const char *hash = strchr(uri, '#');
    if (!r && hash && hash[1]) svgc_add_pending(c, from, hash + 1, strlen(hash + 1), marker);
    g_free(uri);
    return r;
}

/* Every url(...) in text: a reference to an element of this document
 * (#id) or to another file. */
static int svgc_urls(svgc *c, svgc_node *from, const char *text, bool marker)
{
    char *low = g_ascii_strdown(text, -1);
    int r = 0;
    const char *end = low + strlen(low);
    for (const char *p = low; !r && (p = g_strstr_len(p, end - p, "url("));)
        r = svgc_url_at(c, from, text, low, &p, marker);
    g_free(low);
    return r;
}

/* Each property of CSS text (low: its lower-case copy) as fn(its name, the
 * name's length, its value as written); a value of fn other than 0 stops
 * the walk and is returned. */
int svgc_css_each(const char *low, const char *text,
                  int (*fn)(const char *name, size_t len, const char *value, void *data),
                  void *data)
{
    const char *end = low + strlen(low);
    for (const char *p = low; (p = memchr(p, ':', (size_t)(end - p))); p++) {
        const char *e = p;
        while (e > low && g_ascii_isspace(e[-1]))
            e--;
        const char *b = e;
        while (b > low && svgc_ident(b[-1]))
            b--;
        int r = fn(b, (size_t)(e - b), text + (p + 1 - low), data);
        if (r) return r;
    }
    return 0;
}

/* Where CSS text is read: the element its style attribute is on (from), or
 * a style sheet (from NULL, n its style element). */
typedef struct svgc_css_at {
    svgc *c;
    const xmlNode *n;
    svgc_node *from;
} svgc_css_at;

/* One property: dash patterns, font sizes, spacing, stroke widths, sizes
 * and transforms. */
static int svgc_css_prop(const char *b, size_t len, const char *value, void *data)
{
    svgc_css_at *at = data;
    svgc *c = at->c;
    const xmlNode *n = at->n;
    svgc_node *from = at->from;
    if (len == 16 && !strncmp(b, "stroke-dasharray", len)) {
        return svgc_dash_value(c, n, value);
    } else if ((len == 9 && !strncmp(b, "font-size", len)) ||
               (len == 4 && !strncmp(b, "font", len))) {
        double before = c->font_rel;
        svgc_font_value(c, value);
        /* a style sheet's relative size applies again at each level */
        if (!from) c->font_sheet = fmax(c->font_sheet, c->font_rel / before);
    } else if ((len == 14 && !strncmp(b, "letter-spacing", len)) ||
               (len == 12 && !strncmp(b, "word-spacing", len))) {
        svgc_spacing_value(c, value);
    } else if (len == 12 && !strncmp(b, "stroke-width", len)) {
        svgc_stroke_value(c, value);
    } else if (len == 14 && !strncmp(b, "baseline-shift", len)) {
        svgc_shift_value(c, value);
    } else if ((len == 5 && !strncmp(b, "width", len)) ||
               (len == 6 && !strncmp(b, "height", len)) || (len == 1 && b[0] == 'r') ||
               (len == 2 && (!strncmp(b, "rx", len) || !strncmp(b, "ry", len)))) {
        /* librsvg 2.54 reads geometry from CSS too: the tiles' bound
         * does not (svgtiles.c refuses it with patterns) */
        if (!c->css_geometry) c->css_geometry = n;
    } else if (len == 9 && !strncmp(b, "transform", len)) {
        /* librsvg 2.54 reads the transform property too */
        double k = svgx_transform_scale(value);
        bool turns = svgx_transform_turns(value);
        if (from)
            from->turn_own = from->turn_own || turns;
        else
            c->sheet_turns = c->sheet_turns || turns;
        if (from)
            svgc_transform_given(from, k);
        else
            c->sheet_T = fmax(c->sheet_T, k), c->sheet_T_n++;
    }
    return 0;
}

/* Declarations in CSS text (a style attribute or a style sheet): dash
 * patterns, font sizes and references. from is NULL for a style sheet. */
static int svgc_css(svgc *c, const xmlNode *n, svgc_node *from, const char *css)
{
    char *text = svgs_unescape(css);
    char *low = g_ascii_strdown(text, -1);
    int r = 0;
    if (strstr(low, "@import")) {
        r = svgc_fail(c, n,
                      "the SVG takes its style from another file (@import), which pnpkit "
                      "does not draw: put the style in the SVG");
        goto out;
    }
    /* memchr and g_strstr_len with the length known, not strchr and strstr, which
     * a sanitizer's strict checks make read the whole rest of the text on
     * every call */
    const char *end = low + strlen(low);
    svgc_css_at at = {c, n, from};
    if ((r = svgc_css_each(low, text, svgc_css_prop, &at))) goto out;
    /* references, each with the property it belongs to */
    for (const char *p = low; (p = g_strstr_len(p, end - p, "url("));)
        if ((r = svgc_url_at(c, from, text, low, &p, svgc_url_marker(low, p)))) goto out;
out:
    g_free(low);
    g_free(text);
    return r;
}

/* ---- references to other documents ---- */

/* The bytes of a data: URI, decoded (caller frees), or NULL. */
static char *svgc_data(const char *uri, size_t *len)
{
    const char *comma = strchr(uri, ',');
    if (!comma) return NULL;
    char *head = g_ascii_strdown(uri + 5, comma - uri - 5);
    bool b64 = strstr(head, ";base64") != NULL;
    g_free(head);
    /* %XX decoded leniently, as a data: URL parser does (%00 too; a %
     * without two hex digits stays) */
    GString *plain = g_string_new(NULL);
    for (const char *p = comma + 1; *p; p++) {
        if (p[0] == '%' && g_ascii_isxdigit(p[1]) && g_ascii_isxdigit(p[2])) {
            g_string_append_c(plain,
                              (char)(g_ascii_xdigit_value(p[1]) * 16 + g_ascii_xdigit_value(p[2])));
            p += 2;
        } else {
            g_string_append_c(plain, *p);
        }
    }
    if (b64) {
        gsize n = 0;
        guchar *d = g_base64_decode(plain->str, &n);
        g_string_free(plain, TRUE);
        *len = n;
        return (char *)d;
    }
    *len = plain->len;
    return g_string_free(plain, FALSE);
}

/* The MIME type a data: URI declares ("" for none); caller frees. */
static char *svgc_data_type(const char *uri)
{
    const char *p = uri + 5;
    size_t n = strcspn(p, ";,");
    return g_strstrip(g_strndup(p, n));
}

/* Whether path lies in dir or below it, both with links followed: librsvg
 * loads nothing else (a file elsewhere, or a link inside that leads out). */
static bool svgc_inside(GFile *dir, const char *path)
{
    char *real = realpath(path, NULL), *base = realpath(g_file_peek_path(dir), NULL);
    bool in = false;
    if (real && base) {
        GFile *r = g_file_new_for_path(real), *b = g_file_new_for_path(base);
        in = g_file_has_prefix(r, b);
        g_object_unref(r);
        g_object_unref(b);
    }
    free(real);
    free(base);
    return in;
}

/* The regular file a reference (not data:) names, resolved from the
 * document's folder as librsvg does; NULL when there is none (another
 * scheme, #id alone, a device or a FIFO) or when librsvg would not load it
 * (outside the document's folder): it is neither read nor counted. Caller
 * frees; *size its size. *special is set when the name is a FIFO or a device
 * inside the folder, which librsvg would open and wait on forever. */
static char *svgc_file(svgc *c, const char *uri, goffset *size, bool *special)
{
    *special = false;
    char *part = g_strndup(uri, strcspn(uri, "#"));
    GFile *f = NULL;
    const char *colon = strchr(part, ':'), *slash = strchr(part, '/');
    bool file = !g_ascii_strncasecmp(part, "file:", 5);
    const char *rest = file ? part + 5 : part;
    if (!*part || !c->dir) {
        /* #id alone: this document */
    } else if (file && rest[0] == '/' && rest[1] == '/') {
        f = g_file_new_for_uri(part); /* file://host/path */
    } else if (file || !colon || (slash && slash < colon)) {
        /* A path, relative or absolute; "file:d.svg" and "file:/d.svg" are
         * paths too for a URL parser (librsvg's). */
        char *plain = g_uri_unescape_string(rest, NULL);
        if (plain) f = g_file_resolve_relative_path(c->dir, plain);
        g_free(plain);
    }
    g_free(part);
    if (!f) return NULL;
    char *path = g_file_get_path(f);
    g_object_unref(f);
    GStatBuf st;
    if (!path || g_stat(path, &st) || !S_ISREG(st.st_mode) || !svgc_inside(c->dir, path)) {
        *special = path && !g_stat(path, &st) && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode) &&
                   svgc_inside(c->dir, path);
        g_free(path);
        return NULL;
    }
    *size = st.st_size;
    pn_inputs_note(path);
    return path;
}

typedef enum { SNIFF_OTHER, SNIFF_XML, SNIFF_GZIP } svgc_sniff_kind;

/* What the first bytes say: a picture gdk-pixbuf reads by its signature,
 * gzip (a compressed SVG), or maybe XML, for libxml2 to tell (it reads
 * UTF-16, UTF-32 and EBCDIC documents, with or without a byte order mark,
 * after any amount of white space). */
static svgc_sniff_kind svgc_sniff(const char *b, size_t len)
{
    static const struct {
        const char *sig;
        size_t n;
    } pictures[] = {
        {"\x89PNG", 4},
        {"\xff\xd8\xff", 3},
        {"GIF8", 4},
        {"BM", 2},
        {"II*\0", 4},
        {"MM\0*", 4},
        {"\0\0\1\0", 4},
        {"\0\0\2\0", 4},
        {"qoif", 4},
        {"\0\0\0\x0cjP", 6},
        {"\xff\x4f\xff\x51", 4},
    };
    if (len >= 2 && (unsigned char)b[0] == 0x1f && (unsigned char)b[1] == 0x8b) return SNIFF_GZIP;
    for (size_t i = 0; i < G_N_ELEMENTS(pictures); i++)
        if (len >= pictures[i].n && !memcmp(b, pictures[i].sig, pictures[i].n)) return SNIFF_OTHER;
    if (len >= 12 && !memcmp(b, "RIFF", 4) && !memcmp(b + 8, "WEBP", 4)) return SNIFF_OTHER;
    if (len >= 12 && !memcmp(b + 4, "ftyp", 4)) return SNIFF_OTHER; /* HEIF, AVIF */
    return SNIFF_XML;
}

/* The first bytes of a file (up to n); the count read. */
static size_t svgc_head(const char *path, char *buf, size_t n)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) return 0;
    size_t got = fread(buf, 1, n, fp);
    fclose(fp);
    return got;
}

/* What a file named by a document was found to be, kept by its name. */
typedef struct svgc_named {
    svgc_sniff_kind kind; /* SNIFF_XML: a document libxml2 reads */
    svgc_result res;      /* what it draws as an image */
    double w, h;          /* its size as pixels (0: no picture librsvg reads) */
    bool xml;             /* an SVG document */
} svgc_named;

/* The pictures pnpkit lets an SVG draw inside it: their loaders give their
 * size from the header (HEIF, TIFF and others decode it all first). */
static bool svgc_picture_type(const char *name)
{
    static const char *const ok[] = {"png", "jpeg", "gif", "bmp", "x-bmp", "x-ms-bmp", "webp"};
    const char *slash = strchr(name, '/');
    const char *sub = slash ? slash + 1 : name;
    for (size_t i = 0; i < G_N_ELEMENTS(ok); i++)
        if (!g_ascii_strcasecmp(sub, ok[i])) return true;
    return false;
}

/* The size of a picture (not an SVG) drawn inside the SVG, from a file or
 * from memory (a data: URI, with the MIME type it declares), as librsvg
 * loads it: with the gdk-pixbuf loader of its declared or guessed type.
 * 1 with *w and *h; 0 when librsvg would draw no picture; -1 (refused) for
 * a type pnpkit does not let an SVG draw inside it. */
static int svgc_picture_size(svgc *c, const xmlNode *at, const char *name, const char *file,
                             const char *bytes, size_t len, const char *declared, double *w,
                             double *h)
{
    *w = *h = 0;
    gchar *data = NULL;
    if (file) {
        gsize n = 0;
        if (!g_file_get_contents(file, &data, &n, NULL)) return 0;
        bytes = data, len = n;
    }
    char *mime = NULL;
    if (declared && *declared && g_ascii_strncasecmp(declared, "text/plain", 10)) {
        mime = g_ascii_strdown(declared, -1);
    } else {
        char *type = g_content_type_guess(file, (const guchar *)bytes, MIN(len, 4096), NULL);
        mime = type ? g_content_type_get_mime_type(type) : NULL;
        g_free(type);
    }
    int r = 0;
    bool picture = mime && g_str_has_prefix(mime, "image/") && !g_str_has_prefix(mime, "image/svg");
    if (picture && !svgc_picture_type(mime)) {
        r = svgc_fail(c, at,
                      "%.80s: a picture of type %.40s drawn inside the SVG, which pnpkit does "
                      "not draw there: use PNG, JPEG, GIF, BMP or WebP",
                      name, mime);
    } else {
        pn_err e = {0};
        const pn_pixbuf_fns *pb = pn_pixbuf(&e);
        int iw = 0, ih = 0;
        char *format = NULL;
        /* a declared type picks its loader, as in librsvg (a file's is
         * guessed from its name and bytes); else gdk-pixbuf sniffs one */
        bool typed =
            file || (declared && *declared && g_ascii_strncasecmp(declared, "text/plain", 10));
        const char *use = typed && picture ? mime : NULL;
        /* checked before any loader reads it (util/picture.h) */
        const char *why = pn_picture_refusal((const unsigned char *)bytes, len);
        bool known = !why && pb && pn_pixbuf_probe_bytes(pb, use, bytes, len, &iw, &ih, &format);
        if (why)
            r = svgc_fail(c, at, "%.80s, drawn inside the SVG: %s", name, why);
        else if (known && format && !svgc_picture_type(format))
            r = svgc_fail(c, at,
                          "%.80s: a picture of type %.40s drawn inside the SVG, which pnpkit "
                          "does not draw there: use PNG, JPEG, GIF, BMP or WebP",
                          name, format);
        else if (known && iw > 0 && ih > 0)
            *w = iw, *h = ih, r = 1;
        g_free(format);
    }
    g_free(mime);
    g_free(data);
    return r;
}

static int svgc_picture(svgc *c, const xmlNode *at, const char *name, double w, double h,
                        bool count);

/* An SVG drawn inside the SVG as an image: librsvg draws it as pixels at
 * its own size, with its largest pattern tile as pixels too. A document
 * with neither a size nor a viewBox is sized by what it draws, which the
 * check does not know: refused. */
static int svgc_inner_svg(svgc *c, const xmlNode *at, const char *name, const svgc_result *d,
                          bool count)
{
    if (!d->sized)
        return svgc_fail(c, at,
                         "%.80s: an SVG drawn inside the SVG has neither a width and height nor "
                         "a viewBox, which pnpkit needs to bound its pixels",
                         name);
    int r = svgc_picture(c, at, name, d->raster_w, d->raster_h, count);
    double tile = d->tile * d->raster_w * d->raster_h;
    if (!r && count) r = svgc_picture(c, at, name, sqrt(tile), sqrt(tile), true); /* its tile too */
    return r;
}

/* A picture drawn inside the SVG, w by h pixels (an SVG drawn as an image
 * is drawn as pixels at its own size too): librsvg decodes each whole and
 * keeps it while it draws, so each and all of them (counted once when
 * count) are bounded. */
static int svgc_picture(svgc *c, const xmlNode *at, const char *name, double w, double h,
                        bool count)
{
    if (!(w <= SCENE_IMAGE_MAX_SIDE && h <= SCENE_IMAGE_MAX_SIDE &&
          w * h <= SCENE_SVG_MAX_INNER_PIXELS))
        return svgc_fail(c, at,
                         "%.80s: a picture of %.0fx%.0f pixels drawn inside the SVG is too large "
                         "(at most %d pixels a side and %.0f million pixels)",
                         name, w, h, SCENE_IMAGE_MAX_SIDE, SCENE_SVG_MAX_INNER_PIXELS / 1e6);
    if (count) c->sh->pixels += w * h;
    if (!(c->sh->pixels <= SCENE_SVG_MAX_INNER_PIXELS))
        return svgc_fail(c, at,
                         "the pictures drawn inside the SVG add up to more than %.0f million "
                         "pixels",
                         SCENE_SVG_MAX_INNER_PIXELS / 1e6);
    return 0;
}

/* Checks bytes that may be an SVG document drawn as an image: *res what it
 * draws, nothing when libxml2 does not read it (librsvg will not draw it as
 * an SVG either). *xml whether it is a document. */
static int svgc_image_doc(svgc *c, const xmlNode *at, const char *name, GFile *dir,
                          const char *bytes, size_t len, svgc_result *res, bool *xml)
{
    *res = (svgc_result){0};
    *xml = false;
    if (c->depth + 1 > SCENE_SVG_MAX_NESTING)
        return svgc_fail(c, at, "SVG documents are drawn inside each other more than %d deep",
                         SCENE_SVG_MAX_NESTING);
    int r = svgc_doc(c->sh, name, dir, c->depth + 1, bytes, len, res, xml, c->err);
    if (r && *xml) {
        char *inner = g_strdup(c->err->msg);
        svgc_fail(c, at, "%s", inner);
        g_free(inner);
        return -1;
    }
    if (r) pn_err_clear(c->err); /* not a document: another kind of picture */
    return 0;
}

/* A reference to what may be another SVG document: as an image (checked on
 * its own, remembered with the element that draws it) or as elements taken
 * into this one (refused when it is a document). A file is looked at once
 * however often it is named. */
static int svgc_nested(svgc *c, svgc_node *from, const char *uri, svgc_nest how)
{
    if (uri[0] == '#' || !uri[0]) return 0;
    if (how == NEST_MERGE && !g_ascii_strncasecmp(uri, "data:", 5))
        /* a paint server or element taken from a document in a data: URI */
        return strchr(uri, '#') ? svgc_fail(c, from ? from->node : NULL,
                                            "the SVG takes elements from a data: URI, which "
                                            "pnpkit does not draw: put them in the SVG")
                                : 0;
    const xmlNode *at = from ? from->node : NULL;
    svgc_result d = {0};
    bool xml = false;
    int r = 0;
    if (!g_ascii_strncasecmp(uri, "data:", 5)) {
        size_t len = 0;
        char *bytes = svgc_data(uri, &len);
        if (!bytes) return 0;
        svgc_sniff_kind k = svgc_sniff(bytes, len);
        if (k == SNIFF_GZIP)
            r = svgc_fail(c, at,
                          "the SVG draws a compressed SVG inside it, which pnpkit does not draw");
        else if (k == SNIFF_XML)
            r = svgc_image_doc(c, at, "a data: URI", c->dir, bytes, len, &d, &xml);
        double w, h;
        if (!r && xml) {
            r = svgc_inner_svg(c, at, "a data: URI", &d, true);
        } else if (!r && k != SNIFF_GZIP) {
            char *mime = svgc_data_type(uri);
            int s = svgc_picture_size(c, at, "a data: URI", NULL, bytes, len, mime, &w, &h);
            g_free(mime);
            r = s < 0 ? -1 : s > 0 ? svgc_picture(c, at, "a data: URI", w, h, true) : 0;
        }
        g_free(bytes);
    } else {
        char *name = g_strndup(uri, strcspn(uri, "#"));
        const char *colon = strchr(name, ':'), *slash = strchr(name, '/');
        if (colon && (!slash || colon < slash) && g_ascii_strncasecmp(name, "file:", 5)) {
            g_free(name); /* another scheme (http:, ...): librsvg reads only files */
            return 0;
        }
        /* Kept by the folder it is named from and the name: the same name
         * may be another file, or one librsvg does not load, elsewhere. */
        char *key = g_strconcat(c->dir ? g_file_peek_path(c->dir) : "", "\n", name, NULL);
        svgc_named *known = g_hash_table_lookup(c->sh->names, key);
        bool first = !known;
        if (!known) {
            if (g_hash_table_size(c->sh->names) >= SVGC_MAX_FILES) {
                g_free(key);
                g_free(name);
                return svgc_fail(c, at, "the SVG names more than %u other files", SVGC_MAX_FILES);
            }
            known = g_new0(svgc_named, 1); /* a file that draws itself counts once */
            g_hash_table_insert(c->sh->names, key, known);
            key = NULL;
            goffset size = 0;
            bool special;
            char *file = svgc_file(c, uri, &size, &special);
            if (special) {
                g_free(name);
                return svgc_fail(c, at, "%.80s: not a regular file (a FIFO or a device)", uri);
            }
            char head[64];
            size_t n = file ? svgc_head(file, head, sizeof head) : 0;
            known->kind = file ? svgc_sniff(head, n) : SNIFF_OTHER;
            if (known->kind == SNIFF_XML && size > SCENE_IMAGE_MAX_SVG_BYTES) {
                /* maybe an SVG (any encoding), or a picture of no known
                 * signature: too large to read either way */
                known->kind = SNIFF_OTHER;
                r = svgc_fail(c, at,
                              "%.80s: a file of %lld bytes is too large for an SVG or a picture "
                              "drawn inside one (at most %u MB)",
                              uri, (long long)size, SCENE_IMAGE_MAX_SVG_BYTES >> 20);
            } else if (known->kind == SNIFF_XML) {
                gchar *bytes = NULL;
                gsize len = 0;
                if (g_file_get_contents(file, &bytes, &len, NULL)) {
                    GFile *f = g_file_new_for_path(file), *dir = g_file_get_parent(f);
                    char *nm = g_strndup(uri, 80);
                    r = svgc_image_doc(c, at, nm, dir ? dir : c->dir, bytes, len, &d, &xml);
                    g_free(nm);
                    g_object_unref(f);
                    if (dir) g_object_unref(dir);
                    g_free(bytes);
                    if (!xml) known->kind = SNIFF_OTHER;
                }
                known->res = d;
                known->w = d.raster_w, known->h = d.raster_h;
                known->xml = xml;
            }
            if (file && known->kind == SNIFF_OTHER && !r && how == NEST_IMAGE &&
                svgc_picture_size(c, at, uri, file, NULL, 0, NULL, &known->w, &known->h) < 0)
                r = -1;
            g_free(file);
        }
        g_free(key);
        g_free(name);
        if (!r && how == NEST_MERGE && known->kind != SNIFF_OTHER)
            /* its elements would join this document's tree, under its styles
             * and dashes: a document of its own would not count them */
            r = svgc_fail(c, at,
                          "the SVG takes elements from another file (%.80s), which pnpkit does "
                          "not draw: put them in the SVG",
                          uri);
        if (!r && known->kind == SNIFF_GZIP)
            r = svgc_fail(c, at,
                          "the SVG draws a compressed SVG inside it, which pnpkit does not draw");
        if (!r && how == NEST_IMAGE && known->xml)
            r = svgc_inner_svg(c, at, uri, &known->res, first);
        else if (!r && how == NEST_IMAGE && known->w > 0)
            r = svgc_picture(c, at, uri, known->w, known->h, first);
        d = how == NEST_IMAGE ? known->res : (svgc_result){0};
    }
    if (!r && d.dashes > 0) {
        svgc_outer o = {from, d};
        g_array_append_val(c->outer, o);
    }
    return r;
}

/* An XInclude: text it brings counts as characters of the text around it
 * (a byte is at least a character); XML it brings as a document of its own. */
static int svgc_include(svgc *c, svgc_node *s, const char *uri)
{
    char *how = svgc_prop(s->node, "parse");
    bool text = how && !strcmp(how, "text");
    g_free(how);
    if (!text) return svgc_nested(c, s, uri, NEST_MERGE);
    size_t len = 0;
    goffset size = 0;
    bool special = false;
    char *bytes = NULL, *file = NULL;
    if (!g_ascii_strncasecmp(uri, "data:", 5))
        bytes = svgc_data(uri, &len);
    else if ((file = svgc_file(c, uri, &size, &special)))
        len = (size_t)size;
    if (special)
        return svgc_fail(c, s->node, "%.80s: not a regular file (a FIFO or a device)", uri);
    s->include_chars = (double)len;
    g_free(bytes);
    g_free(file);
    return 0;
}

/* ---- pass 1: collect ---- */

bool svgc_is(const xmlNode *n, const char *name)
{
    return !strcmp((const char *)n->name, name);
}

static const char *const svgc_hidden_names[] = {
    "defs",   "symbol",         "marker",         "pattern", "clipPath", "mask",
    "filter", "linearGradient", "radialGradient", "style",   "script",
};

/* Paints that draw a pattern somewhere else than in the shape it fills: a
 * marker's content filled with its path's paint (context-fill,
 * context-stroke: svgtiles.c sizes the path's patterns at the markers'
 * scale too), a filter's FillPaint or StrokePaint input (drawn one unit a
 * pixel over a group's whole box, which svgtiles.c refuses with patterns).
 * Text that may run downwards is noted too. */
static void svgc_paint_kinds(svgc *c, const xmlNode *n, const char *name, const char *v)
{
    char *low = g_ascii_strdown(v, -1);
    char *u = strstr(low, "context-") ? svgs_unescape(low) : NULL;
    if (u && (strstr(u, "context-fill") || strstr(u, "context-stroke"))) c->context_paint = true;
    if (!strcmp(name, "writing-mode") || !strcmp(name, "rotate") || strstr(name, "orientation") ||
        strstr(low, "writing-mode") || strstr(low, "orientation"))
        c->vertical_text = true;
    if ((!strcmp(name, "in") || !strcmp(name, "in2")) &&
        (strstr(low, "fillpaint") || strstr(low, "strokepaint")) && !c->odd_paint)
        c->odd_paint = n;
    g_free(u);
    g_free(low);
}

/* A transform given to s (attribute, CSS): s->T is the largest of those
 * given (librsvg takes one of them), which may be below 1. */
void svgc_transform_given(svgc_node *s, double k)
{
    s->T = s->t_given ? fmax(s->T, k) : k;
    s->t_given = true;
}

/* A feConvolveMatrix: librsvg 2.54 builds its kernel from order (3 when
 * absent) and kernelMatrix (cut to 400 numbers) and panics, ending the
 * whole program, when the two do not agree. */
static int svgc_convolve(svgc *c, const xmlNode *n)
{
    double x = 3, y = 3, count = 0;
    char *order = svgc_prop(n, "order"), *kernel = svgc_prop(n, "kernelMatrix");
    if (order) {
        const char *o = order;
        while (g_ascii_isspace(*o))
            o++;
        svgx_number(&o, &x);
        while (g_ascii_isspace(*o) || *o == ',')
            o++;
        if (!svgx_number(&o, &y)) y = x;
    }
    for (const char *p = kernel ? kernel : ""; *p;) {
        double v;
        if (svgx_number(&p, &v))
            count++;
        else
            p++;
    }
    g_free(order);
    g_free(kernel);
    if (kernel && (count != fabs(x) * fabs(y) || count > 400))
        return svgc_fail(c, n,
                         "a feConvolveMatrix of order %.0f by %.0f with %.0f numbers (as many as "
                         "its order, at most 400): librsvg stops the whole program on it",
                         fabs(x), fabs(y), count);
    return 0;
}

/* An element whose content is drawn only when it is named. */
bool svgc_container(const xmlNode *n)
{
    for (size_t i = 0; i < G_N_ELEMENTS(svgc_hidden_names); i++)
        if (svgc_is(n, svgc_hidden_names[i])) return true;
    return false;
}

static int svgc_collect(svgc *c, xmlNode *n, svgc_node *parent)
{
    for (; n; n = n->next) {
        if (n->type == XML_PI_NODE && !strcmp((const char *)n->name, "xml-stylesheet"))
            return svgc_fail(c, n,
                             "the SVG takes its style from another file (xml-stylesheet), "
                             "which pnpkit does not draw: put the style in the SVG");
        if (n->type != XML_ELEMENT_NODE) continue;
        svgc_node *s = g_new0(svgc_node, 1);
        s->index = c->nodes->len;
        g_ptr_array_add(c->nodes, s);
        s->node = n;
        s->parent = parent;
        n->_private = s;
        c->elements++;
        s->hidden = parent && parent->hidden;
        if (svgc_container(n)) s->hidden = true;
        s->T = 1;
        s->depth = parent ? parent->depth + 1 : 0;
        c->max_depth = MAX(c->max_depth, s->depth);
        if ((svgc_is(n, "svg") && parent) || svgc_is(n, "symbol") || svgc_is(n, "marker"))
            c->nested_vp = true;
        if (svgc_is(n, "pattern")) c->patterns++;
        if (svgc_is(n, "filter") || svgc_is(n, "mask")) c->filters = true;
        if (svgc_is(n, "feTile")) /* its input's area may be empty, and librsvg 2.54 then panics */
            return svgc_fail(c, n,
                             "a feTile, which librsvg can stop the whole program on: leave it "
                             "out");
        if (svgc_is(n, "linearGradient") || svgc_is(n, "radialGradient")) c->filters = true;
        for (xmlAttr *a = n->properties; a; a = a->next) {
            const char *name = (const char *)a->name;
            char *v = svgc_attr_text(a);
            int r = 0;
            if (!strcmp(name, "id")) {
                svgc_node *first = g_hash_table_lookup(c->ids, v);
                if (first) {
                    s->same_id = first->same_id;
                    first->same_id = s;
                } else {
                    g_hash_table_insert(c->ids, v, s);
                    v = NULL;
                }
            } else if (!strcmp(name, "stroke-dasharray")) {
                r = svgc_dash_value(c, n, v);
            } else if (!strcmp(name, "font-size") || !strcmp(name, "font")) {
                svgc_font_value(c, v);
            } else if (!strcmp(name, "letter-spacing") || !strcmp(name, "word-spacing")) {
                svgc_spacing_value(c, v);
            } else if (!strcmp(name, "stroke-width")) {
                svgc_stroke_value(c, v);
            } else if (!strcmp(name, "baseline-shift")) {
                svgc_shift_value(c, v);
            } else if (!strcmp(name, "transform")) {
                svgc_transform_given(s, svgx_transform_scale(v));
                s->turn_own = s->turn_own || svgx_transform_turns(v);
            } else if (!strcmp(name, "kernelUnitLength")) {
                /* librsvg scales the filter's image by it: 0.05 made a
                 * 1000x750 SVG's lighting 300 million pixels */
                r = svgc_fail(c, n,
                              "a filter's kernelUnitLength, which pnpkit does not draw: leave "
                              "it out");
            } else if (!strcmp(name, "numOctaves") && svgc_is(n, "feTurbulence")) {
                const char *o = v;
                double x = 1;
                while (g_ascii_isspace(*o))
                    o++;
                svgx_number(&o, &x);
                s->octaves = fabs(x);
            } else if (!strcmp(name, "orient")) {
                /* a marker turned along its path */
                const char *o = v;
                double x;
                s->turn_own = s->turn_own || !svgx_number(&o, &x) || fmod(x, 90) != 0;
            } else if (!strcmp(name, "style")) {
                r = svgc_css(c, n, s, v);
            } else if (!strcmp(name, "href")) {
                char *t = svgc_clean_uri(v);
                bool image = svgc_is(n, "image") || svgc_is(n, "feImage");
                r = svgc_is(n, "include") ? svgc_include(c, s, t)
                                          : svgc_nested(c, s, t, image ? NEST_IMAGE : NEST_MERGE);
                if (!r && t[0] == '#' && t[1]) {
                    svgc_add_pending(c, s, t + 1, strlen(t + 1), false);
                    svgc_pending *p = c->pending->pdata[c->pending->len - 1];
                    p->href = true;
                    /* librsvg follows href, else xlink:href, and no other */
                    p->rank = !a->ns ? 2
                              : a->ns->href && !strcmp((const char *)a->ns->href,
                                                       "http://www.w3.org/1999/xlink")
                                  ? 1
                                  : 0;
                }
                g_free(t);
            } else if (!strcmp(name, "width") || !strcmp(name, "height")) {
                double f, x;
                const char *p = v;
                while (g_ascii_isspace(*p))
                    p++;
                if (svgx_number(&p, &x)) {
                    svgc_unit u = svgc_unit_at(&p, &f);
                    if (u == UNIT_ABS)
                        c->big = fmax(c->big, fabs(x) * f);
                    else if (u == UNIT_PERCENT)
                        c->big_rel *= fmax(1, fabs(x) / 100);
                    else if (u == UNIT_FONT)
                        c->big_rel *= fmax(1, fabs(x) * 64);
                    if (!(c->big_rel < 1e30)) c->big_rel = 1e30;
                }
            } else if (!strcmp(name, "viewBox")) {
                const char *p = v;
                double x;
                while (*p) {
                    if (svgx_number(&p, &x))
                        c->big = fmax(c->big, fabs(x));
                    else
                        p++;
                }
            }
            if (v) svgc_paint_kinds(c, n, name, v);
            /* presentation attributes are CSS values: escapes undone */
            if (!r && v && strchr(v, '(') && strcmp(name, "style")) {
                char *u = svgs_unescape(v);
                r = svgc_urls(c, s, u, !strncmp(name, "marker", 6));
                g_free(u);
            }
            g_free(v);
            if (r) return -1;
        }
        if (svgc_is(n, "feConvolveMatrix") && svgc_convolve(c, n)) return -1;
        if (svgc_is(n, "style")) {
            g_ptr_array_add(c->styles, n);
            GString *css = g_string_new(NULL);
            for (xmlNode *t = n->children; t; t = t->next)
                if ((t->type == XML_TEXT_NODE || t->type == XML_CDATA_SECTION_NODE) && t->content)
                    g_string_append(css, (const char *)t->content);
            svgc_paint_kinds(c, n, "style", css->str);
            int r = svgc_css(c, n, NULL, css->str);
            g_string_free(css, TRUE);
            if (r) return -1;
        }
        if (svgc_collect(c, n->children, s)) return -1;
    }
    return c->failed ? -1 : 0;
}

/* ---- pass 2: measure ---- */

/* A box grown point by point. */
typedef struct svgc_box {
    bool any;
    double x0, y0, x1, y1;
} svgc_box;

static void svgc_box_add(svgc_box *b, double x, double y, double r)
{
    if (!b->any) {
        b->any = true;
        b->x0 = b->x1 = x;
        b->y0 = b->y1 = y;
    }
    b->x0 = fmin(b->x0, x - r), b->x1 = fmax(b->x1, x + r);
    b->y0 = fmin(b->y0, y - r), b->y1 = fmax(b->y1, y + r);
}

static void svgc_box_size(const svgc_box *b, double *w, double *h)
{
    *w = b->any ? b->x1 - b->x0 : 0;
    *h = b->any ? b->y1 - b->y0 : 0;
}

/* The length of path data (control polygons of curves, generous arcs), its
 * vertices and its box (control points included, arcs as whole circles).
 * Unreadable characters are skipped: librsvg stops there, so what is counted
 * is never less than what it draws. */
static double svgc_path(const char *d, double *vertices, double *bw, double *bh)
{
    svgc_box box = {0};
    static const char cmds[] = "MLHVCSQTAZ";
    static const int nargs[] = {2, 2, 1, 1, 6, 4, 4, 2, 7, 0};
    double len = 0, x = 0, y = 0, sx = 0, sy = 0, cx = 0, cy = 0, v = 0;
    char cmd = 0, prev = 0; /* prev: the last segment's command, upper case */
    const char *p = d;
    for (;;) {
        while (g_ascii_isspace(*p) || *p == ',')
            p++;
        if (!*p) break;
        bool letter = g_ascii_isalpha(*p);
        if (letter) cmd = *p++;
        const char *k = cmd ? strchr(cmds, g_ascii_toupper(cmd)) : NULL;
        if (!k || !*k) {
            if (!letter) p++; /* a number with no command before it */
            continue;
        }
        double a[7];
        int na = nargs[k - cmds], got = 0;
        for (; got < na; got++) {
            while (g_ascii_isspace(*p) || *p == ',')
                p++;
            if (*k == 'A' && (got == 3 || got == 4) && (*p == '0' || *p == '1')) {
                a[got] = *p++ - '0';
                continue;
            }
            if (!svgx_number(&p, &a[got])) break;
        }
        if (got < na) {
            if (*p && !g_ascii_isalpha(*p)) p++;
            continue;
        }
        bool rel = g_ascii_islower(cmd);
        double ox = rel ? x : 0, oy = rel ? y : 0, nx = x, ny = y, c1x, c1y;
        double ncx = x, ncy = y; /* the control point a following S or T reflects */
        switch (*k) {
        case 'Z':
            nx = sx, ny = sy;
            len += hypot(nx - x, ny - y);
            cmd = 0; /* numbers after Z need a command */
            break;
        case 'M':
            nx = ox + a[0], ny = oy + a[1];
            sx = nx, sy = ny;
            svgc_box_add(&box, nx, ny, 0);
            cmd = rel ? 'l' : 'L';
            break;
        case 'L':
            nx = ox + a[0], ny = oy + a[1];
            len += hypot(nx - x, ny - y);
            break;
        case 'H':
            nx = ox + a[0];
            len += fabs(nx - x);
            break;
        case 'V':
            ny = oy + a[0];
            len += fabs(ny - y);
            break;
        case 'C':
        case 'S':
            if (*k == 'C') {
                c1x = ox + a[0], c1y = oy + a[1];
            } else {
                bool refl = prev == 'C' || prev == 'S';
                c1x = refl ? 2 * x - cx : x, c1y = refl ? 2 * y - cy : y;
            }
            ncx = ox + a[na - 4], ncy = oy + a[na - 3];
            nx = ox + a[na - 2], ny = oy + a[na - 1];
            len +=
                hypot(c1x - x, c1y - y) + hypot(ncx - c1x, ncy - c1y) + hypot(nx - ncx, ny - ncy);
            svgc_box_add(&box, c1x, c1y, 0);
            break;
        case 'Q':
        case 'T':
            if (*k == 'Q') {
                ncx = ox + a[0], ncy = oy + a[1];
            } else {
                bool refl = prev == 'Q' || prev == 'T';
                ncx = refl ? 2 * x - cx : x, ncy = refl ? 2 * y - cy : y;
            }
            nx = ox + a[na - 2], ny = oy + a[na - 1];
            len += hypot(ncx - x, ncy - y) + hypot(nx - ncx, ny - ncy);
            svgc_box_add(&box, ncx, ncy, 0);
            break;
        case 'A': {
            nx = ox + a[5], ny = oy + a[6];
            double chord = hypot(nx - x, ny - y);
            double r = fmax(fmax(fabs(a[0]), fabs(a[1])), chord);
            len += 2 * G_PI * r + chord;
            svgc_box_add(&box, x, y, r);
            svgc_box_add(&box, nx, ny, r);
            break;
        }
        }
        if (*k == 'C' || *k == 'S') svgc_box_add(&box, ncx, ncy, 0);
        if (*k != 'M') svgc_box_add(&box, x, y, 0); /* where the segment starts */
        svgc_box_add(&box, nx, ny, 0);
        cx = ncx, cy = ncy;
        x = nx, y = ny;
        prev = *k;
        v++;
    }
    *vertices = v;
    svgc_box_size(&box, bw, bh);
    return len;
}

static double svgc_points(const char *pts, bool closed, double *vertices, double *bw, double *bh)
{
    svgc_box box = {0};
    double len = 0, x0 = 0, y0 = 0, x = 0, y = 0, v = 0;
    const char *p = pts;
    for (;;) {
        double a, b;
        while (g_ascii_isspace(*p) || *p == ',')
            p++;
        if (!svgx_number(&p, &a)) break;
        while (g_ascii_isspace(*p) || *p == ',')
            p++;
        if (!svgx_number(&p, &b)) break;
        if (v == 0)
            x0 = a, y0 = b;
        else
            len += hypot(a - x, b - y);
        x = a, y = b;
        svgc_box_add(&box, a, b, 0);
        v++;
    }
    if (closed) len += hypot(x - x0, y - y0);
    *vertices = v;
    svgc_box_size(&box, bw, bh);
    return len;
}

double svgc_chars(const xmlNode *n)
{
    double k = 0;
    for (; n; n = n->next) {
        if ((n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE) && n->content)
            k += (double)g_utf8_strlen((const char *)n->content, -1);
        else if (n->type == XML_ELEMENT_NODE) {
            const svgc_node *s = n->_private;
            k += svgc_chars(n->children) + (s ? s->include_chars : 0);
        }
    }
    return k;
}

/* The largest length among the attributes named name (any namespace). */
double svgc_num_attr(svgc *c, const xmlNode *n, const char *name)
{
    double x = 0;
    for (const xmlAttr *a = n->properties; a; a = a->next) {
        if (strcmp((const char *)a->name, name)) continue;
        char *v = svgc_attr_text(a);
        x = fmax(x, svgc_attr_length(c, v));
        g_free(v);
    }
    return x;
}

/* The pieces of a text that librsvg fills one by one, a pattern's tile
 * each: every element inside it, and every position of an x or y list. */
static double svgc_text_chunks(const xmlNode *n)
{
    double k = 0;
    for (const xmlAttr *a = n->properties; a; a = a->next) {
        if (strcmp((const char *)a->name, "x") && strcmp((const char *)a->name, "y")) continue;
        char *v = svgc_attr_text(a);
        double x;
        for (const char *p = v; *p;)
            if (svgx_number(&p, &x))
                k++;
            else
                p++;
        g_free(v);
    }
    for (const xmlNode *ch = n->children; ch; ch = ch->next)
        if (ch->type == XML_ELEMENT_NODE) k += 1 + svgc_text_chunks(ch);
    return k;
}

/* Inside a text element (whose characters its outermost text counts). */
bool svgc_in_text(const svgc_node *s)
{
    for (const svgc_node *a = s->parent; a; a = a->parent)
        if (svgc_is(a->node, "text")) return true;
    return false;
}

static void svgc_measure(svgc *c, svgc_node *s)
{
    const xmlNode *n = s->node;
    char *v = NULL;
    if (svgc_is(n, "path") && (v = svgc_prop(n, "d"))) {
        s->length = svgc_path(v, &s->vertices, &s->bw, &s->bh);
    } else if ((svgc_is(n, "polyline") || svgc_is(n, "polygon")) && (v = svgc_prop(n, "points"))) {
        s->length = svgc_points(v, svgc_is(n, "polygon"), &s->vertices, &s->bw, &s->bh);
    } else if (svgc_is(n, "line")) {
        s->bw = svgc_num_attr(c, n, "x1") + svgc_num_attr(c, n, "x2");
        s->bh = svgc_num_attr(c, n, "y1") + svgc_num_attr(c, n, "y2");
        s->length = s->bw + s->bh;
        s->vertices = 2;
    } else if (svgc_is(n, "rect")) {
        s->bw = svgc_num_attr(c, n, "width");
        s->bh = svgc_num_attr(c, n, "height");
        s->length = 2 * (s->bw + s->bh);
        s->vertices = 4;
    } else if (svgc_is(n, "circle")) {
        s->bw = s->bh = 2 * svgc_num_attr(c, n, "r");
        s->length = G_PI * s->bw;
        s->vertices = 1;
    } else if (svgc_is(n, "ellipse")) {
        /* rx or ry may be auto: the other */
        s->bw = s->bh = 2 * fmax(svgc_num_attr(c, n, "rx"), svgc_num_attr(c, n, "ry"));
        s->length = G_PI * s->bw;
        s->vertices = 1;
    } else if (svgc_is(n, "text") && !svgc_in_text(s)) {
        /* each glyph's outline, and an underline, overline and line-through
         * across it and its spacing */
        s->length = svgc_chars(n->children) * (svgc_font(c) * SVGC_TEXT_OUTLINE + 3 * c->spacing);
        s->chunks = 1 + svgc_text_chunks(n);
    }
    g_free(v);
    if (s->vertices > 0) s->vertices += 1; /* the first vertex (a polygon's closes on it) */
    if (!isfinite(s->length)) s->length = HUGE_VAL;
    c->v_total += s->vertices;
}

/* ---- pass 3: count ---- */

/* The shapes and vertices drawn with s: itself, its descendants, and what
 * its use (and the uses below it) draw, as often as they draw it. A property
 * set on s (a pattern fill, markers) is drawn for each of them. */
void svgc_below(svgc_node *s, int chain)
{
    if (s->below_state == 2) return;
    if (s->below_state == 1) return; /* a loop, refused (svgc_referenced) */
    if (chain > SVGC_MAX_CHAIN) {
        s->shapes_below = s->vertices_below = HUGE_VAL;
        s->below_state = 2;
        return;
    }
    s->below_state = 1;
    double shapes = s->chunks > 0 ? s->chunks : s->length > 0 || s->vertices > 0;
    double vertices = s->vertices;
    for (const xmlNode *ch = s->node->children; ch; ch = ch->next) {
        svgc_node *k = ch->type == XML_ELEMENT_NODE ? ch->_private : NULL;
        if (!k) continue;
        svgc_below(k, chain + 1);
        shapes += k->shapes_below, vertices += k->vertices_below;
    }
    for (svgc_node *t = s->use_target; t; t = t->same_id) {
        svgc_below(t, chain + 1);
        shapes += t->shapes_below, vertices += t->vertices_below;
    }
    s->shapes_below = shapes <= HUGE_VAL ? shapes : HUGE_VAL;
    s->vertices_below = vertices <= HUGE_VAL ? vertices : HUGE_VAL;
    s->below_state = 2;
}

/* How often the references to s and to its ancestors draw s (memoised in
 * s->refd). chain counts the calls under way, to bound the recursion. */
static double svgc_referenced(svgc *c, svgc_node *s, int chain)
{
    if (!s) return 0;
    if (s->refd_state == 2) return s->refd;
    if (s->refd_state == 1) {
        /* an element drawn inside itself: librsvg stops only when the same
         * use comes round again, which a group of n uses of itself reaches
         * after some n! drawings */
        if (!c->loop) c->loop = s;
        return HUGE_VAL;
    }
    if (chain > SVGC_MAX_CHAIN) return HUGE_VAL;
    s->refd_state = 1;
    double t = svgc_referenced(c, s->parent, chain + 1);
    for (svgc_ref *r = s->refs; r; r = r->next) {
        if (r->sheet) continue;
        double from = r->from ? svgc_times(c, r->from, chain + 1) : 1;
        double w = r->weight;
        /* a property on a group reaches every shape below it (a marker every
         * vertex) */
        svgc_node *root = c->nodes->pdata[0];
        if (r->href) {
            w = 1;
        } else if (r->from) {
            svgc_below(r->from, 0);
            w = r->marker ? r->from->vertices_below : r->from->shapes_below;
        } else {
            /* a style sheet's rule may reach every shape the document draws */
            svgc_below(root, 0);
            w = r->marker ? root->vertices_below : fmax(root->shapes_below, c->elements);
        }
        t += from * fmax(w, 1);
    }
    s->refd = t <= HUGE_VAL ? t : HUGE_VAL;
    s->refd_state = 2;
    return s->refd;
}

double svgc_times(svgc *c, svgc_node *s, int chain)
{
    double t = (s->hidden ? 0 : 1) + svgc_referenced(c, s, chain);
    return t <= HUGE_VAL ? t : HUGE_VAL;
}

static void svgc_free(svgc *c)
{
    if (c->ids) g_hash_table_destroy(c->ids);
    if (c->nodes) g_ptr_array_free(c->nodes, TRUE);
    if (c->refs) g_ptr_array_free(c->refs, TRUE);
    if (c->pending) {
        for (guint i = 0; i < c->pending->len; i++)
            g_free(((svgc_pending *)c->pending->pdata[i])->id);
        g_ptr_array_free(c->pending, TRUE);
    }
    if (c->outer) g_array_free(c->outer, TRUE);
    if (c->styles) g_ptr_array_free(c->styles, TRUE);
}

/* The most attributes (counted by their '=') of any start tag in the bytes,
 * entity values included (with their character references read): libxml2
 * 2.9 takes time in the square of a tag's attributes to read it, twice over
 * when it builds a tree. An element is within one entity or the document, so
 * this bounds every element the parse makes. */
static size_t svgc_most_attributes(const char *b, size_t len, int depth)
{
    size_t most = 0, count = 0;
    char quote = 0;
    bool in_tag = false, entity = false;
    GString *value = NULL;
    for (size_t i = 0; i < len; i++) {
        char ch = b[i];
        if (!in_tag) {
            /* comments and CDATA hold no tags, whatever their quotes */
            const char *skip = len - i > 4 && !memcmp(b + i, "<!--", 4)        ? "-->"
                               : len - i > 9 && !memcmp(b + i, "<![CDATA[", 9) ? "]]>"
                                                                               : NULL;
            if (skip) {
                const char *e = g_strstr_len(b + i, (gssize)(len - i), skip);
                i = e ? (size_t)(e - b) + 2 : len;
                continue;
            }
            if (ch == '<') {
                in_tag = true, count = 0, quote = 0;
                entity = len - i > 8 && !memcmp(b + i, "<!ENTITY", 8);
            }
        } else if (quote) {
            if (ch == quote) {
                quote = 0;
                if (value) {
                    most = MAX(most, svgc_most_attributes(value->str, value->len, depth + 1));
                    g_string_free(value, TRUE);
                    value = NULL;
                }
            } else if (value) {
                g_string_append_c(value, ch);
            }
        } else if (ch == '"' || ch == '\'') {
            quote = ch;
            if (entity && depth == 0) value = g_string_new(NULL);
        } else if (ch == '=') {
            count++;
        } else if (ch == '>') {
            most = MAX(most, count);
            in_tag = false;
        }
    }
    if (value) g_string_free(value, TRUE);
    return MAX(most, count);
}

static int svgc_doc(svgc_shared *sh, const char *name, GFile *dir, int depth, const char *bytes,
                    size_t len, svgc_result *res, bool *xml, pn_err *err)
{
    *res = (svgc_result){0};
    *xml = true; /* until libxml2 says otherwise */
    svgc c = {.sh = sh, .name = name, .dir = dir, .depth = depth, .err = err};
    if (len > INT_MAX || sh->work + len > SVGC_MAX_WORK)
        return pn_err_set(err, PN_EINPUT,
                          "%s: the SVG draws more than %u MB of SVG documents inside it", name,
                          SVGC_MAX_WORK >> 20);
    sh->work += len;
    if (scene_svg_check_tags(name, bytes, len, err)) return -1;
    /* as librsvg reads it: entities expanded, nothing from the network */
    int opts = XML_PARSE_NOENT | XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING |
               XML_PARSE_BIG_LINES;
    pn_xml_quiet(sh->xml);
    xmlDoc *doc = sh->xml->read_memory(bytes, (int)len, NULL, NULL, opts);
    if (!doc) {
        *xml = false;
        const xmlError *e = sh->xml->get_last_error();
        char *why = g_strchomp(g_strdup(e && e->message ? e->message : "not XML"));
        pn_err_set(err, PN_EINPUT, "%s: line %d: cannot read the SVG: %s", name, e ? e->line : 0,
                   why);
        g_free(why);
        return -1;
    }
    c.ids = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    c.nodes = g_ptr_array_new_with_free_func(g_free);
    c.refs = g_ptr_array_new_with_free_func(g_free);
    c.pending = g_ptr_array_new_with_free_func(g_free);
    c.styles = g_ptr_array_new();
    c.outer = g_array_new(FALSE, FALSE, sizeof(svgc_outer));
    c.dash = INFINITY;
    c.font_rel = 1;
    c.big = 100;
    c.big_rel = 1;
    int r = svgc_collect(&c, doc->children, NULL);
    if (r) goto out;
    if (c.font_sheet > 1) {
        c.font_rel *= pow(c.font_sheet, c.max_depth);
        if (!(c.font_rel < 1e30)) c.font_rel = 1e30;
    }
    c.stroke_max = fmax(1, fmax(c.stroke_abs, fmax(c.stroke_em * svgc_font(&c),
                                                   c.stroke_pc / 100 * svgc_big(&c) * 1.5)));
    for (guint i = 0; i < c.nodes->len; i++)
        svgc_measure(&c, c.nodes->pdata[i]);
    for (guint i = 0; i < c.pending->len; i++) {
        svgc_pending *p = c.pending->pdata[i];
        if (p->href && p->from && p->rank > p->from->href_rank) {
            p->from->href_rank = p->rank;
            svgc_node *to = g_hash_table_lookup(c.ids, p->id);
            if (svgc_is(p->from->node, "use")) p->from->use_target = to;
            p->from->href_target = to;
        }
        for (svgc_node *to = g_hash_table_lookup(c.ids, p->id); to; to = to->same_id) {
            if (c.refs->len >= SVGC_MAX_REFS) {
                r = svgc_fail(&c, p->from ? p->from->node : NULL,
                              "the SVG has more than %u references between its elements "
                              "(ids given to many elements?)",
                              SVGC_MAX_REFS);
                goto out;
            }
            svgc_ref *ref = g_new0(svgc_ref, 1);
            ref->from = p->from;
            ref->marker = p->marker;
            ref->href = p->href;
            /* a style sheet's reference may apply to every element */
            ref->weight = p->from ? 1 : c.elements;
            ref->next = to->refs;
            to->refs = ref;
            g_ptr_array_add(c.refs, ref);
        }
    }
    if ((r = svgc_sheet_refs(&c))) goto out;
    /* every element counted, whatever its dashes: a loop is refused */
    for (guint i = 0; i < c.nodes->len; i++)
        svgc_times(&c, c.nodes->pdata[i], 0);
    if (c.loop) {
        r = svgc_fail(&c, c.loop->node,
                      "the SVG draws this element inside itself (through use or url(#...)), "
                      "which pnpkit does not draw");
        goto out;
    }
    /* every shape as often as it is drawn: uses, markers at each vertex, a
     * pattern's content for each shape it fills */
    double draws = 0, chars = 0, strokes = 0;
    const xmlNode *most = NULL, *text = NULL, *line = NULL;
    double most_draws = 0;
    for (guint i = 0; i < c.nodes->len; i++) {
        svgc_node *s = c.nodes->pdata[i];
        if (!(s->length > 0 || s->vertices > 0 || s->chunks > 0)) continue;
        double times = svgc_times(&c, s, 0), d = times * fmax(s->chunks, 1);
        draws += d;
        if (d > most_draws || !most) most_draws = d, most = s->node;
        if (s->chunks > SCENE_SVG_MAX_TEXT_PIECES) {
            r = svgc_fail(&c, s->node,
                          "a text of %.0f pieces (tspans and positions of x or y lists; at most "
                          "%d): librsvg lays each out again with the whole text",
                          s->chunks, SCENE_SVG_MAX_TEXT_PIECES);
            goto out;
        }
        if (s->chunks > 0) {
            chars += times * svgc_chars(s->node->children);
            if (!text) text = s->node;
        }
        /* a stroke's joins, more segments the wider it is */
        strokes += times * s->vertices * (1 + c.stroke_max / 50);
        if (s->vertices > 1000 && !line) line = s->node;
    }
    if (!(chars <= SCENE_SVG_MAX_CHARS)) {
        r = svgc_fail(&c, text,
                      "the SVG would draw about %.3g thousand characters of text (at most %.0f "
                      "thousand)",
                      chars / 1e3, SCENE_SVG_MAX_CHARS / 1e3);
        goto out;
    }
    if (!(strokes <= SCENE_SVG_MAX_STROKE_WORK)) {
        r = svgc_fail(&c, line ? line : most,
                      "the SVG's paths would draw about %.3g million vertices, counted by how "
                      "wide their strokes are (at most %.0f million)",
                      strokes / 1e6, SCENE_SVG_MAX_STROKE_WORK / 1e6);
        goto out;
    }
    if (!(draws <= SCENE_SVG_MAX_DRAWS)) {
        char how[64];
        if (draws < 1e12)
            g_snprintf(how, sizeof how, "about %.3g million", draws / 1e6);
        else
            g_strlcpy(how, "over a million million", sizeof how);
        r = svgc_fail(&c, most,
                      "the SVG would draw %s shapes (at most %.0f million): uses, markers or "
                      "patterns repeat its shapes",
                      how, SCENE_SVG_MAX_DRAWS / 1e6);
        goto out;
    }
    double total = 0, worst = 0;
    const xmlNode *worst_node = NULL;
    if (c.dash < INFINITY) {
        for (guint i = 0; i < c.nodes->len; i++) {
            svgc_node *s = c.nodes->pdata[i];
            if (!(s->length > 0)) continue;
            double d = s->length / c.dash * svgc_times(&c, s, 0);
            if (!(d <= HUGE_VAL)) d = HUGE_VAL;
            total += d;
            if (d > worst || !worst_node) worst = d, worst_node = s->node;
        }
    }
    for (guint i = 0; i < c.outer->len; i++) {
        svgc_outer *o = &g_array_index(c.outer, svgc_outer, i);
        double d = o->res.dashes * (o->from ? svgc_times(&c, o->from, 0) : 1);
        total += d;
        if (d > worst) worst = d, worst_node = o->from ? o->from->node : NULL;
    }
    res->dashes = total;
    if (!(total <= SCENE_SVG_MAX_DASHES)) {
        if (total < 1e9)
            r = svgc_fail(&c, worst_node,
                          "the SVG's dashed strokes would draw about %.*g million dashes (at "
                          "most %.0f million): a long shape with a fine stroke-dasharray",
                          total < 1.01 * SCENE_SVG_MAX_DASHES ? 7 : 3, total / 1e6,
                          SCENE_SVG_MAX_DASHES / 1e6);
        else
            r = svgc_fail(&c, worst_node,
                          "the SVG's dashed strokes would draw over a thousand million dashes (at "
                          "most %.0f million): a long shape with a fine stroke-dasharray",
                          SCENE_SVG_MAX_DASHES / 1e6);
    }
    if (!r) r = svgc_tiles(&c, res);
out:
    if (c.failed) r = -1;
    svgc_free(&c);
    sh->xml->free_doc(doc);
    return r;
}

int scene_svg_check_tags(const char *path, const char *bytes, size_t len, pn_err *err)
{
    if (svgc_most_attributes(bytes, len, 0) > SCENE_SVG_MAX_ATTRIBUTES)
        return pn_err_set(err, PN_EINPUT, "%s: an element of the SVG has more than %u attributes",
                          path, SCENE_SVG_MAX_ATTRIBUTES);
    return 0;
}

int scene_svg_check(const char *path, const char *bytes, size_t len, scene_svg_tiles *tiles,
                    pn_err *err)
{
    const pn_xml_fns *xml = pn_xml(err);
    if (!xml) return -1;
    svgc_shared sh = {xml, g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free), 0, 0};
    GFile *f = g_file_new_for_path(path);
    GFile *dir = g_file_get_parent(f);
    g_object_unref(f);
    svgc_result res;
    bool is_xml;
    int r = svgc_doc(&sh, path, dir, 0, bytes, len, &res, &is_xml, err);
    if (tiles) *tiles = (scene_svg_tiles){r ? 0 : res.tile, r ? 0 : res.tiles};
    if (dir) g_object_unref(dir);
    g_hash_table_destroy(sh.names);
    return r;
}

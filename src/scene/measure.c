/* measure.c: pango-based text measurement, one measurer per context. */
#include "scene/measure.h"

#include <glib.h>
#include <string.h>
#include "scene/glyphs.h"
#include "util/fonts.h"

/* Measurements are kept by face and text, at PN_FONT_LAYOUT_SIZE: a sheet
 * measures the same labels over and over (a label fitted to its box is measured
 * twice, and every sheet of a pad repeats them all), and laying a text out with
 * pango costs far more than the lookup. The cache is emptied when it is full,
 * so memory stays bounded. */
#define MEASURE_CACHE_MAX 4096
#define MEASURE_KEY_MAX 256
/* Sets of template fonts a measurer keeps a font map for (measure.h). */
#define MEASURE_MAX_FONT_SETS 8

typedef struct measure_entry {
    double width, ascent, descent; /* pt at PN_FONT_LAYOUT_SIZE */
} measure_entry;

struct scene_measurer {
    PangoFontMap *map;
    PangoContext *ctx;
    GHashTable *cache;    /* key (see measure_key) -> measure_entry */
    GHashTable *with;     /* a root's measurers with template fonts: key -> measurer */
    scene_measurer *root; /* the measurer this one was made from, or NULL */
    bool missing_ok;      /* a root's: characters no font has are measured, not errors */
    unsigned weight;      /* the heaviest own font's shape_weight; 1 without own fonts */
};

void scene_measurer_allow_missing(scene_measurer *m, bool ok)
{
    (m->root ? m->root : m)->missing_ok = ok;
}

/* A measurer over map (taken). */
static scene_measurer *measurer_of_map(PangoFontMap *map)
{
    scene_measurer *m = g_new0(scene_measurer, 1);
    m->map = map;
    m->ctx = pango_font_map_create_context(map);
    pn_fonts_setup_context(m->ctx);
    m->cache = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    m->weight = 1;
    return m;
}

scene_measurer *scene_measurer_new(pn_err *err)
{
    PangoFontMap *map = pn_fonts_new_map(err);
    return map ? measurer_of_map(map) : NULL;
}

void scene_measurer_free(scene_measurer *m)
{
    if (!m) return;
    if (m->with) g_hash_table_destroy(m->with);
    g_hash_table_destroy(m->cache);
    g_object_unref(m->ctx);
    g_object_unref(m->map);
    g_free(m);
}

static void measurer_free_cb(gpointer m)
{
    scene_measurer_free(m);
}

scene_measurer *scene_measurer_with_fonts(scene_measurer *m, pn_font_file *const *files, unsigned n,
                                          pn_err *err)
{
    if (m->root) m = m->root;
    if (n == 0) return m;
    /* The files as they are now: a file changed on disk makes a new map. */
    GString *key = g_string_new(NULL);
    for (unsigned i = 0; i < n; i++)
        g_string_append_printf(key, "%s\x1f%lld\x1f%lld\x1e", files[i]->path, files[i]->size,
                               files[i]->mtime);
    if (!m->with)
        m->with = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, measurer_free_cb);
    scene_measurer *d = g_hash_table_lookup(m->with, key->str);
    if (d) {
        g_string_free(key, TRUE);
        return d;
    }
    PangoFontMap *map = pn_fonts_new_map_with(files, n, err);
    if (!map) {
        g_string_free(key, TRUE);
        return NULL;
    }
    if (g_hash_table_size(m->with) >= MEASURE_MAX_FONT_SETS) g_hash_table_remove_all(m->with);
    d = measurer_of_map(map);
    d->root = m;
    for (unsigned i = 0; i < n; i++)
        d->weight = MAX(d->weight, files[i]->shape_weight);
    g_hash_table_insert(m->with, g_string_free(key, FALSE), d);
    return d;
}

unsigned scene_measurer_weight(const scene_measurer *m)
{
    return m ? m->weight : 1;
}

PangoFontMap *scene_measurer_fonts(const scene_measurer *m)
{
    return m->map;
}

/* Bold and italic ('b'/'r', 'i'/'u'), the family, a unit separator, the text.
 * Built by hand: formatting it with snprintf cost more than the lookup. Returns
 * false when it does not fit or the family holds the separator (not cached). */
static bool measure_key(const scene_font *font, const char *utf8, char *key, size_t n)
{
    const char *family = font->family ? font->family : PN_FONT_PRINT;
    size_t fl = strlen(family), tl = strlen(utf8);
    if (2 + fl + 1 + tl + 1 > n || memchr(family, '\x1f', fl)) return false;
    key[0] = font->bold ? 'b' : 'r';
    key[1] = font->italic ? 'i' : 'u';
    memcpy(key + 2, family, fl);
    key[2 + fl] = '\x1f';
    memcpy(key + 3 + fl, utf8, tl + 1);
    return true;
}

/* Sets the caller's mm from metrics at the layout size. */
static void measure_scale(const measure_entry *e, double size, double *width, double *ascent,
                          double *descent)
{
    double k = size / PN_FONT_LAYOUT_SIZE * PN_PT_TO_MM;
    *width = e->width * k;
    *ascent = e->ascent * k;
    *descent = e->descent * k;
}

PangoContext *scene_measurer_context(const scene_measurer *m)
{
    return m->ctx;
}

int scene_measure(scene_measurer *m, const scene_font *font, const char *utf8, double *width,
                  double *ascent, double *descent, pn_err *err)
{
    if (!m) return pn_err_set(err, PN_EINPUT, "text on a page that cannot measure text");
    /* A text found in the cache was valid UTF-8 when it was measured. */
    char key[MEASURE_KEY_MAX];
    bool keyed = measure_key(font, utf8, key, sizeof key);
    if (keyed) {
        const measure_entry *e = g_hash_table_lookup(m->cache, key);
        if (e) {
            measure_scale(e, font->size, width, ascent, descent);
            return 0;
        }
    }
    if (!g_utf8_validate(utf8, -1, NULL))
        return pn_err_set(err, PN_EINPUT, "text is not valid UTF-8");
    PangoLayout *l =
        pn_fonts_layout(m->ctx, font->family, PN_FONT_LAYOUT_SIZE, font->bold, font->italic, utf8);
    /* Never a hex box in place of a character the fonts lack; lint measures
     * such a text (never kept: a render must still find it) and reports it. */
    bool missing = pango_layout_get_unknown_glyphs_count(l) > 0;
    if (missing && !(m->root ? m->root : m)->missing_ok &&
        glyph_missing_err(m->ctx, font, utf8, err)) {
        g_object_unref(l);
        return -1;
    }
    if (missing) keyed = false;
    PangoRectangle logical;
    pango_layout_get_extents(l, NULL, &logical);
    double base = (double)pango_layout_get_baseline(l) / PANGO_SCALE;
    measure_entry e = {(double)logical.width / PANGO_SCALE, base,
                       (double)logical.height / PANGO_SCALE - base};
    g_object_unref(l);
    measure_scale(&e, font->size, width, ascent, descent);
    if (keyed) {
        if (g_hash_table_size(m->cache) >= MEASURE_CACHE_MAX) g_hash_table_remove_all(m->cache);
        g_hash_table_insert(m->cache, g_strdup(key), g_memdup2(&e, sizeof e));
    }
    return 0;
}

bool scene_measure_ink(scene_measurer *m, const scene_font *font, const char *utf8, double ink[4])
{
    if (!m || !g_utf8_validate(utf8, -1, NULL)) return false;
    PangoLayout *l =
        pn_fonts_layout(m->ctx, font->family, PN_FONT_LAYOUT_SIZE, font->bold, font->italic, utf8);
    PangoRectangle r;
    pango_layout_get_extents(l, &r, NULL);
    double base = (double)pango_layout_get_baseline(l),
           k = font->size / PN_FONT_LAYOUT_SIZE * PN_PT_TO_MM / PANGO_SCALE;
    g_object_unref(l);
    ink[0] = r.x * k;
    ink[1] = (r.y - base) * k;
    ink[2] = (r.x + r.width) * k;
    ink[3] = (r.y + r.height - base) * k;
    return r.width > 0 && r.height > 0;
}

double scene_fit_size(const scene *s, const scene_font *font, const char *utf8, double max_width,
                      double min_size)
{
    double w, a, d;
    scene_font f = *font;
    if (scene_measure(scene_measurer_of(s), &f, utf8, &w, &a, &d, NULL) || w <= max_width || w <= 0)
        return f.size;
    double size = f.size * max_width / w;
    return size < min_size ? min_size : size;
}

/* measure.c: pango-based text measurement, one measurer per context. */
#include "scene/measure.h"

#include <glib.h>
#include <string.h>
#include "util/fonts.h"

/* Measurements are kept by face and text, at PN_FONT_LAYOUT_SIZE: a sheet
 * measures the same labels over and over (a label fitted to its box is measured
 * twice, and every sheet of a pad repeats them all), and laying a text out with
 * pango costs far more than the lookup. The cache is emptied when it is full,
 * so memory stays bounded. */
#define MEASURE_CACHE_MAX 4096
#define MEASURE_KEY_MAX 256

typedef struct measure_entry {
    double width, ascent, descent; /* pt at PN_FONT_LAYOUT_SIZE */
} measure_entry;

struct scene_measurer {
    PangoFontMap *map;
    PangoContext *ctx;
    GHashTable *cache; /* key (see measure_key) -> measure_entry */
};

scene_measurer *scene_measurer_new(pn_err *err)
{
    PangoFontMap *map = pn_fonts_new_map(err);
    if (!map) return NULL;
    scene_measurer *m = g_new0(scene_measurer, 1);
    m->map = map;
    m->ctx = pango_font_map_create_context(map);
    pn_fonts_setup_context(m->ctx);
    m->cache = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    return m;
}

void scene_measurer_free(scene_measurer *m)
{
    if (!m) return;
    g_hash_table_destroy(m->cache);
    g_object_unref(m->ctx);
    g_object_unref(m->map);
    g_free(m);
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

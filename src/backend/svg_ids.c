/* svg_ids.c: renumbering cairo's process-wide surface ids in an SVG file. */
#include "backend/svg_ids.h"

#include <string.h>

void pn_svg_renumber(GString *svg)
{
    static const char word[] = "surface";
    const size_t wl = sizeof word - 1;
    GHashTable *seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    GString *out = g_string_sized_new(svg->len + 64);
    const char *p = svg->str, *end = svg->str + svg->len;
    while (p < end) {
        const char *hit = g_strstr_len(p, end - p, word);
        if (!hit) {
            g_string_append_len(out, p, end - p);
            break;
        }
        const char *d = hit + wl;
        while (d < end && g_ascii_isdigit(*d))
            d++;
        g_string_append_len(out, p, hit + wl - p);
        if (d > hit + wl) {
            char *orig = g_strndup(hit + wl, (gsize)(d - hit - wl));
            guint k = GPOINTER_TO_UINT(g_hash_table_lookup(seen, orig));
            if (!k) {
                k = g_hash_table_size(seen) + 1;
                g_hash_table_insert(seen, orig, GUINT_TO_POINTER(k));
            } else {
                g_free(orig);
            }
            g_string_append_printf(out, "%u", k);
        }
        p = d;
    }
    g_hash_table_destroy(seen);
    g_string_truncate(svg, 0);
    g_string_append_len(svg, out->str, (gssize)out->len);
    g_string_free(out, TRUE);
}

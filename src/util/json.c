/* json.c: JSON string literals through json-glib. */
#include "util/json.h"

#include <json-glib/json-glib.h>
#include <string.h>

/* True when json-glib would write s unchanged between quotes: nothing to
 * escape (it escapes '"', '\\', control characters and DEL). Most names are
 * like this, and a scored stream writes one per sheet. */
static gboolean plain(const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (*p < 0x20 || *p == '"' || *p == '\\' || *p == 0x7f) return FALSE;
    return TRUE;
}

void pn_json_string(GString *out, const char *s)
{
    if (plain(s)) {
        g_string_append_c(out, '"');
        g_string_append(out, s);
        g_string_append_c(out, '"');
        return;
    }
    JsonNode *n = json_node_new(JSON_NODE_VALUE);
    json_node_set_string(n, s);
    char *text = json_to_string(n, FALSE);
    /* json-glib 1.6 (Debian 12) writes U+001F unescaped, which JSON forbids
     * in a string: escape it here. No other raw control byte can appear. */
    for (const char *p = text; *p; p++) {
        if (*p == 0x1f)
            g_string_append(out, "\\u001f");
        else
            g_string_append_c(out, *p);
    }
    g_free(text);
    json_node_unref(n);
}

/* api.c: the JSON API and the embedded pages of 'pnpkit serve' (docs/api.md):
 * routes each request, reads its JSON body into an engine request, and turns
 * the engine's answer or error into a reply. No request names a file: the
 * pages come from the embedded table, templates by name from the template
 * list. */
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>
#include "pnpkit.h"
#include "serve/engine.h"
#include "serve/jsonin.h"
#include "serve/serve.h"
#include "util/resources.h"

/* The error answer: text as one line (control characters, bidi marks and
 * bytes that are not UTF-8 escaped as the library's messages are: a path or a
 * key a request sent is quoted in some), with the line and column of a
 * template when at says the text begins "file:line:col: ". */
static void api_error(serve_reply *r, unsigned status, const char *text, const char *field_text,
                      bool at)
{
    pn_err e, fe;
    pn_err_set(&e, PN_EINPUT, "%s", text);
    if (field_text) pn_err_set(&fe, PN_EINPUT, "%s", field_text);
    const char *msg = e.msg, *field = field_text ? fe.msg : NULL;
    JsonBuilder *b = json_builder_new();
    json_builder_begin_object(b);
    json_builder_set_member_name(b, "error");
    json_builder_add_string_value(b, msg);
    /* "file:line:col: what" */
    const char *p = strstr(msg, ": ");
    int line = 0, col = 0;
    for (const char *q = msg; at && q && q < (p ? p : msg + strlen(msg)); q = strchr(q + 1, ':')) {
        if (sscanf(q, ":%d:%d: ", &line, &col) == 2 && line > 0 && col > 0) break;
        line = col = 0;
    }
    if (line) {
        json_builder_set_member_name(b, "line");
        json_builder_add_int_value(b, line);
        json_builder_set_member_name(b, "col");
        json_builder_add_int_value(b, col);
    }
    if (field) {
        json_builder_set_member_name(b, "field");
        json_builder_add_string_value(b, field);
    }
    json_builder_end_object(b);
    r->status = status;
    r->ctype = "application/json";
    r->body = serve_json_bytes(b);
    g_object_unref(b);
}

void serve_api_error(serve_reply *r, unsigned status, const char *text, const char *field_text)
{
    api_error(r, status, text, field_text, false);
}

GBytes *serve_json_bytes(JsonBuilder *b)
{
    JsonGenerator *gen = json_generator_new();
    JsonNode *root = json_builder_get_root(b);
    json_generator_set_root(gen, root);
    gsize len;
    char *text = json_generator_to_data(gen, &len);
    json_node_unref(root);
    g_object_unref(gen);
    return g_bytes_new_take(text, len);
}

/* ---- reading the request body ---- */

typedef struct body {
    serve_json *doc;
    JsonObject *obj;
    const char *bad_field; /* the key at fault */
    char msg[256];
} body;

static bool body_parse(body *b, const char *text, size_t len)
{
    char why[200];
    b->doc = serve_json_read(text, len, why, sizeof why);
    if (!b->doc) {
        snprintf(b->msg, sizeof b->msg, "the request body is not JSON: %s", why);
        return false;
    }
    JsonNode *root = serve_json_root(b->doc);
    if (!root || !JSON_NODE_HOLDS_OBJECT(root)) {
        snprintf(b->msg, sizeof b->msg, "the request body must be a JSON object");
        return false;
    }
    b->obj = json_node_get_object(root);
    return true;
}

static bool body_fail(body *b, const char *field, const char *msg)
{
    b->bad_field = field;
    g_strlcpy(b->msg, msg, sizeof b->msg);
    return false;
}

/* Every key of the body is one of keys (NULL-terminated). */
static bool body_keys(body *b, const char *const *keys)
{
    GList *members = json_object_get_members(b->obj);
    bool ok = true;
    for (GList *m = members; m && ok; m = m->next) {
        const char *k = m->data;
        bool known = false;
        for (const char *const *q = keys; *q && !known; q++)
            known = !strcmp(*q, k);
        if (!known) {
            /* a long key is quoted to its first 60 characters (whole ones) */
            char *shown = g_utf8_substring(k, 0, MIN(g_utf8_strlen(k, -1), 60));
            char msg[400];
            snprintf(msg, sizeof msg, "unknown key '%s' in the request", shown);
            g_free(shown);
            ok = body_fail(b, k, msg);
        }
    }
    g_list_free(members);
    return ok;
}

/* A string member: *out stays NULL when absent. */
static bool get_string(body *b, const char *key, const char **out)
{
    JsonNode *n = json_object_get_member(b->obj, key);
    if (!n || JSON_NODE_HOLDS_NULL(n)) return true;
    if (!JSON_NODE_HOLDS_VALUE(n) || json_node_get_value_type(n) != G_TYPE_STRING) {
        char msg[128];
        snprintf(msg, sizeof msg, "'%s' must be a string", key);
        return body_fail(b, key, msg);
    }
    *out = json_node_get_string(n);
    return true;
}

static bool get_bool(body *b, const char *key, bool *out)
{
    JsonNode *n = json_object_get_member(b->obj, key);
    if (!n || JSON_NODE_HOLDS_NULL(n)) return true;
    if (!JSON_NODE_HOLDS_VALUE(n) || json_node_get_value_type(n) != G_TYPE_BOOLEAN) {
        char msg[128];
        snprintf(msg, sizeof msg, "'%s' must be true or false", key);
        return body_fail(b, key, msg);
    }
    *out = json_node_get_boolean(n);
    return true;
}

/* A whole number in min..max, written as a JSON number; msg is the CLI's
 * message for a bad value, followed by the value as the client wrote it. */
static bool get_long(body *b, const char *key, long min, long max, const char *msg, long *out,
                     bool *given)
{
    JsonNode *n = json_object_get_member(b->obj, key);
    if (!n || JSON_NODE_HOLDS_NULL(n)) return true;
    const char *text = serve_json_number_text(b->doc, n);
    char why[256];
    if (!text) {
        snprintf(why, sizeof why, "'%s' must be a number%s", key,
                 JSON_NODE_HOLDS_VALUE(n) && json_node_get_value_type(n) == G_TYPE_STRING
                     ? ", not a string"
                     : "");
        return body_fail(b, key, why);
    }
    if (json_node_get_value_type(n) != G_TYPE_INT64 || json_node_get_int(n) < min ||
        json_node_get_int(n) > max) {
        snprintf(why, sizeof why, "%s, not %.60s%s", msg, text, strlen(text) > 60 ? "..." : "");
        return body_fail(b, key, why);
    }
    *out = (long)json_node_get_int(n);
    if (given) *given = true;
    return true;
}

/* One JSON value as --set takes it: numbers as written, lists
 * comma-separated (their items plain values: a list of lists, which a
 * parameter cannot take, was flattened into one). */
static char *value_text(const serve_json *doc, JsonNode *n, bool item_of_list)
{
    if (JSON_NODE_HOLDS_ARRAY(n)) {
        if (item_of_list) return NULL;
        JsonArray *a = json_node_get_array(n);
        GString *s = g_string_new(NULL);
        for (guint i = 0; i < json_array_get_length(a); i++) {
            char *item = value_text(doc, json_array_get_element(a, i), true);
            if (!item || strchr(item, ',')) {
                g_free(item);
                g_string_free(s, TRUE);
                return NULL;
            }
            if (i) g_string_append_c(s, ',');
            g_string_append(s, item);
            g_free(item);
        }
        return g_string_free(s, FALSE);
    }
    if (!JSON_NODE_HOLDS_VALUE(n)) return NULL;
    GType t = json_node_get_value_type(n);
    if (t == G_TYPE_STRING) return g_strdup(json_node_get_string(n));
    if (t == G_TYPE_BOOLEAN) return g_strdup(json_node_get_boolean(n) ? "true" : "false");
    const char *number = serve_json_number_text(doc, n);
    return number ? g_strdup(number) : NULL;
}

/* "set": {NAME: VALUE, ...} into names and values (values owned by keep). */
static bool get_sets(body *b, GPtrArray *names, GPtrArray *values, GPtrArray *keep)
{
    JsonNode *n = json_object_get_member(b->obj, "set");
    if (!n || JSON_NODE_HOLDS_NULL(n)) return true;
    if (!JSON_NODE_HOLDS_OBJECT(n))
        return body_fail(b, "set", "'set' must be an object of parameter names and values");
    JsonObject *o = json_node_get_object(n);
    GList *members = json_object_get_members(o);
    bool ok = true;
    for (GList *m = members; m && ok; m = m->next) {
        const char *k = m->data;
        char *v = value_text(b->doc, json_object_get_member(o, k), false);
        if (!v) {
            char msg[200];
            snprintf(msg, sizeof msg,
                     "--set %.100s: give a string, number, true/false or a list of them", k);
            ok = body_fail(b, k, msg);
            break;
        }
        g_ptr_array_add(names, (gpointer)k);
        g_ptr_array_add(values, v);
        g_ptr_array_add(keep, v);
    }
    g_list_free(members);
    return ok;
}

static void body_clear(body *b)
{
    serve_json_free(b->doc);
}

/* ---- answers ---- */

static void reply_fault(serve_reply *r, int rc, serve_fault *f)
{
    if (rc == -2) {
        serve_api_error(r, 503,
                        serve_engine_stopping() ? "the server is stopping"
                                                : "the server is busy; try again in a moment",
                        NULL);
        return;
    }
    unsigned status = f->http ? (unsigned)f->http : f->err.status == PN_EIO ? 500 : 400;
    /* The engine's messages name a template (built in, saved under a name of
     * letters, digits, '-' and '_', or "template.yaml"), then its place. */
    api_error(r, status, f->err.msg[0] ? f->err.msg : "failed", f->field, true);
}

/* The engine's answer: its fault, or 200 with the body it made. */
static void answer_engine(serve_reply *r, int rc, serve_fault *f, const char *ctype)
{
    if (rc) {
        reply_fault(r, rc, f);
    } else {
        r->status = 200;
        r->ctype = ctype;
    }
}

static void reply_body_error(serve_reply *r, body *b)
{
    serve_api_error(r, 400, b->msg, b->bad_field);
}

static void api_render(const char *text, size_t len, serve_reply *r, bool slots)
{
    static const char *const keys[] = {"template",  "yaml",    "set",   "format", "paper",
                                       "landscape", "pages",   "nup",   "mono",   "seed",
                                       "dpi",       "backend", "bleed", "sheet",  NULL};
    body b = {0};
    GPtrArray *names = g_ptr_array_new(), *values = g_ptr_array_new(),
              *keep = g_ptr_array_new_with_free_func(g_free);
    serve_render_req q = {.set_names = names,
                          .set_values = values,
                          .format = "pdf",
                          .landscape = -1,
                          .dpi = 150,
                          .seed = 1,
                          .nup = 1};
    long pages = 0, nup = 1, seed = 1, dpi = 150, sheet = 0;
    bool landscape = false, has_landscape = false;
    const char *bleed = NULL;
    bool ok =
        body_parse(&b, text, len) && body_keys(&b, keys) &&
        get_string(&b, "template", &q.template_name) && get_string(&b, "yaml", &q.yaml) &&
        get_string(&b, "format", &q.format) && get_string(&b, "paper", &q.paper) &&
        get_string(&b, "backend", &q.backend) && get_string(&b, "bleed", &bleed) &&
        get_bool(&b, "mono", &q.mono) &&
        get_long(&b, "pages", 1, SERVE_MAX_PAGES, "--pages takes a number from 1 to 100", &pages,
                 NULL) &&
        get_long(&b, "nup", 1, 4, "--nup takes 2 or 4", &nup, NULL) &&
        get_long(&b, "seed", 0, 2147483647L, "--seed takes a number from 0 to 2147483647", &seed,
                 &q.seed_given) &&
        get_long(&b, "dpi", 10, SERVE_MAX_DPI, "--dpi takes a number from 10 to 300", &dpi, NULL) &&
        get_long(&b, "sheet", 1, SERVE_MAX_PAGES, "'sheet' takes a number from 1 to 100", &sheet,
                 NULL) &&
        get_sets(&b, names, values, keep);
    if (ok && json_object_has_member(b.obj, "landscape")) {
        has_landscape = true;
        ok = get_bool(&b, "landscape", &landscape);
    }
    if (ok && nup == 3) ok = body_fail(&b, "nup", "--nup takes 2 or 4, not 3");
    if (ok && sheet && (slots || !strcmp(q.format, "pdf")))
        ok = body_fail(&b, "sheet",
                       slots ? "'sheet' is for a download: the slots are the first sheet's"
                             : "'sheet' picks one page of an SVG or PNG; a PDF holds them all");
    if (ok && !q.template_name == !q.yaml)
        ok = body_fail(&b, "template", "give 'template' (a name) or 'yaml' (a template's text)");
    if (ok && bleed && (!pnpkit_length_mm(bleed, &q.bleed) || q.bleed < 0 || q.bleed > 10))
        ok = body_fail(&b, "bleed", "--bleed takes a length from 0 to 10mm");
    if (!ok) {
        reply_body_error(r, &b);
    } else {
        q.pages = (int)pages;
        q.nup = (int)nup;
        q.sheet = (int)sheet;
        q.seed = (unsigned long)seed;
        q.dpi = (double)dpi;
        if (has_landscape) q.landscape = landscape;
        serve_fault f = {0};
        const char *ctype = NULL;
        int rc = slots ? serve_engine_slots(&q, &r->body, &f)
                       : serve_engine_render(&q, &r->body, &ctype, &f);
        if (slots) ctype = "application/json";
        answer_engine(r, rc, &f, ctype);
    }
    g_ptr_array_free(names, TRUE);
    g_ptr_array_free(values, TRUE);
    g_ptr_array_free(keep, TRUE);
    body_clear(&b);
}

/* POST /api/score, and POST /api/sheet (as_read: the sheets of a file as the
 * library's reader understood them, what a score page loads, or the reader's
 * error; no format or dpi then). */
static void score_request(const char *text, size_t len, bool as_read, serve_reply *r)
{
    static const char *const keys[] = {"game", "sheet",  "set", "template",
                                       "yaml", "format", "dpi", NULL};
    static const char *const sheet_keys[] = {"game", "sheet", "set", "template", "yaml", NULL};
    body b = {0};
    GPtrArray *names = g_ptr_array_new(), *values = g_ptr_array_new(),
              *keep = g_ptr_array_new_with_free_func(g_free);
    serve_score_req q = {.set_names = names, .set_values = values, .as_read = as_read};
    long dpi = 150;
    bool ok =
        body_parse(&b, text, len) && body_keys(&b, as_read ? sheet_keys : keys) &&
        get_string(&b, "game", &q.game) && get_string(&b, "sheet", &q.sheet) &&
        get_string(&b, "template", &q.template_name) && get_string(&b, "yaml", &q.yaml) &&
        get_string(&b, "format", &q.format) &&
        get_long(&b, "dpi", 10, SERVE_MAX_DPI, "--dpi takes a number from 10 to 300", &dpi, NULL) &&
        get_sets(&b, names, values, keep);
    if (ok && !q.game) {
        GString *which = g_string_new("which game?");
        for (size_t i = 0; i < pnpkit_game_count(); i++)
            g_string_append_printf(which, "%s %s", i ? "," : "", pnpkit_game_name(i));
        ok = body_fail(&b, "game", which->str);
        g_string_free(which, TRUE);
    }
    if (ok && !q.sheet) ok = body_fail(&b, "sheet", "'sheet' (the sheet as YAML) is missing");
    if (ok && q.template_name && q.yaml)
        ok = body_fail(&b, "template", "give 'template' or 'yaml', not both");
    if (!ok) {
        reply_body_error(r, &b);
    } else {
        q.sheet_len = strlen(q.sheet);
        q.dpi = (double)dpi;
        serve_fault f = {0};
        const char *ctype = NULL;
        int rc = serve_engine_score(&q, &r->body, &ctype, &f);
        answer_engine(r, rc, &f, ctype);
    }
    g_ptr_array_free(names, TRUE);
    g_ptr_array_free(values, TRUE);
    g_ptr_array_free(keep, TRUE);
    body_clear(&b);
}

static void api_check(const char *text, size_t len, serve_reply *r)
{
    static const char *const keys[] = {"position", NULL};
    body b = {0};
    const char *position = NULL;
    bool ok =
        body_parse(&b, text, len) && body_keys(&b, keys) && get_string(&b, "position", &position);
    if (ok && !position) ok = body_fail(&b, "position", "'position' (YAML) is missing");
    if (!ok) {
        reply_body_error(r, &b);
    } else {
        serve_fault f = {0};
        int rc = serve_engine_check(position, &r->body, &f);
        answer_engine(r, rc, &f, "application/json");
    }
    body_clear(&b);
}

static void api_calc(const char *text, size_t len, serve_reply *r)
{
    static const char *const keys[] = {"hand", "space", "set", NULL};
    body b = {0};
    GPtrArray *names = g_ptr_array_new(), *values = g_ptr_array_new(),
              *keep = g_ptr_array_new_with_free_func(g_free);
    serve_calc_req q = {.set_names = names, .set_values = values};
    bool ok =
        body_parse(&b, text, len) && body_keys(&b, keys) && get_string(&b, "hand", &q.hand) &&
        get_long(&b, "space", 0, 1000000, "--space takes a space of the track", &q.space, NULL) &&
        get_sets(&b, names, values, keep);
    if (ok && !q.hand) ok = body_fail(&b, "hand", "--hand is required, e.g. --hand \"A 5 6 K\"");
    if (!ok) {
        reply_body_error(r, &b);
    } else {
        serve_fault f = {0};
        int rc = serve_engine_calc(&q, &r->body, &f);
        answer_engine(r, rc, &f, "application/json");
    }
    g_ptr_array_free(names, TRUE);
    g_ptr_array_free(values, TRUE);
    g_ptr_array_free(keep, TRUE);
    body_clear(&b);
}

static void api_save(const char *text, size_t len, serve_reply *r)
{
    static const char *const keys[] = {"name", "yaml", NULL};
    body b = {0};
    const char *name = NULL, *yaml = NULL;
    bool ok = body_parse(&b, text, len) && body_keys(&b, keys) && get_string(&b, "name", &name) &&
              get_string(&b, "yaml", &yaml);
    if (ok && !name) ok = body_fail(&b, "name", "'name' is missing");
    if (ok && !yaml) ok = body_fail(&b, "yaml", "'yaml' is missing");
    if (!ok) {
        reply_body_error(r, &b);
    } else {
        serve_fault f = {0};
        int rc = serve_engine_save(name, yaml, &r->body, &f);
        answer_engine(r, rc, &f, "application/json");
    }
    body_clear(&b);
}

/* A page: "/" is web/index.html, "/x" is web/x when it is embedded. */
static bool answer_page(const char *url, serve_reply *r)
{
    static const struct {
        const char *ext, *type;
    } types[] = {{".html", "text/html; charset=utf-8"},
                 {".css", "text/css; charset=utf-8"},
                 {".js", "text/javascript; charset=utf-8"},
                 {".svg", "image/svg+xml"},
                 {".png", "image/png"}};
    if (strstr(url, "..") || strlen(url) > 200) return false;
    char key[256];
    snprintf(key, sizeof key, "web%s", strcmp(url, "/") ? url : "/index.html");
    const pn_resource *res = pn_resource_find(key);
    if (!res) return false;
    r->ctype = NULL;
    for (size_t i = 0; i < G_N_ELEMENTS(types) && !r->ctype; i++)
        if (g_str_has_suffix(key, types[i].ext)) r->ctype = types[i].type;
    if (!r->ctype) return false;
    r->status = 200;
    r->body = g_bytes_new_static(res->data, res->len);
    return true;
}

void serve_api_answer(const char *method, const char *url, const char *text, size_t len,
                      serve_reply *r)
{
    bool get = !strcmp(method, "GET") || !strcmp(method, "HEAD");
    bool post = !strcmp(method, "POST");
    serve_fault f = {0};
    if (!strcmp(url, "/api/render") || !strcmp(url, "/api/score") || !strcmp(url, "/api/slots")) {
        if (!post) {
            serve_api_error(r, 405, "use POST with a JSON body", NULL);
            return;
        }
        if (url[5] == 'r')
            api_render(text, len, r, false);
        else if (url[6] == 'l')
            api_render(text, len, r, true);
        else
            score_request(text, len, false, r);
        return;
    }
    if (!strcmp(url, "/api/sheet")) {
        if (!post)
            serve_api_error(r, 405, "use POST with a JSON body", NULL);
        else
            score_request(text, len, true, r);
        return;
    }
    if (!strcmp(url, "/api/scan")) {
        if (!post)
            serve_api_error(r, 405, "use POST with the photo (JPEG or PNG) as the body", NULL);
        else if (!len)
            serve_api_error(r, 400, "the request body is empty: send the photo's bytes", NULL);
        else
            answer_engine(r, serve_engine_scan(text, len, &r->body, &f), &f, "application/json");
        return;
    }
    if (!strcmp(url, "/api/check") || !strcmp(url, "/api/calc")) {
        if (!post)
            serve_api_error(r, 405, "use POST with a JSON body", NULL);
        else if (url[6] == 'h')
            api_check(text, len, r);
        else
            api_calc(text, len, r);
        return;
    }
    if (!strcmp(url, "/api/templates")) {
        if (get)
            answer_engine(r, serve_engine_templates(&r->body, &f), &f, "application/json");
        else if (post)
            api_save(text, len, r);
        else
            serve_api_error(r, 405, "use GET to list, POST to save", NULL);
        return;
    }
    if (g_str_has_prefix(url, "/api/templates/")) {
        if (!get) {
            serve_api_error(r, 405, "use GET", NULL);
            return;
        }
        answer_engine(r, serve_engine_template_source(url + 15, &r->body, &f), &f,
                      "text/yaml; charset=utf-8");
        return;
    }
    if (get && !g_str_has_prefix(url, "/api/") && answer_page(url, r)) return;
    char msg[300];
    snprintf(msg, sizeof msg, "%.200s: not found", url);
    serve_api_error(r, 404, msg, NULL);
}

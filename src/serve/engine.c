/* engine.c: the adapter between the web server and the engine. It renders and
 * scores through the same functions as the command line (render_template, the
 * sheet loaders, scorers, reports and fills), writing each file into a private
 * work directory and reading it back whole. The engine keeps process-wide
 * state (fonts, measuring cache), so one engine call runs at a time: a slot
 * gate bounds how many requests hold or wait for the engine (the rest are
 * refused at once and answered 503), and a lock serialises the calls. */
#include "serve/engine.h"

#include <errno.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "cli/cli.h"
#include "render/render.h"
#include "util/json.h"
#include "scoring/scoring.h"
#include "scoring/tic_position.h"
#include "games/cirnum.h"
#include "util/yml_docs.h"
#include "template/tmpl.h"
#include "util/outfile.h"
#include "util/paths.h"
#include "util/resources.h"

#define ENGINE_WAIT_US (20 * G_TIME_SPAN_SECOND) /* longest wait for a slot */
#define SHEET_NAME "<sheet>"                     /* the sheet's name in messages */

static struct {
    GMutex gate; /* guards running, waiting */
    GCond freed;
    int jobs, queue, running, waiting;
    GMutex lock; /* one engine call at a time */
    char *dir;   /* private work directory */
    gint counter;
} eng;

int serve_engine_start(int jobs, int queue, pn_err *err)
{
    GError *ge = NULL;
    eng.dir = g_dir_make_tmp("pnpkit-serve-XXXXXX", &ge);
    if (!eng.dir) {
        pn_err_set(err, PN_EIO, "cannot create a work directory: %s", ge->message);
        g_error_free(ge);
        return -1;
    }
    eng.jobs = jobs;
    eng.queue = queue;
    return 0;
}

void serve_engine_end(void)
{
    if (!eng.dir) return;
    GDir *d = g_dir_open(eng.dir, 0, NULL);
    for (const char *f; d && (f = g_dir_read_name(d));) {
        char *p = g_build_filename(eng.dir, f, NULL);
        unlink(p);
        g_free(p);
    }
    if (d) g_dir_close(d);
    rmdir(eng.dir);
    g_free(eng.dir);
    eng.dir = NULL;
}

/* Takes a slot (waiting in the bounded queue if needed): true, or false when
 * the queue is full or the wait too long. */
static bool slot_take(void)
{
    g_mutex_lock(&eng.gate);
    bool ok = true;
    if (eng.running >= eng.jobs) {
        if (eng.waiting >= eng.queue) {
            ok = false;
        } else {
            gint64 until = g_get_monotonic_time() + ENGINE_WAIT_US;
            eng.waiting++;
            while (ok && eng.running >= eng.jobs)
                ok = g_cond_wait_until(&eng.freed, &eng.gate, until);
            eng.waiting--;
        }
    }
    if (ok) eng.running++;
    g_mutex_unlock(&eng.gate);
    if (ok) g_mutex_lock(&eng.lock);
    return ok;
}

static void slot_give(void)
{
    g_mutex_unlock(&eng.lock);
    g_mutex_lock(&eng.gate);
    eng.running--;
    g_cond_signal(&eng.freed);
    g_mutex_unlock(&eng.gate);
}

static char *work_path(const char *stem, const char *ext)
{
    char name[64];
    snprintf(name, sizeof name, "%s-%d.%s", stem, g_atomic_int_add(&eng.counter, 1), ext);
    return g_build_filename(eng.dir, name, NULL);
}

/* Reads and removes a finished work file. */
static int take_file(const char *path, GBytes **out, serve_fault *f)
{
    char *data;
    gsize len;
    GError *ge = NULL;
    int rc = 0;
    if (!g_file_get_contents(path, &data, &len, &ge)) {
        rc = pn_err_set(&f->err, PN_EIO, "reading the rendered file failed: %s", ge->message);
        g_error_free(ge);
    } else {
        *out = g_bytes_new_take(data, len);
    }
    unlink(path);
    return rc;
}

static const char *content_type(const char *format)
{
    if (!strcmp(format, "svg")) return "image/svg+xml";
    if (!strcmp(format, "png")) return "image/png";
    return "application/pdf";
}

static bool known_format(const char *format)
{
    return !strcmp(format, "pdf") || !strcmp(format, "svg") || !strcmp(format, "png");
}

/* A name from the template list (never a path). */
static bool listed(const char *name)
{
    GPtrArray *list = tmpl_list();
    bool found = false;
    for (guint i = 0; i < list->len && !found; i++)
        found = !strcmp(((tmpl_entry *)g_ptr_array_index(list, i))->name, name);
    g_ptr_array_unref(list);
    return found;
}

static tmpl *open_template(const char *name, const char *yaml, serve_fault *f)
{
    if (yaml) return tmpl_load_buffer("template.yaml", yaml, strlen(yaml), &f->err);
    if (!listed(name)) {
        pn_err_set(&f->err, PN_EINPUT, "%s: no such template (see 'pnpkit list')", name);
        f->field = "template";
        f->http = 404;
        return NULL;
    }
    return tmpl_open(name, &f->err);
}

static int apply_sets(tmpl *t, GPtrArray *names, GPtrArray *values, serve_fault *f)
{
    for (guint i = 0; names && i < names->len; i++) {
        const char *name = g_ptr_array_index(names, i);
        char *a = g_strdup_printf("%s=%s", name, (const char *)g_ptr_array_index(values, i));
        int rc = tmpl_set(t, a, &f->err);
        g_free(a);
        if (rc) {
            f->field = name;
            if (!strncmp(f->err.msg, "setting ", 8)) {
                /* the command line's wording: the option that was given */
                char *rest = g_strdup(f->err.msg + 8);
                g_strlcpy(f->err.msg, "--set ", sizeof f->err.msg);
                g_strlcat(f->err.msg, rest, sizeof f->err.msg);
                g_free(rest);
            }
            return -1;
        }
    }
    return 0;
}

static int do_render(const serve_render_req *r, GBytes **out, const char **ctype, serve_fault *f)
{
    if (!known_format(r->format)) {
        f->field = "format";
        return pn_err_set(&f->err, PN_EUSAGE, "--format must be pdf, svg or png");
    }
    tmpl *t = open_template(r->template_name, r->yaml, f);
    if (!t) return -1;
    int rc = apply_sets(t, r->set_names, r->set_values, f);
    if (!rc && r->seed_given) {
        char buf[32];
        snprintf(buf, sizeof buf, "%lu", r->seed);
        if ((rc = tmpl_set_if_present(t, "seed", buf, &f->err))) f->field = "seed";
    }
    if (!rc) rc = tmpl_resolve(t, &f->err);
    render_opts o = {.format = r->format,
                     .backend = r->backend,
                     .paper = r->paper,
                     .landscape = r->landscape,
                     .dpi = r->dpi,
                     .seed = r->seed,
                     .pages = r->pages,
                     .nup = r->nup,
                     .mono = r->mono,
                     .bleed = r->bleed,
                     .epoch = cli_epoch(),
                     .measure = cli_measurer(NULL)};
    if (!rc && strcmp(r->format, "pdf")) {
        /* an SVG or PNG file holds one page */
        int nup = o.nup > 1 ? o.nup : 1;
        int pages = o.pages > 0 ? o.pages : render_sheet_count(t, &o, &f->err);
        if (pages < 0) {
            rc = -1;
        } else if ((pages + nup - 1) / nup > 1) {
            f->field = "pages";
            rc = pn_err_set(
                &f->err, PN_EUSAGE, "%s file holds one page, and this makes %d; ask for a PDF",
                !strcmp(r->format, "svg") ? "an SVG" : "a PNG", (pages + nup - 1) / nup);
        }
    }
    if (!rc) {
        char *path = work_path("render", r->format);
        o.output = path;
        rc = render_template(t, &o, &f->err);
        if (!rc) rc = take_file(path, out, f);
        *ctype = content_type(r->format);
        g_free(path);
    }
    tmpl_free(t);
    return rc;
}

/* The slots of the first sheet: where a player writes, in mm. */
static int do_slots(const serve_render_req *r, GBytes **out, serve_fault *f)
{
    tmpl *t = open_template(r->template_name, r->yaml, f);
    if (!t) return -1;
    int rc = apply_sets(t, r->set_names, r->set_values, f);
    if (!rc) rc = tmpl_resolve(t, &f->err);
    render_opts o = {.format = "svg",
                     .paper = r->paper,
                     .landscape = r->landscape,
                     .seed = r->seed,
                     .nup = 1,
                     .mono = r->mono,
                     .epoch = cli_epoch(),
                     .measure = cli_measurer(NULL)};
    scene *s = rc ? NULL : render_sheet(t, &o, 0, &f->err);
    if (s) {
        GString *j = g_string_new(NULL);
        g_string_append_printf(j, "{\"width\":%.2f,\"height\":%.2f,\"slots\":[", scene_width(s),
                               scene_height(s));
        bool first = true;
        for (size_t i = 0; i < scene_count(s); i++) {
            const scene_item *it = scene_item_at(s, i);
            if (it->kind != SCENE_SLOT) continue;
            const scene_slot *sl = &it->u.slot;
            g_string_append(j, first ? "{\"id\":" : ",{\"id\":");
            first = false;
            pn_json_string(j, sl->id);
            g_string_append_printf(j, ",\"x\":%.2f,\"y\":%.2f,\"w\":%.2f,\"h\":%.2f,\"round\":%s}",
                                   sl->x, sl->y, sl->w, sl->h,
                                   sl->shape == SLOT_ROUND ? "true" : "false");
        }
        g_string_append(j, "]}\n");
        gsize len = j->len;
        *out = g_bytes_new_take(g_string_free(j, FALSE), len);
        scene_free(s);
    } else {
        rc = -1;
    }
    tmpl_free(t);
    return rc;
}

int serve_engine_slots(const serve_render_req *r, GBytes **out, serve_fault *f)
{
    if (!slot_take()) return -2;
    int rc = do_slots(r, out, f);
    slot_give();
    return rc;
}

int serve_engine_render(const serve_render_req *r, GBytes **out, const char **ctype, serve_fault *f)
{
    if (!slot_take()) return -2;
    int rc = do_render(r, out, ctype, f);
    slot_give();
    return rc;
}

/* ---- scoring: the game registry, as 'pnpkit score' uses it ---- */

/* Messages name the work file: they should name what the request sent. */
static void rename_in_message(pn_err *err, const char *path, const char *name)
{
    size_t n = strlen(path);
    if (strncmp(err->msg, path, n)) return;
    char *rest = g_strdup(err->msg + n);
    g_strlcpy(err->msg, name, sizeof err->msg);
    g_strlcat(err->msg, rest, sizeof err->msg);
    g_free(rest);
}

/* The parameter a "--set NAME=VALUE: ..." message is about, kept in buf; a
 * library "setting NAME=VALUE: ..." message is turned into the CLI's words. */
static const char *set_field(pn_err *err, char *buf, size_t n)
{
    if (!strncmp(err->msg, "setting ", 8)) {
        char *rest = g_strdup(err->msg + 8);
        g_strlcpy(err->msg, "--set ", sizeof err->msg);
        g_strlcat(err->msg, rest, sizeof err->msg);
        g_free(rest);
    }
    if (strncmp(err->msg, "--set ", 6)) return NULL;
    const char *eq = strchr(err->msg + 6, '=');
    if (!eq || (size_t)(eq - err->msg - 6) >= n) return NULL;
    g_strlcpy(buf, err->msg + 6, (size_t)(eq - err->msg - 6) + 1);
    return buf;
}

static int do_score(const serve_score_req *r, GBytes **out, const char **ctype, serve_fault *f)
{
    const score_game *g = score_game_find(r->game);
    if (!g) {
        GString *names = g_string_new(NULL);
        score_game_names(names, " or ");
        f->field = "game";
        f->http = 404;
        pn_err_set(&f->err, PN_EUSAGE, "unknown game '%s' (%s)", r->game, names->str);
        g_string_free(names, TRUE);
        return -1;
    }
    if (r->format && !known_format(r->format)) {
        f->field = "format";
        return pn_err_set(&f->err, PN_EUSAGE, "--format must be pdf, svg or png");
    }
    if (r->template_name && !listed(r->template_name)) {
        f->field = "template";
        f->http = 404;
        return pn_err_set(&f->err, PN_EINPUT, "%s: no such template (see 'pnpkit list')",
                          r->template_name);
    }
    char *tpath = NULL;
    if (r->yaml) {
        tpath = work_path("template", "yaml");
        GError *ge = NULL;
        if (!g_file_set_contents(tpath, r->yaml, -1, &ge)) {
            pn_err_set(&f->err, PN_EIO, "cannot keep the template: %s", ge->message);
            g_error_free(ge);
            g_free(tpath);
            return -1;
        }
    }
    GPtrArray *sets = g_ptr_array_new_with_free_func(g_free);
    for (guint i = 0; r->set_names && i < r->set_names->len; i++)
        g_ptr_array_add(sets,
                        g_strdup_printf("%s=%s", (const char *)g_ptr_array_index(r->set_names, i),
                                        (const char *)g_ptr_array_index(r->set_values, i)));
    score_run_opts so = {.template_path = tpath ? tpath : r->template_name,
                         .sets = (const char *const *)sets->pdata,
                         .nsets = sets->len,
                         .keep = r->format != NULL,
                         .json = true};
    int rc = 0;
    char field[64];
    score_run *run = score_run_new(g, &so, &f->err);
    if (!run) {
        rc = -1;
        f->field = set_field(&f->err, field, sizeof field);
        if (f->field) f->field = g_intern_string(f->field);
    }
    GString *json = g_string_new(NULL);
    if (!rc) {
        yml_docs *docs = yml_docs_open_text(SHEET_NAME, r->sheet, r->sheet_len, &f->err);
        rc = docs ? score_run_stream(run, docs, json, NULL, NULL, &f->err) : -1;
        yml_docs_close(docs);
        if (rc < 0) {
            f->field = "sheet";
            rc = -1;
        } else {
            rc = 0;
        }
    }
    if (!rc && r->format) {
        char *path = work_path("scored", r->format);
        render_opts o = {.output = path,
                         .format = r->format,
                         .landscape = -1,
                         .dpi = r->dpi > 0 ? r->dpi : 150,
                         .seed = 1,
                         .nup = 1,
                         .epoch = cli_epoch(),
                         .measure = cli_measurer(NULL)};
        int pages = score_run_pages(run);
        if (strcmp(r->format, "pdf") && pages > 1) {
            f->field = "format";
            rc = pn_err_set(&f->err, PN_EUSAGE,
                            "these sheets make %d pages and an %s file holds one; ask for a PDF",
                            pages, r->format);
        }
        if (!rc) rc = score_run_render(run, &o, &f->err);
        if (!rc) rc = take_file(path, out, f);
        *ctype = content_type(r->format);
        g_free(path);
    } else if (!rc) {
        /* one JSON line per sheet -> a JSON array of them */
        GString *arr = g_string_sized_new(json->len + 4);
        g_string_append_c(arr, '[');
        char **lines = g_strsplit(json->str, "\n", -1);
        for (char **l = lines, *sep = ""; *l; l++) {
            if (!**l) continue;
            g_string_append(arr, sep);
            g_string_append(arr, *l);
            sep = ",";
        }
        g_strfreev(lines);
        g_string_append(arr, "]\n");
        gsize len = arr->len;
        *out = g_bytes_new_take(g_string_free(arr, FALSE), len);
        *ctype = "application/json";
    }
    if (rc && tpath) rename_in_message(&f->err, tpath, "template.yaml");
    g_string_free(json, TRUE);
    score_run_free(run);
    g_ptr_array_free(sets, TRUE);
    if (tpath) unlink(tpath);
    g_free(tpath);
    return rc;
}

int serve_engine_score(const serve_score_req *r, GBytes **out, const char **ctype, serve_fault *f)
{
    if (!slot_take()) return -2;
    int rc = do_score(r, out, ctype, f);
    slot_give();
    return rc;
}

/* ---- Thinking In Circles positions, the Circular Numbers calculator ---- */

static int do_check(const char *text, GBytes **out, serve_fault *f)
{
    f->field = "position";
    yml_docs *st = yml_docs_open_text("<position>", text, strlen(text), &f->err);
    if (!st) return -1;
    GString *o = g_string_new("[");
    int rc = 0, n = 0;
    for (;; n++) {
        yml_doc doc;
        int r = yml_docs_next(st, &doc, &f->err);
        if (r <= 0) {
            rc = r;
            break;
        }
        pn_yml *y = yml_doc_parse(&doc, "document", &f->err);
        tic_position d;
        if (!y || tic_position_read(y, &d, &f->err)) {
            pn_yml_free(y);
            rc = -1;
            break;
        }
        if (n) g_string_append_c(o, ',');
        tic_position_report(&d, true, o);
        g_strchomp(o->str);
        g_string_set_size(o, strlen(o->str));
        pn_yml_free(y);
    }
    yml_docs_close(st);
    if (!rc && n == 0) rc = pn_err_set(&f->err, PN_EINPUT, "<position>: no document to check");
    if (!rc) {
        g_string_append(o, "]\n");
        gsize len = o->len;
        *out = g_bytes_new_take(g_string_free(o, FALSE), len);
        f->field = NULL;
        return 0;
    }
    g_string_free(o, TRUE);
    return -1;
}

int serve_engine_check(const char *position, GBytes **out, serve_fault *f)
{
    if (!slot_take()) return -2;
    int rc = do_check(position, out, f);
    slot_give();
    return rc;
}

/* The track a circular-numbers template describes: its spaces and marks. */
static int cirnum_track(tmpl *t, int *spaces, cirnum_mark *marks, int *nmarks, pn_err *err)
{
    tmpl_param *sp = tmpl_param_find(t, "spaces"), *mp = tmpl_param_find(t, "marks");
    if (!sp || sp->value.type != PV_INT || !mp || mp->value.type != PV_STRLIST)
        return pn_err_set(err, PN_EINPUT,
                          "%s: not a Circular Numbers track (it needs the int parameter spaces and "
                          "the list marks)",
                          t->file);
    *spaces = (int)sp->value.i;
    char why[256];
    *nmarks = cirnum_parse_marks(mp->value.strs, mp->value.n, *spaces, marks, why, sizeof why);
    if (*nmarks < 0) return pn_err_set(err, PN_EINPUT, "%s: marks: %s", t->file, why);
    return 0;
}

static void cirnum_cards(GString *o, const cirnum_card *hand, int n, unsigned mask)
{
    bool first = true;
    for (int i = 0; i < n; i++) {
        if (!(mask >> i & 1)) continue;
        if (!first) g_string_append_c(o, ',');
        pn_json_string(o, hand[i].rank);
        first = false;
    }
}

static int do_calc(const serve_calc_req *r, GBytes **out, serve_fault *f)
{
    cirnum_card hand[CIRNUM_MAX_HAND];
    char why[256];
    int n = cirnum_parse_hand(r->hand, hand, why, sizeof why);
    if (n < 0) {
        f->field = "hand";
        return pn_err_set(&f->err, PN_EINPUT, "--hand \"%s\": %s", r->hand, why);
    }
    tmpl *t = tmpl_open("circular-numbers", &f->err);
    if (!t) return -1;
    int rc = apply_sets(t, r->set_names, r->set_values, f);
    int spaces = 0, nmarks = 0;
    cirnum_mark marks[CIRNUM_MAX_MARKS];
    if (!rc) rc = cirnum_track(t, &spaces, marks, &nmarks, &f->err);
    tmpl_free(t);
    if (rc) return -1;
    if (r->space < 0 || r->space >= spaces) {
        f->field = "space";
        return pn_err_set(&f->err, PN_EUSAGE,
                          "--space takes a space of the track, 0 (the start) to %d", spaces - 1);
    }
    int mark = cirnum_mark_at(marks, nmarks, (int)r->space);
    GArray *sums = cirnum_sums(hand, n, mark);
    unsigned back_mask = 0;
    bool back = cirnum_move_back(hand, n, &back_mask);
    GString *o = g_string_new("{\"game\":\"circular-numbers\",\"hand\":[");
    cirnum_cards(o, hand, n, (1u << n) - 1);
    g_string_append_printf(o, "],\"space\":%ld,\"mark\":%d,\"sums\":[", r->space, mark);
    for (guint i = 0; i < sums->len; i++) {
        const cirnum_sum *s = &g_array_index(sums, cirnum_sum, i);
        g_string_append_printf(o, "%s{\"sum\":%d,\"moves\":%d,\"cards\":[", i ? "," : "", s->target,
                               s->moves);
        cirnum_cards(o, hand, n, s->mask);
        g_string_append_printf(o, "],\"cards_total\":%d,\"multiple\":%d}", s->cards, s->multiple);
    }
    g_string_append_printf(o, "],\"move_back\":%s}\n", back ? "true" : "false");
    g_array_free(sums, TRUE);
    gsize len = o->len;
    *out = g_bytes_new_take(g_string_free(o, FALSE), len);
    return 0;
}

int serve_engine_calc(const serve_calc_req *r, GBytes **out, serve_fault *f)
{
    if (!slot_take()) return -2;
    int rc = do_calc(r, out, f);
    slot_give();
    return rc;
}

/* ---- the template list, sources, saving ---- */

static void add_param(JsonBuilder *b, const tmpl_param *p)
{
    const pv_spec *s = &p->spec;
    json_builder_begin_object(b);
    json_builder_set_member_name(b, "name");
    json_builder_add_string_value(b, s->name);
    json_builder_set_member_name(b, "type");
    json_builder_add_string_value(b, pv_type_name(s->type));
    json_builder_set_member_name(b, "default");
    if (s->def)
        json_builder_add_string_value(b, s->def);
    else
        json_builder_add_null_value(b);
    if (s->type != PV_ENUM && s->type != PV_BOOL && s->type != PV_COLOR) {
        double min, max;
        pv_bounds(s, &min, &max);
        json_builder_set_member_name(b, "min");
        json_builder_add_double_value(b, min);
        json_builder_set_member_name(b, "max");
        json_builder_add_double_value(b, max);
    }
    if (s->step > 0) {
        json_builder_set_member_name(b, "step");
        json_builder_add_double_value(b, s->step);
    }
    if (s->choices) {
        json_builder_set_member_name(b, "choices");
        json_builder_begin_array(b);
        char **c = g_strsplit(s->choices, "|", -1);
        for (char **q = c; *q; q++)
            json_builder_add_string_value(b, *q);
        g_strfreev(c);
        json_builder_end_array(b);
    }
    json_builder_set_member_name(b, "help");
    json_builder_add_string_value(b, s->help ? s->help : "");
    json_builder_end_object(b);
}

static void add_string(JsonBuilder *b, const char *key, const char *value)
{
    json_builder_set_member_name(b, key);
    if (value)
        json_builder_add_string_value(b, value);
    else
        json_builder_add_null_value(b);
}

static GBytes *builder_bytes(JsonBuilder *b)
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

static int do_templates(GBytes **out, serve_fault *f)
{
    GPtrArray *list = tmpl_list();
    JsonBuilder *b = json_builder_new();
    json_builder_begin_array(b);
    for (guint i = 0; i < list->len; i++) {
        tmpl_entry *e = g_ptr_array_index(list, i);
        pn_err err = {0};
        tmpl *t = tmpl_open(e->name, &err);
        json_builder_begin_object(b);
        add_string(b, "name", e->name);
        add_string(b, "origin", e->origin);
        if (!t) {
            /* a broken user template is listed with its error */
            add_string(b, "error", err.msg);
        } else {
            add_string(b, "title", t->title);
            add_string(b, "description", t->description);
            add_string(b, "game", t->game);
            json_builder_set_member_name(b, "seeded");
            json_builder_add_boolean_value(b, t->seeded);
            add_string(b, "paper", t->paper);
            json_builder_set_member_name(b, "landscape");
            json_builder_add_boolean_value(b, t->landscape);
            json_builder_set_member_name(b, "params");
            json_builder_begin_array(b);
            for (guint k = 0; k < t->params->len; k++)
                add_param(b, g_ptr_array_index(t->params, k));
            json_builder_end_array(b);
        }
        json_builder_end_object(b);
        tmpl_free(t);
    }
    json_builder_end_array(b);
    *out = builder_bytes(b);
    g_object_unref(b);
    g_ptr_array_unref(list);
    return 0;
}

int serve_engine_templates(GBytes **out, serve_fault *f)
{
    if (!slot_take()) return -2;
    int rc = do_templates(out, f);
    slot_give();
    return rc;
}

static int do_source(const char *name, GBytes **out, serve_fault *f)
{
    GPtrArray *list = tmpl_list();
    tmpl_entry *found = NULL;
    for (guint i = 0; i < list->len && !found; i++) {
        tmpl_entry *e = g_ptr_array_index(list, i);
        if (!strcmp(e->name, name)) found = e;
    }
    int rc = 0;
    if (!found) {
        f->http = 404;
        rc = pn_err_set(&f->err, PN_EINPUT, "%s: no such template (see 'pnpkit list')", name);
    } else if (!strcmp(found->origin, "built-in")) {
        const pn_resource *res = pn_resource_find(found->path);
        if (res)
            *out = g_bytes_new_static(res->data, res->len);
        else
            rc = pn_err_set(&f->err, PN_EIO, "%s: missing from the program", found->path);
    } else {
        char *data;
        gsize len;
        GError *ge = NULL;
        if (g_file_get_contents(found->path, &data, &len, &ge)) {
            *out = g_bytes_new_take(data, len);
        } else {
            rc = pn_err_set(&f->err, PN_EIO, "%s", ge->message);
            g_error_free(ge);
        }
    }
    g_ptr_array_unref(list);
    return rc;
}

int serve_engine_template_source(const char *name, GBytes **out, serve_fault *f)
{
    if (!slot_take()) return -2;
    int rc = do_source(name, out, f);
    slot_give();
    return rc;
}

/* Template names the user may save: letters, digits, '-' and '_', not first. */
static bool save_name_ok(const char *name)
{
    size_t n = strlen(name);
    if (n == 0 || n > 64 || !g_ascii_isalnum(name[0])) return false;
    for (const char *p = name; *p; p++)
        if (!g_ascii_isalnum(*p) && *p != '-' && *p != '_') return false;
    return true;
}

static int do_save(const char *name, const char *yaml, GBytes **out, serve_fault *f)
{
    if (!save_name_ok(name)) {
        f->field = "name";
        return pn_err_set(&f->err, PN_EINPUT,
                          "'%s' is not a template name (letters, digits, '-' and '_', at most 64)",
                          name);
    }
    char **builtins = tmpl_builtin_names();
    bool is_builtin = g_strv_contains((const char *const *)builtins, name);
    g_strfreev(builtins);
    if (is_builtin) {
        f->field = "name";
        return pn_err_set(&f->err, PN_EINPUT,
                          "%s is a built-in template; save the copy under another name", name);
    }
    tmpl *t = tmpl_load_buffer("template.yaml", yaml, strlen(yaml), &f->err);
    if (!t) return -1;
    tmpl_free(t);
    const char *dir = pn_paths_user_templates();
    if (g_mkdir_with_parents(dir, 0777) != 0)
        return pn_err_set(&f->err, PN_EIO, "cannot create %s: %s", dir, strerror(errno));
    char *file = g_strdup_printf("%s.yaml", name);
    char *path = g_build_filename(dir, file, NULL);
    g_free(file);
    int rc = 0;
    pn_outfile *o = pn_outfile_open(path, &f->err);
    if (!o)
        rc = -1;
    else if (!pn_outfile_write(o, yaml, strlen(yaml))) {
        rc = pn_err_set(&f->err, PN_EIO, "%s: %s", path, strerror(o->error));
        pn_outfile_abort(o);
    } else
        rc = pn_outfile_commit(o, &f->err);
    if (!rc) {
        JsonBuilder *b = json_builder_new();
        json_builder_begin_object(b);
        add_string(b, "saved", name);
        add_string(b, "origin", "user");
        json_builder_end_object(b);
        *out = builder_bytes(b);
        g_object_unref(b);
    }
    g_free(path);
    return rc;
}

int serve_engine_save(const char *name, const char *yaml, GBytes **out, serve_fault *f)
{
    if (!slot_take()) return -2;
    int rc = do_save(name, yaml, out, f);
    slot_give();
    return rc;
}

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
#include "sheets/fill_sheet.h"
#include "sheets/report.h"
#include "template/tmpl.h"
#include "util/outfile.h"
#include "util/paths.h"
#include "util/resources.h"

#define ENGINE_WAIT_US (20 * G_TIME_SPAN_SECOND) /* longest wait for a slot */
#define SCORE_MAX_PAGES 200                      /* pages of one completed-sheet document */
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
                     .epoch = cli_epoch()};
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
                     .epoch = cli_epoch()};
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
            report_json_string(j, sl->id);
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

/* ---- scoring: the same steps as 'pnpkit score' ---- */

typedef enum { GAME_C36, GAME_DC, GAME_CPX } score_game;

typedef struct c36_page {
    c36_input in;
    c36_score sc;
} c36_page;

typedef struct dc_doc {
    dc_input in;
    dc_game_score scores[DC_MAX_GAMES];
} dc_doc;

typedef struct cpx_doc {
    cpx_input in;
    cpx_points points[CPX_MAX_PLAYERS];
} cpx_doc;

typedef struct page_ref {
    int doc, game;
} page_ref;

typedef struct score_run {
    score_game game;
    tmpl *t;
    c36_variant v;
    GArray *c36;    /* c36_page */
    GPtrArray *dc;  /* dc_doc* */
    GPtrArray *cpx; /* cpx_doc* */
    GArray *pages;  /* page_ref */
    GString *json;  /* the reports, as a JSON array */
    int prepared;
} score_run;

static void free_cpx_doc(gpointer p)
{
    cpx_doc *d = p;
    cpx_input_clear(&d->in);
    g_free(d);
}

static int add_page(score_run *run, int doc, int game, pn_err *err)
{
    if (run->pages->len >= SCORE_MAX_PAGES)
        return pn_err_set(err, PN_EINPUT, "%s: a completed-sheet document holds at most %d pages",
                          SHEET_NAME, SCORE_MAX_PAGES);
    page_ref ref = {doc, game};
    g_array_append_val(run->pages, ref);
    return 0;
}

static int score_doc(score_run *run, const sheet_doc *d, pn_err *err)
{
    if (run->json->len > 1) g_string_append_c(run->json, ',');
    if (run->game == GAME_C36) {
        c36_page pg;
        if (c36_load(d, &run->v, &pg.in, err)) return -1;
        c36_score_sheet(&pg.in.sheet, &pg.sc);
        c36_report_json(run->json, &pg.in, &pg.sc);
        if (add_page(run, (int)run->c36->len, 0, err)) return -1;
        g_array_append_val(run->c36, pg);
    } else if (run->game == GAME_DC) {
        dc_doc *doc = g_new(dc_doc, 1);
        if (dc_load(d, &doc->in, err)) {
            g_free(doc);
            return -1;
        }
        dc_score_set(doc->in.games, doc->in.ngames, doc->scores);
        dc_report_json(run->json, &doc->in, doc->scores);
        g_ptr_array_add(run->dc, doc);
        for (int g = 0; g < doc->in.ngames; g++)
            if (add_page(run, (int)run->dc->len - 1, g, err)) return -1;
    } else {
        cpx_doc *doc = g_new0(cpx_doc, 1);
        if (cpx_load(d, &doc->in, err)) {
            g_free(doc);
            return -1;
        }
        for (int p = 0; p < doc->in.nplayers; p++)
            cpx_score_board(doc->in.tiles[p], doc->in.ntiles[p], &doc->points[p], NULL, 0);
        cpx_rank(doc->points, doc->in.nplayers);
        cpx_report_json(run->json, &doc->in, doc->points);
        g_ptr_array_add(run->cpx, doc);
        return add_page(run, (int)run->cpx->len - 1, 0, err);
    }
    return 0;
}

static int prepare_page(void *user, tmpl *t, int page, pn_err *err)
{
    score_run *run = user;
    if (run->prepared == page) return 0;
    run->prepared = page;
    page_ref ref = g_array_index(run->pages, page_ref, page);
    if (run->game == GAME_DC)
        return dc_template_params(t, g_ptr_array_index(run->dc, ref.doc), err);
    if (run->game == GAME_CPX)
        return cpx_template_params(t, &((cpx_doc *)g_ptr_array_index(run->cpx, ref.doc))->in, err);
    return 0;
}

static int fill_page(void *user, int page, scene *s, pn_err *err)
{
    score_run *run = user;
    page_ref ref = g_array_index(run->pages, page_ref, page);
    if (run->game == GAME_C36) {
        c36_page *pg = &g_array_index(run->c36, c36_page, ref.doc);
        return c36_fill(s, &pg->in, &pg->sc, err);
    }
    if (run->game == GAME_DC) {
        dc_doc *doc = g_ptr_array_index(run->dc, ref.doc);
        return dc_fill(s, &doc->in, doc->scores, ref.game, err);
    }
    cpx_doc *doc = g_ptr_array_index(run->cpx, ref.doc);
    return cpx_fill(s, &doc->in, doc->points, err);
}

/* Messages name the work file: they should name the sheet instead. */
static void rename_in_message(pn_err *err, const char *path)
{
    size_t n = strlen(path);
    if (strncmp(err->msg, path, n)) return;
    char *rest = g_strdup(err->msg + n);
    g_strlcpy(err->msg, SHEET_NAME, sizeof err->msg);
    g_strlcat(err->msg, rest, sizeof err->msg);
    g_free(rest);
}

static int score_sheets(score_run *run, const serve_score_req *r, serve_fault *f)
{
    char *path = work_path("sheet", "yaml");
    GError *ge = NULL;
    if (!g_file_set_contents(path, r->sheet, (gssize)r->sheet_len, &ge)) {
        pn_err_set(&f->err, PN_EIO, "cannot keep the sheet: %s", ge->message);
        g_error_free(ge);
        g_free(path);
        return -1;
    }
    int rc = 0, n = 0;
    sheet_reader *rd = sheet_reader_open(path, &f->err);
    if (!rd) rc = -1;
    sheet_doc d;
    while (!rc && (rc = sheet_reader_next(rd, &d, &f->err)) == 1) {
        rc = score_doc(run, &d, &f->err);
        n++;
    }
    sheet_reader_close(rd);
    unlink(path);
    if (!rc && n == 0) rc = pn_err_at(&f->err, SHEET_NAME, 1, 1, "no sheet in the file");
    if (rc) {
        rename_in_message(&f->err, path);
        if (!f->field) f->field = "sheet";
    }
    g_free(path);
    return rc < 0 ? -1 : 0;
}

static int do_score(const serve_score_req *r, GBytes **out, const char **ctype, serve_fault *f)
{
    static const char *const games[] = {"circle36", "dicrono", "cirplexed"};
    static const char *const builtin[] = {"circle36", "dicrono", "cirplexed-board"};
    score_run run = {.prepared = -1, .v = C36_DEFAULT_VARIANT};
    int g = 0;
    while (g < 3 && strcmp(games[g], r->game))
        g++;
    if (g == 3) {
        f->field = "game";
        f->http = 404;
        return pn_err_set(&f->err, PN_EUSAGE, "unknown game '%s' (circle36, dicrono or cirplexed)",
                          r->game);
    }
    if (r->format && !known_format(r->format)) {
        f->field = "format";
        return pn_err_set(&f->err, PN_EUSAGE, "--format must be pdf, svg or png");
    }
    run.game = (score_game)g;
    int rc = 0;
    bool need_template =
        r->format || r->template_name || r->yaml || (r->set_names && r->set_names->len);
    if (need_template) {
        run.t = open_template(r->template_name ? r->template_name : builtin[g], r->yaml, f);
        if (!run.t) return -1;
        if (run.t->game && strcmp(run.t->game, r->game)) {
            f->field = "template";
            rc = pn_err_set(&f->err, PN_EINPUT, "%s: the template is for %s, not %s", run.t->file,
                            run.t->game, r->game);
        }
        if (!rc) rc = apply_sets(run.t, r->set_names, r->set_values, f);
        if (!rc) rc = tmpl_resolve(run.t, &f->err);
        if (!rc && g == GAME_C36) rc = c36_template_variant(run.t, &run.v, &f->err);
    }
    run.json = g_string_new("[");
    run.c36 = g_array_new(FALSE, FALSE, sizeof(c36_page));
    run.dc = g_ptr_array_new_with_free_func(g_free);
    run.cpx = g_ptr_array_new_with_free_func(free_cpx_doc);
    run.pages = g_array_new(FALSE, FALSE, sizeof(page_ref));
    if (!rc) rc = score_sheets(&run, r, f);
    if (!rc && r->format) {
        char *path = work_path("scored", r->format);
        render_opts o = {.output = path,
                         .format = r->format,
                         .landscape = -1,
                         .dpi = r->dpi > 0 ? r->dpi : 150,
                         .seed = 1,
                         .pages = (int)run.pages->len,
                         .nup = 1,
                         .epoch = cli_epoch(),
                         .prepare = prepare_page,
                         .hook = fill_page,
                         .hook_user = &run};
        if (strcmp(r->format, "pdf") && run.pages->len > 1) {
            f->field = "format";
            rc = pn_err_set(&f->err, PN_EUSAGE,
                            "these sheets make %u pages and an %s file holds one; ask for a PDF",
                            run.pages->len, r->format);
        }
        if (!rc) rc = render_template(run.t, &o, &f->err);
        if (!rc) rc = take_file(path, out, f);
        *ctype = content_type(r->format);
        g_free(path);
    } else if (!rc) {
        g_string_append(run.json, "]\n");
        gsize len = run.json->len;
        *out = g_bytes_new_take(g_string_free(run.json, FALSE), len);
        run.json = NULL;
        *ctype = "application/json";
    }
    if (run.json) g_string_free(run.json, TRUE);
    g_array_free(run.c36, TRUE);
    g_ptr_array_free(run.dc, TRUE);
    g_ptr_array_free(run.cpx, TRUE);
    g_array_free(run.pages, TRUE);
    tmpl_free(run.t);
    return rc;
}

int serve_engine_score(const serve_score_req *r, GBytes **out, const char **ctype, serve_fault *f)
{
    if (!slot_take()) return -2;
    int rc = do_score(r, out, ctype, f);
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

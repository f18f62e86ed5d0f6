/* engine.c: the adapter between the web server and the engine. Renders and
 * the plain scores of the pages go through the public interface
 * (include/pnpkit.h: pnpkit_render_mem, pnpkit_score); what it does not cover
 * (the slots of a sheet, scores against another template or parameters)
 * calls the engine's own functions with the same context. Every engine call
 * holds a slot, and every slot owns one library context (font map, text
 * measurer), so `jobs` calls run at once on their own threads and share no
 * mutable state. A gate bounds how many requests hold or wait for a slot;
 * the rest are refused at once and answered 503. */
#include "serve/engine.h"
#include "serve/serve.h"

#include <errno.h>
#include <json-glib/json-glib.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "pnpkit.h"
#include "api/api.h"
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

#define ENGINE_WAIT_S 20     /* longest wait for a slot, in seconds */
#define SHEET_NAME "<sheet>" /* the sheet's name in messages */

/* The gate is a pthread mutex and condition (not GMutex, GCond): GLib's own
 * futex locks are invisible to ThreadSanitizer, which then reports every
 * slot as a race. */
static struct {
    pthread_mutex_t gate; /* guards running, waiting, idle */
    pthread_cond_t freed; /* on CLOCK_MONOTONIC */
    int jobs, queue, running, waiting;
    GPtrArray *idle; /* pnpkit_ctx*: the contexts of the free slots */
    GPtrArray *all;  /* pnpkit_ctx*: every context, freed at the end */
    char *dir;       /* private work directory */
    gint counter;
} eng = {.gate = PTHREAD_MUTEX_INITIALIZER};

int serve_engine_start(int jobs, int queue, pn_err *err)
{
    GError *ge = NULL;
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&eng.freed, &ca);
    pthread_condattr_destroy(&ca);
    eng.all = g_ptr_array_new_with_free_func((GDestroyNotify)pnpkit_ctx_free);
    eng.idle = g_ptr_array_new();
    for (int i = 0; i < jobs; i++) {
        pnpkit_error pe;
        pnpkit_ctx *c = pnpkit_ctx_new(&pe);
        if (!c) {
            pn_err_set(err, (pn_status)pe.code, "%s", pe.message);
            serve_engine_end();
            return -1;
        }
        g_ptr_array_add(eng.all, c);
        g_ptr_array_add(eng.idle, c);
    }
    eng.dir = g_dir_make_tmp("pnpkit-serve-XXXXXX", &ge);
    if (!eng.dir) {
        pn_err_set(err, PN_EIO, "cannot create a work directory: %s", ge->message);
        g_error_free(ge);
        serve_engine_end();
        return -1;
    }
    /* The template directories are worked out once (GLib's g_once, which
     * ThreadSanitizer cannot see into): do it here, before any request thread. */
    g_ptr_array_unref(tmpl_list());
    eng.jobs = jobs;
    eng.queue = queue;
    return 0;
}

void serve_engine_end(void)
{
    if (eng.idle) g_ptr_array_free(eng.idle, TRUE);
    if (eng.all) g_ptr_array_free(eng.all, TRUE);
    eng.idle = eng.all = NULL;
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

/* Takes a slot (waiting in the bounded queue if needed) and returns its
 * context, or NULL when the queue is full or the wait too long. */
static pnpkit_ctx *slot_take(void)
{
    pthread_mutex_lock(&eng.gate);
    bool ok = true;
    if (eng.running >= eng.jobs) {
        if (eng.waiting >= eng.queue) {
            ok = false;
        } else {
            struct timespec until;
            clock_gettime(CLOCK_MONOTONIC, &until);
            until.tv_sec += ENGINE_WAIT_S;
            eng.waiting++;
            while (ok && eng.running >= eng.jobs)
                ok = pthread_cond_timedwait(&eng.freed, &eng.gate, &until) != ETIMEDOUT ||
                     eng.running < eng.jobs;
            eng.waiting--;
        }
    }
    pnpkit_ctx *c = NULL;
    if (ok) {
        eng.running++;
        c = g_ptr_array_steal_index_fast(eng.idle, eng.idle->len - 1);
    }
    pthread_mutex_unlock(&eng.gate);
    return c;
}

static void slot_give(pnpkit_ctx *c)
{
    pthread_mutex_lock(&eng.gate);
    g_ptr_array_add(eng.idle, c);
    eng.running--;
    pthread_cond_signal(&eng.freed);
    pthread_mutex_unlock(&eng.gate);
}

/* A library error into f, in the command line's words ("--set", "--dpi"). */
static int from_library(const pnpkit_error *e, serve_fault *f)
{
    char msg[sizeof f->err.msg];
    pnpkit_error_format(e, msg, sizeof msg);
    cli_option_words(msg, sizeof msg);
    return pn_err_set(&f->err, (pn_status)e->code, "%s", msg);
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
            cli_option_words(f->err.msg, sizeof f->err.msg);
            return -1;
        }
    }
    return 0;
}

/* The parameter a "--set NAME=VALUE: ..." message is about: the request's
 * own copy of NAME (names), or NULL. */
static const char *set_field(const pn_err *err, GPtrArray *names)
{
    if (strncmp(err->msg, "--set ", 6)) return NULL;
    const char *name = err->msg + 6, *eq = strchr(name, '=');
    if (!eq) return NULL;
    if ((size_t)(eq - name) == 4 && !strncmp(name, "seed", 4)) return "seed";
    for (guint i = 0; names && i < names->len; i++) {
        const char *n = g_ptr_array_index(names, i);
        if (strlen(n) == (size_t)(eq - name) && !strncmp(n, name, (size_t)(eq - name))) return n;
    }
    return NULL;
}

/* Whether the template r names has a "seed" parameter (then a seed is set
 * as that parameter, as 'pnpkit render --seed' does). */
static bool has_seed(const serve_render_req *r)
{
    pn_err err = {0};
    tmpl *t = r->yaml ? tmpl_load_buffer("template.yaml", r->yaml, strlen(r->yaml), &err)
                      : tmpl_open(r->template_name, &err);
    bool found = t && tmpl_param_find(t, "seed");
    tmpl_free(t);
    return found;
}

static int do_render(pnpkit_ctx *ctx, const serve_render_req *r, GBytes **out, const char **ctype,
                     serve_fault *f)
{
    if (!known_format(r->format)) {
        f->field = "format";
        return pn_err_set(&f->err, PN_EUSAGE, "--format must be pdf, svg or png");
    }
    if (!r->yaml && !listed(r->template_name)) {
        f->field = "template";
        f->http = 404;
        return pn_err_set(&f->err, PN_EINPUT, "%s: no such template (see 'pnpkit list')",
                          r->template_name);
    }
    GPtrArray *sets = g_ptr_array_new_with_free_func(g_free);
    for (guint i = 0; r->set_names && i < r->set_names->len; i++)
        g_ptr_array_add(sets,
                        g_strdup_printf("%s=%s", (const char *)g_ptr_array_index(r->set_names, i),
                                        (const char *)g_ptr_array_index(r->set_values, i)));
    if (r->seed_given && has_seed(r)) g_ptr_array_add(sets, g_strdup_printf("seed=%lu", r->seed));
    g_ptr_array_add(sets, NULL);
    pnpkit_render_opts o;
    pnpkit_render_opts_init(&o);
    o.format = r->format;
    o.backend = r->backend;
    o.paper = r->paper;
    o.landscape = r->landscape;
    o.dpi = r->dpi;
    o.seed = r->seed;
    o.pages = r->pages;
    o.nup = r->nup;
    o.mono = r->mono;
    o.bleed = r->bleed;
    o.epoch = cli_epoch();
    o.set = (const char *const *)sets->pdata;
    if (r->yaml) {
        o.template_text = r->yaml;
        o.template_len = strlen(r->yaml);
    }
    pnpkit_error e;
    pnpkit_buffer *b = pnpkit_render_mem(ctx, r->yaml ? "template.yaml" : r->template_name, &o, &e);
    g_ptr_array_free(sets, TRUE);
    if (!b) {
        from_library(&e, f);
        const char *name = set_field(&f->err, r->set_names);
        if (name)
            f->field = name;
        else if (e.code == PNPKIT_EUSAGE && strstr(f->err.msg, "holds one page"))
            f->field = "pages";
        return -1;
    }
    *out = g_bytes_new_with_free_func(b->data, b->len, (GDestroyNotify)pnpkit_buffer_free, b);
    *ctype = content_type(r->format);
    return 0;
}

/* The slots of the first sheet: where a player writes, in mm. */
static int do_slots(pnpkit_ctx *ctx, const serve_render_req *r, GBytes **out, serve_fault *f)
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
                     .measure = api_ctx_measurer(ctx)};
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
    pnpkit_ctx *ctx = slot_take();
    if (!ctx) return -2;
    int rc = do_slots(ctx, r, out, f);
    slot_give(ctx);
    return rc;
}

int serve_engine_render(const serve_render_req *r, GBytes **out, const char **ctype, serve_fault *f)
{
    pnpkit_ctx *ctx = slot_take();
    if (!ctx) return -2;
    int rc = do_render(ctx, r, out, ctype, f);
    slot_give(ctx);
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

/* One JSON line per sheet -> a JSON array of them. */
static GBytes *json_array_of_lines(const char *text)
{
    GString *arr = g_string_sized_new(strlen(text) + 4);
    g_string_append_c(arr, '[');
    char **lines = g_strsplit(text, "\n", -1);
    for (char **l = lines, *sep = ""; *l; l++) {
        if (!**l) continue;
        g_string_append(arr, sep);
        g_string_append(arr, *l);
        sep = ",";
    }
    g_strfreev(lines);
    g_string_append(arr, "]\n");
    gsize len = arr->len;
    return g_bytes_new_take(g_string_free(arr, FALSE), len);
}

/* A score with the game's own template: pnpkit_score. */
static int score_public(pnpkit_ctx *ctx, const serve_score_req *r, GBytes **out, const char **ctype,
                        serve_fault *f)
{
    pnpkit_buffer *completed = NULL;
    pnpkit_score_opts so = {.file = SHEET_NAME,
                            .format = r->format,
                            .dpi = r->dpi,
                            .completed = r->format ? &completed : NULL};
    pnpkit_error e;
    pnpkit_buffer *json = pnpkit_score(ctx, r->game, r->sheet, r->sheet_len, &so, &e);
    if (!json) {
        from_library(&e, f);
        f->field = e.code == PNPKIT_EUSAGE && strstr(f->err.msg, "holds one") ? "format" : "sheet";
        return -1;
    }
    if (completed) {
        *out = g_bytes_new_with_free_func(completed->data, completed->len,
                                          (GDestroyNotify)pnpkit_buffer_free, completed);
        *ctype = content_type(r->format);
    } else {
        *out = json_array_of_lines((const char *)json->data);
        *ctype = "application/json";
    }
    pnpkit_buffer_free(json);
    return 0;
}

/* A score against another template or parameters: the game registry with
 * this slot's text measurer (the public interface has no template choice). */
static int score_engine(pnpkit_ctx *ctx, const serve_score_req *r, GBytes **out, const char **ctype,
                        serve_fault *f)
{
    const score_game *g = score_game_find(r->game);
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
    score_run *run = score_run_new(g, &so, &f->err);
    if (!run) {
        rc = -1;
        cli_option_words(f->err.msg, sizeof f->err.msg);
        f->field = set_field(&f->err, r->set_names);
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
                         .measure = api_ctx_measurer(ctx)};
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
        *out = json_array_of_lines(json->str);
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
    if (!score_game_find(r->game)) {
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
    /* pnpkit_score draws completed sheets with the default creation date */
    bool own = !r->template_name && !r->yaml && !(r->set_names && r->set_names->len) &&
               (!r->format || cli_epoch() == 946684800);
    pnpkit_ctx *ctx = slot_take();
    if (!ctx) return -2;
    int rc = own ? score_public(ctx, r, out, ctype, f) : score_engine(ctx, r, out, ctype, f);
    slot_give(ctx);
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
    pnpkit_ctx *ctx = slot_take();
    if (!ctx) return -2;
    int rc = do_check(position, out, f);
    slot_give(ctx);
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
    pnpkit_ctx *ctx = slot_take();
    if (!ctx) return -2;
    int rc = do_calc(r, out, f);
    slot_give(ctx);
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
    *out = serve_json_bytes(b);
    g_object_unref(b);
    g_ptr_array_unref(list);
    return 0;
}

int serve_engine_templates(GBytes **out, serve_fault *f)
{
    pnpkit_ctx *ctx = slot_take();
    if (!ctx) return -2;
    int rc = do_templates(out, f);
    slot_give(ctx);
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
    pnpkit_ctx *ctx = slot_take();
    if (!ctx) return -2;
    int rc = do_source(name, out, f);
    slot_give(ctx);
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
        *out = serve_json_bytes(b);
        g_object_unref(b);
    }
    g_free(path);
    return rc;
}

int serve_engine_save(const char *name, const char *yaml, GBytes **out, serve_fault *f)
{
    pnpkit_ctx *ctx = slot_take();
    if (!ctx) return -2;
    int rc = do_save(name, yaml, out, f);
    slot_give(ctx);
    return rc;
}

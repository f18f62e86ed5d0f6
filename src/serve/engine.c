/* engine.c: the adapter between the web server and libpnpkit. Every render,
 * score, listing and save goes through the public interface
 * (include/pnpkit.h) and nothing else of the engine: the library's errors
 * come back in its own words and are put here in the command line's (the
 * page shows the same messages as `pnpkit`), with the request field at
 * fault. Every engine call holds a slot, and every slot owns one library
 * context (font map, text measurer), so `jobs` calls run at once on their
 * own threads and share no mutable state. A gate bounds how many requests
 * hold or wait for a slot; the rest are refused at once and answered 503. */
#include "serve/engine.h"
#include "serve/serve.h"

#include <errno.h>
#include <json-glib/json-glib.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include "cli/cli.h"
#include "pnpkit.h"

#define ENGINE_WAIT_S 20          /* longest wait for a slot, in seconds */
#define SHEET_NAME "<sheet>"      /* the sheet's name in messages */
#define TEXT_NAME "template.yaml" /* a template sent as text, in messages */

/* The gate is a pthread mutex and condition (not GMutex, GCond): GLib's own
 * futex locks are invisible to ThreadSanitizer, which then reports every
 * slot as a race. */
static struct {
    pthread_mutex_t gate; /* guards running, waiting, idle */
    pthread_cond_t freed; /* on CLOCK_MONOTONIC */
    int jobs, queue, running, waiting;
    bool stopping;   /* the server stops: no new work is taken */
    int work_s;      /* longest render, in seconds */
    GPtrArray *idle; /* pnpkit_ctx*: the contexts of the free slots */
    GPtrArray *all;  /* pnpkit_ctx*: every context, freed at the end */
} eng = {.gate = PTHREAD_MUTEX_INITIALIZER};

int serve_engine_start(int jobs, int queue, int work_s, pn_err *err)
{
    eng.work_s = work_s;
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
    /* The template directories are worked out once (GLib's g_once, which
     * ThreadSanitizer cannot see into): do it here, before any request thread. */
    pnpkit_strv_free(pnpkit_template_names(g_ptr_array_index(eng.all, 0)));
    eng.jobs = jobs;
    eng.queue = queue;
    return 0;
}

void serve_engine_end(void)
{
    if (eng.idle) g_ptr_array_free(eng.idle, TRUE);
    if (eng.all) g_ptr_array_free(eng.all, TRUE);
    eng.idle = eng.all = NULL;
}

/* Takes a slot (waiting in the bounded queue if needed) and returns its
 * context, or NULL when the queue is full or the wait too long. */
static pnpkit_ctx *slot_take(void)
{
    pthread_mutex_lock(&eng.gate);
    bool ok = !eng.stopping;
    if (ok && eng.running >= eng.jobs) {
        if (eng.waiting >= eng.queue) {
            ok = false;
        } else {
            struct timespec until;
            clock_gettime(CLOCK_MONOTONIC, &until);
            until.tv_sec += ENGINE_WAIT_S;
            eng.waiting++;
            while (ok && eng.running >= eng.jobs && !eng.stopping)
                ok = pthread_cond_timedwait(&eng.freed, &eng.gate, &until) != ETIMEDOUT ||
                     eng.running < eng.jobs;
            eng.waiting--;
            ok = ok && !eng.stopping;
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
    pthread_cond_broadcast(&eng.freed); /* a request waiting, or serve_engine_stop */
    pthread_mutex_unlock(&eng.gate);
}

void serve_engine_stop(void)
{
    pthread_mutex_lock(&eng.gate);
    eng.stopping = true;
    pthread_cond_broadcast(&eng.freed); /* the waiting requests are answered at once */
    while (eng.running > 0)
        pthread_cond_wait(&eng.freed, &eng.gate);
    pthread_mutex_unlock(&eng.gate);
}

bool serve_engine_stopping(void)
{
    pthread_mutex_lock(&eng.gate);
    bool stopping = eng.stopping;
    pthread_mutex_unlock(&eng.gate);
    return stopping;
}

/* e formatted into msg (size bytes), the template folder left out: a saved
 * (or installed) template's error names its file by the server's absolute
 * path, and its data, fonts and images lie beside it (a saved template reads
 * no other file), so every mention of that folder is cut to the file's own
 * name. A browser, on this machine or a phone, learns nothing of the
 * server's folders or its user's name. */
static void error_text(const pnpkit_error *e, char *msg, size_t size)
{
    pnpkit_error_format(e, msg, size);
    if (!g_path_is_absolute(e->file)) return;
    char *dir = g_path_get_dirname(e->file);
    if (!strcmp(dir, "/")) { /* a file at the root: its path says nothing */
        g_free(dir);
        return;
    }
    pn_err_drop_dir(msg, dir);
    g_free(dir);
}

/* A library error into f, in the command line's words ("--set", "--dpi"). */
static int from_library(const pnpkit_error *e, serve_fault *f)
{
    char msg[sizeof f->err.msg];
    error_text(e, msg, sizeof msg);
    cli_option_words(msg, sizeof msg);
    return pn_err_set(&f->err, (pn_status)e->code, "%s", msg);
}

/* The request field a library error is about, from its message in the
 * library's words: one of the parameters (the request's own copy of its
 * name, "setting NAME=VALUE: ..."), the seed, or NULL. */
static const char *set_field(const pnpkit_error *e, GPtrArray *names)
{
    if (g_str_has_prefix(e->message, "the seed ") && strstr(e->message, " and the setting "))
        return "seed";
    if (!g_str_has_prefix(e->message, "setting ")) return NULL;
    const char *name = e->message + strlen("setting "), *eq = strchr(name, '=');
    if (!eq) return NULL;
    size_t n = (size_t)(eq - name);
    if (n == 4 && !strncmp(name, "seed", 4)) return "seed";
    for (guint i = 0; names && i < names->len; i++) {
        const char *s = g_ptr_array_index(names, i);
        if (strlen(s) == n && !strncmp(s, name, n)) return s;
    }
    return NULL;
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

/* A name from the template list (never a path); else f says so (404). */
static bool listed(pnpkit_ctx *ctx, const char *name, serve_fault *f)
{
    char **names = pnpkit_template_names(ctx);
    bool found = name && g_strv_contains((const char *const *)names, name);
    pnpkit_strv_free(names);
    if (!found) {
        f->field = "template";
        f->http = 404;
        pn_err_set(&f->err, PN_EINPUT, "%s: no such template (see 'pnpkit list')",
                   name ? name : "");
    }
    return found;
}

/* The request's parameters as the library takes them: "name=value", with
 * a NULL at the end (caller frees the array). */
static GPtrArray *settings(GPtrArray *names, GPtrArray *values)
{
    GPtrArray *sets = g_ptr_array_new_with_free_func(g_free);
    for (guint i = 0; names && i < names->len; i++)
        g_ptr_array_add(sets, g_strdup_printf("%s=%s", (const char *)g_ptr_array_index(names, i),
                                              (const char *)g_ptr_array_index(values, i)));
    g_ptr_array_add(sets, NULL);
    return sets;
}

/* A buffer of the library as GBytes, without a copy. */
static GBytes *bytes_of(pnpkit_buffer *b)
{
    return g_bytes_new_with_free_func(b->data, b->len, (GDestroyNotify)pnpkit_buffer_free, b);
}

/* The time one render may take: once the deadline has passed, a watcher
 * thread cancels the render, which stops within a few items of the page it
 * is drawing, so neither a long document nor one page slow to draw (large
 * glyphs at a high resolution) can hold a slot for minutes. */
typedef struct budget {
    gint64 deadline; /* monotonic, us */
    volatile sig_atomic_t over;
    /* POSIX's, not GLib's, whose futexes ThreadSanitizer cannot see */
    pthread_mutex_t lock;
    pthread_cond_t ended; /* the render ended before the deadline; on CLOCK_MONOTONIC */
    bool done;
    bool watching;
    pthread_t watch;
} budget;

static void *budget_watch(void *user)
{
    budget *b = user;
    struct timespec until = {.tv_sec = (time_t)(b->deadline / G_USEC_PER_SEC),
                             .tv_nsec = (long)(b->deadline % G_USEC_PER_SEC) * 1000};
    pthread_mutex_lock(&b->lock);
    while (!b->done)
        if (pthread_cond_timedwait(&b->ended, &b->lock, &until) == ETIMEDOUT) {
            __atomic_store_n(&b->over, 1, __ATOMIC_RELAXED);
            break;
        }
    pthread_mutex_unlock(&b->lock);
    return NULL;
}

/* Starts watching b's deadline (set by render_opts_of, on the monotonic
 * clock as g_get_monotonic_time reads it). Without a thread, the budget is
 * still read after every page. */
static void budget_start(budget *b)
{
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&b->ended, &ca);
    pthread_condattr_destroy(&ca);
    pthread_mutex_init(&b->lock, NULL);
    b->done = false;
    b->watching = pthread_create(&b->watch, NULL, budget_watch, b) == 0;
}

/* The library's report after every page: past the deadline, the render
 * stops there (the watcher's work, when it could not be started). */
static void budget_page(void *user, int done, int total)
{
    budget *b = user;
    (void)done;
    (void)total;
    if (g_get_monotonic_time() > b->deadline) __atomic_store_n(&b->over, 1, __ATOMIC_RELAXED);
}

/* Stops the watcher (the render has ended). */
static void budget_stop(budget *b)
{
    pthread_mutex_lock(&b->lock);
    b->done = true;
    pthread_cond_signal(&b->ended);
    pthread_mutex_unlock(&b->lock);
    if (b->watching) pthread_join(b->watch, NULL);
    pthread_cond_destroy(&b->ended);
    pthread_mutex_destroy(&b->lock);
}

/* Fills f when b was exceeded. */
static bool budget_spent(const budget *b, serve_fault *f)
{
    if (!__atomic_load_n(&b->over, __ATOMIC_RELAXED)) return false;
    f->http = 503;
    f->field = "pages";
    pn_err_set(
        &f->err, PN_EIO,
        "the render took more than %d seconds of work; ask for fewer pages or a lower resolution",
        eng.work_s);
    return true;
}

/* The render options of r; sets (from settings()) lives as long as o, and b
 * (when not NULL) bounds its time. */
static void render_opts_of(const serve_render_req *r, GPtrArray *sets, budget *b,
                           pnpkit_render_opts *o)
{
    pnpkit_render_opts_init(o);
    o->format = r->format;
    o->backend = r->backend;
    o->paper = r->paper;
    o->landscape = r->landscape;
    o->dpi = r->dpi;
    /* a seed sets a seeded template's seed parameter, as `pnpkit render
     * --seed` does; without one the template keeps its own */
    o->seed = r->seed_given ? r->seed : PNPKIT_SEED_TEMPLATE;
    o->pages = r->pages;
    o->nup = r->nup;
    o->mono = r->mono;
    o->bleed = r->bleed;
    o->epoch = cli_epoch();
    o->set = (const char *const *)sets->pdata;
    if (b) {
        b->deadline = g_get_monotonic_time() + (gint64)eng.work_s * G_USEC_PER_SEC;
        o->progress = budget_page;
        o->progress_user = b;
        o->cancel = &b->over;
    }
    if (r->yaml) {
        o->template_text = r->yaml;
        o->template_len = strlen(r->yaml);
    }
}

static int do_render(pnpkit_ctx *ctx, const serve_render_req *r, GBytes **out, const char **ctype,
                     serve_fault *f)
{
    if (!known_format(r->format)) {
        f->field = "format";
        return pn_err_set(&f->err, PN_EUSAGE, "--format must be pdf, svg or png");
    }
    if (!r->yaml && !listed(ctx, r->template_name, f)) return -1;
    GPtrArray *sets = settings(r->set_names, r->set_values);
    pnpkit_render_opts o;
    budget spent = {0};
    render_opts_of(r, sets, &spent, &o);
    pnpkit_error e;
    pnpkit_doc *d = pnpkit_doc_open(ctx, r->yaml ? TEXT_NAME : r->template_name, &o, &e);
    pnpkit_buffer *b = NULL;
    /* A data file can make thousands of cards whatever the request's pages. */
    if (d && pnpkit_doc_get_info(d)->papers > SERVE_MAX_PAGES) {
        int papers = pnpkit_doc_get_info(d)->papers;
        pnpkit_doc_free(d);
        g_ptr_array_free(sets, TRUE);
        return pn_err_set(&f->err, PN_EUSAGE,
                          "the document has %d pages, and the server draws at most %d in one "
                          "request: render it with the command line (pnpkit render)",
                          papers, SERVE_MAX_PAGES);
    }
    if (d && r->sheet > pnpkit_doc_get_info(d)->files) {
        int files = pnpkit_doc_get_info(d)->files;
        pnpkit_doc_free(d);
        g_ptr_array_free(sets, TRUE);
        f->field = "sheet";
        return pn_err_set(&f->err, PN_EUSAGE, "there is no sheet %d: the %s has %d %s", r->sheet,
                          r->format, files, files == 1 ? "page" : "pages");
    }
    if (d) {
        budget_start(&spent);
        b = r->sheet ? pnpkit_doc_write_page_mem(d, r->sheet, &e) : pnpkit_doc_write_mem(d, &e);
        budget_stop(&spent);
    }
    pnpkit_doc_free(d);
    g_ptr_array_free(sets, TRUE);
    if (!b && budget_spent(&spent, f)) return -1;
    if (!b) {
        from_library(&e, f);
        f->field = set_field(&e, r->set_names);
        if (!f->field && e.code == PNPKIT_EUSAGE && strstr(e.message, "holds one page"))
            f->field = "pages";
        return -1;
    }
    *out = bytes_of(b);
    *ctype = content_type(r->format);
    return 0;
}

/* A string as JSON (quoted and escaped by json-glib). Caller frees. */
static char *json_quoted(const char *s)
{
    JsonNode *n = json_node_new(JSON_NODE_VALUE);
    json_node_set_string(n, s);
    char *q = json_to_string(n, FALSE);
    json_node_unref(n);
    return q;
}

/* The slots of the first sheet: where a player writes, in mm. */
static int do_slots(pnpkit_ctx *ctx, const serve_render_req *r, GBytes **out, serve_fault *f)
{
    if (!r->yaml && !listed(ctx, r->template_name, f)) return -1;
    GPtrArray *sets = settings(r->set_names, r->set_values);
    pnpkit_render_opts o;
    render_opts_of(r, sets, NULL, &o);
    o.format = "svg";
    o.pages = 0;
    o.nup = 1;
    o.backend = NULL;
    o.bleed = 0;
    pnpkit_error e;
    pnpkit_doc *doc = pnpkit_doc_open(ctx, r->yaml ? TEXT_NAME : r->template_name, &o, &e);
    pnpkit_slot_list *l = doc ? pnpkit_doc_slots(doc, 1, &e) : NULL;
    pnpkit_doc_free(doc);
    g_ptr_array_free(sets, TRUE);
    if (!l) {
        from_library(&e, f);
        f->field = set_field(&e, r->set_names);
        return -1;
    }
    GString *j = g_string_new(NULL);
    g_string_append_printf(j, "{\"width\":%.2f,\"height\":%.2f,\"slots\":[", l->width, l->height);
    for (size_t i = 0; i < l->n; i++) {
        const pnpkit_slot *sl = &l->items[i];
        char *id = json_quoted(sl->id);
        g_string_append_printf(j,
                               "%s{\"id\":%s,\"x\":%.2f,\"y\":%.2f,\"w\":%.2f,\"h\":%.2f,"
                               "\"round\":%s}",
                               i ? "," : "", id, sl->x, sl->y, sl->w, sl->h,
                               sl->round ? "true" : "false");
        g_free(id);
    }
    g_string_append(j, "]}\n");
    pnpkit_slot_list_free(l);
    gsize len = j->len;
    *out = g_bytes_new_take(g_string_free(j, FALSE), len);
    return 0;
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

/* ---- scoring ---- */

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

static int do_score(pnpkit_ctx *ctx, const serve_score_req *r, GBytes **out, const char **ctype,
                    serve_fault *f)
{
    if (r->template_name && !listed(ctx, r->template_name, f)) return -1;
    GPtrArray *sets = settings(r->set_names, r->set_values);
    pnpkit_buffer *completed = NULL;
    pnpkit_score_opts so = {.file = SHEET_NAME,
                            .format = r->format,
                            .dpi = r->dpi,
                            .completed = r->format ? &completed : NULL,
                            .template_name = r->yaml ? TEXT_NAME : r->template_name,
                            .template_text = r->yaml,
                            .template_len = r->yaml ? strlen(r->yaml) : 0,
                            .set = (const char *const *)sets->pdata,
                            .epoch = cli_epoch(),
                            .as_read = r->as_read};
    pnpkit_error e;
    pnpkit_buffer *json = pnpkit_score(ctx, r->game, r->sheet, r->sheet_len, &so, &e);
    g_ptr_array_free(sets, TRUE);
    if (!json) {
        from_library(&e, f);
        f->field = set_field(&e, r->set_names);
        if (f->field) return -1;
        if (e.code == PNPKIT_EUSAGE && strstr(e.message, "holds one"))
            f->field = "format";
        else if (!strcmp(e.file, SHEET_NAME) || g_str_has_prefix(e.message, SHEET_NAME))
            f->field = "sheet";
        else if (r->yaml)
            f->field = "yaml";
        else if (r->template_name)
            f->field = "template";
        return -1;
    }
    if (completed) {
        *out = bytes_of(completed);
        *ctype = content_type(r->format);
    } else {
        *out = json_array_of_lines((const char *)json->data);
        *ctype = "application/json";
    }
    pnpkit_buffer_free(json);
    return 0;
}

int serve_engine_score(const serve_score_req *r, GBytes **out, const char **ctype, serve_fault *f)
{
    if (!cli_game_known(r->game)) {
        char *names = cli_game_names();
        f->field = "game";
        f->http = 404;
        pn_err_set(&f->err, PN_EUSAGE, "unknown game '%s' (%s)", r->game, names);
        g_free(names);
        return -1;
    }
    if (r->format && !known_format(r->format)) {
        f->field = "format";
        return pn_err_set(&f->err, PN_EUSAGE, "--format must be pdf, svg or png");
    }
    pnpkit_ctx *ctx = slot_take();
    if (!ctx) return -2;
    int rc = do_score(ctx, r, out, ctype, f);
    slot_give(ctx);
    return rc;
}

/* ---- photographed sheets ---- */

/* A scan holds a slot like a render. It cannot be stopped half-way, but its
 * work is bounded by the photo's pixels (PNPKIT_SCAN_MAX_PIXELS, checked
 * before decoding) and the body limit (SERVE_MAX_PHOTO). */
static int do_scan(pnpkit_ctx *ctx, const void *photo, size_t len, GBytes **out, serve_fault *f)
{
    pnpkit_scan_opts o = {.file = "photo"};
    pnpkit_error e;
    pnpkit_scan_result *res = pnpkit_scan(ctx, photo, len, &o, &e);
    if (!res) {
        from_library(&e, f);
        return -1;
    }
    GString *j = g_string_new(res->json);
    if (!j->len || j->str[j->len - 1] != '\n') g_string_append_c(j, '\n');
    pnpkit_scan_result_free(res);
    gsize n = j->len;
    *out = g_bytes_new_take(g_string_free(j, FALSE), n);
    return 0;
}

int serve_engine_scan(const void *photo, size_t len, GBytes **out, serve_fault *f)
{
    pnpkit_ctx *ctx = slot_take();
    if (!ctx) return -2;
    int rc = do_scan(ctx, photo, len, out, f);
    slot_give(ctx);
    return rc;
}

/* ---- Thinking In Circles positions, the Circular Numbers calculator ---- */

static int do_check(pnpkit_ctx *ctx, const char *text, GBytes **out, serve_fault *f)
{
    pnpkit_check_opts co = {.file = "<position>", .json = 1};
    pnpkit_error e;
    pnpkit_buffer *b = pnpkit_check(ctx, "thinking-in-circles", text, strlen(text), &co, &e);
    if (!b) {
        from_library(&e, f);
        f->field = "position";
        return -1;
    }
    *out = json_array_of_lines((const char *)b->data);
    pnpkit_buffer_free(b);
    return 0;
}

int serve_engine_check(const char *position, GBytes **out, serve_fault *f)
{
    pnpkit_ctx *ctx = slot_take();
    if (!ctx) return -2;
    int rc = do_check(ctx, position, out, f);
    slot_give(ctx);
    return rc;
}

static int do_calc(pnpkit_ctx *ctx, const serve_calc_req *r, GBytes **out, serve_fault *f)
{
    GPtrArray *sets = settings(r->set_names, r->set_values);
    pnpkit_calc_opts co = {
        .hand = r->hand, .space = r->space, .set = (const char *const *)sets->pdata, .json = 1};
    pnpkit_error e;
    pnpkit_buffer *b = pnpkit_calc(ctx, &co, &e);
    g_ptr_array_free(sets, TRUE);
    if (!b) {
        from_library(&e, f);
        f->field = set_field(&e, r->set_names);
        if (g_str_has_prefix(e.message, "hand \"")) f->field = "hand";
        if (g_str_has_prefix(e.message, "the space must be ")) f->field = "space";
        return -1;
    }
    *out = bytes_of(b);
    return 0;
}

int serve_engine_calc(const serve_calc_req *r, GBytes **out, serve_fault *f)
{
    pnpkit_ctx *ctx = slot_take();
    if (!ctx) return -2;
    int rc = do_calc(ctx, r, out, f);
    slot_give(ctx);
    return rc;
}

/* ---- the template list, sources, saving ---- */

static void add_string(JsonBuilder *b, const char *key, const char *value)
{
    json_builder_set_member_name(b, key);
    if (value)
        json_builder_add_string_value(b, value);
    else
        json_builder_add_null_value(b);
}

static void add_param(JsonBuilder *b, const pnpkit_param *p)
{
    json_builder_begin_object(b);
    add_string(b, "name", p->name);
    add_string(b, "type", p->type);
    add_string(b, "default", p->def);
    if (p->has_range) {
        json_builder_set_member_name(b, "min");
        json_builder_add_double_value(b, p->min);
        json_builder_set_member_name(b, "max");
        json_builder_add_double_value(b, p->max);
    }
    if (p->step > 0) {
        json_builder_set_member_name(b, "step");
        json_builder_add_double_value(b, p->step);
    }
    if (p->choices) {
        json_builder_set_member_name(b, "choices");
        json_builder_begin_array(b);
        for (const char *const *c = p->choices; *c; c++)
            json_builder_add_string_value(b, *c);
        json_builder_end_array(b);
    }
    add_string(b, "help", p->help ? p->help : "");
    json_builder_end_object(b);
}

static int do_templates(pnpkit_ctx *ctx, GBytes **out)
{
    pnpkit_template_list *list = pnpkit_templates_all(ctx);
    JsonBuilder *b = json_builder_new();
    json_builder_begin_array(b);
    for (size_t i = 0; list && i < list->n; i++) {
        const pnpkit_template *t = &list->items[i];
        json_builder_begin_object(b);
        add_string(b, "name", t->name);
        add_string(b, "origin", t->origin);
        if (t->error) {
            /* a broken user template is listed with its error */
            char msg[sizeof t->error->message + sizeof t->error->file + 32];
            error_text(t->error, msg, sizeof msg);
            add_string(b, "error", msg);
        } else {
            /* what a template does not say is null */
            add_string(b, "title", *t->title ? t->title : NULL);
            add_string(b, "description", *t->description ? t->description : NULL);
            add_string(b, "game", *t->game ? t->game : NULL);
            json_builder_set_member_name(b, "seeded");
            json_builder_add_boolean_value(b, t->seeded);
            add_string(b, "paper", t->paper);
            json_builder_set_member_name(b, "landscape");
            json_builder_add_boolean_value(b, t->landscape);
            json_builder_set_member_name(b, "params");
            json_builder_begin_array(b);
            for (size_t k = 0; k < t->n_params; k++)
                add_param(b, &t->params[k]);
            json_builder_end_array(b);
        }
        json_builder_end_object(b);
    }
    json_builder_end_array(b);
    *out = serve_json_bytes(b);
    g_object_unref(b);
    pnpkit_template_list_free(list);
    return 0;
}

int serve_engine_templates(GBytes **out, serve_fault *f)
{
    (void)f;
    pnpkit_ctx *ctx = slot_take();
    if (!ctx) return -2;
    int rc = do_templates(ctx, out);
    slot_give(ctx);
    return rc;
}

static int do_source(pnpkit_ctx *ctx, const char *name, GBytes **out, serve_fault *f)
{
    if (!listed(ctx, name, f)) {
        f->field = NULL;
        return -1;
    }
    pnpkit_error e;
    pnpkit_buffer *b = pnpkit_template_source(ctx, name, &e);
    if (!b) return from_library(&e, f);
    *out = bytes_of(b);
    return 0;
}

int serve_engine_template_source(const char *name, GBytes **out, serve_fault *f)
{
    pnpkit_ctx *ctx = slot_take();
    if (!ctx) return -2;
    int rc = do_source(ctx, name, out, f);
    slot_give(ctx);
    return rc;
}

static int do_save(pnpkit_ctx *ctx, const char *name, const char *yaml, GBytes **out,
                   serve_fault *f)
{
    pnpkit_error e;
    if (pnpkit_template_save(ctx, name, yaml, strlen(yaml), &e)) {
        from_library(&e, f);
        if (e.code == PNPKIT_EUSAGE) f->field = "name";
        return -1;
    }
    JsonBuilder *b = json_builder_new();
    json_builder_begin_object(b);
    add_string(b, "saved", name);
    add_string(b, "origin", "user");
    json_builder_end_object(b);
    *out = serve_json_bytes(b);
    g_object_unref(b);
    return 0;
}

int serve_engine_save(const char *name, const char *yaml, GBytes **out, serve_fault *f)
{
    pnpkit_ctx *ctx = slot_take();
    if (!ctx) return -2;
    int rc = do_save(ctx, name, yaml, out, f);
    slot_give(ctx);
    return rc;
}

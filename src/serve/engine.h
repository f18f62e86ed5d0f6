/* engine.h: the web server's one door into libpnpkit. Every request that
 * lays out, draws, scores or saves goes through these functions (over the
 * public interface, pnpkit.h); they run at most `jobs` engine calls at once
 * and hand back whole files in memory. Errors come back in a pn_err (the
 * CLI's wording) and, when one request field is at fault, that field's
 * name. */
#ifndef PN_SERVE_ENGINE_H
#define PN_SERVE_ENGINE_H

#include <glib.h>
#include <stdbool.h>
#include "util/err.h"

#define SERVE_MAX_PAGES 100 /* sheets in one rendered document */
#define SERVE_MAX_DPI 300   /* PNG resolution */

/* A render request. Strings are borrowed from the caller. */
typedef struct serve_render_req {
    const char *template_name; /* a template's name, or NULL when yaml is given */
    const char *yaml;          /* a template's text (NUL-terminated), or NULL */
    GPtrArray *set_names;      /* const char*: parameter names, in order */
    GPtrArray *set_values;     /* const char*: their values as --set takes them */
    const char *format;        /* pdf | svg | png */
    const char *backend;       /* NULL: cairo */
    const char *paper;         /* NULL: the template's */
    int landscape;             /* -1 the template's, 0, 1 */
    double dpi;
    unsigned long seed;
    bool seed_given;
    int pages; /* 0: as many as the template needs */
    int nup;
    bool mono;
    double bleed;
    int sheet; /* 0: the one file; k: the k-th page of an SVG or PNG document */
} serve_render_req;

/* A score request. */
typedef struct serve_score_req {
    const char *game;  /* circle36 | dicrono | cirplexed */
    const char *sheet; /* YAML stream, NUL-terminated */
    size_t sheet_len;
    const char *template_name; /* NULL: the game's own */
    const char *yaml;          /* a template's text instead of template_name */
    GPtrArray *set_names, *set_values;
    const char *format; /* NULL: the JSON scores; pdf | svg | png: the completed sheets */
    double dpi;
    bool as_read; /* the sheets as read (POST /api/sheet), not their scores */
} serve_score_req;

/* A Circular Numbers hand. */
typedef struct serve_calc_req {
    const char *hand; /* "A 5 6 K" */
    long space;       /* 0: the start */
    GPtrArray *set_names, *set_values;
} serve_calc_req;

/* What went wrong, for the JSON error body. */
typedef struct serve_fault {
    pn_err err;
    const char *field; /* static or borrowed from the request; NULL: none */
    int http;          /* the HTTP status to answer; 0: 400 */
} serve_fault;

/* Sets the engine up: at most jobs calls at once, waiting requests at most
 * queue, a render stopped (503) after work_s seconds; work files go to a
 * private directory (removed by serve_engine_end). 0, or -1 with err. */
int serve_engine_start(int jobs, int queue, int work_s, pn_err *err);
void serve_engine_end(void);
/* Takes no more work: requests waiting for a slot, and any after them, are
 * answered busy at once (serve_engine_stopping tells them apart); returns
 * when the work in progress has ended. */
void serve_engine_stop(void);
bool serve_engine_stopping(void);

/* Each returns 0 with *out (caller g_bytes_unref()s) and, for files, *ctype
 * (static); -1 with f filled; -2 when the engine is busy (the caller answers
 * 503). */
int serve_engine_render(const serve_render_req *r, GBytes **out, const char **ctype,
                        serve_fault *f);
int serve_engine_score(const serve_score_req *r, GBytes **out, const char **ctype, serve_fault *f);
/* The slots (places a player writes) of the first sheet r would render, as
 * JSON {"width","height","slots":[{"id","x","y","w","h","round"}]} in mm. */
int serve_engine_slots(const serve_render_req *r, GBytes **out, serve_fault *f);
/* Who wins each Thinking In Circles position of a YAML stream: a JSON array
 * of what 'pnpkit check thinking-in-circles --json' prints. */
int serve_engine_check(const char *position, GBytes **out, serve_fault *f);
/* The circular-number sums of a hand on a space: what 'pnpkit calc
 * circular-numbers --json' prints. */
int serve_engine_calc(const serve_calc_req *r, GBytes **out, serve_fault *f);
/* A photographed sheet (len bytes of JPEG or PNG) read as `pnpkit scan
 * --json` reads it: the JSON object of pnpkit_scan_result. */
int serve_engine_scan(const void *photo, size_t len, GBytes **out, serve_fault *f);
/* Every template with its parameters, as a JSON array. */
int serve_engine_templates(GBytes **out, serve_fault *f);
/* The YAML text of a named template. */
int serve_engine_template_source(const char *name, GBytes **out, serve_fault *f);
/* Checks yaml as a template and writes it to the user's template directory
 * as NAME.yaml; never over a built-in name. */
int serve_engine_save(const char *name, const char *yaml, GBytes **out, serve_fault *f);

#endif

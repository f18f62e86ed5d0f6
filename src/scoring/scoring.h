/* scoring.h: the scored games and scoring a stream of players' sheets.
 *
 * Every scored game is one entry of the registry (registry.c): its name, the
 * built-in template its completed sheets are drawn on, and how to load, score,
 * report and draw one sheet. Nothing outside the game's own file
 * (src/scoring/<game>.c) names a game: front ends walk the table.
 *
 * A score_run scores the documents of a stream one after another for one game
 * and one template (with --set style NAME=VALUE parameters), appending each
 * sheet's report to a caller's buffer, and can then draw every sheet it kept
 * as a completed sheet. It is not shared between threads; games and the
 * registry are immutable and may be. */
#ifndef PN_SCORING_H
#define PN_SCORING_H

#include <glib.h>
#include <stdbool.h>
#include <stddef.h>
#include "render/render.h"
#include "scene/scene.h"
#include "template/tmpl.h"
#include "util/err.h"
#include "util/yml_docs.h"

#define SCORE_MAX_PAGES 1000 /* pages of one completed-sheet document */

/* One scored game. `sheet` is a block of sheet_size bytes the run owns: load
 * fills it (after a clear when it was used), the other functions read it. */
typedef struct score_game {
    const char *name;          /* as the user writes it: "circle36" */
    const char *template_name; /* the built-in template of its completed sheets */
    size_t config_size;        /* bytes of what the game reads from the template */
    size_t sheet_size;         /* bytes of one loaded and scored sheet */
    /* Reads the template's parameters into config (config_size zeroed bytes);
     * t is NULL when no template is used (the rule sheet's defaults). NULL
     * when the game needs nothing from the template. */
    int (*configure)(const tmpl *t, void *config, pn_err *err);
    /* Reads and checks one document into sheet. */
    int (*load)(const void *config, const yml_doc *d, void *sheet, pn_err *err);
    /* Computes the scores of a loaded sheet, in place. */
    void (*score)(void *sheet);
    /* The JSON object (one line, no newline) and the readable table. */
    void (*report_json)(GString *out, const void *sheet);
    void (*report_table)(GString *out, const void *sheet);
    /* Pages the completed sheet takes (one per game of a DiCroNo set). */
    int (*pages)(const void *sheet);
    /* Sets the template's parameters for the sheet before its pages are laid
     * out (NULL: the template as given). */
    int (*prepare)(tmpl *t, const void *sheet, pn_err *err);
    /* Draws page `page` (0-based, < pages) of the completed sheet. */
    int (*fill)(scene *s, const void *sheet, int page, pn_err *err);
    /* Frees what load allocated inside sheet (NULL: nothing). */
    void (*clear)(void *sheet);
    /* The loaded sheet as JSON in the keys of its own file (one line, no
     * newline): what a page fills its fields from. */
    void (*sheet_json)(GString *out, const void *sheet);
} score_game;

/* The game called name, or NULL. */
const score_game *score_game_find(const char *name);
/* The i-th game (0-based), NULL past the end: for listing. */
const score_game *score_game_at(int i);
/* "circle36, dicrono or cirplexed" into out (for messages). */
void score_game_names(GString *out, const char *last_sep);

typedef struct score_run score_run;

typedef struct score_run_opts {
    const char *template_path; /* NULL: the game's built-in template */
    /* When set, the template is read from this text (template_len bytes);
     * template_path then only names it in messages ("template.yaml" when
     * NULL). */
    const char *template_text;
    size_t template_len;
    const char *const *sets; /* NAME=VALUE template parameters */
    size_t nsets;
    bool use_template; /* open the template even without path or sets (to draw) */
    bool keep;         /* keep every sheet to draw the completed sheets */
    bool json;         /* reports as JSON lines (else tables) */
    bool as_read;      /* with json: each sheet as read (sheet_json), not its scores */
} score_run_opts;

/* A run for game g; NULL with err when the template cannot be used (a file
 * error, a parameter out of its bounds, a template for another game). Free
 * with score_run_free. */
score_run *score_run_new(const score_game *g, const score_run_opts *o, pn_err *err);
void score_run_free(score_run *r);
/* Loads and scores one document and appends its report to out: a JSON line
 * ending in '\n', or a table (after a blank line unless it is the first). */
int score_run_sheet(score_run *r, const yml_doc *d, GString *out, pn_err *err);
/* Every document of a reader in turn; with each_sheet the report of each
 * sheet is handed over (and out emptied) before the next is read, so a long
 * stream takes flat memory. Returns the number of sheets, or -1 with err
 * (no sheet at all is an error). */
int score_run_stream(score_run *r, yml_docs *docs, GString *out,
                     int (*each_sheet)(void *user, GString *out, pn_err *err), void *user,
                     pn_err *err);
/* Pages the kept sheets take. */
int score_run_pages(const score_run *r);
/* The template in use (NULL when none was opened). Borrowed. */
tmpl *score_run_template(score_run *r);
/* Draws the kept sheets, one page each (per game of a DiCroNo set), with the
 * output options of o (output, format, dpi, epoch...); pages and the page
 * hooks are set here. */
int score_run_render(score_run *r, const render_opts *o, pn_err *err);

/* All at once: every sheet of text (a YAML stream; name is used in messages)
 * scored for game g, the reports appended to out exactly as the score command
 * prints them. */
int score_text(const score_game *g, const score_run_opts *o, const char *name, const char *text,
               size_t len, GString *out, pn_err *err);

#endif

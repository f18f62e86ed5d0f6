/* fuzz_lint.c: libFuzzer harness for the template language as `pnpkit lint`
 * sees it: load, "#set NAME=VALUE" directives, resolve, then every sheet laid
 * out and walked by the lint checks (render_preflight, LINT_ALL, which
 * measures characters no font has instead of refusing them). "#paper
 * P", "#landscape" and "#mono" choose the options. Checks: errors are
 * well-formed; every finding has a kind, a one-line UTF-8 message and a place
 * inside the file (or none). */
#include "fuzz/fuzz_util.h"
#include "render/preflight.h"
#include "scene/measure.h"
#include "template/tmpl.h"

#define FUZZ_FILE "fuzz.yaml"

typedef struct found {
    int lines;
    int n;
} found;

static void report(void *user, int line, int col, const char *kind, const char *msg)
{
    found *f = user;
    f->n++;
    if (line < 0 || col < 0 || line > f->lines + 1 || !kind || !*kind || !msg || !*msg ||
        strchr(msg, '\n') || !g_utf8_validate(msg, -1, NULL)) {
        fprintf(stderr, "fuzz: bad finding %d:%d %s: '%s'\n", line, col, kind ? kind : "(null)",
                msg ? msg : "(null)");
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int threads = fuzz_thread_count();
    pn_err err = {0};
    tmpl *t = tmpl_load_buffer(FUZZ_FILE, (const char *)data, size, &err);
    if (!t) {
        fuzz_check_err(&err, FUZZ_FILE);
        return 0;
    }
    char *text = fuzz_text(data, size);
    char **sets = fuzz_directives(text, "set", 8);
    for (char **s = sets; *s; s++) {
        pn_err_clear(&err);
        if (tmpl_set(t, *s, &err)) fuzz_check_err(&err, "setting ");
    }
    pn_err_clear(&err);
    if (tmpl_resolve(t, &err)) {
        fuzz_check_err(&err, FUZZ_FILE);
        goto done;
    }
    static scene_measurer *m; /* one for the whole run: a fuzzer runs on one thread */
    if (!m && !(m = scene_measurer_new(&err))) abort();
    char **paper = fuzz_directives(text, "paper", 1);
    render_opts o = {.measure = m,
                     .paper = paper[0],
                     .landscape = fuzz_flag(text, "landscape") ? 1 : -1,
                     .mono = fuzz_flag(text, "mono"),
                     .seed = 1,
                     .nup = 1};
    found f = {.lines = 1};
    for (size_t i = 0; i < size; i++) /* as YAML counts them: LF, CR LF or a lone CR */
        f.lines += data[i] == '\n' || (data[i] == '\r' && (i + 1 == size || data[i + 1] != '\n'));
    int sheet = 0;
    int n = render_preflight(t, &o, LINT_ALL, report, &f, &sheet, &err);
    if (n < 0)
        fuzz_check_err(&err, NULL);
    else if (n != f.n) {
        fprintf(stderr, "fuzz: lint counted %d findings and reported %d\n", n, f.n);
        abort();
    }
    g_strfreev(paper);
done:
    g_strfreev(sets);
    g_free(text);
    tmpl_free(t);
    fuzz_wait_for_threads(threads);
    return 0;
}

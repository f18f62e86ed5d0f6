/* fuzz_render.c: libFuzzer harness for a template rendered end to end: load,
 * --set, resolve, lay out and draw through a real backend to standard output
 * (sent to /dev/null). Comment lines in the input choose the options:
 * "#set NAME=VALUE", "#paper P", "#landscape", "#mono", "#nup 2|4",
 * "#pages N" (1..3), "#seed N" and "#format png|pdf|svg|scene" (default png at
 * 10 dpi, which exercises rasterising without costing much). */
#include <unistd.h>
#include "fuzz/fuzz_util.h"
#include "render/render.h"
#include "scene/measure.h"
#include "template/tmpl.h"

#define FUZZ_FILE "fuzz.yaml"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    /* Output goes to standard output; keep it off the terminal and the logs. */
    if (!freopen("/dev/null", "w", stdout)) abort();
    return 0;
}

static long option_long(const char *text, const char *name, long min, long max, long def)
{
    char **v = fuzz_directives(text, name, 1);
    long r = def;
    if (v[0]) {
        r = strtol(v[0], NULL, 10);
        if (r < min) r = min;
        if (r > max) r = max;
    }
    g_strfreev(v);
    return r;
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
    char **paper = fuzz_directives(text, "paper", 1);
    char **format = fuzz_directives(text, "format", 1);
    static scene_measurer *m; /* one for the whole run: a fuzzer runs on one thread */
    if (!m && !(m = scene_measurer_new(&err))) abort();
    render_opts o = {.measure = m,
                     .output = "-",
                     .format = format[0] ? format[0] : "png",
                     .paper = paper[0],
                     .landscape = fuzz_flag(text, "landscape") ? 1 : -1,
                     .dpi = 10,
                     .seed = (unsigned long)option_long(text, "seed", 0, 2147483647L, 1),
                     .pages = (int)option_long(text, "pages", 1, 3, 1),
                     .nup = (int)option_long(text, "nup", 1, 4, 1),
                     .mono = fuzz_flag(text, "mono"),
                     .epoch = 946684800};
    if (!strcmp(o.format, "scene")) o.backend = "dump";
    if (o.nup == 3) o.nup = 2;
    if (render_template(t, &o, &err)) fuzz_check_err(&err, NULL);
    fflush(stdout);
    g_strfreev(paper);
    g_strfreev(format);
done:
    g_strfreev(sets);
    g_free(text);
    tmpl_free(t);
    fuzz_wait_for_threads(threads);
    return 0;
}

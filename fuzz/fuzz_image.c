/* fuzz_image.c: libFuzzer harness for image files (PNG and SVG through
 * librsvg) as a template places them: the input is written as a file in a
 * private temporary directory beside a template whose image components show
 * it fitted three ways, and the template is rendered end to end (probe at
 * layout, decoding in the backend's image cache) to standard output, sent to
 * /dev/null. The input's length picks the output: PNG at 10 dpi, PDF through
 * cairo, or PDF through libharu (which rasterises SVGs). Checks: errors are
 * one well-formed line, and input errors (a bad image is never a render
 * failure); nothing is written outside the temporary directory. */
#include "fuzz/fuzz_util.h"
#include "render/render.h"
#include "scene/measure.h"
#include "template/tmpl.h"

static const char image_template[] =
    "name: image\n"
    "page: {paper: 105x148mm, margin: 5mm}\n"
    "components:\n"
    "  - {type: image, src: picture, x: 0, y: 0, w: 40mm, h: 30mm}\n"
    "  - {type: image, src: picture, x: 45mm, y: 0, w: 20mm, h: 60mm, fit: cover}\n"
    "  - {type: image, src: picture, x: 0, y: 70mm, w: 60%, h: 10mm, fit: stretch}\n";

static char *template_path;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    if (!freopen("/dev/null", "w", stdout)) abort();
    template_path = fuzz_write_file("image.yaml", image_template, sizeof image_template - 1);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int threads = fuzz_thread_count();
    g_free(fuzz_write_file("picture", data, size));
    pn_err err = {0};
    tmpl *t = tmpl_open(template_path, &err);
    if (!t || tmpl_resolve(t, &err)) abort(); /* the template itself is fine */
    static scene_measurer *m; /* one for the whole run: a fuzzer runs on one thread */
    if (!m && !(m = scene_measurer_new(&err))) abort();
    static const char *const formats[][2] = {{"png", "cairo"}, {"pdf", "cairo"}, {"pdf", "haru"}};
    render_opts o = {.measure = m,
                     .output = "-",
                     .format = formats[size % 3][0],
                     .backend = formats[size % 3][1],
                     .landscape = -1,
                     .dpi = 10,
                     .seed = 1,
                     .pages = 1,
                     .nup = 1,
                     .epoch = 946684800};
    if (render_template(t, &o, &err)) {
        fuzz_check_err(&err, NULL);
        /* A bad image is the input's fault: refused as such, never as a
         * failure to render (cairo's "out of memory" on a tiny SVG was). */
        if (err.status != PN_EINPUT) {
            fprintf(stderr, "fuzz: an image refused as a render failure: '%s'\n", err.msg);
            abort();
        }
    }
    fflush(stdout);
    tmpl_free(t);
    fuzz_wait_for_threads(threads);
    return 0;
}

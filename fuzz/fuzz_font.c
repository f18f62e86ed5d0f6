/* fuzz_font.c: libFuzzer harness for a font file a template lists under
 * `fonts:` (a truncated or malformed TrueType or OpenType font): the input is
 * written as a file in a private temporary directory beside a template that
 * lists it and sets text in its family (as FreeType names it), plain and
 * bold; the template is rendered end to end: fontconfig reads the file,
 * pango shapes and measures with it, and the backend embeds it. The input's
 * length picks the output: PDF through cairo (a subset of the font), PDF
 * through libharu (the whole TrueType file) or PNG at 10 dpi. Each input gets
 * a file name of its own, since the measurer keeps font maps by file. Checks:
 * errors are one well-formed line starting with the template's path; nothing
 * is written outside the temporary directory. Each input returns only once
 * the threads pango started for it have ended (fuzz_wait_for_threads). */
#include "fuzz/fuzz_util.h"
#include "render/render.h"
#include "scene/measure.h"
#include "template/tmpl.h"
#include "util/fonts.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    if (!freopen("/dev/null", "w", stdout)) abort();
    return 0;
}

/* s as a YAML double-quoted scalar (non-ASCII and control characters as \u
 * escapes), or NULL when s is not UTF-8. */
static char *yaml_quoted(const char *s)
{
    if (!g_utf8_validate(s, -1, NULL)) return NULL;
    GString *q = g_string_new("\"");
    for (const char *p = s; *p; p = g_utf8_next_char(p)) {
        gunichar c = g_utf8_get_char(p);
        if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\')
            g_string_append_c(q, (char)c);
        else
            g_string_append_printf(q, "\\U%08x", (unsigned)c);
    }
    g_string_append_c(q, '"');
    return g_string_free(q, FALSE);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static unsigned long serial;
    int threads = fuzz_thread_count();
    char name[32];
    snprintf(name, sizeof name, "f%lu.ttf", serial++);
    char *font = fuzz_write_file(name, data, size);
    pn_err err = {0};
    /* The family, as the template's author would read it from the file. */
    pn_font_file *probe = pn_font_file_probe(font, &err);
    char *family = probe ? yaml_quoted(probe->family) : NULL;
    pn_font_file_free(probe);
    pn_err_clear(&err);
    char *yaml = g_strdup_printf("name: font\n"
                                 "page: {paper: 74x105mm, margin: 5mm}\n"
                                 "fonts: [%s]\n"
                                 "components:\n"
                                 "  - {type: text, text: \"Dragon Keep 0123 & %%?\", font: %s, "
                                 "size: 14, x: 0, y: 5mm}\n"
                                 "  - {type: text, text: \"Bold AVAV fi\", font: %s, bold: true, "
                                 "size: 9, x: 0, y: 20mm, w: 30mm}\n",
                                 name, family ? family : "sans", family ? family : "sans");
    char *path = fuzz_write_file("font.yaml", yaml, strlen(yaml));
    tmpl *t = tmpl_open(path, &err);
    if (!t || tmpl_resolve(t, &err)) {
        fuzz_check_err(&err, path);
        goto done;
    }
    static scene_measurer *m; /* one for the whole run: a fuzzer runs on one thread */
    if (!m && !(m = scene_measurer_new(&err))) abort();
    static const char *const formats[][2] = {{"pdf", "cairo"}, {"pdf", "haru"}, {"png", "cairo"}};
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
    if (render_template(t, &o, &err)) fuzz_check_err(&err, NULL);
    fflush(stdout);
done:
    tmpl_free(t);
    remove(font);
    g_free(path);
    g_free(font);
    g_free(family);
    g_free(yaml);
    fuzz_wait_for_threads(threads);
    return 0;
}

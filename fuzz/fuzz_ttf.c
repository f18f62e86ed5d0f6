/* fuzz_ttf.c: libFuzzer harness for the TrueType font given with `render
 * --backend haru --ttf FILE`, the one font file pnpkit hands to libharu: the
 * input is written as a file in a private temporary directory and given as
 * the --ttf font of a libharu document; one page sets text in it (up to eight
 * characters the font's own Unicode map holds, read with FreeType, so that
 * libharu measures their glyphs and subsets them when the document is
 * saved, composite glyphs included), once as the --ttf font itself and once
 * as a template font of the same file. The document is written to memory.
 * Checks: an error is one well-formed line naming the font; a document
 * written is a PDF. The font harness never reaches libharu's TrueType reader:
 * a template's own fonts are drawn as outlines, not embedded. */
#include <ft2build.h>
#include FT_FREETYPE_H
#include "backend/backend.h"
#include "fuzz/fuzz_util.h"
#include "util/fonts.h"

/* Up to max characters the font maps, as UTF-8 (caller g_free()s); "A" when
 * FreeType cannot read the font or it maps nothing. */
static char *mapped_text(const uint8_t *data, size_t size, int max)
{
    static FT_Library lib;
    if (!lib && FT_Init_FreeType(&lib)) abort();
    GString *s = g_string_new(NULL);
    FT_Face face;
    if (!FT_New_Memory_Face(lib, data, (FT_Long)size, 0, &face)) {
        if (!FT_Select_Charmap(face, FT_ENCODING_UNICODE)) {
            FT_UInt gi;
            FT_ULong c = FT_Get_First_Char(face, &gi);
            /* the first characters, then some past Latin-1 (text the base-14
             * fonts cannot encode goes to the --ttf font), so that simple and
             * composite glyphs (accented letters) are set */
            for (int n = 0; gi && n < max; c = FT_Get_Next_Char(face, c, &gi)) {
                if (c < 0x21 || c > 0x10FFFF || (c >= 0xD800 && c < 0xE000)) continue;
                if (n >= max / 2 && c < 0x100) continue;
                g_string_append_unichar(s, (gunichar)c);
                n++;
            }
        }
        FT_Done_Face(face);
    }
    if (!s->len) g_string_append(s, "A");
    return g_string_free(s, FALSE);
}

static void draw(const pn_backend *be, const char *ttf, const char *text, bool as_template)
{
    pn_font_file file = {.path = (char *)ttf, .family = "Fuzzed", .truetype = true};
    GPtrArray *files = g_ptr_array_new();
    g_ptr_array_add(files, &file);
    GPtrArray *mem = g_ptr_array_new_with_free_func((GDestroyNotify)g_bytes_unref);
    pn_backend_opts o = {.path = "ttf.pdf",
                         .format = "pdf",
                         .title = "ttf",
                         .epoch = 946684800,
                         .ttf = ttf,
                         .font_files = as_template ? files : NULL,
                         .pages = 1,
                         .mem = mem};
    pn_err err = {0};
    void *b = be->open(&o, &err);
    if (!b) {
        fuzz_check_err(&err, "TrueType font ");
        goto done;
    }
    scene_text t = {.utf8 = text,
                    .font = {.family = as_template ? "Fuzzed" : "No Such Family", .size = 12},
                    .color = {0, 0, 0, 1},
                    .x = 10,
                    .y = 20,
                    .bx = 10,
                    .by = 20};
    if (be->begin_page(b, 74, 105, &err) || be->draw_text(b, &t, &err) || be->end_page(b, &err)) {
        fuzz_check_err(&err, NULL);
        be->discard(b);
        goto done;
    }
    if (be->finish(b, &err)) {
        fuzz_check_err(&err, NULL);
        goto done;
    }
    for (guint i = 0; i < mem->len; i++) {
        gsize n;
        const char *pdf = g_bytes_get_data(g_ptr_array_index(mem, i), &n);
        if (n < 5 || memcmp(pdf, "%PDF-", 5)) {
            fprintf(stderr, "fuzz: the document written is not a PDF\n");
            abort();
        }
    }
done:
    g_ptr_array_free(mem, TRUE);
    g_ptr_array_free(files, TRUE);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const pn_backend *be = pn_backend_find("haru");
    if (!be) abort();
    char *ttf = fuzz_write_file("f.ttf", data, size);
    char *text = mapped_text(data, size, 8);
    draw(be, ttf, text, false);
    draw(be, ttf, text, true);
    remove(ttf);
    g_free(text);
    g_free(ttf);
    return 0;
}

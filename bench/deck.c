/* deck.c: the card deck benchmark's data and floor.
 *
 *   bench-deck make DIR       writes DIR/art/card01.png .. card54.png (a
 *                             different 240x240 picture each), DIR/deck.csv,
 *                             DIR/front.yaml and DIR/back.yaml
 *   bench-deck floor DIR OUT  draws the same document straight with cairo +
 *                             pango: 54 cards 3 x 3 on A4 with 2 mm gutters and
 *                             cut marks, each paper followed by its mirrored
 *                             backs; every PNG decoded once
 *
 * The floor is what pnpkit render DIR/front.yaml --grid 3x3 --gutter 2mm
 * --backs DIR/back.yaml draws, without templates, scenes or imposition. */
#include <cairo-pdf.h>
#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <glib.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DECK_CARDS 54
#define DECK_ART_PX 240
#define MM_PT (72.0 / 25.4)
#define CARD_W 63.0
#define CARD_H 88.0
#define GUTTER 2.0
#define PAPER_W 210.0
#define PAPER_H 297.0

static const char *const deck_words[] = {"Ember", "Tide", "Quarry", "Breeze", "Forge", "Spring"};

static int deck_make(const char *dir)
{
    char *art = g_build_filename(dir, "art", NULL);
    g_mkdir_with_parents(art, 0777);
    GString *csv = g_string_new("name,art,text\n");
    for (int i = 1; i <= DECK_CARDS; i++) {
        cairo_surface_t *s =
            cairo_image_surface_create(CAIRO_FORMAT_RGB24, DECK_ART_PX, DECK_ART_PX);
        cairo_t *cr = cairo_create(s);
        double h = i / (double)DECK_CARDS;
        cairo_set_source_rgb(cr, 0.2 + 0.7 * h, 0.5, 0.9 - 0.7 * h);
        cairo_paint(cr);
        for (int k = 0; k < 12; k++) { /* a pattern of its own per card */
            cairo_set_source_rgba(cr, (k * 37 % 11) / 10.0, (i * 13 % 7) / 6.0, (k * i % 5) / 4.0,
                                  0.8);
            cairo_arc(cr, (k * 53 + i * 17) % DECK_ART_PX, (k * 29 + i * 41) % DECK_ART_PX,
                      10 + (k * i) % 40, 0, 2 * G_PI);
            cairo_fill(cr);
        }
        cairo_destroy(cr);
        char name[32];
        snprintf(name, sizeof name, "card%02d.png", i);
        char *p = g_build_filename(art, name, NULL);
        if (cairo_surface_write_to_png(s, p) != CAIRO_STATUS_SUCCESS) {
            fprintf(stderr, "bench-deck: cannot write %s\n", p);
            return 3;
        }
        g_free(p);
        cairo_surface_destroy(s);
        g_string_append_printf(csv,
                               "%s %d,%s,\"Card %d: gain %d points, then move one token up to "
                               "%d spaces along the track.\"\n",
                               deck_words[i % 6], i, name, i, i % 5 + 1, i % 4 + 2);
    }
    char *p = g_build_filename(dir, "deck.csv", NULL);
    gboolean ok = g_file_set_contents(p, csv->str, -1, NULL);
    g_free(p);
    static const char front[] =
        "name: deck-front\npage: {paper: 63x88mm, margin: 3mm}\ndata: deck.csv\ncomponents:\n"
        "  - {type: rect, x: 0, y: 0, w: 100%, h: 100%, width: 0.5mm}\n"
        "  - {type: text, x: 4mm, y: 4mm, text: $name, bold: true, size: 13}\n"
        "  - {type: image, src: \"art/${art}\", x: 3mm, y: 12mm, w: 51mm, h: 40mm}\n"
        "  - {type: text, x: 4mm, y: 55mm, w: 49mm, size: 9, text: $text}\n";
    static const char back[] =
        "name: deck-back\npage: {paper: 63x88mm, margin: 3mm, background: \"#1d3557\"}\n"
        "components:\n"
        "  - {type: text, x: 50%, y: 50%, text: DECK, align: center, valign: middle, bold: true, "
        "size: 16, color: white}\n";
    p = g_build_filename(dir, "front.yaml", NULL);
    ok = ok && g_file_set_contents(p, front, -1, NULL);
    g_free(p);
    p = g_build_filename(dir, "back.yaml", NULL);
    ok = ok && g_file_set_contents(p, back, -1, NULL);
    g_free(p);
    g_string_free(csv, TRUE);
    g_free(art);
    return ok ? 0 : 3;
}

static PangoLayout *text(PangoContext *ctx, const char *font, const char *s, double width_mm)
{
    PangoLayout *l = pango_layout_new(ctx);
    PangoFontDescription *fd = pango_font_description_from_string(font);
    pango_layout_set_font_description(l, fd);
    pango_font_description_free(fd);
    if (width_mm > 0) {
        pango_layout_set_width(l, (int)(width_mm * MM_PT * PANGO_SCALE));
        pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
    }
    pango_layout_set_text(l, s, -1);
    return l;
}

static void show(cairo_t *cr, PangoContext *ctx, PangoLayout *l, double x, double y)
{
    cairo_save(cr);
    cairo_translate(cr, x, y);
    cairo_scale(cr, 1 / MM_PT, 1 / MM_PT);
    pango_cairo_update_context(cr, ctx);
    pango_cairo_show_layout(cr, l);
    cairo_restore(cr);
}

static void cut_marks(cairo_t *cr, double x0, double y0)
{
    double bw = 3 * CARD_W + 2 * GUTTER, bh = 3 * CARD_H + 2 * GUTTER;
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, 0.15);
    for (int c = 0; c < 3; c++)
        for (int e = 0; e < 2; e++) {
            double x = x0 + c * (CARD_W + GUTTER) + e * CARD_W;
            cairo_move_to(cr, x, y0 - 6), cairo_line_to(cr, x, y0 - 1);
            cairo_move_to(cr, x, y0 + bh + 1), cairo_line_to(cr, x, y0 + bh + 6);
            cairo_stroke(cr);
        }
    for (int r = 0; r < 3; r++)
        for (int e = 0; e < 2; e++) {
            double y = y0 + r * (CARD_H + GUTTER) + e * CARD_H;
            cairo_move_to(cr, x0 - 2.5 - 1, y), cairo_line_to(cr, x0 - 1, y);
            cairo_move_to(cr, x0 + bw + 1, y), cairo_line_to(cr, x0 + bw + 3.5, y);
            cairo_stroke(cr);
        }
}

static int deck_floor(const char *dir, const char *out, const char *conf)
{
    FcConfig *fc = FcConfigCreate();
    if (!fc || !FcConfigParseAndLoad(fc, (const FcChar8 *)conf, FcTrue) ||
        !FcConfigBuildFonts(fc)) {
        fprintf(stderr, "bench-deck: cannot load %s\n", conf);
        return 3;
    }
    FcConfigSetCurrent(fc);
    PangoFontMap *map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), fc);
    PangoContext *ctx = pango_font_map_create_context(map);
    pango_cairo_context_set_resolution(ctx, 72.0);
    cairo_surface_t *pdf = cairo_pdf_surface_create(out, PAPER_W * MM_PT, PAPER_H * MM_PT);
    cairo_t *cr = cairo_create(pdf);
    cairo_scale(cr, MM_PT, MM_PT);
    double x0 = (PAPER_W - 3 * CARD_W - 2 * GUTTER) / 2,
           y0 = (PAPER_H - 3 * CARD_H - 2 * GUTTER) / 2;
    for (int first = 1; first <= DECK_CARDS; first += 9) {
        for (int k = 0; k < 9 && first + k <= DECK_CARDS; k++) {
            int i = first + k;
            double x = x0 + (k % 3) * (CARD_W + GUTTER), y = y0 + (k / 3) * (CARD_H + GUTTER);
            cairo_set_source_rgb(cr, 0, 0, 0);
            cairo_set_line_width(cr, 0.5);
            cairo_rectangle(cr, x + 3, y + 3, CARD_W - 6, CARD_H - 6);
            cairo_stroke(cr);
            char name[64], file[32], rules[200];
            snprintf(name, sizeof name, "%s %d", deck_words[i % 6], i);
            snprintf(file, sizeof file, "art/card%02d.png", i);
            snprintf(rules, sizeof rules,
                     "Card %d: gain %d points, then move one token up to %d spaces along the "
                     "track.",
                     i, i % 5 + 1, i % 4 + 2);
            PangoLayout *l = text(ctx, "DejaVu Sans Bold 13", name, 0);
            show(cr, ctx, l, x + 7, y + 7);
            g_object_unref(l);
            char *p = g_build_filename(dir, file, NULL);
            cairo_surface_t *img = cairo_image_surface_create_from_png(p);
            g_free(p);
            cairo_save(cr);
            cairo_rectangle(cr, x + 6, y + 15, 51, 40);
            cairo_clip(cr);
            cairo_translate(cr, x + 6 + 5.5, y + 15);
            cairo_scale(cr, 40.0 / DECK_ART_PX, 40.0 / DECK_ART_PX);
            cairo_set_source_surface(cr, img, 0, 0);
            cairo_paint(cr);
            cairo_restore(cr);
            cairo_surface_destroy(img);
            l = text(ctx, "DejaVu Sans 9", rules, 49);
            show(cr, ctx, l, x + 7, y + 58);
            g_object_unref(l);
        }
        cut_marks(cr, x0, y0);
        cairo_show_page(cr);
        for (int k = 0; k < 9 && first + k <= DECK_CARDS; k++) {
            double x = x0 + (2 - k % 3) * (CARD_W + GUTTER), y = y0 + (k / 3) * (CARD_H + GUTTER);
            cairo_set_source_rgb(cr, 0x1d / 255.0, 0x35 / 255.0, 0x57 / 255.0);
            cairo_rectangle(cr, x, y, CARD_W, CARD_H);
            cairo_fill(cr);
            cairo_set_source_rgb(cr, 1, 1, 1);
            PangoLayout *l = text(ctx, "DejaVu Sans Bold 16", "DECK", 0);
            PangoRectangle ink, logical;
            pango_layout_get_extents(l, &ink, &logical);
            show(cr, ctx, l, x + CARD_W / 2 - logical.width / PANGO_SCALE / MM_PT / 2,
                 y + CARD_H / 2 - logical.height / PANGO_SCALE / MM_PT / 2);
            g_object_unref(l);
        }
        cairo_show_page(cr);
    }
    cairo_destroy(cr);
    cairo_surface_finish(pdf);
    int rc = cairo_surface_status(pdf) == CAIRO_STATUS_SUCCESS ? 0 : 3;
    cairo_surface_destroy(pdf);
    g_object_unref(ctx);
    g_object_unref(map);
    FcConfigDestroy(fc);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc == 3 && !strcmp(argv[1], "make")) return deck_make(argv[2]);
    if (argc == 4 && !strcmp(argv[1], "floor"))
        return deck_floor(argv[2], argv[3], BENCH_FONTS_CONF);
    fprintf(stderr, "usage: bench-deck make DIR | bench-deck floor DIR OUT.pdf\n");
    return 2;
}

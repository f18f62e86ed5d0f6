/* floor_haru.c: the benchmark's floor with libharu: draws the circle36 or
 * dicrono sheet straight into a PDF with the base-14 Helvetica fonts.
 *
 *   bench-floor-haru TEMPLATE -o FILE.pdf [--pages N] [--share]
 *
 * --share draws the sheet once into a content stream of its own that every
 * further page lists as its contents (naming the fonts as the first page did),
 * so the document holds the drawing once.
 *
 * Text is converted to WinAnsi; a character outside it is written as '-' when it
 * is a minus sign and '?' otherwise (the floor only has to cost the same). */
#include <getopt.h>
#include <hpdf.h>
#include <hpdf_pages.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "floor.h"

#define FLOOR_MM_TO_PT (72.0 / 25.4)
#define FLOOR_TEXT_MAX 256

typedef struct fh_state {
    HPDF_Page page;
    HPDF_Font font[2]; /* regular, bold */
    double h;          /* page height, pt */
    HPDF_Font used[2]; /* fonts in the order the page first set them */
    int n_used;
} fh_state;

static void fh_error(HPDF_STATUS error, HPDF_STATUS detail, void *user)
{
    fprintf(stderr, "bench-floor-haru: libharu error %04X (%u)\n", (unsigned)error,
            (unsigned)detail);
    exit(3);
}

static float fh_c(uint32_t c, int shift)
{
    return (float)((c >> shift) & 0xff) / 255.0f;
}

static void fh_fill_rgb(fh_state *s, uint32_t c)
{
    HPDF_Page_SetRGBFill(s->page, fh_c(c, 16), fh_c(c, 8), fh_c(c, 0));
}

static void fh_stroke_rgb(fh_state *s, double width, uint32_t c)
{
    HPDF_Page_SetLineWidth(s->page, (float)(width * FLOOR_MM_TO_PT));
    HPDF_Page_SetRGBStroke(s->page, fh_c(c, 16), fh_c(c, 8), fh_c(c, 0));
}

static float fh_x(double x)
{
    return (float)(x * FLOOR_MM_TO_PT);
}

static float fh_y(const fh_state *s, double y)
{
    return (float)(s->h - y * FLOOR_MM_TO_PT);
}

static void fh_fill_rect(void *u, double x, double y, double w, double h, uint32_t rgb)
{
    fh_state *s = u;
    fh_fill_rgb(s, rgb);
    HPDF_Page_Rectangle(s->page, fh_x(x), fh_y(s, y + h), fh_x(w), fh_x(h));
    HPDF_Page_Fill(s->page);
}

static void fh_stroke_rect(void *u, double x, double y, double w, double h, double width,
                           uint32_t rgb)
{
    fh_state *s = u;
    fh_stroke_rgb(s, width, rgb);
    HPDF_Page_Rectangle(s->page, fh_x(x), fh_y(s, y + h), fh_x(w), fh_x(h));
    HPDF_Page_Stroke(s->page);
}

static void fh_line(void *u, double x0, double y0, double x1, double y1, double width, uint32_t rgb)
{
    fh_state *s = u;
    fh_stroke_rgb(s, width, rgb);
    HPDF_Page_MoveTo(s->page, fh_x(x0), fh_y(s, y0));
    HPDF_Page_LineTo(s->page, fh_x(x1), fh_y(s, y1));
    HPDF_Page_Stroke(s->page);
}

static void fh_circle(void *u, double cx, double cy, double r, bool fill, uint32_t fill_rgb,
                      bool stroke, uint32_t stroke_rgb, double width)
{
    fh_state *s = u;
    if (fill) fh_fill_rgb(s, fill_rgb);
    if (stroke) fh_stroke_rgb(s, width, stroke_rgb);
    HPDF_Page_Circle(s->page, fh_x(cx), fh_y(s, cy), fh_x(r));
    if (fill && stroke)
        HPDF_Page_FillStroke(s->page);
    else if (fill)
        HPDF_Page_Fill(s->page);
    else
        HPDF_Page_Stroke(s->page);
}

static void fh_annulus(void *u, double cx, double cy, double r0, double r1, uint32_t rgb)
{
    fh_state *s = u;
    fh_fill_rgb(s, rgb);
    HPDF_Page_Circle(s->page, fh_x(cx), fh_y(s, cy), fh_x(r1));
    HPDF_Page_Circle(s->page, fh_x(cx), fh_y(s, cy), fh_x(r0));
    HPDF_Page_Eofill(s->page);
}

/* UTF-8 to WinAnsi (Latin-1 range kept, U+2212 as '-', the rest '?'). */
static void fh_winansi(const char *in, char *out, size_t n)
{
    const unsigned char *p = (const unsigned char *)in;
    size_t o = 0;
    while (*p && o + 1 < n) {
        unsigned cp = *p, len = 1;
        if (cp >= 0xf0)
            cp &= 0x07, len = 4;
        else if (cp >= 0xe0)
            cp &= 0x0f, len = 3;
        else if (cp >= 0xc0)
            cp &= 0x1f, len = 2;
        for (unsigned i = 1; i < len && p[i]; i++)
            cp = (cp << 6) | (p[i] & 0x3f);
        out[o++] = cp < 0x100 ? (char)cp : cp == 0x2212 ? '-' : '?';
        for (unsigned i = 0; i < len && *p; i++)
            p++;
    }
    out[o] = 0;
}

static double fh_text(void *u, const char *utf8, double size, bool bold, uint32_t rgb, double x,
                      double y, floor_halign h, floor_valign v, double angle)
{
    fh_state *s = u;
    char txt[FLOOR_TEXT_MAX];
    fh_winansi(utf8, txt, sizeof txt);
    HPDF_Font f = s->font[bold];
    if (s->n_used == 0 || (s->n_used == 1 && s->used[0] != f)) s->used[s->n_used++] = f;
    HPDF_Page_SetFontAndSize(s->page, f, (float)size);
    double w = HPDF_Page_TextWidth(s->page, txt) / FLOOR_MM_TO_PT; /* mm */
    double asc = HPDF_Font_GetAscent(f) * size / 1000 / FLOOR_MM_TO_PT;
    double desc = -HPDF_Font_GetDescent(f) * size / 1000 / FLOOR_MM_TO_PT;
    double dx = h == FLOOR_LEFT ? 0 : h == FLOOR_CENTER ? -w / 2 : -w;
    double dy = v == FLOOR_BASELINE ? 0
                : v == FLOOR_TOP    ? asc
                : v == FLOOR_BOTTOM ? -desc
                                    : (asc - desc) / 2;
    double a = angle * FLOOR_PI / 180.0, c = cos(a), sn = sin(a);
    double bx = x + dx * c - dy * sn, by = y + dx * sn + dy * c;
    fh_fill_rgb(s, rgb);
    HPDF_Page_BeginText(s->page);
    /* Clockwise on the page with y down is clockwise in PDF space too. */
    HPDF_Page_SetTextMatrix(s->page, (float)c, (float)-sn, (float)sn, (float)c, fh_x(bx),
                            fh_y(s, by));
    HPDF_Page_ShowText(s->page, txt);
    HPDF_Page_EndText(s->page);
    return w;
}

int main(int argc, char **argv)
{
    static const struct option opts[] = {{"output", required_argument, 0, 'o'},
                                         {"pages", required_argument, 0, 'p'},
                                         {"share", no_argument, 0, 's'},
                                         {0, 0, 0, 0}};
    const char *out = NULL;
    int pages = 1;
    bool share = false;
    for (int c; (c = getopt_long(argc, argv, "o:", opts, NULL)) != -1;) {
        if (c == 'o')
            out = optarg;
        else if (c == 'p')
            pages = atoi(optarg);
        else if (c == 's')
            share = true;
        else
            return 2;
    }
    floor_page_fn draw = optind == argc - 1 ? floor_find(argv[optind]) : NULL;
    if (!draw || !out || pages < 1 || pages > FLOOR_MAX_PAGES) {
        fputs("usage: bench-floor-haru circle36|dicrono -o FILE.pdf [--pages N] [--share]\n",
              stderr);
        return 2;
    }
    HPDF_Doc pdf = HPDF_New(fh_error, NULL);
    HPDF_SetCompressionMode(pdf, HPDF_COMP_ALL);
    fh_state s = {.h = FLOOR_PAGE_H * FLOOR_MM_TO_PT};
    s.font[0] = HPDF_GetFont(pdf, "Helvetica", "WinAnsiEncoding");
    s.font[1] = HPDF_GetFont(pdf, "Helvetica-Bold", "WinAnsiEncoding");
    static const floor_pen pen_ops = {.fill_rect = fh_fill_rect,
                                      .stroke_rect = fh_stroke_rect,
                                      .line = fh_line,
                                      .circle = fh_circle,
                                      .annulus = fh_annulus,
                                      .text = fh_text};
    floor_pen pen = pen_ops;
    pen.u = &s;
    HPDF_Dict shared = NULL;
    for (int p = 0; p < pages; p++) {
        s.page = HPDF_AddPage(pdf);
        HPDF_Page_SetWidth(s.page, (float)(FLOOR_PAGE_W * FLOOR_MM_TO_PT));
        HPDF_Page_SetHeight(s.page, (float)s.h);
        if (shared) {
            for (int i = 0; i < s.n_used; i++)
                HPDF_Page_GetLocalFontName(s.page, s.used[i]);
            HPDF_Page_Insert_Shared_Content_Stream(s.page, shared);
            continue;
        }
        if (share && pages > 1) HPDF_Page_New_Content_Stream(s.page, &shared);
        draw(&pen);
    }
    HPDF_SaveToFile(pdf, out);
    HPDF_Free(pdf);
    return 0;
}

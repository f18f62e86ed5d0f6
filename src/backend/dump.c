/* dump.c: the scene as stable text, one line per item with coordinates in mm to
 * 1/100 mm. Used for golden tests and to see what a template lays out. */
#include <glib.h>
#include <stdio.h>
#include <string.h>
#include "backend/backend.h"
#include "util/outfile.h"

typedef struct dump_be {
    pn_outfile *out;
    FILE *fp;
} dump_be;

static bool dump_supports(const char *f)
{
    return !strcmp(f, "scene");
}

static void *dump_open(const pn_backend_opts *o, pn_err *err)
{
    pn_outfile *out = pn_outfile_open_to(o->path, o->outfile_flags, o->mem, err);
    if (!out) return NULL;
    dump_be *b = g_new0(dump_be, 1);
    b->out = out;
    b->fp = out->fp;
    return b;
}

static int dump_begin_page(void *vb, double w, double h, pn_err *err)
{
    dump_be *b = vb;
    fprintf(b->fp, "page %.2f %.2f\n", w, h);
    return 0;
}

static void color(FILE *fp, const char *key, pn_rgba c)
{
    fprintf(fp, " %s=#%02x%02x%02x", key, (int)(c.r * 255 + 0.5), (int)(c.g * 255 + 0.5),
            (int)(c.b * 255 + 0.5));
    if (c.a < 1) fprintf(fp, "/%.2f", c.a);
}

static int dump_path(void *vb, const scene_path *p, const scene_seg *segs, pn_err *err)
{
    dump_be *b = vb;
    fputs("path", b->fp);
    if (p->style.fill) color(b->fp, "fill", p->style.fill_color);
    if (p->style.stroke) {
        color(b->fp, "stroke", p->style.stroke_color);
        fprintf(b->fp, " w=%.2f", p->style.width);
        if (p->style.dash[0] > 0)
            fprintf(b->fp, " dash=%.2f,%.2f", p->style.dash[0], p->style.dash[1]);
    }
    for (size_t i = p->first; i < p->first + p->count; i++) {
        const scene_seg *s = &segs[i];
        switch (s->op) {
        case SEG_MOVE:
            fprintf(b->fp, " M %.2f %.2f", s->x[0], s->y[0]);
            break;
        case SEG_LINE:
            fprintf(b->fp, " L %.2f %.2f", s->x[0], s->y[0]);
            break;
        case SEG_CURVE:
            fprintf(b->fp, " C %.2f %.2f %.2f %.2f %.2f %.2f", s->x[0], s->y[0], s->x[1], s->y[1],
                    s->x[2], s->y[2]);
            break;
        case SEG_CLOSE:
            fputs(" Z", b->fp);
            break;
        }
    }
    fputc('\n', b->fp);
    return 0;
}

static int dump_text(void *vb, const scene_text *t, pn_err *err)
{
    dump_be *b = vb;
    static const char *const h[] = {"left", "center", "right"};
    static const char *const v[] = {"baseline", "middle", "top", "bottom"};
    fprintf(b->fp, "text \"");
    for (const char *p = t->utf8; *p; p++)
        if (*p == '"' || *p == '\\')
            fprintf(b->fp, "\\%c", *p);
        else if (*p == '\n')
            fputs("\\n", b->fp);
        else
            fputc(*p, b->fp);
    fprintf(b->fp, "\" font=\"%s\" %.1fpt%s%s at %.2f %.2f %s %s", t->font.family, t->font.size,
            t->font.bold ? " bold" : "", t->font.italic ? " italic" : "", t->x, t->y, h[t->halign],
            v[t->valign]);
    if (t->angle != 0) fprintf(b->fp, " angle=%.1f", t->angle);
    color(b->fp, "color", t->color);
    fprintf(b->fp, " size %.2f %.2f %.2f\n", t->width, t->ascent, t->descent);
    return 0;
}

static int dump_image(void *vb, const scene_image *im, pn_err *err)
{
    dump_be *b = vb;
    const char *base = strrchr(im->path, '/');
    fprintf(b->fp, "image %s %s %.0fx%.0f at %.2f %.2f %.2f %.2f clip %.2f %.2f %.2f %.2f\n",
            base ? base + 1 : im->path,
            im->kind == SCENE_IMAGE_SVG   ? "svg"
            : im->kind == SCENE_IMAGE_PNG ? "png"
                                          : "pixbuf",
            im->iw, im->ih, im->x, im->y, im->w, im->h, im->cx, im->cy, im->cw, im->ch);
    return 0;
}

static int dump_slot(void *vb, const scene_slot *s, pn_err *err)
{
    dump_be *b = vb;
    fprintf(b->fp, "slot %s %.2f %.2f %.2f %.2f %s\n", s->id, s->x, s->y, s->w, s->h,
            s->shape == SLOT_ROUND ? "round" : "box");
    return 0;
}

static int dump_clip(void *vb, const scene_clip *c, pn_err *err)
{
    dump_be *b = vb;
    if (c->w > 0)
        fprintf(b->fp, "clip %.2f %.2f %.2f %.2f\n", c->x, c->y, c->w, c->h);
    else
        fputs("clip none\n", b->fp);
    return 0;
}

static int dump_end_page(void *vb, pn_err *err)
{
    return 0;
}

static int dump_finish(void *vb, pn_err *err)
{
    dump_be *b = vb;
    int rc = pn_outfile_commit(b->out, err);
    g_free(b);
    return rc;
}

static void dump_discard(void *vb)
{
    dump_be *b = vb;
    pn_outfile_abort(b->out);
    g_free(b);
}

const pn_backend pn_backend_dump = {
    .id = "dump",
    .help = "the laid-out scene as text (format 'scene'), for tests and debugging",
    .supports = dump_supports,
    .open = dump_open,
    .begin_page = dump_begin_page,
    .draw_path = dump_path,
    .draw_text = dump_text,
    .draw_image = dump_image,
    .draw_slot = dump_slot,
    .set_clip = dump_clip,
    .end_page = dump_end_page,
    .finish = dump_finish,
    .discard = dump_discard,
};

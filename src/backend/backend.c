/* backend.c: the backend registry and the walker that feeds a scene to one. */
#include "backend/backend.h"

#include <string.h>

extern const pn_backend pn_backend_cairo;
extern const pn_backend pn_backend_haru;
extern const pn_backend pn_backend_dump;

const pn_backend *const pn_backends[] = {&pn_backend_cairo, &pn_backend_haru, &pn_backend_dump,
                                         NULL};

const pn_backend *pn_backend_find(const char *id)
{
    for (const pn_backend *const *b = pn_backends; *b; b++)
        if (strcmp((*b)->id, id) == 0) return *b;
    return NULL;
}

/* A grid of cells for a backend that does not draw them itself: its white
 * square, then each rectangle of scene_cells_rects, as filled paths. */
typedef struct cells_walk {
    const pn_backend *be;
    void *b;
    scene_style style;
    pn_err *err;
} cells_walk;

static int cells_rect(void *user, double x, double y, double w, double h)
{
    cells_walk *cw = user;
    scene_seg segs[5] = {{SEG_MOVE, {x}, {y}},
                         {SEG_LINE, {x + w}, {y}},
                         {SEG_LINE, {x + w}, {y + h}},
                         {SEG_LINE, {x}, {y + h}},
                         {SEG_CLOSE, {0}, {0}}};
    scene_path p = {cw->style, 0, 5, cw->style.fill_color};
    return cw->be->draw_path(cw->b, &p, segs, cw->err);
}

static int draw_cells(const pn_backend *be, void *b, const scene_cells *c, pn_err *err)
{
    if (be->draw_cells) return be->draw_cells(b, c, err);
    cells_walk cw = {be, b, scene_fill_style((pn_rgba){1, 1, 1, 1}), err};
    double box[4];
    scene_cells_box(c, box);
    if (cells_rect(&cw, box[0], box[1], box[2] - box[0], box[3] - box[1])) return -1;
    cw.style = scene_fill_style(c->color);
    return scene_cells_rects(c, cells_rect, &cw) ? -1 : 0;
}

/* An input error of item i (an image file that cannot be decoded) placed
 * at the template line it came from, when the scene knows it. */
static int placed(const scene *s, size_t i, pn_err *err)
{
    int line, col;
    scene_origin(s, i, &line, &col);
    const char *file = scene_source(s);
    size_t n = file ? strlen(file) : 0;
    if (!err || err->status != PN_EINPUT || !file || line <= 0) return -1;
    if (!strncmp(err->msg, file, n) && err->msg[n] == ':') return -1; /* placed already */
    char *what = g_strdup(err->msg);
    pn_err_at(err, file, line, col, "%s", what);
    g_free(what);
    return -1;
}

static _Thread_local const volatile sig_atomic_t *cancel_now;

const volatile sig_atomic_t *pn_backend_cancel_use(const volatile sig_atomic_t *cancel)
{
    const volatile sig_atomic_t *was = cancel_now;
    cancel_now = cancel;
    return was;
}

/* Every item of s in order (paths, text, images, clips, grids of cells,
 * slots), then end_page; stops when the drawing is cancelled (read every
 * 16 items: a large glyph costs milliseconds). */
static int draw_items(const pn_backend *be, void *b, const scene *s, pn_err *err)
{
    const scene_seg *segs = scene_segs(s);
    size_t n = scene_count(s);
    for (size_t i = 0; i < n; i++) {
        const scene_item *it = scene_item_at(s, i);
        if (i % 16 == 15 && cancel_now && __atomic_load_n(cancel_now, __ATOMIC_RELAXED))
            return pn_err_set(err, PN_EIO, "the render was cancelled");
        int rc = 0;
        if (it->kind == SCENE_PATH)
            rc = be->draw_path(b, &it->u.path, segs, err);
        else if (it->kind == SCENE_TEXT)
            rc = be->draw_text(b, &it->u.text, err);
        else if (it->kind == SCENE_IMAGE)
            rc = be->draw_image
                     ? be->draw_image(b, &it->u.image, err)
                     : pn_err_set(err, PN_EUSAGE, "the %s backend cannot draw images", be->id);
        else if (it->kind == SCENE_CLIP)
            rc = be->set_clip(b, &it->u.clip, err);
        else if (it->kind == SCENE_CELLS)
            rc = draw_cells(be, b, &it->u.cells, err);
        else if (it->kind == SCENE_SLOT && be->draw_slot)
            rc = be->draw_slot(b, &it->u.slot, err);
        if (rc) return placed(s, i, err);
    }
    return be->end_page(b, err);
}

int pn_backend_draw_page(const pn_backend *be, void *b, const scene *s, pn_err *err)
{
    if (be->begin_page(b, scene_width(s), scene_height(s), err)) return -1;
    return draw_items(be, b, s, err);
}

int pn_backend_draw_shared(const pn_backend *be, void *b, const scene *s, pn_err *err)
{
    int (*begin)(void *, double, double, pn_err *) =
        be->begin_shared ? be->begin_shared : be->begin_page;
    if (begin(b, scene_width(s), scene_height(s), err)) return -1;
    return draw_items(be, b, s, err);
}

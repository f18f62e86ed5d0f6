/* image.c: an image file (PNG, SVG, JPEG, ...) placed in a box, fitted by contain
 * (all of it, centred), cover (the box filled, the overflow clipped) or
 * stretch. A relative path is taken from the template file's folder. */
#include <math.h>
#include <string.h>
#include "components/comp.h"
#include "util/paths.h"
#include "scene/image.h"
#include "scene/svgcheck.h"

static const pv_spec image_props[] = {
    {.name = "src",
     .type = PV_STRING,
     .help = "PNG, SVG, JPEG, GIF, BMP, TIFF or WebP file, relative to the template"},
    COMP_X(NULL),
    COMP_Y(NULL),
    {.name = "w", .type = PV_LENGTH, .def = "100%", .min = 0.1, .max = 1000, .axis = 'x'},
    {.name = "h", .type = PV_LENGTH, .def = "100%", .min = 0.1, .max = 1000, .axis = 'y'},
    {.name = "fit", .type = PV_ENUM, .def = "contain", .choices = "contain|cover|stretch"},
    {0},
};

static int image_layout(const comp_ctx *ctx, const comp_args *a, scene *s, pn_err *err)
{
    const char *src = comp_str(a, "src");
    if (!*src) return comp_prop_err(ctx, err, "src", "image: src is empty");
    if (ctx->no_files) return comp_err(ctx, err, "image: %s", ctx->no_files);
    const char *why = NULL;
    char *path;
    if (ctx->confined) {
        char *dir = g_path_get_dirname(ctx->file);
        path = pn_paths_beside(dir, src, &why);
        g_free(dir);
    } else if (ctx->file) {
        char *dir = g_path_get_dirname(ctx->file);
        path = pn_paths_inside(dir, src, &why);
        g_free(dir);
    } else {
        path = g_strdup(src);
    }
    if (!path) return comp_prop_err(ctx, err, "src", "image: %s: %s", src, why);
    scene_image_info info;
    if (scene_image_probe(path, &info, err)) {
        g_free(path);
        return comp_err(ctx, err, "image: %s", err->msg);
    }
    scene_image im = {.path = path, .kind = info.kind, .iw = info.iw, .ih = info.ih};
    im.cx = comp_x(ctx, a, "x");
    im.cy = comp_y(ctx, a, "y");
    im.cw = comp_len(ctx, a, "w");
    im.ch = comp_len(ctx, a, "h");
    const char *fit = comp_str(a, "fit");
    if (!strcmp(fit, "stretch")) {
        im.w = im.cw;
        im.h = im.ch;
    } else {
        double kx = im.cw / info.iw, ky = im.ch / info.ih;
        double k = !strcmp(fit, "cover") ? fmax(kx, ky) : fmin(kx, ky);
        im.w = info.iw * k;
        im.h = info.ih * k;
    }
    /* An SVG's pattern tiles are drawn as pixels whole, however little of
     * them shows: bounded over the SVG's own area (scene/svgcheck.h), and
     * here over the box, which a cover fit overflows and a stretched one
     * draws wider one way than the other. */
    if (info.kind == SCENE_IMAGE_SVG && info.tiles > 0) {
        double kx = im.w / info.iw, ky = im.h / info.ih;
        double over = im.w * im.h / (im.cw * im.ch) * fmax(kx, ky) / fmin(kx, ky);
        bool one = !(info.tile * over <= SCENE_SVG_MAX_TILE);
        if (one || !(info.tiles * over <= SCENE_SVG_MAX_TILES)) {
            g_free(path);
            return comp_err(ctx, err,
                            "image: %s: fitted this way, %s would measure about %.3g times the "
                            "box (at most %d): librsvg draws a whole tile as pixels; use fit: "
                            "contain",
                            src, one ? "a pattern tile of the SVG" : "the SVG's pattern tiles",
                            (one ? info.tile : info.tiles) * over,
                            one ? SCENE_SVG_MAX_TILE : SCENE_SVG_MAX_TILES);
        }
    }
    im.x = im.cx + (im.cw - im.w) / 2;
    im.y = im.cy + (im.ch - im.h) / 2;
    int rc = scene_image_add(s, &im, err);
    g_free(path);
    return rc ? comp_err(ctx, err, "image: %s", err->msg) : 0;
}

const comp_type comp_image = {"image", "a PNG, SVG or JPEG file fitted in a box", image_props,
                              image_layout};

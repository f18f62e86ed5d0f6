/* bench_pngdiff.c: compares two PNG images of the same size, for the test that
 * the floor draws the sheet pnpkit draws.
 *
 *   bench-pngdiff A.png B.png MAX_PERCENT
 *
 * A pixel differs when one of its channels differs by more than 48 of 255
 * (anti-aliasing and curve approximation stay below that). Prints the share of
 * differing pixels; exits 1 when it is above MAX_PERCENT or the sizes differ. */
#include <cairo.h>
#include <stdio.h>
#include <stdlib.h>

#define PNGDIFF_TOLERANCE 48

int main(int argc, char **argv)
{
    if (argc != 4) {
        fputs("usage: bench-pngdiff A.png B.png MAX_PERCENT\n", stderr);
        return 2;
    }
    cairo_surface_t *a = cairo_image_surface_create_from_png(argv[1]);
    cairo_surface_t *b = cairo_image_surface_create_from_png(argv[2]);
    if (cairo_surface_status(a) || cairo_surface_status(b)) {
        fprintf(stderr, "bench-pngdiff: cannot read %s or %s\n", argv[1], argv[2]);
        return 2;
    }
    int w = cairo_image_surface_get_width(a), h = cairo_image_surface_get_height(a);
    if (w != cairo_image_surface_get_width(b) || h != cairo_image_surface_get_height(b)) {
        printf("sizes differ: %dx%d and %dx%d\n", w, h, cairo_image_surface_get_width(b),
               cairo_image_surface_get_height(b));
        return 1;
    }
    cairo_surface_flush(a);
    cairo_surface_flush(b);
    const unsigned char *pa = cairo_image_surface_get_data(a),
                        *pb = cairo_image_surface_get_data(b);
    int sa = cairo_image_surface_get_stride(a), sb = cairo_image_surface_get_stride(b);
    long differ = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            for (int c = 0; c < 4; c++)
                if (abs(pa[y * sa + 4 * x + c] - pb[y * sb + 4 * x + c]) > PNGDIFF_TOLERANCE) {
                    differ++;
                    break;
                }
    double pct = 100.0 * (double)differ / ((double)w * h);
    printf("%.3f%% of %dx%d pixels differ\n", pct, w, h);
    cairo_surface_destroy(a);
    cairo_surface_destroy(b);
    return pct > atof(argv[3]) ? 1 : 0;
}

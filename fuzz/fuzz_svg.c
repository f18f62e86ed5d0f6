/* fuzz_svg.c: libFuzzer harness for the SVG check that runs before librsvg
 * draws an image (src/scene/svgcheck.c): the attribute count read on the raw
 * bytes, then the document read with libxml2, its dash patterns found and
 * its dashes counted. The image harness reaches the same code behind a whole
 * render, a few hundred inputs a second; this one reaches it alone. The input
 * is written as picture.svg in a private temporary directory, so an SVG may
 * name itself (as an image, a use or a style sheet) and the check must see
 * through it. Checks: an error is one well-formed line that starts with the
 * file's path and is the input's fault (or libxml2 missing). */
#include "fuzz/fuzz_util.h"
#include "scene/svgcheck.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *path = fuzz_write_file("picture.svg", data, size);
    pn_err err = {0};
    if (scene_svg_check_tags(path, (const char *)data, size, &err) ||
        scene_svg_check(path, (const char *)data, size, NULL, &err)) {
        fuzz_check_err(&err, err.status == PN_EIO ? NULL : path); /* EIO: no libxml2 */
        if (err.status != PN_EINPUT && err.status != PN_EIO) {
            fprintf(stderr, "fuzz: an SVG refused as a failure: '%s'\n", err.msg);
            abort();
        }
    }
    g_free(path);
    return 0;
}

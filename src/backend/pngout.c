/* pngout.c: cairo's PNG with a pHYs chunk added after IHDR. */
#include "backend/pngout.h"

#include <math.h>
#include <string.h>
#include <zlib.h>

static cairo_status_t append_cb(void *closure, const unsigned char *data, unsigned int len)
{
    g_byte_array_append(closure, data, len);
    return CAIRO_STATUS_SUCCESS;
}

static void put_be32(unsigned char *p, guint32 v)
{
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

cairo_status_t pn_png_encode(cairo_surface_t *s, double dpi, GByteArray *out)
{
    GByteArray *png = g_byte_array_new();
    cairo_status_t st = cairo_surface_write_to_png_stream(s, append_cb, png);
    /* signature (8) and IHDR (4 length, 4 type, 13 data, 4 CRC) */
    const guint ihdr_end = 8 + 4 + 4 + 13 + 4;
    if (st != CAIRO_STATUS_SUCCESS || png->len < ihdr_end || memcmp(png->data + 12, "IHDR", 4)) {
        g_byte_array_unref(png);
        return st != CAIRO_STATUS_SUCCESS ? st : CAIRO_STATUS_WRITE_ERROR;
    }
    /* pHYs: pixels per unit across and down, unit 1 = the metre */
    unsigned char phys[4 + 4 + 9 + 4];
    guint32 ppm = (guint32)lround(fmin(fmax(dpi, 1), 10000) / 0.0254);
    put_be32(phys, 9);
    memcpy(phys + 4, "pHYs", 4);
    put_be32(phys + 8, ppm);
    put_be32(phys + 12, ppm);
    phys[16] = 1;
    put_be32(phys + 17, (guint32)crc32(0L, phys + 4, 4 + 9));
    g_byte_array_append(out, png->data, ihdr_end);
    g_byte_array_append(out, phys, sizeof phys);
    g_byte_array_append(out, png->data + ihdr_end, png->len - ihdr_end);
    g_byte_array_unref(png);
    return CAIRO_STATUS_SUCCESS;
}

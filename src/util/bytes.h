/* bytes.h: numbers read from a file's bytes, big-endian (PNG chunks, JPEG
 * segments, font tables, HEIF boxes) and little-endian (BMP and GIF
 * headers, TIFFs written so). The caller checks that the bytes are there;
 * nothing here allocates. */
#ifndef PNPKIT_UTIL_BYTES_H
#define PNPKIT_UTIL_BYTES_H

#include <stdint.h>

static inline uint16_t pn_be16(const unsigned char *p)
{
    return (uint16_t)(p[0] << 8 | p[1]);
}

static inline uint32_t pn_be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static inline uint16_t pn_le16(const unsigned char *p)
{
    return (uint16_t)(p[0] | p[1] << 8);
}

static inline uint32_t pn_le32(const unsigned char *p)
{
    return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

/* The n bytes at p (n from 0 to 8) as one number; 0 when n is 0. */
static inline uint64_t pn_be(const unsigned char *p, int n)
{
    uint64_t v = 0;
    for (int i = 0; i < n; i++)
        v = v << 8 | p[i];
    return v;
}

#endif

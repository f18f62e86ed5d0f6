/* cpx_tile.c: Cirplexed tiles up to rotation, and the full tile set. */
#include "games/cpx_tile.h"

#include <string.h>

cpx_tile cpx_tile_rotate(cpx_tile t, int q)
{
    cpx_tile r;
    q = ((q % 4) + 4) % 4;
    /* Turning clockwise moves the top-left colour to the top-right, and so on. */
    for (int i = 0; i < 4; i++)
        r.c[(i + q) % 4] = t.c[i];
    return r;
}

cpx_tile cpx_tile_canonical(cpx_tile t)
{
    cpx_tile best = t;
    for (int q = 1; q < 4; q++) {
        cpx_tile r = cpx_tile_rotate(t, q);
        if (memcmp(r.c, best.c, 4) < 0) best = r;
    }
    return best;
}

unsigned cpx_tile_key(cpx_tile t)
{
    cpx_tile c = cpx_tile_canonical(t);
    return (unsigned)c.c[0] << 24 | (unsigned)c.c[1] << 16 | (unsigned)c.c[2] << 8 | c.c[3];
}

bool cpx_tile_valid(cpx_tile t)
{
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++)
            if (t.c[i] == t.c[j]) return false;
    return true;
}

int cpx_tile_set(int n, cpx_tile *out, int max)
{
    int count = 0;
    if (n < 4 || n > CPX_MAX_COLORS) return 0;
    /* Every arrangement whose canonical form is itself is listed once. */
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++)
            for (int c = 0; c < n; c++)
                for (int d = 0; d < n; d++) {
                    cpx_tile t = {
                        {(unsigned char)a, (unsigned char)b, (unsigned char)c, (unsigned char)d}};
                    if (!cpx_tile_valid(t)) continue;
                    cpx_tile k = cpx_tile_canonical(t);
                    if (memcmp(k.c, t.c, 4) != 0) continue;
                    if (count >= max) return -1;
                    out[count++] = t;
                }
    return count;
}

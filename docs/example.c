/* example.c: libpnpkit from C. Renders the Circle 36 board to an SVG in memory,
 * lists the scored games and scores a filled-in DiCroNo sheet (as JSON, then
 * as the readable table), printing what it got.
 *
 *   cc example.c $(pkg-config --cflags --libs pnpkit) -o example
 *   ./example SHEET.yaml
 */
#include <pnpkit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Prints an error the way the pnpkit command does and returns 1. */
static int fail(const char *what, const pnpkit_error *err)
{
    char line[2048];
    pnpkit_error_format(err, line, sizeof line);
    fprintf(stderr, "example: %s: %s\n", what, line);
    return 1;
}

/* The whole file at path, NUL-terminated; NULL when it cannot be read. */
static char *slurp(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    for (size_t k; buf && (k = fread(buf + n, 1, cap - n, fp)) > 0;) {
        n += k;
        if (n == cap) buf = realloc(buf, (cap *= 2) + 1);
    }
    fclose(fp);
    if (buf) buf[n] = '\0';
    *len = n;
    return buf;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: example SHEET.yaml (a filled-in DiCroNo sheet)\n");
        return 2;
    }
    pnpkit_error err;
    pnpkit_ctx *ctx = pnpkit_ctx_new(&err); /* one per thread */
    if (!ctx) return fail("fonts", &err);

    /* The Circle 36 board with seed 42, as one SVG page in memory. */
    pnpkit_render_opts o;
    pnpkit_render_opts_init(&o);
    o.format = "svg";
    o.seed = 42;
    pnpkit_buffer *svg = pnpkit_render_mem(ctx, "circle36", &o, &err);
    if (!svg) return fail("circle36", &err);
    printf("circle36.svg: %zu bytes, %s\n", svg->len,
           svg->len > 5 && !memcmp(svg->data, "<?xml", 5) ? "an SVG document" : "not SVG?");
    pnpkit_buffer_free(svg);

    /* A parameter out of its bounds comes back as an error with its place. */
    const char *const bad[] = {"rings=9", NULL};
    o.set = bad;
    if (pnpkit_render_mem(ctx, "circle36", &o, &err)) return 1;
    printf("rings=9 refused (code %d): %s\n", (int)err.code, err.message);

    /* The games pnpkit_score takes, and the template each is drawn on. */
    printf("games:");
    for (size_t i = 0; i < pnpkit_game_count(); i++)
        printf(" %s (%s)", pnpkit_game_name(i), pnpkit_game_template(i));
    printf("\n");

    /* Score a sheet: the JSON report `pnpkit score --json` prints. */
    size_t len;
    char *text = slurp(argv[1], &len);
    if (!text) {
        fprintf(stderr, "example: cannot read %s\n", argv[1]);
        return 1;
    }
    pnpkit_buffer *completed = NULL;
    pnpkit_score_opts so = {.file = argv[1], .format = "pdf", .completed = &completed};
    pnpkit_buffer *json = pnpkit_score(ctx, "dicrono", text, len, &so, &err);
    if (!json) return fail(argv[1], &err);
    printf("%s", (const char *)json->data);
    printf("completed sheet: %zu bytes of PDF\n", completed ? completed->len : 0);
    pnpkit_buffer_free(json);
    pnpkit_buffer_free(completed);

    /* The same sheet as the table `pnpkit score` prints. */
    pnpkit_score_opts table = {.file = argv[1], .table = 1};
    pnpkit_buffer *tab = pnpkit_score(ctx, "dicrono", text, len, &table, &err);
    free(text);
    if (!tab) return fail(argv[1], &err);
    printf("--- table\n%s", (const char *)tab->data);
    pnpkit_buffer_free(tab);
    pnpkit_ctx_free(ctx);
    return 0;
}

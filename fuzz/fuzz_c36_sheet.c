/* fuzz_c36_sheet.c: libFuzzer harness for Circle 36 sheets: the stream reader,
 * the loader (its direct parser and the libfyaml one) and the scorer. Comment
 * line "#variant R S T" picks rings, sectors and target. Checks: errors are
 * well-formed; whenever the direct parser accepts a document, the libfyaml
 * loader reads the very same sheet; and the score adds up. */
#include "fuzz/fuzz_util.h"
#include "scoring/games.h"

static bool same_input(const c36_input *a, const c36_input *b)
{
    const c36_sheet *x = &a->sheet, *y = &b->sheet;
    int n = c36_cells(&x->v);
    if (memcmp(&x->v, &y->v, sizeof x->v) || x->combos != y->combos || x->nrounds != y->nrounds ||
        a->has_player != b->has_player || strcmp(a->player, b->player) || strcmp(a->date, b->date))
        return false;
    for (int i = 0; i < n; i++)
        if (x->cells[i] != y->cells[i]) return false;
    for (int i = 0; i < x->nrounds; i++) {
        const c36_round *p = &x->rounds[i], *q = &y->rounds[i];
        if (p->dice[0] != q->dice[0] || p->dice[1] != q->dice[1] || p->cell != q->cell ||
            p->use != q->use)
            return false;
    }
    return true;
}

/* Totals that must hold whatever the sheet: each score is the sum of its parts. */
static void check_score(const c36_input *in, const c36_score *sc)
{
    const c36_variant *v = &in->sheet.v;
    int points = sc->bonus;
    for (int r = 0; r < v->rings; r++)
        points += sc->ring_points[r];
    for (int r = 0; r < c36_rows(v); r++)
        points += sc->row_points[r];
    bool ok = sc->earned == points && sc->penalty == (sc->combos > 1 ? sc->combos - 1 : 0) &&
              sc->total == sc->earned - sc->penalty && sc->empty >= 0 &&
              sc->empty <= c36_cells(v) && (sc->bonus == 0 || sc->bonus == C36_BONUS);
    if (!ok) {
        fprintf(stderr, "fuzz: the score does not add up (earned %d, points %d, total %d)\n",
                sc->earned, points, sc->total);
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    c36_variant v = C36_DEFAULT_VARIANT;
    char **vs = fuzz_directives(text, "variant", 1);
    if (vs[0]) {
        c36_variant w = v;
        if (sscanf(vs[0], "%d %d %d", &w.rings, &w.sectors, &w.target) == 3 &&
            !c36_variant_check(&w))
            v = w;
    }
    g_strfreev(vs);
    FILE *in = fuzz_stdin_push(data, size);
    pn_err err = {0};
    yml_docs *r = yml_docs_open("-", &err);
    yml_doc d;
    int rc;
    c36_input *a = g_new0(c36_input, 1), *b = g_new0(c36_input, 1);
    while ((rc = yml_docs_next(r, &d, &err)) == 1) {
        if (c36_load_fast(&d, &v, a) == 1) {
            pn_err slow = {0};
            if (c36_load_slow(&d, &v, b, &slow) || !same_input(a, b)) {
                fprintf(stderr, "fuzz: the direct parser and libfyaml disagree: %s\n", slow.msg);
                abort();
            }
        }
        if (c36_load(&d, &v, a, &err)) {
            fuzz_check_err(&err, "<stdin>:");
            break;
        }
        c36_score sc;
        c36_score_sheet(&a->sheet, &sc);
        check_score(a, &sc);
    }
    if (rc < 0) fuzz_check_err(&err, "<stdin>:");
    g_free(a);
    g_free(b);
    yml_docs_close(r);
    fuzz_stdin_pop(in);
    g_free(text);
    return 0;
}

/* fuzz_cpx_sheet.c: libFuzzer harness for Cirplexed boards: the stream reader,
 * the loader (placement, colours, the 90-tile set, connection) and the scoring
 * and ranking. Checks: errors are well-formed; ranks run from 1 and a player
 * ranked after another never has a better score. */
#include "fuzz/fuzz_util.h"
#include "scoring/games.h"

static bool better(const cpx_points *a, const cpx_points *b)
{
    if (a->circles != b->circles) return a->circles > b->circles;
    if (a->three_quarter != b->three_quarter) return a->three_quarter > b->three_quarter;
    return a->half > b->half;
}

static void check_ranks(const cpx_points *p, int n)
{
    for (int i = 0; i < n; i++) {
        bool ok = p[i].rank >= 1 && p[i].rank <= n && p[i].circles >= 0 &&
                  p[i].three_quarter >= 0 && p[i].half >= 0;
        for (int j = 0; j < n && ok; j++)
            if (better(&p[j], &p[i])) ok = p[j].rank < p[i].rank;
        if (!ok) {
            fprintf(stderr, "fuzz: player %d has rank %d of %d\n", i + 1, p[i].rank, n);
            abort();
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *in = fuzz_stdin_push(data, size);
    pn_err err = {0};
    yml_docs *r = yml_docs_open("-", &err);
    yml_doc d;
    int rc;
    while ((rc = yml_docs_next(r, &d, &err)) == 1) {
        cpx_input board = {0};
        if (cpx_load(&d, &board, &err)) {
            fuzz_check_err(&err, "<stdin>:");
            cpx_input_clear(&board);
            break;
        }
        cpx_points pts[CPX_MAX_PLAYERS] = {0};
        for (int p = 0; p < board.nplayers; p++)
            if (cpx_score_board(board.tiles[p], board.ntiles[p], &pts[p], NULL, 0)) abort();
        cpx_rank(pts, board.nplayers);
        check_ranks(pts, board.nplayers);
        cpx_input_clear(&board);
    }
    if (rc < 0) fuzz_check_err(&err, "<stdin>:");
    yml_docs_close(r);
    fuzz_stdin_pop(in);
    return 0;
}

/* fuzz_dc_sheet.c: libFuzzer harness for DiCroNo sets: the stream reader, the
 * loader and the set's scoring. Checks: errors are well-formed; subtotals never
 * go below zero and follow the penalty rule; the next game's first player is
 * one of the two. */
#include "fuzz/fuzz_util.h"
#include "scoring/games.h"

static void check_set(const dc_input *in, const dc_game_score *sc)
{
    int prev[2] = {0, 0};
    for (int g = 0; g < in->ngames; g++)
        for (int p = 0; p < 2; p++) {
            int want = prev[p] + sc[g].points[p] - sc[g].deducted[p];
            bool ok = sc[g].subtotal[p] >= 0 && sc[g].points[p] >= 0 &&
                      (sc[g].deducted[p] == 0 || sc[g].deducted[p] == 1) &&
                      sc[g].subtotal[p] == (want > 0 ? want : 0) &&
                      (sc[g].next_first == DC_PX || sc[g].next_first == DC_PO) &&
                      sc[g].points[p] == dc_points(&in->games[g], p);
            if (!ok) {
                fprintf(stderr, "fuzz: game %d, player %d: subtotal %d after %d\n", g + 1, p,
                        sc[g].subtotal[p], prev[p]);
                abort();
            }
            prev[p] = sc[g].subtotal[p];
        }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *in = fuzz_stdin_push(data, size);
    pn_err err = {0};
    yml_docs *r = yml_docs_open("-", &err);
    yml_doc d;
    int rc;
    dc_input *set = g_new0(dc_input, 1);
    while ((rc = yml_docs_next(r, &d, &err)) == 1) {
        if (dc_load(&d, set, &err)) {
            fuzz_check_err(&err, "<stdin>:");
            break;
        }
        /* as many scores as games, so that AddressSanitizer sees a write past
         * the set's last game; DC_MAX_GAMES of them (620 KB, zeroed) cost an
         * mmap and its page faults on every input and made the harness some 40
         * times slower (dc_score_set clears each score it writes) */
        dc_game_score *sc = g_new(dc_game_score, MAX(set->ngames, 1));
        dc_score_set(set->games, set->ngames, sc);
        check_set(set, sc);
        g_free(sc);
    }
    if (rc < 0) fuzz_check_err(&err, "<stdin>:");
    g_free(set);
    yml_docs_close(r);
    fuzz_stdin_pop(in);
    return 0;
}

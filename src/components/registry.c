/* registry.c: every component pnpkit knows, by name. */
#include "components/comp.h"

extern const comp_type comp_text, comp_line, comp_rect, comp_circle, comp_slot, comp_grid,
    comp_table, comp_ring_board, comp_c36_scorebox, comp_cirplexed_board;

const comp_type *const comp_types[] = {
    &comp_text, &comp_line,  &comp_rect,       &comp_circle,       &comp_slot,
    &comp_grid, &comp_table, &comp_ring_board, &comp_c36_scorebox, &comp_cirplexed_board,
    NULL,
};

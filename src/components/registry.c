/* registry.c: every component pnpkit knows, by name. */
#include "components/comp.h"

extern const comp_type comp_text, comp_line, comp_rect, comp_circle, comp_slot, comp_grid,
    comp_table, comp_ring_board, comp_c36_scorebox, comp_tic_board, comp_tic_goals,
    comp_tic_blockers, comp_circular_track, comp_tally, comp_tile_sheet, comp_shape,
    comp_cirplexed_board;

const comp_type *const comp_types[] = {
    &comp_text,
    &comp_line,
    &comp_rect,
    &comp_circle,
    &comp_slot,
    &comp_grid,
    &comp_table,
    &comp_ring_board,
    &comp_c36_scorebox,
    &comp_tic_board,
    &comp_tic_goals,
    &comp_tic_blockers,
    &comp_circular_track,
    &comp_tally,
    &comp_tile_sheet,
    &comp_shape,
    &comp_cirplexed_board,
    NULL,
};

static const struct {
    const comp_type *type;
    comp_sheets_fn sheets;
} multi_sheet[] = {
    {&comp_tile_sheet, comp_tile_sheet_sheets},
};

comp_sheets_fn comp_sheets_of(const comp_type *t)
{
    for (size_t i = 0; i < sizeof multi_sheet / sizeof multi_sheet[0]; i++)
        if (multi_sheet[i].type == t) return multi_sheet[i].sheets;
    return NULL;
}

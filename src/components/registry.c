/* registry.c: every component pnpkit knows, by name. */
#include "components/comp.h"

extern const comp_type comp_text, comp_line, comp_rect, comp_circle, comp_slot, comp_grid,
    comp_table, comp_ring_board, comp_c36_scorebox, comp_tic_board, comp_tic_goals,
    comp_tic_blockers, comp_circular_track, comp_tally, comp_tile_sheet, comp_shape,
    comp_cirplexed_board, comp_polygon, comp_star, comp_arc, comp_sector, comp_path, comp_hex_grid,
    comp_image;

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
    &comp_polygon,
    &comp_star,
    &comp_arc,
    &comp_sector,
    &comp_path,
    &comp_hex_grid,
    &comp_image,
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

static const struct {
    const comp_type *type;
    comp_items_fn items;
} per_item[] = {
    {&comp_hex_grid, comp_hex_grid_items},
};

comp_items_fn comp_items_of(const comp_type *t)
{
    for (size_t i = 0; i < sizeof per_item / sizeof per_item[0]; i++)
        if (per_item[i].type == t) return per_item[i].items;
    return NULL;
}

/* Components whose layout reads nothing of the page but its box (never
 * ctx->page or ctx->seed). A component missing here is laid out again for
 * every page of a pad: always right, only slower. */
static const comp_type *const same_every_page[] = {
    &comp_text,         &comp_line,      &comp_rect,         &comp_circle,
    &comp_slot,         &comp_grid,      &comp_table,        &comp_ring_board,
    &comp_c36_scorebox, &comp_tic_goals, &comp_tic_blockers, &comp_circular_track,
    &comp_tally,        &comp_shape,     &comp_polygon,      &comp_star,
    &comp_arc,          &comp_sector,    &comp_path,         &comp_hex_grid,
    &comp_image,
};

bool comp_same_every_page(const comp_type *t)
{
    for (size_t i = 0; i < sizeof same_every_page / sizeof same_every_page[0]; i++)
        if (same_every_page[i] == t) return true;
    return false;
}

/* commands.c: the list of commands, in the order help shows them. */
#include <stddef.h>
#include "cli/cli.h"

extern const cli_command cli_list, cli_render, cli_score, cli_analyze, cli_check, cli_calc,
    cli_serve, cli_scan, cli_help, cli_lint;

const cli_command *const cli_commands[] = {&cli_list,  &cli_render, &cli_lint,  &cli_score,  &cli_scan,
                                           &cli_analyze, &cli_check, &cli_calc, &cli_serve,
                                           &cli_help,  NULL};

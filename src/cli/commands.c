/* commands.c: the list of commands, in the order help shows them, and the
 * help command and overview that print it. */
#include <stddef.h>
#include <stdio.h>
#include "cli/cli.h"

extern const cli_command cli_list, cli_render, cli_score, cli_analyze, cli_check, cli_calc,
    cli_serve, cli_scan, cli_help, cli_lint;

const cli_command *const cli_commands[] = {&cli_list,  &cli_render,  &cli_lint,  &cli_score,
                                           &cli_scan,  &cli_analyze, &cli_check, &cli_calc,
                                           &cli_serve, &cli_help,    NULL};

void cli_usage(FILE *fp)
{
    fprintf(fp, "Usage: pnpkit COMMAND [options]\n\n"
                "Print-and-play boards and score sheets from YAML templates.\n\nCommands:\n");
    for (const cli_command *const *c = cli_commands; *c; c++)
        fprintf(fp, "  %-10s %s\n", (*c)->name, (*c)->summary);
    fprintf(fp, "\nOptions: --help, --version. 'pnpkit help COMMAND' explains a command.\n");
}

static int help_run(int argc, char **argv)
{
    if (argc < 2) {
        cli_usage(stdout);
        return 0;
    }
    const cli_command *c = cli_find(argv[1]);
    if (!c) return cli_usage_error("help", "unknown command '%s'", argv[1]);
    fputs(c->usage, stdout);
    return 0;
}

const cli_command cli_help = {"help", "explain a command", "Usage: pnpkit help [COMMAND]\n",
                              help_run};

/* cmd_list.c: "pnpkit list": the built-in templates and their parameters. */
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include "cli/cli.h"
#include "pnpkit.h"

/* Every component and its properties, from the components' own tables. */
static void list_components(void)
{
    pnpkit_component_list *l = pnpkit_components();
    for (size_t k = 0; k < l->n; k++) {
        const pnpkit_component *c = &l->items[k];
        printf("%s: %s\n", c->name, c->help);
        for (size_t i = 0; i < c->n_props; i++) {
            const pnpkit_param *p = &c->props[i];
            printf("    %-12s %s%s%s%s\n", p->name, p->bounds, p->def ? "" : " (required)",
                   p->help ? ": " : "", p->help ? p->help : "");
        }
    }
    pnpkit_component_list_free(l);
}

/* The scored games, one a line: the name and the template of its sheets. */
static void list_games(void)
{
    for (size_t i = 0; i < pnpkit_game_count(); i++)
        printf("%s %s\n", pnpkit_game_name(i), pnpkit_game_template(i));
}

static int list_run(int argc, char **argv)
{
    bool names_only = false, components = false, games = false;
    static const struct option opts[] = {{"names", no_argument, 0, 'n'},
                                         {"components", no_argument, 0, 'c'},
                                         {"games", no_argument, 0, 'g'},
                                         {0, 0, 0, 0}};
    optind = 1;
    for (int c; (c = getopt_long(argc, argv, ":n", opts, NULL)) != -1;) {
        if (c == 'n')
            names_only = true;
        else if (c == 'c')
            components = true;
        else if (c == 'g')
            games = true;
        else
            return cli_bad_option("list", c, argv);
    }
    if (games) {
        list_games();
        return 0;
    }
    if (components) {
        list_components();
        return 0;
    }
    pnpkit_template_list *list = pnpkit_templates_all(NULL);
    int rc = 0;
    for (size_t k = 0; k < list->n; k++) {
        const pnpkit_template *t = &list->items[k];
        if (names_only) {
            printf("%s\n", t->name);
            continue;
        }
        if (t->error) {
            rc = cli_fail_api(t->error);
            continue;
        }
        if (!strcmp(t->origin, "built-in"))
            printf("%-22s %s (built-in)\n", t->name, t->title);
        else
            printf("%-22s %s (%s: %s%s%s%s)\n", t->name, t->title, t->origin, t->path,
                   t->hides ? "; hides the " : "", t->hides ? t->hides : "",
                   t->hides ? " one" : "");
        if (*t->description) printf("    %s\n", t->description);
        for (size_t i = 0; i < t->n_params; i++) {
            const pnpkit_param *p = &t->params[i];
            printf("    --set %-14s %s%s%s\n", p->name, p->bounds, p->help ? ": " : "",
                   p->help ? p->help : "");
        }
    }
    pnpkit_template_list_free(list);
    return rc;
}

const cli_command cli_list = {
    "list", "list the templates and their parameters",
    "Usage: pnpkit list [--names | --components | --games]\n\n"
    "Lists every template 'pnpkit render NAME' finds, with where it comes from,\n"
    "its title, description and parameters (type, bounds, default):\n"
    "  user       $XDG_DATA_HOME/pnpkit/templates/NAME.yaml (~/.local/share/...);\n"
    "             a user template hides a built-in or installed one of that name\n"
    "  built-in   embedded in the binary\n"
    "  installed  PREFIX/share/pnpkit/templates/NAME.yaml ($PNPKIT_DATADIR/templates)\n"
    "--names prints only the names, one per line; --components lists every\n"
    "component a template can use, with its properties; --games lists the games\n"
    "'pnpkit score' takes, one a line: the name, then the template of its sheets.\n",
    list_run};

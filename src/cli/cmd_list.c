/* cmd_list.c: "pnpkit list": the built-in templates and their parameters. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include "cli/cli.h"
#include "pnpkit.h"
#include "template/tmpl.h"

/* Every component and its properties, from the components' own tables. */
static void list_components(void)
{
    for (const comp_type *const *t = comp_types; *t; t++) {
        printf("%s: %s\n", (*t)->name, (*t)->help);
        for (const pv_spec *p = (*t)->props; p->name; p++) {
            char *d = pv_describe(p);
            printf("    %-12s %s%s%s%s\n", p->name, d, p->def ? "" : " (required)",
                   p->help ? ": " : "", p->help ? p->help : "");
            g_free(d);
        }
    }
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
    GPtrArray *list = tmpl_list();
    int rc = 0;
    for (guint k = 0; k < list->len; k++) {
        const tmpl_entry *e = g_ptr_array_index(list, k);
        if (names_only) {
            printf("%s\n", e->name);
            continue;
        }
        pn_err err = {0};
        tmpl *t = tmpl_open(e->name, &err);
        if (!t) {
            rc = cli_fail(&err);
            continue;
        }
        if (!strcmp(e->origin, "built-in"))
            printf("%-22s %s (built-in)\n", e->name, t->title);
        else
            printf("%-22s %s (%s: %s%s%s%s)\n", e->name, t->title, e->origin, e->path,
                   e->hides ? "; hides the " : "", e->hides ? e->hides : "",
                   e->hides ? " one" : "");
        if (*t->description) printf("    %s\n", t->description);
        for (guint i = 0; i < t->params->len; i++) {
            tmpl_param *p = g_ptr_array_index(t->params, i);
            char *d = pv_describe(&p->spec);
            printf("    --set %-14s %s%s%s\n", p->spec.name, d, p->spec.help ? ": " : "",
                   p->spec.help ? p->spec.help : "");
            g_free(d);
        }
        tmpl_free(t);
    }
    g_ptr_array_unref(list);
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

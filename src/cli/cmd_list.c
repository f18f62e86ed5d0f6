/* cmd_list.c: "pnpkit list": the built-in templates and their parameters. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include "cli/cli.h"
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

static int list_run(int argc, char **argv)
{
    bool names_only = false, components = false;
    static const struct option opts[] = {
        {"names", no_argument, 0, 'n'}, {"components", no_argument, 0, 'c'}, {0, 0, 0, 0}};
    optind = 1;
    for (int c; (c = getopt_long(argc, argv, ":n", opts, NULL)) != -1;) {
        if (c == 'n')
            names_only = true;
        else if (c == 'c')
            components = true;
        else
            return cli_bad_option("list", c, argv);
    }
    if (components) {
        list_components();
        return 0;
    }
    char **names = tmpl_builtin_names();
    int rc = 0;
    for (char **n = names; *n; n++) {
        if (names_only) {
            printf("%s\n", *n);
            continue;
        }
        pn_err err = {0};
        tmpl *t = tmpl_open(*n, &err);
        if (!t) {
            rc = cli_fail(&err);
            continue;
        }
        printf("%-22s %s (%s)\n", t->name, t->title, t->origin);
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
    g_strfreev(names);
    return rc;
}

const cli_command cli_list = {
    "list", "list the built-in templates and their parameters",
    "Usage: pnpkit list [--names | --components]\n\n"
    "Lists every built-in template with its title, description and parameters\n"
    "(type, bounds, default). --names prints only the names, one per line;\n"
    "--components lists every component a template can use, with its properties.\n",
    list_run};

/* cmd_render.c: "pnpkit render": a template to PDF, SVG or PNG. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cli.h"
#include "render/render.h"
#include "template/value.h"
#include "util/outfile.h"

#define RENDER_USAGE                                                                               \
    "Usage: pnpkit render TEMPLATE [options]\n\n"                                                  \
    "TEMPLATE is a built-in name (see 'pnpkit list') or a path to a .yaml file.\n\n"               \
    "  -o, --output FILE    output file; the format follows the extension (.pdf .svg\n"            \
    "                       .png). '-' writes to standard output (give --format).\n"               \
    "                       Default: out/TEMPLATE.FORMAT\n"                                        \
    "  -f, --format FMT     pdf | svg | png (default pdf); scene writes the laid-out\n"            \
    "                       display list as text (mm), for checking layouts\n"                     \
    "  -s, --set NAME=VALUE set a template parameter (repeatable)\n"                               \
    "      --paper PAPER    a4 | a5 | a3 | letter | legal | WxH with units (200x150mm)\n"          \
    "      --landscape      turn the paper; --portrait turns it back\n"                            \
    "      --pages N        a pad of N sheets (seeded templates: sheet k uses seed+k);\n"          \
    "                       default: as many as the template needs (usually 1)\n"                  \
    "      --nup 2|4        impose 2 or 4 sheets on each paper, with cut marks\n"                  \
    "      --mono           ink-saving greyscale\n"                                                \
    "      --seed N         seed for random boards (default 1)\n"                                  \
    "      --dpi N          PNG resolution (default 150)\n"                                        \
    "      --backend ID     cairo (default) | haru (compact PDF)\n"                                \
    "  -q, --quiet          no progress output\n"                                                  \
    "\nPNG and SVG hold one page per file: page k of a pad goes to NAME-k.EXT.\n"

static const char *ext_format(const char *path)
{
    const char *dot = strrchr(path, '.');
    if (!dot) return NULL;
    if (!g_ascii_strcasecmp(dot, ".pdf")) return "pdf";
    if (!g_ascii_strcasecmp(dot, ".svg")) return "svg";
    if (!g_ascii_strcasecmp(dot, ".png")) return "png";
    if (!g_ascii_strcasecmp(dot, ".scene")) return "scene";
    return NULL;
}

static bool parse_long(const char *s, long min, long max, long *out)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (!*s || *end || v < min || v > max) return false;
    *out = v;
    return true;
}

enum {
    OPT_PAPER = 256,
    OPT_LANDSCAPE,
    OPT_PORTRAIT,
    OPT_PAGES,
    OPT_NUP,
    OPT_MONO,
    OPT_SEED,
    OPT_DPI,
    OPT_BACKEND,
    OPT_BLEED,
    OPT_TTF
};

static int render_run(int argc, char **argv)
{
    static const struct option opts[] = {{"output", required_argument, 0, 'o'},
                                         {"format", required_argument, 0, 'f'},
                                         {"set", required_argument, 0, 's'},
                                         {"paper", required_argument, 0, OPT_PAPER},
                                         {"landscape", no_argument, 0, OPT_LANDSCAPE},
                                         {"portrait", no_argument, 0, OPT_PORTRAIT},
                                         {"pages", required_argument, 0, OPT_PAGES},
                                         {"nup", required_argument, 0, OPT_NUP},
                                         {"mono", no_argument, 0, OPT_MONO},
                                         {"seed", required_argument, 0, OPT_SEED},
                                         {"dpi", required_argument, 0, OPT_DPI},
                                         {"backend", required_argument, 0, OPT_BACKEND},
                                         {"bleed", required_argument, 0, OPT_BLEED},
                                         {"ttf", required_argument, 0, OPT_TTF},
                                         {"quiet", no_argument, 0, 'q'},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    render_opts o = {
        .landscape = -1, .dpi = 150, .seed = 1, .pages = 0, .nup = 1, .epoch = cli_epoch()};
    GPtrArray *sets = g_ptr_array_new();
    const char *output = NULL, *format = NULL;
    bool seed_given = false;
    long v;
    int rc = 0;
    optind = 1;
    for (int c; (c = getopt_long(argc, argv, ":o:f:s:qh", opts, NULL)) != -1;) {
        switch (c) {
        case 'o':
            output = optarg;
            break;
        case 'f':
            format = optarg;
            break;
        case 's':
            g_ptr_array_add(sets, optarg);
            break;
        case OPT_PAPER:
            o.paper = optarg;
            break;
        case OPT_LANDSCAPE:
            o.landscape = 1;
            break;
        case OPT_PORTRAIT:
            o.landscape = 0;
            break;
        case OPT_PAGES:
            if (!parse_long(optarg, 1, RENDER_MAX_PAGES, &v)) {
                rc = cli_usage_error("render", "--pages takes a number from 1 to %d",
                                     RENDER_MAX_PAGES);
                goto out;
            }
            o.pages = (int)v;
            break;
        case OPT_NUP:
            if (!parse_long(optarg, 1, 4, &v) || v == 3) {
                rc = cli_usage_error("render", "--nup takes 2 or 4");
                goto out;
            }
            o.nup = (int)v;
            break;
        case OPT_MONO:
            o.mono = true;
            break;
        case OPT_SEED:
            if (!parse_long(optarg, 0, 2147483647L, &v)) {
                rc = cli_usage_error("render", "--seed takes a number from 0 to 2147483647");
                goto out;
            }
            o.seed = (unsigned long)v;
            seed_given = true;
            break;
        case OPT_DPI:
            if (!parse_long(optarg, RENDER_MIN_DPI, RENDER_MAX_DPI, &v)) {
                rc = cli_usage_error("render", "--dpi takes a number from %d to %d", RENDER_MIN_DPI,
                                     RENDER_MAX_DPI);
                goto out;
            }
            o.dpi = (double)v;
            break;
        case OPT_BACKEND:
            o.backend = optarg;
            break;
        case OPT_BLEED:
            if (!pv_length_mm(optarg, &o.bleed) || o.bleed < 0 || o.bleed > 10) {
                rc = cli_usage_error("render", "--bleed takes a length from 0 to 10mm");
                goto out;
            }
            break;
        case OPT_TTF:
            o.ttf = optarg;
            break;
        case 'q':
            break;
        case 'h':
            fputs(RENDER_USAGE, stdout);
            goto out;
        default:
            rc = cli_bad_option("render", c, argv);
            goto out;
        }
    }
    if (optind != argc - 1) {
        rc = cli_usage_error("render",
                             optind >= argc ? "which template?" : "one template at a time");
        goto out;
    }
    const char *name = argv[optind];
    if (format && strcmp(format, "pdf") && strcmp(format, "svg") && strcmp(format, "png") &&
        strcmp(format, "scene")) {
        rc = cli_usage_error("render", "--format must be pdf, svg, png or scene");
        goto out;
    }
    if (output && strcmp(output, "-")) {
        const char *ef = ext_format(output);
        if (!ef && !format) {
            rc = cli_usage_error(
                "render", "%s: cannot tell the format; use .pdf, .svg, .png or --format", output);
            goto out;
        }
        if (ef && format && strcmp(ef, format)) {
            rc = cli_usage_error("render", "%s does not match --format %s", output, format);
            goto out;
        }
        if (!format) format = ef;
    } else if (output && !format) {
        rc = cli_usage_error("render", "-o - needs --format");
        goto out;
    }
    if (!format) format = "pdf";
    if (!strcmp(format, "scene") && !o.backend) o.backend = "dump";
    pn_err err = {0};
    tmpl *t = tmpl_open(name, &err);
    if (!t) {
        rc = cli_fail(&err);
        goto out;
    }
    for (guint i = 0; i < sets->len && !rc; i++)
        if (tmpl_set(t, g_ptr_array_index(sets, i), &err)) rc = cli_fail(&err);
    if (!rc && seed_given) {
        char buf[32];
        snprintf(buf, sizeof buf, "%lu", o.seed);
        if (tmpl_set_if_present(t, "seed", buf, &err)) rc = cli_fail(&err);
    }
    if (!rc && tmpl_resolve(t, &err)) rc = cli_fail(&err);
    char *deflt = NULL;
    if (!rc && !output) {
        if (pn_ensure_dir("out", &err)) {
            rc = cli_fail(&err);
        } else {
            deflt = g_strdup_printf("out/%s.%s", t->name, format);
            output = deflt;
        }
    }
    if (!rc) {
        o.output = output;
        o.format = format;
        if (render_template(t, &o, &err)) rc = cli_fail(&err);
    }
    g_free(deflt);
    tmpl_free(t);
out:
    g_ptr_array_free(sets, TRUE);
    return rc;
}

const cli_command cli_render = {"render", "render a template to PDF, SVG or PNG", RENDER_USAGE,
                                render_run};

/* cmd_render.c: "pnpkit render": templates to PDF, SVG or PNG, one or many (from
 * the command line or a list file), each to its own output. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli/cli.h"
#include "cli/progress.h"
#include "cli/warnings.h"

#define RENDER_USAGE                                                                               \
    "Usage: pnpkit render TEMPLATE... [options]\n"                                                 \
    "       pnpkit render --list FILE [options]\n\n"                                               \
    "TEMPLATE is a name (see 'pnpkit list') or a path to a .yaml file. Several\n"                  \
    "templates are rendered one after another, each to OUTDIR/NAME.FORMAT.\n\n"                    \
    "  -o, --output FILE    output file; the format follows the extension (.pdf .svg\n"            \
    "                       .png); '-' (standard output) and devices such as\n"                    \
    "                       /dev/null get PDF unless --format says otherwise.\n"                   \
    "                       Default: OUTDIR/TEMPLATE.FORMAT\n"                                     \
    "  -d, --outdir DIR     where outputs go without -o (default out; created)\n"                  \
    "  -l, --list FILE      render every line of FILE ('-': standard input): a\n"                  \
    "                       template and its own options, as on this command line\n"               \
    "                       (quotes as in the shell; blank lines and # comments\n"                 \
    "                       are skipped). They add to the options given here.\n"                   \
    "  -f, --format FMT     pdf | svg | png (default pdf); scene writes the laid-out\n"            \
    "                       display list as text (mm), for checking layouts\n"                     \
    "  -s, --set NAME=VALUE set a template parameter (repeatable)\n"                               \
    "      --paper PAPER    a0..a6 | b1..b6 | letter | legal | poker | bridge | tarot |\n"         \
    "                       mini | WxH with units (200x150mm: 200 wide, 150 high)\n"               \
    "      --landscape      turn the paper: long side across; --portrait: down\n"                  \
    "      --pages N        a pad of N sheets (seeded templates: sheet k uses seed+k);\n"          \
    "                       default: as many as the template needs (usually 1)\n"                  \
    "      --nup 2|4        impose 2 or 4 sheets on each paper, with cut marks;\n"                 \
    "                       without --pages, one full paper (2 or 4 sheets)\n"                     \
    "      --actual-size    with --nup, every sheet at its template's own size (100%)\n"           \
    "                       instead of scaled to fill its part of the paper\n"                     \
    "      --fill           with --nup and --pages, add sheets to fill the last\n"                 \
    "                       paper (--pages 5 --nup 4 --fill: 8 sheets)\n"                          \
    "      --mono           ink-saving greyscale\n"                                                \
    "      --no-scan-marks  leave off the marks that let 'pnpkit scan' read a photo\n"             \
    "                       of the sheet (corner tags and a QR code)\n"                            \
    "      --seed N         seed for random boards (default 1)\n"                                  \
    "      --dpi N          PNG resolution (default 150; PDF and SVG warn)\n"                      \
    "      --backend ID     cairo (default) | haru (compact PDF, base-14 fonts)\n"                 \
    "      --bleed LEN      grow the page by LEN (0 to 10mm) on every side for\n"                  \
    "                       a print shop: backgrounds reach into it, crop marks,\n"                \
    "                       TrimBox and BleedBox; with cards, each card's bleed\n"                 \
    "      --ttf FILE       haru: embed this TrueType font for text the base-14\n"                 \
    "                       fonts cannot encode (without it: glyph outlines)\n"                    \
    "      --grid CxR       cards: C across and R down each paper at their own size,\n"            \
    "                       centred, with cut marks (--paper: default a4)\n"                       \
    "      --layout single  cards: one card a page (trim + bleed, TrimBox and\n"                   \
    "                       BleedBox), each front followed by its back\n"                          \
    "      --card WxH       the card size (default: the template's paper), 63x88mm\n"              \
    "      --gutter LEN     space between cards (0 to 20mm; default twice the bleed;\n"            \
    "                       0 with a bleed: shared cut lines)\n"                                   \
    "      --backs TEMPLATE after each paper of cards, a paper of their backs,\n"                  \
    "                       placed for turning the paper on its long edge\n"                       \
    "      --duplex long|short  the edge the paper is turned on for the backs\n"                   \
    "      --offset X,Y     move everything by X right and Y down (-20 to 20mm),\n"                \
    "                       to correct a printer's shift (see 'render calibration')\n"             \
    "      --scale K        scale everything about the paper's centre (0.8 to 1.2)\n"              \
    "      --data FILE      merge a CSV file (a header row naming the columns):\n"                 \
    "                       one sheet per row, columns used like parameters ($name)\n"             \
    "      --force          replace output files that are read-only\n"                             \
    "  -q, --quiet          nothing on a terminal but errors (no progress bar, which\n"            \
    "                       shows when a render takes over a second, and no line\n"                \
    "                       saying what was written)\n"                                            \
    "\nPNG and SVG hold one page per file: a single page goes to FILE, page k of\n"                \
    "several to NAME-k.EXT, k zero-padded so that the files sort (x-01.png ...\n"                  \
    "x-12.png); older page files beside them are named in a warning. An output\n"                  \
    "that is a symbolic link is written through (the link stays); a read-only\n"                   \
    "file is not replaced without --force (exit 3).\n"                                             \
    "When one of several renders fails, the others still run; the exit status is\n"                \
    "the first failure's. Parallel runs (xargs -P, make -j) are safe: every output\n"              \
    "is written to its own temporary file and renamed into place.\n"

/* Bounds on a list file. */
#define RENDER_MAX_JOBS 10000
#define RENDER_MAX_LIST_BYTES (1u << 20)
#define RENDER_MAX_LINE 4096

/* One render: a template and the options that apply to it. Strings are borrowed
 * from an argv that outlives the job. */
typedef struct render_job {
    pnpkit_render_opts o;
    GPtrArray *sets; /* const char * */
    const char *output, *format, *name;
    bool seed_given, dpi_given, duplex_given;
    char *where; /* "FILE:LINE" for a line of a list file; NULL on the command line */
} render_job;

/* Options only the command line has. */
typedef struct render_cmd {
    const char *outdir, *list;
    bool quiet;
    bool *made_outdir; /* set when this run made the output folder */
} render_cmd;

/* err set to a message of its own (no place); returns -1. */
static int fail(pnpkit_error *err, pnpkit_code code, const char *fmt, ...) CLI_PRINTF(3, 4);
static int fail(pnpkit_error *err, pnpkit_code code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    *err = (pnpkit_error){.code = code};
    g_vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return -1;
}

/* fail() placed at a line of a list file. */
static int fail_at(pnpkit_error *err, const char *file, int line, const char *fmt, ...)
    CLI_PRINTF(4, 5);
static int fail_at(pnpkit_error *err, const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    *err = (pnpkit_error){.code = PNPKIT_EINPUT, .line = line, .col = 1};
    g_strlcpy(err->file, file, sizeof err->file);
    g_vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return -1;
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
    OPT_FILL,
    OPT_MONO,
    OPT_SEED,
    OPT_DPI,
    OPT_BACKEND,
    OPT_BLEED,
    OPT_TTF,
    OPT_GRID,
    OPT_CARD,
    OPT_GUTTER,
    OPT_BACKS,
    OPT_OFFSET,
    OPT_SCALE,
    OPT_FORCE,
    OPT_DATA,
    OPT_LAYOUT,
    OPT_DUPLEX,
    OPT_ACTUAL,
    OPT_NO_SCAN_MARKS
};

static const struct option render_options[] = {{"output", required_argument, 0, 'o'},
                                               {"outdir", required_argument, 0, 'd'},
                                               {"list", required_argument, 0, 'l'},
                                               {"format", required_argument, 0, 'f'},
                                               {"set", required_argument, 0, 's'},
                                               {"paper", required_argument, 0, OPT_PAPER},
                                               {"landscape", no_argument, 0, OPT_LANDSCAPE},
                                               {"portrait", no_argument, 0, OPT_PORTRAIT},
                                               {"pages", required_argument, 0, OPT_PAGES},
                                               {"nup", required_argument, 0, OPT_NUP},
                                               {"fill", no_argument, 0, OPT_FILL},
                                               {"mono", no_argument, 0, OPT_MONO},
                                               {"no-scan-marks", no_argument, 0, OPT_NO_SCAN_MARKS},
                                               {"seed", required_argument, 0, OPT_SEED},
                                               {"dpi", required_argument, 0, OPT_DPI},
                                               {"backend", required_argument, 0, OPT_BACKEND},
                                               {"bleed", required_argument, 0, OPT_BLEED},
                                               {"ttf", required_argument, 0, OPT_TTF},
                                               {"grid", required_argument, 0, OPT_GRID},
                                               {"card", required_argument, 0, OPT_CARD},
                                               {"gutter", required_argument, 0, OPT_GUTTER},
                                               {"backs", required_argument, 0, OPT_BACKS},
                                               {"offset", required_argument, 0, OPT_OFFSET},
                                               {"scale", required_argument, 0, OPT_SCALE},
                                               {"force", no_argument, 0, OPT_FORCE},
                                               {"data", required_argument, 0, OPT_DATA},
                                               {"layout", required_argument, 0, OPT_LAYOUT},
                                               {"duplex", required_argument, 0, OPT_DUPLEX},
                                               {"actual-size", no_argument, 0, OPT_ACTUAL},
                                               {"quiet", no_argument, 0, 'q'},
                                               {"help", no_argument, 0, 'h'},
                                               {0, 0, 0, 0}};

/* What getopt_long stopped at, as a message. */
static int bad_option(int code, char **argv, pnpkit_error *err)
{
    const char *arg = argv[optind - 1];
    if (code == ':') return fail(err, PNPKIT_EUSAGE, "option '%s' needs a value", arg);
    if (optopt && optopt < 256) return fail(err, PNPKIT_EUSAGE, "unknown option '-%c'", optopt);
    return fail(err, PNPKIT_EUSAGE, "unknown option '%s'", arg);
}

/* "AxB" with units (a length each side, or the unit after B only). */
static bool parse_pair(const char *s, char sep, double *a, double *b, bool lengths)
{
    const char *x = strchr(s, sep);
    if (!x || x == s || !x[1]) return false;
    char *first = g_strndup(s, (gsize)(x - s));
    bool ok;
    if (lengths) {
        const char *unit = x + 1;
        while (*unit && (g_ascii_isdigit(*unit) || *unit == '.' || *unit == '-'))
            unit++;
        char *withunit = g_ascii_isalpha(first[strlen(first) - 1])
                             ? g_strdup(first)
                             : g_strdup_printf("%s%s", first, *unit ? unit : "mm");
        char *second = *unit ? g_strdup(x + 1) : g_strdup_printf("%smm", x + 1);
        ok = pnpkit_length_mm(withunit, a) && pnpkit_length_mm(second, b);
        g_free(withunit);
        g_free(second);
    } else {
        long ca = 0, cb = 0;
        ok = parse_long(first, 1, PNPKIT_GRID_MAX, &ca) &&
             parse_long(x + 1, 1, PNPKIT_GRID_MAX, &cb);
        *a = (double)ca;
        *b = (double)cb;
    }
    g_free(first);
    return ok;
}

/* --grid, --card, --gutter, --offset and --scale. */
static int parse_card_option(render_job *j, int c, const char *arg, pnpkit_error *err)
{
    double a, b;
    char *end;
    switch (c) {
    case OPT_GRID:
        if (!parse_pair(arg, 'x', &a, &b, false))
            return fail(err, PNPKIT_EUSAGE, "--grid takes CxR, 1 to %d each (3x3)",
                        PNPKIT_GRID_MAX);
        j->o.grid_cols = (int)a;
        j->o.grid_rows = (int)b;
        return 0;
    case OPT_CARD:
        if (!parse_pair(arg, 'x', &a, &b, true) || a < PNPKIT_CARD_MIN_MM ||
            b < PNPKIT_CARD_MIN_MM || a > PNPKIT_CARD_MAX_MM || b > PNPKIT_CARD_MAX_MM)
            return fail(err, PNPKIT_EUSAGE, "--card takes WxH, each %g to %g mm (63x88mm)",
                        PNPKIT_CARD_MIN_MM, PNPKIT_CARD_MAX_MM);
        j->o.card_w = a;
        j->o.card_h = b;
        return 0;
    case OPT_GUTTER:
        if (!pnpkit_length_mm(arg, &a) || a < 0 || a > PNPKIT_GUTTER_MAX_MM)
            return fail(err, PNPKIT_EUSAGE, "--gutter takes a length from 0 to %gmm",
                        PNPKIT_GUTTER_MAX_MM);
        j->o.gutter = a;
        return 0;
    case OPT_OFFSET:
        if (!parse_pair(arg, ',', &a, &b, true) || fabs(a) > PNPKIT_OFFSET_MAX_MM ||
            fabs(b) > PNPKIT_OFFSET_MAX_MM)
            return fail(err, PNPKIT_EUSAGE, "--offset takes X,Y, each -%g to %gmm (1.5mm,-0.5mm)",
                        PNPKIT_OFFSET_MAX_MM, PNPKIT_OFFSET_MAX_MM);
        j->o.offset_x = a;
        j->o.offset_y = b;
        return 0;
    default:
        a = g_ascii_strtod(arg, &end);
        if (end == arg || *end || !(a >= PNPKIT_SCALE_MIN && a <= PNPKIT_SCALE_MAX))
            return fail(err, PNPKIT_EUSAGE, "--scale takes a number from %g to %g",
                        PNPKIT_SCALE_MIN, PNPKIT_SCALE_MAX);
        j->o.scale = a;
        return 0;
    }
}

/* Reads argv's options into j (on top of what it holds) and its other words
 * into names. cmd is NULL for a line of a list file, where the command-line
 * options are refused. Returns 0, 1 after printing help, or -1 with err. */
static int parse_options(render_job *j, render_cmd *cmd, int argc, char **argv, GPtrArray *names,
                         pnpkit_error *err)
{
    long v;
    optind = 0; /* a fresh scan, also of a new argv */
    for (int c; (c = getopt_long(argc, argv, ":o:d:l:f:s:qh", render_options, NULL)) != -1;) {
        if (!cmd && (c == 'd' || c == 'l' || c == 'q' || c == 'h'))
            return fail(err, PNPKIT_EUSAGE, "--%s belongs on the command line, not in a list",
                        c == 'd'   ? "outdir"
                        : c == 'l' ? "list"
                        : c == 'q' ? "quiet"
                                   : "help");
        switch (c) {
        case 'o':
            j->output = optarg;
            break;
        case 'd':
            cmd->outdir = optarg;
            break;
        case 'l':
            cmd->list = optarg;
            break;
        case 'f':
            j->format = optarg;
            break;
        case 's':
            g_ptr_array_add(j->sets, optarg);
            break;
        case OPT_PAPER: {
            /* a paper from the command line is checked here: a usage error */
            pnpkit_error perr;
            if (pnpkit_paper_size(optarg, NULL, NULL, &perr))
                return fail(err, PNPKIT_EUSAGE, "%s", perr.message);
            j->o.paper = optarg;
            break;
        }
        case OPT_LANDSCAPE:
            j->o.landscape = 1;
            break;
        case OPT_PORTRAIT:
            j->o.landscape = 0;
            break;
        case OPT_PAGES:
            if (!parse_long(optarg, 1, PNPKIT_PAGES_MAX, &v))
                return fail(err, PNPKIT_EUSAGE, "--pages takes a number from 1 to %d",
                            PNPKIT_PAGES_MAX);
            j->o.pages = (int)v;
            break;
        case OPT_NUP:
            if (!parse_long(optarg, 2, 4, &v) || v == 3)
                return fail(err, PNPKIT_EUSAGE, "--nup takes 2 or 4");
            j->o.nup = (int)v;
            break;
        case OPT_FILL:
            j->o.fill = 1;
            break;
        case OPT_MONO:
            j->o.mono = 1;
            break;
        case OPT_NO_SCAN_MARKS:
            j->o.no_scan_marks = 1;
            break;
        case OPT_SEED:
            if (!parse_long(optarg, 0, PNPKIT_SEED_MAX, &v))
                return fail(err, PNPKIT_EUSAGE, "--seed takes a number from 0 to %ld",
                            PNPKIT_SEED_MAX);
            j->o.seed = (unsigned long)v;
            j->seed_given = true;
            break;
        case OPT_DPI:
            if (!parse_long(optarg, PNPKIT_DPI_MIN, PNPKIT_DPI_MAX, &v))
                return fail(err, PNPKIT_EUSAGE, "--dpi takes a number from %d to %d",
                            PNPKIT_DPI_MIN, PNPKIT_DPI_MAX);
            j->o.dpi = (double)v;
            j->dpi_given = true;
            break;
        case OPT_BACKEND:
            /* "dump" is what --format scene uses, not a choice of its own */
            if (strcmp(optarg, "cairo") && strcmp(optarg, "haru"))
                return fail(err, PNPKIT_EUSAGE, "unknown backend '%s' (cairo or haru)", optarg);
            j->o.backend = optarg;
            break;
        case OPT_BLEED:
            if (!pnpkit_length_mm(optarg, &j->o.bleed) || j->o.bleed < 0 ||
                j->o.bleed > PNPKIT_BLEED_MAX_MM)
                return fail(err, PNPKIT_EUSAGE, "--bleed takes a length from 0 to 10mm");
            break;
        case OPT_TTF:
            j->o.ttf = optarg;
            break;
        case OPT_GRID:
        case OPT_CARD:
        case OPT_GUTTER:
        case OPT_OFFSET:
        case OPT_SCALE:
            if (parse_card_option(j, c, optarg, err)) return -1;
            break;
        case OPT_BACKS:
            j->o.backs = optarg;
            break;
        case OPT_DATA:
            j->o.data = optarg;
            break;
        case OPT_LAYOUT:
            if (strcmp(optarg, "sheets") && strcmp(optarg, "single"))
                return fail(err, PNPKIT_EUSAGE, "--layout takes sheets or single");
            j->o.card_layout = strcmp(optarg, "single") ? PNPKIT_CARDS_SHEETS : PNPKIT_CARDS_SINGLE;
            break;
        case OPT_DUPLEX:
            if (strcmp(optarg, "long") && strcmp(optarg, "short"))
                return fail(err, PNPKIT_EUSAGE, "--duplex takes long or short");
            j->o.duplex = strcmp(optarg, "short") ? PNPKIT_DUPLEX_LONG : PNPKIT_DUPLEX_SHORT;
            j->duplex_given = true;
            break;
        case OPT_ACTUAL:
            j->o.actual_size = 1;
            break;
        case OPT_FORCE:
            j->o.force = 1;
            break;
        case 'q':
            cmd->quiet = true;
            break;
        case 'h':
            fputs(RENDER_USAGE, stdout);
            return 1;
        default:
            return bad_option(c, argv, err);
        }
    }
    for (int i = optind; i < argc; i++)
        g_ptr_array_add(names, argv[i]);
    return 0;
}

static render_job *job_copy(const render_job *base, const char *name, char *where)
{
    render_job *j = g_new0(render_job, 1);
    *j = *base;
    j->sets = g_ptr_array_copy(base->sets, NULL, NULL);
    j->name = name;
    j->where = where;
    return j;
}

static void job_free(gpointer p)
{
    render_job *j = p;
    g_ptr_array_free(j->sets, TRUE);
    g_free(j->where);
    g_free(j);
}

/* Reads the list file into jobs (built on base). Every line's words are kept in
 * words (freed by the caller) because the jobs borrow them. */
/* The whole list, at most RENDER_MAX_LIST_BYTES: standard input, or a
 * regular file (a FIFO would wait for a writer, /dev/zero never end). */
static int slurp_list(const char *file, bool std, char **text, size_t *size, pnpkit_error *err)
{
    const char *shown = std ? "<stdin>" : file;
    FILE *fp = stdin;
    if (!std) {
        const char *why;
        bool input;
        if (!(fp = cli_open_regular(file, &why, &input)))
            return fail(err, input ? PNPKIT_EINPUT : PNPKIT_EIO, "%s: %s", file, why);
    }
    GString *s = g_string_new(NULL);
    char buf[65536];
    size_t n;
    int rc = 0;
    while (!rc && (n = fread(buf, 1, sizeof buf, fp)) > 0) {
        if (s->len + n > RENDER_MAX_LIST_BYTES)
            rc = fail(err, PNPKIT_EINPUT, "%s: the list is larger than %u bytes", shown,
                      RENDER_MAX_LIST_BYTES);
        else
            g_string_append_len(s, buf, (gssize)n);
    }
    if (!rc && ferror(fp)) rc = fail(err, PNPKIT_EIO, "%s: %s", shown, strerror(errno));
    if (!std) fclose(fp);
    *size = s->len;
    *text = g_string_free(s, rc != 0);
    return rc;
}

static int read_list(const char *file, const render_job *base, GPtrArray *jobs, GPtrArray *words,
                     pnpkit_error *err)
{
    bool std = !strcmp(file, "-");
    const char *shown = std ? "<stdin>" : file;
    char *text = NULL;
    size_t size = 0;
    if (slurp_list(file, std, &text, &size, err)) return -1;
    int lineno = 0, rc = 0;
    for (char *at = text, *next; !rc && at < text + size; at = next) {
        char *nl = memchr(at, '\n', (size_t)(text + size - at));
        next = nl ? nl + 1 : text + size;
        lineno++;
        size_t len = (size_t)(next - at);
        if (memchr(at, '\0', len)) {
            rc = fail_at(err, shown, lineno, "a NUL byte in the line");
            break;
        }
        if (len > RENDER_MAX_LINE) {
            rc = fail_at(err, shown, lineno, "line longer than %d characters", RENDER_MAX_LINE);
            break;
        }
        char line[RENDER_MAX_LINE + 2];
        memcpy(line, at, len);
        line[len] = '\0';
        g_strchomp(line);
        const char *s = line;
        while (g_ascii_isspace(*s))
            s++;
        if (!*s || *s == '#') continue;
        if (jobs->len >= RENDER_MAX_JOBS) {
            rc = fail_at(err, shown, lineno, "more than %d renders in one list", RENDER_MAX_JOBS);
            break;
        }
        int n;
        char **line_words;
        GError *ge = NULL;
        if (!g_shell_parse_argv(s, &n, &line_words, &ge)) {
            rc = fail_at(err, shown, lineno, "%s", ge->message);
            g_error_free(ge);
            break;
        }
        /* getopt wants the command's name first */
        int argc = n + 1;
        char **argv = g_new0(char *, (gsize)argc + 1);
        argv[0] = g_strdup("render");
        memcpy(argv + 1, line_words, (size_t)n * sizeof *argv);
        g_free(line_words);
        g_ptr_array_add(words, argv);
        GPtrArray *names = g_ptr_array_new();
        render_job *j = job_copy(base, NULL, g_strdup_printf("%s:%d", shown, lineno));
        pnpkit_error perr;
        if (parse_options(j, NULL, argc, argv, names, &perr)) {
            rc = fail_at(err, shown, lineno, "%s", perr.message);
        } else if (names->len != 1) {
            rc = fail_at(err, shown, lineno,
                         names->len ? "one template per line" : "which template?");
        } else if (!std && cli_same_file(j->output, file)) {
            rc = fail_at(err, shown, lineno,
                         "-o %s is this list itself: writing it would lose the list", j->output);
        } else {
            j->name = g_ptr_array_index(names, 0);
            g_ptr_array_add(jobs, j);
            j = NULL;
        }
        if (j) job_free(j);
        g_ptr_array_free(names, TRUE);
    }
    g_free(text);
    if (rc && err->code != PNPKIT_EIO) err->code = PNPKIT_EINPUT;
    return rc;
}

/* Checks the output and format of a job and settles its format. */
static int check_output(render_job *j, pnpkit_error *err)
{
    const char *f = j->format;
    if (f && strcmp(f, "pdf") && strcmp(f, "svg") && strcmp(f, "png") && strcmp(f, "scene"))
        return fail(err, PNPKIT_EUSAGE, "--format must be pdf, svg, png or scene");
    if (j->output && strcmp(j->output, "-")) {
        const char *ef = cli_format_of(j->output, 1);
        struct stat st;
        /* /dev/null, a FIFO: no name to read a format from; PDF as ever */
        if (!ef && !f && stat(j->output, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
            f = "pdf";
        if (!ef && !f)
            return fail(err, PNPKIT_EUSAGE,
                        "%s: cannot tell the format; use .pdf, .svg, .png or --format", j->output);
        if (ef && f && strcmp(ef, f))
            return fail(err, PNPKIT_EUSAGE, "%s does not match --format %s", j->output, f);
        if (cli_same_file(j->output, j->name))
            return fail(err, PNPKIT_EUSAGE,
                        "-o %s is the template itself: writing it would lose the template",
                        j->output);
        if (!f) f = ef;
    } else if (j->output) {
        if (!f) f = "pdf";
        if (strcmp(f, "svg") && strcmp(f, "scene") && isatty(STDOUT_FILENO))
            return fail(err, PNPKIT_EUSAGE,
                        "not writing %s to a terminal: redirect standard output or give -o "
                        "FILE",
                        !strcmp(f, "pdf") ? "a PDF" : "a PNG");
    }
    bool single = j->o.card_layout == PNPKIT_CARDS_SINGLE;
    if (j->o.grid_cols == 0 && !single && (j->o.card_w > 0 || j->o.gutter >= 0 || j->o.backs))
        return fail(err, PNPKIT_EUSAGE,
                    "--card, --gutter and --backs are for --grid or --layout single");
    if (single && (j->o.grid_cols > 0 || j->o.gutter >= 0 || j->o.nup > 1))
        return fail(err, PNPKIT_EUSAGE,
                    "--layout single puts one card on each page: no --grid, "
                    "--gutter or --nup");
    if (j->duplex_given && (j->o.grid_cols == 0 || !j->o.backs))
        return fail(err, PNPKIT_EUSAGE, "--duplex places the --backs of a --grid");
    if (j->o.actual_size && j->o.nup < 2)
        return fail(err, PNPKIT_EUSAGE,
                    "--actual-size keeps the sheets of --nup 2 or 4 at their "
                    "own size; give --nup");
    if (j->o.grid_cols > 0 && j->o.nup > 1)
        return fail(err, PNPKIT_EUSAGE, "--grid and --nup cannot be used together");
    if (j->o.fill && j->o.nup < 2 && j->o.grid_cols == 0)
        return fail(err, PNPKIT_EUSAGE, "--fill fills the last paper of --nup 2 or 4; give --nup");
    j->format = f ? f : "pdf";
    j->o.format = j->format;
    return 0;
}

/* Warns about page files beside output that this run did not write (an
 * earlier run with more pages): they would pass for part of it. */
static void warn_stale(const pnpkit_doc *d, const char *output)
{
    size_t n = 0;
    char **stale = pnpkit_doc_stale_files(d, output, &n);
    int papers = pnpkit_doc_get_info(d)->papers;
    if (n == 1)
        fprintf(stderr, "pnpkit render: warning: %s is not from this run (%d page%s); remove it\n",
                stale[0], papers, papers == 1 ? "" : "s");
    else if (n > 1)
        fprintf(stderr,
                "pnpkit render: warning: %zu files such as %s are not from this run (%d page%s); "
                "remove them\n",
                n, stale[0], papers, papers == 1 ? "" : "s");
    pnpkit_strv_free(stale);
}

/* On a terminal: what a render wrote (its files, pages and size). Outputs that
 * are not regular files (standard output, /dev/null) are not reported. */
static void say_written(const pnpkit_doc *d, const char *output)
{
    const pnpkit_doc_info *info = pnpkit_doc_get_info(d);
    goffset size = 0;
    for (int k = 1; k <= info->files; k++) {
        char *p = pnpkit_doc_file_path(d, output, k);
        GStatBuf st;
        bool reg = g_stat(p, &st) == 0 && S_ISREG(st.st_mode);
        pnpkit_free(p);
        if (!reg) return;
        size += st.st_size;
    }
    char human[32];
    if (size < 1000)
        snprintf(human, sizeof human, "%d bytes", (int)size);
    else if (size < 1000000)
        snprintf(human, sizeof human, "%.1f kB", (double)size / 1e3);
    else
        snprintf(human, sizeof human, "%.1f MB", (double)size / 1e6);
    int papers = info->papers;
    if (info->files == 1) {
        fprintf(stderr, "wrote %s: %d page%s, %s\n", output, papers, papers == 1 ? "" : "s", human);
    } else {
        char *first = pnpkit_doc_file_path(d, output, 1);
        char *last = pnpkit_doc_file_path(d, output, info->files);
        fprintf(stderr, "wrote %s ... %s: %d pages, %s\n", first, last, papers, human);
        pnpkit_free(first);
        pnpkit_free(last);
    }
}

/* The document's one file to standard output. */
static int write_stdout(pnpkit_doc *d, pnpkit_error *err)
{
    pnpkit_buffer *b = pnpkit_doc_write_mem(d, err);
    if (!b) return -1;
    errno = 0;
    bool bad = fwrite(b->data, 1, b->len, stdout) != b->len;
    bad = fflush(stdout) != 0 || bad;
    int saved = errno;
    pnpkit_buffer_free(b);
    if (!bad) return 0;
    if (saved) return fail(err, PNPKIT_EIO, "standard output: write failed: %s", strerror(saved));
    return fail(err, PNPKIT_EIO, "standard output: write failed");
}

/* Where a job's output goes: -o, or OUTDIR/NAME.FORMAT (the folder made).
 * Caller frees; NULL with err. */
static char *output_of(const render_job *j, const render_cmd *cmd, const pnpkit_doc *d,
                       pnpkit_error *err)
{
    if (j->output) return g_strdup(j->output);
    const char *dir = cmd->outdir ? cmd->outdir : "out";
    if (!g_file_test(dir, G_FILE_TEST_EXISTS)) *cmd->made_outdir = true;
    if (g_mkdir_with_parents(dir, 0777) != 0) {
        fail(err, PNPKIT_EIO, "cannot create directory %s: %s", dir, strerror(errno));
        return NULL;
    }
    return g_strdup_printf("%s/%s.%s", dir, pnpkit_doc_get_info(d)->name, j->format);
}

/* Refuses what this run cannot write: several pages of SVG or PNG to
 * standard output, an output an earlier job of the run wrote. */
static int check_target(const render_job *j, const pnpkit_doc *d, const char *output,
                        GHashTable *written, pnpkit_error *err)
{
    const pnpkit_doc_info *info = pnpkit_doc_get_info(d);
    if (!strcmp(output, "-")) {
        /* one page per SVG or PNG file: refuse more before writing any */
        if (info->files > 1)
            return fail(err, PNPKIT_EUSAGE,
                        "%s file holds one page, so standard output can take only one of %d; "
                        "write a PDF or give -o FILE",
                        !strcmp(j->format, "svg") ? "an SVG" : "a PNG", info->papers);
        return 0;
    }
    /* Every file the write makes (each page of an SVG or PNG), by its path
     * made absolute and tidied: "./r.pdf" is r.pdf, and page 1 of x.png
     * (x-1.png) is what a render named x-1 writes. */
    for (int k = 1; k <= info->files; k++) {
        char *file = pnpkit_doc_file_path(d, output, k);
        char *key = g_canonicalize_filename(file, NULL);
        const char *before = g_hash_table_lookup(written, key);
        int rc = 0;
        if (before && j->where)
            rc = fail(err, PNPKIT_EINPUT, "%s was already written by %s; give this line -o FILE",
                      file, before);
        else if (before)
            rc = fail(err, PNPKIT_EUSAGE,
                      "%s was already written by %s; render it again on its own with -o "
                      "FILE, or give each render its own -o in a list file (--list)",
                      file, before);
        g_free(key);
        g_free(file);
        if (rc) return rc;
    }
    return 0;
}

/* Notes every file a write of d to output made, as check_target finds them. */
static void note_written(const pnpkit_doc *d, const char *output, const char *by,
                         GHashTable *written)
{
    int files = pnpkit_doc_get_info(d)->files;
    for (int k = 1; k <= files; k++) {
        char *file = pnpkit_doc_file_path(d, output, k);
        g_hash_table_insert(written, g_canonicalize_filename(file, NULL), g_strdup(by));
        g_free(file);
    }
}

/* Renders one job; outputs already written by this run are refused. */
static int run_job(render_job *j, const render_cmd *cmd, GHashTable *written, const char *label,
                   pnpkit_error *err)
{
    const char *where = j->where ? j->where : "", *colon = j->where ? ": " : "";
    if (j->dpi_given && strcmp(j->format, "png"))
        fprintf(stderr,
                "%s%spnpkit render: warning: --dpi is the resolution of PNG output; it "
                "does not change %s output\n",
                where, colon, j->format);
    pnpkit_ctx *ctx = cli_ctx(err);
    if (!ctx) return -1;
    /* the hooks: a progress bar, and for templates of one's own (the
     * built-in ones are tested) lint's quick checks; --quiet leaves both out */
    cli_progress *bar = cli_progress_new(label, cli_progress_wanted(cmd->quiet));
    cli_warnings *w = cli_warnings_new();
    pnpkit_render_opts o = j->o;
    g_ptr_array_add(j->sets, NULL);
    o.set = (const char *const *)j->sets->pdata;
    o.progress = cli_progress_update;
    o.progress_user = bar;
    if (!cmd->quiet) {
        o.warn = cli_warnings_collect;
        o.warn_user = w;
    }
    pnpkit_doc *d = pnpkit_doc_open(ctx, j->name, &o, err);
    int rc = d ? 0 : -1;
    const pnpkit_doc_info *info = d ? pnpkit_doc_get_info(d) : NULL;
    if (!rc && j->seed_given && !info->has_seed)
        fprintf(stderr,
                "%s%spnpkit render: warning: %s has no seed (its sheets are not random); "
                "--seed is ignored\n",
                where, colon, j->name);
    if (!rc && !strcmp(info->origin, "built-in") && o.warn) o.warn = cli_warnings_collect_paper;
    char *output = rc ? NULL : output_of(j, cmd, d, err);
    if (!rc && !output) rc = -1;
    if (!rc) rc = check_target(j, d, output, written, err);
    if (!rc) rc = strcmp(output, "-") ? pnpkit_doc_write(d, output, err) : write_stdout(d, err);
    cli_progress_free(bar);
    if (!rc) {
        cli_warnings_print(w, info->file, stderr);
        note_written(d, output, j->where ? j->where : j->name, written);
        if (strcmp(output, "-")) warn_stale(d, output);
        if (!cmd->quiet && isatty(STDERR_FILENO)) say_written(d, output);
    }
    cli_warnings_free(w);
    g_free(output);
    pnpkit_doc_free(d);
    g_ptr_array_remove_index(j->sets, j->sets->len - 1);
    return rc;
}

static int render_run(int argc, char **argv)
{
    render_job base = {.sets = g_ptr_array_new()};
    pnpkit_render_opts_init(&base.o);
    base.o.epoch = cli_epoch();
    bool made_outdir = false;
    render_cmd cmd = {.made_outdir = &made_outdir};
    GPtrArray *names = g_ptr_array_new();
    GPtrArray *jobs = g_ptr_array_new_with_free_func(job_free);
    GPtrArray *words = g_ptr_array_new_with_free_func((GDestroyNotify)g_strfreev);
    GHashTable *written = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    pnpkit_error err = {0};
    int rc = parse_options(&base, &cmd, argc, argv, names, &err);
    if (rc == 1) {
        rc = 0;
        goto out;
    }
    if (rc) {
        rc = cli_usage_error("render", "%s", err.message);
        goto out;
    }
    for (guint i = 0; i < names->len; i++)
        g_ptr_array_add(jobs, job_copy(&base, g_ptr_array_index(names, i), NULL));
    if (cmd.list && strcmp(cmd.list, "-") && cli_same_file(base.output, cmd.list)) {
        rc =
            cli_usage_error("render", "-o %s is the list %s itself: writing it would lose the list",
                            base.output, cmd.list);
        goto out;
    }
    if (cmd.list && read_list(cmd.list, &base, jobs, words, &err)) {
        rc = cli_fail_api(&err);
        goto out;
    }
    if (!jobs->len) {
        rc = cli_usage_error("render", "which template?");
        goto out;
    }
    if (jobs->len > 1 && base.output) {
        rc = cli_usage_error("render", "-o names one file; give --outdir DIR for several "
                                       "templates");
        goto out;
    }
    for (guint i = 0; i < jobs->len; i++) {
        render_job *j = g_ptr_array_index(jobs, i);
        if (check_output(j, &err)) {
            if (!j->where) {
                rc = cli_usage_error("render", "%s", err.message);
            } else {
                fprintf(stderr, "%s:1: %s\n", j->where, err.message);
                rc = PNPKIT_EINPUT;
            }
            goto out;
        }
        if (jobs->len > 1 && !strcmp(j->output ? j->output : "", "-")) {
            rc = cli_usage_error("render", "only one template can go to standard output");
            goto out;
        }
    }
    for (guint i = 0; i < jobs->len; i++) {
        render_job *j = g_ptr_array_index(jobs, i);
        char *label = jobs->len > 1 ? g_strdup_printf("[%u/%u] %s", i + 1, jobs->len, j->name)
                                    : g_strdup(j->name);
        pnpkit_error jerr = {0};
        if (run_job(j, &cmd, written, label, &jerr)) {
            int st;
            if (j->where) {
                fprintf(stderr, "%s: ", j->where);
                st = cli_fail_api(&jerr);
            } else {
                st = cli_fail_usage_api("render", &jerr); /* usage: with the hint to the help */
            }
            if (!rc) rc = st;
        }
        g_free(label);
    }
out:
    /* a folder this run made and nothing was written into goes again */
    if (made_outdir) g_rmdir(cmd.outdir ? cmd.outdir : "out");
    g_hash_table_destroy(written);
    g_ptr_array_free(jobs, TRUE);
    g_ptr_array_free(words, TRUE);
    g_ptr_array_free(names, TRUE);
    g_ptr_array_free(base.sets, TRUE);
    return rc;
}

const cli_command cli_render = {"render", "render templates to PDF, SVG or PNG", RENDER_USAGE,
                                render_run};

/* cmd_scan.c: "pnpkit scan PHOTO...": reads photographed sheets through the
 * public interface (pnpkit_scan) and writes them as the sheets `pnpkit score`
 * reads, as JSON, or scored. */
#include <errno.h>
#include <getopt.h>
#include <glib.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include "cli/cli.h"
#include "pnpkit.h"

#define SCAN_USAGE                                                                                 \
    "Usage: pnpkit scan PHOTO... [-o sheet.yaml] [--json] [--score] [--template FILE]\n\n"         \
    "Reads photos (JPEG or PNG; '-' reads standard input) of Circle 36 and DiCroNo\n"              \
    "sheets printed by pnpkit with their scan marks (the corner tags and the QR\n"                 \
    "code), and writes what was played as the sheet 'pnpkit score' reads. Several\n"               \
    "Circle 36 photos give several sheets separated by ---; each DiCroNo photo is\n"               \
    "one game, and several make one set, in the order given. Doubtful fields and\n"                \
    "fields that could not be read are named on standard error.\n\n"                               \
    "  -o, --output FILE  write the sheets to FILE (default: standard output)\n"                   \
    "      --json         one JSON object a photo on standard output: the template,\n"             \
    "                     its parameters, every field (slot, value, sure, confidence,\n"           \
    "                     box_mm, circled), the sheet and the problems\n"                          \
    "      --score        score the sheets and print the totals (as 'pnpkit score')\n"             \
    "      --template FILE  the template file the sheets were printed from, for a\n"               \
    "                     sheet of a template file (its QR code holds a hash of it)\n\n"           \
    "A good photo: the whole sheet in the frame, flat, lit evenly, in focus; see\n"                \
    "docs/scanning.md. Exit status: 0 read, 1 a photo that cannot be read (one\n"                  \
    "line says why; nothing is written), 2 wrong usage, 3 a file cannot be read\n"                 \
    "or written.\n"

enum { OPT_JSON = 256, OPT_SCORE, OPT_TEMPLATE };

typedef struct scan_args {
    const char *output, *template_path;
    bool json, score;
} scan_args;

/* The most a photo's file may hold, the library's bound: a 12 MP phone JPEG
 * is 3 to 8 MB, and the decoder refuses more than 50 million pixels however
 * they are stored. Read
 * with a bound, so that /dev/zero or an endless pipe is refused, not read
 * until memory runs out. */
#define SCAN_MAX_FILE PNPKIT_SCAN_MAX_BYTES

static int read_photo(const char *path, char **data, size_t *len)
{
    bool in = !strcmp(path, "-");
    const char *why = NULL;
    bool given = false; /* a FIFO or a device: what was given, not the reading */
    FILE *f = in ? stdin : cli_open_regular(path, &why, &given);
    if (!f) {
        char *line = cli_tidy(path);
        fprintf(stderr, "pnpkit scan: %s: %s\n", line, why);
        g_free(line);
        return given ? 1 : 3;
    }
    GByteArray *buf = g_byte_array_new();
    bool large = false, failed = false;
    int saved = 0;
    while (f && !large) {
        guint8 chunk[65536];
        size_t n = fread(chunk, 1, sizeof chunk, f);
        if (n) g_byte_array_append(buf, chunk, (guint)n);
        large = buf->len > SCAN_MAX_FILE;
        if (n < sizeof chunk) {
            failed = ferror(f);
            saved = errno;
            break;
        }
    }
    if (f && !in) fclose(f);
    if (!failed && !large) {
        *len = buf->len;
        g_byte_array_append(buf, (const guint8 *)"", 1); /* a NUL after the bytes */
        *data = (char *)g_byte_array_free(buf, FALSE);
        return 0;
    }
    g_byte_array_free(buf, TRUE);
    char *msg =
        large ? g_strdup_printf("%s: more than %u MB, larger than any photo pnpkit reads",
                                in ? "<stdin>" : path, SCAN_MAX_FILE >> 20)
              : g_strdup_printf("%s: %s", in ? "<stdin>" : path,
                                saved == EISDIR ? "is a directory, not a file" : g_strerror(saved));
    char *line = cli_tidy(msg);
    fprintf(stderr, large ? "%s\n" : "pnpkit scan: %s\n", line);
    g_free(line);
    g_free(msg);
    return large ? 1 : 3;
}

/* Appends w to cmd as a shell reads it back: quoted when it holds anything
 * but letters, digits and _ . / = : , + - @ %. */
static void append_word(GString *cmd, const char *w)
{
    bool plain = *w != '\0';
    for (const char *p = w; *p && plain; p++)
        plain = g_ascii_isalnum(*p) || strchr("_./=:,+-@%", *p);
    if (plain) {
        g_string_append(cmd, w);
        return;
    }
    char *q = g_shell_quote(w);
    g_string_append(cmd, q);
    g_free(q);
}

/* Scores every sheet as printed (template and settings) and prints the
 * tables. */
static int score_sheets(pnpkit_ctx *ctx, const char *game, const char *text, const char *tmpl,
                        char **set)
{
    pnpkit_score_opts so = {.file = "scanned sheet",
                            .table = 1,
                            .template_name = tmpl,
                            .set = (const char *const *)set};
    pnpkit_error err;
    pnpkit_buffer *b = pnpkit_score(ctx, game, text, strlen(text), &so, &err);
    if (!b) return cli_fail_api(&err);
    fwrite(b->data, 1, b->len, stdout);
    pnpkit_buffer_free(b);
    return 0;
}

static int write_out(const char *path, const char *text)
{
    pnpkit_error err;
    if (pnpkit_write_file(path, text, strlen(text), 0, &err)) return cli_fail_api(&err);
    return 0;
}

static int scan_photos(int n, char **paths, const scan_args *a)
{
    pnpkit_error err;
    pnpkit_ctx *ctx = cli_ctx(&err);
    if (!ctx) return cli_fail_api(&err);
    GString *sheets = g_string_new(NULL), *json = g_string_new(NULL);
    GString *notes = g_string_new(NULL);
    char *game = NULL, *tmpl = NULL, **set = NULL; /* the first sheet's */
    const char *first_name = strcmp(paths[0], "-") ? paths[0] : "<stdin>";
    int rc = 0;
    for (int i = 0; i < n && !rc; i++) {
        char *data = NULL;
        size_t len = 0;
        if ((rc = read_photo(paths[i], &data, &len))) break;
        pnpkit_scan_opts o = {.file = strcmp(paths[i], "-") ? paths[i] : "<stdin>",
                              .template_path = a->template_path};
        pnpkit_scan_result *r = pnpkit_scan(ctx, (const unsigned char *)data, len, &o, &err);
        g_free(data);
        if (!r) {
            rc = cli_fail_api(&err);
            break;
        }
        if (game && strcmp(game, r->game)) {
            fprintf(stderr,
                    "pnpkit scan: %s: a sheet of %s, and %s one of %s: scan them separately\n",
                    o.file, r->game, first_name, game);
            pnpkit_scan_result_free(r);
            rc = 1;
            break;
        }
        /* sheets written or scored together share one template and its
         * settings (each JSON object names its own) */
        if (tmpl && !a->json &&
            (strcmp(tmpl, r->template_name) || !g_strv_equal((const char *const *)set, r->set))) {
            char *mine = g_strjoinv(", ", (char **)r->set), *first = g_strjoinv(", ", set);
            fprintf(stderr,
                    "pnpkit scan: %s: printed from %s%s%s, and %s from %s%s%s: scan them "
                    "separately\n",
                    o.file, r->template_name, *mine ? " with " : "", mine, first_name, tmpl,
                    *first ? " with " : "", first);
            g_free(mine);
            g_free(first);
            pnpkit_scan_result_free(r);
            rc = 1;
            break;
        }
        for (const char *const *k = r->inputs; a->output && *k && !rc; k++)
            if (cli_same_file(a->output, *k))
                rc = cli_usage_error("scan",
                                     "-o %s would replace %s, which the sheet's template reads: "
                                     "give another output name",
                                     a->output, *k);
        if (rc) {
            pnpkit_scan_result_free(r);
            break;
        }
        const char *games = strstr(r->sheet, "\ngames:\n");
        if (i && !strcmp(r->game, "dicrono") && games) /* one set: the games in order */
            g_string_append(sheets, games + strlen("\ngames:\n"));
        else
            g_string_append_printf(sheets, "%s%s", i ? "---\n" : "", r->sheet);
        g_string_append_printf(json, "%s\n", r->json);
        for (size_t k = 0; k < r->n_problems; k++)
            g_string_append_printf(notes, "pnpkit scan: %s: %s\n", o.file, r->problems[k]);
        if (!game) {
            game = g_strdup(r->game);
            tmpl = g_strdup(r->template_name);
            set = g_strdupv((char **)r->set);
        }
        pnpkit_scan_result_free(r);
    }
    if (!rc) {
        /* the sheet file alone scores as the game's default board */
        const char *file = a->template_path;
        if (!a->json && !a->score && (file || set[0])) {
            /* the command as a shell reads it back */
            GString *cmd = g_string_new(NULL);
            g_string_append_printf(cmd, "pnpkit score %s ", game);
            append_word(cmd, a->output ? a->output : "FILE");
            if (file) {
                g_string_append(cmd, " --template ");
                append_word(cmd, file);
            }
            for (char **k = set; *k; k++) {
                g_string_append(cmd, " --set ");
                append_word(cmd, *k);
            }
            char *with = g_strjoinv(", ", set);
            g_string_append_printf(notes,
                                   "pnpkit scan: printed from %s%s%s: score the sheets with: %s\n",
                                   file ? file : tmpl, set[0] ? " with " : "", with, cmd->str);
            g_free(with);
            g_string_free(cmd, TRUE);
        }
        if (!a->json) fputs(notes->str, stderr);
        if (a->output) rc = write_out(a->output, sheets->str);
        if (!rc && a->json) fputs(json->str, stdout);
        if (!rc && a->score) rc = score_sheets(ctx, game, sheets->str, file ? file : tmpl, set);
        if (!rc && !a->output && !a->json && !a->score) fputs(sheets->str, stdout);
    }
    g_free(game);
    g_free(tmpl);
    g_strfreev(set);
    g_string_free(sheets, TRUE);
    g_string_free(json, TRUE);
    g_string_free(notes, TRUE);
    return rc;
}

static int scan_run(int argc, char **argv)
{
    static const struct option opts[] = {
        {"output", required_argument, 0, 'o'}, {"json", no_argument, 0, OPT_JSON},
        {"score", no_argument, 0, OPT_SCORE},  {"template", required_argument, 0, OPT_TEMPLATE},
        {"help", no_argument, 0, 'h'},         {0, 0, 0, 0}};
    scan_args a = {0};
    optind = 1;
    for (int c; (c = getopt_long(argc, argv, ":ho:", opts, NULL)) != -1;) {
        if (c == 'o') {
            a.output = optarg;
        } else if (c == OPT_JSON) {
            a.json = true;
        } else if (c == OPT_SCORE) {
            a.score = true;
        } else if (c == OPT_TEMPLATE) {
            a.template_path = optarg;
        } else if (c == 'h') {
            fputs(SCAN_USAGE, stdout);
            return 0;
        } else {
            return cli_bad_option("scan", c, argv);
        }
    }
    if (optind >= argc) return cli_usage_error("scan", "which photo?");
    if (argc - optind > 1000) return cli_usage_error("scan", "at most 1000 photos at a time");
    if (a.json && a.score) return cli_usage_error("scan", "--json or --score, not both");
    for (int i = optind, stdin_seen = 0; i < argc; i++)
        if (!strcmp(argv[i], "-") && stdin_seen++)
            return cli_usage_error("scan", "standard input (-) can be read once");
    for (int i = optind; i < argc; i++)
        if (cli_same_file(a.output, argv[i]))
            return cli_usage_error("scan", "-o %s is the photo %s: writing it would lose the photo",
                                   a.output, argv[i]);
    if (cli_same_file(a.output, a.template_path))
        return cli_usage_error("scan", "-o %s is the template itself: writing it would lose it",
                               a.output);
    return scan_photos(argc - optind, argv + optind, &a);
}

const cli_command cli_scan = {
    "scan", "read a photographed Circle 36 or DiCroNo sheet (and score it)", SCAN_USAGE, scan_run};

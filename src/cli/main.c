/* main.c: pnpkit's entry point: dispatches to the commands. */
#include <errno.h>
#include <fontconfig/fontconfig.h>
#include <getopt.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <malloc.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "cli/cli.h"
#include "cli/liblog.h"
#include "cli/signals.h"

bool cli_same_file(const char *output, const char *input)
{
    if (!output || !input || !strcmp(output, "-") || !strcmp(input, "-")) return false;
    GStatBuf a, b;
    return g_stat(output, &a) == 0 && g_stat(input, &b) == 0 && S_ISREG(a.st_mode) &&
           a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

const cli_command *cli_find(const char *name)
{
    for (const cli_command *const *c = cli_commands; *c; c++)
        if (!strcmp((*c)->name, name)) return *c;
    return NULL;
}

int cli_fail_api(const pnpkit_error *err)
{
    char msg[sizeof err->file + sizeof err->message + 32];
    pnpkit_error_format(err, msg, sizeof msg);
    if (!msg[0]) g_strlcpy(msg, "pnpkit: failed", sizeof msg);
    cli_option_words(msg, sizeof msg);
    fprintf(stderr, "%s\n", msg);
    return err->code ? (int)err->code : 1;
}

int cli_fail_usage_api(const char *cmd, const pnpkit_error *err)
{
    if (err->code != PNPKIT_EUSAGE) return cli_fail_api(err);
    char msg[sizeof err->file + sizeof err->message + 32];
    pnpkit_error_format(err, msg, sizeof msg);
    cli_option_words(msg, sizeof msg);
    return cli_usage_error(cmd, "%s", msg);
}

char *cli_tidy(const char *text)
{
    GString *s = g_string_sized_new(strlen(text));
    for (const char *p = text; *p;) {
        gunichar c = g_utf8_get_char_validated(p, -1);
        if (c == (gunichar)-1 || c == (gunichar)-2) { /* a byte that is not UTF-8 */
            g_string_append_printf(s, "\\x%02x", (unsigned char)*p++);
        } else if (c == '\n') {
            g_string_append(s, "\\n");
            p++;
        } else if (c < 0x20 || c == 0x7f) {
            g_string_append_printf(s, "\\x%02x", (unsigned)c);
            p++;
        } else {
            const char *next = g_utf8_next_char(p);
            g_string_append_len(s, p, next - p);
            p = next;
        }
    }
    return g_string_free(s, FALSE);
}

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *msg = g_strdup_vprintf(fmt, ap), *line = cli_tidy(msg);
    va_end(ap);
    fprintf(stderr, "pnpkit %s: %s\nTry 'pnpkit help %s'.\n", cmd, line, cmd);
    g_free(msg);
    g_free(line);
    return PNPKIT_EUSAGE;
}

int cli_bad_option(const char *cmd, int code, char **argv)
{
    const char *arg = argv[optind - 1];
    if (code == ':') return cli_usage_error(cmd, "option '%s' needs a value", arg);
    if (optopt && optopt < 256) return cli_usage_error(cmd, "unknown option '-%c'", optopt);
    return cli_usage_error(cmd, "unknown option '%s'", arg);
}

/* One library context for the whole run: a process renders on one thread. */
static pnpkit_ctx *run_ctx;

pnpkit_ctx *cli_ctx(pnpkit_error *err)
{
    if (!run_ctx) run_ctx = pnpkit_ctx_new(err);
    return run_ctx;
}

void cli_ctx_free(void)
{
    pnpkit_ctx_free(run_ctx);
    run_ctx = NULL;
}

const char *cli_format_of(const char *path, int with_scene)
{
    const char *dot = strrchr(path, '.');
    if (!dot) return NULL;
    if (!g_ascii_strcasecmp(dot, ".pdf")) return "pdf";
    if (!g_ascii_strcasecmp(dot, ".svg")) return "svg";
    if (!g_ascii_strcasecmp(dot, ".png")) return "png";
    if (with_scene && !g_ascii_strcasecmp(dot, ".scene")) return "scene";
    return NULL;
}

long long cli_epoch(void)
{
    const char *e = getenv("SOURCE_DATE_EPOCH");
    if (e && *e) {
        char *end;
        long long v = strtoll(e, &end, 10);
        if (!*end && v >= 0 && v < 253402300800LL) return v;
    }
    return 946684800; /* 2000-01-01: a fixed date keeps output byte-identical */
}

static void usage(FILE *fp)
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
        usage(stdout);
        return 0;
    }
    const cli_command *c = cli_find(argv[1]);
    if (!c) return cli_usage_error("help", "unknown command '%s'", argv[1]);
    fputs(c->usage, stdout);
    return 0;
}

const cli_command cli_help = {"help", "explain a command", "Usage: pnpkit help [COMMAND]\n",
                              help_run};

int main(int argc, char **argv)
{
    setlocale(LC_ALL, "C.UTF-8");
#ifdef M_TRIM_THRESHOLD
    /* Keep up to 4 MB of freed heap instead of handing it back at once: a pad
     * takes and frees the same few hundred KB every page (scenes, the zlib
     * state of each PDF page), and giving it back made the next page fault it
     * in again, some 20 page faults a page. Setting it turns off glibc's
     * own raising of the mmap threshold, so blocks up to 32 MB (an SVG page
     * is written into a buffer of a few hundred KB) come from the heap too,
     * instead of a fresh mapping faulted in page by page on every render:
     * that made a warm render in 'pnpkit serve' a third slower, and threads
     * fault in one address space one at a time. */
    mallopt(M_TRIM_THRESHOLD, 4 << 20);
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
#endif
    /* The first pango font map starts fontconfig's default set-up in a
     * thread: every system configuration file parsed and every system font
     * listed, about a quarter of a one-sheet render, although the library
     * gives each of its font maps a configuration of its own and never uses
     * the default. The process belongs to the front end, so the default is
     * made an empty configuration here, which costs nothing to set up. */
    FcConfig *unused = FcConfigCreate();
    if (unused) {
        FcConfigSetCurrent(unused);
        FcConfigDestroy(unused);
    }
    cli_signals_install();
    cli_liblog_install();
    if (argc < 2) {
        usage(stderr);
        return PNPKIT_EUSAGE;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage(stdout);
        return 0;
    }
    if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V")) {
        printf("pnpkit %s\n", PNPKIT_VERSION);
        return 0;
    }
    const cli_command *c = cli_find(argv[1]);
    if (!c) {
        char *name = cli_tidy(argv[1]);
        fprintf(stderr, "pnpkit: unknown command '%s'\nTry 'pnpkit --help'.\n", name);
        g_free(name);
        return PNPKIT_EUSAGE;
    }
    int rc = c->run(argc - 1, argv + 1);
    cli_ctx_free();
    /* What a command printed must have reached its file (a full disk, a
     * closed pipe): success is not claimed for output that was lost. */
    errno = 0;
    int flushed = fflush(stdout), e = flushed ? errno : 0; /* an earlier errno says nothing */
    if (flushed != 0 || ferror(stdout)) {
        if (rc == 0) {
            fprintf(stderr, "pnpkit %s: standard output: write failed%s%s\n", c->name,
                    e ? ": " : "", e ? strerror(e) : "");
            rc = PNPKIT_EIO;
        }
    }
    return rc;
}

/* common.c: what every command shares: the library context, error and usage
 * messages, output checks, the format of a file name and the clock. */
#include <getopt.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli/cli.h"

FILE *cli_open_regular(const char *path, const char **why, bool *input)
{
    *input = false;
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        *why = g_strerror(errno);
        return NULL;
    }
    struct stat st;
    bool got = fstat(fd, &st) == 0;
    FILE *fp = NULL;
    if (!got || !S_ISREG(st.st_mode)) {
        bool dir = got && S_ISDIR(st.st_mode);
        *input = !dir;
        *why = dir ? "is a directory, not a file" : "not a regular file (a FIFO or a device)";
    } else if (!(fp = fdopen(fd, "rb"))) {
        *why = g_strerror(errno);
    }
    if (!fp) close(fd);
    return fp;
}

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

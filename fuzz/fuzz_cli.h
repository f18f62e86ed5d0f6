/* fuzz_cli.h: runs a pnpkit command (src/cli, linked into the harness) on an
 * input given as its standard input, capturing what it prints, and checks the
 * command-line contract: exit 0 with nothing on stderr, or exit 1 (or 3) with
 * one line on stderr naming <stdin> and nothing on stdout. */
#ifndef PN_FUZZ_CLI_H
#define PN_FUZZ_CLI_H

#include "cli/cli.h"
#include "fuzz/fuzz_util.h"

/* Runs argv (argv[0] is the command name) with data as standard input. */
static inline int fuzz_cli_run(int argc, char **argv, const uint8_t *data, size_t size)
{
    const cli_command *cmd = cli_find(argv[0]);
    if (!cmd) abort();
    char *out_text = NULL, *err_text = NULL;
    size_t out_len = 0, err_len = 0;
    FILE *saved_in = stdin, *saved_out = stdout, *saved_err = stderr;
    /* fmemopen refuses an empty buffer; an empty input is /dev/null. */
    stdin = size ? fmemopen((void *)data, size, "rb") : fopen("/dev/null", "rb");
    stdout = open_memstream(&out_text, &out_len);
    stderr = open_memstream(&err_text, &err_len);
    if (!stdin || !stdout || !stderr) abort();
    int rc = cmd->run(argc, argv);
    fclose(stdin);
    fclose(stdout);
    fclose(stderr);
    stdin = saved_in;
    stdout = saved_out;
    stderr = saved_err;
    bool ok;
    if (rc == 0) {
        ok = err_len == 0;
    } else {
        const char *nl = memchr(err_text, '\n', err_len);
        ok = (rc == PN_EINPUT || rc == PN_EIO) && out_len == 0 && nl &&
             nl == err_text + err_len - 1 && g_str_has_prefix(err_text, "<stdin>") &&
             g_utf8_validate(err_text, (gssize)err_len, NULL);
    }
    if (!ok) {
        fprintf(stderr, "fuzz: %s exited %d; stdout %zu bytes; stderr: '%s'\n", argv[0], rc,
                out_len, err_text);
        abort();
    }
    free(out_text);
    free(err_text);
    return rc;
}

#endif

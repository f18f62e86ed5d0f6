/* fuzz_cli.h: runs a pnpkit command (src/cli, linked into the harness) on an
 * input given as its standard input, capturing what it prints, and checks the
 * command-line contract: exit 0 with nothing on stderr, or exit 1 (or 3) with
 * one line on stderr naming <stdin> (and, for a command that prints nothing
 * for an invalid stream, nothing on stdout). */
#ifndef PN_FUZZ_CLI_H
#define PN_FUZZ_CLI_H

#include <getopt.h>
#include "cli/cli.h"
#include "fuzz/fuzz_util.h"

/* Runs argv (argv[0] is the command name) with data as standard input;
 * silent_on_error: a failure must leave stdout empty. Returns the exit status. */
static inline int fuzz_cli_run(int argc, char **argv, const uint8_t *data, size_t size,
                               bool silent_on_error)
{
    const cli_command *cmd = cli_find(argv[0]);
    if (!cmd) abort();
    char *err_text = NULL;
    size_t out_len = 0, err_len = 0;
    FILE *saved_in = fuzz_stdin_push(data, size), *saved_out = stdout, *saved_err = stderr;
    /* A real file for stdout: commands may give it a buffer of their own
     * (setvbuf), which a memory stream does not survive. */
    stdout = tmpfile();
    stderr = open_memstream(&err_text, &err_len);
    if (!stdout || !stderr) abort();
    optind = 0; /* a fresh getopt for every run */
    int rc = cmd->run(argc, argv);
    fuzz_stdin_pop(saved_in);
    fflush(stdout);
    out_len = (size_t)ftell(stdout);
    fclose(stdout);
    fclose(stderr);
    stdout = saved_out;
    stderr = saved_err;
    bool ok;
    if (rc == 0) {
        ok = err_len == 0;
    } else {
        const char *nl = memchr(err_text, '\n', err_len);
        ok = (rc == PN_EINPUT || rc == PN_EIO) && (!silent_on_error || out_len == 0) && nl &&
             nl == err_text + err_len - 1 && g_str_has_prefix(err_text, "<stdin>") &&
             g_utf8_validate(err_text, (gssize)err_len, NULL);
    }
    if (!ok) {
        fprintf(stderr, "fuzz: %s exited %d; stdout %zu bytes; stderr: '%s'\n", argv[0], rc,
                out_len, err_text);
        abort();
    }
    free(err_text);
    return rc;
}

#endif

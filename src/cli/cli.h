/* cli.h: the command-line front end. Each command is a function taking its own
 * argv (argv[0] is the command name) and returning the exit status. Only this
 * layer prints errors and chooses exit codes. */
#ifndef PN_CLI_H
#define PN_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "pnpkit.h"

#if defined(__GNUC__) || defined(__clang__)
#define CLI_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define CLI_PRINTF(a, b)
#endif

typedef struct cli_command {
    const char *name;
    const char *summary;
    const char *usage; /* full help text */
    int (*run)(int argc, char **argv);
} cli_command;

/* NULL-terminated, in the order help lists them. */
extern const cli_command *const cli_commands[];
const cli_command *cli_find(const char *name);
/* The overview of pnpkit and its commands, printed to fp (commands.c). */
void cli_usage(FILE *fp);

/* Rewrites the library's words for render settings in msg (size bytes) into
 * option names (words.c). */
void cli_option_words(char *msg, size_t size);

/* Prints an error of the public interface (include/pnpkit.h), in option
 * names, as one line on stderr; returns its exit status. */
int cli_fail_api(const pnpkit_error *err);
/* cli_fail_api, but a PNPKIT_EUSAGE error is told as cli_usage_error does
 * (for settings the command line checks through the library). */
int cli_fail_usage_api(const char *cmd, const pnpkit_error *err);
/* text as one line of UTF-8: line breaks and other control characters, and
 * bytes that are not UTF-8, written as escapes (\n, \x01, \xff). Caller
 * g_free()s. */
char *cli_tidy(const char *text);
/* Prints "pnpkit CMD: message" (tidied to one line) and a hint on stderr;
 * returns 2. */
int cli_usage_error(const char *cmd, const char *fmt, ...) CLI_PRINTF(2, 3);

/* Reports what getopt_long stopped at ('?' unknown option, ':' missing value);
 * optstrings start with ':' so getopt itself prints nothing. Returns 2. */
int cli_bad_option(const char *cmd, int code, char **argv);

/* This run's library context, made on first use and freed by main (one
 * context: a process renders on one thread). NULL with err when the fonts
 * are missing. */
pnpkit_ctx *cli_ctx(pnpkit_error *err);
void cli_ctx_free(void);

/* The creation date written into documents: $SOURCE_DATE_EPOCH or a fixed date. */
long long cli_epoch(void);

/* The scored games for messages: "circle36, dicrono or cirplexed" (caller
 * g_free()s), and whether name is one of them. */
char *cli_game_names(void);
int cli_game_known(const char *name);

/* Whether output names the very file input is (both exist; "-" never
 * does): writing it would lose what the user gave to be read. */
bool cli_same_file(const char *output, const char *input);

/* Opens path for reading when it is a regular file, without waiting (a FIFO
 * would wait for a writer, a device never end). NULL with *why (errno's
 * words, "is a directory, not a file" or "not a regular file (a FIFO or a
 * device)") and *input set for the last, a mistake in what was given. */
FILE *cli_open_regular(const char *path, const char **why, bool *input);

/* The format path's extension names, in any case: "pdf", "svg" or "png", and
 * "scene" for .scene when with_scene is non-zero; NULL for any other name. */
const char *cli_format_of(const char *path, int with_scene);

#endif

/* cmd_serve.c: "pnpkit serve": starts the local web server, prints its URL,
 * optionally opens the desktop browser, and runs until SIGINT or SIGTERM. */
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cli.h"
#include "serve/engine.h"
#include "serve/serve.h"

#define SERVE_USAGE                                                                                \
    "Usage: pnpkit serve [--port N] [--bind ADDR] [--open] [--jobs N] [--queue N]\n"               \
    "                    [--work-seconds N]\n\n"                                                   \
    "Serves pnpkit's pages and its JSON API (see docs/api.md) on this machine:\n"                  \
    "a gallery of templates with live previews, score pages, a template editor.\n\n"               \
    "  --port N     TCP port (default 8036); 0 picks a free one (printed)\n"                       \
    "  --bind ADDR  address to listen on (default 127.0.0.1). Any other address\n"                 \
    "               lets other machines use the server: a warning is printed\n"                    \
    "  --open       open the page in the desktop browser (xdg-open)\n"                             \
    "  --jobs N     renders and scores admitted at once (1 to 16, default 2)\n"                    \
    "  --queue N    requests that may wait for one (0 to 256, default 16);\n"                      \
    "               beyond that the server answers 503 at once\n"                                  \
    "  --work-seconds N  a render stops after N seconds of work and is answered\n"                 \
    "               503 (1 to 600, default 20)\n\n"                                                \
    "The first line printed is the URL. Stop with Ctrl-C (SIGINT) or SIGTERM.\n"

static bool parse_int(const char *s, long min, long max, long *out)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (!*s || *end || v < min || v > max) return false;
    *out = v;
    return true;
}

static bool loopback(const char *addr)
{
    return g_str_has_prefix(addr, "127.") || !strcmp(addr, "::1");
}

/* Prints err as one line on stderr; returns its exit status. */
static int serve_fail(const pn_err *err)
{
    char msg[sizeof err->msg];
    g_strlcpy(msg, err->msg[0] ? err->msg : "pnpkit serve: failed", sizeof msg);
    cli_option_words(msg, sizeof msg);
    fprintf(stderr, "%s\n", msg);
    return err->status ? (int)err->status : 1;
}

static int serve_cmd(int argc, char **argv)
{
    enum { OPT_PORT = 256, OPT_BIND, OPT_OPEN, OPT_JOBS, OPT_QUEUE, OPT_WORK };
    static const struct option opts[] = {{"port", required_argument, 0, OPT_PORT},
                                         {"bind", required_argument, 0, OPT_BIND},
                                         {"open", no_argument, 0, OPT_OPEN},
                                         {"jobs", required_argument, 0, OPT_JOBS},
                                         {"queue", required_argument, 0, OPT_QUEUE},
                                         {"work-seconds", required_argument, 0, OPT_WORK},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    serve_config cfg = {.bind = "127.0.0.1", .port = 8036};
    long v, jobs = 2, queue = 16, work = 20;
    bool open = false;
    optind = 1;
    for (int c; (c = getopt_long(argc, argv, ":h", opts, NULL)) != -1;) {
        switch (c) {
        case OPT_PORT:
            if (!parse_int(optarg, 0, 65535, &v))
                return cli_usage_error("serve", "--port takes a number from 0 to 65535");
            cfg.port = (int)v;
            break;
        case OPT_BIND:
            cfg.bind = optarg;
            break;
        case OPT_OPEN:
            open = true;
            break;
        case OPT_JOBS:
            if (!parse_int(optarg, 1, 16, &jobs))
                return cli_usage_error("serve", "--jobs takes a number from 1 to 16");
            break;
        case OPT_QUEUE:
            if (!parse_int(optarg, 0, 256, &queue))
                return cli_usage_error("serve", "--queue takes a number from 0 to 256");
            break;
        case OPT_WORK:
            if (!parse_int(optarg, 1, 600, &work))
                return cli_usage_error("serve", "--work-seconds takes a number from 1 to 600");
            break;
        case 'h':
            fputs(SERVE_USAGE, stdout);
            return 0;
        default:
            return cli_bad_option("serve", c, argv);
        }
    }
    if (optind < argc) return cli_usage_error("serve", "unexpected argument '%s'", argv[optind]);

    /* Signals are taken by this thread alone (sigwait); the server's threads
     * inherit the mask. */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    sigaddset(&stop, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    signal(SIGPIPE, SIG_IGN);

    pn_err err = {0};
    if (serve_engine_start((int)jobs, (int)queue, (int)work, &err)) return serve_fail(&err);
    serve_server *s = serve_start(&cfg, &err);
    if (!s) {
        serve_engine_end();
        if (err.status == PN_EUSAGE) return cli_usage_error("serve", "%s", err.msg);
        return serve_fail(&err);
    }
    bool v6 = strchr(cfg.bind, ':') != NULL;
    char *url =
        g_strdup_printf("http://%s%s%s:%d/", v6 ? "[" : "", cfg.bind, v6 ? "]" : "", serve_port(s));
    printf("%s\n", url);
    fflush(stdout);
    if (!loopback(cfg.bind))
        fprintf(stderr,
                "pnpkit serve: warning: listening on %s, so other machines can reach this "
                "server; it has no passwords\n",
                cfg.bind);
    if (open) {
        char *args[] = {"xdg-open", url, NULL};
        GError *ge = NULL;
        if (!g_spawn_async(NULL, args, NULL,
                           G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL |
                               G_SPAWN_STDERR_TO_DEV_NULL,
                           NULL, NULL, NULL, &ge)) {
            fprintf(stderr, "pnpkit serve: cannot open a browser: %s\n", ge->message);
            g_error_free(ge);
        }
    }
    int sig = 0;
    sigwait(&stop, &sig);
    fprintf(stderr, "pnpkit serve: stopping (%s)\n", strsignal(sig));
    serve_stop(s);
    serve_engine_end();
    g_free(url);
    return 0;
}

const cli_command cli_serve = {"serve", "local web page to print, score and design", SERVE_USAGE,
                               serve_cmd};

/* cmd_serve.c: "pnpkit serve": starts the local web server, prints its URL,
 * optionally opens the desktop browser, and runs until SIGINT or SIGTERM. */
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli/cli.h"
#include "serve/engine.h"
#include "serve/lan.h"
#include "serve/serve.h"

/* Seconds the answers in progress get to be sent once the server stops. */
#define STOP_SEND_S 5

#define SERVE_USAGE                                                                                \
    "Usage: pnpkit serve [--port N] [--bind ADDR] [--lan] [--open] [--jobs N]\n"                   \
    "                    [--queue N] [--work-seconds N]\n\n"                                       \
    "Serves pnpkit's pages and its JSON API (see docs/api.md) on this machine:\n"                  \
    "a gallery of templates with live previews, score pages, a template editor.\n\n"               \
    "  --port N     TCP port (default 8036); 0 picks a free one (printed)\n"                       \
    "  --bind ADDR  address to listen on (default 127.0.0.1). Any other address\n"                 \
    "               lets other machines use the server: a warning is printed\n"                    \
    "  --lan        serve the local network (all addresses, or --bind's), for a\n"                 \
    "               phone: prints this machine's network address with a random\n"                  \
    "               token and a QR code of it; a request from another machine\n"                   \
    "               without the token (?token=, then a cookie) is refused (403)\n"                 \
    "  --open       open the page in the desktop browser (xdg-open)\n"                             \
    "  --jobs N     renders and scores admitted at once (1 to 16, default 2)\n"                    \
    "  --queue N    requests that may wait for one (0 to 256, default 16);\n"                      \
    "               beyond that the server answers 503 at once\n"                                  \
    "  --work-seconds N  a render stops after N seconds of work and is answered\n"                 \
    "               503 (1 to 600, default 20)\n\n"                                                \
    "The first line printed is the URL (with --lan, the one to open on the phone,\n"               \
    "token included). Stop with Ctrl-C (SIGINT) or SIGTERM.\n"

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

/* The address a phone opens with --lan: the bound address, or when the
 * server listens on all of them the machine's own on the local network
 * (loopback when it has none), with the token. */
static char *lan_url(const serve_config *cfg, int port, const char *token)
{
    char *host = NULL;
    if (!strcmp(cfg->bind, "0.0.0.0") || !strcmp(cfg->bind, "::")) {
        host = serve_lan_address();
        if (!host) {
            fprintf(stderr, "pnpkit serve: warning: this machine has no local network address; "
                            "the address printed is its own\n");
            host = g_strdup("127.0.0.1");
        }
    } else {
        host = g_strdup(cfg->bind);
    }
    bool v6 = strchr(host, ':') != NULL;
    char *url = g_strdup_printf("http://%s%s%s:%d/?token=%s", v6 ? "[" : "", host, v6 ? "]" : "",
                                port, token);
    g_free(host);
    return url;
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
    enum { OPT_PORT = 256, OPT_BIND, OPT_LAN, OPT_OPEN, OPT_JOBS, OPT_QUEUE, OPT_WORK };
    static const struct option opts[] = {{"port", required_argument, 0, OPT_PORT},
                                         {"bind", required_argument, 0, OPT_BIND},
                                         {"lan", no_argument, 0, OPT_LAN},
                                         {"open", no_argument, 0, OPT_OPEN},
                                         {"jobs", required_argument, 0, OPT_JOBS},
                                         {"queue", required_argument, 0, OPT_QUEUE},
                                         {"work-seconds", required_argument, 0, OPT_WORK},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    serve_config cfg = {.bind = "127.0.0.1", .port = 8036};
    long v, jobs = 2, queue = 16, work = 20;
    bool open = false, lan = false, bind_given = false;
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
            bind_given = true;
            break;
        case OPT_LAN:
            lan = true;
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
    char token[2 * SERVE_TOKEN_BYTES + 1];
    if (lan) {
        if (serve_token_new(token, sizeof token, &err)) return serve_fail(&err);
        cfg.token = token;
        if (!bind_given) cfg.bind = "0.0.0.0";
        /* how the token check is tested over loopback (docs/api.md) */
        const char *t = g_getenv("PNPKIT_SERVE_TEST_REMOTE");
        cfg.all_remote = t && !strcmp(t, "1");
    }
    if (serve_engine_start((int)jobs, (int)queue, (int)work, &err)) return serve_fail(&err);
    serve_server *s = serve_start(&cfg, &err);
    if (!s) {
        serve_engine_end();
        if (err.status == PN_EUSAGE) return cli_usage_error("serve", "%s", err.msg);
        return serve_fail(&err);
    }
    char *url;
    if (lan) {
        url = lan_url(&cfg, serve_port(s), token);
    } else {
        bool v6 = strchr(cfg.bind, ':') != NULL;
        url = g_strdup_printf("http://%s%s%s:%d/", v6 ? "[" : "", cfg.bind, v6 ? "]" : "",
                              serve_port(s));
    }
    printf("%s\n", url);
    if (lan) {
        char *qr = serve_qr_text(url, isatty(1));
        if (qr) printf("%s", qr);
        g_free(qr);
    }
    fflush(stdout);
    if (lan)
        fprintf(stderr,
                "pnpkit serve: listening on %s for the local network: open the address above "
                "(or scan the QR code) on the phone; a request from another machine without "
                "its token is refused\n",
                !strcmp(cfg.bind, "0.0.0.0") ? "all addresses" : cfg.bind);
    else if (!loopback(cfg.bind))
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
    /* No new connection; requests waiting for the engine are answered that
     * the server is stopping, and those in progress end and are answered
     * (their answers get up to STOP_SEND_S seconds to be sent) before the
     * open connections are closed. */
    serve_quiesce(s);
    serve_engine_stop();
    for (int i = 0; i < STOP_SEND_S * 20 && !serve_idle(s); i++)
        g_usleep(G_USEC_PER_SEC / 20);
    serve_stop(s);
    serve_engine_end();
    g_free(url);
    return 0;
}

const cli_command cli_serve = {"serve", "local web page to print, score and design", SERVE_USAGE,
                               serve_cmd};

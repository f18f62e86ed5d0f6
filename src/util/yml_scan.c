/* yml_scan.c: the first pass over untrusted YAML: byte checks, then libfyaml's
 * events counted against the limits, in a reusable helper process. */
#include "util/yml_scan.h"

#include <errno.h>
#include <fcntl.h>
#include <glib.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#include "util/yml.h"

/* How long the helper may take over one text before it is stopped. */
#define SCAN_TIMEOUT_MS 20000

/* ---- libfyaml's error output ---- */

static void diag_output(struct fy_diag *d, void *user, const char *buf, size_t len);

struct fy_diag *yml_diag_new(yml_first_error *f)
{
    struct fy_diag_cfg cfg;
    fy_diag_cfg_default(&cfg);
    cfg.fp = NULL;
    cfg.output_fn = diag_output;
    cfg.user = f;
    cfg.colorize = false;
    cfg.show_source = false;
    return fy_diag_create(&cfg);
}

int yml_diag_err(const yml_first_error *f, const char *file, pn_err *err)
{
    if (!f->got) return pn_err_at(err, file, 0, 0, "not valid YAML");
    return pn_err_at(err, file, f->line, f->col, "invalid YAML: %s",
                     f->msg[0] ? f->msg : "syntax error");
}

/* ---- the helper's state (meaningful in the helper process only) ---- */

typedef struct scan_reply {
    int32_t rc;  /* 0 or -1 */
    int32_t doc; /* yml_scan_stop */
    uint64_t pos;
    int32_t status;  /* pn_status of err */
    int32_t crashed; /* the helper is about to die */
    char msg[sizeof(((pn_err *)0)->msg)];
} scan_reply;

static int crash_fd = -1;          /* the helper's end of the socket */
static scan_reply crash_reply;     /* sent by the crash handler */
static const char *crash_file;     /* the text being scanned */
static volatile int crash_line;    /* the last place the scan reached */
static volatile int crash_doc;     /* and its document */
static volatile size_t crash_pos;  /* where that document starts */
static volatile bool crash_placed; /* crash_reply.msg holds libfyaml's error */

/* Errors are captured from libfyaml's text output ("NAME:LINE:COL: error:
 * MESSAGE"): collecting them with fy_diag_set_collect_errors leaks every record
 * in libfyaml 0.7. In the helper, the first one also becomes the answer to
 * send should libfyaml crash while it displays or cleans up after it. */
static void diag_output(struct fy_diag *d, void *user, const char *buf, size_t len)
{
    yml_first_error *f = user;
    const char *tag = g_strstr_len(buf, (gssize)len, ": error: ");
    if (f->got || !tag) return;
    f->got = true;
    const char *msg = tag + 9, *end = buf + len;
    size_t n = 0;
    while (msg + n < end && msg[n] != '\n' && n + 1 < sizeof f->msg)
        n++;
    memcpy(f->msg, msg, n);
    f->msg[n] = '\0';
    /* ":LINE:COL" just before the tag. */
    const char *p = tag;
    long num[2] = {0, 0};
    bool placed = true;
    for (int k = 1; k >= 0 && placed; k--) {
        const char *digits = p;
        while (digits > buf && g_ascii_isdigit(digits[-1]))
            digits--;
        if (digits == p || digits == buf || digits[-1] != ':') {
            placed = false;
            break;
        }
        num[k] = strtol(digits, NULL, 10);
        p = digits - 1;
    }
    if (placed && num[0] > 0 && num[0] < INT_MAX && num[1] > 0 && num[1] < INT_MAX) {
        f->line = (int)num[0];
        f->col = (int)num[1];
    }
    if (crash_fd >= 0) {
        pn_err e;
        yml_diag_err(f, crash_file, &e);
        memcpy(crash_reply.msg, e.msg, sizeof e.msg);
        crash_placed = true;
    }
}

/* ---- the first pass itself ---- */

/* The bytes before any parsing: no NUL, valid UTF-8, no line longer than
 * PN_YML_MAX_LINE (libfyaml holds every token of a line in memory), and no tab
 * outside a comment. YAML never indents with tabs, and libfyaml 0.7 crashes on
 * some tabs used as separators (for instance "? a:<tab>:"), so a tab is refused
 * with its place instead; a comment, from a '#' at the start of a line or after
 * a space, may hold anything. */
static int check_bytes(const char *file, const char *buf, size_t len, pn_err *err)
{
    const char *end = NULL;
    bool valid = g_utf8_validate_len(buf, len, &end);
    size_t stop = valid ? len : (size_t)(end - buf);
    int line = 1;
    size_t start = 0;
    bool comment = false;
    for (size_t i = 0; i <= stop; i++) {
        if (i - start > PN_YML_MAX_LINE)
            return pn_err_at(err, file, line, PN_YML_MAX_LINE + 1, "line longer than %d bytes",
                             PN_YML_MAX_LINE);
        if (i == stop) break;
        if (buf[i] == '\n') {
            line++;
            start = i + 1;
            comment = false;
        } else if (buf[i] == '#' && (i == start || buf[i - 1] == ' ')) {
            comment = true;
        } else if (buf[i] == '\t' && !comment) {
            int col = (int)g_utf8_strlen(buf + start, (gssize)(i - start)) + 1;
            return pn_err_at(err, file, line, col,
                             "a tab character; YAML is indented and separated with spaces "
                             "(in a quoted text, write \\t)");
        }
    }
    if (valid) return 0;
    int col = (int)g_utf8_strlen(buf + start, (gssize)(stop - start)) + 1;
    if (*end == '\0') return pn_err_at(err, file, line, col, "NUL byte in the text");
    return pn_err_at(err, file, line, col, "not valid UTF-8 (save the file as UTF-8)");
}

/* libfyaml's events against the limits, without building anything. A syntax
 * error or a limit stops the scan with -1 and the document it is in. */
static int scan_events(const char *file, const char *buf, size_t len, yml_scan_stop *stop,
                       pn_err *err)
{
    struct fy_parse_cfg cfg = {.flags = FYPCF_QUIET | FYPCF_ALLOW_DUPLICATE_KEYS};
    yml_first_error first = {0};
    struct fy_diag *d = yml_diag_new(&first);
    cfg.diag = d;
    struct fy_parser *fyp = fy_parser_create(&cfg);
    int rc = 0, doc = -1, depth = 0;
    long nodes = 0;
    size_t doc_pos = 0;
    stop->doc = 0;
    stop->pos = 0;
    if (!fyp || fy_parser_set_string(fyp, buf, len) != 0)
        rc = pn_err_set(err, PN_EIO, "%s: cannot start the YAML parser", file);
    for (struct fy_event *e; !rc && (e = fy_parser_parse(fyp));) {
        const struct fy_mark *m = fy_event_start_mark(e);
        int line = m ? m->line + 1 : 0, col = m ? m->column + 1 : 0;
        if (line > 0) crash_line = line;
        switch (e->type) {
        case FYET_DOCUMENT_START:
            doc_pos = m ? m->input_pos : 0;
            crash_doc = doc + 1;
            crash_pos = doc_pos;
            if (++doc >= PN_YML_MAX_DOCS)
                rc = pn_err_at(err, file, line, col, "more than %d documents", PN_YML_MAX_DOCS);
            nodes = 0;
            depth = 0;
            break;
        case FYET_SEQUENCE_START:
        case FYET_MAPPING_START:
            if (++depth > PN_YML_MAX_DEPTH)
                rc = pn_err_at(err, file, line, col, "nesting deeper than %d levels",
                               PN_YML_MAX_DEPTH);
            else if (++nodes > PN_YML_MAX_NODES)
                rc = pn_err_at(err, file, line, col, "document too large: more than %d nodes",
                               PN_YML_MAX_NODES);
            break;
        case FYET_SEQUENCE_END:
        case FYET_MAPPING_END:
            depth--;
            break;
        case FYET_SCALAR: {
            const struct fy_mark *me = fy_event_end_mark(e);
            if (++nodes > PN_YML_MAX_NODES)
                rc = pn_err_at(err, file, line, col, "document too large: more than %d nodes",
                               PN_YML_MAX_NODES);
            else if (m && me && me->input_pos - m->input_pos > PN_YML_MAX_SCALAR)
                rc = pn_err_at(err, file, line, col, "a value longer than %d bytes",
                               PN_YML_MAX_SCALAR);
            break;
        }
        case FYET_ALIAS: /* not expanded here; the tree check refuses it at its place */
            if (++nodes > PN_YML_MAX_NODES)
                rc = pn_err_at(err, file, line, col, "document too large: more than %d nodes",
                               PN_YML_MAX_NODES);
            break;
        default:
            break;
        }
        fy_parser_event_free(fyp, e);
    }
    if (!rc && fyp && fy_parser_get_stream_error(fyp)) rc = yml_diag_err(&first, file, err);
    if (fyp) fy_parser_destroy(fyp);
    fy_diag_unref(d);
    if (rc) {
        stop->doc = doc < 0 ? 0 : doc;
        stop->pos = doc < 0 ? 0 : doc_pos;
    }
    return rc;
}

static int scan_local(const char *file, const char *text, size_t len, yml_scan_stop *stop,
                      pn_err *err)
{
    stop->doc = 0;
    stop->pos = 0;
    if (check_bytes(file, text, len, err)) return -1;
    return scan_events(file, text, len, stop, err);
}

/* ---- the helper process ---- */

static bool write_all(int fd, const void *p, size_t n)
{
    const char *c = p;
    while (n > 0) {
        ssize_t k = send(fd, c, n, MSG_NOSIGNAL);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return false;
        c += k;
        n -= (size_t)k;
    }
    return true;
}

/* Reads exactly n bytes; false at the end of the stream or on an error. */
static bool read_all(int fd, void *p, size_t n)
{
    char *c = p;
    while (n > 0) {
        ssize_t k = read(fd, c, n);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return false;
        c += k;
        n -= (size_t)k;
    }
    return true;
}

/* In the helper: libfyaml crashed. Say where the scan was, then die. */
static void on_crash(int sig)
{
    crash_reply.rc = -1;
    crash_reply.crashed = 1;
    crash_reply.status = PN_EINPUT;
    crash_reply.doc = crash_doc < 0 ? 0 : crash_doc;
    crash_reply.pos = crash_pos;
    if (!crash_placed && crash_line > 0)
        snprintf(crash_reply.msg, sizeof crash_reply.msg,
                 "%s:%d:1: not valid YAML (the parser failed after this line)", crash_file,
                 crash_line);
    write_all(crash_fd, &crash_reply, sizeof crash_reply);
    _exit(128 + sig);
}

typedef struct scan_request {
    uint64_t len;
    uint32_t name_len;
} scan_request;

static void helper_main(int fd)
{
    crash_fd = fd;
    /* Only the parent's files matter to the parent: keep none of them open. */
    int null = open("/dev/null", O_RDWR);
    if (null >= 0) {
        dup2(null, 0);
        dup2(null, 1);
        if (null > 2) close(null);
    }
    long max = sysconf(_SC_OPEN_MAX);
    for (int i = 3; i < (max > 0 && max < 65536 ? max : 65536); i++)
        if (i != fd) close(i);
    const int quit[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
    for (size_t i = 0; i < G_N_ELEMENTS(quit); i++)
        signal(quit[i], SIG_DFL);
    const int crash[] = {SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL};
    for (size_t i = 0; i < G_N_ELEMENTS(crash); i++) {
        struct sigaction sa = {0};
        sa.sa_handler = on_crash;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_RESETHAND;
        sigaction(crash[i], &sa, NULL);
    }
    for (;;) {
        scan_request rq;
        if (!read_all(fd, &rq, sizeof rq) || rq.name_len > 4096 || rq.len > PN_YML_MAX_BYTES)
            _exit(0);
        char *name = g_malloc(rq.name_len + 1), *text = g_malloc(rq.len + 1);
        if (!read_all(fd, name, rq.name_len) || !read_all(fd, text, rq.len)) _exit(0);
        name[rq.name_len] = text[rq.len] = '\0';
        memset(&crash_reply, 0, sizeof crash_reply);
        crash_file = name;
        crash_line = 0;
        crash_doc = 0;
        crash_pos = 0;
        crash_placed = false;
        snprintf(crash_reply.msg, sizeof crash_reply.msg, "%s: not valid YAML", name);
        pn_err err = {0};
        yml_scan_stop stop;
        scan_reply rp = {0};
        rp.rc = scan_local(name, text, (size_t)rq.len, &stop, &err);
        rp.doc = stop.doc;
        rp.pos = stop.pos;
        rp.status = err.status;
        memcpy(rp.msg, err.msg, sizeof rp.msg);
        g_free(name);
        g_free(text);
        if (!write_all(fd, &rp, sizeof rp)) _exit(0);
    }
}

static pid_t helper_pid;
static int helper_fd = -1;

void yml_scan_shutdown(void)
{
    if (helper_fd >= 0) close(helper_fd);
    if (helper_pid > 0) waitpid(helper_pid, NULL, 0);
    helper_fd = -1;
    helper_pid = 0;
}

static void helper_kill(void)
{
    if (helper_pid > 0) kill(helper_pid, SIGKILL);
    yml_scan_shutdown();
}

static bool helper_start(void)
{
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) return false;
    pid_t pid = fork();
    if (pid < 0) {
        close(sv[0]);
        close(sv[1]);
        return false;
    }
    if (pid == 0) {
        close(sv[0]);
        helper_main(sv[1]);
        _exit(0);
    }
    close(sv[1]);
    helper_pid = pid;
    helper_fd = sv[0];
    return true;
}

/* One round trip: 1 answered, 0 the helper is gone (try a new one), -1 it
 * timed out (the text is at fault). */
static int helper_ask(const char *file, const char *text, size_t len, scan_reply *rp)
{
    scan_request rq = {.len = len, .name_len = (uint32_t)strlen(file)};
    if (!write_all(helper_fd, &rq, sizeof rq) || !write_all(helper_fd, file, rq.name_len) ||
        !write_all(helper_fd, text, len))
        return 0;
    struct pollfd p = {.fd = helper_fd, .events = POLLIN};
    int r;
    while ((r = poll(&p, 1, SCAN_TIMEOUT_MS)) < 0 && errno == EINTR)
        ;
    if (r == 0) return -1;
    return read_all(helper_fd, rp, sizeof *rp) ? 1 : 0;
}

int yml_scan_here(const char *file, const char *text, size_t len, yml_scan_stop *stop, pn_err *err)
{
    return scan_local(file, text, len, stop, err);
}

int yml_scan(const char *file, const char *text, size_t len, yml_scan_stop *stop, pn_err *err)
{
    if (strlen(file) > 4096 || len > PN_YML_MAX_BYTES)
        return scan_local(file, text, len, stop, err);
    scan_reply rp;
    int r = 0;
    stop->doc = 0;
    stop->pos = 0;
    /* A helper that has gone since the last text is replaced once; when no
     * helper can be made at all, the pass runs here. */
    for (int attempt = 0; attempt < 2 && r == 0; attempt++) {
        if (helper_fd < 0 && !helper_start()) return scan_local(file, text, len, stop, err);
        r = helper_ask(file, text, len, &rp);
        if (r == 0) helper_kill();
    }
    if (r < 0) {
        helper_kill();
        return pn_err_at(err, file, 0, 0, "the YAML parser took longer than %d s; not read",
                         SCAN_TIMEOUT_MS / 1000);
    }
    if (r == 0) return pn_err_at(err, file, 0, 0, "not valid YAML (the parser failed on it)");
    if (rp.crashed) helper_kill();
    stop->doc = rp.doc;
    stop->pos = (size_t)rp.pos;
    if (rp.rc == 0) return 0;
    rp.msg[sizeof rp.msg - 1] = '\0';
    pn_status st = rp.status >= PN_EINPUT && rp.status <= PN_EIO ? (pn_status)rp.status : PN_EINPUT;
    pn_err_set(err, st, "%s", rp.msg);
    return -1;
}

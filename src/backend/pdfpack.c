/* pdfpack.c: builds the PDF pnpkit writes from the source PDF a backend drew
 * (see pdfpack.h).
 *
 * Why by hand and not with a PDF library: the source is what cairo or libharu
 * wrote, a classic cross-reference table and objects at known offsets, and the
 * packer only copies objects, writes page dictionaries and packs the rest.
 * qpdf's library did the same job correctly, but loading it (C++, libstdc++,
 * GnuTLS) took 7 MB of memory and a third of the instructions of a whole
 * sheet, and it kept about 5 KB per page in memory: a 5000-page pad needed
 * three times the memory of one page. Here memory is one source object at a
 * time, a few bytes per object for the cross-reference stream, and the page
 * dictionaries of the pages that repeat. qpdf --check verifies the output in
 * the tests.
 *
 * The source is read in the order of its objects: a stream (content, font,
 * image) is copied as it is; every other object goes into an object stream
 * (comments dropped); the page tree is rewritten last. Object numbers of the
 * source are kept; new objects (page copies, resources taken out of libharu's
 * page dictionaries, object streams, the cross-reference stream) follow. */
#include "backend/pdfpack.h"

#include <errno.h>
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "util/outfile.h"

#define PACK_PER_STREAM 200      /* objects in one object stream */
#define PACK_MAX_OBJECTS 8000000 /* object numbers in a source */

struct pn_pdfpack {
    pn_outfile *out;     /* the document */
    pn_outfile *scratch; /* the source, unless it is held in memory */
    GByteArray *mem;     /* the source when the target is written directly */
    GArray *pages;       /* int: source page of each page of the document */
    GArray *sources;     /* gint64: where each source after the first starts */
    gint64 written;      /* bytes of source written so far */
    double bleed_pt;
};

pn_pdfpack *pn_pdfpack_open(const char *path, unsigned flags, GPtrArray *mem, pn_err *err)
{
    pn_pdfpack *p = g_new0(pn_pdfpack, 1);
    p->out = pn_outfile_open_to(path, flags, mem, err);
    if (!p->out) {
        g_free(p);
        return NULL;
    }
    if (p->out->direct) {
        p->mem = g_byte_array_new();
    } else {
        p->scratch = pn_outfile_open_flags(path, flags, err);
        if (!p->scratch) {
            pn_outfile_abort(p->out);
            g_free(p);
            return NULL;
        }
    }
    p->pages = g_array_new(FALSE, FALSE, sizeof(int));
    p->sources = g_array_new(FALSE, FALSE, sizeof(gint64));
    return p;
}

bool pn_pdfpack_write(pn_pdfpack *p, const void *data, size_t n)
{
    p->written += (gint64)n;
    if (p->mem) {
        g_byte_array_append(p->mem, data, (guint)n);
        return true;
    }
    return pn_outfile_write(p->scratch, data, n);
}

int pn_pdfpack_errno(const pn_pdfpack *p)
{
    return p->scratch ? p->scratch->error : 0;
}

void pn_pdfpack_next_source(pn_pdfpack *p)
{
    g_array_append_val(p->sources, p->written);
}

void pn_pdfpack_page(pn_pdfpack *p, int src)
{
    g_array_append_val(p->pages, src);
}

void pn_pdfpack_set_bleed(pn_pdfpack *p, double bleed_pt)
{
    p->bleed_pt = bleed_pt > 0 ? bleed_pt : 0;
}

static void pack_free(pn_pdfpack *p)
{
    if (p->mem) g_byte_array_free(p->mem, TRUE);
    pn_outfile_abort(p->scratch);
    g_array_free(p->pages, TRUE);
    g_array_free(p->sources, TRUE);
    g_free(p);
}

void pn_pdfpack_discard(pn_pdfpack *p)
{
    if (!p) return;
    pn_outfile_abort(p->out);
    pack_free(p);
}

/* ---- writing ---- */

/* One entry of the cross-reference stream. */
typedef struct xent {
    guint8 type; /* 0 free, 1 at an offset, 2 in an object stream */
    guint32 f2;  /* offset, or the object stream's number */
    guint16 f3;  /* index in the object stream */
} xent;

typedef struct packer {
    FILE *in;
    gint64 in_base, in_len; /* the source being read: where it starts, its length */
    pn_outfile *out;
    GChecksum *md5; /* of everything written, for the ID */
    guint64 pos;    /* bytes written */
    GArray *xref;   /* xent by object number */
    GString *os_head, *os_body;
    int os_num, os_count; /* the object stream being filled */
    int next_num;         /* the next new object number */
    const char *why;      /* what is wrong with the source, or NULL */
} packer;

static void put(packer *k, const void *d, size_t n)
{
    pn_outfile_write(k->out, d, n);
    g_checksum_update(k->md5, d, (gssize)n);
    k->pos += n;
}

static void puts_(packer *k, const char *s)
{
    put(k, s, strlen(s));
}

static void xset(packer *k, int num, guint8 type, guint32 f2, guint16 f3)
{
    if ((guint)num >= k->xref->len) g_array_set_size(k->xref, (guint)num + 1);
    g_array_index(k->xref, xent, num) = (xent){type, f2, f3};
}

/* Writes a stream object: dict (without /Length and /Filter) and data,
 * compressed. */
static void put_stream(packer *k, int num, const char *dict, const void *data, size_t n)
{
    uLongf clen = compressBound((uLong)n);
    Bytef *z = g_malloc(clen);
    if (compress2(z, &clen, data, (uLong)n, Z_DEFAULT_COMPRESSION) != Z_OK) {
        k->why = "compression failed";
        clen = 0;
    }
    xset(k, num, 1, (guint32)k->pos, 0);
    char *head = g_strdup_printf("%d 0 obj\n<< %s /Filter /FlateDecode /Length %lu >>\nstream\n",
                                 num, dict, (unsigned long)clen);
    puts_(k, head);
    put(k, z, clen);
    puts_(k, "\nendstream\nendobj\n");
    g_free(head);
    g_free(z);
}

static void os_flush(packer *k)
{
    if (!k->os_count) return;
    char *dict = g_strdup_printf("/Type /ObjStm /N %d /First %zu", k->os_count, k->os_head->len);
    g_string_append_len(k->os_head, k->os_body->str, (gssize)k->os_body->len);
    put_stream(k, k->os_num, dict, k->os_head->str, k->os_head->len);
    g_free(dict);
    g_string_truncate(k->os_head, 0);
    g_string_truncate(k->os_body, 0);
    k->os_count = 0;
}

/* Puts object num (its body, without "obj" and "endobj") into an object stream. */
static void os_add(packer *k, int num, const char *body, size_t n)
{
    if (!k->os_count) k->os_num = k->next_num++;
    g_string_append_printf(k->os_head, "%d %zu ", num, k->os_body->len);
    g_string_append_len(k->os_body, body, (gssize)n);
    g_string_append_c(k->os_body, '\n');
    xset(k, num, 2, (guint32)k->os_num, (guint16)k->os_count);
    if (++k->os_count == PACK_PER_STREAM) os_flush(k);
}

/* ---- reading the source ---- */

/* n bytes of the source at off into a new NUL-terminated buffer; NULL if short. */
static char *read_at(packer *k, gint64 off, size_t n)
{
    if (off < 0 || off > k->in_len || (gint64)n > k->in_len - off) return NULL;
    char *b = g_malloc(n + 1);
    if (fseeko(k->in, (off_t)(k->in_base + off), SEEK_SET) != 0 || fread(b, 1, n, k->in) != n) {
        g_free(b);
        return NULL;
    }
    b[n] = 0;
    return b;
}

/* The integer after key in s ("/Root 12 0 R" -> 12), or -1. */
static long long key_int(const char *s, const char *key)
{
    const char *p = strstr(s, key);
    if (!p) return -1;
    p += strlen(key);
    char *e;
    long long v = strtoll(p, &e, 10);
    return e == p ? -1 : v;
}

/* The source's objects: offset by number (-1: not in use). */
typedef struct srcmap {
    gint64 *off;
    int size;
    gint64 xref_at;
    int root, info, version;
} srcmap;

/* Reads the classic cross-reference table and trailer cairo and libharu write. */
static int read_xref(packer *k, srcmap *m)
{
    gint64 tail = k->in_len < 1024 ? k->in_len : 1024;
    char *t = read_at(k, k->in_len - tail, (size_t)tail);
    char *hdr = read_at(k, 0, k->in_len < 16 ? (size_t)k->in_len : 16);
    if (!t || !hdr) {
        g_free(t);
        g_free(hdr);
        k->why = "it is too short";
        return -1;
    }
    m->version = strncmp(hdr, "%PDF-1.", 7) == 0 ? atoi(hdr + 7) : 0;
    g_free(hdr);
    /* the last "startxref" (the tail may hold binary bytes, NULs too) */
    const char *sx = NULL;
    for (gint64 i = tail - 9; i >= 0 && !sx; i--)
        if (memcmp(t + i, "startxref", 9) == 0) sx = t + i;
    m->xref_at = sx ? strtoll(sx + 9, NULL, 10) : -1;
    g_free(t);
    if (m->xref_at <= 0 || m->xref_at >= k->in_len) {
        k->why = "no startxref";
        return -1;
    }
    char *x = read_at(k, m->xref_at, (size_t)(k->in_len - m->xref_at));
    if (!x || strncmp(x, "xref", 4) != 0) {
        g_free(x);
        k->why = "no cross-reference table";
        return -1;
    }
    const char *tr = strstr(x, "trailer");
    long long size = tr ? key_int(tr, "/Size") : -1;
    if (size <= 0 || size > PACK_MAX_OBJECTS) {
        g_free(x);
        k->why = "no usable trailer";
        return -1;
    }
    m->size = (int)size;
    m->root = (int)key_int(tr, "/Root");
    m->info = (int)key_int(tr, "/Info");
    m->off = g_new(gint64, (gsize)m->size);
    for (int i = 0; i < m->size; i++)
        m->off[i] = -1;
    char *p = x + 4;
    while (p < tr) {
        char *e;
        long long first = strtoll(p, &e, 10);
        if (e == p) break;
        long long count = strtoll(e, &p, 10);
        for (long long i = 0; i < count && p < tr; i++) {
            long long off = strtoll(p, &e, 10);
            strtoll(e, &e, 10); /* generation */
            while (*e == ' ')
                e++;
            long long num = first + i;
            if (*e == 'n' && num > 0 && num < m->size) m->off[num] = off;
            p = e + 1;
        }
    }
    g_free(x);
    if (m->root <= 0 || m->root >= m->size || m->off[m->root] < 0) {
        k->why = "no document catalog";
        return -1;
    }
    return 0;
}

/* The objects in the order they sit in the source. */
static int cmp_off(const void *a, const void *b, void *user)
{
    const gint64 *off = user;
    gint64 x = off[*(const int *)a], y = off[*(const int *)b];
    return x < y ? -1 : x > y;
}

/* Object num of the source: its whole text ("N 0 obj ... endobj") and where
 * its body starts and ends. end: where the next object (or the table) starts. */
static char *read_obj(packer *k, const srcmap *m, int num, gint64 end, size_t *len, size_t *b0,
                      size_t *b1)
{
    gint64 off = m->off[num];
    if (end <= off) return NULL;
    char *o = read_at(k, off, (size_t)(end - off));
    if (!o) return NULL;
    size_t n = (size_t)(end - off);
    while (n > 0 && g_ascii_isspace(o[n - 1]))
        n--;
    char *e;
    long num_in = strtol(o, &e, 10);
    long gen = strtol(e, &e, 10);
    while (g_ascii_isspace(*e))
        e++;
    if (num_in != num || gen != 0 || strncmp(e, "obj", 3) != 0 || n < 6 ||
        memcmp(o + n - 6, "endobj", 6) != 0) {
        g_free(o);
        return NULL;
    }
    *b0 = (size_t)(e + 3 - o);
    *b1 = n - 6;
    *len = n;
    return o;
}

/* The whole object num as text; NULL if it cannot be read. */
static char *obj_text(packer *k, const srcmap *m, int num)
{
    if (num <= 0 || num >= m->size || m->off[num] < 0) return NULL;
    gint64 end = m->xref_at;
    for (int i = 1; i < m->size; i++)
        if (m->off[i] > m->off[num] && m->off[i] < end) end = m->off[i];
    size_t len, b0, b1;
    char *o = read_obj(k, m, num, end, &len, &b0, &b1);
    if (!o) return NULL;
    char *body = g_strndup(o + b0, b1 - b0);
    g_free(o);
    return body;
}

/* s without comments (a % outside a string to the end of its line). */
static GString *strip_comments(const char *s, size_t n)
{
    GString *r = g_string_sized_new(n);
    int paren = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (paren && c == '\\' && i + 1 < n) {
            g_string_append_c(r, c);
            g_string_append_c(r, s[++i]);
            continue;
        }
        if (c == '(') paren++;
        if (c == ')' && paren) paren--;
        if (c == '%' && !paren) {
            while (i < n && s[i] != '\n' && s[i] != '\r')
                i++;
            g_string_append_c(r, '\n');
            continue;
        }
        g_string_append_c(r, c);
    }
    return r;
}

/* ---- keys written twice ----
 * cairo 1.16 names an image in a page's resources once for every time the
 * page draws it ("/XObject << /x8 8 0 R /x8 8 0 R >>"), which makes the
 * dictionary invalid. Every dictionary copied keeps one entry per key: the
 * last, which is the one readers use. */

static bool pdf_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\0';
}

static bool pdf_delim(char c)
{
    return c == '(' || c == ')' || c == '<' || c == '>' || c == '[' || c == ']' || c == '{' ||
           c == '}' || c == '/' || c == '%';
}

static size_t skip_space(const char *s, size_t i, size_t n)
{
    while (i < n && pdf_space(s[i]))
        i++;
    return i;
}

/* The end of the plain token (number, name body, keyword) at i. */
static size_t token_end(const char *s, size_t i, size_t n)
{
    while (i < n && !pdf_space(s[i]) && !pdf_delim(s[i]))
        i++;
    return i;
}

typedef struct key_span {
    size_t from, kend, to; /* a key (from..kend) and its value (..to) */
} key_span;

#define PACK_MAX_DEPTH 64 /* dictionaries and arrays inside one another */

static size_t value_end(const char *s, size_t i, size_t n, GArray *cuts, int depth);

/* The end of the dictionary whose "<<" is at i; the entries of a key seen
 * again go to cuts. */
static size_t dict_end(const char *s, size_t i, size_t n, GArray *cuts, int depth)
{
    GArray *keys = g_array_new(FALSE, FALSE, sizeof(key_span));
    i += 2;
    for (;;) {
        i = skip_space(s, i, n);
        if (i + 1 < n && s[i] == '>' && s[i + 1] == '>') {
            i += 2;
            break;
        }
        if (i >= n || s[i] != '/') { /* not a dictionary this reads: keep it as it is */
            i = n;
            break;
        }
        size_t from = i, kend = token_end(s, i + 1, n);
        size_t to = value_end(s, skip_space(s, kend, n), n, cuts, depth + 1);
        for (guint j = 0; j < keys->len; j++) {
            key_span *k = &g_array_index(keys, key_span, j);
            if (k->to > k->from && k->kend - k->from == kend - from &&
                !memcmp(s + from, s + k->from, kend - from)) {
                g_array_append_val(cuts, *k);
                k->to = k->from; /* cut once */
            }
        }
        key_span ks = {from, kend, to};
        g_array_append_val(keys, ks);
        i = to;
    }
    g_array_free(keys, TRUE);
    return i;
}

/* The end of the value starting at i (a reference "N G R" is one value). */
static size_t value_end(const char *s, size_t i, size_t n, GArray *cuts, int depth)
{
    if (i >= n || depth > PACK_MAX_DEPTH) return n;
    if (s[i] == '<' && i + 1 < n && s[i + 1] == '<') return dict_end(s, i, n, cuts, depth);
    if (s[i] == '<') {
        const char *e = memchr(s + i, '>', n - i);
        return e ? (size_t)(e - s) + 1 : n;
    }
    if (s[i] == '(') {
        int paren = 0;
        for (; i < n; i++) {
            if (s[i] == '\\')
                i++;
            else if (s[i] == '(')
                paren++;
            else if (s[i] == ')' && --paren == 0)
                return i + 1;
        }
        return n;
    }
    if (s[i] == '[') {
        i++;
        for (;;) {
            i = skip_space(s, i, n);
            if (i >= n) return n;
            if (s[i] == ']') return i + 1;
            i = value_end(s, i, n, cuts, depth + 1);
        }
    }
    if (s[i] == '/') return token_end(s, i + 1, n);
    size_t e = token_end(s, i, n);
    if (e == i) return i + 1; /* a stray delimiter */
    /* "N G R" */
    size_t g = skip_space(s, e, n), ge = token_end(s, g, n);
    if (g_ascii_isdigit(s[i]) && ge > g && g_ascii_isdigit(s[g])) {
        size_t r = skip_space(s, ge, n);
        if (r < n && s[r] == 'R' && token_end(s, r, n) == r + 1) return r + 1;
    }
    return e;
}

static gint span_cmp(gconstpointer a, gconstpointer b)
{
    const key_span *x = a, *y = b;
    return x->from < y->from ? -1 : x->from > y->from;
}

/* Removes from the object text d every entry of a dictionary whose key the
 * same dictionary holds again later. */
static void drop_repeated_keys(GString *d)
{
    GArray *cuts = g_array_new(FALSE, FALSE, sizeof(key_span));
    for (size_t i = skip_space(d->str, 0, d->len); i < d->len; i = skip_space(d->str, i, d->len))
        i = value_end(d->str, i, d->len, cuts, 0);
    g_array_sort(cuts, span_cmp);
    /* A cut inside another goes with it. */
    GArray *keep = g_array_new(FALSE, FALSE, sizeof(key_span));
    for (guint j = 0; j < cuts->len; j++) {
        key_span *c = &g_array_index(cuts, key_span, j);
        if (keep->len && c->from < g_array_index(keep, key_span, keep->len - 1).to) continue;
        g_array_append_val(keep, *c);
    }
    for (guint j = keep->len; j-- > 0;) {
        key_span *c = &g_array_index(keep, key_span, j);
        g_string_erase(d, (gssize)c->from, (gssize)(c->to - c->from));
    }
    g_array_free(keep, TRUE);
    g_array_free(cuts, TRUE);
}

/* The end of the dictionary or array starting at s (just past its closing
 * ">>" or "]"), skipping strings; NULL if unbalanced. */
static const char *match_close(const char *s)
{
    int depth = 0, paren = 0;
    for (const char *p = s; *p; p++) {
        if (paren) {
            if (*p == '\\' && p[1])
                p++;
            else if (*p == '(')
                paren++;
            else if (*p == ')')
                paren--;
            continue;
        }
        if (*p == '(') {
            paren = 1;
        } else if ((p[0] == '<' && p[1] == '<') || *p == '[') {
            depth++;
            if (*p == '<') p++;
        } else if ((p[0] == '>' && p[1] == '>') || *p == ']') {
            depth--;
            if (*p == '>') p++;
            if (depth == 0) return p + 1;
        }
    }
    return NULL;
}

/* Replaces the value of key in the dictionary text d with v (appends the key
 * when it is missing). The value is a number, a reference, an array or a
 * dictionary. */
static void set_key(GString *d, const char *key, const char *v)
{
    char *p = strstr(d->str, key);
    while (p && (g_ascii_isalnum(p[strlen(key)]) || p[strlen(key)] == '_'))
        p = strstr(p + 1, key);
    if (!p) {
        char *open = strstr(d->str, "<<");
        gssize at = open ? open - d->str + 2 : 0;
        char *ins = g_strdup_printf(" %s %s", key, v);
        g_string_insert(d, at, ins);
        g_free(ins);
        return;
    }
    size_t start = (size_t)(p - d->str) + strlen(key);
    const char *q = d->str + start;
    while (g_ascii_isspace(*q))
        q++;
    const char *end;
    if (*q == '[' || (q[0] == '<' && q[1] == '<')) {
        end = match_close(q);
    } else {
        /* a number, or "N G R" */
        char *e;
        strtol(q, &e, 10);
        end = e;
        const char *r = e;
        while (g_ascii_isspace(*r))
            r++;
        if (g_ascii_isdigit(*r)) {
            strtol(r, &e, 10);
            while (g_ascii_isspace(*e))
                e++;
            if (*e == 'R') end = e + 1;
        }
    }
    if (!end) return;
    g_string_erase(d, (gssize)start, end - (d->str + start));
    char *ins = g_strdup_printf(" %s", v);
    g_string_insert(d, (gssize)start, ins);
    g_free(ins);
}

/* The numbers of the array value of key in d, or FALSE. */
static bool get_box(const char *d, const char *key, double v[4])
{
    const char *p = strstr(d, key);
    if (!p) return false;
    p = strchr(p, '[');
    if (!p) return false;
    p++;
    for (int i = 0; i < 4; i++) {
        char *e;
        v[i] = g_ascii_strtod(p, &e);
        if (e == p) return false;
        p = e;
    }
    return true;
}

static char *box_text(const double v[4])
{
    char a[4][G_ASCII_DTOSTR_BUF_SIZE];
    for (int i = 0; i < 4; i++)
        g_ascii_formatd(a[i], sizeof a[i], "%.2f", v[i]);
    return g_strdup_printf("[ %s %s %s %s ]", a[0], a[1], a[2], a[3]);
}

/* ---- the document ---- */

typedef struct pageinfo {
    int num;       /* its object number in the source */
    int uses;      /* pages of the document that show it */
    GString *dict; /* its dictionary, kept when it is shown again */
} pageinfo;

/* Rewrites a page dictionary: the boxes of the bleed, and resources written
 * into the dictionary (libharu) moved to an object of their own when the page
 * is shown again, so that every copy refers to them. */
static GString *page_dict(packer *k, const pn_pdfpack *p, const char *body, size_t n,
                          const double *pages_box, bool shared)
{
    GString *d = strip_comments(body, n);
    if (p->bleed_pt > 0) {
        double m[4];
        if (get_box(d->str, "/MediaBox", m) || (pages_box && memcpy(m, pages_box, sizeof m))) {
            double t[4] = {m[0] + p->bleed_pt, m[1] + p->bleed_pt, m[2] - p->bleed_pt,
                           m[3] - p->bleed_pt};
            char *tb = box_text(t), *bb = box_text(m);
            set_key(d, "/TrimBox", tb);
            set_key(d, "/BleedBox", bb);
            g_free(tb);
            g_free(bb);
        }
    }
    const char *r = strstr(d->str, "/Resources");
    if (shared && r) {
        const char *v = r + 10;
        while (g_ascii_isspace(*v))
            v++;
        const char *end = v[0] == '<' && v[1] == '<' ? match_close(v) : NULL;
        if (end) {
            int num = k->next_num++;
            os_add(k, num, v, (size_t)(end - v));
            char *ref = g_strdup_printf("%d 0 R", num);
            set_key(d, "/Resources", ref);
            g_free(ref);
        }
    }
    return d;
}

/* The Kids of the page tree's root: object numbers of the source's pages. */
static GArray *read_kids(packer *k, const srcmap *m, int *pages_num, GString **pages_dict)
{
    char *cat = obj_text(k, m, m->root);
    *pages_num = cat ? (int)key_int(cat, "/Pages") : -1;
    g_free(cat);
    char *pages = obj_text(k, m, *pages_num);
    const char *kids = pages ? strstr(pages, "/Kids") : NULL;
    if (!kids || !strstr(pages, "/Type /Pages")) {
        g_free(pages);
        k->why = "no page tree";
        return NULL;
    }
    GArray *a = g_array_new(FALSE, FALSE, sizeof(int));
    const char *q = strchr(kids, '[');
    const char *end = q ? strchr(q, ']') : NULL;
    for (q = q ? q + 1 : NULL; q && q < end;) {
        char *e;
        long num = strtol(q, &e, 10);
        if (e == q) break;
        strtol(e, &e, 10);
        while (g_ascii_isspace(*e))
            e++;
        if (*e != 'R' || num <= 0 || num >= m->size) break;
        g_array_append_val(a, num);
        q = e + 1;
        while (g_ascii_isspace(*q))
            q++;
    }
    if (!end || q != end) {
        g_array_free(a, TRUE);
        g_free(pages);
        k->why = "a page tree of more than one level";
        return NULL;
    }
    *pages_dict = strip_comments(pages, strlen(pages));
    g_free(pages);
    return a;
}

/* ---- joining sources ---- */

/* Where the object numbers of one source go in the document. */
typedef struct renumber {
    int base;          /* added to every number of the source */
    GHashTable *remap; /* document number -> the number it is replaced by */
} renumber;

static int renum_one(const renumber *r, long long num)
{
    int g = (int)num + r->base;
    gpointer v;
    if (r->remap && g_hash_table_lookup_extended(r->remap, GINT_TO_POINTER(g), NULL, &v))
        return GPOINTER_TO_INT(v);
    return g;
}

static bool is_delim(char c)
{
    return c == 0 || g_ascii_isspace(c) || strchr("()<>[]{}/%", c);
}

/* s (n bytes of PDF objects' text) with every reference "N G R" renumbered by
 * r (r NULL: unchanged); refs (not NULL) gets the numbers referred to (int).
 * Strings and names are copied as they are. */
static GString *renum_text(const char *s, size_t n, const renumber *r, GArray *refs)
{
    GString *out = g_string_sized_new(n + 16);
    size_t i = 0;
    while (i < n) {
        size_t j = i + 1;
        if (s[i] == '(') {
            for (int depth = 1; j < n && depth; j++) {
                if (s[j] == '\\')
                    j++;
                else if (s[j] == '(')
                    depth++;
                else if (s[j] == ')')
                    depth--;
            }
        } else if (s[i] == '<' && j < n && s[j] != '<') {
            while (j < n && s[j] != '>')
                j++;
            if (j < n) j++;
        } else if (s[i] == '<') {
            j++;
        } else if (s[i] == '/') {
            while (j < n && !is_delim(s[j]))
                j++;
        } else if (g_ascii_isdigit(s[i]) && (i == 0 || is_delim(s[i - 1]))) {
            size_t a = i;
            while (a < n && g_ascii_isdigit(s[a]))
                a++;
            size_t g = a;
            while (g < n && g_ascii_isspace(s[g]))
                g++;
            size_t g1 = g;
            while (g1 < n && g_ascii_isdigit(s[g1]))
                g1++;
            size_t rr = g1;
            while (rr < n && g_ascii_isspace(s[rr]))
                rr++;
            if (a - i <= 9 && g > a && g1 > g && rr > g1 && rr < n && s[rr] == 'R' &&
                (rr + 1 == n || is_delim(s[rr + 1]))) {
                int num = (int)g_ascii_strtoll(s + i, NULL, 10);
                if (refs) g_array_append_val(refs, num);
                if (r) {
                    g_string_append_printf(out, "%d", renum_one(r, num));
                    i = a;
                }
                j = rr + 1;
            } else {
                j = a;
            }
        }
        g_string_append_len(out, s + i, (gssize)(j - i));
        i = j;
    }
    return out;
}

/* Whether object text o (len bytes, body from b0) is a stream. */
static bool is_stream(const char *o, size_t len, size_t b0)
{
    size_t bl = len - 6; /* before "endobj" */
    while (bl > b0 && g_ascii_isspace(o[bl - 1]))
        bl--;
    return bl - b0 >= 9 && memcmp(o + bl - 9, "endstream", 9) == 0;
}

/* Where the dictionary of stream o ends (just past its ">>"), or 0. */
static size_t stream_dict_end(const char *o, size_t b0)
{
    const char *d = o + b0;
    while (g_ascii_isspace(*d))
        d++;
    const char *e = d[0] == '<' && d[1] == '<' ? match_close(d) : NULL;
    return e ? (size_t)(e - o) : 0;
}

/* What names the content of object o (len bytes, body from b0 to b1): its
 * body without comments, for a stream its dictionary without the /Length and
 * a digest of its data. refs gets the objects it refers to (their numbers in
 * its source). NULL when o is a stream without a dictionary. */
static GString *obj_content(const char *o, size_t len, size_t b0, size_t b1, GArray *refs)
{
    if (!is_stream(o, len, b0)) {
        GString *body = strip_comments(o + b0, b1 - b0);
        g_string_prepend(body, "o ");
        g_string_free(renum_text(body->str, body->len, NULL, refs), TRUE);
        return body;
    }
    size_t de = stream_dict_end(o, b0);
    if (!de) return NULL;
    GString *dict = g_string_new_len(o + b0, (gssize)(de - b0));
    if (strstr(dict->str, "/Length")) set_key(dict, "/Length", "0");
    g_string_prepend(dict, "s ");
    g_string_free(renum_text(dict->str, dict->len, NULL, refs), TRUE);
    char *sum = g_compute_checksum_for_data(G_CHECKSUM_SHA256, (const guchar *)(o + de), len - de);
    g_string_append_printf(dict, "\n%s", sum);
    g_free(sum);
    return dict;
}

/* An object of a source whose twin in an earlier source is looked for. */
typedef struct candidate {
    int num;       /* in its source */
    GString *text; /* obj_content */
    GArray *refs;  /* int: what it refers to, in its source */
} candidate;

static void candidate_free(gpointer p)
{
    candidate *c = p;
    g_string_free(c->text, TRUE);
    g_array_free(c->refs, TRUE);
    g_free(c);
}

/* One source of the document: where it is, its objects, its pages. */
typedef struct source {
    gint64 at, len;
    srcmap m;
    int base;       /* its object numbers in the document: base + its own */
    int pages_num;  /* its page tree's root */
    GArray *kids;   /* int: its pages' object numbers (its own) */
    int first_page; /* document number of its first page among all sources' */
} source;

static void use_source(packer *k, const source *s)
{
    k->in_base = s->at;
    k->in_len = s->len;
}

/* The object numbers of s in the order they sit in it (n of them). */
static int *source_order(const source *s, int *n)
{
    int *order = g_new(int, (gsize)s->m.size);
    *n = 0;
    for (int i = 1; i < s->m.size; i++)
        if (s->m.off[i] >= 0) order[(*n)++] = i;
    g_qsort_with_data(order, *n, sizeof *order, cmp_off, s->m.off);
    return order;
}

/* The i-th of the n objects of s in order (see source_order), as read_obj
 * reads it; NULL with k->why set when it cannot be read. */
static char *read_nth(packer *k, const source *s, const int *order, int n, int i, size_t *len,
                      size_t *b0, size_t *b1)
{
    gint64 end = i + 1 < n ? s->m.off[order[i + 1]] : s->m.xref_at;
    char *o = read_obj(k, &s->m, order[i], end, len, b0, b1);
    if (!o) k->why = "an object that cannot be read";
    return o;
}

/* Finds the objects of later sources that are the same as one of an earlier
 * source (fonts, font files, images and their masks, graphics states,
 * identical page drawings): remap sends them to the earlier one. Objects
 * that refer to nothing are compared first, then those whose references are
 * all settled, with those references as they will be written (so an image
 * whose mask was found again is found again too); what refers to a page or
 * the page tree is never shared. The other sources' page tree roots become
 * the first source's. -1 when a source cannot be read. */
static int find_shared(packer *k, source *src, int nsrc, GHashTable *remap)
{
    GHashTable *seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    GHashTable *settled = g_hash_table_new(g_direct_hash, g_direct_equal);
    int rc = 0;
    for (int j = 0; j < nsrc && !rc; j++) {
        source *s = &src[j];
        if (j > 0)
            g_hash_table_insert(remap, GINT_TO_POINTER(s->base + s->pages_num),
                                GINT_TO_POINTER(src[0].base + src[0].pages_num));
        use_source(k, s);
        int n;
        int *order = source_order(s, &n);
        GPtrArray *todo = g_ptr_array_new_with_free_func(candidate_free);
        for (int i = 0; i < n && !rc; i++) {
            int num = order[i];
            size_t len, b0, b1;
            char *o = read_nth(k, s, order, n, i, &len, &b0, &b1);
            if (!o) {
                rc = -1;
                break;
            }
            /* a later source's catalog and information dictionary are left
             * out, so they never stand for another's objects */
            bool dropped = num == s->pages_num || (j > 0 && (num == s->m.root || num == s->m.info));
            GArray *refs = g_array_new(FALSE, FALSE, sizeof(int));
            GString *text = dropped ? NULL : obj_content(o, len, b0, b1, refs);
            g_free(o);
            if (!text) {
                g_array_free(refs, TRUE);
                continue;
            }
            candidate *c = g_new(candidate, 1);
            *c = (candidate){num, text, refs};
            g_ptr_array_add(todo, c);
        }
        g_free(order);
        renumber r = {s->base, j > 0 ? remap : NULL};
        for (bool progress = true; progress && !rc;) {
            progress = false;
            for (guint i = 0; i < todo->len; i++) {
                candidate *c = g_ptr_array_index(todo, i);
                if (!c) continue;
                bool ready = true;
                for (guint x = 0; x < c->refs->len && ready; x++) {
                    int ref = g_array_index(c->refs, int, x);
                    ready = g_hash_table_contains(settled, GINT_TO_POINTER(s->base + ref));
                }
                if (!ready) continue;
                GString *t = renum_text(c->text->str, c->text->len, &r, NULL);
                char *key =
                    g_compute_checksum_for_data(G_CHECKSUM_SHA256, (const guchar *)t->str, t->len);
                g_string_free(t, TRUE);
                int g = s->base + c->num;
                gpointer first = g_hash_table_lookup(seen, key);
                if (!first)
                    g_hash_table_insert(seen, key, GINT_TO_POINTER(g));
                else
                    g_free(key);
                if (first && GPOINTER_TO_INT(first) < s->base) /* an earlier source's */
                    g_hash_table_insert(remap, GINT_TO_POINTER(g), first);
                g_hash_table_add(settled, GINT_TO_POINTER(g));
                candidate_free(c);
                g_ptr_array_index(todo, i) = NULL;
                progress = true;
            }
        }
        g_ptr_array_set_free_func(todo, NULL);
        for (guint i = 0; i < todo->len; i++)
            if (g_ptr_array_index(todo, i)) candidate_free(g_ptr_array_index(todo, i));
        g_ptr_array_free(todo, TRUE);
    }
    g_hash_table_destroy(seen);
    g_hash_table_destroy(settled);
    return rc;
}

/* Copies object num of source s (o, len bytes, body b0..b1) to the output
 * under its document number. */
static void copy_obj(packer *k, const pn_pdfpack *p, const source *s, const renumber *r, int num,
                     const char *o, size_t len, size_t b0, size_t b1, pageinfo *pg,
                     const double *pbox)
{
    int g = s->base + num;
    if (is_stream(o, len, b0)) {
        size_t de = r->remap ? stream_dict_end(o, b0) : 0;
        xset(k, g, 1, (guint32)k->pos, 0);
        if (!r->remap) {
            put(k, o, len);
        } else if (!de) {
            k->why = "a stream without a dictionary";
        } else {
            GString *dict = renum_text(o + b0, de - b0, r, NULL);
            char head[32];
            snprintf(head, sizeof head, "%d 0 obj", g);
            puts_(k, head);
            put(k, dict->str, dict->len);
            put(k, o + de, len - de);
            g_string_free(dict, TRUE);
        }
        puts_(k, "\n");
        return;
    }
    GString *body = strip_comments(o + b0, b1 - b0);
    drop_repeated_keys(body);
    if (r->remap) {
        GString *t = renum_text(body->str, body->len, r, NULL);
        g_string_free(body, TRUE);
        body = t;
    }
    if (pg) {
        GString *d = page_dict(k, p, body->str, body->len, pbox, pg->uses > 1);
        os_add(k, g, d->str, d->len);
        if (pg->uses > 1)
            pg->dict = d;
        else
            g_string_free(d, TRUE);
    } else {
        os_add(k, g, body->str, body->len);
    }
    g_string_free(body, TRUE);
}

/* Reads every source's cross-reference table and page tree. */
static int read_sources(packer *k, source *src, int nsrc, GString **pages_dict)
{
    int base = 0, first_page = 0;
    for (int j = 0; j < nsrc; j++) {
        source *s = &src[j];
        use_source(k, s);
        if (read_xref(k, &s->m)) return -1;
        GString *pd = NULL;
        s->kids = read_kids(k, &s->m, &s->pages_num, &pd);
        if (!s->kids) return -1;
        if (j == 0)
            *pages_dict = pd;
        else
            g_string_free(pd, TRUE);
        if (base > PACK_MAX_OBJECTS - s->m.size) {
            k->why = "too many objects";
            return -1;
        }
        s->base = base;
        base += s->m.size;
        s->first_page = first_page;
        first_page += (int)s->kids->len;
    }
    return 0;
}

/* Copies the sources to the output, packed and joined. */
static int pack(packer *k, pn_pdfpack *p, source *src, int nsrc)
{
    GString *pages_dict = NULL;
    if (read_sources(k, src, nsrc, &pages_dict)) {
        if (pages_dict) g_string_free(pages_dict, TRUE);
        return -1;
    }
    int npages = src[nsrc - 1].first_page + (int)src[nsrc - 1].kids->len, rc = 0, version = 0;
    pageinfo *pi = g_new0(pageinfo, (gsize)(npages ? npages : 1));
    for (int j = 0; j < nsrc; j++) {
        for (guint i = 0; i < src[j].kids->len; i++)
            pi[src[j].first_page + (int)i].num = src[j].base + g_array_index(src[j].kids, int, i);
        version = MAX(version, src[j].m.version);
    }
    GHashTable *page_of = g_hash_table_new(g_direct_hash, g_direct_equal);
    for (int i = 0; i < npages; i++)
        g_hash_table_insert(page_of, GINT_TO_POINTER(pi[i].num), GINT_TO_POINTER(i + 1));
    const int *map = (const int *)(const void *)p->pages->data;
    for (guint i = 0; i < p->pages->len && !rc; i++) {
        if (map[i] < 0 || map[i] >= npages) {
            k->why = "a page refers to a page the source lacks";
            rc = -1;
        } else {
            pi[map[i]].uses++;
        }
    }
    GHashTable *remap = nsrc > 1 ? g_hash_table_new(g_direct_hash, g_direct_equal) : NULL;
    if (!rc && remap) rc = find_shared(k, src, nsrc, remap);
    double pbox[4];
    bool has_pbox = get_box(pages_dict->str, "/MediaBox", pbox);
    k->next_num = src[nsrc - 1].base + src[nsrc - 1].m.size;
    char head[32];
    snprintf(head, sizeof head, "%%PDF-1.%d\n%%\xb5\xed\xae\xfb\n", version > 5 ? version : 5);
    puts_(k, head);

    /* Every object of every source in the order it sits there; the later
     * sources' catalogs, information dictionaries and page tree roots, and
     * what find_shared found again, are left out. */
    for (int j = 0; j < nsrc && !rc; j++) {
        source *s = &src[j];
        renumber r = {s->base, j > 0 ? remap : NULL};
        use_source(k, s);
        int n;
        int *order = source_order(s, &n);
        for (int i = 0; i < n && !rc; i++) {
            int num = order[i], g = s->base + num;
            if (num == s->pages_num) continue; /* written last, with every page */
            if (j > 0 && (num == s->m.root || num == s->m.info ||
                          g_hash_table_contains(remap, GINT_TO_POINTER(g))))
                continue;
            size_t len, b0, b1;
            char *o = read_nth(k, s, order, n, i, &len, &b0, &b1);
            if (!o) {
                rc = -1;
                break;
            }
            int page = GPOINTER_TO_INT(g_hash_table_lookup(page_of, GINT_TO_POINTER(g)));
            copy_obj(k, p, s, &r, num, o, len, b0, b1, page ? &pi[page - 1] : NULL,
                     has_pbox ? pbox : NULL);
            g_free(o);
        }
        g_free(order);
    }

    /* The pages in the document's order: the first showing of a source page is
     * that page; every further one a copy of its dictionary. */
    GString *kl = g_string_new("[");
    bool *shown = g_new0(bool, (gsize)(npages ? npages : 1));
    for (guint i = 0; i < p->pages->len && !rc; i++) {
        int s = map[i], num = pi[s].num;
        if (shown[s]) {
            num = k->next_num++;
            os_add(k, num, pi[s].dict->str, pi[s].dict->len);
        }
        shown[s] = true;
        g_string_append_printf(kl, " %d 0 R", num);
    }
    g_string_append(kl, " ]");
    if (!rc) {
        char count[24];
        snprintf(count, sizeof count, "%u", p->pages->len);
        set_key(pages_dict, "/Kids", kl->str);
        set_key(pages_dict, "/Count", count);
        os_add(k, src[0].pages_num, pages_dict->str, pages_dict->len);
        os_flush(k);
    }
    g_string_free(kl, TRUE);
    g_free(shown);

    const srcmap *m = &src[0].m;
    if (!rc) {
        /* The cross-reference stream, with an ID from everything before it. */
        int xnum = k->next_num++;
        xset(k, xnum, 1, (guint32)k->pos, 0);
        int size = xnum + 1;
        GChecksum *sum = g_checksum_copy(k->md5);
        char *id = g_strdup(g_checksum_get_string(sum));
        g_checksum_free(sum);
        GString *x = g_string_sized_new((gsize)size * 7);
        for (int i = 0; i < size; i++) {
            xent e = g_array_index(k->xref, xent, i);
            if (i == 0) e = (xent){0, 0, 65535};
            guint8 b[7] = {
                e.type,       (guint8)(e.f2 >> 24), (guint8)(e.f2 >> 16), (guint8)(e.f2 >> 8),
                (guint8)e.f2, (guint8)(e.f3 >> 8),  (guint8)e.f3};
            g_string_append_len(x, (const char *)b, 7);
        }
        char info[32] = "";
        if (m->info > 0 && m->info < m->size && m->off[m->info] >= 0)
            snprintf(info, sizeof info, " /Info %d 0 R", m->info);
        char *dict = g_strdup_printf("/Type /XRef /Size %d /W [ 1 4 2 ] /Root %d 0 R%s "
                                     "/ID [ <%s> <%s> ]",
                                     size, m->root, info, id, id);
        guint64 at = k->pos;
        put_stream(k, xnum, dict, x->str, x->len);
        g_free(dict);
        g_free(id);
        g_string_free(x, TRUE);
        char tail[64];
        snprintf(tail, sizeof tail, "startxref\n%llu\n%%%%EOF\n", (unsigned long long)at);
        puts_(k, tail);
        if (k->pos > G_MAXUINT32) k->why = "a document larger than 4 GB";
        if (k->why) rc = -1;
    }
    for (int i = 0; i < npages; i++)
        if (pi[i].dict) g_string_free(pi[i].dict, TRUE);
    g_free(pi);
    g_hash_table_destroy(page_of);
    if (remap) g_hash_table_destroy(remap);
    g_string_free(pages_dict, TRUE);
    return rc;
}

int pn_pdfpack_finish(pn_pdfpack *p, pn_err *err)
{
    const char *path = p->out->target;
    int rc = 0;
    packer k = {.out = p->out,
                .md5 = g_checksum_new(G_CHECKSUM_MD5),
                .xref = g_array_new(FALSE, TRUE, sizeof(xent)),
                .os_head = g_string_new(NULL),
                .os_body = g_string_new(NULL)};
    if (p->scratch) {
        if (p->scratch->error)
            rc = pn_err_set(err, PN_EIO, "%s: write failed: %s", path, strerror(p->scratch->error));
        else if (!pn_outfile_close(p->scratch, err) && !(k.in = fopen(p->scratch->tmp, "rb")))
            rc = pn_err_set(err, PN_EIO, "%s: %s", path, strerror(errno));
        else if (!k.in)
            rc = -1;
    } else if (p->mem->len == 0 || !(k.in = fmemopen(p->mem->data, p->mem->len, "rb"))) {
        rc = pn_err_set(err, PN_EIO, "%s: no pages to write", path);
    }
    if (!rc && p->pages->len == 0) rc = pn_err_set(err, PN_EIO, "%s: no pages to write", path);
    source *src = NULL;
    int nsrc = 0;
    if (!rc) {
        /* The sources: from each start to the next (empty ones left out). */
        fseeko(k.in, 0, SEEK_END);
        gint64 total = (gint64)ftello(k.in), at = 0;
        src = g_new0(source, p->sources->len + 1);
        for (guint i = 0; i <= p->sources->len; i++) {
            gint64 end = i < p->sources->len ? g_array_index(p->sources, gint64, i) : total;
            if (end > at) src[nsrc++] = (source){.at = at, .len = end - at};
            at = MAX(at, end);
        }
        if (nsrc == 0) rc = pn_err_set(err, PN_EIO, "%s: no pages to write", path);
    }
    if (!rc) {
        if (pack(&k, p, src, nsrc))
            rc = pn_err_set(err, PN_EIO, "%s: cannot pack the PDF: %s", path,
                            k.why ? k.why : "unexpected structure");
        else if (p->out->error)
            rc = pn_err_set(err, PN_EIO, "%s: write failed: %s", path, strerror(p->out->error));
    }
    for (int i = 0; i < nsrc; i++) {
        if (src[i].kids) g_array_free(src[i].kids, TRUE);
        g_free(src[i].m.off);
    }
    g_free(src);
    if (k.in) fclose(k.in);
    g_checksum_free(k.md5);
    g_array_free(k.xref, TRUE);
    g_string_free(k.os_head, TRUE);
    g_string_free(k.os_body, TRUE);
    if (rc)
        pn_outfile_abort(p->out);
    else
        rc = pn_outfile_commit(p->out, err);
    pack_free(p);
    return rc;
}

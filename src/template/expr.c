/* expr.c: tokenizer and recursive-descent evaluator for template expressions
 * (see expr.h). Precedence, lowest first: ?:, or, and, not, comparisons
 * (not chained), + -, * / %, unary - +, calls and parentheses. Branches not
 * taken (the other side of ?:, the right of a decided and/or) are parsed with
 * evaluation off, so `n > 0 ? 10 / n : 0` is fine when n is 0. */
#include "template/expr.h"

#include <glib.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef enum { T_END, T_NUM, T_STR, T_NAME, T_OP } tok_kind;

typedef struct tok {
    tok_kind kind;
    size_t start, end; /* bytes of the token in the source */
    double num;
    char op[3]; /* T_OP: "+", "<=", "..", "&&", ... */
} tok;

typedef struct parser {
    const char *s;
    size_t len, i;
    tok t; /* the current token */
    int depth;
    bool live; /* evaluating, not only parsing */
    bool failed;
    size_t errpos;
    char *why;
    size_t whylen;
    expr_lookup_fn lookup;
    void *user;
} parser;

void expr_val_clear(expr_val *v)
{
    if (v->kind == EXPR_STR) g_free(v->str);
    v->str = NULL;
    v->kind = EXPR_NUM;
    v->num = 0;
}

static int fail_at(parser *p, size_t pos, const char *fmt, ...) G_GNUC_PRINTF(3, 4);
static int fail_at(parser *p, size_t pos, const char *fmt, ...)
{
    if (p->failed) return -1;
    p->failed = true;
    p->errpos = pos;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->why, p->whylen, fmt, ap);
    va_end(ap);
    return -1;
}

static bool name_start(char c)
{
    return g_ascii_isalpha(c) || c == '_';
}

static bool name_char(char c)
{
    return g_ascii_isalnum(c) || c == '_' || c == '.';
}

/* Reads the next token into p->t. */
static int next(parser *p)
{
    const char *s = p->s;
    while (p->i < p->len && g_ascii_isspace(s[p->i]))
        p->i++;
    tok *t = &p->t;
    memset(t, 0, sizeof *t);
    t->start = p->i;
    if (p->i >= p->len) {
        t->kind = T_END;
        t->end = p->i;
        return 0;
    }
    char c = s[p->i];
    if (g_ascii_isdigit(c)) {
        size_t j = p->i;
        while (j < p->len && g_ascii_isdigit(s[j]))
            j++;
        if (j + 1 < p->len && s[j] == '.' && g_ascii_isdigit(s[j + 1])) {
            j++;
            while (j < p->len && g_ascii_isdigit(s[j]))
                j++;
        }
        if (j < p->len && (s[j] == 'e' || s[j] == 'E')) {
            size_t k = j + 1;
            if (k < p->len && (s[k] == '+' || s[k] == '-')) k++;
            if (k < p->len && g_ascii_isdigit(s[k])) {
                while (k < p->len && g_ascii_isdigit(s[k]))
                    k++;
                j = k;
            }
        }
        if (j < p->len && name_start(s[j]))
            return fail_at(p, j, "'%c' right after a number (write an operator between)", s[j]);
        char buf[64];
        if (j - p->i >= sizeof buf) return fail_at(p, p->i, "a number with too many digits");
        memcpy(buf, s + p->i, j - p->i);
        buf[j - p->i] = 0;
        t->num = g_ascii_strtod(buf, NULL);
        if (!isfinite(t->num) || fabs(t->num) > EXPR_MAX_NUM)
            return fail_at(p, p->i, "%s is out of range (at most %g)", buf, EXPR_MAX_NUM);
        t->kind = T_NUM;
        p->i = j;
    } else if (c == '$' || name_start(c)) {
        size_t j = p->i + (c == '$');
        if (j >= p->len || !name_start(s[j])) return fail_at(p, p->i, "'$' without a name");
        while (j < p->len && name_char(s[j]))
            j++;
        t->kind = T_NAME;
        p->i = j;
    } else if (c == '\'' || c == '"') {
        size_t j = p->i + 1;
        while (j < p->len && s[j] != c)
            j++;
        if (j >= p->len) return fail_at(p, p->i, "a text without its closing %c", c);
        if (j - p->i - 1 > EXPR_MAX_TEXT)
            return fail_at(p, p->i, "a text longer than %d bytes", EXPR_MAX_TEXT);
        t->kind = T_STR;
        p->i = j + 1;
    } else {
        static const char *const ops[] = {"..", "<=", ">=", "==", "!=", "&&", "||",
                                          "+",  "-",  "*",  "/",  "%",  "<",  ">",
                                          "!",  "(",  ")",  "?",  ":",  ",",  NULL};
        for (const char *const *o = ops; *o; o++) {
            size_t n = strlen(*o);
            if (p->i + n <= p->len && !strncmp(s + p->i, *o, n)) {
                t->kind = T_OP;
                memcpy(t->op, *o, n);
                p->i += n;
                t->end = p->i;
                return 0;
            }
        }
        if ((unsigned char)c >= 0x20 && (unsigned char)c < 0x7f)
            return fail_at(p, p->i, "unexpected '%c'", c);
        return fail_at(p, p->i, "unexpected character");
    }
    t->end = p->i;
    return 0;
}

static bool is_op(const parser *p, const char *op)
{
    return p->t.kind == T_OP && !strcmp(p->t.op, op);
}

static bool is_word(const parser *p, const char *w)
{
    size_t n = strlen(w);
    return p->t.kind == T_NAME && p->t.end - p->t.start == n && !strncmp(p->s + p->t.start, w, n);
}

static int expect(parser *p, const char *op)
{
    if (!is_op(p, op)) {
        if (p->t.kind == T_END) return fail_at(p, p->t.start, "'%s' expected at the end", op);
        return fail_at(p, p->t.start, "'%s' expected", op);
    }
    return next(p);
}

static int ternary(parser *p, expr_val *out);

/* A text counts as a number in arithmetic when it reads wholly as one. */
static bool as_number(const expr_val *v, double *out)
{
    if (v->kind == EXPR_NUM) {
        *out = v->num;
        return true;
    }
    if (v->kind != EXPR_STR || !v->str || !*v->str) return false;
    char *end;
    const char *s = v->str;
    while (g_ascii_isspace(*s))
        s++;
    if (!g_ascii_isdigit(*s) && *s != '-' && *s != '+' && *s != '.') return false;
    /* Decimal only, as the language writes numbers: strtod would also read
     * "0x10" as 16 and "0x1p3" as 8. */
    if (strpbrk(s, "xX")) return false;
    *out = g_ascii_strtod(s, &end);
    while (g_ascii_isspace(*end))
        end++;
    return !*end && isfinite(*out) && fabs(*out) <= EXPR_MAX_NUM;
}

static const char *kind_name(const expr_val *v)
{
    return v->kind == EXPR_NUM ? "a number" : v->kind == EXPR_BOOL ? "true or false" : "a text";
}

static int need_number(parser *p, size_t pos, expr_val *v, double *out)
{
    if (!p->live) {
        *out = 0;
        return 0;
    }
    if (as_number(v, out)) return 0;
    return fail_at(p, pos, "expected a number, not %s", kind_name(v));
}

static int need_bool(parser *p, size_t pos, expr_val *v, bool *out)
{
    *out = false;
    if (!p->live) return 0;
    if (v->kind == EXPR_BOOL) {
        *out = v->b;
        return 0;
    }
    return fail_at(p, pos, "expected true or false, not %s", kind_name(v));
}

static int set_num(parser *p, size_t pos, expr_val *out, double x)
{
    expr_val_clear(out);
    out->kind = EXPR_NUM;
    out->num = p->live ? x : 0;
    if (p->live && (!isfinite(x) || fabs(x) > EXPR_MAX_NUM))
        return fail_at(p, pos, "the result is out of range (at most %g)", EXPR_MAX_NUM);
    return 0;
}

static int set_bool(expr_val *out, bool b)
{
    expr_val_clear(out);
    out->kind = EXPR_BOOL;
    out->b = b;
    return 0;
}

static int enter(parser *p)
{
    if (++p->depth > EXPR_MAX_DEPTH)
        return fail_at(p, p->t.start, "nested more than %d levels deep", EXPR_MAX_DEPTH);
    return 0;
}

typedef struct fn {
    const char *name;
    int min_args, max_args;
} fn;

static const fn fns[] = {
    {"abs", 1, 1}, {"floor", 1, 1}, {"ceil", 1, 1}, {"round", 1, 1}, {"sqrt", 1, 1},
    {"sin", 1, 1}, {"cos", 1, 1},   {"min", 1, 16}, {"max", 1, 16},  {NULL, 0, 0},
};

static int call(parser *p, const fn *f, size_t pos, expr_val *out)
{
    double args[16];
    int n = 0;
    if (next(p)) return -1; /* '(' */
    if (!is_op(p, ")")) {
        for (;;) {
            size_t apos = p->t.start;
            expr_val v = {0};
            if (n >= f->max_args)
                return fail_at(p, apos, "%s takes at most %d argument%s", f->name, f->max_args,
                               f->max_args == 1 ? "" : "s");
            int rc = ternary(p, &v);
            if (!rc) rc = need_number(p, apos, &v, &args[n]);
            expr_val_clear(&v);
            if (rc) return -1;
            n++;
            if (!is_op(p, ",")) break;
            if (next(p)) return -1;
        }
    }
    if (n < f->min_args)
        return fail_at(p, p->t.start, "%s needs %d argument%s", f->name, f->min_args,
                       f->min_args == 1 ? "" : "s");
    if (expect(p, ")")) return -1;
    if (!p->live) return set_num(p, pos, out, 0);
    double x = args[0];
    const char *nm = f->name;
    if (!strcmp(nm, "abs"))
        x = fabs(x);
    else if (!strcmp(nm, "floor"))
        x = floor(x);
    else if (!strcmp(nm, "ceil"))
        x = ceil(x);
    else if (!strcmp(nm, "round"))
        x = round(x);
    else if (!strcmp(nm, "sin"))
        x = sin(x * G_PI / 180);
    else if (!strcmp(nm, "cos"))
        x = cos(x * G_PI / 180);
    else if (!strcmp(nm, "sqrt")) {
        if (x < 0) return fail_at(p, pos, "sqrt of a negative number");
        x = sqrt(x);
    } else {
        bool lo = !strcmp(nm, "min");
        for (int k = 1; k < n; k++)
            if (lo ? args[k] < x : args[k] > x) x = args[k];
    }
    return set_num(p, pos, out, x);
}

/* a == b as the comparison reads it: numbers when both read as numbers,
 * else texts, else true/false. -1 when they cannot be compared. */
static int same(const expr_val *a, const expr_val *b)
{
    double x, y;
    if (as_number(a, &x) && as_number(b, &y)) return x == y;
    if (a->kind == EXPR_STR && b->kind == EXPR_STR) return !strcmp(a->str, b->str);
    if (a->kind == EXPR_BOOL && b->kind == EXPR_BOOL) return a->b == b->b;
    return -1;
}

#define EXPR_MAX_PICK 33 /* pick's arguments: a key, 16 pairs, a default */

/* pick(key, k1, v1, k2, v2, ..., [default]): the value after the first k
 * equal to key, else the default; char(text, n): the n-th character of
 * text, from 1. Their arguments may be texts. */
static int call_text(parser *p, const char *name, size_t pos, expr_val *out)
{
    bool pick = !strcmp(name, "pick");
    int max = pick ? EXPR_MAX_PICK : 2;
    expr_val args[EXPR_MAX_PICK] = {{0}};
    size_t apos[EXPR_MAX_PICK];
    int n = 0, rc = next(p); /* '(' */
    while (!rc && !is_op(p, ")")) {
        apos[n] = p->t.start;
        if (n >= max) {
            rc = fail_at(p, apos[n], "%s takes at most %d arguments", name, max);
            break;
        }
        if ((rc = ternary(p, &args[n]))) break;
        n++;
        if (!is_op(p, ",")) break;
        rc = next(p);
    }
    if (!rc && n < (pick ? 3 : 2))
        rc = fail_at(p, p->t.start, "%s needs %d arguments", name, pick ? 3 : 2);
    if (!rc) rc = expect(p, ")");
    if (!rc && !p->live)
        rc = set_num(p, pos, out, 0);
    else if (!rc && pick) {
        int found = -1;
        for (int k = 1; k + 1 < n && found < 0 && !rc; k += 2) {
            int eq = same(&args[0], &args[k]);
            if (eq < 0)
                rc = fail_at(p, apos[k], "cannot compare %s with %s", kind_name(&args[0]),
                             kind_name(&args[k]));
            else if (eq)
                found = k + 1;
        }
        if (!rc && found < 0 && n % 2 == 0) found = n - 1; /* the default */
        if (!rc && found < 0) {
            char *key = expr_format(&args[0]);
            rc = fail_at(p, apos[0], "pick: no choice for '%s' and no default", key);
            g_free(key);
        }
        if (!rc) {
            expr_val_clear(out);
            *out = args[found];
            args[found] = (expr_val){0};
        }
    } else if (!rc) {
        double k;
        rc = need_number(p, apos[1], &args[1], &k);
        /* A text is read where it is, and only up to the place asked for:
         * a map coloured hex by hex from one long text asks for every place. */
        char *made = rc || args[0].kind == EXPR_STR ? NULL : expr_format(&args[0]);
        const char *text = rc ? NULL : made ? made : args[0].str;
        const char *c = text;
        glong at = 1;
        if (!rc && k == floor(k) && k >= 1)
            while (*c && at < k) {
                c = g_utf8_next_char(c);
                at++;
            }
        if (!rc && (k != floor(k) || k < 1 || !*c)) {
            glong len = g_utf8_strlen(text, -1);
            rc = fail_at(p, apos[1], "char: %g is not a place in a text of %ld characters", k,
                         (long)len);
        }
        if (!rc) {
            expr_val_clear(out);
            out->kind = EXPR_STR;
            out->str = g_strndup(c, (gsize)(g_utf8_next_char(c) - c));
        }
        g_free(made);
    }
    /* args[n] too: an argument that failed half-way may hold a text */
    for (int k = 0; k <= n && k < EXPR_MAX_PICK; k++)
        expr_val_clear(&args[k]);
    return rc;
}

static int primary(parser *p, expr_val *out)
{
    size_t pos = p->t.start;
    expr_val_clear(out);
    switch (p->t.kind) {
    case T_END:
        return fail_at(p, pos, "a value expected at the end");
    case T_NUM:
        out->num = p->t.num;
        return next(p);
    case T_STR:
        out->kind = EXPR_STR;
        out->str = g_strndup(p->s + p->t.start + 1, p->t.end - p->t.start - 2);
        return next(p);
    case T_OP:
        if (is_op(p, "(")) {
            return next(p) || ternary(p, out) || expect(p, ")") ? -1 : 0;
        }
        return fail_at(p, pos, "a value expected before '%s'", p->t.op);
    case T_NAME:
        break;
    }
    if (is_word(p, "true") || is_word(p, "false")) {
        set_bool(out, is_word(p, "true"));
        return next(p);
    }
    const char *s = p->s + p->t.start;
    size_t n = p->t.end - p->t.start;
    bool dollar = s[0] == '$';
    char *name = g_strndup(s + dollar, n - dollar);
    if (next(p)) {
        g_free(name);
        return -1;
    }
    if (!dollar && is_op(p, "(") && (!strcmp(name, "pick") || !strcmp(name, "char"))) {
        int rc = enter(p) || call_text(p, name, pos, out) ? -1 : 0;
        g_free(name);
        if (!rc) p->depth--;
        return rc;
    }
    if (!dollar && is_op(p, "(")) {
        const fn *f = fns;
        while (f->name && strcmp(f->name, name))
            f++;
        if (!f->name) {
            fail_at(p, pos,
                    "unknown function '%s' (abs, min, max, floor, ceil, round, sqrt, sin, "
                    "cos, pick, char)",
                    name);
            g_free(name);
            return -1;
        }
        g_free(name);
        if (enter(p) || call(p, f, pos, out)) return -1;
        p->depth--;
        return 0;
    }
    char why[512] = "";
    int rc = p->lookup ? p->lookup(p->user, name, out, why, sizeof why) : -1;
    if (rc) {
        if (!*why) snprintf(why, sizeof why, "unknown name '%s'", name);
        fail_at(p, pos, "%s", why);
    }
    g_free(name);
    return rc ? -1 : 0;
}

static int unary(parser *p, expr_val *out)
{
    if (is_op(p, "-") || is_op(p, "+")) {
        size_t pos = p->t.start;
        bool neg = is_op(p, "-");
        double x;
        if (enter(p) || next(p) || unary(p, out) || need_number(p, pos, out, &x)) return -1;
        p->depth--;
        return set_num(p, pos, out, neg ? -x : x);
    }
    return primary(p, out);
}

static int product(parser *p, expr_val *out)
{
    size_t lpos = p->t.start;
    if (unary(p, out)) return -1;
    while (is_op(p, "*") || is_op(p, "/") || is_op(p, "%")) {
        char op = p->t.op[0];
        size_t pos = p->t.start;
        expr_val r = {0};
        double a, b;
        if (next(p)) return -1;
        size_t rpos = p->t.start;
        int rc = unary(p, &r);
        if (!rc) rc = need_number(p, lpos, out, &a);
        if (!rc) rc = need_number(p, rpos, &r, &b);
        expr_val_clear(&r);
        if (rc) return -1;
        if (p->live && op != '*' && b == 0) return fail_at(p, pos, "division by zero");
        if (set_num(p, pos, out, op == '*' ? a * b : op == '/' ? a / b : p->live ? fmod(a, b) : 0))
            return -1;
    }
    return 0;
}

static int sum(parser *p, expr_val *out)
{
    size_t lpos = p->t.start;
    if (product(p, out)) return -1;
    while (is_op(p, "+") || is_op(p, "-")) {
        bool plus = is_op(p, "+");
        size_t pos = p->t.start;
        expr_val r = {0};
        double a, b;
        if (next(p)) return -1;
        size_t rpos = p->t.start;
        int rc = product(p, &r);
        if (!rc) rc = need_number(p, lpos, out, &a);
        if (!rc) rc = need_number(p, rpos, &r, &b);
        expr_val_clear(&r);
        if (rc || set_num(p, pos, out, plus ? a + b : a - b)) return -1;
    }
    return 0;
}

static int compare(parser *p, expr_val *out)
{
    static const char *const cmps[] = {"==", "!=", "<=", ">=", "<", ">", NULL};
    if (sum(p, out)) return -1;
    const char *op = NULL;
    for (const char *const *c = cmps; *c && !op; c++)
        if (is_op(p, *c)) op = *c;
    if (!op) return 0;
    size_t pos = p->t.start;
    expr_val r = {0};
    if (next(p) || sum(p, &r)) {
        expr_val_clear(&r);
        return -1;
    }
    int c = 0;
    double a, b;
    bool eq_only = !strcmp(op, "==") || !strcmp(op, "!=");
    if (!p->live) {
    } else if (as_number(out, &a) && as_number(&r, &b)) {
        c = a < b ? -1 : a > b ? 1 : 0;
    } else if (out->kind == EXPR_STR && r.kind == EXPR_STR) {
        c = strcmp(out->str, r.str);
    } else if (out->kind == EXPR_BOOL && r.kind == EXPR_BOOL && eq_only) {
        c = out->b != r.b;
    } else {
        fail_at(p, pos, "cannot compare %s with %s", kind_name(out), kind_name(&r));
        expr_val_clear(&r);
        return -1;
    }
    expr_val_clear(&r);
    for (const char *const *k = cmps; *k; k++)
        if (is_op(p, *k)) return fail_at(p, p->t.start, "comparisons do not chain; use 'and'");
    bool res = !strcmp(op, "==")   ? c == 0
               : !strcmp(op, "!=") ? c != 0
               : !strcmp(op, "<=") ? c <= 0
               : !strcmp(op, ">=") ? c >= 0
               : !strcmp(op, "<")  ? c < 0
                                   : c > 0;
    return set_bool(out, res);
}

static int negation(parser *p, expr_val *out)
{
    if (is_op(p, "!") || is_word(p, "not")) {
        size_t pos = p->t.start;
        bool b;
        if (enter(p) || next(p) || negation(p, out) || need_bool(p, pos, out, &b)) return -1;
        p->depth--;
        return set_bool(out, !b);
    }
    return compare(p, out);
}

/* and (want = false) or or (want = true): the right side is only evaluated
 * when the left does not decide. */
static int logic(parser *p, expr_val *out, bool is_or)
{
    size_t lpos = p->t.start;
    if (is_or ? logic(p, out, false) : negation(p, out)) return -1;
    while (is_or ? (is_op(p, "||") || is_word(p, "or")) : (is_op(p, "&&") || is_word(p, "and"))) {
        bool a, b;
        if (need_bool(p, lpos, out, &a) || next(p)) return -1;
        bool was = p->live;
        if (a == is_or) p->live = false;
        size_t rpos = p->t.start;
        expr_val r = {0};
        int rc = is_or ? logic(p, &r, false) : negation(p, &r);
        if (!rc) rc = need_bool(p, rpos, &r, &b);
        expr_val_clear(&r);
        p->live = was;
        if (rc) return -1;
        set_bool(out, a == is_or ? a : b);
    }
    return 0;
}

static int ternary(parser *p, expr_val *out)
{
    size_t cpos = p->t.start;
    if (enter(p) || logic(p, out, true)) return -1;
    if (is_op(p, "?")) {
        bool c;
        if (need_bool(p, cpos, out, &c) || next(p)) return -1;
        bool was = p->live;
        expr_val other = {0};
        p->live = was && c;
        int rc = ternary(p, c ? out : &other);
        if (!rc) rc = expect(p, ":");
        p->live = was && !c;
        if (!rc) rc = ternary(p, c ? &other : out);
        p->live = was;
        expr_val_clear(&other);
        if (rc) return -1;
    }
    p->depth--;
    return 0;
}

static void start(parser *p, const char *src, size_t len, expr_lookup_fn lookup, void *user,
                  char *why, size_t whylen)
{
    memset(p, 0, sizeof *p);
    p->s = src;
    p->len = len;
    p->live = true;
    p->why = why;
    p->whylen = whylen;
    p->lookup = lookup;
    p->user = user;
}

static int finish(parser *p, int rc, expr_val *out, size_t *pos)
{
    if (!rc && p->t.kind != T_END) {
        if (p->t.kind == T_OP && !strcmp(p->t.op, ")"))
            rc = fail_at(p, p->t.start, "')' without its '('");
        else
            rc = fail_at(p, p->t.start, "an operator expected");
    }
    if (rc || p->failed) {
        if (out) expr_val_clear(out);
        *pos = p->errpos;
        return -1;
    }
    return 0;
}

int expr_eval(const char *src, size_t len, expr_lookup_fn lookup, void *user, expr_val *out,
              size_t *pos, char *why, size_t whylen)
{
    parser p;
    start(&p, src, len, lookup, user, why, whylen);
    memset(out, 0, sizeof *out);
    if (len > EXPR_MAX_LEN) {
        fail_at(&p, 0, "an expression longer than %d bytes", EXPR_MAX_LEN);
        return finish(&p, -1, out, pos);
    }
    int rc = next(&p);
    if (!rc && p.t.kind == T_END) rc = fail_at(&p, 0, "an empty expression");
    if (!rc) rc = ternary(&p, out);
    return finish(&p, rc, out, pos);
}

/* One bound of a range: a whole number. */
static int range_bound(parser *p, long *out)
{
    size_t pos = p->t.start;
    expr_val v = {0};
    double x = 0;
    int rc = sum(p, &v);
    if (!rc) rc = need_number(p, pos, &v, &x);
    expr_val_clear(&v);
    if (rc) return -1;
    if (x != floor(x)) return fail_at(p, pos, "a range needs whole numbers, not %g", x);
    *out = (long)x;
    return 0;
}

int expr_range(const char *src, size_t len, expr_lookup_fn lookup, void *user, char **var,
               long *from, long *to, size_t *pos, char *why, size_t whylen)
{
    parser p;
    start(&p, src, len, lookup, user, why, whylen);
    *var = NULL;
    int rc = 0;
    if (len > EXPR_MAX_LEN) rc = fail_at(&p, 0, "an expression longer than %d bytes", EXPR_MAX_LEN);
    if (!rc) rc = next(&p);
    if (!rc && (p.t.kind != T_NAME || p.s[p.t.start] == '$' || is_word(&p, "in")))
        rc = fail_at(&p, p.t.start, "expected 'NAME in FIRST..LAST', such as 'i in 1..$n'");
    if (!rc) {
        *var = g_strndup(p.s + p.t.start, p.t.end - p.t.start);
        rc = next(&p);
    }
    if (!rc && !is_word(&p, "in")) rc = fail_at(&p, p.t.start, "'in' expected after the name");
    if (!rc) rc = next(&p);
    if (!rc) rc = range_bound(&p, from);
    if (!rc && !is_op(&p, "..")) rc = fail_at(&p, p.t.start, "'..' expected (as in 1..$n)");
    if (!rc) rc = next(&p);
    if (!rc) rc = range_bound(&p, to);
    if (finish(&p, rc, NULL, pos)) {
        g_free(*var);
        *var = NULL;
        return -1;
    }
    return 0;
}

char *expr_format(const expr_val *v)
{
    if (v->kind == EXPR_BOOL) return g_strdup(v->b ? "true" : "false");
    if (v->kind == EXPR_STR) return g_strdup(v->str ? v->str : "");
    char buf[G_ASCII_DTOSTR_BUF_SIZE];
    double x = v->num;
    if (x == floor(x)) {
        g_ascii_formatd(buf, sizeof buf, "%.0f", x == 0 ? 0 : x);
        return g_strdup(buf);
    }
    g_ascii_formatd(buf, sizeof buf, "%.6f", x);
    char *e = buf + strlen(buf) - 1;
    while (e > buf && *e == '0')
        *e-- = 0;
    if (*e == '.') *e = 0;
    if (!strcmp(buf, "-0")) strcpy(buf, "0");
    return g_strdup(buf);
}

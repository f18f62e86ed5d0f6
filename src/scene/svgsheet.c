/* svgsheet.c: style sheets of an SVG cut into rules, and the elements each
 * rule's selectors may apply to (see svgsheet.h). */
#include "scene/svgsheet.h"

#include <string.h>

/* The escape at p (just past its backslash) undone into s; past it. */
static const char *svgs_escape(const char *p, GString *s)
{
    if (g_ascii_isxdigit(*p)) {
        gunichar u = 0;
        for (int i = 0; i < 6 && g_ascii_isxdigit(*p); i++)
            u = u * 16 + (gunichar)g_ascii_xdigit_value(*p++);
        if (g_ascii_isspace(*p)) p++;
        if (u == 0 || u > 0x10ffff || (u >= 0xd800 && u < 0xe000)) u = 0xfffd;
        g_string_append_unichar(s, u);
    } else if (*p == '\n') {
        p++;
    } else if (*p) {
        g_string_append_c(s, *p++);
    }
    return p;
}

char *svgs_unescape(const char *css)
{
    GString *s = g_string_new(NULL);
    for (const char *p = css; *p;) {
        if (*p == '"' || *p == '\'') {
            /* a string: escapes undone, but no comment inside it */
            char q = *p;
            g_string_append_c(s, *p++);
            while (*p && *p != q && *p != '\n') {
                if (*p == '\\')
                    p = svgs_escape(p + 1, s);
                else
                    g_string_append_c(s, *p++);
            }
            if (*p == q) g_string_append_c(s, *p++);
            continue;
        }
        if (p[0] == '/' && p[1] == '*') {
            const char *e = strstr(p + 2, "*/");
            p = e ? e + 2 : p + strlen(p);
            continue;
        }
        if (*p != '\\') {
            g_string_append_c(s, *p++);
            continue;
        }
        p = svgs_escape(p + 1, s);
    }
    return g_string_free(s, FALSE);
}

/* Past the comment, string or escape at p, or past the character at p;
 * never past end. An unclosed string ends at its line, as in CSS. */
static const char *svgs_skip(const char *p, const char *end)
{
    /* an unquoted url( is one token up to its first ) (a bad one too) */
    if (end - p >= 4 && !g_ascii_strncasecmp(p, "url(", 4)) {
        const char *q = p + 4;
        while (q < end && g_ascii_isspace(*q))
            q++;
        if (q < end && *q != '"' && *q != '\'') {
            while (q < end && *q != ')')
                q += *q == '\\' && q + 1 < end ? 2 : 1;
            return q < end ? q + 1 : end;
        }
    }
    if (p + 1 < end && p[0] == '/' && p[1] == '*') {
        const char *e = g_strstr_len(p + 2, end - (p + 2), "*/");
        return e ? e + 2 : end;
    }
    if (*p == '\\') {
        /* up to six hex digits and the space after them, or one character */
        const char *q = p + 1;
        int n = 0;
        while (q < end && n < 6 && g_ascii_isxdigit(*q))
            q++, n++;
        if (n && q < end && g_ascii_isspace(*q)) q++;
        if (!n && q < end) q++;
        return q;
    }
    if (*p == '"' || *p == '\'') {
        char q = *p++;
        while (p < end && *p != q && *p != '\n')
            p += *p == '\\' && p + 1 < end ? 2 : 1;
        return p < end && *p == q ? p + 1 : p;
    }
    return p + 1;
}

#define SVGS_MAX_DEPTH 16 /* grouping rules (@media, ...) inside each other */

static int svgs_walk(const char *p, const char *end, svgs_rule_fn fn, void *data, int depth)
{
    while (p < end) {
        if (g_ascii_isspace(*p)) {
            p++;
            continue;
        }
        if (p + 1 < end && p[0] == '/' && p[1] == '*') {
            p = svgs_skip(p, end);
            continue;
        }
        /* the prelude: up to its block ({ outside brackets), or ; for an
         * at-rule without one */
        const char *start = p;
        bool at = *p == '@';
        int nest = 0;
        while (p < end && !(nest == 0 && (*p == '{' || (at && *p == ';')))) {
            if (*p == '(' || *p == '[')
                nest++;
            else if ((*p == ')' || *p == ']') && nest > 0)
                nest--;
            p = svgs_skip(p, end);
        }
        if (p >= end) break;
        if (*p == ';') {
            p++;
            continue;
        }
        const char *body = ++p;
        int d = 1;
        nest = 0; /* inside ( ) or [ ] (a url( too), a brace is part of them */
        while (p < end) {
            if (*p == '(' || *p == '[')
                nest++;
            else if ((*p == ')' || *p == ']') && nest > 0)
                nest--;
            else if (nest == 0 && *p == '{')
                d++;
            else if (nest == 0 && *p == '}' && --d == 0)
                break;
            p = svgs_skip(p, end);
        }
        const char *body_end = p < end ? p : end;
        if (p < end) p++;
        int r = 0;
        if (at) {
            /* any at-rule's block may hold rules (@media, @supports, ...) */
            if (depth < SVGS_MAX_DEPTH) r = svgs_walk(body, body_end, fn, data, depth + 1);
        } else {
            char *sel = g_strndup(start, (gsize)(body - 1 - start));
            char *decls = g_strndup(body, (gsize)(body_end - body));
            r = fn(g_strchomp(sel), decls, data);
            g_free(sel);
            g_free(decls);
        }
        if (r) return r;
    }
    return 0;
}

int svgs_rules(const char *css, svgs_rule_fn fn, void *data)
{
    return svgs_walk(css, css + strlen(css), fn, data, 0);
}

static bool svgs_name_char(const char *p)
{
    return g_ascii_isalnum(*p) || *p == '-' || *p == '_' || (unsigned char)*p >= 0x80 ||
           (*p == '\\' && p[1] && p[1] != '\n');
}

/* The name (an identifier, escapes undone) at p, appended to out; past it. */
static const char *svgs_name(const char *p, GString *out)
{
    while (*p) {
        if (*p == '\\' && p[1] && p[1] != '\n') {
            p++;
            if (!g_ascii_isxdigit(*p)) {
                g_string_append_c(out, *p++);
                continue;
            }
            gunichar u = 0;
            for (int i = 0; i < 6 && g_ascii_isxdigit(*p); i++)
                u = u * 16 + (gunichar)g_ascii_xdigit_value(*p++);
            if (g_ascii_isspace(*p)) p++; /* a hex escape's space belongs to it */
            if (u == 0 || u > 0x10ffff || (u >= 0xd800 && u < 0xe000)) u = 0xfffd;
            g_string_append_unichar(out, u);
        } else if (g_ascii_isalnum(*p) || *p == '-' || *p == '_' || (unsigned char)*p >= 0x80) {
            g_string_append_c(out, *p++);
        } else {
            break;
        }
    }
    return p;
}

static void svgs_subject_free(gpointer k)
{
    svgs_subject *s = k;
    g_free(s->tag);
    g_free(s->id);
    g_ptr_array_unref(s->cls);
    g_free(s);
}

/* The subject of one compound selector at p (up to end). */
static svgs_subject *svgs_compound(const char *p, const char *end)
{
    svgs_subject *k = g_new0(svgs_subject, 1);
    k->cls = g_ptr_array_new_with_free_func(g_free);
    GString *name = g_string_new(NULL);
    if (p < end && *p == '*') {
        p++;
    } else if (p < end && svgs_name_char(p)) {
        p = svgs_name(p, name);
        k->tag = g_strdup(name->str);
    }
    if (p < end && *p == '|') { /* a namespace: the name after it */
        p++;
        g_free(k->tag);
        k->tag = NULL;
        g_string_truncate(name, 0);
        if (p < end && *p == '*')
            p++;
        else if (p < end && svgs_name_char(p)) {
            p = svgs_name(p, name);
            k->tag = g_strdup(name->str);
        }
    }
    while (p < end) {
        g_string_truncate(name, 0);
        if ((*p == '.' || *p == '#') && p + 1 < end && svgs_name_char(p + 1)) {
            char kind = *p;
            p = svgs_name(p + 1, name);
            if (kind == '.')
                g_ptr_array_add(k->cls, g_strdup(name->str));
            else if (!k->id)
                k->id = g_strdup(name->str);
        } else if (*p == '[' || *p == ':') {
            /* attributes and pseudo-classes: left out (fewer conditions) */
            int nest = 0;
            do {
                if (*p == '(' || *p == '[')
                    nest++;
                else if ((*p == ')' || *p == ']') && nest > 0)
                    nest--;
                p = svgs_skip(p, end);
            } while (p < end && (nest > 0 || *p == ':' || svgs_name_char(p)));
        } else {
            break; /* not read: no more conditions */
        }
    }
    g_string_free(name, TRUE);
    return k;
}

GPtrArray *svgs_subjects(const char *selectors)
{
    GPtrArray *all = g_ptr_array_new_with_free_func(svgs_subject_free);
    const char *p = selectors, *end = p + strlen(p);
    while (p <= end) {
        /* one selector: up to a comma outside brackets; its last compound
         * starts after the last combinator or space outside them */
        const char *last = p;
        int nest = 0;
        bool gap = false, comb = false; /* in a gap; a combinator in it */
        while (p < end && !(nest == 0 && *p == ',')) {
            if (nest == 0 && (g_ascii_isspace(*p) || *p == '>' || *p == '+' || *p == '~')) {
                comb = comb || !g_ascii_isspace(*p);
                gap = true;
                p++;
                continue;
            }
            if (gap) last = p, gap = comb = false;
            if (*p == '(' || *p == '[')
                nest++;
            else if ((*p == ')' || *p == ']') && nest > 0)
                nest--;
            p = svgs_skip(p, end);
        }
        const char *stop = p;
        while (stop > last && g_ascii_isspace(stop[-1]))
            stop--;
        /* a combinator with nothing after it: no condition */
        g_ptr_array_add(all, svgs_compound(last, comb ? last : stop));
        p++;
    }
    return all;
}

/* Whether the words of list (spaces between) hold word, case aside. */
static bool svgs_has_word(const char *list, const char *word)
{
    if (!list) return false;
    size_t n = strlen(word);
    for (const char *p = list; *p;) {
        while (g_ascii_isspace(*p))
            p++;
        const char *w = p;
        while (*p && !g_ascii_isspace(*p))
            p++;
        if ((size_t)(p - w) == n && !g_ascii_strncasecmp(w, word, n)) return true;
    }
    return false;
}

bool svgs_match(const svgs_subject *k, const char *tag, const char *id, const char *cls)
{
    if (k->tag && g_ascii_strcasecmp(k->tag, tag)) return false;
    if (k->id && g_ascii_strcasecmp(k->id, id ? id : "") && !svgs_has_word(id, k->id)) return false;
    for (guint i = 0; i < k->cls->len; i++)
        if (!svgs_has_word(cls, k->cls->pdata[i])) return false;
    return true;
}

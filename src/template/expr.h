/* expr.h: the expression language of templates, as written inside "${...}",
 * in `when:` and in the bounds of a `for:` repeat. A tokenizer and a
 * recursive-descent parser evaluate the text directly (no tree is kept):
 * numbers, 'texts', true/false, names (with or without a leading $), the
 * operators + - * / % (arithmetic), == != < <= > >= (comparison), and or not
 * (also && || !), c ? a : b, parentheses and the functions abs, min, max,
 * floor, ceil, round, sqrt, sin and cos (degrees), pick(key, k1, v1, ...,
 * default) (the value paired with the first k equal to key) and char(text, n)
 * (the n-th character, from 1).
 *
 * A name is looked up through a callback; the caller decides what names mean
 * (parameters, repeat variables, data columns). Errors carry the byte offset
 * in the expression where they were found, so the caller can place them at the
 * template's line and column.
 *
 * Ownership: an expr_val of kind EXPR_STR owns its text (expr_val_clear frees
 * it). Lookups hand over a value the evaluator then owns. */
#ifndef PN_EXPR_H
#define PN_EXPR_H

#include <stdbool.h>
#include <stddef.h>

#define EXPR_MAX_LEN 1024  /* bytes in one expression */
#define EXPR_MAX_DEPTH 32  /* nesting of parentheses, operators and calls */
#define EXPR_MAX_NUM 1e12  /* largest magnitude of any number */
#define EXPR_MAX_TEXT 4096 /* bytes of a text value */

typedef enum { EXPR_NUM, EXPR_BOOL, EXPR_STR } expr_kind;

typedef struct expr_val {
    expr_kind kind;
    double num;
    bool b;
    char *str; /* EXPR_STR: owned */
} expr_val;

void expr_val_clear(expr_val *v);

/* Looks name up: 0 with *out filled, or -1 with a reason in why (the name is
 * unknown, or its value cannot be used in an expression). */
typedef int (*expr_lookup_fn)(void *user, const char *name, expr_val *out, char *why,
                              size_t whylen);

/* Evaluates src[0..len). 0 with *out set, or -1 with a one-line reason in why
 * and in *pos the byte offset of the problem. */
int expr_eval(const char *src, size_t len, expr_lookup_fn lookup, void *user, expr_val *out,
              size_t *pos, char *why, size_t whylen);

/* A range "VAR in A..B" (the text of a `for:`): the variable's name (caller
 * g_free()s) and the bounds, whole numbers. Same errors as expr_eval. */
int expr_range(const char *src, size_t len, expr_lookup_fn lookup, void *user, char **var,
               long *from, long *to, size_t *pos, char *why, size_t whylen);

/* The value as text: whole numbers without a point, others with up to six
 * decimals and no trailing zeros, true/false, texts as they are. Caller
 * g_free()s. */
char *expr_format(const expr_val *v);

#endif

/* svgsheet.h: which elements of an SVG a style sheet's rule may apply to,
 * for the checks made before librsvg draws it (svgcheck.c). A sheet is cut
 * into rules (inside @media and other grouping rules too), and each
 * selector reduced to its subject: the last compound selector (tag, id,
 * classes), which every element the selector matches also matches.
 * Attribute selectors and pseudo-classes are left out, so the elements
 * found are never fewer than those librsvg styles. */
#ifndef PN_SVGSHEET_H
#define PN_SVGSHEET_H

#include <glib.h>
#include <stdbool.h>

/* CSS text with its comments taken out and its escapes undone (\41 is A,
 * \- is -), so that neither hides a property's name or a reference. Caller
 * frees. */
char *svgs_unescape(const char *css);

/* Called for each style rule with its selector list and its declarations,
 * both as written (escapes kept); a value other than 0 stops the walk and
 * is returned. */
typedef int (*svgs_rule_fn)(const char *selectors, const char *decls, void *data);

/* Walks the style rules of a style sheet's text, in order. Comments are
 * skipped; strings and escapes are kept whole, so neither ends a rule. */
int svgs_rules(const char *css, svgs_rule_fn fn, void *data);

/* What an element must be to match a selector. */
typedef struct svgs_subject {
    char *tag;      /* its name; NULL: any */
    char *id;       /* NULL: any */
    GPtrArray *cls; /* classes it must all have (char *) */
} svgs_subject;

/* The subjects of a selector list (escapes undone), one per selector.
 * Caller frees with g_ptr_array_unref. */
GPtrArray *svgs_subjects(const char *selectors);

/* Whether an element named tag, with the id and class attribute given
 * (either may be NULL), may match the subject. Names are compared without
 * case, an id whole or word by word: a superset of what CSS matches. */
bool svgs_match(const svgs_subject *k, const char *tag, const char *id, const char *cls);

#endif

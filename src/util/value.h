/* value.h: typed values shared by template parameters and component properties:
 * int, number, length (mm, cm, in, pt, or % of the page's content box), colour,
 * string, enum, bool, and lists of strings or numbers. A spec gives the type,
 * the default (as text), bounds and help; parsing text against a spec checks
 * both type and bounds. */
#ifndef PN_VALUE_H
#define PN_VALUE_H

#include <glib.h>
#include <stdbool.h>
#include "util/color.h"

typedef enum {
    PV_INT,
    PV_NUMBER,
    PV_LENGTH,
    PV_COLOR,
    PV_STRING,
    PV_ENUM,
    PV_BOOL,
    PV_STRLIST,
    PV_NUMLIST,
} pv_type;

/* A spec. min/max bound ints, numbers, lengths (mm), string lengths and list
 * sizes; min == max == 0 means the type's default bounds. choices: "a|b|c" for
 * enums. axis: 'x' or 'y' lets a length be a percentage of the content box width
 * or height; 0 forbids percentages. */
typedef struct pv_spec {
    const char *name;
    pv_type type;
    const char *def; /* NULL: required */
    double min, max;
    const char *choices;
    const char *help;
    char axis;
    double step; /* ints: the value must be min + a multiple of step (0: any) */
    bool each;   /* a component property worked out once per item the component
                  * draws (comp.h, comp_items_fn), with the item's names */
} pv_spec;

/* A parsed value. Strings point into the owner's storage (see pv_parse). */
typedef struct pv_value {
    pv_type type;
    bool set;
    long i;     /* int, enum index, bool */
    double num; /* number; length in mm (or percent when pct) */
    bool pct;   /* length given in % */
    pn_rgba color;
    const char *str;   /* string, enum choice, colour text */
    const char **strs; /* string list (NULL-terminated); for a property with
                        * `each`, the value of every item as text (n of them),
                        * or NULL when it is the same for all */
    double *nums;
    size_t n; /* list length */
} pv_value;

/* Storage for parsed strings and lists; everything is freed with the pool. */
typedef struct pv_pool {
    GStringChunk *strings;
    GPtrArray *blocks;
} pv_pool;
pv_pool *pv_pool_new(void);
void pv_pool_free(pv_pool *p);
const char *pv_pool_str(pv_pool *p, const char *s);

/* Parses text against spec into out. Strings and lists are allocated in pool
 * (freed with it). Returns 0, or -1 with a reason in why (no location). */
int pv_parse(const pv_spec *spec, const char *text, pv_pool *pool, pv_value *out, char *why,
             size_t whylen);

/* Parses a list given item by item (YAML sequence) into a PV_STRLIST/PV_NUMLIST. */
int pv_parse_list(const pv_spec *spec, const char *const *items, size_t n, pv_pool *pool,
                  pv_value *out, char *why, size_t whylen);

/* Writes v as text that pv_parse would read back. Caller g_free()s. */
char *pv_format(const pv_value *v);

/* Effective bounds of a spec for its type, and their description for help text. */
void pv_bounds(const pv_spec *spec, double *min, double *max);
char *pv_describe(const pv_spec *spec); /* "int 1..6, default 3"; caller g_free()s */

const char *pv_type_name(pv_type t);
bool pv_type_from_name(const char *name, pv_type *out);

/* Parses a length like "12mm", "1.5in", "3cm", "10pt" (bare numbers are mm). */
bool pv_length_mm(const char *text, double *mm);

#endif

/* svgxform.c: numbers, transforms and viewBoxes of an SVG, read for the
 * checks made before librsvg draws it (see svgxform.h). */
#include "scene/svgxform.h"

#include <glib.h>
#include <math.h>
#include <string.h>

bool svgx_number(const char **s, double *v)
{
    const char *p = *s, *start = p;
    if (*p == '+' || *p == '-') p++;
    size_t digits = 0;
    while (g_ascii_isdigit(*p))
        p++, digits++;
    if (*p == '.') {
        const char *q = p + 1;
        while (g_ascii_isdigit(*q))
            q++, digits++;
        if (digits) p = q;
    }
    if (!digits) return false;
    if ((*p == 'e' || *p == 'E') &&
        (g_ascii_isdigit(p[1]) || ((p[1] == '+' || p[1] == '-') && g_ascii_isdigit(p[2])))) {
        p += 2;
        while (g_ascii_isdigit(*p))
            p++;
    }
    char *num = g_strndup(start, (size_t)(p - start));
    *v = g_ascii_strtod(num, NULL);
    g_free(num);
    *s = p;
    return true;
}

#define SVGX_MAX_ARGS 8

/* One function's arguments: numbers and the unit after each ("" for none). */
typedef struct svgx_args {
    int n;
    double v[SVGX_MAX_ARGS];
    char unit[SVGX_MAX_ARGS][8];
} svgx_args;

/* |tan| of an angle in its unit; an unknown unit is read every known way
 * and the largest kept. */
static double svgx_tan(double a, const char *unit)
{
    static const struct {
        const char *name;
        double to_rad;
    } units[] = {{"deg", G_PI / 180}, {"rad", 1}, {"grad", G_PI / 200}, {"turn", 2 * G_PI}};
    if (!unit[0]) return fabs(tan(a * G_PI / 180));
    double most = 0;
    for (size_t i = 0; i < G_N_ELEMENTS(units); i++) {
        double t = fabs(tan(a * units[i].to_rad));
        if (!g_ascii_strcasecmp(unit, units[i].name)) return t;
        most = fmax(most, t);
    }
    return most;
}

/* The largest singular value of the matrix [a c; b d]. */
static double svgx_norm(double a, double b, double c, double d)
{
    double f = a * a + b * b + c * c + d * d, det = a * d - b * c;
    double disc = f * f - 4 * det * det;
    return sqrt((f + sqrt(disc > 0 ? disc : 0)) / 2);
}

/* The bound of one function named name (lower case). */
static double svgx_function(const char *name, const svgx_args *x)
{
    double v[SVGX_MAX_ARGS] = {0};
    for (int i = 0; i < x->n; i++)
        v[i] = x->v[i];
    if (!strcmp(name, "matrix")) return svgx_norm(v[0], v[1], v[2], v[3]);
    if (g_str_has_prefix(name, "translate") || !strcmp(name, "rotate")) return 1;
    if (!strcmp(name, "scale")) return x->n > 1 ? fmax(fabs(v[0]), fabs(v[1])) : fabs(v[0]);
    if (!strcmp(name, "scalex") || !strcmp(name, "scaley")) return fabs(v[0]);
    if (!strcmp(name, "skewx") || !strcmp(name, "skewy") || !strcmp(name, "skew")) {
        /* [1 tx; ty 1] is the identity plus a matrix of norm max(|tx|, |ty|) */
        double t = 0;
        for (int i = 0; i < x->n && i < 2; i++)
            t = fmax(t, svgx_tan(v[i], x->unit[i]));
        return 1 + t;
    }
    double most = 0; /* unknown: librsvg refuses the list; counted generously */
    for (int i = 0; i < x->n; i++)
        most = fmax(most, fabs(v[i]));
    return 1 + most;
}

/* Walks the functions of a transform list, calling fn with each one's name
 * (lower case) and numbers; stops when fn returns false. */
static void svgx_functions(const char *v,
                           bool (*fn)(const char *name, const svgx_args *x, void *data), void *data)
{
    const char *p = v;
    while (*p && *p != ';' && *p != '}') {
        if (!g_ascii_isalpha(*p)) {
            p++;
            continue;
        }
        char name[16];
        size_t n = 0;
        while (g_ascii_isalnum(*p) || *p == '-') {
            if (n + 1 < sizeof name) name[n++] = g_ascii_tolower(*p);
            p++;
        }
        name[n] = 0;
        while (g_ascii_isspace(*p))
            p++;
        if (*p != '(') continue;
        p++;
        svgx_args x = {0};
        while (*p && *p != ')' && *p != ';' && *p != '}') {
            double num;
            if (!svgx_number(&p, &num)) {
                p++;
                continue;
            }
            size_t u = 0;
            char unit[8] = "";
            while (g_ascii_isalpha(*p) || *p == '%') {
                if (u + 1 < sizeof unit) unit[u++] = *p;
                p++;
            }
            unit[u] = 0;
            if (x.n < SVGX_MAX_ARGS) {
                x.v[x.n] = num;
                memcpy(x.unit[x.n], unit, sizeof unit);
                x.n++;
            }
        }
        if (!fn(name, &x, data)) return;
    }
}

static bool svgx_scale_fn(const char *name, const svgx_args *x, void *data)
{
    double *k = data, f = svgx_function(name, x);
    *k = isfinite(f) ? *k * f : HUGE_VAL;
    if (!isfinite(*k)) *k = HUGE_VAL;
    return *k < HUGE_VAL;
}

static bool svgx_turns_fn(const char *name, const svgx_args *x, void *data)
{
    bool *turns = data;
    if (!strcmp(name, "matrix"))
        *turns = *turns || (x->n > 1 && x->v[1] != 0) || (x->n > 2 && x->v[2] != 0);
    else if (!strcmp(name, "rotate"))
        *turns = *turns || (x->n > 0 && fmod(x->v[0], 90) != 0) || (x->n > 0 && x->unit[0][0]);
    else if (g_str_has_prefix(name, "skew"))
        *turns = *turns || (x->n > 0 && (x->v[0] != 0 || (x->n > 1 && x->v[1] != 0)));
    return !*turns;
}

bool svgx_transform_turns(const char *v)
{
    bool turns = false;
    svgx_functions(v, svgx_turns_fn, &turns);
    return turns;
}

double svgx_transform_scale(const char *v)
{
    double k = 1;
    svgx_functions(v, svgx_scale_fn, &k);
    return k;
}

bool svgx_viewbox(const char *v, double *w, double *h)
{
    double a[4];
    int n = 0;
    const char *p = v;
    while (n < 4) {
        while (g_ascii_isspace(*p) || *p == ',')
            p++;
        if (!svgx_number(&p, &a[n])) break;
        n++;
    }
    if (n < 4 || !(a[2] > 0) || !(a[3] > 0) || !isfinite(a[2]) || !isfinite(a[3])) return false;
    *w = a[2];
    *h = a[3];
    return true;
}

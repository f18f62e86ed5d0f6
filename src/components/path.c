/* path.c: the free path component: `d` holds SVG path data (M L H V C S Q T
 * A Z, upper case absolute, lower case relative) in millimetres, moved to
 * (x, y) and multiplied by scale. Quadratic curves become cubic ones and
 * elliptical arcs become cubic curves of at most a quarter turn each, so the
 * scene holds only moves, lines and cubic curves. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "components/comp.h"

#define PATH_MAX_COMMANDS 10000 /* commands in one d, implicit repeats included */

typedef struct path_in {
    const char *d;
    size_t i, len;
    double x0, y0, k; /* placement: page = (x0 + k x, y0 + k y) */
    double cx, cy;    /* current point, path units */
    double sx, sy;    /* start of the subpath */
    double qx, qy;    /* last control point (for S and T) */
    char last;        /* previous command, upper case */
    int commands;
    scene *s;
    char why[160];
} path_in;

static void skip_sep(path_in *p)
{
    while (p->i < p->len && (g_ascii_isspace(p->d[p->i]) || p->d[p->i] == ','))
        p->i++;
}

static bool at_number(path_in *p)
{
    skip_sep(p);
    if (p->i >= p->len) return false;
    char c = p->d[p->i];
    return g_ascii_isdigit(c) || c == '-' || c == '+' || c == '.';
}

static int number(path_in *p, double *out)
{
    skip_sep(p);
    size_t j = p->i;
    const char *d = p->d;
    if (j < p->len && (d[j] == '-' || d[j] == '+')) j++;
    size_t digits = 0;
    while (j < p->len && g_ascii_isdigit(d[j]))
        j++, digits++;
    if (j < p->len && d[j] == '.') {
        j++;
        while (j < p->len && g_ascii_isdigit(d[j]))
            j++, digits++;
    }
    if (digits && j < p->len && (d[j] == 'e' || d[j] == 'E')) {
        size_t e = j + 1;
        if (e < p->len && (d[e] == '-' || d[e] == '+')) e++;
        if (e < p->len && g_ascii_isdigit(d[e])) {
            while (e < p->len && g_ascii_isdigit(d[e]))
                e++;
            j = e;
        }
    }
    char buf[64];
    if (!digits || j - p->i >= sizeof buf) {
        snprintf(p->why, sizeof p->why, "a number expected at character %zu", p->i + 1);
        return -1;
    }
    memcpy(buf, d + p->i, j - p->i);
    buf[j - p->i] = 0;
    *out = g_ascii_strtod(buf, NULL);
    if (!isfinite(*out) || fabs(*out) > 1e6) {
        snprintf(p->why, sizeof p->why, "%s at character %zu is out of range (at most 1000000)",
                 buf, p->i + 1);
        return -1;
    }
    p->i = j;
    return 0;
}

/* An arc flag: a single 0 or 1, separators optional. */
static int flag(path_in *p, bool *out)
{
    skip_sep(p);
    if (p->i < p->len && (p->d[p->i] == '0' || p->d[p->i] == '1')) {
        *out = p->d[p->i++] == '1';
        return 0;
    }
    snprintf(p->why, sizeof p->why, "an arc flag (0 or 1) expected at character %zu", p->i + 1);
    return -1;
}

static int numbers(path_in *p, double *v, int n)
{
    for (int k = 0; k < n; k++)
        if (number(p, &v[k])) return -1;
    return 0;
}

#define PX(p, x) ((p)->x0 + (p)->k * (x))
#define PY(p, y) ((p)->y0 + (p)->k * (y))

static void curve_to(path_in *p, double x1, double y1, double x2, double y2, double x, double y)
{
    scene_curve(p->s, PX(p, x1), PY(p, y1), PX(p, x2), PY(p, y2), PX(p, x), PY(p, y));
    p->qx = x2;
    p->qy = y2;
    p->cx = x;
    p->cy = y;
}

/* An elliptical arc from the current point to (x, y), as in SVG's
 * endpoint-to-centre conversion, drawn as cubic curves. */
static void arc_to(path_in *p, double rx, double ry, double phi_deg, bool large, bool sweep,
                   double x, double y)
{
    double x1 = p->cx, y1 = p->cy;
    if (x1 == x && y1 == y) return;
    rx = fabs(rx);
    ry = fabs(ry);
    if (rx == 0 || ry == 0) {
        scene_line(p->s, PX(p, x), PY(p, y));
        p->cx = x;
        p->cy = y;
        return;
    }
    double phi = phi_deg * G_PI / 180, cp = cos(phi), sp = sin(phi);
    double dx = (x1 - x) / 2, dy = (y1 - y) / 2;
    double x1p = cp * dx + sp * dy, y1p = -sp * dx + cp * dy;
    double lambda = x1p * x1p / (rx * rx) + y1p * y1p / (ry * ry);
    if (lambda > 1) {
        rx *= sqrt(lambda);
        ry *= sqrt(lambda);
    }
    double num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p;
    double den = rx * rx * y1p * y1p + ry * ry * x1p * x1p;
    double coef = den > 0 && num > 0 ? sqrt(num / den) : 0;
    if (large == sweep) coef = -coef;
    double cxp = coef * rx * y1p / ry, cyp = -coef * ry * x1p / rx;
    double cx = cp * cxp - sp * cyp + (x1 + x) / 2, cy = sp * cxp + cp * cyp + (y1 + y) / 2;
    double t1 = atan2((y1p - cyp) / ry, (x1p - cxp) / rx);
    double t2 = atan2((-y1p - cyp) / ry, (-x1p - cxp) / rx);
    double dt = t2 - t1;
    if (sweep && dt < 0) dt += 2 * G_PI;
    if (!sweep && dt > 0) dt -= 2 * G_PI;
    int n = (int)ceil(fabs(dt) / (G_PI / 2) - 1e-9);
    if (n < 1) n = 1;
    double step = dt / n, kk = 4.0 / 3.0 * tan(step / 4);
    for (int i = 0; i < n; i++) {
        double a0 = t1 + i * step, a1 = a0 + step;
        double ex0 = cx + rx * cos(a0) * cp - ry * sin(a0) * sp;
        double ey0 = cy + rx * cos(a0) * sp + ry * sin(a0) * cp;
        double ex1 = cx + rx * cos(a1) * cp - ry * sin(a1) * sp;
        double ey1 = cy + rx * cos(a1) * sp + ry * sin(a1) * cp;
        double d0x = -rx * sin(a0) * cp - ry * cos(a0) * sp,
               d0y = -rx * sin(a0) * sp + ry * cos(a0) * cp;
        double d1x = -rx * sin(a1) * cp - ry * cos(a1) * sp,
               d1y = -rx * sin(a1) * sp + ry * cos(a1) * cp;
        if (i == n - 1) {
            ex1 = x;
            ey1 = y;
        }
        curve_to(p, ex0 + kk * d0x, ey0 + kk * d0y, ex1 - kk * d1x, ey1 - kk * d1y, ex1, ey1);
    }
}

/* One command and its arguments (repeated while numbers follow). */
static int command(path_in *p, char c)
{
    bool rel = g_ascii_islower(c);
    char C = g_ascii_toupper(c);
    double v[7];
    bool first = true;
    do {
        if (++p->commands > PATH_MAX_COMMANDS) {
            snprintf(p->why, sizeof p->why, "more than %d commands", PATH_MAX_COMMANDS);
            return -1;
        }
        double ox = rel ? p->cx : 0, oy = rel ? p->cy : 0;
        char was = p->last;
        p->last = C;
        switch (C) {
        case 'M':
            if (numbers(p, v, 2)) return -1;
            p->cx = ox + v[0];
            p->cy = oy + v[1];
            if (first) {
                scene_move(p->s, PX(p, p->cx), PY(p, p->cy));
                p->sx = p->cx;
                p->sy = p->cy;
            } else {
                scene_line(p->s, PX(p, p->cx), PY(p, p->cy)); /* extra pairs are lines */
            }
            break;
        case 'L':
        case 'H':
        case 'V':
            if (numbers(p, v, C == 'L' ? 2 : 1)) return -1;
            if (C == 'L') {
                p->cx = ox + v[0];
                p->cy = oy + v[1];
            } else if (C == 'H') {
                p->cx = ox + v[0];
            } else {
                p->cy = oy + v[0];
            }
            scene_line(p->s, PX(p, p->cx), PY(p, p->cy));
            break;
        case 'C':
            if (numbers(p, v, 6)) return -1;
            curve_to(p, ox + v[0], oy + v[1], ox + v[2], oy + v[3], ox + v[4], oy + v[5]);
            break;
        case 'S': {
            if (numbers(p, v, 4)) return -1;
            double x1 = p->cx, y1 = p->cy;
            if (was == 'C' || was == 'S') {
                x1 = 2 * p->cx - p->qx;
                y1 = 2 * p->cy - p->qy;
            }
            curve_to(p, x1, y1, ox + v[0], oy + v[1], ox + v[2], oy + v[3]);
            break;
        }
        case 'Q':
        case 'T': {
            double qx, qy;
            if (C == 'Q') {
                if (numbers(p, v, 4)) return -1;
                qx = ox + v[0];
                qy = oy + v[1];
                v[0] = v[2];
                v[1] = v[3];
            } else {
                if (numbers(p, v, 2)) return -1;
                bool smooth = was == 'Q' || was == 'T';
                qx = smooth ? 2 * p->cx - p->qx : p->cx;
                qy = smooth ? 2 * p->cy - p->qy : p->cy;
            }
            double x = ox + v[0], y = oy + v[1], x0 = p->cx, y0 = p->cy;
            curve_to(p, x0 + 2.0 / 3 * (qx - x0), y0 + 2.0 / 3 * (qy - y0), x + 2.0 / 3 * (qx - x),
                     y + 2.0 / 3 * (qy - y), x, y);
            p->qx = qx; /* T reflects the quadratic control point */
            p->qy = qy;
            break;
        }
        case 'A': {
            bool large, sweep;
            if (numbers(p, v, 3) || flag(p, &large) || flag(p, &sweep) || numbers(p, v + 3, 2))
                return -1;
            arc_to(p, v[0], v[1], v[2], large, sweep, ox + v[3], oy + v[4]);
            break;
        }
        case 'Z':
            scene_close(p->s);
            p->cx = p->sx;
            p->cy = p->sy;
            return 0; /* takes no numbers */
        }
        first = false;
    } while (at_number(p));
    return 0;
}

/* Draws d into s. 0, or -1 with a reason in p->why. */
static int draw_path(path_in *p)
{
    skip_sep(p);
    if (p->i >= p->len) {
        snprintf(p->why, sizeof p->why, "the path is empty");
        return -1;
    }
    while (p->i < p->len) {
        char c = p->d[p->i];
        if (!strchr("MLHVCSQTAZmlhvcsqtaz", c)) {
            if ((unsigned char)c >= 0x21 && (unsigned char)c < 0x7f)
                snprintf(p->why, sizeof p->why,
                         "'%c' at character %zu is not a path command (M L H V C S Q T A Z, lower "
                         "case for relative)",
                         c, p->i + 1);
            else
                snprintf(p->why, sizeof p->why, "character %zu is not a path command", p->i + 1);
            return -1;
        }
        if (p->commands == 0 && c != 'M' && c != 'm') {
            snprintf(p->why, sizeof p->why, "a path starts with M (a move)");
            return -1;
        }
        p->i++;
        if (command(p, c)) return -1;
        skip_sep(p);
    }
    return 0;
}

static const pv_spec path_props[] = {
    {.name = "d",
     .type = PV_STRING,
     .min = 1,
     .max = 65536,
     .help = "SVG path data in mm: M L H V C S Q T A Z (lower case: relative)"},
    COMP_X("where the path's 0,0 goes"),
    COMP_Y("where the path's 0,0 goes"),
    {.name = "scale",
     .type = PV_NUMBER,
     .def = "1",
     .min = 0.001,
     .max = 1000,
     .help = "mm per unit of the path data"},
    {.name = "width",
     .type = PV_LENGTH,
     .def = "0.3mm",
     .min = 0,
     .max = 10,
     .help = "stroke width"},
    {.name = "stroke", .type = PV_COLOR, .def = "black"},
    {.name = "fill", .type = PV_COLOR, .def = "none"},
    {0},
};

static int path_layout(const comp_ctx *ctx, const comp_args *a, scene *s, pn_err *err)
{
    path_in p = {.d = comp_str(a, "d"),
                 .x0 = comp_x(ctx, a, "x"),
                 .y0 = comp_y(ctx, a, "y"),
                 .k = comp_num(a, "scale"),
                 .s = s};
    p.len = strlen(p.d);
    pn_rgba fill = comp_color(a, "fill"), stroke = comp_color(a, "stroke");
    double w = comp_len(ctx, a, "width");
    scene_style st = scene_fill_stroke_style(fill, stroke, w);
    st.fill = fill.a > 0;
    st.stroke = stroke.a > 0 && w > 0;
    scene_begin(s);
    if (draw_path(&p)) return comp_prop_err(ctx, err, "d", "path: d: %s", p.why);
    scene_end(s, &st);
    return 0;
}

const comp_type comp_path = {"path", "a free outline from SVG path data", path_props, path_layout};

/* scan.c: pnpkit_scan, reading a photographed sheet: the photo decoded, its
 * corner tags and QR code found, the sheet rebuilt from the code, the photo
 * mapped onto it and every field read (src/scan), the rules' choice written
 * as a sheet and as JSON. */
#include <json-glib/json-glib.h>
#include <stdbool.h>
#include <string.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "api/api.h"
#include "api/scan_sheet.h"
#include "render/marks.h"
#include "scan/c36_scan.h"
#include "scan/code.h"
#include "scan/dc_scan.h"
#include "scan/qr.h"
#include "scan/tags.h"
#include "template/tmpl.h"

/* The result and everything it points to. */
typedef struct scan_result {
    pnpkit_scan_result pub;
    GPtrArray *strings;  /* every string the result holds */
    GArray *fields;      /* pnpkit_scan_field */
    GPtrArray *problems; /* char*, NULL-terminated when handed over */
    GPtrArray *set;      /* char* held by strings, NULL-terminated when handed over */
    GPtrArray *inputs;   /* the same */
    bool no_tags;        /* the last reading found no corner mark at all */
} scan_result;

static const char *keep(scan_result *r, char *s)
{
    g_ptr_array_add(r->strings, s);
    return s;
}

void pnpkit_scan_result_free(pnpkit_scan_result *pub)
{
    if (!pub) return;
    scan_result *r = (scan_result *)pub;
    g_ptr_array_free(r->strings, TRUE);
    g_array_free(r->fields, TRUE);
    g_ptr_array_free(r->problems, TRUE);
    g_ptr_array_free(r->set, TRUE);
    g_ptr_array_free(r->inputs, TRUE);
    g_free(r);
}

/* Half the side of a tag's black square: the unit of its local map. */
#define TAG_UNIT (MARKS_TAG_CELL_MM * 4)

/* Black below the middle of the darkest and lightest tenth, white above. */
static void binarise(uint8_t *px, int n)
{
    int hist[256] = {0};
    for (int i = 0; i < n; i++)
        hist[px[i]]++;
    int lo = 0, hi = 255, seen = 0;
    for (; lo < 255 && (seen += hist[lo]) < n / 10; lo++) {
    }
    for (seen = 0; hi > 0 && (seen += hist[hi]) < n / 10; hi--) {
    }
    int mid = (lo + hi) / 2;
    for (int i = 0; i < n; i++)
        px[i] = px[i] < mid ? 0 : 255;
}

/* Otsu's split of n module greys into dark and light. */
static double qr_split(const double *g, int n)
{
    double best = -1, cut = 128;
    for (int t = 1; t < 255; t += 2) {
        double s0 = 0, s1 = 0;
        int n0 = 0;
        for (int i = 0; i < n; i++)
            if (g[i] < t) {
                s0 += g[i];
                n0++;
            } else {
                s1 += g[i];
            }
        if (n0 == 0 || n0 == n) continue;
        double d = s1 / (n - n0) - s0 / n0, between = (double)n0 * (n - n0) * d * d;
        if (between > best) {
            best = between;
            cut = t;
        }
    }
    return cut;
}

/* A QR code's module grid in the photo: module (c, r) of a code of m
 * modules whose top-left corner is (x0, y0) mm in h's frame. */
typedef struct qr_grid {
    const scan_photo *p;
    const scan_homog *h;
    double x0, y0;
    int m;
} qr_grid;

/* The photo's grey at grid point (c, r), in modules. */
static double qr_at(const qr_grid *g, double c, double r)
{
    double u, v;
    scan_homog_apply(g->h, g->x0 + c * MARKS_QR_MODULE_MM, g->y0 + r * MARKS_QR_MODULE_MM, &u, &v);
    return scan_photo_at(g->p, u, v);
}

/* Where the square pattern centred at grid point (c, r) + (off0[0],
 * off0[1]) really is: the shift off (modules, within `range` tenths of a
 * module of off0) whose samples best match its rings. A finder pattern
 * (size 4) is dark 7x7, light 5x5, dark 3x3 with a light border; an
 * alignment pattern (size 2) dark 5x5, light 3x3, dark centre. */
static void qr_find(const qr_grid *g, double c, double r, int size, int range, const double off0[2],
                    double off[2])
{
    double best = -1e300;
    off[0] = off0[0];
    off[1] = off0[1];
    for (int j = -range; j <= range; j++)
        for (int i = -range; i <= range; i++) {
            double score = 0, x0 = c + off0[0] + i * 0.1, y0 = r + off0[1] + j * 0.1;
            for (int y = -size; y <= size; y++)
                for (int x = -size; x <= size; x++) {
                    int ring = abs(x) > abs(y) ? abs(x) : abs(y);
                    bool light = size == 4 ? ring == 2 || ring == 4 : ring == 1;
                    double gr = qr_at(g, x0 + x, y0 + y);
                    score += light ? gr : -gr;
                }
            if (score > best) {
                best = score;
                off[0] = x0 - c;
                off[1] = y0 - r;
            }
        }
}

/* The QR code beside the bottom-left tag, read through that tag's own map. */
static char *read_code(const scan_photo *p, const scan_tag *bl, pn_err *err)
{
    /* A frame in mm centred on the tag: x' = x / unit through its map. */
    scan_homog h = bl->local;
    for (int r = 0; r < 3; r++) {
        h.m[r * 3] /= TAG_UNIT;
        h.m[r * 3 + 1] /= TAG_UNIT;
    }
    double qx, qy, side, cx, cy;
    marks_qr_box(100, 100, 0, &qx, &qy, &side);
    marks_tag_centre(100, 100, 3, &cx, &cy);
    double x0 = qx - cx - 2, y1 = qy - cy + 2, span = 30;
    char *text = NULL;
    /* Two resolutions, each as photographed and cut to black and white at
     * its middle grey (a blurred or dim code reads better so). */
    for (int k = 0; k < 4 && !text; k++) {
        double ppmm = k & 1 ? 12 : 8;
        int w, hh;
        uint8_t *crop = scan_homog_crop(p, &h, x0, y1 - span, span, span, ppmm, &w, &hh);
        if (k >= 2) binarise(crop, w * hh);
        text = scan_qr_decode(crop, w, hh, err);
        g_free(crop);
    }
    /* Too blurred for that: the grid of the code is known (its bottom-left
     * corner is fixed; versions 1 to 3 are 21, 25 or 29 modules). Each of
     * its three finder patterns is looked for within a module of where the
     * tag's map puts it, the grid moved between them accordingly, each
     * module sampled at its centre and the code drawn again clean. */
    for (int m = 21; m <= 29 && !text; m += 4) {
        qr_grid g = {.p = p, .h = &h, .m = m};
        marks_qr_box(100, 100, m, &g.x0, &g.y0, &side);
        g.x0 -= cx;
        g.y0 -= cy;
        static const double finder[3][2] = {{3.5, 3.5}, {-3.5, 3.5}, {3.5, -3.5}};
        double off[3][2], zero[2] = {0, 0}, bend[2] = {0, 0};
        for (int f = 0; f < 3; f++)
            qr_find(&g, finder[f][0] < 0 ? m + finder[f][0] : finder[f][0],
                    finder[f][1] < 0 ? m + finder[f][1] : finder[f][1], 4, 15, zero, off[f]);
        /* Versions 2 and 3 have an alignment pattern near the fourth
         * corner: where it is found, the perspective bends the grid. */
        double ap = (m - 7 - 3.0) / (m - 7);
        if (m > 21) {
            double pred[2], at[2];
            for (int d = 0; d < 2; d++)
                pred[d] = off[0][d] + ap * (off[1][d] - off[0][d]) + ap * (off[2][d] - off[0][d]);
            qr_find(&g, m - 6.5, m - 6.5, 2, 6, pred, at);
            for (int d = 0; d < 2; d++)
                bend[d] = (at[d] - pred[d]) / (ap * ap);
        }
        double grey[29 * 29];
        uint8_t dark[29 * 29];
        for (int r = 0; r < m; r++)
            for (int c = 0; c < m; c++) {
                double a = (c - 3.0) / (m - 7), b = (r - 3.0) / (m - 7);
                double ox = off[0][0] + a * (off[1][0] - off[0][0]) + b * (off[2][0] - off[0][0]) +
                            a * b * bend[0];
                double oy = off[0][1] + a * (off[1][1] - off[0][1]) + b * (off[2][1] - off[0][1]) +
                            a * b * bend[1];
                grey[r * m + c] = qr_at(&g, c + 0.5 + ox, r + 0.5 + oy);
            }
        /* Blur greys a lone module towards its neighbours: the samples
         * are sharpened against the mean of the four beside them, more
         * and more until the code reads. */
        for (int k = 0; k < 4 && !text; k++) {
            double sharp[29 * 29];
            for (int r = 0; r < m; r++)
                for (int c = 0; c < m; c++) {
                    double sum = 0;
                    int n = 0;
                    for (int d = 0; d < 4; d++) {
                        int rr = r + (d == 0) - (d == 1), cc = c + (d == 2) - (d == 3);
                        if (rr < 0 || rr >= m || cc < 0 || cc >= m) continue;
                        sum += grey[rr * m + cc];
                        n++;
                    }
                    double g0 = grey[r * m + c];
                    sharp[r * m + c] = g0 + 0.5 * k * (g0 - sum / n);
                }
            double cut = qr_split(sharp, m * m);
            for (int i = 0; i < m * m; i++)
                dark[i] = sharp[i] < cut;
            text = scan_qr_decode_modules(dark, m, err);
        }
    }
    return text;
}

/* How far a point may lie from where the map puts it, in sides of its tag:
 * on the photos of flat or curled sheets the worst is under 0.02; corner
 * marks cut out and laid down elsewhere (in a row, swapped, a sheet's marks
 * on a strip) are 0.9 and more. */
#define FIT_MAX_MISS 0.25

/* The map from the sheet (w x h mm) to the photo: every tag's centre and
 * four corners. -1 when no map fits them; 1 when one does, but some point
 * lies further than FIT_MAX_MISS from it (the marks are not a sheet's). */
static int fit_map(const scan_tag *tags, double w, double h, scan_homog *map)
{
    double src[40], dst[40];
    int n = 0;
    static const double corner[5][2] = {{0, 0}, {-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
    for (int c = 0; c < 4; c++) {
        double cx, cy;
        marks_tag_centre(w, h, c, &cx, &cy);
        for (int k = 0; k < 5; k++, n++) {
            src[2 * n] = cx + corner[k][0] * TAG_UNIT;
            src[2 * n + 1] = cy + corner[k][1] * TAG_UNIT;
            scan_homog_apply(&tags[c].local, corner[k][0], corner[k][1], &dst[2 * n],
                             &dst[2 * n + 1]);
        }
    }
    if (scan_homog_fit(src, dst, n, map)) return -1;
    double worst = 0;
    for (int i = 0; i < n; i++) {
        const double *t = dst + 2 * (i / 5 * 5); /* its tag's centre, then corners */
        double side = (hypot(t[4] - t[2], t[5] - t[3]) + hypot(t[6] - t[4], t[7] - t[5]) +
                       hypot(t[8] - t[6], t[9] - t[7]) + hypot(t[2] - t[8], t[3] - t[9])) /
                      4;
        double u, v;
        scan_homog_apply(map, src[2 * i], src[2 * i + 1], &u, &v);
        double e = hypot(u - dst[2 * i], v - dst[2 * i + 1]) / (side > 0 ? side : 1e-9);
        if (e > worst) worst = e;
    }
    return worst > FIT_MAX_MISS ? 1 : 0;
}

static void add_field(scan_result *r, const scan_box *b, int value, bool sure, double conf,
                      int circled)
{
    pnpkit_scan_field f = {.slot = keep(r, g_strdup(b->id)),
                           .value = value,
                           .sure = sure,
                           .confidence = conf,
                           .x = b->x,
                           .y = b->y,
                           .w = b->w,
                           .h = b->h,
                           .circled = circled};
    g_array_append_val(r->fields, f);
}

static const scan_box *box_of(const scan_box *b, size_t n, const char *id)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(b[i].id, id)) return &b[i];
    return NULL;
}

/* The fields of a Circle 36 sheet into r, and its sheet text. */
static int read_c36(scan_result *r, const scan_view *v, const scan_box *boxes, size_t n,
                    const c36_variant *var, pn_err *err)
{
    c36r_input *in = g_new0(c36r_input, 1);
    c36r_output *out = g_new0(c36r_output, 1);
    int rc = scan_c36_read(v, boxes, n, var, in, err);
    if (rc) goto done;
    int read = 0;
    for (int c = 0; c < in->spaces; c++)
        read += in->space[c].n > 0;
    bool ok = c36r_choose(in, out) == 0;
    if (!ok)
        g_ptr_array_add(r->problems,
                        g_strdup_printf("no sheet the rules allow is near the readings (%s): each "
                                        "field's best reading is written, without the rounds",
                                        out->why));
    for (int c = 0; c < in->spaces; c++) {
        char name[8];
        const scan_box *b = box_of(boxes, n, c36_cell_name(var, c, name));
        double p;
        int val = ok ? out->space[c] : scan_c36_top(&in->space[c], &p);
        bool sure = ok && out->space_sure[c];
        add_field(r, b, val, sure, ok ? out->space_conf[c] : p, -1);
        if (ok && !sure)
            g_ptr_array_add(r->problems, g_strdup_printf("space %s: doubtful reading", name));
    }
    for (int k = 0; k < in->rounds; k++)
        for (int j = 0; j < 2; j++) {
            char id[32];
            snprintf(id, sizeof id, "roll%d.%c", k + 1, 'a' + j);
            const scan_box *b = box_of(boxes, n, id);
            double p;
            int val = ok ? out->die[k][j] : scan_c36_top(&in->die[k][j], &p);
            int circ = ok ? out->circled[k] : C36R_CIRC_NONE;
            bool circled = circ == C36R_CIRC_BOTH || circ == (j ? C36R_CIRC_B : C36R_CIRC_A);
            bool sure = ok && out->die_sure[k][j] && out->circled_sure[k];
            add_field(r, b, val, sure, ok ? out->die_conf[k][j] : p, circled);
            if (ok && !sure)
                g_ptr_array_add(r->problems, g_strdup_printf("die %s: doubtful reading", id));
        }
    const scan_box *cb = box_of(boxes, n, "combos");
    double p;
    int combos = ok ? out->combos : scan_c36_top(&in->combos, &p);
    add_field(r, cb, combos, ok && out->combos_sure, ok ? out->combos_conf : p, -1);
    if (ok && !out->combos_sure)
        g_ptr_array_add(r->problems, g_strdup("the ComboCircles count combos: doubtful reading"));
    if (!ok && read == 0) {
        rc = pn_err_set(err, PN_EINPUT,
                        "nothing on the sheet could be read (a photo too blurred, dark or small?)");
        goto done;
    }
    r->pub.sheet = keep(r, scan_c36_sheet(var, in, out, ok, r->problems));
done:
    g_free(in);
    g_free(out);
    return rc;
}

/* The fields of a DiCroNo sheet into r, and its set text (one game). */
static int read_dc(scan_result *r, const scan_view *v, const scan_box *boxes, size_t n, int size,
                   pn_err *err)
{
    scan_dc_marks *m = g_new0(scan_dc_marks, 1);
    dcr_output *out = g_new0(dcr_output, 1);
    int rc = scan_dc_read(v, boxes, n, size, m, err);
    if (rc) goto done;
    int marked = 0;
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++)
            marked += m->in.cell[y][x][0] < 0.5;
    if (marked == 0) {
        rc = pn_err_set(err, PN_EINPUT,
                        "no X or O was found in the grid (an unplayed sheet, or a photo too "
                        "blurred, dark or small?)");
        goto done;
    }
    if (dcr_choose(&m->in, out)) {
        rc = pn_err_set(err, PN_EINPUT,
                        "no game the rules allow is near what the grid shows (%ld grids "
                        "tried): take the photo again or type the game in",
                        out->tries);
        goto done;
    }
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            char id[32];
            snprintf(id, sizeof id, "cell.%d.%d", x + 1, y + 1);
            bool sure = out->cell_sure[y][x];
            add_field(r, box_of(boxes, n, id), out->game.cell[y][x], sure, out->cell_conf[y][x],
                      -1);
            if (!sure)
                g_ptr_array_add(r->problems, g_strdup_printf("square %s: doubtful reading", id));
        }
    for (int pl = 0; pl < 2; pl++) {
        bool sure = out->penalties_sure[pl];
        for (int t = 0; t < DC_MAX_PENALTIES; t++) {
            char id[32];
            snprintf(id, sizeof id, "g%d.%c.pen%d", m->row, dc_symbol(pl), t + 1);
            add_field(r, box_of(boxes, n, id), t < out->game.penalties[pl], sure,
                      out->penalties_conf[pl], -1);
        }
        if (!sure)
            g_ptr_array_add(r->problems,
                            g_strdup_printf("the penalties of %c (row %d): doubtful reading",
                                            dc_symbol(pl), m->row));
    }
    if (!out->first_sure)
        g_ptr_array_add(r->problems,
                        g_strdup_printf("who rolled first is not on the sheet: %c is written, "
                                        "correct it if %c rolled first",
                                        dc_symbol(out->game.first), dc_symbol(!out->game.first)));
    r->pub.sheet = keep(r, scan_dc_sheet(&out->game));
done:
    g_free(m);
    g_free(out);
    return rc;
}

static char *to_json(const scan_result *r, const scan_code *c)
{
    JsonBuilder *b = json_builder_new();
    json_builder_begin_object(b);
    json_builder_set_member_name(b, "template");
    json_builder_add_string_value(b, r->pub.template_name);
    json_builder_set_member_name(b, "params");
    json_builder_begin_object(b);
    for (int i = 0; i < c->n; i++) {
        json_builder_set_member_name(b, c->key[i]);
        json_builder_add_string_value(b, c->value[i]);
    }
    json_builder_end_object(b);
    json_builder_set_member_name(b, "fields");
    json_builder_begin_array(b);
    for (guint i = 0; i < r->fields->len; i++) {
        const pnpkit_scan_field *f = &g_array_index(r->fields, pnpkit_scan_field, i);
        json_builder_begin_object(b);
        json_builder_set_member_name(b, "slot");
        json_builder_add_string_value(b, f->slot);
        json_builder_set_member_name(b, "value");
        if (f->value < 0)
            json_builder_add_null_value(b);
        else
            json_builder_add_int_value(b, f->value);
        json_builder_set_member_name(b, "sure");
        json_builder_add_boolean_value(b, f->sure);
        json_builder_set_member_name(b, "confidence");
        json_builder_add_double_value(b, (double)(long)(f->confidence * 1000 + 0.5) / 1000);
        json_builder_set_member_name(b, "box_mm");
        json_builder_begin_array(b);
        double box[4] = {f->x, f->y, f->w, f->h};
        for (int k = 0; k < 4; k++)
            json_builder_add_double_value(b, (double)(long)(box[k] * 100 + 0.5) / 100);
        json_builder_end_array(b);
        if (f->circled >= 0) {
            json_builder_set_member_name(b, "circled");
            json_builder_add_boolean_value(b, f->circled);
        }
        json_builder_end_object(b);
    }
    json_builder_end_array(b);
    json_builder_set_member_name(b, "sheet");
    json_builder_add_string_value(b, r->pub.sheet);
    json_builder_set_member_name(b, "problems");
    json_builder_begin_array(b);
    for (guint i = 0; i < r->problems->len; i++)
        json_builder_add_string_value(b, g_ptr_array_index(r->problems, i));
    json_builder_end_array(b);
    json_builder_end_object(b);
    JsonGenerator *g = json_generator_new();
    JsonNode *root = json_builder_get_root(b);
    json_generator_set_root(g, root);
    char *text = json_generator_to_data(g, NULL);
    json_node_unref(root);
    g_object_unref(g);
    g_object_unref(b);
    return text;
}

/* Where the sheet stands in the photo: the four tags, or why not. */
static int find_sheet(const scan_photo *p, scan_tag *tags, bool *none, pn_err *err)
{
    int found = scan_tags_find(p, tags, 4, err);
    if (found < 0) return -1;
    *none = found == 0;
    if (found == 0)
        return pn_err_set(err, PN_EINPUT,
                          "no pnpkit sheet in the photo: none of its four corner marks was found "
                          "(blurred, too small, or a sheet printed without scan marks?)");
    int copies = 1;
    for (int i = 0; i < 4; i++)
        if (tags[i].found && tags[i].copies > copies) copies = tags[i].copies;
    if (copies > 1) /* reading one would mix the corners of several */
        return pn_err_set(err, PN_EINPUT,
                          "the photo holds more than one sheet (a corner mark is there %d "
                          "times): photograph one sheet at a time (cut sheets printed two or "
                          "four to a paper apart, or cover the others)",
                          copies);
    if (found < 4)
        return pn_err_set(err, PN_EINPUT,
                          "only %d of the sheet's four corner marks are in the photo: the whole "
                          "sheet must be in the picture",
                          found);
    return 0;
}

/* The largest photo read again turned over when no corner mark is found:
 * front cameras take 12 MP or less. */
#define SCAN_MIRROR_MAX_PIXELS (16LL * 1000 * 1000)

/* How well the photo must show the sheet its code names (view.h). */
#define SCAN_MIN_PRINT_MATCH 0.25

/* Refuses a photo whose printed lines are not those of the w x h mm sheet
 * its code names (a code stuck on another sheet): compared outside the
 * marks, which agree by construction. */
static int check_print(const scan_view *v, double w, double h, const char *code, const char *name,
                       pn_err *err)
{
    double skip[5][4], side = marks_tag_side() / 8 * 12; /* a tag, its white border and more */
    for (int c = 0; c < 4; c++) {
        double x, y;
        marks_tag_centre(w, h, c, &x, &y);
        skip[c][0] = x - side / 2, skip[c][1] = y - side / 2, skip[c][2] = skip[c][3] = side;
    }
    double qx, qy, qs, quiet = 4 * MARKS_QR_MODULE_MM;
    marks_qr_box(w, h, marks_modules(code), &qx, &qy, &qs);
    skip[4][0] = qx - quiet, skip[4][1] = qy - quiet, skip[4][2] = skip[4][3] = qs + 2 * quiet;
    /* 0.47 and more on every photo of the tests and benchmarks; 0.13 and
     * 0.16 for a DiCroNo sheet under a Circle 36 code and the reverse. */
    double match = scan_view_print_match(v, w, h, skip, 5);
    if (match >= 0 && match < SCAN_MIN_PRINT_MATCH)
        return pn_err_set(err, PN_EINPUT,
                          "the sheet in the photo is not the '%s' sheet its QR code names: its "
                          "printed lines are elsewhere (a code from another sheet?)",
                          name);
    return 0;
}

/* The whole reading, into r; ctx renders the sheet again. */
static int scan_into(pnpkit_ctx *ctx, scan_result *r, const scan_photo *p,
                     const pnpkit_scan_opts *o, pn_err *err)
{
    scan_tag tags[4];
    if (find_sheet(p, tags, &r->no_tags, err)) return -1;
    pn_err lib = {0};
    char *text = read_code(p, &tags[3], &lib);
    if (!text && lib.status) {
        *err = lib;
        return -1;
    }
    if (!text)
        return pn_err_set(err, PN_EINPUT,
                          "the sheet's QR code (bottom left) cannot be read: blurred, covered or "
                          "in shadow?");
    r->pub.code = keep(r, text);
    scan_sheet s;
    if (api_scan_sheet_open(ctx, text, o, &s, err)) return -1;
    int rc = -1;
    r->pub.template_name = keep(r, g_strdup(s.t->name));
    r->pub.game = keep(r, g_strdup(s.game));
    g_ptr_array_set_size(r->set, 0); /* a second reading (turned over) starts again */
    for (char **k = s.set; k && *k; k++)
        g_ptr_array_add(r->set, (char *)keep(r, g_strdup(*k)));
    g_ptr_array_set_size(r->inputs, 0);
    char **read = api_doc_inputs(s.doc);
    for (char **k = read; *k; k++)
        g_ptr_array_add(r->inputs, (char *)keep(r, g_strdup(*k)));
    g_strfreev(read);
    double w = s.slots->width, h = s.slots->height;
    scan_view v = {.photo = p, .ref_ppmm = SCAN_CROP_PPMM};
    int fit = fit_map(tags, w, h, &v.map);
    if (fit) {
        pn_err_set(err, PN_EINPUT, "%s",
                   fit < 0 ? "the corner marks do not make a sheet (a photo of a photo?)"
                           : "the four corner marks do not stand as on one flat sheet (marks cut "
                             "out and laid elsewhere, or the sheet folded?)");
        goto done;
    }
    if (api_scan_sheet_draw(ctx, &s, SCAN_CROP_PPMM, err)) goto done;
    v.ref = s.ref;
    if (check_print(&v, w, h, text, s.t->name, err)) goto done;
    size_t n = s.slots->n;
    scan_box *boxes = g_new(scan_box, n + 1);
    for (size_t i = 0; i < n; i++) {
        const pnpkit_slot *f = &s.slots->items[i];
        boxes[i] = (scan_box){f->id, f->x, f->y, f->w, f->h};
    }
    if (!strcmp(s.game, "dicrono")) {
        rc = read_dc(r, &v, boxes, n, api_scan_sheet_param(&s, "size", 6), err);
    } else {
        c36_variant var = {
            api_scan_sheet_param(&s, "rings", 3), api_scan_sheet_param(&s, "sectors", 8),
            api_scan_sheet_param(&s, "target", 36), api_scan_sheet_param(&s, "dice", 8)};
        rc = read_c36(r, &v, boxes, n, &var, err);
    }
    g_free(boxes);
    if (!rc) r->pub.json = keep(r, to_json(r, s.code));
done:
    api_scan_sheet_close(&s);
    return rc;
}

pnpkit_scan_result *pnpkit_scan(pnpkit_ctx *ctx, const unsigned char *data, size_t len,
                                const pnpkit_scan_opts *o, pnpkit_error *err)
{
    pnpkit_scan_opts def = {0};
    if (!o) o = &def;
    pn_err e = {0};
    const char *file = o->file ? o->file : "photo";
    if (!ctx) {
        pn_err_set(&e, PN_EUSAGE, "no context");
        api_error_from(&e, err);
        return NULL;
    }
    scan_photo *p = scan_photo_load(data, len, o->max_pixels, &e);
    scan_result *r = g_new0(scan_result, 1);
    r->strings = g_ptr_array_new_with_free_func(g_free);
    r->fields = g_array_new(FALSE, TRUE, sizeof(pnpkit_scan_field));
    r->problems = g_ptr_array_new_with_free_func(g_free);
    r->set = g_ptr_array_new();
    r->inputs = g_ptr_array_new();
    int rc = p ? scan_into(ctx, r, p, o, &e) : -1;
    if (rc && r->no_tags && p && (long long)p->w * p->h <= SCAN_MIRROR_MAX_PIXELS) {
        /* The corner marks read only one way round: a photo turned over (a
         * front camera's, or an orientation tag that mirrors) shows none.
         * Read it turned back; if that finds none either, say so as before.
         * Not for larger pictures, whose search is the slowest a picture
         * made to be hard can make (robustness.md). */
        pn_err first = e, again = {0};
        scan_photo_mirror(p);
        rc = scan_into(ctx, r, p, o, &again);
        e = rc && r->no_tags ? first : again;
    }
    scan_photo_free(p);
    if (rc) {
        pnpkit_scan_result_free(&r->pub);
        pn_err failed = e;
        pn_err_at(&e, file, 0, 0, "%s", failed.msg);
        e.status = failed.status;
        api_error_from(&e, err);
        if (err) g_strlcpy(err->file, file, sizeof err->file); /* the message names it too */
        return NULL;
    }
    r->pub.n_fields = r->fields->len;
    r->pub.fields = (const pnpkit_scan_field *)(void *)r->fields->data;
    r->pub.n_problems = r->problems->len;
    g_ptr_array_add(r->problems, NULL);
    r->pub.problems = (const char *const *)r->problems->pdata;
    g_ptr_array_add(r->set, NULL);
    r->pub.set = (const char *const *)r->set->pdata;
    g_ptr_array_add(r->inputs, NULL);
    r->pub.inputs = (const char *const *)r->inputs->pdata;
    return &r->pub;
}

/* scan_sheet.c: rebuilding the sheet a photo's QR code names (the code's
 * settings turned into render options, its template found and checked, the
 * page laid out and drawn again for comparison). */
#include "api/scan_sheet.h"

#include <errno.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include "api/api.h"
#include "render/marks.h"
#include "scan/c36_scan.h"
#include "template/tmpl.h"
#include "util/yml.h"

/* The render options that rebuild the sheet the code names; *page its sheet. */
static int code_opts(const scan_code *c, pnpkit_render_opts *o, char ***set, int *page, pn_err *err)
{
    pnpkit_render_opts_init(o);
    GPtrArray *s = g_ptr_array_new_with_free_func(g_free);
    *page = 1;
    for (int i = 0; i < c->n; i++) {
        const char *k = c->key[i], *v = c->value[i];
        char *end;
        if (!strcmp(k, "paper")) {
            o->paper = v;
        } else if (!strcmp(k, "landscape")) {
            o->landscape = !strcmp(v, "1");
        } else if (!strcmp(k, "seed") || !strcmp(k, "page")) {
            long n = strtol(v, &end, 10);
            if (*end || n < 0 || n > PNPKIT_SEED_MAX) {
                g_ptr_array_free(s, TRUE);
                return pn_err_set(err, PN_EINPUT, "the QR code's %s '%s' is not a number", k, v);
            }
            if (*k == 's')
                o->seed = (unsigned long)n;
            else
                *page = (int)(n < 1 ? 1 : n > PNPKIT_PAGES_MAX ? PNPKIT_PAGES_MAX : n);
        } else {
            g_ptr_array_add(s, g_strdup_printf("%s=%s", k, v));
        }
    }
    g_ptr_array_add(s, NULL);
    *set = (char **)g_ptr_array_free(s, FALSE);
    o->set = (const char *const *)*set;
    return 0;
}

/* The template a code names: its name, or the file given, whose hash must
 * match. NULL with err. */
static const char *code_template(const scan_code *c, const pnpkit_scan_opts *o, pn_err *err)
{
    if (c->name) {
        if (o->template_path)
            pn_err_set(err, PN_EINPUT,
                       "the photo shows a sheet of the template '%s', not one printed from %s",
                       c->name, o->template_path);
        return o->template_path ? NULL : c->name;
    }
    if (!o->template_path) {
        pn_err_set(err, PN_EINPUT,
                   "the sheet was printed from a template file: name that file to read it");
        return NULL;
    }
    /* a template file as render reads one: a regular file within the YAML
     * bound (a device of zeros was read to 2 GB) */
    GStatBuf st;
    int bad = g_stat(o->template_path, &st) ? errno : 0;
    if (bad || !S_ISREG(st.st_mode)) {
        pn_err_set(err, PN_EIO, "%s: %s", o->template_path,
                   bad ? g_strerror(bad) : "not a regular file");
        return NULL;
    }
    size_t len = 0;
    char *text = pn_yml_read_file(o->template_path, PN_YML_MAX_BYTES, &len, err);
    if (!text) return NULL;
    char *h = marks_text_hash(text, len);
    bool same = !strcmp(h, c->hash);
    g_free(h);
    g_free(text);
    if (!same)
        pn_err_set(err, PN_EINPUT, "the photo shows a sheet printed from another template than %s",
                   o->template_path);
    return same ? o->template_path : NULL;
}

int api_scan_sheet_param(const scan_sheet *s, const char *name, int def)
{
    tmpl_param *p = tmpl_param_find(s->t, name);
    return p && p->value.type == PV_INT ? (int)p->value.i : def;
}

/* What a failure to rebuild the sheet is: the code's fault (its settings,
 * its template), or the machine's (reading, memory) as the engine said. */
static pn_status rebuild_status(const pnpkit_error *pe)
{
    return pe->code == PNPKIT_EIO ? PN_EIO : PN_EINPUT;
}

/* The printed sheet as grey pixels, rendered at ppmm. */
static scan_photo *reference(pnpkit_ctx *ctx, const char *name, const pnpkit_render_opts *o,
                             double ppmm, pn_err *err)
{
    pnpkit_render_opts r = *o;
    r.format = "png";
    r.dpi = ppmm * 25.4;
    r.pages = 1;
    pnpkit_error pe;
    pnpkit_doc *d = api_doc_open_printed(ctx, name, &r, &pe);
    pnpkit_buffer *b = d ? pnpkit_doc_write_mem(d, &pe) : NULL;
    pnpkit_doc_free(d);
    if (!b) {
        pn_err_set(err, rebuild_status(&pe), "the sheet cannot be rebuilt: %s", pe.message);
        return NULL;
    }
    scan_photo *p = scan_photo_load(b->data, b->len, 0, err);
    pnpkit_buffer_free(b);
    return p;
}

void api_scan_sheet_close(scan_sheet *s)
{
    scan_photo_free(s->ref);
    pnpkit_slot_list_free(s->slots);
    pnpkit_doc_free(s->doc);
    g_strfreev(s->set);
    scan_code_free(s->code);
    memset(s, 0, sizeof *s);
}

int api_scan_sheet_open(pnpkit_ctx *ctx, const char *text, const pnpkit_scan_opts *o, scan_sheet *s,
                        pn_err *err)
{
    memset(s, 0, sizeof *s);
    pnpkit_error pe;
    if (!(s->code = scan_code_parse(text, err)) || !(s->name = code_template(s->code, o, err)) ||
        code_opts(s->code, &s->ro, &s->set, &s->page, err))
        goto fail;
    if (!(s->doc = api_doc_open_printed(ctx, s->name, &s->ro, &pe)) ||
        !(s->slots = pnpkit_doc_slots(s->doc, s->page, &pe))) {
        pn_err_set(err, rebuild_status(&pe), "the sheet in the photo cannot be rebuilt: %s",
                   pe.message);
        goto fail;
    }
    s->t = api_doc_tmpl(s->doc);
    s->game = s->t->game ? s->t->game : "";
    if (strcmp(s->game, "circle36") && strcmp(s->game, "dicrono")) {
        pn_err_set(
            err, PN_EINPUT,
            "the photo shows a sheet of '%s'%s%s: only Circle 36 and DiCroNo sheets are read",
            s->t->name, *s->game ? ", a game of " : "", s->game);
        goto fail;
    }
    return 0;
fail:
    api_scan_sheet_close(s);
    return -1;
}

int api_scan_sheet_draw(pnpkit_ctx *ctx, scan_sheet *s, double ref_ppmm, pn_err *err)
{
    /* The sheet is drawn again at SCAN_CROP_PPMM to be compared with the
     * photo: no larger than a photo may be (an A0 sheet is 36 million). */
    double w = s->slots->width, h = s->slots->height;
    if (w * h * SCAN_CROP_PPMM * SCAN_CROP_PPMM > SCAN_MAX_PIXELS)
        return pn_err_set(err, PN_EINPUT,
                          "a %gx%gmm sheet is too large to read (at most %.1f square metres: A0 is "
                          "1)",
                          w, h, SCAN_MAX_PIXELS / (SCAN_CROP_PPMM * SCAN_CROP_PPMM) / 1e6);
    return (s->ref = reference(ctx, s->name, &s->ro, ref_ppmm, err)) ? 0 : -1;
}

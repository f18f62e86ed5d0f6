/* comp.c: property access and helpers shared by all components. */
#include "components/comp.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/fonts.h"

const comp_type *comp_find(const char *name)
{
    for (const comp_type *const *t = comp_types; *t; t++)
        if (!strcmp((*t)->name, name)) return *t;
    return NULL;
}

const pv_value *comp_val(const comp_args *a, const char *name)
{
    for (size_t i = 0; i < a->n; i++)
        if (!strcmp(a->specs[i].name, name)) return &a->vals[i];
    fprintf(stderr, "pnpkit: internal error: no property '%s'\n", name);
    abort();
}

long comp_int(const comp_args *a, const char *name)
{
    return comp_val(a, name)->i;
}

double comp_num(const comp_args *a, const char *name)
{
    return comp_val(a, name)->num;
}

double comp_len_mm(const comp_ctx *ctx, const pv_spec *spec, const pv_value *v)
{
    if (!v->pct) return v->num;
    return v->num / 100.0 * (spec->axis == 'y' ? ctx->h : ctx->w);
}

double comp_len(const comp_ctx *ctx, const comp_args *a, const char *name)
{
    for (size_t i = 0; i < a->n; i++)
        if (!strcmp(a->specs[i].name, name)) return comp_len_mm(ctx, &a->specs[i], &a->vals[i]);
    return comp_val(a, name)->num; /* aborts: no such property */
}

int comp_check_lengths(const comp_ctx *ctx, const comp_args *a, char *why, size_t whylen)
{
    for (size_t i = 0; i < a->n; i++) {
        const pv_spec *sp = &a->specs[i];
        const pv_value *v = &a->vals[i];
        if (sp->type != PV_LENGTH || !v->pct) continue;
        double min, max, mm = comp_len_mm(ctx, sp, v);
        pv_bounds(sp, &min, &max);
        if (isfinite(mm) && mm >= min && mm <= max) continue;
        snprintf(why, whylen, "is %.4gmm on this page, out of range (%gmm to %gmm)", mm, min, max);
        return (int)i;
    }
    return -1;
}

double comp_x(const comp_ctx *ctx, const comp_args *a, const char *name)
{
    return ctx->x + comp_len(ctx, a, name);
}

double comp_y(const comp_ctx *ctx, const comp_args *a, const char *name)
{
    return ctx->y + comp_len(ctx, a, name);
}

const char *comp_str(const comp_args *a, const char *name)
{
    const char *s = comp_val(a, name)->str;
    return s ? s : "";
}

bool comp_bool(const comp_args *a, const char *name)
{
    return comp_val(a, name)->i != 0;
}

pn_rgba comp_color(const comp_args *a, const char *name)
{
    return comp_val(a, name)->color;
}

void comp_note(const comp_ctx *ctx, scene *s, const char *kind, const char *fmt, ...)
{
    char text[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    if (ctx->data_row) {
        char *t = g_strdup_printf("%s (%s)", text, ctx->data_row);
        scene_note_add(s, kind, t);
        g_free(t);
    } else {
        scene_note_add(s, kind, text);
    }
}

const char *comp_each_text(const comp_args *a, const char *name, int k)
{
    const pv_value *v = comp_val(a, name);
    if (v->strs && k >= 0 && (size_t)k < v->n) return v->strs[k];
    return v->str ? v->str : "";
}

/* The error text fmt makes, about property prop (NULL: the whole component). */
static int err_about(const comp_ctx *ctx, pn_err *err, const char *prop, const char *fmt,
                     va_list ap) PN_PRINTF(4, 0);
static int err_about(const comp_ctx *ctx, pn_err *err, const char *prop, const char *fmt,
                     va_list ap)
{
    char text[768];
    vsnprintf(text, sizeof text, fmt, ap);
    if (prop && ctx->place) return ctx->place(ctx, prop, text, err);
    /* What a data row gave the component may be the fault: say which row. */
    if (ctx->data_row && !strstr(text, "(data row"))
        return pn_err_at(err, ctx->file, ctx->line, ctx->col, "%s (%s)", text, ctx->data_row);
    return pn_err_at(err, ctx->file, ctx->line, ctx->col, "%s", text);
}

int comp_err(const comp_ctx *ctx, pn_err *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = err_about(ctx, err, NULL, fmt, ap);
    va_end(ap);
    return rc;
}

int comp_prop_err(const comp_ctx *ctx, pn_err *err, const char *prop, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = err_about(ctx, err, prop, fmt, ap);
    va_end(ap);
    return rc;
}

scene_font comp_font(double size_pt, bool bold)
{
    return (scene_font){.family = PN_FONT_PRINT, .size = size_pt, .bold = bold};
}

/* dc_read.c: the most probable DiCroNo game the rules allow (dc_read.h).
 *
 * The rules (dc_game_check) bind the whole grid at once, so there is no
 * decomposition to exploit; but a photo is mostly read right. Starting from
 * every field's most probable reading, the search lists sets of changed
 * readings in increasing order of cost (the classic enumeration of subset
 * sums over the changes sorted by cost: a set whose last change is i leads to
 * the set plus change i + 1 and to the set with i replaced by i + 1) and
 * checks each grid. The first legal one is the answer; the legal ones after
 * it give each field the cost of its best alternative, until the cost passes
 * the sure threshold: every field not yet contradicted is then sure. */
#include "scan/dc_read.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NF (DC_MAX_SIZE * DC_MAX_SIZE + 3) /* cells, two penalty counts, first */
#define MAXV 4                             /* values of a field: 0..3 penalties */

typedef struct change {
    double d; /* extra cost over the field's best reading */
    int field, value;
} change;

typedef struct node {
    double sum;
    int last, parent; /* index into the changes; parent node, -1 for none */
} node;

typedef struct search {
    int nf, nch;
    double cost[NF][MAXV];
    int nval[NF], top[NF];
    change ch[NF * (MAXV - 1)];
    node *nodes;
    int nnodes, cap;
    int *heap;
    int nheap;
} search;

static double pcost(double p)
{
    if (!(p >= DCR_PMIN)) p = DCR_PMIN;
    if (p > 1 - DCR_PMIN) p = 1 - DCR_PMIN;
    return -log(p);
}

static int cmp_change(const void *a, const void *b)
{
    const change *x = a, *y = b;
    if (x->d != y->d) return x->d < y->d ? -1 : 1;
    if (x->field != y->field) return x->field < y->field ? -1 : 1;
    return x->value - y->value;
}

static void heap_push(search *s, int id)
{
    int i = s->nheap++;
    while (i > 0) {
        int p = (i - 1) / 2;
        if (s->nodes[s->heap[p]].sum <= s->nodes[id].sum) break;
        s->heap[i] = s->heap[p];
        i = p;
    }
    s->heap[i] = id;
}

static int heap_pop(search *s)
{
    int top = s->heap[0], last = s->heap[--s->nheap], i = 0;
    for (;;) {
        int c = 2 * i + 1;
        if (c >= s->nheap) break;
        if (c + 1 < s->nheap && s->nodes[s->heap[c + 1]].sum < s->nodes[s->heap[c]].sum) c++;
        if (s->nodes[last].sum <= s->nodes[s->heap[c]].sum) break;
        s->heap[i] = s->heap[c];
        i = c;
    }
    if (s->nheap > 0) s->heap[i] = last;
    return top;
}

static int add_node(search *s, double sum, int last, int parent)
{
    if (s->nnodes >= s->cap) return -1;
    s->nodes[s->nnodes] = (node){sum, last, parent};
    heap_push(s, s->nnodes);
    return s->nnodes++;
}

/* The values of every field under node id; 0 when one field changes twice. */
static int values_of(const search *s, int id, int *val)
{
    for (int f = 0; f < s->nf; f++)
        val[f] = s->top[f];
    for (; id >= 0 && s->nodes[id].last >= 0; id = s->nodes[id].parent) {
        const change *c = &s->ch[s->nodes[id].last];
        if (val[c->field] != s->top[c->field]) return 0;
        val[c->field] = c->value;
    }
    return 1;
}

static void game_of(int size, const int *val, dc_game *g)
{
    memset(g, 0, sizeof *g);
    g->size = size;
    for (int r = 0; r < size; r++)
        for (int c = 0; c < size; c++)
            g->cell[r][c] = (unsigned char)val[r * size + c];
    int n = size * size;
    g->penalties[0] = val[n], g->penalties[1] = val[n + 1], g->first = val[n + 2];
}

static void load(search *s, const dcr_input *in)
{
    int n = in->size * in->size;
    s->nf = n + 3;
    for (int r = 0; r < in->size; r++)
        for (int c = 0; c < in->size; c++) {
            const double *p = in->cell[r][c];
            double t = p[0] + p[1] + p[2];
            for (int v = 0; v < 3; v++)
                s->cost[r * in->size + c][v] = pcost(t > 0 && p[v] > 0 ? p[v] / t : 0);
            s->nval[r * in->size + c] = 3;
        }
    for (int pl = 0; pl < 2; pl++) {
        const scan_field *f = &in->penalties[pl];
        double p[MAXV] = {0}, all = 0;
        for (int c = 0; c < f->n && c < SCAN_MAX_CANDS; c++) {
            double q = f->c[c].p;
            if (!(q > 0)) continue;
            all += q;
            if (f->c[c].value >= 0 && f->c[c].value < MAXV) p[f->c[c].value] += q;
        }
        for (int v = 0; v < MAXV; v++) {
            if (f->n <= 0) p[v] = 1.0 / MAXV;
            s->cost[n + pl][v] = pcost(all > 0 ? p[v] / all : p[v]);
        }
        s->nval[n + pl] = MAXV;
    }
    double t = in->first[0] + in->first[1];
    for (int v = 0; v < 2; v++)
        s->cost[n + 2][v] = pcost(t > 0 && in->first[v] > 0 ? in->first[v] / t : 0.5);
    s->nval[n + 2] = 2;
    s->nch = 0;
    for (int f = 0; f < s->nf; f++) {
        int b = 0;
        for (int v = 1; v < s->nval[f]; v++)
            if (s->cost[f][v] < s->cost[f][b]) b = v;
        s->top[f] = b;
        for (int v = 0; v < s->nval[f]; v++)
            if (v != b) s->ch[s->nch++] = (change){s->cost[f][v] - s->cost[f][b], f, v};
    }
    qsort(s->ch, (size_t)s->nch, sizeof s->ch[0], cmp_change);
}

static void field_out(dcr_output *out, int size, int f, int sure, double conf)
{
    int n = size * size;
    if (f < n)
        out->cell_sure[f / size][f % size] = sure, out->cell_conf[f / size][f % size] = conf;
    else if (f < n + 2)
        out->penalties_sure[f - n] = sure, out->penalties_conf[f - n] = conf;
    else
        out->first_sure = sure, out->first_conf = conf;
}

int dcr_choose(const dcr_input *in, dcr_output *out)
{
    memset(out, 0, sizeof *out);
    if (in->size < DC_MIN_SIZE || in->size > DC_MAX_SIZE) {
        snprintf(out->why, sizeof out->why, "size out of bounds");
        return -1;
    }
    search *s = calloc(1, sizeof *s);
    if (s) {
        s->cap = 2 * DCR_MAX_TRIES + 2;
        s->nodes = malloc(sizeof *s->nodes * (size_t)s->cap);
        s->heap = malloc(sizeof *s->heap * (size_t)s->cap);
    }
    if (!s || !s->nodes || !s->heap) {
        if (s) free(s->nodes), free(s->heap);
        free(s);
        snprintf(out->why, sizeof out->why, "out of memory");
        return -1;
    }
    load(s, in);
    double base = 0, thr = log(DCR_SURE_RATIO), jstar = -1, alt[NF];
    for (int f = 0; f < s->nf; f++)
        base += s->cost[f][s->top[f]], alt[f] = -1;
    int best[NF], val[NF], settled = 0, found = 0;
    char why[160];
    dc_game g;
    add_node(s, 0, -1, -1);
    while (s->nheap > 0 && out->tries < DCR_MAX_TRIES) {
        int id = heap_pop(s);
        node nd = s->nodes[id];
        if (found && nd.sum - jstar >= thr) break; /* every later game is far enough */
        /* Successors: this set plus the next change, and with its last one
         * replaced by the next. */
        int next = nd.last + 1;
        if (next < s->nch) {
            add_node(s, nd.sum + s->ch[next].d, next, id);
            if (nd.last >= 0)
                add_node(s, nd.sum - s->ch[nd.last].d + s->ch[next].d, next, nd.parent);
        }
        out->tries++;
        if (!values_of(s, id, val)) continue;
        game_of(in->size, val, &g);
        if (dc_game_check(&g, why, sizeof why)) continue;
        if (!found) {
            found = 1, jstar = nd.sum;
            memcpy(best, val, sizeof(int) * (size_t)s->nf);
            out->game = g;
            continue;
        }
        for (int f = 0; f < s->nf; f++)
            if (val[f] != best[f] && alt[f] < 0) alt[f] = nd.sum, settled++;
        if (settled == s->nf) break;
    }
    int complete = found && (s->nheap == 0 || out->tries < DCR_MAX_TRIES);
    free(s->nodes), free(s->heap);
    if (!found) {
        free(s);
        snprintf(out->why, sizeof out->why,
                 "no game the rules allow is near the readings (%ld grids tried)", out->tries);
        return -1;
    }
    out->cost = base + jstar;
    for (int f = 0; f < s->nf; f++) {
        out->changed += best[f] != s->top[f];
        /* Not contradicted within the search: the margin is at least the
         * threshold when the search ran to it, unknown otherwise. */
        double m = alt[f] >= 0 ? alt[f] - jstar : complete ? thr : 0;
        field_out(out, in->size, f, alt[f] < 0 && complete, 1 / (1 + exp(-m)));
    }
    free(s);
    return 0;
}

/* svgc.h: what the SVG check's files share (svgcheck.c: reading the
 * document, counting dashes; svgtiles.c: bounding pattern tiles): the
 * document's elements as the check sees them, and the helpers both use.
 * Private to src/scene/svgcheck.c and src/scene/svgtiles.c. */
#ifndef PN_SVGC_H
#define PN_SVGC_H

#include <gio/gio.h>
#include <stdbool.h>
#include "util/err.h"
#include "util/xml.h"

#define SVGC_MAX_CHAIN 1024       /* parents and references followed to count one element */
#define SVGC_MAX_WORK (64u << 20) /* bytes parsed for one image, nested ones included */
#define SVGC_MAX_FILES 1000u      /* other files one image may name */
#define SVGC_MAX_REFS 1000000u    /* references between elements, counted one by one */
/* The outline of one glyph, in font sizes (generous: a Latin letter's takes
 * 3 to 5, a dense CJK one's 15). */
#define SVGC_TEXT_OUTLINE 20.0

typedef struct svgc_node svgc_node;

/* A pattern's attributes, as its href chain gives them (svgtiles.c). */
typedef struct svgc_pat {
    bool done;
    double uw, fw, uh, fh; /* width and height: in user units, as a fraction of a box */
    bool user, box;        /* patternUnits may be userSpaceOnUse, objectBoundingBox */
    double pt;             /* patternTransform's largest stretch */
    bool pt_turns;         /* and whether it turns */
    const xmlNode *vb;     /* the pattern giving its viewBox */
    bool cuser, cbox;      /* patternContentUnits, as above */
} svgc_pat;

/* A reference to an element: drawn weight times for each time from is. */
typedef struct svgc_ref {
    svgc_node *from; /* NULL: from a style sheet (once) */
    double weight;
    bool marker; /* weight is the vertices of from (or of the document) */
    bool href;   /* a use's (or another element's) href: drawn once each time */
    bool sheet;  /* from an element a style sheet's rule may apply to (for tiles
                  * only: the dash count has the sheet's own reference) */
    struct svgc_ref *next;
} svgc_ref;

struct svgc_node {
    xmlNode *node;
    svgc_node *parent;
    svgc_ref *refs;
    double length;         /* outline, in the element's user units (shapes only) */
    double vertices;       /* where markers would go */
    double shapes_below;   /* shapes drawn with it: itself, its descendants, what its uses draw */
    double vertices_below; /* their vertices */
    unsigned char below_state; /* 0 not counted, 1 being counted, 2 counted */
    svgc_node *use_target;     /* a use: the first element of its id */
    double refd;               /* how often references draw it (see svgc_referenced) */
    unsigned char refd_state;  /* 0 not counted, 1 being counted, 2 counted */
    double include_chars;      /* an XInclude of text: the characters it brings */
    svgc_node *same_id;        /* the next element with the same id (a reference may reach any) */
    bool hidden;               /* inside defs, symbol, marker, ...: drawn only when referenced */
    /* pattern tiles (see svgc_tiles) */
    double T;                            /* how much its transform can enlarge */
    double chunks;                       /* a text's pieces, each filled on its own */
    bool turn_own, turned, below_turned; /* a transform of its own, above it, below it turns */
    guint index;                         /* in the document's nodes */
    double all_s, all_w, all_h;          /* as below_*, with what is drawn where named */
    bool all_turned;
    unsigned char ba_state;
    double octaves;                   /* an feTurbulence's numOctaves */
    int depth;                        /* its ancestors */
    bool t_given;                     /* T comes from transforms given (which may shrink) */
    double vbk;                       /* how much a nested svg's viewBox enlarges, drawn in place */
    double bw, bh;                    /* a shape's box, in its own units */
    double S, S_prev;                 /* how much its units can enlarge, in the document's pixels */
    unsigned char s_state;            /* 0 not found, 1 being found, 2 found */
    double below_s, below_w, below_h; /* the largest S, bw*S and bh*S of what is drawn with it */
    unsigned char bs_state;           /* as s_state */
    svgc_node *href_target;           /* the element its href names (a pattern's template) */
    svgc_pat pat;                     /* a pattern's attributes */
    int href_rank; /* the rank of the href that gave href_target and use_target */
};

/* A reference whose target is known only once every id is. */
typedef struct svgc_pending {
    svgc_node *from; /* NULL: a style sheet */
    char *id;        /* the element (without '#') */
    bool marker;
    bool href; /* from an href (a use's target) */
    int rank;  /* which href librsvg follows: 2 href, 1 xlink:href, 0 another's (none) */
} svgc_pending;

/* A document drawn by another (an image, an external reference). */
/* What one document draws that its drawer counts. */
typedef struct svgc_result {
    double dashes;             /* dashes drawn */
    double tile, tiles;        /* its largest pattern tile, and all it draws, over its own area */
    double nat_w, nat_h;       /* its own size, in pixels (the smallest reading) */
    double raster_w, raster_h; /* its size as pixels when drawn as an image (the largest) */
    bool sized;                /* it has a width and height or a viewBox */
} svgc_result;

typedef struct svgc_outer {
    svgc_node *from;
    svgc_result res; /* what it draws, once */
} svgc_outer;

typedef struct svgc_shared {
    const pn_xml_fns *xml;
    GHashTable *names; /* references to other files looked up, as written */
    size_t work;       /* bytes parsed so far */
    double pixels;     /* of the pictures drawn inside, so far */
} svgc_shared;

typedef struct svgc {
    svgc_shared *sh;
    const char *name; /* for messages */
    GFile *dir;       /* for relative references (a data: document's: its parent's) */
    int depth;
    GHashTable *ids;  /* id -> svgc_node* */
    GPtrArray *nodes; /* svgc_node*, owned */
    GPtrArray *pending;
    GArray *outer;     /* svgc_outer */
    GPtrArray *refs;   /* svgc_ref*, owned */
    GPtrArray *styles; /* the style elements */
    double dash;       /* the finest mean dash (INFINITY: no dashes) */
    long dash_line;
    double font_abs, font_rel, big;
    double big_rel;  /* growth of viewports given in % or em */
    double big_em;   /* the largest viewport given in em */
    double spacing;  /* the largest letter- or word-spacing */
    svgc_node *loop; /* an element found drawn inside itself */
    double v_total;
    double elements;
    /* pattern tiles */
    double sheet_T;                          /* the largest transform property in a style sheet, */
    unsigned sheet_T_n;                      /* and how many there are */
    double stroke_abs, stroke_em, stroke_pc; /* the largest stroke-width in each kind of unit */
    double stroke_max; /* the largest stroke-width, in user units, at least 1 */
    double shape_max;  /* the largest side of a shape's box */
    bool text_path;
    unsigned patterns; /* pattern elements */

    double root_scale, nat_w, nat_h, raster_w, raster_h;
    bool root_em;                /* its width or height in em or ex */
    bool sized;                  /* both width and height, or a viewBox */
    const xmlNode *css_geometry; /* where CSS first gives a width, height, r, rx or ry */
    const xmlNode *odd_paint;    /* where a filter's FillPaint or StrokePaint is first used */
    bool context_paint;          /* a marker's content may take its path's paint */
    bool filters;                /* filter or mask elements */
    bool sheet_turns;            /* a style sheet's transform turns */
    double font_sheet;           /* the largest growth of a relative font size in a style sheet */
    double shift_max;            /* the largest baseline-shift */
    int max_depth;               /* of the elements */
    bool nested_vp;              /* a viewport other than the root's (svg, symbol, marker) */
    bool vertical_text;          /* text may run downwards (writing-mode, rotated glyphs) */
    double pct_base;             /* what a percentage of the viewport may be of */
    bool changed;                /* a scale grew in this round */
    pn_err *err;
    int failed;
} svgc;

typedef enum { UNIT_ABS, UNIT_FONT, UNIT_PERCENT, UNIT_UNKNOWN } svgc_unit;

/* Sets c->err (PN_EINPUT) to "NAME: line N: what" for node n, once; -1. */
int svgc_fail(svgc *c, const xmlNode *n, const char *fmt, ...) G_GNUC_PRINTF(3, 4);
/* The unit after a number at *s (moved past it): its factor to user units
 * for absolute ones. */
svgc_unit svgc_unit_at(const char **s, double *factor);
/* The font size a relative length is measured against, generously. */
double svgc_font(const svgc *c);
/* The largest viewport a percentage can be of. */
double svgc_big(const svgc *c);
/* The largest length of a list (x="1 2em 30%"), in user units. */
double svgc_list_length(svgc *c, const char *v);
/* An attribute length in user units (absolute value); 0 when absent or not
 * a length. */
double svgc_attr_length(svgc *c, const char *v);
/* The text of one attribute. Caller frees. */
char *svgc_attr_text(const xmlAttr *a);
/* The text of every attribute named name, whatever its namespace, joined
 * by spaces; NULL when there is none. Caller frees. */
char *svgc_prop(const xmlNode *n, const char *name);
/* A character of a CSS name. */
bool svgc_ident(char ch);
/* The reference of the url( at *at (in low, the lower-case copy of text),
 * cleaned (caller frees); *at is moved past it. */
char *svgc_url_text(const char *text, const char *low, const char **at);
/* Whether the url( at p in CSS text low belongs to a marker property. */
bool svgc_url_marker(const char *low, const char *p);
/* Each property of CSS text (low: its lower-case copy) as fn(its name, the
 * name's length, its value as written); a value of fn other than 0 stops
 * the walk and is returned. */
int svgc_css_each(const char *low, const char *text,
                  int (*fn)(const char *name, size_t len, const char *value, void *data),
                  void *data);

/* Records a transform of scale k given to s. */
void svgc_transform_given(svgc_node *s, double k);

/* Whether element n is named name. */
bool svgc_is(const xmlNode *n, const char *name);
/* An element whose content is drawn only when it is named (defs, symbol,
 * marker, pattern, ...). */
bool svgc_container(const xmlNode *n);
/* The characters of text nodes n and their siblings, with what XIncludes
 * bring. */
double svgc_chars(const xmlNode *n);
/* The largest length among the attributes named name (any namespace). */
double svgc_num_attr(svgc *c, const xmlNode *n, const char *name);
/* Inside a text element. */
bool svgc_in_text(const svgc_node *s);
/* Counts the shapes and vertices drawn with s (s->shapes_below, ...). */
void svgc_below(svgc_node *s, int chain);
/* How often s is drawn. */
double svgc_times(svgc *c, svgc_node *s, int chain);

/* The references of the document's style sheets, given also from each
 * element a rule may apply to (for the tiles). After the pending references
 * are resolved: 0, or -1 with c->err. */
int svgc_sheet_refs(svgc *c);

/* Bounds the pixels of the document's pattern tiles (and of the documents it
 * draws as images) over its own area, in res->tile and res->tiles: 0, or -1
 * with c->err when over SCENE_SVG_MAX_TILE or SCENE_SVG_MAX_TILES. After the
 * dash count. */
int svgc_tiles(svgc *c, svgc_result *res);

#endif

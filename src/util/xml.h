/* xml.h: the libxml2 functions pnpkit uses to read an SVG document the way
 * librsvg reads it (scene/svgcheck.c), loaded on first use through
 * util/lazylib.h. librsvg itself links libxml2, so a run that reads an SVG
 * has it loaded already; a run without SVG images never loads it. */
#ifndef PN_XML_H
#define PN_XML_H

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include "util/err.h"

typedef struct pn_xml_fns {
    xmlDocPtr (*read_memory)(const char *buffer, int size, const char *url, const char *encoding,
                             int options);
    void (*free_doc)(xmlDocPtr doc);
    long (*get_line_no)(const xmlNode *node);
    const xmlError *(*get_last_error)(void);
    void (*set_generic_error_func)(void *ctx, xmlGenericErrorFunc handler);
} pn_xml_fns;

/* The functions, loading libxml2 (and initialising its parser) on the first
 * call, from any thread. NULL with err (PN_EIO) when it cannot be loaded.
 * The table is static: never freed. */
const pn_xml_fns *pn_xml(pn_err *err);

/* Keeps libxml2 from printing on standard error in the calling thread (its
 * setting is per thread): errors it reports without a parser, such as a
 * document's bytes not in the encoding it names, went to standard error as
 * lines of their own. The parsers' own errors are read as before. */
void pn_xml_quiet(const pn_xml_fns *xml);

#endif

/* xml.c: libxml2's functions, looked up when the first SVG image is checked. */
#include "util/xml.h"

#include "util/lazylib.h"

#ifndef PNPKIT_XML2_SONAME
#define PNPKIT_XML2_SONAME "libxml2.so.2"
#endif

static const char *const xml_names[] = {
    "xmlReadMemory",
    "xmlFreeDoc",
    "xmlGetLineNo",
    "xmlGetLastError",
    "xmlInitParser",
    "xmlSetExternalEntityLoader",
    "xmlSetGenericErrorFunc",
    NULL,
};
static void *xml_ptrs[G_N_ELEMENTS(xml_names) - 1];
static pn_lazylib xml_lib = {PNPKIT_XML2_SONAME, "libxml2", xml_names, xml_ptrs, G_ONCE_INIT, ""};
static pn_xml_fns xml_fns;
static GOnce xml_typed = G_ONCE_INIT;

/* No external entity or DTD is ever loaded, by pnpkit's parse or librsvg's
 * (which refuses them anyway): with entities expanded, libxml2 2.9 would
 * otherwise read any local file an SVG names, /dev/zero included. */
static xmlParserInputPtr xml_no_entity(const char *url, const char *id, xmlParserCtxtPtr ctxt)
{
    (void)url, (void)id, (void)ctxt;
    return NULL;
}

/* POSIX guarantees a looked-up function's address converts to a function
 * pointer of its real type, which is what the table declares. The parser is
 * initialised here, once, before any thread parses (libxml2 2.9 asks for it),
 * and before librsvg parses (pn_rsvg loads this first). */
static gpointer xml_fill(gpointer unused)
{
    (void)unused;
    xml_fns.read_memory =
        (xmlDocPtr(*)(const char *, int, const char *, const char *, int))xml_ptrs[0];
    xml_fns.free_doc = (void (*)(xmlDocPtr))xml_ptrs[1];
    xml_fns.get_line_no = (long (*)(const xmlNode *))xml_ptrs[2];
    xml_fns.get_last_error = (const xmlError *(*)(void))xml_ptrs[3];
    xml_fns.set_generic_error_func = (void (*)(void *, xmlGenericErrorFunc))xml_ptrs[6];
    ((void (*)(void))xml_ptrs[4])();
    ((void (*)(xmlExternalEntityLoader))xml_ptrs[5])(xml_no_entity);
    return &xml_fns;
}

const pn_xml_fns *pn_xml(pn_err *err)
{
    if (pn_lazylib_load(&xml_lib, err)) return NULL;
    return g_once(&xml_typed, xml_fill, NULL);
}

static void xml_silent(void *ctx, const char *fmt, ...)
{
    (void)ctx, (void)fmt;
}

void pn_xml_quiet(const pn_xml_fns *xml)
{
    xml->set_generic_error_func(NULL, xml_silent);
}

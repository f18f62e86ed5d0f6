/* svg_ids.h: cairo names the groups of an SVG file after a counter shared by
 * the whole process ("surface11"), so the same page drawn later in a long-lived
 * process (a server) would get other names. Renumbering them in order of first
 * appearance makes the file depend only on what is drawn. */
#ifndef PN_SVG_IDS_H
#define PN_SVG_IDS_H

#include <glib.h>

/* Rewrites every "surface<digits>" in svg to "surface<k>", k counting from 1
 * in order of first appearance (the same number for the same original). */
void pn_svg_renumber(GString *svg);

#endif

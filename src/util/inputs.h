/* inputs.h: the files one job reads (a template, its data, fonts, images and
 * the files an SVG names, a --ttf font), so that what the job writes never
 * replaces one of them: `render tpl-2.svg -o tpl.svg`, whose second page is
 * named tpl-2.svg, or `-o` naming the CSV merged, would lose the input.
 *
 * A job makes a pn_inputs and makes it the current one of its thread while
 * it reads and writes (pn_inputs_use); the readers note each file they open
 * (pn_inputs_note, a no-op without a current one) and the output files ask
 * before they replace a file (pn_inputs_find). One per job and per thread:
 * jobs on other threads do not see each other's. */
#ifndef PN_INPUTS_H
#define PN_INPUTS_H

typedef struct pn_inputs pn_inputs;

pn_inputs *pn_inputs_new(void);
void pn_inputs_free(pn_inputs *in);

/* Makes in (or NULL: none) the current set of this thread; returns the one
 * it replaces, to be given back when the job is done. */
pn_inputs *pn_inputs_use(pn_inputs *in);

/* Notes the regular file path as read by the current job (if any). */
void pn_inputs_note(const char *path);

/* The name the current job read the file path by, when path is that same
 * file (same device and inode), else NULL. Valid until the set is freed. */
const char *pn_inputs_find(const char *path);

/* The paths in's files were read by, sorted, NULL-terminated (caller frees
 * with g_strfreev). */
char **pn_inputs_paths(const pn_inputs *in);

#endif

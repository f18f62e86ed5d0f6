/* pdfpack.h: the last step of every PDF pnpkit writes. A backend draws each
 * distinct page once into a source PDF (cairo or libharu writes it through
 * pn_pdfpack_write); the packer then builds the document: its pages in order,
 * each page of a run of identical pages a page dictionary of its own that
 * refers to the one content stream and the one resources dictionary of the
 * page drawn, print-shop boxes when there is a bleed, every object that is not
 * a stream in compressed object streams with a cross-reference stream, and a
 * document ID computed from the content (same input, same bytes).
 *
 * The source goes to a scratch file beside the target (removed at the end), so
 * a long document of different pages is not held in memory; standard output
 * and other targets a rename cannot replace keep it in memory instead. */
#ifndef PN_PDFPACK_H
#define PN_PDFPACK_H

#include <glib.h>
#include <stdbool.h>
#include <stddef.h>
#include "util/err.h"

typedef struct pn_pdfpack pn_pdfpack;

/* Opens the output at path ("-": standard output) and a place for the source,
 * with pn_outfile_open_flags's flags; with mem (not NULL) the document goes to
 * memory instead (pn_outfile_open_mem: path only names it) and so does the
 * source. NULL with err (PN_EIO) when path cannot be written. Freed by finish
 * or discard. */
pn_pdfpack *pn_pdfpack_open(const char *path, unsigned flags, GPtrArray *mem, pn_err *err);
/* Appends n bytes of the source PDF; false when writing failed (the error is
 * reported by finish). */
bool pn_pdfpack_write(pn_pdfpack *p, const void *data, size_t n);
/* errno of the first failed write of the source, or 0. */
int pn_pdfpack_errno(const pn_pdfpack *p);
/* Ends one source PDF: what is written next is another whole PDF (libharu
 * saves a long document of different pages in pieces, so that it never holds
 * them all). The packer joins the sources: their pages follow one another in
 * the numbering pn_pdfpack_page uses, the first source's catalog and page tree
 * hold them all, and a font file, image or other object that has no
 * references and is the same bytes as one of an earlier source is stored once.
 * A document of one source is packed exactly as before. */
void pn_pdfpack_next_source(pn_pdfpack *p);
/* Appends a page to the document that shows source page src (0-based, in the
 * order the sources hold their pages, the first source's first). */
void pn_pdfpack_page(pn_pdfpack *p, int src);
/* bleed_pt > 0: every page gets a TrimBox bleed_pt inside its MediaBox and a
 * BleedBox equal to the MediaBox. */
void pn_pdfpack_set_bleed(pn_pdfpack *p, double bleed_pt);
/* Builds and commits the document. 0, or -1 with err (nothing left behind).
 * Frees p. */
int pn_pdfpack_finish(pn_pdfpack *p, pn_err *err);
/* Leaves nothing behind; frees p. Safe with NULL. */
void pn_pdfpack_discard(pn_pdfpack *p);

#endif

/* paths.h: where pnpkit finds data outside the binary: the installed data
 * directory (templates shipped with an installation) and the user's own
 * template directory. The installed directory follows the binary: a pnpkit in
 * PREFIX/bin reads PREFIX/share/pnpkit, wherever PREFIX was moved; the
 * environment variable PNPKIT_DATADIR overrides it. */
#ifndef PN_PATHS_H
#define PN_PATHS_H

/* The installed data directory (holds templates/). Static storage; never NULL. */
const char *pn_paths_datadir(void);

/* $XDG_DATA_HOME/pnpkit/templates (~/.local/share/pnpkit/templates by
 * default). Static storage; never NULL. */
const char *pn_paths_user_templates(void);

/* The installed templates directory: pn_paths_datadir()/templates. Static. */
const char *pn_paths_installed_templates(void);

#endif

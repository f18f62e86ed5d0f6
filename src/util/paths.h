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

/* The file called name in the folder dir of a template confined to it (a saved or installed one):
 * name must be relative, without a ".." or empty component, and no component on the way may be a
 * symbolic link (checked when called). Returns the full path (caller frees),
 * or NULL with *why (static text) saying what is refused. */
char *pn_paths_beside(const char *dir, const char *name, const char **why);

/* The file called name in the folder dir of any other template file: name
 * must be relative, without a ".." component, and when it exists its real
 * path (symbolic links followed) must lie in dir or below: a template from
 * elsewhere may not read a user's other files into what it prints. Returns
 * the full path (caller frees), or NULL with *why (static text). */
char *pn_paths_inside(const char *dir, const char *name, const char **why);

#endif

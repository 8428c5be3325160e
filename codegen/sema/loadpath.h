/*
 * loadpath.h — compile-time `require`/`require_relative`/`load`
 * resolution (loadpath.c) and the compiler's warnings.
 *
 * The load path is CRuby's, in CRuby's order: the `-I` directories, then
 * RUBYLIB, then the installed Ruby's own $LOAD_PATH (site, vendor and
 * rubylibdir, asked from `ruby` once, the first time a name needs it)
 * followed by the lib/ directories of the installed non-default gems.
 * Names provided natively by the runtime (lib/sp_features.h) come first.
 *
 * Warnings print `file:line:col: warning: msg`, the source line and a
 * caret; with --strict they are errors instead (lp_errors() counts them).
 */
#ifndef SPINEL_LOADPATH_H
#define SPINEL_LOADPATH_H

#include "ast.h"

/* One compilation's load path and warning mode (loadpath.c): main's
 * compile context makes it (lp_new), configures it from the options, hands
 * it to the resolve and emit passes, and frees it at the end (lp_free). */
typedef struct lp_state lp_state;
lp_state *lp_new(void);
void lp_free(lp_state *lp);

void lp_add_include(lp_state *lp, const char *dir);   /* -I DIR, in command-line order */
void lp_set_strict(lp_state *lp, int on);
int  lp_strict(const lp_state *lp);

/* A compile-time warning at n in file (an error under --strict). */
void lp_warn(lp_state *lp, const char *file, const sp_node *n, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
int  lp_errors(const lp_state *lp);                   /* warnings that were errors */

/* Is `name` (without .rb/.so) provided natively (lib/sp_features.h)? */
int lp_native(const char *name);

enum { LP_NONE, LP_RUBY, LP_EXT };
/* Resolve `require name`: LP_RUBY with the file's real path in out,
 * LP_EXT when the first match is a C extension (.so; path in out),
 * LP_NONE when nothing matches. */
int lp_find_require(lp_state *lp, const char *name, char *out, size_t size);
/* Resolve `load name` (relative to the working directory, then the load
 * path; the name is used as is, no extension added). */
int lp_find_load(lp_state *lp, const char *name, char *out, size_t size);

/* The load path, as $LOAD_PATH shows it at run time: its length (the
 * installed ruby's directories only if ask_ruby or a require needed
 * them already), then entry i. */
int lp_path_count_if(lp_state *lp, int ask_ruby);
const char *lp_path_at(const lp_state *lp, int i);

/* The value of n when it folds to a constant string at compile time:
 * string literals, interpolations of constants, __dir__, __FILE__,
 * File.join / File.expand_path / File.dirname / File.basename of
 * constants and `+` of two constants.  `file` is the source file of n
 * (as __FILE__ gives it).  NULL otherwise; the result is malloc'd. */
char *lp_fold_string(const sp_node *n, const char *file);

/* File.expand_path(path, dir) (lexical; dir NULL: the working directory). */
char *lp_expand(const char *path, const char *dir);

/* The absolute directory of a source file (what __dir__ returns). */
char *lp_abs_dir(const char *file);

#endif

/*
 * sp_load.h — run-time require/load of files compiled into the program
 * and the script conventions ($0, $LOAD_PATH, DATA); see sp_load.c.
 * Called by generated code.
 */
#ifndef SPINEL_LOAD_H
#define SPINEL_LOAD_H

#include <stddef.h>
#include "spinel.h"

extern const char *sp_exe_path;   /* the executable's argv[0] ($0 is the source path) */

/* require: run body (self = main) unless path was required before;
 * true the first time, false afterwards. */
sp_value sp_require_file(const char *path, sp_value (*body)(sp_value));
/* load: run body every time; true. */
sp_value sp_load_file(const char *path, sp_value (*body)(sp_value));
/* autoload(:C, "name") of a file compiled into the program: the
 * generated code registers it before the call; the first miss of C
 * runs it through sp_require_file. */
void sp_autoload_file(const char *name, const char *path, sp_value (*body)(sp_value));
/* Called by const_missing (sp_class.c): the constant's value after
 * loading its autoload file, or SP_UNDEF. */
sp_value sp_autoload_try(sp_value klass, sp_id name);
/* Raise LoadError "cannot load such file -- name" (never returns). */
SP_NORETURN sp_value sp_load_missing(const char *name);
/* Program start (spg_init): $0 = script as given to spinel, the
 * compile-time load path, $LOADED_FEATURES, DATA (when data != NULL). */
void sp_load_init(const char *script, const char *const *dirs, int ndirs, const char *data, size_t data_len);

/* ARGF (sp_argf.c): defined by sp_load_init; Kernel#gets reads it. */
void sp_argf_init(void);
sp_value sp_argf(void);
extern long sp_last_lineno;        /* $. */

/* ruby2_keywords (sp_compat.c): flag the keywords hash ending a *rest. */
void sp_vm_r2k_mark(sp_value rest);
int sp_vm_r2k_last(sp_value h);
void sp_compat_init(void);
/* eval of a run-time string: an ivar name is read, else NotImplementedError(msg). */
sp_value sp_eval_dynamic(sp_value recv, sp_value str, const char *msg);

#endif

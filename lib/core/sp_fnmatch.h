/*
 * sp_fnmatch.h — CRuby's file-name pattern matcher (sp_fnmatch.c), shared
 * by File.fnmatch and Dir.glob.
 */
#ifndef SPINEL_FNMATCH_H
#define SPINEL_FNMATCH_H

#include "spinel.h"

/* File::FNM_* values (CRuby's). */
#define SP_FNM_NOESCAPE 1
#define SP_FNM_PATHNAME 2
#define SP_FNM_DOTMATCH 4
#define SP_FNM_CASEFOLD 8
#define SP_FNM_EXTGLOB  16

/* 1 when str matches pat under flags (FNM_EXTGLOB is not handled here:
 * expand with sp_brace_expand first); bytes: characters are bytes
 * (binary pattern), else UTF-8. */
int sp_fnmatch(const char *pat, const char *str, int flags, int bytes);
/* Call fn(expansion, arg) for each expansion of the "{a,b}" groups of str
 * (none when a brace is unbalanced), in order, until fn returns nonzero;
 * returns that value (0 when every call returned 0). */
int sp_brace_expand(const char *str, int flags, int (*fn)(const char *, void *), void *arg);
/* File.fnmatch / File.fnmatch? on cFile (called from sp_init_dir). */
void sp_init_fnmatch(sp_value cFile);

#endif

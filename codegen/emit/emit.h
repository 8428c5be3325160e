/*
 * emit.h — the code generator's entry point (emit.c and friends).
 */
#ifndef SPINEL_EMIT_H
#define SPINEL_EMIT_H

#include <stdio.h>
#include "ast.h"

typedef struct sp_emit_opts {
    int opt_level;      /* -O0 / -O2 */
    int debug;          /* -g */
} sp_emit_opts;

/* Resolve and emit `ast` (the main program; require_relative'd files are
 * inlined by the resolver) as one C translation unit to `out`.  On a
 * compile-time error prints `file:line:col: error: ...` and returns 1. */
int sp_emit_program(sp_ast *ast, FILE *out, const sp_emit_opts *opts);

#endif

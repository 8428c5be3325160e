/*
 * emit.h — the code generator's entry point (emit.c and friends), the last
 * pass of a compilation (doc/codegen.md, "Pipeline").
 */
#ifndef SPINEL_EMIT_H
#define SPINEL_EMIT_H

#include <stdio.h>
#include "ast.h"
#include "resolve.h"
#include "typed.h"

typedef struct sp_emit_opts {
    int opt_level;      /* -O0 / -O2 */
    int debug;          /* -g */
    struct lp_state *lp;    /* the load path ($LOAD_PATH) and --strict */
} sp_emit_opts;

/* Emit `ast` (the main program), resolved by rs_resolve into `rs` (its
 * require_relative'd files are part of the resolution) and analysed by
 * ty_analyse_program into `ty`, as one C translation unit to `out`.  On a
 * compile-time error prints `file:line:col: error: ...` and returns 1. */
int sp_emit_program(sp_ast *ast, const rs_result *rs, const ty_result *ty, FILE *out,
                    const sp_emit_opts *opts);

#endif

/*
 * ceval.h — eval of compile-time constant strings, and constructs compiled
 * to a run-time NotImplementedError (ceval.c).
 */
#ifndef SPINEL_CEVAL_H
#define SPINEL_CEVAL_H

#include "ast.h"
#include "resolve.h"

/* resolve.c: this file's records for one compilation, made at the start
 * of the resolve pass and freed at the end of the compilation. */
void ce_begin(void);
void ce_end(void);

/* resolve.c: n is an eval/instance_eval/class_eval/module_eval of a
 * constant string: parse it and walk the code in s.  1 if handled. */
int ce_resolve_call(sp_node *n, rs_scope *s, void (*walk)(sp_node *, rs_scope *, int));

/* resolve.c: a class definition was walked (`class SpecEvaluate`: the
 * MSpec runner, whose `evaluate` of a literal is compiled in place). */
void ce_note_class(const sp_node *n);
/* `x = ERB.new(...)`: remembered for `x.result(binding)` (resolve.c, N_LASGN). */
void ce_note_lasgn(const sp_node *n, rs_scope *s);

struct fnctx;
/* emit_expr.c: the code for such a call, or NULL (an ordinary call). */
const char *ce_emit_call(struct fnctx *f, sp_node *n);
/* emit.c (cerror): while an eval's code is emitted, its errors become the
 * eval's run-time SyntaxError; 1 if msg was captured. */
int ce_capture_error(const sp_node *n, const char *msg);
/* A construct Spinel cannot compile: warning (error under --strict) and a
 * NotImplementedError where it runs.  Returns the expression value. */
const char *emit_unsupported(struct fnctx *f, const sp_node *n, const char *what);

/* `binding` (no arguments): a Binding of the caller's self and visible
 * locals (resolve.c made them live in envs; sp_binding.c); its
 * source_location is n's line in `file` (NULL: the function's file). */
const char *emit_binding(struct fnctx *f, const sp_node *n, const char *file);

/* The def or block was marked by `ruby2_keywords` (a literal call): its
 * *rest keeps a keywords hash flagged so a later splat passes keywords. */
int ce_r2k(const sp_node *def_or_block);
/* n calls a name `alias_method`ed to block_given? (ostruct's block_given!). */
int ce_block_given_alias(const sp_node *n);

/* eval/instance_eval of a run-time string: warning, and a run-time call
 * that reads an instance variable name or raises NotImplementedError. */
const char *emit_dyn_eval(struct fnctx *f, sp_node *n, const char *what);

#endif

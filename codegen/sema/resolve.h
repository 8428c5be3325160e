/*
 * resolve.h — scope and closure analysis (resolve.c), run before emission.
 *
 * Every method body, class/module body, file body, block and lambda gets an
 * rs_scope; a `for` body gets a "transparent" scope (compiled as a block
 * function, but its variables are declared in the enclosing scope).  Each
 * scope compiles to one C function.
 *
 * A local referenced from a scope other than the one that declares it is
 * "captured": it lives in the declaring scope's heap env (an sp_value array
 * whose slot 0 links to the parent env), not in a C local.  Scopes without
 * captured locals have no env at all.
 *
 * require_relative of a literal path is inlined: the file is parsed once
 * and becomes an SC_FILE scope; the call node maps to it (rs_required()).
 */
#ifndef SPINEL_RESOLVE_H
#define SPINEL_RESOLVE_H

#include "ast.h"

enum rs_scope_kind { SC_TOP, SC_FILE, SC_DEF, SC_CLASS, SC_BLOCK, SC_LAMBDA, SC_FOR };

typedef struct rs_var {
    const char *name;
    int captured;      /* lives in the env */
    int slot;          /* env slot (>= 1) when captured */
    int param;         /* declared as a parameter */
} rs_var;

typedef struct rs_scope {
    int kind;
    int id;                    /* unique number (C names) */
    sp_node *node;             /* the def/class/block/lambda/for node or file root */
    struct rs_scope *parent;   /* lexically enclosing scope (NULL for top) */
    rs_var *vars;
    int nvars, cap;
    int nenv;                  /* captured slots (env has nenv+1 slots) */
    int has_jmp;               /* body needs setjmp (rescue/ensure/break target/return target) */
    int block_return;          /* a nested proc does `return` (method needs a target) */
    int has_super_in_block;
    int has_break;             /* block: contains a `break` for its call */
    const char *file;          /* source path for this scope */
    sp_ast *ast;               /* file's AST */
} rs_scope;

/* What a require/require_relative/load call compiles to (loadpath.c). */
enum { RQ_FILE,       /* a Ruby file compiled into the program */
       RQ_NATIVE,     /* provided by the runtime (lib/sp_features.h) */
       RQ_MISSING,    /* not found: LoadError where the call runs */
       RQ_DYNAMIC };  /* argument known only at run time */

typedef struct rs_required {
    sp_node *call;        /* the require/require_relative/load call */
    rs_scope *scope;      /* SC_FILE scope, or NULL if the file was compiled for an earlier call */
    sp_ast *ast;
    int kind;             /* RQ_* */
    const char *path;     /* RQ_FILE: real path; RQ_MISSING: the name in the LoadError */
    struct rs_required *primary;  /* RQ_FILE: the call whose scope is the file's */
} rs_required;

/* A while/until loop and the scope its code runs in (the analysis pass,
 * typed.c, reads these). */
typedef struct rs_loop { sp_node *n; rs_scope *sc; } rs_loop;

typedef struct rs_result {
    rs_scope *top;
    rs_loop *loops; int nloops;   /* every loop of the program, in source order
                                     (required files where they are required) */
    int nerrors;
    int toplevel_binding;         /* the program names TOPLEVEL_BINDING */
} rs_result;

struct lp_state;
/* Resolve the program, finding required files through lp (loadpath.h).
 * Returns 0 on success; on error prints `file:line:col: error: ...` and
 * returns 1. */
int rs_resolve(sp_ast *ast, struct lp_state *lp, rs_result *out);
/* The end of the compilation: frees what rs_resolve kept for the later
 * passes (rs_scope_of, rs_required_of, ... must not be called after). */
void rs_release(rs_result *r);

rs_scope *rs_scope_of(const sp_node *n);        /* scope created by n, or NULL */
rs_required *rs_required_of(const sp_node *n);  /* for require_relative calls */
rs_var *rs_find_local(rs_scope *s, const char *name); /* in s only */
/* Look `name` up from s outward (through blocks/for; stops at hard
 * scopes).  Sets *owner.  NULL if not a local. */
rs_var *rs_lookup(rs_scope *s, const char *name, rs_scope **owner);
/* The hidden local (of the method) holding a flip-flop's state. */
const char *rs_flipflop_var(const sp_node *flipflop);
/* The def/class/top/file scope a block belongs to. */
rs_scope *rs_home(rs_scope *s);
/* Whether the scope kind is a closure (block, lambda, for). */
static inline int rs_is_block(const rs_scope *s)
{
    return s->kind == SC_BLOCK || s->kind == SC_LAMBDA || s->kind == SC_FOR;
}
/* Whether local v of s is one a Binding lists (not a hidden local, not a
 * block's `it`). */
int rs_binding_visible(const rs_scope *s, const rs_var *v);
/* True if this scope or any it can see up to its home owns an env. */
int rs_env_hops(rs_scope *from, rs_scope *owner);

/* Named groups of a static regexp literal: the count, the names in *names
 * (a malloc'd array of malloc'd names). */
int rs_named_captures(const sp_node *re, char ***names);
/* Report a compile-time error at n (in `file`). */
void rs_error(const char *file, const sp_node *n, const char *fmt, ...);
/* The source line `line` of `file` (a registered source) and a caret under
 * column col, on stderr: what follows an error or warning's first line. */
void rs_print_caret(const char *file, int line, int col);
void rs_register_src(const char *path, const char *src);  /* for carets in diagnostics */
const char *rs_source_of(const char *path);   /* registered source text or NULL */  /* source text for the caret line (may be NULL) */

#endif

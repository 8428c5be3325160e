/*
 * emit_int.h — internals shared by the emitter files (emit.c: program,
 * functions, parameters; emit_expr.c: expressions and calls; emit_ctl.c:
 * control flow, exceptions, pattern matching).
 *
 * Expression emission returns a C expression (a temp name, a literal such
 * as SP_NIL/SP_FIX(3), or `self`) whose evaluation has no side effects;
 * the statements computing it have been appended to the current function
 * body.  All temps and locals are declared at the function's top (volatile
 * when the function uses setjmp), so gotos never skip an initialiser.
 */
#ifndef SPINEL_EMIT_INT_H
#define SPINEL_EMIT_INT_H

#include <stdarg.h>
#include <stdio.h>
#include "ast.h"
#include "resolve.h"

typedef struct buf { char *p; size_t n, cap; } buf;
void bputf(buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void bputs(buf *b, const char *s);
void bput_cstr(buf *b, const char *s, size_t len);   /* C string literal */
/* one line of C: indent levels of 4 spaces, the formatted text, newline */
void bput_line(buf *b, int indent, const char *fmt, va_list ap);
char *S(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

enum { RG_RESCUE, RG_ENSURE, RG_TARGET, RG_ERRINFO /* in a rescue clause: h = its SP_H_ERRINFO marker, aux = temp with the old $! */,
       RG_UNLOCK /* inlined Mutex#synchronize: h = handler, aux = the mutex */ };
typedef struct region { int kind; const char *h; sp_node *ensure; const char *aux; } region;

enum { LP_WHILE, LP_BLOCK, LP_INLINE /* inlined block: break -> brk_, next -> next_ */ };
typedef struct loopctx { int kind; int id; int reg_depth; const char *res; int brk_depth; const char *brk_res; } loopctx;
/* a begin/rescue that `retry` jumps to: label id, region depth, and the
 * temp holding $! from before the begin */
typedef struct retryctx { int id; int reg_depth; const char *err; } retryctx;

typedef struct fnctx {
    rs_scope *sc;
    struct fnctx *outer;
    buf body;
    int ntemp;
    int vol;                /* setjmp in this function: volatile temps/locals */
    int indent;
    /* the stacks of nested regions, loops and `retry` targets grow with
     * the nesting (reg_push, loop_push, retry_push) */
    region *reg; int nreg, capreg;
    loopctx *loops; int nloops, caploops;
    retryctx *retry; int nretry, capretry;
    int cur_line;
    int defvis;             /* class body: default visibility for defs */
    int modfunc;
    const char *label;      /* backtrace label */
    const char *clspath;    /* lexical class path ("Foo::Bar") or NULL */
    const char *file;
    int kind;               /* scope kind */
    int nlabel;
    int sclass;             /* body of `class << self` */
    sp_node *params;        /* N_PARAMS of a def/block (srcinfo params) */
    const char *pat_key;    /* case/in: temp recording a missing hash key */
    int lm;                 /* method keeps its own $~ (SP_SI_LM) */
    int argerr;             /* spg_si<N>a (argument-error label) is used */
    int sing;               /* self is a class/module (singleton defs, class bodies) */
    const char *frvar;      /* frame whose .line set_line updates (NULL: fr) */
    int dynid;              /* >0: 1 + scope id of the def (this one or the
                               one a block is in) whose label backtraces
                               compute at run time (SP_SI_DYNLABEL) */
    int ec_param;           /* ec is a parameter of the C function (SP_VM_ENTER_EC) */
    const char *precheck;   /* emitted before the frame push (emit.c, leaf_precheck) */
    struct tyreg *ty;       /* the typed loop (typed_loop.c) being emitted in this
                               function: the generic copy shares its cache slots */
    int kwpre;              /* def compiled as spg_mNk: keyword slots in kwpre (kw_fast_def) */
    rs_scope *inl_host;     /* emitting an inlined block's body (inline_each.c):
                               the scope of the C function it is emitted in
                               (f->sc is the block's scope), else NULL */
    int ty_generic;         /* emitting ty's generic copy: statements, loop
                               conditions and back-edges get bailout labels */
} fnctx;

/* emit.c */
int  sym_id(const char *name, size_t len);          /* index into spg_id/spg_sym */
static inline int sym_idc(const char *name) { int i; for (i = 0; name[i]; i++); return sym_id(name, (size_t)i); }
int  callsite(const char *name, int flags, int line, int col, int end_col);
int  ccache_new(void);
int  ivcache_new(void);
int  attr_declared(const char *name);    /* "x" / "x=" declared by attr_* in the program */
const struct ty_result *program_typed(void);   /* the analysis pass's facts (sema/typed.h) */
void site_note(const char *name, int line, int col, int end_col);
void site_args(sp_nodes *args);          /* argument span for the next callsite() */
void site_locals(rs_scope *sc);          /* locals (did_you_mean) for the next callsite() */
void E(fnctx *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
region *reg_push(fnctx *f);             /* f->reg[f->nreg++], zeroed */
loopctx *loop_push(fnctx *f);           /* f->loops[f->nloops++], zeroed */
void retry_push(fnctx *f, int id, const char *err);  /* a `retry` target at f->nreg */
const char *tmp(fnctx *f);
int  newlabel(fnctx *f);
void set_line(fnctx *f, int line);
const char *cref_of(fnctx *f);          /* "&spg_cref_N" */
const char *var_ref(fnctx *f, const char *name);   /* lvalue for a local */
const char *self_of(fnctx *f);
const char *blk_of(fnctx *f);           /* the method's block */
const char *emit_block_fn(fnctx *f, sp_node *blk);   /* C name of the block fn */
const char *emit_proc(fnctx *f, sp_node *blk, int lambda);  /* temp holding a new Proc */
const char *lit_static(const char *init_expr);
int decl_next(void);                                 /* a number for a static's name */
void decl_static(const char *text);                  /* a static declaration */       /* static value filled at init */
const char *emit_def(fnctx *f, sp_node *n);
const char *emit_class(fnctx *f, sp_node *n);
const char *emit_file_body(fnctx *f, rs_required *r);
const char *emit_file_fn(fnctx *f, rs_required *r);   /* C name of the file's body function */
void unwind_to(fnctx *f, int depth);
const char *leave_code(fnctx *f);       /* pop the frame (and restore $~) */     /* pop handlers (running ensures) */
void cerror(fnctx *f, const sp_node *n, const char *fmt, ...);
int defer_unsupported(void);                    /* SPINEL_DEFER_UNSUPPORTED=1 */
const char *lit_lazy(const char *init_expr);    /* static computed at first use */
const char *home_of(fnctx *f);
const char *def_name_of(fnctx *f);       /* enclosing method name or NULL */
const char *definee_of(fnctx *f);        /* class a def/alias/undef in f defines on */
const char *def_fn_of(fnctx *f);         /* enclosing def's C function */
sp_node *def_node_of(fnctx *f);
const char *direct_target(fnctx *f, const char *name, int self_call);  /* spg_mN or NULL */
const char *direct_target_pos(fnctx *f, const char *name, int self_call, int nargs);  /* spg_mNp or NULL */
int positional_arity(const sp_node *def);   /* params of spg_mNp, -1: none */
int kw_fast_def(const sp_node *def);        /* keyword params of spg_mNk, 0: none */
int kw_slot(const sp_node *def, const char *name);   /* keyword's slot in spg_mNk, -1: none */
const char *init_target(const char *cname, sp_node **def);   /* initialize of class cname: spg_mN or NULL */
const char *direct_target_kw(fnctx *f, const char *name, int self_call, sp_node **def);  /* spg_mNk or NULL */

/* emit_expr.c */
const char *ex(fnctx *f, sp_node *n);
void stmt(fnctx *f, sp_node *n);
void emit_assign(fnctx *f, sp_node *target, const char *val);
const char *emit_call(fnctx *f, sp_node *n);
void guarded(fnctx *f, const char *res, const char *call, const char *blk, int brk);  /* res = call, a break target when brk */
const char *emit_masgn_value(fnctx *f, sp_node **targets, int n, const char *val);
const char *emit_args_ary(fnctx *f, sp_nodes *args, const char **kw);

/* emit_load.c */
const char *emit_load_call(fnctx *f, sp_node *n);   /* require/require_relative/load, NULL: ordinary call */
struct lp_state;
void emit_load_init(FILE *out, sp_ast *main, struct lp_state *lp);       /* sp_load_init call in spg_init */

/* emit_ctl.c */
const char *emit_if(fnctx *f, sp_node *n);
/* `lv = <value of n>;` as the statements of a C block opened by the
 * caller: one indent level deeper, the line set again (entered by a jump) */
void emit_branch(fnctx *f, const char *lv, sp_node *n);
int uses_bmethod(const sp_node *n);        /* block body uses super/__method__/def/alias/undef */
const char *emit_while(fnctx *f, sp_node *n);
const char *emit_begin(fnctx *f, sp_node *n);
const char *emit_case(fnctx *f, sp_node *n);
const char *emit_case_in(fnctx *f, sp_node *n);
const char *emit_return(fnctx *f, sp_node *n);
const char *emit_break(fnctx *f, sp_node *n);
const char *emit_next(fnctx *f, sp_node *n);
const char *emit_redo(fnctx *f, sp_node *n);
const char *emit_retry(fnctx *f, sp_node *n);
const char *emit_defined(fnctx *f, sp_node *n);
const char *emit_and_or(fnctx *f, sp_node *n);
const char *emit_flipflop(fnctx *f, sp_node *n);

const char *c_double(double d);   /* emit.c: a double as C source (inf too) */
int program_defines_eval(void);   /* emit.c: the program defines `eval` */
int program_defines_local_variables(void);   /* ... `local_variables` */
int program_defines_binding(void);   /* ... `binding` */
void emit_count_error(void);     /* emit.c: an error already reported (e.g. --strict) fails the pass */
struct lp_state *emit_lp(void);  /* emit.c: the compilation's load path and --strict */

/* emit_expr.c's part of the emit pass's state (a field of emit_state,
 * given by emit_ex()): the stack of assignment targets evaluated before
 * their value (preval, emit_expr.c) and the END { } statements numbered
 * so far (spg_endN). */
typedef struct emit_expr_state {
    struct preval *pre; int npre, cappre;
    int nend;
} emit_expr_state;
emit_expr_state *emit_ex(void);  /* emit.c */

#endif

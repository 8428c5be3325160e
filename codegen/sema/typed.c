/*
 * typed.c — the analysis pass: which loops are typed loops, and their
 * facts (typed.h).  Design: doc/codegen.md, "Typed optimisations"; the
 * emission of a typed loop from these facts is emit/typed_loop.c.
 *
 * Region.  The driver runs this pass after resolve, over every while/until
 * loop resolve recorded (modifier and begin..end while forms too), each in
 * the scope its code runs in.  A loop whose condition and body use only
 *   statements:  v = e, v op= e (op + - * / %), if/unless/?:, nested
 *                while/until, break/next (without a value), redo, nil,
 *                plain begin..end;
 *   numbers e:   Integer literals (fixnum range), Float literals, locals,
 *                e + e, e - e, e * e, e / e, e % e (Integer only), -e;
 *   conditions:  e < e, <=, >, >=, ==, != (Integer or Float on either
 *                side), &&, ||, !, not, true/false/nil
 * (and boxed statements, below) is a region, provided every local it
 * assigns is a plain C local of the function (not captured by a block:
 * those live in cenv).  No call is made in its typed statements, so
 * nothing but another thread can change a local, redefine an operator or
 * raise there.  The emitter types only the outermost such loop (a loop
 * inside one is part of its region); every loop is analysed here.
 *
 * Inference (flow-insensitive, optimistic fixpoint).  Every local gets one
 * type for the whole region: Int (int64_t holding a fixnum), Float
 * (double) or, for a local the region only reads and only combines with
 * Floats, Num (a double made from either an Integer of magnitude <= 2**53
 * or a Float: both give the same results in those operations).  The type
 * of a local assigned in the region is the join of the types of its
 * assignments; operands not yet known count as the other operand's type
 * (`x += 1` makes x an Int), a local only read takes the type of what it
 * is compared or combined with (`i < n` with i an Int makes n an Int).
 * Int joined with Float, Float#%, or anything not listed above: no region.
 *
 * Live-in locals.  A local read in the region before any assignment to it
 * in the same iteration (walking the body in order; both branches of an
 * if must assign; a nested loop's body may not run) is live-in: the guard
 * checks its value.  The others are assigned before use in every
 * iteration; their typed copy starts undefined, and an "assigned" flag
 * says whether the generic variable must be updated when leaving.
 *
 * Attributes.  `recv.x` (x declared by attr_*, recv a local or self) is a
 * typed Float source, `recv.x op= e` (+ - * /) and `recv.x = e` are typed
 * statements, Math.sqrt(e) a typed Float; the receiver local stays boxed.
 * Attribute reads in loop/if conditions stay boxed, and when Float
 * attributes make the types fail the loop is analysed again without them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "typed.h"

/* ---------------------------------------------------------------- */
/* the program's attr_* names                                         */

static void attr_add(ty_result *ty, const char *name)
{
    if (ty_attr_declared(ty, name)) return;
    if (ty->nattrs == ty->capattrs) {
        ty->capattrs = ty->capattrs ? ty->capattrs * 2 : 32;
        ty->attrs = realloc(ty->attrs, (size_t)ty->capattrs * sizeof *ty->attrs);
    }
    ty->attrs[ty->nattrs++] = name;
}

int ty_attr_declared(const ty_result *ty, const char *name)
{
    for (int i = 0; i < ty->nattrs; i++) if (!strcmp(ty->attrs[i], name)) return 1;
    return 0;
}

/* "x=" declared, for the reader name x */
static int writer_declared(const ty_result *ty, const char *name)
{
    size_t l = strlen(name);
    for (int i = 0; i < ty->nattrs; i++)
        if (!strncmp(ty->attrs[i], name, l) && ty->attrs[i][l] == '=' && !ty->attrs[i][l + 1]) return 1;
    return 0;
}

static char *cat_eq(const char *nm)
{
    size_t l = strlen(nm);
    char *s = malloc(l + 2);
    memcpy(s, nm, l);
    s[l] = '=';
    s[l + 1] = 0;
    return s;
}

/* attr_reader/attr_writer/attr_accessor/attr with literal names */
static void collect_attrs(ty_result *ty, const sp_node *n)
{
    if (!n->name) return;
    /* Struct.new(:a, :b) / Data.define(:a, :b): member readers (and
     * Struct's writers) take the attribute records too (sp_vm.h) */
    if (n->a && n->a->kind == N_CONST && !n->a->a && n->a->name &&
        ((!strcmp(n->a->name, "Struct") && !strcmp(n->name, "new")) ||
         (!strcmp(n->a->name, "Data") && !strcmp(n->name, "define")))) {
        int wr = n->a->name[0] == 'S';
        for (int i = 0; i < n->list.n; i++) {
            sp_node *a = n->list.v[i];
            if (a->kind != N_SYM || !a->name) continue;
            attr_add(ty, a->name);
            if (wr) attr_add(ty, cat_eq(a->name));
        }
        return;
    }
    int rd = !strcmp(n->name, "attr_reader") || !strcmp(n->name, "attr_accessor") || !strcmp(n->name, "attr");
    int wr = !strcmp(n->name, "attr_writer") || !strcmp(n->name, "attr_accessor");
    if (!rd && !wr) return;
    for (int i = 0; i < n->list.n; i++) {
        sp_node *a = n->list.v[i];
        const char *nm = a->kind == N_SYM ? a->name : a->kind == N_STR && a->str ? strndup(a->str, a->len) : NULL;
        if (!nm) continue;
        if (rd) attr_add(ty, nm);
        if (wr) attr_add(ty, cat_eq(nm));
    }
}

/* the whole program: the tree and every file compiled in by a require */
static void attrs_walk(ty_result *ty, const sp_node *n)
{
    if (!n) return;
    if (n->kind == N_CALL) {
        rs_required *r = rs_required_of(n);
        if (r && r->scope && r->ast) attrs_walk(ty, r->ast->root);
        collect_attrs(ty, n);
    }
    attrs_walk(ty, n->a); attrs_walk(ty, n->b); attrs_walk(ty, n->c);
    attrs_walk(ty, n->d); attrs_walk(ty, n->body);
    for (int i = 0; i < n->list.n; i++) attrs_walk(ty, n->list.v[i]);
    for (int i = 0; i < n->list2.n; i++) attrs_walk(ty, n->list2.v[i]);
}

/* ---------------------------------------------------------------- */
/* syntax: which loops qualify                                        */

static int is_op(const sp_node *n, int nargs)
{
    return n->kind == N_CALL && n->a && !n->b && n->list.n == nargs && n->name &&
           !(n->flags & (NF_SAFE_NAV | NF_ATTRASGN));
}

int ty_bit_name(const char *s)
{
    return !strcmp(s, "&") || !strcmp(s, "|") || !strcmp(s, "^") || !strcmp(s, "<<") || !strcmp(s, ">>");
}

static int arith_name(const char *s)
{
    return !strcmp(s, "+") || !strcmp(s, "-") || !strcmp(s, "*") || !strcmp(s, "/") || !strcmp(s, "%") ||
           ty_bit_name(s);
}

static int cmp_name(const char *s)
{
    return !strcmp(s, "<") || !strcmp(s, "<=") || !strcmp(s, ">") || !strcmp(s, ">=") ||
           !strcmp(s, "==") || !strcmp(s, "!=");
}

static int is_arith(const sp_node *n) { return is_op(n, 1) && arith_name(n->name); }
int ty_is_neg(const sp_node *n) { return is_op(n, 0) && !strcmp(n->name, "-@"); }
static int is_cmp(const sp_node *n) { return is_op(n, 1) && cmp_name(n->name); }
int ty_is_not(const sp_node *n) { return is_op(n, 0) && !strcmp(n->name, "!"); }

/* recv.x, x declared by attr_* (a reader), recv a local or self */
int ty_is_attr_get(const ty_facts *R, const sp_node *n)
{
    if (!R->attrs || n->kind != N_CALL || !n->a || n->b || n->list.n != 0 ||
        (n->flags & (NF_SAFE_NAV | NF_ATTRASGN)) || !n->name)
        return 0;
    if (n->a->kind != N_LVAR && n->a->kind != N_SELF) return 0;
    size_t l = strlen(n->name);
    return l && n->name[l - 1] != '=' && ty_attr_declared(R->prog, n->name);
}

/* the target of `recv.x op= v`: x declared as reader and writer */
int ty_is_attr_target(const ty_facts *R, const sp_node *t)
{
    if (!R->attrs || t->kind != N_CALL || !t->a || t->b || t->list.n != 0 || (t->flags & NF_SAFE_NAV) || !t->name)
        return 0;
    if (t->a->kind != N_LVAR && t->a->kind != N_SELF) return 0;
    size_t l = strlen(t->name);
    return l && t->name[l - 1] != '=' && ty_attr_declared(R->prog, t->name) && writer_declared(R->prog, t->name);
}

/* recv.x = v, x= declared by attr_* */
int ty_is_attr_set(const ty_facts *R, const sp_node *n)
{
    if (!R->attrs || n->kind != N_CALL || !n->a || n->b || n->list.n != 1 || !(n->flags & NF_ATTRASGN) ||
        (n->flags & NF_SAFE_NAV) || !n->name)
        return 0;
    if (n->a->kind != N_LVAR && n->a->kind != N_SELF) return 0;
    size_t l = strlen(n->name);
    return l > 1 && n->name[l - 1] == '=' && ty_attr_declared(R->prog, n->name) && n->list.v[0]->kind != N_SPLAT;
}

/* Math.sqrt(x) */
int ty_is_sqrt(const ty_facts *R, const sp_node *n)
{
    if (!R->attrs || n->kind != N_CALL || !n->a || n->b || n->list.n != 1 ||
        (n->flags & (NF_SAFE_NAV | NF_ATTRASGN)) || !n->name || strcmp(n->name, "sqrt"))
        return 0;
    const sp_node *m = n->a;
    return m->kind == N_CONST && !m->a && !(m->flags & NF_TOPLEVEL) && m->name && !strcmp(m->name, "Math");
}

static int fl_opname(const char *s)
{
    return !strcmp(s, "+") || !strcmp(s, "-") || !strcmp(s, "*") || !strcmp(s, "/");
}

/* an attribute receiver: self, or a local that stays boxed */
static int add_obj(ty_facts *R, const sp_node *recv)
{
    if (recv->kind == N_SELF || R->dry) return 1;
    for (int i = 0; i < R->nobj; i++) if (!strcmp(R->obj[i], recv->name)) return 1;
    if (R->nobj == TY_MAXV) return 0;
    R->obj[R->nobj++] = recv->name;
    return 1;
}

tyvar *ty_find_var(ty_facts *R, const char *name)
{
    for (int i = 0; i < R->nv; i++) if (!strcmp(R->v[i].name, name)) return &R->v[i];
    return NULL;
}

/* Record local name (assigned: written in the loop); 0 when it cannot be
 * typed.  A dry run (R->dry) only checks and records nothing. */
static int add_var(ty_facts *R, const char *name, int assigned)
{
    if (R->dry) return 1;
    tyvar *v = ty_find_var(R, name);
    if (!v) {
        rs_scope *owner;
        rs_var *rv = rs_lookup(R->sc, name, &owner);
        if (R->nv == TY_MAXV) { R->ok = 0; return 0; }
        v = &R->v[R->nv++];
        memset(v, 0, sizeof *v);
        v->name = name;
        v->captured = rv && rv->captured;   /* in an env (cenv), not a C local */
    }
    if (assigned) v->assigned = 1;
    if (v->captured && v->assigned) { R->ok = 0; return 0; }   /* a block may see it: stays boxed */
    return 1;
}

static int q_cond(ty_facts *R, sp_node *n);

static int q_num(ty_facts *R, sp_node *n)
{
    switch (n->kind) {
    case N_INT:
        return !(n->flags & NF_BIGNUM) && n->ival >= -(1LL << 62) && n->ival < (1LL << 62);
    case N_FLOAT: return 1;
    case N_LVAR: return add_var(R, n->name, 0);
    case N_CALL:
        if (is_arith(n)) return q_num(R, n->a) && q_num(R, n->list.v[0]);
        if (ty_is_neg(n)) return q_num(R, n->a);
        if (ty_is_attr_get(R, n)) return add_obj(R, n->a);
        if (ty_is_sqrt(R, n)) return q_num(R, n->list.v[0]);
        return 0;
    case N_IF:      /* c ? x : y */
        return n->b && n->c && q_cond(R, n->a) && q_num(R, n->b) && q_num(R, n->c);
    default: return 0;
    }
}

static int q_cond(ty_facts *R, sp_node *n)
{
    switch (n->kind) {
    case N_TRUE: case N_FALSE: case N_NIL: return 1;
    case N_AND: case N_OR: return q_cond(R, n->a) && q_cond(R, n->b);
    case N_NOT: return q_cond(R, n->a);
    case N_CALL:
        if (is_cmp(n)) return q_num(R, n->a) && q_num(R, n->list.v[0]);
        if (ty_is_not(n)) return q_cond(R, n->a);
        return 0;
    default: return 0;
    }
}

/* ---- boxed statements ----
 * A statement (or an if/while condition) that is not typed arithmetic but
 * assigns no local except, at its top, one `v = e` / `v op= e`, and holds
 * no block, definition, loop, jump or handler, runs in the typed copy as
 * generic code: the typed locals it reads are boxed into their generic
 * variables first (all typed locals when a rescue/ensure of this function
 * encloses the loop, so the handler sees them), then the ordinary
 * emitter's code runs (fr.line, caches, exceptions as usual).  After it, a
 * typed v is unboxed when it holds its type; when it does not, or the
 * call redefined an operator, the typed copy hands over to the generic
 * copy at the statement that follows. */
static int boxable(const sp_node *n, int top)
{
    if (!n) return 1;
    switch (n->kind) {
    case N_LASGN: if (!top) return 0; break;
    case N_OP_ASGN: if (!top && n->a && n->a->kind == N_LVAR) return 0; break;
    case N_MASGN: case N_MLHS: case N_BLOCK: case N_LAMBDA: case N_DEF: case N_CLASS: case N_MODULE:
    case N_SCLASS: case N_BEGIN: case N_WHILE: case N_FOR: case N_CASE_IN: case N_BREAK: case N_NEXT:
    case N_REDO: case N_RETRY: case N_RETURN: case N_ZSUPER: case N_BEGIN_BLOCK: case N_END_BLOCK:
    case N_DATA: case N_FLIPFLOP: case N_ALIAS: case N_UNDEF: case N_FWD_ARGS:
        return 0;
    case N_CALL:
        if (n->name && !strcmp(n->name, "=~") && n->a && n->a->kind == N_REGEX) return 0;   /* named captures */
        if (n->name && (!strcmp(n->name, "binding") || !strcmp(n->name, "eval"))) return 0;
        break;
    default: break;
    }
    if (!boxable(n->a, 0) || !boxable(n->b, 0) || !boxable(n->c, 0) || !boxable(n->d, 0) || !boxable(n->body, 0))
        return 0;
    for (int i = 0; i < n->list.n; i++) if (!boxable(n->list.v[i], 0)) return 0;
    for (int i = 0; i < n->list2.n; i++) if (!boxable(n->list2.v[i], 0)) return 0;
    return 1;
}

int ty_is_boxed(const ty_facts *R, const sp_node *n)
{
    for (int i = 0; i < R->nboxed; i++) if (R->boxed[i] == n) return 1;
    return 0;
}

static int mark_boxed(ty_facts *R, sp_node *n)
{
    if (R->nboxed == TY_MAXL) return 0;
    R->boxed[R->nboxed++] = n;
    const char *t = n->kind == N_LASGN ? n->name :
                    (n->kind == N_OP_ASGN && n->a->kind == N_LVAR) ? n->a->name : NULL;
    if (t) {
        if (R->nbt == TY_MAXV) return 0;
        R->btarget[R->nbt++] = t;
    }
    return 1;
}

/* typed if it can be, else boxed */
static int q_cond_or_box(ty_facts *R, sp_node *n)
{
    /* attribute reads in a loop/if condition stay boxed: `i < obj.count`
     * with an Integer attribute would bail out at every iteration */
    int attrs = R->attrs;
    R->attrs = 0;
    R->dry = 1;
    int ok = q_cond(R, n);
    R->dry = 0;
    if (ok) ok = q_cond(R, n);
    else ok = boxable(n, 0) && mark_boxed(R, n);
    R->attrs = attrs;
    return ok;
}

/* e is a tree the generic copy fuses (emit_expr.c fl_tree: Float
 * literals, locals, attribute reads, Math.sqrt, + - * /), so that its
 * `recv.x op= e` publishes the read/write record the typed copy uses
 * (otherwise the typed statement would bail out every time). */
static int fl_like(const ty_facts *R, const sp_node *n, int *leaves)
{
    if (n->kind == N_FLOAT || n->kind == N_LVAR || ty_is_attr_get(R, n)) return ++*leaves <= 15;
    if (ty_is_sqrt(R, n)) return fl_like(R, n->list.v[0], leaves);
    return is_arith(n) && fl_opname(n->name) && fl_like(R, n->a, leaves) && fl_like(R, n->list.v[0], leaves);
}

/* v = e, v op= e, recv.x op= e, recv.x = e with e typed */
static int q_typed_stmt(ty_facts *R, sp_node *n)
{
    if (n->kind == N_LASGN) return n->a && add_var(R, n->name, 1) && q_num(R, n->a);
    if (n->kind == N_OP_ASGN) {
        if (!n->a || !n->name || !n->b) return 0;
        if (n->a->kind == N_LVAR) return arith_name(n->name) && add_var(R, n->a->name, 1) && q_num(R, n->b);
        return ty_is_attr_target(R, n->a) && fl_opname(n->name) && fl_like(R, n->b, &(int){0}) && q_num(R, n->b) &&
               add_obj(R, n->a->a);
    }
    return ty_is_attr_set(R, n) && q_num(R, n->list.v[0]) && add_obj(R, n->a);
}

static int q_num_stmt(ty_facts *R, sp_node *n)
{
    R->dry = 1;
    int ok = q_typed_stmt(R, n);
    R->dry = 0;
    if (ok) {
        R->ntyped++;
        return q_typed_stmt(R, n);
    }
    return boxable(n, 1) && mark_boxed(R, n);
}

static int q_stmt(ty_facts *R, sp_node *n)
{
    if (!n) return 1;
    switch (n->kind) {
    case N_STMTS:
        for (int i = 0; i < n->list.n; i++) if (!q_stmt(R, n->list.v[i])) return 0;
        return 1;
    case N_BEGIN: return n->list.n == 0 && !n->c && !n->d && q_stmt(R, n->body);
    case N_NIL: return 1;
    case N_LASGN: case N_OP_ASGN: return q_num_stmt(R, n);
    case N_CALL: if (ty_is_attr_set(R, n)) return q_num_stmt(R, n); return boxable(n, 1) && mark_boxed(R, n);
    case N_IF:
        if (!q_cond_or_box(R, n->a)) return 0;
        return q_stmt(R, n->b) && q_stmt(R, n->c);
    case N_WHILE: return q_cond_or_box(R, n->a) && q_stmt(R, n->body);
    case N_BREAK: case N_NEXT: return n->a == NULL;
    case N_REDO: return 1;
    default: return boxable(n, 1) && mark_boxed(R, n);
    }
}

/* ---------------------------------------------------------------- */
/* inference                                                          */

static void hint(ty_facts *R, sp_node *n, int t)
{
    if (n->kind != N_LVAR || (t != TY_INT && t != TY_FLT)) return;
    tyvar *v = ty_find_var(R, n->name);
    if (v && v->t == TY_BOT) { if (t == TY_INT) v->hint_int = 1; else v->hint_flt = 1; }
}

static int ty_arith(const char *op, int a, int b)
{
    if (a == TY_NUM) a = TY_FLT;
    if (b == TY_NUM) b = TY_FLT;
    if (a == TY_DYN || b == TY_DYN) return TY_DYN;
    if (a == TY_BOT) a = b;
    if (b == TY_BOT) b = a;
    if (a == TY_BOT) return TY_BOT;
    if (a == TY_INT && b == TY_INT) return TY_INT;
    return op[0] == '%' || ty_bit_name(op) ? TY_DYN : TY_FLT;     /* Float#% is not typed; Float has no & | ^ << >> */
}

static int ty_cond(ty_facts *R, sp_node *n);

static int ty_num(ty_facts *R, sp_node *n)
{
    switch (n->kind) {
    case N_INT: return TY_INT;
    case N_FLOAT: return TY_FLT;
    case N_LVAR: { int t = ty_find_var(R, n->name)->t; return t == TY_NUM ? TY_FLT : t; }
    case N_CALL:
        if (ty_is_neg(n)) return ty_num(R, n->a);
        if (ty_is_attr_get(R, n)) return TY_FLT;   /* guarded: a non-Float bails */
        if (ty_is_sqrt(R, n)) {
            int a = ty_num(R, n->list.v[0]);
            hint(R, n->list.v[0], TY_FLT);
            return a == TY_DYN ? TY_DYN : TY_FLT;
        }
        {
            int a = ty_num(R, n->a), b = ty_num(R, n->list.v[0]);
            hint(R, n->a, b);
            hint(R, n->list.v[0], a);
            return ty_arith(n->name, a, b);
        }
    case N_IF: {
        int c = ty_cond(R, n->a), a = ty_num(R, n->b), b = ty_num(R, n->c);
        if (!c || a == TY_DYN || b == TY_DYN) return TY_DYN;
        if (a == TY_BOT) return b;
        if (b == TY_BOT || a == b) return a;
        return TY_DYN;
    }
    default: return TY_DYN;
    }
}

/* 0: a comparison involves something untyped */
static int ty_cond(ty_facts *R, sp_node *n)
{
    switch (n->kind) {
    case N_AND: case N_OR: return ty_cond(R, n->a) & ty_cond(R, n->b);
    case N_NOT: return ty_cond(R, n->a);
    case N_CALL:
        if (ty_is_not(n)) return ty_cond(R, n->a);
        if (is_cmp(n)) {
            int a = ty_num(R, n->a), b = ty_num(R, n->list.v[0]);
            hint(R, n->a, b);
            hint(R, n->list.v[0], a);
            return a != TY_DYN && b != TY_DYN && a != TY_BOT && b != TY_BOT;
        }
        return 1;
    default: return 1;
    }
}

static int join(tyvar *v, int t)
{
    if (t == TY_BOT || v->t == t || v->t == TY_DYN) return 0;
    v->t = v->t == TY_BOT ? t : TY_DYN;
    return 1;
}

/* One pass over the region: joins assignment types; returns "changed";
 * *bad set when a condition cannot be typed (only meaningful once every
 * local has a type). */
static int infer_pass(ty_facts *R, sp_node *n, int *bad)
{
    if (!n) return 0;
    int ch = 0;
    switch (n->kind) {
    case N_STMTS:
        for (int i = 0; i < n->list.n; i++) ch |= infer_pass(R, n->list.v[i], bad);
        break;
    case N_BEGIN: ch = infer_pass(R, n->body, bad); break;
    case N_LASGN:
        if (!ty_is_boxed(R, n)) ch = join(ty_find_var(R, n->name), ty_num(R, n->a));
        break;
    case N_OP_ASGN: {
        if (ty_is_boxed(R, n)) break;
        if (n->a->kind != N_LVAR) {   /* recv.x op= e: Float op e */
            int b = ty_num(R, n->b);
            hint(R, n->b, TY_FLT);
            if (ty_arith(n->name, TY_FLT, b) != TY_FLT) *bad = 1;
            break;
        }
        tyvar *v = ty_find_var(R, n->a->name);
        int b = ty_num(R, n->b);
        hint(R, n->a, b);
        hint(R, n->b, v->t);
        ch = join(v, ty_arith(n->name, v->t, b));
        break;
    }
    case N_IF:
        if (!ty_is_boxed(R, n->a) && !ty_cond(R, n->a)) *bad = 1;
        ch = infer_pass(R, n->b, bad) | infer_pass(R, n->c, bad);
        break;
    case N_WHILE:
        if (!ty_is_boxed(R, n->a) && !ty_cond(R, n->a)) *bad = 1;
        ch = infer_pass(R, n->body, bad);
        break;
    case N_CALL:   /* recv.x = e: e an Integer or a Float */
        if (!ty_is_boxed(R, n)) {
            int b = ty_num(R, n->list.v[0]);
            if (b != TY_INT && b != TY_FLT) *bad = 1;
        }
        break;
    default: break;
    }
    return ch;
}

/* Num locals must only meet Floats: an Integer there would compute
 * Integer results in Ruby.  st_*: types with Num kept apart; *bad set on
 * a Num operand whose partner is not certainly a Float, or a Num value
 * stored into a local. */
static void st_cond(ty_facts *R, sp_node *n, int *bad);

static int st_pair(int a, int b, int *bad)
{
    if ((a == TY_NUM && b != TY_FLT) || (b == TY_NUM && a != TY_FLT)) *bad = 1;
    return a == TY_INT && b == TY_INT ? TY_INT : TY_FLT;
}

static int st_num(ty_facts *R, sp_node *n, int *bad)
{
    switch (n->kind) {
    case N_INT: return TY_INT;
    case N_FLOAT: return TY_FLT;
    case N_LVAR: return ty_find_var(R, n->name)->t;
    case N_IF: {
        st_cond(R, n->a, bad);
        int a = st_num(R, n->b, bad), b = st_num(R, n->c, bad);
        if (a == TY_NUM || b == TY_NUM) *bad = 1;
        return a;
    }
    case N_CALL:
        if (ty_is_neg(n)) return st_num(R, n->a, bad);
        if (ty_is_attr_get(R, n)) return TY_FLT;
        if (ty_is_sqrt(R, n)) { st_num(R, n->list.v[0], bad); return TY_FLT; }
        return st_pair(st_num(R, n->a, bad), st_num(R, n->list.v[0], bad), bad);
    default: *bad = 1; return TY_DYN;
    }
}

static void st_cond(ty_facts *R, sp_node *n, int *bad)
{
    switch (n->kind) {
    case N_AND: case N_OR: st_cond(R, n->a, bad); st_cond(R, n->b, bad); return;
    case N_NOT: st_cond(R, n->a, bad); return;
    case N_CALL:
        if (ty_is_not(n)) st_cond(R, n->a, bad);
        else if (is_cmp(n)) st_pair(st_num(R, n->a, bad), st_num(R, n->list.v[0], bad), bad);
        return;
    default: return;
    }
}

static void st_stmt(ty_facts *R, sp_node *n, int *bad)
{
    if (!n) return;
    switch (n->kind) {
    case N_STMTS: for (int i = 0; i < n->list.n; i++) st_stmt(R, n->list.v[i], bad); return;
    case N_BEGIN: st_stmt(R, n->body, bad); return;
    case N_LASGN: if (!ty_is_boxed(R, n) && st_num(R, n->a, bad) == TY_NUM) *bad = 1; return;
    case N_OP_ASGN:
        if (ty_is_boxed(R, n)) return;
        st_pair(n->a->kind == N_LVAR ? ty_find_var(R, n->a->name)->t : TY_FLT, st_num(R, n->b, bad), bad);
        return;
    case N_CALL:   /* recv.x = e: a Num would store a Float for an Integer */
        if (!ty_is_boxed(R, n) && st_num(R, n->list.v[0], bad) == TY_NUM) *bad = 1;
        return;
    case N_IF:
        if (!ty_is_boxed(R, n->a)) st_cond(R, n->a, bad);
        st_stmt(R, n->b, bad);
        st_stmt(R, n->c, bad);
        return;
    case N_WHILE: if (!ty_is_boxed(R, n->a)) st_cond(R, n->a, bad); st_stmt(R, n->body, bad); return;
    default: return;
    }
}

/* Predictions from outside the region: literal assignments to a region
 * local elsewhere in the same scope (`x = 0.0` before the loop).  Only a
 * starting point: the guard checks the real values. */
static void predict_walk(ty_facts *R, sp_node *n, int top)
{
    if (!n || n == R->root) return;
    if (!top && (n->kind == N_DEF || n->kind == N_CLASS || n->kind == N_MODULE || n->kind == N_SCLASS ||
                 n->kind == N_BLOCK || n->kind == N_LAMBDA))
        return;
    if (n->kind == N_LASGN && n->a) {
        tyvar *v = ty_find_var(R, n->name);
        int t = n->a->kind == N_FLOAT ? TY_FLT :
                (n->a->kind == N_INT && !(n->a->flags & NF_BIGNUM)) ? TY_INT : TY_DYN;
        if (v) { if (t == TY_INT) v->hint_int = 2; else if (t == TY_FLT) v->hint_flt = 2; }
    }
    predict_walk(R, n->a, 0); predict_walk(R, n->b, 0); predict_walk(R, n->c, 0);
    predict_walk(R, n->d, 0); predict_walk(R, n->body, 0);
    for (int i = 0; i < n->list.n; i++) predict_walk(R, n->list.v[i], 0);
    for (int i = 0; i < n->list2.n; i++) predict_walk(R, n->list2.v[i], 0);
}

static void predict(ty_facts *R)
{
    predict_walk(R, R->sc->node, 1);
    for (int i = 0; i < R->nv; i++) {
        tyvar *v = &R->v[i];
        int hi = v->hint_int, hf = v->hint_flt;
        v->hint_int = v->hint_flt = 0;
        if (hi == 2 && !hf) v->t = TY_INT;
        else if (hf == 2 && !hi) v->t = TY_FLT;
    }
}

static int infer(ty_facts *R)
{
    int bad = 0;
    predict(R);
    for (int round = 0; round < 16; round++) {
        bad = 0;
        if (infer_pass(R, R->root, &bad)) continue;
        int resolved = 0;
        for (int i = 0; i < R->nv; i++) {
            tyvar *v = &R->v[i];
            if (v->t != TY_BOT) continue;
            if (v->hint_int) v->t = TY_INT;
            else if (v->hint_flt) v->t = v->assigned ? TY_FLT : TY_NUM;
            else continue;
            resolved = 1;
        }
        if (!resolved) break;
    }
    if (bad) return 0;
    for (int i = 0; i < R->nv; i++) {
        int t = R->v[i].t;
        if (t != TY_INT && t != TY_FLT && t != TY_NUM) return 0;
    }
    if (!ty_is_boxed(R, R->root->a)) st_cond(R, R->root->a, &bad);
    st_stmt(R, R->root->body, &bad);
    return !bad;
}

/* ---------------------------------------------------------------- */
/* live-in locals                                                     */

typedef uint64_t vset;

static vset bit(ty_facts *R, const char *name)
{
    tyvar *v = ty_find_var(R, name);
    return v ? (vset)1 << (v - R->v) : 0;
}

/* reads in an expression (typed or boxed: every local in it) */
static void ue_num(ty_facts *R, sp_node *n, vset d)
{
    if (!n) return;
    if (n->kind == N_LVAR) {
        tyvar *v = ty_find_var(R, n->name);
        if (v && !(d & bit(R, n->name))) v->livein = 1;
        return;
    }
    ue_num(R, n->a, d); ue_num(R, n->b, d); ue_num(R, n->c, d); ue_num(R, n->d, d); ue_num(R, n->body, d);
    for (int i = 0; i < n->list.n; i++) ue_num(R, n->list.v[i], d);
    for (int i = 0; i < n->list2.n; i++) ue_num(R, n->list2.v[i], d);
}

/* returns the locals certainly assigned after n */
static vset ue_stmt(ty_facts *R, sp_node *n, vset d)
{
    if (!n) return d;
    switch (n->kind) {
    case N_STMTS:
        for (int i = 0; i < n->list.n; i++) d = ue_stmt(R, n->list.v[i], d);
        return d;
    case N_BEGIN: return ue_stmt(R, n->body, d);
    case N_LASGN: ue_num(R, n->a, d); return d | bit(R, n->name);
    case N_OP_ASGN:
        ue_num(R, n->a, d); ue_num(R, n->b, d);
        return n->a->kind == N_LVAR ? d | bit(R, n->a->name) : d;
    case N_IF: {
        ue_num(R, n->a, d);
        vset x = ue_stmt(R, n->b, d), y = ue_stmt(R, n->c, d);
        return x & y;
    }
    case N_WHILE:
        if (n->flags & NF_DO_WHILE) {
            vset x = ue_stmt(R, n->body, d);
            ue_num(R, n->a, x);
            return d;
        }
        ue_num(R, n->a, d);
        ue_stmt(R, n->body, d);
        return d;
    default: ue_num(R, n, d); return d;   /* boxed expression statement */
    }
}

/* ---------------------------------------------------------------- */
/* the pass                                                           */

/* The region analysis (syntax, types, live-in locals); NULL when n does
 * not qualify.  attrs: attribute reads/stores and Math.sqrt are typed
 * (Float sources and targets) rather than boxed. */
static ty_facts *ty_analyse(const ty_result *prog, rs_scope *sc, sp_node *n, int attrs, int debug)
{
    ty_facts *R = calloc(1, sizeof *R);
    R->prog = prog;
    R->sc = sc;
    R->root = n;
    R->ok = 1;
    R->attrs = attrs;
    int qok = q_cond_or_box(R, n->a) && q_stmt(R, n->body) && R->ok && R->ntyped > 0;
    for (int i = 0; qok && i < R->nbt; i++) {   /* typed locals that boxed statements assign */
        tyvar *v = ty_find_var(R, R->btarget[i]);
        if (v) { v->assigned = 1; if (v->captured) qok = 0; }
    }
    for (int i = 0; qok && i < R->nobj; i++)    /* a receiver must stay boxed */
        if (ty_find_var(R, R->obj[i])) qok = 0;
    if (!qok) {
        if (debug) fprintf(stderr, "typed: line %d: not a typed loop (syntax%s)\n", n->line, attrs ? ", attributes" : "");
        free(R);
        return NULL;
    }
    if (!infer(R)) {
        if (debug) {
            fprintf(stderr, "typed: line %d: types%s:", n->line, attrs ? " (attributes)" : "");
            for (int i = 0; i < R->nv; i++) fprintf(stderr, " %s=%d", R->v[i].name, R->v[i].t);
            fprintf(stderr, "\n");
        }
        free(R);
        return NULL;
    }
    if (debug) fprintf(stderr, "typed: line %d: typed loop%s\n", n->line, attrs ? " (attributes)" : "");
    if (n->flags & NF_DO_WHILE) ue_num(R, n->a, ue_stmt(R, n->body, 0));
    else { ue_num(R, n->a, 0); ue_stmt(R, n->body, 0); }
    for (int i = 0; i < R->nv; i++) if (!R->v[i].assigned) R->v[i].livein = 1;
    return R;
}


int ty_analyse_program(sp_ast *ast, const rs_result *rs, ty_result *out)
{
    memset(out, 0, sizeof *out);
    attrs_walk(out, ast->root);
    if (getenv("SPINEL_NO_TYPED")) return 0;
    int noattr = getenv("SPINEL_NO_TYPED_ATTR") != NULL;
    int debug = getenv("SPINEL_TYPED_DEBUG") != NULL;
    for (int i = 0; i < rs->nloops; i++) {
        sp_node *n = rs->loops[i].n;
        rs_scope *sc = rs->loops[i].sc;
        /* first with typed attributes; when their Float typing does not
         * fit (an Integer attribute mixed into Integer locals ...), as before */
        ty_facts *F = noattr ? NULL : ty_analyse(out, sc, n, 1, debug);
        if (!F) F = ty_analyse(out, sc, n, 0, debug);
        if (F) pmap_put(&out->loops, n, F);
    }
    return 0;
}

const ty_facts *ty_facts_of(const ty_result *ty, const sp_node *loop)
{
    return ty ? pmap_get(&ty->loops, loop) : NULL;
}

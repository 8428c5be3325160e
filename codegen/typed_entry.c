/*
 * typed_entry.c — typed method entries for recursive Integer methods.
 *
 * Design (doc/performance.md, "Round 6: typed method entries").
 *
 * Which defs.  A def with only required positional parameters (1..6) whose
 * body uses only
 *   parameters (never assigned), Integer literals in fixnum range,
 *   nil/true/false, a + b, a - b, a * b, comparisons < <= > >= == !=,
 *   if/unless/?: (and `x if c` / `return x if c`), return, and
 *   calls of the def's own name on self with as many plain arguments,
 * and that calls itself at least once (fib, tak, ackermann, ...).
 *
 * What it gets.  Besides the generic body (emit.c), two C functions:
 *   spg_mNt  inline: the frameless base case (`n < 2 ? n : ...`), else
 *   spg_mNu  the body, pushing the usual frame (same srcinfo, same lines:
 *            identical backtraces), with the usual stack-overflow check
 *            and safepoint poll at entry.
 * The positional entry spg_mNp enters spg_mNt when its sp_ep is nonzero
 * (the caller validated that self's class resolves the name to this very
 * function in method epoch sp_ep), every argument is a fixnum and no core
 * operator is redefined (sp_vm_redef); otherwise it runs the generic body.
 *
 * The one invariant.  Inside spg_mNu a local `ok` means "sp_method_epoch
 * is still sp_ep".  Every change to a method table -- a redefinition of
 * Integer#+ (which sets sp_vm_redef) as much as a new `fib` -- bumps the
 * epoch first (sp_class.c), so ok also means "no core operator was
 * redefined and self's `name` is still this function".  Only a call (or
 * the entry poll, which can run other green threads) can change either,
 * so ok is recomputed after each call and after a poll that did work:
 * one load and compare per call instead of a sp_vm_redef load per
 * operator and an epoch load per call.
 *
 * Values.  Every value is an ordinary sp_value (GC-visible as always);
 * parameters are known fixnums, anything else is tag-tested.  With ok and
 * fixnum operands an operator is inline C with an overflow check; any
 * other case (overflow into a Bignum, a Float or other result of a call,
 * !ok) sends the operator through sp_vm_send1 with fr.line set -- the
 * full method dispatch, so a redefined Integer#+ runs, Bignums are made,
 * NoMethodError/TypeError are raised with the right line.  A self call
 * with ok and fixnum arguments is a direct call of spg_mNt; otherwise it
 * is a full sp_send (the new definition after a redefinition, a Float or
 * Bignum argument through the generic entry).  Nothing is ever re-run:
 * the typed body decides per operation, so a redefinition mid-recursion
 * takes effect exactly at the next operation, as in the generic code.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "typed_entry.h"

typedef struct te {
    const sp_node *def;
    const sp_node *params;
    const char *name;       /* spg_mN */
    int npos;
    buf b;                  /* body statements */
    int ntmp, ncnd;         /* sp_value temps tvK, int temps tcK */
    int nself;              /* self calls seen (qualification) */
    int indent;
} te;

static void L(te *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void L(te *t, const char *fmt, ...)
{
    char tmpb[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tmpb, sizeof tmpb, fmt, ap);
    va_end(ap);
    for (int i = 0; i < t->indent + 1; i++) bputs(&t->b, "    ");
    bputs(&t->b, tmpb);
    bputs(&t->b, "\n");
}

static int param_ix(const te *t, const char *name)
{
    for (int i = 0; i < t->params->list.n; i++)
        if (t->params->list.v[i]->name && !strcmp(t->params->list.v[i]->name, name)) return i;
    return -1;
}

static int arith_op(const char *s) { return !strcmp(s, "+") || !strcmp(s, "-") || !strcmp(s, "*"); }
static const char *cmp_op(const char *s)
{
    static const char *const ops[] = { "<", "<=", ">", ">=", "==", "!=", NULL };
    for (int i = 0; ops[i]; i++) if (!strcmp(s, ops[i])) return ops[i];
    return NULL;
}

static int small_int(const sp_node *n)
{
    return n->kind == N_INT && !(n->flags & NF_BIGNUM) && n->ival > -(1LL << 61) && n->ival < (1LL << 61);
}

static int is_binop(const sp_node *n)
{
    return n->kind == N_CALL && n->a && !n->b && n->list.n == 1 && n->name &&
           !(n->flags & (NF_SAFE_NAV | NF_ATTRASGN)) && (arith_op(n->name) || cmp_op(n->name));
}

static int is_self_call(const te *t, const sp_node *n)
{
    return n->kind == N_CALL && !n->a && !n->b && n->name && !strcmp(n->name, t->def->name) &&
           n->list.n == t->npos && !(n->flags & NF_SAFE_NAV);
}

/* ---- qualification ---- */
static int q(te *t, const sp_node *n)
{
    if (!n) return 1;
    switch (n->kind) {
    case N_STMTS:
        for (int i = 0; i < n->list.n; i++) if (!q(t, n->list.v[i])) return 0;
        return 1;
    case N_INT: return small_int(n);
    case N_NIL: case N_TRUE: case N_FALSE: return 1;
    case N_LVAR: return n->name && param_ix(t, n->name) >= 0;
    case N_IF: return q(t, n->a) && q(t, n->b) && q(t, n->c);
    case N_RETURN: return q(t, n->a);
    case N_CALL:
        if (is_binop(n)) return q(t, n->a) && q(t, n->list.v[0]);
        if (is_self_call(t, n)) {
            t->nself++;
            for (int i = 0; i < n->list.n; i++) if (!q(t, n->list.v[i])) return 0;
            return 1;
        }
        return 0;
    default: return 0;
    }
}

/* ---- emission ----
 * tv(): a C expression (parameter aK, literal or temp) holding the value;
 * fixv(): whether it is statically a fixnum (parameters, literals). */
static const char *tv(te *t, const sp_node *n);

static int fixv(const te *t, const sp_node *n)
{
    if (n->kind == N_STMTS && n->list.n == 1) n = n->list.v[0];
    return small_int(n) || (n->kind == N_LVAR && param_ix(t, n->name) >= 0);
}

static const char *newtmp(te *t) { return S("tv%d", ++t->ntmp); }

/* "ok && SP_FIXNUM_P(a) && SP_FIXNUM_P(b)" without the statically known tests */
static const char *fixguard(const te *t, const sp_node *na, const char *a, const sp_node *nb, const char *b)
{
    const char *g = "SP_LIKELY(ok)";
    if (na && !fixv(t, na)) g = S("%s && SP_FIXNUM_P(%s)", g, a);
    if (nb && !fixv(t, nb)) g = S("%s && SP_FIXNUM_P(%s)", g, b);
    return g;
}

/* After anything that may have run Ruby code: a call, and also an
 * operator's send (method_missing, coerce, a Bignum's redefined method
 * ... can redefine methods). */
#define OK_AGAIN "ok = sp_ep == sp_vm_epoch();"

static int op_site(const sp_node *n)
{
    site_args((sp_nodes *)&n->list);
    return callsite(n->name, 0, n->line, n->col, n->end_col);
}

static const char *tv_arith(te *t, const sp_node *n)
{
    const char *a = tv(t, n->a), *b = tv(t, n->list.v[0]);
    int cs = op_site(n);
    const char *r = newtmp(t);
    const char *fn = !strcmp(n->name, "+") ? "add" : !strcmp(n->name, "-") ? "sub" : "mul";
    L(t, "if (!(%s && sp_vm_fix_%s(%s, %s, &%s))) { fr.line = %d; %s = sp_vm_send1(&spg_cs[%d], %s, %s); " OK_AGAIN " }",
      fixguard(t, n->a, a, n->list.v[0], b), fn, a, b, r, n->line, r, cs, a, b);
    return r;
}

/* A comparison as a C int (cond) or as true/false. */
static const char *tc_cmp(te *t, const sp_node *n)
{
    const char *a = tv(t, n->a), *b = tv(t, n->list.v[0]);
    int cs = op_site(n);
    const char *c = S("tc%d", ++t->ncnd);
    L(t, "if (%s) %s = (int64_t)%s %s (int64_t)%s; else { fr.line = %d; %s = SP_RTEST(sp_vm_send1(&spg_cs[%d], %s, %s)); " OK_AGAIN " }",
      fixguard(t, n->a, a, n->list.v[0], b), c, a, cmp_op(n->name), b, n->line, c, cs, a, b);
    return c;
}

static const char *tc(te *t, const sp_node *n)
{
    if (n->kind == N_STMTS && n->list.n == 1) n = n->list.v[0];
    if (is_binop(n) && cmp_op(n->name)) return tc_cmp(t, n);
    if (n->kind == N_TRUE) return "1";
    if (n->kind == N_FALSE || n->kind == N_NIL) return "0";
    return S("SP_RTEST(%s)", tv(t, n));
}

static const char *tv_call(te *t, const sp_node *n)
{
    const char *av[6];
    buf args = {0}, guard = {0};
    bputs(&args, ""); bputs(&guard, "SP_LIKELY(ok)");
    for (int i = 0; i < n->list.n; i++) {
        av[i] = tv(t, n->list.v[i]);
        bputf(&args, "%s%s", i ? ", " : "", av[i]);
        if (!fixv(t, n->list.v[i])) bputf(&guard, " && SP_FIXNUM_P(%s)", av[i]);
    }
    site_args((sp_nodes *)&n->list);
    int cs = callsite(n->name, 1, n->line, n->col, n->end_col);
    const char *r = newtmp(t);
    L(t, "fr.line = %d;", n->line);
    const char *slow = n->list.n == 1 ? S("sp_vm_send1(&spg_cs[%d], self, %s)", cs, av[0])
                                      : S("sp_send(&spg_cs[%d], self, %d, (const sp_value[]){ %s }, SP_NIL)",
                                          cs, n->list.n, args.p);
    L(t, "%s = %s ? %st(ec, self, %s, sp_ep) : %s;", r, guard.p, t->name, args.p, slow);
    L(t, OK_AGAIN);
    free(args.p); free(guard.p);
    return r;
}

static const char *tv_if(te *t, const sp_node *n)
{
    const char *c = tc(t, n->a);
    const char *r = newtmp(t);
    L(t, "if (%s) {", c);
    t->indent++;
    L(t, "%s = %s;", r, n->b ? tv(t, n->b) : "SP_NIL");
    t->indent--;
    L(t, "} else {");
    t->indent++;
    L(t, "%s = %s;", r, n->c ? tv(t, n->c) : "SP_NIL");
    t->indent--;
    L(t, "}");
    return r;
}

static const char *tv(te *t, const sp_node *n)
{
    if (!n) return "SP_NIL";
    switch (n->kind) {
    case N_STMTS: {
        const char *v = "SP_NIL";
        for (int i = 0; i < n->list.n; i++) v = tv(t, n->list.v[i]);
        return v;
    }
    case N_INT: return S("SP_FIX(INT64_C(%lld))", (long long)n->ival);
    case N_NIL: return "SP_NIL";
    case N_TRUE: return "SP_TRUE";
    case N_FALSE: return "SP_FALSE";
    case N_LVAR: return S("a%d", param_ix(t, n->name));
    case N_IF: return tv_if(t, n);
    case N_RETURN:
        L(t, "r = %s; goto leave;", tv(t, n->a));
        return "SP_NIL";
    case N_CALL:
        if (is_self_call(t, n)) return tv_call(t, n);
        if (arith_op(n->name)) return tv_arith(t, n);
        {
            const char *c = tc_cmp(t, n);
            const char *r = newtmp(t);
            L(t, "%s = SP_BOOL(%s);", r, c);
            return r;
        }
    default: return "SP_NIL";   /* not reached: q() admitted only the kinds above */
    }
}

/* ---- the frameless base case ----
 * The def's first statement is `if <params/literals compared>` with a
 * branch that is a parameter, a literal, nil/true/false and is the
 * method's value (or `return leaf if ...`): spg_mNt answers it without a
 * frame.  Its arguments are fixnums and ok holds (the caller's guard), so
 * the comparison is plain C; nothing observable happens. */
static const char *leaf_x(const te *t, const sp_node *n)
{
    if (n && n->kind == N_STMTS && n->list.n == 1) n = n->list.v[0];
    if (!n) return NULL;
    if (small_int(n)) return S("SP_FIX(INT64_C(%lld))", (long long)n->ival);
    if (n->kind == N_LVAR && param_ix(t, n->name) >= 0) return S("a%d", param_ix(t, n->name));
    return NULL;
}

static const char *leaf_v(const te *t, const sp_node *n)
{
    if (n && n->kind == N_STMTS && n->list.n == 1) n = n->list.v[0];
    if (n && n->kind == N_NIL) return "SP_NIL";
    if (n && n->kind == N_TRUE) return "SP_TRUE";
    if (n && n->kind == N_FALSE) return "SP_FALSE";
    return leaf_x(t, n);
}

static const char *leaf_guard(const te *t)
{
    const sp_node *body = t->def->body;
    if (!body || body->kind != N_STMTS || body->list.n < 1) return NULL;
    const sp_node *st = body->list.v[0];
    if (st->kind != N_IF || !st->a) return NULL;
    const sp_node *c = st->a;
    if (c->kind == N_STMTS && c->list.n == 1) c = c->list.v[0];
    if (!is_binop(c) || !cmp_op(c->name)) return NULL;
    const char *a = leaf_x(t, c->a), *b = leaf_x(t, c->list.v[0]);
    if (!a || !b) return NULL;
    const char *val = NULL;
    int when = 1;
    const sp_node *then = st->b;
    if (then && then->kind == N_STMTS && then->list.n == 1) then = then->list.v[0];
    if (then && then->kind == N_RETURN && !st->c) val = then->a ? leaf_v(t, then->a) : "SP_NIL";
    else if (body->list.n == 1) {
        if ((val = leaf_v(t, st->b)) == NULL && st->c) { val = leaf_v(t, st->c); when = 0; }
    }
    if (!val) return NULL;
    return S("    if (%s((int64_t)%s %s (int64_t)%s)) return %s;\n", when ? "" : "!", a, cmp_op(c->name), b, val);
}

int te_emit(const sp_node *def, const char *name, int npos, int sid, buf *decl, buf *fns)
{
    te t = {0};
    t.def = def; t.params = def->c; t.name = name; t.npos = npos;
    if (npos <= 0 || npos > 6 || !def->name || !def->body || !t.params) return 0;
    if (!q(&t, def->body) || t.nself == 0) return 0;
    bputs(&t.b, "");
    const char *r = tv(&t, def->body);
    buf pa = {0}, fx = {0};
    bputs(&pa, ""); bputs(&fx, "");
    for (int i = 0; i < npos; i++) {
        bputf(&pa, ", sp_value a%d", i);
        bputf(&fx, "    if (!SP_FIXNUM_P(a%d)) __builtin_unreachable();\n", i);
    }
    bputf(decl, "static __attribute__((noinline)) sp_value %su(sp_ec *ec, sp_value self%s, uint64_t sp_ep);\n", name, pa.p);
    bputf(decl, "static inline __attribute__((always_inline)) sp_value %st(sp_ec *ec, sp_value self%s, uint64_t sp_ep);\n",
          name, pa.p);
    const char *lg = leaf_guard(&t);
    buf cargs = {0};
    bputs(&cargs, "");
    for (int i = 0; i < npos; i++) bputf(&cargs, ", a%d", i);
    bputf(fns, "/* typed entry (typed_entry.c): arguments fixnums, sp_ep validated, no redefinition */\n"
               "static sp_value %st(sp_ec *ec, sp_value self%s, uint64_t sp_ep)\n{\n%s%s"
               "    return %su(ec, self%s, sp_ep);\n}\n\n",
          name, pa.p, fx.p, lg ? lg : "", name, cargs.p);
    bputf(fns, "static sp_value %su(sp_ec *ec, sp_value self%s, uint64_t sp_ep)\n{\n", name, pa.p);
    bputf(fns, "    SP_VM_ENTER_EC(ec, fr, &spg_si%d, %d, self);\n", sid, def->line);
    bputs(fns, "    int ok = 1; (void)ok;\n");
    bputs(fns, fx.p);
    bputs(fns, "    SP_VM_TYPED_POLL(fr, ok, sp_ep);\n");
    bputs(fns, "    sp_value r;\n");
    for (int i = 1; i <= t.ntmp; i++) bputf(fns, "    sp_value tv%d = SP_NIL; (void)tv%d;\n", i, i);
    for (int i = 1; i <= t.ncnd; i++) bputf(fns, "    int tc%d = 0; (void)tc%d;\n", i, i);
    bputs(fns, t.b.p);
    bputf(fns, "    r = %s;\n", r);
    bputs(fns, "    goto leave;\nleave:\n    ec->frame = fr.prev;\n    return r;\n}\n\n");
    free(t.b.p); free(pa.p); free(fx.p); free(cargs.p);
    return 1;
}

/*
 * typed_entry.c — typed method entries for recursive Integer methods.
 *
 * Design: doc/codegen.md, "Typed optimisations" (measurements in
 * doc/performance.md).
 *
 * Which defs.  A def with only required positional parameters (1..6) whose
 * body uses only
 *   parameters (never assigned), Integer literals in fixnum range,
 *   nil/true/false, a + b, a - b, a * b, comparisons < <= > >= == !=,
 *   if/unless/?: (and `x if c` / `return x if c`), return, and
 *   calls of the def's own name on self with as many plain arguments,
 * and that calls itself at least once (fib, tak, ackermann, ...).
 *
 * What it gets.  Besides the generic body (emit.c):
 *   spg_mNt  inline: the frameless base case spg_mNl (`n < 2 ? n : ...`),
 *            then the frameless speculation spg_mNs (below), else
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
 * Bignum argument through the generic entry).  The framed body is never
 * re-run: it decides per operation, so a redefinition mid-recursion takes
 * effect exactly at the next operation, as in the generic code.
 *
 * Speculation.  spg_mNs evaluates the body with no frame, poll, call or
 * send at all: every self call must be answered by the callee's base case
 * and every operation must stay on fixnums, else it returns 0 and spg_mNu
 * runs the body from the start.  Re-running is sound because what ran
 * before giving up was C arithmetic on the arguments only -- nothing
 * another thread, a backtrace, the GC or the program could observe (the
 * argument of the frameless base case, one level further).  For fib it
 * turns fib(2) (a third of the framed activations) into straight-line C.
 * Bodies over 64 AST nodes get no speculation (code size: spg_mNt is
 * inlined at every call site).
 *
 * Lazy frames (round 7).  When every self call of the body sits on one
 * source line L, the body is emitted a second time as
 *   spg_mNz(R, d, args)  the same body pushing no frame: R (sp_vm_lazy,
 *            in the C frame of the root spg_mNr) holds ec, self, sp_ep,
 *            the srcinfo, L and the frame the root was entered from; d is
 *            the activation's depth below the root.
 * All activations under one root would have had the same frame {si, self,
 * line L} except the innermost, so the chain is a function of d: every
 * call out of spg_mNz (an operator's or a self call's send) goes through
 * sp_vm_lazy_send/send1, which link frames 0..d (made once per R and
 * reused) with the right innermost line, call, and unlink; the poll and
 * the stack check's slow path do the same (sp_vm.h).  So whatever can look
 * at the chain -- a backtrace, an exception, Thread#backtrace of a
 * suspended thread, a redefined operator calling `caller` -- sees exactly
 * the frames of spg_mNu.  Calls: spg_mNt (external) -> spg_mNr (root) ->
 * spg_mNz; self calls spg_mNy (inline: base case, speculation, spg_mNz at
 * d + 1); at depth SP_VM_LAZY_MAX spg_mNk links the ancestors and runs
 * the eager spg_mNu, whose self calls use spg_mNe (= the old spg_mNt), so
 * deep recursions are framed as before (stack checks per frame, the
 * native stack's SIGSEGV overflow sees the whole chain).  Bodies whose
 * self calls are on different lines keep only spg_mNu.  Off switch for
 * comparisons: SPINEL_NO_LAZY_FRAMES=1 bin/spinel ...
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
    unsigned char kind[1024];   /* tvK: 1 = a fixnum whenever ok holds */
    int indent;
    int callline;           /* line of every self call; -1: they differ */
    int lazy;               /* emitting the lazy body spg_mNz (else spg_mNu) */
    const char *ecall;      /* the eager body's direct self call: t or e */
    int csv[512], ncsv, csi;    /* call sites of the first emission, reused by the second */
} te;

static void L(te *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void L(te *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bput_line(&t->b, t->indent + 1, fmt, ap);
    va_end(ap);
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
    return n->kind == N_INT && !(n->flags & NF_BIGNUM) && n->ival >= -(1LL << 62) && n->ival < (1LL << 62);
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
            if (!t->callline) t->callline = n->line;
            else if (t->callline != n->line) t->callline = -1;
            for (int i = 0; i < n->list.n; i++) if (!q(t, n->list.v[i])) return 0;
            return 1;
        }
        return 0;
    default: return 0;
    }
}

/* ---- emission ----
 * tv(): a C expression (parameter aK, literal or temp) holding the value;
 * fixs(): whether it is a fixnum whenever ok holds (parameters, literals,
 * results of the inline + - *, ifs of such). */
static const char *tv(te *t, const sp_node *n);

static int fixs(const te *t, const char *e)
{
    int k;
    if (!strncmp(e, "SP_FIX(", 7)) return 1;
    if (e[0] == 'a' && e[1] >= '0' && e[1] <= '9') return 1;
    if (sscanf(e, "tv%d", &k) == 1 && k > 0 && k < (int)sizeof t->kind) return t->kind[k];
    return 0;
}

static const char *newtmp(te *t, int fix)
{
    ++t->ntmp;
    if (t->ntmp < (int)sizeof t->kind) t->kind[t->ntmp] = (unsigned char)fix;
    return S("tv%d", t->ntmp);
}

/* "ok && SP_FIXNUM_P(a) && SP_FIXNUM_P(b)" without the tests ok implies */
static const char *fixguard(const te *t, const char *a, const char *b)
{
    const char *g = "SP_LIKELY(ok)";
    if (a && !fixs(t, a)) g = S("%s && SP_FIXNUM_P(%s)", g, a);
    if (b && !fixs(t, b)) g = S("%s && SP_FIXNUM_P(%s)", g, b);
    return g;
}

/* After a call: ok stays only if it held and the epoch is unchanged.
 * After an operator's send (overflow into a Bignum, a Float, or Ruby code:
 * method_missing, coerce, a redefined method ... which may redefine
 * anything): ok is cleared for the rest of the activation, so "ok" also
 * means "every temp the fast paths made is a fixnum" and guards need not
 * tag-test them (fixs).  Sticky: a cleared ok only costs this activation
 * the inline paths. */
#define OK_AGAIN(t) ((t)->lazy ? "ok = ok && R->ep == sp_vm_epoch();" : "ok = ok && sp_ep == sp_vm_epoch();")
#define SLOW "ok = 0;"

/* The body is emitted twice when it gets a lazy variant: the second
 * emission takes the call sites of the first, in the same order. */
static int site(te *t, const sp_node *n, int fcall)
{
    if (t->lazy) return t->csi < t->ncsv ? t->csv[t->csi++] : 0;
    site_args((sp_nodes *)&n->list);
    int cs = callsite(n->name, fcall, n->line, n->col, n->end_col);
    if (t->ncsv < (int)(sizeof t->csv / sizeof t->csv[0])) t->csv[t->ncsv++] = cs;
    else t->callline = -1;      /* too many sites to replay: no lazy variant */
    return cs;
}

static int op_site(te *t, const sp_node *n) { return site(t, n, 0); }

/* "r = a op b" through the full send, the line in the frame */
static const char *send1(const te *t, const char *r, int line, int cs, const char *a, const char *b)
{
    if (t->lazy) return S("%s = sp_vm_lazy_send1(R, d, %d, &spg_cs[%d], %s, %s);", r, line, cs, a, b);
    return S("fr.line = %d; %s = sp_vm_send1(&spg_cs[%d], %s, %s);", line, r, cs, a, b);
}

static const char *tv_arith(te *t, const sp_node *n)
{
    const char *a = tv(t, n->a), *b = tv(t, n->list.v[0]);
    int cs = op_site(t, n);
    const char *r = newtmp(t, 1);
    const char *fn = !strcmp(n->name, "+") ? "add" : !strcmp(n->name, "-") ? "sub" : "mul";
    L(t, "if (!(%s && sp_vm_fix_%s(%s, %s, &%s))) { %s " SLOW " }",
      fixguard(t, a, b), fn, a, b, r, send1(t, r, n->line, cs, a, b));
    return r;
}

/* A comparison as a C int (cond) or as true/false. */
static const char *tc_cmp(te *t, const sp_node *n)
{
    const char *a = tv(t, n->a), *b = tv(t, n->list.v[0]);
    int cs = op_site(t, n);
    const char *c = S("tc%d", ++t->ncnd);
    const char *snd = t->lazy ? S("%s = SP_RTEST(sp_vm_lazy_send1(R, d, %d, &spg_cs[%d], %s, %s));", c, n->line, cs, a, b)
                              : S("fr.line = %d; %s = SP_RTEST(sp_vm_send1(&spg_cs[%d], %s, %s));", n->line, c, cs, a, b);
    L(t, "if (%s) %s = (int64_t)%s %s (int64_t)%s; else { %s " SLOW " }",
      fixguard(t, a, b), c, a, cmp_op(n->name), b, snd);
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
        if (!fixs(t, av[i])) bputf(&guard, " && SP_FIXNUM_P(%s)", av[i]);
    }
    int cs = site(t, n, 1);
    const char *r = newtmp(t, 0);
    if (t->lazy) {
        /* frameless: the direct call passes the depth; the send links the
         * frames first (the callee's frame needs them as its prev) */
        const char *slow = n->list.n == 1 ? S("sp_vm_lazy_send1(R, d, %d, &spg_cs[%d], R->self, %s)", n->line, cs, av[0])
                                          : S("sp_vm_lazy_send(R, d, %d, &spg_cs[%d], %d, (const sp_value[]){ %s })",
                                              n->line, cs, n->list.n, args.p);
        L(t, "%s = %s ? %sy(R, d + 1, %s) : %s;", r, guard.p, t->name, args.p, slow);
    } else {
        L(t, "fr.line = %d;", n->line);
        const char *slow = n->list.n == 1 ? S("sp_vm_send1(&spg_cs[%d], self, %s)", cs, av[0])
                                          : S("sp_send(&spg_cs[%d], self, %d, (const sp_value[]){ %s }, SP_NIL)",
                                              cs, n->list.n, args.p);
        L(t, "%s = %s ? %s%s(ec, self, %s, sp_ep) : %s;", r, guard.p, t->name, t->ecall, args.p, slow);
    }
    L(t, "%s", OK_AGAIN(t));
    free(args.p); free(guard.p);
    return r;
}

static const char *tv_if(te *t, const sp_node *n)
{
    const char *c = tc(t, n->a);
    const char *r = newtmp(t, 0);
    int k = atoi(r + 2);
    L(t, "if (%s) {", c);
    t->indent++;
    const char *x = n->b ? tv(t, n->b) : "SP_NIL";
    L(t, "%s = %s;", r, x);
    t->indent--;
    L(t, "} else {");
    t->indent++;
    const char *y = n->c ? tv(t, n->c) : "SP_NIL";
    L(t, "%s = %s;", r, y);
    t->indent--;
    L(t, "}");
    if (k < (int)sizeof t->kind) t->kind[k] = (unsigned char)(fixs(t, x) && fixs(t, y));
    return r;
}

/* The C value of a literal or a parameter (aK), NULL for other nodes:
 * the same in the framed body (tv) and the speculation (sx_v). */
static const char *te_leaf(const te *t, const sp_node *n)
{
    switch (n->kind) {
    case N_INT: return S("SP_FIX(INT64_C(%lld))", (long long)n->ival);
    case N_NIL: return "SP_NIL";
    case N_TRUE: return "SP_TRUE";
    case N_FALSE: return "SP_FALSE";
    case N_LVAR: return S("a%d", param_ix(t, n->name));
    default: return NULL;
    }
}

static const char *tv(te *t, const sp_node *n)
{
    if (!n) return "SP_NIL";
    const char *leaf = te_leaf(t, n);
    if (leaf) return leaf;
    switch (n->kind) {
    case N_STMTS: {
        const char *v = "SP_NIL";
        for (int i = 0; i < n->list.n; i++) v = tv(t, n->list.v[i]);
        return v;
    }
    case N_IF: return tv_if(t, n);
    case N_RETURN:
        L(t, "r = %s; goto leave;", tv(t, n->a));
        return "SP_NIL";
    case N_CALL:
        if (is_self_call(t, n)) return tv_call(t, n);
        if (arith_op(n->name)) return tv_arith(t, n);
        {
            const char *c = tc_cmp(t, n);
            const char *r = newtmp(t, 0);
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
    return S("    if (%s((int64_t)%s %s (int64_t)%s)) { *out = %s; return 1; }\n", when ? "" : "!", a, cmp_op(c->name), b, val);
}

/* ---- frameless speculation (spg_mNs, see the header) ----
 * sx_v(): like tv(), but every failure is `return 0` (give up) and every
 * value is known to be a fixnum once tested (sx_need_fix). */
typedef struct sx {
    te *t;
    buf b;
    int ntmp, ncnd;
    int level;                  /* 2: self calls may also speculate one level (spg_mNs1) */
    unsigned char kind[1024];   /* svK: 1 = known fixnum */
} sx;

static const char *sx_v(sx *s, const sp_node *n);

static void SL(sx *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void SL(sx *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bput_line(&s->b, 1, fmt, ap);
    va_end(ap);
}

static int sx_fix(const sx *s, const char *e)
{
    int k;
    if (!strncmp(e, "SP_FIX(", 7)) return 1;
    if (e[0] == 'a' && e[1] >= '0' && e[1] <= '9') return 1;
    if (sscanf(e, "sv%d", &k) == 1 && k > 0 && k < (int)sizeof s->kind) return s->kind[k];
    return 0;
}

static void sx_need_fix(sx *s, const char *e)
{
    int k;
    if (sx_fix(s, e)) return;
    SL(s, "if (!SP_FIXNUM_P(%s)) return 0;", e);
    if (sscanf(e, "sv%d", &k) == 1 && k > 0 && k < (int)sizeof s->kind) s->kind[k] = 1;
}

static const char *sx_tmp(sx *s, int fix)
{
    ++s->ntmp;
    if (s->ntmp < (int)sizeof s->kind) s->kind[s->ntmp] = (unsigned char)fix;
    return S("sv%d", s->ntmp);
}

static const char *sx_cmp(sx *s, const sp_node *n)
{
    const char *a = sx_v(s, n->a), *b = sx_v(s, n->list.v[0]);
    sx_need_fix(s, a);
    sx_need_fix(s, b);
    const char *c = S("sc%d", ++s->ncnd);
    SL(s, "%s = (int64_t)%s %s (int64_t)%s;", c, a, cmp_op(n->name), b);
    return c;
}

static const char *sx_c(sx *s, const sp_node *n)
{
    if (n->kind == N_STMTS && n->list.n == 1) n = n->list.v[0];
    if (is_binop(n) && cmp_op(n->name)) return sx_cmp(s, n);
    if (n->kind == N_TRUE) return "1";
    if (n->kind == N_FALSE || n->kind == N_NIL) return "0";
    return S("SP_RTEST(%s)", sx_v(s, n));
}

static const char *sx_v(sx *s, const sp_node *n)
{
    te *t = s->t;
    if (!n) return "SP_NIL";
    const char *leaf = te_leaf(t, n);
    if (leaf) return leaf;
    switch (n->kind) {
    case N_STMTS: {
        const char *v = "SP_NIL";
        for (int i = 0; i < n->list.n; i++) v = sx_v(s, n->list.v[i]);
        return v;
    }
    case N_RETURN: {
        const char *v = sx_v(s, n->a);
        SL(s, "*out = %s; return 1;", v);
        return "SP_NIL";
    }
    case N_IF: {
        const char *c = sx_c(s, n->a);
        const char *r = sx_tmp(s, 0);
        int k = atoi(r + 2);
        SL(s, "if (%s) {", c);
        const char *x = n->b ? sx_v(s, n->b) : "SP_NIL";
        int fx = sx_fix(s, x);
        SL(s, "%s = %s;", r, x);
        SL(s, "} else {");
        const char *y = n->c ? sx_v(s, n->c) : "SP_NIL";
        SL(s, "%s = %s;", r, y);
        SL(s, "}");
        if (k < (int)sizeof s->kind) s->kind[k] = (unsigned char)(fx && sx_fix(s, y));
        return r;
    }
    case N_CALL:
        if (is_self_call(t, n)) {
            buf args = {0};
            bputs(&args, "");
            for (int i = 0; i < n->list.n; i++) {
                const char *a = sx_v(s, n->list.v[i]);
                sx_need_fix(s, a);
                bputf(&args, "%s, ", a);
            }
            const char *r = sx_tmp(s, 0);
            if (s->level > 1)
                SL(s, "if (!%sl(%s&%s) && !%ss1(%s&%s)) return 0;", t->name, args.p, r, t->name, args.p, r);
            else
                SL(s, "if (!%sl(%s&%s)) return 0;", t->name, args.p, r);
            free(args.p);
            return r;
        }
        if (arith_op(n->name)) {
            const char *a = sx_v(s, n->a), *b = sx_v(s, n->list.v[0]);
            sx_need_fix(s, a);
            sx_need_fix(s, b);
            const char *r = sx_tmp(s, 1);
            const char *fn = !strcmp(n->name, "+") ? "add" : !strcmp(n->name, "-") ? "sub" : "mul";
            SL(s, "if (!sp_vm_fix_%s(%s, %s, &%s)) return 0;", fn, a, b, r);
            return r;
        }
        {
            const char *c = sx_cmp(s, n);
            const char *r = sx_tmp(s, 0);
            SL(s, "%s = SP_BOOL(%s);", r, c);
            return r;
        }
    default: return "SP_NIL";
    }
}

#define SPEC2_NODES 32

static int node_count(const sp_node *n)
{
    if (!n) return 0;
    int k = 1 + node_count(n->a) + node_count(n->b) + node_count(n->c);
    for (int i = 0; i < n->list.n; i++) k += node_count(n->list.v[i]);
    return k;
}

int te_emit(const sp_node *def, const char *name, int npos, int sid, buf *decl, buf *fns)
{
    te t = {0};
    t.def = def; t.params = def->c; t.name = name; t.npos = npos;
    if (npos <= 0 || npos > 6 || !def->name || !def->body || !t.params) return 0;
    if (!q(&t, def->body) || t.nself == 0) return 0;
    /* the lazy variant needs one line for every ancestor's frame */
    int lazy = t.callline > 0 && !getenv("SPINEL_NO_LAZY_FRAMES");
    t.ecall = lazy ? "e" : "t";
    bputs(&t.b, "");
    const char *r = tv(&t, def->body);
    lazy = lazy && t.callline > 0;
    buf pa = {0}, fx = {0};
    bputs(&pa, ""); bputs(&fx, "");
    for (int i = 0; i < npos; i++) {
        bputf(&pa, ", sp_value a%d", i);
        bputf(&fx, "    if (!SP_FIXNUM_P(a%d)) __builtin_unreachable();\n", i);
    }
    bputf(decl, "static __attribute__((noinline)) sp_value %su(sp_ec *ec, sp_value self%s, uint64_t sp_ep);\n", name, pa.p);
    bputf(decl, "static inline __attribute__((always_inline)) sp_value %st(sp_ec *ec, sp_value self%s, uint64_t sp_ep);\n",
          name, pa.p);
    if (!strcmp(t.ecall, "e"))
        bputf(decl, "static inline __attribute__((always_inline)) sp_value %se(sp_ec *ec, sp_value self%s, uint64_t sp_ep);\n",
              name, pa.p);
    if (lazy) {
        bputf(decl, "static __attribute__((noinline)) sp_value %sz(sp_vm_lazy *R, long d%s);\n", name, pa.p);
        bputf(decl, "static inline __attribute__((always_inline)) sp_value %sy(sp_vm_lazy *R, long d%s);\n", name, pa.p);
        bputf(decl, "static __attribute__((noinline)) sp_value %sr(sp_ec *ec, sp_value self%s, uint64_t sp_ep);\n", name, pa.p);
        bputf(decl, "static __attribute__((noinline, cold)) sp_value %sk(sp_vm_lazy *R, long d%s);\n", name, pa.p);
    }
    const char *lg = leaf_guard(&t);
    buf cargs = {0}, pl = {0}, try = {0}, cl = {0};
    bputs(&cargs, ""); bputs(&pl, ""); bputs(&try, ""); bputs(&cl, "");
    for (int i = 0; i < npos; i++) {
        bputf(&cargs, ", a%d", i);
        bputf(&pl, "sp_value a%d, ", i);
        bputf(&cl, "a%d, ", i);
    }
    if (lg) {
        /* spg_mNl: the base case; spg_mNs: the frameless speculation */
        bputf(fns, "static inline int %sl(%ssp_value *out)\n{\n%s%s    return 0;\n}\n\n", name, pl.p, fx.p, lg);
        bputf(&try, "    sp_value r;\n    if (%sl(%s&r)) return r;\n", name, cl.p);
        if (node_count(def->body) <= 64) {
            /* spg_mNs1: self calls answered by base cases; spg_mNs: by
             * base cases or spg_mNs1 (fib(3) frameless too) for a small
             * body with at most two self calls (measured: fib 21.4 -> 20.1
             * instructions per call; tak, four calls, 19.3 -> 20.3, as
             * failed speculations cost more than they save there) */
            int levels = node_count(def->body) <= SPEC2_NODES && t.nself <= 2 ? 2 : 1;
            for (int lv = 1; lv <= levels; lv++) {
                sx s = {0};
                s.t = &t;
                s.level = lv;
                bputs(&s.b, "");
                const char *v = sx_v(&s, def->body);
                const char *fn = lv == levels ? S("%ss", name) : S("%ss1", name);
                /* always_inline: gcc left spg_mNs out of line (an out
                 * parameter through memory and a call per try); inline,
                 * fib went 18.0 -> 13.9 instructions per call */
                bputf(fns, "static inline __attribute__((always_inline)) int %s(%ssp_value *out)\n{\n%s", fn, pl.p, fx.p);
                for (int i = 1; i <= s.ntmp; i++) bputf(fns, "    sp_value sv%d = SP_NIL; (void)sv%d;\n", i, i);
                for (int i = 1; i <= s.ncnd; i++) bputf(fns, "    int sc%d = 0; (void)sc%d;\n", i, i);
                bputf(fns, "%s    *out = %s;\n    return 1;\n}\n\n", s.b.p, v);
                free(s.b.p);
            }
            bputf(&try, "    if (%ss(%s&r)) return r;\n", name, cl.p);
        }
    }
    if (!strcmp(t.ecall, "e"))
        bputf(fns, "/* typed self call of the eager body: base case, speculation, framed body */\n"
                   "static sp_value %se(sp_ec *ec, sp_value self%s, uint64_t sp_ep)\n{\n%s%s"
                   "    return %su(ec, self%s, sp_ep);\n}\n\n",
              name, pa.p, fx.p, try.p, name, cargs.p);
    bputf(fns, "/* typed entry (typed_entry.c): arguments fixnums, sp_ep validated, no redefinition */\n"
               "static sp_value %st(sp_ec *ec, sp_value self%s, uint64_t sp_ep)\n{\n%s%s"
               "    return %s%s(ec, self%s, sp_ep);\n}\n\n",
          name, pa.p, fx.p, try.p, name, lazy ? "r" : "u", cargs.p);
    if (lazy) {
        /* spg_mNy: a self call of the lazy body; spg_mNr: the root (R in
         * its C frame); spg_mNk: depth SP_VM_LAZY_MAX reached, the
         * ancestors' frames linked and the eager body below */
        bputf(fns, "static sp_value %sy(sp_vm_lazy *R, long d%s)\n{\n%s%s"
                   "    return %sz(R, d%s);\n}\n\n", name, pa.p, fx.p, try.p, name, cargs.p);
        bputf(fns, "static sp_value %sr(sp_ec *ec, sp_value self%s, uint64_t sp_ep)\n{\n%s"
                   "    sp_vm_lazy R;\n    SP_VM_LAZY_INIT(&R, ec, self, sp_ep, &spg_si%d, %d);\n"
                   "    return %sz(&R, 0%s);\n}\n\n", name, pa.p, fx.p, sid, t.callline, name, cargs.p);
        bputf(fns, "static sp_value %sk(sp_vm_lazy *R, long d%s)\n{\n%s"
                   "    sp_vm_lazy_link(R, d - 1, R->line);\n"
                   "    sp_value r = %su(R->ec, R->self%s, R->ep);\n"
                   "    sp_vm_lazy_unlink(R, d - 1);\n    return r;\n}\n\n", name, pa.p, fx.p, name, cargs.p);
    }
    free(pl.p); free(try.p); free(cl.p);
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
    if (lazy) {
        /* the same body without a frame (sp_vm.h "lazily materialised
         * frames"): the entry line is the def's, as in spg_mNu */
        free(t.b.p);
        t.b = (buf){0};
        bputs(&t.b, "");
        t.ntmp = t.ncnd = 0;
        memset(t.kind, 0, sizeof t.kind);
        t.lazy = 1;
        t.csi = 0;
        const char *rz = tv(&t, def->body);
        bputf(fns, "static sp_value %sz(sp_vm_lazy *R, long d%s)\n{\n", name, pa.p);
        bputs(fns, "    int ok = 1; (void)ok;\n");
        bputs(fns, fx.p);
        bputf(fns, "    SP_VM_LAZY_ENTRY(R, d, ok, %d, %sk(R, d%s));\n", def->line, name, cargs.p);
        bputs(fns, "    sp_value r;\n");
        for (int i = 1; i <= t.ntmp; i++) bputf(fns, "    sp_value tv%d = SP_NIL; (void)tv%d;\n", i, i);
        for (int i = 1; i <= t.ncnd; i++) bputf(fns, "    int tc%d = 0; (void)tc%d;\n", i, i);
        bputs(fns, t.b.p);
        bputf(fns, "    r = %s;\n", rz);
        bputs(fns, "    goto leave;\nleave:\n    return r;\n}\n\n");
    }
    free(t.b.p); free(pa.p); free(fx.p); free(cargs.p);
    return 1;
}

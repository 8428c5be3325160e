/*
 * inline_each.c — iterator calls with a literal block compiled as a loop
 * in place: `ary.each { |x| ... }`, `each_with_index { |x, i| }`,
 * `map`, `select`/`filter`, `reject`, `inject`/`reduce` (with or without
 * an initial value), `sum` (with or without one), `n.times { |i| }`,
 * `a.upto(b) { |i| }`, `a.downto(b) { |i| }`, `a.step(b[, s]) { |i| }`,
 * `(a..b).each { |i| }` on a Range literal.
 *
 * When the call site's cache says recv's method is the builtin
 * (sp_vm_inl_ok: recv an Array, a fixnum (and fixnum arguments for
 * upto/downto/step, a non-zero step), or a Range of two fixnums, the
 * method neither redefined nor overridden in its class), the generated
 * code runs the builtin's loop with the block's body in it: no Proc, no
 * block call.  The Array loops read the length again at every step and
 * fetch the element fresh, as the builtins do (elements pushed by the
 * body are visited, shift/pop shorten the walk); map/select/reject
 * collect into a new Array as the builtins do; inject keeps its
 * accumulator in a C variable (SP_UNDEF until the first element when it
 * has no initial value); sum adds fixnums in C while the sum stays a
 * fixnum and hands everything after the first other value to Array#sum's
 * own code (sp_vm_sum_rest: Float compensation, Bignum, `+`); the Integer
 * and Range loops count in C over the fixnum range fixed at the call.
 * Two frames are pushed as the real call would (the builtin's frame with
 * recv, then the block's frame, whose line the body's statements set),
 * so backtraces are unchanged; an exception unwinding out of the body
 * lands in a handler, which restores its own frame.  The value is the
 * builtin's (recv, the new Array, the accumulator, the sum).
 * On any other receiver (or a redefined method) the ordinary
 * call with a Proc runs; that call also fills the site's cache.
 *
 * Which blocks: a literal block with at most as many plain required
 * parameters as the method yields values (no `it`/numbered parameters,
 * no destructuring, no block-locals declared with `;`), whose body has
 * no redo/retry/return (`next` and `break` jump within the loop:
 * LP_INLINE), no loop, definition, handler, yield or super, no block
 * other than that of a nested call that is itself inlined here, and
 * nothing that needs the block as a real frame or binding (binding,
 * eval, block_given? ...).  Those take the ordinary call.  The block's
 * locals are C variables of the loop body, nil at every iteration as in
 * a fresh block activation; those a nested inlined block reaches (the
 * resolver's captured ones) live in an env made at each iteration, as
 * the block function would make it, whose parent is the enclosing cenv
 * (so the nested call's fallback Proc closes over the same variables).
 * The body is compiled in the block's scope (locals of the method are
 * reached through the method's env, as the block function would reach
 * them).
 * SPINEL_NO_INLINE_EACH=1 turns it off.
 */
#include <stdlib.h>
#include <string.h>

#include "emit_int.h"
#include "typed_loop.h"

static int body_ok(fnctx *f, sp_node *n)
{
    if (!n) return 1;
    /* an inlinable iterator call nested in the body is inlined too (its
     * block was checked by each_inlinable) */
    if (n->kind == N_CALL && n->b && n->b->kind == N_BLOCK && each_inlinable(f, n)) {
        if (!body_ok(f, n->a)) return 0;
        for (int i = 0; i < n->list.n; i++) if (!body_ok(f, n->list.v[i])) return 0;
        return 1;
    }
    switch (n->kind) {
    case N_BLOCK: case N_LAMBDA: case N_DEF: case N_CLASS: case N_MODULE: case N_SCLASS:
    case N_YIELD: case N_SUPER: case N_ZSUPER: case N_REDO: case N_RETRY: case N_FOR:
    case N_END_BLOCK: case N_BEGIN_BLOCK: case N_DEFINED:
    case N_RETURN: case N_WHILE: case N_BEGIN: case N_CASE_IN: case N_MASGN: case N_FLIPFLOP:
    case N_ALIAS: case N_UNDEF: case N_FWD_ARGS:
        return 0;
    case N_CALL:
        if (n->name && (!strcmp(n->name, "binding") || !strcmp(n->name, "block_given?") ||
                        !strcmp(n->name, "iterator?") || !strcmp(n->name, "__method__") ||
                        !strcmp(n->name, "require_relative") || !strcmp(n->name, "lambda") ||
                        !strcmp(n->name, "proc") || !strcmp(n->name, "eval") ||
                        !strcmp(n->name, "local_variables") || !strcmp(n->name, "instance_eval") ||
                        !strcmp(n->name, "instance_exec") || !strcmp(n->name, "class_eval") ||
                        !strcmp(n->name, "module_eval") || !strcmp(n->name, "define_method")))
            return 0;
        if (n->name && !strcmp(n->name, "=~") && n->a && n->a->kind == N_REGEX) return 0;   /* named captures */
        break;
    default: break;
    }
    if (!body_ok(f, n->a) || !body_ok(f, n->b) || !body_ok(f, n->c) || !body_ok(f, n->d) || !body_ok(f, n->body)) return 0;
    for (int i = 0; i < n->list.n; i++) if (!body_ok(f, n->list.v[i])) return 0;
    for (int i = 0; i < n->list2.n; i++) if (!body_ok(f, n->list2.v[i])) return 0;
    return 1;
}

/* the inlinable methods: name, SP_INL_* kind, arguments (min, max),
 * block parameters the builtin yields, and what the loop makes */
enum { IK_EACH, IK_EWI, IK_MAP, IK_SELECT, IK_REJECT, IK_INJECT, IK_SUM,
       IK_TIMES, IK_UPTO, IK_DOWNTO, IK_STEP, IK_RANGE_EACH };
static const struct inl_shape { const char *name; const char *kind; int minargs, maxargs, maxp, ik; } shapes[] = {
    { "each", "SP_INL_ARY_EACH", 0, 0, 1, IK_EACH },
    { "each_with_index", "SP_INL_ARY_EACH_WITH_INDEX", 0, 0, 2, IK_EWI },
    { "map", "SP_INL_ARY_MAP", 0, 0, 1, IK_MAP },
    { "select", "SP_INL_ARY_SELECT", 0, 0, 1, IK_SELECT },
    { "filter", "SP_INL_ARY_FILTER", 0, 0, 1, IK_SELECT },
    { "reject", "SP_INL_ARY_REJECT", 0, 0, 1, IK_REJECT },
    { "inject", "SP_INL_ARY_INJECT", 0, 1, 2, IK_INJECT },
    { "reduce", "SP_INL_ARY_REDUCE", 0, 1, 2, IK_INJECT },
    { "sum", "SP_INL_ARY_SUM", 0, 1, 1, IK_SUM },
    { "times", "SP_INL_INT_TIMES", 0, 0, 1, IK_TIMES },
    { "upto", "SP_INL_INT_UPTO", 1, 1, 1, IK_UPTO },
    { "downto", "SP_INL_INT_DOWNTO", 1, 1, 1, IK_DOWNTO },
    { "step", "SP_INL_INT_STEP", 1, 2, 1, IK_STEP },
};
/* `each` has two shapes: Array#each, and Range#each for a receiver that
 * is a Range literal (or anything else, tried at run time after the
 * Array shape: see emit_each_inline) */
static const struct inl_shape range_each = { "each", "SP_INL_RANGE_EACH", 0, 0, 1, IK_RANGE_EACH };

static const struct inl_shape *shape_of(const sp_node *n)
{
    for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++)
        if (!strcmp(n->name, shapes[i].name)) return &shapes[i];
    return NULL;
}

int each_inlinable(fnctx *f, sp_node *n)
{
    if (getenv("SPINEL_NO_INLINE_EACH") || !n->a || !n->name || (n->flags & NF_SAFE_NAV)) return 0;
    const struct inl_shape *sh = shape_of(n);
    if (!sh || n->list.n < sh->minargs || n->list.n > sh->maxargs) return 0;
    for (int i = 0; i < n->list.n; i++) {
        int k = n->list.v[i]->kind;
        if (k == N_SPLAT || k == N_HASH || k == N_BLOCK_PASS || k == N_FWD_ARGS) return 0;
    }
    sp_node *b = n->b;
    if (!b || b->kind != N_BLOCK || (b->flags & (NF_IT | NF_NUMPARAMS))) return 0;
    sp_node *ps = b->c;
    int np = ps ? ps->list.n : 0;
    if (np > sh->maxp || (ps && ps->list2.n)) return 0;
    for (int i = 0; i < np; i++) {
        sp_node *p = ps->list.v[i];
        if (p->kind != N_PARAM || p->ival != PK_REQ || !p->name) return 0;
        for (int j = 0; j < i; j++) if (!strcmp(ps->list.v[j]->name, p->name)) return 0;
    }
    rs_scope *sc = rs_scope_of(b);
    if (!sc || sc->block_return || sc->has_jmp) return 0;
    for (int i = 0; i < sc->nvars; i++) if (!sc->vars[i].name) return 0;
    return body_ok(f, b->body);
}

static const struct inl_shape *shape_at(const sp_node *n)
{
    const struct inl_shape *sh = shape_of(n);
    if (sh->ik == IK_EACH && n->a && n->a->kind == N_RANGE) return &range_each;
    return sh;
}

/* The run-time condition on the arguments, beyond sp_vm_inl_ok's on recv. */
static const char *arg_guard(const struct inl_shape *sh, const char *a0, const char *a1)
{
    if (sh->ik == IK_UPTO || sh->ik == IK_DOWNTO) return S(" || !SP_FIXNUM_P(%s)", a0);
    if (sh->ik == IK_STEP)
        return a1 ? S(" || !SP_FIXNUM_P(%s) || !SP_FIXNUM_P(%s) || %s == SP_FIX(0)", a0, a1, a1)
                  : S(" || !SP_FIXNUM_P(%s)", a0);
    return "";
}

const char *emit_each_inline(fnctx *f, sp_node *n)
{
    const struct inl_shape *sh = shape_at(n);
    const char *recv = tmp(f);   /* a stable copy: the body may assign the local it came from */
    E(f, "%s = %s;", recv, ex(f, n->a));
    int nargs = n->list.n;
    const char *av[2] = { NULL, NULL };
    for (int i = 0; i < nargs; i++) {
        av[i] = tmp(f);
        E(f, "%s = %s;", av[i], ex(f, n->list.v[i]));
    }
    const char *res = tmp(f);
    if (nargs) site_args(&n->list);
    int cs = callsite(n->name, 0, n->line, n->col, n->end_col);
    rs_scope *bsc = rs_scope_of(n->b);
    int id = newlabel(f);
    set_line(f, n->line);
    E(f, "{");
    f->indent++;
    E(f, "const sp_srcinfo *ei%d;", id);
    E(f, "if (!sp_vm_inl_ok(&spg_cs[%d], %s, %s, &ei%d)%s) {", cs, sh->kind, recv, id, arg_guard(sh, av[0], av[1]));
    f->indent++;
    const char *blk = emit_proc(f, n->b, 0);
    const char *argv = nargs == 0 ? "NULL" : nargs == 1 ? S("(const sp_value[]){ %s }", av[0])
                                                      : S("(const sp_value[]){ %s, %s }", av[0], av[1]);
    guarded(f, res, S("sp_send(&spg_cs[%d], %s, %d, %s, %s)", cs, recv, nargs, argv, blk), blk, bsc->has_break);
    f->indent--;
    E(f, "} else {");
    f->indent++;
    const char *efr = S("efr%d", id), *bfr = S("bfr%d", id);
    E(f, "sp_frame %s, %s;", efr, bfr);
    E(f, "%s.prev = ec->frame; %s.info = ei%d; %s.line = 0; %s.self = %s;", efr, efr, id, efr, efr, recv);
    E(f, "%s.prev = &%s; %s.info = &spg_si%d; %s.line = %d; %s.self = self; ec->frame = &%s;",
      bfr, efr, bfr, bsc->id, bfr, n->b->line, bfr, bfr);
    int collect = sh->ik == IK_MAP || sh->ik == IK_SELECT || sh->ik == IK_REJECT;
    const char *acc = S("acc%d", id), *rest = S("rest%d", id);
    if (collect)
        E(f, "sp_value %s = %s;", acc, sh->ik == IK_MAP ? S("sp_ary_new_capa(sp_ary_len(%s))", recv) : "sp_ary_new()");
    else if (sh->ik == IK_INJECT)   /* SP_UNDEF: no initial value, the first element becomes it */
        E(f, "sp_value %s = %s;", acc, nargs ? av[0] : "SP_UNDEF");
    else if (sh->ik == IK_SUM)      /* fixnums summed here while they stay fixnums, the rest by Array#sum's code */
        E(f, "sp_value %s = %s, %s = SP_NIL;", acc, nargs ? av[0] : "SP_FIX(0)", rest);
    if (bsc->nenv) E(f, "sp_value *penv%d = cenv;", id);
    rs_scope *saved_sc = f->sc, *saved_host = f->inl_host;
    const char *saved_fr = f->frvar;
    if (!f->inl_host) f->inl_host = f->sc;
    f->sc = bsc;
    f->frvar = bfr;
    const char *ix = S("ix%d", id);
    if (sh->ik == IK_TIMES)
        E(f, "for (int64_t %s = 0, n%d = SP_FIX2LONG(%s); %s < n%d; %s++) {", ix, id, recv, ix, id, ix);
    else if (sh->ik == IK_UPTO)
        E(f, "for (int64_t %s = SP_FIX2LONG(%s), n%d = SP_FIX2LONG(%s); %s <= n%d; %s++) {", ix, recv, id, av[0], ix, id, ix);
    else if (sh->ik == IK_DOWNTO)
        E(f, "for (int64_t %s = SP_FIX2LONG(%s), n%d = SP_FIX2LONG(%s); %s >= n%d; %s--) {", ix, recv, id, av[0], ix, id, ix);
    else if (sh->ik == IK_STEP)   /* |ix|, |limit| < 2^62 and |step| < 2^62: ix += step cannot overflow */
        E(f, "for (int64_t %s = SP_FIX2LONG(%s), n%d = SP_FIX2LONG(%s), s%d = %s; s%d > 0 ? %s <= n%d : %s >= n%d; %s += s%d) {",
          ix, recv, id, av[0], id, av[1] ? S("SP_FIX2LONG(%s)", av[1]) : "1", id, ix, id, ix, id, ix, id);
    else if (sh->ik == IK_RANGE_EACH) {
        E(f, "int64_t %s = 0, n%d = -1;", ix, id);   /* set by the guard's check (cc cannot see it) */
        E(f, "sp_vm_range_fix(%s, &%s, &n%d);", recv, ix, id);
        E(f, "for (; %s <= n%d; %s++) {", ix, id, ix);
    } else
        E(f, "for (long %s = 0; %s < sp_ary_len_inline(%s); %s++) {",
          ix, ix, recv, ix);
    f->indent++;
    int ary = sh->ik < IK_TIMES;
    const char *elt = ary ? S("el%d", id) : S("SP_FIX(%s)", ix);
    if (ary) E(f, "sp_value %s = sp_ary_entry_inline(%s, %s); (void)%s;", elt, recv, ix, elt);
    if (sh->ik == IK_INJECT && !nargs) E(f, "if (%s == SP_UNDEF) { %s = %s; continue; }", acc, acc, elt);
    /* locals that nested inlined blocks reach live in an env of the
     * activation, fresh at each iteration as the block function's is;
     * it shadows the enclosing cenv, its parent */
    if (bsc->nenv) E(f, "sp_value *cenv = sp_vm_env_new(%d, penv%d); (void)cenv;", bsc->nenv, id);
    /* the block's locals: fresh (nil) at each activation; the parameters
     * get what the builtin yields */
    const char *pv[2] = { elt, S("SP_FIX(%s)", ix) };
    if (sh->ik == IK_INJECT) { pv[0] = acc; pv[1] = elt; }
    sp_node *ps = n->b->c;
    int np = ps ? ps->list.n : 0;
    for (int i = 0; i < bsc->nvars; i++) {
        const char *nm = bsc->vars[i].name;
        int pi = -1;
        for (int j = 0; j < np; j++) if (!strcmp(ps->list.v[j]->name, nm)) pi = j;
        const char *init = pi == 0 || pi == 1 ? pv[pi] : "SP_NIL";
        const char *v = var_ref(f, nm);
        if (bsc->vars[i].captured) E(f, "%s = %s;", v, init);
        else E(f, "sp_value %s = %s; (void)%s;", v, init, v);
    }
    f->cur_line = -1;
    /* `next v` ends the iteration with v (goto next_), `break v` the call
     * with v (goto brk_), as LP_INLINE loops do (emit_ctl.c) */
    const char *bv = tmp(f);
    loopctx *l = loop_push(f);
    l->kind = LP_INLINE;
    l->id = id;
    l->brk_depth = l->reg_depth = f->nreg;
    l->brk_res = res;
    l->res = bv;
    E(f, "%s = %s;", bv, n->b->body ? ex(f, n->b->body) : "SP_NIL");
    f->nloops--;
    E(f, "next_%d: __attribute__((unused));", id);
    if (sh->ik == IK_MAP) E(f, "sp_ary_push(%s, %s);", acc, bv);
    else if (collect) E(f, "if (%sSP_RTEST(%s)) sp_ary_push(%s, %s);", sh->ik == IK_REJECT ? "!" : "", bv, acc, elt);
    else if (sh->ik == IK_INJECT) E(f, "%s = %s;", acc, bv);
    else if (sh->ik == IK_SUM) {
        E(f, "if (!(%s == SP_NIL && SP_FIXNUM_P(%s) && SP_FIXNUM_P(%s) && sp_vm_fix_add(%s, %s, &%s))) {",
          rest, acc, bv, acc, bv, acc);
        E(f, "    if (%s == SP_NIL) %s = sp_ary_new();", rest, rest);
        E(f, "    sp_ary_push(%s, %s);", rest, bv);
        E(f, "}");
    }
    E(f, "SP_POLL();");
    f->indent--;
    E(f, "}");
    f->sc = saved_sc;
    f->inl_host = saved_host;
    f->frvar = saved_fr;
    if (collect) E(f, "%s = %s;", res, acc);
    else if (sh->ik == IK_INJECT) E(f, "%s = %s == SP_UNDEF ? SP_NIL : %s;", res, acc, acc);
    else if (sh->ik == IK_SUM) E(f, "%s = %s == SP_NIL ? %s : sp_vm_sum_rest(%s, %s);", res, rest, acc, acc, rest);
    else E(f, "%s = %s;", res, recv);
    E(f, "brk_%d: __attribute__((unused));", id);
    E(f, "ec->frame = %s.prev;", efr);
    f->indent--;
    E(f, "}");
    f->indent--;
    E(f, "}");
    f->cur_line = -1;
    return res;
}

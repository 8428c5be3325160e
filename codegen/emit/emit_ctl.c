/*
 * emit_ctl.c — control flow: if/and/or, while/until, break/next/redo/
 * return/retry, begin/rescue/else/ensure, case/when, case/in pattern
 * matching, defined?.
 *
 * Handler regions: every begin with rescue/ensure pushes an sp_handler
 * and records a region in f->reg; a break/next/return/retry compiled as a
 * C jump out of regions pops them first (unwind_to), running ensure
 * bodies inline.  Non-local exits (break from a block, return from a proc)
 * go through sp_jump and land on SP_H_TARGET handlers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit_int.h"
#include "typed_loop.h"

static int is_temp(const char *s) { return s[0] == 't' && s[1] >= '0' && s[1] <= '9'; }

static const char *fixv(fnctx *f, const char *e)
{
    if (is_temp(e) || !strncmp(e, "SP_", 3) || !strcmp(e, "self")) return e;
    const char *t = tmp(f);
    E(f, "%s = %s;", t, e);
    return t;
}

void emit_branch(fnctx *f, const char *lv, sp_node *n)
{
    f->indent++;
    f->cur_line = -1;
    const char *v = ex(f, n);
    E(f, "%s = %s;", lv, v);
    f->indent--;
}

const char *emit_if(fnctx *f, sp_node *n)
{
    const char *c = ex(f, n->a);
    const char *r = tmp(f);
    E(f, "if (SP_RTEST(%s)) {", c);
    emit_branch(f, r, n->b);
    E(f, "} else {");
    emit_branch(f, r, n->c);
    E(f, "}");
    f->cur_line = -1;
    return r;
}

const char *emit_and_or(fnctx *f, sp_node *n)
{
    const char *r = tmp(f);
    const char *a = ex(f, n->a);
    E(f, "%s = %s;", r, a);
    E(f, "if (%sSP_RTEST(%s)) {", n->kind == N_AND ? "" : "!", r);
    emit_branch(f, r, n->b);
    E(f, "}");
    f->cur_line = -1;
    return r;
}

/* Flip-flop `if a..b`: off -> a true turns it on (and `..` tests b at
 * once), on -> b true turns it off; true while on.  The state is a hidden
 * local of the method (resolve.c). */
/* One end of a flip-flop into c: an integer literal compares with $. (CRuby's
 * `if 4..5`, which also warns "integer literal in flip-flop"). */
static void flipflop_end(fnctx *f, const char *c, sp_node *e)
{
    if (e && e->kind == N_INT && !(e->flags & NF_BIGNUM) && e->ival > -(1LL << 40) && e->ival < (1LL << 40))
        E(f, "%s = sp_vm_gvar_get(spg_id[%d]) == SP_FIX(%lld) ? SP_TRUE : SP_FALSE;", c, sym_idc("$."),
          (long long)e->ival);
    else emit_branch(f, c, e);
}

const char *emit_flipflop(fnctx *f, sp_node *n)
{
    const char *st = var_ref(f, rs_flipflop_var(n));
    const char *r = tmp(f), *c = tmp(f);
    E(f, "if (!SP_RTEST(%s)) {", st);
    flipflop_end(f, c, n->a);
    E(f, "if (SP_RTEST(%s)) {", c);
    E(f, "%s = SP_TRUE; %s = SP_TRUE;", r, st);
    if (!(n->flags & NF_EXCLUSIVE)) {
        flipflop_end(f, c, n->b);
        E(f, "if (SP_RTEST(%s)) %s = SP_FALSE;", c, st);
    }
    E(f, "} else %s = SP_FALSE;", r);
    E(f, "} else {");
    E(f, "%s = SP_TRUE;", r);
    flipflop_end(f, c, n->b);
    E(f, "if (SP_RTEST(%s)) %s = SP_FALSE;", c, st);
    E(f, "}");
    f->cur_line = -1;
    return r;
}

/* A loop whose body is typed Integer/Float arithmetic gets a typed copy
 * too (typed_loop.c, from the analysis pass's facts); otherwise, and for
 * that loop's generic copy, the loop below.  The ty_* hooks place the
 * labels the typed copy bails out to. */
const char *emit_while(fnctx *f, sp_node *n)
{
    const char *r = ty_emit_loop(f, n);
    return r ? r : emit_while_plain(f, n);
}

const char *emit_while_plain(fnctx *f, sp_node *n)
{
    int id = newlabel(f);
    const char *r = tmp(f);
    int until = (n->flags & NF_UNTIL) != 0;
    int dowhile = (n->flags & NF_DO_WHILE) != 0;
    loopctx *l = loop_push(f);
    l->kind = LP_WHILE;
    l->id = id;
    l->reg_depth = f->nreg;
    l->res = r;
    E(f, "for (;;) {");
    f->indent++;
    f->cur_line = -1;
    if (!dowhile) {
        if (f->ty_generic) ty_place_label(f, n, TYL_COND);
        const char *c = ex(f, n->a);
        E(f, "if (%sSP_RTEST(%s)) break;", until ? "" : "!", c);
    }
    E(f, "redo_%d: __attribute__((unused));", id);
    f->cur_line = -1;
    stmt(f, n->body);
    E(f, "next_%d: __attribute__((unused));", id);
    if (f->ty_generic) ty_place_label(f, n, TYL_BACK);
    E(f, "SP_POLL();");
    if (f->ty_generic) ty_reentry(f, n);
    f->cur_line = -1;
    if (dowhile) {
        if (f->ty_generic) ty_place_label(f, n, TYL_COND);
        const char *c = ex(f, n->a);
        E(f, "if (%sSP_RTEST(%s)) break;", until ? "" : "!", c);
    }
    f->indent--;
    E(f, "}");
    E(f, "brk_%d: __attribute__((unused));", id);
    f->cur_line = -1;
    f->nloops--;
    return r;
}

static loopctx *cur_loop(fnctx *f) { return f->nloops ? &f->loops[f->nloops - 1] : NULL; }

static void func_return(fnctx *f, const char *v)
{
    unwind_to(f, 0);
    E(f, "%s", leave_code(f));
    E(f, "return %s;", v);
}

/* In a block: when the block runs as a lambda (bp is a lambda Proc),
 * break and return leave the lambda itself with v. */
static void lambda_return(fnctx *f, const char *v)
{
    E(f, "if (bp->hdr.flags & SP_FL_LAMBDA) {");
    f->indent++;
    func_return(f, v);
    f->indent--;
    E(f, "}");
}

const char *emit_break(fnctx *f, sp_node *n)
{
    const char *v = fixv(f, n->a ? ex(f, n->a) : "SP_NIL");
    loopctx *l = cur_loop(f);
    if (!l) { cerror(f, n, "Invalid break"); return "SP_NIL"; }
    if (l->kind == LP_WHILE) {
        E(f, "%s = %s;", l->res, v);
        unwind_to(f, l->reg_depth);
        E(f, "goto brk_%d;", l->id);
    } else if (l->kind == LP_INLINE) {
        E(f, "%s = %s;", l->brk_res, v);
        unwind_to(f, l->brk_depth);
        E(f, "goto brk_%d;", l->id);
    } else if (f->kind == SC_LAMBDA) {
        func_return(f, v);
    } else {
        lambda_return(f, v);
        unwind_to(f, 0);
        E(f, "sp_vm_break(bp, %s);", v);
    }
    return "SP_NIL";
}

const char *emit_next(fnctx *f, sp_node *n)
{
    const char *v = fixv(f, n->a ? ex(f, n->a) : "SP_NIL");
    loopctx *l = cur_loop(f);
    if (!l) { cerror(f, n, "Invalid next"); return "SP_NIL"; }
    if (l->kind == LP_WHILE) {
        unwind_to(f, l->reg_depth);
        E(f, "goto next_%d;", l->id);
    } else if (l->kind == LP_INLINE) {
        E(f, "%s = %s;", l->res, v);
        unwind_to(f, l->reg_depth);
        E(f, "goto next_%d;", l->id);
    } else {
        func_return(f, v);
    }
    return "SP_NIL";
}

const char *emit_redo(fnctx *f, sp_node *n)
{
    loopctx *l = cur_loop(f);
    if (!l) { cerror(f, n, "Invalid redo"); return "SP_NIL"; }
    unwind_to(f, l->reg_depth);
    E(f, "goto redo_%d;", l->id);
    return "SP_NIL";
}

const char *emit_retry(fnctx *f, sp_node *n)
{
    if (!f->nretry) { cerror(f, n, "Invalid retry"); return "SP_NIL"; }
    unwind_to(f, f->retry[f->nretry - 1].reg_depth);
    /* the rescued exception is done with: $! is what it was before begin */
    E(f, "ec->errinfo = %s;", f->retry[f->nretry - 1].err);
    E(f, "goto retry_%d;", f->retry[f->nretry - 1].id);
    return "SP_NIL";
}

const char *emit_return(fnctx *f, sp_node *n)
{
    const char *v = fixv(f, n->a ? ex(f, n->a) : "SP_NIL");
    set_line(f, n->line);
    if (f->kind == SC_BLOCK || f->kind == SC_FOR) {
        if (f->kind == SC_BLOCK) lambda_return(f, v);
        unwind_to(f, 0);
        E(f, "sp_vm_return(bp, %s);", v);
        return "SP_NIL";
    }
    func_return(f, v);
    return "SP_NIL";
}

/* ---------------------------------------------------------------- */
/* begin / rescue / else / ensure                                     */

static void push_region(fnctx *f, int kind, const char *h, sp_node *ens)
{
    region *r = reg_push(f);
    r->kind = kind;
    r->h = h;
    r->ensure = ens;
}

static const char *rescue_part(fnctx *f, sp_node *n, const char *r)
{
    if (!n->list.n) {
        const char *v = ex(f, n->body);
        E(f, "%s = %s;", r, v);
        if (n->c) { v = ex(f, n->c); E(f, "%s = %s;", r, v); }
        return r;
    }
    int id = newlabel(f);
    const char *h = S("rh%d", id);
    const char *olderr = tmp(f);
    E(f, "{");
    f->indent++;
    E(f, "sp_handler %s;", h);
    E(f, "%s = ec->errinfo;", olderr);
    E(f, "retry_%d: __attribute__((unused));", id);
    E(f, "sp_push_handler(ec, &%s, SP_H_RESCUE, NULL);", h);
    E(f, "if (_setjmp(%s.jb) == 0) {", h);
    f->indent++;
    f->cur_line = -1;
    push_region(f, RG_RESCUE, h, NULL);
    const char *v = ex(f, n->body);
    E(f, "%s = %s;", r, v);
    f->nreg--;
    E(f, "sp_pop_handler(ec, &%s);", h);
    if (n->c) {
        f->cur_line = -1;
        v = ex(f, n->c);
        E(f, "%s = %s;", r, v);
    }
    f->indent--;
    E(f, "} else {");
    f->indent++;
    f->cur_line = -1;
    E(f, "sp_pop_handler(ec, &%s);", h);
    const char *exc = tmp(f);
    E(f, "%s = ec->errinfo;", exc);
    retry_push(f, id, olderr);
    for (int i = 0; i < n->list.n; i++) {
        sp_node *rc = n->list.v[i];
        const char *m = tmp(f);
        E(f, "%s = SP_FALSE;", m);
        if (rc->list.n == 0) {
            E(f, "%s = SP_BOOL(sp_vm_rescue_match(sp_eStandardError, %s));", m, exc);
        } else {
            for (int j = 0; j < rc->list.n; j++) {
                sp_node *k = rc->list.v[j];
                E(f, "if (!SP_RTEST(%s)) {", m);
                f->indent++;
                if (k->kind == N_SPLAT) {
                    const char *kv = ex(f, k->a);
                    E(f, "%s = SP_BOOL(sp_vm_rescue_match_splat(%s, %s));", m, kv, exc);
                } else {
                    const char *kv = ex(f, k);
                    E(f, "%s = SP_BOOL(sp_vm_rescue_match(%s, %s));", m, kv, exc);
                }
                f->indent--;
                E(f, "}");
            }
        }
        E(f, "if (SP_RTEST(%s)) {", m);
        f->indent++;
        f->cur_line = -1;
        if (rc->a) emit_assign(f, rc->a, exc);
        /* leaving the clause any way restores $!: return/break/next/retry
         * through unwind_to, throw and other run-time jumps through the
         * SP_H_ERRINFO marker (sp_jump) */
        const char *eh = S("ei%d_%d", id, i);
        E(f, "sp_handler %s;", eh);
        E(f, "sp_push_handler(ec, &%s, SP_H_ERRINFO, (void *)(uintptr_t)%s);", eh, olderr);
        push_region(f, RG_ERRINFO, eh, NULL);
        f->reg[f->nreg - 1].aux = olderr;
        v = ex(f, rc->body);
        f->nreg--;
        E(f, "%s = %s;", r, v);
        E(f, "sp_pop_handler(ec, &%s);", eh);
        E(f, "ec->errinfo = %s;", olderr);
        f->indent--;
        E(f, "} else {");
        f->indent++;
    }
    E(f, "sp_rejump(ec);");
    for (int i = 0; i < n->list.n; i++) { f->indent--; E(f, "}"); }
    f->nretry--;
    f->indent--;
    E(f, "}");
    f->indent--;
    E(f, "}");
    f->cur_line = -1;
    return r;
}

const char *emit_begin(fnctx *f, sp_node *n)
{
    if (!n->list.n && !n->d) {
        const char *v = ex(f, n->body);
        if (n->c) v = ex(f, n->c);
        return v;
    }
    const char *r = tmp(f);
    if (!n->d) return rescue_part(f, n, r);
    int id = newlabel(f);
    const char *h = S("eh%d", id);
    E(f, "{");
    f->indent++;
    E(f, "sp_handler %s;", h);
    E(f, "sp_push_handler(ec, &%s, SP_H_ENSURE, NULL);", h);
    E(f, "if (_setjmp(%s.jb) == 0) {", h);
    f->indent++;
    f->cur_line = -1;
    push_region(f, RG_ENSURE, h, n->d);
    rescue_part(f, n, r);
    f->nreg--;
    E(f, "sp_pop_handler(ec, &%s);", h);
    f->cur_line = -1;
    stmt(f, n->d);
    f->indent--;
    E(f, "} else {");
    f->indent++;
    f->cur_line = -1;
    E(f, "sp_vm_jumpstate js;");
    E(f, "sp_pop_handler(ec, &%s);", h);
    E(f, "sp_vm_save_jump(ec, &js);");
    stmt(f, n->d);
    E(f, "sp_vm_restore_jump(ec, &js);");
    E(f, "sp_rejump(ec);");
    f->indent--;
    E(f, "}");
    f->indent--;
    E(f, "}");
    f->cur_line = -1;
    return r;
}

/* ---------------------------------------------------------------- */
/* case / when                                                        */

const char *emit_case(fnctx *f, sp_node *n)
{
    const char *subj = n->a ? fixv(f, ex(f, n->a)) : NULL;
    const char *r = tmp(f);
    int id = newlabel(f);
    for (int i = 0; i < n->list.n; i++) {
        sp_node *w = n->list.v[i];
        const char *m = tmp(f);
        E(f, "%s = SP_FALSE;", m);
        for (int j = 0; j < w->list.n; j++) {
            sp_node *t = w->list.v[j];
            E(f, "if (!SP_RTEST(%s)) {", m);
            f->indent++;
            f->cur_line = -1;
            if (t->kind == N_SPLAT) {
                const char *v = ex(f, t->a);
                if (subj) E(f, "%s = SP_BOOL(sp_vm_case_eq_splat(%s, %s));", m, v, subj);
                else E(f, "%s = SP_BOOL(sp_vm_case_eq_splat(%s, SP_UNDEF));", m, v);
            } else {
                const char *v = ex(f, t);
                set_line(f, t->line);
                if (subj) E(f, "%s = SP_BOOL(sp_vm_case_eq(%s, %s));", m, v, subj);
                else E(f, "%s = %s;", m, v);
            }
            f->indent--;
            E(f, "}");
        }
        E(f, "if (SP_RTEST(%s)) {", m);
        f->indent++;
        f->cur_line = -1;
        const char *v = ex(f, w->body);
        E(f, "%s = %s;", r, v);
        E(f, "goto case_end_%d;", id);
        f->indent--;
        E(f, "}");
    }
    f->cur_line = -1;
    const char *v = ex(f, n->c);
    E(f, "%s = %s;", r, v);
    E(f, "case_end_%d: __attribute__((unused));", id);
    f->cur_line = -1;
    return r;
}

/* ---------------------------------------------------------------- */
/* case / in                                                          */

/* pv === v or jump to fail (recording CRuby's single-pattern message). */
static void pat_eq(fnctx *f, const char *pv, const char *v, const char *fail)
{
    if (f->pat_key)
        E(f, "if (!sp_vm_case_eq(%s, %s)) { %s = sp_vm_pat_eq_msg(%s, %s); goto %s; }", pv, v, f->pat_key, pv, v, fail);
    else
        E(f, "if (!sp_vm_case_eq(%s, %s)) goto %s;", pv, v, fail);
}

/* An array or find pattern's prologue: its constant (Const(...)) checked
 * with ===, then v deconstructed; the temporary holding the Array. */
static const char *pat_deconstruct(fnctx *f, sp_node *p, const char *v, const char *fail)
{
    if (p->b) {
        const char *k = ex(f, p->b);
        E(f, "if (!sp_vm_case_eq(%s, %s)) goto %s;", k, v, fail);
    }
    const char *a = tmp(f);
    E(f, "%s = sp_vm_pat_deconstruct(%s);", a, v);
    E(f, "if (%s == SP_UNDEF) goto %s;", a, fail);
    return a;
}

/* Emit code that jumps to `fail` unless v matches pattern p. */
static void pat(fnctx *f, sp_node *p, const char *v, const char *fail)
{
    switch (p->kind) {
    case N_PAT_VALUE: case N_PAT_PIN: {
        const char *pv;
        if (p->kind == N_PAT_VALUE && p->a && p->a->kind == N_RANGE) pv = ex(f, p->a);
        else pv = ex(f, p->a);
        set_line(f, p->line);
        pat_eq(f, pv, v, fail);
        break;
    }
    case N_PAT_CONST: {
        const char *pv = ex(f, p->a);
        pat_eq(f, pv, v, fail);
        break;
    }
    case N_PAT_BIND:
        if (p->a) pat(f, p->a, v, fail);
        if (p->name && strcmp(p->name, "_")) E(f, "%s = %s;", var_ref(f, p->name), v);
        else if (p->name) E(f, "%s = %s;", var_ref(f, p->name), v);
        break;
    case N_PAT_ALT: {
        int id = newlabel(f);
        const char *alt = S("alt_%d", id);
        const char *ok = S("altok_%d", id);
        pat(f, p->a, v, alt);
        E(f, "goto %s;", ok);
        E(f, "%s: __attribute__((unused));", alt);
        pat(f, p->b, v, fail);
        E(f, "%s: __attribute__((unused));", ok);
        break;
    }
    case N_PAT_ARRAY: {
        const char *a = pat_deconstruct(f, p, v, fail);
        int pre = p->list.n, post = p->list2.n;
        if (p->c) E(f, "if (sp_ary_len(%s) < %d) goto %s;", a, pre + post, fail);
        else E(f, "if (sp_ary_len(%s) != %d) goto %s;", a, pre, fail);
        for (int i = 0; i < pre; i++) {
            const char *e = tmp(f);
            E(f, "%s = sp_ary_entry(%s, %d);", e, a, i);
            pat(f, p->list.v[i], e, fail);
        }
        if (p->c) {
            if (p->c->a) {
                const char *rest = tmp(f);
                E(f, "%s = sp_vm_ary_slice(%s, %d, sp_ary_len(%s) - %d);", rest, a, pre, a, pre + post);
                pat(f, p->c->a, rest, fail);
            }
            for (int j = 0; j < post; j++) {
                const char *e = tmp(f);
                E(f, "%s = sp_ary_entry(%s, sp_ary_len(%s) - %d);", e, a, a, post - j);
                pat(f, p->list2.v[j], e, fail);
            }
        }
        break;
    }
    case N_PAT_FIND: {
        const char *a = pat_deconstruct(f, p, v, fail);
        int nmid = p->list.n - 2;
        if (nmid < 0) { cerror(f, p, "malformed find pattern"); break; }
        int id = newlabel(f);
        const char *pos = tmp(f);
        E(f, "%s = SP_FIX(0);", pos);
        E(f, "find_%d: __attribute__((unused));", id);
        E(f, "if (SP_FIX2LONG(%s) + %d > sp_ary_len(%s)) goto %s;", pos, nmid, a, fail);
        const char *next = S("findnext_%d", id);
        for (int i = 0; i < nmid; i++) {
            const char *e = tmp(f);
            E(f, "%s = sp_ary_entry(%s, SP_FIX2LONG(%s) + %d);", e, a, pos, i);
            pat(f, p->list.v[1 + i], e, next);
        }
        sp_node *prs = p->list.v[0], *pos_s = p->list.v[p->list.n - 1];
        if (prs && prs->kind == N_SPLAT && prs->a) {
            const char *s = tmp(f);
            E(f, "%s = sp_vm_ary_slice(%s, 0, SP_FIX2LONG(%s));", s, a, pos);
            pat(f, prs->a, s, fail);
        }
        if (pos_s && pos_s->kind == N_SPLAT && pos_s->a) {
            const char *s = tmp(f);
            E(f, "%s = sp_vm_ary_slice(%s, SP_FIX2LONG(%s) + %d, sp_ary_len(%s));", s, a, pos, nmid, a);
            pat(f, pos_s->a, s, fail);
        }
        E(f, "goto findok_%d;", id);
        E(f, "%s: __attribute__((unused));", next);
        E(f, "%s = SP_FIX(SP_FIX2LONG(%s) + 1);", pos, pos);
        E(f, "goto find_%d;", id);
        E(f, "findok_%d: __attribute__((unused));", id);
        break;
    }
    case N_PAT_HASH: {
        if (p->b) {
            const char *k = ex(f, p->b);
            E(f, "if (!sp_vm_case_eq(%s, %s)) goto %s;", k, v, fail);
        }
        int nk = p->list.n;
        for (int i = 0; i < nk; i++)    /* a key the parser left without a name */
            if (!p->list.v[i]->a || !p->list.v[i]->a->name) {
                cerror(f, p, "this hash pattern key is not supported");
                return;
            }
        const char *keys = "SP_NIL";
        if (!p->c) {
            buf b = {0};
            for (int i = 0; i < nk; i++) bputf(&b, "%sspg_sym[%d]", i ? ", " : "", sym_idc(p->list.v[i]->a->name));
            keys = tmp(f);
            if (nk) E(f, "%s = sp_ary_new_from(%d, (const sp_value[]){ %s });", keys, nk, b.p);
            else E(f, "%s = sp_ary_new();", keys);
        }
        const char *h = tmp(f);
        E(f, "%s = sp_vm_pat_deconstruct_keys(%s, %s);", h, v, keys);
        E(f, "if (%s == SP_UNDEF) goto %s;", h, fail);
        /* `in {}` (no keys, no rest) matches only an empty Hash */
        if (nk == 0 && !p->c && !(p->flags & NF_NOKW)) E(f, "if (sp_hash_size(%s) != 0) goto %s;", h, fail);
        for (int i = 0; i < nk; i++) {
            sp_node *pr = p->list.v[i];
            const char *e = tmp(f);
            if (f->pat_key)
                E(f, "if (!sp_vm_pat_has_key(%s, spg_sym[%d], (sp_value *)&%s)) { %s = spg_sym[%d]; goto %s; }", h,
                  sym_idc(pr->a->name), e, f->pat_key, sym_idc(pr->a->name), fail);
            else
                E(f, "if (!sp_vm_pat_has_key(%s, spg_sym[%d], (sp_value *)&%s)) goto %s;", h, sym_idc(pr->a->name), e, fail);
            if (pr->b) pat(f, pr->b, e, fail);
            else E(f, "%s = %s;", var_ref(f, pr->a->name), e);
        }
        if ((p->flags & NF_NOKW) || (p->c && p->c->a)) {
            buf b = {0};
            for (int i = 0; i < nk; i++) bputf(&b, "%sspg_sym[%d]", i ? ", " : "", sym_idc(p->list.v[i]->a->name));
            const char *rest = tmp(f);
            if (nk) E(f, "%s = sp_vm_hash_except(%s, %d, (const sp_value[]){ %s });", rest, h, nk, b.p);
            else E(f, "%s = sp_vm_hash_except(%s, 0, NULL);", rest, h);
            if (p->flags & NF_NOKW) E(f, "if (sp_hash_size(%s) != 0) goto %s;", rest, fail);
            else pat(f, p->c->a, rest, fail);
        }
        break;
    }
    case N_LVAR:
        E(f, "%s = %s;", var_ref(f, p->name), v);
        break;
    default: {
        /* plain expression used as a value pattern */
        const char *pv = ex(f, p);
        E(f, "if (!sp_vm_case_eq(%s, %s)) goto %s;", pv, v, fail);
        break;
    }
    }
}

const char *emit_case_in(fnctx *f, sp_node *n)
{
    const char *subj = fixv(f, ex(f, n->a));
    const char *r = tmp(f);
    int id = newlabel(f);
    const char *saved_key = f->pat_key;
    const char *keyv = NULL;
    if (!n->c && n->list.n == 1) {
        keyv = tmp(f);
        E(f, "%s = SP_UNDEF;", keyv);
    }
    f->pat_key = keyv;
    for (int i = 0; i < n->list.n; i++) {
        sp_node *in = n->list.v[i];
        const char *fail = S("in_fail_%d_%d", id, i);
        E(f, "{");
        f->indent++;
        f->cur_line = -1;
        pat(f, in->a, subj, fail);
        if (in->b) {
            sp_node *g = in->b;
            sp_node *cond = g->kind == N_IF ? g->a : g;
            const char *c = ex(f, cond);
            int unless = (g->flags & NF_UNLESS) != 0;
            E(f, "if (%sSP_RTEST(%s)) goto %s;", unless ? "" : "!", c, fail);
        }
        f->cur_line = -1;
        const char *v = ex(f, in->body);
        E(f, "%s = %s;", r, v);
        E(f, "goto in_end_%d;", id);
        f->indent--;
        E(f, "}");
        E(f, "%s: __attribute__((unused));", fail);
    }
    f->cur_line = -1;
    if (n->c) {
        const char *v = ex(f, n->c);
        E(f, "%s = %s;", r, v);
    } else {
        set_line(f, n->line);
        if (keyv) E(f, "if (SP_SYMBOL_P(%s)) sp_vm_no_pattern_key(%s, %s);", keyv, subj, keyv);
        if (keyv) E(f, "if (%s != SP_UNDEF) sp_vm_no_pattern_msg(%s, %s);", keyv, subj, keyv);
        E(f, "sp_vm_no_pattern(%s);", subj);
    }
    f->pat_key = saved_key;
    E(f, "in_end_%d: __attribute__((unused));", id);
    f->cur_line = -1;
    return r;
}

/* ---------------------------------------------------------------- */
/* defined?                                                           */

static const char *dstr_lit(const char *s)
{
    return lit_static(S("sp_vm_defined_str(\"%s\")", s));
}

const char *emit_defined(fnctx *f, sp_node *n)
{
    sp_node *e = n->a;
    const char *t = tmp(f);
    if (!e) return "SP_NIL";
    switch (e->kind) {
    case N_LVAR: return dstr_lit("local-variable");
    case N_NIL: return dstr_lit("nil");
    case N_TRUE: return dstr_lit("true");
    case N_FALSE: return dstr_lit("false");
    case N_ARRAY: {
        /* [a, b]: defined while every element is (left to right) */
        E(f, "%s = %s;", t, dstr_lit("expression"));
        int open = 0;
        for (int i = 0; i < e->list.n; i++) {
            sp_node *el = e->list.v[i]->kind == N_SPLAT && e->list.v[i]->a ? e->list.v[i]->a : e->list.v[i];
            sp_node tmpn = *n;
            tmpn.a = el;
            const char *d = emit_defined(f, &tmpn);
            E(f, "if (SP_NIL_P(%s)) %s = SP_NIL;", d, t);
            if (i + 1 < e->list.n) { E(f, "if (!SP_NIL_P(%s)) {", t); f->indent++; open++; }
        }
        while (open--) { f->indent--; E(f, "}"); }
        f->cur_line = -1;
        return t;
    }
    case N_INT: case N_FLOAT: case N_STR: case N_DSTR:
    case N_SYM: case N_HASH: case N_RANGE: case N_REGEX: case N_AND: case N_OR: case N_NOT:
        return dstr_lit("expression");
    case N_SELF: return dstr_lit("self");
    case N_LASGN: case N_IASGN: case N_GASGN: case N_CVASGN: case N_CDECL: case N_OP_ASGN: case N_MASGN:
        return dstr_lit("assignment");
    case N_IVAR:
        E(f, "%s = sp_ivar_defined(self, spg_id[%d]) ? %s : SP_NIL;", t, sym_idc(e->name), dstr_lit("instance-variable"));
        return t;
    case N_GVAR:
        E(f, "%s = sp_vm_gvar_defined(spg_id[%d]) ? %s : SP_NIL;", t, sym_idc(e->name), dstr_lit("global-variable"));
        return t;
    case N_NTH_REF: case N_BACK_REF: {
        /* $1, $&, $`, $', $+: defined while the last match provides them */
        const char *v = ex(f, e);
        E(f, "%s = %s != SP_NIL ? %s : SP_NIL;", t, v, dstr_lit("global-variable"));
        return t;
    }
    case N_CVAR:
        E(f, "%s = sp_vm_cvar_defined(%s, self, spg_id[%d]) ? %s : SP_NIL;", t, cref_of(f), sym_idc(e->name), dstr_lit("class variable"));
        return t;
    case N_CONST:
        if (e->flags & NF_PSEUDO) return dstr_lit("expression");
        if (!e->a && !(e->flags & NF_TOPLEVEL)) {
            E(f, "%s = sp_vm_const_defined(%s, spg_id[%d]) ? %s : SP_NIL;", t, cref_of(f), sym_idc(e->name), dstr_lit("constant"));
            return t;
        }
        {
            /* A::B: evaluate A under a rescue */
            const char *sc = e->a ? NULL : "sp_cObject";
            if (e->a) {
                sp_node tmpn = *n;
                tmpn.a = e->a;
                const char *d = emit_defined(f, &tmpn);
                E(f, "%s = SP_NIL;", t);
                E(f, "if (!SP_NIL_P(%s)) {", d);
                f->indent++;
                sc = ex(f, e->a);
                E(f, "%s = sp_vm_defined_method(%s, spg_id[%d], 2);", t, sc, sym_idc(e->name));
                E(f, "if (!SP_NIL_P(%s)) %s = %s;", t, t, dstr_lit("constant"));
                f->indent--;
                E(f, "}");
                return t;
            }
            E(f, "%s = sp_vm_defined_method(%s, spg_id[%d], 2);", t, sc, sym_idc(e->name));
            E(f, "if (!SP_NIL_P(%s)) %s = %s;", t, t, dstr_lit("constant"));
            return t;
        }
    case N_YIELD:
        E(f, "%s = SP_NIL_P(%s) ? SP_NIL : %s;", t, blk_of(f), dstr_lit("yield"));
        return t;
    case N_SUPER: case N_ZSUPER: {
        const char *dn = def_name_of(f);
        if (rs_is_block(f->sc)) {   /* a define_method body decides at run time */
            E(f, "%s = sp_vm_super_defined_b(bp, self, %s, %s) ? %s : SP_NIL;", t,
              dn ? S("spg_id[%d]", sym_idc(dn)) : "0", dn ? def_fn_of(f) : "NULL", dstr_lit("super"));
            return t;
        }
        if (!dn) return "SP_NIL";
        E(f, "%s = sp_vm_super_defined(self, spg_id[%d], %s) ? %s : SP_NIL;", t, sym_idc(dn), def_fn_of(f), dstr_lit("super"));
        return t;
    }
    case N_CALL:
        if (!e->a) {
            E(f, "%s = sp_vm_defined_method(self, spg_id[%d], 1);", t, sym_idc(e->name));
            return t;
        }
        {
            sp_node tmpn = *n;
            tmpn.a = e->a;
            const char *d = emit_defined(f, &tmpn);
            E(f, "%s = SP_NIL;", t);
            E(f, "if (!SP_NIL_P(%s)) {", d);
            f->indent++;
            const char *r = ex(f, e->a);
            E(f, "%s = sp_vm_defined_method(%s, spg_id[%d], 0);", t, r, sym_idc(e->name));
            f->indent--;
            E(f, "}");
            f->cur_line = -1;
            return t;
        }
    default:
        return dstr_lit("expression");
    }
}

/* Does a block body (not counting nested defs/classes) use super,
 * __method__, def, alias or undef?  Such a block created inside another
 * block inherits that block's define_method entry and instance_eval
 * definee (sp_vm_proc_inherit_bm). */
int uses_bmethod(const sp_node *n)
{
    if (!n) return 0;
    switch (n->kind) {
    case N_DEF: return !n->a;      /* `def m` (not `def obj.m`) uses the definee */
    case N_CLASS: case N_MODULE: case N_SCLASS: return 0;
    case N_SUPER: case N_ZSUPER: case N_ALIAS: case N_UNDEF: return 1;
    case N_CALL:
        if (!n->a && n->name && !strcmp(n->name, "__method__")) return 1;
        break;
    default: break;
    }
    if (uses_bmethod(n->a) || uses_bmethod(n->b) || uses_bmethod(n->c) || uses_bmethod(n->d) ||
        uses_bmethod(n->body)) return 1;
    for (int i = 0; i < n->list.n; i++) if (uses_bmethod(n->list.v[i])) return 1;
    for (int i = 0; i < n->list2.n; i++) if (uses_bmethod(n->list2.v[i])) return 1;
    return 0;
}

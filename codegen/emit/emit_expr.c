/*
 * emit_expr.c — expressions: literals, variables, assignment (simple,
 * multiple, operator), calls (inline caches, operator fast paths, splats,
 * keyword arguments, literal blocks with their break targets), super,
 * yield, definitions.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit_int.h"
#include "loadpath.h"
#include "ceval.h"
#include "typed_loop.h"

static const char *local_variables(fnctx *f);

static int is_temp(const char *s) { return s[0] == 't' && s[1] >= '0' && s[1] <= '9'; }

/* Copy an expression into a fresh temp (to freeze its value). */
static const char *fix(fnctx *f, const char *e)
{
    if (is_temp(e) || !strncmp(e, "SP_", 3) || !strncmp(e, "spg_", 4) || !strcmp(e, "self")) return e;
    const char *t = tmp(f);
    E(f, "%s = %s;", t, e);
    return t;
}

void stmt(fnctx *f, sp_node *n)
{
    if (!n) return;
    (void)ex(f, n);
}

/* ---------------------------------------------------------------- */
/* literals                                                           */

static const char *str_lit(fnctx *f, sp_node *n)
{
    buf b = {0};
    bput_cstr(&b, n->str ? n->str : "", n->len);
    int enc = (n->flags & NF_ENC_BINARY) ? 1 : (n->flags & NF_ENC_USASCII) ? 2 : 0;
    if (n->flags & NF_FROZEN) {
        if (enc) return lit_static(S("sp_str_src_enc(sp_str_new_frozen(%s, %zu), %d)", b.p, n->len, enc));
        return lit_static(S("sp_str_new_frozen(%s, %zu)", b.p, n->len));
    }
    const char *t = tmp(f);
    if (enc) E(f, "%s = sp_str_src_enc(sp_str_new(%s, %zu), %d);", t, b.p, n->len, enc);
    else E(f, "%s = sp_str_new(%s, %zu);", t, b.p, n->len);
    return t;
}

static const char *dstr(fnctx *f, sp_node *n)
{
    int k = n->list.n;
    if (k == 0) { const char *t = tmp(f); E(f, "%s = sp_str_new(\"\", 0);", t); return t; }
    const char **parts = calloc((size_t)k, sizeof *parts);
    for (int i = 0; i < k; i++) {
        sp_node *p = n->list.v[i];
        if (p->kind == N_STR) {
            buf b = {0};
            bput_cstr(&b, p->str ? p->str : "", p->len);
            parts[i] = lit_static(S("sp_str_new_frozen(%s, %zu)", b.p, p->len));
        } else if (p->kind == N_EVSTR) {
            parts[i] = fix(f, p->a ? ex(f, p->a) : "SP_NIL");
        } else {
            parts[i] = fix(f, ex(f, p));
        }
    }
    buf b = {0};
    for (int i = 0; i < k; i++) bputf(&b, "%s%s", i ? ", " : "", parts[i]);
    const char *t = tmp(f);
    set_line(f, n->line);
    E(f, "%s = sp_vm_dstr(%d, (const sp_value[]){ %s });", t, k, b.p);
    return t;
}

static const char *int_lit(fnctx *f, sp_node *n)
{
    (void)f;
    if (n->flags & NF_BIGNUM) {
        buf b = {0};
        bput_cstr(&b, n->str, n->len);
        return lit_static(S("sp_vm_bignum(%s)", b.p));
    }
    if (n->ival >= -(1LL << 62) && n->ival < (1LL << 62)) return S("SP_FIX(INT64_C(%lld))", (long long)n->ival);
    return lit_static(S("sp_int_new(INT64_C(%lld))", (long long)n->ival));
}

static const char *array_lit(fnctx *f, sp_node *n)
{
    int splat = 0;
    for (int i = 0; i < n->list.n; i++) if (n->list.v[i]->kind == N_SPLAT) splat = 1;
    const char *t;
    if (!splat) {
        if (n->list.n == 0) { t = tmp(f); E(f, "%s = sp_ary_new();", t); return t; }
        buf b = {0};
        for (int i = 0; i < n->list.n; i++) bputf(&b, "%s%s", i ? ", " : "", fix(f, ex(f, n->list.v[i])));
        t = tmp(f);
        if (n->list.n == 2) E(f, "%s = sp_ary_new2(%s);", t, b.p);   /* pairs, tree nodes */
        else E(f, "%s = sp_ary_new_from(%d, (const sp_value[]){ %s });", t, n->list.n, b.p);
        return t;
    }
    t = tmp(f);
    E(f, "%s = sp_ary_new();", t);
    for (int i = 0; i < n->list.n; i++) {
        sp_node *e = n->list.v[i];
        if (e->kind == N_SPLAT) {
            const char *v = e->a ? ex(f, e->a) : var_ref(f, "%rest");
            set_line(f, e->line);
            E(f, "sp_vm_push_splat(%s, %s);", t, v);
        } else {
            const char *v = ex(f, e);
            E(f, "sp_ary_push(%s, %s);", t, v);
        }
    }
    return t;
}

static const char *hash_lit(fnctx *f, sp_node *n)
{
    int ds = 0;
    for (int i = 0; i < n->list.n; i++) if (n->list.v[i]->kind == N_DSPLAT) ds = 1;
    const char *t;
    if (!ds) {
        if (n->list.n == 0) { t = tmp(f); E(f, "%s = sp_hash_new();", t); return t; }
        buf b = {0};
        for (int i = 0; i < n->list.n; i++) {
            sp_node *p = n->list.v[i];
            const char *k = fix(f, ex(f, p->a));
            const char *v = fix(f, p->b ? ex(f, p->b) : "SP_NIL");
            bputf(&b, "%s%s, %s", i ? ", " : "", k, v);
        }
        t = tmp(f);
        E(f, "%s = sp_vm_hash_lit(%d, (const sp_value[]){ %s });", t, 2 * n->list.n, b.p);
        return t;
    }
    t = tmp(f);
    E(f, "%s = sp_hash_new();", t);
    for (int i = 0; i < n->list.n; i++) {
        sp_node *p = n->list.v[i];
        if (p->kind == N_DSPLAT) {
            const char *v = p->a ? ex(f, p->a) : var_ref(f, "%kwrest");
            E(f, "sp_vm_hash_merge_kw(%s, %s);", t, v);
        } else {
            const char *k = fix(f, ex(f, p->a));
            const char *v = p->b ? ex(f, p->b) : "SP_NIL";
            E(f, "sp_hash_aset(%s, %s, %s);", t, k, v);
        }
    }
    return t;
}

static const char *regex_lit(fnctx *f, sp_node *n)
{
    int opts = (int)(n->ival & (RE_I | RE_X | RE_M | RE_U | RE_N));
    if (n->list.n == 1 && n->list.v[0]->kind == N_STR) {
        sp_node *s = n->list.v[0];
        buf b = {0};
        bput_cstr(&b, s->str ? s->str : "", s->len);
        const char *re = S("sp_vm_regex(sp_str_new_frozen(%s, %zu), %d)", b.p, s->len, opts);
        return defer_unsupported() ? lit_lazy(re) : lit_static(re);
    }
    if (n->list.n == 0) return lit_static(S("sp_vm_regex(sp_str_new_frozen(\"\", 0), %d)", opts));
    const char *s = dstr(f, n);
    const char *t = tmp(f);
    E(f, "%s = sp_vm_regex(%s, %d);", t, s, opts);
    return t;
}

/* ---------------------------------------------------------------- */
/* variables and assignment                                           */

static const char *const_get(fnctx *f, sp_node *n)
{
    int id = sym_idc(n->name);
    const char *t = tmp(f);
    set_line(f, n->line);
    site_note(n->name, n->line, n->col, n->end_col);
    if (n->flags & NF_TOPLEVEL) E(f, "%s = sp_vm_const_top(spg_id[%d]);", t, id);
    else if (n->a) {
        const char *sc = ex(f, n->a);
        set_line(f, n->line);
        E(f, "%s = sp_vm_const_scoped(%s, spg_id[%d]);", t, sc, id);
    } else E(f, "%s = sp_vm_const(%s, &spg_cc[%d], spg_id[%d]);", t, cref_of(f), ccache_new(), id);
    return t;
}

static const char *attr_name(const char *name)
{
    size_t l = strlen(name);
    if (l && name[l - 1] == '=' && strcmp(name, "==") && strcmp(name, "!=") && strcmp(name, "<=") && strcmp(name, ">=")) return name;
    if (!strcmp(name, "[]")) return "[]=";
    return S("%s=", name);
}

/* Assignment targets whose receiver, index arguments or constant scope
 * were evaluated before the value (CRuby evaluates left to right:
 * `(r).a, (s)[i] = v1, v2` runs r, s, i, then v1, v2), while that
 * assignment is emitted: target node -> the temps. */
typedef struct preval { const sp_node *t; const char *recv; const char **args; int nargs; } preval;

static int has_splat(sp_nodes *args);

static const preval *preval_of(const sp_node *t)
{
    emit_expr_state *x = emit_ex();
    for (int i = x->npre - 1; i >= 0; i--) if (x->pre[i].t == t) return &x->pre[i];
    return NULL;
}

static void pre_eval_targets(fnctx *f, sp_node **tg, int n)
{
    for (int i = 0; i < n; i++) {
        sp_node *t = tg[i];
        if (t->kind == N_MLHS) { pre_eval_targets(f, t->list.v, t->list.n); continue; }
        if (t->kind == N_SPLAT) { if (t->a) pre_eval_targets(f, &t->a, 1); continue; }
        preval pv = { t, NULL, NULL, -1 };
        if (t->kind == N_CDECL && t->b && !(t->flags & NF_TOPLEVEL)) pv.recv = fix(f, ex(f, t->b));
        else if (t->kind == N_CALL && !(t->flags & NF_SAFE_NAV)) {
            pv.recv = t->a ? fix(f, ex(f, t->a)) : "self";
            if (!has_splat(&t->list)) {
                pv.args = malloc(((size_t)t->list.n + 1) * sizeof *pv.args);
                pv.nargs = t->list.n;
                for (int k = 0; k < t->list.n; k++) pv.args[k] = fix(f, ex(f, t->list.v[k]));
            }
        } else continue;
        emit_expr_state *x = emit_ex();
        if (x->npre == x->cappre) {
            x->cappre = x->cappre ? x->cappre * 2 : 16;
            x->pre = realloc(x->pre, (size_t)x->cappre * sizeof *x->pre);
        }
        x->pre[x->npre++] = pv;
    }
}

void emit_assign(fnctx *f, sp_node *t, const char *val)
{
    const preval *pv = preval_of(t);
    switch (t->kind) {
    case N_LASGN: case N_LVAR:
        E(f, "%s = %s;", var_ref(f, t->name), val);
        break;
    case N_IASGN: case N_IVAR:
        E(f, "sp_vm_ivar_set(self, spg_id[%d], %s, &spg_ic[%d]);", sym_idc(t->name), val, ivcache_new());
        break;
    case N_GASGN: case N_GVAR:
        set_line(f, t->line);   /* the setters check types and warn */
        E(f, "sp_vm_gvar_set(spg_id[%d], %s);", sym_idc(t->name), val);
        break;
    case N_CVASGN: case N_CVAR:
        E(f, "sp_vm_cvar_set(%s, self, spg_id[%d], %s);", cref_of(f), sym_idc(t->name), val);
        break;
    case N_CDECL: case N_CONST: {
        const char *sc;
        sp_node *scope = t->kind == N_CDECL ? t->b : t->a;
        if (t->flags & NF_TOPLEVEL) sc = "sp_cObject";
        else if (pv && pv->recv) sc = pv->recv;
        else if (scope) sc = ex(f, scope);
        else sc = S("%s->klass", cref_of(f));
        E(f, "sp_vm_cdecl(%s, spg_id[%d], %s);", sc, sym_idc(t->name), val);
        break;
    }
    case N_CALL: {
        const char *recv = pv ? pv->recv : t->a ? ex(f, t->a) : "self";
        int n = 0;
        const char **args = malloc(((size_t)t->list.n + 1) * sizeof *args);
        for (int i = 0; i < t->list.n; i++) args[n++] = pv && pv->nargs >= 0 ? pv->args[i] : fix(f, ex(f, t->list.v[i]));
        args[n++] = val;
        buf b = {0};
        for (int i = 0; i < n; i++) bputf(&b, "%s%s", i ? ", " : "", args[i]);
        int cs = callsite(attr_name(t->name), (t->a && t->a->kind != N_SELF) ? 0 : 1, t->line, t->col, t->end_col);
        set_line(f, t->line);
        /* `for a&.x in ..`, `rescue => a&.x`: nothing is assigned when a is nil */
        int safe = (t->flags & NF_SAFE_NAV) && t->a;
        if (safe) E(f, "if (%s != SP_NIL) {", recv);
        if (n == 1 && t->a && attr_declared(attr_name(t->name)))
            E(f, "sp_vm_attr_set(&spg_cs[%d], %s, %s, &spg_ic[%d]);", cs, recv, val, ivcache_new());
        else E(f, "sp_send(&spg_cs[%d], %s, %d, (const sp_value[]){ %s }, SP_NIL);", cs, recv, n, b.p);
        if (safe) E(f, "}");
        break;
    }
    case N_MLHS:
        emit_masgn_value(f, t->list.v, t->list.n, val);
        break;
    case N_SPLAT:
        if (t->a) emit_assign(f, t->a, val);
        break;
    default:
        cerror(f, t, "unsupported assignment target (%s)", ast_kind_name(t->kind));
    }
}

const char *emit_masgn_value(fnctx *f, sp_node **tg, int n, const char *val)
{
    const char *a = tmp(f);
    E(f, "%s = sp_vm_masgn_ary(%s);", a, val);
    int rest = -1;
    for (int i = 0; i < n; i++) if (tg[i]->kind == N_SPLAT) rest = i;
    if (rest < 0) {
        for (int i = 0; i < n; i++) {
            const char *v = tmp(f);
            E(f, "%s = sp_ary_entry(%s, %d);", v, a, i);
            emit_assign(f, tg[i], v);
        }
        return a;
    }
    int npost = n - rest - 1;
    for (int i = 0; i < rest; i++) {
        const char *v = tmp(f);
        E(f, "%s = sp_ary_entry(%s, %d);", v, a, i);
        emit_assign(f, tg[i], v);
    }
    const char *len = tmp(f);
    E(f, "%s = SP_FIX(sp_ary_len(%s));", len, a);
    if (tg[rest]->a) {
        const char *v = tmp(f);
        E(f, "%s = sp_vm_ary_slice(%s, %d, SP_FIX2LONG(%s) - %d);", v, a, rest, len, rest + npost);
        emit_assign(f, tg[rest]->a, v);
    }
    for (int j = 0; j < npost; j++) {
        const char *v = tmp(f);
        E(f, "%s = sp_ary_entry(%s, (SP_FIX2LONG(%s) - %d > %d ? SP_FIX2LONG(%s) - %d : %d) + %d);",
          v, a, len, npost, rest, len, npost, rest, j);
        emit_assign(f, tg[rest + 1 + j], v);
    }
    return a;
}

static const char *masgn_body(fnctx *f, sp_node *n);

static const char *masgn(fnctx *f, sp_node *n)
{
    int mark = emit_ex()->npre;
    pre_eval_targets(f, n->list.v, n->list.n);
    const char *r = masgn_body(f, n);
    emit_ex()->npre = mark;
    return r;
}

static const char *masgn_body(fnctx *f, sp_node *n)
{
    sp_node *rhs = n->a;
    int simple = rhs && rhs->kind == N_ARRAY;
    if (simple) for (int i = 0; i < rhs->list.n; i++) if (rhs->list.v[i]->kind == N_SPLAT) simple = 0;
    if (simple) for (int i = 0; i < n->list.n; i++) {
        int k = n->list.v[i]->kind;
        if (k == N_SPLAT || k == N_MLHS) simple = 0;
    }
    if (simple) {
        int m = rhs->list.n;
        const char **vals = calloc((size_t)m + 1, sizeof *vals);
        for (int i = 0; i < m; i++) vals[i] = fix(f, ex(f, rhs->list.v[i]));
        for (int i = 0; i < n->list.n; i++) emit_assign(f, n->list.v[i], i < m ? vals[i] : "SP_NIL");
        buf b = {0};
        for (int i = 0; i < m; i++) bputf(&b, "%s%s", i ? ", " : "", vals[i]);
        const char *t = tmp(f);
        if (m) E(f, "%s = sp_ary_new_from(%d, (const sp_value[]){ %s });", t, m, b.p);
        else E(f, "%s = sp_ary_new();", t);
        return t;
    }
    const char *v = fix(f, ex(f, rhs));
    emit_masgn_value(f, n->list.v, n->list.n, v);
    return v;
}

/* ---------------------------------------------------------------- */
/* binary operators                                                   */

static const char *fast_op(const char *name)
{
    static const char *ops[][2] = {
        {"+", "plus"}, {"-", "minus"}, {"*", "mul"}, {"/", "div"}, {"%", "mod"},
        {"<", "lt"}, {"<=", "le"}, {">", "gt"}, {">=", "ge"}, {"==", "eq"}, {"!=", "neq"},
        {"&", "and"}, {"|", "or"}, {"^", "xor"}, {"<<", "lshift"}, {">>", "rshift"},
        {"[]", "aref"},
    };
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) if (!strcmp(ops[i][0], name)) return ops[i][1];
    return NULL;
}

static const char *binop(fnctx *f, const char *op, const char *a, const char *b, sp_node *at)
{
    int cs = callsite(op, 0, 0, at->col, at->end_col);   /* line 0: no highlight for op-assign */
    const char *t = tmp(f);
    const char *fo = fast_op(op);
    set_line(f, at->line);
    if (fo) E(f, "%s = sp_vm_op_%s(&spg_cs[%d], %s, %s);", t, fo, cs, a, b);
    else E(f, "%s = sp_send(&spg_cs[%d], %s, 1, (const sp_value[]){ %s }, SP_NIL);", t, cs, a, b);
    return t;
}

static const char *var_get(fnctx *f, sp_node *t)
{
    const char *r = tmp(f);
    switch (t->kind) {
    case N_LVAR: case N_LASGN: E(f, "%s = %s;", r, var_ref(f, t->name)); break;
    case N_IVAR: case N_IASGN: E(f, "%s = sp_vm_ivar_get(self, spg_id[%d], &spg_ic[%d]);", r, sym_idc(t->name), ivcache_new()); break;
    case N_GVAR: case N_GASGN:
        set_line(f, t->line);   /* a special variable's reader may warn or raise */
        E(f, "%s = sp_vm_gvar_get(spg_id[%d]);", r, sym_idc(t->name));
        break;
    case N_CVAR: case N_CVASGN: E(f, "%s = sp_vm_cvar_get(%s, self, spg_id[%d]);", r, cref_of(f), sym_idc(t->name)); break;
    case N_CONST: case N_CDECL: return const_get(f, t);
    default: cerror(f, t, "unsupported op-assign target"); break;
    }
    return r;
}

/* `A::B op= v` and `::B op= v`: the scope is evaluated once; `||=` reads
 * the constant as defined? does (nil when missing, no NameError). */
/* `t ||= rhs` / `t &&= rhs` with the current value in r: open the guard
 * and evaluate rhs inside it (the caller emits the store of the returned
 * value), then logic_asgn_close makes it the expression's value. */
static const char *logic_asgn_open(fnctx *f, const char *r, int oror, sp_node *rhs)
{
    E(f, "if (%sSP_RTEST(%s)) {", oror ? "!" : "", r);
    f->indent++;
    f->cur_line = -1;
    return ex(f, rhs);
}

static const char *logic_asgn_close(fnctx *f, const char *r, const char *v)
{
    E(f, "%s = %s;", r, v);
    f->indent--;
    E(f, "}");
    f->cur_line = -1;
    return r;
}

static const char *op_asgn_scoped_const(fnctx *f, sp_node *n, sp_node *t, sp_node *scope)
{
    const char *op = n->name;
    int oror = !strcmp(op, "||"), andand = !strcmp(op, "&&");
    int id = sym_idc(t->name);
    const char *sc = (t->flags & NF_TOPLEVEL) ? "sp_cObject" : fix(f, ex(f, scope));
    const char *r = tmp(f);
    set_line(f, t->line);
    site_note(t->name, t->line, t->col, t->end_col);
    if (oror) E(f, "%s = sp_vm_const_scoped_or_nil(%s, spg_id[%d]);", r, sc, id);
    else E(f, "%s = sp_vm_const_scoped(%s, spg_id[%d]);", r, sc, id);
    if (oror || andand) {
        const char *v = logic_asgn_open(f, r, oror, n->b);
        E(f, "sp_vm_cdecl(%s, spg_id[%d], %s);", sc, id, v);
        return logic_asgn_close(f, r, v);
    }
    const char *v = ex(f, n->b);
    const char *res = binop(f, op, r, v, n);
    E(f, "sp_vm_cdecl(%s, spg_id[%d], %s);", sc, id, res);
    return res;
}

static const char *fl_op_asgn(fnctx *f, sp_node *n);
static int has_splat(sp_nodes *args);

/* How recv.x op= v / recv[i] op= v writes the new value back. */
typedef struct op_writer {
    enum { OPW_SEND, OPW_ATTR, OPW_INDEX, OPW_SPLAT } kind;
    int cset;           /* callsite of the writer (x= or []=) */
    const char *recv;
    const char *args;   /* OPW_SEND: "a, b, "; OPW_INDEX: the index;
                         * OPW_SPLAT: the Array of the arguments */
    int na;             /* OPW_SEND: argument count without the value */
    const char *ary;    /* OPW_SPLAT: temporary for the writer's arguments */
} op_writer;

static void op_asgn_store(fnctx *f, const op_writer *w, const char *v)
{
    switch (w->kind) {
    case OPW_ATTR:
        E(f, "sp_vm_attr_set(&spg_cs[%d], %s, %s, &spg_ic[%d]);", w->cset, w->recv, v, ivcache_new());
        break;
    case OPW_INDEX:
        E(f, "sp_vm_op_aset(&spg_cs[%d], %s, %s, %s);", w->cset, w->recv, w->args, v);
        break;
    case OPW_SPLAT:
        E(f, "%s = sp_ary_dup(%s); sp_ary_push(%s, %s);", w->ary, w->args, w->ary, v);
        E(f, "sp_vm_send_ary(&spg_cs[%d], %s, %s, 0, SP_NIL);", w->cset, w->recv, w->ary);
        break;
    case OPW_SEND:
        E(f, "sp_send(&spg_cs[%d], %s, %d, (const sp_value[]){ %s%s }, SP_NIL);", w->cset, w->recv, w->na + 1,
          w->args, v);
        break;
    }
}

/* The rest of recv.x op= v / recv[i] op= v once r holds the old value:
 * compute the new one (||= and &&= only when the old one says so), write
 * it back, close the safe-navigation test.  Result: r. */
static const char *op_asgn_finish(fnctx *f, sp_node *n, sp_node *t, const char *r, const op_writer *w, int safe)
{
    const char *op = n->name;
    int oror = !strcmp(op, "||"), andand = !strcmp(op, "&&");
    if (oror || andand) {
        E(f, "if (%sSP_RTEST(%s)) {", oror ? "!" : "", r);
        f->indent++;
        f->cur_line = -1;
        const char *v = ex(f, n->b);
        set_line(f, t->line);
        op_asgn_store(f, w, v);
        E(f, "%s = %s;", r, v);
        f->indent--;
        E(f, "}");
    } else {
        const char *v = ex(f, n->b);
        const char *res = binop(f, op, r, v, n);
        set_line(f, t->line);
        op_asgn_store(f, w, res);
        E(f, "%s = %s;", r, res);
    }
    if (safe) { f->indent--; E(f, "}"); }
    f->cur_line = -1;
    return r;
}

/* x[*a] op= v (a splat among the index arguments): the arguments are
 * evaluated once into an Array (each splat's #to_a called once); the
 * reader gets a copy of it, the writer a copy with the value pushed. */
static const char *op_asgn_splat(fnctx *f, sp_node *n, sp_node *t, const char *recv, const char *r, int safe)
{
    const char *kw;
    const char *args = emit_args_ary(f, &t->list, &kw);
    int fl = (t->a && t->a->kind != N_SELF) ? 0 : 1;
    int cg = callsite(t->name, fl, t->line, t->col, t->end_col);
    op_writer w = {OPW_SPLAT, callsite(attr_name(t->name), fl, t->line, t->col, t->end_col), recv, args, 0, NULL};
    set_line(f, t->line);
    E(f, "%s = sp_vm_send_ary(&spg_cs[%d], %s, sp_ary_dup(%s), 0, SP_NIL);", r, cg, recv, args);
    w.ary = tmp(f);
    return op_asgn_finish(f, n, t, r, &w, safe);
}

static const char *op_asgn(fnctx *f, sp_node *n)
{
    sp_node *t = n->a;
    const char *op = n->name;
    const char *fused = fl_op_asgn(f, n);
    if (fused) return fused;
    int oror = !strcmp(op, "||"), andand = !strcmp(op, "&&");
    if (t->kind == N_CONST || t->kind == N_CDECL) {
        sp_node *scope = t->kind == N_CDECL ? t->b : t->a;
        if (scope || (t->flags & NF_TOPLEVEL)) return op_asgn_scoped_const(f, n, t, scope);
    }
    if (t->kind != N_CALL) {
        const char *r = tmp(f);
        if (oror && (t->kind == N_CONST || t->kind == N_CDECL) && !t->a) {
            E(f, "%s = SP_NIL;", r);
            E(f, "if (sp_vm_const_defined(%s, spg_id[%d])) {", cref_of(f), sym_idc(t->name));
            f->indent++;
            E(f, "%s = %s;", r, const_get(f, t));
            f->indent--;
            E(f, "}");
        } else if (oror && (t->kind == N_CVAR || t->kind == N_CVASGN)) {
            E(f, "%s = sp_vm_cvar_defined(%s, self, spg_id[%d]) ? sp_vm_cvar_get(%s, self, spg_id[%d]) : SP_NIL;",
              r, cref_of(f), sym_idc(t->name), cref_of(f), sym_idc(t->name));
        } else if (oror && (t->kind == N_GVAR || t->kind == N_GASGN)) {
            set_line(f, t->line);
            E(f, "%s = sp_gvar_get_quiet(spg_id[%d]);", r, sym_idc(t->name));   /* defined?($x) && $x */
        } else {
            E(f, "%s = %s;", r, var_get(f, t));
        }
        if (oror || andand) {
            const char *v = logic_asgn_open(f, r, oror, n->b);
            emit_assign(f, t, v);
            return logic_asgn_close(f, r, v);
        }
        const char *v = ex(f, n->b);
        const char *res = binop(f, op, r, v, n);
        emit_assign(f, t, res);
        return res;
    }
    /* x.y op= v, x[i] op= v */
    const char *recv = t->a ? fix(f, ex(f, t->a)) : "self";
    const char *r = tmp(f);
    E(f, "%s = SP_NIL;", r);
    int safe = (t->flags & NF_SAFE_NAV) != 0;
    if (safe) { E(f, "if (!SP_NIL_P(%s)) {", recv); f->indent++; }
    if (has_splat(&t->list)) return op_asgn_splat(f, n, t, recv, r, safe);
    int na = 0;
    const char **args = malloc(((size_t)t->list.n + 1) * sizeof *args);
    for (int i = 0; i < t->list.n; i++) args[na++] = fix(f, ex(f, t->list.v[i]));
    buf b = {0};
    bputs(&b, "");
    for (int i = 0; i < na; i++) bputf(&b, "%s, ", args[i]);
    int fl = (t->a && t->a->kind != N_SELF) ? 0 : 1;
    int cg = callsite(t->name, fl, t->line, t->col, t->end_col);
    int cset = callsite(attr_name(t->name), fl, t->line, t->col, t->end_col);
    set_line(f, t->line);
    /* recv.x op= v on a declared attribute: inline get/set (sp_vm_attr_*) */
    int aget = na == 0 && t->a && attr_declared(t->name), aset = na == 0 && t->a && attr_declared(attr_name(t->name));
    /* recv[i] op= v: the inline Array/Hash index paths (sp_vm_op_aref/aset) */
    int k0 = na == 1 ? (int)t->list.v[0]->kind : -1;
    int index = na == 1 && !safe && !strcmp(t->name, "[]") && k0 != N_SPLAT && k0 != N_BLOCK_PASS &&
                k0 != N_HASH;
    if (aget) E(f, "%s = sp_vm_attr_get(&spg_cs[%d], %s, &spg_ic[%d]);", r, cg, recv, ivcache_new());
    else if (index) E(f, "%s = sp_vm_op_aref(&spg_cs[%d], %s, %s);", r, cg, recv, args[0]);
    else E(f, "%s = sp_send(&spg_cs[%d], %s, %d, (const sp_value[]){ %sSP_NIL }, SP_NIL);", r, cg, recv, na, b.p);
    op_writer w = {aset ? OPW_ATTR : index ? OPW_INDEX : OPW_SEND, cset, recv, index ? args[0] : b.p, na, NULL};
    return op_asgn_finish(f, n, t, r, &w, safe);
}

/* ---------------------------------------------------------------- */
/* calls                                                              */

static int has_splat(sp_nodes *args)
{
    for (int i = 0; i < args->n; i++) {
        int k = args->v[i]->kind;
        if (k == N_SPLAT || k == N_FWD_ARGS) return 1;
    }
    return 0;
}

static sp_node *block_pass_of(sp_nodes *args)
{
    if (args->n && args->v[args->n - 1]->kind == N_BLOCK_PASS) return args->v[args->n - 1];
    return NULL;
}

static int has_dsplat(sp_node *h)
{
    for (int i = 0; i < h->list.n; i++) if (h->list.v[i]->kind == N_DSPLAT) return 1;
    return 0;
}

/* Arguments as an Array (splat path).  *kw = C expr: last elt is kwargs. */
const char *emit_args_ary(fnctx *f, sp_nodes *args, const char **kw)
{
    const char *a = tmp(f);
    *kw = "0";
    E(f, "%s = sp_ary_new();", a);
    int n = args->n;
    if (block_pass_of(args)) n--;
    for (int i = 0; i < n; i++) {
        sp_node *e = args->v[i];
        if (e->kind == N_SPLAT) {
            const char *v = e->a ? ex(f, e->a) : var_ref(f, "%rest");
            E(f, "sp_vm_push_splat(%s, %s);", a, v);
        } else if (e->kind == N_FWD_ARGS) {
            E(f, "sp_vm_push_splat(%s, %s);", a, var_ref(f, "%rest"));
            const char *kh = var_ref(f, "%kwrest");
            const char *k = tmp(f);
            E(f, "%s = SP_BOOL(%s != SP_NIL && sp_hash_size(%s) != 0);", k, kh, kh);
            E(f, "if (%s == SP_TRUE) sp_ary_push(%s, %s);", k, a, kh);
            *kw = S("(%s == SP_TRUE)", k);
        } else if (e->kind == N_HASH && (e->flags & NF_KWARGS) && i == n - 1) {
            const char *h = hash_lit(f, e);
            if (has_dsplat(e)) {
                const char *k = tmp(f);
                E(f, "%s = SP_BOOL(sp_hash_size(%s) != 0);", k, h);
                E(f, "if (%s == SP_TRUE) sp_ary_push(%s, %s);", k, a, h);
                *kw = S("(%s == SP_TRUE)", k);
            } else {
                E(f, "sp_ary_push(%s, %s);", a, h);
                *kw = "1";
            }
        } else {
            const char *v = ex(f, e);
            E(f, "sp_ary_push(%s, %s);", a, v);
        }
    }
    return a;
}

typedef struct argv_t {
    int splat;            /* use ary path */
    const char *ary, *kw; /* ary path */
    const char *argc, *argv;
} argv_t;

static void eval_args(fnctx *f, sp_nodes *args, argv_t *o)
{
    memset(o, 0, sizeof *o);
    if (has_splat(args)) {
        o->splat = 1;
        o->ary = emit_args_ary(f, args, &o->kw);
        return;
    }
    int n = args->n;
    if (block_pass_of(args)) n--;
    if (n == 0) { o->argc = "0"; o->argv = "NULL"; return; }
    buf b = {0};
    const char *dyn = NULL;
    for (int i = 0; i < n; i++) {
        sp_node *e = args->v[i];
        const char *v;
        if (e->kind == N_HASH && (e->flags & NF_KWARGS) && i == n - 1) {
            v = hash_lit(f, e);
            if (has_dsplat(e)) {
                dyn = tmp(f);
                E(f, "%s = SP_BOOL(sp_hash_size(%s) != 0);", dyn, v);
            } else dyn = "kw";
        } else v = fix(f, ex(f, e));
        bputf(&b, "%s%s", i ? ", " : "", v);
    }
    if (!dyn) o->argc = S("%d", n);
    else if (!strcmp(dyn, "kw")) o->argc = S("(%d | SP_ARGC_KW)", n);
    else o->argc = S("(%s == SP_TRUE ? (%d | SP_ARGC_KW) : %d)", dyn, n, n - 1);
    o->argv = S("(const sp_value[]){ %s }", b.p);
}

static const char *block_arg(fnctx *f, sp_node *n, sp_nodes *args, int *brk)
{
    *brk = 0;
    if (n && (n->kind == N_BLOCK || n->kind == N_LAMBDA)) {
        rs_scope *sc = rs_scope_of(n);
        if (sc && sc->has_break) *brk = 1;
        return emit_proc(f, n, 0);
    }
    sp_node *bp = block_pass_of(args);
    if (bp) {
        const char *v = bp->a ? ex(f, bp->a) : var_ref(f, "%blkp");
        const char *t = tmp(f);
        set_line(f, bp->line);
        E(f, "%s = sp_vm_to_proc(%s);", t, v);
        return t;
    }
    for (int i = 0; i < args->n; i++)
        if (args->v[i]->kind == N_FWD_ARGS) return var_ref(f, "%blkp");
    return "SP_NIL";
}

/* Emit `res = <call>` guarded by a break target when needed. */
void guarded(fnctx *f, const char *res, const char *call, const char *blk, int brk)
{
    if (!brk) { E(f, "%s = %s;", res, call); return; }
    int id = newlabel(f);
    E(f, "{");
    E(f, "    sp_handler bh%d;", id);
    E(f, "    sp_push_handler(ec, &bh%d, SP_H_TARGET, (void *)&bh%d);", id, id);
    E(f, "    ((sp_proc *)%s)->break_tag = (void *)&bh%d;", blk, id);
    E(f, "    if (_setjmp(bh%d.jb) == 0) { %s = %s; sp_pop_handler(ec, &bh%d); }", id, res, call, id);
    E(f, "    else { sp_pop_handler(ec, &bh%d); %s = ec->jump_val; }", id, res);
    E(f, "}");
    f->cur_line = -1;
}

static int is_fcall(sp_node *n, const char *name) { return !n->a && !strcmp(n->name, name); }

/* Can the literal block of `recv.synchronize { ... }` be compiled in
 * place?  No parameters, no locals of its own, nothing that needs the
 * block as a real closure or frame (nested blocks, defs, yield, super,
 * redo/retry). */
static int inline_body_ok(const sp_node *n)
{
    if (!n) return 1;
    switch (n->kind) {
    case N_BLOCK: case N_LAMBDA: case N_DEF: case N_CLASS: case N_MODULE: case N_SCLASS:
    case N_YIELD: case N_SUPER: case N_ZSUPER: case N_REDO: case N_RETRY: case N_FOR:
    case N_END_BLOCK: case N_BEGIN_BLOCK: case N_DEFINED:
        return 0;
    case N_CALL:
        if (!n->a && n->name && (!strcmp(n->name, "binding") || !strcmp(n->name, "block_given?") ||
                                 !strcmp(n->name, "iterator?") || !strcmp(n->name, "__method__") ||
                                 !strcmp(n->name, "require_relative") || !strcmp(n->name, "lambda") ||
                                 !strcmp(n->name, "proc")))
            return 0;
        break;
    default: break;
    }
    if (!inline_body_ok(n->a) || !inline_body_ok(n->b) || !inline_body_ok(n->c) || !inline_body_ok(n->d) ||
        !inline_body_ok(n->body)) return 0;
    for (int i = 0; i < n->list.n; i++) if (!inline_body_ok(n->list.v[i])) return 0;
    for (int i = 0; i < n->list2.n; i++) if (!inline_body_ok(n->list2.v[i])) return 0;
    return 1;
}

static int sync_inlinable(fnctx *f, sp_node *n)
{
    if (!n->a || strcmp(n->name, "synchronize") || n->list.n || (n->flags & NF_SAFE_NAV)) return 0;
    sp_node *b = n->b;
    if (!b || b->kind != N_BLOCK || (b->c && (b->c->list.n || b->c->list2.n)) || (b->flags & (NF_IT | NF_NUMPARAMS)))
        return 0;
    rs_scope *sc = rs_scope_of(b);
    if (!sc || sc->nvars || sc->nenv || sc->block_return) return 0;
    if (f->nloops >= 127 || f->nreg >= 127) return 0;
    return inline_body_ok(b->body);
}

/* m.synchronize { body }: when m is a Thread::Mutex with the builtin
 * synchronize, lock, run body here (frames for synchronize and the block
 * pushed as the real call would), unlock on every way out; otherwise the
 * ordinary call with a Proc. */
static const char *emit_sync_inline(fnctx *f, sp_node *n)
{
    const char *recv = fix(f, ex(f, n->a));
    const char *res = tmp(f);
    int cs = callsite("synchronize", 0, n->line, n->col, n->end_col);
    rs_scope *bsc = rs_scope_of(n->b);
    set_line(f, n->line);
    E(f, "if (!sp_vm_sync_ok(&spg_cs[%d], %s)) {", cs, recv);
    f->indent++;
    int brk = bsc->has_break;
    const char *blk = emit_proc(f, n->b, 0);
    guarded(f, res, S("sp_send(&spg_cs[%d], %s, 0, NULL, %s)", cs, recv, blk), blk, brk);
    f->indent--;
    E(f, "} else {");
    f->indent++;
    int id = newlabel(f);
    const char *h = S("uh%d", id), *bfr = S("bfr%d", id), *sfr = S("sfr%d", id);
    E(f, "sp_frame %s, %s;", sfr, bfr);
    E(f, "sp_handler %s;", h);
    /* lock/unlock with the ec this function already holds (sp_sync.c);
     * a jump out of the body unlocks through an SP_H_CLEANUP record
     * (no setjmp, so this function's locals need not be volatile) */
    E(f, "sp_vm_sync_enter(ec, %s);", recv);
    E(f, "sp_vm_push_cleanup(ec, &%s, sp_mutex_sync_exit, %s);", h, recv);
    E(f, "%s.prev = ec->frame; %s.info = sp_vm_mutex_sync_info; %s.line = 0; %s.self = %s;", sfr, sfr, sfr, sfr, recv);
    E(f, "%s.prev = &%s; %s.info = &spg_si%d; %s.line = %d; %s.self = self; ec->frame = &%s;",
      bfr, sfr, bfr, bsc->id, bfr, n->b->line, bfr, bfr);
    loopctx *l = loop_push(f);
    l->kind = LP_INLINE;
    l->id = id;
    l->brk_depth = f->nreg;
    l->brk_res = res;
    region *rg = reg_push(f);
    rg->kind = RG_UNLOCK;
    rg->h = h;
    rg->aux = recv;
    rg->ensure = NULL;
    l->reg_depth = f->nreg;
    l->res = res;
    const char *saved_fr = f->frvar;
    f->frvar = bfr;
    f->cur_line = -1;
    const char *v = n->b->body ? ex(f, n->b->body) : "SP_NIL";
    E(f, "%s = %s;", res, v);
    f->frvar = saved_fr;
    f->nreg--;
    f->nloops--;
    E(f, "next_%d: __attribute__((unused));", id);
    E(f, "ec->handler = %s.prev; ec->frame = &fr; sp_vm_sync_exit(ec, %s);", h, recv);
    E(f, "brk_%d: __attribute__((unused));", id);
    f->indent--;
    E(f, "}");
    f->cur_line = -1;
    return res;
}

/* `recv.x` / `recv.x = v` / `x` (self's) where x is declared by attr_*
 * (or is a Struct member) somewhere in the program: the inline attribute path (sp_vm.h, sp_vm_attr_get/set),
 * which checks the call site's method cache and falls back to sp_send. */
static int attr_site(sp_node *n, const argv_t *a, const char *blk, int safe)
{
    if (a->splat || safe || strcmp(blk, "SP_NIL") || !attr_declared(n->name)) return 0;
    size_t l = strlen(n->name);
    /* a receiverless `x` reads self's attribute: its site is an fcall, so
     * the send that fills the record may call a private reader too */
    if (!strcmp(a->argc, "0")) return n->name[l - 1] != '=';
    if (!n->a) return 0;
    return !strcmp(a->argc, "1") && n->name[l - 1] == '=';
}

static void emit_attr_call(fnctx *f, sp_node *n, const char *res, int cs, const char *recv, const argv_t *a)
{
    if (!strcmp(a->argc, "0")) {
        int ic = ty_slot(f, n, TY_SLOT_IC, -1);
        E(f, "%s = sp_vm_attr_get(&spg_cs[%d], %s, &spg_ic[%d]);", res, cs, recv, ic >= 0 ? ic : ivcache_new());
        return;
    }
    /* argv is "(const sp_value[]){ x }" */
    char *v = strdup(a->argv + strlen("(const sp_value[]){ "));
    v[strlen(v) - 2] = 0;
    int ic = ty_slot(f, n, TY_SLOT_SET, -1);
    E(f, "%s = sp_vm_attr_set(&spg_cs[%d], %s, %s, &spg_ic[%d]);", res, cs, recv, v, ic >= 0 ? ic : ivcache_new());
}

/* A direct call of the positional entry spg_mNp (emit.c, positional_arity)
 * with plain positional arguments and no block, when the target has one
 * for that many arguments; NULL otherwise.  `slow` is the sp_send to take
 * when the guard fails.  The guard sp_vm_direct_ep returns the method epoch
 * it validated, passed on as the callee's sp_ep.  A call of the running
 * def's own name on self (recursion: fib calling fib) first compares the
 * running activation's sp_ep with sp_method_epoch: equal means self's
 * class still resolves the name to this function (nothing was redefined
 * since the check that led here), one load instead of the cache check. */
static const char *positional_call(fnctx *f, const char *name, int self_call, const argv_t *a,
                                   const char *blk, const char *recv, const char *dfn, int cs,
                                   const char *slow)
{
    if (a->splat || strcmp(blk, "SP_NIL")) return NULL;
    char *end;
    long n = strtol(a->argc, &end, 10);
    if (*end || n < 0 || n > 6) return NULL;     /* keywords: "1 | SP_ARGC_KW" */
    const char *pfn = direct_target_pos(f, name, self_call, (int)n);
    if (!pfn) return NULL;
    const char *args = "";
    if (n > 0) {
        /* argv is "(const sp_value[]){ x, y }" */
        const char *pre = "(const sp_value[]){ ";
        if (strncmp(a->argv, pre, strlen(pre))) return NULL;
        char *s = strdup(a->argv + strlen(pre));
        size_t l = strlen(s);
        if (l < 2 || strcmp(s + l - 2, " }")) return NULL;
        s[l - 2] = 0;
        args = S(", %s", s);
    }
    const char *full = S("({ uint64_t sp_ep_ = sp_vm_direct_ep(&spg_cs[%d], %s, %s, %d); "
                         "SP_LIKELY(sp_ep_) ? %s(ec, %s%s, sp_ep_) : %s; })",
                         cs, recv, dfn, self_call ? 0 : 1, pfn, recv, args, slow);
    const char *own = def_fn_of(f);
    if (f->kind == SC_DEF && !rs_is_block(f->sc) && self_call && !strcmp(recv, "self") && own &&
        !strcmp(own, dfn))
        return S("(SP_LIKELY(sp_ep == sp_vm_epoch()) ? %s(ec, self%s, sp_ep) : %s)", pfn, args, full);
    return full;
}

/* ---------------------------------------------------------------- */
/* fused Float arithmetic                                             */
/*
 * An expression tree of Float + - * / and Math.sqrt (and at most one
 * comparison at the root) over side-effect-free leaves (locals, ivars,
 * Float literals, attribute reads `b.x` of a local/self/ivar receiver),
 * such as `zr * zr - zi * zi + cr`, `b.x - b2.x` or `dt / (d2 *
 * Math.sqrt(d2))`, is computed in C doubles when every leaf is a flonum
 * and no core operator was redefined: one decode per leaf and one encode
 * for the result instead of one per operation.  Exact: boxing a Float is
 * lossless, so the intermediate doubles are the values the operator calls
 * would produce.  Attribute leaves are peeked (sp_vm_attr_peek: the slot
 * when the site's attr record hits, else SP_UNDEF, no call), Math.sqrt
 * needs the `Math` constant cache to hit and the site's cache to say
 * Math.sqrt is the builtin (sp_vm_math_sqrt_ok); a non-positive argument
 * calls that builtin (DomainError, -0.0) from inside the fast path, after
 * only pure operators ran.  Otherwise the generic path evaluates the tree
 * from scratch in Ruby's order through the usual guarded sp_vm_op_* /
 * sp_vm_attr_get calls (same call sites, lines and error highlights as
 * unfused code); the peeked values are discarded.  Plain leaves (locals,
 * ivars) are read once before any operator runs, which only changes
 * observable order for leaves that have no side effects.
 * `recv.x op= tree` (x a declared attribute) and `local op= tree` fuse the
 * same way with the target as the leftmost leaf (fl_op_asgn).
 */
static int fl_arith(const sp_node *n)
{
    if (n->kind != N_CALL || !n->a || n->b || n->list.n != 1 || (n->flags & (NF_SAFE_NAV | NF_ATTRASGN)) || !n->name)
        return 0;
    return !strcmp(n->name, "+") || !strcmp(n->name, "-") || !strcmp(n->name, "*") || !strcmp(n->name, "/");
}

static int fl_cmp(const sp_node *n)
{
    if (n->kind != N_CALL || !n->a || n->b || n->list.n != 1 || (n->flags & (NF_SAFE_NAV | NF_ATTRASGN)) || !n->name)
        return 0;
    return !strcmp(n->name, "<") || !strcmp(n->name, "<=") || !strcmp(n->name, ">") || !strcmp(n->name, ">=");
}

/* recv.x: x a declared attribute reader, recv a local, self or ivar */
static int fl_attr(const sp_node *n)
{
    if (n->kind != N_CALL || !n->a || n->b || n->list.n != 0 || (n->flags & (NF_SAFE_NAV | NF_ATTRASGN)) || !n->name)
        return 0;
    int rk = n->a->kind;
    if (rk != N_LVAR && rk != N_SELF && rk != N_IVAR) return 0;
    size_t l = strlen(n->name);
    return l && n->name[l - 1] != '=' && attr_declared(n->name);
}

/* Math.sqrt(x) */
static int fl_sqrt(const sp_node *n)
{
    if (n->kind != N_CALL || !n->a || n->b || n->list.n != 1 || (n->flags & (NF_SAFE_NAV | NF_ATTRASGN)) || !n->name)
        return 0;
    const sp_node *m = n->a;
    return !strcmp(n->name, "sqrt") && m->kind == N_CONST && !m->a && !(m->flags & NF_TOPLEVEL) && m->name &&
           !strcmp(m->name, "Math");
}

typedef struct flcount { int leaves, calls; } flcount;

/* Number of operators in a fusable tree, -1 if n is not one. */
static int fl_tree(const sp_node *n, flcount *k)
{
    if (fl_arith(n)) {
        int a = fl_tree(n->a, k), b = a < 0 ? -1 : fl_tree(n->list.v[0], k);
        return b < 0 ? -1 : a + b + 1;
    }
    if (fl_sqrt(n)) {
        int a = fl_tree(n->list.v[0], k);
        k->calls++;
        return a < 0 ? -1 : a + 1;
    }
    if (fl_attr(n)) { k->leaves++; k->calls++; return 0; }
    if (n->kind == N_LVAR || n->kind == N_IVAR || n->kind == N_FLOAT) { k->leaves++; return 0; }
    return -1;
}

/* Worth fusing: two operators, or one with a call (attr, sqrt) folded in. */
static int fl_worth(int ops, const flcount *k)
{
    return ops >= 0 && (ops >= 2 || (ops >= 1 && k->calls > 0)) && k->leaves <= 16;
}

static int fl_fusable(const sp_node *n)
{
    flcount k = {0, 0};
    int ops;
    if (fl_cmp(n)) {
        int a = fl_tree(n->a, &k), b = a < 0 ? -1 : fl_tree(n->list.v[0], &k);
        ops = b < 0 ? -1 : a + b + 1;
    } else if (fl_arith(n) || fl_sqrt(n)) ops = fl_tree(n, &k);
    else return 0;
    return fl_worth(ops, &k);
}

enum { FL_VAL, FL_LIT, FL_ATTR, FL_SQRT };
typedef struct flleaf {
    int kind;
    const char *v;        /* VAL: the value; ATTR: the peeked slot; SQRT: peeked Math */
    const char *recv;     /* ATTR */
    int cs, ic;           /* ATTR: site + attr record; SQRT: site + constant cache */
    int gic;              /* ATTR: the generic path's attr record (== ic except an op-assign target) */
    const char *rec;      /* ATTR op-assign target: temp holding the read/write record */
} flleaf;
typedef struct flctx {
    flleaf leaf[24];
    int n, pos;
    const sp_node *opasgn;      /* the synthetic root of `t op= v` */
    int rmw_ic;                 /* >= 0: peek the target (leaf 0) through this read/write record */
    const char *fast_tail, *generic_tail;   /* statements after each path (the op-assign store) */
} flctx;

/* Read the leaves in evaluation order (no operator runs here). */
static void fl_leaves(fnctx *f, sp_node *n, flctx *c)
{
    if (fl_arith(n) || fl_cmp(n)) { fl_leaves(f, n->a, c); fl_leaves(f, n->list.v[0], c); return; }
    flleaf *l = &c->leaf[c->n++];
    memset(l, 0, sizeof *l);
    if (fl_sqrt(n)) {
        l->kind = FL_SQRT;
        l->ic = ty_slot(f, n, TY_SLOT_CC, -1);
        if (l->ic < 0) l->ic = ccache_new();
        l->v = tmp(f);
        E(f, "%s = sp_vm_const_peek(&spg_cc[%d]);", l->v, l->ic);
        l->cs = ty_slot(f, n, TY_SLOT_CS, -1);
        if (l->cs < 0) {
            site_args(&n->list);
            l->cs = callsite(n->name, 0, n->line, n->col, n->end_col);
        }
        fl_leaves(f, n->list.v[0], c);
        return;
    }
    if (fl_attr(n)) {
        l->kind = FL_ATTR;
        l->recv = n->a->kind == N_SELF ? "self" : fix(f, ex(f, n->a));
        site_args(&n->list);
        l->cs = callsite(n->name, n->a->kind == N_SELF ? 1 : 0, n->line, n->col, n->end_col);
        l->ic = l->gic = ty_slot(f, n, TY_SLOT_IC, -1);
        if (l->ic < 0) l->ic = l->gic = ivcache_new();
        l->v = tmp(f);
        if (c->n == 1 && c->rmw_ic >= 0) {
            l->ic = c->rmw_ic;
            l->rec = tmp(f);
            E(f, "%s = sp_vm_attr_rec(%s, &spg_ic[%d]);", l->rec, l->recv, l->ic);
            E(f, "%s = sp_vm_attr_rec_slot(%s, %s);", l->v, l->recv, l->rec);
        } else E(f, "%s = sp_vm_attr_peek(%s, &spg_ic[%d]);", l->v, l->recv, l->ic);
        return;
    }
    if (n->kind == N_FLOAT) { l->kind = FL_LIT; return; }
    l->kind = FL_VAL;
    l->v = fix(f, ex(f, n));
}

/* The double expression for the tree (leaves decoded from flonums). */
static void fl_dexpr(sp_node *n, flctx *c, buf *b)
{
    if (fl_arith(n) || fl_cmp(n)) {
        bputs(b, "(");
        fl_dexpr(n->a, c, b);
        bputf(b, " %s ", n->name);
        fl_dexpr(n->list.v[0], c, b);
        bputs(b, ")");
        return;
    }
    const flleaf *l = &c->leaf[c->pos++];
    if (l->kind == FL_SQRT) {
        bputf(b, "sp_vm_sqrt_d(&spg_cs[%d], %s, ", l->cs, l->v);
        fl_dexpr(n->list.v[0], c, b);
        bputs(b, ")");
    } else if (l->kind == FL_LIT) bputs(b, c_double(n->fval));
    else bputf(b, "sp_flonum_value(%s)", l->v);
}

/* The unfused evaluation, in Ruby's order (plain leaves already read). */
static const char *fl_generic(fnctx *f, sp_node *n, flctx *c)
{
    if (fl_arith(n) || fl_cmp(n)) {
        const char *a = fl_generic(f, n->a, c);
        const char *b = fl_generic(f, n->list.v[0], c);
        int cs;
        if (n == c->opasgn) cs = callsite(n->name, 0, 0, n->col, n->end_col);   /* as binop(): no highlight */
        else {
            site_args(&n->list);
            cs = callsite(n->name, 0, n->line, n->col, n->end_col);
        }
        set_line(f, n->line);
        const char *t = tmp(f);
        E(f, "%s = sp_vm_op_%s(&spg_cs[%d], %s, %s);", t, fast_op(n->name), cs, a, b);
        return t;
    }
    const flleaf *l = &c->leaf[c->pos++];
    const char *t;
    switch (l->kind) {
    case FL_SQRT: {
        const char *m = tmp(f);
        site_note("Math", n->a->line, n->a->col, n->a->end_col);
        set_line(f, n->a->line);
        E(f, "%s = sp_vm_const(%s, &spg_cc[%d], spg_id[%d]);", m, cref_of(f), l->ic, sym_idc("Math"));
        const char *x = fl_generic(f, n->list.v[0], c);
        set_line(f, n->line);
        t = tmp(f);
        E(f, "%s = sp_vm_math_sqrt(&spg_cs[%d], %s, %s);", t, l->cs, m, x);
        return t;
    }
    case FL_ATTR:
        set_line(f, n->line);
        t = tmp(f);
        E(f, "%s = sp_vm_attr_get(&spg_cs[%d], %s, &spg_ic[%d]);", t, l->cs, l->recv, l->gic);
        return t;
    case FL_LIT:
        return S("sp_vm_float(%s)", c_double(n->fval));
    default:
        return l->v;
    }
}

/* Emit the fused evaluation of n (leaves read by fl_leaves, then the
 * double fast path or the generic path) into a fresh temp. */
static const char *fl_body(fnctx *f, sp_node *n, flctx *c)
{
    const char *res = tmp(f);
    buf cond = {0}, d = {0};
    bputs(&cond, "!sp_vm_redef");
    for (int i = 0; i < c->n; i++) {
        const flleaf *l = &c->leaf[i];
        if (l->kind == FL_SQRT) bputf(&cond, " && sp_vm_math_sqrt_ok(&spg_cs[%d], %s)", l->cs, l->v);
        else if (l->kind != FL_LIT) bputf(&cond, " && SP_FLONUM_P(%s)", l->v);
    }
    c->pos = 0;
    fl_dexpr(n, c, &d);
    set_line(f, n->line);
    E(f, "if (SP_LIKELY(%s)) {", cond.p);
    E(f, "    %s = %s;", res, S(fl_cmp(n) ? "SP_BOOL(%s)" : "sp_vm_float(%s)", d.p));
    if (c->fast_tail) E(f, "    %s", S(c->fast_tail, res));
    E(f, "} else {");
    f->indent++;
    c->pos = 0;
    const char *g = fl_generic(f, n, c);
    E(f, "%s = %s;", res, g);
    if (c->generic_tail) E(f, "%s", S(c->generic_tail, res));
    f->indent--;
    E(f, "}");
    f->cur_line = -1;
    free(cond.p); free(d.p);
    return res;
}

static const char *emit_fused_float(fnctx *f, sp_node *n)
{
    flctx c;
    memset(&c, 0, sizeof c);
    c.rmw_ic = -1;
    fl_leaves(f, n, &c);
    return fl_body(f, n, &c);
}

/* `t op= v` fused: t a local or `recv.x` on a declared accessor (recv a
 * local/self/ivar), op + - * /, v a fusable tree or leaf.  Returns the
 * new value (already stored), or NULL when not applicable. */
static const char *fl_op_asgn(fnctx *f, sp_node *n)
{
    sp_node *t = n->a;
    const char *op = n->name;
    if (!op || !n->b || (strcmp(op, "+") && strcmp(op, "-") && strcmp(op, "*") && strcmp(op, "/"))) return NULL;
    sp_node *lhs;
    if (t->kind == N_LVAR) lhs = t;
    else if (t->kind == N_CALL && t->list.n == 0 && !t->b && !(t->flags & NF_SAFE_NAV) && t->a &&
             (t->a->kind == N_LVAR || t->a->kind == N_SELF || t->a->kind == N_IVAR) &&
             attr_declared(t->name) && attr_declared(attr_name(t->name))) {
        lhs = calloc(1, sizeof *lhs);
        *lhs = *t;
        lhs->flags &= ~NF_ATTRASGN;
        if (!fl_attr(lhs)) return NULL;
    } else return NULL;
    sp_node *root = calloc(1, sizeof *root);
    root->kind = N_CALL;
    root->line = n->line; root->col = n->col; root->end_col = n->end_col;
    root->name = op;
    root->a = lhs;
    root->list.v = calloc(1, sizeof(sp_node *));
    root->list.v[0] = n->b;
    root->list.n = root->list.cap = 1;
    flcount k = {0, 0};
    if (!fl_worth(fl_tree(root, &k), &k)) return NULL;
    flctx c;
    memset(&c, 0, sizeof c);
    c.opasgn = root;
    c.rmw_ic = -1;
    if (t->kind == N_LVAR) {
        fl_leaves(f, root, &c);
        const char *res = fl_body(f, root, &c);
        emit_assign(f, t, res);
        f->cur_line = -1;
        return res;
    }
    /* recv.x op= v: the fast path reads and writes the slot through one
     * read/write record (sp_vm_attr_rec / sp_vm_attr_poke); the
     * generic path calls the reader and the writer, then publishes that
     * record when both are the attributes of one ivar */
    c.rmw_ic = ty_slot(f, n, TY_SLOT_RMW, -1);
    if (c.rmw_ic < 0) c.rmw_ic = ivcache_new();
    fl_leaves(f, root, &c);
    const flleaf *l = &c.leaf[0];   /* the target's attribute leaf */
    int cset = callsite(attr_name(t->name), t->a->kind == N_SELF ? 1 : 0, t->line, t->col, t->end_col);
    int icset = ivcache_new();
    c.fast_tail = S("sp_vm_attr_poke(&spg_cs[%d], %s, %%s, &spg_ic[%d], %s);", cset, l->recv, icset, l->rec);
    c.generic_tail = S("%s.line = %d; sp_vm_attr_set(&spg_cs[%d], %s, %%s, &spg_ic[%d]); "
                       "sp_vm_attr_rmw_fill(&spg_cs[%d], &spg_cs[%d], %s, &spg_ic[%d]);",
                       f->frvar ? f->frvar : "fr", t->line, cset, l->recv, icset, l->cs, cset, l->recv, c.rmw_ic);
    const char *res = fl_body(f, root, &c);
    f->cur_line = -1;
    return res;
}

/* ---------------------------------------------------------------- */
/* literal keywords to a def with a keyword entry                      */
/*
 * `f(a, x: 1, y: v)` where every key is a Symbol literal naming one of
 * the keyword parameters of the def the call most likely reaches (emit.c,
 * direct_target_kw / kw_fast_def), with no splat, ** or safe navigation.
 * The arguments are evaluated in source order into temps.  When the
 * site's cache says recv's method is that def (sp_vm_direct_ok), its
 * keyword entry spg_mNk gets the values in its slot order (SP_UNDEF for a
 * keyword not passed; the body raises "missing keyword" as usual) and no
 * Hash is made; otherwise the Hash is built from the same temps and
 * sp_send runs as before (which also fills the cache).  An unknown key,
 * a duplicate key or a non-Symbol key takes the generic path at compile
 * time, so its error or its meaning stay CRuby's.
 */

/* args end in literal keywords that def's keyword entry takes */
static int kw_args_fit(sp_nodes *args, const sp_node *def)
{
    if (has_splat(args) || !def || !kw_fast_def(def)) return 0;
    int na = args->n - (block_pass_of(args) ? 1 : 0);
    if (na < 1) return 0;
    sp_node *h = args->v[na - 1];
    if (h->kind != N_HASH || !(h->flags & NF_KWARGS) || !h->list.n) return 0;
    for (int i = 0; i < h->list.n; i++) {
        sp_node *p = h->list.v[i];
        if (p->kind != N_PAIR || !p->a || p->a->kind != N_SYM || !p->a->name) return 0;
        for (int j = 0; j < i; j++) if (!strcmp(h->list.v[j]->a->name, p->a->name)) return 0;
        if (kw_slot(def, p->a->name) < 0) return 0;
    }
    return 1;
}

typedef struct kwargs_t {
    int npos;
    const char *pos;      /* "a, b" (positional temps), "" when none */
    const char *posv;     /* their argv, or NULL */
    const char *slots;    /* "(const sp_value[]){ x, SP_UNDEF }" in def's order */
    const char *hash;     /* the keyword Hash of the generic path */
    const char *fullc, *fullv;   /* argc/argv of the generic path */
} kwargs_t;

/* evaluate args (kw_args_fit) in source order into temps */
static void kw_eval(fnctx *f, sp_nodes *args, const sp_node *def, kwargs_t *o)
{
    int npos = args->n - (block_pass_of(args) ? 1 : 0) - 1;
    sp_node *h = args->v[npos];
    buf pos = {0}, hl = {0}, kw = {0};
    bputs(&pos, ""); bputs(&hl, ""); bputs(&kw, "");
    for (int i = 0; i < npos; i++) bputf(&pos, "%s%s", i ? ", " : "", fix(f, ex(f, args->v[i])));
    int K = kw_fast_def(def);
    const char **slot = calloc((size_t)K, sizeof *slot);
    for (int i = 0; i < h->list.n; i++) {
        sp_node *p = h->list.v[i];
        const char *v = fix(f, p->b ? ex(f, p->b) : "SP_NIL");
        bputf(&hl, "%sspg_sym[%d], %s", i ? ", " : "", sym_idc(p->a->name), v);
        slot[kw_slot(def, p->a->name)] = v;
    }
    for (int i = 0; i < K; i++) bputf(&kw, "%s%s", i ? ", " : "", slot[i] ? slot[i] : "SP_UNDEF");
    free(slot);
    o->npos = npos;
    o->pos = pos.p;
    o->posv = npos ? S("(const sp_value[]){ %s }", pos.p) : "NULL";
    o->slots = S("(const sp_value[]){ %s }", kw.p);
    o->hash = S("sp_vm_hash_lit(%d, (const sp_value[]){ %s })", 2 * h->list.n, hl.p);
    o->fullc = S("(%d | SP_ARGC_KW)", npos + 1);
    o->fullv = S("(const sp_value[]){ %s%s%s }", pos.p, npos ? ", " : "", o->hash);
    free(hl.p); free(kw.p);
}

static int kw_call_ok(fnctx *f, sp_node *n, sp_node **def, const char **kfn)
{
    if ((n->flags & (NF_SAFE_NAV | NF_ATTRASGN)) || !n->name || fast_op(n->name) || !strcmp(n->name, "!")) return 0;
    int self_call = !n->a || n->a->kind == N_SELF;
    sp_node *d = NULL;
    const char *k = direct_target_kw(f, n->name, self_call, &d);
    if (!k || !kw_args_fit(&n->list, d)) return 0;
    *def = d;
    *kfn = k;
    return 1;
}

static const char *emit_kw_call(fnctx *f, sp_node *n, const char *recv, const char *res, sp_node *def,
                                const char *kfn)
{
    sp_nodes *args = &n->list;
    kwargs_t k;
    kw_eval(f, args, def, &k);
    int brk;
    const char *blk = block_arg(f, n->b, args, &brk);
    int self_call = !n->a || n->a->kind == N_SELF;
    site_args(args);
    int cs = callsite(n->name, self_call ? 1 : 0, n->line, n->col, n->end_col);
    set_line(f, n->line);
    const char *dfn = direct_target(f, n->name, self_call);
    const char *call = S("(sp_vm_direct_ok(&spg_cs[%d], %s, %s, %d) ? %s(%s, %d, %s, %s, %s) : "
                         "sp_send(&spg_cs[%d], %s, %s, %s, %s))",
                         cs, recv, dfn, self_call ? 0 : 1, kfn, recv, k.npos, k.posv, blk, k.slots,
                         cs, recv, k.fullc, k.fullv, blk);
    guarded(f, res, call, blk, brk);
    return res;
}

/* ---------------------------------------------------------------- */
/* K.new(args) calling K's compiled initialize                         */
/*
 * `K.new(...)` where K is a constant, the program has one `initialize`
 * def in a class named K (emit.c, init_target) and the call has no block.
 * When the `new` site's cache says K's `new` is the builtin Class#new
 * (sp_vm_new_ok), the compiled code does what Class#new does -- pushes
 * its frame, allocates (sp_class_allocate), calls initialize -- with the
 * initialize call guarded by its own site's cache: the keyword entry for
 * literal keywords (as above), the positional entry for plain arguments,
 * the def's function otherwise; any other initialize (a subclass without
 * one reaching a different def, a redefinition) goes through sp_send on
 * that site.  A class with its own `new`, or a K that is not a class, takes
 * the ordinary send of `new`.  The value is the object.
 */
static int new_call_ok(fnctx *f, sp_node *n, sp_node **def, const char **ifn)
{
    if (!n->a || n->a->kind != N_CONST || !n->a->name || !n->name || strcmp(n->name, "new") || n->b ||
        (n->flags & (NF_SAFE_NAV | NF_ATTRASGN)) || block_pass_of(&n->list) || has_splat(&n->list))
        return 0;
    if (getenv("SPINEL_NO_NEW_FAST")) return 0;
    *ifn = init_target(n->a->name, def);
    return *ifn != NULL;
}

static const char *emit_new_call(fnctx *f, sp_node *n, const char *recv, const char *res, sp_node *def,
                                 const char *ifn)
{
    sp_nodes *args = &n->list;
    const char *fast, *slow_c, *slow_v;
    int csi = -1;
    const char *o = S("%s", res);
    if (kw_args_fit(args, def)) {
        kwargs_t k;
        kw_eval(f, args, def, &k);
        slow_c = k.fullc; slow_v = k.fullv;
        site_args(args);
        csi = callsite("initialize", 1, n->line, n->col, n->end_col);
        fast = S("sp_vm_direct_ok(&spg_cs[%d], %s, %s, 0) ? %sk(%s, %d, %s, SP_NIL, %s) : "
                 "sp_send(&spg_cs[%d], %s, %s, %s, SP_NIL)",
                 csi, o, ifn, ifn, o, k.npos, k.posv, k.slots, csi, o, slow_c, slow_v);
    } else {
        argv_t a;
        eval_args(f, args, &a);
        slow_c = a.argc; slow_v = a.argv;
        site_args(args);
        csi = callsite("initialize", 1, n->line, n->col, n->end_col);
        char *end;
        long na = strtol(a.argc, &end, 10);
        const char *pre = "(const sp_value[]){ ";
        if (!*end && na >= 0 && positional_arity(def) == na &&
            (na == 0 || !strncmp(a.argv, pre, strlen(pre)))) {
            const char *pargs = "";
            if (na > 0) {
                char *s = strdup(a.argv + strlen(pre));
                s[strlen(s) - 2] = 0;
                pargs = S(", %s", s);
            }
            fast = S("({ uint64_t sp_ep_ = sp_vm_direct_ep(&spg_cs[%d], %s, %s, 0); "
                     "SP_LIKELY(sp_ep_) ? %sp(ec, %s%s, sp_ep_) : sp_send(&spg_cs[%d], %s, %s, %s, SP_NIL); })",
                     csi, o, ifn, ifn, o, pargs, csi, o, slow_c, slow_v);
        } else {
            fast = S("sp_vm_direct_ok(&spg_cs[%d], %s, %s, 0) ? %s(%s, %s, %s, SP_NIL) : "
                     "sp_send(&spg_cs[%d], %s, %s, %s, SP_NIL)",
                     csi, o, ifn, ifn, o, slow_c, slow_v, csi, o, slow_c, slow_v);
        }
    }
    site_args(args);
    int csn = callsite("new", 0, n->line, n->col, n->end_col);
    set_line(f, n->line);
    int id = newlabel(f);
    E(f, "if (sp_vm_new_ok(&spg_cs[%d], %s)) {", csn, recv);
    E(f, "    sp_frame nfr%d = { 0 }; nfr%d.prev = ec->frame; nfr%d.info = sp_vm_class_new_info; nfr%d.self = %s;",
      id, id, id, id, recv);
    E(f, "    ec->frame = &nfr%d;", id);
    E(f, "    %s = sp_class_allocate(%s);", res, recv);
    E(f, "    (void)(%s);", fast);
    E(f, "    ec->frame = nfr%d.prev;", id);
    E(f, "} else %s = sp_send(&spg_cs[%d], %s, %s, %s, SP_NIL);", res, csn, recv, slow_c, slow_v);
    return res;
}

const char *emit_call(fnctx *f, sp_node *n)
{
    if (sync_inlinable(f, n)) return emit_sync_inline(f, n);
    if (each_inlinable(f, n)) return emit_each_inline(f, n);   /* inline_each.c */
    if (fl_fusable(n)) return emit_fused_float(f, n);
    if (n->a && n->a->kind == N_CONST && !n->a->a && n->a->name && !strcmp(n->a->name, "Module") &&
        !strcmp(n->name, "nesting") && n->list.n == 0 && !n->b) {
        /* Module.nesting: the lexical class scopes, innermost first */
        const char *m = ex(f, n->a);
        const char *t = tmp(f);
        int cs = callsite("nesting", 0, n->line, n->col, n->end_col);
        set_line(f, n->line);
        E(f, "%s = %s == sp_cModule ? sp_vm_nesting(%s) : sp_send(&spg_cs[%d], %s, 0, NULL, SP_NIL);", t, m,
          cref_of(f), cs, m);
        return t;
    }
    const char *name = n->name;
    { const char *ev = ce_emit_call(f, n); if (ev) return ev; }   /* eval of a constant string (ceval.c) */
    if (!n->a) {
        if ((is_fcall(n, "block_given?") || is_fcall(n, "iterator?") ||
             (ce_block_given_alias(n) && (!rs_is_block(f->sc) || rs_lookup(f->sc, "%blk", NULL)))) && n->list.n == 0)
            return S("SP_BOOL(!SP_NIL_P(%s))", blk_of(f));
        if (is_fcall(n, "lambda") && n->b && n->b->kind == N_BLOCK && n->list.n == 0) return emit_proc(f, n->b, 1);
        if (is_fcall(n, "proc") && n->b && n->b->kind == N_BLOCK && n->list.n == 0) return emit_proc(f, n->b, 0);
        if (is_fcall(n, "__method__") && n->list.n == 0) {
            const char *d = def_name_of(f);
            const char *sn = d ? S("spg_sym[%d]", sym_idc(d)) : "SP_NIL";
            return rs_is_block(f->sc) ? S("sp_vm_method_name_b(bp, %s)", sn) : sn;
        }
        if (is_fcall(n, "__dir__") && n->list.n == 0) {
            const char *dir = lp_abs_dir(f->file);     /* absolute, as CRuby */
            if (!dir) return "SP_NIL";                 /* -e, stdin */
            buf b = {0};
            bput_cstr(&b, dir, strlen(dir));
            const char *t = tmp(f);
            E(f, "%s = sp_str_new(%s, %zu);", t, b.p, strlen(dir));
            return t;
        }
        if (is_fcall(n, "local_variables") && n->list.n == 0 && !n->b && !program_defines_local_variables())
            return local_variables(f);
        if (is_fcall(n, "binding") && !program_defines_binding())
            return n->list.n || n->b ? emit_unsupported(f, n, "binding with arguments") : emit_binding(f, n, NULL);
        /* Kernel#eval only ever takes a string (literal or computed) */
        if (is_fcall(n, "eval") && n->list.n >= 1 && !program_defines_eval())
            return n->list.n == 1 ? emit_dyn_eval(f, n, "eval of a string known only at run time")
                                  : emit_unsupported(f, n, "eval with a binding or file name");
        if ((is_fcall(n, "instance_eval") || is_fcall(n, "class_eval") || is_fcall(n, "module_eval")) &&
            !n->b && n->list.n >= 1 && !block_pass_of(&n->list))
            return emit_dyn_eval(f, n, S("%s with a string known only at run time", name));
        if (is_fcall(n, "require_relative") || is_fcall(n, "require") || is_fcall(n, "load") ||
            is_fcall(n, "autoload")) {
            const char *r = emit_load_call(f, n);
            if (r) return r;
        }
    } else if ((!strcmp(name, "instance_eval") || !strcmp(name, "class_eval") || !strcmp(name, "module_eval"))
               && !n->b && n->list.n >= 1 && !block_pass_of(&n->list)) {
        /* without a block, the first argument is the string to evaluate */
        return emit_dyn_eval(f, n, S("%s with a string known only at run time", name));
    }

    const char *recv = n->a ? fix(f, ex(f, n->a)) : "self";
    /* top-level `include M`, `private :m`, `define_method`: main's private
     * methods act on Object */
    if (!n->a && (f->kind == SC_TOP || f->kind == SC_FILE) && n->list.n == 0 && !n->b &&
        (!strcmp(name, "public") || !strcmp(name, "private"))) {
        /* top-level `public` / `private`: the visibility of the defs that
         * follow in this file (in source order) */
        f->defvis = !strcmp(name, "private");
        return "SP_NIL";
    }
    if (!n->a && (f->kind == SC_TOP || f->kind == SC_FILE) && n->list.n > 0 &&
        (!strcmp(name, "include") || !strcmp(name, "public") || !strcmp(name, "private") ||
         !strcmp(name, "define_method")))
        recv = "sp_cObject";
    const char *res = tmp(f);
    int safe = (n->flags & NF_SAFE_NAV) != 0;
    if (safe) {
        E(f, "%s = SP_NIL;", res);
        E(f, "if (!SP_NIL_P(%s)) {", recv);
        f->indent++;
    }
    sp_node *kdef;
    const char *kfn;
    if (!safe && kw_call_ok(f, n, &kdef, &kfn)) return emit_kw_call(f, n, recv, res, kdef, kfn);
    if (!safe && new_call_ok(f, n, &kdef, &kfn)) return emit_new_call(f, n, recv, res, kdef, kfn);
    argv_t a;
    eval_args(f, &n->list, &a);
    int brk;
    const char *blk = block_arg(f, n->b, &n->list, &brk);
    int fl = n->a ? 0 : ((n->flags & NF_VCALL) ? 3 : 1);
    if (n->a && n->a->kind == N_SELF) fl = 1;   /* self.foo: private methods allowed */
    if (!(n->flags & NF_ATTRASGN)) site_args(&n->list);
    if (fl == 3) site_locals(f->sc);
    int cs = callsite(name, fl, n->line, n->col, n->end_col);
    set_line(f, n->line);
    const char *fo = fast_op(name);
    if (n->a && !a.splat && !strcmp(a.argc, "1") && !strcmp(blk, "SP_NIL") && fo && !safe) {
        /* argv is "(const sp_value[]){ x }" */
        const char *arg = a.argv + strlen("(const sp_value[]){ ");
        char *argc = strdup(arg);
        argc[strlen(argc) - 2] = 0;
        E(f, "%s = sp_vm_op_%s(&spg_cs[%d], %s, %s);", res, fo, cs, recv, argc);
    } else if (n->a && !a.splat && !strcmp(a.argc, "2") && !strcmp(name, "[]=") && !strcmp(blk, "SP_NIL") && !safe) {
        /* recv[i] = v: argv is "(const sp_value[]){ i, v }" */
        char *args = strdup(a.argv + strlen("(const sp_value[]){ "));
        args[strlen(args) - 2] = 0;
        E(f, "%s = sp_vm_op_aset(&spg_cs[%d], %s, %s);", res, cs, recv, args);
    } else if (n->a && !a.splat && !strcmp(a.argc, "0") && !strcmp(name, "!") && !strcmp(blk, "SP_NIL") && !safe) {
        E(f, "%s = sp_vm_op_not(&spg_cs[%d], %s);", res, cs, recv);
    } else if (n->a && n->a->kind == N_CONST && !n->a->a && !(n->a->flags & NF_TOPLEVEL) && n->a->name &&
               !strcmp(n->a->name, "Math") && !strcmp(name, "sqrt") && !a.splat && !strcmp(a.argc, "1") &&
               !strcmp(blk, "SP_NIL") && !safe) {
        /* Math.sqrt(x): inline for a positive Float (sp_vm_math_sqrt) */
        char *x = strdup(a.argv + strlen("(const sp_value[]){ "));
        x[strlen(x) - 2] = 0;
        E(f, "%s = sp_vm_math_sqrt(&spg_cs[%d], %s, %s);", res, cs, recv, x);
    } else if (attr_site(n, &a, blk, safe)) {
        emit_attr_call(f, n, res, cs, recv, &a);
    } else if (a.splat) {
        /* x[*a] = v: the value is v, the last argument (read before the
         * call: a *rest parameter may receive this very array) */
        const char *av = NULL;
        if (n->flags & NF_ATTRASGN) {
            av = tmp(f);
            E(f, "%s = sp_ary_entry(%s, sp_ary_len(%s) - 1);", av, a.ary, a.ary);
        }
        guarded(f, res, S("sp_vm_send_ary(&spg_cs[%d], %s, %s, %s, %s)", cs, recv, a.ary, a.kw, blk), blk, brk);
        if (av) E(f, "%s = %s;", res, av);
    } else {
        const char *call = S("sp_send(&spg_cs[%d], %s, %s, %s, %s)", cs, recv, a.argc, a.argv, blk);
        int self_call = !n->a || n->a->kind == N_SELF;
        const char *dfn = (!safe && !fo && strcmp(name, "!")) ? direct_target(f, name, self_call) : NULL;
        const char *pfn = dfn ? positional_call(f, name, self_call, &a, blk, recv, dfn, cs, call) : NULL;
        if (pfn)
            call = pfn;
        else if (dfn)
            /* same (argc, argv, blk) as sp_send would pass: only the
             * dispatch is skipped when the cache says recv's method is dfn */
            call = S("(sp_vm_direct_ok(&spg_cs[%d], %s, %s, %d) ? %s(%s, %s, %s, %s) : %s)", cs, recv, dfn,
                     self_call ? 0 : 1, dfn, recv, a.argc, a.argv, blk, call);
        guarded(f, res, call, blk, brk);
    }
    if (n->a && n->a->kind == N_REGEX && !strcmp(name, "=~") && !safe) {
        /* /(?<x>..)/ =~ s assigns the named groups to locals */
        char **names;
        int k = rs_named_captures(n->a, &names);
        for (int i = 0; i < k; i++)
            E(f, "%s = SP_NIL_P(%s) ? SP_NIL : sp_vm_named_ref(spg_sym[%d]);", var_ref(f, names[i]), res, sym_idc(names[i]));
    }
    if (n->flags & NF_ATTRASGN) {
        /* value of `x.y = v` / `x[i] = v` is v */
        int k = n->list.n;
        if (k && !a.splat) {
            const char *argv = a.argv + strlen("(const sp_value[]){ ");
            const char *last = strrchr(argv, ',');
            char *v = strdup(last ? last + 2 : argv);
            v[strlen(v) - 2] = 0;
            E(f, "%s = %s;", res, v);
        }
    }
    if (safe) { f->indent--; E(f, "}"); f->cur_line = -1; }
    return res;
}

/* ---------------------------------------------------------------- */
/* super / yield                                                      */

static const char *emit_super(fnctx *f, sp_node *n)
{
    const char *dn = def_name_of(f);
    const char *dfn = def_fn_of(f);
    /* In a block, bp->bmethod (set when the block runs as a define_method
     * body) decides at run time; the enclosing def is the fallback. */
    int inblk = rs_is_block(f->sc);
    if (!dn && !inblk) {
        const char *t = tmp(f);
        E(f, "sp_raise(sp_eNoMethodError, \"super called outside of method\");");
        return t;
    }
    const char *mid = dn ? S("spg_id[%d]", sym_idc(dn)) : "0";
    if (!dfn) dfn = "NULL";
    const char *res = tmp(f);
    int brk;
    if (n->kind == N_SUPER) {
        argv_t a;
        eval_args(f, &n->list, &a);
        const char *blk = block_arg(f, n->b, &n->list, &brk);
        if (!strcmp(blk, "SP_NIL") && !block_pass_of(&n->list)) blk = blk_of(f);
        set_line(f, n->line);
        const char *b = inblk ? "_b(bp, " : "(";
        if (a.splat)
            guarded(f, res, S("sp_vm_super_ary%sself, %s, %s, %s, %s, %s)", b, mid, dfn, a.ary, a.kw, blk), blk, brk);
        else
            guarded(f, res, S("sp_vm_super%sself, %s, %s, %s, %s, %s)", b, mid, dfn, a.argc, a.argv, blk), blk, brk);
        return res;
    }
    if (inblk) {
        set_line(f, n->line);
        E(f, "sp_vm_zsuper_check_b(bp, %s);", mid);
        if (!dn) return res;
    }
    /* zsuper: pass the method's current parameter values */
    sp_node *d = def_node_of(f);
    const char *ary = tmp(f);
    E(f, "%s = sp_ary_new();", ary);
    const char *kwh = NULL;
    if (d->c) {
        for (int i = 0; i < d->c->list.n; i++) {
            sp_node *p = d->c->list.v[i];
            switch (p->ival) {
            case PK_REQ: case PK_OPT: case PK_POST:
                if (p->name) E(f, "sp_ary_push(%s, %s);", ary, var_ref(f, p->name));
                break;
            case PK_REST: case PK_FWD:
                E(f, "sp_vm_push_splat(%s, %s);", ary, var_ref(f, p->name && p->ival == PK_REST ? p->name : "%rest"));
                break;
            case PK_KEY: case PK_KEYREQ:
                if (!kwh) { kwh = tmp(f); E(f, "%s = sp_hash_new();", kwh); }
                E(f, "sp_hash_aset(%s, spg_sym[%d], %s);", kwh, sym_idc(p->name), var_ref(f, p->name));
                break;
            case PK_KWREST:
                if (!kwh) { kwh = tmp(f); E(f, "%s = sp_hash_new();", kwh); }
                E(f, "sp_vm_hash_merge_kw(%s, %s);", kwh, var_ref(f, p->name ? p->name : "%kwrest"));
                break;
            default: break;
            }
        }
    }
    const char *kw = "0";
    if (kwh) {
        const char *k = tmp(f);
        E(f, "%s = SP_BOOL(sp_hash_size(%s) != 0);", k, kwh);
        E(f, "if (%s == SP_TRUE) sp_ary_push(%s, %s);", k, ary, kwh);
        kw = S("(%s == SP_TRUE)", k);
    }
    const char *blk = block_arg(f, n->b, &n->list, &brk);
    if (!strcmp(blk, "SP_NIL")) blk = blk_of(f);
    set_line(f, n->line);
    guarded(f, res, S("sp_vm_super_ary(self, spg_id[%d], %s, %s, %s, %s)", sym_idc(dn), dfn, ary, kw, blk), blk, brk);
    return res;
}

static const char *emit_yield(fnctx *f, sp_node *n)
{
    /* outside a method body (top level, class body, a block there) CRuby
       refuses the code; in an eval's code this becomes its SyntaxError */
    if (!def_node_of(f)) { cerror(f, n, "Invalid yield"); return "SP_NIL"; }
    const char *blk = blk_of(f);
    argv_t a;
    eval_args(f, &n->list, &a);
    const char *t = tmp(f);
    set_line(f, n->line);
    if (a.splat) E(f, "%s = sp_vm_yield_ary(%s, %s);", t, blk, a.ary);
    else E(f, "%s = sp_vm_yield(%s, %s, %s);", t, blk, a.argc, a.argv);
    return t;
}

/* ---------------------------------------------------------------- */
/* definitions: alias, undef, for                                     */


static const char *emit_alias(fnctx *f, sp_node *n)
{
    if (n->a->kind == N_GVAR) {
        E(f, "sp_vm_gvar_alias(spg_id[%d], spg_id[%d]);", sym_idc(n->a->name), sym_idc(n->b->name));
        return "SP_NIL";
    }
    const char *a = ex(f, n->a), *b = ex(f, n->b);
    set_line(f, n->line);
    E(f, "sp_vm_alias(%s, %s, %s);", definee_of(f), a, b);
    return "SP_NIL";
}

/* Kernel#local_variables: the names of the scope's local table (all of
 * them, also those assigned further on, as CRuby), then those of the
 * scopes a block sees; hidden ones (%...) and numbered parameters left out. */
static const char *local_variables(fnctx *f)
{
    buf b = {0};
    int n = 0;
    for (rs_scope *t = f->sc; t; t = t->parent) {
        for (int i = 0; i < t->nvars; i++) {
            const char *nm = t->vars[i].name;
            if (nm[0] == '%' || (nm[0] == '_' && nm[1] >= '1' && nm[1] <= '9' && !nm[2])) continue;
            int seen = 0;     /* shadowed by an inner scope's name */
            for (rs_scope *u = f->sc; u != t; u = u->parent)
                for (int j = 0; j < u->nvars; j++) if (!strcmp(u->vars[j].name, nm)) seen = 1;
            if (seen) continue;
            bputf(&b, "%sspg_sym[%d]", n ? ", " : "", sym_idc(nm));
            n++;
        }
        if (!rs_is_block(t)) break;
    }
    const char *r = tmp(f);
    if (n) E(f, "%s = sp_ary_new_from(%d, (const sp_value[]){ %s });", r, n, b.p);
    else E(f, "%s = sp_ary_new_from(0, NULL);", r);
    return r;
}

static const char *emit_for(fnctx *f, sp_node *n)
{
    const char *it = fix(f, ex(f, n->b));
    rs_scope *sc = rs_scope_of(n);
    const char *blk = emit_proc(f, n, 0);
    int cs = callsite("each", 0, n->line, n->col, n->end_col);
    const char *res = tmp(f);
    set_line(f, n->line);
    guarded(f, res, S("sp_send(&spg_cs[%d], %s, 0, NULL, %s)", cs, it, blk), blk, sc && sc->has_break);
    return res;
}

/* ---------------------------------------------------------------- */
/* the dispatcher                                                     */

const char *ex(fnctx *f, sp_node *n)
{
    if (!n) return "SP_NIL";
    if (f->ty_generic) ty_place_label(f, n, TYL_STMT);   /* generic copy of a typed loop (typed_loop.c) */
    switch (n->kind) {
    case N_STMTS: {
        if (n->list.n == 0) return "SP_NIL";
        for (int i = 0; i < n->list.n - 1; i++) stmt(f, n->list.v[i]);
        return ex(f, n->list.v[n->list.n - 1]);
    }
    case N_BEGIN: return emit_begin(f, n);
    case N_NIL: return "SP_NIL";
    case N_TRUE: return "SP_TRUE";
    case N_FALSE: return "SP_FALSE";
    case N_SELF: return "self";
    case N_INT: return int_lit(f, n);
    case N_FLOAT: {
        const char *t = tmp(f);
        E(f, "%s = sp_vm_float(%s);", t, c_double(n->fval));
        return t;
    }
    case N_RATIONAL: case N_IMAGINARY: {
        const char *v = ex(f, n->a);
        const char *t = tmp(f);
        int cs = callsite(n->kind == N_RATIONAL ? "Rational" : "Complex", 1, n->line, n->col, n->end_col);
        if (n->kind == N_RATIONAL)
            E(f, "%s = sp_send(&spg_cs[%d], self, 1, (const sp_value[]){ %s }, SP_NIL);", t, cs, v);
        else
            E(f, "%s = sp_send(&spg_cs[%d], self, 2, (const sp_value[]){ SP_FIX(0), %s }, SP_NIL);", t, cs, v);
        return t;
    }
    case N_STR: return str_lit(f, n);
    case N_DSTR: return dstr(f, n);
    case N_XSTR: {
        const char *s = dstr(f, n);
        const char *t = tmp(f);
        set_line(f, n->line);
        E(f, "%s = sp_vm_xstr(self, %s);", t, s);
        return t;
    }
    case N_SYM: return S("spg_sym[%d]", sym_idc(n->name));
    case N_DSYM: {
        const char *s = dstr(f, n);
        const char *t = tmp(f);
        E(f, "%s = sp_vm_dsym(%s);", t, s);
        return t;
    }
    case N_REGEX: return regex_lit(f, n);
    case N_ARRAY: return array_lit(f, n);
    case N_HASH: return hash_lit(f, n);
    case N_RANGE: {
        /* a range of integer literals (or nil) is one object, made once, as CRuby's putobject */
        int ra = !n->a || (n->a->kind == N_INT && !(n->a->flags & NF_BIGNUM) && n->a->ival > -(1LL << 40) && n->a->ival < (1LL << 40));
        int rb = !n->b || (n->b->kind == N_INT && !(n->b->flags & NF_BIGNUM) && n->b->ival > -(1LL << 40) && n->b->ival < (1LL << 40));
        if (ra && rb && (n->a || n->b))
            return lit_static(S("sp_range_new(%s, %s, %d)", n->a ? S("SP_FIX(%lld)", (long long)n->a->ival) : "SP_NIL",
                                n->b ? S("SP_FIX(%lld)", (long long)n->b->ival) : "SP_NIL", (n->flags & NF_EXCLUSIVE) ? 1 : 0));
        const char *a = fix(f, n->a ? ex(f, n->a) : "SP_NIL");
        const char *b = n->b ? ex(f, n->b) : "SP_NIL";
        const char *t = tmp(f);
        set_line(f, n->line);
        E(f, "%s = sp_range_new(%s, %s, %d);", t, a, b, (n->flags & NF_EXCLUSIVE) ? 1 : 0);
        return t;
    }
    case N_LVAR: {
        const char *t = tmp(f);
        E(f, "%s = %s;", t, var_ref(f, n->name));
        return t;
    }
    case N_IVAR: {
        const char *t = tmp(f);
        E(f, "%s = sp_vm_ivar_get(self, spg_id[%d], &spg_ic[%d]);", t, sym_idc(n->name), ivcache_new());
        return t;
    }
    case N_GVAR: case N_CVAR: return var_get(f, n);
    case N_NTH_REF: {
        const char *t = tmp(f);
        E(f, "%s = sp_vm_nth_ref(%d);", t, (int)n->ival);
        return t;
    }
    case N_BACK_REF: {
        const char *t = tmp(f);
        E(f, "%s = sp_vm_back_ref('%c');", t, n->name[1] == '\'' ? 'q' : n->name[1] == '`' ? 'b' : n->name[1]);
        return t;
    }
    case N_CONST: return const_get(f, n);
    case N_LASGN: case N_IASGN: case N_GASGN: case N_CVASGN: case N_CDECL: {
        int mark = emit_ex()->npre;
        if (n->kind == N_CDECL) pre_eval_targets(f, &n, 1);   /* (scope)::C = v: scope first */
        const char *v = fix(f, ex(f, n->a));
        set_line(f, n->line);
        emit_assign(f, n, v);
        emit_ex()->npre = mark;
        return v;
    }
    case N_OP_ASGN: return op_asgn(f, n);
    case N_MASGN: return masgn(f, n);
    case N_CALL: return emit_call(f, n);
    case N_SUPER: case N_ZSUPER: return emit_super(f, n);
    case N_YIELD: return emit_yield(f, n);
    case N_LAMBDA: return emit_proc(f, n, 1);
    case N_BLOCK: return emit_proc(f, n, 0);
    case N_DEF: return emit_def(f, n);
    case N_CLASS: case N_MODULE: case N_SCLASS: return emit_class(f, n);
    case N_ALIAS: return emit_alias(f, n);
    case N_UNDEF: {
        for (int i = 0; i < n->list.n; i++) {
            const char *s = ex(f, n->list.v[i]);
            set_line(f, n->line);
            E(f, "sp_vm_undef(%s, %s);", definee_of(f), s);
        }
        return "SP_NIL";
    }
    case N_IF: return emit_if(f, n);
    case N_WHILE: return emit_while(f, n);
    case N_FOR: return emit_for(f, n);
    case N_CASE: return emit_case(f, n);
    case N_CASE_IN: return emit_case_in(f, n);
    case N_AND: case N_OR: return emit_and_or(f, n);
    case N_NOT: {
        const char *v = ex(f, n->a);
        return S("SP_BOOL(!SP_RTEST(%s))", v);
    }
    case N_DEFINED: return emit_defined(f, n);
    case N_RETURN: return emit_return(f, n);
    case N_BREAK: return emit_break(f, n);
    case N_NEXT: return emit_next(f, n);
    case N_REDO: return emit_redo(f, n);
    case N_RETRY: return emit_retry(f, n);
    case N_FLIPFLOP: return emit_flipflop(f, n);
    case N_BEGIN_BLOCK: return ex(f, n->body);
    case N_END_BLOCK: {
        /* registered once, the first time the statement runs (END in a loop) */
        int id = emit_ex()->nend++;
        E(f, "{ static int spg_end%d;", id);
        E(f, "if (!__atomic_exchange_n(&spg_end%d, 1, __ATOMIC_ACQ_REL)) {", id);
        const char *p = emit_proc(f, n, 0);
        int cs = callsite("at_exit", 1, n->line, n->col, n->end_col);
        E(f, "sp_send(&spg_cs[%d], self, 0, NULL, %s);", cs, p);
        E(f, "} }");
        return "SP_NIL";
    }
    case N_DATA: return "SP_NIL";
    case N_SPLAT: {
        const char *v = n->a ? ex(f, n->a) : var_ref(f, "%rest");
        const char *t = tmp(f);
        E(f, "%s = sp_vm_splat(%s);", t, v);
        return t;
    }
    default:
        return emit_unsupported(f, n, ast_kind_name(n->kind));
    }
}

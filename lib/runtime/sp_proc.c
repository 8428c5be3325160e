/*
 * sp_proc.c — Proc objects, yield semantics, Method/UnboundMethod
 * objects, Symbol#to_proc, and Kernel#proc/lambda.
 *
 * A Proc is an sp_proc (spinel.h): a C block function, its captured
 * environment box and the self of the defining scope.  Procs are
 * immutable once created; instance_exec and define_method make a shallow
 * copy with `self` replaced (one small allocation per call).
 *
 * Yield (proc) semantics: one Array argument is auto-splatted when the
 * block declares more than one parameter (max > 1, or a rest after a
 * leading parameter, or the SP_PROC_FL_SPLAT flag for `|a, |`); missing
 * arguments are nil, extras dropped.  Lambdas check arity like methods.
 * `break`/`next`/`return` are handled by generated code with sp_jump and
 * need nothing here.
 */
#include <stdlib.h>
#include <string.h>
#include "sp_class.h"

typedef struct sp_methobj {
    sp_header hdr;
    sp_value recv;          /* SP_UNDEF for UnboundMethod */
    sp_method *m;           /* NULL: respond_to_missing? method (method_missing) */
    sp_id name;
    sp_value klass;         /* class it was retrieved from */
} sp_methobj;

sp_value sp_proc_new(sp_blockfn fn, void *env, sp_value self, int min, int max, int lambda)
{
    sp_proc *p = sp_alloc(sizeof(sp_proc), sp_cProc, SP_T_PROC);
    p->fn = fn;
    p->env = env;
    p->self = self;
    p->min_args = min;
    p->max_args = max;
    if (lambda) p->hdr.flags |= SP_FL_LAMBDA;
    return (sp_value)p;
}

static sp_proc *proc_copy(const sp_proc *p)
{
    sp_proc *c = sp_alloc(sizeof(sp_proc), (sp_value)p->hdr.klass, SP_T_PROC);
    *c = *p;
    c->hdr.flags &= ~SP_FL_FROZEN;
    return c;
}

sp_value sp_proc_with_self(sp_value proc, sp_value self)
{
    sp_proc *c = proc_copy((sp_proc *)proc);
    c->self = self;
    return (sp_value)c;
}

static inline int wants_splat(const sp_proc *p)
{
    return p->max_args > 1 || (p->max_args < 0 && p->min_args > 0) ||
           (p->hdr.flags & SP_PROC_FL_SPLAT);
}

/* Proc (non-lambda) argument normalisation, then the call. */
static sp_value call_proc_semantics(sp_proc *p, int argc, const sp_value *argv, sp_value blk)
{
    int n = SP_ARGC(argc);
    sp_value conv = SP_UNDEF;
    /* a compiled block binds its parameters itself (its prologue splats a
     * lone Array, fills missing ones with nil and ignores extras):
     * splatting or truncating here too would splat [[x]] twice, or make
     * yield([1, 2], 3) to |a, | look like a lone Array */
    if (p->src) return p->fn(p, argc, argv, blk);
    if (n == 1 && wants_splat(p) && SP_HEAP_P(argv[0]) && SP_TYPE(argv[0]) != SP_T_ARRAY &&
        SP_TYPE(argv[0]) != SP_T_STRING && SP_TYPE(argv[0]) != SP_T_HASH &&
        sp_respond_to(argv[0], sp_intern("to_ary"), 1)) {
        /* implicit to_ary conversion of a lone argument */
        sp_value r = sp_funcall(argv[0], sp_intern("to_ary"), 0, NULL, SP_NIL);
        if (SP_HEAP_P(r) && SP_TYPE(r) == SP_T_ARRAY) conv = r;
    }
    if (n == 1 && wants_splat(p) && (conv != SP_UNDEF || (SP_HEAP_P(argv[0]) && SP_TYPE(argv[0]) == SP_T_ARRAY))) {
        sp_value a = conv != SP_UNDEF ? conv : argv[0];
        long len = sp_ary_len(a);
        sp_value *v = alloca(sizeof(sp_value) * (size_t)(len > p->min_args ? len : p->min_args) + 1);
        for (long i = 0; i < len; i++) v[i] = sp_ary_entry(a, i);
        n = (int)len;
        for (; n < p->min_args; n++) v[n] = SP_NIL;
        if (p->max_args >= 0 && n > p->max_args) n = p->max_args;
        return p->fn(p, n, v, blk);
    }
    if (n < p->min_args) {
        sp_value *v = alloca(sizeof(sp_value) * (size_t)p->min_args);
        memcpy(v, argv, sizeof(sp_value) * (size_t)n);
        for (int i = n; i < p->min_args; i++) v[i] = SP_NIL;
        return p->fn(p, p->min_args, v, blk);
    }
    if (p->max_args >= 0 && n > p->max_args) n = p->max_args;
    return p->fn(p, (argc & SP_ARGC_KW) && n == SP_ARGC(argc) ? argc : n, argv, blk);
}

static void params_positional(const char *ps, int *min, int *max);

static sp_value sym_proc_fn(sp_proc *self, int argc, const sp_value *argv, sp_value blk);

static sp_value call_lambda_semantics(sp_proc *p, int argc, const sp_value *argv, sp_value blk)
{
    int n = SP_ARGC(argc);
    /* Symbol#to_proc (arity -2) reports a missing receiver itself; a
     * compiled block (src set) checks inside its own frame, so the error
     * comes from 'block in ...' as in CRuby */
    if (p->fn != sym_proc_fn && !p->src && (n < p->min_args || (p->max_args >= 0 && n > p->max_args))) {
        int mn = p->min_args, mx = p->max_args;
        /* report positional arity like CRuby (keywords are not counted) */
        if (p->src && p->src->params) params_positional(p->src->params, &mn, &mx);
        sp_raise_arity(n, mn, mx);
    }
    return p->fn(p, argc, argv, blk);
}

sp_value sp_yield(sp_value blk, int argc, const sp_value *argv)
{
    if (SP_UNLIKELY(!SP_HEAP_P(blk))) sp_raise_no_block();
    sp_proc *p = (sp_proc *)blk;
    if (p->hdr.flags & SP_FL_LAMBDA) return call_lambda_semantics(p, argc, argv, SP_NIL);
    return call_proc_semantics(p, argc, argv, SP_NIL);
}

/* The common iterator case (each_byte, times, each_char ... with `{ |x| }`)
 * goes straight to the block: a plain block of at most one parameter and
 * no splat gets the value as it is, which is what call_proc_semantics
 * would decide after its checks. */
sp_value sp_yield1(sp_value blk, sp_value a)
{
    if (SP_LIKELY(SP_HEAP_P(blk))) {
        sp_proc *p = (sp_proc *)blk;
        if (!(p->hdr.flags & (SP_FL_LAMBDA | SP_PROC_FL_SPLAT)) && p->max_args == 1)
            return p->fn(p, 1, &a, SP_NIL);
    }
    return sp_yield(blk, 1, &a);
}

sp_value sp_yield2(sp_value blk, sp_value a, sp_value b)
{
    sp_value v[2] = { a, b };
    return sp_yield(blk, 2, v);
}

sp_value sp_proc_call(sp_value proc, int argc, const sp_value *argv, sp_value blk)
{
    sp_proc *p = (sp_proc *)proc;
    if (p->hdr.flags & SP_FL_LAMBDA) return call_lambda_semantics(p, argc, argv, blk);
    return call_proc_semantics(p, argc, argv, blk);
}

/* define_method bodies (lambda = 1) are method activations: `return` and
 * `break` inside them leave the method, so the copy is its own home and
 * break target, caught by a TARGET handler here. */
static sp_value invoke_copy(sp_proc *p, const sp_method *bm, sp_value definee, sp_value self,
                            int argc, const sp_value *argv, sp_value blk, int lambda);

sp_value sp_proc_invoke_with_self(sp_proc *p, sp_value self, int argc, const sp_value *argv,
                                  sp_value blk, int lambda)
{
    return sp_proc_invoke_bm(p, NULL, self, argc, argv, blk, lambda);
}

sp_value sp_proc_invoke_bm(sp_proc *p, const sp_method *bm, sp_value self, int argc,
                           const sp_value *argv, sp_value blk, int lambda)
{
    return invoke_copy(p, bm, 0, self, argc, argv, blk, lambda);
}

/* The call on a copy of p with self replaced; a non-NULL bm replaces the
 * copy's; definee always does (module_eval & co. pass 0: `def` then
 * follows self, not an instance_eval the block was created in). */
static sp_value invoke_copy(sp_proc *p, const sp_method *bm, sp_value definee, sp_value self,
                            int argc, const sp_value *argv, sp_value blk, int lambda)
{
    sp_proc *c = proc_copy(p);
    c->self = self;
    if (bm) c->bmethod = bm;
    c->definee = definee;
    if (!lambda) return call_proc_semantics(c, argc, argv, blk);
    c->hdr.flags |= SP_FL_LAMBDA;   /* define_method body: the block checks its arity */
    c->home = c;
    c->break_tag = c;
    sp_ec *ec = sp_ec_current();
    sp_handler h;
    sp_push_handler(ec, &h, SP_H_TARGET, c);
    if (_setjmp(h.jb) == 0) {
        sp_value r = call_lambda_semantics(c, argc, argv, blk);
        sp_pop_handler(ec, &h);
        return r;
    }
    sp_pop_handler(ec, &h);
    return ec->jump_val;
}

sp_value sp_instance_exec(sp_value obj, int argc, const sp_value *argv, sp_value blk)
{
    if (!SP_HEAP_P(blk)) sp_raise(sp_eLocalJumpError, "no block given (yield)");
    sp_proc *p = (sp_proc *)blk;
    return sp_proc_invoke_with_self(p, obj, argc, argv, SP_NIL, (p->hdr.flags & SP_FL_LAMBDA) != 0);
}

sp_value sp_obj_instance_exec(sp_value obj, int argc, const sp_value *argv, sp_value blk)
{
    if (!SP_HEAP_P(blk)) sp_raise(sp_eLocalJumpError, "no block given (yield)");
    sp_proc *p = (sp_proc *)blk;
    return invoke_copy(p, NULL, SP_TRUE, obj, argc, argv, SP_NIL, (p->hdr.flags & SP_FL_LAMBDA) != 0);
}

/* The parameters of a srcinfo params string ("a, b=..., *r, k:, k2: ...,
 * **o, &blk", or "..."), one at a time: next_param returns the kind of
 * the parameter at *pp (a PP_ value, -1 at the end), its name in (*nm, *nl), and
 * moves *pp past it. */
enum { PP_REQ, PP_OPT, PP_REST, PP_KEYREQ, PP_KEY, PP_KEYREST, PP_NOKEY, PP_BLOCK, PP_FWD };

static int next_param(const char **pp, const char **nm, size_t *nl)
{
    const char *p = *pp;
    if (!p) return -1;
    while (*p == ' ' || *p == ',') p++;
    if (!*p) return -1;
    const char *e = strchr(p, ',');
    size_t n = e ? (size_t)(e - p) : strlen(p);
    while (n > 0 && p[n - 1] == ' ') n--;
    *pp = p + n;
    *nm = p;
    *nl = n;
    if (n == 3 && memcmp(p, "...", 3) == 0) return PP_FWD;
    if (n == 5 && memcmp(p, "**nil", 5) == 0) { *nl = 0; return PP_NOKEY; }
    if (n >= 2 && p[0] == '*' && p[1] == '*') { *nm = p + 2; *nl = n - 2; return PP_KEYREST; }
    if (p[0] == '*') { *nm = p + 1; *nl = n - 1; return PP_REST; }
    if (p[0] == '&') { *nm = p + 1; *nl = n - 1; return PP_BLOCK; }
    if (n >= 4 && memcmp(p + n - 4, "=...", 4) == 0) { *nl = n - 4; return PP_OPT; }
    if (n >= 5 && memcmp(p + n - 5, ": ...", 5) == 0) { *nl = n - 5; return PP_KEY; }
    if (p[n - 1] == ':') { *nl = n - 1; return PP_KEYREQ; }
    return PP_REQ;
}

/* CRuby's arity rule from a params string: min = required (+1 when
 * there are required keywords), max = min + optional (+1 with any
 * keywords) or unlimited with a rest; arity = min == max ? min : -min-1
 * for methods and lambdas; a proc's is min unless there is a rest. */
static int params_arity_as(const char *ps, int *ok, int lambda)
{
    int req = 0, opt = 0, rest = 0, keyreq = 0, kw = 0;
    const char *p = ps, *nm;
    size_t nl;
    *ok = 1;
    for (int k; (k = next_param(&p, &nm, &nl)) >= 0;) {
        switch (k) {
        case PP_FWD: case PP_REST: rest = 1; break;
        case PP_KEYREST: case PP_KEY: kw = 1; break;
        case PP_KEYREQ: keyreq++; kw = 1; break;
        case PP_OPT: opt++; break;
        case PP_REQ: req++; break;
        default: break;   /* **nil, &blk */
        }
    }
    int min = req + (keyreq > 0);
    if (rest) return -min - 1;
    int max = req + opt + (kw ? 1 : 0);
    if (!lambda) return min;
    return min == max ? min : -min - 1;
}

static int params_arity(const char *ps, int *ok) { return params_arity_as(ps, ok, 1); }

static void params_positional(const char *ps, int *min, int *max)
{
    int req = 0, opt = 0, rest = 0;
    const char *p = ps, *nm;
    size_t nl;
    for (int k; (k = next_param(&p, &nm, &nl)) >= 0;) {
        if (k == PP_FWD || k == PP_REST) rest = 1;
        else if (k == PP_OPT) opt++;
        else if (k == PP_REQ) req++;
    }
    *min = req;
    *max = rest ? -1 : req + opt;
}

static int proc_arity_as(const sp_proc *p, int lambda)
{
    if (p->src && p->src->params) {
        int ok;
        int a = params_arity_as(p->src->params, &ok, lambda);
        if (ok) return a;
    }
    if (p->min_args == p->max_args) return p->min_args;
    if (!lambda && p->max_args >= 0) return p->min_args;
    return -(p->min_args + 1);
}

int sp_proc_arity(sp_value proc)
{
    const sp_proc *p = (const sp_proc *)proc;
    return proc_arity_as(p, (p->hdr.flags & SP_FL_LAMBDA) != 0);
}

/* ---- Symbol#to_proc ---- */

static sp_value sym_proc_fn(sp_proc *self, int argc, const sp_value *argv, sp_value blk)
{
    if (argc < 1) sp_raise(sp_eArgError, "no receiver given");
    return sp_call(argv[0], (sp_id)(uintptr_t)self->env, argc - 1, argv + 1, blk);
}

sp_value sp_sym_to_proc(sp_value sym)
{
    sp_value p = sp_proc_new(sym_proc_fn, (void *)(uintptr_t)SP_SYM2ID(sym), SP_NIL, 1, -1, 1);
    return p;
}

/* ---- Method objects ---- */

sp_method *sp_methobj_method(sp_value mo)
{
    return ((sp_methobj *)mo)->m;
}

sp_value sp_method_obj_new(sp_value recv, sp_method *m, sp_id name, int unbound)
{
    sp_methobj *o = sp_alloc(sizeof(sp_methobj), unbound ? sp_cUnboundMethod : sp_cMethod, SP_T_METHOD);
    o->recv = unbound ? SP_UNDEF : recv;
    o->m = m;
    o->name = name;
    o->klass = unbound ? recv : sp_obj_class(recv);
    return (sp_value)o;
}

static sp_methobj *MO(sp_value v) { return (sp_methobj *)v; }

static sp_value methobj_call(sp_methobj *o, int argc, const sp_value *argv, sp_value blk)
{
    if (!o->m) {
        int n = SP_ARGC(argc);
        sp_value *a = alloca(sizeof(sp_value) * (size_t)(n + 1));
        a[0] = SP_ID2SYM(o->name);
        if (n) memcpy(a + 1, argv, sizeof(sp_value) * (size_t)n);   /* argv may be NULL when n == 0 */
        return sp_funcall(o->recv, sp_intern("method_missing"), (argc & SP_ARGC_KW) | (n + 1), a, blk);
    }
    return sp_method_invoke(o->m, o->recv, argc, argv, blk);
}

SP_METHOD(meth_call) { return methobj_call(MO(self), argc_, argv, blk); }

static int m_arity(const sp_method *m)
{
    if (!m) return -1;
    if (m->kind == SP_MK_CFUNC && m->src && m->src->params) {
        int ok;
        return params_arity(m->src->params, &ok);
    }
    if (m->kind == SP_MK_CFUNC && m->src && !m->src->params && m->checks_arity && m->max_args < 0 && m->min_args == 0)
        return 0;
    if (m->kind == SP_MK_ATTR_READER) return 0;
    if (m->kind == SP_MK_ATTR_WRITER) return 1;
    if (m->kind == SP_MK_PROC) return proc_arity_as((const sp_proc *)m->data, 1);   /* define_method: lambda rules */
    if (m->kind == SP_MK_METHOD) return m_arity((const sp_method *)m->data);
    if (m->min_args == m->max_args) return m->min_args;
    return -(m->min_args + 1);
}

SP_METHOD(meth_arity) { return SP_FIX(m_arity(MO(self)->m)); }
SP_METHOD(meth_name) { return SP_ID2SYM(MO(self)->name); }
SP_METHOD(meth_owner) { return MO(self)->m ? SP_CVAL(MO(self)->m->owner) : MO(self)->klass; }
SP_METHOD(meth_receiver) { return MO(self)->recv; }
/* The definition a define_method(name, method) entry runs: original_name
 * and inspect show its name and parameters, as CRuby */
static const sp_method *meth_origin(const sp_method *m)
{
    while (m && m->kind == SP_MK_METHOD && m->data) m = m->data;
    return m;
}

SP_METHOD(meth_original_name) { return SP_ID2SYM(MO(self)->m ? meth_origin(MO(self)->m)->name : MO(self)->name); }

SP_METHOD(meth_unbind)
{
    sp_methobj *o = MO(self);
    sp_methobj *u = (sp_methobj *)sp_method_obj_new(o->klass, o->m, o->name, 1);
    return (sp_value)u;
}

SP_METHOD(umeth_bind)
{
    sp_methobj *o = MO(self);
    sp_value owner = o->m ? SP_CVAL(o->m->owner) : o->klass;
    if (SP_TYPE(owner) != SP_T_MODULE && !sp_obj_is_kind_of(argv[0], owner)) {
        if (SP_CLASS(owner)->hdr.flags & SP_FL_SINGLETON)
            sp_raise(sp_eTypeError, "singleton method called for a different object");
        sp_raise(sp_eTypeError, "bind argument must be an instance of %s", sp_class_path(owner));
    }
    sp_methobj *b = (sp_methobj *)sp_method_obj_new(argv[0], o->m, o->name, 0);
    return (sp_value)b;
}

SP_METHOD(umeth_bind_call)
{
    if (argc < 1) sp_raise_arity(0, 1, -1);
    sp_value b = umeth_bind(self, 1, argv, SP_NIL);
    return methobj_call(MO(b), argc_ - 1, argv + 1, blk);
}

static sp_value meth_proc_fn(sp_proc *p, int argc, const sp_value *argv, sp_value blk)
{
    return methobj_call((sp_methobj *)p->env, argc, argv, blk);
}

SP_METHOD(meth_to_proc)
{
    sp_methobj *o = MO(self);
    int a = m_arity(o->m);
    int min = a >= 0 ? a : -a - 1, max = a >= 0 ? a : -1;
    sp_value p = sp_proc_new(meth_proc_fn, o, o->recv, min, max, 1);
    return p;
}

static sp_value meth_desc(sp_methobj *o, const char *kind)
{
    char buf[512];
    sp_value s = sp_str_format("#<%s: ", kind);
    if (o->m) {
        const sp_method *om = meth_origin(o->m);
        sp_method_label(o->m, buf, sizeof buf);
        /* the label ends with the entry's name: show the name looked up
         * instead, then the original's in parentheses when it differs
         * ("#renamed(original)") */
        size_t bl = strlen(buf), nl = sp_id_len(o->m->name);
        if (o->name != o->m->name && bl >= nl && !memcmp(buf + bl - nl, sp_id_name(o->m->name), nl)) {
            buf[bl - nl] = 0;
            snprintf(buf + bl - nl, sizeof buf - (bl - nl), "%s", sp_id_name(o->name));
        }
        if (om->name != o->name) {
            bl = strlen(buf);
            snprintf(buf + bl, sizeof buf - bl, "(%s)", sp_id_name(om->name));
        }
        /* receiver class differs from owner: "Foo(Mod)#m" like CRuby */
        sp_value owner = SP_CVAL(o->m->owner);
        if (o->klass != owner && !(SP_CLASS(owner)->hdr.flags & SP_FL_SINGLETON)) {
            sp_str_append(s, sp_class_inspect(o->klass));
            sp_str_cat(s, "(", 1);
            sp_str_append(s, sp_class_inspect(owner));
            sp_str_cat(s, ")#", 2);
            sp_str_cat(s, sp_id_name(o->name), sp_id_len(o->name));
            if (om->name != o->name) sp_str_append(s, sp_str_format("(%s)", sp_id_name(om->name)));
        } else {
            sp_str_cat(s, buf, strlen(buf));
        }
        const sp_srcinfo *si = om->src;
        if (si && si->params) sp_str_append(s, sp_str_format("(%s)", si->params));
        else if (om->kind == SP_MK_CFUNC && !si) {
            int a = m_arity(om);
            if (a < 0) sp_str_cat(s, "(*)", 3);
            else {
                sp_str_cat(s, "(", 1);
                for (int i = 0; i < a; i++) sp_str_cat(s, i ? ", _" : "_", i ? 3 : 1);
                sp_str_cat(s, ")", 1);
            }
        } else sp_str_cat(s, "()", 2);
        if (si && si->file) sp_str_append(s, sp_str_format(" %s:%d", si->file, si->line));
    } else {
        sp_str_append(s, sp_class_inspect(o->klass));
        sp_str_cat(s, "#", 1);
        sp_str_cat(s, sp_id_name(o->name), sp_id_len(o->name));
        sp_str_cat(s, "(*)", 3);
    }
    return sp_str_cat(s, ">", 1);
}

SP_METHOD(meth_inspect) { return meth_desc(MO(self), "Method"); }
SP_METHOD(umeth_inspect) { return meth_desc(MO(self), "UnboundMethod"); }

/* Method#hash / UnboundMethod#hash: equal for == methods (an alias, the
 * same entry looked up from a subclass): the definition and, when bound,
 * the receiver's identity. */
SP_METHOD(meth_hash)
{
    const sp_method *m = MO(self)->m;
    uint64_t x = 0x9e3779b97f4a7c15ULL;
    uintptr_t parts[5] = { m ? (uintptr_t)m->fn : 0, m ? (uintptr_t)m->kind : 0, m ? (uintptr_t)m->data : 0,
                           m ? (uintptr_t)m->owner : 0, (uintptr_t)MO(self)->recv };
    for (int i = 0; i < 5; i++) {
        x ^= (uint64_t)parts[i];
        x *= 0xff51afd7ed558ccdULL;
        x ^= x >> 33;
    }
    return SP_FIX((int64_t)(x >> 2));
}

SP_METHOD(meth_eq)
{
    sp_value o = argv[0];
    if (!SP_HEAP_P(o) || SP_TYPE(o) != SP_T_METHOD) return SP_FALSE;
    /* an alias is the same definition: same function, kind, data, owner */
    const sp_method *a = MO(o)->m, *b = MO(self)->m;
    int same = a == b || (a && b && a->fn == b->fn && a->kind == b->kind && a->data == b->data &&
                          a->owner == b->owner);
    return SP_BOOL(same && MO(o)->recv == MO(self)->recv && SP_HDR(o)->klass == SP_HDR(self)->klass);
}

SP_METHOD(meth_source_location)
{
    sp_methobj *o = MO(self);
    if (!o->m || !o->m->src || !o->m->src->file) return SP_NIL;
    sp_value a[2] = { sp_str_new_cstr(o->m->src->file), SP_FIX(o->m->src->line) };
    return sp_ary_new_from(2, a);
}

SP_METHOD(meth_super_method)
{
    sp_methobj *o = MO(self);
    if (!o->m) return SP_NIL;
    int unbound = o->recv == SP_UNDEF;
    sp_class *k = unbound ? SP_CLASS(o->klass) : sp_class_of(o->recv);
    sp_class *at = NULL;
    sp_method *m = sp_method_lookup_vis(k, o->name, &at);
    while (m && m != o->m && at) m = sp_method_lookup_vis(sp_class_super(at), o->name, &at);
    if (!m || !at) return SP_NIL;
    sp_method *sm = sp_method_lookup_vis(sp_class_super(at), o->name, NULL);
    if (!sm || sm->visibility == SP_VIS_UNDEF) return SP_NIL;
    if (unbound) return sp_method_obj_new(SP_CVAL(sm->owner), sm, o->name, 1);
    return sp_method_obj_new(o->recv, sm, o->name, 0);
}

/* [[:req, :a], [:opt, :b], ...] from a srcinfo params string
 * ("a, b=..., *r, k:, k2: ..., **o, &blk"); as_proc: req -> opt. */
static sp_value params_from_string(const char *ps, int as_proc)
{
    static const char *const kinds[] = {
        [PP_REQ] = "req", [PP_OPT] = "opt", [PP_REST] = "rest", [PP_KEYREQ] = "keyreq",
        [PP_KEY] = "key", [PP_KEYREST] = "keyrest", [PP_NOKEY] = "nokey", [PP_BLOCK] = "block",
    };
    sp_value a = sp_ary_new();
    const char *p = ps, *nm;
    size_t nl;
    for (int k; (k = next_param(&p, &nm, &nl)) >= 0;) {
        if (k == PP_FWD) {
            sp_value r[2] = { sp_sym("rest"), sp_sym("*") };
            sp_ary_push(a, sp_ary_new_from(2, r));
            sp_value kr[2] = { sp_sym("keyrest"), sp_sym("**") };
            sp_ary_push(a, sp_ary_new_from(2, kr));
            sp_value b[2] = { sp_sym("block"), sp_sym("&") };
            sp_ary_push(a, sp_ary_new_from(2, b));
            continue;
        }
        const char *kind = k == PP_REQ && as_proc ? "opt" : kinds[k];
        sp_value pr[2] = { sp_sym(kind), SP_NIL };
        int n = 2;
        if (k == PP_REQ && nl == 5 && memcmp(nm, "(...)", 5) == 0) n = as_proc ? 2 : 1;   /* |(a, b)|: [:opt, nil] / [:req] */
        else if (nl) pr[1] = SP_ID2SYM(sp_intern_len(nm, nl));
        /* anonymous *, ** and & are named by their sigil, as in CRuby 3.2+ */
        else if (k == PP_REST) pr[1] = sp_sym("*");
        else if (k == PP_KEYREST) pr[1] = sp_sym("**");
        else if (k == PP_BLOCK) pr[1] = sp_sym("&");
        else n = 1;
        sp_ary_push(a, sp_ary_new_from(n, pr));
    }
    return a;
}

static sp_value params_from_arity(int min, int max, int as_proc)
{
    sp_value a = sp_ary_new();
    for (int i = 0; i < min; i++) {
        sp_value pr[1] = { sp_sym(as_proc ? "opt" : "req") };
        sp_ary_push(a, sp_ary_new_from(1, pr));
    }
    for (int i = min; max >= 0 && i < max; i++) {
        sp_value pr[1] = { sp_sym("opt") };
        sp_ary_push(a, sp_ary_new_from(1, pr));
    }
    if (max < 0) {
        sp_value pr[1] = { sp_sym("rest") };
        sp_ary_push(a, sp_ary_new_from(1, pr));
    }
    return a;
}

static sp_value m_parameters(const sp_method *m)
{
    if (!m) { sp_value r[1] = { sp_sym("rest") }; sp_value one = sp_ary_new_from(1, r); return sp_ary_new_from(1, &one); }
    if (m->kind == SP_MK_PROC) {
        sp_proc *p = (sp_proc *)m->data;
        if (p->src && p->src->params) return params_from_string(p->src->params, 0);
        return params_from_arity(p->min_args, p->max_args, 0);
    }
    if (m->kind == SP_MK_METHOD) return m_parameters((const sp_method *)m->data);
    if (m->kind == SP_MK_ATTR_WRITER) return params_from_arity(1, 1, 0);
    if (m->src && m->src->params) return params_from_string(m->src->params, 0);
    if (m->src) return sp_ary_new();
    return params_from_arity(m->min_args, m->checks_arity ? -1 : m->max_args, 0);
}

SP_METHOD(meth_parameters) { return m_parameters(MO(self)->m); }

/* ---- Proc methods ---- */

SP_METHOD(proc_call) { return sp_proc_call(self, argc_, argv, blk); }
SP_METHOD(proc_to_proc) { return self; }
SP_METHOD(proc_arity) { return SP_FIX(sp_proc_arity(self)); }
SP_METHOD(proc_lambda_p) { return SP_BOOL(SP_HDR(self)->flags & SP_FL_LAMBDA); }

SP_METHOD(proc_inspect)
{
    sp_proc *p = (sp_proc *)self;
    sp_value s = sp_str_format("#<Proc:0x%016lx", (unsigned long)self);
    if (p->src && p->src->file) sp_str_append(s, sp_str_format(" %s:%d", p->src->file, p->src->line));
    if (p->fn == sym_proc_fn)   /* CRuby: #<Proc:0x...(&:upcase) (lambda)> */
        sp_str_append(s, sp_str_format("(&:%s)", sp_id_name((sp_id)(uintptr_t)p->env)));
    if (p->hdr.flags & SP_FL_LAMBDA) sp_str_cat(s, " (lambda)", 9);
    return sp_str_src_enc(sp_str_cat(s, ">", 1), 1);   /* CRuby's is ASCII-8BIT */
}

SP_METHOD(proc_parameters)
{
    sp_proc *p = (sp_proc *)self;
    int lambda = (p->hdr.flags & SP_FL_LAMBDA) != 0;
    sp_value l = sp_kwarg(argc_, argv, "lambda", SP_NIL);
    if (l != SP_NIL) lambda = SP_RTEST(l);
    if (p->fn == meth_proc_fn) return m_parameters(((sp_methobj *)p->env)->m);
    if (p->src && p->src->params) return params_from_string(p->src->params, !lambda);
    if (p->src && (p->src->flags & SP_SI_IT)) {   /* `it`: CRuby's [[:req]] / [[:opt, nil]] */
        sp_value pr[2] = { sp_sym(lambda ? "req" : "opt"), SP_NIL };
        return sp_ary_new_from(1, &(sp_value){ sp_ary_new_from(lambda ? 1 : 2, pr) });
    }
    if (p->src && p->min_args > 0 && p->min_args == p->max_args) {
        /* no parameter list but an arity: numbered parameters _1.._n */
        sp_value a = sp_ary_new();
        for (int i = 1; i <= p->min_args; i++) {
            char nm[16];
            snprintf(nm, sizeof nm, "_%d", i);
            sp_value pr[2] = { sp_sym(lambda ? "req" : "opt"), sp_sym(nm) };
            sp_ary_push(a, sp_ary_new_from(2, pr));
        }
        return a;
    }
    if (p->src) return sp_ary_new();
    return params_from_arity(p->min_args, p->max_args, !lambda);
}

SP_METHOD(proc_source_location)
{
    sp_proc *p = (sp_proc *)self;
    if (p->fn == meth_proc_fn)   /* Method#to_proc: the method's location (nil for a built-in) */
        return meth_source_location((sp_value)p->env, 0, NULL, SP_NIL);
    if (!p->src || !p->src->file) return SP_NIL;
    sp_value a[2] = { sp_str_new_cstr(p->src->file), SP_FIX(p->src->line) };
    return sp_ary_new_from(2, a);
}

/* Composition: (f >> g).call(x) == g.(f.(x));  (f << g).call(x) == f.(g.(x)) */
typedef struct compose_env { sp_value first, second; } compose_env;

/* Call f: a Proc directly, anything else (a Method, a callable object) through #call. */
sp_value sp_call_callable(sp_value f, int argc, const sp_value *argv, sp_value blk)
{
    if (SP_HEAP_P(f) && SP_TYPE(f) == SP_T_PROC) return sp_proc_call(f, argc, argv, blk);
    return sp_funcall(f, sp_intern("call"), argc, argv, blk);
}

static sp_value compose_fn(sp_proc *p, int argc, const sp_value *argv, sp_value blk)
{
    compose_env *e = p->env;
    sp_value mid = sp_call_callable(e->first, argc, argv, blk);
    return sp_call_callable(e->second, 1, &mid, SP_NIL);
}

static sp_value compose(sp_value first, sp_value second, int lambda)
{
    compose_env *e = GC_MALLOC(sizeof(compose_env));
    e->first = first;
    e->second = second;
    return sp_proc_new(compose_fn, e, SP_NIL, 0, -1, lambda);
}

/* CRuby's to_callable: a Proc, a Method or anything with #call (no #to_proc) */
static sp_value callable_arg(sp_value g)
{
    if (SP_HEAP_P(g) && (SP_TYPE(g) == SP_T_PROC || SP_TYPE(g) == SP_T_METHOD)) return g;
    if (sp_respond_to(g, sp_intern("call"), 0)) return g;
    sp_raise(sp_eTypeError, "callable object is expected");
}

static int lambda_of(sp_value f)
{
    return !(SP_HEAP_P(f) && SP_TYPE(f) == SP_T_PROC) || (SP_HDR(f)->flags & SP_FL_LAMBDA);
}

/* As CRuby: f >> g is a lambda when f is; f << g when g is (a Method or
 * another callable counts as a lambda). */
SP_METHOD(proc_rshift) { sp_value g = callable_arg(argv[0]); return compose(self, g, lambda_of(self)); }
SP_METHOD(proc_lshift) { sp_value g = callable_arg(argv[0]); return compose(g, self, lambda_of(g)); }
SP_METHOD(meth_rshift) { sp_value g = callable_arg(argv[0]); return compose(self, g, 1); }
SP_METHOD(meth_lshift) { sp_value g = callable_arg(argv[0]); return compose(g, self, lambda_of(g)); }

/* curry */
typedef struct curry_env { sp_value proc; sp_value args; int arity; } curry_env;

static sp_value curry_fn(sp_proc *p, int argc, const sp_value *argv, sp_value blk)
{
    curry_env *e = p->env;
    sp_value args = sp_ary_new();
    sp_ary_concat(args, e->args);
    for (int i = 0; i < SP_ARGC(argc); i++) sp_ary_push(args, argv[i]);
    long n = sp_ary_len(args);
    if (n >= e->arity) {
        sp_value *v = alloca(sizeof(sp_value) * (size_t)(n + 1));
        for (long i = 0; i < n; i++) v[i] = sp_ary_entry(args, i);
        return sp_proc_call(e->proc, (int)n, v, blk);
    }
    curry_env *ne = GC_MALLOC(sizeof(curry_env));
    ne->proc = e->proc;
    ne->args = args;
    ne->arity = e->arity;
    return sp_proc_new(curry_fn, ne, SP_NIL, 0, -1, (SP_HDR(e->proc)->flags & SP_FL_LAMBDA) != 0);
}

SP_METHOD(proc_curry)
{
    sp_proc *p = (sp_proc *)self;
    int ar = argc > 0 ? (int)SP_FIX2LONG(argv[0]) : (p->min_args);
    if ((p->hdr.flags & SP_FL_LAMBDA) && argc > 0) {
        if (ar < p->min_args || (p->max_args >= 0 && ar > p->max_args))
            sp_raise_arity(ar, p->min_args, p->max_args);
    }
    if (argc == 0 && p->max_args > p->min_args && !(p->hdr.flags & SP_FL_LAMBDA)) ar = p->max_args;
    curry_env *e = GC_MALLOC(sizeof(curry_env));
    e->proc = self;
    e->args = sp_ary_new();
    e->arity = ar;
    /* a curried lambda is a lambda, a curried proc a proc (CRuby) */
    return sp_proc_new(curry_fn, e, SP_NIL, 0, -1, (p->hdr.flags & SP_FL_LAMBDA) != 0);
}

SP_METHOD(proc_s_new)
{
    if (!SP_HEAP_P(blk)) sp_raise(sp_eArgError, "tried to create Proc object without a block");
    if (self == sp_cProc) {
        if (argc != 0) sp_raise_arity(argc, 0, 0);
        return blk;
    }
    /* a subclass of Proc: a copy of the block of that class, initialized
     * with the arguments */
    sp_proc *c = proc_copy((sp_proc *)blk);
    c->hdr.klass = SP_CLASS(self);
    sp_funcall(SP_CVAL(c), sp_intern("initialize"), argc_, argv, blk);
    return SP_CVAL(c);
}

SP_METHOD(kernel_proc)
{
    if (!SP_HEAP_P(blk)) sp_raise(sp_eArgError, "tried to create Proc object without a block");
    return blk;
}

SP_METHOD(kernel_lambda)
{
    if (!SP_HEAP_P(blk)) sp_raise(sp_eArgError, "tried to create Proc object without a block");
    if (SP_HDR(blk)->flags & SP_FL_LAMBDA) return blk;
    sp_proc *c = proc_copy((sp_proc *)blk);
    c->hdr.flags |= SP_FL_LAMBDA;
    return (sp_value)c;
}

SP_METHOD(proc_eq) { return SP_BOOL(self == argv[0]); }

void sp_init_proc(void)
{
    sp_value p = sp_cProc;
    /* Proc.allocate, Method.allocate: TypeError "allocator undefined for X" */
    sp_class_set_allocator(p, NULL);
    sp_class_set_allocator(sp_cMethod, NULL);
    sp_class_set_allocator(sp_cUnboundMethod, NULL);
    sp_define_singleton_method(p, "new", proc_s_new, -1);
    sp_define_method(p, "call", proc_call, -1);
    sp_define_method(p, "()", proc_call, -1);
    sp_define_method(p, "yield", proc_call, -1);
    sp_define_method(p, "[]", proc_call, -1);
    sp_define_method(p, "===", proc_call, -1);
    /* CRuby calls a Proc without a frame of its own: no 'Proc#call' line */
    sp_method_set_noframe(p, "call");
    sp_method_set_noframe(p, "()");
    sp_method_set_noframe(p, "yield");
    sp_method_set_noframe(p, "[]");
    sp_method_set_noframe(p, "===");
    sp_define_method(p, "to_proc", proc_to_proc, 0);
    sp_define_method(p, "arity", proc_arity, 0);
    sp_define_method(p, "lambda?", proc_lambda_p, 0);
    sp_define_method(p, "inspect", proc_inspect, 0);
    sp_define_method(p, "to_s", proc_inspect, 0);
    sp_define_method(p, "parameters", proc_parameters, -1);
    sp_define_method(p, "source_location", proc_source_location, 0);
    sp_define_method(p, ">>", proc_rshift, 1);
    sp_define_method(p, "<<", proc_lshift, 1);
    sp_define_method(p, "curry", proc_curry, -1);
    sp_define_method(p, "==", proc_eq, 1);
    sp_define_method(p, "eql?", proc_eq, 1);

    sp_value m = sp_cMethod;
    sp_undef_method(sp_singleton_class(m), "new");
    sp_define_method(m, "call", meth_call, -1);
    sp_define_method(m, "()", meth_call, -1);
    sp_define_method(m, "[]", meth_call, -1);
    sp_define_method(m, "===", meth_call, -1);
    sp_define_method(m, "arity", meth_arity, 0);
    sp_define_method(m, "name", meth_name, 0);
    sp_define_method(m, "original_name", meth_original_name, 0);
    sp_define_method(m, "owner", meth_owner, 0);
    sp_define_method(m, "receiver", meth_receiver, 0);
    sp_define_method(m, "unbind", meth_unbind, 0);
    sp_define_method(m, "to_proc", meth_to_proc, 0);
    sp_define_method(m, "inspect", meth_inspect, 0);
    sp_define_method(m, "to_s", meth_inspect, 0);
    sp_define_method(m, "==", meth_eq, 1);
    sp_define_method(m, "eql?", meth_eq, 1);
    sp_define_method(m, "hash", meth_hash, 0);
    sp_define_method(m, "source_location", meth_source_location, 0);
    sp_define_method(m, "parameters", meth_parameters, 0);
    sp_define_method(m, "super_method", meth_super_method, 0);
    sp_define_method(m, ">>", meth_rshift, 1);
    sp_define_method(m, "<<", meth_lshift, 1);

    sp_value u = sp_cUnboundMethod;
    sp_undef_method(sp_singleton_class(u), "new");
    sp_define_method(u, "bind", umeth_bind, 1);
    sp_define_method(u, "bind_call", umeth_bind_call, -1);
    sp_define_method(u, "arity", meth_arity, 0);
    sp_define_method(u, "name", meth_name, 0);
    sp_define_method(u, "original_name", meth_original_name, 0);
    sp_define_method(u, "owner", meth_owner, 0);
    sp_define_method(u, "inspect", umeth_inspect, 0);
    sp_define_method(u, "to_s", umeth_inspect, 0);
    sp_define_method(u, "==", meth_eq, 1);
    sp_define_method(u, "eql?", meth_eq, 1);
    sp_define_method(u, "hash", meth_hash, 0);
    sp_define_method(u, "source_location", meth_source_location, 0);
    sp_define_method(u, "parameters", meth_parameters, 0);
    sp_define_method(u, "super_method", meth_super_method, 0);

    sp_define_private_method(sp_mKernel, "proc", kernel_proc, 0);
    sp_define_private_method(sp_mKernel, "lambda", kernel_lambda, 0);
}

/*
 * sp_binding.c — Binding: the locals and self of a scope, made where the
 * program calls `binding`.
 *
 * Spinel compiles ahead of time, so the locals a `binding` call can see are
 * known at compile time.  The resolver (codegen/sema/resolve.c) makes every
 * local visible at such a call live in its scope's env (as a local a block
 * reads does), and the emitter writes, per call site, a static
 * sp_binding_info: the source location and, for each visible name (the
 * innermost scope's first, as CRuby lists them), how many env links to
 * follow up from the calling function's env and which slot.  The call
 * compiles to sp_binding_new(self, cenv, &info).  Only scopes that call
 * `binding` pay for it (their locals live in the heap env).
 *
 * Representation: an SP_T_DATA object { self, env, info, extra }.  env is
 * the calling function's env (shared with the scope and its blocks: a
 * write through the binding is a write of the local, by reference, as in
 * CRuby).  extra is a Hash Symbol -> value holding the variables
 * `local_variable_set` created that the scope does not have: CRuby puts
 * them in the binding's own dynamic scope, seen only through it (and its
 * eval), listed before the scope's locals.  The Hash is made on first use
 * and published with one compare-and-swap (a thread that loses the race
 * uses the winner's); the Hash itself is race-safe, and a scope local is
 * one whole-word access of its env slot, so each read or write of
 * different threads is atomic, as in CRuby.
 *
 * Binding#eval with a string known at compile time is compiled in place
 * (codegen/emit/ceval.c); at run time only the forms that need no
 * compiler are evaluated: a local variable name of the binding and an
 * instance variable name; anything else raises NotImplementedError.
 */
#include "spinel.h"
#include "sp_hash.h"
#include "sp_string.h"

#include <string.h>

typedef struct sp_binding {
    sp_header hdr;
    uint32_t magic;
    sp_value self;
    sp_value *env;                 /* the calling function's env (may be NULL) */
    const sp_binding_info *info;   /* static, from the compiled call site */
    sp_value extra;                /* Hash of the binding's own locals, or 0 */
} sp_binding;

#define BIND_MAGIC 0x42494e44u     /* "BIND" */

static sp_value cBinding;

static sp_binding *as_binding(sp_value v)
{
    if (SP_HEAP_P(v) && SP_TYPE(v) == SP_T_DATA && ((sp_binding *)v)->magic == BIND_MAGIC)
        return (sp_binding *)v;
    sp_raise(sp_eTypeError, "wrong argument type %s (expected binding)", sp_obj_classname(v));
}

sp_value sp_binding_new(sp_value self, sp_value *env, const sp_binding_info *info)
{
    sp_binding *b = sp_alloc(sizeof *b, cBinding, SP_T_DATA);
    b->magic = BIND_MAGIC;
    b->self = self;
    b->env = env;
    b->info = info;
    return (sp_value)b;
}

/* The slot of the scope's local `name`, or NULL. */
static sp_value *scope_slot(sp_binding *b, const char *name, size_t len)
{
    const sp_binding_info *in = b->info;
    for (int i = 0; i < in->n; i++) {
        const sp_binding_var *v = &in->vars[i];
        if (strlen(v->name) != len || memcmp(v->name, name, len)) continue;
        sp_value *e = b->env;
        for (int h = 0; h < v->hops && e; h++) e = (sp_value *)(uintptr_t)e[0];
        return e ? &e[v->slot] : NULL;
    }
    return NULL;
}

/* CRuby's rb_is_local_name: an identifier starting with a lower-case
 * letter, '_' or a non-ASCII byte, with no ?, ! or = at the end. */
static int local_name_p(const char *s, size_t len)
{
    if (!len) return 0;
    unsigned char c = (unsigned char)s[0];
    if (!((c >= 'a' && c <= 'z') || c == '_' || c >= 0x80)) return 0;
    for (size_t i = 1; i < len; i++) {
        c = (unsigned char)s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c >= 0x80))
            return 0;
    }
    return 1;
}

/* The name argument as a Symbol (Symbol, String, or to_str), checked to
 * be a local variable name: CRuby's messages. */
static sp_value name_arg(sp_value self, sp_value v)
{
    sp_value sym;
    if (SP_SYMBOL_P(v)) sym = v;
    else {
        sp_value s = v;
        if (!(SP_HEAP_P(s) && SP_TYPE(s) == SP_T_STRING)) {
            if (!sp_respond_to(v, sp_intern("to_str"), 1))
                sp_raise(sp_eTypeError, "%s is not a symbol nor a string", sp_str_cstr(sp_inspect(v)));
            s = sp_funcall(v, sp_intern("to_str"), 0, NULL, SP_NIL);
            if (!(SP_HEAP_P(s) && SP_TYPE(s) == SP_T_STRING))
                sp_raise(sp_eTypeError, "can't convert %s to String (%s#to_str gives %s)", sp_obj_classname(v),
                         sp_obj_classname(v), sp_obj_classname(s));
        }
        sym = SP_ID2SYM(sp_intern_len(sp_str_ptr(s), sp_str_len(s)));
    }
    sp_id id = SP_SYM2ID(sym);
    if (!local_name_p(sp_id_name(id), sp_id_len(id)))
        sp_raise_name_error(sym, self, "wrong local variable name '%s' for %s", sp_id_name(id),
                            sp_str_cstr(sp_inspect(self)));
    return sym;
}

static sp_value extra_of(sp_binding *b, int create)
{
    sp_value h = __atomic_load_n(&b->extra, __ATOMIC_ACQUIRE);
    if (h || !create) return h;
    sp_value fresh = sp_hash_new();
    if (__atomic_compare_exchange_n(&b->extra, &h, fresh, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) return fresh;
    return h;      /* another thread's, made in between */
}

/* The variable's cell: *slot for a scope local, else found in extra. */
static int lookup(sp_binding *b, sp_value sym, sp_value *out)
{
    sp_id id = SP_SYM2ID(sym);
    sp_value *slot = scope_slot(b, sp_id_name(id), sp_id_len(id));
    if (slot) { *out = __atomic_load_n(slot, __ATOMIC_RELAXED); return 1; }
    sp_value h = extra_of(b, 0);
    if (!h) return 0;
    sp_value v = sp_hash_lookup(h, sym, SP_UNDEF);
    if (v == SP_UNDEF) return 0;
    *out = v;
    return 1;
}

SP_METHOD(bind_local_variable_get)
{
    sp_binding *b = as_binding(self);
    sp_value sym = name_arg(self, argv[0]);
    sp_value v;
    if (!lookup(b, sym, &v))
        sp_raise_name_error(sym, self, "local variable '%s' is not defined for %s", sp_id_name(SP_SYM2ID(sym)),
                            sp_str_cstr(sp_inspect(self)));
    return v;
}

SP_METHOD(bind_local_variable_set)
{
    sp_binding *b = as_binding(self);
    sp_value sym = name_arg(self, argv[0]);
    sp_id id = SP_SYM2ID(sym);
    sp_value *slot = scope_slot(b, sp_id_name(id), sp_id_len(id));
    if (slot) __atomic_store_n(slot, argv[1], __ATOMIC_RELAXED);
    else sp_hash_aset(extra_of(b, 1), sym, argv[1]);
    return argv[1];
}

SP_METHOD(bind_local_variable_defined_p)
{
    sp_binding *b = as_binding(self);
    sp_value v;
    return SP_BOOL(lookup(b, name_arg(self, argv[0]), &v));
}

static int push_key(sp_value k, sp_value v, void *ary)
{
    (void)v;
    sp_ary_push((sp_value)ary, k);
    return 0;
}

/* The binding's own variables first, then the scope's, innermost first. */
SP_METHOD(bind_local_variables)
{
    sp_binding *b = as_binding(self);
    sp_value r = sp_ary_new_from(0, NULL);
    sp_value h = extra_of(b, 0);
    if (h) sp_hash_foreach(h, push_key, (void *)r);
    for (int i = 0; i < b->info->n; i++) sp_ary_push(r, sp_sym(b->info->vars[i].name));
    return r;
}

SP_METHOD(bind_receiver) { return as_binding(self)->self; }

SP_METHOD(bind_source_location)
{
    sp_binding *b = as_binding(self);
    sp_value a[2] = { sp_str_new_cstr(b->info->file), SP_FIX(b->info->line) };
    return sp_ary_new_from(2, a);
}

/* dup/clone share the scope's locals (by reference) but not the variables
 * local_variable_set created afterwards, as CRuby. */
SP_METHOD(bind_initialize_copy)
{
    sp_binding *b = as_binding(self), *o = as_binding(argv[0]);
    b->self = o->self;
    b->env = o->env;
    b->info = o->info;
    sp_value h = extra_of(o, 0);
    __atomic_store_n(&b->extra, h ? sp_hash_dup(h) : 0, __ATOMIC_RELEASE);
    return self;
}

/* A run-time string: a local of the binding or an instance variable name
 * (sp_eval_dynamic); anything else needs the compiler. */
SP_METHOD(bind_eval)
{
    sp_binding *b = as_binding(self);
    if (argc < 1 || argc > 3)
        sp_raise(sp_eArgError, "wrong number of arguments (given %d, expected 1..3)", argc);
    sp_value str = argv[0];
    if (!(SP_HEAP_P(str) && SP_TYPE(str) == SP_T_STRING))
        sp_raise(sp_eTypeError, "no implicit conversion of %s into String", sp_obj_classname(str));
    const char *p = sp_str_ptr(str);
    size_t len = sp_str_len(str);
    while (len && (p[len - 1] == ' ' || p[len - 1] == '\n')) len--;
    while (len && (*p == ' ' || *p == '\n')) p++, len--;
    if (local_name_p(p, len)) {
        sp_value v;
        if (lookup(b, SP_ID2SYM(sp_intern_len(p, len)), &v)) return v;
    }
    if (len >= 2 && p[0] == '@' && !(p[1] >= '0' && p[1] <= '9')) {
        int ok = 1;
        for (size_t i = 1; i < len && ok; i++) ok = p[i] == '_' || (p[i] >= 'a' && p[i] <= 'z') ||
            (p[i] >= 'A' && p[i] <= 'Z') || (p[i] >= '0' && p[i] <= '9') || (unsigned char)p[i] >= 0x80;
        if (ok) return sp_ivar_get(b->self, sp_intern_len(p, len));
    }
    sp_raise(sp_eNotImpError, "Binding#eval of a string known only at run time is not supported by Spinel");
}

/* Kernel#binding reached through send/method/public_send: the caller's
 * locals are not known where the call is compiled. */
SP_METHOD(kernel_binding)
{
    sp_raise(sp_eNotImpError, "binding called through send or a Method object is not supported by Spinel");
}

void sp_init_binding(void)
{
    cBinding = sp_define_class("Binding", sp_cObject);
    sp_undef_method(sp_singleton_class(cBinding), "new");
    sp_undef_method(sp_singleton_class(cBinding), "allocate");
    sp_define_method(cBinding, "local_variable_get", bind_local_variable_get, 1);
    sp_define_method(cBinding, "local_variable_set", bind_local_variable_set, 2);
    sp_define_method(cBinding, "local_variable_defined?", bind_local_variable_defined_p, 1);
    sp_define_method(cBinding, "local_variables", bind_local_variables, 0);
    sp_define_method(cBinding, "receiver", bind_receiver, 0);
    sp_define_method(cBinding, "source_location", bind_source_location, 0);
    sp_define_method(cBinding, "eval", bind_eval, -1);
    sp_define_private_method(cBinding, "initialize_copy", bind_initialize_copy, 1);
    sp_define_private_method(sp_mKernel, "binding", kernel_binding, 0);
}

#define _GNU_SOURCE
/*
 * sp_kernel.c — Kernel methods about control flow and the process:
 * raise/fail, loop, catch/throw, exit/exit!/abort, at_exit,
 * require/require_relative (run-time form), caller/caller_locations and
 * Thread::Backtrace::Location.
 *
 * Every function that _setjmp's keeps the values it needs after a landing
 * in volatile locals (a longjmp may clobber non-volatile ones).
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "sp_class.h"

sp_value sp_cBacktraceLocation;

/* ---- raise ---- */

static sp_value make_exception(int n, const sp_value *argv)
{
    sp_value e;
    if (n == 0) {
        sp_value cur = sp_ec_current()->errinfo;
        if (SP_HEAP_P(cur) && SP_TYPE(cur) == SP_T_EXCEPTION) return cur;
        return sp_exc_new(sp_eRuntimeError, "%s", "");
    }
    sp_value a = argv[0];
    if (n == 1 && SP_HEAP_P(a) && SP_TYPE(a) == SP_T_STRING) {
        e = sp_exc_alloc(sp_eRuntimeError);
        ((sp_exception *)e)->message = a;
        return e;
    }
    if (!sp_respond_to(a, sp_intern("exception"), 1))
        sp_raise(sp_eTypeError, "exception class/object expected");
    e = sp_funcall(a, sp_intern("exception"), n > 1 ? 1 : 0, argv + 1, SP_NIL);
    if (!SP_HEAP_P(e) || SP_TYPE(e) != SP_T_EXCEPTION)
        sp_raise(sp_eTypeError, "exception object expected");
    if (n > 2 && argv[2] != SP_NIL) sp_funcall(e, sp_intern("set_backtrace"), 1, argv + 2, SP_NIL);
    return e;
}

SP_METHOD(k_raise)
{
    int n = argc;
    sp_value cause = SP_UNDEF;
    if (argc_ & SP_ARGC_KW) {
        sp_value kw = argv[n - 1];
        cause = sp_hash_lookup(kw, sp_sym("cause"), SP_UNDEF);
        if (cause != SP_UNDEF && sp_hash_size(kw) == 1) n--;
        else cause = SP_UNDEF;
    }
    if (n > 3) sp_raise_arity(n, 0, 3);
    if (n == 0 && cause != SP_UNDEF) sp_raise(sp_eArgError, "only cause is given with no arguments");
    sp_value e = make_exception(n, argv);
    if (cause != SP_UNDEF) {
        /* exc_setup_message/exc_setup_cause: a cause that leads back to
         * the exception is refused; nil or the exception itself keeps
         * the cause an exception already has (and blocks the implicit $!) */
        sp_exception *x = (sp_exception *)e;
        if (cause != SP_NIL && (!SP_HEAP_P(cause) || SP_TYPE(cause) != SP_T_EXCEPTION))
            sp_raise(sp_eTypeError, "exception object expected");
        if (cause != SP_NIL && cause != e) {
            for (sp_value c = ((sp_exception *)cause)->cause;
                 SP_HEAP_P(c) && SP_TYPE(c) == SP_T_EXCEPTION; c = ((sp_exception *)c)->cause)
                if (c == e) sp_raise(sp_eArgError, "circular causes");
            x->cause = cause;
            x->cause_set = 1;
        } else if (!x->cause_set) {
            x->cause = SP_NIL;
            x->cause_set = 1;
        }
    }
    sp_raise_exc(e);
}

/* ---- loop ---- */

SP_METHOD(k_loop)
{
    if (!SP_HEAP_P(blk)) {
        sp_value s = sp_sym("loop");
        return sp_funcall(self, sp_intern("enum_for"), 1, &s, SP_NIL);
    }
    sp_ec *ec = sp_ec_current();
    volatile sp_value saved_errinfo = ec->errinfo;
    sp_handler h;
    sp_push_handler(ec, &h, SP_H_RESCUE, NULL);
    if (_setjmp(h.jb) == 0) {
        for (;;) {
            SP_POLL();
            sp_yield(blk, 0, NULL);
        }
    }
    sp_pop_handler(ec, &h);
    sp_value exc = ec->jump_val;
    if (sp_obj_is_kind_of(exc, sp_eStopIteration)) {
        /* $! goes back to what it was before the loop's rescue */
        ec->errinfo = saved_errinfo;
        return sp_funcall(exc, sp_intern("result"), 0, NULL, SP_NIL);
    }
    sp_jump(ec, SP_JUMP_RAISE, NULL, exc);
}

/* ---- catch / throw ---- */

SP_METHOD(k_catch)
{
    volatile sp_value tag = argc > 0 ? argv[0] : sp_obj_alloc(sp_cObject);
    sp_ec *ec = sp_ec_current();
    sp_handler h;
    sp_push_handler(ec, &h, SP_H_CATCH, (void *)tag);
    if (_setjmp(h.jb) == 0) {
        sp_value t = tag;
        sp_value r = sp_yield(blk, 1, &t);
        sp_pop_handler(ec, &h);
        return r;
    }
    sp_pop_handler(ec, &h);
    return ec->jump_val;
}

static int catch_present(sp_ec *ec, void *tag)
{
    for (sp_handler *h = ec->handler; h; h = h->prev)
        if (h->kind == SP_H_CATCH && h->tag == tag) return 1;
    return 0;
}

SP_METHOD(k_throw)
{
    int n = argc;
    if (n < 1 || n > 2) sp_raise_arity(n, 1, 2);
    sp_ec *ec = sp_ec_current();
    sp_value val = n > 1 ? argv[1] : SP_NIL;
    if (!catch_present(ec, (void *)argv[0])) {
        sp_value a[3] = { argv[0], val, sp_str_new_cstr("uncaught throw %p") };
        sp_value e = sp_class_new_instance(sp_eUncaughtThrowError, 3, a, SP_NIL);
        sp_raise_exc(e);
    }
    sp_jump(ec, SP_JUMP_THROW, (void *)argv[0], val);
}

/* ---- exit / abort / at_exit ---- */

SP_NORETURN void sp_exit(int status)
{
    sp_value a[2] = { SP_FIX(status), sp_str_new_cstr("exit") };
    sp_raise_exc(sp_class_new_instance(sp_eSystemExit, 2, a, SP_NIL));
}

static int status_arg(int argc, const sp_value *argv, int dflt)
{
    if (SP_ARGC(argc) == 0) return dflt;
    sp_value v = argv[0];
    if (v == SP_TRUE) return 0;
    if (v == SP_FALSE) return 1;
    if (SP_FIXNUM_P(v)) return (int)SP_FIX2LONG(v);
    return (int)sp_num_to_long(v);     /* NUM2INT: #to_int, a Float truncated */
}

SP_METHOD(k_exit) { sp_exit(status_arg(argc_, argv, 0)); }

SP_METHOD(k_exit_bang)
{
    /* CRuby's exit! runs no at_exit handler and flushes no Ruby-level
     * buffer: what a piped $stdout (sync false) or a File still holds is
     * lost; $stderr is unbuffered, so what it was given is out already. */
    int st = status_arg(argc_, argv, 1);
    _exit(st);
}

SP_METHOD(k_abort)
{
    if (argc > 0) {
        sp_value m = sp_try_convert(argv[0], sp_cString, "to_str");   /* StringValue */
        if (m == SP_NIL) sp_raise_type(argv[0], "String");
        /* $stderr.write(msg, "\n") as CRuby's rb_io_puts on $stderr */
        long len = sp_str_len(m);
        sp_value w[2] = { m, sp_str_new_cstr("\n") };
        int nl = len > 0 && sp_str_ptr(m)[len - 1] == '\n';
        sp_funcall(sp_io_get_stderr(), sp_intern("write"), nl ? 1 : 2, w, SP_NIL);
        sp_value a[2] = { SP_FIX(1), m };
        sp_raise_exc(sp_class_new_instance(sp_eSystemExit, 2, a, SP_NIL));
    }
    /* abort without a message prints $! if set */
    sp_value cur = sp_ec_current()->errinfo;
    if (SP_HEAP_P(cur) && SP_TYPE(cur) == SP_T_EXCEPTION) sp_print_uncaught(cur);
    sp_value a[2] = { SP_FIX(1), sp_str_new_cstr("exit") };
    sp_raise_exc(sp_class_new_instance(sp_eSystemExit, 2, a, SP_NIL));
}

SP_METHOD(k_at_exit)
{
    if (!SP_HEAP_P(blk)) sp_raise(sp_eArgError, "called without a block");
    sp_at_exit(blk);
    return blk;
}

/* ---- require ---- */

/* The natively provided libraries (lib/sp_features.h).  A Ruby file found
 * on the load path is compiled into the program and loaded by the code the
 * compiler emits; this run-time form only knows the native table. */
#define SP_FEATURE_CORE(name)
#define SP_FEATURE(name, init) extern void init(void);
#include "sp_features.h"
#undef SP_FEATURE
#undef SP_FEATURE_CORE

static const struct sp_feature { const char *name; void (*init)(void); } sp_features[] = {
#define SP_FEATURE_CORE(name) { name, NULL },
#define SP_FEATURE(name, init) { name, init },
#include "sp_features.h"
#undef SP_FEATURE
#undef SP_FEATURE_CORE
};

SP_METHOD(k_require)
{
    sp_value f = argv[0];
    if (!SP_HEAP_P(f) || SP_TYPE(f) != SP_T_STRING) sp_raise_type(f, "String");
    const char *name = sp_str_cstr(f);
    static sp_value loaded;
    if (!loaded) {
        loaded = sp_hash_new();
        GC_add_roots(&loaded, &loaded + 1);
        /* in CRuby 3.4's $LOADED_FEATURES before the program runs (built in,
         * or loaded by rubygems): their first require is already false */
        static const char *const preloaded[] = { "complex", "enumerator", "fiber", "monitor", "rational", "thread" };
        for (size_t i = 0; i < sizeof preloaded / sizeof preloaded[0]; i++)
            sp_hash_aset(loaded, sp_str_new_frozen(preloaded[i], strlen(preloaded[i])), SP_TRUE);
    }
    for (size_t i = 0; i < sizeof sp_features / sizeof sp_features[0]; i++) {
        if (strcmp(sp_features[i].name, name) == 0) {
            if (sp_hash_lookup(loaded, f, SP_UNDEF) != SP_UNDEF) return SP_FALSE;
            sp_hash_aset(loaded, sp_str_new_frozen(name, strlen(name)), SP_TRUE);
            if (sp_features[i].init) sp_features[i].init();
            return SP_TRUE;
        }
    }
    sp_value e = sp_exc_new(sp_eLoadError, "cannot load such file -- %s", name);
    sp_ivar_set(e, sp_intern("@path"), f);
    sp_raise_exc(e);
}

/* require_relative is resolved at compile time; at run time it is a no-op
 * that reports "already loaded". */
SP_METHOD(k_require_relative) { return SP_FALSE; }

/* ---- caller / Thread::Backtrace::Location ---- */

static sp_id l_path, l_line, l_label, l_str;

static sp_value location_new(sp_value str)
{
    sp_value o = sp_obj_alloc(sp_cBacktraceLocation);
    const char *p = sp_str_ptr(str);
    size_t n = sp_str_len(str);
    /* "file:line:in 'label'" */
    const char *c1 = memchr(p, ':', n);
    const char *c2 = c1 ? memchr(c1 + 1, ':', n - (size_t)(c1 + 1 - p)) : NULL;
    sp_ivar_set(o, l_str, str);
    if (c1 && c2) {
        sp_ivar_set(o, l_path, sp_str_new(p, (size_t)(c1 - p)));
        sp_ivar_set(o, l_line, SP_FIX(atol(c1 + 1)));
        const char *q1 = memchr(c2, '\'', n - (size_t)(c2 - p));
        const char *q2 = q1 ? memrchr(q1 + 1, '\'', n - (size_t)(q1 + 1 - p)) : NULL;
        sp_ivar_set(o, l_label, q1 && q2 ? sp_str_new(q1 + 1, (size_t)(q2 - q1 - 1)) : SP_NIL);
    }
    return o;
}

sp_value sp_locations_from_strings(sp_value bt)
{
    if (bt == SP_NIL) return SP_NIL;
    long n = sp_ary_len(bt);
    sp_value a = sp_ary_new_capa(n);
    for (long i = 0; i < n; i++) sp_ary_push(a, location_new(sp_ary_entry(bt, i)));
    return a;
}

static sp_value caller_common(int argc, const sp_value *argv)
{
    long start = 1, len = -1;
    int n = SP_ARGC(argc);
    if (n > 0 && SP_FIXNUM_P(argv[0])) start = SP_FIX2LONG(argv[0]);
    if (n > 1 && SP_FIXNUM_P(argv[1])) len = SP_FIX2LONG(argv[1]);
    if (start < 0) sp_raise(sp_eArgError, "negative level (%ld)", start);
    /* skip the builtin frame of caller itself */
    sp_value bt = sp_backtrace_here(sp_ec_current(), 0);
    long total = sp_ary_len(bt);
    sp_value out = sp_ary_new();
    if (start > total) return SP_NIL;
    for (long i = start; i < total && (len < 0 || i < start + len); i++) sp_ary_push(out, sp_ary_entry(bt, i));
    return out;
}

SP_METHOD(k_caller) { return caller_common(argc_, argv); }
SP_METHOD(k_caller_locations) { return sp_locations_from_strings(caller_common(argc_, argv)); }

SP_METHOD(loc_path) { return sp_ivar_get(self, l_path); }
SP_METHOD(loc_lineno) { return sp_ivar_get(self, l_line); }
SP_METHOD(loc_label) { return sp_ivar_get(self, l_label); }
SP_METHOD(loc_base_label)
{
    sp_value l = sp_ivar_get(self, l_label);
    if (l == SP_NIL) return l;
    const char *p = sp_str_ptr(l);
    size_t n = sp_str_len(l);
    const char *h = NULL;
    for (size_t i = 0; i < n; i++) if (p[i] == '#' || p[i] == '.') h = p + i;
    if (strncmp(p, "block in ", 9) == 0 && !h) return sp_str_new(p + 9, n - 9);
    return h ? sp_str_new(h + 1, n - (size_t)(h + 1 - p)) : l;
}
SP_METHOD(loc_to_s) { return sp_ivar_get(self, l_str); }
SP_METHOD(loc_inspect) { return sp_inspect(sp_ivar_get(self, l_str)); }

/* ---- GC / ObjectSpace (minimal) ---- */

SP_METHOD(gc_start) { GC_gcollect(); return SP_NIL; }
SP_METHOD(gc_count) { return SP_FIX((int64_t)GC_get_gc_no()); }
/* GC.disable / GC.enable: a Ruby-level switch (bdwgc's GC_disable counts
 * nested calls; Ruby's is on or off), returning the previous state. */
static _Atomic int gc_disabled_by_ruby;
SP_METHOD(gc_disable)
{
    int was = atomic_exchange(&gc_disabled_by_ruby, 1);
    if (!was) GC_disable();
    return SP_BOOL(was);
}
SP_METHOD(gc_enable)
{
    int was = atomic_exchange(&gc_disabled_by_ruby, 0);
    if (was) GC_enable();
    return SP_BOOL(was);
}
/* GC.stat([hash | key]): bdwgc's counters in CRuby's names; slots are
 * 40-byte units (CRuby's object size).  Without incremental mode every
 * bdwgc collection is a full one: major_gc_count is count. */
SP_METHOD(gc_stat)
{
    if (argc > 1) sp_raise_arity(argc, 0, 1);
    sp_value arg = argc ? argv[0] : SP_NIL;
    if (arg != SP_NIL && !SP_SYMBOL_P(arg) && !(SP_HEAP_P(arg) && SP_TYPE(arg) == SP_T_HASH))
        sp_raise(sp_eTypeError, "non-hash or symbol given");
    sp_value h = arg != SP_NIL && !SP_SYMBOL_P(arg) ? arg : sp_hash_new();
    int64_t gcs = (int64_t)GC_get_gc_no(), heap = (int64_t)GC_get_heap_size(), fr = (int64_t)GC_get_free_bytes();
    sp_hash_aset(h, sp_sym("count"), SP_FIX(gcs));
    sp_hash_aset(h, sp_sym("heap_live_slots"), SP_FIX((heap - fr) / 40));
    sp_hash_aset(h, sp_sym("heap_free_slots"), SP_FIX(fr / 40));
    sp_hash_aset(h, sp_sym("total_allocated_objects"), SP_FIX((int64_t)GC_get_total_bytes() / 40));
    sp_hash_aset(h, sp_sym("major_gc_count"), SP_FIX(gcs));
    sp_hash_aset(h, sp_sym("minor_gc_count"), SP_FIX(0));
    if (SP_SYMBOL_P(arg)) {
        sp_value v = sp_hash_lookup(h, arg, SP_UNDEF);
        if (v == SP_UNDEF) sp_raise(sp_eArgError, "unknown key: %s", sp_id_name(SP_SYM2ID(arg)));
        return v;
    }
    return h;
}

/* ---- misc Kernel ---- */

SP_METHOD(k_frozen_p) { return SP_BOOL(SP_FROZEN_P(self)); }

SP_METHOD(k_method_name) { return SP_NIL; }

/* Kernel#select: IO.select */
SP_METHOD(k_select)
{
    sp_value io = sp_const_get(sp_cObject, sp_intern("IO"));
    return sp_funcall(io, sp_intern("select"), argc_, argv, blk);
}

void sp_init_kernel(void)
{
    sp_value k = sp_mKernel;
    extern void sp_init_gvar_methods(void);
    sp_init_gvar_methods();      /* sp_gvar.c: trace_var, untrace_var, global_variables */
    sp_define_module_function(k, "select", k_select, -1);
    l_path = sp_intern("__path");
    l_line = sp_intern("__lineno");
    l_label = sp_intern("__label");
    l_str = sp_intern("__str");

    sp_define_private_method(k, "raise", k_raise, -1);
    sp_define_private_method(k, "fail", k_raise, -1);
    sp_find_method(SP_CLASS(k), sp_intern("raise"))->mflags |= SP_MF_NOFRAME;
    sp_find_method(SP_CLASS(k), sp_intern("fail"))->mflags |= SP_MF_NOFRAME;
    sp_define_private_method(k, "loop", k_loop, 0);
    sp_define_private_method(k, "catch", k_catch, -1);
    sp_define_private_method(k, "throw", k_throw, -1);
    sp_define_private_method(k, "exit", k_exit, -1);
    sp_define_private_method(k, "exit!", k_exit_bang, -1);
    sp_define_private_method(k, "abort", k_abort, -1);
    sp_define_private_method(k, "at_exit", k_at_exit, 0);
    sp_define_private_method(k, "require", k_require, 1);
    sp_define_private_method(k, "require_relative", k_require_relative, 1);
    sp_define_private_method(k, "caller", k_caller, -1);
    sp_define_private_method(k, "caller_locations", k_caller_locations, -1);
    sp_find_method(SP_CLASS(k), sp_intern("caller"))->mflags |= SP_MF_NOFRAME;
    sp_find_method(SP_CLASS(k), sp_intern("caller_locations"))->mflags |= SP_MF_NOFRAME;
    (void)k_frozen_p;
    (void)k_method_name;
    sp_define_module_function(sp_mProcess, "exit", k_exit, -1);
    sp_define_module_function(sp_mProcess, "exit!", k_exit_bang, -1);
    sp_define_module_function(sp_mProcess, "abort", k_abort, -1);

    sp_define_module_function(sp_mGC, "start", gc_start, -1);
    sp_define_method(sp_mGC, "garbage_collect", gc_start, -1);    /* public, as CRuby's */
    sp_define_module_function(sp_mGC, "count", gc_count, 0);
    sp_define_module_function(sp_mGC, "disable", gc_disable, 0);
    sp_define_module_function(sp_mGC, "enable", gc_enable, 0);
    sp_define_module_function(sp_mGC, "stat", gc_stat, -1);
    sp_define_module_function(sp_mObjectSpace, "garbage_collect", gc_start, -1);

    sp_value l = sp_cBacktraceLocation;
    sp_define_method(l, "path", loc_path, 0);
    sp_define_method(l, "absolute_path", loc_path, 0);
    sp_define_method(l, "lineno", loc_lineno, 0);
    sp_define_method(l, "label", loc_label, 0);
    sp_define_method(l, "base_label", loc_base_label, 0);
    sp_define_method(l, "to_s", loc_to_s, 0);
    sp_define_method(l, "inspect", loc_inspect, 0);
}

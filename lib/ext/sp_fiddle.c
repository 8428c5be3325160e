/*
 * sp_fiddle.c — `require 'fiddle'`: the Fiddle module, its TYPE_/SIZEOF_/
 * ALIGN_ constants, value conversion between Ruby and C, Fiddle::Handle
 * (dlopen/dlsym) and Fiddle::Function (libffi calls).  Pointer, Closure
 * and Importer live in sp_fiddle_ptr.c, sp_fiddle_closure.c and
 * sp_fiddle_import.c; doc/ffi.md describes the whole library.
 *
 * Representations (SP_T_DATA objects):
 *   Handle   { hdr, dl handle, open?, close enabled?, file name }
 *   Function { hdr, code pointer, ffi_cif prepared once, arg type codes,
 *              return type, variadic?, name, need_gvl }
 * A Function is immutable after #initialize, so any number of threads may
 * call it at once.
 *
 * Function#call is a blocking region (sp_blocking_begin/end, sp_sched.h):
 * while C runs, sysmon may hand the worker's queued green threads to other
 * workers, so a foreign call that sleeps or computes for long never stops
 * the program's other threads.  The region costs two plain stores.  Integer
 * and Float arguments are converted into a stack buffer: a call with
 * them allocates nothing.  Fiddle.last_error (errno after the last call)
 * is CRuby's fiber-local Thread.current[:__FIDDLE_LAST_ERROR__]; it is only
 * written when errno differs from what this fiber saw last.
 */
#define _GNU_SOURCE
#include "sp_fiddle.h"
#include "sp_string.h"
#include "sp_hash.h"
#include "sp_numeric.h"
#include "sp_sched.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

sp_value sp_mFiddle, sp_cFiddleHandle, sp_cFiddleFunction, sp_cFiddlePointer,
    sp_cFiddleClosure, sp_cFiddleBlockCaller, sp_eFiddleError, sp_eFiddleDLError;

/* ------------------------------------------------------------------ */
/* Types                                                               */

int sp_fiddle_type_check(sp_value t, int allow_var)
{
    long n = sp_num_to_long(t);
    long a = n < 0 ? -n : n;
    if (a > SP_FT_BOOL || (a == SP_FT_VARIADIC && (n < 0 || !allow_var)))
        sp_raise(sp_eRuntimeError, "unknown type %ld", n);
    /* as in CRuby, the sign only matters for integer types */
    if (n < 0 && (a == SP_FT_VOID || a == SP_FT_VOIDP || a == SP_FT_FLOAT ||
                  a == SP_FT_DOUBLE || a == SP_FT_CSTR || a == SP_FT_BOOL))
        return (int)a;
    return (int)n;
}

ffi_type *sp_fiddle_ffi_type(int t)
{
    switch (t) {
    case SP_FT_VOID: return &ffi_type_void;
    case SP_FT_VOIDP: case SP_FT_CSTR: return &ffi_type_pointer;
    case SP_FT_CHAR: return &ffi_type_schar;
    case -SP_FT_CHAR: return &ffi_type_uchar;
    case SP_FT_SHORT: return &ffi_type_sshort;
    case -SP_FT_SHORT: return &ffi_type_ushort;
    case SP_FT_INT: return &ffi_type_sint;
    case -SP_FT_INT: return &ffi_type_uint;
    case SP_FT_LONG: return &ffi_type_slong;
    case -SP_FT_LONG: return &ffi_type_ulong;
    case SP_FT_LLONG: return &ffi_type_sint64;
    case -SP_FT_LLONG: return &ffi_type_uint64;
    case SP_FT_FLOAT: return &ffi_type_float;
    case SP_FT_DOUBLE: return &ffi_type_double;
    case SP_FT_BOOL: return &ffi_type_uchar;
    }
    sp_raise(sp_eRuntimeError, "unknown type %d", t);
}

size_t sp_fiddle_type_size(int t)
{
    if (t == SP_FT_VOID) return 0;
    return sp_fiddle_ffi_type(t)->size;
}

size_t sp_fiddle_type_align(int t)
{
    if (t == SP_FT_VOID) return 0;
    return sp_fiddle_ffi_type(t)->alignment;
}

/* ------------------------------------------------------------------ */
/* Conversion                                                          */

sp_value sp_fiddle_integer(sp_value v)
{
    if (SP_FIXNUM_P(v) || sp_bignum_p(v)) return v;
    return sp_funcall(sp_main_obj, sp_intern("Integer"), 1, &v, SP_NIL);
}

sp_value sp_fiddle_uint_new(uint64_t u)
{
    if (u <= (uint64_t)INT64_MAX) return sp_int_new((int64_t)u);
    mpz_t z;
    mpz_init_set_ui(z, (unsigned long)u);
    sp_value r = sp_big_from_mpz(z);
    mpz_clear(z);
    return r;
}

/* NUM2ULONG: negative values wrap as in C. */
static uint64_t num2ulong(sp_value v)
{
    if (SP_FIXNUM_P(v)) return (uint64_t)SP_FIX2LONG(v);
    if (sp_bignum_p(v)) {
        mpz_srcptr z = ((sp_bignum *)v)->z;
        if (mpz_fits_ulong_p(z)) return mpz_get_ui(z);
        if (mpz_fits_slong_p(z)) return (uint64_t)mpz_get_si(z);
        sp_raise(sp_eRangeError, "bignum out of range of unsigned long");
    }
    return (uint64_t)sp_num_to_long(v);
}

uintptr_t sp_fiddle_uintptr(sp_value v) { return (uintptr_t)num2ulong(v); }

static int32_t num2int(sp_value v, const char *cname)
{
    int64_t l = sp_num_to_long(v);
    if (l < INT32_MIN || l > INT32_MAX)
        sp_raise(sp_eRangeError, "integer %lld too %s to convert to '%s'", (long long)l,
                 l < 0 ? "small" : "big", cname);
    return (int32_t)l;
}

static uint32_t num2uint(sp_value v)
{
    int64_t l = sp_num_to_long(v);
    if (l < INT32_MIN || l > (int64_t)UINT32_MAX)
        sp_raise(sp_eRangeError, "integer %lld too %s to convert to 'unsigned int'",
                 (long long)l, l < 0 ? "small" : "big");
    return (uint32_t)l;
}

char *sp_fiddle_str_ptr(sp_value s)
{
    size_t len;
    char *p = (char *)sp_str_snap(s, &len);
    /* C expects a NUL after the bytes; the owner keeps one there, except
     * after an in-place shrink */
    if (p[len]) p[len] = 0;
    return p;
}

void sp_fiddle_to_c(int t, sp_value v, sp_ffi_val *out)
{
    switch (t) {
    case SP_FT_VOIDP: out->p = sp_fiddle_voidp(v); return;
    case SP_FT_CSTR:
        if (v == SP_NIL) { out->p = NULL; return; }
        if (!sp_str_p(v)) sp_raise_type(v, "String");
        out->p = sp_fiddle_str_ptr(v);
        return;
    case SP_FT_CHAR: out->c = (int8_t)num2int(v, "int"); return;
    case -SP_FT_CHAR: out->uc = (uint8_t)num2uint(v); return;
    case SP_FT_SHORT: out->s = (int16_t)num2int(v, "int"); return;
    case -SP_FT_SHORT: out->us = (uint16_t)num2uint(v); return;
    case SP_FT_INT: out->i = num2int(v, "int"); return;
    case -SP_FT_INT: out->ui = num2uint(v); return;
    case SP_FT_LONG: case SP_FT_LLONG: out->l = sp_num_to_long(v); return;
    case -SP_FT_LONG: case -SP_FT_LLONG: out->ul = num2ulong(v); return;
    case SP_FT_FLOAT: out->f = (float)sp_num2dbl(v); return;
    case SP_FT_DOUBLE: out->d = sp_num2dbl(v); return;
    case SP_FT_BOOL: out->b = (v & ~SP_NIL) != 0; return;
    }
    sp_raise(sp_eRuntimeError, "unknown type %d", t);
}

sp_value sp_fiddle_from_c(int t, const void *p)
{
    sp_ffi_val v;
    memcpy(&v, p, sp_fiddle_type_size(t));
    switch (t) {
    case SP_FT_VOID: return SP_NIL;
    case SP_FT_VOIDP: return sp_fiddle_ptr_new(v.p, 0, NULL);
    case SP_FT_CSTR: return v.p ? sp_str_new_cstr(v.p) : SP_NIL;
    case SP_FT_CHAR: return SP_FIX(v.c);
    case -SP_FT_CHAR: return SP_FIX(v.uc);
    case SP_FT_SHORT: return SP_FIX(v.s);
    case -SP_FT_SHORT: return SP_FIX(v.us);
    case SP_FT_INT: return SP_FIX(v.i);
    case -SP_FT_INT: return SP_FIX(v.ui);
    case SP_FT_LONG: case SP_FT_LLONG: return sp_int_new(v.l);
    case -SP_FT_LONG: case -SP_FT_LLONG: return sp_fiddle_uint_new(v.ul);
    case SP_FT_FLOAT: return sp_float_new(v.f);
    case SP_FT_DOUBLE: return sp_float_new(v.d);
    case SP_FT_BOOL: return v.b ? SP_TRUE : SP_FALSE;
    }
    sp_raise(sp_eRuntimeError, "unknown type %d", t);
}

sp_value sp_fiddle_from_ret(int t, const sp_ffi_val *r)
{
    switch (t) {
    case SP_FT_CHAR: return SP_FIX((int8_t)r->r);
    case -SP_FT_CHAR: return SP_FIX((uint8_t)r->r);
    case SP_FT_SHORT: return SP_FIX((int16_t)r->r);
    case -SP_FT_SHORT: return SP_FIX((uint16_t)r->r);
    case SP_FT_INT: return SP_FIX((int32_t)r->r);
    case -SP_FT_INT: return SP_FIX((uint32_t)r->r);
    case SP_FT_BOOL: return (uint8_t)r->r ? SP_TRUE : SP_FALSE;
    }
    return sp_fiddle_from_c(t, r);
}

void *sp_fiddle_data_of(sp_value v, sp_value klass, const char *name)
{
    if (SP_HEAP_P(v) && SP_HDR(v)->klass == (sp_class *)klass) return (void *)v;
    if (!SP_HEAP_P(v) || SP_TYPE(v) != SP_T_DATA || !sp_obj_is_kind_of(v, klass))
        sp_raise_type(v, name);
    return (void *)v;
}

/* ------------------------------------------------------------------ */
/* Fiddle::Handle                                                      */

typedef struct {
    sp_header hdr;
    void *h;
    int open, close_enabled;
    sp_value file;
} sp_fiddle_handle;

#define HANDLE(v) ((sp_fiddle_handle *)(v))

static sp_value handle_alloc(sp_value klass)
{
    sp_fiddle_handle *h = sp_alloc(sizeof *h, klass, SP_T_DATA);
    h->file = SP_NIL;
    return (sp_value)h;
}

static sp_fiddle_handle *handle_of(sp_value v)
{
    return sp_fiddle_data_of(v, sp_cFiddleHandle, "Fiddle::Handle");
}

static SP_NORETURN void dl_error(const char *msg)
{
    sp_raise(sp_eFiddleDLError, "%s", msg ? msg : "unknown dl error");
}

SP_METHOD(handle_init)
{
    if (argc > 2) sp_raise_arity(argc, 0, 2);
    sp_value path = argc > 0 ? argv[0] : SP_NIL;
    int flags = argc > 1 ? (int)sp_num_to_long(argv[1]) : RTLD_LAZY | RTLD_GLOBAL;
    const char *file = NULL;
    if (path != SP_NIL) {
        if (!sp_str_p(path)) sp_raise_type(path, "String");
        file = sp_str_cstr(path);
    }
    dlerror();
    void *h = dlopen(file, flags);
    if (!h) dl_error(dlerror());
    sp_fiddle_handle *hd = handle_of(self);
    hd->h = h;
    hd->open = 1;
    hd->close_enabled = 1;
    hd->file = path;
    return SP_NIL;
}

static void *handle_sym(void *h, sp_value name)
{
    if (!sp_str_p(name)) sp_raise_type(name, "String");
    const char *n = sp_str_cstr(name);
    dlerror();
    void *p = dlsym(h, n);
    if (!p) sp_raise(sp_eFiddleDLError, "unknown symbol \"%s\"", n);
    return p;
}

void *sp_fiddle_handle_dlsym(sp_value hv, const char *name)
{
    sp_fiddle_handle *h = handle_of(hv);
    if (!h->open) sp_raise(sp_eFiddleDLError, "closed handle");
    dlerror();
    return dlsym(h->h, name);
}

SP_METHOD(handle_m_sym)
{
    sp_fiddle_handle *h = handle_of(self);
    if (!h->open) sp_raise(sp_eFiddleDLError, "closed handle");
    return sp_fiddle_uint_new((uintptr_t)handle_sym(h->h, argv[0]));
}

SP_METHOD(handle_s_sym)
{
    return sp_fiddle_uint_new((uintptr_t)handle_sym(RTLD_NEXT, argv[0]));
}

SP_METHOD(handle_close)
{
    sp_fiddle_handle *h = handle_of(self);
    if (!h->open) sp_raise(sp_eFiddleDLError, "dlclose() called too many times");
    int r = dlclose(h->h);
    h->open = 0;
    if (r) dl_error(dlerror());
    return SP_FIX(0);
}

SP_METHOD(handle_to_i) { return sp_fiddle_uint_new((uintptr_t)handle_of(self)->h); }
SP_METHOD(handle_file_name) { return handle_of(self)->file; }
SP_METHOD(handle_disable_close) { handle_of(self)->close_enabled = 0; return SP_NIL; }
SP_METHOD(handle_enable_close) { handle_of(self)->close_enabled = 1; return SP_NIL; }
SP_METHOD(handle_close_enabled) { return handle_of(self)->close_enabled ? SP_TRUE : SP_FALSE; }

static sp_value handle_special(void *h)
{
    sp_value v = handle_alloc(sp_cFiddleHandle);
    HANDLE(v)->h = h;
    HANDLE(v)->open = 1;
    return v;
}

/* Fiddle.dlopen(lib): Handle.new(lib) */
SP_METHOD(fiddle_dlopen)
{
    return sp_class_new_instance(sp_cFiddleHandle, argc_, argv, SP_NIL);
}

/* ------------------------------------------------------------------ */
/* Fiddle::Function                                                    */

typedef struct {
    sp_header hdr;
    void *fn;
    ffi_cif cif;
    ffi_type **atypes;
    int8_t *types;
    int nargs;          /* fixed arguments */
    int ret;
    int variadic;
    int need_gvl;
    int direct;         /* callable without libffi (FN_DIRECT) */
    sp_value name;
    sp_value ptr;       /* the Integer address, as given */
    sp_value args;      /* the argument types Array, as given */
    sp_value closure;   /* the Closure it calls, kept alive with it */
} sp_fiddle_fn;

/* Direct calls.  On x86-64 and AArch64 every integer or pointer argument
 * travels in its own general register (the first 6 and 8 of them), and
 * an integer or pointer result comes back in one, so a function taking
 * up to 6 such arguments can be called through a pointer to a function of
 * six 64-bit words: the callee ignores the registers it does not use.
 * Arguments are widened to 64 bits as C's callers widen them.  This skips
 * libffi's per-call argument classification, a third of a short call. */
#if defined(__x86_64__) || defined(__aarch64__)
#define FN_DIRECT 1
typedef uint64_t (*fn_direct6)(uint64_t, uint64_t, uint64_t, uint64_t, uint64_t, uint64_t);

static int direct_type(int t)
{
    return t != SP_FT_FLOAT && t != SP_FT_DOUBLE && t != SP_FT_VARIADIC;
}

static inline uint64_t widen(int t, const sp_ffi_val *v)
{
    switch (t) {
    case SP_FT_CHAR: return (uint64_t)(int64_t)v->c;
    case -SP_FT_CHAR: case SP_FT_BOOL: return v->uc;
    case SP_FT_SHORT: return (uint64_t)(int64_t)v->s;
    case -SP_FT_SHORT: return v->us;
    case SP_FT_INT: return (uint64_t)(int64_t)v->i;
    case -SP_FT_INT: return v->ui;
    }
    return v->ul;
}
#else
#define FN_DIRECT 0
#endif

#define FN(v) ((sp_fiddle_fn *)(v))
#define FN_MAX_STACK_ARGS 16

static sp_value fn_alloc(sp_value klass)
{
    sp_fiddle_fn *f = sp_alloc(sizeof *f, klass, SP_T_DATA);
    f->name = f->ptr = f->args = f->closure = SP_NIL;
    return (sp_value)f;
}

static sp_fiddle_fn *fn_of(sp_value v)
{
    return sp_fiddle_data_of(v, sp_cFiddleFunction, "Fiddle::Function");
}

void *sp_fiddle_fn_ptr(sp_value v) { return fn_of(v)->fn; }

/* Function.new(ptr, arg_types, ret_type, abi = DEFAULT, name: nil, need_gvl: false) */
SP_METHOD(fn_init)
{
    int n = argc;
    sp_value kw = SP_NIL;
    if (argc_ & SP_ARGC_KW) kw = argv[--n];
    if (n < 3 || n > 4) sp_raise_arity(n, 3, 4);
    sp_fiddle_fn *f = fn_of(self);
    sp_value addr = sp_fiddle_integer(argv[0]);
    /* a Closure must live as long as the Function that calls it */
    if (SP_HEAP_P(argv[0]) && sp_obj_is_kind_of(argv[0], sp_cFiddleClosure))
        f->closure = argv[0];
    sp_value args = sp_to_ary(argv[1]);
    int ret = sp_fiddle_type_check(argv[2], 0);
    long na = sp_ary_len(args);
    int8_t *types = sp_alloc_atomic((size_t)na + 1);
    ffi_type **at = GC_MALLOC(sizeof(ffi_type *) * ((size_t)na + 1));
    int variadic = 0;
    for (long i = 0; i < na; i++) {
        types[i] = (int8_t)sp_fiddle_type_check(sp_ary_entry(args, i), i == na - 1);
        if (types[i] == SP_FT_VARIADIC) variadic = 1;
        else at[i] = sp_fiddle_ffi_type(types[i]);
    }
    if (kw != SP_NIL) {
        sp_value nm = sp_hash_lookup(kw, sp_sym("name"), SP_UNDEF);
        if (nm != SP_UNDEF) f->name = nm;
        sp_value g = sp_hash_lookup(kw, sp_sym("need_gvl"), SP_UNDEF);
        if (g != SP_UNDEF) f->need_gvl = (g & ~SP_NIL) != 0;
    }
    f->fn = (void *)sp_fiddle_uintptr(addr);
    f->ptr = addr;
    f->args = args;
    f->types = types;
    f->atypes = at;
    f->nargs = (int)na - variadic;
    f->ret = ret;
    f->variadic = variadic;
#if FN_DIRECT
    f->direct = !variadic && na <= 6 && direct_type(ret);
    for (long i = 0; i < na && f->direct; i++) f->direct = direct_type(types[i]);
#endif
    if (!variadic &&
        ffi_prep_cif(&f->cif, FFI_DEFAULT_ABI, (unsigned)f->nargs, sp_fiddle_ffi_type(ret), at) != FFI_OK)
        sp_raise(sp_eRuntimeError, "error preparing call interface");
    return SP_NIL;
}

/* Fiddle.last_error: what errno was after this fiber's last call.  The
 * cache (per OS thread: the fiber-locals Hash last written and the value
 * written) skips the Hash store when errno did not change. */
static __thread sp_value last_err_locals;
static __thread int last_err_val;
static sp_value sym_last_error;

static void save_errno(int e)
{
    sp_ec *ec = sp_ec_current();
    if (!ec) return;
    if (ec->fiber_locals != SP_NIL && ec->fiber_locals == last_err_locals && e == last_err_val)
        return;
    if (ec->fiber_locals == SP_NIL) ec->fiber_locals = sp_hash_new();
    sp_hash_aset(ec->fiber_locals, sym_last_error, SP_FIX(e));
    last_err_locals = ec->fiber_locals;
    last_err_val = e;
}

SP_METHOD(fiddle_last_error)
{
    sp_ec *ec = sp_ec_current();
    if (!ec || ec->fiber_locals == SP_NIL) return SP_NIL;
    return sp_hash_lookup(ec->fiber_locals, sym_last_error, SP_NIL);
}

SP_METHOD(fiddle_set_last_error)
{
    sp_ec *ec = sp_ec_current();
    if (ec->fiber_locals == SP_NIL) ec->fiber_locals = sp_hash_new();
    sp_hash_aset(ec->fiber_locals, sym_last_error, argv[0]);
    last_err_locals = SP_NIL;
    return argv[0];
}

/* The foreign call itself: a blocking region (see the header). */
static inline void fn_enter(void)
{
    sp_fiddle_depth_add(1);
    sp_blocking_begin();
}

/* Leaving a call polls, so an interrupt posted meanwhile (Thread#raise,
 * #kill, Ctrl-C) is raised from #call as CRuby raises it. */
static inline void fn_leave(int e)
{
    sp_blocking_end();
    sp_fiddle_depth_add(-1);
    save_errno(e);
    SP_POLL();
}

static void fn_invoke(ffi_cif *cif, void *fn, sp_ffi_val *ret, void **avalue)
{
    fn_enter();
    ffi_call(cif, FFI_FN(fn), ret, avalue);
    fn_leave(errno);
}


static sp_value fn_call_variadic(sp_fiddle_fn *f, int n, const sp_value *argv)
{
    int nvar = n - f->nargs;
    if (nvar < 0 || nvar % 2) {
        sp_value all = sp_ary_new_from(n, argv);
        sp_raise(sp_eArgError, "variadic arguments must be type and value pairs: %s",
                 sp_str_cstr(sp_inspect(all)));
    }
    int total = f->nargs + nvar / 2;
    sp_ffi_val *vals = GC_MALLOC(sizeof(sp_ffi_val) * ((size_t)total + 1));
    void **av = GC_MALLOC(sizeof(void *) * ((size_t)total + 1));
    ffi_type **at = GC_MALLOC(sizeof(ffi_type *) * ((size_t)total + 1));
    sp_value *keep = GC_MALLOC(sizeof(sp_value) * ((size_t)total + 1));
    for (int i = 0; i < f->nargs; i++) {
        at[i] = f->atypes[i];
        sp_fiddle_to_c(f->types[i], argv[i], &vals[i]);
        av[i] = &vals[i];
        keep[i] = argv[i];
    }
    for (int k = 0; k < nvar / 2; k++) {
        int i = f->nargs + k;
        int t = sp_fiddle_type_check(argv[f->nargs + 2 * k], 0);
        sp_value v = argv[f->nargs + 2 * k + 1];
        /* default argument promotions of a C variadic call */
        if (t == SP_FT_FLOAT) t = SP_FT_DOUBLE;
        if (t == SP_FT_CHAR || t == SP_FT_SHORT || t == SP_FT_BOOL) t = SP_FT_INT;
        if (t == -SP_FT_CHAR || t == -SP_FT_SHORT) t = -SP_FT_INT;
        at[i] = sp_fiddle_ffi_type(t);
        sp_fiddle_to_c(t, v, &vals[i]);
        av[i] = &vals[i];
        keep[i] = v;
    }
    ffi_cif cif;
    if (ffi_prep_cif_var(&cif, FFI_DEFAULT_ABI, (unsigned)f->nargs, (unsigned)total,
                         sp_fiddle_ffi_type(f->ret), at) != FFI_OK)
        sp_raise(sp_eRuntimeError, "error preparing call interface");
    sp_ffi_val ret;
    ret.ul = 0;
    fn_invoke(&cif, f->fn, &ret, av);
    __asm__ volatile("" : : "r"(keep) : "memory");   /* argument Strings live to here */
    return sp_fiddle_from_ret(f->ret, &ret);
}

sp_value sp_fiddle_fn_call(sp_value self, int argc_, const sp_value *argv)
{
    int argc = SP_ARGC(argc_);
    sp_fiddle_fn *f = fn_of(self);
    int n = argc;
    if (SP_UNLIKELY(f->variadic)) return fn_call_variadic(f, n, argv);
    if (n != f->nargs) sp_raise_arity(n, f->nargs, f->nargs);
    sp_ffi_val ret;
    ret.ul = 0;
#if FN_DIRECT
    if (f->direct) {
        uint64_t w[6] = {0, 0, 0, 0, 0, 0};
        for (int i = 0; i < n; i++) {
            sp_value v = argv[i];
            int t = f->types[i];
            if (SP_FIXNUM_P(v) && (t == SP_FT_INT || t == SP_FT_LONG || t == SP_FT_LLONG)) {
                long l = SP_FIX2LONG(v);
                if (t != SP_FT_INT || (l >= INT32_MIN && l <= INT32_MAX)) { w[i] = (uint64_t)l; continue; }
            }
            sp_ffi_val cv;
            sp_fiddle_to_c(t, v, &cv);
            w[i] = widen(t, &cv);
        }
        fn_enter();
        ret.ul = ((fn_direct6)f->fn)(w[0], w[1], w[2], w[3], w[4], w[5]);
        fn_leave(errno);
        /* argv (the caller's array) kept argument Strings alive */
        return sp_fiddle_from_ret(f->ret, &ret);
    }
#endif
    sp_ffi_val sv[FN_MAX_STACK_ARGS];
    void *sa[FN_MAX_STACK_ARGS];
    sp_ffi_val *vals = sv;
    void **av = sa;
    if (n > FN_MAX_STACK_ARGS) {
        vals = GC_MALLOC(sizeof(sp_ffi_val) * (size_t)n);
        av = GC_MALLOC(sizeof(void *) * (size_t)n);
    }
    for (int i = 0; i < n; i++) {
        sp_fiddle_to_c(f->types[i], argv[i], &vals[i]);
        av[i] = &vals[i];
    }
    /* argv (the caller's array) keeps argument Strings alive meanwhile */
    fn_invoke(&f->cif, f->fn, &ret, av);
    return sp_fiddle_from_ret(f->ret, &ret);
}

SP_METHOD(fn_call) { return sp_fiddle_fn_call(self, argc_, argv); }

/* Function#to_proc: a lambda calling the function */
static sp_value fn_proc_body(sp_proc *p, int argc_, const sp_value *argv, sp_value blk)
{
    return sp_fiddle_fn_call((sp_value)p->env, argc_, argv);
}

SP_METHOD(fn_to_proc)
{
    fn_of(self);
    return sp_proc_new(fn_proc_body, (void *)self, self, 0, -1, 1);
}

SP_METHOD(fn_name) { return fn_of(self)->name; }
SP_METHOD(fn_ptr) { return fn_of(self)->ptr; }
SP_METHOD(fn_abi) { return SP_FIX(FFI_DEFAULT_ABI); }
SP_METHOD(fn_need_gvl) { return fn_of(self)->need_gvl ? SP_TRUE : SP_FALSE; }

/* ------------------------------------------------------------------ */
/* Fiddle.malloc / realloc / free                                      */

SP_METHOD(fiddle_malloc)
{
    int64_t n = sp_num_to_long(argv[0]);
    if (n < 0) sp_raise(sp_const_get(sp_cObject, sp_intern("NoMemoryError")), "too large allocation size");
    void *p = calloc(1, n ? (size_t)n : 1);
    if (!p) sp_raise(sp_const_get(sp_cObject, sp_intern("NoMemoryError")), "failed to allocate memory");
    return sp_fiddle_uint_new((uintptr_t)p);
}

SP_METHOD(fiddle_realloc)
{
    void *p = (void *)sp_fiddle_uintptr(sp_fiddle_integer(argv[0]));
    int64_t n = sp_num_to_long(argv[1]);
    if (n < 0) sp_raise(sp_const_get(sp_cObject, sp_intern("NoMemoryError")), "too large allocation size");
    void *q = realloc(p, (size_t)n);
    if (!q && n) sp_raise(sp_const_get(sp_cObject, sp_intern("NoMemoryError")), "failed to allocate memory");
    return sp_fiddle_uint_new((uintptr_t)q);
}

SP_METHOD(fiddle_free)
{
    free((void *)sp_fiddle_uintptr(sp_fiddle_integer(argv[0])));
    return SP_NIL;
}

/* Fiddle.dlwrap(obj) / dlunwrap(addr): an object as its value word (which
 * has CRuby's bit layout) and back.  Nothing keeps a wrapped object alive. */
SP_METHOD(fiddle_dlwrap) { return sp_fiddle_uint_new((uint64_t)argv[0]); }
SP_METHOD(fiddle_dlunwrap) { return (sp_value)sp_fiddle_uintptr(sp_fiddle_integer(argv[0])); }

/* Fiddle::Pinned: holds an object so its address stays valid for C
 * (Spinel's collector never moves objects) until #clear. */
typedef struct { sp_header hdr; sp_value ref; int cleared; } sp_fiddle_pinned;
static sp_value cPinned, eCleared;

static sp_value pinned_alloc(sp_value klass)
{
    sp_fiddle_pinned *p = sp_alloc(sizeof *p, klass, SP_T_DATA);
    p->ref = SP_NIL;
    return (sp_value)p;
}

static sp_fiddle_pinned *pinned_of(sp_value v)
{
    return sp_fiddle_data_of(v, cPinned, "Fiddle::Pinned");
}

SP_METHOD(pinned_init) { pinned_of(self)->ref = argv[0]; return SP_NIL; }
SP_METHOD(pinned_clear) { pinned_of(self)->cleared = 1; pinned_of(self)->ref = SP_NIL; return self; }
SP_METHOD(pinned_cleared_p) { return pinned_of(self)->cleared ? SP_TRUE : SP_FALSE; }

SP_METHOD(pinned_ref)
{
    sp_fiddle_pinned *p = pinned_of(self);
    if (p->cleared) sp_raise(eCleared, "`ref` called on a cleared object");
    return p->ref;
}

/* ------------------------------------------------------------------ */
/* Initialisation                                                      */

static void def_types(sp_value mod, const char *prefix)
{
    static const struct { const char *name; int code; } tt[] = {
        {"VOID", SP_FT_VOID}, {"VOIDP", SP_FT_VOIDP}, {"CHAR", SP_FT_CHAR},
        {"UCHAR", -SP_FT_CHAR}, {"SHORT", SP_FT_SHORT}, {"USHORT", -SP_FT_SHORT},
        {"INT", SP_FT_INT}, {"UINT", -SP_FT_INT}, {"LONG", SP_FT_LONG},
        {"ULONG", -SP_FT_LONG}, {"LONG_LONG", SP_FT_LLONG}, {"ULONG_LONG", -SP_FT_LLONG},
        {"FLOAT", SP_FT_FLOAT}, {"DOUBLE", SP_FT_DOUBLE}, {"VARIADIC", SP_FT_VARIADIC},
        {"CONST_STRING", SP_FT_CSTR}, {"BOOL", SP_FT_BOOL},
        {"INT8_T", SP_FT_CHAR}, {"UINT8_T", -SP_FT_CHAR}, {"INT16_T", SP_FT_SHORT},
        {"UINT16_T", -SP_FT_SHORT}, {"INT32_T", SP_FT_INT}, {"UINT32_T", -SP_FT_INT},
        {"INT64_T", SP_FT_LONG}, {"UINT64_T", -SP_FT_LONG}, {"SIZE_T", -SP_FT_LONG},
        {"SSIZE_T", SP_FT_LONG}, {"PTRDIFF_T", SP_FT_LONG}, {"INTPTR_T", SP_FT_LONG},
        {"UINTPTR_T", -SP_FT_LONG},
    };
    char buf[64];
    for (size_t i = 0; i < sizeof tt / sizeof tt[0]; i++) {
        snprintf(buf, sizeof buf, "%s%s", prefix, tt[i].name);
        sp_define_const(mod, buf, SP_FIX(tt[i].code));
    }
}

static void def_sizes(void)
{
    static const struct { const char *name; int code; } st[] = {
        {"VOIDP", SP_FT_VOIDP}, {"CHAR", SP_FT_CHAR}, {"UCHAR", -SP_FT_CHAR},
        {"SHORT", SP_FT_SHORT}, {"USHORT", -SP_FT_SHORT}, {"INT", SP_FT_INT},
        {"UINT", -SP_FT_INT}, {"LONG", SP_FT_LONG}, {"ULONG", -SP_FT_LONG},
        {"LONG_LONG", SP_FT_LLONG}, {"ULONG_LONG", -SP_FT_LLONG}, {"FLOAT", SP_FT_FLOAT},
        {"DOUBLE", SP_FT_DOUBLE}, {"CONST_STRING", SP_FT_CSTR}, {"BOOL", SP_FT_BOOL},
        {"INT8_T", SP_FT_CHAR}, {"UINT8_T", -SP_FT_CHAR}, {"INT16_T", SP_FT_SHORT},
        {"UINT16_T", -SP_FT_SHORT}, {"INT32_T", SP_FT_INT}, {"UINT32_T", -SP_FT_INT},
        {"INT64_T", SP_FT_LONG}, {"UINT64_T", -SP_FT_LONG}, {"SIZE_T", -SP_FT_LONG},
        {"SSIZE_T", SP_FT_LONG}, {"PTRDIFF_T", SP_FT_LONG}, {"INTPTR_T", SP_FT_LONG},
        {"UINTPTR_T", -SP_FT_LONG},
    };
    char buf[64];
    for (size_t i = 0; i < sizeof st / sizeof st[0]; i++) {
        snprintf(buf, sizeof buf, "SIZEOF_%s", st[i].name);
        sp_define_const(sp_mFiddle, buf, SP_FIX((long)sp_fiddle_type_size(st[i].code)));
        snprintf(buf, sizeof buf, "ALIGN_%s", st[i].name);
        sp_define_const(sp_mFiddle, buf, SP_FIX((long)sp_fiddle_type_align(st[i].code)));
    }
}

void sp_init_fiddle(void)
{
    if (sp_mFiddle) return;   /* fiddle/import requires it first */
    sp_value M = sp_mFiddle = sp_define_module("Fiddle");
    sym_last_error = sp_sym("__FIDDLE_LAST_ERROR__");
    sp_eFiddleError = sp_define_class_under(M, "Error", sp_eStandardError);
    sp_eFiddleDLError = sp_define_class_under(M, "DLError", sp_eFiddleError);
    sp_define_const(M, "VERSION", sp_str_new_frozen("1.1.6", 5));
    sp_define_const(M, "WINDOWS", SP_FALSE);
    sp_define_const(M, "RTLD_GLOBAL", SP_FIX(RTLD_GLOBAL));
    sp_define_const(M, "RTLD_LAZY", SP_FIX(RTLD_LAZY));
    sp_define_const(M, "RTLD_NOW", SP_FIX(RTLD_NOW));
    sp_define_const(M, "RUBY_FREE", sp_fiddle_uint_new((uintptr_t)(void *)free));
    def_types(M, "TYPE_");
    def_types(sp_define_module_under(M, "Types"), "");
    def_sizes();
    sp_define_singleton_method(M, "dlopen", fiddle_dlopen, -1);
    sp_define_singleton_method(M, "malloc", fiddle_malloc, 1);
    sp_define_singleton_method(M, "realloc", fiddle_realloc, 2);
    sp_define_singleton_method(M, "free", fiddle_free, 1);
    sp_define_singleton_method(M, "last_error", fiddle_last_error, 0);
    sp_define_singleton_method(M, "last_error=", fiddle_set_last_error, 1);
    sp_define_singleton_method(M, "dlwrap", fiddle_dlwrap, 1);
    sp_define_singleton_method(M, "dlunwrap", fiddle_dlunwrap, 1);
    eCleared = sp_define_class_under(M, "ClearedReferenceError", sp_eFiddleError);
    cPinned = sp_define_class_under(M, "Pinned", sp_cObject);
    sp_class_set_allocator(cPinned, pinned_alloc);
    sp_define_method(cPinned, "initialize", pinned_init, 1);
    sp_define_method(cPinned, "ref", pinned_ref, 0);
    sp_define_method(cPinned, "clear", pinned_clear, 0);
    sp_define_method(cPinned, "cleared?", pinned_cleared_p, 0);

    sp_value H = sp_cFiddleHandle = sp_define_class_under(M, "Handle", sp_cObject);
    sp_class_set_allocator(H, handle_alloc);
    sp_define_method(H, "initialize", handle_init, -1);
    sp_define_method(H, "sym", handle_m_sym, 1);
    sp_define_method(H, "[]", handle_m_sym, 1);
    sp_define_method(H, "close", handle_close, 0);
    sp_define_method(H, "to_i", handle_to_i, 0);
    sp_define_method(H, "file_name", handle_file_name, 0);
    sp_define_method(H, "disable_close", handle_disable_close, 0);
    sp_define_method(H, "enable_close", handle_enable_close, 0);
    sp_define_method(H, "close_enabled?", handle_close_enabled, 0);
    sp_define_singleton_method(H, "sym", handle_s_sym, 1);
    sp_define_singleton_method(H, "[]", handle_s_sym, 1);
    sp_define_const(H, "RTLD_GLOBAL", SP_FIX(RTLD_GLOBAL));
    sp_define_const(H, "RTLD_LAZY", SP_FIX(RTLD_LAZY));
    sp_define_const(H, "RTLD_NOW", SP_FIX(RTLD_NOW));
    sp_define_const(H, "DEFAULT", handle_special(RTLD_DEFAULT));
    sp_define_const(H, "NEXT", handle_special(RTLD_NEXT));

    sp_value F = sp_cFiddleFunction = sp_define_class_under(M, "Function", sp_cObject);
    sp_class_set_allocator(F, fn_alloc);
    sp_define_const(F, "DEFAULT", SP_FIX(FFI_DEFAULT_ABI));
    sp_define_method(F, "initialize", fn_init, -1);
    sp_define_method(F, "call", fn_call, -1);
    sp_define_method(F, "name", fn_name, 0);
    sp_define_method(F, "to_proc", fn_to_proc, 0);
    sp_define_method(F, "ptr", fn_ptr, 0);
    sp_define_method(F, "to_i", fn_ptr, 0);
    sp_define_method(F, "abi", fn_abi, 0);
    sp_define_method(F, "need_gvl?", fn_need_gvl, 0);

    sp_init_fiddle_ptr();
    sp_init_fiddle_closure();
}

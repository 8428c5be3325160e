/*
 * sp_fiddle_closure.c — Fiddle::Closure and Fiddle::Closure::BlockCaller:
 * C function pointers (libffi closures) that call back into Ruby.
 *
 * Representation: an SP_T_DATA object { hdr, libffi closure, code address,
 * cif, argument types, return type }.  The libffi closure (executable
 * memory outside the GC heap) points back at the object; a finaliser frees
 * it when the object becomes unreachable.  So, as in CRuby, the program
 * must keep the Closure referenced for as long as C may call it.
 *
 * Which thread runs the Ruby code.  A callback normally arrives while a
 * green thread is inside Function#call (qsort calling its comparator): the
 * code runs on that thread's fiber stack, inside the blocking region
 * Function#call opened.  The handler closes the region (the block may
 * allocate, switch, even move to another worker), runs #call, then opens
 * it again on whatever OS thread it resumed on.  sp_fiddle_depth (per OS
 * thread, only touched where no switch can happen in between) tells the
 * two cases apart: a callback on an OS thread that is not inside
 * Function#call — a C library's own thread, or libc calling a handler
 * outside any call — cannot run Ruby code (it has no green thread, and the
 * collector does not know the thread), so it prints an error naming the
 * closure and aborts instead of corrupting the scheduler.
 *
 * An exception raised by the block unwinds through the C frames of the
 * foreign function (as in CRuby); the blocking region was already closed.
 */
#include "sp_fiddle.h"
#include "sp_sched.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static __thread int sp_fiddle_depth;

typedef struct {
    sp_header hdr;
    ffi_closure *cl;
    void *code;
    ffi_cif cif;
    ffi_type **atypes;
    int8_t *types;
    int nargs;
    int ret;
    sp_value ctype, args, block;   /* as given (fields: generic ivars on
                                      SP_T_DATA objects are a global table) */
} sp_fiddle_closure;

#define CL(v) ((sp_fiddle_closure *)(v))

static sp_id id_call;

/* The depth counter is thread-local: never let the compiler keep its
 * address across a call that may resume on another OS thread. */
static SP_NOINLINE int depth_get(void) { return sp_fiddle_depth; }
SP_NOINLINE void sp_fiddle_depth_add(int d) { sp_fiddle_depth += d; }
#define depth_add sp_fiddle_depth_add

static void foreign_callback(sp_fiddle_closure *c)
{
    char msg[200];
    int n = snprintf(msg, sizeof msg,
                     "[FATAL] Fiddle::Closure (code %p) was called from an OS thread that is not "
                     "inside Fiddle::Function#call (a C library's own thread); Spinel cannot run "
                     "Ruby code there\n", c->code);
    if (n > (int)sizeof msg - 1) n = (int)sizeof msg - 1;
    if (write(2, msg, (size_t)n) < 0) { /* nothing more to do */ }
    abort();
}

static void store_ret(int t, sp_value v, void *resp)
{
    if (t == SP_FT_VOID) return;
    sp_ffi_val cv;
    memset(&cv, 0, sizeof cv);
    sp_fiddle_to_c(t, v, &cv);
    switch (t) {
    case SP_FT_CHAR: *(ffi_sarg *)resp = cv.c; return;
    case -SP_FT_CHAR: case SP_FT_BOOL: *(ffi_arg *)resp = cv.uc; return;
    case SP_FT_SHORT: *(ffi_sarg *)resp = cv.s; return;
    case -SP_FT_SHORT: *(ffi_arg *)resp = cv.us; return;
    case SP_FT_INT: *(ffi_sarg *)resp = cv.i; return;
    case -SP_FT_INT: *(ffi_arg *)resp = cv.ui; return;
    }
    memcpy(resp, &cv, sp_fiddle_type_size(t));
}

static void closure_handler(ffi_cif *cif, void *resp, void **args, void *ud)
{
    (void)cif;
    sp_fiddle_closure *c = ud;
    if (depth_get() <= 0) foreign_callback(c);
    depth_add(-1);
    sp_blocking_end();
    sp_value av[c->nargs + 1];
    for (int i = 0; i < c->nargs; i++) av[i] = sp_fiddle_from_c(c->types[i], args[i]);
    sp_value r = sp_funcall((sp_value)c, id_call, c->nargs, av, SP_NIL);
    store_ret(c->ret, r, resp);
    depth_add(1);
    sp_blocking_begin();
}

static void closure_finalize(void *obj, void *cd)
{
    (void)cd;
    sp_fiddle_closure *c = obj;
    if (c->cl) ffi_closure_free(c->cl);
    c->cl = NULL;
}

static sp_value closure_alloc(sp_value klass)
{
    sp_fiddle_closure *c = sp_alloc(sizeof(sp_fiddle_closure), klass, SP_T_DATA);
    c->ctype = c->args = c->block = SP_NIL;
    return (sp_value)c;
}

static sp_fiddle_closure *closure_of(sp_value v)
{
    return sp_fiddle_data_of(v, sp_cFiddleClosure, "Fiddle::Closure");
}

/* Closure.new(ret, args, abi = Function::DEFAULT) */
SP_METHOD(closure_init)
{
    if (argc < 2 || argc > 3) sp_raise_arity(argc, 2, 3);
    sp_fiddle_closure *c = closure_of(self);
    int ret = sp_fiddle_type_check(argv[0], 0);
    sp_value args = sp_to_ary(argv[1]);
    long n = sp_ary_len(args);
    int8_t *types = sp_alloc_atomic((size_t)n + 1);
    ffi_type **at = GC_MALLOC(sizeof(ffi_type *) * ((size_t)n + 1));
    for (long i = 0; i < n; i++) {
        types[i] = (int8_t)sp_fiddle_type_check(sp_ary_entry(args, i), 0);
        at[i] = sp_fiddle_ffi_type(types[i]);
    }
    c->ctype = argv[0];
    c->args = args;
    c->types = types;
    c->atypes = at;
    c->nargs = (int)n;
    c->ret = ret;
    if (ffi_prep_cif(&c->cif, FFI_DEFAULT_ABI, (unsigned)n, sp_fiddle_ffi_type(ret), at) != FFI_OK)
        sp_raise(sp_eRuntimeError, "error preparing call interface");
    if (c->cl) return SP_NIL;   /* re-initialised: keep the code address */
    c->cl = ffi_closure_alloc(sizeof(ffi_closure), &c->code);
    if (!c->cl) sp_raise(sp_const_get(sp_cObject, sp_intern("NoMemoryError")), "failed to allocate a closure");
    if (ffi_prep_closure_loc(c->cl, &c->cif, closure_handler, c, c->code) != FFI_OK)
        sp_raise(sp_eRuntimeError, "error preparing closure");
    GC_register_finalizer_no_order(c, closure_finalize, NULL, NULL, NULL);
    return SP_NIL;
}

SP_METHOD(closure_to_i) { return sp_fiddle_uint_new((uintptr_t)closure_of(self)->code); }
SP_METHOD(closure_to_ptr) { return sp_fiddle_ptr_new(closure_of(self)->code, 0, NULL); }
SP_METHOD(closure_ctype) { return closure_of(self)->ctype; }
SP_METHOD(closure_args) { return closure_of(self)->args; }

/* BlockCaller.new(ret, args, abi = Function::DEFAULT) { |*args| ... } */
SP_METHOD(bc_init)
{
    closure_init(self, argc_, argv, SP_NIL);
    closure_of(self)->block = blk;
    return SP_NIL;
}

SP_METHOD(bc_call)
{
    sp_value b = closure_of(self)->block;
    if (!SP_HEAP_P(b)) sp_raise_no_block();
    return sp_proc_call(b, argc, argv, SP_NIL);
}

void sp_init_fiddle_closure(void)
{
    id_call = sp_intern("call");
    sp_value C = sp_cFiddleClosure = sp_define_class_under(sp_mFiddle, "Closure", sp_cObject);
    sp_class_set_allocator(C, closure_alloc);
    sp_define_method(C, "initialize", closure_init, -1);
    sp_define_method(C, "to_i", closure_to_i, 0);
    sp_define_method(C, "to_ptr", closure_to_ptr, 0);
    sp_define_method(C, "ctype", closure_ctype, 0);
    sp_define_method(C, "args", closure_args, 0);
    sp_value B = sp_cFiddleBlockCaller = sp_define_class_under(C, "BlockCaller", C);
    sp_define_method(B, "initialize", bc_init, -1);
    sp_define_method(B, "call", bc_call, -1);
}

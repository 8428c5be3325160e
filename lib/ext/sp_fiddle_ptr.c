/*
 * sp_fiddle_ptr.c — Fiddle::Pointer: a C address with a size and an
 * optional free function.
 *
 * Representation: sp_fiddle_ptr (sp_fiddle.h), an SP_T_DATA object
 * { hdr, ptr, size, free, freed, keep }.
 *
 * GC rules.  Memory from Pointer.malloc comes from libc's calloc: the
 * collector neither scans nor frees it, so Ruby objects whose only
 * reference is stored there are not kept alive (as in CRuby).  A Pointer
 * with a free function registers a finaliser that calls it once when the
 * Pointer becomes unreachable (or never, after #call_free or free = nil).
 * Pointer[string] points into the String's own bytes and keeps the String
 * alive in `keep` as long as the Pointer is reachable.
 */
#include "sp_fiddle.h"
#include "sp_string.h"
#include "sp_numeric.h"

#include <stdlib.h>
#include <string.h>

#define PTR(v) ((sp_fiddle_ptr *)(v))

int sp_fiddle_ptr_p(sp_value v)
{
    return SP_HEAP_P(v) && SP_TYPE(v) == SP_T_DATA && sp_obj_is_kind_of(v, sp_cFiddlePointer);
}

static sp_fiddle_ptr *ptr_of(sp_value v)
{
    return sp_fiddle_data_of(v, sp_cFiddlePointer, "Fiddle::Pointer");
}

sp_value sp_fiddle_ptr_alloc(sp_value klass)
{
    sp_fiddle_ptr *p = sp_alloc(sizeof *p, klass, SP_T_DATA);
    p->keep = SP_NIL;
    return (sp_value)p;
}

/* The finaliser: the free function runs once, on the collector's thread
 * that invokes finalisers; it is plain C (no Ruby code). */
static void ptr_finalize(void *obj, void *cd)
{
    (void)cd;
    sp_fiddle_ptr *p = obj;
    if (p->free && !p->freed && p->ptr) {
        p->freed = 1;
        p->free(p->ptr);
    }
}

void sp_fiddle_ptr_set_free(sp_fiddle_ptr *p, sp_fiddle_freefn f)
{
    int had = p->free != NULL;
    p->free = f;
    if (f && !had) GC_register_finalizer_no_order(p, ptr_finalize, NULL, NULL, NULL);
}

sp_value sp_fiddle_ptr_new(void *addr, long size, sp_fiddle_freefn f)
{
    sp_value v = sp_fiddle_ptr_alloc(sp_cFiddlePointer);
    PTR(v)->ptr = addr;
    PTR(v)->size = size;
    sp_fiddle_ptr_set_free(PTR(v), f);
    return v;
}

/* A free function given as a Fiddle::Function, an address or nil. */
sp_fiddle_freefn sp_fiddle_freefn_of(sp_value v)
{
    if (v == SP_NIL) return NULL;
    if (SP_HEAP_P(v) && SP_TYPE(v) == SP_T_DATA && sp_obj_is_kind_of(v, sp_cFiddleFunction))
        return (sp_fiddle_freefn)sp_fiddle_fn_ptr(v);
    return (sp_fiddle_freefn)sp_fiddle_uintptr(sp_fiddle_integer(v));
}

sp_value sp_fiddle_to_ptr(sp_value v)
{
    if (sp_fiddle_ptr_p(v)) {
        sp_value r = sp_fiddle_ptr_new(PTR(v)->ptr, PTR(v)->size, NULL);
        PTR(r)->keep = v;
        return r;
    }
    if (sp_str_p(v)) {
        size_t len;
        sp_str_snap(v, &len);
        sp_value r = sp_fiddle_ptr_new(sp_fiddle_str_ptr(v), (long)len, NULL);
        PTR(r)->keep = v;
        return r;
    }
    if (v == SP_NIL) sp_raise(sp_eTypeError, "can't convert nil into Integer");
    if (!SP_FIXNUM_P(v) && !sp_bignum_p(v) && sp_respond_to(v, sp_intern("to_ptr"), 0)) {
        sp_value r = sp_funcall0(v, "to_ptr");
        if (!sp_fiddle_ptr_p(r)) sp_raise(sp_eFiddleDLError, "to_ptr should return a Fiddle::Pointer object");
        return r;
    }
    return sp_fiddle_ptr_new((void *)sp_fiddle_uintptr(sp_fiddle_integer(v)), 0, NULL);
}

void *sp_fiddle_voidp(sp_value v)
{
    if (v == SP_NIL) return NULL;
    if (SP_FIXNUM_P(v)) return (void *)(uintptr_t)SP_FIX2LONG(v);
    if (sp_str_p(v)) return sp_fiddle_str_ptr(v);
    if (sp_fiddle_ptr_p(v)) return PTR(v)->ptr;
    if (sp_bignum_p(v)) return (void *)sp_fiddle_uintptr(v);
    return PTR(sp_fiddle_to_ptr(v))->ptr;
}

/* ---- class methods ---- */

SP_METHOD(ptr_s_malloc)
{
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    int64_t n = sp_num_to_long(argv[0]);
    if (n < 0) sp_raise(sp_const_get(sp_cObject, sp_intern("NoMemoryError")), "too large allocation size");
    sp_fiddle_freefn f = argc > 1 ? sp_fiddle_freefn_of(argv[1]) : NULL;
    void *m = calloc(1, n ? (size_t)n : 1);
    if (!m) sp_raise(sp_const_get(sp_cObject, sp_intern("NoMemoryError")), "failed to allocate memory");
    sp_value r = sp_fiddle_ptr_alloc(self);
    PTR(r)->ptr = m;
    PTR(r)->size = (long)n;
    sp_fiddle_ptr_set_free(PTR(r), f);
    if (SP_HEAP_P(blk)) {
        /* the block form frees the memory when the block is done */
        sp_value res = sp_yield1(blk, r);
        if (PTR(r)->free && !PTR(r)->freed) { PTR(r)->freed = 1; PTR(r)->free(m); }
        return res;
    }
    return r;
}

SP_METHOD(ptr_s_to_ptr) { return sp_fiddle_to_ptr(argv[0]); }

/* Pointer.new(addr, size = 0, free = nil) */
SP_METHOD(ptr_init)
{
    if (argc < 1 || argc > 3) sp_raise_arity(argc, 1, 3);
    sp_fiddle_ptr *p = ptr_of(self);
    sp_value a = argv[0];
    p->ptr = sp_fiddle_ptr_p(a) ? PTR(a)->ptr : (void *)sp_fiddle_uintptr(sp_fiddle_integer(a));
    p->size = argc > 1 ? (long)sp_num_to_long(argv[1]) : 0;
    sp_fiddle_ptr_set_free(p, argc > 2 ? sp_fiddle_freefn_of(argv[2]) : NULL);
    return SP_NIL;
}

/* ---- instance methods ---- */

static void check_null(sp_fiddle_ptr *p)
{
    if (!p->ptr) sp_raise(sp_eFiddleDLError, "NULL pointer dereference");
}

SP_METHOD(ptr_to_i) { return sp_fiddle_uint_new((uintptr_t)ptr_of(self)->ptr); }
SP_METHOD(ptr_size) { return sp_int_new(ptr_of(self)->size); }
SP_METHOD(ptr_set_size) { ptr_of(self)->size = (long)sp_num_to_long(argv[0]); return argv[0]; }
SP_METHOD(ptr_null_p) { return ptr_of(self)->ptr ? SP_FALSE : SP_TRUE; }
SP_METHOD(ptr_freed_p) { return ptr_of(self)->freed ? SP_TRUE : SP_FALSE; }

SP_METHOD(ptr_ptr)
{
    sp_fiddle_ptr *p = ptr_of(self);
    check_null(p);
    return sp_fiddle_ptr_new(*(void **)p->ptr, 0, NULL);
}

SP_METHOD(ptr_ref)
{
    sp_fiddle_ptr *p = ptr_of(self);
    sp_value r = sp_fiddle_ptr_new(&p->ptr, 0, NULL);
    PTR(r)->keep = self;
    return r;
}

SP_METHOD(ptr_plus)
{
    sp_fiddle_ptr *p = ptr_of(self);
    long d = (long)sp_num_to_long(argv[0]);
    sp_value r = sp_fiddle_ptr_new((char *)p->ptr + d, p->size - d, NULL);
    PTR(r)->keep = p->keep;
    return r;
}

SP_METHOD(ptr_minus)
{
    sp_fiddle_ptr *p = ptr_of(self);
    long d = (long)sp_num_to_long(argv[0]);
    sp_value r = sp_fiddle_ptr_new((char *)p->ptr - d, p->size + d, NULL);
    PTR(r)->keep = p->keep;
    return r;
}

SP_METHOD(ptr_eq)
{
    if (!sp_fiddle_ptr_p(argv[0])) return SP_FALSE;
    return ptr_of(self)->ptr == PTR(argv[0])->ptr ? SP_TRUE : SP_FALSE;
}

SP_METHOD(ptr_cmp)
{
    if (!sp_fiddle_ptr_p(argv[0])) return SP_NIL;
    intptr_t d = (intptr_t)ptr_of(self)->ptr - (intptr_t)PTR(argv[0])->ptr;
    return SP_FIX(d > 0 ? 1 : d < 0 ? -1 : 0);
}

SP_METHOD(ptr_to_s)
{
    sp_fiddle_ptr *p = ptr_of(self);
    if (argc > 1) sp_raise_arity(argc, 0, 1);
    if (argc == 0 || argv[0] == SP_NIL) {
        if (!p->ptr) sp_raise(sp_eArgError, "NULL pointer given");
        return sp_str_new_cstr(p->ptr);
    }
    long n = (long)sp_num_to_long(argv[0]);
    if (!p->ptr) { sp_value s = sp_str_new(NULL, 0); return sp_str_resize(s, (size_t)n); }
    return sp_str_new(p->ptr, (size_t)n);
}

SP_METHOD(ptr_to_str)
{
    sp_fiddle_ptr *p = ptr_of(self);
    if (argc > 1) sp_raise_arity(argc, 0, 1);
    long n = argc == 0 || argv[0] == SP_NIL ? p->size : (long)sp_num_to_long(argv[0]);
    if (!p->ptr) { sp_value s = sp_str_new(NULL, 0); return sp_str_resize(s, (size_t)n); }
    return sp_str_new(p->ptr, (size_t)n);
}

SP_METHOD(ptr_aref)
{
    sp_fiddle_ptr *p = ptr_of(self);
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    long off = (long)sp_num_to_long(argv[0]);
    if (argc == 1) {
        check_null(p);
        return SP_FIX(((signed char *)p->ptr)[off]);
    }
    long n = (long)sp_num_to_long(argv[1]);
    check_null(p);
    return sp_str_new((char *)p->ptr + off, (size_t)n);
}

SP_METHOD(ptr_aset)
{
    sp_fiddle_ptr *p = ptr_of(self);
    if (argc < 2 || argc > 3) sp_raise_arity(argc, 2, 3);
    long off = (long)sp_num_to_long(argv[0]);
    if (argc == 2) {
        long v = (long)sp_num_to_long(argv[1]);
        check_null(p);
        ((unsigned char *)p->ptr)[off] = (unsigned char)v;
        return argv[1];
    }
    long n = (long)sp_num_to_long(argv[1]);
    sp_value v = argv[2];
    const void *src;
    if (sp_str_p(v)) {
        size_t len;
        src = sp_str_snap(v, &len);
        /* CRuby copies len bytes from the String's buffer */
        if ((size_t)n > len + 1) {
            sp_value pad = sp_str_resize(sp_str_dup(v), (size_t)n);
            src = sp_str_snap(pad, &len);
        }
    } else if (sp_fiddle_ptr_p(v)) {
        src = PTR(v)->ptr;
    } else {
        src = (const void *)sp_fiddle_uintptr(sp_fiddle_integer(v));
    }
    check_null(p);
    memcpy((char *)p->ptr + off, src, (size_t)n);
    return v;
}

SP_METHOD(ptr_free_get)
{
    sp_fiddle_ptr *p = ptr_of(self);
    if (!p->free) return SP_NIL;
    sp_value a[3] = { sp_fiddle_uint_new((uintptr_t)(void *)p->free),
                      sp_ary_new_from(1, (sp_value[]){SP_FIX(SP_FT_VOIDP)}), SP_FIX(SP_FT_VOID) };
    return sp_class_new_instance(sp_cFiddleFunction, 3, a, SP_NIL);
}

SP_METHOD(ptr_free_set)
{
    sp_fiddle_ptr *p = ptr_of(self);
    sp_fiddle_ptr_set_free(p, sp_fiddle_freefn_of(argv[0]));
    return argv[0];
}

SP_METHOD(ptr_call_free)
{
    sp_fiddle_ptr *p = ptr_of(self);
    if (p->free && !p->freed && p->ptr) {
        p->freed = 1;
        p->free(p->ptr);
    }
    return SP_NIL;
}

/* the object whose value word is the address (Fiddle.dlunwrap) */
SP_METHOD(ptr_to_value) { return (sp_value)ptr_of(self)->ptr; }

SP_METHOD(ptr_inspect)
{
    sp_fiddle_ptr *p = ptr_of(self);
    return sp_str_format("#<%s:0x%016lx ptr=0x%016lx size=%ld free=0x%016lx>",
                         sp_class_path(sp_obj_class(self)), (unsigned long)self,
                         (unsigned long)(uintptr_t)p->ptr, p->size,
                         (unsigned long)(uintptr_t)(void *)p->free);
}

void sp_init_fiddle_ptr(void)
{
    sp_value P = sp_cFiddlePointer = sp_define_class_under(sp_mFiddle, "Pointer", sp_cObject);
    sp_class_set_allocator(P, sp_fiddle_ptr_alloc);
    sp_define_singleton_method(P, "malloc", ptr_s_malloc, -1);
    sp_define_singleton_method(P, "to_ptr", ptr_s_to_ptr, 1);
    sp_define_singleton_method(P, "[]", ptr_s_to_ptr, 1);
    sp_define_method(P, "initialize", ptr_init, -1);
    sp_define_method(P, "to_i", ptr_to_i, 0);
    sp_define_method(P, "to_int", ptr_to_i, 0);
    sp_define_method(P, "size", ptr_size, 0);
    sp_define_method(P, "size=", ptr_set_size, 1);
    sp_define_method(P, "null?", ptr_null_p, 0);
    sp_define_method(P, "freed?", ptr_freed_p, 0);
    sp_define_method(P, "ptr", ptr_ptr, 0);
    sp_define_method(P, "+@", ptr_ptr, 0);
    sp_define_method(P, "ref", ptr_ref, 0);
    sp_define_method(P, "-@", ptr_ref, 0);
    sp_define_method(P, "+", ptr_plus, 1);
    sp_define_method(P, "-", ptr_minus, 1);
    sp_define_method(P, "==", ptr_eq, 1);
    sp_define_method(P, "eql?", ptr_eq, 1);
    sp_define_method(P, "<=>", ptr_cmp, 1);
    sp_define_method(P, "to_s", ptr_to_s, -1);
    sp_define_method(P, "to_str", ptr_to_str, -1);
    sp_define_method(P, "[]", ptr_aref, -1);
    sp_define_method(P, "[]=", ptr_aset, -1);
    sp_define_method(P, "free", ptr_free_get, 0);
    sp_define_method(P, "free=", ptr_free_set, 1);
    sp_define_method(P, "call_free", ptr_call_free, 0);
    sp_define_method(P, "inspect", ptr_inspect, 0);
    sp_define_method(P, "to_value", ptr_to_value, 0);
    sp_define_const(sp_mFiddle, "NULL", sp_fiddle_ptr_new(NULL, 0, NULL));
}

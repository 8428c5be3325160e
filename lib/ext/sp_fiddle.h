/*
 * sp_fiddle.h — internal interface shared by the Fiddle files (lib/ext/
 * sp_fiddle*.c): type codes, value conversion, and the representations of
 * Fiddle::Pointer, Fiddle::Function and Fiddle::Closure.  Not part of the
 * runtime interface (spinel.h); doc/ffi.md describes the library.
 *
 * Type codes are CRuby Fiddle's: a positive TYPE_* is signed, its negation
 * the unsigned variant (TYPE_SIZE_T = -TYPE_LONG).
 */
#ifndef SP_FIDDLE_H
#define SP_FIDDLE_H

#include "spinel.h"
#include <ffi.h>

enum {
    SP_FT_VOID = 0, SP_FT_VOIDP = 1, SP_FT_CHAR = 2, SP_FT_SHORT = 3,
    SP_FT_INT = 4, SP_FT_LONG = 5, SP_FT_LLONG = 6, SP_FT_FLOAT = 7,
    SP_FT_DOUBLE = 8, SP_FT_VARIADIC = 9, SP_FT_CSTR = 10, SP_FT_BOOL = 11,
};

/* One C value of any Fiddle type (arguments, return values, struct fields). */
typedef union sp_ffi_val {
    int8_t c; uint8_t uc; int16_t s; uint16_t us; int32_t i; uint32_t ui;
    int64_t l; uint64_t ul; float f; double d; void *p; ffi_arg r; _Bool b;
} sp_ffi_val;

extern sp_value sp_mFiddle, sp_cFiddleHandle, sp_cFiddleFunction,
    sp_cFiddlePointer, sp_cFiddleClosure, sp_cFiddleBlockCaller,
    sp_eFiddleError, sp_eFiddleDLError;

/* ---- types and conversion (sp_fiddle.c) ---- */
/* The type code of a Ruby value (Integer); RuntimeError "unknown type N"
 * unless it is a type a value can have (VARIADIC only when allow_var). */
int       sp_fiddle_type_check(sp_value t, int allow_var);
ffi_type *sp_fiddle_ffi_type(int t);
size_t    sp_fiddle_type_size(int t);
size_t    sp_fiddle_type_align(int t);
/* Ruby value -> C value of type t, as CRuby's Fiddle converts arguments.
 * May allocate only for non-Integer pointers (Pointer[] conversion). */
void      sp_fiddle_to_c(int t, sp_value v, sp_ffi_val *out);
/* C value of type t at p (sized as the type) -> Ruby value. */
sp_value  sp_fiddle_from_c(int t, const void *p);
/* A return value as libffi stores it (integers widened to ffi_arg). */
sp_value  sp_fiddle_from_ret(int t, const sp_ffi_val *r);
/* Kernel#Integer(v), for addresses given as Integer, Pointer or String. */
sp_value  sp_fiddle_integer(sp_value v);
uintptr_t sp_fiddle_uintptr(sp_value v);   /* an Integer as an address */
sp_value  sp_fiddle_uint_new(uint64_t u);
/* A String's own NUL-terminated bytes (what C sees for a String). */
char     *sp_fiddle_str_ptr(sp_value s);
/* Fiddle::Function fields a free function is taken from. */
void     *sp_fiddle_fn_ptr(sp_value fn);
/* v as the C struct of an SP_T_DATA object of klass (or a subclass);
 * TypeError "no implicit conversion of X into NAME" otherwise. */
void     *sp_fiddle_data_of(sp_value v, sp_value klass, const char *name);
/* Function#call */
sp_value  sp_fiddle_fn_call(sp_value fn, int argc, const sp_value *argv);

void      sp_init_fiddle(void);
/* dlsym in a Handle: NULL when missing (DLError when the handle is closed). */
void     *sp_fiddle_handle_dlsym(sp_value handle, const char *name);

/* ---- Fiddle::Pointer (sp_fiddle_ptr.c) ---- */
typedef void (*sp_fiddle_freefn)(void *);
typedef struct sp_fiddle_ptr {
    sp_header hdr;
    void *ptr;
    long size;
    sp_fiddle_freefn free;      /* called once on ptr: #call_free or GC */
    int freed;
    sp_value keep;              /* what owns the memory (a String), kept alive */
} sp_fiddle_ptr;
int       sp_fiddle_ptr_p(sp_value v);
sp_value  sp_fiddle_ptr_new(void *p, long size, sp_fiddle_freefn f);
sp_value  sp_fiddle_ptr_alloc(sp_value klass);   /* an empty Pointer of klass */
void      sp_fiddle_ptr_set_free(sp_fiddle_ptr *p, sp_fiddle_freefn f);
sp_fiddle_freefn sp_fiddle_freefn_of(sp_value v);  /* Function, address or nil */
/* Pointer.to_ptr(v) (Pointer[v]). */
sp_value  sp_fiddle_to_ptr(sp_value v);
/* The address a voidp argument passes: nil -> NULL, Pointer, String
 * bytes, Integer, or anything Pointer[] accepts. */
void     *sp_fiddle_voidp(sp_value v);
void      sp_init_fiddle_ptr(void);

/* ---- Fiddle::Closure (sp_fiddle_closure.c) ---- */
/* Nesting of Function#call on this OS thread: >0 while the code running on
 * it is inside a foreign call (and its worker inside a blocking region). */
void      sp_fiddle_depth_add(int d);   /* not inline: see sp_fiddle_closure.c */
void      sp_init_fiddle_closure(void);

/* ---- Fiddle::Importer, Fiddle::CStruct (sp_fiddle_import.c) ---- */
void      sp_init_fiddle_import_feature(void);

#endif

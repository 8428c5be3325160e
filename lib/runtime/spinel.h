/*
 * spinel.h — the runtime interface: what generated C code and every core
 * class file in lib/ may call.  Each section names the file that owns its
 * implementation.  Internal details of a subsystem live in that
 * subsystem's own header (sp_sched.h, sp_string.h, ...), not here.
 *
 * Conventions
 *  - Every Ruby value is an sp_value (sp_value.h).  All Ruby heap memory
 *    comes from the Boehm GC (sp_alloc / sp_alloc_atomic).
 *  - One calling convention for every method, compiled or built in:
 *        sp_value fn(sp_value self, int argc, const sp_value *argv, sp_value blk)
 *    `blk` is a Proc value or SP_NIL.  If (argc & SP_ARGC_KW) the last
 *    argument is a Hash of keyword arguments (use SP_ARGC(argc) for the
 *    count, which includes that hash).  A C method in lib/ is written
 *    SP_METHOD(name) { ... } (below): its body sees both counts by name.
 *  - "Current" state (handler chain, $!, frames, fiber locals) belongs to
 *    the running fiber's execution context (sp_ec), never to the OS worker.
 *    sp_ec_current() is the one accessor; a C frame lives on exactly one
 *    fiber's stack, so a function may keep the sp_ec* it read at entry for
 *    its whole activation — but must never keep a pointer to a worker's
 *    thread-local data across a call that can switch fibers.
 *  - Errors: builtins raise CRuby's exception class with CRuby's message
 *    via sp_raise(); raising longjmps through the handler chain.
 */
#ifndef SPINEL_H
#define SPINEL_H

#include "sp_base.h"      /* GC, SP_LIKELY/SP_NORETURN/..., SP_POLL, sp_ec */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "sp_value.h"

#define SP_ARGC_KW   0x40000000
#define SP_ARGC(argc) ((argc) & ~SP_ARGC_KW)

typedef sp_value (*sp_cfunc)(sp_value self, int argc, const sp_value *argv, sp_value blk);

/* The one way lib/ writes a C method: SP_METHOD(name) { body } defines the
 * static method `name` (an sp_cfunc).  Inside the body, `argc_` is the raw
 * count as the caller passed it (SP_ARGC_KW set when the last argument is a
 * keyword Hash: pass argc_ to sp_kwarg and when forwarding the arguments)
 * and `argc` is SP_ARGC(argc_), the positional count including that Hash.
 * Both are ordinary parameters, so code means the same in every file.  The
 * body is a separate static function called once, which the C compiler
 * inlines into `name`.  SP_METHOD_DECL(name); declares one ahead. */
#define SP_METHOD_DECL(name) \
    static sp_value name(sp_value self, int argc_, const sp_value *argv, sp_value blk)
#define SP_METHOD(name) \
    static sp_value name##__body(sp_value self, int argc_, int argc, \
                                 const sp_value *argv, sp_value blk); \
    SP_METHOD_DECL(name) \
    { return name##__body(self, argc_, SP_ARGC(argc_), argv, blk); } \
    static sp_value name##__body(sp_value self, int argc_, int argc, \
                                 const sp_value *argv, sp_value blk)

/* ------------------------------------------------------------------ */
/* Objects (sp_object.c)                                               */

/* Built-in representation of a heap object (hdr.type). */
typedef enum sp_type {
    SP_T_NONE, SP_T_OBJECT, SP_T_CLASS, SP_T_MODULE, SP_T_ICLASS,
    SP_T_FLOAT, SP_T_BIGNUM, SP_T_STRING, SP_T_SYMBOL_DYN, SP_T_ARRAY,
    SP_T_HASH, SP_T_RANGE, SP_T_PROC, SP_T_METHOD, SP_T_EXCEPTION,
    SP_T_REGEXP, SP_T_MATCH, SP_T_STRUCT, SP_T_THREAD, SP_T_FIBER,
    SP_T_MUTEX, SP_T_QUEUE, SP_T_CONDVAR, SP_T_IO, SP_T_TIME, SP_T_ENV,
    SP_T_DATA,   /* opaque C data with its own class (Set, Enumerator, ...) */
    SP_T__COUNT
} sp_type;

/* hdr.flags bits */
enum {
    SP_FL_FROZEN    = 1u << 0,
    SP_FL_SINGLETON = 1u << 1,   /* this class is a singleton class */
    SP_FL_SHARED    = 1u << 2,   /* storage shared copy-on-write (strings) */
    SP_FL_LAMBDA    = 1u << 3,   /* procs */
    SP_FL_USER0     = 1u << 8,   /* per-type use */
};

typedef struct sp_class sp_class;

/* Every heap object starts with this header. */
typedef struct sp_header {
    sp_class *klass;       /* class (or singleton class) of the object */
    uint32_t flags;
    uint32_t type;         /* sp_type */
} sp_header;

#define SP_HDR(v)   ((sp_header *)(v))
#define SP_TYPE(v)  (SP_HDR(v)->type)
/* The flags word of an object other threads can see changes only through
 * atomic read-modify-writes (sp_hdr_flags_*): a plain `flags |= X` racing
 * with another thread's freeze or String ASCII-cache update would lose one
 * of the two.  Plain stores are fine only on an object not yet published
 * (just allocated, a copy being built). */
#define SP_FROZEN_P(v) (SP_SPECIAL_CONST_P(v) || (__atomic_load_n(&SP_HDR(v)->flags, __ATOMIC_RELAXED) & SP_FL_FROZEN))
static inline void sp_hdr_flags_set(sp_value v, uint32_t bits)
{
    __atomic_fetch_or(&SP_HDR(v)->flags, bits, __ATOMIC_RELEASE);
}
static inline void sp_hdr_flags_clear(sp_value v, uint32_t bits)
{
    __atomic_fetch_and(&SP_HDR(v)->flags, ~bits, __ATOMIC_RELEASE);
}
/* Replace the bits under `mask` by `bits` (a field such as a String's
 * encoding) without disturbing concurrent changes to the other bits. */
static inline void sp_hdr_flags_replace(sp_value v, uint32_t mask, uint32_t bits)
{
    uint32_t old = __atomic_load_n(&SP_HDR(v)->flags, __ATOMIC_RELAXED);
    while (!__atomic_compare_exchange_n(&SP_HDR(v)->flags, &old, (old & ~mask) | bits,
                                        1, __ATOMIC_RELEASE, __ATOMIC_RELAXED))
        ;
}

/* Plain Ruby object: ivars indexed through the class's ivar-name table
 * (see sp_object.c for the race-safety rule).  Slots 0..nembed-1 live in
 * the object itself (embed[], sized at allocation from the class's ivar
 * count, never resized); the rest in a growable slot block (ivars). */
typedef struct sp_object {
    sp_header hdr;
    struct sp_ivars *ivars;   /* slots nembed.. (published with a release store) */
    sp_value embed[];         /* SP_OBJ_NEMBED(obj) slots; SP_UNDEF: unset */
} sp_object;
/* Embedded slot count of an SP_T_OBJECT: hdr.flags bits 24..31, set at
 * allocation (sp_obj_alloc) and never changed (0 for objects allocated
 * with sizeof(sp_object)). */
#define SP_OBJ_NEMBED_SHIFT 24
#define SP_OBJ_NEMBED(v) (SP_HDR(v)->flags >> SP_OBJ_NEMBED_SHIFT)

/* Allocate a GC'd object of `size` bytes with its header set. */
void *sp_alloc(size_t size, sp_value klass, sp_type type);
/* Pointer-free payload (string bytes, double arrays): not scanned. */
void *sp_alloc_atomic(size_t size);
/* Scanned memory NOT cleared for large sizes: the caller writes every
 * word before the memory becomes reachable from anything but its stack. */
void *sp_alloc_words_uninit(size_t size);
void sp_alloc_init(void);   /* after GC_INIT (sp_init.c) */

/* The class of any value (immediates included). */
sp_class *sp_class_of_slow(sp_value v);
extern sp_class *sp_cInteger_c, *sp_cFloat_c, *sp_cSymbol_c, *sp_cNil_c,
                *sp_cTrue_c, *sp_cFalse_c;
static inline sp_class *sp_class_of(sp_value v)
{
    if (SP_FIXNUM_P(v)) return sp_cInteger_c;
    if (SP_HEAP_P(v)) return SP_HDR(v)->klass;
    return sp_class_of_slow(v);
}
sp_value sp_obj_class(sp_value v);          /* the real class (skips singletons) */
const char *sp_obj_classname(sp_value v);   /* "Integer", "Foo::Bar" */

sp_value sp_ivar_get(sp_value obj, sp_id name);
sp_value sp_ivar_set(sp_value obj, sp_id name, sp_value val);
int      sp_ivar_defined(sp_value obj, sp_id name);
void     sp_check_frozen(sp_value obj);      /* raises FrozenError */
sp_value sp_obj_freeze(sp_value obj);

/* The value of a digit in bases up to 36 ('0'-'9', 'a'-'z', 'A'-'Z');
 * 99 for any other character (larger than every base). */
static inline int sp_digit_val(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'z') return c - 'a' + 10;
    if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
    return 99;
}

/* ------------------------------------------------------------------ */
/* Symbols (sp_symbol.c).  Thread-safe interning; ids are never freed. */

sp_id sp_intern(const char *name);
sp_id sp_intern_len(const char *name, size_t len);
const char *sp_id_name(sp_id id);      /* NUL-terminated, lives forever */
size_t sp_id_len(sp_id id);
static inline sp_value sp_sym(const char *name) { return SP_ID2SYM(sp_intern(name)); }

/* ------------------------------------------------------------------ */
/* Classes, methods, dispatch (sp_class.c)                             */

typedef struct sp_srcinfo sp_srcinfo;   /* defined in the exceptions section */

enum sp_visibility { SP_VIS_PUBLIC, SP_VIS_PRIVATE, SP_VIS_PROTECTED, SP_VIS_UNDEF };

typedef struct sp_method {
    sp_cfunc fn;
    sp_id name;
    int min_args, max_args;   /* max_args < 0: unbounded; checked by the
                                 dispatcher when fn does not check itself */
    uint8_t visibility;
    uint8_t checks_arity;     /* fn checks its own argc */
    sp_class *owner;
    const struct sp_srcinfo *src; /* NULL for builtins */
    /* --- additions (sp_class.c) --- */
    uint8_t kind;             /* enum sp_method_kind */
    uint8_t mflags;           /* SP_MF_* */
    void *data;               /* kind-specific: ivar id, Proc, Method ... */
    struct sp_srcinfo *cinfo; /* builtins: frame label info (lazily built) */
} sp_method;

enum sp_method_kind {
    SP_MK_CFUNC,        /* fn(self, argc, argv, blk) */
    SP_MK_ATTR_READER,  /* data = ivar id */
    SP_MK_ATTR_WRITER,  /* data = ivar id */
    SP_MK_PROC,         /* define_method with a block: data = sp_proc*,
                           called with self replaced, lambda arity */
    SP_MK_METHOD,       /* define_method with a Method: data = sp_method* */
};
enum {
    SP_MF_NOFRAME = 1,  /* builtin that pushes no backtrace frame (raise) */
    SP_MF_LAZYINFO = 2, /* builtin whose cinfo is made on first use (sp_method_cinfo) */
    SP_MF_VIS_DEFAULT = 0x80, /* sp_def_method: use the class's current
                                 default visibility (private w/o args) */
};

/* Define a method implemented in C.  arity >= 0: exactly that many
 * arguments (checked by the dispatcher, ArgumentError with CRuby's
 * message); arity == -1: any count, fn checks.  Redefinition bumps the
 * global method epoch. */
void sp_define_method(sp_value klass, const char *name, sp_cfunc fn, int arity);
/* A builtin's frame info (m->cinfo), made on first use; NULL when m
 * pushes no frame. */
struct sp_srcinfo *sp_method_cinfo(sp_method *m);
void sp_define_method_range(sp_value klass, const char *name, sp_cfunc fn, int min, int max);
void sp_define_private_method(sp_value klass, const char *name, sp_cfunc fn, int arity);
void sp_define_singleton_method(sp_value obj, const char *name, sp_cfunc fn, int arity);
void sp_define_module_function(sp_value mod, const char *name, sp_cfunc fn, int arity);
void sp_define_alias(sp_value klass, const char *newname, const char *oldname);
void sp_undef_method(sp_value klass, const char *name);

sp_value sp_define_class(const char *name, sp_value super);
sp_value sp_define_class_under(sp_value outer, const char *name, sp_value super);
sp_value sp_define_module(const char *name);
sp_value sp_define_module_under(sp_value outer, const char *name);
void     sp_include_module(sp_value klass, sp_value mod);
void     sp_define_const(sp_value klass, const char *name, sp_value val);
sp_value sp_const_get(sp_value klass, sp_id name);  /* NameError if missing */
sp_value sp_singleton_class(sp_value obj);
/* The singleton class a program sees (#singleton_class, class << obj): a
 * class's own has its singleton class too, as CRuby's rb_singleton_class. */
sp_value sp_singleton_class_exposed(sp_value obj);

/* Method lookup along the ancestry; NULL when undefined. */
sp_method *sp_find_method(sp_class *klass, sp_id name);
int sp_respond_to(sp_value obj, sp_id name, int include_private);

/* Dynamic call, no cache: public/private as for an explicit receiver call
 * (private methods raise NoMethodError).  sp_funcall* may call private
 * methods (like a receiver-less call). */
sp_value sp_call(sp_value recv, sp_id mid, int argc, const sp_value *argv, sp_value blk);
sp_value sp_funcall(sp_value recv, sp_id mid, int argc, const sp_value *argv, sp_value blk);
sp_value sp_funcall0(sp_value recv, const char *name);
sp_value sp_funcall1(sp_value recv, const char *name, sp_value a);
sp_value sp_funcall2(sp_value recv, const char *name, sp_value a, sp_value b);

/* Call site with an inline cache, one per call in generated code. */
typedef struct sp_cache_entry {
    sp_class *klass;
    uint64_t epoch;
    sp_method *m;
} sp_cache_entry;
typedef struct sp_callsite {
    sp_id mid;
    int flags;                      /* SP_CS_FCALL: receiver-less call */
    sp_cache_entry *_Atomic entry;  /* immutable entries, published atomically */
} sp_callsite;
enum { SP_CS_FCALL = 1, SP_CS_VCALL = 2 };
sp_value sp_send(sp_callsite *cs, sp_value recv, int argc, const sp_value *argv, sp_value blk);

/* --- Object-model API for generated code and core files (sp_class.c) ---
 *
 * Allocation: Class#new calls the class's allocator (inherited from the
 * superclass; default allocates an sp_object) then #initialize. */
typedef sp_value (*sp_allocfn)(sp_value klass);
void     sp_class_set_allocator(sp_value klass, sp_allocfn fn);
sp_value sp_class_new_instance(sp_value klass, int argc, const sp_value *argv, sp_value blk);
sp_value sp_class_allocate(sp_value klass);   /* Class#new's allocation (TypeError for a singleton class) */
sp_value sp_obj_alloc(sp_value klass);     /* a plain sp_object of klass */

/* Invoke a method entry found by sp_find_method: arity check (unless
 * m->checks_arity), method kinds, backtrace frame for builtins. */
sp_value sp_method_invoke(sp_method *m, sp_value recv, int argc, const sp_value *argv, sp_value blk);

/* `def` from generated code.  min/max: declared arity (max < 0: rest);
 * checks_arity: fn validates argc itself (set it when it takes keywords);
 * vis: SP_VIS_* or SP_VIS_DEFAULT (the visibility set by a preceding
 * argument-less `private`/`public`/`protected`/`module_function` in this
 * class body, public otherwise; top-level defs pass SP_VIS_PRIVATE with
 * klass = Object).  Returns the method name Symbol (value of `def`). */
#define SP_VIS_DEFAULT 0x10
sp_value sp_def_method(sp_value klass, sp_id mid, sp_cfunc fn, int min, int max,
                       int checks_arity, const sp_srcinfo *src, int vis);
/* `def obj.name` / `def self.name`. */
sp_value sp_def_singleton_method(sp_value obj, sp_id mid, sp_cfunc fn, int min, int max,
                                 int checks_arity, const sp_srcinfo *src);
/* Lower-level: add an already-filled entry (copied) to klass. */
void sp_add_method(sp_value klass, const sp_method *m);

/* `class Name < super` / `module Name` at run time.  outer: the lexically
 * enclosing class/module (sp_cObject at top level); super: SP_UNDEF when
 * the source gives none.  Reopens an existing constant (TypeError
 * "superclass mismatch for class Foo" / "Foo is not a class").  Calls
 * sp_class_body_begin on the result. */
sp_value sp_open_class(sp_value outer, sp_id name, sp_value super);
sp_value sp_open_module(sp_value outer, sp_id name);
/* class/module statements: scoped bit 1 when written A::X (a private X is a
 * NameError), bit 2 a statement of the program (its location is recorded) */
sp_value sp_open_class_at(sp_value outer, sp_id name, sp_value super, int scoped);
sp_value sp_open_module_at(sp_value outer, sp_id name, int scoped);
/* Reset the default visibility of `def` in this body (class body entry). */
void     sp_class_body_begin(sp_value klass);
/* Class.new(super) / Module.new: anonymous until assigned to a constant. */
sp_value sp_class_new(sp_value super);
sp_value sp_module_new(void);

/* Constants.  The code generator keeps a static lexical chain per scope:
 *   static const sp_cref cref_Foo = { &cref_top, 0 };  // klass filled at run time
 * sp_const_lookup searches the lexical chain (innermost first, excluding
 * the top-level Object entry), then the ancestors of cref->klass, then
 * Object; raises NameError "uninitialized constant X" (calls
 * const_missing if defined). */
typedef struct sp_cref {
    const struct sp_cref *prev;
    sp_value klass;
} sp_cref;
sp_value sp_const_lookup(const sp_cref *cref, sp_id name);
/* Foo::Bar (klass's ancestors; NameError "uninitialized constant Foo::Bar"). */
sp_value sp_const_get_under(sp_value klass, sp_id name);
/* Constant lookup that returns SP_UNDEF instead of raising. */
sp_value sp_const_find(sp_value klass, sp_id name, int inherit);
int      sp_const_scoped_defined(sp_value scope, sp_id name);   /* defined?(A::B): public, Object only for Object */
void     sp_const_set(sp_value klass, sp_id name, sp_value val);
void     sp_const_set_by_program(sp_value klass, sp_id name, sp_value val); /* warns on redefinition */
int      sp_const_defined(sp_value klass, sp_id name);
/* Class variables (@@x): cref class's ancestors. NameError
 * "uninitialized class variable @@x in Foo". */
sp_value sp_cvar_get(sp_value klass, sp_id name);
void     sp_cvar_set(sp_value klass, sp_id name, sp_value val);
int      sp_cvar_defined(sp_value klass, sp_id name);

/* Instance variables with an inline cache (one uint64_t per site,
 * zero-initialised; stores class and slot index in one atomic word). */
sp_value sp_ivar_get_ic(sp_value obj, sp_id name, uint64_t *ic);
sp_value sp_ivar_set_ic(sp_value obj, sp_id name, sp_value val, uint64_t *ic);
sp_value sp_ivar_list(sp_value obj);        /* instance_variables: Array of Symbols */

/* super / zsuper: owner = the class or module whose body holds the `def`
 * (for singleton defs, the singleton class).  Searches self's ancestry
 * after owner.  NoMethodError "super: no superclass method 'foo' for ...". */
sp_value sp_call_super(sp_value self, sp_value owner, sp_id mid, int argc,
                       const sp_value *argv, sp_value blk);

/* Calls with a given visibility context / method_missing. */
sp_value sp_public_send(sp_value recv, sp_id mid, int argc, const sp_value *argv, sp_value blk);
SP_NORETURN void sp_raise_no_method(sp_value recv, sp_id mid, int call_flags,
                                    int argc, const sp_value *argv);
sp_value sp_class_name(sp_value klass);     /* String, or nil when anonymous */
const char *sp_class_path(sp_value klass);  /* "Foo::Bar", "#<Class:0x...>" */
sp_value sp_class_superclass(sp_value klass);  /* nil for BasicObject */
sp_value sp_class_real(sp_class *k);        /* skip singleton/iclass */
int      sp_class_inherits(sp_value klass, sp_value mod); /* klass <= mod */
/* Receiver description for error messages: "nil", "an instance of Foo",
 * "class Foo", "module M", "main". */
const char *sp_recv_desc(sp_value recv);
/* Method epoch: bumped on every method table change. */
extern _Atomic uint64_t sp_method_epoch;
/* Constant epoch: bumped on every constant or class (re)definition; the
 * compiled constant caches (sp_vm.h) are valid while it is unchanged. */
extern _Atomic uint64_t sp_const_epoch;
void sp_const_bump(void);
/* Global variables as the program sees them ($stderr, $_, $VERBOSE, ...;
 * sp_gvar.c). */
sp_value sp_gvar_back_ref(char c);   /* $& $` $' $+ ('b' is $`, 'q' is $') */
sp_value sp_gvar_get(sp_id id);
sp_value sp_gvar_get_quiet(sp_id id);            /* no "not initialized" warning ($x ||= v) */
sp_value sp_gvar_set(sp_id id, sp_value v);
sp_value sp_gvar_init(sp_id id, sp_value v);     /* no read-only/type check */
int      sp_gvar_defined(sp_id id);
sp_value sp_gvar_alias(sp_id newname, sp_id oldname);
/* The current standard streams ($stdout/$stderr: any object with #write;
 * sp_io.c) and $? (sp_process.c), which the global variables expose. */
sp_value sp_io_get_stdout(void);
void     sp_io_set_stdout(sp_value io);
sp_value sp_io_get_stderr(void);
void     sp_io_set_stderr(sp_value io);
sp_value sp_process_last_status(void);

/* Commonly used Ruby-level protocols. */
sp_value sp_inspect(sp_value v);     /* String (calls #inspect) */
sp_value sp_to_s(sp_value v);        /* String (calls #to_s; fast paths for core types) */
int      sp_equal(sp_value a, sp_value b);   /* a == b, Ruby semantics */
int      sp_eql(sp_value a, sp_value b);     /* a.eql?(b) */
uint64_t sp_hash_value(sp_value v);          /* a.hash */
int      sp_obj_is_kind_of(sp_value obj, sp_value klass);
sp_value sp_try_convert(sp_value obj, sp_value klass, const char *meth);  /* X.try_convert */
/* TypeError "can't convert Foo to Integer (Foo#to_int gives Bar)": what an
 * implicit conversion raises when obj.meth returned a `got` of the wrong class. */
SP_NORETURN void sp_raise_convert_gives(sp_value obj, const char *to, const char *meth,
                                        sp_value got);

/* ------------------------------------------------------------------ */
/* Execution context, frames, exceptions, non-local jumps (sp_exc.c)   */

/* Static source info for one compiled method/block (backtraces). */
typedef struct sp_srcinfo {
    const char *file;
    const char *label;      /* "Foo#bar", "block in Foo#bar", "<main>" */
    int line;               /* first line of the def/block (source_location,
                               Proc#inspect); 0 if unknown */
    const char *params;     /* optional: parameter list for Method#inspect /
                               #parameters, e.g. "a, b=..., *r, &blk" */
    int flags;              /* SP_SI_* (0 when omitted) */
    /* SP_SI_DYNLABEL on a block: the srcinfo of the def it is in */
    const struct sp_srcinfo *home;
} sp_srcinfo;
/* The activation keeps its own $~: entry saved the caller's in
 * sp_frame.lm and set $~ to nil; every exit (return, or sp_jump unwinding
 * past the frame) puts the caller's back.  CRuby's $~ is frame-local. */
#define SP_SI_LM 1
/* The label's method part ("OBJ.sing" in "block in OBJ.sing") depends on
 * where the def put the method (a singleton def on any object, def in a
 * method/block/instance_eval): backtraces recompute it from the frame's
 * self and the method entry whose src is the def's srcinfo, as CRuby 3.4
 * labels it ('Foo.m', 'Foo#m', or just 'm' for other objects). */
#define SP_SI_DYNLABEL 2
/* a block whose parameter is `it`: #parameters is [[:req]] / [[:opt, nil]] */
#define SP_SI_IT 4

/* A frame record: pushed by every compiled method/block activation. */
typedef struct sp_frame {
    struct sp_frame *prev;
    const sp_srcinfo *info;
    int line;               /* updated before each call */
    sp_value self;          /* self of this activation: read for protected
                               calls only when sp_frame_self_valid is set
                               (generated code fills it and sets the flag) */
    sp_value lm;            /* info->flags & SP_SI_LM: the caller's $~ */
} sp_frame;
extern int sp_frame_self_valid;

/* Why a handler was jumped to. */
enum sp_jump {
    SP_JUMP_NONE, SP_JUMP_RAISE, SP_JUMP_BREAK, SP_JUMP_RETURN,
    SP_JUMP_THROW, SP_JUMP_NEXT, SP_JUMP_RETRY, SP_JUMP_KILL
};
enum sp_handler_kind {
    SP_H_RESCUE,    /* begin/rescue: catches SP_JUMP_RAISE */
    SP_H_ENSURE,    /* ensure: catches everything, runs, re-jumps */
    SP_H_TARGET,    /* break/return/throw target identified by tag */
    SP_H_CATCH,     /* Kernel#catch (sp_kernel.c): takes SP_JUMP_THROW
                       whose tag is this handler's tag */
    SP_H_ERRINFO,   /* a rescue clause's marker (never jumped to; no
                       setjmp): tag = the $! from before the begin, which
                       sp_jump puts back when a break/next/return/throw
                       unwinds past it (a raise keeps the new $!) */
    SP_H_CLEANUP,   /* an ensure that is one C call (never jumped to; no
                       setjmp): sp_jump pops it and calls
                       cleanup(ec, tag) on the way to the jump's target,
                       with ec->frame = the frame it was pushed in.  Used
                       by the inline Mutex#synchronize, so the function
                       around it needs no setjmp and no volatile locals. */
};

struct sp_ec;
typedef struct sp_handler {
    struct sp_handler *prev;
    int kind;
    void *tag;              /* SP_H_TARGET: the frame/tag this catches */
    sp_frame *frame;        /* frame to restore on landing */
    void (*cleanup)(struct sp_ec *, sp_value);   /* SP_H_CLEANUP only */
    long guard_len;         /* ec->guard_len when pushed: a jump landing
                               here drops the recursion-guard entries of
                               the calls it unwound (sp_guard_truncate) */
    jmp_buf jb;             /* not set for SP_H_ERRINFO and SP_H_CLEANUP */
} sp_handler;

/* The execution context of one fiber (sp_base.h declares the type: the
 * scheduler carries the pointer without knowing the fields). */
struct sp_ec {
    sp_handler *handler;    /* top of this fiber's handler chain */
    sp_frame *frame;        /* top of this fiber's frame chain */
    sp_value errinfo;       /* $! */
    int jump;               /* enum sp_jump, set before longjmp */
    int sub_fiber;          /* 1: a Ruby Fiber's context, not a thread's
                               root (its inline Mutex#synchronize keeps the
                               thread's held list: sp_vm_sync_enter) */
    void *jump_tag;         /* target of a break/return/throw */
    sp_value jump_val;      /* value carried by the jump */
    struct sp_thread *thread; /* the Ruby Thread this fiber belongs to */
    struct sp_fiber *fiber;   /* the fiber this context runs on */
    sp_value fiber_locals;  /* Hash or SP_NIL: Thread#[] storage */
    sp_value last_match;    /* $~ */
    void *stack_limit;      /* lowest usable address (overflow check) */
    /* --- additions --- */
    sp_value inspect_guard; /* Array of objects being inspected (recursion
                               guard for inspect/to_s/==: sp_object.c) */
    long guard_len;         /* its length (0 while it is nil) */
    sp_value catch_tags;    /* unused by generated code (sp_kernel.c) */
    int mm_flags;           /* call flags of the pending method_missing call
                               (SP_CS_VCALL: NameError wording on super) */
    struct sp_lk_stripe *lk_held; /* object-lock stripe held (sp_lock.c) */
    int lk_depth;           /* nesting depth of lk_held (0: none) */
};

/* Push an SP_H_CLEANUP record: fn(ec, arg) runs if a jump (raise, break,
 * throw) unwinds past it, with ec->frame = the frame it was pushed in; the
 * normal way out pops it (ec->handler = h->prev) and cleans up itself.
 * Generated code (the inline Mutex#synchronize) and C methods that hold
 * a resource across calls that may raise use it instead of a setjmp. */
static inline void sp_push_cleanup(sp_ec *ec, sp_handler *h,
                                   void (*fn)(sp_ec *, sp_value), sp_value arg)
{
    h->prev = ec->handler;
    h->kind = SP_H_CLEANUP;
    h->tag = (void *)(uintptr_t)arg;
    h->frame = ec->frame;
    h->cleanup = fn;
    h->guard_len = ec->guard_len;
    ec->handler = h;
}

/* Recursion guard (inspect of cyclic structures): returns 1 when obj is
 * already being processed on this fiber; otherwise pushes it and returns 0.
 * Pair every 0 return with sp_guard_pop(obj). */
int  sp_guard_push(sp_value obj);
void sp_guard_pop(sp_value obj);
/* Drop the entries past the first len (sp_jump: the calls that pushed
 * them were unwound by a raise, break or throw and will not pop them). */
void sp_guard_truncate(struct sp_ec *ec, long len);
/* Element-wise == (eql 0) or eql? (eql 1) of a[0..n) and b[0..n), under
 * self's recursion guard (a comparison that meets itself again is true, as
 * CRuby's): Struct#== and Data#== and their eql?. */
sp_value sp_guard_elems_equal(sp_value self, const sp_value *a, const sp_value *b, long n, int eql);
/* #clone's arguments (sp_object.c): none but freeze: true/false/nil
 * (ArgumentError otherwise, as CRuby); 1 when the clone of self is to be
 * frozen.  Every #clone (Object, Array, Hash, String) asks this. */
int sp_clone_freeze_arg(sp_value self, int argc, const sp_value *argv);

/* The current fiber's context: sp_ec_current() (sp_base.h; not inline on
 * purpose, TLS pitfall), set by the fiber switch after every switch,
 * before the resumed fiber runs Ruby code. */
/* A fresh context (sp_ec.c): no handler, no frame, every Ruby value nil;
 * the one set-up for every context: the main fiber's (sp_init) directly,
 * a green thread's root fiber (sp_sched_create) and a Ruby Fiber
 * (sp_fiber_rb.c) through sp_ec_new (sp_base.h), which also fills in the
 * scheduler half (fiber, stack_limit).  `thread` is the caller's. */
void sp_ec_init(sp_ec *ec);

/* Push/pop a handler.  Usage in generated code:
 *     sp_handler h; sp_push_handler(ec, &h, SP_H_RESCUE, NULL);
 *     if (_setjmp(h.jb) == 0) { body; sp_pop_handler(ec, &h); }
 *     else { sp_pop_handler(ec, &h); switch (ec->jump) ... } */
void sp_push_handler(sp_ec *ec, sp_handler *h, int kind, void *tag);
void sp_pop_handler(sp_ec *ec, sp_handler *h);
/* Unwind to the nearest handler that takes this jump (ensure handlers
 * take every jump).  Never returns. */
SP_NORETURN void sp_jump(sp_ec *ec, int jump, void *tag, sp_value val);
/* Continue a jump after an ensure body has run. */
SP_NORETURN void sp_rejump(sp_ec *ec);

SP_NORETURN void sp_raise(sp_value exc_class, const char *fmt, ...) SP_PRINTF(2, 3);
SP_NORETURN void sp_raise_exc(sp_value exc);
sp_value sp_exc_new(sp_value klass, const char *fmt, ...) SP_PRINTF(2, 3);
sp_value sp_exc_new_str(sp_value klass, sp_value msg);
SP_NORETURN void sp_raise_arity(int given, int min, int max);
/* The same for a method with required keywords: CRuby appends
 * "; required keyword(s): a, b" (reqkw is that list, nreq its length). */
SP_NORETURN void sp_raise_arity_kw(int given, int min, int max, const char *reqkw, int nreq);
SP_NORETURN void sp_raise_type(sp_value v, const char *expected); /* "no implicit conversion of X into Y" */
/* Print an uncaught exception the way CRuby 3.4 does, to stderr. */
void sp_print_uncaught(sp_value exc);

/* --- additions (sp_exc.c) --- */
/* Run fn(arg) with a base handler: returns its result, or SP_UNDEF with
 * *exc set when an exception (or a stray break/throw, converted to
 * LocalJumpError/UncaughtThrowError) escaped.  SP_JUMP_KILL escapes
 * yield *exc = SP_NIL and SP_UNDEF.  Use at fiber/thread bases. */
typedef sp_value (*sp_protected_fn)(void *arg);
sp_value sp_run_protected(sp_protected_fn fn, void *arg, sp_value *exc);
/* Yield argv to blk; fn(arg) runs however the block is left (its value,
 * a raise, break, return, throw or a kill), as an ensure clause does.
 * For C methods that close or restore something after their block
 * (File.open, Dir.chdir): sp_run_protected would turn a `return` from
 * the block into a LocalJumpError. */
typedef void (*sp_ensure_fn)(sp_value arg);
sp_value sp_yield_ensure(sp_value blk, int argc, const sp_value *argv, sp_ensure_fn fn, sp_value arg);
sp_value sp_exc_message(sp_value exc);     /* exc.message as a String */
sp_value sp_exc_backtrace(sp_value exc);   /* Array of String or nil */
/* error_highlight hook: a snippet printed after the first line of the
 * uncaught report (generated code sets it, e.g. "\nfoo\n^^^\n"). */
void     sp_exc_set_snippet(sp_value exc, sp_value snippet);
/* did_you_mean: extra names (Array of Symbols, e.g. the local variables in
 * scope at a NameError site) offered as suggestions in the report. */
void     sp_exc_add_dym_candidates(sp_value exc, sp_value names);
/* The method id of the builtin (C) method whose frame is the first entry of
 * exc's backtrace, or 0 (compiled or <internal:...> frame, no backtrace). */
sp_id    sp_exc_top_builtin_mid(sp_value exc);
/* Capture the current frame chain as backtrace strings (caller). */
sp_value sp_backtrace_here(sp_ec *ec, int skip);
SP_NORETURN void sp_raise_frozen(sp_value obj);        /* FrozenError */
/* LocalJumpError with #reason (:break, :return, :noreason) and #exit_value. */
SP_NORETURN void sp_raise_local_jump(const char *msg, const char *reason, sp_value val);
SP_NORETURN void sp_raise_name_error(sp_value name, sp_value recv, const char *fmt, ...) SP_PRINTF(3, 4);
/* KeyError with key/receiver; StopIteration with result. */
SP_NORETURN void sp_raise_key_error(sp_value msg, sp_value receiver, sp_value key);
SP_NORETURN void sp_raise_stop_iteration(sp_value msg, sp_value result);
/* SystemCallError: Errno::EXXX with message "strerror(err) - detail". */
sp_value sp_syserr_new(int err, const char *detail);
SP_NORETURN void sp_raise_syserr(int err, const char *detail);
extern const char *sp_script_name;     /* $0 (set by sp_init from argv[0]) */
/* exit / at_exit */
SP_NORETURN void sp_exit(int status);      /* raises SystemExit */
void sp_at_exit(sp_value proc);

/* ------------------------------------------------------------------ */
/* Procs and blocks (sp_proc.c)                                        */

typedef struct sp_proc sp_proc;
typedef sp_value (*sp_blockfn)(sp_proc *self, int argc, const sp_value *argv, sp_value blk);
struct sp_proc {
    sp_header hdr;
    sp_blockfn fn;
    void *env;             /* captured variables (heap box) */
    sp_value self;         /* self of the defining scope */
    void *home;            /* tag of the defining method activation
                              (target of `return` inside a proc) */
    void *break_tag;       /* tag of the call that received the block */
    int min_args, max_args;
    const sp_srcinfo *src;
    /* define_method: the method entry this copy runs as (set on the
     * per-call copy, inherited by procs created inside it that use super
     * or __method__); NULL otherwise. */
    const struct sp_method *bmethod;
    /* instance_eval/instance_exec: where `def`/`alias`/`undef` in the
     * block act (SP_TRUE: self's singleton class, made when first
     * needed); 0 otherwise (the lexical rule).  Set on the per-call copy,
     * inherited like bmethod. */
    sp_value definee;
};
sp_value sp_proc_new(sp_blockfn fn, void *env, sp_value self, int min, int max, int lambda);
/* Call a block with block (proc) semantics: auto-splat of one Array
 * argument for multi-parameter blocks, missing args nil, extras dropped. */
sp_value sp_yield(sp_value blk, int argc, const sp_value *argv);
sp_value sp_yield1(sp_value blk, sp_value a);
sp_value sp_yield2(sp_value blk, sp_value a, sp_value b);
/* Proc#call semantics (lambdas check arity). */
sp_value sp_proc_call(sp_value proc, int argc, const sp_value *argv, sp_value blk);
sp_value sp_call_callable(sp_value f, int argc, const sp_value *argv, sp_value blk);
SP_NORETURN void sp_raise_no_block(void);  /* LocalJumpError: no block given (yield) */
/* --- additions (sp_proc.c) --- */
#define SP_PROC_FL_SPLAT SP_FL_USER0   /* `|a, |`: auto-splat despite max == 1 */
/* A copy of the proc whose self is replaced (instance_exec/eval). */
sp_value sp_proc_with_self(sp_value proc, sp_value self);
/* The method entry a Method/UnboundMethod object wraps (NULL for one
 * that stands for method_missing via respond_to_missing?). */
struct sp_method *sp_methobj_method(sp_value mo);
/* Run p with self replaced; bm (non-NULL when p is the body of a
 * define_method method) is what super and __method__ inside p refer to. */
sp_value sp_proc_invoke_bm(sp_proc *p, const struct sp_method *bm, sp_value self, int argc,
                           const sp_value *argv, sp_value blk, int lambda);
/* instance_exec: call blk with self = obj. */
sp_value sp_instance_exec(sp_value obj, int argc, const sp_value *argv, sp_value blk);
/* BasicObject#instance_eval/#instance_exec with a block: as
 * sp_instance_exec, and `def` in the block defines singleton methods. */
sp_value sp_obj_instance_exec(sp_value obj, int argc, const sp_value *argv, sp_value blk);
sp_value sp_sym_to_proc(sp_value sym);
int      sp_proc_arity(sp_value proc);

/* ------------------------------------------------------------------ */
/* Core data types: constructors and accessors other files need.       */

sp_value sp_float_new(double d);              /* sp_numeric.c */
double   sp_float_value(sp_value v);          /* Float only */
double   sp_num_to_double(sp_value v);        /* Integer/Float, TypeError otherwise */
double   sp_num2dbl(sp_value v);              /* rb_num2dbl: also #to_f, CRuby's messages */
sp_value sp_int_new(int64_t n);               /* promotes to Bignum */
int64_t  sp_num_to_long(sp_value v);          /* Integer (range checked) */

sp_value sp_str_new(const char *p, size_t len);      /* sp_string.c */
sp_value sp_str_new_cstr(const char *s);
sp_value sp_str_new_frozen(const char *p, size_t len);
sp_value sp_str_src_enc(sp_value s, int which);   /* literal under `# coding:` (1 binary, 2 US-ASCII) */
sp_value sp_str_buf_new(size_t capa);
sp_value sp_str_cat(sp_value str, const char *p, size_t len);
sp_value sp_str_cat_cstr(sp_value str, const char *cstr);
sp_value sp_str_append(sp_value str, sp_value other);  /* String#<< of a String */
sp_value sp_str_format(const char *fmt, ...) SP_PRINTF(1, 2);
const char *sp_str_ptr(sp_value str);
size_t   sp_str_len(sp_value str);
char    *sp_str_cstr(sp_value str);            /* NUL-terminated copy/view */

sp_value sp_ary_new(void);                     /* sp_array.c */
sp_value sp_ary_new_capa(long capa);
sp_value sp_ary_new_from(long n, const sp_value *elts);
sp_value sp_ary_new2(sp_value a, sp_value b);  /* [a, b] */
sp_value sp_ary_push(sp_value ary, sp_value v);
sp_value sp_ary_entry(sp_value ary, long i);   /* nil when out of range */
sp_value sp_ary_store(sp_value ary, long i, sp_value v);
long     sp_ary_len(sp_value ary);
sp_value sp_ary_concat(sp_value ary, sp_value other);
sp_value sp_to_ary(sp_value v);                /* splat / masgn conversion */

sp_value sp_hash_new(void);                    /* sp_hash.c */
sp_value sp_hash_aref(sp_value h, sp_value key);         /* with default */
sp_value sp_hash_lookup(sp_value h, sp_value key, sp_value ifnone);
/* Keyword argument `name` of a C method's (argc, argv): dflt when the call
 * passed no keyword hash (SP_ARGC_KW) or the hash has no such key. */
static inline sp_value sp_kwarg(int argc, const sp_value *argv, const char *name, sp_value dflt)
{
    if (!(argc & SP_ARGC_KW)) return dflt;
    return sp_hash_lookup(argv[SP_ARGC(argc) - 1], sp_sym(name), dflt);
}
sp_value sp_hash_aset(sp_value h, sp_value key, sp_value val);
/* Hash#[]= without a method call (sp_vm_op_aset): 0, storing nothing, when
 * the builtin must run as a real call (a key whose #hash or #eql? could be
 * Ruby code, or a new key while the hash is being iterated). */
int      sp_hash_aset_direct(sp_value h, sp_value key, sp_value val);
sp_value sp_hash_delete(sp_value h, sp_value key);
long     sp_hash_size(sp_value h);
/* Iterate in insertion order: fn returns 0 to continue. */
void     sp_hash_foreach(sp_value h, int (*fn)(sp_value k, sp_value v, void *arg), void *arg);

sp_value sp_range_new(sp_value beg, sp_value end, int exclusive);  /* sp_range.c */

/* Ruby Fiber objects (sp_fiber_rb.c), for Fiber and external Enumerators:
 * resume passes argv in (the block's arguments on the first resume, the
 * value of Fiber.yield afterwards); the result is what the fiber yields or
 * returns (0 values: nil, 1: it, more: an Array).  Exceptions escaping the
 * fiber are re-raised in the resumer.  FiberError as CRuby 3.4. */
sp_value sp_fiber_new_from_proc(sp_value proc);
sp_value sp_fiber_resume(sp_value fiber, int argc, const sp_value *argv);
sp_value sp_fiber_yield(int argc, const sp_value *argv);
int      sp_fiber_alive(sp_value fiber);

/* ------------------------------------------------------------------ */
/* Output (sp_io.c).  stdout is buffered per IO object with its own lock. */

void sp_write_stdout(const char *p, size_t len);
void sp_write_stderr(const char *p, size_t len);
void sp_flush_all(void);

/* ------------------------------------------------------------------ */
/* Safepoints: SP_POLL() and the stack geometry are the scheduler's
 * (sp_base.h).  The stack-overflow check of SP_VM_POLL_ENTRY costs no
 * memory load: a frame in the lowest SP_STACK_RED bytes of an
 * SP_STACK_ALIGN block is "near the bottom"; the slow path (sp_ec.c)
 * compares with the fiber's ec->stack_limit and raises SystemStackError
 * (it returns at once for frames that merely sit at such an offset on a
 * native stack or in the middle of a bigger slot). */
void sp_stack_check_slow(void);
/* The same check for C code without a frame record (spec/unit/test_fiber.c). */
#define SP_POLL_ENTRY() do { \
    if (SP_UNLIKELY(((uintptr_t)__builtin_frame_address(0) & (SP_STACK_ALIGN - 1)) < SP_STACK_RED)) \
        sp_stack_check_slow(); \
    SP_POLL(); } while (0)

/* ------------------------------------------------------------------ */
/* Program start/exit (sp_init.c)
 *
 * sp_init() creates the core class hierarchy, then calls each subsystem's
 * initialiser (defining its classes' methods) in the order of its table
 * boot_inits (sp_init.c).  The references are strong: a missing or renamed
 * initialiser fails the link. */
void sp_init_symbol(void);   /* sp_symbol.c */
void sp_init_object(void);   /* sp_object.c: Object/BasicObject/Kernel basics */
void sp_init_class(void);    /* sp_class.c: Module/Class methods */
void sp_init_exc(void);      /* sp_exc.c: exception hierarchy */
void sp_init_kernel(void);   /* sp_kernel.c: raise, loop, require, ... */
void sp_init_proc(void);     /* sp_proc.c */
void sp_init_numeric(void);  /* sp_numeric.c: Integer, Float, Math */
void sp_init_string(void);   /* sp_string.c */
void sp_init_symbol_methods(void); /* sp_symbol.c: Symbol methods */
void sp_init_array(void);    /* sp_array.c */
void sp_init_hash(void);     /* sp_hash.c */
void sp_init_range(void);    /* sp_range.c */
void sp_init_enum(void);     /* sp_enum.c: Enumerable, Enumerator */
void sp_init_comparable(void); /* sp_compare.c: Comparable */
void sp_init_io(void);       /* sp_io.c: puts/print/p, IO, File */
void sp_init_regexp(void);   /* sp_regexp.c */
/* Regexp literal /src/opts (frozen, like every literal); sp_regexp.c. */
sp_value sp_regexp_literal(sp_value src, int opts);
void sp_init_struct(void);   /* sp_struct.c */
void sp_init_set(void);      /* sp_set.c: Set */
void sp_init_complex(void);  /* sp_complex.c: Complex */
void sp_init_data(void);     /* sp_data.c: Data */
void sp_init_binding(void);  /* sp_binding.c: Binding */
void sp_init_weakmap(void);  /* sp_weakmap.c: ObjectSpace::WeakMap, WeakKeyMap */

/* A compiled `binding` call site (sp_binding.c): the visible locals,
 * innermost scope first, each `hops` env links up from the calling
 * function's env, in slot `slot`. */
typedef struct sp_binding_var { const char *name; int hops, slot; } sp_binding_var;
typedef struct sp_binding_info {
    const char *file;
    int line, n;
    const sp_binding_var *vars;
} sp_binding_info;
sp_value sp_binding_new(sp_value self, sp_value *env, const sp_binding_info *info);
void sp_init_time(void);     /* sp_time.c */
void sp_init_thread(void);   /* sp_thread.c: Thread API */
void sp_init_sync(void);     /* sp_sync.c: Mutex, Queue, SizedQueue, CV */
void sp_init_fiber(void);    /* sp_fiber_rb.c: Ruby Fiber class */
void sp_init_env(void);      /* sp_env.c: ENV, RUBY_VERSION and friends */
void sp_init_dir(void);      /* sp_dir.c: Dir */
void sp_init_signal(void);   /* sp_signal.c: trap, Signal, SignalException */
void sp_init_fork(void);     /* sp_fork.c: fork, Process.fork */
void sp_init_marshal(void);  /* sp_marshal.c: Marshal */
void sp_init_warning(void);  /* sp_warning.c: Warning */
/* Warnings through Warning.warn, "FILE:LINE: warning: MSG" (sp_warning.c):
 * sp_warn unless $VERBOSE is nil, sp_warning only when it is true,
 * sp_warn_category also only when Warning[category] is on. */
enum { SP_WARN_DEPRECATED, SP_WARN_EXPERIMENTAL, SP_WARN_PERFORMANCE, SP_WARN_STRICT_UNUSED_BLOCK,
       SP_WARN_CAT_COUNT };
void sp_warn(const char *fmt, ...) SP_PRINTF(1, 2);
void sp_warning(const char *fmt, ...) SP_PRINTF(1, 2);
void sp_warn_category(int cat, const char *fmt, ...) SP_PRINTF(2, 3);
int  sp_warn_category_enabled(int cat);
sp_value sp_warn_kernel(sp_value text, sp_value uplevel, sp_value category);  /* Kernel#warn */
/* A parse-time warning about FILE:LINE (code of an eval of a literal string,
 * reported when it runs); verbose_only: only when $VERBOSE is true. */
void sp_warn_parse(const char *file, int line, int verbose_only, const char *msg);
/* The exit status of a process ended by an uncaught SignalException (it
 * dies by that signal), or -1 for any other exception; sp_signal.c. */
int  sp_signal_exit_status(sp_value exc);
/* The handler of trap(:EXIT), if any, or SP_NIL; run before at_exit's. */
sp_value sp_signal_exit_trap(void);
void sp_init_argv(int argc, char **argv);  /* sp_env.c: ARGV */
void sp_init(int argc, char **argv);     /* GC, symbols, core classes */
void *sp_boot_alloc(size_t n);           /* zeroed non-GC memory during sp_init, or NULL */
int  sp_main_finish(void);               /* at_exit, kill threads, flush; returns exit status */
/* Kill every thread but the current one (ensure blocks run) and wait for
 * them, at most timeout_ms (sp_thread.c; sp_main_finish calls it). */
void sp_thread_terminate_all(int timeout_ms);

/* Well-known classes (sp_init.c creates them). */
extern sp_value sp_cBasicObject, sp_cObject, sp_cModule, sp_cClass, sp_mKernel,
    sp_mComparable, sp_mEnumerable, sp_cNilClass, sp_cTrueClass, sp_cFalseClass,
    sp_cNumeric, sp_cInteger, sp_cFloat, sp_cString, sp_cSymbol, sp_cArray,
    sp_cHash, sp_cRange, sp_cProc, sp_cMethod, sp_cUnboundMethod, sp_cRegexp,
    sp_cMatchData, sp_cStruct, sp_cTime, sp_cIO, sp_cThread, sp_cFiber,
    sp_cMutex, sp_cQueue, sp_cSizedQueue, sp_cConditionVariable,
    sp_cEnumerator, sp_mMath, sp_mProcess, sp_cRandom;
extern sp_value sp_eException, sp_eScriptError, sp_eNotImpError,
    sp_eStandardError, sp_eRuntimeError, sp_eArgError, sp_eTypeError,
    sp_eNameError, sp_eNoMethodError, sp_eZeroDivError, sp_eKeyError,
    sp_eIndexError, sp_eStopIteration, sp_eFrozenError, sp_eRangeError,
    sp_eFloatDomainError, sp_eThreadError, sp_eClosedQueueError,
    sp_eFiberError, sp_eLocalJumpError, sp_eSystemExit, sp_eInterrupt,
    sp_eSignal, sp_eSystemStackError, sp_eNoMatchingPatternError,
    sp_eNoMatchingPatternKeyError, sp_eIOError, sp_eEOFError,
    sp_eSystemCallError, sp_eENOENT, sp_eRegexpError, sp_eEncodingError,
    sp_eFatal, sp_eSecurityError, sp_eUncaughtThrowError, sp_eMathDomainError;
/* additions */
extern sp_value sp_eLoadError, sp_mErrno, sp_cBacktraceLocation, sp_mObjectSpace, sp_mGC;
extern sp_value sp_main_obj;   /* the top-level self ("main") */

#endif

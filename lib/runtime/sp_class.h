/*
 * sp_class.h — internals of the object model shared by sp_object.c,
 * sp_class.c, sp_exc.c, sp_proc.c, sp_kernel.c and sp_init.c.  Other
 * subsystems use spinel.h only.
 *
 * Race-safety rule for every table here: readers never lock.  A table is
 * an immutable-shape block published through an _Atomic pointer with a
 * release store; writers (holding the owning class's lock) either store a
 * single word in place (value update of an existing key) or build a new
 * block and publish it (insert/delete).  Old blocks stay alive through the
 * GC for readers still holding them.
 */
#ifndef SP_CLASS_H
#define SP_CLASS_H

#include <pthread.h>
#include "spinel.h"

/* ---- id -> word hash table, insertion ordered, copy-on-write ---- */
typedef struct sp_idtbl_ent {
    sp_id key;
    _Atomic uintptr_t val;      /* updated in place for existing keys */
} sp_idtbl_ent;

typedef struct sp_idtbl {
    uint32_t count;             /* live entries in ents[0..count) */
    uint32_t mask;              /* index size - 1 (power of two) */
    sp_idtbl_ent *ents;         /* insertion order */
    int32_t idx[];              /* -1 empty, else index into ents */
} sp_idtbl;

/* Lock-free lookup; returns 1 and *val when present. */
int  sp_idtbl_get(const sp_idtbl *t, sp_id key, uintptr_t *val);
/* Writers (hold the owner's lock): return the table to publish. */
sp_idtbl *sp_idtbl_put(sp_idtbl *t, sp_id key, uintptr_t val, int *replaced);
sp_idtbl *sp_idtbl_del(sp_idtbl *t, sp_id key, int *found);

/* ---- ivars ---- */
/* Per-class ivar-name table (for instances): append-only. */
typedef struct sp_ivtbl {
    uint32_t capa;
    _Atomic uint32_t count;     /* ids[0..count) valid (acquire load) */
    sp_id ids[];
} sp_ivtbl;

/* Per-object slots: (capa, vals) never change once published. */
typedef struct sp_ivars {
    uint32_t capa;
    _Atomic sp_value vals[];    /* SP_UNDEF: unset */
} sp_ivars;

/* Objects whose struct starts with { sp_header; sp_ivars *ivars; } */
static inline int sp_has_ivar_slot(sp_value v)
{
    uint32_t t = SP_TYPE(v);
    return t == SP_T_OBJECT || t == SP_T_CLASS || t == SP_T_MODULE ||
           t == SP_T_EXCEPTION || t == SP_T_ICLASS;
}

/* ---- classes ---- */
struct sp_class {
    sp_header hdr;              /* klass: metaclass / singleton */
    sp_ivars *_Atomic ivars;    /* class-level ivars (same offset as sp_object) */
    sp_class *_Atomic super;    /* next in the ancestor chain (iclasses included) */
    sp_idtbl *_Atomic mtbl;     /* methods (NULL = empty) */
    sp_idtbl *_Atomic consts;   /* id -> sp_const* */
    sp_idtbl *_Atomic cvars;    /* id -> value */
    sp_ivtbl *_Atomic ivtbl;    /* ivar names of instances */
    sp_class *module;           /* ICLASS: the module it stands for; else self */
    sp_class *_Atomic origin;   /* where this class's own methods live (prepend) */
    sp_value attached;          /* singleton class: the object */
    const char *_Atomic path;   /* "Foo::Bar"; NULL while anonymous */
    sp_allocfn alloc;           /* inherited at creation */
    int default_vis;            /* `private` without args in the open body */
    int module_function;        /* `module_function` without args */
    uint32_t cflags;            /* SP_CF_* */
    pthread_mutex_t lock;       /* writers of this class's tables */
};

enum {
    SP_CF_ORIGIN = 1,           /* ICLASS that is a prepended class's origin */
    SP_CF_PREPENDED = 2,        /* class/module has prepends (origin != self) */
    SP_CF_TMPNAME = 4,          /* path is temporary: set_temporary_name, or
                                   "#<Module:0x...>::N" under an anonymous one */
    SP_CF_UNINIT = 8,           /* Class.allocate's class before Class#initialize */
};

typedef struct sp_const {
    sp_value val;
    int priv;                   /* private_constant */
    const char *file;           /* where the program assigned it (NULL for */
    int line;                   /* built-in constants): "previous definition" */
} sp_const;

#define SP_CLASS(v)  ((sp_class *)(v))
#define SP_CVAL(k)   ((sp_value)(k))

/* The class whose method table a chain entry reads. */
static inline sp_idtbl *sp_class_mtbl(sp_class *k)
{
    if (k->hdr.type == SP_T_ICLASS && !(k->cflags & SP_CF_ORIGIN)) {
        sp_class *m = __atomic_load_n(&k->module->origin, __ATOMIC_ACQUIRE);
        return __atomic_load_n(&m->mtbl, __ATOMIC_ACQUIRE);
    }
    return __atomic_load_n(&k->mtbl, __ATOMIC_ACQUIRE);
}

static inline sp_class *sp_class_super(sp_class *k)
{
    return __atomic_load_n(&k->super, __ATOMIC_ACQUIRE);
}

/* sp_class.c internals */
sp_class *sp_class_alloc(sp_value metaklass, int type, sp_class *super);
sp_value  sp_class_boot(const char *name, sp_class *super);   /* during sp_init */
void      sp_class_make_metaclass(sp_class *k);
sp_method *sp_method_lookup_vis(sp_class *k, sp_id mid, sp_class **found_in);
sp_method *sp_method_entry_new(sp_class *owner, sp_id mid, sp_cfunc fn, int min, int max);
void      sp_method_set(sp_class *k, sp_method *m);
sp_class *sp_class_of_realclass(sp_class *k);
const char *sp_method_label(const sp_method *m, char *buf, size_t size);
void      sp_class_set_path(sp_class *k, sp_class *outer, sp_id name);
sp_value  sp_class_inspect(sp_value klass);
void      sp_class_init_ids(void);
void      sp_method_set_noframe(sp_value klass, const char *name);
void      sp_method_set_internal(sp_value klass, const char *name, const char *file, int line);
sp_value  sp_module_alloc(sp_value klass);

/* sp_object.c internals */
sp_value sp_any_to_s(sp_value obj);              /* #<Foo:0x...> */
sp_value sp_obj_inspect_default(sp_value obj);
sp_value sp_ivar_get_raw(sp_value obj, sp_id name);  /* SP_UNDEF when unset */
/* Class-table slot idx of a plain object (SP_T_OBJECT), embedded or not;
 * get returns SP_UNDEF when unset; set does not check frozen. */
sp_value sp_obj_ivar_idx_get(sp_value obj, uint32_t idx);
void     sp_obj_ivar_idx_set(sp_value obj, uint32_t idx, sp_value val);
void     sp_ivar_copy(sp_value dst, sp_value src);
int      sp_ivar_foreach(sp_value obj, int (*fn)(sp_id, sp_value, void *), void *arg);
sp_value sp_obj_dup(sp_value obj);
sp_value sp_obj_clone(sp_value obj, int freeze);

/* sp_exc.c internals */
typedef struct sp_exception {
    sp_header hdr;
    sp_ivars *_Atomic ivars;
    sp_value message;           /* String, SP_UNDEF = default (class name) */
    sp_value backtrace;         /* Array of String or nil */
    sp_value cause;             /* SP_UNDEF = not yet set */
    sp_value snippet;           /* error_highlight text or nil */
    void *bt_raw;               /* frames captured at raise (rendered lazily) */
    int cause_set;
    int bt_nil;                 /* set_backtrace(nil): #backtrace is nil despite bt_raw */
} sp_exception;
sp_value sp_exc_alloc(sp_value klass);
void sp_init_exc_classes(void);      /* hierarchy (called by sp_init) */
SP_NORETURN void sp_raise_str(sp_value klass, sp_value msg);
/* NameError "undefined method 'm' for class 'K'" with #name = name (sp_class.c) */
SP_NORETURN void sp_raise_undefined_method_for(sp_value klass, sp_id mid, sp_value name);
/* a method-name argument: Symbol or String, else TypeError "X is not a
 * symbol nor a string" (sp_object.c) */
sp_id sp_obj_arg_to_id(sp_value v);

/* constants (sp_class.c): the entry of name in klass (inherit: its
 * ancestors, stopping before Object when exclude_object), or NULL; the
 * value of a missing constant (autoload, const_missing, NameError) */
sp_const *sp_const_entry(sp_value klass, sp_id name, int inherit, int exclude_object);
sp_value sp_const_missing(sp_value klass, sp_id name);
void sp_init_module(void);   /* sp_module.c, called by sp_init_class */
void sp_class_copy_singleton(sp_class *copy, sp_class *orig);   /* Class#dup */

/* sp_proc.c internals */
sp_value sp_method_obj_new(sp_value recv, sp_method *m, sp_id name, int unbound);
sp_value sp_proc_invoke_with_self(sp_proc *p, sp_value self, int argc, const sp_value *argv, sp_value blk, int lambda);

/* sp_symbol.c */
sp_value sp_sym_inspect(sp_id id);
int sp_id_is_const(sp_id id);
int sp_id_is_ivar(sp_id id);
int sp_id_is_cvar(sp_id id);

/* Boot and the layer above.  The generated-code interface (sp_vm.c) keeps
 * inline fast paths that a method definition can invalidate; once the core
 * classes are defined it registers these hooks (sp_class_boot_done).  The
 * runtime never calls up into sp_vm: before boot nothing is notified. */
typedef struct sp_class_hooks {
    void (*method_changed)(sp_value klass, sp_id name);  /* def/alias/undef/remove */
    void (*prepended)(sp_value klass);                   /* a module prepended */
} sp_class_hooks;
void sp_class_boot_done(const sp_class_hooks *h);
int  sp_class_booted(void);    /* sp_class_boot_done ran: the core classes exist */

/* misc helpers */
static inline sp_value sp_cstr(const char *s) { return sp_str_new_cstr(s); }
extern sp_class *sp_cBasicObject_c, *sp_cObject_c, *sp_cModule_c, *sp_cClass_c;

#endif

/*
 * sp_class.c — classes, modules, method tables, lookup and dispatch.
 *
 * Representation (sp_class.h): a class is a heap object whose header
 * class is its metaclass; `super` links the ancestor chain, which also
 * holds include-classes (SP_T_ICLASS) standing for included/prepended
 * modules (an ICLASS reads its module's method table, so methods added to
 * a module later are seen by every includer).  A class with prepended
 * modules keeps its own methods in an "origin" ICLASS placed after them;
 * `origin` is the class itself otherwise.
 *
 * Concurrency: method/constant/cvar tables are copy-on-write sp_idtbl
 * blocks read without locks (see sp_class.h); each class's writers hold
 * its `lock`; changes to the ancestor chain (include, prepend, singleton
 * creation) hold the global `hier_lock`.  Every method-table or chain
 * change bumps sp_method_epoch (release) after publishing, and inline
 * caches validate (klass, epoch) — an entry read before a change carries an
 * older epoch and is refetched.
 *
 * Costs: an uncached lookup walks the chain doing one hash probe per
 * entry; sp_send's cache hit is two loads and two compares.  Inserting a
 * method copies its class's table (O(n)) — definitions are rare.
 */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "sp_class.h"

_Atomic uint64_t sp_method_epoch = 1;
_Atomic uint64_t sp_const_epoch = 1;
static pthread_mutex_t hier_lock = PTHREAD_MUTEX_INITIALIZER;

sp_class *sp_cBasicObject_c, *sp_cObject_c, *sp_cModule_c, *sp_cClass_c;

static sp_id id_initialize, id_method_missing, id_inherited, id_included,
    id_extended, id_prepended, id_respond_to_missing, id_const_missing,
    id_method_added, id_to_s;

static inline void epoch_bump(void)
{
    __atomic_add_fetch(&sp_method_epoch, 1, __ATOMIC_RELEASE);
}

void sp_const_bump(void)
{
    __atomic_add_fetch(&sp_const_epoch, 1, __ATOMIC_RELEASE);
}

/* Set once, by sp_vm_init on the main thread before any other thread runs. */
static int booted;
static sp_class_hooks hooks;

void sp_class_boot_done(const sp_class_hooks *h)
{
    hooks = *h;
    booted = 1;
}

int sp_class_booted(void) { return booted; }

static void note_method(sp_value klass, sp_id name)
{
    if (hooks.method_changed) hooks.method_changed(klass, name);
}

/* ------------------------------------------------------------------ */
/* sp_idtbl                                                            */

static inline uint32_t id_hash(sp_id k) { return (uint32_t)((k * 0x9E3779B97F4A7C15ULL) >> 32); }

int sp_idtbl_get(const sp_idtbl *t, sp_id key, uintptr_t *val)
{
    if (!t) return 0;
    for (uint32_t i = id_hash(key) & t->mask;; i = (i + 1) & t->mask) {
        int32_t e = t->idx[i];
        if (e < 0) return 0;
        if (t->ents[e].key == key) {
            *val = __atomic_load_n(&t->ents[e].val, __ATOMIC_ACQUIRE);
            return 1;
        }
    }
}

/* Start-up (before sp_class_boot_done: one OS thread, nobody reads tables
 * concurrently) defines ~2000 core methods; copying a class's table for
 * each of them was O(n^2) (half of an empty program's start-up).  Tables
 * built then get room for entries up to the load limit (size/2 - 1) and
 * sp_idtbl_put fills them in place; after boot tables are exact-size and
 * every change copies (readers never lock). */
static inline uint32_t idtbl_boot_capa(const sp_idtbl *t) { return (t->mask + 1) / 2 - 1; }

static sp_idtbl *idtbl_build(const sp_idtbl *old, uint32_t n_extra, sp_id skip)
{
    uint32_t n = (old ? old->count : 0) + n_extra;
    uint32_t size = 8;
    while (size < n * 2 + 2) size <<= 1;
    sp_idtbl *t = GC_MALLOC(sizeof(sp_idtbl) + size * sizeof(int32_t));
    t->mask = size - 1;
    memset(t->idx, 0xff, size * sizeof(int32_t));
    uint32_t capa = sp_class_booted() ? n : idtbl_boot_capa(t);
    t->ents = GC_MALLOC(sizeof(sp_idtbl_ent) * (capa ? capa : 1));
    t->count = 0;
    if (old) {
        for (uint32_t i = 0; i < old->count; i++) {
            if (skip && old->ents[i].key == skip) continue;
            sp_idtbl_ent *e = &t->ents[t->count];
            e->key = old->ents[i].key;
            e->val = __atomic_load_n(&old->ents[i].val, __ATOMIC_RELAXED);
            uint32_t j = id_hash(e->key) & t->mask;
            while (t->idx[j] >= 0) j = (j + 1) & t->mask;
            t->idx[j] = (int32_t)t->count++;
        }
    }
    return t;
}

sp_idtbl *sp_idtbl_put(sp_idtbl *t, sp_id key, uintptr_t val, int *replaced)
{
    if (t) {
        for (uint32_t i = id_hash(key) & t->mask;; i = (i + 1) & t->mask) {
            int32_t e = t->idx[i];
            if (e < 0) break;
            if (t->ents[e].key == key) {
                __atomic_store_n(&t->ents[e].val, val, __ATOMIC_RELEASE);
                if (replaced) *replaced = 1;
                return t;
            }
        }
    }
    if (replaced) *replaced = 0;
    sp_idtbl *n = t;
    if (!t || sp_class_booted() || t->count >= idtbl_boot_capa(t)) {
        n = idtbl_build(t, 1, 0);
        /* A table outgrown at boot is referenced by nobody else (no
         * readers, no clones yet): give it back so the next tables reuse
         * its memory instead of touching fresh heap pages. */
        if (t && !sp_class_booted()) {
            GC_FREE(t->ents);
            GC_FREE(t);
        }
    }
    sp_idtbl_ent *e = &n->ents[n->count];
    e->key = key;
    e->val = val;
    uint32_t j = id_hash(key) & n->mask;
    while (n->idx[j] >= 0) j = (j + 1) & n->mask;
    n->idx[j] = (int32_t)n->count++;
    return n;
}

sp_idtbl *sp_idtbl_del(sp_idtbl *t, sp_id key, int *found)
{
    uintptr_t v;
    if (!sp_idtbl_get(t, key, &v)) { *found = 0; return t; }
    *found = 1;
    return idtbl_build(t, 0, key);
}

/* ------------------------------------------------------------------ */
/* class objects                                                       */

void sp_objspace_note_class(void *klass);   /* lib/ext/sp_objspace.c */

sp_class *sp_class_alloc(sp_value metaklass, int type, sp_class *super)
{
    sp_class *k = sp_alloc(sizeof(sp_class), metaklass, type);
    k->super = super;
    k->module = k;
    k->origin = k;
    k->attached = SP_NIL;
    k->alloc = super ? super->alloc : NULL;
    k->default_vis = SP_VIS_PUBLIC;
    pthread_mutex_init(&k->lock, NULL);
    sp_objspace_note_class(k);   /* lib/ext/sp_objspace.c: each_object(Class) */
    return k;
}

/* The real (non-singleton, non-iclass) class at or above k. */
sp_class *sp_class_of_realclass(sp_class *k)
{
    while (k && (k->hdr.type == SP_T_ICLASS || (k->hdr.flags & SP_FL_SINGLETON)))
        k = sp_class_super(k);
    return k;
}

sp_value sp_class_real(sp_class *k) { return SP_CVAL(sp_class_of_realclass(k)); }

/* Give class k a metaclass whose superclass is k's superclass's
 * metaclass (so class methods inherit). */
void sp_class_make_metaclass(sp_class *k)
{
    sp_class *sup = sp_class_of_realclass(sp_class_super(k));
    sp_class *msuper;
    if (sup) {
        if (!(sup->hdr.klass->hdr.flags & SP_FL_SINGLETON)) sp_class_make_metaclass(sup);
        msuper = sup->hdr.klass;
    } else {
        msuper = sp_cClass_c;      /* BasicObject's metaclass < Class */
    }
    /* as in CRuby, a metaclass's own class is Class's metaclass (the
     * metaclass of a metaclass is created lazily by sp_singleton_class);
     * Class's metaclass is its own class */
    sp_class *cmeta = sp_cClass_c->hdr.klass;
    int cmeta_ok = (cmeta->hdr.flags & SP_FL_SINGLETON) && cmeta->attached == SP_CVAL(sp_cClass_c);
    sp_class *meta = sp_class_alloc(SP_CVAL(cmeta_ok ? cmeta : sp_cClass_c), SP_T_CLASS, msuper);
    meta->hdr.flags |= SP_FL_SINGLETON;
    meta->attached = SP_CVAL(k);
    meta->alloc = NULL;
    if (k == sp_cClass_c) {
        /* made at boot after BasicObject's, Object's and Module's: they get it now */
        __atomic_store_n(&meta->hdr.klass, meta, __ATOMIC_RELEASE);
        for (sp_class *m = msuper; m && (m->hdr.flags & SP_FL_SINGLETON); m = sp_class_super(m))
            if (m->hdr.klass == sp_cClass_c) __atomic_store_n(&m->hdr.klass, meta, __ATOMIC_RELEASE);
    }
    __atomic_store_n(&k->hdr.klass, meta, __ATOMIC_RELEASE);
}

/* The singleton class of class object x (hier_lock held), CRuby's
 * make_metaclass for the metaclass of a metaclass (or of an object's
 * singleton class): its superclass is the singleton class of x's
 * superclass (Class's for BasicObject's metaclass), its class the
 * singleton class of x's former class (itself on the chain of Class's
 * metaclasses, whose class is themselves).  It is attached before the
 * recursion, which finds it. */
static sp_class *meta_of_locked(sp_class *x)
{
    sp_class *old = x->hdr.klass;
    if ((old->hdr.flags & SP_FL_SINGLETON) && old->attached == SP_CVAL(x)) return old;
    sp_class *meta = sp_class_alloc(SP_CVAL(sp_cClass_c), SP_T_CLASS, sp_cClass_c);
    meta->hdr.flags |= SP_FL_SINGLETON;
    meta->attached = SP_CVAL(x);
    meta->alloc = NULL;
    __atomic_store_n(&x->hdr.klass, meta, __ATOMIC_RELEASE);
    sp_class *mk = old == x ? meta : meta_of_locked(old);
    sp_class *sup = sp_class_super(x);
    while (sup && sup->hdr.type == SP_T_ICLASS) sup = sp_class_super(sup);
    sp_class *ms = sup ? meta_of_locked(sup) : sp_cClass_c;
    __atomic_store_n(&meta->hdr.klass, mk, __ATOMIC_RELEASE);
    meta->super = ms;
    return meta;
}

sp_value sp_class_boot(const char *name, sp_class *super)
{
    sp_class *k = sp_class_alloc(SP_CVAL(sp_cClass_c), SP_T_CLASS, super);
    if (super && super->alloc) k->alloc = super->alloc;
    if (sp_cClass_c) sp_class_make_metaclass(k);
    if (name) {
        k->path = name;
        if (sp_cObject_c) sp_const_set(SP_CVAL(sp_cObject_c), sp_intern(name), SP_CVAL(k));
    }
    return SP_CVAL(k);
}

sp_value sp_singleton_class(sp_value obj)
{
    if (!SP_HEAP_P(obj)) {
        if (obj == SP_NIL) return sp_cNilClass;
        if (obj == SP_TRUE) return sp_cTrueClass;
        if (obj == SP_FALSE) return sp_cFalseClass;
        sp_raise(sp_eTypeError, "can't define singleton");
    }
    sp_class *k = __atomic_load_n(&SP_HDR(obj)->klass, __ATOMIC_ACQUIRE);
    if ((k->hdr.flags & SP_FL_SINGLETON) && k->attached == obj) return SP_CVAL(k);
    uint32_t t = SP_TYPE(obj);
    if (t == SP_T_FLOAT || t == SP_T_BIGNUM)
        sp_raise(sp_eTypeError, "can't define singleton");
    pthread_mutex_lock(&hier_lock);
    k = SP_HDR(obj)->klass;
    if (!((k->hdr.flags & SP_FL_SINGLETON) && k->attached == obj)) {
        if (t == SP_T_CLASS) {
            /* classes got a metaclass at birth; a metaclass's own
             * singleton (meta-meta) and a singleton class's are made here */
            meta_of_locked(SP_CLASS(obj));
        } else {
            /* an object's (or module's) singleton class: its class is the
             * metaclass of the object's class, as in CRuby, so it answers
             * that class's class methods */
            sp_class *real = sp_class_of_realclass(k);
            sp_class *rk = real ? real->hdr.klass : sp_cClass_c;
            if (!((rk->hdr.flags & SP_FL_SINGLETON) && rk->attached == SP_CVAL(real))) rk = sp_cClass_c;
            sp_class *s = sp_class_alloc(SP_CVAL(rk), SP_T_CLASS, k);
            s->hdr.flags |= SP_FL_SINGLETON;
            s->attached = obj;
            s->alloc = NULL;
            __atomic_store_n(&SP_HDR(obj)->klass, s, __ATOMIC_RELEASE);
        }
        k = SP_HDR(obj)->klass;
        epoch_bump();
    }
    pthread_mutex_unlock(&hier_lock);
    return SP_CVAL(k);
}

sp_value sp_singleton_class_exposed(sp_value obj)
{
    sp_value k = sp_singleton_class(obj);
    /* so methods of a superclass's metaclass's singleton reach it (B.singleton_class.m) */
    if (SP_HEAP_P(obj) && SP_TYPE(obj) == SP_T_CLASS) sp_singleton_class(k);
    return k;
}

/* ------------------------------------------------------------------ */
/* names                                                               */

static int has_permanent_name(sp_class *k)
{
    return __atomic_load_n(&k->path, __ATOMIC_ACQUIRE) && !(k->cflags & SP_CF_TMPNAME);
}

/* Name k after the constant outer::name.  Under an anonymous (or
 * temporarily named) outer the name is temporary, "#<Module:0x...>::N",
 * and a temporary name k already has stays; a permanent name replaces a
 * temporary one and is passed on to the temporarily named modules in k's
 * constants (CRuby names them once their outer module is named). */
void sp_class_set_path(sp_class *k, sp_class *outer, sp_id name)
{
    if (has_permanent_name(k)) return;
    int tmp = outer && outer != sp_cObject_c && !has_permanent_name(outer);
    if (tmp && __atomic_load_n(&k->path, __ATOMIC_ACQUIRE)) return;
    const char *p;
    if (!outer || outer == sp_cObject_c) {
        p = sp_id_name(name);
    } else {
        const char *op = sp_class_path(SP_CVAL(outer));
        size_t n = strlen(op) + 2 + sp_id_len(name) + 1;
        char *b = GC_MALLOC_ATOMIC(n);
        snprintf(b, n, "%s::%s", op, sp_id_name(name));
        p = b;
    }
    if (tmp) k->cflags |= SP_CF_TMPNAME;
    else k->cflags &= ~(uint32_t)SP_CF_TMPNAME;
    __atomic_store_n(&k->path, p, __ATOMIC_RELEASE);
    if (tmp) return;
    sp_idtbl *t = __atomic_load_n(&k->consts, __ATOMIC_ACQUIRE);
    for (uint32_t i = 0; t && i < t->count; i++) {
        sp_value v = ((sp_const *)t->ents[i].val)->val;
        if (SP_HEAP_P(v) && (SP_TYPE(v) == SP_T_CLASS || SP_TYPE(v) == SP_T_MODULE) &&
            (SP_CLASS(v)->cflags & SP_CF_TMPNAME)) {
            __atomic_store_n(&SP_CLASS(v)->path, (const char *)NULL, __ATOMIC_RELEASE);
            sp_class_set_path(SP_CLASS(v), k, t->ents[i].key);
        }
    }
}

const char *sp_class_path(sp_value klass)
{
    sp_class *k = SP_CLASS(klass);
    const char *p = __atomic_load_n(&k->path, __ATOMIC_ACQUIRE);
    if (p) return p;
    sp_value s = sp_class_inspect(klass);
    return sp_str_cstr(s);
}

sp_value sp_class_name(sp_value klass)
{
    const char *p = __atomic_load_n(&SP_CLASS(klass)->path, __ATOMIC_ACQUIRE);
    return p ? sp_str_new_frozen(p, strlen(p)) : SP_NIL;
}

sp_value sp_class_inspect(sp_value klass)
{
    sp_class *k = SP_CLASS(klass);
    const char *p = __atomic_load_n(&k->path, __ATOMIC_ACQUIRE);
    if (p) return sp_str_new_cstr(p);
    if (k->hdr.flags & SP_FL_SINGLETON) {
        sp_value s = sp_str_new_cstr("#<Class:");
        sp_value a = k->attached;
        if (SP_HEAP_P(a) && (SP_TYPE(a) == SP_T_CLASS || SP_TYPE(a) == SP_T_MODULE))
            sp_str_append(s, sp_class_inspect(a));
        else if (a == sp_main_obj)
            sp_str_cat(s, "main", 4);
        else
            sp_str_append(s, sp_any_to_s(a));      /* CRuby: no ivars here */
        return sp_str_cat(s, ">", 1);
    }
    return sp_str_format("#<%s:0x%016lx>", k->hdr.type == SP_T_MODULE ? "Module" : "Class",
                         (unsigned long)klass);
}

const char *sp_recv_desc(sp_value recv)
{
    if (recv == SP_NIL) return "nil";
    if (recv == SP_TRUE) return "true";
    if (recv == SP_FALSE) return "false";
    if (recv == sp_main_obj && recv) return "main";
    if (SP_HEAP_P(recv) && SP_TYPE(recv) == SP_T_CLASS) {
        sp_value s = sp_str_new_cstr("class ");
        sp_str_append(s, sp_class_inspect(recv));
        return sp_str_cstr(s);
    }
    if (SP_HEAP_P(recv) && SP_TYPE(recv) == SP_T_MODULE) {
        sp_value s = sp_str_new_cstr("module ");
        sp_str_append(s, sp_class_inspect(recv));
        return sp_str_cstr(s);
    }
    /* CRuby 3.4: an object with a singleton class is shown as #<Foo:0x...> */
    if (SP_HEAP_P(recv) && (SP_HDR(recv)->klass->hdr.flags & SP_FL_SINGLETON))
        return sp_str_cstr(sp_any_to_s(recv));
    sp_value s = sp_str_new_cstr("an instance of ");
    sp_str_append(s, sp_class_inspect(sp_obj_class(recv)));
    return sp_str_cstr(s);
}

sp_value sp_class_superclass(sp_value klass)
{
    sp_class *k = sp_class_super(SP_CLASS(klass));
    while (k && k->hdr.type == SP_T_ICLASS) k = sp_class_super(k);
    return k ? SP_CVAL(k) : SP_NIL;
}

/* Class#dup / Module#dup: the copy gets its own singleton class with the
 * original's methods and ancestry (class methods, extended modules);
 * the tables are copy-on-write, so sharing them is safe */
void sp_class_copy_singleton(sp_class *copy, sp_class *orig)
{
    sp_class *meta = orig->hdr.klass;
    if (!((meta->hdr.flags & SP_FL_SINGLETON) && meta->attached == SP_CVAL(orig))) return;
    sp_class *nm = sp_class_alloc(SP_CVAL(meta->hdr.klass), SP_T_CLASS, sp_class_super(meta));
    nm->hdr.flags |= SP_FL_SINGLETON;
    nm->attached = SP_CVAL(copy);
    nm->alloc = NULL;
    sp_class *o = __atomic_load_n(&meta->origin, __ATOMIC_ACQUIRE);
    if (o == meta) {
        nm->mtbl = __atomic_load_n(&meta->mtbl, __ATOMIC_ACQUIRE);
    } else {   /* prepends on the singleton: own methods live in its origin */
        nm->super = sp_class_super(o);
        nm->mtbl = __atomic_load_n(&o->mtbl, __ATOMIC_ACQUIRE);
    }
    __atomic_store_n(&copy->hdr.klass, nm, __ATOMIC_RELEASE);
}

/* ------------------------------------------------------------------ */
/* method entries                                                      */

typedef struct sp_cinfo {
    sp_srcinfo si;              /* file == NULL marks a builtin frame */
    const sp_method *m;
} sp_cinfo;

sp_method *sp_method_entry_new(sp_class *owner, sp_id mid, sp_cfunc fn, int min, int max)
{
    sp_method *m = GC_MALLOC(sizeof(sp_method));
    m->fn = fn;
    m->name = mid;
    m->min_args = min;
    m->max_args = max;
    m->visibility = SP_VIS_PUBLIC;
    m->owner = owner;
    return m;
}

/* A builtin gets its frame info (the sp_cinfo its backtrace frames
 * point to) on first use: ~1300 core methods are defined at start-up and
 * most programs call few of them (allocating them all was 80 KB of the
 * empty program's heap). */
static void method_give_cinfo(sp_method *m)
{
    if (m->src || m->cinfo) return;
    m->mflags |= SP_MF_LAZYINFO;
}

struct sp_srcinfo *sp_method_cinfo(sp_method *m)
{
    struct sp_srcinfo *ci = __atomic_load_n(&m->cinfo, __ATOMIC_ACQUIRE);
    if (ci || !(m->mflags & SP_MF_LAZYINFO)) return ci;
    sp_cinfo *n = GC_MALLOC(sizeof(sp_cinfo));
    n->si.file = NULL;
    n->si.label = NULL;
    n->m = m;
    /* racing first calls: one publishes, the others use its info */
    if (__atomic_compare_exchange_n(&m->cinfo, &ci, &n->si, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
        return &n->si;
    return ci;
}

/* Label for backtraces: "Foo#bar", "Foo.bar", "Kernel#puts". */
const char *sp_method_label(const sp_method *m, char *buf, size_t size)
{
    sp_class *o = m->owner;
    if (o && (o->hdr.flags & SP_FL_SINGLETON)) {
        sp_value a = o->attached;
        if (SP_HEAP_P(a) && (SP_TYPE(a) == SP_T_CLASS || SP_TYPE(a) == SP_T_MODULE))
            snprintf(buf, size, "%s.%s", sp_class_path(a), sp_id_name(m->name));
        else
            snprintf(buf, size, "%s", sp_id_name(m->name));
    } else if (o) {
        snprintf(buf, size, "%s#%s", sp_class_path(SP_CVAL(o)), sp_id_name(m->name));
    } else {
        snprintf(buf, size, "%s", sp_id_name(m->name));
    }
    return buf;
}

/* Backtrace shape of builtins, applied by sp_init after every subsystem
 * has defined its methods.  noframe: CRuby's specialised instructions
 * (opt_aset, opt_ltlt, ...) call these without a frame.  internal: CRuby
 * implements these in Ruby, shown as "<internal:kernel>:168:in 'Kernel#loop'". */
static sp_method *own_entry(sp_value klass, const char *name)
{
    uintptr_t v;
    sp_class *o = __atomic_load_n(&SP_CLASS(klass)->origin, __ATOMIC_ACQUIRE);
    if (sp_idtbl_get(__atomic_load_n(&o->mtbl, __ATOMIC_ACQUIRE), sp_intern(name), &v)) return (sp_method *)v;
    return NULL;
}

void sp_method_set_noframe(sp_value klass, const char *name)
{
    sp_method *m = own_entry(klass, name);
    if (m && !m->src) m->mflags |= SP_MF_NOFRAME;
}

void sp_method_set_internal(sp_value klass, const char *name, const char *file, int line)
{
    sp_method *m = own_entry(klass, name);
    if (!m || m->src || !sp_method_cinfo(m)) return;
    char buf[256];
    sp_method_label(m, buf, sizeof buf);
    char *label = GC_MALLOC_ATOMIC(strlen(buf) + 1);
    strcpy(label, buf);
    m->cinfo->label = label;
    m->cinfo->line = line;
    m->cinfo->file = file;
}

/* Add/replace m in k's table (k's origin).  Takes k's lock. */
static void call_hook(sp_value recv, sp_id hook, sp_value arg);
static sp_id id_singleton_method_added;

/* Module#method_added / BasicObject#singleton_method_added after a method
 * is defined (def, define_method, attr_*, alias).  Only a hook the program
 * defines is called (call_hook), and only once the core is booted: the
 * runtime's own definitions never trigger it. */
static void method_hook(sp_class *k, sp_id mid, sp_id hook, sp_id singleton_hook)
{
    if (!sp_class_booted() || k->hdr.type == SP_T_ICLASS) return;
    if (k->hdr.flags & SP_FL_SINGLETON)
        call_hook(k->attached, singleton_hook, SP_ID2SYM(mid));
    else
        call_hook(SP_CVAL(k), hook, SP_ID2SYM(mid));
}

static void method_added(sp_class *k, sp_id mid)
{
    method_hook(k, mid, id_method_added, id_singleton_method_added);
}

/* Module#method_removed / #method_undefined and the singleton_ forms */
static void method_gone(sp_class *k, sp_id mid, int undef)
{
    method_hook(k, mid, sp_intern(undef ? "method_undefined" : "method_removed"),
                sp_intern(undef ? "singleton_method_undefined" : "singleton_method_removed"));
}

/* Store m under `key` (an alias keeps its original m->name). */
static void method_store_as(sp_class *k, sp_id key, sp_method *m, int hook)
{
    sp_class *o = __atomic_load_n(&k->origin, __ATOMIC_ACQUIRE);
    method_give_cinfo(m);
    pthread_mutex_lock(&o->lock);
    sp_idtbl *t = sp_idtbl_put(o->mtbl, key, (uintptr_t)m, NULL);
    __atomic_store_n(&o->mtbl, t, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&o->lock);
    epoch_bump();
    note_method(SP_CVAL(k), key);    if (hook && m->visibility != SP_VIS_UNDEF) method_added(k, key);
}

static void method_store(sp_class *k, sp_method *m, int hook)
{
    method_store_as(k, m->name, m, hook);
}

void sp_method_set(sp_class *k, sp_method *m)
{
    method_store(k, m, 1);
}

static sp_method *own_method(sp_class *k, sp_id mid)
{
    uintptr_t v;
    sp_class *o = __atomic_load_n(&k->origin, __ATOMIC_ACQUIRE);
    if (sp_idtbl_get(__atomic_load_n(&o->mtbl, __ATOMIC_ACQUIRE), mid, &v)) return (sp_method *)v;
    return NULL;
}

/* Lookup including undef entries (visibility SP_VIS_UNDEF); *found_in
 * gets the chain entry. */
sp_method *sp_method_lookup_vis(sp_class *k, sp_id mid, sp_class **found_in)
{
    for (; k; k = sp_class_super(k)) {
        uintptr_t v;
        if (sp_idtbl_get(sp_class_mtbl(k), mid, &v)) {
            if (found_in) *found_in = k;
            return (sp_method *)v;
        }
    }
    return NULL;
}

/* Global lookup cache: (klass, mid) -> method, validated by epoch.  A
 * direct-mapped array of immutable entries published atomically. */
#define GCACHE_SIZE 4096
static sp_cache_entry *_Atomic gcache[GCACHE_SIZE];
typedef struct gcache_ent { sp_cache_entry e; sp_id mid; } gcache_ent;

/* The (immutable) global cache entry for (klass, mid) at epoch ep; call
 * sites publish the same entry, so a polymorphic site allocates nothing
 * on a global-cache hit. */
static int gcache_on;    /* set once booted: see find_entry */

static sp_cache_entry *find_entry(sp_class *klass, sp_id mid, uint64_t ep)
{
    if (SP_UNLIKELY(!gcache_on)) {
        /* Start-up makes a few dozen lookups scattered over the 32 KB
         * array: 7 of its 8 pages were touched (page faults) before the
         * program ran.  They bypass the cache until sp_vm_init. */
        if (sp_class_booted()) {
            gcache_on = 1;
        } else {
            sp_method *m = sp_method_lookup_vis(klass, mid, NULL);
            gcache_ent *n = GC_MALLOC(sizeof(gcache_ent));
            n->e.klass = klass;
            n->e.epoch = ep;
            n->e.m = m && m->visibility != SP_VIS_UNDEF ? m : NULL;
            n->mid = mid;
            return &n->e;
        }
    }
    uint32_t h = (uint32_t)((((uintptr_t)klass >> 4) ^ (mid * 0x9E3779B1u)) & (GCACHE_SIZE - 1));
    gcache_ent *g = (gcache_ent *)__atomic_load_n(&gcache[h], __ATOMIC_ACQUIRE);
    if (g && g->e.klass == klass && g->mid == mid && g->e.epoch == ep) return &g->e;
    sp_method *m = sp_method_lookup_vis(klass, mid, NULL);
    if (m && m->visibility == SP_VIS_UNDEF) m = NULL;
    gcache_ent *n = GC_MALLOC(sizeof(gcache_ent));
    n->e.klass = klass;
    n->e.epoch = ep;
    n->e.m = m;
    n->mid = mid;
    __atomic_store_n(&gcache[h], &n->e, __ATOMIC_RELEASE);
    return &n->e;
}

sp_method *sp_find_method(sp_class *klass, sp_id mid)
{
    uint64_t ep = __atomic_load_n(&sp_method_epoch, __ATOMIC_ACQUIRE);
    return find_entry(klass, mid, ep)->m;
}

/* ------------------------------------------------------------------ */
/* invocation                                                          */

SP_NORETURN void sp_raise_arity(int given, int min, int max)
{
    if (min == max)
        sp_raise(sp_eArgError, "wrong number of arguments (given %d, expected %d)", given, min);
    if (max < 0)
        sp_raise(sp_eArgError, "wrong number of arguments (given %d, expected %d+)", given, min);
    sp_raise(sp_eArgError, "wrong number of arguments (given %d, expected %d..%d)", given, min, max);
}

SP_NORETURN void sp_raise_arity_kw(int given, int min, int max, const char *reqkw, int nreq)
{
    char exp[64];
    if (min == max) snprintf(exp, sizeof exp, "%d", min);
    else if (max < 0) snprintf(exp, sizeof exp, "%d+", min);
    else snprintf(exp, sizeof exp, "%d..%d", min, max);
    sp_raise(sp_eArgError, "wrong number of arguments (given %d, expected %s; required keyword%s: %s)",
             given, exp, nreq == 1 ? "" : "s", reqkw);
}

static sp_value invoke_kind(sp_method *m, sp_value recv, int argc, const sp_value *argv, sp_value blk)
{
    switch (m->kind) {
    case SP_MK_ATTR_READER:
        return sp_ivar_get(recv, (sp_id)(uintptr_t)m->data);
    case SP_MK_ATTR_WRITER:
        return sp_ivar_set(recv, (sp_id)(uintptr_t)m->data, argv[0]);
    case SP_MK_PROC:
        return sp_proc_invoke_bm((sp_proc *)m->data, m, recv, argc, argv, blk, 1);
    case SP_MK_METHOD:
        return sp_method_invoke((sp_method *)m->data, recv, argc, argv, blk);
    default:
        return m->fn(recv, argc, argv, blk);
    }
}

sp_value sp_method_invoke(sp_method *m, sp_value recv, int argc, const sp_value *argv, sp_value blk)
{
    /* acquire: pairs with sp_method_cinfo's publishing CAS (another
     * thread may make a builtin's frame info while this one calls it) */
    struct sp_srcinfo *ci = __atomic_load_n(&m->cinfo, __ATOMIC_ACQUIRE);
    if (SP_UNLIKELY(!ci) && (m->mflags & SP_MF_LAZYINFO))
        ci = sp_method_cinfo(m);
    if (m->src || (m->mflags & SP_MF_NOFRAME) || !ci) {
        if (!m->checks_arity) {
            int n = SP_ARGC(argc);
            if (SP_UNLIKELY(n < m->min_args || (m->max_args >= 0 && n > m->max_args)))
                sp_raise_arity(n, m->min_args, m->max_args);
        }
        return m->kind == SP_MK_CFUNC ? m->fn(recv, argc, argv, blk)
                                      : invoke_kind(m, recv, argc, argv, blk);
    }
    /* builtin: a frame so backtraces show 'Integer#/' like CRuby 3.4
     * (pushed before the arity check: 'BasicObject#initialize') */
    sp_ec *ec = sp_ec_current();
    sp_frame f;
    f.prev = ec->frame;
    f.info = ci;
    f.line = 0;
    f.self = recv;
    ec->frame = &f;
    if (!m->checks_arity) {
        int n = SP_ARGC(argc);
        if (SP_UNLIKELY(n < m->min_args || (m->max_args >= 0 && n > m->max_args)))
            sp_raise_arity(n, m->min_args, m->max_args);
    }
    sp_value r = m->kind == SP_MK_CFUNC ? m->fn(recv, argc, argv, blk)
                                        : invoke_kind(m, recv, argc, argv, blk);
    ec->frame = f.prev;
    return r;
}

SP_NORETURN void sp_raise_no_method(sp_value recv, sp_id mid, int flags, int argc, const sp_value *argv)
{
    sp_value name = SP_ID2SYM(mid);
    sp_value exc;
    if (flags & SP_CS_VCALL) {
        exc = sp_exc_new(sp_eNameError, "undefined local variable or method '%s' for %s",
                         sp_id_name(mid), sp_recv_desc(recv));
        sp_ivar_set(exc, sp_intern("__name"), name);
        sp_ivar_set(exc, sp_intern("__receiver"), recv);
        sp_ivar_set(exc, sp_intern("__pcall"), SP_TRUE);
        sp_raise_exc(exc);
    }
    exc = sp_exc_new(sp_eNoMethodError, "undefined method '%s' for %s",
                     sp_id_name(mid), sp_recv_desc(recv));
    if (flags & SP_CS_FCALL) sp_ivar_set(exc, sp_intern("__pcall"), SP_TRUE);
    sp_ivar_set(exc, sp_intern("__name"), name);
    sp_ivar_set(exc, sp_intern("__receiver"), recv);
    sp_ivar_set(exc, sp_intern("__args"), sp_ary_new_from(SP_ARGC(argc), argv));
    sp_raise_exc(exc);
}

static SP_NORETURN void raise_vis(sp_value recv, sp_method *m, sp_id mid)
{
    sp_value exc = sp_exc_new(sp_eNoMethodError, "%s method '%s' called for %s",
                              m->visibility == SP_VIS_PRIVATE ? "private" : "protected",
                              sp_id_name(mid), sp_recv_desc(recv));
    sp_ivar_set(exc, sp_intern("__name"), SP_ID2SYM(mid));
    sp_ivar_set(exc, sp_intern("__receiver"), recv);
    sp_raise_exc(exc);
}

/* The Kernel default method_missing: marks "no user method_missing". */
SP_METHOD(basic_method_missing)
{
    if (argc_ < 1 || !SP_SYMBOL_P(argv[0])) sp_raise(sp_eArgError, "no method name given");
    /* reached through `super` from a user method_missing: keep the
     * original call's wording (vcall -> NameError) */
    sp_ec *ec = sp_ec_current();
    int flags = ec->mm_flags;
    ec->mm_flags = 0;
    sp_raise_no_method(self, SP_SYM2ID(argv[0]), flags & SP_CS_VCALL, argc_ - 1, argv + 1);
}

static sp_value method_missing(sp_value recv, sp_id mid, int flags, int argc,
                               const sp_value *argv, sp_value blk)
{
    sp_method *mm = sp_find_method(sp_class_of(recv), id_method_missing);
    if (!mm || mm->fn == basic_method_missing)
        sp_raise_no_method(recv, mid, flags, argc, argv);
    int n = SP_ARGC(argc);
    sp_value *a = alloca(sizeof(sp_value) * (n + 1));
    a[0] = SP_ID2SYM(mid);
    if (n) memcpy(a + 1, argv, sizeof(sp_value) * n);   /* argv may be NULL when n == 0 */
    sp_ec_current()->mm_flags = flags;
    return sp_method_invoke(mm, recv, (argc & SP_ARGC_KW) | (n + 1), a, blk);
}

int sp_frame_self_valid;

/* A private/protected method called where it may not be: CRuby goes
 * through method_missing (a user one sees the call), whose default raises
 * "private method 'x' called for ...". */
static sp_value vis_fail(sp_value recv, sp_method *m, sp_id mid, int flags, int argc,
                         const sp_value *argv, sp_value blk)
{
    sp_method *mm = sp_find_method(sp_class_of(recv), id_method_missing);
    if (mm && mm->fn != basic_method_missing) return method_missing(recv, mid, flags, argc, argv, blk);
    raise_vis(recv, m, mid);
}

/* Protected: the caller's self must be a kind of the method's owner.  The
 * caller is the innermost compiled frame (builtin frames have no file). */
static int protected_ok(sp_method *m)
{
    if (!sp_frame_self_valid) return 1;          /* caller self unknown: permissive */
    sp_ec *ec = sp_ec_current();
    sp_frame *f = ec->frame;
    while (f && (!f->info || !f->info->file)) f = f->prev;
    if (!f) return 1;
    sp_class *owner = m->owner;
    if (owner->hdr.flags & SP_FL_SINGLETON) return sp_class_of(f->self) == owner;
    return sp_obj_is_kind_of(f->self, SP_CVAL(owner));
}

static inline int vis_ok(sp_method *m, int flags)
{
    return m->visibility == SP_VIS_PUBLIC || (flags & (SP_CS_FCALL | SP_CS_VCALL)) ||
           (m->visibility == SP_VIS_PROTECTED && protected_ok(m));
}

sp_value sp_send(sp_callsite *cs, sp_value recv, int argc, const sp_value *argv, sp_value blk)
{
    sp_class *k = sp_class_of(recv);
    uint64_t ep = __atomic_load_n(&sp_method_epoch, __ATOMIC_ACQUIRE);
    sp_cache_entry *e = __atomic_load_n(&cs->entry, __ATOMIC_ACQUIRE);
    sp_method *m;
    if (SP_LIKELY(e && e->klass == k && e->epoch == ep)) {
        m = e->m;
    } else {
        sp_cache_entry *n = find_entry(k, cs->mid, ep);
        m = n->m;
        if (!m) return method_missing(recv, cs->mid, cs->flags, argc, argv, blk);
        __atomic_store_n(&cs->entry, n, __ATOMIC_RELEASE);
    }
    if (SP_UNLIKELY(m->visibility != SP_VIS_PUBLIC) && !vis_ok(m, cs->flags))
        return vis_fail(recv, m, cs->mid, cs->flags, argc, argv, blk);
    return sp_method_invoke(m, recv, argc, argv, blk);
}

static sp_value call_with(sp_value recv, sp_id mid, int argc, const sp_value *argv, sp_value blk, int flags)
{
    sp_method *m = sp_find_method(sp_class_of(recv), mid);
    if (!m) return method_missing(recv, mid, flags, argc, argv, blk);
    if (m->visibility != SP_VIS_PUBLIC && !vis_ok(m, flags)) return vis_fail(recv, m, mid, flags, argc, argv, blk);
    return sp_method_invoke(m, recv, argc, argv, blk);
}

sp_value sp_call(sp_value recv, sp_id mid, int argc, const sp_value *argv, sp_value blk)
{
    return call_with(recv, mid, argc, argv, blk, 0);
}

sp_value sp_public_send(sp_value recv, sp_id mid, int argc, const sp_value *argv, sp_value blk)
{
    sp_method *m = sp_find_method(sp_class_of(recv), mid);
    if (!m) return method_missing(recv, mid, 0, argc, argv, blk);
    if (m->visibility != SP_VIS_PUBLIC) raise_vis(recv, m, mid);
    return sp_method_invoke(m, recv, argc, argv, blk);
}

sp_value sp_funcall(sp_value recv, sp_id mid, int argc, const sp_value *argv, sp_value blk)
{
    return call_with(recv, mid, argc, argv, blk, SP_CS_FCALL);
}

/* sp_intern caches literal names by pointer (sp_symbol.c). */
#define funcall_id(name) sp_intern(name)

sp_value sp_funcall0(sp_value recv, const char *name)
{
    return sp_funcall(recv, funcall_id(name), 0, NULL, SP_NIL);
}

sp_value sp_funcall1(sp_value recv, const char *name, sp_value a)
{
    return sp_funcall(recv, funcall_id(name), 1, &a, SP_NIL);
}

sp_value sp_funcall2(sp_value recv, const char *name, sp_value a, sp_value b)
{
    sp_value v[2] = { a, b };
    return sp_funcall(recv, funcall_id(name), 2, v, SP_NIL);
}

int sp_respond_to(sp_value obj, sp_id name, int include_private)
{
    sp_method *m = sp_find_method(sp_class_of(obj), name);
    if (m && (include_private || m->visibility == SP_VIS_PUBLIC)) return 1;
    if (m) return 0;
    sp_method *rm = sp_find_method(sp_class_of(obj), id_respond_to_missing);
    if (rm && rm->owner != sp_cObject_c && rm->owner != sp_cBasicObject_c &&
        rm->owner != SP_CLASS(sp_mKernel)) {
        sp_value a[2] = { SP_ID2SYM(name), SP_BOOL(include_private) };
        return SP_RTEST(sp_method_invoke(rm, obj, 2, a, SP_NIL));
    }
    return 0;
}

/* Find the chain entry standing for `owner` in k's ancestry. */
static sp_class *chain_entry_for(sp_class *k, sp_class *owner)
{
    sp_class *want = NULL;
    if (owner->cflags & SP_CF_PREPENDED) want = __atomic_load_n(&owner->origin, __ATOMIC_ACQUIRE);
    for (; k; k = sp_class_super(k)) {
        if (want) { if (k == want) return k; continue; }
        if (k == owner) return k;
        if (k->hdr.type == SP_T_ICLASS && k->module == owner && !(k->cflags & SP_CF_ORIGIN)) return k;
    }
    return NULL;
}

sp_value sp_call_super(sp_value self, sp_value owner, sp_id mid, int argc,
                       const sp_value *argv, sp_value blk)
{
    sp_class *k = sp_class_of(self);
    sp_class *at = chain_entry_for(k, SP_CLASS(owner));
    sp_method *m = NULL;
    if (at) {
        m = sp_method_lookup_vis(sp_class_super(at), mid, NULL);
        if (m && m->visibility == SP_VIS_UNDEF) m = NULL;
    }
    if (!m) {
        sp_method *mm = sp_find_method(k, id_method_missing);
        if (mm && mm->fn != basic_method_missing) return method_missing(self, mid, SP_CS_FCALL, argc, argv, blk);
        sp_value exc = sp_exc_new(sp_eNoMethodError, "super: no superclass method '%s' for %s",
                                  sp_id_name(mid), sp_recv_desc(self));
        sp_ivar_set(exc, sp_intern("__name"), SP_ID2SYM(mid));
        sp_ivar_set(exc, sp_intern("__receiver"), self);
        sp_raise_exc(exc);
    }
    return sp_method_invoke(m, self, argc, argv, blk);
}

/* ------------------------------------------------------------------ */
/* defining methods                                                    */

/* as CRuby's rb_define_method and alias: these are always private */
static int always_private(const char *name)
{
    return !strcmp(name, "initialize") || !strcmp(name, "initialize_copy") || !strcmp(name, "initialize_dup")
        || !strcmp(name, "initialize_clone") || !strcmp(name, "respond_to_missing?");
}

static void define_vis(sp_value klass, const char *name, sp_cfunc fn, int min, int max, int vis)
{
    sp_class *k = SP_CLASS(klass);
    if (always_private(name))
        vis = SP_VIS_PRIVATE;
    sp_method *m = sp_method_entry_new(k, sp_intern(name), fn, min, max);
    m->visibility = (uint8_t)vis;
    if (min < 0) { m->min_args = 0; m->max_args = -1; m->checks_arity = 1; }
    sp_method_set(k, m);
}

void sp_define_method(sp_value klass, const char *name, sp_cfunc fn, int arity)
{
    define_vis(klass, name, fn, arity, arity, SP_VIS_PUBLIC);
}

void sp_define_method_range(sp_value klass, const char *name, sp_cfunc fn, int min, int max)
{
    sp_class *k = SP_CLASS(klass);
    sp_method *m = sp_method_entry_new(k, sp_intern(name), fn, min, max);
    sp_method_set(k, m);
}

void sp_define_private_method(sp_value klass, const char *name, sp_cfunc fn, int arity)
{
    define_vis(klass, name, fn, arity, arity, SP_VIS_PRIVATE);
}

void sp_define_singleton_method(sp_value obj, const char *name, sp_cfunc fn, int arity)
{
    define_vis(sp_singleton_class(obj), name, fn, arity, arity, SP_VIS_PUBLIC);
}

void sp_define_module_function(sp_value mod, const char *name, sp_cfunc fn, int arity)
{
    define_vis(mod, name, fn, arity, arity, SP_VIS_PRIVATE);
    define_vis(sp_singleton_class(mod), name, fn, arity, arity, SP_VIS_PUBLIC);
}

void sp_add_method(sp_value klass, const sp_method *src)
{
    sp_method *m = GC_MALLOC(sizeof(sp_method));
    *m = *src;
    m->cinfo = NULL;
    if (!m->owner) m->owner = SP_CLASS(klass);
    sp_method_set(SP_CLASS(klass), m);
}

static void alias_id(sp_class *k, sp_id newid, sp_id oldid)
{
    sp_method *old = sp_method_lookup_vis(k, oldid, NULL);
    if (!old || old->visibility == SP_VIS_UNDEF) {
        /* a module may alias Object/Kernel methods (CRuby searches Object) */
        if (k->hdr.type == SP_T_MODULE) old = sp_find_method(sp_cObject_c, oldid);
        if (!old)
            sp_raise_name_error(SP_ID2SYM(oldid), SP_CVAL(k),
                                "undefined method '%s' for %s '%s'", sp_id_name(oldid),
                                k->hdr.type == SP_T_MODULE ? "module" : "class",
                                sp_class_path(SP_CVAL(k)));
    }
    sp_method *m = GC_MALLOC(sizeof(sp_method));
    *m = *old;
    m->cinfo = NULL;
    if (always_private(sp_id_name(newid))) m->visibility = SP_VIS_PRIVATE;   /* CRuby's rb_alias */
    /* keep owner and the original name so super and labels behave */
    sp_idtbl *t;
    sp_class *o = __atomic_load_n(&k->origin, __ATOMIC_ACQUIRE);
    method_give_cinfo(m);
    pthread_mutex_lock(&o->lock);
    t = sp_idtbl_put(o->mtbl, newid, (uintptr_t)m, NULL);
    __atomic_store_n(&o->mtbl, t, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&o->lock);
    epoch_bump();
    note_method(SP_CVAL(k), newid);
    method_added(k, newid);
}

void sp_define_alias(sp_value klass, const char *newname, const char *oldname)
{
    alias_id(SP_CLASS(klass), sp_intern(newname), sp_intern(oldname));
}

static void undef_id(sp_class *k, sp_id mid)
{
    sp_method *m = sp_method_entry_new(k, mid, NULL, 0, -1);
    m->visibility = SP_VIS_UNDEF;
    sp_method_set(k, m);
    method_gone(k, mid, 1);
}

void sp_undef_method(sp_value klass, const char *name)
{
    undef_id(SP_CLASS(klass), sp_intern(name));
}

sp_value sp_def_method(sp_value klass, sp_id mid, sp_cfunc fn, int min, int max,
                       int checks_arity, const sp_srcinfo *src, int vis)
{
    sp_class *k = SP_CLASS(klass);
    int mf = 0;
    if (vis == SP_VIS_DEFAULT) {
        vis = k->default_vis;
        mf = k->module_function;
    }
    if (mid == id_initialize || mid == sp_intern("initialize_copy") ||
        mid == id_respond_to_missing)
        vis = SP_VIS_PRIVATE;
    sp_method *m = sp_method_entry_new(k, mid, fn, min, max);
    m->checks_arity = (uint8_t)checks_arity;
    m->src = src;
    m->visibility = (uint8_t)(mf ? SP_VIS_PRIVATE : vis);
    sp_method_set(k, m);
    if (mf) {
        sp_method *s = sp_method_entry_new(SP_CLASS(sp_singleton_class(klass)), mid, fn, min, max);
        s->checks_arity = (uint8_t)checks_arity;
        s->src = src;
        sp_method_set(s->owner, s);
    }
    return SP_ID2SYM(mid);
}

sp_value sp_def_singleton_method(sp_value obj, sp_id mid, sp_cfunc fn, int min, int max,
                                 int checks_arity, const sp_srcinfo *src)
{
    sp_value sk = sp_singleton_class(obj);
    sp_method *m = sp_method_entry_new(SP_CLASS(sk), mid, fn, min, max);
    m->checks_arity = (uint8_t)checks_arity;
    m->src = src;
    sp_method_set(SP_CLASS(sk), m);
    return SP_ID2SYM(mid);
}

/* ------------------------------------------------------------------ */
/* include / prepend / extend                                          */

static sp_class *iclass_new(sp_class *mod, sp_class *super)
{
    sp_class *ic = sp_class_alloc(SP_CVAL(sp_cClass_c), SP_T_ICLASS, super);
    ic->module = mod;
    ic->hdr.klass = mod->hdr.klass;
    return ic;
}

/* Is module m already in k's chain (before stop)? */
static int chain_has_module(sp_class *k, sp_class *m, sp_class *stop)
{
    for (; k && k != stop; k = sp_class_super(k))
        if (k == m || (k->hdr.type == SP_T_ICLASS && k->module == m && !(k->cflags & SP_CF_ORIGIN)))
            return 1;
    return 0;
}

static void check_module(sp_value mod)
{
    if (!SP_HEAP_P(mod) || SP_TYPE(mod) != SP_T_MODULE)
        sp_raise(sp_eTypeError, "wrong argument type %s (expected Module)",
                 sp_class_path(sp_obj_class(mod)));
}

/* Insert mod (and the modules it includes) after `at` in klass's chain.
 * Caller holds hier_lock. */
static void include_into(sp_class *klass, sp_class *at, sp_class *mod)
{
    /* collect mod's own chain: mod, then its included modules */
    sp_class *list[256];
    int n = 0;
    for (sp_class *c = mod; c && n < 256; c = sp_class_super(c)) {
        if (c->hdr.type == SP_T_ICLASS && (c->cflags & SP_CF_ORIGIN)) continue;
        list[n++] = c->hdr.type == SP_T_ICLASS ? c->module : c;
    }
    sp_class *pos = at;
    for (int i = 0; i < n; i++) {
        sp_class *m = list[i];
        /* skip modules already included in the superclass chain */
        if (chain_has_module(klass, m, NULL)) continue;
        sp_class *ic = iclass_new(m, sp_class_super(pos));
        __atomic_store_n(&pos->super, ic, __ATOMIC_RELEASE);
        pos = ic;
    }
}

void sp_include_module(sp_value klass, sp_value mod)
{
    check_module(mod);
    sp_class *k = SP_CLASS(klass);
    pthread_mutex_lock(&hier_lock);
    sp_class *at = __atomic_load_n(&k->origin, __ATOMIC_ACQUIRE);
    if (SP_CLASS(mod) == k || chain_has_module(SP_CLASS(mod), k, NULL)) {
        pthread_mutex_unlock(&hier_lock);
        sp_raise(sp_eArgError, "cyclic include detected");
    }
    include_into(k, at, SP_CLASS(mod));
    pthread_mutex_unlock(&hier_lock);
    epoch_bump();
}

static void prepend_module(sp_class *k, sp_class *mod)
{
    pthread_mutex_lock(&hier_lock);
    if (mod == k || chain_has_module(mod, k, NULL)) {
        pthread_mutex_unlock(&hier_lock);
        sp_raise(sp_eArgError, "cyclic prepend detected");
    }
    if (!(k->cflags & SP_CF_PREPENDED)) {
        /* move k's own methods into an origin iclass after k */
        sp_class *o = iclass_new(k, sp_class_super(k));
        o->cflags |= SP_CF_ORIGIN;
        pthread_mutex_lock(&k->lock);
        o->mtbl = k->mtbl;
        __atomic_store_n(&k->super, o, __ATOMIC_RELEASE);
        __atomic_store_n(&k->origin, o, __ATOMIC_RELEASE);
        __atomic_store_n(&k->mtbl, (sp_idtbl *)NULL, __ATOMIC_RELEASE);
        pthread_mutex_unlock(&k->lock);
        k->cflags |= SP_CF_PREPENDED;
    }
    /* mod, then the modules mod includes, right after k (before its
     * origin), each unless already prepended there */
    sp_class *list[256];
    int n = 0;
    for (sp_class *c = mod; c && n < 256; c = sp_class_super(c)) {
        if (c->hdr.type == SP_T_ICLASS && (c->cflags & SP_CF_ORIGIN)) continue;
        list[n++] = c->hdr.type == SP_T_ICLASS ? c->module : c;
    }
    sp_class *origin = __atomic_load_n(&k->origin, __ATOMIC_ACQUIRE), *pos = k;
    for (int i = 0; i < n; i++) {
        if (chain_has_module(k, list[i], origin)) continue;
        sp_class *ic = iclass_new(list[i], sp_class_super(pos));
        __atomic_store_n(&pos->super, ic, __ATOMIC_RELEASE);
        pos = ic;
    }
    pthread_mutex_unlock(&hier_lock);
    epoch_bump();    if (hooks.prepended) hooks.prepended(SP_CVAL(k));
}

/* ------------------------------------------------------------------ */
/* class creation                                                      */

sp_value sp_class_new(sp_value super)
{
    if (super == SP_UNDEF || super == SP_NIL) super = sp_cObject;
    if (!SP_HEAP_P(super) || SP_TYPE(super) != SP_T_CLASS)
        sp_raise(sp_eTypeError, "superclass must be an instance of Class (given an instance of %s)",
                 sp_class_path(sp_obj_class(super)));
    if (SP_CLASS(super)->hdr.flags & SP_FL_SINGLETON)
        sp_raise(sp_eTypeError, "can't make subclass of singleton class");
    if (super == sp_cClass) sp_raise(sp_eTypeError, "can't make subclass of Class");
    sp_class *k = sp_class_alloc(SP_CVAL(sp_cClass_c), SP_T_CLASS, SP_CLASS(super));
    k->alloc = SP_CLASS(super)->alloc;
    sp_class_make_metaclass(k);
    return SP_CVAL(k);
}

sp_value sp_module_alloc(sp_value klass)
{
    sp_class *k = sp_class_alloc(klass, SP_T_MODULE, NULL);
    return SP_CVAL(k);
}

sp_value sp_module_new(void)
{
    return sp_module_alloc(sp_cModule);
}

static void call_hook(sp_value recv, sp_id hook, sp_value arg)
{
    sp_method *u = sp_method_lookup_vis(sp_class_of(recv), hook, NULL);
    if (u && u->visibility == SP_VIS_UNDEF) {   /* undef'd hook: method_missing, NoMethodError */
        sp_funcall(recv, hook, 1, &arg, SP_NIL);
        return;
    }
    sp_method *m = sp_find_method(sp_class_of(recv), hook);
    if (m && m->src) sp_method_invoke(m, recv, 1, &arg, SP_NIL);
    else if (m && m->kind != SP_MK_CFUNC) sp_method_invoke(m, recv, 1, &arg, SP_NIL);
}

sp_value sp_define_class_under(sp_value outer, const char *name, sp_value super)
{
    return sp_open_class(outer, sp_intern(name), super == 0 ? SP_UNDEF : super);
}

sp_value sp_define_class(const char *name, sp_value super)
{
    return sp_define_class_under(sp_cObject, name, super);
}

sp_value sp_define_module_under(sp_value outer, const char *name)
{
    return sp_open_module(outer, sp_intern(name));
}

sp_value sp_define_module(const char *name)
{
    return sp_open_module(sp_cObject, sp_intern(name));
}

static sp_const *const_search(sp_class *k, sp_id name, int inherit, int exclude_object);

/* The constant `class X` / `module X` reopens, SP_UNDEF when none.
 * scoped: written A::X, where a private X is a NameError.  A constant
 * that is not a class (module) is CRuby's TypeError, naming where the
 * program defined it. */
static sp_value open_existing(sp_value outer, sp_id name, int scoped, int type)
{
    /* the scope's own constants only: a class of a module included in
     * Object is not reopened by a top-level `class X` */
    sp_const *c = const_search(SP_CLASS(outer), name, 0, 0);
    if (!c) return SP_UNDEF;
    if (scoped && c->priv)
        sp_raise_name_error(SP_ID2SYM(name), outer, "private constant %s::%s referenced",
                            sp_class_path(outer), sp_id_name(name));
    sp_value cur = c->val;
    if (!SP_HEAP_P(cur) || SP_TYPE(cur) != (uint32_t)type) {
        const char *what = type == SP_T_CLASS ? "class" : "module";
        if (c->file)
            sp_raise(sp_eTypeError, "%s is not a %s\n%s:%d: previous definition of %s was here",
                     sp_id_name(name), what, c->file, c->line, sp_id_name(name));
        sp_raise(sp_eTypeError, "%s is not a %s", sp_id_name(name), what);
    }
    return cur;
}

sp_value sp_open_class(sp_value outer, sp_id name, sp_value super)
{
    return sp_open_class_at(outer, name, super, 0);
}

sp_value sp_open_class_at(sp_value outer, sp_id name, sp_value super, int scoped)
{
    sp_value cur = open_existing(outer, name, scoped & 1, SP_T_CLASS);
    if (cur != SP_UNDEF) {
        if (super != SP_UNDEF && sp_class_superclass(cur) != super)
            sp_raise(sp_eTypeError, "superclass mismatch for class %s", sp_id_name(name));
        sp_class_body_begin(cur);
        return cur;
    }
    sp_value k = sp_class_new(super);
    if (scoped & 2) sp_const_set_by_program(outer, name, k);   /* its location: "previous definition" */
    else sp_const_set(outer, name, k);
    call_hook(sp_class_superclass(k), id_inherited, k);
    sp_class_body_begin(k);
    return k;
}

sp_value sp_open_module(sp_value outer, sp_id name)
{
    return sp_open_module_at(outer, name, 0);
}

sp_value sp_open_module_at(sp_value outer, sp_id name, int scoped)
{
    sp_value cur = open_existing(outer, name, scoped & 1, SP_T_MODULE);
    if (cur != SP_UNDEF) {
        sp_class_body_begin(cur);
        return cur;
    }
    sp_value m = sp_module_new();
    if (scoped & 2) sp_const_set_by_program(outer, name, m);
    else sp_const_set(outer, name, m);
    sp_class_body_begin(m);
    return m;
}

void sp_class_body_begin(sp_value klass)
{
    SP_CLASS(klass)->default_vis = SP_VIS_PUBLIC;
    SP_CLASS(klass)->module_function = 0;
}

void sp_class_set_allocator(sp_value klass, sp_allocfn fn)
{
    SP_CLASS(klass)->alloc = fn;
}

/* sp_obj_alloc: sp_object.c (embedded ivar slots) */

sp_value sp_class_allocate(sp_value klass)
{
    sp_class *k = SP_CLASS(klass);
    if (k->hdr.flags & SP_FL_SINGLETON) sp_raise(sp_eTypeError, "can't create instance of singleton class");
    sp_allocfn a = k->alloc;
    if (!a) sp_raise(sp_eTypeError, "allocator undefined for %s", sp_class_path(klass));
    return a(klass);
}

sp_value sp_class_new_instance(sp_value klass, int argc, const sp_value *argv, sp_value blk)
{
    sp_value obj = sp_class_allocate(klass);
    sp_funcall(obj, id_initialize, argc, argv, blk);
    return obj;
}

/* ------------------------------------------------------------------ */
/* constants and class variables                                       */

static int const_own(sp_class *k, sp_id name, sp_const **out)
{
    uintptr_t v;
    if (k->hdr.type == SP_T_ICLASS) k = k->module;
    if (sp_idtbl_get(__atomic_load_n(&k->consts, __ATOMIC_ACQUIRE), name, &v)) {
        *out = (sp_const *)v;
        return 1;
    }
    return 0;
}

static sp_const *const_search(sp_class *k, sp_id name, int inherit, int exclude_object)
{
    sp_const *c;
    for (; k; k = sp_class_super(k)) {
        if (exclude_object && k == sp_cObject_c) break;
        if (const_own(k, name, &c)) return c;
        if (!inherit) break;
    }
    return NULL;
}

sp_value sp_const_find(sp_value klass, sp_id name, int inherit)
{
    sp_const *c = const_search(SP_CLASS(klass), name, inherit, 0);
    if (!c && inherit && SP_TYPE(klass) == SP_T_MODULE) c = const_search(sp_cObject_c, name, 1, 0);
    return c ? c->val : SP_UNDEF;
}

/* defined?(A::B) / defined?(::B): a public constant of scope's ancestors
 * (Object's only when scope is Object), as the lookup A::B itself. */
int sp_const_scoped_defined(sp_value scope, sp_id name)
{
    sp_const *c = const_search(SP_CLASS(scope), name, 1, scope != SP_CVAL(sp_cObject_c));
    return c && !c->priv;
}

/* CRuby's two-line warning when the program reassigns a constant
 * (printed unless $VERBOSE is nil, like rb_warn).  prev is the replaced
 * entry; the "previous definition" line is omitted for built-in constants,
 * whose definition has no Ruby source location. */
static void const_redef_warn(sp_class *k, sp_id name, const sp_const *prev,
                             const char *file, int line)
{
    if (sp_gvar_get(sp_intern("$VERBOSE")) == SP_NIL) return;
    const char *nm = sp_id_name(name);
    sp_value msg = sp_str_buf_new(128);
    char head[64];
    snprintf(head, sizeof head, ":%d: warning: already initialized constant ", line);
    sp_str_cat_cstr(msg, file);
    sp_str_cat_cstr(msg, head);
    if (k != sp_cObject_c) {
        sp_value kn = sp_class_name(SP_CVAL(k));
        if (kn != SP_NIL) sp_str_append(msg, kn);
        sp_str_cat_cstr(msg, "::");
    }
    sp_str_cat_cstr(msg, nm);
    sp_str_cat_cstr(msg, "\n");
    if (prev->file) {
        snprintf(head, sizeof head, ":%d: warning: previous definition of ", prev->line);
        sp_str_cat_cstr(msg, prev->file);
        sp_str_cat_cstr(msg, head);
        sp_str_cat_cstr(msg, nm);
        sp_str_cat_cstr(msg, " was here\n");
    }
    sp_funcall1(sp_gvar_get(sp_intern("$stderr")), "write", msg);
}

/* Set a constant; from_program: an assignment the program made (X = v,
 * Module#const_set), which records its location and warns on redefinition. */
static void const_set(sp_value klass, sp_id name, sp_value val, int from_program)
{
    sp_class *k = SP_CLASS(klass);
    if (SP_HEAP_P(val) && (SP_TYPE(val) == SP_T_CLASS || SP_TYPE(val) == SP_T_MODULE) &&
        !(SP_CLASS(val)->hdr.flags & SP_FL_SINGLETON))
        sp_class_set_path(SP_CLASS(val), k, name);
    sp_const *c = GC_MALLOC(sizeof(sp_const));
    c->val = val;
    if (from_program) {
        /* the innermost frame with a source file: the Ruby line that
           assigned (a C method such as const_set may have its own frame) */
        sp_frame *fr = sp_ec_current()->frame;
        while (fr && !(fr->info && fr->info->file && fr->line > 0)) fr = fr->prev;
        if (fr) { c->file = fr->info->file; c->line = fr->line; }
    }
    pthread_mutex_lock(&k->lock);
    uintptr_t old;
    const sp_const *prev = NULL;
    if (sp_idtbl_get(k->consts, name, &old)) { prev = (const sp_const *)old; c->priv = prev->priv; }
    sp_idtbl *t = sp_idtbl_put(k->consts, name, (uintptr_t)c, NULL);
    __atomic_store_n(&k->consts, t, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&k->lock);
    sp_const_bump();     /* compiled constant caches revalidate */
    if (from_program && prev && c->file) const_redef_warn(k, name, prev, c->file, c->line);
    if (sp_class_booted() && k->hdr.type != SP_T_ICLASS)   /* Module#const_added, when the program defines it */
        call_hook(klass, sp_intern("const_added"), SP_ID2SYM(name));
}

void sp_const_set(sp_value klass, sp_id name, sp_value val)
{
    const_set(klass, name, val, 0);
}

void sp_const_set_by_program(sp_value klass, sp_id name, sp_value val)
{
    const_set(klass, name, val, 1);
}

void sp_define_const(sp_value klass, const char *name, sp_value val)
{
    sp_const_set(klass, sp_intern(name), val);
}

int sp_const_defined(sp_value klass, sp_id name)
{
    return sp_const_find(klass, name, 1) != SP_UNDEF;
}

sp_value sp_autoload_try(sp_value klass, sp_id name);   /* sp_load.c */

sp_const *sp_const_entry(sp_value klass, sp_id name, int inherit, int exclude_object)
{
    return const_search(SP_CLASS(klass), name, inherit, exclude_object);
}

static sp_value const_missing(sp_value klass, sp_id name);
sp_value sp_const_missing(sp_value klass, sp_id name) { return const_missing(klass, name); }

static sp_value const_missing(sp_value klass, sp_id name)
{
    sp_value al = sp_autoload_try(klass, name);
    if (al != SP_UNDEF) return al;
    sp_method *m = sp_find_method(sp_class_of(klass), id_const_missing);
    if (m && m->src) {
        sp_value a = SP_ID2SYM(name);
        return sp_method_invoke(m, klass, 1, &a, SP_NIL);
    }
    if (klass == sp_cObject)
        sp_raise_name_error(SP_ID2SYM(name), klass, "uninitialized constant %s", sp_id_name(name));
    sp_raise_name_error(SP_ID2SYM(name), klass, "uninitialized constant %s::%s",
                        sp_class_path(klass), sp_id_name(name));
}

sp_value sp_const_lookup(const sp_cref *cref, sp_id name)
{
    sp_const *c;
    for (const sp_cref *r = cref; r && r->prev; r = r->prev)
        if (r->klass && const_own(SP_CLASS(r->klass), name, &c)) return c->val;
    sp_value k = (cref && cref->klass) ? cref->klass : sp_cObject;
    c = const_search(SP_CLASS(k), name, 1, 0);
    /* Object's constants: a class finds them through its ancestry (a
     * BasicObject subclass does not), a module explicitly */
    if (!c && SP_TYPE(k) == SP_T_MODULE) c = const_search(sp_cObject_c, name, 1, 0);
    if (c) return c->val;
    return const_missing(k == sp_cObject || !cref || !cref->prev ? sp_cObject : k, name);
}

sp_value sp_const_get_under(sp_value klass, sp_id name)
{
    if (!SP_HEAP_P(klass) || (SP_TYPE(klass) != SP_T_CLASS && SP_TYPE(klass) != SP_T_MODULE))
        sp_raise(sp_eTypeError, "%s is not a class/module", sp_str_cstr(sp_inspect(klass)));
    sp_const *c = const_search(SP_CLASS(klass), name, 1, klass != sp_cObject);
    if (c) {
        if (c->priv)
            sp_raise_name_error(SP_ID2SYM(name), klass, "private constant %s::%s referenced",
                                sp_class_path(klass), sp_id_name(name));
        return c->val;
    }
    return const_missing(klass, name);
}

sp_value sp_const_get(sp_value klass, sp_id name)
{
    sp_value v = sp_const_find(klass, name, 1);
    if (v != SP_UNDEF) return v;
    return const_missing(klass, name);
}

static sp_class *cvar_base(sp_value klass)
{
    sp_class *k = SP_CLASS(klass);
    if (k->hdr.flags & SP_FL_SINGLETON) {
        sp_value a = k->attached;
        if (SP_HEAP_P(a) && (SP_TYPE(a) == SP_T_CLASS || SP_TYPE(a) == SP_T_MODULE)) return SP_CLASS(a);
    }
    return k;
}

static sp_class *cvar_holder(sp_class *k, sp_id name)
{
    for (; k; k = sp_class_super(k)) {
        sp_class *m = k->hdr.type == SP_T_ICLASS ? k->module : k;
        uintptr_t v;
        if (sp_idtbl_get(__atomic_load_n(&m->cvars, __ATOMIC_ACQUIRE), name, &v)) return m;
    }
    return NULL;
}

sp_value sp_cvar_get(sp_value klass, sp_id name)
{
    sp_class *k = cvar_base(klass);
    sp_class *h = cvar_holder(k, name);
    uintptr_t v;
    if (h && sp_idtbl_get(__atomic_load_n(&h->cvars, __ATOMIC_ACQUIRE), name, &v)) return (sp_value)v;
    sp_raise_name_error(SP_ID2SYM(name), SP_CVAL(k), "uninitialized class variable %s in %s",
                        sp_id_name(name), sp_class_path(SP_CVAL(k)));
}

void sp_cvar_set(sp_value klass, sp_id name, sp_value val)
{
    sp_class *k = cvar_base(klass);
    sp_class *h = cvar_holder(k, name);
    if (!h) h = k;
    pthread_mutex_lock(&h->lock);
    sp_idtbl *t = sp_idtbl_put(h->cvars, name, (uintptr_t)val, NULL);
    __atomic_store_n(&h->cvars, t, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&h->lock);
}

int sp_cvar_defined(sp_value klass, sp_id name)
{
    return cvar_holder(cvar_base(klass), name) != NULL;
}

int sp_class_inherits(sp_value klass, sp_value mod)
{
    sp_class *m = SP_CLASS(mod);
    for (sp_class *k = SP_CLASS(klass); k; k = sp_class_super(k))
        if (k == m || (k->hdr.type == SP_T_ICLASS && k->module == m)) return 1;
    return 0;
}

int sp_obj_is_kind_of(sp_value obj, sp_value klass)
{
    return sp_class_inherits(SP_CVAL(sp_class_of(obj)), klass);
}

/* ------------------------------------------------------------------ */
/* Module / Class methods                                              */

void sp_class_init_ids(void)
{
    id_initialize = sp_intern("initialize");
    id_method_missing = sp_intern("method_missing");
    id_inherited = sp_intern("inherited");
    id_included = sp_intern("included");
    id_extended = sp_intern("extended");
    id_prepended = sp_intern("prepended");
    id_respond_to_missing = sp_intern("respond_to_missing?");
    id_const_missing = sp_intern("const_missing");
    id_method_added = sp_intern("method_added");
    id_singleton_method_added = sp_intern("singleton_method_added");
    id_to_s = sp_intern("to_s");
}

static sp_id to_id(sp_value v) { return sp_obj_arg_to_id(v); }

static int is_mod(sp_value v)
{
    return SP_HEAP_P(v) && (SP_TYPE(v) == SP_T_CLASS || SP_TYPE(v) == SP_T_MODULE);
}

SP_METHOD(mod_name) { return sp_class_name(self); }
SP_METHOD(mod_to_s) { return sp_class_inspect(self); }

SP_METHOD(mod_eqq) { return SP_BOOL(sp_obj_is_kind_of(argv[0], self)); }

static sp_value mod_cmp_rel(sp_value self, sp_value other, int strict)
{
    if (!is_mod(other)) sp_raise(sp_eTypeError, "compared with non class/module");
    if (self == other) return SP_BOOL(!strict);
    if (sp_class_inherits(self, other)) return SP_TRUE;
    if (sp_class_inherits(other, self)) return SP_FALSE;
    return SP_NIL;
}

SP_METHOD(mod_lt) { return mod_cmp_rel(self, argv[0], 1); }
SP_METHOD(mod_le) { return mod_cmp_rel(self, argv[0], 0); }
/* the argument is checked first: mod_cmp_rel checks only its second */
SP_METHOD(mod_gt) { (void)mod_cmp_rel(self, argv[0], 1); return mod_cmp_rel(argv[0], self, 1); }
SP_METHOD(mod_ge) { (void)mod_cmp_rel(self, argv[0], 0); return mod_cmp_rel(argv[0], self, 0); }
SP_METHOD(mod_cmp)
{
    if (self == argv[0]) return SP_FIX(0);
    if (!is_mod(argv[0])) return SP_NIL;
    if (sp_class_inherits(self, argv[0])) return SP_FIX(-1);
    if (sp_class_inherits(argv[0], self)) return SP_FIX(1);
    return SP_NIL;
}

SP_METHOD(mod_ancestors)
{
    sp_value a = sp_ary_new();
    for (sp_class *k = SP_CLASS(self); k; k = sp_class_super(k)) {
        if (k->cflags & SP_CF_PREPENDED) continue;     /* listed at its origin */
        if (k->hdr.type == SP_T_ICLASS) {
            sp_ary_push(a, SP_CVAL(k->module));
        } else {
            sp_ary_push(a, SP_CVAL(k));
        }
    }
    return a;
}

SP_METHOD(mod_included_modules)
{
    sp_value a = sp_ary_new();
    for (sp_class *k = SP_CLASS(self); k; k = sp_class_super(k))
        if (k->hdr.type == SP_T_ICLASS && !(k->cflags & SP_CF_ORIGIN)) sp_ary_push(a, SP_CVAL(k->module));
    return a;
}

SP_METHOD(mod_include_p)
{
    sp_value m = argv[0];
    if (!SP_HEAP_P(m) || SP_TYPE(m) != SP_T_MODULE)
        sp_raise(sp_eTypeError, "wrong argument type %s (expected Module)", sp_obj_classname(m));
    for (sp_class *k = SP_CLASS(self); k; k = sp_class_super(k))
        if (k->hdr.type == SP_T_ICLASS && k->module == SP_CLASS(m) && !(k->cflags & SP_CF_ORIGIN)) return SP_TRUE;
    return SP_FALSE;
}

/* Module#append_features(klass) / #prepend_features(klass): what
 * include/prepend do once per module (private; a module may override
 * them, then include calls the override) */
static void features_check(sp_value self, sp_value klass)
{
    check_module(self);   /* rebound to a Class: TypeError */
    if (!is_mod(klass))
        sp_raise(sp_eTypeError, "wrong argument type %s (expected Class)", sp_class_path(sp_obj_class(klass)));
    sp_check_frozen(klass);
}

SP_METHOD(mod_append_features)
{
    features_check(self, argv[0]);
    sp_include_module(argv[0], self);
    return self;
}

SP_METHOD(mod_prepend_features)
{
    features_check(self, argv[0]);
    prepend_module(SP_CLASS(argv[0]), SP_CLASS(self));
    return self;
}

/* mod's hook `hook` when the program overrides it, else the builtin */
static void call_features(sp_value mod, const char *hook, sp_value klass)
{
    sp_method *m = sp_find_method(sp_class_of(mod), sp_intern(hook));
    if (m && (m->kind != SP_MK_CFUNC || (m->fn != mod_append_features && m->fn != mod_prepend_features)))
        sp_method_invoke(m, mod, 1, &klass, SP_NIL);
    else if (hook[0] == 'a') sp_include_module(klass, mod);
    else prepend_module(SP_CLASS(klass), SP_CLASS(mod));
}

SP_METHOD(mod_include)
{
    int n = argc;
    if (n == 0) sp_raise_arity(0, 1, -1);
    for (int i = 0; i < n; i++) check_module(argv[i]);
    for (int i = n - 1; i >= 0; i--) {
        call_features(argv[i], "append_features", self);
        call_hook(argv[i], id_included, self);
    }
    return self;
}

SP_METHOD(mod_prepend)
{
    int n = argc;
    if (n == 0) sp_raise_arity(0, 1, -1);
    for (int i = 0; i < n; i++) check_module(argv[i]);
    for (int i = n - 1; i >= 0; i--) {
        call_features(argv[i], "prepend_features", self);
        call_hook(argv[i], id_prepended, self);
    }
    return self;
}

/* Module#extend_object(obj): what Object#extend does for a module that
 * does not override it (reached by `super` from an override). */
SP_METHOD(mod_extend_object)
{
    sp_include_module(sp_singleton_class(argv[0]), self);
    return argv[0];
}

/* instance_methods & friends: which visibilities to list */
static sp_value list_methods(sp_value self, int argc, const sp_value *argv, int want_pub, int want_priv, int want_prot)
{
    int inherit = SP_ARGC(argc) == 0 || SP_RTEST(argv[0]);
    sp_value a = sp_ary_new();
    sp_value seen = sp_hash_new();
    for (sp_class *k = SP_CLASS(self); k; k = sp_class_super(k)) {
        if (inherit && (k == sp_cObject_c || k == sp_cBasicObject_c) && SP_CLASS(self) != k &&
            k != sp_cObject_c) { /* include Object for explicit Object */ }
        sp_idtbl *t = sp_class_mtbl(k);
        for (uint32_t i = 0; t && i < t->count; i++) {
            sp_method *m = (sp_method *)t->ents[i].val;
            sp_value s = SP_ID2SYM(t->ents[i].key);
            if (sp_hash_lookup(seen, s, SP_UNDEF) != SP_UNDEF) continue;
            sp_hash_aset(seen, s, SP_TRUE);
            if ((m->visibility == SP_VIS_PUBLIC && want_pub) || (m->visibility == SP_VIS_PRIVATE && want_priv) ||
                (m->visibility == SP_VIS_PROTECTED && want_prot))
                sp_ary_push(a, s);
        }
        if (!inherit && k->hdr.type != SP_T_ICLASS && k->hdr.type == SP_CLASS(self)->hdr.type &&
            !(k->cflags & SP_CF_PREPENDED)) {
            if (k == SP_CLASS(self)) break;
        }
        if (!inherit && (k->cflags & SP_CF_ORIGIN) && k->module == SP_CLASS(self)) break;
    }
    return a;
}

SP_METHOD(mod_instance_methods) { return list_methods(self, argc_, argv, 1, 0, 1); }
SP_METHOD(mod_public_instance_methods) { return list_methods(self, argc_, argv, 1, 0, 0); }
SP_METHOD(mod_private_instance_methods) { return list_methods(self, argc_, argv, 0, 1, 0); }
SP_METHOD(mod_protected_instance_methods) { return list_methods(self, argc_, argv, 0, 0, 1); }

static sp_method *find_vis(sp_value self, sp_value name, int inherit)
{
    sp_id mid = to_id(name);
    sp_method *m = inherit ? sp_find_method(SP_CLASS(self), mid) : own_method(SP_CLASS(self), mid);
    if (m && m->visibility == SP_VIS_UNDEF) m = NULL;
    return m;
}

static int inherit_arg(int argc, const sp_value *argv)
{
    return SP_ARGC(argc) < 2 || SP_RTEST(argv[1]);
}

SP_METHOD(mod_method_defined)
{
    sp_method *m = find_vis(self, argv[0], inherit_arg(argc_, argv));
    return SP_BOOL(m && m->visibility != SP_VIS_PRIVATE);
}
SP_METHOD(mod_public_method_defined)
{
    sp_method *m = find_vis(self, argv[0], inherit_arg(argc_, argv));
    return SP_BOOL(m && m->visibility == SP_VIS_PUBLIC);
}
SP_METHOD(mod_private_method_defined)
{
    sp_method *m = find_vis(self, argv[0], inherit_arg(argc_, argv));
    return SP_BOOL(m && m->visibility == SP_VIS_PRIVATE);
}
SP_METHOD(mod_protected_method_defined)
{
    sp_method *m = find_vis(self, argv[0], inherit_arg(argc_, argv));
    return SP_BOOL(m && m->visibility == SP_VIS_PROTECTED);
}

/* NameError "undefined method 'x' for class 'Foo'" (undef, remove_method,
 * instance_method ...); name is the error's #name (a Symbol, or a String
 * for `undef`, as CRuby 3.4 has it). */
SP_NORETURN void sp_raise_undefined_method_for(sp_value klass, sp_id mid, sp_value name)
{
    sp_raise_name_error(name, klass, "undefined method '%s' for %s '%s'", sp_id_name(mid),
                        SP_TYPE(klass) == SP_T_MODULE ? "module" : "class",
                        sp_str_cstr(sp_class_inspect(klass)));
}

static SP_NORETURN void undefined_method_for(sp_value self, sp_id mid)
{
    sp_raise_undefined_method_for(self, mid, SP_ID2SYM(mid));
}

SP_METHOD(mod_instance_method)
{
    sp_id mid = to_id(argv[0]);
    sp_method *m = sp_find_method(SP_CLASS(self), mid);
    if (!m) undefined_method_for(self, mid);
    return sp_method_obj_new(self, m, mid, 1);
}

SP_METHOD(mod_public_instance_method)
{
    sp_id mid = to_id(argv[0]);
    sp_method *m = sp_find_method(SP_CLASS(self), mid);
    if (!m || m->visibility != SP_VIS_PUBLIC) undefined_method_for(self, mid);
    return sp_method_obj_new(self, m, mid, 1);
}

SP_METHOD(mod_define_method)
{
    int n = argc;
    if (n < 1 || n > 2) sp_raise_arity(n, 1, 2);
    sp_id mid = to_id(argv[0]);
    sp_check_frozen(self);
    sp_value body = n > 1 ? argv[1] : blk;
    sp_class *k = SP_CLASS(self);
    sp_method *m = sp_method_entry_new(k, mid, NULL, 0, -1);
    m->checks_arity = 1;
    m->visibility = (uint8_t)(k->default_vis == SP_VIS_PROTECTED ? SP_VIS_PROTECTED :
                              k->default_vis == SP_VIS_PRIVATE || always_private(sp_id_name(mid))
                              ? SP_VIS_PRIVATE : SP_VIS_PUBLIC);
    if (SP_HEAP_P(body) && SP_TYPE(body) == SP_T_PROC) {
        m->kind = SP_MK_PROC;
        m->data = (void *)body;
        m->src = ((sp_proc *)body)->src;
    } else if (SP_HEAP_P(body) && SP_TYPE(body) == SP_T_METHOD) {
        sp_value um = body;
        if (SP_HDR(body)->klass == SP_CLASS(sp_cMethod)) um = sp_funcall0(body, "unbind");
        sp_value owner = sp_funcall0(um, "owner");
        if (SP_TYPE(owner) == SP_T_CLASS && !sp_class_inherits(self, owner))
            sp_raise(sp_eTypeError, "bind argument must be a subclass of %s", sp_class_path(owner));
        sp_method *inner = sp_methobj_method(body);
        if (inner) {
            /* the wrapped method, run with the new receiver */
            m->kind = SP_MK_METHOD;
            m->data = inner;
            m->src = inner->src;
        } else {
            /* respond_to_missing? method: call through a Proc */
            m->kind = SP_MK_PROC;
            m->data = (void *)sp_funcall0(sp_funcall1(um, "bind", sp_main_obj), "to_proc");
        }
    } else if (n > 1) {
        sp_raise(sp_eTypeError, "wrong argument type %s (expected Proc/Method/UnboundMethod)",
                 sp_obj_classname(body));
    } else {
        sp_raise(sp_eArgError, "tried to create Proc object without a block");
    }
    sp_method_set(k, m);
    if (k->module_function) {   /* after an argument-less module_function */
        sp_value a = SP_ID2SYM(mid);
        sp_funcall(self, sp_intern("module_function"), 1, &a, SP_NIL);
    }
    return SP_ID2SYM(mid);
}

SP_METHOD(mod_alias_method)
{
    sp_check_frozen(self);
    alias_id(SP_CLASS(self), to_id(argv[0]), to_id(argv[1]));
    return SP_ID2SYM(to_id(argv[0]));
}

SP_METHOD(mod_remove_method)
{
    sp_class *k = SP_CLASS(self);
    sp_check_frozen(self);
    for (int i = 0; i < argc; i++) {
        sp_id mid = to_id(argv[i]);
        sp_class *o = __atomic_load_n(&k->origin, __ATOMIC_ACQUIRE);
        int found;
        pthread_mutex_lock(&o->lock);
        sp_idtbl *t = sp_idtbl_del(o->mtbl, mid, &found);
        __atomic_store_n(&o->mtbl, t, __ATOMIC_RELEASE);
        pthread_mutex_unlock(&o->lock);
        if (!found)
            sp_raise_name_error(SP_ID2SYM(mid), self, "method '%s' not defined in %s", sp_id_name(mid),
                                sp_str_cstr(sp_class_inspect(self)));
        epoch_bump();
        note_method(SP_CVAL(k), mid);   /* e.g. Integer#+ removed: no inline + */
        method_gone(k, mid, 0);
    }
    return self;
}

SP_METHOD(mod_undef_method)
{
    sp_check_frozen(self);
    for (int i = 0; i < argc; i++) {
        sp_id mid = to_id(argv[i]);
        if (!sp_find_method(SP_CLASS(self), mid)) undefined_method_for(self, mid);
        undef_id(SP_CLASS(self), mid);
    }
    return self;
}

/* attr_* */
static void define_attr(sp_class *k, sp_id ivar, sp_id mid, int writer)
{
    sp_method *m = sp_method_entry_new(k, mid, NULL, writer, writer);
    m->kind = (uint8_t)(writer ? SP_MK_ATTR_WRITER : SP_MK_ATTR_READER);
    m->data = (void *)(uintptr_t)ivar;
    m->visibility = (uint8_t)(k->default_vis == SP_VIS_DEFAULT ? SP_VIS_PUBLIC : k->default_vis);
    sp_method_set(k, m);
}

static sp_value attr_common(sp_value self, int argc, const sp_value *argv, int r, int w)
{
    sp_value res = sp_ary_new();
    for (int i = 0; i < SP_ARGC(argc); i++) {
        sp_id name = to_id(argv[i]);
        const char *nm = sp_id_name(name);
        size_t len = sp_id_len(name);
        char *buf = alloca(len + 3);
        buf[0] = '@';
        memcpy(buf + 1, nm, len);
        buf[len + 1] = 0;
        sp_id ivar = sp_intern_len(buf, len + 1);
        if (!sp_id_is_ivar(ivar))
            sp_raise_name_error(SP_ID2SYM(name), self, "invalid attribute name '%s'", nm);
        if (r) {
            define_attr(SP_CLASS(self), ivar, name, 0);
            sp_ary_push(res, SP_ID2SYM(name));
        }
        if (w) {
            memcpy(buf, nm, len);
            buf[len] = '=';
            buf[len + 1] = 0;
            sp_id setter = sp_intern_len(buf, len + 1);
            define_attr(SP_CLASS(self), ivar, setter, 1);
            sp_ary_push(res, SP_ID2SYM(setter));
        }
    }
    return res;
}

SP_METHOD(mod_attr_reader) { return attr_common(self, argc_, argv, 1, 0); }

/* Module#attr(name, true/false): the obsolete form, a reader and (true) a
 * writer; otherwise attr_reader */
SP_METHOD(mod_attr)
{
    if (SP_ARGC(argc_) == 2 && (argv[1] == SP_TRUE || argv[1] == SP_FALSE)) {
        if (sp_gvar_get(sp_intern("$VERBOSE")) == SP_TRUE)   /* rb_category_warning */
            sp_warn_category(SP_WARN_DEPRECATED, "optional boolean argument is obsoleted");
        return attr_common(self, 1, argv, 1, argv[1] == SP_TRUE);
    }
    return attr_common(self, argc_, argv, 1, 0);
}
SP_METHOD(mod_attr_writer) { return attr_common(self, argc_, argv, 0, 1); }
SP_METHOD(mod_attr_accessor) { return attr_common(self, argc_, argv, 1, 1); }

/* private/public/protected */
static void set_vis(sp_class *k, sp_id mid, int vis)
{
    sp_method *m = sp_method_lookup_vis(k, mid, NULL);
    if ((!m || m->visibility == SP_VIS_UNDEF) && k->hdr.type == SP_T_MODULE)
        m = sp_find_method(sp_cObject_c, mid);
    if (!m || m->visibility == SP_VIS_UNDEF) undefined_method_for(SP_CVAL(k), mid);
    if (m->visibility == vis) return;
    /* re-exporting an inherited method adds one to k (method_added fires,
     * as in CRuby); changing the visibility of k's own method does not */
    int own = own_method(k, mid) != NULL;
    sp_method *c = GC_MALLOC(sizeof(sp_method));
    *c = *m;
    c->cinfo = NULL;
    c->visibility = (uint8_t)vis;
    method_store_as(k, mid, c, !own);   /* mid: `private :an_alias` leaves the original alone */
}

static sp_value vis_common(sp_value self, int argc, const sp_value *argv, int vis)
{
    int n = SP_ARGC(argc);
    if (n == 0) {
        SP_CLASS(self)->default_vis = vis;
        SP_CLASS(self)->module_function = 0;
        return SP_NIL;
    }
    for (int i = 0; i < n; i++) {
        sp_value a = argv[i];
        if (SP_HEAP_P(a) && SP_TYPE(a) == SP_T_ARRAY) {
            for (long j = 0; j < sp_ary_len(a); j++) set_vis(SP_CLASS(self), to_id(sp_ary_entry(a, j)), vis);
        } else {
            set_vis(SP_CLASS(self), to_id(a), vis);
        }
    }
    return n == 1 ? argv[0] : sp_ary_new_from(n, argv);
}

SP_METHOD(mod_private) { return vis_common(self, argc_, argv, SP_VIS_PRIVATE); }
SP_METHOD(mod_public) { return vis_common(self, argc_, argv, SP_VIS_PUBLIC); }
SP_METHOD(mod_protected) { return vis_common(self, argc_, argv, SP_VIS_PROTECTED); }

SP_METHOD(mod_module_function)
{
    int n = argc;
    if (SP_TYPE(self) != SP_T_MODULE) sp_raise(sp_eTypeError, "module_function must be called for modules");
    if (n == 0) {
        SP_CLASS(self)->module_function = 1;
        return SP_NIL;
    }
    sp_class *sk = SP_CLASS(sp_singleton_class(self));
    for (int i = 0; i < n; i++) {
        sp_id mid = to_id(argv[i]);
        sp_method *m = sp_find_method(SP_CLASS(self), mid);
        if (!m) undefined_method_for(self, mid);
        sp_method *c = GC_MALLOC(sizeof(sp_method));
        *c = *m;
        c->cinfo = NULL;
        c->visibility = SP_VIS_PUBLIC;
        c->owner = sk;
        method_store_as(sk, mid, c, 1);   /* by mid: an alias keeps its original name in c */
        set_vis(SP_CLASS(self), mid, SP_VIS_PRIVATE);
    }
    return n == 1 ? argv[0] : sp_ary_new_from(n, argv);
}

SP_METHOD(mod_private_class_method)
{
    sp_class *sk = SP_CLASS(sp_singleton_class(self));
    for (int i = 0; i < argc; i++) set_vis(sk, to_id(argv[i]), SP_VIS_PRIVATE);
    return SP_NIL;
}

SP_METHOD(mod_public_class_method)
{
    sp_class *sk = SP_CLASS(sp_singleton_class(self));
    for (int i = 0; i < argc; i++) set_vis(sk, to_id(argv[i]), SP_VIS_PUBLIC);
    return SP_NIL;
}

static void const_vis(sp_value self, int argc, const sp_value *argv, int priv)
{
    sp_class *k = SP_CLASS(self);
    for (int i = 0; i < SP_ARGC(argc); i++) {
        sp_id name = to_id(argv[i]);
        sp_const *c;
        if (!const_own(k, name, &c))
            sp_raise_name_error(SP_ID2SYM(name), self, "constant %s::%s not defined",
                                sp_class_path(self), sp_id_name(name));
        sp_const *n = GC_MALLOC(sizeof(sp_const));
        n->val = c->val;
        n->priv = priv;
        pthread_mutex_lock(&k->lock);
        sp_idtbl *t = sp_idtbl_put(k->consts, name, (uintptr_t)n, NULL);
        __atomic_store_n(&k->consts, t, __ATOMIC_RELEASE);
        pthread_mutex_unlock(&k->lock);
    }
}

SP_METHOD(mod_private_constant) { const_vis(self, argc_, argv, 1); return SP_NIL; }
SP_METHOD(mod_public_constant) { const_vis(self, argc_, argv, 0); return SP_NIL; }


SP_METHOD(mod_const_set)
{
    sp_id id = to_id(argv[0]);
    if (!sp_id_is_const(id))
        sp_raise_name_error(SP_ID2SYM(id), SP_NIL, "wrong constant name %s", sp_id_name(id));
    sp_const_set_by_program(self, id, argv[1]);
    return argv[1];
}

SP_METHOD(mod_constants)
{
    int inherit = argc == 0 || SP_RTEST(argv[0]);
    sp_value a = sp_ary_new();
    sp_value seen = sp_hash_new();   /* a name shadowed in an ancestor: once */
    for (sp_class *k = SP_CLASS(self); k; k = sp_class_super(k)) {
        if (k == sp_cObject_c && self != sp_cObject) break;
        sp_class *m = k->hdr.type == SP_T_ICLASS ? k->module : k;
        sp_idtbl *t = __atomic_load_n(&m->consts, __ATOMIC_ACQUIRE);
        for (uint32_t i = 0; t && i < t->count; i++) {
            sp_const *c = (sp_const *)t->ents[i].val;
            sp_value s = SP_ID2SYM(t->ents[i].key);
            if (c->priv || sp_hash_lookup(seen, s, SP_UNDEF) != SP_UNDEF) continue;
            sp_hash_aset(seen, s, SP_TRUE);
            sp_ary_push(a, s);
        }
        if (!inherit) break;
    }
    return a;
}

SP_METHOD(mod_remove_const)
{
    sp_class *k = SP_CLASS(self);
    sp_id id = to_id(argv[0]);
    sp_const *c;
    if (!const_own(k, id, &c))
        sp_raise_name_error(argv[0], self, "constant %s::%s not defined", sp_class_path(self), sp_id_name(id));
    int found;
    pthread_mutex_lock(&k->lock);
    sp_idtbl *t = sp_idtbl_del(k->consts, id, &found);
    __atomic_store_n(&k->consts, t, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&k->lock);
    sp_const_bump();
    return c->val;
}

static sp_id cvar_name_arg(sp_value self, sp_value v)
{
    sp_id id = to_id(v);
    if (!sp_id_is_cvar(id))
        sp_raise_name_error(SP_ID2SYM(id), self, "'%s' is not allowed as a class variable name", sp_id_name(id));
    return id;
}

SP_METHOD(mod_cvar_get) { return sp_cvar_get(self, cvar_name_arg(self, argv[0])); }
SP_METHOD(mod_cvar_set) { sp_cvar_set(self, cvar_name_arg(self, argv[0]), argv[1]); return argv[1]; }
SP_METHOD(mod_cvar_defined) { return SP_BOOL(sp_cvar_defined(self, cvar_name_arg(self, argv[0]))); }
/* Module#remove_class_variable: only a variable of this very class */
SP_METHOD(mod_cvar_remove)
{
    sp_id id = to_id(argv[0]);
    if (!sp_id_is_cvar(id)) sp_raise_name_error(SP_ID2SYM(id), self, "wrong class variable name %s", sp_id_name(id));
    sp_class *k = cvar_base(self);
    uintptr_t v;
    if (!sp_idtbl_get(__atomic_load_n(&k->cvars, __ATOMIC_ACQUIRE), id, &v)) {
        if (cvar_holder(k, id))
            sp_raise_name_error(SP_ID2SYM(id), self, "cannot remove %s for %s", sp_id_name(id), sp_class_path(self));
        sp_raise_name_error(SP_ID2SYM(id), self, "class variable %s not defined for %s", sp_id_name(id), sp_class_path(self));
    }
    int found;
    pthread_mutex_lock(&k->lock);
    sp_idtbl *t = sp_idtbl_del(k->cvars, id, &found);
    __atomic_store_n(&k->cvars, t, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&k->lock);
    return (sp_value)v;
}

SP_METHOD(mod_cvars)
{
    sp_value a = sp_ary_new();
    for (sp_class *k = SP_CLASS(self); k; k = sp_class_super(k)) {
        sp_class *m = k->hdr.type == SP_T_ICLASS ? k->module : k;
        sp_idtbl *t = __atomic_load_n(&m->cvars, __ATOMIC_ACQUIRE);
        for (uint32_t i = 0; t && i < t->count; i++) sp_ary_push(a, SP_ID2SYM(t->ents[i].key));
    }
    return a;
}

/* A block run as a module body (module_eval, Module.new, Class.new) has
 * its own visibility scope: public at the start, the module's previous
 * default (and module_function toggle) back afterwards, also when it
 * raises. */
typedef struct body_scope { sp_class *k; int vis, mf; } body_scope;

static void body_scope_restore(sp_ec *ec, sp_value p)
{
    (void)ec;
    body_scope *b = (body_scope *)(uintptr_t)p;
    b->k->default_vis = (uint8_t)b->vis;
    b->k->module_function = (uint8_t)b->mf;
}

static sp_value module_exec_scoped(sp_value self, int argc, const sp_value *argv, sp_value blk)
{
    sp_class *k = SP_CLASS(self);
    body_scope b = { k, k->default_vis, k->module_function };
    sp_handler h;
    sp_ec *ec = sp_ec_current();
    sp_push_cleanup(ec, &h, body_scope_restore, (sp_value)(uintptr_t)&b);
    sp_class_body_begin(self);
    sp_value r = sp_instance_exec(self, argc, argv, blk);
    sp_pop_handler(ec, &h);
    body_scope_restore(ec, (sp_value)(uintptr_t)&b);
    return r;
}

SP_METHOD(mod_module_eval)
{
    if (!SP_HEAP_P(blk)) sp_raise(sp_eArgError, "wrong number of arguments (given 0, expected 1..3)");
    sp_value a = self;
    return module_exec_scoped(self, 1, &a, blk);
}

SP_METHOD(mod_module_exec)
{
    if (!SP_HEAP_P(blk)) sp_raise(sp_eLocalJumpError, "no block given (yield)");
    return module_exec_scoped(self, argc_, argv, blk);
}

SP_METHOD(mod_freeze) { return sp_obj_freeze(self); }

SP_METHOD(mod_hook_noop) { return SP_NIL; }

SP_METHOD(mod_initialize)
{
    if (SP_HEAP_P(blk)) {
        sp_value a = self;
        module_exec_scoped(self, 1, &a, blk);
    }
    return SP_NIL;
}

SP_METHOD(mod_s_new)
{
    sp_value m = sp_module_alloc(self);
    sp_funcall(m, id_initialize, argc_, argv, blk);
    return m;
}

SP_METHOD(mod_instance_variable_names) { return sp_ivar_list(self); }

SP_METHOD(mod_singleton_class_p) { return SP_BOOL(SP_CLASS(self)->hdr.flags & SP_FL_SINGLETON); }

SP_METHOD(mod_method_added) { return SP_NIL; }

/* ---- Class ---- */

SP_METHOD(class_s_new)
{
    /* a metaclass reaches this singleton method of Class (its class is
     * Class's metaclass); CRuby's Class#new refuses a singleton class */
    if (SP_CLASS(self)->hdr.flags & SP_FL_SINGLETON)
        sp_raise(sp_eTypeError, "can't create instance of singleton class");
    int n = argc;
    if (n > 1) sp_raise_arity(n, 0, 1);
    sp_value k = sp_class_new(n ? argv[0] : SP_UNDEF);
    call_hook(sp_class_superclass(k), id_inherited, k);
    if (SP_HEAP_P(blk)) {
        sp_value a = k;
        module_exec_scoped(k, 1, &a, blk);
    }
    return k;
}

SP_METHOD(class_new) { return sp_class_new_instance(self, argc_, argv, blk); }
SP_METHOD(class_allocate_m) { return sp_class_allocate(self); }
SP_METHOD(class_superclass)
{
    if (SP_CLASS(self)->cflags & SP_CF_UNINIT) sp_raise(sp_eTypeError, "uninitialized class");
    return sp_class_superclass(self);
}

SP_METHOD(class_attached_object)
{
    sp_class *k = SP_CLASS(self);
    if (!(k->hdr.flags & SP_FL_SINGLETON))
        sp_raise(sp_eTypeError, "'%s' is not a singleton class", sp_class_path(self));
    return k->attached;
}

SP_METHOD(obj_singleton_method)
{
    sp_id mid = to_id(argv[0]);
    /* the singleton class and the modules it includes or prepends
     * (extend), up to the object's real class */
    for (sp_class *k = sp_class_of(self); k; k = sp_class_super(k)) {
        int single = (k->hdr.flags & SP_FL_SINGLETON) && k->attached == self;
        if (!single && k->hdr.type != SP_T_ICLASS) break;
        uintptr_t v;
        sp_method *m = single ? own_method(k, mid)
                              : sp_idtbl_get(sp_class_mtbl(k), mid, &v) ? (sp_method *)v : NULL;
        if (m && m->visibility == SP_VIS_UNDEF) break;
        if (m) return sp_method_obj_new(self, m, mid, 0);
    }
    sp_raise_name_error(argv[0], self, "undefined singleton method '%s' for '%s'", sp_id_name(mid),
                        sp_str_cstr(sp_inspect(self)));
}

void sp_init_class(void)
{
    sp_value m = sp_cModule, c = sp_cClass;
    sp_define_private_method(sp_cBasicObject, "method_missing", basic_method_missing, -1);
    sp_define_method(sp_mKernel, "singleton_method", obj_singleton_method, 1);

    sp_define_singleton_method(m, "new", mod_s_new, -1);
    sp_define_private_method(m, "initialize", mod_initialize, -1);
    sp_define_method(m, "name", mod_name, 0);
    sp_define_method(m, "to_s", mod_to_s, 0);
    sp_define_method(m, "inspect", mod_to_s, 0);
    sp_define_method(m, "===", mod_eqq, 1);
    sp_define_method(m, "<", mod_lt, 1);
    sp_define_method(m, "<=", mod_le, 1);
    sp_define_method(m, ">", mod_gt, 1);
    sp_define_method(m, ">=", mod_ge, 1);
    sp_define_method(m, "<=>", mod_cmp, 1);
    sp_define_method(m, "ancestors", mod_ancestors, 0);
    sp_define_method(m, "included_modules", mod_included_modules, 0);
    sp_define_method(m, "include?", mod_include_p, 1);
    sp_define_method(m, "include", mod_include, -1);
    sp_define_method(m, "prepend", mod_prepend, -1);
    sp_define_private_method(m, "extend_object", mod_extend_object, 1);
    sp_define_private_method(m, "append_features", mod_append_features, 1);
    sp_define_private_method(m, "prepend_features", mod_prepend_features, 1);
    sp_define_method(m, "instance_methods", mod_instance_methods, -1);
    sp_define_method(m, "public_instance_methods", mod_public_instance_methods, -1);
    sp_define_method(m, "private_instance_methods", mod_private_instance_methods, -1);
    sp_define_method(m, "protected_instance_methods", mod_protected_instance_methods, -1);
    sp_define_method(m, "method_defined?", mod_method_defined, -1);
    sp_define_method(m, "public_method_defined?", mod_public_method_defined, -1);
    sp_define_method(m, "private_method_defined?", mod_private_method_defined, -1);
    sp_define_method(m, "protected_method_defined?", mod_protected_method_defined, -1);
    sp_define_method(m, "instance_method", mod_instance_method, 1);
    sp_define_method(m, "public_instance_method", mod_public_instance_method, 1);
    sp_define_method(m, "define_method", mod_define_method, -1);
    sp_define_method(m, "alias_method", mod_alias_method, 2);
    sp_define_method(m, "remove_method", mod_remove_method, -1);
    sp_define_method(m, "undef_method", mod_undef_method, -1);
    sp_define_method(m, "attr_reader", mod_attr_reader, -1);
    sp_define_method(m, "attr_writer", mod_attr_writer, -1);
    sp_define_method(m, "attr_accessor", mod_attr_accessor, -1);
    sp_define_method(m, "attr", mod_attr, -1);
    sp_define_private_method(m, "private", mod_private, -1);
    sp_define_private_method(m, "public", mod_public, -1);
    sp_define_private_method(m, "protected", mod_protected, -1);
    sp_define_private_method(m, "module_function", mod_module_function, -1);
    sp_define_method(m, "private_class_method", mod_private_class_method, -1);
    sp_define_method(m, "public_class_method", mod_public_class_method, -1);
    sp_define_method(m, "private_constant", mod_private_constant, -1);
    sp_define_method(m, "public_constant", mod_public_constant, -1);
    sp_define_method(m, "const_set", mod_const_set, 2);
    sp_define_method(m, "constants", mod_constants, -1);
    sp_define_private_method(m, "remove_const", mod_remove_const, 1);
    sp_define_method(m, "class_variable_get", mod_cvar_get, 1);
    sp_define_method(m, "class_variable_set", mod_cvar_set, 2);
    sp_define_method(m, "class_variable_defined?", mod_cvar_defined, 1);
    sp_define_method(m, "class_variables", mod_cvars, -1);
    sp_define_method(m, "remove_class_variable", mod_cvar_remove, 1);
    sp_define_method(m, "module_eval", mod_module_eval, -1);
    sp_define_method(m, "class_eval", mod_module_eval, -1);
    sp_define_method(m, "module_exec", mod_module_exec, -1);
    sp_define_method(m, "class_exec", mod_module_exec, -1);
    sp_define_method(m, "freeze", mod_freeze, 0);
    sp_define_method(m, "singleton_class?", mod_singleton_class_p, 0);
    sp_define_private_method(m, "included", mod_hook_noop, 1);
    sp_define_private_method(m, "extended", mod_hook_noop, 1);
    sp_define_private_method(m, "prepended", mod_hook_noop, 1);
    sp_define_private_method(m, "method_added", mod_method_added, 1);
    (void)mod_instance_variable_names;

    sp_define_singleton_method(c, "new", class_s_new, -1);
    sp_define_method(c, "new", class_new, -1);
    sp_define_method(c, "allocate", class_allocate_m, 0);
    sp_define_method(c, "superclass", class_superclass, 0);
    sp_define_method(c, "attached_object", class_attached_object, 0);
    sp_define_private_method(c, "inherited", mod_hook_noop, 1);
    sp_undef_method(c, "module_function");
    sp_undef_method(c, "extend_object");
    sp_undef_method(c, "append_features");
    sp_init_module();
    sp_undef_method(c, "prepend_features");
}

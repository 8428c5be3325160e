/*
 * sp_objspace.c — ObjectSpace.each_object(Class) / (Module): a weak
 * registry of every class and module the runtime allocates.
 *
 * Representation: slots in malloc'd chunks of CHUNK entries that never
 * move; each filled slot is a Boehm "disappearing link", cleared by the
 * collector when its class dies, so the registry keeps nothing alive
 * (anonymous and singleton classes are collected as before).  malloc'd
 * memory is not scanned, so the slots are weak.  sp_class_alloc calls
 * sp_objspace_note_class (one line in sp_class.c) for every class,
 * module, singleton class and include wrapper; iteration skips include
 * wrappers and the singleton classes of ordinary objects, as CRuby hides
 * them from each_object (metaclasses are shown).
 *
 * Class#subclasses reads the same registry.
 *
 * Other arguments than Class/Module (each_object(String), no argument)
 * would need a walk of the whole heap: NotImplementedError.
 *
 * ObjectSpace.define_finalizer/undefine_finalizer: a list of records in
 * uncollectable memory (scanned, so the proc and the object id stay
 * alive) holding the object as a hidden pointer registered as a
 * disappearing link, so a finalizer does not keep its object alive.  A
 * collector callback cannot run Ruby code, so the finalizers of objects
 * found collected run at the next define_finalizer call, and all the
 * remaining ones at exit after at_exit and thread termination
 * (sp_main_finish), as CRuby does at exit: objects in reverse order of
 * their first finalizer, each object's procs in the order defined; an
 * exception in one is reported as a warning and the others still run.
 */
#include "spinel.h"
#include "sp_class.h"
#include "sp_string.h"

#include <pthread.h>
#include <stdlib.h>

#define CHUNK 1024

static void ***chunks;          /* chunk pointers (malloc'd, grown) */
static size_t nchunks, used;    /* used: slots handed out in total */
static pthread_mutex_t reg_lock = PTHREAD_MUTEX_INITIALIZER;

void sp_objspace_note_class(void *klass)
{
    pthread_mutex_lock(&reg_lock);
    if (used == nchunks * CHUNK) {
        void ***nc = realloc(chunks, (nchunks + 1) * sizeof *chunks);
        void **c = calloc(CHUNK, sizeof(void *));
        if (!nc || !c) { pthread_mutex_unlock(&reg_lock); free(c); return; }  /* not listed: no crash */
        chunks = nc;
        chunks[nchunks++] = c;
    }
    void **slot = &chunks[used / CHUNK][used % CHUNK];
    used++;
    *slot = klass;
    GC_general_register_disappearing_link(slot, klass);
    pthread_mutex_unlock(&reg_lock);
}

/* ObjectSpace.each_object(Class|Module) { |k| } -> count; without a
 * block, an Enumerator. */
SP_METHOD(os_each_object)
{
    if (argc != 1 || (argv[0] != sp_cClass && argv[0] != sp_cModule))
        sp_raise(sp_eNotImpError, "ObjectSpace.each_object is only supported for Class and Module");
    if (blk == SP_NIL) return sp_funcall(self, sp_intern("enum_for"), 2, (sp_value[]){ sp_sym("each_object"), argv[0] }, SP_NIL);
    int classes_only = argv[0] == sp_cClass;
    /* Snapshot first: the block may define classes (and so take the lock). */
    pthread_mutex_lock(&reg_lock);
    size_t n = used;
    sp_value list = sp_ary_new_capa((long)n);
    for (size_t i = 0; i < n; i++) {
        sp_value k = (sp_value)chunks[i / CHUNK][i % CHUNK];
        if (!k) continue;
        uint32_t type = SP_TYPE(k);
        if (type == SP_T_ICLASS) continue;
        if (SP_HDR(k)->flags & SP_FL_SINGLETON) {
            /* CRuby shows metaclasses (singletons of classes and modules)
             * and hides the singleton classes of ordinary objects */
            sp_value att = SP_CLASS(k)->attached;
            if (!SP_HEAP_P(att) || (SP_TYPE(att) != SP_T_CLASS && SP_TYPE(att) != SP_T_MODULE)) continue;
        }
        if (type != SP_T_CLASS && (classes_only || type != SP_T_MODULE)) continue;
        sp_ary_push(list, k);
    }
    pthread_mutex_unlock(&reg_lock);
    long count = sp_ary_len(list);
    for (long i = count - 1; i >= 0; i--) sp_yield1(blk, sp_ary_entry(list, i));
    return sp_int_new(count);
}

/* Class#subclasses: the live classes whose superclass is self (include
 * wrappers skipped), singleton classes left out, newest first as CRuby */
SP_METHOD(class_subclasses)
{
    sp_value list = sp_ary_new();
    pthread_mutex_lock(&reg_lock);
    for (size_t i = used; i-- > 0;) {
        sp_value k = (sp_value)chunks[i / CHUNK][i % CHUNK];
        if (!k || SP_TYPE(k) != SP_T_CLASS || (SP_HDR(k)->flags & SP_FL_SINGLETON)) continue;
        if (sp_class_superclass(k) == self) sp_ary_push(list, k);
    }
    pthread_mutex_unlock(&reg_lock);
    return list;
}

/* ---- finalizers ---- */

typedef struct fin_rec {
    GC_hidden_pointer obj;      /* cleared by the collector when obj dies */
    int weak;                   /* obj is a heap object with a link */
    sp_value id;                /* obj.object_id, passed to the proc */
    sp_value proc;
} fin_rec;

static fin_rec **fins;          /* malloc'd array of records, in definition order */
static size_t nfins, capfins;
static pthread_mutex_t fin_lock = PTHREAD_MUTEX_INITIALIZER;

static void fin_free(fin_rec *r)
{
    if (r->weak && r->obj) GC_unregister_disappearing_link((void **)&r->obj);
    GC_FREE(r);
}

/* Takes out the records to run (all, or those whose object died) in
 * definition order; returns an Array of [id, proc] pairs. */
static sp_value fin_take(int all)
{
    sp_value out = sp_ary_new();
    pthread_mutex_lock(&fin_lock);
    size_t keep = 0;
    for (size_t i = 0; i < nfins; i++) {
        fin_rec *r = fins[i];
        if (all || (r->weak && !r->obj)) {
            sp_value pair[2] = { r->id, r->proc };
            sp_ary_push(out, sp_ary_new_from(2, pair));
            fin_free(r);
        } else {
            fins[keep++] = r;
        }
    }
    nfins = keep;
    pthread_mutex_unlock(&fin_lock);
    return out;
}

static sp_value fin_call(void *arg)
{
    sp_value *a = arg;
    return sp_funcall(a[1], sp_intern("call"), 1, &a[0], SP_NIL);
}

/* Runs the pairs grouped by object: objects in reverse order of their
 * first record, each object's procs in order. */
static void fin_run(sp_value pairs)
{
    long n = sp_ary_len(pairs);
    if (n == 0) return;
    sp_value groups = sp_hash_new();
    for (long i = 0; i < n; i++) {
        sp_value pr = sp_ary_entry(pairs, i), id = sp_ary_entry(pr, 0);
        sp_value g = sp_hash_lookup(groups, id, SP_NIL);
        if (g == SP_NIL) { g = sp_ary_new(); sp_hash_aset(groups, id, g); }
        sp_ary_push(g, sp_ary_entry(pr, 1));
    }
    sp_value ids = sp_funcall0(groups, "keys");
    for (long i = sp_ary_len(ids) - 1; i >= 0; i--) {
        sp_value id = sp_ary_entry(ids, i), g = sp_hash_lookup(groups, id, SP_NIL);
        for (long j = 0; j < sp_ary_len(g); j++) {
            sp_value a[2] = { id, sp_ary_entry(g, j) }, exc = SP_NIL;
            if (sp_run_protected(fin_call, a, &exc) == SP_UNDEF && exc != SP_NIL) {
                sp_value prog = sp_gvar_get(sp_intern("$0"));
                sp_value w = sp_str_format("%s: warning: Exception in finalizer %s\n",
                                           sp_str_p(prog) ? sp_str_cstr(prog) : "-", sp_str_cstr(sp_inspect(a[1])));
                sp_funcall(sp_gvar_get(sp_intern("$stderr")), sp_intern("write"), 1, &w, SP_NIL);
                sp_print_uncaught(exc);
            }
        }
    }
}

/* At exit (sp_main_finish): every finalizer still defined. */
void sp_objspace_finalize_all(void)
{
    while (nfins > 0) fin_run(fin_take(1));
}

/* ObjectSpace.define_finalizer(obj, callable = block) -> [0, callable] */
SP_METHOD(os_define_finalizer)
{
    (void)self;
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    sp_value obj = argv[0], proc = argc > 1 ? argv[1] : blk;
    if (argc == 1 && blk == SP_NIL) sp_raise(sp_eArgError, "tried to create Proc object without a block");
    if (!SP_HEAP_P(obj) || SP_TYPE(obj) == SP_T_FLOAT || SP_TYPE(obj) == SP_T_BIGNUM)
        sp_raise(sp_eArgError, "cannot define finalizer for %s", sp_obj_classname(obj));
    if (!sp_respond_to(proc, sp_intern("call"), 1))
        sp_raise(sp_eArgError, "wrong type argument %s (should be callable)", sp_obj_classname(proc));
    sp_check_frozen(obj);
    fin_run(fin_take(0));      /* a safe point: finalizers of collected objects */
    fin_rec *r = GC_MALLOC_UNCOLLECTABLE(sizeof *r);
    r->id = sp_funcall0(obj, "object_id");
    r->proc = proc;
    r->weak = GC_base((void *)obj) == (void *)obj;
    r->obj = GC_HIDE_POINTER((void *)obj);
    pthread_mutex_lock(&fin_lock);
    if (nfins == capfins) {
        size_t nc = capfins ? capfins * 2 : 16;
        fin_rec **nf = realloc(fins, nc * sizeof *nf);
        if (!nf) { pthread_mutex_unlock(&fin_lock); GC_FREE(r); sp_raise(sp_eRuntimeError, "define_finalizer: out of memory"); }
        fins = nf;
        capfins = nc;
    }
    if (r->weak) GC_general_register_disappearing_link((void **)&r->obj, (void *)obj);
    fins[nfins++] = r;
    pthread_mutex_unlock(&fin_lock);
    sp_value res[2] = { SP_FIX(0), proc };
    return sp_ary_new_from(2, res);
}

/* ObjectSpace.undefine_finalizer(obj) -> obj */
SP_METHOD(os_undefine_finalizer)
{
    (void)self; (void)argc_; (void)blk;
    sp_value obj = argv[0];
    GC_hidden_pointer h = GC_HIDE_POINTER((void *)obj);
    pthread_mutex_lock(&fin_lock);
    size_t keep = 0;
    for (size_t i = 0; i < nfins; i++) {
        if (fins[i]->obj == h) fin_free(fins[i]);
        else fins[keep++] = fins[i];
    }
    nfins = keep;
    pthread_mutex_unlock(&fin_lock);
    return obj;
}

void sp_init_objspace(void)
{
    sp_define_module_function(sp_mObjectSpace, "each_object", os_each_object, -1);
    sp_define_module_function(sp_mObjectSpace, "define_finalizer", os_define_finalizer, -1);
    sp_define_module_function(sp_mObjectSpace, "undefine_finalizer", os_undefine_finalizer, 1);
    sp_define_method(sp_cClass, "subclasses", class_subclasses, 0);
}

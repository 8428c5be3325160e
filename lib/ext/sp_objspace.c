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
 * Other arguments than Class/Module (each_object(String), no argument)
 * would need a walk of the whole heap: NotImplementedError.
 */
#include "spinel.h"
#include "sp_class.h"

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
static sp_value os_each_object(sp_value self, int argc_, const sp_value *argv, sp_value blk)
{
    int argc = SP_ARGC(argc_);
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

void sp_init_objspace(void)
{
    sp_define_module_function(sp_mObjectSpace, "each_object", os_each_object, -1);
}

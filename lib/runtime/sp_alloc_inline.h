/*
 * sp_alloc_inline.h — the per-OS-thread small-object cache of sp_object.c,
 * for runtime allocators that want its pop inlined (sp_ary_new2).
 *
 * Representation: sp_acache holds, per size class of 1..SP_AC_GRANULES
 * 16-byte granules, a list of cleared NORMAL (scanned) objects linked
 * through their first word (GC_NEXT); the list heads live in an
 * uncollectable block, so every cached object stays reachable.  See the
 * comment on the cache in sp_object.c for the GC-safety argument.
 *
 * Context rule: sp_alloc_pop reads the thread-local cache pointer and
 * pops in straight-line code.  Use it ONLY in runtime functions that make
 * no call between the pop and the end of the object's initialisation,
 * and never in generated code or in a function inlined into code that
 * can switch fibers: a green thread may resume on another OS thread, and
 * a compiler may keep the old thread's TLS address across such a call.
 * Cost: ~6 instructions on a hit; a miss calls sp_alloc (which refills).
 */
#ifndef SPINEL_ALLOC_INLINE_H
#define SPINEL_ALLOC_INLINE_H

#include "spinel.h"
#include <gc/gc_inline.h>

#define SP_AC_GRANULES 16               /* objects up to 255 bytes */
typedef struct sp_acache { void *head[SP_AC_GRANULES + 1]; } sp_acache;
extern __thread sp_acache *sp_tl_acache;

/* An object of `g` granules from this OS thread's cache with its header
 * set, or NULL when the cache is empty (the caller then uses sp_alloc).
 * The rest of the object is zero: the collector clears cached objects
 * except their link word, which the header's class word overwrites. */
static inline __attribute__((always_inline)) sp_header *sp_alloc_pop(size_t g, sp_value klass, sp_type type)
{
    sp_acache *c = sp_tl_acache;
    sp_header *h;
    if (SP_LIKELY(c != NULL && (h = c->head[g]) != NULL)) {
        c->head[g] = GC_NEXT(h);
        h->klass = (sp_class *)klass;
        h->flags = 0;
        h->type = type;
        return h;
    }
    return NULL;
}

#endif

/*
 * sp_object.c — heap allocation, instance variables, freezing, and the
 * methods of BasicObject/Object/Kernel that concern objects themselves
 * (class, inspect, dup, send, instance_variable_*, ...), plus NilClass,
 * TrueClass and FalseClass.
 *
 * Instance variables: each real class has an append-only ivar-name table
 * (sp_ivtbl: id -> slot index, shared by all its instances).  A plain
 * object (SP_T_OBJECT from sp_obj_alloc) embeds slots 0..nembed-1 in
 * itself: nembed (SP_OBJ_NEMBED, in hdr.flags) is the class's ivar count
 * when the object is allocated (7 for a class's first instance, whose
 * ivars are not known yet), rounded up to an odd count (the GC's 16-byte
 * granules), at most SP_OBJ_EMBED_MAX; it never changes, so an embedded
 * slot is one word read at a fixed offset (the inline attr_reader path in
 * sp_vm.h reads it without touching any other block).  Slots from nembed
 * on live in an sp_ivars slot block (vals[idx - nembed]) whose (capa,
 * vals) never change once published.  A reader loads the block (acquire),
 * bounds-checks the index against that block's capa and reads one word —
 * a racing writer can make it see an old value, never a torn pointer.
 * Growth copies into a new block and publishes it with a
 * compare-and-swap; a store that raced with a growth is repeated into
 * the new block (slot_set), so every ivar write is atomic and none is
 * lost (doc/core-types.md "Race-safety rule").  Objects whose struct has no ivars slot
 * (String, Array, ...) keep theirs in a global side table under a mutex
 * (rare), whose entries hold their objects weakly (gen_slot); classes, modules and exceptions have a block and no embedded
 * slots.
 *
 * instance_variables lists names in the class table's order, which is the
 * definition order unless instances of one class define ivars in
 * different orders.
 */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <pthread.h>
#include <sys/mman.h>
#include <gc/gc_mark.h>
#include <gc/gc_inline.h>
#include "sp_class.h"
#include "sp_alloc_inline.h"

/* ------------------------------------------------------------------ */
/* allocation                                                          */

/* Small-object cache (per OS thread).  GC_MALLOC goes through the
 * collector's own thread-local free lists, ~60 instructions a call plus a
 * __tls_get_addr call from the shared library; binary_trees spent more
 * there than in its own code.  Here each OS thread keeps, per size class
 * of 1..SP_AC_GRANULES 16-byte granules, a list of cleared objects that
 * GC_generic_malloc_many hands over a block at a time, and sp_alloc pops
 * one in a handful of instructions.
 *
 * GC safety: the list heads live in an uncollectable (always scanned)
 * block, and the objects are NORMAL (scanned) ones linked through their
 * first word, so every cached object stays reachable and is never handed
 * out twice.  Objects are cleared except for the link, which pop clears.
 * Only the owning OS thread touches its cache, and a pop is straight-line
 * code (no call that could switch fibers between reading the thread's
 * cache and updating it), so a green thread that migrates between
 * workers simply uses the cache of whichever worker runs it.  The cache
 * pointer itself is thread-local and read afresh on every call (this
 * function is never inlined into code that can switch fibers).
 * At thread exit the cached objects are dropped (they become garbage). */
/* SP_AC_GRANULES, sp_acache and the inline pop: sp_alloc_inline.h. */
__thread sp_acache *sp_tl_acache;
static pthread_key_t acache_key;
static pthread_once_t acache_once = PTHREAD_ONCE_INIT;

static SP_NORETURN void alloc_fail(void)
{
    fputs("[FATAL] failed to allocate memory\n", stderr);
    abort();
}

static void acache_drop(void *p)
{
    sp_acache *c = p;
    memset(c, 0, sizeof *c);
    GC_FREE(c);
}

static void acache_key_init(void) { pthread_key_create(&acache_key, acache_drop); }

static __attribute__((noinline)) void *acache_refill(size_t g)
{
    sp_acache *c = sp_tl_acache;
    if (!c) {
        pthread_once(&acache_once, acache_key_init);
        c = GC_MALLOC_UNCOLLECTABLE(sizeof *c);
        if (SP_UNLIKELY(!c)) alloc_fail();
        memset(c, 0, sizeof *c);
        pthread_setspecific(acache_key, c);
        sp_tl_acache = c;
    }
    GC_generic_malloc_many(g * GC_GRANULE_BYTES, GC_I_NORMAL, &c->head[g]);
    void *p = c->head[g];
    if (SP_UNLIKELY(!p)) alloc_fail();
    c->head[g] = GC_NEXT(p);
    GC_NEXT(p) = NULL;
    return p;
}

/* A cleared, scanned object of `size` bytes (size <= SP_AC_MAX). */
#define SP_AC_MAX (SP_AC_GRANULES * GC_GRANULE_BYTES - 1)
static inline void *small_alloc(size_t size)
{
    size_t g = (size + GC_GRANULE_BYTES) / GC_GRANULE_BYTES;   /* + the collector's extra byte */
    sp_acache *c = sp_tl_acache;
    void *p;
    if (SP_LIKELY(c != NULL && (p = c->head[g]) != NULL)) {
        c->head[g] = GC_NEXT(p);
        GC_NEXT(p) = NULL;
        return p;
    }
    return acache_refill(g);
}

/* Large scanned buffers (array storage of thousands of elements) come
 * from a kind of our own that the collector does not clear: Boehm clears
 * every NORMAL object, and a buffer that its caller fills at once anyway
 * was written twice (a memset of 8 MB per million-element array).  The
 * caller must write every word before publishing the buffer; stale words
 * seen by a collection in between are only conservative false roots.
 * Small sizes keep using GC_MALLOC (thread-local free lists, no lock). */
static int big_kind = -1;

void sp_alloc_init(void)
{
    if (big_kind < 0) big_kind = (int)GC_new_kind(GC_new_free_list(), 0 | GC_DS_LENGTH, 1, 0);
}

/* Ask for transparent huge pages on the whole 2 MiB pages inside a big
 * buffer that nothing has touched yet: one fault per 2 MiB instead of
 * 512 (page faults were a quarter of a million-element sort), and fewer
 * TLB misses for scattered writes.  A hint only; errors are ignored. */
static void huge_hint(void *p, size_t bytes)
{
    const uintptr_t H = (uintptr_t)2 << 20;
    uintptr_t lo = ((uintptr_t)p + H - 1) & ~(H - 1), hi = ((uintptr_t)p + bytes) & ~(H - 1);
    if (hi > lo) madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
}

#define SP_BIG_BYTES ((size_t)16 << 10)
#define SP_HUGE_BYTES ((size_t)4 << 20)

void *sp_alloc_words_uninit(size_t size)
{
    if (size <= SP_AC_MAX) return small_alloc(size);
    if (size < SP_BIG_BYTES || big_kind < 0) {
        void *p = GC_MALLOC(size);
        if (SP_UNLIKELY(!p)) { fputs("[FATAL] failed to allocate memory\n", stderr); abort(); }
        return p;
    }
    void *p = GC_generic_malloc(size, big_kind);
    if (SP_UNLIKELY(!p)) { fputs("[FATAL] failed to allocate memory\n", stderr); abort(); }
    if (size >= SP_HUGE_BYTES) huge_hint(p, size);
    return p;
}

static __attribute__((noinline)) void *sp_alloc_slow(size_t size, sp_value klass, sp_type type)
{
    sp_header *h = size <= SP_AC_MAX ? small_alloc(size) : GC_MALLOC(size);
    if (SP_UNLIKELY(!h)) alloc_fail();
    h->klass = (sp_class *)klass;
    h->flags = 0;
    h->type = type;
    return h;
}

/* The pop is repeated here so that the common case makes no call (and
 * saves no registers); the header word overwrites the list link. */
void *sp_alloc(size_t size, sp_value klass, sp_type type)
{
    if (SP_LIKELY(size <= SP_AC_MAX)) {
        sp_header *h = sp_alloc_pop((size + GC_GRANULE_BYTES) / GC_GRANULE_BYTES, klass, type);
        if (SP_LIKELY(h != NULL)) return h;
    }
    return sp_alloc_slow(size, klass, type);
}

void *sp_alloc_atomic(size_t size)
{
    void *p = GC_MALLOC_ATOMIC(size);
    if (SP_UNLIKELY(!p)) {
        fputs("[FATAL] failed to allocate memory\n", stderr);
        abort();
    }
    if (size >= SP_HUGE_BYTES) huge_hint(p, size);
    return p;
}

sp_class *sp_cInteger_c, *sp_cFloat_c, *sp_cSymbol_c, *sp_cNil_c, *sp_cTrue_c, *sp_cFalse_c;

sp_class *sp_class_of_slow(sp_value v)
{
    if (SP_FLONUM_P(v)) return sp_cFloat_c;
    if (SP_SYMBOL_P(v)) return sp_cSymbol_c;
    if (v == SP_NIL) return sp_cNil_c;
    if (v == SP_TRUE) return sp_cTrue_c;
    if (v == SP_FALSE) return sp_cFalse_c;
    if (SP_FIXNUM_P(v)) return sp_cInteger_c;
    return SP_HDR(v)->klass;
}

sp_value sp_obj_class(sp_value v)
{
    return SP_CVAL(sp_class_of_realclass(sp_class_of(v)));
}

const char *sp_obj_classname(sp_value v)
{
    return sp_class_path(sp_obj_class(v));
}

/* ------------------------------------------------------------------ */
/* recursion guard                                                     */

int sp_guard_push(sp_value obj)
{
    sp_ec *ec = sp_ec_current();
    if (!ec) return 0;
    if (!ec->inspect_guard || ec->inspect_guard == SP_NIL) ec->inspect_guard = sp_ary_new();
    long n = sp_ary_len(ec->inspect_guard);
    for (long i = 0; i < n; i++)
        if (sp_ary_entry(ec->inspect_guard, i) == obj) return 1;
    sp_ary_push(ec->inspect_guard, obj);
    ec->guard_len = n + 1;
    return 0;
}

void sp_guard_pop(sp_value obj)
{
    sp_ec *ec = sp_ec_current();
    if (!ec || !ec->inspect_guard || ec->inspect_guard == SP_NIL) return;
    long n = sp_ary_len(ec->inspect_guard);
    for (long i = n - 1; i >= 0; i--) {
        if (sp_ary_entry(ec->inspect_guard, i) == obj) {
            /* remove by moving the tail down */
            for (long j = i; j + 1 < n; j++)
                sp_ary_store(ec->inspect_guard, j, sp_ary_entry(ec->inspect_guard, j + 1));
            sp_funcall0(ec->inspect_guard, "pop");
            ec->guard_len = n - 1;
            return;
        }
    }
}

void sp_guard_truncate(sp_ec *ec, long len)
{
    while (ec->guard_len > len) {
        sp_funcall0(ec->inspect_guard, "pop");
        ec->guard_len--;
    }
}

sp_value sp_guard_elems_equal(sp_value self, const sp_value *a, const sp_value *b, long n, int eql)
{
    if (sp_guard_push(self)) return SP_TRUE;
    int eq = 1;
    for (long i = 0; i < n && eq; i++) eq = eql ? sp_eql(a[i], b[i]) : sp_equal(a[i], b[i]);
    sp_guard_pop(self);
    return SP_BOOL(eq);
}

/* ------------------------------------------------------------------ */
/* ivar name tables                                                    */

static sp_class *ivar_class(sp_value obj)
{
    return sp_class_of_realclass(SP_HDR(obj)->klass);
}

/* Index of `id` in k's ivar table; -1 when absent and !create. */
static int ivtbl_index(sp_class *k, sp_id id, int create)
{
    sp_ivtbl *t = __atomic_load_n(&k->ivtbl, __ATOMIC_ACQUIRE);
    if (t) {
        uint32_t n = __atomic_load_n(&t->count, __ATOMIC_ACQUIRE);
        for (uint32_t i = 0; i < n; i++)
            if (t->ids[i] == id) return (int)i;
    }
    if (!create) return -1;
    pthread_mutex_lock(&k->lock);
    t = k->ivtbl;
    uint32_t n = t ? t->count : 0;
    for (uint32_t i = 0; i < n; i++)
        if (t->ids[i] == id) { pthread_mutex_unlock(&k->lock); return (int)i; }
    if (!t || n == t->capa) {
        uint32_t capa = t ? t->capa * 2 : 8;
        sp_ivtbl *nt = GC_MALLOC_ATOMIC(sizeof(sp_ivtbl) + capa * sizeof(sp_id));
        nt->capa = capa;
        for (uint32_t i = 0; i < n; i++) nt->ids[i] = t->ids[i];
        nt->count = n;
        __atomic_store_n(&k->ivtbl, nt, __ATOMIC_RELEASE);
        t = nt;
    }
    t->ids[n] = id;
    __atomic_store_n(&t->count, n + 1, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&k->lock);
    return (int)n;
}

/* ------------------------------------------------------------------ */
/* slot blocks                                                         */

static sp_ivars *ivars_new(uint32_t capa, const sp_ivars *old)
{
    sp_ivars *iv = GC_MALLOC(sizeof(sp_ivars) + capa * sizeof(sp_value));
    iv->capa = capa;
    uint32_t i = 0;
    if (old)
        for (; i < old->capa && i < capa; i++)
            iv->vals[i] = __atomic_load_n(&old->vals[i], __ATOMIC_SEQ_CST);   /* slot_set */
    for (; i < capa; i++) iv->vals[i] = SP_UNDEF;
    return iv;
}

static sp_value slot_get(sp_ivars *_Atomic *slot, int idx)
{
    sp_ivars *iv = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
    if (!iv || (uint32_t)idx >= iv->capa) return SP_UNDEF;
    return __atomic_load_n(&iv->vals[idx], __ATOMIC_RELAXED);
}

static void slot_set(sp_ivars *_Atomic *slot, int idx, sp_value val)
{
    for (;;) {
        sp_ivars *iv = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
        if (iv && (uint32_t)idx < iv->capa) {
            /* A growth copying this block may have read the slot before
             * our store: then the block was replaced, and we store again
             * into the new one (Dekker with the copy's loads and the
             * CAS, hence seq_cst).  So no ivar write is ever lost. */
            __atomic_store_n(&iv->vals[idx], val, __ATOMIC_SEQ_CST);
            if (__atomic_load_n(slot, __ATOMIC_SEQ_CST) == iv) return;
            continue;
        }
        uint32_t capa = iv ? iv->capa * 2 : 4;
        while (capa <= (uint32_t)idx) capa *= 2;
        sp_ivars *n = ivars_new(capa, iv);
        n->vals[idx] = val;
        if (__atomic_compare_exchange_n(slot, &iv, n, 0, __ATOMIC_SEQ_CST, __ATOMIC_ACQUIRE))
            return;
    }
}

/* Embedded slots of obj (0 unless a plain object from sp_obj_alloc). */
static inline uint32_t obj_nembed(sp_value obj)
{
    return SP_TYPE(obj) == SP_T_OBJECT ? SP_OBJ_NEMBED(obj) : 0;
}

/* Class-table slot idx of obj: embedded, else in the block at *slot
 * (slot may be NULL for reads: no block, unset). */
static sp_value ivar_read(sp_value obj, sp_ivars *_Atomic *slot, int idx)
{
    uint32_t ne = obj_nembed(obj);
    if ((uint32_t)idx < ne) return __atomic_load_n(&((sp_object *)obj)->embed[idx], __ATOMIC_RELAXED);
    return slot ? slot_get(slot, idx - (int)ne) : SP_UNDEF;
}

static void ivar_write(sp_value obj, sp_ivars *_Atomic *slot, int idx, sp_value val)
{
    uint32_t ne = obj_nembed(obj);
    if ((uint32_t)idx < ne) {
        __atomic_store_n(&((sp_object *)obj)->embed[idx], val, __ATOMIC_RELEASE);
        return;
    }
    slot_set(slot, idx - (int)ne, val);
}

/* Out-of-line halves of sp_vm.h's inline attribute accessors: slot idx
 * (>= nembed) of a plain object, SP_UNDEF when unset. */
sp_value sp_obj_ivar_idx_get(sp_value obj, uint32_t idx)
{
    return ivar_read(obj, (sp_ivars *_Atomic *)&((sp_object *)obj)->ivars, (int)idx);
}

void sp_obj_ivar_idx_set(sp_value obj, uint32_t idx, sp_value val)
{
    ivar_write(obj, (sp_ivars *_Atomic *)&((sp_object *)obj)->ivars, (int)idx, val);
}

/* A plain object of klass with its embedded slots (see the header). */
#define SP_OBJ_EMBED_FIRST 7
#define SP_OBJ_EMBED_MAX   15

sp_value sp_obj_alloc(sp_value klass)
{
    sp_class *k = sp_class_of_realclass(SP_CLASS(klass));
    sp_ivtbl *t = __atomic_load_n(&k->ivtbl, __ATOMIC_ACQUIRE);
    uint32_t n;
    if (t) n = __atomic_load_n(&t->count, __ATOMIC_ACQUIRE);
    else {
        /* first instance: ivar names unknown yet; an empty table marks
         * the class as allocated (later instances size by its count) */
        n = SP_OBJ_EMBED_FIRST;
        pthread_mutex_lock(&k->lock);
        if (!k->ivtbl) {
            sp_ivtbl *nt = GC_MALLOC_ATOMIC(sizeof(sp_ivtbl) + 8 * sizeof(sp_id));
            nt->capa = 8;
            nt->count = 0;
            __atomic_store_n(&k->ivtbl, nt, __ATOMIC_RELEASE);
        }
        pthread_mutex_unlock(&k->lock);
    }
    n |= 1;
    if (n > SP_OBJ_EMBED_MAX) n = SP_OBJ_EMBED_MAX;
    sp_object *o = sp_alloc(sizeof(sp_object) + n * sizeof(sp_value), klass, SP_T_OBJECT);
    o->hdr.flags = n << SP_OBJ_NEMBED_SHIFT;
    for (uint32_t i = 0; i < n; i++) o->embed[i] = SP_UNDEF;
    return (sp_value)o;
}

/* ------------------------------------------------------------------ */
/* generic ivars for objects without a slot (String, Array, ...)       */

/* An entry does not keep its object alive: `link` holds the object's
 * address hidden from the collector (GC_HIDE_POINTER) and is registered
 * as a disappearing link, so the collector zeroes it when the object
 * dies (before any reuse of its address).  Dead entries are unlinked
 * from their bucket whenever it is walked, letting the collector take
 * them and their slot blocks. */
typedef struct gen_ivar {
    struct gen_ivar *next;
    GC_hidden_pointer link;         /* 0: the object died */
    sp_ivars *_Atomic ivars;
    sp_value keep;                  /* the object, strongly, only if the link could not be registered */
} gen_ivar;

#define GEN_BUCKETS 1024
static gen_ivar **gen_tab;
static pthread_mutex_t gen_lock = PTHREAD_MUTEX_INITIALIZER;

static sp_ivars *_Atomic *gen_slot(sp_value obj, int create)
{
    sp_ivars *_Atomic *r = NULL;
    pthread_mutex_lock(&gen_lock);
    if (!gen_tab) {
        gen_tab = GC_MALLOC_UNCOLLECTABLE(sizeof(gen_ivar *) * GEN_BUCKETS);
    }
    size_t b = (obj >> 4) & (GEN_BUCKETS - 1);
    GC_hidden_pointer want = GC_HIDE_POINTER((void *)obj);
    for (gen_ivar **pp = &gen_tab[b]; *pp;) {
        gen_ivar *g = *pp;
        GC_hidden_pointer l = __atomic_load_n(&g->link, __ATOMIC_RELAXED);
        if (l == 0) { *pp = g->next; continue; }      /* object collected */
        if (l == want) { r = &g->ivars; break; }
        pp = &g->next;
    }
    if (!r && create) {
        gen_ivar *g = GC_MALLOC(sizeof(gen_ivar));
        g->link = want;
        g->next = gen_tab[b];
        /* An object outside the collected heap (static) never dies; out
         * of memory for the registration: keep the object alive rather
         * than let a new object inherit its ivars at its address. */
        if (GC_base((void *)obj) != (void *)obj ||
            GC_general_register_disappearing_link((void **)&g->link, (void *)obj) == GC_NO_MEMORY)
            g->keep = obj;
        gen_tab[b] = g;
        r = &g->ivars;
    }
    pthread_mutex_unlock(&gen_lock);
    return r;
}

static sp_ivars *_Atomic *obj_slot(sp_value obj, int create)
{
    if (sp_has_ivar_slot(obj)) return (sp_ivars *_Atomic *)&((sp_object *)obj)->ivars;
    return gen_slot(obj, create);
}

/* ------------------------------------------------------------------ */
/* public ivar API                                                     */

sp_value sp_ivar_get_raw(sp_value obj, sp_id name)
{
    if (!SP_HEAP_P(obj)) return SP_UNDEF;
    int idx = ivtbl_index(ivar_class(obj), name, 0);
    if (idx < 0) return SP_UNDEF;
    return ivar_read(obj, obj_slot(obj, 0), idx);
}

sp_value sp_ivar_get(sp_value obj, sp_id name)
{
    sp_value v = sp_ivar_get_raw(obj, name);
    return v == SP_UNDEF ? SP_NIL : v;
}

int sp_ivar_defined(sp_value obj, sp_id name)
{
    return sp_ivar_get_raw(obj, name) != SP_UNDEF;
}

sp_value sp_ivar_set(sp_value obj, sp_id name, sp_value val)
{
    if (!SP_HEAP_P(obj) || (SP_HDR(obj)->flags & SP_FL_FROZEN)) sp_raise_frozen(obj);
    int idx = ivtbl_index(ivar_class(obj), name, 1);
    ivar_write(obj, obj_slot(obj, 1), idx, val);
    return val;
}

/* Slot index of @name in obj's ivar blocks (for sp_vm.h's inline attribute
 * accessors); -1 when obj has no ivar slot or the name is not in its
 * class's table and !create. */
int sp_ivar_index(sp_value obj, sp_id name, int create)
{
    if (!SP_HEAP_P(obj) || SP_TYPE(obj) != SP_T_OBJECT) return -1;
    return ivtbl_index(ivar_class(obj), name, create);
}

/* Inline cache word: (class pointer << 16) | slot index.  The class is
 * the object's own header class (a singleton class included), so that the
 * inline hit of sp_vm_ivar_get/set (sp_vm.h) is one compare with the
 * header word; its real class (whose table holds the index) is a fixed
 * function of it, computed on the miss only. */
static inline int ic_index(uint64_t *ic, sp_class *k)
{
    uint64_t w = __atomic_load_n(ic, __ATOMIC_RELAXED);
    if (w && (w >> 16) == ((uint64_t)(uintptr_t)k & 0xFFFFFFFFFFFFULL)) return (int)(w & 0xFFFF);
    return -1;
}

static inline void ic_fill(uint64_t *ic, sp_class *k, int idx)
{
    if (idx < 0xFFFF) __atomic_store_n(ic, ((uint64_t)(uintptr_t)k << 16) | (uint64_t)idx, __ATOMIC_RELAXED);
}

sp_value sp_ivar_get_ic(sp_value obj, sp_id name, uint64_t *ic)
{
    if (SP_HEAP_P(obj) && SP_TYPE(obj) == SP_T_OBJECT) {
        sp_class *hk = SP_HDR(obj)->klass;
        int idx = ic_index(ic, hk);
        if (idx < 0) {
            idx = ivtbl_index(sp_class_of_realclass(hk), name, 0);
            if (idx < 0) return SP_NIL;
            ic_fill(ic, hk, idx);
        }
        sp_value v = sp_obj_ivar_idx_get(obj, (uint32_t)idx);
        return v == SP_UNDEF ? SP_NIL : v;
    }
    return sp_ivar_get(obj, name);
}

sp_value sp_ivar_set_ic(sp_value obj, sp_id name, sp_value val, uint64_t *ic)
{
    if (SP_HEAP_P(obj) && SP_TYPE(obj) == SP_T_OBJECT && !(SP_HDR(obj)->flags & SP_FL_FROZEN)) {
        sp_class *hk = SP_HDR(obj)->klass;
        int idx = ic_index(ic, hk);
        if (idx < 0) {
            idx = ivtbl_index(sp_class_of_realclass(hk), name, 1);
            ic_fill(ic, hk, idx);
        }
        sp_obj_ivar_idx_set(obj, (uint32_t)idx, val);
        return val;
    }
    return sp_ivar_set(obj, name, val);
}

int sp_ivar_foreach(sp_value obj, int (*fn)(sp_id, sp_value, void *), void *arg)
{
    if (!SP_HEAP_P(obj)) return 0;
    sp_class *k = ivar_class(obj);
    sp_ivtbl *t = __atomic_load_n(&k->ivtbl, __ATOMIC_ACQUIRE);
    if (!t) return 0;
    sp_ivars *_Atomic *slot = obj_slot(obj, 0);
    if (!slot && !obj_nembed(obj)) return 0;
    uint32_t n = __atomic_load_n(&t->count, __ATOMIC_ACQUIRE);
    for (uint32_t i = 0; i < n; i++) {
        sp_value v = ivar_read(obj, slot, (int)i);
        if (v != SP_UNDEF && fn(t->ids[i], v, arg)) return 1;
    }
    return 0;
}

static int list_fn(sp_id id, sp_value v, void *arg)
{
    if (sp_id_name(id)[0] != '@') return 0;     /* hidden runtime attributes */
    sp_ary_push(*(sp_value *)arg, SP_ID2SYM(id));
    return 0;
}

sp_value sp_ivar_list(sp_value obj)
{
    sp_value a = sp_ary_new();
    sp_ivar_foreach(obj, list_fn, &a);
    return a;
}

static int copy_fn(sp_id id, sp_value v, void *arg)
{
    sp_value dst = *(sp_value *)arg;
    int idx = ivtbl_index(ivar_class(dst), id, 1);
    ivar_write(dst, obj_slot(dst, 1), idx, v);
    return 0;
}

void sp_ivar_copy(sp_value dst, sp_value src)
{
    sp_ivar_foreach(src, copy_fn, &dst);
}

static sp_value ivar_remove(sp_value obj, sp_id name)
{
    sp_check_frozen(obj);
    int idx = ivtbl_index(ivar_class(obj), name, 0);
    sp_ivars *_Atomic *slot = idx >= 0 ? obj_slot(obj, 0) : NULL;
    sp_value v = idx >= 0 ? ivar_read(obj, slot, idx) : SP_UNDEF;
    if (v == SP_UNDEF)
        sp_raise_name_error(SP_ID2SYM(name), obj, "instance variable %s not defined", sp_id_name(name));
    ivar_write(obj, slot, idx, SP_UNDEF);
    return v;
}

/* ------------------------------------------------------------------ */
/* frozen                                                              */

void sp_check_frozen(sp_value obj)
{
    if (SP_FROZEN_P(obj)) sp_raise_frozen(obj);
}

sp_value sp_obj_freeze(sp_value obj)
{
    if (SP_HEAP_P(obj)) sp_hdr_flags_set(obj, SP_FL_FROZEN);
    return obj;
}

/* ------------------------------------------------------------------ */
/* to_s / inspect                                                      */

sp_value sp_any_to_s(sp_value obj)
{
    sp_value c = sp_obj_class(obj);
    return sp_str_format("#<%s:0x%016lx>", sp_str_cstr(sp_class_inspect(c)), (unsigned long)obj);
}

typedef struct insp_arg { sp_value str; int first; } insp_arg;

static int insp_fn(sp_id id, sp_value v, void *arg)
{
    insp_arg *a = arg;
    if (sp_id_name(id)[0] != '@') return 0;
    sp_str_cat(a->str, a->first ? " " : ", ", a->first ? 1 : 2);
    a->first = 0;
    sp_str_cat(a->str, sp_id_name(id), sp_id_len(id));
    sp_str_cat(a->str, "=", 1);
    sp_str_append(a->str, sp_inspect(v));
    return 0;
}

sp_value sp_obj_inspect_default(sp_value obj)
{
    sp_value c = sp_obj_class(obj);
    sp_value s = sp_str_format("#<%s:0x%016lx", sp_str_cstr(sp_class_inspect(c)), (unsigned long)obj);
    if (sp_guard_push(obj)) return sp_str_cat(s, " ...>", 5);
    insp_arg a = { s, 1 };
    /* pop the guard even when an ivar's #inspect raises */
    sp_ec *ec = sp_ec_current();
    sp_handler h;
    sp_push_handler(ec, &h, SP_H_ENSURE, NULL);
    if (_setjmp(h.jb) == 0) {
        sp_ivar_foreach(obj, insp_fn, &a);
        sp_pop_handler(ec, &h);
    } else {
        sp_pop_handler(ec, &h);
        sp_guard_pop(obj);
        sp_rejump(ec);
    }
    sp_guard_pop(obj);
    return sp_str_cat(s, ">", 1);
}

sp_value sp_inspect(sp_value v)
{
    sp_value r = sp_funcall(v, sp_intern("inspect"), 0, NULL, SP_NIL);
    if (!SP_HEAP_P(r) || SP_TYPE(r) != SP_T_STRING) return sp_any_to_s(v);
    return r;
}

sp_value sp_to_s(sp_value v)
{
    if (SP_HEAP_P(v) && SP_TYPE(v) == SP_T_STRING && SP_HDR(v)->klass == SP_CLASS(sp_cString)) return v;
    sp_value r = sp_funcall(v, sp_intern("to_s"), 0, NULL, SP_NIL);
    if (!SP_HEAP_P(r) || SP_TYPE(r) != SP_T_STRING) return sp_any_to_s(v);
    return r;
}

int sp_equal(sp_value a, sp_value b)
{
    if (a == b) return 1;
    return SP_RTEST(sp_funcall(a, sp_intern("=="), 1, &b, SP_NIL));
}

int sp_eql(sp_value a, sp_value b)
{
    if (a == b) return 1;
    return SP_RTEST(sp_funcall(a, sp_intern("eql?"), 1, &b, SP_NIL));
}

uint64_t sp_hash_value(sp_value v)
{
    sp_value h = sp_funcall(v, sp_intern("hash"), 0, NULL, SP_NIL);
    if (SP_FIXNUM_P(h)) return (uint64_t)SP_FIX2LONG(h);
    return (uint64_t)h;
}

/* ------------------------------------------------------------------ */
/* dup / clone                                                         */

static sp_cfunc obj_dup_fn(void);
static void obj_check_init_clone_kw(sp_value f);
static sp_value obj_clone_kw(sp_value obj, int freeze, sp_value kwfreeze);

static sp_value obj_copy_alloc(sp_value obj)
{
    sp_value c = sp_obj_class(obj);
    uint32_t t = SP_TYPE(obj);
    if (t == SP_T_OBJECT) return sp_obj_alloc(c);
    if (t == SP_T_EXCEPTION) {
        sp_value e = sp_exc_alloc(c);
        sp_exception *d = (sp_exception *)e, *s = (sp_exception *)obj;
        d->message = s->message;
        d->backtrace = s->backtrace;
        d->bt_nil = s->bt_nil;
        d->cause = s->cause;
        d->cause_set = s->cause_set;
        d->bt_raw = s->bt_raw;
        return e;
    }
    /* core types: their own #dup when they have one (it copies buffers),
     * else a shallow copy of the whole GC block (immutable payloads:
     * Range, Proc, Method, boxed Float, ...) */
    sp_method *m = sp_find_method(sp_class_of(obj), sp_intern("dup"));
    if (m && m->fn != obj_dup_fn()) return sp_method_invoke(m, obj, 0, NULL, SP_NIL);
    if (obj == sp_cBasicObject) sp_raise(sp_eTypeError, "can't copy the root class");
    size_t size = GC_size((void *)obj);
    if (!size) return SP_UNDEF;
    sp_header *h = GC_MALLOC(size);
    memcpy(h, (void *)obj, size);
    h->flags &= ~(uint32_t)SP_FL_FROZEN;
    h->klass = SP_CLASS(c);
    if (t == SP_T_CLASS || t == SP_T_MODULE) {
        sp_class *k = (sp_class *)h;
        k->path = NULL;
        pthread_mutex_init(&k->lock, NULL);
        k->origin = k->origin == SP_CLASS(obj) ? k : k->origin;
        k->ivars = NULL;
        k->cflags &= ~(uint32_t)SP_CF_TMPNAME;
        sp_class_copy_singleton(k, SP_CLASS(obj));
    }
    return (sp_value)h;
}

static sp_value init_copy(sp_value copy, sp_value orig)
{
    sp_funcall(copy, sp_intern("initialize_copy"), 1, &orig, SP_NIL);
    return copy;
}

static sp_cfunc obj_init_dup_fn(void);
static sp_cfunc obj_init_clone_fn(void);

/* CRuby's protocol: dup calls initialize_dup(orig), clone calls
 * initialize_clone(orig) (with `freeze:` when the caller passed true or
 * false); Kernel's versions of both call initialize_copy.  A class that
 * keeps Kernel's skips the extra call. */
static void init_dup_or_clone(sp_value copy, sp_value orig, int clone, sp_value kwfreeze)
{
    sp_id mid = sp_intern(clone ? "initialize_clone" : "initialize_dup");
    sp_method *m = sp_find_method(sp_class_of(copy), mid);
    if (m && m->fn == (clone ? obj_init_clone_fn() : obj_init_dup_fn())) {
        if (clone && kwfreeze != SP_UNDEF) obj_check_init_clone_kw(kwfreeze);
        init_copy(copy, orig);
        return;
    }
    if (kwfreeze == SP_UNDEF) { sp_funcall(copy, mid, 1, &orig, SP_NIL); return; }
    sp_value kw = sp_hash_new();
    sp_hash_aset(kw, sp_sym("freeze"), kwfreeze);
    sp_value a[2] = { orig, kw };
    sp_funcall(copy, mid, 2 | SP_ARGC_KW, a, SP_NIL);
}

sp_value sp_obj_dup(sp_value obj)
{
    if (!SP_HEAP_P(obj)) return obj;
    sp_value c = obj_copy_alloc(obj);
    if (c == SP_UNDEF) {
        sp_raise(sp_eTypeError, "can't dup %s", sp_obj_classname(obj));
    }
    sp_ivar_copy(c, obj);
    init_dup_or_clone(c, obj, 0, SP_UNDEF);
    return c;
}

sp_value sp_obj_clone(sp_value obj, int freeze) { return obj_clone_kw(obj, freeze, SP_UNDEF); }

/* kwfreeze: the `freeze:` keyword as given (true/false), SP_UNDEF without */
static sp_value obj_clone_kw(sp_value obj, int freeze, sp_value kwfreeze)
{
    if (!SP_HEAP_P(obj)) return obj;
    sp_value c = obj_copy_alloc(obj);
    if (c == SP_UNDEF) sp_raise(sp_eTypeError, "can't clone %s", sp_obj_classname(obj));
    sp_ivar_copy(c, obj);
    /* singleton methods: give the clone its own singleton with the same table */
    sp_class *k = SP_HDR(obj)->klass;
    if ((k->hdr.flags & SP_FL_SINGLETON) && k->attached == obj) {
        sp_class *s = SP_CLASS(sp_singleton_class(c));
        __atomic_store_n(&s->mtbl, __atomic_load_n(&k->mtbl, __ATOMIC_ACQUIRE), __ATOMIC_RELEASE);
        __atomic_store_n(&s->super, sp_class_super(k), __ATOMIC_RELEASE);
        __atomic_add_fetch(&sp_method_epoch, 1, __ATOMIC_RELEASE);
    }
    init_dup_or_clone(c, obj, 1, kwfreeze);
    if (freeze == 1 || (freeze < 0 && SP_FROZEN_P(obj))) sp_obj_freeze(c);
    return c;
}

/* ------------------------------------------------------------------ */
/* BasicObject / Object / Kernel methods                               */

SP_METHOD(obj_initialize) { return SP_NIL; }
SP_METHOD(obj_class) { return sp_obj_class(self); }
SP_METHOD(obj_singleton_class) { return sp_singleton_class_exposed(self); }
SP_METHOD(obj_equal) { return SP_BOOL(self == argv[0]); }
SP_METHOD(obj_not) { return SP_BOOL(!SP_RTEST(self)); }
/* BasicObject#!= calls ==, with no identity shortcut (unlike sp_equal):
 * a NaN is != itself, as in CRuby. */
static sp_id id_eq;   /* "==", set by sp_init_object before any Ruby code runs */

SP_METHOD(obj_neq) { return SP_BOOL(!SP_RTEST(sp_funcall(self, id_eq, 1, argv, SP_NIL))); }
SP_METHOD(obj_nil_p) { return SP_FALSE; }
SP_METHOD(obj_itself) { return self; }
SP_METHOD(obj_match) { return SP_NIL; }
SP_METHOD(obj_nmatch) { return SP_BOOL(!SP_RTEST(sp_funcall(self, sp_intern("=~"), 1, argv, SP_NIL))); }
SP_METHOD(obj_frozen_p)
{
    if (SP_FROZEN_P(self)) return SP_TRUE;
    /* a singleton class is frozen with the object it belongs to, as CRuby */
    if (SP_HEAP_P(self) && SP_TYPE(self) == SP_T_CLASS && (SP_CLASS(self)->hdr.flags & SP_FL_SINGLETON)) {
        sp_value o = SP_CLASS(self)->attached;
        return SP_BOOL(SP_HEAP_P(o) && SP_FROZEN_P(o));
    }
    return SP_FALSE;
}
SP_METHOD(obj_freeze) { return sp_obj_freeze(self); }
SP_METHOD(obj_to_s) { return sp_any_to_s(self); }
SP_METHOD(obj_inspect) { return sp_obj_inspect_default(self); }
SP_METHOD(obj_dup) { return sp_obj_dup(self); }
static sp_cfunc obj_dup_fn(void) { return obj_dup; }
SP_METHOD(obj_init_copy)
{
    if (self == argv[0]) return self;
    sp_check_frozen(self);
    if (sp_obj_class(self) != sp_obj_class(argv[0]))
        sp_raise(sp_eTypeError, "initialize_copy should take same class object");
    return self;
}

/* Kernel#initialize_dup(orig) / #initialize_clone(orig, freeze: nil):
 * call initialize_copy (the keyword checked as CRuby does) */
static void obj_check_init_clone_kw(sp_value f)
{
    if (f != SP_TRUE && f != SP_FALSE && f != SP_NIL)
        sp_raise(sp_eArgError, "unexpected value for freeze: %s", sp_obj_classname(f));
}

SP_METHOD(obj_init_dup)
{
    (void)blk;
    if (SP_ARGC(argc_) != 1) sp_raise_arity(SP_ARGC(argc_), 1, 1);
    sp_funcall(self, sp_intern("initialize_copy"), 1, argv, SP_NIL);
    return self;
}
static sp_cfunc obj_init_dup_fn(void) { return obj_init_dup; }

SP_METHOD(obj_init_clone)
{
    (void)blk;
    int n = SP_ARGC(argc_);
    if (argc_ & SP_ARGC_KW) {
        sp_value kw = argv[--n];
        sp_value f = sp_hash_lookup(kw, sp_sym("freeze"), SP_UNDEF);
        if (f == SP_UNDEF || sp_hash_size(kw) != 1) {
            sp_value keys = sp_funcall0(kw, "keys");
            if (f != SP_UNDEF) sp_funcall(keys, sp_intern("delete"), 1, (sp_value[]){ sp_sym("freeze") }, SP_NIL);
            sp_raise(sp_eArgError, "unknown keyword: %s",
                     sp_str_cstr(sp_inspect(sp_ary_entry(keys, 0))));
        }
        obj_check_init_clone_kw(f);
    }
    if (n != 1) sp_raise_arity(n, 1, 1);
    sp_funcall(self, sp_intern("initialize_copy"), 1, argv, SP_NIL);
    return self;
}
static sp_cfunc obj_init_clone_fn(void) { return obj_init_clone; }

int sp_clone_freeze_arg(sp_value self, int argc, const sp_value *argv)
{
    int freeze = SP_FROZEN_P(self);
    if (argc & SP_ARGC_KW) {
        sp_value kw = argv[SP_ARGC(argc) - 1];
        sp_value f = sp_hash_lookup(kw, sp_sym("freeze"), SP_UNDEF);
        if (f == SP_TRUE) freeze = 1;
        else if (f == SP_FALSE) freeze = 0;
        else if (f != SP_UNDEF && f != SP_NIL)
            sp_raise(sp_eArgError, "unexpected value for freeze: %s", sp_obj_classname(f));
    } else if (SP_ARGC(argc) > 0) {
        sp_raise_arity(SP_ARGC(argc), 0, 0);
    }
    return freeze;
}

SP_METHOD(obj_clone)
{
    int freeze = sp_clone_freeze_arg(self, argc_, argv);
    sp_value kwf = SP_UNDEF;
    if (argc_ & SP_ARGC_KW) {
        sp_value f = sp_hash_lookup(argv[SP_ARGC(argc_) - 1], sp_sym("freeze"), SP_UNDEF);
        if (f == SP_TRUE || f == SP_FALSE) kwf = f;
    }
    return obj_clone_kw(self, freeze, kwf);
}

SP_METHOD(obj_hash)
{
    uint64_t x = (uint64_t)self;
    x ^= x >> 33; x *= 0xff51afd7ed558ccdULL; x ^= x >> 33;
    return SP_FIX((int64_t)(x >> 2));
}

SP_METHOD(obj_object_id)
{
    if (SP_FIXNUM_P(self)) return SP_FIX(2 * SP_FIX2LONG(self) + 1);
    if (self == SP_NIL) return SP_FIX(8);
    if (self == SP_TRUE) return SP_FIX(20);
    if (self == SP_FALSE) return SP_FIX(0);
    return SP_FIX((int64_t)(self >> 3));
}

SP_METHOD(obj_is_a)
{
    sp_value k = argv[0];
    if (!SP_HEAP_P(k) || (SP_TYPE(k) != SP_T_CLASS && SP_TYPE(k) != SP_T_MODULE))
        sp_raise(sp_eTypeError, "class or module required");
    return SP_BOOL(sp_obj_is_kind_of(self, k));
}

SP_METHOD(obj_instance_of)
{
    sp_value k = argv[0];
    if (!SP_HEAP_P(k) || (SP_TYPE(k) != SP_T_CLASS && SP_TYPE(k) != SP_T_MODULE))
        sp_raise(sp_eTypeError, "class or module required");
    return SP_BOOL(sp_obj_class(self) == k);
}

SP_METHOD(obj_cmp)
{
    if (self == argv[0]) return SP_FIX(0);
    /* Comparable#== calls <=> which calls == : stop the cycle (nil) */
    if (sp_guard_push(self)) return SP_NIL;
    int eq = sp_equal(self, argv[0]);
    sp_guard_pop(self);
    return eq ? SP_FIX(0) : SP_NIL;
}
SP_METHOD(obj_eqq) { return SP_BOOL(sp_equal(self, argv[0])); }

sp_id sp_obj_arg_to_id(sp_value v)
{
    if (SP_SYMBOL_P(v)) return SP_SYM2ID(v);
    if (SP_HEAP_P(v) && SP_TYPE(v) == SP_T_STRING) return sp_intern_len(sp_str_ptr(v), sp_str_len(v));
    /* rb_check_id: an object with #to_str names by its String */
    sp_value s = SP_SPECIAL_CONST_P(v) ? SP_NIL : sp_try_convert(v, sp_cString, "to_str");
    if (s != SP_NIL) return sp_intern_len(sp_str_ptr(s), sp_str_len(s));
    sp_raise(sp_eTypeError, "%s is not a symbol nor a string", sp_str_cstr(sp_inspect(v)));
}

static sp_id ivar_name_arg(sp_value v)
{
    sp_id id = sp_obj_arg_to_id(v);
    if (!sp_id_is_ivar(id))
        sp_raise_name_error(SP_ID2SYM(id), SP_NIL, "'%s' is not allowed as an instance variable name",
                            sp_id_name(id));
    return id;
}

SP_METHOD(obj_ivar_get) { return sp_ivar_get(self, ivar_name_arg(argv[0])); }
SP_METHOD(obj_ivar_set) { return sp_ivar_set(self, ivar_name_arg(argv[0]), argv[1]); }
SP_METHOD(obj_ivar_defined) { return SP_BOOL(sp_ivar_defined(self, ivar_name_arg(argv[0]))); }
SP_METHOD(obj_ivars) { return sp_ivar_list(self); }
SP_METHOD(obj_remove_ivar) { return ivar_remove(self, ivar_name_arg(argv[0])); }

SP_METHOD(obj_send)
{
    if (argc < 1) sp_raise(sp_eArgError, "no method name given");
    sp_id mid = sp_obj_arg_to_id(argv[0]);
    return sp_funcall(self, mid, argc_ - 1, argv + 1, blk);
}

SP_METHOD(obj_public_send)
{
    if (argc < 1) sp_raise(sp_eArgError, "no method name given");
    return sp_public_send(self, sp_obj_arg_to_id(argv[0]), argc_ - 1, argv + 1, blk);
}

SP_METHOD(obj_respond_to)
{
    int n = argc;
    if (n < 1 || n > 2) sp_raise_arity(n, 1, 2);
    return SP_BOOL(sp_respond_to(self, sp_obj_arg_to_id(argv[0]), n > 1 && SP_RTEST(argv[1])));
}

SP_METHOD(obj_respond_to_missing) { return SP_FALSE; }

SP_METHOD(obj_tap)
{
    if (blk == SP_NIL) sp_raise_no_block();
    sp_yield1(blk, self);
    return self;
}

SP_METHOD(obj_then)
{
    if (blk == SP_NIL) return sp_funcall(self, sp_intern("enum_for"), 1, (sp_value[]){ sp_sym("then") }, SP_NIL);
    return sp_yield1(blk, self);
}

SP_METHOD(obj_extend)
{
    int n = argc;
    if (n == 0) sp_raise_arity(0, 1, -1);
    for (int i = n - 1; i >= 0; i--) {
        if (!SP_HEAP_P(argv[i]) || SP_TYPE(argv[i]) != SP_T_MODULE)
            sp_raise(sp_eTypeError, "wrong argument type %s (expected Module)", sp_obj_classname(argv[i]));
        /* mod.extend_object(obj) (overridable, e.g. MonitorMixin), then
         * mod.extended(obj); the builtin extend_object is done inline */
        sp_method *eo = sp_find_method(sp_class_of(argv[i]), sp_intern("extend_object"));
        if (eo && eo->owner != SP_CLASS(sp_cModule))
            sp_method_invoke(eo, argv[i], 1, &self, SP_NIL);
        else
            sp_include_module(sp_singleton_class(self), argv[i]);
        sp_method *m = sp_find_method(sp_class_of(argv[i]), sp_intern("extended"));
        if (m && m->src) sp_method_invoke(m, argv[i], 1, &self, SP_NIL);
    }
    return self;
}

SP_METHOD(obj_instance_exec) { return sp_obj_instance_exec(self, argc_, argv, blk); }

SP_METHOD(obj_instance_eval)
{
    if (blk == SP_NIL) sp_raise(sp_eArgError, "wrong number of arguments (given 0, expected 1..3)");
    sp_value a = self;
    return sp_obj_instance_exec(self, 1, &a, blk);
}

SP_METHOD(obj_method)
{
    sp_id mid = sp_obj_arg_to_id(argv[0]);
    sp_method *m = sp_find_method(sp_class_of(self), mid);
    if (!m) {
        if (sp_respond_to(self, mid, 1)) {
            /* respond_to_missing?: a Method that calls method_missing */
            return sp_method_obj_new(self, NULL, mid, 0);
        }
        sp_raise_name_error(argv[0], self, "undefined method '%s' for %s", sp_id_name(mid),
                            sp_str_cstr(sp_str_format("%s '%s'",
                                SP_HEAP_P(self) && SP_TYPE(self) == SP_T_MODULE ? "module" : "class",
                                sp_class_path(sp_obj_class(self)))));
    }
    return sp_method_obj_new(self, m, mid, 0);
}

/* Object#public_method: as #method, but a private or protected method is a
 * NameError ("method 'x' for class 'C' is private"). */
SP_METHOD(obj_public_method)
{
    sp_id mid = sp_obj_arg_to_id(argv[0]);
    sp_method *m = sp_find_method(sp_class_of(self), mid);
    if (m && m->visibility != SP_VIS_PUBLIC)
        sp_raise_name_error(argv[0], self, "method '%s' for %s '%s' is %s", sp_id_name(mid),
                            SP_HEAP_P(self) && SP_TYPE(self) == SP_T_MODULE ? "module" : "class",
                            sp_class_path(sp_obj_class(self)),
                            m->visibility == SP_VIS_PRIVATE ? "private" : "protected");
    return obj_method(self, argc_, argv, blk);
}

static sp_value obj_methods_common(sp_value self, int argc, const sp_value *argv, int pub_only);
SP_METHOD(obj_methods)
{
    if (argc > 0 && !SP_RTEST(argv[0])) {
        extern sp_value sp_obj_singleton_methods_list(sp_value self);
        return sp_obj_singleton_methods_list(self);
    }
    return obj_methods_common(self, argc_, argv, 0);
}
SP_METHOD(obj_public_methods) { return obj_methods_common(self, argc_, argv, 1); }
SP_METHOD(obj_private_methods) { return obj_methods_common(self, argc_, argv, 2); }
SP_METHOD(obj_protected_methods) { return obj_methods_common(self, argc_, argv, 3); }

static sp_value obj_methods_common(sp_value self, int argc, const sp_value *argv, int pub_only)
{
    int all = SP_ARGC(argc) == 0 || SP_RTEST(argv[0]);
    sp_value a = sp_ary_new();
    sp_value seen = sp_hash_new();
    for (sp_class *k = sp_class_of(self); k; k = sp_class_super(k)) {
        if (!all && k->hdr.type != SP_T_ICLASS && !(k->hdr.flags & SP_FL_SINGLETON) &&
            k != sp_class_of_realclass(sp_class_of(self))) break;
        sp_idtbl *t = sp_class_mtbl(k);
        if (!t) continue;
        for (uint32_t i = 0; i < t->count; i++) {
            sp_method *m = (sp_method *)t->ents[i].val;
            sp_value s = SP_ID2SYM(t->ents[i].key);
            if (sp_hash_lookup(seen, s, SP_UNDEF) != SP_UNDEF) continue;
            sp_hash_aset(seen, s, SP_TRUE);
            /* pub_only: 0 public+protected (#methods), 1 public, 2 private, 3 protected */
            int v = m->visibility;
            if (pub_only == 2 ? v == SP_VIS_PRIVATE : pub_only == 3 ? v == SP_VIS_PROTECTED
                : (v == SP_VIS_PUBLIC || (!pub_only && v == SP_VIS_PROTECTED)))
                sp_ary_push(a, s);
        }
    }
    return a;
}

static sp_value singleton_methods(sp_value self, int recur);
SP_METHOD(obj_singleton_methods)
{
    if (argc > 1) sp_raise_arity(argc, 0, 1);
    return singleton_methods(self, argc == 0 || SP_RTEST(argv[0]));
}
sp_value sp_obj_singleton_methods_list(sp_value self) { return singleton_methods(self, 0); }

/* rb_obj_singleton_methods: the public and protected methods of the
 * singleton class and, with recur, of the modules it includes (extend)
 * and, for a class, of its superclasses' singleton classes; each name
 * once, the first entry found deciding (a private or undefined one hides
 * the same name further up). */
static sp_value singleton_methods(sp_value self, int recur)
{
    sp_value a = sp_ary_new(), seen = sp_hash_new();
    sp_class *k = sp_class_of(self);
    for (int first = 1; k && ((k->hdr.flags & SP_FL_SINGLETON) || k->hdr.type == SP_T_ICLASS);
         k = sp_class_super(k), first = 0) {
        if (!first && !recur) break;
        if (first && !(k->hdr.flags & SP_FL_SINGLETON)) break;
        sp_idtbl *t = sp_class_mtbl(k);
        for (uint32_t i = 0; t && i < t->count; i++) {
            sp_method *m = (sp_method *)t->ents[i].val;
            sp_value s = SP_ID2SYM(t->ents[i].key);
            if (sp_hash_lookup(seen, s, SP_UNDEF) != SP_UNDEF) continue;
            sp_hash_aset(seen, s, SP_TRUE);
            if (m->visibility == SP_VIS_PUBLIC || m->visibility == SP_VIS_PROTECTED) sp_ary_push(a, s);
        }
    }
    return a;
}

SP_METHOD(obj_define_singleton_method)
{
    int n = argc;
    if (n < 1 || n > 2) sp_raise_arity(n, 1, 2);
    sp_value sk = sp_singleton_class(self);
    sp_value a[2] = { argv[0], n > 1 ? argv[1] : SP_NIL };
    return sp_funcall(sk, sp_intern("define_method"), n, a, blk);
}

SP_METHOD(obj_display)
{
    sp_value s = sp_to_s(self);
    sp_write_stdout(sp_str_ptr(s), sp_str_len(s));
    return SP_NIL;
}

SP_METHOD(obj_instance_variables_hash) { return sp_ivar_list(self); }

/* ---- nil / true / false ---- */

/* nil.to_s, true.to_s and false.to_s return one frozen String each, as
 * CRuby does (callers may compare identity).  Made on first use; a race
 * makes two and keeps the first published (the static slot is a GC root). */
static sp_value shared_fstr(sp_value *slot, const char *p, size_t n)
{
    sp_value v = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
    if (v) return v;
    sp_value s = sp_str_new_frozen(p, n), expect = 0;
    if (__atomic_compare_exchange_n(slot, &expect, s, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) return s;
    return expect;
}
static sp_value nil_str, true_str, false_str;
SP_METHOD(nil_to_s) { return shared_fstr(&nil_str, "", 0); }
SP_METHOD(nil_to_a) { return sp_ary_new(); }
SP_METHOD(nil_to_h) { return sp_hash_new(); }
SP_METHOD(nil_to_i) { return SP_FIX(0); }
SP_METHOD(nil_to_f) { return sp_float_new(0.0); }
SP_METHOD(nil_inspect) { return sp_str_new("nil", 3); }
SP_METHOD(nil_nil_p) { return SP_TRUE; }
SP_METHOD(nil_and) { return SP_FALSE; }
SP_METHOD(nil_or) { return SP_BOOL(SP_RTEST(argv[0])); }
SP_METHOD(true_to_s) { return shared_fstr(&true_str, "true", 4); }
SP_METHOD(true_and) { return SP_BOOL(SP_RTEST(argv[0])); }
SP_METHOD(true_or) { return SP_TRUE; }
SP_METHOD(true_xor) { return SP_BOOL(!SP_RTEST(argv[0])); }
SP_METHOD(false_to_s) { return shared_fstr(&false_str, "false", 5); }

/* rb_check_convert_type: obj if a klass, else obj.meth when obj responds
 * to it (private too) — nil or a klass, TypeError for anything else —,
 * else nil.  String.try_convert, Hash.try_convert. */
sp_value sp_try_convert(sp_value obj, sp_value klass, const char *meth)
{
    if (sp_obj_is_kind_of(obj, klass)) return obj;
    if (!sp_respond_to(obj, sp_intern(meth), 1)) return SP_NIL;
    sp_value r = sp_funcall0(obj, meth);
    if (r == SP_NIL || sp_obj_is_kind_of(r, klass)) return r;
    sp_raise_convert_gives(obj, sp_str_cstr(sp_class_name(klass)), meth, r);
}

void sp_raise_convert_gives(sp_value obj, const char *to, const char *meth, sp_value got)
{
    const char *cn = sp_obj_classname(obj);
    sp_raise(sp_eTypeError, "can't convert %s to %s (%s#%s gives %s)", cn, to, cn, meth,
             sp_obj_classname(got));
}

SP_METHOD(str_s_try_convert)
{
    (void)self; (void)argc_; (void)blk;
    return sp_try_convert(argv[0], sp_cString, "to_str");
}

void sp_init_object(void)
{
    sp_value bo = sp_cBasicObject, o = sp_cObject, k = sp_mKernel;
    id_eq = sp_intern("==");
    sp_define_singleton_method(sp_cString, "try_convert", str_s_try_convert, 1);
    sp_define_private_method(bo, "initialize", obj_initialize, 0);
    sp_define_method(bo, "==", obj_equal, 1);
    sp_define_method(bo, "equal?", obj_equal, 1);
    sp_define_method(bo, "!", obj_not, 0);
    sp_define_method(bo, "!=", obj_neq, 1);
    sp_define_method(bo, "__id__", obj_object_id, 0);
    sp_define_method(bo, "__send__", obj_send, -1);
    sp_define_method(bo, "instance_exec", obj_instance_exec, -1);
    sp_define_method(bo, "instance_eval", obj_instance_eval, -1);
    sp_define_private_method(bo, "singleton_method_added", obj_initialize, 1);

    sp_define_method(k, "class", obj_class, 0);
    sp_define_method(k, "singleton_class", obj_singleton_class, 0);
    sp_define_method(k, "nil?", obj_nil_p, 0);
    sp_define_method(k, "===", obj_eqq, 1);
    sp_define_method(k, "=~", obj_match, 1);
    sp_define_method(k, "!~", obj_nmatch, 1);
    sp_define_method(k, "eql?", obj_equal, 1);
    sp_define_method(k, "hash", obj_hash, 0);
    sp_define_method(k, "<=>", obj_cmp, 1);
    sp_define_method(k, "itself", obj_itself, 0);
    sp_define_method(k, "object_id", obj_object_id, 0);
    sp_define_method(k, "frozen?", obj_frozen_p, 0);
    sp_define_method(k, "freeze", obj_freeze, 0);
    sp_define_method(k, "to_s", obj_to_s, 0);
    sp_define_method(k, "inspect", obj_inspect, 0);
    sp_define_method(k, "dup", obj_dup, 0);
    sp_define_method(k, "clone", obj_clone, -1);
    sp_define_private_method(k, "initialize_copy", obj_init_copy, 1);
    sp_define_private_method(k, "initialize_dup", obj_init_dup, -1);
    sp_define_private_method(k, "initialize_clone", obj_init_clone, -1);
    sp_define_method(k, "is_a?", obj_is_a, 1);
    sp_define_method(k, "kind_of?", obj_is_a, 1);
    sp_define_method(k, "instance_of?", obj_instance_of, 1);
    sp_define_method(k, "instance_variable_get", obj_ivar_get, 1);
    sp_define_method(k, "instance_variable_set", obj_ivar_set, 2);
    sp_define_method(k, "instance_variable_defined?", obj_ivar_defined, 1);
    sp_define_method(k, "instance_variables", obj_ivars, 0);
    sp_define_method(k, "remove_instance_variable", obj_remove_ivar, 1);
    sp_define_method(k, "send", obj_send, -1);
    sp_define_method(k, "public_send", obj_public_send, -1);
    sp_define_method(k, "respond_to?", obj_respond_to, -1);
    sp_define_private_method(k, "respond_to_missing?", obj_respond_to_missing, 2);
    sp_define_method(k, "tap", obj_tap, 0);
    sp_define_method(k, "then", obj_then, 0);
    sp_define_method(k, "yield_self", obj_then, 0);
    sp_define_method(k, "extend", obj_extend, -1);
    sp_define_method(k, "method", obj_method, 1);
    sp_define_method(k, "public_method", obj_public_method, 1);
    sp_define_method(k, "methods", obj_methods, -1);
    sp_define_method(k, "public_methods", obj_public_methods, -1);
    sp_define_method(k, "private_methods", obj_private_methods, -1);
    sp_define_method(k, "protected_methods", obj_protected_methods, -1);
    sp_define_method(k, "singleton_methods", obj_singleton_methods, -1);
    sp_define_method(k, "define_singleton_method", obj_define_singleton_method, -1);
    sp_define_method(k, "display", obj_display, 0);
    (void)obj_instance_variables_hash;
    (void)o;

    sp_value n = sp_cNilClass;
    sp_define_method(n, "to_s", nil_to_s, 0);
    sp_define_method(n, "to_a", nil_to_a, 0);
    sp_define_method(n, "to_h", nil_to_h, 0);
    sp_define_method(n, "to_i", nil_to_i, 0);
    sp_define_method(n, "to_f", nil_to_f, 0);
    sp_define_method(n, "inspect", nil_inspect, 0);
    sp_define_method(n, "nil?", nil_nil_p, 0);
    sp_define_method(n, "&", nil_and, 1);
    sp_define_method(n, "|", nil_or, 1);
    sp_define_method(n, "^", nil_or, 1);
    sp_define_method(n, "=~", obj_match, 1);
    sp_value t = sp_cTrueClass;
    sp_define_method(t, "to_s", true_to_s, 0);
    sp_define_method(t, "inspect", true_to_s, 0);
    sp_define_method(t, "&", true_and, 1);
    sp_define_method(t, "|", true_or, 1);
    sp_define_method(t, "^", true_xor, 1);
    sp_value f = sp_cFalseClass;
    sp_define_method(f, "to_s", false_to_s, 0);
    sp_define_method(f, "inspect", false_to_s, 0);
    sp_define_method(f, "&", nil_and, 1);
    sp_define_method(f, "|", nil_or, 1);
    sp_define_method(f, "^", nil_or, 1);
}

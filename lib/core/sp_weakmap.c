/*
 * sp_weakmap.c — ObjectSpace::WeakMap: a map whose keys and values do not
 * keep their objects alive (the weakref library is built on it), and
 * ObjectSpace::WeakKeyMap: weak keys compared by eql?/hash, values held
 * while their key lives.
 *
 * Semantics (CRuby 3.4): WeakMap keys are compared by identity; an entry
 * vanishes once its key or its value has been collected; immediates
 * (Integers, Symbols, nil, true, false, flonums) are allowed as keys and
 * values and never vanish; iteration is in insertion order.  WeakKeyMap
 * keys must be collectable objects (ArgumentError otherwise); a lookup
 * finds the entry whose key is eql? to the argument with the same #hash.
 *
 * Representation: an SP_T_DATA object with
 *   ents  entries { key, val, hash, flags } in insertion order, in
 *         pointer-free GC memory (not scanned, so the map holds its keys
 *         and values weakly); each key and value that is a heap object
 *         is a Boehm disappearing link (GC_general_register_disappearing_
 *         link): the collector zeroes the field when the object dies.
 *   idx   an open-addressing index (linear probing) of entry number + 1,
 *         0 for a free cell; a deleted or dead entry keeps its cell (it
 *         never matches: `used` is cleared, or its heap key was zeroed)
 *         until the next rebuild, which compacts the live entries and
 *         re-registers their links at their new addresses.
 *   vals  WeakKeyMap only: the values, parallel to ents, in scanned
 *         memory (strong); a dead entry's value is dropped at the next
 *         rebuild.
 * Invariants: an entry is live iff used and neither its heap key nor its
 * heap value was zeroed (`false` is the word 0, so the flags say which
 * fields hold heap objects); every registered link is a field of the
 * current `ents` (a rebuild or delete unregisters the old ones first).
 * The collector clears links with the world stopped, and a value read
 * from a field is on the reader's stack from then on, so it stays alive.
 *
 * Threads: one sp_spin per map (doc/sync.md: rank SP_RANK_WAITLIST, held
 * for a lookup or an update, never across Ruby code: iteration and
 * inspect copy the live entries into a scanned snapshot under the lock
 * and call the block after releasing it).  No global lock.  WeakKeyMap's
 * #hash and #eql? are Ruby calls, so they run outside the lock: the
 * candidates with the argument's hash are copied under it, compared
 * after releasing it, and the entry then found again by identity; an
 * insertion re-checks the map's version (bumped by every insertion and
 * deletion) so two threads never add equal keys twice.
 */
#include "spinel.h"
#include "sp_sync.h"
#include "sp_string.h"
#include "sp_class.h"

#include <gc/gc.h>
#include <string.h>

enum { WE_USED = 1, WE_KHEAP = 2, WE_VHEAP = 4 };

typedef struct wm_ent {
    sp_value key, val;     /* disappearing links when heap objects */
    uint32_t hash;
    uint32_t flags;        /* WE_* */
} wm_ent;

typedef struct sp_weakmap {
    sp_header hdr;
    uint32_t magic;
    sp_spin lock;
    wm_ent *ents;          /* pointer-free GC block: weak */
    uint32_t *idx;         /* pointer-free GC block */
    long nents, capents;   /* entries used (live or not) / allocated */
    long capidx;           /* a power of two, >= 2 * capents */
    sp_value *vals;        /* WeakKeyMap: the values (scanned), else NULL */
    int eql;               /* WeakKeyMap: keys by eql?/hash */
    unsigned long version; /* insertions + deletions */
} sp_weakmap;

#define WM_MAGIC 0x57454b4du      /* "WEKM" */

static sp_value cWeakMap, cWeakKeyMap;

static sp_weakmap *as_wm(sp_value v)
{
    if (SP_HEAP_P(v) && SP_TYPE(v) == SP_T_DATA && ((sp_weakmap *)v)->magic == WM_MAGIC) return (sp_weakmap *)v;
    sp_raise(sp_eTypeError, "wrong argument type %s (expected ObjectSpace::WeakMap)", sp_obj_classname(v));
}

static sp_value wkm_alloc(sp_value klass)
{
    sp_weakmap *m = sp_alloc(sizeof *m, klass, SP_T_DATA);
    m->magic = WM_MAGIC;
    m->eql = 1;
    return (sp_value)m;
}

static sp_value wm_alloc(sp_value klass)
{
    sp_weakmap *m = sp_alloc(sizeof *m, klass, SP_T_DATA);
    m->magic = WM_MAGIC;
    return (sp_value)m;
}

/* A value the collector can take: a heap object the GC allocated. */
static int collectable(sp_value v)
{
    return SP_HEAP_P(v) && GC_base((void *)v) == (void *)v;
}

static uint32_t id_hash(sp_value k)
{
    uint64_t x = (uint64_t)k * 0x9E3779B97F4A7C15ull;
    return (uint32_t)(x >> 32);
}

static int ent_live(const wm_ent *e)
{
    if (!(e->flags & WE_USED)) return 0;
    if ((e->flags & WE_KHEAP) && !__atomic_load_n(&e->key, __ATOMIC_RELAXED)) return 0;
    if ((e->flags & WE_VHEAP) && !__atomic_load_n(&e->val, __ATOMIC_RELAXED)) return 0;
    return 1;
}

static void link_field(sp_value *field, sp_value v, int heap)
{
    *field = v;
    if (heap) GC_general_register_disappearing_link((void **)field, (void *)v);
}

static void unlink_ent(wm_ent *e)
{
    if (e->flags & WE_KHEAP) GC_unregister_disappearing_link((void **)&e->key);
    if (e->flags & WE_VHEAP) GC_unregister_disappearing_link((void **)&e->val);
}

/* The live entry of key k, or NULL.  Lock held. */
static wm_ent *find_locked(sp_weakmap *m, sp_value k, uint32_t h)
{
    if (!m->capidx) return NULL;
    for (long i = h & (m->capidx - 1);; i = (i + 1) & (m->capidx - 1)) {
        uint32_t x = m->idx[i];
        if (!x) return NULL;
        wm_ent *e = &m->ents[x - 1];
        if (e->hash == h && e->key == k && ent_live(e)) return e;
    }
}

static void index_put(uint32_t *idx, long capidx, uint32_t h, uint32_t no)
{
    long i = h & (capidx - 1);
    while (idx[i]) i = (i + 1) & (capidx - 1);
    idx[i] = no;
}

/* New arrays holding the live entries, with room for one more.  The
 * allocations happen under the lock: the collector never takes it, and
 * the links must move with no window where a dying object is missed.
 * Lock held. */
static void rebuild_locked(sp_weakmap *m)
{
    long live = 0;
    for (long i = 0; i < m->nents; i++) if (ent_live(&m->ents[i])) live++;
    long cap = 8;
    while (cap < 2 * (live + 1)) cap *= 2;
    long capidx = 2 * cap;
    wm_ent *ne = sp_alloc_atomic((size_t)cap * sizeof *ne);
    uint32_t *ni = sp_alloc_atomic((size_t)capidx * sizeof *ni);
    memset(ni, 0, (size_t)capidx * sizeof *ni);
    sp_value *nv = NULL;
    if (m->eql) {
        nv = sp_alloc_words_uninit((size_t)cap * sizeof *nv);
        for (long i = 0; i < cap; i++) nv[i] = SP_NIL;
    }
    long n = 0;
    for (long i = 0; i < m->nents; i++) {
        wm_ent *e = &m->ents[i];
        sp_value k = e->key, v = e->val;     /* on this stack now: alive */
        int live_e = ent_live(e);
        unlink_ent(e);
        if (!live_e) continue;
        wm_ent *d = &ne[n];
        d->hash = e->hash;
        d->flags = e->flags;
        link_field(&d->key, k, e->flags & WE_KHEAP);
        link_field(&d->val, v, e->flags & WE_VHEAP);
        if (nv) nv[n] = m->vals[i];
        n++;
        index_put(ni, capidx, d->hash, (uint32_t)n);
    }
    m->ents = ne;
    m->idx = ni;
    m->vals = nv;
    m->nents = n;
    m->capents = cap;
    m->capidx = capidx;
}

/* Drop entry e; its value.  Lock held. */
static sp_value remove_locked(sp_weakmap *m, wm_ent *e)
{
    long i = e - m->ents;
    sp_value v = m->vals ? m->vals[i] : e->val;
    unlink_ent(e);
    e->flags = 0;
    e->key = e->val = 0;
    if (m->vals) m->vals[i] = SP_NIL;
    m->version++;
    return v;
}

static void wm_set(sp_weakmap *m, sp_value k, sp_value v)
{
    uint32_t h = id_hash(k);
    int vheap = collectable(v);
    sp_spin_lock(&m->lock);
    wm_ent *e = find_locked(m, k, h);
    if (e) {
        if (e->flags & WE_VHEAP) GC_unregister_disappearing_link((void **)&e->val);
        e->flags = (e->flags & ~(uint32_t)WE_VHEAP) | (vheap ? WE_VHEAP : 0);
        link_field(&e->val, v, vheap);
    } else {
        if (m->nents == m->capents) rebuild_locked(m);
        e = &m->ents[m->nents++];
        e->hash = h;
        e->flags = WE_USED | (collectable(k) ? WE_KHEAP : 0) | (vheap ? WE_VHEAP : 0);
        link_field(&e->key, k, e->flags & WE_KHEAP);
        link_field(&e->val, v, vheap);
        index_put(m->idx, m->capidx, h, (uint32_t)m->nents);
        m->version++;
    }
    sp_spin_unlock(&m->lock);
}

/* The value of key k into *out; 0 when absent. */
static int wm_get(sp_weakmap *m, sp_value k, sp_value *out)
{
    uint32_t h = id_hash(k);
    sp_spin_lock(&m->lock);
    wm_ent *e = find_locked(m, k, h);
    if (e) *out = e->val;
    sp_spin_unlock(&m->lock);
    return e != NULL;
}

/* The live entries, copied into an Array (strong while the caller holds
 * it): keys at [2i], values at [2i+1]. */
static sp_value wm_snapshot(sp_weakmap *m)
{
    sp_value r = sp_ary_new_from(0, NULL);
    sp_spin_lock(&m->lock);
    for (long i = 0; i < m->nents; i++) {
        wm_ent *e = &m->ents[i];
        sp_value k = e->key, v = e->val;
        if (!ent_live(e)) continue;
        sp_ary_push(r, k);     /* a fresh Array: no Ruby code, no lock of another object */
        sp_ary_push(r, v);
    }
    sp_spin_unlock(&m->lock);
    return r;
}

/* ---- methods ---- */

SP_METHOD(wm_m_aref)
{
    sp_value v;
    return wm_get(as_wm(self), argv[0], &v) ? v : SP_NIL;
}

SP_METHOD(wm_m_aset)
{
    wm_set(as_wm(self), argv[0], argv[1]);
    return argv[1];
}

SP_METHOD(wm_m_key_p)
{
    sp_value v;
    return SP_BOOL(wm_get(as_wm(self), argv[0], &v));
}

SP_METHOD(wm_m_delete)
{
    sp_weakmap *m = as_wm(self);
    sp_value k = argv[0], v = SP_NIL;
    uint32_t h = id_hash(k);
    sp_spin_lock(&m->lock);
    wm_ent *e = find_locked(m, k, h);
    if (e) v = remove_locked(m, e);
    sp_spin_unlock(&m->lock);
    if (e) return v;
    return blk != SP_NIL ? sp_yield(blk, 1, &k) : SP_NIL;
}

SP_METHOD(wm_m_size)
{
    sp_weakmap *m = as_wm(self);
    long n = 0;
    sp_spin_lock(&m->lock);
    for (long i = 0; i < m->nents; i++) n += ent_live(&m->ents[i]);
    sp_spin_unlock(&m->lock);
    return SP_FIX(n);
}

/* what: 0 each/each_pair, 1 each_key, 2 each_value */
static sp_value wm_each(sp_value self, sp_value blk, int what)
{
    sp_value s = wm_snapshot(as_wm(self));
    for (long i = 0; i + 1 < sp_ary_len(s); i += 2) {
        /* CRuby yields without checking first: an empty map needs no block */
        if (blk == SP_NIL) sp_raise(sp_eLocalJumpError, "no block given");
        if (what == 0) sp_yield2(blk, sp_ary_entry(s, i), sp_ary_entry(s, i + 1));
        else { sp_value x = sp_ary_entry(s, i + (what == 2)); sp_yield(blk, 1, &x); }
    }
    return self;
}

SP_METHOD(wm_m_each) { return wm_each(self, blk, 0); }
SP_METHOD(wm_m_each_key) { return wm_each(self, blk, 1); }
SP_METHOD(wm_m_each_value) { return wm_each(self, blk, 2); }

static sp_value wm_list(sp_value self, int vals)
{
    sp_value s = wm_snapshot(as_wm(self));
    sp_value r = sp_ary_new_from(0, NULL);
    for (long i = vals; i < sp_ary_len(s); i += 2) sp_ary_push(r, sp_ary_entry(s, i));
    return r;
}

SP_METHOD(wm_m_keys) { return wm_list(self, 0); }
SP_METHOD(wm_m_values) { return wm_list(self, 1); }

/* CRuby's: heap objects as #<Class:0x...> (no recursion into them),
 * immediates inspected. */
static void inspect_item(sp_value str, sp_value v)
{
    sp_str_append(str, SP_HEAP_P(v) ? sp_any_to_s(v) : sp_inspect(v));
}

SP_METHOD(wm_m_inspect)
{
    sp_value s = wm_snapshot(as_wm(self));
    sp_value str = sp_str_format("#<%s:0x%016lx", sp_str_cstr(sp_class_inspect(sp_obj_class(self))),
                                 (unsigned long)self);
    for (long i = 0; i + 1 < sp_ary_len(s); i += 2) {
        sp_str_cat_cstr(str, i ? ", " : ": ");
        inspect_item(str, sp_ary_entry(s, i));
        sp_str_cat_cstr(str, " => ");
        inspect_item(str, sp_ary_entry(s, i + 1));
    }
    sp_str_cat_cstr(str, ">");
    return str;
}

/* ---- WeakKeyMap ---- */

static uint32_t eql_hash(sp_value k)
{
    return id_hash((sp_value)sp_hash_value(k));
}

/* The key in m eql? to k (the stored object), or SP_UNDEF; *version: the
 * map's version when the candidates were taken.  Ruby code (eql?) runs
 * with the lock released. */
static sp_value wkm_resolve(sp_weakmap *m, sp_value k, uint32_t h, unsigned long *version)
{
    sp_value cands = sp_ary_new_from(0, NULL);
    sp_spin_lock(&m->lock);
    *version = m->version;
    if (m->capidx) {
        for (long i = h & (m->capidx - 1);; i = (i + 1) & (m->capidx - 1)) {
            uint32_t x = m->idx[i];
            if (!x) break;
            wm_ent *e = &m->ents[x - 1];
            sp_value key = e->key;
            if (e->hash == h && ent_live(e)) sp_ary_push(cands, key);
        }
    }
    sp_spin_unlock(&m->lock);
    for (long i = 0; i < sp_ary_len(cands); i++) {
        sp_value c = sp_ary_entry(cands, i);
        if (c == k || sp_eql(k, c)) return c;
    }
    return SP_UNDEF;
}

/* The live entry of the stored key sk (from wkm_resolve), or NULL.  Lock held. */
static wm_ent *wkm_entry_locked(sp_weakmap *m, sp_value sk, uint32_t h)
{
    return sk == SP_UNDEF ? NULL : find_locked(m, sk, h);
}

SP_METHOD(wkm_m_aset)
{
    sp_weakmap *m = as_wm(self);
    sp_value k = argv[0], v = argv[1];
    if (!collectable(k)) sp_raise(sp_eArgError, "WeakKeyMap must be garbage collectable");
    uint32_t h = eql_hash(k);
    for (;;) {
        unsigned long ver;
        sp_value sk = wkm_resolve(m, k, h, &ver);
        sp_spin_lock(&m->lock);
        if (m->version != ver) { sp_spin_unlock(&m->lock); continue; }   /* changed meanwhile: look again */
        wm_ent *e = wkm_entry_locked(m, sk, h);
        if (!e) {
            if (m->nents == m->capents) rebuild_locked(m);
            e = &m->ents[m->nents++];
            e->hash = h;
            e->flags = WE_USED | WE_KHEAP;
            link_field(&e->key, k, 1);
            e->val = 0;
            index_put(m->idx, m->capidx, h, (uint32_t)m->nents);
            m->version++;
        }
        m->vals[e - m->ents] = v;
        sp_spin_unlock(&m->lock);
        return v;
    }
}

/* what: 0 the value (nil), 1 key? (bool), 2 getkey (the stored key or nil) */
static sp_value wkm_get(sp_value self, sp_value k, int what)
{
    sp_weakmap *m = as_wm(self);
    if (!collectable(k)) return what == 1 ? SP_FALSE : SP_NIL;
    uint32_t h = eql_hash(k);
    unsigned long ver;
    sp_value sk = wkm_resolve(m, k, h, &ver), r = SP_NIL;
    int found = 0;
    sp_spin_lock(&m->lock);
    wm_ent *e = wkm_entry_locked(m, sk, h);
    if (e) { found = 1; r = what == 2 ? sk : m->vals[e - m->ents]; }
    sp_spin_unlock(&m->lock);
    return what == 1 ? SP_BOOL(found) : r;
}

SP_METHOD(wkm_m_aref) { return wkm_get(self, argv[0], 0); }
SP_METHOD(wkm_m_key_p) { return wkm_get(self, argv[0], 1); }
SP_METHOD(wkm_m_getkey) { return wkm_get(self, argv[0], 2); }

SP_METHOD(wkm_m_delete)
{
    sp_weakmap *m = as_wm(self);
    sp_value k = argv[0], v = SP_NIL;
    wm_ent *e = NULL;
    if (collectable(k)) {
        uint32_t h = eql_hash(k);
        unsigned long ver;
        sp_value sk = wkm_resolve(m, k, h, &ver);
        sp_spin_lock(&m->lock);
        e = wkm_entry_locked(m, sk, h);
        if (e) v = remove_locked(m, e);
        sp_spin_unlock(&m->lock);
    }
    if (e) return v;
    return blk != SP_NIL ? sp_yield(blk, 1, &k) : SP_NIL;
}

SP_METHOD(wkm_m_clear)
{
    sp_weakmap *m = as_wm(self);
    sp_spin_lock(&m->lock);
    for (long i = 0; i < m->nents; i++) if (m->ents[i].flags & WE_USED) remove_locked(m, &m->ents[i]);
    sp_spin_unlock(&m->lock);
    return self;
}

SP_METHOD(wkm_m_inspect)
{
    sp_weakmap *m = as_wm(self);
    long n = 0;
    sp_spin_lock(&m->lock);
    for (long i = 0; i < m->nents; i++) n += ent_live(&m->ents[i]);
    sp_spin_unlock(&m->lock);
    return sp_str_format("#<%s:0x%016lx size=%ld>", sp_str_cstr(sp_class_inspect(sp_obj_class(self))),
                         (unsigned long)self, n);
}

void sp_init_weakmap(void)
{
    sp_value c = cWeakMap = sp_define_class_under(sp_mObjectSpace, "WeakMap", sp_cObject);
    sp_class_set_allocator(c, wm_alloc);
    sp_include_module(c, sp_mEnumerable);
    sp_define_method(c, "[]", wm_m_aref, 1);
    sp_define_method(c, "[]=", wm_m_aset, 2);
    sp_define_method(c, "key?", wm_m_key_p, 1);
    sp_define_method(c, "include?", wm_m_key_p, 1);
    sp_define_method(c, "member?", wm_m_key_p, 1);
    sp_define_method(c, "delete", wm_m_delete, 1);
    sp_define_method(c, "size", wm_m_size, 0);
    sp_define_method(c, "length", wm_m_size, 0);
    sp_define_method(c, "each", wm_m_each, 0);
    sp_define_method(c, "each_pair", wm_m_each, 0);
    sp_define_method(c, "each_key", wm_m_each_key, 0);
    sp_define_method(c, "each_value", wm_m_each_value, 0);
    sp_define_method(c, "keys", wm_m_keys, 0);
    sp_define_method(c, "values", wm_m_values, 0);
    sp_define_method(c, "inspect", wm_m_inspect, 0);

    c = cWeakKeyMap = sp_define_class_under(sp_mObjectSpace, "WeakKeyMap", sp_cObject);
    sp_class_set_allocator(c, wkm_alloc);
    sp_define_method(c, "[]", wkm_m_aref, 1);
    sp_define_method(c, "[]=", wkm_m_aset, 2);
    sp_define_method(c, "key?", wkm_m_key_p, 1);
    sp_define_method(c, "getkey", wkm_m_getkey, 1);
    sp_define_method(c, "delete", wkm_m_delete, 1);
    sp_define_method(c, "clear", wkm_m_clear, 0);
    sp_define_method(c, "inspect", wkm_m_inspect, 0);
}

/*
 * sp_hash.c — Hash: insertion-ordered open-addressing table.
 *
 * Representation (sp_hash.h): h->tab -> {capa, used, mask, ents[capa],
 * idx[mask + 1]}.  ents holds entries in insertion order (deleted ones
 * have key SP_UNDEF); idx maps hash slots to entry numbers with linear
 * probing.  idx has at least 2 * capa slots, so probe chains stay short
 * and a free slot always exists.  Lookup: O(1) expected; insert:
 * amortised O(1) (the table is rebuilt, compacting deleted entries, when
 * ents is full); delete: O(1) (tombstone entry); iteration: O(used).
 *
 * Keys: Integer/Symbol/String/Float keys hash and compare without a
 * method call; other keys use #hash and #eql? (sp_hash_value/sp_eql).
 * Unfrozen String keys are copied and frozen on insert, like CRuby.
 *
 * Publication rule (race safety): a table's capacities never change.
 * Insert into spare room writes the entry, then its idx slot, then
 * `used` (release).  A full table is rebuilt into a fresh table that is
 * published with a release store; old tables stay alive for readers.
 * Readers load tab once and bounds-check every entry number against
 * min(used, capa) of that table; probing is bounded by the idx size.
 * Racing writers may lose updates; nobody crashes.
 */
#include "sp_hash.h"
#include "sp_numeric.h"
#include "sp_string.h"
#include "sp_array.h"
#include "sp_enum.h"
#include "sp_lock.h"

#include <math.h>
#include <string.h>

#define H(v) ((sp_hash *)(v))

/* ------------------------------------------------------------------ */
/* Key hashing and equality                                            */

static inline uint64_t mix(uint64_t x)
{
    x ^= x >> 33; x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33; x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

uint64_t sp_key_hash(sp_value k)
{
    if (SP_FIXNUM_P(k) || SP_SYMBOL_P(k) || k == SP_NIL || k == SP_TRUE || k == SP_FALSE)
        return mix((uint64_t)k);
    if (sp_str_p(k)) return sp_str_hash(k);
    if (sp_float_p(k) || sp_bignum_p(k)) return sp_num_hash(k);
    return mix(sp_hash_value(k));
}

int sp_key_eql(sp_value a, sp_value b)
{
    if (a == b) return 1;
    if (SP_FIXNUM_P(a) || SP_SYMBOL_P(a) || (SP_SPECIAL_CONST_P(a) && !SP_FLONUM_P(a))) return 0;
    if (sp_str_p(a)) return sp_str_p(b) && sp_str_equal(a, b);
    if (sp_float_p(a)) return sp_float_p(b) && sp_flo(a) == sp_flo(b);
    return sp_eql(a, b);
}

static inline uint64_t hkey(sp_value h, sp_value k)
{
    return H(h)->identity ? mix((uint64_t)k) : sp_key_hash(k);
}

static inline int keq(sp_value h, sp_value a, sp_value b)
{
    return H(h)->identity ? a == b : sp_key_eql(a, b);
}

/* ------------------------------------------------------------------ */
/* Tables                                                              */

static sp_hashtab *tab_new(long capa)
{
    if (capa < 8) capa = 8;
    uint32_t isz = 16;
    while (isz < (uint64_t)capa * 2) isz <<= 1;
    /* Entries right after the index in one block: a lookup in a Hash
     * that is not in cache (one of many small records) misses on the
     * table and its entries in neighbouring lines instead of in two
     * separate blocks.  isz >= 16, so the entries stay 8-byte aligned. */
    sp_hashtab *t = GC_MALLOC(sizeof(sp_hashtab) + sizeof(int32_t) * isz + sizeof(sp_hent) * (size_t)capa);
    t->capa = capa;
    t->used = 0;
    t->mask = isz - 1;
    memset(t->idx, 0xff, sizeof(int32_t) * isz);
    t->ents = (sp_hent *)(t->idx + isz);
    return t;
}

static inline sp_hashtab *htab(sp_value h) { return __atomic_load_n(&H(h)->tab, __ATOMIC_ACQUIRE); }

static inline long tab_used(sp_hashtab *t)
{
    long u = __atomic_load_n(&t->used, __ATOMIC_ACQUIRE);
    return u > t->capa ? t->capa : u;
}

/* key.eql?(k) for a String key whose bytes are kp[0, kl): a stored String
 * is compared in place (same bytes, and the same encoding unless ASCII);
 * String#eql? of anything else is false. */
static inline int str_key_eq(sp_value k, sp_value key, const char *kp, size_t kl)
{
    if (!sp_str_p(k)) return 0;
    size_t l;
    const char *p = sp_str_snap(k, &l);
    if (l != kl || memcmp(p, kp, kl) != 0) return 0;
    return sp_str_enc_bits(k) == sp_str_enc_bits(key) || sp_str_equal(k, key);
}

/* Does a key's eql? run Ruby code?  A lookup compares as CRuby's st
 * does, key.eql?(stored) (sp_key_eql(key, k)), which calls a method only
 * for keys other than these, whatever the stored keys are. */
static inline int key_calls_eql(sp_value k)
{
    return !SP_SPECIAL_CONST_P(k) && !sp_str_p(k) && !sp_float_p(k) && !sp_bignum_p(k);
}

/* Answers of key.eql?(k[i]) obtained with the lock dropped
 * (hash_find_mt); k/r start in the inline arrays and move to the heap
 * past EQMEMO_INLINE answers. */
#define EQMEMO_INLINE 4
typedef struct eqmemo {
    long n, cap;
    sp_value *k;
    int *r;
    sp_value k0[EQMEMO_INLINE];
    int r0[EQMEMO_INLINE];
} eqmemo;

/* Entry number of key, or -1.  A String key of an eql? hash has its
 * bytes read once for the whole probe (str_key_eq).  With `ask` (callers
 * holding the object lock) and a key whose eql? is Ruby code, no eql? is
 * called: a candidate's memo answer is used, or the probe stops with -2
 * and *ask = that candidate.  The unlocked callers pass NULL and the
 * test folds away. */
static inline __attribute__((always_inline))
long tab_find_x(sp_value h, sp_hashtab *t, sp_value key, uint64_t hv, const eqmemo *m, sp_value *ask)
{
    if (!t) return -1;
    int skey = !H(h)->identity && sp_str_p(key);
    size_t kl = 0;
    const char *kp = skey ? sp_str_snap(key, &kl) : NULL;
    long used = tab_used(t);
    uint32_t i = (uint32_t)hv & t->mask;
    for (uint32_t probes = 0; probes <= t->mask; probes++, i = (i + 1) & t->mask) {
        int32_t e = __atomic_load_n(&t->idx[i], __ATOMIC_ACQUIRE);
        if (e < 0) return -1;
        if (e >= used) continue;
        sp_hent *ent = &t->ents[e];
        if (ent->hash != hv) continue;
        sp_value k = __atomic_load_n(&ent->key, __ATOMIC_RELAXED);   /* a locked writer may delete it */
        if (k == SP_UNDEF) continue;
        if (k == key) return e;
        if (ask && !H(h)->identity && key_calls_eql(key)) {
            long j = 0;
            while (j < m->n && m->k[j] != k) j++;
            if (j == m->n) { *ask = k; return -2; }
            if (m->r[j]) return e;
            continue;
        }
        if (skey ? str_key_eq(k, key, kp, kl) : keq(h, key, k)) return e;
    }
    return -1;
}

static long tab_find(sp_value h, sp_hashtab *t, sp_value key, uint64_t hv)
{
    return tab_find_x(h, t, key, hv, NULL, NULL);
}

/* Container invariants (debug builds): used within capa, size equal to
 * the live entries (counted for tables up to 4096 entries). */
static void hash_check(sp_value h)
{
#ifdef SP_DEBUG
    sp_hashtab *t = H(h)->tab;
    if (!t) { SP_ASSERT(H(h)->size == 0); return; }
    SP_ASSERT(t->used >= 0 && t->used <= t->capa);
    if (t->used > 4096) return;
    long live = 0;
    for (long i = 0; i < t->used; i++) if (t->ents[i].key != SP_UNDEF) live++;
    SP_ASSERT(live == H(h)->size);
#else
    (void)h;
#endif
}

static void tab_place(sp_hashtab *t, long e, uint64_t hv)
{
    uint32_t i = (uint32_t)hv & t->mask;
    for (uint32_t probes = 0; probes <= t->mask; probes++, i = (i + 1) & t->mask) {
        if (t->idx[i] < 0) { __atomic_store_n(&t->idx[i], (int32_t)e, __ATOMIC_RELEASE); return; }
    }
}

/* Rebuild into a table with room for at least `need` live entries. */
static sp_hashtab *tab_rebuild(sp_value h, sp_hashtab *old, long need)
{
    long live = 0;
    long used = old ? tab_used(old) : 0;
    for (long i = 0; i < used; i++) if (old->ents[i].key != SP_UNDEF) live++;
    long capa = need > live * 2 ? need : live * 2;
    sp_hashtab *t = tab_new(capa);
    long n = 0;
    for (long i = 0; i < used; i++) {
        sp_hent *e = &old->ents[i];
        if (e->key == SP_UNDEF) continue;
        if (n >= t->capa) break;
        t->ents[n] = *e;
        tab_place(t, n, e->hash);
        n++;
    }
    t->used = n;
    __atomic_store_n(&H(h)->tab, t, __ATOMIC_RELEASE);
    __atomic_store_n(&H(h)->size, n, __ATOMIC_RELEASE);
    return t;
}

/* ------------------------------------------------------------------ */
/* Core API                                                            */

static sp_value hash_alloc(sp_value klass)
{
    sp_hash *h = sp_alloc(sizeof(sp_hash), klass, SP_T_HASH);
    h->tab = NULL;
    h->size = 0;
    h->ifnone = SP_NIL;
    h->default_proc = SP_NIL;
    h->identity = 0;
    return (sp_value)h;
}

sp_value sp_hash_new(void) { return hash_alloc(sp_cHash); }

static void hash_modify(sp_value h)
{
    if (SP_HDR(h)->flags & SP_FL_FROZEN) sp_check_frozen(h);
}

static void memo_add(eqmemo *m, sp_value k, int r)
{
    if (m->n == m->cap) {
        long cap = m->cap * 2;
        sp_value *nk = GC_MALLOC(sizeof(sp_value) * (size_t)cap);
        int *nr = sp_alloc_atomic(sizeof(int) * (size_t)cap);
        memcpy(nk, m->k, sizeof(sp_value) * (size_t)m->n);
        memcpy(nr, m->r, sizeof(int) * (size_t)m->n);
        m->k = nk; m->r = nr; m->cap = cap;
    }
    m->k[m->n] = k; m->r[m->n] = r; m->n++;
}

/* Find key in h under h's object lock (*tok, possibly NULL: not locking).
 * A key whose eql? is Ruby code is asked about each candidate with the
 * lock dropped, and the probe restarted (the table may have changed
 * meanwhile: the user method may even have changed h); the answers are
 * remembered for the restarts, so each candidate is asked once.  The
 * user method may block, raise (the lock is not held: nothing to
 * release) or use h.  Locked builtins that nest Hash operations (update,
 * replace, rehash, compare_by_identity) lock only for keys that call no
 * Ruby code, so a nested find never has to ask (SP_ASSERT). */
static long hash_find_mt(sp_value h, sp_value key, uint64_t hv, sp_lk_stripe **tok)
{
    eqmemo m;
    m.n = 0; m.cap = EQMEMO_INLINE; m.k = m.k0; m.r = m.r0;
    for (;;) {
        sp_value ask = SP_UNDEF;
        long e = tab_find_x(h, htab(h), key, hv, &m, &ask);
        if (e != -2) return e;
        SP_ASSERT(sp_ec_current()->lk_depth == 1);
        sp_lk_drop(*tok);
        int r = keq(h, key, ask);
        *tok = sp_lk_take(h);
        memo_add(&m, ask, r);
    }
}

long sp_hash_size(sp_value h) { long s = __atomic_load_n(&H(h)->size, __ATOMIC_ACQUIRE); return s < 0 ? 0 : s; }

sp_value sp_hash_lookup(sp_value h, sp_value key, sp_value ifnone)
{
    sp_hashtab *t = htab(h);
    if (!t) return ifnone;
    long e = tab_find(h, t, key, hkey(h, key));
    if (e < 0) return ifnone;
    return __atomic_load_n(&t->ents[e].val, __ATOMIC_RELAXED);   /* lock-free reader */
}

sp_value sp_hash_default(sp_value h, sp_value key)
{
    if (H(h)->default_proc != SP_NIL) {
        sp_value args[2] = { h, key };
        return sp_proc_call(H(h)->default_proc, 2, args, SP_NIL);
    }
    return H(h)->ifnone;
}

sp_value sp_hash_aref(sp_value h, sp_value key)
{
    sp_value v = sp_hash_lookup(h, key, SP_UNDEF);
    if (v != SP_UNDEF) return v;
    if (SP_HDR(h)->klass != (sp_class *)sp_cHash) {
        /* subclasses may override #default */
        return sp_funcall1(h, "default", key);
    }
    return sp_hash_default(h, key);
}

static void hash_insert(sp_value h, sp_value key, sp_value val, uint64_t hv)
{
    if (SP_UNLIKELY(__atomic_load_n(&H(h)->iter_lev, __ATOMIC_RELAXED) > 0))
        sp_raise(sp_eRuntimeError, "can't add a new key into hash during iteration");
    sp_hashtab *t = htab(h);
    if (!t || tab_used(t) >= t->capa) t = tab_rebuild(h, t, 8);
    long e = tab_used(t);
    if (e >= t->capa) return;  /* lost race */
    sp_hent *ent = &t->ents[e];
    ent->hash = hv;
    ent->val = val;
    __atomic_store_n(&ent->key, key, __ATOMIC_RELEASE);
    tab_place(t, e, hv);
    __atomic_store_n(&t->used, e + 1, __ATOMIC_RELEASE);
    __atomic_store_n(&H(h)->size, sp_hash_size(h) + 1, __ATOMIC_RELEASE);
}

/* h[key] = val with key's hash already computed, under h's object lock. */
static void hash_aset_locked(sp_value h, sp_value key, sp_value val, uint64_t hv)
{
    SP_LOCKED(h);
    long e = hash_find_mt(h, key, hv, &sp_lk_tok_);
    if (e >= 0) __atomic_store_n(&htab(h)->ents[e].val, val, __ATOMIC_RELEASE);
    else {
        if (sp_str_p(key) && !H(h)->identity) key = sp_str_frozen_key(key);
        hash_insert(h, key, val, hv);
    }
    hash_check(h);
}

sp_value sp_hash_aset(sp_value h, sp_value key, sp_value val)
{
    hash_modify(h);
    uint64_t hv = hkey(h, key);   /* #hash is Ruby code: before any lock */
    if (SP_UNLIKELY(__atomic_load_n(&sp_lk_on, __ATOMIC_RELAXED))) {
        hash_aset_locked(h, key, val, hv);
        return val;
    }
    sp_hashtab *t = htab(h);
    long e = tab_find(h, t, key, hv);
    if (e >= 0) { __atomic_store_n(&t->ents[e].val, val, __ATOMIC_RELEASE); return val; }
    if (sp_str_p(key) && !H(h)->identity) key = sp_str_frozen_key(key);
    hash_insert(h, key, val, hv);
    return val;
}

/* h[key] = val unless key is present (Set#add?): 1 when added. */
int sp_hash_add_new(sp_value h, sp_value key, sp_value val)
{
    hash_modify(h);
    uint64_t hv = hkey(h, key);
    SP_LOCKED(h);
    long e = sp_lk_tok_ ? hash_find_mt(h, key, hv, &sp_lk_tok_) : tab_find(h, htab(h), key, hv);
    if (e >= 0) return 0;
    if (sp_str_p(key) && !H(h)->identity) key = sp_str_frozen_key(key);
    hash_insert(h, key, val, hv);
    hash_check(h);
    return 1;
}

int sp_hash_aset_direct(sp_value h, sp_value key, sp_value val)
{
    if (!(SP_FIXNUM_P(key) || SP_SYMBOL_P(key) ||
          (SP_HEAP_P(key) && SP_HDR(key)->klass == (sp_class *)sp_cString)))
        return 0;
    if (__atomic_load_n(&H(h)->iter_lev, __ATOMIC_RELAXED) > 0) return 0;
    sp_hash_aset(h, key, val);
    return 1;
}

/* Remove entry e of h's current table t (tombstone); its value. */
static sp_value ent_delete(sp_value h, sp_hashtab *t, long e)
{
    sp_value v = t->ents[e].val;
    __atomic_store_n(&t->ents[e].key, SP_UNDEF, __ATOMIC_RELEASE);
    __atomic_store_n(&t->ents[e].val, SP_NIL, __ATOMIC_RELAXED);   /* readers take no lock */
    __atomic_store_n(&H(h)->size, sp_hash_size(h) - 1, __ATOMIC_RELEASE);
    return v;
}

sp_value sp_hash_delete(sp_value h, sp_value key)
{
    hash_modify(h);
    uint64_t hv = hkey(h, key);
    SP_LOCKED(h);
    long e = sp_lk_tok_ ? hash_find_mt(h, key, hv, &sp_lk_tok_) : tab_find(h, htab(h), key, hv);
    if (e < 0) return SP_UNDEF;
    sp_value v = ent_delete(h, htab(h), e);
    hash_check(h);
    return v;
}

void sp_hash_clear(sp_value h)
{
    hash_modify(h);
    SP_LOCKED(h);
    __atomic_store_n(&H(h)->tab, (sp_hashtab *)NULL, __ATOMIC_RELEASE);
    __atomic_store_n(&H(h)->size, 0, __ATOMIC_RELEASE);
}

/* Iterate live entries in order.  Re-reads the table each step so a
 * rebuild during iteration cannot send us out of bounds. */
void sp_hash_foreach(sp_value h, int (*fn)(sp_value k, sp_value v, void *arg), void *arg)
{
    for (long i = 0;; i++) {
        sp_hashtab *t = htab(h);
        if (!t || i >= tab_used(t)) break;
        sp_value k = __atomic_load_n(&t->ents[i].key, __ATOMIC_ACQUIRE);
        if (k == SP_UNDEF) continue;
        if (fn(k, __atomic_load_n(&t->ents[i].val, __ATOMIC_RELAXED), arg)) break;
    }
}

/* Snapshot of live entries as parallel arrays (for methods that call
 * blocks which may modify the hash). */
typedef struct hsnap { long n; sp_value *k, *v; } hsnap;

static hsnap hash_snap(sp_value h)
{
    hsnap s = { 0, NULL, NULL };
    sp_hashtab *t = htab(h);
    if (!t) return s;
    long used = tab_used(t);
    s.k = GC_MALLOC(sizeof(sp_value) * (size_t)(used + 1));
    s.v = GC_MALLOC(sizeof(sp_value) * (size_t)(used + 1));
    for (long i = 0; i < used; i++) {
        sp_value k = __atomic_load_n(&t->ents[i].key, __ATOMIC_ACQUIRE);
        if (k == SP_UNDEF) continue;
        /* val is stored atomically by a racing sp_hash_aset: load it so too */
        s.k[s.n] = k; s.v[s.n] = __atomic_load_n(&t->ents[i].val, __ATOMIC_RELAXED); s.n++;
    }
    return s;
}

/* No key of s runs Ruby code to hash or compare: operations rebuilding
 * a Hash from such a snapshot lock it for the whole rebuild. */
static int snap_plain(const hsnap *s)
{
    for (long i = 0; i < s->n; i++) if (key_calls_eql(s->k[i])) return 0;
    return 1;
}

static sp_value pair(sp_value k, sp_value v)
{
    sp_value a[2] = { k, v };
    return sp_ary_new_from(2, a);
}

sp_value sp_hash_dup(sp_value h)
{
    sp_value d = hash_alloc(sp_cHash);
    hsnap s = hash_snap(h);
    H(d)->identity = H(h)->identity;
    for (long i = 0; i < s.n; i++) hash_insert(d, s.k[i], s.v[i], hkey(d, s.k[i]));
    H(d)->ifnone = H(h)->ifnone;
    H(d)->default_proc = H(h)->default_proc;
    return d;
}

sp_value sp_hash_keys(sp_value h)
{
    hsnap s = hash_snap(h);
    return sp_ary_new_from(s.n, s.k);
}
sp_value sp_hash_values(sp_value h)
{
    hsnap s = hash_snap(h);
    return sp_ary_new_from(s.n, s.v);
}
sp_value sp_hash_to_a(sp_value h)
{
    hsnap s = hash_snap(h);
    sp_value a = sp_ary_new_capa(s.n);
    for (long i = 0; i < s.n; i++) sp_ary_push(a, pair(s.k[i], s.v[i]));
    return a;
}

/* ------------------------------------------------------------------ */
/* inspect                                                             */

static int ident_start(int c) { return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80; }
static int ident_char(int c) { return ident_start(c) || (c >= '0' && c <= '9'); }

/* Can :sym be written as `sym:` in a hash literal? */
static int simple_sym_key(sp_value sym)
{
    sp_id id = SP_SYM2ID(sym);
    const char *s = sp_id_name(id);
    size_t n = sp_id_len(id);
    if (n == 0 || !ident_start((unsigned char)s[0])) return 0;
    for (size_t i = 1; i < n; i++) {
        int c = (unsigned char)s[i];
        if (ident_char(c)) continue;
        if ((c == '?' || c == '!') && i == n - 1) continue;
        return 0;
    }
    return 1;
}

sp_value sp_hash_inspect(sp_value h)
{
    if (sp_hash_size(h) == 0) return sp_str_new("{}", 2);
    if (sp_guard_push(h)) return sp_str_new("{...}", 5);
    hsnap s = hash_snap(h);
    sp_value out = sp_str_buf_new((size_t)s.n * 8 + 2);
    sp_str_cat(out, "{", 1);
    for (long i = 0; i < s.n; i++) {
        if (i) sp_str_cat(out, ", ", 2);
        sp_value k = s.k[i];
        if (SP_SYMBOL_P(k)) {
            if (simple_sym_key(k)) {
                sp_id id = SP_SYM2ID(k);
                sp_str_cat(out, sp_id_name(id), sp_id_len(id));
            } else {
                sp_id id = SP_SYM2ID(k);
                sp_value ks = sp_str_new(sp_id_name(id), sp_id_len(id));
                sp_str_inspect_cat(out, ks);
            }
            sp_str_cat(out, ": ", 2);
        } else {
            sp_str_append(out, sp_str_p(k) ? sp_str_inspect(k) : sp_inspect(k));
            sp_str_cat(out, " => ", 4);
        }
        sp_value v = s.v[i];
        sp_str_append(out, sp_str_p(v) ? sp_str_inspect(v) : sp_inspect(v));
    }
    sp_str_cat(out, "}", 1);
    sp_guard_pop(h);
    return out;
}

int sp_hash_equal(sp_value a, sp_value b)
{
    if (a == b) return 1;
    if (sp_hash_size(a) != sp_hash_size(b)) return 0;
    hsnap s = hash_snap(a);
    for (long i = 0; i < s.n; i++) {
        sp_value v = sp_hash_lookup(b, s.k[i], SP_UNDEF);
        if (v == SP_UNDEF) return 0;
        if (v != s.v[i] && !sp_equal(s.v[i], v)) return 0;
    }
    return 1;
}

/* ------------------------------------------------------------------ */
/* Methods                                                             */

static sp_value to_hash_arg(sp_value v)
{
    if (sp_hash_p(v)) return v;
    if (!SP_SPECIAL_CONST_P(v) && sp_respond_to(v, sp_intern("to_hash"), 1)) return sp_funcall0(v, "to_hash");
    sp_raise_type(v, "Hash");
}

/* Hash.try_convert(obj): obj, obj.to_hash (a Hash or nil), or nil. */
SP_METHOD(h_s_try_convert) { return sp_try_convert(argv[0], sp_cHash, "to_hash"); }

/* Hash#flatten(level = 1): to_a.flatten(level). */
SP_METHOD(h_flatten)
{
    sp_value a = sp_hash_to_a(self);
    sp_value level = argc ? argv[0] : SP_FIX(1);
    return sp_funcall1(a, "flatten", level);
}

SP_METHOD(h_s_new)
{
    sp_value h = hash_alloc(self);
    int n = argc - ((argc_ & SP_ARGC_KW) ? 1 : 0);
    if (blk != SP_NIL) {
        if (n > 0) sp_raise_arity(n, 0, 0);
        H(h)->default_proc = blk;
    } else if (n > 0) H(h)->ifnone = argv[0];
    if (n > 1) sp_raise_arity(n, 0, 1);
    return h;
}

SP_METHOD(h_s_aref)
{
    sp_value h = hash_alloc(self);
    if (argc == 1 && sp_hash_p(argv[0])) {
        hsnap s = hash_snap(argv[0]);
        for (long i = 0; i < s.n; i++) sp_hash_aset(h, s.k[i], s.v[i]);
        return h;
    }
    if (argc == 1 && sp_ary_p(argv[0])) {
        for (long i = 0; i < sp_ary_len(argv[0]); i++) {
            sp_value pr = sp_check_array(sp_ary_entry(argv[0], i));
            if (pr == SP_NIL) sp_raise(sp_eArgError, "wrong element type %s at %ld (expected array)", sp_obj_classname(sp_ary_entry(argv[0], i)), i);
            sp_hash_aset(h, sp_ary_entry(pr, 0), sp_ary_entry(pr, 1));
        }
        return h;
    }
    if (argc % 2) sp_raise(sp_eArgError, "odd number of arguments for Hash");
    for (int i = 0; i < argc; i += 2) sp_hash_aset(h, argv[i], argv[i + 1]);
    return h;
}

SP_METHOD(h_initialize) { return self; }

SP_METHOD(h_aref) { return sp_hash_aref(self, argv[0]); }
SP_METHOD(h_aset) { return sp_hash_aset(self, argv[0], argv[1]); }

SP_METHOD(h_fetch)
{
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    sp_value v = sp_hash_lookup(self, argv[0], SP_UNDEF);
    if (v != SP_UNDEF) return v;
    if (blk != SP_NIL) return sp_yield1(blk, argv[0]);
    if (argc > 1) return argv[1];
    sp_value msg = sp_str_new_cstr("key not found: ");
    sp_str_append(msg, sp_inspect(argv[0]));
    sp_raise_key_error(msg, self, argv[0]);
}

SP_METHOD(h_key_p) { return SP_BOOL(sp_hash_lookup(self, argv[0], SP_UNDEF) != SP_UNDEF); }

SP_METHOD(h_value_p)
{
    hsnap s = hash_snap(self);
    for (long i = 0; i < s.n; i++) if (sp_equal(s.v[i], argv[0])) return SP_TRUE;
    return SP_FALSE;
}

SP_METHOD(h_key)
{
    hsnap s = hash_snap(self);
    for (long i = 0; i < s.n; i++) if (sp_equal(s.v[i], argv[0])) return s.k[i];
    return SP_NIL;
}

SP_METHOD(h_dig)
{
    if (argc < 1) sp_raise_arity(argc, 1, -1);
    return sp_dig_rest(sp_hash_aref(self, argv[0]), argc - 1, argv + 1);
}

SP_METHOD(h_delete)
{
    sp_value v = sp_hash_delete(self, argv[0]);
    if (v != SP_UNDEF) return v;
    if (blk != SP_NIL) return sp_yield1(blk, argv[0]);
    return SP_NIL;
}

/* each/each_pair: while the block runs, adding a key raises
 * RuntimeError like CRuby (iter_lev, restored by an ensure handler when
 * the block breaks or raises). */
/* Yield one entry as [k, v].  A non-lambda block with two or more
 * required parameters (|k, v|) would auto-splat that Array at once, so it
 * gets k and v as two arguments without the Array (CRuby's
 * rb_block_pair_yield_optimizable): the same bindings, no allocation per
 * entry.  Lambdas and |pair| / |k, *rest| blocks get the Array. */
static inline sp_value yield_pair(sp_value blk, sp_value k, sp_value v)
{
    if (SP_HEAP_P(blk)) {
        sp_proc *p = (sp_proc *)blk;
        if (!(p->hdr.flags & SP_FL_LAMBDA) && p->min_args >= 2) {
            sp_value a[2] = { k, v };
            if (p->max_args == 2) return p->fn(p, 2, a, SP_NIL);
            return sp_yield(blk, 2, a);
        }
    }
    return sp_yield1(blk, pair(k, v));
}

SP_METHOD(h_each)
{
    SP_RETURN_ENUM(self, "each", argc_, argv);
    sp_ec *ec = sp_ec_current();
    sp_handler hd;
    __atomic_add_fetch(&H(self)->iter_lev, 1, __ATOMIC_RELAXED);
    sp_push_handler(ec, &hd, SP_H_ENSURE, NULL);
    if (_setjmp(hd.jb) == 0) {
        for (long i = 0;; i++) {
            sp_hashtab *t = htab(self);
            if (!t || i >= tab_used(t)) break;
            sp_value k = __atomic_load_n(&t->ents[i].key, __ATOMIC_ACQUIRE);
            if (k == SP_UNDEF) continue;
            yield_pair(blk, k, __atomic_load_n(&t->ents[i].val, __ATOMIC_RELAXED));
        }
        sp_pop_handler(ec, &hd);
        __atomic_sub_fetch(&H(self)->iter_lev, 1, __ATOMIC_RELAXED);
        return self;
    }
    sp_pop_handler(ec, &hd);
    __atomic_sub_fetch(&H(self)->iter_lev, 1, __ATOMIC_RELAXED);
    sp_rejump(ec);
}

SP_METHOD(h_each_key)
{
    SP_RETURN_ENUM(self, "each_key", argc_, argv);
    hsnap s = hash_snap(self);
    for (long i = 0; i < s.n; i++) sp_yield1(blk, s.k[i]);
    return self;
}

SP_METHOD(h_each_value)
{
    SP_RETURN_ENUM(self, "each_value", argc_, argv);
    hsnap s = hash_snap(self);
    for (long i = 0; i < s.n; i++) sp_yield1(blk, s.v[i]);
    return self;
}


SP_METHOD(h_select)
{
    SP_RETURN_ENUM(self, "select", argc_, argv);
    hsnap s = hash_snap(self);
    sp_value r = sp_hash_new();
    for (long i = 0; i < s.n; i++) if (SP_RTEST(yield_pair(blk, s.k[i], s.v[i]))) sp_hash_aset(r, s.k[i], s.v[i]);
    return r;
}

SP_METHOD(h_reject)
{
    SP_RETURN_ENUM(self, "reject", argc_, argv);
    hsnap s = hash_snap(self);
    sp_value r = sp_hash_new();
    for (long i = 0; i < s.n; i++) if (!SP_RTEST(yield_pair(blk, s.k[i], s.v[i]))) sp_hash_aset(r, s.k[i], s.v[i]);
    return r;
}

static sp_value filter_b(sp_value self, sp_value blk, int keep_truthy, int nil_if_same)
{
    hash_modify(self);
    hsnap s = hash_snap(self);
    long removed = 0;
    for (long i = 0; i < s.n; i++) {
        if (SP_RTEST(yield_pair(blk, s.k[i], s.v[i])) != keep_truthy) { sp_hash_delete(self, s.k[i]); removed++; }
    }
    if (nil_if_same && removed == 0) return SP_NIL;
    return self;
}
SP_METHOD(h_select_b) { SP_RETURN_ENUM(self, "select!", argc_, argv); return filter_b(self, blk, 1, 1); }
SP_METHOD(h_keep_if) { SP_RETURN_ENUM(self, "keep_if", argc_, argv); return filter_b(self, blk, 1, 0); }
SP_METHOD(h_reject_b) { SP_RETURN_ENUM(self, "reject!", argc_, argv); return filter_b(self, blk, 0, 1); }
SP_METHOD(h_delete_if) { SP_RETURN_ENUM(self, "delete_if", argc_, argv); return filter_b(self, blk, 0, 0); }

SP_METHOD(h_any)
{
    hsnap s = hash_snap(self);
    if (argc > 0) {
        for (long i = 0; i < s.n; i++) if (SP_RTEST(sp_funcall1(argv[0], "===", pair(s.k[i], s.v[i])))) return SP_TRUE;
        return SP_FALSE;
    }
    if (blk == SP_NIL) return SP_BOOL(s.n > 0);
    for (long i = 0; i < s.n; i++) if (SP_RTEST(yield_pair(blk, s.k[i], s.v[i]))) return SP_TRUE;
    return SP_FALSE;
}

SP_METHOD(h_count)
{
    if (argc == 0 && blk == SP_NIL) return SP_FIX(sp_hash_size(self));
    hsnap s = hash_snap(self);
    long c = 0;
    for (long i = 0; i < s.n; i++) {
        sp_value pr = pair(s.k[i], s.v[i]);
        if (argc > 0 ? sp_equal(pr, argv[0]) : SP_RTEST(sp_yield1(blk, pr))) c++;
    }
    return SP_FIX(c);
}

SP_METHOD(h_keys) { return sp_hash_keys(self); }
SP_METHOD(h_values) { return sp_hash_values(self); }
SP_METHOD(h_to_a) { return sp_hash_to_a(self); }
SP_METHOD(h_size) { return SP_FIX(sp_hash_size(self)); }
SP_METHOD(h_empty) { return SP_BOOL(sp_hash_size(self) == 0); }
SP_METHOD(h_inspect) { return sp_hash_inspect(self); }

SP_METHOD(h_to_h)
{
    if (blk == SP_NIL) {
        if (SP_HDR(self)->klass != (sp_class *)sp_cHash) { sp_value d = sp_hash_dup(self); return d; }
        return self;
    }
    hsnap s = hash_snap(self);
    sp_value r = sp_hash_new();
    for (long i = 0; i < s.n; i++) {
        sp_value x = yield_pair(blk, s.k[i], s.v[i]);
        sp_value e = sp_check_array(x);   /* to_ary only, as rb_check_array_type */
        if (e == SP_NIL)
            sp_raise(sp_eTypeError, "wrong element type %s (expected array)",
                     x == SP_NIL ? "nil" : x == SP_TRUE ? "true" : x == SP_FALSE ? "false" : sp_obj_classname(x));
        if (sp_ary_len(e) != 2)
            sp_raise(sp_eArgError, "element has wrong array length (expected 2, was %ld)", sp_ary_len(e));
        sp_hash_aset(r, sp_ary_entry(e, 0), sp_ary_entry(e, 1));
    }
    return r;
}

SP_METHOD(h_values_at)
{
    sp_value r = sp_ary_new_capa(argc);
    for (int i = 0; i < argc; i++) sp_ary_push(r, sp_hash_aref(self, argv[i]));
    return r;
}

SP_METHOD(h_fetch_values)
{
    sp_value r = sp_ary_new_capa(argc);
    for (int i = 0; i < argc; i++) sp_ary_push(r, h_fetch(self, 1, &argv[i], blk));
    return r;
}

static void merge_into(sp_value dst, sp_value src, sp_value blk)
{
    hsnap s = hash_snap(to_hash_arg(src));
    for (long i = 0; i < s.n; i++) {
        sp_value v = s.v[i];
        if (blk != SP_NIL) {
            sp_value old = sp_hash_lookup(dst, s.k[i], SP_UNDEF);
            if (old != SP_UNDEF) {
                sp_value args[3] = { s.k[i], old, v };
                v = sp_yield(blk, 3, args);
            }
        }
        sp_hash_aset(dst, s.k[i], v);
    }
}

SP_METHOD(h_merge)
{
    sp_value r = sp_hash_dup(self);
    for (int i = 0; i < argc; i++) merge_into(r, argv[i], blk);
    return r;
}
SP_METHOD(h_update)
{
    hash_modify(self);
    if (blk == SP_NIL && argc == 1 && sp_hash_p(argv[0])) {
        /* atomic: the argument's snapshot is stored under self's lock */
        hsnap s = hash_snap(argv[0]);
        SP_LOCKED_IF(snap_plain(&s), self);
        for (long i = 0; i < s.n; i++) sp_hash_aset(self, s.k[i], s.v[i]);
        return self;
    }
    for (int i = 0; i < argc; i++) merge_into(self, argv[i], blk);
    return self;
}

SP_METHOD(h_transform_values)
{
    SP_RETURN_ENUM(self, "transform_values", argc_, argv);
    hsnap s = hash_snap(self);
    sp_value r = sp_hash_new();
    for (long i = 0; i < s.n; i++) sp_hash_aset(r, s.k[i], sp_yield1(blk, s.v[i]));
    return r;
}
SP_METHOD(h_transform_values_b)
{
    SP_RETURN_ENUM(self, "transform_values!", argc_, argv);
    hash_modify(self);
    hsnap s = hash_snap(self);
    for (long i = 0; i < s.n; i++) sp_hash_aset(self, s.k[i], sp_yield1(blk, s.v[i]));
    return self;
}

SP_METHOD(transform_keys)
{
    hsnap s = hash_snap(self);
    sp_value r = sp_hash_new();
    sp_value map = argc > 0 ? to_hash_arg(argv[0]) : SP_NIL;
    for (long i = 0; i < s.n; i++) {
        sp_value nk;
        if (map != SP_NIL) {
            nk = sp_hash_lookup(map, s.k[i], SP_UNDEF);
            if (nk == SP_UNDEF) nk = blk != SP_NIL ? sp_yield1(blk, s.k[i]) : s.k[i];
        } else nk = sp_yield1(blk, s.k[i]);
        sp_hash_aset(r, nk, s.v[i]);
    }
    return r;
}
SP_METHOD(h_transform_keys)
{
    if (argc == 0) SP_RETURN_ENUM(self, "transform_keys", argc_, argv);
    return transform_keys(self, argc, argv, blk);
}
SP_METHOD(h_transform_keys_b)
{
    if (argc == 0) SP_RETURN_ENUM(self, "transform_keys!", argc_, argv);
    hash_modify(self);
    sp_value r = transform_keys(self, argc, argv, blk);
    sp_hash_clear(self);
    merge_into(self, r, SP_NIL);
    return self;
}

SP_METHOD(h_default)
{
    if (argc > 0 && H(self)->default_proc != SP_NIL) return sp_hash_default(self, argv[0]);
    return H(self)->ifnone;
}
SP_METHOD(h_set_default)
{
    hash_modify(self);
    H(self)->ifnone = argv[0];
    H(self)->default_proc = SP_NIL;
    return argv[0];
}
SP_METHOD(h_default_proc) { return H(self)->default_proc; }
SP_METHOD(h_set_default_proc)
{
    hash_modify(self);
    if (argv[0] != SP_NIL && !(SP_HEAP_P(argv[0]) && SP_TYPE(argv[0]) == SP_T_PROC))
        sp_raise(sp_eTypeError, "wrong default_proc type %s (expected Proc)", sp_obj_classname(argv[0]));
    H(self)->default_proc = argv[0];
    if (argv[0] != SP_NIL) H(self)->ifnone = SP_NIL;
    return argv[0];
}

SP_METHOD(h_compare_by_identity)
{
    hash_modify(self);
    SP_LOCKED(self);   /* identity hashing and comparison run no Ruby code */
    hsnap s = hash_snap(self);
    sp_hash_clear(self);
    H(self)->identity = 1;
    for (long i = 0; i < s.n; i++) sp_hash_aset(self, s.k[i], s.v[i]);
    return self;
}
SP_METHOD(h_identity_p) { return SP_BOOL(H(self)->identity); }

/* Re-index after keys were mutated in place (their #hash changed). */
SP_METHOD(h_rehash)
{
    if (__atomic_load_n(&H(self)->iter_lev, __ATOMIC_RELAXED) > 0)
        sp_raise(sp_eRuntimeError, "rehash during iteration");
    hash_modify(self);
    hsnap s = hash_snap(self);
    SP_LOCKED_IF(snap_plain(&s), self);
    if (sp_lk_tok_) s = hash_snap(self);   /* what it holds now */
    sp_hash_clear(self);
    for (long i = 0; i < s.n; i++) sp_hash_aset(self, s.k[i], s.v[i]);
    return self;
}

SP_METHOD(h_invert)
{
    hsnap s = hash_snap(self);
    sp_value r = sp_hash_new();
    for (long i = 0; i < s.n; i++) sp_hash_aset(r, s.v[i], s.k[i]);
    return r;
}

SP_METHOD(h_clear) { sp_hash_clear(self); return self; }
SP_METHOD(h_replace)
{
    hash_modify(self);
    sp_value o = to_hash_arg(argv[0]);
    hsnap s = hash_snap(o);
    SP_LOCKED_IF(snap_plain(&s), self);
    sp_hash_clear(self);
    for (long i = 0; i < s.n; i++) sp_hash_aset(self, s.k[i], s.v[i]);
    H(self)->ifnone = H(o)->ifnone;
    H(self)->default_proc = H(o)->default_proc;
    return self;
}

SP_METHOD(h_slice)
{
    sp_value r = sp_hash_new();
    for (int i = 0; i < argc; i++) {
        sp_value v = sp_hash_lookup(self, argv[i], SP_UNDEF);
        if (v != SP_UNDEF) sp_hash_aset(r, argv[i], v);
    }
    return r;
}

SP_METHOD(h_except)
{
    sp_value r = sp_hash_dup(self);
    H(r)->ifnone = SP_NIL; H(r)->default_proc = SP_NIL;
    for (int i = 0; i < argc; i++) sp_hash_delete(r, argv[i]);
    return r;
}

SP_METHOD(h_eq)
{
    if (!sp_hash_p(argv[0])) return SP_FALSE;
    return SP_BOOL(sp_hash_equal(self, argv[0]));
}

SP_METHOD(h_eql)
{
    if (!sp_hash_p(argv[0])) return SP_FALSE;
    sp_value o = argv[0];
    if (sp_hash_size(self) != sp_hash_size(o)) return SP_FALSE;
    hsnap s = hash_snap(self);
    for (long i = 0; i < s.n; i++) {
        sp_value v = sp_hash_lookup(o, s.k[i], SP_UNDEF);
        if (v == SP_UNDEF || !sp_eql(s.v[i], v)) return SP_FALSE;
    }
    return SP_TRUE;
}

SP_METHOD(h_hash)
{
    hsnap s = hash_snap(self);
    uint64_t h = (uint64_t)s.n * 0x9e3779b97f4a7c15ULL;
    if (sp_guard_push(self)) return SP_FIX(0);
    for (long i = 0; i < s.n; i++) h += mix(sp_key_hash(s.k[i]) ^ (sp_key_hash(s.v[i]) * 31));
    sp_guard_pop(self);
    return SP_FIX((int64_t)(h >> 2));
}

SP_METHOD(h_compact)
{
    hsnap s = hash_snap(self);
    sp_value r = sp_hash_new();
    for (long i = 0; i < s.n; i++) if (s.v[i] != SP_NIL) sp_hash_aset(r, s.k[i], s.v[i]);
    return r;
}
SP_METHOD(h_compact_b)
{
    hash_modify(self);
    hsnap s = hash_snap(self);
    long removed = 0;
    for (long i = 0; i < s.n; i++) if (s.v[i] == SP_NIL) { sp_hash_delete(self, s.k[i]); removed++; }
    return removed ? self : SP_NIL;
}

SP_METHOD(h_shift)
{
    hash_modify(self);
    SP_LOCKED(self);
    sp_hashtab *t = htab(self);
    long used = t ? tab_used(t) : 0;
    for (long i = 0; i < used; i++) {
        sp_value k = t->ents[i].key;
        if (k == SP_UNDEF) continue;
        sp_value v = ent_delete(self, t, i);
        hash_check(self);
        return pair(k, v);
    }
    return SP_NIL;
}

SP_METHOD(h_assoc)
{
    sp_value v = sp_hash_lookup(self, argv[0], SP_UNDEF);
    if (v == SP_UNDEF) return SP_NIL;
    return pair(argv[0], v);
}

static sp_value h_to_proc_call(void *env, int argc_, const sp_value *argv)
{
    int argc = SP_ARGC(argc_);
    return sp_hash_aref((sp_value)env, argc > 0 ? argv[0] : SP_NIL);
}
SP_METHOD(h_to_proc) { return sp_cblock_new(h_to_proc_call, (void *)self); }

SP_METHOD(h_filter_map)
{
    SP_RETURN_ENUM(self, "filter_map", argc_, argv);
    hsnap s = hash_snap(self);
    sp_value r = sp_ary_new();
    for (long i = 0; i < s.n; i++) {
        sp_value v = yield_pair(blk, s.k[i], s.v[i]);
        if (SP_RTEST(v)) sp_ary_push(r, v);
    }
    return r;
}

SP_METHOD(h_map)
{
    SP_RETURN_ENUM(self, "map", argc_, argv);
    hsnap s = hash_snap(self);
    sp_value r = sp_ary_new_capa(s.n);
    for (long i = 0; i < s.n; i++) sp_ary_push(r, yield_pair(blk, s.k[i], s.v[i]));
    return r;
}

SP_METHOD(h_sum)
{
    hsnap s = hash_snap(self);
    sp_value *v = GC_MALLOC(sizeof(sp_value) * (size_t)(s.n + 1));
    for (long i = 0; i < s.n; i++) v[i] = blk != SP_NIL ? yield_pair(blk, s.k[i], s.v[i]) : pair(s.k[i], s.v[i]);
    return sp_sum_values(argc > 0 ? argv[0] : SP_FIX(0), s.n, v);
}

SP_METHOD(h_find)
{
    SP_RETURN_ENUM(self, "find", argc_, argv);
    hsnap s = hash_snap(self);
    for (long i = 0; i < s.n; i++) {
        sp_value pr = pair(s.k[i], s.v[i]);
        if (SP_RTEST(sp_yield1(blk, pr))) return pr;
    }
    return SP_NIL;
}

SP_METHOD(h_all)
{
    hsnap s = hash_snap(self);
    for (long i = 0; i < s.n; i++) {
        sp_value pr = pair(s.k[i], s.v[i]);
        int ok = argc > 0 ? SP_RTEST(sp_funcall1(argv[0], "===", pr)) : blk != SP_NIL ? SP_RTEST(sp_yield1(blk, pr)) : 1;
        if (!ok) return SP_FALSE;
    }
    return SP_TRUE;
}
SP_METHOD(h_none) { return SP_BOOL(!SP_RTEST(h_any(self, argc, argv, blk))); }

SP_METHOD(h_rassoc)
{
    hsnap s = hash_snap(self);
    for (long i = 0; i < s.n; i++) if (sp_equal(s.v[i], argv[0])) return pair(s.k[i], s.v[i]);
    return SP_NIL;
}

SP_METHOD(h_clone)
{
    sp_value d = sp_hash_dup(self);
    SP_HDR(d)->klass = SP_HDR(self)->klass;
    if (sp_clone_freeze_arg(self, argc_, argv)) SP_HDR(d)->flags |= SP_FL_FROZEN;
    return d;
}

/* self ⊆ other (by key and ==-equal value) */
static int hash_subset(sp_value a, sp_value b)
{
    if (sp_hash_size(a) > sp_hash_size(b)) return 0;
    hsnap s = hash_snap(a);
    for (long i = 0; i < s.n; i++) {
        sp_value v = sp_hash_lookup(b, s.k[i], SP_UNDEF);
        if (v == SP_UNDEF || !sp_equal(v, s.v[i])) return 0;
    }
    return 1;
}
SP_METHOD(h_le) { return SP_BOOL(hash_subset(self, to_hash_arg(argv[0]))); }
SP_METHOD(h_lt) { sp_value o = to_hash_arg(argv[0]); return SP_BOOL(sp_hash_size(self) < sp_hash_size(o) && hash_subset(self, o)); }
SP_METHOD(h_ge) { return SP_BOOL(hash_subset(to_hash_arg(argv[0]), self)); }
SP_METHOD(h_gt) { sp_value o = to_hash_arg(argv[0]); return SP_BOOL(sp_hash_size(o) < sp_hash_size(self) && hash_subset(o, self)); }

/* Kernel#Hash */
SP_METHOD(k_Hash)
{
    sp_value v = argv[0];
    if (v == SP_NIL || (sp_ary_p(v) && sp_ary_len(v) == 0)) return sp_hash_new();
    if (sp_hash_p(v)) return v;
    if (!SP_SPECIAL_CONST_P(v) && sp_respond_to(v, sp_intern("to_hash"), 1)) {
        sp_value r = sp_funcall0(v, "to_hash");
        if (!sp_hash_p(r))
            sp_raise(sp_eTypeError, "can't convert %s to Hash (%s#to_hash gives %s)", sp_obj_classname(v),
                     sp_obj_classname(v), sp_obj_classname(r));
        return r;
    }
    sp_raise(sp_eTypeError, "can't convert %s into Hash", sp_obj_classname(v));
}

SP_METHOD(h_freeze) { return sp_obj_freeze(self); }
SP_METHOD(h_dup) { sp_value d = sp_hash_dup(self); SP_HDR(d)->klass = SP_HDR(self)->klass; return d; }

void sp_init_hash(void)
{
    sp_value Hc = sp_cHash;
    sp_class_set_allocator(Hc, hash_alloc);
    sp_define_singleton_method(Hc, "new", h_s_new, -1);
    sp_define_singleton_method(Hc, "[]", h_s_aref, -1);
    sp_define_private_method(Hc, "initialize", h_initialize, -1);
    sp_define_method(Hc, "[]", h_aref, 1);
    sp_define_method(Hc, "[]=", h_aset, 2);
    sp_define_method(Hc, "store", h_aset, 2);
    sp_define_method(Hc, "fetch", h_fetch, -1);
    sp_define_method(Hc, "key?", h_key_p, 1);
    sp_define_method(Hc, "has_key?", h_key_p, 1);
    sp_define_method(Hc, "include?", h_key_p, 1);
    sp_define_method(Hc, "member?", h_key_p, 1);
    sp_define_method(Hc, "value?", h_value_p, 1);
    sp_define_method(Hc, "has_value?", h_value_p, 1);
    sp_define_method(Hc, "key", h_key, 1);
    sp_define_method(Hc, "dig", h_dig, -1);
    sp_define_method(Hc, "delete", h_delete, 1);
    sp_define_method(Hc, "each", h_each, 0);
    sp_define_method(Hc, "each_pair", h_each, 0);
    sp_define_method(Hc, "each_key", h_each_key, 0);
    sp_define_method(Hc, "each_value", h_each_value, 0);
    sp_define_method(Hc, "select", h_select, 0);
    sp_define_method(Hc, "filter", h_select, 0);
    sp_define_method(Hc, "reject", h_reject, 0);
    sp_define_method(Hc, "select!", h_select_b, 0);
    sp_define_method(Hc, "filter!", h_select_b, 0);
    sp_define_method(Hc, "keep_if", h_keep_if, 0);
    sp_define_method(Hc, "reject!", h_reject_b, 0);
    sp_define_method(Hc, "delete_if", h_delete_if, 0);
    sp_define_method(Hc, "any?", h_any, -1);
    sp_define_method(Hc, "all?", h_all, -1);
    sp_define_method(Hc, "none?", h_none, -1);
    sp_define_method(Hc, "count", h_count, -1);
    sp_define_method(Hc, "find", h_find, 0);
    sp_define_method(Hc, "detect", h_find, 0);
    sp_define_method(Hc, "map", h_map, 0);
    sp_define_method(Hc, "collect", h_map, 0);
    sp_define_method(Hc, "filter_map", h_filter_map, 0);
    sp_define_method_range(Hc, "sum", h_sum, 0, 1);
    sp_define_method(Hc, "keys", h_keys, 0);
    sp_define_method(Hc, "values", h_values, 0);
    sp_define_method(Hc, "to_a", h_to_a, 0);
    sp_define_method_range(Hc, "flatten", h_flatten, 0, 1);
    sp_define_singleton_method(Hc, "try_convert", h_s_try_convert, 1);
    sp_define_method(Hc, "entries", h_to_a, 0);
    sp_define_method(Hc, "size", h_size, 0);
    sp_define_method(Hc, "length", h_size, 0);
    sp_define_method(Hc, "empty?", h_empty, 0);
    sp_define_method(Hc, "inspect", h_inspect, 0);
    sp_define_method(Hc, "to_s", h_inspect, 0);
    sp_define_method(Hc, "to_h", h_to_h, 0);
    sp_define_method(Hc, "to_hash", h_to_h, 0);
    sp_define_method(Hc, "values_at", h_values_at, -1);
    sp_define_method(Hc, "fetch_values", h_fetch_values, -1);
    sp_define_method(Hc, "merge", h_merge, -1);
    sp_define_method(Hc, "merge!", h_update, -1);
    sp_define_method(Hc, "update", h_update, -1);
    sp_define_method(Hc, "transform_values", h_transform_values, 0);
    sp_define_method(Hc, "transform_values!", h_transform_values_b, 0);
    sp_define_method(Hc, "transform_keys", h_transform_keys, -1);
    sp_define_method(Hc, "transform_keys!", h_transform_keys_b, -1);
    sp_define_method_range(Hc, "default", h_default, 0, 1);
    sp_define_method(Hc, "default=", h_set_default, 1);
    sp_define_method(Hc, "default_proc", h_default_proc, 0);
    sp_define_method(Hc, "default_proc=", h_set_default_proc, 1);
    sp_define_method(Hc, "compare_by_identity", h_compare_by_identity, 0);
    sp_define_method(Hc, "rehash", h_rehash, 0);
    sp_define_method(Hc, "compare_by_identity?", h_identity_p, 0);
    sp_define_method(Hc, "invert", h_invert, 0);
    sp_define_method(Hc, "clear", h_clear, 0);
    sp_define_method(Hc, "replace", h_replace, 1);
    sp_define_method(Hc, "slice", h_slice, -1);
    sp_define_method(Hc, "except", h_except, -1);
    sp_define_method(Hc, "==", h_eq, 1);
    sp_define_method(Hc, "eql?", h_eql, 1);
    sp_define_method(Hc, "hash", h_hash, 0);
    sp_define_method(Hc, "compact", h_compact, 0);
    sp_define_method(Hc, "compact!", h_compact_b, 0);
    sp_define_method(Hc, "shift", h_shift, 0);
    sp_define_method(Hc, "assoc", h_assoc, 1);
    sp_define_method(Hc, "freeze", h_freeze, 0);
    sp_define_method(Hc, "dup", h_dup, 0);
    sp_define_method(Hc, "clone", h_clone, -1);
    sp_define_method(Hc, "rassoc", h_rassoc, 1);
    sp_define_method(Hc, "to_proc", h_to_proc, 0);
    sp_define_private_method(sp_mKernel, "Hash", k_Hash, 1);
    sp_define_method(Hc, "<=", h_le, 1);
    sp_define_method(Hc, "<", h_lt, 1);
    sp_define_method(Hc, ">=", h_ge, 1);
    sp_define_method(Hc, ">", h_gt, 1);
}

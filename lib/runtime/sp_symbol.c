/*
 * sp_symbol.c — the symbol table (interning) and the Symbol class.
 *
 * Representation: an id is an index into an append-only entry store made
 * of fixed-size chunks (a chunk, once allocated, never moves, so
 * sp_id_name() needs no lock).  Lookup by name goes through an
 * open-addressing hash of (id + 1) words; the hash block is published
 * with a release store and replaced wholesale on growth, so readers never
 * lock and never see a torn table.  Inserts take one mutex, re-probe, append
 * the entry (release) and then publish the slot.  Names and tables are
 * not GC memory: symbols are immortal, and the GC need not scan them (they
 * hold no heap pointers).  Id 0 is reserved ("no id").
 *
 * Start-up cost (an empty program interns ~1000 names, nearly all C
 * string literals of the runtime's method definitions): an entry is 16
 * bytes (the hash is kept to 32 bits; Symbol#name's cached String lives
 * in a separate table made on first use); a name inside the executable's
 * read-only segments (a literal, NUL-terminated at len) is used in place,
 * other names are copied into bump-allocated blocks; and during sp_init
 * the tables come from sp_boot_alloc (memory on start-up's one huge page,
 * sp_init.c), so interning the core names touches no new page.
 */
#include <link.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/auxv.h>
#include <ctype.h>
#include "sp_class.h"

#define SYM_CHUNK_BITS 12
#define SYM_CHUNK (1u << SYM_CHUNK_BITS)
#define SYM_MAX_CHUNKS 8192

typedef struct sym_ent {
    const char *name;
    uint32_t len;
    uint32_t hash;           /* low 32 bits of sym_hash_bytes */
} sym_ent;

typedef struct sym_hash {
    uint32_t mask;
    _Atomic uint32_t slots[];   /* id + 1; 0 = empty */
} sym_hash;

static sym_ent *_Atomic sym_chunks[SYM_MAX_CHUNKS];
/* Symbol#name's frozen Strings, per chunk, made on first use (sym_lock) */
static _Atomic sp_value *_Atomic sym_fstr[SYM_MAX_CHUNKS];
static _Atomic uint32_t sym_count;
static sym_hash *_Atomic sym_tab;
static pthread_mutex_t sym_lock = PTHREAD_MUTEX_INITIALIZER;

/* Zeroed table memory: start-up's arena while sp_init runs, else calloc. */
static void *sym_zalloc(size_t n)
{
    void *p = sp_boot_alloc(n);
    if (!p) p = calloc(1, n);
    if (!p) abort();
    return p;
}

/* The executable's read-only bytes (text, rodata: the PT_LOAD segments
 * without write permission that start at its first one), found once from
 * the program headers.  A name there is immortal and never changes. */
static const char *ro_lo, *ro_hi;

static void sym_find_ro(void)
{
    const ElfW(Phdr) *ph = (const ElfW(Phdr) *)getauxval(AT_PHDR);
    size_t n = (size_t)getauxval(AT_PHNUM);
    if (!ph || !n) return;
    uintptr_t bias = 0;
    int have_bias = 0;
    for (size_t i = 0; i < n; i++)
        if (ph[i].p_type == PT_PHDR) { bias = (uintptr_t)ph - ph[i].p_vaddr; have_bias = 1; }
    if (!have_bias) return;
    uintptr_t lo = 0, hi = 0;
    for (size_t i = 0; i < n; i++) {
        if (ph[i].p_type != PT_LOAD) continue;
        uintptr_t a = bias + ph[i].p_vaddr, e = a + ph[i].p_memsz;
        if (ph[i].p_flags & PF_W) break;           /* data: the read-only run ends */
        if (!lo) lo = a;
        else if (a > ((hi + 4095) & ~(uintptr_t)4095)) break;   /* a gap: stop */
        hi = e;
    }
    ro_lo = (const char *)lo;
    ro_hi = (const char *)hi;
}

/* Name storage for a new symbol (sym_lock held). */
static const char *sym_name_store(const char *p, size_t len)
{
    if (p >= ro_lo && p < ro_hi && len < (size_t)(ro_hi - p) && p[len] == '\0')
        return p;                                  /* a literal: use it in place */
    static char *blk, *blk_end;
    char *copy;
    if (len >= 1024) {
        copy = malloc(len + 1);
        if (!copy) abort();
    } else {
        if ((size_t)(blk_end - blk) < len + 1) {
            const size_t bs = 16384;
            blk = sym_zalloc(bs);
            blk_end = blk + bs;
        }
        copy = blk;
        blk += len + 1;
    }
    memcpy(copy, p, len);
    copy[len] = '\0';
    return copy;
}

/* 8 bytes per step (names average ~8 bytes; FNV-1a's byte loop was 1/6 of
 * start-up's interning instructions), multiply-xorshift mixing; only the
 * low 32 bits are kept and used. */
static uint64_t sym_hash_bytes(const char *p, size_t len)
{
    const uint64_t k = 0x9E3779B97F4A7C15ULL;
    uint64_t h = len * k, w;
    while (len >= 8) {
        memcpy(&w, p, 8);
        h = (h ^ w) * k;
        h ^= h >> 32;
        p += 8;
        len -= 8;
    }
    if (len >= 4) {             /* 4..7 bytes: two overlapping words */
        uint32_t a, b;
        memcpy(&a, p, 4);
        memcpy(&b, p + len - 4, 4);
        h = (h ^ ((uint64_t)a << 32 | b)) * k;
    } else if (len) {           /* 1..3 bytes: first, middle, last (len is in h) */
        w = (uint64_t)(unsigned char)p[0] | (uint64_t)(unsigned char)p[len >> 1] << 8 |
            (uint64_t)(unsigned char)p[len - 1] << 16;
        h = (h ^ w) * k;
    }
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    return h ^ (h >> 32);
}

static inline sym_ent *sym_entry(uint32_t id)
{
    sym_ent *c = __atomic_load_n(&sym_chunks[id >> SYM_CHUNK_BITS], __ATOMIC_ACQUIRE);
    return &c[id & (SYM_CHUNK - 1)];
}

static uint32_t sym_find(sym_hash *t, const char *p, size_t len, uint64_t h)
{
    for (uint32_t i = (uint32_t)h & t->mask;; i = (i + 1) & t->mask) {
        uint32_t s = __atomic_load_n(&t->slots[i], __ATOMIC_ACQUIRE);
        if (s == 0) return 0;
        sym_ent *e = sym_entry(s - 1);
        if (e->hash == (uint32_t)h && e->len == len && memcmp(e->name, p, len) == 0)
            return s;
    }
}

static sym_hash *sym_hash_new(uint32_t size)
{
    sym_hash *t = sym_zalloc(sizeof(sym_hash) + size * sizeof(uint32_t));
    t->mask = size - 1;
    return t;
}

static void sym_hash_insert(sym_hash *t, uint32_t id, uint32_t h)
{
    uint32_t i = h & t->mask;
    while (__atomic_load_n(&t->slots[i], __ATOMIC_RELAXED)) i = (i + 1) & t->mask;
    __atomic_store_n(&t->slots[i], id + 1, __ATOMIC_RELEASE);
}

/* Append a new symbol; caller holds sym_lock. */
static uint32_t sym_add(const char *p, size_t len, uint64_t h)
{
    uint32_t id = __atomic_load_n(&sym_count, __ATOMIC_RELAXED);
    uint32_t ci = id >> SYM_CHUNK_BITS;
    if (ci >= SYM_MAX_CHUNKS || len > UINT32_MAX) { fputs("spinel: symbol table full\n", stderr); abort(); }
    if (!sym_chunks[ci]) {
        sym_ent *c = sym_zalloc(SYM_CHUNK * sizeof(sym_ent));
        __atomic_store_n(&sym_chunks[ci], c, __ATOMIC_RELEASE);
    }
    sym_ent *e = &sym_chunks[ci][id & (SYM_CHUNK - 1)];
    e->name = sym_name_store(p, len);
    e->len = (uint32_t)len;
    e->hash = (uint32_t)h;
    __atomic_store_n(&sym_count, id + 1, __ATOMIC_RELEASE);

    sym_hash *t = sym_tab;
    if ((id + 1) * 2 > t->mask) {               /* keep load <= 1/2 */
        sym_hash *n = sym_hash_new((t->mask + 1) * 2);
        for (uint32_t i = 0; i <= id; i++) sym_hash_insert(n, i, sym_entry(i)->hash);
        __atomic_store_n(&sym_tab, n, __ATOMIC_RELEASE);
        /* the old table is leaked on purpose: readers may still hold it */
    } else {
        sym_hash_insert(t, id, (uint32_t)h);
    }
    return id;
}

static void sym_boot(void)
{
    pthread_mutex_lock(&sym_lock);
    if (!sym_tab) {
        sym_find_ro();
        sym_tab = sym_hash_new(4096);
        sym_add("", 0, sym_hash_bytes("", 0));   /* id 0: reserved */
    }
    pthread_mutex_unlock(&sym_lock);
}

sp_id sp_intern_len(const char *p, size_t len)
{
    uint64_t h = sym_hash_bytes(p, len);
    sym_hash *t = __atomic_load_n(&sym_tab, __ATOMIC_ACQUIRE);
    if (SP_UNLIKELY(!t)) { sym_boot(); t = __atomic_load_n(&sym_tab, __ATOMIC_ACQUIRE); }
    uint32_t s = sym_find(t, p, len, h);
    if (s) return s - 1;
    pthread_mutex_lock(&sym_lock);
    s = sym_find(sym_tab, p, len, h);
    uint32_t id = s ? s - 1 : sym_add(p, len, h);
    pthread_mutex_unlock(&sym_lock);
    return id;
}

/* The runtime interns C-string literals in hot paths (sp_funcall1(x,
 * "<=>"), sp_intern("==") in sp_equal, "===" for case/when ...):
 * a worker-local cache keyed by the name pointer answers those without
 * hashing the name.  A hit is verified against the id's stored name, so
 * a reused buffer with other contents only misses. */
sp_id sp_intern(const char *name)
{
    static __thread struct { const char *p; sp_id id; } cache[128];
    unsigned h = (unsigned)(((uintptr_t)name >> 3) ^ ((uintptr_t)name >> 10)) & 127;
    if (cache[h].p == name && strcmp(sp_id_name(cache[h].id), name) == 0) return cache[h].id;
    sp_id id = sp_intern_len(name, strlen(name));
    cache[h].p = name;
    cache[h].id = id;
    return id;
}

const char *sp_id_name(sp_id id)
{
    if (id >= __atomic_load_n(&sym_count, __ATOMIC_ACQUIRE)) return "";
    return sym_entry((uint32_t)id)->name;
}

size_t sp_id_len(sp_id id)
{
    if (id >= __atomic_load_n(&sym_count, __ATOMIC_ACQUIRE)) return 0;
    return sym_entry((uint32_t)id)->len;
}

void sp_init_symbol(void) { sym_boot(); }

/* ---- classification (for inspect and name checks) ---- */

static int ident_start(unsigned char c) { return c == '_' || isalpha(c) || c >= 0x80; }
static int ident_char(unsigned char c) { return c == '_' || isalnum(c) || c >= 0x80; }

static int all_ident(const char *p, size_t len)
{
    if (len == 0 || !ident_start((unsigned char)p[0])) return 0;
    for (size_t i = 1; i < len; i++) if (!ident_char((unsigned char)p[i])) return 0;
    return 1;
}

int sp_id_is_const(sp_id id)
{
    const char *p = sp_id_name(id);
    return isupper((unsigned char)p[0]) && all_ident(p, sp_id_len(id));
}

int sp_id_is_ivar(sp_id id)
{
    const char *p = sp_id_name(id);
    size_t n = sp_id_len(id);
    return n >= 2 && p[0] == '@' && p[1] != '@' && !isdigit((unsigned char)p[1]) && all_ident(p + 1, n - 1);
}

int sp_id_is_cvar(sp_id id)
{
    const char *p = sp_id_name(id);
    size_t n = sp_id_len(id);
    return n >= 3 && p[0] == '@' && p[1] == '@' && !isdigit((unsigned char)p[2]) && all_ident(p + 2, n - 2);
}

/* Can the symbol be written :name without quotes? */
static int sym_simple(const char *p, size_t len)
{
    static const char *ops[] = {
        "+", "-", "*", "/", "%", "**", "==", "===", "!=", "!", "=~", "!~", "<=>",
        "<", "<=", ">", ">=", "<<", ">>", "&", "|", "^", "~", "+@", "-@",
        "[]", "[]=", "`", NULL };
    if (len == 0) return 0;
    for (int i = 0; ops[i]; i++)
        if (strlen(ops[i]) == len && memcmp(ops[i], p, len) == 0) return 1;
    if (p[0] == '$') {
        if (len == 2 && strchr("~*$?!@/\\;,.=:<>\"&`'+0123456789_", p[1])) return 1;
        if (len == 3 && p[1] == '-' && (isalnum((unsigned char)p[2]) || p[2] == '_')) return 1;   /* :$-w */
        return all_ident(p + 1, len - 1);
    }
    if (p[0] == '@') {
        size_t o = (len > 1 && p[1] == '@') ? 2 : 1;
        return len > o && !isdigit((unsigned char)p[o]) && all_ident(p + o, len - o);
    }
    size_t n = len;
    if (p[n - 1] == '?' || p[n - 1] == '!' || p[n - 1] == '=') {
        if (n >= 2 && (p[n - 2] == '?' || p[n - 2] == '!' || p[n - 2] == '=')) return 0;
        n--;
    }
    return all_ident(p, n);
}

sp_value sp_sym_inspect(sp_id id)
{
    const char *p = sp_id_name(id);
    size_t len = sp_id_len(id);
    if (sym_simple(p, len)) {
        sp_value s = sp_str_new(":", 1);
        return sp_str_cat(s, p, len);
    }
    /* quoted: reuse String#inspect for the escapes */
    sp_value s = sp_str_new(":", 1);
    return sp_str_append(s, sp_inspect(sp_str_new(p, len)));
}

/* ---- Symbol methods ---- */

SP_METHOD(sym_to_s)
{
    sp_id id = SP_SYM2ID(self);
    return sp_str_new(sp_id_name(id), sp_id_len(id));
}

/* Keeps the cached name strings reachable: the entries live in malloc'd
 * chunks the GC does not scan, this static Array is a root. */
static sp_value name_keep;

SP_METHOD(sym_name)
{
    sp_id id = SP_SYM2ID(self);
    uint32_t ci = (uint32_t)id >> SYM_CHUNK_BITS, k = (uint32_t)id & (SYM_CHUNK - 1);
    _Atomic sp_value *f = atomic_load_explicit(&sym_fstr[ci], memory_order_acquire);
    sp_value s = f ? atomic_load_explicit(&f[k], memory_order_acquire) : 0;
    if (s) return s;
    pthread_mutex_lock(&sym_lock);
    f = atomic_load_explicit(&sym_fstr[ci], memory_order_relaxed);
    if (!f) {
        f = calloc(SYM_CHUNK, sizeof *f);
        if (!f) abort();
        atomic_store_explicit(&sym_fstr[ci], f, memory_order_release);
    }
    s = atomic_load_explicit(&f[k], memory_order_acquire);
    if (!s) {
        s = sp_str_new_frozen(sp_id_name(id), sp_id_len(id));
        if (!name_keep) name_keep = sp_ary_new();
        sp_ary_push(name_keep, s);
        atomic_store_explicit(&f[k], s, memory_order_release);
    }
    pthread_mutex_unlock(&sym_lock);
    return s;
}

SP_METHOD(sym_to_sym) { return self; }

SP_METHOD(sym_inspect_m)
{
    return sp_sym_inspect(SP_SYM2ID(self));
}

SP_METHOD(sym_length)
{
    /* character count: UTF-8 aware */
    const unsigned char *p = (const unsigned char *)sp_id_name(SP_SYM2ID(self));
    size_t n = sp_id_len(SP_SYM2ID(self)), c = 0;
    for (size_t i = 0; i < n; i++) if ((p[i] & 0xC0) != 0x80) c++;
    return SP_FIX((int64_t)c);
}

SP_METHOD(sym_cmp)
{
    if (!SP_SYMBOL_P(argv[0])) return SP_NIL;
    sp_id a = SP_SYM2ID(self), b = SP_SYM2ID(argv[0]);
    size_t la = sp_id_len(a), lb = sp_id_len(b);
    int r = memcmp(sp_id_name(a), sp_id_name(b), la < lb ? la : lb);
    if (r == 0) r = (la > lb) - (la < lb);
    return SP_FIX(r < 0 ? -1 : r > 0);
}

SP_METHOD(sym_eq)
{
    return SP_BOOL(self == argv[0]);
}

SP_METHOD(sym_to_proc_m)
{
    return sp_sym_to_proc(self);
}

/* Delegate a String method and convert the result back to a Symbol. */
static sp_value sym_via_str(sp_value self, const char *m, int to_sym)
{
    sp_value s = sym_to_s(self, 0, NULL, SP_NIL);
    sp_value r = sp_funcall(s, sp_intern(m), 0, NULL, SP_NIL);
    if (to_sym) return SP_ID2SYM(sp_intern_len(sp_str_ptr(r), sp_str_len(r)));
    return r;
}

#define SYM_DELEGATE(cname, rname, tosym) \
    SP_METHOD(cname) \
    { return sym_via_str(self, rname, tosym); }
SYM_DELEGATE(sym_upcase, "upcase", 1)
SYM_DELEGATE(sym_downcase, "downcase", 1)
SYM_DELEGATE(sym_capitalize, "capitalize", 1)
SYM_DELEGATE(sym_swapcase, "swapcase", 1)
SYM_DELEGATE(sym_succ, "succ", 1)

SP_METHOD(sym_empty)
{
    return SP_BOOL(sp_id_len(SP_SYM2ID(self)) == 0);
}

static sp_value sym_str_call(sp_value self, const char *m, int argc, const sp_value *argv, sp_value blk)
{
    sp_value s = sym_to_s(self, 0, NULL, SP_NIL);
    return sp_funcall(s, sp_intern(m), argc, argv, blk);
}

SP_METHOD(sym_aref)
{ return sym_str_call(self, "[]", argc_, argv, blk); }
SP_METHOD(sym_start_with)
{ return sym_str_call(self, "start_with?", argc_, argv, blk); }
SP_METHOD(sym_end_with)
{ return sym_str_call(self, "end_with?", argc_, argv, blk); }
SP_METHOD(sym_match)
{ return sym_str_call(self, "=~", argc_, argv, blk); }
SP_METHOD(sym_match_m)
{ return sym_str_call(self, "match", argc_, argv, blk); }
SP_METHOD(sym_match_p)
{ return sym_str_call(self, "match?", argc_, argv, blk); }

SP_METHOD(sym_hash_m)
{
    uint64_t h = sym_entry((uint32_t)SP_SYM2ID(self))->hash * 0x9E3779B97F4A7C15ULL;
    return SP_FIX((int64_t)(h >> 2));
}

SP_METHOD(sym_encoding)
{
    const unsigned char *p = (const unsigned char *)sp_id_name(SP_SYM2ID(self));
    size_t n = sp_id_len(SP_SYM2ID(self));
    int ascii = 1;
    for (size_t i = 0; i < n; i++) if (p[i] >= 0x80) { ascii = 0; break; }
    sp_value enc = sp_const_find(sp_cObject, sp_intern("Encoding"), 0);
    if (enc == SP_UNDEF) return SP_NIL;
    return sp_const_get_under(enc, sp_intern(ascii ? "US_ASCII" : "UTF_8"));
}

SP_METHOD(sym_all_symbols)
{
    sp_value a = sp_ary_new();
    uint32_t n = __atomic_load_n(&sym_count, __ATOMIC_ACQUIRE);
    for (uint32_t i = 1; i < n; i++) sp_ary_push(a, SP_ID2SYM(i));
    return a;
}

void sp_init_symbol_methods(void)
{
    sp_value c = sp_cSymbol;
    sp_define_method(c, "to_s", sym_to_s, 0);
    sp_define_method(c, "id2name", sym_to_s, 0);
    sp_define_method(c, "name", sym_name, 0);
    sp_define_method(c, "to_sym", sym_to_sym, 0);
    sp_define_method(c, "inspect", sym_inspect_m, 0);
    sp_define_method(c, "length", sym_length, 0);
    sp_define_method(c, "size", sym_length, 0);
    sp_define_method(c, "<=>", sym_cmp, 1);
    sp_define_method(c, "==", sym_eq, 1);
    sp_define_method(c, "===", sym_eq, 1);
    sp_define_method(c, "to_proc", sym_to_proc_m, 0);
    sp_define_method(c, "upcase", sym_upcase, -1);
    sp_define_method(c, "downcase", sym_downcase, -1);
    sp_define_method(c, "capitalize", sym_capitalize, -1);
    sp_define_method(c, "swapcase", sym_swapcase, -1);
    sp_define_method(c, "succ", sym_succ, 0);
    sp_define_method(c, "next", sym_succ, 0);
    sp_define_method(c, "empty?", sym_empty, 0);
    sp_define_method(c, "[]", sym_aref, -1);
    sp_define_method(c, "slice", sym_aref, -1);
    sp_define_method(c, "start_with?", sym_start_with, -1);
    sp_define_method(c, "end_with?", sym_end_with, -1);
    sp_define_method(c, "=~", sym_match, 1);
    sp_define_method(c, "match", sym_match_m, -1);
    sp_define_method(c, "match?", sym_match_p, -1);
    sp_define_method(c, "hash", sym_hash_m, 0);
    sp_define_method(c, "encoding", sym_encoding, 0);
    sp_define_singleton_method(c, "all_symbols", sym_all_symbols, 0);
    sp_include_module(c, sp_mComparable);
}

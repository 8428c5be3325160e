/*
 * sp_hash.h — Hash representation (sp_hash.c): insertion-ordered open
 * addressing (compact entries array + index array), like CRuby's st /
 * Python's dict.
 *
 * Publication rule: a table (sp_hashtab) has fixed capacities.  Inserting
 * into spare room writes the entry, then the index slot, then bumps
 * `used` (release).  When the table is full it is rebuilt into a new one
 * and published with a release store of h->tab; the old table stays
 * valid for readers holding it (GC).  Readers load tab once and bounds-
 * check every index against that table, so racing readers/writers can
 * lose updates but never crash.
 */
#ifndef SPINEL_HASH_H
#define SPINEL_HASH_H

#include "spinel.h"

typedef struct sp_hent {
    sp_value key;        /* SP_UNDEF: deleted */
    sp_value val;
    uint64_t hash;
} sp_hent;

typedef struct sp_hashtab {
    long capa;           /* entries capacity */
    long used;           /* entries[0..used) written (live or deleted) */
    uint32_t mask;       /* index size - 1 */
    sp_hent *ents;       /* capa entries */
    int32_t idx[];       /* -1 empty, else entry number */
} sp_hashtab;

typedef struct sp_hash {
    sp_header hdr;
    sp_hashtab *tab;     /* __atomic access; NULL when empty */
    long size;           /* live entries */
    sp_value ifnone;     /* default value */
    sp_value default_proc;
    int identity;        /* compare_by_identity */
    int iter_lev;        /* iteration depth (adding keys during each raises) */
} sp_hash;

static inline int sp_hash_p(sp_value v)
{
    return SP_HEAP_P(v) && SP_TYPE(v) == SP_T_HASH;
}

sp_value sp_hash_dup(sp_value h);
sp_value sp_hash_inspect(sp_value h);
sp_value sp_hash_keys(sp_value h);
sp_value sp_hash_values(sp_value h);
sp_value sp_hash_to_a(sp_value h);
int      sp_hash_equal(sp_value a, sp_value b);
/* Hash and equality used for keys (fast paths for core types). */
uint64_t sp_key_hash(sp_value k);
int      sp_key_eql(sp_value a, sp_value b);
void     sp_hash_clear(sp_value h);
/* h[key] = val unless key is present (one atomic step): 1 when added. */
int      sp_hash_add_new(sp_value h, sp_value key, sp_value val);
/* Hash#[] when the key is missing: default proc / default value. */
sp_value sp_hash_default(sp_value h, sp_value key);

#endif

/*
 * sp_array.h — Array representation (sp_array.c).
 *
 * An Array is {hdr, buf}; buf -> sp_arybuf {capa, start, len, elts[capa]}
 * (GC-scanned).  Live elements are elts[start .. start+len).
 * Publication rule: the live range is a property of the buffer, not of
 * the array: start and len are one word (`span`) inside the buffer they
 * describe.  Growth/compaction fills a new buffer, sets its span, then
 * publishes it with one release store of `buf`; in-place operations
 * (push into spare capacity, pop, shift, a[i] = v) store the span of the
 * buffer in use.  A reader loads buf (acquire), then that buffer's span
 * (acquire): one (buffer, start, len) triple some writer published, never
 * a new buffer with an old range (issue 21).  Writers hold the object
 * lock once two workers run (sp_lock.h).  Elements are single aligned
 * words, copied word by word: never torn.  Invariant: 0 <= start,
 * 0 <= len, start + len <= capa for every published buffer.  Slots below
 * start are never rewritten in place, so a reader holding an older span
 * of the same buffer reads its first elements, not nils (while two
 * workers run; with one, shift clears the slot for the collector).
 */
#ifndef SPINEL_ARRAY_H
#define SPINEL_ARRAY_H

#include "spinel.h"

/* start and len are 32-bit and share one word (`span`), so that a pair
 * [a, b] with its embedded buffer is 56 bytes: with the collector's extra
 * byte it fills a 64-byte block.  Buffers are capped at SP_ARY_MAX
 * elements ("array size too big").  sp_ary_new2 (the [a, b] literal)
 * writes exactly this layout; sp_array.c asserts its size. */
typedef struct sp_arybuf {
    long capa;
    union {
        struct { int32_t start; int32_t len; };
        /* both as one word: writers store them together (shift moves
         * start and len in one store), readers load them together */
        uint64_t span;
    };
    sp_value elts[];
} sp_arybuf;

typedef struct sp_array {
    sp_header hdr;
    sp_arybuf *buf;       /* __atomic access; NULL: the embedded buffer */
} sp_array;
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "sp_arybuf.span packs start in its low half (little-endian only)"
#endif
#define SP_ARY_MAX ((long)INT32_MAX)

static inline int sp_ary_p(sp_value v)
{
    return SP_HEAP_P(v) && SP_TYPE(v) == SP_T_ARRAY;
}

/* The buffer in use.  A small array's first buffer is embedded right
 * after its header and `buf` is NULL while that buffer is in use (not an
 * interior pointer to itself: the collector would have to resolve that
 * pointer for every small array at every collection); growth publishes a
 * separate buffer in `buf`, and it never goes back to NULL. */
static inline sp_arybuf *sp_ary_buf(const sp_array *ary)
{
    sp_arybuf *b = __atomic_load_n(&ary->buf, __ATOMIC_ACQUIRE);
    return b ? b : (sp_arybuf *)(ary + 1);
}

/* Consistent snapshot: pointer to the first element and its length. */
static inline sp_value *sp_ary_snap(sp_value a, long *lenp)
{
    sp_array *ary = (sp_array *)a;
    sp_arybuf *b = sp_ary_buf(ary);
    uint64_t span = __atomic_load_n(&b->span, __ATOMIC_ACQUIRE);
    long start = (int32_t)(uint32_t)span;
    long len = (long)((int64_t)span >> 32);
    if (start < 0 || start > b->capa) start = b->capa;
    if (len < 0) len = 0;
    if (len > b->capa - start) len = b->capa - start;
    *lenp = len;
    return b->elts + start;
}

/* The current length, unclamped (generated code's inline Array#each
 * tests it at every step; each element is then read through
 * sp_ary_entry_inline, which checks its bounds). */
static inline long sp_ary_len_inline(sp_value a)
{
    const sp_arybuf *b = sp_ary_buf((const sp_array *)a);
    return (long)((int64_t)__atomic_load_n(&b->span, __ATOMIC_ACQUIRE) >> 32);
}

/* a[i] with a negative index counted from the end; nil out of range.
 * One snapshot, so a concurrent resize cannot tear the bounds check from
 * the load.  Inline here because generated code's Array#[] uses it too. */
static inline sp_value sp_ary_entry_inline(sp_value a, long i)
{
    if (i >= 0) {
        /* The common case in fewer instructions, same answer as the
         * clamped snapshot below: element start+i exists iff i < len and
         * start+i < capa.  start is taken as unsigned 32-bit, so a
         * negative (or stale, too large) start can only fail the capa
         * test; a negative len fails the len test. */
        sp_array *ary = (sp_array *)a;
        sp_arybuf *b = sp_ary_buf(ary);
        uint64_t span = __atomic_load_n(&b->span, __ATOMIC_ACQUIRE);
        uint64_t j = (uint64_t)(uint32_t)span + (uint64_t)i;
        long len = (long)((int64_t)span >> 32);
        return (i < len && j < (uint64_t)b->capa) ? __atomic_load_n(&b->elts[j], __ATOMIC_RELAXED) : SP_NIL;
    }
    long n;
    sp_value *p = sp_ary_snap(a, &n);
    if (i < 0) i += n;
    return (i >= 0 && i < n) ? __atomic_load_n(&p[i], __ATOMIC_RELAXED) : SP_NIL;
}

sp_value sp_ary_pop(sp_value ary);
sp_value sp_ary_shift(sp_value ary);
sp_value sp_ary_dup(sp_value ary);
sp_value sp_ary_inspect(sp_value ary);
sp_value sp_ary_join(sp_value ary, sp_value sep);
int      sp_ary_equal(sp_value a, sp_value b);
/* Sorting (sp_array_sort.c). */
sp_value sp_ary_sort_values(long n, sp_value *v, sp_value blk); /* in place */
sp_value sp_ary_sort_by(sp_value ary, sp_value blk);  /* new sorted Array */
/* Sign of blk.call(a, b) as a comparison (nil: "comparison ... failed"). */
int      sp_ary_blk_cmp(sp_value blk, sp_value a, sp_value b);
sp_value sp_check_array(sp_value v);   /* to_ary or nil */
/* Three-way compare via <=> with CRuby's "comparison of X with Y failed". */
int      sp_cmp_values(sp_value a, sp_value b);
int      sp_cmpint(sp_value c, sp_value a, sp_value b); /* sign of a <=> result (rb_cmpint) */
/* nonzero once `<=>` was defined on Array, String, Integer or Float (or a
 * module prepended to them): sp_cmp_values then sends Array#<=> */
extern volatile uint32_t sp_cmp_redef;
/* Kahan-Babuska sum like CRuby's Array#sum (init + values). */
sp_value sp_sum_values(sp_value init, long n, const sp_value *v);
void     sp_ary_clear(sp_value ary);
/* v.dig(*argv) for the rest of a dig chain (TypeError if no #dig). */
sp_value sp_dig_rest(sp_value v, int argc, const sp_value *argv);

#endif

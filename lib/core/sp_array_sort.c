/*
 * sp_array_sort.c — Array sorting: sort/sort! (sp_ary_sort_values),
 * sort_by/sort_by! (sp_ary_sort_by) and the block comparison shared with
 * min/max (sp_ary_blk_cmp).  The Array methods themselves stay in
 * sp_array.c and call in here.
 *
 * Representation: sp_ary_sort_values sorts a flat vector of values in
 * place -- the caller's fresh copy of the array, not yet visible to any
 * other thread, so a block or <=> that mutates the receiver cannot
 * disturb it.  sp_ary_sort_by reads the receiver one snapshot per
 * element (the block may grow or shrink it) into private vectors.
 *
 * Costs:
 * - No block, more than 16 elements, all Fixnums: LSD radix sort on the
 *   raw tagged words, O(n * passes) with 1-3 passes of <= 11-bit digits
 *   depending on the key range; one atomic (unscanned) scratch vector.
 * - Otherwise: stable merge sort (insertion sort below 9 elements),
 *   O(n log n) calls of <=> (fast paths for Fixnum, String, Float) or of
 *   the block; one scanned scratch vector.  Exceptions from <=> or the
 *   block longjmp out; scratch memory is then left to the collector.
 * - sort_by with all-Fixnum keys: radix sort of (key, index) records,
 *   packed into one word when key range and n fit 32 bits each; any
 *   other key falls back to a merge sort of indices by key.
 * Scratch buffers are handed back with GC_FREE as soon as a sort ends, so
 * repeated large sorts reuse pages instead of growing the heap.
 */
#include "sp_array.h"
#include "sp_numeric.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int sp_ary_blk_cmp(sp_value blk, sp_value a, sp_value b)
{
    return sp_cmpint(sp_yield2(blk, a, b), a, b);
}

/* Merge sort (stable, GC-safe, exceptions may longjmp out). */
static void msort(sp_value *v, sp_value *tmp, long n, sp_value blk)
{
    if (n < 2) return;
    if (n <= 8) {
        for (long i = 1; i < n; i++) {
            sp_value x = v[i];
            long j = i - 1;
            while (j >= 0 && (blk == SP_NIL ? sp_cmp_values(v[j], x) : sp_ary_blk_cmp(blk, v[j], x)) > 0) {
                v[j + 1] = v[j]; j--;
            }
            v[j + 1] = x;
        }
        return;
    }
    long h = n / 2;
    msort(v, tmp, h, blk);
    msort(v + h, tmp, n - h, blk);
    long i = 0, j = h, k = 0;
    while (i < h && j < n) {
        int c = blk == SP_NIL ? sp_cmp_values(v[i], v[j]) : sp_ary_blk_cmp(blk, v[i], v[j]);
        tmp[k++] = c <= 0 ? v[i++] : v[j++];
    }
    while (i < h) tmp[k++] = v[i++];
    while (j < n) tmp[k++] = v[j++];
    memcpy(v, tmp, sizeof(sp_value) * (size_t)n);
}

/* Fixnum-only sorts.  A tagged fixnum (2n+1) orders like its raw word
 * read as int64, so an all-Fixnum array sorts with plain integer compares
 * (sp_cmp_values gives the same order without looking at <=>).  The
 * scratch buffers hold no pointers (or only copies of values still
 * referenced from elsewhere), so they are atomic: neither cleared nor
 * scanned by the collector. */
typedef struct fix_pair { uint64_t key; uint64_t idx; } fix_pair;

/* Low/high raw words of n fixnums (the tagged word orders like the
 * number); 0 when some value is not a Fixnum. */
static int fix_range(const sp_value *v, long n, int64_t *lo, int64_t *hi)
{
    int64_t mn = INT64_MAX, mx = INT64_MIN;
    for (long i = 0; i < n; i++) {
        sp_value x = v[i];
        if (!SP_FIXNUM_P(x)) return 0;
        if ((int64_t)x < mn) mn = (int64_t)x;
        if ((int64_t)x > mx) mx = (int64_t)x;
    }
    *lo = mn; *hi = mx;
    return 1;
}

/* Bits needed for the key range of raw fixnum words lo..hi: keys are
 * (word - lo) >> 1, so all keys are < 2^bits. */
static int fix_key_bits(int64_t lo, int64_t hi)
{
    uint64_t span = ((uint64_t)hi - (uint64_t)lo) >> 1;
    return span ? 64 - __builtin_clzll(span) : 0;
}

/* Stable LSD radix sort of n records by an unsigned key below 2^kbits
 * (KEY(rec) uses the parameters base and shift).  The key is split into
 * as few digits of at most 11 bits (8 for short inputs) as cover kbits:
 * 31-bit keys take 3 passes, a key range of 0...999 one.  All digit
 * histograms come from one pass over the records.  Returns the buffer
 * holding the result (a or tmp).  `a` must be private to the caller: the
 * histogram and the scatter passes must see the same keys. */
#define SP_RADIX_SORT(NAME, T, KEY)                                           \
static T *NAME(T *a, T *tmp, long n, uint64_t base, int shift, int kbits)    \
{                                                                             \
    if (kbits <= 0 || n < 2) return a;                                        \
    int maxd = n < 1024 ? 8 : 11;                                             \
    int passes = (kbits + maxd - 1) / maxd;                                   \
    int dbits = (kbits + passes - 1) / passes;                                \
    size_t nb = (size_t)1 << dbits, mask = nb - 1;                            \
    size_t *cnt = calloc((size_t)passes * nb, sizeof *cnt);                   \
    if (!cnt) { fputs("[FATAL] failed to allocate memory\n", stderr); abort(); } \
    for (long i = 0; i < n; i++) {                                            \
        uint64_t k = KEY(a[i]);                                               \
        for (int p = 0; p < passes; p++) cnt[(size_t)p * nb + ((k >> (p * dbits)) & mask)]++; \
    }                                                                         \
    for (int p = 0; p < passes; p++) {                                        \
        size_t *c = cnt + (size_t)p * nb, pos = 0;                            \
        for (size_t d = 0; d < nb; d++) { size_t x = c[d]; c[d] = pos; pos += x; } \
        for (long i = 0; i < n; i++) {                                        \
            uint64_t k = KEY(a[i]);                                           \
            tmp[c[(k >> (p * dbits)) & mask]++] = a[i];                       \
        }                                                                     \
        T *t = a; a = tmp; tmp = t;                                           \
    }                                                                         \
    free(cnt);                                                                \
    return a;                                                                 \
}
#define SP_WORD_KEY(w) (((w) - base) >> shift)
#define SP_PAIR_KEY(r) (((r).key - base) >> shift)
SP_RADIX_SORT(radix_words, uint64_t, SP_WORD_KEY)
SP_RADIX_SORT(radix_pairs, fix_pair, SP_PAIR_KEY)

/* Sort n Fixnum words in place, raw words lo..hi (equal fixnums are
 * identical: stability moot).  The scratch buffer is atomic and given
 * back at once: a large sort then reuses its pages instead of growing
 * the heap (and faulting in fresh pages) for the next one. */
static void fix_sort(sp_value *v, long n, int64_t lo, int64_t hi)
{
    int kbits = fix_key_bits(lo, hi);
    if (kbits == 0) return;
    uint64_t *tmp = sp_alloc_atomic(sizeof(uint64_t) * (size_t)n);
    uint64_t *r = radix_words((uint64_t *)v, tmp, n, (uint64_t)lo, 1, kbits);
    if (r != (uint64_t *)v) memcpy(v, r, sizeof(uint64_t) * (size_t)n);
    GC_FREE(tmp);
}

sp_value sp_ary_sort_values(long n, sp_value *v, sp_value blk)
{
    int64_t lo, hi;
    if (blk == SP_NIL && n > 16 && fix_range(v, n, &lo, &hi)) {
        fix_sort(v, n, lo, hi);
        return SP_NIL;
    }
    sp_value *tmp = GC_MALLOC(sizeof(sp_value) * (size_t)(n + 1));
    msort(v, tmp, n, blk);
    GC_FREE(tmp);
    return SP_NIL;
}

/* sort_by: the values are snapshotted (the block may change self), the
 * keys collected; while every key is a Fixnum they go to an atomic
 * buffer as raw words (no GC-scanned key array), and a radix sort orders
 * (key, index) records -- packed in one word, key above index, when the
 * key range and n fit 32 bits each.  Any other key moves the keys to a
 * scanned array and the general merge sort on indices takes over.  Equal
 * keys keep their original order.  Scratch buffers are given back to the
 * collector at once. */
static sp_value sort_by_fixnum(const sp_value *vals, uint64_t *kw, long n, int64_t lo, int64_t hi)
{
    int kbits = fix_key_bits(lo, hi);
    sp_value r = sp_ary_new_capa(n);
    sp_value *out = sp_ary_buf((sp_array *)r)->elts;
    if ((uint64_t)n <= UINT32_MAX && kbits <= 32) {
        for (long i = 0; i < n; i++) kw[i] = (((kw[i] - (uint64_t)lo) >> 1) << 32) | (uint64_t)i;
        uint64_t *tmp = sp_alloc_atomic(sizeof(uint64_t) * (size_t)n);
        uint64_t *s = radix_words(kw, tmp, n, 0, 32, kbits);
        for (long i = 0; i < n; i++) out[i] = vals[s[i] & UINT32_MAX];
        GC_FREE(tmp);
    } else {
        fix_pair *a = sp_alloc_atomic(sizeof(fix_pair) * (size_t)n);
        fix_pair *tmp = sp_alloc_atomic(sizeof(fix_pair) * (size_t)n);
        for (long i = 0; i < n; i++) { a[i].key = kw[i]; a[i].idx = (uint64_t)i; }
        fix_pair *s = radix_pairs(a, tmp, n, (uint64_t)lo, 1, kbits);
        for (long i = 0; i < n; i++) out[i] = vals[s[i].idx];
        GC_FREE(a);
        GC_FREE(tmp);
    }
    sp_ary_buf((sp_array *)r)->len = (int32_t)n;
    return r;
}

static void *grow_copy(void *old, size_t used, size_t bytes, int atomic)
{
    void *p = atomic ? sp_alloc_atomic(bytes) : GC_MALLOC(bytes);
    if (SP_UNLIKELY(!p)) { fputs("[FATAL] failed to allocate memory\n", stderr); abort(); }
    memcpy(p, old, used);
    return p;
}

sp_value sp_ary_sort_by(sp_value self, sp_value blk)
{
    /* Like CRuby's (which goes through #each), the walk sees elements the
     * block appends and stops early if it removes some. */
    long n = sp_ary_len(self), cap = n > 16 ? n : 16;
    sp_value *vals = GC_MALLOC(sizeof(sp_value) * (size_t)(cap + 1));
    uint64_t *kw = n > 16 ? sp_alloc_atomic(sizeof(uint64_t) * (size_t)cap) : NULL;
    sp_value *keys = kw ? NULL : GC_MALLOC(sizeof(sp_value) * (size_t)(cap + 1));
    int64_t lo = INT64_MAX, hi = INT64_MIN;
    long i = 0;
    for (;; i++) {
        long len;
        sp_value *p = sp_ary_snap(self, &len);
        if (i >= len) break;
        if (SP_UNLIKELY(i >= cap)) {
            long nc = cap * 2;
            vals = grow_copy(vals, sizeof(sp_value) * (size_t)i, sizeof(sp_value) * (size_t)(nc + 1), 0);
            if (keys) keys = grow_copy(keys, sizeof(sp_value) * (size_t)i, sizeof(sp_value) * (size_t)(nc + 1), 0);
            else kw = grow_copy(kw, sizeof(uint64_t) * (size_t)i, sizeof(uint64_t) * (size_t)nc, 1);
            cap = nc;
        }
        sp_value v = __atomic_load_n(&p[i], __ATOMIC_RELAXED);
        vals[i] = v;
        sp_value k = sp_yield1(blk, v);
        if (!keys) {
            if (SP_FIXNUM_P(k)) {
                kw[i] = (uint64_t)k;
                if ((int64_t)k < lo) lo = (int64_t)k;
                if ((int64_t)k > hi) hi = (int64_t)k;
                continue;
            }
            keys = GC_MALLOC(sizeof(sp_value) * (size_t)(cap + 1));
            for (long j = 0; j < i; j++) keys[j] = (sp_value)kw[j];
            GC_FREE(kw);
            kw = NULL;
        }
        keys[i] = k;
    }
    n = i;
    if (!keys) {
        sp_value r = sort_by_fixnum(vals, kw, n, lo, hi);
        GC_FREE(kw);
        GC_FREE(vals);
        return r;
    }
    /* index sort: merge sort on indices by keys */
    sp_value *idx = GC_MALLOC_ATOMIC(sizeof(sp_value) * (size_t)(n + 1));
    sp_value *tmp = GC_MALLOC_ATOMIC(sizeof(sp_value) * (size_t)(n + 1));
    for (long i = 0; i < n; i++) idx[i] = (sp_value)i;
    for (long w = 1; w < n; w *= 2) {
        for (long lo2 = 0; lo2 < n; lo2 += 2 * w) {
            long mid = lo2 + w < n ? lo2 + w : n, hi2 = lo2 + 2 * w < n ? lo2 + 2 * w : n;
            long i = lo2, j = mid, k = lo2;
            while (i < mid && j < hi2) tmp[k++] = sp_cmp_values(keys[idx[i]], keys[idx[j]]) <= 0 ? idx[i++] : idx[j++];
            while (i < mid) tmp[k++] = idx[i++];
            while (j < hi2) tmp[k++] = idx[j++];
        }
        sp_value *t = idx; idx = tmp; tmp = t;
    }
    sp_value r = sp_ary_new_capa(n);
    sp_value *out = sp_ary_buf((sp_array *)r)->elts;
    for (long i = 0; i < n; i++) out[i] = vals[idx[i]];
    sp_ary_buf((sp_array *)r)->len = (int32_t)n;
    return r;
}

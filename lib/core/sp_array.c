/*
 * sp_array.c — Array.
 *
 * Representation (sp_array.h): {hdr, buf, start, len}, buf ->
 * {capa, elts[]}.  shift is O(1) (start++); push is amortised O(1)
 * (capacity doubles, compacting when start has drifted); insert/delete in
 * the middle build a fresh buffer (O(n)).
 *
 * Publication rule: a writer that needs a different buffer fills it
 * completely, then publishes buf (release), start and len.  In-place
 * writes (push into spare capacity, []= inside the array) store the
 * element first, then len.  Readers use sp_ary_snap, which clamps
 * (start, len) to the capa of the buffer it loaded.  Copies out of a
 * buffer another thread may be writing use word-sized atomic loads so a
 * reader never sees a torn pointer.  Lost updates between racing writers
 * are allowed (Ruby programs must use a Mutex), crashes are not.
 *
 * Enumerable methods that Array does not define itself come from
 * sp_enum.c (Array includes Enumerable).
 */
#include "sp_array.h"
#include "sp_alloc_inline.h"
#include "sp_numeric.h"
#include "sp_string.h"
#include "sp_hash.h"
#include "sp_range.h"
#include "sp_enum.h"
#include "sp_lock.h"
#include "sp_pack.h"
#include <gmp.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SNAPA(v, pp, ll) long ll; sp_value *pp = sp_ary_snap((v), &ll)

/* ------------------------------------------------------------------ */
/* Buffers                                                             */

/* Boehm adds one byte to every request (so that a pointer just past an
 * object still counts as pointing into it) and rounds up to 16-byte
 * granules; the last word of an object is not scanned.  A buffer of an
 * odd capacity is 16 + 8*capa = 8 (mod 16) bytes (capa word and span
 * word, then the slots), which leaves room for that byte; an even
 * capacity would waste a whole granule, so capacities are rounded up to
 * odd counts.  (Embedded buffers follow a 24-byte array header: there
 * even counts fit, see ary_alloc.) */
/* A buffer whose slots the caller must all write (data, then nil) before
 * publishing it: large ones are not pre-cleared by the collector. */
static sp_arybuf *abuf_alloc(long capa)
{
    if (capa < 4) capa = 4;
    if (SP_UNLIKELY(capa > SP_ARY_MAX)) sp_raise(sp_eArgError, "array size too big");
    capa |= 1;
    sp_arybuf *b = sp_alloc_words_uninit(sizeof(sp_arybuf) + sizeof(sp_value) * (size_t)capa);
    b->capa = capa;
    return b;
}

static void nil_fill(sp_value *e, long from, long to)
{
    for (long i = from; i < to; i++) e[i] = SP_NIL;
}

static sp_arybuf *abuf_new(long capa)
{
    sp_arybuf *b = abuf_alloc(capa);
    /* Slots not written yet read as nil, never as the zero word (false):
     * a racing reader that pairs this buffer with a stale (start, len)
     * may look at them before the writer fills them. */
    nil_fill(b->elts, 0, b->capa);
    return b;
}

/* Word-by-word copy; atomic loads keep elements untorn under races. */
static void vcopy(sp_value *dst, const sp_value *src, long n)
{
    for (long i = 0; i < n; i++) dst[i] = __atomic_load_n(&src[i], __ATOMIC_RELAXED);
}

static inline sp_arybuf *ary_buf(sp_value a) { return sp_ary_buf((sp_array *)a); }

static inline uint64_t span_of(long start, long len)
{
    return (uint64_t)(uint32_t)start | ((uint64_t)(uint32_t)len << 32);
}

/* Store start and len of the buffer in use together (one word: a reader
 * never pairs a new start with an old len). */
static inline void ary_set_span(sp_arybuf *b, long start, long len)
{
    __atomic_store_n(&b->span, span_of(start, len), __ATOMIC_RELEASE);
}

/* Install a fresh buffer: its range first, then the buffer (release), so
 * a reader that sees b sees its range. */
static void ary_publish(sp_value a, sp_arybuf *b, long start, long len)
{
    b->span = span_of(start, len);
    __atomic_store_n(&((sp_array *)a)->buf, b, __ATOMIC_RELEASE);
}

/* The length of an array no other thread has seen yet (results being
 * built). */
static inline void ary_set_len_fresh(sp_value a, long len)
{
    ary_buf(a)->len = (int32_t)len;
}

/* Small arrays carry their first buffer in the same allocation, right
 * after the header: one GC_MALLOC instead of two for the common short
 * Array (literals, pairs, tree nodes).  buf is then an interior pointer
 * into the array object (the collector recognises interior pointers), and
 * growth simply publishes a separate buffer as for any array; the embedded
 * one is never reused after that.  Larger initial capacities keep a
 * separate buffer so a big array's header does not pin a big block. */
#define ARY_EMBED_MAX 8

/* An array object with `capa` (even, <= ARY_EMBED_MAX) embedded slots,
 * header and buffer set, elements not yet written. */
static inline sp_array *ary_alloc_embed(sp_value klass, long capa)
{
    size_t bytes = sizeof(sp_array) + sizeof(sp_arybuf) + sizeof(sp_value) * (size_t)capa;
    sp_array *a = sp_alloc(bytes, klass, SP_T_ARRAY);
    sp_arybuf *b = (sp_arybuf *)(a + 1);
    b->capa = capa;
    b->span = 0;
    a->buf = NULL;   /* the embedded buffer (sp_ary_buf) */
    return a;
}

static sp_value ary_alloc(sp_value klass, long capa)
{
    sp_array *a;
    if (capa <= ARY_EMBED_MAX) {
        capa = capa < 2 ? 2 : (capa + 1) & ~1L;    /* [a, b]: 56 bytes, a 64-byte block */
        a = ary_alloc_embed(klass, capa);
        nil_fill(((sp_arybuf *)(a + 1))->elts, 0, capa);
    } else {
        a = sp_alloc(sizeof(sp_array), klass, SP_T_ARRAY);
        sp_arybuf *b = abuf_new(capa);
        b->span = 0;
        a->buf = b;
    }
    return (sp_value)a;
}

static sp_value ary_allocator(sp_value klass) { return ary_alloc(klass, 4); }

sp_value sp_ary_new(void) { return ary_alloc(sp_cArray, 4); }
sp_value sp_ary_new_capa(long capa) { return ary_alloc(sp_cArray, capa); }

/* [a, b]: array literals of two elements (pairs, tree nodes) compile to
 * this.  A leaf: the cache pop is inlined (sp_alloc_inline.h) and no
 * call happens between it and the last initialising store, so the object
 * is never seen half-built by this thread's code; other threads cannot
 * see it until it is returned.  The layout is sp_ary_new_from's for n ==
 * 2: header, buf = NULL (embedded), start 0, len 2, capa 2, a, b — 56
 * bytes, a 64-byte (4-granule) block.  Cached objects come cleared, so
 * the remaining word needs no store. */
enum { ARY_PAIR_BYTES = sizeof(sp_array) + sizeof(sp_arybuf) + 2 * sizeof(sp_value) };
_Static_assert(ARY_PAIR_BYTES == 56, "[a, b] must fit a 64-byte block with the collector's extra byte");

static inline __attribute__((always_inline)) sp_value ary_pair_init(sp_array *a, sp_value x, sp_value y)
{
    sp_arybuf *b = (sp_arybuf *)(a + 1);
    a->buf = NULL;
    b->capa = 2;
    b->span = span_of(0, 2);
    b->elts[0] = x;
    b->elts[1] = y;
    return (sp_value)a;
}

/* Cache empty: sp_alloc refills it (may collect; x and y are live in
 * this frame's registers or stack). */
static __attribute__((noinline)) sp_value ary_new2_slow(sp_value x, sp_value y)
{
    return ary_pair_init(sp_alloc(ARY_PAIR_BYTES, sp_cArray, SP_T_ARRAY), x, y);
}

sp_value sp_ary_new2(sp_value x, sp_value y)
{
    sp_header *h = sp_alloc_pop((ARY_PAIR_BYTES + GC_GRANULE_BYTES) / GC_GRANULE_BYTES, sp_cArray, SP_T_ARRAY);
    if (SP_UNLIKELY(h == NULL)) return ary_new2_slow(x, y);
    return ary_pair_init((sp_array *)h, x, y);
}

/* Array literals and short results: the elements go straight into the
 * embedded slots (no nil fill first).  The array is not visible to any
 * other thread until returned, so plain stores suffice; the elements are
 * read with atomic loads because `elts` may be another array's buffer. */
sp_value sp_ary_new_from(long n, const sp_value *elts)
{
    if (n == 2)   /* pairs and tree nodes: no loops */
        return sp_ary_new2(__atomic_load_n(&elts[0], __ATOMIC_RELAXED), __atomic_load_n(&elts[1], __ATOMIC_RELAXED));
    if (n <= ARY_EMBED_MAX) {
        long capa = n < 2 ? 2 : (n + 1) & ~1L;
        sp_array *a = ary_alloc_embed(sp_cArray, capa);
        sp_value *e = ((sp_arybuf *)(a + 1))->elts;
        long i = 0;
        for (; i < n; i++) e[i] = __atomic_load_n(&elts[i], __ATOMIC_RELAXED);
        for (; i < capa; i++) e[i] = SP_NIL;
        ((sp_arybuf *)(a + 1))->len = (int32_t)n;
        return (sp_value)a;
    }
    sp_array *a = sp_alloc(sizeof(sp_array), sp_cArray, SP_T_ARRAY);
    sp_arybuf *b = abuf_alloc(n);
    vcopy(b->elts, elts, n);
    nil_fill(b->elts, n, b->capa);
    b->span = span_of(0, n);
    a->buf = b;
    return (sp_value)a;
}

/* Container invariant (debug builds, after locked operations): the live
 * range lies inside the buffer. */
static inline void ary_check(sp_value a)
{
    sp_arybuf *b = ary_buf(a);
    SP_ASSERT(b->start >= 0 && b->len >= 0 && (long)b->start + b->len <= b->capa);
    (void)b;
}

/* Arguments that convert to indices without Ruby code (Integer, nil,
 * Ranges of those): operations taking only such arguments lock. */
static int plain_index(sp_value v)
{
    if (SP_FIXNUM_P(v) || v == SP_NIL) return 1;
    if (!sp_range_p(v)) return 0;
    sp_range *r = SP_RANGE(v);
    return (SP_FIXNUM_P(r->beg) || r->beg == SP_NIL) && (SP_FIXNUM_P(r->end) || r->end == SP_NIL);
}

static int plain_indices(int n, const sp_value *v)
{
    for (int i = 0; i < n; i++) if (!plain_index(v[i])) return 0;
    return 1;
}

static void ary_modify(sp_value a)
{
    if (SP_HDR(a)->flags & SP_FL_FROZEN) sp_check_frozen(a);
}

/* Replace contents with n values (a new buffer). */
static void ary_set(sp_value a, const sp_value *v, long n)
{
    SP_LOCKED(a);
    sp_arybuf *b = abuf_new(n);
    vcopy(b->elts, v, n);
    ary_publish(a, b, 0, n);
}

static inline __attribute__((always_inline)) sp_value sp_ary_push_body(sp_value a, sp_value v)
{
    sp_arybuf *b = ary_buf(a);
    uint64_t span = __atomic_load_n(&b->span, __ATOMIC_ACQUIRE);
    long start = (int32_t)(uint32_t)span;
    long len = (long)((int64_t)span >> 32);
    if (start < 0 || start > b->capa) start = b->capa;
    if (len < 0 || len > b->capa - start) len = b->capa - start;
    if (start + len < b->capa) {
        __atomic_store_n(&b->elts[start + len], v, __ATOMIC_RELAXED);
        ary_set_span(b, start, len + 1);
        ary_check(a);
        return a;
    }
    sp_arybuf *nb = abuf_new(len < 8 ? 16 : len * 2);
    vcopy(nb->elts, b->elts + start, len);
    nb->elts[len] = v;
    ary_publish(a, nb, 0, len + 1);
    ary_check(a);
    return a;
}

sp_value sp_ary_push(sp_value a, sp_value v)
{
    ary_modify(a);
    if (SP_LK_OFF()) return sp_ary_push_body(a, v);
    SP_LOCKED(a);
    return sp_ary_push_body(a, v);
}

long sp_ary_len(sp_value a)
{
    long n;
    sp_ary_snap(a, &n);
    return n;
}

sp_value sp_ary_entry(sp_value a, long i)
{
    return sp_ary_entry_inline(a, i);
}

static inline __attribute__((always_inline)) sp_value sp_ary_store_body(sp_value a, long i, sp_value v)
{
    SNAPA(a, p, n);
    if (i < 0) {
        i += n;
        if (i < 0) sp_raise(sp_eIndexError, "index %ld too small for array; minimum: -%ld", i - n, n);
    }
    if (i < n) { __atomic_store_n(&p[i], v, __ATOMIC_RELAXED); return v; }
    if (i == n) { sp_ary_push(a, v); return v; }
    if (i > (1L << 40)) sp_raise(sp_eArgError, "index %ld too big", i);
    sp_arybuf *nb = abuf_new(i + 1);
    vcopy(nb->elts, p, n);
    for (long k = n; k < i; k++) nb->elts[k] = SP_NIL;
    nb->elts[i] = v;
    ary_publish(a, nb, 0, i + 1);
    ary_check(a);
    return v;
}

sp_value sp_ary_store(sp_value a, long i, sp_value v)
{
    ary_modify(a);
    if (SP_LK_OFF()) return sp_ary_store_body(a, i, v);
    SP_LOCKED(a);
    return sp_ary_store_body(a, i, v);
}

static inline __attribute__((always_inline)) sp_value sp_ary_pop_body(sp_value a)
{
    SNAPA(a, p, n);
    if (n == 0) return SP_NIL;
    sp_value v = p[n - 1];
    sp_arybuf *b = ary_buf(a);
    ary_set_span(b, p - b->elts, n - 1);
    return v;
}

sp_value sp_ary_pop(sp_value a)
{
    ary_modify(a);
    if (SP_LK_OFF()) return sp_ary_pop_body(a);
    SP_LOCKED(a);
    return sp_ary_pop_body(a);
}

/* One worker (shared == 0): the shifted slot is cleared so the collector
 * can reclaim the element.  Two workers (shared, under the lock): a
 * lock-free reader may still hold this buffer's previous span and read
 * slot start, so the slot keeps its element (the reader sees the array
 * before the shift, not a nil it never held); once the shifted-out
 * prefix passes half the buffer, the live elements move to a fresh
 * buffer (amortised O(1): at least capa/2 shifts per copy of at most
 * capa/2 elements), which bounds what the old slots keep alive. */
static inline __attribute__((always_inline)) sp_value sp_ary_shift_body(sp_value a, int shared)
{
    SNAPA(a, p, n);
    if (n == 0) return SP_NIL;
    sp_value v = __atomic_load_n(&p[0], __ATOMIC_RELAXED);
    sp_arybuf *b = ary_buf(a);
    long start = (long)(p - b->elts);
    if (start + 1 > b->capa) return v;
    if (!shared) __atomic_store_n(&p[0], SP_NIL, __ATOMIC_RELAXED);
    else if (start + 1 >= 16 && start + 1 > b->capa / 2) {
        sp_arybuf *nb = abuf_new(n - 1 + ((n - 1) >> 1));
        vcopy(nb->elts, p + 1, n - 1);
        ary_publish(a, nb, 0, n - 1);
        ary_check(a);
        return v;
    }
    /* start and len move in one store: a racing reader sees the array
     * before or after the shift, never one slot past its end. */
    ary_set_span(b, start + 1, n - 1);
    ary_check(a);
    return v;
}

sp_value sp_ary_shift(sp_value a)
{
    ary_modify(a);
    if (SP_LK_OFF()) return sp_ary_shift_body(a, 0);
    SP_LOCKED(a);
    return sp_ary_shift_body(a, 1);
}

void sp_ary_clear(sp_value a)
{
    ary_modify(a);
    SP_LOCKED(a);
    ary_publish(a, abuf_new(4), 0, 0);
}

/* Replace [beg, beg+len) with n values from v. */
static void ary_splice(sp_value a, long beg, long len, const sp_value *v, long n)
{
    ary_modify(a);
    SP_LOCKED(a);
    SNAPA(a, p, total);
    if (beg > total) {
        sp_arybuf *nb = abuf_new(beg + n);
        vcopy(nb->elts, p, total);
        for (long k = total; k < beg; k++) nb->elts[k] = SP_NIL;
        vcopy(nb->elts + beg, v, n);
        ary_publish(a, nb, 0, beg + n);
        return;
    }
    if (len > total - beg) len = total - beg;
    long nl = total - len + n;
    sp_arybuf *nb = abuf_new(nl + (nl >> 1));
    vcopy(nb->elts, p, beg);
    vcopy(nb->elts + beg, v, n);
    vcopy(nb->elts + beg + n, p + beg + len, total - beg - len);
    ary_publish(a, nb, 0, nl);
    ary_check(a);
}

sp_value sp_ary_concat(sp_value a, sp_value other)
{
    SNAPA(other, q, m);
    sp_value *copy = GC_MALLOC(sizeof(sp_value) * (size_t)(m + 1));
    vcopy(copy, q, m);
    ary_modify(a);
    SP_LOCKED(a);
    for (long i = 0; i < m; i++) sp_ary_push(a, copy[i]);
    return a;
}

sp_value sp_ary_dup(sp_value a)
{
    SNAPA(a, p, n);
    return sp_ary_new_from(n, p);
}

sp_value sp_check_array(sp_value v)
{
    if (sp_ary_p(v)) return v;
    if (SP_SPECIAL_CONST_P(v)) return SP_NIL;
    if (sp_respond_to(v, sp_intern("to_ary"), 1)) {
        sp_value r = sp_funcall0(v, "to_ary");
        if (r == SP_NIL) return SP_NIL;
        if (!sp_ary_p(r))
            sp_raise_convert_gives(v, "Array", "to_ary", r);
        return r;
    }
    return SP_NIL;
}

sp_value sp_to_ary(sp_value v)
{
    sp_value a = sp_check_array(v);
    if (a != SP_NIL) return a;
    return sp_ary_new_from(1, &v);
}

/* Array.try_convert(obj): obj, obj.to_ary (an Array or nil), or nil */
SP_METHOD(a_s_try_convert)
{
    (void)self; (void)argc_; (void)blk;
    return sp_check_array(argv[0]);
}

static sp_value to_ary_arg(sp_value v)
{
    sp_value a = sp_check_array(v);
    if (a == SP_NIL) sp_raise_type(v, "Array");
    return a;
}

/* ------------------------------------------------------------------ */
/* Comparison helpers                                                  */

volatile uint32_t sp_cmp_redef;

static int exact_class(sp_value v, sp_value k)
{
    return SP_HEAP_P(v) && (sp_value)SP_HDR(v)->klass == k;
}

/* Array#<=> of two exact Arrays without sends (sort_by { [k1, k2] }, sort
 * and min/max of Array keys).  Elements that are fixnums, exact Strings,
 * non-NaN Floats or exact Arrays compare here; any other pair is asked
 * `x <=> y` as Array#<=> asks it.  Returns -1/0/1, 2 for a nil from an
 * element (the comparison fails with the outer operands, as the nil
 * Array#<=> returns does), or 3 with *res set to a result that is neither
 * 0 nor nil nor a fixnum (Array#<=> returns it as it is: the caller signs
 * it with > and <).  Arrays nested deeper than 32 (a recursive Array)
 * are asked <=> too, whose send checks the stack. */
static int ary_cmp_fast(sp_value a, sp_value b, sp_value *res, int depth)
{
    long n, m;
    sp_value *p = sp_ary_snap(a, &n), *q = sp_ary_snap(b, &m);
    long k = n < m ? n : m;
    for (long i = 0; i < k; i++) {
        sp_value x = p[i], y = q[i];
        int c;
        if (SP_FIXNUM_P(x) && SP_FIXNUM_P(y)) {
            int64_t u = SP_FIX2LONG(x), w = SP_FIX2LONG(y);
            c = (u > w) - (u < w);
        } else if (exact_class(x, sp_cString) && exact_class(y, sp_cString)) {
            c = sp_str_cmp(x, y);
        } else if (sp_float_p(x) && sp_float_p(y) && !isnan(sp_flo(x)) && !isnan(sp_flo(y))) {
            double u = sp_flo(x), w = sp_flo(y);
            c = (u > w) - (u < w);
        } else if (exact_class(x, sp_cArray) && exact_class(y, sp_cArray) && depth < 32) {
            c = ary_cmp_fast(x, y, res, depth + 1);
            if (c > 1) return c;
        } else {
            sp_value r = sp_funcall1(x, "<=>", y);
            if (r == SP_NIL) return 2;
            if (!SP_FIXNUM_P(r)) { *res = r; return 3; }
            c = (SP_FIX2LONG(r) > 0) - (SP_FIX2LONG(r) < 0);
        }
        if (c) return c;
    }
    return (n > m) - (n < m);
}

int sp_cmp_values(sp_value a, sp_value b)
{
    if (SP_FIXNUM_P(a) && SP_FIXNUM_P(b)) {
        int64_t x = SP_FIX2LONG(a), y = SP_FIX2LONG(b);
        return (x > y) - (x < y);
    }
    if (sp_str_p(a) && sp_str_p(b)) return sp_str_cmp(a, b);
    if (!sp_cmp_redef && exact_class(a, sp_cArray) && exact_class(b, sp_cArray)) {
        sp_value r = SP_NIL;
        int c = ary_cmp_fast(a, b, &r, 0);
        if (c == 2) sp_num_cmp_fail(a, b);
        if (c < 2) return c;
        if (SP_RTEST(sp_funcall1(r, ">", SP_FIX(0)))) return 1;
        if (SP_RTEST(sp_funcall1(r, "<", SP_FIX(0)))) return -1;
        return 0;
    }
    if (sp_float_p(a) && sp_float_p(b)) {
        double x = sp_flo(a), y = sp_flo(b);
        if (!isnan(x) && !isnan(y)) return (x > y) - (x < y);
    }
    sp_value c = sp_numeric_p(a) && sp_numeric_p(b) ? sp_num_cmp(a, b) : sp_funcall1(a, "<=>", b);
    return sp_cmpint(c, a, b);
}

/* The sign of a <=> result c of comparing a with b (CRuby's rb_cmpint):
 * nil is ArgumentError "comparison of A with B failed"; a non-Integer
 * answers #> 0 and #< 0 (never its own <=>). */
int sp_cmpint(sp_value c, sp_value a, sp_value b)
{
    if (c == SP_NIL) sp_num_cmp_fail(a, b);
    if (SP_FIXNUM_P(c)) { int64_t x = SP_FIX2LONG(c); return (x > 0) - (x < 0); }
    if (sp_bignum_p(c)) return sp_int_cmp(c, SP_FIX(0));
    if (SP_RTEST(sp_funcall1(c, ">", SP_FIX(0)))) return 1;
    if (SP_RTEST(sp_funcall1(c, "<", SP_FIX(0)))) return -1;
    return 0;
}

sp_value sp_sum_values(sp_value init, long n, const sp_value *v)
{
    sp_value acc = init;
    long i = 0;
    if (sp_integer_p(acc)) {
        for (; i < n; i++) {
            sp_value e = v[i];
            if (SP_FIXNUM_P(e) && SP_FIXNUM_P(acc)) {
                int64_t r;
                if (!__builtin_add_overflow(SP_FIX2LONG(acc), SP_FIX2LONG(e), &r) && SP_FIXABLE(r)) {
                    acc = SP_FIX(r); continue;
                }
            }
            if (sp_integer_p(e)) { acc = sp_int_plus(acc, e); continue; }
            break;
        }
    }
    if (i < n && sp_numeric_p(acc) && sp_float_p(v[i])) {
        double f = sp_num_to_double(acc), c = 0.0;
        for (; i < n; i++) {
            sp_value e = v[i];
            double x;
            if (sp_float_p(e)) x = sp_flo(e);
            else if (sp_integer_p(e)) x = sp_num_to_double(e);
            else break;
            if (isnan(f)) continue;
            if (isnan(x)) { f = x; continue; }
            if (isinf(x)) {
                if (isinf(f) && signbit(x) != signbit(f)) f = NAN; else f = x;
                continue;
            }
            if (isinf(f)) continue;
            double t = f + x;
            if (fabs(f) >= fabs(x)) c += ((f - t) + x);
            else c += ((x - t) + f);
            f = t;
        }
        acc = sp_float_new(f + c);
    }
    for (; i < n; i++) acc = sp_funcall1(acc, "+", v[i]);
    return acc;
}

/* ------------------------------------------------------------------ */
/* inspect / join / equality / hash                                    */

sp_value sp_ary_inspect(sp_value a)
{
    SNAPA(a, p, n);
    if (n == 0) return sp_str_new("[]", 2);
    if (sp_guard_push(a)) return sp_str_new("[...]", 5);
    sp_value out = sp_str_buf_new((size_t)n * 4 + 2);
    sp_str_cat(out, "[", 1);
    for (long i = 0; i < n; i++) {
        if (i) sp_str_cat(out, ", ", 2);
        sp_value e = p[i];
        sp_value s = sp_str_p(e) ? sp_str_inspect(e) : sp_inspect(e);
        sp_str_append(out, s);
        SNAPA(a, p2, n2);
        p = p2;
        if (n2 < n) n = n2;
    }
    sp_str_cat(out, "]", 1);
    sp_guard_pop(a);
    return out;
}

static void join_into(sp_value out, sp_value a, sp_value sep, int *first)
{
    SNAPA(a, p, n);
    if (sp_guard_push(a)) sp_raise(sp_eArgError, "recursive array join");
    for (long i = 0; i < n; i++) {
        sp_value e = p[i];
        if (sp_ary_p(e)) { join_into(out, e, sep, first); continue; }
        if (!*first && sep != SP_NIL) sp_str_append(out, sep);
        *first = 0;
        /* to_str wins over to_ary and to_s; a to_str giving nil passes */
        sp_value str = sp_str_p(e) ? e : SP_NIL;
        if (str == SP_NIL && !SP_SPECIAL_CONST_P(e) && sp_respond_to(e, sp_intern("to_str"), 1)) {
            str = sp_funcall0(e, "to_str");
            if (str != SP_NIL && !sp_str_p(str))
                sp_raise_convert_gives(e, "String", "to_str", str);
        }
        if (str != SP_NIL) sp_str_append(out, str);
        else {
            sp_value sub = SP_SPECIAL_CONST_P(e) ? SP_NIL : sp_check_array(e);
            if (sub != SP_NIL) { *first = 1; join_into(out, sub, sep, first); }
            else sp_str_append(out, sp_to_s(e));
        }
    }
    sp_guard_pop(a);
}

sp_value sp_ary_join(sp_value a, sp_value sep)
{
    if (sep != SP_NIL) sep = sp_str_to_str(sep);
    sp_value out = sp_str_new(NULL, 0);
    int first = 1;
    join_into(out, a, sep, &first);
    return out;
}

int sp_ary_equal(sp_value a, sp_value b)
{
    if (a == b) return 1;
    SNAPA(a, p, n); SNAPA(b, q, m);
    if (n != m) return 0;
    for (long i = 0; i < n; i++) {
        sp_value x = p[i], y = q[i];
        if (x == y) continue;
        if (SP_FIXNUM_P(x) && SP_FIXNUM_P(y)) return 0;
        if (!sp_equal(x, y)) return 0;
        SNAPA(a, p2, n2); SNAPA(b, q2, m2);
        if (n2 != n || m2 != m) return 0;
        p = p2; q = q2;
    }
    return 1;
}

/* ------------------------------------------------------------------ */
/* Methods                                                             */

SP_METHOD(a_s_new)
{
    sp_value a = ary_alloc(self, 4);
    if (argc == 0) return a;
    if (argc == 1 && !sp_integer_p(argv[0])) {
        sp_value src = sp_check_array(argv[0]);
        if (src != SP_NIL) { SNAPA(src, p, n); ary_set(a, p, n); return a; }
    }
    long n = (long)sp_num_to_long(argv[0]);
    if (n < 0) sp_raise(sp_eArgError, "negative array size");
    sp_value fill = argc > 1 ? argv[1] : SP_NIL;
    sp_arybuf *b = abuf_new(n);
    for (long i = 0; i < n; i++) b->elts[i] = fill;
    ary_publish(a, b, 0, n);
    if (blk != SP_NIL) {
        /* The array is not visible to the block, so its buffer is still
         * b unless something exotic happened: store straight into it. */
        sp_array *ary = (sp_array *)a;
        for (long i = 0; i < n; i++) {
            sp_value v = sp_yield1(blk, SP_FIX(i));
            if (SP_LIKELY(ary_buf(a) == b && b->start == 0 && !(ary->hdr.flags & SP_FL_FROZEN)))
                __atomic_store_n(&b->elts[i], v, __ATOMIC_RELAXED);
            else sp_ary_store(a, i, v);
        }
    }
    return a;
}

SP_METHOD(a_s_aref) { sp_value a = ary_alloc(self, argc); ary_set(a, argv, argc); return a; }

SP_METHOD(a_initialize) { return self; }

static sp_value ary_subseq(sp_value a, long beg, long len)
{
    SNAPA(a, p, n);
    if (beg > n || beg < 0 || len < 0) return SP_NIL;
    if (len > n - beg) len = n - beg;
    return sp_ary_new_from(len, p + beg);
}

/* a[(b..e).step(k)] / a[(b..e) % k]: every k-th element of the range's
 * slice; a negative k walks the slice backwards from its high end
 * (a[(5..1).step(-2)] == [a[5], a[3], a[1]]), like CRuby. */
static sp_value ary_aref_step(sp_value self, sp_value seq)
{
    sp_value b = sp_funcall0(seq, "begin"), e = sp_funcall0(seq, "end");
    long step = (long)sp_num_to_long(sp_funcall0(seq, "step"));
    int excl = SP_RTEST(sp_funcall0(seq, "exclude_end?"));
    long n = sp_ary_len(self);
    sp_value out = sp_ary_new();
    if (step == 0) sp_raise(sp_eArgError, "step can't be 0");
    if (step > 0) {
        long beg, len;
        if (!sp_range_beg_len(sp_range_new(b, e, excl), n, &beg, &len, 0)) return SP_NIL;
        for (long i = beg; i < beg + len; i += step) sp_ary_push(out, sp_ary_entry(self, i));
        return out;
    }
    long hi = b == SP_NIL ? n - 1 : (long)sp_num_to_long(b);
    long lo = e == SP_NIL ? 0 : (long)sp_num_to_long(e);
    if (hi < 0) hi += n;
    if (lo < 0) lo += n;
    if (excl && e != SP_NIL) lo++;
    if (hi >= n) hi = n - 1;
    if (lo < 0) lo = 0;
    for (long i = hi; i >= lo; i += step) sp_ary_push(out, sp_ary_entry(self, i));
    return out;
}

static sp_value ary_aref(sp_value self, int argc_, const sp_value *argv)
{
    int argc = SP_ARGC(argc_);
    sp_value a = argv[0];
    if (argc == 2) {
        long beg = (long)sp_num_to_long(a), len = (long)sp_num_to_long(argv[1]);
        if (!sp_index_beg_len(&beg, &len, sp_ary_len(self))) return SP_NIL;
        return ary_subseq(self, beg, len);
    }
    if (SP_FIXNUM_P(a)) return sp_ary_entry(self, SP_FIX2LONG(a));
    if (sp_range_p(a)) {
        long beg, len;
        if (!sp_range_beg_len(a, sp_ary_len(self), &beg, &len, 0)) return SP_NIL;
        return ary_subseq(self, beg, len);
    }
    if (SP_HEAP_P(a) && SP_TYPE(a) == SP_T_DATA && sp_respond_to(a, sp_intern("exclude_end?"), 0) &&
        sp_respond_to(a, sp_intern("step"), 0))
        return ary_aref_step(self, a);
    return sp_ary_entry(self, (long)sp_num_to_long(a));
}

SP_METHOD(a_aref)
{
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    return ary_aref(self, argc, argv);
}

SP_METHOD(a_aset)
{
    ary_modify(self);
    if (argc < 2 || argc > 3) sp_raise_arity(argc, 2, 3);
    sp_value nv = argv[argc - 1];
    SP_LOCKED_IF(plain_indices(argc - 1, argv) &&
                 (SP_SPECIAL_CONST_P(nv) || sp_ary_p(nv) || sp_str_p(nv) || sp_float_p(nv)), self);
    long n = sp_ary_len(self);
    if (argc == 3) {
        long beg = (long)sp_num_to_long(argv[0]), len = (long)sp_num_to_long(argv[1]);
        if (beg < 0) { beg += n; if (beg < 0) sp_raise(sp_eIndexError, "index %ld too small for array; minimum: -%ld", beg - n, n); }
        if (len < 0) sp_raise(sp_eIndexError, "negative length (%ld)", len);
        sp_value v = argv[2];
        sp_value src = sp_check_array(v);
        if (src != SP_NIL) { SNAPA(src, q, m); sp_value *c = GC_MALLOC(sizeof(sp_value) * (size_t)(m + 1)); vcopy(c, q, m); ary_splice(self, beg, len, c, m); }
        else ary_splice(self, beg, len, &v, 1);
        return v;
    }
    if (sp_range_p(argv[0])) {
        long beg, len;
        if (!sp_range_beg_len(argv[0], n, &beg, &len, 3))
            sp_raise(sp_eRangeError, "%s out of range", sp_str_cstr(sp_inspect(argv[0])));
        sp_value v = argv[1];
        sp_value src = sp_check_array(v);
        if (src != SP_NIL) { SNAPA(src, q, m); sp_value *c = GC_MALLOC(sizeof(sp_value) * (size_t)(m + 1)); vcopy(c, q, m); ary_splice(self, beg, len, c, m); }
        else ary_splice(self, beg, len, &v, 1);
        return v;
    }
    return sp_ary_store(self, (long)sp_num_to_long(argv[0]), argv[1]);
}

SP_METHOD(a_at) { return sp_ary_entry(self, (long)sp_num_to_long(argv[0])); }

SP_METHOD(a_fetch)
{
    long i = (long)sp_num_to_long(argv[0]);
    long n = sp_ary_len(self);
    long j = i < 0 ? i + n : i;
    if (j < 0 || j >= n) {
        if (blk != SP_NIL) return sp_yield1(blk, argv[0]);
        if (argc > 1) return argv[1];
        sp_raise(sp_eIndexError, "index %ld outside of array bounds: %ld...%ld", i, -n, n);
    }
    return sp_ary_entry(self, j);
}

/* Array#fetch_values(*indexes) { |i| }: #fetch of each. */
SP_METHOD(a_fetch_values)
{
    int n = argc;
    sp_value out = sp_ary_new();
    for (int k = 0; k < n; k++) sp_ary_push(out, a_fetch(self, 1, &argv[k], blk));
    return out;
}

/* The rest of a dig chain (Array/Hash/Struct#dig): v.dig(*rest), with
 * CRuby's TypeError when v has no #dig. */
sp_value sp_dig_rest(sp_value v, int n, const sp_value *rest)
{
    if (n == 0 || v == SP_NIL) return v;
    sp_id dig = sp_intern("dig");
    if (!sp_respond_to(v, dig, 1))
        sp_raise(sp_eTypeError, "%s does not have #dig method", sp_obj_classname(v));
    return sp_funcall(v, dig, n, rest, SP_NIL);
}

SP_METHOD(a_dig)
{
    if (argc < 1) sp_raise_arity(argc, 1, -1);
    return sp_dig_rest(ary_aref(self, 1, argv), argc - 1, argv + 1);
}

SP_METHOD(a_first)
{
    if (argc == 0) return sp_ary_entry(self, 0);
    long k = (long)sp_num_to_long(argv[0]);
    if (k < 0) sp_raise(sp_eArgError, "negative array size");
    return ary_subseq(self, 0, k);
}

SP_METHOD(a_last)
{
    long n = sp_ary_len(self);
    if (argc == 0) return sp_ary_entry(self, -1);
    long k = (long)sp_num_to_long(argv[0]);
    if (k < 0) sp_raise(sp_eArgError, "negative array size");
    if (k > n) k = n;
    return ary_subseq(self, n - k, k);
}

SP_METHOD(a_push)
{
    ary_modify(self);
    SP_LOCKED(self);
    for (int i = 0; i < argc; i++) sp_ary_push(self, argv[i]);
    return self;
}
SP_METHOD(a_lshift) { return sp_ary_push(self, argv[0]); }

SP_METHOD(a_pop)
{
    if (argc == 0) return sp_ary_pop(self);
    ary_modify(self);
    SP_LOCKED_IF(SP_FIXNUM_P(argv[0]), self);
    long k = (long)sp_num_to_long(argv[0]), n = sp_ary_len(self);
    if (k < 0) sp_raise(sp_eArgError, "negative array size");
    if (k > n) k = n;
    sp_value r = ary_subseq(self, n - k, k);
    SNAPA(self, p, cur);
    sp_arybuf *b = ary_buf(self);
    ary_set_span(b, p - b->elts, cur < n - k ? cur : n - k);
    return r;
}

SP_METHOD(a_shift)
{
    if (argc == 0) return sp_ary_shift(self);
    ary_modify(self);
    SP_LOCKED_IF(SP_FIXNUM_P(argv[0]), self);
    long k = (long)sp_num_to_long(argv[0]), n = sp_ary_len(self);
    if (k < 0) sp_raise(sp_eArgError, "negative array size");
    if (k > n) k = n;
    sp_value r = ary_subseq(self, 0, k);
    ary_splice(self, 0, k, NULL, 0);
    return r;
}

SP_METHOD(a_unshift)
{
    if (argc == 0) return self;
    ary_splice(self, 0, 0, argv, argc);
    return self;
}

SP_METHOD(a_insert)
{
    if (argc < 1) sp_raise_arity(argc, 1, -1);
    ary_modify(self);
    SP_LOCKED_IF(SP_FIXNUM_P(argv[0]), self);
    long i = (long)sp_num_to_long(argv[0]), n = sp_ary_len(self);
    if (argc == 1) return self;
    if (i < 0) {
        i += n + 1;
        if (i < 0) sp_raise(sp_eIndexError, "index %ld too small for array; minimum: -%ld", i - 1 - n + n - n, n + 1);
    }
    ary_splice(self, i, 0, argv + 1, argc - 1);
    return self;
}

SP_METHOD(a_concat)
{
    ary_modify(self);
    sp_value acc = sp_ary_new();
    for (int i = 0; i < argc; i++) sp_ary_concat(acc, to_ary_arg(argv[i]));
    return sp_ary_concat(self, acc);
}

SP_METHOD(a_plus)
{
    sp_value o = to_ary_arg(argv[0]);
    SNAPA(self, p, n); SNAPA(o, q, m);
    sp_value r = sp_ary_new_capa(n + m);
    sp_arybuf *b = ary_buf(r);
    vcopy(b->elts, p, n);
    vcopy(b->elts + n, q, m);
    ary_set_len_fresh(r, n + m);
    return r;
}

SP_METHOD(a_times)
{
    if (sp_str_p(argv[0])) return sp_ary_join(self, argv[0]);
    long k = (long)sp_num_to_long(argv[0]);
    if (k < 0) sp_raise(sp_eArgError, "negative argument");
    SNAPA(self, p, n);
    sp_value r = sp_ary_new_capa(n * k);
    for (long i = 0; i < k; i++) for (long j = 0; j < n; j++) sp_ary_push(r, p[j]);
    return r;
}

/* Hash set of values for -, &, |, uniq (Ruby hash/eql? semantics). */
static sp_value value_set(sp_value a)
{
    sp_value h = sp_hash_new();
    SNAPA(a, p, n);
    for (long i = 0; i < n; i++) sp_hash_aset(h, p[i], SP_TRUE);
    return h;
}

SP_METHOD(a_minus)
{
    sp_value o = to_ary_arg(argv[0]);
    sp_value set = value_set(o);
    SNAPA(self, p, n);
    sp_value r = sp_ary_new();
    for (long i = 0; i < n; i++) if (sp_hash_lookup(set, p[i], SP_UNDEF) == SP_UNDEF) sp_ary_push(r, p[i]);
    return r;
}

SP_METHOD(a_difference)
{
    sp_value r = sp_ary_dup(self);
    for (int i = 0; i < argc; i++) r = a_minus(r, 1, &argv[i], SP_NIL);
    return r;
}

SP_METHOD(a_and)
{
    sp_value o = to_ary_arg(argv[0]);
    sp_value set = value_set(o), seen = sp_hash_new();
    SNAPA(self, p, n);
    sp_value r = sp_ary_new();
    for (long i = 0; i < n; i++) {
        if (sp_hash_lookup(set, p[i], SP_UNDEF) == SP_UNDEF) continue;
        if (sp_hash_lookup(seen, p[i], SP_UNDEF) != SP_UNDEF) continue;
        sp_hash_aset(seen, p[i], SP_TRUE);
        sp_ary_push(r, p[i]);
    }
    return r;
}

SP_METHOD(a_intersection)
{
    sp_value r = self;
    if (argc == 0) return a_and(self, 1, &self, SP_NIL);
    for (int i = 0; i < argc; i++) r = a_and(r, 1, &argv[i], SP_NIL);
    return r;
}

SP_METHOD(a_intersect_p)
{
    sp_value r = a_and(self, 1, argv, SP_NIL);
    return SP_BOOL(sp_ary_len(r) > 0);
}

static sp_value uniq_values(sp_value a, sp_value blk)
{
    sp_value seen = sp_hash_new();
    SNAPA(a, p, n);
    sp_value r = sp_ary_new();
    for (long i = 0; i < n; i++) {
        sp_value e = p[i];
        sp_value k = blk != SP_NIL ? sp_yield1(blk, e) : e;
        if (sp_hash_lookup(seen, k, SP_UNDEF) != SP_UNDEF) continue;
        sp_hash_aset(seen, k, SP_TRUE);
        sp_ary_push(r, e);
    }
    return r;
}

SP_METHOD(a_or)
{
    sp_value all = sp_ary_dup(self);
    for (int i = 0; i < argc; i++) sp_ary_concat(all, to_ary_arg(argv[i]));
    return uniq_values(all, SP_NIL);
}

SP_METHOD(a_uniq) { return uniq_values(self, blk); }
SP_METHOD(a_uniq_b)
{
    ary_modify(self);
    sp_value r = uniq_values(self, blk);
    if (sp_ary_len(r) == sp_ary_len(self)) return SP_NIL;
    SNAPA(r, p, n); ary_set(self, p, n);
    return self;
}

SP_METHOD(a_cmp)
{
    sp_value o = sp_check_array(argv[0]);
    if (o == SP_NIL) return SP_NIL;
    SNAPA(self, p, n); SNAPA(o, q, m);
    long k = n < m ? n : m;
    for (long i = 0; i < k; i++) {
        sp_value c = sp_funcall1(p[i], "<=>", q[i]);
        if (c != SP_FIX(0)) return c;
    }
    return SP_FIX((n > m) - (n < m));
}

SP_METHOD(a_eq)
{
    sp_value o = argv[0];
    if (!sp_ary_p(o)) {
        if (!SP_SPECIAL_CONST_P(o) && sp_respond_to(o, sp_intern("to_ary"), 1))
            return SP_BOOL(SP_RTEST(sp_funcall1(o, "==", self)));
        return SP_FALSE;
    }
    return SP_BOOL(sp_ary_equal(self, o));
}

SP_METHOD(a_eql)
{
    sp_value o = argv[0];
    if (!sp_ary_p(o)) return SP_FALSE;
    SNAPA(self, p, n); SNAPA(o, q, m);
    if (n != m) return SP_FALSE;
    for (long i = 0; i < n; i++) if (!sp_eql(p[i], q[i])) return SP_FALSE;
    return SP_TRUE;
}

SP_METHOD(a_hash)
{
    SNAPA(self, p, n);
    uint64_t h = 0x345678ULL ^ (uint64_t)n;
    if (sp_guard_push(self)) return SP_FIX(0);
    for (long i = 0; i < n; i++) {
        h ^= sp_hash_value(p[i]) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    }
    sp_guard_pop(self);
    return SP_FIX((int64_t)(h >> 2));
}

SP_METHOD(a_length) { return SP_FIX(sp_ary_len(self)); }
SP_METHOD(a_empty) { return SP_BOOL(sp_ary_len(self) == 0); }

SP_METHOD(a_include)
{
    SNAPA(self, p, n);
    sp_value x = argv[0];
    for (long i = 0; i < n; i++) if (p[i] == x || sp_equal(p[i], x)) return SP_TRUE;
    return SP_FALSE;
}

SP_METHOD(a_index)
{
    if (argc == 0) SP_RETURN_ENUM(self, "index", argc_, argv);
    for (long i = 0; i < sp_ary_len(self); i++) {
        sp_value e = sp_ary_entry(self, i);
        if (argc > 0 ? sp_equal(e, argv[0]) : SP_RTEST(sp_yield1(blk, e))) return SP_FIX(i);
    }
    return SP_NIL;
}

SP_METHOD(a_rindex)
{
    if (argc == 0) SP_RETURN_ENUM(self, "rindex", argc_, argv);
    for (long i = sp_ary_len(self) - 1; i >= 0; i--) {
        if (i >= sp_ary_len(self)) continue;
        sp_value e = sp_ary_entry(self, i);
        if (argc > 0 ? sp_equal(e, argv[0]) : SP_RTEST(sp_yield1(blk, e))) return SP_FIX(i);
    }
    return SP_NIL;
}

/* Array#each: a block taking exactly one parameter (`{ |x| }`, not a
 * lambda, no `|x, |` splat) is called directly — sp_yield's proc
 * semantics would pass the one argument unchanged anyway. */
SP_METHOD(a_each)
{
    SP_RETURN_ENUM(self, "each", argc_, argv);
    sp_proc *bp = (sp_proc *)blk;
    if (SP_HEAP_P(blk) && SP_TYPE(blk) == SP_T_PROC &&
        !(bp->hdr.flags & (SP_FL_LAMBDA | SP_PROC_FL_SPLAT)) && bp->min_args <= 1 && bp->max_args == 1) {
        for (long i = 0;; i++) {
            SNAPA(self, p, n);
            if (i >= n) break;
            sp_value e = __atomic_load_n(&p[i], __ATOMIC_RELAXED);
            bp->fn(bp, 1, &e, SP_NIL);
        }
        return self;
    }
    for (long i = 0;; i++) {
        SNAPA(self, p, n);
        if (i >= n) break;
        sp_yield1(blk, p[i]);
    }
    return self;
}

SP_METHOD(a_each_index)
{
    SP_RETURN_ENUM(self, "each_index", argc_, argv);
    for (long i = 0; i < sp_ary_len(self); i++) sp_yield1(blk, SP_FIX(i));
    return self;
}

SP_METHOD(a_each_with_index)
{
    SP_RETURN_ENUM(self, "each_with_index", argc_, argv);
    for (long i = 0;; i++) {
        SNAPA(self, p, n);
        if (i >= n) break;
        sp_yield2(blk, p[i], SP_FIX(i));
    }
    return self;
}

SP_METHOD(a_reverse_each)
{
    SP_RETURN_ENUM(self, "reverse_each", argc_, argv);
    for (long i = sp_ary_len(self) - 1; i >= 0; i--) {
        long n = sp_ary_len(self);
        if (i >= n) { i = n; continue; }
        sp_yield1(blk, sp_ary_entry(self, i));
    }
    return self;
}

SP_METHOD(a_map)
{
    SP_RETURN_ENUM(self, "map", argc_, argv);
    long n0 = sp_ary_len(self);
    sp_value r = sp_ary_new_capa(n0);
    sp_arybuf *rb = ary_buf(r);
    /* r is private until returned: fill its buffer directly while self
     * has not grown past the capacity taken at the start. */
    for (long i = 0;; i++) {
        SNAPA(self, p, n);
        if (i >= n) break;
        sp_value v = sp_yield1(blk, __atomic_load_n(&p[i], __ATOMIC_RELAXED));
        if (SP_LIKELY(i < rb->capa && ary_buf(r) == rb && rb->start == 0 && rb->len == i)) { rb->elts[i] = v; rb->len = (int32_t)(i + 1); }
        else sp_ary_push(r, v);
    }
    return r;
}

SP_METHOD(a_map_b)
{
    SP_RETURN_ENUM(self, "map!", argc_, argv);
    ary_modify(self);
    for (long i = 0; i < sp_ary_len(self); i++) sp_ary_store(self, i, sp_yield1(blk, sp_ary_entry(self, i)));
    return self;
}

SP_METHOD(a_select)
{
    SP_RETURN_ENUM(self, "select", argc_, argv);
    sp_value r = sp_ary_new();
    for (long i = 0; i < sp_ary_len(self); i++) {
        sp_value e = sp_ary_entry(self, i);
        if (SP_RTEST(sp_yield1(blk, e))) sp_ary_push(r, e);
    }
    return r;
}

SP_METHOD(a_reject)
{
    SP_RETURN_ENUM(self, "reject", argc_, argv);
    sp_value r = sp_ary_new();
    for (long i = 0; i < sp_ary_len(self); i++) {
        sp_value e = sp_ary_entry(self, i);
        if (!SP_RTEST(sp_yield1(blk, e))) sp_ary_push(r, e);
    }
    return r;
}

static sp_value filter_in_place(sp_value self, sp_value blk, int keep_truthy, int ret_nil_if_same)
{
    ary_modify(self);
    sp_value r = sp_ary_new();
    long n0 = sp_ary_len(self);
    for (long i = 0; i < sp_ary_len(self); i++) {
        sp_value e = sp_ary_entry(self, i);
        if (SP_RTEST(sp_yield1(blk, e)) == keep_truthy) sp_ary_push(r, e);
    }
    SNAPA(r, p, n);
    ary_set(self, p, n);
    if (ret_nil_if_same && n == n0) return SP_NIL;
    return self;
}
SP_METHOD(a_select_b) { SP_RETURN_ENUM(self, "select!", argc_, argv); return filter_in_place(self, blk, 1, 1); }
SP_METHOD(a_keep_if) { SP_RETURN_ENUM(self, "keep_if", argc_, argv); return filter_in_place(self, blk, 1, 0); }
SP_METHOD(a_reject_b) { SP_RETURN_ENUM(self, "reject!", argc_, argv); return filter_in_place(self, blk, 0, 1); }
SP_METHOD(a_delete_if) { SP_RETURN_ENUM(self, "delete_if", argc_, argv); return filter_in_place(self, blk, 0, 0); }

/* == between these runs no Ruby code (a_delete locks only then). */
static int plain_eq_val(sp_value v)
{
    if (SP_SPECIAL_CONST_P(v)) return 1;
    sp_value k = (sp_value)SP_HDR(v)->klass;
    return k == sp_cString || k == sp_cFloat || k == sp_cInteger;
}

SP_METHOD(a_delete)
{
    ary_modify(self);
    int plain = plain_eq_val(argv[0]);
    SP_LOCKED_IF(plain, self);
    SNAPA(self, p, n);
    for (long i = 0; plain && i < n; i++)
        if (!plain_eq_val(__atomic_load_n(&p[i], __ATOMIC_RELAXED))) plain = 0;
    if (!plain) { sp_lk_drop(sp_lk_tok_); sp_lk_tok_ = NULL; }
    sp_value r = sp_ary_new_capa(n);
    sp_value found = SP_UNDEF;
    for (long i = 0; i < n; i++) {
        if (sp_equal(p[i], argv[0])) found = p[i];
        else sp_ary_push(r, p[i]);
    }
    if (found == SP_UNDEF) {
        sp_lk_drop(sp_lk_tok_); sp_lk_tok_ = NULL;   /* no block under the lock */
        return blk != SP_NIL ? sp_yield1(blk, argv[0]) : SP_NIL;
    }
    SNAPA(r, q, m);
    ary_set(self, q, m);
    return found;
}

SP_METHOD(a_delete_at)
{
    ary_modify(self);
    SP_LOCKED_IF(SP_FIXNUM_P(argv[0]), self);
    long i = (long)sp_num_to_long(argv[0]), n = sp_ary_len(self);
    if (i < 0) i += n;
    if (i < 0 || i >= n) return SP_NIL;
    sp_value v = sp_ary_entry(self, i);
    ary_splice(self, i, 1, NULL, 0);
    return v;
}

SP_METHOD(a_slice_b)
{
    ary_modify(self);
    SP_LOCKED_IF(plain_indices(argc, argv), self);
    long n = sp_ary_len(self);
    if (argc == 2) {
        long beg = (long)sp_num_to_long(argv[0]), len = (long)sp_num_to_long(argv[1]);
        if (!sp_index_beg_len(&beg, &len, n)) return SP_NIL;
        sp_value r = ary_subseq(self, beg, len);
        ary_splice(self, beg, len, NULL, 0);
        return r;
    }
    if (sp_range_p(argv[0])) {
        long beg, len;
        if (!sp_range_beg_len(argv[0], n, &beg, &len, 0)) return SP_NIL;
        sp_value r = ary_subseq(self, beg, len);
        ary_splice(self, beg, len, NULL, 0);
        return r;
    }
    return a_delete_at(self, 1, argv, blk);
}

SP_METHOD(a_compact)
{
    SNAPA(self, p, n);
    sp_value r = sp_ary_new_capa(n);
    for (long i = 0; i < n; i++) if (p[i] != SP_NIL) sp_ary_push(r, p[i]);
    return r;
}
SP_METHOD(a_compact_b)
{
    ary_modify(self);
    SP_LOCKED(self);
    sp_value r = a_compact(self, 0, NULL, SP_NIL);
    if (sp_ary_len(r) == sp_ary_len(self)) return SP_NIL;
    SNAPA(r, p, n); ary_set(self, p, n);
    return self;
}

/* Array#flatten walks with an explicit stack instead of C recursion, so an
 * array nested 200,000 deep flattens as in CRuby rather than overflowing the
 * C stack. Without a level, a cycle is an array met again while it is on
 * the current path: the path is an identity Hash, made once a nested array
 * is found. With a level the walk ends anyway and CRuby checks nothing.
 * Each level walks a snapshot of its array (SNAPA), as the recursive
 * version did. */
typedef struct { sp_value ary; const sp_value *p; long n, i; } flatten_level;

static int flatten_into(sp_value out, sp_value a, long depth)
{
    long cap = 16, top = 0;
    flatten_level *st = GC_MALLOC((size_t)cap * sizeof *st);
    sp_value path = SP_NIL;
    int changed = 0;
    SNAPA(a, p0, n0);
    st[0] = (flatten_level){ a, p0, n0, 0 };
    while (top >= 0) {
        flatten_level *l = &st[top];
        if (l->i == l->n) {                     /* this level is done */
            if (path != SP_NIL) sp_hash_delete(path, l->ary);
            top--;
            continue;
        }
        sp_value e = l->p[l->i++];
        sp_value sub = (depth < 0 || top < depth) && !SP_SPECIAL_CONST_P(e) ? sp_check_array(e) : SP_NIL;
        if (sub == SP_NIL) { sp_ary_push(out, e); continue; }
        changed = 1;
        if (depth < 0) {
            if (path == SP_NIL) {               /* first nesting: record the path so far */
                path = sp_hash_new();
                ((sp_hash *)path)->identity = 1;
                for (long k = 0; k <= top; k++) sp_hash_aset(path, st[k].ary, SP_TRUE);
            }
            if (sp_hash_lookup(path, sub, SP_NIL) != SP_NIL)
                sp_raise(sp_eArgError, "tried to flatten recursive array");
            sp_hash_aset(path, sub, SP_TRUE);
        }
        if (++top == cap) {
            flatten_level *bigger = GC_MALLOC(2 * (size_t)cap * sizeof *st);
            memcpy(bigger, st, (size_t)cap * sizeof *st);
            st = bigger; cap *= 2;
        }
        SNAPA(sub, ps, ns);
        st[top] = (flatten_level){ sub, ps, ns, 0 };
    }
    return changed;
}

SP_METHOD(a_flatten)
{
    long depth = argc > 0 && argv[0] != SP_NIL ? (long)sp_num_to_long(argv[0]) : -1;
    sp_value r = sp_ary_new();
    flatten_into(r, self, depth);
    return r;
}
SP_METHOD(a_flatten_b)
{
    ary_modify(self);
    long depth = argc > 0 && argv[0] != SP_NIL ? (long)sp_num_to_long(argv[0]) : -1;
    sp_value r = sp_ary_new();
    int changed = flatten_into(r, self, depth);
    if (!changed) return SP_NIL;
    SNAPA(r, p, n); ary_set(self, p, n);
    return self;
}

SP_METHOD(a_reverse)
{
    SNAPA(self, p, n);
    sp_value r = sp_ary_new_capa(n);
    for (long i = n - 1; i >= 0; i--) sp_ary_push(r, p[i]);
    return r;
}
SP_METHOD(a_reverse_b)
{
    ary_modify(self);
    SP_LOCKED(self);
    sp_value r = a_reverse(self, 0, NULL, SP_NIL);
    SNAPA(r, p, n); ary_set(self, p, n);
    return self;
}

SP_METHOD(a_rotate)
{
    SNAPA(self, p, n);
    long k = argc > 0 ? (long)sp_num_to_long(argv[0]) : 1;
    sp_value r = sp_ary_new_capa(n);
    if (n == 0) return r;
    k %= n; if (k < 0) k += n;
    for (long i = 0; i < n; i++) sp_ary_push(r, p[(i + k) % n]);
    return r;
}
SP_METHOD(a_rotate_b)
{
    ary_modify(self);
    SP_LOCKED_IF(argc == 0 || SP_FIXNUM_P(argv[0]), self);
    sp_value r = a_rotate(self, argc, argv, SP_NIL);
    SNAPA(r, p, n); ary_set(self, p, n);
    return self;
}

SP_METHOD(a_join) { return sp_ary_join(self, argc > 0 ? argv[0] : SP_NIL); }
SP_METHOD(a_inspect) { return sp_ary_inspect(self); }
SP_METHOD(a_to_a)
{
    if (SP_HDR(self)->klass != (sp_class *)sp_cArray) return sp_ary_dup(self);
    return self;
}

SP_METHOD(a_to_h)
{
    sp_value h = sp_hash_new();
    SNAPA(self, p, n);
    for (long i = 0; i < n; i++) {
        sp_value e = blk != SP_NIL ? sp_yield1(blk, p[i]) : p[i];
        sp_value pair = sp_check_array(e);
        if (pair == SP_NIL)
            sp_raise(sp_eTypeError, "wrong element type %s at %ld (expected array)", sp_obj_classname(e), i);
        if (sp_ary_len(pair) != 2)
            sp_raise(sp_eArgError, "wrong array length at %ld (expected 2, was %ld)", i, sp_ary_len(pair));
        sp_hash_aset(h, sp_ary_entry(pair, 0), sp_ary_entry(pair, 1));
    }
    return h;
}

SP_METHOD(a_sort)
{
    sp_value r = sp_ary_dup(self);
    sp_ary_sort_values(ary_buf(r)->len, ary_buf(r)->elts, blk);
    return r;
}
SP_METHOD(a_sort_b)
{
    ary_modify(self);
    sp_value r = a_sort(self, argc, argv, blk);
    SNAPA(r, p, n); ary_set(self, p, n);
    return self;
}

SP_METHOD(a_sort_by) { SP_RETURN_ENUM(self, "sort_by", argc_, argv); return sp_ary_sort_by(self, blk); }
SP_METHOD(a_sort_by_b)
{
    SP_RETURN_ENUM(self, "sort_by!", argc_, argv);
    ary_modify(self);
    sp_value r = sp_ary_sort_by(self, blk);
    SNAPA(r, p, n); ary_set(self, p, n);
    return self;
}

static sp_value minmax_impl(sp_value self, int argc_, const sp_value *argv, sp_value blk, int sign)
{
    int argc = SP_ARGC(argc_);
    SNAPA(self, p, n);
    if (argc > 0 && argv[0] != SP_NIL) {
        long k = (long)sp_num_to_long(argv[0]);
        if (k < 0) sp_raise(sp_eArgError, "negative size (%ld)", k);
        sp_value s = sp_ary_dup(self);
        sp_ary_sort_values(ary_buf(s)->len, ary_buf(s)->elts, blk);
        if (sign > 0) { sp_value rev = a_reverse(s, 0, NULL, SP_NIL); s = rev; }
        return ary_subseq(s, 0, k);  /* max(n): descending */
    }
    if (n == 0) return SP_NIL;
    sp_value best = p[0];
    for (long i = 1; i < n; i++) {
        int c = blk != SP_NIL ? sp_ary_blk_cmp(blk, p[i], best) : sp_cmp_values(p[i], best);
        if (c * sign > 0) best = p[i];
    }
    return best;
}
SP_METHOD(a_min) { return minmax_impl(self, argc, argv, blk, -1); }
SP_METHOD(a_max) { return minmax_impl(self, argc, argv, blk, 1); }
SP_METHOD(a_minmax)
{
    sp_value v[2] = { minmax_impl(self, 0, NULL, blk, -1), minmax_impl(self, 0, NULL, blk, 1) };
    return sp_ary_new_from(2, v);
}

SP_METHOD(a_sum)
{
    sp_value init = argc > 0 ? argv[0] : SP_FIX(0);
    SNAPA(self, p, n);
    if (blk == SP_NIL) return sp_sum_values(init, n, p);
    sp_value *v = GC_MALLOC(sizeof(sp_value) * (size_t)(n + 1));
    for (long i = 0; i < n; i++) v[i] = sp_yield1(blk, sp_ary_entry(self, i));
    return sp_sum_values(init, n, v);
}

SP_METHOD(a_take)
{
    long k = (long)sp_num_to_long(argv[0]);
    if (k < 0) sp_raise(sp_eArgError, "attempt to take negative size");
    return ary_subseq(self, 0, k);
}
SP_METHOD(a_drop)
{
    long k = (long)sp_num_to_long(argv[0]), n = sp_ary_len(self);
    if (k < 0) sp_raise(sp_eArgError, "attempt to drop negative size");
    if (k > n) k = n;
    return ary_subseq(self, k, n - k);
}
SP_METHOD(a_take_while)
{
    SP_RETURN_ENUM(self, "take_while", argc_, argv);
    long i = 0;
    for (; i < sp_ary_len(self); i++) if (!SP_RTEST(sp_yield1(blk, sp_ary_entry(self, i)))) break;
    return ary_subseq(self, 0, i);
}
SP_METHOD(a_drop_while)
{
    SP_RETURN_ENUM(self, "drop_while", argc_, argv);
    long i = 0;
    for (; i < sp_ary_len(self); i++) if (!SP_RTEST(sp_yield1(blk, sp_ary_entry(self, i)))) break;
    return ary_subseq(self, i, sp_ary_len(self) - i);
}

SP_METHOD(a_fill)
{
    ary_modify(self);
    SP_LOCKED_IF(blk == SP_NIL && plain_indices(argc > 1 ? argc - 1 : 0, argv + 1), self);
    long n = sp_ary_len(self);
    sp_value v = SP_NIL;
    int ai = 0;
    if (blk == SP_NIL) { if (argc < 1 || argc > 3) sp_raise_arity(argc, 1, 3); v = argv[0]; ai = 1; }
    else if (argc > 2) sp_raise_arity(argc, 0, 2);
    long beg = 0, len = n;
    if (argc > ai) {
        /* a Range alone (CRuby's rb_range_beg_len, no clamping: a fill
         * past the end extends); with a length it is an index (TypeError) */
        if (argc == ai + 1 && sp_range_p(argv[ai])) {
            if (!sp_range_beg_len(argv[ai], n, &beg, &len, 3)) return self;
        } else {
            beg = argv[ai] == SP_NIL ? 0 : (long)sp_num_to_long(argv[ai]);
            if (beg < 0) { beg += n; if (beg < 0) beg = 0; }
            len = argc > ai + 1 && argv[ai + 1] != SP_NIL ? (long)sp_num_to_long(argv[ai + 1]) : n - beg;
        }
    }
    if (len < 0) return self;
    /* CRuby's ARY_MAX_SIZE check: a fill that cannot fit is refused
     * before the first store, not attempted until memory runs out */
    long max = LONG_MAX / (long)sizeof(sp_value);
    if (beg >= max || len > max - beg) sp_raise(sp_eArgError, "argument too big");
    /* like CRuby, an empty fill past the end still extends to beg */
    if (len == 0 && beg > sp_ary_len(self)) sp_ary_store(self, beg - 1, sp_ary_entry(self, beg - 1));
    for (long i = beg; i < beg + len; i++) sp_ary_store(self, i, blk != SP_NIL ? sp_yield1(blk, SP_FIX(i)) : v);
    return self;
}

SP_METHOD(a_clear) { sp_ary_clear(self); return self; }
SP_METHOD(a_replace)
{
    ary_modify(self);
    sp_value o = to_ary_arg(argv[0]);
    SNAPA(o, p, n);
    ary_set(self, p, n);
    return self;
}

SP_METHOD(a_values_at)
{
    sp_value r = sp_ary_new();
    long n = sp_ary_len(self);
    for (int i = 0; i < argc; i++) {
        if (sp_range_p(argv[i])) {
            /* CRuby's rb_get_values_at: RangeError for a start before the
             * array, no clamping (nil past the end) */
            long beg, len;
            sp_range_beg_len(argv[i], n, &beg, &len, 3);
            for (long k = beg; k < beg + len; k++) sp_ary_push(r, sp_ary_entry(self, k));
        } else sp_ary_push(r, sp_ary_entry(self, (long)sp_num_to_long(argv[i])));
    }
    return r;
}

SP_METHOD(a_assoc)
{
    SNAPA(self, p, n);
    for (long i = 0; i < n; i++) {
        sp_value e = sp_check_array(p[i]);
        if (e != SP_NIL && sp_ary_len(e) > 0 && sp_equal(sp_ary_entry(e, 0), argv[0])) return e;
    }
    return SP_NIL;
}
SP_METHOD(a_rassoc)
{
    SNAPA(self, p, n);
    for (long i = 0; i < n; i++) {
        sp_value e = sp_check_array(p[i]);
        if (e != SP_NIL && sp_ary_len(e) > 1 && sp_equal(sp_ary_entry(e, 1), argv[0])) return e;
    }
    return SP_NIL;
}

SP_METHOD(a_zip)
{
    SNAPA(self, p, n);
    sp_value *others = GC_MALLOC(sizeof(sp_value) * (size_t)(argc + 1));
    for (int j = 0; j < argc; j++) {
        sp_value o = sp_check_array(argv[j]);
        if (o == SP_NIL) {
            /* any #each source; only the first n elements are taken, so
             * endless ones ([1, 2].zip(1..)) work */
            if (!sp_respond_to(argv[j], sp_intern("each"), 1))
                sp_raise(sp_eTypeError, "wrong argument type %s (must respond to :each)", sp_obj_classname(argv[j]));
            sp_method *first = sp_find_method((sp_class *)sp_mEnumerable, sp_intern("first"));
            sp_value cnt = SP_FIX(n);
            o = sp_method_invoke(first, argv[j], 1, &cnt, SP_NIL);
        }
        others[j] = o;
    }
    sp_value r = sp_ary_new_capa(n);
    for (long i = 0; i < n; i++) {
        sp_value t = sp_ary_new_capa(argc + 1);
        sp_ary_push(t, p[i]);
        for (int j = 0; j < argc; j++) sp_ary_push(t, sp_ary_entry(others[j], i));
        if (blk != SP_NIL) sp_yield1(blk, t); else sp_ary_push(r, t);
    }
    return blk != SP_NIL ? SP_NIL : r;
}

/* Array#product: an odometer over the arrays (copies, so a block that
 * changes them does not disturb it).  Without a block the result's size
 * is checked first (CRuby: RangeError "too big to product" when it
 * overflows a long); with one, each tuple is yielded as it is made. */
SP_METHOD(a_product)
{
    int n = argc + 1;
    sp_value lists[n];
    long lens[n], idx[n];
    lists[0] = sp_ary_dup(self);
    for (int i = 0; i < argc; i++) lists[i + 1] = sp_ary_dup(to_ary_arg(argv[i]));
    long total = 1;
    int empty = 0;
    for (int i = 0; i < n; i++) {
        lens[i] = sp_ary_len(lists[i]);
        idx[i] = 0;
        if (lens[i] == 0) empty = 1;
        else if (blk == SP_NIL && !empty && __builtin_mul_overflow(total, lens[i], &total))
            sp_raise(sp_eRangeError, "too big to product");
    }
    sp_value r = blk == SP_NIL ? sp_ary_new_capa(empty ? 0 : total) : SP_NIL;
    if (empty) return blk == SP_NIL ? r : self;
    for (;;) {
        sp_value t = sp_ary_new_capa(n);
        for (int i = 0; i < n; i++) sp_ary_push(t, sp_ary_entry(lists[i], idx[i]));
        if (blk != SP_NIL) sp_yield1(blk, t);
        else sp_ary_push(r, t);
        int k = n - 1;
        while (k >= 0 && ++idx[k] == lens[k]) idx[k--] = 0;
        if (k < 0) break;
    }
    return blk == SP_NIL ? r : self;
}

static void comb_rec(sp_value *src, long n, long k, long start, sp_value *cur, long depth, sp_value out)
{
    if (depth == k) { sp_ary_push(out, sp_ary_new_from(k, cur)); return; }
    for (long i = start; i <= n - (k - depth); i++) {
        cur[depth] = src[i];
        comb_rec(src, n, k, i + 1, cur, depth + 1, out);
    }
}

static sp_value yield_or_enum_list(sp_value self, sp_value list, sp_value blk)
{
    if (blk == SP_NIL) return sp_funcall0(list, "each");
    for (long i = 0; i < sp_ary_len(list); i++) sp_yield1(blk, sp_ary_entry(list, i));
    return self;
}

SP_METHOD(a_combination)
{
    long k = (long)sp_num_to_long(argv[0]);
    SNAPA(self, p, n);
    sp_value out = sp_ary_new();
    if (k == 0) sp_ary_push(out, sp_ary_new());
    else if (k > 0 && k <= n) {
        sp_value *cur = GC_MALLOC(sizeof(sp_value) * (size_t)k);
        sp_value *src = GC_MALLOC(sizeof(sp_value) * (size_t)n);
        vcopy(src, p, n);
        comb_rec(src, n, k, 0, cur, 0, out);
    }
    return yield_or_enum_list(self, out, blk);
}

static void perm_rec(sp_value *src, long n, long k, char *used, sp_value *cur, long depth, sp_value out)
{
    if (depth == k) { sp_ary_push(out, sp_ary_new_from(k, cur)); return; }
    for (long i = 0; i < n; i++) {
        if (used[i]) continue;
        used[i] = 1; cur[depth] = src[i];
        perm_rec(src, n, k, used, cur, depth + 1, out);
        used[i] = 0;
    }
}

SP_METHOD(a_permutation)
{
    SNAPA(self, p, n);
    long k = argc > 0 ? (long)sp_num_to_long(argv[0]) : n;
    sp_value out = sp_ary_new();
    if (k == 0) sp_ary_push(out, sp_ary_new());
    else if (k > 0 && k <= n) {
        sp_value *cur = GC_MALLOC(sizeof(sp_value) * (size_t)k);
        sp_value *src = GC_MALLOC(sizeof(sp_value) * (size_t)n);
        char *used = GC_MALLOC_ATOMIC((size_t)n);
        memset(used, 0, (size_t)n);
        vcopy(src, p, n);
        perm_rec(src, n, k, used, cur, 0, out);
    }
    return yield_or_enum_list(self, out, blk);
}

static void rcomb_rec(sp_value *src, long n, long k, long start, sp_value *cur, long depth, sp_value out, int perm)
{
    if (depth == k) { sp_ary_push(out, sp_ary_new_from(k, cur)); return; }
    for (long i = perm ? 0 : start; i < n; i++) {
        cur[depth] = src[i];
        rcomb_rec(src, n, k, i, cur, depth + 1, out, perm);
    }
}

static sp_value repeated_impl(sp_value self, int argc_, const sp_value *argv, sp_value blk, int perm)
{
    long k = (long)sp_num_to_long(argv[0]);
    SNAPA(self, p, n);
    sp_value out = sp_ary_new();
    if (k == 0) sp_ary_push(out, sp_ary_new());
    else if (k > 0 && n > 0) {
        sp_value *cur = GC_MALLOC(sizeof(sp_value) * (size_t)k);
        sp_value *src = GC_MALLOC(sizeof(sp_value) * (size_t)n);
        vcopy(src, p, n);
        rcomb_rec(src, n, k, 0, cur, 0, out, perm);
    }
    return yield_or_enum_list(self, out, blk);
}
SP_METHOD(a_repeated_combination) { return repeated_impl(self, argc_, argv, blk, 0); }
SP_METHOD(a_repeated_permutation) { return repeated_impl(self, argc_, argv, blk, 1); }
SP_METHOD(a_each_slice_dummy) { return SP_NIL; }

SP_METHOD(a_transpose)
{
    SNAPA(self, p, n);
    if (n == 0) return sp_ary_new();
    long w = sp_ary_len(to_ary_arg(p[0]));
    sp_value r = sp_ary_new_capa(w);
    for (long j = 0; j < w; j++) sp_ary_push(r, sp_ary_new_capa(n));
    for (long i = 0; i < n; i++) {
        sp_value row = to_ary_arg(p[i]);
        if (sp_ary_len(row) != w) sp_raise(sp_eIndexError, "element size differs (%ld should be %ld)", sp_ary_len(row), w);
        for (long j = 0; j < w; j++) sp_ary_push(sp_ary_entry(r, j), sp_ary_entry(row, j));
    }
    return r;
}

static sp_value rng_kw(int argc_, const sp_value *argv, int *nargs)
{
    *nargs = SP_ARGC(argc_);
    if (argc_ & SP_ARGC_KW) {
        (*nargs)--;
        return sp_hash_lookup(argv[*nargs], sp_sym("random"), SP_NIL);
    }
    return SP_NIL;
}

SP_METHOD(a_shuffle)
{
    int n_args;
    sp_value rng = rng_kw(argc_, argv, &n_args);
    sp_value r = sp_ary_dup(self);
    sp_value *v = ary_buf(r)->elts;
    /* CRuby's draws, down to below(1): a random: object's #rand sees each */
    for (long i = ary_buf(r)->len - 1; i >= 0; i--) {
        long j = sp_rand_below(rng, i + 1);
        sp_value t = v[i]; v[i] = v[j]; v[j] = t;
    }
    return r;
}
SP_METHOD(a_shuffle_b)
{
    ary_modify(self);
    sp_value r = a_shuffle(self, argc, argv, blk);
    SNAPA(r, p, n); ary_set(self, p, n);
    return self;
}

SP_METHOD(a_sample)
{
    int n_args;
    sp_value rng = rng_kw(argc_, argv, &n_args);
    SNAPA(self, p, n);
    if (n_args == 0) return n == 0 ? SP_NIL : p[sp_rand_below(rng, n)];
    long k = (long)sp_num_to_long(argv[0]);
    if (k < 0) sp_raise(sp_eArgError, "negative sample number");
    if (k > n) k = n;
    /* CRuby's draw order (rb_ary_sample) so seeded results match */
    if (k == 0) return sp_ary_new();
    if (k == 1) { long i = sp_rand_below(rng, n); return sp_ary_new_from(1, &p[i]); }
    if (k == 2) {
        long i = sp_rand_below(rng, n), j = sp_rand_below(rng, n - 1);
        if (j >= i) j++;
        sp_value v[2] = { p[i], p[j] };
        return sp_ary_new_from(2, v);
    }
    if (k == 3) {
        long i = sp_rand_below(rng, n), j = sp_rand_below(rng, n - 1), l = sp_rand_below(rng, n - 2);
        long lo = j, hi = i;
        if (j >= i) { lo = i; hi = ++j; }
        if (l >= lo && (++l >= hi)) ++l;
        sp_value v[3] = { p[i], p[j], p[l] };
        return sp_ary_new_from(3, v);
    }
    if (k <= 10) {
        /* CRuby: draw rnds[i] = below(len - i), then map to distinct
         * indices through a sorted insertion */
        long rnds[10], sorted[10], idx10[10];
        for (long i = 0; i < k; i++) rnds[i] = sp_rand_below(rng, n - i);
        sorted[0] = idx10[0] = rnds[0];
        for (long i = 1; i < k; i++) {
            long kk = rnds[i], j;
            for (j = 0; j < i; ++j) { if (kk < sorted[j]) break; ++kk; }
            memmove(&sorted[j + 1], &sorted[j], sizeof(long) * (size_t)(i - j));
            sorted[j] = idx10[i] = kk;
        }
        sp_value out = sp_ary_new_capa(k);
        for (long i = 0; i < k; i++) sp_ary_push(out, p[idx10[i]]);
        return out;
    }
    /* virtual Fisher-Yates over indices */
    long *idx = GC_MALLOC_ATOMIC(sizeof(long) * (size_t)n);
    for (long i = 0; i < n; i++) idx[i] = i;
    sp_value out = sp_ary_new_capa(k);
    for (long i = 0; i < k; i++) {
        long r = i + sp_rand_below(rng, n - i);
        long t = idx[i]; idx[i] = idx[r]; idx[r] = t;
        sp_ary_push(out, p[idx[i]]);
    }
    return out;
}

SP_METHOD(a_count)
{
    if (argc == 0 && blk == SP_NIL) return SP_FIX(sp_ary_len(self));
    long c = 0;
    for (long i = 0; i < sp_ary_len(self); i++) {
        sp_value e = sp_ary_entry(self, i);
        if (argc > 0 ? sp_equal(e, argv[0]) : SP_RTEST(sp_yield1(blk, e))) c++;
    }
    return SP_FIX(c);
}

static int pred_match(sp_value e, int argc_, const sp_value *argv, sp_value blk)
{
    int argc = SP_ARGC(argc_);
    if (argc > 0) return SP_RTEST(sp_funcall1(argv[0], "===", e));
    if (blk != SP_NIL) return SP_RTEST(sp_yield1(blk, e));
    return SP_RTEST(e);
}

SP_METHOD(a_any)
{
    for (long i = 0; i < sp_ary_len(self); i++) if (pred_match(sp_ary_entry(self, i), argc, argv, blk)) return SP_TRUE;
    return SP_FALSE;
}
SP_METHOD(a_all)
{
    for (long i = 0; i < sp_ary_len(self); i++) if (!pred_match(sp_ary_entry(self, i), argc, argv, blk)) return SP_FALSE;
    return SP_TRUE;
}
SP_METHOD(a_none)
{
    for (long i = 0; i < sp_ary_len(self); i++) if (pred_match(sp_ary_entry(self, i), argc, argv, blk)) return SP_FALSE;
    return SP_TRUE;
}
SP_METHOD(a_one)
{
    long c = 0;
    for (long i = 0; i < sp_ary_len(self); i++) if (pred_match(sp_ary_entry(self, i), argc, argv, blk) && ++c > 1) return SP_FALSE;
    return SP_BOOL(c == 1);
}

SP_METHOD(a_find)
{
    SP_RETURN_ENUM(self, "find", argc_, argv);
    for (long i = 0; i < sp_ary_len(self); i++) {
        sp_value e = sp_ary_entry(self, i);
        if (SP_RTEST(sp_yield1(blk, e))) return e;
    }
    return SP_NIL;
}

SP_METHOD(a_cycle)
{
    SP_RETURN_ENUM(self, "cycle", argc_, argv);
    long times = argc > 0 && argv[0] != SP_NIL ? (long)sp_num_to_long(argv[0]) : -1;
    for (long t = 0; times < 0 || t < times; t++) {
        if (sp_ary_len(self) == 0) break;
        for (long i = 0; i < sp_ary_len(self); i++) sp_yield1(blk, sp_ary_entry(self, i));
    }
    return SP_NIL;
}

SP_METHOD(a_bsearch)
{
    SP_RETURN_ENUM(self, "bsearch", argc_, argv);
    long lo = 0, hi = sp_ary_len(self);
    sp_value found = SP_NIL;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        sp_value e = sp_ary_entry(self, mid);
        sp_value r = sp_yield1(blk, e);
        if (r == SP_TRUE) { found = e; hi = mid; }
        else if (r == SP_FALSE || r == SP_NIL) lo = mid + 1;
        else if (sp_numeric_p(r)) {
            int c = sp_cmp_values(r, SP_FIX(0));
            if (c == 0) return e;
            if (c < 0) hi = mid; else lo = mid + 1;
        } else sp_raise(sp_eTypeError, "wrong argument type %s (must be numeric, true, false or nil)", sp_obj_classname(r));
    }
    return found;
}

SP_METHOD(a_bsearch_index)
{
    SP_RETURN_ENUM(self, "bsearch_index", argc_, argv);
    long lo = 0, hi = sp_ary_len(self), found = -1;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        sp_value r = sp_yield1(blk, sp_ary_entry(self, mid));
        if (r == SP_TRUE) { found = mid; hi = mid; }
        else if (r == SP_FALSE || r == SP_NIL) lo = mid + 1;
        else if (sp_numeric_p(r)) {
            int c = sp_cmp_values(r, SP_FIX(0));
            if (c == 0) return SP_FIX(mid);
            if (c < 0) hi = mid; else lo = mid + 1;
        } else sp_raise(sp_eTypeError, "wrong argument type %s (must be numeric, true, false or nil)", sp_obj_classname(r));
    }
    return found < 0 ? SP_NIL : SP_FIX(found);
}

SP_METHOD(a_clone)
{
    sp_value d = sp_ary_dup(self);
    SP_HDR(d)->klass = SP_HDR(self)->klass;
    if (sp_clone_freeze_arg(self, argc_, argv)) SP_HDR(d)->flags |= SP_FL_FROZEN;
    return d;
}

SP_METHOD(a_flat_map)
{
    SP_RETURN_ENUM(self, "flat_map", argc_, argv);
    sp_value r = sp_ary_new();
    for (long i = 0; i < sp_ary_len(self); i++) {
        sp_value v = sp_yield1(blk, sp_ary_entry(self, i));
        sp_value a = SP_SPECIAL_CONST_P(v) ? SP_NIL : sp_check_array(v);
        if (a != SP_NIL) sp_ary_concat(r, a); else sp_ary_push(r, v);
    }
    return r;
}

SP_METHOD(a_filter_map)
{
    SP_RETURN_ENUM(self, "filter_map", argc_, argv);
    sp_value r = sp_ary_new();
    for (long i = 0; i < sp_ary_len(self); i++) {
        sp_value v = sp_yield1(blk, sp_ary_entry(self, i));
        if (SP_RTEST(v)) sp_ary_push(r, v);
    }
    return r;
}

SP_METHOD(a_frozen_dup)
{
    sp_value d = sp_ary_dup(self);
    SP_HDR(d)->klass = SP_HDR(self)->klass;
    return d;
}

SP_METHOD(a_step_unused) { return SP_NIL; }

SP_METHOD(ret_self_a) { return self; }

/* Kernel#Array */
SP_METHOD(k_Array)
{
    sp_value v = argv[0];
    if (v == SP_NIL) return sp_ary_new();
    sp_value a = sp_check_array(v);
    if (a != SP_NIL) return a;
    if (sp_hash_p(v)) return sp_funcall0(v, "to_a");
    if (!SP_SPECIAL_CONST_P(v) && sp_respond_to(v, sp_intern("to_a"), 1)) {
        /* rb_check_to_array: nil means [v]; anything else must be an Array */
        sp_value r = sp_funcall0(v, "to_a");
        if (r == SP_NIL) return sp_ary_new_from(1, &v);
        if (!sp_ary_p(r))
            sp_raise(sp_eTypeError, "can't convert %s to Array (%s#to_a gives %s)", sp_obj_classname(v),
                     sp_obj_classname(v), sp_obj_classname(r));
        return r;
    }
    return sp_ary_new_from(1, &v);
}

void sp_init_array(void)
{
    sp_value A = sp_cArray;
    (void)a_each_slice_dummy; (void)a_step_unused;
    sp_class_set_allocator(A, ary_allocator);
    sp_define_singleton_method(A, "new", a_s_new, -1);
    sp_define_singleton_method(A, "[]", a_s_aref, -1);
    sp_define_singleton_method(A, "try_convert", a_s_try_convert, 1);
    sp_define_private_method(A, "initialize", a_initialize, -1);
    sp_define_method(A, "[]", a_aref, -1);
    sp_define_method(A, "slice", a_aref, -1);
    sp_define_method(A, "[]=", a_aset, -1);
    sp_define_method(A, "at", a_at, 1);
    sp_define_method_range(A, "fetch", a_fetch, 1, 2);
    sp_define_method(A, "fetch_values", a_fetch_values, -1);
    sp_define_method(A, "dig", a_dig, -1);
    sp_define_method_range(A, "first", a_first, 0, 1);
    sp_define_method_range(A, "last", a_last, 0, 1);
    sp_define_method(A, "push", a_push, -1);
    sp_define_method(A, "append", a_push, -1);
    sp_define_method(A, "<<", a_lshift, 1);
    sp_define_method_range(A, "pop", a_pop, 0, 1);
    sp_define_method_range(A, "shift", a_shift, 0, 1);
    sp_define_method(A, "unshift", a_unshift, -1);
    sp_define_method(A, "prepend", a_unshift, -1);
    sp_define_method(A, "insert", a_insert, -1);
    sp_define_method(A, "concat", a_concat, -1);
    sp_define_method(A, "+", a_plus, 1);
    sp_define_method(A, "-", a_minus, 1);
    sp_define_method(A, "difference", a_difference, -1);
    sp_define_method(A, "*", a_times, 1);
    sp_define_method(A, "&", a_and, 1);
    sp_define_method(A, "intersection", a_intersection, -1);
    sp_define_method(A, "intersect?", a_intersect_p, 1);
    sp_define_method(A, "|", a_or, -1);
    sp_define_method(A, "union", a_or, -1);
    sp_define_method(A, "uniq", a_uniq, 0);
    sp_define_method(A, "uniq!", a_uniq_b, 0);
    sp_define_method(A, "<=>", a_cmp, 1);
    sp_define_method(A, "==", a_eq, 1);
    sp_define_method(A, "eql?", a_eql, 1);
    sp_define_method(A, "hash", a_hash, 0);
    sp_define_method(A, "length", a_length, 0);
    sp_define_method(A, "size", a_length, 0);
    sp_define_method(A, "empty?", a_empty, 0);
    sp_define_method(A, "include?", a_include, 1);
    sp_define_method(A, "member?", a_include, 1);
    sp_define_method(A, "index", a_index, -1);
    sp_define_method(A, "find_index", a_index, -1);
    sp_define_method(A, "rindex", a_rindex, -1);
    sp_define_method(A, "each", a_each, 0);
    sp_define_method(A, "each_index", a_each_index, 0);
    sp_define_method(A, "each_with_index", a_each_with_index, 0);
    sp_define_method(A, "reverse_each", a_reverse_each, 0);
    sp_define_method(A, "map", a_map, 0);
    sp_define_method(A, "collect", a_map, 0);
    sp_define_method(A, "map!", a_map_b, 0);
    sp_define_method(A, "collect!", a_map_b, 0);
    sp_define_method(A, "select", a_select, 0);
    sp_define_method(A, "filter", a_select, 0);
    sp_define_method(A, "find_all", a_select, 0);
    sp_define_method(A, "reject", a_reject, 0);
    sp_define_method(A, "select!", a_select_b, 0);
    sp_define_method(A, "filter!", a_select_b, 0);
    sp_define_method(A, "keep_if", a_keep_if, 0);
    sp_define_method(A, "reject!", a_reject_b, 0);
    sp_define_method(A, "delete_if", a_delete_if, 0);
    sp_define_method(A, "delete", a_delete, 1);
    sp_define_method(A, "delete_at", a_delete_at, 1);
    sp_define_method(A, "slice!", a_slice_b, -1);
    sp_define_method(A, "compact", a_compact, 0);
    sp_define_method(A, "compact!", a_compact_b, 0);
    sp_define_method_range(A, "flatten", a_flatten, 0, 1);
    sp_define_method_range(A, "flatten!", a_flatten_b, 0, 1);
    sp_define_method(A, "reverse", a_reverse, 0);
    sp_define_method(A, "reverse!", a_reverse_b, 0);
    sp_define_method_range(A, "rotate", a_rotate, 0, 1);
    sp_define_method_range(A, "rotate!", a_rotate_b, 0, 1);
    sp_define_method_range(A, "join", a_join, 0, 1);
    sp_define_method(A, "inspect", a_inspect, 0);
    sp_define_method(A, "to_s", a_inspect, 0);
    sp_define_method(A, "to_a", a_to_a, 0);
    sp_define_method(A, "entries", a_to_a, 0);
    sp_define_method(A, "to_ary", ret_self_a, 0);
    sp_define_method(A, "to_h", a_to_h, 0);
    sp_define_method(A, "sort", a_sort, 0);
    sp_define_method(A, "sort!", a_sort_b, 0);
    sp_define_method(A, "sort_by", a_sort_by, 0);
    sp_define_method(A, "sort_by!", a_sort_by_b, 0);
    sp_define_method_range(A, "min", a_min, 0, 1);
    sp_define_method_range(A, "max", a_max, 0, 1);
    sp_define_method(A, "minmax", a_minmax, 0);
    sp_define_method_range(A, "sum", a_sum, 0, 1);
    sp_define_method(A, "take", a_take, 1);
    sp_define_method(A, "drop", a_drop, 1);
    sp_define_method(A, "take_while", a_take_while, 0);
    sp_define_method(A, "drop_while", a_drop_while, 0);
    sp_define_method(A, "fill", a_fill, -1);
    sp_define_method(A, "clear", a_clear, 0);
    sp_define_method(A, "replace", a_replace, 1);
    sp_define_method(A, "values_at", a_values_at, -1);
    sp_define_method(A, "assoc", a_assoc, 1);
    sp_define_method(A, "rassoc", a_rassoc, 1);
    sp_define_method(A, "zip", a_zip, -1);
    sp_define_method(A, "product", a_product, -1);
    sp_define_method(A, "combination", a_combination, 1);
    sp_define_method_range(A, "permutation", a_permutation, 0, 1);
    sp_define_method(A, "transpose", a_transpose, 0);
    sp_define_method(A, "shuffle", a_shuffle, -1);
    sp_define_method(A, "shuffle!", a_shuffle_b, -1);
    sp_define_method(A, "sample", a_sample, -1);
    sp_define_method(A, "count", a_count, -1);
    sp_define_method(A, "any?", a_any, -1);
    sp_define_method(A, "all?", a_all, -1);
    sp_define_method(A, "none?", a_none, -1);
    sp_define_method(A, "one?", a_one, -1);
    sp_define_method(A, "find", a_find, -1);
    sp_define_method(A, "detect", a_find, -1);
    sp_define_method(A, "cycle", a_cycle, -1);
    sp_define_method(A, "bsearch", a_bsearch, 0);
    sp_define_method(A, "bsearch_index", a_bsearch_index, 0);
    sp_define_method(A, "clone", a_clone, -1);
    sp_define_method(A, "repeated_combination", a_repeated_combination, 1);
    sp_define_method(A, "repeated_permutation", a_repeated_permutation, 1);
    sp_define_method(A, "flat_map", a_flat_map, 0);
    sp_define_method(A, "collect_concat", a_flat_map, 0);
    sp_define_method(A, "filter_map", a_filter_map, 0);
    sp_init_pack(A);
    sp_define_method(A, "dup", a_frozen_dup, 0);
    sp_define_private_method(sp_mKernel, "Array", k_Array, 1);
}

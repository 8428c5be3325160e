/*
 * sp_random.c — Random, Kernel#rand / #srand.
 *
 * Representation: sp_random is an SP_T_DATA object holding an MT19937
 * state (624 words) and its seed (an Integer).  The default generator
 * (Random.rand's and Kernel#rand's) is one uncollectable object.
 * Draws reproduce CRuby's exactly (same seeding through init_genrand /
 * init_by_array, genrand_res53 for floats, limited_rand / limited_big_rand
 * for integers), so seeded programs print what CRuby prints.
 * Threads: each generator has a spinlock held for one draw.
 */
#include "sp_numeric.h"
#include "sp_string.h"
#include "sp_array.h"
#include "sp_range.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define ARG0 (argv[0])
#define BIG(v) (((sp_bignum *)(v))->z)

/* ------------------------------------------------------------------ */
/* Random: MT19937 exactly as CRuby uses it, so seeded sequences match
 * (Random.new(42).rand(100) == 51): a one-word seed goes through
 * init_genrand, longer ones through init_by_array; rand(n) draws with
 * CRuby's mask-and-retry (limited_rand); rand() is genrand_res53.
 * Each generator has a spinlock held for one draw. */

enum { MT_N = 624, MT_M = 397 };

typedef struct sp_random {
    sp_header hdr;
    uint32_t mt[MT_N];
    int mti;
    sp_value seed;
    volatile int lock;
} sp_random;

static sp_random *default_rng;

static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void mt_init_genrand(sp_random *r, uint32_t s)
{
    r->mt[0] = s;
    for (int j = 1; j < MT_N; j++)
        r->mt[j] = (1812433253U * (r->mt[j - 1] ^ (r->mt[j - 1] >> 30)) + (uint32_t)j);
    r->mti = MT_N;
}

static void mt_init_by_array(sp_random *r, const uint32_t *key, int len)
{
    int i = 1, j = 0, k;
    mt_init_genrand(r, 19650218U);
    for (k = MT_N > len ? MT_N : len; k; k--) {
        r->mt[i] = (r->mt[i] ^ ((r->mt[i - 1] ^ (r->mt[i - 1] >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
        i++; j++;
        if (i >= MT_N) { r->mt[0] = r->mt[MT_N - 1]; i = 1; }
        if (j >= len) j = 0;
    }
    for (k = MT_N - 1; k; k--) {
        r->mt[i] = (r->mt[i] ^ ((r->mt[i - 1] ^ (r->mt[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        i++;
        if (i >= MT_N) { r->mt[0] = r->mt[MT_N - 1]; i = 1; }
    }
    r->mt[0] = 0x80000000U;
    r->mti = MT_N;
}

static uint32_t mt_next(sp_random *r)
{
    static const uint32_t mag01[2] = { 0x0U, 0x9908b0dfU };
    uint32_t y;
    if (r->mti >= MT_N) {
        int kk;
        for (kk = 0; kk < MT_N - MT_M; kk++) {
            y = (r->mt[kk] & 0x80000000U) | (r->mt[kk + 1] & 0x7fffffffU);
            r->mt[kk] = r->mt[kk + MT_M] ^ (y >> 1) ^ mag01[y & 1];
        }
        for (; kk < MT_N - 1; kk++) {
            y = (r->mt[kk] & 0x80000000U) | (r->mt[kk + 1] & 0x7fffffffU);
            r->mt[kk] = r->mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 1];
        }
        y = (r->mt[MT_N - 1] & 0x80000000U) | (r->mt[0] & 0x7fffffffU);
        r->mt[MT_N - 1] = r->mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 1];
        r->mti = 0;
    }
    y = r->mt[r->mti++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

/* A seed converts as CRuby's rb_to_int: Float truncates, #to_int (Rational,
 * a Complex with no imaginary part; RangeError for one with it). */
static void rng_seed(sp_random *r, sp_value seed)
{
    if (sp_float_p(seed)) seed = sp_int_from_double(sp_flo(seed));
    else if (!sp_integer_p(seed)) {
        if (SP_SPECIAL_CONST_P(seed) || !sp_respond_to(seed, sp_intern("to_int"), 1))
            sp_raise_type(seed, "Integer");
        sp_value i = sp_funcall0(seed, "to_int");
        if (!sp_integer_p(i)) sp_raise_convert_gives(seed, "Integer", "to_int", i);
        seed = i;
    }
    r->seed = seed;
    mpz_t z; mpz_init(z);
    if (sp_integer_p(seed)) sp_int_to_mpz(seed, z);
    else mpz_set_ui(z, (unsigned long)sp_num_hash(seed));
    mpz_abs(z, z);
    size_t len = (mpz_sizeinbase(z, 2) + 31) / 32;
    if (len == 0) len = 1;
    uint32_t *key = GC_MALLOC_ATOMIC(sizeof(uint32_t) * (len + 1));
    memset(key, 0, sizeof(uint32_t) * (len + 1));
    mpz_export(key, NULL, -1, sizeof(uint32_t), 0, 0, z);
    if (len <= 1) mt_init_genrand(r, key[0]);
    else mt_init_by_array(r, key, (int)len);
}

/* A Random instance (what Random.new and Random.allocate make). */
static int rng_p(sp_value v)
{
    return SP_HEAP_P(v) && SP_TYPE(v) == SP_T_DATA && sp_obj_is_kind_of(v, sp_cRandom);
}

static sp_random *rng_of(sp_value rng)
{
    if (rng == SP_NIL || rng == sp_cRandom) return default_rng;
    if (!rng_p(rng)) sp_raise(sp_eTypeError, "wrong argument type %s (expected Random)", sp_obj_classname(rng));
    return (sp_random *)rng;
}

static uint32_t rng_u32(sp_random *r)
{
    while (__atomic_exchange_n(&r->lock, 1, __ATOMIC_ACQUIRE)) ;
    uint32_t v = mt_next(r);
    __atomic_store_n(&r->lock, 0, __ATOMIC_RELEASE);
    return v;
}

uint64_t sp_rand_u64(sp_value rngv)
{
    sp_random *r = rng_of(rngv);
    uint64_t hi = rng_u32(r);
    return (hi << 32) | rng_u32(r);
}

double sp_rand_double(sp_value rngv)
{
    sp_random *r = rng_of(rngv);
    uint32_t a = rng_u32(r) >> 5, b = rng_u32(r) >> 6;
    return ((double)a * 67108864.0 + (double)b) * (1.0 / 9007199254740992.0);
}

/* CRuby's limited_rand: uniform in [0, limit]. */
static uint64_t limited_rand(sp_random *r, uint64_t limit)
{
    if (!limit) return 0;
    uint64_t mask = limit;
    mask |= mask >> 1; mask |= mask >> 2; mask |= mask >> 4;
    mask |= mask >> 8; mask |= mask >> 16; mask |= mask >> 32;
    for (;;) {
        uint64_t val = 0;
        int ok = 1;
        for (int i = 1; i >= 0; i--) {
            if ((mask >> (i * 32)) & 0xffffffffU) {
                val |= (uint64_t)rng_u32(r) << (i * 32);
                val &= mask;
                if (limit < val) { ok = 0; break; }
            }
        }
        if (ok) return val;
    }
}

/* Uniform in [0, n).  An rng that is not a Random (Array#shuffle and
 * #sample take any object as random:) is asked rng.rand(n) and its
 * answer checked, as CRuby's rb_random_ulong_limited does. */
long sp_rand_below(sp_value rng, long n)
{
    if (n <= 0) return 0;
    if (rng != SP_NIL && rng != sp_cRandom && !rng_p(rng)) {
        long v = (long)sp_num_to_long(sp_funcall1(rng, "rand", SP_FIX(n)));
        if (v < 0) sp_raise(sp_eRangeError, "random number too small %ld", v);
        if (v > n - 1) sp_raise(sp_eRangeError, "random number too big %ld", v);
        return v;
    }
    return (long)limited_rand(rng_of(rng), (uint64_t)(n - 1));
}

static sp_value new_seed(void)
{
    uint64_t x = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32) ^ (uint64_t)clock();
    static uint64_t ctr;
    x ^= __atomic_add_fetch(&ctr, 0x9e3779b97f4a7c15ULL, __ATOMIC_RELAXED);
    return sp_int_new((int64_t)(splitmix(&x) >> 2));
}

/* Uniform integer in [0, lim] for a Bignum-sized lim: CRuby's
 * limited_big_rand over 32-bit words, most significant first, retrying
 * while the prefix exceeds the limit (same draws as CRuby). */
static sp_value big_rand_upto(sp_value rng, const mpz_t lim)
{
    size_t len = (mpz_sizeinbase(lim, 2) + 31) / 32;
    uint32_t *la = GC_MALLOC_ATOMIC(sizeof(uint32_t) * (len + 1)), *ra = GC_MALLOC_ATOMIC(sizeof(uint32_t) * (len + 1));
    memset(la, 0, sizeof(uint32_t) * (len + 1));
    mpz_export(la, NULL, -1, sizeof(uint32_t), 0, 0, lim);
    sp_random *r = rng_of(rng);
retry:;
    uint32_t mask = 0;
    int boundary = 1;
    for (long i = (long)len - 1; i >= 0; i--) {
        uint32_t v = 0, l = la[i];
        if (mask) mask = 0xffffffffU;
        else { mask = l; mask |= mask >> 1; mask |= mask >> 2; mask |= mask >> 4; mask |= mask >> 8; mask |= mask >> 16; }
        if (mask) {
            v = rng_u32(r) & mask;
            if (boundary) {
                if (l < v) goto retry;
                if (v < l) boundary = 0;
            }
        }
        ra[i] = v;
    }
    mpz_t x; mpz_init(x);
    mpz_import(x, len, -1, sizeof(uint32_t), 0, 0, ra);
    return sp_big_from_mpz(x);
}

/* Random#rand / Kernel#rand raise this; CRuby shows the argument's to_s. */
static SP_NORETURN void invalid_arg(sp_value v)
{
    sp_raise(sp_eArgError, "invalid argument - %s", sp_str_cstr(sp_to_s(v)));
}

/* rand(max) semantics shared by Kernel#rand and Random#rand. */
static sp_value rand_value(sp_value rng, int argc_, const sp_value *argv, int kernel)
{
    int argc = SP_ARGC(argc_);
    if (argc == 0 || (kernel && argv[0] == SP_NIL)) return sp_float_new(sp_rand_double(rng));
    if (argv[0] == SP_NIL) invalid_arg(argv[0]);
    sp_value m = argv[0];
    if (sp_float_p(m)) {
        double d = sp_flo(m);
        if (kernel) {
            if (d == 0.0) return sp_float_new(sp_rand_double(rng));
            m = sp_int_from_double(fabs(d));
        } else {
            if (d <= 0) invalid_arg(m);
            return sp_float_new(sp_rand_double(rng) * d);
        }
    }
    if (sp_range_p(m)) {
        sp_range *r = SP_RANGE(m);
        if (sp_float_p(r->beg) || sp_float_p(r->end)) {
            double b = sp_num_to_double(r->beg), e = sp_num_to_double(r->end);
            if (e < b || (r->excl && e == b)) return kernel ? SP_NIL : (invalid_arg(m), SP_NIL);
            if (r->excl) return sp_float_new(b + sp_rand_double(rng) * (e - b));
            /* inclusive: CRuby's int_pair_to_real_inclusive */
            sp_random *g = rng_of(rng);
            uint64_t hi = rng_u32(g), lo = rng_u32(g);
            unsigned __int128 x = ((unsigned __int128)hi << 32) | lo;
            unsigned __int128 m = ((unsigned __int128)1 << 53) | 1;
            double rr = (double)(uint64_t)((x * m) >> 64) * (1.0 / 9007199254740992.0);
            return sp_float_new(b + rr * (e - b));
        }
        if (sp_bignum_p(r->beg) || sp_bignum_p(r->end)) {
            mpz_t lo, span; mpz_init(lo); mpz_init(span);
            sp_int_to_mpz(r->beg, lo); sp_int_to_mpz(r->end, span);
            mpz_sub(span, span, lo);
            if (r->excl) mpz_sub_ui(span, span, 1);
            if (mpz_sgn(span) < 0) return kernel ? SP_NIL : (invalid_arg(m), SP_NIL);
            return sp_int_plus(sp_big_from_mpz(lo), big_rand_upto(rng, span));
        }
        int64_t b = sp_num_to_long(r->beg), e = sp_num_to_long(r->end);
        if (r->excl) e--;
        if (e < b) return kernel ? SP_NIL : (invalid_arg(m), SP_NIL);
        /* span in unsigned arithmetic: e - b + 1 overflows int64 for
         * ranges as wide as the fixnums (-2**62..2**62-1) */
        uint64_t span = (uint64_t)e - (uint64_t)b;
        return sp_int_new((int64_t)((uint64_t)b + limited_rand(rng_of(rng), span)));
    }
    if (sp_bignum_p(m)) {
        mpz_t lim; mpz_init(lim);
        sp_int_to_mpz(m, lim);
        if (mpz_sgn(lim) < 0) { if (!kernel) invalid_arg(m); mpz_abs(lim, lim); }
        mpz_sub_ui(lim, lim, 1);
        return big_rand_upto(rng, lim);
    }
    int64_t n = sp_num_to_long(m);
    if (kernel) { if (n < 0) n = -n; if (n == 0) return sp_float_new(sp_rand_double(rng)); }
    else if (n <= 0) invalid_arg(m);
    return SP_FIX(sp_rand_below(rng, n));
}

SP_METHOD(k_rand) { return rand_value(SP_NIL, argc, argv, 1); }
SP_METHOD(k_srand)
{
    sp_value old = default_rng->seed;
    rng_seed(default_rng, argc > 0 ? argv[0] : new_seed());
    return old;
}
SP_METHOD(rnd_s_rand) { return rand_value(SP_NIL, argc, argv, 0); }
SP_METHOD(rnd_s_seed) { return default_rng->seed; }

/* Random::Formatter#random_number: rand, except that no limit, nil, zero
 * or a negative number give a Float in [0, 1) instead of an error; an
 * empty Range is still an ArgumentError. */
SP_METHOD(rnd_random_number)
{
    sp_value rng = self == sp_cRandom ? SP_NIL : self;
    if (argc == 0 || argv[0] == SP_NIL) return sp_float_new(sp_rand_double(rng));
    sp_value m = argv[0];
    if (!sp_range_p(m)) {
        if (!sp_float_p(m) && !sp_integer_p(m)) {
            m = sp_respond_to(m, sp_intern("to_int"), 1) ? sp_funcall0(m, "to_int") : SP_FIX(0);
            if (!sp_integer_p(m)) m = SP_FIX(0);
        }
        int nonpos = sp_float_p(m) ? !(sp_flo(m) > 0)
                   : SP_FIXNUM_P(m) ? SP_FIX2LONG(m) <= 0 : mpz_sgn(BIG(m)) <= 0;
        if (nonpos)
            return sp_float_new(sp_rand_double(rng));
    }
    return rand_value(rng, 1, &m, 0);
}
SP_METHOD(rnd_rand) { return rand_value(self, argc, argv, 0); }
SP_METHOD(rnd_seed) { return ((sp_random *)self)->seed; }
SP_METHOD(rnd_bytes)
{
    long n = (long)sp_num_to_long(ARG0);
    sp_random *r = rng_of(self);
    sp_value s = sp_str_buf_new((size_t)n);
    while (n > 0) {
        uint32_t x = rng_u32(r);
        for (int k = 0; k < 4 && n > 0; k++, n--) { char c = (char)(x & 0xff); x >>= 8; sp_str_cat(s, &c, 1); }
    }
    sp_str_set_binary(s);
    return s;
}
/* Random#state (private): the generator's words as one Integer, as
 * CRuby's (what #== and Marshal compare) */
SP_METHOD(rnd_state)
{
    sp_random *r = rng_of(self);
    mpz_t z; mpz_init(z);
    mpz_import(z, MT_N, -1, sizeof(uint32_t), 0, 0, r->mt);
    return sp_big_from_mpz(z);
}
/* CRuby counts down to the next refill: 1 right after seeding */
SP_METHOD(rnd_left) { return SP_FIX(MT_N - rng_of(self)->mti + 1); }

SP_METHOD(rnd_eq)
{
    sp_value o = ARG0;
    if (!SP_HEAP_P(o) || SP_HDR(o)->klass != SP_HDR(self)->klass) return SP_FALSE;
    sp_random *a = rng_of(self), *b = rng_of(o);
    return SP_BOOL(a->mti == b->mti && memcmp(a->mt, b->mt, sizeof a->mt) == 0 && sp_equal(a->seed, b->seed));
}

/* Random.allocate: a generator seeded like Random.new's (Object's
 * allocator gave a plain object the generator methods read as one). */
static sp_value rnd_alloc(sp_value klass)
{
    sp_random *r = sp_alloc(sizeof(sp_random), klass, SP_T_DATA);
    rng_seed(r, new_seed());
    return (sp_value)r;
}

SP_METHOD(rnd_s_new)
{
    sp_random *r = sp_alloc(sizeof(sp_random), self, SP_T_DATA);
    rng_seed(r, argc > 0 ? argv[0] : new_seed());
    return (sp_value)r;
}
SP_METHOD(rnd_s_new_seed) { return new_seed(); }

void sp_init_random(void)
{
    default_rng = GC_MALLOC_UNCOLLECTABLE(sizeof(sp_random));
    default_rng->hdr.klass = (sp_class *)sp_cRandom;
    default_rng->hdr.type = SP_T_DATA;
    rng_seed(default_rng, new_seed());
    sp_value R = sp_cRandom;
    sp_class_set_allocator(R, rnd_alloc);
    sp_define_singleton_method(R, "new", rnd_s_new, -1);
    sp_define_singleton_method(R, "rand", rnd_s_rand, -1);
    sp_define_singleton_method(R, "new_seed", rnd_s_new_seed, 0);
    sp_define_method(R, "rand", rnd_rand, -1);
    sp_define_method(R, "seed", rnd_seed, 0);
    sp_define_method(R, "==", rnd_eq, 1);
    sp_define_method(R, "bytes", rnd_bytes, 1);
    sp_define_method(R, "random_number", rnd_random_number, -1);
    sp_define_private_method(R, "state", rnd_state, 0);
    sp_define_private_method(R, "left", rnd_left, 0);
    sp_define_singleton_method(R, "bytes", rnd_bytes, 1);
    sp_define_singleton_method(R, "random_number", rnd_random_number, -1);
    sp_define_singleton_method(R, "seed", rnd_s_seed, 0);
    sp_define_singleton_method(R, "srand", k_srand, -1);
    sp_define_private_method(sp_mKernel, "rand", k_rand, -1);
    sp_define_private_method(sp_mKernel, "srand", k_srand, -1);
}

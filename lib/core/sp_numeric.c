/*
 * sp_numeric.c — Integer, Float, Numeric#step, Kernel#Integer/Float.
 * (Math is in sp_math.c, Random in sp_random.c, Rational in
 * sp_rational.c, printing of Floats in sp_float_fmt.c.)
 *
 * Representation
 *  - Integer: a tagged 63-bit fixnum (sp_value.h) on the fast path.  Any
 *    result outside [SP_FIXNUM_MIN, SP_FIXNUM_MAX] is promoted to a Bignum
 *    (sp_bignum: a GMP mpz_t).  GMP allocates limbs through
 *    mp_set_memory_functions with GC_malloc_atomic/GC_realloc and a no-op
 *    free, so bignums and the temporaries of every computation live in the
 *    GC heap and need no finaliser.  Bignums are immutable and always
 *    normalised: a value that fits a fixnum is never a Bignum, so
 *    equality of small integers is word equality.
 *  - Float: a flonum immediate when the exponent fits, else a boxed
 *    sp_float (Inf, NaN, -0.0, very large/small magnitudes).
 *  Costs: fixnum + - * compare are a few instructions with an overflow
 *  check (__builtin_*_overflow); bignum ops allocate one mpz result.
 *  Integer#/ and #% use floor semantics (Ruby), not C truncation.
 *
 * Threads: all values here are immutable; no shared mutable state.
 */
#include "sp_numeric.h"
#include "sp_string.h"
#include "sp_array.h"
#include "sp_range.h"
#include "sp_enum.h"

#include <errno.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <ctype.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

/* ------------------------------------------------------------------ */
/* GMP memory in the GC heap                                           */

static void *gmp_alloc(size_t n) { return GC_MALLOC_ATOMIC(n); }
static void *gmp_realloc(void *p, size_t old, size_t n)
{
    (void)old;
    return GC_REALLOC(p, n);
}
static void gmp_free(void *p, size_t n) { (void)p; (void)n; }

/* ------------------------------------------------------------------ */
/* Constructors                                                        */

sp_value sp_float_new(double d)
{
    sp_value v = sp_flonum_try(d);
    if (v) return v;
    sp_float *f = sp_alloc(sizeof(sp_float), sp_cFloat, SP_T_FLOAT);
    f->d = d;
    f->hdr.flags |= SP_FL_FROZEN;
    return (sp_value)f;
}

double sp_float_value(sp_value v) { return sp_flo(v); }

static sp_value big_new_raw(void)
{
    sp_bignum *b = sp_alloc(sizeof(sp_bignum), sp_cInteger, SP_T_BIGNUM);
    b->hdr.flags |= SP_FL_FROZEN;
    mpz_init(b->z);
    return (sp_value)b;
}
#define BIG(v) (((sp_bignum *)(v))->z)

sp_value sp_big_from_mpz(const mpz_t z)
{
    if (mpz_fits_slong_p(z)) {
        long n = mpz_get_si(z);
        if (SP_FIXABLE(n)) return SP_FIX(n);
    }
    sp_value b = big_new_raw();
    mpz_set(BIG(b), z);
    return b;
}

sp_value sp_int_new(int64_t n)
{
    if (SP_FIXABLE(n)) return SP_FIX(n);
    sp_value b = big_new_raw();
    mpz_set_si(BIG(b), n);
    return b;
}

sp_value sp_int_from_u64(uint64_t n)
{
    if (n <= (uint64_t)SP_FIXNUM_MAX) return SP_FIX((int64_t)n);
    sp_value b = big_new_raw();
    mpz_import(BIG(b), 1, 1, sizeof n, 0, 0, &n);
    return b;
}

void sp_int_to_mpz(sp_value v, mpz_t out)
{
    if (SP_FIXNUM_P(v)) mpz_set_si(out, SP_FIX2LONG(v));
    else mpz_set(out, BIG(v));
}

sp_value sp_int_from_double(double d)
{
    if (isnan(d)) sp_raise(sp_eFloatDomainError, "NaN");
    if (isinf(d)) sp_raise(sp_eFloatDomainError, d < 0 ? "-Infinity" : "Infinity");
    d = trunc(d);
    if (d >= -4.0e18 && d <= 4.0e18) return SP_FIX((int64_t)d);
    mpz_t z;
    mpz_init_set_d(z, d);
    return sp_big_from_mpz(z);
}

/* Bignum to Float rounded to nearest, ties to even, as CRuby's big2dbl
 * (mpz_get_d truncates: (2**64-1).to_f would print 1.844674407370955e+19).
 * Keep the top 53 bits, round on the dropped ones; past DBL_MAX ldexp gives
 * Infinity, as CRuby does. */
static double big_to_double(sp_value v)
{
    const mpz_srcptr z = BIG(v);
    size_t bits = mpz_sizeinbase(z, 2);
    if (bits <= DBL_MANT_DIG) return mpz_get_d(z);
    unsigned long drop = (unsigned long)(bits - DBL_MANT_DIG);
    mpz_t q;
    mpz_init(q);
    mpz_abs(q, z);
    int half = mpz_tstbit(q, drop - 1);
    int sticky = half && mpz_scan1(q, 0) < drop - 1;
    mpz_fdiv_q_2exp(q, q, drop);
    uint64_t m = mpz_get_ui(q);         /* < 2**53 */
    mpz_clear(q);
    if (half && (sticky || (m & 1))) m++;
    double d = ldexp((double)m, drop > INT_MAX ? INT_MAX : (int)drop);
    return mpz_sgn(z) < 0 ? -d : d;
}

static double int_to_double(sp_value v)
{
    return SP_FIXNUM_P(v) ? (double)SP_FIX2LONG(v) : big_to_double(v);
}

double sp_num_to_double(sp_value v)
{
    if (SP_FIXNUM_P(v)) return (double)SP_FIX2LONG(v);
    if (sp_float_p(v)) return sp_flo(v);
    if (sp_bignum_p(v)) return big_to_double(v);
    if (sp_rational_p(v)) return sp_rational_to_double(v);
    if (v == SP_NIL) sp_raise(sp_eTypeError, "can't convert nil into Float");
    sp_raise_type(v, "Float");
}

/* rb_num2dbl: a Numeric as a double; nil, true, false and Strings are
 * refused with CRuby's "no implicit conversion to float from X", other
 * objects convert through #to_f */
double sp_num2dbl(sp_value v)
{
    if (SP_FIXNUM_P(v) || sp_float_p(v) || sp_bignum_p(v) || sp_rational_p(v)) return sp_num_to_double(v);
    if (v == SP_NIL || v == SP_TRUE || v == SP_FALSE || (SP_HEAP_P(v) && SP_TYPE(v) == SP_T_STRING))
        sp_raise(sp_eTypeError, "no implicit conversion to float from %s",
                 v == SP_NIL ? "nil" : v == SP_TRUE ? "true" : v == SP_FALSE ? "false" : "string");
    if (sp_respond_to(v, sp_intern("to_f"), 1)) return sp_num_to_double(sp_funcall0(v, "to_f"));
    sp_raise(sp_eTypeError, "can't convert %s into Float", sp_obj_classname(v));
}

int64_t sp_num_to_long(sp_value v)
{
    if (SP_FIXNUM_P(v)) return SP_FIX2LONG(v);
    if (sp_bignum_p(v)) {
        if (mpz_fits_slong_p(BIG(v))) return mpz_get_si(BIG(v));
        sp_raise(sp_eRangeError, "bignum too big to convert into 'long'");
    }
    if (sp_float_p(v)) {
        double d = sp_flo(v);
        if (isnan(d) || isinf(d) || d >= 9.2e18 || d <= -9.2e18) {
            sp_value s = sp_float_to_s(d);
            sp_raise(sp_eRangeError, "float %s out of range of integer", sp_str_cstr(s));
        }
        return (int64_t)d;
    }
    if (v == SP_NIL) sp_raise(sp_eTypeError, "no implicit conversion from nil to integer");
    if (sp_respond_to(v, sp_intern("to_int"), 1)) {
        sp_value r = sp_funcall0(v, "to_int");
        if (!sp_integer_p(r))
            sp_raise_convert_gives(v, "Integer", "to_int", r);
        return sp_num_to_long(r);
    }
    sp_raise_type(v, "Integer");
}

int64_t sp_arg_long(sp_value v) { return sp_num_to_long(v); }
double sp_arg_double(sp_value v) { return sp_num_to_double(v); }

/* ------------------------------------------------------------------ */
/* Errors                                                              */

void sp_zerodiv(void) { sp_raise(sp_eZeroDivError, "divided by 0"); }

static const char *describe_for_coerce(sp_value v)
{
    /* CRuby's coerce_failed: special constants and Floats by inspect */
    if ((SP_SPECIAL_CONST_P(v) && !SP_FIXNUM_P(v)) || sp_float_p(v))
        return sp_str_cstr(sp_inspect(v));
    return sp_obj_classname(v);
}

void sp_num_coerce_fail(sp_value other, const char *into)
{
    sp_raise(sp_eTypeError, "%s can't be coerced into %s", describe_for_coerce(other), into);
}

void sp_num_cmp_fail(sp_value a, sp_value b)
{
    const char *bn;
    /* rb_cmperr: special constants and Floats are shown with inspect */
    if (SP_SPECIAL_CONST_P(b) || sp_float_p(b))
        bn = sp_str_cstr(sp_inspect(b));
    else
        bn = sp_obj_classname(b);
    sp_raise(sp_eArgError, "comparison of %s with %s failed", sp_obj_classname(a), bn);
}

/* y.coerce(x) as CRuby's do_coerce: 1 and the pair in *pair when y has
 * #coerce and it gives [x', y']; 0 when y has no #coerce, or (quiet) it
 * gives nil; TypeError for any other result (a pair is indexed only
 * after that check: a coerce giving nil or a non-Array is common in
 * specs and must not be read as an Array). */
static int num_do_coerce(sp_value x, sp_value y, int quiet, sp_value *a, sp_value *b)
{
    if (SP_SPECIAL_CONST_P(y) || !sp_respond_to(y, sp_intern("coerce"), 1)) return 0;
    sp_value pair = sp_funcall1(y, "coerce", x);
    if (quiet && pair == SP_NIL) return 0;
    if (!sp_ary_p(pair) || sp_ary_len(pair) != 2) sp_raise(sp_eTypeError, "coerce must return [x, y]");
    *a = sp_ary_entry(pair, 0);
    *b = sp_ary_entry(pair, 1);
    return 1;
}

/* x op y via y.coerce(x) for user numeric types; else TypeError
 * (rb_num_coerce_bin). */
sp_value sp_num_coerce_bin(sp_value x, sp_value y, const char *op)
{
    sp_value a, b;
    if (!num_do_coerce(x, y, 0, &a, &b)) sp_num_coerce_fail(y, sp_obj_classname(x));
    return sp_funcall1(a, op, b);
}

/* (x, y) = y.coerce(x), TypeError when y cannot be coerced (CRuby's
 * do_coerce with err): Numeric#remainder goes on with the pair. */
void sp_num_coerce_pair(sp_value *x, sp_value *y)
{
    sp_value a, b;
    if (!num_do_coerce(*x, *y, 0, &a, &b)) sp_num_coerce_fail(*y, sp_obj_classname(*x));
    *x = a;
    *y = b;
}

/* x <=> y via y.coerce(x); nil when y cannot be coerced (rb_num_coerce_cmp). */
sp_value sp_num_coerce_cmp(sp_value x, sp_value y)
{
    sp_value a, b;
    if (!num_do_coerce(x, y, 1, &a, &b)) return SP_NIL;
    return sp_funcall1(a, "<=>", b);
}

/* x < y (or another relational op) via y.coerce(x); ArgumentError
 * "comparison of X with Y failed" when y cannot be coerced
 * (rb_num_coerce_relop). */
sp_value sp_num_coerce_relop(sp_value x, sp_value y, const char *op)
{
    sp_value a, b;
    if (!num_do_coerce(x, y, 1, &a, &b)) sp_num_cmp_fail(x, y);
    return sp_funcall1(a, op, b);
}

/* ------------------------------------------------------------------ */
/* Integer arithmetic                                                  */

sp_value sp_int_plus(sp_value a, sp_value b)
{
    if (SP_FIXNUM_P(a) && SP_FIXNUM_P(b)) {
        int64_t r = SP_FIX2LONG(a) + SP_FIX2LONG(b);
        return sp_int_new(r);
    }
    if (!sp_integer_p(a)) return sp_funcall1(a, "+", b);   /* misuse from a generic caller */
    if (sp_integer_p(b)) {
        mpz_t x, y; mpz_init(x); mpz_init(y);
        sp_int_to_mpz(a, x); sp_int_to_mpz(b, y);
        mpz_add(x, x, y);
        return sp_big_from_mpz(x);
    }
    if (sp_float_p(b)) return sp_float_new(int_to_double(a) + sp_flo(b));
    return sp_num_coerce_bin(a, b, "+");
}

sp_value sp_int_minus(sp_value a, sp_value b)
{
    if (SP_FIXNUM_P(a) && SP_FIXNUM_P(b)) return sp_int_new(SP_FIX2LONG(a) - SP_FIX2LONG(b));
    if (!sp_integer_p(a)) return sp_funcall1(a, "-", b);   /* misuse from a generic caller */
    if (sp_integer_p(b)) {
        mpz_t x, y; mpz_init(x); mpz_init(y);
        sp_int_to_mpz(a, x); sp_int_to_mpz(b, y);
        mpz_sub(x, x, y);
        return sp_big_from_mpz(x);
    }
    if (sp_float_p(b)) return sp_float_new(int_to_double(a) - sp_flo(b));
    return sp_num_coerce_bin(a, b, "-");
}

sp_value sp_int_mul(sp_value a, sp_value b)
{
    if (SP_FIXNUM_P(a) && SP_FIXNUM_P(b)) {
        int64_t r;
        if (!__builtin_mul_overflow(SP_FIX2LONG(a), SP_FIX2LONG(b), &r)) return sp_int_new(r);
    }
    if (!sp_integer_p(a)) return sp_funcall1(a, "*", b);   /* misuse from a generic caller */
    if (sp_integer_p(b)) {
        mpz_t x, y; mpz_init(x); mpz_init(y);
        sp_int_to_mpz(a, x); sp_int_to_mpz(b, y);
        mpz_mul(x, x, y);
        return sp_big_from_mpz(x);
    }
    if (sp_float_p(b)) return sp_float_new(int_to_double(a) * sp_flo(b));
    return sp_num_coerce_bin(a, b, "*");
}

/* Float modulo; CRuby raises ZeroDivisionError for a zero divisor. */
static double flo_mod(double x, double y)
{
    double mod;
    if (y == 0.0) sp_zerodiv();
    if (isinf(y) && !isinf(x)) mod = x;
    else mod = fmod(x, y);
    if (y * mod < 0) mod += y;
    return mod;
}

static void flo_divmod(double x, double y, double *divp, double *modp)
{
    double div, mod;
    if (isnan(y)) { *divp = y; *modp = y; return; }
    if (y == 0.0) sp_zerodiv();
    if (x == 0.0 || (isinf(y) && !isinf(x))) mod = x;
    else mod = fmod(x, y);
    if (isinf(x) && !isinf(y)) div = x;
    else { div = (x - mod) / y; div = round(div); }
    if (y * mod < 0) { mod += y; div -= 1.0; }
    *modp = mod; *divp = div;
}

sp_value sp_int_div(sp_value a, sp_value b)
{
    if (SP_FIXNUM_P(a) && SP_FIXNUM_P(b)) {
        int64_t x = SP_FIX2LONG(a), y = SP_FIX2LONG(b);
        if (y == 0) sp_zerodiv();
        int64_t q = x / y;
        if ((x % y != 0) && ((x < 0) != (y < 0))) q--;
        return sp_int_new(q);
    }
    if (!sp_integer_p(a)) return sp_funcall1(a, "/", b);   /* misuse from a generic caller */
    if (sp_integer_p(b)) {
        mpz_t x, y; mpz_init(x); mpz_init(y);
        sp_int_to_mpz(a, x); sp_int_to_mpz(b, y);
        if (mpz_sgn(y) == 0) sp_zerodiv();
        mpz_fdiv_q(x, x, y);
        return sp_big_from_mpz(x);
    }
    if (sp_float_p(b)) return sp_float_new(int_to_double(a) / sp_flo(b));
    return sp_num_coerce_bin(a, b, "/");
}

sp_value sp_int_mod(sp_value a, sp_value b)
{
    if (SP_FIXNUM_P(a) && SP_FIXNUM_P(b)) {
        int64_t x = SP_FIX2LONG(a), y = SP_FIX2LONG(b);
        if (y == 0) sp_zerodiv();
        int64_t m = x % y;
        if (m != 0 && ((m < 0) != (y < 0))) m += y;
        return SP_FIX(m);
    }
    if (!sp_integer_p(a)) return sp_funcall1(a, "%", b);   /* misuse from a generic caller */
    if (sp_integer_p(b)) {
        mpz_t x, y; mpz_init(x); mpz_init(y);
        sp_int_to_mpz(a, x); sp_int_to_mpz(b, y);
        if (mpz_sgn(y) == 0) sp_zerodiv();
        mpz_fdiv_r(x, x, y);
        return sp_big_from_mpz(x);
    }
    if (sp_float_p(b)) return sp_float_new(flo_mod(int_to_double(a), sp_flo(b)));
    return sp_num_coerce_bin(a, b, "%");
}

static sp_value int_pow_mpz(sp_value a, unsigned long e)
{
    mpz_t x; mpz_init(x);
    sp_int_to_mpz(a, x);
    mpz_pow_ui(x, x, e);
    return sp_big_from_mpz(x);
}

sp_value sp_int_pow(sp_value a, sp_value b)
{
    if (SP_FIXNUM_P(b)) {
        int64_t e = SP_FIX2LONG(b);
        if (e < 0) return sp_int_pow_negative(a, b);   /* Rational, as CRuby */
        if (SP_FIXNUM_P(a)) {
            int64_t base = SP_FIX2LONG(a), r = 1;
            int64_t bb = base, ee = e;
            int ovf = 0;
            while (ee > 0) {
                if (ee & 1) { if (__builtin_mul_overflow(r, bb, &r)) { ovf = 1; break; } }
                ee >>= 1;
                if (ee && __builtin_mul_overflow(bb, bb, &bb)) { ovf = 1; break; }
            }
            if (!ovf) return sp_int_new(r);
        }
        if (e > 100000000) {
            sp_raise(sp_eArgError, "exponent is too large");
        }
        return int_pow_mpz(a, (unsigned long)e);
    }
    if (sp_bignum_p(b)) {
        if (SP_FIXNUM_P(a)) {
            int64_t x = SP_FIX2LONG(a);
            if (x == 1) return SP_FIX(1);
            if (x == 0) return mpz_sgn(BIG(b)) < 0 ? (sp_zerodiv(), SP_NIL) : SP_FIX(0);
            if (x == -1) return mpz_odd_p(BIG(b)) ? SP_FIX(-1) : SP_FIX(1);
        }
        sp_raise(sp_eArgError, "exponent is too large");
    }
    if (sp_float_p(b)) return sp_float_pow(int_to_double(a), sp_flo(b));
    return sp_num_coerce_bin(a, b, "**");
}

int sp_int_cmp(sp_value a, sp_value b)
{
    if (SP_FIXNUM_P(a) && SP_FIXNUM_P(b)) {
        int64_t x = SP_FIX2LONG(a), y = SP_FIX2LONG(b);
        return (x > y) - (x < y);
    }
    if (SP_FIXNUM_P(a)) return -mpz_sgn(BIG(b));
    if (SP_FIXNUM_P(b)) return mpz_sgn(BIG(a));
    int c = mpz_cmp(BIG(a), BIG(b));
    return (c > 0) - (c < 0);
}

/* Compare an Integer with a double exactly enough for ordering. */
static int int_dbl_cmp(sp_value a, double d, int *nan)
{
    *nan = 0;
    if (isnan(d)) { *nan = 1; return 0; }
    if (isinf(d)) return d > 0 ? -1 : 1;
    if (SP_FIXNUM_P(a)) {
        int64_t x = SP_FIX2LONG(a);
        if (d >= -9.0e15 && d <= 9.0e15) {
            double xd = (double)x;
            if (xd < d) return -1;
            if (xd > d) return 1;
            /* equal as doubles; refine with the fraction */
            double fl = floor(d);
            if (fl == d) { int64_t di = (int64_t)d; return (x > di) - (x < di); }
            return (double)x < d ? -1 : 1;
        }
    }
    mpz_t x, y; mpz_init(x); mpz_init(y);
    sp_int_to_mpz(a, x);
    double fl = floor(d);
    mpz_set_d(y, fl);
    int c = mpz_cmp(x, y);
    if (c == 0 && fl != d) return -1;
    return (c > 0) - (c < 0);
}

sp_value sp_num_cmp(sp_value a, sp_value b)
{
    int nan = 0, c;
    if (sp_integer_p(a)) {
        if (sp_integer_p(b)) return SP_FIX(sp_int_cmp(a, b));
        if (sp_float_p(b)) { c = int_dbl_cmp(a, sp_flo(b), &nan); return nan ? SP_NIL : SP_FIX(c); }
        return SP_NIL;
    }
    if (sp_float_p(a)) {
        double x = sp_flo(a);
        if (sp_float_p(b)) {
            double y = sp_flo(b);
            if (isnan(x) || isnan(y)) return SP_NIL;
            return SP_FIX((x > y) - (x < y));
        }
        if (sp_integer_p(b)) {
            if (isnan(x)) return SP_NIL;
            c = int_dbl_cmp(b, x, &nan);
            return nan ? SP_NIL : SP_FIX(-c);
        }
    }
    return SP_NIL;
}

int sp_num_equal(sp_value a, sp_value b)
{
    if (a == b) {
        if (sp_float_p(a)) return !isnan(sp_flo(a));
        return 1;
    }
    sp_value c = sp_num_cmp(a, b);
    return c == SP_FIX(0);
}

static uint64_t mix64(uint64_t x)
{
    x ^= x >> 33; x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33; x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

uint64_t sp_num_hash(sp_value v)
{
    if (SP_FIXNUM_P(v)) return mix64((uint64_t)v);
    if (sp_float_p(v)) {
        double d = sp_flo(v);
        if (d == 0.0) d = 0.0;  /* -0.0 eql? 0.0 is false but hash may match */
        uint64_t bits; memcpy(&bits, &d, 8);
        return mix64(bits ^ 0x5bd1e995ULL);
    }
    if (sp_bignum_p(v)) {
        uint64_t h = 0x9e3779b97f4a7c15ULL;
        size_t n = mpz_size(BIG(v));
        for (size_t i = 0; i < n; i++) h = mix64(h ^ mpz_getlimbn(BIG(v), i));
        return h ^ (uint64_t)mpz_sgn(BIG(v));
    }
    return mix64((uint64_t)v);
}

/* ------------------------------------------------------------------ */
/* Integer#to_s                                                        */

sp_value sp_int_to_s(sp_value v, int base)
{
    if (base < 2 || base > 36) sp_raise(sp_eArgError, "invalid radix %d", base);
    if (SP_FIXNUM_P(v)) {
        int64_t n = SP_FIX2LONG(v);
        char buf[80], *p = buf + sizeof buf;
        uint64_t u = n < 0 ? (uint64_t)(-n) : (uint64_t)n;
        if (base == 10) {
            do { *--p = (char)('0' + u % 10); u /= 10; } while (u);
        } else {
            do { *--p = "0123456789abcdefghijklmnopqrstuvwxyz"[u % base]; u /= base; } while (u);
        }
        if (n < 0) *--p = '-';
        return sp_str_new(p, (size_t)(buf + sizeof buf - p));
    }
    size_t n = mpz_sizeinbase(BIG(v), base) + 2;
    char *buf = GC_MALLOC_ATOMIC(n);
    mpz_get_str(buf, base, BIG(v));
    return sp_str_new(buf, strlen(buf));
}

/* ------------------------------------------------------------------ */
/* Parsing                                                             */

static int is_space(int c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

/* Integer(), String#to_i and Integer literals: one scanner.  Leading
 * space, a sign, a radix prefix (0x 0b 0o 0d; strict with base 0: a bare
 * leading 0 means octal and may be followed by one underscore, "0_17"),
 * then digits with single underscores between them.  The value is kept in
 * an int64 while it fits; past that the digits seen are handed to GMP.
 * strict: the whole string must be one number (trailing space allowed),
 * else SP_UNDEF; otherwise the scan stops at the first non-digit. */
sp_value sp_cstr_to_inum(const char *p, size_t len, int base, int strict)
{
    const char *e = p + len;
    int neg = 0;
    while (p < e && is_space((unsigned char)*p)) p++;
    if (p < e && (*p == '+' || *p == '-')) { neg = *p == '-'; p++; }
    if (p + 1 < e && p[0] == '0') {
        int c = p[1] | 0x20, pb = 0;
        if (c == 'x') pb = 16; else if (c == 'b') pb = 2; else if (c == 'o') pb = 8;
        else if (c == 'd') pb = 10;
        if (pb && (base == 0 || base == pb)) { base = pb; p += 2; }
        else if (base == 0 && strict && ((p[1] >= '0' && p[1] <= '9') || p[1] == '_')) {
            base = 8; p += 1;           /* "0\n" is a plain 0 */
            if (p < e && *p == '_') p++;
        }
    }
    if (base <= 0) base = 10;
    const char *digits = p;
    int64_t acc = 0;
    int big = 0, last_us = 0;
    size_t ndig = 0;
    while (p < e) {
        int c = (unsigned char)*p;
        if (c == '_') {
            if (ndig == 0 || last_us) break;
            last_us = 1; p++; continue;
        }
        int d = sp_digit_val(c);
        if (d >= base) break;
        last_us = 0;
        if (!big && (__builtin_mul_overflow(acc, (int64_t)base, &acc) ||
                     __builtin_add_overflow(acc, (int64_t)d, &acc)))
            big = 1;
        ndig++;
        p++;
    }
    const char *end = p;
    if (strict) {
        while (p < e && is_space((unsigned char)*p)) p++;
        if (p != e || ndig == 0 || last_us) return SP_UNDEF;
    }
    if (!big) return sp_int_new(neg ? -acc : acc);
    char *buf = GC_MALLOC_ATOMIC(ndig + 1);
    size_t n = 0;
    for (const char *q = digits; q < end; q++)
        if (*q != '_') buf[n++] = *q;
    buf[n] = 0;
    mpz_t z; mpz_init(z);
    mpz_set_str(z, buf, base);
    if (neg) mpz_neg(z, z);
    return sp_big_from_mpz(z);
}

/* Float("0x..."): hex digits, an optional fraction ("0x1.8", "0x.8",
 * "0x1.") and binary exponent p/P with a decimal power, trailing spaces.
 * '_' goes between two digits; CRuby 3.4.1 refuses it in a number with
 * a hex letter ("0x1_0a"). The cleaned text is C's hex-float syntax. */
static sp_value hex_to_dbl(const char *p, const char *e, int neg, double *out)
{
    char *buf = GC_MALLOC_ATOMIC((size_t)(e - p) + 8);
    size_t n = 0;
    int nd = 0, under = 0, letter = 0;
    buf[n++] = '0'; buf[n++] = 'x';
    for (int part = 0; part < 2; part++) {       /* integer digits, then fraction */
        int prev = 0;
        while (p < e) {
            int c = (unsigned char)*p;
            if (isxdigit(c)) {
                if (!isdigit(c)) letter = 1;
                buf[n++] = (char)c; nd++; prev = 1; p++;
            } else if (c == '_' && prev && p + 1 < e && isxdigit((unsigned char)p[1])) {
                under = 1; prev = 0; p++;
            } else break;
        }
        if (part == 0 && p < e && *p == '.') { buf[n++] = '.'; p++; }
        else break;
    }
    if (nd == 0 || (under && letter)) return SP_UNDEF;
    buf[n++] = 'p';
    if (p < e && (*p | 0x20) == 'p') {
        p++;
        if (p < e && (*p == '+' || *p == '-')) buf[n++] = *p++;
        int ed = 0, prev = 0;
        while (p < e) {
            if (isdigit((unsigned char)*p)) { buf[n++] = *p++; ed++; prev = 1; }
            else if (*p == '_' && prev && p + 1 < e && isdigit((unsigned char)p[1])) { p++; prev = 0; }
            else break;
        }
        if (ed == 0) return SP_UNDEF;
    } else {
        buf[n++] = '0';
    }
    buf[n] = 0;
    while (p < e && is_space((unsigned char)*p)) p++;
    if (p != e) return SP_UNDEF;
    double d = strtod(buf, NULL);
    *out = neg ? -d : d;
    return SP_TRUE;
}

sp_value sp_cstr_to_dbl(const char *p, size_t len, int strict, double *out)
{
    const char *e = p + len;
    char *buf = GC_MALLOC_ATOMIC(len + 1);
    size_t n = 0;
    while (p < e && is_space((unsigned char)*p)) p++;
    if (p < e && (*p == '+' || *p == '-')) buf[n++] = *p++;
    if (strict && p + 1 < e && p[0] == '0' && (p[1] | 0x20) == 'x')
        return hex_to_dbl(p + 2, e, buf[0] == '-', out);
    int nd = 0, seen_dot = 0, seen_e = 0, prev_digit = 0;
    while (p < e) {
        int c = (unsigned char)*p;
        if (c >= '0' && c <= '9') { buf[n++] = (char)c; nd++; prev_digit = 1; p++; continue; }
        if (c == '_' && prev_digit && p + 1 < e && p[1] >= '0' && p[1] <= '9') { p++; prev_digit = 0; continue; }
        if (c == '.' && !seen_dot && !seen_e && (prev_digit || nd == 0) && p + 1 < e && p[1] >= '0' && p[1] <= '9') {
            seen_dot = 1; buf[n++] = '.'; p++; prev_digit = 0; continue;
        }
        /* Float() (CRuby 3.4) also takes a trailing dot: "1.", "1.e5" */
        if (c == '.' && strict && !seen_dot && !seen_e && prev_digit &&
            (p + 1 == e || is_space((unsigned char)p[1]) || (p[1] | 0x20) == 'e')) {
            seen_dot = 1; p++; continue;
        }
        if ((c == 'e' || c == 'E') && !seen_e && nd > 0 && prev_digit) {
            const char *q = p + 1;
            if (q < e && (*q == '+' || *q == '-')) q++;
            if (q < e && *q >= '0' && *q <= '9') {
                seen_e = 1; buf[n++] = 'e'; p++;
                if (*p == '+' || *p == '-') buf[n++] = *p++;
                prev_digit = 0;
                continue;
            }
        }
        break;
    }
    buf[n] = 0;
    if (strict) {
        while (p < e && is_space((unsigned char)*p)) p++;
        if (p != e || nd == 0) return SP_UNDEF;
    }
    *out = nd ? strtod(buf, NULL) : 0.0;
    if (nd == 0 && n > 0 && buf[0] == '-') *out = -0.0;
    return SP_TRUE;
}

/* ------------------------------------------------------------------ */
/* Integer methods                                                     */

#define ARG0 (argv[0])

SP_METHOD(int_plus) { return sp_int_plus(self, ARG0); }
SP_METHOD(int_minus) { return sp_int_minus(self, ARG0); }
SP_METHOD(int_mul) { return sp_int_mul(self, ARG0); }
SP_METHOD(int_div) { return sp_int_div(self, ARG0); }
SP_METHOD(int_mod) { return sp_int_mod(self, ARG0); }
SP_METHOD(int_pow) { return sp_int_pow(self, ARG0); }

SP_METHOD(int_idiv)
{
    if (sp_float_p(ARG0)) {
        if (sp_flo(ARG0) == 0.0) sp_zerodiv();
        return sp_int_from_double(floor(int_to_double(self) / sp_flo(ARG0)));
    }
    /* other Numerics: y.coerce(x), then x'.div(y') (CRuby's fix_divide) */
    if (!sp_integer_p(ARG0)) return sp_num_coerce_bin(self, ARG0, "div");
    return sp_int_div(self, ARG0);
}

SP_METHOD(int_fdiv)
{
    /* Bignum / Integer: exact quotient, rounded once (10**400 / 10**399). */
    if (sp_integer_p(ARG0) && (sp_bignum_p(self) || sp_bignum_p(ARG0)) && ARG0 != SP_FIX(0))
        return sp_float_new(sp_rational_to_double(sp_rational_new(self, ARG0)));
    if (!sp_numeric_p(ARG0) && !sp_rational_p(ARG0)) {
        /* other Numerics: coerce, then NUM2DBL of the quotient, which asks
         * a Complex its to_f (RangeError unless real) (rb_int_fdiv_double) */
        sp_value q = sp_num_coerce_bin(self, ARG0, "fdiv");
        if (!sp_numeric_p(q) && !SP_SPECIAL_CONST_P(q) && !sp_str_p(q) && sp_respond_to(q, sp_intern("to_f"), 1))
            q = sp_funcall0(q, "to_f");
        return sp_float_new(sp_num_to_double(q));
    }
    return sp_float_new(int_to_double(self) / sp_num_to_double(ARG0));
}

SP_METHOD(int_remainder)
{
    sp_value b = ARG0;
    if (SP_FIXNUM_P(self) && SP_FIXNUM_P(b)) {
        if (SP_FIX2LONG(b) == 0) sp_zerodiv();
        return SP_FIX(SP_FIX2LONG(self) % SP_FIX2LONG(b));
    }
    if (sp_float_p(b)) {
        if (sp_flo(b) == 0.0) sp_zerodiv();
        return sp_float_new(fmod(int_to_double(self), sp_flo(b)));
    }
    if (!sp_integer_p(b)) return sp_num_coerce_bin(self, b, "remainder");
    mpz_t x, y; mpz_init(x); mpz_init(y);
    sp_int_to_mpz(self, x); sp_int_to_mpz(b, y);
    if (mpz_sgn(y) == 0) sp_zerodiv();
    mpz_tdiv_r(x, x, y);
    return sp_big_from_mpz(x);
}

SP_METHOD(int_divmod)
{
    sp_value b = ARG0;
    if (sp_float_p(b)) {
        double d, m;
        flo_divmod(int_to_double(self), sp_flo(b), &d, &m);
        sp_value pr[2] = { sp_int_from_double(d), sp_float_new(m) };
        return sp_ary_new_from(2, pr);
    }
    if (!sp_integer_p(b)) return sp_num_coerce_bin(self, b, "divmod");
    sp_value pr[2] = { sp_int_div(self, b), sp_int_mod(self, b) };
    return sp_ary_new_from(2, pr);
}

SP_METHOD(int_uminus)
{
    return sp_int_minus(SP_FIX(0), self);
}

SP_METHOD(int_abs)
{
    if (SP_FIXNUM_P(self)) {
        int64_t n = SP_FIX2LONG(self);
        return sp_int_new(n < 0 ? -n : n);
    }
    mpz_t x; mpz_init(x); mpz_abs(x, BIG(self));
    return sp_big_from_mpz(x);
}

SP_METHOD(int_eq)
{
    sp_value b = ARG0;
    if (SP_FIXNUM_P(self) && SP_FIXNUM_P(b)) return SP_BOOL(self == b);
    if (sp_numeric_p(b)) return SP_BOOL(sp_num_equal(self, b));
    if (SP_SPECIAL_CONST_P(b)) return SP_FALSE;
    return SP_BOOL(SP_RTEST(sp_funcall1(b, "==", self)));
}

SP_METHOD(int_eql)
{
    sp_value b = ARG0;
    if (!sp_integer_p(b)) return SP_FALSE;
    return SP_BOOL(sp_int_cmp(self, b) == 0);
}

SP_METHOD(int_hash)
{
    return SP_FIX((int64_t)(sp_num_hash(self) >> 2));
}

SP_METHOD(int_cmp)
{
    sp_value b = ARG0;
    if (sp_numeric_p(b)) return sp_num_cmp(self, b);
    return sp_num_coerce_cmp(self, b);
}

#define DEF_INT_REL(name, op, opstr) \
SP_METHOD(name) \
{ \
    sp_value b = ARG0; \
    if (SP_FIXNUM_P(self) && SP_FIXNUM_P(b)) return SP_BOOL(SP_FIX2LONG(self) op SP_FIX2LONG(b)); \
    if (!sp_numeric_p(b)) return sp_num_coerce_relop(self, b, opstr); \
    sp_value c = sp_num_cmp(self, b); \
    if (c == SP_NIL) return SP_FALSE; \
    return SP_BOOL(SP_FIX2LONG(c) op 0); \
}
DEF_INT_REL(int_lt, <, "<")
DEF_INT_REL(int_le, <=, "<=")
DEF_INT_REL(int_gt, >, ">")
DEF_INT_REL(int_ge, >=, ">=")

SP_METHOD(int_to_s_m)
{
    int base = argc > 0 ? (int)sp_num_to_long(argv[0]) : 10;
    return sp_int_to_s(self, base);
}

SP_METHOD(int_to_i) { return self; }
SP_METHOD(int_to_f) { return sp_float_new(int_to_double(self)); }

SP_METHOD(int_chr)
{
    if (!SP_FIXNUM_P(self)) sp_raise(sp_eRangeError, "bignum out of char range");
    int64_t n = SP_FIX2LONG(self);
    if (argc == 0 && n > 255) {
        /* past a byte, the character is in default_internal (CRuby's int_chr) */
        sp_value dint = sp_enc_default_internal();
        if (dint != SP_NIL) return sp_funcall1(self, "chr", dint);
    }
    int utf8 = argc > 0, ascii = 0, other = 0;
    if (utf8) {
        /* pick by the encoding's name: binary, US-ASCII, UTF-8, or another
         * (Unicode code points: the UTF-8 character transcoded) */
        const char *en = sp_str_cstr(sp_to_s(argv[0]));
        if (!strcasecmp(en, "ASCII-8BIT") || !strcasecmp(en, "BINARY")) utf8 = 0;
        else if (!strcasecmp(en, "US-ASCII") || !strcasecmp(en, "ASCII")) ascii = 1;
        else if (strcasecmp(en, "UTF-8") && strcasecmp(en, "UTF8")) other = 1;
        if (other && (!strcasecmp(en, "ISO-8859-1") || !strcasecmp(en, "ISO8859-1")) && n > 255)
            sp_raise(sp_eRangeError, "%lld out of char range", (long long)n);
    }
    if (!utf8 && (n < 0 || n > 255)) sp_raise(sp_eRangeError, "%lld out of char range", (long long)n);
    if (!utf8) {
        char c = (char)n;
        sp_value s = sp_str_new(&c, 1);
        if (n > 127) sp_str_set_binary(s);
        else if (argc == 0) sp_str_src_enc(s, 2);   /* CRuby: a US-ASCII String */
        return s;
    }
    if (n > 0xffffffffLL) sp_raise(sp_eRangeError, "bignum out of char range");
    if (n < 0 || n > 0x10ffff || (ascii && n > 127))
        sp_raise(sp_eRangeError, "%lld out of char range", (long long)n);
    if (n >= 0xd800 && n <= 0xdfff) sp_raise(sp_eRangeError, "invalid codepoint 0x%llX in UTF-8", (long long)n);
    char buf[4];
    int len = sp_utf8_encode((uint32_t)n, buf);
    sp_value s = sp_str_new(buf, (size_t)len);
    if (ascii) sp_str_src_enc(s, 2);
    if (other) s = sp_funcall1(s, "encode", argv[0]);
    return s;
}

SP_METHOD(int_ord) { return self; }

SP_METHOD(int_times)
{
    SP_RETURN_ENUM(self, "times", argc_, argv);
    if (SP_FIXNUM_P(self)) {
        int64_t n = SP_FIX2LONG(self);
        for (int64_t i = 0; i < n; i++) sp_yield1(blk, SP_FIX(i));
        return self;
    }
    for (sp_value i = SP_FIX(0); sp_int_cmp(i, self) < 0; i = sp_int_plus(i, SP_FIX(1))) sp_yield1(blk, i);
    return self;
}

SP_METHOD(int_upto)
{
    SP_RETURN_ENUM(self, "upto", argc_, argv);
    sp_value lim = ARG0;
    if (SP_FIXNUM_P(self) && SP_FIXNUM_P(lim)) {
        int64_t e = SP_FIX2LONG(lim);
        for (int64_t i = SP_FIX2LONG(self); i <= e; i++) sp_yield1(blk, SP_FIX(i));
        return self;
    }
    if (sp_float_p(lim)) {
        double e = sp_flo(lim);
        for (sp_value i = self; int_to_double(i) <= e; i = sp_int_plus(i, SP_FIX(1))) sp_yield1(blk, i);
        return self;
    }
    if (!sp_integer_p(lim)) sp_num_cmp_fail(self, lim);
    for (sp_value i = self; sp_int_cmp(i, lim) <= 0; i = sp_int_plus(i, SP_FIX(1))) sp_yield1(blk, i);
    return self;
}

SP_METHOD(int_downto)
{
    SP_RETURN_ENUM(self, "downto", argc_, argv);
    sp_value lim = ARG0;
    if (SP_FIXNUM_P(self) && SP_FIXNUM_P(lim)) {
        int64_t e = SP_FIX2LONG(lim);
        for (int64_t i = SP_FIX2LONG(self); i >= e; i--) sp_yield1(blk, SP_FIX(i));
        return self;
    }
    if (!sp_numeric_p(lim)) sp_num_cmp_fail(self, lim);
    for (sp_value i = self; SP_FIX2LONG(sp_num_cmp(i, lim)) >= 0; i = sp_int_minus(i, SP_FIX(1))) sp_yield1(blk, i);
    return self;
}

/* How many times a Float step yields (CRuby's ruby_float_step_size): a
 * double, Infinity for an unbounded or zero step, NaN when the distance is
 * Infinity - Infinity (then nothing is yielded and #size raises). */
double sp_float_step_size(double beg, double end, double unit, int excl)
{
    double n = (end - beg) / unit;
    double err = (fabs(beg) + fabs(end) + fabs(end - beg)) / fabs(unit) * DBL_EPSILON;
    if (unit == 0) return HUGE_VAL;
    if (isinf(unit)) return unit > 0 ? (beg <= end) : (beg >= end);
    if (err > 0.5) err = 0.5;
    if (excl) {
        if (n <= 0) return 0;
        if (n < 1) n = 0;
        else n = floor(n - err);
        double d = +((n + 1) * unit) + beg;
        if (beg < end) { if (d < end) n++; }
        else if (beg > end) { if (d > end) n++; }
        return n + 1;   /* n counted the steps after beg */
    }
    if (n < 0) return 0;
    n = floor(n + err);
    return n + 1;
}

/* A Float step count as #size answers it: Infinity stays a Float, NaN
 * raises FloatDomainError (CRuby's arith_seq_size) */
sp_value sp_float_step_count(double n)
{
    if (isinf(n)) return sp_float_new(n);
    return sp_int_from_double(n);
}

/* CRuby's ruby_float_step: an infinite step yields beg once (i * unit + beg
 * would be NaN), a zero step yields beg for ever */
void sp_float_step(double beg, double end, double unit, int excl, sp_value blk)
{
    double n = sp_float_step_size(beg, end, unit, excl);
    if (isinf(unit)) {
        if (n) sp_yield1(blk, sp_float_new(beg));
        return;
    }
    if (unit == 0) {
        for (;;) sp_yield1(blk, sp_float_new(beg));
    }
    for (long i = 0; i < n; i++) {
        double d = i * unit + beg;
        if (unit >= 0 ? end < d : d < end) d = end;
        sp_yield1(blk, sp_float_new(d));
    }
}

/* Numeric#step(limit = nil, step = 1) / step(by:, to:).  Arguments are
 * checked (CRuby's errors) before an ArithmeticSequence is returned. */
SP_METHOD(num_step)
{
    int n = argc;
    sp_value lim = SP_NIL, st = SP_FIX(1);
    sp_value by = SP_UNDEF, to = SP_UNDEF;
    if (argc_ & SP_ARGC_KW) {
        sp_value kw = argv[n - 1];
        n--;
        by = sp_hash_lookup(kw, sp_sym("by"), SP_UNDEF);
        to = sp_hash_lookup(kw, sp_sym("to"), SP_UNDEF);
        long known = (by != SP_UNDEF) + (to != SP_UNDEF);
        if (sp_hash_size(kw) > known) {
            sp_value keys = sp_funcall0(kw, "keys");
            for (long i = 0; i < sp_ary_len(keys); i++) {
                sp_value k = sp_ary_entry(keys, i);
                if (k != sp_sym("by") && k != sp_sym("to"))
                    sp_raise(sp_eArgError, "unknown keyword: %s", sp_str_cstr(sp_inspect(k)));
            }
        }
        if (by != SP_UNDEF) st = by;
        if (to != SP_UNDEF) lim = to;
    }
    if (n > 2) sp_raise_arity(n, 0, 2);
    if (n > 0) { if (to != SP_UNDEF) sp_raise(sp_eArgError, "to is given twice"); lim = argv[0]; }
    if (n > 1) { if (by != SP_UNDEF) sp_raise(sp_eArgError, "step is given twice"); st = argv[1]; }
    if (st == SP_NIL) st = SP_FIX(1);
    if (st == SP_FIX(0) || (sp_float_p(st) && sp_flo(st) == 0.0)) sp_raise(sp_eArgError, "step can't be 0");
    if (blk == SP_NIL) {
        /* a step or limit that is no Numeric makes a plain Enumerator of
         * step(limit, step), whose #size raises (CRuby's num_step) */
        if (!sp_obj_is_kind_of(st, sp_cNumeric) || (lim != SP_NIL && !sp_obj_is_kind_of(lim, sp_cNumeric))) {
            sp_value a2[2] = { lim, st };
            return sp_enum_new(self, "step", 2, a2);
        }
        if (n > 1 && argv[1] == SP_NIL) {
            sp_value a2[2] = { argv[0], SP_FIX(1) };
            return sp_arith_seq_new(self, "step", 2, a2);
        }
        return sp_arith_seq_new(self, "step", argc_, argv);
    }
    if (!sp_numeric_p(st) && !sp_rational_p(st))
        sp_raise(sp_eArgError, "comparison of %s with 0 failed", sp_obj_classname(st));
    if (sp_float_p(self) || sp_float_p(lim) || sp_float_p(st)) {
        double b = sp_num_to_double(self), s = sp_num_to_double(st);
        double e = lim == SP_NIL ? (s < 0 ? -HUGE_VAL : HUGE_VAL) : sp_num_to_double(lim);
        sp_float_step(b, e, s, 0, blk);
        return self;
    }
    if (!sp_integer_p(self) || !sp_integer_p(st) || (lim != SP_NIL && !sp_integer_p(lim))) {
        /* Rationals or other Numerics: generic +, >/< */
        int desc = SP_RTEST(sp_funcall1(st, "<", SP_FIX(0)));
        for (sp_value i = self;; i = sp_funcall1(i, "+", st)) {
            if (lim != SP_NIL && SP_RTEST(sp_funcall1(i, desc ? "<" : ">", lim))) break;
            sp_yield1(blk, i);
        }
        return self;
    }
    int desc = sp_int_cmp(st, SP_FIX(0)) < 0;
    for (sp_value i = self;; i = sp_int_plus(i, st)) {
        if (lim != SP_NIL) {
            int c = sp_int_cmp(i, lim);
            if (desc ? c < 0 : c > 0) break;
        }
        sp_yield1(blk, i);
    }
    return self;
}

SP_METHOD(int_succ) { return sp_int_plus(self, SP_FIX(1)); }
SP_METHOD(int_pred) { return sp_int_minus(self, SP_FIX(1)); }

SP_METHOD(int_even)
{
    if (SP_FIXNUM_P(self)) return SP_BOOL((SP_FIX2LONG(self) & 1) == 0);
    return SP_BOOL(mpz_even_p(BIG(self)));
}
SP_METHOD(int_odd)
{
    return SP_BOOL(!SP_RTEST(int_even(self, 0, NULL, SP_NIL)));
}
static int int_sign(sp_value v) { return SP_FIXNUM_P(v) ? (SP_FIX2LONG(v) > 0) - (SP_FIX2LONG(v) < 0) : mpz_sgn(BIG(v)); }
SP_METHOD(int_zero) { return SP_BOOL(self == SP_FIX(0)); }
SP_METHOD(int_positive) { return SP_BOOL(int_sign(self) > 0); }
SP_METHOD(int_negative) { return SP_BOOL(int_sign(self) < 0); }
SP_METHOD(int_nonzero) { return self == SP_FIX(0) ? SP_NIL : self; }
SP_METHOD(ret_true) { return SP_TRUE; }
SP_METHOD(ret_false) { return SP_FALSE; }
SP_METHOD(ret_nil) { return SP_NIL; }
SP_METHOD(ret_self) { return self; }

/* Bit operations: fixnums directly, bignums through GMP (two's complement
 * semantics match Ruby's). */
/* x op y for a y that is no Integer (CRuby's bit_coerce): y.coerce(x)
 * must give an Integer y', then x' op y' is sent; else TypeError */
static sp_value int_bit_coerce(sp_value x, sp_value y, const char *op)
{
    sp_value a, b;
    if (!num_do_coerce(x, y, 0, &a, &b)) sp_num_coerce_fail(y, sp_obj_classname(x));
    if (!sp_integer_p(b)) sp_num_coerce_fail(b, sp_obj_classname(x));
    return sp_funcall1(a, op, b);
}

#define DEF_BITOP(name, op, mpzfn) \
SP_METHOD(name) \
{ \
    sp_value b = ARG0; \
    if (SP_FIXNUM_P(self) && SP_FIXNUM_P(b)) return SP_FIX(SP_FIX2LONG(self) op SP_FIX2LONG(b)); \
    if (!sp_integer_p(b)) return int_bit_coerce(self, b, #op); \
    mpz_t x, y; mpz_init(x); mpz_init(y); \
    sp_int_to_mpz(self, x); sp_int_to_mpz(b, y); \
    mpzfn(x, x, y); \
    return sp_big_from_mpz(x); \
}
DEF_BITOP(int_and, &, mpz_and)
DEF_BITOP(int_or, |, mpz_ior)
DEF_BITOP(int_xor, ^, mpz_xor)

SP_METHOD(int_not)
{
    if (SP_FIXNUM_P(self)) return SP_FIX(~SP_FIX2LONG(self));
    mpz_t x; mpz_init(x); mpz_com(x, BIG(self));
    return sp_big_from_mpz(x);
}

static sp_value int_shift(sp_value self, int64_t n)
{
    if (n == 0) return self;
    if (SP_FIXNUM_P(self) && n < 0) {
        int64_t x = SP_FIX2LONG(self);
        if (n <= -63) return SP_FIX(x < 0 ? -1 : 0);
        return SP_FIX(x >> (-n));
    }
    if (SP_FIXNUM_P(self) && n > 0 && n < 62) {
        int64_t x = SP_FIX2LONG(self);
        int64_t r = (int64_t)((uint64_t)x << n);
        if ((r >> n) == x && SP_FIXABLE(r)) return SP_FIX(r);
    }
    if (self == SP_FIX(0)) return self;   /* 0 shifted any width */
    mpz_t x; mpz_init(x);
    sp_int_to_mpz(self, x);
    if (n > 0) {
        if (n > (int64_t)1 << 32) sp_raise(sp_eRangeError, "shift width too big");
        mpz_mul_2exp(x, x, (mp_bitcnt_t)n);
    } else mpz_fdiv_q_2exp(x, x, (mp_bitcnt_t)(-n));
    return sp_big_from_mpz(x);
}

/* A shift count or bit mask converts implicitly (rb_to_int): Float#to_int
 * truncates, other objects need a to_int giving an Integer, else
 * "no implicit conversion". */
static sp_value int_implicit(sp_value v)
{
    if (sp_integer_p(v)) return v;
    if (sp_float_p(v)) return sp_funcall0(v, "to_int");
    if (!SP_SPECIAL_CONST_P(v) && sp_respond_to(v, sp_intern("to_int"), 1)) {
        sp_value r = sp_funcall0(v, "to_int");
        if (sp_integer_p(r)) return r;
        sp_raise_convert_gives(v, "Integer", "to_int", r);
    }
    sp_raise_type(v, "Integer");
    return SP_NIL;
}

SP_METHOD(int_lshift)
{
    sp_value cnt = int_implicit(ARG0);
    argv = &cnt;
    if (!SP_FIXNUM_P(ARG0)) {
        if (mpz_sgn(BIG(ARG0)) < 0) return SP_FIX(int_sign(self) < 0 ? -1 : 0);
        if (self == SP_FIX(0)) return self;
        sp_raise(sp_eRangeError, "shift width too big");
    }
    return int_shift(self, SP_FIX2LONG(ARG0));
}
SP_METHOD(int_rshift)
{
    sp_value cnt = int_implicit(ARG0);
    argv = &cnt;
    if (!SP_FIXNUM_P(ARG0)) {
        if (mpz_sgn(BIG(ARG0)) < 0 && self != SP_FIX(0)) sp_raise(sp_eRangeError, "shift width too big");
        return SP_FIX(int_sign(self) < 0 ? -1 : 0);
    }
    return int_shift(self, -SP_FIX2LONG(ARG0));
}

static int64_t aref_index(sp_value v)
{
    if (v == SP_NIL) sp_raise(sp_eTypeError, "no implicit conversion of nil into Integer");
    if (sp_str_p(v)) sp_raise_type(v, "Integer");
    if (sp_float_p(v) && !isfinite(sp_flo(v))) sp_int_from_double(sp_flo(v));   /* FloatDomainError */
    return sp_num_to_long(v);
}
/* (self >> beg) & (2**len - 1); a negative len keeps every bit. */
static sp_value int_bits(sp_value self, int64_t beg, int64_t len)
{
    sp_value x = int_shift(self, -beg);
    if (len < 0) return x;
    mpz_t z, m; mpz_init(z); mpz_init(m);
    sp_int_to_mpz(x, z);
    mpz_fdiv_r_2exp(z, z, (mp_bitcnt_t)len);     /* two's complement low bits */
    return sp_big_from_mpz(z);
}
/* Integer#[]: i, (i, len) or a range of bit positions (Ruby 3.4). */
SP_METHOD(int_aref)
{
    if (argc == 2) return int_bits(self, aref_index(argv[0]), aref_index(argv[1]));
    sp_value a = ARG0;
    if (sp_range_p(a)) {
        sp_range *r = SP_RANGE(a);
        if (r->beg == SP_NIL) {
            if (r->end == SP_NIL) return self;
            int64_t e = aref_index(r->end) + (r->excl ? 0 : 1);
            if (e <= 0) return SP_FIX(0);
            if (int_sign(int_bits(self, 0, e)) != 0)
                sp_raise(sp_eArgError, "The beginless range for Integer#[] results in infinity");
            return SP_FIX(0);
        }
        int64_t b = aref_index(r->beg);
        if (r->end == SP_NIL) return int_shift(self, -b);
        int64_t e = aref_index(r->end);
        if (e < b) return int_shift(self, -b);   /* an end before the start keeps every bit */
        e += r->excl ? 0 : 1;
        return int_bits(self, b, e - b);
    }
    if (!SP_FIXNUM_P(a)) a = int_implicit(a);   /* to_int, Float#to_int: maybe a Bignum */
    if (sp_bignum_p(a)) return SP_FIX(mpz_sgn(BIG(a)) > 0 && int_sign(self) < 0 ? 1 : 0);
    int64_t i = aref_index(a);
    if (i < 0) return SP_FIX(0);
    if (SP_FIXNUM_P(self)) {
        int64_t x = SP_FIX2LONG(self);
        if (i >= 63) return SP_FIX(x < 0 ? 1 : 0);
        return SP_FIX((x >> i) & 1);
    }
    return SP_FIX(mpz_tstbit(BIG(self), (mp_bitcnt_t)i));
}

SP_METHOD(int_bit_length)
{
    if (SP_FIXNUM_P(self)) {
        int64_t x = SP_FIX2LONG(self);
        if (x < 0) x = ~x;
        return SP_FIX(x == 0 ? 0 : 64 - __builtin_clzll((uint64_t)x));
    }
    mpz_t x; mpz_init(x);
    if (mpz_sgn(BIG(self)) < 0) mpz_com(x, BIG(self)); else mpz_set(x, BIG(self));
    return SP_FIX((int64_t)mpz_sizeinbase(x, 2));
}

SP_METHOD(int_size)
{
    if (SP_FIXNUM_P(self)) return SP_FIX(8);
    /* a Bignum: the bytes of its absolute value (CRuby's rb_absint_size) */
    return SP_FIX((int64_t)((mpz_sizeinbase(BIG(self), 2) + 7) / 8));
}

/* gcd/lcm: CRuby's message for a non-Integer argument. */
static void need_int_gcd(sp_value v)
{
    if (!sp_integer_p(v)) sp_raise(sp_eTypeError, "not an integer");
}

SP_METHOD(int_gcd)
{
    need_int_gcd(ARG0);
    mpz_t x, y; mpz_init(x); mpz_init(y);
    sp_int_to_mpz(self, x); sp_int_to_mpz(ARG0, y);
    mpz_gcd(x, x, y);
    return sp_big_from_mpz(x);
}
SP_METHOD(int_lcm)
{
    need_int_gcd(ARG0);
    mpz_t x, y; mpz_init(x); mpz_init(y);
    sp_int_to_mpz(self, x); sp_int_to_mpz(ARG0, y);
    mpz_lcm(x, x, y);
    return sp_big_from_mpz(x);
}

SP_METHOD(int_abs2) { return sp_int_mul(self, self); }

SP_METHOD(int_gcdlcm)
{
    sp_value v[2] = { int_gcd(self, 1, argv, blk), int_lcm(self, 1, argv, blk) };
    return sp_ary_new_from(2, v);
}

SP_METHOD(int_ceildiv)
{
    /* -(-a).div(b) */
    if (sp_integer_p(ARG0)) return sp_int_minus(SP_FIX(0), sp_int_div(sp_int_minus(SP_FIX(0), self), ARG0));
    /* other Numerics: -div(0 - other), as CRuby's numeric.rb */
    return sp_funcall0(sp_funcall1(self, "div", sp_funcall1(SP_FIX(0), "-", ARG0)), "-@");
}

SP_METHOD(int_pow_m)
{
    if (argc == 1) return sp_int_pow(self, argv[0]);
    if (!sp_integer_p(argv[0]))
        sp_raise(sp_eTypeError, "Integer#pow() 2nd argument not allowed unless a 1st argument is integer");
    if (!sp_integer_p(argv[1]))
        sp_raise(sp_eTypeError, "Integer#pow() 2nd argument not allowed unless all arguments are integers");
    mpz_t b, e, m; mpz_init(b); mpz_init(e); mpz_init(m);
    sp_int_to_mpz(self, b); sp_int_to_mpz(argv[0], e); sp_int_to_mpz(argv[1], m);
    if (mpz_sgn(e) < 0) sp_raise(sp_eRangeError, "Integer#pow() 1st argument cannot be negative when 2nd argument specified");
    if (mpz_sgn(m) == 0) sp_zerodiv();
    int neg = mpz_sgn(m) < 0;
    mpz_abs(m, m);
    mpz_powm(b, b, e, m);
    if (neg && mpz_sgn(b) != 0) mpz_sub(b, b, m);
    return sp_big_from_mpz(b);
}

SP_METHOD(int_digits)
{
    sp_value base = argc > 0 ? int_implicit(argv[0]) : SP_FIX(10);
    if (int_sign(base) < 0) sp_raise(sp_eArgError, "negative radix");
    if (base == SP_FIX(0) || base == SP_FIX(1)) sp_raise(sp_eArgError, "invalid radix %lld", (long long)SP_FIX2LONG(base));
    if (int_sign(self) < 0) sp_raise(sp_eMathDomainError, "out of domain");
    sp_value ary = sp_ary_new();
    if (SP_FIXNUM_P(self) && SP_FIXNUM_P(base)) {
        int64_t x = SP_FIX2LONG(self), b = SP_FIX2LONG(base);
        do { sp_ary_push(ary, SP_FIX(x % b)); x /= b; } while (x > 0);
        return ary;
    }
    sp_value x = self;
    do { sp_ary_push(ary, sp_int_mod(x, base)); x = sp_int_div(x, base); } while (int_sign(x) > 0);
    return ary;
}

/* 10**n as an Integer */
static sp_value int_pow10(long n) { return int_pow_mpz(SP_FIX(10), (unsigned long)n); }

enum { RND_FLOOR, RND_CEIL, RND_TRUNC, RND_HALF_UP, RND_HALF_EVEN, RND_HALF_DOWN };

static int round_mode(int argc_, const sp_value *argv)
{
    if (!(argc_ & SP_ARGC_KW)) return RND_HALF_UP;
    sp_value kw = argv[SP_ARGC(argc_) - 1];
    sp_value h = sp_hash_lookup(kw, sp_sym("half"), SP_NIL);
    if (h == SP_NIL) return RND_HALF_UP;
    /* CRuby: a Symbol or String, compared case-insensitively */
    if (SP_SYMBOL_P(h) || sp_str_p(h)) {
        const char *m = sp_str_cstr(sp_to_s(h));
        if (!strcasecmp(m, "up")) return RND_HALF_UP;
        if (!strcasecmp(m, "even")) return RND_HALF_EVEN;
        if (!strcasecmp(m, "down")) return RND_HALF_DOWN;
    }
    sp_raise(sp_eArgError, "invalid rounding mode: %s", sp_str_cstr(sp_to_s(h)));
}

/* Round an Integer to 10**(-ndigits) (ndigits < 0). */
static sp_value int_round_digits(sp_value self, long ndigits, int mode)
{
    if (ndigits >= 0) return self;
    if (mode != RND_FLOOR && mode != RND_CEIL) {
        /* CRuby's int_round_zero_p: 10**-ndigits / 2 beyond self rounds and
         * truncates to 0 without computing the power (log_256(10) >
         * 0.415241, log_256(1/2) = -0.125) */
        double bytes = SP_FIXNUM_P(self) ? 8 : (double)((mpz_sizeinbase(BIG(self), 2) + 7) / 8);
        if (-0.415241 * (double)ndigits - 0.125 > bytes) return SP_FIX(0);
    }
    sp_value p = int_pow10(-ndigits);
    mpz_t x, pp, q, r; mpz_init(x); mpz_init(pp); mpz_init(q); mpz_init(r);
    sp_int_to_mpz(self, x); sp_int_to_mpz(p, pp);
    switch (mode) {
    case RND_FLOOR: mpz_fdiv_q(q, x, pp); break;
    case RND_CEIL: mpz_cdiv_q(q, x, pp); break;
    case RND_TRUNC: mpz_tdiv_q(q, x, pp); break;
    default: {
        int neg = mpz_sgn(x) < 0;
        mpz_abs(x, x);
        mpz_fdiv_qr(q, r, x, pp);
        mpz_mul_2exp(r, r, 1);
        int c = mpz_cmp(r, pp);
        if (c > 0 || (c == 0 && (mode == RND_HALF_UP || (mode == RND_HALF_EVEN && mpz_odd_p(q)))))
            mpz_add_ui(q, q, 1);
        if (neg) mpz_neg(q, q);
    }
    }
    mpz_mul(q, q, pp);
    return sp_big_from_mpz(q);
}

/* the digits argument is a C int in CRuby (NUM2INT): RangeError past it */
static long ndigits_arg(int argc_, const sp_value *argv)
{
    int n = SP_ARGC(argc_) - ((argc_ & SP_ARGC_KW) ? 1 : 0);
    if (n == 0) return 0;
    int64_t d = sp_num_to_long(argv[0]);
    if (d > INT_MAX) sp_raise(sp_eRangeError, "integer %lld too big to convert to 'int'", (long long)d);
    if (d < INT_MIN) sp_raise(sp_eRangeError, "integer %lld too small to convert to 'int'", (long long)d);
    return (long)d;
}

SP_METHOD(int_round)
{ return int_round_digits(self, ndigits_arg(argc_, argv), round_mode(argc_, argv)); }
SP_METHOD(int_floor)
{ return int_round_digits(self, ndigits_arg(argc_, argv), RND_FLOOR); }
SP_METHOD(int_ceil)
{ return int_round_digits(self, ndigits_arg(argc_, argv), RND_CEIL); }
SP_METHOD(int_truncate)
{ return int_round_digits(self, ndigits_arg(argc_, argv), RND_TRUNC); }

SP_METHOD_DECL(k_Float);

/* [other, self], both through Kernel#Float unless other is an Integer
 * (CRuby's rb_int_coerce: a String parses, other objects answer to_f) */
SP_METHOD(int_coerce)
{
    sp_value b = ARG0;
    if (sp_integer_p(b)) { sp_value pr[2] = { b, self }; return sp_ary_new_from(2, pr); }
    sp_value x = sp_float_new(int_to_double(self));
    sp_value pr[2] = { k_Float(SP_NIL, 1, &b, SP_NIL), x };
    return sp_ary_new_from(2, pr);
}

SP_METHOD(int_s_sqrt)
{
    sp_value n = ARG0;
    if (sp_float_p(n)) n = sp_int_from_double(sp_flo(n));
    if (!sp_integer_p(n)) {
        if (!SP_SPECIAL_CONST_P(n) && !sp_str_p(n) && sp_respond_to(n, sp_intern("to_int"), 1))
            n = sp_funcall0(n, "to_int");
        if (!sp_integer_p(n)) sp_raise_type(n, "Integer");
    }
    if (int_sign(n) < 0) sp_raise(sp_eMathDomainError, "Numerical argument is out of domain - \"isqrt\"");
    mpz_t x; mpz_init(x); sp_int_to_mpz(n, x);
    mpz_sqrt(x, x);
    return sp_big_from_mpz(x);
}

SP_METHOD(int_allbits)
{ sp_value m = int_implicit(ARG0); return SP_BOOL(sp_int_cmp(int_and(self, 1, &m, SP_NIL), m) == 0); }
SP_METHOD(int_anybits)
{ sp_value m = int_implicit(ARG0); return SP_BOOL(int_and(self, 1, &m, SP_NIL) != SP_FIX(0)); }
SP_METHOD(int_nobits)
{ sp_value m = int_implicit(ARG0); return SP_BOOL(int_and(self, 1, &m, SP_NIL) == SP_FIX(0)); }

/* ------------------------------------------------------------------ */
/* Float methods                                                       */

static double flo_arg(sp_value self, sp_value b, const char *op, int *ok)
{
    *ok = 1;
    if (sp_float_p(b)) return sp_flo(b);
    if (SP_FIXNUM_P(b)) return (double)SP_FIX2LONG(b);
    if (sp_bignum_p(b)) return big_to_double(b);
    *ok = 0;
    return 0;
}

#define DEF_FLO_BIN(name, expr, opstr) \
SP_METHOD(name) \
{ \
    int ok; double x = sp_flo(self), y = flo_arg(self, ARG0, opstr, &ok); \
    if (!ok) return sp_num_coerce_bin(self, ARG0, opstr); \
    return sp_float_new(expr); \
}
DEF_FLO_BIN(flo_plus, x + y, "+")
DEF_FLO_BIN(flo_minus, x - y, "-")
DEF_FLO_BIN(flo_mul, x * y, "*")
DEF_FLO_BIN(flo_div, x / y, "/")
DEF_FLO_BIN(flo_modm, flo_mod(x, y), "%")
sp_value sp_float_pow(double x, double y)
{
    if (x < 0 && y != round(y)) return sp_complex_polar_pi(pow(-x, y), y);
    return sp_float_new(pow(x, y));
}

SP_METHOD(flo_pow)
{
    int ok; double x = sp_flo(self), y = flo_arg(self, ARG0, "**", &ok);
    if (!ok) return sp_num_coerce_bin(self, ARG0, "**");
    return sp_float_pow(x, y);
}
DEF_FLO_BIN(flo_fdiv, x / y, "fdiv")

SP_METHOD(flo_remainder)
{
    int ok; double x = sp_flo(self), y = flo_arg(self, ARG0, "remainder", &ok);
    if (!ok) return sp_num_coerce_bin(self, ARG0, "remainder");
    if (y == 0.0) sp_zerodiv();
    if (isinf(y) && !isinf(x)) return self;
    return sp_float_new(fmod(x, y));
}

SP_METHOD(flo_uminus) { return sp_float_new(-sp_flo(self)); }
SP_METHOD(flo_abs) { return sp_float_new(fabs(sp_flo(self))); }

SP_METHOD(flo_divmod_m)
{
    int ok; double x = sp_flo(self), y = flo_arg(self, ARG0, "divmod", &ok), d, m;
    if (!ok) return sp_num_coerce_bin(self, ARG0, "divmod");
    flo_divmod(x, y, &d, &m);
    sp_value pr[2] = { sp_int_from_double(d), sp_float_new(m) };
    return sp_ary_new_from(2, pr);
}

SP_METHOD(flo_idiv)
{
    int ok; double x = sp_flo(self), y = flo_arg(self, ARG0, "div", &ok);
    if (!ok) return sp_num_coerce_bin(self, ARG0, "div");
    if (y == 0.0) sp_zerodiv();
    return sp_int_from_double(floor(x / y));
}

SP_METHOD(flo_eq)
{
    sp_value b = ARG0;
    if (sp_numeric_p(b)) return SP_BOOL(sp_num_equal(self, b));
    if (SP_SPECIAL_CONST_P(b)) return SP_FALSE;
    return SP_BOOL(SP_RTEST(sp_funcall1(b, "==", self)));
}
SP_METHOD(flo_eql)
{
    sp_value b = ARG0;
    return SP_BOOL(sp_float_p(b) && sp_flo(self) == sp_flo(b));
}
SP_METHOD(flo_hash)
{
    return SP_FIX((int64_t)(sp_num_hash(self) >> 2));
}
SP_METHOD(flo_cmp)
{
    sp_value b = ARG0;
    if (sp_numeric_p(b)) return sp_num_cmp(self, b);
    if (sp_rational_p(b)) {
        double x = sp_flo(self), y = sp_rational_to_double(b);
        if (isnan(x)) return SP_NIL;
        return SP_FIX((x > y) - (x < y));
    }
    /* ±Infinity against an object with #infinite? (Date::Infinity): its
     * sign decides, as CRuby's flo_cmp */
    double x = sp_flo(self);
    if (isinf(x) && !SP_SPECIAL_CONST_P(b) && sp_respond_to(b, sp_intern("infinite?"), 1)) {
        sp_value i = sp_funcall0(b, "infinite?");
        if (i == SP_NIL || i == SP_FALSE) return SP_FIX(x > 0 ? 1 : -1);
        int j = SP_FIXNUM_P(i) ? (SP_FIX2LONG(i) > 0) - (SP_FIX2LONG(i) < 0) : 1;
        return SP_FIX(x > 0 ? (j > 0 ? 0 : 1) : (j < 0 ? 0 : -1));
    }
    /* other Numerics: through coerce; nil when that fails (CRuby) */
    return sp_num_coerce_cmp(self, b);
}

#define DEF_FLO_REL(name, op, opstr) \
SP_METHOD(name) \
{ \
    sp_value b = ARG0; \
    if (sp_float_p(b)) return SP_BOOL(sp_flo(self) op sp_flo(b)); \
    if (!sp_numeric_p(b)) return sp_num_coerce_relop(self, b, opstr); \
    sp_value c = sp_num_cmp(self, b); \
    if (c == SP_NIL) return SP_FALSE; \
    return SP_BOOL(SP_FIX2LONG(c) op 0); \
}
DEF_FLO_REL(flo_lt, <, "<")
DEF_FLO_REL(flo_le, <=, "<=")
DEF_FLO_REL(flo_gt, >, ">")
DEF_FLO_REL(flo_ge, >=, ">=")

SP_METHOD(flo_to_s) { return sp_float_to_s(sp_flo(self)); }
SP_METHOD(flo_to_i) { return sp_int_from_double(sp_flo(self)); }
SP_METHOD(flo_nan) { return SP_BOOL(isnan(sp_flo(self))); }
SP_METHOD(flo_finite) { return SP_BOOL(isfinite(sp_flo(self))); }
SP_METHOD(flo_infinite)
{
    double d = sp_flo(self);
    if (isinf(d)) return SP_FIX(d > 0 ? 1 : -1);
    return SP_NIL;
}
SP_METHOD(flo_zero) { return SP_BOOL(sp_flo(self) == 0.0); }
SP_METHOD(flo_positive) { return SP_BOOL(sp_flo(self) > 0.0); }
SP_METHOD(flo_negative) { return SP_BOOL(sp_flo(self) < 0.0); }
SP_METHOD(flo_nonzero) { return sp_flo(self) == 0.0 ? SP_NIL : self; }

static int float_round_overflow(long ndigits, int binexp)
{
    enum { float_dig = DBL_DIG + 2 };
    return ndigits >= float_dig - (binexp > 0 ? binexp / 4 : binexp / 3 - 1);
}
static int float_round_underflow(long ndigits, int binexp)
{
    return ndigits < -(binexp > 0 ? binexp / 3 + 1 : binexp / 4);
}

static double round_half_up(double x, double s)
{
    double f, xs = x * s;
    f = round(xs);
    if (s == 1.0) return f;
    if (x > 0) { if ((double)((f + 0.5) / s) <= x) f += 1; x = f; }
    else { if ((double)((f - 0.5) / s) >= x) f -= 1; x = f; }
    return x;
}
static double round_half_down(double x, double s)
{
    double f, xs = x * s;
    f = round(xs);
    if (x > 0) { if ((double)((f - 0.5) / s) >= x) f -= 1; x = f; }
    else { if ((double)((f + 0.5) / s) <= x) f += 1; x = f; }
    return x;
}
/* Half to even on x * s, working on the integer and fraction parts of x
 * separately (as CRuby 3.4 does) so a product that is a hair below the
 * tie still counts as one: -0.78275.round(4, half: :even) == -0.7828. */
static double round_half_even(double x, double s)
{
    double u, v = modf(x, &u);
    double us = u * s, vs = v * s, f, d, uf;
    if (x > 0.0) {
        f = floor(vs);
        uf = us + f;
        d = vs - f;
        if (d > 0.5) d = 1.0;
        else if (d == 0.5 || (double)((uf + 0.5) / s) <= x) d = fmod(uf, 2.0);
        else d = 0.0;
        return uf + d;
    }
    if (x < 0.0) {
        f = ceil(vs);
        uf = us + f;
        d = f - vs;
        if (d > 0.5) d = 1.0;
        else if (d == 0.5 || (double)((uf - 0.5) / s) >= x) d = fmod(-uf, 2.0);
        else d = 0.0;
        return uf - d;
    }
    return x;
}

static double round_by_mode(double x, double s, int mode)
{
    switch (mode) {
    case RND_HALF_EVEN: return round_half_even(x, s);
    case RND_HALF_DOWN: return round_half_down(x, s);
    default: return round_half_up(x, s);
    }
}

SP_METHOD(flo_round)
{
    double number = sp_flo(self);
    long nd = ndigits_arg(argc_, argv);
    int mode = round_mode(argc_, argv);
    if (nd > 0) {
        int binexp;
        if (!isfinite(number)) return self;
        if (number == 0.0) return self;
        frexp(number, &binexp);
        if (float_round_overflow(nd, binexp)) return self;
        if (float_round_underflow(nd, binexp)) return sp_float_new(0.0);
        double f = pow(10, (double)nd);
        double x = round_by_mode(number, f, mode);
        return sp_float_new(x / f);
    }
    if (nd == 0) return sp_int_from_double(round_by_mode(number, 1.0, mode));
    /* CRuby truncates to an Integer first: 74.575.round(-1) == 70 */
    return int_round_digits(sp_int_from_double(number), nd, mode);
}

static sp_value flo_floor_ceil(sp_value self, int argc_, const sp_value *argv, int ceil_p)
{
    double number = sp_flo(self);
    long nd = ndigits_arg(argc_, argv);
    if (nd > 0) {
        int binexp;
        if (!isfinite(number) || number == 0.0) return self;
        frexp(number, &binexp);
        if (float_round_overflow(nd, binexp)) return self;
        double f = pow(10, (double)nd);
        double res;
        if (!ceil_p) {
            if (number > 0.0 && float_round_underflow(nd, binexp)) return sp_float_new(0.0);
            double mul = floor(number * f);
            res = (mul + 1) / f;
            if (res > number) res = mul / f;
        } else {
            /* CRuby's ceil has no fix-up: -9.995.ceil(4) == -9.9949 */
            if (number < 0.0 && float_round_underflow(nd, binexp)) return sp_float_new(0.0);
            res = ceil(number * f) / f;
        }
        return sp_float_new(res);
    }
    sp_value i = sp_int_from_double(ceil_p ? ceil(number) : floor(number));
    if (nd < 0) return int_round_digits(i, nd, ceil_p ? RND_CEIL : RND_FLOOR);
    return i;
}
SP_METHOD(flo_floor) { return flo_floor_ceil(self, argc_, argv, 0); }
SP_METHOD(flo_ceil) { return flo_floor_ceil(self, argc_, argv, 1); }
SP_METHOD(flo_truncate)
{
    return sp_flo(self) > 0 ? flo_floor_ceil(self, argc_, argv, 0) : flo_floor_ceil(self, argc_, argv, 1);
}

SP_METHOD(flo_coerce)
{
    sp_value pr[2] = { sp_float_new(sp_num_to_double(ARG0)), self };
    return sp_ary_new_from(2, pr);
}
SP_METHOD(flo_next_float) { return sp_float_new(nextafter(sp_flo(self), HUGE_VAL)); }
SP_METHOD(flo_prev_float) { return sp_float_new(nextafter(sp_flo(self), -HUGE_VAL)); }

/* Numeric's complex-plane views of a real number (Complex itself is not
 * implemented): real/imag, arg (0 or PI), conj, rect, polar. */
static int num_negative_sign(sp_value v)
{
    if (sp_float_p(v)) return signbit(sp_flo(v)) != 0;
    if (sp_integer_p(v)) return int_sign(v) < 0;
    return SP_RTEST(sp_funcall1(v, "<", SP_FIX(0)));
}
SP_METHOD(num_arg)
{
    if (sp_float_p(self) && isnan(sp_flo(self))) return self;
    return num_negative_sign(self) ? sp_float_new(M_PI) : SP_FIX(0);
}
SP_METHOD(num_imag) { return SP_FIX(0); }
SP_METHOD(num_rect)
{
    sp_value pr[2] = { self, SP_FIX(0) };
    return sp_ary_new_from(2, pr);
}
SP_METHOD(num_polar)
{
    sp_value pr[2] = { sp_funcall0(self, "abs"), num_arg(self, 0, NULL, SP_NIL) };
    return sp_ary_new_from(2, pr);
}
SP_METHOD(num_abs2) { return sp_funcall1(self, "*", self); }

SP_METHOD(num_integer_p) { return SP_BOOL(sp_integer_p(self)); }

/* ------------------------------------------------------------------ */
/* Kernel#Integer / Float                                              */

/* the exception: option of the conversion functions (rb_bool_expected) */
int sp_exception_kw(int argc_, const sp_value *argv)
{
    sp_value v = sp_kwarg(argc_, argv, "exception", SP_TRUE);
    if (v != SP_TRUE && v != SP_FALSE)
        sp_raise(sp_eArgError, "expected true or false as exception: %s", sp_str_cstr(sp_inspect(v)));
    return v == SP_TRUE;
}
#define exception_kw sp_exception_kw

static sp_value check_to_int(void *v)
{
    sp_value o = (sp_value)v;
    return sp_respond_to(o, sp_intern("to_int"), 1) ? sp_funcall0(o, "to_int") : SP_NIL;
}
static sp_value check_to_i(void *v)
{
    sp_value o = (sp_value)v;
    return sp_respond_to(o, sp_intern("to_i"), 1) ? sp_funcall0(o, "to_i") : SP_NIL;
}

SP_METHOD(k_Integer)
{
    int exc = exception_kw(argc_, argv);
    int n = argc - ((argc_ & SP_ARGC_KW) ? 1 : 0);
    if (n < 1 || n > 2) sp_raise_arity(n, 1, 2);
    sp_value v = argv[0];
    int base = n > 1 && argv[1] != SP_NIL ? (int)sp_num_to_long(argv[1]) : 0;
    if (n > 1 && argv[1] != SP_NIL && !sp_str_p(v)) {
        sp_value s = sp_try_convert(v, sp_cString, "to_str");
        if (s != SP_NIL) v = s;
    }
    if (sp_str_p(v)) {
        if (base < 0) base = -base;
        if (base == 1 || base > 36) sp_raise(sp_eArgError, "invalid radix %d", base);
        size_t len; const char *p = sp_str_snap(v, &len);
        sp_value r = memchr(p, 0, len) ? SP_UNDEF : sp_cstr_to_inum(p, len, base, 1);
        if (r == SP_UNDEF) {
            if (!exc) return SP_NIL;
            sp_raise(sp_eArgError, "invalid value for Integer(): %s", sp_str_cstr(sp_inspect(v)));
        }
        return r;
    }
    if (n > 1 && argv[1] != SP_NIL) {
        if (!exc) return SP_NIL;
        sp_raise(sp_eArgError, "base specified for non string value");
    }
    if (sp_integer_p(v)) return v;
    if (sp_float_p(v)) {
        double d = sp_flo(v);
        if (!isfinite(d)) { if (!exc) return SP_NIL; }
        return sp_int_from_double(d);
    }
    if (v == SP_NIL) {
        if (!exc) return SP_NIL;
        sp_raise(sp_eTypeError, "can't convert nil into Integer");
    }
    /* rb_convert_to_integer: #to_int (an exception in it is dropped) when
     * it gives an Integer, else a #to_str String, else #to_i */
    sp_value err, r = sp_run_protected(check_to_int, (void *)v, &err);
    if (err == SP_NIL && sp_integer_p(r)) return r;
    sp_value s = sp_try_convert(v, sp_cString, "to_str");
    if (s != SP_NIL) {
        sp_value a[3] = { s, SP_FIX(base), (argc_ & SP_ARGC_KW) ? argv[n] : SP_NIL };
        return k_Integer(self, (argc_ & SP_ARGC_KW) ? 3 | SP_ARGC_KW : 2, a, blk);
    }
    if (!exc) {
        r = sp_run_protected(check_to_i, (void *)v, &err);
        return err == SP_NIL && sp_integer_p(r) ? r : SP_NIL;
    }
    if (!sp_respond_to(v, sp_intern("to_i"), 1))
        sp_raise(sp_eTypeError, "can't convert %s into Integer",
                 v == SP_TRUE ? "true" : v == SP_FALSE ? "false" : sp_obj_classname(v));
    r = sp_funcall0(v, "to_i");
    if (!sp_integer_p(r))
        sp_raise(sp_eTypeError, "can't convert %s to Integer (%s#to_i gives %s)",
                 sp_obj_classname(v), sp_obj_classname(v), sp_obj_classname(r));
    return r;
}

SP_METHOD(k_Float)
{
    int exc = exception_kw(argc_, argv);
    sp_value v = argv[0];
    if (sp_float_p(v)) return v;
    if (sp_integer_p(v)) return sp_float_new(int_to_double(v));
    if (sp_str_p(v)) {
        size_t len; const char *p = sp_str_snap(v, &len);
        double d;
        if (sp_cstr_to_dbl(p, len, 1, &d) == SP_UNDEF || memchr(p, 0, len)) {
            if (!exc) return SP_NIL;
            sp_raise(sp_eArgError, "invalid value for Float(): %s", sp_str_cstr(sp_inspect(v)));
        }
        return sp_float_new(d);
    }
    if (v == SP_NIL) {
        if (!exc) return SP_NIL;
        sp_raise(sp_eTypeError, "can't convert nil into Float");
    }
    if (sp_respond_to(v, sp_intern("to_f"), 1)) {
        sp_value r = sp_funcall0(v, "to_f");
        if (sp_float_p(r)) return r;
        sp_raise_convert_gives(v, "Float", "to_f", r);
    }
    if (!exc) return SP_NIL;
    sp_raise(sp_eTypeError, "can't convert %s into Float",
             v == SP_TRUE ? "true" : v == SP_FALSE ? "false" : sp_obj_classname(v));
}

/* Integer.try_convert(obj): obj if an Integer, obj.to_int if it responds
 * (an Integer or nil, else TypeError), nil otherwise */
SP_METHOD(int_s_try_convert)
{
    sp_value o = argv[0];
    if (sp_integer_p(o)) return o;
    if (!sp_respond_to(o, sp_intern("to_int"), 1)) return SP_NIL;
    sp_value r = sp_funcall0(o, "to_int");
    if (r == SP_NIL || sp_integer_p(r)) return r;
    sp_raise_convert_gives(o, "Integer", "to_int", r);
}

/* Numeric#coerce: [other, self] for the same class, else both as Float
 * (Kernel#Float of each) */
SP_METHOD(num_coerce)
{
    sp_value o = argv[0];
    if (sp_obj_class(o) == sp_obj_class(self)) {
        sp_value v[2] = { o, self };
        return sp_ary_new_from(2, v);
    }
    sp_value v[2] = { k_Float(SP_NIL, 1, &o, SP_NIL), k_Float(SP_NIL, 1, &self, SP_NIL) };
    return sp_ary_new_from(2, v);
}

/* ------------------------------------------------------------------ */

void sp_init_numeric(void)
{
    mp_set_memory_functions(gmp_alloc, gmp_realloc, gmp_free);

    sp_value I = sp_cInteger, F = sp_cFloat, N = sp_cNumeric;
    sp_define_method(I, "+", int_plus, 1);
    sp_define_method(I, "-", int_minus, 1);
    sp_define_method(I, "*", int_mul, 1);
    sp_define_method(I, "/", int_div, 1);
    sp_define_method(I, "%", int_mod, 1);
    sp_define_method(I, "modulo", int_mod, 1);
    sp_define_method(I, "**", int_pow, 1);
    sp_define_method_range(I, "pow", int_pow_m, 1, 2);
    sp_define_method(I, "div", int_idiv, 1);
    sp_define_method(I, "fdiv", int_fdiv, 1);
    sp_define_method(I, "remainder", int_remainder, 1);
    sp_define_method(I, "divmod", int_divmod, 1);
    sp_define_method(I, "-@", int_uminus, 0);
    sp_define_method(I, "+@", ret_self, 0);
    sp_define_method(I, "~", int_not, 0);
    sp_define_method(I, "&", int_and, 1);
    sp_define_method(I, "|", int_or, 1);
    sp_define_method(I, "^", int_xor, 1);
    sp_define_method(I, "<<", int_lshift, 1);
    sp_define_method(I, ">>", int_rshift, 1);
    sp_define_method_range(I, "[]", int_aref, 1, 2);
    sp_define_method(I, "==", int_eq, 1);
    sp_define_method(I, "===", int_eq, 1);
    sp_define_method(I, "eql?", int_eql, 1);
    sp_define_method(I, "hash", int_hash, 0);
    sp_define_method(I, "<=>", int_cmp, 1);
    sp_define_method(I, "<", int_lt, 1);
    sp_define_method(I, "<=", int_le, 1);
    sp_define_method(I, ">", int_gt, 1);
    sp_define_method(I, ">=", int_ge, 1);
    sp_define_method(I, "abs", int_abs, 0);
    sp_define_method(I, "magnitude", int_abs, 0);
    sp_define_method_range(I, "to_s", int_to_s_m, 0, 1);
    sp_define_method_range(I, "inspect", int_to_s_m, 0, 1);
    sp_define_method(I, "to_i", int_to_i, 0);
    sp_define_method(I, "to_int", int_to_i, 0);
    sp_define_method(I, "to_f", int_to_f, 0);
    sp_define_method_range(I, "chr", int_chr, 0, 1);
    sp_define_method(I, "ord", int_ord, 0);
    sp_define_method(I, "times", int_times, 0);
    sp_define_method(I, "upto", int_upto, 1);
    sp_define_method(I, "downto", int_downto, 1);
    sp_define_method(I, "succ", int_succ, 0);
    sp_define_method(I, "next", int_succ, 0);
    sp_define_method(I, "pred", int_pred, 0);
    sp_define_method(I, "even?", int_even, 0);
    sp_define_method(I, "odd?", int_odd, 0);
    sp_define_method(I, "zero?", int_zero, 0);
    sp_define_method(I, "positive?", int_positive, 0);
    sp_define_method(I, "negative?", int_negative, 0);
    sp_define_method(I, "nonzero?", int_nonzero, 0);
    sp_define_method(I, "bit_length", int_bit_length, 0);
    sp_define_method(I, "size", int_size, 0);
    sp_define_method(I, "gcd", int_gcd, 1);
    sp_define_method(I, "lcm", int_lcm, 1);
    sp_define_method(I, "gcdlcm", int_gcdlcm, 1);
    sp_define_method(I, "abs2", int_abs2, 0);
    sp_define_method(I, "ceildiv", int_ceildiv, 1);
    sp_define_method_range(I, "digits", int_digits, 0, 1);
    sp_define_method(I, "round", int_round, -1);
    sp_define_method(I, "floor", int_floor, -1);
    sp_define_method(I, "ceil", int_ceil, -1);
    sp_define_method(I, "truncate", int_truncate, -1);
    sp_define_method(I, "coerce", int_coerce, 1);
    sp_define_method(I, "integer?", ret_true, 0);
    sp_define_method(I, "finite?", ret_true, 0);
    sp_define_method(I, "infinite?", ret_nil, 0);
    sp_define_method(I, "allbits?", int_allbits, 1);
    sp_define_method(I, "anybits?", int_anybits, 1);
    sp_define_method(I, "nobits?", int_nobits, 1);
    sp_define_method(I, "numerator", ret_self, 0);
    sp_define_singleton_method(I, "sqrt", int_s_sqrt, 1);

    sp_define_method(N, "step", num_step, -1);
    sp_define_method(N, "integer?", num_integer_p, 0);
    sp_define_method(N, "real?", ret_true, 0);
    sp_define_method(N, "real", ret_self, 0);
    sp_define_method(N, "imag", num_imag, 0);
    sp_define_method(N, "imaginary", num_imag, 0);
    sp_define_method(N, "arg", num_arg, 0);
    sp_define_method(N, "angle", num_arg, 0);
    sp_define_method(N, "phase", num_arg, 0);
    sp_define_method(N, "conj", ret_self, 0);
    sp_define_method(N, "conjugate", ret_self, 0);
    sp_define_method(N, "rect", num_rect, 0);
    sp_define_method(N, "rectangular", num_rect, 0);
    sp_define_method(N, "polar", num_polar, 0);
    sp_define_method(N, "abs2", num_abs2, 0);

    sp_define_method(F, "+", flo_plus, 1);
    sp_define_method(F, "-", flo_minus, 1);
    sp_define_method(F, "*", flo_mul, 1);
    sp_define_method(F, "/", flo_div, 1);
    sp_define_method(F, "quo", flo_div, 1);
    sp_define_method(F, "fdiv", flo_fdiv, 1);
    sp_define_method(F, "%", flo_modm, 1);
    sp_define_method(F, "modulo", flo_modm, 1);
    sp_define_method(F, "**", flo_pow, 1);
    sp_define_method(F, "divmod", flo_divmod_m, 1);
    sp_define_method(F, "remainder", flo_remainder, 1);
    sp_define_method(F, "div", flo_idiv, 1);
    sp_define_method(F, "-@", flo_uminus, 0);
    sp_define_method(F, "+@", ret_self, 0);
    sp_define_method(F, "abs", flo_abs, 0);
    sp_define_method(F, "magnitude", flo_abs, 0);
    sp_define_method(F, "==", flo_eq, 1);
    sp_define_method(F, "===", flo_eq, 1);
    sp_define_method(F, "eql?", flo_eql, 1);
    sp_define_method(F, "hash", flo_hash, 0);
    sp_define_method(F, "<=>", flo_cmp, 1);
    sp_define_method(F, "<", flo_lt, 1);
    sp_define_method(F, "<=", flo_le, 1);
    sp_define_method(F, ">", flo_gt, 1);
    sp_define_method(F, ">=", flo_ge, 1);
    sp_define_method(F, "to_s", flo_to_s, 0);
    sp_define_method(F, "inspect", flo_to_s, 0);
    sp_define_method(F, "to_i", flo_to_i, 0);
    sp_define_method(F, "to_int", flo_to_i, 0);
    sp_define_method(F, "to_f", ret_self, 0);
    sp_define_method(F, "nan?", flo_nan, 0);
    sp_define_method(F, "finite?", flo_finite, 0);
    sp_define_method(F, "infinite?", flo_infinite, 0);
    sp_define_method(F, "zero?", flo_zero, 0);
    sp_define_method(F, "positive?", flo_positive, 0);
    sp_define_method(F, "negative?", flo_negative, 0);
    sp_define_method(F, "nonzero?", flo_nonzero, 0);
    sp_define_method(F, "round", flo_round, -1);
    sp_define_method(F, "floor", flo_floor, -1);
    sp_define_method(F, "ceil", flo_ceil, -1);
    sp_define_method(F, "truncate", flo_truncate, -1);
    sp_define_method(F, "coerce", flo_coerce, 1);
    sp_define_method(F, "next_float", flo_next_float, 0);
    sp_define_method(F, "prev_float", flo_prev_float, 0);
    sp_define_method(F, "integer?", ret_false, 0);
    sp_define_const(F, "INFINITY", sp_float_new(HUGE_VAL));
    sp_define_const(F, "NAN", sp_float_new(NAN));
    sp_define_const(F, "EPSILON", sp_float_new(DBL_EPSILON));
    sp_define_const(F, "MAX", sp_float_new(DBL_MAX));
    sp_define_const(F, "MIN", sp_float_new(DBL_MIN));
    sp_define_const(F, "DIG", SP_FIX(DBL_DIG));
    sp_define_const(F, "MANT_DIG", SP_FIX(DBL_MANT_DIG));

    sp_init_math();
    sp_init_random();
    sp_define_private_method(sp_mKernel, "Integer", k_Integer, -1);
    sp_define_private_method(sp_mKernel, "Float", k_Float, -1);
    sp_define_method(sp_cNumeric, "coerce", num_coerce, 1);
    sp_init_num_generic();
    sp_define_singleton_method(sp_cInteger, "try_convert", int_s_try_convert, 1);
    sp_init_rational();
}

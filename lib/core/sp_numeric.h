/*
 * sp_numeric.h — Integer (Fixnum + GMP Bignum), Float internals shared by
 * the core-type files.  See sp_numeric.c for representation and costs.
 */
#ifndef SPINEL_NUMERIC_H
#define SPINEL_NUMERIC_H

#include "spinel.h"
#include <gmp.h>

/* Boxed Float: only for doubles that do not fit the flonum encoding
 * (huge/tiny magnitudes, Inf, NaN, -0.0).  Immutable. */
typedef struct sp_float {
    sp_header hdr;
    double d;
} sp_float;

/* Bignum: an immutable GMP integer whose limbs live in the GC heap
 * (mp_set_memory_functions).  Always outside the fixnum range:
 * every operation normalises results that fit back to fixnums. */
typedef struct sp_bignum {
    sp_header hdr;
    mpz_t z;
} sp_bignum;

static inline int sp_float_p(sp_value v)
{
    return SP_FLONUM_P(v) || (SP_HEAP_P(v) && SP_TYPE(v) == SP_T_FLOAT);
}
static inline int sp_bignum_p(sp_value v)
{
    return SP_HEAP_P(v) && SP_TYPE(v) == SP_T_BIGNUM;
}
static inline int sp_integer_p(sp_value v)
{
    return SP_FIXNUM_P(v) || sp_bignum_p(v);
}
static inline int sp_numeric_p(sp_value v)
{
    return sp_integer_p(v) || sp_float_p(v);
}
static inline double sp_flo(sp_value v)   /* v must be a Float */
{
    return SP_FLONUM_P(v) ? sp_flonum_value(v) : ((sp_float *)v)->d;
}

/* Bignum helpers. */
sp_value sp_big_from_mpz(const mpz_t z);   /* normalising constructor */
void     sp_int_to_mpz(sp_value v, mpz_t out);  /* out must be mpz_init'ed */
sp_value sp_int_from_double(double d);     /* FloatDomainError for NaN/Inf */
sp_value sp_int_from_u64(uint64_t n);

/* Integer ops usable from generated code fast paths (slow paths). */
sp_value sp_int_plus(sp_value a, sp_value b);
sp_value sp_int_minus(sp_value a, sp_value b);
sp_value sp_int_mul(sp_value a, sp_value b);
sp_value sp_int_div(sp_value a, sp_value b);
sp_value sp_int_mod(sp_value a, sp_value b);
sp_value sp_int_pow(sp_value a, sp_value b);
int      sp_int_cmp(sp_value a, sp_value b);   /* both Integer */
sp_value sp_int_to_s(sp_value v, int base);
sp_value sp_num_cmp(sp_value a, sp_value b);   /* <=> ; nil when incomparable */
int      sp_num_equal(sp_value a, sp_value b); /* numeric ==, both numeric */
uint64_t sp_num_hash(sp_value v);              /* consistent with eql? */

/* Float formatting (sp_float_fmt.c). */
/* Append CRuby's Float#to_s of d to buf (>= 32 bytes); returns length. */
int sp_float_fmt(double d, char *buf);
sp_value sp_float_to_s(double d);
/* Shortest round-trip digits: writes digits (no dot) to out, sets *decpt
 * (position of the decimal point relative to the digits) and *neg.
 * Returns the digit count.  d must be finite and non-zero. */
int sp_float_shortest(double d, char *out, int *decpt, int *neg);

/* Coercion helpers raising CRuby's TypeError messages. */
SP_NORETURN void sp_num_coerce_fail(sp_value other, const char *into);
SP_NORETURN void sp_num_cmp_fail(sp_value a, sp_value b);
void sp_init_num_generic(void);   /* Numeric's own methods for user subclasses (sp_num_generic.c) */
double sp_to_float(sp_value v);   /* rb_to_float: Numerics only, else "can't convert X into Float" (sp_math.c) */
sp_value sp_num_coerce_bin(sp_value x, sp_value y, const char *op);   /* x op y via y.coerce(x), TypeError */
sp_value sp_num_coerce_cmp(sp_value x, sp_value y);                   /* x <=> y via y.coerce(x), nil */
void sp_num_coerce_pair(sp_value *x, sp_value *y);                    /* (x, y) = y.coerce(x), TypeError */
sp_value sp_num_coerce_relop(sp_value x, sp_value y, const char *op); /* x < y via y.coerce(x), ArgumentError */
SP_NORETURN void sp_zerodiv(void);
/* x ** y of doubles: a Complex for a negative x and a fractional y
 * (Float#**, Integer#**, Rational#**), else a Float */
sp_value sp_float_pow(double x, double y);
/* abs * e^(i*ang*PI) as CRuby's rb_dbl_complex_new_polar_pi (sp_complex.c):
 * exact axes for half and whole turns, a Float when ang is whole */
sp_value sp_complex_polar_pi(double abs, double ang);
/* Numeric argument conversion: Integer/Float accepted, else TypeError
 * "no implicit conversion of X into Integer". */
int64_t sp_arg_long(sp_value v);
double  sp_arg_double(sp_value v);

/* Random (sp_numeric.c): process-wide generator (per-call lock). */
uint64_t sp_rand_u64(sp_value rng);           /* rng: Random or nil (default) */
double   sp_rand_double(sp_value rng);
long     sp_rand_below(sp_value rng, long n);  /* 0 <= r < n */

/* Rational (sp_rational.c): num/den Integers, normalised. */
extern sp_value sp_cRational;
int      sp_rational_p(sp_value v);
sp_value sp_rational_new(sp_value num, sp_value den);  /* ZeroDivisionError for den 0 */
double   sp_rational_to_double(sp_value v);            /* correctly rounded */
void     sp_rational_to_mpq(sp_value v, mpq_t q);      /* Integer or Rational; q mpq_init'ed */
sp_value sp_rational_from_mpq(mpq_t q);                /* always a Rational (q canonical) */
sp_value sp_int_pow_negative(sp_value base, sp_value e); /* Integer ** -n -> Rational */
void     sp_init_rational(void);
void     sp_init_math(void);     /* sp_math.c */
void     sp_init_random(void);   /* sp_random.c */

#endif

/* String -> number parsing shared with sp_string.c.
 * sp_cstr_to_inum: base 2..36 (0 = auto prefix, Integer() rules); strict:
 * whole string must be a number (Integer()), returning SP_UNDEF on
 * failure; lenient: String#to_i (leading junk -> 0). */
sp_value sp_cstr_to_inum(const char *p, size_t len, int base, int strict);
/* strict: Float() rules (SP_UNDEF on failure); lenient: String#to_f. */
sp_value sp_cstr_to_dbl(const char *p, size_t len, int strict, double *out);
/* the exception: keyword of Integer()/Float()/Rational()/Complex(): true
 * when absent, ArgumentError unless true or false */
int sp_exception_kw(int argc_, const sp_value *argv);

/* Float stepping with CRuby's error compensation (Numeric#step,
 * Range#step): yields beg + i*unit for i in 0..n. */
void sp_float_step(double beg, double end, double unit, int excl, sp_value blk);
/* Number of float steps (for sizes/to_a). */
double sp_float_step_size(double beg, double end, double unit, int excl);
sp_value sp_float_step_count(double n);

/*
 * sp_rational.c — Rational (exact fractions), Kernel#Rational, and the
 * Integer/Float conversions to it (to_r, rationalize, quo).
 *
 * Representation
 *  - sp_rational: an SP_T_DATA object of class Rational holding two
 *    Integers (fixnum or Bignum): num and den, always normalised
 *    (den > 0, gcd(num, den) == 1).  Immutable and frozen, like CRuby's.
 *  - Arithmetic converts both operands to a GMP mpq_t (limbs in the GC
 *    heap, see sp_numeric.c), lets GMP canonicalise, and converts back.
 *    Costs: one allocation per result plus the mpz temporaries; fine for
 *    the programs that use Rational (they are not hot loops).
 *  - Mixing with Float gives Float (CRuby), with Integer gives Rational.
 *    Integer op Rational goes through Rational#coerce (sp_numeric.c's
 *    coerce_bin), so Integer needs no Rational knowledge except ** with a
 *    negative exponent, which calls sp_rational_new.
 *
 * Threads: values are immutable; no shared mutable state.
 */
#include "sp_numeric.h"
#include "sp_string.h"
#include "sp_array.h"

#include <math.h>
#include <string.h>
#include <strings.h>
#include <float.h>

#define ARG0 (argv[0])

typedef struct sp_rational {
    sp_header hdr;
    sp_value num, den;
} sp_rational;

sp_value sp_cRational;

#define RAT(v) ((sp_rational *)(v))

int sp_rational_p(sp_value v)
{
    return SP_HEAP_P(v) && SP_TYPE(v) == SP_T_DATA && sp_cRational &&
           (sp_value)SP_HDR(v)->klass == sp_cRational;
}

/* ------------------------------------------------------------------ */
/* Construction                                                        */

static sp_value rat_alloc(sp_value num, sp_value den)
{
    sp_rational *r = sp_alloc(sizeof(sp_rational), sp_cRational, SP_T_DATA);
    r->num = num;
    r->den = den;
    r->hdr.flags |= SP_FL_FROZEN;
    return (sp_value)r;
}

static sp_value rat_from_mpq(mpq_t q)
{
    return rat_alloc(sp_big_from_mpz(mpq_numref(q)), sp_big_from_mpz(mpq_denref(q)));
}

/* num/den (Integers), normalised; ZeroDivisionError for den == 0. */
sp_value sp_rational_new(sp_value num, sp_value den)
{
    mpq_t q; mpq_init(q);
    sp_int_to_mpz(num, mpq_numref(q));
    sp_int_to_mpz(den, mpq_denref(q));
    if (mpz_sgn(mpq_denref(q)) == 0) sp_zerodiv();
    mpq_canonicalize(q);
    return rat_from_mpq(q);
}

/* Rational or Integer -> mpq (q must be mpq_init'ed). */
static void to_mpq(sp_value v, mpq_t q)
{
    if (sp_rational_p(v)) {
        sp_int_to_mpz(RAT(v)->num, mpq_numref(q));
        sp_int_to_mpz(RAT(v)->den, mpq_denref(q));
    } else {
        sp_int_to_mpz(v, mpq_numref(q));
        mpz_set_ui(mpq_denref(q), 1);
    }
}

static void dbl_to_mpq(double d, mpq_t q)
{
    if (isnan(d)) sp_raise(sp_eFloatDomainError, "NaN");
    if (isinf(d)) sp_raise(sp_eFloatDomainError, d < 0 ? "-Infinity" : "Infinity");
    mpq_set_d(q, d);   /* exact: a double is a dyadic fraction */
}

void sp_rational_to_mpq(sp_value v, mpq_t q) { to_mpq(v, q); }
sp_value sp_rational_from_mpq(mpq_t q) { return rat_from_mpq(q); }

double sp_rational_to_double(sp_value v)
{
    mpq_t q; mpq_init(q);
    to_mpq(v, q);
    /* mpq_get_d truncates; CRuby rounds to nearest.  Scale so the integer
     * quotient has 64+ significant bits, then let the int->double
     * conversion round (sticky bit for the remainder). */
    if (mpz_sgn(mpq_numref(q)) == 0) return 0.0;
    long nb = (long)mpz_sizeinbase(mpq_numref(q), 2), db = (long)mpz_sizeinbase(mpq_denref(q), 2);
    long shift = 66 - (nb - db);
    mpz_t n, r; mpz_init(n); mpz_init(r);
    if (shift > 0) mpz_mul_2exp(n, mpq_numref(q), (unsigned long)shift);
    else mpz_fdiv_q_2exp(n, mpq_numref(q), (unsigned long)-shift);
    int neg = mpz_sgn(n) < 0;
    mpz_abs(n, n);
    mpz_tdiv_qr(n, r, n, mpq_denref(q));
    if (mpz_sgn(r) != 0) mpz_setbit(n, 0);           /* sticky */
    /* n has ~66-67 bits: convert by hand with round-to-nearest-even. */
    long bits = (long)mpz_sizeinbase(n, 2);
    long drop = bits - 53;
    double d;
    if (drop > 0) {
        mpz_t lo; mpz_init(lo);
        mpz_fdiv_r_2exp(lo, n, (unsigned long)drop);
        mpz_fdiv_q_2exp(n, n, (unsigned long)drop);
        mpz_t half; mpz_init(half); mpz_setbit(half, (unsigned long)drop - 1);
        int c = mpz_cmp(lo, half);
        if (c > 0 || (c == 0 && mpz_odd_p(n))) mpz_add_ui(n, n, 1);
        d = ldexp(mpz_get_d(n), (int)(drop - shift));
    } else {
        d = ldexp(mpz_get_d(n), (int)-shift);
    }
    return neg ? -d : d;
}

/* ------------------------------------------------------------------ */
/* Kernel#Rational                                                     */

static int is_digit(int c) { return c >= '0' && c <= '9'; }

/* Parse an unsigned decimal "digits[.digits][e[-]digits]" (underscores
 * between digits) at *pp into q; returns 0 when there are no digits. */
static int parse_decimal(const char **pp, const char *e, mpq_t q)
{
    const char *p = *pp;
    char *digits = sp_alloc_atomic((size_t)(e - p) + 2);
    size_t nd = 0; long frac = 0; int any = 0;
    while (p < e && (is_digit(*p) || (*p == '_' && any && p + 1 < e && is_digit(p[1])))) {
        if (*p != '_') { digits[nd++] = *p; any = 1; }
        p++;
    }
    if (!any) return 0;
    if (p + 1 < e && *p == '.' && is_digit(p[1])) {
        p++;
        while (p < e && (is_digit(*p) || (*p == '_' && p + 1 < e && is_digit(p[1])))) {
            if (*p != '_') { digits[nd++] = *p; frac++; }
            p++;
        }
    }
    long ex = 0;
    if (p < e && (*p == 'e' || *p == 'E')) {
        const char *s = p + 1; int eneg = 0;
        if (s < e && (*s == '-' || *s == '+')) eneg = *s++ == '-';
        if (s < e && is_digit(*s)) {
            while (s < e && is_digit(*s)) { if (ex < 100000000) ex = ex * 10 + (*s - '0'); s++; }
            if (eneg) ex = -ex;
            p = s;
        }
    }
    digits[nd] = 0;
    mpz_set_str(mpq_numref(q), digits, 10);
    mpz_set_ui(mpq_denref(q), 1);
    long sc = ex - frac;
    mpz_t t; mpz_init(t);
    mpz_ui_pow_ui(t, 10, (unsigned long)(sc < 0 ? -sc : sc));
    if (sc < 0) mpz_set(mpq_denref(q), t); else mpz_mul(mpq_numref(q), mpq_numref(q), t);
    mpq_canonicalize(q);
    *pp = p;
    return 1;
}

/* Parse "[-]decimal[/decimal]" with optional surrounding whitespace into
 * q; returns 0 on a syntax error.  strict: no trailing junk. */
static int parse_rational(const char *p, size_t len, mpq_t q, int strict)
{
    const char *e = p + len;
    while (p < e && (*p == ' ' || (*p >= '\t' && *p <= '\r'))) p++;
    int neg = 0;
    if (p < e && (*p == '-' || *p == '+')) neg = *p++ == '-';
    if (!parse_decimal(&p, e, q)) return 0;
    if (p < e && *p == '/' && p + 1 < e && is_digit(p[1])) {
        p++;
        mpq_t d; mpq_init(d);
        parse_decimal(&p, e, d);
        if (mpq_sgn(d) == 0) sp_zerodiv();
        mpq_div(q, q, d);
    }
    while (p < e && (*p == ' ' || (*p >= '\t' && *p <= '\r'))) p++;
    if (strict && p != e) return 0;
    if (neg) mpq_neg(q, q);
    return 1;
}

/* Any numeric-ish value -> Rational (or SP_UNDEF when exc is 0 and it
 * cannot be converted). */
static sp_value call_to_r(void *v) { return sp_funcall0((sp_value)v, "to_r"); }

static sp_value to_rational(sp_value v, int exc)
{
    if (sp_rational_p(v)) return v;
    if (sp_integer_p(v)) return rat_alloc(v, SP_FIX(1));
    mpq_t q; mpq_init(q);
    if (sp_float_p(v)) { dbl_to_mpq(sp_flo(v), q); return rat_from_mpq(q); }
    if (sp_str_p(v)) {
        size_t len; const char *p = sp_str_snap(v, &len);
        if (memchr(p, 0, len) || !parse_rational(p, len, q, 1)) {
            if (!exc) return SP_UNDEF;
            sp_raise(sp_eArgError, "invalid value for convert(): %s", sp_str_cstr(sp_inspect(v)));
        }
        return rat_from_mpq(q);
    }
    if (v == SP_NIL) {
        if (!exc) return SP_UNDEF;
        sp_raise(sp_eTypeError, "can't convert nil into Rational");
    }
    if (!SP_SPECIAL_CONST_P(v) && sp_respond_to(v, sp_intern("to_r"), 1)) {
        /* exception: false also swallows an exception raised by #to_r */
        sp_value err = SP_NIL, r = exc ? sp_funcall0(v, "to_r") : sp_run_protected(call_to_r, (void *)v, &err);
        if (err == SP_NIL && sp_rational_p(r)) return r;
    }
    if (!exc) return SP_UNDEF;
    sp_raise(sp_eTypeError, "can't convert %s into Rational", sp_obj_classname(v));
}

static sp_value rat_div(sp_value a, sp_value b);

SP_METHOD(k_Rational)
{
    int exc = 1, n = argc;
    if (argc_ & SP_ARGC_KW) {
        n--;
        exc = sp_exception_kw(argc_, argv);
    }
    if (n < 1 || n > 2) sp_raise_arity(n, 1, 2);
    sp_value a = to_rational(argv[0], exc);
    if (a == SP_UNDEF) return SP_NIL;
    if (n == 1) {
        return a;
    }
    sp_value b = to_rational(argv[1], exc);
    if (b == SP_UNDEF) return SP_NIL;
    if (sp_float_p(argv[0]) || sp_float_p(argv[1])) {
        /* CRuby: a Float component makes the quotient a Float division. */
        if (!sp_float_p(argv[1])) return rat_div(a, b);
    }
    mpq_t x, y; mpq_init(x); mpq_init(y);
    to_mpq(a, x); to_mpq(b, y);
    if (mpq_sgn(y) == 0) sp_zerodiv();
    mpq_div(x, x, y);
    return rat_from_mpq(x);
}

/* ------------------------------------------------------------------ */
/* Arithmetic                                                          */

enum { OP_ADD, OP_SUB, OP_MUL, OP_DIV };
static const char *const op_names[] = { "+", "-", "*", "/" };

static sp_value rat_binop(sp_value a, sp_value b, int op)
{
    if (sp_integer_p(b) || sp_rational_p(b)) {
        mpq_t x, y; mpq_init(x); mpq_init(y);
        to_mpq(a, x); to_mpq(b, y);
        switch (op) {
        case OP_ADD: mpq_add(x, x, y); break;
        case OP_SUB: mpq_sub(x, x, y); break;
        case OP_MUL: mpq_mul(x, x, y); break;
        default:
            if (mpq_sgn(y) == 0) sp_zerodiv();
            mpq_div(x, x, y);
        }
        return rat_from_mpq(x);
    }
    if (sp_float_p(b)) {
        double x = sp_rational_to_double(a), y = sp_flo(b);
        switch (op) {
        case OP_ADD: return sp_float_new(x + y);
        case OP_SUB: return sp_float_new(x - y);
        case OP_MUL: return sp_float_new(x * y);
        default: return sp_float_new(x / y);
        }
    }
    return sp_num_coerce_bin(a, b, op_names[op]);
}

static sp_value rat_div(sp_value a, sp_value b) { return rat_binop(a, b, OP_DIV); }

SP_METHOD(rat_plus) { return rat_binop(self, ARG0, OP_ADD); }
SP_METHOD(rat_minus) { return rat_binop(self, ARG0, OP_SUB); }
SP_METHOD(rat_mul) { return rat_binop(self, ARG0, OP_MUL); }
SP_METHOD(rat_div_m) { return rat_binop(self, ARG0, OP_DIV); }

SP_METHOD(rat_uminus)
{
    return rat_alloc(sp_int_minus(SP_FIX(0), RAT(self)->num), RAT(self)->den);
}

static int rat_sign(sp_value v)
{
    sp_value n = RAT(v)->num;
    if (SP_FIXNUM_P(n)) return (SP_FIX2LONG(n) > 0) - (SP_FIX2LONG(n) < 0);
    return sp_int_cmp(n, SP_FIX(0));
}

SP_METHOD(rat_abs)
{
    return rat_sign(self) < 0 ? rat_uminus(self, 0, NULL, SP_NIL) : self;
}

/* Integer power of a rational (e may be negative). */
static sp_value rat_ipow(sp_value self, sp_value e)
{
    if (!SP_FIXNUM_P(e)) {
        /* Only 0, 1 and -1 survive a huge exponent. */
        if (RAT(self)->den == SP_FIX(1)) {
            sp_value n = RAT(self)->num;
            if (n == SP_FIX(1)) return rat_alloc(SP_FIX(1), SP_FIX(1));
            if (n == SP_FIX(-1)) return rat_alloc(sp_integer_p(e) && sp_int_cmp(sp_int_mod(e, SP_FIX(2)), SP_FIX(0)) == 0 ? SP_FIX(1) : SP_FIX(-1), SP_FIX(1));
            if (n == SP_FIX(0)) {
                if (sp_int_cmp(e, SP_FIX(0)) < 0) sp_zerodiv();
                return rat_alloc(SP_FIX(0), SP_FIX(1));
            }
        }
        sp_raise(sp_eArgError, "exponent is too large");
    }
    long k = SP_FIX2LONG(e);
    mpq_t x; mpq_init(x);
    to_mpq(self, x);
    if (k < 0) {
        if (mpq_sgn(x) == 0) sp_zerodiv();
        mpq_inv(x, x);
        k = -k;
    }
    if (k > 100000000) sp_raise(sp_eArgError, "exponent is too large");
    mpz_pow_ui(mpq_numref(x), mpq_numref(x), (unsigned long)k);
    mpz_pow_ui(mpq_denref(x), mpq_denref(x), (unsigned long)k);
    return rat_from_mpq(x);
}

SP_METHOD(rat_pow)
{
    sp_value e = ARG0;
    if (sp_rational_p(e) && RAT(e)->den == SP_FIX(1)) e = RAT(e)->num;
    if (sp_integer_p(e)) return rat_ipow(self, e);
    if (sp_float_p(e) || sp_rational_p(e)) {
        double x = sp_rational_to_double(self);
        double y = sp_float_p(e) ? sp_flo(e) : sp_rational_to_double(e);
        return sp_float_pow(x, y);
    }
    return sp_num_coerce_bin(self, e, "**");
}

/* Integer#** with a negative fixnum exponent (called by sp_numeric.c). */
sp_value sp_int_pow_negative(sp_value base, sp_value e)
{
    return rat_ipow(rat_alloc(base, SP_FIX(1)), e);
}

/* ------------------------------------------------------------------ */
/* Comparison                                                          */

/* <=> against Integer/Rational/Float; SP_UNDEF when b is not numeric. */
static sp_value rat_cmp_val(sp_value a, sp_value b)
{
    if (sp_integer_p(b) || sp_rational_p(b)) {
        mpq_t x, y; mpq_init(x); mpq_init(y);
        to_mpq(a, x); to_mpq(b, y);
        int c = mpq_cmp(x, y);
        return SP_FIX((c > 0) - (c < 0));
    }
    if (sp_float_p(b)) {
        /* CRuby compares through to_f, not exactly */
        double x = sp_rational_to_double(a), y = sp_flo(b);
        if (isnan(y)) return SP_NIL;
        return SP_FIX((x > y) - (x < y));
    }
    return SP_UNDEF;
}

SP_METHOD(rat_cmp)
{
    sp_value c = rat_cmp_val(self, ARG0);
    if (c != SP_UNDEF) return c;
    sp_value b = ARG0;
    return sp_num_coerce_cmp(self, b);
}

static int rat_rel(sp_value self, sp_value b, const char *op)
{
    sp_value c = rat_cmp_val(self, b);
    if (c == SP_UNDEF) {
        return SP_RTEST(sp_num_coerce_relop(self, b, op)) ? 2 : 3;
    }
    if (c == SP_NIL) return 3;
    return (int)SP_FIX2LONG(c);
}
#define DEF_RAT_REL(name, opstr, test) \
SP_METHOD(name) \
{ \
    int c = rat_rel(self, ARG0, opstr); \
    if (c == 2) return SP_TRUE; \
    if (c == 3) return SP_FALSE; \
    return SP_BOOL(test); \
}
DEF_RAT_REL(rat_lt, "<", c < 0)
DEF_RAT_REL(rat_le, "<=", c <= 0)
DEF_RAT_REL(rat_gt, ">", c > 0)
DEF_RAT_REL(rat_ge, ">=", c >= 0)

SP_METHOD(rat_eq)
{
    sp_value b = ARG0;
    sp_value c = rat_cmp_val(self, b);
    if (c == SP_UNDEF) return SP_BOOL(SP_RTEST(sp_funcall1(b, "==", self)));
    return SP_BOOL(c == SP_FIX(0));
}

SP_METHOD(rat_eql)
{
    sp_value b = ARG0;
    return SP_BOOL(sp_rational_p(b) && sp_equal(RAT(self)->num, RAT(b)->num) &&
                   sp_equal(RAT(self)->den, RAT(b)->den));
}

SP_METHOD(rat_hash)
{
    uint64_t h = sp_num_hash(RAT(self)->num) * 0x9e3779b97f4a7c15ULL ^ sp_num_hash(RAT(self)->den);
    return SP_FIX((int64_t)(h >> 2));
}

SP_METHOD(rat_coerce)
{
    sp_value b = ARG0, pr[2];
    if (sp_integer_p(b)) { pr[0] = rat_alloc(b, SP_FIX(1)); pr[1] = self; }
    else if (sp_float_p(b)) { pr[0] = b; pr[1] = sp_float_new(sp_rational_to_double(self)); }
    else if (sp_rational_p(b)) { pr[0] = b; pr[1] = self; }
    else sp_raise(sp_eTypeError, "%s can't be coerced into Rational", sp_obj_classname(b));
    return sp_ary_new_from(2, pr);
}

/* ------------------------------------------------------------------ */
/* Conversion and rounding                                             */

SP_METHOD(rat_numerator) { return RAT(self)->num; }
SP_METHOD(rat_denominator) { return RAT(self)->den; }
SP_METHOD(rat_to_f) { return sp_float_new(sp_rational_to_double(self)); }
SP_METHOD(rat_self) { return self; }

static sp_value rat_to_s_str(sp_value self, int paren)
{
    sp_value n = sp_int_to_s(RAT(self)->num, 10), d = sp_int_to_s(RAT(self)->den, 10);
    size_t nl, dl;
    const char *np = sp_str_snap(n, &nl), *dp = sp_str_snap(d, &dl);
    char *buf = sp_alloc_atomic(nl + dl + 4);
    size_t k = 0;
    if (paren) buf[k++] = '(';
    memcpy(buf + k, np, nl); k += nl;
    buf[k++] = '/';
    memcpy(buf + k, dp, dl); k += dl;
    if (paren) buf[k++] = ')';
    return sp_str_new(buf, k);
}
SP_METHOD(rat_to_s) { return rat_to_s_str(self, 0); }
SP_METHOD(rat_inspect) { return rat_to_s_str(self, 1); }

enum { R_FLOOR, R_CEIL, R_TRUNC, R_HALF_UP, R_HALF_EVEN, R_HALF_DOWN };

/* Round the mpq x to an integer in mode; result into out. */
static void mpq_round_to(mpz_t out, mpq_t x, int mode)
{
    switch (mode) {
    case R_FLOOR: mpz_fdiv_q(out, mpq_numref(x), mpq_denref(x)); return;
    case R_CEIL: mpz_cdiv_q(out, mpq_numref(x), mpq_denref(x)); return;
    case R_TRUNC: mpz_tdiv_q(out, mpq_numref(x), mpq_denref(x)); return;
    default: {
        mpz_t n, r; mpz_init(n); mpz_init(r);
        int neg = mpz_sgn(mpq_numref(x)) < 0;
        mpz_abs(n, mpq_numref(x));
        mpz_fdiv_qr(out, r, n, mpq_denref(x));
        mpz_mul_2exp(r, r, 1);
        int c = mpz_cmp(r, mpq_denref(x));
        if (c > 0 || (c == 0 && (mode == R_HALF_UP || (mode == R_HALF_EVEN && mpz_odd_p(out)))))
            mpz_add_ui(out, out, 1);
        if (neg) mpz_neg(out, out);
    }
    }
}

static int rat_round_mode(int argc_, const sp_value *argv)
{
    sp_value h = sp_kwarg(argc_, argv, "half", SP_NIL);
    if (h == SP_NIL) return R_HALF_UP;
    if (SP_SYMBOL_P(h) || sp_str_p(h)) {     /* case-insensitive, as CRuby */
        const char *m = sp_str_cstr(sp_to_s(h));
        if (!strcasecmp(m, "up")) return R_HALF_UP;
        if (!strcasecmp(m, "even")) return R_HALF_EVEN;
        if (!strcasecmp(m, "down")) return R_HALF_DOWN;
    }
    sp_raise(sp_eArgError, "invalid rounding mode: %s", sp_str_cstr(sp_to_s(h)));
}

/* Rational#floor/ceil/truncate/round([ndigits]): an Integer without
 * digits or with ndigits < 1, else a Rational. */
static sp_value rat_round_common(sp_value self, int argc_, const sp_value *argv, int mode)
{
    int argc = SP_ARGC(argc_);
    int n = argc - ((argc_ & SP_ARGC_KW) ? 1 : 0);
    mpq_t x; mpq_init(x);
    to_mpq(self, x);
    mpz_t out; mpz_init(out);
    if (n == 0) {
        mpq_round_to(out, x, mode);
        return sp_big_from_mpz(out);
    }
    sp_value nd = argv[0];
    if (!sp_integer_p(nd)) sp_raise(sp_eTypeError, "not an integer");
    long k = (long)sp_num_to_long(nd);
    mpz_t p; mpz_init(p);
    mpz_ui_pow_ui(p, 10, (unsigned long)(k < 0 ? -k : k));
    if (k >= 0) mpz_mul(mpq_numref(x), mpq_numref(x), p);
    else mpz_mul(mpq_denref(x), mpq_denref(x), p);
    mpq_canonicalize(x);
    mpq_round_to(out, x, mode);
    mpq_t r; mpq_init(r);
    mpz_set(mpq_numref(r), out);
    if (k >= 0) mpz_set(mpq_denref(r), p);
    else { mpz_mul(mpq_numref(r), mpq_numref(r), p); mpz_set_ui(mpq_denref(r), 1); }
    mpq_canonicalize(r);
    if (k < 1) {
        mpz_tdiv_q(out, mpq_numref(r), mpq_denref(r));
        return sp_big_from_mpz(out);
    }
    return rat_from_mpq(r);
}

SP_METHOD(rat_floor) { return rat_round_common(self, argc_, argv, R_FLOOR); }
SP_METHOD(rat_ceil) { return rat_round_common(self, argc_, argv, R_CEIL); }
SP_METHOD(rat_truncate) { return rat_round_common(self, argc_, argv, R_TRUNC); }
SP_METHOD(rat_round) { return rat_round_common(self, argc_, argv, rat_round_mode(argc_, argv)); }

SP_METHOD(rat_zero) { return SP_BOOL(rat_sign(self) == 0); }
SP_METHOD(rat_positive) { return SP_BOOL(rat_sign(self) > 0); }
SP_METHOD(rat_negative) { return SP_BOOL(rat_sign(self) < 0); }
SP_METHOD(rat_false) { return SP_FALSE; }
SP_METHOD(rat_true) { return SP_TRUE; }
SP_METHOD(rat_nil) { return SP_NIL; }
SP_METHOD(rat_nonzero) { return rat_sign(self) ? self : SP_NIL; }

SP_METHOD(rat_abs2) { return rat_binop(self, self, OP_MUL); }

SP_METHOD(rat_fdiv)
{
    return sp_float_new(sp_rational_to_double(self) / sp_num_to_double(ARG0));
}

/* Numeric#div / % / divmod on a Rational receiver. */
SP_METHOD(rat_idiv)
{
    sp_value b = ARG0;
    if (sp_float_p(b)) {
        if (sp_flo(b) == 0.0) sp_zerodiv();
        return sp_int_from_double(floor(sp_rational_to_double(self) / sp_flo(b)));
    }
    sp_value q = rat_binop(self, b, OP_DIV);
    if (sp_rational_p(q)) return rat_round_common(q, 0, NULL, R_FLOOR);
    return sp_funcall0(q, "floor");
}
SP_METHOD(rat_mod)
{
    sp_value b = ARG0;
    sp_value d = rat_idiv(self, argc_, argv, blk);
    return rat_binop(self, sp_funcall1(b, "*", d), OP_SUB);
}
SP_METHOD(rat_divmod)
{
    sp_value b = ARG0;
    sp_value d = rat_idiv(self, argc_, argv, blk);
    sp_value pr[2] = { d, rat_binop(self, sp_funcall1(b, "*", d), OP_SUB) };
    return sp_ary_new_from(2, pr);
}
SP_METHOD(rat_remainder)
{
    sp_value b = ARG0;
    sp_value q = rat_binop(self, b, OP_DIV);
    sp_value t = sp_rational_p(q) ? rat_round_common(q, 0, NULL, R_TRUNC) : sp_funcall0(q, "truncate");
    return rat_binop(self, sp_funcall1(b, "*", t), OP_SUB);
}

/* ------------------------------------------------------------------ */
/* rationalize: the simplest rational in [a, b] (Stern-Brocot walk as in
 * CRuby, on whatever numeric type a and b are — Float or Rational).    */

static void simplest_between(sp_value a, sp_value b, sp_value *p, sp_value *q)
{
    sp_value p0 = SP_FIX(0), p1 = SP_FIX(1), q0 = SP_FIX(1), q1 = SP_FIX(0), c;
    for (;;) {
        c = sp_funcall0(a, "ceil");
        if (SP_RTEST(sp_funcall1(c, "<", b))) break;
        sp_value k = sp_int_minus(c, SP_FIX(1));
        sp_value p2 = sp_int_plus(sp_int_mul(k, p1), p0);
        sp_value q2 = sp_int_plus(sp_int_mul(k, q1), q0);
        sp_value t = sp_funcall1(SP_FIX(1), "quo", sp_funcall1(b, "-", k));
        b = sp_funcall1(SP_FIX(1), "quo", sp_funcall1(a, "-", k));
        a = t;
        p0 = p1; q0 = q1; p1 = p2; q1 = q2;
    }
    *p = sp_int_plus(sp_int_mul(c, p1), p0);
    *q = sp_int_plus(sp_int_mul(c, q1), q0);
}


/* x.rationalize(eps) for Rational/Integer x. */
SP_METHOD(rat_rationalize)
{
    if (argc < 1) return self;
    sp_value e = sp_funcall0(ARG0, "abs");
    sp_value a = sp_funcall1(self, "-", e), b = sp_funcall1(self, "+", e);
    if (SP_RTEST(sp_funcall1(a, "==", b))) return self;
    int neg = rat_sign(self) < 0;
    if (neg) { sp_value t = sp_funcall0(a, "-@"); a = sp_funcall0(b, "-@"); b = t; }
    sp_value p, q;
    simplest_between(a, b, &p, &q);
    if (neg) p = sp_int_minus(SP_FIX(0), p);
    return sp_rational_new(p, q);
}

static sp_value float_to_r(double d)
{
    mpq_t q; mpq_init(q);
    dbl_to_mpq(d, q);
    return rat_from_mpq(q);
}

SP_METHOD(flo_to_r) { return float_to_r(sp_flo(self)); }

SP_METHOD(flo_rationalize)
{
    double d = sp_flo(self);
    sp_value exact = float_to_r(d);
    if (argc >= 1) {
        sp_value e = sp_funcall0(ARG0, "abs");
        sp_value a = sp_funcall1(self, "-", e), b = sp_funcall1(self, "+", e);
        if (SP_RTEST(sp_funcall1(a, "==", b))) return exact;
        int neg = d < 0;
        if (neg) { sp_value t = sp_funcall0(a, "-@"); a = sp_funcall0(b, "-@"); b = t; }
        sp_value p, q;
        simplest_between(a, b, &p, &q);
        if (neg) p = sp_int_minus(SP_FIX(0), p);
        return sp_rational_new(p, q);
    }
    /* No precision: the simplest rational that rounds to d, i.e. within
     * half an ulp: (2f-1)/2^(1-n) .. (2f+1)/2^(1-n) where d = f * 2^n. */
    if (d == 0.0) return rat_alloc(SP_FIX(0), SP_FIX(1));
    int ex;
    double m = frexp(d, &ex);
    int64_t f = (int64_t)ldexp(m, DBL_MANT_DIG);
    int n = ex - DBL_MANT_DIG;
    if (n >= 0) return exact;
    int neg = f < 0;
    if (neg) f = -f;
    mpz_t den; mpz_init(den); mpz_setbit(den, (unsigned long)(1 - n));
    sp_value dv = sp_big_from_mpz(den);
    sp_value a = sp_rational_new(sp_int_new(2 * f - 1), dv);
    sp_value b = sp_rational_new(sp_int_new(2 * f + 1), dv);
    sp_value p, q;
    simplest_between(a, b, &p, &q);
    if (neg) p = sp_int_minus(SP_FIX(0), p);
    return sp_rational_new(p, q);
}

SP_METHOD(int_to_r) { return rat_alloc(self, SP_FIX(1)); }
SP_METHOD(int_rationalize) { return rat_alloc(self, SP_FIX(1)); }
SP_METHOD(int_denominator) { return SP_FIX(1); }
/* nil.to_r / nil.rationalize(eps = nil): (0/1) */
SP_METHOD(nil_to_r) { return rat_alloc(SP_FIX(0), SP_FIX(1)); }

/* Integer#quo: exact quotient (Rational), Float for a Float argument. */
SP_METHOD(int_quo)
{
    sp_value b = ARG0;
    if (sp_float_p(b)) return sp_float_new(sp_num_to_double(self) / sp_flo(b));
    if (sp_integer_p(b) || sp_rational_p(b)) return rat_binop(rat_alloc(self, SP_FIX(1)), b, OP_DIV);
    return sp_num_coerce_bin(self, b, "quo");
}

SP_METHOD(flo_numerator)
{
    double d = sp_flo(self);
    if (!isfinite(d)) return self;
    return RAT(float_to_r(d))->num;
}
SP_METHOD(flo_denominator)
{
    double d = sp_flo(self);
    if (isnan(d)) return self;
    if (isinf(d)) return sp_float_new(1.0);
    return RAT(float_to_r(d))->den;
}

/* ------------------------------------------------------------------ */

void sp_init_rational(void)
{
    sp_value R = sp_cRational = sp_define_class("Rational", sp_cNumeric);
    sp_undef_method(sp_singleton_class(R), "new");
    sp_define_method(R, "numerator", rat_numerator, 0);
    sp_define_method(R, "denominator", rat_denominator, 0);
    sp_define_method(R, "+", rat_plus, 1);
    sp_define_method(R, "-", rat_minus, 1);
    sp_define_method(R, "*", rat_mul, 1);
    sp_define_method(R, "/", rat_div_m, 1);
    sp_define_method(R, "quo", rat_div_m, 1);
    sp_define_method(R, "**", rat_pow, 1);
    sp_define_method(R, "-@", rat_uminus, 0);
    sp_define_method(R, "+@", rat_self, 0);
    sp_define_method(R, "abs", rat_abs, 0);
    sp_define_method(R, "magnitude", rat_abs, 0);
    sp_define_method(R, "<=>", rat_cmp, 1);
    sp_define_method(R, "==", rat_eq, 1);
    sp_define_method(R, "<", rat_lt, 1);
    sp_define_method(R, "<=", rat_le, 1);
    sp_define_method(R, ">", rat_gt, 1);
    sp_define_method(R, ">=", rat_ge, 1);
    sp_define_method(R, "eql?", rat_eql, 1);
    sp_define_method(R, "hash", rat_hash, 0);
    sp_define_method(R, "coerce", rat_coerce, 1);
    sp_define_method(R, "to_f", rat_to_f, 0);
    sp_define_method_range(R, "to_i", rat_truncate, 0, 0);
    sp_define_method(R, "to_r", rat_self, 0);
    sp_define_method_range(R, "rationalize", rat_rationalize, 0, 1);
    sp_define_method(R, "to_s", rat_to_s, 0);
    sp_define_method(R, "inspect", rat_inspect, 0);
    sp_define_method(R, "floor", rat_floor, -1);
    sp_define_method(R, "ceil", rat_ceil, -1);
    sp_define_method(R, "truncate", rat_truncate, -1);
    sp_define_method(R, "round", rat_round, -1);
    sp_define_method(R, "zero?", rat_zero, 0);
    sp_define_method(R, "positive?", rat_positive, 0);
    sp_define_method(R, "negative?", rat_negative, 0);
    sp_define_method(R, "nonzero?", rat_nonzero, 0);
    sp_define_method(R, "integer?", rat_false, 0);
    sp_define_method(R, "finite?", rat_true, 0);
    sp_define_method(R, "infinite?", rat_nil, 0);
    sp_define_method(R, "fdiv", rat_fdiv, 1);
    sp_define_method(R, "abs2", rat_abs2, 0);
    sp_define_method(R, "div", rat_idiv, 1);
    sp_define_method(R, "%", rat_mod, 1);
    sp_define_method(R, "modulo", rat_mod, 1);
    sp_define_method(R, "divmod", rat_divmod, 1);
    sp_define_method(R, "remainder", rat_remainder, 1);

    sp_value I = sp_cInteger, F = sp_cFloat;
    sp_define_method(I, "to_r", int_to_r, 0);
    sp_define_method_range(I, "rationalize", int_rationalize, 0, 1);
    sp_define_method(I, "denominator", int_denominator, 0);
    sp_define_method(I, "quo", int_quo, 1);
    sp_define_method(F, "to_r", flo_to_r, 0);
    sp_define_method_range(F, "rationalize", flo_rationalize, 0, 1);
    sp_define_method(F, "numerator", flo_numerator, 0);
    sp_define_method(F, "denominator", flo_denominator, 0);
    sp_define_private_method(sp_mKernel, "Rational", k_Rational, -1);
    sp_define_method(sp_cNilClass, "to_r", nil_to_r, 0);
    sp_define_method_range(sp_cNilClass, "rationalize", nil_to_r, 0, 1);
}

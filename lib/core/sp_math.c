/*
 * sp_math.c — the Math module: functions and constants on doubles, with
 * CRuby's argument rules (only Numerics convert, through to_f), its
 * Math::DomainError messages ("Numerical argument is out of domain -
 * log"), exact factorials for small Math.gamma arguments, and logarithms
 * of Bignums beyond the double range (shifted first, like CRuby).
 * Costs: one libm call plus the argument conversion; no allocation except
 * the Float result (flonum for ordinary magnitudes).  No shared state.
 */
#include "sp_numeric.h"
#include "sp_string.h"
#include "sp_array.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define ARG0 (argv[0])
#define BIG(v) (((sp_bignum *)(v))->z)

/* ------------------------------------------------------------------ */
/* Math                                                                */

/* CRuby's rb_to_float (Math functions, pack's float directives). */
double sp_to_float(sp_value v)
{
    if (sp_numeric_p(v) || sp_rational_p(v)) return sp_num_to_double(v);
    if (v == SP_NIL) sp_raise(sp_eTypeError, "can't convert nil into Float");
    if (v == SP_TRUE || v == SP_FALSE)
        sp_raise(sp_eTypeError, "can't convert %s into Float", v == SP_TRUE ? "true" : "false");
    /* CRuby's rb_to_float: only Numerics convert (through to_f) */
    if (sp_str_p(v) || SP_SPECIAL_CONST_P(v) || !SP_RTEST(sp_funcall1(v, "is_a?", sp_cNumeric)))
        sp_raise(sp_eTypeError, "can't convert %s into Float", sp_obj_classname(v));
    return sp_num_to_double(sp_funcall0(v, "to_f"));
}

static SP_NORETURN void domain_error(const char *name)
{
    sp_raise(sp_eMathDomainError, "Numerical argument is out of domain - %s", name);
}

#define DEF_MATH1(name, fn) \
SP_METHOD(math_##name) \
{ return sp_float_new(fn(sp_to_float(ARG0))); }
DEF_MATH1(sin, sin)
DEF_MATH1(cos, cos)
DEF_MATH1(tan, tan)
DEF_MATH1(atan, atan)
DEF_MATH1(exp, exp)
DEF_MATH1(sinh, sinh)
DEF_MATH1(cosh, cosh)
DEF_MATH1(tanh, tanh)
DEF_MATH1(asinh, asinh)
DEF_MATH1(erf, erf)
DEF_MATH1(erfc, erfc)

SP_METHOD(math_cbrt)
{
    double x = sp_to_float(ARG0), r = cbrt(x);
    /* glibc's cbrt can be 1 ulp off; CRuby refines with one Newton step */
    if (isfinite(r) && !(r == 0.0)) r = (2.0 * r + (x / r / r)) / 3.0;
    return sp_float_new(r);
}

SP_METHOD(math_sqrt)
{
    double x = sp_to_float(ARG0);
    if (x < 0) domain_error("sqrt");
    if (x == 0.0) return sp_float_new(0.0);
    return sp_float_new(sqrt(x));
}
SP_METHOD(math_asin)
{
    double x = sp_to_float(ARG0);
    if (x < -1.0 || x > 1.0) domain_error("asin");
    return sp_float_new(asin(x));
}
SP_METHOD(math_acos)
{
    double x = sp_to_float(ARG0);
    if (x < -1.0 || x > 1.0) domain_error("acos");
    return sp_float_new(acos(x));
}
SP_METHOD(math_acosh)
{
    double x = sp_to_float(ARG0);
    if (x < 1.0) domain_error("acosh");
    return sp_float_new(acosh(x));
}
SP_METHOD(math_atanh)
{
    double x = sp_to_float(ARG0);
    if (x < -1.0 || x > 1.0) domain_error("atanh");
    return sp_float_new(atanh(x));
}
SP_METHOD(math_atan2)
{
    return sp_float_new(atan2(sp_to_float(argv[0]), sp_to_float(argv[1])));
}
SP_METHOD(math_hypot)
{
    return sp_float_new(hypot(sp_to_float(argv[0]), sp_to_float(argv[1])));
}

/* log of an Integer that may be a huge bignum. */
/* x as a double, with huge Bignums (beyond the double range) shifted
 * right first: returns the mantissa part and sets *shift so that
 * x ~= d * 2**shift (CRuby's approach, so logs of 10**400 are exact). */
static double log_split(sp_value v, long *shift, const char *name)
{
    *shift = 0;
    double d;
    if (sp_bignum_p(v) && mpz_sgn(BIG(v)) > 0 && mpz_sizeinbase(BIG(v), 2) >= DBL_MAX_EXP) {
        long nb = (long)mpz_sizeinbase(BIG(v), 2) - DBL_MANT_DIG;
        mpz_t t; mpz_init(t);
        mpz_fdiv_q_2exp(t, BIG(v), (unsigned long)nb);
        d = mpz_get_d(t);
        *shift = nb;
    } else d = sp_to_float(v);
    if (d < 0.0) domain_error(name);
    return d;
}
SP_METHOD(math_log)
{
    long n1, n2;
    double d = log_split(argv[0], &n1, "log");
    if (argc > 1) {
        double b = log_split(argv[1], &n2, "log");
        if (d == 0.0) return sp_float_new(b != 0.0 ? -HUGE_VAL : NAN);
        if (b == 0.0) return sp_float_new(-0.0);
        double r = log2(d) / log2(b);
        r += (double)(n1 - n2) / log2(b);
        return sp_float_new(r);
    }
    if (d == 0.0) return sp_float_new(-HUGE_VAL);
    return sp_float_new(log(d) + (double)n1 * M_LN2);
}
SP_METHOD(math_log2)
{
    long n;
    double d = log_split(ARG0, &n, "log2");
    if (d == 0.0) return sp_float_new(-HUGE_VAL);
    return sp_float_new(log2(d) + (double)n);
}
SP_METHOD(math_log10)
{
    long n;
    double d = log_split(ARG0, &n, "log10");
    if (d == 0.0) return sp_float_new(-HUGE_VAL);
    return sp_float_new(log10(d) + (double)n * log10(2.0));
}
SP_METHOD(math_ldexp)
{
    return sp_float_new(ldexp(sp_to_float(argv[0]), (int)sp_num_to_long(argv[1])));
}
SP_METHOD(math_frexp)
{
    int e;
    double m = frexp(sp_to_float(ARG0), &e);
    sp_value v[2] = { sp_float_new(m), SP_FIX(e) };
    return sp_ary_new_from(2, v);
}
SP_METHOD(math_lgamma)
{
    double x = sp_to_float(ARG0);
    if (isinf(x) && x < 0) domain_error("lgamma");
    int sign = 1;
    double r = lgamma_r(x, &sign);
    sp_value v[2] = { sp_float_new(r), SP_FIX(sign < 0 ? -1 : 1) };
    return sp_ary_new_from(2, v);
}

SP_METHOD(math_gamma)
{
    double x = sp_to_float(ARG0);
    if (x == floor(x) && x > 0 && x < 24) {
        double r = 1; for (int i = 2; i < (int)x; i++) r *= i;
        return sp_float_new(r);
    }
    if (x == -HUGE_VAL || (x < 0 && x == floor(x))) domain_error("gamma");
    return sp_float_new(tgamma(x));
}

void sp_init_math(void)
{
    sp_value M = sp_mMath;
    sp_define_const(M, "PI", sp_float_new(M_PI));
    sp_define_const(M, "E", sp_float_new(M_E));
    sp_define_module_function(M, "sqrt", math_sqrt, 1);
    sp_define_module_function(M, "cbrt", math_cbrt, 1);
    sp_define_module_function(M, "sin", math_sin, 1);
    sp_define_module_function(M, "cos", math_cos, 1);
    sp_define_module_function(M, "tan", math_tan, 1);
    sp_define_module_function(M, "asin", math_asin, 1);
    sp_define_module_function(M, "acos", math_acos, 1);
    sp_define_module_function(M, "atan", math_atan, 1);
    sp_define_module_function(M, "atan2", math_atan2, 2);
    sp_define_module_function(M, "sinh", math_sinh, 1);
    sp_define_module_function(M, "cosh", math_cosh, 1);
    sp_define_module_function(M, "tanh", math_tanh, 1);
    sp_define_module_function(M, "asinh", math_asinh, 1);
    sp_define_module_function(M, "acosh", math_acosh, 1);
    sp_define_module_function(M, "atanh", math_atanh, 1);
    sp_define_module_function(M, "exp", math_exp, 1);
    sp_define_module_function(M, "erf", math_erf, 1);
    sp_define_module_function(M, "erfc", math_erfc, 1);
    sp_define_module_function(M, "gamma", math_gamma, 1);
    sp_define_method_range(sp_singleton_class(M), "log", math_log, 1, 2);
    sp_define_module_function(M, "log2", math_log2, 1);
    sp_define_module_function(M, "log10", math_log10, 1);
    sp_define_module_function(M, "hypot", math_hypot, 2);
    sp_define_module_function(M, "ldexp", math_ldexp, 2);
    sp_define_module_function(M, "frexp", math_frexp, 1);
    sp_define_module_function(M, "lgamma", math_lgamma, 1);
}

/*
 * sp_complex.c — Complex (rectangular complex numbers), Kernel#Complex,
 * String#to_c, and the complex-plane methods of Numeric (to_c, i).
 *
 * Representation
 *  - sp_complex: an SP_T_DATA object of class Complex holding two real
 *    parts, real and imag, each an Integer, Float or Rational (or another
 *    real Numeric).  Immutable and frozen, like CRuby's; no part is itself
 *    a Complex (cx_new2 folds a complex part into the other one).
 *  - The parts keep their own types: Complex(1, 2) * 2 stays exact, a
 *    Float part makes the results Float, division of exact parts gives
 *    Rationals (Integers when the denominator is 1), as in CRuby.
 *  - Arithmetic on parts goes through small helpers (c_add, c_mul...)
 *    with fast paths for the exact 0 and 1 that CRuby also takes (they
 *    decide whether a result part is 0 or 0.0), else a method call on the
 *    part.  Costs: one allocation per result plus the parts' own; Complex
 *    is not used in hot loops by the scripts we target.
 *  - Integer/Float/Rational op Complex goes through Complex#coerce (the
 *    numeric classes' coerce fallback), so they need no Complex knowledge.
 *
 * Threads: values are immutable; no shared mutable state after init.
 */
#include "sp_numeric.h"
#include "sp_string.h"
#include "sp_array.h"

#include <math.h>
#include <string.h>

#define ARG0 (argv[0])

typedef struct sp_complex {
    sp_header hdr;
    sp_value real, imag;
} sp_complex;

sp_value sp_cComplex;

#define CX(v) ((sp_complex *)(v))

int sp_complex_p(sp_value v)
{
    return SP_HEAP_P(v) && SP_TYPE(v) == SP_T_DATA && sp_cComplex &&
           (sp_value)SP_HDR(v)->klass == sp_cComplex;
}

static sp_value cx_alloc(sp_value re, sp_value im)
{
    sp_complex *c = sp_alloc(sizeof(sp_complex), sp_cComplex, SP_T_DATA);
    c->real = re;
    c->imag = im;
    c->hdr.flags |= SP_FL_FROZEN;
    return (sp_value)c;
}

/* ------------------------------------------------------------------ */
/* Operations on the real parts                                        */

static int is_real_type(sp_value x)
{
    return sp_integer_p(x) || sp_float_p(x) || sp_rational_p(x);
}

static int c_zero_p(sp_value x)
{
    if (sp_float_p(x)) return sp_flo(x) == 0.0;
    if (sp_integer_p(x)) return x == SP_FIX(0);
    if (sp_rational_p(x)) return SP_RTEST(sp_funcall0(x, "zero?"));
    return sp_equal(x, SP_FIX(0));
}

/* An exact (non-Float) zero: decides 0 vs 0.0 in results, as in CRuby. */
static int c_exact_zero_p(sp_value x) { return !sp_float_p(x) && c_zero_p(x); }

static sp_value c_add(sp_value a, sp_value b)
{
    if (sp_integer_p(a)) {
        if (a == SP_FIX(0)) return b;
        if (b == SP_FIX(0)) return a;
    } else if ((sp_float_p(a) || sp_rational_p(a)) && b == SP_FIX(0)) {
        return a;
    }
    return sp_funcall1(a, "+", b);
}

static sp_value c_sub(sp_value a, sp_value b)
{
    if (b == SP_FIX(0) && is_real_type(a)) return a;
    return sp_funcall1(a, "-", b);
}

static sp_value c_mul(sp_value a, sp_value b)
{
    if (sp_integer_p(a)) {
        if (b == SP_FIX(0)) return SP_FIX(0);
        if (a == SP_FIX(0) && sp_integer_p(b)) return SP_FIX(0);
        if (a == SP_FIX(1)) return b;
        if (b == SP_FIX(1)) return a;
    } else if (b == SP_FIX(1) && is_real_type(a)) {
        return a;
    }
    return sp_funcall1(a, "*", b);
}

static sp_value c_neg(sp_value a) { return sp_funcall0(a, "-@"); }
static sp_value c_abs(sp_value a) { return sp_funcall0(a, "abs"); }

static int c_negative_p(sp_value x)
{
    if (sp_float_p(x)) return sp_flo(x) < 0.0;
    return SP_RTEST(sp_funcall1(x, "<", SP_FIX(0)));
}

/* Sign bit for formatting: -0.0 prints as "-0.0i". */
static int c_signbit(sp_value x)
{
    if (sp_float_p(x)) return !isnan(sp_flo(x)) && signbit(sp_flo(x));
    return c_negative_p(x);
}

static double c_dbl(sp_value x)
{
    if (sp_float_p(x)) return sp_flo(x);
    if (sp_integer_p(x)) return sp_num_to_double(x);
    if (sp_rational_p(x)) return sp_rational_to_double(x);
    return sp_flo(sp_funcall0(x, "to_f"));
}

/* (n/1) -> n: exact quotients that are whole become Integers. */
static sp_value c_canon(sp_value x)
{
    if (sp_rational_p(x) && sp_funcall0(x, "denominator") == SP_FIX(1))
        return sp_funcall0(x, "numerator");
    return x;
}

static sp_value c_quo(sp_value a, sp_value b)
{
    if (sp_float_p(a)) return sp_funcall1(a, "/", b);
    /* raised here, not in Integer#quo, so the backtrace shows Complex#/ */
    if (sp_integer_p(b) && b == SP_FIX(0) && is_real_type(a)) sp_zerodiv();
    return sp_funcall1(a, "quo", b);
}

static int num_real_p(sp_value x)
{
    if (is_real_type(x)) return 1;
    if (sp_complex_p(x)) return c_zero_p(CX(x)->imag);
    return SP_RTEST(sp_funcall0(x, "real?"));
}

static int numeric_p(sp_value x)
{
    return sp_integer_p(x) || sp_float_p(x) || sp_obj_is_kind_of(x, sp_cNumeric);
}

/* ------------------------------------------------------------------ */
/* Construction                                                        */

/* Complex from parts that may themselves be Complex (CRuby's
 * canonicalize: re + im*i). */
static sp_value cx_new2(sp_value re, sp_value im)
{
    if (sp_complex_p(re)) {
        im = c_add(CX(re)->imag, im);
        re = CX(re)->real;
    }
    if (sp_complex_p(im))
        return cx_alloc(c_sub(re, CX(im)->imag), c_add(SP_FIX(0), CX(im)->real));
    return cx_alloc(re, im);
}

sp_value sp_complex_new(sp_value re, sp_value im) { return cx_new2(re, im); }

static sp_value real_check(sp_value x)
{
    if (is_real_type(x)) return x;
    if (sp_complex_p(x) && c_zero_p(CX(x)->imag)) return CX(x)->real;
    if (!numeric_p(x) || !num_real_p(x)) sp_raise(sp_eTypeError, "not a real");
    return x;
}

/* Complex.rect(real, imag = 0) */
SP_METHOD(cx_s_rect)
{
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    sp_value re = real_check(argv[0]);
    sp_value im = argc > 1 ? real_check(argv[1]) : SP_FIX(0);
    return cx_alloc(re, im);
}

static sp_value polar_real(sp_value r, sp_value th)
{
    if (c_zero_p(r) || c_zero_p(th)) return cx_alloc(r, sp_float_new(0.0));
    if (sp_float_p(th)) {
        double a = sp_flo(th);
        if (a == M_PI) return cx_alloc(c_neg(r), sp_float_new(0.0));
        if (a == M_PI_2) return cx_alloc(sp_float_new(0.0), r);
        if (a == M_PI_2 + M_PI) return cx_alloc(sp_float_new(0.0), c_neg(r));
        if (sp_float_p(r)) {
            double m = sp_flo(r);
            return cx_alloc(sp_float_new(m * cos(a)), sp_float_new(m * sin(a)));
        }
        double s = sin(a), c = cos(a);
        return cx_alloc(c_mul(r, sp_float_new(c)), c_mul(r, sp_float_new(s)));
    }
    double a = c_dbl(th);
    return cx_new2(c_mul(r, sp_float_new(cos(a))), c_mul(r, sp_float_new(sin(a))));
}

/* abs * e^(i*ang*PI) (CRuby's rb_dbl_complex_new_polar_pi, for a negative
 * number raised to a fractional power): half turns give an exact 0.0
 * real part, whole turns a Float, the rest cos/sin of ang*PI */
sp_value sp_complex_polar_pi(double abs, double ang)
{
    double fi;
    const double fr = modf(ang, &fi);
    int pos = fr == +0.5;
    if (pos || fr == -0.5) {
        if ((modf(fi / 2.0, &fi) != fr) ^ pos) abs = -abs;
        return cx_alloc(sp_float_new(0.0), sp_float_new(abs));
    }
    if (fr == 0.0) {
        if (modf(fi / 2.0, &fi) != 0.0) abs = -abs;
        return sp_float_new(abs);
    }
    return cx_alloc(sp_float_new(abs * cos(M_PI * ang)), sp_float_new(abs * sin(M_PI * ang)));
}

/* Complex.polar(abs, arg = 0) */
SP_METHOD(cx_s_polar)
{
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    sp_value r = real_check(argv[0]);
    sp_value th = argc > 1 ? real_check(argv[1]) : SP_FIX(0);
    return polar_real(r, th);
}

/* ------------------------------------------------------------------ */
/* String parsing (Kernel#Complex strict, String#to_c lenient)         */

typedef struct {
    const char *s, *e;   /* cursor and end of input */
    char *b;             /* digits buffer cursor (underscores dropped) */
    int strict;
} cx_scan;

static int sc_peek(cx_scan *z) { return z->s < z->e ? (unsigned char)*z->s : 0; }
static int is_dig(int c) { return c >= '0' && c <= '9'; }
static int is_sign(int c) { return c == '+' || c == '-'; }
static int is_unit(int c) { return c == 'i' || c == 'I' || c == 'j' || c == 'J'; }

static int read_sign(cx_scan *z)
{
    int c = sc_peek(z);
    if (!is_sign(c)) return '?';
    *z->b++ = (char)c;
    z->s++;
    return c;
}

/* Digits with single underscores between them; a trailing or doubled
 * underscore ends the number (strict: is an error). */
static int read_digits(cx_scan *z)
{
    if (!is_dig(sc_peek(z))) return 0;
    int us = 1;
    while (is_dig(sc_peek(z)) || sc_peek(z) == '_') {
        if (*z->s == '_') {
            if (us) {
                if (z->strict) return 0;
                break;
            }
            us = 1;
        } else {
            *z->b++ = *z->s;
            us = 0;
        }
        z->s++;
    }
    if (us) {
        do { z->s--; } while (*z->s == '_');
        z->s++;
    }
    return 1;
}

static int read_num(cx_scan *z)
{
    if (sc_peek(z) != '.' && !read_digits(z)) return 0;
    if (sc_peek(z) == '.') {
        *z->b++ = '.'; z->s++;
        if (!read_digits(z)) { z->b--; return 0; }
    }
    if (sc_peek(z) == 'e' || sc_peek(z) == 'E') {
        *z->b++ = *z->s++;
        read_sign(z);
        if (!read_digits(z)) { z->b--; return 0; }
    }
    return 1;
}

static int read_rat_nos(cx_scan *z)
{
    if (!read_num(z)) return 0;
    if (sc_peek(z) == '/') {
        *z->b++ = '/'; z->s++;
        if (!read_digits(z)) { z->b--; return 0; }
    }
    return 1;
}

/* The buffer text from bb (NUL-terminated) as Integer, Float or Rational. */
static sp_value str2num(const char *bb)
{
    sp_value s = sp_str_new(bb, strlen(bb));
    /* Kernel#Rational: the buffer is already well-formed "a[.b][eN]/c" */
    if (strchr(bb, '/')) return sp_funcall1(SP_NIL, "Rational", s);
    if (strpbrk(bb, ".eE")) return sp_funcall0(s, "to_f");
    return sp_funcall0(s, "to_i");
}

/* One complex number at the cursor into *ret; 0 when it is malformed
 * (*ret still holds what could be read, as String#to_c wants). */
static int read_comp(cx_scan *z, sp_value *ret)
{
    char *bb = z->b;
    int sign = read_sign(z);
    if (is_unit(sc_peek(z))) {
        z->s++;
        *ret = cx_alloc(SP_FIX(0), SP_FIX(sign == '-' ? -1 : 1));
        return 1;
    }
    if (!read_rat_nos(z)) {
        *z->b = 0;
        *ret = cx_alloc(str2num(bb), SP_FIX(0));
        return 0;
    }
    *z->b = 0;
    sp_value num = str2num(bb);
    if (is_unit(sc_peek(z))) {
        z->s++;
        *ret = cx_alloc(SP_FIX(0), num);
        return 1;
    }
    if (sc_peek(z) == '@') {
        z->s++;
        bb = ++z->b;
        read_sign(z);
        int st = read_rat_nos(z);
        *z->b = 0;
        size_t n = strlen(bb);
        if (n < 1 || !is_dig((unsigned char)bb[n - 1])) {
            *ret = cx_alloc(num, SP_FIX(0));
            return 0;
        }
        *ret = polar_real(num, str2num(bb));
        return st;
    }
    if (is_sign(sc_peek(z))) {
        bb = ++z->b;
        sign = read_sign(z);
        sp_value num2;
        if (is_unit(sc_peek(z))) {
            num2 = SP_FIX(sign == '-' ? -1 : 1);
        } else {
            if (!read_rat_nos(z)) {
                *ret = cx_alloc(num, SP_FIX(0));
                return 0;
            }
            *z->b = 0;
            num2 = str2num(bb);
        }
        if (!is_unit(sc_peek(z))) {
            *ret = cx_alloc(num, SP_FIX(0));
            return 0;
        }
        z->s++;
        *ret = cx_alloc(num, num2);
        return 1;
    }
    *ret = cx_alloc(num, SP_FIX(0));
    return 1;
}

static int is_space(int c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

static int parse_comp(const char *p, size_t len, int strict, sp_value *ret)
{
    cx_scan z = { p, p + len, sp_alloc_atomic(len * 2 + 4), strict };
    while (is_space(sc_peek(&z))) z.s++;
    if (!read_comp(&z, ret)) return 0;
    while (is_space(sc_peek(&z))) z.s++;
    return !strict || z.s == z.e;
}

static sp_value str_to_c_strict(sp_value str, int exc)
{
    size_t len;
    const char *p = sp_str_snap(str, &len);
    sp_value r;
    if (memchr(p, 0, len)) {
        if (!exc) return SP_NIL;
        sp_raise(sp_eArgError, "string contains null byte");
    }
    if (!parse_comp(p, len, 1, &r)) {
        if (!exc) return SP_NIL;
        sp_raise(sp_eArgError, "invalid value for convert(): %s", sp_str_cstr(sp_inspect(str)));
    }
    return r;
}

SP_METHOD(str_to_c)
{
    size_t len;
    const char *p = sp_str_snap(self, &len);
    const char *nul = memchr(p, 0, len);
    sp_value r;
    parse_comp(p, nul ? (size_t)(nul - p) : len, 0, &r);
    return r;
}

/* ------------------------------------------------------------------ */
/* Kernel#Complex                                                      */

SP_METHOD(k_Complex)
{
    int exc = 1, n = argc;
    if (argc_ & SP_ARGC_KW) {
        n--;
        exc = sp_exception_kw(argc_, argv);
    }
    if (n < 1 || n > 2) sp_raise_arity(n, 1, 2);
    sp_value a1 = argv[0], a2 = n > 1 ? argv[1] : SP_UNDEF;
    if (n == 1 && sp_complex_p(a1)) return a1;
    if (a1 == SP_NIL || a2 == SP_NIL) {
        if (!exc) return SP_NIL;
        sp_raise(sp_eTypeError, "can't convert nil into Complex");
    }
    if (sp_str_p(a1) && (a1 = str_to_c_strict(a1, exc)) == SP_NIL) return SP_NIL;
    if (a2 != SP_UNDEF && sp_str_p(a2) && (a2 = str_to_c_strict(a2, exc)) == SP_NIL) return SP_NIL;
    if (sp_complex_p(a1) && c_exact_zero_p(CX(a1)->imag)) a1 = CX(a1)->real;
    if (a2 != SP_UNDEF && sp_complex_p(a2) && c_exact_zero_p(CX(a2)->imag)) a2 = CX(a2)->real;
    if (sp_complex_p(a1) && (a2 == SP_UNDEF || c_exact_zero_p(a2))) return a1;
    if (a2 == SP_UNDEF) {
        if (numeric_p(a1) && !num_real_p(a1)) return a1;
        if (!numeric_p(a1)) {
            if (!SP_SPECIAL_CONST_P(a1) && sp_respond_to(a1, sp_intern("to_c"), 1)) {
                sp_value r = sp_funcall0(a1, "to_c");
                if (sp_complex_p(r)) return r;
                if (!exc) return SP_NIL;
                sp_raise_convert_gives(a1, "Complex", "to_c", r);
            }
            if (!exc) return SP_NIL;
            sp_raise(sp_eTypeError, "can't convert %s into Complex", sp_obj_classname(a1));
        }
        return cx_alloc(real_check(a1), SP_FIX(0));
    }
    if (numeric_p(a1) && numeric_p(a2) && (!num_real_p(a1) || !num_real_p(a2)))
        return sp_funcall1(a1, "+", sp_funcall1(a2, "*", cx_alloc(SP_FIX(0), SP_FIX(1))));
    if (!exc && !is_real_type(a2)) return SP_NIL;
    return cx_alloc(real_check(a1), real_check(a2));
}

/* ------------------------------------------------------------------ */
/* Arithmetic                                                          */

static sp_value coerce_op(sp_value self, sp_value b, const char *op)
{
    return sp_num_coerce_bin(self, b, op);
}

static int real_operand(sp_value b) { return numeric_p(b) && num_real_p(b); }

SP_METHOD(cx_plus)
{
    sp_value b = ARG0;
    if (sp_complex_p(b))
        return cx_new2(c_add(CX(self)->real, CX(b)->real), c_add(CX(self)->imag, CX(b)->imag));
    if (real_operand(b)) return cx_new2(c_add(CX(self)->real, b), CX(self)->imag);
    return coerce_op(self, b, "+");
}

SP_METHOD(cx_minus)
{
    sp_value b = ARG0;
    if (sp_complex_p(b))
        return cx_new2(c_sub(CX(self)->real, CX(b)->real), c_sub(CX(self)->imag, CX(b)->imag));
    if (real_operand(b)) return cx_new2(c_sub(CX(self)->real, b), CX(self)->imag);
    return coerce_op(self, b, "-");
}

/* a*b where a zero part times an infinite Float must stay 0, not NaN:
 * CRuby replaces the non-zero Float by its sign. */
static sp_value safe_mul(sp_value a, sp_value b, int az, int bz)
{
    if (!az && bz && sp_float_p(a) && !isnan(sp_flo(a))) a = sp_float_new(signbit(sp_flo(a)) ? -1.0 : 1.0);
    if (!bz && az && sp_float_p(b) && !isnan(sp_flo(b))) b = sp_float_new(signbit(sp_flo(b)) ? -1.0 : 1.0);
    return c_mul(a, b);
}

static void comp_mul(sp_value ar, sp_value ai, sp_value br, sp_value bi, sp_value *r, sp_value *i)
{
    int arz = c_zero_p(ar), aiz = c_zero_p(ai), brz = c_zero_p(br), biz = c_zero_p(bi);
    sp_value rr = c_sub(safe_mul(ar, br, arz, brz), safe_mul(ai, bi, aiz, biz));
    sp_value ii = c_add(safe_mul(ar, bi, arz, biz), safe_mul(ai, br, aiz, brz));
    *r = rr;
    *i = ii;
}

static sp_value cx_mul_v(sp_value self, sp_value b)
{
    if (sp_complex_p(b)) {
        sp_value r, i;
        comp_mul(CX(self)->real, CX(self)->imag, CX(b)->real, CX(b)->imag, &r, &i);
        return cx_new2(r, i);
    }
    if (real_operand(b)) return cx_new2(c_mul(CX(self)->real, b), c_mul(CX(self)->imag, b));
    return coerce_op(self, b, "*");
}

SP_METHOD(cx_mul) { return cx_mul_v(self, ARG0); }

static sp_value fdiv_part(sp_value a, sp_value b) { return sp_funcall1(a, "fdiv", b); }

/* self / b with div the part division (quo or fdiv); Smith's method
 * (scale by the larger part of b) as CRuby, so results match bit for bit. */
static sp_value cx_divide(sp_value self, sp_value b, sp_value (*div)(sp_value, sp_value), const char *op)
{
    if (sp_complex_p(b)) {
        sp_value ar = CX(self)->real, ai = CX(self)->imag, br = CX(b)->real, bi = CX(b)->imag;
        int flo = sp_float_p(ar) || sp_float_p(ai) || sp_float_p(br) || sp_float_p(bi);
        sp_value r, n, x, y;
        if (SP_RTEST(sp_funcall1(c_abs(br), ">", c_abs(bi)))) {
            r = div(bi, br);
            n = c_mul(br, c_add(SP_FIX(1), c_mul(r, r)));
            x = div(c_add(ar, c_mul(ai, r)), n);
            y = div(c_sub(ai, c_mul(ar, r)), n);
        } else {
            r = div(br, bi);
            n = c_mul(bi, c_add(SP_FIX(1), c_mul(r, r)));
            x = div(c_add(c_mul(ar, r), ai), n);
            y = div(c_sub(c_mul(ai, r), ar), n);
        }
        if (!flo) { x = c_canon(x); y = c_canon(y); }
        return cx_new2(x, y);
    }
    if (real_operand(b))
        return cx_new2(c_canon(div(CX(self)->real, b)), c_canon(div(CX(self)->imag, b)));
    return coerce_op(self, b, op);
}

static sp_value cx_div_v(sp_value self, sp_value b) { return cx_divide(self, b, c_quo, "quo"); }   /* CRuby coerces with quo */
SP_METHOD(cx_div) { return cx_div_v(self, ARG0); }
SP_METHOD(cx_fdiv) { return cx_divide(self, ARG0, fdiv_part, "fdiv"); }

SP_METHOD(cx_uminus)
{
    return cx_new2(c_neg(CX(self)->real), c_neg(CX(self)->imag));
}

static sp_value zero_like(sp_value x)
{
    if (sp_float_p(x)) return sp_float_new(0.0);
    if (sp_rational_p(x)) return sp_rational_new(SP_FIX(0), SP_FIX(1));
    return SP_FIX(0);
}

static int c_eqeq(sp_value a, sp_value b)
{
    if (SP_FIXNUM_P(a) && SP_FIXNUM_P(b)) return a == b;
    if (sp_float_p(a) || sp_float_p(b)) return c_dbl(a) == c_dbl(b);
    return sp_equal(a, b);
}

/* z ** n for z on an axis or a diagonal and Integer n: exact, as CRuby
 * (SP_UNDEF when z is elsewhere). */
static sp_value pow_special_angle(sp_value self, sp_value e)
{
    if (!sp_integer_p(e)) return SP_UNDEF;
    sp_value re = CX(self)->real, im = CX(self)->imag, x = SP_UNDEF;
    int dir = 0;
    if (c_zero_p(im)) { x = re; dir = 0; }
    else if (c_zero_p(re)) { x = im; dir = 2; }
    else if (c_eqeq(re, im)) { x = re; dir = 1; }
    else if (c_eqeq(re, c_neg(im))) { x = im; dir = 3; }
    if (x == SP_UNDEF) return SP_UNDEF;
    if (c_negative_p(x)) { x = c_neg(x); dir += 4; }
    sp_value zx;
    if (dir % 2 == 0) {
        zx = sp_funcall1(x, "**", e);
    } else {
        zx = sp_funcall1(sp_funcall1(sp_funcall1(SP_FIX(2), "*", x), "*", x), "**", sp_int_div(e, SP_FIX(2)));
        if (sp_int_mod(e, SP_FIX(2)) == SP_FIX(1)) zx = sp_funcall1(zx, "*", x);
    }
    static const int dirs[8][2] = {
        {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}
    };
    int zd = (int)SP_FIX2LONG(sp_int_mod(sp_int_mul(SP_FIX(dir), e), SP_FIX(8)));
    sp_value part[2];
    for (int k = 0; k < 2; k++)
        part[k] = dirs[zd][k] == 0 ? zero_like(zx) : dirs[zd][k] > 0 ? zx : c_neg(zx);
    return cx_alloc(part[0], part[1]);
}

static sp_value cx_abs_v(sp_value self);
static sp_value cx_arg_v(sp_value self);

SP_METHOD(cx_pow)
{
    sp_value e = ARG0;
    if (numeric_p(e) && c_exact_zero_p(e) && !sp_complex_p(e)) return cx_alloc(SP_FIX(1), SP_FIX(0));
    if (sp_rational_p(e) && sp_funcall0(e, "denominator") == SP_FIX(1)) e = sp_funcall0(e, "numerator");
    if (sp_complex_p(e) && c_exact_zero_p(CX(e)->imag)) e = CX(e)->real;
    if (e == SP_FIX(1)) return cx_alloc(CX(self)->real, CX(self)->imag);
    sp_value r = pow_special_angle(self, e);
    if (r != SP_UNDEF) return r;
    if (sp_complex_p(e)) {
        double lr = log(c_dbl(cx_abs_v(self))), th = c_dbl(cx_arg_v(self));
        sp_value er = CX(e)->real, ei = CX(e)->imag;
        sp_value nr = sp_float_new(exp(c_dbl(c_sub(c_mul(er, sp_float_new(lr)), c_mul(ei, sp_float_new(th))))));
        sp_value nt = c_add(c_mul(sp_float_new(th), er), c_mul(ei, sp_float_new(lr)));
        return polar_real(nr, real_check(nt));
    }
    if (SP_FIXNUM_P(e)) {
        long n = SP_FIX2LONG(e);
        if (n < 0) {
            self = cx_div_v(cx_alloc(SP_FIX(1), SP_FIX(0)), self);
            e = SP_FIX(-n);
            n = -n;
        }
        sp_value xr = CX(self)->real, xi = CX(self)->imag, zr = xr, zi = xi;
        if (c_zero_p(xi)) {
            zr = sp_funcall1(zr, "**", e);
        } else if (c_zero_p(xr)) {
            zi = sp_funcall1(zi, "**", e);
            if (n & 2) zi = c_neg(zi);
            if (!(n & 1)) { sp_value t = zr; zr = zi; zi = t; }
        } else {
            /* square-and-multiply on the parts */
            while (--n) {
                for (; n % 2 == 0; n /= 2) {
                    sp_value t = c_sub(c_mul(xr, xr), c_mul(xi, xi));
                    xi = c_mul(c_mul(SP_FIX(2), xr), xi);
                    xr = t;
                }
                comp_mul(zr, zi, xr, xi, &zr, &zi);
            }
        }
        return cx_alloc(zr, zi);
    }
    if (real_operand(e)) {
        return polar_real(sp_funcall1(cx_abs_v(self), "**", e), c_mul(cx_arg_v(self), e));
    }
    return coerce_op(self, e, "**");
}

/* ------------------------------------------------------------------ */
/* Comparison, hashing                                                 */

SP_METHOD(cx_eq)
{
    sp_value b = ARG0;
    if (sp_complex_p(b))
        return SP_BOOL(c_eqeq(CX(self)->real, CX(b)->real) && c_eqeq(CX(self)->imag, CX(b)->imag));
    if (real_operand(b))
        return SP_BOOL(c_eqeq(CX(self)->real, b) && c_zero_p(CX(self)->imag));
    return SP_BOOL(sp_equal(b, self));
}

SP_METHOD(cx_cmp)
{
    sp_value b = ARG0;
    if (!numeric_p(b)) {
        return sp_num_coerce_cmp(self, b);
    }
    if (!c_zero_p(CX(self)->imag)) return SP_NIL;
    if (sp_complex_p(b)) {
        if (c_zero_p(CX(b)->imag)) return sp_funcall1(CX(self)->real, "<=>", CX(b)->real);
        return SP_NIL;
    }
    return sp_funcall1(CX(self)->real, "<=>", b);
}

/* marshal_dump (private): [real, imaginary], what Marshal writes */
SP_METHOD(cx_marshal_dump) { return sp_ary_new2(CX(self)->real, CX(self)->imag); }

SP_METHOD(cx_coerce)
{
    sp_value b = ARG0, pr[2];
    if (sp_complex_p(b)) { pr[0] = b; pr[1] = self; }
    else if (real_operand(b)) { pr[0] = cx_alloc(b, SP_FIX(0)); pr[1] = self; }
    else sp_raise(sp_eTypeError, "%s can't be coerced into Complex", sp_obj_classname(b));
    return sp_ary_new_from(2, pr);
}

SP_METHOD(cx_hash)
{
    uint64_t h = sp_hash_value(CX(self)->real) * 0x9e3779b97f4a7c15ULL;
    h ^= sp_hash_value(CX(self)->imag) + 0x7f4a7c15ULL + (h << 6) + (h >> 2);
    return SP_FIX((int64_t)(h >> 2));
}

SP_METHOD(cx_eql)
{
    sp_value b = ARG0;
    if (!sp_complex_p(b)) return SP_FALSE;
    return SP_BOOL(sp_class_of(CX(self)->real) == sp_class_of(CX(b)->real) &&
                   sp_class_of(CX(self)->imag) == sp_class_of(CX(b)->imag) &&
                   c_eqeq(CX(self)->real, CX(b)->real) && c_eqeq(CX(self)->imag, CX(b)->imag));
}

/* ------------------------------------------------------------------ */
/* Polar views                                                         */

static sp_value cx_abs_v(sp_value self)
{
    sp_value re = CX(self)->real, im = CX(self)->imag;
    if (c_zero_p(re)) {
        sp_value a = c_abs(im);
        return sp_float_p(re) && !sp_float_p(im) ? sp_float_new(c_dbl(a)) : a;
    }
    if (c_zero_p(im)) {
        sp_value a = c_abs(re);
        return !sp_float_p(re) && sp_float_p(im) ? sp_float_new(c_dbl(a)) : a;
    }
    return sp_float_new(hypot(c_dbl(re), c_dbl(im)));
}

static sp_value cx_arg_v(sp_value self)
{
    return sp_float_new(atan2(c_dbl(CX(self)->imag), c_dbl(CX(self)->real)));
}

SP_METHOD(cx_abs) { return cx_abs_v(self); }
SP_METHOD(cx_arg) { return cx_arg_v(self); }

SP_METHOD(cx_abs2)
{
    sp_value re = CX(self)->real, im = CX(self)->imag;
    return c_add(c_mul(re, re), c_mul(im, im));
}

SP_METHOD(cx_rect)
{
    sp_value pr[2] = { CX(self)->real, CX(self)->imag };
    return sp_ary_new_from(2, pr);
}

SP_METHOD(cx_polar)
{
    sp_value pr[2] = { cx_abs_v(self), cx_arg_v(self) };
    return sp_ary_new_from(2, pr);
}

SP_METHOD(cx_conj)
{
    return cx_new2(CX(self)->real, c_neg(CX(self)->imag));
}

SP_METHOD(cx_real) { return CX(self)->real; }
SP_METHOD(cx_imag) { return CX(self)->imag; }
SP_METHOD(cx_false) { return SP_FALSE; }
SP_METHOD(cx_self) { return self; }

static int part_finite(sp_value x)
{
    if (sp_integer_p(x) || sp_rational_p(x)) return 1;
    if (sp_float_p(x)) return isfinite(sp_flo(x));
    return SP_RTEST(sp_funcall0(x, "finite?"));
}
static int part_infinite(sp_value x)
{
    if (sp_integer_p(x) || sp_rational_p(x)) return 0;
    if (sp_float_p(x)) return isinf(sp_flo(x));
    return SP_RTEST(sp_funcall0(x, "infinite?"));
}

SP_METHOD(cx_finite)
{
    return SP_BOOL(part_finite(CX(self)->real) && part_finite(CX(self)->imag));
}
SP_METHOD(cx_infinite)
{
    return part_infinite(CX(self)->real) || part_infinite(CX(self)->imag) ? SP_FIX(1) : SP_NIL;
}

/* ------------------------------------------------------------------ */
/* Formatting and conversion                                           */

/* "re+im i" with each part formatted by fmt (to_s or inspect); a part
 * that does not end in a digit (Infinity, NaN, (1/2)) gets a "*". */
static sp_value cx_format(sp_value self, sp_value (*fmt)(sp_value), int paren)
{
    sp_value s = sp_str_buf_new(32);
    if (paren) sp_str_cat(s, "(", 1);
    size_t len;
    const char *p = sp_str_snap(fmt(CX(self)->real), &len);
    sp_str_cat(s, p, len);
    sp_str_cat(s, c_signbit(CX(self)->imag) ? "-" : "+", 1);
    p = sp_str_snap(fmt(c_abs(CX(self)->imag)), &len);
    sp_str_cat(s, p, len);
    if (len == 0 || !is_dig((unsigned char)p[len - 1])) sp_str_cat(s, "*", 1);
    sp_str_cat(s, paren ? "i)" : "i", paren ? 2 : 1);
    return s;
}

SP_METHOD(cx_to_s) { return cx_format(self, sp_to_s, 0); }
SP_METHOD(cx_inspect) { return cx_format(self, sp_inspect, 1); }

static void need_exact_real(sp_value self, const char *into)
{
    if (!c_exact_zero_p(CX(self)->imag))
        sp_raise(sp_eRangeError, "can't convert %s into %s", sp_str_cstr(cx_to_s(self, 0, NULL, SP_NIL)), into);
}

SP_METHOD(cx_to_i)
{
    need_exact_real(self, "Integer");
    return sp_funcall0(CX(self)->real, "to_i");
}
SP_METHOD(cx_to_f)
{
    need_exact_real(self, "Float");
    return sp_funcall0(CX(self)->real, "to_f");
}
/* 3.4: to_r (only) also accepts a Float 0.0 imaginary part. */
SP_METHOD(cx_to_r)
{
    sp_value im = CX(self)->imag;
    if (!(sp_float_p(im) && sp_flo(im) == 0.0)) need_exact_real(self, "Rational");
    return sp_funcall0(CX(self)->real, "to_r");
}
SP_METHOD(cx_rationalize)
{
    if (argc > 1) sp_raise_arity(argc, 0, 1);
    need_exact_real(self, "Rational");
    return argc ? sp_funcall1(CX(self)->real, "rationalize", ARG0) : sp_funcall0(CX(self)->real, "rationalize");
}

/* denominator: lcm of the parts' denominators; numerator: self * it. */
static sp_value part_den(sp_value x)
{
    return sp_integer_p(x) ? SP_FIX(1) : sp_funcall0(x, "denominator");
}
static sp_value part_num(sp_value x)
{
    return sp_integer_p(x) ? x : sp_funcall0(x, "numerator");
}
SP_METHOD(cx_denominator)
{
    return sp_funcall1(part_den(CX(self)->real), "lcm", part_den(CX(self)->imag));
}
SP_METHOD(cx_numerator)
{
    sp_value cd = cx_denominator(self, 0, NULL, SP_NIL), re = CX(self)->real, im = CX(self)->imag;
    return cx_new2(c_mul(part_num(re), sp_funcall1(cd, "/", part_den(re))),
                   c_mul(part_num(im), sp_funcall1(cd, "/", part_den(im))));
}

SP_METHOD(num_to_c) { return cx_alloc(self, SP_FIX(0)); }
SP_METHOD(nil_to_c) { return cx_alloc(SP_FIX(0), SP_FIX(0)); }
SP_METHOD(num_i) { return cx_alloc(SP_FIX(0), self); }

/* ------------------------------------------------------------------ */

void sp_init_complex(void)
{
    sp_value C = sp_cComplex = sp_define_class("Complex", sp_cNumeric);
    sp_value meta = sp_singleton_class(C);
    sp_undef_method(meta, "new");
    sp_undef_method(meta, "allocate");
    sp_define_singleton_method(C, "rectangular", cx_s_rect, -1);
    sp_define_alias(meta, "rect", "rectangular");
    sp_define_singleton_method(C, "polar", cx_s_polar, -1);
    static const char *const undefs[] = {
        "<", "<=", ">", ">=", "between?", "clamp", "%", "div", "divmod", "floor",
        "ceil", "modulo", "remainder", "round", "step", "truncate", "i",
        "positive?", "negative?",
    };
    for (size_t k = 0; k < sizeof undefs / sizeof *undefs; k++) sp_undef_method(C, undefs[k]);
    sp_define_method(C, "real", cx_real, 0);
    sp_define_method(C, "imaginary", cx_imag, 0);
    sp_define_method(C, "-@", cx_uminus, 0);
    sp_define_method(C, "+@", cx_self, 0);   /* Numeric#+@ in CRuby; Spinel's Numeric lacks it */
    sp_define_method(C, "+", cx_plus, 1);
    sp_define_method(C, "-", cx_minus, 1);
    sp_define_method(C, "*", cx_mul, 1);
    sp_define_method(C, "/", cx_div, 1);
    sp_define_alias(C, "quo", "/");
    sp_define_method(C, "fdiv", cx_fdiv, 1);
    sp_define_method(C, "**", cx_pow, 1);
    sp_define_method(C, "==", cx_eq, 1);
    sp_define_method(C, "<=>", cx_cmp, 1);
    sp_define_method(C, "coerce", cx_coerce, 1);
    sp_define_private_method(C, "marshal_dump", cx_marshal_dump, 0);
    sp_define_method(C, "abs", cx_abs, 0);
    sp_define_method(C, "abs2", cx_abs2, 0);
    sp_define_method(C, "arg", cx_arg, 0);
    sp_define_method(C, "rectangular", cx_rect, 0);
    sp_define_method(C, "polar", cx_polar, 0);
    sp_define_method(C, "conjugate", cx_conj, 0);
    sp_define_alias(C, "imag", "imaginary");
    sp_define_alias(C, "magnitude", "abs");
    sp_define_alias(C, "angle", "arg");
    sp_define_alias(C, "phase", "arg");
    sp_define_alias(C, "rect", "rectangular");
    sp_define_alias(C, "conj", "conjugate");
    sp_define_method(C, "real?", cx_false, 0);
    sp_define_method(C, "numerator", cx_numerator, 0);
    sp_define_method(C, "denominator", cx_denominator, 0);
    sp_define_method(C, "hash", cx_hash, 0);
    sp_define_method(C, "eql?", cx_eql, 1);
    sp_define_method(C, "to_s", cx_to_s, 0);
    sp_define_method(C, "inspect", cx_inspect, 0);
    sp_define_method(C, "finite?", cx_finite, 0);
    sp_define_method(C, "infinite?", cx_infinite, 0);
    sp_define_method(C, "to_i", cx_to_i, 0);
    sp_define_method(C, "to_f", cx_to_f, 0);
    sp_define_method(C, "to_r", cx_to_r, 0);
    sp_define_method(C, "rationalize", cx_rationalize, -1);
    sp_define_method(C, "to_c", cx_self, 0);
    sp_define_const(C, "I", cx_alloc(SP_FIX(0), SP_FIX(1)));

    sp_define_method(sp_cNumeric, "to_c", num_to_c, 0);
    sp_define_method(sp_cNumeric, "i", num_i, 0);
    sp_define_method(sp_cNilClass, "to_c", nil_to_c, 0);
    sp_define_method(sp_cString, "to_c", str_to_c, 0);
    sp_define_private_method(sp_mKernel, "Complex", k_Complex, -1);
}

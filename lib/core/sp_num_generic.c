/*
 * sp_num_generic.c — the methods Numeric itself defines for its user
 * subclasses (class Money < Numeric): each is written in terms of the
 * methods such a class provides (<, >, %, /, -, coerce, to_f, to_r,
 * zero?), as CRuby's numeric.c does.  Integer, Float, Rational and
 * Complex override them all with their own (sp_numeric.c, sp_rational.c,
 * sp_complex.c), so these run only for other Numerics.
 *
 * No state: every method calls back into the receiver.
 */
#include "sp_numeric.h"
#include "sp_array.h"

#include <math.h>

#define ARG0 (argv[0])

/* CRuby's rb_num_compare_with_zero: self op 0, ArgumentError
 * "comparison of X with 0 failed" when self does not answer op. */
static sp_value cmp_zero(sp_value self, const char *op)
{
    if (!sp_respond_to(self, sp_intern(op), 1)) sp_num_cmp_fail(self, SP_FIX(0));
    return sp_funcall1(self, op, SP_FIX(0));
}

static int negative_p(sp_value v)
{
    if (sp_numeric_p(v)) return sp_cmp_values(v, SP_FIX(0)) < 0;
    return SP_RTEST(cmp_zero(v, "<"));
}

static int positive_p(sp_value v)
{
    if (sp_numeric_p(v)) return sp_cmp_values(v, SP_FIX(0)) > 0;
    return SP_RTEST(cmp_zero(v, ">"));
}

/* rb_Float of a Numeric: its #to_f */
static sp_value to_float(sp_value v) { return sp_float_new(sp_to_float(v)); }

SP_METHOD(num_positive_p) { return cmp_zero(self, ">"); }
SP_METHOD(num_negative_p) { return SP_BOOL(negative_p(self)); }
SP_METHOD(num_zero_p) { return SP_BOOL(sp_equal(self, SP_FIX(0))); }
SP_METHOD(num_nonzero_p) { return SP_RTEST(sp_funcall0(self, "zero?")) ? SP_NIL : self; }
SP_METHOD(num_uplus) { return self; }

SP_METHOD(num_uminus)
{
    /* 0.coerce-style: self.coerce(0) gives [zero, self'], then zero - self' */
    return sp_num_coerce_bin(SP_FIX(0), self, "-");
}

SP_METHOD(num_cmp) { return self == ARG0 ? SP_FIX(0) : SP_NIL; }

SP_METHOD(num_abs) { return negative_p(self) ? sp_funcall0(self, "-@") : self; }

SP_METHOD(num_div)
{
    if (sp_equal(SP_FIX(0), ARG0)) sp_zerodiv();
    return sp_funcall0(sp_funcall1(self, "/", ARG0), "floor");
}

SP_METHOD(num_modulo)
{
    sp_value q = sp_funcall1(self, "div", ARG0);
    return sp_funcall1(self, "-", sp_funcall1(ARG0, "*", q));
}

SP_METHOD(num_divmod)
{
    sp_value v[2] = { sp_funcall1(self, "div", ARG0), sp_funcall1(self, "%", ARG0) };
    return sp_ary_new_from(2, v);
}

/* x.remainder(y): x % y, less y when the signs of x and y differ; a y
 * that is no Numeric is coerced first (y.coerce(x)) */
SP_METHOD(num_remainder)
{
    sp_value x = self, y = ARG0;
    if (!sp_obj_is_kind_of(y, sp_cNumeric)) sp_num_coerce_pair(&x, &y);
    sp_value z = sp_funcall1(x, "%", y);
    if (!sp_equal(z, SP_FIX(0)) && ((negative_p(x) && positive_p(y)) || (positive_p(x) && negative_p(y)))) {
        if (sp_float_p(y) && isinf(sp_flo(y))) return x;
        return sp_funcall1(z, "-", y);
    }
    return z;
}

SP_METHOD(num_fdiv) { return sp_funcall1(to_float(self), "/", ARG0); }

SP_METHOD(num_quo)
{
    if (sp_float_p(ARG0)) return sp_funcall1(self, "fdiv", ARG0);
    sp_value r = sp_funcall0(self, "to_r");
    if (!sp_rational_p(r))
        sp_raise_convert_gives(self, "Rational", "to_r", r);
    return sp_funcall1(r, "/", ARG0);
}

SP_METHOD(num_eql)
{
    sp_value o = ARG0;
    if (SP_SPECIAL_CONST_P(o) || SP_TYPE(o) != SP_TYPE(self)) return SP_FALSE;
    return SP_BOOL(sp_equal(self, o));
}

/* Numerics are immutable values: clone and dup give self (CRuby's
 * rb_immutable_obj_clone); clone(freeze: false) cannot unfreeze */
SP_METHOD(num_clone)
{
    sp_clone_freeze_arg(self, argc_, argv);   /* checks freeze: and the arity */
    if ((argc_ & SP_ARGC_KW) &&
        sp_hash_lookup(argv[SP_ARGC(argc_) - 1], sp_sym("freeze"), SP_UNDEF) == SP_FALSE)
        sp_raise(sp_eArgError, "can't unfreeze %s", sp_obj_classname(self));
    return self;
}

SP_METHOD(num_to_int) { return sp_funcall0(self, "to_i"); }
SP_METHOD(num_numerator) { return sp_funcall0(sp_funcall0(self, "to_r"), "numerator"); }
SP_METHOD(num_denominator) { return sp_funcall0(sp_funcall0(self, "to_r"), "denominator"); }
SP_METHOD(num_finite_p) { return SP_TRUE; }
SP_METHOD(num_infinite_p) { return SP_NIL; }

/* floor/ceil/round/truncate: Float(self)'s */
SP_METHOD(num_floor) { return sp_call(to_float(self), sp_intern("floor"), argc_, argv, SP_NIL); }
SP_METHOD(num_ceil) { return sp_call(to_float(self), sp_intern("ceil"), argc_, argv, SP_NIL); }
SP_METHOD(num_round) { return sp_call(to_float(self), sp_intern("round"), argc_, argv, SP_NIL); }
SP_METHOD(num_truncate) { return sp_call(to_float(self), sp_intern("truncate"), argc_, argv, SP_NIL); }

void sp_init_num_generic(void)
{
    sp_value N = sp_cNumeric;
    sp_define_method(N, "positive?", num_positive_p, 0);
    sp_define_method(N, "negative?", num_negative_p, 0);
    sp_define_method(N, "zero?", num_zero_p, 0);
    sp_define_method(N, "nonzero?", num_nonzero_p, 0);
    sp_define_method(N, "+@", num_uplus, 0);
    sp_define_method(N, "-@", num_uminus, 0);
    sp_define_method(N, "<=>", num_cmp, 1);
    sp_define_method(N, "abs", num_abs, 0);
    sp_define_method(N, "magnitude", num_abs, 0);
    sp_define_method(N, "div", num_div, 1);
    sp_define_method(N, "%", num_modulo, 1);
    sp_define_method(N, "modulo", num_modulo, 1);
    sp_define_method(N, "divmod", num_divmod, 1);
    sp_define_method(N, "remainder", num_remainder, 1);
    sp_define_method(N, "fdiv", num_fdiv, 1);
    sp_define_method(N, "quo", num_quo, 1);
    sp_define_method(N, "eql?", num_eql, 1);
    sp_define_method(N, "clone", num_clone, -1);
    sp_define_method(N, "dup", num_uplus, 0);
    sp_define_method(N, "to_int", num_to_int, 0);
    sp_define_method(N, "numerator", num_numerator, 0);
    sp_define_method(N, "denominator", num_denominator, 0);
    sp_define_method(N, "finite?", num_finite_p, 0);
    sp_define_method(N, "infinite?", num_infinite_p, 0);
    sp_define_method_range(N, "floor", num_floor, 0, 1);
    sp_define_method_range(N, "ceil", num_ceil, 0, 1);
    sp_define_method(N, "round", num_round, -1);
    sp_define_method_range(N, "truncate", num_truncate, 0, 1);
}

/*
 * sp_compare.c — the Comparable module: <, <=, ==, >, >=, between?, clamp,
 * all defined in terms of the receiver's <=>.
 */
#include "sp_class.h"

static SP_NORETURN void cmp_failed(sp_value a, sp_value b)
{
    const char *bn;
    if (SP_SPECIAL_CONST_P(b) || SP_FLONUM_P(b)) bn = sp_str_cstr(sp_inspect(b));
    else bn = sp_obj_classname(b);
    sp_raise(sp_eArgError, "comparison of %s with %s failed", sp_obj_classname(a), bn);
}

static int cmpint(sp_value r);

/* a <=> b as a C int; raises ArgumentError when it is nil. */
static int cmp(sp_value a, sp_value b)
{
    sp_value r = sp_funcall(a, sp_intern("<=>"), 1, &b, SP_NIL);
    if (r == SP_NIL) cmp_failed(a, b);
    return cmpint(r);
}

/* CRuby's rb_cmpint: the sign of a <=> result that is not nil. */
static int cmpint(sp_value r)
{
    if (SP_FIXNUM_P(r)) { int64_t v = SP_FIX2LONG(r); return v < 0 ? -1 : v > 0; }
    /* non-Integer results: compare with 0 via > and < */
    sp_value zero = SP_FIX(0);
    if (SP_RTEST(sp_funcall(r, sp_intern(">"), 1, &zero, SP_NIL))) return 1;
    if (SP_RTEST(sp_funcall(r, sp_intern("<"), 1, &zero, SP_NIL))) return -1;
    return 0;
}

SP_METHOD(cmp_lt) { return SP_BOOL(cmp(self, argv[0]) < 0); }
SP_METHOD(cmp_le) { return SP_BOOL(cmp(self, argv[0]) <= 0); }
SP_METHOD(cmp_gt) { return SP_BOOL(cmp(self, argv[0]) > 0); }
SP_METHOD(cmp_ge) { return SP_BOOL(cmp(self, argv[0]) >= 0); }

SP_METHOD(cmp_eq)
{
    if (self == argv[0]) return SP_TRUE;
    /* Object#<=> calls == : guard the recursion like CRuby (false) */
    if (sp_guard_push(self)) return SP_FALSE;
    sp_value r = sp_funcall(self, sp_intern("<=>"), 1, argv, SP_NIL);
    sp_guard_pop(self);
    if (r == SP_NIL) return SP_FALSE;
    return SP_BOOL(cmpint(r) == 0);
}

SP_METHOD(cmp_between)
{
    return SP_BOOL(cmp(self, argv[0]) >= 0 && cmp(self, argv[1]) <= 0);
}

SP_METHOD(cmp_clamp)
{
    int n = argc;
    sp_value lo, hi;
    if (n == 1) {
        sp_value r = argv[0];
        if (!SP_HEAP_P(r) || SP_TYPE(r) != SP_T_RANGE)
            sp_raise(sp_eTypeError, "wrong argument type %s (expected Range)",
                     r == SP_NIL ? "nil" : r == SP_TRUE ? "true" : r == SP_FALSE ? "false" : sp_obj_classname(r));
        lo = sp_funcall0(r, "begin");
        hi = sp_funcall0(r, "end");
        if (hi != SP_NIL && SP_RTEST(sp_funcall0(r, "exclude_end?")))
            sp_raise(sp_eArgError, "cannot clamp with an exclusive range");
    } else if (n == 2) {
        lo = argv[0];
        hi = argv[1];
    } else {
        sp_raise_arity(n, 1, 2);
    }
    if (lo != SP_NIL && hi != SP_NIL && cmp(lo, hi) > 0)
        sp_raise(sp_eArgError, "min argument must be less than or equal to max argument");
    if (lo != SP_NIL) {
        int c = cmp(self, lo);
        if (c == 0) return self;
        if (c < 0) return lo;
    }
    if (hi != SP_NIL && cmp(self, hi) > 0) return hi;
    return self;
}

void sp_init_comparable(void)
{
    sp_value c = sp_mComparable;
    sp_define_method(c, "<", cmp_lt, 1);
    sp_define_method(c, "<=", cmp_le, 1);
    sp_define_method(c, ">", cmp_gt, 1);
    sp_define_method(c, ">=", cmp_ge, 1);
    sp_define_method(c, "==", cmp_eq, 1);
    sp_define_method(c, "between?", cmp_between, 2);
    sp_define_method(c, "clamp", cmp_clamp, -1);
    sp_include_module(sp_cString, c);
    sp_include_module(sp_cNumeric, c);
}

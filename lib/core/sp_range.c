/*
 * sp_range.c — Range.
 *
 * Representation (sp_range.h): {hdr, beg, end, excl}, frozen at birth;
 * nil ends mean beginless/endless.  Integer ranges iterate with a C loop
 * (no allocation per step); sum/size/include? of Integer ranges are O(1).
 * Other element types iterate with #succ and compare with #<=>.
 * Everything else (map, select, each_slice, ...) comes from Enumerable.
 */
#include "sp_range.h"
#include "sp_numeric.h"
#include "sp_string.h"
#include "sp_array.h"
#include "sp_hash.h"
#include "sp_enum.h"

#include <math.h>
#include <string.h>

#define R(v) SP_RANGE(v)

static sp_value range_alloc(sp_value klass, sp_value b, sp_value e, int excl)
{
    sp_range *r = sp_alloc(sizeof(sp_range), klass, SP_T_RANGE);
    r->beg = b; r->end = e; r->excl = excl;
    r->hdr.flags |= SP_FL_FROZEN;
    return (sp_value)r;
}

sp_value sp_range_new(sp_value b, sp_value e, int excl)
{
    if (!(SP_FIXNUM_P(b) && SP_FIXNUM_P(e)) && b != SP_NIL && e != SP_NIL) {
        if (!(sp_numeric_p(b) && sp_numeric_p(e)) && !(sp_str_p(b) && sp_str_p(e))) {
            sp_value c = sp_funcall1(b, "<=>", e);
            if (c == SP_NIL) sp_raise(sp_eArgError, "bad value for range");
        }
    }
    return range_alloc(sp_cRange, b, e, excl);
}

int sp_range_beg_len(sp_value range, long len, long *begp, long *lenp, int err)
{
    sp_range *r = R(range);
    long b = r->beg == SP_NIL ? 0 : (long)sp_num_to_long(r->beg);
    long e = r->end == SP_NIL ? -1 : (long)sp_num_to_long(r->end);
    int excl = r->end == SP_NIL ? 0 : r->excl;
    long ob = b, oe = e;
    (void)oe;
    if (b < 0) { b += len; if (b < 0) goto out; }
    if (e < 0) e += len;
    if (!excl) e++;
    if (err != 3) {         /* 3: CRuby's err=1 mode (Array#[]=, #fill): no clamping */
        if (b > len) goto out;
        if (e > len) e = len;
    }
    *begp = b;
    *lenp = e - b < 0 ? 0 : e - b;
    return 1;
out:
    (void)ob;
    if (err) sp_raise(sp_eRangeError, "%s out of range", sp_str_cstr(sp_inspect(range)));
    return 0;
}

/* The (start, length) form shared by Array#[]/slice!/String#[]:
 * a negative start counts from the end; 0 when start is outside
 * [0, n] or length is negative; otherwise clamps length to n - start. */
int sp_index_beg_len(long *beg, long *len, long n)
{
    if (*beg < 0) *beg += n;
    if (*beg < 0 || *beg > n || *len < 0) return 0;
    if (*len > n - *beg) *len = n - *beg;
    return 1;
}

static int int_range(sp_value self) { return SP_FIXNUM_P(R(self)->beg) && (SP_FIXNUM_P(R(self)->end) || R(self)->end == SP_NIL); }

/* Last integer included (for Integer ranges with an Integer/Float end). */
static sp_value int_last(sp_range *r)
{
    if (sp_float_p(r->end)) {
        double d = sp_flo(r->end);
        double f = floor(d);
        if (r->excl && f == d) f -= 1;
        return sp_int_from_double(f);
    }
    return r->excl ? sp_int_minus(r->end, SP_FIX(1)) : r->end;
}

static int sym_p(sp_value v) { return sp_class_of(v) == sp_cSymbol_c; }
static int num_kind_p(sp_value v) { return sp_numeric_p(v) || sp_obj_is_kind_of(v, sp_cNumeric); }

SP_METHOD(r_each)
{
    SP_RETURN_ENUM(self, "each", argc_, argv);
    sp_range *r = R(self);
    if (SP_FIXNUM_P(r->beg) && r->end == SP_NIL) {
        for (int64_t i = SP_FIX2LONG(r->beg);; i++) sp_yield1(blk, sp_int_new(i));
    }
    if (SP_FIXNUM_P(r->beg) && SP_FIXNUM_P(r->end)) {
        int64_t b = SP_FIX2LONG(r->beg), e = SP_FIX2LONG(r->end);
        if (r->excl) e--;
        for (int64_t i = b; i <= e; i++) sp_yield1(blk, SP_FIX(i));
        return self;
    }
    if (sp_integer_p(r->beg) && sp_float_p(r->end) && isinf(sp_flo(r->end))) {
        if (sp_flo(r->end) < 0) return self;
        for (sp_value i = r->beg;; i = sp_int_plus(i, SP_FIX(1))) sp_yield1(blk, i);
    }
    if (sp_integer_p(r->beg) && (sp_numeric_p(r->end))) {
        sp_value last = int_last(r);
        for (sp_value i = r->beg; sp_int_cmp(i, last) <= 0; i = sp_int_plus(i, SP_FIX(1))) sp_yield1(blk, i);
        return self;
    }
    if (r->beg == SP_NIL) sp_raise(sp_eTypeError, "can't iterate from NilClass");
    if (sp_float_p(r->beg)) sp_raise(sp_eTypeError, "can't iterate from Float");
    if (sp_str_p(r->beg) && sp_str_p(r->end)) {
        sp_value args[2] = { r->end, SP_BOOL(r->excl) };
        sp_call(r->beg, sp_intern("upto"), 2, args, blk);
        return self;
    }
    if (sym_p(r->beg) && sym_p(r->end)) {
        /* CRuby iterates the names as String#upto does and interns each:
         * Symbol#succ alone would pass :z on its way (:Z.succ is :AA) and
         * never stop */
        sp_value args[2] = { sp_funcall0(r->end, "to_s"), SP_BOOL(r->excl) };
        sp_value names = sp_funcall0(sp_call(sp_funcall0(r->beg, "to_s"), sp_intern("upto"), 2, args, SP_NIL), "to_a");
        long n; sp_value *e = sp_ary_snap(names, &n);
        for (long i = 0; i < n; i++) sp_yield1(blk, sp_funcall0(e[i], "to_sym"));
        return self;
    }
    if (!sp_respond_to(r->beg, sp_intern("succ"), 0))
        sp_raise(sp_eTypeError, "can't iterate from %s", sp_obj_classname(r->beg));
    sp_value v = r->beg;
    if (r->end == SP_NIL) { for (;;) { sp_yield1(blk, v); v = sp_funcall0(v, "succ"); } }
    for (;;) {
        int c = sp_cmp_values(v, r->end);
        if (c > 0 || (c == 0 && r->excl)) break;
        sp_yield1(blk, v);
        if (c == 0) break;
        v = sp_funcall0(v, "succ");
    }
    return self;
}

SP_METHOD(r_reverse_each)
{
    SP_RETURN_ENUM(self, "reverse_each", argc_, argv);
    sp_range *r = R(self);
    if (sp_integer_p(r->end) && (sp_integer_p(r->beg) || r->beg == SP_NIL)) {
        sp_value last = int_last(r);
        for (sp_value i = last; r->beg == SP_NIL || sp_int_cmp(i, r->beg) >= 0; i = sp_int_minus(i, SP_FIX(1)))
            sp_yield1(blk, i);
        return self;
    }
    if (r->end == SP_NIL) sp_raise(sp_eTypeError, "can't iterate from %s", sp_obj_classname(r->end));
    sp_value a = sp_enum_to_a(self);
    for (long i = sp_ary_len(a) - 1; i >= 0; i--) sp_yield1(blk, sp_ary_entry(a, i));
    return self;
}

SP_METHOD(r_to_a)
{
    sp_range *r = R(self);
    if (r->end == SP_NIL) sp_raise(sp_eRangeError, "cannot convert endless range to an array");
    if (SP_FIXNUM_P(r->beg) && SP_FIXNUM_P(r->end)) {
        int64_t b = SP_FIX2LONG(r->beg), e = SP_FIX2LONG(r->end);
        if (r->excl) e--;
        sp_value a = sp_ary_new_capa(e >= b ? (long)(e - b + 1) : 0);
        for (int64_t i = b; i <= e; i++) sp_ary_push(a, SP_FIX(i));
        return a;
    }
    return sp_enum_to_a(self);
}

SP_METHOD(r_begin) { return R(self)->beg; }
SP_METHOD(r_end) { return R(self)->end; }
SP_METHOD(r_excl) { return SP_BOOL(R(self)->excl); }

SP_METHOD(r_first)
{
    sp_range *r = R(self);
    if (argc == 0) {
        if (r->beg == SP_NIL) sp_raise(sp_eRangeError, "cannot get the first element of beginless range");
        return r->beg;
    }
    long n = (long)sp_num_to_long(argv[0]);
    if (n < 0) sp_raise(sp_eArgError, "negative array size (or size too big)");
    sp_value a = sp_ary_new();
    if (int_range(self)) {
        int64_t b = SP_FIX2LONG(r->beg);
        for (long k = 0; k < n; k++) {
            int64_t v = b + k;
            if (r->end != SP_NIL) { int64_t e = SP_FIX2LONG(r->end); if (v > e || (r->excl && v == e)) break; }
            sp_ary_push(a, SP_FIX(v));
        }
        return a;
    }
    /* Enumerable#first stops early, so endless ("a"..) and huge ranges work */
    sp_method *m = sp_find_method((sp_class *)sp_mEnumerable, sp_intern("first"));
    return sp_method_invoke(m, self, argc_, argv, blk);
}

SP_METHOD(r_last)
{
    sp_range *r = R(self);
    if (argc == 0) {
        if (r->end == SP_NIL) sp_raise(sp_eRangeError, "cannot get the last element of endless range");
        return r->end;
    }
    sp_value all = r_to_a(self, 0, NULL, SP_NIL);
    long n = (long)sp_num_to_long(argv[0]), len = sp_ary_len(all);
    if (n < 0) sp_raise(sp_eArgError, "negative array size");
    if (n > len) n = len;
    sp_value a = sp_ary_new();
    for (long k = len - n; k < len; k++) sp_ary_push(a, sp_ary_entry(all, k));
    return a;
}

SP_METHOD(r_min)
{
    sp_range *r = R(self);
    if (r->beg == SP_NIL) sp_raise(sp_eRangeError, "cannot get the minimum of beginless range");
    if (blk != SP_NIL) {
        if (r->end == SP_NIL) sp_raise(sp_eRangeError, "cannot get the minimum of endless range with custom comparison method");
        return sp_call(r_to_a(self, 0, NULL, SP_NIL), sp_intern("min"), argc, argv, blk);
    }
    /* min(n) is first(n) (CRuby's range_min): it stops after n, so
     * (0...2**64).min(2) does not build the whole range */
    if (argc > 0) return r_first(self, argc_, argv, blk);
    if (r->end == SP_NIL) return r->beg;
    int c = sp_cmp_values(r->beg, r->end);
    if (c > 0 || (c == 0 && r->excl)) return SP_NIL;
    return r->beg;
}

SP_METHOD(r_max)
{
    sp_range *r = R(self);
    sp_value b = r->beg, e = r->end;
    if (e == SP_NIL) sp_raise(sp_eRangeError, "cannot get the maximum of endless range");
    if (blk != SP_NIL || argc > 0 || (r->excl && !num_kind_p(e))) {
        if (b == SP_NIL) sp_raise(sp_eRangeError, "cannot get the maximum of beginless range with custom comparison method");
        return sp_call(r_to_a(self, 0, NULL, SP_NIL), sp_intern("max"), argc, argv, blk);
    }
    int c = b == SP_NIL ? -1 : sp_cmp_values(b, e);
    if (c > 0) return SP_NIL;
    if (r->excl) {
        /* CRuby's range_max, in its order of checks */
        if (!sp_integer_p(e)) sp_raise(sp_eTypeError, "cannot exclude non Integer end value");
        if (c == 0) return SP_NIL;
        if (!sp_integer_p(b)) sp_raise(sp_eTypeError, "cannot exclude end value with non Integer begin value");
        return sp_int_minus(e, SP_FIX(1));
    }
    return e;
}

SP_METHOD(r_minmax)
{
    /* with a block, one walk over the elements (CRuby: Enumerable#minmax) */
    if (blk != SP_NIL) return sp_call(r_to_a(self, 0, NULL, SP_NIL), sp_intern("minmax"), 0, NULL, blk);
    sp_value v[2] = { r_min(self, 0, NULL, blk), r_max(self, 0, NULL, blk) };
    return sp_ary_new_from(2, v);
}

SP_METHOD(r_size)
{
    sp_range *r = R(self);
    if (sp_numeric_p(r->beg)) {
        if (r->end == SP_NIL) return sp_float_new(HUGE_VAL);
        if (!sp_numeric_p(r->end)) return SP_NIL;
        if (sp_integer_p(r->beg)) {
            /* (0..Float::INFINITY).size: Infinity, as CRuby's float step size */
            if (sp_float_p(r->end) && isinf(sp_num_to_double(r->end)))
                return sp_num_to_double(r->end) > 0 ? r->end : SP_FIX(0);
            sp_value last = int_last(r);
            sp_value n = sp_int_plus(sp_int_minus(last, r->beg), SP_FIX(1));
            return sp_int_cmp(n, SP_FIX(0)) < 0 ? SP_FIX(0) : n;
        }
        sp_raise(sp_eTypeError, "can't iterate from Float");
    }
    if (r->beg == SP_NIL && sp_numeric_p(r->end)) sp_raise(sp_eTypeError, "can't iterate from NilClass");
    return SP_NIL;
}

SP_METHOD(r_count)
{
    if (argc == 0 && blk == SP_NIL) {
        sp_range *r = R(self);
        if (r->end == SP_NIL || r->beg == SP_NIL) return sp_float_new(HUGE_VAL);
        if (sp_integer_p(r->beg) && sp_numeric_p(r->end)) return r_size(self, 0, NULL, SP_NIL);
    }
    sp_value a = r_to_a(self, 0, NULL, SP_NIL);
    return sp_call(a, sp_intern("count"), argc, argv, blk);
}

static int cover(sp_value self, sp_value v)
{
    sp_range *r = R(self);
    if (r->beg != SP_NIL) {
        sp_value c = sp_numeric_p(r->beg) && sp_numeric_p(v) ? sp_num_cmp(r->beg, v) : sp_funcall1(r->beg, "<=>", v);
        if (c == SP_NIL || sp_cmp_values(c, SP_FIX(0)) > 0) return 0;
    }
    if (r->end != SP_NIL) {
        sp_value c = sp_numeric_p(r->end) && sp_numeric_p(v) ? sp_num_cmp(v, r->end) : sp_funcall1(v, "<=>", r->end);
        if (c == SP_NIL) return 0;
        int k = sp_cmp_values(c, SP_FIX(0));
        if (k > 0 || (k == 0 && r->excl)) return 0;
    }
    return 1;
}

SP_METHOD(r_cover)
{
    sp_value v = argv[0];
    if (sp_range_p(v)) {
        sp_range *o = R(v);
        sp_range *r = R(self);
        if (o->beg != SP_NIL && !cover(self, o->beg)) return SP_FALSE;
        if (o->beg == SP_NIL && r->beg != SP_NIL) return SP_FALSE;
        if (o->end == SP_NIL) return SP_BOOL(r->end == SP_NIL);
        if (r->end == SP_NIL) return SP_TRUE;
        int c = sp_cmp_values(o->end, r->end);
        if (c < 0) return SP_TRUE;
        if (c == 0) return SP_BOOL(!r->excl || o->excl);
        if (o->excl && sp_integer_p(o->end) && !r->excl) return SP_BOOL(sp_cmp_values(sp_int_minus(o->end, SP_FIX(1)), r->end) <= 0);
        return SP_FALSE;
    }
    return SP_BOOL(cover(self, v));
}

SP_METHOD(r_include)
{
    sp_range *r = R(self);
    sp_value v = argv[0];
    if (sp_str_p(r->beg) && sp_str_p(r->end)) {
        /* CRuby: single-character ranges compare; other String ranges
         * iterate (('a'..'z').include?("bb") is false, cover? is true) */
        if (sp_str_len(r->beg) == 1 && sp_str_len(r->end) == 1) {
            if (!sp_str_p(v)) return SP_FALSE;
            if (sp_str_len(v) != 1) return SP_FALSE;
            return SP_BOOL(cover(self, v));
        }
    } else if (sp_numeric_p(r->beg) || sp_numeric_p(r->end) || sp_str_p(r->beg) || sp_str_p(r->end) ||
        (r->beg == SP_NIL && r->end == SP_NIL))
        return SP_BOOL(cover(self, v));
    sp_value a = sp_enum_to_a(self);
    for (long i = 0; i < sp_ary_len(a); i++) if (sp_equal(sp_ary_entry(a, i), v)) return SP_TRUE;
    return SP_FALSE;
}

SP_METHOD(r_overlap)
{
    sp_value o = argv[0];
    if (!sp_range_p(o)) sp_raise(sp_eTypeError, "wrong argument type %s (expected Range)", sp_obj_classname(o));
    sp_range *a = R(self), *b = R(o);
    /* empty ranges never overlap */
    if (a->beg != SP_NIL && a->end != SP_NIL) { int c = sp_cmp_values(a->beg, a->end); if (c > 0 || (c == 0 && a->excl)) return SP_FALSE; }
    if (b->beg != SP_NIL && b->end != SP_NIL) { int c = sp_cmp_values(b->beg, b->end); if (c > 0 || (c == 0 && b->excl)) return SP_FALSE; }
    /* a.begin <= b.end and b.begin <= a.end (respecting exclusive ends) */
    if (a->beg != SP_NIL && b->end != SP_NIL) { int c = sp_cmp_values(a->beg, b->end); if (c > 0 || (c == 0 && b->excl)) return SP_FALSE; }
    if (b->beg != SP_NIL && a->end != SP_NIL) { int c = sp_cmp_values(b->beg, a->end); if (c > 0 || (c == 0 && a->excl)) return SP_FALSE; }
    return SP_TRUE;
}

/* Range#bsearch, CRuby's range_bsearch step for step (the same probes,
 * so a block that records its arguments sees what it sees in CRuby):
 * Fixnum ranges and Float ranges (a double mapped to an int64 that keeps
 * the order, so bisection over the int64s visits every double; a missing
 * end is -/+Infinity) by integer bisection; Bignum ranges with Integer
 * arithmetic; an endless (beginless) Integer range first gallops up
 * (down) from its begin (end) by doubling steps, each from the last
 * probe. */
typedef struct { sp_value satisfied; int smaller; } bs_state;

/* Yield val; 1 when the block says val is the answer (0 in find-any). */
static int bs_check(sp_value blk, bs_state *st, sp_value val)
{
    sp_value v = sp_yield1(blk, val);
    if (SP_FIXNUM_P(v)) {
        if (v == SP_FIX(0)) return 1;
        st->smaller = SP_FIX2LONG(v) < 0;
    } else if (v == SP_TRUE) {
        st->satisfied = val;
        st->smaller = 1;
    } else if (!SP_RTEST(v)) {
        st->smaller = 0;
    } else if (num_kind_p(v)) {
        int c = sp_cmpint(sp_funcall1(v, "<=>", SP_FIX(0)), v, SP_FIX(0));
        if (c == 0) return 1;
        st->smaller = c < 0;
    } else {
        sp_raise(sp_eTypeError, "wrong argument type %s (must be numeric, true, false or nil)", sp_obj_classname(v));
    }
    return 0;
}

static int64_t double_as_int64(double d)
{
    union { double d; int64_t i; } u;
    u.d = fabs(d);
    return d < 0 ? -u.i : u.i;
}

static sp_value int64_as_double(int64_t i)
{
    union { double d; int64_t i; } u;
    u.i = i < 0 ? -i : i;
    return sp_float_new(i < 0 ? -u.d : u.d);
}

/* Bisection over int64 low..high (high inclusive unless excl); values
 * are Fixnums, or doubles when flo. */
static sp_value bs_int64(sp_value blk, bs_state *st, int64_t low, int64_t high, int excl, int flo)
{
    if (!excl) high++;
    low--;
    while (low + 1 < high) {
        int64_t mid = ((high < 0) == (low < 0)) ? low + ((high - low) / 2) : (low + high) / 2;
        sp_value val = flo ? int64_as_double(mid) : SP_FIX(mid);
        if (bs_check(blk, st, val)) return val;
        if (st->smaller) high = mid;
        else low = mid;
    }
    return st->satisfied;
}

static sp_value bs_integer(sp_value blk, bs_state *st, sp_value low, sp_value high, int excl)
{
    if (SP_FIXNUM_P(low) && SP_FIXNUM_P(high))
        return bs_int64(blk, st, SP_FIX2LONG(low), SP_FIX2LONG(high), excl, 0);
    if (!excl) high = sp_int_plus(high, SP_FIX(1));
    low = sp_int_minus(low, SP_FIX(1));
    while (sp_int_cmp(sp_int_plus(low, SP_FIX(1)), high) < 0) {
        sp_value mid = sp_funcall1(sp_int_plus(high, low), "div", SP_FIX(2));
        if (bs_check(blk, st, mid)) return mid;
        if (st->smaller) high = mid;
        else low = mid;
    }
    return st->satisfied;
}

SP_METHOD(r_bsearch)
{
    sp_range *r = R(self);
    sp_value b = r->beg, e = r->end;
    bs_state st = { SP_NIL, 0 };
    int flo = sp_float_p(b) || sp_float_p(e);
    if (!(sp_integer_p(b) && (sp_integer_p(e) || e == SP_NIL)) && !(b == SP_NIL && sp_integer_p(e)) &&
        !(flo && (b == SP_NIL || sp_numeric_p(b)) && (e == SP_NIL || sp_numeric_p(e))))
        sp_raise(sp_eTypeError, "can't do binary search for %s", sp_obj_classname(b));
    SP_RETURN_ENUM(self, "bsearch", argc_, argv);
    if (flo) {
        int64_t low = double_as_int64(b == SP_NIL ? -HUGE_VAL : sp_num_to_double(b));
        int64_t high = double_as_int64(e == SP_NIL ? HUGE_VAL : sp_num_to_double(e));
        return bs_int64(blk, &st, low, high, r->excl, 1);
    }
    if (b != SP_NIL && e != SP_NIL) return bs_integer(blk, &st, b, e, r->excl);
    /* endless up from begin, beginless down from end: doubling steps
     * until the block turns, then bisection over the last interval */
    sp_value diff = SP_FIX(e == SP_NIL ? 1 : -1);
    for (;;) {
        sp_value mid = sp_int_plus(e == SP_NIL ? b : e, diff);
        if (bs_check(blk, &st, mid)) return mid;
        if (e == SP_NIL && st.smaller) return bs_integer(blk, &st, b, mid, 0);
        if (b == SP_NIL && !st.smaller) return bs_integer(blk, &st, mid, e, 0);
        diff = sp_int_mul(diff, SP_FIX(2));
        if (e == SP_NIL) b = mid;   /* the interval moves on with the probe */
        else e = mid;
    }
}

SP_METHOD(r_eqq) { return SP_BOOL(cover(self, argv[0])); }

SP_METHOD(r_sum)
{
    sp_range *r = R(self);
    sp_value init = argc > 0 ? argv[0] : SP_FIX(0);
    if (blk == SP_NIL && sp_integer_p(r->beg) && sp_integer_p(r->end) && sp_integer_p(init)) {
        sp_value last = int_last(r);
        if (sp_int_cmp(last, r->beg) < 0) return init;
        sp_value n = sp_int_plus(sp_int_minus(last, r->beg), SP_FIX(1));
        sp_value s = sp_int_div(sp_int_mul(sp_int_plus(r->beg, last), n), SP_FIX(2));
        return sp_int_plus(init, s);
    }
    sp_value a = r_to_a(self, 0, NULL, SP_NIL);
    return sp_call(a, sp_intern("sum"), argc, argv, blk);
}

/* a <=> b as -1/0/1, or 2 when <=> gives nil (CRuby's r_less). */
static int r_less(sp_value a, sp_value b)
{
    sp_value c = sp_funcall1(a, "<=>", b);
    if (c == SP_NIL) return 2;
    return sp_cmpint(c, a, b);
}

/* String/Symbol ranges with an Integer step (the pre-3.4 behaviour 3.4
 * keeps): every n-th element of the #succ walk; a step <= 0 yields only
 * the first (CRuby's step_i never counts down to 0 again). */
static void r_step_names(sp_range *r, sp_value b_str, long n, int sym, sp_value blk)
{
    long k = 0;
    if (r->end == SP_NIL) {
        for (sp_value v = b_str;; v = sp_funcall0(v, "succ"), k++)
            if (k == 0 || (n > 0 && k % n == 0)) sp_yield1(blk, sym ? sp_funcall0(v, "to_sym") : v);
    }
    sp_value args[2] = { sym ? sp_funcall0(r->end, "to_s") : r->end, SP_BOOL(r->excl) };
    sp_value names = sp_funcall0(sp_call(b_str, sp_intern("upto"), 2, args, SP_NIL), "to_a");
    for (k = 0; k < sp_ary_len(names); k++) {
        sp_value v = sp_ary_entry(names, k);
        if (k == 0 || (n > 0 && k % n == 0)) sp_yield1(blk, sym ? sp_funcall0(v, "to_sym") : v);
    }
}

/* Range#step (Ruby 3.4): numeric ranges step arithmetically (an
 * ArithmeticSequence without a block); String and Symbol ranges with an
 * Integer step take every n-th #succ; any other range adds the step with
 * #+ while the values move toward the end in the direction begin..end
 * does (nothing when the first addition moves away). */
SP_METHOD(r_step)
{
    sp_range *r = R(self);
    sp_value b = r->beg, e = r->end;
    int b_num = num_kind_p(b), e_num = num_kind_p(e);
    int str_b = sp_str_p(b), sym_b = sym_p(b);
    if (argc > 1) sp_raise_arity(argc, 0, 1);
    sp_value st = argc > 0 ? argv[0] : SP_FIX(1);
    if (argc == 0 && !(b_num || str_b || sym_b || (b == SP_NIL && e_num)))
        sp_raise(sp_eArgError, "step is required for non-numeric ranges");
    int st_num = num_kind_p(st);
    if (st_num && b_num && sp_equal(st, SP_FIX(0))) sp_raise(sp_eArgError, "step can't be 0");
    if (blk == SP_NIL) {
        if (st_num && ((b_num && (e == SP_NIL || e_num)) || (b == SP_NIL && e_num)))
            return sp_arith_seq_new(self, "step", argc_, argv);
        if (b == SP_NIL) sp_raise(sp_eArgError, "#step for non-numeric beginless ranges is meaningless");
        SP_RETURN_ENUM(self, "step", argc_, argv);
    }
    if (b == SP_NIL) sp_raise(sp_eArgError, "#step iteration for beginless ranges is meaningless");
    if (b_num && st_num && (sp_float_p(b) || sp_float_p(e) || sp_float_p(st))) {
        double bd = sp_num_to_double(b), sd = sp_num_to_double(st);
        double ed = e == SP_NIL ? (sd < 0 ? -HUGE_VAL : HUGE_VAL) : sp_num_to_double(e);
        sp_float_step(bd, ed, sd, r->excl, blk);
        return self;
    }
    if ((str_b || sym_b) && SP_FIXNUM_P(st)) {
        r_step_names(r, sym_b ? sp_funcall0(b, "to_s") : b, (long)SP_FIX2LONG(st), sym_b, blk);
        return self;
    }
    if (sp_integer_p(b) && sp_integer_p(st) && (e == SP_NIL || sp_integer_p(e))) {
        /* Integers without method calls; a negative step walks down */
        int down = sp_int_cmp(st, SP_FIX(0)) < 0;
        for (sp_value i = b;; i = sp_int_plus(i, st)) {
            if (e != SP_NIL) {
                int ci = sp_int_cmp(i, e);
                if (down) ci = -ci;
                if (ci > 0 || (ci == 0 && r->excl)) break;
            }
            sp_yield1(blk, i);
        }
        return self;
    }
    sp_value v = b;
    if (e == SP_NIL) {
        for (;; v = sp_funcall1(v, "+", st)) sp_yield1(blk, v);
    }
    int c, dir;
    if (b_num && st_num && r_less(st, SP_FIX(0)) < 0) {
        /* backwards, as the ArithmeticSequence does */
        for (; (c = r_less(e, v)) < 0 || (c == 0 && !r->excl); v = sp_funcall1(v, "+", st)) {
            sp_yield1(blk, v);
            if (c == 0) break;
        }
    } else if ((dir = r_less(b, e)) == 0) {
        if (!r->excl) sp_yield1(blk, v);
    } else if (dir == r_less(b, sp_funcall1(b, "+", st))) {
        for (; (c = r_less(v, e)) == dir || (c == 0 && !r->excl); v = sp_funcall1(v, "+", st)) {
            sp_yield1(blk, v);
            if (c == 0) break;
        }
    }
    return self;
}

SP_METHOD(r_percent)
{
    if (blk == SP_NIL) return sp_arith_seq_new(self, "%", argc_, argv);
    return r_step(self, argc_, argv, blk);
}

static sp_value range_str(sp_value self, int insp)
{
    sp_range *r = R(self);
    sp_value out = sp_str_new(NULL, 0);
    if (r->beg != SP_NIL || (insp && r->end == SP_NIL)) sp_str_append(out, insp ? sp_inspect(r->beg) : sp_to_s(r->beg));
    sp_str_cat(out, r->excl ? "..." : "..", r->excl ? 3 : 2);
    if (r->end != SP_NIL || (insp && r->beg == SP_NIL && 0)) sp_str_append(out, insp ? sp_inspect(r->end) : sp_to_s(r->end));
    if (insp && r->beg == SP_NIL && r->end == SP_NIL) sp_str_cat(out, "nil", 3);
    return out;
}
SP_METHOD(r_inspect) { return range_str(self, 1); }
SP_METHOD(r_to_s) { return range_str(self, 0); }

SP_METHOD(r_eq)
{
    sp_value o = argv[0];
    if (!sp_range_p(o)) return SP_FALSE;
    return SP_BOOL(R(o)->excl == R(self)->excl && sp_equal(R(self)->beg, R(o)->beg) && sp_equal(R(self)->end, R(o)->end));
}
SP_METHOD(r_eql)
{
    sp_value o = argv[0];
    if (!sp_range_p(o)) return SP_FALSE;
    return SP_BOOL(R(o)->excl == R(self)->excl && sp_eql(R(self)->beg, R(o)->beg) && sp_eql(R(self)->end, R(o)->end));
}
SP_METHOD(r_hash)
{
    uint64_t h = sp_hash_value(R(self)->beg) * 31 + sp_hash_value(R(self)->end) * 7 + (uint64_t)R(self)->excl;
    return SP_FIX((int64_t)(h >> 2));
}

SP_METHOD(r_s_new)
{
    if (argc < 2 || argc > 3) sp_raise_arity(argc, 2, 3);
    sp_value r = sp_range_new(argv[0], argv[1], argc > 2 && SP_RTEST(argv[2]));
    SP_HDR(r)->klass = (sp_class *)self;
    return r;
}

SP_METHOD(r_dup) { return self; }

/* Range.allocate: nil..nil, as CRuby (not Object's allocator: a Range
 * method on a plain object read fields it does not have). */
static sp_value range_allocator(sp_value klass) { return range_alloc(klass, SP_NIL, SP_NIL, 0); }

void sp_init_range(void)
{
    sp_value Rc = sp_cRange;
    sp_class_set_allocator(Rc, range_allocator);
    sp_define_singleton_method(Rc, "new", r_s_new, -1);
    sp_define_method(Rc, "each", r_each, 0);
    sp_define_method(Rc, "reverse_each", r_reverse_each, 0);
    sp_define_method(Rc, "to_a", r_to_a, 0);
    sp_define_method(Rc, "entries", r_to_a, 0);
    sp_define_method(Rc, "begin", r_begin, 0);
    sp_define_method(Rc, "end", r_end, 0);
    sp_define_method(Rc, "exclude_end?", r_excl, 0);
    sp_define_method_range(Rc, "first", r_first, 0, 1);
    sp_define_method_range(Rc, "last", r_last, 0, 1);
    sp_define_method(Rc, "min", r_min, -1);
    sp_define_method(Rc, "max", r_max, -1);
    sp_define_method(Rc, "minmax", r_minmax, 0);
    sp_define_method(Rc, "size", r_size, 0);
    sp_define_method(Rc, "count", r_count, -1);
    sp_define_method(Rc, "include?", r_include, 1);
    sp_define_method(Rc, "member?", r_include, 1);
    sp_define_method(Rc, "cover?", r_cover, 1);
    sp_define_method(Rc, "===", r_eqq, 1);
    sp_define_method(Rc, "overlap?", r_overlap, 1);
    sp_define_method(Rc, "bsearch", r_bsearch, 0);
    sp_define_method_range(Rc, "sum", r_sum, 0, 1);
    sp_define_method_range(Rc, "step", r_step, 0, 1);
    sp_define_method_range(Rc, "%", r_percent, 1, 1);
    sp_define_method(Rc, "inspect", r_inspect, 0);
    sp_define_method(Rc, "to_s", r_to_s, 0);
    sp_define_method(Rc, "==", r_eq, 1);
    sp_define_method(Rc, "eql?", r_eql, 1);
    sp_define_method(Rc, "hash", r_hash, 0);
    sp_define_method(Rc, "dup", r_dup, 0);
}

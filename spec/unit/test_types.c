/*
 * test_types.c — unit tests of the core data types (sp_numeric.c,
 * sp_float_fmt.c, sp_string.c, sp_array.c, sp_hash.c, sp_format.c) and
 * the race-safety of their storage: two raw pthreads hammer one Array,
 * one Hash and one String while a third reads; the process must not
 * crash and sizes must stay sane (lost updates are allowed).
 * Expected strings come from CRuby 3.4.
 */
#include <criterion/criterion.h>
#include <pthread.h>
#include <string.h>
#include "spinel.h"
#include "sp_numeric.h"
#include "sp_string.h"
#include "sp_array.h"
#include "sp_hash.h"

static void setup(void)
{
    static int done;
    if (!done) { done = 1; sp_init(0, NULL); }
}

TestSuite(types, .init = setup);

static const char *insp(sp_value v) { return sp_str_cstr(sp_inspect(v)); }
static const char *fl(double d) { static char buf[8][64]; static int k; char *b = buf[k++ & 7]; sp_float_fmt(d, b); return b; }

Test(types, float_to_s_like_cruby)
{
    cr_assert_str_eq(fl(0.1 + 0.2), "0.30000000000000004");
    cr_assert_str_eq(fl(1e20), "1.0e+20");
    cr_assert_str_eq(fl(1e16), "1.0e+16");
    cr_assert_str_eq(fl(1e15), "1.0e+15");
    cr_assert_str_eq(fl(1e14), "100000000000000.0");
    cr_assert_str_eq(fl(100.0), "100.0");
    cr_assert_str_eq(fl(1.0e-5), "1.0e-05");
    cr_assert_str_eq(fl(0.0001), "0.0001");
    cr_assert_str_eq(fl(-0.0), "-0.0");
    cr_assert_str_eq(fl(1.0 / 0.0), "Infinity");
    cr_assert_str_eq(fl(-1.0 / 0.0), "-Infinity");
    cr_assert_str_eq(fl(0.0 / 0.0), "NaN");
    cr_assert_str_eq(fl(5e-324), "5.0e-324");
    cr_assert_str_eq(fl(1.7976931348623157e308), "1.7976931348623157e+308");
    cr_assert_str_eq(fl(1000000000000000.2), "1000000000000000.2");
    cr_assert_str_eq(fl(1234567890123456.0), "1.234567890123456e+15");
}

Test(types, integer_bignum_promotion)
{
    sp_value max = SP_FIX(SP_FIXNUM_MAX);
    sp_value big = sp_int_plus(max, SP_FIX(1));
    cr_assert(sp_bignum_p(big));
    cr_assert_str_eq(insp(big), "4611686018427387904");
    cr_assert_eq(sp_int_minus(big, SP_FIX(1)), max);          /* normalised back */
    sp_value p = sp_int_pow(SP_FIX(2), SP_FIX(100));
    cr_assert_str_eq(insp(p), "1267650600228229401496703205376");
    cr_assert_str_eq(insp(sp_int_mul(p, p)), "1606938044258990275541962092341162602522202993782792835301376");
    cr_assert_str_eq(insp(sp_int_mul(SP_FIX(3037000500), SP_FIX(3037000500))), "9223372037000250000");
    cr_assert_eq(sp_int_div(SP_FIX(-7), SP_FIX(2)), SP_FIX(-4));   /* floor */
    cr_assert_eq(sp_int_mod(SP_FIX(-7), SP_FIX(2)), SP_FIX(1));
    cr_assert_eq(sp_int_mod(SP_FIX(7), SP_FIX(-2)), SP_FIX(-1));
    cr_assert_str_eq(insp(sp_int_div(p, SP_FIX(-3))), "-422550200076076467165567735126");
}

static sp_value do_div0(void *arg) { (void)arg; return sp_int_div(SP_FIX(1), SP_FIX(0)); }

Test(types, zero_division_message)
{
    sp_value exc;
    sp_value r = sp_run_protected(do_div0, NULL, &exc);
    cr_assert_eq(r, SP_UNDEF);
    cr_assert_str_eq(sp_str_cstr(sp_exc_message(exc)), "divided by 0");
}

Test(types, string_inspect)
{
    cr_assert_str_eq(insp(sp_str_new_cstr("a\"b\\c\n\t\x1b")), "\"a\\\"b\\\\c\\n\\t\\e\"");
    cr_assert_str_eq(insp(sp_str_new_cstr("\xc3\xa9")), "\"\xc3\xa9\"");
    cr_assert_str_eq(insp(sp_str_new("\xff\x01", 2)), "\"\\xFF\\u0001\"");
    cr_assert_str_eq(insp(sp_str_new_cstr("#{x} #$y #z")), "\"\\#{x} \\#$y #z\"");
    cr_assert_eq(sp_str_char_len(sp_str_new_cstr("r\xc3\xa9sum\xc3\xa9")), 6);
}

Test(types, array_and_hash_inspect)
{
    sp_value a = sp_ary_new();
    sp_ary_push(a, SP_FIX(1));
    sp_ary_push(a, sp_str_new_cstr("a"));
    sp_ary_push(a, sp_sym("b"));
    sp_ary_push(a, SP_NIL);
    cr_assert_str_eq(insp(a), "[1, \"a\", :b, nil]");
    sp_ary_push(a, a);
    cr_assert_str_eq(insp(a), "[1, \"a\", :b, nil, [...]]");
    sp_value h = sp_hash_new();
    sp_hash_aset(h, sp_sym("a"), SP_FIX(1));
    sp_hash_aset(h, sp_str_new_cstr("k"), SP_FIX(2));
    sp_hash_aset(h, sp_sym("foo bar"), SP_FIX(3));
    cr_assert_str_eq(insp(h), "{a: 1, \"k\" => 2, \"foo bar\": 3}");
    sp_hash_aset(h, sp_sym("self"), h);
    cr_assert_str_eq(insp(h), "{a: 1, \"k\" => 2, \"foo bar\": 3, self: {...}}");
}

Test(types, hash_order_delete_rebuild)
{
    sp_value h = sp_hash_new();
    for (int i = 0; i < 1000; i++) sp_hash_aset(h, SP_FIX(i), SP_FIX(i * 2));
    for (int i = 0; i < 1000; i += 2) sp_hash_delete(h, SP_FIX(i));
    cr_assert_eq(sp_hash_size(h), 500);
    for (int i = 1000; i < 1500; i++) sp_hash_aset(h, SP_FIX(i), SP_FIX(i));
    cr_assert_eq(sp_hash_size(h), 1000);
    sp_value keys = sp_hash_keys(h);
    cr_assert_eq(sp_ary_entry(keys, 0), SP_FIX(1));
    cr_assert_eq(sp_ary_entry(keys, 499), SP_FIX(999));
    cr_assert_eq(sp_ary_entry(keys, 500), SP_FIX(1000));
    cr_assert_eq(sp_hash_aref(h, SP_FIX(7)), SP_FIX(14));
    cr_assert_eq(sp_hash_lookup(h, SP_FIX(8), SP_UNDEF), SP_UNDEF);
    /* string keys are copied and frozen, lookups by content */
    sp_value k = sp_str_new_cstr("key");
    sp_hash_aset(h, k, SP_TRUE);
    sp_str_cat(k, "x", 1);
    cr_assert_eq(sp_hash_aref(h, sp_str_new_cstr("key")), SP_TRUE);
}

Test(types, sprintf_directives)
{
    sp_value args[3] = { sp_float_new(3.14159), sp_str_new_cstr("hi"), SP_FIX(5) };
    cr_assert_str_eq(sp_str_cstr(sp_sprintf(sp_str_new_cstr("%05.1f|%-4s|%+d"), 3, args)), "003.1|hi  |+5");
    sp_value neg = SP_FIX(-255);
    cr_assert_str_eq(sp_str_cstr(sp_sprintf(sp_str_new_cstr("%x"), 1, &neg)), "..f01");
    sp_value f = sp_float_new(2.675);
    cr_assert_str_eq(sp_str_cstr(sp_sprintf(sp_str_new_cstr("%.2f"), 1, &f)), "2.68");
}

/* ---------------------------------------------------------------- */
/* Race: 2 writers x 100,000 operations on shared containers + reader */

static sp_value r_ary, r_hash, r_str;
static volatile int r_stop;

static void *writer(void *arg)
{
    long base = (long)arg;
    for (long i = 0; i < 100000; i++) {
        sp_ary_push(r_ary, SP_FIX(base + i));
        sp_hash_aset(r_hash, SP_FIX((base + i) % 5000), SP_FIX(i));
        sp_str_cat(r_str, "ab", 2);
        if ((i & 1023) == 0) sp_ary_shift(r_ary);
    }
    return NULL;
}

static void *reader(void *arg)
{
    (void)arg;
    long sum = 0;
    while (!r_stop) {
        long n;
        sp_value *p = sp_ary_snap(r_ary, &n);
        for (long i = 0; i < n; i += 97) sum += SP_FIXNUM_P(p[i]) ? 1 : 0;
        sum += SP_FIXNUM_P(sp_hash_lookup(r_hash, SP_FIX(n % 5000), SP_FIX(0)));
        size_t l;
        const char *s = sp_str_snap(r_str, &l);
        if (l) sum += s[l - 1];
        sum += sp_hash_size(r_hash);
    }
    return (void *)sum;
}

Test(types, race_containers_never_crash)
{
    r_ary = sp_ary_new();
    r_hash = sp_hash_new();
    r_str = sp_str_new(NULL, 0);
    r_stop = 0;
    pthread_t w1, w2, rd;
    pthread_create(&rd, NULL, reader, NULL);
    pthread_create(&w1, NULL, writer, (void *)0L);
    pthread_create(&w2, NULL, writer, (void *)1000000L);
    pthread_join(w1, NULL);
    pthread_join(w2, NULL);
    r_stop = 1;
    pthread_join(rd, NULL);
    long n = sp_ary_len(r_ary);
    cr_assert(n > 0 && n <= 200000, "array length %ld", n);
    long hs = sp_hash_size(r_hash);
    cr_assert(hs > 0 && hs <= 10000, "hash size %ld", hs);
    size_t sl = sp_str_len(r_str);
    cr_assert(sl > 0 && sl <= 400000, "string length %zu", sl);
    /* every element is still a valid value: a pushed Integer, or nil/false
     * from a slot that lost a race (lost updates are allowed) */
    for (long i = 0; i < n; i++) {
        sp_value e = sp_ary_entry(r_ary, i);
        cr_assert(SP_FIXNUM_P(e) || e == SP_NIL || e == SP_FALSE, "element %ld = %#lx", i, (unsigned long)e);
    }
    sp_inspect(r_hash);
}

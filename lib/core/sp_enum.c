/*
 * sp_enum.c — Enumerable, Enumerator (+ Yielder, Lazy); Comparable is sp_compare.c,
 * Enumerator::Product and ::Chain are sp_enum_multi.c.
 *
 * Enumerable is generic over #each: every method calls `each` with a
 * C-level block (sp_cblock_new: a Proc whose function is C) and works on
 * the yielded values.  Methods that can stop early (find, first, take,
 * take_while, include?, any?/all?/none?, find_index) leave `each` with a
 * break jump to a handler they pushed, so they work on endless sources
 * like (1..) or Enumerator.new { loop { ... } }.  The rest collect the
 * elements into an Array first and share one implementation with Array
 * (Array includes Enumerable; these are its methods too when Array does
 * not define a faster one in sp_array.c).
 *
 * Enumerator is {receiver, method, args}: the no-block form of an
 * iterator.  Iterating calls receiver.method(*args, &blk) again.  #next
 * runs the iteration on a Fiber, one element per resume (finite core
 * receivers are simply buffered; see "External iteration").  Methods
 * are called with sp_funcall, so private iterators work as in CRuby's
 * to_enum/enum_for.  Lazy keeps a list of
 * stages (map/select/reject/take_while/drop_while/take/filter_map/
 * with_index) applied per element while the source is iterated.
 */
#include "sp_enum.h"
#include "sp_enum_int.h"
#include "sp_array.h"
#include "sp_hash.h"
#include "sp_numeric.h"
#include "sp_string.h"
#include "sp_range.h"
#include "sp_fiber.h"
#include "sp_class.h"

#include <math.h>
#include <string.h>

/* Enumerable's methods without a block: an Enumerator whose size is
 * computed from the receiver's #size (CRuby's enum_size and the
 * each_slice/each_cons/cycle variants; sized_enum_size). */
static sp_value sized_enum(sp_value self, const char *meth, int argc_, const sp_value *argv);
#define EN_RETURN_SIZED(self, meth, argc, argv) \
    do { if (blk == SP_NIL) return sized_enum((self), (meth), (argc), (argv)); } while (0)

/* ------------------------------------------------------------------ */
/* C blocks                                                            */

typedef struct cblock { sp_cblock_fn fn; void *env; } cblock;

static sp_value cblock_tramp(sp_proc *p, int argc_, const sp_value *argv, sp_value blk)
{
    cblock *c = p->env;
    return c->fn(c->env, SP_ARGC(argc_), argv);
}

sp_value sp_cblock_new(sp_cblock_fn fn, void *env)
{
    cblock *c = GC_MALLOC(sizeof(cblock));
    c->fn = fn; c->env = env;
    return sp_proc_new(cblock_tramp, c, SP_NIL, 0, -1, 0);
}

sp_value sp_enum_pack(int argc_, const sp_value *argv)
{
    int argc = SP_ARGC(argc_);
    if (argc == 0) return SP_NIL;
    if (argc == 1) return argv[0];
    return sp_ary_new_from(argc, argv);
}

static sp_value call_each(sp_value obj, sp_cblock_fn fn, void *env)
{
    return sp_funcall(obj, sp_intern("each"), 0, NULL, sp_cblock_new(fn, env));
}

/* Iterate with the possibility of stopping: fn returns SP_UNDEF to go
 * on, anything else stops iteration and becomes the result.  Returns
 * SP_UNDEF when each ran to completion. */
typedef struct stopper {
    sp_cblock_fn fn;
    void *env;
    sp_handler *h;
} stopper;

static sp_value stopper_fn(void *e, int argc_, const sp_value *argv)
{
    int argc = SP_ARGC(argc_);
    stopper *s = e;
    sp_value r = s->fn(s->env, argc, argv);
    if (r != SP_UNDEF) sp_jump(sp_ec_current(), SP_JUMP_BREAK, s->h, r);
    return SP_NIL;
}

static sp_value each_until(sp_value obj, sp_cblock_fn fn, void *env)
{
    sp_ec *ec = sp_ec_current();
    sp_handler h;
    stopper *s = GC_MALLOC(sizeof(stopper));
    s->fn = fn; s->env = env; s->h = &h;
    sp_push_handler(ec, &h, SP_H_TARGET, &h);
    if (_setjmp(h.jb) == 0) {
        call_each(obj, stopper_fn, s);
        sp_pop_handler(ec, &h);
        return SP_UNDEF;
    }
    sp_pop_handler(ec, &h);
    return ec->jump_val;
}

/* ------------------------------------------------------------------ */
/* to_a                                                                */

static sp_value collect_fn(void *e, int argc_, const sp_value *argv)
{
    int argc = SP_ARGC(argc_);
    sp_ary_push((sp_value)e, sp_enum_pack(argc, argv));
    return SP_NIL;
}

sp_value sp_enum_to_a(sp_value obj)
{
    if (sp_ary_p(obj)) return obj;
    sp_value a = sp_ary_new();
    call_each(obj, collect_fn, (void *)a);
    return a;
}

static sp_value snapshot(sp_value self)
{
    if (sp_ary_p(self)) return sp_ary_dup(self);
    if (sp_hash_p(self)) return sp_hash_to_a(self);
    return sp_enum_to_a(self);
}

SP_METHOD(en_to_a)
{
    sp_value a = sp_ary_new();
    sp_funcall(self, sp_intern("each"), argc, argv, sp_cblock_new(collect_fn, (void *)a));
    return a;
}

/* ------------------------------------------------------------------ */
/* Early-stopping methods                                              */

typedef struct fstate { sp_value blk; sp_value arg; long n, i; sp_value acc; int mode; } fstate;

static sp_value find_fn(void *e, int argc_, const sp_value *argv)
{
    int argc = SP_ARGC(argc_);
    fstate *s = e;
    sp_value v = sp_enum_pack(argc, argv);
    if (SP_RTEST(sp_yield1(s->blk, v))) return sp_ary_new_from(1, &v);  /* boxed: v may be nil */
    return SP_UNDEF;
}
SP_METHOD(en_find)
{
    SP_RETURN_ENUM(self, "find", argc_, argv);
    fstate s = { blk, SP_NIL, 0, 0, SP_NIL, 0 };
    sp_value r = each_until(self, find_fn, &s);
    if (r == SP_UNDEF) return argc > 0 && argv[0] != SP_NIL ? sp_funcall0(argv[0], "call") : SP_NIL;
    return sp_ary_entry(r, 0);
}

static sp_value find_index_fn(void *e, int argc_, const sp_value *argv)
{
    int argc = SP_ARGC(argc_);
    fstate *s = e;
    sp_value v = sp_enum_pack(argc, argv);
    int hit = s->arg != SP_UNDEF ? sp_equal(v, s->arg) : SP_RTEST(sp_yield1(s->blk, v));
    if (hit) return SP_FIX(s->i);
    s->i++;
    return SP_UNDEF;
}
SP_METHOD(en_find_index)
{
    if (argc == 0) SP_RETURN_ENUM(self, "find_index", argc_, argv);
    fstate s = { blk, argc > 0 ? argv[0] : SP_UNDEF, 0, 0, SP_NIL, 0 };
    sp_value r = each_until(self, find_index_fn, &s);
    return r == SP_UNDEF ? SP_NIL : r;
}

static sp_value first_fn(void *e, int argc_, const sp_value *argv)
{
    int argc = SP_ARGC(argc_);
    fstate *s = e;
    if (s->n < 0) return sp_ary_new_from(1, (sp_value[]){ sp_enum_pack(argc, argv) });
    if (s->i >= s->n) return SP_TRUE;
    sp_ary_push(s->acc, sp_enum_pack(argc, argv));
    s->i++;
    if (s->i >= s->n) return SP_TRUE;
    return SP_UNDEF;
}
SP_METHOD(en_first)
{
    fstate s = { blk, SP_NIL, -1, 0, sp_ary_new(), 0 };
    if (argc > 0) {
        s.n = (long)sp_num_to_long(argv[0]);
        if (s.n < 0) sp_raise(sp_eArgError, "attempt to take negative size");
        if (s.n == 0) return s.acc;
        each_until(self, first_fn, &s);
        return s.acc;
    }
    sp_value r = each_until(self, first_fn, &s);
    return r == SP_UNDEF ? SP_NIL : sp_ary_entry(r, 0);
}
SP_METHOD(en_take)
{
    long n = (long)sp_num_to_long(argv[0]);
    if (n < 0) sp_raise(sp_eArgError, "attempt to take negative size");
    fstate s = { blk, SP_NIL, n, 0, sp_ary_new(), 0 };
    if (n > 0) each_until(self, first_fn, &s);
    return s.acc;
}

static sp_value take_while_fn(void *e, int argc_, const sp_value *argv)
{
    int argc = SP_ARGC(argc_);
    fstate *s = e;
    sp_value v = sp_enum_pack(argc, argv);
    if (!SP_RTEST(sp_yield1(s->blk, v))) return SP_TRUE;
    sp_ary_push(s->acc, v);
    return SP_UNDEF;
}
SP_METHOD(en_take_while)
{
    SP_RETURN_ENUM(self, "take_while", argc_, argv);
    fstate s = { blk, SP_NIL, 0, 0, sp_ary_new(), 0 };
    each_until(self, take_while_fn, &s);
    return s.acc;
}

static sp_value include_fn(void *e, int argc_, const sp_value *argv)
{
    int argc = SP_ARGC(argc_);
    fstate *s = e;
    return sp_equal(sp_enum_pack(argc, argv), s->arg) ? SP_TRUE : SP_UNDEF;
}
SP_METHOD(en_include)
{
    fstate s = { blk, argv[0], 0, 0, SP_NIL, 0 };
    return SP_BOOL(each_until(self, include_fn, &s) != SP_UNDEF);
}

/* mode: 0 any, 1 all, 2 none, 3 one */
static sp_value pred_fn(void *e, int argc_, const sp_value *argv)
{
    int argc = SP_ARGC(argc_);
    fstate *s = e;
    sp_value v = sp_enum_pack(argc, argv);
    int t;
    if (s->arg != SP_UNDEF) t = SP_RTEST(sp_funcall1(s->arg, "===", v));
    else if (s->blk != SP_NIL) t = SP_RTEST(sp_yield(s->blk, argc, argv));
    else t = SP_RTEST(v);
    switch (s->mode) {
    case 0: return t ? SP_TRUE : SP_UNDEF;
    case 1: return t ? SP_UNDEF : SP_FALSE;
    case 2: return t ? SP_FALSE : SP_UNDEF;
    default: if (t && ++s->i > 1) return SP_FALSE; return SP_UNDEF;
    }
}
static sp_value pred_impl(sp_value self, int argc_, const sp_value *argv, sp_value blk, int mode)
{
    int argc = SP_ARGC(argc_);
    fstate s = { blk, argc > 0 ? argv[0] : SP_UNDEF, 0, 0, SP_NIL, mode };
    sp_value r = each_until(self, pred_fn, &s);
    switch (mode) {
    case 0: return r == SP_UNDEF ? SP_FALSE : SP_TRUE;
    case 1: return r == SP_UNDEF ? SP_TRUE : SP_FALSE;
    case 2: return r == SP_UNDEF ? SP_TRUE : SP_FALSE;
    default: return r == SP_UNDEF ? SP_BOOL(s.i == 1) : SP_FALSE;
    }
}
SP_METHOD(en_any) { return pred_impl(self, argc, argv, blk, 0); }
SP_METHOD(en_all) { return pred_impl(self, argc, argv, blk, 1); }
SP_METHOD(en_none) { return pred_impl(self, argc, argv, blk, 2); }
SP_METHOD(en_one) { return pred_impl(self, argc, argv, blk, 3); }

/* ------------------------------------------------------------------ */
/* Streaming methods (no snapshot needed)                              */

typedef struct mstate { sp_value blk; sp_value acc; long i; sp_value arg; } mstate;

static sp_value map_fn(void *e, int argc_, const sp_value *argv)
{
    int argc = SP_ARGC(argc_);
    mstate *s = e;
    sp_ary_push(s->acc, sp_yield(s->blk, argc, argv));
    return SP_NIL;
}
SP_METHOD(en_map)
{
    EN_RETURN_SIZED(self, "map", argc_, argv);
    mstate s = { blk, sp_ary_new(), 0, SP_NIL };
    call_each(self, map_fn, &s);
    return s.acc;
}

static sp_value flat_map_fn(void *e, int argc_, const sp_value *argv)
{
    int argc = SP_ARGC(argc_);
    mstate *s = e;
    sp_value v = sp_yield(s->blk, argc, argv);
    sp_value a = SP_SPECIAL_CONST_P(v) ? SP_NIL : sp_check_array(v);
    if (a != SP_NIL) sp_ary_concat(s->acc, a); else sp_ary_push(s->acc, v);
    return SP_NIL;
}
SP_METHOD(en_flat_map)
{
    EN_RETURN_SIZED(self, "flat_map", argc_, argv);
    mstate s = { blk, sp_ary_new(), 0, SP_NIL };
    call_each(self, flat_map_fn, &s);
    return s.acc;
}

static sp_value select_fn(void *e, int argc_, const sp_value *argv)
{
    int argc = SP_ARGC(argc_);
    mstate *s = e;
    sp_value v = sp_enum_pack(argc, argv);
    if (SP_RTEST(sp_yield(s->blk, argc, argv)) == (s->i == 0)) sp_ary_push(s->acc, v);
    return SP_NIL;
}
SP_METHOD(en_select)
{
    EN_RETURN_SIZED(self, "select", argc_, argv);
    mstate s = { blk, sp_ary_new(), 0, SP_NIL };
    call_each(self, select_fn, &s);
    return s.acc;
}
SP_METHOD(en_reject)
{
    EN_RETURN_SIZED(self, "reject", argc_, argv);
    mstate s = { blk, sp_ary_new(), 1, SP_NIL };
    call_each(self, select_fn, &s);
    return s.acc;
}

static sp_value filter_map_fn(void *e, int argc_, const sp_value *argv)
{
    int argc = SP_ARGC(argc_);
    mstate *s = e;
    sp_value v = sp_yield(s->blk, argc, argv);
    if (SP_RTEST(v)) sp_ary_push(s->acc, v);
    return SP_NIL;
}
SP_METHOD(en_filter_map)
{
    EN_RETURN_SIZED(self, "filter_map", argc_, argv);
    mstate s = { blk, sp_ary_new(), 0, SP_NIL };
    call_each(self, filter_map_fn, &s);
    return s.acc;
}

static sp_value ewi_fn(void *e, int argc_, const sp_value *argv)
{
    int argc = SP_ARGC(argc_);
    mstate *s = e;
    sp_yield2(s->blk, sp_enum_pack(argc, argv), SP_FIX(s->i));
    s->i++;
    return SP_NIL;
}
SP_METHOD(en_each_with_index)
{
    EN_RETURN_SIZED(self, "each_with_index", argc_, argv);
    mstate s = { blk, SP_NIL, 0, SP_NIL };
    sp_funcall(self, sp_intern("each"), argc, argv, sp_cblock_new(ewi_fn, &s));
    return self;
}

static sp_value ewo_fn(void *e, int argc_, const sp_value *argv)
{
    int argc = SP_ARGC(argc_);
    mstate *s = e;
    sp_yield2(s->blk, sp_enum_pack(argc, argv), s->arg);
    return SP_NIL;
}
SP_METHOD(en_each_with_object)
{
    EN_RETURN_SIZED(self, "each_with_object", argc_, argv);
    mstate s = { blk, SP_NIL, 0, argv[0] };
    call_each(self, ewo_fn, &s);
    return argv[0];
}

static sp_value each_entry_fn(void *e, int argc_, const sp_value *argv)
{
    int argc = SP_ARGC(argc_);
    mstate *s = e;
    sp_yield1(s->blk, sp_enum_pack(argc, argv));
    return SP_NIL;
}
SP_METHOD(en_each_entry)
{
    EN_RETURN_SIZED(self, "each_entry", argc_, argv);
    mstate s = { blk, SP_NIL, 0, SP_NIL };
    call_each(self, each_entry_fn, &s);
    return self;
}

/* each_slice / each_cons stream so they work on endless sources */
typedef struct slice_state { sp_value blk; long n; sp_value cur; int cons; sp_value acc; } slice_state;
static sp_value slice_fn(void *e, int argc_, const sp_value *argv)
{
    int argc = SP_ARGC(argc_);
    slice_state *s = e;
    sp_ary_push(s->cur, sp_enum_pack(argc, argv));
    if (sp_ary_len(s->cur) == s->n) {
        sp_value chunk = s->cur;
        if (s->cons) {
            s->cur = sp_ary_dup(chunk);
            sp_ary_shift(s->cur);
            chunk = sp_ary_dup(chunk);
        } else s->cur = sp_ary_new();
        if (s->blk != SP_NIL) sp_yield1(s->blk, chunk); else sp_ary_push(s->acc, chunk);
    }
    return SP_NIL;
}
static sp_value each_slice_impl(sp_value self, int argc_, const sp_value *argv, sp_value blk, int cons)
{
    long n = (long)sp_num_to_long(argv[0]);
    if (n <= 0) sp_raise(sp_eArgError, cons ? "invalid size" : "invalid slice size");
    slice_state s = { blk, n, sp_ary_new(), cons, sp_ary_new() };
    call_each(self, slice_fn, &s);
    if (!cons && sp_ary_len(s.cur) > 0) {
        if (blk != SP_NIL) sp_yield1(blk, s.cur); else sp_ary_push(s.acc, s.cur);
    }
    return blk != SP_NIL ? self : s.acc;
}
/* The size is checked before the no-block form returns an Enumerator, like CRuby. */
static void check_slice_size(sp_value n, int cons)
{
    if (sp_num_to_long(n) <= 0) sp_raise(sp_eArgError, cons ? "invalid size" : "invalid slice size");
}
SP_METHOD(en_each_slice) { check_slice_size(argv[0], 0); EN_RETURN_SIZED(self, "each_slice", argc_, argv); return each_slice_impl(self, argc, argv, blk, 0); }
SP_METHOD(en_each_cons) { check_slice_size(argv[0], 1); EN_RETURN_SIZED(self, "each_cons", argc_, argv); return each_slice_impl(self, argc, argv, blk, 1); }

static sp_value inject_fn(void *e, int argc_, const sp_value *argv)
{
    int argc = SP_ARGC(argc_);
    mstate *s = e;
    sp_value v = sp_enum_pack(argc, argv);
    if (s->acc == SP_UNDEF) { s->acc = v; return SP_NIL; }
    if (s->blk != SP_NIL) s->acc = sp_yield2(s->blk, s->acc, v);
    else if (s->arg == sp_sym("+") && SP_FIXNUM_P(s->acc) && SP_FIXNUM_P(v)) s->acc = sp_int_plus(s->acc, v);
    else s->acc = sp_call(s->acc, SP_SYM2ID(s->arg), 1, &v, SP_NIL);
    return SP_NIL;
}
SP_METHOD(en_inject)
{
    mstate s = { blk, SP_UNDEF, 0, SP_NIL };
    if (argc == 0 && blk == SP_NIL) sp_raise(sp_eArgError, "wrong number of arguments (given 0, expected 1..2)");
    if (argc == 2) { s.acc = argv[0]; s.arg = argv[1]; s.blk = SP_NIL; }
    else if (argc == 1 && blk == SP_NIL) { s.arg = argv[0]; }
    else if (argc == 1) s.acc = argv[0];
    if (s.arg != SP_NIL && !SP_SYMBOL_P(s.arg)) s.arg = SP_ID2SYM(sp_obj_arg_to_id(s.arg));
    if (sp_ary_p(self)) {
        long n; sp_value *p = sp_ary_snap(self, &n);
        for (long i = 0; i < n; i++) inject_fn(&s, 1, &p[i]);
    } else call_each(self, inject_fn, &s);
    return s.acc == SP_UNDEF ? SP_NIL : s.acc;
}

SP_METHOD(en_sum)
{
    sp_value a = snapshot(self);
    if (blk != SP_NIL) {
        long n = sp_ary_len(a);
        for (long i = 0; i < n; i++) sp_ary_store(a, i, sp_yield1(blk, sp_ary_entry(a, i)));
    }
    long n; sp_value *p = sp_ary_snap(a, &n);
    return sp_sum_values(argc > 0 ? argv[0] : SP_FIX(0), n, p);
}

SP_METHOD(en_count)
{
    sp_value a = snapshot(self);
    if (argc == 0 && blk == SP_NIL) return SP_FIX(sp_ary_len(a));
    long c = 0;
    for (long i = 0; i < sp_ary_len(a); i++) {
        sp_value e = sp_ary_entry(a, i);
        if (argc > 0 ? sp_equal(e, argv[0]) : SP_RTEST(sp_yield1(blk, e))) c++;
    }
    return SP_FIX(c);
}

/* ------------------------------------------------------------------ */
/* Snapshot-based methods                                              */

static sp_value by_impl(sp_value self, sp_value blk, int sign, long k)
{
    sp_value a = snapshot(self);
    long n = sp_ary_len(a);
    if (k >= 0) {
        /* min_by(n)/max_by(n): stable sort of (key, index) pairs in the
         * wanted direction, then take k */
        sp_value keys = sp_ary_new_capa(n);
        for (long i = 0; i < n; i++) sp_ary_push(keys, sp_yield1(blk, sp_ary_entry(a, i)));
        long *idx = GC_MALLOC_ATOMIC(sizeof(long) * (size_t)(n + 1));
        long *tmp = GC_MALLOC_ATOMIC(sizeof(long) * (size_t)(n + 1));
        long kn; sp_value *kv = sp_ary_snap(keys, &kn);
        for (long i = 0; i < n; i++) idx[i] = i;
        /* bottom-up merge sort (stable), descending keys for max_by */
        for (long w = 1; w < n; w *= 2) {
            for (long lo = 0; lo < n; lo += 2 * w) {
                long mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
                long i = lo, j = mid, o = lo;
                while (i < mid && j < hi)
                    tmp[o++] = sp_cmp_values(kv[idx[j]], kv[idx[i]]) * sign > 0 ? idx[j++] : idx[i++];
                while (i < mid) tmp[o++] = idx[i++];
                while (j < hi) tmp[o++] = idx[j++];
            }
            long *t = idx; idx = tmp; tmp = t;
        }
        sp_value out = sp_ary_new();
        for (long i = 0; i < n && i < k; i++) sp_ary_push(out, sp_ary_entry(a, idx[i]));
        return out;
    }
    if (n == 0) return SP_NIL;
    sp_value best = sp_ary_entry(a, 0), bk = sp_yield1(blk, best);
    for (long i = 1; i < n; i++) {
        sp_value e = sp_ary_entry(a, i), ek = sp_yield1(blk, e);
        if (sp_cmp_values(ek, bk) * sign > 0) { best = e; bk = ek; }
    }
    return best;
}
static long by_count(int argc, const sp_value *argv)
{
    if (argc == 0 || argv[0] == SP_NIL) return -1;
    long n = (long)sp_num_to_long(argv[0]);
    if (n < 0) sp_raise(sp_eArgError, "negative size (%ld)", n);
    return n;
}
SP_METHOD(en_min_by) { EN_RETURN_SIZED(self, "min_by", argc_, argv); return by_impl(self, blk, -1, by_count(argc, argv)); }
SP_METHOD(en_max_by) { EN_RETURN_SIZED(self, "max_by", argc_, argv); return by_impl(self, blk, 1, by_count(argc, argv)); }
SP_METHOD(en_minmax_by)
{
    EN_RETURN_SIZED(self, "minmax_by", argc_, argv);
    sp_value v[2] = { by_impl(self, blk, -1, -1), by_impl(self, blk, 1, -1) };
    return sp_ary_new_from(2, v);
}

SP_METHOD(en_group_by)
{
    EN_RETURN_SIZED(self, "group_by", argc_, argv);
    sp_value a = snapshot(self), h = sp_hash_new();
    for (long i = 0; i < sp_ary_len(a); i++) {
        sp_value e = sp_ary_entry(a, i), k = sp_yield1(blk, e);
        sp_value g = sp_hash_lookup(h, k, SP_UNDEF);
        if (g == SP_UNDEF) { g = sp_ary_new(); sp_hash_aset(h, k, g); }
        sp_ary_push(g, e);
    }
    return h;
}

SP_METHOD(en_partition)
{
    EN_RETURN_SIZED(self, "partition", argc_, argv);
    sp_value a = snapshot(self), t = sp_ary_new(), f = sp_ary_new();
    for (long i = 0; i < sp_ary_len(a); i++) {
        sp_value e = sp_ary_entry(a, i);
        sp_ary_push(SP_RTEST(sp_yield1(blk, e)) ? t : f, e);
    }
    sp_value v[2] = { t, f };
    return sp_ary_new_from(2, v);
}

SP_METHOD(en_tally)
{
    sp_value h;
    if (argc > 0) {   /* as CRuby: to_hash conversion and the frozen check before iterating */
        h = argv[0];
        if (!sp_hash_p(h)) {
            if (SP_SPECIAL_CONST_P(h) || !sp_respond_to(h, sp_intern("to_hash"), 1)) sp_raise_type(h, "Hash");
            h = sp_funcall0(h, "to_hash");
            if (!sp_hash_p(h)) sp_raise_type(argv[0], "Hash");
        }
        sp_check_frozen(h);
    } else h = sp_hash_new();
    sp_value a = snapshot(self);
    for (long i = 0; i < sp_ary_len(a); i++) {
        sp_value e = sp_ary_entry(a, i);
        sp_value c = sp_hash_lookup(h, e, SP_FIX(0));   /* the Hash's default is not used */
        if (!sp_integer_p(c))
            sp_raise(sp_eTypeError, "wrong argument type %s (expected Integer)", sp_obj_classname(c));
        sp_hash_aset(h, e, sp_int_plus(c, SP_FIX(1)));
    }
    return h;
}

static sp_value grep_impl(sp_value self, sp_value pat, sp_value blk, int invert)
{
    sp_value a = snapshot(self), out = sp_ary_new();
    for (long i = 0; i < sp_ary_len(a); i++) {
        sp_value e = sp_ary_entry(a, i);
        if (SP_RTEST(sp_funcall1(pat, "===", e)) != invert)
            sp_ary_push(out, blk != SP_NIL ? sp_yield1(blk, e) : e);
    }
    return out;
}
SP_METHOD(en_grep) { return grep_impl(self, argv[0], blk, 0); }
SP_METHOD(en_grep_v) { return grep_impl(self, argv[0], blk, 1); }

/* chunk_while, slice_when, slice_before, slice_after, chunk: an Enumerator
 * that walks the receiver each time it is iterated, one slice at a time
 * (an infinite source works, and Lazy's versions are lazy over it). */
enum { SL_CHUNK_WHILE, SL_SLICE_WHEN, SL_BEFORE, SL_AFTER, SL_CHUNK };
static sp_value slicer_new(int kind, sp_value src, sp_value blk, sp_value pat, int has_pat);
static sp_value en_chunk_while_impl(sp_value self, sp_value blk, int negate)
{
    return slicer_new(negate ? SL_SLICE_WHEN : SL_CHUNK_WHILE, self, blk, SP_NIL, 0);
}
static void need_block_for_proc(sp_value blk)
{
    if (blk == SP_NIL) sp_raise(sp_eArgError, "tried to create Proc object without a block");
}
SP_METHOD(en_chunk_while) { need_block_for_proc(blk); return en_chunk_while_impl(self, blk, 0); }
SP_METHOD(en_slice_when) { need_block_for_proc(blk); return en_chunk_while_impl(self, blk, 1); }

/* slice_before/slice_after: a pattern or a block, as CRuby checks them */
static void slice_args(int argc, sp_value blk, int after)
{
    if (blk != SP_NIL) {
        if (argc == 0) return;
        if (after) sp_raise(sp_eArgError, "both pattern and block are given");
        sp_raise(sp_eArgError, "wrong number of arguments (given %d, expected 0)", argc);
    }
    if (argc != 1) sp_raise(sp_eArgError, "wrong number of arguments (given %d, expected 1)", argc);
}

SP_METHOD(en_chunk)
{
    SP_RETURN_ENUM(self, "chunk", argc_, argv);
    return slicer_new(SL_CHUNK, self, blk, SP_NIL, 0);
}

SP_METHOD(en_slice_before)
{
    slice_args(argc, blk, 0);
    return slicer_new(SL_BEFORE, self, blk, argc > 0 ? argv[0] : SP_NIL, argc > 0);
}

SP_METHOD(en_slice_after)
{
    slice_args(argc, blk, 1);
    return slicer_new(SL_AFTER, self, blk, argc > 0 ? argv[0] : SP_NIL, argc > 0);
}

/* Delegate to the Array implementation on a snapshot. */
#define DELEGATE(name, meth) \
SP_METHOD(name) { return sp_call(snapshot(self), sp_intern(meth), argc, argv, blk); }
DELEGATE(en_sort, "sort")
DELEGATE(en_sort_by_d, "sort_by")
DELEGATE(en_min, "min")
DELEGATE(en_max, "max")
DELEGATE(en_minmax, "minmax")
DELEGATE(en_uniq, "uniq")
DELEGATE(en_drop, "drop")
DELEGATE(en_drop_while_d, "drop_while")
/* Enumerable#to_h: CRuby's messages (Array#to_h's name the index) */
SP_METHOD(en_to_h)
{
    sp_value a = snapshot(self), h = sp_hash_new();
    for (long i = 0; i < sp_ary_len(a); i++) {
        sp_value e = sp_ary_entry(a, i);
        if (blk != SP_NIL) e = sp_yield1(blk, e);
        sp_value pair = SP_SPECIAL_CONST_P(e) ? SP_NIL : sp_check_array(e);
        if (pair == SP_NIL) sp_raise(sp_eTypeError, "wrong element type %s (expected array)", sp_obj_classname(e));
        if (sp_ary_len(pair) != 2)
            sp_raise(sp_eArgError, "element has wrong array length (expected 2, was %ld)", sp_ary_len(pair));
        sp_hash_aset(h, sp_ary_entry(pair, 0), sp_ary_entry(pair, 1));
    }
    return h;
}
DELEGATE(en_reverse_each_d, "reverse_each")
DELEGATE(en_cycle_d, "cycle")
DELEGATE(en_compact, "compact")

SP_METHOD(en_sort_by) { EN_RETURN_SIZED(self, "sort_by", argc_, argv); return en_sort_by_d(self, argc, argv, blk); }
SP_METHOD(en_drop_while) { SP_RETURN_ENUM(self, "drop_while", argc_, argv); return en_drop_while_d(self, argc, argv, blk); }
SP_METHOD(en_reverse_each) { EN_RETURN_SIZED(self, "reverse_each", argc_, argv); return en_reverse_each_d(self, argc, argv, blk); }
SP_METHOD(en_cycle) { EN_RETURN_SIZED(self, "cycle", argc_, argv); return en_cycle_d(self, argc, argv, blk); }

/* ------------------------------------------------------------------ */
/* Enumerator                                                          */


static sp_value cYielder, cLazy, cArith;

/* Enumerator::ArithmeticSequence for Range#step/% and Numeric#step
 * without a block: an Enumerator with CRuby's inspect. */
sp_value sp_arith_seq_new(sp_value recv, const char *meth, int argc_, const sp_value *argv);

sp_value sp_enum_new(sp_value recv, const char *meth, int argc_, const sp_value *argv)
{
    int argc = SP_ARGC(argc_);
    sp_enumerator *e = sp_alloc(sizeof(sp_enumerator), sp_cEnumerator, SP_T_DATA);
    e->recv = recv;
    e->meth = sp_intern(meth);
    e->kw = argc_ & SP_ARGC_KW;
    e->args = sp_ary_new_from(argc, argv);
    e->gen = SP_NIL;
    e->result = SP_NIL;
    e->buf = SP_NIL;
    e->fiber = SP_NIL;
    e->peeked = SP_UNDEF;
    e->feedvalue = SP_UNDEF;
    e->size = SP_NIL;
    e->lazy_stages = SP_NIL;
    return (sp_value)e;
}

static sp_value lazy_new(sp_value src, sp_value stages);

/* e->size SP_UNDEF marks an Enumerable method's Enumerator (sized_enum);
 * on a Lazy it is a Lazy again (lazy.each_slice(2) stays lazy) */
static sp_value sized_enum(sp_value self, const char *meth, int argc_, const sp_value *argv)
{
    sp_value e = sp_enum_new(self, meth, argc_, argv);
    EN(e)->size = SP_UNDEF;
    if (SP_HEAP_P(self) && sp_obj_is_kind_of(self, cLazy)) return lazy_new(e, sp_ary_new());
    return e;
}

/* As CRuby: the receiver's size when it responds to #size (else nil);
 * each_slice(n): ceil(size / n); each_cons(n): size - n + 1 (>= 0);
 * cycle(n): size * n (0 for n <= 0, Infinity without n unless empty). */
static sp_value sized_enum_size(sp_enumerator *e)
{
    if (!sp_respond_to(e->recv, sp_intern("size"), 0)) return SP_NIL;
    sp_value size = sp_funcall0(e->recv, "size");
    if (size == SP_NIL) return SP_NIL;
    const char *m = sp_id_name(e->meth);
    sp_value arg = sp_ary_len(e->args) > 0 ? sp_ary_entry(e->args, 0) : SP_NIL;
    if (!strcmp(m, "each_slice") || !strcmp(m, "each_cons")) {
        sp_value k = SP_FIX(sp_num_to_long(arg));
        if (!strcmp(m, "each_slice")) return sp_int_div(sp_int_plus(size, sp_int_minus(k, SP_FIX(1))), k);
        sp_value d = sp_int_plus(sp_int_minus(size, k), SP_FIX(1));
        return sp_cmp_values(d, SP_FIX(0)) < 0 ? SP_FIX(0) : d;
    }
    if (!strcmp(m, "cycle")) {
        if (size == SP_FIX(0)) return SP_FIX(0);
        if (arg == SP_NIL) return sp_float_new(HUGE_VAL);
        sp_value n = SP_FIX(sp_num_to_long(arg));
        if (sp_cmp_values(n, SP_FIX(0)) <= 0) return SP_FIX(0);
        return sp_funcall1(size, "*", n);
    }
    return size;
}

sp_value sp_arith_seq_new(sp_value recv, const char *meth, int argc_, const sp_value *argv)
{
    sp_value e = sp_enum_new(recv, meth, argc_, argv);
    SP_HDR(e)->klass = (sp_class *)cArith;
    return e;
}

SP_METHOD(arith_inspect)
{
    sp_enumerator *e = EN(self);
    sp_value out = sp_str_new_cstr("(");
    int rng = sp_range_p(e->recv);
    if (rng) sp_str_cat(out, "(", 1);
    sp_str_append(out, sp_inspect(e->recv));
    if (rng) sp_str_cat(out, ")", 1);
    sp_str_cat(out, ".", 1);
    sp_str_cat_cstr(out, sp_id_name(e->meth));
    long n = sp_ary_len(e->args);
    if (n > 0) {
        sp_str_cat(out, "(", 1);
        for (long i = 0; i < n; i++) {
            sp_value a = sp_ary_entry(e->args, i);
            if (i) sp_str_cat(out, ", ", 2);
            if (e->kw && i == n - 1 && sp_hash_p(a)) {
                sp_value s = sp_inspect(a);
                size_t l; const char *p = sp_str_snap(s, &l);
                sp_str_cat(out, p + 1, l - 2);   /* keywords without braces */
            } else sp_str_append(out, sp_inspect(a));
        }
        sp_str_cat(out, ")", 1);
    }
    sp_str_cat(out, ")", 1);
    return out;
}

SP_METHOD(arith_eq)
{
    sp_value o = argv[0];
    if (!SP_HEAP_P(o) || SP_HDR(o)->klass != SP_HDR(self)->klass) return SP_FALSE;
    return SP_BOOL(sp_equal(EN(self)->recv, EN(o)->recv) && EN(self)->meth == EN(o)->meth && sp_equal(EN(self)->args, EN(o)->args));
}

/* ArithmeticSequence parts: begin, end, step, exclude_end? — for Range
 * receivers ((1..10).step(2), (1..) % 3) and Numeric#step (1.step(10, 3),
 * 1.step(by: 2, to: 9)). */
static void arith_parts(sp_value self, sp_value *b, sp_value *e, sp_value *st, int *excl)
{
    sp_enumerator *en = EN(self);
    long n; sp_value *a = sp_ary_snap(en->args, &n);
    *excl = 0;
    if (sp_range_p(en->recv)) {
        *b = sp_funcall0(en->recv, "begin");
        *e = sp_funcall0(en->recv, "end");
        *excl = SP_RTEST(sp_funcall0(en->recv, "exclude_end?"));
        *st = n > 0 ? a[0] : SP_FIX(1);
        return;
    }
    *b = en->recv;
    *e = SP_NIL;
    *st = SP_FIX(1);
    if (en->kw && n > 0) {
        sp_value kw = a[--n];
        *e = sp_hash_lookup(kw, sp_sym("to"), SP_NIL);
        *st = sp_hash_lookup(kw, sp_sym("by"), SP_FIX(1));
    }
    if (n > 0) *e = a[0];
    if (n > 1) *st = a[1];
}
SP_METHOD(arith_begin) { sp_value b, e, s; int x; arith_parts(self, &b, &e, &s, &x); return b; }
SP_METHOD(arith_end) { sp_value b, e, s; int x; arith_parts(self, &b, &e, &s, &x); return e; }
SP_METHOD(arith_step) { sp_value b, e, s; int x; arith_parts(self, &b, &e, &s, &x); return s; }
SP_METHOD(arith_excl) { sp_value b, e, s; int x; arith_parts(self, &b, &e, &s, &x); return SP_BOOL(x); }

/* Number of elements (Infinity when endless). */
SP_METHOD(arith_size)
{
    sp_value b, e, st; int excl;
    arith_parts(self, &b, &e, &st, &excl);
    if (e == SP_NIL) return sp_float_new(HUGE_VAL);
    if (sp_float_p(b) || sp_float_p(e) || sp_float_p(st))
        return sp_float_step_count(sp_float_step_size(sp_num_to_double(b), sp_num_to_double(e), sp_num_to_double(st), excl));
    if (sp_cmp_values(st, SP_FIX(0)) == 0) return sp_float_new(HUGE_VAL);
    sp_value diff = sp_int_minus(e, b);
    int neg = sp_cmp_values(st, SP_FIX(0)) < 0;
    if (neg ? sp_cmp_values(diff, SP_FIX(0)) > 0 : sp_cmp_values(diff, SP_FIX(0)) < 0) return SP_FIX(0);
    sp_value q = sp_int_div(diff, st);
    sp_value n = sp_int_plus(q, SP_FIX(1));
    if (excl && sp_cmp_values(sp_int_minus(diff, sp_int_mul(q, st)), SP_FIX(0)) == 0) n = sp_int_minus(n, SP_FIX(1));
    return n;
}

static int is_enumerator(sp_value v) { return SP_HEAP_P(v) && SP_TYPE(v) == SP_T_DATA && sp_obj_is_kind_of(v, sp_cEnumerator); }


static sp_value lazy_each(sp_value self, sp_value blk);

/* e.each(*more): a copy of e whose arguments are e's, then more (CRuby);
 * unsized, not started */
static sp_value enr_with_more_args(sp_value self, int argc, const sp_value *argv)
{
    sp_enumerator *e = EN(self);
    sp_enumerator *n = sp_alloc(sizeof(sp_enumerator), sp_obj_class(self), SP_T_DATA);
    memcpy((char *)n + sizeof(sp_header), (char *)e + sizeof(sp_header), sizeof *e - sizeof(sp_header));
    n->args = sp_ary_dup(e->args);
    for (int i = 0; i < argc; i++) sp_ary_push(n->args, argv[i]);
    n->kw = 0;
    n->size = SP_NIL;
    n->buf = SP_NIL;
    n->fiber = SP_NIL;
    n->peeked = SP_UNDEF;
    n->feedvalue = SP_UNDEF;
    n->done = 0;
    n->pos = 0;
    return (sp_value)n;
}

SP_METHOD(enr_each)
{
    if (argc > 0) {
        self = enr_with_more_args(self, argc, argv);
        argc = 0;
    }
    if (blk == SP_NIL) return self;
    sp_enumerator *e = EN(self);
    if (e->recv == SP_UNDEF && e->gen == SP_NIL && e->lazy_stages == SP_NIL)
        sp_raise(sp_eArgError, "uninitialized enumerator");
    if (e->lazy_stages != SP_NIL) return lazy_each(self, blk);
    if (e->gen != SP_NIL) {
        sp_yielder *y = sp_alloc(sizeof(sp_yielder), cYielder, SP_T_DATA);
        y->blk = blk;
        /* the generator block gets the yielder, then each's arguments */
        long n; sp_value *a = sp_ary_snap(e->args, &n);
        sp_value *ga = GC_MALLOC((size_t)(n + 1) * sizeof(sp_value));
        ga[0] = (sp_value)y;
        memcpy(ga + 1, a, (size_t)n * sizeof(sp_value));
        return sp_proc_call(e->gen, (int)n + 1, ga, SP_NIL);
    }
    long n; sp_value *a = sp_ary_snap(e->args, &n);
    return sp_funcall(e->recv, e->meth, (int)n | e->kw, a, blk);
}

SP_METHOD(y_yield) { return sp_yield(((sp_yielder *)self)->blk, argc, argv); }
SP_METHOD(y_push) { sp_yield(((sp_yielder *)self)->blk, argc, argv); return self; }

SP_METHOD(enr_s_new)
{
    if (blk == SP_NIL) sp_raise(sp_eArgError, "no block given");
    sp_value e = sp_enum_new(SP_NIL, "each", 0, NULL);
    SP_HDR(e)->klass = (sp_class *)self;
    EN(e)->gen = blk;
    if (argc > 0) EN(e)->size = argv[0];
    return e;
}

typedef struct wi_state { sp_value blk; long i; sp_value memo; } wi_state;
static sp_value with_index_fn(void *env, int argc_, const sp_value *argv)
{
    int argc = SP_ARGC(argc_);
    wi_state *s = env;
    sp_value r = sp_yield2(s->blk, sp_enum_pack(argc, argv), sp_int_new(s->i));
    s->i++;
    return r;
}
/* Enumerator.produce(initial) { |prev| next }: infinite generator. */
typedef struct produce_env { sp_value init; sp_value blk; } produce_env;
static sp_value produce_gen(void *env, int argc_, const sp_value *argv)
{
    produce_env *pe = env;
    sp_value y = argv[0];
    sp_value v = pe->init;
    if (v == SP_UNDEF) v = sp_yield(pe->blk, 0, NULL);
    for (;;) {
        sp_yield(((sp_yielder *)y)->blk, 1, &v);
        v = sp_yield1(pe->blk, v);
    }
    return SP_NIL;
}
SP_METHOD(enr_s_produce)
{
    if (blk == SP_NIL) sp_raise(sp_eArgError, "no block given");
    produce_env *pe = GC_MALLOC(sizeof(produce_env));
    pe->init = argc > 0 ? argv[0] : SP_UNDEF;
    pe->blk = blk;
    sp_value e = sp_enum_new(SP_NIL, "each", 0, NULL);
    EN(e)->gen = sp_cblock_new(produce_gen, pe);
    EN(e)->size = sp_float_new(HUGE_VAL);
    return e;
}

SP_METHOD(enr_with_index)
{
    SP_RETURN_ENUM(self, "with_index", argc_, argv);
    wi_state *s = GC_MALLOC(sizeof(wi_state));
    s->blk = blk;
    s->i = argc > 0 && argv[0] != SP_NIL ? (long)sp_num_to_long(argv[0]) : 0;
    return enr_each(self, 0, NULL, sp_cblock_new(with_index_fn, s));
}
SP_METHOD(enr_each_with_index)
{
    SP_RETURN_ENUM(self, "each_with_index", argc_, argv);
    wi_state *s = GC_MALLOC(sizeof(wi_state));
    s->blk = blk; s->i = 0;
    enr_each(self, 0, NULL, sp_cblock_new(with_index_fn, s));
    return EN(self)->recv;
}
static sp_value with_object_fn(void *env, int argc_, const sp_value *argv)
{
    int argc = SP_ARGC(argc_);
    wi_state *s = env;
    return sp_yield2(s->blk, sp_enum_pack(argc, argv), s->memo);
}
SP_METHOD(enr_with_object)
{
    EN_RETURN_SIZED(self, "with_object", argc_, argv);
    wi_state *s = GC_MALLOC(sizeof(wi_state));
    s->blk = blk; s->memo = argv[0];
    enr_each(self, 0, NULL, sp_cblock_new(with_object_fn, s));
    return argv[0];
}

/* External iteration (#next/#peek/#rewind).
 *
 * Sources whose iteration has no user-visible side effects and is finite
 * (an Array, Hash, String or Set receiver) are collected once into a
 * buffer: cheap, and no fiber stack.  Everything else (generators,
 * ranges, custom #each, times, loop, lazy) runs its iteration on a Fiber
 * (sp_fiber_rb.c) that Fiber.yields each value, so `loop { e.next }`
 * over an infinite generator works and side effects happen one element
 * at a time, as in CRuby.  A fiber abandoned half-way keeps its stack
 * until exit (see sp_fiber_rb.c). */
extern int sp_set_p(sp_value v);
static int eager_source(sp_enumerator *e)
{
    if (e->gen != SP_NIL || e->lazy_stages != SP_NIL) return 0;
    if (sp_ary_p(e->recv) || sp_hash_p(e->recv) || sp_str_p(e->recv) || sp_set_p(e->recv)) return 1;
    /* small finite Integer ranges: buffering is cheaper than a fiber and
     * `(1..3).each.next` in a loop leaves no suspended stacks behind */
    if (sp_range_p(e->recv)) {
        sp_value b = sp_funcall0(e->recv, "begin"), en = sp_funcall0(e->recv, "end");
        return SP_FIXNUM_P(b) && SP_FIXNUM_P(en) && SP_FIX2LONG(en) - SP_FIX2LONG(b) <= 4096;
    }
    return 0;
}

static void fill_buf(sp_value self)
{
    if (EN(self)->buf == SP_NIL) {
        sp_value a = sp_ary_new();
        EN(self)->result = enr_each(self, 0, NULL, sp_cblock_new(collect_fn, (void *)a));
        EN(self)->buf = a;
        EN(self)->pos = 0;
    }
}

/* One yield of the #next fiber's iteration: hands the values to #next
 * and, when resumed for the following one, returns what #feed gave in
 * between (nil without a #feed), as the iteration's yield. */
static sp_value next_yield_fn(void *env, int argc_, const sp_value *argv)
{
    int argc = SP_ARGC(argc_);
    sp_enumerator *e = env;
    sp_value v = sp_ary_new_from(argc, argv);   /* the values as yielded: #next packs, #next_values not */
    sp_fiber_yield(1, &v);
    sp_value fed = e->feedvalue;
    e->feedvalue = SP_UNDEF;
    return fed == SP_UNDEF ? SP_NIL : fed;
}

/* Body of the #next fiber: the whole iteration; each value is handed to
 * #next through Fiber.yield. */
static sp_value next_body_fn(void *env, int argc_, const sp_value *argv)
{
    (void)argc_; (void)argv;
    sp_value self = (sp_value)env;
    sp_value r = enr_each(self, 0, NULL, sp_cblock_new(next_yield_fn, EN(self)));
    EN(self)->result = r;
    EN(self)->done = 1;
    return SP_NIL;
}

SP_NORETURN static void enr_stop(sp_value self)
{
    sp_raise_stop_iteration(sp_str_new_cstr("iteration reached an end"), EN(self)->result);
}

/* The next yield's values (an Array) from the #next fiber */
static sp_value fiber_next_values(sp_value self)
{
    sp_enumerator *e = EN(self);
    if (e->peeked != SP_UNDEF) {
        sp_value v = e->peeked;
        e->peeked = SP_UNDEF;
        return v;
    }
    if (e->done) enr_stop(self);
    if (e->fiber == SP_NIL) e->fiber = sp_fiber_new_from_proc(sp_cblock_new(next_body_fn, (void *)self));
    sp_value f = e->fiber;
    sp_value v = sp_fiber_resume(f, 0, NULL);
    if (e->done) {
        e->fiber = SP_NIL;
        enr_stop(self);
    }
    return v;
}

static sp_value values_pack(sp_value vals)
{
    long n; sp_value *a = sp_ary_snap(vals, &n);
    return sp_enum_pack((int)n, a);
}

static sp_value fiber_next(sp_value self) { return values_pack(fiber_next_values(self)); }

SP_METHOD(enr_next)
{
    if (!eager_source(EN(self))) return fiber_next(self);
    fill_buf(self);
    if (EN(self)->pos >= sp_ary_len(EN(self)->buf)) enr_stop(self);
    return sp_ary_entry(EN(self)->buf, EN(self)->pos++);
}
SP_METHOD(enr_peek)
{
    sp_enumerator *e = EN(self);
    if (!eager_source(e)) {
        if (e->peeked == SP_UNDEF) e->peeked = fiber_next_values(self);
        return values_pack(e->peeked);
    }
    fill_buf(self);
    if (e->pos >= sp_ary_len(e->buf)) enr_stop(self);
    return sp_ary_entry(e->buf, e->pos);
}
/* #next_values / #peek_values: the values of one yield as an Array (an
 * eager source yields one value each time) */
SP_METHOD(enr_next_values)
{
    if (!eager_source(EN(self))) return sp_ary_dup(fiber_next_values(self));
    sp_value v = enr_next(self, 0, NULL, SP_NIL);
    return sp_ary_new_from(1, &v);
}
SP_METHOD(enr_peek_values)
{
    sp_enumerator *e = EN(self);
    if (!eager_source(e)) {
        if (e->peeked == SP_UNDEF) e->peeked = fiber_next_values(self);
        return sp_ary_dup(e->peeked);
    }
    sp_value v = enr_peek(self, 0, NULL, SP_NIL);
    return sp_ary_new_from(1, &v);
}

/* #feed(v): the value the iteration's current yield returns when #next
 * resumes it (once per yield) */
SP_METHOD(enr_feed)
{
    sp_enumerator *e = EN(self);
    if (e->feedvalue != SP_UNDEF) sp_raise(sp_eTypeError, "feed value already set");
    e->feedvalue = argv[0];
    return SP_NIL;
}

SP_METHOD(enr_rewind)
{
    sp_enumerator *e = EN(self);
    e->feedvalue = SP_UNDEF;
    e->pos = 0;
    e->buf = SP_NIL;
    e->fiber = SP_NIL;
    e->peeked = SP_UNDEF;
    e->done = 0;
    if (sp_respond_to(e->recv, sp_intern("rewind"), 0)) sp_funcall0(e->recv, "rewind");
    return self;
}

/* Enumerable#zip streams: the receiver is iterated once with #each, Array
 * arguments are indexed, other arguments are walked with Enumerator#next
 * (so endless receivers with a breaking block and endless arguments work). */
typedef struct zip_state { int n; sp_value *srcs; int *done; long i; sp_value blk; sp_value out; } zip_state;
static sp_value zip_next_protected(void *arg) { return enr_next(*(sp_value *)arg, 0, NULL, SP_NIL); }
static sp_value zip_fn(void *env, int argc_, const sp_value *argv)
{
    int argc = SP_ARGC(argc_);
    zip_state *z = env;
    sp_value t = sp_ary_new_capa(z->n + 1);
    sp_ary_push(t, sp_enum_pack(argc, argv));
    for (int j = 0; j < z->n; j++) {
        sp_value src = z->srcs[j];
        if (sp_ary_p(src)) { sp_ary_push(t, sp_ary_entry(src, z->i)); continue; }
        if (z->done[j]) { sp_ary_push(t, SP_NIL); continue; }
        sp_value exc = SP_NIL;
        sp_value v = sp_run_protected(zip_next_protected, &z->srcs[j], &exc);
        if (v == SP_UNDEF) {
            if (exc != SP_NIL && !sp_obj_is_kind_of(exc, sp_eStopIteration)) sp_raise_exc(exc);
            z->done[j] = 1;
            v = SP_NIL;
        }
        sp_ary_push(t, v);
    }
    z->i++;
    if (z->blk != SP_NIL) sp_yield1(z->blk, t); else sp_ary_push(z->out, t);
    return SP_NIL;
}
SP_METHOD(en_zip)
{
    zip_state z = { argc, GC_MALLOC(sizeof(sp_value) * (size_t)(argc + 1)),
                    GC_MALLOC_ATOMIC(sizeof(int) * (size_t)(argc + 1)), 0, blk, sp_ary_new() };
    for (int j = 0; j < argc; j++) {
        sp_value a = sp_check_array(argv[j]);
        if (a == SP_NIL) {
            if (!sp_respond_to(argv[j], sp_intern("each"), 1))
                sp_raise(sp_eTypeError, "wrong argument type %s (must respond to :each)", sp_obj_classname(argv[j]));
            a = sp_enum_new(argv[j], "each", 0, NULL);
        }
        z.srcs[j] = a;
        z.done[j] = 0;
    }
    call_each(self, zip_fn, &z);
    return blk != SP_NIL ? SP_NIL : z.out;
}

static sp_value lazy_inspect(sp_value self);
static sp_value lazy_size(sp_value self);

/* Size of a Numeric#step Enumerator whose step or limit is not a Numeric
 * (CRuby's num_step_size): the direction comes from step > 0, which raises
 * for a String step (Comparable) and is a TypeError for an object without
 * >; then from > limit (from < limit going down) means no element, else
 * (limit - from).div(step) + 1. */
static sp_value num_step_size_generic(sp_value from, sp_value lim, sp_value st)
{
    int desc;
    if (sp_integer_p(st) || sp_float_p(st)) desc = sp_num_to_double(st) < 0;
    else if (sp_respond_to(st, sp_intern(">"), 1)) desc = !SP_RTEST(sp_funcall1(st, ">", SP_FIX(0)));
    else sp_raise(sp_eTypeError, "0 can't be coerced into %s", sp_obj_classname(st));
    if (lim == SP_NIL)   /* CRuby then takes the Float path: the step must convert */
        return sp_float_step_count(sp_float_step_size(sp_num_to_double(from), desc ? -HUGE_VAL : HUGE_VAL,
                                                      sp_num_to_double(st), 0));
    if (SP_RTEST(sp_funcall1(from, desc ? "<" : ">", lim))) return SP_FIX(0);
    sp_value q = sp_funcall1(sp_funcall1(lim, "-", from), "div", st);
    return sp_funcall1(q, "+", SP_FIX(1));
}

SP_METHOD(enr_size)
{
    sp_enumerator *e = EN(self);
    if (e->size == SP_UNDEF) return sized_enum_size(e);
    if (e->size != SP_NIL) return SP_HEAP_P(e->size) && SP_TYPE(e->size) == SP_T_PROC ? sp_proc_call(e->size, 0, NULL, SP_NIL) : e->size;
    if (e->lazy_stages != SP_NIL) return lazy_size(self);
    if (e->gen != SP_NIL) return SP_NIL;
    const char *m = sp_id_name(e->meth);
    if (!strcmp(m, "times")) return SP_FIXNUM_P(e->recv) && SP_FIX2LONG(e->recv) < 0 ? SP_FIX(0) : e->recv;
    if (!strcmp(m, "loop") || !strcmp(m, "cycle")) return sp_float_new(HUGE_VAL);
    if (sp_str_p(e->recv)) {
        if (!strcmp(m, "each_char") || !strcmp(m, "chars")) return SP_FIX(sp_str_char_len(e->recv));
        if (!strcmp(m, "each_byte") || !strcmp(m, "bytes")) return SP_FIX((long)sp_str_len(e->recv));
        return SP_NIL;
    }
    if (sp_integer_p(e->recv) && (!strcmp(m, "upto") || !strcmp(m, "downto")) && sp_ary_len(e->args) == 1) {
        sp_value lim = sp_ary_entry(e->args, 0);
        /* a limit that is no Numeric is compared as CRuby's generic
         * interval size does (ArgumentError for a String or nil) */
        if (!sp_obj_is_kind_of(lim, sp_cNumeric) && SP_RTEST(sp_funcall1(e->recv, !strcmp(m, "upto") ? ">" : "<", lim)))
            return SP_FIX(0);
        /* a Float limit counts whole steps: upto floors it, downto ceils it */
        if (!sp_integer_p(lim) && sp_obj_is_kind_of(lim, sp_cNumeric))
            lim = sp_funcall(lim, sp_intern(!strcmp(m, "upto") ? "floor" : "ceil"), 0, NULL, SP_NIL);
        sp_value d = !strcmp(m, "upto") ? sp_int_minus(lim, e->recv) : sp_int_minus(e->recv, lim);
        return sp_cmp_values(d, SP_FIX(0)) < 0 ? SP_FIX(0) : sp_int_plus(d, SP_FIX(1));
    }
    if (!strcmp(m, "step") && sp_numeric_p(e->recv)) {
        long n; sp_value *a = sp_ary_snap(e->args, &n);
        sp_value lim = SP_NIL, st = SP_FIX(1);
        if (e->kw && n > 0) {
            sp_value kw = a[--n];
            lim = sp_hash_lookup(kw, sp_sym("to"), SP_NIL);
            st = sp_hash_lookup(kw, sp_sym("by"), SP_FIX(1));
        }
        if (n > 0) lim = a[0];
        if (n > 1) st = a[1];
        if (st == SP_NIL) st = SP_FIX(1);
        if (!sp_numeric_p(st) || (lim != SP_NIL && !sp_numeric_p(lim)))
            return num_step_size_generic(e->recv, lim, st);
        if (lim == SP_NIL) return sp_float_new(HUGE_VAL);
        if (sp_float_p(e->recv) || sp_float_p(lim) || sp_float_p(st))
            return sp_float_step_count(sp_float_step_size(sp_num_to_double(e->recv), sp_num_to_double(lim), sp_num_to_double(st), 0));
        sp_value d = sp_int_div(sp_int_minus(lim, e->recv), st);
        return sp_cmp_values(d, SP_FIX(0)) < 0 ? SP_FIX(0) : sp_int_plus(d, SP_FIX(1));
    }
    if (sp_ary_p(e->recv) || sp_hash_p(e->recv) || sp_range_p(e->recv) || sp_set_p(e->recv)) {
        /* searches stop early: CRuby gives their Enumerators no size */
        static const char *const unsized[] = { "bsearch", "bsearch_index", "find", "detect", "find_index",
                                               "index", "rindex", "take_while", "drop_while" };
        for (size_t i = 0; i < sizeof unsized / sizeof unsized[0]; i++)
            if (!strcmp(m, unsized[i])) return SP_NIL;
        if (!strcmp(m, "each_slice") || !strcmp(m, "each_cons")) {
            long n = SP_FIX2LONG(sp_funcall0(e->recv, "size")), k = (long)sp_num_to_long(sp_ary_entry(e->args, 0));
            return SP_FIX(!strcmp(m, "each_slice") ? (n + k - 1) / k : (n - k + 1 > 0 ? n - k + 1 : 0));
        }
        return sp_funcall0(e->recv, "size");
    }
    return SP_NIL;
}

SP_METHOD(enr_inspect)
{
    sp_enumerator *e = EN(self);
    if (e->recv == SP_UNDEF && e->gen == SP_NIL)   /* Enumerator.allocate */
        return sp_str_format("#<%s: uninitialized>", sp_obj_classname(self));
    if (e->lazy_stages != SP_NIL) return lazy_inspect(self);
    if (e->gen != SP_NIL) return sp_str_format("#<Enumerator: #<Enumerator::Generator:0x%016lx>:each>", (unsigned long)e->gen);
    sp_value out = sp_str_new_cstr("#<Enumerator: ");
    sp_str_append(out, sp_inspect(e->recv));
    sp_str_cat(out, ":", 1);
    sp_str_cat_cstr(out, sp_id_name(e->meth));
    long n = sp_ary_len(e->args);
    if (n > 0) {
        sp_str_cat(out, "(", 1);
        for (long i = 0; i < n; i++) {
            if (i) sp_str_cat(out, ", ", 2);
            sp_str_append(out, sp_inspect(sp_ary_entry(e->args, i)));
        }
        sp_str_cat(out, ")", 1);
    }
    sp_str_cat(out, ">", 1);
    return out;
}

/* ------------------------------------------------------------------ */
/* Enumerator.allocate (and subclasses'): an Enumerator, uninitialized
 * (recv SP_UNDEF), never a plain object the Enumerator methods misread */
static sp_value enr_alloc(sp_value klass)
{
    sp_value e = sp_enum_new(SP_UNDEF, "each", 0, NULL);
    SP_HDR(e)->klass = (sp_class *)klass;
    return e;
}

/* Enumerator#initialize(size = nil) { |yielder| } and
 * Enumerator::Lazy#initialize(obj, size = nil) { |yielder, *values| }
 * on an allocated object (Enumerator.new / Lazy.new do the same) */
SP_METHOD(enr_initialize)
{
    sp_check_frozen(self);
    if (argc > 1) sp_raise_arity(argc, 0, 1);
    if (blk == SP_NIL) sp_raise(sp_eArgError, "no block given");
    EN(self)->gen = blk;
    EN(self)->recv = SP_NIL;
    EN(self)->size = argc > 0 ? argv[0] : SP_NIL;
    return self;
}

/* ------------------------------------------------------------------ */
/* Streaming slices (slicer_new)                                       */

typedef struct slicer { int kind; sp_value src, blk, pat; int has_pat; } slicer;
typedef struct slice_run { const slicer *sl; sp_value y, cur, prev, curk; } slice_run;

static void slice_emit(slice_run *r, sp_value v) { sp_yield1(((sp_yielder *)r->y)->blk, v); }

static void slice_flush(slice_run *r)
{
    if (r->cur == SP_NIL) return;
    sp_value c = r->cur;
    r->cur = SP_NIL;
    slice_emit(r, r->sl->kind == SL_CHUNK ? sp_ary_new_from(2, (sp_value[]){ r->curk, c }) : c);
}

static int slice_test(slice_run *r, sp_value v)
{
    return SP_RTEST(r->sl->has_pat ? sp_funcall1(r->sl->pat, "===", v) : sp_yield1(r->sl->blk, v));
}

/* chunk: nil/:_separator drop the element, :_alone makes a chunk of its
 * own, other _-symbols are reserved (RuntimeError), as CRuby */
static void slice_chunk_step(slice_run *r, sp_value v)
{
    sp_value k = sp_yield1(r->sl->blk, v);
    if (k == SP_NIL || k == sp_sym("_separator")) { slice_flush(r); return; }
    if (k == sp_sym("_alone")) {
        slice_flush(r);
        r->curk = k;
        r->cur = sp_ary_new_from(1, &v);
        slice_flush(r);
        return;
    }
    if (SP_SYMBOL_P(k) && sp_id_name(SP_SYM2ID(k))[0] == '_')
        sp_raise(sp_eRuntimeError, "symbols beginning with an underscore are reserved");
    if (r->cur != SP_NIL && sp_equal(k, r->curk)) { sp_ary_push(r->cur, v); return; }
    slice_flush(r);
    r->curk = k;
    r->cur = sp_ary_new_from(1, &v);
}

static sp_value slice_step(void *env, int argc_, const sp_value *argv)
{
    slice_run *r = env;
    sp_value v = sp_enum_pack(SP_ARGC(argc_), argv);
    switch (r->sl->kind) {
    case SL_CHUNK_WHILE: case SL_SLICE_WHEN:
        if (r->cur == SP_NIL) r->cur = sp_ary_new_from(1, &v);
        else if (SP_RTEST(sp_yield2(r->sl->blk, r->prev, v)) == (r->sl->kind == SL_CHUNK_WHILE)) sp_ary_push(r->cur, v);
        else { slice_flush(r); r->cur = sp_ary_new_from(1, &v); }
        r->prev = v;
        break;
    case SL_BEFORE:
        if (slice_test(r, v)) slice_flush(r);
        if (r->cur == SP_NIL) r->cur = sp_ary_new();
        sp_ary_push(r->cur, v);
        break;
    case SL_AFTER:
        if (r->cur == SP_NIL) r->cur = sp_ary_new();
        sp_ary_push(r->cur, v);
        if (slice_test(r, v)) slice_flush(r);
        break;
    case SL_CHUNK:
        slice_chunk_step(r, v);
        break;
    }
    return SP_NIL;
}

/* The generator: argv[0] is this iteration's Yielder */
static sp_value slice_gen(void *env, int argc_, const sp_value *argv)
{
    (void)argc_;
    slice_run r = { env, argv[0], SP_NIL, SP_NIL, SP_NIL };
    call_each(((slicer *)env)->src, slice_step, &r);
    slice_flush(&r);
    return SP_NIL;
}

static sp_value slicer_new(int kind, sp_value src, sp_value blk, sp_value pat, int has_pat)
{
    slicer *sl = GC_MALLOC(sizeof(slicer));
    sl->kind = kind; sl->src = src; sl->blk = blk; sl->pat = pat; sl->has_pat = has_pat;
    sp_value e = sp_enum_new(SP_NIL, "each", 0, NULL);
    EN(e)->gen = sp_cblock_new(slice_gen, sl);
    return e;
}

/* ------------------------------------------------------------------ */
/* Lazy                                                                */

/* LZ_NEW: Enumerator::Lazy.new(obj, size) { |yielder, *values| }, always
 * the first stage: the block gets each source yield and a Yielder that
 * passes what it is given to the next stage. */
enum { LZ_MAP, LZ_SELECT, LZ_REJECT, LZ_TAKE_WHILE, LZ_DROP_WHILE, LZ_TAKE, LZ_FILTER_MAP, LZ_WITH_INDEX, LZ_FLAT_MAP, LZ_COMPACT, LZ_UNIQ, LZ_NEW,
       LZ_GREP, LZ_GREP_V, LZ_DROP, LZ_ZIP, LZ__COUNT };

/* arg: the stage's argument (grep's pattern, zip's Array of lists);
 * seen: uniq's Hash, zip's per-run sources (an Array or an external
 * Enumerator per list, nil once one is exhausted). */
typedef struct lz_stage { int kind; sp_value fn; long n; long count; int dropping; sp_value seen; sp_value yielder; sp_value arg; } lz_stage;
typedef struct lz_run { sp_value blk; long nst; lz_stage *st; sp_handler *h; int nvals; const sp_value *vals; } lz_run;
typedef struct lz_yenv { struct lz_run *r; long next; } lz_yenv;
static void lz_emit(lz_run *r, long from, sp_value v);

static sp_value lz_next_fn(void *e) { return sp_funcall0((sp_value)e, "next"); }

/* zip's next value from source k of stage s: by index for an Array, else
 * the external Enumerator's #next, nil for ever after StopIteration */
static sp_value lz_zip_entry(lz_stage *s, long k)
{
    sp_value src = sp_ary_entry(s->seen, k);
    if (src == SP_NIL) return SP_NIL;
    if (sp_ary_p(src)) return sp_ary_entry(src, s->count);
    sp_value exc = SP_NIL, v = sp_run_protected(lz_next_fn, (void *)src, &exc);
    if (v != SP_UNDEF) return v;
    if (exc != SP_NIL && sp_obj_is_kind_of(exc, sp_eStopIteration)) { sp_ary_store(s->seen, k, SP_NIL); return SP_NIL; }
    if (exc != SP_NIL) sp_raise_exc(exc);
    return SP_NIL;
}

/* Call a stage block: the first stage sees the values exactly as the
 * source yielded them (several values -> several block parameters). */
static sp_value lz_call(lz_run *r, long i, sp_value fn, sp_value v)
{
    if (i == 0 && r->nvals > 1) return sp_yield(fn, r->nvals, r->vals);
    return sp_yield1(fn, v);
}

static void lz_emit(lz_run *r, long from, sp_value v)
{
    for (long i = from; i < r->nst; i++) {
        lz_stage *s = &r->st[i];
        switch (s->kind) {
        case LZ_MAP: v = lz_call(r, i, s->fn, v); break;
        case LZ_SELECT: if (!SP_RTEST(lz_call(r, i, s->fn, v))) return; break;
        case LZ_REJECT: if (SP_RTEST(lz_call(r, i, s->fn, v))) return; break;
        case LZ_FILTER_MAP: v = lz_call(r, i, s->fn, v); if (!SP_RTEST(v)) return; break;
        case LZ_COMPACT: if (v == SP_NIL) return; break;
        case LZ_GREP: case LZ_GREP_V:
            if (SP_RTEST(sp_funcall1(s->arg, "===", v)) != (s->kind == LZ_GREP)) return;
            if (s->fn != SP_NIL) v = sp_yield1(s->fn, v);
            break;
        case LZ_DROP:
            if (s->count < s->n) { s->count++; return; }
            break;
        case LZ_ZIP: {
            long k = sp_ary_len(s->seen);
            sp_value t = sp_ary_new();
            sp_ary_push(t, v);
            for (long j = 0; j < k; j++) sp_ary_push(t, lz_zip_entry(s, j));
            s->count++;
            v = t;
            break;
        }
        case LZ_NEW: {
            int n = i == 0 ? r->nvals : 1;
            sp_value *a = GC_MALLOC(sizeof(sp_value) * (size_t)(n + 1));
            a[0] = s->yielder;
            if (i == 0) memcpy(a + 1, r->vals, sizeof(sp_value) * (size_t)n);
            else a[1] = v;
            sp_yield(s->fn, n + 1, a);
            return;
        }
        case LZ_UNIQ: {
            sp_value k = s->fn != SP_NIL ? sp_yield1(s->fn, v) : v;
            if (sp_hash_lookup(s->seen, k, SP_UNDEF) != SP_UNDEF) return;
            sp_hash_aset(s->seen, k, SP_TRUE);
            break;
        }
        case LZ_TAKE_WHILE:
            if (!SP_RTEST(sp_yield1(s->fn, v))) sp_jump(sp_ec_current(), SP_JUMP_BREAK, r->h, SP_NIL);
            break;
        case LZ_DROP_WHILE:
            if (s->dropping && SP_RTEST(sp_yield1(s->fn, v))) return;
            s->dropping = 0;
            break;
        case LZ_TAKE:
            if (s->count >= s->n) sp_jump(sp_ec_current(), SP_JUMP_BREAK, r->h, SP_NIL);
            s->count++;
            if (s->count == s->n) {
                lz_emit(r, i + 1, v);
                sp_jump(sp_ec_current(), SP_JUMP_BREAK, r->h, SP_NIL);
            }
            break;
        case LZ_WITH_INDEX: {
            sp_value iv = SP_FIX(s->n + s->count);
            s->count++;
            if (s->fn != SP_NIL) sp_yield2(s->fn, v, iv);
            else v = sp_ary_new_from(2, (sp_value[]){ v, iv });
            break;
        }
        case LZ_FLAT_MAP: {
            sp_value x = sp_yield1(s->fn, v);
            sp_value a = SP_SPECIAL_CONST_P(x) ? SP_NIL : sp_check_array(x);
            if (a == SP_NIL) { v = x; break; }
            for (long k = 0; k < sp_ary_len(a); k++) lz_emit(r, i + 1, sp_ary_entry(a, k));
            return;
        }
        }
    }
    sp_yield1(r->blk, v);
}

/* The Yielder of an LZ_NEW stage: y << v / y.yield(a, b) go on to the next stage */
static sp_value lz_yielder_fn(void *env, int argc_, const sp_value *argv)
{
    lz_yenv *y = env;
    lz_emit(y->r, y->next, sp_enum_pack(SP_ARGC(argc_), argv));
    return SP_NIL;
}

static sp_value lz_fn(void *env, int argc_, const sp_value *argv)
{
    int argc = SP_ARGC(argc_);
    lz_run *r = env;
    r->nvals = argc; r->vals = argv;
    lz_emit(r, 0, sp_enum_pack(argc, argv));
    r->nvals = 0;
    return SP_NIL;
}

static sp_value lazy_each(sp_value self, sp_value blk)
{
    sp_enumerator *e = EN(self);
    long n; sp_value *stv = sp_ary_snap(e->lazy_stages, &n);
    lz_run *r = GC_MALLOC(sizeof(lz_run));
    r->blk = blk; r->nst = n;
    r->st = GC_MALLOC(sizeof(lz_stage) * (size_t)(n + 1));
    for (long i = 0; i < n; i++) {
        sp_value d = stv[i];
        r->st[i].kind = (int)SP_FIX2LONG(sp_ary_entry(d, 0));
        r->st[i].fn = sp_ary_entry(d, 1);
        r->st[i].n = SP_FIXNUM_P(sp_ary_entry(d, 2)) ? SP_FIX2LONG(sp_ary_entry(d, 2)) : 0;
        r->st[i].count = 0;
        r->st[i].dropping = 1;
        r->st[i].seen = sp_hash_new();
        r->st[i].yielder = SP_NIL;
        r->st[i].arg = sp_ary_entry(d, 2);
        if (r->st[i].kind == LZ_ZIP) {   /* fresh sources per run: force twice gives the same */
            long k = sp_ary_len(r->st[i].arg);
            r->st[i].seen = sp_ary_new();
            for (long j = 0; j < k; j++) {
                sp_value o = sp_ary_entry(r->st[i].arg, j);
                sp_ary_push(r->st[i].seen, sp_ary_p(o) ? o : sp_funcall0(o, "each_entry"));
            }
        }
        if (r->st[i].kind == LZ_NEW) {
            lz_yenv *y = GC_MALLOC(sizeof(lz_yenv));
            y->r = r; y->next = i + 1;
            sp_yielder *yo = sp_alloc(sizeof(sp_yielder), cYielder, SP_T_DATA);
            yo->blk = sp_cblock_new(lz_yielder_fn, y);
            r->st[i].yielder = (sp_value)yo;
        }
        if (r->st[i].kind == LZ_TAKE && r->st[i].n == 0) return self;
    }
    sp_ec *ec = sp_ec_current();
    sp_handler h;
    r->h = &h;
    sp_push_handler(ec, &h, SP_H_TARGET, &h);
    if (_setjmp(h.jb) == 0) {
        call_each(e->recv, lz_fn, r);
        sp_pop_handler(ec, &h);
    } else sp_pop_handler(ec, &h);
    return self;
}

static sp_value lazy_new(sp_value src, sp_value stages)
{
    sp_value l = sp_enum_new(src, "each", 0, NULL);
    SP_HDR(l)->klass = (sp_class *)cLazy;
    EN(l)->lazy_stages = stages;
    return l;
}

/* #<Enumerator::Lazy: #<Enumerator::Lazy: 1..3>:map>: one level per stage. */
static sp_value lazy_inspect(sp_value self)
{
    static const char *names[] = { "map", "select", "reject", "take_while", "drop_while", "take",
                                   "filter_map", "with_index", "flat_map", "compact", "uniq", "each",
                                   "grep", "grep_v", "drop", "zip" };
    sp_enumerator *e = EN(self);
    sp_value out = sp_str_new_cstr("#<Enumerator::Lazy: ");
    sp_str_append(out, sp_inspect(e->recv));
    long n = sp_ary_len(e->lazy_stages);
    if (n > 0 && SP_FIX2LONG(sp_ary_entry(sp_ary_entry(e->lazy_stages, 0), 0)) == LZ_NEW) sp_str_cat(out, ":each", 5);
    sp_str_cat(out, ">", 1);
    for (long i = 0; i < n; i++) {
        sp_value st = sp_ary_entry(e->lazy_stages, i);
        long kind = SP_FIX2LONG(sp_ary_entry(st, 0));
        sp_value arg = sp_ary_entry(st, 2);
        if (kind == LZ_NEW) continue;   /* Lazy.new(obj): #<Enumerator::Lazy: obj:each> */
        sp_value o = sp_str_new_cstr("#<Enumerator::Lazy: ");
        sp_str_append(o, out);
        sp_str_cat(o, ":", 1);
        sp_str_cat_cstr(o, kind >= 0 && kind < LZ__COUNT ? names[kind] : "each");
        if (kind == LZ_ZIP && sp_ary_len(arg) > 0) {
            sp_value in = sp_inspect(arg);   /* the lists without the Array's brackets */
            size_t l; const char *p = sp_str_snap(in, &l);
            sp_str_cat(o, "(", 1);
            sp_str_cat(o, p + 1, l - 2);
            sp_str_cat(o, ")", 1);
        } else if (kind == LZ_TAKE || kind == LZ_DROP || kind == LZ_GREP || kind == LZ_GREP_V ||
                   (kind == LZ_WITH_INDEX && arg != SP_FIX(0))) {
            sp_str_cat(o, "(", 1);
            sp_str_append(o, sp_inspect(arg));
            sp_str_cat(o, ")", 1);
        }
        sp_str_cat(o, ">", 1);
        out = o;
    }
    return out;
}

/* Known only while every stage keeps the count (map, with_index) or
 * caps it (take); nil after a filtering stage, like CRuby. */
static sp_value lazy_size(sp_value self)
{
    sp_enumerator *e = EN(self);
    long n = sp_ary_len(e->lazy_stages);
    for (long i = 0; i < n; i++) {   /* a filtering stage: nil without asking the source */
        long k = SP_FIX2LONG(sp_ary_entry(sp_ary_entry(e->lazy_stages, i), 0));
        if (k != LZ_MAP && k != LZ_WITH_INDEX && k != LZ_NEW && k != LZ_ZIP && k != LZ_TAKE && k != LZ_DROP) return SP_NIL;
    }
    sp_value size;
    if (n > 0 && SP_FIX2LONG(sp_ary_entry(sp_ary_entry(e->lazy_stages, 0), 0)) == LZ_NEW) {
        size = sp_ary_entry(sp_ary_entry(e->lazy_stages, 0), 2);   /* Lazy.new's size: nil, a number or a callable */
        if (SP_HEAP_P(size) && SP_TYPE(size) == SP_T_PROC) size = sp_proc_call(size, 0, NULL, SP_NIL);
    } else size = sp_respond_to(e->recv, sp_intern("size"), 0) ? sp_funcall0(e->recv, "size") : SP_NIL;
    for (long i = 0; i < n && size != SP_NIL; i++) {
        sp_value st = sp_ary_entry(e->lazy_stages, i);
        long kind = SP_FIX2LONG(sp_ary_entry(st, 0));
        if (kind == LZ_MAP || kind == LZ_WITH_INDEX || kind == LZ_NEW || kind == LZ_ZIP) continue;
        if (kind == LZ_DROP) {
            sp_value d = sp_int_minus(size, sp_ary_entry(st, 2));
            if (!sp_integer_p(size)) d = sp_funcall1(size, "-", sp_ary_entry(st, 2));
            size = sp_cmp_values(d, SP_FIX(0)) < 0 ? SP_FIX(0) : d;
            continue;
        }
        if (kind == LZ_TAKE) {
            sp_value lim = sp_ary_entry(st, 2);
            if (sp_cmp_values(lim, size) < 0) size = lim;
            continue;
        }
        size = SP_NIL;
    }
    return size;
}

SP_METHOD(k_to_enum)
{
    const char *m = "each";
    if (argc > 0) m = sp_id_name(SP_SYM2ID(argv[0]));
    /* keywords (to_enum(:m, a, k: 1)) reach m as keywords again */
    int kw = argc > 1 ? (argc_ & SP_ARGC_KW) : 0;
    sp_value e = sp_enum_new(self, m, (argc > 0 ? argc - 1 : 0) | kw, argv + (argc > 0));
    if (blk != SP_NIL) EN(e)->size = blk;
    return e;
}

SP_METHOD(en_lazy) { return lazy_new(self, sp_ary_new()); }

/* Enumerator::Lazy.new(obj, size = nil) { |yielder, *values| ... } */
SP_METHOD(lz_s_new)
{
    if (argc < 1 || argc > 2) sp_raise(sp_eArgError, "wrong number of arguments (given %d, expected 1..2)", argc);
    if (blk == SP_NIL) sp_raise(sp_eArgError, "tried to call lazy new without a block");
    sp_value size = argc > 1 ? argv[1] : SP_NIL;
    sp_value st = sp_ary_new();
    sp_ary_push(st, sp_ary_new_from(3, (sp_value[]){ SP_FIX(LZ_NEW), blk, size }));
    sp_value l = lazy_new(argv[0], st);
    SP_HDR(l)->klass = (sp_class *)self;
    return l;
}

static sp_value lazy_add(sp_value self, int kind, sp_value fn, sp_value n)
{
    sp_enumerator *e = EN(self);
    sp_value st = e->lazy_stages == SP_NIL ? sp_ary_new() : sp_ary_dup(e->lazy_stages);
    sp_ary_push(st, sp_ary_new_from(3, (sp_value[]){ SP_FIX(kind), fn, n }));
    return lazy_new(e->recv, st);
}
SP_METHOD(lz_initialize)
{
    sp_check_frozen(self);
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    if (blk == SP_NIL) sp_raise(sp_eArgError, "tried to call lazy new without a block");
    sp_value st = sp_ary_new();
    sp_ary_push(st, sp_ary_new_from(3, (sp_value[]){ SP_FIX(LZ_NEW), blk, argc > 1 ? argv[1] : SP_NIL }));
    EN(self)->recv = argv[0];
    EN(self)->lazy_stages = st;
    return self;
}

SP_METHOD(lz_map) { return lazy_add(self, LZ_MAP, blk, SP_NIL); }
SP_METHOD(lz_select) { return lazy_add(self, LZ_SELECT, blk, SP_NIL); }
SP_METHOD(lz_reject) { return lazy_add(self, LZ_REJECT, blk, SP_NIL); }
SP_METHOD(lz_take_while) { return lazy_add(self, LZ_TAKE_WHILE, blk, SP_NIL); }
SP_METHOD(lz_drop_while) { return lazy_add(self, LZ_DROP_WHILE, blk, SP_NIL); }
SP_METHOD(lz_take) { return lazy_add(self, LZ_TAKE, SP_NIL, argv[0]); }
SP_METHOD(lz_filter_map) { return lazy_add(self, LZ_FILTER_MAP, blk, SP_NIL); }
SP_METHOD(lz_flat_map) { return lazy_add(self, LZ_FLAT_MAP, blk, SP_NIL); }
SP_METHOD(lz_compact) { return lazy_add(self, LZ_COMPACT, SP_NIL, SP_NIL); }
SP_METHOD(lz_uniq) { return lazy_add(self, LZ_UNIQ, blk, SP_NIL); }
/* chunk, chunk_while, slice_*: Enumerable's streaming Enumerator over
 * this Lazy, made lazy again */
SP_METHOD(lz_chunk) { return lazy_new(en_chunk(self, argc_, argv, blk), sp_ary_new()); }
SP_METHOD(lz_chunk_while) { return lazy_new(en_chunk_while(self, argc_, argv, blk), sp_ary_new()); }
SP_METHOD(lz_slice_when) { return lazy_new(en_slice_when(self, argc_, argv, blk), sp_ary_new()); }
SP_METHOD(lz_slice_before) { return lazy_new(en_slice_before(self, argc_, argv, blk), sp_ary_new()); }
SP_METHOD(lz_slice_after) { return lazy_new(en_slice_after(self, argc_, argv, blk), sp_ary_new()); }
/* Lazy#to_enum(meth = :each, *args) { size }: a Lazy over self.meth(*args);
 * with_index/each_with_index run Enumerator's (eager-with-a-block)
 * versions, as CRuby's lazy_use_super_method */
typedef struct lz_super { sp_value self; sp_cfunc fn; sp_value args; } lz_super;
static sp_value lz_super_gen(void *env, int argc_, const sp_value *argv)
{
    (void)argc_;
    lz_super *ls = env;
    long n; sp_value *a = sp_ary_snap(ls->args, &n);
    return ls->fn(ls->self, (int)n, a, ((sp_yielder *)argv[0])->blk);
}
SP_METHOD(lz_to_enum)
{
    sp_id meth = argc == 0 ? sp_intern("each") : SP_SYMBOL_P(argv[0]) ? SP_SYM2ID(argv[0]) : sp_intern(sp_str_cstr(argv[0]));
    int n = argc > 0 ? argc - 1 : 0;
    const sp_value *args = argv + (argc > 0);
    sp_value e;
    const char *mn = sp_id_name(meth);
    if (!strcmp(mn, "with_index") || !strcmp(mn, "each_with_index")) {
        lz_super *ls = GC_MALLOC(sizeof(lz_super));
        ls->self = self;
        ls->fn = !strcmp(mn, "with_index") ? enr_with_index : enr_each_with_index;
        ls->args = sp_ary_new_from(n, args);
        e = sp_enum_new(SP_NIL, "each", 0, NULL);
        EN(e)->gen = sp_cblock_new(lz_super_gen, ls);
    } else e = sp_enum_new(self, mn, n | (argc > 1 ? (argc_ & SP_ARGC_KW) : 0), args);
    sp_value l = lazy_new(e, sp_ary_new());
    if (blk != SP_NIL) EN(l)->size = blk;
    return l;
}
SP_METHOD(lz_grep) { return lazy_add(self, LZ_GREP, blk, argv[0]); }
SP_METHOD(lz_grep_v) { return lazy_add(self, LZ_GREP_V, blk, argv[0]); }
SP_METHOD(lz_drop)
{
    long n = (long)sp_num_to_long(argv[0]);
    if (n < 0) sp_raise(sp_eArgError, "attempt to drop negative size");
    return lazy_add(self, LZ_DROP, SP_NIL, SP_FIX(n));
}
/* zip(*lists): Arrays (or to_ary) by index, anything with #each through
 * an external Enumerator; with a block it is Enumerable#zip (eager) */
SP_METHOD(lz_zip)
{
    if (blk != SP_NIL) return sp_call(en_to_a(self, 0, NULL, SP_NIL), sp_intern("zip"), argc, argv, blk);
    sp_value lists = sp_ary_new();
    for (int i = 0; i < argc; i++) {
        sp_value o = argv[i], a = SP_SPECIAL_CONST_P(o) ? SP_NIL : sp_check_array(o);
        if (a == SP_NIL && !sp_respond_to(o, sp_intern("each"), 0))
            sp_raise(sp_eTypeError, "wrong argument type %s (must respond to :each)", sp_obj_classname(o));
        sp_ary_push(lists, a != SP_NIL ? a : o);
    }
    return lazy_add(self, LZ_ZIP, SP_NIL, lists);
}
SP_METHOD(lz_with_index) { return lazy_add(self, LZ_WITH_INDEX, blk, argc > 0 ? argv[0] : SP_FIX(0)); }
SP_METHOD(lz_first)
{
    if (argc == 0) {
        sp_value a = en_to_a(lazy_add(self, LZ_TAKE, SP_NIL, SP_FIX(1)), 0, NULL, SP_NIL);
        return sp_ary_entry(a, 0);
    }
    return en_to_a(lazy_add(self, LZ_TAKE, SP_NIL, argv[0]), 0, NULL, SP_NIL);
}
SP_METHOD(lz_force) { return en_to_a(self, 0, NULL, SP_NIL); }
SP_METHOD(lz_eager) { return sp_enum_new(self, "each", 0, NULL); }
SP_METHOD(lz_lazy) { return self; }

/* ------------------------------------------------------------------ */

void sp_init_enum(void)
{
    sp_value M = sp_mEnumerable;
    sp_define_method(M, "to_a", en_to_a, -1);
    sp_define_method(M, "entries", en_to_a, -1);
    sp_define_method(M, "find", en_find, -1);
    sp_define_method(M, "detect", en_find, -1);
    sp_define_method(M, "find_index", en_find_index, -1);
    sp_define_method_range(M, "first", en_first, 0, 1);
    sp_define_method(M, "take", en_take, 1);
    sp_define_method(M, "take_while", en_take_while, 0);
    sp_define_method(M, "include?", en_include, 1);
    sp_define_method(M, "member?", en_include, 1);
    sp_define_method_range(M, "any?", en_any, 0, 1);
    sp_define_method_range(M, "all?", en_all, 0, 1);
    sp_define_method_range(M, "none?", en_none, 0, 1);
    sp_define_method_range(M, "one?", en_one, 0, 1);
    sp_define_method(M, "map", en_map, 0);
    sp_define_method(M, "collect", en_map, 0);
    sp_define_method(M, "flat_map", en_flat_map, 0);
    sp_define_method(M, "collect_concat", en_flat_map, 0);
    sp_define_method(M, "select", en_select, 0);
    sp_define_method(M, "filter", en_select, 0);
    sp_define_method(M, "find_all", en_select, 0);
    sp_define_method(M, "reject", en_reject, 0);
    sp_define_method(M, "filter_map", en_filter_map, 0);
    sp_define_method(M, "each_with_index", en_each_with_index, -1);
    sp_define_method(M, "each_with_object", en_each_with_object, 1);
    sp_define_method(M, "each_entry", en_each_entry, -1);
    sp_define_method(M, "each_slice", en_each_slice, 1);
    sp_define_method(M, "each_cons", en_each_cons, 1);
    sp_define_method_range(M, "inject", en_inject, 0, 2);
    sp_define_method_range(M, "reduce", en_inject, 0, 2);
    sp_define_method(M, "sum", en_sum, -1);
    sp_define_method(M, "count", en_count, -1);
    sp_define_method(M, "min_by", en_min_by, -1);
    sp_define_method(M, "max_by", en_max_by, -1);
    sp_define_method(M, "minmax_by", en_minmax_by, 0);
    sp_define_method(M, "group_by", en_group_by, 0);
    sp_define_method(M, "partition", en_partition, 0);
    sp_define_method(M, "tally", en_tally, -1);
    sp_define_method(M, "chunk_while", en_chunk_while, 0);
    sp_define_method(M, "slice_when", en_slice_when, 0);
    sp_define_method(M, "chunk", en_chunk, 0);
    sp_define_method(M, "slice_before", en_slice_before, -1);
    sp_define_method(M, "slice_after", en_slice_after, -1);
    sp_define_method(M, "sort", en_sort, 0);
    sp_define_method(M, "sort_by", en_sort_by, 0);
    sp_define_method(M, "min", en_min, -1);
    sp_define_method(M, "max", en_max, -1);
    sp_define_method(M, "minmax", en_minmax, 0);
    sp_define_method(M, "uniq", en_uniq, 0);
    sp_define_method(M, "zip", en_zip, -1);
    sp_define_method(M, "drop", en_drop, 1);
    sp_define_method(M, "drop_while", en_drop_while, 0);
    sp_define_method(M, "to_h", en_to_h, -1);
    sp_define_method(M, "reverse_each", en_reverse_each, -1);
    sp_define_method_range(M, "cycle", en_cycle, 0, 1);
    sp_define_method(M, "compact", en_compact, 0);
    sp_define_method(M, "lazy", en_lazy, 0);
    sp_define_method(M, "grep", en_grep, 1);
    sp_define_method(M, "grep_v", en_grep_v, 1);

    /* Array and Hash get the Enumerable methods they lack. */
    sp_include_module(sp_cArray, M);
    sp_include_module(sp_cHash, M);
    sp_include_module(sp_cRange, M);
    sp_include_module(sp_cStruct, M);

    sp_define_method(sp_mKernel, "to_enum", k_to_enum, -1);
    sp_define_method(sp_mKernel, "enum_for", k_to_enum, -1);

    sp_value E = sp_cEnumerator;
    sp_include_module(E, M);
    sp_define_singleton_method(E, "new", enr_s_new, -1);
    sp_define_singleton_method(E, "produce", enr_s_produce, -1);
    sp_define_method(E, "each", enr_each, -1);
    sp_define_method(E, "with_index", enr_with_index, -1);
    sp_define_method(E, "each_with_index", enr_each_with_index, 0);
    sp_define_method(E, "with_object", enr_with_object, 1);
    sp_define_method(E, "next", enr_next, 0);
    sp_define_method(E, "peek", enr_peek, 0);
    sp_define_method(E, "next_values", enr_next_values, 0);
    sp_define_method(E, "peek_values", enr_peek_values, 0);
    sp_define_method(E, "rewind", enr_rewind, 0);
    sp_define_method(E, "feed", enr_feed, 1);
    sp_define_method(E, "size", enr_size, 0);
    sp_define_method(E, "inspect", enr_inspect, 0);
    cYielder = sp_define_class_under(E, "Yielder", sp_cObject);
    sp_define_method(cYielder, "yield", y_yield, -1);
    sp_define_method(cYielder, "call", y_yield, -1);
    sp_define_method(cYielder, "<<", y_push, -1);
    cArith = sp_define_class_under(E, "ArithmeticSequence", E);
    sp_define_method(cArith, "inspect", arith_inspect, 0);
    sp_define_method(cArith, "==", arith_eq, 1);
    sp_define_method(cArith, "begin", arith_begin, 0);
    sp_define_method(cArith, "end", arith_end, 0);
    sp_define_method(cArith, "step", arith_step, 0);
    sp_define_method(cArith, "exclude_end?", arith_excl, 0);
    sp_define_method(cArith, "size", arith_size, 0);
    sp_class_set_allocator(E, enr_alloc);
    sp_define_private_method(E, "initialize", enr_initialize, -1);
    cLazy = sp_define_class_under(E, "Lazy", E);
    sp_define_singleton_method(cLazy, "new", lz_s_new, -1);
    sp_define_private_method(cLazy, "initialize", lz_initialize, -1);
    sp_define_method(cLazy, "map", lz_map, 0);
    sp_define_method(cLazy, "collect", lz_map, 0);
    sp_define_method(cLazy, "select", lz_select, 0);
    sp_define_method(cLazy, "filter", lz_select, 0);
    sp_define_method(cLazy, "reject", lz_reject, 0);
    sp_define_method(cLazy, "take_while", lz_take_while, 0);
    sp_define_method(cLazy, "drop_while", lz_drop_while, 0);
    sp_define_method(cLazy, "take", lz_take, 1);
    sp_define_method(cLazy, "filter_map", lz_filter_map, 0);
    sp_define_method(cLazy, "flat_map", lz_flat_map, 0);
    sp_define_method(cLazy, "compact", lz_compact, 0);
    sp_define_method(cLazy, "uniq", lz_uniq, 0);
    sp_define_method(cLazy, "grep", lz_grep, 1);
    sp_define_method(cLazy, "to_enum", lz_to_enum, -1);
    sp_define_method(cLazy, "enum_for", lz_to_enum, -1);
    sp_define_method(cLazy, "chunk", lz_chunk, 0);
    sp_define_method(cLazy, "chunk_while", lz_chunk_while, 0);
    sp_define_method(cLazy, "slice_when", lz_slice_when, 0);
    sp_define_method(cLazy, "slice_before", lz_slice_before, -1);
    sp_define_method(cLazy, "slice_after", lz_slice_after, -1);
    sp_define_method(cLazy, "grep_v", lz_grep_v, 1);
    sp_define_method(cLazy, "drop", lz_drop, 1);
    sp_define_method(cLazy, "zip", lz_zip, -1);
    sp_define_method(cLazy, "with_index", lz_with_index, -1);
    sp_define_method(cLazy, "each_with_index", lz_with_index, -1);
    sp_define_method_range(cLazy, "first", lz_first, 0, 1);
    sp_define_method(cLazy, "force", lz_force, 0);
    sp_define_method(cLazy, "to_a", lz_force, 0);
    sp_define_method(cLazy, "eager", lz_eager, 0);
    sp_define_method(cLazy, "lazy", lz_lazy, 0);
    sp_enum_init_multi(M, E, cLazy);
    (void)is_enumerator;
}

/*
 * sp_set.c — Set (`require 'set'` is accepted as a no-op; Set is always
 * defined, like Ruby 3.2+ autoloading it).
 *
 * Representation: an SP_T_DATA object { hdr, hash } whose Hash maps each
 * element to true, exactly as CRuby's set.rb does.  So element equality
 * is eql?/hash, iteration is insertion order, compare_by_identity is the
 * Hash's, and so are the race rules (doc/core-types.md): add, add?,
 * delete, delete? are each one atomic Hash operation.  Costs: include?/add/delete are one
 * Hash operation; the set algebra is O(n + m).
 *
 * Behaviour and messages follow set.rb of Ruby 3.4, including its
 * quirks: a frozen Set raises FrozenError about its (frozen) Hash,
 * `^` builds the result from the argument's elements first, and
 * subset?/superset? insist on a Set ("value must be a set") while the
 * operators accept any enumerable ("value must be enumerable").
 * Everything else (map, select, sort, group_by, sum, min, ...) comes from
 * Enumerable through #each.
 */
#include "spinel.h"
#include "sp_array.h"
#include "sp_hash.h"
#include "sp_enum.h"
#include "sp_string.h"

#include <string.h>

typedef struct sp_set {
    sp_header hdr;
    sp_value hash;       /* element -> true */
} sp_set;

#define SETH(v) (((sp_set *)(v))->hash)

sp_value sp_cSet;
static int set_p(sp_value v)
{
    return SP_HEAP_P(v) && SP_TYPE(v) == SP_T_DATA && sp_obj_is_kind_of(v, sp_cSet);
}

int sp_set_p(sp_value v) { return set_p(v); }

static sp_value set_alloc(sp_value klass)
{
    sp_set *s = sp_alloc(sizeof(sp_set), klass, SP_T_DATA);
    s->hash = sp_hash_new();
    return (sp_value)s;
}

static sp_value set_new_like(sp_value self) { return set_alloc(sp_obj_class(self)); }

/* Modification check with set.rb's wording (the Hash is what is frozen). */
static void set_modify(sp_value self)
{
    if (SP_FROZEN_P(self) || SP_FROZEN_P(SETH(self))) {
        sp_value e = sp_exc_new_str(sp_eFrozenError,
            sp_str_format("can't modify frozen Hash: %s", sp_str_cstr(sp_inspect(SETH(self)))));
        sp_ivar_set(e, sp_intern("@receiver"), SETH(self));
        sp_raise_exc(e);
    }
}

static void set_add(sp_value self, sp_value v)
{
    sp_hash_aset(SETH(self), v, SP_TRUE);
}

static int set_has(sp_value self, sp_value v)
{
    return sp_hash_lookup(SETH(self), v, SP_UNDEF) != SP_UNDEF;
}

static long set_size(sp_value self) { return sp_hash_size(SETH(self)); }

/* Elements as an Array snapshot (safe against blocks that modify). */
static sp_value set_elems(sp_value self) { return sp_hash_keys(SETH(self)); }

/* ------------------------------------------------------------------ */
/* iterating an argument: Set, Array fast; else anything with each     */

typedef void (*set_elem_fn)(sp_value self, sp_value v, void *arg);
typedef struct with_enum { sp_value self; set_elem_fn fn; void *arg; } with_enum;

static sp_value with_enum_blk(void *env, int argc_, const sp_value *argv)
{
    int argc = SP_ARGC(argc_);
    with_enum *w = env;
    w->fn(w->self, sp_enum_pack(argc, argv), w->arg);
    return SP_NIL;
}

static void do_with_enum(sp_value self, sp_value e, set_elem_fn fn, void *arg)
{
    if (set_p(e)) e = set_elems(e);
    if (sp_ary_p(e)) {
        long n; sp_value *p = sp_ary_snap(e, &n);
        for (long i = 0; i < n; i++) fn(self, p[i], arg);
        return;
    }
    sp_id each = sp_intern("each_entry");
    if (!sp_respond_to(e, each, 0)) {
        each = sp_intern("each");
        if (!sp_respond_to(e, each, 0)) sp_raise(sp_eArgError, "value must be enumerable");
    }
    with_enum w = { self, fn, arg };
    sp_funcall(e, each, 0, NULL, sp_cblock_new(with_enum_blk, &w));
}

static void add_fn(sp_value self, sp_value v, void *arg) { (void)arg; set_add(self, v); }
static void del_fn(sp_value self, sp_value v, void *arg) { (void)arg; sp_hash_delete(SETH(self), v); }

static void merge_enum(sp_value self, sp_value e) { do_with_enum(self, e, add_fn, NULL); }

static void need_set(sp_value v)
{
    if (!set_p(v)) sp_raise(sp_eArgError, "value must be a set");
}

/* ------------------------------------------------------------------ */
/* construction                                                        */

static void add_mapped_fn(sp_value self, sp_value v, void *arg)
{
    set_add(self, sp_yield1((sp_value)arg, v));
}

SP_METHOD(set_initialize)
{
    if (argc > 1) sp_raise_arity(argc, 0, 1);
    sp_hash_clear(SETH(self));
    if (argc == 0 || argv[0] == SP_NIL) return SP_NIL;
    if (blk != SP_NIL) do_with_enum(self, argv[0], add_mapped_fn, (void *)blk);
    else merge_enum(self, argv[0]);
    return SP_NIL;
}

SP_METHOD(set_s_aref)
{
    (void)blk;
    sp_value s = set_alloc(self);
    for (int i = 0; i < argc; i++) set_add(s, argv[i]);
    return s;
}

SP_METHOD(set_init_copy)
{
    (void)argc_; (void)blk;
    sp_value o = argv[0];
    if (o == self) return self;
    if (!set_p(o)) sp_raise(sp_eTypeError, "initialize_copy should take same class object");
    SETH(self) = sp_hash_dup(SETH(o));
    return self;
}

/* Set.new(enum) / Enumerable#to_set(klass = Set) */
sp_value sp_set_new_from(sp_value e)
{
    sp_value s = set_alloc(sp_cSet);
    merge_enum(s, e);
    return s;
}

SP_METHOD(set_to_set)
{
    if (argc == 0 && blk == SP_NIL && sp_obj_class(self) == sp_cSet) return self;
    sp_value klass = argc > 0 ? argv[0] : sp_cSet;
    sp_value a[1] = { self };
    return sp_class_new_instance(klass, 1, a, blk);
}

/* Enumerable#to_set (also Array, Hash, Range through Enumerable). */
SP_METHOD(enum_to_set)
{
    sp_value klass = argc > 0 ? argv[0] : sp_cSet;
    sp_value a[1] = { self };
    return sp_class_new_instance(klass, 1, a, blk);
}

/* ------------------------------------------------------------------ */
/* queries                                                             */

SP_METHOD(set_size_m) { (void)argc_; (void)argv; (void)blk; return SP_FIX(set_size(self)); }
SP_METHOD(set_empty_p) { (void)argc_; (void)argv; (void)blk; return SP_BOOL(set_size(self) == 0); }
SP_METHOD(set_include_p) { (void)argc_; (void)blk; return SP_BOOL(set_has(self, argv[0])); }
SP_METHOD(set_to_a) { (void)argc_; (void)argv; (void)blk; return set_elems(self); }

static int each_i(sp_value k, sp_value v, void *arg)
{
    (void)v;
    sp_yield1((sp_value)arg, k);
    return 0;
}

SP_METHOD(set_each)
{
    SP_RETURN_ENUM(self, "each", argc_, argv);
    sp_hash_foreach(SETH(self), each_i, (void *)blk);
    return self;
}

static int all_in(sp_value small, sp_value big)
{
    long n; sp_value *p = sp_ary_snap(set_elems(small), &n);
    for (long i = 0; i < n; i++) if (!set_has(big, p[i])) return 0;
    return 1;
}

SP_METHOD(set_subset_p)
{
    (void)argc_; (void)blk;
    need_set(argv[0]);
    return SP_BOOL(set_size(self) <= set_size(argv[0]) && all_in(self, argv[0]));
}
SP_METHOD(set_proper_subset_p)
{
    (void)argc_; (void)blk;
    need_set(argv[0]);
    return SP_BOOL(set_size(self) < set_size(argv[0]) && all_in(self, argv[0]));
}
SP_METHOD(set_superset_p)
{
    (void)argc_; (void)blk;
    need_set(argv[0]);
    return SP_BOOL(set_size(self) >= set_size(argv[0]) && all_in(argv[0], self));
}
SP_METHOD(set_proper_superset_p)
{
    (void)argc_; (void)blk;
    need_set(argv[0]);
    return SP_BOOL(set_size(self) > set_size(argv[0]) && all_in(argv[0], self));
}

SP_METHOD(set_cmp)
{
    (void)argc_; (void)blk;
    sp_value o = argv[0];
    if (!set_p(o)) return SP_NIL;
    long a = set_size(self), b = set_size(o);
    if (a == b) return all_in(self, o) ? SP_FIX(0) : SP_NIL;
    if (a < b) return all_in(self, o) ? SP_FIX(-1) : SP_NIL;
    return all_in(o, self) ? SP_FIX(1) : SP_NIL;
}

typedef struct any_arg { int found; } any_arg;
static void any_in_fn(sp_value self, sp_value v, void *arg)
{
    if (set_has(self, v)) ((any_arg *)arg)->found = 1;
}

static int intersects(sp_value self, sp_value o)
{
    if (set_p(o)) {
        sp_value small = set_size(self) < set_size(o) ? self : o, big = small == self ? o : self;
        long n; sp_value *p = sp_ary_snap(set_elems(small), &n);
        for (long i = 0; i < n; i++) if (set_has(big, p[i])) return 1;
        return 0;
    }
    if (!sp_obj_is_kind_of(o, sp_mEnumerable)) sp_raise(sp_eArgError, "value must be enumerable");
    any_arg a = { 0 };
    do_with_enum(self, o, any_in_fn, &a);
    return a.found;
}
SP_METHOD(set_intersect_p) { (void)argc_; (void)blk; return SP_BOOL(intersects(self, argv[0])); }
SP_METHOD(set_disjoint_p) { (void)argc_; (void)blk; return SP_BOOL(!intersects(self, argv[0])); }

SP_METHOD(set_eq)
{
    (void)argc_; (void)blk;
    sp_value o = argv[0];
    if (o == self) return SP_TRUE;
    if (!set_p(o) || set_size(o) != set_size(self)) return SP_FALSE;
    return SP_BOOL(all_in(o, self));
}

SP_METHOD(set_eql)
{
    (void)argc_; (void)blk;
    sp_value o = argv[0];
    if (o == self) return SP_TRUE;
    if (!set_p(o)) return SP_FALSE;
    return SP_BOOL(set_size(o) == set_size(self) && all_in(o, self));
}

/* Order-independent: equal sets hash equally whatever their insertion order. */
SP_METHOD(set_hash_m)
{
    (void)argc_; (void)argv; (void)blk;
    uint64_t h = 0x5e7c0ffee1234567ull + (uint64_t)set_size(self);
    if (!sp_guard_push(self)) {
        long n; sp_value *p = sp_ary_snap(set_elems(self), &n);
        for (long i = 0; i < n; i++) {
            uint64_t x = sp_key_hash(p[i]);
            x ^= x >> 31; x *= 0x9e3779b97f4a7c15ull; x ^= x >> 29;
            h += x;
        }
        sp_guard_pop(self);
    }
    return SP_FIX((int64_t)(h >> 2));
}

/* ------------------------------------------------------------------ */
/* modification                                                        */

SP_METHOD(set_add_m)
{
    (void)argc_; (void)blk;
    set_modify(self);
    set_add(self, argv[0]);
    return self;
}

SP_METHOD(set_add_p)
{
    (void)argc_; (void)blk;
    set_modify(self);
    return sp_hash_add_new(SETH(self), argv[0], SP_TRUE) ? self : SP_NIL;   /* one atomic step */
}

SP_METHOD(set_delete)
{
    (void)argc_; (void)blk;
    set_modify(self);
    sp_hash_delete(SETH(self), argv[0]);
    return self;
}

SP_METHOD(set_delete_p)
{
    (void)argc_; (void)blk;
    set_modify(self);
    return sp_hash_delete(SETH(self), argv[0]) == SP_UNDEF ? SP_NIL : self;   /* one atomic step */
}

SP_METHOD(set_clear)
{
    (void)argc_; (void)argv; (void)blk;
    set_modify(self);
    sp_hash_clear(SETH(self));
    return self;
}

SP_METHOD(set_merge)
{
    (void)blk;
    set_modify(self);
    for (int i = 0; i < argc; i++) merge_enum(self, argv[i]);
    return self;
}

SP_METHOD(set_subtract)
{
    (void)argc_; (void)blk;
    set_modify(self);
    do_with_enum(self, argv[0], del_fn, NULL);
    return self;
}

SP_METHOD(set_replace)
{
    (void)argc_; (void)blk;
    set_modify(self);
    sp_value o = argv[0];
    if (set_p(o)) { SETH(self) = sp_hash_dup(SETH(o)); return self; }
    sp_value tmp = set_new_like(self);
    merge_enum(tmp, o);
    sp_hash_clear(SETH(self));
    merge_enum(self, tmp);
    return self;
}

/* Keep the elements for which the block's truth equals `keep`; returns
 * whether anything was removed. */
static int filter_in_place(sp_value self, sp_value blk, int keep)
{
    set_modify(self);
    long n; sp_value *p = sp_ary_snap(set_elems(self), &n);
    int changed = 0;
    for (long i = 0; i < n; i++) {
        if ((SP_RTEST(sp_yield1(blk, p[i])) ? 1 : 0) != keep) {
            sp_hash_delete(SETH(self), p[i]);
            changed = 1;
        }
    }
    return changed;
}

SP_METHOD(set_delete_if) { SP_RETURN_ENUM(self, "delete_if", argc_, argv); filter_in_place(self, blk, 0); return self; }
SP_METHOD(set_keep_if) { SP_RETURN_ENUM(self, "keep_if", argc_, argv); filter_in_place(self, blk, 1); return self; }
SP_METHOD(set_reject_bang) { SP_RETURN_ENUM(self, "reject!", argc_, argv); return filter_in_place(self, blk, 0) ? self : SP_NIL; }
SP_METHOD(set_select_bang) { SP_RETURN_ENUM(self, "select!", argc_, argv); return filter_in_place(self, blk, 1) ? self : SP_NIL; }

SP_METHOD(set_map_bang)
{
    SP_RETURN_ENUM(self, "map!", argc_, argv);
    set_modify(self);
    long n; sp_value *p = sp_ary_snap(set_elems(self), &n);
    sp_value h = sp_hash_new();
    for (long i = 0; i < n; i++) sp_hash_aset(h, sp_yield1(blk, p[i]), SP_TRUE);
    SETH(self) = h;
    return self;
}

SP_METHOD(set_freeze)
{
    (void)argc_; (void)argv; (void)blk;
    sp_obj_freeze(SETH(self));
    return sp_obj_freeze(self);
}

SP_METHOD(set_compare_by_identity)
{
    (void)argc_; (void)argv; (void)blk;
    set_modify(self);
    sp_funcall0(SETH(self), "compare_by_identity");
    return self;
}
SP_METHOD(set_compare_by_identity_p)
{
    (void)argc_; (void)argv; (void)blk;
    return sp_funcall0(SETH(self), "compare_by_identity?");
}

SP_METHOD(set_reset)
{
    (void)argc_; (void)argv; (void)blk;
    set_modify(self);
    SETH(self) = sp_funcall0(SETH(self), "rehash");
    return self;
}

/* ------------------------------------------------------------------ */
/* algebra                                                             */

static sp_value set_dup_of(sp_value self)
{
    sp_value s = set_new_like(self);
    SETH(s) = sp_hash_dup(SETH(self));
    if (SP_FROZEN_P(SETH(s))) SETH(s) = sp_hash_dup(SETH(s));
    return s;
}

SP_METHOD(set_union)
{
    (void)argc_; (void)blk;
    sp_value s = set_dup_of(self);
    merge_enum(s, argv[0]);
    return s;
}

SP_METHOD(set_difference)
{
    (void)argc_; (void)blk;
    sp_value s = set_dup_of(self);
    do_with_enum(s, argv[0], del_fn, NULL);
    return s;
}

typedef struct isect_arg { sp_value out; } isect_arg;
static void isect_fn(sp_value self, sp_value v, void *arg)
{
    if (set_has(self, v)) set_add(((isect_arg *)arg)->out, v);
}

SP_METHOD(set_intersection)
{
    (void)argc_; (void)blk;
    sp_value o = argv[0], out = set_new_like(self);
    if (set_p(o) && set_size(o) > set_size(self)) {
        /* iterate the smaller side, like set.rb */
        long n; sp_value *p = sp_ary_snap(set_elems(self), &n);
        for (long i = 0; i < n; i++) if (set_has(o, p[i])) set_add(out, p[i]);
        return out;
    }
    isect_arg a = { out };
    do_with_enum(self, o, isect_fn, &a);
    return out;
}

SP_METHOD(set_xor)
{
    (void)argc_; (void)blk;
    sp_value n = set_new_like(self);
    merge_enum(n, argv[0]);
    long len; sp_value *p = sp_ary_snap(set_elems(self), &len);
    for (long i = 0; i < len; i++) {
        if (set_has(n, p[i])) sp_hash_delete(SETH(n), p[i]);
        else set_add(n, p[i]);
    }
    return n;
}

SP_METHOD(set_classify)
{
    SP_RETURN_ENUM(self, "classify", argc_, argv);
    sp_value h = sp_hash_new();
    long n; sp_value *p = sp_ary_snap(set_elems(self), &n);
    for (long i = 0; i < n; i++) {
        sp_value k = sp_yield1(blk, p[i]);
        sp_value s = sp_hash_lookup(h, k, SP_UNDEF);
        if (s == SP_UNDEF) { s = set_new_like(self); sp_hash_aset(h, k, s); }
        set_add(s, p[i]);
    }
    return h;
}

/* divide with a one-argument block: the classes of classify, as a Set. */
SP_METHOD(set_divide)
{
    SP_RETURN_ENUM(self, "divide", argc_, argv);
    sp_value h = set_classify(self, 0, NULL, blk);
    sp_value out = set_alloc(sp_cSet);
    long n; sp_value *p = sp_ary_snap(sp_hash_values(h), &n);
    for (long i = 0; i < n; i++) set_add(out, p[i]);
    return out;
}

static void flatten_into(sp_value out, sp_value s)
{
    if (sp_guard_push(s)) sp_raise(sp_eArgError, "tried to flatten recursive Set");
    long n; sp_value *p = sp_ary_snap(set_elems(s), &n);
    for (long i = 0; i < n; i++) {
        if (set_p(p[i])) flatten_into(out, p[i]);
        else set_add(out, p[i]);
    }
    sp_guard_pop(s);
}

SP_METHOD(set_flatten)
{
    (void)argc_; (void)argv; (void)blk;
    sp_value out = set_new_like(self);
    flatten_into(out, self);
    return out;
}

SP_METHOD(set_flatten_bang)
{
    (void)argc_; (void)argv; (void)blk;
    set_modify(self);
    long n; sp_value *p = sp_ary_snap(set_elems(self), &n);
    int any = 0;
    for (long i = 0; i < n; i++) if (set_p(p[i])) any = 1;
    if (!any) return SP_NIL;
    sp_value out = set_new_like(self);
    flatten_into(out, self);
    SETH(self) = SETH(out);
    return self;
}

SP_METHOD(set_join)
{
    (void)blk;
    return sp_ary_join(set_elems(self), argc > 0 ? argv[0] : SP_NIL);
}

SP_METHOD(set_inspect)
{
    (void)argc_; (void)argv; (void)blk;
    sp_value out = sp_str_new_cstr("#<");
    sp_str_cat_cstr(out, sp_class_path(sp_obj_class(self)));
    if (sp_guard_push(self)) {
        sp_str_cat(out, ": {...}>", 8);
        return out;
    }
    sp_str_cat(out, ": {", 3);
    long n; sp_value *p = sp_ary_snap(set_elems(self), &n);
    for (long i = 0; i < n; i++) {
        if (i) sp_str_cat(out, ", ", 2);
        sp_str_append(out, sp_inspect(p[i]));
    }
    sp_str_cat(out, "}>", 2);
    sp_guard_pop(self);
    return out;
}

SP_METHOD(set_min_max_fast_first)
{
    /* Set#first without argument: the first inserted element. */
    if (argc == 0) {
        long n; sp_value *p = sp_ary_snap(set_elems(self), &n);
        return n ? p[0] : SP_NIL;
    }
    return sp_funcall(set_elems(self), sp_intern("first"), argc_, argv, blk);
}

void sp_init_set(void)
{
    sp_value C = sp_define_class("Set", sp_cObject);
    sp_cSet = C;
    GC_add_roots(&sp_cSet, &sp_cSet + 1);
    sp_include_module(C, sp_mEnumerable);
    sp_class_set_allocator(C, set_alloc);
    sp_define_singleton_method(C, "[]", set_s_aref, -1);
    sp_define_private_method(C, "initialize", set_initialize, -1);
    sp_define_private_method(C, "initialize_copy", set_init_copy, 1);
    sp_define_method(C, "size", set_size_m, 0);
    sp_define_method(C, "length", set_size_m, 0);
    sp_define_method(C, "empty?", set_empty_p, 0);
    sp_define_method(C, "include?", set_include_p, 1);
    sp_define_method(C, "member?", set_include_p, 1);
    sp_define_method(C, "===", set_include_p, 1);
    sp_define_method(C, "to_a", set_to_a, 0);
    sp_define_method(C, "each", set_each, 0);
    sp_define_method_range(C, "first", set_min_max_fast_first, 0, 1);
    sp_define_method(C, "to_set", set_to_set, -1);
    sp_define_method(C, "subset?", set_subset_p, 1);
    sp_define_method(C, "<=", set_subset_p, 1);
    sp_define_method(C, "proper_subset?", set_proper_subset_p, 1);
    sp_define_method(C, "<", set_proper_subset_p, 1);
    sp_define_method(C, "superset?", set_superset_p, 1);
    sp_define_method(C, ">=", set_superset_p, 1);
    sp_define_method(C, "proper_superset?", set_proper_superset_p, 1);
    sp_define_method(C, ">", set_proper_superset_p, 1);
    sp_define_method(C, "<=>", set_cmp, 1);
    sp_define_method(C, "intersect?", set_intersect_p, 1);
    sp_define_method(C, "disjoint?", set_disjoint_p, 1);
    sp_define_method(C, "==", set_eq, 1);
    sp_define_method(C, "eql?", set_eql, 1);
    sp_define_method(C, "hash", set_hash_m, 0);
    sp_define_method(C, "add", set_add_m, 1);
    sp_define_method(C, "<<", set_add_m, 1);
    sp_define_method(C, "add?", set_add_p, 1);
    sp_define_method(C, "delete", set_delete, 1);
    sp_define_method(C, "delete?", set_delete_p, 1);
    sp_define_method(C, "clear", set_clear, 0);
    sp_define_method(C, "merge", set_merge, -1);
    sp_define_method(C, "subtract", set_subtract, 1);
    sp_define_method(C, "replace", set_replace, 1);
    sp_define_method(C, "delete_if", set_delete_if, 0);
    sp_define_method(C, "keep_if", set_keep_if, 0);
    sp_define_method(C, "reject!", set_reject_bang, 0);
    sp_define_method(C, "select!", set_select_bang, 0);
    sp_define_method(C, "filter!", set_select_bang, 0);
    sp_define_method(C, "map!", set_map_bang, 0);
    sp_define_method(C, "collect!", set_map_bang, 0);
    sp_define_method(C, "freeze", set_freeze, 0);
    sp_define_method(C, "compare_by_identity", set_compare_by_identity, 0);
    sp_define_method(C, "compare_by_identity?", set_compare_by_identity_p, 0);
    sp_define_method(C, "reset", set_reset, 0);
    sp_define_method(C, "|", set_union, 1);
    sp_define_method(C, "union", set_union, 1);
    sp_define_method(C, "+", set_union, 1);
    sp_define_method(C, "-", set_difference, 1);
    sp_define_method(C, "difference", set_difference, 1);
    sp_define_method(C, "&", set_intersection, 1);
    sp_define_method(C, "intersection", set_intersection, 1);
    sp_define_method(C, "^", set_xor, 1);
    sp_define_method(C, "classify", set_classify, 0);
    sp_define_method(C, "divide", set_divide, 0);
    sp_define_method(C, "flatten", set_flatten, 0);
    sp_define_method(C, "flatten!", set_flatten_bang, 0);
    sp_define_method_range(C, "join", set_join, 0, 1);
    sp_define_method(C, "inspect", set_inspect, 0);
    sp_define_method(C, "to_s", set_inspect, 0);
    sp_define_method(sp_mEnumerable, "to_set", enum_to_set, -1);
}

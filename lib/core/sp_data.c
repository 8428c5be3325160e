/*
 * sp_data.c — Data (Ruby 3.2+ immutable value objects).
 *
 * Representation: an instance is an SP_T_DATA object with Struct's layout
 * { hdr, len, vals[len] } (sp_struct.h), so member readers are Struct's
 * one-load getters.  Data.define(*members) creates an anonymous subclass
 * of Data holding its members as the hidden class-level ivar
 * `__members__` (frozen Array of Symbols; subclasses find it through the
 * superclass chain).
 *
 * Construction follows CRuby: Klass.new / Klass[] turn positional
 * arguments into keywords (members in order) and call
 * initialize(**kwargs), so a user-defined initialize with keyword
 * parameters and defaults can call super(**kw).  Data#initialize checks
 * missing/unknown keywords (CRuby's messages), stores the values and
 * freezes the instance; after that nothing writes to it, so instances are
 * safe to share between threads without locks.
 */
#include "spinel.h"
#include "sp_array.h"
#include "sp_hash.h"
#include "sp_string.h"
#include "sp_struct.h"
#include "sp_class.h"

#include <string.h>

#define DT(v) ((sp_struct *)(v))

sp_value sp_cData;
static sp_id id_members;

static sp_value class_members_or_undef(sp_value klass)
{
    for (sp_value k = klass; k != SP_NIL && k != sp_cData; k = sp_class_superclass(k)) {
        if (sp_ivar_defined(k, id_members)) return sp_ivar_get(k, id_members);
    }
    return SP_UNDEF;
}

static sp_value class_members(sp_value klass)
{
    sp_value m = class_members_or_undef(klass);
    if (m == SP_UNDEF) sp_raise(sp_eTypeError, "uninitialized data");
    return m;
}

static sp_value obj_members(sp_value self) { return class_members(sp_obj_class(self)); }

static int is_data(sp_value v)
{
    return SP_HEAP_P(v) && SP_TYPE(v) == SP_T_DATA && sp_obj_is_kind_of(v, sp_cData);
}

static sp_value data_alloc(sp_value klass)
{
    long n = sp_ary_len(class_members(klass));
    sp_struct *s = sp_alloc(sizeof(sp_struct) + (size_t)n * sizeof(sp_value), klass, SP_T_DATA);
    s->hdr.flags |= sp_struct_nembed_flags(n);
    s->len = n;
    for (long i = 0; i < n; i++) s->vals[i] = SP_NIL;
    return (sp_value)s;
}

static sp_value sym_of(sp_value k)
{
    if (SP_HEAP_P(k) && SP_TYPE(k) == SP_T_STRING) return SP_ID2SYM(sp_intern_len(sp_str_ptr(k), sp_str_len(k)));
    return k;
}

/* ------------------------------------------------------------------ */
/* Data.define and the generated class's singleton methods              */

/* Klass.new(*args) / Klass.new(**kw) / Klass[...] */
SP_METHOD(dc_new)
{
    sp_value mems = class_members(self);
    long n = sp_ary_len(mems);
    int haskw = (argc_ & SP_ARGC_KW) != 0;
    int npos = argc - haskw;
    if (npos == 0) return sp_class_new_instance(self, argc_, argv, blk);
    if (haskw) sp_raise(sp_eArgError, "wrong number of arguments (given %d, expected 0)", npos + 1);
    if (npos > n) {
        if (n == 0) sp_raise(sp_eArgError, "wrong number of arguments (given %d, expected 0)", npos);
        sp_raise(sp_eArgError, "wrong number of arguments (given %d, expected 0..%ld)", npos, n);
    }
    sp_value kw = sp_hash_new();
    for (int i = 0; i < npos; i++) sp_hash_aset(kw, sp_ary_entry(mems, i), argv[i]);
    return sp_class_new_instance(self, 1 | SP_ARGC_KW, &kw, blk);
}

/* Klass.allocate: an instance with nil members (Marshal, and specs that
 * build recursive values through send(:initialize)); Data has none. */
SP_METHOD(dc_allocate)
{
    if (class_members_or_undef(self) == SP_UNDEF)
        sp_raise(sp_eTypeError, "allocator undefined for %s", sp_str_cstr(sp_class_name(self)));
    return data_alloc(self);
}

SP_METHOD(dc_members)
{
    (void)argc_; (void)argv; (void)blk;
    return sp_ary_concat(sp_ary_new(), class_members(self));
}


SP_METHOD(d_define)
{
    sp_value mems = sp_ary_new();
    for (int i = 0; i < argc; i++) {
        sp_id id = sp_obj_arg_to_id(argv[i]);
        const char *nm = sp_id_name(id);
        size_t len = sp_id_len(id);
        if (len > 0 && nm[len - 1] == '=') sp_raise(sp_eArgError, "invalid data member: %s", nm);
        sp_value sym = SP_ID2SYM(id);
        for (long j = 0; j < sp_ary_len(mems); j++)
            if (sp_ary_entry(mems, j) == sym) sp_raise(sp_eArgError, "duplicate member: %s", nm);
        sp_ary_push(mems, sym);
    }
    sp_obj_freeze(mems);
    sp_value klass = sp_class_new(self);
    sp_ivar_set(klass, id_members, mems);
    sp_class_set_allocator(klass, data_alloc);
    sp_define_singleton_method(klass, "new", dc_new, -1);
    sp_define_singleton_method(klass, "[]", dc_new, -1);
    sp_define_singleton_method(klass, "members", dc_members, 0);
    for (long i = 0; i < sp_ary_len(mems); i++)
        sp_struct_define_reader(klass, SP_SYM2ID(sp_ary_entry(mems, i)), i);
    if (blk != SP_NIL) sp_instance_exec(klass, 1, &klass, blk);   /* class_exec */
    return klass;
}

/* ------------------------------------------------------------------ */
/* instance methods                                                    */

struct kw_arg { sp_value self, mems, unknown; };

static int kw_i(sp_value k, sp_value v, void *arg)
{
    struct kw_arg *a = arg;
    sp_value sym = sym_of(k);
    for (long i = 0; i < sp_ary_len(a->mems); i++) {
        if (sp_ary_entry(a->mems, i) == sym) {
            DT(a->self)->vals[i] = v;
            return 0;
        }
    }
    sp_ary_push(a->unknown, k);
    return 0;
}

/* "missing keyword: :x" / "unknown keywords: :a, :b" */
SP_NORETURN static void kw_error(const char *what, sp_value list)
{
    long n = sp_ary_len(list);
    sp_value s = sp_str_format("%s keyword%s: ", what, n > 1 ? "s" : "");
    for (long i = 0; i < n; i++) {
        if (i) sp_str_cat(s, ", ", 2);
        sp_str_append(s, sp_inspect(sp_ary_entry(list, i)));
    }
    sp_raise_exc(sp_exc_new_str(sp_eArgError, s));
}

SP_METHOD(dt_initialize)
{
    (void)blk;
    sp_value mems = obj_members(self);
    long n = sp_ary_len(mems);
    int haskw = (argc_ & SP_ARGC_KW) != 0;
    if (argc - haskw > 0) sp_raise(sp_eArgError, "wrong number of arguments (given %d, expected 0)", argc - haskw);
    sp_check_frozen(self);
    struct kw_arg a = { self, mems, sp_ary_new() };
    if (haskw) sp_hash_foreach(argv[argc - 1], kw_i, &a);
    {
        sp_value missing = sp_ary_new();
        sp_value kw = haskw ? argv[argc - 1] : SP_NIL;
        for (long i = 0; i < n; i++) {
            sp_value m = sp_ary_entry(mems, i);
            if (kw == SP_NIL || (sp_hash_lookup(kw, m, SP_UNDEF) == SP_UNDEF &&
                                 sp_hash_lookup(kw, sp_to_s(m), SP_UNDEF) == SP_UNDEF))
                sp_ary_push(missing, m);
        }
        if (sp_ary_len(missing) > 0) kw_error("missing", missing);
    }
    if (sp_ary_len(a.unknown) > 0) kw_error("unknown", a.unknown);
    sp_obj_freeze(self);
    return SP_NIL;
}

SP_METHOD(dt_init_copy)
{
    (void)argc_; (void)blk;
    sp_value o = argv[0];
    if (o == self) return self;
    if (!is_data(o) || sp_obj_class(o) != sp_obj_class(self))
        sp_raise(sp_eTypeError, "initialize_copy should take same class object");
    for (long i = 0; i < DT(self)->len && i < DT(o)->len; i++) DT(self)->vals[i] = DT(o)->vals[i];
    sp_obj_freeze(self);
    return self;
}

SP_METHOD(dt_members)
{
    (void)argc_; (void)argv; (void)blk;
    return sp_ary_concat(sp_ary_new(), obj_members(self));
}

SP_METHOD(dt_to_h)
{
    (void)argc_; (void)argv;
    return sp_struct_to_h(self, obj_members(self), blk);
}

SP_METHOD(dt_deconstruct)
{
    (void)argc_; (void)argv; (void)blk;
    return sp_ary_new_from(DT(self)->len, DT(self)->vals);
}

SP_METHOD(dt_deconstruct_keys)
{
    (void)argc_; (void)blk;
    sp_value keys = argv[0], mems = obj_members(self), h = sp_hash_new();
    if (keys == SP_NIL) return dt_to_h(self, 0, NULL, SP_NIL);
    if (!(SP_HEAP_P(keys) && SP_TYPE(keys) == SP_T_ARRAY))
        sp_raise(sp_eTypeError, "wrong argument type %s (expected Array or nil)", sp_obj_classname(keys));
    if (sp_ary_len(keys) > DT(self)->len) return h;
    for (long k = 0; k < sp_ary_len(keys); k++) {
        sp_value key = sp_ary_entry(keys, k), sym = sym_of(key);
        long found = -1;
        for (long i = 0; i < sp_ary_len(mems); i++) if (sp_ary_entry(mems, i) == sym) { found = i; break; }
        if (found < 0) return h;
        sp_hash_aset(h, key, DT(self)->vals[found]);
    }
    return h;
}

SP_METHOD(dt_with)
{
    int haskw = (argc_ & SP_ARGC_KW) != 0;
    if (argc - haskw > 0) sp_raise(sp_eArgError, "wrong number of arguments (given %d, expected 0)", argc - haskw);
    if (!haskw || sp_hash_size(argv[argc - 1]) == 0) return self;
    sp_value h = dt_to_h(self, 0, NULL, SP_NIL);
    sp_value kw = argv[argc - 1];
    sp_value ks = sp_hash_keys(kw);
    for (long i = 0; i < sp_ary_len(ks); i++) {
        sp_value k = sp_ary_entry(ks, i);
        sp_hash_aset(h, sym_of(k), sp_hash_lookup(kw, k, SP_NIL));
    }
    return sp_class_new_instance(sp_obj_class(self), 1 | SP_ARGC_KW, &h, blk);
}

static int same_shape(sp_value self, sp_value o)
{
    return is_data(o) && sp_obj_class(o) == sp_obj_class(self) && DT(o)->len == DT(self)->len;
}

SP_METHOD(dt_equal)
{
    (void)argc_; (void)blk;
    sp_value o = argv[0];
    if (o == self) return SP_TRUE;
    if (!same_shape(self, o)) return SP_FALSE;
    return sp_guard_elems_equal(self, DT(self)->vals, DT(o)->vals, DT(self)->len, 0);
}

SP_METHOD(dt_eql)
{
    (void)argc_; (void)blk;
    sp_value o = argv[0];
    if (o == self) return SP_TRUE;
    if (!same_shape(self, o)) return SP_FALSE;
    return sp_guard_elems_equal(self, DT(self)->vals, DT(o)->vals, DT(self)->len, 1);
}

SP_METHOD(dt_hash)
{
    (void)argc_; (void)argv; (void)blk;
    uint64_t h = 0x7f4a7c159e3779b9ull ^ (uint64_t)sp_obj_class(self);
    if (!sp_guard_push(self)) {
        for (long i = 0; i < DT(self)->len; i++)
            h ^= sp_hash_value(DT(self)->vals[i]) + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
        sp_guard_pop(self);
    }
    return SP_FIX((int64_t)(h >> 2));
}

/* #<data Name a=1, b=2>; anonymous: #<data a=1>; no members: #<data Name> */
SP_METHOD(dt_inspect)
{
    (void)argc_; (void)argv; (void)blk;
    sp_value out = sp_str_new_cstr("#<data ");
    sp_value cname = sp_class_name(sp_obj_class(self));
    if (cname != SP_NIL) sp_str_append(out, cname);
    if (sp_guard_push(self)) {
        sp_str_cat(out, ":...>", 5);
        return out;
    }
    sp_value mems = obj_members(self);
    for (long i = 0; i < DT(self)->len; i++) {
        if (i) sp_str_cat(out, ", ", 2);
        else if (cname != SP_NIL) sp_str_cat(out, " ", 1);
        sp_id id = SP_SYM2ID(sp_ary_entry(mems, i));
        sp_str_cat(out, sp_id_name(id), sp_id_len(id));
        sp_str_cat(out, "=", 1);
        sp_str_append(out, sp_inspect(DT(self)->vals[i]));
    }
    sp_str_cat(out, ">", 1);
    sp_guard_pop(self);
    return out;
}

void sp_init_data(void)
{
    sp_value C = sp_define_class("Data", sp_cObject);
    sp_cData = C;
    GC_add_roots(&sp_cData, &sp_cData + 1);
    id_members = sp_intern("__members__");
    sp_define_singleton_method(C, "define", d_define, -1);
    sp_undef_method(sp_singleton_class(C), "new");
    sp_define_singleton_method(C, "allocate", dc_allocate, 0);
    sp_define_private_method(C, "initialize", dt_initialize, -1);
    sp_define_private_method(C, "initialize_copy", dt_init_copy, 1);
    sp_define_method(C, "members", dt_members, 0);
    sp_define_method(C, "to_h", dt_to_h, 0);
    sp_define_method(C, "deconstruct", dt_deconstruct, 0);
    sp_define_method(C, "deconstruct_keys", dt_deconstruct_keys, 1);
    sp_define_method(C, "with", dt_with, -1);
    sp_define_method(C, "==", dt_equal, 1);
    sp_define_method(C, "eql?", dt_eql, 1);
    sp_define_method(C, "hash", dt_hash, 0);
    sp_define_method(C, "inspect", dt_inspect, 0);
    sp_define_method(C, "to_s", dt_inspect, 0);
}

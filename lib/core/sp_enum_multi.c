/*
 * sp_enum_multi.c — Enumerators over several enumerables: Enumerator::Product
 * (Enumerator.product) and Enumerator::Chain (Enumerable#chain, Enumerator#+).
 *
 * Both are Enumerators (sp_enum_int.h) whose args hold the enums and whose
 * gen walks them, so Enumerator's own methods (with_index, each_with_index,
 * lazy, the Enumerable methods) iterate them as any generator (the gen
 * ignores what Enumerator#each passes after the yielder: for a generator
 * those are its arguments, here they are the enums again); recv is
 * SP_UNDEF until initialize has run (allocate gives an uninitialized one,
 * whose methods raise ArgumentError as CRuby's do).  Neither has external
 * iteration (#next, #peek, #feed are undefined, as in CRuby).
 */
#include "sp_enum.h"
#include "sp_enum_int.h"
#include "sp_array.h"
#include "sp_hash.h"
#include "sp_numeric.h"
#include "sp_string.h"

#include <math.h>

/* as CRuby: no external iteration on a Product or a Chain */
static void undef_external_iteration(sp_value klass)
{
    static const char *const undef[] = { "feed", "next", "next_values", "peek", "peek_values" };
    for (size_t i = 0; i < sizeof undef / sizeof undef[0]; i++) sp_undef_method(klass, undef[i]);
}

/* A size as Product#size and Chain#size read it: #size when the object
 * has one (CRuby's rb_check_funcall), else nil. */
static sp_value enum_size_of(sp_value e)
{
    return sp_respond_to(e, sp_intern("size"), 0) ? sp_funcall0(e, "size") : SP_NIL;
}

/* The size of a Product (the product of the sizes; 0 as soon as one is
 * 0) or a Chain (their sum), as CRuby 3.4: the first nil or Infinity is
 * the size, any other non-Integer makes it nil. */
static sp_value combined_size(sp_value enums, int product)
{
    sp_value total = SP_FIX(product ? 1 : 0);
    for (long i = 0; i < sp_ary_len(enums); i++) {
        sp_value sz = enum_size_of(sp_ary_entry(enums, i));
        if (product && sz == SP_FIX(0)) return sz;
        if (sz == SP_NIL || (sp_float_p(sz) && isinf(sp_num_to_double(sz)))) return sz;
        if (!sp_integer_p(sz)) return SP_NIL;
        total = sp_funcall1(total, product ? "*" : "+", sz);
    }
    return total;
}

/* e.rewind when e has one (CRuby's rb_check_funcall) */
static void rewind_if_able(sp_value e)
{
    if (sp_respond_to(e, sp_intern("rewind"), 0)) sp_funcall0(e, "rewind");
}

/* "#<Enumerator::Product: [enums...]>", or "...: uninitialized>" */
static sp_value multi_inspect(sp_value self, const char *class_name)
{
    sp_value s = sp_str_format("#<%s: ", class_name);
    if (EN(self)->recv == SP_UNDEF) return sp_str_cat(s, "uninitialized>", 14);
    if (sp_guard_push(self)) return sp_str_cat(s, "...>", 4);   /* inside itself */
    sp_str_append(s, sp_inspect(EN(self)->args));
    sp_guard_pop(self);
    return sp_str_cat(s, ">", 1);
}

/* initialize_copy's checks (CRuby's rb_obj_init_copy): 0 when copying
 * from itself (nothing to do) */
static int init_copy_check(sp_value self, sp_value orig)
{
    if (self == orig) return 0;
    sp_check_frozen(self);
    if (sp_obj_class(self) != sp_obj_class(orig)) sp_raise(sp_eTypeError, "initialize_copy should take same class object");
    return 1;
}

/* ------------------------------------------------------------------ */
/* Enumerator::Product (Enumerator.product): the Cartesian product of  */
/* its enums, each walked with #each_entry.  An Enumerator whose gen   */
/* runs the nested walk; args holds the enums, recv is SP_UNDEF until  */
/* initialize has run.                                                 */

static sp_value cProduct;

typedef struct prod_level { sp_value enums, cur, blk; long i; } prod_level;
static void prod_walk(sp_value enums, sp_value cur, sp_value blk, long i);

static sp_value prod_step(void *env, int argc_, const sp_value *argv)
{
    prod_level *l = env;
    sp_ary_store(l->cur, l->i, sp_enum_pack(SP_ARGC(argc_), argv));
    prod_walk(l->enums, l->cur, l->blk, l->i + 1);
    return SP_NIL;
}

static void prod_walk(sp_value enums, sp_value cur, sp_value blk, long i)
{
    if (i == sp_ary_len(enums)) { sp_yield1(blk, sp_ary_dup(cur)); return; }
    prod_level *l = GC_MALLOC(sizeof(prod_level));
    l->enums = enums; l->cur = cur; l->blk = blk; l->i = i;
    sp_funcall(sp_ary_entry(enums, i), sp_intern("each_entry"), 0, NULL, sp_cblock_new(prod_step, l));
}

static sp_value prod_gen(void *env, int argc_, const sp_value *argv)
{
    (void)argc_;
    sp_value enums = EN((sp_value)env)->args;
    prod_walk(enums, sp_ary_new_from(sp_ary_len(enums), sp_ary_snap(enums, &(long){0})), ((sp_yielder *)argv[0])->blk, 0);
    return SP_NIL;
}

static sp_value prod_alloc(sp_value klass)
{
    sp_value e = sp_enum_new(SP_UNDEF, "each", 0, NULL);
    SP_HDR(e)->klass = (sp_class *)klass;
    EN(e)->gen = sp_cblock_new(prod_gen, (void *)e);
    return e;
}

SP_METHOD(prod_initialize)
{
    sp_check_frozen(self);
    if (argc_ & SP_ARGC_KW) {   /* Enumerator::Product.new(a, b, foo: 1): ArgumentError, unknown keywords */
        sp_value kw = argv[argc - 1], ks = sp_funcall0(sp_funcall0(kw, "keys"), "inspect");
        if (sp_hash_size(kw) > 0) {
            size_t l; const char *p = sp_str_snap(ks, &l);
            sp_raise(sp_eArgError, "unknown keywords: %.*s", (int)(l - 2), p + 1);
        }
        argc--;
    }
    EN(self)->args = sp_ary_new_from(argc, argv);
    EN(self)->recv = SP_NIL;
    return self;
}

static sp_value prod_enums(sp_value self)
{
    if (EN(self)->recv == SP_UNDEF) sp_raise(sp_eArgError, "uninitialized product");
    return EN(self)->args;
}

SP_METHOD(prod_each)
{
    if (blk == SP_NIL) {   /* an Enumerator over self.each, sized as self */
        sp_value e = sp_enum_new(self, "each", 0, NULL);
        EN(e)->size = SP_UNDEF;
        return e;
    }
    sp_value enums = prod_enums(self);
    prod_walk(enums, sp_ary_new_from(sp_ary_len(enums), sp_ary_snap(enums, &(long){0})), blk, 0);
    return self;
}

SP_METHOD(prod_size) { return combined_size(prod_enums(self), 1); }

SP_METHOD(prod_rewind)
{
    sp_value enums = prod_enums(self);
    for (long i = 0; i < sp_ary_len(enums); i++) rewind_if_able(sp_ary_entry(enums, i));
    return self;
}

SP_METHOD(prod_inspect) { return multi_inspect(self, "Enumerator::Product"); }

SP_METHOD(prod_init_copy)
{
    if (!init_copy_check(self, argv[0])) return self;
    EN(self)->args = sp_ary_dup(prod_enums(argv[0]));
    EN(self)->recv = SP_NIL;
    return self;
}

/* Enumerator.product(*enums) { |combination| }: a Product, or nil after
 * iterating it with the block */
SP_METHOD(enr_s_product)
{
    sp_value p = prod_alloc(cProduct);
    prod_initialize(p, argc_, argv, SP_NIL);
    if (blk == SP_NIL) return p;
    prod_each(p, 0, NULL, blk);
    return SP_NIL;
}

/* Enumerator.new is a generator's: Product.new is Class#new again */
SP_METHOD(prod_s_new) { return sp_class_new_instance(self, argc_, argv, blk); }

static void init_product(sp_value E)
{
    cProduct = sp_define_class_under(E, "Product", E);
    sp_class_set_allocator(cProduct, prod_alloc);
    sp_define_singleton_method(cProduct, "new", prod_s_new, -1);
    sp_define_singleton_method(E, "product", enr_s_product, -1);
    sp_define_private_method(cProduct, "initialize", prod_initialize, -1);
    sp_define_private_method(cProduct, "initialize_copy", prod_init_copy, 1);
    sp_define_method(cProduct, "each", prod_each, 0);
    sp_define_method(cProduct, "size", prod_size, 0);
    sp_define_method(cProduct, "rewind", prod_rewind, 0);
    sp_define_method(cProduct, "inspect", prod_inspect, 0);
    undef_external_iteration(cProduct);
}

/* ------------------------------------------------------------------ */
/* Enumerator::Chain: its enums walked one after the other with #each  */
/* (which passes #each's arguments on).  pos is the index of the last  */
/* enum whose #each has started (-1: none): #rewind rewinds those, the */
/* last first, as CRuby.                                               */

static sp_value cChain;

static sp_value chain_enums(sp_value self)
{
    if (EN(self)->recv == SP_UNDEF) sp_raise(sp_eArgError, "uninitialized chain");
    return EN(self)->args;
}

static void chain_walk(sp_value self, int argc_, const sp_value *argv, sp_value blk)
{
    sp_value enums = chain_enums(self);
    for (long i = 0; i < sp_ary_len(enums); i++) {
        EN(self)->pos = i;
        sp_funcall(sp_ary_entry(enums, i), sp_intern("each"), argc_, argv, blk);
    }
}

static sp_value chain_gen(void *env, int argc_, const sp_value *argv)
{
    (void)argc_;
    chain_walk((sp_value)env, 0, NULL, ((sp_yielder *)argv[0])->blk);
    return SP_NIL;
}

static sp_value chain_alloc(sp_value klass)
{
    sp_value e = sp_enum_new(SP_UNDEF, "each", 0, NULL);
    SP_HDR(e)->klass = (sp_class *)klass;
    EN(e)->gen = sp_cblock_new(chain_gen, (void *)e);
    EN(e)->pos = -1;
    return e;
}

/* Chain.new(*enums): any objects (a keyword hash is one more enum, as
 * CRuby's); each needs #each only when the chain is iterated */
SP_METHOD(chain_initialize)
{
    sp_check_frozen(self);
    sp_value enums = sp_ary_new_from(SP_ARGC(argc_), argv);
    sp_obj_freeze(enums);
    EN(self)->args = enums;
    EN(self)->recv = SP_NIL;
    EN(self)->pos = -1;
    return self;
}

static sp_value chain_new(int argc, const sp_value *argv)
{
    sp_value c = chain_alloc(cChain);
    chain_initialize(c, argc, argv, SP_NIL);
    return c;
}

SP_METHOD(chain_init_copy)
{
    if (!init_copy_check(self, argv[0])) return self;
    EN(self)->args = chain_enums(argv[0]);
    EN(self)->recv = SP_NIL;
    EN(self)->pos = EN(argv[0])->pos;
    return self;
}

SP_METHOD(chain_each)
{
    if (blk == SP_NIL) {   /* an Enumerator over self.each(*args), sized as self */
        sp_value e = sp_enum_new(self, "each", argc_, argv);
        EN(e)->size = SP_UNDEF;
        return e;
    }
    chain_walk(self, argc_, argv, blk);
    return self;
}

SP_METHOD(chain_size) { return combined_size(chain_enums(self), 0); }

SP_METHOD(chain_rewind)
{
    sp_value enums = chain_enums(self);
    for (long i = EN(self)->pos; i >= 0 && i < sp_ary_len(enums); EN(self)->pos = --i)
        rewind_if_able(sp_ary_entry(enums, i));
    return self;
}

SP_METHOD(chain_inspect) { return multi_inspect(self, "Enumerator::Chain"); }

/* Enumerable#chain(*enums): self, then the enums */
SP_METHOD(en_chain)
{
    sp_value *all = GC_MALLOC((size_t)(argc + 1) * sizeof(sp_value));
    all[0] = self;
    for (int i = 0; i < argc; i++) all[i + 1] = argv[i];
    return chain_new(argc + 1, all);
}

/* Enumerator#+(enum): self, then enum */
SP_METHOD(enr_plus) { return chain_new(2, (sp_value[]){ self, argv[0] }); }

/* Lazy#chain(*enums): the chain, lazy (CRuby's lazy_super) */
SP_METHOD(lz_chain) { return sp_funcall0(en_chain(self, argc_, argv, blk), "lazy"); }

/* Chain.new is Class#new (Enumerator.new is a generator's) */
SP_METHOD(chain_s_new) { return sp_class_new_instance(self, argc_, argv, blk); }

void sp_enum_init_multi(sp_value enumerable, sp_value enumerator, sp_value lazy)
{
    init_product(enumerator);
    cChain = sp_define_class_under(enumerator, "Chain", enumerator);
    sp_class_set_allocator(cChain, chain_alloc);
    sp_define_singleton_method(cChain, "new", chain_s_new, -1);
    sp_define_private_method(cChain, "initialize", chain_initialize, -1);
    sp_define_private_method(cChain, "initialize_copy", chain_init_copy, 1);
    sp_define_method(cChain, "each", chain_each, -1);
    sp_define_method(cChain, "size", chain_size, 0);
    sp_define_method(cChain, "rewind", chain_rewind, 0);
    sp_define_method(cChain, "inspect", chain_inspect, 0);
    undef_external_iteration(cChain);
    sp_define_method(enumerable, "chain", en_chain, -1);
    sp_define_method(enumerator, "+", enr_plus, 1);
    sp_define_method(lazy, "chain", lz_chain, -1);
}

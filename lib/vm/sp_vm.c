/*
 * sp_vm.c — run-time helpers that only generated code calls (interface in
 * sp_vm.h; the conventions are in doc/codegen.md).
 *
 * Built on spinel.h and the object-model internals of sp_class.h; nothing
 * here owns Ruby state except:
 *   - sp_vm_redef, the "core operator redefined" flag (Integer/Float
 *     operators, Array#[]/Hash#[]), set by any def/alias/prepend after boot;
 *   - the call-site position table used for error_highlight snippets.
 * None of it is per worker, so nothing here caches TLS across calls.
 */
#include <alloca.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sp_class.h"
#include "sp_vm.h"
#include "sp_io.h"
#include "sp_struct.h"
#include "sp_string.h"
#include "sp_sync.h"

/* sp_vm_sync_enter/exit (sp_vm.h) read sp_mutex (lib/core/sp_sync.h)
 * through fixed offsets, so that sp_vm.h need not include the core layer:
 * the offsets are pinned here, where both are visible. */
_Static_assert(offsetof(sp_mutex, state) == SP_VM_MUTEX_STATE_OFF, "sp_vm.h mutex view");
_Static_assert(offsetof(sp_mutex, held_g) == SP_VM_MUTEX_HELD_G_OFF, "sp_vm.h mutex view");

volatile uint32_t sp_vm_redef;
sp_vm_cref sp_vm_top_cref;

static int is_module(sp_value v)
{
    return SP_HEAP_P(v) && (SP_TYPE(v) == SP_T_CLASS || SP_TYPE(v) == SP_T_MODULE);
}

static const char *cstr_of(sp_value s) { return sp_str_cstr(s); }

static const char *inspect_c(sp_value v) { return cstr_of(sp_inspect(v)); }

/* ---------------------------------------------------------------- */
/* constants                                                          */

sp_value sp_vm_const_slow(const sp_vm_cref *cref, sp_vm_ccache *cc, sp_id id)
{
    uint64_t ep = __atomic_load_n(&sp_const_epoch, __ATOMIC_ACQUIRE);
    sp_value v = sp_const_lookup(cref, id);
    __atomic_store_n(&cc->val, v, __ATOMIC_RELAXED);   /* see sp_vm_const */
    __atomic_store_n(&cc->epoch, ep, __ATOMIC_RELEASE);
    return v;
}

sp_value sp_vm_const_scoped(sp_value scope, sp_id id)
{
    if (!is_module(scope))
        sp_raise(sp_eTypeError, "%s is not a class/module", inspect_c(scope));
    return sp_const_get_under(scope, id);
}

sp_value sp_vm_const_top(sp_id id)
{
    return sp_const_get_under(sp_cObject, id);
}

/* `A::B ||= v` / `::B ||= v`: A::B's value if defined?(A::B) would say so
 * (A's ancestors, Object's constants only when A is Object), else nil —
 * never const_missing. */
sp_value sp_vm_const_scoped_or_nil(sp_value scope, sp_id id)
{
    if (!is_module(scope))
        sp_raise(sp_eTypeError, "%s is not a class/module", inspect_c(scope));
    for (sp_class *k = SP_CLASS(scope); k; k = sp_class_super(k)) {
        if (k == sp_cObject_c && scope != sp_cObject) break;
        sp_value v = sp_const_find((sp_value)k, id, 0);
        if (v != SP_UNDEF) return v;
    }
    return SP_NIL;
}

int sp_vm_const_defined(const sp_vm_cref *cref, sp_id id)
{
    for (const sp_vm_cref *c = cref; c && c->prev; c = c->prev)
        if (c->klass && sp_const_find(c->klass, id, 0) != SP_UNDEF) return 1;
    sp_value k = cref && cref->klass ? cref->klass : sp_cObject;
    if (sp_const_find(k, id, 1) != SP_UNDEF) return 1;
    /* Object's constants: through the ancestry of a class (none for a
     * BasicObject subclass), explicitly for a module (sp_const_find) */
    return 0;
}

sp_value sp_vm_cdecl(sp_value klass, sp_id id, sp_value v)
{
    if (!is_module(klass))
        sp_raise(sp_eTypeError, "%s is not a class/module", inspect_c(klass));
    sp_const_set_by_program(klass, id, v);
    sp_const_bump();
    return v;
}

sp_value sp_vm_defclass(sp_value outer, sp_id name, sp_value super, int scoped)
{
    if (!is_module(outer))      /* class 1::C */
        sp_raise(sp_eTypeError, "%s is not a class/module", inspect_c(outer));
    sp_value k = sp_open_class_at(outer, name, super, (scoped ? 1 : 0) | 2);
    sp_const_bump();
    return k;
}

sp_value sp_vm_defmodule(sp_value outer, sp_id name, int scoped)
{
    if (!is_module(outer))
        sp_raise(sp_eTypeError, "%s is not a class/module", inspect_c(outer));
    sp_value k = sp_open_module_at(outer, name, (scoped ? 1 : 0) | 2);
    sp_const_bump();
    return k;
}

sp_value sp_vm_open_sclass(sp_value obj)
{
    sp_value k = sp_singleton_class_exposed(obj);
    sp_class_body_begin(k);
    return k;
}

sp_value sp_vm_nesting(const sp_vm_cref *cref)
{
    sp_value a = sp_ary_new();
    for (; cref && cref->prev; cref = cref->prev)
        if (cref->klass) sp_ary_push(a, cref->klass);
    return a;
}

sp_value sp_vm_run_body(sp_vm_cref *cref, sp_value klass, sp_value (*fn)(sp_value self))
{
    cref->klass = klass;
    sp_value r = fn(klass);
    sp_class_body_begin(klass);   /* `private` (no arguments) ends with the body */
    return r;
}

/* ---------------------------------------------------------------- */
/* methods                                                            */

/* Operators and methods the generated code runs inline (sp_vm_op_* in
 * sp_vm.h) as long as no core class redefines them. */
static int is_num_op(sp_id name)
{
    static const char *ops[] = { "+", "-", "*", "/", "%", "<", "<=", ">", ">=", "==", "!=", "!",
                                 "&", "|", "^", "<<", ">>", "[]", "[]=", NULL };
    const char *s = sp_id_name(name);
    for (int i = 0; ops[i]; i++) if (!strcmp(ops[i], s)) return 1;
    return 0;
}

static int is_fast_class(sp_value klass)
{
    return klass == sp_cInteger || klass == sp_cFloat || klass == sp_cNumeric ||
        klass == sp_cSymbol || klass == sp_cObject || klass == sp_cBasicObject ||
        klass == sp_mKernel || klass == sp_mComparable || klass == sp_cNilClass ||
        klass == sp_cTrueClass || klass == sp_cFalseClass || klass == sp_cArray ||
        klass == sp_cHash;
}

/* String#<< is inline too (sp_vm_op_lshift_heap), but only that one name
 * is watched on String: user code defining String#+ or #== must not turn
 * off the Integer fast paths. */
static void note_redef(sp_value klass, sp_id name)
{
    if (is_num_op(name) && is_fast_class(klass)) sp_vm_redef = 1;
    if (klass == sp_cString && !strcmp(sp_id_name(name), "<<")) sp_vm_redef = 1;
    if ((is_fast_class(klass) || klass == sp_cString) && !strcmp(sp_id_name(name), "<=>")) sp_cmp_redef = 1;
}

/* Set once the core classes are defined: from then on every method-table
 * change is checked against the inline fast paths (sp_class.c calls the two
 * hooks below, registered by sp_vm_init, for def, define_method, alias and
 * prepend alike). */
static int sp_vm_booted;

static void note_method(sp_value klass, sp_id name)
{
    if (sp_vm_booted) note_redef(klass, name);
}

/* A module prepended to a core class may override any of its operators. */
static void note_prepend(sp_value klass)
{
    if (sp_vm_booted && (is_fast_class(klass) || klass == sp_cString)) sp_vm_redef = sp_cmp_redef = 1;
}

/* recv << v for a heap receiver: String#<< of a String and Array#<< run
 * directly (no method lookup) while neither is redefined and recv is an
 * unfrozen instance of exactly String or Array; anything else (frozen,
 * subclass, singleton class, Integer codepoint, to_str) takes the send,
 * which raises with the builtin's frame as CRuby does. */
sp_value sp_vm_op_lshift_heap(sp_callsite *cs, sp_value a, sp_value b)
{
    if (SP_HEAP_P(a) && !sp_vm_redef && !SP_FROZEN_P(a)) {
        sp_value k = (sp_value)SP_HDR(a)->klass;
        if (k == sp_cString && SP_HEAP_P(b) && (sp_value)SP_HDR(b)->klass == sp_cString) {
            sp_str_enc_concat(a, b);
            return sp_str_append(a, b);
        }
        if (k == sp_cArray)
            return sp_ary_push(a, b);
    }
    return sp_vm_send1(cs, a, b);
}

sp_value sp_vm_def(sp_value klass, sp_id name, sp_cfunc fn, int min, int max, int vis, const sp_srcinfo *si)
{
    note_redef(klass, name);
    return sp_def_method(klass, name, fn, min, max, 1, si, vis);
}

sp_value sp_vm_defs(sp_value obj, sp_id name, sp_cfunc fn, int min, int max, const sp_srcinfo *si)
{
    if (SP_HEAP_P(obj)) sp_check_frozen(obj);   /* def obj.x on a frozen object: FrozenError */
    return sp_def_singleton_method(obj, name, fn, min, max, 1, si);
}

static sp_value super_owner(sp_value self, sp_id mid, sp_cfunc me);

/* mid/me: the enclosing method when its owner, not the lexical cref, is
 * where a nested definition goes (see definee_of in the emitter); 0/NULL
 * otherwise. */
sp_value sp_vm_definee(sp_value self, sp_id mid, sp_cfunc me, const sp_vm_cref *cref)
{
    if (me) {
        sp_value owner = super_owner(self, mid, me);
        if (owner != SP_UNDEF) return owner;
    }
    if (cref && cref->klass) return cref->klass;
    return sp_cObject;
}

sp_value sp_vm_definee_b(const sp_proc *bp, sp_value self, sp_id mid, sp_cfunc me, const sp_vm_cref *cref)
{
    sp_value d = bp->definee;
    if (d == SP_TRUE) return sp_singleton_class(self);   /* instance_eval */
    if (d) return d;
    /* a block class_eval'd or class_exec'd (by Ruby or by a C method such
     * as Data.define): self is the class being defined */
    if (is_module(self)) return self;
    return sp_vm_definee(self, mid, me, cref);
}

sp_value sp_vm_alias(sp_value klass, sp_value newname, sp_value oldname)
{
    sp_define_alias(klass, sp_id_name(SP_SYM2ID(newname)), sp_id_name(SP_SYM2ID(oldname)));
    note_redef(klass, SP_SYM2ID(newname));
    return SP_NIL;
}

sp_value sp_vm_undef(sp_value klass, sp_value name)
{
    /* `undef x` of a method no ancestor defines is a NameError (CRuby;
     * its #name is then a String, as CRuby 3.4 has it) */
    if (!sp_find_method(SP_CLASS(klass), SP_SYM2ID(name)))
        sp_raise_undefined_method_for(klass, SP_SYM2ID(name), sp_str_new_cstr(sp_id_name(SP_SYM2ID(name))));
    sp_undef_method(klass, sp_id_name(SP_SYM2ID(name)));
    return SP_NIL;
}

/* The class/module in self's ancestry whose own table holds `me` for mid. */
static sp_value super_owner(sp_value self, sp_id mid, sp_cfunc me)
{
    for (sp_class *k = sp_class_of(self); k; k = sp_class_super(k)) {
        sp_idtbl *t = sp_class_mtbl(k);
        uintptr_t w;
        if (t && sp_idtbl_get(t, mid, &w) && w) {
            sp_method *m = (sp_method *)w;
            if (m->fn == me) {
                sp_class *o = k;
                if (o->hdr.type == SP_T_ICLASS) o = o->module;
                return SP_CVAL(o);
            }
        }
    }
    return SP_UNDEF;
}

sp_value sp_vm_super(sp_value self, sp_id mid, sp_cfunc me, int argc, const sp_value *argv, sp_value blk)
{
    sp_value owner = super_owner(self, mid, me);
    if (owner == SP_UNDEF) owner = sp_obj_class(self);
    return sp_call_super(self, owner, mid, argc, argv, blk);
}

sp_value sp_vm_super_ary(sp_value self, sp_id mid, sp_cfunc me, sp_value args, int kw, sp_value blk)
{
    long n = sp_ary_len(args);
    const sp_value *av = sp_vm_ary_ptr(args);
    return sp_vm_super(self, mid, me, (int)n | (kw && n ? SP_ARGC_KW : 0), av, blk);
}

sp_value sp_vm_super_b(const sp_proc *bp, sp_value self, sp_id mid, sp_cfunc me, int argc,
                       const sp_value *argv, sp_value blk)
{
    const sp_method *bm = bp->bmethod;
    if (bm) return sp_call_super(self, SP_CVAL(bm->owner), bm->name, argc, argv, blk);
    if (!mid) sp_raise(sp_eNoMethodError, "super called outside of method");
    return sp_vm_super(self, mid, me, argc, argv, blk);
}

sp_value sp_vm_super_ary_b(const sp_proc *bp, sp_value self, sp_id mid, sp_cfunc me, sp_value args,
                           int kw, sp_value blk)
{
    long n = sp_ary_len(args);
    const sp_value *av = sp_vm_ary_ptr(args);
    return sp_vm_super_b(bp, self, mid, me, (int)n | (kw && n ? SP_ARGC_KW : 0), av, blk);
}

/* zsuper in a block: CRuby refuses it in a define_method body (the block's
 * parameters are not the method's). */
void sp_vm_zsuper_check_b(const sp_proc *bp, sp_id mid)
{
    if (bp->bmethod)
        sp_raise(sp_eRuntimeError, "implicit argument passing of super from method defined by define_method() "
                 "is not supported. Specify all arguments explicitly.");
    if (!mid) sp_raise(sp_eNoMethodError, "super called outside of method");
}

int sp_vm_super_defined_b(const sp_proc *bp, sp_value self, sp_id mid, sp_cfunc me)
{
    const sp_method *bm = bp->bmethod;
    if (!bm) return mid ? sp_vm_super_defined(self, mid, me) : 0;
    sp_class *k = sp_class_of(self);
    for (; k; k = sp_class_super(k)) {
        sp_class *o = k->hdr.type == SP_T_ICLASS ? k->module : k;
        if (o == bm->owner) break;
    }
    if (!k) return 0;
    sp_method *m = sp_find_method(sp_class_super(k), bm->name);
    return m && m->visibility != SP_VIS_UNDEF;
}

sp_value sp_vm_method_name_b(const sp_proc *bp, sp_value static_name)
{
    return bp->bmethod ? SP_ID2SYM(bp->bmethod->name) : static_name;
}

int sp_vm_super_defined(sp_value self, sp_id mid, sp_cfunc me)
{
    int past = 0;
    for (sp_class *k = sp_class_of(self); k; k = sp_class_super(k)) {
        sp_idtbl *t = sp_class_mtbl(k);
        uintptr_t w;
        if (t && sp_idtbl_get(t, mid, &w) && w) {
            sp_method *m = (sp_method *)w;
            if (past && m->visibility != SP_VIS_UNDEF) return 1;
            if (m->fn == me) past = 1;
        }
    }
    return 0;
}

sp_value sp_vm_set_visibility(sp_value klass, int vis, int argc, const sp_value *argv)
{
    static const char *names[] = { "public", "private", "protected" };
    return sp_funcall(klass, sp_intern(names[vis]), argc, argv, SP_NIL);
}

sp_value sp_vm_module_function(sp_value mod, int argc, const sp_value *argv)
{
    return sp_funcall(mod, sp_intern("module_function"), argc, argv, SP_NIL);
}

/* ---------------------------------------------------------------- */
/* argument binding                                                   */

typedef struct kwctx {
    int n;
    const sp_id *ids;
    sp_value *out;
    sp_value rest;
    sp_value unknown;
} kwctx;

static int kw_each(sp_value k, sp_value v, void *arg)
{
    kwctx *c = arg;
    if (SP_SYMBOL_P(k)) {
        sp_id id = SP_SYM2ID(k);
        for (int i = 0; i < c->n; i++)
            if (c->ids[i] == id) { c->out[i] = v; return 0; }
    }
    if (c->rest != SP_UNDEF) sp_hash_aset(c->rest, k, v);
    else {
        if (c->unknown == SP_NIL) c->unknown = sp_ary_new();
        sp_ary_push(c->unknown, k);
    }
    return 0;
}

static void raise_kw_list(const char *what, sp_value list)
{
    long n = sp_ary_len(list);
    sp_value msg = sp_str_new_cstr(what);
    if (n > 1) sp_str_cat(msg, "s", 1);
    sp_str_cat(msg, ": ", 2);
    for (long i = 0; i < n; i++) {
        if (i) sp_str_cat(msg, ", ", 2);
        sp_str_append(msg, sp_inspect(sp_ary_entry(list, i)));
    }
    sp_raise_exc(sp_exc_new_str(sp_eArgError, msg));
}

void sp_vm_kw_bind(sp_value kwh, int n, const sp_id *ids, sp_value *out, sp_value *kwrest)
{
    for (int i = 0; i < n; i++) out[i] = SP_UNDEF;
    kwctx c = { n, ids, out, kwrest ? sp_hash_new() : SP_UNDEF, SP_NIL };
    if (kwh != SP_NIL && kwh != SP_UNDEF) sp_hash_foreach(kwh, kw_each, &c);
    if (kwrest) *kwrest = c.rest;
    if (c.unknown != SP_NIL) raise_kw_list("unknown keyword", c.unknown);
}

/* sp_vm_kw_bind for keywords some of which are required: a missing one
 * is reported before unknown ones, as CRuby (m(a:) called as m(b: 1)). */
void sp_vm_kw_bind_req(sp_value kwh, int n, const sp_id *ids, sp_value *out, const char *required)
{
    for (int i = 0; i < n; i++) out[i] = SP_UNDEF;
    kwctx c = { n, ids, out, SP_UNDEF, SP_NIL };
    if (kwh != SP_NIL && kwh != SP_UNDEF) sp_hash_foreach(kwh, kw_each, &c);
    if (c.unknown != SP_NIL) {
        sp_vm_kw_missing(n, ids, out, required);
        raise_kw_list("unknown keyword", c.unknown);
    }
}

void sp_vm_kw_missing(int n, const sp_id *ids, const sp_value *vals, const char *required)
{
    sp_value missing = SP_NIL;
    for (int i = 0; i < n; i++) {
        if (required[i] == '1' && vals[i] == SP_UNDEF) {
            if (missing == SP_NIL) missing = sp_ary_new();
            sp_ary_push(missing, SP_ID2SYM(ids[i]));
        }
    }
    if (missing != SP_NIL) raise_kw_list("missing keyword", missing);
}

static int is_array(sp_value v) { return SP_HEAP_P(v) && SP_TYPE(v) == SP_T_ARRAY; }
static int is_hash(sp_value v) { return SP_HEAP_P(v) && SP_TYPE(v) == SP_T_HASH; }

const sp_value *sp_vm_ary_ptr(sp_value ary)
{
    long n = sp_ary_len(ary);
    sp_value *p = GC_MALLOC(sizeof(sp_value) * (size_t)(n > 0 ? n : 1));
    for (long i = 0; i < n; i++) p[i] = sp_ary_entry(ary, i);
    return p;
}

const sp_value *sp_vm_block_splat(int *argc, const sp_value *argv)
{
    if (*argc != 1) return argv;
    sp_value a = argv[0];
    if (!is_array(a)) {
        if (SP_SPECIAL_CONST_P(a) || !sp_respond_to(a, sp_intern("to_ary"), 1)) return argv;
        sp_value r = sp_funcall0(a, "to_ary");
        if (r == SP_NIL) return argv;
        if (!is_array(r)) sp_raise_convert_gives(a, "Array", "to_ary", r);
        a = r;
    }
    *argc = (int)sp_ary_len(a);
    return sp_vm_ary_ptr(a);
}

sp_value sp_vm_rest(int n, const sp_value *argv)
{
    if (n <= 0) return sp_ary_new();
    return sp_ary_new_from(n, argv);
}

sp_value sp_vm_kwsplat_dup(sp_value h)
{
    sp_value r = sp_hash_new();
    if (h != SP_NIL) sp_vm_hash_merge_kw(r, h);
    return r;
}

/* ---------------------------------------------------------------- */
/* blocks                                                             */

sp_value sp_vm_block(sp_blockfn fn, sp_value *env, sp_value self, int min, int max,
                     int lambda, void *home, const sp_srcinfo *si)
{
    sp_value p = sp_proc_new(fn, env, self, min, max, lambda);
    sp_proc *pp = (sp_proc *)p;
    pp->home = home;
    pp->break_tag = NULL;
    pp->src = si;
    return p;
}

sp_value sp_vm_to_proc(sp_value v)
{
    if (v == SP_NIL) return SP_NIL;
    if (SP_HEAP_P(v) && SP_TYPE(v) == SP_T_PROC) return v;
    if (SP_SYMBOL_P(v)) return sp_sym_to_proc(v);
    /* Ruby 3.4 words both failures alike; "#to_proc gives" comes in 4.0 */
    sp_value p = sp_respond_to(v, sp_intern("to_proc"), 1) ? sp_funcall0(v, "to_proc") : SP_NIL;
    if (!(SP_HEAP_P(p) && SP_TYPE(p) == SP_T_PROC))
        sp_raise(sp_eTypeError, "wrong argument type %s (expected Proc)", sp_obj_classname(v));
    return p;
}

sp_value sp_vm_yield(sp_value blk, int argc, const sp_value *argv)
{
    if (SP_NIL_P(blk)) sp_raise_no_block();
    return sp_yield(blk, argc, argv);
}

sp_value sp_vm_yield_ary(sp_value blk, sp_value args)
{
    if (SP_NIL_P(blk)) sp_raise_no_block();
    return sp_yield(blk, (int)sp_ary_len(args), sp_vm_ary_ptr(args));
}

SP_NORETURN void sp_vm_break(sp_proc *bp, sp_value v)
{
    if (!bp->break_tag) sp_raise_local_jump("break from proc-closure", "break", v);
    sp_jump(sp_ec_current(), SP_JUMP_BREAK, bp->break_tag, v);
}

SP_NORETURN void sp_vm_return(sp_proc *bp, sp_value v)
{
    if (!bp->home) sp_raise_local_jump("unexpected return", "return", v);
    sp_jump(sp_ec_current(), SP_JUMP_RETURN, bp->home, v);
}

/* ---------------------------------------------------------------- */
/* calls, splats, hashes                                              */

/* The slot an attribute record caches for method m of recv (writer: the
 * writer), -1 when m is no attribute: an attr_reader/attr_writer of a
 * plain object (the ivar's index; -1 while no instance of the class has
 * set the ivar: creating one would reorder instance_variables), or a
 * dedicated Struct/Data member accessor (the member: sp_struct.h). */
static int attr_slot(sp_value recv, const sp_method *m, int writer)
{
    if (!SP_HEAP_P(recv)) return -1;
    uint32_t t = SP_TYPE(recv);
    if (t == SP_T_OBJECT) {
        if (m->kind != (writer ? SP_MK_ATTR_WRITER : SP_MK_ATTR_READER)) return -1;
        return sp_ivar_index(recv, (sp_id)(uintptr_t)m->data, 0);
    }
    if ((t == SP_T_STRUCT || t == SP_T_DATA) && m->kind == SP_MK_CFUNC && m->fn) {
        long i = sp_struct_accessor_index(m->fn, writer);
        return i >= 0 && i < ((const sp_struct *)recv)->len ? (int)i : -1;
    }
    return -1;
}
_Static_assert(offsetof(sp_object, embed) == offsetof(sp_struct, vals),
               "Struct members are read as embedded slots (sp_struct_nembed_flags)");

static void attr_publish(uint64_t *ic, sp_value recv, sp_class *k, uint64_t ep, int idx)
{
    sp_vm_attr_ic *n = GC_MALLOC(sizeof *n);
    n->klass = k;
    n->epoch = ep;
    n->idx = (uint32_t)idx;
    n->type = SP_TYPE(recv);
    __atomic_store_n(ic, (uint64_t)(uintptr_t)n, __ATOMIC_RELEASE);
}

/* After a send through an attribute site: when the cache now says recv's
 * method is an attribute (attr_slot), publish a record {class, epoch,
 * slot, type} so the next call takes the inline path (sp_vm.h). */
static void attr_fill(sp_callsite *cs, sp_value recv, uint64_t *ic, int writer)
{
    if (!SP_HEAP_P(recv)) return;
    sp_cache_entry *e = __atomic_load_n(&cs->entry, __ATOMIC_ACQUIRE);
    if (!e || e->klass != SP_HDR(recv)->klass) return;
    const sp_vm_attr_ic *r = (const sp_vm_attr_ic *)(uintptr_t)__atomic_load_n(ic, __ATOMIC_ACQUIRE);
    if (r && r->klass == e->klass && r->epoch == e->epoch) return;
    int idx = attr_slot(recv, e->m, writer);
    if (idx >= 0) attr_publish(ic, recv, e->klass, e->epoch, idx);
}

/* Math.sqrt of a non-positive or NaN double inside a fused Float
 * expression (sp_vm_sqrt_d): the builtin raises DomainError or returns
 * 0.0/-0.0/NaN as CRuby does. */
double sp_vm_sqrt_d_slow(sp_callsite *cs, sp_value recv, double d)
{
    sp_value x = sp_vm_float(d);
    return sp_float_value(sp_send(cs, recv, 1, &x, SP_NIL));
}

/* After the generic path of a fused `recv.x op= v`: publish the combined
 * read/write record when both caches say attr_reader/attr_writer of one
 * ivar of recv's class in the current epoch (sp_vm_attr_peek_r/poke). */
void sp_vm_attr_rmw_fill(sp_callsite *get, sp_callsite *set, sp_value recv, uint64_t *ic)
{
    if (!SP_HEAP_P(recv)) return;
    sp_cache_entry *g = __atomic_load_n(&get->entry, __ATOMIC_ACQUIRE);
    sp_cache_entry *s = __atomic_load_n(&set->entry, __ATOMIC_ACQUIRE);
    sp_class *k = SP_HDR(recv)->klass;
    uint64_t ep = __atomic_load_n(&sp_method_epoch, __ATOMIC_ACQUIRE);
    if (!g || !s || g->klass != k || s->klass != k || g->epoch != ep || s->epoch != ep) return;
    const sp_vm_attr_ic *r = (const sp_vm_attr_ic *)(uintptr_t)__atomic_load_n(ic, __ATOMIC_ACQUIRE);
    if (r && r->klass == k && r->epoch == ep) return;
    int idx = attr_slot(recv, g->m, 0);
    if (idx >= 0 && idx == attr_slot(recv, s->m, 1)) attr_publish(ic, recv, k, ep, idx);
}

sp_value sp_vm_attr_get_slow(sp_callsite *cs, sp_value recv, uint64_t *ic)
{
    sp_value v = sp_send(cs, recv, 0, NULL, SP_NIL);
    attr_fill(cs, recv, ic, 0);
    return v;
}

sp_value sp_vm_attr_set_slow(sp_callsite *cs, sp_value recv, sp_value v, uint64_t *ic)
{
    sp_send(cs, recv, 1, &v, SP_NIL);
    attr_fill(cs, recv, ic, 1);
    return v;
}

sp_value sp_vm_sum_rest(sp_value acc, sp_value rest)
{
    long n;
    const sp_value *p = sp_ary_snap(rest, &n);
    return sp_sum_values(acc, n, p);
}

sp_value sp_vm_send1(sp_callsite *cs, sp_value a, sp_value b)
{
    return sp_send(cs, a, 1, &b, SP_NIL);
}

/* ---- lazily materialised frames (sp_vm.h, typed_entry.c) ----
 * Frames 0..R->n-1 are made already and never change while R lives (all
 * but the linked one carry R->line; unlink puts that one back), so
 * linking at depth d writes only frames n..d: amortised O(1) per level
 * for any sequence of slow paths under one root.  Growing copies nothing
 * that is linked (at most one link is live per R, and never across a
 * growth: growth happens only in sp_vm_lazy_link, before linking). */
sp_frame *sp_vm_lazy_link(sp_vm_lazy *R, long d, int line)
{
    if (d >= R->cap) {
        long cap = R->cap * 2;
        while (cap <= d) cap *= 2;
        sp_frame *nb = GC_MALLOC((size_t)cap * sizeof(sp_frame));
        if (!nb) abort();
        R->buf = nb;
        R->cap = cap;
        R->n = 0;               /* a new buffer: every frame made again */
    }
    for (long i = R->n; i <= d; i++) {
        sp_frame *f = &R->buf[i];
        f->prev = i ? &R->buf[i - 1] : R->prev;
        f->info = R->si;
        f->line = R->line;
        f->self = R->self;
        f->lm = SP_NIL;
    }
    if (R->n <= d) R->n = d + 1;
    R->buf[d].line = line;
    R->ec->frame = &R->buf[d];
    return &R->buf[d];
}

sp_value sp_vm_lazy_send1(sp_vm_lazy *R, long d, int line, sp_callsite *cs, sp_value a, sp_value b)
{
    sp_vm_lazy_link(R, d, line);
    sp_value r = sp_send(cs, a, 1, &b, SP_NIL);
    sp_vm_lazy_unlink(R, d);
    return r;
}

/* a self call with argc arguments (recv: the root's self) */
sp_value sp_vm_lazy_send(sp_vm_lazy *R, long d, int line, sp_callsite *cs, int argc, const sp_value *argv)
{
    sp_vm_lazy_link(R, d, line);
    sp_value r = sp_send(cs, R->self, argc, argv, SP_NIL);
    sp_vm_lazy_unlink(R, d);
    return r;
}

void sp_vm_lazy_poll(sp_vm_lazy *R, long d, int line)
{
    sp_vm_lazy_link(R, d, line);
    sp_poll_slow();
    sp_vm_lazy_unlink(R, d);
}

void sp_vm_lazy_stack(sp_vm_lazy *R, long d, int line)
{
    sp_vm_lazy_link(R, d, line);
    sp_stack_check_slow();
    sp_vm_lazy_unlink(R, d);
}

sp_value sp_vm_send_ary(sp_callsite *cs, sp_value recv, sp_value args, int kw, sp_value blk)
{
    long n = sp_ary_len(args);
    const sp_value *av = sp_vm_ary_ptr(args);
    extern int sp_vm_r2k_last(sp_value h);   /* sp_compat.c: ruby2_keywords hash */
    if (!kw && n && sp_vm_r2k_last(av[n - 1])) kw = 1;
    return sp_send(cs, recv, (int)n | (kw && n ? SP_ARGC_KW : 0), av, blk);
}

sp_value sp_vm_splat(sp_value v)
{
    if (is_array(v)) return v;
    if (v == SP_NIL) return sp_ary_new();
    if (!SP_SPECIAL_CONST_P(v) || SP_SYMBOL_P(v) || SP_FIXNUM_P(v)) {
        if (!SP_FIXNUM_P(v) && !SP_SYMBOL_P(v) && sp_respond_to(v, sp_intern("to_a"), 1)) {
            sp_value a = sp_funcall0(v, "to_a");
            if (is_array(a)) return a;
            if (a != SP_NIL)        /* nil: the object itself, as CRuby */
                sp_raise_convert_gives(v, "Array", "to_a", a);
        }
    }
    return sp_ary_new_from(1, &v);
}

void sp_vm_push_splat(sp_value ary, sp_value v)
{
    sp_value a = sp_vm_splat(v);
    long n = sp_ary_len(a);
    for (long i = 0; i < n; i++) sp_ary_push(ary, sp_ary_entry(a, i));
}

static int merge_each(sp_value k, sp_value v, void *arg)
{
    sp_hash_aset((sp_value)arg, k, v);
    return 0;
}

sp_value sp_vm_hash_merge_kw(sp_value h, sp_value other)
{
    if (other == SP_NIL) return h;
    if (!is_hash(other)) {
        if (!sp_respond_to(other, sp_intern("to_hash"), 1))
            sp_raise(sp_eTypeError, "no implicit conversion of %s into Hash", sp_obj_classname(other));
        sp_value c = sp_funcall0(other, "to_hash");
        if (!is_hash(c))
            sp_raise_convert_gives(other, "Hash", "to_hash", c);
        other = c;
    }
    sp_hash_foreach(other, merge_each, (void *)h);
    return h;
}

sp_value sp_vm_hash_lit(int n, const sp_value *kv)
{
    sp_value h = sp_hash_new();
    for (int i = 0; i + 1 < n; i += 2) sp_hash_aset(h, kv[i], kv[i + 1]);
    return h;
}

sp_value sp_vm_masgn_ary(sp_value v)
{
    if (is_array(v)) return v;
    if (SP_HEAP_P(v) && sp_respond_to(v, sp_intern("to_ary"), 1)) {
        sp_value a = sp_funcall0(v, "to_ary");
        if (is_array(a)) return a;
        if (a != SP_NIL) sp_raise_convert_gives(v, "Array", "to_ary", a);
    }
    return sp_ary_new_from(1, &v);
}

sp_value sp_vm_ary_slice(sp_value ary, long from, long len)
{
    sp_value r = sp_ary_new();
    long n = sp_ary_len(ary);
    for (long i = 0; i < len && from + i < n; i++) sp_ary_push(r, sp_ary_entry(ary, from + i));
    return r;
}

/* ---------------------------------------------------------------- */
/* strings and literals                                               */

static int is_string(sp_value v) { return SP_HEAP_P(v) && SP_TYPE(v) == SP_T_STRING; }

sp_value sp_vm_obj_to_s(sp_value v)
{
    if (is_string(v)) return v;
    sp_value s = sp_to_s(v);
    if (!is_string(s)) s = sp_any_to_s(v);
    return s;
}

sp_value sp_vm_dstr(int n, const sp_value *parts)
{
    sp_value s = sp_str_buf_new(64);
    for (int i = 0; i < n; i++) sp_str_append(s, sp_vm_obj_to_s(parts[i]));
    return s;
}

sp_value sp_vm_dsym(sp_value str)
{
    return SP_ID2SYM(sp_intern_len(sp_str_ptr(str), sp_str_len(str)));
}

sp_value sp_vm_regex(sp_value src, int opts)
{
    return sp_regexp_literal(src, opts);
}

sp_value sp_vm_bignum(const char *digits)
{
    return sp_funcall0(sp_str_new_cstr(digits), "to_i");
}

sp_value sp_vm_xstr(sp_value self, sp_value cmd)
{
    return sp_funcall(self, sp_intern("`"), 1, &cmd, SP_NIL);
}

sp_value sp_vm_defined_str(const char *what)
{
    return sp_str_new_frozen(what, strlen(what));
}

/* ---------------------------------------------------------------- */
/* class variables                                                    */

static sp_value cvar_base(const sp_vm_cref *cref, sp_value self)
{
    sp_value k = cref && cref->klass ? cref->klass : sp_cObject;
    if (SP_CLASS(k)->hdr.flags & SP_FL_SINGLETON) {
        sp_value a = SP_CLASS(k)->attached;
        if (is_module(a)) k = a;
    }
    if (k == sp_cObject && (!cref || !cref->prev)) {
        if (is_module(self)) return self;
        sp_raise(sp_eRuntimeError, "class variable access from toplevel");
    }
    return k;
}

sp_value sp_vm_cvar_get(const sp_vm_cref *cref, sp_value self, sp_id id)
{
    return sp_cvar_get(cvar_base(cref, self), id);
}

sp_value sp_vm_cvar_set(const sp_vm_cref *cref, sp_value self, sp_id id, sp_value v)
{
    sp_cvar_set(cvar_base(cref, self), id, v);
    return v;
}

int sp_vm_cvar_defined(const sp_vm_cref *cref, sp_value self, sp_id id)
{
    if ((!cref || !cref->prev) && !is_module(self)) return 0;
    return sp_cvar_defined(cvar_base(cref, self), id);
}

/* ---------------------------------------------------------------- */
/* regexp globals                                                     */

sp_value sp_vm_named_ref(sp_value name)
{
    sp_value m = sp_ec_current()->last_match;
    if (m == SP_NIL) return SP_NIL;
    return sp_funcall(m, sp_intern("[]"), 1, &name, SP_NIL);
}

sp_value sp_vm_nth_ref(int n)
{
    sp_value m = sp_ec_current()->last_match;
    if (m == SP_NIL) return SP_NIL;
    return sp_funcall1(m, "[]", SP_FIX(n));
}

sp_value sp_vm_back_ref(char c) { return sp_gvar_back_ref(c); }

/* ---------------------------------------------------------------- */
/* case / rescue / defined?                                           */

int sp_vm_case_eq(sp_value pat, sp_value v)
{
    if (SP_FIXNUM_P(pat) || SP_SYMBOL_P(pat) || pat == SP_NIL || pat == SP_TRUE || pat == SP_FALSE) {
        if (pat == v) return 1;
        if (SP_SYMBOL_P(pat) || pat == SP_NIL || pat == SP_TRUE || pat == SP_FALSE) return 0;
        if (SP_FIXNUM_P(v)) return 0;
    }
    /* The id is interned once: `case x when Klass` runs this for every
     * clause, and interning hashed and compared the name each time. */
    static sp_id id_eqq;
    sp_id mid = __atomic_load_n(&id_eqq, __ATOMIC_RELAXED);
    if (!mid) { mid = sp_intern("==="); __atomic_store_n(&id_eqq, mid, __ATOMIC_RELAXED); }
    return SP_RTEST(sp_funcall(pat, mid, 1, &v, SP_NIL));
}

int sp_vm_case_eq_splat(sp_value ary, sp_value v)
{
    sp_value a = sp_vm_splat(ary);
    long n = sp_ary_len(a);
    for (long i = 0; i < n; i++) {
        sp_value p = sp_ary_entry(a, i);
        if (v == SP_UNDEF ? SP_RTEST(p) : sp_vm_case_eq(p, v)) return 1;
    }
    return 0;
}

int sp_vm_rescue_match(sp_value klass, sp_value exc)
{
    if (!is_module(klass))
        sp_raise(sp_eTypeError, "class or module required for rescue clause");
    return SP_RTEST(sp_funcall1(klass, "===", exc));
}

int sp_vm_rescue_match_splat(sp_value ary, sp_value exc)
{
    sp_value a = sp_vm_splat(ary);
    long n = sp_ary_len(a);
    for (long i = 0; i < n; i++) if (sp_vm_rescue_match(sp_ary_entry(a, i), exc)) return 1;
    return 0;
}

sp_value sp_vm_defined_method(sp_value recv, sp_id mid, int fcall)
{
    static sp_value s_method;
    if (!s_method) s_method = sp_str_new_frozen("method", 6);
    if (fcall == 2) {
        /* A::B: A's ancestors' public constants, Object's only when A is
         * Object (as the lookup A::B itself) */
        if (!is_module(recv)) return SP_NIL;
        return sp_const_scoped_defined(recv, mid) ? SP_TRUE : SP_NIL;
    }
    return sp_respond_to(recv, mid, fcall) ? s_method : SP_NIL;
}

/* ---------------------------------------------------------------- */
/* pattern matching                                                   */

sp_value sp_vm_pat_deconstruct(sp_value v)
{
    if (is_array(v)) return v;
    if (SP_SPECIAL_CONST_P(v) || !sp_respond_to(v, sp_intern("deconstruct"), 1)) return SP_UNDEF;
    sp_value a = sp_funcall0(v, "deconstruct");
    if (!is_array(a)) sp_raise(sp_eTypeError, "deconstruct must return Array");
    return a;
}

sp_value sp_vm_pat_deconstruct_keys(sp_value v, sp_value keys)
{
    if (is_hash(v)) return v;
    if (SP_SPECIAL_CONST_P(v) || !sp_respond_to(v, sp_intern("deconstruct_keys"), 1)) return SP_UNDEF;
    sp_value h = sp_funcall1(v, "deconstruct_keys", keys);
    if (!is_hash(h)) sp_raise(sp_eTypeError, "deconstruct_keys must return Hash");
    return h;
}

SP_NORETURN void sp_vm_no_pattern(sp_value v)
{
    sp_raise_exc(sp_exc_new_str(sp_eNoMatchingPatternError, sp_inspect(v)));
}

SP_NORETURN void sp_vm_no_pattern_key(sp_value v, sp_value key)
{
    sp_value msg = sp_inspect(v);
    sp_str_cat(msg, ": key not found: ", 17);
    sp_str_append(msg, sp_inspect(key));
    /* matchee:/key: keywords so NoMatchingPatternKeyError#key works */
    sp_value kw = sp_hash_new();
    sp_hash_aset(kw, sp_sym("matchee"), v);
    sp_hash_aset(kw, sp_sym("key"), key);
    sp_value args[2] = { msg, kw };
    sp_raise_exc(sp_class_new_instance(sp_eNoMatchingPatternKeyError, 2 | SP_ARGC_KW, args, SP_NIL));
}

SP_NORETURN void sp_vm_no_pattern_msg(sp_value v, sp_value msg)
{
    sp_value m = sp_inspect(v);
    sp_str_cat(m, ": ", 2);
    sp_str_append(m, msg);
    sp_raise_exc(sp_exc_new_str(sp_eNoMatchingPatternError, m));
}

sp_value sp_vm_pat_eq_msg(sp_value pat, sp_value v)
{
    sp_value m = sp_inspect(pat);
    sp_str_cat(m, " === ", 5);
    sp_str_append(m, sp_inspect(v));
    sp_str_cat(m, " does not return true", 21);
    return m;
}

int sp_vm_pat_has_key(sp_value h, sp_value key, sp_value *out)
{
    sp_value v = sp_hash_lookup(h, key, SP_UNDEF);
    if (v == SP_UNDEF) return 0;
    *out = v;
    return 1;
}

typedef struct exceptctx { int n; const sp_value *keys; sp_value out; } exceptctx;
static int except_each(sp_value k, sp_value v, void *arg)
{
    exceptctx *c = arg;
    for (int i = 0; i < c->n; i++) if (c->keys[i] == k) return 0;
    sp_hash_aset(c->out, k, v);
    return 0;
}

sp_value sp_vm_hash_except(sp_value h, int n, const sp_value *keys)
{
    exceptctx c = { n, keys, sp_hash_new() };
    sp_hash_foreach(h, except_each, &c);
    return c.out;
}

/* ---------------------------------------------------------------- */
/* error_highlight: call-site positions                               */

typedef struct sitefile { int idx; const char *file; const char *src; } sitefile;
static sitefile *sitefiles;        /* grows: one per source file (spg_init) */
static int nsitefiles, capsitefiles;
static const int *site_tab;
static int nsites;
static const sp_id *site_ids;
static const char *const *site_dym;
#define SITE_W 9   /* ints per site row (see sp_vm.h) */

void sp_vm_register_sites(int fileidx, const char *file, const char *src, int n,
                          const int *sites, const sp_id *ids, const char *const *dym)
{
    if (nsitefiles == capsitefiles) {
        capsitefiles = capsitefiles ? capsitefiles * 2 : 16;
        sitefiles = realloc(sitefiles, (size_t)capsitefiles * sizeof *sitefiles);
        if (!sitefiles) abort();
    }
    sitefiles[nsitefiles].idx = fileidx;
    sitefiles[nsitefiles].file = file;
    sitefiles[nsitefiles].src = src;
    nsitefiles++;
    site_tab = sites;
    nsites = n;
    site_ids = ids;
    site_dym = dym;
}

/* Source line `line` of s: start pointer and length. */
static const char *src_line(const char *s, int line, size_t *len)
{
    for (int l = 1; l < line && *s; s++) if (*s == '\n') l++;
    const char *eol = strchr(s, '\n');
    *len = eol ? (size_t)(eol - s) : strlen(s);
    return s;
}

/* "\n<line>\n<spaces><carets>\n" (tabs kept so the carets line up) */
static sp_value snippet_of(const char *s, size_t llen, size_t start, size_t end)
{
    sp_value snip = sp_str_new("\n", 1);
    sp_str_cat(snip, s, llen);
    sp_str_cat(snip, "\n", 1);
    for (size_t i = 0; i < start; i++) sp_str_cat(snip, s[i] == '\t' ? "\t" : " ", 1);
    for (size_t i = start; i < end; i++) sp_str_cat(snip, "^", 1);
    sp_str_cat(snip, "\n", 1);
    return snip;
}

/* The first backtrace line's file entry and line number. */
static const sitefile *top_place(sp_value exc, int *line)
{
    sp_value bt = sp_exc_backtrace(exc);
    if (bt == SP_NIL || sp_ary_len(bt) == 0) return NULL;
    const char *loc = sp_str_cstr(sp_ary_entry(bt, 0));
    const char *c1 = strstr(loc, ":in ");
    if (!c1) return NULL;
    const char *p = c1 - 1;
    while (p > loc && *p >= '0' && *p <= '9') p--;
    if (*p != ':') return NULL;
    *line = atoi(p + 1);
    size_t flen = (size_t)(p - loc);
    const sitefile *sf = NULL;
    for (int i = 0; i < nsitefiles; i++)
        if (strlen(sitefiles[i].file) == flen && !strncmp(sitefiles[i].file, loc, flen)) sf = &sitefiles[i];
    return sf && sf->src ? sf : NULL;
}

/* TypeError/ArgumentError: CRuby 3.4 highlights the arguments of the call
 * the first backtrace entry stands for -- the builtin method's call site,
 * or the `raise` in a compiled method (Ruby-level arity errors and
 * <internal:...> methods get no snippet). */
static void annotate_args(sp_value exc)
{
    int line;
    const sitefile *sf = top_place(exc, &line);
    if (!sf) return;
    sp_id mid = sp_exc_top_builtin_mid(exc);
    sp_id want1 = mid ? mid : sp_intern("raise"), want2 = mid ? mid : sp_intern("fail");
    for (int i = 0; i < nsites; i++) {
        const int *e = site_tab + SITE_W * i;
        if (e[0] != sf->idx || e[1] != line || e[5] == 0) continue;
        if (site_ids[e[4]] != want1 && site_ids[e[4]] != want2) continue;
        size_t llen;
        const char *s = src_line(sf->src, e[5], &llen);
        if ((size_t)e[7] > llen || e[6] >= e[7]) return;
        sp_exc_set_snippet(exc, snippet_of(s, llen, (size_t)e[6], (size_t)e[7]));
        return;
    }
}

/* Compute the snippet "\n<line>\n<spaces><carets>\n" for exc if a known
 * site on the failing line names the missing method/constant. */
void sp_vm_annotate_error(sp_value exc)
{
    if (!site_tab || !SP_HEAP_P(exc) || SP_TYPE(exc) != SP_T_EXCEPTION) return;
    if (((sp_exception *)exc)->snippet != SP_NIL && ((sp_exception *)exc)->snippet != 0) return;
    if (sp_obj_is_kind_of(exc, sp_eTypeError) || sp_obj_is_kind_of(exc, sp_eArgError)) {
        annotate_args(exc);
        return;
    }
    if (!sp_obj_is_kind_of(exc, sp_eNameError)) return;
    int line;
    const sitefile *sf = top_place(exc, &line);
    if (!sf) return;
    sp_value nm = sp_funcall0(exc, "name");
    if (!SP_SYMBOL_P(nm)) return;
    sp_id want = SP_SYM2ID(nm);
    int col = -1, dym = -1;
    for (int i = 0; i < nsites; i++) {
        const int *e = site_tab + SITE_W * i;
        if (e[0] == sf->idx && e[1] == line && site_ids[e[4]] == want) { col = e[2]; dym = e[8]; break; }
    }
    if (col < 1) return;
    if (dym >= 0 && site_dym && !sp_obj_is_kind_of(exc, sp_eNoMethodError)) {
        /* undefined local variable or method: offer the locals in scope */
        sp_value names = sp_ary_new();
        const char *p = site_dym[dym];
        while (*p) {
            const char *q = strchr(p, ' ');
            size_t l = q ? (size_t)(q - p) : strlen(p);
            sp_ary_push(names, SP_ID2SYM(sp_intern_len(p, l)));
            p += l;
            if (*p) p++;
        }
        sp_exc_add_dym_candidates(exc, names);
    }
    size_t llen;
    const char *s = src_line(sf->src, line, &llen);
    const char *name = sp_id_name(want);
    size_t nlen = strlen(name);
    /* find the name at or after col */
    size_t start = (size_t)(col - 1);
    while (start + nlen <= llen && strncmp(s + start, name, nlen) != 0) start++;
    if (start + nlen > llen) return;
    size_t end = start + nlen;
    if (start > 0 && s[start - 1] == '.') { start--; if (start > 0 && s[start - 1] == '&') start--; }
    else if (start > 1 && s[start - 1] == ':' && s[start - 2] == ':') start -= 2;
    sp_exc_set_snippet(exc, snippet_of(s, llen, start, end));
}

/* ---------------------------------------------------------------- */
/* program                                                            */

sp_cfunc sp_vm_mutex_sync_fn;
const sp_srcinfo *sp_vm_mutex_sync_info;
sp_cfunc sp_vm_math_sqrt_fn;   /* the builtin Math.sqrt (sp_vm_math_sqrt) */
sp_vm_inl sp_vm_inl_tab[SP_INL_N];   /* builtins of inlined iterators (sp_vm_inl_ok) */
sp_cfunc sp_vm_class_new_fn;   /* the builtin Class#new (sp_vm_new_ok) */
const sp_srcinfo *sp_vm_class_new_info;

void sp_vm_mutex_lock(sp_value m) { sp_mutex_lock((sp_mutex *)m); }
void sp_vm_mutex_unlock(sp_value m) { sp_mutex_unlock((sp_mutex *)m); }

void sp_vm_init(int argc, char **argv)
{
    (void)argc; (void)argv;
    if (sp_cMutex) {
        sp_method *m = sp_find_method(SP_CLASS(sp_cMutex), sp_intern("synchronize"));
        if (m && m->kind == SP_MK_CFUNC && m->fn && sp_method_cinfo(m)) {
            sp_vm_mutex_sync_fn = m->fn;
            sp_vm_mutex_sync_info = sp_method_cinfo(m);
        }
    }
    static const char *const inl_names[SP_INL_N] = {
        "each", "each_with_index", "map", "select", "filter", "reject", "inject", "reduce", "sum",
        "times", "upto", "downto", "step", "each" };
    for (int k = 0; k < SP_INL_N; k++) {
        sp_value c = k < SP_INL_INT_TIMES ? sp_cArray : k < SP_INL_RANGE_EACH ? sp_cInteger : sp_cRange;
        sp_method *m = c ? sp_find_method(SP_CLASS(c), sp_intern(inl_names[k])) : NULL;
        if (m && m->kind == SP_MK_CFUNC && m->fn && sp_method_cinfo(m)) {
            sp_vm_inl_tab[k].fn = m->fn;
            sp_vm_inl_tab[k].info = sp_method_cinfo(m);
        }
    }
    if (sp_cClass) {
        sp_method *m = sp_find_method(SP_CLASS(sp_cClass), sp_intern("new"));
        if (m && m->kind == SP_MK_CFUNC && m->fn && sp_method_cinfo(m)) {
            sp_vm_class_new_fn = m->fn;
            sp_vm_class_new_info = sp_method_cinfo(m);
        }
    }
    if (sp_mMath) {
        sp_method *m = sp_find_method(SP_CLASS(sp_singleton_class(sp_mMath)), sp_intern("sqrt"));
        if (m && m->kind == SP_MK_CFUNC) sp_vm_math_sqrt_fn = m->fn;
    }
    sp_vm_booted = 1;          /* sp_init has defined the core classes */
    static const sp_class_hooks hooks = { note_method, note_prepend };
    sp_class_boot_done(&hooks);
    sp_vm_top_cref.klass = sp_cObject;
    sp_vm_top_cref.prev = NULL;
    sp_frame_self_valid = 1;    /* every compiled frame records its self */
}

sp_value sp_vm_main_self(void) { return sp_main_obj; }

typedef struct mainarg { sp_value (*fn)(sp_value self); } mainarg;
static sp_value main_tramp(void *arg)
{
    mainarg *m = arg;
    sp_ec *ec = sp_ec_current();
    sp_handler h;
    sp_push_handler(ec, &h, SP_H_RESCUE, NULL);
    if (_setjmp(h.jb) == 0) {
        sp_value r = m->fn(sp_main_obj);
        sp_pop_handler(ec, &h);
        return r;
    }
    sp_pop_handler(ec, &h);
    sp_vm_annotate_error(ec->errinfo);
    sp_rejump(ec);
}

int sp_main_run(sp_value (*body)(void *), void *arg);

/* Top level under a base handler; reports an uncaught exception (CRuby's
 * format, exit status 1; SystemExit gives its status), runs at_exit
 * handlers and flushes.  Returns the process exit status. */
int sp_vm_run_main(sp_value (*fn)(sp_value self))
{
    mainarg m = { fn };
    /* Entry polls take the out-of-line stack check when a frame sits in
     * the low SP_STACK_RED bytes of a SP_STACK_ALIGN region (sp_vm.h).
     * Fiber stacks are aligned so that only a deep frame does; the
     * native main stack starts anywhere (ASLR), and in about 1 run in 9
     * the top level's frames would pay the call on every method entry.
     * Start them just below the region's top instead (costs < 200 KiB of
     * the 8 MiB main stack, never touched). */
    uintptr_t off = (uintptr_t)__builtin_frame_address(0) & (SP_STACK_ALIGN - 1);
    if (off < SP_STACK_RED + ((uintptr_t)64 << 10)) {
        char *pad = alloca(off + 4096);
        __asm__ volatile("" : : "r"(pad) : "memory");
        return sp_main_run(main_tramp, &m);
    }
    return sp_main_run(main_tramp, &m);
}

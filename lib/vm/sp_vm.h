/*
 * sp_vm.h — run-time helpers called only by generated code (sp_vm.c).
 *
 * Everything here is built on spinel.h (and the object-model internals in
 * sp_class.h).  Generated code includes this header after spinel.h.
 *
 * Conventions used by the generated code (see doc/codegen.md):
 *  - every compiled method/block pushes an sp_frame (SP_VM_ENTER) and pops
 *    it on normal return; unwinding restores ec->frame from the handler;
 *  - captured locals live in an env: an sp_value array, slot 0 = parent
 *    env (as an integer), slots 1..n = variables;
 *  - each lexical class body has a static sp_vm_cref; methods and blocks
 *    refer to the cref of the class body they are written in;
 *  - Integer/Float operator fast paths are guarded by sp_vm_redef, which
 *    compiled `def`s on Integer/Float set.
 */
#ifndef SPINEL_VM_H
#define SPINEL_VM_H

#include "spinel.h"
#include "sp_class.h"   /* sp_ivars layout for the inline attribute accessors */
#include "sp_array.h"   /* sp_ary_snap for the inline Array#[] */
#include "sp_range.h"   /* fixnum Ranges of the inline Range#each */
#include <math.h>

/* Fast paths generated code relies on being inlined even into very large
 * functions (GCC's size heuristics otherwise leave e.g. sp_vm_float as a
 * call per Float operation). */
#define SP_VM_INLINE static inline __attribute__((always_inline))

/* The generic copy of a typed loop (codegen/emit/typed_loop.c) is a GNU C
 * nested function when the compiler has them: the -O2 function is then the
 * typed copy alone, and the generic copy (run on a bailout or when the
 * locals do not hold their types) gets cc's cheap -O1 pipeline instead of
 * a CFG joined to the typed one at every statement (the joined CFG was
 * ~75% of cc's time on a program with typed loops).  Other compilers
 * (clang has no nested functions) get the same code inline.  Only direct
 * calls are made, so no trampoline (executable stack) is ever built. */
#ifndef SP_TY_OUTLINE
#if defined(__GNUC__) && !defined(__clang__)
#define SP_TY_OUTLINE 1
#else
#define SP_TY_OUTLINE 0
#endif
#endif
#ifdef __OPTIMIZE__
#define SP_TY_COLD __attribute__((noinline, cold, optimize("O1")))
#else
#define SP_TY_COLD __attribute__((noinline))
#endif

/* ---- frames ---- */
#define SP_VM_ENTER(ec, fr, si, ln, slf) \
    sp_ec *ec = sp_ec_current(); \
    sp_frame fr; fr.prev = ec->frame; fr.info = (si); fr.line = (ln); fr.self = (slf); ec->frame = &fr

/* Method/block entry poll: SP_POLL plus the stack check (spinel.h,
 * SP_STACK_RED), keyed on the frame record's address instead of
 * __builtin_frame_address(0): the same stack position to within the
 * function's frame, without forcing a frame pointer. */
#define SP_VM_POLL_ENTRY(fr) do { \
    if (SP_UNLIKELY(((uintptr_t)&(fr) & (SP_STACK_ALIGN - 1)) < SP_STACK_RED)) \
        sp_stack_check_slow(); \
    SP_POLL(); } while (0)

/* the same with ec passed in by the caller (positional direct entries) */
#define SP_VM_ENTER_EC(ec, fr, si, ln, slf) \
    sp_frame fr; fr.prev = ec->frame; fr.info = (si); fr.line = (ln); fr.self = (slf); ec->frame = &fr

/* ---- lexical class scope (constants, def target, cvars) ---- */
typedef sp_cref sp_vm_cref;   /* { prev, klass } (spinel.h) */

typedef struct sp_vm_ccache {
    uint64_t epoch;
    sp_value val;
} sp_vm_ccache;

extern sp_vm_cref sp_vm_top_cref;

sp_value sp_vm_const_slow(const sp_vm_cref *cref, sp_vm_ccache *cc, sp_id id);
/* Threads fill a cache concurrently: the epoch is loaded with acquire
 * (pairs with the release store in sp_vm_const_slow, so val is never read
 * older than the epoch it was stored with, on weakly ordered CPUs too) and
 * val is a relaxed atomic (two threads may store the same value at once).
 * On x86-64 both are plain loads. */
static inline sp_value sp_vm_const(const sp_vm_cref *cref, sp_vm_ccache *cc, sp_id id)
{
    if (SP_LIKELY(__atomic_load_n(&cc->epoch, __ATOMIC_ACQUIRE) ==
                  __atomic_load_n(&sp_const_epoch, __ATOMIC_ACQUIRE)))
        return __atomic_load_n(&cc->val, __ATOMIC_RELAXED);
    return sp_vm_const_slow(cref, cc, id);
}
sp_value sp_vm_const_scoped(sp_value scope, sp_id id);   /* A::B */
sp_value sp_vm_const_top(sp_id id);                      /* ::B */
int      sp_vm_const_defined(const sp_vm_cref *cref, sp_id id);
sp_value sp_vm_const_scoped_or_nil(sp_value scope, sp_id id); /* A::B ||= */
sp_value sp_vm_cdecl(sp_value klass, sp_id id, sp_value v);

/* super SP_UNDEF: none given; scoped: the statement named A::X (or ::X) */
sp_value sp_vm_defclass(sp_value outer, sp_id name, sp_value super, int scoped);
sp_value sp_vm_defmodule(sp_value outer, sp_id name, int scoped);
sp_value sp_vm_run_body(sp_vm_cref *cref, sp_value klass, sp_value (*fn)(sp_value self));
sp_value sp_vm_open_sclass(sp_value obj);
sp_value sp_vm_nesting(const sp_vm_cref *cref);   /* Module.nesting */

/* ---- methods ---- */
extern volatile uint32_t sp_vm_redef;   /* nonzero: a core operator (Integer/Float ops, Array#[], Hash#[], String/Array#<<) was redefined */
sp_value sp_vm_def(sp_value klass, sp_id name, sp_cfunc fn, int min, int max, int vis, const sp_srcinfo *si);
sp_value sp_vm_defs(sp_value obj, sp_id name, sp_cfunc fn, int min, int max, const sp_srcinfo *si);
sp_value sp_vm_definee(sp_value self, sp_id mid, sp_cfunc me, const sp_vm_cref *cref); /* def in a method/block */
sp_value sp_vm_definee_b(const sp_proc *bp, sp_value self, sp_id mid, sp_cfunc me, const sp_vm_cref *cref); /* ... in an instance_eval'd block */
sp_value sp_vm_alias(sp_value klass, sp_value newname, sp_value oldname);
sp_value sp_vm_undef(sp_value klass, sp_value name);
static inline sp_value sp_vm_gvar_alias(sp_id newname, sp_id oldname) { return sp_gvar_alias(newname, oldname); }
sp_value sp_vm_super(sp_value self, sp_id mid, sp_cfunc me, int argc, const sp_value *argv, sp_value blk);
sp_value sp_vm_super_ary(sp_value self, sp_id mid, sp_cfunc me, sp_value args, int kw, sp_value blk);
int      sp_vm_super_defined(sp_value self, sp_id mid, sp_cfunc me);
/* super / zsuper / defined?(super) / __method__ inside a block function:
 * bp->bmethod (a define_method body) decides the method; otherwise the
 * block's enclosing def (mid 0: none, "super called outside of method"). */
sp_value sp_vm_super_b(const sp_proc *bp, sp_value self, sp_id mid, sp_cfunc me, int argc, const sp_value *argv, sp_value blk);
sp_value sp_vm_super_ary_b(const sp_proc *bp, sp_value self, sp_id mid, sp_cfunc me, sp_value args, int kw, sp_value blk);
void     sp_vm_zsuper_check_b(const sp_proc *bp, sp_id mid);
int      sp_vm_super_defined_b(const sp_proc *bp, sp_value self, sp_id mid, sp_cfunc me);
sp_value sp_vm_method_name_b(const sp_proc *bp, sp_value static_name);
/* A block created inside block bp that uses super/__method__/def/alias/
 * undef: same define_method entry and instance_eval definee as bp. */
static inline void sp_vm_proc_inherit_bm(sp_value p, const sp_proc *bp)
{
    ((sp_proc *)p)->bmethod = bp->bmethod;
    ((sp_proc *)p)->definee = bp->definee;
}
sp_value sp_vm_set_visibility(sp_value klass, int vis, int argc, const sp_value *argv);
sp_value sp_vm_module_function(sp_value mod, int argc, const sp_value *argv);

/* ---- argument binding ---- */
void sp_vm_kw_bind(sp_value kwh, int n, const sp_id *ids, sp_value *out, sp_value *kwrest);
void sp_vm_kw_missing(int n, const sp_id *ids, const sp_value *vals, const char *required);
void sp_vm_kw_bind_req(sp_value kwh, int n, const sp_id *ids, sp_value *out, const char *required);
/* proc auto-splat: if argc==1 and argv[0] is an Array, returns its
 * elements (copy) and sets *argc. */
const sp_value *sp_vm_block_splat(int *argc, const sp_value *argv);
sp_value sp_vm_rest(int n, const sp_value *argv);   /* new Array of n values */
sp_value sp_vm_kwsplat_dup(sp_value h);             /* **opts param copy */

/* ---- blocks and envs ---- */
static inline sp_value *sp_vm_env_new(int n, sp_value *parent)
{
    sp_value *e = (sp_value *)GC_MALLOC(sizeof(sp_value) * (size_t)(n + 1));
    e[0] = (sp_value)(uintptr_t)parent;
    for (int i = 1; i <= n; i++) e[i] = SP_NIL;
    return e;
}
#define SP_VM_ENV_UP(e) ((sp_value *)(uintptr_t)(e)[0])
/* A captured local: slot k of env e, as an lvalue.  Env slots are shared
 * between the threads whose blocks close over them, and Ruby programs poll
 * them without a lock (`sleep 0.01 while counter == 0`), so every access is
 * one whole-word access the compiler may neither hoist out of a loop nor
 * tear: a volatile access (a plain mov on x86-64 and AArch64, like
 * READ_ONCE/WRITE_ONCE).  Under TSan it is an atomic access instead, so the
 * checker sees the race Ruby allows as the benign one it is. */
#if defined(__SANITIZE_THREAD__)
#define SP_ENV(e, k) (*(_Atomic sp_value *)&(e)[k])
#else
#define SP_ENV(e, k) (*(volatile sp_value *)&(e)[k])
#endif
sp_value sp_vm_block(sp_blockfn fn, sp_value *env, sp_value self, int min, int max,
                     int lambda, void *home, const sp_srcinfo *si);
sp_value sp_vm_to_proc(sp_value v);        /* &arg */
sp_value sp_vm_yield(sp_value blk, int argc, const sp_value *argv);
sp_value sp_vm_yield_ary(sp_value blk, sp_value args);
SP_NORETURN void sp_vm_break(sp_proc *bp, sp_value v);
SP_NORETURN void sp_vm_return(sp_proc *bp, sp_value v);

/* ---- calls ---- */
sp_value sp_vm_send_ary(sp_callsite *cs, sp_value recv, sp_value args, int kw, sp_value blk);
sp_value sp_vm_splat(sp_value v);          /* *v as an Array (to_a) */
void     sp_vm_push_splat(sp_value ary, sp_value v);
sp_value sp_vm_hash_merge_kw(sp_value h, sp_value other);   /* **other into h */
sp_value sp_vm_hash_lit(int n, const sp_value *kv);
sp_value sp_vm_masgn_ary(sp_value v);      /* rhs of a, b = v */
sp_value sp_vm_ary_slice(sp_value ary, long from, long len);
const sp_value *sp_vm_ary_ptr(sp_value ary);   /* snapshot of the elements */

/* ---- strings, literals ---- */
sp_value sp_vm_dstr(int n, const sp_value *parts);    /* interpolation */
sp_value sp_vm_obj_to_s(sp_value v);                  /* "#{v}" */
sp_value sp_vm_dsym(sp_value str);
sp_value sp_vm_regex(sp_value src, int opts);
sp_value sp_vm_bignum(const char *digits);
sp_value sp_vm_xstr(sp_value self, sp_value cmd);

/* ---- variables ---- */
/* global variables live in the runtime (sp_gvar.c) */
static inline sp_value sp_vm_gvar_get(sp_id id) { return sp_gvar_get(id); }
static inline sp_value sp_vm_gvar_set(sp_id id, sp_value v) { return sp_gvar_set(id, v); }
static inline int      sp_vm_gvar_defined(sp_id id) { return sp_gvar_defined(id); }
sp_value sp_vm_cvar_get(const sp_vm_cref *cref, sp_value self, sp_id id);
sp_value sp_vm_cvar_set(const sp_vm_cref *cref, sp_value self, sp_id id, sp_value v);
int      sp_vm_cvar_defined(const sp_vm_cref *cref, sp_value self, sp_id id);
sp_value sp_vm_nth_ref(int n);
sp_value sp_vm_named_ref(sp_value name);   /* $~[name] (nil without a match) */
sp_value sp_vm_back_ref(char c);

/* ---- control flow ---- */
int      sp_vm_case_eq(sp_value pat, sp_value v);        /* pat === v */
int      sp_vm_case_eq_splat(sp_value ary, sp_value v);
int      sp_vm_rescue_match(sp_value klass, sp_value exc);
int      sp_vm_rescue_match_splat(sp_value ary, sp_value exc);
typedef struct sp_vm_jumpstate { int jump; void *tag; sp_value val, errinfo; } sp_vm_jumpstate;
static inline void sp_vm_save_jump(sp_ec *ec, sp_vm_jumpstate *s)
{
    s->jump = ec->jump; s->tag = ec->jump_tag; s->val = ec->jump_val; s->errinfo = ec->errinfo;
}
static inline void sp_vm_restore_jump(sp_ec *ec, const sp_vm_jumpstate *s)
{
    ec->jump = s->jump; ec->jump_tag = s->tag; ec->jump_val = s->val; ec->errinfo = s->errinfo;
}
sp_value sp_vm_raise_reraise(void);
sp_value sp_vm_defined_method(sp_value recv, sp_id mid, int fcall);
sp_value sp_vm_defined_str(const char *what);

/* ---- pattern matching ---- */
sp_value sp_vm_pat_deconstruct(sp_value v);          /* Array or SP_UNDEF */
sp_value sp_vm_pat_deconstruct_keys(sp_value v, sp_value keys); /* Hash or SP_UNDEF */
SP_NORETURN void sp_vm_no_pattern(sp_value v);
SP_NORETURN void sp_vm_no_pattern_key(sp_value v, sp_value key);
SP_NORETURN void sp_vm_no_pattern_msg(sp_value v, sp_value msg);
sp_value sp_vm_pat_eq_msg(sp_value pat, sp_value v);   /* "P === V does not return true" */
int sp_vm_pat_has_key(sp_value h, sp_value key, sp_value *out);
sp_value sp_vm_hash_except(sp_value h, int n, const sp_value *keys);
int sp_vm_pat_find(sp_value ary, long npre, long nmid, sp_value *pats_unused, long *pos);

/* ---- program ---- */
void sp_vm_init(int argc, char **argv);
sp_value sp_vm_main_self(void);
int sp_vm_run_main(sp_value (*fn)(sp_value self));
/* error_highlight: sites = n entries of {file index, line, col, end_col,
 * symbol index into ids, args line, args start (0-based), args end,
 * index into dym or -1}; dym = space-separated local names in scope at a
 * bare-identifier site (did_you_mean).  Called once per source file. */
void sp_vm_register_sites(int fileidx, const char *file, const char *src, int n,
                          const int *sites, const sp_id *ids, const char *const *dym);
/* Attach CRuby's error_highlight snippet to a NameError/NoMethodError
 * (the name), or a TypeError/ArgumentError (the failing call's arguments). */
void sp_vm_annotate_error(sp_value exc);

/* ---- direct calls ----
 * Generated code calls a compiled method's C function directly when the
 * call site's inline cache (filled by sp_send on the first call) says that
 * recv's class resolves the name to that very function in the current
 * method epoch; otherwise it takes sp_send.  pub: the call has an explicit
 * receiver, so only a public method may be called directly.
 *
 * sp_vm_direct_ep returns the method epoch it validated, 0 when the call
 * must take sp_send (epochs start at 1); the positional entries (spg_mNp)
 * get it as sp_ep.  While sp_method_epoch equals it, no method table or
 * ancestor chain changed (sp_class.c bumps the epoch on
 * every such change, singleton class creation included), so self's class
 * still resolves the same name to the same function. */
SP_VM_INLINE uint64_t sp_vm_epoch(void)
{
    return __atomic_load_n(&sp_method_epoch, __ATOMIC_ACQUIRE);
}
SP_VM_INLINE uint64_t sp_vm_direct_ep(sp_callsite *cs, sp_value recv, sp_cfunc fn, int pub)
{
    sp_cache_entry *e = __atomic_load_n(&cs->entry, __ATOMIC_ACQUIRE);
    if (e && e->klass == sp_class_of(recv) && e->epoch == sp_vm_epoch() &&
        e->m->fn == fn && (!pub || e->m->visibility == SP_VIS_PUBLIC))
        return e->epoch;
    return 0;
}

/* The same check where the epoch is not needed. */
SP_VM_INLINE int sp_vm_direct_ok(sp_callsite *cs, sp_value recv, sp_cfunc fn, int pub)
{
    return sp_vm_direct_ep(cs, recv, fn, pub) != 0;
}

/* ---- checked fixnum arithmetic ----
 * Integer + - * of two fixnums without the sp_vm_redef test (the caller
 * makes it: sp_vm_op_plus etc. below, or a typed body's `ok` flag,
 * codegen/typed_entry.c): 1 with the fixnum result in *r, 0 on
 * overflow (the caller then sends the operator: a Bignum). */
SP_VM_INLINE int sp_vm_fix_add(sp_value a, sp_value b, sp_value *r)
{
    int64_t x;
    if (__builtin_add_overflow((int64_t)a, (int64_t)(b - 1), &x)) return 0;
    *r = (sp_value)x;
    return 1;
}
SP_VM_INLINE int sp_vm_fix_sub(sp_value a, sp_value b, sp_value *r)
{
    int64_t x;
    if (__builtin_sub_overflow((int64_t)a, (int64_t)(b - 1), &x)) return 0;
    *r = (sp_value)x;
    return 1;
}
SP_VM_INLINE int sp_vm_fix_mul(sp_value a, sp_value b, sp_value *r)
{
    int64_t x;
    if (__builtin_mul_overflow(SP_FIX2LONG(a), SP_FIX2LONG(b), &x) || !SP_FIXABLE(x)) return 0;
    *r = SP_FIX(x);
    return 1;
}
/* Entry of a typed body: the stack check of SP_VM_POLL_ENTRY, and a poll
 * that, when it ran anything (other green threads may have redefined
 * methods meanwhile), recomputes ok = "the method epoch is still sp_ep". */
#define SP_VM_TYPED_POLL(fr, ok, ep) do { \
    if (SP_UNLIKELY(((uintptr_t)&(fr) & (SP_STACK_ALIGN - 1)) < SP_STACK_RED)) \
        sp_stack_check_slow(); \
    if (SP_UNLIKELY(sp_pending)) { sp_poll_slow(); (ok) = (ep) == sp_vm_epoch(); } } while (0)

/* ---- lazily materialised frames of typed recursions (typed_entry.c) ----
 * A typed body whose self calls all sit on one source line runs its
 * activations down to depth SP_VM_LAZY_MAX without pushing frames.  Every
 * such activation under one root would have the same frame: {info = si,
 * self = the root's self, line = that call line}, linked in a chain to the
 * frame the root was entered from -- only the innermost one's line
 * differs (the line of whatever it is doing now).  So the chain is a pure
 * function of the depth d, which each activation gets as a parameter, and
 * it is made only when something could observe it: before every call out
 * of the typed code (an operator's or a self call's send: Ruby code, a
 * raise, a backtrace, a thread switch), around a poll that has work and
 * around the stack check's slow path.  sp_vm_lazy_link(R, d, line) writes
 * frames 0..d (reusing those made before: they never change) and points
 * ec->frame at frame d with `line`; sp_vm_lazy_unlink puts ec->frame back
 * and frame d's line back to R->line.  A raise out of the linked call
 * longjmps past the root (typed bodies have no handlers), which restores
 * ec->frame itself, and the root's R dies with its C frame.
 *
 * R lives in the root's C frame (scanned by the GC, like the frames it
 * replaces); the first SP_VM_LAZY_SMALL frames too, further ones in GC
 * memory.  At depth SP_VM_LAZY_MAX an activation links the chain for its
 * ancestors and runs the eagerly framed body (spg_mNu) for its subtree,
 * so deep recursions keep the usual per-frame stack checks and the
 * SIGSEGV-raised SystemStackError of a native stack sees real frames. */
#define SP_VM_LAZY_MAX   128   /* a multiple of 16: checked when (d & 15) == 0 */
#define SP_VM_LAZY_SMALL 8
typedef struct sp_vm_lazy {
    sp_ec *ec;
    sp_value self;
    uint64_t ep;                /* the recursion's sp_ep (see SP_VM_TYPED_POLL's ok) */
    const sp_srcinfo *si;
    sp_frame *prev;             /* ec->frame when the root was entered */
    sp_frame *buf;              /* frames 0..n-1 made so far */
    long n, cap;
    int line;                   /* the line of every self call */
    sp_frame small[SP_VM_LAZY_SMALL];
} sp_vm_lazy;

#define SP_VM_LAZY_INIT(R, ec_, self_, ep_, si_, line_) do { \
    (R)->ec = (ec_); (R)->self = (self_); (R)->ep = (ep_); (R)->si = (si_); \
    (R)->prev = (ec_)->frame; (R)->buf = (R)->small; (R)->n = 0; \
    (R)->cap = SP_VM_LAZY_SMALL; (R)->line = (line_); } while (0)

sp_frame *sp_vm_lazy_link(sp_vm_lazy *R, long d, int line);
SP_VM_INLINE void sp_vm_lazy_unlink(sp_vm_lazy *R, long d)
{
    R->buf[d].line = R->line;
    R->ec->frame = R->prev;
}
/* the calls out of a lazy body: link, call, unlink */
__attribute__((cold, noinline)) sp_value sp_vm_lazy_send1(sp_vm_lazy *R, long d, int line, sp_callsite *cs, sp_value a, sp_value b);
__attribute__((cold, noinline)) sp_value sp_vm_lazy_send(sp_vm_lazy *R, long d, int line, sp_callsite *cs, int argc, const sp_value *argv);
__attribute__((cold, noinline)) void sp_vm_lazy_poll(sp_vm_lazy *R, long d, int line);
__attribute__((cold, noinline)) void sp_vm_lazy_stack(sp_vm_lazy *R, long d, int line);

/* The stack pointer, for the stack check of a frameless activation (the
 * address of a frame record is not there to take). */
SP_VM_INLINE uintptr_t sp_vm_stack_here(void)
{
    uintptr_t s;
#if defined(__x86_64__)
    __asm__ volatile("mov %%rsp, %0" : "=r"(s));
#elif defined(__aarch64__)
    __asm__ volatile("mov %0, sp" : "=r"(s));
#else
    s = (uintptr_t)__builtin_frame_address(0);
#endif
    return s;
}

/* Entry of a lazy body at depth d (d = 0: the root).  Every 16 levels:
 * the depth limit (deep: return the eager subtree's value) and the stack
 * check -- 16 frameless activations use far less than the
 * SP_STACK_LIMIT_ROOM below the limit.  Every activation: the poll, with
 * the frames linked around it, and ok recomputed when it ran. */
#define SP_VM_LAZY_ENTRY(R, d, ok, line, deep) do { \
    if (SP_UNLIKELY(((d) & 15) == 0)) { \
        if (SP_UNLIKELY((d) >= SP_VM_LAZY_MAX)) return (deep); \
        if (SP_UNLIKELY((sp_vm_stack_here() & (SP_STACK_ALIGN - 1)) < SP_STACK_RED)) \
            sp_vm_lazy_stack((R), (d), (line)); } \
    if (SP_UNLIKELY(sp_pending)) { sp_vm_lazy_poll((R), (d), (line)); (ok) = (R)->ep == sp_vm_epoch(); } } while (0)

/* ---- Mutex#synchronize with a literal block, compiled inline ----
 * Taken when the call site's cache says recv's `synchronize` is the
 * builtin Thread::Mutex#synchronize (so neither the class nor the method
 * was redefined); generated code then locks, runs the block body in place
 * under an ensure handler that unlocks, with a builtin frame and a block
 * frame pushed as the real call would (same backtraces). */
extern sp_cfunc sp_vm_mutex_sync_fn;
extern const sp_srcinfo *sp_vm_mutex_sync_info;
static inline int sp_vm_sync_ok(sp_callsite *cs, sp_value recv)
{
    return sp_vm_mutex_sync_fn && sp_vm_direct_ok(cs, recv, sp_vm_mutex_sync_fn, 1);
}
void sp_vm_mutex_lock(sp_value m);
void sp_vm_mutex_unlock(sp_value m);
void sp_mutex_sync_enter(sp_ec *ec, sp_value m);   /* sp_sync.c */
void sp_mutex_sync_exit(sp_ec *ec, sp_value m);
/* The uncontended lock and unlock, inline: one CAS each and nothing else
 * (Mutex#synchronize cost 19.6 ns per call through the two functions
 * above, which also link the mutex into the thread's held list).  A
 * thread's root fiber needs no held-list entry: the cleanup handler
 * unlocks on every way out of the block (sp_sync.c "held-mutex lists").
 * The fast path needs state == 0 (unlocked, no WAITERS/WOKEN bits) to
 * lock, and state == ec with held_g == NULL (not relocked by
 * Mutex#sleep, which links it) to unlock; anything else takes the full
 * path.  The two offsets are checked against sp_mutex (sp_sync.h) by a
 * static assertion in sp_sync.c. */
#define SP_VM_MUTEX_STATE_OFF  24
#define SP_VM_MUTEX_HELD_G_OFF 80
/* Before the scheduler starts (no Thread yet: sp_sched_running is 0) the
 * main OS thread is the only one that runs Ruby code (a foreign thread's
 * Fiddle callback aborts, signal handlers run at safepoints), so the
 * state word needs no locked instruction: a plain load and store.  The
 * scheduler is started by this same thread (Thread.new, a timed park),
 * and from then on both sides use the CAS; a mutex locked plainly before
 * is unlocked by CAS (state == ec) as any other.  sp_sched_running never
 * returns to 0. */
extern _Atomic int sp_sched_running;
static inline __attribute__((always_inline)) void sp_vm_sync_enter(sp_ec *ec, sp_value m)
{
    uintptr_t *st = (uintptr_t *)((char *)m + SP_VM_MUTEX_STATE_OFF), z = 0;
    if (SP_UNLIKELY(ec->sub_fiber)) { sp_mutex_sync_enter(ec, m); return; }
    if (!__atomic_load_n(&sp_sched_running, __ATOMIC_RELAXED)) {
        if (SP_LIKELY(__atomic_load_n(st, __ATOMIC_RELAXED) == 0))
            __atomic_store_n(st, (uintptr_t)ec, __ATOMIC_RELAXED);
        else
            sp_mutex_sync_enter(ec, m);
        return;
    }
    if (SP_UNLIKELY(!__atomic_compare_exchange_n(st, &z, (uintptr_t)ec, 0, __ATOMIC_ACQUIRE,
                                                 __ATOMIC_RELAXED)))
        sp_mutex_sync_enter(ec, m);
}
static inline __attribute__((always_inline)) void sp_vm_sync_exit(sp_ec *ec, sp_value m)
{
    uintptr_t *st = (uintptr_t *)((char *)m + SP_VM_MUTEX_STATE_OFF), s = (uintptr_t)ec;
    if (SP_UNLIKELY(__atomic_load_n((void **)((char *)m + SP_VM_MUTEX_HELD_G_OFF), __ATOMIC_RELAXED))) {
        sp_mutex_sync_exit(ec, m);
        return;
    }
    if (!__atomic_load_n(&sp_sched_running, __ATOMIC_RELAXED)) {
        if (SP_LIKELY(__atomic_load_n(st, __ATOMIC_RELAXED) == s))
            __atomic_store_n(st, 0, __ATOMIC_RELAXED);
        else
            sp_mutex_sync_exit(ec, m);
        return;
    }
    if (SP_UNLIKELY(!__atomic_compare_exchange_n(st, &s, 0, 0, __ATOMIC_RELEASE, __ATOMIC_RELAXED)))
        sp_mutex_sync_exit(ec, m);
}
/* The unlock on the way out by a jump (sp_push_cleanup, spinel.h). */
#define sp_vm_push_cleanup sp_push_cleanup

/* ---- iterators with a literal block, compiled inline ----
 * (codegen/emit/inline_each.c) Array#each / each_with_index / map /
 * select / filter / reject / inject / reduce / sum, Integer#times /
 * upto / downto / step, Range#each.  A loop is taken when recv has the
 * right representation (an Array; a fixnum, and fixnum arguments for
 * upto/downto/step; a Range of two fixnums) and the method at this call
 * site is the builtin (the site's cache, filled by the ordinary call the
 * first time; any redefinition changes the epoch); *info is the
 * builtin's frame info, for the frame the inline loop pushes as the real
 * call would.  The table is filled once by sp_vm_init, in the order of
 * the enum (sp_vm_inl_class says in which class each is looked up). */
enum { SP_INL_ARY_EACH, SP_INL_ARY_EACH_WITH_INDEX, SP_INL_ARY_MAP, SP_INL_ARY_SELECT, SP_INL_ARY_FILTER,
       SP_INL_ARY_REJECT, SP_INL_ARY_INJECT, SP_INL_ARY_REDUCE, SP_INL_ARY_SUM,
       SP_INL_INT_TIMES, SP_INL_INT_UPTO, SP_INL_INT_DOWNTO, SP_INL_INT_STEP,
       SP_INL_RANGE_EACH, SP_INL_N };
typedef struct sp_vm_inl { sp_cfunc fn; const sp_srcinfo *info; } sp_vm_inl;
extern sp_vm_inl sp_vm_inl_tab[SP_INL_N];
/* A Range of two fixnums: its first and last element (e < b: empty). */
SP_VM_INLINE int sp_vm_range_fix(sp_value r, int64_t *b, int64_t *e)
{
    if (!SP_HEAP_P(r) || SP_TYPE(r) != SP_T_RANGE) return 0;
    const sp_range *g = (const sp_range *)r;
    if (!SP_FIXNUM_P(g->beg) || !SP_FIXNUM_P(g->end)) return 0;
    *b = SP_FIX2LONG(g->beg);
    *e = SP_FIX2LONG(g->end) - (g->excl ? 1 : 0);
    return 1;
}
static inline int sp_vm_inl_ok(sp_callsite *cs, int k, sp_value recv, const sp_srcinfo **info)
{
    *info = sp_vm_inl_tab[k].info;
    int64_t b, e;
    int rep = k < SP_INL_INT_TIMES ? SP_HEAP_P(recv) && SP_TYPE(recv) == SP_T_ARRAY :
              k < SP_INL_RANGE_EACH ? SP_FIXNUM_P(recv) : sp_vm_range_fix(recv, &b, &e);
    return rep && sp_vm_inl_tab[k].fn && sp_vm_direct_ok(cs, recv, sp_vm_inl_tab[k].fn, 1);
}
/* The rest of an inlined `sum { }` once a value was not a fixnum (or the
 * fixnum sum overflowed): Array#sum's own summation from acc on. */
sp_value sp_vm_sum_rest(sp_value acc, sp_value rest);

/* ---- K.new(...) calling K's compiled initialize directly ----
 * (codegen/emit/emit_expr.c, emit_new_call) Taken when recv is a class
 * whose `new` at this call site is the builtin Class#new (the site's
 * cache, filled by the ordinary call; a `def self.new` or any
 * redefinition fails it); sp_vm_class_new_info is the builtin's frame
 * info, for the frame the compiled code pushes as the real call would.
 * The object comes from sp_class_allocate, as in Class#new. */
extern sp_cfunc sp_vm_class_new_fn;
extern const sp_srcinfo *sp_vm_class_new_info;
static inline int sp_vm_new_ok(sp_callsite *cs, sp_value recv)
{
    return sp_vm_class_new_fn && SP_HEAP_P(recv) && SP_TYPE(recv) == SP_T_CLASS &&
           sp_vm_direct_ok(cs, recv, sp_vm_class_new_fn, 1);
}

/* ---- inline fast paths ---- */
/* The slow path of a binary operator: out of line and cold, so the fast
 * path neither materialises b in memory (sp_send takes an argv) nor keeps
 * the send's argument set-up in the hot code. */
__attribute__((cold, noinline)) sp_value sp_vm_send1(sp_callsite *cs, sp_value a, sp_value b);
/* A Float result: the flonum encoding inline (constant-folded for literals),
 * boxing out of line only for values a flonum cannot hold (tiny/huge
 * exponents).  Float-heavy loops would otherwise pay a call per operation. */
SP_VM_INLINE sp_value sp_vm_float(double d)
{
    sp_value v = sp_flonum_try(d);
    return SP_LIKELY(v != 0) ? v : sp_float_new(d);
}
SP_VM_INLINE sp_value sp_vm_op_plus(sp_callsite *cs, sp_value a, sp_value b)
{
    if (SP_LIKELY(SP_FIXNUM_P(a) && SP_FIXNUM_P(b) && !sp_vm_redef)) {
        sp_value r;
        if (sp_vm_fix_add(a, b, &r)) return r;
    } else if (SP_FLONUM_P(a) && SP_FLONUM_P(b) && !sp_vm_redef) {
        return sp_vm_float(sp_flonum_value(a) + sp_flonum_value(b));
    }
    return sp_vm_send1(cs, a, b);
}
SP_VM_INLINE sp_value sp_vm_op_minus(sp_callsite *cs, sp_value a, sp_value b)
{
    if (SP_LIKELY(SP_FIXNUM_P(a) && SP_FIXNUM_P(b) && !sp_vm_redef)) {
        sp_value r;
        if (sp_vm_fix_sub(a, b, &r)) return r;
    } else if (SP_FLONUM_P(a) && SP_FLONUM_P(b) && !sp_vm_redef) {
        return sp_vm_float(sp_flonum_value(a) - sp_flonum_value(b));
    }
    return sp_vm_send1(cs, a, b);
}
SP_VM_INLINE sp_value sp_vm_op_mul(sp_callsite *cs, sp_value a, sp_value b)
{
    if (SP_LIKELY(SP_FIXNUM_P(a) && SP_FIXNUM_P(b) && !sp_vm_redef)) {
        sp_value r;
        if (sp_vm_fix_mul(a, b, &r)) return r;
    } else if (SP_FLONUM_P(a) && SP_FLONUM_P(b) && !sp_vm_redef) {
        return sp_vm_float(sp_flonum_value(a) * sp_flonum_value(b));
    }
    return sp_vm_send1(cs, a, b);
}
SP_VM_INLINE sp_value sp_vm_op_div(sp_callsite *cs, sp_value a, sp_value b)
{
    if (SP_LIKELY(SP_FIXNUM_P(a) && SP_FIXNUM_P(b) && b != SP_FIX(0) && !sp_vm_redef)) {
        int64_t x = SP_FIX2LONG(a), y = SP_FIX2LONG(b);
        if (!(y == -1 && x == SP_FIXNUM_MIN)) {
            int64_t q = x / y;
            if ((x % y != 0) && ((x < 0) != (y < 0))) q--;
            return SP_FIX(q);
        }
    } else if (SP_FLONUM_P(a) && SP_FLONUM_P(b) && !sp_vm_redef) {
        return sp_vm_float(sp_flonum_value(a) / sp_flonum_value(b));
    }
    return sp_vm_send1(cs, a, b);
}
SP_VM_INLINE sp_value sp_vm_op_mod(sp_callsite *cs, sp_value a, sp_value b)
{
    if (SP_LIKELY(SP_FIXNUM_P(a) && SP_FIXNUM_P(b) && b != SP_FIX(0) && !sp_vm_redef)) {
        int64_t x = SP_FIX2LONG(a), y = SP_FIX2LONG(b);
        if (y != -1) {
            int64_t m = x % y;
            if (m != 0 && ((m < 0) != (y < 0))) m += y;
            return SP_FIX(m);
        }
        return SP_FIX(0);
    }
    return sp_vm_send1(cs, a, b);
}
/* recv[i]: Array with an Integer index and Hash (any key, default/default
 * proc included) of exactly those classes — a subclass or an object with a
 * singleton class takes the send, as does any redefinition (sp_vm_redef). */
SP_VM_INLINE sp_value sp_vm_op_aref(sp_callsite *cs, sp_value a, sp_value i)
{
    if (SP_HEAP_P(a) && !sp_vm_redef) {
        sp_value k = (sp_value)SP_HDR(a)->klass;
        if (k == sp_cArray && SP_FIXNUM_P(i)) {
            return sp_ary_entry_inline(a, SP_FIX2LONG(i));
        }
        if (k == sp_cHash) return sp_hash_aref(a, i);
    }
    return sp_send(cs, a, 1, &i, SP_NIL);
}
/* recv[i] = v: Array with an Integer index from 0 (growing it is fine)
 * and Hash with an Integer, Symbol or String key (sp_hash_aset_direct),
 * both of exactly those classes and unfrozen.  Everything else takes the
 * send: frozen receivers, subclasses, negative indices and keys whose
 * #hash is Ruby code, so errors are raised inside the builtin's frame as
 * in CRuby.  Returns v (the value of an assignment). */
SP_VM_INLINE sp_value sp_vm_op_aset(sp_callsite *cs, sp_value a, sp_value i, sp_value v)
{
    if (SP_HEAP_P(a) && !sp_vm_redef && !(SP_HDR(a)->flags & SP_FL_FROZEN)) {
        sp_value k = (sp_value)SP_HDR(a)->klass;
        if (k == sp_cArray && SP_FIXNUM_P(i) && (uint64_t)SP_FIX2LONG(i) < ((uint64_t)1 << 30)) {
            sp_ary_store(a, SP_FIX2LONG(i), v);
            return v;
        }
        if (k == sp_cHash && sp_hash_aset_direct(a, i, v)) return v;
    }
    sp_send(cs, a, 2, (const sp_value[]){ i, v }, SP_NIL);
    return v;
}
#define SP_VM_CMP_OP(NAME, OP) \
SP_VM_INLINE sp_value sp_vm_op_##NAME(sp_callsite *cs, sp_value a, sp_value b) \
{ \
    if (SP_LIKELY(SP_FIXNUM_P(a) && SP_FIXNUM_P(b) && !sp_vm_redef)) \
        return SP_BOOL((int64_t)a OP (int64_t)b); \
    if (SP_FLONUM_P(a) && SP_FLONUM_P(b) && !sp_vm_redef) \
        return SP_BOOL(sp_flonum_value(a) OP sp_flonum_value(b)); \
    return sp_vm_send1(cs, a, b); \
}
SP_VM_CMP_OP(lt, <)
SP_VM_CMP_OP(le, <=)
SP_VM_CMP_OP(gt, >)
SP_VM_CMP_OP(ge, >=)
SP_VM_INLINE sp_value sp_vm_op_eq(sp_callsite *cs, sp_value a, sp_value b)
{
    if (SP_LIKELY(SP_FIXNUM_P(a) && SP_FIXNUM_P(b) && !sp_vm_redef)) return SP_BOOL(a == b);
    if (SP_SYMBOL_P(a) && !sp_vm_redef) return SP_BOOL(a == b);
    return sp_vm_send1(cs, a, b);
}
SP_VM_INLINE sp_value sp_vm_op_neq(sp_callsite *cs, sp_value a, sp_value b)
{
    if (SP_LIKELY(SP_FIXNUM_P(a) && SP_FIXNUM_P(b) && !sp_vm_redef)) return SP_BOOL(a != b);
    if (SP_SYMBOL_P(a) && !sp_vm_redef) return SP_BOOL(a != b);
    return sp_vm_send1(cs, a, b);
}
/* Integer bit operators on fixnums (tag bit 1 survives & and |; ^ clears
 * it); shifts within range without overflow, else the generic send
 * (Bignum results, negative counts). */
SP_VM_INLINE sp_value sp_vm_op_and(sp_callsite *cs, sp_value a, sp_value b)
{
    if (SP_LIKELY(SP_FIXNUM_P(a) && SP_FIXNUM_P(b) && !sp_vm_redef)) return a & b;
    return sp_vm_send1(cs, a, b);
}
SP_VM_INLINE sp_value sp_vm_op_or(sp_callsite *cs, sp_value a, sp_value b)
{
    if (SP_LIKELY(SP_FIXNUM_P(a) && SP_FIXNUM_P(b) && !sp_vm_redef)) return a | b;
    return sp_vm_send1(cs, a, b);
}
SP_VM_INLINE sp_value sp_vm_op_xor(sp_callsite *cs, sp_value a, sp_value b)
{
    if (SP_LIKELY(SP_FIXNUM_P(a) && SP_FIXNUM_P(b) && !sp_vm_redef)) return (a ^ b) | 1;
    return sp_vm_send1(cs, a, b);
}
sp_value sp_vm_op_lshift_heap(sp_callsite *cs, sp_value a, sp_value b);  /* String/Array#<< (sp_vm.c) */
SP_VM_INLINE sp_value sp_vm_op_lshift(sp_callsite *cs, sp_value a, sp_value b)
{
    if (SP_LIKELY(SP_FIXNUM_P(a) && SP_FIXNUM_P(b) && !sp_vm_redef)) {
        int64_t x = SP_FIX2LONG(a), s = SP_FIX2LONG(b);
        if (s >= 0 && s < 62) {
            int64_t r = (int64_t)((uint64_t)x << s);
            if ((r >> s) == x && SP_FIXABLE(r)) return SP_FIX(r);
        }
    }
    return sp_vm_op_lshift_heap(cs, a, b);
}
SP_VM_INLINE sp_value sp_vm_op_rshift(sp_callsite *cs, sp_value a, sp_value b)
{
    if (SP_LIKELY(SP_FIXNUM_P(a) && SP_FIXNUM_P(b) && !sp_vm_redef)) {
        int64_t x = SP_FIX2LONG(a), s = SP_FIX2LONG(b);
        if (s >= 0) return SP_FIX(s > 63 ? (x < 0 ? -1 : 0) : (x >> s));
    }
    return sp_vm_send1(cs, a, b);
}
SP_VM_INLINE sp_value sp_vm_op_not(sp_callsite *cs, sp_value a)
{
    if (SP_SPECIAL_CONST_P(a) && !sp_vm_redef) return SP_BOOL(!SP_RTEST(a));
    return sp_send(cs, a, 0, NULL, SP_NIL);
}

/* ---- attr_reader / attr_writer calls, inline ----
 * `obj.x` / `obj.x = v` where the program declares an attribute named x:
 * when the call site's record says recv's class resolved the name to an
 * attr_reader/attr_writer of @x in the current method epoch, the ivar slot
 * is read/written in place.  The record {klass, epoch, idx} is immutable
 * and published in the site's spg_ic word with one release store by
 * sp_vm_attr_*_slow after a successful send (so the method was callable
 * from this site: visibility is checked by that send; any visibility or
 * method change bumps sp_method_epoch).  A hit costs the receiver's header
 * (class, type, flags), the record and the epoch word; the slot itself is
 * one load at a fixed offset when it is embedded in the object
 * (sp_object.c), else an out-of-line block lookup.  Any mismatch or a
 * frozen receiver (writes) takes sp_send, which then refills the record.
 * Struct and Data members with a dedicated accessor (sp_struct.c) get the
 * same records: an instance's vals[] is at embed[]'s offset and its header
 * advertises every member as embedded (sp_struct_nembed_flags), so member
 * i is embedded slot i for every access below. */
typedef struct sp_vm_attr_ic {
    sp_class *klass;      /* receiver's class (singleton included) */
    uint64_t epoch;       /* sp_method_epoch the lookup was valid in */
    uint32_t idx;         /* ivar slot in the class's table; Struct/Data: the member */
    uint32_t type;        /* the receiver's SP_T_OBJECT, SP_T_STRUCT or SP_T_DATA */
} sp_vm_attr_ic;
int sp_ivar_index(sp_value obj, sp_id name, int create);   /* sp_object.c: slot of @name, -1 if absent */
sp_value sp_vm_attr_get_slow(sp_callsite *cs, sp_value recv, uint64_t *ic);
sp_value sp_vm_attr_set_slow(sp_callsite *cs, sp_value recv, sp_value v, uint64_t *ic);
SP_VM_INLINE const sp_vm_attr_ic *sp_vm_attr_hit(sp_value recv, uint64_t *ic)
{
    if (!SP_HEAP_P(recv)) return NULL;
    /* relaxed: the record's fields are read through the loaded pointer
     * (address dependency; x86-64 and AArch64 order such loads), and an
     * epoch read a moment stale is the same race as a change landing just
     * after the check.  Unlike acquire, relaxed loads let the compiler
     * keep the receiver's header in a register across several accesses. */
    const sp_vm_attr_ic *r = (const sp_vm_attr_ic *)(uintptr_t)__atomic_load_n(ic, __ATOMIC_RELAXED);
    if (SP_LIKELY(r && r->klass == SP_HDR(recv)->klass && SP_TYPE(recv) == r->type &&
                  r->epoch == __atomic_load_n(&sp_method_epoch, __ATOMIC_RELAXED)))
        return r;
    return NULL;
}
/* Slot idx of a plain object: SP_UNDEF when unset. */
SP_VM_INLINE sp_value sp_vm_obj_slot(sp_value recv, uint32_t idx)
{
    if (SP_LIKELY(idx < SP_OBJ_NEMBED(recv)))
        return __atomic_load_n(&((sp_object *)recv)->embed[idx], __ATOMIC_RELAXED);
    return sp_obj_ivar_idx_get(recv, idx);
}
SP_VM_INLINE sp_value sp_vm_attr_get(sp_callsite *cs, sp_value recv, uint64_t *ic)
{
    const sp_vm_attr_ic *r = sp_vm_attr_hit(recv, ic);
    if (SP_LIKELY(r != NULL)) {
        sp_value v = sp_vm_obj_slot(recv, r->idx);
        return v == SP_UNDEF ? SP_NIL : v;
    }
    return sp_vm_attr_get_slow(cs, recv, ic);
}
/* The attribute's raw slot without side effects: SP_UNDEF unless the
 * record hits and the ivar is set (fused Float expressions read their
 * attribute leaves this way and take the generic path on SP_UNDEF). */
SP_VM_INLINE sp_value sp_vm_attr_peek(sp_value recv, uint64_t *ic)
{
    const sp_vm_attr_ic *r = sp_vm_attr_hit(recv, ic);
    return SP_LIKELY(r != NULL) ? sp_vm_obj_slot(recv, r->idx) : SP_UNDEF;
}
/* `recv.x op= v` fused (codegen fl_op_asgn): one record for the read and
 * the write, in its own spg_ic word, published by sp_vm_attr_rmw_fill only
 * when the site's reader and writer caches both say attr_reader and
 * attr_writer of the same ivar for recv's class in the same epoch.
 * sp_vm_attr_rec returns the record (0 on a miss), rec_slot the slot
 * through it (SP_UNDEF on a miss); poke stores through that record (only the fast path calls it, right
 * after a hit, with no Ruby code in between), or takes the writer's send
 * for a frozen receiver (FrozenError). */
SP_VM_INLINE sp_value sp_vm_attr_rec(sp_value recv, uint64_t *ic)
{
    return (sp_value)(uintptr_t)sp_vm_attr_hit(recv, ic);
}
SP_VM_INLINE sp_value sp_vm_attr_rec_slot(sp_value recv, sp_value rec)
{
    const sp_vm_attr_ic *r = (const sp_vm_attr_ic *)(uintptr_t)rec;
    return SP_LIKELY(r != NULL) ? sp_vm_obj_slot(recv, r->idx) : SP_UNDEF;
}
SP_VM_INLINE void sp_vm_attr_poke(sp_callsite *cs, sp_value recv, sp_value v, uint64_t *ic, sp_value rec)
{
    uint32_t idx = ((const sp_vm_attr_ic *)(uintptr_t)rec)->idx;
    if (SP_UNLIKELY(SP_HDR(recv)->flags & SP_FL_FROZEN)) sp_vm_attr_set_slow(cs, recv, v, ic);
    else if (SP_LIKELY(idx < SP_OBJ_NEMBED(recv)))
        __atomic_store_n(&((sp_object *)recv)->embed[idx], v, __ATOMIC_RELEASE);
    else
        sp_obj_ivar_idx_set(recv, idx, v);
}
void sp_vm_attr_rmw_fill(sp_callsite *get, sp_callsite *set, sp_value recv, uint64_t *ic);
SP_VM_INLINE sp_value sp_vm_attr_set(sp_callsite *cs, sp_value recv, sp_value v, uint64_t *ic)
{
    const sp_vm_attr_ic *r = sp_vm_attr_hit(recv, ic);
    if (SP_LIKELY(r != NULL) && !(SP_HDR(recv)->flags & SP_FL_FROZEN)) {
        uint32_t idx = r->idx;
        if (SP_LIKELY(idx < SP_OBJ_NEMBED(recv)))
            __atomic_store_n(&((sp_object *)recv)->embed[idx], v, __ATOMIC_RELEASE);
        else
            sp_obj_ivar_idx_set(recv, idx, v);
        return v;
    }
    return sp_vm_attr_set_slow(cs, recv, v, ic);
}

/* ---- @x / @x = v of self, inline ----
 * The hit half of sp_ivar_get_ic / sp_ivar_set_ic (sp_object.c): when the
 * site's word names the receiver's header class and the slot is embedded
 * in the object, the slot is loaded/stored in place (the same relaxed
 * load / release store as the out-of-line path); anything else (a miss,
 * a slot past the embedded ones, a frozen receiver, a non-plain object)
 * calls the out-of-line function, which fills the word. */
SP_VM_INLINE int sp_vm_ivar_hit(sp_value obj, uint64_t *ic, uint32_t *idx)
{
    if (!SP_HEAP_P(obj) || SP_TYPE(obj) != SP_T_OBJECT) return 0;
    uint64_t w = __atomic_load_n(ic, __ATOMIC_RELAXED);
    *idx = (uint32_t)(w & 0xFFFF);
    return (w >> 16) == ((uint64_t)(uintptr_t)SP_HDR(obj)->klass & 0xFFFFFFFFFFFFULL) && w &&
           *idx < SP_OBJ_NEMBED(obj);
}
SP_VM_INLINE sp_value sp_vm_ivar_get(sp_value obj, sp_id name, uint64_t *ic)
{
    uint32_t idx;
    if (SP_LIKELY(sp_vm_ivar_hit(obj, ic, &idx))) {
        sp_value v = __atomic_load_n(&((sp_object *)obj)->embed[idx], __ATOMIC_RELAXED);
        return v == SP_UNDEF ? SP_NIL : v;
    }
    return sp_ivar_get_ic(obj, name, ic);
}
SP_VM_INLINE void sp_vm_ivar_set(sp_value obj, sp_id name, sp_value val, uint64_t *ic)
{
    uint32_t idx;
    if (SP_LIKELY(sp_vm_ivar_hit(obj, ic, &idx) && !(SP_HDR(obj)->flags & SP_FL_FROZEN)))
        __atomic_store_n(&((sp_object *)obj)->embed[idx], val, __ATOMIC_RELEASE);
    else
        sp_ivar_set_ic(obj, name, val, ic);
}

/* ---- attributes as C doubles (typed loops, codegen/emit/typed_loop.c) ----
 * The typed copy of a loop reads `recv.x` straight into a double and
 * stores `recv.x op= v` / `recv.x = v` from one, through the same records
 * as the inline paths above (the generic copy's sites fill them).  Each
 * returns 0 / NULL without side effects when the record misses, the slot
 * is unset or not a Float, or (writes) recv is frozen: the typed copy then
 * bails out and the generic copy runs the statement (reader/writer calls,
 * method_missing, FrozenError, Integer ivars ...).  A slot read is one
 * relaxed load, so a racing writer gives the old or the new value, never a
 * torn one; a heap Float is immutable. */
SP_VM_INLINE int sp_vm_slot_getd(sp_value v, double *out)
{
    if (SP_LIKELY(SP_FLONUM_P(v) && v != SP_FLONUM_ZERO)) {   /* sp_flonum_value without its 0.0 select */
        uint64_t bits = sp_rotr64(v, 3) - SP_FLONUM_BIAS;
        memcpy(out, &bits, sizeof bits);
        return 1;
    }
    if (v == SP_FLONUM_ZERO) { *out = 0.0; return 1; }
    if (SP_HEAP_P(v) && SP_TYPE(v) == SP_T_FLOAT) { *out = sp_float_value(v); return 1; }
    return 0;
}
SP_VM_INLINE int sp_vm_attr_getd(sp_value recv, uint64_t *ic, double *out)
{
    const sp_vm_attr_ic *r = sp_vm_attr_hit(recv, ic);
    return r != NULL && sp_vm_slot_getd(sp_vm_obj_slot(recv, r->idx), out);
}
/* the record for a write, NULL on a miss or a frozen receiver */
SP_VM_INLINE const sp_vm_attr_ic *sp_vm_attr_wrec(sp_value recv, uint64_t *ic)
{
    const sp_vm_attr_ic *r = sp_vm_attr_hit(recv, ic);
    return r != NULL && !(SP_HDR(recv)->flags & SP_FL_FROZEN) ? r : NULL;
}
/* the slot through a record from sp_vm_attr_wrec, as a double */
SP_VM_INLINE int sp_vm_attr_rec_getd(sp_value recv, const sp_vm_attr_ic *r, double *out)
{
    return sp_vm_slot_getd(sp_vm_obj_slot(recv, r->idx), out);
}
/* store v (putd: d boxed, a heap Float for values a flonum cannot hold,
 * reachable from recv as soon as it is stored) through a record from
 * sp_vm_attr_wrec with no Ruby code run since */
SP_VM_INLINE void sp_vm_attr_putv(sp_value recv, const sp_vm_attr_ic *r, sp_value v)
{
    uint32_t idx = r->idx;
    if (SP_LIKELY(idx < SP_OBJ_NEMBED(recv)))
        __atomic_store_n(&((sp_object *)recv)->embed[idx], v, __ATOMIC_RELEASE);
    else
        sp_obj_ivar_idx_set(recv, idx, v);
}
SP_VM_INLINE void sp_vm_attr_putd(sp_value recv, const sp_vm_attr_ic *r, double d)
{
    sp_vm_attr_putv(recv, r, sp_vm_float(d));
}

/* The same with the receiver's class and the method epoch read once for a
 * run of accesses with no Ruby code between them (a typed statement
 * sequence): k is sp_vm_attr_klass(recv) (NULL unless a plain object or
 * a Struct/Data instance: no record matches NULL; a class's instances all
 * have one type, the record's), ep the epoch read at the start of the run. */
SP_VM_INLINE sp_class *sp_vm_attr_klass(sp_value recv)
{
    return SP_HEAP_P(recv) && (SP_TYPE(recv) == SP_T_OBJECT || SP_TYPE(recv) == SP_T_STRUCT ||
                               SP_TYPE(recv) == SP_T_DATA) ? SP_HDR(recv)->klass : NULL;
}
SP_VM_INLINE uint64_t sp_vm_attr_epoch(void)
{
    return __atomic_load_n(&sp_method_epoch, __ATOMIC_RELAXED);
}
SP_VM_INLINE const sp_vm_attr_ic *sp_vm_attr_hit_k(sp_class *k, uint64_t ep, uint64_t *ic)
{
    const sp_vm_attr_ic *r = (const sp_vm_attr_ic *)(uintptr_t)__atomic_load_n(ic, __ATOMIC_RELAXED);
    return SP_LIKELY(r && r->klass == k && r->epoch == ep) ? r : NULL;
}
SP_VM_INLINE int sp_vm_attr_getd_k(sp_value recv, sp_class *k, uint64_t ep, uint64_t *ic, double *out)
{
    const sp_vm_attr_ic *r = sp_vm_attr_hit_k(k, ep, ic);
    return r != NULL && sp_vm_slot_getd(sp_vm_obj_slot(recv, r->idx), out);
}
SP_VM_INLINE const sp_vm_attr_ic *sp_vm_attr_wrec_k(sp_value recv, sp_class *k, uint64_t ep, uint64_t *ic)
{
    const sp_vm_attr_ic *r = sp_vm_attr_hit_k(k, ep, ic);
    return r != NULL && !(SP_HDR(recv)->flags & SP_FL_FROZEN) ? r : NULL;
}

/* ---- Math.sqrt(x), inline ----
 * Taken when the call site's cache says the receiver's `sqrt` is the
 * builtin Math.sqrt (so neither Math nor the method was redefined) and x
 * is a positive flonum; everything else (Integer, Rational, 0.0, negative,
 * NaN: DomainError and CRuby's -0.0 rule) takes the send. */
extern sp_cfunc sp_vm_math_sqrt_fn;
SP_VM_INLINE sp_value sp_vm_math_sqrt(sp_callsite *cs, sp_value recv, sp_value x)
{
    if (SP_FLONUM_P(x) && sp_vm_math_sqrt_fn && sp_vm_direct_ok(cs, recv, sp_vm_math_sqrt_fn, 1)) {
        double d = sp_flonum_value(x);
        if (d > 0) return sp_vm_float(sqrt(d));
    }
    return sp_send(cs, recv, 1, &x, SP_NIL);
}
/* For fused Float expressions (codegen fl_*): the cached value of a
 * constant when its cache is current, else SP_UNDEF (no lookup, no
 * const_missing); whether recv.sqrt at cs is the builtin Math.sqrt; and
 * sqrt of a double through the builtin, inline for d > 0 (the builtin
 * itself, out of line, for 0, negatives and NaN: DomainError, -0.0). */
static inline sp_value sp_vm_const_peek(sp_vm_ccache *cc)
{
    if (SP_LIKELY(__atomic_load_n(&cc->epoch, __ATOMIC_ACQUIRE) ==
                  __atomic_load_n(&sp_const_epoch, __ATOMIC_ACQUIRE)))
        return __atomic_load_n(&cc->val, __ATOMIC_RELAXED);
    return SP_UNDEF;
}
SP_VM_INLINE int sp_vm_math_sqrt_ok(sp_callsite *cs, sp_value recv)
{
    return SP_HEAP_P(recv) && sp_vm_math_sqrt_fn && sp_vm_direct_ok(cs, recv, sp_vm_math_sqrt_fn, 1);
}
double sp_vm_sqrt_d_slow(sp_callsite *cs, sp_value recv, double d);
SP_VM_INLINE double sp_vm_sqrt_d(sp_callsite *cs, sp_value recv, double d)
{
    return SP_LIKELY(d > 0) ? sqrt(d) : sp_vm_sqrt_d_slow(cs, recv, d);
}

#endif

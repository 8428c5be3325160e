/*
 * sp_fiber.h — fibers: a stack plus a saved stack pointer.
 *
 * A fiber is the unit of execution every green thread (sp_sched.c) and
 * every Ruby Fiber (sp_fiber_rb.c) runs on.  Representation:
 *
 *   stack_base                                               stack_top
 *   | hard guard 4K | soft guard 64K |  usable stack  ...  <- grows down |
 *     guard pages      guard pages     lazily committed (MAP_NORESERVE)
 *
 * Stacks are SP_STACK_ALIGN-aligned slots carved from large mmap'd regions
 * (never GC heap; placed below it, outside its plausible-pointer range:
 * sp_fiber.c "Address placement"), pooled for reuse (untouched pages cost no RSS; pooled
 * stacks are madvise'd back).  Guards are MADV_GUARD_INSTALL markers (no
 * extra mapping) where the kernel has them, else mprotect while the
 * mapping budget allows, else none (SP_VM_POLL_ENTRY still checks the limit).  Overflow into the soft
 * guard is caught by a SIGSEGV handler running on a sigaltstack: it opens
 * the soft guard (giving the unwinder 64K of room) and redirects the
 * faulting context into sp_fiber_overflow_hook, which raises
 * SystemStackError "stack level too deep".  The soft guard is closed again
 * when the fiber next switches away with its stack pointer well above it.
 *
 * A switch (sp_fiber_switch) saves callee-saved registers on the old
 * stack, stores the stack pointer in from->sp, loads to->sp and returns
 * into the new fiber (sp_switch_<arch>.S).  Around the register swap the
 * OS thread's `in_switch` flag is set, so a stop-the-world collection
 * never sees a half-done switch (see sp_gc_roots.c for the protocol).
 *
 * Every OS thread that runs fibers has an sp_fthread: its own native stack
 * as a fiber, the fiber it runs now (`cur`, read by the GC), and its GC
 * thread handle.  All fibers and fthreads are in registries the GC hooks
 * walk with the world stopped; registry changes happen under the GC
 * allocation lock so a stopped thread never leaves them half-updated.
 */
#ifndef SP_FIBER_H
#define SP_FIBER_H

#include "sp_base.h"
#include "sp_assert.h"
#include <stdatomic.h>

typedef struct sp_fiber sp_fiber;
typedef void (*sp_fiber_fn)(void *arg);

struct sp_fiber {
    void *sp;                 /* saved stack pointer while suspended */
    char *stack_top;          /* highest address (cold end of the stack) */
    char *stack_base;         /* mmap base (lowest address), NULL: native */
    char *usable_low;         /* lowest address above the guards */
    size_t map_size;          /* size of the mapping */
    sp_fiber_fn entry;
    void *arg;
    sp_ec *ec;                /* this fiber's execution context (GC heap) */
    void *owner;              /* sp_gthread or Ruby Fiber object (opaque) */
    _Atomic int on_cpu;       /* running on some OS thread right now */
    int dead;                 /* entry finished; stack may be released */
    int soft_open;            /* soft guard opened by an overflow */
    int guard;                /* SP_GUARD_*: how the guards are made */
    int reg_index;            /* slot in the fiber registry, -1: none */
    sp_fiber *resumer;        /* Ruby Fiber: who resumed us (sp_fiber_rb.c) */
    void *user;               /* free for the owner */
    void *tsan_fiber;         /* ThreadSanitizer's fiber (race-check builds) */
    _Atomic int pin;          /* >0: do not run it (another thread reads its
                                 frames: sp_sched_pin) */
};

/* Per OS thread fiber state. */
typedef struct sp_fthread {
    _Atomic int in_switch;    /* a register swap is in progress */
    sp_fiber *_Atomic cur;    /* the fiber running on this OS thread */
    sp_fiber native;          /* this OS thread's own stack */
    void *gc_handle;          /* from GC_get_my_stackbottom */
    int reg_index;
    void *altstack;
    _Atomic unsigned long nswitch; /* switches made on this OS thread
                                      (owner: plain load + store, no lock) */
} sp_fthread;

/* How a stack's guard pages are made (sp_fiber.c "Stack slots"). */
enum { SP_GUARD_NONE = 0, SP_GUARD_MADV = 1, SP_GUARD_MPROTECT = 2 };
/* Room kept below ec->stack_limit for raising SystemStackError. */
#define SP_STACK_LIMIT_ROOM (32u * 1024u)
/* The ec->stack_limit of a fiber (SP_VM_POLL_ENTRY raises below it). */
void *sp_fiber_stack_limit(sp_fiber *f);
/* The same for the calling OS thread's own stack (the main program's). */
void *sp_fiber_native_stack_limit(void);
/* Stack allocator counters: stacks in use, pooled, regions mapped. */
void sp_fiber_stack_stats(long *live, long *pooled, long *regions);
/* Give back the pages of released stacks beyond a small hot set (sysmon
 * calls it every 100 ms; any thread, no lock held). */
void sp_fiber_pool_trim(void);
/* -1 no stack made yet, 1 guards by MADV_GUARD_INSTALL, 0 mprotect/none */
int sp_fiber_guard_kind(void);

/* Default usable stack size for fibers and green threads (a 1 MiB slot less
 * its guards: 956 KiB, about CRuby's 1 MiB thread machine stack);
 * SPINEL_THREAD_STACK (bytes, k/m suffix)
 * or SPINEL_FIBER_STACK_KB overrides.  Stacks get at least what is asked:
 * slots are rounded up to SP_STACK_ALIGN. */
size_t sp_fiber_default_stack(void);

/* Create a fiber that will run entry(arg) when first switched to.  entry
 * must never return: it ends by switching away for the last time after
 * setting fiber->dead (sp_fiber_exit_to).  stack_size 0: default.
 * Allocates with the GC allocation lock; never from a signal handler. */
sp_fiber *sp_fiber_new(sp_fiber_fn entry, void *arg, size_t stack_size);
/* Release a fiber that is not running (dead or never to be resumed):
 * returns its stack to the pool and frees the record. */
void sp_fiber_free(sp_fiber *f);

/* The calling OS thread's fiber state, created on first use (registers
 * the thread's native stack).  The thread must be registered with the GC.
 * Not inline: a fiber may resume on another OS thread (TLS pitfall). */
sp_fthread *sp_fthread_self(void);
/* Unregister the calling OS thread (before it exits). */
void sp_fthread_exit(void);
/* The fiber running on this OS thread. */
sp_fiber *sp_fiber_current(void);

/* Switch from the running fiber `from` to the suspended fiber `to` on the
 * calling OS thread.  Returns when something switches back to `from`
 * (possibly on another OS thread).  Sets the current sp_ec to from->ec
 * on return (and to->ec for a fiber's first run). */
void sp_fiber_switch(sp_fiber *from, sp_fiber *to);
/* Final switch of a finished fiber: marks it dead and switches to `to`;
 * whoever runs next must free it (the scheduler does, after the switch). */
SP_NORETURN void sp_fiber_exit_to(sp_fiber *self, sp_fiber *to);

/* Raw register swap (assembly).  Saves callee-saved registers on the
 * current stack, stores sp to *save_sp, switches to new_sp. */
void sp_ctx_switch(void **save_sp, void *new_sp);
/* Build the initial frame on a fresh stack so that sp_ctx_switch to the
 * returned sp calls fn(arg). */
void *sp_ctx_init(char *stack_top, void (*fn)(void *), void *arg);

/* Called (on the overflowing fiber, soft guard open) when a stack
 * overflow is caught.  The language runtime sets it to raise
 * SystemStackError; it must not return.  NULL: print and abort. */
extern void (*sp_fiber_overflow_hook)(void);
/* Install the SIGSEGV overflow handler and this thread's sigaltstack.
 * Idempotent; each new OS thread calls sp_fiber_thread_signals(). */
void sp_fiber_init_signals(void);
void sp_fiber_thread_signals(void);

/* Stats (sp_sched prints them). */
unsigned long sp_fiber_switch_count(void);

/* Registries walked by sp_gc_roots.c with the world stopped. */
extern sp_fiber **sp_fiber_reg;
extern int sp_fiber_reg_len;
extern sp_fthread **sp_fthread_reg;
extern int sp_fthread_reg_len;

/* Collections spaced by live data (sp_gc_policy.c): set up after GC_INIT
 * (sp_init.c); the scheduler's start-up says how many workers allocate. */
void sp_gc_policy_init(void);
void sp_gc_policy_workers(int n);
/* GC exclusion (sp_gc_roots.c). */
extern _Atomic int sp_gc_pending;
void sp_gc_roots_init(void);
/* Stop-the-world pauses so far: count, total and longest, in ns. */
void sp_gc_pause_stats(uint64_t *n, uint64_t *total_ns, uint64_t *max_ns);
/* The main thread's stack top and lowest usable address, from the aux
 * vector and RLIMIT_STACK; 0 if unknown (sp_fiber.c). */
int sp_main_stack_bounds(char **top, char **low);
void sp_gc_wait_not_pending(void);
/* Thread support in the collector (GC_allow_register_threads, which also
 * starts Boehm's parallel marker threads), deferred from start-up to the
 * first OS thread we create or the first safepoint after the first
 * collection (sp_gc_roots.c).  Idempotent, any thread, no locks held. */
void sp_gc_threads_init(void);
extern _Atomic int sp_gc_markers_wanted;
void sp_gc_markers_poll(void);
/* The heavy side of the asymmetric Dekker protocols with fiber switches
 * (GC pending vs in_switch, sp_sched_pin vs the resumed fiber's pin
 * check): after its own store, the rare side calls this; it makes every
 * running thread of the process execute a full barrier
 * (membarrier(PRIVATE_EXPEDITED)), so the hot side (every switch) needs
 * only a plain store and a compiler barrier.  Without membarrier it is
 * a plain fence and switches use a locked exchange as before. */
void sp_fiber_heavy_fence(void);
/* The hot side's half of such a protocol, between its store and its load:
 * a compiler barrier when the heavy side uses membarrier, else a full
 * fence (sp_sched.c's stop-the-world gates). */
extern int sp_fiber_asym;
static inline void sp_fiber_light_fence(void)
{
    if (SP_LIKELY(sp_fiber_asym))
        atomic_signal_fence(memory_order_seq_cst);
    else
        atomic_thread_fence(memory_order_seq_cst);
}
/* Test knob: 0 disables pushing suspended fiber stacks (to show the GC
 * roots test fails without it). */
extern int sp_gc_push_fibers;
/* Test knob: 0 lets the kernel place fiber stack regions, among the GC
 * heap sections (sp_fiber.c "Address placement"; set it before the first
 * fiber is made) — spec/unit/test_gcblacklist.c shows what that breaks. */
extern int sp_fiber_place_stacks;

#endif

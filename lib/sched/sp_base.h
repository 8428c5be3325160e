/*
 * sp_base.h — what the scheduler core (lib/sched) needs and nobody above
 * owns: compiler macros, the safepoint word, the fiber stack geometry and
 * the execution context as an opaque handle.
 *
 * lib/sched knows nothing of the object model (doc/architecture.md,
 * "Layers"; scripts/layer-check): no sp_value, no classes, no layout of
 * the execution context.  An sp_ec is the whole per-fiber context the
 * Ruby side keeps (handler chain, frames, $!, $~, ...: spinel.h defines
 * it); the scheduler only carries the pointer — a fiber records the
 * context it runs (sp_fiber.ec) and the switch makes it current.
 *
 * spinel.h includes this header, so every layer sees the same macros.
 */
#ifndef SP_BASE_H
#define SP_BASE_H

#ifndef GC_THREADS
#define GC_THREADS 1
#endif
#include <gc.h>
#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__)
#define SP_LIKELY(x)   __builtin_expect(!!(x), 1)
#define SP_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define SP_NORETURN    __attribute__((noreturn))
#define SP_NOINLINE    __attribute__((noinline))
#define SP_PRINTF(a,b) __attribute__((format(printf, a, b)))
#else
#define SP_LIKELY(x) (x)
#define SP_UNLIKELY(x) (x)
#define SP_NORETURN
#define SP_NOINLINE
#define SP_PRINTF(a,b)
#endif

/* ------------------------------------------------------------------ */
/* Safepoints (sp_sched.c).  The compiler emits SP_POLL() at every loop
 * back-edge and SP_VM_POLL_ENTRY (sp_vm.h: SP_POLL plus the stack check,
 * spinel.h) at every method and block entry. */
extern volatile int sp_pending;       /* nonzero: something wants attention */
void sp_poll_slow(void);
#define SP_POLL() do { if (SP_UNLIKELY(sp_pending)) sp_poll_slow(); } while (0)

/* Fiber stack geometry (sp_fiber.c), which the stack check of
 * SP_VM_POLL_ENTRY relies on to cost no memory load: fiber stacks are
 * SP_STACK_ALIGN-aligned slots whose lowest SP_STACK_RED bytes hold the
 * guards and the limit, so a frame there is "near the bottom". */
#define SP_STACK_ALIGN ((uintptr_t)1 << 20)
#define SP_STACK_RED   ((uintptr_t)112 << 10)

/* ------------------------------------------------------------------ */
/* The execution context (opaque here; spinel.h has its fields).       */

typedef struct sp_ec sp_ec;
struct sp_fiber;

/* The current fiber's context on this OS thread (sp_fiber.c).  Not
 * inline on purpose: a green thread may resume on another worker, so no
 * caller may cache the address of the thread-local (the compiler would
 * otherwise be free to hoist the TLS address computation across a fiber
 * switch).  sp_fiber_switch sets it after every switch, before the
 * resumed fiber runs; sp_init sets the main fiber's. */
sp_ec *sp_ec_current(void);
void sp_ec_set_current(sp_ec *ec);

/* A new context for fiber f (GC heap): the Ruby half as sp_ec_init
 * leaves it, the scheduler half (the fiber, its stack limit) from f.
 * Defined by the object model (lib/runtime/sp_ec.c): the one call the
 * scheduler makes upward, declared here so no header of the object
 * model is needed to make it (sp_sched_create: a green thread's root
 * fiber; sp_fiber_rb.c: a Ruby Fiber). */
sp_ec *sp_ec_new(struct sp_fiber *f);

#endif

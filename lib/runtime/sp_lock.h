/*
 * sp_lock.h — object locks for the built-in containers (sp_lock.c).
 *
 * Every single built-in operation that changes an Array, Hash, String or
 * Set is atomic, as under CRuby's global lock (doc/core-types.md
 * "Race-safety rule").  Mechanism: striped spin locks keyed by the
 * object's address (SP_LK_STRIPES of them, one cache line each), taken
 * only once the process may run Ruby code on two OS threads at once
 * (sp_lk_on: set before the scheduler's second worker starts, never
 * cleared).  Until then a mutator pays one load of sp_lk_on and a
 * not-taken branch; one worker never runs two green threads inside one
 * builtin (builtins contain no polls), so they are atomic already.
 *
 * Rules for code holding a stripe:
 *  - No Ruby code runs under it (no #hash/#eql?/#==/#<=>/#to_s, no block):
 *    such calls happen before taking it, or the lock is dropped around
 *    them and the state re-checked (sp_hash.c hash_find_mt), never while
 *    nested (lk_depth > 1), where the lock cannot be dropped.
 *  - One stripe per green thread: a nested take (a locked builtin calling
 *    another, on any object) only counts depth under the stripe already
 *    held, so two threads never wait for each other's second stripe (no
 *    lock-order deadlock).  Nested writes touch fresh objects or objects
 *    reachable only through the locked one.
 *  - A raise under a stripe releases it (sp_jump calls sp_lk_unwind), so
 *    FrozenError/IndexError/... need no special handling.
 * A waiter spins, then yields its green thread (or the OS thread off the
 * workers) so a preempted holder gets a worker back.
 */
#ifndef SPINEL_LOCK_H
#define SPINEL_LOCK_H

#include "spinel.h"
#include "sp_sched.h"     /* sp_sched_parallel */
#include "sp_assert.h"

#define sp_lk_on sp_sched_parallel   /* the scheduler owns the flag */

typedef struct sp_lk_stripe sp_lk_stripe;
sp_lk_stripe *sp_lk_take_mt(sp_value obj);
void sp_lk_drop_mt(sp_lk_stripe *s);
/* Release the stripe ec holds (raise path, sp_exc.c). */
void sp_lk_unwind(sp_ec *ec);
/* Turn locking on (sp_sched.c, before a second worker starts). */

static inline sp_lk_stripe *sp_lk_take(sp_value obj)
{
    if (SP_LIKELY(!__atomic_load_n(&sp_lk_on, __ATOMIC_RELAXED))) return NULL;
    return sp_lk_take_mt(obj);
}

static inline void sp_lk_drop(sp_lk_stripe *s)
{
    if (SP_UNLIKELY(s != NULL)) sp_lk_drop_mt(s);
}

/* Not locking (one worker so far): hot mutators test this first and run
 * their body without the cleanup variable of SP_LOCKED. */
#define SP_LK_OFF() SP_LIKELY(!__atomic_load_n(&sp_lk_on, __ATOMIC_RELAXED))

static inline void sp_lk_cleanup(sp_lk_stripe **s) { sp_lk_drop(*s); }

/* Lock obj until the end of the enclosing block (every return path). */
#define SP_LOCKED(obj) \
    sp_lk_stripe *sp_lk_tok_ __attribute__((cleanup(sp_lk_cleanup), unused)) = sp_lk_take(obj)

/* The same when cond holds (else nothing is locked: the operation calls
 * Ruby code, e.g. a user-defined #to_int, and is not atomic, as in CRuby). */
#define SP_LOCKED_IF(cond, obj) \
    sp_lk_stripe *sp_lk_tok_ __attribute__((cleanup(sp_lk_cleanup), unused)) = \
        (SP_UNLIKELY(__atomic_load_n(&sp_lk_on, __ATOMIC_RELAXED)) && (cond)) ? sp_lk_take_mt(obj) : NULL

/* Debug builds (make debug, -DSP_DEBUG) check container invariants after
 * each locked operation with SP_ASSERT (sp_assert.h). */

#endif

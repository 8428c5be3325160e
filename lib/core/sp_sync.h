/*
 * sp_sync.h — Mutex, Queue, SizedQueue, ConditionVariable (sp_sync.c) and
 * Monitor / MonitorMixin (sp_monitor.c): representation and the C API the
 * rest of the runtime (and the unit tests) may call.
 *
 * Every primitive has its own small lock (sp_spin: one word, test-and-
 * test-and-set with back-off) guarding its wait lists.  The spin lock is
 * held for a handful of instructions, never across a park: a blocking
 * thread links its waiter node and calls sp_sched_park_wait() with the
 * lock held, and the scheduler releases it after the switch (commit after
 * switch, sp_sched.h), so no wake can be lost.  There is no global lock.
 *
 * Owner identity: a Mutex is owned by a *fiber* (CRuby 3.x), identified
 * by its execution context (sp_ec *, stable for the fiber's life and
 * never NULL once the runtime or scheduler is up).  Mutexes a thread's
 * fibers hold are also on a per-thread "held" list so that a dying thread
 * releases them (sp_sync_thread_died).
 *
 * doc/sync.md describes the policies (FIFO hand-off with a bounded
 * barging window, direct queue hand-off) and the measured costs.
 */
#ifndef SP_SYNC_H
#define SP_SYNC_H

#include "spinel.h"
#include "sp_sched.h"
#include <stdatomic.h>

/* ------------------------------------------------------------------ */
/* Per-object spin lock                                                */

typedef struct sp_spin { _Atomic uint32_t v; } sp_spin;

void sp_spin_lock_slow(sp_spin *l);
static inline void sp_spin_lock(sp_spin *l)
{
    SP_LOCK_RANK_ACQUIRE(SP_RANK_WAITLIST);
    if (SP_LIKELY(!atomic_exchange_explicit(&l->v, 1, memory_order_acquire)))
        return;
    sp_spin_lock_slow(l);
}
static inline void sp_spin_unlock(sp_spin *l)
{
    SP_ASSERT(atomic_load_explicit(&l->v, memory_order_relaxed));
    atomic_store_explicit(&l->v, 0, memory_order_release);
    SP_LOCK_RANK_RELEASE(SP_RANK_WAITLIST);
}
/* Precondition of the functions that need a wait list's lock. */
#define SP_ASSERT_SPIN_HELD(l) SP_ASSERT(atomic_load_explicit(&(l)->v, memory_order_relaxed))
/* unlockf for sp_sched_park*: arg is an sp_spin * */
void sp_spin_unlock_cb(void *l);

/* Doubly linked FIFO of sp_waiter nodes (guarded by the owner's spin). */
typedef struct sp_wlist { sp_waiter *head, *tail; long n; } sp_wlist;

/* ------------------------------------------------------------------ */
/* Mutex (SP_T_MUTEX)
 *
 * state: owner ec (0 = unlocked) | SP_MTX_WAITERS | SP_MTX_WOKEN.
 *   Lock fast path: CAS 0 -> me.  Unlock fast path: CAS me -> 0 (fails
 *   when a bit is set, sending the unlocker to the slow path).  Waiters
 *   park on `waiters` (FIFO).  WAITERS: the list is not empty.  WOKEN: a
 *   waiter was woken to compete and has not retried yet, so an unlock
 *   does not wake another one (it just releases). */
enum { SP_MTX_WAITERS = 1, SP_MTX_WOKEN = 2 };
#define SP_MTX_OWNER(s) ((s) & ~(uintptr_t)7)

typedef struct sp_mutex {
    sp_header hdr;
    void *ivars;                    /* unused slot (same layout as objects) */
    _Atomic uintptr_t state;
    sp_spin lock;                   /* guards waiters */
    sp_wlist waiters;
    /* per-thread held list (g->sync_held; touched only by the owning
     * thread) */
    struct sp_mutex *held_prev, *held_next;
    sp_gthread *held_g;             /* the thread whose list it is on */
} sp_mutex;

sp_value sp_mutex_new(void);
/* Lock (interruptible: Thread#raise/kill end the wait and raise).
 * ThreadError "deadlock; recursive locking" when the caller owns it. */
void sp_mutex_lock(sp_mutex *m);
/* Lock with interrupts held back until the lock is taken (re-locking
 * after Mutex#sleep / ConditionVariable#wait); pending interrupts are
 * re-posted and delivered (may raise) after the lock is held. */
void sp_mutex_lock_masked(sp_mutex *m);
int  sp_mutex_trylock(sp_mutex *m);        /* 1 on success */
/* Unlock: ThreadError when not locked / locked by another fiber. */
void sp_mutex_unlock(sp_mutex *m);
int  sp_mutex_owned(sp_mutex *m);          /* by the current fiber */
/* Lock / unlock for Mutex#synchronize compiled inline: ec is the running
 * fiber's (the generated code's own `ec`).  Generated code declares them
 * itself (block-scope extern; it does not include this header). */
void sp_mutex_sync_enter(sp_ec *ec, sp_value m);
void sp_mutex_sync_exit(sp_ec *ec, sp_value m);
int  sp_mutex_locked(sp_mutex *m);         /* by anyone (live) */
/* Mutex#sleep(timeout): timeout < 0 means forever.  Returns the Ruby
 * result (nil on timeout, else whole seconds slept). */
sp_value sp_mutex_sleep(sp_mutex *m, double timeout);

/* Called once for a green thread that is finishing, ON THAT THREAD (or
 * after it has stopped running for good): unlocks every mutex its fibers
 * still hold, handing each to its next waiter.  sp_thread.c calls it just
 * before sp_sched_exit().  Until it does, a mutex whose owner (a thread's
 * root fiber) is dead is released lazily by the next locked?/try_lock/
 * contended lock — but waiters parked before the death are only woken by
 * that next locker, so the hook is the real fix. */
void sp_sync_thread_died(sp_gthread *g);

/* ------------------------------------------------------------------ */
/* Queue / SizedQueue (SP_T_QUEUE)
 *
 * Items live in a ring buffer (buf[(head + i) % cap], i < len) that
 * grows by doubling.  A push that finds a parked popper hands the item
 * straight to it (waiter->data) and readies it; a pop that frees a slot
 * of a SizedQueue takes the first parked pusher's item (its waiter->data)
 * into the ring and readies it. */
typedef struct sp_queue {
    sp_header hdr;
    void *ivars;
    sp_spin lock;
    int closed;
    long max;                       /* 0: unbounded Queue */
    sp_value *buf;
    long cap, head;
    _Atomic long len;
    sp_wlist poppers, pushers;
} sp_queue;

sp_value sp_queue_new(sp_value klass, long max);     /* max 0: Queue */
/* Push: returns 1 pushed, 0 timed out / full with non_block (no raise
 * for non_block here: the caller decides).  Raises ClosedQueueError.
 * timeout < 0: forever; non_block: do not wait at all. */
int sp_queue_push(sp_queue *q, sp_value v, int non_block, double timeout);
/* Pop: returns 1 and *out, or 0 (empty and closed, timed out, or empty
 * with non_block). */
int sp_queue_pop(sp_queue *q, sp_value *out, int non_block, double timeout);
void sp_queue_close(sp_queue *q);

/* ------------------------------------------------------------------ */
/* ConditionVariable (SP_T_CONDVAR) */
typedef struct sp_condvar {
    sp_header hdr;
    void *ivars;
    sp_spin lock;
    sp_wlist waiters;
} sp_condvar;

sp_value sp_condvar_new(void);
/* wait(mutex, timeout): timeout < 0 forever.  Returns Mutex#sleep's
 * result (nil on timeout, else whole seconds).  Re-acquires the mutex
 * before any interrupt is raised. */
sp_value sp_condvar_wait(sp_condvar *cv, sp_mutex *m, double timeout);
void sp_condvar_signal(sp_condvar *cv);
void sp_condvar_broadcast(sp_condvar *cv);

/* ------------------------------------------------------------------ */
/* Monitor (sp_monitor.c) */
void sp_init_monitor(void);

#endif

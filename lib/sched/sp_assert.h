/*
 * sp_assert.h — checked invariants (as Lua's lua_assert, Go's throw and
 * assertLockHeld), on in the debug build only.
 *
 *   SP_ASSERT(cond)            cond holds here; `make debug` (-DSP_DEBUG)
 *                              aborts with file:line and the condition when
 *                              it does not.  Compiled out otherwise (cond is
 *                              not evaluated: keep it free of side effects).
 *   SP_ASSERT_MUTEX_HELD(m)    a precondition of the *_locked functions.
 *   sp_mutex_lock_ranked(m, r) take a pthread mutex of lock rank r; the
 *                              debug build checks the lock order: an OS
 *                              thread holding a lock of rank > r may not
 *                              take r (equal ranks may nest).
 *
 * The lock order (ranks, lowest taken first) is written at the top of
 * sp_sched.c.  Ranks are tracked per OS thread: a lock is always released
 * on the OS thread that took it (a parked thread's wait-list lock is
 * released by the scheduler context of the same worker, sp_sched.h).
 * The lowest layer (lib/sched): every layer may include it.
 */
#ifndef SP_ASSERT_H
#define SP_ASSERT_H

#include <errno.h>
#include <pthread.h>

enum sp_lock_rank {
    SP_RANK_WAITLIST = 1,  /* sp_spin of a Mutex/Queue/CV/Thread wait list */
    SP_RANK_START,         /* sp_sched.c start_lock: scheduler start-up */
    SP_RANK_ALL,           /* sp_sched.c all_lock: the list of all threads */
    SP_RANK_TIMER,         /* sp_sysmon.c tm_lock: the timer heap */
    SP_RANK_RUNQ,          /* sp_sched.c gq_lock, wq_lock: global/wake queues */
    SP_RANK_IDLE,          /* sp_sched.c idle_lock: the idle-worker stack */
    SP_RANK_POOL,          /* sp_fiber.c pool_lock: the stack pool */
    SP_RANK_POLLFD,        /* sp_pollfd.c pd_lock: poll-descriptor table */
    SP_RANK_MAX
};

#ifdef SP_DEBUG
__attribute__((noreturn)) void sp_assert_fail(const char *cond, const char *file, int line, const char *func);
void sp_lock_rank_acquire(int rank, const char *file, int line);
void sp_lock_rank_release(int rank, const char *file, int line);
#define SP_ASSERT(c) (__builtin_expect(!!(c), 1) ? (void)0 : sp_assert_fail(#c, __FILE__, __LINE__, __func__))
#define SP_LOCK_RANK_ACQUIRE(r) sp_lock_rank_acquire((r), __FILE__, __LINE__)
#define SP_LOCK_RANK_RELEASE(r) sp_lock_rank_release((r), __FILE__, __LINE__)
#else
#define SP_ASSERT(c) ((void)sizeof(!(c)))
#define SP_LOCK_RANK_ACQUIRE(r) ((void)0)
#define SP_LOCK_RANK_RELEASE(r) ((void)0)
#endif

/* Held by some thread (trylock fails): the caller, if the code is right. */
#define SP_ASSERT_MUTEX_HELD(m) SP_ASSERT(pthread_mutex_trylock(m) == EBUSY)

#define sp_mutex_lock_ranked(m, r) do { SP_LOCK_RANK_ACQUIRE(r); pthread_mutex_lock(m); } while (0)
#define sp_mutex_unlock_ranked(m, r) do { pthread_mutex_unlock(m); SP_LOCK_RANK_RELEASE(r); } while (0)

#endif

/*
 * sp_tsan.c — ThreadSanitizer build support (scripts/race-check only).
 * Empty in every other build.
 *
 * First problem: Boehm GC stops the world by signalling every thread and waiting
 * for each to acknowledge, while the collecting thread holds the GC's
 * allocation lock (a pthread mutex).  ThreadSanitizer runs an asynchronous
 * signal's handler only when the thread leaves an intercepted call, or at
 * once if the call is marked "blocking"; the pthread_mutex_lock interceptor
 * of GCC 12 / LLVM 14's TSan is not.  A thread that blocks on the
 * allocation lock just as a collection starts therefore never acknowledges:
 * the collector waits for it, it waits for the collector, and libgc aborts
 * after ~15 s with "Signals delivery fails constantly" (seen in race-check
 * on spec/golden/stress/monitor_stress.rb and core/race/containers_mixed.rb;
 * gdb showed worker 0 in pthread_mutex_lock <- GC_generic_malloc_many and
 * worker 1 collecting in GC_stop_world's retry loop).  Newer TSan marks the
 * mutex interceptors blocking for exactly this reason.
 *
 * Fix (TSan builds only): this definition of pthread_mutex_lock, found
 * before libtsan's by every caller in the process (libgc included), waits
 * with trylock + usleep.  Both are intercepted, and usleep is a blocking
 * call, so a pending suspend signal is handled while waiting; a successful
 * trylock is an acquisition for TSan's happens-before model, so race
 * detection is unchanged.  Cost: lock hand-off latency of the sleep, which
 * only the sanitizer build pays.  The runtime uses no error-checking
 * mutexes (where lock and trylock differ on self-deadlock).
 */
#if defined(__SANITIZE_THREAD__)
#define _GNU_SOURCE 1
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

int pthread_mutex_lock(pthread_mutex_t *m)
{
    for (int spins = 0;; spins++) {
        int r = pthread_mutex_trylock(m);
        if (r != EBUSY)
            return r;
        if (spins >= 100)
            usleep(spins < 1000 ? 1 : 50);
    }
}

/*
 * Second problem, same cause: when TSan runs the GC's suspend handler from
 * its queue (ProcessPendingSignals: mask everything, save the old mask in
 * the thread's signal context, run handlers, restore), the handler waits
 * in sigsuspend for the restart signal.  TSan's sigsuspend interceptor is
 * not "blocking" either, so the restart signal is queued too and run by a
 * nested ProcessPendingSignals when sigsuspend returns, which overwrites
 * the saved mask with "everything blocked".  The outer call then restores
 * that: the thread keeps every signal blocked, and the next collection
 * waits for it forever (race-check: sysmon with SigPnd/SigBlk both showing
 * the suspend signal, always failing at GC #2).  ppoll with a signal mask
 * is sigsuspend's exact semantics (atomically install the mask, wait for a
 * handled signal, restore) and TSan treats it as a blocking call, so the
 * restart handler runs at once, never nested.
 */
int sigsuspend(const sigset_t *mask)
{
    ppoll(NULL, 0, NULL, mask);
    errno = EINTR;      /* sigsuspend always "fails" with EINTR */
    return -1;
}
#else
typedef int sp_tsan_unused;   /* ISO C: no empty translation unit */
#endif

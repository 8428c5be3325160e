/*
 * sp_sysmon.c — the monitor OS thread: timers and periodic checks.
 *
 * One thread, started with the scheduler.  It owns the timer heap
 * (sp_timer.c) under `tm_lock`: timeouts of sleep, join(timeout),
 * pop(timeout:), ConditionVariable#wait(m, t) are timers whose callback
 * claims the sleeping thread's wait and readies it (sp_sched.c).
 * Expired timers are popped under the lock with (fn, arg, seq) copied,
 * then called with no lock held; the seq lets a callback recognise a wait
 * that already ended, so the timer record can be reused at once.
 *
 * Every 10 ms it also calls sp_sched_monitor(): preemption requests for
 * threads running longer than a quantum, hand-off of workers stuck in
 * blocking regions, delivery of SIGINT to a parked main thread.
 *
 * Sleeping: futex wait on `kick` until the earliest of (next timer, next
 * periodic check).  Adding an earlier timer bumps `kick` and wakes it; the
 * value is read before the heap is inspected, so a kick is never lost.
 */
#define _GNU_SOURCE
#include "sp_sched.h"

#include <linux/futex.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define SYSMON_PERIOD_NS 10000000   /* 10 ms: preemption quantum, checks */
#if defined(__SANITIZE_THREAD__)
#define SYSMON_MAX_SLEEP_NS 1000000 /* see MAX_TICK_NS in sp_sched.c */
#else
#define SYSMON_MAX_SLEEP_NS SYSMON_PERIOD_NS
#endif

static pthread_mutex_t tm_lock = PTHREAD_MUTEX_INITIALIZER;
static sp_timer_heap heap;
static _Atomic uint32_t kick;
static pthread_t sysmon_tid;
static _Atomic int sysmon_started;

void sp_sched_monitor(int64_t now);     /* sp_sched.c */

void sp_sysmon_kick(void)
{
    atomic_fetch_add(&kick, 1);
    syscall(SYS_futex, (uint32_t *)&kick, FUTEX_WAKE | FUTEX_PRIVATE_FLAG, 1, NULL, NULL, 0);
}

void sp_sysmon_add_timer(sp_timer *t)
{
    pthread_mutex_lock(&tm_lock);
    sp_timer_heap_push(&heap, t);
    int first = sp_timer_heap_min(&heap) == t;
    pthread_mutex_unlock(&tm_lock);
    if (first)
        sp_sysmon_kick();
}

int sp_sysmon_del_timer(sp_timer *t)
{
    pthread_mutex_lock(&tm_lock);
    int r = sp_timer_heap_remove(&heap, t);
    pthread_mutex_unlock(&tm_lock);
    return r;
}

typedef struct fired { void (*fn)(void *, uint64_t); void *arg; uint64_t seq; } fired;

static void fire_expired(int64_t now)
{
    fired batch[64];
    for (;;) {
        int n = 0;
        pthread_mutex_lock(&tm_lock);
        sp_timer *t;
        while (n < 64 && (t = sp_timer_heap_min(&heap)) && t->when <= now) {
            sp_timer_heap_remove(&heap, t);
            batch[n++] = (fired){ t->fn, t->arg, t->seq };
        }
        pthread_mutex_unlock(&tm_lock);
        for (int i = 0; i < n; i++)
            batch[i].fn(batch[i].arg, batch[i].seq);
        if (n < 64)
            return;
    }
}

static void *sysmon_main(void *arg)
{
    (void)arg;
    int64_t next_check = sp_sched_now() + SYSMON_PERIOD_NS;
    for (;;) {
        uint32_t seen = atomic_load(&kick);
        int64_t now = sp_sched_now();
        fire_expired(now);
        if (now >= next_check) {
            sp_sched_monitor(now);
            next_check = now + SYSMON_PERIOD_NS;
        }
        int64_t wake_at = next_check;
        pthread_mutex_lock(&tm_lock);
        sp_timer *t = sp_timer_heap_min(&heap);
        if (t && t->when < wake_at)
            wake_at = t->when;
        pthread_mutex_unlock(&tm_lock);
        int64_t d = wake_at - sp_sched_now();
        if (d <= 0)
            continue;
        if (d > SYSMON_MAX_SLEEP_NS)
            d = SYSMON_MAX_SLEEP_NS;
        struct timespec ts = { (time_t)(d / 1000000000), (long)(d % 1000000000) };
        syscall(SYS_futex, (uint32_t *)&kick, FUTEX_WAIT | FUTEX_PRIVATE_FLAG, seen, &ts, NULL, 0);
    }
    return NULL;
}

void sp_sysmon_start(void)
{
    int zero = 0;
    if (!atomic_compare_exchange_strong(&sysmon_started, &zero, 1))
        return;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 128 * 1024);
    if (pthread_create(&sysmon_tid, &attr, sysmon_main, NULL) != 0) {
        fprintf(stderr, "[FATAL] spinel: cannot create the sysmon thread\n");
        abort();
    }
    pthread_attr_destroy(&attr);
}

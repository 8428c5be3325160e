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
 * Every 5 ms (SP_SYSMON_PERIOD_NS) it also calls sp_sched_monitor():
 * preemption requests for threads running longer than a quantum (10 ms,
 * so slices end after 10-15 ms), hand-off of workers stuck in blocking
 * regions, delivery of SIGINT to a parked main thread; every 100 ms it
 * gives back the pages of released fiber stacks (sp_fiber_pool_trim).
 * A thread readied here (timer, fd) goes to the scheduler's wake queue
 * and one running thread is asked to yield at once; while woken threads
 * stay queued sysmon looks again every millisecond and, if no worker has
 * taken one meanwhile, asks every running thread (sp_sched_wake_recheck).
 *
 * It also owns an epoll set: green threads waiting for a file descriptor
 * (sp_sched_wait_fd) are registered one-shot with the green thread as the
 * event's data; readiness claims the wait like a timer does.
 *
 * Sleeping: epoll_pwait2 (ns timeout; epoll_wait in ms where the kernel
 * lacks it) until the earliest of (next timer, next periodic check).
 * Adding an earlier timer writes the eventfd that is part of the set, so a
 * kick that arrives before the wait is never lost.
 */
#define _GNU_SOURCE
#include "sp_sched.h"

#include <errno.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define SYSMON_PERIOD_NS SP_SYSMON_PERIOD_NS
#define WAKE_RECHECK_NS  1000000    /* woken threads not taken yet: look again */
#if defined(__SANITIZE_THREAD__)
#define SYSMON_MAX_SLEEP_NS 1000000 /* see MAX_TICK_NS in sp_sched.c */
#else
#define SYSMON_MAX_SLEEP_NS SYSMON_PERIOD_NS
#endif

static pthread_mutex_t tm_lock = PTHREAD_MUTEX_INITIALIZER;
static sp_timer_heap heap;
static int ep = -1, efd = -1;
static pthread_t sysmon_tid;
static _Atomic int sysmon_started;
static _Atomic int have_pwait2 = 1;

void sp_sysmon_kick(void)
{
    uint64_t one = 1;
    if (write(efd, &one, sizeof one) < 0) {}
}

/* Watch g->fd for g->fd_events (one-shot).  Returns 0, or -1 (errno). */
int sp_sysmon_watch_fd(sp_gthread *g)
{
    struct epoll_event ev;
    memset(&ev, 0, sizeof ev);
    ev.events = EPOLLONESHOT | EPOLLERR | EPOLLHUP |
                ((g->fd_events & SP_FD_READ) ? EPOLLIN | EPOLLRDHUP : 0) |
                ((g->fd_events & SP_FD_WRITE) ? EPOLLOUT : 0);
    ev.data.ptr = g;
    if (epoll_ctl(ep, EPOLL_CTL_ADD, g->fd, &ev) == 0)
        return 0;
    if (errno == EEXIST && epoll_ctl(ep, EPOLL_CTL_MOD, g->fd, &ev) == 0)
        return 0;
    return -1;
}

void sp_sysmon_unwatch_fd(sp_gthread *g)
{
    epoll_ctl(ep, EPOLL_CTL_DEL, g->fd, NULL);
}

void sp_sysmon_add_timer(sp_timer *t)
{
    sp_mutex_lock_ranked(&tm_lock, SP_RANK_TIMER);
    sp_timer_heap_push(&heap, t);
    int first = sp_timer_heap_min(&heap) == t;
    sp_mutex_unlock_ranked(&tm_lock, SP_RANK_TIMER);
    if (first)
        sp_sysmon_kick();
}

int sp_sysmon_del_timer(sp_timer *t)
{
    sp_mutex_lock_ranked(&tm_lock, SP_RANK_TIMER);
    int r = sp_timer_heap_remove(&heap, t);
    sp_mutex_unlock_ranked(&tm_lock, SP_RANK_TIMER);
    return r;
}

typedef struct fired { void (*fn)(void *, uint64_t); void *arg; uint64_t seq; } fired;

static void fire_expired(int64_t now)
{
    fired batch[64];
    for (;;) {
        int n = 0;
        sp_mutex_lock_ranked(&tm_lock, SP_RANK_TIMER);
        sp_timer *t;
        while (n < 64 && (t = sp_timer_heap_min(&heap)) && t->when <= now) {
            sp_timer_heap_remove(&heap, t);
            batch[n++] = (fired){ t->fn, t->arg, t->seq };
        }
        sp_mutex_unlock_ranked(&tm_lock, SP_RANK_TIMER);
        for (int i = 0; i < n; i++)
            batch[i].fn(batch[i].arg, batch[i].seq);
        if (n < 64)
            return;
    }
}

static void sysmon_sleep(int64_t d)
{
    struct epoll_event evs[64];
    int n;
    if (atomic_load_explicit(&have_pwait2, memory_order_relaxed)) {
        struct timespec ts = { (time_t)(d / 1000000000), (long)(d % 1000000000) };
        n = epoll_pwait2(ep, evs, 64, &ts, NULL);
        if (n < 0 && errno == ENOSYS) {
            atomic_store(&have_pwait2, 0);
            return;
        }
    } else {
        n = epoll_wait(ep, evs, 64, (int)((d + 999999) / 1000000));
    }
    for (int i = 0; i < n; i++) {
        if (!evs[i].data.ptr) {
            uint64_t v;
            if (read(efd, &v, sizeof v) < 0) {}
            continue;
        }
        sp_sched_fd_ready(evs[i].data.ptr);
    }
}

static void *sysmon_main(void *arg)
{
    (void)arg;
    int64_t next_check = sp_sched_now() + SYSMON_PERIOD_NS;
    int64_t next_wq_check = 0;
    int wq_busy = 0;
    unsigned checks = 0;
    for (;;) {
        int64_t now = sp_sched_now();
        fire_expired(now);
        if (now >= next_check) {
            sp_sched_monitor(now);
            if (++checks % (100000000 / SYSMON_PERIOD_NS) == 0)
                sp_fiber_pool_trim();     /* released stacks' pages */
            next_check = now + SYSMON_PERIOD_NS;
        }
        if (now >= next_wq_check) {
            wq_busy = sp_sched_wake_recheck();
            next_wq_check = now + WAKE_RECHECK_NS;
        }
        int64_t wake_at = next_check;
        if (wq_busy && next_wq_check < wake_at)
            wake_at = next_wq_check;
        sp_mutex_lock_ranked(&tm_lock, SP_RANK_TIMER);
        sp_timer *t = sp_timer_heap_min(&heap);
        if (t && t->when < wake_at)
            wake_at = t->when;
        sp_mutex_unlock_ranked(&tm_lock, SP_RANK_TIMER);
        int64_t d = wake_at - sp_sched_now();
        if (d <= 0)
            continue;
        if (d > SYSMON_MAX_SLEEP_NS)
            d = SYSMON_MAX_SLEEP_NS;
        sysmon_sleep(d);
    }
    return NULL;
}

void sp_sysmon_start(void)
{
    int zero = 0;
    if (!atomic_compare_exchange_strong(&sysmon_started, &zero, 1))
        return;
    ep = epoll_create1(EPOLL_CLOEXEC);
    efd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (ep < 0 || efd < 0) {
        fprintf(stderr, "[FATAL] spinel: cannot create the sysmon epoll set\n");
        abort();
    }
    struct epoll_event ev;
    memset(&ev, 0, sizeof ev);
    ev.events = EPOLLIN;
    ev.data.ptr = NULL;
    epoll_ctl(ep, EPOLL_CTL_ADD, efd, &ev);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 128 * 1024);
    sp_gc_threads_init();
    if (pthread_create(&sysmon_tid, &attr, sysmon_main, NULL) != 0) {
        fprintf(stderr, "[FATAL] spinel: cannot create the sysmon thread\n");
        abort();
    }
    pthread_attr_destroy(&attr);
}

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
 * The network poller (netep, Go's netpoller): the fds of IOs have a
 * persistent edge-triggered registration each (sp_pollfd.c: event data a
 * poll-descriptor handle, low bit 1); other fds a thread waits for
 * (sp_sched_wait_fd) are registered one-shot with the green thread as the
 * event's data.  Readiness claims the wait like a timer does.  Who polls
 * netep:
 *  - an idle worker, before it sleeps: a non-blocking poll
 *    (sp_netpoll_nonblock), and one idle worker at a time (net_owner)
 *    sleeps in epoll_wait on netep instead of on its futex word
 *    (sp_netpoll_acquire/wait, idle_sleep in sp_sched.c); notify() breaks that sleep through net_efd, an
 *    eventfd in netep.  A ready fd then wakes the worker that will run its
 *    thread, with no hop through this thread.
 *  - a busy worker, at every 61st pick (as it looks at the global queue).
 *  - sysmon, while no worker sleeps in netep and none has looked for 2 ms
 *    (every worker busy, e.g. running one long CPU-bound thread): netep is
 *    itself a member of sysmon's sleep set `ep` (an epoll fd is readable
 *    when a member is ready), so readiness wakes sysmon, which polls netep
 *    without waiting and readies the threads through the wake queue.
 *    While a worker sleeps in netep, sysmon sleeps on `ep_quiet` (its
 *    eventfd only), so one event never wakes two OS threads.
 * Each event is delivered to one poller only (one-shot or edge-triggered
 * registrations).  net_waiters counts armed one-shot registrations and
 * parked poll-descriptor waits, so workers skip the system call when
 * nobody waits for an fd (edges of unwatched descriptors stay queued in
 * netep until somebody polls; sp_pollfd.c keeps them as "ready").
 *
 * Sleeping: epoll_pwait2 (ns timeout; epoll_wait in ms where the kernel
 * lacks it) until the earliest of (next timer, next periodic check).
 * Adding an earlier timer writes the eventfd that is part of both sleep
 * sets, so a kick that arrives before the wait is never lost.
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
static int ep = -1, ep_quiet = -1, efd = -1;
static pthread_t sysmon_tid;
static _Atomic int sysmon_started;
static _Atomic int have_pwait2 = 1;

/* the network poller */
static int netep = -1, net_efd = -1;
static _Atomic(sp_worker *) net_owner;  /* the worker sleeping in netep */
static _Atomic long net_waiters;        /* armed one-shot registrations + parked pd waits */
static _Atomic unsigned net_gen;        /* netep instances made (sp_pollfd.c re-registers) */
static char netep_tag;                  /* event data of netep inside `ep` */
static _Atomic int64_t net_polled_at;   /* a worker's last look at netep */
#define NET_STALE_NS 2000000            /* no worker looked for this long: sysmon watches */

void sp_sysmon_kick(void)
{
    uint64_t one = 1;
    if (write(efd, &one, sizeof one) < 0) {}
}

/* Wait up to d ns (0: just look) on epoll set e. */
static int ep_wait(int e, struct epoll_event *evs, int max, int64_t d)
{
    if (atomic_load_explicit(&have_pwait2, memory_order_relaxed)) {
        struct timespec ts = { (time_t)(d / 1000000000), (long)(d % 1000000000) };
        int n = epoll_pwait2(e, evs, max, &ts, NULL);
        if (n >= 0 || errno != ENOSYS)
            return n;
        atomic_store(&have_pwait2, 0);
    }
    return epoll_wait(e, evs, max, (int)((d + 999999) / 1000000));
}

static void drain(int fd)
{
    uint64_t v;
    if (read(fd, &v, sizeof v) < 0) {}
}

/* Ready the threads of n netep events (any context: a worker's scheduler
 * context puts them on its local queue, sysmon on the wake queue). */
static int net_dispatch(struct epoll_event *evs, int n)
{
    int readied = 0;
    for (int i = 0; i < n; i++) {
        if (!evs[i].data.ptr) {
            drain(net_efd);
            continue;
        }
        if (evs[i].data.u64 & 1) {      /* a poll descriptor (sp_pollfd.c) */
            readied += sp_pd_event(evs[i].data.u64, evs[i].events);
            continue;
        }
        sp_sched_fd_ready(evs[i].data.ptr, NULL);
        readied++;
    }
    return readied;
}

/* Worker (scheduler context), nothing to run: ready the threads whose fd
 * is ready, without waiting.  Skipped while another worker sleeps in the
 * set (it gets the events) or nobody waits for an fd. */
int sp_netpoll_nonblock(void)
{
    if (atomic_load_explicit(&net_waiters, memory_order_relaxed) <= 0 ||
        atomic_load_explicit(&net_owner, memory_order_relaxed) || netep < 0)
        return 0;
    struct epoll_event evs[64];
    atomic_store_explicit(&net_polled_at, sp_sched_now(), memory_order_relaxed);
    int n = epoll_wait(netep, evs, 64, 0);
    return n > 0 ? net_dispatch(evs, n) : 0;
}

/* Worker w (scheduler context, on the idle list): become the one worker
 * that sleeps in netep.  0 if another worker already is (w sleeps on its
 * futex word instead). */
int sp_netpoll_acquire(sp_worker *w)
{
    sp_worker *none = NULL;
    return netep >= 0 && atomic_compare_exchange_strong(&net_owner, &none, w);
}

void sp_netpoll_release(void) { atomic_store(&net_owner, NULL); }

/* The owner: wait up to tick_ns for events.  They are dispatched
 * (sp_netpoll_dispatch) only after the worker has left the idle list, so
 * the dispatch's wakep never picks the dispatching worker itself. */
int sp_netpoll_wait(int64_t tick_ns, struct epoll_event *evs, int max)
{
    int n = ep_wait(netep, evs, max, tick_ns);
    atomic_store_explicit(&net_polled_at, sp_sched_now(), memory_order_relaxed);
    return n < 0 ? 0 : n;
}

int sp_netpoll_dispatch(struct epoll_event *evs, int n) { return net_dispatch(evs, n); }

/* notify(): the worker sleeping in netep is woken by the eventfd. */
void sp_netpoll_break(void)
{
    uint64_t one = 1;
    if (write(net_efd, &one, sizeof one) < 0) {}
}

int sp_netpoll_fd(void) { return netep; }
unsigned sp_netpoll_gen(void) { return atomic_load_explicit(&net_gen, memory_order_acquire); }
void sp_netpoll_waiters(long d) { atomic_fetch_add(&net_waiters, d); }

static int net_stale(void)
{
    return sp_sched_now() - atomic_load_explicit(&net_polled_at, memory_order_relaxed) >= NET_STALE_NS;
}

/* sysmon: no worker sleeps in netep (they are all busy): poll it here.
 * woken: netep woke sysmon's sleep, so it holds something (maybe only a
 * stale break token), which must be taken or sysmon would spin. */
static void sysmon_netpoll(int woken)
{
    if ((!woken && atomic_load_explicit(&net_waiters, memory_order_relaxed) <= 0) ||
        atomic_load(&net_owner))
        return;
    struct epoll_event evs[64];
    int n = epoll_wait(netep, evs, 64, 0);
    if (n > 0) net_dispatch(evs, n);
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
    /* re-arm the registration a fired wait left (the common case: the same
     * socket waited on again), else add one */
    if (epoll_ctl(netep, EPOLL_CTL_MOD, g->fd, &ev) != 0 &&
        (errno != ENOENT || epoll_ctl(netep, EPOLL_CTL_ADD, g->fd, &ev) != 0))
        return -1;
    atomic_fetch_add(&net_waiters, 1);
    return 0;
}

/* The wait on g->fd ended.  fired: its one-shot event was delivered, so
 * the registration is disarmed and stays (nothing can report it again;
 * the next wait on that fd re-arms it with one call, close(2) of the last
 * descriptor removes it).  Otherwise (timeout, interrupt, close) it is
 * still armed and is deleted: a later event would name a thread that is
 * no longer waiting for it. */
void sp_sysmon_unwatch_fd(sp_gthread *g, int fired)
{
    atomic_fetch_sub(&net_waiters, 1);
    if (!fired)
        epoll_ctl(netep, EPOLL_CTL_DEL, g->fd, NULL);
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
    struct epoll_event evs[8];
    /* workers look at netep themselves while they go idle now and then
     * (every event would otherwise wake this thread as well) */
    int quiet = atomic_load(&net_owner) != NULL;
    if (!quiet && !net_stale()) {
        quiet = 1;
        if (d > NET_STALE_NS)
            d = NET_STALE_NS;   /* then look again whether they still do */
    }
    int n = ep_wait(quiet ? ep_quiet : ep, evs, 8, d);
    for (int i = 0; i < n; i++) {
        if (evs[i].data.ptr == &netep_tag)
            sysmon_netpoll(1);
        else
            drain(efd);
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
        if (net_stale())        /* the workers are all busy */
            sysmon_netpoll(0);
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

/* fork child (sp_sched_atfork_child): sysmon did not come along; its
 * epoll sets and eventfds are the parent's (an epoll set survives fork
 * shared), so they are closed and made anew when the scheduler restarts. */
void sp_sysmon_atfork_child(void)
{
    pthread_mutex_init(&tm_lock, NULL);
    heap.len = 0;
    int *fds[] = { &ep, &ep_quiet, &netep, &efd, &net_efd };
    for (size_t i = 0; i < sizeof fds / sizeof fds[0]; i++) {
        if (*fds[i] >= 0) close(*fds[i]);
        *fds[i] = -1;
    }
    atomic_store(&net_owner, NULL);
    atomic_store(&net_waiters, 0);
    atomic_store(&sysmon_started, 0);
    sp_pd_atfork_child();
}

static int add_in(int set, int fd, void *data)
{
    struct epoll_event ev;
    memset(&ev, 0, sizeof ev);
    ev.events = EPOLLIN;
    ev.data.ptr = data;
    return epoll_ctl(set, EPOLL_CTL_ADD, fd, &ev);
}

/* The epoll sets and eventfds; before the workers start (they poll netep). */
void sp_netpoll_init(void)
{
    if (netep >= 0)
        return;
    ep = epoll_create1(EPOLL_CLOEXEC);
    ep_quiet = epoll_create1(EPOLL_CLOEXEC);
    netep = epoll_create1(EPOLL_CLOEXEC);
    efd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    net_efd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (ep < 0 || ep_quiet < 0 || netep < 0 || efd < 0 || net_efd < 0 ||
        add_in(ep, efd, NULL) || add_in(ep_quiet, efd, NULL) ||
        add_in(ep, netep, &netep_tag) || add_in(netep, net_efd, NULL)) {
        fprintf(stderr, "[FATAL] spinel: cannot create the epoll sets\n");
        abort();
    }
    atomic_fetch_add_explicit(&net_gen, 1, memory_order_release);
}

void sp_sysmon_start(void)
{
    int zero = 0;
    if (!atomic_compare_exchange_strong(&sysmon_started, &zero, 1))
        return;
    sp_netpoll_init();
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

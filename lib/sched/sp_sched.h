/*
 * sp_sched.h — green threads over N OS workers: the scheduler API.
 *
 * Model (DESIGN.md "Threads"; doc/scheduler.md has the details):
 *  - A green thread (sp_gthread) is a fiber plus this scheduling record.
 *  - N workers = min(online cores, SPINEL_WORKERS) (1..256), fixed when the
 *    scheduler starts (first sp_sched_spawn / first timed park).  Worker 0
 *    is the main OS thread; the main program is the main green thread.
 *    Nothing starts before that: a program without threads pays nothing.
 *  - Each worker owns a bounded local run queue (256 slots, single
 *    producer, stealable) and a one-slot "runnext" (threads its running
 *    thread wakes: Queue/Mutex/CV hand-offs); a global run queue takes
 *    overflow and preempted threads (at its back); a wake queue takes
 *    threads readied from outside the workers (sysmon: timers, fds).
 *    Pick order: every 61st pick the global queue, then the wake queue,
 *    runnext, local, global, then steal half of a random victim's queue.
 *  - Idle workers spin (20 us with 2+ workers; a busy worker's runnext is
 *    stolen only after 3 us), then sleep on their own futex word
 *    (empty / parked / notified) with a backing-off tick (1 ms -> 100 ms)
 *    so a missed wake is recovered by the tick.  Idle workers poll the
 *    fd set themselves (one sleeps in it): a ready fd wakes the worker
 *    that runs its thread, not sysmon (sp_sysmon.c).
 *  - One sysmon OS thread (sp_sysmon.c): timers, preemption (10 ms
 *    quantum), hand-off of workers stuck in blocking regions.  A thread
 *    readied into the wake queue preempts one running thread at once
 *    (one-shot priority, so a timer-woken thread runs within a poll
 *    interval instead of after every queued CPU-bound thread's quantum).
 *
 * ===================== Parking API (for sp_sync.c etc.) =====================
 *
 * The rule that makes lost wakeups impossible is COMMIT AFTER SWITCH: a
 * thread that blocks calls sp_sched_park*() WITH ITS WAIT LIST'S LOCK HELD,
 * after linking its waiter node into the list.  The park switches to the
 * worker's scheduler context first; only then does the scheduler call
 * unlockf(arg) to release the lock.  A waker, which must take the same
 * lock to find the waiter, can therefore never see a thread that is still
 * running on its own stack.
 *
 * Waiting with a timeout or interruptibly (Thread#raise/kill, wakeup):
 *
 *     lock(&q->lock);
 *     if (can proceed) { ...; unlock; return; }
 *     sp_waiter *w = sp_sched_wait_prepare();      // current thread's node
 *     list_append(&q->waiters, w);                  // your list, your lock
 *     int why = sp_sched_park_wait(unlock_fn, &q->lock, deadline_ns,
 *                                  SP_PARK_DEADLOCKABLE);
 *     // runs again; q->lock is NOT held here
 *     if (why != SP_WAKE_SIGNAL) {                 // timeout / interrupt / wakeup
 *         lock(&q->lock);
 *         if (w is still linked) list_remove(w);    // a waker skipped us
 *         unlock(&q->lock);
 *         if (why == SP_WAKE_INTERRUPT) sp_sched_check_ints();  // raises
 *     }
 *
 *     Waker (holding q->lock):
 *         for each waiter w in order:
 *             if (sp_sched_claim(w->g, SP_WAKE_SIGNAL)) {   // we won w
 *                 list_remove(w); w->data = item; ...
 *                 sp_sched_ready(w->g);                      // may be after unlock
 *                 break;
 *             }   // else: w timed out / was interrupted; it unlinks itself
 *
 * Exactly one of {a waker, the timer, an interrupt, Thread#wakeup} claims
 * a given wait; the claim decides the return value of sp_sched_park_wait.
 * sp_sched_wake(g, reason) = claim + ready.
 *
 * The simple form sp_sched_park(unlockf, arg) has no token: the thread is
 * woken only by sp_sched_ready(g) from whoever finds it on the list (use it
 * for uninterruptible internal waits).
 */
#ifndef SP_SCHED_H
#define SP_SCHED_H

#include "sp_fiber.h"
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

typedef struct sp_gthread sp_gthread;
typedef struct sp_worker sp_worker;

/* ------------------------------------------------------------------ */
/* Timers (sp_timer.c: heap; sp_sysmon.c: the clock)                   */

typedef struct sp_timer {
    int64_t when;            /* deadline, CLOCK_MONOTONIC ns */
    int index;               /* position in the heap, -1: not queued */
    uint64_t order;          /* FIFO among equal deadlines */
    void (*fn)(void *arg, uint64_t seq);  /* called by sysmon, no lock held */
    void *arg;
    uint64_t seq;            /* copied to fn (stale-timer detection) */
} sp_timer;

typedef struct sp_timer_heap {
    sp_timer **a;
    int len, cap;
    uint64_t next_order;
} sp_timer_heap;

void      sp_timer_heap_push(sp_timer_heap *h, sp_timer *t);
sp_timer *sp_timer_heap_min(sp_timer_heap *h);
sp_timer *sp_timer_heap_pop(sp_timer_heap *h);
int       sp_timer_heap_remove(sp_timer_heap *h, sp_timer *t);  /* 1 if it was queued */

/* Monotonic clock in ns. */
int64_t sp_sched_now(void);

/* ------------------------------------------------------------------ */
/* Green threads                                                       */

/* Wait-list node, embedded in every green thread (g->wait).  The list
 * owner links it into its own list under its own lock; `data` and
 * `ticket` are free for the list owner (e.g. the value a Queue#push
 * hands over). */
typedef struct sp_waiter {
    struct sp_waiter *next, *prev;
    sp_gthread *g;
    void *data;
    long ticket;
    int linked;              /* free for the list owner: "still on my list" */
} sp_waiter;

/* Why sp_sched_park_wait returned. */
enum sp_wake {
    SP_WAKE_NONE = 0,
    SP_WAKE_SIGNAL,          /* a waker claimed us (the normal case) */
    SP_WAKE_TIMEOUT,         /* the deadline passed */
    SP_WAKE_INTERRUPT,       /* Thread#raise/kill, SIGINT, deadlock: call sp_sched_check_ints() */
    SP_WAKE_WAKEUP,          /* Thread#wakeup / #run */
};

/* sp_sched_park_wait flags */
enum {
    SP_PARK_DEADLOCKABLE = 1,   /* counts toward deadlock detection (join,
                                   Queue#pop, Mutex#lock, Thread.stop; not
                                   Kernel#sleep) */
    SP_PARK_NO_WAKEUP = 2,      /* Thread#wakeup does not end this wait */
};

/* Green thread states */
enum {
    SP_G_NEW, SP_G_RUNNABLE, SP_G_RUNNING, SP_G_PARKING, SP_G_PARKED, SP_G_DEAD
};

/* Pending interrupt bits (g->ints). */
enum {
    SP_INT_PREEMPT  = 1u << 0,
    SP_INT_RAISE    = 1u << 1,   /* g->pending_exc */
    SP_INT_KILL     = 1u << 2,
    SP_INT_WAKEUP   = 1u << 3,
    SP_INT_SIGINT   = 1u << 4,   /* main thread only */
    SP_INT_DEADLOCK = 1u << 5,   /* main thread only */
    SP_INT_BACKTRACE = 1u << 6,  /* capture your backtrace (Thread#backtrace) */
    SP_INT_SIGNAL   = 1u << 7,   /* main thread only: a trapped signal (sp_signal.c) */
    SP_INT_WAKE_MASK = SP_INT_RAISE | SP_INT_KILL | SP_INT_SIGINT | SP_INT_DEADLOCK | SP_INT_SIGNAL,
};

/* Async-signal-safe: post interrupt bits to the main thread (sysmon wakes
 * it within a period if it is parked). */
void sp_sched_signal_main(uint32_t bits);

struct sp_gthread {
    sp_fiber *fiber;            /* the fiber this thread runs now (Ruby
                                   Fibers switch it) */
    sp_fiber *root;             /* its own fiber; NULL for the main thread */
    sp_ec *ec;                  /* the root fiber's context (GC heap) */
    void (*fn)(void *);
    void *arg;
    _Atomic int state;          /* SP_G_* */
    _Atomic uint64_t token;     /* (wait seq << 4) | token state (sp_sched.c) */
    uint64_t wait_seq;
    int park_flags;
    int wake_reason;            /* result of the last park_wait */
    int64_t deadline;
    sp_waiter wait;             /* embedded wait-list node */
    sp_timer timer;             /* embedded timeout timer */
    _Atomic uint32_t ints;      /* SP_INT_* pending */
    uintptr_t pending_exc;      /* for SP_INT_RAISE (set before the bit): the
                                   exception, an sp_value the scheduler only
                                   carries (sp_thread.c) */
    uint64_t id;                /* 1 = main */
    int is_main;
    int counted_blocked;        /* included in the deadlock count */
    sp_worker *_Atomic worker;  /* last worker that ran it */
    struct sp_gthread *rq_next; /* global run queue link */
    struct sp_gthread *all_next, *all_prev;   /* all live threads */
    void *robj;                 /* the Ruby Thread object (sp_thread.c) */
    const char *park_what;      /* what it waits for, for deadlock reports */
    int fd;                     /* sp_sched_wait_fd: the descriptor */
    int fd_events;              /* SP_FD_* while an fd wait is open, else 0 */
    void *_Atomic fd_key;       /* the poll-descriptor slot it waits in
                                   (sp_pollfd.c), NULL in any other wait */
    int64_t run_start;          /* trace */
    /* Thread.handle_interrupt (sp_thread.c): interrupts deferred until a
     * blocking wait exist; the last park_wait ended by an interrupt */
    int defer_blocking;
    int at_blocking;
    /* sp_sync.c: head of the list of Mutexes this thread's fibers hold
     * (touched only by the thread itself, read by nobody else) */
    struct sp_mutex *sync_held;
};

/* Start fn(arg) in a new green thread; it becomes runnable at once.
 * Starts the scheduler on first use.  stack 0: default size.
 * The record is GC-allocated and kept alive while the thread lives. */
sp_gthread *sp_sched_spawn(void (*fn)(void *), void *arg, size_t stack);
/* Like spawn but do not make it runnable yet (sp_sched_start_thread). */
sp_gthread *sp_sched_create(void (*fn)(void *), void *arg, size_t stack);
void sp_sched_start_thread(sp_gthread *g);

/* The running green thread (the main one before the scheduler starts). */
sp_gthread *sp_sched_current(void);
sp_gthread *sp_sched_main(void);
/* Has the scheduler started (workers exist)? */
int sp_sched_started(void);
int sp_sched_nworkers(void);
/* OS thread id of the worker that last ran g (0 if unknown). */
long sp_sched_native_tid(sp_gthread *g);

/* Let others run: the current thread goes to the back of its worker's
 * local queue. */
void sp_sched_yield(void);

/* Park without a token.  Precondition: called by the current thread with
 * the wait list's lock held (or unlockf NULL); the lock is released by
 * unlockf(arg) AFTER the switch, on the scheduler context.  Returns when
 * someone calls sp_sched_ready(g). */
void sp_sched_park(void (*unlockf)(void *), void *arg);

/* Reset and return the current thread's waiter node, and open a new wait
 * (token state "preparing": not claimable until the park commits).  Call
 * with the list lock held, before linking the node. */
sp_waiter *sp_sched_wait_prepare(void);
/* Park for the wait opened by sp_sched_wait_prepare.  Same lock rule as
 * sp_sched_park.  deadline_ns: absolute sp_sched_now() time, or 0 for
 * none.  flags: SP_PARK_*.  Returns enum sp_wake. */
int sp_sched_park_wait(void (*unlockf)(void *), void *arg, int64_t deadline_ns, int flags);
/* Claim g's current wait with `reason` (one winner per wait).  Returns 1
 * if the caller won and must now call sp_sched_ready(g) (after unlinking
 * g's node if it holds a list).  Any context, any lock. */
int sp_sched_claim(sp_gthread *g, int reason);
/* claim + ready */
int sp_sched_wake(sp_gthread *g, int reason);
/* Make a parked thread runnable.  Any context (worker, sysmon, foreign
 * thread).  Each park is matched by exactly one ready. */
void sp_sched_ready(sp_gthread *g);

/* Finish the current green thread (never returns).  Its fiber is released
 * on the scheduler context after the switch. */
SP_NORETURN void sp_sched_exit(void);

/* Sleep the current thread until the deadline (0: forever) or a
 * wakeup/interrupt.  Returns enum sp_wake.  Works without the scheduler
 * (plain nanosleep loop, interruptible by SIGINT). */
int sp_sched_sleep_until(int64_t deadline_ns, int flags);

/* Wait until fd is readable (SP_FD_READ) and/or writable (SP_FD_WRITE),
 * the deadline passes (0: none), or an interrupt/wakeup arrives.  Returns
 * enum sp_wake; SP_WAKE_SIGNAL means "probably ready" (spurious readiness
 * is possible: callers retry their non-blocking I/O and wait again).  The
 * worker is free meanwhile (sysmon's epoll set watches the fd).  Without
 * the scheduler it is a plain poll(2).  Not deadlockable. */
enum { SP_FD_READ = 1, SP_FD_WRITE = 2 };
int sp_sched_wait_fd(int fd, int events, int64_t deadline_ns);

/* Poll descriptors (sp_pollfd.c, Go's pollDesc): a persistent
 * edge-triggered registration of an IO's fd, made at its first wait and
 * removed by sp_pd_close, with a reader slot and a writer slot that keep
 * an edge arriving while nobody waits.  The file's header states the
 * invariants; the owner (an IO) calls sp_pd_close before close(2), with
 * no thread waiting on it.  sp_pd_open returns NULL when no record can be
 * had (the caller then waits as sp_sched_wait_fd does). */
typedef struct sp_pd sp_pd;
sp_pd *sp_pd_open(int fd);
/* Like sp_sched_wait_fd on pd's fd; SP_WAKE_SIGNAL takes the slot's edge. */
int sp_pd_wait(sp_pd *pd, int events, int64_t deadline_ns);
void sp_pd_close(sp_pd *pd);
/* Wait on fd through a private level-triggered epoll set holding it (a
 * second waiter on one fd, or any fd whose netpoll registration belongs to
 * somebody else). */
int sp_fd_wait_private(int fd, int events, int64_t deadline_ns);

/* Interrupts.  Post bits to g (sets sp_pending); if g is parked in an
 * interruptible wait, claims it with SP_WAKE_INTERRUPT / SP_WAKE_WAKEUP and
 * readies it. */
void sp_sched_interrupt(sp_gthread *g, uint32_t bits);
/* Take the current thread's pending bits (clears them). */
uint32_t sp_sched_take_ints(sp_gthread *g);
/* Handle pending interrupts of the current thread now (same as the
 * SP_POLL slow path): preempt -> yield; others -> sp_sched_int_hook. */
void sp_sched_check_ints(void);
/* Installed by sp_thread.c: raises/unwinds for RAISE/KILL/SIGINT/DEADLOCK
 * bits in the current thread.  May not return. */
extern void (*sp_sched_int_hook)(sp_gthread *g, uint32_t bits);
/* Installed by sp_thread.c: called at the start of an interruptible wait
 * (sp_sched_park_wait, wait-list lock held: must not raise or park) of a
 * thread with g->defer_blocking set; re-posts the interrupts that
 * Thread.handle_interrupt(... => :on_blocking) held back. */
extern void (*sp_sched_blocking_hook)(sp_gthread *g);
/* Called on the scheduler context when a deadlock is detected, before the
 * main thread is interrupted (sp_thread.c builds the report). */
extern void (*sp_sched_deadlock_hook)(void);

/* Blocking C regions (system, gets, file reads, FFI).  Between begin and
 * end the thread must not touch scheduler state or park; sysmon hands the
 * worker's queued threads to other workers if the region runs long. */
void sp_blocking_begin(void);
void sp_blocking_end(void);
/* Is g running inside a blocking region right now? (a hint) */
int sp_sched_in_blocking(sp_gthread *g);

/* Pin g's current fiber so that it runs no code until sp_sched_unpin:
 * its ec->frame chain is then stable and may be read from another thread
 * (Thread#backtrace).  Returns NULL when g is running right now (or dead):
 * ask it with SP_INT_BACKTRACE instead.  Any green thread; no lock. */
sp_fiber *sp_sched_pin(sp_gthread *g);
void sp_sched_unpin(sp_fiber *f);

/* Iterate all live green threads (under the all-threads lock; fn must not
 * park or spawn). */
void sp_sched_each_thread(void (*fn)(sp_gthread *g, void *arg), void *arg);
long sp_sched_thread_count(void);

/* Wait until every green thread except the caller is dead (the caller
 * should have killed them).  Returns 0, or -1 after timeout_ns. */
int sp_sched_wait_others(int64_t timeout_ns);

/* Install the SIGINT handler (Interrupt in the main thread). */
void sp_sched_install_sigint(void);

/* Stats printed at exit with SPINEL_SCHED_STATS=1. */
typedef struct sp_sched_stats {
    uint64_t switches, steals, stolen, parks, wakes, tick_recoveries,
             preemptions, timer_wakes, idle_sleeps, futex_wakes, global_picks,
             handoffs, spawns, yields,
             wake_preempts;     /* preemptions to run a timer/fd-woken thread */
} sp_sched_stats;
void sp_sched_get_stats(sp_sched_stats *out);

/* ------------------------------------------------------------------ */
/* Internal: shared between sp_sched.c and sp_sysmon.c                 */

#define SP_RUNQ_SIZE 256
#define SP_SYSMON_PERIOD_NS 5000000   /* sysmon's periodic checks */
#define SP_QUANTUM_NS      10000000   /* a slice longer than this is preempted
                                         (when others wait): 10-15 ms */
#define SP_MAX_WORKERS 256

typedef struct sp_runq {
    _Atomic uint32_t head;      /* consumers (owner and stealers) CAS */
    _Atomic uint32_t tail;      /* only the owner stores */
    sp_gthread *_Atomic buf[SP_RUNQ_SIZE];
} sp_runq;

/* Run queue primitives (exposed for the unit test). */
int  sp_runq_put(sp_runq *q, sp_gthread *g);           /* owner; 0 if full */
sp_gthread *sp_runq_get(sp_runq *q);                   /* owner */
int  sp_runq_steal(sp_runq *dst, sp_runq *src);        /* dst owner; returns count moved */
uint32_t sp_runq_len(sp_runq *q);

struct sp_worker {
    int id;
    sp_runq rq;
    sp_gthread *_Atomic runnext;
    sp_fiber *sched;            /* scheduler context */
    sp_fthread *ft;
    sp_gthread *_Atomic curg;   /* running green thread or NULL */
    _Atomic uint32_t futex;     /* 0 empty, 1 parked, 2 notified */
    _Atomic int idle;           /* on the idle list */
    _Atomic int spinning;       /* set by the waker too (wakep) */
    _Atomic int netpolling;     /* sleeping in the netpoll set, not on futex */
    uint32_t schedtick;
    uint64_t rng;
    /* commit-after-switch action, set by the parking thread */
    int action;
    sp_gthread *action_g;
    void (*unlockf)(void *);
    void *unlock_arg;
    /* sysmon view */
    _Atomic uint64_t run_seq;   /* incremented at every run slice */
    _Atomic int64_t run_since;
    _Atomic uint32_t blocking;  /* odd: in a blocking region (sequence counter) */
    _Atomic int stw_safe;       /* holds no runtime lock and looks at the
                                   stop-the-world request before it takes one */
    _Atomic int retired;        /* spare worker parked until needed again */
    uint64_t sysmon_seen_seq;
    int64_t tick_ns;
    pthread_t tid;
    _Atomic long os_tid;        /* gettid() of the worker's OS thread */
    struct sp_worker *idle_next;
    /* per-worker stats (owner writes) */
    sp_sched_stats st;
    /* trace buffer */
    struct sp_trace_ev *trace;
    size_t trace_len, trace_cap;
    char pad[64];
};

extern sp_worker *sp_workers;
extern _Atomic int sp_nworkers;
extern _Atomic int sp_sched_running;
/* Set (never cleared) before a second worker starts: from then on built-in
 * objects take their object locks (lib/runtime/sp_lock.h).  A plain int
 * read with relaxed atomic loads on every container mutation. */
extern int sp_sched_parallel;
sp_worker *sp_sched_self(void);        /* NULL off workers; not inline */
void sp_sched_ready_global(sp_gthread *g);
void sp_sched_wakep(void);
void sp_sched_drain_to_global(sp_worker *w);
int sp_sched_any_idle(void);
void sp_sched_add_spare(void);
void sp_sched_stat_add(int which, uint64_t n);   /* sysmon counters */
enum { SP_STAT_PREEMPT, SP_STAT_TIMER, SP_STAT_HANDOFF };

/* sysmon */
void sp_sched_monitor(int64_t now);     /* periodic checks, sysmon thread */
int  sp_sched_wake_recheck(void);       /* sysmon: woken threads still queued? */
void sp_sysmon_start(void);
void sp_sysmon_add_timer(sp_timer *t);
int  sp_sysmon_del_timer(sp_timer *t);  /* 1 if removed before firing */
void sp_sysmon_kick(void);
int  sp_sysmon_watch_fd(sp_gthread *g);
void sp_sysmon_unwatch_fd(sp_gthread *g, int fired);
/* a poller: the fd g waits for became ready; key: the poll-descriptor
 * slot the event is for (only a wait in that slot is claimed), or NULL for
 * a one-shot registration */
void sp_sched_fd_ready(sp_gthread *g, void *key);
/* Close a wait opened by sp_sched_wait_prepare without parking. */
void sp_sched_wait_abandon(void);
/* the network poller (sp_sysmon.c): idle workers poll the fd set */
struct epoll_event;
void sp_netpoll_init(void);
int  sp_netpoll_nonblock(void);
int  sp_netpoll_acquire(sp_worker *w);
void sp_netpoll_release(void);
int  sp_netpoll_wait(int64_t tick_ns, struct epoll_event *evs, int max);
int  sp_netpoll_dispatch(struct epoll_event *evs, int n);
void sp_netpoll_break(void);
int  sp_netpoll_fd(void);               /* the netpoll epoll set */
unsigned sp_netpoll_gen(void);          /* bumped each time it is made (fork) */
void sp_netpoll_waiters(long d);        /* fd waits parked: workers poll while > 0 */
int  sp_pd_event(uint64_t data, uint32_t events);   /* a poller: 1 if it readied a thread */
void sp_pd_atfork_child(void);
/* Stop the world around fork(2) (sp_sched.c "Stopping the world"):
 * returns once every other worker is parked where it holds no runtime
 * lock (a safepoint, its scheduler loop, or a blocking region it will not
 * leave until sp_sched_start_world).  Call from a green thread holding no
 * lock; 0 (nothing to do) when the scheduler has not started. */
int  sp_sched_stop_world(void);
void sp_sched_start_world(void);
/* fork(2) child: back to "not started", the caller the main thread */
void sp_sched_atfork_child(void (*dead)(sp_gthread *));
void sp_sysmon_atfork_child(void);
void sp_fiber_atfork_child(void);

#endif

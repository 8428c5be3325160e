/*
 * sp_sched.c — workers, run queues, parking, interrupts, safepoint slow path.
 *
 * Representation (see sp_sched.h for the model and the parking API):
 *  - sp_workers[0..nworkers): worker 0 is the main OS thread; its
 *    scheduler context is an mmap'd fiber.  Workers 1.. are OS threads
 *    (GC_pthread_create via gc.h redirects) whose native stack is their
 *    scheduler context.  A scheduler context only ever runs on its own
 *    worker, so the scheduler loop may keep `w`; green-thread code must
 *    re-read sp_sched_self() after anything that can switch.
 *  - Local run queue: Go-style ring of 256 slots; the owner stores tail,
 *    owner and stealers CAS head.  runnext holds the thread the owner just
 *    readied (hand-off locality); stealers take it only as a last resort.
 *  - Global run queue: mutex + FIFO list + atomic length (cold path:
 *    overflow, preempted threads, every 61st pick).
 *  - Wake queue: the same kind of list, for threads readied by sysmon
 *    (timer expiry, fd readiness) or foreign threads; taken before runnext
 *    and the local queue, and its arrival preempts one running thread
 *    (wake_preempt), so a woken thread does not wait behind preempted
 *    CPU-bound threads in the global queue.
 *  - Idle workers: a mutex-protected stack of idle workers plus counters
 *    nidle / nspinning (seq_cst).  ready() publishes work, then wakep()
 *    reads the counters; an idler announces itself idle, then re-checks
 *    every queue before sleeping (Dekker) — and sleeps only for a tick;
 *    one idle worker at a time sleeps in the netpoll set instead of on its
 *    futex word (sp_sysmon.c), and notify() wakes it through an eventfd.
 *  - Commit after switch: a thread that parks/yields/exits records the
 *    action in its worker (w->action) and switches to the scheduler
 *    context, which performs the action (requeue, release the wait-list
 *    lock, free the dead fiber) only once the thread is off its stack.
 *  - Wait tokens: g->token = (wait seq << 4) | state.  States: idle,
 *    preparing (between wait_prepare and the commit: nobody may claim),
 *    waiting (claimable), claimed+reason.  One CAS decides who wakes a
 *    wait; the seq makes stale timers harmless.
 *  - Stop the world (fork only): stw_req + sp_pending send every running
 *    thread to a safepoint where its worker waits; workers between
 *    threads (stw_safe) or in blocking regions count as stopped.
 *  - Deadlock detection: one packed counter (live << 32 | blocked) so
 *    "every live thread is parked forever" is checked atomically at every
 *    deadlockable park and every exit.
 *
 * Costs: yield through the local queue = 2 switches + 2 uncontended
 * atomics; park/ready across workers adds a futex wake only when no worker
 * is spinning.  No global lock on the hot paths.
 *
 * Lock order (sp_assert.h ranks; `make debug` checks it on every
 * acquisition: an OS thread holding a lock may only take one of the same
 * or a later rank):
 *   1. wait lists    the sp_spin of a Mutex, Queue, CV or Thread (held
 *                    across a park until the commit releases it)
 *   2. start_lock    scheduler start-up (the first timed park starts the
 *                    scheduler with its wait list's lock held)
 *   3. all_lock      the list of all threads (start-up adds the main
 *                    thread; sp_sched_each_thread's callback runs under
 *                    it and takes no wait-list lock)
 *   4. tm_lock       the timer heap (sp_sysmon.c; commit_park_wait adds
 *                    the timer while the waiter's wait-list lock is held)
 *   5. gq_lock, wq_lock   global and wake queues (never both at once)
 *   6. idle_lock     the idle-worker stack
 *   7. pool_lock     fiber stacks (sp_fiber.c)
 *   8. pd_lock       the poll-descriptor table (sp_pollfd.c; a leaf)
 * The collector's allocation lock is outside this order: GC_MALLOC may be
 * called under any of them, and the GC hooks take none of them.
 */
#define _GNU_SOURCE
#include "sp_sched.h"

#include <errno.h>
#include <linux/futex.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

volatile int sp_pending;
void (*sp_sched_int_hook)(sp_gthread *g, uint32_t bits);
void (*sp_sched_deadlock_hook)(void);

sp_worker *sp_workers;
_Atomic int sp_nworkers;
_Atomic int sp_sched_running;
int sp_sched_parallel;
static int ntarget;                     /* configured worker count */

static sp_gthread main_g_storage;       /* static: scanned by the GC */
static sp_gthread *main_g;
static _Atomic uint64_t next_gid = 1;

static pthread_mutex_t start_lock = PTHREAD_MUTEX_INITIALIZER;

/* all live threads */
static pthread_mutex_t all_lock = PTHREAD_MUTEX_INITIALIZER;
static sp_gthread *all_head;            /* static root: keeps records alive */
static long all_count;

/* global run queue */
static pthread_mutex_t gq_lock = PTHREAD_MUTEX_INITIALIZER;
static sp_gthread *gq_head, *gq_tail;
static _Atomic long gq_len;

/* wake queue: threads readied from outside the workers (timers, fd
 * readiness, foreign threads); checked before every other queue */
static pthread_mutex_t wq_lock = PTHREAD_MUTEX_INITIALIZER;
static sp_gthread *wq_head, *wq_tail;
static _Atomic long wq_len;
static _Atomic uint64_t wq_takes;       /* threads taken so far (sysmon's progress check) */

/* idle workers */
static pthread_mutex_t idle_lock = PTHREAD_MUTEX_INITIALIZER;
static sp_worker *idle_list;
static _Atomic int nidle, nspinning;

/* deadlock accounting: (live << 32) | blocked */
#define LIVE_ONE ((uint64_t)1 << 32)
static _Atomic uint64_t live_blocked;

/* sysmon-side counters */
static _Atomic uint64_t stat_preempt, stat_timer, stat_handoff, stat_wake_preempt;

/* tracing */
typedef struct sp_trace_ev { uint64_t gid; int64_t ts, dur; } sp_trace_ev;
static int trace_on, stats_on;
static const char *trace_path;
static _Atomic int trace_frozen;
static int64_t trace_t0;

enum { ACT_NONE, ACT_YIELD, ACT_PREEMPT, ACT_PARK, ACT_PARK_WAIT, ACT_EXIT };

/* TOK_PREP_FIRED: the fd registered by the commit became ready while the
 * token still said "preparing"; the commit claims the wait itself. */
enum { TOK_IDLE = 0, TOK_PREP = 1, TOK_WAIT = 2, TOK_PREP_FIRED = 3, TOK_CLAIMED = 8 };
/* The claim of an fd wait by its readiness event (internal: the one-shot
 * registration has fired; sp_sched_wait_fd reports SP_WAKE_SIGNAL). */
#define WAKE_FD_FIRED 7
#define TOK_STATE(t) ((int)((t) & 15))
#define TOK_SEQ(t)   ((t) >> 4)
#define TOK(seq, st) (((uint64_t)(seq) << 4) | (uint64_t)(st))

static void sched_loop(sp_worker *w);
static void deadlock_check(uint64_t v);
static void stw_leave_safe(sp_worker *w);
static void stw_stop_here(sp_worker *w);
/* stopping the world (see there) */
static _Atomic int stw_req;             /* a fork asks every worker to stop */
static _Atomic uint32_t stw_gen;        /* bumped at the restart; stopped workers sleep on it */
static sp_worker *_Atomic stw_owner;    /* the requester's worker */

/* ------------------------------------------------------------------ */
/* Small helpers                                                       */

int64_t sp_sched_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static __thread sp_worker *tls_worker;

SP_NOINLINE sp_worker *sp_sched_self(void)
{
    sp_worker *w = tls_worker;
    __asm__ volatile("" ::: "memory");
    return w;
}

static long futex(_Atomic uint32_t *addr, int op, uint32_t val, const struct timespec *ts)
{
    return syscall(SYS_futex, (uint32_t *)addr, op | FUTEX_PRIVATE_FLAG, val, ts, NULL, 0);
}

static uint64_t xorshift(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x << 13; x ^= x >> 7; x ^= x << 17;
    return *s = x;
}

static inline void cpu_relax(void)
{
#if defined(__x86_64__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ volatile("yield");
#endif
}

static void pending_inc(void) { __atomic_fetch_add(&sp_pending, 1, __ATOMIC_SEQ_CST); }
static void pending_dec(void) { __atomic_fetch_sub(&sp_pending, 1, __ATOMIC_SEQ_CST); }

/* ------------------------------------------------------------------ */
/* Local run queue (sp_runq)                                           */

uint32_t sp_runq_len(sp_runq *q)
{
    uint32_t h = atomic_load_explicit(&q->head, memory_order_acquire);
    uint32_t t = atomic_load_explicit(&q->tail, memory_order_acquire);
    return t - h;
}

int sp_runq_put(sp_runq *q, sp_gthread *g)
{
    uint32_t h = atomic_load_explicit(&q->head, memory_order_acquire);
    uint32_t t = atomic_load_explicit(&q->tail, memory_order_relaxed);
    if (t - h >= SP_RUNQ_SIZE)
        return 0;
    atomic_store_explicit(&q->buf[t % SP_RUNQ_SIZE], g, memory_order_relaxed);
    atomic_store_explicit(&q->tail, t + 1, memory_order_release);
    return 1;
}

sp_gthread *sp_runq_get(sp_runq *q)
{
    for (;;) {
        uint32_t h = atomic_load_explicit(&q->head, memory_order_acquire);
        uint32_t t = atomic_load_explicit(&q->tail, memory_order_relaxed);
        if (t == h)
            return NULL;
        sp_gthread *g = atomic_load_explicit(&q->buf[h % SP_RUNQ_SIZE], memory_order_relaxed);
        if (atomic_compare_exchange_weak_explicit(&q->head, &h, h + 1,
                                                  memory_order_release, memory_order_relaxed))
            return g;
    }
}

/* Move half of src's queue to dst (which must be empty; dst's owner
 * calls this).  Returns the number moved. */
int sp_runq_steal(sp_runq *dst, sp_runq *src)
{
    uint32_t dt = atomic_load_explicit(&dst->tail, memory_order_relaxed);
    for (;;) {
        uint32_t h = atomic_load_explicit(&src->head, memory_order_acquire);
        uint32_t t = atomic_load_explicit(&src->tail, memory_order_acquire);
        uint32_t n = t - h;
        n = n - n / 2;
        if (n == 0)
            return 0;
        if (n > SP_RUNQ_SIZE / 2)
            continue;               /* inconsistent snapshot */
        for (uint32_t i = 0; i < n; i++) {
            sp_gthread *g = atomic_load_explicit(&src->buf[(h + i) % SP_RUNQ_SIZE],
                                                 memory_order_relaxed);
            atomic_store_explicit(&dst->buf[(dt + i) % SP_RUNQ_SIZE], g, memory_order_relaxed);
        }
        if (atomic_compare_exchange_strong_explicit(&src->head, &h, h + n,
                                                    memory_order_acq_rel, memory_order_relaxed)) {
            atomic_store_explicit(&dst->tail, dt + n, memory_order_release);
            return (int)n;
        }
    }
}

/* ------------------------------------------------------------------ */
/* Global run queue                                                    */

static void gq_put_locked(sp_gthread *g)
{
    SP_ASSERT_MUTEX_HELD(&gq_lock);
    g->rq_next = NULL;
    if (gq_tail) gq_tail->rq_next = g; else gq_head = g;
    gq_tail = g;
    atomic_fetch_add(&gq_len, 1);
}

static void gq_put(sp_gthread *g)
{
    sp_mutex_lock_ranked(&gq_lock, SP_RANK_RUNQ);
    gq_put_locked(g);
    sp_mutex_unlock_ranked(&gq_lock, SP_RANK_RUNQ);
}

static sp_gthread *gq_take_locked(void)
{
    SP_ASSERT_MUTEX_HELD(&gq_lock);
    sp_gthread *g = gq_head;
    if (g) {
        gq_head = g->rq_next;
        if (!gq_head) gq_tail = NULL;
        g->rq_next = NULL;
        atomic_fetch_sub(&gq_len, 1);
    }
    return g;
}

/* Take one thread to run plus up to `batch` more into w's local queue. */
static sp_gthread *gq_get(sp_worker *w, int batch)
{
    if (atomic_load_explicit(&gq_len, memory_order_relaxed) == 0)
        return NULL;
    sp_mutex_lock_ranked(&gq_lock, SP_RANK_RUNQ);
    sp_gthread *g = gq_take_locked();
    long n = atomic_load(&gq_len) / atomic_load(&sp_nworkers) + 1;
    if (n > batch) n = batch;
    for (long i = 0; g && i < n; i++) {
        if (sp_runq_len(&w->rq) >= SP_RUNQ_SIZE / 2)
            break;
        sp_gthread *x = gq_take_locked();
        if (!x) break;
        sp_runq_put(&w->rq, x);
    }
    sp_mutex_unlock_ranked(&gq_lock, SP_RANK_RUNQ);
    if (g) w->st.global_picks++;
    return g;
}

/* Wake queue (FIFO, same link field as the global queue: a thread is on
 * at most one queue).  Any context. */
static void wq_put(sp_gthread *g)
{
    sp_mutex_lock_ranked(&wq_lock, SP_RANK_RUNQ);
    g->rq_next = NULL;
    if (wq_tail) wq_tail->rq_next = g; else wq_head = g;
    wq_tail = g;
    atomic_fetch_add(&wq_len, 1);
    sp_mutex_unlock_ranked(&wq_lock, SP_RANK_RUNQ);
}

/* Take one woken thread (worker, scheduler context). */
static sp_gthread *wq_get(void)
{
    if (atomic_load_explicit(&wq_len, memory_order_relaxed) == 0)
        return NULL;
    sp_mutex_lock_ranked(&wq_lock, SP_RANK_RUNQ);
    sp_gthread *g = wq_head;
    if (g) {
        wq_head = g->rq_next;
        if (!wq_head) wq_tail = NULL;
        g->rq_next = NULL;
        atomic_fetch_sub(&wq_len, 1);
        atomic_fetch_add_explicit(&wq_takes, 1, memory_order_relaxed);
    }
    sp_mutex_unlock_ranked(&wq_lock, SP_RANK_RUNQ);
    return g;
}

/* Local queue full: move half of it plus g to the global queue. */
static void runq_put_slow(sp_worker *w, sp_gthread *g)
{
    sp_gthread *batch[SP_RUNQ_SIZE / 2];
    int n = 0;
    while (n < SP_RUNQ_SIZE / 2) {
        sp_gthread *x = sp_runq_get(&w->rq);
        if (!x) break;
        batch[n++] = x;
    }
    sp_mutex_lock_ranked(&gq_lock, SP_RANK_RUNQ);
    for (int i = 0; i < n; i++)
        gq_put_locked(batch[i]);
    gq_put_locked(g);
    sp_mutex_unlock_ranked(&gq_lock, SP_RANK_RUNQ);
}

static void runq_put(sp_worker *w, sp_gthread *g, int next)
{
    if (next) {
        g = atomic_exchange(&w->runnext, g);
        if (!g)
            return;
    }
    if (!sp_runq_put(&w->rq, g))
        runq_put_slow(w, g);
}

static sp_gthread *runq_get_local(sp_worker *w)
{
    sp_gthread *g = atomic_load_explicit(&w->runnext, memory_order_relaxed);
    if (g && atomic_compare_exchange_strong(&w->runnext, &g, NULL))
        return g;
    return sp_runq_get(&w->rq);
}

void sp_sched_ready_global(sp_gthread *g)
{
    gq_put(g);
    sp_sched_wakep();
}

/* ------------------------------------------------------------------ */
/* Idle workers                                                        */

static void idle_push(sp_worker *w)
{
    sp_mutex_lock_ranked(&idle_lock, SP_RANK_IDLE);
    w->idle_next = idle_list;
    idle_list = w;
    atomic_store(&w->idle, 1);
    atomic_fetch_add(&nidle, 1);
    sp_mutex_unlock_ranked(&idle_lock, SP_RANK_IDLE);
}

/* Remove w from the idle list if it is still there. */
static int idle_remove(sp_worker *w)
{
    int found = 0;
    sp_mutex_lock_ranked(&idle_lock, SP_RANK_IDLE);
    if (atomic_load(&w->idle)) {
        for (sp_worker **p = &idle_list; *p; p = &(*p)->idle_next) {
            if (*p == w) { *p = w->idle_next; found = 1; break; }
        }
        atomic_store(&w->idle, 0);
        atomic_fetch_sub(&nidle, 1);
    }
    sp_mutex_unlock_ranked(&idle_lock, SP_RANK_IDLE);
    return found;
}

static sp_worker *idle_pop(void)
{
    sp_mutex_lock_ranked(&idle_lock, SP_RANK_IDLE);
    sp_worker *w = idle_list;
    if (w) {
        idle_list = w->idle_next;
        atomic_store(&w->idle, 0);
        atomic_fetch_sub(&nidle, 1);
    }
    sp_mutex_unlock_ranked(&idle_lock, SP_RANK_IDLE);
    return w;
}

int sp_sched_any_idle(void) { return atomic_load(&nidle) > 0; }

static void notify(sp_worker *w)
{
    uint32_t old = atomic_exchange(&w->futex, 2);
    if (old == 1) {
        /* netpolling is set before the futex word says "parked" and
         * cleared after the epoll wait: seen 0 here, w is past it */
        if (atomic_load(&w->netpolling))
            sp_netpoll_break();
        else
            futex(&w->futex, FUTEX_WAKE, 1, NULL);
        sp_worker *self = sp_sched_self();
        if (self) self->st.futex_wakes++;
    }
}

/* Work was made runnable: wake an idle worker unless one is spinning
 * (a spinner will find it).  The woken worker starts as a spinner. */
void sp_sched_wakep(void)
{
    if (atomic_load(&nidle) == 0)
        return;
    int zero = 0;
    if (!atomic_compare_exchange_strong(&nspinning, &zero, 1))
        return;
    sp_worker *w = idle_pop();
    if (!w) {
        atomic_fetch_sub(&nspinning, 1);
        return;
    }
    w->spinning = 1;
    notify(w);
}

static int work_available(void)
{
    if (atomic_load(&gq_len) > 0 || atomic_load(&wq_len) > 0)
        return 1;
    int n = atomic_load(&sp_nworkers);
    for (int i = 0; i < n; i++) {
        sp_worker *v = &sp_workers[i];
        if (sp_runq_len(&v->rq) > 0 || atomic_load_explicit(&v->runnext, memory_order_relaxed))
            return 1;
    }
    return 0;
}

/* Under ThreadSanitizer signals are delivered only when a blocking call
 * returns, and the GC's stop-the-world signal gives up after a few
 * retries: keep every sleep short in race-check builds. */
#if defined(__SANITIZE_THREAD__)
#define MAX_TICK_NS 1000000
#else
#define MAX_TICK_NS 100000000
#endif

/* Sleep on w's futex word for one tick.  Returns 1 if notified. */
static int futex_sleep(sp_worker *w, int64_t tick_ns)
{
    uint32_t expect = 0;
    if (atomic_compare_exchange_strong(&w->futex, &expect, 1)) {
        struct timespec ts = { (time_t)(tick_ns / 1000000000), (long)(tick_ns % 1000000000) };
        w->st.idle_sleeps++;
        futex(&w->futex, FUTEX_WAIT, 1, &ts);
    }
    /* notified (2), timed out / spurious (1): back to empty either way;
     * a notification is consumed exactly here, never discarded unseen */
    return atomic_exchange(&w->futex, 0) == 2;
}

/* The idle sleep: the one worker allowed to sleep in the netpoll set
 * (sp_sysmon.c), so a ready fd wakes it directly; the others on their
 * futex word.  Events come back in evs (count in nev) for the caller to dispatch
 * once it is off the idle list.  Returns 1 if notified. */
static int idle_sleep(sp_worker *w, struct epoll_event *evs, int max, int *nev)
{
    *nev = 0;
    if (!sp_netpoll_acquire(w))
        return futex_sleep(w, w->tick_ns);
    atomic_store(&w->netpolling, 1);
    uint32_t expect = 0;
    if (atomic_compare_exchange_strong(&w->futex, &expect, 1)) {
        w->st.idle_sleeps++;
        *nev = sp_netpoll_wait(w->tick_ns, evs, max);
    }
    atomic_store(&w->netpolling, 0);
    sp_netpoll_release();
    return atomic_exchange(&w->futex, 0) == 2;
}

static void stop_spinning(sp_worker *w, int found)
{
    if (!w->spinning)
        return;
    w->spinning = 0;
    if (atomic_fetch_sub(&nspinning, 1) == 1 && found)
        sp_sched_wakep();       /* keep one spinner around for the rest */
}

/* ------------------------------------------------------------------ */
/* Finding work                                                        */

#define RUNNEXT_GRACE_NS 3000   /* see steal_work */
#define SPIN_NS 20000           /* an idle worker keeps looking this long before sleeping */
static int64_t spin_ns = SPIN_NS;       /* SPINEL_SPIN_NS overrides (measurements) */

static sp_gthread *steal_work(sp_worker *w, int take_runnext)
{
    int n = atomic_load(&sp_nworkers);
    if (n <= 1)
        return NULL;
    uint32_t start = (uint32_t)(xorshift(&w->rng) % (uint64_t)n);
    for (int k = 0; k < n; k++) {
        sp_worker *v = &sp_workers[(start + (uint32_t)k) % (uint32_t)n];
        if (v == w)
            continue;
        int got = sp_runq_steal(&w->rq, &v->rq);
        if (got > 0) {
            w->st.steals++;
            w->st.stolen += (uint64_t)got;
            return sp_runq_get(&w->rq);
        }
        if (take_runnext && atomic_load(&v->curg)) {
            sp_gthread *g = atomic_load(&v->runnext);
            /* The thread v runs has just readied g, typically right
             * before blocking itself (a Queue/CV hand-off): give v a few
             * microseconds to switch to g on its own core before taking
             * it across (Go does the same). */
            if (g) {
                int64_t until = sp_sched_now() + RUNNEXT_GRACE_NS;
                while (atomic_load_explicit(&v->runnext, memory_order_relaxed) == g &&
                       atomic_load_explicit(&v->curg, memory_order_relaxed) &&
                       sp_sched_now() < until)
                    cpu_relax();
            }
            if (g && atomic_compare_exchange_strong(&v->runnext, &g, NULL)) {
                w->st.steals++;
                w->st.stolen++;
                return g;
            }
        }
    }
    return NULL;
}

static _Atomic int nretired;

static int count_blocking(void)
{
    int n = atomic_load(&sp_nworkers), b = 0;
    for (int i = 0; i < n; i++)
        b += (int)(atomic_load_explicit(&sp_workers[i].blocking, memory_order_relaxed) & 1);
    return b;
}

/* A spare worker (added by sysmon while workers were stuck in blocking
 * regions) retires once no worker is blocked, so the number of workers
 * running Ruby code returns to the configured N (SPINEL_WORKERS=1 stays a
 * single-worker model).  It hands its queue to the global queue first and
 * sleeps until sp_sched_add_spare needs it again. */
static void maybe_retire(sp_worker *w)
{
    if (SP_LIKELY(w->id < ntarget) || count_blocking() > 0)
        return;
    stop_spinning(w, 0);
    sp_gthread *g;
    int moved = 0;
    while ((g = runq_get_local(w))) { gq_put(g); moved++; }
    atomic_store(&w->retired, 1);
    atomic_fetch_add(&nretired, 1);
    if (moved) sp_sched_wakep();
    while (atomic_load(&w->retired))
        futex_sleep(w, 100000000);
}

static sp_gthread *find_runnable(sp_worker *w)
{
    for (;;) {
        sp_gthread *g;
        maybe_retire(w);
        if (++w->schedtick % 61 == 0) {
            if ((g = gq_get(w, 1)))
                goto found;
            /* a worker that always has work still looks at the fds now
             * and then, so sysmon need not (sp_sysmon.c) */
            sp_netpoll_nonblock();
        }
        if ((g = wq_get()))
            goto found;
        if ((g = runq_get_local(w)))
            goto found;
        if ((g = gq_get(w, SP_RUNQ_SIZE / 2)))
            goto found;
        if (sp_netpoll_nonblock() > 0 && (g = runq_get_local(w)))
            goto found;
        {
            int n = atomic_load(&sp_nworkers);
            if (!w->spinning && 2 * atomic_load(&nspinning) < n - atomic_load(&nidle)) {
                w->spinning = 1;
                atomic_fetch_add(&nspinning, 1);
            }
            if (w->spinning) {
                /* Spin a while before sleeping: while a worker spins,
                 * wakep() needs no futex wake (a syscall per hand-off when
                 * two threads ping-pong across workers). */
                int64_t until = 0;
                for (int round = 0;; round++) {
                    if ((g = wq_get()))
                        goto found;
                    if ((g = steal_work(w, round >= 3)))
                        goto found;
                    if ((g = gq_get(w, SP_RUNQ_SIZE / 2)))
                        goto found;
                    if ((g = runq_get_local(w)))
                        goto found;
                    if (round == 3) {
                        if (n <= 1)
                            break;      /* nobody else to wait for */
                        until = sp_sched_now() + spin_ns;
                    }
                    else if (round > 3 && (round & 7) == 0) {
                        if (sp_netpoll_nonblock() > 0 && (g = runq_get_local(w)))
                            goto found;
                        if (sp_sched_now() >= until)
                            break;
                    }
                    for (int k = 0; k < 8; k++)
                        cpu_relax();
                }
            }
        }
        stop_spinning(w, 0);
        /* Park the worker: announce idle, re-check, sleep one tick. */
        idle_push(w);
        if (work_available()) {
            idle_remove(w);
            continue;
        }
        struct epoll_event evs[64];
        int nev;
        int notified = idle_sleep(w, evs, 64, &nev);
        idle_remove(w);
        if (nev > 0 && sp_netpoll_dispatch(evs, nev) > 0)
            notified = 1;
        if (notified) {
            w->tick_ns = 1000000;
        } else {
            if (work_available())
                w->st.tick_recoveries++;
            else if (w->tick_ns < MAX_TICK_NS)
                w->tick_ns *= 2;
        }
        continue;
    found:
        stop_spinning(w, 1);
        w->tick_ns = 1000000;
        return g;
    }
}

/* ------------------------------------------------------------------ */
/* Running threads and committing their actions                         */

static void trace_add(sp_worker *w, sp_gthread *g, int64_t t0, int64_t t1)
{
    if (atomic_load_explicit(&trace_frozen, memory_order_relaxed))
        return;
    if (w->trace_len == w->trace_cap) {
        if (w->trace_cap >= (1u << 22))
            return;
        size_t ncap = w->trace_cap ? w->trace_cap * 2 : 4096;
        sp_trace_ev *n = realloc(w->trace, ncap * sizeof *n);
        if (!n) return;
        w->trace = n;
        w->trace_cap = ncap;
    }
    w->trace[w->trace_len++] = (sp_trace_ev){ g->id, t0 - trace_t0, t1 - t0 };
}

static void run_g(sp_worker *w, sp_gthread *g)
{
    SP_ASSERT(atomic_load(&g->state) == SP_G_RUNNABLE);   /* picked from a queue */
    /* plain release stores: only sysmon and stealers read these, as hints */
    atomic_store_explicit(&g->state, SP_G_RUNNING, memory_order_relaxed);
    atomic_store_explicit(&g->worker, w, memory_order_relaxed);
    atomic_store_explicit(&w->curg, g, memory_order_release);
    atomic_store_explicit(&w->run_seq,
                          atomic_load_explicit(&w->run_seq, memory_order_relaxed) + 1,
                          memory_order_relaxed);
    w->action = ACT_NONE;
    w->st.switches++;
    int64_t t0 = trace_on ? sp_sched_now() : 0;
    sp_fiber_switch(w->sched, g->fiber);
    if (trace_on)
        trace_add(w, g, t0, sp_sched_now());
    atomic_store_explicit(&w->curg, NULL, memory_order_release);
}

static void all_remove(sp_gthread *g)
{
    sp_mutex_lock_ranked(&all_lock, SP_RANK_ALL);
    if (g->all_prev) g->all_prev->all_next = g->all_next; else all_head = g->all_next;
    if (g->all_next) g->all_next->all_prev = g->all_prev;
    g->all_next = g->all_prev = NULL;
    all_count--;
    sp_mutex_unlock_ranked(&all_lock, SP_RANK_ALL);
}

static void all_add(sp_gthread *g)
{
    sp_mutex_lock_ranked(&all_lock, SP_RANK_ALL);
    g->all_prev = NULL;
    g->all_next = all_head;
    if (all_head) all_head->all_prev = g;
    all_head = g;
    all_count++;
    sp_mutex_unlock_ranked(&all_lock, SP_RANK_ALL);
}

static void timer_fire(void *arg, uint64_t seq)
{
    sp_gthread *g = arg;
    uint64_t expect = TOK(seq, TOK_WAIT);
    if (atomic_compare_exchange_strong(&g->token, &expect, TOK(seq, TOK_CLAIMED + SP_WAKE_TIMEOUT))) {
        atomic_fetch_add(&stat_timer, 1);
        sp_sched_ready(g);
    }
}

/* Wake g out of wait number seq only: once commit_park_wait publishes the
 * wait, another thread may claim it, g may run on another worker and open
 * its next wait before this worker's re-checks below are done, and those
 * must not end the next wait (a stale deadline would time it out early). */
static void wake_wait_seq(sp_gthread *g, uint64_t seq, int reason)
{
    uint64_t expect = TOK(seq, TOK_WAIT);
    if (atomic_compare_exchange_strong(&g->token, &expect, TOK(seq, TOK_CLAIMED + reason)))
        sp_sched_ready(g);
}

/* Runs on w's scheduler stack right after g switched away to park.  g's
 * wait fields (deadline, park_flags, fd_events) are read before the token
 * says TOK_WAIT: from then on g may be woken, run elsewhere and rewrite
 * them. */
static void commit_park_wait(sp_worker *w, sp_gthread *g)
{
    uint64_t seq = g->wait_seq;
    int64_t deadline = g->deadline;
    int no_wakeup = (g->park_flags & SP_PARK_NO_WAKEUP) != 0;
    int counted = (g->park_flags & SP_PARK_DEADLOCKABLE) && !deadline;
    g->counted_blocked = counted;
    atomic_store_explicit(&g->state, SP_G_PARKED, memory_order_release);
    if (deadline) {
        g->timer.when = deadline;
        g->timer.fn = timer_fire;
        g->timer.arg = g;
        g->timer.seq = seq;
        sp_sysmon_add_timer(&g->timer);
    }
    /* a poll-descriptor wait (fd_key) is registered already */
    int fd_failed = g->fd_events && !atomic_load_explicit(&g->fd_key, memory_order_relaxed) &&
                    sp_sysmon_watch_fd(g) != 0;
    if (fd_failed)
        g->fd_events = 0;       /* nothing registered: nothing to remove */
    uint64_t v = counted ? atomic_fetch_add(&live_blocked, 1) + 1 : 0;
    uint64_t prep = TOK(seq, TOK_PREP);
    if (!atomic_compare_exchange_strong(&g->token, &prep, TOK(seq, TOK_WAIT))) {
        /* a poller saw g's fd ready before the wait was published */
        atomic_store(&g->token, TOK(seq, TOK_WAIT));
        if (g->fd_events || atomic_load_explicit(&g->fd_key, memory_order_relaxed))
            wake_wait_seq(g, seq, WAKE_FD_FIRED);
    }
    if (fd_failed)              /* e.g. a regular file: always "ready" */
        wake_wait_seq(g, seq, SP_WAKE_SIGNAL);
    /* Re-check what may have arrived while we were "preparing". */
    uint32_t ints = atomic_load(&g->ints);
    if (ints & SP_INT_WAKE_MASK)
        wake_wait_seq(g, seq, SP_WAKE_INTERRUPT);
    else if ((ints & SP_INT_WAKEUP) && !no_wakeup)
        wake_wait_seq(g, seq, SP_WAKE_WAKEUP);
    else if (deadline && sp_sched_now() >= deadline)
        wake_wait_seq(g, seq, SP_WAKE_TIMEOUT);
    if (w->unlockf)
        w->unlockf(w->unlock_arg);
    if (counted)
        deadlock_check(v);
}

static void commit(sp_worker *w)
{
    sp_gthread *g = w->action_g;
    int act = w->action;
    w->action = ACT_NONE;
    w->action_g = NULL;
    switch (act) {
    case ACT_NONE:
        return;
    case ACT_YIELD:
        atomic_store_explicit(&g->state, SP_G_RUNNABLE, memory_order_release);
        w->st.yields++;
        runq_put(w, g, 0);
        return;
    case ACT_PREEMPT:
        atomic_store_explicit(&g->state, SP_G_RUNNABLE, memory_order_release);
        gq_put(g);
        return;
    case ACT_PARK:
        SP_ASSERT(atomic_load(&g->state) == SP_G_PARKING);
        w->st.parks++;
        g->counted_blocked = 0;
        atomic_store_explicit(&g->state, SP_G_PARKED, memory_order_release);
        if (w->unlockf)
            w->unlockf(w->unlock_arg);
        return;
    case ACT_PARK_WAIT:
        SP_ASSERT(atomic_load(&g->state) == SP_G_PARKING);
        w->st.parks++;
        commit_park_wait(w, g);
        return;
    case ACT_EXIT: {
        all_remove(g);
        sp_fiber *f = g->root;
        g->root = g->fiber = NULL;
        sp_fiber_free(f);
        if (sp_sched_take_ints(g)) {}
        atomic_store(&g->state, SP_G_DEAD);
        uint64_t v = atomic_fetch_sub(&live_blocked, LIVE_ONE) - LIVE_ONE;
        deadlock_check(v);
        return;
    }
    }
}

/* Between commit (which may release a wait list's lock) and running the
 * next thread the worker holds no runtime lock: a fork may stop the world
 * meanwhile (stw_safe); it looks before it runs Ruby code again. */
static void sched_loop(sp_worker *w)
{
    for (;;) {
        commit(w);
        atomic_store_explicit(&w->stw_safe, 1, memory_order_release);
        sp_gthread *g = find_runnable(w);
        stw_leave_safe(w);
        run_g(w, g);
    }
}

static void sched_entry(void *arg)
{
    sched_loop(arg);
}

/* Switch the current thread to its worker's scheduler context with an
 * action to commit there. */
static void switch_to_sched(sp_gthread *g, int act, void (*unlockf)(void *), void *arg)
{
    sp_worker *w = sp_sched_self();
    w->action = act;
    w->action_g = g;
    w->unlockf = unlockf;
    w->unlock_arg = arg;
    sp_fiber_switch(g->fiber, w->sched);
}

/* ------------------------------------------------------------------ */
/* Start-up                                                            */

static void *worker_main(void *arg)
{
    sp_worker *w = arg;
    tls_worker = w;
    atomic_store(&w->os_tid, (long)syscall(SYS_gettid));
    w->ft = sp_fthread_self();
    w->sched = &w->ft->native;
    sched_loop(w);
    return NULL;
}

static void print_stats(void);
static void write_trace(void);

static void at_exit_report(void)
{
    atomic_store(&trace_frozen, 1);
    if (stats_on) print_stats();
    if (trace_on) write_trace();
}

static int config_workers(void)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    if (cores < 1) cores = 1;
    long n = cores;
    const char *e = getenv("SPINEL_WORKERS");
    if (e && *e) {
        long v = atol(e);
        if (v >= 1 && v < n) n = v;
    }
    if (n > SP_MAX_WORKERS) n = SP_MAX_WORKERS;
    if (n < 1) n = 1;
    return (int)n;
}

static void spawn_worker_thread(sp_worker *w)
{
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 256 * 1024);
    sp_gc_threads_init();
    if (pthread_create(&w->tid, &attr, worker_main, w) != 0) {
        fprintf(stderr, "[FATAL] spinel: cannot create worker thread\n");
        abort();
    }
    pthread_attr_destroy(&attr);
}

static sp_gthread *main_thread_record(void)
{
    if (!main_g) {
        main_g = &main_g_storage;
        main_g->id = 1;
        main_g->is_main = 1;
        main_g->wait.g = main_g;
        main_g->timer.index = -1;
        atomic_store(&main_g->state, SP_G_RUNNING);
    }
    return main_g;
}

/* Start the scheduler: worker 0 = this (main) thread, workers 1..N-1,
 * sysmon.  Idempotent; called by the first spawn or timed park. */
static void sched_start(void)
{
    if (atomic_load(&sp_sched_running))
        return;
    sp_mutex_lock_ranked(&start_lock, SP_RANK_START);
    if (atomic_load(&sp_sched_running)) {
        sp_mutex_unlock_ranked(&start_lock, SP_RANK_START);
        return;
    }
    sp_gthread *mg = main_thread_record();
    ntarget = config_workers();
    int cap = SP_MAX_WORKERS;
    sp_workers = aligned_alloc(64, sizeof(sp_worker) * (size_t)cap);
    if (!sp_workers) abort();
    memset(sp_workers, 0, sizeof(sp_worker) * (size_t)cap);
    for (int i = 0; i < cap; i++) {
        sp_workers[i].id = i;
        /* a worker not started yet runs nothing before its first gate;
         * worker 0 runs the main thread now */
        atomic_store(&sp_workers[i].stw_safe, i > 0);
        sp_workers[i].rng = 0x9E3779B97F4A7C15ull * (uint64_t)(i + 1);
        sp_workers[i].tick_ns = 1000000;
    }
    stats_on = getenv("SPINEL_SCHED_STATS") && atoi(getenv("SPINEL_SCHED_STATS")) > 0;
    trace_path = getenv("SPINEL_SCHED_TRACE");
    trace_on = trace_path && *trace_path;
    trace_t0 = sp_sched_now();
    if (getenv("SPINEL_SPIN_NS"))
        spin_ns = atol(getenv("SPINEL_SPIN_NS"));

    sp_worker *w0 = &sp_workers[0];
    tls_worker = w0;
    atomic_store(&w0->os_tid, (long)syscall(SYS_gettid));
    w0->ft = sp_fthread_self();
    sp_fiber_init_signals();
    if (!mg->ec)
        mg->ec = sp_ec_current();
    if (!w0->ft->native.ec)
        w0->ft->native.ec = mg->ec;
    w0->ft->native.owner = mg;
    /* the main program may be inside a Ruby Fiber right now */
    mg->fiber = sp_fiber_current();
    w0->sched = sp_fiber_new(sched_entry, w0, 256 * 1024);
    atomic_store(&w0->curg, mg);
    atomic_store(&mg->worker, w0);
    all_add(mg);
    atomic_store(&live_blocked, LIVE_ONE);
    if (ntarget > 1)    /* containers lock from now on (sp_lock.h) */
        __atomic_store_n(&sp_sched_parallel, 1, __ATOMIC_RELEASE);
    sp_gc_policy_workers(ntarget);
    atomic_store(&sp_nworkers, ntarget);
    atomic_store(&sp_sched_running, 1);
    sp_netpoll_init();          /* the workers poll it */
    for (int i = 1; i < ntarget; i++)
        spawn_worker_thread(&sp_workers[i]);
    sp_sysmon_start();
    if (stats_on || trace_on)
        atexit(at_exit_report);
    sp_mutex_unlock_ranked(&start_lock, SP_RANK_START);
}

/* sysmon: all configured workers are stuck in blocking regions and work
 * is waiting — add one more worker (kept afterwards, idle when unused). */
void sp_sched_add_spare(void)
{
    sp_mutex_lock_ranked(&start_lock, SP_RANK_START);
    int n = atomic_load(&sp_nworkers);
    for (int i = ntarget; i < n; i++) {
        sp_worker *r = &sp_workers[i];
        int one = 1;
        if (atomic_compare_exchange_strong(&r->retired, &one, 0)) {
            atomic_fetch_sub(&nretired, 1);
            notify(r);
            sp_mutex_unlock_ranked(&start_lock, SP_RANK_START);
            return;
        }
    }
    if (n < SP_MAX_WORKERS) {
        sp_worker *w = &sp_workers[n];
        __atomic_store_n(&sp_sched_parallel, 1, __ATOMIC_RELEASE);
        spawn_worker_thread(w);
        atomic_store(&sp_nworkers, n + 1);
    }
    sp_mutex_unlock_ranked(&start_lock, SP_RANK_START);
}

int sp_sched_started(void) { return atomic_load(&sp_sched_running); }

/* fork(2) child, right after the fork, in the forking green thread g (the
 * only thread the child has; the other workers and sysmon did not come
 * along).  Back to "scheduler not started" with g as the main thread (as
 * CRuby's child): the locks are made anew (another worker may have held
 * one at the fork), the queues and the idle list emptied, every other
 * green thread is reported to dead() and dropped, sysmon's epoll sets
 * (shared with the parent) closed.  The next Thread.new or timed park
 * starts workers and sysmon afresh (sched_start). */
void sp_sched_atfork_child(void (*dead)(sp_gthread *))
{
    sp_worker *w = tls_worker;
    sp_gthread *g = w ? atomic_load(&w->curg) : main_thread_record();
    pthread_mutex_init(&start_lock, NULL);
    pthread_mutex_init(&all_lock, NULL);
    pthread_mutex_init(&gq_lock, NULL);
    pthread_mutex_init(&wq_lock, NULL);
    pthread_mutex_init(&idle_lock, NULL);
    for (sp_gthread *x = all_head, *next; x; x = next) {
        next = x->all_next;
        x->all_next = x->all_prev = NULL;
        if (x != g) {
            atomic_store(&x->state, SP_G_DEAD);
            atomic_store(&x->token, TOK(x->wait_seq, TOK_IDLE));
            if (dead) dead(x);
        }
    }
    all_head = NULL;
    all_count = 0;
    gq_head = gq_tail = wq_head = wq_tail = NULL;
    atomic_store(&gq_len, 0);
    atomic_store(&wq_len, 0);
    idle_list = NULL;
    atomic_store(&nidle, 0);
    atomic_store(&nspinning, 0);
    atomic_store(&nretired, 0);
    atomic_store(&live_blocked, 0);
    atomic_store(&stw_owner, NULL);     /* the forking thread stopped the world */
    atomic_store(&stw_req, 0);
    if (main_g && main_g != g) main_g->is_main = 0;
    main_g = g;
    g->is_main = 1;
    atomic_store(&g->state, SP_G_RUNNING);
    atomic_store(&g->worker, NULL);
    __atomic_store_n(&sp_pending, atomic_load(&g->ints) ? 1 : 0, __ATOMIC_SEQ_CST);
    sp_workers = NULL;          /* the old array is left behind (never freed) */
    atomic_store(&sp_nworkers, 0);
    tls_worker = NULL;
    atomic_store(&sp_sched_running, 0);
    sp_sysmon_atfork_child();
}

long sp_sched_native_tid(sp_gthread *g)
{
    if (!atomic_load(&sp_sched_running))
        return (long)syscall(SYS_gettid);
    sp_worker *w = atomic_load(&g->worker);
    return w ? atomic_load(&w->os_tid) : 0;
}
int sp_sched_nworkers(void) { return atomic_load(&sp_nworkers); }
sp_gthread *sp_sched_main(void) { return main_thread_record(); }

sp_gthread *sp_sched_current(void)
{
    if (!atomic_load_explicit(&sp_sched_running, memory_order_acquire))
        return main_thread_record();
    sp_worker *w = sp_sched_self();
    return w ? atomic_load_explicit(&w->curg, memory_order_relaxed) : NULL;
}

/* ------------------------------------------------------------------ */
/* Green threads                                                       */

static void g_entry(void *arg)
{
    sp_gthread *g = arg;
    g->fn(g->arg);
    sp_sched_exit();
}

sp_gthread *sp_sched_create(void (*fn)(void *), void *arg, size_t stack)
{
    sched_start();
    sp_gthread *g = GC_MALLOC(sizeof *g);
    if (!g) abort();
    g->id = atomic_fetch_add(&next_gid, 1) + 1;
    g->fn = fn;
    g->arg = arg;
    g->wait.g = g;
    g->timer.index = -1;
    g->root = sp_fiber_new(g_entry, g, stack);
    if (!g->root) {
        fprintf(stderr, "[FATAL] spinel: cannot allocate a thread stack\n");
        abort();
    }
    /* the root fiber's context (the object model sets up its Ruby half:
     * sp_base.h); it lives as long as the record, g->ec */
    sp_ec *ec = sp_ec_new(g->root);
    g->ec = ec;
    g->root->ec = ec;
    g->root->owner = g;
    g->fiber = g->root;
    atomic_store(&g->state, SP_G_NEW);
    atomic_fetch_add(&live_blocked, LIVE_ONE);
    all_add(g);
    return g;
}

void sp_sched_start_thread(sp_gthread *g)
{
    sp_worker *w = sp_sched_self();
    if (w) w->st.spawns++;
    SP_ASSERT(atomic_load(&g->state) == SP_G_NEW);   /* started once */
    atomic_store(&g->state, SP_G_PARKED);
    sp_sched_ready(g);
}

sp_gthread *sp_sched_spawn(void (*fn)(void *), void *arg, size_t stack)
{
    sp_gthread *g = sp_sched_create(fn, arg, stack);
    sp_sched_start_thread(g);
    return g;
}

void sp_sched_exit(void)
{
    sp_gthread *g = sp_sched_current();
    sp_worker *w = sp_sched_self();
    if (!g || g->is_main || !w) {
        fprintf(stderr, "[BUG] spinel: sp_sched_exit outside a green thread\n");
        abort();
    }
    w->action = ACT_EXIT;
    w->action_g = g;
    w->unlockf = NULL;
    sp_fiber_exit_to(g->fiber, w->sched);
}

void sp_sched_yield(void)
{
    if (!atomic_load(&sp_sched_running))
        return;
    sp_gthread *g = sp_sched_current();
    if (!g) return;
    /* a spinning lock waiter yields: it may be what a fork waits for */
    if (SP_UNLIKELY(atomic_load_explicit(&stw_req, memory_order_relaxed)))
        stw_stop_here(sp_sched_self());
    /* Nothing else this worker could run (its queues, the wake and
     * global queues are empty): the yield would only switch to the
     * scheduler and back (two switches and a CAS).  Other workers lose
     * nothing: there is nothing here for them to steal either. */
    sp_worker *w = sp_sched_self();
    if (w && !atomic_load_explicit(&w->runnext, memory_order_relaxed) &&
        sp_runq_len(&w->rq) == 0 &&
        atomic_load_explicit(&wq_len, memory_order_relaxed) == 0 &&
        atomic_load_explicit(&gq_len, memory_order_relaxed) == 0) {
        w->st.yields++;
        return;
    }
    switch_to_sched(g, ACT_YIELD, NULL, NULL);
}

static void preempt_yield(void)
{
    sp_gthread *g = sp_sched_current();
    if (!g) return;
    switch_to_sched(g, ACT_PREEMPT, NULL, NULL);
}

void sp_sched_park(void (*unlockf)(void *), void *arg)
{
    sched_start();
    sp_gthread *g = sp_sched_current();
    atomic_store_explicit(&g->state, SP_G_PARKING, memory_order_release);
    switch_to_sched(g, ACT_PARK, unlockf, arg);
}

static void ints_clear(sp_gthread *g, uint32_t bits)
{
    uint32_t old = atomic_fetch_and(&g->ints, ~bits);
    if (old && (old & ~bits) == 0)
        pending_dec();
}

sp_waiter *sp_sched_wait_prepare(void)
{
    sp_gthread *g = sp_sched_current();
    g->wait_seq++;
    /* release is enough: nobody claims a "preparing" token; the commit
     * publishes WAIT with a seq_cst store (Dekker with interrupters) */
    atomic_store_explicit(&g->token, TOK(g->wait_seq, TOK_PREP), memory_order_release);
    g->wait.next = g->wait.prev = NULL;
    g->wait.data = NULL;
    g->wait.linked = 0;
    if (atomic_load_explicit(&g->ints, memory_order_relaxed) & SP_INT_WAKEUP)
        ints_clear(g, SP_INT_WAKEUP);   /* only wakeups during the wait count */
    return &g->wait;
}

/* The wait's condition held before the park (sp_pollfd.c found its edge):
 * a "preparing" token is claimable by nobody (a poller may have marked it
 * fired, which no longer means anything), so it just closes. */
void sp_sched_wait_abandon(void)
{
    sp_gthread *g = sp_sched_current();
    atomic_store_explicit(&g->token, TOK(g->wait_seq, TOK_IDLE), memory_order_release);
}

int sp_sched_park_wait(void (*unlockf)(void *), void *arg, int64_t deadline_ns, int flags)
{
    sched_start();
    sp_gthread *g = sp_sched_current();
    int st0 = TOK_STATE(atomic_load(&g->token));
    if (st0 != TOK_PREP && st0 != TOK_PREP_FIRED) {
        /* caller skipped sp_sched_wait_prepare (no list): open the wait.
         * (PREP_FIRED: a poll descriptor's edge came between the prepare
         * and this park, sp_pollfd.c; the commit claims it.) */
        g->wait_seq++;
        atomic_store(&g->token, TOK(g->wait_seq, TOK_PREP));
    }
    if (SP_UNLIKELY(g->defer_blocking) && sp_sched_blocking_hook)
        sp_sched_blocking_hook(g);      /* the commit sees what it re-posts */
    g->park_flags = flags;
    g->deadline = deadline_ns;
    atomic_store_explicit(&g->state, SP_G_PARKING, memory_order_release);
    switch_to_sched(g, ACT_PARK_WAIT, unlockf, arg);
    /* resumed: exactly one claimer decided why */
    uint64_t t = atomic_load(&g->token);
    int st = TOK_STATE(t);
    int reason = st >= TOK_CLAIMED ? st - TOK_CLAIMED : SP_WAKE_SIGNAL;
    if (reason == WAKE_FD_FIRED && !g->fd_events)
        reason = SP_WAKE_SIGNAL;        /* a stale event ended a non-fd wait */
    if (deadline_ns)
        sp_sysmon_del_timer(&g->timer);   /* no-op if it fired; never leave it queued */
    atomic_store_explicit(&g->token, TOK(g->wait_seq, TOK_IDLE), memory_order_release);
    if (reason == SP_WAKE_WAKEUP)
        ints_clear(g, SP_INT_WAKEUP);
    g->wake_reason = reason;
    g->at_blocking = reason == SP_WAKE_INTERRUPT;
    return reason;
}

int sp_sched_claim(sp_gthread *g, int reason)
{
    uint64_t t = atomic_load(&g->token);
    for (;;) {
        if (TOK_STATE(t) != TOK_WAIT)
            return 0;
        if (reason == SP_WAKE_WAKEUP && (g->park_flags & SP_PARK_NO_WAKEUP))
            return 0;
        if (atomic_compare_exchange_weak(&g->token, &t, TOK(TOK_SEQ(t), TOK_CLAIMED + reason)))
            return 1;
    }
}

int sp_sched_wake(sp_gthread *g, int reason)
{
    if (!sp_sched_claim(g, reason))
        return 0;
    sp_sched_ready(g);
    return 1;
}

/* A thread was put on the wake queue from outside the workers.  Every
 * worker takes from that queue first at its next scheduling point; if
 * none is idle or between threads right now, ask one running thread to
 * yield at its next poll (it goes to the back of the global queue, as on
 * any preemption) instead of letting the woken thread wait up to a
 * quantum per CPU-bound thread queued ahead of it.  Fairness: the woken
 * thread gets priority once per wake only; if it then keeps the CPU it is
 * preempted at the end of its quantum like everyone else.  Hints only:
 * a request that lands on a thread which has just parked makes it yield
 * once when it next runs, which is harmless. */
static void wake_preempt_n(int all)
{
    static _Atomic unsigned rr;
    if (atomic_load(&nidle) > 0 || atomic_load(&nspinning) > 0)
        return;
    int n = atomic_load(&sp_nworkers);
    unsigned start = atomic_fetch_add_explicit(&rr, 1, memory_order_relaxed);
    sp_gthread *victim[SP_MAX_WORKERS];
    int nv = 0;
    for (int k = 0; k < n; k++) {
        sp_worker *v = &sp_workers[(start + (unsigned)k) % (unsigned)n];
        if (atomic_load(&v->retired) || (atomic_load(&v->blocking) & 1))
            continue;
        sp_gthread *cur = atomic_load(&v->curg);
        if (!cur)
            return;             /* between threads: it will see the wake queue */
        if (atomic_load(&cur->ints) & SP_INT_PREEMPT) {
            if (!all)
                return;         /* already about to yield */
            continue;
        }
        victim[nv++] = cur;
    }
    for (int i = 0; i < nv && (all || i < 1); i++) {
        sp_sched_interrupt(victim[i], SP_INT_PREEMPT);
        atomic_fetch_add(&stat_wake_preempt, 1);
    }
}

static void wake_preempt(void) { wake_preempt_n(0); }

/* sysmon, about every millisecond while the wake queue is not empty: if no
 * worker has taken a woken thread since the last call, the worker asked to
 * yield may be descheduled by the OS (or busy in a blocking region): ask
 * every running thread.  Returns 1 while woken threads are waiting. */
int sp_sched_wake_recheck(void)
{
    static uint64_t seen_takes;         /* sysmon only */
    static int armed;
    if (atomic_load(&wq_len) == 0) {
        armed = 0;
        return 0;
    }
    uint64_t t = atomic_load_explicit(&wq_takes, memory_order_relaxed);
    if (armed && t == seen_takes)
        wake_preempt_n(1);
    armed = 1;
    seen_takes = t;
    return 1;
}

void sp_sched_ready(sp_gthread *g)
{
    int s;
    /* A ready that races a thread still switching away would resume it
     * twice; the park protocol prevents it, this wait makes it harmless. */
    while ((s = atomic_load(&g->state)) == SP_G_PARKING)
        cpu_relax();
    if (s != SP_G_PARKED) {
        fprintf(stderr, "[BUG] spinel: sp_sched_ready on a thread in state %d\n", s);
        abort();
    }
    if (g->counted_blocked) {
        g->counted_blocked = 0;
        atomic_fetch_sub(&live_blocked, 1);
    }
    /* release: the run queue publication below is itself a full barrier */
    atomic_store_explicit(&g->state, SP_G_RUNNABLE, memory_order_release);
    sp_worker *w = sp_sched_self();
    if (w && atomic_load_explicit(&w->curg, memory_order_relaxed) != NULL) {
        w->st.wakes++;
        runq_put(w, g, 1);
    } else if (w) {
        w->st.wakes++;
        /* w's scheduler context (a commit, or w's own netpoll dispatch)
         * picks from its local queue next: the first thread it readies
         * into an empty queue needs no other worker (Go's findrunnable
         * runs the first netpolled goroutine itself and starts Ms only
         * for the rest) */
        int first = sp_runq_len(&w->rq) == 0 &&
                    !atomic_load_explicit(&w->runnext, memory_order_relaxed);
        runq_put(w, g, 0);
        if (first)
            return;
    } else {
        /* sysmon (timer, fd) or a foreign thread: the wake queue, and a
         * worker is made to look at it now */
        wq_put(g);
        sp_sched_wakep();
        wake_preempt();
        return;
    }
    sp_sched_wakep();
}

/* ------------------------------------------------------------------ */
/* File descriptors                                                    */

/* A poller (an idle worker or sysmon): an fd registered by
 * commit_park_wait, or the poll-descriptor slot key, is ready.  The event
 * may arrive while the commit is still publishing the token (registration
 * precedes it): then the commit claims the wait (TOK_PREP_FIRED).  Only a
 * wait in the same slot is claimed: fd_key is written before the token
 * opens the wait (release), and read here after the token, so a key that
 * matches belongs to the wait whose token was read (or a later wait in
 * the same slot, whose seq differs and makes the CAS fail). */
void sp_sched_fd_ready(sp_gthread *g, void *key)
{
    for (;;) {
        uint64_t t = atomic_load(&g->token);
        if (atomic_load_explicit(&g->fd_key, memory_order_relaxed) != key)
            return;             /* g waits for something else now */
        if (TOK_STATE(t) == TOK_PREP) {
            /* the commit is still publishing the wait: leave it the claim
             * (no spinning on a worker the OS may have descheduled) */
            if (atomic_compare_exchange_strong(&g->token, &t, TOK(TOK_SEQ(t), TOK_PREP_FIRED)))
                return;
            continue;
        }
        if (TOK_STATE(t) != TOK_WAIT)
            return;             /* already woken (timeout/interrupt) */
        if (atomic_compare_exchange_strong(&g->token, &t, TOK(TOK_SEQ(t), TOK_CLAIMED + WAKE_FD_FIRED))) {
            sp_sched_ready(g);
            return;
        }
    }
}

int sp_sched_wait_fd(int fd, int events, int64_t deadline_ns)
{
    sp_gthread *g = sp_sched_current();
    if (!atomic_load(&sp_sched_running)) {
        struct pollfd p = { .fd = fd, .events = (short)(((events & SP_FD_READ) ? POLLIN : 0) |
                                                        ((events & SP_FD_WRITE) ? POLLOUT : 0)) };
        for (;;) {
            int ms = -1;
            if (deadline_ns) {
                int64_t left = deadline_ns - sp_sched_now();
                if (left <= 0) return SP_WAKE_TIMEOUT;
                ms = (int)((left + 999999) / 1000000);
            }
            int r = poll(&p, 1, ms);
            if (r > 0) return SP_WAKE_SIGNAL;
            if (r < 0 && errno == EINTR && (atomic_load(&g->ints) & SP_INT_WAKE_MASK))
                return SP_WAKE_INTERRUPT;
        }
    }
    sp_sched_wait_prepare();
    g->fd = fd;
    g->fd_events = events;
    int why = sp_sched_park_wait(NULL, NULL, deadline_ns, 0);
    int fired = why == WAKE_FD_FIRED;
    if (fired)
        g->wake_reason = why = SP_WAKE_SIGNAL;
    if (g->fd_events)           /* cleared by the commit if nothing was registered */
        sp_sysmon_unwatch_fd(g, fired);
    g->fd_events = 0;
    return why;
}

/* ------------------------------------------------------------------ */
/* Sleep                                                               */

int sp_sched_sleep_until(int64_t deadline_ns, int flags)
{
    sp_gthread *g = sp_sched_current();
    if (!atomic_load(&sp_sched_running)) {
        /* Single green thread: a plain interruptible sleep. */
        for (;;) {
            if (atomic_load(&g->ints) & SP_INT_WAKE_MASK)
                return SP_WAKE_INTERRUPT;
            if (!deadline_ns) {
                pause();
                continue;
            }
            int64_t left = deadline_ns - sp_sched_now();
            if (left <= 0)
                return SP_WAKE_TIMEOUT;
            struct timespec ts = { (time_t)(left / 1000000000), (long)(left % 1000000000) };
            nanosleep(&ts, NULL);
        }
    }
    sp_sched_wait_prepare();
    return sp_sched_park_wait(NULL, NULL, deadline_ns, flags);
}

/* ------------------------------------------------------------------ */
/* Interrupts and the safepoint slow path                              */

void sp_sched_interrupt(sp_gthread *g, uint32_t bits)
{
    if (atomic_fetch_or(&g->ints, bits) == 0)
        pending_inc();
    if (!atomic_load(&sp_sched_running))
        return;
    if (bits & SP_INT_WAKE_MASK)
        sp_sched_wake(g, SP_WAKE_INTERRUPT);
    else if (bits & SP_INT_WAKEUP)
        sp_sched_wake(g, SP_WAKE_WAKEUP);
}

uint32_t sp_sched_take_ints(sp_gthread *g)
{
    if (!atomic_load_explicit(&g->ints, memory_order_relaxed))
        return 0;
    uint32_t bits = atomic_exchange(&g->ints, 0);
    if (bits)
        pending_dec();
    return bits;
}

void sp_sched_check_ints(void)
{
    if (SP_UNLIKELY(atomic_load_explicit(&sp_gc_markers_wanted, memory_order_relaxed)))
        sp_gc_markers_poll();
    sp_gthread *g = sp_sched_current();
    if (!g)
        return;
    uint32_t bits = sp_sched_take_ints(g);
    if (!bits)
        return;
    if ((bits & SP_INT_PREEMPT) && atomic_load(&sp_sched_running)) {
        sp_worker *w = sp_sched_self();
        if (w && !(atomic_load(&w->blocking) & 1))
            preempt_yield();
    }
    bits &= ~(uint32_t)(SP_INT_PREEMPT | SP_INT_WAKEUP);
    if (!bits)
        return;
    if (sp_sched_int_hook) {
        sp_sched_int_hook(g, bits);
        return;
    }
    if (bits & SP_INT_DEADLOCK) {
        fprintf(stderr, "No live threads left. Deadlock? (fatal)\n");
        _exit(1);
    }
    if (bits & SP_INT_SIGINT) {
        fprintf(stderr, "Interrupt\n");
        _exit(130);
    }
}

sp_fiber *sp_sched_pin(sp_gthread *g)
{
    int st = atomic_load(&g->state);
    if (st == SP_G_RUNNING || st == SP_G_DEAD)
        return NULL;
    sp_fiber *f = g->fiber;
    if (!f)
        return NULL;
    atomic_fetch_add(&f->pin, 1);
    /* Dekker with run_g's state store and the resumed fiber's pin check
     * (sp_fiber_switch): either we see RUNNING here, or it sees our pin.
     * Switches have no fence of their own: the heavy one is ours. */
    sp_fiber_heavy_fence();
    st = atomic_load(&g->state);
    if (st == SP_G_RUNNING || st == SP_G_DEAD || g->fiber != f) {
        atomic_fetch_sub(&f->pin, 1);
        return NULL;
    }
    return f;
}

void sp_sched_unpin(sp_fiber *f)
{
    atomic_fetch_sub(&f->pin, 1);
}

void (*sp_sched_blocking_hook)(sp_gthread *g);

void sp_poll_slow(void)
{
    if (SP_UNLIKELY(atomic_load_explicit(&stw_req, memory_order_relaxed)))
        stw_stop_here(sp_sched_self());
    sp_sched_check_ints();
}

/* ------------------------------------------------------------------ */
/* Deadlock detection                                                  */

static void deadlock_check(uint64_t v)
{
    uint64_t live = v >> 32, blocked = v & 0xffffffffu;
    if (live == 0 || blocked != live)
        return;
    sp_gthread *mg = main_thread_record();
    if (sp_sched_deadlock_hook)
        sp_sched_deadlock_hook();
    sp_sched_interrupt(mg, SP_INT_DEADLOCK);
}

/* ------------------------------------------------------------------ */
/* Blocking regions                                                    */

/* w->blocking is a sequence counter written only by the worker itself:
 * odd inside a region.  Entering or leaving is one relaxed load and one
 * release store (no clock read, no locked instruction), so a foreign call
 * of a few nanoseconds pays a few nanoseconds for it.  sysmon measures the
 * duration itself: a region whose counter value it sees unchanged at two
 * consecutive checks has run for at least a whole check period. */
static inline void blocking_bump(sp_worker *w)
{
    uint32_t b = atomic_load_explicit(&w->blocking, memory_order_relaxed);
    atomic_store_explicit(&w->blocking, b + 1, memory_order_release);
}

void sp_blocking_begin(void)
{
    if (!atomic_load_explicit(&sp_sched_running, memory_order_relaxed))
        return;
    sp_worker *w = sp_sched_self();
    if (!w || (atomic_load_explicit(&w->blocking, memory_order_relaxed) & 1)) return;
    blocking_bump(w);
}

void sp_blocking_end(void)
{
    if (!atomic_load_explicit(&sp_sched_running, memory_order_relaxed))
        return;
    sp_worker *w = sp_sched_self();
    if (!w || !(atomic_load_explicit(&w->blocking, memory_order_relaxed) & 1)) return;
    blocking_bump(w);
    /* a fork counted this worker as stopped while it was in the region */
    sp_fiber_light_fence();
    if (SP_UNLIKELY(atomic_load_explicit(&stw_req, memory_order_relaxed)))
        stw_stop_here(w);
}

/* ------------------------------------------------------------------ */
/* Stopping the world (fork)                                           */

/* fork(2) copies only the calling OS thread: a lock another worker holds
 * at that instant (an object lock's stripe, a class table's mutex, an
 * IO's lock) would stay held in the child forever.  So fork first stops
 * the world (Go's stopTheWorld): every other worker must be where it
 * holds no runtime lock and takes none before it looks at stw_req again:
 *  - parked in stw_wait, entered from a safepoint (sp_poll_slow, which
 *    the raised sp_pending sends every running thread to; a yield, where
 *    a spinning lock waiter goes; the end of a blocking region);
 *  - in its scheduler loop between commit and the next thread (stw_safe;
 *    scheduler locks do not count: the child makes them anew);
 *  - inside a blocking region: it stops at sp_blocking_end.  All it can
 *    hold there is an IO's lock (a write or a file read in progress),
 *    which the child makes anew (sp_io_atfork_child), as CRuby's child
 *    abandons the mutexes of the threads that did not come along.
 * A worker leaves a safe state by a store (stw_safe = 0, or the region's
 * end) and then loads stw_req; the requester stores stw_req and then
 * loads each worker's state.  Dekker: one of them sees the other.  The
 * requester pays the fence (sp_fiber_heavy_fence), the hot side only a
 * compiler barrier (sp_fiber_light_fence).  One stop at a time: a second
 * fork is itself stopped until the first has finished. */

static void stw_wait(sp_worker *w)
{
    atomic_store(&w->stw_safe, 1);
    for (;;) {
        uint32_t gen = atomic_load(&stw_gen);
        if (!atomic_load(&stw_req))
            return;
        futex(&stw_gen, FUTEX_WAIT, gen, NULL);
    }
}

/* Returns with w->stw_safe clear and no stop requested when it looked. */
static void stw_leave_safe(sp_worker *w)
{
    for (;;) {
        atomic_store_explicit(&w->stw_safe, 0, memory_order_relaxed);
        sp_fiber_light_fence();
        if (SP_LIKELY(!atomic_load_explicit(&stw_req, memory_order_relaxed)) ||
            atomic_load(&stw_owner) == w)
            return;
        stw_wait(w);
    }
}

/* A safepoint saw stw_req: stop until the world restarts. */
static SP_NOINLINE void stw_stop_here(sp_worker *w)
{
    if (!w || atomic_load(&stw_owner) == w)
        return;
    stw_wait(w);
    stw_leave_safe(w);
}

static int stw_all_stopped(sp_worker *me)
{
    int n = atomic_load(&sp_nworkers);
    for (int i = 0; i < n; i++) {
        sp_worker *w = &sp_workers[i];
        if (w == me || atomic_load(&w->stw_safe) ||
            (atomic_load(&w->blocking) & 1))
            continue;
        return 0;
    }
    return 1;
}

int sp_sched_stop_world(void)
{
    sp_worker *me = sp_sched_self();
    if (!atomic_load(&sp_sched_running) || !me)
        return 0;
    for (;;) {
        int zero = 0;
        if (atomic_compare_exchange_strong(&stw_req, &zero, 1))
            break;
        stw_wait(me);           /* another fork first */
        stw_leave_safe(me);
    }
    atomic_store(&stw_owner, me);
    pending_inc();              /* running threads: to sp_poll_slow */
    sp_fiber_heavy_fence();
    for (int spins = 0; !stw_all_stopped(me); spins++) {
        if (spins < 64) {
            cpu_relax();
        } else {
            struct timespec ts = { 0, 20000 };
            nanosleep(&ts, NULL);
        }
    }
    return 1;
}

void sp_sched_start_world(void)
{
    atomic_store(&stw_owner, NULL);
    atomic_store(&stw_req, 0);
    pending_dec();
    atomic_fetch_add(&stw_gen, 1);
    futex(&stw_gen, FUTEX_WAKE, INT32_MAX, NULL);
}

int sp_sched_in_blocking(sp_gthread *g)
{
    if (!atomic_load_explicit(&sp_sched_running, memory_order_relaxed))
        return 0;
    sp_worker *w = atomic_load(&g->worker);
    return w && atomic_load(&w->curg) == g && (atomic_load(&w->blocking) & 1);
}

/* sysmon: move everything queued on a blocked worker to the global queue. */
void sp_sched_drain_to_global(sp_worker *w)
{
    static sp_runq tmp;     /* only sysmon calls this */
    int moved = 0;
    sp_gthread *g = atomic_load(&w->runnext);
    if (g && atomic_compare_exchange_strong(&w->runnext, &g, NULL)) {
        gq_put(g);
        moved++;
    }
    while (sp_runq_steal(&tmp, &w->rq) > 0) {
        while ((g = sp_runq_get(&tmp))) {
            gq_put(g);
            moved++;
        }
    }
    if (moved) {
        atomic_fetch_add(&stat_handoff, 1);
        for (int i = 0; i < moved && atomic_load(&nidle) > 0; i++)
            sp_sched_wakep();
    }
}

void sp_sched_stat_add(int which, uint64_t n)
{
    if (which == SP_STAT_PREEMPT) atomic_fetch_add(&stat_preempt, n);
    else if (which == SP_STAT_TIMER) atomic_fetch_add(&stat_timer, n);
    else atomic_fetch_add(&stat_handoff, n);
}

/* ------------------------------------------------------------------ */
/* Thread list                                                         */

void sp_sched_each_thread(void (*fn)(sp_gthread *g, void *arg), void *arg)
{
    sp_gthread *mg = main_thread_record();
    if (!atomic_load(&sp_sched_running)) {
        fn(mg, arg);
        return;
    }
    sp_mutex_lock_ranked(&all_lock, SP_RANK_ALL);
    /* oldest first: walk to the tail, then back */
    sp_gthread *g = all_head;
    while (g && g->all_next) g = g->all_next;
    for (; g; g = g->all_prev)
        fn(g, arg);
    sp_mutex_unlock_ranked(&all_lock, SP_RANK_ALL);
}

long sp_sched_thread_count(void)
{
    if (!atomic_load(&sp_sched_running))
        return 1;
    sp_mutex_lock_ranked(&all_lock, SP_RANK_ALL);
    long n = all_count;
    sp_mutex_unlock_ranked(&all_lock, SP_RANK_ALL);
    return n;
}

int sp_sched_wait_others(int64_t timeout_ns)
{
    if (!atomic_load(&sp_sched_running))
        return 0;
    int64_t end = sp_sched_now() + timeout_ns;
    while (sp_sched_thread_count() > 1) {
        if (sp_sched_now() > end)
            return -1;
        int64_t d = sp_sched_now() + 1000000;
        sp_sched_sleep_until(d, 0);
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Stats and trace                                                     */

void sp_sched_get_stats(sp_sched_stats *out)
{
    memset(out, 0, sizeof *out);
    int n = atomic_load(&sp_nworkers);
    for (int i = 0; i < n; i++) {
        sp_sched_stats *s = &sp_workers[i].st;
        out->switches += s->switches;
        out->steals += s->steals;
        out->stolen += s->stolen;
        out->parks += s->parks;
        out->wakes += s->wakes;
        out->tick_recoveries += s->tick_recoveries;
        out->idle_sleeps += s->idle_sleeps;
        out->futex_wakes += s->futex_wakes;
        out->global_picks += s->global_picks;
        out->spawns += s->spawns;
        out->yields += s->yields;
    }
    out->preemptions = atomic_load(&stat_preempt);
    out->timer_wakes = atomic_load(&stat_timer);
    out->handoffs = atomic_load(&stat_handoff);
    out->wake_preempts = atomic_load(&stat_wake_preempt);
}

static void print_stats(void)
{
    sp_sched_stats s;
    sp_sched_get_stats(&s);
    uint64_t gcn, gct, gcm;
    sp_gc_pause_stats(&gcn, &gct, &gcm);
    fprintf(stderr,
            "spinel scheduler: workers=%d fiber_switches=%lu runs=%lu yields=%lu parks=%lu "
            "wakes=%lu steals=%lu stolen=%lu global_picks=%lu idle_sleeps=%lu futex_wakes=%lu "
            "tick_recoveries=%lu preemptions=%lu wake_preempts=%lu timer_wakes=%lu handoffs=%lu "
            "spawns=%lu gc_pauses=%lu gc_pause_ms=%.3f gc_pause_max_us=%.1f gc_markers=%d\n",
            atomic_load(&sp_nworkers), sp_fiber_switch_count(),
            (unsigned long)s.switches, (unsigned long)s.yields, (unsigned long)s.parks,
            (unsigned long)s.wakes, (unsigned long)s.steals, (unsigned long)s.stolen,
            (unsigned long)s.global_picks, (unsigned long)s.idle_sleeps,
            (unsigned long)s.futex_wakes, (unsigned long)s.tick_recoveries,
            (unsigned long)s.preemptions, (unsigned long)s.wake_preempts,
            (unsigned long)s.timer_wakes,
            (unsigned long)s.handoffs, (unsigned long)s.spawns,
            (unsigned long)gcn, gct / 1e6, gcm / 1e3, GC_get_parallel() + 1);
}

static void write_trace(void)
{
    FILE *f = fopen(trace_path, "w");
    if (!f) {
        fprintf(stderr, "spinel: cannot write %s\n", trace_path);
        return;
    }
    fprintf(f, "{\"traceEvents\":[\n");
    int n = atomic_load(&sp_nworkers), first = 1;
    for (int i = 0; i < n; i++) {
        fprintf(f, "%s{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":%d,"
                   "\"args\":{\"name\":\"worker %d\"}}", first ? "" : ",\n", i, i);
        first = 0;
    }
    for (int i = 0; i < n; i++) {
        sp_worker *w = &sp_workers[i];
        for (size_t k = 0; k < w->trace_len; k++) {
            sp_trace_ev *e = &w->trace[k];
            fprintf(f, ",\n{\"name\":\"thread %lu\",\"ph\":\"X\",\"pid\":1,\"tid\":%d,"
                       "\"ts\":%.3f,\"dur\":%.3f}",
                    (unsigned long)e->gid, i, e->ts / 1000.0, e->dur / 1000.0);
        }
    }
    fprintf(f, "\n]}\n");
    fclose(f);
}

/* ------------------------------------------------------------------ */
/* sysmon's periodic checks (every SP_SYSMON_PERIOD_NS, sysmon thread)   */

static uint64_t seen_seq[SP_MAX_WORKERS];
static int64_t seen_at[SP_MAX_WORKERS];    /* when seen_seq was first seen */
static uint32_t seen_blk[SP_MAX_WORKERS];  /* w->blocking at the last check */

void sp_sched_monitor(int64_t now)
{
    int n = atomic_load(&sp_nworkers);
    int nblocking = 0;
    int other_work = work_available();
    for (int i = 0; i < n; i++) {
        sp_worker *w = &sp_workers[i];
        uint64_t seq = atomic_load_explicit(&w->run_seq, memory_order_relaxed);
        sp_gthread *g = atomic_load(&w->curg);
        if (seq != seen_seq[i]) {
            seen_seq[i] = seq;
            seen_at[i] = now;   /* the slice began within the last period */
        }
        uint32_t b = atomic_load_explicit(&w->blocking, memory_order_acquire);
        if (b & 1) {
            nblocking++;
            /* the same region as at the previous check: it has been
             * blocking for at least a period */
            if (b == seen_blk[i])
                sp_sched_drain_to_global(w);
        } else if (g && other_work &&
                   now - seen_at[i] >= SP_QUANTUM_NS - SP_SYSMON_PERIOD_NS / 2) {
            /* the same slice for a quantum (10-15 ms) and others are
             * waiting: preempt */
            if (!(atomic_load(&g->ints) & SP_INT_PREEMPT)) {
                sp_sched_interrupt(g, SP_INT_PREEMPT);
                atomic_fetch_add(&stat_preempt, 1);
            }
        }
        seen_blk[i] = b;
    }
    if (nblocking && n - nblocking - atomic_load(&nretired) < ntarget &&
        (atomic_load(&gq_len) > 0 || atomic_load(&wq_len) > 0) && atomic_load(&nidle) == 0)
        sp_sched_add_spare();
    sp_gthread *mg = main_g;
    if (mg && (atomic_load(&mg->ints) & (SP_INT_SIGINT | SP_INT_SIGNAL)))
        sp_sched_wake(mg, SP_WAKE_INTERRUPT);
}

/* SIGINT: post an Interrupt to the main thread (async-signal-safe: two
 * lock-free atomics).  sysmon wakes it if it is parked. */
static void sigint_handler(int sig)
{
    (void)sig;
    sp_gthread *mg = main_thread_record();
    if (atomic_fetch_or(&mg->ints, SP_INT_SIGINT) == 0)
        pending_inc();
}

void sp_sched_signal_main(uint32_t bits)
{
    sp_gthread *mg = main_thread_record();
    if (atomic_fetch_or(&mg->ints, bits) == 0)
        pending_inc();
}

void sp_sched_install_sigint(void)
{
    main_thread_record();
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = sigint_handler;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;            /* no SA_RESTART: blocking calls see EINTR */
    sigaction(SIGINT, &sa, NULL);
}

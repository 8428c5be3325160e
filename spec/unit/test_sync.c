/*
 * test_sync.c — Mutex, Queue, SizedQueue and ConditionVariable (sp_sync.c)
 * driven through their C API by green threads contending on 2 workers.
 * Checks exact results (nothing lost, nothing duplicated); a lost wakeup
 * would hang, and every test has a Criterion timeout so a hang fails.
 * Costs are printed (stderr), never asserted.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "sp_sync.h"

static void setup_n(const char *n)
{
    setenv("SPINEL_WORKERS", n, 1);
    GC_INIT();
    GC_allow_register_threads();
    /* the main fiber's context: the mutex owner identity */
    sp_ec *ec = GC_MALLOC(sizeof *ec);
    ec->errinfo = ec->jump_val = ec->fiber_locals = ec->last_match = SP_NIL;
    sp_ec_set_current(ec);
}
static void setup2(void) { setup_n("2"); }
static void setup1(void) { setup_n("1"); }

static sp_mutex *new_mutex(void) { return GC_MALLOC(sizeof(sp_mutex)); }
static sp_queue *new_queue(long max)
{
    sp_queue *q = GC_MALLOC(sizeof(sp_queue));
    q->max = max;
    return q;
}
static sp_condvar *new_condvar(void) { return GC_MALLOC(sizeof(sp_condvar)); }

static int64_t now(void) { return sp_sched_now(); }
/* racy read of a wait-list count (the lists' writers store it atomically) */
static long peek(long *p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }

/* completion signalling through a Queue (exercises it too) */
static sp_queue *doneq;
static void done(void) { sp_queue_push(doneq, SP_TRUE, 0, -1); }
static void wait_done(int n)
{
    sp_value v;
    for (int i = 0; i < n; i++)
        cr_assert_eq(sp_queue_pop(doneq, &v, 0, -1), 1);
}

/* ---- Mutex: mutual exclusion ------------------------------------------ */
#define MTX_THREADS 4
#define MTX_INCS 200000
static sp_mutex *mtx;
static long counter;

static void incr(void *arg)
{
    for (long i = 0; i < MTX_INCS; i++) {
        sp_mutex_lock(mtx);
        counter++;
        sp_mutex_unlock(mtx);
    }
    done();
}

Test(sync, mutex_mutual_exclusion, .init = setup2, .timeout = 120)
{
    mtx = new_mutex();
    doneq = new_queue(0);
    int64_t t0 = now();
    for (int i = 0; i < MTX_THREADS; i++)
        sp_sched_spawn(incr, NULL, 0);
    wait_done(MTX_THREADS);
    int64_t t1 = now();
    cr_assert_eq(counter, (long)MTX_THREADS * MTX_INCS, "lost increments: %ld", counter);
    cr_assert_eq(atomic_load(&mtx->state), 0, "unlocked at the end");
    cr_assert_eq(peek(&mtx->waiters.n), 0);
    fprintf(stderr, "mutex: %d threads x %d lock/inc/unlock on 2 workers: %.0f ns per op\n",
            MTX_THREADS, MTX_INCS, (double)(t1 - t0) / (MTX_THREADS * MTX_INCS));
}

Test(sync, mutex_mutual_exclusion_one_worker, .init = setup1, .timeout = 120)
{
    mtx = new_mutex();
    doneq = new_queue(0);
    int64_t t0 = now();
    for (int i = 0; i < MTX_THREADS; i++)
        sp_sched_spawn(incr, NULL, 0);
    wait_done(MTX_THREADS);
    int64_t t1 = now();
    cr_assert_eq(counter, (long)MTX_THREADS * MTX_INCS);
    fprintf(stderr, "mutex: %d threads x %d lock/inc/unlock on 1 worker: %.0f ns per op\n",
            MTX_THREADS, MTX_INCS, (double)(t1 - t0) / (MTX_THREADS * MTX_INCS));
}

/* ---- Mutex: many parked waiters and the WOKEN bit ---------------------
 * The holder yields inside the critical section every 64 ops, so the
 * others find it locked and park; every unlock then either wakes one
 * waiter (setting WOKEN) or, while a woken one has not retried, wakes
 * nobody.  A lost wakeup hangs (timeout); lost increments fail. */
#define WOKEN_THREADS 16
#define WOKEN_INCS 20000

static void incr_yielding(void *arg)
{
    for (long i = 0; i < WOKEN_INCS; i++) {
        sp_mutex_lock(mtx);
        counter++;
        if ((i & 63) == 0)
            sp_sched_yield();
        sp_mutex_unlock(mtx);
    }
    done();
}

static void woken_run(void)
{
    mtx = new_mutex();
    doneq = new_queue(0);
    counter = 0;
    for (int i = 0; i < WOKEN_THREADS; i++)
        sp_sched_spawn(incr_yielding, NULL, 0);
    wait_done(WOKEN_THREADS);
    cr_assert_eq(counter, (long)WOKEN_THREADS * WOKEN_INCS, "lost increments: %ld", counter);
    cr_assert_eq(atomic_load(&mtx->state), 0, "unlocked, no WAITERS/WOKEN left");
    cr_assert_eq(peek(&mtx->waiters.n), 0);
}

Test(sync, mutex_woken_many_waiters, .init = setup2, .timeout = 120) { woken_run(); }
Test(sync, mutex_woken_many_waiters_one_worker, .init = setup1, .timeout = 120) { woken_run(); }

/* ---- Mutex: try_lock, owned, a dead owner's mutexes are released ---- */
static void lock_and_die(void *arg)
{
    sp_mutex_lock(mtx);
    cr_assert(sp_mutex_owned(mtx));
    done();
    sp_sync_thread_died(sp_sched_current());   /* what sp_thread.c does at exit */
}

Test(sync, dead_owner_releases, .init = setup2, .timeout = 30)
{
    mtx = new_mutex();
    doneq = new_queue(0);
    cr_assert(sp_mutex_trylock(mtx));
    cr_assert(sp_mutex_owned(mtx));
    cr_assert_not(sp_mutex_trylock(mtx), "not recursive");
    sp_mutex_unlock(mtx);
    cr_assert_not(sp_mutex_owned(mtx));
    sp_sched_spawn(lock_and_die, NULL, 0);
    wait_done(1);
    sp_mutex_lock(mtx);           /* waits for the death, then gets it */
    cr_assert(sp_mutex_owned(mtx));
    sp_mutex_unlock(mtx);
}

/* ---- Queue: a million hand-offs ------------------------------------- */
#define QN 1000000L
static sp_queue *q1, *q2;
static long qsum, qcount;

static void producer(void *arg)
{
    sp_queue *q = arg;
    for (long i = 1; i <= QN; i++)
        sp_queue_push(q, SP_FIX(i), 0, -1);
    done();
}

static void consumer(void *arg)
{
    sp_queue *q = arg;
    sp_value v;
    long expect = 1;
    for (long i = 0; i < QN; i++) {
        cr_assert_eq(sp_queue_pop(q, &v, 0, -1), 1);
        long x = SP_FIX2LONG(v);
        if (x != expect) cr_assert_eq(x, expect, "out of order");
        expect++;
        qsum += x;
        qcount++;
    }
    done();
}

Test(sync, queue_million_handoff, .init = setup2, .timeout = 120)
{
    doneq = new_queue(0);
    q1 = new_queue(0);
    int64_t t0 = now();
    sp_sched_spawn(consumer, q1, 0);
    sp_sched_spawn(producer, q1, 0);
    wait_done(2);
    int64_t t1 = now();
    cr_assert_eq(qcount, QN);
    cr_assert_eq(qsum, QN * (QN + 1) / 2);
    cr_assert_eq(atomic_load(&q1->len), 0);
    fprintf(stderr, "queue: 1,000,000 items producer->consumer, 2 workers: %.0f ns per item\n",
            (double)(t1 - t0) / QN);
}

Test(sync, sized_queue_million, .init = setup2, .timeout = 180)
{
    doneq = new_queue(0);
    q1 = new_queue(16);
    int64_t t0 = now();
    sp_sched_spawn(consumer, q1, 0);
    sp_sched_spawn(producer, q1, 0);
    wait_done(2);
    int64_t t1 = now();
    cr_assert_eq(qcount, QN);
    cr_assert_eq(qsum, QN * (QN + 1) / 2);
    fprintf(stderr, "sized queue (max 16): 1,000,000 items, 2 workers: %.0f ns per item\n",
            (double)(t1 - t0) / QN);
}

/* ---- SizedQueue max 1 ping-pong ---------------------------------------- */
#define PP 200000L
static long pp_a, pp_b;

static void ping(void *arg)
{
    sp_value v;
    for (long i = 0; i < PP; i++) {
        sp_queue_push(q1, SP_FIX(i), 0, -1);
        cr_assert_eq(sp_queue_pop(q2, &v, 0, -1), 1);
        if (SP_FIX2LONG(v) != i) cr_assert_eq(SP_FIX2LONG(v), i, "pong returned a wrong value");
        pp_a++;
    }
    done();
}

static void pong(void *arg)
{
    sp_value v;
    for (long i = 0; i < PP; i++) {
        cr_assert_eq(sp_queue_pop(q1, &v, 0, -1), 1);
        pp_b++;
        sp_queue_push(q2, v, 0, -1);
    }
    done();
}

Test(sync, sized_queue_ping_pong, .init = setup2, .timeout = 120)
{
    doneq = new_queue(0);
    q1 = new_queue(1);
    q2 = new_queue(1);
    int64_t t0 = now();
    sp_sched_spawn(ping, NULL, 0);
    sp_sched_spawn(pong, NULL, 0);
    wait_done(2);
    int64_t t1 = now();
    cr_assert_eq(pp_a, PP);
    cr_assert_eq(pp_b, PP);
    fprintf(stderr, "SizedQueue(1) ping-pong, 2 workers: %.0f ns per round trip\n",
            (double)(t1 - t0) / PP);
}

Test(sync, sized_queue_ping_pong_one_worker, .init = setup1, .timeout = 120)
{
    doneq = new_queue(0);
    q1 = new_queue(1);
    q2 = new_queue(1);
    int64_t t0 = now();
    sp_sched_spawn(ping, NULL, 0);
    sp_sched_spawn(pong, NULL, 0);
    wait_done(2);
    int64_t t1 = now();
    cr_assert_eq(pp_a, PP);
    fprintf(stderr, "SizedQueue(1) ping-pong, 1 worker: %.0f ns per round trip\n",
            (double)(t1 - t0) / PP);
}

/* ---- Queue: pops with timeouts racing pushes ------------------------ */
#define RACE_ITEMS 200000L
#define RACE_CONSUMERS 8
static _Atomic long race_got, race_timeouts, race_sum;

static void timed_consumer(void *arg)
{
    sp_value v;
    while (atomic_load(&race_got) < RACE_ITEMS) {
        int r = sp_queue_pop(q1, &v, 0, 20e-6);    /* 20 us: races the pushes */
        if (r == 1) {
            atomic_fetch_add(&race_sum, SP_FIX2LONG(v));
            atomic_fetch_add(&race_got, 1);
        } else {
            atomic_fetch_add(&race_timeouts, 1);
        }
    }
    done();
}

static void race_producer(void *arg)
{
    for (long i = 1; i <= RACE_ITEMS; i++) {
        sp_queue_push(q1, SP_FIX(i), 0, -1);
        if (i % 64 == 0) sp_sched_yield();
    }
    done();
}

Test(sync, queue_timeouts_race_pushes, .init = setup2, .timeout = 120)
{
    doneq = new_queue(0);
    q1 = new_queue(0);
    for (int i = 0; i < RACE_CONSUMERS; i++)
        sp_sched_spawn(timed_consumer, NULL, 0);
    sp_sched_spawn(race_producer, NULL, 0);
    wait_done(RACE_CONSUMERS + 1);
    cr_assert_eq(atomic_load(&race_got), RACE_ITEMS, "nothing lost or duplicated");
    cr_assert_eq(atomic_load(&race_sum), RACE_ITEMS * (RACE_ITEMS + 1) / 2);
    cr_assert_eq(atomic_load(&q1->len), 0);
    cr_assert_eq(peek(&q1->poppers.n), 0, "timed-out poppers unlinked themselves");
    fprintf(stderr, "pop(timeout) vs push: %ld items, %ld timeouts\n",
            (long)atomic_load(&race_got), (long)atomic_load(&race_timeouts));
}

/* ---- close wakes poppers and pushers ---------------------------------- */
static _Atomic int closed_pops;

static void pop_until_closed(void *arg)
{
    sp_value v;
    if (sp_queue_pop(q1, &v, 0, -1) == 0) atomic_fetch_add(&closed_pops, 1);
    done();
}

Test(sync, close_wakes_poppers, .init = setup2, .timeout = 30)
{
    doneq = new_queue(0);
    q1 = new_queue(0);
    for (int i = 0; i < 10; i++) sp_sched_spawn(pop_until_closed, NULL, 0);
    while (1) {
        sp_spin_lock(&q1->lock);
        long n = q1->poppers.n;
        sp_spin_unlock(&q1->lock);
        if (n == 10) break;
        sp_sched_yield();
        usleep(100);
    }
    sp_queue_close(q1);
    wait_done(10);
    cr_assert_eq(atomic_load(&closed_pops), 10);
    sp_value v;
    cr_assert_eq(sp_queue_pop(q1, &v, 0, -1), 0, "pop on a closed empty queue: nil");
    cr_assert_eq(sp_queue_pop(q1, &v, 1, -1), -1, "non_block: empty");
}

/* ---- ConditionVariable: broadcast to 1,000 waiters -------------------- */
#define CV_WAITERS 1000
static sp_condvar *cv;
static long cv_waiting, cv_woken;
static int cv_go;

static void cv_waiter(void *arg)
{
    sp_mutex_lock(mtx);
    cv_waiting++;
    while (!cv_go)
        sp_condvar_wait(cv, mtx, -1);
    cv_woken++;
    cr_assert(sp_mutex_owned(mtx), "wait re-acquired the mutex");
    sp_mutex_unlock(mtx);
    done();
}

Test(sync, condvar_broadcast_1000, .init = setup2, .timeout = 60)
{
    doneq = new_queue(0);
    mtx = new_mutex();
    cv = new_condvar();
    for (int i = 0; i < CV_WAITERS; i++)
        sp_sched_spawn(cv_waiter, NULL, 64 * 1024);
    for (;;) {
        sp_mutex_lock(mtx);
        long n = cv_waiting;
        sp_mutex_unlock(mtx);
        if (n == CV_WAITERS) break;
        sp_sched_yield();
    }
    sp_mutex_lock(mtx);
    cv_go = 1;
    int64_t t0 = now();
    sp_condvar_broadcast(cv);
    int64_t t1 = now();
    sp_mutex_unlock(mtx);
    wait_done(CV_WAITERS);
    cr_assert_eq(cv_woken, CV_WAITERS);
    fprintf(stderr, "condvar broadcast to %d waiters: %.1f us\n", CV_WAITERS, (t1 - t0) / 1e3);
}

/* signal/wait ping-pong: each signal wakes exactly the waiting side */
#define CVPP 50000
static int turn;
static void cv_side(void *arg)
{
    int me = (int)(intptr_t)arg;
    for (int i = 0; i < CVPP; i++) {
        sp_mutex_lock(mtx);
        while (turn != me) sp_condvar_wait(cv, mtx, -1);
        turn = !me;
        sp_condvar_signal(cv);
        sp_mutex_unlock(mtx);
    }
    done();
}

Test(sync, condvar_signal_ping_pong, .init = setup2, .timeout = 60)
{
    doneq = new_queue(0);
    mtx = new_mutex();
    cv = new_condvar();
    int64_t t0 = now();
    sp_sched_spawn(cv_side, (void *)0, 0);
    sp_sched_spawn(cv_side, (void *)1, 0);
    wait_done(2);
    fprintf(stderr, "condvar signal/wait ping-pong: %.0f ns per turn\n",
            (double)(now() - t0) / (2 * CVPP));
}

/* ---- timeouts return ----------------------------------------------------- */
Test(sync, timeouts_return, .init = setup2, .timeout = 30)
{
    sp_value v;
    sp_queue *q = new_queue(0);
    cr_assert_eq(sp_queue_pop(q, &v, 0, 0.02), 0, "pop(timeout:) -> nil");
    cr_assert_eq(sp_queue_pop(q, &v, 0, 0), 0, "pop(timeout: 0) -> nil");
    sp_queue *sq = new_queue(1);
    cr_assert_eq(sp_queue_push(sq, SP_FIX(1), 0, -1), 1);
    cr_assert_eq(sp_queue_push(sq, SP_FIX(2), 0, 0.02), 0, "push(timeout:) on full -> nil");
    cr_assert_eq(sp_queue_push(sq, SP_FIX(2), 1, -1), -1, "non_block on full");
    cr_assert_eq(sq->pushers.n, 0);
    sp_mutex *m = new_mutex();
    sp_condvar *c = new_condvar();
    sp_mutex_lock(m);
    cr_assert_eq(sp_condvar_wait(c, m, 0.02), SP_NIL, "cv wait timeout -> nil");
    cr_assert(sp_mutex_owned(m));
    cr_assert_eq(c->waiters.n, 0);
    cr_assert_eq(sp_mutex_sleep(m, 0.02), SP_NIL, "Mutex#sleep timeout -> nil");
    cr_assert(sp_mutex_owned(m));
    sp_mutex_unlock(m);
}

/* Mutex#sleep ended by a wakeup returns whole seconds, re-locked */
static sp_gthread *sleeper;
static _Atomic sp_value sleep_result = SP_UNDEF;
static void mutex_sleeper(void *arg)
{
    sp_mutex_lock(mtx);
    sp_value r = sp_mutex_sleep(mtx, -1);
    cr_assert(sp_mutex_owned(mtx));
    sp_mutex_unlock(mtx);
    atomic_store(&sleep_result, r);
    done();
}

Test(sync, mutex_sleep_wakeup, .init = setup2, .timeout = 30)
{
    doneq = new_queue(0);
    mtx = new_mutex();
    sleeper = sp_sched_spawn(mutex_sleeper, NULL, 0);
    while (atomic_load(&sleeper->state) != SP_G_PARKED || !sp_mutex_trylock(mtx))
        usleep(1000);
    sp_mutex_unlock(mtx);
    sp_sched_interrupt(sleeper, SP_INT_WAKEUP);
    wait_done(1);
    cr_assert_eq(atomic_load(&sleep_result), SP_FIX(0));
}

/* ---- costs (printed) ----------------------------------------------------- */
static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

Test(sync, costs_uncontended, .init = setup1, .timeout = 60)
{
    enum { ROUNDS = 21, N = 200000 };
    int64_t lk[ROUNDS], qp[ROUNDS];
    sp_mutex *m = new_mutex();
    sp_queue *q = new_queue(0);
    sp_value v;
    for (int r = 0; r < ROUNDS; r++) {
        int64_t t0 = now();
        for (int i = 0; i < N; i++) { sp_mutex_lock(m); sp_mutex_unlock(m); }
        int64_t t1 = now();
        for (int i = 0; i < N; i++) { sp_queue_push(q, SP_FIX(i), 0, -1); sp_queue_pop(q, &v, 0, -1); }
        int64_t t2 = now();
        lk[r] = t1 - t0;
        qp[r] = t2 - t1;
    }
    qsort(lk, ROUNDS, sizeof lk[0], cmp_i64);
    qsort(qp, ROUNDS, sizeof qp[0], cmp_i64);
    fprintf(stderr, "uncontended Mutex lock+unlock: %.1f ns (median of %d)\n",
            (double)lk[ROUNDS / 2] / N, ROUNDS);
    fprintf(stderr, "uncontended Queue push+pop: %.1f ns (median of %d)\n",
            (double)qp[ROUNDS / 2] / N, ROUNDS);
}

/* ---- interrupts ---------------------------------------------------------
 * The test's interrupt hook records instead of raising, so the waits go
 * round again: the waiter lists must stay consistent, and a wait that
 * re-acquires a mutex must deliver the interrupt only once it holds it. */
static _Atomic int hook_calls, hook_saw_owned = -1;
static void record_hook(sp_gthread *g, uint32_t bits)
{
    atomic_fetch_add(&hook_calls, 1);
    atomic_store(&hook_saw_owned, sp_mutex_owned(mtx));
}

static sp_gthread *victim;
static void cv_victim(void *arg)
{
    sp_mutex_lock(mtx);
    sp_condvar_wait(cv, mtx, -1);
    cr_assert(sp_mutex_owned(mtx));
    sp_mutex_unlock(mtx);
    done();
}

Test(sync, cv_wait_interrupt_delivered_after_reacquire, .init = setup2, .timeout = 30)
{
    sp_sched_int_hook = record_hook;
    doneq = new_queue(0);
    mtx = new_mutex();
    cv = new_condvar();
    victim = sp_sched_spawn(cv_victim, NULL, 0);
    for (;;) {                                  /* until it waits on the CV */
        sp_spin_lock(&cv->lock);
        long n = cv->waiters.n;
        sp_spin_unlock(&cv->lock);
        if (n == 1 && atomic_load(&victim->state) == SP_G_PARKED) break;
        usleep(1000);
    }
    sp_mutex_lock(mtx);                         /* hold it: the re-lock must wait */
    sp_sched_interrupt(victim, SP_INT_RAISE);
    usleep(50000);
    cr_assert_eq(atomic_load(&hook_calls), 0, "not delivered before the mutex is re-acquired");
    cr_assert_eq(peek(&cv->waiters.n), 0, "left the CV's list");
    sp_mutex_unlock(mtx);
    wait_done(1);
    cr_assert_eq(atomic_load(&hook_calls), 1);
    cr_assert_eq(atomic_load(&hook_saw_owned), 1, "delivered with the mutex held");
}

static void lock_victim(void *arg)
{
    sp_mutex_lock(mtx);
    cr_assert(sp_mutex_owned(mtx));
    sp_mutex_unlock(mtx);
    done();
}

Test(sync, mutex_lock_interrupt_keeps_list_consistent, .init = setup2, .timeout = 30)
{
    sp_sched_int_hook = record_hook;
    doneq = new_queue(0);
    mtx = new_mutex();
    sp_mutex_lock(mtx);
    victim = sp_sched_spawn(lock_victim, NULL, 0);
    while (peek(&mtx->waiters.n) != 1 || atomic_load(&victim->state) != SP_G_PARKED) usleep(1000);
    sp_sched_interrupt(victim, SP_INT_RAISE);   /* delivered while waiting (hook returns) */
    while (atomic_load(&hook_calls) == 0) usleep(1000);
    cr_assert_eq(atomic_load(&hook_saw_owned), 0, "interrupted before owning");
    while (peek(&mtx->waiters.n) != 1 || atomic_load(&victim->state) != SP_G_PARKED) usleep(1000);
    sp_mutex_unlock(mtx);
    wait_done(1);
    cr_assert_eq(atomic_load(&mtx->state), 0);
    cr_assert_eq(peek(&mtx->waiters.n), 0);
}

/* a popper interrupted while parked leaves no stale node: the next push
 * must land in the ring, not in a dead waiter */
static void pop_victim(void *arg)
{
    sp_value v;
    cr_assert_eq(sp_queue_pop(q1, &v, 0, -1), 1);
    cr_assert_eq(v, SP_FIX(7));
    done();
}

Test(sync, queue_pop_interrupt, .init = setup2, .timeout = 30)
{
    sp_sched_int_hook = record_hook;
    doneq = new_queue(0);
    mtx = new_mutex();
    q1 = new_queue(0);
    victim = sp_sched_spawn(pop_victim, NULL, 0);
    while (peek(&q1->poppers.n) != 1 || atomic_load(&victim->state) != SP_G_PARKED) usleep(1000);
    sp_sched_interrupt(victim, SP_INT_KILL);
    while (atomic_load(&hook_calls) == 0) usleep(1000);
    while (peek(&q1->poppers.n) != 1 || atomic_load(&victim->state) != SP_G_PARKED) usleep(1000);
    sp_queue_push(q1, SP_FIX(7), 0, -1);
    wait_done(1);
    cr_assert_eq(atomic_load(&q1->len), 0);
}

/* without the sp_sync_thread_died hook, a dead owner's mutex is reaped
 * lazily by the next locked?/try_lock/contended lock */
static void lock_and_exit(void *arg) { sp_mutex_lock(mtx); done(); }

Test(sync, dead_owner_reaped_lazily, .init = setup2, .timeout = 30)
{
    doneq = new_queue(0);
    mtx = new_mutex();
    sp_gthread *g = sp_sched_spawn(lock_and_exit, NULL, 0);
    wait_done(1);
    while (atomic_load(&g->state) != SP_G_DEAD) usleep(1000);
    cr_assert_not(sp_mutex_locked(mtx), "owner is dead: not locked");
    cr_assert(sp_mutex_trylock(mtx));
    cr_assert(sp_mutex_owned(mtx));
    sp_mutex_unlock(mtx);
    g = sp_sched_spawn(lock_and_exit, NULL, 0);
    wait_done(1);
    while (atomic_load(&g->state) != SP_G_DEAD) usleep(1000);
    sp_mutex_lock(mtx);             /* contended path reaps it */
    cr_assert(sp_mutex_owned(mtx));
    sp_mutex_unlock(mtx);
}

/*
 * test_gcroots.c — suspended fibers are GC roots; running fibers are
 * scanned through their worker's stack bottom.
 *
 * Objects referenced only from a suspended fiber's stack must survive
 * collections forced while it is suspended (with allocation churn that
 * reuses any wrongly freed memory).  SPINEL_TEST_NO_FIBER_ROOTS=1
 * disables the push-other-roots hook and these tests then FAIL — run
 *   SPINEL_TEST_NO_FIBER_ROOTS=1 build/unit/test_gcroots
 * to see that they detect the missing roots.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>

#include "sp_sched.h"

#define MAGIC 0x5ee0c0ffee51ULL
typedef struct node { uint64_t magic; long index; struct node *next; uint64_t pad[5]; } node;

static void setup(void)
{
    setenv("SPINEL_WORKERS", "2", 1);
    GC_INIT();
    sp_fiber_init_signals();
    if (getenv("SPINEL_TEST_NO_FIBER_ROOTS"))
        sp_gc_push_fibers = 0;
}

static SP_NOINLINE node *make_list(long n)
{
    node *head = NULL;
    for (long i = 0; i < n; i++) {
        node *x = GC_MALLOC(sizeof *x);
        x->magic = MAGIC;
        x->index = i;
        x->next = head;
        head = x;
    }
    return head;
}

static SP_NOINLINE long check_list(node *head, long n)
{
    long bad = 0, i = n - 1, len = 0;
    for (node *x = head; x && len < n + 10; x = x->next, i--, len++)
        if (x->magic != MAGIC || x->index != i)
            bad++;
    return bad + (len != n);
}

static SP_NOINLINE void churn(void)
{
    for (int round = 0; round < 5; round++) {
        for (int i = 0; i < 200000; i++) {
            uint64_t *p = GC_MALLOC(sizeof(node));
            for (int k = 0; k < 8; k++) p[k] = 0xdeadbeefdeadbeefULL;
        }
        GC_gcollect();
    }
}

/* --- raw fibers ------------------------------------------------------ */
#define NFIB 50
#define LEN 2000
static sp_fiber *mainf, *fibs[NFIB];
static long bad_total;

static void fiber_body(void *arg)
{
    long k = (long)arg;
    node *volatile head = make_list(LEN);   /* only this stack refers to it */
    sp_fiber_switch(fibs[k], mainf);
    bad_total += check_list(head, LEN);
    sp_fiber_exit_to(fibs[k], mainf);
}

Test(gcroots, suspended_fibers_are_roots, .init = setup, .timeout = 120)
{
    mainf = sp_fiber_current();
    for (long k = 0; k < NFIB; k++) {
        fibs[k] = sp_fiber_new(fiber_body, (void *)k, 0);
        sp_fiber_switch(mainf, fibs[k]);
    }
    churn();
    for (long k = 0; k < NFIB; k++) {
        sp_fiber_switch(mainf, fibs[k]);
        sp_fiber_free(fibs[k]);
    }
    cr_assert_eq(bad_total, 0, "%ld corrupted list nodes/lists: a suspended fiber's "
                 "stack was not scanned", bad_total);
}

/* --- green threads on 2 workers, parked and running during GCs --------- */
#define NTH 40
static _Atomic long bad_threads;
static _Atomic int phase_done;
static _Atomic int lock_;
static sp_waiter *parked[NTH];
static int nparked;

static void unlock_fn(void *l) { atomic_store((_Atomic int *)l, 0); }

static void thread_body(void *arg)
{
    node *volatile head = make_list(LEN);
    /* park on a trivial list until main has churned */
    while (atomic_exchange(&lock_, 1)) {}
    parked[nparked++] = &sp_sched_current()->wait;
    sp_sched_park(unlock_fn, &lock_);
    /* some threads also collect while others run */
    if ((long)arg % 4 == 0) churn();
    else for (int i = 0; i < 100; i++) { make_list(1000); sp_sched_yield(); }
    atomic_fetch_add(&bad_threads, check_list(head, LEN));
    atomic_fetch_add(&phase_done, 1);
}

/* Not under ThreadSanitizer: TSan delivers the GC's stop-the-world signal
 * only inside intercepted calls, and these threads allocate and switch
 * without making any, so the collector gives up (see doc/scheduler.md). */
#if defined(__SANITIZE_THREAD__)
#define SKIP_UNDER_TSAN .disabled = 1,
#else
#define SKIP_UNDER_TSAN
#endif
Test(gcroots, parked_and_running_threads, SKIP_UNDER_TSAN .init = setup, .timeout = 300)
{
    for (long i = 0; i < NTH; i++)
        sp_sched_spawn(thread_body, (void *)i, 0);
    for (;;) {
        while (atomic_exchange(&lock_, 1)) {}
        int n = nparked;
        atomic_store(&lock_, 0);
        if (n == NTH) break;
        sp_sched_yield();
    }
    churn();
    while (atomic_exchange(&lock_, 1)) {}
    for (int i = 0; i < NTH; i++)
        sp_sched_ready(parked[i]->g);
    atomic_store(&lock_, 0);
    while (atomic_load(&phase_done) < NTH) {
        make_list(100);
        sp_sched_yield();
    }
    cr_assert_eq(atomic_load(&bad_threads), 0, "objects referenced from thread stacks were freed");
}

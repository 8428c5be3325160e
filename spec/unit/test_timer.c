/*
 * test_timer.c — the timer heap: deadline order, FIFO among equal
 * deadlines, removal of arbitrary timers, and the sysmon-driven clock
 * (a timed sleep wakes up after, and not long after, its deadline).
 */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "sp_sched.h"

static void nop(void *a, uint64_t s) { (void)a; (void)s; }

Test(timer, heap_order_and_remove)
{
    enum { N = 5000 };
    static sp_timer t[N];
    sp_timer_heap h = {0};
    srand(42);
    for (int i = 0; i < N; i++) {
        t[i].when = rand() % 1000;
        t[i].fn = nop;
        t[i].index = -1;
        sp_timer_heap_push(&h, &t[i]);
    }
    /* remove every third */
    int removed = 0;
    for (int i = 0; i < N; i += 3) {
        cr_assert(sp_timer_heap_remove(&h, &t[i]));
        cr_assert_not(sp_timer_heap_remove(&h, &t[i]), "second removal is a no-op");
        removed++;
    }
    int64_t last = -1;
    uint64_t last_order = 0;
    int count = 0;
    sp_timer *x;
    while ((x = sp_timer_heap_pop(&h))) {
        cr_assert(x->when >= last, "deadline order");
        if (x->when == last)
            cr_assert(x->order > last_order, "FIFO among equal deadlines");
        cr_assert_neq((int)(x - t) % 3, 0, "removed timer popped");
        last = x->when;
        last_order = x->order;
        count++;
    }
    cr_assert_eq(count, N - removed);
    free(h.a);
}

Test(timer, sleep_wakes_after_deadline, .timeout = 30)
{
    GC_INIT();
    setenv("SPINEL_WORKERS", "2", 1);
    /* start the scheduler so the sleep goes through sysmon's timers */
    sp_sched_spawn((void (*)(void *))sp_sched_exit, NULL, 0);
    for (int ms = 1; ms <= 64; ms *= 4) {
        int64_t t0 = sp_sched_now();
        int r = sp_sched_sleep_until(t0 + ms * 1000000LL, 0);
        int64_t el = sp_sched_now() - t0;
        cr_assert_eq(r, SP_WAKE_TIMEOUT);
        cr_assert(el >= ms * 1000000LL, "woke early: %ld ns for %d ms", (long)el, ms);
        cr_assert(el < ms * 1000000LL + 200000000LL, "woke very late: %ld ns", (long)el);
    }
}

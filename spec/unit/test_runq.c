/*
 * test_runq.c — the per-worker run queue: FIFO order, bounds, stealing
 * half, and a concurrent owner-vs-stealers stress in which every item
 * must be taken exactly once.
 */
#include <criterion/criterion.h>
#include <pthread.h>
#include <stdio.h>

#include "sp_sched.h"

#define ITEM(i) ((sp_gthread *)(uintptr_t)(((i) + 1) * 8))
#define INDEX(g) ((long)((uintptr_t)(g) / 8) - 1)

Test(runq, fifo_and_bounds)
{
    static sp_runq q;
    for (long i = 0; i < SP_RUNQ_SIZE; i++)
        cr_assert(sp_runq_put(&q, ITEM(i)));
    cr_assert_not(sp_runq_put(&q, ITEM(999)), "a full queue refuses");
    cr_assert_eq(sp_runq_len(&q), SP_RUNQ_SIZE);
    for (long i = 0; i < SP_RUNQ_SIZE; i++)
        cr_assert_eq(INDEX(sp_runq_get(&q)), i);
    cr_assert_null(sp_runq_get(&q));
    /* wrap-around */
    for (int round = 0; round < 10; round++) {
        for (long i = 0; i < 100; i++) sp_runq_put(&q, ITEM(i));
        for (long i = 0; i < 100; i++) cr_assert_eq(INDEX(sp_runq_get(&q)), i);
    }
}

Test(runq, steal_half)
{
    static sp_runq a, b;
    for (long i = 0; i < 10; i++) sp_runq_put(&a, ITEM(i));
    int n = sp_runq_steal(&b, &a);
    cr_assert_eq(n, 5);
    cr_assert_eq(sp_runq_len(&a), 5);
    cr_assert_eq(sp_runq_len(&b), 5);
    for (long i = 0; i < 5; i++) cr_assert_eq(INDEX(sp_runq_get(&b)), i, "stolen from the head");
    for (long i = 5; i < 10; i++) cr_assert_eq(INDEX(sp_runq_get(&a)), i);
    sp_runq_put(&a, ITEM(1));
    cr_assert_eq(sp_runq_steal(&b, &a), 1, "a single item can be stolen");
    cr_assert_eq(sp_runq_steal(&b, &a), 0);
}

/* Stress: one owner pushes/pops, STEALERS steal concurrently. */
#define TOTAL 2000000
#define STEALERS 3
static sp_runq owner_q;
static _Atomic unsigned char seen[TOTAL];
static _Atomic long taken;
static _Atomic int owner_done;

static void take(sp_gthread *g)
{
    long i = INDEX(g);
    cr_assert(i >= 0 && i < TOTAL, "bad item %ld", i);
    unsigned char old = atomic_fetch_add(&seen[i], 1);
    cr_assert_eq(old, 0, "item %ld taken twice", i);
    atomic_fetch_add(&taken, 1);
}

static void *stealer(void *arg)
{
    sp_runq *mine = arg;
    long steals = 0;
    while (!atomic_load(&owner_done) || sp_runq_len(&owner_q) > 0) {
        if (sp_runq_steal(mine, &owner_q) > 0) {
            steals++;
            sp_gthread *g;
            while ((g = sp_runq_get(mine)))
                take(g);
        }
    }
    return (void *)steals;
}

Test(runq, concurrent_steal_stress, .timeout = 120)
{
    static sp_runq qs[STEALERS];
    pthread_t th[STEALERS];
    for (int i = 0; i < STEALERS; i++)
        pthread_create(&th[i], NULL, stealer, &qs[i]);
    long next = 0;
    while (next < TOTAL) {
        int burst = 1 + (int)(next % 7);
        for (int k = 0; k < burst && next < TOTAL; k++) {
            if (sp_runq_put(&owner_q, ITEM(next)))
                next++;
            else
                break;
        }
        sp_gthread *g = sp_runq_get(&owner_q);
        if (g) take(g);
    }
    sp_gthread *g;
    while ((g = sp_runq_get(&owner_q)))
        take(g);
    atomic_store(&owner_done, 1);
    long steals = 0;
    for (int i = 0; i < STEALERS; i++) {
        void *r;
        pthread_join(th[i], &r);
        steals += (long)r;
    }
    cr_assert_eq(atomic_load(&taken), TOTAL, "every item taken exactly once");
    fprintf(stderr, "runq stress: %d items, %ld successful steals\n", TOTAL, steals);
}

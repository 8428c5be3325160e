/*
 * test_fiber.c — fibers: switching, values through shared state, many
 * fibers, stack pooling, stack overflow caught as a recoverable event.
 * The switch cost is measured and printed (not asserted).
 */
#include <criterion/criterion.h>
#include <setjmp.h>
#include <stdio.h>
#include <time.h>

#include "sp_fiber.h"
#include "spinel.h"     /* sp_ec and SP_POLL_ENTRY: the entry check test */

static void setup(void) { GC_INIT(); sp_fiber_init_signals(); }

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* ping-pong between the native stack and one fiber */
static sp_fiber *main_f, *child_f;
static long counter;

static void child_entry(void *arg)
{
    long n = (long)arg;
    for (long i = 0; i < n; i++) {
        counter++;
        sp_fiber_switch(child_f, main_f);
    }
    sp_fiber_exit_to(child_f, main_f);
}

Test(fiber, switch_and_return, .init = setup)
{
    main_f = sp_fiber_current();
    child_f = sp_fiber_new(child_entry, (void *)10L, 0);
    cr_assert_not_null(child_f);
    counter = 0;
    for (int i = 0; i < 10; i++) {
        sp_fiber_switch(main_f, child_f);
        cr_assert_eq(counter, i + 1);
    }
    sp_fiber_switch(main_f, child_f);   /* child exits */
    cr_assert(child_f->dead);
    sp_fiber_free(child_f);
}

Test(fiber, switch_cost, .init = setup)
{
    const long N = 2000000;
    main_f = sp_fiber_current();
    child_f = sp_fiber_new(child_entry, (void *)N, 0);
    counter = 0;
    uint64_t t0 = now_ns();
    for (long i = 0; i < N; i++)
        sp_fiber_switch(main_f, child_f);
    uint64_t t1 = now_ns();
    sp_fiber_switch(main_f, child_f);
    cr_assert_eq(counter, N);
    sp_fiber_free(child_f);
    double ns = (double)(t1 - t0) / (double)(2 * N);
    fprintf(stderr, "fiber switch: %.1f ns per switch (%ld round trips)\n", ns, N);
}

/* Fibers chained: each switches to the next; checks callee-saved
 * registers survive (the values live in locals across the switch). */
#define CHAIN 200
static sp_fiber *chain[CHAIN + 1];
static void chain_entry(void *arg)
{
    long idx = (long)arg;
    volatile double d = idx * 1.5;
    long a = idx * 3, b = idx * 7, c = idx * 11;
    for (int round = 0; round < 3; round++) {
        sp_fiber_switch(chain[idx], chain[(idx + 1) % (CHAIN + 1)]);
        cr_assert_eq(a + b + c, idx * 21);
        cr_assert_eq(d, idx * 1.5);
    }
    sp_fiber_exit_to(chain[idx], chain[(idx + 1) % (CHAIN + 1)]);
}

Test(fiber, chain_of_many, .init = setup)
{
    chain[0] = sp_fiber_current();
    for (long i = 1; i <= CHAIN; i++)
        chain[i] = sp_fiber_new(chain_entry, (void *)i, 64 * 1024);
    for (int round = 0; round < 4; round++)
        sp_fiber_switch(chain[0], chain[1]);
    for (long i = 1; i <= CHAIN; i++) {
        cr_assert(chain[i]->dead);
        sp_fiber_free(chain[i]);
    }
}

Test(fiber, pool_reuse, .init = setup)
{
    main_f = sp_fiber_current();
    for (int i = 0; i < 5000; i++) {
        child_f = sp_fiber_new(child_entry, (void *)1L, 0);
        cr_assert_not_null(child_f);
        sp_fiber_switch(main_f, child_f);
        sp_fiber_switch(main_f, child_f);
        cr_assert(child_f->dead);
        sp_fiber_free(child_f);
    }
}

/* Stack overflow: the hook longjmps back to a point set on the fiber. */
static jmp_buf *overflow_jb;
static int overflows;
static void on_overflow(void) { overflows++; longjmp(*overflow_jb, 1); }

static SP_NOINLINE long recurse(long n)
{
    volatile char pad[256];
    pad[0] = (char)n;
    if (n == 0) return pad[0];
    return recurse(n + 1) + pad[0];
}

static void overflow_entry_fn(void *arg)
{
    (void)arg;
    for (volatile int i = 0; i < 3; i++) {
        jmp_buf jb;
        overflow_jb = &jb;
        if (setjmp(jb) == 0)
            recurse(1);
        /* after the longjmp; switching away re-protects the soft guard */
        sp_fiber_switch(child_f, main_f);
    }
    sp_fiber_exit_to(child_f, main_f);
}

#if defined(__SANITIZE_ADDRESS__)
#define SKIP_UNDER_ASAN .disabled = 1,   /* ASan owns SIGSEGV/stack checks */
#else
#define SKIP_UNDER_ASAN
#endif
Test(fiber, stack_overflow_is_caught, SKIP_UNDER_ASAN .init = setup)
{
    sp_fiber_overflow_hook = on_overflow;
    main_f = sp_fiber_current();
    child_f = sp_fiber_new(overflow_entry_fn, NULL, 256 * 1024);
    overflows = 0;
    for (int i = 0; i < 3; i++) {
        sp_fiber_switch(main_f, child_f);
        cr_assert_eq(overflows, i + 1);
    }
    sp_fiber_switch(main_f, child_f);
    cr_assert(child_f->dead);
    sp_fiber_free(child_f);
}

/* The method-entry check (SP_POLL_ENTRY) raises before the guard is hit:
 * the overflow hook runs with the soft guard still closed. */
static SP_NOINLINE long recurse_checked(long n)
{
    SP_POLL_ENTRY();
    volatile char pad[256];
    pad[0] = (char)n;
    if (n > 1000000000L) return pad[0];    /* never: the check raises first */
    return recurse_checked(n + 1) + pad[0];
}

static int soft_was_open;
static void on_overflow_checked(void) { overflows++; soft_was_open = child_f->soft_open; longjmp(*overflow_jb, 1); }

static void checked_entry_fn(void *arg)
{
    sp_ec *ec = arg;
    sp_ec_set_current(ec);
    jmp_buf jb;
    overflow_jb = &jb;
    if (setjmp(jb) == 0)
        recurse_checked(1);
    sp_fiber_exit_to(child_f, main_f);
}

Test(fiber, entry_check_catches_overflow, .init = setup)
{
    static sp_ec ec;
    sp_fiber_overflow_hook = on_overflow_checked;
    main_f = sp_fiber_current();
    child_f = sp_fiber_new(checked_entry_fn, &ec, 3 * 1024 * 1024);
    ec.stack_limit = sp_fiber_stack_limit(child_f);
    child_f->ec = NULL;
    overflows = 0;
    soft_was_open = -1;
    sp_fiber_switch(main_f, child_f);
    cr_assert_eq(overflows, 1);
    cr_assert_eq(soft_was_open, 0, "the guard page was reached first");
    cr_assert(child_f->dead);
    sp_fiber_free(child_f);
    sp_ec_set_current(NULL);
}

static int count_maps(void)
{
    FILE *fp = fopen("/proc/self/maps", "r");
    int n = 0, c;
    while ((c = fgetc(fp)) != EOF) n += c == '\n';
    fclose(fp);
    return n;
}

/* Thousands of live stacks need only a few mappings (MADV_GUARD_INSTALL
 * guards on one region per 64 stacks), so 100,000 threads fit under
 * vm.max_map_count. */
Test(fiber, stacks_share_mappings, .init = setup)
{
    enum { N = 4000 };
    static sp_fiber *fs[N];
    main_f = sp_fiber_current();
    int before = count_maps();
    for (int i = 0; i < N; i++) {
        fs[i] = sp_fiber_new(child_entry, (void *)1L, 0);
        cr_assert_not_null(fs[i]);
        *(volatile char *)(fs[i]->stack_top - 1) = 1;   /* commit its top */
    }
    int after = count_maps();
    long live, pooled, regions;
    sp_fiber_stack_stats(&live, &pooled, &regions);
    printf("fiber: %d live stacks: %d new mappings, guard kind %d, %ld regions\n",
           N, after - before, sp_fiber_guard_kind(), regions);
#if !defined(__SANITIZE_THREAD__)
    /* Not under TSan: __tsan_create_fiber mmaps its own per-fiber state
     * (about 4 mappings per fiber, 16k for 4000 stacks), which has nothing
     * to do with the stack regions this test is about. */
    if (sp_fiber_guard_kind() == 1)
        cr_assert_lt(after - before, N / 16);
#endif
    for (int i = 0; i < N; i++)
        sp_fiber_free(fs[i]);
    sp_fiber_pool_trim();
    sp_fiber_stack_stats(&live, &pooled, &regions);
    cr_assert_geq(pooled, N);
}

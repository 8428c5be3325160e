/*
 * test_gcblacklist.c — suspended fiber stacks must not poison the
 * collector's stack black list (sp_fiber.c "Address placement",
 * doc/scheduler.md "Fiber stacks and the GC black list").
 *
 * Stacks and fiber records hold pointers into stacks.  Scanned while
 * the stacks lie inside the collector's plausible-heap range, each one
 * black-lists its page (hashed modulo 1 GiB); with enough stacks nearly
 * every large block is black-listed, and a big GC_malloc either takes a
 * black-listed block anyway (libgc's "Repeated allocation of very large
 * block" warning) or grows the heap again and again while holding the
 * allocation lock: the 100,000-sleepers hang.  Here 1,500 suspended fibers
 * each keep pointers to 200 pages of their own stack, then the main fiber
 * makes 1 MiB allocations; no allocation may land on the black list.
 *
 * SPINEL_TEST_NO_PLACE=1 turns the placement off (the kernel puts stack
 * regions among the heap sections) and big_allocs_after_many_stacks then
 * FAILS:
 *   SPINEL_TEST_NO_PLACE=1 build/unit/test_gcblacklist
 */
#include <criterion/criterion.h>
#include <gc/gc_mark.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_fiber.h"

#define NFIB 1500
#define NPTR 200            /* pages of its own stack each fiber points at */
#define NBIG 32
#define BIG  (1u << 20)

static sp_fiber *mainf, *fibs[NFIB];

/* libgc warns when it allocates a large block over a black-listed page */
static _Atomic int large_warnings;
static void count_warning(char *msg, GC_word arg)
{
    if (strstr(msg, "very large block"))
        large_warnings++;
    else
        fprintf(stderr, msg, (unsigned long)arg);
}

static void setup(void)
{
    setenv("GC_LARGE_ALLOC_WARN_INTERVAL", "1", 1);   /* warn at every one */
    GC_INIT();
    GC_set_warn_proc(count_warning);
    if (getenv("SPINEL_TEST_NO_PLACE"))
        sp_fiber_place_stacks = 0;
    sp_fiber_init_signals();
}

static void fiber_body(void *arg)
{
    long k = (long)arg;
    sp_fiber *self = fibs[k];
    char *volatile ptrs[NPTR];     /* what a deep stack leaves behind */
    for (int i = 0; i < NPTR; i++)
        ptrs[i] = self->usable_low + (size_t)i * 4096 + 64;
    sp_fiber_switch(self, mainf);
    (void)ptrs[0];
    sp_fiber_exit_to(self, mainf);
}

static void make_fibers(void)
{
    mainf = sp_fiber_current();
    for (long k = 0; k < NFIB; k++) {
        fibs[k] = sp_fiber_new(fiber_body, (void *)k, 0);
        cr_assert_not_null(fibs[k]);
        sp_fiber_switch(mainf, fibs[k]);
    }
    /* a heap section mapped after the stacks: with kernel placement it
     * lands below them, so the plausible-heap range spans them */
    GC_expand_hp(64u << 20);
    GC_gcollect();
    GC_gcollect();                 /* both black lists (old, incomplete) */
}

static void end_fibers(void)
{
    for (long k = 0; k < NFIB; k++) {
        sp_fiber_switch(mainf, fibs[k]);
        sp_fiber_free(fibs[k]);
    }
}

Test(gcblacklist, stacks_outside_plausible_heap, .init = setup, .timeout = 120)
{
    make_fibers();
    uintptr_t lo = (uintptr_t)GC_least_plausible_heap_addr;
    uintptr_t hi = (uintptr_t)GC_greatest_plausible_heap_addr;
    long inside = 0;
    for (long k = 0; k < NFIB; k++)
        if ((uintptr_t)fibs[k]->stack_top > lo && (uintptr_t)fibs[k]->stack_base <= hi)
            inside++;
    end_fibers();
    if (!sp_fiber_place_stacks)
        cr_skip_test("placement off (SPINEL_TEST_NO_PLACE): %ld of %d stacks "
                     "inside the plausible-heap range", inside, NFIB);
    cr_assert_eq(inside, 0, "%ld of %d fiber stacks inside the plausible-heap range [%p, %p]",
                 inside, NFIB, (void *)lo, (void *)hi);
}

Test(gcblacklist, big_allocs_after_many_stacks, .init = setup, .timeout = 300)
{
    make_fibers();
    size_t before = GC_get_heap_size();
    large_warnings = 0;
    /* bound the failure: without the fix the heap would grow by half,
     * again and again, toward the address-space limit */
    GC_set_max_heap_size(before + (1024u << 20));
    static void *keep[NBIG];
    int got = 0;
    for (int i = 0; i < NBIG; i++) {
        keep[i] = GC_MALLOC_ATOMIC(BIG);
        if (keep[i]) got++;
    }
    size_t grown = GC_get_heap_size() - before;
    if (getenv("SPINEL_TEST_VERBOSE"))
        fprintf(stderr, "heap %zu MiB -> +%zu MiB; plausible [%p, %p]; stacks [%p, %p)\n",
                before >> 20, grown >> 20, GC_least_plausible_heap_addr,
                GC_greatest_plausible_heap_addr, (void *)fibs[NFIB - 1]->stack_base,
                (void *)fibs[0]->stack_top);
    end_fibers();
    cr_assert_eq(got, NBIG, "only %d of %d 1 MiB allocations succeeded (heap +%zu MiB): "
                 "the stack black list is saturated", got, NBIG, grown >> 20);
    cr_assert_eq(large_warnings, 0, "%d of %d 1 MiB allocations landed on black-listed "
                 "pages (pointers into fiber stacks were black-listed)",
                 (int)large_warnings, NBIG);
    cr_assert_lt(grown, (size_t)256 << 20, "heap grew by %zu MiB for %d MiB of objects",
                 grown >> 20, NBIG * (int)(BIG >> 20));
}

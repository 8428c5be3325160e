/*
 * sp_lock.c — striped object locks for built-in containers (see
 * sp_lock.h for the rules).
 *
 * Representation: SP_LK_STRIPES words, each alone in a cache line; 0 is
 * free, 1 held.  A stripe is chosen by a multiplicative hash of the
 * object's address (objects are 16-byte aligned).  The holder is recorded
 * in its sp_ec (lk_held, lk_depth), never in the stripe: nested takes by
 * the holder only count depth, and the raise path (sp_lk_unwind) finds
 * the stripe to release there.
 *
 * Invariants: a green thread holds at most one stripe; lk_depth > 0 iff
 * lk_held != NULL; a stripe is 1 iff exactly one ec has it in lk_held.
 */
#include "sp_lock.h"
#include "sp_sched.h"

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>

#define SP_LK_STRIPES 1024

struct sp_lk_stripe {
    int word;
    char pad[60];
};

static struct sp_lk_stripe stripes[SP_LK_STRIPES] __attribute__((aligned(64)));

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ volatile("yield");
#endif
}

static inline sp_lk_stripe *stripe_of(sp_value obj)
{
    uint64_t x = (uint64_t)obj >> 4;
    return &stripes[(x * 0x9E3779B97F4A7C15ull) >> (64 - 10)];
}

/* The holder may have been preempted (it was running Ruby code just
 * before the builtin) or its worker descheduled by the OS: after a
 * while, give our worker to another green thread. */
static void backoff(void)
{
    if (sp_sched_self()) sp_sched_yield();
    else sched_yield();
}

sp_lk_stripe *sp_lk_take_mt(sp_value obj)
{
    sp_ec *ec = sp_ec_current();
    if (ec->lk_depth > 0) { ec->lk_depth++; return ec->lk_held; }
    sp_lk_stripe *s = stripe_of(obj);
    while (__atomic_exchange_n(&s->word, 1, __ATOMIC_ACQUIRE)) {
        for (int n = 0; __atomic_load_n(&s->word, __ATOMIC_RELAXED); n++) {
            if (n < 200) cpu_relax();
            else { backoff(); n = 0; }
        }
    }
    /* a yield may have moved us to another worker: ec is per green thread */
    ec = sp_ec_current();
    ec->lk_held = s;
    ec->lk_depth = 1;
    return s;
}

void sp_lk_drop_mt(sp_lk_stripe *s)
{
    sp_ec *ec = sp_ec_current();
    if (ec->lk_depth <= 0 || ec->lk_held != s) return;   /* released by a raise */
    if (--ec->lk_depth > 0) return;
    ec->lk_held = NULL;
    __atomic_store_n(&s->word, 0, __ATOMIC_RELEASE);
}

void sp_lk_unwind(sp_ec *ec)
{
    sp_lk_stripe *s = ec->lk_held;
    ec->lk_held = NULL;
    ec->lk_depth = 0;
    if (s) __atomic_store_n(&s->word, 0, __ATOMIC_RELEASE);
}


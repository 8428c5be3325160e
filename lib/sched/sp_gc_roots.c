/*
 * sp_gc_roots.c — make the Boehm GC see fibers correctly.
 *
 * Four rules (DESIGN.md "The GC under parallelism"); leaving out any of
 * 1-3 corrupts the heap, leaving out 4 can hang the allocator:
 *  1. Suspended fibers are roots: the GC_set_push_other_roots hook
 *     (chained to the previous hook, which scans thread stacks) pushes
 *     every suspended fiber's live range [saved sp, stack top) with
 *     GC_push_all_eager.  The hook may run several times per collection;
 *     pushing is idempotent.
 *  2. Each OS thread's stack bottom is its running fiber's: at
 *     GC_EVENT_POST_STOP_WORLD we call GC_set_stackbottom for each
 *     registered fthread with its current fiber's stack top.  The GC then
 *     scans [thread sp, that top) — exactly the running fiber.
 *  3. No collection sees a half-done switch: PRE_STOP_WORLD raises
 *     sp_gc_pending and waits until every fthread's in_switch flag is
 *     clear; a switch that sees sp_gc_pending waits (sp_fiber.c) until
 *     POST_START_WORLD clears it.  Both sides use seq_cst (Dekker).
 *  4. Fiber stacks lie outside the collector's plausible-heap range
 *     (sp_fiber.c "Address placement").  Every word pushed here that
 *     points into that range but at no heap block goes on the stack black
 *     list, and stacks are full of pointers into themselves; with stacks
 *     among the heap sections, 100,000 of them black-listed nearly every
 *     large block and a big allocation grew the heap without end while
 *     holding the allocation lock (doc/scheduler.md).
 *
 * Start-up cost: GC_allow_register_threads starts Boehm's parallel
 * marker threads (an 8 MB stack each, and GC_init waits until they have
 * run), which an empty program does not need.  It is deferred
 * (sp_gc_threads_init): before the first OS thread we create (workers,
 * sysmon), or at the first safepoint after the first collection (the
 * GC_EVENT_END hook raises sp_gc_markers_wanted and sp_pending;
 * sp_sched_check_ints calls sp_gc_markers_poll), so a program that
 * collects still marks in parallel from its second collection on.
 *
 * Pause accounting (SPINEL_SCHED_STATS): the world is stopped from
 * PRE_STOP_WORLD (our in_switch wait included) to POST_START_WORLD;
 * the collecting thread alone writes the counters (under the allocation
 * lock), sp_gc_pause_stats reads them at exit.
 *
 * The hooks run in the collecting thread with the GC allocation lock held
 * and the world stopped; the registries they walk only change under that
 * lock (sp_fiber.c), so they are consistent here.  Nothing here allocates.
 */
#include "sp_fiber.h"

#include <gc/gc_mark.h>
#include <pthread.h>
#include <sched.h>
#include <time.h>
#include <unistd.h>

_Atomic int sp_gc_pending;
_Atomic int sp_gc_markers_wanted;
int sp_gc_push_fibers = 1;
static _Atomic int threads_ready;

static GC_push_other_roots_proc prev_push;
static GC_on_collection_event_proc prev_event;
static pthread_once_t roots_once = PTHREAD_ONCE_INIT;

/* stop-the-world pauses: count, total and longest (ns) */
static uint64_t pause_n, pause_total, pause_max;
static int64_t pause_t0;

static int64_t mono_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void pause_end(void)
{
    uint64_t d = (uint64_t)(mono_ns() - pause_t0);
    pause_n++;
    pause_total += d;
    if (d > pause_max) pause_max = d;
}

void sp_gc_pause_stats(uint64_t *n, uint64_t *total_ns, uint64_t *max_ns)
{
    *n = pause_n;
    *total_ns = pause_total;
    *max_ns = pause_max;
}

static void push_range(sp_fiber *f)
{
    if (f->dead || atomic_load_explicit(&f->on_cpu, memory_order_relaxed))
        return;
    char *lo = f->sp, *hi = f->stack_top;
    if (lo && hi && lo < hi)
        GC_push_all_eager(lo, hi);
}

static void push_fibers(void)
{
    if (prev_push)
        prev_push();
    if (!sp_gc_push_fibers)
        return;
    for (int i = 0; i < sp_fiber_reg_len; i++)
        push_range(sp_fiber_reg[i]);
    /* Native stacks of OS threads now running some other fiber (a
     * worker's scheduler context, the main program's stack). */
    for (int i = 0; i < sp_fthread_reg_len; i++)
        push_range(&sp_fthread_reg[i]->native);
}

static void on_event(GC_EventType ev)
{
    switch (ev) {
    case GC_EVENT_PRE_STOP_WORLD:
        pause_t0 = mono_ns();
        atomic_store(&sp_gc_pending, 1);
        sp_fiber_heavy_fence();     /* switches store in_switch unfenced */
        for (int i = 0; i < sp_fthread_reg_len; i++) {
            sp_fthread *t = sp_fthread_reg[i];
            for (int spins = 0; atomic_load(&t->in_switch); spins++)
                if (spins > 100)
                    sched_yield();
        }
        break;
    case GC_EVENT_POST_STOP_WORLD:
        for (int i = 0; i < sp_fthread_reg_len; i++) {
            sp_fthread *t = sp_fthread_reg[i];
            sp_fiber *cur = atomic_load_explicit(&t->cur, memory_order_relaxed);
            if (!cur || !cur->stack_top || !t->gc_handle)
                continue;
            struct GC_stack_base sb = { .mem_base = cur->stack_top };
            GC_set_stackbottom(t->gc_handle, &sb);
        }
        break;
    case GC_EVENT_POST_START_WORLD:
        atomic_store(&sp_gc_pending, 0);
        pause_end();
        break;
    case GC_EVENT_END:
        /* first collection of a program without threads: ask the next
         * safepoint to start the parallel markers (not here: the
         * allocation lock is held) */
        if (!atomic_load_explicit(&threads_ready, memory_order_relaxed) &&
            !atomic_exchange(&sp_gc_markers_wanted, 1))
            __atomic_fetch_add(&sp_pending, 1, __ATOMIC_SEQ_CST);
        break;
    default:
        break;
    }
    if (prev_event)
        prev_event(ev);
}

/* A switch must not start while a collection is pending: wait here.
 * The GC suspends us with a signal meanwhile, which is fine: we are not
 * inside a switch. */
void sp_gc_wait_not_pending(void)
{
    for (int spins = 0; atomic_load(&sp_gc_pending); spins++) {
        if (spins > 50) {
#if defined(__SANITIZE_THREAD__)
            usleep(10);     /* TSan delivers the GC's signal only in intercepted calls */
#else
            sched_yield();
#endif
        }
    }
}

static pthread_once_t threads_once = PTHREAD_ONCE_INIT;

static void threads_init_once(void)
{
    GC_allow_register_threads();
    atomic_store(&threads_ready, 1);
}

void sp_gc_threads_init(void)
{
    pthread_once(&threads_once, threads_init_once);
}

/* Safepoint side of sp_gc_markers_wanted (not with the GC lock held). */
void sp_gc_markers_poll(void)
{
    if (atomic_exchange(&sp_gc_markers_wanted, 0)) {
        __atomic_fetch_sub(&sp_pending, 1, __ATOMIC_SEQ_CST);
        sp_gc_threads_init();
    }
}

static void roots_init_once(void)
{
    prev_push = GC_get_push_other_roots();
    GC_set_push_other_roots(push_fibers);
    prev_event = GC_get_on_collection_event();
    GC_set_on_collection_event(on_event);
}

/* Install the hooks (after GC_INIT).  Idempotent. */
void sp_gc_roots_init(void)
{
    pthread_once(&roots_once, roots_init_once);
}

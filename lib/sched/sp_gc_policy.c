/*
 * sp_gc_policy.c — how much a program allocates between collections.
 *
 * Boehm collects when its heap is exhausted and has allocated at least
 * min_bytes_allocd since the last collection (else it grows the heap);
 * with our free-space divisor of 2 that is about the live data.  Every
 * collection marks all live data, so a program that keeps a large
 * structure alive while allocating short-lived objects re-marks that
 * structure again and again (binary_trees: an 8 MB tree marked in each
 * of 64 collections).  Here the floor under min_bytes_allocd follows the
 * live data: after each collection it becomes SP_GC_LIVE_FACTOR times
 * the bytes that survived, clamped to [SPINEL_GC_MIN_MB (default 4),
 * SPINEL_GC_MAX_MB (default 20)] MB.  Programs with little live data
 * keep the 4 MB floor and their RSS; a large live set costs at most
 * SPINEL_GC_MAX_MB of extra heap.
 *
 * With N workers both bounds are multiplied by N, at most 8
 * (sp_gc_policy_workers,
 * at scheduler start): N workers allocating at once would otherwise
 * collect N times as often as one, and every collection stops every
 * worker (signal round trips that cost milliseconds each on a loaded
 * machine), so collections ate the parallel gain (alloc_scaling).
 *
 * Context: the event hook runs in the collecting thread with the
 * allocation lock held and the world stopped; it only reads the
 * collector's counters and sets the floor (GC_get_prof_stats_unsafe: the lock-free variant,
 * GC_get_heap_usage_safe would deadlock on the lock we already hold).  It is installed before sp_gc_roots.c's hook,
 * which chains to it.
 */
#include "sp_base.h"

#include <stdlib.h>
#include <gc/gc_mark.h>

#define SP_GC_LIVE_FACTOR 3

static size_t floor_min, floor_max;
static GC_on_collection_event_proc prev_event;

static void GC_CALLBACK on_event(GC_EventType e)
{
    struct GC_prof_stats_s st;
    if (e == GC_EVENT_RECLAIM_END && GC_get_prof_stats_unsafe(&st, sizeof st) >= sizeof st) {
        size_t live = (size_t)(st.heapsize_full - st.free_bytes_full - st.unmapped_bytes);
        size_t want = live * SP_GC_LIVE_FACTOR;
        if (want < floor_min) want = floor_min;
        if (want > floor_max) want = floor_max;
        GC_set_min_bytes_allocd(want);
    }
    if (prev_event) prev_event(e);
}

/* Called once from gc_setup after GC_INIT (single-threaded). */
void sp_gc_policy_init(void)
{
    const char *g = getenv("SPINEL_GC_MIN_MB");
    long lo = g ? atol(g) : 4;
    const char *m = getenv("SPINEL_GC_MAX_MB");
    long hi = m ? atol(m) : 20;
    floor_min = lo > 0 ? (size_t)lo << 20 : 0;
    floor_max = hi > 0 ? (size_t)hi << 20 : 0;
    if (floor_max < floor_min) floor_max = floor_min;
    if (floor_min) GC_set_min_bytes_allocd(floor_min);
    if (floor_max > floor_min) {
        prev_event = GC_get_on_collection_event();
        GC_set_on_collection_event(on_event);
    }
}

/* Called once by the scheduler's start-up with its worker count, before
 * any other worker or sysmon exists (so no collection runs meanwhile). */
void sp_gc_policy_workers(int n)
{
    if (n <= 1) return;
    if (n > 8) n = 8;       /* a 64-core machine must not allocate 1 GB between collections */
    floor_min *= (size_t)n;
    floor_max *= (size_t)n;
    if (floor_min) GC_set_min_bytes_allocd(floor_min);
}

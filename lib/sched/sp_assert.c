/*
 * sp_assert.c — the debug build's assertion failure and lock-rank checks
 * (sp_assert.h).  Empty unless built with -DSP_DEBUG (make debug).
 *
 * Representation: per OS thread, the number of locks held at each rank
 * (__thread; only these out-of-line functions touch it, so no fiber keeps
 * its address across a switch).
 */
#include "sp_assert.h"

#ifdef SP_DEBUG
#include <stdio.h>
#include <stdlib.h>

void sp_assert_fail(const char *cond, const char *file, int line, const char *func)
{
    fprintf(stderr, "[BUG] spinel: assertion failed: %s (%s:%d, %s)\n", cond, file, line, func);
    abort();
}

static __thread int held[SP_RANK_MAX];

void sp_lock_rank_acquire(int rank, const char *file, int line)
{
    for (int r = rank + 1; r < SP_RANK_MAX; r++)
        if (held[r]) {
            fprintf(stderr, "[BUG] spinel: lock order: rank %d taken at %s:%d while holding rank %d "
                            "(order at the top of sp_sched.c)\n", rank, file, line, r);
            abort();
        }
    held[rank]++;
}

void sp_lock_rank_release(int rank, const char *file, int line)
{
    if (held[rank] <= 0) {
        fprintf(stderr, "[BUG] spinel: lock of rank %d released at %s:%d on an OS thread that does not hold one\n",
                rank, file, line);
        abort();
    }
    held[rank]--;
}
#endif

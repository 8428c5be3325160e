/*
 * sp_unit.h — small helpers shared by the Criterion unit tests.
 * (Its presence also satisfies the Makefile's spec/unit/*.h prerequisite.)
 */
#ifndef SP_UNIT_H
#define SP_UNIT_H
#include <stdint.h>
#include <time.h>

static inline uint64_t sp_unit_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
#endif

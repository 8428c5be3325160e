/*
 * sp_process.c — the Process module's clock and pid functions.
 *
 * Process.clock_gettime(id, unit = :float_second) reads clock_gettime(2)
 * directly; the Process::CLOCK_* constants carry the Linux clock ids (the
 * same numbers CRuby exposes).  Integer units return Integers, float units
 * Floats; no allocation beyond the result.  Process.exit/abort live in
 * sp_kernel.c.  sp_process_init() is called from sp_init_time (sp_time.c)
 * so sp_init.c needs no extra hook.
 */
#include "spinel.h"
#include "sp_numeric.h"

#include <errno.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

void sp_process_init(void);

/* Clock id argument: an Integer, or one of CRuby's emulation Symbols
 * (mapped to the equivalent POSIX clock); anything else is EINVAL. */
static clockid_t clock_arg(sp_value v)
{
    if (SP_FIXNUM_P(v)) return (clockid_t)SP_FIX2LONG(v);
    if (SP_SYMBOL_P(v)) {
        const char *n = sp_id_name(SP_SYM2ID(v));
        if (!strcmp(n, "GETTIMEOFDAY_BASED_CLOCK_REALTIME") || !strcmp(n, "TIME_BASED_CLOCK_REALTIME"))
            return CLOCK_REALTIME;
        if (!strcmp(n, "GETRUSAGE_BASED_CLOCK_PROCESS_CPUTIME_ID") ||
            !strcmp(n, "TIMES_BASED_CLOCK_PROCESS_CPUTIME_ID") ||
            !strcmp(n, "CLOCK_BASED_CLOCK_PROCESS_CPUTIME_ID"))
            return CLOCK_PROCESS_CPUTIME_ID;
        if (!strcmp(n, "TIMES_BASED_CLOCK_MONOTONIC")) return CLOCK_MONOTONIC;
        sp_raise_syserr(EINVAL, NULL);
    }
    sp_raise_type(v, "Integer");
}

static sp_value clock_value(const struct timespec *ts, sp_value unit)
{
    const char *u = SP_SYMBOL_P(unit) ? sp_id_name(SP_SYM2ID(unit)) : NULL;
    int64_t s = (int64_t)ts->tv_sec, ns = (int64_t)ts->tv_nsec;
    if (unit == SP_NIL || (u && !strcmp(u, "float_second")))
        return sp_float_new((double)s + (double)ns / 1e9);
    if (!u) goto bad;
    if (!strcmp(u, "float_millisecond")) return sp_float_new((double)s * 1e3 + (double)ns / 1e6);
    if (!strcmp(u, "float_microsecond")) return sp_float_new((double)s * 1e6 + (double)ns / 1e3);
    if (!strcmp(u, "second")) return sp_int_new(s);
    if (!strcmp(u, "millisecond")) return sp_int_new(s * 1000 + ns / 1000000);
    if (!strcmp(u, "microsecond")) return sp_int_new(s * 1000000 + ns / 1000);
    if (!strcmp(u, "nanosecond")) return sp_int_new(s * 1000000000 + ns);
bad:
    sp_raise(sp_eArgError, "unexpected unit: %s", u ? u : sp_str_cstr(sp_to_s(unit)));
}

/* Process.clock_gettime(clock_id, unit = :float_second) */
static sp_value p_clock_gettime(sp_value self, int argc, const sp_value *argv, sp_value blk)
{
    (void)self; (void)blk;
    argc = SP_ARGC(argc);
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    struct timespec ts;
    if (clock_gettime(clock_arg(argv[0]), &ts) != 0)
        sp_raise_syserr(errno, "clock_gettime");
    return clock_value(&ts, argc > 1 ? argv[1] : SP_NIL);
}

/* Process.clock_getres(clock_id, unit = :float_second) */
static sp_value p_clock_getres(sp_value self, int argc, const sp_value *argv, sp_value blk)
{
    (void)self; (void)blk;
    argc = SP_ARGC(argc);
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    struct timespec ts;
    if (clock_getres(clock_arg(argv[0]), &ts) != 0)
        sp_raise_syserr(errno, "clock_getres");
    return clock_value(&ts, argc > 1 ? argv[1] : SP_NIL);
}

static sp_value p_pid(sp_value self, int argc, const sp_value *argv, sp_value blk)
{
    (void)self; (void)argc; (void)argv; (void)blk;
    return SP_FIX((int64_t)getpid());
}

static sp_value p_ppid(sp_value self, int argc, const sp_value *argv, sp_value blk)
{
    (void)self; (void)argc; (void)argv; (void)blk;
    return SP_FIX((int64_t)getppid());
}

void sp_process_init(void)
{
    sp_value P = sp_mProcess;
    if (!P) P = sp_mProcess = sp_define_module("Process");
    sp_define_const(P, "CLOCK_REALTIME", SP_FIX(CLOCK_REALTIME));
    sp_define_const(P, "CLOCK_MONOTONIC", SP_FIX(CLOCK_MONOTONIC));
    sp_define_const(P, "CLOCK_PROCESS_CPUTIME_ID", SP_FIX(CLOCK_PROCESS_CPUTIME_ID));
    sp_define_const(P, "CLOCK_THREAD_CPUTIME_ID", SP_FIX(CLOCK_THREAD_CPUTIME_ID));
#ifdef CLOCK_MONOTONIC_RAW
    sp_define_const(P, "CLOCK_MONOTONIC_RAW", SP_FIX(CLOCK_MONOTONIC_RAW));
#endif
#ifdef CLOCK_BOOTTIME
    sp_define_const(P, "CLOCK_BOOTTIME", SP_FIX(CLOCK_BOOTTIME));
#endif
    sp_define_module_function(P, "clock_gettime", p_clock_gettime, -1);
    sp_define_module_function(P, "clock_getres", p_clock_getres, -1);
    sp_define_module_function(P, "pid", p_pid, 0);
    sp_define_module_function(P, "ppid", p_ppid, 0);
}

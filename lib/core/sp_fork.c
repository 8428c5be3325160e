#define _GNU_SOURCE
/*
 * sp_fork.c — Kernel#fork / Process.fork, with and without a block.
 *
 * Only before the scheduler has started (no Thread was ever created): the
 * child then has the one OS thread the program ever had, and the collector
 * handles its own marker threads across fork (bdwgc's fork support).
 * After Thread.new the child would have to restart the scheduler, sysmon
 * and the workers with only the forking green thread alive; that is not
 * done, so fork raises NotImplementedError there instead of leaving a
 * child whose run queues point at threads that do not exist.
 *
 * The child of fork { } runs the block, then at_exit handlers, and exits
 * with 0 (1 after an uncaught exception), as CRuby's does.
 */
#include "spinel.h"
#include "sp_sched.h"

#include <errno.h>
#include <stdio.h>
#include <unistd.h>

void sp_flush_all(void);
int sp_main_exit_status(sp_value exc);
int sp_main_finish(void);
void sp_signal_die(void);
void sp_io_flush_at_exit(void);

static sp_value fork_body(void *arg)
{
    return sp_yield((sp_value)arg, 0, NULL);
}

static sp_value k_fork(sp_value self, int argc, const sp_value *argv, sp_value blk)
{
    if (sp_sched_started())
        sp_raise(sp_eNotImpError, "fork() after Thread.new is not supported by Spinel yet "
                 "(the child would need a fresh scheduler)");
    sp_flush_all();
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) sp_raise_syserr(errno, "fork(2)");
    if (pid > 0) return SP_FIX(pid);
    if (blk == SP_NIL) return SP_NIL;
    sp_value exc = SP_NIL;
    sp_run_protected(fork_body, (void *)blk, &exc);
    if (exc != SP_NIL) sp_main_exit_status(exc);
    int st = sp_main_finish();
    sp_io_flush_at_exit();      /* the atexit handlers do not run: _exit */
    sp_signal_die();
    _exit(st);
}

void sp_init_fork(void)
{
    sp_define_private_method(sp_mKernel, "fork", k_fork, -1);
    sp_value P = sp_mProcess;
    sp_define_singleton_method(P, "fork", k_fork, -1);
}

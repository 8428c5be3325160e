#define _GNU_SOURCE
/*
 * sp_fork.c — Kernel#fork / Process.fork, with and without a block.
 *
 * Also after Thread.new, from any green thread on any worker: the child
 * has only the forking OS thread, so only the forking green thread lives
 * there (as in CRuby), and it is the child's main thread.  The child puts
 * the scheduler back to "not started" (sp_sched_atfork_child: its locks
 * made anew, queues emptied, the other threads dead, sysmon's epoll sets
 * closed) and the fiber layer keeps only its own OS thread
 * (sp_fiber_atfork_child); the next Thread.new starts workers and sysmon
 * afresh.  The collector goes through GC_atfork_prepare/parent/child.
 * No lock is held by a thread that does not come along: the fork stops
 * the world first (sp_sched_stop_world: every other worker parked at a
 * safepoint, outside any object lock or runtime mutex, or in a blocking
 * region, where an IO's lock is all it may hold; the child makes those
 * anew, sp_io_atfork_child), and restarts it in the parent.
 *
 * The child of fork { } runs the block, then at_exit handlers, and exits
 * with 0 (1 after an uncaught exception), as CRuby's does.
 */
#include "spinel.h"
#include "sp_sched.h"
#include <gc/gc.h>

#include <errno.h>
#include <stdio.h>
#include <unistd.h>

void sp_flush_all(void);
int sp_main_exit_status(sp_value exc);
int sp_main_finish(void);
void sp_signal_die(void);
void sp_io_flush_at_exit(void);
void sp_thread_atfork_child(void);
void sp_io_atfork_child(void);

static sp_value fork_body(void *arg)
{
    return sp_yield((sp_value)arg, 0, NULL);
}

SP_METHOD(k_fork)
{
    sp_flush_all();
    fflush(stdout);
    fflush(stderr);
    int threaded = sp_sched_stop_world();
    GC_atfork_prepare();        /* no-ops where bdwgc handles fork itself */
    pid_t pid = fork();
    int err = errno;
    if (pid != 0) {
        GC_atfork_parent();
        if (threaded) sp_sched_start_world();
    }
    if (pid < 0) sp_raise_syserr(err, "fork(2)");
    if (pid > 0) return SP_FIX(pid);
    GC_atfork_child();
    if (threaded) {
        sp_fiber_atfork_child();
        sp_thread_atfork_child();
        sp_io_atfork_child();
    }
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

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
 * Process.daemon forks twice the same way (setsid between).
 *
 * The child of fork { } runs the block, then at_exit handlers, and exits
 * with 0 (1 after an uncaught exception), as CRuby's does.
 */
#include "spinel.h"
#include "sp_sched.h"
#include "sp_string.h"
#include <gc/gc.h>

#include <errno.h>
#include <fcntl.h>
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

/* fork(2) with the world stopped; in the child the runtime is made
 * single-threaded again.  Returns the pid (parent) or 0 (child). */
static pid_t do_fork(void)
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
    if (pid > 0) return pid;
    GC_atfork_child();
    if (threaded) {
        sp_fiber_atfork_child();
        sp_thread_atfork_child();
        sp_io_atfork_child();
    }
    return 0;
}

/* Process._fork: the fork itself, which Kernel#fork / Process.fork call
 * as a method (so a module prepended to Process's singleton class sees
 * every fork, CRuby's hook for libraries). */
SP_METHOD(p__fork)
{
    return SP_FIX(do_fork());
}

SP_METHOD(k_fork)
{
    sp_value r = sp_funcall(sp_mProcess, sp_intern("_fork"), 0, NULL, SP_NIL);
    if (sp_num_to_long(r) != 0) return r;
    if (blk == SP_NIL) return SP_NIL;
    sp_value exc = SP_NIL;
    sp_run_protected(fork_body, (void *)blk, &exc);
    if (exc != SP_NIL) sp_main_exit_status(exc);
    int st = sp_main_finish();
    sp_io_flush_at_exit();      /* the atexit handlers do not run: _exit */
    sp_signal_die();
    _exit(st);
}

/* Process.daemon(nochdir = nil, noclose = nil): detach from the terminal
 * as daemon(3) does, with fork (so the runtime's threads are handled as
 * for Kernel#fork): the parent leaves with _exit(0) (no at_exit), the
 * child starts a session, forks again (never a session leader), goes to
 * "/" unless nochdir and points stdin/out/err at /dev/null unless noclose. */
static int daemon_flag(sp_value v, const char *name)
{
    if (v != SP_NIL && v != SP_TRUE && v != SP_FALSE)
        sp_raise(sp_eArgError, "expected true or false as %s: %s", name, sp_str_cstr(sp_inspect(v)));
    return v == SP_TRUE;
}
SP_METHOD(p_daemon)
{
    if (argc > 2) sp_raise_arity(argc, 0, 2);
    int nochdir = daemon_flag(argc > 0 ? argv[0] : SP_NIL, "nochdir");
    int noclose = daemon_flag(argc > 1 ? argv[1] : SP_NIL, "noclose");
    if (do_fork() > 0) _exit(0);
    if (setsid() < 0) sp_raise_syserr(errno, "setsid");
    if (do_fork() > 0) _exit(0);
    if (!nochdir && chdir("/") < 0) sp_raise_syserr(errno, "chdir");
    if (!noclose) {
        int fd = open("/dev/null", O_RDWR);
        if (fd < 0) sp_raise_syserr(errno, "/dev/null");
        dup2(fd, 0); dup2(fd, 1); dup2(fd, 2);
        if (fd > 2) close(fd);
    }
    return SP_FIX(0);
}

void sp_init_fork(void)
{
    sp_define_private_method(sp_mKernel, "fork", k_fork, -1);
    sp_value P = sp_mProcess;
    sp_define_singleton_method(P, "fork", k_fork, -1);
    sp_define_singleton_method(P, "_fork", p__fork, 0);
    sp_define_singleton_method(P, "daemon", p_daemon, -1);
}

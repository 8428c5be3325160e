/*
 * sp_thread.h — the Ruby Thread object (sp_thread.c).
 *
 * A Thread object owns one green thread (sp_gthread, sp_sched.h) and the
 * Ruby-visible state around it: the block and its arguments, the result or
 * the exception that ended it, name, thread variables, flags, and the list
 * of threads joining it (guarded by its own spin lock `lock`).
 */
#ifndef SP_THREAD_H
#define SP_THREAD_H

#include "sp_sched.h"
#include "sp_sync.h"

enum { SP_TH_ALIVE = 0, SP_TH_DONE, SP_TH_FAILED, SP_TH_KILLED };

typedef struct sp_thread {
    sp_header hdr;
    sp_gthread *g;
    sp_value proc;              /* the block */
    sp_value args;              /* Array given to Thread.new */
    sp_value value;             /* block result */
    sp_value exc;               /* exception that ended it, or nil */
    sp_value name;              /* String or nil */
    sp_value tvars;             /* Hash: thread_variable_get/set, or nil */
    sp_value group;             /* ThreadGroup */
    const char *file;           /* where it was created (inspect) */
    int line;
    int started;
    _Atomic int end;            /* SP_TH_* */
    _Atomic int aborting;       /* being killed (status "aborting") */
    int report_on_exception;
    int abort_on_exception;
    int priority;
    sp_spin lock;               /* guards joiners */
    sp_waiter *joiners;
    /* Thread#backtrace of a running thread: requests and the answer */
    _Atomic uint64_t bt_req, bt_done;
    sp_value bt_result;
    /* Thread.handle_interrupt: stack of mask Hashes (innermost last) and
     * the interrupts held back (exceptions; true = kill), oldest first */
    sp_value masks, deferred, defer_modes;
    sp_value fiber_storage;     /* the creator's fiber storage (a copy) for the root fiber */
} sp_thread;

/* The current fiber's storage copied for a new Thread (sp_fiber_rb.c). */
sp_value sp_fiber_storage_copy(void);

/* The current thread's Thread object. */
sp_value sp_thread_current(void);

#endif

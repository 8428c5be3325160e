/*
 * sp_thread.c — the Ruby Thread class, ThreadGroup, Kernel#sleep, and the
 * Ruby side of interrupts (Thread#raise/kill delivery, SIGINT, deadlock).
 *
 * Representation: sp_thread (sp_thread.h) is the GC'd Thread object; it
 * points to its green thread (sp_gthread) and the green thread points back
 * (g->robj), so Thread.list is a walk of the scheduler's live list.  The
 * main Thread object wraps sp_sched_main().
 *
 * A thread body runs under sp_run_protected at the base of its fiber: an
 * exception ends the thread (reported on stderr when report_on_exception,
 * re-raised in the main thread when abort_on_exception or when it is a
 * SystemExit), Thread#kill unwinds with SP_JUMP_KILL so ensure blocks run.
 * Joiners wait on the thread's own list (its spin lock) with the parking
 * API; the finishing thread claims and readies them.
 *
 * Interrupts reach a thread through sp_sched_interrupt (pending bits +
 * sp_pending) and are taken at its next safepoint or interruptible wait;
 * sp_thread_int_hook turns the bits into Ruby exceptions/unwinding there.
 */
#define _GNU_SOURCE
#include "sp_thread.h"
#include "sp_sync.h"
#include "sp_class.h"
#include "sp_hash.h"
#include "sp_io.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define TH(v) ((sp_thread *)(v))

static sp_value main_thread;            /* GC root (registered) */
static sp_value cThreadGroup, default_group;
static int global_abort_on_exception;
static int global_report_on_exception = 1;
static _Atomic int deadlock_flag;

static sp_value thread_alloc(sp_value klass)
{
    sp_thread *th = sp_alloc(sizeof *th, klass, SP_T_THREAD);
    th->proc = th->args = th->value = th->exc = th->name = th->tvars = SP_NIL;
    th->bt_result = SP_NIL;
    th->masks = th->deferred = th->defer_modes = th->fiber_storage = SP_NIL;
    th->group = default_group ? default_group : SP_NIL;
    th->report_on_exception = __atomic_load_n(&global_report_on_exception, __ATOMIC_RELAXED);
    th->abort_on_exception = 0;
    return (sp_value)th;
}

static sp_thread *check_thread(sp_value v)
{
    if (!SP_HEAP_P(v) || SP_TYPE(v) != SP_T_THREAD)
        sp_raise(sp_eTypeError, "wrong argument type %s (expected VM/thread)", sp_obj_classname(v));
    return TH(v);
}

sp_value sp_thread_current(void)
{
    sp_ec *ec = sp_ec_current();
    if (ec && ec->thread)
        return (sp_value)ec->thread;
    sp_gthread *g = sp_sched_current();
    if (g && g->robj)
        return (sp_value)g->robj;
    return main_thread;
}

static int th_alive(sp_thread *th) { return atomic_load(&th->end) == SP_TH_ALIVE; }

/* ------------------------------------------------------------------ */
/* inspect / status                                                    */

static const char *status_str(sp_thread *th, int for_inspect)
{
    if (!th_alive(th))
        return for_inspect ? "dead" : NULL;
    if (atomic_load(&th->aborting))
        return "aborting";
    if ((sp_value)th == sp_thread_current())
        return "run";
    int s = th->g ? atomic_load(&th->g->state) : SP_G_RUNNING;
    if (s == SP_G_PARKED || s == SP_G_PARKING)
        return "sleep";
    if (s == SP_G_RUNNING && sp_sched_in_blocking(th->g))
        return "sleep";         /* blocked in I/O or a C call, as CRuby shows it */
    return "run";
}

static sp_value th_inspect_str(sp_thread *th, const char *status)
{
    sp_value s = sp_str_format("#<%s:0x%016lx", sp_obj_classname((sp_value)th),
                               (unsigned long)(uintptr_t)th);
    if (th->name != SP_NIL) {
        sp_str_cat(s, "@", 1);
        sp_str_append(s, th->name);
    }
    if (th->file) {
        char buf[64];
        sp_str_cat(s, " ", 1);
        sp_str_cat(s, th->file, strlen(th->file));
        int n = snprintf(buf, sizeof buf, ":%d", th->line);
        sp_str_cat(s, buf, (size_t)n);
    }
    sp_str_cat(s, " ", 1);
    sp_str_cat(s, status, strlen(status));
    sp_str_cat(s, ">", 1);
    return s;
}

SP_METHOD(th_inspect) { return th_inspect_str(TH(self), status_str(TH(self), 1)); }

SP_METHOD(th_status)
{
    sp_thread *th = TH(self);
    if (!th_alive(th))
        return atomic_load(&th->end) == SP_TH_FAILED ? SP_NIL : SP_FALSE;
    return sp_str_new_cstr(status_str(th, 0));
}

SP_METHOD(th_alive_p) { return SP_BOOL(th_alive(TH(self))); }

SP_METHOD(th_stop_p)
{
    sp_thread *th = TH(self);
    if (!th_alive(th)) return SP_TRUE;
    const char *s = status_str(th, 0);
    return SP_BOOL(s && !strcmp(s, "sleep"));
}

/* ------------------------------------------------------------------ */
/* Finishing and joining                                               */

/* end >= 0: also publish the thread's end state (under the lock, so a
 * joiner either sees it ended or is on the list we drain). */
static void wake_joiners(sp_thread *th, int end)
{
    sp_spin_lock(&th->lock);
    if (end >= 0)
        atomic_store(&th->end, end);
    sp_waiter *chain = NULL, **pp = &th->joiners;
    while (*pp) {
        sp_waiter *w = *pp;
        if (sp_sched_claim(w->g, SP_WAKE_SIGNAL)) {
            *pp = w->next;
            w->linked = 0;
            w->next = chain;
            chain = w;
        } else {
            pp = &w->next;      /* timed out / interrupted: unlinks itself */
        }
    }
    sp_spin_unlock(&th->lock);
    while (chain) {
        sp_waiter *n = chain->next;
        chain->next = NULL;
        sp_sched_ready(chain->g);
        chain = n;
    }
}

static void unlink_joiner(sp_thread *th, sp_waiter *w)
{
    sp_spin_lock(&th->lock);
    if (w->linked) {
        for (sp_waiter **pp = &th->joiners; *pp; pp = &(*pp)->next)
            if (*pp == w) { *pp = w->next; break; }
        w->linked = 0;
    }
    sp_spin_unlock(&th->lock);
}

/* Wait until th ends.  deadline 0: forever.  Returns 0 on timeout. */
static int join_wait(sp_thread *th, int64_t deadline)
{
    for (;;) {
        sp_spin_lock(&th->lock);
        if (!th_alive(th)) {
            sp_spin_unlock(&th->lock);
            return 1;
        }
        if (deadline && sp_sched_now() >= deadline) {
            sp_spin_unlock(&th->lock);
            return 0;
        }
        sp_waiter *w = sp_sched_wait_prepare();
        w->linked = 1;
        w->next = th->joiners;
        th->joiners = w;
        int why = sp_sched_park_wait(sp_spin_unlock_cb, &th->lock, deadline,
                                     SP_PARK_DEADLOCKABLE | SP_PARK_NO_WAKEUP);
        if (why == SP_WAKE_SIGNAL)
            continue;
        unlink_joiner(th, w);
        if (why == SP_WAKE_INTERRUPT)
            sp_sched_check_ints();
        if (why == SP_WAKE_TIMEOUT)
            return !th_alive(th);
    }
}

static void thread_join_checks(sp_thread *th)
{
    sp_value cur = sp_thread_current();
    if ((sp_value)th == cur)
        sp_raise(sp_eThreadError, "Target thread must not be current thread");
    if ((sp_value)th == main_thread)
        sp_raise(sp_eThreadError, "Target thread must not be main thread");
}

static double num_to_secs(sp_value v)
{
    if (SP_FIXNUM_P(v) || SP_FLONUM_P(v) ||
        (SP_HEAP_P(v) && (SP_TYPE(v) == SP_T_FLOAT || SP_TYPE(v) == SP_T_BIGNUM)))
        return sp_num_to_double(v);
    /* CRuby's rb_num2dbl: only Numerics convert (through #to_f) */
    if (!sp_obj_is_kind_of(v, sp_cNumeric))
        sp_raise(sp_eTypeError, "can't convert %s into Float", sp_obj_classname(v));
    sp_value f = sp_funcall(v, sp_intern("to_f"), 0, NULL, SP_NIL);
    return sp_num_to_double(f);
}

SP_METHOD(th_join)
{
    sp_thread *th = TH(self);
    int n = argc;
    if (n > 1) sp_raise_arity(n, 0, 1);
    thread_join_checks(th);
    int64_t deadline = 0;
    if (n == 1 && argv[0] != SP_NIL) {
        double secs = num_to_secs(argv[0]);
        if (secs < 0) secs = 0;
        deadline = sp_sched_now() + (int64_t)(secs * 1e9);
        if (deadline == 0) deadline = 1;
    }
    if (!join_wait(th, deadline))
        return SP_NIL;
    if (atomic_load(&th->end) == SP_TH_FAILED && th->exc != SP_NIL)
        sp_raise_exc(th->exc);
    return self;
}

SP_METHOD(th_value)
{
    sp_thread *th = TH(self);
    thread_join_checks(th);
    join_wait(th, 0);
    if (atomic_load(&th->end) == SP_TH_FAILED && th->exc != SP_NIL)
        sp_raise_exc(th->exc);
    return th->value;
}

/* ------------------------------------------------------------------ */
/* Starting                                                            */

static sp_value call_body(void *arg)
{
    sp_thread *th = arg;
    sp_sched_check_ints();          /* killed/raised before it ever ran */
    sp_value args = th->args;
    long n = args == SP_NIL ? 0 : sp_ary_len(args);
    sp_value buf[16];
    sp_value *av = n <= 16 ? buf : GC_MALLOC(sizeof(sp_value) * (size_t)n);
    for (long i = 0; i < n; i++) av[i] = sp_ary_entry(args, i);
    return sp_proc_call(th->proc, (int)n, av, SP_NIL);
}

static void report_exception(sp_thread *th, sp_value exc)
{
    sp_value head = th_inspect_str(th, "run");
    static const char tail[] = " terminated with exception (report_on_exception is true):\n";
    sp_str_cat(head, tail, sizeof tail - 1);
    sp_flush_all();
    /* the current $stderr: sp_io's view, or the global when a program
     * assigned it without going through sp_io_set_stderr */
    sp_value err = sp_io_get_stderr();
    if (err == sp_stderr_obj || err == SP_NIL)
        err = sp_gvar_get(sp_intern("$stderr"));
    if (err == sp_stderr_obj || err == SP_NIL) {
        sp_write_stderr(sp_str_ptr(head), sp_str_len(head));
        sp_print_uncaught(exc);
        return;
    }
    /* $stderr was reassigned (e.g. a StringIO): one #write, as CRuby */
    sp_value msg = sp_funcall(exc, sp_intern("full_message"), 0, NULL, SP_NIL);
    if (SP_HEAP_P(msg) && SP_TYPE(msg) == SP_T_STRING)
        sp_str_append(head, msg);
    sp_funcall(err, sp_intern("write"), 1, &head, SP_NIL);
}

static void thread_main(void *arg)
{
    sp_thread *th = arg;
    sp_ec *ec = sp_ec_current();
    ec->thread = th;
    sp_value exc = SP_NIL;
    sp_value v = sp_run_protected(call_body, th, &exc);
    int end;
    if (v != SP_UNDEF) {
        th->value = v;
        end = SP_TH_DONE;
    } else if (exc == SP_NIL) {
        end = SP_TH_KILLED;
    } else {
        th->exc = exc;
        end = SP_TH_FAILED;
    }
    if (end == SP_TH_FAILED) {
        if (sp_obj_is_kind_of(exc, sp_eSystemExit)) {
            /* exit in a thread ends the program with its status */
            end = SP_TH_DONE;
            sp_thread *m = TH(main_thread);
            m->g->pending_exc = exc;
            sp_sched_interrupt(m->g, SP_INT_RAISE);
        } else {
            /* relaxed atomic loads: see th_set_report_on_exception */
            if (__atomic_load_n(&th->report_on_exception, __ATOMIC_RELAXED))
                report_exception(th, exc);
            if (__atomic_load_n(&th->abort_on_exception, __ATOMIC_RELAXED) ||
                __atomic_load_n(&global_abort_on_exception, __ATOMIC_RELAXED)) {
                sp_thread *m = TH(main_thread);
                m->g->pending_exc = exc;
                sp_sched_interrupt(m->g, SP_INT_RAISE);
            }
        }
    }
    /* A dying thread releases the mutexes it still holds (CRuby does), before
     * joiners can observe it dead. */
    sp_sync_thread_died(th->g);
    wake_joiners(th, end);      /* sets th->end under the same lock */
    ec->thread = th;    /* keep it reachable until the very end */
}

static void caller_site(sp_thread *th)
{
    sp_ec *ec = sp_ec_current();
    for (sp_frame *f = ec ? ec->frame : NULL; f; f = f->prev) {
        if (f->info && f->info->file) {
            th->file = f->info->file;
            th->line = f->line;
            return;
        }
    }
}

static void thread_start(sp_thread *th, int argc, const sp_value *argv, sp_value blk)
{
    if (blk == SP_NIL)
        sp_raise(sp_eThreadError, "must be called with a block");
    if (th->started)
        sp_raise(sp_eThreadError, "already initialized thread");
    th->started = 1;
    th->proc = blk;
    /* no Array for the common Thread.new { } (call_body reads nil as none) */
    th->args = SP_ARGC(argc) ? sp_ary_new_from(SP_ARGC(argc), argv) : SP_NIL;
    caller_site(th);
    th->fiber_storage = sp_fiber_storage_copy();    /* inherited, as CRuby */
    /* inherit the creator's priority and ThreadGroup (CRuby) */
    sp_value cur = sp_thread_current();
    if (cur != SP_NIL && cur != (sp_value)th) {
        th->priority = TH(cur)->priority;
        if (TH(cur)->group != SP_NIL)
            th->group = TH(cur)->group;
    }
    sp_gthread *g = sp_sched_create(thread_main, th, 0);
    g->robj = th;
    g->pending_exc = SP_NIL;
    g->ec->thread = th;
    th->g = g;
    sp_sched_start_thread(g);
}

SP_METHOD(th_initialize)
{
    thread_start(TH(self), argc_, argv, blk);
    return SP_NIL;
}

static sp_id id_initialize;   /* set by sp_init_thread before any Ruby code runs */

SP_METHOD(th_s_new)
{
    if (blk == SP_NIL && self == sp_cThread)
        sp_raise(sp_eThreadError, "must be called with a block");
    sp_value th = thread_alloc(self);
    sp_funcall(th, id_initialize, argc_, argv, blk);
    if (!TH(th)->started)
        sp_raise(sp_eThreadError, "uninitialized thread - check '%s#initialize'",
                 sp_obj_classname(th));
    return th;
}

SP_METHOD(th_s_start)
{
    /* Thread.start/fork turn the block into a Proc first, as CRuby does */
    if (blk == SP_NIL)
        sp_raise(sp_eArgError, "tried to create Proc object without a block");
    sp_value th = thread_alloc(self);
    thread_start(TH(th), argc_, argv, blk);
    return th;
}

/* ------------------------------------------------------------------ */
/* Interrupt delivery                                                  */

static sp_value make_exc(int n, const sp_value *argv)
{
    if (n == 0)
        return sp_exc_new(sp_eRuntimeError, "unhandled exception");
    sp_value a = argv[0];
    if (n == 1 && SP_HEAP_P(a) && SP_TYPE(a) == SP_T_STRING)
        return sp_exc_new_str(sp_eRuntimeError, a);
    if (!sp_respond_to(a, sp_intern("exception"), 1))
        sp_raise(sp_eTypeError, "exception class/object expected");
    sp_value e = sp_funcall(a, sp_intern("exception"), n > 1 ? 1 : 0, argv + 1, SP_NIL);
    if (!SP_HEAP_P(e) || SP_TYPE(e) != SP_T_EXCEPTION)
        sp_raise(sp_eTypeError, "exception object expected");
    if (n > 2 && argv[2] != SP_NIL)
        sp_funcall(e, sp_intern("set_backtrace"), 1, argv + 2, SP_NIL);
    return e;
}

SP_METHOD(th_raise)
{
    sp_thread *th = TH(self);
    int n = argc;
    if (n > 3) sp_raise_arity(n, 0, 3);
    if (!th_alive(th))
        return SP_NIL;
    sp_value e = make_exc(n, argv);
    if (self == sp_thread_current())
        sp_raise_exc(e);
    th->g->pending_exc = e;
    sp_sched_interrupt(th->g, SP_INT_RAISE);
    return SP_NIL;
}

static SP_NORETURN void kill_current(void)
{
    sp_thread *th = TH(sp_thread_current());
    atomic_store(&th->aborting, 1);
    sp_ec *ec = sp_ec_current();
    sp_jump(ec, SP_JUMP_KILL, NULL, SP_NIL);
}

static sp_value thread_kill(sp_value self)
{
    sp_thread *th = TH(self);
    if (!th_alive(th))
        return self;
    if (self == sp_thread_current())
        kill_current();
    if (!th->g)
        return self;
    atomic_store(&th->aborting, 1);
    sp_sched_interrupt(th->g, SP_INT_KILL);
    return self;
}

SP_METHOD(th_kill) { return thread_kill(self); }
SP_METHOD(th_s_kill) { return thread_kill((sp_value)check_thread(argv[0])); }
SP_METHOD(th_s_exit) { kill_current(); }

static void deadlock_report_line(sp_gthread *g, void *arg)
{
    sp_value s = (sp_value)arg;
    sp_thread *th = g->robj;
    if (!th) return;
    sp_value line = th_inspect_str(th, "sleep_forever");
    if (sp_str_len(s) && sp_str_ptr(s)[sp_str_len(s) - 1] != '\n')
        sp_str_cat(s, "\n", 1);
    sp_str_cat(s, "* ", 2);
    sp_str_append(s, line);
    static const char mid[] = "\n   rb_thread_t:";
    sp_str_cat(s, mid, sizeof mid - 1);
    char buf[128];
    int k = snprintf(buf, sizeof buf, "0x%016lx native:0x%016lx int:0\n   ",
                     (unsigned long)(uintptr_t)g, (unsigned long)(uintptr_t)g->fiber);
    sp_str_cat(s, buf, (size_t)k);
}

static void count_thread(sp_gthread *g, void *arg) { (*(long *)arg)++; }

static sp_value deadlock_exception(void)
{
    long n = 0;
    sp_sched_each_thread(count_thread, &n);
    sp_value cur = sp_thread_current();
    sp_value s = sp_str_format("No live threads left. Deadlock?\n%ld threads, %ld sleeps "
                               "current:0x%016lx main thread:0x%016lx\n", n, n,
                               (unsigned long)(uintptr_t)TH(cur)->g,
                               (unsigned long)(uintptr_t)TH(main_thread)->g);
    sp_sched_each_thread(deadlock_report_line, (void *)s);
    return sp_exc_new_str(sp_eFatal, s);
}

/* sp_sched_int_hook: runs in the interrupted thread at a safepoint or
 * after an interrupted wait unlinked itself. */
/* ---- Thread.handle_interrupt masks ----
 * An interrupt is an exception object, or `true` for Thread#kill (whose
 * class, as in CRuby, counts as Integer: only an Object/Integer key masks
 * it).  Its mode is looked up in the mask stack, innermost first, through
 * its class's ancestors. */
enum { MODE_IMMEDIATE, MODE_ON_BLOCKING, MODE_NEVER };

static sp_value item_class(sp_value item)
{
    return item == SP_TRUE ? sp_cInteger : sp_obj_class(item);
}

static int mask_mode(sp_thread *th, sp_value item)
{
    if (th->masks == SP_NIL || sp_ary_len(th->masks) == 0)
        return MODE_IMMEDIATE;
    sp_value anc = sp_funcall(item_class(item), sp_intern("ancestors"), 0, NULL, SP_NIL);
    for (long i = sp_ary_len(th->masks) - 1; i >= 0; i--) {
        sp_value h = sp_ary_entry(th->masks, i);
        for (long j = 0; j < sp_ary_len(anc); j++) {
            sp_value v = sp_hash_lookup(h, sp_ary_entry(anc, j), SP_UNDEF);
            if (v == SP_UNDEF) continue;
            if (v == sp_sym("never")) return MODE_NEVER;
            if (v == sp_sym("on_blocking")) return MODE_ON_BLOCKING;
            return MODE_IMMEDIATE;
        }
    }
    return MODE_IMMEDIATE;
}

static SP_NORETURN void deliver(sp_value item)
{
    if (item == SP_TRUE)
        kill_current();
    sp_raise_exc(item);
}

/* th->deferred and th->defer_modes (each item's mode under the current
 * masks, refreshed whenever the masks change) are edited with C calls
 * only: thread_blocking_hook runs with a wait-list lock held, where no
 * Ruby method may run (a safepoint there could raise). */
static void defer_item(sp_thread *th, sp_gthread *g, sp_value item, int mode)
{
    if (th->deferred == SP_NIL) {
        th->deferred = sp_ary_new();
        th->defer_modes = sp_ary_new();
    }
    sp_ary_push(th->deferred, item);
    sp_ary_push(th->defer_modes, SP_FIX(mode));
    if (mode == MODE_ON_BLOCKING)
        g->defer_blocking = 1;
}

static void deferred_remove(sp_thread *th, long k)
{
    sp_value a = sp_ary_new(), m = sp_ary_new();
    for (long i = 0; i < sp_ary_len(th->deferred); i++) {
        if (i == k) continue;
        sp_ary_push(a, sp_ary_entry(th->deferred, i));
        sp_ary_push(m, sp_ary_entry(th->defer_modes, i));
    }
    th->deferred = a;
    th->defer_modes = m;
}

/* After the masks changed (Ruby context). */
static void recompute_defer_blocking(sp_thread *th, sp_gthread *g)
{
    int any = 0;
    for (long i = 0; th->deferred != SP_NIL && i < sp_ary_len(th->deferred); i++) {
        int mode = mask_mode(th, sp_ary_entry(th->deferred, i));
        sp_ary_store(th->defer_modes, i, SP_FIX(mode));
        if (mode != MODE_NEVER) any = 1;
    }
    g->defer_blocking = any;
}

/* Deliver the oldest held-back interrupt the masks now let through
 * (after a mask was pushed or popped).  May not return. */
static void deliver_deferred(sp_thread *th)
{
    if (th->deferred == SP_NIL)
        return;
    for (long i = 0; i < sp_ary_len(th->deferred); i++) {
        sp_value item = sp_ary_entry(th->deferred, i);
        if (mask_mode(th, item) == MODE_IMMEDIATE) {
            deferred_remove(th, i);
            if (th->g) recompute_defer_blocking(th, th->g);
            deliver(item);
        }
    }
}

/* sp_sched_blocking_hook: a thread with :on_blocking interrupts held back
 * starts a blocking wait.  Re-post one so the wait ends at once with
 * SP_WAKE_INTERRUPT and sp_sched_check_ints delivers it (at_blocking). */
static void thread_blocking_hook(sp_gthread *g)
{
    sp_thread *th = g->robj;
    g->defer_blocking = 0;
    if (!th || th->deferred == SP_NIL)
        return;
    for (long i = 0; i < sp_ary_len(th->deferred); i++) {
        sp_value item = sp_ary_entry(th->deferred, i);
        if (sp_ary_entry(th->defer_modes, i) == SP_FIX(MODE_NEVER)) continue;
        deferred_remove(th, i);
        if (item == SP_TRUE) {
            sp_sched_interrupt(g, SP_INT_KILL);
        } else {
            g->pending_exc = item;
            sp_sched_interrupt(g, SP_INT_RAISE);
        }
        break;
    }
    for (long i = 0; i < sp_ary_len(th->deferred); i++)
        if (sp_ary_entry(th->defer_modes, i) != SP_FIX(MODE_NEVER))
            g->defer_blocking = 1;
}

/* sp_sched_int_hook: runs in the interrupted thread at a safepoint or
 * after an interrupted wait. */
void sp_signal_run_pending(void);    /* sp_signal.c */

static void thread_int_hook(sp_gthread *g, uint32_t bits)
{
    if (bits & SP_INT_SIGNAL) {
        /* trap handlers (they may raise): the other bits wait for the
         * next safepoint */
        uint32_t rest = bits & ~(uint32_t)SP_INT_SIGNAL;
        if (rest) sp_sched_interrupt(g, rest);
        sp_signal_run_pending();
        return;
    }
    if (bits & SP_INT_BACKTRACE) {
        sp_thread *th = g->robj;
        if (th) {
            th->bt_result = sp_backtrace_here(sp_ec_current(), 0);
            atomic_store(&th->bt_done, atomic_load(&th->bt_req));
        }
    }
    if (bits & SP_INT_DEADLOCK) {
        atomic_store(&deadlock_flag, 0);
        sp_raise_exc(deadlock_exception());
    }
    int at_blocking = g->at_blocking;
    g->at_blocking = 0;
    sp_thread *th = g->robj;
    /* kill, then SIGINT, then Thread#raise; masked ones are held back */
    sp_value items[3];
    int n = 0;
    if (bits & SP_INT_KILL)
        items[n++] = SP_TRUE;
    if (bits & SP_INT_SIGINT)
        items[n++] = sp_exc_new(sp_eInterrupt, "%s", "");
    if (bits & SP_INT_RAISE) {
        sp_value e = g->pending_exc;
        g->pending_exc = SP_NIL;
        if (e != SP_NIL)
            items[n++] = e;
    }
    sp_value now = SP_UNDEF;
    for (int i = 0; i < n; i++) {
        int mode = th ? mask_mode(th, items[i]) : MODE_IMMEDIATE;
        if (mode == MODE_IMMEDIATE || (mode == MODE_ON_BLOCKING && at_blocking)) {
            if (now == SP_UNDEF) now = items[i];
        } else {
            defer_item(th, g, items[i], mode);
        }
    }
    if (now != SP_UNDEF)
        deliver(now);
}

static void thread_deadlock_hook(void) { atomic_store(&deadlock_flag, 1); }

static void overflow_hook(void)
{
    sp_raise(sp_eSystemStackError, "stack level too deep");
}

/* ------------------------------------------------------------------ */
/* Sleep, stop, pass, wakeup                                           */

SP_METHOD(th_wakeup)
{
    sp_thread *th = TH(self);
    if (!th_alive(th))
        sp_raise(sp_eThreadError, "killed thread");
    if (th->g)
        sp_sched_interrupt(th->g, SP_INT_WAKEUP);
    return self;
}

SP_METHOD(th_run)
{
    th_wakeup(self, 0, NULL, SP_NIL);
    sp_sched_yield();
    return self;
}

SP_METHOD(th_s_pass)
{
    sp_sched_yield();
    SP_POLL();
    return SP_NIL;
}

SP_METHOD(th_s_stop)
{
    if (sp_sched_thread_count() <= 1)
        sp_raise(sp_eThreadError, "stopping only thread\n\tnote: use sleep to stop forever");
    int why = sp_sched_sleep_until(0, SP_PARK_DEADLOCKABLE);
    if (why == SP_WAKE_INTERRUPT)
        sp_sched_check_ints();
    return SP_NIL;
}

SP_METHOD(k_sleep)
{
    int n = argc;
    if (n > 1) sp_raise_arity(n, 0, 1);
    int64_t deadline = 0;
    if (n == 1 && argv[0] != SP_NIL) {
        sp_value a = argv[0];
        double secs;
        if (SP_FIXNUM_P(a) || SP_FLONUM_P(a) ||
            (SP_HEAP_P(a) && (SP_TYPE(a) == SP_T_FLOAT || SP_TYPE(a) == SP_T_BIGNUM)))
            secs = sp_num_to_double(a);
        else if (sp_respond_to(a, sp_intern("divmod"), 1))
            secs = sp_num_to_double(sp_funcall(a, sp_intern("to_f"), 0, NULL, SP_NIL));
        else
            sp_raise(sp_eTypeError, "can't convert %s into time interval", sp_obj_classname(a));
        if (secs < 0 || isnan(secs))
            sp_raise(sp_eArgError, "time interval must not be negative");
        deadline = sp_sched_now() + (int64_t)(secs * 1e9);
        if (deadline == 0) deadline = 1;
    }
    time_t beg = time(NULL);
    for (;;) {
        int why = sp_sched_sleep_until(deadline, 0);
        if (why == SP_WAKE_INTERRUPT) {
            sp_sched_check_ints();
            continue;       /* e.g. a pending bit that raised nothing */
        }
        break;
    }
    return SP_FIX((int64_t)(time(NULL) - beg));
}

/* ------------------------------------------------------------------ */
/* Class-level accessors                                               */

SP_METHOD(th_s_current) { return sp_thread_current(); }
SP_METHOD(th_s_main) { return main_thread; }

/* fork(2) child (sp_fork.c): the threads that did not come along are
 * dead (killed, as CRuby reports them); the forking thread is the main
 * thread now. */
static void atfork_dead(sp_gthread *g)
{
    sp_thread *th = g->robj;
    if (th && th_alive(th)) atomic_store(&th->end, SP_TH_KILLED);
}

void sp_thread_atfork_child(void)
{
    sp_sched_atfork_child(atfork_dead);
    sp_gthread *g = sp_sched_main();
    if (g->robj) main_thread = (sp_value)g->robj;
}

static void list_one(sp_gthread *g, void *arg)
{
    sp_thread *th = g->robj;
    if (th && th_alive(th))
        sp_ary_push((sp_value)arg, (sp_value)th);
}

SP_METHOD(th_s_list)
{
    sp_value a = sp_ary_new();
    sp_sched_each_thread(list_one, (void *)a);
    return a;
}

/* The report/abort flags are set by one thread while the thread itself may
 * be ending with an exception and reading them (thread_main): a program-
 * level race (which value wins is up to the program, as in CRuby), but in C
 * it must not be a data race, so every access is a relaxed atomic. */
#define FLAG_GET(x) __atomic_load_n(&(x), __ATOMIC_RELAXED)
#define FLAG_SET(x, v) __atomic_store_n(&(x), (v), __ATOMIC_RELAXED)
SP_METHOD(th_s_abort_on_exception) { return SP_BOOL(FLAG_GET(global_abort_on_exception)); }
SP_METHOD(th_s_set_abort_on_exception) { FLAG_SET(global_abort_on_exception, SP_RTEST(argv[0])); return argv[0]; }
SP_METHOD(th_s_report_on_exception) { return SP_BOOL(FLAG_GET(global_report_on_exception)); }
SP_METHOD(th_s_set_report_on_exception) { FLAG_SET(global_report_on_exception, SP_RTEST(argv[0])); return argv[0]; }

SP_METHOD(th_abort_on_exception) { return SP_BOOL(FLAG_GET(TH(self)->abort_on_exception)); }
SP_METHOD(th_set_abort_on_exception) { FLAG_SET(TH(self)->abort_on_exception, SP_RTEST(argv[0])); return argv[0]; }
SP_METHOD(th_report_on_exception) { return SP_BOOL(FLAG_GET(TH(self)->report_on_exception)); }
SP_METHOD(th_set_report_on_exception) { FLAG_SET(TH(self)->report_on_exception, SP_RTEST(argv[0])); return argv[0]; }

SP_METHOD(th_name) { return TH(self)->name; }
SP_METHOD(th_set_name)
{
    sp_value v = argv[0];
    if (v != SP_NIL) {
        if ((!SP_HEAP_P(v) || SP_TYPE(v) != SP_T_STRING) && sp_respond_to(v, sp_intern("to_str"), 1))
            v = sp_funcall(v, sp_intern("to_str"), 0, NULL, SP_NIL);   /* implicit conversion */
        if (!SP_HEAP_P(v) || SP_TYPE(v) != SP_T_STRING)
            sp_raise_type(argv[0], "String");
        v = sp_str_new(sp_str_ptr(v), sp_str_len(v));
        sp_obj_freeze(v);
    }
    TH(self)->name = v;
    return argv[0];
}

SP_METHOD(th_priority) { return SP_FIX(TH(self)->priority); }
SP_METHOD(th_set_priority)
{
    int64_t p = sp_num_to_long(argv[0]);
    if (p > 3) p = 3;
    if (p < -3) p = -3;
    TH(self)->priority = (int)p;
    return argv[0];
}

/* a dead thread keeps its group, as in CRuby */
SP_METHOD(th_group) { return TH(self)->group ? TH(self)->group : SP_NIL; }

SP_METHOD(th_native_thread_id)
{
    sp_thread *th = TH(self);
    if (!th_alive(th)) return SP_NIL;
    if (self == sp_thread_current())
        return SP_FIX((long)syscall(SYS_gettid));
    long tid = th->g ? sp_sched_native_tid(th->g) : 0;
    return tid ? SP_FIX(tid) : SP_NIL;
}

/* --- fiber locals (Thread#[]) and thread variables --- */

static sp_value local_key(sp_value k)
{
    return SP_SYMBOL_P(k) ? k : SP_ID2SYM(sp_obj_arg_to_id(k));
}

static sp_ec *locals_ec(sp_thread *th)
{
    if ((sp_value)th == sp_thread_current())
        return sp_ec_current();
    return th->g ? th->g->ec : NULL;
}

SP_METHOD(th_aref)
{
    sp_value k = local_key(argv[0]);
    sp_ec *ec = locals_ec(TH(self));
    if (!ec || ec->fiber_locals == SP_NIL) return SP_NIL;
    return sp_hash_lookup(ec->fiber_locals, k, SP_NIL);
}

SP_METHOD(th_aset)
{
    sp_value k = local_key(argv[0]);
    sp_check_frozen(self);
    sp_ec *ec = locals_ec(TH(self));
    if (!ec) return argv[1];
    if (ec->fiber_locals == SP_NIL) ec->fiber_locals = sp_hash_new();
    if (argv[1] == SP_NIL) sp_hash_delete(ec->fiber_locals, k);
    else sp_hash_aset(ec->fiber_locals, k, argv[1]);
    return argv[1];
}

SP_METHOD(th_key_p)
{
    sp_value k = local_key(argv[0]);
    sp_ec *ec = locals_ec(TH(self));
    if (!ec || ec->fiber_locals == SP_NIL) return SP_FALSE;
    return SP_BOOL(sp_hash_lookup(ec->fiber_locals, k, SP_UNDEF) != SP_UNDEF);
}

SP_METHOD(th_keys)
{
    sp_ec *ec = locals_ec(TH(self));
    if (!ec || ec->fiber_locals == SP_NIL) return sp_ary_new();
    return sp_hash_keys(ec->fiber_locals);
}

SP_METHOD(th_fetch)
{
    int n = argc;
    if (n < 1 || n > 2) sp_raise_arity(n, 1, 2);
    sp_value k = local_key(argv[0]);
    sp_ec *ec = locals_ec(TH(self));
    sp_value v = (ec && ec->fiber_locals != SP_NIL) ? sp_hash_lookup(ec->fiber_locals, k, SP_UNDEF)
                                                    : SP_UNDEF;
    if (v != SP_UNDEF) return v;
    if (blk != SP_NIL) return sp_yield1(blk, argv[0]);
    if (n == 2) return argv[1];
    sp_value ks = sp_inspect(k);
    sp_raise_key_error(sp_str_format("key not found: %s", sp_str_cstr(ks)), self, k);
}

SP_METHOD(th_tvar_get)
{
    sp_value k = local_key(argv[0]);
    sp_value h = TH(self)->tvars;
    return h == SP_NIL ? SP_NIL : sp_hash_lookup(h, k, SP_NIL);
}

SP_METHOD(th_tvar_set)
{
    sp_value k = local_key(argv[0]);
    sp_check_frozen(self);
    sp_thread *th = TH(self);
    if (th->tvars == SP_NIL) th->tvars = sp_hash_new();
    if (argv[1] == SP_NIL) sp_hash_delete(th->tvars, k);
    else sp_hash_aset(th->tvars, k, argv[1]);
    return argv[1];
}

SP_METHOD(th_tvar_p)
{
    sp_value k = local_key(argv[0]);
    sp_value h = TH(self)->tvars;
    return SP_BOOL(h != SP_NIL && sp_hash_lookup(h, k, SP_UNDEF) != SP_UNDEF);
}

SP_METHOD(th_tvars)
{
    sp_value h = TH(self)->tvars;
    return h == SP_NIL ? sp_ary_new() : sp_hash_keys(h);
}

/* Thread.handle_interrupt(hash) { }: push the mask for the block; on the
 * way in and out, interrupts the new mask lets through are delivered. */
SP_METHOD(th_s_handle_interrupt)
{
    sp_value h = argv[0];
    if (!SP_HEAP_P(h) || SP_TYPE(h) != SP_T_HASH) {
        if (!sp_respond_to(h, sp_intern("to_hash"), 1))
            sp_raise(sp_eTypeError, "no implicit conversion of %s into Hash", sp_obj_classname(h));
        h = sp_funcall(h, sp_intern("to_hash"), 0, NULL, SP_NIL);
    }
    sp_value vals = sp_funcall(h, sp_intern("values"), 0, NULL, SP_NIL);
    for (long i = 0; i < sp_ary_len(vals); i++) {
        sp_value v = sp_ary_entry(vals, i);
        if (v != sp_sym("immediate") && v != sp_sym("on_blocking") && v != sp_sym("never"))
            sp_raise(sp_eArgError, "unknown mask signature");
    }
    if (blk == SP_NIL)
        sp_raise(sp_eArgError, "block is needed.");
    sp_thread *th = TH(sp_thread_current());
    if (th->masks == SP_NIL)
        th->masks = sp_ary_new();
    sp_ary_push(th->masks, h);
    long depth = sp_ary_len(th->masks);
    sp_ec *ec = sp_ec_current();
    sp_handler hd;
    sp_push_handler(ec, &hd, SP_H_ENSURE, NULL);
    if (_setjmp(hd.jb) == 0) {
        deliver_deferred(th);
        sp_value v = sp_yield(blk, 0, NULL);
        sp_pop_handler(ec, &hd);
        sp_funcall(th->masks, sp_intern("pop"), 0, NULL, SP_NIL);
        if (th->g) recompute_defer_blocking(th, th->g);
        deliver_deferred(th);
        return v;
    }
    sp_pop_handler(ec, &hd);
    if (sp_ary_len(th->masks) >= depth)
        sp_funcall(th->masks, sp_intern("pop"), 0, NULL, SP_NIL);
    if (th->g) recompute_defer_blocking(th, th->g);
    /* still held back and now deliverable: post again, taken at the next
     * safepoint (the jump in flight goes on first) */
    if (th->deferred != SP_NIL && th->g) {
        for (long i = 0; i < sp_ary_len(th->deferred); i++) {
            sp_value item = sp_ary_entry(th->deferred, i);
            if (mask_mode(th, item) != MODE_IMMEDIATE) continue;
            deferred_remove(th, i);
            if (item == SP_TRUE) sp_sched_interrupt(th->g, SP_INT_KILL);
            else { th->g->pending_exc = item; sp_sched_interrupt(th->g, SP_INT_RAISE); }
            break;
        }
    }
    sp_rejump(ec);
}

static int pending_match(sp_thread *th, int argc, const sp_value *argv)
{
    sp_value klass = SP_ARGC(argc) > 0 ? argv[0] : SP_NIL;
    if (th->g && (atomic_load(&th->g->ints) & (SP_INT_RAISE | SP_INT_KILL | SP_INT_SIGINT)) && klass == SP_NIL)
        return 1;
    if (th->deferred == SP_NIL)
        return 0;
    for (long i = 0; i < sp_ary_len(th->deferred); i++) {
        sp_value item = sp_ary_entry(th->deferred, i);
        if (klass == SP_NIL)
            return 1;
        sp_value c = item_class(item);
        if (c == klass || SP_RTEST(sp_funcall(c, sp_intern("<"), 1, &klass, SP_NIL)))
            return 1;
    }
    return 0;
}

SP_METHOD(th_s_pending_interrupt_p)
{
    return SP_BOOL(pending_match(TH(sp_thread_current()), argc_, argv));
}

SP_METHOD(th_pending_interrupt_p)
{
    sp_thread *th = TH(self);
    return SP_BOOL(th_alive(th) && pending_match(th, argc_, argv));
}

/* The backtrace of another thread.  Not running: pin its fiber (it cannot
 * resume while we read its frame chain).  Running: post SP_INT_BACKTRACE;
 * it captures its own at its next safepoint (thread_int_hook).  Gives up
 * after 1 s (a thread in a long C call) with an empty Array. */
static sp_value other_backtrace(sp_thread *th)
{
    uint64_t my = 0;
    int64_t end = sp_sched_now() + 1000000000;
    for (;;) {
        if (!th_alive(th) || !th->g)
            return SP_NIL;
        sp_fiber *f = sp_sched_pin(th->g);
        if (f) {
            sp_value bt = f->ec ? sp_backtrace_here(f->ec, 0) : sp_ary_new();
            sp_sched_unpin(f);
            return bt;
        }
        if (!my) {
            my = atomic_fetch_add(&th->bt_req, 1) + 1;
            sp_sched_interrupt(th->g, SP_INT_BACKTRACE);
        }
        if (atomic_load(&th->bt_done) >= my) {
            sp_value bt = th->bt_result;
            return bt == SP_NIL ? sp_ary_new() : bt;
        }
        if (sp_sched_now() > end)
            return sp_ary_new();
        sp_sched_yield();
    }
}

/* Kernel#caller-style (start, length) or (range) arguments. */
static sp_value bt_slice(sp_value bt, int argc, const sp_value *argv)
{
    int n = SP_ARGC(argc);
    if (bt == SP_NIL || n == 0)
        return bt;
    if (n == 1 && SP_FIXNUM_P(argv[0])) {        /* from `start` on */
        sp_value a[2] = { argv[0], SP_FIX(sp_ary_len(bt)) };
        return sp_funcall(bt, sp_intern("[]"), 2, a, SP_NIL);
    }
    return sp_funcall(bt, sp_intern("[]"), n, argv, SP_NIL);
}

static sp_value thread_backtrace(sp_value self)
{
    sp_thread *th = TH(self);
    if (!th_alive(th)) return SP_NIL;
    if (self == sp_thread_current())
        return sp_backtrace_here(sp_ec_current(), 0);
    return other_backtrace(th);
}

SP_METHOD(th_backtrace)
{
    return bt_slice(thread_backtrace(self), argc_, argv);
}

SP_METHOD(th_backtrace_locations)
{
    extern sp_value sp_locations_from_strings(sp_value bt);
    return sp_locations_from_strings(bt_slice(thread_backtrace(self), argc_, argv));
}

/* --- ThreadGroup (basic) --- */

SP_METHOD(tg_list)
{
    sp_value all = th_s_list(SP_NIL, 0, NULL, SP_NIL), out = sp_ary_new();
    for (long i = 0; i < sp_ary_len(all); i++) {
        sp_value t = sp_ary_entry(all, i);
        if (TH(t)->group == self) sp_ary_push(out, t);
    }
    return out;
}

/* enclosed: a hidden attribute (no @, invisible to instance_variables) */
static int tg_enclosed(sp_value g)
{
    return g != SP_NIL && SP_RTEST(sp_ivar_get(g, sp_intern("enclosed")));
}

SP_METHOD(tg_add)
{
    sp_thread *th = check_thread(argv[0]);
    if (SP_FROZEN_P(self)) sp_raise(sp_eThreadError, "can't move to the frozen thread group");
    if (th->group != SP_NIL && SP_FROZEN_P(th->group)) sp_raise(sp_eThreadError, "can't move from the frozen thread group");
    if (tg_enclosed(self)) sp_raise(sp_eThreadError, "can't move to the enclosed thread group");
    if (tg_enclosed(th->group)) sp_raise(sp_eThreadError, "can't move from the enclosed thread group");
    th->group = self;
    return self;
}

SP_METHOD(tg_enclose)
{
    sp_ivar_set(self, sp_intern("enclosed"), SP_TRUE);
    return self;
}

SP_METHOD(tg_enclosed_p) { return SP_BOOL(tg_enclosed(self)); }

/* ------------------------------------------------------------------ */
/* Program exit                                                        */

static void kill_other(sp_gthread *g, void *arg)
{
    sp_thread *th = g->robj;
    if (!th || (sp_value)th == (sp_value)arg || !th_alive(th) || !th->g)
        return;
    atomic_store(&th->aborting, 1);
    sp_sched_interrupt(g, SP_INT_KILL);
}

void sp_thread_terminate_all(int timeout_ms)
{
    if (!sp_sched_started() || sp_sched_thread_count() <= 1)
        return;
    sp_value cur = sp_thread_current();
    int64_t end = sp_sched_now() + (int64_t)timeout_ms * 1000000;
    while (sp_sched_thread_count() > 1 && sp_sched_now() < end) {
        sp_sched_each_thread(kill_other, (void *)cur);
        sp_sched_sleep_until(sp_sched_now() + 1000000, 0);
        sp_sched_take_ints(sp_sched_current());    /* nothing may interrupt the exit */
    }
}

/* At process exit (after sp_main_finish's at_exit procs and flush): the
 * other threads are killed, their ensure blocks run, output is flushed
 * again.  A no-op if sp_main_finish already did it. */
static void thread_atexit(void)
{
    if (!sp_sched_started() || sp_sched_thread_count() <= 1)
        return;
    sp_gthread *g = sp_sched_current();
    if (!g || !g->robj)
        return;
    sp_thread_terminate_all(3000);
    sp_flush_all();
}

/* ------------------------------------------------------------------ */

void sp_init_thread(void)
{
    sp_value c = sp_cThread;
    sp_class_set_allocator(c, thread_alloc);
    id_initialize = sp_intern("initialize");

    cThreadGroup = sp_define_class("ThreadGroup", sp_cObject);
    default_group = sp_class_new_instance(cThreadGroup, 0, NULL, SP_NIL);
    GC_add_roots(&default_group, &default_group + 1);
    sp_define_const(cThreadGroup, "Default", default_group);
    sp_define_method(cThreadGroup, "list", tg_list, 0);
    sp_define_method(cThreadGroup, "add", tg_add, 1);
    sp_define_method(cThreadGroup, "enclose", tg_enclose, 0);
    sp_define_method(cThreadGroup, "enclosed?", tg_enclosed_p, 0);

    main_thread = thread_alloc(sp_cThread);
    GC_add_roots(&main_thread, &main_thread + 1);
    sp_thread *mt = TH(main_thread);
    mt->started = 1;
    mt->g = sp_sched_main();
    mt->g->robj = mt;
    mt->g->pending_exc = SP_NIL;
    sp_ec *ec = sp_ec_current();
    if (ec) {
        ec->thread = mt;
        mt->g->ec = ec;
    }

    sp_sched_int_hook = thread_int_hook;
    sp_sched_deadlock_hook = thread_deadlock_hook;
    sp_fiber_overflow_hook = overflow_hook;
    sp_sched_blocking_hook = thread_blocking_hook;
    sp_fiber_init_signals();
    sp_sched_install_sigint();
    atexit(thread_atexit);

    sp_define_singleton_method(c, "new", th_s_new, -1);
    sp_define_singleton_method(c, "start", th_s_start, -1);
    sp_define_singleton_method(c, "fork", th_s_start, -1);
    sp_define_singleton_method(c, "current", th_s_current, 0);
    sp_define_singleton_method(c, "main", th_s_main, 0);
    sp_define_singleton_method(c, "list", th_s_list, 0);
    sp_define_singleton_method(c, "pass", th_s_pass, 0);
    sp_define_singleton_method(c, "stop", th_s_stop, 0);
    sp_define_singleton_method(c, "kill", th_s_kill, 1);
    sp_define_singleton_method(c, "exit", th_s_exit, 0);
    sp_define_singleton_method(c, "abort_on_exception", th_s_abort_on_exception, 0);
    sp_define_singleton_method(c, "abort_on_exception=", th_s_set_abort_on_exception, 1);
    sp_define_singleton_method(c, "report_on_exception", th_s_report_on_exception, 0);
    sp_define_singleton_method(c, "report_on_exception=", th_s_set_report_on_exception, 1);

    sp_define_singleton_method(c, "handle_interrupt", th_s_handle_interrupt, 1);
    sp_define_singleton_method(c, "pending_interrupt?", th_s_pending_interrupt_p, -1);
    sp_define_private_method(c, "initialize", th_initialize, -1);
    sp_define_method(c, "pending_interrupt?", th_pending_interrupt_p, -1);
    sp_define_method(c, "backtrace", th_backtrace, -1);
    sp_define_method(c, "backtrace_locations", th_backtrace_locations, -1);
    sp_define_method(c, "join", th_join, -1);
    sp_define_method(c, "value", th_value, 0);
    sp_define_method(c, "alive?", th_alive_p, 0);
    sp_define_method(c, "status", th_status, 0);
    sp_define_method(c, "stop?", th_stop_p, 0);
    sp_define_method(c, "kill", th_kill, 0);
    sp_define_method(c, "exit", th_kill, 0);
    sp_define_method(c, "terminate", th_kill, 0);
    sp_define_method(c, "raise", th_raise, -1);
    sp_define_method(c, "wakeup", th_wakeup, 0);
    sp_define_method(c, "run", th_run, 0);
    sp_define_method(c, "inspect", th_inspect, 0);
    sp_define_method(c, "to_s", th_inspect, 0);
    sp_define_method(c, "name", th_name, 0);
    sp_define_method(c, "name=", th_set_name, 1);
    sp_define_method(c, "[]", th_aref, 1);
    sp_define_method(c, "[]=", th_aset, 2);
    sp_define_method(c, "key?", th_key_p, 1);
    sp_define_method(c, "keys", th_keys, 0);
    sp_define_method(c, "fetch", th_fetch, -1);
    sp_define_method(c, "thread_variable_get", th_tvar_get, 1);
    sp_define_method(c, "thread_variable_set", th_tvar_set, 2);
    sp_define_method(c, "thread_variable?", th_tvar_p, 1);
    sp_define_method(c, "thread_variables", th_tvars, 0);
    sp_define_method(c, "priority", th_priority, 0);
    sp_define_method(c, "priority=", th_set_priority, 1);
    sp_define_method(c, "abort_on_exception", th_abort_on_exception, 0);
    sp_define_method(c, "abort_on_exception=", th_set_abort_on_exception, 1);
    sp_define_method(c, "report_on_exception", th_report_on_exception, 0);
    sp_define_method(c, "report_on_exception=", th_set_report_on_exception, 1);
    sp_define_method(c, "group", th_group, 0);
    sp_define_method(c, "native_thread_id", th_native_thread_id, 0);

    sp_define_module_function(sp_mKernel, "sleep", k_sleep, -1);
}

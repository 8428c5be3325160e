/*
 * sp_fiber_rb.c — the Ruby Fiber class on the fiber substrate (sp_fiber.c).
 *
 * Representation: a Fiber object (sp_rfiber) owns an sp_fiber created on
 * first resume, its own sp_ec (so $!, the handler chain and Thread#[]
 * locals are per fiber, as in CRuby), the block, and a transfer slot
 * `xfer` through which resume/yield pass values both ways.  The fiber a
 * thread started on (green thread root or the main program's stack) gets a
 * "root" Fiber object lazily, stored in sp_fiber.user.
 *
 * resume: the resumer records itself in target->resumer and switches;
 * Fiber.yield switches back to the resumer; a finished fiber marks itself
 * terminated and switches to its resumer for the last time, which then
 * frees the stack (we are off it by then).  An exception escaping the
 * block is re-raised in the resumer; a Thread#kill unwinding escaping it
 * continues in the resumer.  The owning green thread's g->fiber always
 * names the fiber it runs, so parking inside a Fiber works.
 *
 * Known gap: a suspended fiber that is never resumed again keeps its stack
 * (and what it references) until exit — its own stack refers to it.
 */
#include "sp_sched.h"
#include "sp_thread.h"

#include <string.h>

enum { RF_CREATED, RF_RESUMED, RF_SUSPENDED, RF_TERMINATED };

typedef struct sp_rfiber {
    sp_header hdr;
    sp_fiber *f;
    sp_value proc;
    sp_value args;          /* first resume's arguments (Array) */
    sp_value xfer;          /* value passed by resume / yield / return */
    sp_value exc;           /* exception that escaped the block */
    int state;
    int is_root;
    int killed;             /* a Thread#kill unwinding escaped the block */
    struct sp_rfiber *resumer;
    sp_ec *ec;
    sp_value thread;        /* Thread it belongs to */
} sp_rfiber;

#define RF(v) ((sp_rfiber *)(v))

static sp_value rfiber_alloc(sp_value klass)
{
    sp_rfiber *rf = sp_alloc(sizeof *rf, klass, SP_T_FIBER);
    rf->proc = rf->args = rf->xfer = rf->exc = rf->thread = SP_NIL;
    return (sp_value)rf;
}

/* The Fiber object of the running fiber (creates the root one). */
static sp_rfiber *rfiber_current(void)
{
    sp_fiber *f = sp_fiber_current();
    if (f->user)
        return f->user;
    sp_rfiber *rf = RF(rfiber_alloc(sp_cFiber));
    rf->f = f;
    rf->is_root = 1;
    rf->state = RF_RESUMED;
    rf->ec = sp_ec_current();
    rf->thread = sp_thread_current();
    if (!f->ec)
        f->ec = rf->ec;
    f->user = rf;
    return rf;
}

static sp_value pack(int argc, const sp_value *argv)
{
    if (argc == 0) return SP_NIL;
    if (argc == 1) return argv[0];
    return sp_ary_new_from(argc, argv);
}

static sp_value call_block(void *arg)
{
    sp_rfiber *rf = arg;
    long n = sp_ary_len(rf->args);
    sp_value buf[8];
    sp_value *av = n <= 8 ? buf : GC_MALLOC(sizeof(sp_value) * (size_t)n);
    for (long i = 0; i < n; i++) av[i] = sp_ary_entry(rf->args, i);
    rf->args = SP_NIL;
    return sp_proc_call(rf->proc, (int)n, av, SP_NIL);
}

/* Switch from the running fiber to `to`, keeping the green thread's
 * notion of its current fiber right. */
static void switch_to(sp_fiber *from, sp_fiber *to)
{
    sp_gthread *g = sp_sched_current();
    if (g) g->fiber = to;
    sp_fiber_switch(from, to);
}

static void rfiber_entry(void *arg)
{
    sp_rfiber *rf = arg;
    sp_value exc = SP_NIL;
    sp_value v = sp_run_protected(call_block, rf, &exc);
    if (v != SP_UNDEF) {
        rf->xfer = v;
    } else {
        rf->xfer = SP_NIL;
        rf->exc = exc;
        rf->killed = exc == SP_NIL;
    }
    rf->state = RF_TERMINATED;
    sp_rfiber *r = rf->resumer;
    rf->resumer = NULL;
    sp_gthread *g = sp_sched_current();
    if (g) g->fiber = r->f;
    sp_fiber_exit_to(rf->f, r->f);
}

/* C API: resume a Fiber object (used by Fiber#resume and Enumerator). */
sp_value sp_fiber_resume(sp_value fib, int argc, const sp_value *argv)
{
    sp_rfiber *rf = RF(fib);
    sp_rfiber *cur = rfiber_current();
    if (rf->state == RF_TERMINATED)
        sp_raise(sp_eFiberError, "attempt to resume a terminated fiber");
    if (rf == cur)
        sp_raise(sp_eFiberError, "attempt to resume the current fiber");
    if (rf->state == RF_RESUMED)
        sp_raise(sp_eFiberError, "attempt to resume a resumed fiber (double resume)");
    if (rf->thread != SP_NIL && rf->thread != sp_thread_current())
        sp_raise(sp_eFiberError, "fiber called across threads");
    if (rf->state == RF_CREATED) {
        rf->args = sp_ary_new_from(argc, argv);
        rf->thread = sp_thread_current();
        rf->f = sp_fiber_new(rfiber_entry, rf, 0);
        if (!rf->f)
            sp_raise(sp_eFiberError, "can't alloc machine stack to fiber");
        sp_ec *ec = sp_ec_new(rf->f);
        ec->sub_fiber = 1;
        ec->thread = sp_ec_current()->thread;
        rf->ec = ec;
        rf->f->ec = ec;
        rf->f->user = rf;
    } else {
        rf->xfer = pack(argc, argv);
    }
    rf->resumer = cur;
    rf->state = RF_RESUMED;
    switch_to(cur->f, rf->f);
    /* back: rf yielded or finished */
    sp_value v = rf->xfer;
    rf->xfer = SP_NIL;
    if (rf->state == RF_TERMINATED && rf->f) {
        sp_fiber *dead = rf->f;
        rf->f = NULL;
        dead->user = NULL;
        sp_fiber_free(dead);
        if (rf->killed) {
            rf->killed = 0;
            sp_jump(sp_ec_current(), SP_JUMP_KILL, NULL, SP_NIL);
        }
        if (rf->exc != SP_NIL) {
            sp_value e = rf->exc;
            rf->exc = SP_NIL;
            sp_raise_exc(e);
        }
    }
    return v;
}

/* C API: Fiber.yield. */
sp_value sp_fiber_yield(int argc, const sp_value *argv)
{
    sp_rfiber *cur = rfiber_current();
    sp_rfiber *r = cur->resumer;
    if (cur->is_root || !r)
        sp_raise(sp_eFiberError, "attempt to yield on a not resumed fiber");
    cur->resumer = NULL;
    cur->state = RF_SUSPENDED;
    cur->xfer = pack(argc, argv);
    switch_to(cur->f, r->f);
    /* resumed again */
    sp_value v = cur->xfer;
    cur->xfer = SP_NIL;
    return v;
}

sp_value sp_fiber_new_from_proc(sp_value proc)
{
    sp_value f = rfiber_alloc(sp_cFiber);
    RF(f)->proc = proc;
    return f;
}

int sp_fiber_alive(sp_value fib) { return RF(fib)->state != RF_TERMINATED; }

SP_METHOD(fib_initialize)
{
    if (blk == SP_NIL)
        sp_raise(sp_eArgError, "tried to create Proc object without a block");
    RF(self)->proc = blk;
    /* A Fiber belongs to the thread that created it (CRuby: resuming it
     * from another thread is "fiber called across threads").  Enumerator
     * fibers (sp_fiber_new_from_proc) bind at their first resume. */
    RF(self)->thread = sp_thread_current();
    return SP_NIL;
}

SP_METHOD(fib_resume) { return sp_fiber_resume(self, argc, argv); }
SP_METHOD(fib_s_yield) { return sp_fiber_yield(argc, argv); }
SP_METHOD(fib_alive_p) { return SP_BOOL(sp_fiber_alive(self)); }
SP_METHOD(fib_s_current) { return (sp_value)rfiber_current(); }

SP_METHOD(fib_inspect)
{
    static const char *names[] = { "created", "resumed", "suspended", "terminated" };
    sp_rfiber *rf = RF(self);
    sp_value s = sp_str_format("#<%s:0x%016lx", sp_obj_classname(self),
                               (unsigned long)(uintptr_t)rf);
    if (!rf->is_root && SP_HEAP_P(rf->proc) && SP_TYPE(rf->proc) == SP_T_PROC) {
        const sp_srcinfo *src = ((sp_proc *)rf->proc)->src;
        if (src && src->file) {
            sp_value loc = sp_str_format(" %s:%d", src->file, src->line);
            sp_str_append(s, loc);
        }
    }
    sp_value st = sp_str_format(" (%s)>", names[rf->state]);
    sp_str_append(s, st);
    return s;
}

void sp_init_fiber(void)
{
    sp_value c = sp_cFiber;
    sp_class_set_allocator(c, rfiber_alloc);
    sp_define_private_method(c, "initialize", fib_initialize, -1);
    sp_define_method(c, "resume", fib_resume, -1);
    sp_define_method(c, "alive?", fib_alive_p, 0);
    sp_define_method(c, "inspect", fib_inspect, 0);
    sp_define_method(c, "to_s", fib_inspect, 0);
    sp_define_singleton_method(c, "yield", fib_s_yield, -1);
    sp_define_singleton_method(c, "current", fib_s_current, 0);
}

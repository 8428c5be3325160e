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
 * Fiber#raise and Fiber#kill resume a suspended fiber with a request
 * (raise_args / kill_req) that it carries out where it was suspended, in
 * Fiber.yield: Kernel#raise with the arguments, or an unwinding like
 * Thread#kill's that runs ensure clauses and ends the fiber quietly.
 * Fiber storage (Fiber[], Fiber#storage) is a Hash of Symbol keys per
 * fiber, copied from the creating fiber unless storage: is given.
 *
 * Known gap: a suspended fiber that is never resumed again keeps its stack
 * (and what it references) until exit — its own stack refers to it.
 */
#include "sp_sched.h"
#include "sp_thread.h"
#include "sp_hash.h"
#include "sp_string.h"
#include "sp_array.h"

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
    int killed_by_fiber;    /* ... started by Fiber#kill: ends only the fiber */
    struct sp_rfiber *resumer;
    struct sp_rfiber *resuming; /* the fiber this one resumed and waits for */
    struct sp_rfiber *root;     /* the thread's root fiber */
    struct sp_rfiber *dead;     /* a finished fiber that switched to us last */
    int transferred;        /* entered by #transfer (cannot be resumed) */
    int yielded;            /* suspended in Fiber.yield (cannot take a transfer) */
    sp_ec *ec;
    sp_value thread;        /* Thread it belongs to */
    sp_value storage;       /* Hash (Symbol keys) or nil: Fiber[] */
    sp_value raise_args;    /* Fiber#raise's arguments (Array), else nil */
    int raise_argc;         /* their count as passed (SP_ARGC_KW) */
    int kill_req;           /* Fiber#kill: end quietly when resumed */
    int blocking;
} sp_rfiber;

#define RF(v) ((sp_rfiber *)(v))

static sp_value rfiber_alloc(sp_value klass)
{
    sp_rfiber *rf = sp_alloc(sizeof *rf, klass, SP_T_FIBER);
    rf->proc = rf->args = rf->xfer = rf->exc = rf->thread = SP_NIL;
    rf->storage = rf->raise_args = SP_NIL;
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
    rf->blocking = 1;
    rf->state = RF_RESUMED;
    rf->ec = sp_ec_current();
    rf->thread = sp_thread_current();
    if (rf->thread != SP_NIL) rf->storage = ((sp_thread *)rf->thread)->fiber_storage;
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

/* Where a finished fiber goes: its resumer, else (it was transferred to)
 * the innermost fiber of the resume chain from the root (CRuby's
 * return_fiber). */
static sp_rfiber *return_target(sp_rfiber *rf)
{
    if (rf->resumer) return rf->resumer;
    sp_rfiber *r = rf->root;
    while (r->resuming && r->resuming != rf) r = r->resuming;
    return r;
}

static void rfiber_entry(void *arg)
{
    sp_rfiber *rf = arg;
    sp_value exc = SP_NIL;
    sp_value v = sp_run_protected(call_block, rf, &exc);
    if (v == SP_UNDEF) {
        v = SP_NIL;
        rf->exc = exc;
        rf->killed = exc == SP_NIL;
    }
    rf->state = RF_TERMINATED;
    sp_rfiber *r = return_target(rf);
    rf->resumer = NULL;
    if (r->resuming == rf) r->resuming = NULL;
    r->xfer = v;
    r->dead = rf;
    r->state = RF_RESUMED;
    sp_gthread *g = sp_sched_current();
    if (g) g->fiber = r->f;
    sp_fiber_exit_to(rf->f, r->f);
}

/* First switch into rf: its stack, ec and arguments. */
static void rfiber_start(sp_rfiber *rf, sp_rfiber *cur, int argc, const sp_value *argv)
{
    rf->args = sp_ary_new_from(argc, argv);
    rf->thread = sp_thread_current();
    rf->root = cur->is_root ? cur : cur->root;
    rf->f = sp_fiber_new(rfiber_entry, rf, 0);
    if (!rf->f)
        sp_raise(sp_eFiberError, "can't alloc machine stack to fiber");
    sp_ec *ec = sp_ec_new(rf->f);
    ec->sub_fiber = 1;
    ec->thread = sp_ec_current()->thread;
    rf->ec = ec;
    rf->f->ec = ec;
    rf->f->user = rf;
}

/* Back in cur after a switch: the value passed to it; a fiber that
 * finished into it is freed (we are off its stack) and what escaped it
 * (an exception, a Thread#kill unwinding) goes on here. */
static sp_value arrived(sp_rfiber *cur)
{
    sp_value v = cur->xfer;
    cur->xfer = SP_NIL;
    cur->state = RF_RESUMED;
    sp_rfiber *rf = cur->dead;
    cur->dead = NULL;
    if (rf && rf->f) {
        sp_fiber *dead = rf->f;
        rf->f = NULL;
        dead->user = NULL;
        sp_fiber_free(dead);
        if (rf->killed && rf->killed_by_fiber) {
            rf->killed = 0;
        } else if (rf->killed) {
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

static void check_thread(sp_rfiber *rf)
{
    if (rf->thread != SP_NIL && rf->thread != sp_thread_current())
        sp_raise(sp_eFiberError, "fiber called across threads");
}

static void take_requests(sp_rfiber *cur);

/* C API: resume a Fiber object (used by Fiber#resume and Enumerator). */
sp_value sp_fiber_resume(sp_value fib, int argc, const sp_value *argv)
{
    sp_rfiber *rf = RF(fib);
    sp_rfiber *cur = rfiber_current();
    if (rf->state == RF_TERMINATED)
        sp_raise(sp_eFiberError, "attempt to resume a terminated fiber");
    if (rf == cur)
        sp_raise(sp_eFiberError, "attempt to resume the current fiber");
    /* CRuby's order: a fiber with a resumer, then one resuming another */
    if (rf->resumer)
        sp_raise(sp_eFiberError, "attempt to resume a resumed fiber (double resume)");
    if (rf->resuming)
        sp_raise(sp_eFiberError, "attempt to resume a resuming fiber");
    if (rf->state == RF_RESUMED)
        sp_raise(sp_eFiberError, "attempt to resume a resumed fiber (double resume)");
    if (rf->transferred)
        sp_raise(sp_eFiberError, "attempt to resume a transferring fiber");
    check_thread(rf);
    if (rf->state == RF_CREATED) rfiber_start(rf, cur, argc, argv);
    else rf->xfer = pack(argc, argv);
    rf->resumer = cur;
    rf->yielded = 0;
    cur->resuming = rf;
    rf->state = RF_RESUMED;
    switch_to(cur->f, rf->f);
    sp_value v = arrived(cur);
    take_requests(cur);     /* a Fiber#kill from the fiber we resumed */
    return v;
}

/* Fiber#transfer: switch to the fiber without becoming its resumer; it
 * answers with a transfer back, or ends into the resume chain's fiber. */
static sp_value sp_fiber_transfer(sp_value fib, int argc, const sp_value *argv)
{
    sp_rfiber *rf = RF(fib);
    sp_rfiber *cur = rfiber_current();
    check_thread(rf);
    if (rf == cur) return pack(argc, argv);
    if (rf->state == RF_TERMINATED)
        sp_raise(sp_eFiberError, "attempt to transfer to a terminated fiber");
    if (rf->state == RF_RESUMED || rf->resuming)
        sp_raise(sp_eFiberError, "attempt to transfer to a resuming fiber");
    if (rf->yielded)
        sp_raise(sp_eFiberError, "attempt to transfer to a yielding fiber");
    if (rf->state == RF_CREATED) rfiber_start(rf, cur, argc, argv);
    else rf->xfer = pack(argc, argv);
    if (!rf->is_root) rf->transferred = 1;
    cur->state = RF_SUSPENDED;
    rf->state = RF_RESUMED;
    switch_to(cur->f, rf->f);
    return arrived(cur);
}

/* Fiber#raise / #kill asked for by whoever resumed us: done here, in
 * the fiber, where it was suspended. */
static void take_requests(sp_rfiber *cur)
{
    if (cur->kill_req) {
        cur->kill_req = 0;
        cur->killed_by_fiber = 1;
        sp_jump(sp_ec_current(), SP_JUMP_KILL, NULL, SP_NIL);
    }
    if (cur->raise_args != SP_NIL) {
        sp_value a = cur->raise_args;
        int n = cur->raise_argc;
        cur->raise_args = SP_NIL;
        long len;
        sp_value *av = sp_ary_snap(a, &len);
        sp_funcall(sp_main_obj, sp_intern("raise"), n, av, SP_NIL);
    }
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
    cur->yielded = 1;
    if (r->resuming == cur) r->resuming = NULL;
    r->xfer = pack(argc, argv);
    switch_to(cur->f, r->f);
    /* resumed again */
    sp_value v = arrived(cur);
    take_requests(cur);
    return v;
}

sp_value sp_fiber_new_from_proc(sp_value proc)
{
    sp_value f = rfiber_alloc(sp_cFiber);
    RF(f)->proc = proc;
    return f;
}

int sp_fiber_alive(sp_value fib) { return RF(fib)->state != RF_TERMINATED; }

/* A storage Hash: a Hash, not frozen, with Symbol keys (CRuby's checks). */
static int storage_key_fn(sp_value k, sp_value v, void *arg)
{
    (void)v; (void)arg;
    if (!SP_SYMBOL_P(k)) sp_raise(sp_eTypeError, "wrong argument type %s (expected Symbol)", sp_obj_classname(k));
    return 0;
}
static sp_value storage_check(sp_value h)
{
    if (!sp_hash_p(h)) sp_raise(sp_eTypeError, "storage must be a hash");
    if (SP_FROZEN_P(h)) sp_raise_exc(sp_exc_new(sp_eFrozenError, "%s", "storage must not be frozen"));
    sp_hash_foreach(h, storage_key_fn, NULL);
    return h;
}

/* A Fiber[] key: a Symbol, or a String / #to_str made one (never #to_sym). */
static sp_value storage_key(sp_value k)
{
    if (SP_SYMBOL_P(k)) return k;
    sp_value s = sp_str_p(k) ? k : SP_HEAP_P(k) ? sp_try_convert(k, sp_cString, "to_str") : SP_NIL;
    if (s == SP_NIL) sp_raise(sp_eTypeError, "%s is not a symbol nor a string", sp_str_cstr(sp_inspect(k)));
    return SP_ID2SYM(sp_intern_len(sp_str_ptr(s), sp_str_len(s)));
}

/* A copy of the current fiber's storage (or nil) for a new Thread. */
sp_value sp_fiber_storage_copy(void)
{
    sp_rfiber *cur = rfiber_current();
    return cur->storage == SP_NIL ? SP_NIL : sp_hash_dup(cur->storage);
}

SP_METHOD(fib_s_aref)
{
    sp_value k = storage_key(argv[0]);
    sp_rfiber *cur = rfiber_current();
    return cur->storage == SP_NIL ? SP_NIL : sp_hash_lookup(cur->storage, k, SP_NIL);
}
SP_METHOD(fib_s_aset)
{
    sp_value k = storage_key(argv[0]);
    sp_rfiber *cur = rfiber_current();
    if (argv[1] == SP_NIL) {
        if (cur->storage != SP_NIL) sp_funcall1(cur->storage, "delete", k);
        return SP_NIL;
    }
    if (cur->storage == SP_NIL) cur->storage = sp_hash_new();
    sp_hash_aset(cur->storage, k, argv[1]);
    return argv[1];
}
static void storage_own(sp_value self)
{
    if (RF(self) != rfiber_current())
        sp_raise(sp_eArgError, "Fiber storage can only be accessed from the Fiber it belongs to");
}
SP_METHOD(fib_storage)
{
    storage_own(self);
    return RF(self)->storage == SP_NIL ? SP_NIL : sp_hash_dup(RF(self)->storage);
}
SP_METHOD(fib_set_storage)
{
    sp_warn_category(SP_WARN_EXPERIMENTAL, "Fiber#storage= is experimental and may be removed in the future");
    storage_own(self);
    RF(self)->storage = argv[0] == SP_NIL ? SP_NIL : storage_check(argv[0]);
    return argv[0];
}

SP_METHOD(fib_blocking_p) { return SP_BOOL(RF(self)->blocking); }
SP_METHOD(fib_s_blocking_p) { return rfiber_current()->blocking ? SP_FIX(1) : SP_FALSE; }
/* Fiber.blocking { |fiber| }: the current fiber is blocking in the block */
static void unblock(sp_value f) { RF(f)->blocking = 0; }
SP_METHOD(fib_s_blocking)
{
    sp_rfiber *cur = rfiber_current();
    sp_value f = (sp_value)cur;
    if (cur->blocking) return sp_yield1(blk, f);
    cur->blocking = 1;
    return sp_yield_ensure(blk, 1, &f, unblock, f);
}

/* Fiber#raise(...): Kernel#raise's arguments, raised in the fiber where
 * it is suspended (it is resumed for that); in the current fiber, here. */
SP_METHOD(fib_raise)
{
    sp_rfiber *rf = RF(self);
    if (rf == rfiber_current()) return sp_funcall(sp_main_obj, sp_intern("raise"), argc_, argv, SP_NIL);
    if (rf->state == RF_CREATED) sp_raise(sp_eFiberError, "cannot raise exception on unborn fiber");
    if (rf->state == RF_TERMINATED) sp_raise(sp_eFiberError, "dead fiber called");
    if (rf->thread != SP_NIL && rf->thread != sp_thread_current())
        sp_raise(sp_eFiberError, "fiber called across threads");
    rf->raise_args = sp_ary_new_from(argc, argv);
    rf->raise_argc = argc_;
    return sp_fiber_resume(self, 0, NULL);
}

/* Fiber#kill: an unborn fiber just ends; a suspended one unwinds (ensure
 * runs, rescue does not) and ends; the current one unwinds now. */
SP_METHOD(fib_kill)
{
    sp_rfiber *rf = RF(self);
    if (rf->state == RF_TERMINATED) return self;
    if (rf->thread != SP_NIL && rf->thread != sp_thread_current())
        sp_raise(sp_eFiberError, "fiber called across threads");
    if (rf->state == RF_CREATED) { rf->state = RF_TERMINATED; return self; }
    if (rf == rfiber_current()) {
        if (rf->is_root) sp_raise(sp_eFiberError, "can't kill the root fiber");
        rf->killed_by_fiber = 1;
        sp_jump(sp_ec_current(), SP_JUMP_KILL, NULL, SP_NIL);
    }
    if (rf->state == RF_RESUMED && rf->resuming && !rf->is_root) {
        /* as CRuby: the fiber running (resumed by it) unwinds now, and
         * the killed one when its resume returns */
        rf->kill_req = 1;
        rfiber_current()->killed_by_fiber = 1;
        sp_jump(sp_ec_current(), SP_JUMP_KILL, NULL, SP_NIL);
    }
    if (rf->state == RF_RESUMED) sp_raise(sp_eFiberError, "attempt to kill a resumed fiber");
    rf->kill_req = 1;
    sp_fiber_resume(self, 0, NULL);
    return self;
}

SP_METHOD(fib_initialize)
{
    if (blk == SP_NIL)
        sp_raise(sp_eArgError, "tried to create Proc object without a block");
    RF(self)->proc = blk;
    sp_rfiber *cur = rfiber_current();
    sp_value st = sp_kwarg(argc_, argv, "storage", SP_UNDEF);
    if (st == SP_UNDEF || st == SP_TRUE)
        RF(self)->storage = cur->storage == SP_NIL ? SP_NIL : sp_hash_dup(cur->storage);
    else if (st != SP_NIL)
        RF(self)->storage = storage_check(st);
    sp_value b = sp_kwarg(argc_, argv, "blocking", SP_FALSE);
    RF(self)->blocking = SP_RTEST(b);
    /* A Fiber belongs to the thread that created it (CRuby: resuming it
     * from another thread is "fiber called across threads").  Enumerator
     * fibers (sp_fiber_new_from_proc) bind at their first resume. */
    RF(self)->thread = sp_thread_current();
    return SP_NIL;
}

SP_METHOD(fib_resume) { return sp_fiber_resume(self, argc, argv); }
SP_METHOD(fib_transfer) { return sp_fiber_transfer(self, argc, argv); }
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
    sp_define_method(c, "transfer", fib_transfer, -1);
    sp_define_method(c, "alive?", fib_alive_p, 0);
    sp_define_method(c, "inspect", fib_inspect, 0);
    sp_define_method(c, "to_s", fib_inspect, 0);
    sp_define_singleton_method(c, "yield", fib_s_yield, -1);
    sp_define_singleton_method(c, "current", fib_s_current, 0);
    sp_define_singleton_method(c, "[]", fib_s_aref, 1);
    sp_define_singleton_method(c, "[]=", fib_s_aset, 2);
    sp_define_singleton_method(c, "blocking?", fib_s_blocking_p, 0);
    sp_define_singleton_method(c, "blocking", fib_s_blocking, 0);
    sp_define_method(c, "storage", fib_storage, 0);
    sp_define_method(c, "storage=", fib_set_storage, 1);
    sp_define_method(c, "blocking?", fib_blocking_p, 0);
    sp_define_method(c, "raise", fib_raise, -1);
    sp_define_method(c, "kill", fib_kill, 0);
}

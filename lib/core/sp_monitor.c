/*
 * sp_monitor.c — Monitor, MonitorMixin, MonitorMixin::ConditionVariable
 * (`require 'monitor'`; always present, like CRuby with rubygems).
 *
 * Representation: a Monitor is an SP_T_DATA object holding a real
 * Thread::Mutex (sp_sync.c) plus a re-entrancy count.  The owner is the
 * mutex's owner (a fiber, as in CRuby 3.x), so mon_owned? and the owner
 * check cost one load; enter/exit by the owner touch only the count.
 * Waiting on a MonitorMixin::ConditionVariable saves and clears the
 * count, waits on a Thread::ConditionVariable with the inner mutex
 * (which re-acquires it before any interrupt is raised) and restores
 * the count afterwards, also when the wait raises.
 *
 * MonitorMixin keeps its Monitor in @mon_data (and the object id in
 * @mon_data_owner_object_id), as CRuby's monitor.rb does:
 * MonitorMixin.extend_object(obj) extends, then calls mon_initialize
 * (Object#extend dispatches to it).  As a fallback (an object whose
 * mon_initialize never ran, e.g. a class's #initialize that does not call
 * super), MonitorMixin methods create the Monitor on first use (under one
 * spin lock: a one-time, per-object event).
 */
#include "sp_sync.h"

#include <string.h>

typedef struct sp_monitor {
    sp_header hdr;
    void *ivars;
    uint32_t magic;
    sp_value mutex;                 /* Thread::Mutex */
    long count;                     /* re-entrancy depth (owner only) */
} sp_monitor;

#define MON_MAGIC 0x4d4f4e31u      /* "MON1" */

static sp_value cMonitor, mMonitorMixin, cMonCond;
static sp_id id_mon_data, id_mon_owner_id, id_monitor, id_cond, id_initialize;
static sp_spin lazy_lock;

static sp_value monitor_alloc(sp_value klass)
{
    sp_monitor *mon = sp_alloc(sizeof *mon, klass, SP_T_DATA);
    mon->magic = MON_MAGIC;
    mon->mutex = sp_mutex_new();
    return (sp_value)mon;
}

static sp_monitor *as_monitor(sp_value v)
{
    if (SP_HEAP_P(v) && SP_TYPE(v) == SP_T_DATA && ((sp_monitor *)v)->magic == MON_MAGIC)
        return (sp_monitor *)v;
    return NULL;
}

#define MUTEX(mon) ((sp_mutex *)(mon)->mutex)

static void mon_check_owner(sp_monitor *mon)
{
    if (!sp_mutex_owned(MUTEX(mon)))
        sp_raise(sp_eThreadError, "current fiber not owner");
}

static void mon_enter(sp_monitor *mon)
{
    if (sp_mutex_owned(MUTEX(mon))) { mon->count++; return; }
    sp_mutex_lock(MUTEX(mon));
    mon->count = 1;
}

static int mon_try_enter(sp_monitor *mon)
{
    if (sp_mutex_owned(MUTEX(mon))) { mon->count++; return 1; }
    if (!sp_mutex_trylock(MUTEX(mon))) return 0;
    mon->count = 1;
    return 1;
}

static void mon_exit(sp_monitor *mon)
{
    mon_check_owner(mon);
    if (--mon->count <= 0) {
        mon->count = 0;
        sp_mutex_unlock(MUTEX(mon));
    }
}

static sp_value mon_synchronize(sp_monitor *mon, sp_value blk)
{
    if (blk == SP_NIL) sp_raise(sp_eLocalJumpError, "no block given");
    mon_enter(mon);
    sp_ec *ec = sp_ec_current();
    sp_handler h;
    sp_push_handler(ec, &h, SP_H_ENSURE, NULL);
    if (_setjmp(h.jb) == 0) {
        sp_value v = sp_yield(blk, 0, NULL);
        sp_pop_handler(ec, &h);
        mon_exit(mon);
        return v;
    }
    sp_pop_handler(ec, &h);
    mon_exit(mon);
    sp_rejump(ec);
}

/* cond.wait(mutex, timeout) with the count saved around it; true when
 * woken (CV#wait returned non-nil), false on timeout. */
static sp_value mon_wait_for_cond(sp_monitor *mon, sp_value cond, sp_value timeout)
{
    long saved = mon->count;
    mon->count = 0;
    sp_ec *ec = sp_ec_current();
    sp_handler h;
    sp_value r = SP_NIL;
    sp_push_handler(ec, &h, SP_H_ENSURE, NULL);
    if (_setjmp(h.jb) == 0) {
        sp_value args[2] = { mon->mutex, timeout };
        r = sp_funcall(cond, sp_intern("wait"), 2, args, SP_NIL);
        sp_pop_handler(ec, &h);
        mon->count = saved;
        return SP_BOOL(SP_RTEST(r));
    }
    sp_pop_handler(ec, &h);
    mon->count = saved;
    sp_rejump(ec);
}

/* ---- Monitor methods ---- */

#define MON(v) ((sp_monitor *)(v))

SP_METHOD(monitor_m_try_enter) { return SP_BOOL(mon_try_enter(MON(self))); }
SP_METHOD(monitor_m_enter) { mon_enter(MON(self)); return SP_NIL; }
SP_METHOD(monitor_m_exit) { mon_exit(MON(self)); return SP_NIL; }
SP_METHOD(monitor_m_synchronize) { return mon_synchronize(MON(self), blk); }
SP_METHOD(monitor_m_locked_p)
{
    return SP_BOOL(sp_mutex_locked(MUTEX(MON(self))));
}
SP_METHOD(monitor_m_owned_p) { return SP_BOOL(sp_mutex_owned(MUTEX(MON(self)))); }
SP_METHOD(monitor_m_check_owner) { mon_check_owner(MON(self)); return SP_NIL; }
SP_METHOD(monitor_m_wait_for_cond) { return mon_wait_for_cond(MON(self), argv[0], argv[1]); }
SP_METHOD(monitor_m_new_cond)
{
    return sp_class_new_instance(cMonCond, 1, &self, SP_NIL);
}

/* ---- MonitorMixin ---- */

static void mixin_init(sp_value self)
{
    sp_value mon = monitor_alloc(cMonitor);
    sp_ivar_set(self, id_mon_data, mon);
    sp_ivar_set(self, id_mon_owner_id, sp_funcall0(self, "object_id"));
}

/* The object's Monitor, created on first use if mon_initialize never ran
 * (obj.extend(MonitorMixin)). */
static sp_monitor *mixin_monitor(sp_value self)
{
    sp_monitor *mon = as_monitor(sp_ivar_get(self, id_mon_data));
    if (SP_LIKELY(mon != NULL)) return mon;
    sp_spin_lock(&lazy_lock);
    mon = as_monitor(sp_ivar_get(self, id_mon_data));
    if (!mon) {
        mixin_init(self);
        mon = as_monitor(sp_ivar_get(self, id_mon_data));
    }
    sp_spin_unlock(&lazy_lock);
    return mon;
}

SP_METHOD(mixin_m_try_enter) { return SP_BOOL(mon_try_enter(mixin_monitor(self))); }
SP_METHOD(mixin_m_enter) { mon_enter(mixin_monitor(self)); return SP_NIL; }
SP_METHOD(mixin_m_exit) { mon_exit(mixin_monitor(self)); return SP_NIL; }
SP_METHOD(mixin_m_synchronize) { return mon_synchronize(mixin_monitor(self), blk); }
SP_METHOD(mixin_m_locked_p) { return monitor_m_locked_p((sp_value)mixin_monitor(self), 0, NULL, SP_NIL); }
SP_METHOD(mixin_m_owned_p) { return SP_BOOL(sp_mutex_owned(MUTEX(mixin_monitor(self)))); }
SP_METHOD(mixin_m_check_owner) { mon_check_owner(mixin_monitor(self)); return SP_NIL; }
SP_METHOD(mixin_m_new_cond)
{
    sp_value mon = (sp_value)mixin_monitor(self);
    return sp_class_new_instance(cMonCond, 1, &mon, SP_NIL);
}

SP_METHOD(mixin_m_mon_initialize)
{
    if (sp_ivar_defined(self, id_mon_data) &&
        sp_equal(sp_ivar_get(self, id_mon_owner_id), sp_funcall0(self, "object_id")))
        sp_raise(sp_eThreadError, "already initialized");
    mixin_init(self);
    return SP_NIL;
}

/* MonitorMixin.extend_object(obj): extend, then mon_initialize. */
SP_METHOD(mixin_s_extend_object)
{
    sp_include_module(sp_singleton_class(argv[0]), self);
    mixin_m_mon_initialize(argv[0], 0, NULL, SP_NIL);
    return argv[0];
}

SP_METHOD(mixin_m_initialize)
{
    sp_call_super(self, mMonitorMixin, id_initialize, argc_, argv, blk);
    mixin_m_mon_initialize(self, 0, NULL, SP_NIL);
    return SP_NIL;
}

/* ---- MonitorMixin::ConditionVariable ---- */

SP_METHOD(moncond_m_initialize)
{
    sp_ivar_set(self, id_monitor, argv[0]);
    sp_ivar_set(self, id_cond, sp_condvar_new());
    return SP_NIL;
}

static sp_value moncond_check(sp_value self)
{
    sp_value m = sp_ivar_get(self, id_monitor);
    sp_monitor *mon = as_monitor(m);
    if (mon) mon_check_owner(mon);
    else sp_funcall0(m, "mon_check_owner");
    return m;
}

static sp_value moncond_wait(sp_value self, sp_value timeout)
{
    sp_value m = moncond_check(self);
    sp_value cond = sp_ivar_get(self, id_cond);
    sp_monitor *mon = as_monitor(m);
    if (mon) return mon_wait_for_cond(mon, cond, timeout);
    return sp_funcall2(m, "wait_for_cond", cond, timeout);
}

SP_METHOD(moncond_m_wait)
{
    int n = argc;
    if (n > 1) sp_raise_arity(n, 0, 1);
    return moncond_wait(self, n ? argv[0] : SP_NIL);
}

SP_METHOD(moncond_m_wait_while)
{
    if (blk == SP_NIL) sp_raise_no_block();
    while (SP_RTEST(sp_yield(blk, 0, NULL))) moncond_wait(self, SP_NIL);
    return SP_NIL;
}

SP_METHOD(moncond_m_wait_until)
{
    if (blk == SP_NIL) sp_raise_no_block();
    while (!SP_RTEST(sp_yield(blk, 0, NULL))) moncond_wait(self, SP_NIL);
    return SP_NIL;
}

SP_METHOD(moncond_m_signal)
{
    moncond_check(self);
    return sp_funcall0(sp_ivar_get(self, id_cond), "signal");
}

SP_METHOD(moncond_m_broadcast)
{
    moncond_check(self);
    return sp_funcall0(sp_ivar_get(self, id_cond), "broadcast");
}

void sp_init_monitor(void)
{
    id_mon_data = sp_intern("@mon_data");
    id_mon_owner_id = sp_intern("@mon_data_owner_object_id");
    id_monitor = sp_intern("@monitor");
    id_cond = sp_intern("@cond");
    id_initialize = sp_intern("initialize");

    sp_value c = cMonitor = sp_define_class("Monitor", sp_cObject);
    sp_class_set_allocator(c, monitor_alloc);
    sp_define_method(c, "try_enter", monitor_m_try_enter, 0);
    sp_define_method(c, "enter", monitor_m_enter, 0);
    sp_define_method(c, "exit", monitor_m_exit, 0);
    sp_define_method(c, "synchronize", monitor_m_synchronize, 0);
    sp_define_method(c, "mon_locked?", monitor_m_locked_p, 0);
    sp_define_method(c, "mon_owned?", monitor_m_owned_p, 0);
    sp_define_method(c, "mon_check_owner", monitor_m_check_owner, 0);
    sp_define_method(c, "wait_for_cond", monitor_m_wait_for_cond, 2);
    sp_define_method(c, "new_cond", monitor_m_new_cond, 0);
    sp_define_alias(c, "try_mon_enter", "try_enter");
    sp_define_alias(c, "mon_try_enter", "try_enter");
    sp_define_alias(c, "mon_enter", "enter");
    sp_define_alias(c, "mon_exit", "exit");
    sp_define_alias(c, "mon_synchronize", "synchronize");

    sp_value m = mMonitorMixin = sp_define_module("MonitorMixin");
    sp_define_method(m, "mon_try_enter", mixin_m_try_enter, 0);
    sp_define_method(m, "try_mon_enter", mixin_m_try_enter, 0);
    sp_define_method(m, "mon_enter", mixin_m_enter, 0);
    sp_define_method(m, "mon_exit", mixin_m_exit, 0);
    sp_define_method(m, "mon_locked?", mixin_m_locked_p, 0);
    sp_define_method(m, "mon_owned?", mixin_m_owned_p, 0);
    sp_define_method(m, "mon_synchronize", mixin_m_synchronize, 0);
    sp_define_method(m, "synchronize", mixin_m_synchronize, 0);
    sp_define_method(m, "new_cond", mixin_m_new_cond, 0);
    sp_define_private_method(m, "initialize", mixin_m_initialize, -1);
    sp_define_private_method(m, "mon_initialize", mixin_m_mon_initialize, 0);
    sp_define_private_method(m, "mon_check_owner", mixin_m_check_owner, 0);
    sp_define_singleton_method(m, "extend_object", mixin_s_extend_object, 1);

    c = cMonCond = sp_define_class_under(m, "ConditionVariable", sp_cObject);
    sp_define_private_method(c, "initialize", moncond_m_initialize, 1);
    sp_define_method(c, "wait", moncond_m_wait, -1);
    sp_define_method(c, "wait_while", moncond_m_wait_while, 0);
    sp_define_method(c, "wait_until", moncond_m_wait_until, 0);
    sp_define_method(c, "signal", moncond_m_signal, 0);
    sp_define_method(c, "broadcast", moncond_m_broadcast, 0);
}

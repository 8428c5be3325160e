/*
 * sp_sync.c — Thread::Mutex, Thread::Queue, Thread::SizedQueue,
 * Thread::ConditionVariable (sp_sync.h has the structs).
 *
 * Locking: each object has one sp_spin guarding its wait lists; no global
 * lock anywhere.  Blocking always goes through the scheduler's token park
 * (sp_sched_wait_prepare + sp_sched_park_wait) with the object's spin
 * held; the scheduler drops it after the switch, so a waker that takes
 * the spin always finds a fully parked, claimable waiter.  A waiter that
 * leaves early (timeout, Thread#raise/kill) loses the claim race or wins
 * it; the loser of a claim is skipped by wakers and unlinks itself.
 *
 * Mutex policy (doc/sync.md): uncontended lock/unlock = one CAS each.
 * Unlock with parked waiters wakes the first one; if that waiter has
 * waited longer than SP_MTX_BARGE_NS the mutex is handed to it directly
 * (owner set before it runs, FIFO), otherwise the mutex is released and
 * the woken waiter competes with running threads ("barging", which keeps
 * throughput when critical sections are short); a waiter that loses goes
 * back to the FRONT of the queue keeping its original start time, so no
 * waiter waits more than about one window once it is first in line.
 *
 * Queue policy: push to a parked popper hands the value over in the
 * popper's waiter node and readies it (no ring traffic); a pop that frees
 * a slot in a full SizedQueue moves the first parked pusher's value into
 * the ring and readies that pusher.  sp_queue_push/sp_queue_pop inline
 * only the common cases (hand-off, ring with room, item present) under one
 * spin round trip; everything else (blocking, close, timeouts, admitting
 * pushers) is in the out-of-line *_slow functions, so the fast paths pay
 * no big prologue.  `q.pop` / `sq << x` without arguments skip keyword
 * parsing.
 *
 * Costs: see doc/sync.md (measured by spec/unit/test_sync.c).
 */
#define _GNU_SOURCE
#include "sp_sync.h"
#include "sp_thread.h"


#include <math.h>
#include <sched.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SP_MTX_BARGE_NS 1000000     /* 1 ms: then FIFO hand-off */
#define SP_MTX_SPIN     10          /* pauses (~43 ns each on the EPYC VM)
                                       spun while the owner runs and nobody
                                       is parked yet (multi-worker only) */

static inline void cpu_relax(void)
{
#if defined(__x86_64__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ volatile("yield");
#endif
}

/* ------------------------------------------------------------------ */
/* Spin lock                                                           */

void sp_spin_lock_slow(sp_spin *l)
{
    unsigned n = 0;
    for (;;) {
        while (atomic_load_explicit(&l->v, memory_order_relaxed)) {
            if (++n < 1000) cpu_relax();
            else { sched_yield(); n = 0; }   /* holder was descheduled */
        }
        if (!atomic_exchange_explicit(&l->v, 1, memory_order_acquire))
            return;
    }
}

void sp_spin_unlock_cb(void *l) { sp_spin_unlock((sp_spin *)l); }

/* ------------------------------------------------------------------ */
/* Wait lists (caller holds the owner's spin)                          */

static void wl_push_back(sp_wlist *l, sp_waiter *w)
{
    w->next = NULL;
    w->prev = l->tail;
    if (l->tail) l->tail->next = w; else l->head = w;
    l->tail = w;
    __atomic_store_n(&l->n, l->n + 1, __ATOMIC_RELAXED);   /* racy peeks read it */
}

static void wl_push_front(sp_wlist *l, sp_waiter *w)
{
    w->prev = NULL;
    w->next = l->head;
    if (l->head) l->head->prev = w; else l->tail = w;
    l->head = w;
    __atomic_store_n(&l->n, l->n + 1, __ATOMIC_RELAXED);
}

static void wl_remove(sp_wlist *l, sp_waiter *w)
{
    if (w->prev) w->prev->next = w->next; else l->head = w->next;
    if (w->next) w->next->prev = w->prev; else l->tail = w->prev;
    w->next = w->prev = NULL;
    w->linked = 0;
    __atomic_store_n(&l->n, l->n - 1, __ATOMIC_RELAXED);
}

/* Claim and unlink the first waiter that can still be woken; waiters
 * that already lost the claim (leaving on their own) are skipped. */
static sp_waiter *wl_claim_first(sp_wlist *l)
{
    for (sp_waiter *w = l->head; w; w = w->next) {
        if (w->linked == 1 && sp_sched_claim(w->g, SP_WAKE_SIGNAL)) {
            wl_remove(l, w);
            return w;
        }
    }
    return NULL;
}

/* Unlink the waiters of dead threads: in a fork child the threads that
 * did not come along stay linked where they waited (nobody can claim
 * them: their tokens are idle).  Returns the live waiters left. */
static long wl_reap_dead(sp_wlist *l)
{
    for (sp_waiter *w = l->head, *next; w; w = next) {
        next = w->next;
        if (atomic_load(&w->g->state) == SP_G_DEAD) wl_remove(l, w);
    }
    return l->n;
}

/* ------------------------------------------------------------------ */
/* Identity of the running fiber                                       */

static inline uintptr_t me_id(void)
{
    sp_ec *ec = sp_ec_current();
    return ec ? (uintptr_t)ec : (uintptr_t)sp_sched_current();
}

static int64_t deadline_after(double secs)
{
    if (secs < 0) return 0;                       /* forever */
    if (isnan(secs)) secs = 0;
    if (secs > 1e9) secs = 1e9;                   /* ~31 years, fits int64 ns */
    int64_t d = sp_sched_now() + (int64_t)(secs * 1e9);
    return d ? d : 1;
}

/* ------------------------------------------------------------------ */
/* Per-thread held-mutex lists.
 *
 * g->sync_held heads a doubly linked list through the mutexes a thread's
 * fibers hold (so a dying thread can release them).  Only the owning
 * thread changes it.  A mutex remembers the thread whose list it is on
 * (held_g; also read by reapers to find a dead owner); held_g is NULL
 * exactly when the mutex is on no list.
 *
 * Exception: the inline Mutex#synchronize of a thread's root fiber
 * (sp_vm_sync_enter, sp_vm.h) locks with one CAS and links nothing.  Its
 * cleanup handler unlocks on every way out of the block (raise, break,
 * Thread#kill: a root fiber only ends by unwinding), so the list is not
 * needed to release it; a relock after Mutex#sleep links it as usual, and
 * sp_vm_sync_exit then takes the full path because held_g is set.  A
 * Ruby Fiber (ec->sub_fiber) can be abandoned mid-block, so its
 * synchronize always links. */

/* The running green thread, through the fiber's ec when it names its
 * Thread (no call, no TLS). */
static inline sp_gthread *g_of(sp_ec *ec)
{
    if (SP_LIKELY(ec && ec->thread && ec->thread->g)) return ec->thread->g;
    return sp_sched_current();
}

static inline void held_add_g(sp_mutex *m, sp_gthread *g)
{
    if (SP_UNLIKELY(!g)) return;
    __atomic_store_n(&m->held_g, g, __ATOMIC_RELEASE);   /* read by reapers */
    sp_mutex *h = g->sync_held;
    m->held_prev = NULL;
    m->held_next = h;
    if (h) h->held_prev = m;
    g->sync_held = m;
}

static inline void held_add(sp_mutex *m) { held_add_g(m, g_of(sp_ec_current())); }

static inline void held_del(sp_mutex *m)
{
    sp_gthread *g = m->held_g;
    if (SP_UNLIKELY(!g)) return;
    sp_mutex *p = m->held_prev, *n = m->held_next;
    if (p) p->held_next = n;
    else if (g->sync_held == m) g->sync_held = n;
    if (n) n->held_prev = p;
    m->held_prev = m->held_next = NULL;
    __atomic_store_n(&m->held_g, NULL, __ATOMIC_RELEASE);
}

/* ------------------------------------------------------------------ */
/* Mutex                                                               */

static sp_value mutex_alloc(sp_value klass)
{
    sp_mutex *m = sp_alloc(sizeof *m, klass, SP_T_MUTEX);
    return (sp_value)m;
}

sp_value sp_mutex_new(void) { return mutex_alloc(sp_cMutex); }

/* The slow half of a release (m->lock held; the caller still owns the
 * mutex or reaps a dead owner): claim the first waiter; hand the mutex
 * to it if it waited past the barging window, else release the mutex and
 * mark the waiter WOKEN (it competes when it runs).  Returns the waiter
 * to ready after unlock.  CAS loop: a woken waiter clears WOKEN without
 * the lock. */
static sp_waiter *release_locked(sp_mutex *m)
{
    SP_ASSERT_SPIN_HELD(&m->lock);
    sp_waiter *w = wl_claim_first(&m->waiters);
    uintptr_t rest = m->waiters.n ? SP_MTX_WAITERS : 0;
    int handoff = w && sp_sched_now() - w->ticket >= SP_MTX_BARGE_NS;
    uintptr_t s = atomic_load_explicit(&m->state, memory_order_relaxed), ns;
    do {
        if (handoff) ns = (uintptr_t)w->data | rest | (s & SP_MTX_WOKEN);
        else ns = rest | (w ? SP_MTX_WOKEN : (s & SP_MTX_WOKEN));
    } while (!atomic_compare_exchange_weak_explicit(&m->state, &s, ns, memory_order_release,
                                                    memory_order_relaxed));
    return w;
}

/* Release a mutex owned by `owner` (held list already updated).  With
 * waiters and none woken yet, wake the first one (or hand the mutex to
 * it once it has waited past the barging window); with one already
 * woken and not yet retried, just release: it will find the mutex free,
 * and if it loses again it parks and the next unlock wakes one. */
static SP_NOINLINE void mutex_release_slow(sp_mutex *m, uintptr_t owner, uintptr_t s)
{
    while ((s & SP_MTX_WOKEN) || !(s & SP_MTX_WAITERS)) {
        if (atomic_compare_exchange_weak_explicit(&m->state, &s, s & (SP_MTX_WAITERS | SP_MTX_WOKEN),
                                                  memory_order_release, memory_order_relaxed))
            return;
    }
    sp_spin_lock(&m->lock);
    sp_waiter *w = release_locked(m);
    sp_spin_unlock(&m->lock);
    if (w) sp_sched_ready(w->g);
}

/* The load first: the line is ours (we locked it), and with WOKEN set a
 * blind CAS me -> 0 would fail and cost a second one. */
static inline void mutex_release(sp_mutex *m, uintptr_t owner)
{
    uintptr_t s = atomic_load_explicit(&m->state, memory_order_relaxed);
    if (SP_LIKELY(s == owner) &&
        atomic_compare_exchange_strong_explicit(&m->state, &s, 0, memory_order_release,
                                                memory_order_relaxed))
        return;
    mutex_release_slow(m, owner, s);
}

/* A thread that died holding a mutex (sp_sync_thread_died not called):
 * if s's owner is the root fiber of a dead thread, release the mutex as
 * that owner would have.  Returns 1 if the state changed (retry). */
static int mutex_reap(sp_mutex *m, uintptr_t s)
{
    sp_gthread *g = __atomic_load_n(&m->held_g, __ATOMIC_ACQUIRE);
    if (!SP_MTX_OWNER(s) || !g || SP_MTX_OWNER(s) != (uintptr_t)g->ec ||
        atomic_load(&g->state) != SP_G_DEAD)
        return 0;
    sp_spin_lock(&m->lock);
    if (atomic_load(&m->state) != s) { sp_spin_unlock(&m->lock); return 1; }
    sp_waiter *w = release_locked(m);
    sp_spin_unlock(&m->lock);
    if (w) sp_sched_ready(w->g);
    return 1;
}

int sp_mutex_locked(sp_mutex *m)
{
    uintptr_t s = atomic_load_explicit(&m->state, memory_order_relaxed);
    while (SP_MTX_OWNER(s) && SP_UNLIKELY(mutex_reap(m, s)))
        s = atomic_load_explicit(&m->state, memory_order_relaxed);
    return SP_MTX_OWNER(s) != 0;
}

/* Interrupt bits a masked wait holds back (delivered after the lock). */
#define MASKABLE (SP_INT_RAISE | SP_INT_KILL | SP_INT_SIGINT)

/* Is the fiber that owns state s running on some worker right now?
 * (spinning for a mutex whose owner is not running is wasted time) */
static inline int owner_running(uintptr_t s)
{
    sp_ec *o = (sp_ec *)SP_MTX_OWNER(s);
    sp_fiber *f = o ? __atomic_load_n(&o->fiber, __ATOMIC_RELAXED) : NULL;
    return !f || atomic_load_explicit(&f->on_cpu, memory_order_relaxed);
}

/* Contended lock.  Returns interrupt bits held back (masked mode).
 * With 2+ workers it first spins while the owner runs (critical sections
 * are usually far shorter than a park + wake), then parks FIFO. */
static SP_NOINLINE uint32_t mutex_lock_slow(sp_mutex *m, uintptr_t me, int masked)
{
    uint32_t stash = 0;
    int64_t start = 0;
    int front = 0, spins = 0;
    int multi = sp_sched_nworkers() > 1;
    for (;;) {
        uintptr_t s = atomic_load_explicit(&m->state, memory_order_relaxed);
        if (!SP_MTX_OWNER(s)) {
            if (atomic_compare_exchange_weak_explicit(&m->state, &s, me | (s & (SP_MTX_WAITERS | SP_MTX_WOKEN)),
                                                      memory_order_acquire, memory_order_relaxed))
                return stash;
            continue;
        }
        if (SP_MTX_OWNER(s) == me)
            sp_raise(sp_eThreadError, "deadlock; recursive locking");
        if (SP_UNLIKELY(mutex_reap(m, s)))
            continue;
        if (multi && spins < SP_MTX_SPIN && !(s & SP_MTX_WAITERS) && owner_running(s)) {
            spins++;
            cpu_relax();
            continue;
        }
        sp_spin_lock(&m->lock);
        s = atomic_load_explicit(&m->state, memory_order_relaxed);
        if (!SP_MTX_OWNER(s) ||
            (!(s & SP_MTX_WAITERS) &&
             !atomic_compare_exchange_strong(&m->state, &s, s | SP_MTX_WAITERS))) {
            sp_spin_unlock(&m->lock);
            continue;
        }
        if (!start) start = sp_sched_now();
        sp_waiter *w = sp_sched_wait_prepare();
        w->data = (void *)me;
        w->ticket = start;
        w->linked = 1;
        if (front) wl_push_front(&m->waiters, w); else wl_push_back(&m->waiters, w);
        int why = sp_sched_park_wait(sp_spin_unlock_cb, &m->lock, 0,
                                     SP_PARK_DEADLOCKABLE | SP_PARK_NO_WAKEUP);
        front = 1;
        spins = 0;
        if (why == SP_WAKE_SIGNAL) {
            s = atomic_load_explicit(&m->state, memory_order_acquire);
            if (SP_MTX_OWNER(s) == me)
                return stash;                       /* handed to us */
            /* woken to compete: we are the WOKEN waiter; let the next
             * unlock wake another one if we lose again */
            atomic_fetch_and_explicit(&m->state, ~(uintptr_t)SP_MTX_WOKEN, memory_order_relaxed);
            continue;
        }
        sp_spin_lock(&m->lock);
        if (w->linked) {
            wl_remove(&m->waiters, w);
            if (!m->waiters.n)
                atomic_fetch_and(&m->state, ~(uintptr_t)SP_MTX_WAITERS);
        }
        sp_spin_unlock(&m->lock);
        if (why == SP_WAKE_INTERRUPT) {
            if (!masked) {
                sp_sched_check_ints();              /* raises */
            } else {
                sp_gthread *g = sp_sched_current();
                uint32_t bits = sp_sched_take_ints(g);
                if (bits & ~(MASKABLE | SP_INT_PREEMPT | SP_INT_WAKEUP)) {
                    /* deadlock report: deliver now, we cannot wait */
                    sp_sched_interrupt(g, bits | stash);
                    sp_sched_check_ints();
                    stash = 0;
                } else {
                    stash |= bits & MASKABLE;
                }
            }
        }
    }
}

/* Lock as `me` (ec of the running fiber) for thread g. */
static inline void mutex_lock_as(sp_mutex *m, uintptr_t me, sp_gthread *g)
{
    /* load first: a free mutex may carry WAITERS/WOKEN bits to keep */
    uintptr_t s = atomic_load_explicit(&m->state, memory_order_relaxed);
    if (SP_UNLIKELY(SP_MTX_OWNER(s) ||
                    !atomic_compare_exchange_strong_explicit(&m->state, &s, me | s,
                                                             memory_order_acquire,
                                                             memory_order_relaxed)))
        mutex_lock_slow(m, me, 0);
    held_add_g(m, g);
}

void sp_mutex_lock(sp_mutex *m)
{
    sp_ec *ec = sp_ec_current();
    mutex_lock_as(m, ec ? (uintptr_t)ec : (uintptr_t)sp_sched_current(), g_of(ec));
}

void sp_mutex_lock_masked(sp_mutex *m)
{
    uintptr_t me = me_id(), z = 0;
    uint32_t stash = 0;
    if (!atomic_compare_exchange_strong_explicit(&m->state, &z, me, memory_order_acquire,
                                                 memory_order_relaxed))
        stash = mutex_lock_slow(m, me, 1);
    held_add(m);
    if (stash) {
        sp_sched_interrupt(sp_sched_current(), stash);
        sp_sched_check_ints();
    }
}

int sp_mutex_trylock(sp_mutex *m)
{
    uintptr_t me = me_id();
    uintptr_t s = atomic_load_explicit(&m->state, memory_order_relaxed);
    while (!SP_MTX_OWNER(s)) {
        if (atomic_compare_exchange_weak_explicit(&m->state, &s, me | (s & (SP_MTX_WAITERS | SP_MTX_WOKEN)),
                                                  memory_order_acquire, memory_order_relaxed)) {
            held_add(m);
            return 1;
        }
    }
    if (SP_UNLIKELY(mutex_reap(m, s)))
        return sp_mutex_trylock(m);
    return 0;
}

static void check_owner_for_unlock(sp_mutex *m, uintptr_t me)
{
    uintptr_t o = SP_MTX_OWNER(atomic_load_explicit(&m->state, memory_order_relaxed));
    if (SP_UNLIKELY(o != me)) {
        if (!o) sp_raise(sp_eThreadError, "Attempt to unlock a mutex which is not locked");
        sp_raise(sp_eThreadError,
                 "Attempt to unlock a mutex which is locked by another thread/fiber");
    }
}

static inline void mutex_unlock_as(sp_mutex *m, uintptr_t me)
{
    check_owner_for_unlock(m, me);
    held_del(m);            /* before the release: the next owner relinks it */
    mutex_release(m, me);
}

void sp_mutex_unlock(sp_mutex *m)
{
    mutex_unlock_as(m, me_id());
}

/* Mutex#synchronize compiled inline (codegen emit_sync_inline): the
 * generated code passes the ec it already holds (the running fiber's: a
 * fiber's code keeps its ec), so neither side looks it up again.  Only
 * called once the call site's cache proved m is a Thread::Mutex with the
 * builtin synchronize.  These are the slow paths of sp_vm_sync_enter /
 * sp_vm_sync_exit (sp_vm.h), which inline the uncontended CAS; exit is
 * also the cleanup run when a jump leaves the block. */
void sp_mutex_sync_enter(sp_ec *ec, sp_value mv)
{
    sp_mutex *m = (sp_mutex *)mv;
    mutex_lock_as(m, ec ? (uintptr_t)ec : (uintptr_t)sp_sched_current(), g_of(ec));
}

void sp_mutex_sync_exit(sp_ec *ec, sp_value mv)
{
    mutex_unlock_as((sp_mutex *)mv, ec ? (uintptr_t)ec : (uintptr_t)sp_sched_current());
}

int sp_mutex_owned(sp_mutex *m)
{
    return SP_MTX_OWNER(atomic_load_explicit(&m->state, memory_order_relaxed)) == me_id();
}

void sp_sync_thread_died(sp_gthread *g)
{
    sp_mutex *m;
    while ((m = g->sync_held)) {
        uintptr_t owner = SP_MTX_OWNER(atomic_load(&m->state));
        g->sync_held = m->held_next;
        if (m->held_next) m->held_next->held_prev = NULL;
        m->held_prev = m->held_next = NULL;
        __atomic_store_n(&m->held_g, NULL, __ATOMIC_RELEASE);
        if (owner) mutex_release(m, owner);
    }
}

/* Park the current thread until woken or the deadline; returns enum
 * sp_wake.  Forever waits use the token park (which starts the scheduler
 * so deadlock detection sees them); timed ones sp_sched_sleep_until. */
static int sleep_for(double timeout)
{
    if (timeout < 0) {
        sp_sched_wait_prepare();
        return sp_sched_park_wait(NULL, NULL, 0, SP_PARK_DEADLOCKABLE);
    }
    return sp_sched_sleep_until(deadline_after(timeout), 0);
}

sp_value sp_mutex_sleep(sp_mutex *m, double timeout)
{
    sp_mutex_unlock(m);
    time_t beg = time(NULL);
    int why = sleep_for(timeout);
    sp_mutex_lock_masked(m);
    sp_sched_check_ints();
    if (why == SP_WAKE_TIMEOUT) return SP_NIL;
    return SP_FIX((int64_t)(time(NULL) - beg));
}

/* ---- argument conversions ---- */

/* rb_time_interval: Mutex#sleep / ConditionVariable#wait timeouts. */
static double time_interval(sp_value v)
{
    double d;
    if (SP_FIXNUM_P(v) || SP_FLONUM_P(v) ||
        (SP_HEAP_P(v) && (SP_TYPE(v) == SP_T_FLOAT || SP_TYPE(v) == SP_T_BIGNUM)))
        d = sp_num_to_double(v);
    else if (SP_HEAP_P(v) && SP_TYPE(v) == SP_T_OBJECT && sp_obj_is_kind_of(v, sp_cNumeric))
        d = sp_num_to_double(sp_funcall0(v, "to_f"));
    else
        sp_raise(sp_eTypeError, "can't convert %s into time interval", sp_obj_classname(v));
    if (d < 0) sp_raise(sp_eArgError, "time interval must not be negative");
    if (isnan(d)) sp_raise(sp_eArgError, "time interval must not be NaN");
    return d;
}

/* Keyword arguments of the queue methods: only timeout: is accepted. */
typedef struct kwscan { sp_value timeout; sp_value bad; } kwscan;
static sp_id id_timeout;

static int kw_each(sp_value k, sp_value v, void *arg)
{
    kwscan *ks = arg;
    if (SP_SYMBOL_P(k) && SP_SYM2ID(k) == id_timeout) ks->timeout = v;
    else if (ks->bad == SP_UNDEF) ks->bad = k;
    return 0;
}

/* Splits off the keyword hash; returns the positional count and the
 * timeout value (SP_NIL when absent). */
static int kw_timeout(int argc, const sp_value *argv, sp_value *timeout)
{
    int n = SP_ARGC(argc);
    *timeout = SP_NIL;
    if (!(argc & SP_ARGC_KW) || n == 0) return n;
    kwscan ks = { SP_NIL, SP_UNDEF };
    sp_hash_foreach(argv[n - 1], kw_each, &ks);
    if (ks.bad != SP_UNDEF) {
        sp_value s = sp_inspect(ks.bad);
        sp_raise(sp_eArgError, "unknown keyword: %s", sp_str_cstr(s));
    }
    *timeout = ks.timeout;
    return n - 1;
}

/* ---- Ruby methods: Mutex ---- */

#define MTX(v) ((sp_mutex *)(v))

SP_METHOD(mutex_m_lock) { sp_mutex_lock(MTX(self)); return self; }
SP_METHOD(mutex_m_unlock) { sp_mutex_unlock(MTX(self)); return self; }
SP_METHOD(mutex_m_try_lock) { return SP_BOOL(sp_mutex_trylock(MTX(self))); }
SP_METHOD(mutex_m_locked_p) { return SP_BOOL(sp_mutex_locked(MTX(self))); }
SP_METHOD(mutex_m_owned_p) { return SP_BOOL(sp_mutex_owned(MTX(self))); }

SP_METHOD(mutex_m_synchronize)
{
    if (blk == SP_NIL) sp_raise(sp_eThreadError, "must be called with a block");
    sp_mutex *m = MTX(self);
    /* the running fiber's ec is both the owner id and the handler chain
     * (one lookup; this C frame never changes fiber) */
    sp_ec *ec = sp_ec_current();
    uintptr_t me = ec ? (uintptr_t)ec : (uintptr_t)sp_sched_current();
    mutex_lock_as(m, me, g_of(ec));
    sp_handler h;
    sp_push_handler(ec, &h, SP_H_ENSURE, NULL);
    if (_setjmp(h.jb) == 0) {
        sp_value v = sp_yield(blk, 0, NULL);
        sp_pop_handler(ec, &h);
        mutex_unlock_as(m, me);
        return v;
    }
    sp_pop_handler(ec, &h);
    mutex_unlock_as(m, me);     /* exception, break, throw, kill: unlock, go on */
    sp_rejump(ec);
}

SP_METHOD(mutex_m_sleep)
{
    int n = argc;
    if (n > 1) sp_raise_arity(n, 0, 1);
    double t = (n == 0 || argv[0] == SP_NIL) ? -1 : time_interval(argv[0]);
    return sp_mutex_sleep(MTX(self), t);
}

/* ---- ConditionVariable ---- */

static sp_value condvar_alloc(sp_value klass)
{
    return (sp_value)sp_alloc(sizeof(sp_condvar), klass, SP_T_CONDVAR);
}

sp_value sp_condvar_new(void) { return condvar_alloc(sp_cConditionVariable); }

sp_value sp_condvar_wait(sp_condvar *cv, sp_mutex *m, double timeout)
{
    uintptr_t me = me_id();
    check_owner_for_unlock(m, me);
    time_t beg = time(NULL);
    int64_t deadline = deadline_after(timeout);
    sp_spin_lock(&cv->lock);
    sp_waiter *w = sp_sched_wait_prepare();
    w->linked = 1;
    wl_push_back(&cv->waiters, w);
    held_del(m);
    mutex_release(m, me);   /* lock order: cv->lock, then m->lock */
    int why = sp_sched_park_wait(sp_spin_unlock_cb, &cv->lock, deadline,
                                 deadline ? 0 : SP_PARK_DEADLOCKABLE);
    if (why != SP_WAKE_SIGNAL) {
        sp_spin_lock(&cv->lock);
        if (w->linked) wl_remove(&cv->waiters, w);
        sp_spin_unlock(&cv->lock);
    }
    sp_mutex_lock_masked(m);
    sp_sched_check_ints();
    if (why == SP_WAKE_TIMEOUT) return SP_NIL;
    return SP_FIX((int64_t)(time(NULL) - beg));
}

/* Wake one waiter node taken off the list (after the list's spin is
 * released).  linked==2 nodes belong to waits through a duck-typed
 * "mutex" (its #sleep): they are woken like Thread#wakeup. */
static void wake_node(sp_waiter *w, int duck)
{
    if (duck) sp_sched_interrupt(w->g, SP_INT_WAKEUP);
    else sp_sched_ready(w->g);
}

void sp_condvar_signal(sp_condvar *cv)
{
    /* Peek without the spin: a waiter that queued before the signaller
     * took the mutex is visible (it queued before releasing the mutex). */
    if (!__atomic_load_n(&cv->waiters.n, __ATOMIC_ACQUIRE)) return;
    sp_spin_lock(&cv->lock);
    sp_waiter *w;
    int duck = 0;
    for (w = cv->waiters.head; w; w = w->next) {
        if (w->linked == 2) { duck = 1; wl_remove(&cv->waiters, w); break; }
        if (sp_sched_claim(w->g, SP_WAKE_SIGNAL)) { wl_remove(&cv->waiters, w); break; }
    }
    sp_spin_unlock(&cv->lock);
    if (w) wake_node(w, duck);
}

void sp_condvar_broadcast(sp_condvar *cv)
{
    if (!__atomic_load_n(&cv->waiters.n, __ATOMIC_ACQUIRE)) return;
    sp_spin_lock(&cv->lock);
    sp_waiter *chain = NULL, *duck = NULL, *next;
    for (sp_waiter *w = cv->waiters.head; w; w = next) {
        next = w->next;
        if (w->linked == 2) {
            wl_remove(&cv->waiters, w);
            w->next = duck; duck = w;
        } else if (sp_sched_claim(w->g, SP_WAKE_SIGNAL)) {
            wl_remove(&cv->waiters, w);
            w->next = chain; chain = w;
        }
    }
    sp_spin_unlock(&cv->lock);
    /* reverse to wake in FIFO order */
    sp_waiter *fifo = NULL;
    while (chain) { next = chain->next; chain->next = fifo; fifo = chain; chain = next; }
    for (sp_waiter *w = fifo; w; w = next) { next = w->next; w->next = NULL; sp_sched_ready(w->g); }
    for (sp_waiter *w = duck; w; w = next) { next = w->next; wake_node(w, 1); }
}

/* CV#wait with an object that is not a Thread::Mutex: CRuby calls its
 * #sleep(timeout); a signal wakes the thread like Thread#wakeup.  (A
 * signal landing between the enqueue and the sleep is lost, as the
 * scheduler only counts wakeups during a wait: rare, documented.) */
static sp_value condvar_wait_duck(sp_condvar *cv, sp_value mutex, sp_value timeout)
{
    sp_waiter node;
    memset(&node, 0, sizeof node);
    node.g = sp_sched_current();
    node.linked = 2;
    sp_spin_lock(&cv->lock);
    wl_push_back(&cv->waiters, &node);
    sp_spin_unlock(&cv->lock);
    sp_ec *ec = sp_ec_current();
    sp_handler h;
    sp_value r = SP_NIL;
    sp_push_handler(ec, &h, SP_H_ENSURE, NULL);
    int jumped = _setjmp(h.jb);
    if (!jumped) {
        sp_value a = timeout;
        r = sp_funcall(mutex, sp_intern("sleep"), 1, &a, SP_NIL);
    }
    sp_pop_handler(ec, &h);
    sp_spin_lock(&cv->lock);
    if (node.linked) wl_remove(&cv->waiters, &node);
    sp_spin_unlock(&cv->lock);
    if (jumped) sp_rejump(ec);
    return r;
}

SP_METHOD(condvar_m_wait)
{
    int n = argc;
    if (n < 1 || n > 2) sp_raise_arity(n, 1, 2);
    sp_value mv = argv[0], tv = n > 1 ? argv[1] : SP_NIL;
    if (!SP_HEAP_P(mv) || SP_TYPE(mv) != SP_T_MUTEX)
        return condvar_wait_duck((sp_condvar *)self, mv, tv);
    double t = tv == SP_NIL ? -1 : time_interval(tv);
    return sp_condvar_wait((sp_condvar *)self, MTX(mv), t);
}

SP_METHOD(condvar_m_signal) { sp_condvar_signal((sp_condvar *)self); return self; }
SP_METHOD(condvar_m_broadcast) { sp_condvar_broadcast((sp_condvar *)self); return self; }

SP_METHOD(sync_m_marshal_dump)
{
    sp_raise(sp_eTypeError, "can't dump %s", sp_class_path(sp_obj_class(self)));
}

/* ------------------------------------------------------------------ */
/* Queue / SizedQueue                                                  */

static sp_value queue_alloc(sp_value klass)
{
    sp_queue *q = sp_alloc(sizeof *q, klass, SP_T_QUEUE);
    return (sp_value)q;
}

sp_value sp_queue_new(sp_value klass, long max)
{
    sp_queue *q = (sp_queue *)queue_alloc(klass);
    q->max = max;
    return (sp_value)q;
}

#define QUE(v) ((sp_queue *)(v))

/* Ring buffer (q->lock held).  cap is a power of two. */
static SP_NOINLINE void ring_grow(sp_queue *q, long len)
{
    long ncap = q->cap ? q->cap * 2 : 8;
    sp_value *nb = GC_MALLOC(sizeof(sp_value) * (size_t)ncap);
    if (!nb) abort();
    for (long i = 0; i < len; i++)
        nb[i] = q->buf[(q->head + i) & (q->cap - 1)];
    q->buf = nb;
    q->cap = ncap;
    q->head = 0;
}

static inline void ring_push(sp_queue *q, sp_value v)
{
    long len = atomic_load_explicit(&q->len, memory_order_relaxed);
    if (SP_UNLIKELY(len == q->cap)) ring_grow(q, len);
    q->buf[(q->head + len) & (q->cap - 1)] = v;
    atomic_store_explicit(&q->len, len + 1, memory_order_relaxed);
}

static inline sp_value ring_shift(sp_queue *q)
{
    sp_value v = q->buf[q->head];
    q->buf[q->head] = 0;            /* drop the reference for the GC */
    q->head = (q->head + 1) & (q->cap - 1);
    atomic_store_explicit(&q->len, atomic_load_explicit(&q->len, memory_order_relaxed) - 1,
                          memory_order_relaxed);
    return v;
}

/* Move parked pushers' values into free slots (q->lock held).  Returns
 * a chain (through ->next) of pushers to ready after the unlock. */
static sp_waiter *admit_pushers(sp_queue *q)
{
    sp_waiter *chain = NULL, **tail = &chain;
    while (q->pushers.n && (!q->max || atomic_load_explicit(&q->len, memory_order_relaxed) < q->max)) {
        sp_waiter *w = wl_claim_first(&q->pushers);
        if (!w) break;
        ring_push(q, (sp_value)w->data);
        w->ticket = 1;              /* pushed */
        *tail = w; tail = &w->next; w->next = NULL;
    }
    return chain;
}

static void ready_chain(sp_waiter *w)
{
    while (w) { sp_waiter *next = w->next; w->next = NULL; sp_sched_ready(w->g); w = next; }
}

/* The general push (q->lock held on entry, released on return). */
static SP_NOINLINE int queue_push_slow(sp_queue *q, sp_value v, int non_block, double timeout)
{
    int64_t deadline = -1;
    for (;;) {
        if (q->closed) {
            int full = q->max && atomic_load_explicit(&q->len, memory_order_relaxed) >= q->max;
            sp_spin_unlock(&q->lock);
            if (full && non_block) return -1;   /* CRuby checks "full" first */
            sp_raise(sp_eClosedQueueError, "queue closed");
        }
        sp_waiter *w = q->poppers.n ? wl_claim_first(&q->poppers) : NULL;
        if (w) {                                    /* direct hand-off */
            w->data = (void *)v;
            sp_spin_unlock(&q->lock);
            sp_sched_ready(w->g);
            return 1;
        }
        if (!q->max || atomic_load_explicit(&q->len, memory_order_relaxed) < q->max) {
            ring_push(q, v);
            sp_spin_unlock(&q->lock);
            return 1;
        }
        if (non_block) { sp_spin_unlock(&q->lock); return -1; }
        if (deadline < 0) deadline = deadline_after(timeout);
        if (deadline && sp_sched_now() >= deadline) { sp_spin_unlock(&q->lock); return 0; }
        w = sp_sched_wait_prepare();
        w->data = (void *)v;
        w->ticket = 0;
        w->linked = 1;
        wl_push_back(&q->pushers, w);
        int why = sp_sched_park_wait(sp_spin_unlock_cb, &q->lock, deadline,
                                     (deadline ? 0 : SP_PARK_DEADLOCKABLE) | SP_PARK_NO_WAKEUP);
        if (why == SP_WAKE_SIGNAL) {
            if (w->ticket == 1) return 1;
            sp_raise(sp_eClosedQueueError, "queue closed");
        }
        sp_spin_lock(&q->lock);
        if (w->linked) wl_remove(&q->pushers, w);
        if (why == SP_WAKE_TIMEOUT) { sp_spin_unlock(&q->lock); return 0; }
        if (why == SP_WAKE_INTERRUPT) {
            sp_spin_unlock(&q->lock);
            sp_sched_check_ints();
            sp_spin_lock(&q->lock);
        }
    }
}

/* Push.  Fast paths (one spin round trip, no call): hand the value to
 * the first parked popper, or append it to a ring with room. */
int sp_queue_push(sp_queue *q, sp_value v, int non_block, double timeout)
{
    sp_spin_lock(&q->lock);
    if (SP_LIKELY(!q->closed)) {
        if (q->poppers.n) {
            sp_waiter *w = wl_claim_first(&q->poppers);
            if (SP_LIKELY(w != NULL)) {             /* direct hand-off */
                w->data = (void *)v;
                sp_spin_unlock(&q->lock);
                sp_sched_ready(w->g);
                return 1;
            }
        } else if (!q->max || atomic_load_explicit(&q->len, memory_order_relaxed) < q->max) {
            ring_push(q, v);
            sp_spin_unlock(&q->lock);
            return 1;
        }
    }
    return queue_push_slow(q, v, non_block, timeout);
}

/* The general pop (q->lock held on entry, released on return). */
static SP_NOINLINE int queue_pop_slow(sp_queue *q, sp_value *out, int non_block, double timeout)
{
    int64_t deadline = -1;
    for (;;) {
        if (atomic_load_explicit(&q->len, memory_order_relaxed) > 0) {
            *out = ring_shift(q);
            sp_waiter *chain = q->pushers.n ? admit_pushers(q) : NULL;
            sp_spin_unlock(&q->lock);
            ready_chain(chain);
            return 1;
        }
        if (non_block) { sp_spin_unlock(&q->lock); return -1; }
        if (q->closed) { sp_spin_unlock(&q->lock); return 0; }
        if (deadline < 0) deadline = deadline_after(timeout);
        if (deadline && sp_sched_now() >= deadline) { sp_spin_unlock(&q->lock); return 0; }
        sp_waiter *w = sp_sched_wait_prepare();
        w->data = (void *)SP_UNDEF;
        w->linked = 1;
        wl_push_back(&q->poppers, w);
        int why = sp_sched_park_wait(sp_spin_unlock_cb, &q->lock, deadline,
                                     (deadline ? 0 : SP_PARK_DEADLOCKABLE) | SP_PARK_NO_WAKEUP);
        if (why == SP_WAKE_SIGNAL) {
            sp_value v = (sp_value)w->data;
            if (v == SP_UNDEF) return 0;            /* closed */
            *out = v;
            return 1;
        }
        sp_spin_lock(&q->lock);
        if (w->linked) wl_remove(&q->poppers, w);
        if (why == SP_WAKE_TIMEOUT) { sp_spin_unlock(&q->lock); return 0; }
        if (why == SP_WAKE_INTERRUPT) {
            sp_spin_unlock(&q->lock);
            sp_sched_check_ints();
            sp_spin_lock(&q->lock);
        }
    }
}

/* Pop.  Fast path: an item in the ring and no parked pusher to admit. */
int sp_queue_pop(sp_queue *q, sp_value *out, int non_block, double timeout)
{
    sp_spin_lock(&q->lock);
    if (SP_LIKELY(atomic_load_explicit(&q->len, memory_order_relaxed) > 0 && !q->pushers.n)) {
        *out = ring_shift(q);
        sp_spin_unlock(&q->lock);
        return 1;
    }
    return queue_pop_slow(q, out, non_block, timeout);
}

void sp_queue_close(sp_queue *q)
{
    sp_spin_lock(&q->lock);
    __atomic_store_n(&q->closed, 1, __ATOMIC_RELEASE);
    sp_waiter *chain = NULL, *w;
    while ((w = wl_claim_first(&q->poppers))) {
        w->data = (void *)SP_UNDEF;
        w->next = chain; chain = w;
    }
    while ((w = wl_claim_first(&q->pushers))) {
        w->ticket = 2;              /* closed: raise */
        w->next = chain; chain = w;
    }
    sp_spin_unlock(&q->lock);
    ready_chain(chain);
}

/* ---- Ruby methods: Queue ---- */

SP_METHOD(queue_m_initialize)
{
    int n = argc;
    if (n > 1) sp_raise_arity(n, 0, 1);
    if (n == 0 || argv[0] == SP_NIL) return SP_NIL;
    sp_value a = argv[0];
    if (!(SP_HEAP_P(a) && SP_TYPE(a) == SP_T_ARRAY)) {
        if (!sp_respond_to(a, sp_intern("to_a"), 1))
            sp_raise(sp_eTypeError, "can't convert %s into Array", sp_obj_classname(a));
        sp_value r = sp_funcall0(a, "to_a");
        if (!(SP_HEAP_P(r) && SP_TYPE(r) == SP_T_ARRAY))
            sp_raise_convert_gives(a, "Array", "to_a", r);
        a = r;
    }
    sp_queue *q = QUE(self);
    long len = sp_ary_len(a);
    sp_spin_lock(&q->lock);
    for (long i = 0; i < len; i++) ring_push(q, sp_ary_entry(a, i));
    sp_spin_unlock(&q->lock);
    return SP_NIL;
}

SP_METHOD(queue_m_push)
{
    sp_queue_push(QUE(self), argv[0], 0, -1);
    return self;
}

/* pop(non_block = false, timeout: nil) */
SP_METHOD(queue_m_pop)
{
    if (SP_LIKELY(argc_ == 0)) {                 /* q.pop: no kwarg parsing */
        sp_value v;
        return sp_queue_pop(QUE(self), &v, 0, -1) ? v : SP_NIL;
    }
    sp_value tv;
    int n = kw_timeout(argc_, argv, &tv);
    if (n > 1) sp_raise_arity(n, 0, 1);
    int non_block = n > 0 && SP_RTEST(argv[0]);
    if (non_block && SP_RTEST(tv))
        sp_raise(sp_eArgError, "can't set a timeout if non_block is enabled");
    double t = tv == SP_NIL ? -1 : sp_num2dbl(tv);
    if (t < 0 && tv != SP_NIL) t = 0;
    sp_value v;
    int r = sp_queue_pop(QUE(self), &v, non_block, t);
    if (r < 0) sp_raise(sp_eThreadError, "queue empty");
    return r ? v : SP_NIL;
}

SP_METHOD(queue_m_close) { sp_queue_close(QUE(self)); return self; }
SP_METHOD(queue_m_closed_p) { return SP_BOOL(__atomic_load_n(&QUE(self)->closed, __ATOMIC_ACQUIRE)); }
SP_METHOD(queue_m_size) { return SP_FIX(atomic_load(&QUE(self)->len)); }
SP_METHOD(queue_m_empty_p) { return SP_BOOL(atomic_load(&QUE(self)->len) == 0); }

SP_METHOD(queue_m_num_waiting)
{
    sp_queue *q = QUE(self);
    sp_spin_lock(&q->lock);
    long n = wl_reap_dead(&q->poppers) + wl_reap_dead(&q->pushers);  /* CRuby's child counts none */
    sp_spin_unlock(&q->lock);
    return SP_FIX(n);
}

SP_METHOD(queue_m_clear)
{
    sp_queue *q = QUE(self);
    sp_spin_lock(&q->lock);
    if (q->buf) memset(q->buf, 0, sizeof(sp_value) * (size_t)q->cap);
    q->head = 0;
    atomic_store(&q->len, 0);
    sp_waiter *chain = q->pushers.n ? admit_pushers(q) : NULL;
    sp_spin_unlock(&q->lock);
    ready_chain(chain);
    return self;
}

SP_METHOD(queue_m_freeze)
{
    sp_value s = sp_inspect(self);
    sp_raise(sp_eTypeError, "cannot freeze %s", sp_str_cstr(s));
}

/* ---- SizedQueue ---- */

static long queue_max_arg(sp_value v)
{
    long max = (long)sp_num_to_long(v);
    if (max <= 0) sp_raise(sp_eArgError, "queue size must be positive");
    return max;
}

SP_METHOD(szqueue_m_initialize)
{
    __atomic_store_n(&QUE(self)->max, queue_max_arg(argv[0]), __ATOMIC_RELAXED);
    return SP_NIL;
}

SP_METHOD(szqueue_m_max) { return SP_FIX(__atomic_load_n(&QUE(self)->max, __ATOMIC_RELAXED)); }

SP_METHOD(szqueue_m_set_max)
{
    long max = queue_max_arg(argv[0]);
    sp_queue *q = QUE(self);
    sp_spin_lock(&q->lock);
    __atomic_store_n(&q->max, max, __ATOMIC_RELAXED);
    sp_waiter *chain = q->pushers.n ? admit_pushers(q) : NULL;
    sp_spin_unlock(&q->lock);
    ready_chain(chain);
    return argv[0];
}

/* push(obj, non_block = false, timeout: nil) */
SP_METHOD(szqueue_m_push)
{
    if (SP_LIKELY(argc_ == 1)) {                 /* q << x: no kwarg parsing */
        sp_queue_push(QUE(self), argv[0], 0, -1);
        return self;
    }
    sp_value tv;
    int n = kw_timeout(argc_, argv, &tv);
    if (n < 1 || n > 2) sp_raise_arity(n, 1, 2);
    int non_block = n > 1 && SP_RTEST(argv[1]);
    if (non_block && SP_RTEST(tv))
        sp_raise(sp_eArgError, "can't set a timeout if non_block is enabled");
    double t = tv == SP_NIL ? -1 : sp_num2dbl(tv);
    if (t < 0 && tv != SP_NIL) t = 0;
    int r = sp_queue_push(QUE(self), argv[0], non_block, t);
    if (r < 0) sp_raise(sp_eThreadError, "queue full");
    return r ? self : SP_NIL;
}

/* ------------------------------------------------------------------ */

void sp_init_sync(void)
{
    id_timeout = sp_intern("timeout");

    sp_value c = sp_cMutex;
    sp_class_set_allocator(c, mutex_alloc);
    sp_define_method(c, "lock", mutex_m_lock, 0);
    sp_define_method(c, "unlock", mutex_m_unlock, 0);
    sp_define_method(c, "try_lock", mutex_m_try_lock, 0);
    sp_define_method(c, "locked?", mutex_m_locked_p, 0);
    sp_define_method(c, "owned?", mutex_m_owned_p, 0);
    sp_define_method(c, "synchronize", mutex_m_synchronize, 0);
    sp_define_method(c, "sleep", mutex_m_sleep, -1);

    c = sp_cConditionVariable;
    sp_class_set_allocator(c, condvar_alloc);
    sp_define_method(c, "wait", condvar_m_wait, -1);
    sp_define_method(c, "signal", condvar_m_signal, 0);
    sp_define_method(c, "broadcast", condvar_m_broadcast, 0);
    sp_define_method(c, "marshal_dump", sync_m_marshal_dump, 0);

    c = sp_cQueue;
    sp_class_set_allocator(c, queue_alloc);
    sp_define_private_method(c, "initialize", queue_m_initialize, -1);
    sp_define_method(c, "push", queue_m_push, 1);
    sp_define_method(c, "<<", queue_m_push, 1);
    sp_define_method(c, "enq", queue_m_push, 1);
    sp_define_method(c, "pop", queue_m_pop, -1);
    sp_define_method(c, "shift", queue_m_pop, -1);
    sp_define_method(c, "deq", queue_m_pop, -1);
    sp_define_method(c, "close", queue_m_close, 0);
    sp_define_method(c, "closed?", queue_m_closed_p, 0);
    sp_define_method(c, "clear", queue_m_clear, 0);
    sp_define_method(c, "size", queue_m_size, 0);
    sp_define_method(c, "length", queue_m_size, 0);
    sp_define_method(c, "empty?", queue_m_empty_p, 0);
    sp_define_method(c, "num_waiting", queue_m_num_waiting, 0);
    sp_define_method(c, "freeze", queue_m_freeze, 0);
    sp_define_method(c, "marshal_dump", sync_m_marshal_dump, 0);

    c = sp_cSizedQueue;
    sp_class_set_allocator(c, queue_alloc);
    sp_define_private_method(c, "initialize", szqueue_m_initialize, 1);
    sp_define_method(c, "max", szqueue_m_max, 0);
    sp_define_method(c, "max=", szqueue_m_set_max, 1);
    /* min 1, no max: arity -2 as in CRuby; the function checks the max */
    sp_define_method_range(c, "push", szqueue_m_push, 1, -1);
    sp_define_method_range(c, "<<", szqueue_m_push, 1, -1);
    sp_define_method_range(c, "enq", szqueue_m_push, 1, -1);

    sp_init_monitor();
}

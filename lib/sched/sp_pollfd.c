/*
 * sp_pollfd.c — poll descriptors: one persistent edge-triggered
 * registration per IO fd in the netpoll set (Go's pollDesc,
 * runtime/netpoll.go), so waiting on a socket costs no epoll_ctl.
 *
 * Representation: an sp_pd per IO that has waited on its fd (io->pd, see
 * lib/core/sp_io_int.h), taken from a table that is never freed (chunks
 * of PD_CHUNK records, reused through a free list), so a poller holding a
 * stale event never touches freed memory.  A record holds the fd, a
 * generation (bumped by close), the netpoll generation it is registered
 * in (0: none; the netpoll set is made anew after fork) and two slots,
 * rg for reading and wg for writing.  A slot holds
 *   0          nobody waits and no edge is kept,
 *   PD_READY   an edge arrived that no wait has taken yet,
 *   a thread   that green thread waits in the slot (parked or parking).
 * The registration is EPOLLIN|EPOLLRDHUP|EPOLLET (|EPOLLOUT from the
 * first write wait on, pd_arm) with event data
 * (generation << 32) | (index << 1) | 1 (low bit set: not a thread
 * pointer, sp_sysmon.c net_dispatch), added by the first wait, removed by
 * sp_pd_close; besides the one EPOLLOUT MOD no other epoll_ctl touches it.
 *
 * Invariants (SP_ASSERT in `make debug`):
 *  1. Ownership.  The IO owns its pd: io->pd is set and cleared under
 *     io->lock.  sp_pd_close runs only when no thread waits in it (IO#close
 *     wakes the IO's waiters and waits until they have left; the
 *     collector's finalizer runs when nobody can reach the IO) and before
 *     close(2), so the registration never outlives the fd and a reused fd
 *     number gets a fresh one.  Pollers never add or delete one.
 *  2. One waiter per slot.  A thread enters a slot by CAS 0 -> itself.  A
 *     second thread waiting in the same direction (threads accepting on one
 *     server), a wait for both directions, and a wait on an fd whose
 *     registration failed (EEXIST: two IOs on one fd number) use a private
 *     level-triggered epoll set holding the fd instead
 *     (sp_fd_wait_private): nobody else's registration is touched.
 *  3. No lost edge.  A poller swaps the slot to PD_READY and wakes the
 *     thread it held (sp_sched_fd_ready keyed by the slot: only a wait in
 *     that very slot is claimed).  A wait that finds PD_READY takes it
 *     (-> 0) and returns at once without parking.  Only a wait that reports
 *     readiness (SP_WAKE_SIGNAL) takes PD_READY; one that ends by timeout,
 *     interrupt or close leaves a PD_READY that arrived meanwhile for the
 *     next wait.  Callers therefore park again only after seeing the fd
 *     not ready (EAGAIN, a short read of a stream socket, a zero-timeout
 *     poll) since their last SP_WAKE_SIGNAL: every byte that arrives after
 *     that raises an edge that reaches the parked thread or is kept.  An
 *     end of stream or an error leaves no bytes for a short read to miss
 *     but also raises no further edge, so the poller records it in the
 *     descriptor (rhup/whup, sticky, set before the slot) and every later
 *     wait in that direction returns at once.  The
 *     first registration reports a state that is already ready (epoll_ctl
 *     ADD polls the file), so nothing before it is lost either.
 *  4. Stale events are harmless.  Close bumps the generation, so an event
 *     read before the close is dropped; one that races the bump can at
 *     worst mark a reused record ready or wake its waiter early, and
 *     readiness may be spurious anyway (callers retry and wait again).
 *  5. fork: the child empties every slot (the parent's waiters did not
 *     come along; a kept edge is reported again by the child's new
 *     registration) and registers again at the next wait.
 */
#define _GNU_SOURCE
#include "sp_sched.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <unistd.h>

#define PD_READY ((uintptr_t)1)
#define PD_CHUNK 256
#define PD_CHUNKS 4096              /* 1,048,576 descriptors */

struct sp_pd {
    _Atomic uintptr_t rg, wg;       /* slots: 0, PD_READY or a waiting sp_gthread */
    _Atomic uint32_t gen;           /* bumped by close: older events are stale */
    _Atomic unsigned epgen;         /* netpoll generation registered in, 0 none */
    _Atomic int rhup, whup;         /* end of stream / error seen: that direction
                                       never blocks again (sticky) */
    int fd;
    int broken;                     /* registration refused: private sets (2.) */
    int out;                        /* EPOLLOUT is in the registration */
    uint32_t idx;
    sp_pd *next_free;
};

static pthread_mutex_t pd_lock = PTHREAD_MUTEX_INITIALIZER;
static sp_pd *_Atomic chunks[PD_CHUNKS];
static uint32_t pd_used;            /* records handed out at least once */
static sp_pd *free_list;

static sp_pd *pd_at(uint32_t idx)
{
    if (idx / PD_CHUNK >= PD_CHUNKS)
        return NULL;
    sp_pd *c = atomic_load_explicit(&chunks[idx / PD_CHUNK], memory_order_acquire);
    return c ? &c[idx % PD_CHUNK] : NULL;
}

sp_pd *sp_pd_open(int fd)
{
    sp_pd *pd = NULL;
    sp_mutex_lock_ranked(&pd_lock, SP_RANK_POLLFD);
    if (free_list) {
        pd = free_list;
        free_list = pd->next_free;
    } else if (pd_used < (uint32_t)PD_CHUNK * PD_CHUNKS) {
        uint32_t idx = pd_used;
        sp_pd *c = atomic_load_explicit(&chunks[idx / PD_CHUNK], memory_order_relaxed);
        if (!c) {
            /* plain calloc: no collection (and no finalizer) under pd_lock */
            c = calloc(PD_CHUNK, sizeof *c);
            if (c)
                atomic_store_explicit(&chunks[idx / PD_CHUNK], c, memory_order_release);
        }
        if (c) {
            pd = &c[idx % PD_CHUNK];
            pd->idx = idx;
            pd_used++;
        }
    }
    if (pd) {
        pd->fd = fd;
        pd->broken = 0;
        pd->out = 0;
        pd->next_free = NULL;
        atomic_store(&pd->epgen, 0);
        atomic_store(&pd->rhup, 0);
        atomic_store(&pd->whup, 0);
        atomic_store(&pd->rg, 0);
        atomic_store(&pd->wg, 0);
    }
    sp_mutex_unlock_ranked(&pd_lock, SP_RANK_POLLFD);
    return pd;
}

/* Registered in the current netpoll set, for writability too if the wait
 * is a write?  The first wait (in each process: fork) adds the
 * registration, the first write wait adds EPOLLOUT to it (a TCP socket
 * reports writable space after every ACK: a server that never fills its
 * send buffer is spared those events).  Either call reports a state that
 * is ready already (3.).  0 if it cannot be had (2.). */
static int pd_arm(sp_pd *pd, int events)
{
    unsigned ng = sp_netpoll_gen();
    int want_out = (events & SP_FD_WRITE) != 0;
    if (atomic_load_explicit(&pd->epgen, memory_order_acquire) == ng &&
        (!want_out || __atomic_load_n(&pd->out, __ATOMIC_ACQUIRE)))
        return 1;
    sp_mutex_lock_ranked(&pd_lock, SP_RANK_POLLFD);
    int have = atomic_load_explicit(&pd->epgen, memory_order_relaxed) == ng;
    int ok = have && (!want_out || pd->out);
    if (!ok && !pd->broken) {
        int out = want_out || (have && pd->out);
        struct epoll_event ev;
        memset(&ev, 0, sizeof ev);
        ev.events = EPOLLIN | EPOLLRDHUP | EPOLLET | (out ? EPOLLOUT : 0);
        ev.data.u64 = ((uint64_t)atomic_load(&pd->gen) << 32) | ((uint64_t)pd->idx << 1) | 1;
        if (epoll_ctl(sp_netpoll_fd(), have ? EPOLL_CTL_MOD : EPOLL_CTL_ADD, pd->fd, &ev) == 0) {
            __atomic_store_n(&pd->out, out, __ATOMIC_RELEASE);
            atomic_store_explicit(&pd->epgen, ng, memory_order_release);
            ok = 1;
        } else {
            pd->broken = 1;     /* EEXIST (another IO on the fd number), EPERM */
        }
    }
    sp_mutex_unlock_ranked(&pd_lock, SP_RANK_POLLFD);
    return ok;
}

/* A poller: an edge for the slot.  Returns 1 if it readied its waiter. */
static int pd_unblock(_Atomic uintptr_t *slot)
{
    uintptr_t old = atomic_exchange(slot, PD_READY);
    if (old <= PD_READY)
        return 0;
    sp_sched_fd_ready((sp_gthread *)old, (void *)slot);
    return 1;
}

int sp_pd_event(uint64_t data, uint32_t events)
{
    sp_pd *pd = pd_at((uint32_t)data >> 1);
    if (!pd || atomic_load_explicit(&pd->gen, memory_order_acquire) != (uint32_t)(data >> 32))
        return 0;               /* closed since (4.) */
    int n = 0;
    /* before the slot: a wait that takes this edge sees the flag (3.) */
    if (events & (EPOLLRDHUP | EPOLLHUP | EPOLLERR))
        atomic_store(&pd->rhup, 1);
    if (events & (EPOLLHUP | EPOLLERR))
        atomic_store(&pd->whup, 1);
    if (events & (EPOLLIN | EPOLLRDHUP | EPOLLHUP | EPOLLERR))
        n += pd_unblock(&pd->rg);
    if (events & (EPOLLOUT | EPOLLHUP | EPOLLERR))
        n += pd_unblock(&pd->wg);
    return n;
}

int sp_fd_wait_private(int fd, int events, int64_t deadline_ns)
{
    int ep = epoll_create1(EPOLL_CLOEXEC);
    if (ep < 0) {
        /* out of fds: waiting through the netpoll set could take over a
         * poll descriptor's registration; look again in a millisecond
         * (readiness may be spurious: the caller retries) */
        int why = sp_sched_sleep_until(sp_sched_now() + 1000000, 0);
        return why == SP_WAKE_TIMEOUT ? SP_WAKE_SIGNAL : why;
    }
    struct epoll_event ee;
    memset(&ee, 0, sizeof ee);
    ee.events = ((events & SP_FD_READ) ? EPOLLIN | EPOLLRDHUP : 0) |
                ((events & SP_FD_WRITE) ? EPOLLOUT : 0);
    int why;
    if (epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ee) == 0)
        why = sp_sched_wait_fd(ep, SP_FD_READ, deadline_ns);
    else
        why = SP_WAKE_SIGNAL;   /* a regular file (EPERM): always ready */
    close(ep);
    return why;
}

int sp_pd_wait(sp_pd *pd, int events, int64_t deadline_ns)
{
    if (!sp_sched_started())
        return sp_sched_wait_fd(pd->fd, events, deadline_ns);   /* poll(2) */
    if (events == (SP_FD_READ | SP_FD_WRITE) || !pd_arm(pd, events))
        return sp_fd_wait_private(pd->fd, events, deadline_ns);
    _Atomic uintptr_t *slot = (events & SP_FD_READ) ? &pd->rg : &pd->wg;
    if (atomic_load((events & SP_FD_READ) ? &pd->rhup : &pd->whup))
        return SP_WAKE_SIGNAL;  /* at end of stream or in error: never blocks */
    uintptr_t old = atomic_load(slot);
    if (old == PD_READY && atomic_compare_exchange_strong(slot, &old, 0))
        return SP_WAKE_SIGNAL;  /* an edge kept for us (3.) */
    if (old > PD_READY)         /* another thread waits in the slot (2.) */
        return sp_fd_wait_private(pd->fd, events, deadline_ns);
    sp_gthread *g = sp_sched_current();
    atomic_store_explicit(&g->fd_key, (void *)slot, memory_order_relaxed);
    sp_sched_wait_prepare();    /* publishes fd_key with the token */
    uintptr_t exp = 0;
    if (!atomic_compare_exchange_strong(slot, &exp, (uintptr_t)g)) {
        /* an edge came (or another waiter) since the look above */
        sp_sched_wait_abandon();
        atomic_store_explicit(&g->fd_key, NULL, memory_order_relaxed);
        if (exp == PD_READY) {
            atomic_compare_exchange_strong(slot, &exp, 0);
            return SP_WAKE_SIGNAL;
        }
        return sp_fd_wait_private(pd->fd, events, deadline_ns);
    }
    sp_netpoll_waiters(1);
    int why = sp_sched_park_wait(NULL, NULL, deadline_ns, 0);
    sp_netpoll_waiters(-1);
    /* Leave the slot.  Still g: no edge came (timeout, interrupt, close,
     * or a stale wake).  Else a poller took g out and left PD_READY, and
     * since then another thread may have taken that edge or entered the
     * slot itself: only a readiness report takes a PD_READY (3.), and
     * another thread's entry is never touched (2.). */
    exp = (uintptr_t)g;
    if (!atomic_compare_exchange_strong(slot, &exp, 0) &&
        why == SP_WAKE_SIGNAL && exp == PD_READY)
        atomic_compare_exchange_strong(slot, &exp, 0);
    SP_ASSERT(atomic_load(slot) != (uintptr_t)g);
    atomic_store_explicit(&g->fd_key, NULL, memory_order_relaxed);
    return why;
}

void sp_pd_close(sp_pd *pd)
{
    /* 1.: nobody waits in it any more */
    SP_ASSERT(atomic_load(&pd->rg) <= PD_READY && atomic_load(&pd->wg) <= PD_READY);
    sp_mutex_lock_ranked(&pd_lock, SP_RANK_POLLFD);
    atomic_fetch_add_explicit(&pd->gen, 1, memory_order_release);   /* 4. */
    if (atomic_load(&pd->epgen) == sp_netpoll_gen() && sp_netpoll_fd() >= 0)
        epoll_ctl(sp_netpoll_fd(), EPOLL_CTL_DEL, pd->fd, NULL);
    atomic_store(&pd->epgen, 0);
    pd->fd = -1;
    pd->next_free = free_list;
    free_list = pd;
    sp_mutex_unlock_ranked(&pd_lock, SP_RANK_POLLFD);
}

/* fork child (sp_sysmon_atfork_child), one thread: 5. */
void sp_pd_atfork_child(void)
{
    pthread_mutex_init(&pd_lock, NULL);
    for (uint32_t i = 0; i < pd_used; i++) {
        sp_pd *pd = pd_at(i);
        atomic_store(&pd->rg, 0);
        atomic_store(&pd->wg, 0);
        atomic_store(&pd->epgen, 0);
        pd->broken = 0;
        pd->out = 0;
    }
}

/*
 * sp_fiber.c — fiber stacks, the switch wrapper, overflow detection.
 *
 * See sp_fiber.h for the stack layout.  Costs: a switch is the assembly
 * register swap plus the GC exclusion handshake (one exchange on this OS
 * thread's in_switch flag and a load of sp_gc_pending) — tens of ns.
 * Creating a fiber reuses a pooled stack when one is free (no syscall);
 * otherwise one mmap + two mprotect.  Records are GC_MALLOC_UNCOLLECTABLE
 * (they hold the sp_ec pointer, so the GC must scan them) and freed
 * explicitly.
 *
 * Invariant (see "Address placement" below): stack regions lie outside
 * the GC's plausible-heap range, below every heap section, so pointers
 * into stacks never reach the collector's black list.
 *
 * Registries: sp_fiber_reg (every live fiber) and sp_fthread_reg (every OS
 * thread running fibers) are arrays changed only while holding the GC
 * allocation lock (GC_call_with_alloc_lock), which the collector holds
 * while the world is stopped — so the GC hooks in sp_gc_roots.c always see
 * them whole.
 */
#define _GNU_SOURCE
#include "sp_fiber.h"

#include <gc/gc_mark.h>
#include <errno.h>
#include <stdio.h>
#include <stdint.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <linux/membarrier.h>
#include <ucontext.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
/* Tell ASan about stack switches, or it reports false stack overflows. */
#include <sanitizer/common_interface_defs.h>
#define ASAN_START(fake, to) \
    __sanitizer_start_switch_fiber((fake), (to)->usable_low, (size_t)((to)->stack_top - (to)->usable_low))
#define ASAN_FINISH(fake) __sanitizer_finish_switch_fiber((fake), NULL, NULL)
#else
#define ASAN_START(fake, to) ((void)0)
#define ASAN_FINISH(fake) ((void)0)
#endif

#if defined(__SANITIZE_THREAD__)
/* Tell TSan each fiber is its own logical thread of execution. */
#include <sanitizer/tsan_interface.h>
#define TSAN_SWITCH(to) __tsan_switch_to_fiber((to)->tsan_fiber, 0)
#else
#define TSAN_SWITCH(to) ((void)0)
#endif

#define SP_PAGE        4096u
#define SP_HARD_GUARD  SP_PAGE
#define SP_SOFT_GUARD  (64u * 1024u)

void (*sp_fiber_overflow_hook)(void);

sp_fiber **sp_fiber_reg;
int sp_fiber_reg_len;
static int fiber_reg_cap;
sp_fthread **sp_fthread_reg;
int sp_fthread_reg_len;
static int fthread_reg_cap;

/* ---------------------------------------------------------------- */
/* Stack slots, regions and the pool                                 */
/*
 * A stack is a slot carved from a large reserved region (one mmap of
 * SP_REGION_SLOTS slots, MAP_NORESERVE, read-write, committed by first
 * touch).  Slots are SP_STACK_ALIGN-aligned and a multiple of it in size,
 * so the method-entry check (SP_VM_POLL_ENTRY in spinel.h) can find "near the
 * bottom of a fiber stack" from the stack pointer alone.  Slot layout:
 *
 *   slot base (aligned)                                    slot base + size
 *   | hard guard 4K | soft guard 64K | usable ...      <- grows down |
 *
 * Guards cost no mapping when the kernel has MADV_GUARD_INSTALL (Linux
 * 6.13+): the whole region stays ONE mapping however many stacks it holds,
 * which is what lets 100,000 threads fit under vm.max_map_count.  Older
 * kernels get mprotect guards (two mappings per stack) while fewer than a
 * quarter of max_map_count mappings are spent on them, then unguarded
 * stacks; the method-entry stack-limit check still catches Ruby-level
 * recursion there.
 *
 * Released stacks go to a per-size pool (no limit, never unmapped) as they
 * are ("dirty": pages committed, reused first).  sysmon calls
 * sp_fiber_pool_trim() every 100 ms, which madvise(MADV_DONTNEED)s all but
 * the newest SP_POOL_DIRTY in one sorted, coalesced batch and moves them
 * to the clean list (so an idle pool costs almost no RSS); a release that
 * finds SP_POOL_DIRTY_MAX dirty stacks cleans the older half itself.
 * Cleaning one stack per release cost a TLB shoot-down IPI per thread
 * and dominated spawn+join.
 */

#define SP_REGION_SLOTS 64
#define SP_POOL_DIRTY     64     /* kept hot by sp_fiber_pool_trim */
#define SP_POOL_DIRTY_MAX 4096   /* cleaned at once above this */
#define SP_MAX_CLASSES  8
#ifndef MADV_GUARD_INSTALL
#define MADV_GUARD_INSTALL 102
#define MADV_GUARD_REMOVE  103
#endif

typedef struct stack_class {
    size_t slot;                 /* slot size (multiple of SP_STACK_ALIGN) */
    char *next, *end;            /* unused part of the newest region */
    char **free;                 /* pooled clean slots (LIFO), base|guard kind */
    size_t nfree, cap;
    char **dirty;                /* released, pages still committed (LIFO) */
    size_t ndirty, dcap;
    size_t dirty_low;            /* fewest dirty stacks since the last trim */
} stack_class;

static stack_class classes[SP_MAX_CLASSES];
static int nclasses;
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static int guard_madv = -1;      /* -1 unknown, 1 MADV_GUARD_* works, 0 not */
static long mprotect_guards, mprotect_budget = -1;
static _Atomic long stacks_live, stacks_pooled, regions_mapped;

/* Record cache: a finished fiber's record stays registered with the GC
 * (dead = 1, so the root hook skips it) and keeps its default-size stack
 * (pages still committed), so the next spawn reuses both without the
 * GC allocation lock (uncollectable malloc + registry add, registry del
 * + free: four lock round trips) and without page faults.  LIFO under
 * pool_lock; sp_fiber_pool_trim releases the entries that stayed unused
 * for a whole trim period (low-water mark) beyond SP_FCACHE_KEEP.  Not
 * under TSan (its fiber objects are created/destroyed with the record). */
#define SP_FCACHE_MAX  1024
#define SP_FCACHE_KEEP 64
#if defined(__SANITIZE_THREAD__)
#define SP_FCACHE_ON 0
#else
#define SP_FCACHE_ON 1
#endif
static sp_fiber *fcache[SP_FCACHE_MAX];
static size_t nfcache, fcache_low;

static void fiber_free_now(sp_fiber *f);
static void switch_asym_init(void);


static size_t parse_size(const char *s)
{
    char *end;
    double v = strtod(s, &end);
    if (end == s || v <= 0) return 0;
    switch (*end) {
    case 'k': case 'K': v *= 1024; break;
    case 'm': case 'M': v *= 1024 * 1024; break;
    case 'g': case 'G': v *= 1024.0 * 1024 * 1024; break;
    default: break;
    }
    return (size_t)v;
}

size_t sp_fiber_default_stack(void)
{
    static size_t cached;
    if (!cached) {
        /* one 1 MiB slot: 956 KiB usable */
        size_t sz = SP_STACK_ALIGN - SP_HARD_GUARD - SP_SOFT_GUARD;
        const char *e = getenv("SPINEL_THREAD_STACK");
        const char *k = getenv("SPINEL_FIBER_STACK_KB");
        if (e && parse_size(e) >= 64 * 1024) sz = parse_size(e);
        else if (k && atol(k) >= 64) sz = (size_t)atol(k) * 1024;
        cached = sz;
    }
    return cached;
}

static long read_max_map_count(void)
{
    long v = 65530;
    FILE *fp = fopen("/proc/sys/vm/max_map_count", "r");
    if (fp) {
        if (fscanf(fp, "%ld", &v) != 1) v = 65530;
        fclose(fp);
    }
    return v;
}

/* ThreadSanitizer's mmap interceptor resets the shadow of the whole
 * (64+ MiB) range on every region, which made 10,000 threads time out in
 * race-check; fresh addresses need no reset, so go to the kernel directly. */
#if defined(__SANITIZE_THREAD__)
#define REGION_MMAP(a, l, p, f, fd, o) ((char *)syscall(SYS_mmap, (a), (l), (p), (f), (fd), (o)))
#define REGION_MUNMAP(a, l) syscall(SYS_munmap, (a), (l))
#else
#define REGION_MMAP(a, l, p, f, fd, o) ((char *)mmap((a), (l), (p), (f), (fd), (o)))
#define REGION_MUNMAP(a, l) munmap((a), (l))
#endif

/*
 * Address placement (the invariant the GC relies on; doc/scheduler.md
 * "Fiber stacks and the GC black list"): fiber stack regions lie OUTSIDE the
 * collector's plausible-heap range [GC_least_plausible_heap_addr,
 * GC_greatest_plausible_heap_addr] — below every heap section.
 *
 * Why: the GC scans suspended fiber stacks conservatively
 * (sp_gc_roots.c), and a stack is full of pointers into itself (saved
 * frame pointers, addresses of locals and argv arrays).  A scanned word
 * inside the plausible range that points at no heap block is put on the
 * collector's *stack black list*, a bit table hashed by page number
 * modulo 1 GiB; a large block (more than a few pages) is never allocated
 * over a black-listed page.  When the kernel interleaved stack regions
 * with heap sections, 100,000 sleeping threads set most of the table's
 * bits; every large allocation (a 1 MiB Queue ring) then found no usable
 * space, the collector grew the heap by half again and again (98 GB of
 * address space, 99.9% free, in one hung run) and rescanned the black
 * list over all of it while holding the allocation lock: every other
 * worker blocked in GC_malloc — the "never a hang" bug.  Words outside
 * the plausible range are dismissed by one compare, never black-listed.
 *
 * Not only the stacks: fiber records (sp, stack_top, ...) and sp_ec
 * (stack_limit) point into stacks too, so filtering the stack scan alone
 * does not help; only placement keeps all of them off the black list.
 *
 * How: regions are asked for at a hint far below the heap (and then
 * right above the previous region); the kernel honours a hint whose range
 * is free.  If it does not (odd layouts: 16 misses), regions go where the
 * kernel puts them — correct, but exposed to the black-list blow-up again.
 */
/* Where stack regions go (see "Address placement").  0: not
 * chosen yet; 1: give up placing, let the kernel choose. */
static uintptr_t region_hint;
int sp_fiber_place_stacks = 1;

/* The first hint.  The kernel hands out mmap space (the collector's heap
 * sections, libraries, thread stacks) top-down from just below the
 * process stack, so half the lowest heap address is far below all of it;
 * on x86-64 and 48-bit AArch64 it leaves ~20 TiB free above it (up to the
 * PIE executable at 0x55..).  ThreadSanitizer allows application mappings
 * only in fixed ranges: there, 64 GiB, inside its low application range
 * (up to 512 GiB), with the executable (PIE) and the heap far above. */
static uintptr_t region_first_hint(const void *heap_obj)
{
#if defined(__SANITIZE_THREAD__)
    (void)heap_obj;
    return (uintptr_t)1 << 36;
#else
    uintptr_t h = (uintptr_t)heap_obj, lo = (uintptr_t)GC_least_plausible_heap_addr;
    if (lo && lo < h)
        h = lo;
    h = (h / 2) & ~(uintptr_t)(SP_STACK_ALIGN - 1);
    return h > ((uintptr_t)1 << 32) ? h : 1;
#endif
}

/* Map a fresh region for class c (pool_lock held).  heap_obj: any GC heap
 * address (for the first placement hint). */
static int region_new(stack_class *c, const void *heap_obj)
{
    size_t len = c->slot * SP_REGION_SLOTS;
    if (!region_hint)
        region_hint = sp_fiber_place_stacks ? region_first_hint(heap_obj) : 1;
    void *want = region_hint > 1 ? (void *)region_hint : NULL;
    char *m = REGION_MMAP(want, len + SP_STACK_ALIGN, PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
    if (m == MAP_FAILED)
        return -1;
    char *a = (char *)(((uintptr_t)m + SP_STACK_ALIGN - 1) & ~(uintptr_t)(SP_STACK_ALIGN - 1));
    if (a > m) REGION_MUNMAP(m, (size_t)(a - m));
    size_t tail = (size_t)(m + len + SP_STACK_ALIGN - (a + len));
    if (tail) REGION_MUNMAP(a + len, tail);
    if (want) {
        /* Next region right above this one.  If the kernel put this one
         * elsewhere, the hint's range is taken: skip past it, and stop
         * placing after a few misses (the layout is not what we think). */
        static int misses;
        if ((void *)m == want)
            region_hint = (uintptr_t)(a + len);
        else
            region_hint = ++misses < 16 ? region_hint + len + SP_STACK_ALIGN : 1;
    }
    c->next = a;
    c->end = a + len;
    atomic_fetch_add_explicit(&regions_mapped, 1, memory_order_relaxed);
    return 0;
}

/* Install the guards of a fresh slot (pool_lock held).  Returns the kind. */
static int guard_install(char *base)
{
    size_t g = SP_HARD_GUARD + SP_SOFT_GUARD;
    if (guard_madv != 0) {
        if (madvise(base, g, MADV_GUARD_INSTALL) == 0) {
            guard_madv = 1;
            return SP_GUARD_MADV;
        }
        guard_madv = 0;
    }
    if (mprotect_budget < 0)
        mprotect_budget = read_max_map_count() / 8;   /* 2 mappings each */
    if (mprotect_guards < mprotect_budget && mprotect(base, g, PROT_NONE) == 0) {
        mprotect_guards++;
        return SP_GUARD_MPROTECT;
    }
    return SP_GUARD_NONE;
}

/* Find or make the class of slot size `slot` (pool_lock held). */
static stack_class *class_of(size_t slot)
{
    for (int i = 0; i < nclasses; i++)
        if (classes[i].slot == slot)
            return &classes[i];
    if (nclasses == SP_MAX_CLASSES)
        return NULL;
    stack_class *c = &classes[nclasses++];
    memset(c, 0, sizeof *c);
    c->slot = slot;
    return c;
}

static int push_entry(char ***a, size_t *n, size_t *cap, char *e)
{
    if (*n == *cap) {
        size_t ncap = *cap ? *cap * 2 : 256;
        char **m = realloc(*a, ncap * sizeof *m);
        if (!m) return -1;
        *a = m;
        *cap = ncap;
    }
    (*a)[(*n)++] = e;
    return 0;
}

static int stack_alloc(sp_fiber *f, size_t usable)
{
    size_t need = usable + SP_HARD_GUARD + SP_SOFT_GUARD;
    size_t slot = (need + SP_STACK_ALIGN - 1) & ~(size_t)(SP_STACK_ALIGN - 1);
    char *e = NULL;
    sp_mutex_lock_ranked(&pool_lock, SP_RANK_POOL);
    stack_class *c = class_of(slot);
    if (!c) { sp_mutex_unlock_ranked(&pool_lock, SP_RANK_POOL); return -1; }
    if (c->ndirty) {                /* hot: its top pages are committed */
        e = c->dirty[--c->ndirty];
        if (c->ndirty < c->dirty_low) c->dirty_low = c->ndirty;
    }
    else if (c->nfree)
        e = c->free[--c->nfree];
    if (e) {
        atomic_fetch_sub_explicit(&stacks_pooled, 1, memory_order_relaxed);
    } else {
        if (c->next == c->end && region_new(c, f) != 0) {
            sp_mutex_unlock_ranked(&pool_lock, SP_RANK_POOL);
            return -1;
        }
        char *base = c->next;
        c->next += slot;
        e = (char *)((uintptr_t)base | (uintptr_t)guard_install(base));
    }
    sp_mutex_unlock_ranked(&pool_lock, SP_RANK_POOL);
    atomic_fetch_add_explicit(&stacks_live, 1, memory_order_relaxed);
    char *base = (char *)((uintptr_t)e & ~(uintptr_t)3);
    f->stack_base = base;
    f->map_size = slot;
    f->guard = (int)((uintptr_t)e & 3);
    f->usable_low = base + SP_HARD_GUARD + SP_SOFT_GUARD;
    f->stack_top = base + slot;
    f->soft_open = 0;
    return 0;
}

/* Close the soft guard again (after an overflow was handled). */
static void soft_guard_close(sp_fiber *f)
{
    char *soft = f->stack_base + SP_HARD_GUARD;
    if (f->guard == SP_GUARD_MADV)
        madvise(soft, SP_SOFT_GUARD, MADV_GUARD_INSTALL);
    else if (f->guard == SP_GUARD_MPROTECT)
        mprotect(soft, SP_SOFT_GUARD, PROT_NONE);
    f->soft_open = 0;
}

static int cmp_ptr(const void *a, const void *b)
{
    uintptr_t x = *(const uintptr_t *)a, y = *(const uintptr_t *)b;
    return x < y ? -1 : x > y;
}

/* Give back the committed pages of n released slots of size `slot`:
 * sorted, neighbours coalesced into one madvise (each call costs a TLB
 * shoot-down on every CPU the process runs on, which dominated releasing
 * stacks one by one).  MADV_DONTNEED keeps MADV_GUARD_INSTALL markers;
 * mprotect-guarded slots are done one by one (their guards are separate
 * mappings).  No lock held. */
static void clean_slots(char **e, size_t n, size_t slot)
{
    qsort(e, n, sizeof *e, cmp_ptr);
    size_t g = SP_HARD_GUARD + SP_SOFT_GUARD;
    for (size_t i = 0; i < n;) {
        char *base = (char *)((uintptr_t)e[i] & ~(uintptr_t)3);
        int kind = (int)((uintptr_t)e[i] & 3);
        size_t j = i + 1;
        if (kind != SP_GUARD_MPROTECT)
            while (j < n && (char *)((uintptr_t)e[j] & ~(uintptr_t)3) == base + (j - i) * slot &&
                   (int)((uintptr_t)e[j] & 3) != SP_GUARD_MPROTECT)
                j++;
        madvise(base + g, (j - i) * slot - g, MADV_DONTNEED);
        i = j;
    }
}

/* Clean the n oldest dirty stacks of class c and move them to its clean
 * list.  Takes pool_lock itself; called with no lock held. */
static void clean_oldest(stack_class *c, size_t n)
{
    sp_mutex_lock_ranked(&pool_lock, SP_RANK_POOL);
    if (n > c->ndirty) n = c->ndirty;
    char **batch = n ? malloc(n * sizeof *batch) : NULL;
    if (!batch) { sp_mutex_unlock_ranked(&pool_lock, SP_RANK_POOL); return; }
    memcpy(batch, c->dirty, n * sizeof *batch);
    memmove(c->dirty, c->dirty + n, (c->ndirty - n) * sizeof *batch);
    c->ndirty -= n;
    size_t slot = c->slot;
    sp_mutex_unlock_ranked(&pool_lock, SP_RANK_POOL);
    clean_slots(batch, n, slot);
    sp_mutex_lock_ranked(&pool_lock, SP_RANK_POOL);
    for (size_t i = 0; i < n; i++)
        if (push_entry(&c->free, &c->nfree, &c->cap, batch[i]) != 0)
            atomic_fetch_sub_explicit(&stacks_pooled, 1, memory_order_relaxed);  /* leaked */
    sp_mutex_unlock_ranked(&pool_lock, SP_RANK_POOL);
    free(batch);
}

static void stack_release(sp_fiber *f)
{
    if (!f->stack_base)
        return;
    if (f->soft_open)
        soft_guard_close(f);
    char *e = (char *)((uintptr_t)f->stack_base | (uintptr_t)f->guard);
    size_t excess = 0;
    sp_mutex_lock_ranked(&pool_lock, SP_RANK_POOL);
    stack_class *c = class_of(f->map_size);
    if (c && push_entry(&c->dirty, &c->ndirty, &c->dcap, e) == 0) {
        atomic_fetch_add_explicit(&stacks_pooled, 1, memory_order_relaxed);
        if (c->ndirty >= SP_POOL_DIRTY_MAX)
            excess = c->ndirty / 2;
    }
    /* else: leak the slot (no memory for the list; slots are never
     * unmapped because their neighbours share the mapping) */
    sp_mutex_unlock_ranked(&pool_lock, SP_RANK_POOL);
    if (excess)
        clean_oldest(c, excess);
    atomic_fetch_sub_explicit(&stacks_live, 1, memory_order_relaxed);
    f->stack_base = NULL;
}

/* sysmon, every 100 ms.  Only what stayed unused for the whole period
 * is given back (the low-water mark of each LIFO since the last trim),
 * beyond a small hot reserve: a program that spawns threads in bursts
 * keeps its working set of stacks committed (cleaning and faulting them
 * in again cost more than the spawns themselves), an idle one returns
 * the memory within two periods. */
void sp_fiber_pool_trim(void)
{
    sp_fiber *batch[SP_FCACHE_MAX];
    size_t nb = 0;
    sp_mutex_lock_ranked(&pool_lock, SP_RANK_POOL);
    if (fcache_low > SP_FCACHE_KEEP) {
        nb = fcache_low - SP_FCACHE_KEEP;           /* the oldest, at the bottom */
        memcpy(batch, fcache, nb * sizeof *batch);
        memmove(fcache, fcache + nb, (nfcache - nb) * sizeof *fcache);
        nfcache -= nb;
    }
    fcache_low = nfcache;
    sp_mutex_unlock_ranked(&pool_lock, SP_RANK_POOL);
    for (size_t i = 0; i < nb; i++) {
        atomic_fetch_sub_explicit(&stacks_pooled, 1, memory_order_relaxed);
        atomic_fetch_add_explicit(&stacks_live, 1, memory_order_relaxed);
        fiber_free_now(batch[i]);                   /* its stack goes to the dirty list */
    }
    for (int i = 0; i < SP_MAX_CLASSES; i++) {
        sp_mutex_lock_ranked(&pool_lock, SP_RANK_POOL);
        int have = i < nclasses;
        stack_class *c = &classes[i];
        size_t low = c->dirty_low < c->ndirty ? c->dirty_low : c->ndirty;
        size_t n = have && low > SP_POOL_DIRTY ? low - SP_POOL_DIRTY : 0;
        sp_mutex_unlock_ranked(&pool_lock, SP_RANK_POOL);
        if (n)
            clean_oldest(c, n);
        sp_mutex_lock_ranked(&pool_lock, SP_RANK_POOL);
        c->dirty_low = c->ndirty;
        sp_mutex_unlock_ranked(&pool_lock, SP_RANK_POOL);
    }
}

void sp_fiber_stack_stats(long *live, long *pooled, long *regions)
{
    *live = atomic_load_explicit(&stacks_live, memory_order_relaxed);
    *pooled = atomic_load_explicit(&stacks_pooled, memory_order_relaxed);
    *regions = atomic_load_explicit(&regions_mapped, memory_order_relaxed);
}

int sp_fiber_guard_kind(void)
{
    return guard_madv;
}

void *sp_fiber_stack_limit(sp_fiber *f)
{
    return f->usable_low + SP_STACK_LIMIT_ROOM;
}

/* The main program runs on the process stack, which is not an aligned
 * slot: SP_VM_POLL_ENTRY looks closer only at frames in the lowest
 * SP_STACK_RED bytes of an SP_STACK_ALIGN block, so the limit is put in
 * the middle of the red part of the lowest block that leaves
 * 2 * SP_STACK_LIMIT_ROOM below it for raising.  Without it the only
 * check was the fault below the stack, which can hit anywhere in C code,
 * the allocator holding its lock included: the raise then waited for that
 * lock for ever.  Gives up less than one block of the stack; NULL (no
 * check, the fault handler alone) for a stack too small for that. */
void *sp_fiber_native_stack_limit(void)
{
    sp_fthread *t = sp_fthread_self();
    uintptr_t low = (uintptr_t)t->native.usable_low;
    uintptr_t top = (uintptr_t)t->native.stack_top;
    uintptr_t block = (low + 2 * SP_STACK_LIMIT_ROOM + SP_STACK_ALIGN - 1) & ~(SP_STACK_ALIGN - 1);
    uintptr_t limit = block + SP_STACK_RED / 2;
    if (!low || limit + 2 * SP_STACK_ALIGN > top)
        return NULL;
    return (void *)limit;
}

/* ---------------------------------------------------------------- */
/* Registries (changed under the GC allocation lock)                 */

static void *reg_add_fiber(void *p)
{
    sp_fiber *f = p;
    if (sp_fiber_reg_len == fiber_reg_cap) {
        int ncap = fiber_reg_cap ? fiber_reg_cap * 2 : 256;
        /* plain realloc: the array is not a GC root, the records are */
        sp_fiber **n = realloc(sp_fiber_reg, (size_t)ncap * sizeof *n);
        if (!n) abort();
        sp_fiber_reg = n;
        fiber_reg_cap = ncap;
    }
    f->reg_index = sp_fiber_reg_len;
    sp_fiber_reg[sp_fiber_reg_len++] = f;
    return NULL;
}

static void *reg_del_fiber(void *p)
{
    sp_fiber *f = p;
    int i = f->reg_index;
    if (i >= 0) {
        sp_fiber *last = sp_fiber_reg[--sp_fiber_reg_len];
        sp_fiber_reg[i] = last;
        last->reg_index = i;
        f->reg_index = -1;
    }
    return NULL;
}

static void *reg_add_fthread(void *p)
{
    sp_fthread *t = p;
    if (sp_fthread_reg_len == fthread_reg_cap) {
        int ncap = fthread_reg_cap ? fthread_reg_cap * 2 : 16;
        sp_fthread **n = realloc(sp_fthread_reg, (size_t)ncap * sizeof *n);
        if (!n) abort();
        sp_fthread_reg = n;
        fthread_reg_cap = ncap;
    }
    t->reg_index = sp_fthread_reg_len;
    sp_fthread_reg[sp_fthread_reg_len++] = t;
    return NULL;
}

static void *reg_del_fthread(void *p)
{
    sp_fthread *t = p;
    int i = t->reg_index;
    if (i >= 0) {
        sp_fthread *last = sp_fthread_reg[--sp_fthread_reg_len];
        sp_fthread_reg[i] = last;
        last->reg_index = i;
        t->reg_index = -1;
    }
    return NULL;
}

/* ---------------------------------------------------------------- */
/* Per OS thread state                                               */

static __thread sp_fthread *tls_fthread;
static sp_fthread *main_fthread;   /* the main OS thread's (its stack grows) */

/* The process stack's top and lowest usable address without
 * pthread_getattr_np, which for the main thread parses /proc/self/maps
 * (~100K instructions and a few page faults, done twice per start-up:
 * GC_init and sp_fthread_self).  The kernel puts the executable's name
 * (AT_EXECFN) at the very top of the stack mapping, followed by one null
 * pointer; the mapping may grow down to RLIMIT_STACK below that end.  The
 * results equal pthread_getattr_np's (checked at several limits).  Returns 0 when that layout cannot be
 * confirmed (then callers ask pthread_getattr_np).  Any thread, no locks. */
int sp_main_stack_bounds(char **top, char **low)
{
    static char *c_top, *c_low;
    static int state;           /* 0 unknown, 1 ok, -1 not available */
    if (state == 0) {
        extern void *__libc_stack_end;
        const char *fn = (const char *)getauxval(AT_EXECFN);
        struct rlimit rl;
        uintptr_t t = fn ? (uintptr_t)fn + strlen(fn) + 1 + sizeof(void *) : 0;
        long pg = sysconf(_SC_PAGESIZE);
        state = -1;
        if (t && pg > 0 && (t & ((uintptr_t)pg - 1)) == 0 &&
            t > (uintptr_t)__libc_stack_end && t - (uintptr_t)__libc_stack_end < ((uintptr_t)1 << 30) &&
            getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
            rl.rlim_cur < ((rlim_t)1 << 32) && rl.rlim_cur > t - (uintptr_t)__libc_stack_end) {
            /* what pthread_getattr_np reports: the page above the
             * initial stack pointer (argv, envp and auxv above it hold no
             * heap pointers), down to the mapping's end minus the limit */
            c_top = (char *)(((uintptr_t)__libc_stack_end & ~((uintptr_t)pg - 1)) + (uintptr_t)pg);
            c_low = (char *)(t - (rl.rlim_cur & ~((rlim_t)pg - 1)));
            state = 1;
        }
    }
    if (state < 0)
        return 0;
    *top = c_top;
    *low = c_low;
    return 1;
}

SP_NOINLINE sp_fthread *sp_fthread_self(void)
{
    sp_fthread *t = tls_fthread;
    __asm__ volatile("" ::: "memory");
    if (SP_LIKELY(t != NULL))
        return t;
    sp_gc_roots_init();
    t = GC_MALLOC_UNCOLLECTABLE(sizeof *t);
    if (!t) abort();
    struct GC_stack_base sb;
    t->gc_handle = GC_get_my_stackbottom(&sb);
    t->native.stack_top = sb.mem_base;
    t->native.usable_low = (char *)sb.mem_base - 8 * 1024 * 1024;  /* refined below */
    char *mtop, *mlow;
    if (getpid() == (pid_t)syscall(SYS_gettid) && sp_main_stack_bounds(&mtop, &mlow) &&
        mtop == (char *)sb.mem_base) {
        t->native.usable_low = mlow;
    } else {
        pthread_attr_t attr;
        void *addr;
        size_t size;
        if (pthread_getattr_np(pthread_self(), &attr) == 0) {
            if (pthread_attr_getstack(&attr, &addr, &size) == 0)
                t->native.usable_low = addr;
            pthread_attr_destroy(&attr);
        }
    }
    t->native.reg_index = -1;
#if defined(__SANITIZE_THREAD__)
    t->native.tsan_fiber = __tsan_get_current_fiber();
#endif
    t->native.on_cpu = 1;
    t->native.ec = NULL;
    atomic_store(&t->cur, &t->native);
    GC_call_with_alloc_lock(reg_add_fthread, t);
    tls_fthread = t;
    if (getpid() == (pid_t)syscall(SYS_gettid)) {
        main_fthread = t;
        switch_asym_init();
    }
    sp_fiber_thread_signals();
    return t;
}

/* fork(2) child: only the calling OS thread came along.  The others'
 * records leave the registry (the GC hooks would set stack bottoms for
 * threads that do not exist and wait for their in_switch flags), and the
 * pool lock is made anew (another thread may have held it at the fork).
 * Their suspended fibers stay registered: their stacks are still mapped
 * and are scanned as before until they are freed. */
void sp_fiber_atfork_child(void)
{
    sp_fthread *self = tls_fthread;
    pthread_mutex_init(&pool_lock, NULL);
    for (int i = 0; i < sp_fthread_reg_len; i++)
        if (sp_fthread_reg[i] != self) sp_fthread_reg[i]->reg_index = -1;
    sp_fthread_reg_len = 0;
    if (self) {
        self->reg_index = 0;
        sp_fthread_reg[sp_fthread_reg_len++] = self;
    }
}

void sp_fthread_exit(void)
{
    sp_fthread *t = tls_fthread;
    if (!t)
        return;
    GC_call_with_alloc_lock(reg_del_fthread, t);
    tls_fthread = NULL;
    if (t->altstack) {
        stack_t ss = { .ss_flags = SS_DISABLE };
        sigaltstack(&ss, NULL);
        free(t->altstack);
    }
    GC_FREE(t);
}

sp_fiber *sp_fiber_current(void)
{
    return atomic_load_explicit(&sp_fthread_self()->cur, memory_order_relaxed);
}

/* ---------------------------------------------------------------- */
/* Creation                                                          */

static void fiber_boot(void *arg);

void *sp_ctx_init(char *stack_top, void (*fn)(void *), void *arg)
{
    extern void sp_ctx_boot(void);
    uintptr_t top = (uintptr_t)stack_top & ~(uintptr_t)15;
#if defined(__x86_64__)
    /* [top-16, top): zero "return address" padding; ret slot at top-24
     * so sp_ctx_boot starts with rsp = top-16 (16-aligned, as after a
     * call's return address pop), then 6 popped registers below it. */
    void **s = (void **)(top - 24);
    s[0] = (void *)sp_ctx_boot;       /* ret target */
    s[1] = NULL;
    s[2] = NULL;
    s -= 6;                           /* r15 r14 r13 r12 rbx rbp */
    s[0] = NULL;                      /* r15 */
    s[1] = NULL;                      /* r14 */
    s[2] = (void *)fn;                /* r13 */
    s[3] = arg;                       /* r12 */
    s[4] = NULL;                      /* rbx */
    s[5] = NULL;                      /* rbp */
    return s;
#elif defined(__aarch64__)
    void **s = (void **)(top - 160);
    memset(s, 0, 160);
    s[0] = arg;                       /* x19 */
    s[1] = (void *)fn;                /* x20 */
    s[10] = NULL;                     /* x29 */
    s[11] = (void *)sp_ctx_boot;      /* x30 */
    return s;
#else
#error "sp_fiber: unsupported architecture (x86-64 and AArch64 only)"
#endif
}

/* No cache colouring of stack tops: an offset of 0..15 x 256 bytes below
 * the 1 MiB-aligned top (tried in round 5 so that threads' first frames do
 * not share cache sets) made a parked thread's few frames straddle two
 * pages: +1.1 KiB RSS per sleeping thread (4.98 -> 6.08 KiB at 100,000),
 * with no spawn+join gain measurable side by side. */

static size_t default_slot(void)
{
    size_t need = sp_fiber_default_stack() + SP_HARD_GUARD + SP_SOFT_GUARD;
    return (need + SP_STACK_ALIGN - 1) & ~(size_t)(SP_STACK_ALIGN - 1);
}

static sp_fiber *fcache_get(size_t usable)
{
    if (!SP_FCACHE_ON || usable != sp_fiber_default_stack())
        return NULL;
    sp_fiber *f = NULL;
    sp_mutex_lock_ranked(&pool_lock, SP_RANK_POOL);
    if (nfcache) {
        f = fcache[--nfcache];
        if (nfcache < fcache_low) fcache_low = nfcache;
    }
    sp_mutex_unlock_ranked(&pool_lock, SP_RANK_POOL);
    return f;
}

/* 1 if f (finished, off every CPU) was kept in the cache. */
static int fcache_put(sp_fiber *f)
{
    if (!SP_FCACHE_ON || !f->stack_base || f->soft_open || f->reg_index < 0 ||
        f->map_size != default_slot())
        return 0;
    f->dead = 1;                    /* the GC root hook skips it from now on */
    /* the record is uncollectable, i.e. a root: drop what it points to
     * (the dead thread's record, ec, Thread object) */
    f->arg = NULL;
    f->ec = NULL;
    f->owner = NULL;
    f->resumer = NULL;
    f->user = NULL;
    int kept = 0;
    sp_mutex_lock_ranked(&pool_lock, SP_RANK_POOL);
    if (nfcache < SP_FCACHE_MAX) {
        fcache[nfcache++] = f;
        kept = 1;
    }
    sp_mutex_unlock_ranked(&pool_lock, SP_RANK_POOL);
    if (kept) {
        atomic_fetch_sub_explicit(&stacks_live, 1, memory_order_relaxed);
        atomic_fetch_add_explicit(&stacks_pooled, 1, memory_order_relaxed);
    }
    return kept;
}

sp_fiber *sp_fiber_new(sp_fiber_fn entry, void *arg, size_t stack_size)
{
    sp_fthread_self();              /* make sure GC hooks are installed */
    size_t usable = stack_size ? stack_size : sp_fiber_default_stack();
    sp_fiber *f = fcache_get(usable);
    if (f) {
        /* dead stays 1 until the record is complete: a collection that
         * stops this thread in between skips it */
        f->entry = entry;
        f->arg = arg;
        f->ec = NULL;
        f->owner = NULL;
        f->resumer = NULL;
        f->user = NULL;
        atomic_store_explicit(&f->pin, 0, memory_order_relaxed);
        atomic_store_explicit(&f->on_cpu, 0, memory_order_relaxed);
        f->sp = sp_ctx_init(f->stack_top, fiber_boot, f);
        atomic_fetch_add_explicit(&stacks_live, 1, memory_order_relaxed);
        atomic_fetch_sub_explicit(&stacks_pooled, 1, memory_order_relaxed);
        __atomic_store_n(&f->dead, 0, __ATOMIC_RELEASE);
        return f;
    }
    f = GC_MALLOC_UNCOLLECTABLE(sizeof *f);
    if (!f) abort();
    memset(f, 0, sizeof *f);
    f->reg_index = -1;
    if (stack_alloc(f, usable) != 0) {
        GC_FREE(f);
        return NULL;
    }
    f->entry = entry;
    f->arg = arg;
    f->sp = sp_ctx_init(f->stack_top, fiber_boot, f);
#if defined(__SANITIZE_THREAD__)
    f->tsan_fiber = __tsan_create_fiber(0);
#endif
    GC_call_with_alloc_lock(reg_add_fiber, f);
    return f;
}

static void fiber_free_now(sp_fiber *f)
{
    GC_call_with_alloc_lock(reg_del_fiber, f);
    stack_release(f);
#if defined(__SANITIZE_THREAD__)
    if (f->tsan_fiber) __tsan_destroy_fiber(f->tsan_fiber);
#endif
    f->ec = NULL;
    f->owner = NULL;
    GC_FREE(f);
}

void sp_fiber_free(sp_fiber *f)
{
    if (!f)
        return;
    if (fcache_put(f))
        return;
    fiber_free_now(f);
}

/* ---------------------------------------------------------------- */
/* Switching                                                         */

/* Asymmetric fences.  A locked exchange per switch cost ~7 ns on the
 * EPYC VM (two per hand-off); collections and Thread#backtrace pins are
 * rare, so they pay a membarrier instead (sp_fiber.h).  Registered once,
 * on the main thread before any worker exists; not under TSan (the
 * race-check build keeps the symmetric protocol it was validated with). */
int sp_fiber_asym;

static void switch_asym_init(void)
{
#if !defined(__SANITIZE_THREAD__) && defined(SYS_membarrier)
    if (getenv("SPINEL_NO_MEMBARRIER"))
        return;
    if (syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0)
        sp_fiber_asym = 1;
#endif
}

void sp_fiber_heavy_fence(void)
{
    atomic_thread_fence(memory_order_seq_cst);
#if defined(SYS_membarrier)
    /* Registration succeeded, so the kernel cannot refuse this; if it
       ever did, the switch side's missing fence would make a collection
       race with a switch: stop loudly rather than risk a corrupt heap. */
    if (sp_fiber_asym && syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0) != 0) {
        static const char msg[] = "[BUG] spinel: membarrier(PRIVATE_EXPEDITED) failed after registration\n";
        if (write(2, msg, sizeof msg - 1) < 0) { /* nothing more to do */ }
        abort();
    }
#endif
}

/* Set this OS thread's in_switch flag, waiting out a pending collection
 * (Dekker with sp_gc_roots.c's PRE_STOP_WORLD, which stores sp_gc_pending
 * and then calls sp_fiber_heavy_fence: either that barrier lands after
 * our store, which the collector then sees, or before our load, which
 * then sees sp_gc_pending). */
static inline void enter_switch(sp_fthread *t)
{
    for (;;) {
        if (SP_UNLIKELY(atomic_load(&sp_gc_pending)))
            sp_gc_wait_not_pending();
        if (SP_LIKELY(sp_fiber_asym)) {
            atomic_store_explicit(&t->in_switch, 1, memory_order_relaxed);
            atomic_signal_fence(memory_order_seq_cst);
        } else {
            atomic_exchange(&t->in_switch, 1);
        }
        if (SP_LIKELY(!atomic_load(&sp_gc_pending)))
            return;
        atomic_store(&t->in_switch, 0);
    }
}

/* Not inline: on AArch64 the compiler may keep a TLS address computed
 * before the swap in a callee-saved register (TLS pitfall). */
static SP_NOINLINE sp_fthread *fthread_tls(void)
{
    sp_fthread *t = tls_fthread;
    __asm__ volatile("" ::: "memory");
    return t;
}

/* Per OS thread: a shared atomic counter cost a locked add per switch. */
static inline void count_switch(sp_fthread *t)
{
    atomic_store_explicit(&t->nswitch, atomic_load_explicit(&t->nswitch, memory_order_relaxed) + 1,
                          memory_order_relaxed);
}

static void *sum_switches(void *p)
{
    unsigned long *n = p;
    for (int i = 0; i < sp_fthread_reg_len; i++)
        *n += atomic_load_explicit(&sp_fthread_reg[i]->nswitch, memory_order_relaxed);
    return NULL;
}

/* Total switches (stats); takes the GC allocation lock (the registry). */
unsigned long sp_fiber_switch_count(void)
{
    unsigned long n = 0;
    GC_call_with_alloc_lock(sum_switches, &n);
    return n;
}

static inline void leave_switch(void)
{
    /* We are on the resumed fiber; the flag belongs to whichever OS
     * thread performed the swap, which is the one we run on now. */
    sp_fthread *t = fthread_tls();
    atomic_store_explicit(&t->in_switch, 0, memory_order_release);
}

static void reprotect_soft_guard(sp_fiber *f)
{
    char *here = __builtin_frame_address(0);
    if (here > f->usable_low + 2 * SP_SOFT_GUARD)
        soft_guard_close(f);
}

/* The current execution context: one __thread pointer per OS thread,
 * read and written only through these two non-inlined functions (a green
 * thread may resume on another worker: no caller may keep the address of
 * the thread-local across a switch; the empty asm keeps the compiler from
 * moving the access). */
static __thread sp_ec *sp_ec_tls;

SP_NOINLINE sp_ec *sp_ec_current(void)
{
    sp_ec *ec = sp_ec_tls;
    __asm__ volatile("" ::: "memory");
    return ec;
}

SP_NOINLINE void sp_ec_set_current(sp_ec *ec)
{
    __asm__ volatile("" ::: "memory");
    sp_ec_tls = ec;
}

/* A resumed fiber that another thread has pinned (it is reading the
 * fiber's Ruby frames, sp_sched_pin) waits before running any code of
 * its own.  The in_switch flag is already clear, so a collection is not
 * held up.  The resumer's state store and this load are ordered by the
 * seq_cst exchange in enter_switch (Dekker with the pinner). */
static SP_NOINLINE void wait_unpinned(sp_fiber *f)
{
    while (atomic_load(&f->pin))
        sched_yield();
}

void sp_fiber_switch(sp_fiber *from, sp_fiber *to)
{
    sp_fthread *t = sp_fthread_self();
    if (SP_UNLIKELY(from->soft_open))
        reprotect_soft_guard(from);
    enter_switch(t);
    count_switch(t);
    atomic_store_explicit(&from->on_cpu, 0, memory_order_relaxed);
    atomic_store_explicit(&to->on_cpu, 1, memory_order_relaxed);
    atomic_store_explicit(&t->cur, to, memory_order_relaxed);
#if defined(__SANITIZE_ADDRESS__)
    void *fake = NULL;
#endif
    ASAN_START(&fake, to);
    TSAN_SWITCH(to);
    sp_ctx_switch(&from->sp, to->sp);
    /* Resumed (maybe on another OS thread). */
    ASAN_FINISH(fake);
    leave_switch();
    if (SP_UNLIKELY(atomic_load(&from->pin)))
        wait_unpinned(from);
    if (from->ec)
        sp_ec_set_current(from->ec);
}

void sp_fiber_exit_to(sp_fiber *self, sp_fiber *to)
{
    sp_fthread *t = sp_fthread_self();
    enter_switch(t);
    count_switch(t);
    self->dead = 1;
    atomic_store_explicit(&self->on_cpu, 0, memory_order_relaxed);
    atomic_store_explicit(&to->on_cpu, 1, memory_order_relaxed);
    atomic_store_explicit(&t->cur, to, memory_order_relaxed);
    ASAN_START(NULL, to);
    TSAN_SWITCH(to);
    sp_ctx_switch(&self->sp, to->sp);
    abort();    /* a dead fiber is never resumed */
}

static void fiber_boot(void *arg)
{
    sp_fiber *f = arg;
    ASAN_FINISH(NULL);
    leave_switch();
    if (SP_UNLIKELY(atomic_load(&f->pin)))
        wait_unpinned(f);
    if (f->ec)
        sp_ec_set_current(f->ec);
    f->entry(f->arg);
    /* entry must end with sp_fiber_exit_to */
    static const char msg[] = "[BUG] spinel: fiber entry returned\n";
    if (write(2, msg, sizeof msg - 1)) {}
    abort();
}

/* ---------------------------------------------------------------- */
/* Stack overflow                                                    */

#define SP_ALTSTACK_SIZE (64 * 1024)
static struct sigaction prev_segv, prev_bus;
static pthread_once_t signals_once = PTHREAD_ONCE_INIT;

static void overflow_entry(void)
{
    if (sp_fiber_overflow_hook)
        sp_fiber_overflow_hook();
    static const char msg[] = "stack level too deep (SystemStackError)\n";
    if (write(2, msg, sizeof msg - 1)) {}
    _exit(1);
}

static void chain_prev(int sig, siginfo_t *si, void *uctx)
{
    struct sigaction *p = sig == SIGBUS ? &prev_bus : &prev_segv;
    if ((p->sa_flags & SA_SIGINFO) && p->sa_sigaction) {
        p->sa_sigaction(sig, si, uctx);
        return;
    }
    if (p->sa_handler != SIG_DFL && p->sa_handler != SIG_IGN && p->sa_handler) {
        p->sa_handler(sig);
        return;
    }
    /* Restore the default action; returning re-executes the fault. */
    signal(sig, SIG_DFL);
}

/* libgc's allocation lock: a glibc mutex in Debian's build (weak, so a
 * build without it links and the check says no).  An overflow inside the
 * allocator must not raise: unwinding would leave the lock taken and the
 * raise's own allocation would wait for it for ever. */
extern pthread_mutex_t GC_allocate_ml __attribute__((weak));

static int alloc_lock_held_here(void)
{
#if defined(__GLIBC__)
    return &GC_allocate_ml != NULL &&
           GC_allocate_ml.__data.__owner == (int)syscall(SYS_gettid);
#else
    return 0;
#endif
}

/* Make the interrupted context "call" overflow_entry with its stack
 * pointer inside the fresh room [lo, hi) (hi: just below the fault). */
static void redirect_to_overflow(ucontext_t *uc, uintptr_t lo, uintptr_t hi)
{
#if defined(__x86_64__)
    uintptr_t sp = (uintptr_t)uc->uc_mcontext.gregs[REG_RSP];
    if (sp > hi) sp = hi;
    if (sp < lo + 8192) sp = hi;
    sp = (sp - 256) & ~(uintptr_t)15;
    sp -= 8;                                      /* as if called */
    *(uintptr_t *)sp = (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
    uc->uc_mcontext.gregs[REG_RSP] = (greg_t)sp;
    uc->uc_mcontext.gregs[REG_RIP] = (greg_t)(uintptr_t)overflow_entry;
#elif defined(__aarch64__)
    uintptr_t sp = (uintptr_t)uc->uc_mcontext.sp;
    if (sp > hi) sp = hi;
    if (sp < lo + 8192) sp = hi;
    sp = (sp - 256) & ~(uintptr_t)15;
    uc->uc_mcontext.regs[30] = uc->uc_mcontext.pc;
    uc->uc_mcontext.sp = sp;
    uc->uc_mcontext.pc = (uintptr_t)overflow_entry;
#endif
}

static uintptr_t ctx_sp(ucontext_t *uc)
{
#if defined(__x86_64__)
    return (uintptr_t)uc->uc_mcontext.gregs[REG_RSP];
#elif defined(__aarch64__)
    return (uintptr_t)uc->uc_mcontext.sp;
#endif
}

/* The main program runs on the process stack, which the kernel grows up
 * to RLIMIT_STACK.  A fault just below its lowest possible address, next
 * to the stack pointer, is a Ruby-level overflow: map fresh room directly
 * below (contiguous, so the GC's scan of [sp, top) stays inside mapped
 * memory) and raise there.  Each such overflow costs 128K more stack. */
static int native_main_overflow(sp_fthread *t, char *addr, ucontext_t *uc)
{
    if (!t)
        return 0;
    uintptr_t sp = ctx_sp(uc), low = (uintptr_t)t->native.usable_low;
    uintptr_t a = (uintptr_t)addr;
    if (a > sp ? a - sp > 65536 : sp - a > 65536)
        return 0;                       /* not a push below the stack */
    if (sp > low + 256 * 1024 || sp + 16 * 1024 * 1024 < low)
        return 0;
    const size_t room = 128 * 1024;
    /* the faulting page itself must be covered */
    uintptr_t hi = ((a < sp ? a : sp) & ~(uintptr_t)(SP_PAGE - 1)) + SP_PAGE;
    void *m = mmap((void *)(hi - room), room, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
    if (m == MAP_FAILED || (uintptr_t)m != hi - room) {
        if (m != MAP_FAILED) munmap(m, room);
        return 0;
    }
    t->native.usable_low = m;
    /* inside the allocator: go on with the new room; the next method
     * entry below ec->stack_limit, or the next fault, raises */
    if (!alloc_lock_held_here())
        redirect_to_overflow(uc, hi - room, hi);
    return 1;
}

static void segv_handler(int sig, siginfo_t *si, void *uctx)
{
    sp_fthread *t = tls_fthread;
    sp_fiber *f = t ? atomic_load_explicit(&t->cur, memory_order_relaxed) : NULL;
    char *addr = si->si_addr;
    /* The main green thread runs on the main OS thread's stack, but may
     * be resumed by any worker (it migrates like every green thread). */
    sp_fthread *mt = main_fthread;
    if (f && mt && f == &mt->native && sig == SIGSEGV && native_main_overflow(mt, addr, uctx))
        return;
    if (!f || !f->stack_base || addr < f->stack_base || addr >= f->usable_low) {
        chain_prev(sig, si, uctx);
        return;
    }
    if (f->soft_open) {
        /* Overflowed again while handling an overflow. */
        static const char msg[] = "[FATAL] spinel: stack level too deep while unwinding\n";
        if (write(2, msg, sizeof msg - 1)) {}
        _exit(1);
    }
    char *soft = f->stack_base + SP_HARD_GUARD;
    if (f->guard == SP_GUARD_MADV)
        madvise(soft, SP_SOFT_GUARD, MADV_GUARD_REMOVE);
    else
        mprotect(soft, SP_SOFT_GUARD, PROT_READ | PROT_WRITE);
    f->soft_open = 1;
    /* inside the allocator: finish in the soft guard's room; the next
     * method entry (below ec->stack_limit) raises */
    if (!alloc_lock_held_here())
        redirect_to_overflow(uctx, (uintptr_t)soft, (uintptr_t)f->usable_low);
}

static void install_handlers(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = segv_handler;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGSEGV, &sa, &prev_segv);
    sigaction(SIGBUS, &sa, &prev_bus);
}

void sp_fiber_init_signals(void)
{
    sp_fthread_self();          /* this thread's state and sigaltstack */
    pthread_once(&signals_once, install_handlers);
    sp_fiber_thread_signals();
}

void sp_fiber_thread_signals(void)
{
    sp_fthread *t = tls_fthread;
    if (!t || t->altstack)
        return;
    stack_t old;
    if (sigaltstack(NULL, &old) == 0 && !(old.ss_flags & SS_DISABLE) && old.ss_sp)
        return;   /* someone else installed one; it serves us too */
    void *mem = malloc(SP_ALTSTACK_SIZE);
    if (!mem)
        return;
    stack_t ss = { .ss_sp = mem, .ss_size = SP_ALTSTACK_SIZE, .ss_flags = 0 };
    if (sigaltstack(&ss, NULL) == 0)
        t->altstack = mem;
    else
        free(mem);
}

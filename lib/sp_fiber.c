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
 * Registries: sp_fiber_reg (every live fiber) and sp_fthread_reg (every OS
 * thread running fibers) are arrays changed only while holding the GC
 * allocation lock (GC_call_with_alloc_lock), which the collector holds
 * while the world is stopped — so the GC hooks in sp_gc_roots.c always see
 * them whole.
 */
#define _GNU_SOURCE
#include "sp_fiber.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
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
#define SP_POOL_MAX    64

_Atomic unsigned long sp_fiber_switches;
void (*sp_fiber_overflow_hook)(void);

sp_fiber **sp_fiber_reg;
int sp_fiber_reg_len;
static int fiber_reg_cap;
sp_fthread **sp_fthread_reg;
int sp_fthread_reg_len;
static int fthread_reg_cap;

/* ---------------------------------------------------------------- */
/* Stack pool                                                        */

typedef struct pooled_stack { char *base; size_t map_size; } pooled_stack;
static pooled_stack pool[SP_POOL_MAX];
static int pool_len;
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;

size_t sp_fiber_default_stack(void)
{
    static size_t cached;
    if (!cached) {
        size_t kb = 1024;
        const char *e = getenv("SPINEL_FIBER_STACK_KB");
        if (e && atol(e) >= 64) kb = (size_t)atol(e);
        cached = kb * 1024;
    }
    return cached;
}

static int stack_alloc(sp_fiber *f, size_t usable)
{
    usable = (usable + SP_PAGE - 1) & ~(size_t)(SP_PAGE - 1);
    size_t map_size = usable + SP_HARD_GUARD + SP_SOFT_GUARD;
    char *base = NULL;
    pthread_mutex_lock(&pool_lock);
    for (int i = pool_len - 1; i >= 0; i--) {
        if (pool[i].map_size == map_size) {
            base = pool[i].base;
            pool[i] = pool[--pool_len];
            break;
        }
    }
    pthread_mutex_unlock(&pool_lock);
    if (!base) {
        base = mmap(NULL, map_size, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
        if (base == MAP_FAILED)
            return -1;
        if (mprotect(base, SP_HARD_GUARD + SP_SOFT_GUARD, PROT_NONE) != 0) {
            munmap(base, map_size);
            return -1;
        }
    }
    f->stack_base = base;
    f->map_size = map_size;
    f->usable_low = base + SP_HARD_GUARD + SP_SOFT_GUARD;
    f->stack_top = base + map_size;
    f->soft_open = 0;
    return 0;
}

static void stack_release(sp_fiber *f)
{
    if (!f->stack_base)
        return;
    if (f->soft_open)
        mprotect(f->stack_base + SP_HARD_GUARD, SP_SOFT_GUARD, PROT_NONE);
    /* Give back what a deep run committed; keep the hot top 16K. */
    size_t keep = 16 * 1024;
    size_t usable = (size_t)(f->stack_top - f->usable_low);
    if (usable > keep)
        madvise(f->usable_low, usable - keep, MADV_DONTNEED);
    pthread_mutex_lock(&pool_lock);
    if (pool_len < SP_POOL_MAX) {
        pool[pool_len].base = f->stack_base;
        pool[pool_len].map_size = f->map_size;
        pool_len++;
        f->stack_base = NULL;
    }
    pthread_mutex_unlock(&pool_lock);
    if (f->stack_base)
        munmap(f->stack_base, f->map_size);
    f->stack_base = NULL;
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
    {
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
    sp_fiber_thread_signals();
    return t;
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

sp_fiber *sp_fiber_new(sp_fiber_fn entry, void *arg, size_t stack_size)
{
    sp_fthread_self();              /* make sure GC hooks are installed */
    sp_fiber *f = GC_MALLOC_UNCOLLECTABLE(sizeof *f);
    if (!f) abort();
    memset(f, 0, sizeof *f);
    f->reg_index = -1;
    if (stack_alloc(f, stack_size ? stack_size : sp_fiber_default_stack()) != 0) {
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

void sp_fiber_free(sp_fiber *f)
{
    if (!f)
        return;
    GC_call_with_alloc_lock(reg_del_fiber, f);
    stack_release(f);
#if defined(__SANITIZE_THREAD__)
    if (f->tsan_fiber) __tsan_destroy_fiber(f->tsan_fiber);
#endif
    f->ec = NULL;
    f->owner = NULL;
    GC_FREE(f);
}

/* ---------------------------------------------------------------- */
/* Switching                                                         */

/* Set this OS thread's in_switch flag, waiting out a pending collection
 * (Dekker with sp_gc_roots.c's PRE_STOP_WORLD: both sides use seq_cst). */
static inline void enter_switch(sp_fthread *t)
{
    for (;;) {
        if (SP_UNLIKELY(atomic_load(&sp_gc_pending)))
            sp_gc_wait_not_pending();
        atomic_exchange(&t->in_switch, 1);
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
    if (here > f->usable_low + 2 * SP_SOFT_GUARD) {
        mprotect(f->stack_base + SP_HARD_GUARD, SP_SOFT_GUARD, PROT_NONE);
        f->soft_open = 0;
    }
}

extern void sp_ec_set_current(sp_ec *ec) __attribute__((weak));

void sp_fiber_switch(sp_fiber *from, sp_fiber *to)
{
    sp_fthread *t = sp_fthread_self();
    if (SP_UNLIKELY(from->soft_open))
        reprotect_soft_guard(from);
    enter_switch(t);
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
    atomic_fetch_add_explicit(&sp_fiber_switches, 1, memory_order_relaxed);
    if (from->ec && sp_ec_set_current)
        sp_ec_set_current(from->ec);
}

void sp_fiber_exit_to(sp_fiber *self, sp_fiber *to)
{
    sp_fthread *t = sp_fthread_self();
    enter_switch(t);
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
    atomic_fetch_add_explicit(&sp_fiber_switches, 1, memory_order_relaxed);
    if (f->ec && sp_ec_set_current)
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
    if (!t || getpid() != (pid_t)syscall(SYS_gettid))
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
    redirect_to_overflow(uc, hi - room, hi);
    return 1;
}

static void segv_handler(int sig, siginfo_t *si, void *uctx)
{
    sp_fthread *t = tls_fthread;
    sp_fiber *f = t ? atomic_load_explicit(&t->cur, memory_order_relaxed) : NULL;
    char *addr = si->si_addr;
    if (f && f == &t->native && sig == SIGSEGV && native_main_overflow(t, addr, uctx))
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
    mprotect(soft, SP_SOFT_GUARD, PROT_READ | PROT_WRITE);
    f->soft_open = 1;
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

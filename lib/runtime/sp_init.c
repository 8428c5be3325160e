/*
 * sp_init.c — program start and exit: GC set-up, the main fiber's
 * execution context, the core class hierarchy (every well-known class
 * global in spinel.h), the subsystem initialisers, and the exit path
 * (uncaught exception report, at_exit handlers, flushing).
 *
 * The subsystem initialisers are one table (boot_inits, like Lua's
 * linit.c), in boot order, referenced strongly: an initialiser renamed or
 * missing fails the link instead of silently leaving a class without its
 * methods.  Standard-library extensions (lib/ext) are not in it: they are
 * set up on require (lib/sp_features.h).
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "sp_class.h"
#include "sp_fiber.h"

sp_value sp_cBasicObject, sp_cObject, sp_cModule, sp_cClass, sp_mKernel,
    sp_mComparable, sp_mEnumerable, sp_cNilClass, sp_cTrueClass, sp_cFalseClass,
    sp_cNumeric, sp_cInteger, sp_cFloat, sp_cString, sp_cSymbol, sp_cArray,
    sp_cHash, sp_cRange, sp_cProc, sp_cMethod, sp_cUnboundMethod, sp_cRegexp,
    sp_cMatchData, sp_cStruct, sp_cTime, sp_cIO, sp_cThread, sp_cFiber,
    sp_cMutex, sp_cQueue, sp_cSizedQueue, sp_cConditionVariable,
    sp_cEnumerator, sp_mMath, sp_mProcess, sp_cRandom;
sp_value sp_mObjectSpace, sp_mGC;
sp_value sp_main_obj;

static sp_ec main_ec;
static int exit_status;
static sp_value at_exit_procs;     /* Array of Procs (GC root) */

/* Each subsystem's methods, in this order (spinel.h "Program start/exit"). */
static void (*const boot_inits[])(void) = {
    sp_init_object, sp_init_class, sp_init_exc, sp_init_kernel, sp_init_proc,
    sp_init_numeric, sp_init_string, sp_init_symbol_methods, sp_init_array,
    sp_init_hash, sp_init_range, sp_init_enum,
    sp_init_comparable,     /* the one Comparable (sp_compare.c) */
    sp_init_io, sp_init_regexp, sp_init_struct, sp_init_set, sp_init_complex, sp_init_data,
    sp_init_binding, sp_init_weakmap,
    sp_init_time, sp_init_thread, sp_init_sync, sp_init_fiber, sp_init_env,
    sp_init_dir, sp_init_signal, sp_init_fork, sp_init_marshal, sp_init_warning,
};

static sp_value defclass(const char *name, sp_value super)
{
    return sp_define_class(name, super);
}

static sp_value defclass_under(sp_value outer, const char *name, sp_value super)
{
    return sp_define_class_under(outer, name, super);
}

SP_METHOD(main_to_s)
{
    return sp_str_new("main", 4);
}

/* Make builtin frames in backtraces look like CRuby 3.4's (see
 * sp_method_set_noframe/_internal in sp_class.c). */
static void shape_builtin_frames(void)
{
    sp_method_set_noframe(sp_cHash, "[]=");
    sp_method_set_noframe(sp_cHash, "[]");
    sp_method_set_noframe(sp_cArray, "[]=");
    sp_method_set_noframe(sp_cArray, "<<");
    sp_method_set_noframe(sp_cString, "<<");
    sp_method_set_internal(sp_mKernel, "loop", "<internal:kernel>", 168);
    sp_method_set_internal(sp_mKernel, "tap", "<internal:kernel>", 91);
    sp_method_set_internal(sp_mKernel, "then", "<internal:kernel>", 126);
    sp_method_set_internal(sp_mKernel, "yield_self", "<internal:kernel>", 152);
    sp_method_set_internal(sp_cInteger, "times", "<internal:numeric>", 257);
}

/* BasicObject, Object, Module, Class and their metaclasses. */
static void boot_core(void)
{
    sp_class *bo = sp_class_alloc(0, SP_T_CLASS, NULL);
    sp_class *ob = sp_class_alloc(0, SP_T_CLASS, bo);
    sp_class *mo = sp_class_alloc(0, SP_T_CLASS, ob);
    sp_class *cl = sp_class_alloc(0, SP_T_CLASS, mo);
    sp_cBasicObject_c = bo; sp_cObject_c = ob; sp_cModule_c = mo; sp_cClass_c = cl;
    sp_cBasicObject = SP_CVAL(bo); sp_cObject = SP_CVAL(ob);
    sp_cModule = SP_CVAL(mo); sp_cClass = SP_CVAL(cl);
    bo->hdr.klass = ob->hdr.klass = mo->hdr.klass = cl->hdr.klass = cl;
    bo->alloc = ob->alloc = sp_obj_alloc;
    mo->alloc = sp_module_alloc;
    cl->alloc = NULL;
    sp_class_make_metaclass(bo);
    sp_class_make_metaclass(ob);
    sp_class_make_metaclass(mo);
    sp_class_make_metaclass(cl);
    bo->path = "BasicObject"; ob->path = "Object"; mo->path = "Module"; cl->path = "Class";
    sp_const_set(sp_cObject, sp_intern("BasicObject"), sp_cBasicObject);
    sp_const_set(sp_cObject, sp_intern("Object"), sp_cObject);
    sp_const_set(sp_cObject, sp_intern("Module"), sp_cModule);
    sp_const_set(sp_cObject, sp_intern("Class"), sp_cClass);
}

static void boot_classes(void)
{
    sp_mKernel = sp_define_module("Kernel");
    sp_include_module(sp_cObject, sp_mKernel);
    sp_mComparable = sp_define_module("Comparable");
    sp_mEnumerable = sp_define_module("Enumerable");

    sp_cNilClass = defclass("NilClass", sp_cObject);
    sp_cTrueClass = defclass("TrueClass", sp_cObject);
    sp_cFalseClass = defclass("FalseClass", sp_cObject);
    sp_cNumeric = defclass("Numeric", sp_cObject);
    sp_include_module(sp_cNumeric, sp_mComparable);
    sp_cInteger = defclass("Integer", sp_cNumeric);
    sp_cFloat = defclass("Float", sp_cNumeric);
    sp_cString = defclass("String", sp_cObject);
    sp_include_module(sp_cString, sp_mComparable);
    sp_cSymbol = defclass("Symbol", sp_cObject);
    sp_cArray = defclass("Array", sp_cObject);
    sp_include_module(sp_cArray, sp_mEnumerable);
    sp_cHash = defclass("Hash", sp_cObject);
    sp_include_module(sp_cHash, sp_mEnumerable);
    sp_cRange = defclass("Range", sp_cObject);
    sp_include_module(sp_cRange, sp_mEnumerable);
    sp_cProc = defclass("Proc", sp_cObject);
    sp_cMethod = defclass("Method", sp_cObject);
    sp_cUnboundMethod = defclass("UnboundMethod", sp_cObject);
    sp_cRegexp = defclass("Regexp", sp_cObject);
    sp_cMatchData = defclass("MatchData", sp_cObject);
    sp_cStruct = defclass("Struct", sp_cObject);
    sp_include_module(sp_cStruct, sp_mEnumerable);
    sp_cTime = defclass("Time", sp_cObject);
    sp_include_module(sp_cTime, sp_mComparable);
    sp_cIO = defclass("IO", sp_cObject);
    sp_include_module(sp_cIO, sp_mEnumerable);
    sp_cThread = defclass("Thread", sp_cObject);
    sp_cFiber = defclass("Fiber", sp_cObject);
    sp_cMutex = defclass_under(sp_cThread, "Mutex", sp_cObject);
    sp_define_const(sp_cObject, "Mutex", sp_cMutex);
    sp_cQueue = defclass_under(sp_cThread, "Queue", sp_cObject);
    sp_define_const(sp_cObject, "Queue", sp_cQueue);
    sp_cSizedQueue = defclass_under(sp_cThread, "SizedQueue", sp_cQueue);
    sp_define_const(sp_cObject, "SizedQueue", sp_cSizedQueue);
    sp_cConditionVariable = defclass_under(sp_cThread, "ConditionVariable", sp_cObject);
    sp_define_const(sp_cObject, "ConditionVariable", sp_cConditionVariable);
    sp_cEnumerator = defclass("Enumerator", sp_cObject);
    sp_include_module(sp_cEnumerator, sp_mEnumerable);
    sp_mMath = sp_define_module("Math");
    sp_mProcess = sp_define_module("Process");
    sp_cRandom = defclass("Random", sp_cObject);
    sp_mObjectSpace = sp_define_module("ObjectSpace");
    sp_mGC = sp_define_module("GC");
    sp_value bt = sp_define_module_under(sp_cThread, "Backtrace");
    sp_cBacktraceLocation = defclass_under(bt, "Location", sp_cObject);

    sp_cInteger_c = SP_CLASS(sp_cInteger);
    sp_cFloat_c = SP_CLASS(sp_cFloat);
    sp_cSymbol_c = SP_CLASS(sp_cSymbol);
    sp_cNil_c = SP_CLASS(sp_cNilClass);
    sp_cTrue_c = SP_CLASS(sp_cTrueClass);
    sp_cFalse_c = SP_CLASS(sp_cFalseClass);

    /* immediates cannot be allocated: Integer.new is undefined and
     * Integer.allocate raises TypeError (no allocator), as in CRuby */
    sp_value noalloc[] = { sp_cNilClass, sp_cTrueClass, sp_cFalseClass, sp_cInteger, sp_cFloat,
                           sp_cSymbol, sp_cMethod, sp_cUnboundMethod };
    for (size_t i = 0; i < sizeof noalloc / sizeof noalloc[0]; i++) {
        sp_undef_method(sp_singleton_class(noalloc[i]), "new");
        SP_CLASS(noalloc[i])->alloc = NULL;
    }
}

/* ---- The collector's memory on transparent huge pages ----
 *
 * Every page of the collector's memory that a program touches is one
 * page fault, ~10-28 us each on the reference VM (a paravirtualised
 * guest): the core classes touched ~90 pages of the initial heap and
 * GC_init ~40 pages of its own tables (black lists, block headers, size
 * maps), ~2 ms of the 7.5 ms an empty program took.  A 2 MB transparent
 * huge page costs one fault and one 2 MB clear (~0.15 ms) instead.  With
 * THP in "madvise" mode (Debian's default) a range must be advised, and
 * only 2 MB-aligned 2 MB spans inside one mapping become huge pages —
 * Boehm maps page-aligned pieces with a placement hint, so neither holds
 * by itself.
 *
 * Programs are linked with -Wl,--wrap=mmap (codegen/main.c), so the
 * collector's mmap calls (libgc is linked statically when configure
 * found the archive) come here.  Only requests shaped like the
 * collector's are changed — anonymous, private, read-write, no other
 * flags (GET_MEM: heap sections and its scratch memory).  Everything
 * else (fiber stack regions: MAP_NORESERVE|MAP_STACK; guard pages;
 * libffi's executable pages; MAP_FIXED remaps of unmapped blocks) is
 * passed through unchanged.
 *  - The boot arena: one 4 MB, 2 MB-aligned, advised mapping made at the
 *    first such request.  Requests under 2 MB (GC_init's tables, later
 *    scratch) are carved from its first ARENA_SCRATCH bytes, the first
 *    heap section (the 2 MB initial heap, see gc_setup) right after them,
 *    and further small requests from what is left after the heap.  So
 *    start-up (tables + the ~0.4 MB the core classes allocate) touches one
 *    huge page: one fault instead of ~130.
 *  - Other heap sections of 2 MB or more (heap growth) are mapped
 *    2 MB-aligned and advised.
 * Each answer is valid for the caller's request (exactly `len` fresh
 * zero bytes at a page-aligned address it did not insist on — the hint
 * only keeps sections close); a piece may later be unmapped or remapped
 * on its own (the kernel splits the huge page).  With no THP support,
 * madvise fails and the memory is ordinary pages.  SPINEL_NO_THP=1 turns
 * it all off.  With shared libgc, or a link without --wrap, nothing
 * calls this.
 *
 * __real_mmap is weak: it resolves to libc's mmap when the link wraps,
 * and the runtime still links without --wrap (unit tests); the raw
 * system call is the fallback then. */
extern void *__real_mmap(void *, size_t, int, int, int, off_t) __attribute__((weak));
#define HUGE_SZ ((size_t)2 << 20)
#define ARENA_SZ ((size_t)4 << 20)
#define ARENA_SCRATCH ((size_t)512 << 10)
static int thp_state;   /* 1 on, else off (SPINEL_NO_THP, or before gc_setup) */
static pthread_mutex_t arena_lock = PTHREAD_MUTEX_INITIALIZER;
static char *arena, *arena_cur, *arena_lim;   /* small pieces: [cur, lim) */
static int arena_state;                       /* 0 none yet, 1 made, -1 failed */
static char *arena_heap_end;                  /* end of the heap placed in it, or NULL */

static void *raw_mmap(void *a, size_t len, int prot, int flags, int fd, off_t off)
{
    if (__real_mmap) return __real_mmap(a, len, prot, flags, fd, off);
    return (void *)syscall(SYS_mmap, a, len, prot, flags, fd, off);
}

/* A fresh private read-write mapping of len bytes at a 2 MB boundary,
 * advised for huge pages, or MAP_FAILED. */
static char *huge_map(size_t len)
{
    const int pr = PROT_READ | PROT_WRITE, fl = MAP_PRIVATE | MAP_ANONYMOUS;
    /* Linux (6.7+) already aligns a hint-less anonymous mapping whose
     * length is a multiple of 2 MB; otherwise over-map and trim. */
    char *m = raw_mmap(NULL, len, pr, fl, -1, 0);
    if (m == MAP_FAILED) return m;
    if ((uintptr_t)m & (HUGE_SZ - 1)) {
        munmap(m, len);
        size_t slack = HUGE_SZ - (size_t)sysconf(_SC_PAGESIZE);
        m = raw_mmap(NULL, len + slack, pr, fl, -1, 0);
        if (m == MAP_FAILED) return m;
        char *al = (char *)(((uintptr_t)m + HUGE_SZ - 1) & ~(uintptr_t)(HUGE_SZ - 1));
        if (al > m) munmap(m, (size_t)(al - m));
        if (m + len + slack > al + len) munmap(al + len, (size_t)(m + len + slack - (al + len)));
        m = al;
    }
    madvise(m, len, MADV_HUGEPAGE);
    return m;
}

/* A piece of the boot arena, or NULL (arena_lock held). */
static char *arena_take(size_t len, int heap)
{
    if (arena_state == 0) {
        char *m = huge_map(ARENA_SZ);
        arena_state = m == MAP_FAILED ? -1 : 1;
        if (m != MAP_FAILED) { arena = arena_cur = m; arena_lim = m + ARENA_SCRATCH; }
    }
    if (arena_state < 0) return NULL;
    if (heap) {
        if (arena_heap_end || len > ARENA_SZ - ARENA_SCRATCH) return NULL;
        char *p = arena + ARENA_SCRATCH;
        arena_heap_end = p + len;
        if ((size_t)(arena_lim - arena_cur) < 4096) {   /* scratch full: go on after the heap */
            arena_cur = arena_heap_end;
            arena_lim = arena + ARENA_SZ;
        }
        return p;
    }
    len = (len + 4095) & ~(size_t)4095;
    if ((size_t)(arena_lim - arena_cur) < len) {
        if (arena_heap_end && arena_lim == arena + ARENA_SCRATCH) {
            /* scratch part full and the heap placed: continue after it */
            arena_cur = arena_heap_end;
            arena_lim = arena + ARENA_SZ;
            if ((size_t)(arena_lim - arena_cur) >= len) goto take;
        }
        return NULL;
    }
take:;
    char *p = arena_cur;
    arena_cur += len;
    return p;
}

static int boot_done;   /* sp_init has returned: sp_boot_alloc says no */

/* Zeroed, never freed, non-GC memory for tables built during sp_init (the
 * symbol table), from the boot arena: on the huge page start-up touches
 * anyway, so the tables cost no page faults of their own.  NULL when
 * there is no arena, it is full, or start-up is over: the caller then
 * uses calloc.  Rounded up to whole pages; meant for blocks of several
 * KB.  The collector does not scan this memory. */
void *sp_boot_alloc(size_t n)
{
    if (boot_done || thp_state <= 0 || n == 0) return NULL;
    pthread_mutex_lock(&arena_lock);
    char *p = arena_state > 0 ? arena_take(n, 0) : NULL;
    pthread_mutex_unlock(&arena_lock);
    return p;
}

void *__wrap_mmap(void *a, size_t len, int prot, int flags, int fd, off_t off);
void *__wrap_mmap(void *a, size_t len, int prot, int flags, int fd, off_t off)
{
#if defined(__SANITIZE_THREAD__)
    const int thp = 0;
#else
    const int thp = thp_state > 0;
#endif
    if (!thp || len == 0 || fd != -1 || off != 0 || prot != (PROT_READ | PROT_WRITE) ||
        flags != (MAP_PRIVATE | MAP_ANONYMOUS))
        return raw_mmap(a, len, prot, flags, fd, off);
    pthread_mutex_lock(&arena_lock);
    char *p = arena_take(len, len >= HUGE_SZ);
    pthread_mutex_unlock(&arena_lock);
    if (p) return p;
    if (len >= HUGE_SZ) return huge_map(len);
    return raw_mmap(a, len, prot, flags, fd, off);
}

/* Start-up cost of the collector (page faults are ~15 us each on the
 * reference VM, so pages touched is what start-up costs):
 *  - no collection inside GC_INIT (dont_precollect): it marks every data
 *    and bss page of the program and its libraries, ~50 page faults, to
 *    black-list false pointers of a heap that is still empty;
 *  - the heap starts at 2 MB (a reservation: untouched pages cost
 *    nothing) so the ~0.4 MB the core classes allocate neither triggers
 *    a collection nor grows the heap five times.  Boehm's later heap
 *    sizes depend on this history: binary_trees made 56 collections with
 *    the old start, 76 with a 1 MB start, 59 with 2 MB, 68 with 4 MB;
 *  - thread support and the parallel marker threads start later
 *    (sp_gc_threads_init, sp_gc_roots.c);
 *  - the main stack's bottom comes from the aux vector
 *    (sp_main_stack_bounds) instead of GC_init parsing /proc/self/maps. */
static void gc_setup(void)
{
    const char *nothp = getenv("SPINEL_NO_THP");
    /* 4 KB pages only: the arena hands out 4 KB-aligned pieces, and with
     * 16/64 KB pages a PMD-sized huge page is 32/512 MB anyway */
    thp_state = (nothp && *nothp && strcmp(nothp, "0")) || sysconf(_SC_PAGESIZE) != 4096 ? -1 : 1;
    GC_set_dont_precollect(1);
    char *top, *low;
    if (sp_main_stack_bounds(&top, &low)) {
        /* spares GC_init's parse of /proc/self/maps */
        struct GC_stack_base sb = { .mem_base = top };
        GC_set_stackbottom(NULL, &sb);
    }
    /* Initial heap: 2 MB (see above), or SPINEL_HEAP_MB.  A 64 MB
     * initial heap was tried for throughput: every page of it gets
     * touched before the first collection, which tripled peak RSS (75 vs
     * 22 MB on binary_trees) and cost more in page faults than the saved
     * collections gained.  GC_init maps it as one section (Boehm 8.2 has
     * no setter, only its GC_INITIAL_HEAP_SIZE variable, set here for the
     * call and removed again unless the user set it): one 2 MB-aligned
     * section the core classes fill from its start, on one huge page,
     * instead of a 64 KB first section (16 more faults) plus a 1.94 MB
     * one that is no huge page. */
    const char *h = getenv("SPINEL_HEAP_MB");
    long mb = h ? atol(h) : 0;
    size_t want = mb > 0 ? (size_t)mb << 20 : (size_t)2 << 20;
    int set_env = getenv("GC_INITIAL_HEAP_SIZE") == NULL;
    if (set_env) {
        char num[32];
        snprintf(num, sizeof num, "%zu", want);
        set_env = setenv("GC_INITIAL_HEAP_SIZE", num, 0) == 0;
    }
    GC_INIT();
    if (set_env) unsetenv("GC_INITIAL_HEAP_SIZE");
    sp_alloc_init();
    size_t have = GC_get_heap_size();
    if (want > have) GC_expand_hp(want - have);
    const char *dv = getenv("SPINEL_GC_DIVISOR");
    long div = dv ? atol(dv) : 2;
    GC_set_free_space_divisor(div > 0 ? (GC_word)div : 2);
    /* Allocate at least 4 MB between collections.  With the divisor above
     * alone a program whose live heap stays small (a few MB) collects
     * after every few hundred KB: ~800 stop-the-world collections for
     * bench/alloc_scaling, where signalling every worker dominated.  The
     * floor costs at most 4 MB of extra peak RSS.  Knob: SPINEL_GC_MIN_MB. */
    const char *g = getenv("SPINEL_GC_MIN_MB");
    long gmb = g ? atol(g) : 4;
    if (gmb > 0) GC_set_min_bytes_allocd((size_t)gmb << 20);
    /* ... and more when much data stays live (sp_gc_policy.c) */
    sp_gc_policy_init();
}

void sp_init(int argc, char **argv)
{
    gc_setup();
    sp_ec_init(&main_ec);
    main_ec.stack_limit = sp_fiber_native_stack_limit();
    sp_ec_set_current(&main_ec);
    if (argc > 0 && argv && argv[0]) sp_script_name = argv[0];
    GC_add_roots(&at_exit_procs, &at_exit_procs + 1);

    sp_init_symbol();
    sp_class_init_ids();
    boot_core();
    boot_classes();
    sp_init_exc_classes();

    sp_main_obj = sp_obj_alloc(sp_cObject);
    GC_add_roots(&sp_main_obj, &sp_main_obj + 1);
    sp_define_singleton_method(sp_main_obj, "to_s", main_to_s, 0);
    sp_define_singleton_method(sp_main_obj, "inspect", main_to_s, 0);

    for (size_t i = 0; i < sizeof boot_inits / sizeof boot_inits[0]; i++)
        boot_inits[i]();
    sp_init_argv(argc, argv);
    shape_builtin_frames();
    boot_done = 1;
}

/* ---- exit path ---- */

void sp_at_exit(sp_value proc)
{
    if (!at_exit_procs) at_exit_procs = sp_ary_new();
    sp_ary_push(at_exit_procs, proc);
}

/* Status for an exception that ended the program; prints it unless it
 * is a SystemExit. */
int sp_main_exit_status(sp_value exc)
{
    if (sp_obj_is_kind_of(exc, sp_eSystemExit)) {
        sp_value st = sp_funcall(exc, sp_intern("status"), 0, NULL, SP_NIL);
        exit_status = SP_FIXNUM_P(st) ? (int)SP_FIX2LONG(st) : 0;
        return exit_status;
    }
    sp_flush_all();
    int sst = sp_signal_exit_status(exc);
    if (sst >= 0) return exit_status = sst;     /* SignalException: dies by it */
    sp_print_uncaught(exc);
    exit_status = 1;
    return 1;
}

static sp_value run_at_exit_one(void *arg)
{
    return sp_proc_call((sp_value)arg, 0, NULL, SP_NIL);
}

/* trap(:EXIT) handler: a Proc or anything with #call, given signal 0 */
static sp_value run_exit_trap(void *arg)
{
    sp_value h = (sp_value)arg, sig = SP_FIX(0);
    return sp_call_callable(h, 1, &sig, SP_NIL);
}

void sp_objspace_finalize_all(void);

int sp_main_finish(void)
{
    static int finishing;
    if (finishing++) return exit_status;
    sp_value exc, trap = sp_signal_exit_trap();    /* CRuby: before at_exit */
    if (trap != SP_NIL) {
        sp_run_protected(run_exit_trap, (void *)trap, &exc);
        if (exc != SP_NIL) sp_main_exit_status(exc);
    }
    while (at_exit_procs && sp_ary_len(at_exit_procs) > 0) {
        long n = sp_ary_len(at_exit_procs);
        sp_value p = sp_ary_entry(at_exit_procs, n - 1);
        sp_funcall0(at_exit_procs, "pop");
        sp_run_protected(run_at_exit_one, (void *)p, &exc);
        if (exc != SP_NIL) sp_main_exit_status(exc);
    }
    /* then the other threads are killed, their ensure blocks run (CRuby
     * order: at_exit first) */
    sp_thread_terminate_all(3000);
    sp_objspace_finalize_all();   /* ObjectSpace.define_finalizer (sp_objspace.c) */
    sp_flush_all();
    fflush(stdout);
    fflush(stderr);
    return exit_status;
}

/* Convenience for generated main(): run the top level under a base
 * handler, report an uncaught exception, run at_exit, flush, and return
 * the process exit status. */
int sp_main_run(sp_value (*body)(void *), void *arg)
{
    sp_value exc;
    sp_run_protected(body, arg, &exc);
    if (exc != SP_NIL) sp_main_exit_status(exc);
    int st = sp_main_finish();
    /* an uncaught SignalException: die by its signal (as CRuby), also
     * when no scheduler ran (uncaught_at_base in sp_exc.c does it there) */
    extern void sp_signal_die(void) __attribute__((weak));
    if (sp_signal_die) sp_signal_die();
    return st;
}

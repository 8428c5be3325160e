#define _GNU_SOURCE
/*
 * sp_signal.c — Signal.trap / Kernel#trap, Signal.list, Signal.signame,
 * SignalException#signo, and dying by an uncaught SignalException.
 *
 * Representation: per signal number a mode (Ruby default, Proc, IGNORE,
 * SYSTEM_DEFAULT, EXIT) and the value trap reports as the previous
 * handler; a 64-bit word of pending signals.
 *
 * Delivery (CRuby's model): the C handler only sets the signal's pending
 * bit and posts SP_INT_SIGNAL to the main thread (two lock-free atomics,
 * async-signal-safe).  The main thread runs the Ruby handlers at its next
 * safepoint (sp_thread.c's interrupt hook calls sp_signal_run_pending); a
 * parked main thread is woken by sysmon (sp_sched_monitor), a main thread
 * in a plain sleep or poll without the scheduler by the EINTR.  Handlers
 * are installed without SA_RESTART for that reason.
 *
 * Ruby default: SIGINT raises Interrupt (sp_sched_install_sigint, as
 * before); SIGTERM, SIGHUP, SIGQUIT, SIGALRM, SIGUSR1 and SIGUSR2 raise
 * SignalException ("SIGTERM") in the main thread, so ensure clauses and
 * at_exit run; if it is not rescued the process then kills itself with
 * the same signal (exit status as CRuby's: 128+n seen by a shell).
 */
#include "spinel.h"
#include "sp_sched.h"
#include "sp_string.h"
#include "sp_hash.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { M_DEFAULT, M_PROC, M_IGNORE, M_SYSDEFAULT, M_EXIT };

#define NSIGS 65
static int mode[NSIGS];
static sp_value reported[NSIGS];    /* what trap returns as the previous handler */
static _Atomic uint64_t pending;
static int fatal_signo;             /* an uncaught SignalException's signal */
static sp_id i_signo;

/* CRuby's table and order (Signal.list, the first name of a number wins) */
static const struct { const char *name; int no; } names[] = {
    { "EXIT", 0 }, { "HUP", SIGHUP }, { "INT", SIGINT }, { "QUIT", SIGQUIT }, { "ILL", SIGILL },
    { "TRAP", SIGTRAP }, { "ABRT", SIGABRT }, { "IOT", SIGIOT }, { "FPE", SIGFPE },
    { "KILL", SIGKILL }, { "BUS", SIGBUS }, { "SEGV", SIGSEGV }, { "SYS", SIGSYS },
    { "PIPE", SIGPIPE }, { "ALRM", SIGALRM }, { "TERM", SIGTERM }, { "URG", SIGURG },
    { "STOP", SIGSTOP }, { "TSTP", SIGTSTP }, { "CONT", SIGCONT }, { "CHLD", SIGCHLD },
    { "CLD", SIGCHLD }, { "TTIN", SIGTTIN }, { "TTOU", SIGTTOU }, { "IO", SIGIO },
    { "XCPU", SIGXCPU }, { "XFSZ", SIGXFSZ }, { "VTALRM", SIGVTALRM }, { "PROF", SIGPROF },
    { "WINCH", SIGWINCH }, { "USR1", SIGUSR1 }, { "USR2", SIGUSR2 }, { "PWR", SIGPWR },
    { "POLL", SIGPOLL },
};
#define NNAMES (sizeof names / sizeof names[0])

static const char *signame_of(int no)
{
    for (size_t i = 0; i < NNAMES; i++)
        if (names[i].no == no) return names[i].name;
    return NULL;
}

static int ruby_default(int sig)
{
    return sig == SIGTERM || sig == SIGHUP || sig == SIGQUIT || sig == SIGALRM ||
           sig == SIGUSR1 || sig == SIGUSR2;
}

/* A signal argument: Integer, "TERM", "SIGTERM", :TERM, or an object with
 * #to_str.  ArgumentError with CRuby's messages for anything else.
 * negative: NULL refuses a negative signal (trap, Signal.signame); else
 * it is set for -15 or "-TERM" (Process.kill: signal the process group)
 * and the positive number is returned. */
int sp_signal_number_neg(sp_value v, int *negative)
{
    if (negative) *negative = 0;
    if (SP_FIXNUM_P(v)) {
        long n = SP_FIX2LONG(v);
        if (n < 0 && negative) { *negative = 1; n = -n; }
        if (n < 0 || n >= NSIGS) sp_raise(sp_eArgError, "invalid signal number (%ld)", n);
        return (int)n;
    }
    sp_value str = SP_SYMBOL_P(v) ? v : sp_try_convert(v, sp_cString, "to_str");
    if (str == SP_NIL) sp_raise(sp_eArgError, "bad signal type %s", sp_obj_classname(v));
    const char *s = SP_SYMBOL_P(str) ? sp_id_name(SP_SYM2ID(str)) : sp_str_cstr(str);
    if (*s == '-' && negative) { *negative = 1; s++; }
    else if (*s == '-') sp_raise(sp_eArgError, "negative signal name: %s", s);
    const char *b = !strncmp(s, "SIG", 3) ? s + 3 : s;
    for (size_t i = 0; i < NNAMES; i++)
        if (!strcmp(names[i].name, b)) return names[i].no;
    sp_raise(sp_eArgError, "unsupported signal 'SIG%s'", b);
}

int sp_signal_number(sp_value v) { return sp_signal_number_neg(v, NULL); }

/* What trap reports for a signal left to Ruby's default, as CRuby: "DEFAULT"
 * where Ruby has its own handler (and CHLD, which CRuby reports so), nil
 * for the signals it ignores with a do-nothing handler (PIPE, SYS),
 * "SYSTEM_DEFAULT" for the rest. */
static sp_value default_report(int sig)
{
    if (sig == 0 || sig == SIGPIPE || sig == SIGSYS) return SP_NIL;
    return sp_str_new_cstr(ruby_default(sig) || sig == SIGINT || sig == SIGCHLD ? "DEFAULT" : "SYSTEM_DEFAULT");
}

/* ------------------------------------------------------------------ */
/* The C handler and the dispatcher                                    */

static void on_signal(int sig)
{
    atomic_fetch_or(&pending, 1ull << sig);
    sp_sched_signal_main(SP_INT_SIGNAL);
}

static void install(int sig, void (*h)(int))
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = h;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;            /* no SA_RESTART: a blocked main thread sees EINTR */
    sigaction(sig, &sa, NULL);
}

static sp_value signal_exception(int sig)
{
    const char *n = signame_of(sig);
    sp_value e = sp_exc_new(sp_eSignal, "SIG%s", n ? n : "?");
    sp_ivar_set(e, i_signo, SP_FIX(sig));
    return e;
}

/* Main thread, at a safepoint: run the handler of one pending signal; if
 * more are pending, ask again (a handler may raise). */
void sp_signal_run_pending(void)
{
    uint64_t p = atomic_load(&pending);
    while (p) {
        int sig = __builtin_ctzll(p);
        uint64_t bit = 1ull << sig;
        p = atomic_fetch_and(&pending, ~bit) & ~bit;
        if (p) sp_sched_signal_main(SP_INT_SIGNAL);
        switch (mode[sig]) {
        case M_PROC: {
            /* a Proc, or anything with #call (a Method, a callable object) */
            sp_value h = reported[sig], a = SP_FIX(sig);
            sp_call_callable(h, 1, &a, SP_NIL);
            return;
        }
        case M_EXIT: {
            sp_value a[2] = { SP_FIX(0), sp_str_new_cstr("exit") };
            sp_raise_exc(sp_class_new_instance(sp_eSystemExit, 2, a, SP_NIL));
        }
        case M_DEFAULT:
            if (ruby_default(sig)) sp_raise_exc(signal_exception(sig));
            return;
        default:
            return;
        }
    }
}

sp_value sp_signal_exit_trap(void)
{
    return mode[0] == M_PROC ? reported[0] : SP_NIL;
}

/* ------------------------------------------------------------------ */
/* Dying by a signal                                                   */

static int exc_signo(sp_value exc)
{
    sp_value s = sp_ivar_get(exc, i_signo);
    if (SP_FIXNUM_P(s)) return (int)SP_FIX2LONG(s);
    return sp_obj_is_kind_of(exc, sp_eInterrupt) ? SIGINT : 0;
}

/* The main program ends with exc uncaught: a SignalException makes the
 * process die by its signal (sp_signal_die, after at_exit); Interrupt is
 * reported like other exceptions, the others silently (as CRuby).
 * Returns the exit status to use meanwhile, or -1 (not a signal). */
int sp_signal_exit_status(sp_value exc)
{
    if (!sp_obj_is_kind_of(exc, sp_eSignal)) return -1;
    int sig = exc_signo(exc);
    if (sig <= 0) return -1;
    if (sig == SIGINT) sp_print_uncaught(exc);
    fatal_signo = sig;
    return 128 + sig;
}

void sp_signal_die(void)
{
    if (!fatal_signo) return;
    fflush(stdout);
    fflush(stderr);
    signal(fatal_signo, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, fatal_signo);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    kill(getpid(), fatal_signo);
    /* not reached for a fatal default action; a blocked or ignored one
     * falls through to _exit(128+n) */
}

/* ------------------------------------------------------------------ */
/* Ruby methods                                                        */

/* A trap command given as a String: one of CRuby's keywords.  CRuby evals
 * any other string when the signal comes; Spinel cannot compile a string
 * known only at run time. */
static sp_value canonical(int sig, sp_value cmd, int *m)
{
    const char *s = sp_str_cstr(cmd);
    if (!*s || !strcmp(s, "IGNORE") || !strcmp(s, "SIG_IGN")) { *m = M_IGNORE; return sp_str_new_cstr("IGNORE"); }
    if (!strcmp(s, "DEFAULT") || !strcmp(s, "SIG_DFL")) { *m = M_DEFAULT; return default_report(sig); }
    if (!strcmp(s, "SYSTEM_DEFAULT")) { *m = M_SYSDEFAULT; return sp_str_new_cstr("SYSTEM_DEFAULT"); }
    if (!strcmp(s, "EXIT")) { *m = M_EXIT; return sp_str_new_cstr("EXIT"); }
    sp_raise(sp_eNotImpError, "trap with a command string to evaluate (%s) is not supported by Spinel", s);
}

/* Signal.trap(sig, command) / trap(sig) { |signo| } -> previous handler */
SP_METHOD(sig_trap)
{
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    int sig = sp_signal_number(argv[0]);
    int m;
    sp_value val;
    if (argc == 2) {                /* nil: ignore; a String or Symbol: a keyword; else called */
        sp_value str = argv[1] == SP_NIL ? SP_NIL
                     : SP_SYMBOL_P(argv[1]) ? sp_str_new_cstr(sp_id_name(SP_SYM2ID(argv[1])))
                     : sp_try_convert(argv[1], sp_cString, "to_str");
        if (argv[1] == SP_NIL) { m = M_IGNORE; val = SP_NIL; }
        else if (str != SP_NIL) val = canonical(sig, str, &m);
        else { m = M_PROC; val = argv[1]; }
    } else if (blk != SP_NIL) {
        m = M_PROC; val = blk;
    } else {
        sp_raise(sp_eArgError, "tried to create Proc object without a block");
    }
    if (sig == 0) {                 /* EXIT: sp_main_finish runs it (sp_signal_exit_trap) */
        sp_value prev = reported[0];
        reported[0] = val;
        mode[0] = m;
        return prev;
    }
    if (sig == SIGKILL || sig == SIGSTOP)
        sp_raise_syserr(EINVAL, sig == SIGKILL ? "SIGKILL" : "SIGSTOP");
    if (sig == SIGSEGV || sig == SIGBUS || sig == SIGILL || sig == SIGFPE || sig == SIGVTALRM)
        sp_raise(sp_eArgError, "can't trap reserved signal: SIG%s", signame_of(sig));
    sp_value prev = reported[sig];
    reported[sig] = val;
    mode[sig] = m;
    switch (m) {
    case M_PROC: case M_EXIT: install(sig, on_signal); break;
    case M_IGNORE: install(sig, SIG_IGN); break;
    case M_SYSDEFAULT: install(sig, SIG_DFL); break;
    default:
        if (sig == SIGINT) sp_sched_install_sigint();
        else if (ruby_default(sig)) install(sig, on_signal);
        else install(sig, SIG_DFL);
    }
    return prev;
}

SP_METHOD(sig_list)
{
    sp_value h = sp_hash_new();
    for (size_t i = 0; i < NNAMES; i++)
        sp_hash_aset(h, sp_str_new_cstr(names[i].name), SP_FIX(names[i].no));
    return h;
}

SP_METHOD(sig_signame)
{
    long n = (long)sp_num_to_long(argv[0]);
    const char *s = n >= 0 && n < NSIGS ? signame_of((int)n) : NULL;
    return s ? sp_str_new_cstr(s) : SP_NIL;
}

/* SignalException.new(sig [, message]) */
SP_METHOD(sigexc_init)
{
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    int sig;
    sp_value msg;
    if (SP_FIXNUM_P(argv[0])) {
        sig = sp_signal_number(argv[0]);
        const char *n = signame_of(sig);
        msg = argc > 1 ? argv[1] : sp_str_format("SIG%s", n ? n : "?");
    } else {
        if (argc > 1) sp_raise_arity(argc, 1, 1);
        sig = sp_signal_number(argv[0]);
        msg = sp_str_format("SIG%s", signame_of(sig));
    }
    sp_ivar_set(self, i_signo, SP_FIX(sig));
    /* Exception#initialize(msg) stores the message */
    sp_method *init = sp_find_method((sp_class *)sp_eException, sp_intern("initialize"));
    return init->fn(self, 1, &msg, SP_NIL);
}
/* Interrupt.new(message = "Interrupt") */
SP_METHOD(interrupt_init)
{
    if (argc > 1) sp_raise_arity(argc, 0, 1);
    sp_value msg = argc ? argv[0] : sp_str_new_cstr("Interrupt");
    sp_ivar_set(self, i_signo, SP_FIX(SIGINT));
    sp_method *init = sp_find_method((sp_class *)sp_eException, sp_intern("initialize"));
    return init->fn(self, 1, &msg, SP_NIL);
}
SP_METHOD(sigexc_signo) { return SP_FIX(exc_signo(self)); }

void sp_init_signal(void)
{
    i_signo = sp_intern("__signo");
    for (int i = 0; i < NSIGS; i++) reported[i] = default_report(i);
    for (int s = 1; s < NSIGS; s++)
        if (ruby_default(s)) install(s, on_signal);
    sp_value S = sp_define_module("Signal");
    sp_define_module_function(S, "trap", sig_trap, -1);
    sp_define_module_function(S, "list", sig_list, 0);
    sp_define_module_function(S, "signame", sig_signame, 1);
    sp_define_private_method(sp_mKernel, "trap", sig_trap, -1);
    sp_define_method(sp_eSignal, "signo", sigexc_signo, 0);
    sp_define_method(sp_eSignal, "initialize", sigexc_init, -1);
    sp_define_alias(sp_eSignal, "signm", "message");
    sp_define_method(sp_eInterrupt, "initialize", interrupt_init, -1);
}

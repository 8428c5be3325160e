/*
 * sp_process.c — the Process module (clocks, pids, Process::Status,
 * wait/wait2/waitpid) and the Kernel methods that run child processes:
 * system, ` (backticks and %x{}), spawn and exec.
 *
 * Process.clock_gettime(id, unit = :float_second) reads clock_gettime(2)
 * directly; the Process::CLOCK_* constants carry the Linux clock ids (the
 * same numbers CRuby exposes).  Process.exit/abort live in sp_kernel.c.
 * sp_process_init() is called from sp_init_time (sp_time.c) so sp_init.c
 * needs no extra hook.
 *
 * Children are started with posix_spawn(3) (glibc: clone(CLONE_VFORK),
 * exec errors reported back as the return value), never fork(): the
 * process has GC and worker threads, and nothing may run in the child
 * between clone and exec.  A single command string goes through
 * /bin/sh -c only when it has shell metacharacters or starts with a shell
 * reserved word/special built-in (CRuby's rule); otherwise it is split on
 * blanks and exec'd directly, so a missing program is ENOENT (system ->
 * nil, backticks -> Errno::ENOENT) as in CRuby.  A slow child never holds
 * a worker: the clone+exec runs inside sp_blocking_begin/end (sp_sched.h;
 * no GC allocation in there), and the wait for the child (a pidfd) and the
 * backtick pipe read park the green thread in sp_sched_wait_fd, so
 * Thread#kill/#raise and program exit interrupt them; without pidfds the
 * wait is a waitpid inside a blocking region.
 *
 * Options of spawn/system/exec (CRuby's): redirections, chdir:, umask:,
 * pgroup:, rlimit_*:, close_others:, unsetenv_others:; they are checked
 * before anything runs and applied in the child between clone and exec
 * (apply_redirs; a failed chdir reports the directory).  Ids, groups,
 * priorities and rlimits live in sp_process_id.c.
 *
 * $? is per Ruby Thread (as in CRuby): a small table maps the Thread
 * object to its last Process::Status; entries of dead threads are pruned
 * when a new one is added, so it holds at most one entry per live thread
 * that ran a child.  Process::Status is an SP_T_DATA {pid, wait status}.
 * Process.detach and Open3's wait_thr are Threads that reap the child
 * (value: its Process::Status); Open3.capture* drain stdout/stderr in
 * reader threads while stdin_data is written, as CRuby's open3.rb does.
 */
#define _GNU_SOURCE
#include "spinel.h"
#include "sp_numeric.h"
#include "sp_string.h"
#include "sp_array.h"
#include "sp_hash.h"
#include "sp_sched.h"
#include "sp_thread.h"
#include "sp_class.h"
#include "sp_io.h"

#include <errno.h>
#include <sys/resource.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <setjmp.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <sys/stat.h>
#include <linux/close_range.h>
#include <time.h>
#include <unistd.h>

void sp_process_init(void);
sp_value sp_process_last_status(void);
int sp_process_rlimit_resource(sp_value v);     /* sp_process_id.c */
rlim_t sp_process_rlimit_value(sp_value v);
void sp_process_id_init(sp_value P);
int sp_signal_number_neg(sp_value v, int *negative);    /* sp_signal.c */

/* Clock id argument: an Integer, or one of CRuby's emulation Symbols
 * (mapped to the equivalent POSIX clock); anything else is EINVAL. */
static clockid_t clock_arg(sp_value v)
{
    if (SP_FIXNUM_P(v)) return (clockid_t)SP_FIX2LONG(v);
    if (SP_SYMBOL_P(v)) {
        const char *n = sp_id_name(SP_SYM2ID(v));
        if (!strcmp(n, "GETTIMEOFDAY_BASED_CLOCK_REALTIME") || !strcmp(n, "TIME_BASED_CLOCK_REALTIME"))
            return CLOCK_REALTIME;
        if (!strcmp(n, "GETRUSAGE_BASED_CLOCK_PROCESS_CPUTIME_ID") ||
            !strcmp(n, "TIMES_BASED_CLOCK_PROCESS_CPUTIME_ID") ||
            !strcmp(n, "CLOCK_BASED_CLOCK_PROCESS_CPUTIME_ID"))
            return CLOCK_PROCESS_CPUTIME_ID;
        if (!strcmp(n, "TIMES_BASED_CLOCK_MONOTONIC")) return CLOCK_MONOTONIC;
        sp_raise_syserr(EINVAL, NULL);
    }
    sp_raise_type(v, "Integer");
}

static sp_value clock_value(const struct timespec *ts, sp_value unit)
{
    const char *u = SP_SYMBOL_P(unit) ? sp_id_name(SP_SYM2ID(unit)) : NULL;
    int64_t s = (int64_t)ts->tv_sec, ns = (int64_t)ts->tv_nsec;
    if (unit == SP_NIL || (u && !strcmp(u, "float_second")))
        return sp_float_new((double)s + (double)ns / 1e9);
    if (!u) goto bad;
    if (!strcmp(u, "float_millisecond")) return sp_float_new((double)s * 1e3 + (double)ns / 1e6);
    if (!strcmp(u, "float_microsecond")) return sp_float_new((double)s * 1e6 + (double)ns / 1e3);
    if (!strcmp(u, "second")) return sp_int_new(s);
    if (!strcmp(u, "millisecond")) return sp_int_new(s * 1000 + ns / 1000000);
    if (!strcmp(u, "microsecond")) return sp_int_new(s * 1000000 + ns / 1000);
    if (!strcmp(u, "nanosecond")) return sp_int_new(s * 1000000000 + ns);
bad:
    sp_raise(sp_eArgError, "unexpected unit: %s", u ? u : sp_str_cstr(sp_to_s(unit)));
}

/* Process.clock_gettime(clock_id, unit = :float_second) */
SP_METHOD(p_clock_gettime)
{
    (void)self; (void)blk;
    argc_ = argc;
    if (argc_ < 1 || argc_ > 2) sp_raise_arity(argc_, 1, 2);
    struct timespec ts;
    if (clock_gettime(clock_arg(argv[0]), &ts) != 0)
        sp_raise_syserr(errno, "clock_gettime");
    return clock_value(&ts, argc_ > 1 ? argv[1] : SP_NIL);
}

/* Process.clock_getres(clock_id, unit = :float_second) */
SP_METHOD(p_clock_getres)
{
    (void)self; (void)blk;
    argc_ = argc;
    if (argc_ < 1 || argc_ > 2) sp_raise_arity(argc_, 1, 2);
    struct timespec ts;
    if (clock_getres(clock_arg(argv[0]), &ts) != 0)
        sp_raise_syserr(errno, "clock_getres");
    if (SP_SYMBOL_P(argv[0])) {     /* an emulation's resolution, not the clock's */
        const char *n = sp_id_name(SP_SYM2ID(argv[0]));
        long tck = sysconf(_SC_CLK_TCK);
        if (!strncmp(n, "GETTIMEOFDAY_", 13) || !strncmp(n, "GETRUSAGE_", 10)) ts = (struct timespec){ 0, 1000 };
        else if (!strncmp(n, "TIME_BASED", 10)) ts = (struct timespec){ 1, 0 };
        else if (!strncmp(n, "TIMES_BASED", 11) && tck > 0) ts = (struct timespec){ 0, 1000000000 / tck };
        else if (!strncmp(n, "CLOCK_BASED", 11)) ts = (struct timespec){ 0, 1000000000 / CLOCKS_PER_SEC };
    }
    return clock_value(&ts, argc_ > 1 ? argv[1] : SP_NIL);
}

SP_METHOD(p_pid)
{
    (void)self; (void)argc_; (void)argv; (void)blk;
    return SP_FIX((int64_t)getpid());
}

/* Process.argv0: the script name the program started with (one frozen
 * String; $0 may be reassigned since). */
static sp_value argv0_str;
SP_METHOD(p_argv0)
{
    if (argv0_str == SP_NIL || !argv0_str) {
        argv0_str = sp_obj_freeze(sp_str_new_cstr(sp_script_name ? sp_script_name : ""));
        GC_add_roots(&argv0_str, &argv0_str + 1);
    }
    return argv0_str;
}

/* Process.setproctitle(title): what ps shows as our command line (the
 * argv memory, sp_env.c); $0 is unchanged, as in CRuby. */
void sp_argv_set_title(const char *title, size_t len);
SP_METHOD(p_setproctitle)
{
    sp_value t = sp_str_to_str(argv[0]);
    sp_argv_set_title(sp_str_ptr(t), sp_str_len(t));
    return t;
}

/* Process.warmup: a full collection now (CRuby also compacts); true. */
SP_METHOD(p_warmup)
{
    GC_gcollect();
    return SP_TRUE;
}

SP_METHOD(p_ppid)
{
    (void)self; (void)argc_; (void)argv; (void)blk;
    return SP_FIX((int64_t)getppid());
}

/* ------------------------------------------------------------------ */
/* Process::Status and $?                                              */

typedef struct sp_pstatus {
    sp_header hdr;
    int64_t pid;
    int status;             /* raw wait(2) status */
} sp_pstatus;

#define PST(v) ((sp_pstatus *)(v))
static sp_value cStatus;

static sp_value status_new(pid_t pid, int st)
{
    sp_pstatus *s = sp_alloc(sizeof(sp_pstatus), cStatus, SP_T_DATA);
    s->pid = pid;
    s->status = st;
    return (sp_value)s;
}

typedef struct last_ent { sp_value thread, status; } last_ent;
static last_ent *last_tab;          /* GC memory, rooted by this static */
static int nlast, caplast;
static pthread_mutex_t last_lock = PTHREAD_MUTEX_INITIALIZER;

static void set_last_status(sp_value st)
{
    sp_value th = sp_thread_current();
    pthread_mutex_lock(&last_lock);
    int j = 0, found = 0;
    for (int i = 0; i < nlast; i++) {
        if (last_tab[i].thread == th) { last_tab[i].status = st; found = 1; }
        if (last_tab[i].thread != th && atomic_load(&((sp_thread *)last_tab[i].thread)->end) != SP_TH_ALIVE)
            continue;       /* prune a dead thread's entry */
        last_tab[j++] = last_tab[i];
    }
    nlast = j;
    if (!found) {
        if (nlast == caplast) {
            int nc = caplast ? caplast * 2 : 8;
            last_ent *t = GC_MALLOC(sizeof(last_ent) * (size_t)nc);
            if (nlast) memcpy(t, last_tab, sizeof(last_ent) * (size_t)nlast);
            last_tab = t;
            caplast = nc;
        }
        last_tab[nlast].thread = th;
        last_tab[nlast++].status = st;
    }
    pthread_mutex_unlock(&last_lock);
}

/* $? and Process.last_status: the current thread's last child status. */
sp_value sp_process_last_status(void)
{
    sp_value th = sp_thread_current(), r = SP_NIL;
    pthread_mutex_lock(&last_lock);
    for (int i = 0; i < nlast; i++)
        if (last_tab[i].thread == th) r = last_tab[i].status;
    pthread_mutex_unlock(&last_lock);
    return r;
}

/* "exit 0", "SIGKILL (signal 9)", "stopped SIGSTOP (signal 19)" */
static sp_value status_desc(sp_value str, int st)
{
    if (WIFSTOPPED(st)) {
        const char *n = sigabbrev_np(WSTOPSIG(st));
        return sp_str_append(str, sp_str_format("stopped SIG%s (signal %d)", n ? n : "?", WSTOPSIG(st)));
    }
    if (WIFSIGNALED(st)) {
        const char *n = sigabbrev_np(WTERMSIG(st));
        sp_str_append(str, n ? sp_str_format("SIG%s (signal %d)", n, WTERMSIG(st))
                             : sp_str_format("signal %d", WTERMSIG(st)));
        if (WCOREDUMP(st)) sp_str_append(str, sp_str_new_cstr(" (core dumped)"));
        return str;
    }
    return sp_str_append(str, sp_str_format("exit %d", WEXITSTATUS(st)));
}

SP_METHOD(st_to_s)
{
    return status_desc(sp_str_format("pid %ld ", (long)PST(self)->pid), PST(self)->status);
}
SP_METHOD(st_inspect)
{
    sp_value s = sp_str_new_cstr("#<Process::Status: ");
    sp_str_append(s, st_to_s(self, 0, NULL, SP_NIL));
    return sp_str_cat(s, ">", 1);
}
SP_METHOD(st_pid) { return SP_FIX(PST(self)->pid); }
SP_METHOD(st_to_i) { return SP_FIX(PST(self)->status); }
SP_METHOD(st_exitstatus)
{
    int st = PST(self)->status;
    return WIFEXITED(st) ? SP_FIX(WEXITSTATUS(st)) : SP_NIL;
}
SP_METHOD(st_success)
{
    int st = PST(self)->status;
    return WIFEXITED(st) ? SP_BOOL(WEXITSTATUS(st) == 0) : SP_NIL;
}
SP_METHOD(st_exited) { return SP_BOOL(WIFEXITED(PST(self)->status)); }
SP_METHOD(st_signaled) { return SP_BOOL(WIFSIGNALED(PST(self)->status)); }
SP_METHOD(st_stopped) { return SP_BOOL(WIFSTOPPED(PST(self)->status)); }
SP_METHOD(st_coredump) { return SP_BOOL(WIFSIGNALED(PST(self)->status) && WCOREDUMP(PST(self)->status)); }
SP_METHOD(st_termsig)
{
    int st = PST(self)->status;
    return WIFSIGNALED(st) ? SP_FIX(WTERMSIG(st)) : SP_NIL;
}
SP_METHOD(st_stopsig)
{
    int st = PST(self)->status;
    return WIFSTOPPED(st) ? SP_FIX(WSTOPSIG(st)) : SP_NIL;
}
SP_METHOD(st_eq)
{
    sp_value o = argv[0];
    if (SP_HEAP_P(o) && SP_TYPE(o) == SP_T_DATA && sp_obj_class(o) == cStatus)
        return SP_BOOL(PST(o)->status == PST(self)->status);
    return sp_funcall(SP_FIX(PST(self)->status), sp_intern("=="), 1, &o, SP_NIL);
}

/* Process::Status#& and #>> (deprecated in 3.4): the raw status' bits. */
static long status_bits_arg(const char *op, const char *what, sp_value v)
{
    sp_warn_category(SP_WARN_DEPRECATED, "Process::Status#%s is deprecated and will be removed in Ruby 3.5; "
                     "use other Process::Status %s instead", op, !strcmp(op, "&") ? "predicates" : "attributes");
    long n = sp_num_to_long(v);
    if (n < 0) sp_raise(sp_eArgError, "negative %s value: %ld", what, n);
    return n;
}
SP_METHOD(st_and) { return SP_FIX(PST(self)->status & status_bits_arg("&", "mask", argv[0])); }
SP_METHOD(st_rshift)
{
    long n = status_bits_arg(">>", "shift", argv[0]);
    return SP_FIX(n >= 32 ? 0 : PST(self)->status >> n);
}

/* ------------------------------------------------------------------ */
/* Building a child: argv, environment, redirections                   */

enum { MAX_REDIR = 16 };
typedef struct child_spec {
    char **argv;            /* argv[0] is what the child sees */
    char **paths;           /* candidate program paths, tried in order */
    int searched;           /* paths come from PATH: a non-executable one is skipped */
    char **envp;            /* NULL: inherit environ */
    const char *chdir;
    const char *envpath;    /* PATH of the env argument, NULL: ours */
    int pgroup;             /* pgroup: -1 leave, 0 new group, else join it */
    int umask;              /* umask: -1 leave */
    int close_others;
    int nrlim;
    int rlim_res[8];        /* rlimit_xxx: resource, soft, hard */
    struct rlimit rlim[8];
    int nredir;
    int rfrom[MAX_REDIR], rto[MAX_REDIR];   /* dup2(from, to); from -1: close(to) */
    int nopened;
    int opened[MAX_REDIR];  /* fds the parent opened for redirects (closed after spawn) */
    int exception;          /* system(..., exception: true) */
    int err;                /* set by the child: errno of the failed exec */
    int err_chdir;          /* set by the child: the chdir failed, not the exec */
    int errfd;              /* fork fallback: the child writes err here; else -1 */
    sigset_t mask;          /* signal mask the child starts with */
    sp_value name;          /* program name for Errno messages */
    sp_value command;       /* whole command for "Command failed" */
} child_spec;

/* CRuby's rule (process.c): one command string goes through /bin/sh when
 * it has a metacharacter, an assignment before the first word, or the
 * first word is a shell reserved word or special built-in. */
static int needs_shell(const char *s)
{
    static const char *const sh_words[] = {
        "!", ".", ":", "break", "case", "continue", "do", "done", "elif", "else",
        "esac", "eval", "exec", "exit", "export", "fi", "for", "if", "in",
        "readonly", "return", "set", "shift", "then", "times", "trap", "unset",
        "until", "while", NULL };
    const char *first = NULL;
    size_t flen = 0;
    int in_first = 1;
    for (const char *p = s; *p; p++) {
        if (*p == ' ' || *p == '\t') {
            if (first && in_first) { flen = (size_t)(p - first); in_first = 0; }
        } else if (!first) first = p;
        if (strchr("*?{}[]<>()~&|\\$;'`\"\n#", *p)) return 1;
        if (in_first && *p == '=') return 1;
        if (in_first && *p == '/') { in_first = 0; flen = 0; first = NULL; }
    }
    if (first && in_first) flen = strlen(first);
    if (!first || !flen) return 0;
    for (int i = 0; sh_words[i]; i++)
        if (strlen(sh_words[i]) == flen && !memcmp(sh_words[i], first, flen)) return 1;
    return 0;
}

/* Candidate paths for prog: itself when it has a '/', else each PATH entry. */
static char **program_paths(const char *prog, const char *path)
{
    if (strchr(prog, '/') || !*prog) {
        char **r = GC_MALLOC(sizeof(char *) * 2);
        r[0] = (char *)prog;
        return r;
    }
    if (!path) path = getenv("PATH");
    if (!path) path = "/usr/local/bin:/usr/bin:/bin";
    int n = 1;
    for (const char *p = path; *p; p++) n += *p == ':';
    char **r = GC_MALLOC(sizeof(char *) * (size_t)(n + 1));
    int k = 0;
    for (const char *p = path;;) {
        const char *e = strchr(p, ':');
        size_t dl = e ? (size_t)(e - p) : strlen(p);
        size_t pl = strlen(prog);
        char *full = GC_MALLOC_ATOMIC(dl + pl + 2);
        if (dl) { memcpy(full, p, dl); full[dl] = '/'; memcpy(full + dl + 1, prog, pl + 1); }
        else memcpy(full, prog, pl + 1);     /* empty entry: current directory */
        r[k++] = full;
        if (!e) break;
        p = e + 1;
    }
    return r;
}

static char *cstr_arg(sp_value v)
{
    v = sp_str_to_str(v);
    size_t n = sp_str_len(v);
    if (memchr(sp_str_ptr(v), 0, n)) sp_raise(sp_eArgError, "string contains null byte");
    return sp_str_cstr(v);
}

/* One string: via the shell, or split on blanks. */
static void command_string(child_spec *cs, sp_value str)
{
    char *s = cstr_arg(str);
    cs->command = str;
    if (needs_shell(s)) {
        cs->argv = GC_MALLOC(sizeof(char *) * 4);
        cs->argv[0] = "sh"; cs->argv[1] = "-c"; cs->argv[2] = s;
        cs->paths = program_paths("/bin/sh", NULL);
        cs->name = sp_str_new_cstr("/bin/sh");
        return;
    }
    size_t len = strlen(s);
    cs->argv = GC_MALLOC(sizeof(char *) * (len / 2 + 2));
    char *buf = GC_MALLOC_ATOMIC(len + 1);
    memcpy(buf, s, len + 1);
    int n = 0;
    for (char *p = buf; *p;) {
        while (*p == ' ' || *p == '\t') *p++ = 0;
        if (!*p) break;
        cs->argv[n++] = p;
        while (*p && *p != ' ' && *p != '\t') p++;
    }
    const char *prog = n ? cs->argv[0] : "";
    cs->paths = program_paths(prog, cs->envpath);
    cs->searched = !strchr(prog, '/');
    cs->name = sp_str_new_cstr(prog);
    if (!n) cs->argv[0] = "";
}

/* cmd, arg... (each exec'd as given; cmd may be [path, argv0]) */
static void command_list(child_spec *cs, int n, sp_value first, const sp_value *argv)
{
    cs->argv = GC_MALLOC(sizeof(char *) * (size_t)(n + 1));
    char *prog;
    if (sp_ary_p(first)) {
        if (sp_ary_len(first) != 2) sp_raise(sp_eArgError, "wrong first argument");
        prog = cstr_arg(sp_ary_entry(first, 0));
        cs->argv[0] = cstr_arg(sp_ary_entry(first, 1));
        cs->name = sp_ary_entry(first, 0);
    } else {
        prog = cs->argv[0] = cstr_arg(first);
        cs->name = first;
    }
    for (int i = 1; i < n; i++) cs->argv[i] = cstr_arg(argv[i]);
    cs->paths = program_paths(prog, cs->envpath);
    cs->searched = !strchr(prog, '/');
    cs->command = cs->name;
}

static int env_fn(sp_value k, sp_value v, void *arg)
{
    sp_value *a = arg;      /* a[0]: Array of "K=V" Strings, a[1]: Array of names */
    k = sp_str_to_str(k);
    char *name = cstr_arg(k);
    if (strchr(name, '=')) sp_raise(sp_eArgError, "environment name contains a equal : %s", name);
    sp_ary_push(a[1], k);
    if (v != SP_NIL) {
        sp_value kv = sp_str_format("%s=", name);
        v = sp_str_to_str(v);
        cstr_arg(v);
        sp_str_append(kv, v);
        sp_ary_push(a[0], kv);
    }
    return 0;
}

/* environ minus the names the Hash mentions, plus its non-nil pairs */
static char **build_env(sp_value hash, int unset_others)
{
    extern char **environ;
    sp_value a[2] = { sp_ary_new(), sp_ary_new() };
    sp_hash_foreach(hash, env_fn, a);
    long ne = 0;
    for (char **e = environ; !unset_others && e && *e; e++) ne++;
    long nadd = sp_ary_len(a[0]), nnames = sp_ary_len(a[1]);
    char **r = GC_MALLOC(sizeof(char *) * (size_t)(ne + nadd + 1));
    long k = 0;
    for (long i = 0; i < ne; i++) {
        const char *e = environ[i], *eq = strchr(e, '=');
        size_t nl = eq ? (size_t)(eq - e) : strlen(e);
        int drop = 0;
        for (long j = 0; j < nnames && !drop; j++) {
            sp_value nm = sp_ary_entry(a[1], j);
            drop = sp_str_len(nm) == nl && !memcmp(sp_str_ptr(nm), e, nl);
        }
        if (!drop) {
            size_t l = strlen(e);
            char *c = GC_MALLOC_ATOMIC(l + 1);
            memcpy(c, e, l + 1);
            r[k++] = c;
        }
    }
    for (long i = 0; i < nadd; i++) r[k++] = sp_str_cstr(sp_ary_entry(a[0], i));
    return r;
}

static void add_redir(child_spec *cs, int from, int to)
{
    if (cs->nredir == MAX_REDIR) sp_raise(sp_eArgError, "too many redirections");
    cs->rfrom[cs->nredir] = from;
    cs->rto[cs->nredir++] = to;
}

/* A redirection applied before the options' ones (IO.popen's pipe ends:
 * err: [:child, :out] must then see the pipe as fd 1); the parent closes
 * `from` after the spawn. */
static void add_pipe_redir(child_spec *cs, int from, int to)
{
    if (cs->nredir == MAX_REDIR || cs->nopened == MAX_REDIR) sp_raise(sp_eArgError, "too many redirections");
    memmove(cs->rfrom + 1, cs->rfrom, sizeof(int) * (size_t)cs->nredir);
    memmove(cs->rto + 1, cs->rto, sizeof(int) * (size_t)cs->nredir);
    cs->rfrom[0] = from;
    cs->rto[0] = to;
    cs->nredir++;
    cs->opened[cs->nopened++] = from;
}

/* The child fd a redirect key names (:in, :out, :err, Integer, IO). */
static int redir_fd(sp_value key)
{
    if (SP_FIXNUM_P(key)) return (int)SP_FIX2LONG(key);
    if (SP_SYMBOL_P(key)) {
        const char *n = sp_id_name(SP_SYM2ID(key));
        if (!strcmp(n, "in")) return 0;
        if (!strcmp(n, "out")) return 1;
        if (!strcmp(n, "err")) return 2;
        return -1;
    }
    if (SP_HEAP_P(key) && sp_respond_to(key, sp_intern("fileno"), 0)) {
        if (sp_respond_to(key, sp_intern("flush"), 0)) sp_funcall0(key, "flush");
        return (int)sp_num_to_long(sp_funcall0(key, "fileno"));
    }
    return -1;
}

static int open_redir(child_spec *cs, sp_value path, int flags, int perm)
{
    char *p = cstr_arg(path);
    int fd = open(p, flags | O_CLOEXEC, perm);
    if (fd < 0) sp_raise_syserr(errno, p);
    if (cs->nopened < MAX_REDIR) cs->opened[cs->nopened++] = fd;
    return fd;
}

static int mode_flags(sp_value m, int to)
{
    if (m == SP_NIL) return to == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC;
    if (SP_FIXNUM_P(m)) return (int)SP_FIX2LONG(m);
    const char *s = cstr_arg(m);
    int plus = strchr(s, '+') != NULL;
    if (s[0] == 'r') return plus ? O_RDWR : O_RDONLY;
    if (s[0] == 'w') return (plus ? O_RDWR : O_WRONLY) | O_CREAT | O_TRUNC;
    if (s[0] == 'a') return (plus ? O_RDWR : O_WRONLY) | O_CREAT | O_APPEND;
    sp_raise(sp_eArgError, "invalid access mode %s", s);
}

/* One redirection value for child fd `to`. */
static void redirect(child_spec *cs, int to, sp_value v, int *child_refs, int *nchild)
{
    if (SP_SYMBOL_P(v) && !strcmp(sp_id_name(SP_SYM2ID(v)), "close")) { add_redir(cs, -1, to); return; }
    if (sp_str_p(v)) { add_redir(cs, open_redir(cs, v, mode_flags(SP_NIL, to), 0644), to); return; }
    if (sp_ary_p(v) && sp_ary_len(v) == 2 && SP_SYMBOL_P(sp_ary_entry(v, 0)) &&
        !strcmp(sp_id_name(SP_SYM2ID(sp_ary_entry(v, 0))), "child")) {
        /* [:child, fd]: dup of the child's fd, after the plain ones */
        if (*nchild < MAX_REDIR) {
            child_refs[2 * *nchild] = redir_fd(sp_ary_entry(v, 1));
            child_refs[2 * *nchild + 1] = to;
            (*nchild)++;
        }
        return;
    }
    if (sp_ary_p(v) && sp_ary_len(v) >= 1) {
        sp_value perm = sp_ary_entry(v, 2);
        int fl = mode_flags(sp_ary_entry(v, 1), to);
        add_redir(cs, open_redir(cs, sp_ary_entry(v, 0), fl, perm == SP_NIL ? 0644 : (int)sp_num_to_long(perm)), to);
        return;
    }
    int from = redir_fd(v);
    if (from < 0 && SP_HEAP_P(v) && sp_respond_to(v, sp_intern("to_io"), 1))
        from = redir_fd(sp_funcall0(v, "to_io"));
    if (from < 0) sp_raise(sp_eArgError, "wrong exec redirect action");
    add_redir(cs, from, to);
}

/* allow_exc: 1 system (exception:), 2 IO.popen (mode: is IO.popen's),
 * 3 Open3 (stdin_data:, binmode:) */
typedef struct opt_state { child_spec *cs; int child_refs[2 * MAX_REDIR]; int nchild; int allow_exc; sp_value env; int unset_others; } opt_state;

/* CRuby's TO_BOOL for an option: true, false or nil. */
static int bool_opt(const char *name, sp_value v)
{
    if (v != SP_NIL && v != SP_TRUE && v != SP_FALSE)
        sp_raise(sp_eArgError, "expected true or false as %s: %s", name, sp_str_cstr(sp_inspect(v)));
    return v == SP_TRUE;
}

/* rlimit_NAME: [cur, max] or one limit for both. */
static void rlimit_opt(child_spec *cs, const char *name, sp_value v)
{
    int res = sp_process_rlimit_resource(sp_str_new_cstr(name));
    if (cs->nrlim == 8) sp_raise(sp_eArgError, "too many rlimit options");
    sp_value a = sp_try_convert(v, sp_cArray, "to_ary");
    struct rlimit *rl = &cs->rlim[cs->nrlim];
    if (a != SP_NIL) {
        if (sp_ary_len(a) < 1 || sp_ary_len(a) > 2) sp_raise(sp_eArgError, "wrong exec rlimit option");
        rl->rlim_cur = sp_process_rlimit_value(sp_ary_entry(a, 0));
        rl->rlim_max = sp_ary_len(a) > 1 ? sp_process_rlimit_value(sp_ary_entry(a, 1)) : rl->rlim_cur;
    } else {
        rl->rlim_cur = rl->rlim_max = sp_process_rlimit_value(v);
    }
    cs->rlim_res[cs->nrlim++] = res;
}

static int opt_fn(sp_value k, sp_value v, void *arg)
{
    opt_state *o = arg;
    if (SP_SYMBOL_P(k)) {
        const char *n = sp_id_name(SP_SYM2ID(k));
        if (!strcmp(n, "chdir")) {
            if (!sp_str_p(v) && SP_HEAP_P(v) && sp_respond_to(v, sp_intern("to_path"), 1))
                v = sp_funcall0(v, "to_path");
            o->cs->chdir = cstr_arg(v);
            return 0;
        }
        if (!strcmp(n, "exception") && o->allow_exc == 1) { o->cs->exception = bool_opt(n, v); return 0; }
        if (!strcmp(n, "mode") && o->allow_exc == 2) return 0;
        if ((!strcmp(n, "stdin_data") || !strcmp(n, "binmode")) && o->allow_exc == 3) return 0;
        if (!strcmp(n, "unsetenv_others")) { o->unset_others = bool_opt(n, v); return 0; }
        if (!strcmp(n, "close_others")) { o->cs->close_others = bool_opt(n, v); return 0; }
        if (!strcmp(n, "pgroup")) {
            if (v == SP_TRUE) o->cs->pgroup = 0;
            else if (v != SP_NIL && v != SP_FALSE) {
                long g = sp_num_to_long(v);
                if (g < 0) sp_raise(sp_eArgError, "negative process group ID : %ld", g);
                o->cs->pgroup = (int)g;
            }
            return 0;
        }
        if (!strcmp(n, "umask")) { o->cs->umask = (int)sp_num_to_long(v) & 07777; return 0; }
        if (!strncmp(n, "rlimit_", 7)) {
            char up[32];
            size_t i = 0;
            for (const char *c = n + 7; *c && i < sizeof up - 1; c++) up[i++] = (char)(*c >= 'a' && *c <= 'z' ? *c - 32 : *c);
            up[i] = 0;
            rlimit_opt(o->cs, up, v);
            return 0;
        }
    }
    if (sp_ary_p(k)) {          /* [:out, :err] => target: one open file for all */
        long n = sp_ary_len(k);
        int first = -1;
        for (long i = 0; i < n; i++) {
            int to = redir_fd(sp_ary_entry(k, i));
            if (to < 0) sp_raise(sp_eArgError, "wrong exec option");
            if (first < 0) { redirect(o->cs, to, v, o->child_refs, &o->nchild); first = to; }
            else add_redir(o->cs, first, to);
        }
        return 0;
    }
    int to = redir_fd(k);
    if (to < 0) {
        if (SP_SYMBOL_P(k)) sp_raise(sp_eArgError, "wrong exec option symbol: %s", sp_id_name(SP_SYM2ID(k)));
        sp_raise(sp_eArgError, "wrong exec option");
    }
    redirect(o->cs, to, v, o->child_refs, &o->nchild);
    return 0;
}

/* An empty spec: no option changes anything (pgroup/umask -1: leave). */
static void child_spec_init(child_spec *cs)
{
    memset(cs, 0, sizeof *cs);
    cs->command = cs->name = SP_NIL;
    cs->pgroup = cs->umask = -1;
}

/* ([env,] command... [,options]) as system/spawn/exec take them. */
static void parse_command(child_spec *cs, int argc_, const sp_value *argv, int allow_exc)
{
    child_spec_init(cs);
    int n = SP_ARGC(argc_);
    sp_value opts = SP_NIL, env = SP_NIL;
    if (n > 0 && sp_hash_p(argv[n - 1])) opts = argv[--n];
    int i = 0;
    if (n > 0 && !sp_str_p(argv[0]) && !sp_ary_p(argv[0])) {
        env = sp_try_convert(argv[0], sp_cHash, "to_hash");
        if (env != SP_NIL) i = 1;
    }
    if (i >= n) sp_raise_arity(n, 1, -1);
    opt_state o = { .cs = cs, .allow_exc = allow_exc };
    if (opts != SP_NIL) sp_hash_foreach(opts, opt_fn, &o);
    if (env != SP_NIL) {
        sp_value path = sp_hash_lookup(env, sp_str_new_cstr("PATH"), SP_NIL);
        if (path != SP_NIL) cs->envpath = cstr_arg(path);
    }
    sp_value first = argv[i];
    if (!sp_str_p(first) && !sp_ary_p(first)) {
        sp_value a = sp_try_convert(first, sp_cArray, "to_ary");
        if (a != SP_NIL) first = a;
    }
    if (n - i == 1 && !sp_ary_p(first)) command_string(cs, first);
    else command_list(cs, n - i, first, argv + i);
    for (int k = 0; k < o.nchild; k++) add_redir(cs, o.child_refs[2 * k], o.child_refs[2 * k + 1]);
    if (env != SP_NIL || o.unset_others) cs->envp = build_env(env == SP_NIL ? sp_hash_new() : env, o.unset_others);
    sigemptyset(&cs->mask);
}

/* ------------------------------------------------------------------ */
/* Starting and waiting                                                */

/* Apply cs's redirections and chdir; 0 or an errno.  Async-signal-safe:
 * the clone child and Kernel#exec share it. */
static int apply_redirs(child_spec *cs)
{
    for (int i = 0; i < cs->nredir; i++) {
        int from = cs->rfrom[i], to = cs->rto[i];
        if (from < 0) close(to);
        else if (from == to) fcntl(to, F_SETFD, 0);
        else if (dup2(from, to) < 0) return errno;
    }
    if (cs->close_others) {
        /* fds >= 3 except the redirections' targets: close-on-exec */
        int hi = 3;
        for (int i = 0; i < cs->nredir; i++) if (cs->rto[i] >= hi) hi = cs->rto[i] + 1;
        for (int fd = 3; fd < hi; fd++) {
            int keep = 0;
            for (int i = 0; i < cs->nredir; i++) keep |= cs->rto[i] == fd && cs->rfrom[i] >= 0;
            if (!keep) fcntl(fd, F_SETFD, FD_CLOEXEC);
        }
#ifdef CLOSE_RANGE_CLOEXEC
        syscall(SYS_close_range, (unsigned)hi, ~0u, CLOSE_RANGE_CLOEXEC);
#endif
    }
    for (int i = 0; i < cs->nrlim; i++)
        if (setrlimit(cs->rlim_res[i], &cs->rlim[i]) < 0) return errno;
    if (cs->pgroup >= 0 && setpgid(0, cs->pgroup) < 0) return errno;
    if (cs->umask >= 0) umask((mode_t)cs->umask);
    if (cs->chdir && chdir(cs->chdir) < 0) { cs->err_chdir = 1; return errno; }
    return 0;
}

/* execve each candidate path (execvp's rules); returns the errno to
 * report when none could be exec'd.  Async-signal-safe. */
static int exec_paths(const child_spec *cs, char **envp)
{
    int err = ENOENT, seen_eacces = 0;
    for (char **p = cs->paths; *p; p++) {
        execve(*p, cs->argv, envp);
        err = errno;
        if (err == EACCES) seen_eacces = !cs->searched;
        else if (err != ENOENT && err != ENOTDIR) return err;
    }
    return seen_eacces && (err == ENOENT || err == ENOTDIR) ? EACCES : err;
}

/* Runs in the child: clone(CLONE_VM | CLONE_VFORK) on its own stack, so
 * it shares the parent's memory while the parent is suspended.  Only
 * async-signal-safe calls, no allocation; the parent blocked every
 * signal before the clone, so no handler of ours can run here. */
static int child_main(void *arg)
{
    child_spec *cs = arg;
    extern char **environ;
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    for (int s = 1; s < NSIG; s++) {
        struct sigaction old;
        if (s == SIGKILL || s == SIGSTOP) continue;
        if (sigaction(s, NULL, &old) == 0 && old.sa_handler != SIG_DFL &&
            (old.sa_handler != SIG_IGN || s == SIGPIPE))
            sigaction(s, &dfl, NULL);
    }
    int err = apply_redirs(cs);
    if (!err) {
        sigprocmask(SIG_SETMASK, &cs->mask, NULL);
        err = exec_paths(cs, cs->envp ? cs->envp : environ);
    }
    cs->err = err;
    if (cs->errfd >= 0) {
        int pair[2] = { err, cs->err_chdir };
        ssize_t w = write(cs->errfd, pair, sizeof pair);
        (void)w;
    }
    _exit(127);
}

enum { CHILD_STACK = 64 * 1024 };

/* Start the child; returns its pid (the child may already have exited
 * 127 when cs->err is set).  Flushes Ruby's buffered stdout/stderr
 * first, as CRuby does, so output stays in order.  Raises on clone
 * failure.  Runs as a blocking region: the clone waits for the exec. */
/* Sanitizer builds (scripts/race-check, asan-check) fork instead: their
 * runtimes know fork, not a CLONE_VM child running intercepted calls.
 * The child then reports a failed exec through a close-on-exec pipe. */
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
#define SP_SPAWN_FORK 1
#else
#define SP_SPAWN_FORK 0
#endif

static pid_t start_child(child_spec *cs)
{
    sp_flush_all();
    cs->err = cs->err_chdir = 0;
    cs->errfd = -1;
    sigset_t all, old;
    sigfillset(&all);
#if SP_SPAWN_FORK
    int ep[2];
    if (pipe2(ep, O_CLOEXEC) < 0) sp_raise_syserr(errno, NULL);
    cs->errfd = ep[1];
    sp_blocking_begin();
    pthread_sigmask(SIG_SETMASK, &all, &old);
    pid_t pid = fork();
    if (pid == 0) child_main(cs);
    int cerr = errno;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    close(ep[1]);
    ssize_t n;
    int pair[2];
    do n = read(ep[0], pair, sizeof pair); while (n < 0 && errno == EINTR);
    cs->err = n == (ssize_t)sizeof pair ? pair[0] : 0;
    cs->err_chdir = n == (ssize_t)sizeof pair ? pair[1] : 0;
    close(ep[0]);
    sp_blocking_end();
#else
    void *stk = mmap(NULL, CHILD_STACK, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
    if (stk == MAP_FAILED) sp_raise_syserr(errno, "mmap");
    sp_blocking_begin();
    pthread_sigmask(SIG_SETMASK, &all, &old);
    pid_t pid = clone(child_main, (char *)stk + CHILD_STACK, CLONE_VM | CLONE_VFORK | SIGCHLD, cs);
    int cerr = errno;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    sp_blocking_end();
    munmap(stk, CHILD_STACK);
#endif
    for (int i = 0; i < cs->nopened; i++) close(cs->opened[i]);
    if (pid < 0) sp_raise_syserr(cerr, "fork(2)");
    return pid;
}

/* Park the green thread until fd is readable (sp_sched_wait_fd: the
 * worker runs other threads meanwhile, sysmon's epoll watches the fd;
 * without the scheduler it is poll(2)).  A Thread#raise/kill or SIGINT
 * that arrives meanwhile is handled here; if it unwinds, *fdp is closed
 * first so no descriptor leaks. */
static void park_readable(int *fdp)
{
    if (sp_sched_wait_fd(*fdp, SP_FD_READ, 0) != SP_WAKE_INTERRUPT) return;
    sp_ec *ec = sp_ec_current();
    sp_handler h;
    sp_push_handler(ec, &h, SP_H_ENSURE, NULL);
    if (_setjmp(h.jb) == 0) {
        sp_sched_check_ints();
        sp_pop_handler(ec, &h);
        return;
    }
    sp_pop_handler(ec, &h);
    close(*fdp);
    sp_rejump(ec);
}

/* Wait for one child.  Through a pidfd (Linux >= 5.3) the thread parks
 * like any fd wait, so a slow child holds no worker and Thread#kill /
 * #raise interrupt the wait (the child is then left running, as in
 * CRuby).  Otherwise (any child, WNOHANG, no pidfd): waitpid in a
 * blocking region.  Returns the pid (0 for WNOHANG) or -1 with errno. */
static pid_t wait_child(pid_t pid, int *st, int flags)
{
    pid_t r;
#ifdef SYS_pidfd_open
    int pfd = pid > 0 && !(flags & WNOHANG) ? (int)syscall(SYS_pidfd_open, pid, 0) : -1;
#else
    int pfd = -1;
#endif
    if (pfd >= 0) {
        for (;;) {
            r = waitpid(pid, st, WNOHANG);
            if (r < 0 && errno == EINTR) continue;
            if (r != 0) break;
            park_readable(&pfd);
        }
        int e = errno;
        close(pfd);
        errno = e;
        return r;
    }
    sp_blocking_begin();
    do r = waitpid(pid, st, flags); while (r < 0 && errno == EINTR);
    int e = errno;
    sp_blocking_end();
    errno = e;
    return r;
}

/* Wait for a child whose exec failed, record $? (exit 127), raise. */
static SP_NORETURN void exec_failed(child_spec *cs, pid_t pid)
{
    int st = 0, err = cs->err;
    if (wait_child(pid, &st, 0) == pid) set_last_status(status_new(pid, st));
    sp_raise_syserr(err, cs->err_chdir ? cs->chdir : sp_str_cstr(cs->name));
}

/* system([env,] command... [,options], exception: false) -> true/false/nil */
SP_METHOD(k_system)
{
    child_spec cs;
    parse_command(&cs, argc_, argv, 1);
    pid_t pid = start_child(&cs);
    if (cs.err) {
        if (cs.exception) exec_failed(&cs, pid);
        int st = 0;
        if (wait_child(pid, &st, 0) == pid) set_last_status(status_new(pid, st));
        return SP_NIL;
    }
    int st = 0;
    if (wait_child(pid, &st, 0) < 0) sp_raise_syserr(errno, NULL);
    set_last_status(status_new(pid, st));
    if (WIFEXITED(st) && WEXITSTATUS(st) == 0) return SP_TRUE;
    if (cs.exception) {
        sp_value m = status_desc(sp_str_new_cstr("Command failed with "), st);
        sp_str_cat(m, ": ", 2);
        sp_str_append(m, sp_str_to_str(cs.command));
        sp_raise(sp_eRuntimeError, "%s", sp_str_cstr(m));
    }
    return SP_FALSE;
}

/* spawn([env,] command... [,options]) -> pid */
SP_METHOD(k_spawn)
{
    child_spec cs;
    parse_command(&cs, argc_, argv, 0);
    pid_t pid = start_child(&cs);
    if (cs.err) exec_failed(&cs, pid);
    return SP_FIX(pid);
}

/* `cmd` and %x{cmd}: the child's stdout as a String; sets $?. */
SP_METHOD(k_backtick)
{
    if (argc != 1) sp_raise_arity(argc, 1, 1);
    child_spec cs;
    child_spec_init(&cs);
    command_string(&cs, argv[0]);
    sigemptyset(&cs.mask);
    int p[2];
    if (pipe2(p, O_CLOEXEC) < 0) sp_raise_syserr(errno, NULL);
    add_pipe_redir(&cs, p[1], 1);
    pid_t pid = start_child(&cs);
    if (cs.err) { close(p[0]); exec_failed(&cs, pid); }
    /* read to EOF (parking while the pipe is empty), then reap */
    sp_value out = sp_str_buf_new(256);
    char chunk[8192];
    int rerr = 0;
    for (;;) {
        struct pollfd pf = { .fd = p[0], .events = POLLIN };
        if (poll(&pf, 1, 0) == 0) { park_readable(&p[0]); continue; }
        ssize_t r = read(p[0], chunk, sizeof chunk);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) { rerr = errno; break; }
        if (r == 0) break;
        sp_str_cat(out, chunk, (size_t)r);
    }
    close(p[0]);
    int st = 0;
    if (wait_child(pid, &st, 0) == pid) set_last_status(status_new(pid, st));
    if (rerr) sp_raise_syserr(rerr, NULL);
    return out;
}

/* Wait for a child and set $? (IO#close of an IO.popen IO). */
void sp_process_reap(pid_t pid)
{
    int st = 0;
    if (wait_child(pid, &st, 0) == pid) set_last_status(status_new(pid, st));
}

/* The ensure of IO.popen's block: close (reaping the child, setting $?)
 * unless the block did. */
static void popen_close(sp_value io)
{
    if (!SP_RTEST(sp_funcall0(io, "closed?"))) sp_funcall0(io, "close");
}

/* IO.popen([env,] cmd, mode = "r" [, opts]) [{ |io| }]: cmd is a String
 * (shell rules as for system) or an Array ([env,] prog, args... [,opts];
 * never a shell).  "r" reads the child's stdout, "w" writes its stdin,
 * "r+"/"w+" both.  IO#close (at the end of the block) reaps the child and
 * sets $?. */
SP_METHOD(io_s_popen)
{
    int n = argc, i = 0;
    sp_value opts = SP_NIL, env = SP_NIL;
    if (n > 1 && sp_hash_p(argv[n - 1])) opts = argv[--n];
    if (n > 0 && sp_hash_p(argv[0])) { env = argv[0]; i = 1; }
    if (n - i < 1 || n - i > 2) sp_raise_arity(n, 1, 2);
    sp_value cmd = argv[i], mode = n - i > 1 ? argv[i + 1] : SP_NIL;
    if (mode == SP_NIL && opts != SP_NIL) mode = sp_hash_lookup(opts, sp_sym("mode"), SP_NIL);
    const char *m = mode == SP_NIL ? "r" : cstr_arg(mode);
    int rd = m[0] == 'r' || strchr(m, '+'), wr = m[0] == 'w' || strchr(m, '+');
    if (m[0] != 'r' && m[0] != 'w') sp_raise(sp_eArgError, "invalid access mode %s", m);
    sp_value a = sp_ary_new();
    if (env != SP_NIL) sp_ary_push(a, env);
    if (sp_ary_p(cmd)) {
        long len = sp_ary_len(cmd), words = 0, at = -1;
        for (long k = 0; k < len; k++)
            if (!sp_hash_p(sp_ary_entry(cmd, k))) { words++; at = k; }
        for (long k = 0; k < len; k++) {
            sp_value e = sp_ary_entry(cmd, k);
            if (words == 1 && k == at && !sp_ary_p(e)) {     /* one word: exec it, no shell */
                sp_value pair[2] = { e, e };
                e = sp_ary_new_from(2, pair);
            }
            sp_ary_push(a, e);
        }
    } else {
        cmd = sp_str_to_str(cmd);
        if (sp_str_len(cmd) == 1 && sp_str_ptr(cmd)[0] == '-')
            sp_raise(sp_eNotImpError, "fork() function is unimplemented on this machine");
        sp_ary_push(a, cmd);
    }
    if (opts != SP_NIL) sp_ary_push(a, opts);
    long na;
    sp_value *args = sp_ary_snap(a, &na);
    child_spec cs;
    parse_command(&cs, (int)na, args, 2);
    int rp[2] = { -1, -1 }, wp[2] = { -1, -1 };
    if ((rd && pipe2(rp, O_CLOEXEC) < 0) || (wr && pipe2(wp, O_CLOEXEC) < 0)) {
        int e = errno;
        if (rp[0] >= 0) { close(rp[0]); close(rp[1]); }
        sp_raise_syserr(e, NULL);
    }
    if (rd) add_pipe_redir(&cs, rp[1], 1);
    if (wr) add_pipe_redir(&cs, wp[0], 0);
    pid_t pid = start_child(&cs);
    if (cs.err) {
        if (rd) close(rp[0]);
        if (wr) close(wp[1]);
        exec_failed(&cs, pid);
    }
    sp_value io = sp_io_popen_new(self, rp[0], wp[1], pid);
    if (blk == SP_NIL) return io;
    return sp_yield_ensure(blk, 1, &io, popen_close, io);
}

/* exec([env,] command... [,options]): replaces the process. */
SP_METHOD(k_exec)
{
    child_spec cs;
    extern char **environ;
    parse_command(&cs, argc_, argv, 0);
    sp_flush_all();
    int err = apply_redirs(&cs);
    if (err) sp_raise_syserr(err, cs.err_chdir ? cs.chdir : NULL);
    sp_raise_syserr(exec_paths(&cs, cs.envp ? cs.envp : environ), sp_str_cstr(cs.name));
}

/* Process.wait(pid = -1, flags = 0) -> pid or nil (WNOHANG) */
static pid_t do_wait(int argc_, const sp_value *argv, int *st)
{
    int n = SP_ARGC(argc_);
    if (n > 2) sp_raise_arity(n, 0, 2);
    pid_t pid = n > 0 && argv[0] != SP_NIL ? (pid_t)sp_num_to_long(argv[0]) : -1;
    int flags = n > 1 && argv[1] != SP_NIL ? (int)sp_num_to_long(argv[1]) : 0;
    pid_t r = wait_child(pid, st, flags);
    if (r < 0) sp_raise_syserr(errno, NULL);
    if (r > 0) set_last_status(status_new(r, *st));
    return r;
}
SP_METHOD(p_wait)
{
    int st = 0;
    pid_t r = do_wait(argc_, argv, &st);
    return r == 0 ? SP_NIL : SP_FIX(r);
}
SP_METHOD(p_wait2)
{
    int st = 0;
    pid_t r = do_wait(argc_, argv, &st);
    if (r == 0) return SP_NIL;
    sp_value pair[2] = { SP_FIX(r), sp_process_last_status() };
    return sp_ary_new_from(2, pair);
}
SP_METHOD(p_waitall)
{
    sp_value res = sp_ary_new();
    for (;;) {
        int st = 0;
        pid_t r = wait_child(-1, &st, 0);
        if (r < 0) break;
        sp_value s = status_new(r, st);
        set_last_status(s);
        sp_value pair[2] = { SP_FIX(r), s };
        sp_ary_push(res, sp_ary_new_from(2, pair));
    }
    return res;
}
SP_METHOD(p_last_status) { return sp_process_last_status(); }

/* Process::Status.wait(pid = -1, flags = 0): a Status, $? untouched; with
 * no child to wait for a Status of pid -1. */
SP_METHOD(st_s_wait)
{
    int n = argc;
    if (n > 2) sp_raise_arity(n, 0, 2);
    pid_t pid = n > 0 && argv[0] != SP_NIL ? (pid_t)sp_num_to_long(argv[0]) : -1;
    int flags = n > 1 && argv[1] != SP_NIL ? (int)sp_num_to_long(argv[1]) : 0;
    int st = 0;
    pid_t r = wait_child(pid, &st, flags);
    if (r == 0) return SP_NIL;
    return status_new(r < 0 ? -1 : r, r < 0 ? 0 : st);
}

/* Process.kill(signal, pid, ...) -> number of pids signalled */
SP_METHOD(p_kill)
{
    int n = argc;
    if (n < 2) sp_raise_arity(n, 2, -1);
    int group, sig = sp_signal_number_neg(argv[0], &group), self_hit = 0;
    pid_t me = getpid();
    for (int i = 1; i < n; i++) {
        pid_t pid = (pid_t)sp_num_to_long(argv[i]);
        if (kill(group ? -pid : pid, sig) < 0) sp_raise_syserr(errno, NULL);
        self_hit |= pid == me || pid == 0;
    }
    /* a signal to ourselves: its handler runs before kill returns on
     * the main thread (CRuby); elsewhere the main thread runs it later */
    if (self_hit && sig) sp_sched_check_ints();
    return SP_FIX(n - 1);
}

SP_METHOD(p_getpgrp) { return SP_FIX(getpgrp()); }

/* ------------------------------------------------------------------ */
/* Process.detach and Open3                                            */

static sp_value cWaiter;     /* Process::Waiter < Thread */

/* A new klass Thread running fn(env) (sp_proc_new: the Proc keeps env alive). */
static sp_value thread_running(sp_value klass, sp_blockfn fn, void *env)
{
    sp_value proc = sp_proc_new(fn, env, SP_NIL, 0, 0, 0);
    return sp_funcall(klass, sp_intern("new"), 0, NULL, proc);
}

static sp_value waiter_body(sp_proc *self, int argc, const sp_value *argv, sp_value blk)
{
    pid_t pid = (pid_t)(intptr_t)self->env;
    int st = 0;
    if (wait_child(pid, &st, 0) != pid) return SP_NIL;
    sp_value s = status_new(pid, st);
    set_last_status(s);
    return s;
}

SP_METHOD(waiter_pid)
{
    return sp_ivar_get(self, sp_intern("pid"));     /* hidden attribute */
}

/* A Process::Waiter (Thread) that reaps pid; its value is the Process::Status, #pid the pid
 * (Process.detach, Open3's wait_thr). */
static sp_value waiter_thread(pid_t pid)
{
    sp_value th = thread_running(cWaiter, waiter_body, (void *)(intptr_t)pid);
    sp_ivar_set(th, sp_intern("pid"), SP_FIX(pid));
    sp_value kv[2] = { sp_sym("pid"), SP_FIX(pid) };       /* thr[:pid], as CRuby */
    sp_funcall(th, sp_intern("[]="), 2, kv, SP_NIL);
    return th;
}

SP_METHOD(p_detach)
{
    return waiter_thread((pid_t)sp_num_to_long(argv[0]));
}

static sp_value reader_body(sp_proc *self, int argc, const sp_value *argv, sp_value blk)
{
    return sp_funcall0((sp_value)self->env, "read");
}

enum { O3_IN = 1, O3_OUT = 2, O3_ERR = 4, O3_MERGE = 8 };

typedef struct o3_child { sp_value in, out, err, thr, stdin_data; } o3_child;

/* Start cmd (Open3's argument rules: as spawn, plus stdin_data:/binmode:)
 * with pipes for the streams in `which`; O3_MERGE sends stderr into the
 * stdout pipe. */
static void o3_start(int argc_, const sp_value *argv, int which, o3_child *c)
{
    int n = SP_ARGC(argc_);
    c->in = c->out = c->err = c->thr = SP_NIL;
    c->stdin_data = SP_NIL;
    if (n > 0 && sp_hash_p(argv[n - 1]))
        c->stdin_data = sp_hash_lookup(argv[n - 1], sp_sym("stdin_data"), SP_NIL);
    child_spec cs;
    parse_command(&cs, argc_, argv, 3);
    int fds[3][2] = { { -1, -1 }, { -1, -1 }, { -1, -1 } };
    for (int k = 0; k < 3; k++) {
        if (!(which & (1 << k))) continue;
        if (pipe2(fds[k], O_CLOEXEC) < 0) {
            int e = errno;
            for (int j = 0; j < k; j++) if (fds[j][0] >= 0) { close(fds[j][0]); close(fds[j][1]); }
            sp_raise_syserr(e, NULL);
        }
    }
    if (which & O3_IN) add_pipe_redir(&cs, fds[0][0], 0);
    if (which & O3_OUT) add_pipe_redir(&cs, fds[1][1], 1);
    if (which & O3_ERR) add_pipe_redir(&cs, fds[2][1], 2);
    if (which & O3_MERGE) add_redir(&cs, 1, 2);     /* after the pipes: dup of fd 1 */
    pid_t pid = start_child(&cs);
    if (cs.err) {
        if (fds[0][1] >= 0) close(fds[0][1]);
        if (fds[1][0] >= 0) close(fds[1][0]);
        if (fds[2][0] >= 0) close(fds[2][0]);
        exec_failed(&cs, pid);
    }
    if (which & O3_IN) c->in = sp_io_popen_new(sp_cIO, -1, fds[0][1], 0);
    if (which & O3_OUT) c->out = sp_io_popen_new(sp_cIO, fds[1][0], -1, 0);
    if (which & O3_ERR) c->err = sp_io_popen_new(sp_cIO, fds[2][0], -1, 0);
    c->thr = waiter_thread(pid);
}

/* The streams given to a popen block, in Open3's order. */
static int o3_streams(const o3_child *c, sp_value *v)
{
    int n = 0;
    if (c->in != SP_NIL) v[n++] = c->in;
    if (c->out != SP_NIL) v[n++] = c->out;
    if (c->err != SP_NIL) v[n++] = c->err;
    v[n++] = c->thr;
    return n;
}

/* The ensure of popen3's block (open3.rb's popen_run): close the
 * streams, then join the waiter; vals is [streams..., waiter]. */
static void o3_finish(sp_value vals)
{
    long n = sp_ary_len(vals);
    for (long i = 0; i < n - 1; i++) {
        sp_value s = sp_ary_entry(vals, i);
        if (!SP_RTEST(sp_funcall0(s, "closed?"))) sp_funcall0(s, "close");
    }
    sp_funcall0(sp_ary_entry(vals, n - 1), "join");
}

/* popen3/popen2/popen2e: with a block, yield and then close the streams
 * and join the waiter however the block is left (a raise, or a break or
 * return from it, as open3.rb's ensure); else return the Array. */
static sp_value o3_popen(int argc_, const sp_value *argv, sp_value blk, int which)
{
    o3_child c;
    o3_start(argc_, argv, which, &c);
    sp_value v[4];
    int n = o3_streams(&c, v);
    if (blk == SP_NIL) return sp_ary_new_from(n, v);
    return sp_yield_ensure(blk, n, v, o3_finish, sp_ary_new_from(n, v));
}

static sp_value o3_write_body(void *arg)
{
    sp_value *a = arg;
    return sp_funcall1(a[0], "write", a[1]);
}

/* capture3/capture2/capture2e: reader threads drain the output pipes
 * while stdin_data is written, so no pipe fills up and blocks the child. */
static sp_value o3_capture(int argc_, const sp_value *argv, int which)
{
    o3_child c;
    o3_start(argc_, argv, which | O3_IN, &c);
    sp_value rout = thread_running(sp_cThread, reader_body, (void *)c.out);
    sp_value rerr = c.err != SP_NIL ? thread_running(sp_cThread, reader_body, (void *)c.err) : SP_NIL;
    if (c.stdin_data != SP_NIL) {
        sp_value e = SP_NIL;
        sp_value arg[2] = { c.in, c.stdin_data };
        /* a child that exits without reading its input: EPIPE, ignored as CRuby does */
        sp_run_protected(o3_write_body, arg, &e);
        if (e != SP_NIL && !(sp_respond_to(e, sp_intern("errno"), 0) &&
                             sp_funcall0(e, "errno") == SP_FIX(EPIPE)))
            sp_raise_exc(e);
    }
    sp_funcall0(c.in, "close");
    sp_value out = sp_funcall0(rout, "value");
    sp_value err = rerr != SP_NIL ? sp_funcall0(rerr, "value") : SP_NIL;
    sp_funcall0(c.out, "close");
    if (c.err != SP_NIL) sp_funcall0(c.err, "close");
    sp_value st = sp_funcall0(c.thr, "value");
    sp_value r[3] = { out, err, st };
    if (err == SP_NIL) { r[1] = st; return sp_ary_new_from(2, r); }
    return sp_ary_new_from(3, r);
}

#define O3_FN(name, body) \
    SP_METHOD(name) { return body; }
O3_FN(o3_popen3, o3_popen(argc_, argv, blk, O3_IN | O3_OUT | O3_ERR))
O3_FN(o3_popen2, o3_popen(argc_, argv, blk, O3_IN | O3_OUT))
O3_FN(o3_popen2e, o3_popen(argc_, argv, blk, O3_IN | O3_OUT | O3_MERGE))
O3_FN(o3_capture3, o3_capture(argc_, argv, O3_OUT | O3_ERR))
O3_FN(o3_capture2, o3_capture(argc_, argv, O3_OUT))
O3_FN(o3_capture2e, o3_capture(argc_, argv, O3_OUT | O3_MERGE))
#undef O3_FN

/* SIGPIPE: a no-op handler (not SIG_IGN, so exec'd children get the
 * default back), as CRuby does: a write to a pipe without reader fails
 * with EPIPE and sp_io.c raises Errno::EPIPE (stdout/stderr: dies of
 * SIGPIPE like CRuby). */
static void sigpipe_noop(int sig) { (void)sig; }

void sp_process_init(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = sigpipe_noop;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGPIPE, &sa, NULL);

    sp_value P = sp_mProcess;
    if (!P) P = sp_mProcess = sp_define_module("Process");
    sp_define_const(P, "CLOCK_REALTIME", SP_FIX(CLOCK_REALTIME));
    sp_define_const(P, "CLOCK_MONOTONIC", SP_FIX(CLOCK_MONOTONIC));
    sp_define_const(P, "CLOCK_PROCESS_CPUTIME_ID", SP_FIX(CLOCK_PROCESS_CPUTIME_ID));
    sp_define_const(P, "CLOCK_THREAD_CPUTIME_ID", SP_FIX(CLOCK_THREAD_CPUTIME_ID));
#ifdef CLOCK_MONOTONIC_RAW
    sp_define_const(P, "CLOCK_MONOTONIC_RAW", SP_FIX(CLOCK_MONOTONIC_RAW));
#endif
#ifdef CLOCK_BOOTTIME
    sp_define_const(P, "CLOCK_BOOTTIME", SP_FIX(CLOCK_BOOTTIME));
#endif
    sp_define_const(P, "CLOCK_REALTIME_COARSE", SP_FIX(CLOCK_REALTIME_COARSE));
    sp_define_const(P, "CLOCK_MONOTONIC_COARSE", SP_FIX(CLOCK_MONOTONIC_COARSE));
    sp_define_const(P, "CLOCK_REALTIME_ALARM", SP_FIX(CLOCK_REALTIME_ALARM));
    sp_define_const(P, "CLOCK_BOOTTIME_ALARM", SP_FIX(CLOCK_BOOTTIME_ALARM));
    sp_define_module_function(P, "clock_gettime", p_clock_gettime, -1);
    sp_define_module_function(P, "clock_getres", p_clock_getres, -1);
    sp_define_module_function(P, "pid", p_pid, 0);
    sp_define_module_function(P, "ppid", p_ppid, 0);
    sp_define_module_function(P, "argv0", p_argv0, 0);
    sp_define_module_function(P, "warmup", p_warmup, 0);
    sp_define_module_function(P, "setproctitle", p_setproctitle, 1);
    sp_define_module_function(P, "wait", p_wait, -1);
    sp_define_module_function(P, "waitpid", p_wait, -1);
    sp_define_module_function(P, "wait2", p_wait2, -1);
    sp_define_module_function(P, "waitpid2", p_wait2, -1);
    sp_define_module_function(P, "waitall", p_waitall, 0);
    sp_define_module_function(P, "last_status", p_last_status, 0);
    sp_define_module_function(P, "kill", p_kill, -1);
    sp_define_module_function(P, "detach", p_detach, 1);
    cWaiter = sp_define_class_under(P, "Waiter", sp_cThread);
    sp_define_method(cWaiter, "pid", waiter_pid, 0);
    sp_define_module_function(P, "getpgrp", p_getpgrp, 0);
    sp_process_id_init(P);
    sp_define_module_function(P, "spawn", k_spawn, -1);
    sp_define_module_function(P, "exec", k_exec, -1);
    sp_define_const(P, "WNOHANG", SP_FIX(WNOHANG));
    sp_define_const(P, "WUNTRACED", SP_FIX(WUNTRACED));

    sp_value K = sp_mKernel;
    sp_define_private_method(K, "system", k_system, -1);
    sp_define_private_method(K, "spawn", k_spawn, -1);
    sp_define_private_method(K, "exec", k_exec, -1);
    sp_define_private_method(K, "`", k_backtick, -1);
    sp_define_singleton_method(sp_cIO, "popen", io_s_popen, -1);

    /* Open3 (require 'open3' is a no-op: sp_kernel.c) */
    sp_value O = sp_define_module("Open3");
    sp_define_module_function(O, "popen3", o3_popen3, -1);
    sp_define_module_function(O, "popen2", o3_popen2, -1);
    sp_define_module_function(O, "popen2e", o3_popen2e, -1);
    sp_define_module_function(O, "capture3", o3_capture3, -1);
    sp_define_module_function(O, "capture2", o3_capture2, -1);
    sp_define_module_function(O, "capture2e", o3_capture2e, -1);

    sp_value S = cStatus = sp_define_class_under(P, "Status", sp_cObject);
    SP_CLASS(S)->alloc = NULL;
    sp_undef_method(sp_singleton_class(S), "new");
    sp_undef_method(sp_singleton_class(S), "allocate");
    sp_define_method(S, "to_s", st_to_s, 0);
    sp_define_method(S, "inspect", st_inspect, 0);
    sp_define_method(S, "pid", st_pid, 0);
    sp_define_method(S, "to_i", st_to_i, 0);
    sp_define_method(S, "exitstatus", st_exitstatus, 0);
    sp_define_method(S, "success?", st_success, 0);
    sp_define_method(S, "exited?", st_exited, 0);
    sp_define_method(S, "signaled?", st_signaled, 0);
    sp_define_method(S, "stopped?", st_stopped, 0);
    sp_define_method(S, "coredump?", st_coredump, 0);
    sp_define_method(S, "termsig", st_termsig, 0);
    sp_define_method(S, "stopsig", st_stopsig, 0);
    sp_define_method(S, "==", st_eq, 1);
    sp_define_method(S, "&", st_and, 1);
    sp_define_method(S, ">>", st_rshift, 1);
    sp_define_singleton_method(S, "wait", st_s_wait, -1);
}

#define _GNU_SOURCE
/*
 * sp_process_id.c — the Process methods about the process's identity and
 * limits: user and group ids (Process.uid=, Process::UID, Process::GID,
 * Process::Sys), supplementary groups, process groups and sessions,
 * scheduling priorities and resource limits (getrlimit/setrlimit, also
 * the rlimit_xxx: options of spawn, sp_process.c).
 *
 * Each method is one system call; a failure raises the Errno class of
 * its errno (sp_raise_syserr), as CRuby.  A user or group argument is an
 * Integer or a name looked up with getpwnam/getgrnam (ArgumentError
 * "can't find user for NAME" when there is none).  Process.maxgroups is
 * a per-process setting, as in CRuby (it bounds Process.groups=).
 */
#include "spinel.h"
#include "sp_numeric.h"
#include "sp_string.h"
#include "sp_array.h"

#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

int sp_process_rlimit_resource(sp_value v);
rlim_t sp_process_rlimit_value(sp_value v);
void sp_process_id_init(sp_value P);

/* ------------------------------------------------------------------ */
/* Resource limits                                                     */

static const struct { const char *name; int res; } rlimit_names[] = {
    { "AS", RLIMIT_AS }, { "CORE", RLIMIT_CORE }, { "CPU", RLIMIT_CPU },
    { "DATA", RLIMIT_DATA }, { "FSIZE", RLIMIT_FSIZE }, { "MEMLOCK", RLIMIT_MEMLOCK },
    { "MSGQUEUE", RLIMIT_MSGQUEUE }, { "NICE", RLIMIT_NICE }, { "NOFILE", RLIMIT_NOFILE },
    { "NPROC", RLIMIT_NPROC }, { "RSS", RLIMIT_RSS }, { "RTPRIO", RLIMIT_RTPRIO },
    { "RTTIME", RLIMIT_RTTIME }, { "SIGPENDING", RLIMIT_SIGPENDING }, { "STACK", RLIMIT_STACK },
};

/* A Symbol's or String's name, or an object's #to_str; NULL for others. */
static const char *name_of(sp_value v)
{
    if (SP_SYMBOL_P(v)) return sp_id_name(SP_SYM2ID(v));
    if (sp_str_p(v)) return sp_str_cstr(v);
    if (SP_HEAP_P(v)) {
        sp_value s = sp_try_convert(v, sp_cString, "to_str");
        if (s != SP_NIL) return sp_str_cstr(s);
    }
    return NULL;
}

/* The resource: RLIMIT_* Integer, or its short name (:CORE, "NOFILE"). */
int sp_process_rlimit_resource(sp_value v)
{
    const char *n = name_of(v);
    if (!n) return (int)sp_num_to_long(v);
    for (size_t i = 0; i < sizeof rlimit_names / sizeof rlimit_names[0]; i++)
        if (strcmp(n, rlimit_names[i].name) == 0) return rlimit_names[i].res;
    sp_raise(sp_eArgError, "invalid resource name: %s", n);
}

/* A limit: an Integer up to RLIM_INFINITY, or INFINITY / SAVED_MAX / SAVED_CUR. */
rlim_t sp_process_rlimit_value(sp_value v)
{
    const char *n = name_of(v);
    if (n) {
        if (!strcmp(n, "INFINITY") || !strcmp(n, "SAVED_MAX") || !strcmp(n, "SAVED_CUR")) return RLIM_INFINITY;
        sp_raise(sp_eArgError, "invalid resource value: %s", n);
    }
    if (!sp_integer_p(v)) v = sp_funcall0(v, "to_int");
    if (!sp_integer_p(v)) sp_raise_type(v, "Integer");
    if (SP_FIXNUM_P(v)) return (rlim_t)SP_FIX2LONG(v);
    mpz_t z;
    mpz_init(z);
    sp_int_to_mpz(v, z);
    int ok = mpz_sgn(z) >= 0 && mpz_sizeinbase(z, 2) <= 64;
    rlim_t r = ok ? (rlim_t)mpz_get_ui(z) : 0;
    mpz_clear(z);
    if (!ok) sp_raise(sp_eRangeError, "bignum out of range of rlim_t");
    return r;
}

SP_METHOD(p_getrlimit)
{
    struct rlimit rl;
    if (getrlimit(sp_process_rlimit_resource(argv[0]), &rl) < 0) sp_raise_syserr(errno, "getrlimit");
    sp_value a[2] = { sp_int_from_u64((uint64_t)rl.rlim_cur), sp_int_from_u64((uint64_t)rl.rlim_max) };
    return sp_ary_new_from(2, a);
}

SP_METHOD(p_setrlimit)
{
    int n = argc;
    if (n < 2 || n > 3) sp_raise_arity(n, 2, 3);
    int res = sp_process_rlimit_resource(argv[0]);
    struct rlimit rl;
    rl.rlim_cur = sp_process_rlimit_value(argv[1]);
    rl.rlim_max = n > 2 ? sp_process_rlimit_value(argv[2]) : rl.rlim_cur;
    if (setrlimit(res, &rl) < 0) sp_raise_syserr(errno, "setrlimit");
    return SP_NIL;
}

/* ------------------------------------------------------------------ */
/* Process groups, sessions, priorities                                */

static pid_t pid_arg(sp_value v) { return (pid_t)sp_num_to_long(v); }

SP_METHOD(p_getpgid)
{
    pid_t r = getpgid(pid_arg(argv[0]));
    if (r < 0) sp_raise_syserr(errno, NULL);
    return SP_FIX(r);
}
SP_METHOD(p_setpgid)
{
    if (setpgid(pid_arg(argv[0]), pid_arg(argv[1])) < 0) sp_raise_syserr(errno, NULL);
    return SP_FIX(0);
}
SP_METHOD(p_setpgrp)
{
    if (setpgid(0, 0) < 0) sp_raise_syserr(errno, NULL);
    return SP_FIX(0);
}
SP_METHOD(p_getsid)
{
    if (argc > 1) sp_raise_arity(argc, 0, 1);
    pid_t r = getsid(argc && argv[0] != SP_NIL ? pid_arg(argv[0]) : 0);
    if (r < 0) sp_raise_syserr(errno, NULL);
    return SP_FIX(r);
}
SP_METHOD(p_setsid)
{
    pid_t r = setsid();
    if (r < 0) sp_raise_syserr(errno, NULL);
    return SP_FIX(r);
}
SP_METHOD(p_getpriority)
{
    errno = 0;
    int r = getpriority((int)sp_num_to_long(argv[0]), (id_t)sp_num_to_long(argv[1]));
    if (r == -1 && errno) sp_raise_syserr(errno, NULL);
    return SP_FIX(r);
}
SP_METHOD(p_setpriority)
{
    if (setpriority((int)sp_num_to_long(argv[0]), (id_t)sp_num_to_long(argv[1]), (int)sp_num_to_long(argv[2])) < 0)
        sp_raise_syserr(errno, NULL);
    return SP_FIX(0);
}

/* ------------------------------------------------------------------ */
/* User and group ids                                                  */

/* A uid: Integer, or a user name (String or #to_str). */
static uid_t uid_arg(sp_value v)
{
    if (sp_integer_p(v)) return (uid_t)sp_num_to_long(v);
    sp_value s = sp_try_convert(v, sp_cString, "to_str");
    if (s == SP_NIL) sp_raise_type(v, "Integer");
    struct passwd pw, *res = NULL;
    char buf[4096];
    getpwnam_r(sp_str_cstr(s), &pw, buf, sizeof buf, &res);
    if (!res) sp_raise(sp_eArgError, "can't find user for %s", sp_str_cstr(s));
    return res->pw_uid;
}

static gid_t gid_arg(sp_value v)
{
    if (sp_integer_p(v)) return (gid_t)sp_num_to_long(v);
    sp_value s = sp_try_convert(v, sp_cString, "to_str");
    if (s == SP_NIL) sp_raise_type(v, "Integer");
    struct group gr, *res = NULL;
    char buf[4096];
    getgrnam_r(sp_str_cstr(s), &gr, buf, sizeof buf, &res);
    if (!res) sp_raise(sp_eArgError, "can't find group for %s", sp_str_cstr(s));
    return res->gr_gid;
}

static sp_value check(int r) { if (r < 0) sp_raise_syserr(errno, NULL); return SP_NIL; }

SP_METHOD(p_uid) { return SP_FIX(getuid()); }
SP_METHOD(p_gid) { return SP_FIX(getgid()); }
SP_METHOD(p_euid) { return SP_FIX(geteuid()); }
SP_METHOD(p_egid) { return SP_FIX(getegid()); }

/* Process.uid= / gid=: the real id (setresuid keeps the others, as CRuby
 * does where setresuid exists); euid= / egid=: the effective one. */
SP_METHOD(p_set_uid) { uid_t u = uid_arg(argv[0]); check(setresuid(u, (uid_t)-1, (uid_t)-1)); return argv[0]; }
SP_METHOD(p_set_gid) { gid_t g = gid_arg(argv[0]); check(setresgid(g, (gid_t)-1, (gid_t)-1)); return argv[0]; }
SP_METHOD(p_set_euid) { uid_t u = uid_arg(argv[0]); check(setresuid((uid_t)-1, u, (uid_t)-1)); return argv[0]; }
SP_METHOD(p_set_egid) { gid_t g = gid_arg(argv[0]); check(setresgid((gid_t)-1, g, (gid_t)-1)); return argv[0]; }

/* Process::Sys: the system calls themselves, returning nil. */
SP_METHOD(sys_setuid) { return check(setuid(uid_arg(argv[0]))); }
SP_METHOD(sys_setgid) { return check(setgid(gid_arg(argv[0]))); }
SP_METHOD(sys_seteuid) { return check(seteuid(uid_arg(argv[0]))); }
SP_METHOD(sys_setegid) { return check(setegid(gid_arg(argv[0]))); }
SP_METHOD(sys_setruid) { return check(setresuid(uid_arg(argv[0]), (uid_t)-1, (uid_t)-1)); }
SP_METHOD(sys_setrgid) { return check(setresgid(gid_arg(argv[0]), (gid_t)-1, (gid_t)-1)); }
SP_METHOD(sys_setreuid) { return check(setreuid(uid_arg(argv[0]), uid_arg(argv[1]))); }
SP_METHOD(sys_setregid) { return check(setregid(gid_arg(argv[0]), gid_arg(argv[1]))); }
SP_METHOD(sys_setresuid) { return check(setresuid(uid_arg(argv[0]), uid_arg(argv[1]), uid_arg(argv[2]))); }
SP_METHOD(sys_setresgid) { return check(setresgid(gid_arg(argv[0]), gid_arg(argv[1]), gid_arg(argv[2]))); }
SP_METHOD(sys_issetugid) { sp_raise(sp_eNotImpError, "issetugid() function is unimplemented on this machine"); }

/* Process::UID / Process::GID: change_privilege sets all three ids,
 * grant_privilege (eid=) the effective one, re_exchange swaps real and
 * effective; each returns the new id. */
SP_METHOD(uid_change_privilege) { uid_t u = uid_arg(argv[0]); check(setresuid(u, u, u)); return SP_FIX(u); }
SP_METHOD(gid_change_privilege) { gid_t g = gid_arg(argv[0]); check(setresgid(g, g, g)); return SP_FIX(g); }
SP_METHOD(uid_grant_privilege) { uid_t u = uid_arg(argv[0]); check(setresuid((uid_t)-1, u, (uid_t)-1)); return SP_FIX(u); }
SP_METHOD(gid_grant_privilege) { gid_t g = gid_arg(argv[0]); check(setresgid((gid_t)-1, g, (gid_t)-1)); return SP_FIX(g); }
SP_METHOD(uid_re_exchange)
{
    uid_t r = getuid(), e = geteuid();
    check(setresuid(e, r, r));
    return SP_FIX(r);
}
SP_METHOD(gid_re_exchange)
{
    gid_t r = getgid(), e = getegid();
    check(setresgid(e, r, r));
    return SP_FIX(r);
}
SP_METHOD(id_true) { return SP_TRUE; }
SP_METHOD(uid_from_name) { return SP_FIX(uid_arg(sp_str_to_str(argv[0]))); }
SP_METHOD(gid_from_name) { return SP_FIX(gid_arg(sp_str_to_str(argv[0]))); }

/* ------------------------------------------------------------------ */
/* Supplementary groups                                                */

static long maxgroups = 65536;          /* NGROUPS_MAX on Linux, CRuby's default */

SP_METHOD(p_groups)
{
    int n = getgroups(0, NULL);
    if (n < 0) sp_raise_syserr(errno, NULL);
    gid_t *g = GC_MALLOC_ATOMIC(sizeof(gid_t) * (size_t)(n + 1));
    n = getgroups(n, g);
    if (n < 0) sp_raise_syserr(errno, NULL);
    sp_value a = sp_ary_new();
    for (int i = 0; i < n; i++) sp_ary_push(a, SP_FIX(g[i]));
    return a;
}
SP_METHOD(p_set_groups)
{
    sp_value a = sp_try_convert(argv[0], sp_cArray, "to_ary");
    if (a == SP_NIL) sp_raise_type(argv[0], "Array");
    long n = sp_ary_len(a);
    if (n > maxgroups) sp_raise(sp_eArgError, "too many groups, %ld max", maxgroups);
    gid_t *g = GC_MALLOC_ATOMIC(sizeof(gid_t) * (size_t)(n + 1));
    for (long i = 0; i < n; i++) g[i] = gid_arg(sp_ary_entry(a, i));
    check(setgroups((size_t)n, g));
    return p_groups(self, 0, NULL, SP_NIL);
}
SP_METHOD(p_maxgroups) { return SP_FIX(maxgroups); }
SP_METHOD(p_set_maxgroups)
{
    long n = sp_num_to_long(argv[0]);
    if (n <= 0) sp_raise(sp_eArgError, "maxgroups %ld should be positive", n);
    maxgroups = n > 65536 ? 65536 : n;
    return argv[0];
}
SP_METHOD(p_initgroups)
{
    char *user = sp_str_cstr(sp_str_to_str(argv[0]));
    check(initgroups(user, gid_arg(argv[1])));
    return p_groups(self, 0, NULL, SP_NIL);
}

void sp_process_id_init(sp_value P)
{
    sp_define_module_function(P, "getrlimit", p_getrlimit, 1);
    sp_define_module_function(P, "setrlimit", p_setrlimit, -1);
    for (size_t i = 0; i < sizeof rlimit_names / sizeof rlimit_names[0]; i++) {
        char cn[32];
        snprintf(cn, sizeof cn, "RLIMIT_%s", rlimit_names[i].name);
        sp_define_const(P, cn, SP_FIX(rlimit_names[i].res));
    }
    sp_define_const(P, "RLIM_INFINITY", sp_int_from_u64((uint64_t)RLIM_INFINITY));
    sp_define_const(P, "RLIM_SAVED_MAX", sp_int_from_u64((uint64_t)RLIM_SAVED_MAX));
    sp_define_const(P, "RLIM_SAVED_CUR", sp_int_from_u64((uint64_t)RLIM_SAVED_CUR));
    sp_define_const(P, "PRIO_PROCESS", SP_FIX(PRIO_PROCESS));
    sp_define_const(P, "PRIO_PGRP", SP_FIX(PRIO_PGRP));
    sp_define_const(P, "PRIO_USER", SP_FIX(PRIO_USER));
    sp_define_module_function(P, "getpgid", p_getpgid, 1);
    sp_define_module_function(P, "setpgid", p_setpgid, 2);
    sp_define_module_function(P, "setpgrp", p_setpgrp, 0);
    sp_define_module_function(P, "getsid", p_getsid, -1);
    sp_define_module_function(P, "setsid", p_setsid, 0);
    sp_define_module_function(P, "getpriority", p_getpriority, 2);
    sp_define_module_function(P, "setpriority", p_setpriority, 3);
    sp_define_module_function(P, "uid", p_uid, 0);
    sp_define_module_function(P, "gid", p_gid, 0);
    sp_define_module_function(P, "euid", p_euid, 0);
    sp_define_module_function(P, "egid", p_egid, 0);
    sp_define_module_function(P, "uid=", p_set_uid, 1);
    sp_define_module_function(P, "gid=", p_set_gid, 1);
    sp_define_module_function(P, "euid=", p_set_euid, 1);
    sp_define_module_function(P, "egid=", p_set_egid, 1);
    sp_define_module_function(P, "groups", p_groups, 0);
    sp_define_module_function(P, "groups=", p_set_groups, 1);
    sp_define_module_function(P, "maxgroups", p_maxgroups, 0);
    sp_define_module_function(P, "maxgroups=", p_set_maxgroups, 1);
    sp_define_module_function(P, "initgroups", p_initgroups, 2);

    sp_value U = sp_define_module_under(P, "UID"), G = sp_define_module_under(P, "GID");
    sp_define_module_function(U, "rid", p_uid, 0);
    sp_define_module_function(U, "eid", p_euid, 0);
    sp_define_module_function(G, "rid", p_gid, 0);
    sp_define_module_function(G, "eid", p_egid, 0);
    sp_define_module_function(U, "change_privilege", uid_change_privilege, 1);
    sp_define_module_function(G, "change_privilege", gid_change_privilege, 1);
    sp_define_module_function(U, "grant_privilege", uid_grant_privilege, 1);
    sp_define_module_function(G, "grant_privilege", gid_grant_privilege, 1);
    sp_define_module_function(U, "eid=", uid_grant_privilege, 1);
    sp_define_module_function(G, "eid=", gid_grant_privilege, 1);
    sp_define_module_function(U, "re_exchange", uid_re_exchange, 0);
    sp_define_module_function(G, "re_exchange", gid_re_exchange, 0);
    sp_define_module_function(U, "re_exchangeable?", id_true, 0);
    sp_define_module_function(G, "re_exchangeable?", id_true, 0);
    sp_define_module_function(U, "sid_available?", id_true, 0);
    sp_define_module_function(G, "sid_available?", id_true, 0);
    sp_define_module_function(U, "from_name", uid_from_name, 1);
    sp_define_module_function(G, "from_name", gid_from_name, 1);

    sp_value S = sp_define_module_under(P, "Sys");
    sp_define_module_function(S, "getuid", p_uid, 0);
    sp_define_module_function(S, "getgid", p_gid, 0);
    sp_define_module_function(S, "geteuid", p_euid, 0);
    sp_define_module_function(S, "getegid", p_egid, 0);
    sp_define_module_function(S, "setuid", sys_setuid, 1);
    sp_define_module_function(S, "setgid", sys_setgid, 1);
    sp_define_module_function(S, "seteuid", sys_seteuid, 1);
    sp_define_module_function(S, "setegid", sys_setegid, 1);
    sp_define_module_function(S, "setruid", sys_setruid, 1);
    sp_define_module_function(S, "setrgid", sys_setrgid, 1);
    sp_define_module_function(S, "setreuid", sys_setreuid, 2);
    sp_define_module_function(S, "setregid", sys_setregid, 2);
    sp_define_module_function(S, "setresuid", sys_setresuid, 3);
    sp_define_module_function(S, "setresgid", sys_setresgid, 3);
    sp_define_module_function(S, "issetugid", sys_issetugid, 0);
}

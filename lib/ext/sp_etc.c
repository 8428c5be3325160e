/*
 * sp_etc.c — `require 'etc'`: the user and group database (Etc.getlogin,
 * getpwuid, getpwnam, getgrgid, getgrnam, passwd/group iteration),
 * getpwent/getgrent and set/end*ent, Etc.uname, Etc.nprocessors,
 * Etc.sysconf with the POSIX SC_* names, Etc.confstr with CS_PATH and the
 * GNU CS_* names, Etc.systmpdir/sysconfdir.
 *
 * Etc::Passwd and Etc::Group are Structs, as in CRuby.  The *_r lookup
 * functions run in a blocking region (they may read files or ask NSS).
 */
#include "spinel.h"
#include "sp_string.h"
#include "sp_sched.h"
#include "sp_hash.h"

#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

static sp_value mEtc, cPasswd, cGroup;

static sp_value cstr(const char *s) { return s ? sp_str_new_cstr(s) : SP_NIL; }

static sp_value passwd_new(const struct passwd *p)
{
    sp_value a[7] = { cstr(p->pw_name), cstr(p->pw_passwd), sp_int_new(p->pw_uid), sp_int_new(p->pw_gid),
                      cstr(p->pw_gecos), cstr(p->pw_dir), cstr(p->pw_shell) };
    return sp_class_new_instance(cPasswd, 7, a, SP_NIL);
}

static sp_value group_new(const struct group *g)
{
    sp_value mem = sp_ary_new();
    for (char **m = g->gr_mem; m && *m; m++) sp_ary_push(mem, sp_str_new_cstr(*m));
    sp_value a[4] = { cstr(g->gr_name), cstr(g->gr_passwd), sp_int_new(g->gr_gid), mem };
    return sp_class_new_instance(cGroup, 4, a, SP_NIL);
}

enum { BY_UID, BY_NAME };

static sp_value lookup_pw(int how, uid_t uid, const char *name)
{
    struct passwd pw, *res = NULL;
    size_t sz = 16384;
    char *buf = malloc(sz);
    int rc;
    sp_blocking_begin();
    rc = how == BY_UID ? getpwuid_r(uid, &pw, buf, sz, &res) : getpwnam_r(name, &pw, buf, sz, &res);
    sp_blocking_end();
    sp_value r = SP_NIL;
    if (rc == 0 && res) r = passwd_new(res);
    free(buf);
    return r;
}

static sp_value lookup_gr(int how, gid_t gid, const char *name)
{
    struct group gr, *res = NULL;
    size_t sz = 65536;
    char *buf = malloc(sz);
    int rc;
    sp_blocking_begin();
    rc = how == BY_UID ? getgrgid_r(gid, &gr, buf, sz, &res) : getgrnam_r(name, &gr, buf, sz, &res);
    sp_blocking_end();
    sp_value r = SP_NIL;
    if (rc == 0 && res) r = group_new(res);
    free(buf);
    return r;
}

SP_METHOD(e_getlogin)
{
    (void)self; (void)argc_; (void)argv; (void)blk;
    const char *l = getlogin();
    if (!l) l = getenv("USER");
    return cstr(l);
}

SP_METHOD(e_getpwuid)
{
    (void)self; (void)blk;
    uid_t uid = argc > 0 && argv[0] != SP_NIL ? (uid_t)sp_num_to_long(argv[0]) : getuid();
    sp_value r = lookup_pw(BY_UID, uid, NULL);
    if (r == SP_NIL) sp_raise(sp_eArgError, "can't find user for %ld", (long)uid);
    return r;
}

SP_METHOD(e_getpwnam)
{
    (void)self; (void)argc_; (void)blk;
    const char *name = sp_str_cstr(sp_str_to_str(argv[0]));
    sp_value r = lookup_pw(BY_NAME, 0, name);
    if (r == SP_NIL) sp_raise(sp_eArgError, "can't find user for %s", name);
    return r;
}

SP_METHOD(e_getgrgid)
{
    (void)self; (void)blk;
    gid_t gid = argc > 0 && argv[0] != SP_NIL ? (gid_t)sp_num_to_long(argv[0]) : getgid();
    sp_value r = lookup_gr(BY_UID, gid, NULL);
    if (r == SP_NIL) sp_raise(sp_eArgError, "can't find group for %ld", (long)gid);
    return r;
}

SP_METHOD(e_getgrnam)
{
    (void)self; (void)argc_; (void)blk;
    const char *name = sp_str_cstr(sp_str_to_str(argv[0]));
    sp_value r = lookup_gr(BY_NAME, 0, name);
    if (r == SP_NIL) sp_raise(sp_eArgError, "can't find group for %s", name);
    return r;
}

/* Etc.passwd { |pw| } / Etc.group { |gr| }: every entry (the whole list
 * is read first, so the block may call other Etc functions).  One
 * iteration of each database at a time in the process, as CRuby: a
 * second one (nested, or from another thread) raises RuntimeError. */
static int passwd_busy, group_busy;

static void busy_clear(sp_value flag) { __atomic_store_n((int *)(uintptr_t)flag, 0, __ATOMIC_RELEASE); }

static void each_entry(sp_value all, sp_value blk, int *busy, const char *what)
{
    if (__atomic_exchange_n(busy, 1, __ATOMIC_ACQ_REL)) sp_raise(sp_eRuntimeError, "parallel %s iteration", what);
    for (long i = 0; i < sp_ary_len(all); i++) {
        __atomic_store_n(busy, 1, __ATOMIC_RELEASE);
        sp_value e = sp_ary_entry(all, i);
        sp_yield_ensure(blk, 1, &e, busy_clear, (sp_value)(uintptr_t)busy);
    }
    busy_clear((sp_value)(uintptr_t)busy);
}

SP_METHOD(e_passwd)
{
    (void)self; (void)argc_; (void)argv;
    struct passwd *p;
    if (blk == SP_NIL) { p = getpwent(); return p ? passwd_new(p) : SP_NIL; }   /* the next entry */
    sp_value all = sp_ary_new();
    setpwent();
    while ((p = getpwent())) sp_ary_push(all, passwd_new(p));
    endpwent();
    each_entry(all, blk, &passwd_busy, "passwd");
    return SP_NIL;
}

SP_METHOD(e_group)
{
    (void)self; (void)argc_; (void)argv;
    struct group *g;
    if (blk == SP_NIL) { g = getgrent(); return g ? group_new(g) : SP_NIL; }
    sp_value all = sp_ary_new();
    setgrent();
    while ((g = getgrent())) sp_ary_push(all, group_new(g));
    endgrent();
    each_entry(all, blk, &group_busy, "group");
    return SP_NIL;
}

/* the C library's cursor over each database */
SP_METHOD(e_getpwent) { (void)self; (void)argc_; (void)argv; (void)blk; struct passwd *p = getpwent(); return p ? passwd_new(p) : SP_NIL; }
SP_METHOD(e_getgrent) { (void)self; (void)argc_; (void)argv; (void)blk; struct group *g = getgrent(); return g ? group_new(g) : SP_NIL; }
SP_METHOD(e_setpwent) { (void)self; (void)argc_; (void)argv; (void)blk; setpwent(); return SP_NIL; }
SP_METHOD(e_setgrent) { (void)self; (void)argc_; (void)argv; (void)blk; setgrent(); return SP_NIL; }
SP_METHOD(e_endpwent) { (void)self; (void)argc_; (void)argv; (void)blk; endpwent(); return SP_NIL; }
SP_METHOD(e_endgrent) { (void)self; (void)argc_; (void)argv; (void)blk; endgrent(); return SP_NIL; }

/* Etc.confstr(name) -> String or nil (no value); Errno::EINVAL for an
 * unknown name */
SP_METHOD(e_confstr)
{
    (void)self; (void)argc_; (void)blk;
    int name = (int)sp_num_to_long(argv[0]);
    errno = 0;
    size_t n = confstr(name, NULL, 0);
    if (n == 0) {
        if (errno) sp_raise_syserr(errno, "confstr");
        return SP_NIL;
    }
    char small[256], *buf = n <= sizeof small ? small : malloc(n);
    if (!buf) { fputs("[FATAL] failed to allocate memory\n", stderr); abort(); }
    confstr(name, buf, n);
    sp_value r = sp_str_new(buf, n - 1);
    if (buf != small) free(buf);
    return r;
}

SP_METHOD(e_uname)
{
    (void)self; (void)argc_; (void)argv; (void)blk;
    struct utsname u;
    if (uname(&u) != 0) sp_raise_syserr(errno, "uname");
    sp_value h = sp_hash_new();
    sp_hash_aset(h, sp_sym("sysname"), sp_str_new_cstr(u.sysname));
    sp_hash_aset(h, sp_sym("nodename"), sp_str_new_cstr(u.nodename));
    sp_hash_aset(h, sp_sym("release"), sp_str_new_cstr(u.release));
    sp_hash_aset(h, sp_sym("version"), sp_str_new_cstr(u.version));
    sp_hash_aset(h, sp_sym("machine"), sp_str_new_cstr(u.machine));
    return h;
}

SP_METHOD(e_nprocessors)
{
    (void)self; (void)argc_; (void)argv; (void)blk;
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return sp_int_new(n > 0 ? n : 1);
}

SP_METHOD(e_sysconf)
{
    (void)self; (void)argc_; (void)blk;
    errno = 0;
    long r = sysconf((int)sp_num_to_long(argv[0]));
    if (r == -1) {
        if (errno) sp_raise_syserr(errno, "sysconf");
        return SP_NIL;
    }
    return sp_int_new(r);
}

SP_METHOD(e_systmpdir) { (void)self; (void)argc_; (void)argv; (void)blk; return sp_str_new_cstr("/tmp"); }
SP_METHOD(e_sysconfdir) { (void)self; (void)argc_; (void)argv; (void)blk; return sp_str_new_cstr("/etc"); }

void sp_init_etc(void)
{
    sp_value E = mEtc = sp_define_module("Etc");
    sp_define_const(E, "VERSION", sp_str_new_frozen("1.4.5", 5));
    sp_value Struct = sp_cStruct;
    sp_value pm[7] = { sp_sym("name"), sp_sym("passwd"), sp_sym("uid"), sp_sym("gid"), sp_sym("gecos"),
                       sp_sym("dir"), sp_sym("shell") };
    cPasswd = sp_call(Struct, sp_intern("new"), 7, pm, SP_NIL);
    sp_define_const(E, "Passwd", cPasswd);
    sp_value gm[4] = { sp_sym("name"), sp_sym("passwd"), sp_sym("gid"), sp_sym("mem") };
    cGroup = sp_call(Struct, sp_intern("new"), 4, gm, SP_NIL);
    sp_define_const(E, "Group", cGroup);
    sp_define_module_function(E, "getlogin", e_getlogin, 0);
    sp_define_module_function(E, "getpwuid", e_getpwuid, -1);
    sp_define_module_function(E, "getpwnam", e_getpwnam, 1);
    sp_define_module_function(E, "getgrgid", e_getgrgid, -1);
    sp_define_module_function(E, "getgrnam", e_getgrnam, 1);
    sp_define_module_function(E, "passwd", e_passwd, 0);
    sp_define_module_function(E, "group", e_group, 0);
    sp_define_module_function(E, "uname", e_uname, 0);
    sp_define_module_function(E, "nprocessors", e_nprocessors, 0);
    sp_define_module_function(E, "sysconf", e_sysconf, 1);
    sp_define_module_function(E, "systmpdir", e_systmpdir, 0);
    sp_define_module_function(E, "getpwent", e_getpwent, 0);
    sp_define_module_function(E, "getgrent", e_getgrent, 0);
    sp_define_module_function(E, "setpwent", e_setpwent, 0);
    sp_define_module_function(E, "setgrent", e_setgrent, 0);
    sp_define_module_function(E, "endpwent", e_endpwent, 0);
    sp_define_module_function(E, "endgrent", e_endgrent, 0);
    sp_define_module_function(E, "confstr", e_confstr, 1);
    sp_define_module_function(E, "sysconfdir", e_sysconfdir, 0);
    static const struct { const char *n; int v; } sc[] = {
        { "SC_ARG_MAX", _SC_ARG_MAX }, { "SC_CHILD_MAX", _SC_CHILD_MAX }, { "SC_CLK_TCK", _SC_CLK_TCK },
        { "SC_NGROUPS_MAX", _SC_NGROUPS_MAX }, { "SC_OPEN_MAX", _SC_OPEN_MAX }, { "SC_PAGESIZE", _SC_PAGESIZE },
        { "SC_PAGE_SIZE", _SC_PAGE_SIZE }, { "SC_NPROCESSORS_CONF", _SC_NPROCESSORS_CONF },
        { "SC_NPROCESSORS_ONLN", _SC_NPROCESSORS_ONLN }, { "SC_PHYS_PAGES", _SC_PHYS_PAGES },
        { "SC_LINE_MAX", _SC_LINE_MAX }, { "SC_HOST_NAME_MAX", _SC_HOST_NAME_MAX },
        { "SC_LOGIN_NAME_MAX", _SC_LOGIN_NAME_MAX }, { "SC_TTY_NAME_MAX", _SC_TTY_NAME_MAX },
        { "SC_JOB_CONTROL", _SC_JOB_CONTROL }, { "SC_SAVED_IDS", _SC_SAVED_IDS },
        { "SC_VERSION", _SC_VERSION }, { "SC_STREAM_MAX", _SC_STREAM_MAX },
        { "SC_TZNAME_MAX", _SC_TZNAME_MAX }, { "SC_RE_DUP_MAX", _SC_RE_DUP_MAX },
        { "SC_SYMLOOP_MAX", _SC_SYMLOOP_MAX }, { "SC_AVPHYS_PAGES", _SC_AVPHYS_PAGES },
        { "SC_BC_BASE_MAX", _SC_BC_BASE_MAX }, { "SC_BC_DIM_MAX", _SC_BC_DIM_MAX },
        { "SC_BC_SCALE_MAX", _SC_BC_SCALE_MAX }, { "SC_BC_STRING_MAX", _SC_BC_STRING_MAX },
        { "SC_COLL_WEIGHTS_MAX", _SC_COLL_WEIGHTS_MAX }, { "SC_EXPR_NEST_MAX", _SC_EXPR_NEST_MAX },
        { "SC_IOV_MAX", _SC_IOV_MAX }, { "SC_GETGR_R_SIZE_MAX", _SC_GETGR_R_SIZE_MAX },
        { "SC_GETPW_R_SIZE_MAX", _SC_GETPW_R_SIZE_MAX }, { "SC_THREAD_STACK_MIN", _SC_THREAD_STACK_MIN },
        { "SC_THREAD_THREADS_MAX", _SC_THREAD_THREADS_MAX }, { "SC_SEM_NSEMS_MAX", _SC_SEM_NSEMS_MAX },
        { "SC_SIGQUEUE_MAX", _SC_SIGQUEUE_MAX }, { "SC_TIMER_MAX", _SC_TIMER_MAX },
        { "SC_RTSIG_MAX", _SC_RTSIG_MAX }, { "SC_DELAYTIMER_MAX", _SC_DELAYTIMER_MAX },
        { "SC_MQ_OPEN_MAX", _SC_MQ_OPEN_MAX }, { "SC_MQ_PRIO_MAX", _SC_MQ_PRIO_MAX },
        { "SC_AIO_MAX", _SC_AIO_MAX }, { "SC_AIO_LISTIO_MAX", _SC_AIO_LISTIO_MAX },
        { "SC_SEM_VALUE_MAX", _SC_SEM_VALUE_MAX },
        { "CS_PATH", _CS_PATH }, { "CS_GNU_LIBC_VERSION", _CS_GNU_LIBC_VERSION },
        { "CS_GNU_LIBPTHREAD_VERSION", _CS_GNU_LIBPTHREAD_VERSION },
    };
    for (size_t i = 0; i < sizeof sc / sizeof sc[0]; i++) sp_define_const(E, sc[i].n, SP_FIX(sc[i].v));
}

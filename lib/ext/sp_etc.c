/*
 * sp_etc.c — `require 'etc'`: the user and group database (Etc.getlogin,
 * getpwuid, getpwnam, getgrgid, getgrnam, passwd/group iteration),
 * Etc.uname, Etc.nprocessors, Etc.sysconf with the common SC_* names,
 * Etc.systmpdir/sysconfdir.
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
 * is read first, so the block may call other Etc functions). */
SP_METHOD(e_passwd)
{
    (void)self; (void)argc_; (void)argv;
    struct passwd *p;
    if (blk == SP_NIL) { p = getpwent(); return p ? passwd_new(p) : SP_NIL; }   /* the next entry */
    sp_value all = sp_ary_new();
    setpwent();
    while ((p = getpwent())) sp_ary_push(all, passwd_new(p));
    endpwent();
    for (long i = 0; i < sp_ary_len(all); i++) sp_yield1(blk, sp_ary_entry(all, i));
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
    for (long i = 0; i < sp_ary_len(all); i++) sp_yield1(blk, sp_ary_entry(all, i));
    return SP_NIL;
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
    sp_define_module_function(E, "sysconfdir", e_sysconfdir, 0);
    static const struct { const char *n; int v; } sc[] = {
        { "SC_ARG_MAX", _SC_ARG_MAX }, { "SC_CHILD_MAX", _SC_CHILD_MAX }, { "SC_CLK_TCK", _SC_CLK_TCK },
        { "SC_NGROUPS_MAX", _SC_NGROUPS_MAX }, { "SC_OPEN_MAX", _SC_OPEN_MAX }, { "SC_PAGESIZE", _SC_PAGESIZE },
        { "SC_PAGE_SIZE", _SC_PAGE_SIZE }, { "SC_NPROCESSORS_CONF", _SC_NPROCESSORS_CONF },
        { "SC_NPROCESSORS_ONLN", _SC_NPROCESSORS_ONLN }, { "SC_PHYS_PAGES", _SC_PHYS_PAGES },
        { "SC_LINE_MAX", _SC_LINE_MAX }, { "SC_HOST_NAME_MAX", _SC_HOST_NAME_MAX },
        { "SC_LOGIN_NAME_MAX", _SC_LOGIN_NAME_MAX }, { "SC_TTY_NAME_MAX", _SC_TTY_NAME_MAX },
    };
    for (size_t i = 0; i < sizeof sc / sizeof sc[0]; i++) sp_define_const(E, sc[i].n, SP_FIX(sc[i].v));
}

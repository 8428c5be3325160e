/*
 * sp_file_ops.c — the File class methods on paths and descriptors that
 * sp_io.c and sp_file_stat.c do not define and that fileutils, tmpdir,
 * tempfile and ordinary scripts call: File.utime/lutime, chmod, chown/
 * lchown, symlink, link, readlink, truncate, atime/ctime/birthtime, umask,
 * mkfifo, ftype, identical?, the remaining stat predicates (pipe?,
 * socket?, blockdev?, chardev?, setuid?, setgid?, sticky?, owned?,
 * grpowned?, world_readable?, world_writable?, *_real?), and File#chmod,
 * #chown, #truncate, #atime, #mtime, #ctime.
 *
 * Representation: none of its own; paths are Strings (or objects with
 * #to_path), converted once per call.  Errors are CRuby's: the same
 * Errno class and the "@ func - path" text CRuby's file.c produces
 * (apply2files for the methods taking a list of files, "(from, to)" for
 * two-path calls, and only `to` for EEXIST).  Called from
 * sp_init_file_stat (one line) at start-up: these are core methods.
 */
#define _GNU_SOURCE   /* statx */
#include "spinel.h"
#include "sp_string.h"
#include "sp_numeric.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#define UNUSED_ARGS (void)self; (void)argc_; (void)argv; (void)blk

SP_NORETURN void sp_raise_syserr_path(int err, const char *func, const char *path);  /* sp_dir.c */

/* sp_file_stat.c */
sp_value sp_file_path_of(sp_value v);
sp_value sp_file_time_at(struct timespec ts);
const char *sp_file_ftype_name(mode_t m);

static const char *cpath(sp_value v) { return sp_str_cstr(sp_file_path_of(v)); }

/* Two-path failure as CRuby's syserr_fail2_in: EEXIST names only `to`. */
static SP_NORETURN void raise2(int err, const char *func, sp_value from, sp_value to)
{
    if (err == EEXIST) sp_raise_syserr_path(err, "syserr_fail2_in", sp_str_cstr(to));
    sp_value both = sp_str_format("(%s, %s)", sp_str_cstr(from), sp_str_cstr(to));
    sp_raise_syserr_path(err, func, sp_str_cstr(both));
}

/* ---- utime ------------------------------------------------------------ */

/* A time argument of utime: nil is now; a Time, an Integer or a Float. */
static struct timespec utime_arg(sp_value v)
{
    struct timespec ts = { 0, UTIME_NOW };
    if (v == SP_NIL) return ts;
    if (sp_integer_p(v)) {
        ts.tv_sec = (time_t)sp_num_to_long(v);
        ts.tv_nsec = 0;
        return ts;
    }
    if (sp_float_p(v)) {
        double d = sp_float_value(v), s = floor(d);
        ts.tv_sec = (time_t)s;
        ts.tv_nsec = (long)((d - s) * 1e9);
        return ts;
    }
    if (sp_respond_to(v, sp_intern("tv_nsec"), 0)) {
        ts.tv_sec = (time_t)sp_num_to_long(sp_funcall0(v, "tv_sec"));
        ts.tv_nsec = sp_num_to_long(sp_funcall0(v, "tv_nsec"));
        return ts;
    }
    sp_raise(sp_eTypeError, "can't convert %s into time", sp_obj_classname(v));
}

static sp_value utime_common(int argc_, const sp_value *argv, int flags)
{
    int argc = SP_ARGC(argc_);
    if (argc < 2) sp_raise_arity(argc, 2, -1);
    struct timespec ts[2] = { utime_arg(argv[0]), utime_arg(argv[1]) };
    for (int i = 2; i < argc; i++) {
        const char *p = cpath(argv[i]);
        if (utimensat(AT_FDCWD, p, ts, flags) != 0) sp_raise_syserr_path(errno, "apply2files", p);
    }
    return SP_FIX(argc - 2);
}

SP_METHOD(f_s_utime) { (void)self; (void)blk; return utime_common(argc_, argv, 0); }
SP_METHOD(f_s_lutime) { (void)self; (void)blk; return utime_common(argc_, argv, AT_SYMLINK_NOFOLLOW); }

/* ---- chmod / chown ---------------------------------------------------- */

SP_METHOD(f_s_chmod)
{
    (void)self; (void)blk;
    if (argc < 1) sp_raise_arity(argc, 1, -1);
    mode_t mode = (mode_t)sp_num_to_long(argv[0]);
    for (int i = 1; i < argc; i++) {
        const char *p = cpath(argv[i]);
        if (chmod(p, mode) != 0) sp_raise_syserr_path(errno, "apply2files", p);
    }
    return SP_FIX(argc - 1);
}

/* lchmod: fchmodat without following the link (glibc answers ENOTSUP
 * for a link, as CRuby reports it). */
SP_METHOD(f_s_lchmod)
{
    (void)self; (void)blk;
    if (argc < 1) sp_raise_arity(argc, 1, -1);
    mode_t mode = (mode_t)sp_num_to_long(argv[0]);
    for (int i = 1; i < argc; i++) {
        const char *p = cpath(argv[i]);
        if (fchmodat(AT_FDCWD, p, mode, AT_SYMLINK_NOFOLLOW) != 0) sp_raise_syserr_path(errno, "apply2files", p);
    }
    return SP_FIX(argc - 1);
}

/* An owner or group argument: nil and -1 leave it unchanged. */
static long id_arg(sp_value v) { return v == SP_NIL ? -1 : sp_num_to_long(v); }

static sp_value chown_common(int argc_, const sp_value *argv, int follow)
{
    int argc = SP_ARGC(argc_);
    if (argc < 2) sp_raise_arity(argc, 2, -1);
    uid_t uid = (uid_t)id_arg(argv[0]);
    gid_t gid = (gid_t)id_arg(argv[1]);
    for (int i = 2; i < argc; i++) {
        const char *p = cpath(argv[i]);
        int r = follow ? chown(p, uid, gid) : lchown(p, uid, gid);
        if (r != 0) sp_raise_syserr_path(errno, "apply2files", p);
    }
    return SP_FIX(argc - 2);
}

SP_METHOD(f_s_chown) { (void)self; (void)blk; return chown_common(argc_, argv, 1); }
SP_METHOD(f_s_lchown) { (void)self; (void)blk; return chown_common(argc_, argv, 0); }

/* ---- links ------------------------------------------------------------ */

SP_METHOD(f_s_symlink)
{
    (void)self; (void)argc_; (void)blk;
    sp_value from = sp_file_path_of(argv[0]), to = sp_file_path_of(argv[1]);
    if (symlink(sp_str_cstr(from), sp_str_cstr(to)) != 0) raise2(errno, "rb_file_s_symlink", from, to);
    return SP_FIX(0);
}

SP_METHOD(f_s_link)
{
    (void)self; (void)argc_; (void)blk;
    sp_value from = sp_file_path_of(argv[0]), to = sp_file_path_of(argv[1]);
    if (link(sp_str_cstr(from), sp_str_cstr(to)) != 0) raise2(errno, "rb_file_s_link", from, to);
    return SP_FIX(0);
}

SP_METHOD(f_s_readlink)
{
    (void)self; (void)argc_; (void)blk;
    const char *p = cpath(argv[0]);
    char buf[PATH_MAX];
    ssize_t n = readlink(p, buf, sizeof buf);
    if (n < 0) sp_raise_syserr_path(errno, "rb_readlink", p);
    return sp_str_new(buf, (size_t)n);
}

SP_METHOD(f_s_mkfifo)
{
    (void)self; (void)blk;
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    const char *p = cpath(argv[0]);
    mode_t mode = argc > 1 ? (mode_t)sp_num_to_long(argv[1]) : 0666;
    if (mkfifo(p, mode) != 0) sp_raise_syserr_path(errno, "rb_file_s_mkfifo", p);
    return SP_FIX(0);
}

/* ---- truncate, umask -------------------------------------------------- */

SP_METHOD(f_s_truncate)
{
    (void)self; (void)argc_; (void)blk;
    const char *p = cpath(argv[0]);
    if (truncate(p, (off_t)sp_num_to_long(argv[1])) != 0) sp_raise_syserr_path(errno, "rb_file_s_truncate", p);
    return SP_FIX(0);
}

SP_METHOD(f_s_umask)
{
    (void)self; (void)blk;
    if (argc > 1) sp_raise_arity(argc, 0, 1);
    mode_t old;
    if (argc == 1) old = umask((mode_t)sp_num_to_long(argv[0]));
    else { old = umask(0); umask(old); }
    return SP_FIX((long)old);
}

/* ---- times and types by path ------------------------------------------ */

static struct stat stat_or_raise(sp_value v, const char *func, int follow)
{
    const char *p = cpath(v);
    struct stat st;
    if ((follow ? stat(p, &st) : lstat(p, &st)) != 0) sp_raise_syserr_path(errno, func, p);
    return st;
}

SP_METHOD(f_s_atime) { UNUSED_ARGS; return sp_file_time_at(stat_or_raise(argv[0], "rb_file_s_atime", 1).st_atim); }
SP_METHOD(f_s_ctime) { UNUSED_ARGS; return sp_file_time_at(stat_or_raise(argv[0], "rb_file_s_ctime", 1).st_ctim); }

static int fd_of(sp_value io) { return (int)sp_num_to_long(sp_funcall0(io, "fileno")); }

/* birthtime: statx's STATX_BTIME (of a path, or with AT_EMPTY_PATH of a
 * descriptor); a file system without it is NotImplementedError with
 * CRuby 3.4's message. */
static sp_value btime_of(int dirfd, const char *p, int flags, const char *func)
{
    struct statx sx;
    if (statx(dirfd, p, flags, STATX_BTIME, &sx) != 0) sp_raise_syserr_path(errno, func, p);
    if (!(sx.stx_mask & STATX_BTIME))
        sp_raise(sp_eNotImpError, "birthtime is unimplemented on this filesystem");
    struct timespec ts = { (time_t)sx.stx_btime.tv_sec, (long)sx.stx_btime.tv_nsec };
    return sp_file_time_at(ts);
}
SP_METHOD(f_s_birthtime) { UNUSED_ARGS; return btime_of(AT_FDCWD, cpath(argv[0]), 0, "rb_file_s_birthtime"); }
SP_METHOD(file_birthtime) { UNUSED_ARGS; return btime_of(fd_of(self), "", AT_EMPTY_PATH, "rb_file_birthtime"); }

SP_METHOD(f_s_ftype)
{
    UNUSED_ARGS;
    return sp_str_new_cstr(sp_file_ftype_name(stat_or_raise(argv[0], "rb_file_s_ftype", 0).st_mode));
}

SP_METHOD(f_s_identical_p)
{
    UNUSED_ARGS;
    struct stat a, b;
    if (stat(cpath(argv[0]), &a) != 0 || stat(cpath(argv[1]), &b) != 0) return SP_FALSE;
    return SP_BOOL(a.st_dev == b.st_dev && a.st_ino == b.st_ino);
}

/* Predicates on stat(2) (lstat for none: CRuby follows links in all of
 * these); a missing file is false. */
#define PATH_PRED(name, expr) \
    SP_METHOD(f_s_##name) { \
        UNUSED_ARGS; \
        struct stat st; \
        if (stat(cpath(argv[0]), &st) != 0) return SP_FALSE; \
        return SP_BOOL(expr); \
    }
PATH_PRED(pipe_p, S_ISFIFO(st.st_mode))
PATH_PRED(socket_p, S_ISSOCK(st.st_mode))
PATH_PRED(blockdev_p, S_ISBLK(st.st_mode))
PATH_PRED(chardev_p, S_ISCHR(st.st_mode))
PATH_PRED(setuid_p, st.st_mode & S_ISUID)
PATH_PRED(setgid_p, st.st_mode & S_ISGID)
PATH_PRED(sticky_p, st.st_mode & S_ISVTX)
PATH_PRED(owned_p, st.st_uid == geteuid())
PATH_PRED(grpowned_p, st.st_gid == getegid())
#undef PATH_PRED

/* world_readable?/world_writable?: the permission bits, or nil. */
static sp_value world_bits(sp_value v, mode_t bit)
{
    struct stat st;
    if (stat(cpath(v), &st) != 0 || !(st.st_mode & bit)) return SP_NIL;
    return SP_FIX((long)(st.st_mode & 0777));
}
SP_METHOD(f_s_world_readable_p) { UNUSED_ARGS; return world_bits(argv[0], S_IROTH); }
SP_METHOD(f_s_world_writable_p) { UNUSED_ARGS; return world_bits(argv[0], S_IWOTH); }

/* *_real?: access(2) checks the real uid/gid (readable? uses the
 * effective ones). */
SP_METHOD(f_s_readable_real_p) { UNUSED_ARGS; return SP_BOOL(access(cpath(argv[0]), R_OK) == 0); }
SP_METHOD(f_s_writable_real_p) { UNUSED_ARGS; return SP_BOOL(access(cpath(argv[0]), W_OK) == 0); }
SP_METHOD(f_s_executable_real_p) { UNUSED_ARGS; return SP_BOOL(access(cpath(argv[0]), X_OK) == 0); }

/* ---- File instance methods on the descriptor -------------------------- */


static SP_NORETURN void raise_on_file(sp_value self, int err)
{
    sp_value path = sp_funcall0(self, "path");
    sp_raise_syserr(err, sp_str_p(path) ? sp_str_cstr(path) : NULL);
}

SP_METHOD(file_chmod)
{
    (void)argc_; (void)blk;
    if (fchmod(fd_of(self), (mode_t)sp_num_to_long(argv[0])) != 0) raise_on_file(self, errno);
    return SP_FIX(0);
}

SP_METHOD(file_chown)
{
    (void)argc_; (void)blk;
    if (fchown(fd_of(self), (uid_t)id_arg(argv[0]), (gid_t)id_arg(argv[1])) != 0) raise_on_file(self, errno);
    return SP_FIX(0);
}

/* File#truncate: IOError on a closed file or one not open for writing;
 * buffered bytes are written and read-ahead dropped first (a seek to the
 * current position), so the read position stays where it was. */
SP_METHOD(file_truncate)
{
    (void)argc_; (void)blk;
    if (SP_RTEST(sp_funcall0(self, "closed?"))) sp_raise(sp_eIOError, "closed stream");
    int fl = fcntl(fd_of(self), F_GETFL);
    if (fl >= 0 && (fl & O_ACCMODE) == O_RDONLY) sp_raise(sp_eIOError, "not opened for writing");
    sp_value pos = sp_funcall0(self, "pos");
    sp_funcall(self, sp_intern("seek"), 1, &pos, SP_NIL);
    if (ftruncate(fd_of(self), (off_t)sp_num_to_long(argv[0])) != 0) raise_on_file(self, errno);
    return SP_FIX(0);
}

static struct stat fstat_or_raise(sp_value self)
{
    struct stat st;
    if (fstat(fd_of(self), &st) != 0) raise_on_file(self, errno);
    return st;
}
SP_METHOD(file_atime) { (void)argc_; (void)argv; (void)blk; return sp_file_time_at(fstat_or_raise(self).st_atim); }
SP_METHOD(file_mtime) { (void)argc_; (void)argv; (void)blk; return sp_file_time_at(fstat_or_raise(self).st_mtim); }
SP_METHOD(file_ctime) { (void)argc_; (void)argv; (void)blk; return sp_file_time_at(fstat_or_raise(self).st_ctim); }

/* ---- IO.copy_stream ---------------------------------------------------- */

/* An end of copy_stream: a path is opened (and closed afterwards), any
 * other object is used through read(length) and write.  A copy that
 * raises leaves a file it opened to the collector.  An IO (a File too,
 * though it has to_path) is used as it is, and must be open in the
 * direction of the copy (IOError, as CRuby), never opened again by path. */
static sp_value copy_end(sp_value v, const char *mode, int *opened)
{
    *opened = 0;
    if (sp_obj_is_kind_of(v, sp_cIO)) {
        sp_value empty = sp_str_new("", 0), zero = SP_FIX(0);
        if (mode[0] == 'w') sp_funcall(v, sp_intern("write"), 1, &empty, SP_NIL);
        else sp_funcall(v, sp_intern("read"), 1, &zero, SP_NIL);
        return v;
    }
    if (sp_str_p(v) || sp_respond_to(v, sp_intern("to_path"), 0)) {
        sp_value a[2] = { sp_file_path_of(v), sp_str_new_cstr(mode) };
        *opened = 1;
        return sp_funcall(sp_const_get(sp_cObject, sp_intern("File")), sp_intern("open"), 2, a, SP_NIL);
    }
    return v;
}

/* IO.copy_stream(src, dst, copy_length = nil, src_offset = nil): bytes
 * copied.  An offset reads the source from there (seek, then back). */
SP_METHOD(io_s_copy_stream)
{
    (void)self; (void)blk;
    if (argc < 2 || argc > 4) sp_raise_arity(argc, 2, 4);
    int src_open, dst_open;
    sp_value src = copy_end(argv[0], "rb", &src_open);
    sp_value dst = copy_end(argv[1], "wb", &dst_open);
    long limit = argc > 2 && argv[2] != SP_NIL ? sp_num_to_long(argv[2]) : -1;
    sp_value saved_pos = SP_NIL;
    if (argc > 3 && argv[3] != SP_NIL) {
        saved_pos = sp_funcall0(src, "pos");
        sp_value off = argv[3];
        sp_funcall(src, sp_intern("seek"), 1, &off, SP_NIL);
    }
    long total = 0;
    while (limit < 0 || total < limit) {
        long want = limit < 0 || limit - total > 65536 ? 65536 : limit - total;
        sp_value n = SP_FIX(want);
        sp_value chunk = sp_funcall(src, sp_intern("read"), 1, &n, SP_NIL);
        if (chunk == SP_NIL || sp_str_len(chunk) == 0) break;
        sp_funcall(dst, sp_intern("write"), 1, &chunk, SP_NIL);
        total += (long)sp_str_len(chunk);
    }
    if (saved_pos != SP_NIL) sp_funcall(src, sp_intern("seek"), 1, &saved_pos, SP_NIL);
    if (src_open) sp_funcall0(src, "close");
    if (dst_open) sp_funcall0(dst, "close");
    return sp_int_new(total);
}

void sp_init_file_ops(sp_value cFile)
{
    sp_define_singleton_method(sp_cIO, "copy_stream", io_s_copy_stream, -1);
#define S(name, fn, n) sp_define_singleton_method(cFile, name, fn, n)
    S("utime", f_s_utime, -1); S("lutime", f_s_lutime, -1);
    S("chmod", f_s_chmod, -1); S("lchmod", f_s_lchmod, -1); S("chown", f_s_chown, -1); S("lchown", f_s_lchown, -1);
    S("symlink", f_s_symlink, 2); S("link", f_s_link, 2); S("readlink", f_s_readlink, 1);
    S("mkfifo", f_s_mkfifo, -1); S("truncate", f_s_truncate, 2); S("umask", f_s_umask, -1);
    S("atime", f_s_atime, 1); S("ctime", f_s_ctime, 1); S("birthtime", f_s_birthtime, 1); S("ftype", f_s_ftype, 1);
    S("identical?", f_s_identical_p, 2);
    S("pipe?", f_s_pipe_p, 1); S("socket?", f_s_socket_p, 1); S("blockdev?", f_s_blockdev_p, 1);
    S("chardev?", f_s_chardev_p, 1); S("setuid?", f_s_setuid_p, 1); S("setgid?", f_s_setgid_p, 1);
    S("sticky?", f_s_sticky_p, 1); S("owned?", f_s_owned_p, 1); S("grpowned?", f_s_grpowned_p, 1);
    S("world_readable?", f_s_world_readable_p, 1); S("world_writable?", f_s_world_writable_p, 1);
    S("readable_real?", f_s_readable_real_p, 1); S("writable_real?", f_s_writable_real_p, 1);
    S("executable_real?", f_s_executable_real_p, 1);
#undef S
    sp_define_method(cFile, "chmod", file_chmod, 1);
    sp_define_method(cFile, "chown", file_chown, 2);
    sp_define_method(cFile, "truncate", file_truncate, 1);
    sp_define_method(cFile, "atime", file_atime, 0);
    sp_define_method(cFile, "mtime", file_mtime, 0);
    sp_define_method(cFile, "ctime", file_ctime, 0);
    sp_define_method(cFile, "birthtime", file_birthtime, 0);
}

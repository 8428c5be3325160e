/*
 * sp_file_stat.c — core File pieces scripts use that sp_io.c does not
 * define: File::Stat (File.stat/lstat, File#stat/lstat, IO#stat),
 * File#flock with File::LOCK_*, the IO::SEEK_* constants, and Kernel#test
 * (the File predicates by command letter).
 *
 * Representation: a File::Stat is an SP_T_DATA object holding a copy of
 * the struct stat.  Times are made on demand (Time.at(sec, nsec, :nsec)).
 * Called from sp_init_io (one line) once File exists: these are core
 * classes, defined at start-up as in CRuby.
 *
 * flock runs between sp_blocking_begin/sp_blocking_end, so a flock that
 * waits for another process's lock never holds up the worker's other
 * green threads.
 */
#include "spinel.h"
#include "sp_string.h"
#include "sp_sched.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

SP_NORETURN void sp_raise_syserr_path(int err, const char *func, const char *path);  /* sp_io.c */

typedef struct fstat_obj {
    sp_header hdr;
    struct stat st;
} fstat_obj;
#define STAT(v) (&((fstat_obj *)(v))->st)

static sp_value cStat;

static sp_value stat_alloc(sp_value klass)
{
    fstat_obj *o = sp_alloc(sizeof(fstat_obj), klass, SP_T_DATA);
    memset(&o->st, 0, sizeof o->st);
    return (sp_value)o;
}

static sp_value stat_new(const struct stat *st)
{
    sp_value v = stat_alloc(cStat);
    *STAT(v) = *st;
    return v;
}

/* shared with sp_file_ops.c */
sp_value sp_file_path_of(sp_value v)
{
    if (!sp_str_p(v) && sp_respond_to(v, sp_intern("to_path"), 0)) v = sp_funcall0(v, "to_path");
    return sp_str_to_str(v);
}

SP_METHOD(f_s_stat)
{
    (void)self; (void)argc_; (void)blk;
    sp_value path = sp_file_path_of(argv[0]);
    struct stat st;
    if (stat(sp_str_cstr(path), &st) != 0) sp_raise_syserr_path(errno, "rb_file_s_stat", sp_str_cstr(path));
    return stat_new(&st);
}

SP_METHOD(f_s_lstat)
{
    (void)self; (void)argc_; (void)blk;
    sp_value path = sp_file_path_of(argv[0]);
    struct stat st;
    if (lstat(sp_str_cstr(path), &st) != 0) sp_raise_syserr_path(errno, "rb_file_s_lstat", sp_str_cstr(path));
    return stat_new(&st);
}

static int fd_of(sp_value io)
{
    sp_value fd = sp_funcall0(io, "fileno");
    return (int)sp_num_to_long(fd);
}

/* IO#stat / File#stat: fstat of the descriptor. */
SP_METHOD(io_stat)
{
    (void)argc_; (void)argv; (void)blk;
    struct stat st;
    if (fstat(fd_of(self), &st) != 0) sp_raise_syserr(errno, NULL);
    return stat_new(&st);
}

/* File#lstat: lstat of the path the File was opened with. */
SP_METHOD(file_lstat)
{
    (void)argc_; (void)argv; (void)blk;
    sp_value path = sp_funcall0(self, "path");
    struct stat st;
    if (lstat(sp_str_cstr(path), &st) != 0) sp_raise_syserr_path(errno, "rb_file_lstat", sp_str_cstr(path));
    return stat_new(&st);
}

/* File::Stat.new(path) */
SP_METHOD(stat_initialize)
{
    (void)argc_; (void)blk;
    sp_value path = sp_file_path_of(argv[0]);
    if (stat(sp_str_cstr(path), STAT(self)) != 0) sp_raise_syserr_path(errno, "rb_file_s_stat", sp_str_cstr(path));
    return SP_NIL;
}

sp_value sp_file_time_at(struct timespec ts)
{
    sp_value a[3] = { sp_int_new((int64_t)ts.tv_sec), sp_int_new(ts.tv_nsec), sp_sym("nsec") };
    return sp_funcall(sp_const_get(sp_cObject, sp_intern("Time")), sp_intern("at"), 3, a, SP_NIL);
}

#define INT_ATTR(name, expr) \
    SP_METHOD(fst_##name) { (void)argc_; (void)argv; (void)blk; \
        const struct stat *s = STAT(self); return sp_int_new((int64_t)(expr)); }
INT_ATTR(size, s->st_size)
INT_ATTR(mode, s->st_mode)
INT_ATTR(uid, s->st_uid)
INT_ATTR(gid, s->st_gid)
INT_ATTR(ino, s->st_ino)
INT_ATTR(dev, s->st_dev)
INT_ATTR(dev_major, major(s->st_dev))
INT_ATTR(dev_minor, minor(s->st_dev))
INT_ATTR(rdev, s->st_rdev)
INT_ATTR(rdev_major, major(s->st_rdev))
INT_ATTR(rdev_minor, minor(s->st_rdev))
INT_ATTR(nlink, s->st_nlink)
INT_ATTR(blksize, s->st_blksize)
INT_ATTR(blocks, s->st_blocks)
#undef INT_ATTR

#define TIME_ATTR(name, field) \
    SP_METHOD(fst_##name) { (void)argc_; (void)argv; (void)blk; return sp_file_time_at(STAT(self)->field); }
TIME_ATTR(mtime, st_mtim)
TIME_ATTR(atime, st_atim)
TIME_ATTR(ctime, st_ctim)
#undef TIME_ATTR

#define PRED(name, expr) \
    SP_METHOD(fst_##name) { (void)argc_; (void)argv; (void)blk; \
        const struct stat *s = STAT(self); return SP_BOOL(expr); }
PRED(file_p, S_ISREG(s->st_mode))
PRED(directory_p, S_ISDIR(s->st_mode))
PRED(symlink_p, S_ISLNK(s->st_mode))
PRED(pipe_p, S_ISFIFO(s->st_mode))
PRED(socket_p, S_ISSOCK(s->st_mode))
PRED(chardev_p, S_ISCHR(s->st_mode))
PRED(blockdev_p, S_ISBLK(s->st_mode))
PRED(zero_p, s->st_size == 0)
PRED(setuid_p, s->st_mode & S_ISUID)
PRED(setgid_p, s->st_mode & S_ISGID)
PRED(sticky_p, s->st_mode & S_ISVTX)
PRED(owned_p, s->st_uid == geteuid())
PRED(grpowned_p, s->st_gid == getegid())
#undef PRED

/* world_readable?/world_writable?: the permission bits, or nil. */
static sp_value fst_world_bits(sp_value self, mode_t bit)
{
    mode_t m = STAT(self)->st_mode;
    return (m & bit) ? SP_FIX((long)(m & 0777)) : SP_NIL;
}
SP_METHOD(fst_world_readable_p) { (void)argc_; (void)argv; (void)blk; return fst_world_bits(self, S_IROTH); }
SP_METHOD(fst_world_writable_p) { (void)argc_; (void)argv; (void)blk; return fst_world_bits(self, S_IWOTH); }

/* readable?/writable?/executable? as CRuby's rb_stat_r/w/x (the *_real?
 * ones with the real uid and gid): root may read and write anything and
 * execute anything with an x bit. */
static int stat_access_as(const struct stat *s, int rbit, uid_t uid, gid_t gid)
{
    if (uid == 0) return rbit != S_IXUSR || (s->st_mode & (S_IXUSR | S_IXGRP | S_IXOTH)) || S_ISDIR(s->st_mode);
    int shift = s->st_uid == uid ? 0 : s->st_gid == gid ? 3 : 6;
    return (s->st_mode & (mode_t)(rbit >> shift)) != 0;
}
static int stat_access(const struct stat *s, int rbit) { return stat_access_as(s, rbit, geteuid(), getegid()); }
static int stat_access_real(const struct stat *s, int rbit) { return stat_access_as(s, rbit, getuid(), getgid()); }
SP_METHOD(fst_readable_p) { (void)argc_; (void)argv; (void)blk; return SP_BOOL(stat_access(STAT(self), S_IRUSR)); }
SP_METHOD(fst_writable_p) { (void)argc_; (void)argv; (void)blk; return SP_BOOL(stat_access(STAT(self), S_IWUSR)); }
SP_METHOD(fst_executable_p) { (void)argc_; (void)argv; (void)blk; return SP_BOOL(stat_access(STAT(self), S_IXUSR)); }
SP_METHOD(fst_readable_real_p) { (void)argc_; (void)argv; (void)blk; return SP_BOOL(stat_access_real(STAT(self), S_IRUSR)); }
SP_METHOD(fst_writable_real_p) { (void)argc_; (void)argv; (void)blk; return SP_BOOL(stat_access_real(STAT(self), S_IWUSR)); }
SP_METHOD(fst_executable_real_p) { (void)argc_; (void)argv; (void)blk; return SP_BOOL(stat_access_real(STAT(self), S_IXUSR)); }

SP_METHOD(fst_size_p)
{
    (void)argc_; (void)argv; (void)blk;
    off_t n = STAT(self)->st_size;
    return n == 0 ? SP_NIL : sp_int_new((int64_t)n);
}

const char *sp_file_ftype_name(mode_t m)
{
    if (S_ISREG(m)) return "file";
    if (S_ISDIR(m)) return "directory";
    if (S_ISCHR(m)) return "characterSpecial";
    if (S_ISBLK(m)) return "blockSpecial";
    if (S_ISFIFO(m)) return "fifo";
    if (S_ISLNK(m)) return "link";
    if (S_ISSOCK(m)) return "socket";
    return "unknown";
}
SP_METHOD(fst_ftype) { (void)argc_; (void)argv; (void)blk; return sp_str_new_cstr(sp_file_ftype_name(STAT(self)->st_mode)); }

/* <=>: by modification time (nil for a non-Stat). */
SP_METHOD(fst_cmp)
{
    (void)argc_; (void)blk;
    sp_value o = argv[0];
    if (!(SP_HEAP_P(o) && SP_TYPE(o) == SP_T_DATA && sp_obj_is_kind_of(o, cStat))) return SP_NIL;
    const struct timespec *a = &STAT(self)->st_mtim, *b = &STAT(o)->st_mtim;
    if (a->tv_sec != b->tv_sec) return SP_FIX(a->tv_sec < b->tv_sec ? -1 : 1);
    if (a->tv_nsec != b->tv_nsec) return SP_FIX(a->tv_nsec < b->tv_nsec ? -1 : 1);
    return SP_FIX(0);
}

SP_METHOD(fst_inspect)
{
    (void)argc_; (void)argv; (void)blk;
    const struct stat *s = STAT(self);
    sp_value r = sp_str_format("#<File::Stat dev=0x%llx, ino=%llu, mode=0%llo, nlink=%llu, uid=%llu, gid=%llu, "
                               "rdev=0x%llx, size=%lld, blksize=%lld, blocks=%lld, ",
                               (unsigned long long)s->st_dev, (unsigned long long)s->st_ino,
                               (unsigned long long)s->st_mode, (unsigned long long)s->st_nlink,
                               (unsigned long long)s->st_uid, (unsigned long long)s->st_gid,
                               (unsigned long long)s->st_rdev, (long long)s->st_size,
                               (long long)s->st_blksize, (long long)s->st_blocks);
    sp_str_cat_cstr(r, "atime=");
    sp_str_append(r, sp_inspect(sp_file_time_at(s->st_atim)));
    sp_str_cat_cstr(r, ", mtime=");
    sp_str_append(r, sp_inspect(sp_file_time_at(s->st_mtim)));
    sp_str_cat_cstr(r, ", ctime=");
    sp_str_append(r, sp_inspect(sp_file_time_at(s->st_ctim)));
    sp_str_cat_cstr(r, ">");
    return r;
}

/* File#flock(operation): 0, or false when LOCK_NB would block. */
SP_METHOD(file_flock)
{
    (void)argc_; (void)blk;
    int op = (int)sp_num_to_long(argv[0]);
    int fd = fd_of(self);
    sp_funcall0(self, "flush");
    int r, err;
    if (op & LOCK_NB) {
        r = flock(fd, op);
        err = errno;
    } else {
        /* a lock held elsewhere: the thread sleeps between non-blocking
         * tries (1 ms growing to 100 ms), so it shows as "sleep" and
         * Thread#kill/raise reach it, as CRuby's blocking region allows */
        int64_t wait = 1000000;
        for (;;) {
            r = flock(fd, op | LOCK_NB);
            err = errno;
            if (r == 0 || (err != EWOULDBLOCK && err != EAGAIN && err != EINTR)) break;
            if (err == EINTR) continue;
            if (sp_sched_sleep_until(sp_sched_now() + wait, 0) == SP_WAKE_INTERRUPT) sp_sched_check_ints();
            if (wait < 100000000) wait *= 2;
        }
    }
    if (r == 0) return SP_FIX(0);
    if ((op & LOCK_NB) && (err == EWOULDBLOCK || err == EAGAIN)) return SP_FALSE;
    sp_value path = sp_respond_to(self, sp_intern("path"), 0) ? sp_funcall0(self, "path") : SP_NIL;
    sp_raise_syserr(err, sp_str_p(path) ? sp_str_cstr(path) : NULL);
}

/* ---- Kernel#test(cmd, file1 [, file2]) ---- */

/* The File class method a one-file test letter stands for. */
static const char *test_method(int cmd)
{
    static const char *const m[][2] = {
        { "b", "blockdev?" }, { "c", "chardev?" }, { "d", "directory?" }, { "e", "exist?" },
        { "f", "file?" }, { "g", "setgid?" }, { "G", "grpowned?" }, { "k", "sticky?" },
        { "l", "symlink?" }, { "o", "owned?" }, { "p", "pipe?" }, { "r", "readable?" },
        { "R", "readable_real?" }, { "s", "size?" }, { "S", "socket?" }, { "u", "setuid?" },
        { "w", "writable?" }, { "W", "writable_real?" }, { "x", "executable?" },
        { "X", "executable_real?" }, { "z", "zero?" }, { "A", "atime" }, { "C", "ctime" },
        { "M", "mtime" },
    };
    for (size_t i = 0; i < sizeof m / sizeof m[0]; i++) if (m[i][0][0] == cmd) return m[i][1];
    return NULL;
}

/* test(?O, file): owned by the real uid (no File method asks that) */
static sp_value test_rowned(sp_value cFile, sp_value f)
{
    sp_value path = sp_funcall(cFile, sp_intern("path"), 1, &f, SP_NIL);
    struct stat st;
    if (stat(sp_str_cstr(path), &st) < 0) return SP_FALSE;
    return SP_BOOL(st.st_uid == getuid());
}

/* Kernel#test: the File predicate or time of a command letter (an
 * Integer or the first character of a String), or a comparison of two
 * files' modification times (= < >) or identity (-), as CRuby's rb_f_test. */
SP_METHOD(k_test)
{
    if (argc == 0) sp_raise_arity(argc, 2, 3);
    sp_value c = argv[0];
    int cmd;
    /* NUM2CHR: a non-empty String's first byte, else an Integer's low byte */
    if (SP_HEAP_P(c) && SP_TYPE(c) == SP_T_STRING && sp_str_len(c)) cmd = (unsigned char)sp_str_ptr(c)[0];
    else cmd = (int)(sp_num_to_long(c) & 0xff);
    sp_value cFile = sp_const_get(sp_cObject, sp_intern("File"));
    int two = cmd && strchr("-=<>", cmd);
    const char *m = cmd ? test_method(cmd) : NULL;
    if (m || cmd == 'O' || two) {
        if (argc != (two ? 3 : 2)) sp_raise_arity(argc, two ? 3 : 2, two ? 3 : 2);
        if (cmd == 'O') return test_rowned(cFile, argv[1]);
        if (m) return sp_funcall(cFile, sp_intern(m), 1, argv + 1, SP_NIL);
        if (cmd == '-') return sp_funcall(cFile, sp_intern("identical?"), 2, argv + 1, SP_NIL);
        sp_value t1 = sp_funcall(cFile, sp_intern("mtime"), 1, argv + 1, SP_NIL);
        sp_value t2 = sp_funcall(cFile, sp_intern("mtime"), 1, argv + 2, SP_NIL);
        sp_value r = sp_funcall(t1, sp_intern("<=>"), 1, &t2, SP_NIL);
        long v = SP_FIXNUM_P(r) ? SP_FIX2LONG(r) : 0;
        return SP_BOOL(cmd == '=' ? v == 0 : cmd == '<' ? v < 0 : v > 0);
    }
    if (cmd >= 0x20 && cmd < 0x7f)
        sp_raise(sp_eArgError, "unknown command '%s%c'", cmd == '\'' || cmd == '\\' ? "\\" : "", cmd);
    sp_raise(sp_eArgError, "unknown command \"\\x%02X\"", (unsigned)cmd);
}

void sp_init_objspace(void);   /* sp_objspace.c */
void sp_init_file_ops(sp_value cFile);   /* sp_file_ops.c */

/* Core additions of lib/ext, called from sp_init_io once File exists. */
void sp_init_file_stat(sp_value cFile)
{
    sp_init_objspace();
    sp_init_file_ops(cFile);
    sp_define_const(sp_cIO, "SEEK_SET", SP_FIX(SEEK_SET));
    sp_define_const(sp_cIO, "SEEK_CUR", SP_FIX(SEEK_CUR));
    sp_define_const(sp_cIO, "SEEK_END", SP_FIX(SEEK_END));

    sp_value consts = sp_const_find(cFile, sp_intern("Constants"), 0);
    sp_value targets[2] = { cFile, consts };
    for (int i = 0; i < 2; i++) {
        if (targets[i] == SP_UNDEF) continue;
        sp_define_const(targets[i], "LOCK_SH", SP_FIX(LOCK_SH));
        sp_define_const(targets[i], "LOCK_EX", SP_FIX(LOCK_EX));
        sp_define_const(targets[i], "LOCK_NB", SP_FIX(LOCK_NB));
        sp_define_const(targets[i], "LOCK_UN", SP_FIX(LOCK_UN));
    }
    sp_define_method(cFile, "flock", file_flock, 1);
    sp_define_module_function(sp_mKernel, "test", k_test, -1);

    sp_value S = cStat = sp_define_class_under(cFile, "Stat", sp_cObject);
    sp_include_module(S, sp_mComparable);
    sp_class_set_allocator(S, stat_alloc);
    sp_define_method(S, "initialize", stat_initialize, 1);
    sp_define_singleton_method(cFile, "stat", f_s_stat, 1);
    sp_define_singleton_method(cFile, "lstat", f_s_lstat, 1);
    sp_define_method(sp_cIO, "stat", io_stat, 0);
    sp_define_method(cFile, "lstat", file_lstat, 0);
#define D(name, fn, n) sp_define_method(S, name, fn, n)
    D("size", fst_size, 0); D("mode", fst_mode, 0); D("uid", fst_uid, 0); D("gid", fst_gid, 0);
    D("ino", fst_ino, 0); D("dev", fst_dev, 0); D("dev_major", fst_dev_major, 0);
    D("dev_minor", fst_dev_minor, 0); D("rdev", fst_rdev, 0); D("nlink", fst_nlink, 0);
    D("blksize", fst_blksize, 0); D("blocks", fst_blocks, 0);
    D("mtime", fst_mtime, 0); D("atime", fst_atime, 0); D("ctime", fst_ctime, 0);
    D("file?", fst_file_p, 0); D("directory?", fst_directory_p, 0); D("symlink?", fst_symlink_p, 0);
    D("pipe?", fst_pipe_p, 0); D("socket?", fst_socket_p, 0); D("chardev?", fst_chardev_p, 0);
    D("blockdev?", fst_blockdev_p, 0); D("zero?", fst_zero_p, 0); D("size?", fst_size_p, 0);
    D("setuid?", fst_setuid_p, 0); D("setgid?", fst_setgid_p, 0); D("sticky?", fst_sticky_p, 0);
    D("owned?", fst_owned_p, 0); D("readable?", fst_readable_p, 0); D("writable?", fst_writable_p, 0);
    D("executable?", fst_executable_p, 0); D("ftype", fst_ftype, 0); D("<=>", fst_cmp, 1);
    D("inspect", fst_inspect, 0); D("grpowned?", fst_grpowned_p, 0);
    D("rdev_major", fst_rdev_major, 0); D("rdev_minor", fst_rdev_minor, 0);
    D("readable_real?", fst_readable_real_p, 0); D("writable_real?", fst_writable_real_p, 0);
    D("executable_real?", fst_executable_real_p, 0);
    D("world_readable?", fst_world_readable_p, 0); D("world_writable?", fst_world_writable_p, 0);
#undef D
}

/*
 * sp_pathname.c — `require 'pathname.so'`: the C core of Pathname
 * (CRuby's ext/pathname/pathname.c).  The Ruby half (pathname.rb: +,
 * join, cleanpath, children, relative_path_from, find, ...) is compiled
 * from the installed Ruby; its first line requires this.
 *
 * Representation: a Pathname is an ordinary object whose String lives in
 * the instance variable @path, as in CRuby (pathname.rb reads @path).
 * Most methods forward to File, Dir or FileTest with @path as the first
 * (or last) argument; the table at the end says which, and whether the
 * String result becomes a Pathname.  Keywords and blocks are passed on.
 */
#include "spinel.h"
#include "sp_string.h"
#include "sp_array.h"

#include <string.h>


static sp_value cPathname;
static sp_id id_path;

static sp_value path_str(sp_value self) { return sp_ivar_get(self, id_path); }

static sp_value pn_new(sp_value str)
{
    return sp_class_new_instance(cPathname, 1, &str, SP_NIL);
}

static sp_value klass_named(const char *name) { return sp_const_get(sp_cObject, sp_intern(name)); }

/* Pathname.new(path): a String or an object with #to_path; no NUL. */
SP_METHOD(pn_initialize)
{
    (void)argc_; (void)blk;
    sp_value s = argv[0];
    if (SP_HEAP_P(s) && sp_obj_is_kind_of(s, cPathname)) s = path_str(s);
    else if (!sp_str_p(s) && sp_respond_to(s, sp_intern("to_path"), 0)) s = sp_funcall0(s, "to_path");
    s = sp_str_to_str(s);
    if (memchr(sp_str_ptr(s), '\0', sp_str_len(s))) sp_raise(sp_eArgError, "pathname contains null byte");
    sp_ivar_set(self, id_path, sp_str_dup(s));
    return self;
}

SP_METHOD(pn_to_s) { (void)argc_; (void)argv; (void)blk; return sp_str_dup(path_str(self)); }

SP_METHOD(pn_freeze)
{
    (void)argc_; (void)argv; (void)blk;
    sp_funcall0(path_str(self), "freeze");
    sp_obj_freeze(self);
    return self;
}

SP_METHOD(pn_eq)
{
    (void)argc_; (void)blk;
    sp_value o = argv[0];
    if (!SP_HEAP_P(o) || !sp_obj_is_kind_of(o, cPathname)) return SP_FALSE;
    return SP_BOOL(sp_str_equal(path_str(self), path_str(o)));
}

/* <=>: byte order with '/' sorting before every other byte, so that
 * "a/b" < "a.b" as CRuby's cmp does. */
SP_METHOD(pn_cmp)
{
    (void)argc_; (void)blk;
    sp_value o = argv[0];
    if (!SP_HEAP_P(o) || !sp_obj_is_kind_of(o, cPathname)) return SP_NIL;
    sp_value a = path_str(self), b = path_str(o);
    const unsigned char *p = (const unsigned char *)sp_str_ptr(a), *q = (const unsigned char *)sp_str_ptr(b);
    size_t n = sp_str_len(a), m = sp_str_len(b), i = 0;
    for (; i < n && i < m; i++) {
        int c1 = p[i] == '/' ? 0 : p[i], c2 = q[i] == '/' ? 0 : q[i];
        if (c1 != c2) return SP_FIX(c1 < c2 ? -1 : 1);
    }
    return SP_FIX(n == m ? 0 : n < m ? -1 : 1);
}

SP_METHOD(pn_hash) { (void)argc_; (void)argv; (void)blk; return sp_funcall0(path_str(self), "hash"); }

SP_METHOD(pn_inspect)
{
    (void)argc_; (void)argv; (void)blk;
    sp_value r = sp_str_format("#<%s:", sp_obj_classname(self));
    sp_str_append(r, path_str(self));
    sp_str_cat_cstr(r, ">");
    return r;
}

/* sub(pattern, replacement) / sub(pattern) { } -> Pathname */
SP_METHOD(pn_sub)
{
    (void)self;
    return pn_new(sp_funcall(path_str(self), sp_intern("sub"), argc_, argv, blk));
}

/* sub_ext(repl): the extension (File.extname) replaced */
SP_METHOD(pn_sub_ext)
{
    (void)argc_; (void)blk;
    sp_value p = path_str(self), repl = sp_str_to_str(argv[0]);
    sp_value ext = sp_funcall(klass_named("File"), sp_intern("extname"), 1, &p, SP_NIL);
    sp_value r = sp_str_new(sp_str_ptr(p), sp_str_len(p) - sp_str_len(ext));
    sp_str_append(r, repl);
    return pn_new(r);
}

/* ---- forwarding ------------------------------------------------------ */

enum { TO_FILE, TO_DIR, TO_FILETEST };
enum { PATH_FIRST, PATH_LAST, PATH_SECOND };
enum { RET_AS_IS, RET_PATHNAME, RET_PATHNAMES };

typedef struct fwd {
    const char *name;       /* Pathname method */
    int target;             /* TO_FILE / TO_DIR / TO_FILETEST */
    const char *meth;       /* target class method */
    int where;              /* where @path goes among the arguments (PATH_SECOND:
                               after the first, as File.fnmatch(pattern, path)) */
    int ret;                /* how the result is returned */
} fwd;

static sp_value wrap(sp_value r, int how)
{
    if (how == RET_PATHNAME) return sp_str_p(r) ? pn_new(r) : r;
    if (how == RET_PATHNAMES && sp_ary_p(r)) {
        long n = sp_ary_len(r);
        sp_value out = sp_ary_new_capa(n);
        for (long i = 0; i < n; i++) sp_ary_push(out, pn_new(sp_ary_entry(r, i)));
        return out;
    }
    return r;
}

static sp_value forward(const fwd *f, sp_value self, int argc_, const sp_value *argv, sp_value blk)
{
    int argc = SP_ARGC(argc_);
    int n = argc;
    sp_value a[16];
    if (n > 15) sp_raise_arity(n, 0, 15);
    int kw = (argc_ & SP_ARGC_KW) && n > 0;
    int npos = kw ? n - 1 : n;
    int k = 0;
    if (f->where == PATH_FIRST) a[k++] = path_str(self);
    for (int i = 0; i < npos; i++) {
        a[k++] = argv[i];
        if (i == 0 && f->where == PATH_SECOND) a[k++] = path_str(self);
    }
    if (f->where == PATH_SECOND && npos == 0) sp_raise_arity(0, 1, 2);
    if (f->where == PATH_LAST) a[k++] = path_str(self);
    if (kw) a[k++] = argv[n - 1];
    const char *kname = f->target == TO_DIR ? "Dir" : "File";
    sp_value r = sp_funcall(klass_named(kname), sp_intern(f->meth), k | (kw ? SP_ARGC_KW : 0), a, blk);
    return wrap(r, f->ret);
}

static const fwd fwds[] = {
    { "atime", TO_FILE, "atime", PATH_FIRST, RET_AS_IS },
    { "birthtime", TO_FILE, "birthtime", PATH_FIRST, RET_AS_IS },
    { "ctime", TO_FILE, "ctime", PATH_FIRST, RET_AS_IS },
    { "mtime", TO_FILE, "mtime", PATH_FIRST, RET_AS_IS },
    { "chmod", TO_FILE, "chmod", PATH_LAST, RET_AS_IS },
    { "lchmod", TO_FILE, "lchmod", PATH_LAST, RET_AS_IS },
    { "chown", TO_FILE, "chown", PATH_LAST, RET_AS_IS },
    { "lchown", TO_FILE, "lchown", PATH_LAST, RET_AS_IS },
    { "ftype", TO_FILE, "ftype", PATH_FIRST, RET_AS_IS },
    { "make_link", TO_FILE, "link", PATH_LAST, RET_AS_IS },
    { "make_symlink", TO_FILE, "symlink", PATH_LAST, RET_AS_IS },
    { "open", TO_FILE, "open", PATH_FIRST, RET_AS_IS },
    { "readlink", TO_FILE, "readlink", PATH_FIRST, RET_PATHNAME },
    { "rename", TO_FILE, "rename", PATH_FIRST, RET_AS_IS },
    { "stat", TO_FILE, "stat", PATH_FIRST, RET_AS_IS },
    { "lstat", TO_FILE, "lstat", PATH_FIRST, RET_AS_IS },
    { "truncate", TO_FILE, "truncate", PATH_FIRST, RET_AS_IS },
    { "utime", TO_FILE, "utime", PATH_LAST, RET_AS_IS },
    { "basename", TO_FILE, "basename", PATH_FIRST, RET_PATHNAME },
    { "dirname", TO_FILE, "dirname", PATH_FIRST, RET_PATHNAME },
    { "extname", TO_FILE, "extname", PATH_FIRST, RET_AS_IS },
    { "expand_path", TO_FILE, "expand_path", PATH_FIRST, RET_PATHNAME },
    { "realpath", TO_FILE, "realpath", PATH_FIRST, RET_PATHNAME },
    { "split", TO_FILE, "split", PATH_FIRST, RET_PATHNAMES },
    { "each_line", TO_FILE, "foreach", PATH_FIRST, RET_AS_IS },
    { "read", TO_FILE, "read", PATH_FIRST, RET_AS_IS },
    { "binread", TO_FILE, "binread", PATH_FIRST, RET_AS_IS },
    { "readlines", TO_FILE, "readlines", PATH_FIRST, RET_AS_IS },
    { "write", TO_FILE, "write", PATH_FIRST, RET_AS_IS },
    { "binwrite", TO_FILE, "binwrite", PATH_FIRST, RET_AS_IS },
    { "blockdev?", TO_FILETEST, "blockdev?", PATH_FIRST, RET_AS_IS },
    { "chardev?", TO_FILETEST, "chardev?", PATH_FIRST, RET_AS_IS },
    { "executable?", TO_FILETEST, "executable?", PATH_FIRST, RET_AS_IS },
    { "executable_real?", TO_FILETEST, "executable_real?", PATH_FIRST, RET_AS_IS },
    { "exist?", TO_FILETEST, "exist?", PATH_FIRST, RET_AS_IS },
    { "grpowned?", TO_FILETEST, "grpowned?", PATH_FIRST, RET_AS_IS },
    { "directory?", TO_FILETEST, "directory?", PATH_FIRST, RET_AS_IS },
    { "file?", TO_FILETEST, "file?", PATH_FIRST, RET_AS_IS },
    { "pipe?", TO_FILETEST, "pipe?", PATH_FIRST, RET_AS_IS },
    { "socket?", TO_FILETEST, "socket?", PATH_FIRST, RET_AS_IS },
    { "owned?", TO_FILETEST, "owned?", PATH_FIRST, RET_AS_IS },
    { "readable?", TO_FILETEST, "readable?", PATH_FIRST, RET_AS_IS },
    { "world_readable?", TO_FILETEST, "world_readable?", PATH_FIRST, RET_AS_IS },
    { "readable_real?", TO_FILETEST, "readable_real?", PATH_FIRST, RET_AS_IS },
    { "setuid?", TO_FILETEST, "setuid?", PATH_FIRST, RET_AS_IS },
    { "setgid?", TO_FILETEST, "setgid?", PATH_FIRST, RET_AS_IS },
    { "size", TO_FILETEST, "size", PATH_FIRST, RET_AS_IS },
    { "size?", TO_FILETEST, "size?", PATH_FIRST, RET_AS_IS },
    { "sticky?", TO_FILETEST, "sticky?", PATH_FIRST, RET_AS_IS },
    { "symlink?", TO_FILETEST, "symlink?", PATH_FIRST, RET_AS_IS },
    { "writable?", TO_FILETEST, "writable?", PATH_FIRST, RET_AS_IS },
    { "world_writable?", TO_FILETEST, "world_writable?", PATH_FIRST, RET_AS_IS },
    { "writable_real?", TO_FILETEST, "writable_real?", PATH_FIRST, RET_AS_IS },
    { "zero?", TO_FILETEST, "zero?", PATH_FIRST, RET_AS_IS },
    { "entries", TO_DIR, "entries", PATH_FIRST, RET_PATHNAMES },
    { "mkdir", TO_DIR, "mkdir", PATH_FIRST, RET_AS_IS },
    { "rmdir", TO_DIR, "rmdir", PATH_FIRST, RET_AS_IS },
    { "opendir", TO_DIR, "open", PATH_FIRST, RET_AS_IS },
    { "fnmatch", TO_FILE, "fnmatch", PATH_SECOND, RET_AS_IS },
    { "fnmatch?", TO_FILE, "fnmatch?", PATH_SECOND, RET_AS_IS },
};

/* One C function per table row (a cfunc does not learn its own name). */
#define FWD(i) SP_METHOD(fwd_##i) { (void)argc; return forward(&fwds[i], self, argc_, argv, blk); }
FWD(0) FWD(1) FWD(2) FWD(3) FWD(4) FWD(5) FWD(6) FWD(7) FWD(8) FWD(9)
FWD(10) FWD(11) FWD(12) FWD(13) FWD(14) FWD(15) FWD(16) FWD(17) FWD(18) FWD(19)
FWD(20) FWD(21) FWD(22) FWD(23) FWD(24) FWD(25) FWD(26) FWD(27) FWD(28) FWD(29)
FWD(30) FWD(31) FWD(32) FWD(33) FWD(34) FWD(35) FWD(36) FWD(37) FWD(38) FWD(39)
FWD(40) FWD(41) FWD(42) FWD(43) FWD(44) FWD(45) FWD(46) FWD(47) FWD(48) FWD(49)
FWD(50) FWD(51) FWD(52) FWD(53) FWD(54) FWD(55) FWD(56) FWD(57) FWD(58) FWD(59)
#undef FWD
static const sp_cfunc fwd_fns[] = {
    fwd_0, fwd_1, fwd_2, fwd_3, fwd_4, fwd_5, fwd_6, fwd_7, fwd_8, fwd_9,
    fwd_10, fwd_11, fwd_12, fwd_13, fwd_14, fwd_15, fwd_16, fwd_17, fwd_18, fwd_19,
    fwd_20, fwd_21, fwd_22, fwd_23, fwd_24, fwd_25, fwd_26, fwd_27, fwd_28, fwd_29,
    fwd_30, fwd_31, fwd_32, fwd_33, fwd_34, fwd_35, fwd_36, fwd_37, fwd_38, fwd_39,
    fwd_40, fwd_41, fwd_42, fwd_43, fwd_44, fwd_45, fwd_46, fwd_47, fwd_48, fwd_49,
    fwd_50, fwd_51, fwd_52, fwd_53, fwd_54, fwd_55, fwd_56, fwd_57, fwd_58, fwd_59,
};
_Static_assert(sizeof fwd_fns / sizeof fwd_fns[0] == sizeof fwds / sizeof fwds[0], "one function per row");

/* ---- the rest -------------------------------------------------------- */

/* empty?: Dir.empty? for a directory, else File.empty? */
SP_METHOD(pn_empty_p)
{
    (void)argc_; (void)argv; (void)blk;
    sp_value p = path_str(self);
    int dir = SP_RTEST(sp_funcall(klass_named("File"), sp_intern("directory?"), 1, &p, SP_NIL));
    return sp_funcall(klass_named(dir ? "Dir" : "File"), sp_intern("empty?"), 1, &p, SP_NIL);
}

/* unlink/delete: rmdir for a directory, else unlink */
SP_METHOD(pn_unlink)
{
    (void)argc_; (void)argv; (void)blk;
    sp_value p = path_str(self);
    int dir = SP_RTEST(sp_funcall(klass_named("File"), sp_intern("directory?"), 1, &p, SP_NIL));
    if (dir && !SP_RTEST(sp_funcall(klass_named("File"), sp_intern("symlink?"), 1, &p, SP_NIL)))
        return sp_funcall(klass_named("Dir"), sp_intern("unlink"), 1, &p, SP_NIL);
    return sp_funcall(klass_named("File"), sp_intern("unlink"), 1, &p, SP_NIL);
}

/* each_entry { |pathname| }: Dir.foreach's names as Pathnames */
SP_METHOD(pn_each_entry)
{
    (void)argc_; (void)argv;
    sp_value p = path_str(self);
    sp_value names = sp_funcall(klass_named("Dir"), sp_intern("entries"), 1, &p, SP_NIL);
    for (long i = 0; i < sp_ary_len(names); i++) sp_yield1(blk, pn_new(sp_ary_entry(names, i)));
    return SP_NIL;
}

/* Pathname.getwd / Pathname.pwd */
SP_METHOD(pn_s_getwd)
{
    (void)self; (void)argc_; (void)argv; (void)blk;
    return pn_new(sp_funcall0(klass_named("Dir"), "pwd"));
}

/* Pathname.glob(pattern, ...) [{ |pathname| }] */
SP_METHOD(pn_s_glob)
{
    (void)self;
    sp_value r = wrap(sp_funcall(klass_named("Dir"), sp_intern("glob"), argc_, argv, SP_NIL), RET_PATHNAMES);
    if (blk == SP_NIL) return r;
    for (long i = 0; i < sp_ary_len(r); i++) sp_yield1(blk, sp_ary_entry(r, i));
    return SP_NIL;
}

/* Pathname#glob(pattern, flags = 0): Dir.glob with base: self, each
 * result joined to self. */
SP_METHOD(pn_glob)
{
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    sp_value kw = sp_hash_new();
    sp_hash_aset(kw, sp_sym("base"), path_str(self));
    sp_value a[3] = { argv[0], argc > 1 ? argv[1] : SP_FIX(0), kw };
    sp_value names = sp_funcall(klass_named("Dir"), sp_intern("glob"), 3 | SP_ARGC_KW, a, SP_NIL);
    sp_value out = sp_ary_new();
    for (long i = 0; i < sp_ary_len(names); i++) {
        sp_value n = sp_ary_entry(names, i);
        sp_ary_push(out, sp_funcall(self, sp_intern("+"), 1, &n, SP_NIL));
    }
    if (blk == SP_NIL) return out;
    for (long i = 0; i < sp_ary_len(out); i++) sp_yield1(blk, sp_ary_entry(out, i));
    return SP_NIL;
}

/* Kernel#Pathname(path): path itself when a Pathname */
SP_METHOD(k_pathname)
{
    (void)self; (void)argc_; (void)blk;
    if (SP_HEAP_P(argv[0]) && sp_obj_is_kind_of(argv[0], cPathname)) return argv[0];
    return pn_new(argv[0]);
}

void sp_init_pathname(void)
{
    id_path = sp_intern("@path");
    sp_value P = cPathname = sp_define_class("Pathname", sp_cObject);
    sp_define_private_method(P, "initialize", pn_initialize, 1);
    sp_define_method(P, "to_s", pn_to_s, 0);
    sp_define_method(P, "to_path", pn_to_s, 0);
    sp_define_method(P, "freeze", pn_freeze, 0);
    sp_define_method(P, "==", pn_eq, 1);
    sp_define_method(P, "===", pn_eq, 1);
    sp_define_method(P, "eql?", pn_eq, 1);
    sp_define_method(P, "<=>", pn_cmp, 1);
    sp_define_method(P, "hash", pn_hash, 0);
    sp_define_method(P, "inspect", pn_inspect, 0);
    sp_define_method(P, "sub", pn_sub, -1);
    sp_define_method(P, "sub_ext", pn_sub_ext, 1);
    for (size_t i = 0; i < sizeof fwds / sizeof fwds[0]; i++) sp_define_method(P, fwds[i].name, fwd_fns[i], -1);
    sp_define_method(P, "empty?", pn_empty_p, 0);
    sp_define_method(P, "unlink", pn_unlink, 0);
    sp_define_method(P, "delete", pn_unlink, 0);
    sp_define_method(P, "each_entry", pn_each_entry, 0);
    sp_define_method(P, "glob", pn_glob, -1);
    sp_define_singleton_method(P, "getwd", pn_s_getwd, 0);
    sp_define_singleton_method(P, "pwd", pn_s_getwd, 0);
    sp_define_singleton_method(P, "glob", pn_s_glob, -1);
    sp_define_module_function(sp_mKernel, "Pathname", k_pathname, 1);   /* a global function, as CRuby */
}

/*
 * sp_file_path.c — File's class methods on path names, as CRuby's file.c
 * computes them on a POSIX system: File.path, basename, dirname, extname,
 * split, join, expand_path, absolute_path(?), realpath, realdirpath.
 *
 * Representation: none of its own.  A path argument goes through
 * sp_file_path_str (CRuby's rb_get_path): a String as is, else #to_path,
 * else #to_str (TypeError); it must be ASCII-compatible
 * (Encoding::CompatibilityError) and contain no NUL byte (ArgumentError).
 * Results are new, unfrozen Strings in the encoding of the argument.
 * Separators are '/' only (File::ALT_SEPARATOR is nil).  Also the
 * FileTest module, whose module functions are File's own predicates.
 * Called from sp_init_io (one line), after File's other singleton
 * methods, at start-up: these are core methods.
 */
#include "spinel.h"
#include "sp_string.h"
#include "sp_array.h"
#include "sp_io.h"

#include <errno.h>
#include <limits.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The String a path argument stands for (rb_get_path). */
sp_value sp_file_path_str(sp_value v)
{
    if (!sp_str_p(v) && !SP_SPECIAL_CONST_P(v) && sp_respond_to(v, sp_intern("to_path"), 1))
        v = sp_funcall0(v, "to_path");
    v = sp_str_to_str(v);
    if ((sp_str_enc_bits(v) & SP_STR_OTHERENC) &&
        !SP_RTEST(sp_funcall0(sp_funcall0(v, "encoding"), "ascii_compatible?"))) {
        sp_value enc = sp_funcall0(v, "encoding");
        sp_value ecompat = sp_const_get(sp_const_get(sp_cObject, sp_intern("Encoding")), sp_intern("CompatibilityError"));
        sp_raise(ecompat, "path name must be ASCII-compatible (%s): %s",
                 sp_str_cstr(sp_to_s(enc)), sp_str_cstr(sp_inspect(v)));
    }
    size_t l; const char *p = sp_str_snap(v, &l);
    if (memchr(p, 0, l)) sp_raise(sp_eArgError, "path name contains null byte");
    return v;
}

/* stat(2) of a path argument or, for an IO (or an object with #to_io),
 * fstat(2) of its descriptor (CRuby's rb_stat); 0 or -1 with errno.
 * *pathp gets the path (nil for an IO). */
int sp_file_stat_arg(sp_value v, struct stat *st, sp_value *pathp)
{
    if (!sp_str_p(v) && !SP_SPECIAL_CONST_P(v) && sp_respond_to(v, sp_intern("to_io"), 1)) {
        sp_value io = sp_funcall0(v, "to_io");
        if (pathp) *pathp = SP_NIL;
        return fstat((int)sp_num_to_long(sp_funcall0(io, "fileno")), st);
    }
    sp_value path = sp_file_path_str(v);
    if (pathp) *pathp = path;
    return stat(sp_str_cstr(path), st);
}

/* File.path(x): x's path as a new String. */
SP_METHOD(fp_s_path)
{
    if (argc != 1) sp_raise_arity(argc, 1, 1);
    sp_value s = sp_file_path_str(argv[0]);
    size_t l; const char *p = sp_str_snap(s, &l);
    return sp_str_new_like(s, p, l);
}

/* The last component of p[0..l): *start and its length (trailing '/'
 * excluded); a path of only '/' is "/" itself, an empty one is empty. */
static size_t last_component(const char *p, size_t l, size_t *start)
{
    size_t i = 0;
    while (i < l && p[i] == '/') i++;
    if (i == l) { *start = l ? l - 1 : 0; return l ? 1 : 0; }
    while (l > i && p[l - 1] == '/') l--;
    size_t b = l;
    while (b > i && p[b - 1] != '/') b--;
    *start = b;
    return l - b;
}

/* The length of a basename without the suffix `s` (CRuby's rmext): ".*"
 * takes off the last extension, "X*" everything from the last X, any other
 * suffix only when the name ends with it and is longer. */
static size_t strip_suffix(const char *n, size_t nl, const char *s, size_t sl)
{
    if (sl == 0) return nl;
    if (sl == 2 && s[1] == '*') {
        size_t i = 0, last = nl;
        if (s[0] == '.') {
            while (i < nl && n[i] == '.') i++;
            for (; i < nl; i++) if (n[i] == '.') last = i;
            return last ? last : nl;
        }
        for (; i < nl; i++) if (n[i] == s[0]) last = i;
        return last ? last : nl;
    }
    if (sl < nl && memcmp(n + nl - sl, s, sl) == 0) return nl - sl;
    return nl;
}

SP_METHOD(fp_s_basename)
{
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    sp_value path = sp_file_path_str(argv[0]);
    sp_value suf = argc > 1 ? sp_str_to_str(argv[1]) : SP_NIL;
    size_t l; const char *p = sp_str_snap(path, &l);
    size_t b, n = last_component(p, l, &b);
    if (suf != SP_NIL && !(n == 1 && p[b] == '/')) {
        size_t sl; const char *s = sp_str_snap(suf, &sl);
        n = strip_suffix(p + b, n, s, sl);
    }
    return sp_str_new_like(path, p + b, n);
}

/* File.dirname(path, level = 1): leading '/'s count as one. */
SP_METHOD(fp_s_dirname)
{
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    sp_value path = sp_file_path_str(argv[0]);
    long level = argc > 1 ? (long)sp_num_to_long(sp_funcall0(argv[1], "to_int")) : 1;
    if (level < 0) sp_raise(sp_eArgError, "negative level: %ld", level);
    size_t l; const char *p = sp_str_snap(path, &l);
    if (level == 0) return sp_str_new_like(path, p, l);
    size_t root = 0;
    while (root < l && p[root] == '/') root++;
    if (root > 1) { p += root - 1; l -= root - 1; root = 1; }
    for (long k = 0; k < level && l > root; k++) {
        while (l > root && p[l - 1] == '/') l--;
        while (l > root && p[l - 1] != '/') l--;
        while (l > root && p[l - 1] == '/') l--;
    }
    if (l == 0) return sp_str_new_like(path, ".", 1);
    return sp_str_new_like(path, p, l);
}

/* File.extname: from the last '.' of the basename that is not one of its
 * leading dots; "foo." has the extension ".". */
SP_METHOD(fp_s_extname)
{
    if (argc != 1) sp_raise_arity(argc, 1, 1);
    sp_value path = sp_file_path_str(argv[0]);
    size_t l; const char *p = sp_str_snap(path, &l);
    size_t b, n = last_component(p, l, &b);
    const char *nm = p + b;
    size_t i = 0, dot = 0;
    int found = 0;
    while (i < n && nm[i] == '.') i++;
    for (; i < n; i++) if (nm[i] == '.') { dot = i; found = 1; }
    if (!found) return sp_str_new_like(path, "", 0);
    return sp_str_new_like(path, nm + dot, n - dot);
}

SP_METHOD(fp_s_split)
{
    if (argc != 1) sp_raise_arity(argc, 1, 1);
    sp_value path = sp_file_path_str(argv[0]);
    sp_value pair[2] = { fp_s_dirname(self, 1, &path, SP_NIL), fp_s_basename(self, 1, &path, SP_NIL) };
    return sp_ary_new_from(2, pair);
}

/* File.join: parts joined by one '/' (of a separator at the end of one
 * part and at the start of the next, the right one is kept); an Array is
 * one part, its own join (recursion is an ArgumentError). */
static sp_value join_parts(int argc, const sp_value *argv, sp_value seen)
{
    sp_value out = sp_str_new(NULL, 0);
    for (int i = 0; i < argc; i++) {
        sp_value v = argv[i], part;
        if (sp_ary_p(v)) {
            for (long j = 0; j < sp_ary_len(seen); j++)
                if (sp_ary_entry(seen, j) == v) sp_raise(sp_eArgError, "recursive array");
            sp_ary_push(seen, v);
            long n; const sp_value *e = sp_ary_snap(v, &n);
            part = join_parts((int)n, e, seen);
            sp_ary_pop(seen);
        } else {
            part = sp_str_p(v) ? v : sp_file_path_str(v);
        }
        size_t pl; const char *pp = sp_str_snap(part, &pl);
        if (memchr(pp, 0, pl)) sp_raise(sp_eArgError, "string contains null byte");
        if (i > 0) {
            size_t ol; const char *op = sp_str_snap(out, &ol);
            size_t trail = 0;
            while (trail < ol && op[ol - 1 - trail] == '/') trail++;
            if (pl > 0 && pp[0] == '/') {
                if (trail) sp_str_resize(out, ol - trail);
            } else if (!trail) sp_str_cat(out, "/", 1);
        }
        sp_str_enc_concat(out, part);
        sp_str_cat(out, pp, pl);
    }
    return out;
}

SP_METHOD(fp_s_join) { return join_parts(argc, argv, sp_ary_new()); }

/* The home directory of "~" or "~user" (name[0..nl)); CRuby's errors. */
static sp_value home_of(const char *name, size_t nl)
{
    if (nl == 0) {
        const char *h = getenv("HOME");
        if (!h) {
            struct passwd *pw = getpwuid(getuid());
            if (!pw) sp_raise(sp_eArgError, "couldn't find login name -- expanding '~'");
            h = pw->pw_dir;
        }
        if (h[0] != '/') sp_raise(sp_eArgError, "non-absolute home");
        return sp_str_new_cstr(h);
    }
    char *u = GC_MALLOC_ATOMIC(nl + 1);
    memcpy(u, name, nl);
    u[nl] = 0;
    struct passwd *pw = getpwnam(u);
    if (!pw) sp_raise(sp_eArgError, "user %s doesn't exist", u);
    if (pw->pw_dir[0] != '/') sp_raise(sp_eArgError, "non-absolute home of %s", u);
    return sp_str_new_cstr(pw->pw_dir);
}

/* Lexical absolute path (no symlink resolution): dir (default: cwd) joined
 * with path, then "." and ".." segments folded and repeated '/' squeezed;
 * a leading run of several '/' is kept as CRuby keeps it.  tilde: expand
 * "~" and "~user". */
static sp_value abs_path(int argc, const sp_value *argv, int tilde)
{
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    sp_value path = sp_file_path_str(argv[0]);
    const char *p = sp_str_cstr(path);
    sp_value full;
    if (tilde && p[0] == '~') {
        size_t nl = strcspn(p + 1, "/");
        full = home_of(p + 1, nl);
        sp_str_cat_cstr(full, p + 1 + nl);
    } else if (p[0] == '/') {
        full = sp_str_new_cstr(p);
    } else {
        if (argc > 1 && argv[1] != SP_NIL) {
            full = sp_str_dup(abs_path(1, argv + 1, tilde));
        } else {
            char buf[PATH_MAX];
            if (!getcwd(buf, sizeof buf)) sp_raise_syserr(errno, NULL);
            full = sp_str_new_cstr(buf);
        }
        size_t fl; const char *fp = sp_str_snap(full, &fl);
        if (!fl || fp[fl - 1] != '/') sp_str_cat(full, "/", 1);
        sp_str_cat_cstr(full, p);
    }
    const char *s = sp_str_cstr(full);
    size_t n = strlen(s), lead = 0;
    while (s[lead] == '/') lead++;
    if (lead < 2) lead = 1;
    char *out = GC_MALLOC_ATOMIC(n + 2);
    memcpy(out, s, lead - 1);
    size_t o = lead - 1, base = o;   /* out[0..base) is the kept prefix */
    const char *q = s;
    while (*q) {
        while (*q == '/') q++;
        if (!*q) break;
        size_t l = strcspn(q, "/");
        if (l == 1 && q[0] == '.') { /* skip */ }
        else if (l == 2 && q[0] == '.' && q[1] == '.') {
            if (o > base) {
                while (o > base && out[o - 1] != '/') o--;
                if (o > base) o--;
                if (o == base) o = base = 0;   /* "//a/.." is "/" in CRuby */
            }
        } else {
            out[o++] = '/';
            memcpy(out + o, q, l);
            o += l;
        }
        q += l;
    }
    if (o == base) out[o++] = '/';
    return sp_str_new_like(path, out, o);
}
SP_METHOD(fp_s_expand_path) { return abs_path(argc, argv, 1); }
SP_METHOD(fp_s_absolute_path) { return abs_path(argc, argv, 0); }
SP_METHOD(fp_s_absolute_path_p)
{
    if (argc != 1) sp_raise_arity(argc, 1, 1);
    return SP_BOOL(sp_str_cstr(sp_file_path_str(argv[0]))[0] == '/');
}

/* CRuby's realpath_rec: resolve the components of rest[0..) onto
 * `resolved` (an absolute path without trailing '/'), following symlinks
 * (more than 40 in one call is ELOOP).  A missing last component is kept
 * when dir_mode (File.realdirpath). */
static void realpath_rec(sp_value resolved, const char *rest, int dir_mode, int *links)
{
    while (*rest) {
        while (*rest == '/') rest++;
        if (!*rest) break;
        size_t l = strcspn(rest, "/");
        const char *next = rest + l;
        int last = 1;
        for (const char *t = next; *t; t++) if (*t != '/') { last = 0; break; }
        if (l == 1 && rest[0] == '.') { rest = next; continue; }
        if (l == 2 && rest[0] == '.' && rest[1] == '.') {
            size_t rl; const char *rp = sp_str_snap(resolved, &rl);
            while (rl > 0 && rp[rl - 1] != '/') rl--;
            if (rl > 1) rl--;
            sp_str_resize(resolved, rl ? rl : 1);
            rest = next;
            continue;
        }
        size_t keep = sp_str_len(resolved);
        if (keep > 1) sp_str_cat(resolved, "/", 1);
        else sp_str_resize(resolved, 1);
        sp_str_cat(resolved, rest, l);
        struct stat st;
        if (lstat(sp_str_cstr(resolved), &st) != 0) {
            int e = errno;
            if (e == ENOENT && dir_mode && last) return;
            sp_raise_syserr_path(e, "realpath_rec", sp_str_cstr(resolved));
        }
        if (S_ISLNK(st.st_mode)) {
            if (++*links > 40) sp_raise_syserr_path(ELOOP, "realpath_rec", sp_str_cstr(resolved));
            char buf[PATH_MAX];
            ssize_t n = readlink(sp_str_cstr(resolved), buf, sizeof buf - 1);
            if (n < 0) sp_raise_syserr_path(errno, "realpath_rec", sp_str_cstr(resolved));
            buf[n] = 0;
            if (buf[0] == '/') sp_str_resize(resolved, 1);
            else sp_str_resize(resolved, keep);
            realpath_rec(resolved, buf, dir_mode && last, links);
        }
        rest = next;
    }
}

static sp_value real_path(int argc, const sp_value *argv, int dir_mode)
{
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    sp_value path = sp_file_path_str(argv[0]);
    const char *p = sp_str_cstr(path);
    sp_value resolved;
    if (p[0] == '/') resolved = sp_str_new("/", 1);
    else if (argc == 2 && !SP_NIL_P(argv[1])) {
        sp_value base = abs_path(1, argv + 1, 0);
        resolved = sp_str_new("/", 1);
        int links = 0;
        realpath_rec(resolved, sp_str_cstr(base), 0, &links);
    } else {
        char buf[PATH_MAX];
        if (!getcwd(buf, sizeof buf)) sp_raise_syserr(errno, NULL);
        resolved = sp_str_new("/", 1);
        int links = 0;
        realpath_rec(resolved, buf, 0, &links);
    }
    int links = 0;
    realpath_rec(resolved, p, dir_mode, &links);
    size_t l; const char *r = sp_str_snap(resolved, &l);
    return sp_str_new_like(path, r, l);
}
/* File.realpath: realpath(3) first, as CRuby; glibc refuses "file/.." (ENOTDIR)
 * and some existing paths (/dev/fd/N): those go through realpath_rec. */
SP_METHOD(fp_s_realpath)
{
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    sp_value path = sp_file_path_str(argv[0]);
    sp_value full = path;
    if (sp_str_cstr(path)[0] != '/' && argc == 2 && !SP_NIL_P(argv[1])) {
        sp_value parts[2] = { sp_file_path_str(argv[1]), path };
        full = fp_s_join(SP_NIL, 2, parts, SP_NIL);
    }
    char buf[PATH_MAX];
    struct stat st;
    if (realpath(sp_str_cstr(full), buf)) return sp_str_new_like(path, buf, strlen(buf));
    int e = errno;
    if (e == ENOTDIR || (e == ENOENT && stat(sp_str_cstr(full), &st) == 0))
        return real_path(argc, argv, 0);
    sp_raise_syserr_path(e, "rb_check_realpath_internal", sp_str_cstr(full));
}
SP_METHOD(fp_s_realdirpath) { return real_path(argc, argv, 1); }

void sp_init_file_path(sp_value cFile)
{
    sp_define_singleton_method(cFile, "path", fp_s_path, -1);
    sp_define_singleton_method(cFile, "basename", fp_s_basename, -1);
    sp_define_singleton_method(cFile, "dirname", fp_s_dirname, -1);
    sp_define_singleton_method(cFile, "extname", fp_s_extname, -1);
    sp_define_singleton_method(cFile, "split", fp_s_split, -1);
    sp_define_singleton_method(cFile, "join", fp_s_join, -1);
    sp_define_singleton_method(cFile, "expand_path", fp_s_expand_path, -1);
    sp_define_singleton_method(cFile, "absolute_path", fp_s_absolute_path, -1);
    sp_define_singleton_method(cFile, "absolute_path?", fp_s_absolute_path_p, -1);
    sp_define_singleton_method(cFile, "realpath", fp_s_realpath, -1);
    sp_define_singleton_method(cFile, "realdirpath", fp_s_realdirpath, -1);

    /* FileTest: module functions that are File's (same entries, as the
     * File singleton class includes FileTest in CRuby) */
    static const char *const tests[] = {
        "blockdev?", "chardev?", "directory?", "empty?", "executable?", "executable_real?",
        "exist?", "file?", "grpowned?", "identical?", "owned?", "pipe?", "readable?",
        "readable_real?", "setgid?", "setuid?", "size", "size?", "socket?", "sticky?",
        "symlink?", "world_readable?", "world_writable?", "writable?", "writable_real?", "zero?" };
    sp_value ft = sp_define_module("FileTest");
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        sp_method *m = sp_find_method((sp_class *)sp_singleton_class(cFile), sp_intern(tests[i]));
        if (!m) continue;
        sp_method e = *m;
        e.owner = NULL;
        e.visibility = SP_VIS_PRIVATE;
        sp_add_method(ft, &e);
        e.visibility = SP_VIS_PUBLIC;
        sp_add_method(sp_singleton_class(ft), &e);
    }
}

#define _GNU_SOURCE
/*
 * sp_dir.c — the Dir class: singleton methods over directories (glob,
 * entries, children, each_child, foreach, mkdir, rmdir, exist?, empty?,
 * pwd, chdir, home) and a minimal Dir instance (Dir.new/open, path,
 * children, each_child, read, close).
 *
 * Representation: a Dir instance is an sp_object whose class is Dir; it
 * keeps its path in the ivar @path and reads the directory afresh on each
 * call (no DIR* handle is held, so nothing leaks when it is never closed).
 *
 * Dir.glob follows CRuby: brace groups are expanded first (each expansion
 * globbed in order), the literal leading segments are used as given
 * ("./", "gt//x" kept), then a depth-first walk reads each directory in
 * sorted order and, per entry, advances every active pattern position
 * ("**" stays active in non-hidden subdirectories and also lets the next
 * segment match at the same level).  An entry is reported once, before
 * its subdirectory is walked — the order CRuby's sorted glob produces.
 * "*" and "?" do not match a leading "." unless File::FNM_DOTMATCH.
 * Costs: one opendir/readdir pass and one stat per entry visited.
 */
#include "sp_string.h"
#include "sp_array.h"
#include "sp_hash.h"
#include "sp_enum.h"
#include "sp_io.h"
#include "sp_fnmatch.h"
#include "sp_class.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static sp_value cDir;
static sp_id id_path;

/* A path argument: String, or anything with to_path / to_str. */
static sp_value dir_path_arg(sp_value v)
{
    if (sp_str_p(v)) return v;
    if (sp_respond_to(v, sp_intern("to_path"), 1)) return sp_str_to_str(sp_funcall0(v, "to_path"));
    return sp_str_to_str(v);
}

/* Raise Errno::X with CRuby's "<strerror> @ function - path" message
 * (sp_syserr_new would put " - " after strerror), keeping #errno. */
SP_NORETURN void sp_raise_syserr_path(int err, const char *func, const char *path)
{
    sp_value klass = sp_obj_class(sp_syserr_new(err, NULL));
    sp_value e = sp_exc_new(klass, "%s @ %s - %s", strerror(err), func, path);
    sp_ivar_set(e, sp_intern("__errno"), SP_FIX(err));   /* sp_exc.c's errno slot */
    sp_raise_exc(e);
}

static SP_NORETURN void dir_raise(int err, const char *func, sp_value path)
{
    sp_raise_syserr_path(err, func, sp_str_cstr(path));
}

/* Entries of a directory in readdir order (with "." and ".." when dots). */
static sp_value dir_read_entries(sp_value path, int dots)
{
    DIR *d = opendir(sp_str_cstr(path));
    if (!d) dir_raise(errno, "dir_initialize", path);
    sp_value out = sp_ary_new();
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (!dots && (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))) continue;
        sp_ary_push(out, sp_str_new_cstr(e->d_name));
    }
    closedir(d);
    return out;
}

/* ------------------------------------------------------------------ */
/* glob                                                                */

typedef struct glob_ctx {
    int flags;            /* File::FNM_* bits */
    const char *base;     /* base: directory, or NULL for the cwd */
    sp_value out;         /* Array of results, or nil with blk */
    sp_value blk;
    char **segs;          /* pattern segments after the literal prefix */
    int nsegs;
    int dir_only;         /* pattern ended with "/" */
    int synth;            /* index of the "*" added for a trailing "**" + "/" (never matches "."), or -1 */
} glob_ctx;

static int has_magic(const char *s)
{
    for (; *s; s++)
        if (*s == '*' || *s == '?' || *s == '[' || *s == '\\') return 1;
    return 0;
}

static void glob_emit(glob_ctx *g, const char *path)
{
    sp_value s = sp_str_new_cstr(path);
    if (g->blk != SP_NIL) sp_yield1(g->blk, s);
    else sp_ary_push(g->out, s);
}

/* Filesystem path of a result path (prefixed with base when given). */
static char *glob_fs_path(glob_ctx *g, const char *path)
{
    if (!g->base || path[0] == '/') return (char *)path;
    size_t bl = strlen(g->base), pl = strlen(path);
    char *r = GC_MALLOC_ATOMIC(bl + pl + 2);
    memcpy(r, g->base, bl);
    size_t n = bl;
    if (pl) { if (n && r[n - 1] != '/') r[n++] = '/'; memcpy(r + n, path, pl); n += pl; }
    r[n] = 0;
    return r;
}

static int is_dir(glob_ctx *g, const char *path, int follow)
{
    struct stat st;
    const char *fs = glob_fs_path(g, path[0] ? path : ".");
    int r = follow ? stat(fs, &st) : lstat(fs, &st);
    return r == 0 && S_ISDIR(st.st_mode);
}

static int cmp_cstr(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* One path segment against one directory entry: File.fnmatch's matcher
 * (a segment has no "/", so FNM_PATHNAME does not matter). */
static int seg_match(glob_ctx *g, const char *seg, const char *name)
{
    return sp_fnmatch(seg, name, g->flags & (SP_FNM_DOTMATCH | SP_FNM_CASEFOLD | SP_FNM_NOESCAPE), 0);
}

static char *join_path(const char *dir, const char *name)
{
    size_t dl = strlen(dir), nl = strlen(name);
    char *r = GC_MALLOC_ATOMIC(dl + nl + 2);
    memcpy(r, dir, dl);
    size_t n = dl;
    /* "" is the start directory; "/" the root; "gt/" (from "gt//x") keeps
     * its doubled slash as CRuby does */
    if (dl && strcmp(dir, "/")) r[n++] = '/';
    memcpy(r + n, name, nl);
    r[n + nl] = 0;
    return r;
}

static char *dir_slash(const char *path)
{
    size_t l = strlen(path);
    char *r = GC_MALLOC_ATOMIC(l + 2);
    memcpy(r, path, l);
    if (!l || path[l - 1] != '/') r[l++] = '/';
    r[l] = 0;
    return r;
}

/* Add position p to set (deduplicated); when p is "**", also the
 * following positions (zero directories). */
static void pos_add(glob_ctx *g, int *set, int *n, int p)
{
    for (int i = 0; i < *n; i++) if (set[i] == p) return;
    set[(*n)++] = p;
    if (p < g->nsegs && !strcmp(g->segs[p], "**")) pos_add(g, set, n, p + 1);
}

/* Walk directory `dir` (a result path, "" for the start) with the active
 * pattern positions `pos`.  ".." is never an entry; "." is one only in
 * the start directory (top), and not while a "**" is active there without
 * FNM_DOTMATCH (CRuby's glob_helper): ".*" finds "." and "a/." but
 * "**" never walks into it. */
static void glob_walk(glob_ctx *g, const char *dir, const int *pos, int npos, int top)
{
    int dot_ok = top;
    for (int k = 0; k < npos && dot_ok; k++)
        if (pos[k] < g->nsegs && !strcmp(g->segs[pos[k]], "**") && !(g->flags & SP_FNM_DOTMATCH)) dot_ok = 0;
    DIR *d = opendir(glob_fs_path(g, dir[0] ? dir : "."));
    if (!d) return;
    size_t cap = 16, n = 0;
    char **names = GC_MALLOC(cap * sizeof *names);   /* GC: a raising block must not leak */
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (!strcmp(e->d_name, "..")) continue;
        if (!strcmp(e->d_name, ".") && !dot_ok) continue;
        if (n == cap) names = GC_REALLOC(names, (cap *= 2) * sizeof *names);
        names[n++] = GC_STRDUP(e->d_name);
    }
    closedir(d);
    qsort(names, n, sizeof *names, cmp_cstr);

    int *child = GC_MALLOC_ATOMIC((size_t)(g->nsegs + 2) * 2 * sizeof(int));
    for (size_t i = 0; i < n; i++) {
        const char *name = names[i];
        char *path = dir[0] ? join_path(dir, name) : (char *)GC_STRDUP(name);
        int nchild = 0, matched = 0, isdir = -1;
        for (int k = 0; k < npos; k++) {
            int p = pos[k];
            if (p >= g->nsegs) continue;
            const char *seg = g->segs[p];
            if (!strcmp(seg, "**")) {
                /* recurse into non-hidden real directories (no symlinks) */
                if (name[0] == '.' && !(g->flags & SP_FNM_DOTMATCH)) continue;
                if (!strcmp(name, ".")) continue;
                if (is_dir(g, path, 0)) pos_add(g, child, &nchild, p);
                continue;
            }
            if (p == g->synth && !strcmp(name, ".")) continue;
            if (!seg_match(g, seg, name)) continue;
            if (p == g->nsegs - 1) {
                if (!g->dir_only) matched = 1;
                else if (p == g->synth) {
                    /* "**" + "/" lists the directories "**" walks: no symlinks */
                    if (is_dir(g, path, 0)) matched = 1;
                } else {
                    if (isdir < 0) isdir = is_dir(g, path, 1);
                    if (isdir) matched = 1;
                }
            } else {
                if (isdir < 0) isdir = is_dir(g, path, 1);
                if (isdir && strcmp(name, ".")) pos_add(g, child, &nchild, p + 1);
            }
        }
        if (matched) {
            if (g->dir_only) glob_emit(g, dir_slash(path));
            else glob_emit(g, path);
        }
        if (nchild) glob_walk(g, path, child, nchild, 0);
    }
}

/* Glob one brace-free pattern: the literal leading segments form the
 * start directory, kept verbatim (text before the slash that precedes the
 * first magic segment); the rest are matched by glob_walk. */
static void glob_one(glob_ctx *g, const char *pat)
{
    size_t len = strlen(pat);
    g->dir_only = len > 1 && pat[len - 1] == '/';
    char *p = GC_STRDUP(pat);
    if (g->dir_only) p[--len] = 0;

    int cap = 8, ns = 0;
    char **segs = GC_MALLOC(sizeof(char *) * (size_t)cap);
    const char *magic_at = NULL;         /* start of the first magic segment */
    const char *s = p;
    while (*s) {
        const char *slash = strchr(s, '/');
        size_t sl = slash ? (size_t)(slash - s) : strlen(s);
        char *seg = GC_MALLOC_ATOMIC(sl + 1);
        memcpy(seg, s, sl); seg[sl] = 0;
        if (!magic_at && has_magic(seg)) magic_at = s;
        if (magic_at && sl > 0) {
            if (ns + 1 >= cap) {
                cap *= 2;
                char **n2 = GC_MALLOC(sizeof(char *) * (size_t)cap);
                memcpy(n2, segs, sizeof(char *) * (size_t)ns);
                segs = n2;
            }
            segs[ns++] = seg;
        }
        if (!slash) break;
        s = slash + 1;
    }
    if (!magic_at) {
        /* no magic: the path itself, when it exists */
        struct stat st;
        if (p[0] && stat(glob_fs_path(g, p), &st) == 0 && (!g->dir_only || S_ISDIR(st.st_mode)))
            glob_emit(g, g->dir_only ? dir_slash(p) : p);
        return;
    }
    char *prefix;
    if (magic_at == p) prefix = "";
    else if (magic_at == p + 1) prefix = "/";
    else {
        size_t plen = (size_t)(magic_at - 1 - p);
        prefix = GC_MALLOC_ATOMIC(plen + 1);
        memcpy(prefix, p, plen); prefix[plen] = 0;
    }
    g->segs = segs;
    g->nsegs = ns;
    g->synth = -1;
    if (prefix[0] && !is_dir(g, prefix, 1)) return;
    if (!strcmp(segs[ns - 1], "**")) {
        if (g->dir_only) {
            /* "dir/STARSTAR/": dir/ itself and every directory below it */
            if (prefix[0]) glob_emit(g, dir_slash(prefix));
            else if (g->base) glob_emit(g, "/");   /* the base itself, as CRuby reports it */
            g->synth = ns;
            segs[ns++] = "*";
            g->nsegs = ns;
        } else {
            segs[ns - 1] = "*";          /* a trailing "**" acts like "*" */
        }
    }
    int *pos = GC_MALLOC_ATOMIC((size_t)(ns + 2) * 2 * sizeof(int));
    int npos = 0;
    pos_add(g, pos, &npos, 0);
    glob_walk(g, prefix, pos, npos, 1);
}

/* Each expansion of pat's {a,b} groups is globbed in order (File.fnmatch's
 * expander: an unbalanced brace expands to nothing, as in CRuby). */
static int glob_one_cb(const char *pat, void *g)
{
    glob_one(g, pat);
    return 0;
}

static void glob_braces(glob_ctx *g, const char *pat)
{
    sp_brace_expand(pat, g->flags, glob_one_cb, g);
}

static void glob_pattern(glob_ctx *g, sp_value pat)
{
    sp_value p = dir_path_arg(pat);
    size_t l; const char *s = sp_str_snap(p, &l);
    if (memchr(s, 0, l)) sp_raise(sp_eArgError, "nul-separated glob pattern is deprecated");
    glob_braces(g, sp_str_cstr(p));
}

/* The keywords of Dir.glob and Dir[]: base: (a path; "" is none), flags:
 * (over the positional flags; *flagged set), sort: (true or false only). */
static void glob_keywords(glob_ctx *g, sp_value kw, int *flagged)
{
    sp_value b = sp_hash_lookup(kw, sp_sym("base"), SP_NIL);
    if (b != SP_NIL) {
        const char *bs = sp_str_cstr(dir_path_arg(b));
        if (bs[0]) g->base = bs;
    }
    sp_value f = sp_hash_lookup(kw, sp_sym("flags"), SP_NIL);
    if (f != SP_NIL) { g->flags = (int)sp_num_to_long(f); *flagged = 1; }
    sp_value so = sp_hash_lookup(kw, sp_sym("sort"), SP_UNDEF);
    if (so != SP_UNDEF && so != SP_TRUE && so != SP_FALSE)
        sp_raise(sp_eArgError, "expected true or false as sort: %s", sp_str_cstr(sp_inspect(so)));
}

/* Dir.glob(pattern | [patterns], flags = 0, base: nil, sort: true) */
SP_METHOD(dir_s_glob)
{
    int n = argc;
    glob_ctx g = { 0, NULL, SP_NIL, blk, NULL, 0, 0, -1 };
    int flagged = 0;
    if ((argc_ & SP_ARGC_KW) && n > 0) glob_keywords(&g, argv[--n], &flagged);
    if (n < 1 || n > 2) sp_raise_arity(n, 1, 2);
    if (n == 2 && !flagged) g.flags = (int)sp_num_to_long(argv[1]);
    if (blk == SP_NIL) g.out = sp_ary_new();
    if (sp_ary_p(argv[0])) {
        long len; sp_value *e = sp_ary_snap(argv[0], &len);
        for (long i = 0; i < len; i++) glob_pattern(&g, e[i]);
    } else {
        glob_pattern(&g, argv[0]);
    }
    return blk == SP_NIL ? g.out : SP_NIL;
}

/* Dir[pattern, ...] (base: keyword too) */
SP_METHOD(dir_s_aref)
{
    int n = argc;
    glob_ctx g = { 0, NULL, sp_ary_new(), SP_NIL, NULL, 0, 0, -1 };
    int flagged = 0;
    if ((argc_ & SP_ARGC_KW) && n > 0) glob_keywords(&g, argv[--n], &flagged);
    for (int i = 0; i < n; i++) glob_pattern(&g, argv[i]);
    return g.out;
}

/* ------------------------------------------------------------------ */
/* directory queries and changes                                       */

/* The entries of a directory listing in the encoding: keyword, if any. */
static sp_value entries_enc(sp_value a, int argc_, int argc, const sp_value *argv)
{
    if (!(argc_ & SP_ARGC_KW) || argc < 2) return a;
    sp_value enc = sp_hash_lookup(argv[argc - 1], sp_sym("encoding"), SP_NIL);
    if (enc == SP_NIL) return a;
    long n; sp_value *e = sp_ary_snap(a, &n);
    for (long i = 0; i < n; i++) sp_funcall(e[i], sp_intern("force_encoding"), 1, &enc, SP_NIL);
    return a;
}

SP_METHOD(dir_s_entries)
{
    if (argc < 1) sp_raise_arity(argc, 1, 2);
    return entries_enc(dir_read_entries(dir_path_arg(argv[0]), 1), argc_, argc, argv);
}

SP_METHOD(dir_s_children)
{
    if (argc < 1) sp_raise_arity(argc, 1, 2);
    return entries_enc(dir_read_entries(dir_path_arg(argv[0]), 0), argc_, argc, argv);
}

SP_METHOD(dir_s_each_child)
{
    if (argc < 1) sp_raise_arity(argc, 1, 2);
    if (blk == SP_NIL) return sp_enum_new(self, "each_child", argc_, argv);   /* converts the path when run */
    sp_value a = entries_enc(dir_read_entries(dir_path_arg(argv[0]), 0), argc_, argc, argv);
    long n; sp_value *e = sp_ary_snap(a, &n);
    for (long i = 0; i < n; i++) sp_yield1(blk, e[i]);
    return SP_NIL;
}

SP_METHOD(dir_s_foreach)
{
    if (argc < 1) sp_raise_arity(argc, 1, 2);
    if (blk == SP_NIL) return sp_enum_new(self, "foreach", argc_, argv);   /* converts the path when run */
    sp_value a = entries_enc(dir_read_entries(dir_path_arg(argv[0]), 1), argc_, argc, argv);
    long n; sp_value *e = sp_ary_snap(a, &n);
    for (long i = 0; i < n; i++) sp_yield1(blk, e[i]);
    return SP_NIL;
}

SP_METHOD(dir_s_exist)
{
    struct stat st;
    return SP_BOOL(stat(sp_str_cstr(dir_path_arg(argv[0])), &st) == 0 && S_ISDIR(st.st_mode));
}

SP_METHOD(dir_s_empty)
{
    sp_value path = dir_path_arg(argv[0]);
    DIR *d = opendir(sp_str_cstr(path));
    if (!d && errno == ENOTDIR) return SP_FALSE;
    if (!d) dir_raise(errno, "rb_dir_s_empty_p", path);
    struct dirent *e;
    int empty = 1;
    while ((e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) { empty = 0; break; }
    closedir(d);
    return SP_BOOL(empty);
}

SP_METHOD(dir_s_mkdir)
{
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    sp_value path = dir_path_arg(argv[0]);
    mode_t mode = argc > 1 && argv[1] != SP_NIL ? (mode_t)sp_num_to_long(argv[1]) : 0777;
    if (mkdir(sp_str_cstr(path), mode) != 0) dir_raise(errno, "dir_s_mkdir", path);
    return SP_FIX(0);
}

SP_METHOD(dir_s_rmdir)
{
    sp_value path = dir_path_arg(argv[0]);
    if (rmdir(sp_str_cstr(path)) != 0) dir_raise(errno, "dir_s_rmdir", path);
    return SP_FIX(0);
}

/* Dir.chroot(path): chroot(2) (root only: EPERM otherwise); 0. */
SP_METHOD(dir_s_chroot)
{
    sp_value path = dir_path_arg(argv[0]);
    if (chroot(sp_str_cstr(path)) != 0) dir_raise(errno, "dir_s_chroot", path);
    return SP_FIX(0);
}

SP_METHOD(dir_s_pwd)
{
    char buf[PATH_MAX];
    if (!getcwd(buf, sizeof buf)) sp_raise_syserr(errno, "@ rb_dir_getwd_ospath");
    return sp_str_new_cstr(buf);
}

SP_METHOD(dir_s_home)
{
    if (argc > 1) sp_raise_arity(argc, 0, 1);
    if (argc == 1 && argv[0] != SP_NIL) {
        /* Dir.home(user): File.expand_path("~user") (its ArgumentErrors) */
        sp_value tilde = sp_str_new("~", 1);
        sp_str_append(tilde, sp_str_to_str(argv[0]));
        return sp_funcall(sp_const_get(sp_cObject, sp_intern("File")), sp_intern("expand_path"), 1, &tilde, SP_NIL);
    }
    const char *h = getenv("HOME");
    return sp_str_new_cstr(h ? h : "/");
}

typedef struct chdir_restore { char *old; } chdir_restore;

/* The ensure of Dir.chdir's block: back to the old directory (a String). */
static void chdir_back(sp_value old)
{
    if (chdir(sp_str_cstr(old)) != 0) sp_raise_syserr(errno, "@ dir_chdir");
}

/* Dir.chdir(path = HOME) [{ |path| ... }]: with a block, the old working
 * directory is restored when the block ends (normally or by a raise). */
SP_METHOD(dir_s_chdir)
{
    sp_value path = argc > 0 ? dir_path_arg(argv[0]) : dir_s_home(self, 0, NULL, SP_NIL);
    char old[PATH_MAX];
    if (blk != SP_NIL && !getcwd(old, sizeof old)) sp_raise_syserr(errno, "@ rb_dir_getwd_ospath");
    if (chdir(sp_str_cstr(path)) != 0) dir_raise(errno, "chdir_path", path);
    if (blk == SP_NIL) return SP_FIX(0);
    return sp_yield_ensure(blk, 1, &path, chdir_back, sp_str_new_cstr(old));
}

/* ------------------------------------------------------------------ */
/* Dir instances                                                       */

/* The open directory stream of a Dir: an SP_T_DATA object in the Dir's
 * hidden ivar __dir; d is NULL once closed.  The collector's finalizer
 * closes a stream nobody closed.  A Dir is used by one thread at a time
 * (as CRuby's, whose methods hold the GVL): no lock. */
typedef struct dir_handle {
    sp_header hdr;
    DIR *d;
} dir_handle;

static sp_id id_handle;

static void dir_handle_finalize(void *obj, void *cd)
{
    (void)cd;
    dir_handle *h = obj;
    if (h->d) closedir(h->d);
    h->d = NULL;
}

static void dir_attach(sp_value self, DIR *d, sp_value path)
{
    dir_handle *h = sp_alloc(sizeof(dir_handle), sp_cObject, SP_T_DATA);
    h->d = d;
    GC_register_finalizer_no_order(h, dir_handle_finalize, NULL, NULL, NULL);
    sp_ivar_set(self, id_handle, (sp_value)h);
    sp_ivar_set(self, id_path, path);
}

static sp_value dir_path_of(sp_value self) { return sp_ivar_get(self, id_path); }

static dir_handle *dir_handle_of(sp_value self)
{
    sp_value h = sp_ivar_get(self, id_handle);
    return SP_HEAP_P(h) ? (dir_handle *)h : NULL;
}

/* The open stream; IOError "closed directory" after close (or for a Dir
 * from Dir.allocate), as CRuby. */
static DIR *dir_stream(sp_value self)
{
    dir_handle *h = dir_handle_of(self);
    if (!h || !h->d) sp_raise(sp_eIOError, "closed directory");
    return h->d;
}

SP_METHOD(dir_m_initialize)
{
    int n = argc;
    if ((argc_ & SP_ARGC_KW) && n > 0) n--;   /* encoding: (entries stay in the path's encoding) */
    if (n != 1) sp_raise_arity(n, 1, 1);
    sp_value path = dir_path_arg(argv[0]);
    DIR *d = opendir(sp_str_cstr(path));
    if (!d) dir_raise(errno, "dir_initialize", path);
    dir_attach(self, d, sp_str_dup(path));
    return SP_NIL;
}

static void dir_close_quietly(sp_value dir)
{
    dir_handle *h = dir_handle_of(dir);
    if (h && h->d) { closedir(h->d); h->d = NULL; }
}

/* Dir.open(path) [{ |dir| }]: with a block, the Dir is closed when the
 * block ends, normally or not. */
SP_METHOD(dir_s_open)
{
    sp_value d = sp_class_new_instance(self, argc_, argv, SP_NIL);
    if (blk == SP_NIL) return d;
    return sp_yield_ensure(blk, 1, &d, dir_close_quietly, d);
}

/* Dir.for_fd(fd): a Dir on an open directory descriptor, without path. */
SP_METHOD(dir_s_for_fd)
{
    if (argc != 1) sp_raise_arity(argc, 1, 1);
    int fd = (int)sp_num_to_long(sp_funcall0(argv[0], "to_int"));
    DIR *d = fdopendir(fd);
    if (!d) sp_raise_syserr(errno, "fdopendir");
    sp_value dir = sp_obj_alloc(self);
    dir_attach(dir, d, SP_NIL);
    return dir;
}

SP_METHOD(dir_m_path)
{
    sp_value p = dir_path_of(self);
    return sp_str_p(p) ? sp_str_dup(p) : SP_NIL;
}

SP_METHOD(dir_m_fileno) { return SP_FIX(dirfd(dir_stream(self))); }

/* The next entry of the stream (".", ".." skipped unless dots), or nil. */
static sp_value dir_next(DIR *d, int dots)
{
    struct dirent *e;
    while ((errno = 0, e = readdir(d)) != NULL) {
        if (!dots && (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))) continue;
        return sp_str_new_cstr(e->d_name);
    }
    if (errno) sp_raise_syserr(errno, "readdir");
    return SP_NIL;
}

/* each/each_child/children start from the first entry (CRuby rewinds). */
static sp_value dir_collect(sp_value self, int dots)
{
    DIR *d = dir_stream(self);
    rewinddir(d);
    sp_value out = sp_ary_new(), e;
    while ((e = dir_next(d, dots)) != SP_NIL) sp_ary_push(out, e);
    return out;
}

SP_METHOD(dir_m_children) { return dir_collect(self, 0); }
static sp_value dir_each_entry(sp_value self, sp_value blk, int dots)
{
    DIR *d = dir_stream(self);
    rewinddir(d);
    sp_value e;
    while ((e = dir_next(dir_stream(self), dots)) != SP_NIL) sp_yield1(blk, e);
    (void)d;
    return self;
}
SP_METHOD(dir_m_each_child)
{
    SP_RETURN_ENUM(self, "each_child", argc_, argv);
    return dir_each_entry(self, blk, 0);
}
SP_METHOD(dir_m_each)
{
    SP_RETURN_ENUM(self, "each", argc_, argv);
    return dir_each_entry(self, blk, 1);
}
/* Dir#read: the next entry (readdir order), nil at the end. */
SP_METHOD(dir_m_read) { return dir_next(dir_stream(self), 1); }
SP_METHOD(dir_m_pos) { return sp_int_new((int64_t)telldir(dir_stream(self))); }
SP_METHOD(dir_m_seek)
{
    seekdir(dir_stream(self), (long)sp_num_to_long(argv[0]));
    return self;
}
SP_METHOD(dir_m_set_pos)
{
    seekdir(dir_stream(self), (long)sp_num_to_long(argv[0]));
    return argv[0];
}
SP_METHOD(dir_m_rewind)
{
    rewinddir(dir_stream(self));
    return self;
}
/* Dir#close: nil, also when already closed; EBADF when another Dir
 * (Dir.for_fd) closed the descriptor (CRuby 3.4). */
SP_METHOD(dir_m_close)
{
    dir_handle *h = dir_handle_of(self);
    if (!h || !h->d) return SP_NIL;
    DIR *d = h->d;
    h->d = NULL;
    if (closedir(d) != 0) sp_raise_syserr(errno, "closedir");
    return SP_NIL;
}

/* The ensure of fchdir_to's block: back to the directory open on the fd
 * (which works even if that directory was removed meanwhile). */
static void fchdir_back(sp_value fdv)
{
    int fd = (int)SP_FIX2LONG(fdv);
    int r = fchdir(fd), e = errno;
    close(fd);
    if (r != 0) sp_raise_syserr(e, "fchdir");
}

/* Dir.fchdir(fd) [{ }], Dir#chdir [{ }]: to the directory open on fd;
 * with a block, back to the previous one (by descriptor) afterwards. */
static sp_value fchdir_to(int fd, sp_value blk)
{
    int old = -1;
    if (blk != SP_NIL && (old = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0) sp_raise_syserr(errno, "open");
    if (fchdir(fd) != 0) {
        int e = errno;
        if (old >= 0) close(old);
        sp_raise_syserr(e, "fchdir");
    }
    if (blk == SP_NIL) return SP_FIX(0);
    return sp_yield_ensure(blk, 0, NULL, fchdir_back, SP_FIX(old));
}
SP_METHOD(dir_s_fchdir)
{
    if (argc != 1) sp_raise_arity(argc, 1, 1);
    return fchdir_to((int)sp_num_to_long(sp_funcall0(argv[0], "to_int")), blk);
}
SP_METHOD(dir_m_chdir) { return fchdir_to(dirfd(dir_stream(self)), blk); }

SP_METHOD(dir_m_inspect)
{
    sp_value path = dir_path_of(self);
    if (!sp_str_p(path)) return sp_any_to_s(self);
    return sp_str_format("#<%s:%s>", sp_obj_classname(self), sp_str_cstr(path));
}

void sp_init_dir(void)
{
    id_path = sp_intern("__path");
    id_handle = sp_intern("__dir");
    cDir = sp_define_class("Dir", sp_cObject);
    sp_value cFile = sp_const_get(sp_cObject, sp_intern("File"));
    /* File::Constants in CRuby (File reaches them through IO's include);
     * also on File itself, where most code reads them */
    sp_value fconsts[2] = { cFile, sp_const_get(cFile, sp_intern("Constants")) };
    for (int i = 0; i < 2; i++) {
        sp_define_const(fconsts[i], "FNM_SYSCASE", SP_FIX(0));
        sp_define_const(fconsts[i], "FNM_NOESCAPE", SP_FIX(SP_FNM_NOESCAPE));
        sp_define_const(fconsts[i], "FNM_PATHNAME", SP_FIX(SP_FNM_PATHNAME));
        sp_define_const(fconsts[i], "FNM_DOTMATCH", SP_FIX(SP_FNM_DOTMATCH));
        sp_define_const(fconsts[i], "FNM_CASEFOLD", SP_FIX(SP_FNM_CASEFOLD));
        sp_define_const(fconsts[i], "FNM_EXTGLOB", SP_FIX(SP_FNM_EXTGLOB));
    }
    sp_init_fnmatch(cFile);
    sp_include_module(cDir, sp_mEnumerable);
    sp_define_singleton_method(cDir, "glob", dir_s_glob, -1);
    sp_define_singleton_method(cDir, "[]", dir_s_aref, -1);
    sp_define_singleton_method(cDir, "entries", dir_s_entries, -1);
    sp_define_singleton_method(cDir, "children", dir_s_children, -1);
    sp_define_singleton_method(cDir, "each_child", dir_s_each_child, -1);
    sp_define_singleton_method(cDir, "foreach", dir_s_foreach, -1);
    sp_define_singleton_method(cDir, "exist?", dir_s_exist, 1);
    sp_define_singleton_method(cDir, "empty?", dir_s_empty, 1);
    sp_define_singleton_method(cDir, "mkdir", dir_s_mkdir, -1);
    sp_define_singleton_method(cDir, "rmdir", dir_s_rmdir, 1);
    sp_define_singleton_method(cDir, "delete", dir_s_rmdir, 1);
    sp_define_singleton_method(cDir, "unlink", dir_s_rmdir, 1);
    sp_define_singleton_method(cDir, "pwd", dir_s_pwd, 0);
    sp_define_singleton_method(cDir, "chroot", dir_s_chroot, 1);
    sp_define_singleton_method(cDir, "getwd", dir_s_pwd, 0);
    sp_define_singleton_method(cDir, "home", dir_s_home, -1);
    sp_define_singleton_method(cDir, "chdir", dir_s_chdir, -1);
    sp_define_singleton_method(cDir, "open", dir_s_open, -1);
    sp_define_private_method(cDir, "initialize", dir_m_initialize, -1);
    sp_define_method(cDir, "path", dir_m_path, 0);
    sp_define_method(cDir, "to_path", dir_m_path, 0);
    sp_define_method(cDir, "children", dir_m_children, 0);
    sp_define_method(cDir, "each_child", dir_m_each_child, 0);
    sp_define_method(cDir, "each", dir_m_each, 0);
    sp_define_method(cDir, "read", dir_m_read, 0);
    sp_define_method(cDir, "close", dir_m_close, 0);
    sp_define_method(cDir, "fileno", dir_m_fileno, 0);
    sp_define_method(cDir, "pos", dir_m_pos, 0);
    sp_define_method(cDir, "tell", dir_m_pos, 0);
    sp_define_method(cDir, "pos=", dir_m_set_pos, 1);
    sp_define_method(cDir, "seek", dir_m_seek, 1);
    sp_define_method(cDir, "rewind", dir_m_rewind, 0);
    sp_define_method(cDir, "chdir", dir_m_chdir, 0);
    sp_define_singleton_method(cDir, "fchdir", dir_s_fchdir, -1);
    sp_define_singleton_method(cDir, "for_fd", dir_s_for_fd, -1);
    sp_define_method(cDir, "inspect", dir_m_inspect, 0);
}

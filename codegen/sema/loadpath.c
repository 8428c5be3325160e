/*
 * loadpath.c — compile-time resolution of `require`, `require_relative`
 * and `load`; constant folding of path expressions; warnings.
 *
 * Representation: one lp_state per compilation (below).  The load path is
 * three lists of absolute directory names, searched in order and built on
 * first use: -I dirs and RUBYLIB entries, then what the installed
 * `ruby` reports as its $LOAD_PATH, then the require paths of its
 * installed non-default gems (CRuby finds those through RubyGems when a
 * name is not on $LOAD_PATH, so they come last).  `ruby` is asked once per
 * compilation and only when a name is not native and not found in the
 * -I/RUBYLIB directories.  SPINEL_RUBY names another ruby executable;
 * without any ruby the system directories are simply absent.
 *
 * Invariant: entries are absolute paths without a trailing slash.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "loadpath.h"
#include "resolve.h"

/* Paths are bounded by PATH_MAX; a truncated path simply fails to stat. */
#pragma GCC diagnostic ignored "-Wformat-truncation"

/* The load path and warning mode of one compilation: made by lp_new
 * for main's compile context, configured from the options, read by
 * resolve and emit, freed by lp_free at the end of the compilation.  The
 * directories after the -I ones are found on first use (lp_find_require,
 * lp_path_count_if), so a compilation that needs none never starts ruby. */
struct lp_state {
    int strict;                     /* --strict: warnings are errors */
    int errors;                     /* warnings that were errors */
    char **incs; int ninc;          /* -I and RUBYLIB */
    char **sys; int nsys;           /* ruby's $LOAD_PATH */
    char **gems; int ngems;         /* non-default gems' lib dirs */
    int rubylib_done, sys_done;     /* RUBYLIB read, ruby asked */
    char own[PATH_MAX];             /* own_dir(), "" when absent */
    int own_done;
};

lp_state *lp_new(void) { return calloc(1, sizeof(lp_state)); }

static void free_dirs(char **v, int n)
{
    for (int i = 0; i < n; i++) free(v[i]);
    free(v);
}

void lp_free(lp_state *lp)
{
    if (!lp) return;
    free_dirs(lp->incs, lp->ninc);
    free_dirs(lp->sys, lp->nsys);
    free_dirs(lp->gems, lp->ngems);
    free(lp);
}

/* ---------------------------------------------------------------- */
/* warnings                                                           */

void lp_set_strict(lp_state *lp, int on) { lp->strict = on; }
int lp_strict(const lp_state *lp) { return lp->strict; }
int lp_errors(const lp_state *lp) { return lp->errors; }

void lp_warn(lp_state *lp, const char *file, const sp_node *n, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (lp->strict) { rs_error(file, n, "%s", msg); lp->errors++; return; }
    int line = n ? n->line : 0, col = n ? n->col : 0;
    fprintf(stderr, "%s:%d:%d: warning: %s\n", file, line, col, msg);
    rs_print_caret(file, line, col);
}

/* ---------------------------------------------------------------- */
/* native names                                                       */

static const char *const native_names[] = {
#define SP_FEATURE_CORE(name) name,
#define SP_FEATURE(name, init) name,
#include "sp_features.h"
#undef SP_FEATURE
#undef SP_FEATURE_CORE
    NULL
};

int lp_native(const char *name)
{
    size_t l = strlen(name);
    if (l > 3 && (!strcmp(name + l - 3, ".rb") || !strcmp(name + l - 3, ".so"))) l -= 3;
    for (int i = 0; native_names[i]; i++) {
        if (!strcmp(native_names[i], name)) return 1;   /* "pathname.so": the C half only */
        if (strlen(native_names[i]) == l && !strncmp(native_names[i], name, l)) return 1;
    }
    return 0;
}

/* ---------------------------------------------------------------- */
/* the load path                                                      */

static void push(char ***v, int *n, const char *s)
{
    *v = realloc(*v, (size_t)(*n + 1) * sizeof **v);
    (*v)[(*n)++] = strdup(s);
}

static char *absolute(const char *dir)
{
    char buf[PATH_MAX], cwd[PATH_MAX];
    if (dir[0] == '/') snprintf(buf, sizeof buf, "%s", dir);
    else if (getcwd(cwd, sizeof cwd)) snprintf(buf, sizeof buf, "%s/%s", cwd, dir);
    else snprintf(buf, sizeof buf, "%s", dir);
    size_t l = strlen(buf);
    while (l > 1 && buf[l - 1] == '/') buf[--l] = 0;
    return strdup(buf);
}

void lp_add_include(lp_state *lp, const char *dir)
{
    char *a = absolute(dir);
    push(&lp->incs, &lp->ninc, a);
    free(a);
}

static void add_rubylib(lp_state *lp)
{
    if (lp->rubylib_done) return;
    lp->rubylib_done = 1;
    const char *e = getenv("RUBYLIB");
    if (!e) return;
    char *copy = strdup(e), *save = NULL;
    for (char *t = strtok_r(copy, ":", &save); t; t = strtok_r(NULL, ":", &save)) {
        char *a = absolute(t);
        push(&lp->incs, &lp->ninc, a);
        free(a);
    }
    free(copy);
}

/* Ask the installed ruby for its $LOAD_PATH and its gems' require paths. */
static void add_system(lp_state *lp)
{
    if (lp->sys_done) return;
    lp->sys_done = 1;
    const char *ruby = getenv("SPINEL_RUBY");
    if (!ruby || !*ruby) ruby = "ruby";
    char cmd[PATH_MAX + 256];
    snprintf(cmd, sizeof cmd,
             "'%s' -e 'puts $LOAD_PATH; puts \"--gems--\"; "
             "Gem::Specification.each { |s| puts s.full_require_paths unless s.default_gem? } rescue nil' "
             "2>/dev/null </dev/null", ruby);
    FILE *p = popen(cmd, "r");
    if (!p) return;
    char line[PATH_MAX];
    int gems = 0;
    while (fgets(line, sizeof line, p)) {
        line[strcspn(line, "\n")] = 0;
        if (!strcmp(line, "--gems--")) { gems = 1; continue; }
        if (line[0] != '/') continue;
        struct stat st;
        if (gems && (stat(line, &st) != 0 || !S_ISDIR(st.st_mode))) continue;
        if (gems) push(&lp->gems, &lp->ngems, line); else push(&lp->sys, &lp->nsys, line);
    }
    pclose(p);
}

int lp_path_count_if(lp_state *lp, int ask_ruby)
{
    add_rubylib(lp);
    if (ask_ruby) add_system(lp);
    return lp->ninc + lp->nsys;
}

const char *lp_path_at(const lp_state *lp, int i)
{
    return i < lp->ninc ? lp->incs[i] : lp->sys[i - lp->ninc];
}

static int is_file(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

static int ends_with(const char *s, const char *suf)
{
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && !strcmp(s + a - b, suf);
}

/* Try dir/name with CRuby's extensions (.rb, then .so) unless name has
 * one; returns LP_RUBY/LP_EXT with the real path in out. */
static int try_dir(const char *dir, const char *name, char *out, size_t size)
{
    char p[PATH_MAX * 2];
    int has_rb = ends_with(name, ".rb"), has_so = ends_with(name, ".so");
    if (dir) snprintf(p, sizeof p, "%s/%s%s", dir, name, has_rb || has_so ? "" : ".rb");
    else snprintf(p, sizeof p, "%s%s", name, has_rb || has_so ? "" : ".rb");
    if (!has_so && is_file(p)) { if (!realpath(p, out)) snprintf(out, size, "%s", p); return LP_RUBY; }
    if (has_rb) return LP_NONE;
    if (dir) snprintf(p, sizeof p, "%s/%s%s", dir, name, has_so ? "" : ".so");
    else snprintf(p, sizeof p, "%s%s", name, has_so ? "" : ".so");
    if (is_file(p)) { snprintf(out, size, "%s", p); return LP_EXT; }
    return LP_NONE;
}

static int search(char **dirs, int n, const char *name, char *out, size_t size)
{
    for (int i = 0; i < n; i++) {
        int k = try_dir(dirs[i], name, out, size);
        if (k != LP_NONE) return k;
    }
    return LP_NONE;
}

/* Spinel's own Ruby libraries (lib/ruby in the build tree, lib/spinel/ruby
 * when installed; SPINEL_HOME/lib/ruby): searched before -I, as the
 * libraries a Ruby implementation ships with. */
static char *own_dir(lp_state *lp)
{
    char *dir = lp->own;
    size_t dsize = sizeof lp->own;
    if (lp->own_done) return dir[0] ? dir : NULL;
    lp->own_done = 1;
    const char *home = getenv("SPINEL_HOME");
    char exe[PATH_MAX], probe[PATH_MAX + 32];
    struct stat st;
    if (home) snprintf(dir, dsize, "%s/lib/ruby", home);
    else {
        ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
        if (n < 0) { dir[0] = 0; return NULL; }
        exe[n] = 0;
        char *sl = strrchr(exe, '/');
        if (sl) *sl = 0;
        sl = strrchr(exe, '/');
        if (sl) *sl = 0;
        snprintf(dir, dsize, "%s/lib/ruby", exe);
        snprintf(probe, sizeof probe, "%s", dir);
        if (stat(probe, &st) != 0) snprintf(dir, dsize, "%s/lib/spinel/ruby", exe);
    }
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) dir[0] = 0;
    return dir[0] ? dir : NULL;
}

int lp_find_require(lp_state *lp, const char *name, char *out, size_t size)
{
    char *own = own_dir(lp);
    if (own && name[0] != '/' && name[0] != '.') {
        int k = try_dir(own, name, out, size);
        if (k == LP_RUBY) return k;
    }
    if (name[0] == '/' ) return try_dir(NULL, name, out, size);
    if (!strncmp(name, "./", 2) || !strncmp(name, "../", 3)) {
        char *a = absolute(name);
        int k = try_dir(NULL, a, out, size);
        free(a);
        return k;
    }
    add_rubylib(lp);
    int k = search(lp->incs, lp->ninc, name, out, size);
    if (k != LP_NONE) return k;
    add_system(lp);
    k = search(lp->sys, lp->nsys, name, out, size);
    if (k != LP_NONE) return k;
    return search(lp->gems, lp->ngems, name, out, size);
}

int lp_find_load(lp_state *lp, const char *name, char *out, size_t size)
{
    char p[PATH_MAX * 2];
    if (name[0] == '/' || !strncmp(name, "./", 2) || !strncmp(name, "../", 3)) {
        char *a = absolute(name);
        int ok = is_file(a) && realpath(a, out);
        free(a);
        return ok ? LP_RUBY : LP_NONE;
    }
    add_rubylib(lp);
    add_system(lp);
    for (int i = 0; i < lp->ninc + lp->nsys; i++) {
        snprintf(p, sizeof p, "%s/%s", lp_path_at(lp, i), name);
        if (is_file(p) && realpath(p, out)) return LP_RUBY;
    }
    if (is_file(name) && realpath(name, out)) return LP_RUBY;
    return LP_NONE;
}

/* ---------------------------------------------------------------- */
/* constant folding of path expressions                               */

char *lp_abs_dir(const char *file)
{
    if (!strcmp(file, "-e") || !strcmp(file, "-")) return NULL;
    char buf[PATH_MAX], real[PATH_MAX];
    snprintf(buf, sizeof buf, "%s", file);
    char *sl = strrchr(buf, '/');
    if (sl == buf) sl[1] = 0;
    else if (sl) *sl = 0;
    else snprintf(buf, sizeof buf, ".");
    if (realpath(buf, real)) return strdup(real);
    return absolute(buf);
}

/* File.expand_path(path, dir): lexical, as CRuby (no symlinks). */
char *lp_expand(const char *path, const char *dir)
{
    char buf[PATH_MAX * 2];
    if (path[0] == '/') snprintf(buf, sizeof buf, "%s", path);
    else {
        char *d = dir ? (dir[0] == '/' ? strdup(dir) : absolute(dir)) : absolute(".");
        snprintf(buf, sizeof buf, "%s/%s", d, path);
        free(d);
    }
    /* normalise: drop "." and empty parts, resolve ".." */
    char *parts[512];
    int np = 0;
    char *save = NULL;
    for (char *t = strtok_r(buf, "/", &save); t && np < 512; t = strtok_r(NULL, "/", &save)) {
        if (!strcmp(t, ".")) continue;
        if (!strcmp(t, "..")) { if (np) np--; continue; }
        parts[np++] = t;
    }
    char out[PATH_MAX * 2];
    size_t o = 0;
    if (!np) return strdup("/");
    for (int i = 0; i < np; i++) o += (size_t)snprintf(out + o, sizeof out - o, "/%s", parts[i]);
    return strdup(out);
}

static int is_file_const(const sp_node *r)
{
    return r && r->kind == N_CONST && !r->a && r->name && !strcmp(r->name, "File");
}

char *lp_fold_string(const sp_node *n, const char *file)
{
    if (!n) return NULL;
    switch (n->kind) {
    case N_STR:
        return strndup(n->str ? n->str : "", n->len);
    case N_STMTS:
        return n->list.n == 1 ? lp_fold_string(n->list.v[0], file) : NULL;
    case N_EVSTR:
        return lp_fold_string(n->a, file);
    case N_DSTR: {
        size_t cap = 64, len = 0;
        char *s = malloc(cap);
        s[0] = 0;
        for (int i = 0; i < n->list.n; i++) {
            char *p = lp_fold_string(n->list.v[i], file);
            if (!p) { free(s); return NULL; }
            size_t l = strlen(p);
            if (len + l + 1 > cap) { cap = (len + l + 1) * 2; s = realloc(s, cap); }
            memcpy(s + len, p, l + 1);
            len += l;
            free(p);
        }
        return s;
    }
    case N_CALL: break;
    default: return NULL;
    }
    if (!n->name || n->b) return NULL;
    if (!n->a && !strcmp(n->name, "__dir__") && n->list.n == 0) return lp_abs_dir(file);
    char *args[4] = {0};
    if (n->list.n > 4) return NULL;
    for (int i = 0; i < n->list.n; i++) {
        args[i] = lp_fold_string(n->list.v[i], file);
        if (!args[i]) { for (int j = 0; j < i; j++) free(args[j]); return NULL; }
    }
    char *res = NULL;
    int na = n->list.n;
    if (n->a && !strcmp(n->name, "+") && na == 1) {
        char *l = lp_fold_string(n->a, file);
        if (l) { res = malloc(strlen(l) + strlen(args[0]) + 1); strcpy(res, l); strcat(res, args[0]); free(l); }
    } else if (is_file_const(n->a) && !strcmp(n->name, "join") && na >= 1) {
        char buf[PATH_MAX * 2] = "";
        for (int i = 0; i < na; i++) {
            size_t bl = strlen(buf);
            const char *p = args[i];
            if (i > 0) {
                int slash_end = bl && buf[bl - 1] == '/';
                if (slash_end && p[0] == '/') p++;
                else if (!slash_end && p[0] != '/') strncat(buf, "/", sizeof buf - bl - 1);
            }
            strncat(buf, p, sizeof buf - strlen(buf) - 1);
        }
        res = strdup(buf);
    } else if (is_file_const(n->a) && (!strcmp(n->name, "expand_path") || !strcmp(n->name, "absolute_path")) &&
               (na == 1 || na == 2) && args[0][0] != '~' && (na == 1 || args[1][0] != '~')) {
        res = lp_expand(args[0], na == 2 ? args[1] : NULL);
    } else if (is_file_const(n->a) && !strcmp(n->name, "dirname") && na == 1) {
        char *s = strdup(args[0]);
        size_t l = strlen(s);
        while (l > 1 && s[l - 1] == '/') s[--l] = 0;
        char *sl = strrchr(s, '/');
        if (!sl) { free(s); res = strdup("."); }
        else { if (sl == s) sl[1] = 0; else *sl = 0; res = s; }
    } else if (is_file_const(n->a) && !strcmp(n->name, "basename") && na == 1) {
        const char *sl = strrchr(args[0], '/');
        res = strdup(sl ? sl + 1 : args[0]);
    }
    for (int i = 0; i < na; i++) free(args[i]);
    return res;
}

/*
 * loadpath.c — compile-time resolution of `require`, `require_relative`
 * and `load`; constant folding of path expressions; warnings.
 *
 * Representation: the load path is one array of absolute directory names
 * built on first use: -I dirs, RUBYLIB entries, then what the installed
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

/* ---------------------------------------------------------------- */
/* warnings                                                           */

static int g_strict, g_errors;

void lp_set_strict(int on) { g_strict = on; }
int lp_strict(void) { return g_strict; }
int lp_errors(void) { return g_errors; }

void lp_warn(const char *file, const sp_node *n, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (g_strict) { rs_error(file, n, "%s", msg); g_errors++; return; }
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

static char **g_incs; static int g_ninc;      /* -I and RUBYLIB */
static char **g_sys; static int g_nsys;       /* ruby's $LOAD_PATH */
static char **g_gems; static int g_ngems;     /* non-default gems' lib dirs */
static int g_sys_done;

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

void lp_add_include(const char *dir)
{
    char *a = absolute(dir);
    push(&g_incs, &g_ninc, a);
    free(a);
}

static int g_rubylib_done;
static void add_rubylib(void)
{
    if (g_rubylib_done) return;
    g_rubylib_done = 1;
    const char *e = getenv("RUBYLIB");
    if (!e) return;
    char *copy = strdup(e), *save = NULL;
    for (char *t = strtok_r(copy, ":", &save); t; t = strtok_r(NULL, ":", &save)) {
        char *a = absolute(t);
        push(&g_incs, &g_ninc, a);
        free(a);
    }
    free(copy);
}

/* Ask the installed ruby for its $LOAD_PATH and its gems' require paths. */
static void add_system(void)
{
    if (g_sys_done) return;
    g_sys_done = 1;
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
        if (gems) push(&g_gems, &g_ngems, line); else push(&g_sys, &g_nsys, line);
    }
    pclose(p);
}

int lp_path_count_if(int ask_ruby)
{
    add_rubylib();
    if (ask_ruby) add_system();
    return g_ninc + g_nsys;
}

const char *lp_path_at(int i)
{
    return i < g_ninc ? g_incs[i] : g_sys[i - g_ninc];
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
static char *own_dir(void)
{
    static char dir[PATH_MAX];
    static int done;
    if (done) return dir[0] ? dir : NULL;
    done = 1;
    const char *home = getenv("SPINEL_HOME");
    char exe[PATH_MAX], probe[PATH_MAX + 32];
    struct stat st;
    if (home) snprintf(dir, sizeof dir, "%s/lib/ruby", home);
    else {
        ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
        if (n < 0) { dir[0] = 0; return NULL; }
        exe[n] = 0;
        char *sl = strrchr(exe, '/');
        if (sl) *sl = 0;
        sl = strrchr(exe, '/');
        if (sl) *sl = 0;
        snprintf(dir, sizeof dir, "%s/lib/ruby", exe);
        snprintf(probe, sizeof probe, "%s", dir);
        if (stat(probe, &st) != 0) snprintf(dir, sizeof dir, "%s/lib/spinel/ruby", exe);
    }
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) dir[0] = 0;
    return dir[0] ? dir : NULL;
}

int lp_find_require(const char *name, char *out, size_t size)
{
    char *own = own_dir();
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
    add_rubylib();
    int k = search(g_incs, g_ninc, name, out, size);
    if (k != LP_NONE) return k;
    add_system();
    k = search(g_sys, g_nsys, name, out, size);
    if (k != LP_NONE) return k;
    return search(g_gems, g_ngems, name, out, size);
}

int lp_find_load(const char *name, char *out, size_t size)
{
    char p[PATH_MAX * 2];
    if (name[0] == '/' || !strncmp(name, "./", 2) || !strncmp(name, "../", 3)) {
        char *a = absolute(name);
        int ok = is_file(a) && realpath(a, out);
        free(a);
        return ok ? LP_RUBY : LP_NONE;
    }
    add_rubylib();
    add_system();
    for (int i = 0; i < g_ninc + g_nsys; i++) {
        snprintf(p, sizeof p, "%s/%s", lp_path_at(i), name);
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

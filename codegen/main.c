/*
 * main.c — the `spinel` driver: the compiler's passes over one compilation
 * (sp_compile below; doc/codegen.md, "Pipeline"), then the C compiler.
 *
 *   parse    front/  sp_parse         source -> tree (sp_ast)
 *   resolve  sema/   rs_resolve       scopes, locals, captured locals and
 *                                     require_relative'd files (parsed and
 *                                     resolved once each), before emission
 *   analyse  sema/   ty_analyse_program  typed loops: which loops, the types
 *                                     of their locals, as facts the emitter
 *                                     reads (annotations keyed by node)
 *   emit     emit/   sp_emit_program  resolved tree -> one C translation unit
 *   cc               compile and link with the runtime archive
 *
 *   spinel FILE.rb [-o OUT] [-c] [-S] [--dump-ast] [-O0|-O2] [-g] [--cc=CC]
 *          [--run ARGS...] [--version] [--help]
 *
 * The runtime is found next to the executable: <bindir>/../lib/libspinel_rt.a
 * with headers in <bindir>/../lib and its layer folders (build tree),
 * or <bindir>/../lib/spinel and <bindir>/../include/spinel, flat (installed
 * tree).  SPINEL_HOME overrides (a build tree).
 */
#include <dirent.h>
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ast.h"
#include "emit.h"
#include "resolve.h"
#include "loadpath.h"

/* Paths are bounded by PATH_MAX; a truncated path simply fails to open. */
#pragma GCC diagnostic ignored "-Wformat-truncation"

#ifndef SP_DEFAULT_CC
#define SP_DEFAULT_CC "cc"
#endif
#ifndef SP_LINK_LIBS
#define SP_LINK_LIBS "-lgc -lffi -lgmp -lpcre2-8 -lcrypt -lm -lpthread"
#endif
#ifndef SP_RT_CFLAGS
#define SP_RT_CFLAGS ""
#endif
#define SPINEL_VERSION "0.1.0"

static void usage(FILE *f)
{
    fprintf(f,
        "usage: spinel FILE.rb [options] [--run ARGS...]\n"
        "       spinel [options] -e CODE [ARGS...]    spinel [options] - [ARGS...] < FILE.rb\n"
        "  -o OUT       output executable (default: FILE's basename)\n"
        "  -c           write FILE.c only\n"
        "  -S           write the generated C to stdout\n"
        "  --dump-ast   print the syntax tree and exit\n"
        "  -O0, -O2     C optimisation level (default -O2)\n"
        "  -g           debug info in the executable\n"
        "  --cc=CC      C compiler to use\n"
        "  --run ARGS   run the executable right away with ARGS\n"
        "  -I DIR       add DIR to the front of the load path (as ruby -I)\n"
        "  -r LIB       require LIB before the program runs (as ruby -r)\n"
        "  -e CODE      compile CODE (several -e: one line each) and run it with ARGS\n"
        "  -            read the program from stdin, compile and run it with ARGS\n"
        "  --strict     treat warnings (unresolved require, constructs compiled to\n"
        "               NotImplementedError) as errors\n"
        "  --version, --help\n");
}

/* One compilation: what each pass produces, read by the passes after it. */
typedef struct sp_compile {
    const char *path;       /* the main program */
    char *src; size_t len;  /* its text */
    sp_ast *ast;            /* parse */
    rs_result rs;           /* resolve */
    ty_result ty;           /* analyse */
    sp_emit_opts opts;      /* emit */
    lp_state *lp;           /* the load path and --strict, from the options:
                               resolve and emit read it */
} sp_compile;

/* parse: 0, or 1 after printing the error */
static int pass_parse(sp_compile *cx)
{
    if (!cx->src) cx->src = sp_read_source(cx->path, &cx->len);   /* -e, - set it */
    if (!cx->src) { fprintf(stderr, "spinel: cannot read %s: %s\n", cx->path, strerror(errno)); return 1; }
    cx->ast = sp_parse(cx->path, cx->src, cx->len);
    return cx->ast ? 0 : 1;
}

/* -r LIB (as ruby -r): `require "LIB"` before the program's first
 * statement, compiled like any require (nlibs in command-line order). */
static void prepend_requires(sp_compile *cx, const char **libs, int nlibs)
{
    sp_node *root = cx->ast->root;
    for (int i = nlibs - 1; i >= 0; i--) {
        sp_node *call = ast_node(cx->ast->arena, N_CALL, 1, 0);
        call->name = "require";
        sp_node *arg = ast_node(cx->ast->arena, N_STR, 1, 0);
        arg->str = (char *)libs[i];
        arg->len = strlen(libs[i]);
        ast_push(cx->ast->arena, &call->list, arg);
        ast_push(cx->ast->arena, &root->list, call);
        memmove(root->list.v + 1, root->list.v, (size_t)(root->list.n - 1) * sizeof *root->list.v);
        root->list.v[0] = call;
    }
}

/* resolve: 0, or 1 after printing `file:line:col: error: ...` */
static int pass_resolve(sp_compile *cx)
{
    return rs_resolve(cx->ast, cx->lp, &cx->rs);
}

/* analyse: the typed-loop facts; 0 (it reports no errors of its own) */
static int pass_analyse(sp_compile *cx)
{
    return ty_analyse_program(cx->ast, &cx->rs, &cx->ty);
}

/* emit: the C translation unit to out; 0, or 1 after printing the error */
static int pass_emit(sp_compile *cx, FILE *out)
{
    cx->opts.lp = cx->lp;
    return sp_emit_program(cx->ast, &cx->rs, &cx->ty, out, &cx->opts);
}

/* After the last pass: free what the passes kept for the ones after them. */
static void compile_end(sp_compile *cx)
{
    rs_release(&cx->rs);
    lp_free(cx->lp);
    cx->lp = NULL;
}

static char *read_stream(FILE *f, size_t *len)
{
    size_t cap = 1 << 16, n = 0, r;
    char *buf = malloc(cap + 1);
    while ((r = fread(buf + n, 1, cap - n, f)) > 0) {
        n += r;
        if (n == cap) { cap *= 2; buf = realloc(buf, cap + 1); }
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

/* Run a temporary executable (spinel -e / spinel -) with args, remove it
 * and its directory, and exit as it did (a signal: 128 + signo). */
static int run_temp(const char *exe, const char *dir, int nargs, char **args)
{
    char **av = calloc((size_t)nargs + 2, sizeof *av);
    av[0] = (char *)exe;
    for (int i = 0; i < nargs; i++) av[i + 1] = args[i];
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) { execv(exe, av); _exit(127); }
    int st = 0;
    if (pid > 0) while (waitpid(pid, &st, 0) < 0 && errno == EINTR) ;
    unlink(exe);
    rmdir(dir);
    if (pid < 0) { fprintf(stderr, "spinel: cannot run %s: %s\n", exe, strerror(errno)); return 1; }
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* Directory holding libspinel_rt.a and the directory holding its headers. */
static int find_runtime(char *libdir, char *incdir, size_t size)
{
    char exe[PATH_MAX], base[PATH_MAX];
    const char *home = getenv("SPINEL_HOME");
    struct stat st;
    if (home) {
        snprintf(libdir, size, "%s/lib", home);
        snprintf(incdir, size, "%s/lib", home);
        return 0;
    }
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n < 0) return -1;
    exe[n] = '\0';
    snprintf(base, sizeof base, "%s", dirname(dirname(exe)));
    snprintf(libdir, size, "%s/lib", base);
    snprintf(incdir, size, "%s/lib", base);
    char probe[PATH_MAX + 32];
    snprintf(probe, sizeof probe, "%s/libspinel_rt.a", libdir);
    if (stat(probe, &st) == 0) return 0;
    snprintf(libdir, size, "%s/lib/spinel", base);
    snprintf(incdir, size, "%s/include/spinel", base);
    snprintf(probe, sizeof probe, "%s/libspinel_rt.a", libdir);
    return stat(probe, &st) == 0 ? 0 : -1;
}

/* The -I options for the runtime's headers: INCDIR and each folder in it
 * (the build tree's layer folders lib/sched, lib/runtime, ...; headers are
 * included by file name).  An installed tree is flat: INCDIR alone. */
static char *include_flags(const char *incdir)
{
    size_t cap = strlen(incdir) + 8, len = 0;
    char *flags = malloc(cap);
    len = (size_t)snprintf(flags, cap, "-I'%s'", incdir);
    DIR *d = opendir(incdir);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char sub[2 * PATH_MAX];
        struct stat st;
        snprintf(sub, sizeof sub, "%s/%s", incdir, e->d_name);
        if (stat(sub, &st) != 0 || !S_ISDIR(st.st_mode)) continue;
        cap = len + strlen(sub) + 8;
        flags = realloc(flags, cap);
        len += (size_t)snprintf(flags + len, cap - len, " -I'%s'", sub);
    }
    if (d) closedir(d);
    return flags;
}

int main(int argc, char **argv)
{
    const char *in = NULL, *out = NULL, *cc = getenv("CC");
    char *ecode = NULL;
    int only_c = 0, to_stdout = 0, dump = 0, debug = 0, opt = 2, run_at = -1, nlibs = 0;
    const char *rlibs[64];
    lp_state *lp = lp_new();
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-o") && i + 1 < argc) out = argv[++i];
        else if (!strcmp(a, "-c")) only_c = 1;
        else if (!strcmp(a, "-S")) to_stdout = 1;
        else if (!strcmp(a, "--dump-ast")) dump = 1;
        else if (!strcmp(a, "-O0")) opt = 0;
        else if (!strcmp(a, "-O2")) opt = 2;
        else if (!strcmp(a, "-g")) debug = 1;
        else if (!strncmp(a, "--cc=", 5)) cc = a + 5;
        else if (!strcmp(a, "--run")) { run_at = i + 1; break; }
        else if (!strcmp(a, "-I") && i + 1 < argc) lp_add_include(lp, argv[++i]);
        else if (!strncmp(a, "-I", 2) && a[2]) lp_add_include(lp, a + 2);
        else if (!strcmp(a, "-r") && i + 1 < argc) rlibs[nlibs++ % 64] = argv[++i];
        else if (!strncmp(a, "-r", 2) && a[2]) rlibs[nlibs++ % 64] = a + 2;
        else if (!strcmp(a, "--strict")) lp_set_strict(lp, 1);
        else if (!strcmp(a, "-e") && i + 1 < argc) {
            size_t ol = ecode ? strlen(ecode) : 0, al = strlen(argv[i + 1]);
            ecode = realloc(ecode, ol + al + 2);
            memcpy(ecode + ol, argv[++i], al);
            ecode[ol + al] = '\n'; ecode[ol + al + 1] = 0;
        }
        else if (!strcmp(a, "-") && !in && !ecode) { in = "-"; run_at = i + 1; break; }
        else if (ecode && a[0] != '-') { run_at = i; break; }
        else if (!strcmp(a, "--version")) { printf("spinel %s (ruby 3.4 compatible)\n", SPINEL_VERSION); return 0; }
        else if (!strcmp(a, "--help") || !strcmp(a, "-h")) { usage(stdout); return 0; }
        else if (a[0] == '-' && a[1]) { fprintf(stderr, "spinel: unknown option: %s\n", a); usage(stderr); return 2; }
        else if (!in) in = a;
        else { fprintf(stderr, "spinel: more than one input file: %s\n", a); return 2; }
    }
    if (ecode && in) { fprintf(stderr, "spinel: -e and an input file: %s\n", in); return 2; }
    if (ecode) { in = "-e"; if (run_at < 0) run_at = argc; }
    if (!in) { usage(stderr); return 2; }
    if (!cc || !*cc) cc = SP_DEFAULT_CC;

    sp_compile cx = { .path = in, .opts = { opt, debug, NULL }, .lp = lp };
    if (ecode) { cx.src = ecode; cx.len = strlen(ecode); }            /* -e */
    else if (!strcmp(in, "-")) cx.src = read_stream(stdin, &cx.len);  /* spinel - */
    /* -e / stdin: compile to a temporary executable, run it, remove it */
    char tmpdir[] = "/tmp/spinel-XXXXXX";
    int temp = ecode || !strcmp(in, "-");
    if (temp) {
        if (!mkdtemp(tmpdir)) { fprintf(stderr, "spinel: cannot create a temporary directory: %s\n", strerror(errno)); return 1; }
        static char tout[sizeof tmpdir + 8];
        snprintf(tout, sizeof tout, "%s/prog", tmpdir);
        out = tout;
    }
    if (pass_parse(&cx)) return 1;
    if (nlibs > 64) { fprintf(stderr, "spinel: more than 64 -r options\n"); return 2; }
    prepend_requires(&cx, rlibs, nlibs);
    if (dump) { ast_dump(stdout, cx.ast->root); putchar('\n'); return 0; }
    if (pass_resolve(&cx)) return 1;
    if (pass_analyse(&cx)) return 1;

    /* Output names. */
    char stem[PATH_MAX], cpath[PATH_MAX + 8], exepath[PATH_MAX];
    {
        char tmp[PATH_MAX];
        snprintf(tmp, sizeof tmp, "%s", in);
        snprintf(stem, sizeof stem, "%s", basename(tmp));
        char *dot = strrchr(stem, '.');
        if (dot && !strcmp(dot, ".rb")) *dot = '\0';
    }
    snprintf(exepath, sizeof exepath, "%s", out ? out : stem);
    if (to_stdout) { int rc = pass_emit(&cx, stdout); compile_end(&cx); return rc; }
    if (only_c) snprintf(cpath, sizeof cpath, "%s.c", out ? out : stem);
    else snprintf(cpath, sizeof cpath, "%s.spinel.c", exepath);
    FILE *cf = fopen(cpath, "w");
    if (!cf) { fprintf(stderr, "spinel: cannot write %s: %s\n", cpath, strerror(errno)); return 1; }
    int rc = pass_emit(&cx, cf);
    compile_end(&cx);
    if (fclose(cf) != 0) rc = 1;
    if (rc) { unlink(cpath); if (temp) rmdir(tmpdir); return rc; }
    if (only_c) return 0;

    char libdir[PATH_MAX], incdir[PATH_MAX];
    if (find_runtime(libdir, incdir, sizeof libdir) != 0) {
        fprintf(stderr, "spinel: cannot find libspinel_rt.a (set SPINEL_HOME)\n");
        return 1;
    }
    /* --wrap=mmap: the collector's heap sections go through
     * __wrap_mmap (lib/runtime/sp_init.c), which puts them on transparent huge
     * pages; harmless when libgc is a shared library. */
    /* SPINEL_LINK_LIBS replaces the libraries configure chose: the
     * sanitizer checks link them as shared libraries, because a
     * sanitizer's interceptors (crypt_r, ...) find the real function
     * with dlsym(RTLD_NEXT), which a static archive does not provide */
    const char *libs = getenv("SPINEL_LINK_LIBS");
    if (!libs || !*libs) libs = SP_LINK_LIBS;
    char *incs = include_flags(incdir);
    size_t cmdsz = strlen(cpath) + strlen(exepath) + strlen(libs) + strlen(incs) + 2 * PATH_MAX + 1024;
    char *cmd = malloc(cmdsz);
    snprintf(cmd, cmdsz,
        "%s -std=gnu11 -O%d %s -w -fno-strict-aliasing -ffp-contract=off -pthread -DGC_THREADS %s %s '%s' -o '%s' "
        "-Wl,--wrap=mmap -Wl,--whole-archive '%s/libspinel_rt.a' -Wl,--no-whole-archive %s",
        cc, opt, debug ? "-g" : "", SP_RT_CFLAGS, incs, cpath, exepath, libdir, libs);
    int st = system(cmd);
    if (st != 0) {
        fprintf(stderr, "spinel: internal error: the C compiler failed on generated code\n"
                        "spinel: the generated C is kept at %s; please report it\n", cpath);
        return 1;
    }
    if (!debug) unlink(cpath);
    if (temp) return run_temp(exepath, tmpdir, argc - run_at, argv + run_at);
    if (run_at >= 0) {
        char **args = calloc((size_t)(argc - run_at + 2), sizeof *args);
        char prog[PATH_MAX + 2];
        snprintf(prog, sizeof prog, "%s%s", strchr(exepath, '/') ? "" : "./", exepath);
        args[0] = prog;
        for (int i = run_at; i < argc; i++) args[i - run_at + 1] = argv[i];
        execv(prog, args);
        fprintf(stderr, "spinel: cannot run %s: %s\n", prog, strerror(errno));
        return 1;
    }
    return 0;
}

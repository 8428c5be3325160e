/*
 * resolve.c — scope and closure analysis, require_relative inlining.
 *
 * One pre-order walk of the AST in source order.  Locals are declared at
 * their first assignment (or as parameters) in the innermost non-`for`
 * scope; a reference from a scope other than the declaring one marks the
 * variable captured (it then lives in the declaring scope's env).  Because
 * the walk is in source order, a block that assigns `x` before the outer
 * scope does gets its own `x`, as in Ruby.
 *
 * Hidden locals (names starting with '%') carry what blocks need from their
 * method: "%blk" (the method's block, for yield/block_given?/super inside
 * a block), "%rest"/"%kwrest"/"%blkp" for anonymous *, **, & parameters.
 *
 * Node -> scope and call -> required-file associations are kept in small
 * open-addressing pointer maps; the tree itself is never modified.
 */
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "resolve.h"
#include "pmap.h"
#include "loadpath.h"
#include "ceval.h"

typedef struct srcfile { const char *path; const char *src; } srcfile;

/* Everything the resolve pass builds for one compilation, and what the
 * later passes ask of it (rs_scope_of, rs_required_of, rs_flipflop_var,
 * the registered sources behind every diagnostic's caret line): the eval
 * records of ceval.c are made by this walk too, and emit reads them.
 * rs_resolve allocates it and points `rs` at it; it lives until
 * rs_release at the end of the compilation (the resolver, like the
 * emitter, is not reentrant). */
typedef struct rs_state {
    lp_state *lp;                            /* the load path, --strict (main's) */
    pmap scopes;                             /* node -> the scope it creates */
    pmap requireds;                          /* require call -> rs_required */
    rs_loop *loops; int nloops, caploops;    /* every while/until loop with its scope */
    srcfile *files; int nfiles, capfiles;    /* registered sources (carets, eval names) */
    int nscopes;                             /* scope ids */
    int nerr;                                /* errors reported */
    /* flip-flop state locals, numbered in the order first asked (the
     * walk's, source order), so the generated C is the same from run to run */
    pmap flipflops; int nflipflops;
    /* files compiled for a require, by real path (the main file's with a
     * NULL call): a second require of one reuses the first's scope */
    char **done_paths; rs_required **done_req; int ndone, capdone;
    /* the scopes of `binding` calls, in source order (captures_for_binding) */
    rs_scope **bindings; int nbindings, capbindings;
    int toplevel_binding;      /* TOPLEVEL_BINDING named (a constant or :symbol) */
} rs_state;

static rs_state *rs;

static void loop_add(sp_node *n, rs_scope *s)
{
    if (rs->nloops == rs->caploops) {
        rs->caploops = rs->caploops ? rs->caploops * 2 : 64;
        rs->loops = realloc(rs->loops, (size_t)rs->caploops * sizeof *rs->loops);
    }
    rs->loops[rs->nloops].n = n;
    rs->loops[rs->nloops].sc = s;
    rs->nloops++;
}

rs_scope *rs_scope_of(const sp_node *n) { return pmap_get(&rs->scopes, n); }
rs_required *rs_required_of(const sp_node *n) { return pmap_get(&rs->requireds, n); }

/* ---------------------------------------------------------------- */
/* errors                                                             */

static void register_src(const char *path, const char *src)
{
    if (rs->nfiles == rs->capfiles) {
        rs->capfiles = rs->capfiles ? rs->capfiles * 2 : 16;
        rs->files = realloc(rs->files, (size_t)rs->capfiles * sizeof *rs->files);
    }
    rs->files[rs->nfiles].path = path; rs->files[rs->nfiles].src = src; rs->nfiles++;
}

void rs_register_src(const char *path, const char *src) { register_src(path, src); }

const char *rs_source_of(const char *path)
{
    for (int i = 0; rs && i < rs->nfiles; i++) if (!strcmp(rs->files[i].path, path)) return rs->files[i].src;
    return NULL;
}

void rs_error(const char *file, const sp_node *n, const char *fmt, ...)
{
    va_list ap;
    int line = n ? n->line : 0, col = n ? n->col : 0;
    fprintf(stderr, "%s:%d:%d: error: ", file, line, col);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    rs_print_caret(file, line, col);
}

void rs_print_caret(const char *file, int line, int col)
{
    /* the latest text registered under the name: two evals on one line
     * share a name, and the one being compiled is the latest */
    const char *src = NULL;
    for (int i = 0; rs && i < rs->nfiles; i++) if (!strcmp(rs->files[i].path, file)) src = rs->files[i].src;
    if (!src || line <= 0) return;
    const char *p = src;
    for (int l = 1; l < line && *p; p++) if (*p == '\n') l++;
    const char *e = strchr(p, '\n');
    int len = e ? (int)(e - p) : (int)strlen(p);
    fprintf(stderr, "%.*s\n", len, p);
    /* a column past the line's end puts the caret just after it (never
     * reading beyond the line) */
    for (int i = 1; i < col && i <= len; i++) fputc(p[i - 1] == '\t' ? '\t' : ' ', stderr);
    fputs("^\n", stderr);
}

/* ---------------------------------------------------------------- */
/* scopes and variables                                               */

static rs_scope *scope_new(int kind, sp_node *node, rs_scope *parent, const char *file, sp_ast *ast)
{
    rs_scope *s = calloc(1, sizeof *s);
    s->kind = kind;
    s->id = rs->nscopes++;
    s->node = node;
    s->parent = parent;
    s->file = file;
    s->ast = ast;
    if (node) pmap_put(&rs->scopes, node, s);
    return s;
}

rs_var *rs_find_local(rs_scope *s, const char *name)
{
    for (int i = 0; i < s->nvars; i++) if (!strcmp(s->vars[i].name, name)) return &s->vars[i];
    return NULL;
}

rs_var *rs_lookup(rs_scope *s, const char *name, rs_scope **owner)
{
    for (rs_scope *t = s; t; t = t->parent) {
        rs_var *v = rs_find_local(t, name);
        if (v) { if (owner) *owner = t; return v; }
        if (!rs_is_block(t)) break;
    }
    return NULL;
}

rs_scope *rs_home(rs_scope *s)
{
    while (s && rs_is_block(s)) s = s->parent;
    return s;
}

int rs_env_hops(rs_scope *from, rs_scope *owner)
{
    int hops = 0;
    for (rs_scope *t = from; t && t != owner; t = t->parent) if (t->nenv) hops++;
    return hops;
}

/* `name` in s itself: the existing variable (marked a parameter if param)
 * or a new one. */
static rs_var *declare_here(rs_scope *s, const char *name, int param)
{
    rs_var *v = rs_find_local(s, name);
    if (v) { if (param) v->param = 1; return v; }
    if (s->nvars == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 8;
        s->vars = realloc(s->vars, (size_t)s->cap * sizeof *s->vars);
    }
    v = &s->vars[s->nvars++];
    memset(v, 0, sizeof *v);
    v->name = name;
    v->param = param;
    return v;
}

static rs_var *declare_in(rs_scope *s, const char *name, int param)
{
    while (s->kind == SC_FOR) s = s->parent;
    return declare_here(s, name, param);
}

/* A param always creates a variable in this very scope (shadowing). */
static void declare_param(rs_scope *s, const char *name)
{
    declare_here(s, name, 1);
}

static void capture(rs_scope *owner, rs_var *v)
{
    if (v->captured) return;
    v->captured = 1;
    v->slot = ++owner->nenv;
}

/* `binding` in s: every local it can see (s's, its enclosing blocks',
 * its method's) must live in an env the Binding reaches (sp_binding.c),
 * including locals assigned after the call, as CRuby's local table has
 * them.  Done after the walk, when every scope's locals are known; only
 * scopes that call binding pay for it. */
static void note_binding(rs_scope *s)
{
    if (rs->nbindings == rs->capbindings) {
        rs->capbindings = rs->capbindings ? rs->capbindings * 2 : 8;
        rs->bindings = realloc(rs->bindings, (size_t)rs->capbindings * sizeof *rs->bindings);
    }
    rs->bindings[rs->nbindings++] = s;
}

static void captures_for_binding(void)
{
    for (int i = 0; i < rs->nbindings; i++) {
        for (rs_scope *t = rs->bindings[i]; t; t = t->parent) {
            for (int j = 0; j < t->nvars; j++)
                if (rs_binding_visible(t, &t->vars[j])) capture(t, &t->vars[j]);
            if (!rs_is_block(t)) break;
        }
    }
}

int rs_binding_visible(const rs_scope *s, const rs_var *v)
{
    if (v->name[0] == '%') return 0;                       /* hidden: %blk, %rest, flip-flop states */
    if (!strcmp(v->name, "it") && v->param && s->node && (s->node->flags & NF_IT)) return 0;
    return 1;
}

/* A reference to `name` from s: mark captured if it crosses a scope. */
static rs_var *ref(rs_scope *s, const char *name)
{
    rs_scope *owner;
    rs_var *v = rs_lookup(s, name, &owner);
    if (v && owner != s) capture(owner, v);
    return v;
}

const char *rs_flipflop_var(const sp_node *n)
{
    const char *nm = pmap_get(&rs->flipflops, n);
    if (!nm) {
        char b[32];
        snprintf(b, sizeof b, "%%ff%d", ++rs->nflipflops);
        nm = strdup(b);
        pmap_put(&rs->flipflops, n, (void *)nm);
    }
    return nm;
}

static void assign(rs_scope *s, const char *name)
{
    if (!rs_lookup(s, name, NULL)) declare_in(s, name, 0);
    ref(s, name);
}

/* Named groups of a static regexp literal (`/(?<x>..)/ =~ s` assigns
 * the local x); returns how many names (malloc'd) are in *out (malloc'd:
 * each name takes at least 5 bytes of the source, so len / 5 + 1 hold them). */
int rs_named_captures(const sp_node *re, char ***out)
{
    *out = NULL;
    if (!re || re->kind != N_REGEX || re->list.n != 1 || re->list.v[0]->kind != N_STR) return 0;
    const sp_node *sn = re->list.v[0];
    const char *t = sn->str;
    char **names = *out = malloc((sn->len / 5 + 1) * sizeof *names);
    int k = 0;
    for (size_t i = 0; t && i + 3 < sn->len; i++) {
        if (t[i] == '\\') { i++; continue; }
        if (t[i] != '(' || t[i + 1] != '?' || t[i + 2] != '<') continue;
        size_t b = i + 3, e = b;
        while (e < sn->len && (t[e] == '_' || (t[e] >= 'a' && t[e] <= 'z') || (t[e] >= 'A' && t[e] <= 'Z') ||
                               (t[e] >= '0' && t[e] <= '9') || (unsigned char)t[e] >= 0x80)) e++;
        if (e == b || e >= sn->len || t[e] != '>') continue;
        if (!(t[b] == '_' || (t[b] >= 'a' && t[b] <= 'z') || (unsigned char)t[b] >= 0x80)) continue;
        char *nm = malloc(e - b + 1);
        memcpy(nm, t + b, e - b);
        nm[e - b] = 0;
        int dup = 0;
        for (int j = 0; j < k; j++) if (!strcmp(names[j], nm)) dup = 1;
        if (dup) free(nm); else names[k++] = nm;
    }
    return k;
}

/* ---------------------------------------------------------------- */
/* require_relative                                                   */

static void done_add(const char *real, rs_required *r)
{
    if (rs->ndone == rs->capdone) {
        rs->capdone = rs->capdone ? rs->capdone * 2 : 16;
        rs->done_paths = realloc(rs->done_paths, (size_t)rs->capdone * sizeof *rs->done_paths);
        rs->done_req = realloc(rs->done_req, (size_t)rs->capdone * sizeof *rs->done_req);
    }
    rs->done_req[rs->ndone] = r;
    rs->done_paths[rs->ndone++] = strdup(real);
}

static void walk(sp_node *n, rs_scope *s, int in_loop);

static void walk_list(sp_nodes *l, rs_scope *s, int in_loop)
{
    for (int i = 0; i < l->n; i++) walk(l->v[i], s, in_loop);
}

/* Compile the file at real path `real` for call r (once per file). */
static void load_file(rs_required *r, rs_scope *s, const sp_node *arg, const char *real)
{
    r->kind = RQ_FILE;
    r->path = strdup(real);
    for (int i = 0; i < rs->ndone; i++)
        if (!strcmp(rs->done_paths[i], real)) { r->primary = rs->done_req[i]; return; }  /* compiled already */
    done_add(real, r);
    r->primary = r;
    size_t len;
    char *src = sp_read_source(real, &len);
    if (!src) { rs_error(s->file, arg, "cannot read %s", real); rs->nerr++; return; }
    char *path = strdup(real);
    register_src(path, src);
    sp_ast *ast = sp_parse(path, src, len);
    if (!ast) { rs->nerr++; return; }
    r->ast = ast;
    r->scope = scope_new(SC_FILE, ast->root, NULL, path, ast);
    walk(ast->root, r->scope, 0);
}

/* require / require_relative / load: resolved at compile time when the
 * argument folds to a constant (loadpath.c), else left to run time. */
/* Does the tree define a method called name (OptionParser#load)?  Then
 * calls of that name in the file are left to run-time dispatch. */
static int defines(const sp_node *n, const char *name)
{
    if (!n) return 0;
    if (n->kind == N_DEF && n->name && !strcmp(n->name, name)) return 1;
    if (defines(n->a, name) || defines(n->b, name) || defines(n->c, name) || defines(n->d, name) ||
        defines(n->body, name)) return 1;
    for (int i = 0; i < n->list.n; i++) if (defines(n->list.v[i], name)) return 1;
    for (int i = 0; i < n->list2.n; i++) if (defines(n->list2.v[i], name)) return 1;
    return 0;
}

/* autoload(:Const, "name"): the file is compiled like a require's and
 * loaded when the constant is first missed (sp_load.c). */
static void do_require_arg(sp_node *call, rs_scope *s, int argi);
static void do_require(sp_node *call, rs_scope *s) { do_require_arg(call, s, 0); }

static void do_require_arg(sp_node *call, rs_scope *s, int argi)
{
    if (s->ast && defines(s->ast->root, call->name)) return;
    rs_required *r = calloc(1, sizeof *r);
    r->call = call;
    pmap_put(&rs->requireds, call, r);
    const char *what = call->name;
    int rel = !strcmp(what, "require_relative"), isload = !strcmp(what, "load");
    sp_node *arg = call->list.v[argi];
    char *name = call->list.n == 1 + argi || (isload && call->list.n == 2 && call->list.v[1]->kind == N_FALSE)
                 ? lp_fold_string(arg, s->file) : NULL;
    char real[PATH_MAX];
    if (!name) {
        r->kind = RQ_DYNAMIC;
        lp_warn(rs->lp, s->file, call, "%s of a value known only at run time is not compiled; it raises LoadError when it runs", what);
        return;
    }
    if (rel) {
        char *dir = lp_abs_dir(s->file);
        char want[PATH_MAX * 2];
        if (!dir) {
            r->kind = RQ_MISSING;
            r->path = "cannot infer basepath";
            lp_warn(rs->lp, s->file, arg, "require_relative: cannot infer basepath");
            return;
        }
        char *tried = lp_expand(name, dir);
        snprintf(want, sizeof want, "%s", tried);
        size_t wl = strlen(want);
        if (wl < 3 || strcmp(want + wl - 3, ".rb") != 0) strncat(want, ".rb", sizeof want - wl - 1);
        if (realpath(want, real)) { load_file(r, s, arg, real); return; }
        r->kind = RQ_MISSING;
        r->path = tried;
        lp_warn(rs->lp, s->file, arg, "cannot load such file -- %s", r->path);
        return;
    }
    int k = isload ? lp_find_load(rs->lp, name, real, sizeof real) : lp_find_require(rs->lp, name, real, sizeof real);
    if (!isload && lp_native(name)) k = LP_NONE, r->kind = RQ_NATIVE;
    else if (k == LP_RUBY) load_file(r, s, arg, real);
    else if (k == LP_EXT) {
        r->kind = RQ_MISSING;
        r->path = name;
        lp_warn(rs->lp, s->file, arg, "cannot load such file -- %s (%s is a C extension Spinel does not provide)", name, real);
    } else {
        r->kind = RQ_MISSING;
        r->path = name;
        lp_warn(rs->lp, s->file, arg, "cannot load such file -- %s", name);
    }
}

/* ---------------------------------------------------------------- */
/* the walk                                                           */

static void declare_params(sp_node *params, rs_scope *s)
{
    if (!params) return;
    for (int i = 0; i < params->list.n; i++) {
        sp_node *p = params->list.v[i];
        switch (p->ival) {
        case PK_DESTRUCT: {
            sp_node tmp = *p;
            tmp.list2.n = 0;
            declare_params(&tmp, s);
            break;
        }
        case PK_REST: declare_param(s, p->name ? p->name : "%rest"); break;
        case PK_KWREST: declare_param(s, p->name ? p->name : "%kwrest"); break;
        case PK_BLOCK: declare_param(s, p->name ? p->name : "%blkp"); break;
        case PK_FWD: declare_param(s, "%rest"); declare_param(s, "%kwrest"); declare_param(s, "%blkp"); break;
        case PK_NOKW: break;
        default: if (p->name) declare_param(s, p->name); break;
        }
    }
    for (int i = 0; i < params->list.n; i++) {
        sp_node *p = params->list.v[i];
        if (p->a) walk(p->a, s, 0);
    }
    for (int i = 0; i < params->list2.n; i++) declare_param(s, params->list2.v[i]->name);
}

/* The method scope a `return`/yield in s refers to; marks jump needs. */
static void note_return(rs_scope *s)
{
    if (!rs_is_block(s)) return;
    rs_scope *t = s;
    while (t && (t->kind == SC_BLOCK || t->kind == SC_FOR)) t = t->parent;
    if (t && t->kind != SC_CLASS) { t->block_return = 1; t->has_jmp = 1; }
}

static void need_blk(rs_scope *s)
{
    if (!rs_is_block(s)) return;
    rs_scope *h = rs_home(s);
    if (!h) return;
    if (!rs_find_local(h, "%blk")) declare_param(h, "%blk");
    ref(s, "%blk");
}

static void walk_target(sp_node *t, rs_scope *s)
{
    if (!t) return;
    switch (t->kind) {
    case N_LASGN: case N_LVAR:
        assign(s, t->name);
        if (t->a) walk(t->a, s, 0);
        break;
    case N_MLHS:
        for (int i = 0; i < t->list.n; i++) walk_target(t->list.v[i], s);
        break;
    case N_SPLAT:
        walk_target(t->a, s);
        break;
    default:
        walk(t, s, 0);
        break;
    }
}

static void walk_block(sp_node *n, rs_scope *s, int kind)
{
    rs_scope *b = scope_new(kind, n, s, s->file, s->ast);
    if (n->flags & NF_IT) declare_param(b, "it");
    if (n->flags & NF_NUMPARAMS) {
        for (int i = 1; i <= n->ival && i <= 9; i++) {
            char buf[4];
            snprintf(buf, sizeof buf, "_%d", i);
            declare_param(b, strdup(buf));
        }
    }
    declare_params(n->c, b);
    walk(n->body, b, 0);
}

static void walk(sp_node *n, rs_scope *s, int in_loop)
{
    if (!n) return;
    switch (n->kind) {
    case N_DEF: {
        if (n->a) walk(n->a, s, 0);
        rs_scope *d = scope_new(SC_DEF, n, s, s->file, s->ast);
        declare_params(n->c, d);
        walk(n->body, d, 0);
        return;
    }
    case N_CLASS: case N_MODULE: case N_SCLASS: {
        ce_note_class(n);
        walk(n->a, s, 0);
        walk(n->b, s, 0);
        rs_scope *c = scope_new(SC_CLASS, n, s, s->file, s->ast);
        walk(n->body, c, 0);
        return;
    }
    case N_BLOCK:
        walk_block(n, s, SC_BLOCK);
        return;
    case N_LAMBDA:
        walk_block(n, s, SC_LAMBDA);
        return;
    case N_END_BLOCK:
        walk_block(n, s, SC_BLOCK);
        return;
    case N_FOR: {
        walk(n->b, s, in_loop);
        rs_scope *f = scope_new(SC_FOR, n, s, s->file, s->ast);
        walk_target(n->a, f);
        walk(n->body, f, 0);
        return;
    }
    case N_LVAR:
        if (!ref(s, n->name)) declare_in(s, n->name, 0);
        return;
    case N_LASGN:
        assign(s, n->name);
        ce_note_lasgn(n, s);   /* `tpl = ERB.new(...)` (ceval.c) */
        walk(n->a, s, in_loop);
        return;
    case N_OP_ASGN:
        if (n->a && n->a->kind == N_LVAR) assign(s, n->a->name);
        else walk(n->a, s, in_loop);
        walk(n->b, s, in_loop);
        return;
    case N_MASGN:
        walk(n->a, s, in_loop);
        for (int i = 0; i < n->list.n; i++) walk_target(n->list.v[i], s);
        return;
    case N_PAT_BIND:
        assign(s, n->name);
        walk(n->a, s, in_loop);
        return;
    case N_RESCUE:
        walk_list(&n->list, s, in_loop);
        walk_target(n->a, s);
        walk(n->body, s, in_loop);
        return;
    case N_BEGIN:
        if (n->list.n || n->d) s->has_jmp = 1;
        break;
    case N_RETURN:
        note_return(s);
        break;
    case N_BREAK:
        if (!in_loop && (s->kind == SC_BLOCK || s->kind == SC_FOR) && s->parent) {
            s->has_break = 1;
            s->parent->has_jmp = 1;
        }
        break;
    case N_WHILE:
        loop_add(n, s);
        walk(n->a, s, in_loop);
        walk(n->body, s, 1);
        return;
    case N_YIELD:
        need_blk(s);
        break;
    case N_SUPER:
        need_blk(s);
        break;
    case N_ZSUPER: {
        need_blk(s);
        rs_scope *h = rs_home(s);
        if (h && h->kind == SC_DEF && h->node->c) {
            sp_nodes *pl = &h->node->c->list;
            for (int i = 0; i < pl->n; i++) {
                sp_node *p = pl->v[i];
                const char *nm = p->name;
                if (!nm && p->ival == PK_REST) nm = "%rest";
                if (!nm && p->ival == PK_KWREST) nm = "%kwrest";
                if (p->ival == PK_BLOCK || p->ival == PK_NOKW || p->ival == PK_DESTRUCT) continue;
                if (p->ival == PK_FWD) nm = "%rest";
                if (nm) ref(s, nm);
            }
        }
        break;
    }
    case N_SPLAT:
        if (!n->a) ref(s, "%rest");
        break;
    case N_DSPLAT:
        if (!n->a) ref(s, "%kwrest");
        break;
    case N_BLOCK_PASS:
        if (!n->a) ref(s, "%blkp");
        break;
    case N_FWD_ARGS:
        ref(s, "%rest");
        ref(s, "%kwrest");
        ref(s, "%blkp");
        break;
    case N_FLIPFLOP: {
        /* its state is a hidden local of the method, as in CRuby */
        const char *nm = rs_flipflop_var(n);
        rs_scope *h = rs_home(s);
        if (!rs_lookup(h, nm, NULL)) declare_in(h, nm, 0);
        ref(s, nm);
        break;
    }
    case N_CONST: case N_SYM:
        /* TOPLEVEL_BINDING: made at the start of the main program (emit.c)
         * when named, so other programs keep their top-level locals in C
         * locals */
        if (n->name && !strcmp(n->name, "TOPLEVEL_BINDING")) rs->toplevel_binding = 1;
        break;
    case N_CALL:
        if (ce_resolve_call(n, s, walk)) return;   /* eval of a constant string (ceval.c) */
        if (!n->a && n->name && !strcmp(n->name, "binding") && !n->list.n && !n->b) note_binding(s);
        if (n->a && n->name && !strcmp(n->name, "=~")) {
            char **names;
            int k = rs_named_captures(n->a, &names);
            for (int i = 0; i < k; i++) assign(s, names[i]);
        }
        if (!n->a && n->name) {
            if (!strcmp(n->name, "block_given?") || !strcmp(n->name, "iterator?")) need_blk(s);
            if ((!strcmp(n->name, "proc") || !strcmp(n->name, "lambda")) && !n->b && n->list.n == 0) need_blk(s);
            if ((!strcmp(n->name, "require_relative") || !strcmp(n->name, "require") || !strcmp(n->name, "load")) &&
                n->list.n >= 1 && !n->b)
                do_require(n, s);
            if (!strcmp(n->name, "autoload") && n->list.n == 2 && !n->b) do_require_arg(n, s, 1);
        }
        break;
    default:
        break;
    }
    walk(n->a, s, in_loop);
    walk(n->b, s, in_loop);
    walk(n->c, s, in_loop);
    walk(n->d, s, in_loop);
    walk(n->body, s, in_loop);
    walk_list(&n->list, s, in_loop);
    walk_list(&n->list2, s, in_loop);
}

int rs_resolve(sp_ast *ast, lp_state *lp, rs_result *out)
{
    char real[PATH_MAX];
    rs = calloc(1, sizeof *rs);
    rs->lp = lp;
    ce_begin();
    register_src(ast->path, ast->src);
    if (realpath(ast->path, real)) done_add(real, NULL);   /* the main file: no require loads it */
    rs_scope *top = scope_new(SC_TOP, ast->root, NULL, ast->path, ast);
    walk(ast->root, top, 0);
    if (rs->toplevel_binding) note_binding(top);
    captures_for_binding();
    out->top = top;
    out->toplevel_binding = rs->toplevel_binding;
    out->loops = rs->loops;
    out->nloops = rs->nloops;
    rs->nerr += lp_errors(rs->lp);
    out->nerrors = rs->nerr;
    return rs->nerr ? 1 : 0;
}

/* The state's own tables; the scopes, the required files' trees and the
 * registered texts stay (like the program's tree, they live as long as
 * the process). */
void rs_release(rs_result *r)
{
    if (!rs) return;
    free(rs->scopes.k); free(rs->scopes.v);
    free(rs->requireds.k); free(rs->requireds.v);
    free(rs->flipflops.k); free(rs->flipflops.v);
    free(rs->loops);
    free(rs->files);
    for (int i = 0; i < rs->ndone; i++) free(rs->done_paths[i]);
    free(rs->done_paths); free(rs->done_req);
    free(rs->bindings);
    free(rs);
    rs = NULL;
    ce_end();
    r->loops = NULL;
    r->nloops = 0;
}

/*
 * ceval.c — eval of strings known at compile time, and what Spinel cannot
 * compile.
 *
 * `eval(STR)`, `obj.instance_eval(STR)`, `mod.class_eval(STR)` and
 * `mod.module_eval(STR)` whose STR folds to a constant (loadpath.c,
 * lp_fold_string) are parsed at compile time with the caller's locals
 * declared, and compiled in place:
 *   eval          the code is walked in the caller's scope and emitted
 *                 inline (it sees and assigns the caller's locals, self and
 *                 constant scope);
 *   *_eval        the call is compiled as the block form
 *                 `obj.instance_eval { code }` (self is obj, locals are the
 *                 caller's).  Constant lookup inside is the caller's lexical
 *                 scope, where CRuby's string form would use obj's class.
 * File/line arguments of the *_eval forms only name the code in CRuby's
 * backtraces; here the code's frames report the caller's file.
 *
 * A string that does not parse, or code the emitter rejects (`break`
 * outside a loop...), compiles to a SyntaxError raised when the eval runs,
 * with CRuby's "(eval at FILE:LINE):N: syntax error found" message.
 *
 * Anything else the compiler cannot compile (binding, eval of a run-time
 * string, flip-flops) compiles to a NotImplementedError raised where it
 * runs, with a compile-time warning (an error under --strict).
 *
 * Representation: a list of (call node -> ce_eval) records; the tree is
 * never modified — the synthetic block call is a new node.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "emit_int.h"
#include "diag.h"
#include "loadpath.h"
#include "ceval.h"
#include "pwarn.h"

typedef struct ce_eval {
    const sp_node *call;
    sp_node *code;          /* eval: the parsed N_STMTS; *_eval: the synthetic block call */
    char *syntax_error;     /* the SyntaxError message, or NULL */
    const char *name;       /* "(eval at FILE:LINE)" */
    pw_warn *warns;         /* the parser's warnings about the code, given when the eval runs */
    int nwarns;
    /* the file and first line a `binding` in the code reports: the eval's
     * literal file/line arguments, else its name and 1 */
    const char *bfile;
    int bline;
} ce_eval;

/* `tpl = ERB.new(...)`: the most recent such assignment of each local, so
 * that `tpl.result(binding)` finds its template (ce_note_lasgn). */
typedef struct erb_var { rs_scope *home; const char *name; const sp_node *new_call; } erb_var;

/* What this file knows for one compilation.  The resolve walk fills most
 * of it (ce_resolve_call, ce_note_*) and the emit pass reads it
 * (ce_emit_call, ce_r2k, ...); capturing/captured are the emit pass's.
 * ce_begin (rs_resolve) allocates it and points `ce` at it; ce_end
 * (rs_release, the end of the compilation) frees it. */
typedef struct ce_state {
    ce_eval *evals; int nevals, capevals;         /* compiled evals, by call */
    /* ruby2_keywords'd defs (nodes and names) and names aliased to
     * block_given?, from literal calls */
    const sp_node **r2k_nodes; int nr2k_nodes;
    const char **r2k_names; int nr2k_names;
    const char **bg_alias; int nbg_alias;
    int spec_evaluate;                            /* the program defines SpecEvaluate */
    erb_var *erb_vars; int nerb_vars;
    /* while an eval's code is emitted: that eval, and the first emitter
     * error in it (which becomes the eval's SyntaxError) */
    ce_eval *capturing;
    char *captured;
} ce_state;

static ce_state *ce;

void ce_begin(void) { ce = calloc(1, sizeof *ce); }

/* The records' parsed code and names stay (the trees live as long as the
 * process). */
void ce_end(void)
{
    if (!ce) return;
    free(ce->evals);
    free(ce->r2k_nodes); free(ce->r2k_names); free(ce->bg_alias);
    free(ce->erb_vars);
    free(ce);
    ce = NULL;
}

static ce_eval *ce_of(const sp_node *n)
{
    for (int i = 0; i < ce->nevals; i++) if (ce->evals[i].call == n) return &ce->evals[i];
    return NULL;
}

static ce_eval *ce_add(const sp_node *call)
{
    if (ce->nevals == ce->capevals) {
        ce->capevals = ce->capevals ? ce->capevals * 2 : 16;
        ce->evals = realloc(ce->evals, (size_t)ce->capevals * sizeof *ce->evals);
    }
    ce_eval *e = &ce->evals[ce->nevals++];
    memset(e, 0, sizeof *e);
    e->call = call;
    return e;
}

/* A literal file name or line: __FILE__, "x.rb", __LINE__ + 1. */
static int is_pure_literal(const sp_node *n)
{
    if (n->kind == N_STR || n->kind == N_INT) return 1;
    return n->kind == N_CALL && n->name && (!strcmp(n->name, "+") || !strcmp(n->name, "-")) && n->a &&
           n->a->kind == N_INT && n->list.n == 1 && n->list.v[0]->kind == N_INT && !n->b;
}

/* eval(STR, binding [, file [, line]]) with the caller's own binding is
 * eval(STR): the file and line only name the code in CRuby's backtraces
 * and __FILE__/__LINE__ (here, as for the *_eval forms below, the code
 * reports "(eval at FILE:LINE)"). */
static int is_own_binding_eval(const sp_node *n)
{
    if (n->list.n < 2 || n->list.n > 4) return 0;
    const sp_node *b = n->list.v[1];
    if (b->kind != N_NIL &&     /* eval(STR, nil, file, line): the caller's binding too */
        (b->kind != N_CALL || b->a || !b->name || strcmp(b->name, "binding") || b->list.n || b->b)) return 0;
    for (int i = 2; i < n->list.n; i++) if (!is_pure_literal(n->list.v[i])) return 0;
    return 1;
}

/* The value of a pure literal line (is_pure_literal): N, or N +/- M. */
static long literal_int(const sp_node *n)
{
    if (n->kind == N_INT) return (long)n->ival;
    long a = (long)n->a->ival, b = (long)n->list.v[0]->ival;
    return !strcmp(n->name, "+") ? a + b : a - b;
}

/* The file/line arguments of an eval whose code is compiled in place,
 * from index i of the arguments, recorded for `binding` in the code. */
static void note_eval_location(ce_eval *e, const sp_node *n, int i)
{
    e->bfile = e->name;
    e->bline = 1;
    if (i < n->list.n && n->list.v[i]->kind == N_STR)
        e->bfile = strndup(n->list.v[i]->str ? n->list.v[i]->str : "", n->list.v[i]->len);
    /* (a line that is not a pure literal, e.g. a local or -100, leaves 1) */
    if (i + 1 < n->list.n && n->list.v[i + 1]->kind != N_STR && is_pure_literal(n->list.v[i + 1]))
        e->bline = (int)literal_int(n->list.v[i + 1]);
}

static int is_str_eval(const sp_node *n)
{
    if (!n->name || n->b || n->list.n < 1) return 0;
    if (!n->a && !strcmp(n->name, "eval")) return n->list.n == 1 || is_own_binding_eval(n);
    return (!strcmp(n->name, "instance_eval") || !strcmp(n->name, "class_eval") ||
            !strcmp(n->name, "module_eval")) && n->list.n <= 3 &&
           n->list.v[n->list.n - 1]->kind != N_BLOCK_PASS;
}

/* The source line `line` (1-based) of src, malloc'd. */
static char *src_line(const char *src, int line)
{
    const char *p = src;
    for (int l = 1; l < line && *p; p++) if (*p == '\n') l++;
    const char *e = strchr(p, '\n');
    return strndup(p, e ? (size_t)(e - p) : strlen(p));
}

/* CRuby 3.4's message: "NAME:LINE: syntax error found", the line, a caret
 * of `width` under the column, and the reason. */
static char *syntax_message(const char *name, const char *src, int line, int col, int width, const char *why)
{
    char *l = src_line(src, line);
    buf b = {0};
    bputf(&b, "%s:%d: syntax error found\n> %d | %s\n", name, line, line, l);
    int pad = snprintf(NULL, 0, "%d", line);
    bputf(&b, "%*s |", pad + 2, "");
    bputf(&b, " %*s^", col > 1 ? col - 1 : 0, "");
    for (int i = 1; i < width; i++) bputs(&b, "~");
    bputf(&b, " %s", why);
    free(l);
    return b.p;
}

/* Locals visible at s (its own and those of enclosing blocks). */
static int visible_locals(rs_scope *s, const char ***out)
{
    int n = 0, cap = 16;
    const char **v = malloc((size_t)cap * sizeof *v);
    for (rs_scope *t = s; t; t = t->parent) {
        for (int i = 0; i < t->nvars; i++) {
            const char *nm = t->vars[i].name;
            if (nm[0] == '%') continue;
            if (n == cap) { cap *= 2; v = realloc(v, (size_t)cap * sizeof *v); }
            v[n++] = nm;
        }
        if (!rs_is_block(t)) break;
    }
    *out = v;
    return n;
}

/* ---------------------------------------------------------------- */
/* ruby2_keywords and block_given? aliases, known from literal calls    */

static void push_ptr(const void ***v, int *n, const void *p)
{
    *v = realloc(*v, (size_t)(*n + 1) * sizeof **v);
    (*v)[(*n)++] = p;
}

/* `ruby2_keywords def m(*a)`, `ruby2_keywords :m`, `lambda { |*a| }.ruby2_keywords`,
 * `alias_method :x, :block_given?` */
static void note_compat_call(const sp_node *n)
{
    if (!n->name) return;
    if (!strcmp(n->name, "ruby2_keywords")) {
        if (n->a && n->list.n == 0 && n->a->kind == N_CALL && n->a->b) push_ptr((const void ***)&ce->r2k_nodes, &ce->nr2k_nodes, n->a->b);
        for (int i = 0; i < n->list.n; i++) {
            const sp_node *a = n->list.v[i];
            if (a->kind == N_DEF) push_ptr((const void ***)&ce->r2k_nodes, &ce->nr2k_nodes, a);
            else if (a->kind == N_SYM && a->name) push_ptr((const void ***)&ce->r2k_names, &ce->nr2k_names, a->name);
        }
    } else if ((!strcmp(n->name, "alias_method") && n->list.n == 2 && n->list.v[0]->kind == N_SYM &&
                n->list.v[1]->kind == N_SYM && n->list.v[1]->name && !strcmp(n->list.v[1]->name, "block_given?"))) {
        push_ptr((const void ***)&ce->bg_alias, &ce->nbg_alias, n->list.v[0]->name);
    }
}

int ce_r2k(const sp_node *n)
{
    if (!n) return 0;
    for (int i = 0; i < ce->nr2k_nodes; i++) if (ce->r2k_nodes[i] == n) return 1;
    if (n->kind == N_DEF && n->name)
        for (int i = 0; i < ce->nr2k_names; i++) if (!strcmp(ce->r2k_names[i], n->name)) return 1;
    return 0;
}

int ce_block_given_alias(const sp_node *n)
{
    if (n->kind != N_CALL || n->a || n->list.n || n->b || !n->name) return 0;
    for (int i = 0; i < ce->nbg_alias; i++) if (!strcmp(ce->bg_alias[i], n->name)) return 1;
    return 0;
}

/* `module_eval("def #{name}(PARAMS) BODY end")` (fileutils, delegate-style
 * method generators): the only run-time part is the method's name, so it
 * compiles to `define_method(name) { |PARAMS| BODY }` (super inside finds
 * the method by its run-time name, as in the string form). */
static int def_template(sp_node *n, rs_scope *s, void (*walk)(sp_node *, rs_scope *, int))
{
    if (!n->name || (strcmp(n->name, "module_eval") && strcmp(n->name, "class_eval"))) return 0;
    sp_node *d = n->list.v[0];
    if (d->kind != N_DSTR || d->list.n != 3 || d->list.v[0]->kind != N_STR || d->list.v[1]->kind != N_EVSTR ||
        d->list.v[2]->kind != N_STR)
        return 0;
    const sp_node *pre = d->list.v[0];
    size_t i = 0;
    while (i < pre->len && (pre->str[i] == ' ' || pre->str[i] == '\t' || pre->str[i] == '\n')) i++;
    if (pre->len - i != 4 || strncmp(pre->str + i, "def ", 4)) return 0;
    const sp_node *rest = d->list.v[2];
    char *code = malloc(rest->len + 32);
    memcpy(code, "def __spinel_template", 21);
    memcpy(code + 21, rest->str, rest->len);
    code[21 + rest->len] = 0;
    char name[1024];
    snprintf(name, sizeof name, "(eval at %s:%d)", s->file, n->line);
    sp_diag_set_stream(NULL);
    sp_ast *ast = sp_parse(strdup(name), code, strlen(code));
    sp_diag_set_stream(stderr);
    if (!ast || ast->root->list.n != 1 || ast->root->list.v[0]->kind != N_DEF || ast->root->list.v[0]->a) return 0;
    sp_node *def = ast->root->list.v[0];
    ce_eval *e = ce_add(n);
    e->name = strdup(name);
    rs_register_src(e->name, code);
    sp_node *blk = ast_node(ast->arena, N_BLOCK, n->line, n->col);
    blk->c = def->c;
    blk->body = def->body;
    sp_node *call = ast_node(ast->arena, N_CALL, n->line, n->col);
    *call = *n;
    call->name = "define_method";
    memset(&call->list, 0, sizeof call->list);
    ast_push(ast->arena, &call->list, d->list.v[1]->a);
    call->b = blk;
    e->code = call;
    walk(n->a, s, 0);
    walk(d->list.v[1]->a, s, 0);
    walk(blk, s, 0);
    return 1;
}

/* MSpec's `evaluate <<-ruby, desc do ... end` defines an example that runs
 * instance_eval(STR) and then the block on a SpecEvaluate.  The runner
 * (spec/mspec, which defines SpecEvaluate) gets, for a STR known at compile
 * time, `__spinel_evaluate(STR, desc) { CODE; BODY }`: the code compiled in
 * front of the block's body, which its SpecEvaluate#define instance_evals
 * (a def in CODE defines a singleton method of the evaluator, as in MSpec).
 * Any other `evaluate` stays an ordinary call. */
void ce_note_class(const sp_node *n)
{
    if (n->kind == N_CLASS && n->a && n->a->kind == N_CONST && !n->a->a && n->a->name &&
        !strcmp(n->a->name, "SpecEvaluate"))
        ce->spec_evaluate = 1;
}

static int spec_evaluate(sp_node *n, rs_scope *s, void (*walk)(sp_node *, rs_scope *, int))
{
    if (!ce->spec_evaluate || n->a || !n->name || strcmp(n->name, "evaluate") || !n->b ||
        n->b->kind != N_BLOCK || n->b->c || n->list.n < 1 || n->list.n > 2)
        return 0;
    char *code = lp_fold_string(n->list.v[0], s->file);
    if (!code) return 0;
    char name[1024];
    snprintf(name, sizeof name, "(eval at %s:%d)", s->file, n->line);
    sp_diag_set_stream(NULL);
    sp_ast *ast = sp_parse_locals(strdup(name), code, strlen(code), NULL, 0);
    sp_diag_set_stream(stderr);
    if (!ast) return 0;     /* the runner's evaluate reports it when it runs */
    ce_eval *e = ce_add(n);
    e->name = strdup(name);
    rs_register_src(e->name, code);
    sp_node *body = ast_node(ast->arena, N_STMTS, n->line, n->col);
    ast_push(ast->arena, &body->list, ast->root);
    if (n->b->body) ast_push(ast->arena, &body->list, n->b->body);
    sp_node *blk = ast_node(ast->arena, N_BLOCK, n->b->line, n->b->col);
    *blk = *n->b;
    blk->body = body;
    sp_node *call = ast_node(ast->arena, N_CALL, n->line, n->col);
    *call = *n;
    call->name = "__spinel_evaluate";
    call->b = blk;
    e->code = call;
    for (int i = 0; i < n->list.n; i++) walk(n->list.v[i], s, 0);
    walk(blk, s, 0);
    return 1;
}

/* A local's uses in the tree of its scope (blocks included, nested
 * def/class bodies not): assignments, other reads, and the assignment. */
typedef struct local_uses { const char *name; int writes, reads; const sp_node *asgn; } local_uses;

static void scan_local(const sp_node *n, local_uses *u, int root)
{
    if (!n) return;
    if (!root && (n->kind == N_DEF || n->kind == N_CLASS || n->kind == N_MODULE || n->kind == N_SCLASS)) return;
    if (n->kind == N_LASGN && n->name && !strcmp(n->name, u->name)) { u->writes++; u->asgn = n; }
    if (n->kind == N_LVAR && n->name && !strcmp(n->name, u->name)) u->reads++;
    if (n->kind == N_CALL && is_str_eval(n) && n->list.v[0]->kind == N_LVAR && n->list.v[0]->name &&
        !strcmp(n->list.v[0]->name, u->name))
        u->reads--;     /* the eval's own argument */
    scan_local(n->a, u, 0); scan_local(n->b, u, 0); scan_local(n->c, u, 0); scan_local(n->d, u, 0);
    scan_local(n->body, u, 0);
    for (int i = 0; i < n->list.n; i++) scan_local(n->list.v[i], u, 0);
    for (int i = 0; i < n->list2.n; i++) scan_local(n->list2.v[i], u, 0);
}

/* eval(code) where the local `code` is assigned once, before, from a
 * string known at compile time (`code = <<~RUBY ... RUBY`) and is read
 * only as the argument of string evals: that string, malloc'd; else NULL. */
static char *fold_local(const sp_node *arg, rs_scope *s)
{
    if (arg->kind != N_LVAR || !arg->name) return NULL;
    rs_scope *owner = s;
    while (owner && !rs_find_local(owner, arg->name) && rs_is_block(owner)) owner = owner->parent;
    if (!owner || !owner->node || !rs_find_local(owner, arg->name)) return NULL;
    local_uses u = { arg->name, 0, 0, NULL };
    scan_local(owner->node, &u, 1);
    if (u.writes != 1 || u.reads != 0 || !u.asgn->a || u.asgn->line > arg->line) return NULL;
    return lp_fold_string(u.asgn->a, s->file);
}

/* ---------------------------------------------------------------- */
/* ERB templates known at compile time                                */

/* `ERB.new(STR [, trim_mode: "-"])` with STR folding to a constant:
 * the template and trim mode (malloc'd), or 0. */
static int erb_new_args(const sp_node *r, const char *file, char **tmpl, char **mode)
{
    if (!r || r->kind != N_CALL || !r->name || strcmp(r->name, "new") || r->b || !r->a ||
        r->a->kind != N_CONST || r->a->a || !r->a->name || strcmp(r->a->name, "ERB") ||
        r->list.n < 1 || r->list.n > 2)
        return 0;
    char *m = NULL;
    if (r->list.n == 2) {
        const sp_node *h = r->list.v[1];
        if (h->kind != N_HASH || !(h->flags & NF_KWARGS) || h->list.n != 1) return 0;
        const sp_node *pr = h->list.v[0];
        if (pr->kind != N_PAIR || pr->a->kind != N_SYM || strcmp(pr->a->name, "trim_mode")) return 0;
        if (pr->b->kind == N_STR) {
            m = strndup(pr->b->str ? pr->b->str : "", pr->b->len);
            if (strspn(m, "-<>%") != strlen(m)) { free(m); return 0; }
        } else if (pr->b->kind != N_NIL) return 0;
    }
    char *t = lp_fold_string(r->list.v[0], file);
    if (!t) { free(m); return 0; }
    *tmpl = t;
    *mode = m;
    return 1;
}

/* `tpl = ERB.new(...)` remembered for `tpl.result(binding)`; any other
 * assignment to the local forgets it. */
void ce_note_lasgn(const sp_node *n, rs_scope *s)
{
    rs_scope *home = rs_home(s);
    char *t, *m;
    int is_erb = n->a && erb_new_args(n->a, s->file, &t, &m);
    if (is_erb) { free(t); free(m); }
    for (int i = 0; i < ce->nerb_vars; i++) {
        if (ce->erb_vars[i].home == home && !strcmp(ce->erb_vars[i].name, n->name)) {
            ce->erb_vars[i].new_call = is_erb ? n->a : NULL;
            return;
        }
    }
    if (!is_erb) return;
    ce->erb_vars = realloc(ce->erb_vars, (size_t)(ce->nerb_vars + 1) * sizeof *ce->erb_vars);
    ce->erb_vars[ce->nerb_vars++] = (erb_var){ home, n->name, n->a };
}

/* The Ruby code ERB compiles the template to, from the installed Ruby's
 * erb (the same compiler CRuby runs): malloc'd, or NULL. */
static char *erb_source(const char *tmpl, const char *mode)
{
    char path[] = "/tmp/spinel-erb-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) return NULL;
    size_t len = strlen(tmpl);
    int ok = write(fd, tmpl, len) == (ssize_t)len;
    close(fd);
    char *out = NULL;
    if (ok) {
        const char *ruby = getenv("SPINEL_RUBY");
        if (!ruby || !*ruby) ruby = "ruby";
        char cmd[4096];
        snprintf(cmd, sizeof cmd,
                 "'%s' -rerb -e 'print ERB.new(File.read(ARGV[0]), trim_mode: ARGV[1]).src' '%s' %s%s%s "
                 "2>/dev/null </dev/null", ruby, path, mode ? "'" : "", mode ? mode : "", mode ? "'" : "");
        FILE *p = popen(cmd, "r");
        if (p) {
            buf b = {0};
            char chunk[4096];
            size_t k;
            while ((k = fread(chunk, 1, sizeof chunk - 1, p)) > 0) { chunk[k] = 0; bputs(&b, chunk); }
            if (pclose(p) == 0 && b.p) out = b.p;
            else free(b.p);
        }
    }
    unlink(path);
    return out;
}

/* `ERB.new(STR, trim_mode: M).result(binding)` (or through a local that
 * holds it) with STR known at compile time: compiled as eval of the Ruby
 * code ERB makes of the template, in the caller's scope, as CRuby's
 * result(binding) evaluates it.  `result_with_hash(k: v, ...)` with a
 * literal hash compiles to `->(k, ...) { CODE }.call(v, ...)`: the
 * template sees only the hash's keys, as CRuby's new top-level binding. */
static int erb_result(sp_node *n, rs_scope *s, void (*walk)(sp_node *, rs_scope *, int))
{
    if (n->kind != N_CALL || !n->name || n->b || n->list.n != 1 || !n->a) return 0;
    int with_hash = !strcmp(n->name, "result_with_hash");
    if (!with_hash && strcmp(n->name, "result")) return 0;
    const sp_node *arg = n->list.v[0];
    if (with_hash) {
        if (arg->kind != N_HASH) return 0;
        for (int i = 0; i < arg->list.n; i++)
            if (arg->list.v[i]->kind != N_PAIR || arg->list.v[i]->a->kind != N_SYM) return 0;
    } else if (arg->kind != N_CALL || arg->a || !arg->name || strcmp(arg->name, "binding") || arg->list.n || arg->b)
        return 0;
    const sp_node *r = n->a;
    if (r->kind == N_LVAR) {
        rs_scope *home = rs_home(s);
        r = NULL;
        for (int i = 0; i < ce->nerb_vars; i++)
            if (ce->erb_vars[i].home == home && !strcmp(ce->erb_vars[i].name, n->a->name)) r = ce->erb_vars[i].new_call;
    }
    char *tmpl, *mode;
    if (!erb_new_args(r, s->file, &tmpl, &mode)) return 0;
    char *src = erb_source(tmpl, mode);
    free(tmpl); free(mode);
    if (!src) return 0;
    ce_eval *e = ce_add(n);
    char name[1024];
    snprintf(name, sizeof name, "(erb at %s:%d)", s->file, n->line);
    e->name = strdup(name);
    char *code = src;
    if (with_hash) {
        buf b = {0};
        bputs(&b, "->(");
        for (int i = 0; i < arg->list.n; i++) bputf(&b, "%s%s", i ? ", " : "", arg->list.v[i]->a->name);
        bputf(&b, ") {\n%s\n}", src);
        free(src);
        code = b.p;
    }
    const char **locals = NULL;
    int nl = with_hash ? 0 : visible_locals(s, &locals);
    sp_diag_set_stream(NULL);
    sp_ast *ast = sp_parse_locals(e->name, code, strlen(code), locals, nl);
    sp_diag_set_stream(stderr);
    free(locals);
    if (!ast) { e->syntax_error = strdup("the ERB template's code does not parse"); return 1; }
    rs_register_src(e->name, code);
    if (!with_hash) {
        e->code = ast->root;
        walk(ast->root, s, 0);
        return 1;
    }
    sp_node *lam = ast->root;
    while (lam && lam->kind == N_STMTS && lam->list.n == 1) lam = lam->list.v[0];
    if (!lam || lam->kind != N_LAMBDA) { e->syntax_error = strdup("the ERB template's code does not parse"); return 1; }
    sp_node *call = ast_node(ast->arena, N_CALL, n->line, n->col);
    call->a = lam;
    call->name = "call";
    for (int i = 0; i < arg->list.n; i++) ast_push(ast->arena, &call->list, arg->list.v[i]->b);
    e->code = call;
    walk(call, s, 0);
    return 1;
}

/* A `binding` call, or a local of s itself assigned once, from a
 * `binding` call: an expression whose value is s's own Binding. */
static int own_binding(const sp_node *b, rs_scope *s)
{
    if (b->kind == N_CALL) return !b->a && b->name && !strcmp(b->name, "binding") && !b->list.n && !b->b;
    if (b->kind != N_LVAR || !b->name || !rs_find_local(s, b->name) || !s->node) return 0;
    local_uses u = { b->name, 0, 0, NULL };
    scan_local(s->node, &u, 1);
    return u.writes == 1 && u.asgn->a && u.asgn->line <= b->line && own_binding(u.asgn->a, s) &&
           u.asgn->a->kind == N_CALL;
}

/* BIND.eval(STR [, file [, line]]) and eval(STR, BIND [, file [, line]])
 * where BIND is the caller's own binding (own_binding): eval(STR). */
static int binding_eval(const sp_node *n, rs_scope *s)
{
    if (n->kind != N_CALL || !n->name || strcmp(n->name, "eval") || n->b || n->list.n < 1) return 0;
    int first_extra;
    if (n->a) {
        if (n->list.n > 3 || !own_binding(n->a, s)) return 0;
        first_extra = 1;
    } else {
        if (n->list.n < 2 || n->list.n > 4 || !own_binding(n->list.v[1], s)) return 0;
        first_extra = 2;
    }
    for (int i = first_extra; i < n->list.n; i++) if (!is_pure_literal(n->list.v[i])) return 0;
    return 1;
}

int ce_resolve_call(sp_node *n, rs_scope *s, void (*walk)(sp_node *, rs_scope *, int))
{
    if (n->kind == N_CALL) note_compat_call(n);
    if (erb_result(n, s, walk)) return 1;
    if (n->kind == N_CALL && spec_evaluate(n, s, walk)) return 1;
    int beval = binding_eval(n, s);
    if (n->kind != N_CALL || !(beval || is_str_eval(n))) return 0;
    char *code = lp_fold_string(n->list.v[0], s->file);
    if (!code) code = fold_local(n->list.v[0], s);
    if (!code) return beval ? 0 : def_template(n, s, walk);
    ce_eval *e = ce_add(n);
    char name[1024];
    snprintf(name, sizeof name, "(eval at %s:%d)", s->file, n->line);
    e->name = strdup(name);
    note_eval_location(e, n, n->a ? 1 : 2);
    const char **locals;
    int nl = visible_locals(s, &locals);
    sp_diag_set_stream(NULL);
    sp_ast *ast = sp_parse_locals(e->name, code, strlen(code), locals, nl);
    sp_diag_set_stream(stderr);
    free(locals);
    if (!ast) {
        /* "PATH:LINE:COL: error: WHY" */
        const char *d = sp_diag_last();
        int line = 1, col = 1;
        const char *p = d + strlen(e->name);
        if (*p == ':') sscanf(p, ":%d:%d:", &line, &col);
        const char *why = strstr(d, "error: ");
        char *w = why ? strndup(why + 7, strcspn(why + 7, "\n")) : strdup("syntax error");
        e->syntax_error = syntax_message(e->name, code, line, col, 1, w);
        free(w);
        return 1;
    }
    rs_register_src(e->name, code);
    e->nwarns = pw_collect(ast->root, &e->warns);
    if (beval || (!n->a && !strcmp(n->name, "eval"))) {
        e->code = ast->root;
        walk(ast->root, s, 0);
        return 1;
    }
    /* recv.instance_eval(STR) -> recv.instance_eval { STR } */
    sp_node *blk = ast_node(ast->arena, N_BLOCK, n->line, n->col);
    blk->body = ast->root;
    sp_node *call = ast_node(ast->arena, N_CALL, n->line, n->col);
    *call = *n;
    memset(&call->list, 0, sizeof call->list);
    call->b = blk;
    e->code = call;
    walk(n->a, s, 0);
    walk(blk, s, 0);
    return 1;
}

/* ---------------------------------------------------------------- */
/* emission                                                           */

static const char *cstr(const char *s)
{
    buf b = {0};
    bput_cstr(&b, s, strlen(s));
    return b.p;
}

/* While the code of an eval is emitted, an emitter error becomes the
 * eval's SyntaxError instead of failing the program. */
int ce_capture_error(const sp_node *n, const char *msg)
{
    if (!ce || !ce->capturing) return 0;
    if (!ce->captured) {
        const char *kw = !strcmp(msg, "Invalid break") ? "break" : !strcmp(msg, "Invalid next") ? "next" :
                         !strcmp(msg, "Invalid redo") ? "redo" : !strcmp(msg, "Invalid retry") ? "retry" :
                         !strcmp(msg, "Invalid yield") ? "yield" : "";
        const char *src = rs_source_of(ce->capturing->name);
        ce->captured = syntax_message(ce->capturing->name, src ? src : "", n ? n->line : 1, n ? n->col : 1,
                                    *kw ? (int)strlen(kw) : 1, msg);
    }
    return 1;
}

static const char *raise_syntax(fnctx *f, const sp_node *n, const char *msg)
{
    set_line(f, n->line);
    E(f, "sp_raise(sp_const_get(sp_cObject, sp_intern(\"SyntaxError\")), \"%%s\", %s);", cstr(msg));
    return "SP_NIL";
}

const char *ce_emit_call(fnctx *f, sp_node *n)
{
    ce_eval *e = ce_of(n);
    if (!e) return NULL;
    if (!n->a && program_defines_eval()) return NULL;    /* the program's own eval */
    if (e->syntax_error) return raise_syntax(f, n, e->syntax_error);
    size_t mark = f->body.n;
    ce_eval *outer = ce->capturing;
    char *outer_msg = ce->captured;
    ce->capturing = e;
    ce->captured = NULL;
    for (int i = 0; i < e->nwarns; i++)   /* CRuby parses the string, and warns, when the eval runs */
        E(f, "sp_warn_parse(%s, %d, %d, %s);", cstr(e->name), e->warns[i].line, e->warns[i].verbose,
          cstr(e->warns[i].msg));
    const char *v = ex(f, e->code);
    char *err = ce->captured;
    ce->capturing = outer;
    ce->captured = outer_msg;
    if (err) {
        f->body.n = mark;           /* drop the code emitted for it */
        if (f->body.p) f->body.p[mark] = 0;
        return raise_syntax(f, n, err);
    }
    return v;
}

const char *emit_unsupported(fnctx *f, const sp_node *n, const char *what)
{
    if (lp_strict(emit_lp())) lp_warn(emit_lp(), f->file, n, "%s is not supported", what);
    else lp_warn(emit_lp(), f->file, n, "%s is not supported; it raises NotImplementedError when it runs", what);
    if (lp_strict(emit_lp())) emit_count_error();
    set_line(f, n->line);
    E(f, "sp_raise(sp_eNotImpError, \"%%s\", %s);",
      cstr(S("%s is not supported by Spinel (%s:%d)", what, f->file, n->line)));
    return "SP_NIL";
}

/* eval/instance_eval of a string known only at run time: the run time
 * evaluates the one form that needs no compiler — an instance-variable
 * name (pp.rb's `obj.instance_eval("@x")`) — and raises
 * NotImplementedError for anything else (sp_eval_dynamic). */
const char *emit_dyn_eval(fnctx *f, sp_node *n, const char *what)
{
    if (lp_strict(emit_lp())) { lp_warn(emit_lp(), f->file, n, "%s is not supported", what); emit_count_error(); }
    else lp_warn(emit_lp(), f->file, n, "%s is not supported; it raises NotImplementedError when it runs "
                 "(unless the string is an instance variable name)", what);
    const char *recv = n->a ? ex(f, n->a) : self_of(f);
    const char *str = ex(f, n->list.v[0]);
    const char *t = tmp(f);
    set_line(f, n->line);
    E(f, "%s = sp_eval_dynamic(%s, %s, %s);", t, recv, str,
      cstr(S("%s is not supported by Spinel (%s:%d)", what, f->file, n->line)));
    return t;
}

/* `binding`: the static table of the locals visible here (innermost
 * scope first, each name once: an inner one shadows an outer one), and
 * a Binding of self and this function's env (sp_binding.c). */
const char *emit_binding(fnctx *f, const sp_node *n, const char *file)
{
    buf vars = {0};
    int k = 0;
    for (rs_scope *t = f->sc; t; t = t->parent) {
        for (int i = 0; i < t->nvars; i++) {
            rs_var *v = &t->vars[i];
            rs_scope *owner = NULL;
            if (!v->captured || !rs_binding_visible(t, v) || !rs_lookup(f->sc, v->name, &owner) || owner != t)
                continue;
            bputf(&vars, "%s{ %s, %d, %d }", k ? ", " : "", cstr(v->name), rs_env_hops(f->sc, t), v->slot);
            k++;
        }
        if (!rs_is_block(t)) break;
    }
    int line = n->line;
    if (ce && ce->capturing && ce->capturing->bfile) {     /* in an eval's code: CRuby names the eval */
        if (!file) file = ce->capturing->bfile;
        line += ce->capturing->bline - 1;
    }
    int id = decl_next();
    if (k) decl_static(S("static const sp_binding_var spg_bindv%d[] = { %s };\n", id, vars.p));
    decl_static(S("static const sp_binding_info spg_bind%d = { %s, %d, %d, %s };\n", id, cstr(file ? file : f->file), line, k,
                  k ? S("spg_bindv%d", id) : "NULL"));
    free(vars.p);
    const char *t = tmp(f);
    E(f, "%s = sp_binding_new(self, cenv, &spg_bind%d);", t, id);
    return t;
}

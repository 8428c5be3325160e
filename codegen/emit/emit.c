/*
 * emit.c — program-level emission: output buffers, the symbol and call-site
 * tables, one C function per scope (top level, files, class bodies,
 * methods, blocks) with its prologue, parameter binding and epilogue.
 *
 * Output layout of the generated translation unit:
 *   includes; static tables (spg_id/spg_sym symbols, spg_cs call sites,
 *   spg_cc constant caches, crefs, srcinfos, literal caches); prototypes;
 *   function bodies; spg_init() filling the tables; main().
 * Tables are sized after the whole program has been emitted.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit.h"
#include "emit_int.h"
#include "typed_entry.h"
#include "ceval.h"
#include "loadpath.h"

/* ---------------------------------------------------------------- */
/* the emitter's state                                                */

typedef struct symrec { char *name; size_t len; } symrec;
typedef struct donefn { sp_node *n; const char *name; } donefn;
/* a def of the program (collect_defs): key = lexical class path ("" top
 * level, ".<s>" appended for singleton defs) */
typedef struct defrec {
    const char *key; const char *name; int id; sp_node *n;
    int want;                        /* referenced by a direct call */
} defrec;

/* Everything the emit pass builds for one compilation.  sp_emit_program
 * allocates it, points `es` at it for the pass (the emitter is not
 * reentrant) and frees it at the pass's end (emit_state_free). */
typedef struct emit_state {
    int errors;                      /* cerror() calls */
    /* output sections, written out in this order by sp_emit_program */
    buf decl, fns, init, sites, crefdecl, crefs;
    symrec *syms; int nsyms, capsyms;            /* spg_id / spg_sym */
    int ncs, ncc, nsites, nic;                   /* spg_cs, spg_cc, site rows, spg_ic */
    const char *cur_file;                        /* the main program */
    const char **files; int nfiles, capfiles;    /* source files, by file index */
    const char *emit_file;                       /* file of the function being emitted */
    /* error_highlight extras for the next callsite(): the argument span
     * (line, 0-based start, end) and the locals in scope (did_you_mean) */
    int aline, acol, aend, adym;
    buf dym; int ndym;
    donefn *done; int ndone, capdone;            /* compiled blocks and defs */
    defrec *defs; int ndefs, capdefs;            /* the program's defs (direct calls) */
    /* set when the program defines a method named eval: then `eval(x)` is
     * its call, not Kernel#eval of a string (which is rejected) */
    int defines_eval;
    int defines_local_variables;
    /* the analysis pass's facts (sema/typed.c): typed loops and the
     * names declared with attr_* (calls of these names get the inline
     * attribute path, sp_vm_attr_get/set, which falls back to sp_send
     * whenever the receiver's method is not that attribute) */
    const ty_result *ty;
    lp_state *lp;                                /* the load path, --strict (main's) */
    emit_expr_state ex;                          /* emit_expr.c's */
    int nlit;                                    /* spg_litN */
    int nlit_lazy;                               /* spg_lazyN (lit_lazy) */
    int ndecl;                                   /* decl_static's numbers */
    int defines_binding;                         /* the program defines `binding` */
    char **litkeys; int nlitkeys, caplitkeys;    /* frozen literals: "N\x01init" */
} emit_state;

static emit_state *es;

/* A double as a C expression: hex-float, or the infinity a literal past
 * DBL_MAX (1e1020) reads as ("%a" would print "inf"). */
const char *c_double(double d)
{
    if (d != d) return "__builtin_nan(\"\")";
    if (d > 1.7976931348623157e308) return "__builtin_inf()";
    if (d < -1.7976931348623157e308) return "(-__builtin_inf())";
    return S("%a", d);
}

int program_defines_eval(void) { return es->defines_eval; }
int program_defines_local_variables(void) { return es->defines_local_variables; }
int program_defines_binding(void) { return es->defines_binding; }
void emit_count_error(void) { es->errors++; }
lp_state *emit_lp(void) { return es->lp; }
emit_expr_state *emit_ex(void) { return &es->ex; }

/* ---------------------------------------------------------------- */
/* buffers                                                            */

static void bgrow(buf *b, size_t need)
{
    if (b->n + need + 1 <= b->cap) return;
    size_t nc = b->cap ? b->cap * 2 : 4096;
    while (nc < b->n + need + 1) nc *= 2;
    b->p = realloc(b->p, nc);
    b->cap = nc;
}

void bputs(buf *b, const char *s)
{
    size_t l = strlen(s);
    bgrow(b, l);
    memcpy(b->p + b->n, s, l + 1);
    b->n += l;
}

void bputf(buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int l = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    bgrow(b, (size_t)l);
    va_start(ap, fmt);
    vsnprintf(b->p + b->n, (size_t)l + 1, fmt, ap);
    va_end(ap);
    b->n += (size_t)l;
}

void bput_cstr(buf *b, const char *s, size_t len)
{
    bputs(b, "\"");
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') bputf(b, "\\%c", c);
        else if (c == '?') bputs(b, "\\?");
        else if (c >= 32 && c < 127) { char t[2] = { (char)c, 0 }; bputs(b, t); }
        else bputf(b, "\\%03o", c);
    }
    bputs(b, "\"");
}

char *S(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int l = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *p = malloc((size_t)l + 1);
    va_start(ap, fmt);
    vsnprintf(p, (size_t)l + 1, fmt, ap);
    va_end(ap);
    return p;
}

/* ---------------------------------------------------------------- */
/* global tables                                                      */



int sym_id(const char *name, size_t len)
{
    for (int i = 0; i < es->nsyms; i++)
        if (es->syms[i].len == len && !memcmp(es->syms[i].name, name, len)) return i;
    if (es->nsyms == es->capsyms) {
        es->capsyms = es->capsyms ? es->capsyms * 2 : 256;
        es->syms = realloc(es->syms, (size_t)es->capsyms * sizeof *es->syms);
    }
    es->syms[es->nsyms].name = malloc(len + 1);
    memcpy(es->syms[es->nsyms].name, name, len);
    es->syms[es->nsyms].name[len] = 0;
    es->syms[es->nsyms].len = len;
    return es->nsyms++;
}

static int file_id(const char *file)
{
    for (int i = 0; i < es->nfiles; i++) if (!strcmp(es->files[i], file)) return i;
    if (es->nfiles == es->capfiles) {
        es->capfiles = es->capfiles ? es->capfiles * 2 : 16;
        es->files = realloc(es->files, (size_t)es->capfiles * sizeof *es->files);
    }
    es->files[es->nfiles++] = file;
    return es->nfiles - 1;
}

static void node_end(const sp_node *n, int line, int *end)
{
    if (!n) return;
    if (n->line == line && n->end_col - 1 > *end) *end = n->end_col - 1;
    node_end(n->a, line, end); node_end(n->b, line, end); node_end(n->c, line, end);
    node_end(n->d, line, end); node_end(n->body, line, end);
    for (int i = 0; i < n->list.n; i++) node_end(n->list.v[i], line, end);
    for (int i = 0; i < n->list2.n; i++) node_end(n->list2.v[i], line, end);
}

static int node_maxline(const sp_node *n)
{
    if (!n) return 0;
    int m = n->line, k;
    const sp_node *ch[5] = { n->a, n->b, n->c, n->d, n->body };
    for (int i = 0; i < 5; i++) if ((k = node_maxline(ch[i])) > m) m = k;
    for (int i = 0; i < n->list.n; i++) if ((k = node_maxline(n->list.v[i])) > m) m = k;
    for (int i = 0; i < n->list2.n; i++) if ((k = node_maxline(n->list2.v[i])) > m) m = k;
    return m;
}

/* Arguments of the next call site, for error_highlight on TypeError/
 * ArgumentError (CRuby highlights them when they sit on one line).  The
 * AST keeps only first-token positions, so the end is the furthest token
 * of the last argument plus the closers of brackets it left open. */
void site_args(sp_nodes *args)
{
    es->aline = 0;
    int n = args->n;
    while (n > 0 && args->v[n - 1]->kind == N_BLOCK_PASS) n--;
    if (n == 0) return;
    sp_node *first = args->v[0];
    int line = first->line;
    for (int i = 0; i < n; i++) if (node_maxline(args->v[i]) != line) return;
    int end = -1;
    for (int i = 0; i < n; i++) node_end(args->v[i], line, &end);
    int start = first->col - 1;
    const char *src = rs_source_of(es->emit_file ? es->emit_file : es->cur_file);
    if (!src || start < 0 || end <= start) return;
    const char *s = src;
    for (int l = 1; l < line && *s; s++) if (*s == '\n') l++;
    const char *eol = strchr(s, '\n');
    int llen = eol ? (int)(eol - s) : (int)strlen(s);
    if (end > llen) return;
    int depth = 0;
    char q = 0;
    for (int i = start; i < end; i++) {
        char c = s[i];
        if (q) { if (c == '\\') i++; else if (c == q) q = 0; continue; }
        if (c == '"' || c == '\'') q = c;
        else if (c == '(' || c == '[' || c == '{') depth++;
        else if (c == ')' || c == ']' || c == '}') depth--;
    }
    while (depth > 0 && end < llen) {
        char c = s[end];
        if (c == ')' || c == ']' || c == '}') depth--;
        else if (c != ' ') break;
        end++;
    }
    if (depth != 0 || q) return;
    es->aline = line; es->acol = start; es->aend = end;
}

/* Local variable names visible at the next (vcall) site, innermost first. */
void site_locals(rs_scope *sc)
{
    buf b = {0};
    bputs(&b, "");
    for (rs_scope *s = sc; s; s = s->parent) {
        for (int i = 0; i < s->nvars; i++) {
            const char *nm = s->vars[i].name;
            if (!nm || nm[0] == '%' || (nm[0] == '_' && nm[1] >= '1' && nm[1] <= '9' && !nm[2])) continue;
            bputf(&b, "%s%s", b.n ? " " : "", nm);
        }
        if (!rs_is_block(s)) break;
    }
    if (!b.n) { free(b.p); return; }
    bputs(&es->dym, "    ");
    bput_cstr(&es->dym, b.p, b.n);
    bputs(&es->dym, ",\n");
    free(b.p);
    es->adym = es->ndym++;
}

static void site_row(const char *name, int line, int col, int end_col)
{
    int s = sym_idc(name);
    bputf(&es->sites, "%d, %d, %d, %d, %d, %d, %d, %d, %d,\n", file_id(es->emit_file ? es->emit_file : es->cur_file),
          line, col, end_col, s, es->aline, es->acol, es->aend, es->adym);
    es->nsites++;
    es->aline = 0;
    es->adym = -1;
}

/* error_highlight position of a constant reference (not a call site). */
void site_note(const char *name, int line, int col, int end_col)
{
    es->aline = 0;
    es->adym = -1;
    site_row(name, line, col, end_col);
}

int callsite(const char *name, int flags, int line, int col, int end_col)
{
    int s = sym_idc(name);
    bputf(&es->init, "    spg_cs[%d].mid = spg_id[%d]; spg_cs[%d].flags = %d;\n", es->ncs, s, es->ncs, flags);
    site_row(name, line, col, end_col);
    return es->ncs++;
}

int ccache_new(void) { return es->ncc++; }
int ivcache_new(void) { return es->nic++; }

/* ---------------------------------------------------------------- */
/* function contexts                                                  */

void bput_line(buf *b, int indent, const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    for (int i = 0; i < indent; i++) bputs(b, "    ");
    int l = vsnprintf(NULL, 0, fmt, ap);
    bgrow(b, (size_t)l);
    vsnprintf(b->p + b->n, (size_t)l + 1, fmt, ap2);
    va_end(ap2);
    b->n += (size_t)l;
    bputs(b, "\n");
}

void E(fnctx *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bput_line(&f->body, f->indent + 1, fmt, ap);
    va_end(ap);
}

/* Grow a stack of n elements of size sz held in *v with capacity *cap so
 * that one more fits. */
static void stack_grow(void **v, int n, int *cap, size_t sz)
{
    if (n < *cap) return;
    *cap = *cap ? *cap * 2 : 16;
    *v = realloc(*v, (size_t)*cap * sz);
}

region *reg_push(fnctx *f)
{
    stack_grow((void **)&f->reg, f->nreg, &f->capreg, sizeof *f->reg);
    region *r = &f->reg[f->nreg++];
    memset(r, 0, sizeof *r);
    return r;
}

loopctx *loop_push(fnctx *f)
{
    stack_grow((void **)&f->loops, f->nloops, &f->caploops, sizeof *f->loops);
    loopctx *l = &f->loops[f->nloops++];
    memset(l, 0, sizeof *l);
    return l;
}

void retry_push(fnctx *f, int id, const char *err)
{
    stack_grow((void **)&f->retry, f->nretry, &f->capretry, sizeof *f->retry);
    f->retry[f->nretry++] = (retryctx){ id, f->nreg, err };
}

const char *tmp(fnctx *f)
{
    return S("t%d", ++f->ntemp);
}

int newlabel(fnctx *f) { return ++f->nlabel; }

void set_line(fnctx *f, int line)
{
    if (line > 0 && line != f->cur_line) {
        E(f, "%s.line = %d;", f->frvar ? f->frvar : "fr", line);
        f->cur_line = line;
    }
}

void cerror(fnctx *f, const sp_node *n, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (ce_capture_error(n, msg)) return;   /* code of an eval: its SyntaxError (ceval.c) */
    if (es->errors == 0) rs_error(f ? f->file : es->cur_file, n, "%s", msg);
    es->errors++;
}

/* SPINEL_DEFER_UNSUPPORTED=1 (the ruby/spec drivers set it): a regexp
 * literal PCRE2 rejects fails the expression that uses it, not the whole
 * program at start-up (lit_lazy).  Other constructs Spinel cannot compile
 * always become a NotImplementedError where they run (emit_unsupported,
 * ceval.c). */
int defer_unsupported(void)
{
    const char *d = getenv("SPINEL_DEFER_UNSUPPORTED");
    return d && !strcmp(d, "1");
}

static char *mangle(const char *name)
{
    buf b = {0};
    bputs(&b, "l_");
    for (const unsigned char *p = (const unsigned char *)name; *p; p++) {
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')) {
            char t[2] = { (char)*p, 0 };
            bputs(&b, t);
        } else if (*p == '_') bputs(&b, "_");
        else bputf(&b, "_%02x_", *p);
    }
    return b.p;
}

const char *var_ref(fnctx *f, const char *name)
{
    rs_scope *owner;
    rs_var *v = rs_lookup(f->sc, name, &owner);
    if (!v) {
        /* resolver missed it (should not happen): declare locally */
        rs_scope *s = f->sc;
        while (s->kind == SC_FOR) s = s->parent;
        if (s == f->sc) {
            if (s->nvars == s->cap) {
                s->cap = s->cap ? s->cap * 2 : 8;
                s->vars = realloc(s->vars, (size_t)s->cap * sizeof *s->vars);
            }
            memset(&s->vars[s->nvars], 0, sizeof s->vars[0]);
            s->vars[s->nvars++].name = name;
            return mangle(name);
        }
        cerror(f, NULL, "internal: unresolved local %s", name);
        return "SP_NIL";
    }
    if (!v->captured) return mangle(name);
    int hops = rs_env_hops(f->sc, owner);
    buf b = {0};
    bputs(&b, "cenv");
    for (int i = 0; i < hops; i++) {
        char *p = S("SP_VM_ENV_UP(%s)", b.p);
        free(b.p);
        b.p = p; b.n = strlen(p); b.cap = b.n + 1;
    }
    return S("SP_ENV(%s, %d)", b.p, v->slot);
}

const char *self_of(fnctx *f) { (void)f; return "self"; }

const char *blk_of(fnctx *f)
{
    if (rs_is_block(f->sc)) {
        if (rs_lookup(f->sc, "%blk", NULL)) return var_ref(f, "%blk");
        return "SP_NIL";
    }
    if (f->kind == SC_DEF) return "blk";
    return "SP_NIL";
}

const char *cref_of(fnctx *f)
{
    for (rs_scope *s = f->sc; s; s = s->parent)
        if (s->kind == SC_CLASS) return S("(&spg_cref_%d)", s->id);
    return "(&sp_vm_top_cref)";
}

const char *home_of(fnctx *f)
{
    rs_scope *sc = f->inl_host ? f->inl_host : f->sc;   /* the C function's own scope */
    if (sc->block_return && (f->kind == SC_DEF || f->kind == SC_LAMBDA || f->kind == SC_TOP || f->kind == SC_FILE))
        return "(void *)&fr";
    if (rs_is_block(sc)) return "bp->home";
    return "NULL";
}

/* The class a `def`, `alias` or `undef` inside a method or block defines
 * on: CRuby's cref. Statically that is the lexically enclosing class; but
 * when the enclosing method was itself defined where the class is known
 * only at run time (a plain `def` in a block, e.g. instance_exec'd, or in
 * another method), the cref is that method's owner, found from its C
 * function in self's ancestry. A `def obj.m` keeps the lexical cref. */
const char *definee_of(fnctx *f)
{
    switch (f->kind) {
    case SC_CLASS: return "self";
    case SC_TOP: case SC_FILE: return "sp_cObject";
    default: break;
    }
    rs_scope *h = rs_home(f->sc);
    const char *mid = "0", *fn = "NULL";
    if (h && h->kind == SC_DEF && !h->node->a && h->parent && h->parent->kind != SC_CLASS) {
        mid = S("spg_id[%d]", sym_idc(h->node->name));
        fn = S("spg_m%d", h->id);
    }
    return rs_is_block(f->sc) ? S("sp_vm_definee_b(bp, self, %s, %s, %s)", mid, fn, cref_of(f))
                              : S("sp_vm_definee(self, %s, %s, %s)", mid, fn, cref_of(f));
}

sp_node *def_node_of(fnctx *f)
{
    rs_scope *h = rs_home(f->sc);
    return h && h->kind == SC_DEF ? h->node : NULL;
}

const char *def_name_of(fnctx *f)
{
    sp_node *d = def_node_of(f);
    return d ? d->name : NULL;
}

const char *def_fn_of(fnctx *f)
{
    rs_scope *h = rs_home(f->sc);
    return h && h->kind == SC_DEF ? S("spg_m%d", h->id) : NULL;
}

const char *leave_code(fnctx *f)
{
    return f->lm ? "ec->last_match = fr.lm; ec->frame = fr.prev;" : "ec->frame = fr.prev;";
}

/* Does a method body (not counting nested defs/classes) read or set $~,
 * or call something that may set it in this frame?  Such a method keeps
 * its own $~ (SP_SI_LM); others leave $~ alone at no cost. */
static int uses_lm(const sp_node *n)
{
    static const char *const setters[] = {
        "=~", "!~", "match", "sub", "sub!", "gsub", "gsub!", "scan", "index", "rindex",
        "slice", "slice!", "start_with?", "partition", "rpartition", "===", "send",
        "__send__", "public_send", "last_match", "byteindex", "byterindex", NULL
    };
    if (!n) return 0;
    switch (n->kind) {
    case N_DEF: case N_CLASS: case N_MODULE: case N_SCLASS: return 0;
    case N_NTH_REF: case N_BACK_REF: case N_REGEX: return 1;
    case N_GVAR: case N_GASGN:
        if (n->name && !strcmp(n->name, "$~")) return 1;
        break;
    case N_CALL:
        for (int i = 0; setters[i]; i++) if (!strcmp(n->name, setters[i])) return 1;
        break;
    case N_WHEN:
        for (int i = 0; i < n->list.n; i++) {
            int k = n->list.v[i]->kind;
            if (k != N_INT && k != N_STR && k != N_SYM && k != N_NIL && k != N_TRUE && k != N_FALSE &&
                k != N_FLOAT && k != N_RANGE && k != N_CONST) return 1;
        }
        break;
    default: break;
    }
    if (uses_lm(n->a) || uses_lm(n->b) || uses_lm(n->c) || uses_lm(n->d) || uses_lm(n->body)) return 1;
    for (int i = 0; i < n->list.n; i++) if (uses_lm(n->list.v[i])) return 1;
    for (int i = 0; i < n->list2.n; i++) if (uses_lm(n->list2.v[i])) return 1;
    return 0;
}

/* Pop handler regions above `depth`, running ensure bodies inline. */
void unwind_to(fnctx *f, int depth)
{
    int saved = f->nreg;
    for (int i = saved - 1; i >= depth; i--) {
        region r = f->reg[i];
        if (r.kind == RG_ERRINFO) { E(f, "sp_pop_handler(ec, &%s); ec->errinfo = %s;", r.h, r.aux); continue; }
        if (r.kind == RG_UNLOCK) {
            E(f, "sp_pop_handler(ec, &%s); ec->frame = &fr; sp_vm_mutex_unlock(%s);", r.h, r.aux);
            continue;
        }
        E(f, "sp_pop_handler(ec, &%s);", r.h);
        if (r.kind == RG_ENSURE) {
            f->nreg = i;
            stmt(f, r.ensure);
        }
    }
    f->nreg = saved;
}

/* ---------------------------------------------------------------- */
/* scopes -> functions                                                */

static fnctx *fn_new(fnctx *outer, rs_scope *sc, const char *label, const char *clspath)
{
    fnctx *f = calloc(1, sizeof *f);
    f->outer = outer;
    f->sc = sc;
    f->vol = sc->has_jmp;
    f->label = label;
    f->clspath = clspath;
    f->file = sc->file;
    f->kind = sc->kind;
    es->emit_file = sc->file;
    f->defvis = (sc->kind == SC_TOP || sc->kind == SC_FILE) ? 1 : 0;
    f->cur_line = -1;
    return f;
}

/* The `home` field of a block's srcinfo in a def with a run-time label
 * (the def's srcinfo, declared ahead: it is written after its blocks). */
static const char *si_home(fnctx *f)
{
    if (!f->dynid || f->dynid - 1 == f->sc->id) return ", NULL";
    bputf(&es->decl, "static const sp_srcinfo spg_si%d;\n", f->dynid - 1);
    return S(", &spg_si%d", f->dynid - 1);
}

/* Assemble the function: signature, entry, declarations, body. */
static void fn_finish(fnctx *f, const char *sig, const char *entry, int line)
{
    const char *slf = rs_is_block(f->sc) ? "bp->self" : "self";
    const char *vq = f->vol ? "volatile " : "";
    bputf(&es->decl, "%s;\n", sig);
    bputf(&es->fns, "%s\n{\n", sig);
    if (f->precheck) bputs(&es->fns, f->precheck);
    bputf(&es->fns, "    %s(ec, fr, &spg_si%d, %d, %s);\n", f->ec_param ? "SP_VM_ENTER_EC" : "SP_VM_ENTER",
          f->sc->id, line, slf);
    if (f->lm) bputs(&es->fns, "    fr.lm = ec->last_match; ec->last_match = SP_NIL;\n");
    bputs(&es->fns, entry);
    for (int i = 0; i < f->sc->nvars; i++) {
        rs_var *v = &f->sc->vars[i];
        if (!v->captured) bputf(&es->fns, "    %ssp_value %s = SP_NIL;\n", vq, mangle(v->name));
    }
    for (int i = 1; i <= f->ntemp; i++)
        bputf(&es->fns, "    %ssp_value t%d = SP_NIL; (void)t%d;\n", vq, i, i);
    for (int i = 0; i < f->sc->nvars; i++) {
        rs_var *v = &f->sc->vars[i];
        if (!v->captured) bputf(&es->fns, "    (void)%s;\n", mangle(v->name));
    }
    bputs(&es->fns, f->body.p ? f->body.p : "");
    bputs(&es->fns, "}\n\n");
    es->emit_file = f->outer ? f->outer->file : es->cur_file;
    const char *home = si_home(f);
    bputf(&es->decl, "static const sp_srcinfo spg_si%d = { ", f->sc->id);
    bput_cstr(&es->decl, f->file, strlen(f->file));
    bputs(&es->decl, ", ");
    bput_cstr(&es->decl, f->label, strlen(f->label));
    if (f->params) {
        buf pb = {0};
        bputs(&pb, "");
        for (int i = 0; i < f->params->list.n; i++) {
            sp_node *p = f->params->list.v[i];
            const char *nm = p->name ? p->name : "";
            const char *pct = strchr(nm, '%');   /* a repeated _x is "_x%N" (parser.c) */
            if (pct && nm[0] == '_') nm = S("%.*s", (int)(pct - nm), nm);
            if (p->flags & NF_EXCESS) continue;
            if (i) bputs(&pb, ", ");
            switch (p->ival) {
            case PK_OPT: bputf(&pb, "%s=...", nm); break;
            case PK_REST: bputf(&pb, "*%s", nm); break;
            case PK_KEY: bputf(&pb, "%s: ...", nm); break;
            case PK_KEYREQ: bputf(&pb, "%s:", nm); break;
            case PK_KWREST: bputf(&pb, "**%s", nm); break;
            case PK_NOKW: bputs(&pb, "**nil"); break;
            case PK_BLOCK: bputf(&pb, "&%s", nm); break;
            case PK_FWD: bputs(&pb, "..."); break;
            case PK_DESTRUCT: bputs(&pb, "(...)"); break;
            default: bputs(&pb, nm); break;
            }
        }
        bputf(&es->decl, ", %d, ", line);
        bput_cstr(&es->decl, pb.p, pb.n);
        bputf(&es->decl, ", %d%s };\n", (f->lm ? 1 : 0) | (f->dynid ? 2 : 0), home);
    } else {
        int it = f->sc->node && (f->sc->node->kind == N_BLOCK || f->sc->node->kind == N_LAMBDA) &&
                 (f->sc->node->flags & NF_IT);
        bputf(&es->decl, ", %d, NULL, %d%s };\n", line, (f->lm ? 1 : 0) | (f->dynid ? 2 : 0) | (it ? 4 : 0), home);
    }
    if (f->argerr) {
        /* same place, bare method name as the label */
        sp_node *d = f->sc->node;
        const char *nm = d && d->name ? d->name : f->label;
        bputf(&es->decl, "static const sp_srcinfo spg_si%da = { ", f->sc->id);
        bput_cstr(&es->decl, f->file, strlen(f->file));
        bputs(&es->decl, ", ");
        bput_cstr(&es->decl, nm, strlen(nm));
        bputf(&es->decl, ", %d, NULL, %d, NULL };\n", line, f->lm ? 1 : 0);
    }
}

static const char *emit_body_value(fnctx *f, sp_node *body)
{
    return body ? ex(f, body) : "SP_NIL";
}

static void emit_ret_target_start(fnctx *f)
{
    if (!f->sc->block_return) return;
    E(f, "sp_handler rth;");
    E(f, "sp_push_handler(ec, &rth, SP_H_TARGET, (void *)&fr);");
    E(f, "if (_setjmp(rth.jb)) { sp_pop_handler(ec, &rth); %s return ec->jump_val; }", leave_code(f));
    region *rg = reg_push(f);
    rg->kind = RG_TARGET;
    rg->h = "rth";
}

static void emit_epilogue(fnctx *f, const char *r)
{
    if (f->sc->block_return) { E(f, "sp_pop_handler(ec, &rth);"); f->nreg--; }
    E(f, "%s", leave_code(f));
    E(f, "return %s;", r);
}

static const char *env_entry(fnctx *f, int is_block)
{
    if (is_block) {
        if (f->sc->nenv) return S("    sp_value *penv = (sp_value *)bp->env;\n    sp_value *cenv = sp_vm_env_new(%d, penv);\n    (void)cenv;\n", f->sc->nenv);
        return "    sp_value *cenv = (sp_value *)bp->env;\n    (void)cenv;\n";
    }
    if (f->sc->nenv) return S("    sp_value *cenv = sp_vm_env_new(%d, NULL);\n", f->sc->nenv);
    return "    sp_value *cenv = NULL;\n    (void)cenv;\n";
}

/* ---------------------------------------------------------------- */
/* parameter binding                                                  */

typedef struct plist {       /* the arrays hold up to pn->list.n each */
    sp_node **req; int nreq;
    sp_node **opt; int nopt;
    sp_node *rest; int has_rest;
    sp_node **post; int npost;
    sp_node **kw; int nkw;
    sp_node *kwrest; int has_kwrest;
    sp_node *blockp;
    int fwd, nokw;
    int excess;             /* `|a, |`: auto-splat, but no rest for arity */
} plist;

static void collect_params(sp_node *pn, plist *p)
{
    memset(p, 0, sizeof *p);
    if (!pn) return;
    size_t n = (size_t)pn->list.n + 1;
    sp_node **all = calloc(4 * n, sizeof *all);
    p->req = all; p->opt = all + n; p->post = all + 2 * n; p->kw = all + 3 * n;
    int seen_rest = 0;
    for (int i = 0; i < pn->list.n; i++) {
        sp_node *x = pn->list.v[i];
        switch (x->ival) {
        case PK_REQ: case PK_DESTRUCT:
            if (seen_rest || p->nopt) p->post[p->npost++] = x;
            else p->req[p->nreq++] = x;
            break;
        case PK_POST: p->post[p->npost++] = x; break;
        case PK_OPT: p->opt[p->nopt++] = x; break;
        case PK_REST:
            if (x->flags & NF_EXCESS) { p->excess = 1; break; }
            p->rest = x; p->has_rest = 1; seen_rest = 1; break;
        case PK_KEY: case PK_KEYREQ: p->kw[p->nkw++] = x; break;
        case PK_KWREST: p->kwrest = x; p->has_kwrest = 1; break;
        case PK_NOKW: p->nokw = 1; break;
        case PK_BLOCK: p->blockp = x; break;
        case PK_FWD: p->fwd = 1; p->has_rest = 1; p->has_kwrest = 1; break;
        }
    }
}

static void bind_destruct(fnctx *f, sp_node *d, const char *val);

static void bind_one(fnctx *f, sp_node *p, const char *val)
{
    if (p->ival == PK_DESTRUCT) { bind_destruct(f, p, val); return; }
    if (p->name) E(f, "%s = %s;", var_ref(f, p->name), val);
}

/* |a, (b, *c, d)| */
static void bind_destruct(fnctx *f, sp_node *d, const char *val)
{
    const char *a = tmp(f);
    E(f, "%s = sp_vm_masgn_ary(%s);", a, val);
    int n = d->list.n, rest = -1;
    for (int i = 0; i < n; i++) if (d->list.v[i]->ival == PK_REST) rest = i;
    if (rest < 0) {
        for (int i = 0; i < n; i++) bind_one(f, d->list.v[i], S("sp_ary_entry(%s, %d)", a, i));
        return;
    }
    int npost = n - rest - 1;
    for (int i = 0; i < rest; i++) bind_one(f, d->list.v[i], S("sp_ary_entry(%s, %d)", a, i));
    const char *len = S("sp_ary_len(%s)", a);
    if (d->list.v[rest]->name)
        E(f, "%s = sp_vm_ary_slice(%s, %d, %s - %d);", var_ref(f, d->list.v[rest]->name), a, rest, len, rest + npost);
    for (int j = 0; j < npost; j++)
        bind_one(f, d->list.v[rest + 1 + j],
                 S("sp_ary_entry(%s, (%s - %d > %d ? %s - %d : %d) + %d)", a, len, npost, rest, len, npost, rest, j));
}

/* CRuby 3.4 reports argument errors of a Ruby method from a frame labelled
 * with the bare method name ('add', not 'Calc#add'): switch the frame's
 * srcinfo around the checks that raise them. */
static const char *ae_on(fnctx *f)
{
    if (f->kind != SC_DEF) return "";
    f->argerr = 1;
    return S("fr.info = &spg_si%da; ", f->sc->id);
}
static const char *ae_off(fnctx *f)
{
    return f->kind == SC_DEF ? S(" fr.info = &spg_si%d;", f->sc->id) : "";
}

static void bind_params(fnctx *f, sp_node *pn, int is_block)
{
    plist p;
    collect_params(pn, &p);
    int R = p.nreq + p.npost, O = p.nopt;
    int has_kw = p.nkw || p.has_kwrest;
    int any = pn && pn->list.n;
    if (!any && !is_block) {
        E(f, "if (SP_UNLIKELY(SP_ARGC(argc) != 0)) { %ssp_raise_arity(SP_ARGC(argc), 0, 0); }", ae_on(f));
        return;
    }
    if (!any) {
        E(f, "if (SP_UNLIKELY((bp->hdr.flags & SP_FL_LAMBDA) && SP_ARGC(argc) != 0)) sp_raise_arity(SP_ARGC(argc), 0, 0);");
        return;
    }
    E(f, "{");
    f->indent++;
    E(f, "int nargs = SP_ARGC(argc); const sp_value *av = argv; (void)av;");
    if (has_kw) E(f, "sp_value kwh = SP_NIL; if (argc & SP_ARGC_KW) kwh = av[--nargs];");
    const char *maxs = p.has_rest ? "-1" : S("%d", R + O);
    if (is_block) {
        int splat = (p.nreq + p.nopt + p.npost >= 2) || ((p.has_rest || p.excess) && p.nreq + p.nopt + p.npost >= 1);
        if (p.nokw)     /* |**nil|: procs too, as CRuby */
            E(f, "if (SP_UNLIKELY(argc & SP_ARGC_KW)) sp_raise(sp_eArgError, \"no keywords accepted\");");
        E(f, "if (bp->hdr.flags & SP_FL_LAMBDA) {");
        E(f, "    if (SP_UNLIKELY(nargs < %d%s)) sp_raise_arity(nargs, %d, %s);", R,
          p.has_rest ? "" : S(" || nargs > %d", R + O), R, maxs);
        if (splat) E(f, "} else if (nargs == 1) { av = sp_vm_block_splat(&nargs, av); }");
        else E(f, "}");
        /* a proc drops the arguments past its parameters before binding
         * them: |a, b = 5, d| given 1, 2, 3, 4 binds d to 3, not 4 */
        if (!p.has_rest && !p.excess && p.npost) E(f, "if (nargs > %d) nargs = %d;", R + O, R + O);
    } else {
        /* CRuby names the required keywords in an arity error */
        buf rk = {0};
        int nrk = 0;
        for (int i = 0; i < p.nkw; i++)
            if (p.kw[i]->ival == PK_KEYREQ) bputf(&rk, "%s%s", nrk++ ? ", " : "", p.kw[i]->name);
        if (p.nokw)
            E(f, "if (SP_UNLIKELY(argc & SP_ARGC_KW)) { %ssp_raise(sp_eArgError, \"no keywords accepted\"); }", ae_on(f));
        if (nrk)
            E(f, "if (SP_UNLIKELY(nargs < %d%s)) { %ssp_raise_arity_kw(nargs, %d, %s, \"%s\", %d); }", R,
              p.has_rest ? "" : S(" || nargs > %d", R + O), ae_on(f), R, maxs, rk.p, nrk);
        else
            E(f, "if (SP_UNLIKELY(nargs < %d%s)) { %ssp_raise_arity(nargs, %d, %s); }", R,
              p.has_rest ? "" : S(" || nargs > %d", R + O), ae_on(f), R, maxs);
    }
    E(f, "int nopt = nargs - %d; if (nopt < 0) nopt = 0; if (nopt > %d) nopt = %d; (void)nopt;", R, O, O);
    E(f, "int nrest = nargs - %d - nopt; if (nrest < 0) nrest = 0; (void)nrest;", R);
    for (int i = 0; i < p.nreq; i++) {
        /* |_, _|: a repeated name (only _-names may repeat) keeps the first */
        int dup = 0;
        for (int j = 0; j < i; j++)
            if (p.req[i]->name && p.req[j]->name && !strcmp(p.req[i]->name, p.req[j]->name)) dup = 1;
        if (dup) continue;
        bind_one(f, p.req[i], is_block ? S("(%d < nargs ? av[%d] : SP_NIL)", i, i) : S("av[%d]", i));
    }
    for (int j = 0; j < p.nopt; j++) {
        E(f, "if (%d < nopt) %s = av[%d];", j, var_ref(f, p.opt[j]->name), p.nreq + j);
        E(f, "else {");
        emit_branch(f, var_ref(f, p.opt[j]->name), p.opt[j]->a);
        E(f, "}");
    }
    if (p.has_rest && (p.rest && p.rest->name ? 1 : 1)) {
        const char *nm = p.fwd ? "%rest" : (p.rest && p.rest->name ? p.rest->name : "%rest");
        if (rs_lookup(f->sc, nm, NULL)) {
            E(f, "%s = sp_vm_rest(nrest, av + %d + nopt);", var_ref(f, nm), p.nreq);
            if (!has_kw && !p.npost && ce_r2k(f->sc->node))   /* ruby2_keywords (ceval.c) */
                E(f, "if (argc & SP_ARGC_KW) sp_vm_r2k_mark(%s);", var_ref(f, nm));
        }
    }
    for (int k = 0; k < p.npost; k++) {
        const char *idx = S("(%d + nopt + nrest + %d)", p.nreq, k);
        bind_one(f, p.post[k], is_block ? S("(%s < nargs ? av[%s] : SP_NIL)", idx, idx) : S("av[%s]", idx));
    }
    if (has_kw) {
        int K = p.nkw;
        if (K) {
            buf ids = {0};
            char *req = malloc((size_t)K + 1);
            for (int i = 0; i < K; i++) {
                bputf(&ids, "%sspg_id[%d]", i ? ", " : "", sym_idc(p.kw[i]->name));
                req[i] = p.kw[i]->ival == PK_KEYREQ ? '1' : '0';
            }
            req[K] = 0;
            E(f, "const sp_id kwids[%d] = { %s };", K, ids.p);
            E(f, "sp_value kwv[%d];", K);
            if (f->kwpre) {
                /* keyword entry (kw_fast_def): the caller bound the slots */
                E(f, "if (kwpre) { for (int i = 0; i < %d; i++) kwv[i] = kwpre[i]; }", K);
            }
            const char *kr = "NULL";
            if (p.has_kwrest) {
                const char *t = tmp(f);
                kr = S("(sp_value *)&%s", t);
                E(f, "%ssp_vm_kw_bind(kwh, %d, kwids, kwv, %s);%s", ae_on(f), K, kr, ae_off(f));
                const char *nm = p.kwrest && p.kwrest->name ? p.kwrest->name : "%kwrest";
                if (rs_lookup(f->sc, nm, NULL)) E(f, "%s = %s;", var_ref(f, nm), t);
            } else if (strchr(req, '1')) {
                E(f, "%s{ %ssp_vm_kw_bind_req(kwh, %d, kwids, kwv, \"%s\");%s }", f->kwpre ? "else " : "",
                  ae_on(f), K, req, ae_off(f));
            } else {
                E(f, "%s{ %ssp_vm_kw_bind(kwh, %d, kwids, kwv, NULL);%s }", f->kwpre ? "else " : "",
                  ae_on(f), K, ae_off(f));
            }
            if (strchr(req, '1')) E(f, "%ssp_vm_kw_missing(%d, kwids, kwv, \"%s\");%s", ae_on(f), K, req, ae_off(f));
            for (int i = 0; i < K; i++) {
                const char *v = var_ref(f, p.kw[i]->name);
                if (p.kw[i]->ival == PK_KEYREQ || !p.kw[i]->a) {
                    E(f, "%s = kwv[%d] == SP_UNDEF ? SP_NIL : kwv[%d];", v, i, i);
                } else {
                    E(f, "if (kwv[%d] != SP_UNDEF) %s = kwv[%d];", i, v, i);
                    E(f, "else {");
                    emit_branch(f, v, p.kw[i]->a);
                    E(f, "}");
                }
            }
        } else {
            const char *t = tmp(f);
            E(f, "sp_vm_kw_bind(kwh, 0, NULL, NULL, (sp_value *)&%s);", t);
            const char *nm = p.kwrest && p.kwrest->name ? p.kwrest->name : "%kwrest";
            if (rs_lookup(f->sc, nm, NULL)) E(f, "%s = %s;", var_ref(f, nm), t);
        }
    }
    if (p.blockp || p.fwd) {
        const char *nm = p.fwd ? "%blkp" : (p.blockp->name ? p.blockp->name : "%blkp");
        if (rs_lookup(f->sc, nm, NULL)) E(f, "%s = blk;", var_ref(f, nm));
    }
    f->indent--;
    E(f, "}");
}

static void arity_of(sp_node *pn, int *min, int *max)
{
    plist p;
    collect_params(pn, &p);
    *min = p.nreq + p.npost;
    *max = p.has_rest ? -1 : *min + p.nopt;
    if (p.nkw) for (int i = 0; i < p.nkw; i++) if (p.kw[i]->ival == PK_KEYREQ) { (void)0; }
}

/* ---------------------------------------------------------------- */
/* labels                                                             */

static const char *block_label(fnctx *f)
{
    int depth = 0;
    fnctx *g = f;
    while (g && rs_is_block(g->sc)) { depth++; g = g->outer; }
    const char *base = g ? g->label : "<main>";
    if (depth <= 1) return S("block in %s", base);
    return S("block (%d levels) in %s", depth, base);
}

/* ---------------------------------------------------------------- */
/* blocks                                                             */

static const char *done_lookup(sp_node *n)
{
    for (int i = 0; i < es->ndone; i++) if (es->done[i].n == n) return es->done[i].name;
    return NULL;
}

static void done_add(sp_node *n, const char *name)
{
    if (es->ndone == es->capdone) {
        es->capdone = es->capdone ? es->capdone * 2 : 256;
        es->done = realloc(es->done, (size_t)es->capdone * sizeof *es->done);
    }
    es->done[es->ndone].n = n; es->done[es->ndone].name = name; es->ndone++;
}

const char *emit_block_fn(fnctx *outer, sp_node *n)
{
    const char *prev = done_lookup(n);
    if (prev) return prev;
    rs_scope *sc = rs_scope_of(n);
    if (!sc) { cerror(outer, n, "internal: block without scope"); return "NULL"; }
    const char *name = S("spg_b%d", sc->id);
    done_add(n, name);
    fnctx *f = fn_new(outer, sc, NULL, outer->clspath);
    f->sing = outer->sing;
    f->dynid = outer->dynid;
    f->label = block_label(f);
    f->defvis = 0;
    if (n->kind != N_FOR) f->params = n->c;
    /* loop context: next/redo/break inside the block */
    int lid = newlabel(f);
    loopctx *l = loop_push(f);
    l->kind = LP_BLOCK;
    l->id = lid;
    l->reg_depth = 0;
    if (n->kind == N_FOR) {
        /* for x in y: one parameter assigned to the (outer) target, as a
         * proc's |x| (the first of several yielded values); for a, b in y
         * destructures all of them */
        E(f, "{ int nargs = SP_ARGC(argc); const sp_value *av = argv;");
        if (n->a->kind == N_MLHS)
            E(f, "  sp_value v = nargs == 1 ? av[0] : nargs == 0 ? SP_NIL : sp_ary_new_from(nargs, av);");
        else E(f, "  sp_value v = nargs >= 1 ? av[0] : SP_NIL;");
        E(f, "  (void)v;");
        f->indent++;
        if (n->a->kind == N_MLHS) emit_masgn_value(f, n->a->list.v, n->a->list.n, "v");
        else emit_assign(f, n->a, "v");
        f->indent--;
        E(f, "}");
        (void)blk_of;
    } else {
        if (!(n->flags & (NF_IT | NF_NUMPARAMS)) || (n->c && n->c->list.n)) bind_params(f, n->c, 1);
        if (n->flags & (NF_IT | NF_NUMPARAMS)) {
            int k = (n->flags & NF_IT) ? 1 : (int)n->ival;
            E(f, "if (SP_UNLIKELY((bp->hdr.flags & SP_FL_LAMBDA) && SP_ARGC(argc) != %d)) sp_raise_arity(SP_ARGC(argc), %d, %d);", k, k, k);
        }
        if (n->flags & NF_IT) E(f, "%s = SP_ARGC(argc) > 0 ? argv[0] : SP_NIL;", var_ref(f, "it"));
        if (n->flags & NF_NUMPARAMS) {
            int k = (int)n->ival;
            if (k == 1) E(f, "%s = SP_ARGC(argc) > 0 ? argv[0] : SP_NIL;", var_ref(f, "_1"));
            else {
                E(f, "{ int nargs = SP_ARGC(argc); const sp_value *av = argv;");
                E(f, "  if (nargs == 1) av = sp_vm_block_splat(&nargs, av);");
                for (int i = 1; i <= k && i <= 9; i++)
                    E(f, "  %s = %d < nargs ? av[%d] : SP_NIL;", var_ref(f, S("_%d", i)), i - 1, i - 1);
                E(f, "}");
            }
        }
    }
    E(f, "SP_VM_POLL_ENTRY(fr);");
    emit_ret_target_start(f);
    E(f, "redo_%d: __attribute__((unused));", lid);
    f->cur_line = -1;
    const char *r = emit_body_value(f, n->body);
    emit_epilogue(f, r);
    fn_finish(f, S("static sp_value %s(sp_proc *bp, int argc, const sp_value *argv, sp_value blk)", name),
              S("    sp_value self = bp->self; (void)self; (void)argc; (void)argv; (void)blk;\n%s",
                env_entry(f, 1)), n->line);
    return name;
}

/* Proc creation for a literal block/lambda in f. */
const char *emit_proc(fnctx *f, sp_node *n, int lambda)
{
    const char *fn = emit_block_fn(f, n);
    rs_scope *sc = rs_scope_of(n);
    int min = 0, max = 0;
    if (n->kind == N_FOR) { min = 1; max = 1; }
    else if (n->flags & NF_NUMPARAMS) { min = max = (int)n->ival; }
    else if (n->flags & NF_IT) { min = max = 1; }
    else if (n->c) {
        arity_of(n->c, &min, &max);
        for (int i = 0; i < n->c->list.n; i++) {
            int k = (int)n->c->list.v[i]->ival;
            if (k == PK_KEY || k == PK_KEYREQ || k == PK_KWREST) max = -1;
        }
    }
    else if (n->flags & NF_NUMPARAMS) { min = max = (int)n->ival; }
    else if (n->flags & NF_IT) { min = max = 1; }
    const char *t = tmp(f);
    E(f, "%s = sp_vm_block(%s, cenv, self, %d, %d, %d, %s, &spg_si%d);", t, fn, min, max, lambda,
      home_of(f), sc ? sc->id : 0);
    if (rs_is_block(f->inl_host ? f->inl_host : f->sc) && uses_bmethod(n)) E(f, "sp_vm_proc_inherit_bm(%s, bp);", t);
    if (n->c && n->c->list.n && (n->c->list.v[n->c->list.n - 1]->flags & NF_EXCESS))
        E(f, "((sp_proc *)%s)->hdr.flags |= SP_PROC_FL_SPLAT;", t);
    return t;
}

/* ---------------------------------------------------------------- */
/* methods                                                            */

/* Direct calls with positional arguments (doc/codegen.md, "Calls"): a def
 * whose parameters are only required positionals (at most 6) also gets
 *     static sp_value spg_mNp(sp_ec *ec, sp_value self, sp_value a0, ..., uint64_t sp_ep)
 * which a direct call with exactly that many plain arguments and no block
 * uses after the same inline-cache guard: no argv array, no arity check,
 * no sp_ec_current() (the caller's ec: a C frame stays on one fiber).
 * sp_ep is the method epoch at which the caller checked that self's class
 * resolves the def's name to this very function (sp_vm_direct_ep), 0 when
 * unknown (the generic entry).  While sp_method_epoch still equals it no
 * method table or ancestor chain has changed, so a call of the same name
 * on self inside the body needs only that one compare (emit_expr.c,
 * positional_call) instead of the full cache check.
 * Returns the number of parameters, or -1 when the def has no such entry. */
int positional_arity(const sp_node *def)
{
    const sp_node *pn = def->c;
    if (!pn) return 0;
    if (pn->list.n > 6) return -1;
    for (int i = 0; i < pn->list.n; i++) {
        const sp_node *p = pn->list.v[i];
        if (p->ival != PK_REQ || !p->name) return -1;
    }
    return pn->list.n;
}

/* Direct calls with literal keywords (doc/codegen.md, "Calls"): a def
 * with keyword parameters (required or optional) and no **rest, **nil or
 * `...` is compiled as
 *     static sp_value spg_mNk(sp_value self, int argc, const sp_value *argv,
 *                             sp_value blk, const sp_value *kwpre)
 * where kwpre, when not NULL, holds one value per keyword parameter in
 * the def's order (SP_UNDEF: not passed).  The method's own function
 * spg_mN (what sp_send reaches) passes NULL and the keywords come from the
 * Hash at the end of argv as before; a call with only literal Symbol keys,
 * all of them parameters of the def, passes the slots and allocates no
 * Hash.  Missing required keywords are still found by the body
 * (sp_vm_kw_missing), so its error is the generic path's. */
int kw_fast_def(const sp_node *def)
{
    const sp_node *pn = def->c;
    int nkw = 0;
    if (!pn || getenv("SPINEL_NO_KW_FAST")) return 0;
    for (int i = 0; i < pn->list.n; i++) {
        switch (pn->list.v[i]->ival) {
        case PK_KEY: case PK_KEYREQ: nkw++; break;
        case PK_KWREST: case PK_NOKW: case PK_FWD: return 0;
        default: break;
        }
    }
    return nkw;
}

/* slot of keyword `name` in def's keyword parameters, -1: not one */
int kw_slot(const sp_node *def, const char *name)
{
    int k = 0;
    for (int i = 0; i < def->c->list.n; i++) {
        const sp_node *p = def->c->list.v[i];
        if (p->ival != PK_KEY && p->ival != PK_KEYREQ) continue;
        if (p->name && !strcmp(p->name, name)) return k;
        k++;
    }
    return -1;
}

static void emit_kw_entry(const char *name)
{
    bputf(&es->decl, "static sp_value %s(sp_value self, int argc, const sp_value *argv, sp_value blk);\n", name);
    bputf(&es->fns, "static sp_value %s(sp_value self, int argc, const sp_value *argv, sp_value blk)\n"
                  "{ return %sk(self, argc, argv, blk, NULL); }\n\n", name, name);
}

/* The two entries of a positional-eligible def `name`: with `inl`, both
 * call name_b (the body, taking ec; always inlined when small); without
 * (the body uses setjmp), name is the body and namep calls it with an argv. */
static void emit_entries(const char *name, int npos, int inl, const char *pre, int typed)
{
    buf pa = {0}, av = {0}, ty = {0};
    bputs(&pa, ""); bputs(&av, ""); bputs(&ty, "");
    for (int i = 0; i < npos; i++) {
        bputf(&pa, ", sp_value a%d", i);
        bputf(&av, "%sa%d", i ? ", " : "", i);
    }
    if (typed) {
        /* typed_entry.c: a validated sp_ep, fixnum arguments and no
         * redefined operator enter the typed body */
        bputs(&ty, "    if (SP_LIKELY(sp_ep");
        for (int i = 0; i < npos; i++) bputf(&ty, " && SP_FIXNUM_P(a%d)", i);
        bputf(&ty, " && !sp_vm_redef)) return %st(ec, self, %s, sp_ep);\n", name, av.p);
    }
    const char *argv = npos ? S("(const sp_value[]){ %s }", av.p) : "NULL";
    if (inl) {
        bputf(&es->decl, "static sp_value %s(sp_value self, int argc, const sp_value *argv, sp_value blk);\n", name);
        bputf(&es->fns, "static sp_value %s(sp_value self, int argc, const sp_value *argv, sp_value blk)\n"
                      "{\n%s    return %s_b(sp_ec_current(), self, argc, argv, blk, 0);\n}\n\n",
              name, pre ? pre : "", name);
    }
    bputf(&es->decl, "static __attribute__((unused)) sp_value %sp(sp_ec *ec, sp_value self%s, uint64_t sp_ep);\n",
          name, pa.p);
    if (inl && pre) {
        /* the frameless base case (leaf_precheck) in a small entry gcc can
         * inline into callers; the body behind it stays one function */
        bputf(&es->decl, "static __attribute__((noinline)) sp_value %sq(sp_ec *ec, sp_value self%s, uint64_t sp_ep);\n",
              name, pa.p);
        bputf(&es->fns, "static sp_value %sq(sp_ec *ec, sp_value self%s, uint64_t sp_ep)\n"
                      "{ return %s_b(ec, self, %d, %s, SP_NIL, sp_ep); }\n\n", name, pa.p, name, npos, argv);
        bputf(&es->fns, "static sp_value %sp(sp_ec *ec, sp_value self%s, uint64_t sp_ep)\n"
                      "{\n%s    const int argc = %d; const sp_value argv[] = { %s };\n%s"
                      "    return %sq(ec, self, %s, sp_ep);\n}\n\n", name, pa.p, ty.p, npos, av.p, pre, name, av.p);
    } else if (inl)
        bputf(&es->fns, "static sp_value %sp(sp_ec *ec, sp_value self%s, uint64_t sp_ep)\n"
                      "{\n%s    return %s_b(ec, self, %d, %s, SP_NIL, sp_ep);\n}\n\n", name, pa.p, ty.p, name, npos, argv);
    else
        bputf(&es->fns, "static sp_value %sp(sp_ec *ec, sp_value self%s, uint64_t sp_ep)\n"
                      "{ (void)ec; (void)sp_ep; return %s(self, %d, %s, SP_NIL); }\n\n", name, pa.p, name, npos, argv);
    free(pa.p); free(av.p); free(ty.p);
}

/* ---- frameless guard clauses ----
 * A recursive method's base case usually answers from its arguments alone:
 * `n < 2 ? n : fib(n - 1) + fib(n - 2)`, `if y < x ... else z end`,
 * `return n if n < 2`.  When the def's first statement is such a test --
 * a comparison of parameters and small Integer literals -- with a branch
 * that is just a parameter or a literal, the C function first evaluates
 * the test on the raw arguments and, when every operand is a fixnum, no
 * core operator is redefined and the test picks that branch, returns it
 * without pushing a frame or polling.  Nothing is observable there: the
 * comparison of two fixnums cannot raise or call, and nothing runs in the
 * activation that could take a backtrace or be interrupted (the caller
 * polled at its own entry, and polls again at its next call or loop).
 * Any other case falls through to the full body, which evaluates the test
 * again the normal way. */
static const char *leaf_operand(const sp_node *n, const sp_node *params, int *param_ix)
{
    *param_ix = -1;
    if (n && n->kind == N_STMTS && n->list.n == 1) n = n->list.v[0];
    if (!n) return NULL;
    if (n->kind == N_INT && !(n->flags & NF_BIGNUM) && n->ival > -(1LL << 30) && n->ival < (1LL << 30))
        return S("SP_FIX(INT64_C(%lld))", (long long)n->ival);
    if (n->kind == N_LVAR && n->name)
        for (int i = 0; i < params->list.n; i++)
            if (params->list.v[i]->name && !strcmp(params->list.v[i]->name, n->name)) {
                *param_ix = i;
                return S("argv[%d]", i);
            }
    return NULL;
}

static const char *leaf_value(const sp_node *n, const sp_node *params)
{
    int ix;
    if (n && n->kind == N_STMTS && n->list.n == 1) n = n->list.v[0];
    if (n && n->kind == N_NIL) return "SP_NIL";
    if (n && n->kind == N_TRUE) return "SP_TRUE";
    if (n && n->kind == N_FALSE) return "SP_FALSE";
    return leaf_operand(n, params, &ix);
}

static void leaf_precheck(fnctx *f, const sp_node *def, int npos)
{
    static const char *const ops[] = { "<", "<=", ">", ">=", "==", "!=", NULL };
    const sp_node *params = def->c, *body = def->body;
    if (npos <= 0 || !params || !body || body->kind != N_STMTS || body->list.n < 1) return;
    const sp_node *st = body->list.v[0];
    if (st->kind != N_IF || !st->a) return;
    const sp_node *c = st->a;
    if (c->kind != N_CALL || !c->a || c->b || c->list.n != 1 || !c->name || (c->flags & NF_SAFE_NAV)) return;
    int op = -1;
    for (int i = 0; ops[i]; i++) if (!strcmp(c->name, ops[i])) op = i;
    if (op < 0) return;
    int ia, ib;
    const char *a = leaf_operand(c->a, params, &ia), *b = leaf_operand(c->list.v[0], params, &ib);
    if (!a || !b || (ia < 0 && ib < 0)) return;
    /* which branch is a leaf, and is it the method's value? */
    const char *val = NULL;
    int when = 1;
    const sp_node *then = st->b, *els = st->c;
    if (then && then->kind == N_STMTS && then->list.n == 1) then = then->list.v[0];
    if (then && then->kind == N_RETURN && !els) {
        val = then->a ? leaf_value(then->a, params) : "SP_NIL";
    } else if (body->list.n == 1) {
        if ((val = leaf_value(st->b, params)) == NULL && st->c) { val = leaf_value(st->c, params); when = 0; }
    }
    if (!val) return;
    buf b2 = {0};
    bputf(&b2, "    if (argc == %d", npos);
    if (ia >= 0) bputf(&b2, " && SP_FIXNUM_P(%s)", a);
    if (ib >= 0 && ib != ia) bputf(&b2, " && SP_FIXNUM_P(%s)", b);
    bputf(&b2, " && !sp_vm_redef && %s((int64_t)%s %s (int64_t)%s))\n        return %s;\n",
          when ? "" : "!", a, ops[op], b, val);
    f->precheck = b2.p;
}

const char *emit_def(fnctx *outer, sp_node *n)
{
    rs_scope *sc = rs_scope_of(n);
    const char *name = S("spg_m%d", sc->id);
    int fresh = !done_lookup(n);
    if (fresh) {
        done_add(n, name);
        const char *owner = outer->clspath ? outer->clspath : "Object";
        const char *label;
        /* CRuby 3.4 labels a singleton method of a class 'Foo.x', of any
         * other object just 'x' */
        if (n->a && n->a->kind == N_SELF)
            label = (outer->kind == SC_CLASS || outer->sing) ? S("%s.%s", owner, n->name) : n->name;
        else if (n->a && n->a->kind == N_CONST && n->a->name) label = S("%s.%s", n->a->name, n->name);
        else if (n->a) label = n->name;
        else if (outer->kind == SC_TOP || outer->kind == SC_FILE) label = S("Object#%s", n->name);
        else if (outer->sclass) label = S("%s.%s", owner, n->name);
        else label = S("%s#%s", owner, n->name);
        fnctx *f = fn_new(outer, sc, label, outer->clspath);
        /* Only defs in a class/module body (not `class << obj`) and at the
         * top level know their owner at compile time. */
        int clsbody = outer->kind == SC_CLASS &&
                      !(outer->sc->node && outer->sc->node->kind == N_SCLASS && !outer->sclass);
        int dyn = n->a ? !(n->a->kind == N_SELF && clsbody)
                       : !(clsbody || outer->kind == SC_TOP || outer->kind == SC_FILE);
        if (dyn) f->dynid = sc->id + 1;
        f->params = n->c;
        f->sing = n->a != NULL || outer->sclass;
        f->lm = uses_lm(n->body) || uses_lm(n->c);
        f->kwpre = kw_fast_def(n);
        bind_params(f, n->c, 0);
        if (rs_find_local(sc, "%blk")) E(f, "%s = blk;", var_ref(f, "%blk"));
        E(f, "SP_VM_POLL_ENTRY(fr);");
        emit_ret_target_start(f);
        f->cur_line = -1;
        const char *r = emit_body_value(f, n->body);
        emit_epilogue(f, r);
        int npos = positional_arity(n);
        if (npos > 0) leaf_precheck(f, n, npos);
        if (f->kwpre) {
            /* the body takes the keyword slots (kwpre, NULL: bind them
             * from the keyword Hash in argv); the method's function
             * passes NULL, a direct call with literal keywords the slots */
            fn_finish(f, S("static sp_value %sk(sp_value self, int argc, const sp_value *argv, sp_value blk, "
                           "const sp_value *kwpre)", name),
                      S("    (void)self; (void)argc; (void)argv; (void)blk; (void)kwpre;\n"
                        "    const uint64_t sp_ep = 0; (void)sp_ep;\n%s", env_entry(f, 0)), n->line);
            emit_kw_entry(name);
        } else
        if (npos >= 0 && !(f->body.p && strstr(f->body.p, "setjmp"))) {
            /* the body once, taking ec; a small body is always inlined into
             * the two entries below (the positional one folds its arity
             * check and argv away), a large one is shared (compile time
             * and code size stay linear; the extra call is noise there) */
            f->ec_param = 1;
            const char *pre = f->precheck;
            f->precheck = NULL;       /* in the entries (emit_entries), not the shared body */
            int small = f->body.n < 6000;
            fn_finish(f, S("static %ssp_value %s_b(sp_ec *ec, sp_value self, "
                           "int argc, const sp_value *argv, sp_value blk, uint64_t sp_ep)",
                           small ? "inline __attribute__((always_inline)) " : "", name),
                      S("    (void)self; (void)argc; (void)argv; (void)blk; (void)sp_ep;\n%s", env_entry(f, 0)), n->line);
            int typed = !f->lm && te_emit(n, name, npos, sc->id, &es->decl, &es->fns);
            emit_entries(name, npos, 1, pre, typed);
        } else {
            fn_finish(f, S("static sp_value %s(sp_value self, int argc, const sp_value *argv, sp_value blk)", name),
                      S("    (void)self; (void)argc; (void)argv; (void)blk;\n"
                        "    const uint64_t sp_ep = 0; (void)sp_ep;\n%s", env_entry(f, 0)), n->line);
            if (npos >= 0) emit_entries(name, npos, 0, NULL, 0);
        }
    }
    /* the definition itself, at run time */
    int sid = sym_idc(n->name);
    int min, max;
    arity_of(n->c, &min, &max);
    const char *t = tmp(outer);
    set_line(outer, n->line);
    if (n->a) {
        const char *obj = ex(outer, n->a);
        E(outer, "%s = sp_vm_defs(%s, spg_id[%d], %s, %d, %d, &spg_si%d);", t, obj, sid, name, min, max, sc->id);
        return t;
    }
    const char *definee;
    const char *vis;
    switch (outer->kind) {
    case SC_CLASS: definee = "self"; vis = "SP_VIS_DEFAULT"; break;
    case SC_TOP: case SC_FILE:
        /* private unless a top-level `public` (no arguments) came before */
        definee = "sp_cObject"; vis = outer->defvis ? "SP_VIS_PRIVATE" : "SP_VIS_PUBLIC"; break;
    default: {
        /* a block of a class body or of the top level (Module.new { },
         * class_eval { }, each { } in a body) shares the visibility scope
         * its cref's `private`/`public` (no arguments) set; a method body's
         * defines public methods */
        rs_scope *h = rs_home(outer->sc);
        definee = definee_of(outer);
        vis = rs_is_block(outer->sc) && h && h->kind != SC_DEF ? "SP_VIS_DEFAULT" : "SP_VIS_PUBLIC";
        break;
    }
    }
    E(outer, "%s = sp_vm_def(%s, spg_id[%d], %s, %d, %d, %s, &spg_si%d);", t, definee, sid, name, min, max, vis, sc->id);
    return t;
}

/* ---------------------------------------------------------------- */
/* classes and modules                                                */

static const char *const_path_name(sp_node *path)
{
    return path && path->name ? path->name : "?";
}

const char *emit_class(fnctx *outer, sp_node *n)
{
    rs_scope *sc = rs_scope_of(n);
    const char *k = tmp(outer);
    const char *clspath;
    const char *label;
    if (n->kind == N_SCLASS) {
        const char *obj = ex(outer, n->a);
        set_line(outer, n->line);
        E(outer, "%s = sp_vm_open_sclass(%s);", k, obj);
        clspath = outer->clspath ? outer->clspath : "Object";
        label = "singleton class";
    } else {
        sp_node *path = n->a;
        const char *scope;
        if (path->flags & NF_TOPLEVEL) scope = "sp_cObject";
        else if (path->a) scope = ex(outer, path->a);
        else scope = S("%s->klass", cref_of(outer));
        const char *nm = const_path_name(path);
        set_line(outer, n->line);
        if (n->kind == N_CLASS) {
            const char *sup = n->b ? ex(outer, n->b) : "SP_UNDEF";
            set_line(outer, n->line);
            E(outer, "%s = sp_vm_defclass(%s, spg_id[%d], %s, %d);", k, scope, sym_idc(nm), sup,
              path->a || (path->flags & NF_TOPLEVEL) ? 1 : 0);
            label = S("<class:%s>", nm);
        } else {
            E(outer, "%s = sp_vm_defmodule(%s, spg_id[%d], %d);", k, scope, sym_idc(nm),
              path->a || (path->flags & NF_TOPLEVEL) ? 1 : 0);
            label = S("<module:%s>", nm);
        }
        if (outer->clspath && !(path->flags & NF_TOPLEVEL) && !path->a) clspath = S("%s::%s", outer->clspath, nm);
        else if (path->a && path->a->kind == N_CONST && path->a->name) clspath = S("%s::%s", path->a->name, nm);
        else clspath = nm;
    }
    const char *name = S("spg_c%d", sc->id);
    if (!done_lookup(n)) {
        done_add(n, name);
        fnctx *f = fn_new(outer, sc, label, clspath);
        f->sclass = n->kind == N_SCLASS && n->a && n->a->kind == N_SELF;
        f->sing = 1;    /* self is the class: its singleton methods */
        f->cur_line = -1;
        const char *r = emit_body_value(f, n->body);
        emit_epilogue(f, r);
        fn_finish(f, S("static sp_value %s(sp_value self)", name),
                  S("    (void)self;\n%s", env_entry(f, 0)), n->line);
        /* the cref of this body: prev = the enclosing one */
        const char *pc = cref_of(outer);
        bputf(&es->crefdecl, "static sp_vm_cref spg_cref_%d;\n", sc->id);
        bputf(&es->crefs, "static sp_vm_cref spg_cref_%d = { %s, 0 };\n", sc->id, pc);
    }
    const char *t = tmp(outer);
    E(outer, "%s = sp_vm_run_body(&spg_cref_%d, %s, %s);", t, sc->id, k, name);
    return t;
}

const char *emit_file_fn(fnctx *outer, rs_required *r)
{
    rs_scope *sc = r->scope;
    const char *name = S("spg_f%d", sc->id);
    if (!done_lookup(r->call)) {
        done_add(r->call, name);
        fnctx *f = fn_new(outer, sc, "<top (required)>", NULL);
        f->cur_line = -1;
        emit_ret_target_start(f);
        const char *res = emit_body_value(f, r->ast->root);
        (void)res;
        emit_epilogue(f, "SP_TRUE");
        fn_finish(f, S("static sp_value %s(sp_value self)", name),
                  S("    (void)self;\n%s", env_entry(f, 0)), 1);
    }
    return name;
}

const char *emit_file_body(fnctx *outer, rs_required *r)
{
    const char *name = emit_file_fn(outer, r);
    const char *t = tmp(outer);
    set_line(outer, r->call->line);
    E(outer, "%s = %s(self);", t, name);
    return t;
}

/* ---------------------------------------------------------------- */
/* direct calls: every instance-method def of the program, by lexical    */
/* class, so a call can jump straight to the compiled function when the  */
/* call site's inline cache says the receiver's method is that function. */

static const char *def_key(const char *clspath, int sing)
{
    return S("%s%s", clspath ? clspath : "", sing ? ".<s>" : "");
}

int attr_declared(const char *name) { return ty_attr_declared(es->ty, name); }
const ty_result *program_typed(void) { return es->ty; }

static void collect_defs(sp_node *n, const char *clspath, int sing)
{
    if (!n) return;
    switch (n->kind) {
    case N_CLASS: case N_MODULE: {
        sp_node *path = n->a;
        const char *nm = path && path->name ? path->name : "?";
        const char *cp;
        if (clspath && !(path->flags & NF_TOPLEVEL) && !path->a) cp = S("%s::%s", clspath, nm);
        else if (path->a && path->a->kind == N_CONST && path->a->name) cp = S("%s::%s", path->a->name, nm);
        else cp = nm;
        collect_defs(n->b, clspath, sing);
        collect_defs(n->body, cp, 0);
        return;
    }
    case N_SCLASS:
        collect_defs(n->a, clspath, sing);
        collect_defs(n->body, clspath, n->a && n->a->kind == N_SELF);
        return;
    case N_DEF: {
        rs_scope *sc = rs_scope_of(n);
        if (n->name && !strcmp(n->name, "eval")) es->defines_eval = 1;
        if (n->name && !strcmp(n->name, "local_variables")) es->defines_local_variables = 1;
        if (n->name && !strcmp(n->name, "binding")) es->defines_binding = 1;
        if (sc && (!n->a || n->a->kind == N_SELF)) {
            if (es->ndefs == es->capdefs) {
                es->capdefs = es->capdefs ? es->capdefs * 2 : 64;
                es->defs = realloc(es->defs, (size_t)es->capdefs * sizeof *es->defs);
            }
            es->defs[es->ndefs].key = def_key(clspath, sing || n->a != NULL);
            es->defs[es->ndefs].name = n->name;
            es->defs[es->ndefs].id = sc->id;
            es->defs[es->ndefs].n = n;
            es->defs[es->ndefs].want = 0;
            es->ndefs++;
        }
        collect_defs(n->body, clspath, sing);
        return;
    }
    case N_CALL: {
        rs_required *r = rs_required_of(n);
        if (r && r->scope && r->ast) collect_defs(r->ast->root, NULL, 0);
        break;
    }
    default: break;
    }
    collect_defs(n->a, clspath, sing); collect_defs(n->b, clspath, sing); collect_defs(n->c, clspath, sing);
    collect_defs(n->d, clspath, sing); collect_defs(n->body, clspath, sing);
    for (int i = 0; i < n->list.n; i++) collect_defs(n->list.v[i], clspath, sing);
    for (int i = 0; i < n->list2.n; i++) collect_defs(n->list2.v[i], clspath, sing);
}

/* The compiled function a call of `name` on self (self_call) or on another
 * receiver most likely reaches: the def in the caller's lexical class, or
 * the only def of that name in the program.  NULL when there is none. */
static int direct_index(fnctx *f, const char *name, int self_call);
const char *direct_target(fnctx *f, const char *name, int self_call)
{
    int found = direct_index(f, name, self_call);
    if (found < 0) return NULL;
    es->defs[found].want = 1;
    return S("spg_m%d", es->defs[found].id);
}

/* The keyword entry (spg_mNk, kw_fast_def) of the same target and its
 * def, or NULL when it has none. */
const char *direct_target_kw(fnctx *f, const char *name, int self_call, sp_node **def)
{
    int found = direct_index(f, name, self_call);
    if (found < 0 || !kw_fast_def(es->defs[found].n)) return NULL;
    es->defs[found].want = 1;
    *def = es->defs[found].n;
    return S("spg_m%dk", es->defs[found].id);
}

/* The `initialize` def of the class a constant `cname` names, when the
 * program has exactly one instance-method def of that name in a class
 * body whose path is cname or ends in ::cname (the run-time guard checks
 * that it is really the method reached): spg_mN and its def, else NULL. */
const char *init_target(const char *cname, sp_node **def)
{
    int found = -1, count = 0;
    size_t cl = strlen(cname);
    for (int i = 0; i < es->ndefs; i++) {
        const char *k = es->defs[i].key;
        size_t kl = strlen(k);
        if (strcmp(es->defs[i].name, "initialize") || kl < cl || strcmp(k + kl - cl, cname)) continue;
        if (kl > cl && (kl < cl + 2 || strncmp(k + kl - cl - 2, "::", 2))) continue;
        found = i;
        count++;
    }
    if (count != 1) return NULL;
    es->defs[found].want = 1;
    *def = es->defs[found].n;
    return S("spg_m%d", es->defs[found].id);
}

/* The positional entry (spg_mNp) of the same target when it has one for
 * nargs arguments, else NULL. */
const char *direct_target_pos(fnctx *f, const char *name, int self_call, int nargs)
{
    int found = direct_index(f, name, self_call);
    if (found < 0 || positional_arity(es->defs[found].n) != nargs) return NULL;
    es->defs[found].want = 1;
    return S("spg_m%dp", es->defs[found].id);
}

static int direct_index(fnctx *f, const char *name, int self_call)
{
    const char *key = def_key(f->clspath, f->sing);
    int found = -1, count = 0;
    for (int i = 0; i < es->ndefs; i++) {
        if (strcmp(es->defs[i].name, name)) continue;
        count++;
        if (self_call && !strcmp(es->defs[i].key, key)) found = i;
    }
    if (found < 0 && count == 1)
        for (int i = 0; i < es->ndefs; i++) if (!strcmp(es->defs[i].name, name)) found = i;
    return found;
}

/* ---------------------------------------------------------------- */
/* program                                                            */

/* A direct-call target whose def was never compiled: the guard can
 * never pass (no method has this function), keep the C valid. */
static void stub_uncompiled_defs(void)
{
    for (int i = 0; i < es->ndefs; i++) {
        int id = es->defs[i].id;
        if (!es->defs[i].want || done_lookup(es->defs[i].n)) continue;
        es->defs[i].want = 0;
        bputf(&es->decl, "static sp_value spg_m%d(sp_value self, int argc, const sp_value *argv, sp_value blk);\n", id);
        bputf(&es->fns, "static sp_value spg_m%d(sp_value self, int argc, const sp_value *argv, sp_value blk)\n"
                      "{ (void)self; (void)argc; (void)argv; (void)blk; return SP_NIL; }\n", id);
        int npos = positional_arity(es->defs[i].n);
        if (npos >= 0) emit_entries(S("spg_m%d", id), npos, 0, NULL, 0);
        if (kw_fast_def(es->defs[i].n)) {
            bputf(&es->decl, "static sp_value spg_m%dk(sp_value self, int argc, const sp_value *argv, sp_value blk, "
                           "const sp_value *kwpre);\n", id);
            bputf(&es->fns, "static sp_value spg_m%dk(sp_value self, int argc, const sp_value *argv, sp_value blk, "
                          "const sp_value *kwpre)\n{ (void)kwpre; return spg_m%d(self, argc, argv, blk); }\n", id, id);
        }
    }
}

/* The program's functions into es's sections; 0, or 1 after an error. */
static int emit_functions(sp_ast *ast, const rs_result *rs)
{
    rs_scope *top = rs->top;
    collect_defs(ast->root, NULL, 0);
    fnctx *f = fn_new(NULL, top, "<main>", NULL);
    f->cur_line = -1;
    emit_ret_target_start(f);
    if (rs->toplevel_binding) {
        /* CRuby's: the main script's locals, at "<main>":0 */
        sp_node at = { .kind = N_CALL, .line = 0, .name = "binding" };
        E(f, "sp_const_set(sp_cObject, sp_intern(\"TOPLEVEL_BINDING\"), %s);", emit_binding(f, &at, "<main>"));
    }
    const char *r = emit_body_value(f, ast->root);
    (void)r;
    emit_epilogue(f, "SP_NIL");
    fn_finish(f, "static sp_value spg_main(sp_value self)", S("    (void)self;\n%s", env_entry(f, 0)), 1);
    if (es->errors || lp_errors(es->lp)) return 1;
    stub_uncompiled_defs();
    return 0;
}

/* The translation unit from es's tables and sections. */
static void write_unit(FILE *out, sp_ast *ast)
{
    fputs("/* generated by spinel — do not edit */\n#include \"spinel.h\"\n#include \"sp_vm.h\"\n#include \"sp_load.h\"\n\n", out);
    fprintf(out, "static sp_id spg_id[%d];\nstatic sp_value spg_sym[%d];\n", es->nsyms + 1, es->nsyms + 1);
    fprintf(out, "static sp_callsite spg_cs[%d];\nstatic sp_vm_ccache spg_cc[%d];\n", es->ncs + 1, es->ncc + 1);
    fprintf(out, "static uint64_t spg_ic[%d];\n", es->nic + 1);
    fprintf(out, "static const int spg_sites[] __attribute__((unused)) = {\n%s0, 0, 0, 0, 0, 0, 0, 0, -1 };\n", es->sites.p ? es->sites.p : "");
    fprintf(out, "static const char *const spg_dym[] __attribute__((unused)) = {\n%s    NULL };\n", es->dym.p ? es->dym.p : "");
    if (es->crefdecl.p) fwrite(es->crefdecl.p, 1, es->crefdecl.n, out);
    if (es->crefs.p) fwrite(es->crefs.p, 1, es->crefs.n, out);
    fwrite(es->decl.p, 1, es->decl.n, out);
    fputs("\n", out);
    fwrite(es->fns.p, 1, es->fns.n, out);
    fputs("static void spg_init(void)\n{\n    (void)spg_cc; (void)spg_cs; (void)spg_sym; (void)spg_id; (void)spg_ic;\n", out);
    for (int i = 0; i < es->nsyms; i++) {
        buf b = {0};
        bput_cstr(&b, es->syms[i].name, es->syms[i].len);
        fprintf(out, "    spg_id[%d] = sp_intern_len(%s, %zu); spg_sym[%d] = SP_ID2SYM(spg_id[%d]);\n",
                i, b.p, es->syms[i].len, i, i);
        free(b.p);
    }
    for (int i = 0; i < es->ncc; i++) fprintf(out, "    spg_cc[%d].epoch = (uint64_t)-1;\n", i);
    if (es->init.p) fwrite(es->init.p, 1, es->init.n, out);
    emit_load_init(out, ast, es->lp);
    for (int i = 0; i < es->nfiles; i++) {
        buf b = {0};
        bput_cstr(&b, es->files[i], strlen(es->files[i]));
        const char *src = rs_source_of(es->files[i]);
        fprintf(out, "    sp_vm_register_sites(%d, %s, ", i, b.p);
        free(b.p);
        b.p = NULL; b.n = b.cap = 0;
        if (src) bput_cstr(&b, src, strlen(src)); else bputs(&b, "NULL");
        fprintf(out, "%s, %d, spg_sites, spg_id, spg_dym);\n", b.p, es->nsites);
        free(b.p);
    }
    fputs("}\n\n", out);
    fputs("int main(int argc, char **argv)\n{\n"
          "    sp_init(argc, argv);\n"
          "    sp_vm_init(argc, argv);\n"
          "    spg_init();\n"
          "    return sp_vm_run_main(spg_main);\n"
          "}\n", out);
}

/* The end of the pass: what only the emitter reads.  The strings it
 * handed out (S(), names in the tree's side tables) stay. */
static void emit_state_free(void)
{
    buf *bufs[] = { &es->decl, &es->fns, &es->init, &es->sites, &es->crefdecl, &es->crefs, &es->dym };
    for (size_t i = 0; i < sizeof bufs / sizeof *bufs; i++) free(bufs[i]->p);
    for (int i = 0; i < es->nsyms; i++) free(es->syms[i].name);
    free(es->syms);
    free(es->files);
    free(es->done);
    free(es->defs);
    for (int i = 0; i < es->nlitkeys; i++) free(es->litkeys[i]);
    free(es->litkeys);
    free(es->ex.pre);
    free(es);
    es = NULL;
}

int sp_emit_program(sp_ast *ast, const rs_result *rs, const ty_result *ty, FILE *out, const sp_emit_opts *opts)
{
    es = calloc(1, sizeof *es);
    es->ty = ty;
    es->lp = opts->lp;
    es->adym = -1;
    es->cur_file = ast->path;
    int rc = emit_functions(ast, rs);
    if (!rc) write_unit(out, ast);
    emit_state_free();
    return rc;
}

/* A static value computed when first used instead of in spg_init: a regexp
 * literal under SPINEL_DEFER_UNSUPPORTED=1 (one PCRE2 cannot compile then
 * fails the expression that uses it, not the whole program at startup). */
const char *lit_lazy(const char *init_expr)
{
    int k = es->nlit_lazy++;
    bputf(&es->decl, "static sp_value spg_lazy%d;\n", k);
    return S("(spg_lazy%d ? spg_lazy%d : (spg_lazy%d = %s))", k, k, k, init_expr);
}

/* A static C declaration (tables the generated code points at), named
 * with a number from decl_next (unique in the program). */
int decl_next(void) { return es->ndecl++; }
void decl_static(const char *text) { bputs(&es->decl, text); }

/* A static value computed once in spg_init (frozen literals, regexps). */
const char *lit_static(const char *init_expr)
{
    /* identical frozen literals are one object (as in CRuby) */
    if (!strncmp(init_expr, "sp_str_new_frozen(", 18) || !strncmp(init_expr, "sp_vm_defined_str(", 18)) {
        for (int i = 0; i < es->nlitkeys; i++) {
            const char *k = es->litkeys[i];
            const char *sep = strchr(k, '\x01');
            if (sep && !strcmp(sep + 1, init_expr)) return S("spg_lit%.*s", (int)(sep - k), k);
        }
        if (es->nlitkeys == es->caplitkeys) {
            es->caplitkeys = es->caplitkeys ? es->caplitkeys * 2 : 64;
            es->litkeys = realloc(es->litkeys, (size_t)es->caplitkeys * sizeof *es->litkeys);
        }
        es->litkeys[es->nlitkeys++] = S("%d\x01%s", es->nlit, init_expr);
    }
    int k = es->nlit++;
    bputf(&es->decl, "static sp_value spg_lit%d;\n", k);
    bputf(&es->init, "    spg_lit%d = %s;\n", k, init_expr);
    return S("spg_lit%d", k);
}

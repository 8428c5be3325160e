/*
 * parser.c — recursive-descent parser for Ruby 3.4: statements, bodies,
 * control-flow keywords, definitions, the scope stack, and sp_parse().
 * Expressions, calls, literals and patterns are in parser_expr.c.
 *
 * Structure (highest level first):
 *   stmts      := stmt { (NL|;) stmt }
 *   stmt       := expr_stmt { modifier }         (if/unless/while/until/rescue)
 *   expr_stmt  := not_expr { (and|or) not_expr }
 *   not_expr   := 'not' not_expr | expr_top
 *   expr_top   := masgn | arg [=> pattern | in pattern]
 *   arg        := ternary with assignments, ranges, binary operators by
 *                 precedence climbing, unary operators, primaries and
 *                 postfix (calls, index, ::, blocks)   — parser_expr.c
 *
 * Local variables: a stack of scopes (def/class/module start a fresh one,
 * blocks inherit); the lexer asks sp_is_local to decide how `foo -1`,
 * `x [1]`, `p /re/` are tokenized.
 *
 * Errors: sp_fail prints one diagnostic and longjmps back to sp_parse,
 * which frees the arena.  Recursion is bounded by fc->depth (1000 levels
 * of nesting -> "nesting too deep"), and sp_parse runs the parser on a
 * thread with a large stack so that bound is always reachable safely.
 */
#include "parser.h"
#include "diag.h"

#include <pthread.h>
#include <stdlib.h>
#include <ctype.h>
#include <string.h>

#define MAX_DEPTH 1000

/* ---- tokens ---------------------------------------------------------------- */

void sp_advance(sp_parser *p)
{
    p->prev = p->tok;
    if (p->has_peek) { p->tok = p->peeked; p->has_peek = 0; }
    else sp_lex_next(&p->lx, &p->tok);
}

sp_tok *sp_peek(sp_parser *p)
{
    if (!p->has_peek) { sp_lex_next(&p->lx, &p->peeked); p->has_peek = 1; }
    return &p->peeked;
}

_Noreturn void sp_unexpected(sp_parser *p)
{
    const sp_tok *t = &p->tok;
    if (t->kind == T_EOF) sp_fail(p->fc, t->line, t->col, "unexpected end-of-input");
    if (t->kind >= K_ALIAS && t->kind <= K__ENCODING__)
        sp_fail(p->fc, t->line, t->col, "unexpected '%.*s'", (int)t->len, t->start);
    if (t->kind == T_INT || t->kind == T_FLOAT) sp_fail(p->fc, t->line, t->col, "unexpected %s", sp_tok_name(t->kind));
    if (t->kind == T_IDENT || t->kind == T_FID || t->kind == T_CONST || t->kind == T_IVAR || t->kind == T_GVAR || t->kind == T_CVAR)
        sp_fail(p->fc, t->line, t->col, "unexpected %s '%s'", sp_tok_name(t->kind), t->name);
    if (t->kind == T_STRING || t->kind == T_REGEX || t->kind == T_XSTRING || t->kind == T_WORDS || t->kind == T_SYMBOLS || t->kind == T_DSYM || t->kind == T_SYMBOL || t->kind == T_CHAR || t->kind == T_LABEL || t->kind == T_STRLABEL)
        sp_fail(p->fc, t->line, t->col, "unexpected %s", sp_tok_name(t->kind));
    if (t->kind == T_NL) sp_fail(p->fc, t->line, t->col, "unexpected end of line");
    sp_fail(p->fc, t->line, t->col, "unexpected '%.*s'", (int)(t->len > 0 && t->len < 8 ? t->len : 1), t->start ? t->start : "?");
}

_Noreturn void sp_expected(sp_parser *p, const char *what)
{
    const sp_tok *t = &p->tok;
    if (t->kind == T_EOF) sp_fail(p->fc, t->line, t->col, "unexpected end-of-input, expecting %s", what);
    if (t->kind == T_NL) sp_fail(p->fc, t->line, t->col, "unexpected end of line, expecting %s", what);
    if (t->kind >= K_ALIAS && t->kind <= K__ENCODING__)
        sp_fail(p->fc, t->line, t->col, "unexpected '%.*s', expecting %s", (int)t->len, t->start, what);
    if (t->kind >= T_LPAREN || t->kind == T_SEMI)
        sp_fail(p->fc, t->line, t->col, "unexpected '%.*s', expecting %s", (int)(t->len > 0 && t->len < 8 ? t->len : 1), t->start, what);
    sp_fail(p->fc, t->line, t->col, "unexpected %s, expecting %s", sp_tok_name(t->kind), what);
}

void sp_expect(sp_parser *p, sp_tok_kind k)
{
    if (p->tok.kind != k) {
        const char *n = sp_tok_name(k);
        sp_expected(p, n);
    }
    sp_advance(p);
}

int sp_accept(sp_parser *p, sp_tok_kind k)
{
    if (p->tok.kind == k) { sp_advance(p); return 1; }
    return 0;
}

void sp_skip_nl(sp_parser *p) { while (p->tok.kind == T_NL) sp_advance(p); }
void sp_skip_terms(sp_parser *p) { while (p->tok.kind == T_NL || p->tok.kind == T_SEMI) sp_advance(p); }

void sp_depth_in(sp_parser *p)
{
    if (++p->fc->depth > p->fc->max_depth) sp_fail(p->fc, p->tok.line, p->tok.col, "nesting too deep");
}
void sp_depth_out(sp_parser *p) { p->fc->depth--; }

sp_node *sp_node_at(sp_parser *p, sp_node_kind k, const sp_tok *t)
{
    sp_node *n = ast_node(p->ar, k, t->line, t->col);
    if (t->end_line == t->line) n->end_col = t->end_col;
    return n;
}

sp_node *sp_stmts_of(sp_parser *p, sp_node *e)
{
    if (e && e->kind == N_STMTS) return e;
    sp_node *s = ast_node(p->ar, N_STMTS, e ? e->line : p->tok.line, e ? e->col : p->tok.col);
    if (e) ast_push(p->ar, &s->list, e);
    return s;
}

/* ---- scopes ------------------------------------------------------------------ */

static unsigned name_hash(const char *s)
{
    unsigned h = 2166136261u;
    while (*s) { h ^= (unsigned char)*s++; h *= 16777619u; }
    return h;
}

static int scope_has(const sp_scope *s, const char *name)
{
    if (!s->cap) return 0;
    unsigned m = (unsigned)s->cap - 1, i = name_hash(name) & m;
    while (s->names[i]) {
        if (!strcmp(s->names[i], name)) return 1;
        i = (i + 1) & m;
    }
    return 0;
}

static void scope_add(sp_parser *p, sp_scope *s, const char *name)
{
    if (scope_has(s, name)) return;
    if ((s->n + 1) * 2 > s->cap) {
        int nc = s->cap ? s->cap * 2 : 16;
        const char **nn = ast_alloc(p->ar, sizeof *nn * (size_t)nc);
        for (int k = 0; k < s->cap; k++) {
            if (!s->names[k]) continue;
            unsigned i = name_hash(s->names[k]) & (unsigned)(nc - 1);
            while (nn[i]) i = (i + 1) & (unsigned)(nc - 1);
            nn[i] = s->names[k];
        }
        s->names = nn;
        s->cap = nc;
    }
    unsigned i = name_hash(name) & (unsigned)(s->cap - 1);
    while (s->names[i]) i = (i + 1) & (unsigned)(s->cap - 1);
    s->names[i] = name;
    s->n++;
}

int sp_is_local(sp_parser *p, const char *name)
{
    for (sp_scope *s = p->sc; s; s = s->up) {
        if (scope_has(s, name)) return 1;
        if (!s->is_block) break;
    }
    return 0;
}

void sp_declare(sp_parser *p, const char *name)
{
    if (p->sc && name) scope_add(p, p->sc, name);
}

void sp_push_scope(sp_parser *p, int is_block)
{
    sp_scope *s = ast_alloc(p->ar, sizeof *s);
    s->up = p->sc;
    s->is_block = is_block;
    p->sc = s;
}

void sp_pop_scope(sp_parser *p) { if (p->sc) p->sc = p->sc->up; }

/* lexer callback: is this identifier a local (ends a value)? */
static int lex_is_local(void *ctx, const char *name, size_t len)
{
    sp_parser *p = ctx;
    char small[128];
    char *buf = len < sizeof small ? small : ast_alloc(p->ar, len + 1);
    memcpy(buf, name, len);
    buf[len] = '\0';
    if (len == 2 && name[0] == '_' && name[1] >= '1' && name[1] <= '9' && p->blk && !p->blk->has_params) return 1;
    return sp_is_local(p, buf);
}

/* ---- statements ------------------------------------------------------------- */

static int is_stmts_end(sp_tok_kind k)
{
    switch (k) {
    case T_EOF: case K_END: case K_ELSE: case K_ELSIF: case K_WHEN: case K_IN:
    case K_RESCUE: case K_ENSURE: case T_RBRACE: case T_RPAREN: case K_THEN:
        return 1;
    default:
        return 0;
    }
}

sp_node *sp_parse_stmts(sp_parser *p)
{
    sp_node *s = sp_node_at(p, N_STMTS, &p->tok);
    s->end_col = 0;
    sp_skip_terms(p);
    while (!is_stmts_end(p->tok.kind)) {
        sp_node *e = sp_parse_stmt(p);
        if (e) ast_push(p->ar, &s->list, e);
        if (p->tok.kind == T_NL || p->tok.kind == T_SEMI) { sp_skip_terms(p); continue; }
        if (is_stmts_end(p->tok.kind)) break;
        sp_unexpected(p);
    }
    return s;
}

sp_node *sp_parse_stmt(sp_parser *p)
{
    int save_multi = p->multi_ok;
    p->multi_ok = 1;
    sp_node *e = sp_parse_expr_stmt(p);
    p->multi_ok = 0;
    for (;;) {
        sp_tok t = p->tok;
        if (t.kind == K_IF || t.kind == K_UNLESS) {
            sp_advance(p);
            sp_node *c = sp_cond(sp_parse_expr_stmt(p));
            sp_node *n = ast_node(p->ar, N_IF, e->line, e->col);
            n->a = c;
            if (t.kind == K_IF) n->b = e; else { n->c = e; n->flags |= NF_UNLESS; }
            n->flags |= NF_MODIFIER;
            e = n;
        } else if (t.kind == K_WHILE || t.kind == K_UNTIL) {
            sp_advance(p);
            sp_node *c = sp_cond(sp_parse_expr_stmt(p));
            sp_node *n = ast_node(p->ar, N_WHILE, e->line, e->col);
            n->a = c;
            if (t.kind == K_UNTIL) n->flags |= NF_UNTIL;
            if (e == p->last_begin && e->kind == N_BEGIN) {
                n->flags |= NF_DO_WHILE;
                n->body = (e->list.n == 0 && !e->c && !e->d) ? e->body : sp_stmts_of(p, e);
            } else {
                n->flags |= NF_MODIFIER;
                n->body = sp_stmts_of(p, e);
            }
            e = n;
        } else if (t.kind == K_RESCUE) {
            sp_advance(p);
            sp_node *r = sp_parse_expr_stmt(p);
            sp_node *b = ast_node(p->ar, N_BEGIN, e->line, e->col);
            b->body = sp_stmts_of(p, e);
            sp_node *rc = ast_node(p->ar, N_RESCUE, t.line, t.col);
            rc->body = sp_stmts_of(p, r);
            ast_push(p->ar, &b->list, rc);
            b->flags |= NF_MODIFIER;
            e = b;
        } else break;
    }
    p->multi_ok = save_multi;
    return e;
}

static sp_node *parse_not(sp_parser *p)
{
    /* not(x) is a primary (not(true).should == false): parsed there */
    if (p->tok.kind == K_NOT && !(sp_peek(p)->kind == T_LPAREN && !sp_peek(p)->space_before)) {
        sp_tok t = p->tok;
        sp_depth_in(p);
        sp_advance(p);
        p->multi_ok = 0;
        sp_node *e = parse_not(p);
        sp_depth_out(p);
        sp_node *n = sp_node_at(p, N_CALL, &t);
        n->a = e;
        n->name = "!";
        return n;
    }
    return sp_parse_expr_top(p);
}

sp_node *sp_parse_expr_stmt(sp_parser *p)
{
    sp_node *l = parse_not(p);
    while (p->tok.kind == K_AND || p->tok.kind == K_OR) {
        sp_check_value(p, l);
        sp_node_kind k = p->tok.kind == K_AND ? N_AND : N_OR;
        sp_advance(p);
        sp_skip_nl(p);
        p->multi_ok = 0;
        sp_depth_in(p);
        sp_node *r = parse_not(p);
        sp_depth_out(p);
        sp_node *n = ast_node(p->ar, k, l->line, l->col);
        n->a = l;
        n->b = r;
        l = n;
    }
    return l;
}

/* `then` or a terminator after a condition */
static void parse_then(sp_parser *p)
{
    if (p->tok.kind == K_THEN) { sp_advance(p); return; }
    if (p->tok.kind == T_NL || p->tok.kind == T_SEMI) {
        sp_skip_terms(p);
        sp_accept(p, K_THEN);
        return;
    }
    sp_expected(p, "'then' or ';' or '\\n'");
}

static void expect_end(sp_parser *p, int line, int col)
{
    (void)line; (void)col;
    if (p->tok.kind != K_END) sp_expected(p, "'end'");
    sp_advance(p);
}

/* rescue/else/ensure clauses after a body; the caller consumes `end`. */
sp_node *sp_parse_body(sp_parser *p, int line, int col)
{
    sp_node *body = sp_parse_stmts(p);
    if (p->tok.kind != K_RESCUE && p->tok.kind != K_ENSURE && p->tok.kind != K_ELSE) return body;
    sp_node *b = ast_node(p->ar, N_BEGIN, line, col);
    b->body = body;
    while (p->tok.kind == K_RESCUE) {
        sp_tok t = p->tok;
        sp_advance(p);
        sp_node *r = sp_node_at(p, N_RESCUE, &t);
        int save = p->multi_ok;
        p->multi_ok = 0;
        while (p->tok.kind != T_ARROW && p->tok.kind != K_THEN && p->tok.kind != T_NL && p->tok.kind != T_SEMI) {
            ast_push(p->ar, &r->list, sp_parse_splat_arg(p));
            if (!sp_accept(p, T_COMMA)) break;
            sp_skip_nl(p);
        }
        if (sp_accept(p, T_ARROW)) {
            sp_node *tg = sp_parse_mlhs_item(p);
            r->a = sp_to_target(p, tg);
        }
        p->multi_ok = save;
        parse_then(p);
        r->body = sp_parse_stmts(p);
        ast_push(p->ar, &b->list, r);
    }
    if (p->tok.kind == K_ELSE) {
        sp_advance(p);
        b->c = sp_parse_stmts(p);
    }
    if (p->tok.kind == K_ENSURE) {
        sp_advance(p);
        b->d = sp_parse_stmts(p);
    }
    return b;
}

/* ---- control flow -------------------------------------------------------------- */

sp_node *sp_cond(sp_node *c)
{
    if (!c) return c;
    switch (c->kind) {
    case N_RANGE:
        c->kind = N_FLIPFLOP;
        break;
    case N_AND: case N_OR:
        c->a = sp_cond(c->a);
        c->b = sp_cond(c->b);
        break;
    case N_NOT:
        c->a = sp_cond(c->a);
        break;
    case N_STMTS:
        if (c->list.n == 1) c->list.v[0] = sp_cond(c->list.v[0]);
        break;
    default:
        break;
    }
    return c;
}

static sp_node *parse_if_rest(sp_parser *p, const sp_tok *kw, int is_unless)
{
    sp_node *n = sp_node_at(p, N_IF, kw);
    int save = p->no_do;
    p->no_do = 0;
    n->a = sp_cond(sp_parse_expr_stmt(p));
    p->no_do = save;
    parse_then(p);
    sp_node *then = sp_parse_stmts(p);
    sp_node *els = NULL;
    if (!is_unless && p->tok.kind == K_ELSIF) {
        sp_tok t = p->tok;
        sp_advance(p);
        sp_depth_in(p);
        els = parse_if_rest(p, &t, 0);
        sp_depth_out(p);
        if (is_unless) { }
        if (is_unless) n->flags |= NF_UNLESS;
        if (is_unless) { n->b = els; n->c = then; } else { n->b = then; n->c = els; }
        return n;   /* the innermost elsif consumed `end` */
    }
    if (p->tok.kind == K_ELSE) {
        sp_advance(p);
        els = sp_parse_stmts(p);
    }
    expect_end(p, kw->line, kw->col);
    if (is_unless) { n->flags |= NF_UNLESS; n->b = els; n->c = then; }
    else { n->b = then; n->c = els; }
    return n;
}

/* A while/until condition or a for's collection: a `do` after it is the
 * loop's, not a block's. */
static sp_node *loop_expr(sp_parser *p)
{
    int save = p->no_do;
    p->no_do = 1;
    sp_node *e = sp_parse_expr_stmt(p);
    p->no_do = save;
    return e;
}

/* The rest of a while/until/for: `do`, `;` or a newline, the body, `end`. */
static sp_node *loop_body(sp_parser *p, sp_node *n, const sp_tok *kw)
{
    if (!sp_accept(p, K_DO)) {
        if (p->tok.kind != T_NL && p->tok.kind != T_SEMI) sp_expected(p, "'do' or ';' or '\\n'");
    }
    n->body = sp_parse_stmts(p);
    expect_end(p, kw->line, kw->col);
    return n;
}

static sp_node *parse_while(sp_parser *p, const sp_tok *kw, int until)
{
    sp_node *n = sp_node_at(p, N_WHILE, kw);
    if (until) n->flags |= NF_UNTIL;
    n->a = sp_cond(loop_expr(p));
    return loop_body(p, n, kw);
}

static sp_node *parse_for(sp_parser *p, const sp_tok *kw)
{
    sp_node *n = sp_node_at(p, N_FOR, kw);
    sp_node *first = sp_parse_mlhs_item(p);
    first = p->tok.kind == T_COMMA ? sp_mlhs_target(p, first) : sp_to_target(p, first);
    if (p->tok.kind == T_COMMA) {
        sp_node *m = ast_node(p->ar, N_MLHS, first->line, first->col);
        ast_push(p->ar, &m->list, first);
        while (sp_accept(p, T_COMMA)) {
            if (p->tok.kind == K_IN) break;
            ast_push(p->ar, &m->list, sp_mlhs_target(p, sp_parse_mlhs_item(p)));
        }
        first = m;
    }
    n->a = first;
    if (p->tok.kind != K_IN) sp_expected(p, "'in'");
    sp_advance(p);
    n->b = loop_expr(p);
    return loop_body(p, n, kw);
}

static sp_node *parse_case(sp_parser *p, const sp_tok *kw)
{
    sp_node *subject = NULL;
    if (p->tok.kind != T_NL && p->tok.kind != T_SEMI && p->tok.kind != K_WHEN) {
        int save = p->multi_ok;
        p->multi_ok = 0;
        subject = sp_parse_expr_stmt(p);
        p->multi_ok = save;
    }
    sp_skip_terms(p);
    if (p->tok.kind == K_IN) {
        if (!subject) sp_unexpected(p);
        return sp_parse_case_in(p, subject, kw->line, kw->col);
    }
    sp_node *n = sp_node_at(p, N_CASE, kw);
    n->a = subject;
    if (p->tok.kind != K_WHEN) sp_expected(p, "'when'");
    while (p->tok.kind == K_WHEN) {
        sp_tok t = p->tok;
        sp_advance(p);
        sp_node *w = sp_node_at(p, N_WHEN, &t);
        int save = p->no_do;
        p->no_do = 0;
        for (;;) {
            ast_push(p->ar, &w->list, sp_parse_splat_arg(p));
            if (!sp_accept(p, T_COMMA)) break;
            sp_skip_nl(p);
        }
        p->no_do = save;
        parse_then(p);
        w->body = sp_parse_stmts(p);
        ast_push(p->ar, &n->list, w);
    }
    if (p->tok.kind == K_ELSE) {
        sp_advance(p);
        n->c = sp_parse_stmts(p);
    }
    expect_end(p, kw->line, kw->col);
    return n;
}

/* ---- definitions ------------------------------------------------------------------ */

/* One parameter (def or block).  `close` ends the list. */
static sp_node *parse_param(sp_parser *p, sp_tok_kind close, int is_block, int *seen_rest)
{
    sp_tok t = p->tok;
    sp_node *pr = sp_node_at(p, N_PARAM, &t);
    switch (t.kind) {
    case T_IDENT:
        sp_advance(p);
        pr->name = t.name;
        sp_declare(p, t.name);
        if (p->tok.kind == T_ASSIGN) {
            sp_advance(p);
            pr->ival = PK_OPT;
            /* a default is one arg: `def m(a = b = 1, d = 2)` does not make b's value a list */
            int save_multi = p->multi_ok;
            p->multi_ok = 0;
            pr->a = is_block ? sp_parse_binary(p, PREC_PIPE + 1) : sp_parse_arg(p);
            p->multi_ok = save_multi;
        } else pr->ival = *seen_rest ? PK_POST : PK_REQ;
        return pr;
    case T_LABEL:
        sp_advance(p);
        pr->name = t.name;
        sp_declare(p, t.name);
        if (p->tok.kind == T_COMMA || p->tok.kind == close || p->tok.kind == T_NL || p->tok.kind == T_SEMI
            || (close == T_PIPE && p->tok.kind == T_PIPE)
            /* `-> x: { }`: the lambda's body, not a default (no_do 2: unparenthesized lambda params) */
            || (p->no_do == 2 && (p->tok.kind == T_LBRACE || p->tok.kind == K_DO))) pr->ival = PK_KEYREQ;
        else {
            pr->ival = PK_KEY;
            int save_multi = p->multi_ok;
            p->multi_ok = 0;
            pr->a = is_block ? sp_parse_binary(p, PREC_PIPE + 1) : sp_parse_arg(p);
            p->multi_ok = save_multi;
        }
        return pr;
    case T_SPLAT: case T_STAR:
        sp_advance(p);
        pr->ival = PK_REST;
        *seen_rest = 1;
        if (p->tok.kind == T_IDENT) { pr->name = p->tok.name; sp_declare(p, pr->name); sp_advance(p); }
        return pr;
    case T_DSPLAT: case T_POW:
        sp_advance(p);
        if (p->tok.kind == K_NIL) { sp_advance(p); pr->ival = PK_NOKW; return pr; }
        pr->ival = PK_KWREST;
        if (p->tok.kind == T_IDENT) { pr->name = p->tok.name; sp_declare(p, pr->name); sp_advance(p); }
        return pr;
    case T_BLOCKAMP: case T_AMP:
        sp_advance(p);
        pr->ival = PK_BLOCK;
        if (p->tok.kind == T_IDENT) { pr->name = p->tok.name; sp_declare(p, pr->name); sp_advance(p); }
        return pr;
    case T_BDOT3: case T_DOT3:
        if (is_block) sp_unexpected(p);
        sp_advance(p);
        pr->ival = PK_FWD;
        sp_declare(p, "...");
        return pr;
    case T_LPAREN: {
        sp_advance(p);
        pr->ival = PK_DESTRUCT;
        int rest = 0;
        sp_depth_in(p);
        while (p->tok.kind != T_RPAREN) {
            ast_push(p->ar, &pr->list, parse_param(p, T_RPAREN, is_block, &rest));
            if (!sp_accept(p, T_COMMA)) break;
        }
        sp_depth_out(p);
        sp_expect(p, T_RPAREN);
        return pr;
    }
    default:
        sp_unexpected(p);
    }
}

/* `def f(a, a)`: CRuby's "duplicated argument name" (names starting with _ may repeat) */
static void check_dup_params(sp_parser *p, const sp_node *ps, const sp_node *pr)
{
    if (!pr->name || pr->name[0] == '_' || !strcmp(pr->name, "...")) return;
    for (int i = 0; i < ps->list.n; i++) {
        const sp_node *q = ps->list.v[i];
        if (q == pr) continue;
        if (q->ival == PK_DESTRUCT) { check_dup_params(p, q, pr); continue; }
        if (q->name && !strcmp(q->name, pr->name))
            sp_fail(p->fc, pr->line, pr->col, "duplicated argument name");
    }
}

/* Does a parameter of ps (destructured ones included) other than pr have
 * pr's name? */
static int param_named(const sp_node *ps, const sp_node *pr)
{
    for (int i = 0; i < ps->list.n; i++) {
        const sp_node *q = ps->list.v[i];
        if (q == pr) continue;
        if (q->ival == PK_DESTRUCT && param_named(q, pr)) return 1;
        if (q->name && !strcmp(q->name, pr->name)) return 1;
    }
    return 0;
}

/* `def m(_, _)`: a repeated _-name is a parameter of its own (zsuper
 * passes each one's value; the body's `_` is the first), named "_%N". */
static void rename_dup_underscore(sp_parser *p, const sp_node *ps, sp_node *pr)
{
    if (!pr->name || pr->name[0] != '_' || !param_named(ps, pr)) return;
    size_t l = strlen(pr->name);
    char *nm = ast_alloc(p->ar, l + 16);
    snprintf(nm, l + 16, "%s%%%d", pr->name, ps->list.n);
    pr->name = nm;
    sp_declare(p, nm);
}

sp_node *sp_parse_params(sp_parser *p, sp_tok_kind close, int is_block)
{
    sp_node *ps = sp_node_at(p, N_PARAMS, &p->tok);
    int seen_rest = 0;
    if (close != T_NL) sp_skip_nl(p);
    int lam = close == T_LAMBDA;   /* `-> a, b {` : ends at { or do */
    if (lam) close = T_NL;
    while (p->tok.kind != close && !(close == T_NL && (p->tok.kind == T_SEMI || p->tok.kind == T_ASSIGN))
           && !(lam && (p->tok.kind == T_LBRACE || p->tok.kind == K_DO))) {
        if (is_block && p->tok.kind == T_SEMI) break;
        sp_node *pr = parse_param(p, close, is_block, &seen_rest);
        check_dup_params(p, ps, pr);
        rename_dup_underscore(p, ps, pr);
        ast_push(p->ar, &ps->list, pr);
        if (close != T_NL) sp_skip_nl(p);
        if (!sp_accept(p, T_COMMA)) break;
        if (close != T_NL) sp_skip_nl(p);
        if (is_block && p->tok.kind == close) {
            /* |a, | : an implicit anonymous rest */
            sp_node *r = sp_node_at(p, N_PARAM, &p->tok);
            r->ival = PK_REST;
            r->flags |= NF_EXCESS;
            ast_push(p->ar, &ps->list, r);
        }
    }
    if (is_block && p->tok.kind == T_SEMI) {
        sp_advance(p);
        for (;;) {
            sp_skip_nl(p);
            if (p->tok.kind != T_IDENT) sp_unexpected(p);
            sp_node *v = sp_node_at(p, N_LVAR, &p->tok);
            v->name = p->tok.name;
            sp_declare(p, v->name);
            ast_push(p->ar, &ps->list2, v);
            sp_advance(p);
            if (!sp_accept(p, T_COMMA)) break;
        }
        sp_skip_nl(p);
    }
    if (lam) {
        if (p->tok.kind != T_LBRACE && p->tok.kind != K_DO) sp_expected(p, "'{' or 'do'");
    } else if (close == T_NL) {
        if (p->tok.kind != T_NL && p->tok.kind != T_SEMI && p->tok.kind != T_ASSIGN) sp_unexpected(p);
    } else {
        /* after `def f(a)` an expression may start: `def f(s) /re/ end` */
        if (close == T_RPAREN && !is_block && p->tok.kind == T_RPAREN && !p->has_peek) p->lx.state = LX_BEG;
        sp_expect(p, close);
    }
    return ps;
}

static int is_fname_tok(const sp_tok *t)
{
    return t->kind == T_IDENT || t->kind == T_FID || t->kind == T_CONST || t->kind == T_OPNAME
        || (t->kind >= K_ALIAS && t->kind <= K__ENCODING__) || t->kind == T_BANG || t->kind == T_TILDE
        || t->kind == T_UPLUS || t->kind == T_UMINUS || t->kind == T_PLUS || t->kind == T_MINUS;
}

static const char *fname_of(sp_parser *p, const sp_tok *t)
{
    if (t->name) return t->name;
    return ast_strndup(p->ar, t->start, t->len);
}

static sp_node *parse_def(sp_parser *p, const sp_tok *kw)
{
    sp_node *n = sp_node_at(p, N_DEF, kw);
    sp_tok t = p->tok;
    if (t.kind == T_LPAREN) {
        /* def (expr).name */
        sp_advance(p);
        sp_skip_nl(p);
        n->a = sp_parse_expr_stmt(p);
        sp_skip_nl(p);
        if (p->tok.kind != T_RPAREN) sp_expected(p, "')'");
        sp_advance(p);
        if (p->tok.kind != T_DOT && p->tok.kind != T_COLON2) sp_expected(p, "'.'");
        sp_advance(p);
        t = p->tok;
        if (!is_fname_tok(&t)) sp_unexpected(p);
        sp_advance(p);
    } else {
        if (!is_fname_tok(&t) && t.kind != T_IVAR && t.kind != T_GVAR && t.kind != T_CVAR) sp_unexpected(p);
        sp_advance(p);
        if (p->tok.kind == T_DOT || p->tok.kind == T_COLON2) {
            /* singleton def: def self.x / def obj.x / def Const.x */
            sp_node *recv;
            if (t.kind == K_SELF) recv = sp_node_at(p, N_SELF, &t);
            else if (t.kind == T_CONST) { recv = sp_node_at(p, N_CONST, &t); recv->name = t.name; }
            else if (t.kind == T_IVAR) { recv = sp_node_at(p, N_IVAR, &t); recv->name = t.name; }
            else if (t.kind == T_GVAR) { recv = sp_node_at(p, N_GVAR, &t); recv->name = t.name; }
            else if (t.kind == T_CVAR) { recv = sp_node_at(p, N_CVAR, &t); recv->name = t.name; }
            else if (t.kind == T_IDENT && sp_is_local(p, t.name)) { recv = sp_node_at(p, N_LVAR, &t); recv->name = t.name; }
            else if (t.kind == T_IDENT) { recv = sp_node_at(p, N_CALL, &t); recv->name = t.name; recv->flags |= NF_VCALL; }
            else sp_unexpected(p);
            n->a = recv;
            sp_advance(p);
            t = p->tok;
            if (!is_fname_tok(&t)) sp_unexpected(p);
            sp_advance(p);
        } else if (t.kind == T_IVAR || t.kind == T_GVAR || t.kind == T_CVAR) {
            sp_fail(p->fc, t.line, t.col, "unexpected %s", sp_tok_name(t.kind));
        }
    }
    const char *name = fname_of(p, &t);
    if (t.kind == T_UPLUS || t.kind == T_PLUS) name = (t.len == 2) ? "+@" : "+";
    if (t.kind == T_UMINUS || t.kind == T_MINUS) name = (t.len == 2) ? "-@" : "-";
    if (t.kind == T_OPNAME && t.name) name = t.name;
    /* `def foo=(v)` lexed as ident + '=' ... handled by the lexer; `def x= (v)` too rare */
    n->name = name;
    n->line = kw->line; n->col = kw->col;
    sp_scope *saved_sc = p->sc;
    sp_blockinfo *saved_blk = p->blk;
    int save_no_do = p->no_do, save_multi = p->multi_ok;
    p->no_do = 0;
    p->blk = NULL;
    sp_push_scope(p, 0);
    p->in_def++;
    if (p->tok.kind == T_LPAREN) {
        sp_advance(p);
        n->c = sp_parse_params(p, T_RPAREN, 0);
    } else if (p->tok.kind != T_NL && p->tok.kind != T_SEMI && p->tok.kind != T_ASSIGN) {
        n->c = sp_parse_params(p, T_NL, 0);
    }
    if (p->tok.kind == T_ASSIGN) {
        /* endless def; `def x=(v) = ...` is a syntax error in Ruby (only
         * operator names such as == and []= may end in '=' there) */
        size_t nl = strlen(name);
        if (nl > 1 && name[nl - 1] == '=' && (isalpha((unsigned char)name[0]) || name[0] == '_' || (unsigned char)name[0] >= 0x80))
            sp_fail(p->fc, t.line, t.col, "invalid method name; a setter method cannot be defined in an endless method definition");
        sp_advance(p);
        sp_skip_nl(p);
        n->flags |= NF_ENDLESS;
        sp_node *e = sp_rescue_mod(p, sp_parse_arg(p));
        n->body = sp_stmts_of(p, e);
    } else {
        n->body = sp_parse_body(p, kw->line, kw->col);
        expect_end(p, kw->line, kw->col);
    }
    p->in_def--;
    p->sc = saved_sc;
    p->blk = saved_blk;
    p->no_do = save_no_do;
    p->multi_ok = save_multi;
    return n;
}

static sp_node *parse_cpath(sp_parser *p)
{
    sp_node *c;
    if (p->tok.kind == T_COLON3) {
        sp_advance(p);
        if (p->tok.kind != T_CONST) sp_expected(p, "constant");
        c = sp_node_at(p, N_CONST, &p->tok);
        c->name = p->tok.name;
        c->flags |= NF_TOPLEVEL;
        sp_advance(p);
    } else if (p->tok.kind == T_CONST) {
        c = sp_node_at(p, N_CONST, &p->tok);
        c->name = p->tok.name;
        sp_advance(p);
    } else {
        /* `class m::N`, `module nil::Foo`, `class (expr)::N`: a scope
           computed at run time (checked there: "nil is not a class/module") */
        if ((p->tok.kind == T_IDENT || p->tok.kind == T_FID) && sp_peek(p)->kind != T_COLON2)
            sp_fail(p->fc, p->tok.line, p->tok.col, "class/module name must be CONSTANT");
        c = sp_parse_primary(p);
        if (p->tok.kind != T_COLON2) sp_expected(p, "constant");
    }
    while (p->tok.kind == T_COLON2) {
        sp_advance(p);
        if (p->tok.kind != T_CONST) sp_expected(p, "constant");
        sp_node *s = sp_node_at(p, N_CONST, &p->tok);
        s->name = p->tok.name;
        s->a = c;
        c = s;
        sp_advance(p);
    }
    return c;
}

static sp_node *parse_class(sp_parser *p, const sp_tok *kw, int is_module)
{
    sp_node *n;
    int save_no_do = p->no_do, save_multi = p->multi_ok;
    sp_blockinfo *saved_blk = p->blk;
    p->no_do = 0;
    if (!is_module && p->tok.kind == T_LSHIFT) {
        sp_advance(p);
        n = sp_node_at(p, N_SCLASS, kw);
        n->a = sp_parse_expr_stmt(p);
        if (p->tok.kind != T_NL && p->tok.kind != T_SEMI) sp_expected(p, "';' or '\\n'");
    } else {
        n = sp_node_at(p, is_module ? N_MODULE : N_CLASS, kw);
        n->a = parse_cpath(p);
        if (!is_module && p->tok.kind == T_LT) {
            sp_advance(p);
            p->multi_ok = 0;
            n->b = sp_parse_arg(p);
        }
    }
    sp_scope *saved = p->sc;
    p->blk = NULL;
    sp_push_scope(p, 0);
    int save_def = p->in_def;
    p->in_def = 0;
    n->body = sp_parse_body(p, kw->line, kw->col);
    expect_end(p, kw->line, kw->col);
    p->in_def = save_def;
    p->sc = saved;
    p->blk = saved_blk;
    p->no_do = save_no_do;
    p->multi_ok = save_multi;
    return n;
}

static sp_node *fname_sym(sp_parser *p)
{
    sp_tok t = p->tok;
    sp_node *n;
    if (t.kind == T_SYMBOL) { n = sp_node_at(p, N_SYM, &t); n->name = t.name; }
    else if (t.kind == T_DSYM) {
        size_t len = 0;
        for (int i = 0; i < t.parts.n; i++) {
            /* alias :"#{x}" y / undef :"#{x}": the name is computed at run
               time (the emitter evaluates the operand) */
            if (t.parts.v[i].kind != SP_PART_LIT) return sp_parse_primary(p);
            len += t.parts.v[i].len;
        }
        n = sp_node_at(p, N_SYM, &t);
        char *s = ast_alloc(p->ar, len + 1);
        len = 0;
        for (int i = 0; i < t.parts.n; i++) { memcpy(s + len, t.parts.v[i].s, t.parts.v[i].len); len += t.parts.v[i].len; }
        n->name = s;
    } else if (t.kind == T_GVAR || t.kind == T_BACK_REF || t.kind == T_NTH_REF) {
        n = sp_node_at(p, N_GVAR, &t);
        n->name = t.name;
    } else if (is_fname_tok(&t)) {
        n = sp_node_at(p, N_SYM, &t);
        n->name = fname_of(p, &t);
    } else sp_unexpected(p);
    sp_advance(p);
    return n;
}

/* Keyword-led primaries; NULL if the current token does not start one. */
sp_node *sp_parse_keyword_primary(sp_parser *p)
{
    sp_tok kw = p->tok;
    switch (kw.kind) {
    case K_IF: case K_UNLESS: sp_advance(p); return parse_if_rest(p, &kw, kw.kind == K_UNLESS);
    case K_WHILE: case K_UNTIL: sp_advance(p); return parse_while(p, &kw, kw.kind == K_UNTIL);
    case K_FOR: sp_advance(p); return parse_for(p, &kw);
    case K_CASE: sp_advance(p); return parse_case(p, &kw);
    case K_DEF: sp_advance(p); return parse_def(p, &kw);
    case K_CLASS: sp_advance(p); return parse_class(p, &kw, 0);
    case K_MODULE: sp_advance(p); return parse_class(p, &kw, 1);
    case K_BEGIN: {
        sp_advance(p);
        int save_no_do = p->no_do;
        p->no_do = 0;
        sp_node *b = sp_parse_body(p, kw.line, kw.col);
        p->no_do = save_no_do;
        expect_end(p, kw.line, kw.col);
        if (b->kind != N_BEGIN) {
            sp_node *nb = sp_node_at(p, N_BEGIN, &kw);
            nb->body = b;
            b = nb;
        }
        b->line = kw.line; b->col = kw.col;
        p->last_begin = b;
        return b;
    }
    case K_ALIAS: {
        sp_advance(p);
        sp_node *n = sp_node_at(p, N_ALIAS, &kw);
        n->a = fname_sym(p);
        n->b = fname_sym(p);
        return n;
    }
    case K_UNDEF: {
        sp_advance(p);
        sp_node *n = sp_node_at(p, N_UNDEF, &kw);
        for (;;) {
            ast_push(p->ar, &n->list, fname_sym(p));
            if (!sp_accept(p, T_COMMA)) break;
        }
        return n;
    }
    case K_BEGIN_UP: case K_END_UP: {
        sp_advance(p);
        sp_node *n = sp_node_at(p, kw.kind == K_BEGIN_UP ? N_BEGIN_BLOCK : N_END_BLOCK, &kw);
        if (p->tok.kind != T_LBRACE) sp_expected(p, "'{'");
        sp_advance(p);
        int save_no_do = p->no_do;
        p->no_do = 0;
        n->body = sp_parse_stmts(p);
        p->no_do = save_no_do;
        sp_expect(p, T_RBRACE);
        return n;
    }
    default:
        return NULL;
    }
}

/* ---- interpolation sub-parser ----------------------------------------------------- */

sp_node *sp_parse_interp(sp_parser *p, const sp_strpart *pt)
{
    sp_parser sub;
    memset(&sub, 0, sizeof sub);
    sub.ar = p->ar;
    sub.fc = p->fc;
    sub.sc = p->sc;
    sub.blk = p->blk;
    sub.frozen = p->frozen;
    sub.src_enc = p->src_enc;
    sub.in_def = p->in_def;
    sp_lex_init(&sub.lx, p->fc, p->ar, p->fc->src, pt->ip, pt->iend, pt->line);
    sub.lx.hd_lim = p->lx.hd_lim;
    sub.lx.hd_resume = pt->hd_resume;
    sub.lx.hd_resume_line = pt->hd_line;
    sub.lx.is_local = lex_is_local;
    sub.lx.local_ctx = &sub;
    sp_advance(&sub);
    sp_node *s = sp_parse_stmts(&sub);
    if (sub.tok.kind != T_EOF) sp_unexpected(&sub);
    return s;
}

/* ---- entry point ------------------------------------------------------------------- */

static int magic_frozen(const char *src, size_t len)
{
    /* leading comment lines only */
    size_t i = 0;
    while (i < len) {
        while (i < len && (src[i] == ' ' || src[i] == '\t')) i++;
        if (i >= len || src[i] != '#') return 0;
        size_t e = i;
        while (e < len && src[e] != '\n') e++;
        const char *k = "frozen_string_literal:";
        size_t kl = strlen(k);
        for (size_t j = i; j + kl <= e; j++) {
            if (memcmp(src + j, k, kl) == 0) {
                size_t v = j + kl;
                while (v < e && (src[v] == ' ' || src[v] == '\t')) v++;
                if (e - v >= 4 && strncasecmp(src + v, "true", 4) == 0) return 1;
                return 0;
            }
        }
        i = e + 1;
    }
    return 0;
}

/* The source encoding a `coding:`/`encoding:` magic comment on the first
 * line (the second after a shebang) names: 0 UTF-8 (also for any encoding
 * Spinel does not model), 1 ASCII-8BIT, 2 US-ASCII. */
static int magic_encoding(const char *src, size_t len)
{
    size_t i = 0;
    for (int line = 0; line < 2 && i < len; line++) {
        size_t e = i;
        while (e < len && src[e] != '\n') e++;
        int shebang = line == 0 && e - i >= 2 && src[i] == '#' && src[i + 1] == '!';
        if (!shebang && src[i] == '#') {
            for (size_t j = i; j + 6 < e; j++) {
                if (strncasecmp(src + j, "coding", 6) != 0) continue;
                size_t v = j + 6;
                if (v >= e || (src[v] != ':' && src[v] != '=')) continue;
                v++;
                while (v < e && (src[v] == ' ' || src[v] == '\t')) v++;
                size_t w = v;
                while (w < e && (isalnum((unsigned char)src[w]) || src[w] == '-' || src[w] == '_')) w++;
                size_t n = w - v;
                if ((n == 6 && !strncasecmp(src + v, "binary", n)) || (n == 10 && !strncasecmp(src + v, "ascii-8bit", n)))
                    return 1;
                if ((n == 8 && !strncasecmp(src + v, "us-ascii", n)) || (n == 5 && !strncasecmp(src + v, "ascii", n)))
                    return 2;
                return 0;
            }
        }
        if (!shebang) break;
        i = e + 1;
    }
    return 0;
}

typedef struct parse_job {
    const char *path, *src;
    size_t len;
    sp_ast *result;
    const char *const *locals;   /* sp_parse_locals: names already local */
    int nlocals;
} parse_job;

static void *parse_thread(void *arg)
{
    parse_job *job = arg;
    sp_fail_ctx *fc = calloc(1, sizeof *fc);
    sp_parser *p = calloc(1, sizeof *p);
    struct ast_arena *ar = ast_arena_new();
    if (!fc || !p) { free(fc); free(p); ast_arena_free(ar); return NULL; }
    fc->path = job->path;
    fc->src = job->src;
    fc->src_len = job->len;
    fc->max_depth = MAX_DEPTH;
    p->ar = ar;
    p->fc = fc;
    p->frozen = magic_frozen(job->src, job->len);
    p->src_enc = magic_encoding(job->src, job->len);
    if (setjmp(fc->jb)) {
        ast_arena_free(ar);
        free(fc);
        free(p);
        job->result = NULL;
        return NULL;
    }
    sp_push_scope(p, 0);
    for (int i = 0; i < job->nlocals; i++) sp_declare(p, job->locals[i]);
    const char *start = job->src;
    /* skip a UTF-8 BOM */
    if (job->len >= 3 && (unsigned char)start[0] == 0xef && (unsigned char)start[1] == 0xbb && (unsigned char)start[2] == 0xbf) start += 3;
    sp_lex_init(&p->lx, fc, ar, job->src, start, job->src + job->len, 1);
    p->lx.is_local = lex_is_local;
    p->lx.local_ctx = p;
    sp_advance(p);
    sp_node *root = sp_parse_stmts(p);
    if (p->tok.kind != T_EOF) sp_unexpected(p);
    if (p->lx.data) {
        sp_node *d = ast_node(ar, N_DATA, p->tok.line, 1);
        d->str = ast_strndup(ar, p->lx.data, p->lx.data_len);
        d->len = p->lx.data_len;
        ast_push(ar, &root->list, d);
    }
    sp_ast *ast = calloc(1, sizeof *ast);
    ast->path = job->path;
    ast->src = job->src;
    ast->src_len = job->len;
    ast->root = root;
    ast->arena = ar;
    free(fc);
    free(p);
    job->result = ast;
    return NULL;
}

/* Parse on the calling thread (its stack must hold MAX_DEPTH levels:
 * about 2 MB without sanitizers).  Used by the fuzzer. */
sp_ast *sp_parse_direct(const char *path, const char *src, size_t len)
{
    parse_job job = { path, src, len, NULL, NULL, 0 };
    parse_thread(&job);
    return job.result;
}

sp_ast *sp_parse(const char *path, const char *src, size_t len)
{
    return sp_parse_locals(path, src, len, NULL, 0);
}

/* Parse code that sees the given names as local variables (the string
 * of an eval compiled in place, codegen/emit/ceval.c). */
sp_ast *sp_parse_locals(const char *path, const char *src, size_t len, const char *const *locals, int nlocals)
{
    parse_job job = { path, src, len, NULL, locals, nlocals };
    pthread_attr_t attr;
    pthread_t th;
    /* A big, lazily committed stack: recursion is bounded by MAX_DEPTH,
     * and this makes that bound safe even under sanitizers. */
    if (pthread_attr_init(&attr) == 0 && pthread_attr_setstacksize(&attr, (size_t)1 << 30) == 0
        && pthread_create(&th, &attr, parse_thread, &job) == 0) {
        pthread_join(th, NULL);
        pthread_attr_destroy(&attr);
    } else {
        parse_thread(&job);
    }
    return job.result;
}

void sp_ast_free(sp_ast *ast)
{
    if (!ast) return;
    ast_arena_free(ast->arena);
    free(ast);
}

/*
 * parser_expr.c — expressions: assignment, ternary, ranges, binary
 * operators (precedence climbing), unary operators, primaries, literals,
 * calls with and without parentheses, blocks, lambdas, multiple
 * assignment and case/in patterns.
 *
 * Binary precedence (higher binds tighter):
 *   1 ||   2 &&   4 <=> == === != =~ !~ (non-assoc)   5 < <= > >=
 *   6 | ^   7 &   8 << >>   9 + -   10 * / %   11 unary -   12 ** (right)
 * Above them: `!` `~` unary `+`.  Below: `..`/`...`, `? :`, `rescue`
 * modifier on assignment right-hand sides, `=`/op-assign (right), then
 * `not`, `and`/`or` and statement modifiers (parser.c).
 *
 * Command calls: an identifier that is not a local, followed (after a
 * space) by something that can only start an argument, takes the rest of
 * the line's comma-separated arguments.  While those are parsed `no_do`
 * is set, so `puts [1].map do ... end` gives the do-block to `puts`;
 * `{ }` blocks always bind to the nearest call.
 */
#include "parser.h"

#include <stdlib.h>
#include <string.h>

/* Longest left-associative chain (a + b + ... / a.b.c...): the tree is
 * that deep, and later passes recurse over it. */
#define MAX_CHAIN 10000

static sp_node *parse_ternary(sp_parser *p);
static sp_node *parse_array(sp_parser *p);
static sp_node *parse_hash(sp_parser *p);
static sp_node *parse_lambda(sp_parser *p);

/* ---- small helpers -------------------------------------------------------------- */

static sp_node *mk_call(sp_parser *p, sp_node *recv, const char *name, const sp_tok *at)
{
    sp_node *n = sp_node_at(p, N_CALL, at);
    n->a = recv;
    n->name = name;
    return n;
}

static sp_node *mk_lit(sp_parser *p, sp_node_kind k, const sp_tok *t, const char *s, size_t len)
{
    sp_node *n = sp_node_at(p, k, t);
    n->str = ast_strndup(p->ar, s, len);
    n->len = len;
    return n;
}

/* True if `t` can begin an expression (used for optional values). */
int sp_can_start_value(const sp_tok *t)
{
    switch (t->kind) {
    case T_INT: case T_FLOAT: case T_STRING: case T_XSTRING: case T_SYMBOL: case T_DSYM:
    case T_REGEX: case T_WORDS: case T_SYMBOLS: case T_CHAR: case T_IDENT: case T_FID:
    case T_CONST: case T_IVAR: case T_GVAR: case T_CVAR: case T_NTH_REF: case T_BACK_REF:
    case T_LABEL: case T_STRLABEL: case T_COLON3: case T_LAMBDA: case T_UMINUS: case T_UMINUS_NUM:
    case T_UPLUS: case T_SPLAT: case T_DSPLAT: case T_BLOCKAMP: case T_BANG: case T_TILDE:
    case T_LBRACK: case T_LPAREN: case T_BDOT2: case T_BDOT3:
    case K_NIL: case K_TRUE: case K_FALSE: case K_SELF: case K_DEF: case K_DEFINED: case K_SUPER:
    case K_YIELD: case K__FILE__: case K__LINE__: case K__ENCODING__: case K_NOT: case K_CASE:
    case K_BEGIN: case K_IF: case K_UNLESS: case K_WHILE: case K_UNTIL: case K_CLASS: case K_MODULE:
    case K_FOR:
        return 1;
    default:
        return 0;
    }
}

/* After a method name without parens: does `t` start a command argument? */
int sp_can_start_arg(sp_parser *p, const sp_tok *t)
{
    (void)p;
    if (!t->space_before) return 0;
    switch (t->kind) {
    case T_INT: case T_FLOAT: case T_STRING: case T_XSTRING: case T_SYMBOL: case T_DSYM:
    case T_REGEX: case T_WORDS: case T_SYMBOLS: case T_CHAR: case T_IDENT: case T_FID:
    case T_CONST: case T_IVAR: case T_GVAR: case T_CVAR: case T_NTH_REF: case T_BACK_REF:
    case T_LABEL: case T_STRLABEL: case T_COLON3: case T_LAMBDA: case T_UMINUS: case T_UMINUS_NUM:
    case T_UPLUS: case T_SPLAT: case T_DSPLAT: case T_BLOCKAMP: case T_BANG: case T_TILDE:
    case T_LBRACK: case T_LPAREN:
    case K_NIL: case K_TRUE: case K_FALSE: case K_SELF: case K_DEF: case K_DEFINED: case K_SUPER:
    case K_YIELD: case K__FILE__: case K__LINE__: case K__ENCODING__: case K_CASE: case K_BEGIN:
    case K_NOT:
        return 1;
    case T_BDOT3:
        return 0;
    default:
        return 0;
    }
}

/* ---- strings ---------------------------------------------------------------------- */

/* Build N_STR (all literal) or `dkind` with N_STR / N_EVSTR parts. */
static sp_node *parts_node(sp_parser *p, const sp_tok *t, const sp_parts *ps, int from, int to,
                           sp_node_kind dkind)
{
    int interp = 0;
    size_t total = 0;
    for (int i = from; i < to; i++) {
        if (ps->v[i].kind == SP_PART_INTERP) interp = 1;
        else total += ps->v[i].len;
    }
    if (!interp) {
        char *s = ast_alloc(p->ar, total + 1);
        size_t at = 0;
        for (int i = from; i < to; i++) { memcpy(s + at, ps->v[i].s, ps->v[i].len); at += ps->v[i].len; }
        sp_node *n = sp_node_at(p, N_STR, t);
        n->str = s;
        n->len = total;
        if (p->frozen) n->flags |= NF_FROZEN;
        /* under `# coding: us-ascii` only \x escapes put non-ASCII bytes
         * into a literal (CRuby makes it ASCII-8BIT then) */
        int ascii = 1, u8 = 0;
        for (size_t i = 0; i < total; i++) if ((unsigned char)s[i] >= 0x80) ascii = 0;
        /* a \u escape of a non-ASCII character makes the literal UTF-8 */
        for (int i = from; i < to; i++) u8 |= ps->v[i].utf8;
        if (u8) ;
        else if (p->src_enc == 1 || (p->src_enc == 2 && !ascii)) n->flags |= NF_ENC_BINARY;
        else if (p->src_enc == 2) n->flags |= NF_ENC_USASCII;
        return n;
    }
    sp_node *d = sp_node_at(p, dkind, t);
    for (int i = from; i < to; i++) {
        const sp_strpart *pt = &ps->v[i];
        if (pt->kind == SP_PART_LIT) {
            if (pt->len == 0) continue;
            /* merge adjacent literal parts */
            if (d->list.n && d->list.v[d->list.n - 1]->kind == N_STR) {
                sp_node *last = d->list.v[d->list.n - 1];
                char *s = ast_alloc(p->ar, last->len + pt->len + 1);
                memcpy(s, last->str, last->len);
                memcpy(s + last->len, pt->s, pt->len);
                last->str = s;
                last->len += pt->len;
                continue;
            }
            sp_node *n = sp_node_at(p, N_STR, t);
            n->str = ast_strndup(p->ar, pt->s, pt->len);
            n->len = pt->len;
            ast_push(p->ar, &d->list, n);
        } else if (pt->kind == SP_PART_INTERP) {
            sp_node *ev = ast_node(p->ar, N_EVSTR, pt->line, pt->col);
            ev->a = sp_parse_interp(p, pt);
            ast_push(p->ar, &d->list, ev);
        }
    }
    return d;
}

static sp_node *sym_from_parts(sp_parser *p, const sp_tok *t, const sp_parts *ps, int from, int to)
{
    sp_node *n = parts_node(p, t, ps, from, to, N_DSYM);
    if (n->kind == N_STR) {
        n->kind = N_SYM;
        n->name = n->str;
        n->str = NULL;
        n->len = 0;
        n->flags &= ~NF_FROZEN;
    }
    return n;
}

static sp_node *parse_string(sp_parser *p)
{
    sp_tok t = p->tok;
    sp_parts all = t.parts;
    int heredoc = t.heredoc;
    sp_advance(p);
    /* adjacent literals: "a" "b" */
    while (p->tok.kind == T_STRING && !heredoc && !p->tok.heredoc) {
        sp_parts m;
        m.n = all.n + p->tok.parts.n;
        m.cap = m.n;
        m.v = ast_alloc(p->ar, sizeof *m.v * (size_t)(m.n ? m.n : 1));
        if (all.n) memcpy(m.v, all.v, sizeof *m.v * (size_t)all.n);
        if (p->tok.parts.n) memcpy(m.v + all.n, p->tok.parts.v, sizeof *m.v * (size_t)p->tok.parts.n);
        all = m;
        sp_advance(p);
    }
    return parts_node(p, &t, &all, 0, all.n, N_DSTR);
}

static sp_node *parse_words(sp_parser *p)
{
    sp_tok t = p->tok;
    sp_advance(p);
    sp_node *arr = sp_node_at(p, N_ARRAY, &t);
    int start = 0;
    for (int i = 0; i <= t.parts.n; i++) {
        if (i == t.parts.n || t.parts.v[i].kind == SP_PART_SEP) {
            if (i > start) {
                sp_node *e = t.kind == T_WORDS ? parts_node(p, &t, &t.parts, start, i, N_DSTR)
                                               : sym_from_parts(p, &t, &t.parts, start, i);
                ast_push(p->ar, &arr->list, e);
            }
            start = i + 1;
        }
    }
    return arr;
}

/* ---- numbers ------------------------------------------------------------------------ */

static sp_node *number_node(sp_parser *p, const sp_tok *t, int neg)
{
    sp_node *n;
    if (t->kind == T_FLOAT && t->digits) {
        /* 1.5r: Rational("1.5"), exact */
        n = sp_node_at(p, N_STR, t);
        size_t l = strlen(t->digits);
        n->str = ast_alloc(p->ar, l + 2);
        if (neg) n->str[0] = '-';
        memcpy(n->str + (neg ? 1 : 0), t->digits, l + 1);
        n->len = l + (neg ? 1 : 0);
    } else if (t->kind == T_FLOAT) {
        n = sp_node_at(p, N_FLOAT, t);
        n->fval = neg ? -t->fval : t->fval;
    } else {
        n = sp_node_at(p, N_INT, t);
        if (t->digits) {
            if (neg && !strcmp(t->digits, "9223372036854775808")) n->ival = INT64_MIN;
            else {
                n->flags |= NF_BIGNUM;
                size_t l = strlen(t->digits);
                n->str = ast_alloc(p->ar, l + 2);
                if (neg) { n->str[0] = '-'; memcpy(n->str + 1, t->digits, l + 1); n->len = l + 1; }
                else { memcpy(n->str, t->digits, l + 1); n->len = l; }
            }
        } else n->ival = neg ? -t->ival : t->ival;
    }
    if (t->num_suffix) {
        sp_node *w = sp_node_at(p, t->num_suffix == 'i' ? N_IMAGINARY : N_RATIONAL, t);
        w->a = n;
        if (t->num_suffix == 'R') {
            sp_node *im = sp_node_at(p, N_IMAGINARY, t);
            im->a = w;
            w = im;
        }
        n = w;
    }
    return n;
}

/* ---- arguments ------------------------------------------------------------------------- */

static sp_node *kw_hash(sp_parser *p, sp_node *call, sp_node **kw, const sp_tok *at)
{
    if (!*kw) {
        *kw = sp_node_at(p, N_HASH, at);
        (*kw)->flags |= NF_KWARGS;
        ast_push(p->ar, &call->list, *kw);
    }
    return *kw;
}

static sp_node *label_value(sp_parser *p, const sp_tok *lt, sp_tok_kind close)
{
    /* `f(x:)` / `{x:}` value omission.  The lexer drops a newline after a
     * label (CRuby's too), so `f x:<NL>end` reaches here at `end`: the value
     * is omitted when what follows cannot begin one. */
    if (p->tok.kind == T_COMMA || p->tok.kind == close || p->tok.kind == T_NL || p->tok.kind == T_RPAREN
        || p->tok.kind == T_RBRACE || p->tok.kind == T_EOF
        || (p->tok.kind != T_LBRACE && !sp_can_start_value(&p->tok))) {
        sp_node *v;
        if (sp_is_local(p, lt->name)) { v = sp_node_at(p, N_LVAR, lt); v->name = lt->name; }
        else if (lt->name[0] >= 'A' && lt->name[0] <= 'Z') { v = sp_node_at(p, N_CONST, lt); v->name = lt->name; }
        else { v = mk_call(p, NULL, lt->name, lt); v->flags |= NF_VCALL; }
        return v;
    }
    sp_skip_nl(p);
    return sp_parse_arg(p);
}

/* One argument into call->list (kwargs gathered into one trailing hash). */
static void parse_call_arg(sp_parser *p, sp_node *call, sp_node **kw, sp_tok_kind close)
{
    sp_tok t = p->tok;
    switch (t.kind) {
    case T_SPLAT: case T_STAR: {
        sp_advance(p);
        sp_node *s = sp_node_at(p, N_SPLAT, &t);
        if (p->tok.kind != T_COMMA && p->tok.kind != close && p->tok.kind != T_RPAREN) s->a = sp_parse_arg(p);
        ast_push(p->ar, &call->list, s);
        return;
    }
    case T_DSPLAT: case T_POW: {
        sp_advance(p);
        sp_node *s = sp_node_at(p, N_DSPLAT, &t);
        if (p->tok.kind != T_COMMA && p->tok.kind != close && p->tok.kind != T_RPAREN) s->a = sp_parse_arg(p);
        ast_push(p->ar, &kw_hash(p, call, kw, &t)->list, s);
        return;
    }
    case T_BLOCKAMP: case T_AMP: {
        sp_advance(p);
        sp_node *s = sp_node_at(p, N_BLOCK_PASS, &t);
        if (p->tok.kind != T_COMMA && p->tok.kind != close && p->tok.kind != T_RPAREN) s->a = sp_parse_arg(p);
        ast_push(p->ar, &call->list, s);
        return;
    }
    case T_LABEL: {
        sp_advance(p);
        sp_node *pr = sp_node_at(p, N_PAIR, &t);
        pr->a = sp_node_at(p, N_SYM, &t);
        pr->a->name = t.name;
        pr->b = label_value(p, &t, close);
        ast_push(p->ar, &kw_hash(p, call, kw, &t)->list, pr);
        return;
    }
    case T_STRLABEL: {
        sp_advance(p);
        sp_node *pr = sp_node_at(p, N_PAIR, &t);
        pr->a = sym_from_parts(p, &t, &t.parts, 0, t.parts.n);
        sp_skip_nl(p);
        pr->b = sp_parse_arg(p);
        ast_push(p->ar, &kw_hash(p, call, kw, &t)->list, pr);
        return;
    }
    case T_BDOT3: case T_DOT3:
        if (close == T_RPAREN) {
            sp_tok *nx = sp_peek(p);
            if (nx->kind == T_RPAREN || nx->kind == T_COMMA) {
                sp_advance(p);
                ast_push(p->ar, &call->list, sp_node_at(p, N_FWD_ARGS, &t));
                return;
            }
        }
        break;
    default:
        break;
    }
    sp_node *e = sp_parse_arg(p);
    if (p->tok.kind == T_ARROW) {
        sp_advance(p);
        sp_skip_nl(p);
        sp_node *pr = ast_node(p->ar, N_PAIR, e->line, e->col);
        pr->a = e;
        pr->b = sp_parse_arg(p);
        ast_push(p->ar, &kw_hash(p, call, kw, &t)->list, pr);
        return;
    }
    ast_push(p->ar, &call->list, e);
}

/* `(` args `)` or `[` args `]`; the current token is the opener. */
void sp_parse_paren_args(sp_parser *p, sp_node *call, sp_tok_kind close)
{
    sp_advance(p);
    int save_no_do = p->no_do, save_multi = p->multi_ok;
    p->no_do = 0;
    p->multi_ok = 0;
    sp_node *kw = NULL;
    sp_skip_nl(p);
    while (p->tok.kind != close) {
        parse_call_arg(p, call, &kw, close);
        sp_skip_nl(p);
        if (!sp_accept(p, T_COMMA)) break;
        sp_skip_nl(p);
    }
    sp_expect(p, close);
    p->no_do = save_no_do;
    p->multi_ok = save_multi;
}

void sp_parse_command_args(sp_parser *p, sp_node *call)
{
    int save_no_do = p->no_do, save_multi = p->multi_ok;
    p->no_do = call->kind == N_ARRAY ? p->no_do : 1;   /* N_ARRAY: return/break/next values */
    p->multi_ok = 0;
    sp_node *kw = NULL;
    for (;;) {
        parse_call_arg(p, call, &kw, T_EOF);
        if (p->tok.kind != T_COMMA) break;
        sp_advance(p);
        sp_skip_nl(p);
    }
    p->no_do = save_no_do;
    p->multi_ok = save_multi;
}

/* ---- blocks and lambdas ------------------------------------------------------------------ */

/* What a block or lambda saves of the parser and puts back at its end. */
typedef struct blkframe { sp_scope *sc; sp_blockinfo bi; int no_do, multi; } blkframe;

static void blk_enter(sp_parser *p, blkframe *fr)
{
    fr->sc = p->sc;
    sp_push_scope(p, 1);
    memset(&fr->bi, 0, sizeof fr->bi);
    fr->bi.up = p->blk;
    p->blk = &fr->bi;
    fr->no_do = p->no_do;
    fr->multi = p->multi_ok;
}

/* The body after the opening `{` or `do`: statements up to `}`, or a body
 * (rescue/else/ensure allowed) up to `end`. */
static void blk_body(sp_parser *p, sp_node *b, int braces, const sp_tok *t)
{
    if (braces) {
        b->body = sp_parse_stmts(p);
        sp_expect(p, T_RBRACE);
    } else {
        b->body = sp_parse_body(p, t->line, t->col);
        if (p->tok.kind != K_END) sp_expect(p, K_END);
        sp_advance(p);
    }
}

/* Numbered parameters / `it` onto b; the parser as it was before. */
static void blk_leave(sp_parser *p, blkframe *fr, sp_node *b)
{
    if (fr->bi.maxnum) { b->flags |= NF_NUMPARAMS; b->ival = fr->bi.maxnum; }
    if (fr->bi.uses_it) b->flags |= NF_IT;
    p->blk = fr->bi.up;
    p->sc = fr->sc;
    p->no_do = fr->no_do;
    p->multi_ok = fr->multi;
}

sp_node *sp_parse_block(sp_parser *p, int braces)
{
    sp_tok t = p->tok;
    sp_node *b = sp_node_at(p, N_BLOCK, &t);
    if (braces) b->flags |= NF_BRACES;
    sp_advance(p);
    blkframe fr;
    blk_enter(p, &fr);
    p->no_do = 0;
    sp_skip_nl(p);
    if (p->tok.kind == T_PIPE) {
        fr.bi.has_params = 1;
        sp_advance(p);
        b->c = sp_parse_params(p, T_PIPE, 1);
    } else if (p->tok.kind == T_OROP) {
        fr.bi.has_params = 1;
        b->c = sp_node_at(p, N_PARAMS, &p->tok);
        sp_advance(p);
    }
    blk_body(p, b, braces, &t);
    blk_leave(p, &fr, b);
    return b;
}

static sp_node *parse_lambda(sp_parser *p)
{
    sp_tok t = p->tok;
    sp_advance(p);
    sp_node *l = sp_node_at(p, N_LAMBDA, &t);
    sp_depth_in(p);
    blkframe fr;
    blk_enter(p, &fr);
    if (p->tok.kind == T_LPAREN) {
        fr.bi.has_params = 1;
        sp_advance(p);
        l->c = sp_parse_params(p, T_RPAREN, 0);
    } else if (p->tok.kind != T_LBRACE && p->tok.kind != K_DO) {
        fr.bi.has_params = 1;
        /* unparenthesized: -> a, b { }  /  -> a do end; 2: a `{` also
           belongs to the lambda (-> a=a() { a }), as CRuby's tLAMBEG */
        p->no_do = 2;
        l->c = sp_parse_params(p, T_LAMBDA, 0);
    }
    p->no_do = 0;
    if (p->tok.kind == T_LBRACE) {
        l->flags |= NF_BRACES;
        sp_advance(p);
        blk_body(p, l, 1, &t);
    } else if (p->tok.kind == K_DO) {
        sp_advance(p);
        blk_body(p, l, 0, &t);
    } else sp_unexpected(p);
    blk_leave(p, &fr, l);
    sp_depth_out(p);
    return l;
}

static int takes_block(const sp_node *e)
{
    if (e->kind == N_SUPER || e->kind == N_ZSUPER) return e->b == NULL;
    if (e->kind != N_CALL || e->b) return 0;
    if (e->flags & NF_ATTRASGN) return 0;
    if (e->name && !strcmp(e->name, "[]") && !(e->flags & NF_PARENS) && e->a) return 0;
    return 1;
}

static void attach_block(sp_parser *p, sp_node *e, int braces)
{
    /* a block pass and a literal block together is an error */
    for (int i = 0; i < e->list.n; i++)
        if (e->list.v[i]->kind == N_BLOCK_PASS)
            sp_fail(p->fc, p->tok.line, p->tok.col, "both block arg and actual block given");
    e->b = sp_parse_block(p, braces);
    e->flags &= ~NF_VCALL;
}

/* ---- identifiers ---------------------------------------------------------------------------- */

/* `x arg` where x is a local is still a method call when arg cannot
 * continue an expression (CRuby does the same): x 1, x "s", x y */
static int local_command(const sp_tok *t)
{
    if (!t->space_before) return 0;
    switch (t->kind) {
    case T_INT: case T_FLOAT: case T_STRING: case T_XSTRING: case T_SYMBOL: case T_DSYM:
    case T_WORDS: case T_SYMBOLS: case T_CHAR: case T_IDENT: case T_FID: case T_CONST:
    case T_IVAR: case T_GVAR: case T_CVAR: case T_LABEL: case T_STRLABEL:
    case K_NIL: case K_TRUE: case K_FALSE: case K_SELF:
        return 1;
    default:
        return 0;
    }
}

static int is_numparam(const char *name)
{
    return name[0] == '_' && name[1] >= '1' && name[1] <= '9' && !name[2];
}

/* CRuby's refusals of _1.._9 and a bare `it` (t, not a local) in the
 * innermost block: beside ordinary parameters, mixed with each other, or
 * _N in a block nested in (or around) another block using _N. */
static void numparam_check(sp_parser *p, const sp_tok *t)
{
    sp_blockinfo *b = p->blk;
    if (is_numparam(t->name)) {
        if (b->has_params)
            sp_fail(p->fc, t->line, t->col, "numbered parameters are not allowed when an ordinary parameter is defined");
        if (b->uses_it) sp_fail(p->fc, t->line, t->col, "numbered parameters are not allowed when 'it' is already used");
        for (sp_blockinfo *u = b->up; u; u = u->up)
            if (u->maxnum) sp_fail(p->fc, t->line, t->col, "numbered parameter is already used in outer block");
        if (b->inner_num && !b->maxnum) sp_fail(p->fc, t->line, t->col, "numbered parameter is already used in inner block");
    } else if (!strcmp(t->name, "it") && !sp_can_start_arg(p, &p->tok) && p->tok.kind != T_LBRACE &&
               p->tok.kind != K_DO && p->tok.kind != T_ASSIGN && p->tok.kind != T_OP_ASGN) {
        if (b->has_params) sp_fail(p->fc, t->line, t->col, "`it` is not allowed when an ordinary parameter is defined");
        if (b->maxnum) sp_fail(p->fc, t->line, t->col, "`it` is not allowed when a numbered parameter is already used");
    }
}

static sp_node *parse_identifier(sp_parser *p)
{
    sp_tok t = p->tok;
    sp_advance(p);
    int paren = p->tok.kind == T_LPAREN && !p->tok.space_before;
    /* an identifier followed by a block is a method call even if a local
     * of that name exists (CRuby: fcall brace_block) */
    int blk = (p->tok.kind == T_LBRACE && p->no_do != 2) || (p->tok.kind == K_DO && !p->no_do);
    if (t.kind == T_IDENT && !paren && p->blk && (is_numparam(t.name) || !sp_is_local(p, t.name))) numparam_check(p, &t);
    if (t.kind == T_IDENT && !paren && sp_is_local(p, t.name) && !local_command(&p->tok) && !blk) {
        sp_node *v = sp_node_at(p, N_LVAR, &t);
        v->name = t.name;
        return v;
    }
    /* numbered block parameters and `it` */
    if (t.kind == T_IDENT && !paren && p->blk && !p->blk->has_params) {
        if (t.name[0] == '_' && t.name[1] >= '1' && t.name[1] <= '9' && !t.name[2]) {
            int k = t.name[1] - '0';
            for (sp_blockinfo *u = p->blk->up; u; u = u->up) u->inner_num = 1;
            if (k > p->blk->maxnum) p->blk->maxnum = k;
            sp_node *v = sp_node_at(p, N_LVAR, &t);
            v->name = t.name;
            return v;
        }
        if (!strcmp(t.name, "it") && !sp_can_start_arg(p, &p->tok) && p->tok.kind != T_LBRACE && p->tok.kind != K_DO) {
            p->blk->uses_it = 1;
            sp_node *v = sp_node_at(p, N_LVAR, &t);
            v->name = t.name;
            return v;
        }
    }
    sp_node *c = mk_call(p, NULL, t.name, &t);
    if (paren) {
        c->flags |= NF_PARENS;
        sp_parse_paren_args(p, c, T_RPAREN);
    } else if (sp_can_start_arg(p, &p->tok)) {
        sp_parse_command_args(p, c);
    } else if (t.kind == T_IDENT) {
        c->flags |= NF_VCALL;
    }
    return c;
}

/* ---- primaries ----------------------------------------------------------------------------------- */

static sp_node *parse_paren(sp_parser *p)
{
    sp_tok t = p->tok;
    sp_advance(p);
    int save_no_do = p->no_do, save_multi = p->multi_ok, save_ps = p->in_paren_stmt;
    p->no_do = 0;
    sp_skip_terms(p);
    if (p->tok.kind == T_RPAREN) {
        sp_advance(p);
        p->no_do = save_no_do;
        return sp_node_at(p, N_NIL, &t);
    }
    p->in_paren_stmt = 1;
    sp_node *s = sp_parse_stmts(p);
    p->in_paren_stmt = save_ps;
    sp_expect(p, T_RPAREN);
    p->no_do = save_no_do;
    p->multi_ok = save_multi;
    if (s->list.n == 1) return s->list.v[0];
    if (s->list.n == 0) return sp_node_at(p, N_NIL, &t);
    s->line = t.line; s->col = t.col;
    return s;
}

static sp_node *parse_array(sp_parser *p)
{
    sp_tok t = p->tok;
    sp_node *a = sp_node_at(p, N_ARRAY, &t);
    sp_parse_paren_args(p, a, T_RBRACK);
    for (int i = 0; i < a->list.n; i++) {
        sp_node *e = a->list.v[i];
        if (e->kind == N_BLOCK_PASS || e->kind == N_FWD_ARGS) sp_fail(p->fc, e->line, e->col, "block argument should not be given");
        if (e->kind == N_HASH && (e->flags & NF_KWARGS)) e->flags &= ~NF_KWARGS;
    }
    return a;
}

static sp_node *parse_hash(sp_parser *p)
{
    sp_tok t = p->tok;
    sp_node *h = sp_node_at(p, N_HASH, &t);
    h->flags |= NF_BRACES;
    sp_advance(p);
    int save_no_do = p->no_do, save_multi = p->multi_ok;
    p->no_do = 0;
    p->multi_ok = 0;
    sp_depth_in(p);
    sp_skip_nl(p);
    while (p->tok.kind != T_RBRACE) {
        sp_tok k = p->tok;
        if (k.kind == T_DSPLAT || k.kind == T_POW) {
            sp_advance(p);
            sp_node *d = sp_node_at(p, N_DSPLAT, &k);
            d->a = sp_parse_arg(p);
            ast_push(p->ar, &h->list, d);
        } else if (k.kind == T_LABEL) {
            sp_advance(p);
            sp_node *pr = sp_node_at(p, N_PAIR, &k);
            pr->a = sp_node_at(p, N_SYM, &k);
            pr->a->name = k.name;
            pr->b = label_value(p, &k, T_RBRACE);
            ast_push(p->ar, &h->list, pr);
        } else if (k.kind == T_STRLABEL) {
            sp_advance(p);
            sp_node *pr = sp_node_at(p, N_PAIR, &k);
            pr->a = sym_from_parts(p, &k, &k.parts, 0, k.parts.n);
            sp_skip_nl(p);
            pr->b = sp_parse_arg(p);
            ast_push(p->ar, &h->list, pr);
        } else {
            sp_node *key = sp_parse_arg(p);
            sp_skip_nl(p);
            if (p->tok.kind != T_ARROW) {
                if (p->tok.kind == T_EOF) sp_fail(p->fc, t.line, t.col, "unterminated hash meets end of file");
                sp_unexpected(p);
            }
            sp_advance(p);
            sp_skip_nl(p);
            sp_node *pr = ast_node(p->ar, N_PAIR, key->line, key->col);
            pr->a = key;
            pr->b = sp_parse_arg(p);
            ast_push(p->ar, &h->list, pr);
        }
        sp_skip_nl(p);
        if (!sp_accept(p, T_COMMA)) break;
        sp_skip_nl(p);
    }
    sp_depth_out(p);
    sp_expect(p, T_RBRACE);
    p->no_do = save_no_do;
    p->multi_ok = save_multi;
    return h;
}

/* return / break / next value */
static sp_node *jump_value(sp_parser *p)
{
    if (p->tok.kind == T_LBRACE) return parse_hash(p);
    if (!sp_can_start_value(&p->tok) || p->tok.kind == K_IF || p->tok.kind == K_UNLESS
        || p->tok.kind == K_WHILE || p->tok.kind == K_UNTIL || p->tok.kind == T_LABEL) return NULL;
    sp_node *tmp = ast_node(p->ar, N_ARRAY, p->tok.line, p->tok.col);
    /* `return x.map do ... end`: the block belongs to map */
    int save = p->no_do;
    sp_parse_command_args(p, tmp);
    p->no_do = save;
    if (tmp->list.n == 1 && tmp->list.v[0]->kind != N_SPLAT) return tmp->list.v[0];
    return tmp;
}

/* A command string or regexp literal without interpolation comes back from
 * parts_node as a plain (frozen) N_STR: wrap it in its own kind, as one
 * part. */
static sp_node *literal_parts(sp_parser *p, sp_node *x, sp_node_kind kind, const sp_tok *t)
{
    if (x->kind != N_STR) return x;
    sp_node *w = sp_node_at(p, kind, t);
    x->flags &= ~NF_FROZEN;
    ast_push(p->ar, &w->list, x);
    return w;
}

sp_node *sp_parse_primary(sp_parser *p)
{
    sp_tok t = p->tok;
    sp_node *n;
    switch (t.kind) {
    case T_INT: case T_FLOAT:
        sp_advance(p);
        return number_node(p, &t, 0);
    case T_STRING:
        return parse_string(p);
    case T_CHAR:
        sp_advance(p);
        return parts_node(p, &t, &t.parts, 0, t.parts.n, N_DSTR);
    case T_XSTRING: {
        sp_advance(p);
        sp_node *x = parts_node(p, &t, &t.parts, 0, t.parts.n, N_XSTR);
        x = literal_parts(p, x, N_XSTR, &t);
        return x;
    }
    case T_SYMBOL:
        sp_advance(p);
        n = sp_node_at(p, N_SYM, &t);
        n->name = t.name;
        return n;
    case T_DSYM:
        sp_advance(p);
        return sym_from_parts(p, &t, &t.parts, 0, t.parts.n);
    case T_REGEX: {
        sp_advance(p);
        sp_node *r = parts_node(p, &t, &t.parts, 0, t.parts.n, N_REGEX);
        r = literal_parts(p, r, N_REGEX, &t);
        r->ival = t.re_opts;
        return r;
    }
    case T_WORDS: case T_SYMBOLS:
        return parse_words(p);
    case T_IDENT: case T_FID:
        return parse_identifier(p);
    case T_CONST: {
        sp_advance(p);
        if (p->tok.kind == T_LPAREN && !p->tok.space_before) {
            n = mk_call(p, NULL, t.name, &t);
            n->flags |= NF_PARENS;
            sp_parse_paren_args(p, n, T_RPAREN);
            return n;
        }
        if (sp_can_start_arg(p, &p->tok) && p->tok.kind != T_LBRACK && p->tok.kind != T_COLON3
            && p->tok.kind != T_LPAREN) {
            n = mk_call(p, NULL, t.name, &t);
            sp_parse_command_args(p, n);
            return n;
        }
        n = sp_node_at(p, N_CONST, &t);
        n->name = t.name;
        return n;
    }
    case T_IVAR: sp_advance(p); n = sp_node_at(p, N_IVAR, &t); n->name = t.name; return n;
    case T_GVAR: sp_advance(p); n = sp_node_at(p, N_GVAR, &t); n->name = t.name; return n;
    case T_CVAR: sp_advance(p); n = sp_node_at(p, N_CVAR, &t); n->name = t.name; return n;
    case T_NTH_REF: sp_advance(p); n = sp_node_at(p, N_NTH_REF, &t); n->ival = t.ival; return n;
    case T_BACK_REF: sp_advance(p); n = sp_node_at(p, N_BACK_REF, &t); n->name = t.name; return n;
    case T_COLON3:
        sp_advance(p);
        if (p->tok.kind != T_CONST) sp_expected(p, "constant");
        n = sp_node_at(p, N_CONST, &p->tok);
        n->name = p->tok.name;
        n->flags |= NF_TOPLEVEL;
        n->line = t.line; n->col = t.col;
        sp_advance(p);
        return n;
    case T_LBRACK: return parse_array(p);
    case T_LBRACE: return parse_hash(p);
    case T_LPAREN: return parse_paren(p);
    case T_BDOT2: case T_BDOT3:
        sp_advance(p);
        n = sp_node_at(p, N_RANGE, &t);
        if (t.kind == T_BDOT3) n->flags |= NF_EXCLUSIVE;
        n->b = sp_parse_binary(p, PREC_OROP);
        return n;
    case T_LAMBDA: return parse_lambda(p);
    case K_NIL: sp_advance(p); return sp_node_at(p, N_NIL, &t);
    case K_TRUE: sp_advance(p); return sp_node_at(p, N_TRUE, &t);
    case K_FALSE: sp_advance(p); return sp_node_at(p, N_FALSE, &t);
    case K_SELF: sp_advance(p); return sp_node_at(p, N_SELF, &t);
    case K__FILE__:
        sp_advance(p);
        return mk_lit(p, N_STR, &t, p->fc->path ? p->fc->path : "-", strlen(p->fc->path ? p->fc->path : "-"));
    case K__LINE__: sp_advance(p); n = sp_node_at(p, N_INT, &t); n->ival = t.line; return n;
    case K__ENCODING__: {
        sp_advance(p);
        sp_node *e = sp_node_at(p, N_CONST, &t);
        e->name = "Encoding";
        n = sp_node_at(p, N_CONST, &t);
        n->a = e;
        n->name = p->src_enc == 1 ? "ASCII_8BIT" : p->src_enc == 2 ? "US_ASCII" : "UTF_8";
        n->flags |= NF_PSEUDO;
        return n;
    }
    case K_RETURN: case K_BREAK: case K_NEXT:
        sp_advance(p);
        n = sp_node_at(p, t.kind == K_RETURN ? N_RETURN : t.kind == K_BREAK ? N_BREAK : N_NEXT, &t);
        n->a = jump_value(p);
        return n;
    case K_REDO: sp_advance(p); return sp_node_at(p, N_REDO, &t);
    case K_RETRY: sp_advance(p); return sp_node_at(p, N_RETRY, &t);
    case K_YIELD:
        sp_advance(p);
        n = sp_node_at(p, N_YIELD, &t);
        if (p->tok.kind == T_LPAREN && !p->tok.space_before) sp_parse_paren_args(p, n, T_RPAREN);
        else if (sp_can_start_arg(p, &p->tok)) sp_parse_command_args(p, n);
        return n;
    case K_SUPER:
        sp_advance(p);
        if (p->tok.kind == T_LPAREN && !p->tok.space_before) {
            n = sp_node_at(p, N_SUPER, &t);
            n->flags |= NF_PARENS;
            sp_parse_paren_args(p, n, T_RPAREN);
        } else if (sp_can_start_arg(p, &p->tok)) {
            n = sp_node_at(p, N_SUPER, &t);
            sp_parse_command_args(p, n);
        } else n = sp_node_at(p, N_ZSUPER, &t);
        return n;
    case K_DEFINED: {
        sp_advance(p);
        n = sp_node_at(p, N_DEFINED, &t);
        if (p->tok.kind == T_LPAREN) {
            sp_advance(p);
            sp_skip_nl(p);
            int save = p->multi_ok;
            p->multi_ok = 0;
            n->a = sp_parse_expr_stmt(p);
            p->multi_ok = save;
            sp_skip_nl(p);
            sp_expect(p, T_RPAREN);
        } else n->a = sp_parse_unary(p);
        return n;
    }
    case K_NOT: {
        sp_advance(p);
        sp_node *e;
        if (p->tok.kind == T_LPAREN && !p->tok.space_before) {
            sp_advance(p);
            e = sp_parse_expr_stmt(p);
            sp_expect(p, T_RPAREN);
        } else e = sp_parse_unary(p);
        n = mk_call(p, e, "!", &t);
        return n;
    }
    default:
        n = sp_parse_keyword_primary(p);
        if (n) return n;
        sp_unexpected(p);
    }
}

/* ---- postfix: .meth, ::C, [i], blocks ------------------------------------------------------- */

static int is_method_name_tok(const sp_tok *t)
{
    return t->kind == T_IDENT || t->kind == T_FID || t->kind == T_CONST || t->kind == T_OPNAME
        || (t->kind >= K_ALIAS && t->kind <= K__ENCODING__);
}

sp_node *sp_parse_postfix(sp_parser *p, sp_node *e)
{
    int chain = 0;
    for (;;) {
        sp_tok t = p->tok;
        if (++chain > MAX_CHAIN) sp_fail(p->fc, t.line, t.col, "nesting too deep");
        if (t.kind == T_DOT || t.kind == T_ANDDOT) {
            sp_advance(p);
            sp_tok m = p->tok;
            sp_node *c;
            if (m.kind == T_LPAREN) {
                c = mk_call(p, e, "call", &t);
                c->flags |= NF_PARENS;
                sp_parse_paren_args(p, c, T_RPAREN);
            } else {
                if (!is_method_name_tok(&m)) {
                    if (m.kind == T_BANG || m.kind == T_TILDE) { m.name = m.kind == T_BANG ? "!" : "~"; }
                    else sp_unexpected(p);
                }
                sp_advance(p);
                const char *name = m.name ? m.name : ast_strndup(p->ar, m.start, m.len);
                c = mk_call(p, e, name, &m);
                if (p->tok.kind == T_LPAREN && !p->tok.space_before) {
                    c->flags |= NF_PARENS;
                    sp_parse_paren_args(p, c, T_RPAREN);
                } else if (sp_can_start_arg(p, &p->tok)) {
                    sp_parse_command_args(p, c);
                }
            }
            if (t.kind == T_ANDDOT) c->flags |= NF_SAFE_NAV;
            e = c;
            continue;
        }
        if (t.kind == T_COLON2) {
            sp_advance(p);
            sp_tok m = p->tok;
            if (m.kind == T_CONST) {
                sp_advance(p);
                if (p->tok.kind == T_LPAREN && !p->tok.space_before) {
                    sp_node *c = mk_call(p, e, m.name, &m);
                    c->flags |= NF_PARENS;
                    sp_parse_paren_args(p, c, T_RPAREN);
                    e = c;
                } else if (sp_can_start_arg(p, &p->tok) && p->tok.kind != T_LBRACK && p->tok.kind != T_COLON3
                           && p->tok.kind != T_LPAREN) {
                    /* Foo::Bar arg : a method call */
                    sp_node *c = mk_call(p, e, m.name, &m);
                    sp_parse_command_args(p, c);
                    e = c;
                } else {
                    sp_node *c = sp_node_at(p, N_CONST, &m);
                    c->a = e;
                    c->name = m.name;
                    e = c;
                }
                continue;
            }
            if (is_method_name_tok(&m)) {
                sp_advance(p);
                sp_node *c = mk_call(p, e, m.name, &m);
                if (p->tok.kind == T_LPAREN && !p->tok.space_before) {
                    c->flags |= NF_PARENS;
                    sp_parse_paren_args(p, c, T_RPAREN);
                } else if (sp_can_start_arg(p, &p->tok)) sp_parse_command_args(p, c);
                e = c;
                continue;
            }
            sp_unexpected(p);
        }
        if (t.kind == T_LBRACK && !(t.space_before && e->kind == N_CALL && !e->a && !(e->flags & NF_PARENS) && e->list.n == 0 && !(e->flags & NF_VCALL))) {
            sp_node *c = mk_call(p, e, "[]", &t);
            sp_parse_paren_args(p, c, T_RBRACK);
            for (int i = 0; i < c->list.n; i++)
                if (c->list.v[i]->kind == N_HASH) c->list.v[i]->flags |= NF_KWARGS;
            e = c;
            continue;
        }
        if (t.kind == T_LBRACE && p->no_do != 2 && takes_block(e)) {
            attach_block(p, e, 1);
            continue;
        }
        if (t.kind == K_DO && !p->no_do && takes_block(e)) {
            attach_block(p, e, 0);
            continue;
        }
        break;
    }
    return e;
}

/* ---- assignment --------------------------------------------------------------------------------- */

static int assignable(const sp_node *e)
{
    switch (e->kind) {
    case N_LVAR: case N_IVAR: case N_GVAR: case N_CVAR: case N_CONST:
    case N_NTH_REF: case N_BACK_REF:   /* rejected with a message by sp_to_target */
        return 1;
    case N_CALL:
        if (e->b) return 0;
        if (e->flags & NF_VCALL) return 1;
        if (!e->a) return 0;
        if (!strcmp(e->name, "[]")) return 1;
        if (e->list.n == 0 && !(e->flags & NF_PARENS)) {
            char c = e->name[0];
            return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (unsigned char)c >= 0x80;
        }
        return 0;
    default:
        return 0;
    }
}

static const char *setter_name(sp_parser *p, const char *name)
{
    size_t l = strlen(name);
    char *s = ast_alloc(p->ar, l + 2);
    memcpy(s, name, l);
    s[l] = '=';
    return s;
}

/* `nil = 1`, `self += 1`, `__FILE__ = x`: CRuby's messages for an
 * assignment to a keyword (t is the target's token). */
static void keyword_target(sp_parser *p, const sp_tok *t)
{
    const char *what = NULL;
    switch (t->kind) {
    case K_NIL: what = "nil"; break;
    case K_TRUE: what = "true"; break;
    case K_FALSE: what = "false"; break;
    case K__FILE__: what = "__FILE__"; break;
    case K__LINE__: what = "__LINE__"; break;
    case K__ENCODING__: what = "__ENCODING__"; break;
    case K_SELF: sp_fail(p->fc, p->tok.line, p->tok.col, "Can't change the value of self");
    default: return;
    }
    sp_fail(p->fc, p->tok.line, p->tok.col, "Can't assign to %s", what);
}

/* x[k: 1] = v, x[&b] = v (and op-assigns): refused, as by CRuby. */
static void index_target_args(sp_parser *p, const sp_node *e)
{
    for (int i = 0; i < e->list.n; i++) {
        const sp_node *a = e->list.v[i];
        if (a->kind == N_BLOCK_PASS)
            sp_fail(p->fc, a->line, a->col, "unexpected block arg given in index assignment; blocks are not allowed in index assignment expressions");
        if (a->kind == N_HASH && (a->flags & NF_KWARGS))
            sp_fail(p->fc, a->line, a->col, "unexpected keyword arg given in index assignment; keywords are not allowed in index assignment expressions");
    }
}

/* Convert an expression to its assign form (value slot empty). */
sp_node *sp_to_target(sp_parser *p, sp_node *e)
{
    if ((e->kind == N_LVAR || (e->kind == N_CALL && (e->flags & NF_VCALL))) && is_numparam(e->name))
        sp_fail(p->fc, e->line, e->col, "%s is reserved for numbered parameters", e->name);
    switch (e->kind) {
    case N_LVAR: e->kind = N_LASGN; sp_declare(p, e->name); return e;
    case N_IVAR: e->kind = N_IASGN; return e;
    case N_GVAR: e->kind = N_GASGN; return e;
    case N_CVAR: e->kind = N_CVASGN; return e;
    case N_CONST:
        if (p->in_def) sp_fail(p->fc, e->line, e->col, "dynamic constant assignment");
        e->kind = N_CDECL; e->b = e->a; e->a = NULL; return e;
    case N_SPLAT: if (e->a) e->a = sp_to_target(p, e->a); return e;
    case N_MLHS: return e;
    case N_NTH_REF: case N_BACK_REF:
        sp_fail(p->fc, e->line, e->col, "Can't set variable %s", e->kind == N_NTH_REF ? "$1" : e->name);
    case N_CALL:
        if (assignable(e)) {
            if (e->flags & NF_VCALL) {
                e->kind = N_LASGN;
                e->flags &= ~NF_VCALL;
                sp_declare(p, e->name);
                return e;
            }
            if (!strcmp(e->name, "[]")) { index_target_args(p, e); e->name = "[]="; }
            else e->name = setter_name(p, e->name);
            e->flags |= NF_ATTRASGN;
            return e;
        }
        /* fallthrough */
    default:
        sp_fail(p->fc, e->line, e->col, "unexpected '=': cannot assign to %s", ast_kind_name(e->kind));
    }
}

/* A target of a multiple assignment (a, b = / for a, b in / (a, b)):
 * as sp_to_target, but `a&.b` is refused there (CRuby's message), while
 * `a&.b = 1` alone assigns when a is not nil. */
sp_node *sp_mlhs_target(sp_parser *p, sp_node *e)
{
    const sp_node *t = e->kind == N_SPLAT ? e->a : e;
    if (t && t->kind == N_CALL && (t->flags & NF_SAFE_NAV)) {
        const sp_node *at = t->a ? t->a : t;          /* CRuby points at the receiver */
        sp_fail(p->fc, at->line, at->col, "&. inside multiple assignment destination");
    }
    return sp_to_target(p, e);
}

sp_node *sp_parse_rhs(sp_parser *p)
{
    sp_depth_in(p);
    int multi = p->multi_ok;
    p->multi_ok = 0;
    sp_node *e;
    if (p->tok.kind == T_SPLAT || p->tok.kind == T_STAR) {
        e = ast_node(p->ar, N_ARRAY, p->tok.line, p->tok.col);
        ast_push(p->ar, &e->list, sp_parse_splat_arg(p));
        multi = 1;
    } else {
        e = sp_parse_arg(p);
        if (multi && p->tok.kind == T_COMMA) {
            sp_node *a = ast_node(p->ar, N_ARRAY, e->line, e->col);
            ast_push(p->ar, &a->list, e);
            e = a;
        }
    }
    if (multi && e->kind == N_ARRAY) {
        while (p->tok.kind == T_COMMA) {
            sp_advance(p);
            sp_skip_nl(p);
            ast_push(p->ar, &e->list, sp_parse_splat_arg(p));
        }
    }
    e = sp_rescue_mod(p, e);
    sp_depth_out(p);
    return e;
}

/* Is n a "void value expression" (CRuby's term): a return, break, next,
 * redo or retry, or an if/begin whose every branch ends in one? */
const sp_node *sp_void_value(const sp_node *n)
{
    if (!n) return NULL;
    switch (n->kind) {
    case N_RETURN: case N_BREAK: case N_NEXT: case N_REDO: case N_RETRY: return n;
    case N_STMTS: return n->list.n > 0 ? sp_void_value(n->list.v[n->list.n - 1]) : NULL;
    case N_IF: return n->b && n->c && sp_void_value(n->c) ? sp_void_value(n->b) : NULL;
    case N_BEGIN: return n->list.n == 0 && !n->c && !n->d ? sp_void_value(n->body) : NULL;
    default: return NULL;
    }
}

void sp_check_value(sp_parser *p, const sp_node *n)
{
    const sp_node *v = sp_void_value(n);
    if (v) sp_fail(p->fc, v->line, v->col, "unexpected void value expression");
}

sp_node *sp_parse_splat_arg(sp_parser *p)
{
    if (p->tok.kind != T_SPLAT && p->tok.kind != T_STAR) return sp_parse_arg(p);
    sp_tok st = p->tok;
    sp_advance(p);
    sp_node *s = sp_node_at(p, N_SPLAT, &st);
    s->a = sp_parse_arg(p);
    return s;
}

sp_node *sp_rescue_mod(sp_parser *p, sp_node *e)
{
    if (p->tok.kind != K_RESCUE) return e;
    sp_tok rt = p->tok;
    sp_advance(p);
    sp_node *r = sp_parse_arg(p);
    sp_node *b = ast_node(p->ar, N_BEGIN, e->line, e->col);
    b->body = sp_stmts_of(p, e);
    sp_node *rc = sp_node_at(p, N_RESCUE, &rt);
    rc->body = sp_stmts_of(p, r);
    ast_push(p->ar, &b->list, rc);
    b->flags |= NF_MODIFIER;
    return b;
}

static sp_node *parse_assignment(sp_parser *p, sp_node *lhs)
{
    sp_advance(p);   /* '=' */
    sp_skip_nl(p);
    sp_node *t = sp_to_target(p, lhs);
    sp_node *v = sp_parse_rhs(p);
    sp_check_value(p, v);
    if (t->kind == N_CALL) ast_push(p->ar, &t->list, v);
    else t->a = v;
    return t;
}

static sp_node *parse_op_assign(sp_parser *p, sp_node *lhs)
{
    sp_tok op = p->tok;
    sp_advance(p);
    sp_skip_nl(p);
    if (lhs->kind == N_CALL && (lhs->flags & NF_VCALL)) {
        lhs->kind = N_LVAR;
        lhs->flags &= ~NF_VCALL;
        sp_declare(p, lhs->name);
    }
    if (lhs->kind == N_CALL && lhs->a && !strcmp(lhs->name, "[]")) index_target_args(p, lhs);
    if (lhs->kind == N_CONST && p->in_def) sp_fail(p->fc, lhs->line, lhs->col, "dynamic constant assignment");
    if (lhs->kind == N_NTH_REF || lhs->kind == N_BACK_REF) sp_fail(p->fc, lhs->line, lhs->col, "Can't set variable %s", lhs->kind == N_NTH_REF ? "$1" : lhs->name);
    sp_node *n = ast_node(p->ar, N_OP_ASGN, lhs->line, lhs->col);
    n->a = lhs;
    n->name = op.name;
    int save = p->multi_ok;
    p->multi_ok = 0;
    n->b = sp_parse_rhs(p);
    p->multi_ok = save;
    return n;
}

/* ---- unary / binary --------------------------------------------------------------------------------- */

static int binprec(sp_tok_kind k)
{
    switch (k) {
    case T_OROP: return 1;
    case T_ANDOP: return 2;
    case T_CMP: case T_EQ: case T_EQQ: case T_NEQ: case T_MATCH: case T_NMATCH: return 4;
    case T_LT: case T_LE: case T_GT: case T_GE: return 5;
    case T_PIPE: case T_CARET: return 6;
    case T_AMP: return 7;
    case T_LSHIFT: case T_RSHIFT: return 8;
    case T_PLUS: case T_MINUS: return 9;
    case T_STAR: case T_DIV: case T_PERCENT: return 10;
    case T_POW: return 12;
    default: return 0;
    }
}

static const char *binop_name(sp_tok_kind k)
{
    switch (k) {
    case T_CMP: return "<=>"; case T_EQ: return "=="; case T_EQQ: return "==="; case T_NEQ: return "!=";
    case T_MATCH: return "=~"; case T_NMATCH: return "!~"; case T_LT: return "<"; case T_LE: return "<=";
    case T_GT: return ">"; case T_GE: return ">="; case T_PIPE: return "|"; case T_CARET: return "^";
    case T_AMP: return "&"; case T_LSHIFT: return "<<"; case T_RSHIFT: return ">>"; case T_PLUS: return "+";
    case T_MINUS: return "-"; case T_STAR: return "*"; case T_DIV: return "/"; case T_PERCENT: return "%";
    case T_POW: return "**";
    default: return "?";
    }
}

sp_node *sp_parse_unary(sp_parser *p)
{
    sp_tok t = p->tok;
    sp_node *e;
    switch (t.kind) {
    case T_BANG: case T_TILDE:
        sp_advance(p);
        sp_depth_in(p);
        e = sp_parse_unary(p);
        sp_depth_out(p);
        return mk_call(p, e, t.kind == T_BANG ? "!" : "~", &t);
    case T_UPLUS:
        sp_advance(p);
        sp_depth_in(p);
        e = sp_parse_unary(p);
        sp_depth_out(p);
        if (e->kind == N_INT || e->kind == N_FLOAT) return e;
        return mk_call(p, e, "+@", &t);
    case T_UMINUS:
        sp_advance(p);
        sp_depth_in(p);
        e = sp_parse_binary(p, PREC_POW);
        sp_depth_out(p);
        return mk_call(p, e, "-@", &t);
    case T_UMINUS_NUM: {
        sp_advance(p);
        sp_tok nt = p->tok;
        if (nt.kind != T_INT && nt.kind != T_FLOAT) sp_unexpected(p);
        sp_advance(p);
        if (p->tok.kind == T_POW) {
            /* -2 ** 2 == -(2 ** 2) */
            sp_tok pt = p->tok;
            sp_advance(p);
            sp_depth_in(p);
            sp_node *r = sp_parse_binary(p, PREC_POW);
            sp_depth_out(p);
            sp_node *pw = mk_call(p, number_node(p, &nt, 0), "**", &pt);
            ast_push(p->ar, &pw->list, r);
            return mk_call(p, pw, "-@", &t);
        }
        e = number_node(p, &nt, 1);
        e->line = t.line; e->col = t.col;
        if (e->a) { e->a->line = t.line; e->a->col = t.col; }
        return sp_parse_postfix(p, e);
    }
    default:
        break;
    }
    sp_depth_in(p);
    sp_tok first = p->tok;
    e = sp_parse_primary(p);
    sp_node *prim = e;
    e = sp_parse_postfix(p, e);
    if ((p->tok.kind == T_ASSIGN || p->tok.kind == T_OP_ASGN) && e == prim) keyword_target(p, &first);
    if (p->tok.kind == T_ASSIGN && assignable(e)) e = parse_assignment(p, e);
    else if (p->tok.kind == T_OP_ASGN && assignable(e)) e = parse_op_assign(p, e);
    sp_depth_out(p);
    return e;
}

/* `/(?<name>..)/ =~ s` assigns the local `name` (static regexp literal on
 * the left only, as in CRuby). */
static void declare_named_captures(sp_parser *p, const sp_node *re)
{
    if (re->kind != N_REGEX || re->list.n != 1 || re->list.v[0]->kind != N_STR) return;
    const sp_node *s = re->list.v[0];
    for (size_t i = 0; i + 3 < s->len; i++) {
        if (s->str[i] == '\\') { i++; continue; }
        if (s->str[i] != '(' || s->str[i + 1] != '?' || s->str[i + 2] != '<') continue;
        size_t b = i + 3, e = b;
        while (e < s->len && (s->str[e] == '_' || (s->str[e] >= 'a' && s->str[e] <= 'z') || (s->str[e] >= 'A' && s->str[e] <= 'Z')
                              || (s->str[e] >= '0' && s->str[e] <= '9') || (unsigned char)s->str[e] >= 0x80)) e++;
        if (e == b || e >= s->len || s->str[e] != '>') continue;
        if (!(s->str[b] == '_' || (s->str[b] >= 'a' && s->str[b] <= 'z') || (unsigned char)s->str[b] >= 0x80)) continue;
        sp_declare(p, ast_strndup(p->ar, s->str + b, e - b));
    }
}

sp_node *sp_parse_binary(sp_parser *p, int minprec)
{
    sp_node *l = sp_parse_unary(p);
    int chain = 0;
    for (;;) {
        sp_tok op = p->tok;
        int pr = binprec(op.kind);
        if (!pr || pr < minprec) break;
        if (++chain > MAX_CHAIN) sp_fail(p->fc, op.line, op.col, "nesting too deep");
        sp_advance(p);
        sp_skip_nl(p);
        sp_node *r;
        if (op.kind == T_POW) {
            sp_depth_in(p);
            r = sp_parse_binary(p, pr);
            sp_depth_out(p);
        } else r = sp_parse_binary(p, pr + 1);
        sp_node *n;
        if (op.kind == T_OROP || op.kind == T_ANDOP) {
            n = ast_node(p->ar, op.kind == T_OROP ? N_OR : N_AND, l->line, l->col);
            n->a = l;
            n->b = r;
        } else {
            n = mk_call(p, l, binop_name(op.kind), &op);   /* positioned at the operator */
            ast_push(p->ar, &n->list, r);
            if (op.kind == T_MATCH) declare_named_captures(p, l);
        }
        l = n;
        /* comparison operators do not chain */
        if (pr == 4 && binprec(p->tok.kind) == 4) sp_unexpected(p);
    }
    return l;
}

static int ends_range(const sp_tok *t)
{
    return !sp_can_start_value(t) || t->kind == K_IF || t->kind == K_UNLESS || t->kind == K_WHILE
        || t->kind == K_UNTIL || t->kind == T_LABEL || t->kind == T_SPLAT || t->kind == T_DSPLAT
        || t->kind == T_BLOCKAMP;
}

static sp_node *parse_range(sp_parser *p)
{
    sp_node *l = sp_parse_binary(p, PREC_OROP);
    if (p->tok.kind == T_DOT2 || p->tok.kind == T_DOT3) {
        sp_tok op = p->tok;
        sp_advance(p);
        sp_node *n = ast_node(p->ar, N_RANGE, l->line, l->col);
        if (op.kind == T_DOT3) n->flags |= NF_EXCLUSIVE;
        n->a = l;
        if (!ends_range(&p->tok)) n->b = sp_parse_binary(p, PREC_OROP);
        return n;
    }
    return l;
}

static sp_node *parse_ternary(sp_parser *p)
{
    sp_node *c = parse_range(p);
    if (p->tok.kind != T_QUESTION) return c;
    sp_advance(p);
    sp_skip_nl(p);
    sp_depth_in(p);
    sp_node *n = ast_node(p->ar, N_IF, c->line, c->col);
    n->a = sp_cond(c);
    n->b = parse_ternary(p);
    sp_skip_nl(p);
    if (p->tok.kind == T_LABEL) {
        /* `c ? x :y` lexed the else branch as a label `x:`... not possible here; `a ? b:c` */
        sp_unexpected(p);
    }
    if (p->tok.kind != T_COLON) sp_expected(p, "':'");
    sp_advance(p);
    sp_skip_nl(p);
    n->c = parse_ternary(p);
    sp_depth_out(p);
    return n;
}

sp_node *sp_parse_arg(sp_parser *p)
{
    return parse_ternary(p);
}

/* ---- multiple assignment ---------------------------------------------------------------------------- */

/* One mlhs item in expression form (converted by sp_to_target). */
sp_node *sp_parse_mlhs_item(sp_parser *p)
{
    sp_tok t = p->tok;
    if (t.kind == T_SPLAT || t.kind == T_STAR) {
        sp_advance(p);
        sp_node *s = sp_node_at(p, N_SPLAT, &t);
        if (p->tok.kind != T_COMMA && p->tok.kind != T_ASSIGN && p->tok.kind != T_RPAREN && p->tok.kind != K_IN && p->tok.kind != T_PIPE)
            s->a = sp_parse_mlhs_item(p);
        return s;
    }
    sp_node *e;
    sp_depth_in(p);
    int k2 = t.kind == T_LPAREN ? sp_peek(p)->kind : T_EOF;
    if (t.kind == T_LPAREN && k2 != T_LPAREN && k2 != T_SPLAT && k2 != T_STAR) {
        /* `(a, b)` nests, but `(x << 1; o).a` is a primary with an
           attribute target: parse the parenthesis as an expression (an
           mlhs in it comes back as N_MLHS) and look at what follows */
        e = parse_paren(p);
        sp_tok d = p->tok;
        if (e->kind != N_MLHS && !(d.kind == T_DOT || d.kind == T_ANDDOT || d.kind == T_COLON2
                                   || (d.kind == T_LBRACK && !d.space_before))) {
            sp_node *m = sp_node_at(p, N_MLHS, &t);   /* (a): one nested target */
            ast_push(p->ar, &m->list, sp_mlhs_target(p, e));
            e = m;
        }
        if (e->kind == N_MLHS) { sp_depth_out(p); return e; }
    } else if (t.kind == T_LPAREN) {
        sp_advance(p);
        sp_node *m = sp_node_at(p, N_MLHS, &t);
        for (;;) {
            ast_push(p->ar, &m->list, sp_mlhs_target(p, sp_parse_mlhs_item(p)));
            if (!sp_accept(p, T_COMMA)) break;
            if (p->tok.kind == T_RPAREN) break;
        }
        sp_depth_out(p);
        sp_expect(p, T_RPAREN);
        return m;
    } else e = sp_parse_primary(p);
    /* postfix without blocks or command args: a.b, a[i], A::B */
    for (;;) {
        sp_tok d = p->tok;
        if (d.kind == T_DOT || d.kind == T_ANDDOT) {
            sp_advance(p);
            sp_tok m = p->tok;
            if (!is_method_name_tok(&m)) sp_unexpected(p);
            sp_advance(p);
            sp_node *c = mk_call(p, e, m.name, &m);
            if (d.kind == T_ANDDOT) c->flags |= NF_SAFE_NAV;
            if (p->tok.kind == T_LPAREN && !p->tok.space_before) { c->flags |= NF_PARENS; sp_parse_paren_args(p, c, T_RPAREN); }
            e = c;
        } else if (d.kind == T_LBRACK && !d.space_before) {
            sp_node *c = mk_call(p, e, "[]", &d);
            sp_parse_paren_args(p, c, T_RBRACK);
            e = c;
        } else if (d.kind == T_COLON2) {
            sp_advance(p);
            if (p->tok.kind != T_CONST) sp_unexpected(p);
            sp_node *c = sp_node_at(p, N_CONST, &p->tok);
            c->a = e;
            c->name = p->tok.name;
            sp_advance(p);
            e = c;
        } else break;
    }
    sp_depth_out(p);
    return e;
}

/* `first` is the already parsed first target (expression form or N_SPLAT
 * or N_MLHS); the current token is ',' or '='. */
sp_node *sp_parse_masgn(sp_parser *p, sp_node *first)
{
    sp_node *m = ast_node(p->ar, N_MASGN, first->line, first->col);
    ast_push(p->ar, &m->list, sp_mlhs_target(p, first));
    while (p->tok.kind == T_COMMA) {
        sp_advance(p);
        if (p->tok.kind == T_ASSIGN) break;   /* a, = x */
        if (p->tok.kind == T_RPAREN && p->in_paren_stmt) break;   /* (e,) */
        ast_push(p->ar, &m->list, sp_mlhs_target(p, sp_parse_mlhs_item(p)));
    }
    if (p->tok.kind == T_RPAREN && p->in_paren_stmt) {
        m->kind = N_MLHS;
        return m;
    }
    if (p->tok.kind != T_ASSIGN) sp_expected(p, "'='");
    sp_advance(p);
    sp_skip_nl(p);
    p->multi_ok = 1;
    sp_node *v = sp_parse_rhs(p);
    if (v->kind != N_ARRAY && v->kind == N_SPLAT) {
        sp_node *a = ast_node(p->ar, N_ARRAY, v->line, v->col);
        ast_push(p->ar, &a->list, v);
        v = a;
    }
    m->a = v;
    return m;
}

static int mlhs_candidate(const sp_node *e)
{
    return e->kind == N_LVAR || e->kind == N_IVAR || e->kind == N_GVAR || e->kind == N_CVAR
        || e->kind == N_CONST || e->kind == N_MLHS || e->kind == N_SPLAT
        || (e->kind == N_CALL && !e->b && assignable(e));
}

sp_node *sp_parse_expr_top(sp_parser *p)
{
    int multi = p->multi_ok;
    if (multi && (p->tok.kind == T_SPLAT || p->tok.kind == T_STAR)) {
        sp_node *s = sp_parse_mlhs_item(p);
        return sp_parse_masgn(p, s);
    }
    sp_node *e = sp_parse_arg(p);
    if (multi && p->tok.kind == T_COMMA && mlhs_candidate(e)) return sp_parse_masgn(p, e);
    if (multi && e->kind == N_MLHS && p->tok.kind == T_ASSIGN) {
        /* `(a, b) = v` (no comma after the parenthesis) is `a, b = v`;
         * `((a, b)) = v` unwraps one level only, as in CRuby */
        sp_node *m = sp_parse_masgn(p, e);
        if (m->kind == N_MASGN && m->list.n == 1 && m->list.v[0]->kind == N_MLHS)
            m->list = m->list.v[0]->list;
        return m;
    }
    if (p->tok.kind == T_ARROW || p->tok.kind == K_IN) {
        /* one-line pattern matching: expr => pat, expr in pat */
        sp_tok op = p->tok;
        if (op.kind == K_IN && p->no_do) return e;
        sp_advance(p);
        sp_node *ci = ast_node(p->ar, N_CASE_IN, e->line, e->col);
        ci->a = e;
        sp_node *in = sp_node_at(p, N_IN, &op);
        in->a = sp_parse_pattern_top(p);
        if (op.kind == K_IN) {
            in->body = sp_stmts_of(p, sp_node_at(p, N_TRUE, &op));
            ci->c = sp_stmts_of(p, sp_node_at(p, N_FALSE, &op));
        } else in->body = sp_stmts_of(p, sp_node_at(p, N_NIL, &op));
        ast_push(p->ar, &ci->list, in);
        return ci;
    }
    return e;
}

/* ---- patterns ------------------------------------------------------------------------------------- */

static sp_node *parse_pat_alt(sp_parser *p);

static sp_node *pat_bind(sp_parser *p, const sp_tok *t)
{
    sp_node *b = sp_node_at(p, N_PAT_BIND, t);
    b->name = t->name;
    sp_declare(p, t->name);
    return b;
}

static int pat_end(sp_tok_kind k, sp_tok_kind close)
{
    return k == close || k == K_THEN || k == T_NL || k == T_SEMI || k == K_IF || k == K_UNLESS || k == T_EOF;
}

/* elements of an array pattern up to `close`; fills a PAT_ARRAY or PAT_FIND */
static sp_node *parse_pat_array_items(sp_parser *p, sp_node *konst, const sp_tok *at, sp_tok_kind close, sp_node *first)
{
    sp_node *a = sp_node_at(p, N_PAT_ARRAY, at);
    a->b = konst;
    int nsplat = 0;
    sp_node *splats[2] = { 0, 0 };
    sp_nodes mid = { 0, 0, 0 };
    int have_first = first != NULL;
    for (;;) {
        sp_node *e;
        if (have_first) { e = first; have_first = 0; }
        else {
            if (close != T_EOF) sp_skip_nl(p);
            if (pat_end(p->tok.kind, close)) break;
            if (p->tok.kind == T_SPLAT || p->tok.kind == T_STAR) {
                sp_tok st = p->tok;
                sp_advance(p);
                e = sp_node_at(p, N_SPLAT, &st);
                if (p->tok.kind == T_IDENT) { e->a = pat_bind(p, &p->tok); sp_advance(p); }
            } else e = parse_pat_alt(p);
        }
        if (e->kind == N_SPLAT) {
            if (nsplat == 2) sp_fail(p->fc, e->line, e->col, "unexpected '*'");
            splats[nsplat++] = e;
        } else if (nsplat == 0) ast_push(p->ar, &a->list, e);
        else if (nsplat == 1) ast_push(p->ar, &a->list2, e);
        else sp_fail(p->fc, e->line, e->col, "unexpected pattern after find pattern");
        if (nsplat == 2) (void)mid;
        if (close != T_EOF) sp_skip_nl(p);
        if (!sp_accept(p, T_COMMA)) break;
        if (close != T_EOF) sp_skip_nl(p);
        if (pat_end(p->tok.kind, close)) {
            /* `in a,` / `in [a, ]`: a trailing comma is an anonymous rest */
            sp_node *s = sp_node_at(p, N_SPLAT, &p->tok);
            if (nsplat == 0) { splats[nsplat++] = s; }
            break;
        }
    }
    if (nsplat == 2) {
        sp_node *f = sp_node_at(p, N_PAT_FIND, at);
        f->b = konst;
        ast_push(p->ar, &f->list, splats[0]);
        for (int i = 0; i < a->list2.n; i++) ast_push(p->ar, &f->list, a->list2.v[i]);
        ast_push(p->ar, &f->list, splats[1]);
        if (a->list.n) sp_fail(p->fc, at->line, at->col, "unexpected pattern before find pattern");
        return f;
    }
    a->c = splats[0];
    return a;
}

static sp_node *parse_pat_hash_items(sp_parser *p, sp_node *konst, const sp_tok *at, sp_tok_kind close)
{
    sp_node *h = sp_node_at(p, N_PAT_HASH, at);
    h->b = konst;
    for (;;) {
        if (close != T_EOF) sp_skip_nl(p);
        if (pat_end(p->tok.kind, close)) break;
        sp_tok k = p->tok;
        if (k.kind == T_DSPLAT || k.kind == T_POW) {
            sp_advance(p);
            if (p->tok.kind == K_NIL) { sp_advance(p); h->flags |= NF_NOKW; }
            else {
                sp_node *d = sp_node_at(p, N_DSPLAT, &k);
                if (p->tok.kind == T_IDENT) { d->a = pat_bind(p, &p->tok); sp_advance(p); }
                h->c = d;
            }
        } else if (k.kind == T_LABEL || k.kind == T_STRLABEL) {
            sp_advance(p);
            sp_node *pr = sp_node_at(p, N_PAIR, &k);
            if (k.kind == T_LABEL) { pr->a = sp_node_at(p, N_SYM, &k); pr->a->name = k.name; }
            else pr->a = sym_from_parts(p, &k, &k.parts, 0, k.parts.n);
            for (int i = 0; pr->a->kind == N_SYM && pr->a->name && i < h->list.n; i++) {
                const sp_node *o = h->list.v[i]->a;
                if (o->kind == N_SYM && o->name && !strcmp(o->name, pr->a->name))
                    sp_fail(p->fc, k.line, k.col, "duplicated key name");
            }
            if (p->tok.kind == T_COMMA || pat_end(p->tok.kind, close) || p->tok.kind == T_RPAREN || p->tok.kind == T_RBRACE) {
                if (k.kind == T_LABEL) sp_declare(p, k.name);
            } else pr->b = parse_pat_alt(p);
            ast_push(p->ar, &h->list, pr);
        } else sp_unexpected(p);
        if (close != T_EOF) sp_skip_nl(p);
        if (!sp_accept(p, T_COMMA)) break;
    }
    return h;
}

static sp_node *parse_pat_value(sp_parser *p)
{
    sp_node *v;
    if (p->tok.kind == T_BDOT2 || p->tok.kind == T_BDOT3) {
        sp_tok t = p->tok;
        sp_advance(p);
        v = sp_node_at(p, N_RANGE, &t);
        if (t.kind == T_BDOT3) v->flags |= NF_EXCLUSIVE;
        v->b = sp_parse_binary(p, PREC_PIPE + 2);
    } else {
        v = sp_parse_binary(p, PREC_PIPE + 2);
        if (p->tok.kind == T_DOT2 || p->tok.kind == T_DOT3) {
            sp_tok op = p->tok;
            sp_advance(p);
            sp_node *r = ast_node(p->ar, N_RANGE, v->line, v->col);
            if (op.kind == T_DOT3) r->flags |= NF_EXCLUSIVE;
            r->a = v;
            if (!ends_range(&p->tok) && p->tok.kind != T_PIPE && p->tok.kind != T_ARROW)
                r->b = sp_parse_binary(p, PREC_PIPE + 2);
            v = r;
        }
    }
    sp_node *pv = ast_node(p->ar, N_PAT_VALUE, v->line, v->col);
    pv->a = v;
    return pv;
}

static sp_node *parse_pat_primary(sp_parser *p)
{
    sp_tok t = p->tok;
    switch (t.kind) {
    case T_LBRACK: {
        sp_advance(p);
        sp_node *a = parse_pat_array_items(p, NULL, &t, T_RBRACK, NULL);
        sp_skip_nl(p);
        sp_expect(p, T_RBRACK);
        return a;
    }
    case T_LBRACE: {
        sp_advance(p);
        sp_node *h = parse_pat_hash_items(p, NULL, &t, T_RBRACE);
        sp_skip_nl(p);
        sp_expect(p, T_RBRACE);
        return h;
    }
    case T_CARET: {
        sp_advance(p);
        sp_node *pin = sp_node_at(p, N_PAT_PIN, &t);
        sp_tok v = p->tok;
        if (v.kind == T_LPAREN) {
            sp_advance(p);
            pin->a = sp_parse_expr_stmt(p);
            sp_expect(p, T_RPAREN);
        } else if (v.kind == T_IDENT || v.kind == T_IVAR || v.kind == T_GVAR || v.kind == T_CVAR) {
            pin->a = sp_parse_primary(p);
        } else sp_unexpected(p);
        return pin;
    }
    case T_IDENT:
        if (!(sp_peek(p)->kind == T_DOT || sp_peek(p)->kind == T_LPAREN)) {
            sp_advance(p);
            return pat_bind(p, &t);
        }
        return parse_pat_value(p);
    case T_LPAREN: {
        sp_advance(p);
        sp_node *e = parse_pat_alt(p);
        sp_expect(p, T_RPAREN);
        return e;
    }
    case T_CONST: case T_COLON3: {
        /* constant path, optionally Const(...) / Const[...] */
        sp_node *c;
        if (t.kind == T_COLON3) {
            sp_advance(p);
            if (p->tok.kind != T_CONST) sp_unexpected(p);
            c = sp_node_at(p, N_CONST, &p->tok);
            c->flags |= NF_TOPLEVEL;
        } else c = sp_node_at(p, N_CONST, &t);
        c->name = p->tok.name;
        sp_advance(p);
        while (p->tok.kind == T_COLON2) {
            sp_advance(p);
            if (p->tok.kind != T_CONST) sp_unexpected(p);
            sp_node *s = sp_node_at(p, N_CONST, &p->tok);
            s->a = c;
            s->name = p->tok.name;
            c = s;
            sp_advance(p);
        }
        if ((p->tok.kind == T_LPAREN || p->tok.kind == T_LBRACK) && !p->tok.space_before) {
            sp_tok_kind close = p->tok.kind == T_LPAREN ? T_RPAREN : T_RBRACK;
            sp_tok open = p->tok;
            sp_advance(p);
                sp_node *r;
            sp_skip_nl(p);
            if (p->tok.kind == T_LABEL || p->tok.kind == T_STRLABEL || p->tok.kind == T_DSPLAT)
                r = parse_pat_hash_items(p, c, &open, close);
            else r = parse_pat_array_items(p, c, &open, close, NULL);
                sp_skip_nl(p);
            sp_expect(p, close);
            r->line = t.line; r->col = t.col;
            return r;
        }
        if (p->tok.kind == T_DOT2 || p->tok.kind == T_DOT3) {
            sp_tok op = p->tok;
            sp_advance(p);
            sp_node *r = ast_node(p->ar, N_RANGE, c->line, c->col);
            if (op.kind == T_DOT3) r->flags |= NF_EXCLUSIVE;
            r->a = c;
            if (!ends_range(&p->tok)) r->b = sp_parse_binary(p, PREC_PIPE + 2);
            c = r;
        }
        sp_node *pv = ast_node(p->ar, N_PAT_VALUE, c->line, c->col);
        pv->a = c;
        return pv;
    }
    default:
        return parse_pat_value(p);
    }
}

static sp_node *parse_pat_alt(sp_parser *p)
{
    sp_depth_in(p);
    sp_node *l = parse_pat_primary(p);
    while (p->tok.kind == T_PIPE) {
        sp_advance(p);
        sp_node *r = parse_pat_primary(p);
        sp_node *a = ast_node(p->ar, N_PAT_ALT, l->line, l->col);
        a->a = l;
        a->b = r;
        l = a;
    }
    while (p->tok.kind == T_ARROW) {
        sp_advance(p);
        if (p->tok.kind != T_IDENT) sp_expected(p, "local variable name");
        sp_node *b = pat_bind(p, &p->tok);
        b->a = l;
        sp_advance(p);
        l = b;
    }
    sp_depth_out(p);
    return l;
}

sp_node *sp_parse_pattern_top(sp_parser *p)
{
    sp_tok t = p->tok;
    if (t.kind == T_LABEL || t.kind == T_STRLABEL || t.kind == T_DSPLAT)
        return parse_pat_hash_items(p, NULL, &t, T_EOF);
    if (t.kind == T_SPLAT || t.kind == T_STAR)
        return parse_pat_array_items(p, NULL, &t, T_EOF, NULL);
    sp_node *first = parse_pat_alt(p);
    if (p->tok.kind == T_COMMA) return parse_pat_array_items(p, NULL, &t, T_EOF, first);
    return first;
}

sp_node *sp_parse_case_in(sp_parser *p, sp_node *subject, int line, int col)
{
    sp_node *n = ast_node(p->ar, N_CASE_IN, line, col);
    n->a = subject;
    while (p->tok.kind == K_IN) {
        sp_tok t = p->tok;
        sp_advance(p);
        sp_node *in = sp_node_at(p, N_IN, &t);
        in->a = sp_parse_pattern_top(p);
        if (p->tok.kind == K_IF || p->tok.kind == K_UNLESS) {
            sp_tok g = p->tok;
            sp_advance(p);
            sp_node *gi = sp_node_at(p, N_IF, &g);
            gi->a = sp_parse_expr_stmt(p);
            if (g.kind == K_UNLESS) gi->flags |= NF_UNLESS;
            in->b = gi;
        }
        if (p->tok.kind == K_THEN) sp_advance(p);
        else if (p->tok.kind == T_NL || p->tok.kind == T_SEMI) { sp_skip_terms(p); sp_accept(p, K_THEN); }
        else sp_unexpected(p);
        in->body = sp_parse_stmts(p);
        ast_push(p->ar, &n->list, in);
    }
    if (p->tok.kind == K_ELSE) {
        sp_advance(p);
        n->c = sp_parse_stmts(p);
    }
    if (p->tok.kind != K_END) sp_expect(p, K_END);
    sp_advance(p);
    return n;
}

/*
 * parser.h — internal interface between the parser's files (parser.c:
 * statements, definitions, control flow; parser_expr.c: expressions, calls,
 * literals, patterns).  Not used outside the front end: everyone else uses
 * sp_parse() from ast.h.
 *
 * One `sp_parser` per source range: the whole file, or one #{...}
 * interpolation (a sub-parser sharing the arena, the failure context and
 * the scope stack with its parent).  The current token is `tok`; `prev` is
 * the last consumed one (for end positions).
 */
#ifndef SPINEL_PARSER_H
#define SPINEL_PARSER_H

#include "ast.h"
#include "lexer.h"

typedef struct sp_scope {
    struct sp_scope *up;
    int is_block;               /* blocks see their parents' locals */
    const char **names;         /* open-addressing set, cap a power of 2 */
    int n, cap;
} sp_scope;

typedef struct sp_blockinfo {
    struct sp_blockinfo *up;
    int has_params;
    int maxnum;                 /* highest _N used */
    int uses_it;
    int inner_num;              /* a nested block uses _N */
} sp_blockinfo;

typedef struct sp_parser {
    sp_lexer lx;
    sp_tok tok, prev;
    sp_tok peeked;
    int has_peek;
    struct ast_arena *ar;
    sp_fail_ctx *fc;
    sp_scope *sc;
    sp_blockinfo *blk;
    int no_do;                  /* `do` belongs to an enclosing while/until/for/command; 2: `{` too (lambda params) */
    int multi_ok;               /* statement level: `a = 1, 2` and `a, b = ...` allowed */
    int in_paren_stmt;          /* directly inside ( ): `(a, b)` may be an mlhs */
    int frozen;                 /* # frozen_string_literal: true */
    int src_enc;                /* # coding: 0 UTF-8, 1 ASCII-8BIT, 2 US-ASCII */
    int in_def;
    int chain;                  /* length of the current left-assoc chain */
    sp_node *last_begin;        /* the most recent `begin ... end` node */
} sp_parser;

/* parser.c */
sp_ast *sp_parse_direct(const char *path, const char *src, size_t len);
void sp_advance(sp_parser *p);
sp_tok *sp_peek(sp_parser *p);
_Noreturn void sp_unexpected(sp_parser *p);
_Noreturn void sp_expected(sp_parser *p, const char *what);
void sp_expect(sp_parser *p, sp_tok_kind k);
int sp_accept(sp_parser *p, sp_tok_kind k);
void sp_skip_nl(sp_parser *p);
void sp_skip_terms(sp_parser *p);
void sp_depth_in(sp_parser *p);
void sp_depth_out(sp_parser *p);
sp_node *sp_node_at(sp_parser *p, sp_node_kind k, const sp_tok *t);
int sp_is_local(sp_parser *p, const char *name);
void sp_declare(sp_parser *p, const char *name);
void sp_push_scope(sp_parser *p, int is_block);
void sp_pop_scope(sp_parser *p);
sp_node *sp_parse_stmts(sp_parser *p);
sp_node *sp_parse_stmt(sp_parser *p);
sp_node *sp_parse_expr_stmt(sp_parser *p);
/* A condition (if/unless/while/until/ternary): a range literal there is a
 * flip-flop, as in CRuby; returns the node with such ranges turned into
 * N_FLIPFLOP (which the code generator rejects as not supported, instead of
 * silently testing an always-true Range). */
sp_node *sp_cond(sp_node *c);
sp_node *sp_parse_body(sp_parser *p, int line, int col);
sp_node *sp_parse_keyword_primary(sp_parser *p);   /* if/while/def/class/... or NULL */
sp_node *sp_parse_params(sp_parser *p, sp_tok_kind close, int is_block);
sp_node *sp_stmts_of(sp_parser *p, sp_node *e);
sp_node *sp_parse_interp(sp_parser *p, const sp_strpart *pt);

/* parser_expr.c */
sp_node *sp_parse_arg(sp_parser *p);
sp_node *sp_parse_expr_top(sp_parser *p);
sp_node *sp_parse_binary(sp_parser *p, int minprec);
sp_node *sp_parse_unary(sp_parser *p);
sp_node *sp_parse_primary(sp_parser *p);
sp_node *sp_parse_postfix(sp_parser *p, sp_node *e);
sp_node *sp_parse_mlhs_item(sp_parser *p);
sp_node *sp_to_target(sp_parser *p, sp_node *e);
sp_node *sp_mlhs_target(sp_parser *p, sp_node *e);   /* the same, refusing a&.b */
/* A return/break/next/redo/retry (or an if/begin ending in them on every
 * branch) where a value is needed: the void node, or NULL; sp_check_value
 * refuses it with CRuby's message. */
const sp_node *sp_void_value(const sp_node *n);
void sp_check_value(sp_parser *p, const sp_node *n);
sp_node *sp_parse_masgn(sp_parser *p, sp_node *first);
sp_node *sp_parse_block(sp_parser *p, int braces);
int sp_can_start_arg(sp_parser *p, const sp_tok *t);
int sp_can_start_value(const sp_tok *t);
void sp_parse_command_args(sp_parser *p, sp_node *call);
void sp_parse_paren_args(sp_parser *p, sp_node *call, sp_tok_kind close);
sp_node *sp_parse_pattern_top(sp_parser *p);
sp_node *sp_parse_case_in(sp_parser *p, sp_node *subject, int line, int col);
sp_node *sp_parse_rhs(sp_parser *p);
/* `*x` (an N_SPLAT of the argument) or an argument: an item of a rescue
 * class list, a `when` list or a multiple right-hand side. */
sp_node *sp_parse_splat_arg(sp_parser *p);
/* `e rescue r` when a `rescue` modifier follows e (a def's endless body,
 * an assignment's right-hand side); e itself otherwise. */
sp_node *sp_rescue_mod(sp_parser *p, sp_node *e);

#define PREC_OROP 1
#define PREC_PIPE 6
#define PREC_POW 12

#endif

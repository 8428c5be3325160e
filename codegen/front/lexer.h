/*
 * lexer.h — Spinel's Ruby tokenizer, driven one token at a time by the
 * parser (parser.c).
 *
 * Ruby cannot be tokenized without context: `foo -1` vs `x -1`, `p /re/`
 * vs `a / b`, `?a` vs `c ? a : b`, `<<~EOS` vs `a << b` all depend on what
 * came before.  The lexer keeps CRuby-style state (LX_BEG: an expression may
 * start; LX_END: a value just ended; LX_ARG: after a method name that may
 * take command arguments, where "space before and none after" makes `-`,
 * `*`, `&`, `/`, `%`, `<<`, `?`, `::`, `[` start an argument; LX_FNAME
 * after `def`; LX_DOT after `.`) computed from the previous token, and asks
 * the parser through `is_local` whether an identifier is a known local
 * variable (locals end a value; unknown identifiers may be commands).
 *
 * Strings and other literals with interpolation are returned as ONE token
 * holding a list of parts: literal bytes (escapes already processed) and
 * interpolations, which are source ranges [ip, iend) the parser parses with
 * a sub-parser over the same buffer.  The closing `}` of an interpolation
 * is found by running a nested lexer over the text (so strings, comments
 * and braces inside it are handled).  Heredoc bodies are read when the
 * heredoc start is lexed; the lexer then skips the body when it reaches
 * the end of the line holding the start (`hd_resume`).
 *
 * Errors are reported through sp_lex_fail (prints one diagnostic and
 * longjmps to the parse's recovery point); the lexer never aborts.
 * All memory comes from the AST arena.
 */
#ifndef SPINEL_LEXER_H
#define SPINEL_LEXER_H

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>

#include "ast.h"

typedef enum sp_tok_kind {
    T_EOF, T_NL, T_SEMI,
    /* literals */
    T_INT, T_FLOAT, T_STRING, T_XSTRING, T_SYMBOL, T_DSYM, T_REGEX,
    T_WORDS, T_SYMBOLS, T_CHAR,
    /* names */
    T_IDENT, T_FID, T_CONST, T_IVAR, T_GVAR, T_CVAR, T_NTH_REF, T_BACK_REF,
    T_LABEL, T_STRLABEL,     /* `a:` ; `"a":` (parts as T_STRING) */
    T_OPNAME,                /* operator method name after def/./: (name) */
    /* keywords */
    K_ALIAS, K_AND, K_BEGIN, K_BEGIN_UP, K_BREAK, K_CASE, K_CLASS, K_DEF,
    K_DEFINED, K_DO, K_ELSE, K_ELSIF, K_END, K_END_UP, K_ENSURE, K_FALSE,
    K_FOR, K_IF, K_IN, K_MODULE, K_NEXT, K_NIL, K_NOT, K_OR, K_REDO,
    K_RESCUE, K_RETRY, K_RETURN, K_SELF, K_SUPER, K_THEN, K_TRUE, K_UNDEF,
    K_UNLESS, K_UNTIL, K_WHEN, K_WHILE, K_YIELD, K__FILE__, K__LINE__,
    K__ENCODING__,
    /* punctuation and operators */
    T_LPAREN, T_RPAREN, T_LBRACK, T_RBRACK, T_LBRACE, T_RBRACE,
    T_COMMA, T_DOT, T_ANDDOT, T_COLON2, T_COLON3, T_COLON,
    T_DOT2, T_DOT3, T_BDOT2, T_BDOT3,   /* BDOTn: at expression start */
    T_QUESTION, T_ARROW /* => */, T_LAMBDA /* -> */,
    T_ASSIGN, T_OP_ASGN /* name = operator */,
    T_PLUS, T_MINUS, T_STAR, T_POW, T_DIV, T_PERCENT,
    T_UPLUS, T_UMINUS, T_UMINUS_NUM, T_SPLAT, T_DSPLAT, T_BLOCKAMP,
    T_EQ, T_EQQ, T_NEQ, T_MATCH, T_NMATCH, T_LT, T_LE, T_GT, T_GE, T_CMP,
    T_ANDOP, T_OROP, T_BANG, T_TILDE, T_AMP, T_PIPE, T_CARET,
    T_LSHIFT, T_RSHIFT,
    T__COUNT
} sp_tok_kind;

/* A piece of a string-like literal. */
enum { SP_PART_LIT, SP_PART_INTERP, SP_PART_SEP /* %w word break */ };
typedef struct sp_strpart {
    int kind;
    char *s; size_t len;          /* SP_PART_LIT bytes */
    const char *ip, *iend;        /* SP_PART_INTERP source range */
    int line, col;                /* position of ip */
    const char *hd_resume;        /* heredoc bodies already taken on ip's line */
    int hd_line;                  /* (lexer hd_resume state when ip was reached) */
    int utf8;                     /* SP_PART_LIT with a non-ASCII \u escape: the literal is UTF-8 */
} sp_strpart;

typedef struct sp_parts {
    sp_strpart *v;
    int n, cap;
} sp_parts;

typedef struct sp_tok {
    sp_tok_kind kind;
    int line, col;           /* start */
    int end_line, end_col;   /* just past the end */
    int space_before;        /* whitespace (or line start) precedes it */
    const char *start;       /* raw text */
    size_t len;
    const char *name;        /* names, symbols, labels, operators (arena) */
    int64_t ival;
    double fval;
    const char *digits;      /* bignum: decimal digits (arena); a float with r: its text; else NULL */
    int num_suffix;          /* 'r', 'i', 'R' (= ri) or 0 */
    int is_float;            /* T_INT/T_FLOAT with suffix: base literal kind */
    sp_parts parts;          /* strings, xstrings, dsyms, regexps, words */
    int re_opts;             /* RE_* bits */
    int heredoc;             /* 1 if the string came from a heredoc */
} sp_tok;

typedef enum { LX_BEG, LX_MID, LX_ARG, LX_END, LX_FNAME, LX_ENDFN, LX_DOT, LX_CLASS } sp_lx_state;

/* Shared failure context of one parse (lexer, parser, sub-parsers). */
typedef struct sp_fail_ctx {
    const char *path;
    const char *src;
    size_t src_len;
    jmp_buf jb;
    int depth;               /* current nesting depth (parser + lexer) */
    int max_depth;
} sp_fail_ctx;

typedef struct sp_lexer {
    const char *src;          /* whole buffer */
    const char *p, *lim;      /* current position, end of this lexer's range */
    const char *line_start;
    int line;
    sp_lx_state state;
    sp_tok_kind last;         /* previous token kind */
    int fname_dot;            /* `def self.` : lex the name after the dot as FNAME */
    int undef_mode;           /* inside `undef a, b` / `alias a b` */
    int paren_depth;
    const char *hd_resume;    /* where lexing continues after this line's heredocs */
    int hd_resume_line;
    const char *hd_lim;       /* heredoc bodies are searched up to here (end of file) */
    int at_eof;
    const char *data;         /* text after __END__ (main lexer only) */
    size_t data_len;
    struct ast_arena *arena;
    sp_fail_ctx *fc;
    int (*is_local)(void *ctx, const char *name, size_t len);
    void *local_ctx;
    int u8_escape;            /* a \u escape of a non-ASCII character since the last literal part */
} sp_lexer;

void sp_lex_init(sp_lexer *lx, sp_fail_ctx *fc, struct ast_arena *arena,
                 const char *src, const char *start, const char *lim, int line);
void sp_lex_next(sp_lexer *lx, sp_tok *t);

/* Report an error at (line, col) and longjmp to fc->jb. */
_Noreturn void sp_fail(sp_fail_ctx *fc, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

const char *sp_tok_name(sp_tok_kind k);   /* "'end'", "integer", ... */

#endif

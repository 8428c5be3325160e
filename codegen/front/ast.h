/*
 * ast.h — Spinel's abstract syntax tree: the contract between the parser
 * (parser.c) and every later pass (resolve.c, emit.c).
 *
 * Representation
 *   One node struct for every kind.  Children live in named role slots
 *   (`a`, `b`, `c`, `d`, `body`) and in up to two node lists (`list`,
 *   `list2`).  What each slot means is fixed per kind in the table below;
 *   a slot a kind does not use is NULL / empty.  Names (identifiers,
 *   method names, constants, ivars with their '@', gvars with '$') are
 *   NUL-terminated strings in `name`, owned by the AST arena.  String-like
 *   payloads (string literal bytes after escape processing, regexp source,
 *   bignum digits) are in `str`/`len` and may contain NUL bytes.
 *
 *   Positions: `line` and `col` are 1-based, col counted in bytes; a node's
 *   position is where its leftmost token starts, except for calls with a
 *   receiver, whose position is the method-name token (what error_highlight
 *   points at).  `end_col` is the byte column just past the node's first
 *   token when it is on one line (0 otherwise): for calls with a receiver
 *   that is the end of the method name (binary operators: of the operator),
 *   so [col, end_col) is what error_highlight underlines.
 *
 *   Memory: nodes are allocated from an arena (ast_arena) owned by the
 *   parse; freeing the arena frees the whole tree.  No node is shared.
 *
 *   Desugarings done by the parser (so later passes see fewer kinds):
 *     - binary operators, unary minus on non-literals, `!`, `not`, `!=`,
 *       `x[i]`, `x[i] = v`, `x.y = v` become N_CALL;  `a != b` is a call to
 *       `!=`, `!x` and `not x` are calls to `!`.
 *     - `&&`/`and` -> N_AND,  `||`/`or` -> N_OR.
 *     - `unless c` -> N_IF with the branches swapped (flag NF_UNLESS kept
 *       for --dump-ast fidelity only); `c ? x : y` -> N_IF.
 *     - `until c` -> N_WHILE with NF_UNTIL (cond is NOT negated).
 *     - `x if y` -> N_IF,  `x while y` -> N_WHILE,  `begin..end while y`
 *       -> N_WHILE with NF_DO_WHILE.
 *     - `__FILE__` -> N_STR, `__LINE__` -> N_INT.  `__method__` and
 *       `__dir__` stay ordinary N_CALLs with no receiver.
 *     - literal `-1`, `-1.5` fold into N_INT / N_FLOAT.
 *     - adjacent string literals ("a" "b") are concatenated.
 *     - `/(?<year>\d+)/ =~ s` with a static regexp literal on the left
 *       declares the local `year` (later uses are N_LVAR, as in CRuby);
 *       the `=~` stays an ordinary N_CALL — the emitter assigns the named
 *       captures (nil when the match fails).
 *     - heredocs become N_STR / N_DSTR at the heredoc's start position.
 *
 * Node kinds and their slots
 *   (name=`name`, str=`str`/`len`, ival, fval, flags as noted)
 *
 *   Program / sequences
 *     N_STMTS       list = statements (any expressions).  Value is the last.
 *     N_BEGIN       body = N_STMTS; list = N_RESCUE clauses; c = else body
 *                   (N_STMTS or NULL); d = ensure body (N_STMTS or NULL).
 *                   A plain `begin..end` without clauses is N_BEGIN with
 *                   empty list and NULL c/d.  `def`/`do` bodies with
 *                   rescue/ensure use N_BEGIN as their body.
 *     N_RESCUE      list = exception class expressions (may contain N_SPLAT;
 *                   empty means StandardError); a = target to bind (an
 *                   assignable: N_LVAR/N_IVAR/N_GVAR/N_CVAR/N_CONST/attr or
 *                   index N_CALL) or NULL; body = N_STMTS.  The `x rescue y`
 *                   modifier is N_BEGIN{body=x, list=[N_RESCUE{body=y}]}.
 *
 *   Literals
 *     N_NIL N_TRUE N_FALSE N_SELF
 *     N_INT         ival (fits int64) — or, if it does not fit, NF_BIGNUM
 *                   and str = decimal digits with optional leading '-'.
 *     N_FLOAT       fval
 *     N_RATIONAL / N_IMAGINARY   a = the numeric literal (3r, 2i; 0.3r: N_STR "0.3", exact); optional
 *     N_STR         str/len = the bytes (escapes processed).  NF_FROZEN when
 *                   `# frozen_string_literal: true` is in effect;
 *                   NF_ENC_BINARY / NF_ENC_USASCII under a `# coding:`
 *                   magic comment naming those encodings.
 *     N_DSTR        list = parts: N_STR and N_EVSTR.  (interpolated string)
 *     N_EVSTR       a = the expression inside #{} (N_STMTS, may be empty)
 *     N_XSTR        list = parts as N_DSTR (`cmd` and %x())
 *     N_SYM         name = the symbol's name (`:a`, `:+`, `:"a b"`, `a:` keys)
 *     N_DSYM        list = parts as N_DSTR (`:"a#{b}"`)
 *     N_REGEX       list = parts as N_DSTR (a single N_STR when static);
 *                   ival = option bits RE_I|RE_X|RE_M|RE_O (see below)
 *     N_ARRAY       list = elements (may contain N_SPLAT).  %w/%i produce
 *                   N_ARRAY of N_STR / N_SYM.
 *     N_HASH        list = N_PAIR and N_DSPLAT entries.  NF_BRACES when
 *                   written with {}; a brace-less trailing hash argument
 *                   (`f(a: 1)`) is N_HASH without NF_BRACES and with
 *                   NF_KWARGS.
 *     N_PAIR        a = key, b = value.  `a:` shorthand keys are N_SYM;
 *                   `{x:}` value omission gives b = the N_LVAR/N_CALL `x`.
 *     N_RANGE       a = begin or NULL, b = end or NULL; NF_EXCLUSIVE for ...
 *
 *   Variables and constants
 *     N_LVAR        name.  A bare identifier the parser knows is a local
 *                   (assigned earlier in scope, or a parameter).
 *     N_IVAR N_GVAR N_CVAR   name (with @, $, @@)
 *     N_NTH_REF     ival = n for $1..$9 ;  N_BACK_REF  name = "$&" "$`" "$'" "$+"
 *     N_CONST       name; a = scope expression for `A::B` (NULL for bare B);
 *                   NF_TOPLEVEL for `::B`.
 *
 *   Assignment
 *     N_LASGN N_IASGN N_GASGN N_CVASGN   name; a = value
 *     N_CDECL       name; b = scope or NULL (NF_TOPLEVEL for ::X = ..); a = value
 *     N_OP_ASGN     a = target (N_LVAR/N_IVAR/N_GVAR/N_CVAR/N_CONST, or an
 *                   N_CALL for `x.y` / `x[i]` targets with their receiver
 *                   and args evaluated once); name = the operator ("+",
 *                   "<<", "||", "&&", ...); b = value.
 *     N_MASGN       list = targets (assignables as above, in their
 *                   "assign" form: N_LASGN/N_IASGN/... with a = NULL,
 *                   N_CALL attr/index targets with name "x=" / "[]=",
 *                   N_SPLAT{a = target or NULL}, nested N_MLHS);
 *                   a = value (N_ARRAY for `a, b = 1, 2`; any expression
 *                   for `a, b = x`; N_SPLAT allowed inside the array).
 *     N_MLHS        list = nested targets, as N_MASGN's list (`(b, c)`)
 *
 *   Calls
 *     N_CALL        a = receiver or NULL (self call); name = method name
 *                   ("+", "[]", "[]=", "x=", "!", "-@", "+@", "call" for
 *                   `f.()`); list = arguments (N_SPLAT, trailing N_HASH
 *                   with NF_KWARGS, N_BLOCK_PASS last); b = block
 *                   (N_BLOCK) or NULL.
 *                   flags: NF_SAFE_NAV (&.), NF_PARENS (written with
 *                   parentheses), NF_VCALL (bare identifier that might be a
 *                   local or method: `foo` with no args/parens/receiver),
 *                   NF_ATTRASGN (x.y = v / x[i] = v: value of the
 *                   expression is the assigned value, not the call's).
 *     N_SPLAT       a = expression (or NULL for anonymous `*`)
 *     N_DSPLAT      a = expression (or NULL for anonymous `**`)
 *     N_BLOCK_PASS  a = expression (or NULL for anonymous `&`)
 *     N_FWD_ARGS    `...` used as an argument
 *     N_SUPER       list = args, b = block; NF_PARENS if written `super(...)`
 *     N_ZSUPER      b = block.  (bare `super`: pass the method's own args)
 *     N_YIELD       list = args
 *     N_BLOCK       c = N_PARAMS or NULL; body = N_STMTS (or N_BEGIN if
 *                   the do-block has rescue/ensure).  NF_BRACES for {}.
 *                   If the block uses _1.._9 (and has no explicit
 *                   params) it has NF_NUMPARAMS and ival = the highest
 *                   number used; the uses are N_LVAR "_1".."_9".  If it
 *                   uses `it` (Ruby 3.4) it has NF_IT and the uses are
 *                   N_LVAR "it": the block takes one parameter `it`.
 *     N_LAMBDA      as N_BLOCK (`-> (x) { }` / `-> do end`)
 *
 *   Definitions
 *     N_DEF         name; a = singleton receiver (N_SELF / expr) or NULL;
 *                   c = N_PARAMS or NULL; body = N_STMTS or N_BEGIN.
 *                   NF_ENDLESS for `def x = expr`.
 *     N_PARAMS      list = N_PARAM in source order;
 *                   list2 = block-local variables (N_LVAR, `|a; b, c|`).
 *     N_PARAM       name (NULL for anonymous `*`, `**`, `&`);
 *                   ival = one of PK_REQ, PK_OPT, PK_REST, PK_POST, PK_KEY,
 *                   PK_KEYREQ, PK_KWREST, PK_NOKW, PK_BLOCK, PK_FWD,
 *                   PK_DESTRUCT; a = default value for PK_OPT / PK_KEY;
 *                   for PK_DESTRUCT, list = nested N_PARAMs (`|a, (b, c)|`).
 *     N_CLASS       a = path (N_CONST, possibly scoped); b = superclass or
 *                   NULL; body = N_STMTS or N_BEGIN
 *     N_SCLASS      a = object (`class << self`); body
 *     N_MODULE      a = path; body
 *     N_ALIAS       a, b = N_SYM (new, old) — or N_GVAR for `alias $a $b`
 *     N_UNDEF       list = N_SYM
 *
 *   Control flow
 *     N_IF          a = cond; b = then (or NULL); c = else (or NULL)
 *     N_WHILE       a = cond; body; NF_UNTIL, NF_DO_WHILE
 *     N_FOR         a = target (an assign-form target or N_MLHS);
 *                   b = iterable; body
 *     N_CASE        a = subject or NULL; list = N_WHEN; c = else or NULL
 *     N_WHEN        list = tests (may contain N_SPLAT); body
 *     N_CASE_IN     a = subject; list = N_IN; c = else or NULL.
 *                   One-line matches desugar to it: `expr => pat` is a
 *                   N_CASE_IN with one N_IN (body (stmts (nil))) and no
 *                   else; `expr in pat` has body (stmts (true)) and
 *                   c = (stmts (false)).
 *     N_IN          a = pattern; b = guard (N_IF/NF_UNLESS style: cond in
 *                   b->a, flag NF_UNLESS) or NULL; body
 *     N_AND N_OR    a, b
 *     N_NOT         a  (only used for `defined?`-free negation the parser
 *                   cannot express as a call; normally `!` is an N_CALL)
 *     N_DEFINED     a = expression
 *     N_RETURN N_BREAK N_NEXT   a = value or NULL (several values ->
 *                   N_ARRAY)
 *     N_REDO N_RETRY
 *     N_FLIPFLOP    a = begin, b = end (NF_EXCLUSIVE for ...): a range literal
 *                   in a condition (sp_cond); rejected by the code generator
 *
 *   Patterns (inside N_IN)
 *     N_PAT_VALUE   a = expression matched with ===  (literals, ranges,
 *                   constants, ^pinned via N_PAT_PIN)
 *     N_PAT_PIN     a = expression (^x, ^(expr))
 *     N_PAT_BIND    name = local to bind; a = sub-pattern or NULL (bare
 *                   identifier binds anything)
 *     N_PAT_ARRAY   b = constant or NULL (Const[...] / Const(...));
 *                   list = element patterns before the rest; c = rest
 *                   (N_SPLAT{a = N_PAT_BIND or NULL}) or NULL;
 *                   list2 = patterns after the rest
 *     N_PAT_FIND    b = constant or NULL; list = [pre-splat, ...mid, post-splat]
 *     N_PAT_HASH    b = constant or NULL; list = N_PAIR{a = N_SYM key,
 *                   b = pattern or NULL}; c = N_DSPLAT{a = N_PAT_BIND} or
 *                   NULL; NF_NOKW for **nil
 *     N_PAT_ALT     a, b
 *     N_PAT_CONST   a = constant (bare `Integer` pattern uses N_PAT_VALUE)
 *
 *   Misc
 *     N_BEGIN_BLOCK / N_END_BLOCK   body  (BEGIN { } / END { })
 *     N_DATA        str/len = text after __END__ (present only if the
 *                   file has __END__; always the LAST element of the root
 *                   N_STMTS)
 */
#ifndef SPINEL_AST_H
#define SPINEL_AST_H

#include <stddef.h>
#include <stdint.h>

typedef enum sp_node_kind {
    N_STMTS, N_BEGIN, N_RESCUE,
    N_NIL, N_TRUE, N_FALSE, N_SELF,
    N_INT, N_FLOAT, N_RATIONAL, N_IMAGINARY,
    N_STR, N_DSTR, N_EVSTR, N_XSTR, N_SYM, N_DSYM, N_REGEX,
    N_ARRAY, N_HASH, N_PAIR, N_RANGE,
    N_LVAR, N_IVAR, N_GVAR, N_CVAR, N_NTH_REF, N_BACK_REF, N_CONST,
    N_LASGN, N_IASGN, N_GASGN, N_CVASGN, N_CDECL, N_OP_ASGN, N_MASGN, N_MLHS,
    N_CALL, N_SPLAT, N_DSPLAT, N_BLOCK_PASS, N_FWD_ARGS,
    N_SUPER, N_ZSUPER, N_YIELD, N_BLOCK, N_LAMBDA,
    N_DEF, N_PARAMS, N_PARAM, N_CLASS, N_SCLASS, N_MODULE, N_ALIAS, N_UNDEF,
    N_IF, N_WHILE, N_FOR, N_CASE, N_WHEN, N_CASE_IN, N_IN,
    N_AND, N_OR, N_NOT, N_DEFINED,
    N_RETURN, N_BREAK, N_NEXT, N_REDO, N_RETRY, N_FLIPFLOP,
    N_PAT_VALUE, N_PAT_PIN, N_PAT_BIND, N_PAT_ARRAY, N_PAT_FIND, N_PAT_HASH,
    N_PAT_ALT, N_PAT_CONST,
    N_BEGIN_BLOCK, N_END_BLOCK, N_DATA,
    N__COUNT
} sp_node_kind;

/* node flags */
enum {
    NF_BIGNUM    = 1 << 0,
    NF_FROZEN    = 1 << 1,
    NF_BRACES    = 1 << 2,
    NF_KWARGS    = 1 << 3,
    NF_EXCLUSIVE = 1 << 4,
    NF_TOPLEVEL  = 1 << 5,
    NF_SAFE_NAV  = 1 << 6,
    NF_PARENS    = 1 << 7,
    NF_VCALL     = 1 << 8,
    NF_ATTRASGN  = 1 << 9,
    NF_UNLESS    = 1 << 10,
    NF_UNTIL     = 1 << 11,
    NF_DO_WHILE  = 1 << 12,
    NF_ENDLESS   = 1 << 13,
    NF_NUMPARAMS = 1 << 14,  /* block uses _1.._9; ival = highest number */
    NF_IT        = 1 << 15,  /* block uses `it` */
    NF_NOKW      = 1 << 16,
    NF_MODIFIER  = 1 << 17,  /* written as a statement modifier */
    NF_EXCESS    = 1 << 18,  /* the implicit rest of `|a, |` (excess comma):
                                not a real parameter (arity, parameters);
                                not shown by --dump-ast */
    NF_ENC_BINARY  = 1 << 19, /* N_STR in ASCII-8BIT (`# coding: binary`,
                                 or \x escapes under `# coding: us-ascii`) */
    NF_ENC_USASCII = 1 << 20, /* N_STR in US-ASCII (`# coding: us-ascii`) */
    NF_PSEUDO      = 1 << 21, /* N_CONST written as __ENCODING__ (defined? says "expression") */
};

/* regexp option bits (N_REGEX ival) */
/* RE_U (/u: fixed UTF-8) and RE_N (/n: no encoding) are Regexp's
 * FIXEDENCODING and NOENCODING bits */
enum { RE_I = 1, RE_X = 2, RE_M = 4, RE_O = 8, RE_U = 16, RE_N = 32 };

/* parameter kinds (N_PARAM ival) */
enum {
    PK_REQ, PK_OPT, PK_REST, PK_POST, PK_KEY, PK_KEYREQ, PK_KWREST,
    PK_NOKW, PK_BLOCK, PK_FWD, PK_DESTRUCT
};

typedef struct sp_node sp_node;

typedef struct sp_nodes {
    sp_node **v;
    int n, cap;
} sp_nodes;

struct sp_node {
    sp_node_kind kind;
    int line, col, end_col;
    int flags;
    const char *name;
    char *str;
    size_t len;
    int64_t ival;
    double fval;
    sp_node *a, *b, *c, *d, *body;
    sp_nodes list, list2;
};

/* The result of parsing one file. */
typedef struct sp_ast {
    const char *path;      /* as given on the command line */
    const char *src;       /* whole source text (NUL-terminated) */
    size_t src_len;
    sp_node *root;         /* N_STMTS */
    struct ast_arena *arena;
} sp_ast;

/* Human-readable kind name ("call", "lasgn", ...), used by --dump-ast. */
const char *ast_kind_name(sp_node_kind k);

/* Arena-backed constructors (parser.c and desugaring passes). */
struct ast_arena *ast_arena_new(void);
void ast_arena_free(struct ast_arena *a);
void *ast_alloc(struct ast_arena *a, size_t size);
char *ast_strndup(struct ast_arena *a, const char *s, size_t n);
sp_node *ast_node(struct ast_arena *a, sp_node_kind k, int line, int col);
void ast_push(struct ast_arena *a, sp_nodes *list, sp_node *n);

/* Parse `src` (len bytes) read from `path`.  On a syntax error prints one
 * diagnostic `path:line:col: error: message`, the source line and a caret
 * to stderr and returns NULL.  Never aborts, never recurses without bound. */
sp_ast *sp_parse(const char *path, const char *src, size_t len);
sp_ast *sp_parse_locals(const char *path, const char *src, size_t len, const char *const *locals, int nlocals);
void sp_ast_free(sp_ast *ast);

/* The whole file at `path` (malloc'd, NUL-terminated, *len bytes before the
 * NUL); NULL with errno set when it cannot be read. */
char *sp_read_source(const char *path, size_t *len);

/* Write the tree as an s-expression (stable format; see ast_dump.c). */
#include <stdio.h>
void ast_dump(FILE *out, const sp_node *n);

#endif

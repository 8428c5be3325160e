/*
 * test_lexer.c — the tokenizer on its own: token kinds and the
 * context-dependent decisions (unary vs binary minus, regexp vs division,
 * heredoc vs shift, char literal vs ternary, labels, command arguments),
 * literal values (numbers, escapes, heredoc bodies) and positions.
 *
 * Tokens are rendered as "KIND" or "KIND(text)" separated by spaces.  The
 * callback treats identifiers starting with 'l' as known locals.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "diag.h"
#include "lexer.h"

static const char *kind_name(sp_tok_kind k)
{
    switch (k) {
    case T_EOF: return "EOF"; case T_NL: return "NL"; case T_SEMI: return "SEMI";
    case T_INT: return "INT"; case T_FLOAT: return "FLOAT"; case T_STRING: return "STR";
    case T_XSTRING: return "XSTR"; case T_SYMBOL: return "SYM"; case T_DSYM: return "DSYM";
    case T_REGEX: return "REGEX"; case T_WORDS: return "WORDS"; case T_SYMBOLS: return "SYMBOLS";
    case T_CHAR: return "CHAR"; case T_IDENT: return "ID"; case T_FID: return "FID";
    case T_CONST: return "CONST"; case T_IVAR: return "IVAR"; case T_GVAR: return "GVAR";
    case T_CVAR: return "CVAR"; case T_NTH_REF: return "NTH"; case T_BACK_REF: return "BACKREF";
    case T_LABEL: return "LABEL"; case T_STRLABEL: return "STRLABEL"; case T_OPNAME: return "OPNAME";
    case T_LPAREN: return "("; case T_RPAREN: return ")"; case T_LBRACK: return "[";
    case T_RBRACK: return "]"; case T_LBRACE: return "{"; case T_RBRACE: return "}";
    case T_COMMA: return ","; case T_DOT: return "."; case T_ANDDOT: return "&.";
    case T_COLON2: return "::"; case T_COLON3: return "TOP::"; case T_COLON: return ":";
    case T_DOT2: return ".."; case T_DOT3: return "..."; case T_BDOT2: return "B.."; case T_BDOT3: return "B...";
    case T_QUESTION: return "?"; case T_ARROW: return "=>"; case T_LAMBDA: return "->";
    case T_ASSIGN: return "="; case T_OP_ASGN: return "OPASGN"; case T_PLUS: return "+";
    case T_MINUS: return "-"; case T_STAR: return "*"; case T_POW: return "**"; case T_DIV: return "/";
    case T_PERCENT: return "%"; case T_UPLUS: return "U+"; case T_UMINUS: return "U-";
    case T_UMINUS_NUM: return "UNUM-"; case T_SPLAT: return "SPLAT"; case T_DSPLAT: return "DSPLAT";
    case T_BLOCKAMP: return "BLOCK&"; case T_EQ: return "=="; case T_EQQ: return "==="; case T_NEQ: return "!=";
    case T_MATCH: return "=~"; case T_NMATCH: return "!~"; case T_LT: return "<"; case T_LE: return "<=";
    case T_GT: return ">"; case T_GE: return ">="; case T_CMP: return "<=>"; case T_ANDOP: return "&&";
    case T_OROP: return "||"; case T_BANG: return "!"; case T_TILDE: return "~"; case T_AMP: return "&";
    case T_PIPE: return "|"; case T_CARET: return "^"; case T_LSHIFT: return "<<"; case T_RSHIFT: return ">>";
    default: return NULL;   /* keywords: printed as kw(text) */
    }
}

static int is_local(void *ctx, const char *name, size_t len) { (void)ctx; (void)len; return name[0] == 'l'; }

static char out[8192];

/* Lex `src`; returns the rendered token list, or "ERROR: <diag line 1>". */
static const char *lex(const char *src)
{
    static sp_fail_ctx fc;
    struct ast_arena *ar = ast_arena_new();
    memset(&fc, 0, sizeof fc);
    fc.path = "t.rb";
    fc.src = src;
    fc.src_len = strlen(src);
    fc.max_depth = 1000;
    sp_diag_set_stream(NULL);
    out[0] = 0;
    if (setjmp(fc.jb)) {
        const char *d = sp_diag_last();
        const char *e = strchr(d, '\n');
        snprintf(out, sizeof out, "ERROR: %.*s", (int)(e ? e - d : (long)strlen(d)), d);
        ast_arena_free(ar);
        return out;
    }
    sp_lexer lx;
    sp_lex_init(&lx, &fc, ar, src, src, src + fc.src_len, 1);
    lx.is_local = is_local;
    for (int guard = 0; guard < 1000; guard++) {
        sp_tok t;
        sp_lex_next(&lx, &t);
        char one[512];
        const char *kn = kind_name(t.kind);
        switch (t.kind) {
        case T_INT:
            if (t.digits) snprintf(one, sizeof one, "INT(%s)", t.digits);
            else snprintf(one, sizeof one, "INT(%lld%s)", (long long)t.ival, t.num_suffix == 'r' ? "r" : t.num_suffix == 'i' ? "i" : "");
            break;
        case T_FLOAT: snprintf(one, sizeof one, "FLOAT(%g)", t.fval); break;
        case T_STRING: case T_XSTRING: case T_DSYM: case T_REGEX: case T_WORDS: case T_SYMBOLS: case T_CHAR: case T_STRLABEL: {
            size_t k = (size_t)snprintf(one, sizeof one, "%s(", kn);
            for (int i = 0; i < t.parts.n && k < sizeof one - 40; i++) {
                const sp_strpart *pt = &t.parts.v[i];
                if (i) one[k++] = '|';
                if (pt->kind == SP_PART_LIT) {
                    for (size_t j = 0; j < pt->len && k < sizeof one - 40; j++) {
                        unsigned char c = (unsigned char)pt->s[j];
                        if (c == '\n') { one[k++] = '\\'; one[k++] = 'n'; }
                        else if (c < 0x20 || c >= 0x7f) k += (size_t)snprintf(one + k, 8, "\\x%02X", c);
                        else one[k++] = (char)c;
                    }
                } else if (pt->kind == SP_PART_INTERP) {
                    k += (size_t)snprintf(one + k, sizeof one - k, "#{%.*s}@%d:%d", (int)(pt->iend - pt->ip), pt->ip, pt->line, pt->col);
                } else one[k++] = ' ';
            }
            if (t.kind == T_REGEX) k += (size_t)snprintf(one + k, sizeof one - k, "/%d", t.re_opts);
            snprintf(one + k, sizeof one - k, ")");
            break;
        }
        default:
            if (!kn) snprintf(one, sizeof one, "kw(%.*s)", (int)t.len, t.start);
            else if (t.name && t.kind != T_EOF) snprintf(one, sizeof one, "%s(%s)", kn, t.name);
            else snprintf(one, sizeof one, "%s", kn);
        }
        if (out[0]) strncat(out, " ", sizeof out - strlen(out) - 1);
        strncat(out, one, sizeof out - strlen(out) - 1);
        if (t.kind == T_EOF) break;
    }
    ast_arena_free(ar);
    return out;
}

#define LEX(src, expect) do { const char *got_ = lex(src); cr_expect_str_eq(got_, expect, "source: %s\n  expected: %s\n  got:      %s", src, expect, got_); } while (0)

Test(lexer, operators_and_states)
{
    LEX("a - 1", "ID(a) - INT(1) EOF");
    LEX("a -1", "ID(a) UNUM- INT(1) EOF");
    LEX("lx -1", "ID(lx) - INT(1) EOF");
    LEX("a-1", "ID(a) - INT(1) EOF");
    LEX("-x", "U- ID(x) EOF");
    LEX("a *b", "ID(a) SPLAT ID(b) EOF");
    LEX("lx *b", "ID(lx) * ID(b) EOF");
    LEX("f **h, &b", "ID(f) DSPLAT ID(h) , BLOCK& ID(b) EOF");
    LEX("a && b || !c", "ID(a) && ID(b) || ! ID(c) EOF");
    LEX("x &.y", "ID(x) &. ID(y) EOF");
    LEX("a <=> b == c === d != e =~ f !~ g", "ID(a) <=> ID(b) == ID(c) === ID(d) != ID(e) =~ ID(f) !~ ID(g) EOF");
    LEX("a += 1; b ||= 2; c **= 3; d <<= 4", "ID(a) OPASGN(+) INT(1) SEMI ID(b) OPASGN(||) INT(2) SEMI ID(c) OPASGN(**) INT(3) SEMI ID(d) OPASGN(<<) INT(4) EOF");
    LEX("a ? b : c", "ID(a) ? ID(b) : ID(c) EOF");
    LEX("1..2 ...3", "INT(1) .. INT(2) ... INT(3) EOF");
    LEX("(..5)", "( B.. INT(5) ) EOF");
    LEX("-> (x) { }", "-> ( ID(x) ) { } EOF");
    LEX("A::B ::C", "CONST(A) :: CONST(B) TOP:: CONST(C) EOF");
    LEX("a => b", "ID(a) => ID(b) EOF");
    LEX("x.class.end", "ID(x) . ID(class) . ID(end) EOF");
}

Test(lexer, regexp_vs_division)
{
    LEX("p /re/i", "ID(p) REGEX(re/1) EOF");
    LEX("lx /2/ 3", "ID(lx) / INT(2) / INT(3) EOF");
    LEX("x = /a#{b}c/mx", "ID(x) = REGEX(a|#{b}@1:9|c/6) EOF");
    LEX("a / b", "ID(a) / ID(b) EOF");
    LEX("%r{a/b}", "REGEX(a/b/0) EOF");
    LEX("/a\\/b\\d/", "REGEX(a/b\\d/0) EOF");
}

Test(lexer, numbers)
{
    LEX("1_000 0x1F 0b101 0o17 017 0d9", "INT(1000) INT(31) INT(5) INT(15) INT(15) INT(9) EOF");
    LEX("1.5e3 2.0 1e-2", "FLOAT(1500) FLOAT(2) FLOAT(0.01) EOF");
    LEX("3r 2i", "INT(3r) INT(2i) EOF");
    LEX("9223372036854775807 9223372036854775808", "INT(9223372036854775807) INT(9223372036854775808) EOF");
    LEX("0xFFFFFFFFFFFFFFFFFF", "INT(4722366482869645213695) EOF");
    LEX("1.foo", "INT(1) . ID(foo) EOF");
    LEX("1_", "ERROR: t.rb:1:2: error: trailing '_' in number");
    LEX("0b", "ERROR: t.rb:1:3: error: numeric literal without digits");
    LEX("08", "ERROR: t.rb:1:2: error: Invalid octal digit");
}

Test(lexer, strings_and_escapes)
{
    LEX("'a\\'b\\\\c\\n'", "STR(a'b\\c\\n) EOF");
    LEX("\"a\\tb\\x41\\101\\u00e9\\u{41 42}\\e\\s\\0\"", "STR(a\\x09bAA\\xC3\\xA9AB\\x1B \\x00) EOF");
    LEX("\"\\C-a\\M-a\\c?\"", "STR(\\x01\\xE1\\x7F) EOF");
    LEX("\"x#{1 + \"#{2}\"}y\"", "STR(x|#{1 + \"#{2}\"}@1:5|y) EOF");
    LEX("\"#@a #$b #@@c\"", "STR(#{@a}@1:3| |#{$b}@1:7| |#{@@c}@1:11) EOF");
    LEX("\"a\\\nb\"", "STR(ab) EOF");
    LEX("%q(a(b)c); %Q[x#{y}]; %(z)", "STR(a(b)c) SEMI STR(x|#{y}@1:18) SEMI STR(z) EOF");
    LEX("%w[a b\\ c  d]; %i<x y >", "WORDS(a| |b c| |d) SEMI SYMBOLS(x| |y| ) EOF");
    LEX("`ls #{d}`", "XSTR(ls |#{d}@1:7) EOF");
    LEX("\"\\xZ\"", "ERROR: t.rb:1:4: error: invalid hex escape");
    LEX("\"\\u12\"", "ERROR: t.rb:1:6: error: invalid Unicode escape");
    LEX("\"abc", "ERROR: t.rb:1:1: error: unterminated string meets end of file");
    LEX("'abc", "ERROR: t.rb:1:1: error: unterminated string meets end of file");
    LEX("\"#{1\"", "ERROR: t.rb:1:5: error: unterminated string meets end of file");
}

Test(lexer, symbols_labels_chars)
{
    LEX(":a, :b?, :c=, :+, :[]=, :-@, :@iv, :$g, :\"x y\", :'z'", "SYM(a) , SYM(b?) , SYM(c=) , SYM(+) , SYM([]=) , SYM(-@) , SYM(@iv) , SYM($g) , DSYM(x y) , DSYM(z) EOF");
    LEX("f(a: 1, \"b\": 2)", "ID(f) ( LABEL(a) INT(1) , STRLABEL(b) INT(2) ) EOF");
    LEX("{if: 1}", "{ LABEL(if) INT(1) } EOF");
    LEX("a ? b : c", "ID(a) ? ID(b) : ID(c) EOF");
    LEX("x ?a", "ID(x) CHAR(a) EOF");
    LEX("?a + ?\\n", "CHAR(a) + CHAR(\\n) EOF");
    LEX("lx ? 1 : 2", "ID(lx) ? INT(1) : INT(2) EOF");
    LEX("a.b? c", "ID(a) . FID(b?) ID(c) EOF");
    LEX("a!=b", "ID(a) != ID(b) EOF");
    LEX("defined?(x)", "kw(defined?) ( ID(x) ) EOF");
}

Test(lexer, heredocs)
{
    LEX("x = <<~EOS\n    a\n      b\n  EOS\ny", "ID(x) = STR(a\\n  b\\n) NL ID(y) EOF");
    LEX("f(<<A, <<-'B')\n1\nA\n #{2}\n B\nz", "ID(f) ( STR(1\\n) , STR( #{2}\\n) ) NL ID(z) EOF");
    LEX("<<~EOS.strip\n  hi #{x}\nEOS\n", "STR(hi |#{x}@2:8|\\n) . ID(strip) NL EOF");
    LEX("a << b", "ID(a) << ID(b) EOF");
    LEX("lx <<~A", "ID(lx) << ~ CONST(A) EOF");
    LEX("class << self", "kw(class) << kw(self) EOF");
    LEX("x = <<EOS\nabc\n", "ERROR: t.rb:1:5: error: can't find string \"EOS\" anywhere before EOF");
    /* heredocs started inside #{}: bodies follow the line, in order */
    LEX("x = \"a#{<<~A}b#{<<~B}\"\n one\nA\n two\nB\ny", "ID(x) = STR(a|#{<<~A}@1:9|b|#{<<~B}@1:17) NL ID(y) EOF");
}

Test(lexer, newlines_comments_continuations)
{
    LEX("a\n.b\n  &.c", "ID(a) . ID(b) &. ID(c) EOF");
    LEX("a # c\n  # d\n  .b", "ID(a) . ID(b) EOF");
    LEX("a +\nb", "ID(a) + ID(b) EOF");
    LEX("a \\\n+ b", "ID(a) + ID(b) EOF");
    LEX("x\n=begin\nstuff\n=end\ny", "ID(x) NL ID(y) EOF");
    LEX("x\n__END__\nraw data", "ID(x) NL EOF");
    LEX("return\nx", "kw(return) NL ID(x) EOF");
}

Test(lexer, method_names)
{
    LEX("def ==(o)", "kw(def) OPNAME(==) ( ID(o) ) EOF");
    LEX("def []=(k, v)", "kw(def) OPNAME([]=) ( ID(k) , ID(v) ) EOF");
    LEX("def x=(v)", "kw(def) ID(x=) ( ID(v) ) EOF");
    LEX("def self.y= v", "kw(def) kw(self) . ID(y=) ID(v) EOF");
    LEX("def end; end", "kw(def) ID(end) SEMI kw(end) EOF");
    LEX("def -@", "kw(def) OPNAME(-@) EOF");
    LEX("alias new old", "kw(alias) ID(new) ID(old) EOF");
    LEX("undef a, b", "kw(undef) ID(a) , ID(b) EOF");
}

Test(lexer, positions_and_bad_bytes)
{
    LEX("x = \x01", "ERROR: t.rb:1:5: error: invalid character '\\x01'");
    LEX("x = \xff", "ERROR: t.rb:1:5: error: invalid multibyte char (UTF-8)");
    LEX("héllo = 1", "ID(héllo) = INT(1) EOF");
    LEX("@1", "ERROR: t.rb:1:1: error: '@' without identifiers is not allowed as an instance variable name");
    LEX("=begin\nno end", "ERROR: t.rb:1:1: error: embedded document meets end of file");
    LEX("$1 $& $stdout $-w $0", "NTH($1) BACKREF($&) GVAR($stdout) GVAR($-w) GVAR($0) EOF");
}

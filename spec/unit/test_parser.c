/*
 * test_parser.c — the parser against hand-checked s-expressions.
 *
 * Each case is a Ruby snippet and the --dump-ast text expected for it
 * (format documented at the top of codegen/ast.c).  The expectations were
 * checked by hand against Ruby's semantics (precedence and associativity,
 * command-call and block binding, local-variable tracking, heredocs,
 * op-assign, masgn, patterns); ambiguous cases were checked against
 * `ruby --dump=parsetree`.  Diagnostic cases give the first line of the
 * one error expected for a malformed input.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "diag.h"

struct ast_case { const char *src; const char *expect; };

/* Parse `src` and return the dump (malloc'd) or NULL on error. */
static char *dump_of(const char *src, size_t len)
{
    char *buf = NULL;
    size_t n = 0;
    sp_ast *ast = sp_parse("t.rb", src, len);
    if (!ast) return NULL;
    FILE *f = open_memstream(&buf, &n);
    ast_dump(f, ast->root);
    fclose(f);
    sp_ast_free(ast);
    return buf;
}

static char *dump_str(const char *src) { return dump_of(src, strlen(src)); }

static char *first_line(const char *s)
{
    const char *e = strchr(s, '\n');
    size_t n = e ? (size_t)(e - s) : strlen(s);
    char *r = malloc(n + 1);
    memcpy(r, s, n);
    r[n] = 0;
    return r;
}

static const struct ast_case ast_cases[] = {
    { "1 + 2 * 3\n",
      "(stmts (call (int 1) \"+\" (call (int 2) \"*\" (int 3))))" },
    { "1 * 2 + 3\n",
      "(stmts (call (call (int 1) \"*\" (int 2)) \"+\" (int 3)))" },
    { "2 ** 3 ** 2\n",
      "(stmts (call (int 2) \"**\" (call (int 3) \"**\" (int 2))))" },
    { "-2 ** 2\n",
      "(stmts (call (call (int 2) \"**\" (int 2)) \"-@\"))" },
    { "-x ** 2\n",
      "(stmts (call (call (call nil \"x\" :vcall) \"**\" (int 2)) \"-@\"))" },
    { "-2.abs\n",
      "(stmts (call (int -2) \"abs\"))" },
    { "a || b && c\n",
      "(stmts (or (call nil \"a\" :vcall) (and (call nil \"b\" :vcall) (call nil \"c\" :vcall))))" },
    { "a && b || c\n",
      "(stmts (or (and (call nil \"a\" :vcall) (call nil \"b\" :vcall)) (call nil \"c\" :vcall)))" },
    { "not a == b\n",
      "(stmts (call (call (call nil \"a\" :vcall) \"==\" (call nil \"b\" :vcall)) \"!\"))" },
    { "a and b or c\n",
      "(stmts (or (and (call nil \"a\" :vcall) (call nil \"b\" :vcall)) (call nil \"c\" :vcall)))" },
    { "!a.b\n",
      "(stmts (call (call (call nil \"a\" :vcall) \"b\") \"!\"))" },
    { "a < b == c < d\n",
      "(stmts (call (call (call nil \"a\" :vcall) \"<\" (call nil \"b\" :vcall)) \"==\" (call (call nil \"c\" :vcall) \"<\" (call nil \"d\" :vcall))))" },
    { "a | b ^ c & d\n",
      "(stmts (call (call (call nil \"a\" :vcall) \"|\" (call nil \"b\" :vcall)) \"^\" (call (call nil \"c\" :vcall) \"&\" (call nil \"d\" :vcall))))" },
    { "a << b + c\n",
      "(stmts (call (call nil \"a\" :vcall) \"<<\" (call (call nil \"b\" :vcall) \"+\" (call nil \"c\" :vcall))))" },
    { "x = y = 1\n",
      "(stmts (lasgn \"x\" (lasgn \"y\" (int 1))))" },
    { "x = 1, 2\n",
      "(stmts (lasgn \"x\" (array (int 1) (int 2))))" },
    { "a = b rescue c\n",
      "(stmts (lasgn \"a\" (begin (stmts (call nil \"b\" :vcall)) [(rescue [] nil (stmts (call nil \"c\" :vcall)))] nil nil :modifier)))" },
    { "a ? b : c ? d : e\n",
      "(stmts (if (call nil \"a\" :vcall) (call nil \"b\" :vcall) (if (call nil \"c\" :vcall) (call nil \"d\" :vcall) (call nil \"e\" :vcall))))" },
    { "a ? b : c = 1\n",
      "(stmts (if (call nil \"a\" :vcall) (call nil \"b\" :vcall) (lasgn \"c\" (int 1))))" },
    { "1..2\n",
      "(stmts (range (int 1) (int 2)))" },
    { "a ... b\n",
      "(stmts (range (call nil \"a\" :vcall) (call nil \"b\" :vcall) :exclusive))" },
    { "x = 1..\n",
      "(stmts (lasgn \"x\" (range (int 1) nil)))" },
    { "foo -1\n",
      "(stmts (call nil \"foo\" (int -1)))" },
    { "foo - 1\n",
      "(stmts (call (call nil \"foo\" :vcall) \"-\" (int 1)))" },
    { "foo-1\n",
      "(stmts (call (call nil \"foo\" :vcall) \"-\" (int 1)))" },
    { "x = 1; x -1\n",
      "(stmts (lasgn \"x\" (int 1)) (call (lvar \"x\") \"-\" (int 1)))" },
    { "x = 1; x [1]\n",
      "(stmts (lasgn \"x\" (int 1)) (call (lvar \"x\") \"[]\" (int 1)))" },
    { "foo [1]\n",
      "(stmts (call nil \"foo\" (array (int 1))))" },
    { "foo[1]\n",
      "(stmts (call (call nil \"foo\" :vcall) \"[]\" (int 1)))" },
    { "p /re/\n",
      "(stmts (call nil \"p\" (regex (str \"re\") 0)))" },
    { "p / 2\n",
      "(stmts (call (call nil \"p\" :vcall) \"/\" (int 2)))" },
    { "x = 1; x / 2 / 3\n",
      "(stmts (lasgn \"x\" (int 1)) (call (call (lvar \"x\") \"/\" (int 2)) \"/\" (int 3)))" },
    { "a.b?\n",
      "(stmts (call (call nil \"a\" :vcall) \"b?\"))" },
    { "puts a, b\n",
      "(stmts (call nil \"puts\" (call nil \"a\" :vcall) (call nil \"b\" :vcall)))" },
    { "puts a, b if c\n",
      "(stmts (if (call nil \"c\" :vcall) (call nil \"puts\" (call nil \"a\" :vcall) (call nil \"b\" :vcall)) nil :modifier))" },
    { "puts [1].map do end\n",
      "(stmts (call nil \"puts\" (call (array (int 1)) \"map\") (block nil (stmts))))" },
    { "puts [1].map { }\n",
      "(stmts (call nil \"puts\" (call (array (int 1)) \"map\" (block nil (stmts) :braces))))" },
    { "foo.bar x do end\n",
      "(stmts (call (call nil \"foo\" :vcall) \"bar\" (call nil \"x\" :vcall) (block nil (stmts))))" },
    { "foo a, b { }\n",
      "(stmts (call nil \"foo\" (call nil \"a\" :vcall) (call nil \"b\" (block nil (stmts) :braces))))" },
    { "x = foo 1, 2\n",
      "(stmts (lasgn \"x\" (call nil \"foo\" (int 1) (int 2))))" },
    { "return 1, 2\n",
      "(stmts (return (array (int 1) (int 2))))" },
    { "break\n",
      "(stmts (break))" },
    { "next x if y\n",
      "(stmts (if (call nil \"y\" :vcall) (next (call nil \"x\" :vcall)) nil :modifier))" },
    { "yield\n",
      "(stmts (yield))" },
    { "yield 1, 2\n",
      "(stmts (yield (int 1) (int 2)))" },
    { "yield(1)\n",
      "(stmts (yield (int 1)))" },
    { "super\n",
      "(stmts (zsuper))" },
    { "super()\n",
      "(stmts (super :parens))" },
    { "super 1\n",
      "(stmts (super (int 1)))" },
    { "f(*a, **h, &b)\n",
      "(stmts (call nil \"f\" (splat (call nil \"a\" :vcall)) (hash (dsplat (call nil \"h\" :vcall)) :kwargs) (block_pass (call nil \"b\" :vcall)) :parens))" },
    { "f(&:sym)\n",
      "(stmts (call nil \"f\" (block_pass (sym \"sym\")) :parens))" },
    { "f(a: 1, 'b' => 2)\n",
      "(stmts (call nil \"f\" (hash (pair (sym \"a\") (int 1)) (pair (str \"b\") (int 2)) :kwargs) :parens))" },
    { "f \"a\": 1\n",
      "(stmts (call nil \"f\" (hash (pair (sym \"a\") (int 1)) :kwargs)))" },
    { "f(...)\n",
      "(stmts (call nil \"f\" (fwd_args) :parens))" },
    { "f.()\n",
      "(stmts (call (call nil \"f\" :vcall) \"call\" :parens))" },
    { "a&.b&.c\n",
      "(stmts (call (call (call nil \"a\" :vcall) \"b\" :safe_nav) \"c\" :safe_nav))" },
    { "a.b = 1\n",
      "(stmts (call (call nil \"a\" :vcall) \"b=\" (int 1) :attrasgn))" },
    { "a&.b = 1\n",
      "(stmts (call (call nil \"a\" :vcall) \"b=\" (int 1) :safe_nav :attrasgn))" },
    { "a[1] = 2\n",
      "(stmts (call (call nil \"a\" :vcall) \"[]=\" (int 1) (int 2) :attrasgn))" },
    { "a[1, 2] += 3\n",
      "(stmts (op_asgn (call (call nil \"a\" :vcall) \"[]\" (int 1) (int 2)) \"+\" (int 3)))" },
    { "a.b ||= 1\n",
      "(stmts (op_asgn (call (call nil \"a\" :vcall) \"b\") \"||\" (int 1)))" },
    { "A::B ||= 1\n",
      "(stmts (op_asgn (const (const \"A\") \"B\") \"||\" (int 1)))" },
    { "@a &&= 1\n",
      "(stmts (op_asgn (ivar \"@a\") \"&&\" (int 1)))" },
    { "x <<= 1\n",
      "(stmts (op_asgn (lvar \"x\") \"<<\" (int 1)))" },
    { "a, b = 1, 2\n",
      "(stmts (masgn [(lasgn \"a\") (lasgn \"b\")] (array (int 1) (int 2))))" },
    { "a, b = c\n",
      "(stmts (masgn [(lasgn \"a\") (lasgn \"b\")] (call nil \"c\" :vcall)))" },
    { "a, *b = c\n",
      "(stmts (masgn [(lasgn \"a\") (splat (lasgn \"b\"))] (call nil \"c\" :vcall)))" },
    { "*a, b = c\n",
      "(stmts (masgn [(splat (lasgn \"a\")) (lasgn \"b\")] (call nil \"c\" :vcall)))" },
    { "a, (b, *c), d = e\n",
      "(stmts (masgn [(lasgn \"a\") (mlhs (lasgn \"b\") (splat (lasgn \"c\"))) (lasgn \"d\")] (call nil \"e\" :vcall)))" },
    { "a.b, c[0] = 1, 2\n",
      "(stmts (masgn [(call (call nil \"a\" :vcall) \"b=\" :attrasgn) (call (call nil \"c\" :vcall) \"[]=\" (int 0) :attrasgn)] (array (int 1) (int 2))))" },
    { "a, = b\n",
      "(stmts (masgn [(lasgn \"a\")] (call nil \"b\" :vcall)))" },
    { "-> { }\n",
      "(stmts (lambda nil (stmts) :braces))" },
    { "->(x, y = 1) { x }\n",
      "(stmts (lambda (params (param req \"x\") (param opt \"y\" (int 1))) (stmts (lvar \"x\")) :braces))" },
    { "-> x do x end\n",
      "(stmts (lambda (params (param req \"x\")) (stmts (lvar \"x\"))))" },
    { "lambda { |x| x }\n",
      "(stmts (call nil \"lambda\" (block (params (param req \"x\")) (stmts (lvar \"x\")) :braces)))" },
    { "[1].each { _1 + _2 }\n",
      "(stmts (call (array (int 1)) \"each\" (block nil (stmts (call (lvar \"_1\") \"+\" (lvar \"_2\"))) :braces :numparams 2)))" },
    { "[1].each { it }\n",
      "(stmts (call (array (int 1)) \"each\" (block nil (stmts (lvar \"it\")) :braces :it)))" },
    { "[1].each { |a, (b, c), *d; e| }\n",
      "(stmts (call (array (int 1)) \"each\" (block (params (param req \"a\") (param destruct nil [(param req \"b\") (param req \"c\")]) (param rest \"d\") [(lvar \"e\")]) (stmts) :braces)))" },
    { "[1].each { |a, | }\n",
      "(stmts (call (array (int 1)) \"each\" (block (params (param req \"a\") (param rest nil)) (stmts) :braces)))" },
    { "{ a: 1, \"b\": 2, \"c\" => 3, **d }\n",
      "(stmts (hash (pair (sym \"a\") (int 1)) (pair (sym \"b\") (int 2)) (pair (str \"c\") (int 3)) (dsplat (call nil \"d\" :vcall)) :braces))" },
    { "{ x:, y: }\n",
      "(stmts (hash (pair (sym \"x\") (call nil \"x\" :vcall)) (pair (sym \"y\") (call nil \"y\" :vcall)) :braces))" },
    { "[1, *a, 2]\n",
      "(stmts (array (int 1) (splat (call nil \"a\" :vcall)) (int 2)))" },
    { "[1, a: 2]\n",
      "(stmts (array (int 1) (hash (pair (sym \"a\") (int 2)))))" },
    { "%w[a b] \n",
      "(stmts (array (str \"a\") (str \"b\")))" },
    { ":\"a#{b}\"\n",
      "(stmts (dsym (str \"a\") (evstr (stmts (call nil \"b\" :vcall)))))" },
    { "\"a\" \"b\"\n",
      "(stmts (str \"ab\"))" },
    { "\"a#{1}\" \"b\"\n",
      "(stmts (dstr (str \"a\") (evstr (stmts (int 1))) (str \"b\")))" },
    { "'a\\nb'\n",
      "(stmts (str \"a\\\\nb\"))" },
    { "\"a\\nb\\x41\\u00e9\\u{1F600}\\101\\e\\s\"\n",
      "(stmts (str \"a\\nbA\\xC3\\xA9\\xF0\\x9F\\x98\\x80A\\e \"))" },
    { "?a\n",
      "(stmts (str \"a\"))" },
    { "?\\n\n",
      "(stmts (str \"\\n\"))" },
    { ":a?\n",
      "(stmts (sym \"a?\"))" },
    { ":[]=\n",
      "(stmts (sym \"[]=\"))" },
    { ":-@\n",
      "(stmts (sym \"-@\"))" },
    { "$1\n",
      "(stmts (nth_ref 1))" },
    { "$&\n",
      "(stmts (back_ref \"$&\"))" },
    { "$stdout\n",
      "(stmts (gvar \"$stdout\"))" },
    { "@@x\n",
      "(stmts (cvar \"@@x\"))" },
    { "__FILE__\n",
      "(stmts (str \"t.rb\"))" },
    { "__LINE__\n",
      "(stmts (int 1))" },
    { "__method__\n",
      "(stmts (call nil \"__method__\" :vcall))" },
    { "defined?(x)\n",
      "(stmts (defined (call nil \"x\" :vcall)))" },
    { "defined? @a\n",
      "(stmts (defined (ivar \"@a\")))" },
    { "def f; end\n",
      "(stmts (def \"f\" nil (stmts)))" },
    { "def f(a, b = 1, *r, c, d:, e: 2, **o, &blk); end\n",
      "(stmts (def \"f\" (params (param req \"a\") (param opt \"b\" (int 1)) (param rest \"r\") (param post \"c\") (param keyreq \"d\") (param key \"e\" (int 2)) (param kwrest \"o\") (param block \"blk\")) (stmts)))" },
    { "def self.f = 1\n",
      "(stmts (def (self) \"f\" nil (stmts (int 1)) :endless))" },
    { "def f(...) = g(...)\n",
      "(stmts (def \"f\" (params (param fwd nil)) (stmts (call nil \"g\" (fwd_args) :parens)) :endless))" },
    { "def f(*, **, &) = g(*, **, &)\n",
      "(stmts (def \"f\" (params (param rest nil) (param kwrest nil) (param block nil)) (stmts (call nil \"g\" (splat) (hash (dsplat) :kwargs) (block_pass) :parens)) :endless))" },
    { "def ==(o) = true\n",
      "(stmts (def \"==\" (params (param req \"o\")) (stmts (true)) :endless))" },
    { "def []=(k, v); end\n",
      "(stmts (def \"[]=\" (params (param req \"k\") (param req \"v\")) (stmts)))" },
    { "def -@; end\n",
      "(stmts (def \"-@\" nil (stmts)))" },
    { "def x=(v); end\n",
      "(stmts (def \"x=\" (params (param req \"v\")) (stmts)))" },
    { "def f a, b; end\n",
      "(stmts (def \"f\" (params (param req \"a\") (param req \"b\")) (stmts)))" },
    { "def f; rescue A, B => e; retry; else; 1; ensure; 2; end\n",
      "(stmts (def \"f\" nil (begin (stmts) [(rescue [(const \"A\") (const \"B\")] (lasgn \"e\") (stmts (retry)))] (stmts (int 1)) (stmts (int 2)))))" },
    { "class A < B::C; end\n",
      "(stmts (class (const \"A\") (const (const \"B\") \"C\") (stmts)))" },
    { "class ::A; end\n",
      "(stmts (class (const \"A\" :toplevel) nil (stmts)))" },
    { "class << self; end\n",
      "(stmts (sclass (self) (stmts)))" },
    { "module A::B; end\n",
      "(stmts (module (const (const \"A\") \"B\") (stmts)))" },
    { "alias a b\n",
      "(stmts (alias (sym \"a\") (sym \"b\")))" },
    { "alias :a :b\n",
      "(stmts (alias (sym \"a\") (sym \"b\")))" },
    { "undef a, :b\n",
      "(stmts (undef (sym \"a\") (sym \"b\")))" },
    { "if a then b elsif c then d else e end\n",
      "(stmts (if (call nil \"a\" :vcall) (stmts (call nil \"b\" :vcall)) (if (call nil \"c\" :vcall) (stmts (call nil \"d\" :vcall)) (stmts (call nil \"e\" :vcall)))))" },
    { "unless a; b; else; c; end\n",
      "(stmts (if (call nil \"a\" :vcall) (stmts (call nil \"c\" :vcall)) (stmts (call nil \"b\" :vcall)) :unless))" },
    { "while a do b end\n",
      "(stmts (while (call nil \"a\" :vcall) (stmts (call nil \"b\" :vcall))))" },
    { "until a; b; end\n",
      "(stmts (while (call nil \"a\" :vcall) (stmts (call nil \"b\" :vcall)) :until))" },
    { "begin; a; end while b\n",
      "(stmts (while (call nil \"b\" :vcall) (stmts (call nil \"a\" :vcall)) :do_while))" },
    { "x += 1 until y\n",
      "(stmts (while (call nil \"y\" :vcall) (stmts (op_asgn (lvar \"x\") \"+\" (int 1))) :until :modifier))" },
    { "for a, b in c do d end\n",
      "(stmts (for (mlhs (lasgn \"a\") (lasgn \"b\")) (call nil \"c\" :vcall) (stmts (call nil \"d\" :vcall))))" },
    { "case a; when 1, *b then c; when 2..3; d; else e; end\n",
      "(stmts (case (call nil \"a\" :vcall) [(when [(int 1) (splat (call nil \"b\" :vcall))] (stmts (call nil \"c\" :vcall))) (when [(range (int 2) (int 3))] (stmts (call nil \"d\" :vcall)))] (stmts (call nil \"e\" :vcall))))" },
    { "case; when a; b; end\n",
      "(stmts (case nil [(when [(call nil \"a\" :vcall)] (stmts (call nil \"b\" :vcall)))] nil))" },
    { "begin; a; rescue; b; end\n",
      "(stmts (begin (stmts (call nil \"a\" :vcall)) [(rescue [] nil (stmts (call nil \"b\" :vcall)))] nil nil))" },
    { "begin; a; rescue => e; b; end\n",
      "(stmts (begin (stmts (call nil \"a\" :vcall)) [(rescue [] (lasgn \"e\") (stmts (call nil \"b\" :vcall)))] nil nil))" },
    { "begin; a; rescue *E; end\n",
      "(stmts (begin (stmts (call nil \"a\" :vcall)) [(rescue [(splat (const \"E\"))] nil (stmts))] nil nil))" },
    { "x rescue y\n",
      "(stmts (begin (stmts (call nil \"x\" :vcall)) [(rescue [] nil (stmts (call nil \"y\" :vcall)))] nil nil :modifier))" },
    { "redo\n",
      "(stmts (redo))" },
    { "retry\n",
      "(stmts (retry))" },
    { "BEGIN { a }\n",
      "(stmts (BEGIN (stmts (call nil \"a\" :vcall))))" },
    { "x = <<~EOS\n    a\n      b\n  EOS\n",
      "(stmts (lasgn \"x\" (str \"a\\n  b\\n\")))" },
    { "x = <<-EOS\n  a\n  EOS\n",
      "(stmts (lasgn \"x\" (str \"  a\\n\")))" },
    { "f(<<A, <<'B')\nx #{1}\nA\ny #{2}\nB\n",
      "(stmts (call nil \"f\" (dstr (str \"x \") (evstr (stmts (int 1))) (str \"\\n\")) (str \"y #{2}\\n\") :parens))" },
    { "x = <<~EOS.strip\n  hi\nEOS\n",
      "(stmts (lasgn \"x\" (call (str \"hi\\n\") \"strip\")))" },
    { "s = \"a#@b#$c#@@d\"\n",
      "(stmts (lasgn \"s\" (dstr (str \"a\") (evstr (stmts (ivar \"@b\"))) (evstr (stmts (gvar \"$c\"))) (evstr (stmts (cvar \"@@d\"))))))" },
    { "%q(a (b) c)\n",
      "(stmts (str \"a (b) c\"))" },
    { "%Q[a#{1}]\n",
      "(stmts (dstr (str \"a\") (evstr (stmts (int 1)))))" },
    { "%i[a b]\n",
      "(stmts (array (sym \"a\") (sym \"b\")))" },
    { "%I[a#{1} b]\n",
      "(stmts (array (dsym (str \"a\") (evstr (stmts (int 1)))) (sym \"b\")))" },
    { "%r{a/b}mix\n",
      "(stmts (regex (str \"a/b\") 7))" },
    { "/a\\/b/\n",
      "(stmts (regex (str \"a/b\") 0))" },
    { "`ls`\n",
      "(stmts (xstr (str \"ls\")))" },
    { "%x(ls #{d})\n",
      "(stmts (xstr (str \"ls \") (evstr (stmts (call nil \"d\" :vcall)))))" },
    { "x = 1 if y while z\n",
      "(stmts (while (call nil \"z\" :vcall) (stmts (if (call nil \"y\" :vcall) (lasgn \"x\" (int 1)) nil :modifier)) :modifier))" },
    { "a = b if c\n",
      "(stmts (if (call nil \"c\" :vcall) (lasgn \"a\" (call nil \"b\" :vcall)) nil :modifier))" },
    { "p(:a ?1:2)\n",
      "(stmts (call nil \"p\" (if (sym \"a\") (int 1) (int 2)) :parens))" },
    { "foo.bar = baz qux\n",
      "(stmts (call (call nil \"foo\" :vcall) \"bar=\" (call nil \"baz\" (call nil \"qux\" :vcall)) :attrasgn))" },
    { "foo = bar.baz do |x| x end\n",
      "(stmts (lasgn \"foo\" (call (call nil \"bar\" :vcall) \"baz\" (block (params (param req \"x\")) (stmts (lvar \"x\"))))))" },
    { "a.map(&:to_s).join(\", \")\n",
      "(stmts (call (call (call nil \"a\" :vcall) \"map\" (block_pass (sym \"to_s\")) :parens) \"join\" (str \", \") :parens))" },
    { "puts(a.map { |x| x * 2 })\n",
      "(stmts (call nil \"puts\" (call (call nil \"a\" :vcall) \"map\" (block (params (param req \"x\")) (stmts (call (lvar \"x\") \"*\" (int 2))) :braces)) :parens))" },
    { "obj.method arg do end.other\n",
      "(stmts (call (call (call nil \"obj\" :vcall) \"method\" (call nil \"arg\" :vcall) (block nil (stmts))) \"other\"))" },
    { "x = if a then 1 else 2 end\n",
      "(stmts (lasgn \"x\" (if (call nil \"a\" :vcall) (stmts (int 1)) (stmts (int 2)))))" },
    { "y = case a when 1 then :x end\n",
      "(stmts (lasgn \"y\" (case (call nil \"a\" :vcall) [(when [(int 1)] (stmts (sym \"x\")))] nil)))" },
    { "z = begin; 1; rescue; 2; end\n",
      "(stmts (lasgn \"z\" (begin (stmts (int 1)) [(rescue [] nil (stmts (int 2)))] nil nil)))" },
    { "!x\n",
      "(stmts (call (call nil \"x\" :vcall) \"!\"))" },
    { "not x\n",
      "(stmts (call (call nil \"x\" :vcall) \"!\"))" },
    { "-x\n",
      "(stmts (call (call nil \"x\" :vcall) \"-@\"))" },
    { "+x\n",
      "(stmts (call (call nil \"x\" :vcall) \"+@\"))" },
    { "~x\n",
      "(stmts (call (call nil \"x\" :vcall) \"~\"))" },
    { "-1.5\n",
      "(stmts (float -1.5))" },
    { "+2\n",
      "(stmts (int 2))" },
    { "a =~ /x/\n",
      "(stmts (call (call nil \"a\" :vcall) \"=~\" (regex (str \"x\") 0)))" },
    { "a !~ b\n",
      "(stmts (call (call nil \"a\" :vcall) \"!~\" (call nil \"b\" :vcall)))" },
    { "a != b\n",
      "(stmts (call (call nil \"a\" :vcall) \"!=\" (call nil \"b\" :vcall)))" },
    { "a <=> b\n",
      "(stmts (call (call nil \"a\" :vcall) \"<=>\" (call nil \"b\" :vcall)))" },
    { "a === b\n",
      "(stmts (call (call nil \"a\" :vcall) \"===\" (call nil \"b\" :vcall)))" },
    { "x.y.z(1).w\n",
      "(stmts (call (call (call (call nil \"x\" :vcall) \"y\") \"z\" (int 1) :parens) \"w\"))" },
    { "x::y\n",
      "(stmts (call (call nil \"x\" :vcall) \"y\"))" },
    { "A::b(1)\n",
      "(stmts (call (const \"A\") \"b\" (int 1) :parens))" },
    { "A::B::C\n",
      "(stmts (const (const (const \"A\") \"B\") \"C\"))" },
    { "Foo::Bar -1\n",
      "(stmts (call (const \"Foo\") \"Bar\" (int -1)))" },
    { "::A::B\n",
      "(stmts (const (const \"A\" :toplevel) \"B\"))" },
    { "a ? b : c\n",
      "(stmts (if (call nil \"a\" :vcall) (call nil \"b\" :vcall) (call nil \"c\" :vcall)))" },
    { "x = a&.b || c\n",
      "(stmts (lasgn \"x\" (or (call (call nil \"a\" :vcall) \"b\" :safe_nav) (call nil \"c\" :vcall))))" },
    { "a = *b\n",
      "(stmts (lasgn \"a\" (array (splat (call nil \"b\" :vcall)))))" },
    { "a = *b, c\n",
      "(stmts (lasgn \"a\" (array (splat (call nil \"b\" :vcall)) (call nil \"c\" :vcall))))" },
    { "a, b = *c, d\n",
      "(stmts (masgn [(lasgn \"a\") (lasgn \"b\")] (array (splat (call nil \"c\" :vcall)) (call nil \"d\" :vcall))))" },
    { "def f(a, (b, c), *) = 1\n",
      "(stmts (def \"f\" (params (param req \"a\") (param destruct nil [(param req \"b\") (param req \"c\")]) (param rest nil)) (stmts (int 1)) :endless))" },
    { "def f(a:, b: a) = b\n",
      "(stmts (def \"f\" (params (param keyreq \"a\") (param key \"b\" (lvar \"a\"))) (stmts (lvar \"b\")) :endless))" },
    { "def f(**nil); end\n",
      "(stmts (def \"f\" (params (param nokw nil)) (stmts)))" },
    { "def obj.meth; end\n",
      "(stmts (def (call nil \"obj\" :vcall) \"meth\" nil (stmts)))" },
    { "def Const.meth; end\n",
      "(stmts (def (const \"Const\") \"meth\" nil (stmts)))" },
    { "foo(a, *b, c: 1, **d, &e)\n",
      "(stmts (call nil \"foo\" (call nil \"a\" :vcall) (splat (call nil \"b\" :vcall)) (hash (pair (sym \"c\") (int 1)) (dsplat (call nil \"d\" :vcall)) :kwargs) (block_pass (call nil \"e\" :vcall)) :parens))" },
    { "foo a => 1\n",
      "(stmts (call nil \"foo\" (hash (pair (call nil \"a\" :vcall) (int 1)) :kwargs)))" },
    { "foo(a: 1) { }\n",
      "(stmts (call nil \"foo\" (hash (pair (sym \"a\") (int 1)) :kwargs) (block nil (stmts) :braces) :parens))" },
    { "foo { |a = 1, *b, c:, **d, &e| }\n",
      "(stmts (call nil \"foo\" (block (params (param opt \"a\" (int 1)) (param rest \"b\") (param keyreq \"c\") (param kwrest \"d\") (param block \"e\")) (stmts) :braces)))" },
    { "foo do |(a, b)| end\n",
      "(stmts (call nil \"foo\" (block (params (param destruct nil [(param req \"a\") (param req \"b\")])) (stmts))))" },
    { "-> (a, b) { }\n",
      "(stmts (lambda (params (param req \"a\") (param req \"b\")) (stmts) :braces))" },
    { "x = -> { 1 }.call\n",
      "(stmts (lasgn \"x\" (call (lambda nil (stmts (int 1)) :braces) \"call\")))" },
    { "f ->(x) { x }\n",
      "(stmts (call nil \"f\" (lambda (params (param req \"x\")) (stmts (lvar \"x\")) :braces)))" },
};

static const struct ast_case diag_cases[] = {
    { "def foo\n  1\n",
      "t.rb:3:1: error: unexpected end-of-input, expecting 'end'" },
    { "\"abc",
      "t.rb:1:1: error: unterminated string meets end of file" },
    { "end",
      "t.rb:1:1: error: unexpected 'end'" },
    { "x = \x01""",
      "t.rb:1:5: error: invalid character '\\x01'" },
    { "p \"\\xZZ\"",
      "t.rb:1:6: error: invalid hex escape" },
    { "foo(1, 2",
      "t.rb:1:9: error: unexpected end-of-input, expecting ')'" },
    { "class foo; end",
      "t.rb:1:7: error: class/module name must be CONSTANT" },
    { "[1, 2",
      "t.rb:1:6: error: unexpected end-of-input, expecting ']'" },
    { "{a: 1",
      "t.rb:1:6: error: unexpected end-of-input, expecting '}'" },
    { "x = <<~EOS\nabc\n",
      "t.rb:1:5: error: can't find string \"EOS\" anywhere before EOF" },
    { "1 +",
      "t.rb:1:4: error: unexpected end-of-input" },
    { "if x\n",
      "t.rb:2:1: error: unexpected end-of-input, expecting 'end'" },
    { "@1",
      "t.rb:1:1: error: '@' without identifiers is not allowed as an instance variable name" },
    { "a = 1 2",
      "t.rb:1:7: error: unexpected integer literal" },
    { ")",
      "t.rb:1:1: error: unexpected ')'" },
    { "%w(a b",
      "t.rb:1:1: error: unterminated list meets end of file" },
    { "/abc",
      "t.rb:1:1: error: unterminated regexp meets end of file" },
    { "def f(a, b, a); end",
      "t.rb:1:13: error: duplicated argument name" },
    { "x = \"\\u{110000}\"",
      "t.rb:1:15: error: invalid Unicode codepoint" },
    { "=begin\nfoo",
      "t.rb:1:1: error: embedded document meets end of file" },
    { "$",
      "t.rb:1:1: error: '$' without identifiers is not allowed as a global variable name" },
    { "x.",
      "t.rb:1:3: error: unexpected end-of-input" },
    { "1_",
      "t.rb:1:2: error: trailing '_' in number" },
    { "0x",
      "t.rb:1:3: error: numeric literal without digits" },
    { "x = 09",
      "t.rb:1:6: error: Invalid octal digit" },
    { "a ?b : c",
      "t.rb:1:6: error: unexpected ':'" },
    { "foo = 1\nfoo 1 +",
      "t.rb:2:8: error: unexpected end-of-input" },
};

/* case/in patterns, heredocs, block binding, misc (hand-checked) */
static const struct ast_case more_cases[] = {
    { "x = 1\nx do end\nx { }\nwhile x do end\n",
      "(stmts (lasgn \"x\" (int 1)) (call nil \"x\" (block nil (stmts))) (call nil \"x\" (block nil (stmts) :braces)) (while (lvar \"x\") (stmts)))" },
    { "case x\nin Integer | Float => n if n > 0 then 1\nend\n",
      "(stmts (case_in (call nil \"x\" :vcall) [(in (pat_bind \"n\" (pat_alt (pat_value (const \"Integer\")) (pat_value (const \"Float\")))) (if (call (lvar \"n\") \">\" (int 0)) nil nil) (stmts (int 1)))] nil))" },
    { "case x\nin [1, *rest] then 2\nend\n",
      "(stmts (case_in (call nil \"x\" :vcall) [(in (pat_array nil [(pat_value (int 1))] (splat (pat_bind \"rest\")) []) nil (stmts (int 2)))] nil))" },
    { "case x\nin [*, 3, *post] then 3\nend\n",
      "(stmts (case_in (call nil \"x\" :vcall) [(in (pat_find nil [(splat) (pat_value (int 3)) (splat (pat_bind \"post\"))]) nil (stmts (int 3)))] nil))" },
    { "case x\nin {name: String => nm, age:} then 4\nend\n",
      "(stmts (case_in (call nil \"x\" :vcall) [(in (pat_hash nil [(pair (sym \"name\") (pat_bind \"nm\" (pat_value (const \"String\")))) (pair (sym \"age\") nil)] nil) nil (stmts (int 4)))] nil))" },
    { "case x\nin x:, **nil then 5\nend\n",
      "(stmts (case_in (call nil \"x\" :vcall) [(in (pat_hash nil [(pair (sym \"x\") nil)] nil :nokw) nil (stmts (int 5)))] nil))" },
    { "case x\nin ^y then 6\nend\n",
      "(stmts (case_in (call nil \"x\" :vcall) [(in (pat_pin (call nil \"y\" :vcall)) nil (stmts (int 6)))] nil))" },
    { "case x\nin 1.. then 7\nend\n",
      "(stmts (case_in (call nil \"x\" :vcall) [(in (pat_value (range (int 1) nil)) nil (stmts (int 7)))] nil))" },
    { "case x\nin Point(x:, y: 0) then 8\nend\n",
      "(stmts (case_in (call nil \"x\" :vcall) [(in (pat_hash (const \"Point\") [(pair (sym \"x\") nil) (pair (sym \"y\") (pat_value (int 0)))] nil) nil (stmts (int 8)))] nil))" },
    { "case x\nin Foo[a, b] then 9\nend\n",
      "(stmts (case_in (call nil \"x\" :vcall) [(in (pat_array (const \"Foo\") [(pat_bind \"a\") (pat_bind \"b\")] nil []) nil (stmts (int 9)))] nil))" },
    { "case x\nin nil then 10\nelse 12\nend\n",
      "(stmts (case_in (call nil \"x\" :vcall) [(in (pat_value (nil)) nil (stmts (int 10)))] (stmts (int 12))))" },
    { "case x\nin a, b unless b then 13\nend\n",
      "(stmts (case_in (call nil \"x\" :vcall) [(in (pat_array nil [(pat_bind \"a\") (pat_bind \"b\")] nil []) (if (lvar \"b\") nil nil :unless) (stmts (int 13)))] nil))" },
    { "case x\nin {k: [1, {z: ^(1 + 1)}]} then 14\nend\n",
      "(stmts (case_in (call nil \"x\" :vcall) [(in (pat_hash nil [(pair (sym \"k\") (pat_array nil [(pat_value (int 1)) (pat_hash nil [(pair (sym \"z\") (pat_pin (call (int 1) \"+\" (int 1))))] nil)] nil []))] nil) nil (stmts (int 14)))] nil))" },
    { "case x\nin [Integer, String] | [] then 15\nend\n",
      "(stmts (case_in (call nil \"x\" :vcall) [(in (pat_alt (pat_array nil [(pat_value (const \"Integer\")) (pat_value (const \"String\"))] nil []) (pat_array nil [] nil [])) nil (stmts (int 15)))] nil))" },
    { "x => {a:}\n",
      "(stmts (case_in (call nil \"x\" :vcall) [(in (pat_hash nil [(pair (sym \"a\") nil)] nil) nil (stmts (nil)))] nil))" },
    { "y = (1 in Integer)\n",
      "(stmts (lasgn \"y\" (case_in (int 1) [(in (pat_value (const \"Integer\")) nil (stmts (true)))] (stmts (false)))))" },
    { "foo(<<~A) do |x|\n  body #{x}\nA\n  x\nend\n",
      "(stmts (call nil \"foo\" (dstr (str \"body \") (evstr (stmts (call nil \"x\" :vcall))) (str \"\\n\")) (block (params (param req \"x\")) (stmts (lvar \"x\"))) :parens))" },
    { "y = [\n  <<~B,\n    one\n  B\n  2,\n]\n",
      "(stmts (lasgn \"y\" (array (str \"one\\n\") (int 2))))" },
    { "z = <<~C\n  #{\"}\"} and #{ {a: 1}[:a] }\nC\n",
      "(stmts (lasgn \"z\" (dstr (evstr (stmts (str \"}\"))) (str \" and \") (evstr (stmts (call (hash (pair (sym \"a\") (int 1)) :braces) \"[]\" (sym \"a\")))) (str \"\\n\"))))" },
    { "w = <<~D\n  a\n\n    b\nD\n",
      "(stmts (lasgn \"w\" (str \"a\\n\\n  b\\n\")))" },
    { "v = <<~E\n\ttab\n\t  more\nE\n",
      "(stmts (lasgn \"v\" (str \"tab\\n  more\\n\")))" },
    { "while line = gets\n  puts line\nend\n",
      "(stmts (while (lasgn \"line\" (call nil \"gets\" :vcall)) (stmts (call nil \"puts\" (lvar \"line\")))))" },
    { "p !foo?\n",
      "(stmts (call nil \"p\" (call (call nil \"foo?\") \"!\")))" },
    { "foo({a: 1})\n",
      "(stmts (call nil \"foo\" (hash (pair (sym \"a\") (int 1)) :braces) :parens))" },
    { "def m(cb = -> { 1 }, *) = cb.call\n",
      "(stmts (def \"m\" (params (param opt \"cb\" (lambda nil (stmts (int 1)) :braces)) (param rest nil)) (stmts (call (lvar \"cb\") \"call\")) :endless))" },
    { "expect { x }.to raise_error(Foo)\n",
      "(stmts (call (call nil \"expect\" (block nil (stmts (call nil \"x\" :vcall)) :braces)) \"to\" (call nil \"raise_error\" (const \"Foo\") :parens)))" },
    { "a.b.c = 5\n",
      "(stmts (call (call (call nil \"a\" :vcall) \"b\") \"c=\" (int 5) :attrasgn))" },
    { "a[1][2] ||= 3\n",
      "(stmts (op_asgn (call (call (call nil \"a\" :vcall) \"[]\" (int 1)) \"[]\" (int 2)) \"||\" (int 3)))" },
    { "res = a\n  .map { _1 }\n  # comment\n  &.select(&:odd?)\n",
      "(stmts (lasgn \"res\" (call (call (call nil \"a\" :vcall) \"map\" (block nil (stmts (lvar \"_1\")) :braces :numparams 1)) \"select\" (block_pass (sym \"odd?\")) :safe_nav :parens)))" },
    { "puts(if x then 1 else 2 end)\n",
      "(stmts (call nil \"puts\" (if (call nil \"x\" :vcall) (stmts (int 1)) (stmts (int 2))) :parens))" },
    { "if /(?<year>\\d+)/ =~ s then year end\n",
      "(stmts (if (call (regex (str \"(?<year>\\\\d+)\") 0) \"=~\" (call nil \"s\" :vcall)) (stmts (lvar \"year\")) nil))" },
    { "private attr_reader :a, :b\n",
      "(stmts (call nil \"private\" (call nil \"attr_reader\" (sym \"a\") (sym \"b\"))))" },
    { "obj.method arg do |x| end.other { }\n",
      "(stmts (call (call (call nil \"obj\" :vcall) \"method\" (call nil \"arg\" :vcall) (block (params (param req \"x\")) (stmts))) \"other\" (block nil (stmts) :braces)))" },
};

#define NCASES(a) (sizeof(a) / sizeof(a[0]))

static void init(void) { sp_diag_set_stream(NULL); }

Test(parser, snippets, .init = init)
{
    int bad = 0;
    for (size_t i = 0; i < NCASES(ast_cases); i++) {
        char *got = dump_of(ast_cases[i].src, strlen(ast_cases[i].src));
        if (!got) {
            cr_log_error("parse failed: %s\n  %s", ast_cases[i].src, sp_diag_last());
            bad++;
            continue;
        }
        if (strcmp(got, ast_cases[i].expect) != 0) {
            cr_log_error("snippet: %s\n  expected: %s\n  got:      %s", ast_cases[i].src, ast_cases[i].expect, got);
            bad++;
        }
        free(got);
    }
    cr_assert_eq(bad, 0, "%d of %zu snippets differ", bad, NCASES(ast_cases));
}

Test(parser, patterns_heredocs_misc, .init = init)
{
    int bad = 0;
    for (size_t i = 0; i < NCASES(more_cases); i++) {
        char *got = dump_of(more_cases[i].src, strlen(more_cases[i].src));
        if (!got || strcmp(got, more_cases[i].expect) != 0) {
            cr_log_error("snippet: %s\n  expected: %s\n  got:      %s", more_cases[i].src, more_cases[i].expect, got ? got : sp_diag_last());
            bad++;
        }
        free(got);
    }
    cr_assert_eq(bad, 0, "%d of %zu snippets differ", bad, NCASES(more_cases));
}

Test(parser, heredoc_in_interpolation, .init = init)
{
    char *d = dump_str("x = \"a#{<<~A}b#{<<~B.strip}c\"\n  one\nA\n  two\nB\ny = 1\n");
    cr_assert_str_eq(d, "(stmts (lasgn \"x\" (dstr (str \"a\") (evstr (stmts (str \"one\\n\"))) (str \"b\") "
                        "(evstr (stmts (call (str \"two\\n\") \"strip\"))) (str \"c\"))) (lasgn \"y\" (int 1)))");
    free(d);
}

Test(parser, diagnostics, .init = init)
{
    int bad = 0;
    for (size_t i = 0; i < NCASES(diag_cases); i++) {
        int before = sp_diag_count();
        char *got = dump_of(diag_cases[i].src, strlen(diag_cases[i].src));
        if (got) {
            cr_log_error("malformed input parsed: %s -> %s", diag_cases[i].src, got);
            free(got);
            bad++;
            continue;
        }
        if (sp_diag_count() != before + 1) { cr_log_error("not exactly one diagnostic: %s", diag_cases[i].src); bad++; }
        char *fl = first_line(sp_diag_last());
        if (strcmp(fl, diag_cases[i].expect) != 0) {
            cr_log_error("input: %s\n  expected: %s\n  got:      %s", diag_cases[i].src, diag_cases[i].expect, fl);
            bad++;
        }
        free(fl);
    }
    cr_assert_eq(bad, 0, "%d of %zu diagnostics differ", bad, NCASES(diag_cases));
}

Test(parser, diagnostic_has_source_line_and_caret, .init = init)
{
    cr_assert_null(dump_str("x = 1\nfoo(1,\n  2 3)\n"));
    cr_assert_str_eq(sp_diag_last(), "t.rb:3:5: error: unexpected integer literal, expecting ')'\n  2 3)\n    ^\n");
    cr_assert_null(dump_str("\tx = )\n"));
    cr_assert_str_eq(sp_diag_last(), "t.rb:1:6: error: unexpected ')'\n\tx = )\n\t    ^\n");
}

static char *repeat(const char *a, int n, const char *mid, const char *b, size_t *len)
{
    size_t la = strlen(a), lm = strlen(mid), lb = strlen(b);
    char *s = malloc(la * (size_t)n + lm + lb * (size_t)n + 1);
    size_t k = 0;
    for (int i = 0; i < n; i++) { memcpy(s + k, a, la); k += la; }
    memcpy(s + k, mid, lm); k += lm;
    for (int i = 0; i < n; i++) { memcpy(s + k, b, lb); k += lb; }
    s[k] = 0;
    *len = k;
    return s;
}

Test(parser, nesting_limit, .init = init)
{
    size_t len;
    /* 500 levels are fine */
    char *s = repeat("[", 500, "1", "]", &len);
    char *d = dump_of(s, len);
    cr_assert_not_null(d, "%s", sp_diag_last());
    free(d);
    free(s);
    const char *kinds[][3] = {
        { "(", "1", ")" }, { "[", "1", "]" }, { "{a: ", "1", "}" }, { "-", "x", "" },
        { "!", "x", "" }, { "a ? ", "1", " : 2" }, { "\"#{", "1", "}\"" }, { "f(", "1", ")" },
        { "x = ", "1", "" }, { "not ", "x", "" }, { "if x then ", "1", " end" }, { "2 ** ", "2", "" },
        { "def a\n", "1", "\nend\n" }, { "foo { ", "1", " }" },
    };
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        s = repeat(kinds[i][0], 5000, kinds[i][1], kinds[i][2], &len);
        cr_expect_null(dump_of(s, len), "5000 x %s parsed", kinds[i][0]);
        cr_expect(strstr(sp_diag_last(), "error: nesting too deep") != NULL, "%s: %s", kinds[i][0], sp_diag_last());
        free(s);
    }
}

Test(parser, ten_megabytes_of_brackets, .init = init, .timeout = 60)
{
    size_t n = 10u << 20;
    char *s = malloc(n + 1);
    memset(s, '[', n);
    s[n] = 0;
    int before = sp_diag_count();
    cr_assert_null(dump_of(s, n));
    cr_assert_eq(sp_diag_count(), before + 1);
    cr_assert(strstr(sp_diag_last(), "nesting too deep"));
    memset(s, '(', n);
    cr_assert_null(dump_of(s, n));
    free(s);
}

Test(parser, one_megabyte_file, .init = init, .timeout = 60)
{
    const char *chunk =
        "class Foo < Bar\n  def initialize(a, b = 2, *r, k: 1, &blk)\n    @a = a + b * 3\n"
        "    @list = [1, 2, 3].map { |x| x ** 2 }.select(&:even?)\n    puts \"a=#{@a} #{r.inspect}\" if k\n"
        "  end\nend\nx = {a: 1, \"b\" => [1, 2]}\ncase x\nwhen Hash then p x\nend\n";
    size_t cl = strlen(chunk), n = 0, cap = (1u << 20) + cl;
    char *s = malloc(cap + 1);
    while (n + cl <= cap) { memcpy(s + n, chunk, cl); n += cl; }
    s[n] = 0;
    sp_ast *ast = sp_parse("t.rb", s, n);
    cr_assert_not_null(ast, "%s", sp_diag_last());
    cr_assert_eq(ast->root->list.n, (int)(n / cl) * 3);
    sp_ast_free(ast);
    free(s);
}

Test(parser, end_data_and_frozen, .init = init)
{
    char *d = dump_str("# frozen_string_literal: true\nx = 'a'\n__END__\nhello\n");
    cr_assert_str_eq(d, "(stmts (lasgn \"x\" (str \"a\" :frozen)) (data \"hello\\n\"))");
    free(d);
    d = dump_str("=begin\ncomment\n=end\nx = 1 # c\n");
    cr_assert_str_eq(d, "(stmts (lasgn \"x\" (int 1)))");
    free(d);
}

Test(parser, positions, .init = init)
{
    sp_ast *ast = sp_parse("t.rb", "x = 1\n  foo.bar(2)\n", strlen("x = 1\n  foo.bar(2)\n"));
    cr_assert_not_null(ast);
    sp_node *c = ast->root->list.v[1];
    cr_assert_eq(c->kind, N_CALL);
    cr_assert_eq(c->line, 2);
    cr_assert_eq(c->col, 7, "a call with a receiver is positioned at its method name");
    cr_assert_eq(c->a->col, 3);
    sp_ast_free(ast);
}

Test(parser, locals_scopes, .init = init)
{
    /* def starts a fresh scope; blocks inherit; block params are locals */
    char *d = dump_str("x = 1\ndef f\n  x\nend\n[1].each { |y| x; y }\ny\n");
    cr_assert_str_eq(d, "(stmts (lasgn \"x\" (int 1)) (def \"f\" nil (stmts (call nil \"x\" :vcall))) "
                        "(call (array (int 1)) \"each\" (block (params (param req \"y\")) (stmts (lvar \"x\") (lvar \"y\")) :braces)) "
                        "(call nil \"y\" :vcall))");
    free(d);
}

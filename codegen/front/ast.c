/*
 * ast.c — AST arena, constructors and the --dump-ast printer.
 *
 * Arena: a chain of malloc'd chunks (64 KiB, or larger for big requests);
 * allocation is a pointer bump, memory is zeroed, and freeing the arena
 * frees every node, string and list of one parse.  Lists (sp_nodes) grow by
 * doubling inside the arena (the old array is simply abandoned), so a list
 * of n nodes costs at most 2n pointers of arena space.
 *
 * --dump-ast format (stable; the parser unit tests compare against it):
 *   (KIND FIELDS...)           KIND is ast_kind_name(): "stmts", "call", ...
 *   Each kind prints a fixed sequence of fields (table `layout` below):
 *     a b c d B  a child slot (a, b, c, d, body) — a node or `nil`
 *     a? b? ...  the same, printed only when non-NULL
 *     n          the name, as a quoted string (`nil` if none)
 *     s          the string payload, quoted, with C-style escapes
 *                (\n \t \" \\ \e, other bytes < 0x20 or >= 0x7f as \xNN)
 *     i          the integer value;  f  the float (shortest round-trip %g)
 *     l          the elements of `list`, inline
 *     L          `list` in brackets: [x y z]
 *     M          `list2` in brackets; M? only when non-empty
 *   then every set flag as :name (:vcall :parens :braces :kwargs ...).
 *   Examples:
 *     puts "hi"          (stmts (call nil "puts" (str "hi")))
 *     a&.b(1)            (stmts (call (call nil "a" :vcall) "b" (int 1) :safe_nav :parens))
 *     x = 1 if y         (stmts (if (call nil "y" :vcall) (lasgn "x" (int 1)) nil :modifier))
 *     def f(a, b = 1)    (def "f" (params (param req "a") (param opt "b" (int 1))) (stmts))
 *   N_PARAM prints (param KIND "name" [default] [nested...]) with KIND one of
 *   req opt rest post key keyreq kwrest nokw block fwd destruct.
 *   N_INT with NF_BIGNUM prints its decimal digits unquoted.
 *   N_BLOCK/N_LAMBDA print the highest numbered parameter as `:numparams N`.
 */
#include "ast.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

typedef struct ast_chunk {
    struct ast_chunk *next;
    size_t used, cap;
    max_align_t data[];
} ast_chunk;

struct ast_arena {
    ast_chunk *head;
    size_t total;
};

#define CHUNK_SIZE (64 * 1024)

struct ast_arena *ast_arena_new(void)
{
    struct ast_arena *a = calloc(1, sizeof *a);
    if (!a) { fputs("spinel: out of memory\n", stderr); exit(1); }
    return a;
}

void ast_arena_free(struct ast_arena *a)
{
    if (!a) return;
    ast_chunk *c = a->head;
    while (c) { ast_chunk *n = c->next; free(c); c = n; }
    free(a);
}

void *ast_alloc(struct ast_arena *a, size_t size)
{
    size = (size + 15) & ~(size_t)15;
    ast_chunk *c = a->head;
    if (!c || c->cap - c->used < size) {
        size_t cap = size > CHUNK_SIZE / 2 ? size : CHUNK_SIZE;
        ast_chunk *nc = malloc(sizeof *nc + cap);
        if (!nc) { fputs("spinel: out of memory\n", stderr); exit(1); }
        nc->used = 0;
        nc->cap = cap;
        if (size > CHUNK_SIZE / 2 && c) {
            /* keep filling the current chunk: put the big one behind it */
            nc->next = c->next;
            c->next = nc;
        } else {
            nc->next = c;
            a->head = nc;
        }
        c = nc;
        a->total += cap;
    }
    void *p = (char *)c->data + c->used;
    c->used += size;
    memset(p, 0, size);
    return p;
}

char *ast_strndup(struct ast_arena *a, const char *s, size_t n)
{
    char *p = ast_alloc(a, n + 1);
    if (n) memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

sp_node *ast_node(struct ast_arena *a, sp_node_kind k, int line, int col)
{
    sp_node *n = ast_alloc(a, sizeof *n);
    n->kind = k;
    n->line = line;
    n->col = col;
    return n;
}

void ast_push(struct ast_arena *a, sp_nodes *list, sp_node *n)
{
    if (list->n == list->cap) {
        int nc = list->cap ? list->cap * 2 : 4;
        sp_node **nv = ast_alloc(a, sizeof *nv * (size_t)nc);
        if (list->n) memcpy(nv, list->v, sizeof *nv * (size_t)list->n);
        list->v = nv;
        list->cap = nc;
    }
    list->v[list->n++] = n;
}

static const char *const kind_names[N__COUNT] = {
    [N_STMTS] = "stmts", [N_BEGIN] = "begin", [N_RESCUE] = "rescue",
    [N_NIL] = "nil", [N_TRUE] = "true", [N_FALSE] = "false", [N_SELF] = "self",
    [N_INT] = "int", [N_FLOAT] = "float", [N_RATIONAL] = "rational", [N_IMAGINARY] = "imaginary",
    [N_STR] = "str", [N_DSTR] = "dstr", [N_EVSTR] = "evstr", [N_XSTR] = "xstr",
    [N_SYM] = "sym", [N_DSYM] = "dsym", [N_REGEX] = "regex",
    [N_ARRAY] = "array", [N_HASH] = "hash", [N_PAIR] = "pair", [N_RANGE] = "range",
    [N_LVAR] = "lvar", [N_IVAR] = "ivar", [N_GVAR] = "gvar", [N_CVAR] = "cvar",
    [N_NTH_REF] = "nth_ref", [N_BACK_REF] = "back_ref", [N_CONST] = "const",
    [N_LASGN] = "lasgn", [N_IASGN] = "iasgn", [N_GASGN] = "gasgn", [N_CVASGN] = "cvasgn",
    [N_CDECL] = "cdecl", [N_OP_ASGN] = "op_asgn", [N_MASGN] = "masgn", [N_MLHS] = "mlhs",
    [N_CALL] = "call", [N_SPLAT] = "splat", [N_DSPLAT] = "dsplat", [N_BLOCK_PASS] = "block_pass",
    [N_FWD_ARGS] = "fwd_args", [N_SUPER] = "super", [N_ZSUPER] = "zsuper", [N_YIELD] = "yield",
    [N_BLOCK] = "block", [N_LAMBDA] = "lambda",
    [N_DEF] = "def", [N_PARAMS] = "params", [N_PARAM] = "param", [N_CLASS] = "class",
    [N_SCLASS] = "sclass", [N_MODULE] = "module", [N_ALIAS] = "alias", [N_UNDEF] = "undef",
    [N_IF] = "if", [N_WHILE] = "while", [N_FOR] = "for", [N_CASE] = "case", [N_WHEN] = "when",
    [N_CASE_IN] = "case_in", [N_IN] = "in",
    [N_AND] = "and", [N_OR] = "or", [N_NOT] = "not", [N_DEFINED] = "defined",
    [N_RETURN] = "return", [N_BREAK] = "break", [N_NEXT] = "next", [N_REDO] = "redo",
    [N_RETRY] = "retry", [N_FLIPFLOP] = "flipflop",
    [N_PAT_VALUE] = "pat_value", [N_PAT_PIN] = "pat_pin", [N_PAT_BIND] = "pat_bind",
    [N_PAT_ARRAY] = "pat_array", [N_PAT_FIND] = "pat_find", [N_PAT_HASH] = "pat_hash",
    [N_PAT_ALT] = "pat_alt", [N_PAT_CONST] = "pat_const",
    [N_BEGIN_BLOCK] = "BEGIN", [N_END_BLOCK] = "END", [N_DATA] = "data",
};

const char *ast_kind_name(sp_node_kind k)
{
    if ((unsigned)k >= N__COUNT || !kind_names[k]) return "?";
    return kind_names[k];
}

/* field layout per kind, see the header comment */
static const char *const layout[N__COUNT] = {
    [N_STMTS] = "l", [N_BEGIN] = "B L c d", [N_RESCUE] = "L a B",
    [N_INT] = "i", [N_FLOAT] = "f", [N_RATIONAL] = "a", [N_IMAGINARY] = "a",
    [N_STR] = "s", [N_DSTR] = "l", [N_EVSTR] = "a", [N_XSTR] = "l", [N_SYM] = "n",
    [N_DSYM] = "l", [N_REGEX] = "l i", [N_ARRAY] = "l", [N_HASH] = "l", [N_PAIR] = "a b",
    [N_RANGE] = "a b", [N_LVAR] = "n", [N_IVAR] = "n", [N_GVAR] = "n", [N_CVAR] = "n",
    [N_NTH_REF] = "i", [N_BACK_REF] = "n", [N_CONST] = "a? n",
    [N_LASGN] = "n a?", [N_IASGN] = "n a?", [N_GASGN] = "n a?", [N_CVASGN] = "n a?",
    [N_CDECL] = "b? n a?", [N_OP_ASGN] = "a n b", [N_MASGN] = "L a", [N_MLHS] = "l",
    [N_CALL] = "a n l b?", [N_SPLAT] = "a?", [N_DSPLAT] = "a?", [N_BLOCK_PASS] = "a?",
    [N_SUPER] = "l b?", [N_ZSUPER] = "b?", [N_YIELD] = "l", [N_BLOCK] = "c B",
    [N_LAMBDA] = "c B", [N_DEF] = "a? n c B", [N_PARAMS] = "l M?",
    [N_CLASS] = "a b B", [N_SCLASS] = "a B", [N_MODULE] = "a B", [N_ALIAS] = "a b",
    [N_UNDEF] = "l", [N_IF] = "a b c", [N_WHILE] = "a B", [N_FOR] = "a b B",
    [N_CASE] = "a L c", [N_WHEN] = "L B", [N_CASE_IN] = "a L c", [N_IN] = "a b B",
    [N_AND] = "a b", [N_OR] = "a b", [N_NOT] = "a", [N_DEFINED] = "a",
    [N_RETURN] = "a?", [N_BREAK] = "a?", [N_NEXT] = "a?", [N_FLIPFLOP] = "a b",
    [N_PAT_VALUE] = "a", [N_PAT_PIN] = "a", [N_PAT_BIND] = "n a?",
    [N_PAT_ARRAY] = "b L c M", [N_PAT_FIND] = "b L", [N_PAT_HASH] = "b L c",
    [N_PAT_ALT] = "a b", [N_PAT_CONST] = "a", [N_BEGIN_BLOCK] = "B", [N_END_BLOCK] = "B",
    [N_DATA] = "s",
};

static const char *const flag_names[] = {
    "bignum", "frozen", "braces", "kwargs", "exclusive", "toplevel", "safe_nav",
    "parens", "vcall", "attrasgn", "unless", "until", "do_while", "endless",
    "numparams", "it", "nokw", "modifier",
};

static const char *const param_kinds[] = {
    "req", "opt", "rest", "post", "key", "keyreq", "kwrest", "nokw", "block", "fwd", "destruct",
};

static void dump_bytes(FILE *out, const char *s, size_t n)
{
    fputc('"', out);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        switch (c) {
        case '"': fputs("\\\"", out); break;
        case '\\': fputs("\\\\", out); break;
        case '\n': fputs("\\n", out); break;
        case '\t': fputs("\\t", out); break;
        case 27: fputs("\\e", out); break;
        default:
            if (c < 0x20 || c >= 0x7f) fprintf(out, "\\x%02X", c);
            else fputc(c, out);
        }
    }
    fputc('"', out);
}

/* Shortest text that reads back as the same double; fixed notation for
 * 1e-4 <= |d| < 1e16 (like Ruby's Float#to_s), exponent otherwise. */
static void dump_float(FILE *out, double d)
{
    char buf[400];
    double m = d < 0 ? -d : d;
    if (d == 0 || (m >= 1e-4 && m < 1e16)) {
        for (int dec = 1; dec <= 330; dec++) {
            snprintf(buf, sizeof buf, "%.*f", dec, d);
            if (strtod(buf, NULL) == d) break;
        }
    } else {
        for (int prec = 1; prec <= 17; prec++) {
            snprintf(buf, sizeof buf, "%.*e", prec - 1, d);
            if (strtod(buf, NULL) == d) break;
        }
    }
    fputs(buf, out);
}

static void dump_list(FILE *out, const sp_nodes *l, int brackets, int depth);
static void dump_node(FILE *out, const sp_node *n, int depth);

static void dump_child(FILE *out, const sp_node *c, int depth)
{
    fputc(' ', out);
    if (c) dump_node(out, c, depth + 1);
    else fputs("nil", out);
}

static void dump_list(FILE *out, const sp_nodes *l, int brackets, int depth)
{
    if (brackets) fputs(" [", out);
    for (int i = 0; i < l->n; i++) {
        if (brackets && i == 0) dump_node(out, l->v[i], depth + 1);
        else dump_child(out, l->v[i], depth);
    }
    if (brackets) fputc(']', out);
}

static void dump_node(FILE *out, const sp_node *n, int depth)
{
    if (!n) { fputs("nil", out); return; }
    if (depth > 100000) { fputs("...", out); return; }
    fputc('(', out);
    fputs(ast_kind_name(n->kind), out);
    if (n->kind == N_PARAM) {
        fputc(' ', out);
        fputs(n->ival >= 0 && n->ival <= PK_DESTRUCT ? param_kinds[n->ival] : "?", out);
        fputc(' ', out);
        if (n->name) dump_bytes(out, n->name, strlen(n->name));
        else fputs("nil", out);
        if (n->a) dump_child(out, n->a, depth);
        if (n->list.n) dump_list(out, &n->list, 1, depth);
    } else {
        const char *lay = layout[n->kind] ? layout[n->kind] : "";
        for (const char *p = lay; *p; p++) {
            if (*p == ' ') continue;
            int opt = p[1] == '?';
            const sp_node *c = NULL;
            int is_child = 1;
            switch (*p) {
            case 'a': c = n->a; break;
            case 'b': c = n->b; break;
            case 'c': c = n->c; break;
            case 'd': c = n->d; break;
            case 'B': c = n->body; break;
            default: is_child = 0;
            }
            if (is_child) {
                if (!(opt && !c)) dump_child(out, c, depth);
            } else switch (*p) {
            case 'n':
                fputc(' ', out);
                if (n->name) dump_bytes(out, n->name, strlen(n->name));
                else fputs("nil", out);
                break;
            case 's':
                fputc(' ', out);
                dump_bytes(out, n->str ? n->str : "", n->str ? n->len : 0);
                break;
            case 'i':
                fputc(' ', out);
                if ((n->flags & NF_BIGNUM) && n->str) fputs(n->str, out);
                else fprintf(out, "%" PRId64, n->ival);
                break;
            case 'f': fputc(' ', out); dump_float(out, n->fval); break;
            case 'l': dump_list(out, &n->list, 0, depth); break;
            case 'L': dump_list(out, &n->list, 1, depth); break;
            case 'M': if (!(opt && n->list2.n == 0)) dump_list(out, &n->list2, 1, depth); break;
            }
            if (opt) p++;
        }
    }
    for (unsigned i = 0; i < sizeof flag_names / sizeof *flag_names; i++) {
        if (n->flags & (1 << i)) {
            fprintf(out, " :%s", flag_names[i]);
            if ((1 << i) == NF_NUMPARAMS) fprintf(out, " %" PRId64, n->ival);
        }
    }
    fputc(')', out);
}

void ast_dump(FILE *out, const sp_node *n)
{
    dump_node(out, n, 0);
}

char *sp_read_source(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0, r;
    char *buf = malloc(cap + 1);
    while ((r = fread(buf + n, 1, cap - n, f)) > 0) {
        n += r;
        if (n == cap) { cap *= 2; buf = realloc(buf, cap + 1); }
    }
    fclose(f);
    buf[n] = '\0';
    *len = n;
    return buf;
}

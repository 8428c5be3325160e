/*
 * sp_json.c — `require 'json'`: the JSON module, its exceptions and the
 * native parser (json 2.9.1, the gem CRuby 3.4.1 ships).  The generator and
 * JSON::State live in sp_json_gen.c.
 *
 * The parser is a recursive descent over the source bytes that reproduces
 * the error positions of json 2.9.1's Ragel machines, because scripts and
 * tests print JSON::ParserError messages:
 *   - an Array reports the first byte it cannot take ("unexpected token at
 *     ']'" for "[1,]"), including an element value that does not start a
 *     valid value ("[nul]" reports 'nul]');
 *   - an Object and a String do not report: they fail back to the enclosing
 *     Array or the document, which reports the position where the failed
 *     Object/String began ("{"a":1,}" reports the whole object);
 *   - the fragment shown is at most 32 bytes (PARSE_ERROR_FRAGMENT_LEN).
 * Numbers follow the one JSON_float machine: -?(0|[1-9][0-9]*)(.[0-9]+)?
 * ([eE][+-]?[0-9]+)? not followed by [0-9Ee.-].  Comments (/ * * / and //)
 * count as white space, as in json 2.9.1.
 *
 * Costs: one pass; object keys are made frozen so Hash#[]= stores them
 * without the copy it makes of unfrozen String keys (json 2.9.1 freezes
 * keys too); no intermediate token list.  Nesting recursion is bounded by
 * max_nesting (default 100) and by the fiber stack check otherwise.
 */
#include "spinel.h"
#include "sp_string.h"
#include "sp_hash.h"
#include "sp_numeric.h"
#include "sp_json.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

sp_value sp_json_mJSON, sp_json_eParserError, sp_json_eNestingError,
         sp_json_eGeneratorError, sp_json_cState;
static sp_value eJSONError;

/* ------------------------------------------------------------------ */
/* Options                                                             */

sp_value sp_json_opt(sp_value opts, const char *name)
{
    if (!sp_hash_p(opts)) return SP_UNDEF;
    sp_value v = sp_hash_lookup(opts, sp_sym(name), SP_UNDEF);
    if (v == SP_UNDEF) v = sp_hash_lookup(opts, sp_str_new_cstr(name), SP_UNDEF);
    return v;
}

/* The trailing options argument: a keyword Hash or a positional Hash/nil. */
static sp_value opts_arg(int argc_, const sp_value *argv, int pos)
{
    int argc = SP_ARGC(argc_);
    if (argc > pos) {
        sp_value o = argv[pos];
        if (o == SP_NIL) return SP_NIL;
        if (sp_hash_p(o)) return o;
        if (sp_respond_to(o, sp_intern("to_hash"), 0)) return sp_funcall0(o, "to_hash");
        if (sp_respond_to(o, sp_intern("to_h"), 0)) return sp_funcall0(o, "to_h");
        sp_raise_type(o, "Hash");
    }
    return SP_NIL;
}

/* ------------------------------------------------------------------ */
/* Parser                                                              */

typedef struct jparser {
    const char *pe;          /* end of the source */
    int max_nesting;         /* 0: unlimited */
    int allow_nan, symbolize, freeze;
    int cbad;                /* white space skipping stopped in a broken comment */
    sp_value object_class, array_class;   /* SP_NIL: Hash / Array */
} jparser;

static SP_NORETURN void parse_error(jparser *P, const char *fmt, const char *p)
{
    char buf[33];
    size_t n = 0;
    while (n < 32 && p + n < P->pe && p[n]) n++;
    memcpy(buf, p, n);
    buf[n] = 0;
    sp_raise(sp_json_eParserError, fmt, buf);
}
#define UNEXPECTED(P, p) parse_error(P, "unexpected token at '%s'", p)

/* Skip white space and comments.  A '/' that starts no comment, or an
 * unterminated one, sets P->cbad and returns where the Ragel machine
 * would stop. */
static const char *ws(jparser *P, const char *p)
{
    const char *pe = P->pe;
    for (;;) {
        while (p < pe && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')) p++;
        if (p >= pe || *p != '/') return p;
        if (p + 1 >= pe) { P->cbad = 1; return p + 1; }
        if (p[1] == '*') {
            const char *q = p + 2;
            while (q + 1 < pe && !(q[0] == '*' && q[1] == '/')) q++;
            if (q + 1 >= pe) { P->cbad = 1; return pe; }
            p = q + 2;
        } else if (p[1] == '/') {
            p += 2;
            while (p < pe && *p != '\n') p++;
            if (p < pe) p++;
        } else {
            P->cbad = 1;
            return p + 1;
        }
    }
}

static void check_nesting(jparser *P, int depth)
{
    if (P->max_nesting && depth > P->max_nesting)
        sp_raise(sp_json_eNestingError, "nesting of %d is too deep", depth);
}

static const char *parse_value(jparser *P, const char *p, sp_value *out, int depth);

static uint32_t hex4(const char *p)
{
    return (uint32_t)(sp_digit_val(p[0]) << 12 | sp_digit_val(p[1]) << 8 | sp_digit_val(p[2]) << 4 | sp_digit_val(p[3]));
}

/* UTF-8 of any code point below 0x110000, surrogates included (json
 * encodes a lone low surrogate as its three bytes). */
static int utf8_put(uint32_t ch, char *b)
{
    if (ch < 0x80) { b[0] = (char)ch; return 1; }
    if (ch < 0x800) { b[0] = (char)(0xC0 | ch >> 6); b[1] = (char)(0x80 | (ch & 0x3F)); return 2; }
    if (ch < 0x10000) {
        b[0] = (char)(0xE0 | ch >> 12); b[1] = (char)(0x80 | ((ch >> 6) & 0x3F));
        b[2] = (char)(0x80 | (ch & 0x3F)); return 3;
    }
    b[0] = (char)(0xF0 | ch >> 18); b[1] = (char)(0x80 | ((ch >> 12) & 0x3F));
    b[2] = (char)(0x80 | ((ch >> 6) & 0x3F)); b[3] = (char)(0x80 | (ch & 0x3F));
    return 4;
}

/* The content s..e (between the quotes, escapes already validated by the
 * scanner) with its escapes replaced, as json_string_unescape does it:
 * an unknown escape drops the backslash; a high surrogate takes the next
 * \uXXXX whatever it is, or becomes '?' swallowing one more byte. */
static sp_value unescape(jparser *P, const char *s, const char *e)
{
    sp_value str = sp_str_buf_new((size_t)(e - s));
    const char *p = s, *run = s;
    char buf[4];
    while (p < e) {
        if (*p != '\\') { p++; continue; }
        if (p > run) sp_str_cat(str, run, (size_t)(p - run));
        const char *q = p + 1;            /* the escape letter */
        const char *rep = NULL;
        int rlen = 1;
        switch (*q) {
        case 'n': rep = "\n"; break;
        case 'r': rep = "\r"; break;
        case 't': rep = "\t"; break;
        case 'b': rep = "\b"; break;
        case 'f': rep = "\f"; break;
        case '"': rep = "\""; break;
        case '\\': rep = "\\"; break;
        case 'u': {
            uint32_t ch = hex4(q + 1);
            q += 4;                        /* last hex digit */
            if ((ch & 0xFC00) == 0xD800) {
                q++;
                if (q > e - 6) parse_error(P, "incomplete surrogate pair at '%s'", p);
                if (q[0] == '\\' && q[1] == 'u') {
                    uint32_t sur = hex4(q + 2);
                    ch = (((ch & 0x3F) << 10) | ((((ch >> 6) & 0xF) + 1) << 16) | (sur & 0x3FF));
                    q += 5;
                    rlen = utf8_put(ch, buf); rep = buf;
                } else {
                    rep = "?";
                }
            } else {
                rlen = utf8_put(ch, buf); rep = buf;
            }
            break;
        }
        default:
            run = p = q;                   /* keep the escaped byte itself */
            p++;
            continue;
        }
        sp_str_cat(str, rep, (size_t)rlen);
        run = p = q + 1;
    }
    if (p > run) sp_str_cat(str, run, (size_t)(p - run));
    return str;
}

/* A string at p ('"').  NULL when the scanner rejects it. */
static const char *parse_string(jparser *P, const char *p, sp_value *out, int key)
{
    const char *pe = P->pe, *s = p + 1, *q = s;
    int esc = 0;
    for (;;) {
        while (q < pe && *q != '"' && *q != '\\' && (unsigned char)*q >= 0x20) q++;
        if (q >= pe || (unsigned char)*q < 0x20) return NULL;
        if (*q == '"') break;
        esc = 1;
        q++;
        if (q >= pe || (unsigned char)*q < 0x20) return NULL;
        if (*q == 'u') {
            if (pe - q < 5) return NULL;
            for (int i = 1; i <= 4; i++) {
                int c = (unsigned char)q[i];
                if (!((c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f'))) return NULL;
            }
            q += 5;
        } else {
            q++;
        }
    }
    if (key && P->symbolize && !esc) {
        *out = SP_ID2SYM(sp_intern_len(s, (size_t)(q - s)));
        return q + 1;
    }
    sp_value str = esc ? unescape(P, s, q) : sp_str_new(s, (size_t)(q - s));
    if (key) {
        if (P->symbolize) str = SP_ID2SYM(sp_intern_len(sp_str_ptr(str), sp_str_len(str)));
        else SP_HDR(str)->flags |= SP_FL_FROZEN;
    } else if (P->freeze) {
        SP_HDR(str)->flags |= SP_FL_FROZEN;
    }
    *out = str;
    return q + 1;
}

static int digit(const char *p, const char *pe) { return p < pe && *p >= '0' && *p <= '9'; }

static const char *parse_number(jparser *P, const char *p, sp_value *out)
{
    const char *pe = P->pe, *s = p;
    int flt = 0;
    if (*p == '-') p++;
    if (!digit(p, pe)) return NULL;
    if (*p == '0') p++;
    else while (digit(p, pe)) p++;
    if (p < pe && *p == '.') {
        p++;
        if (!digit(p, pe)) return NULL;
        while (digit(p, pe)) p++;
        flt = 1;
    }
    if (p < pe && (*p == 'e' || *p == 'E')) {
        p++;
        if (p < pe && (*p == '+' || *p == '-')) p++;
        if (!digit(p, pe)) return NULL;
        while (digit(p, pe)) p++;
        flt = 1;
    }
    if (p < pe && (digit(p, pe) || *p == 'e' || *p == 'E' || *p == '.' || *p == '-')) return NULL;
    size_t n = (size_t)(p - s);
    if (!flt) {
        if (n <= 18) {
            int64_t v = 0;
            const char *d = s + (*s == '-');
            for (; d < p; d++) v = v * 10 + (*d - '0');
            *out = sp_int_new(*s == '-' ? -v : v);
        } else {
            *out = sp_cstr_to_inum(s, n, 10, 0);
        }
        return p;
    }
    char small[64];
    char *b = n < sizeof small ? small : GC_MALLOC_ATOMIC(n + 1);
    memcpy(b, s, n);
    b[n] = 0;
    *out = sp_float_new(strtod(b, NULL));
    return p;
}

static sp_value new_container(sp_value klass, sp_value dflt)
{
    if (klass == SP_NIL) return dflt == sp_cHash ? sp_hash_new() : sp_ary_new();
    return sp_funcall0(klass, "new");
}

/* An Array at p ('['): reports its own errors. */
static const char *parse_array(jparser *P, const char *p, sp_value *out, int depth)
{
    check_nesting(P, depth);
    SP_POLL_ENTRY();
    sp_value ary = new_container(P->array_class, sp_cArray);
    p = ws(P, p + 1);
    if (P->cbad) UNEXPECTED(P, p);
    if (p < P->pe && *p == ']') { p++; goto done; }
    for (;;) {
        sp_value v;
        const char *np = p < P->pe ? parse_value(P, p, &v, depth) : NULL;
        if (!np) UNEXPECTED(P, p);
        if (P->array_class == SP_NIL) sp_ary_push(ary, v);
        else sp_funcall1(ary, "<<", v);
        p = ws(P, np);
        if (P->cbad || p >= P->pe) UNEXPECTED(P, p);
        if (*p == ']') { p++; break; }
        if (*p != ',') UNEXPECTED(P, p);
        p = ws(P, p + 1);
        if (P->cbad) UNEXPECTED(P, p);
    }
done:
    if (P->freeze) sp_obj_freeze(ary);
    *out = ary;
    return p;
}

/* An Object at p ('{'): NULL on any error (the caller reports). */
static const char *parse_object(jparser *P, const char *p, sp_value *out, int depth)
{
    check_nesting(P, depth);
    SP_POLL_ENTRY();
    sp_value h = new_container(P->object_class, sp_cHash);
    const char *pe = P->pe;
    p = ws(P, p + 1);
    if (P->cbad) return NULL;
    if (p < pe && *p == '}') { p++; goto done; }
    for (;;) {
        sp_value k, v;
        if (p >= pe || *p != '"') return NULL;
        if (!(p = parse_string(P, p, &k, 1))) return NULL;
        p = ws(P, p);
        if (P->cbad || p >= pe || *p != ':') return NULL;
        p = ws(P, p + 1);
        if (P->cbad || p >= pe) return NULL;
        if (!(p = parse_value(P, p, &v, depth))) return NULL;
        if (P->object_class == SP_NIL) sp_hash_aset(h, k, v);
        else sp_funcall2(h, "[]=", k, v);
        p = ws(P, p);
        if (P->cbad || p >= pe) return NULL;
        if (*p == '}') { p++; break; }
        if (*p != ',') return NULL;
        p = ws(P, p + 1);
        if (P->cbad) return NULL;
    }
done:
    if (P->freeze) sp_obj_freeze(h);
    *out = h;
    return p;
}

static int lit(const char *p, const char *pe, const char *w, size_t n)
{
    return (size_t)(pe - p) >= n && memcmp(p, w, n) == 0;
}

/* A value at p (p < pe).  NULL when no value starts here. */
static const char *parse_value(jparser *P, const char *p, sp_value *out, int depth)
{
    const char *pe = P->pe;
    switch (*p) {
    case '"': return parse_string(P, p, out, 0);
    case '[': return parse_array(P, p, out, depth + 1);
    case '{': return parse_object(P, p, out, depth + 1);
    case 'n': if (!lit(p, pe, "null", 4)) return NULL; *out = SP_NIL; return p + 4;
    case 't': if (!lit(p, pe, "true", 4)) return NULL; *out = SP_TRUE; return p + 4;
    case 'f': if (!lit(p, pe, "false", 5)) return NULL; *out = SP_FALSE; return p + 5;
    case 'N':
        if (!lit(p, pe, "NaN", 3)) return NULL;
        if (!P->allow_nan) UNEXPECTED(P, p);
        *out = sp_float_new(NAN);
        return p + 3;
    case 'I':
        if (!lit(p, pe, "Infinity", 8)) return NULL;
        if (!P->allow_nan) UNEXPECTED(P, p);
        *out = sp_float_new(INFINITY);
        return p + 8;
    case '-':
        if (pe - p > 8 && memcmp(p, "-Infinity", 9) == 0) {
            if (!P->allow_nan) UNEXPECTED(P, p);
            *out = sp_float_new(-INFINITY);
            return p + 9;
        }
        return parse_number(P, p, out);
    default:
        if (*p >= '0' && *p <= '9') return parse_number(P, p, out);
        return NULL;
    }
}

static int opt_true(sp_value opts, const char *name, int dflt)
{
    sp_value v = sp_json_opt(opts, name);
    return v == SP_UNDEF ? dflt : SP_RTEST(v);
}

static void parser_configure(jparser *P, sp_value opts, int allow_nan, int max_nesting)
{
    P->max_nesting = max_nesting;
    P->allow_nan = allow_nan;
    P->symbolize = P->freeze = P->cbad = 0;
    P->object_class = P->array_class = SP_NIL;
    if (!sp_hash_p(opts)) return;
    sp_value v = sp_json_opt(opts, "max_nesting");
    if (v != SP_UNDEF) P->max_nesting = SP_RTEST(v) ? (int)sp_num_to_long(v) : 0;
    P->allow_nan = opt_true(opts, "allow_nan", allow_nan);
    P->symbolize = opt_true(opts, "symbolize_names", 0);
    P->freeze = opt_true(opts, "freeze", 0);
    v = sp_json_opt(opts, "object_class");
    if (v != SP_UNDEF && v != sp_cHash) P->object_class = v;
    v = sp_json_opt(opts, "array_class");
    if (v != SP_UNDEF && v != sp_cArray) P->array_class = v;
    if (opt_true(opts, "create_additions", 0))
        sp_raise(sp_eNotImpError, "JSON.parse: create_additions is not supported");
    v = sp_json_opt(opts, "decimal_class");
    if (v != SP_UNDEF && v != SP_NIL && v != sp_cFloat)
        sp_raise(sp_eNotImpError, "JSON.parse: decimal_class other than Float is not supported");
}

static sp_value parse_source(jparser *P, sp_value src)
{
    src = sp_str_to_str(src);
    size_t len;
    const char *s = sp_str_snap(src, &len);
    P->pe = s + len;
    const char *p = ws(P, s);
    if (P->cbad || p >= P->pe) UNEXPECTED(P, p);
    sp_value v;
    const char *np = parse_value(P, p, &v, 0);
    if (!np) UNEXPECTED(P, p);
    p = ws(P, np);
    if (P->cbad || p != P->pe) UNEXPECTED(P, p);
    return v;
}

/* JSON.parse(source, opts = nil) */
SP_METHOD(j_parse)
{
    (void)self; (void)blk;
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    jparser P;
    parser_configure(&P, opts_arg(argc_, argv, 1), 0, 100);
    return parse_source(&P, argv[0]);
}

/* JSON.parse!(source, opts = nil): no nesting limit, NaN allowed. */
SP_METHOD(j_parse_bang)
{
    (void)self; (void)blk;
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    jparser P;
    parser_configure(&P, opts_arg(argc_, argv, 1), 1, 0);
    return parse_source(&P, argv[0]);
}

/* JSON.load's proc: called depth first on every element, then the whole. */
static int load_proc_pair(sp_value k, sp_value v, void *arg);
static void load_recurse(sp_value v, sp_value proc)
{
    if (SP_HEAP_P(v) && SP_TYPE(v) == SP_T_ARRAY) {
        for (long i = 0; i < sp_ary_len(v); i++) load_recurse(sp_ary_entry(v, i), proc);
    } else if (sp_hash_p(v)) {
        sp_hash_foreach(v, load_proc_pair, (void *)proc);
    }
    sp_proc_call(proc, 1, &v, SP_NIL);
}
static int load_proc_pair(sp_value k, sp_value v, void *arg)
{
    load_recurse(k, (sp_value)arg);
    load_recurse(v, (sp_value)arg);
    return 0;
}

/* JSON.load(source, proc = nil, options = nil): an IO or String source,
 * nil or "" gives nil; NaN allowed; no nesting limit. */
SP_METHOD(j_load)
{
    (void)self;
    if (argc < 1 || argc > 3) sp_raise_arity(argc, 1, 3);
    sp_value src = argv[0];
    sp_value proc = argc > 1 ? argv[1] : SP_NIL;
    if (proc == SP_NIL && blk != SP_NIL) proc = blk;
    if (src == SP_NIL) return SP_NIL;
    if (!sp_str_p(src)) {
        if (sp_respond_to(src, sp_intern("to_str"), 0)) src = sp_funcall0(src, "to_str");
        else if (sp_respond_to(src, sp_intern("to_io"), 0)) src = sp_funcall0(sp_funcall0(src, "to_io"), "read");
        else if (sp_respond_to(src, sp_intern("read"), 0)) src = sp_funcall0(src, "read");
    }
    jparser P;
    parser_configure(&P, opts_arg(argc_, argv, 2), 1, 0);
    if (sp_str_p(src) && sp_str_len(src) == 0) return SP_NIL;   /* allow_blank */
    sp_value v = parse_source(&P, src);
    if (proc != SP_NIL) load_recurse(v, proc);
    return v;
}

/* JSON.load_file(path, opts = nil) */
SP_METHOD(j_load_file)
{
    (void)self; (void)blk;
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    sp_value src = sp_funcall1(sp_const_get(sp_cObject, sp_intern("File")), "read", argv[0]);
    jparser P;
    parser_configure(&P, opts_arg(argc_, argv, 1), 0, 100);
    return parse_source(&P, src);
}

/* ------------------------------------------------------------------ */
/* Generation front ends                                               */

/* JSON.generate(obj, opts = nil) */
SP_METHOD(j_generate)
{
    (void)self; (void)blk;
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    sp_value opts = argc > 1 ? argv[1] : SP_NIL;
    return sp_json_generate(argv[0], sp_json_state_for(opts, 0));
}

SP_METHOD(j_pretty_generate)
{
    (void)self; (void)blk;
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    sp_value opts = argc > 1 ? argv[1] : SP_NIL;
    return sp_json_generate(argv[0], sp_json_state_for(opts, 1));
}

/* JSON.dump(obj, io = nil, limit = nil, kwargs = nil) */
SP_METHOD(j_dump)
{
    (void)self; (void)blk;
    int n = argc;
    sp_value kw = SP_NIL;
    if ((argc_ & SP_ARGC_KW) && n > 1) kw = argv[--n];
    if (n < 1 || n > 3) sp_raise_arity(n, 1, 3);
    sp_value io = SP_NIL, limit = SP_NIL;
    if (n > 1) io = argv[1];
    if (n > 2) limit = argv[2];
    if (n == 2 && SP_FIXNUM_P(io)) { limit = io; io = SP_NIL; }
    sp_value opts = sp_hash_new();
    sp_hash_aset(opts, sp_sym("max_nesting"), SP_FALSE);
    sp_hash_aset(opts, sp_sym("allow_nan"), SP_TRUE);
    if (limit != SP_NIL) sp_hash_aset(opts, sp_sym("max_nesting"), limit);
    if (sp_hash_p(kw)) sp_funcall1(opts, "update", kw);
    sp_value s = sp_json_generate(argv[0], sp_json_state_for(opts, 0));
    if (io == SP_NIL) return s;
    if (sp_respond_to(io, sp_intern("to_io"), 0)) io = sp_funcall0(io, "to_io");
    sp_funcall1(io, "write", s);
    return io;
}

/* JSON[obj, opts]: parse a String, generate anything else. */
SP_METHOD(j_aref)
{
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    if (sp_str_p(argv[0]) || sp_respond_to(argv[0], sp_intern("to_str"), 0))
        return j_parse(self, argc_, argv, blk);
    return j_generate(self, argc_, argv, blk);
}

SP_METHOD(k_JSON)
{
    return j_aref(self, argc_, argv, blk);
}

SP_METHOD(j_state) { (void)self; (void)argc_; (void)argv; (void)blk; return sp_json_cState; }

/* JSON::Parser.new(source, opts = nil).parse */
static sp_value cParser;
SP_METHOD(parser_init)
{
    (void)blk;
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    sp_ivar_set(self, sp_intern("@source"), sp_str_to_str(argv[0]));
    sp_ivar_set(self, sp_intern("@opts"), opts_arg(argc_, argv, 1));
    return SP_NIL;
}
SP_METHOD(parser_parse)
{
    (void)argc_; (void)argv; (void)blk;
    jparser P;
    parser_configure(&P, sp_ivar_get(self, sp_intern("@opts")), 0, 100);
    return parse_source(&P, sp_ivar_get(self, sp_intern("@source")));
}
SP_METHOD(parser_source)
{
    (void)argc_; (void)argv; (void)blk;
    return sp_str_dup(sp_ivar_get(self, sp_intern("@source")));
}

void sp_init_json(void)
{
    sp_value J = sp_json_mJSON = sp_define_module("JSON");
    eJSONError = sp_define_class_under(J, "JSONError", sp_eStandardError);
    sp_json_eParserError = sp_define_class_under(J, "ParserError", eJSONError);
    sp_json_eNestingError = sp_define_class_under(J, "NestingError", sp_json_eParserError);
    sp_json_eGeneratorError = sp_define_class_under(J, "GeneratorError", eJSONError);
    sp_define_const(J, "VERSION", sp_str_new_frozen("2.9.1", 5));
    sp_define_const(J, "NaN", sp_float_new(NAN));
    sp_define_const(J, "Infinity", sp_float_new(INFINITY));
    sp_define_const(J, "MinusInfinity", sp_float_new(-INFINITY));

    sp_value ext = sp_define_module_under(J, "Ext");
    cParser = sp_define_class_under(ext, "Parser", sp_cObject);
    sp_define_const(J, "Parser", cParser);
    sp_define_method(cParser, "initialize", parser_init, -1);
    sp_define_method(cParser, "parse", parser_parse, 0);
    sp_define_method(cParser, "source", parser_source, 0);

    sp_define_singleton_method(J, "parse", j_parse, -1);
    sp_define_singleton_method(J, "parse!", j_parse_bang, -1);
    sp_define_singleton_method(J, "load", j_load, -1);
    sp_define_singleton_method(J, "load_file", j_load_file, -1);
    sp_define_singleton_method(J, "generate", j_generate, -1);
    sp_define_singleton_method(J, "unparse", j_generate, -1);
    sp_define_singleton_method(J, "fast_generate", j_generate, -1);
    sp_define_singleton_method(J, "pretty_generate", j_pretty_generate, -1);
    sp_define_singleton_method(J, "pretty_unparse", j_pretty_generate, -1);
    sp_define_singleton_method(J, "dump", j_dump, -1);
    sp_define_singleton_method(J, "[]", j_aref, -1);
    sp_define_singleton_method(J, "state", j_state, 0);
    sp_define_private_method(sp_mKernel, "JSON", k_JSON, -1);

    sp_json_init_generator();
}

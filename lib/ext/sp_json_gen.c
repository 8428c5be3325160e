/*
 * sp_json_gen.c — the JSON generator and JSON::State (JSON::Ext::Generator::
 * State) of json 2.9.1, and #to_json on every object.
 *
 * Representation: a State is an SP_T_DATA object holding the formatting
 * strings (always Strings, "" when unset), max_nesting (0: unlimited), the
 * current depth and the flags.  Generation appends to a private byte
 * buffer (jbuf) that becomes one String at the end.
 *
 * Dispatch follows the C generator exactly: a value whose class is exactly
 * Hash, Array, String or Float, and nil/true/false/Integer, is written
 * directly (a redefined Hash#to_json is not called for a plain Hash); any
 * other object is asked for to_json(state) — whose result must be a
 * String — unless its to_json is the builtin one (Object#to_json), which
 * writes Hash/Array/String subclasses by their type and everything else
 * as its to_s.  A user to_json(*a) that calls to_h.to_json(*a) gets the
 * same State back, so depth and indentation carry through.
 */
#include "spinel.h"
#include "sp_string.h"
#include "sp_hash.h"
#include "sp_numeric.h"
#include "sp_json.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int sp_float_fmt(double d, char *buf);   /* sp_float_fmt.c: Float#to_s */

typedef struct jstate {
    sp_header hdr;
    sp_value indent, space, space_before, object_nl, array_nl;
    long max_nesting, depth, buffer_initial_length;
    int allow_nan, ascii_only, script_safe, strict;
} jstate;
#define ST(v) ((jstate *)(v))

static sp_id id_to_json;

/* ------------------------------------------------------------------ */
/* Output buffer                                                       */

typedef struct jbuf { char *p; size_t len, cap; } jbuf;

/* The buffer is malloc'd (realloc grows big buffers without copying, and
 * the intermediate sizes never count towards a collection); a cleanup
 * record (gen_begin) frees it when an exception leaves the generator. */
static SP_NOINLINE void jb_grow(jbuf *b, size_t n)
{
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + n) cap *= 2;
    char *np = realloc(b->p, cap);
    if (!np) { fputs("[FATAL] failed to allocate memory\n", stderr); abort(); }   /* as CRuby */
    b->p = np;
    b->cap = cap;
}
static inline void jb_put(jbuf *b, const char *s, size_t n)
{
    if (SP_UNLIKELY(b->len + n > b->cap)) jb_grow(b, n);
    memcpy(b->p + b->len, s, n);
    b->len += n;
}
static inline void jb_putc(jbuf *b, char c)
{
    if (SP_UNLIKELY(b->len + 1 > b->cap)) jb_grow(b, 1);
    b->p[b->len++] = c;
}
static inline void jb_str(jbuf *b, sp_value s)
{
    size_t n;
    const char *p = sp_str_snap(s, &n);
    if (n) jb_put(b, p, n);
}

/* One generation: the buffer, the State, and a snapshot of the State's
 * formatting strings (read once, not per pair). */
typedef struct fstr { const char *p; size_t n; } fstr;
typedef struct gen {
    jbuf b;
    sp_value vstate;
    jstate *st;
    fstr indent, space, space_before, object_nl, array_nl;
    sp_handler cleanup;
} gen;

static inline void jb_f(jbuf *b, fstr f) { if (f.n) jb_put(b, f.p, f.n); }

static void gen_value(gen *g, sp_value obj);
static void gen_root(gen *g, sp_value obj);

/* ------------------------------------------------------------------ */
/* Strings                                                             */

/* 1: escaped as \X or \u00XX; 0: copied. */
static unsigned char esc_tab[128];
static const char hexd[] = "0123456789abcdef";

static void put_u(jbuf *b, unsigned cp)
{
    char u[6] = { '\\', 'u', hexd[cp >> 12 & 15], hexd[cp >> 8 & 15], hexd[cp >> 4 & 15], hexd[cp & 15] };
    jb_put(b, u, 6);
}

static void put_escape(jbuf *b, unsigned char c)
{
    char e[2] = { '\\', 0 };
    switch (c) {
    case '"': e[1] = '"'; break;
    case '\\': e[1] = '\\'; break;
    case '/': e[1] = '/'; break;
    case '\b': e[1] = 'b'; break;
    case '\f': e[1] = 'f'; break;
    case '\n': e[1] = 'n'; break;
    case '\r': e[1] = 'r'; break;
    case '\t': e[1] = 't'; break;
    default: put_u(b, c); return;
    }
    jb_put(b, e, 2);
}

/* Length of the valid UTF-8 sequence at p (and its code point), 0 when
 * invalid. */
static int utf8_seq(const unsigned char *p, const unsigned char *e, unsigned *cp)
{
    unsigned c = p[0];
    int n;
    unsigned min;
    if (c >= 0xC2 && c <= 0xDF) { n = 2; c &= 0x1F; min = 0x80; }
    else if (c >= 0xE0 && c <= 0xEF) { n = 3; c &= 0x0F; min = 0x800; }
    else if (c >= 0xF0 && c <= 0xF4) { n = 4; c &= 0x07; min = 0x10000; }
    else return 0;
    if (e - p < n) return 0;
    for (int i = 1; i < n; i++) {
        if ((p[i] & 0xC0) != 0x80) return 0;
        c = c << 6 | (p[i] & 0x3F);
    }
    if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return 0;
    *cp = c;
    return n;
}

static SP_NORETURN void bad_string(sp_value str, const unsigned char *s, const unsigned char *e)
{
    if (sp_str_binary_p(str)) {
        while (s < e && *s < 0x80) s++;
        sp_raise(sp_json_eGeneratorError, "\"\\x%02X\" from ASCII-8BIT to UTF-8", s < e ? *s : 0);
    }
    sp_raise(sp_json_eGeneratorError, "source sequence is illegal/malformed utf-8");
}

static void gen_string(gen *g, sp_value str)
{
    if (SP_UNLIKELY(sp_str_enc_bits(str) & SP_STR_OTHERENC))
        str = sp_funcall1(str, "encode", sp_str_new("UTF-8", 5));
    size_t n;
    const unsigned char *s = (const unsigned char *)sp_str_snap(str, &n), *e = s + n, *p = s, *run = s;
    jbuf *b = &g->b;
    int ascii_only = g->st->ascii_only, script_safe = g->st->script_safe;
    if (SP_UNLIKELY(b->len + n + 2 > b->cap)) jb_grow(b, n + 2);
    jb_putc(b, '"');
    while (p < e) {
        /* 8 bytes at a time while none needs attention (no byte below
         * 0x20, no '"', '\\', '/' and nothing non-ASCII); a false
         * alarm only sends one byte through the loop below. */
        while (e - p >= 8) {
            uint64_t x;
            memcpy(&x, p, 8);
            const uint64_t ones = 0x0101010101010101ULL, high = 0x8080808080808080ULL;
            uint64_t q = x ^ (ones * '"'), bs = x ^ (ones * '\\'), sl = x ^ (ones * '/');
            uint64_t hit = ((x - ones * 0x20) | (q - ones) | (bs - ones) | (sl - ones) | x) & high;
            if (hit) break;
            p += 8;
        }
        if (p >= e) break;
        unsigned c = *p;
        if (c < 0x80) {
            if (SP_LIKELY(!esc_tab[c]) && !(c == '/' && script_safe)) { p++; continue; }
            if (p > run) jb_put(b, (const char *)run, (size_t)(p - run));
            put_escape(b, (unsigned char)c);
            run = ++p;
            continue;
        }
        unsigned cp;
        int len = utf8_seq(p, e, &cp);
        if (!len) bad_string(str, s, e);
        if (ascii_only || (script_safe && (cp == 0x2028 || cp == 0x2029))) {
            if (p > run) jb_put(b, (const char *)run, (size_t)(p - run));
            if (cp >= 0x10000) {
                cp -= 0x10000;
                put_u(b, 0xD800 | cp >> 10);
                put_u(b, 0xDC00 | (cp & 0x3FF));
            } else {
                put_u(b, cp);
            }
            run = p + len;
        }
        p += len;
    }
    if (p > run) jb_put(b, (const char *)run, (size_t)(p - run));
    jb_putc(b, '"');
}

/* ------------------------------------------------------------------ */
/* Numbers                                                             */

static void gen_fixnum(gen *g, long v)
{
    char buf[24], *p = buf + sizeof buf;
    unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
    do { *--p = (char)('0' + u % 10); u /= 10; } while (u);
    if (v < 0) *--p = '-';
    jb_put(&g->b, p, (size_t)(buf + sizeof buf - p));
}

static void gen_float(gen *g, double d)
{
    char buf[64];
    int n = sp_float_fmt(d, buf);
    if (!isfinite(d) && !g->st->allow_nan)
        sp_raise(sp_json_eGeneratorError, "%s not allowed in JSON", buf);
    jb_put(&g->b, buf, (size_t)n);
}

/* ------------------------------------------------------------------ */
/* Containers                                                          */

static long enter(gen *g)
{
    long depth = ++g->st->depth;
    if (g->st->max_nesting && depth > g->st->max_nesting) {
        long d = --g->st->depth;
        sp_raise(sp_json_eNestingError, "nesting of %ld is too deep", d);
    }
    SP_POLL_ENTRY();
    return depth;
}

static void put_indent(gen *g, long depth)
{
    if (g->indent.n == 0) return;
    for (long j = 0; j < depth; j++) jb_put(&g->b, g->indent.p, g->indent.n);
}

static void gen_array(gen *g, sp_value ary)
{
    long depth = enter(g);
    jstate *st = g->st;
    long n = sp_ary_len(ary);
    if (n == 0) {
        st->depth--;
        jb_put(&g->b, "[]", 2);
        return;
    }
    int nl = g->array_nl.n != 0;
    jb_putc(&g->b, '[');
    if (nl) jb_f(&g->b, g->array_nl);
    for (long i = 0; i < sp_ary_len(ary); i++) {
        if (i > 0) {
            jb_putc(&g->b, ',');
            if (nl) jb_f(&g->b, g->array_nl);
        }
        put_indent(g, depth);
        gen_value(g, sp_ary_entry(ary, i));
    }
    depth = --st->depth;
    if (nl) {
        jb_f(&g->b, g->array_nl);
        put_indent(g, depth);
    }
    jb_putc(&g->b, ']');
}

struct pair_arg { gen *g; long depth, i; };

static int gen_pair(sp_value k, sp_value v, void *argp)
{
    struct pair_arg *a = argp;
    gen *g = a->g;
    if (a->i++ > 0) jb_putc(&g->b, ',');
    jb_f(&g->b, g->object_nl);
    put_indent(g, a->depth);
    sp_value ks;
    if (SP_SYMBOL_P(k)) {
        sp_id id = SP_SYM2ID(k);
        ks = sp_str_new(sp_id_name(id), sp_id_len(id));
    } else if (SP_HEAP_P(k) && SP_HDR(k)->klass == (sp_class *)sp_cString) {
        ks = k;
    } else {
        ks = sp_to_s(k);
    }
    gen_string(g, ks);
    jb_f(&g->b, g->space_before);
    jb_putc(&g->b, ':');
    jb_f(&g->b, g->space);
    gen_value(g, v);
    return 0;
}

static void gen_object(gen *g, sp_value h)
{
    long depth = enter(g);
    jstate *st = g->st;
    if (sp_hash_size(h) == 0) {
        st->depth--;
        jb_put(&g->b, "{}", 2);
        return;
    }
    jb_putc(&g->b, '{');
    struct pair_arg a = { g, depth, 0 };
    sp_hash_foreach(h, gen_pair, &a);
    depth = --st->depth;
    if (g->object_nl.n) {
        jb_f(&g->b, g->object_nl);
        put_indent(g, depth);
    }
    jb_putc(&g->b, '}');
}

/* ------------------------------------------------------------------ */
/* Values                                                              */

SP_METHOD_DECL(obj_to_json);

static void gen_general(gen *g, sp_value obj)
{
    if (g->st->strict)
        sp_raise(sp_json_eGeneratorError, "%s not allowed in JSON",   /* CLASS_OF(obj), as json 2.9.1 */
                 sp_str_cstr(sp_inspect((sp_value)sp_class_of(obj))));
    sp_method *m = sp_find_method(sp_class_of(obj), id_to_json);
    if (m && m->kind == SP_MK_CFUNC && m->fn == obj_to_json) {
        gen_root(g, obj);
    } else if (m) {
        sp_value r = sp_funcall(obj, id_to_json, 1, &g->vstate, SP_NIL);
        if (!sp_str_p(r))
            sp_raise(sp_eTypeError, "wrong argument type %s (expected String)", sp_obj_classname(r));
        jb_str(&g->b, r);
    } else {
        gen_string(g, sp_to_s(obj));
    }
}

static int exact(sp_value v, sp_value klass) { return SP_HDR(v)->klass == (sp_class *)klass; }

static void gen_value(gen *g, sp_value obj)
{
    if (obj == SP_NIL) { jb_put(&g->b, "null", 4); return; }
    if (obj == SP_TRUE) { jb_put(&g->b, "true", 4); return; }
    if (obj == SP_FALSE) { jb_put(&g->b, "false", 5); return; }
    if (SP_FIXNUM_P(obj)) { gen_fixnum(g, SP_FIX2LONG(obj)); return; }
    if (SP_FLONUM_P(obj)) { gen_float(g, sp_float_value(obj)); return; }
    if (SP_HEAP_P(obj)) {
        switch (SP_TYPE(obj)) {
        case SP_T_STRING: if (exact(obj, sp_cString)) { gen_string(g, obj); return; } break;
        case SP_T_HASH: if (exact(obj, sp_cHash)) { gen_object(g, obj); return; } break;
        case SP_T_ARRAY: if (exact(obj, sp_cArray)) { gen_array(g, obj); return; } break;
        case SP_T_FLOAT: gen_float(g, sp_float_value(obj)); return;
        case SP_T_BIGNUM: jb_str(&g->b, sp_to_s(obj)); return;
        default: break;
        }
    }
    gen_general(g, obj);
}

/* The builtin to_json of obj: by its representation, whatever its class. */
static void gen_root(gen *g, sp_value obj)
{
    if (SP_HEAP_P(obj)) {
        switch (SP_TYPE(obj)) {
        case SP_T_STRING: gen_string(g, obj); return;
        case SP_T_HASH: gen_object(g, obj); return;
        case SP_T_ARRAY: gen_array(g, obj); return;
        case SP_T_FLOAT: case SP_T_BIGNUM: gen_value(g, obj); return;
        default: gen_string(g, sp_to_s(obj)); return;
        }
    }
    if (obj == SP_NIL || obj == SP_TRUE || obj == SP_FALSE || SP_FIXNUM_P(obj) || SP_FLONUM_P(obj)) {
        gen_value(g, obj);
        return;
    }
    gen_string(g, sp_to_s(obj));
}

static void gen_free(sp_ec *ec, sp_value arg)
{
    (void)ec;
    free(((gen *)(uintptr_t)arg)->b.p);
}

static sp_value finish(gen *g)
{
    sp_pop_handler(sp_ec_current(), &g->cleanup);
    sp_value s = sp_str_new(g->b.p ? g->b.p : "", g->b.len);
    free(g->b.p);
    return s;
}

/* Pair with finish(). */
static void gen_init(gen *g, sp_value state)
{
    sp_push_cleanup(sp_ec_current(), &g->cleanup, gen_free, (sp_value)(uintptr_t)g);
    g->vstate = state;
    g->st = ST(state);
    g->b.p = NULL;
    g->b.len = g->b.cap = 0;
    g->indent.p = sp_str_snap(g->st->indent, &g->indent.n);
    g->space.p = sp_str_snap(g->st->space, &g->space.n);
    g->space_before.p = sp_str_snap(g->st->space_before, &g->space_before.n);
    g->object_nl.p = sp_str_snap(g->st->object_nl, &g->object_nl.n);
    g->array_nl.p = sp_str_snap(g->st->array_nl, &g->array_nl.n);
}

sp_value sp_json_generate(sp_value obj, sp_value state)
{
    gen g;
    gen_init(&g, state);
    gen_value(&g, obj);
    return finish(&g);
}

/* ------------------------------------------------------------------ */
/* JSON::State                                                         */

static sp_value empty_str(void) { return sp_str_new_frozen("", 0); }

static sp_value state_alloc(sp_value klass)
{
    jstate *s = sp_alloc(sizeof(jstate), klass, SP_T_DATA);
    s->indent = s->space = s->space_before = s->object_nl = s->array_nl = empty_str();
    s->max_nesting = 100;
    s->depth = 0;
    s->buffer_initial_length = 1024;
    s->allow_nan = s->ascii_only = s->script_safe = s->strict = 0;
    return (sp_value)s;
}

static int state_p(sp_value v)
{
    return SP_HEAP_P(v) && SP_TYPE(v) == SP_T_DATA && sp_obj_is_kind_of(v, sp_json_cState);
}

static sp_value str_opt(sp_value v)
{
    v = sp_str_to_str(v);
    return sp_str_new_frozen(sp_str_ptr(v), sp_str_len(v));
}

static void state_configure(sp_value self, sp_value opts)
{
    jstate *s = ST(self);
    sp_value v;
    if (opts == SP_NIL) return;
    if (!sp_hash_p(opts)) {
        if (sp_respond_to(opts, sp_intern("to_hash"), 0)) opts = sp_funcall0(opts, "to_hash");
        else if (sp_respond_to(opts, sp_intern("to_h"), 0)) opts = sp_funcall0(opts, "to_h");
        else sp_raise(sp_eTypeError, "can't convert %s into Hash", sp_obj_classname(opts));
    }
#define STR_OPT(name) if ((v = sp_json_opt(opts, #name)) != SP_UNDEF) s->name = v == SP_NIL ? empty_str() : str_opt(v)
    STR_OPT(indent);
    STR_OPT(space);
    STR_OPT(space_before);
    STR_OPT(object_nl);
    STR_OPT(array_nl);
#undef STR_OPT
    if ((v = sp_json_opt(opts, "max_nesting")) != SP_UNDEF) s->max_nesting = SP_RTEST(v) ? sp_num_to_long(v) : 0;
    if ((v = sp_json_opt(opts, "depth")) != SP_UNDEF) s->depth = SP_RTEST(v) ? sp_num_to_long(v) : 0;
    if ((v = sp_json_opt(opts, "buffer_initial_length")) != SP_UNDEF && SP_FIXNUM_P(v) && SP_FIX2LONG(v) > 0)
        s->buffer_initial_length = SP_FIX2LONG(v);
    if ((v = sp_json_opt(opts, "allow_nan")) != SP_UNDEF) s->allow_nan = SP_RTEST(v);
    if ((v = sp_json_opt(opts, "ascii_only")) != SP_UNDEF) s->ascii_only = SP_RTEST(v);
    if ((v = sp_json_opt(opts, "script_safe")) != SP_UNDEF) s->script_safe = SP_RTEST(v);
    if ((v = sp_json_opt(opts, "escape_slash")) != SP_UNDEF) s->script_safe = SP_RTEST(v);
    if ((v = sp_json_opt(opts, "strict")) != SP_UNDEF) s->strict = SP_RTEST(v);
}

sp_value sp_json_state_for(sp_value opts, int pretty)
{
    if (!pretty && state_p(opts)) return opts;
    sp_value st = state_alloc(sp_json_cState);
    if (pretty) {
        ST(st)->indent = sp_str_new_frozen("  ", 2);
        ST(st)->space = sp_str_new_frozen(" ", 1);
        ST(st)->object_nl = sp_str_new_frozen("\n", 1);
        ST(st)->array_nl = sp_str_new_frozen("\n", 1);
    }
    if (state_p(opts)) {
        jstate *o = ST(opts), *s = ST(st);
        s->indent = o->indent; s->space = o->space; s->space_before = o->space_before;
        s->object_nl = o->object_nl; s->array_nl = o->array_nl;
        s->max_nesting = o->max_nesting; s->depth = o->depth;
        s->allow_nan = o->allow_nan; s->ascii_only = o->ascii_only;
        s->script_safe = o->script_safe; s->strict = o->strict;
    } else {
        state_configure(st, opts);
    }
    return st;
}

SP_METHOD(st_initialize)
{
    (void)blk;
    if (argc > 1) sp_raise_arity(argc, 0, 1);
    if (argc == 1) state_configure(self, argv[0]);
    return SP_NIL;
}
SP_METHOD(st_configure)
{
    (void)blk;
    if (argc != 1) sp_raise_arity(argc, 1, 1);
    state_configure(self, argv[0]);
    return self;
}
SP_METHOD(st_generate)
{
    (void)blk;
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    sp_value s = sp_json_generate(argv[0], self);
    if (argc == 2 && argv[1] != SP_NIL) {
        sp_funcall1(argv[1], "write", s);
        return argv[1];
    }
    return s;
}
SP_METHOD(st_s_generate)
{
    (void)self; (void)blk;
    if (argc < 1 || argc > 3) sp_raise_arity(argc, 1, 3);
    sp_value st = sp_json_state_for(argc > 1 ? argv[1] : SP_NIL, 0);
    sp_value s = sp_json_generate(argv[0], st);
    if (argc == 3 && argv[2] != SP_NIL) { sp_funcall1(argv[2], "write", s); return argv[2]; }
    return s;
}
SP_METHOD(st_s_from_state)
{
    (void)self; (void)blk;
    if (argc != 1) sp_raise_arity(argc, 1, 1);
    return sp_json_state_for(argv[0], 0);
}

#define STR_ATTR(name) \
    SP_METHOD(st_##name) { (void)argc_; (void)argv; (void)blk; return sp_str_dup(ST(self)->name); } \
    SP_METHOD(st_set_##name) { (void)argc_; (void)blk; sp_check_frozen(self); \
        ST(self)->name = argv[0] == SP_NIL ? empty_str() : str_opt(argv[0]); return argv[0]; }
STR_ATTR(indent)
STR_ATTR(space)
STR_ATTR(space_before)
STR_ATTR(object_nl)
STR_ATTR(array_nl)
#undef STR_ATTR

#define FLAG_ATTR(name) \
    SP_METHOD(st_##name##_p) { (void)argc_; (void)argv; (void)blk; return SP_BOOL(ST(self)->name); } \
    SP_METHOD(st_set_##name) { (void)argc_; (void)blk; sp_check_frozen(self); \
        ST(self)->name = SP_RTEST(argv[0]); return argv[0]; }
FLAG_ATTR(allow_nan)
FLAG_ATTR(ascii_only)
FLAG_ATTR(script_safe)
FLAG_ATTR(strict)
#undef FLAG_ATTR

SP_METHOD(st_max_nesting) { (void)argc_; (void)argv; (void)blk; return sp_int_new(ST(self)->max_nesting); }
SP_METHOD(st_set_max_nesting) { (void)argc_; (void)blk; ST(self)->max_nesting = sp_num_to_long(argv[0]); return argv[0]; }
SP_METHOD(st_depth) { (void)argc_; (void)argv; (void)blk; return sp_int_new(ST(self)->depth); }
SP_METHOD(st_set_depth) { (void)argc_; (void)blk; ST(self)->depth = sp_num_to_long(argv[0]); return argv[0]; }
SP_METHOD(st_check_circular) { (void)argc_; (void)argv; (void)blk; return SP_BOOL(ST(self)->max_nesting != 0); }
SP_METHOD(st_buffer_initial_length) { (void)argc_; (void)argv; (void)blk; return sp_int_new(ST(self)->buffer_initial_length); }

SP_METHOD(st_to_h)
{
    (void)argc_; (void)argv; (void)blk;
    jstate *s = ST(self);
    sp_value h = sp_hash_new();
    sp_hash_aset(h, sp_sym("indent"), sp_str_dup(s->indent));
    sp_hash_aset(h, sp_sym("space"), sp_str_dup(s->space));
    sp_hash_aset(h, sp_sym("space_before"), sp_str_dup(s->space_before));
    sp_hash_aset(h, sp_sym("object_nl"), sp_str_dup(s->object_nl));
    sp_hash_aset(h, sp_sym("array_nl"), sp_str_dup(s->array_nl));
    sp_hash_aset(h, sp_sym("allow_nan"), SP_BOOL(s->allow_nan));
    sp_hash_aset(h, sp_sym("ascii_only"), SP_BOOL(s->ascii_only));
    sp_hash_aset(h, sp_sym("max_nesting"), sp_int_new(s->max_nesting));
    sp_hash_aset(h, sp_sym("script_safe"), SP_BOOL(s->script_safe));
    sp_hash_aset(h, sp_sym("strict"), SP_BOOL(s->strict));
    sp_hash_aset(h, sp_sym("depth"), sp_int_new(s->depth));
    sp_hash_aset(h, sp_sym("buffer_initial_length"), sp_int_new(s->buffer_initial_length));
    return h;
}

/* State#[name]: the option of that name (instance variables in CRuby
 * for unknown ones; those are not kept here, so nil). */
SP_METHOD(st_aref)
{
    (void)blk;
    if (argc != 1) sp_raise_arity(argc, 1, 1);
    sp_value name = SP_SYMBOL_P(argv[0]) ? argv[0] : SP_ID2SYM(sp_intern(sp_str_cstr(sp_to_s(argv[0]))));
    sp_value h = st_to_h(self, 0, NULL, SP_NIL);
    return sp_hash_lookup(h, name, SP_NIL);
}

/* ------------------------------------------------------------------ */
/* #to_json                                                            */

/* obj.to_json(state = nil, *): the generator with obj as the root. */
SP_METHOD(obj_to_json)
{
    (void)blk;
    sp_value st = sp_json_state_for(argc > 0 ? argv[0] : SP_NIL, 0);
    gen g;
    gen_init(&g, st);
    gen_root(&g, self);
    return finish(&g);
}

void sp_json_init_generator(void)
{
    id_to_json = sp_intern("to_json");
    for (int c = 0; c < 0x20; c++) esc_tab[c] = 1;
    esc_tab['"'] = esc_tab['\\'] = 1;

    sp_value ext = sp_const_get(sp_json_mJSON, sp_intern("Ext"));
    sp_value genm = sp_define_module_under(ext, "Generator");
    sp_value S = sp_json_cState = sp_define_class_under(genm, "State", sp_cObject);
    sp_define_const(sp_json_mJSON, "State", S);
    sp_class_set_allocator(S, state_alloc);
    sp_define_method(S, "initialize", st_initialize, -1);
    sp_define_method(S, "configure", st_configure, -1);
    sp_define_alias(S, "merge", "configure");
    sp_define_method(S, "generate", st_generate, -1);
    sp_define_singleton_method(S, "generate", st_s_generate, -1);
    sp_define_singleton_method(S, "from_state", st_s_from_state, -1);
#define DEF_STR(name) sp_define_method(S, #name, st_##name, 0); sp_define_method(S, #name "=", st_set_##name, 1)
    DEF_STR(indent);
    DEF_STR(space);
    DEF_STR(space_before);
    DEF_STR(object_nl);
    DEF_STR(array_nl);
#undef DEF_STR
#define DEF_FLAG(name) sp_define_method(S, #name "?", st_##name##_p, 0); sp_define_method(S, #name "=", st_set_##name, 1)
    DEF_FLAG(allow_nan);
    DEF_FLAG(ascii_only);
    DEF_FLAG(script_safe);
    DEF_FLAG(strict);
#undef DEF_FLAG
    sp_define_alias(S, "escape_slash?", "script_safe?");
    sp_define_alias(S, "escape_slash=", "script_safe=");
    sp_define_method(S, "max_nesting", st_max_nesting, 0);
    sp_define_method(S, "max_nesting=", st_set_max_nesting, 1);
    sp_define_method(S, "depth", st_depth, 0);
    sp_define_method(S, "depth=", st_set_depth, 1);
    sp_define_method(S, "check_circular?", st_check_circular, 0);
    sp_define_method(S, "buffer_initial_length", st_buffer_initial_length, 0);
    sp_define_method(S, "to_h", st_to_h, 0);
    sp_define_alias(S, "to_hash", "to_h");
    sp_define_method(S, "[]", st_aref, -1);

    sp_define_method(sp_cObject, "to_json", obj_to_json, -1);
}
